//! Several devices: choosing them, copies between them, splitting an array across them.
//!
//! Devices are chosen by ordinal (`"1"`), sub-device (`"1.0"`), kind (`"gpu"`, `"cpu"`) or a
//! part of their name ([`select_device`], [`select_devices`]). Arrays live on any device of
//! a context (`zeroed_in`, `from_slice_in`); each (context, device, kind) has its own pool,
//! and [`memory_info`](crate::memory_info) reports them one by one
//! ([`MemoryInfo::of_device`](crate::MemoryInfo::of_device)).
//!
//! [`OneArray::copy_from`] and the other array-to-array copies work between devices: on the
//! destination's stream where its device can access the source's memory
//! (`zeDeviceCanAccessPeer`), else on the source's stream where that one can reach the
//! destination, else staged through host memory in chunks of [`PEER_STAGING_CHUNK`].
//! A copy between devices (or contexts) has finished when the call returns, the `_async`
//! forms included: its [`Pending`](crate::Pending) is already complete.
//!
//! ```
//! use onearray::{gather, select_devices, split, OneArray};
//! let devices = select_devices("all")?; // every root device (one on the default CPU driver)
//! let x = OneArray::<f32>::try_from_iter((0..10).map(|i| i as f32))?;
//! let parts = split(&x, &devices)?;
//! assert_eq!(parts.iter().map(|p| p.len()).sum::<usize>(), 10);
//! let mut back = OneArray::<f32>::zeroed(10)?;
//! gather(&parts, &mut back)?;
//! assert_eq!(back.to_vec()?, x.to_vec()?);
//! # Ok::<(), onearray::Error>(())
//! ```

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer};
use crate::pool::block::Block;
use bytemuck::Pod;
use level_zero::{Commands, Deps, Device, DeviceKind, MemoryKind, Retained, Token};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Bytes staged through host memory at a time when two devices cannot reach each other.
pub const PEER_STAGING_CHUNK: usize = 8 << 20;

static DIRECT: AtomicUsize = AtomicUsize::new(0);
static STAGED: AtomicUsize = AtomicUsize::new(0);
static DIRECT_BYTES: AtomicUsize = AtomicUsize::new(0);
static STAGED_BYTES: AtomicUsize = AtomicUsize::new(0);

/// Copies between devices or contexts made so far (in this process): how they went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeerCopyStats {
    /// Copies one device made itself, reaching the other's memory (peer access).
    pub direct: usize,
    /// Their bytes.
    pub direct_bytes: usize,
    /// Copies staged through host memory (no peer access, or different contexts).
    pub staged: usize,
    /// Their bytes.
    pub staged_bytes: usize,
}

/// The counters of copies between devices (see [`PeerCopyStats`]).
pub fn peer_copy_stats() -> PeerCopyStats {
    PeerCopyStats {
        direct: DIRECT.load(Ordering::Relaxed),
        direct_bytes: DIRECT_BYTES.load(Ordering::Relaxed),
        staged: STAGED.load(Ordering::Relaxed),
        staged_bytes: STAGED_BYTES.load(Ordering::Relaxed),
    }
}

fn count(copies: &AtomicUsize, total: &AtomicUsize, bytes: usize) {
    copies.fetch_add(1, Ordering::Relaxed);
    total.fetch_add(bytes, Ordering::Relaxed);
}

/// Which devices to use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceSelector {
    /// Every root device (`"all"` or `"*"`).
    All,
    /// A root device by its index in the default driver (`"1"`).
    Ordinal(usize),
    /// A sub-device: root index, then index among its sub-devices (`"1.0"`).
    Sub(usize, usize),
    /// Every root device of a kind (`"gpu"`, `"cpu"`, `"fpga"`, `"mca"`, `"vpu"`).
    Kind(DeviceKind),
    /// Every root device or sub-device whose name contains this (case-insensitive).
    Name(String),
}

impl std::str::FromStr for DeviceSelector {
    type Err = std::convert::Infallible;

    /// `"all"`, `"1"`, `"1.0"`, a kind, else a part of a name.
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        let t = s.trim();
        let kind = match t.to_ascii_lowercase().as_str() {
            "all" | "*" => return Ok(DeviceSelector::All),
            "gpu" => Some(DeviceKind::Gpu),
            "cpu" => Some(DeviceKind::Cpu),
            "fpga" => Some(DeviceKind::Fpga),
            "mca" => Some(DeviceKind::Mca),
            "vpu" => Some(DeviceKind::Vpu),
            _ => None,
        };
        if let Some(k) = kind {
            return Ok(DeviceSelector::Kind(k));
        }
        if let Ok(i) = t.parse() {
            return Ok(DeviceSelector::Ordinal(i));
        }
        if let Some((a, b)) = t.split_once('.') {
            if let (Ok(a), Ok(b)) = (a.parse(), b.parse()) {
                return Ok(DeviceSelector::Sub(a, b));
            }
        }
        Ok(DeviceSelector::Name(t.to_string()))
    }
}

impl From<&str> for DeviceSelector {
    fn from(s: &str) -> Self {
        match s.parse() {
            Ok(sel) => sel,
            Err(never) => match never {},
        }
    }
}

impl From<usize> for DeviceSelector {
    fn from(i: usize) -> Self {
        DeviceSelector::Ordinal(i)
    }
}

impl From<DeviceKind> for DeviceSelector {
    fn from(k: DeviceKind) -> Self {
        DeviceSelector::Kind(k)
    }
}

/// The root devices of the default driver, in order (the default device is the first).
pub fn devices() -> Result<Vec<Device>> {
    Ok(level_zero::default_driver()?.devices()?)
}

/// Every device `selector` names, in order; an error naming the available devices if none.
///
/// ```
/// let all = onearray::select_devices("all")?;
/// assert_eq!(onearray::select_devices(0usize)?, all[..1]);
/// assert!(onearray::select_devices("no such device").is_err());
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn select_devices(selector: impl Into<DeviceSelector>) -> Result<Vec<Device>> {
    let selector = selector.into();
    let roots = devices()?;
    let found = match &selector {
        DeviceSelector::All => roots.clone(),
        DeviceSelector::Ordinal(i) => roots.get(*i).cloned().into_iter().collect(),
        DeviceSelector::Sub(i, j) => match roots.get(*i) {
            Some(root) => root.subdevices()?.get(*j).cloned().into_iter().collect(),
            None => Vec::new(),
        },
        DeviceSelector::Kind(k) => {
            let mut v = Vec::new();
            for d in &roots {
                if d.properties()?.kind == *k {
                    v.push(d.clone());
                }
            }
            v
        }
        DeviceSelector::Name(part) => {
            let part = part.to_lowercase();
            let mut v = Vec::new();
            for root in &roots {
                for d in std::iter::once(root.clone()).chain(root.subdevices()?) {
                    if d.properties()?.name.to_lowercase().contains(&part) {
                        v.push(d);
                    }
                }
            }
            v
        }
    };
    if found.is_empty() {
        let mut names = Vec::new();
        for (i, d) in roots.iter().enumerate() {
            names.push(format!(
                "{i}: {} ({} sub-devices)",
                d.properties()?.name,
                d.subdevices()?.len()
            ));
        }
        return Err(Error::NoDevice {
            selector: format!("{selector:?}"),
            available: names.join(", "),
        });
    }
    Ok(found)
}

/// The first device `selector` names.
///
/// ```
/// let dev = onearray::select_device("0")?;
/// let a = onearray::OneArray::<u8>::zeroed_in(&level_zero::default_context()?, &dev, 4)?;
/// assert_eq!(a.device(), &dev);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn select_device(selector: impl Into<DeviceSelector>) -> Result<Device> {
    Ok(select_devices(selector)?.swap_remove(0))
}

/// Whether `engine`'s commands can read or write `block`'s memory.
fn reaches(engine: &Device, block: &Block) -> Result<bool> {
    Ok(block.alloc().kind() != MemoryKind::Device
        || engine == block.device()
        || engine.can_access_peer(block.device())?)
}

/// Whether a copy between `a` and `b` runs on one stream (same context and device).
pub(crate) fn same_stream(a: &Block, b: &Block) -> bool {
    a.context() == b.context() && a.device() == b.device()
}

/// Copies `bytes` from `src` at `s_off` to `dst` at `d_off` when they are on different
/// devices or contexts, and waits for it; returns the destination stream's last token.
pub(crate) fn copy_across(
    dst: &Block,
    d_off: usize,
    src: &Block,
    s_off: usize,
    bytes: usize,
) -> Result<Token> {
    let copy = |l: &mut level_zero::ImmediateCommandList| {
        if bytes == 0 {
            return Ok(());
        }
        l.copy(dst.alloc(), d_off, src.alloc(), s_off, bytes, Deps::NONE)
    };
    if dst.context() == src.context() {
        if reaches(dst.device(), src)? {
            src.on_stream(true, |_| Ok(()))?;
            dst.on_stream(true, copy)?;
            count(&DIRECT, &DIRECT_BYTES, bytes);
            return last_token(dst);
        }
        if reaches(src.device(), dst)? {
            dst.on_stream(true, |_| Ok(()))?;
            src.on_stream(true, copy)?;
            count(&DIRECT, &DIRECT_BYTES, bytes);
            return last_token(dst);
        }
    }
    staged(dst, d_off, src, s_off, bytes)?;
    count(&STAGED, &STAGED_BYTES, bytes);
    last_token(dst)
}

fn last_token(b: &Block) -> Result<Token> {
    Ok(level_zero::with_stream(b.context(), b.device(), |l| {
        Ok(l.last_token())
    })?)
}

/// Through host memory, a chunk at a time: pinned host memory from the pool when both are in
/// one context, else a plain buffer (host memory of one context is pageable to another).
fn staged(dst: &Block, d_off: usize, src: &Block, s_off: usize, bytes: usize) -> Result<()> {
    let chunk = bytes.min(PEER_STAGING_CHUNK);
    if chunk == 0 {
        return Ok(());
    }
    let mut plain = Vec::new();
    let pinned = if dst.context() == src.context() {
        let pool = crate::pool::pool_for(dst.context(), dst.device(), MemoryKind::Host);
        Some(pool.allocate(chunk, 64)?)
    } else {
        plain = vec![0u8; chunk];
        None
    };
    let bounce: *mut u8 = match &pinned {
        Some(b) => b.alloc().as_ptr().cast(),
        None => plain.as_mut_ptr(),
    };
    let keep = |b: &Block| -> Vec<Retained> {
        let mut v = vec![Arc::new(b.alloc().clone()) as Retained];
        if let Some(p) = &pinned {
            v.push(Arc::new(p.alloc().clone()));
        }
        v
    };
    let (sp, dp) = (
        src.alloc().as_ptr().cast::<u8>(),
        dst.alloc().as_ptr().cast::<u8>(),
    );
    let mut done = 0;
    while done < bytes {
        let n = chunk.min(bytes - done);
        src.on_stream(true, |l| {
            // SAFETY: the source range was checked by the caller and is retained; the bounce
            // buffer (pinned, retained, or `plain`, alive for this function) holds `chunk`
            // bytes; the call waits for the copy.
            unsafe {
                l.copy_raw(
                    bounce.cast(),
                    sp.wrapping_add(s_off + done).cast(),
                    n,
                    Deps::NONE,
                    keep(src),
                )
            }
        })?;
        dst.on_stream(true, |l| {
            // SAFETY: as above, the other way; the caller checked the destination range and
            // holds it mutably.
            unsafe {
                l.copy_raw(
                    dp.wrapping_add(d_off + done).cast(),
                    bounce.cast(),
                    n,
                    Deps::NONE,
                    keep(dst),
                )
            }
        })?;
        done += n;
    }
    Ok(())
}

/// The rows of part `i` of `rows` split into `n` (earlier parts take the remainder).
fn part_rows(rows: usize, n: usize, i: usize) -> std::ops::Range<usize> {
    let (q, r) = (rows / n, rows % n);
    let start = i * q + i.min(r);
    start..start + q + usize::from(i < r)
}

/// Splits `src` along its first axis into one device array per device, in order, as even as
/// the rows allow, each on its device in `src`'s context; [`gather`] puts the parts back.
pub fn split<T: Pod, B: BufferKind>(
    src: &OneArray<T, B>,
    devices: &[Device],
) -> Result<Vec<OneArray<T, DeviceBuffer>>> {
    if devices.is_empty() {
        return Err(Error::NoDevice {
            selector: "split over no device".into(),
            available: String::new(),
        });
    }
    let shape = src.shape().to_vec();
    let rows = shape.first().copied().unwrap_or(1);
    let row = src.len().checked_div(rows).unwrap_or(0);
    let mut parts = Vec::with_capacity(devices.len());
    for (i, dev) in devices.iter().enumerate() {
        let r = part_rows(rows, devices.len(), i);
        let mut part = OneArray::<T>::zeroed_in(src.context(), dev, r.len() * row)?;
        part.copy_range_from(0, src, r.start * row..r.end * row)?;
        if shape.len() > 1 {
            let mut s = shape.clone();
            s[0] = r.len();
            part = part.reshape(&s)?;
        }
        parts.push(part);
    }
    Ok(parts)
}

/// Copies `parts` back into `dst`, one after the other (the inverse of [`split`]); their
/// lengths must add up to `dst`'s.
pub fn gather<T: Pod, B: BufferKind, B2: BufferKind>(
    parts: &[OneArray<T, B2>],
    dst: &mut OneArray<T, B>,
) -> Result<()> {
    let total: usize = parts.iter().map(|p| p.len()).sum();
    if total != dst.len() {
        return Err(Error::LengthMismatch {
            dst: dst.len(),
            src: total,
        });
    }
    let mut at = 0;
    for p in parts {
        dst.copy_range_from(at, p, 0..p.len())?;
        at += p.len();
    }
    Ok(())
}
