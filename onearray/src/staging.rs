//! The staging ring: large uploads from pageable host memory into device arrays go through
//! two pinned host USM buffers, double buffered. While the device copies chunk `k - 1` out of
//! one buffer, the host copies chunk `k` into the other; a buffer is overwritten only after
//! the device copy that last read it has completed (its stream token). Small uploads (below
//! [`STAGING_THRESHOLD`]) keep the direct path.
//!
//! The buffers are allocated once per (context, device) and cached; an upload takes a ring
//! from the cache (a new one if another thread is using it) and puts it back when done.
//! [`trim_staging`] hands the idle rings back to the driver.
//!
//! By default only GPUs stage (see [`staging_enabled`]); it can be forced either way.
//!
//! ```
//! use onearray::OneArray;
//! let data: Vec<u8> = (0..(3 << 20)).map(|i| (i % 251) as u8).collect();
//! onearray::set_staging_enabled(Some(true));
//! let a = OneArray::<u8>::from_slice(&data)?; // 3 MiB: staged
//! assert_eq!(a.to_vec()?, data);
//! assert!(onearray::staging_stats().uploads >= 1);
//! onearray::set_staging_enabled(Some(false)); // direct
//! assert_eq!(OneArray::<u8>::from_slice(&data)?.to_vec()?, data);
//! onearray::set_staging_enabled(None); // per device again
//! # Ok::<(), onearray::Error>(())
//! ```

use level_zero::{
    Allocation, Commands, Context, Deps, Device, ImmediateCommandList, Result, Retained,
};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

/// Uploads of at least this many bytes into device arrays are staged.
pub const STAGING_THRESHOLD: usize = 1 << 20;
/// Size of each of the two pinned staging buffers (and of the chunks).
pub const STAGING_CHUNK: usize = 4 << 20;

static ENABLED: AtomicU8 = AtomicU8::new(0);
static UPLOADS: AtomicU64 = AtomicU64::new(0);
static CHUNKS: AtomicU64 = AtomicU64::new(0);
static WAITS: AtomicU64 = AtomicU64::new(0);

/// The idle rings, each with its (context, device).
static RINGS: Mutex<Vec<Ring>> = Mutex::new(Vec::new());

/// Counters of the staged uploads since the process started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StagingStats {
    /// Uploads that went through the ring.
    pub uploads: u64,
    /// Chunks copied through it.
    pub chunks: u64,
    /// Times the host had to wait for the device to finish reading a buffer before
    /// refilling it.
    pub buffer_waits: u64,
}

/// Whether large uploads are staged: `Some(on)` when forced by [`set_staging_enabled`] or env
/// `ONEARRAY_STAGING=1`/`0`; `None` (the default) decides per device: staged on GPUs, whose
/// copy engines read pinned memory faster than pageable memory; direct on other devices (on
/// the CPU driver staging only adds a second copy: 0.6× the direct bandwidth measured).
pub fn staging_enabled() -> Option<bool> {
    let state = match ENABLED.load(Ordering::Relaxed) {
        0 => {
            let from_env = match std::env::var("ONEARRAY_STAGING").ok().as_deref() {
                Some("0") => 2,
                Some("1") => 1,
                _ => 3,
            };
            let _ = ENABLED.compare_exchange(0, from_env, Ordering::Relaxed, Ordering::Relaxed);
            ENABLED.load(Ordering::Relaxed)
        }
        state => state,
    };
    match state {
        1 => Some(true),
        2 => Some(false),
        _ => None,
    }
}

/// Forces the staging ring on or off for later uploads (`None`: per device, the default).
pub fn set_staging_enabled(on: Option<bool>) {
    ENABLED.store(
        match on {
            Some(true) => 1,
            Some(false) => 2,
            None => 3,
        },
        Ordering::Relaxed,
    );
}

/// The staging counters.
pub fn staging_stats() -> StagingStats {
    StagingStats {
        uploads: UPLOADS.load(Ordering::Relaxed),
        chunks: CHUNKS.load(Ordering::Relaxed),
        buffer_waits: WAITS.load(Ordering::Relaxed),
    }
}

/// Hands the idle staging buffers back to the driver; returns the bytes.
pub fn trim_staging() -> usize {
    let rings = std::mem::take(&mut *RINGS.lock().unwrap_or_else(|e| e.into_inner()));
    rings
        .iter()
        .flat_map(|r| r.bufs.iter())
        .map(|b| b.size())
        .sum()
}

/// Whether an upload of `bytes` into memory of `pool` should be staged.
pub(crate) fn wanted(bytes: usize, pool: &crate::pool::Pool) -> bool {
    bytes >= STAGING_THRESHOLD && staging_enabled().unwrap_or_else(|| pool.is_gpu())
}

pub(crate) struct Ring {
    ctx: Context,
    dev: Device,
    bufs: [Allocation; 2],
}

fn take_ring(ctx: &Context, dev: &Device) -> Result<Ring> {
    {
        let mut rings = RINGS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = rings.iter().position(|r| r.ctx == *ctx && r.dev == *dev) {
            return Ok(rings.swap_remove(i));
        }
    }
    static AT_SHUTDOWN: std::sync::Once = std::sync::Once::new();
    AT_SHUTDOWN.call_once(|| {
        // Given back before the contexts they belong to are destroyed at exit.
        level_zero::at_shutdown(level_zero::ShutdownStage::Trim, || {
            trim_staging();
        });
    });
    let page = 4096;
    Ok(Ring {
        ctx: ctx.clone(),
        dev: dev.clone(),
        bufs: [
            Allocation::host(ctx, STAGING_CHUNK, page)?,
            Allocation::host(ctx, STAGING_CHUNK, page)?,
        ],
    })
}

/// The two pinned buffers of a ring of `(ctx, dev)` (each [`STAGING_CHUNK`] bytes, host
/// USM), taken from the cache, for pipelines other than uploads (the `mpi` module's staged
/// transfers). Give it back with [`return_ring`] once no command uses the buffers; a ring
/// dropped instead is freed (its pending copies keep the buffers alive).
#[cfg(feature = "mpi")]
pub(crate) fn lease_ring(ctx: &Context, dev: &Device) -> Result<Ring> {
    take_ring(ctx, dev)
}

/// Puts a leased ring back in the cache: no command may use its buffers.
#[cfg(feature = "mpi")]
pub(crate) fn return_ring(ring: Ring) {
    RINGS.lock().unwrap_or_else(|e| e.into_inner()).push(ring);
}

#[cfg(feature = "mpi")]
impl Ring {
    pub(crate) fn bufs(&self) -> &[Allocation; 2] {
        &self.bufs
    }
}

/// Uploads `src` to the device address `dst` through the staging ring, on stream `l`,
/// returning when every chunk has been issued (the caller synchronizes). `keep` is what the
/// copies must keep alive (the destination allocation).
///
/// # Safety
/// `dst` must be writable for `src.len()` bytes until the stream has executed the copies, and
/// nothing else may use that range meanwhile.
pub(crate) unsafe fn upload(
    l: &mut ImmediateCommandList,
    ctx: &Context,
    dev: &Device,
    dst: *mut u8,
    src: &[u8],
    keep: &Retained,
) -> Result<()> {
    let ring = match take_ring(ctx, dev) {
        Ok(r) => r,
        Err(e) => {
            // No pinned memory for the ring: the direct path still works.
            log::debug!("no staging ring ({e}); uploading directly");
            // SAFETY: passed on from the caller; `src` is borrowed until the caller
            // synchronizes.
            unsafe {
                l.copy_raw(
                    dst.cast(),
                    src.as_ptr().cast(),
                    src.len(),
                    Deps::NONE,
                    vec![keep.clone()],
                )?
            };
            return Ok(());
        }
    };
    // SAFETY: passed on from the caller.
    let r = unsafe { upload_with(l, &ring, dst, src, keep) };
    match r {
        Ok(()) => {
            // Wait for the last copies before the ring may serve another upload.
            l.synchronize()?;
            RINGS.lock().unwrap_or_else(|e| e.into_inner()).push(ring);
            UPLOADS.fetch_add(1, Ordering::Relaxed);
            Ok(())
        }
        // Copies may still read the buffers (they keep them alive): drop the ring rather
        // than cache it.
        Err(e) => Err(e),
    }
}

/// # Safety
/// As for [`upload`].
unsafe fn upload_with(
    l: &mut ImmediateCommandList,
    ring: &Ring,
    dst: *mut u8,
    src: &[u8],
    keep: &Retained,
) -> Result<()> {
    // The stream position of the last copy that read each buffer (0: none).
    let mut last_read = [0u64; 2];
    for (k, chunk) in src.chunks(STAGING_CHUNK).enumerate() {
        let b = k % 2;
        if last_read[b] != 0 {
            let token = level_zero::Token {
                list: l.last_token().list,
                seq: last_read[b],
            };
            if !l.is_complete(token)? {
                WAITS.fetch_add(1, Ordering::Relaxed);
                l.wait_for(token, None)?;
            }
        }
        let buf = &ring.bufs[b];
        let stage = buf.as_ptr().cast::<u8>();
        // SAFETY: the buffer is host USM of STAGING_CHUNK >= chunk.len() bytes, owned by this
        // ring (taken out of the cache, so no other upload uses it), and the device copy that
        // last read it has completed (waited for above); `chunk` is a distinct host slice.
        unsafe { std::ptr::copy_nonoverlapping(chunk.as_ptr(), stage, chunk.len()) };
        let retain = vec![keep.clone(), Arc::new(buf.clone()) as Retained];
        // SAFETY: `dst + k * STAGING_CHUNK .. + chunk.len()` lies in the caller's writable
        // range; the staging buffer is kept alive by `retain` and not rewritten until this
        // copy's token has completed.
        unsafe {
            l.copy_raw(
                dst.wrapping_add(k * STAGING_CHUNK).cast(),
                stage.cast_const().cast(),
                chunk.len(),
                Deps::NONE,
                retain,
            )?
        };
        last_read[b] = l.last_token().seq;
        CHUNKS.fetch_add(1, Ordering::Relaxed);
    }
    Ok(())
}
