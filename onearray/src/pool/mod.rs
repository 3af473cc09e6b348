//! Pool v1: a caching allocator per (context, device, kind).
//!
//! Requests of up to [`LARGE`] bytes round up to size classes (512 B minimum, then four
//! classes per power of two, so rounding wastes at most 25 % and ~12 % on average). A
//! request whose class has no cached block takes one of the next [`REACH`] classes (up to
//! four times its size) before asking the driver. Larger requests are pieces of segments,
//! best fit with splitting and merging (see `large.rs`: [`LARGE`], [`SEGMENT_ROUND`]);
//! by default (off with [`set_expandable`]), large device blocks are pieces of one virtual
//! range mapped in chunks of up to [`CHUNK`] instead, given back chunk by chunk
//! (`expandable.rs`), where the driver has virtual memory.
//! A freed block goes back to its own class's free list with its last use: blocks no pending command uses are reusable by anyone;
//! device blocks still in use by commands of an in-order stream are reusable at once by
//! allocations on *that* stream (stream-ordered reuse); other blocks wait on a deferred list
//! until their commands complete. Out of memory, the pool climbs a ladder: reclaim completed
//! deferred frees → trim cached blocks → synchronize the stream and reclaim again → retry →
//! [`Error::OutOfMemory`].
//!
//! Idle blocks of up to [`MAG_MAX_BLOCK`] are first cached in a small per-thread magazine
//! that allocation and free use without the pool's lock (see `magazine.rs`); [`trim`] and
//! the out-of-memory ladder empty the magazines of every thread.
//!
//! Statistics stay exact: bytes in use and their peak are atomics updated by every
//! allocation and free (the peak is the maximum over the counter's history), the bytes
//! requested an atomic for the blocks that pass the shared lists and per magazine for the
//! magazines' hits and frees, the other counters under the pool's lock or per magazine, all
//! summed by `stats()` (`snapshot.rs`). While
//! other threads allocate concurrently a snapshot's fields may stem from slightly different
//! instants; each is in range (no more frees than allocations are ever counted).
//!
//! Beside this file: `large.rs` and `segments.rs` (large blocks), `expandable.rs`,
//! `magazine.rs` (with `membarrier.rs`), `block.rs` (a block's bookkeeping and `BlockRef`, the
//! arrays' handle), `stats.rs` (`PoolStats`), `snapshot.rs` (`Pool::stats`), and
//! `idle_trim.rs` and `timeline.rs` (they read every pool; they start when a pool is made).

pub(crate) mod block;
mod expandable;
pub(crate) mod idle_trim;
mod large;
mod magazine;
mod membarrier;
mod segments;
mod snapshot;
mod stats;
pub(crate) mod timeline;

use crate::error::{Error, Result};
use crate::leaks;
use crate::switch::Switch;
use crate::trace;
use block::{Block, BlockBox, BlockRef};
use level_zero::{Allocation, Context, Device, MemoryKind, ShutdownStage};
use magazine::Magazine;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub use crate::trace::{start_trace, stop_trace, tracing, AllocTrace, TraceEvent};
pub use expandable::{expandable, set_expandable, CHUNK};
pub use large::{fresh_block_size, PIECE_ROUND, SEGMENT_ROUND};
pub use magazine::{MAG_BYTES, MAG_DEPTH, MAG_MAX_BLOCK, MAG_MAX_PIECE, MAG_PIECES};
pub use stats::PoolStats;

/// Smallest size class, and the rounding of every request.
pub const MIN_CLASS: usize = 512;
/// How many larger classes a request may be served from when its own class has no cached
/// block (in the pool's lists or the thread's magazine): 8, a block of up to four times the
/// size. Replaying allocation traces (`benches/pool_replay.rs`), reach 4 took peak reserved /
/// peak requested from 3.20 to 1.94 on random sizes, 1.31 to 1.16 on a training-like loop
/// and 1.71 to 1.44 on small short-lived buffers; 8 (with large blocks from segments) is
/// lower again on every trace but random sizes, which it leaves as it is.
pub const REACH: usize = 8;
/// Alignment of every pooled block.
pub const BLOCK_ALIGN: usize = 64;
/// Requests of more bytes than this are pieces of segments; smaller ones use size classes.
pub const LARGE: usize = 64 << 10;
const CLASSES: usize = (usize::BITS as usize - 9) * 4 + 1;

/// The size class of a request of `bytes`: `(index, class size)`.
///
/// ```
/// use onearray::pool::size_class;
/// assert_eq!(size_class(1), (0, 512));
/// assert_eq!(size_class(513), (1, 640));
/// assert_eq!(size_class(1024), (4, 1024));
/// assert_eq!(size_class(1025), (5, 1280));
/// ```
pub const fn size_class(bytes: usize) -> (usize, usize) {
    if bytes <= MIN_CLASS {
        return (0, MIN_CLASS);
    }
    let e = usize::BITS - 1 - (bytes - 1).leading_zeros();
    let base = 1usize << e;
    let step = base / 4;
    let k = (bytes - base).div_ceil(step);
    ((e as usize - 9) * 4 + k, base + k * step)
}

pub(crate) struct Inner {
    /// Per class: blocks no pending command uses (`last_list` 0), or used only by the
    /// commands of the in-order stream `last_list` (device memory).
    free: Vec<Vec<BlockBox>>,
    /// Blocks waiting for their commands to complete.
    deferred: Vec<BlockBox>,
    /// Segments of large blocks, and pieces given back while commands still use them.
    pub(crate) segments: large::Large,
    /// The expandable range of large device blocks (`expandable.rs`), once asked for.
    pub(crate) expandable: Option<Box<expandable::Expandable>>,
    /// Creating the range failed (no virtual memory): segments only.
    pub(crate) expandable_failed: bool,
    pub(crate) pending: Vec<BlockBox>,
    /// Counters of the shared lists and segments (`bytes_pooled`: theirs only).
    /// `bytes_in_use`, `peak_in_use` and `live_allocations` are not kept here.
    pub(crate) stats: PoolStats,
    /// Blocks handed out and returned through the shared lists, segments or the driver,
    /// plus those of magazines whose thread exited.
    pub(crate) handed_out: u64,
    pub(crate) returned: u64,
    /// The magazines of live threads.
    magazines: Vec<Arc<Magazine>>,
}

/// The pool of one (context, device, kind).
pub(crate) struct Pool {
    pub(crate) ctx: Context,
    pub(crate) dev: Device,
    pub(crate) kind: MemoryKind,
    /// Index in `POOLS` (the magazines of a thread are found by it).
    pub(crate) id: usize,
    /// Whether the device is a GPU (asked of the driver once: it decides staging).
    gpu: std::sync::OnceLock<bool>,
    inner: Mutex<Inner>,
    in_use: InUse,
}

/// Bytes of live blocks, and the most there ever were (on a cache line of their own: every
/// allocation and free of every thread updates them).
#[repr(align(128))]
struct InUse {
    bytes: AtomicUsize,
    peak: AtomicUsize,
    /// What the live arrays asked for.
    requested: AtomicUsize,
}

static ENABLED: Switch = Switch::new("ONEARRAY_POOL", true);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Every pool; pools live for the process (blocks refer to them without reference counts).
static POOLS: Mutex<Vec<&'static Pool>> = Mutex::new(Vec::new());
static STREAM_IDS: AtomicU64 = AtomicU64::new(0);

/// Whether allocations go through the pool (env `ONEARRAY_POOL=0` turns it off; default on).
#[inline]
pub fn pool_enabled() -> bool {
    ENABLED.get()
}

/// Turns the pool on or off for later allocations (cached blocks stay until [`trim`]).
pub fn set_pool_enabled(on: bool) {
    ENABLED.set(on);
}

/// Caps the bytes each pool caches; blocks beyond it go back to the driver when freed.
/// Default: unlimited, or env `ONEARRAY_POOL_LIMIT` (bytes) read at first use.
///
/// With a limit, frees bypass the per-thread magazines (so the limit is exact), which makes
/// a pool hit slower (it takes the pool's lock); blocks cached before stay until reused or
/// trimmed. Large blocks (above [`LARGE`]) are pieces of segments: over the limit, a segment
/// goes back when its last piece does; free pieces of a segment with pieces still out stay
/// cached (they may exceed the limit until then).
pub fn set_pool_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

pub(crate) fn limit() -> usize {
    static READ: std::sync::Once = std::sync::Once::new();
    READ.call_once(|| {
        if let Some(v) = std::env::var("ONEARRAY_POOL_LIMIT")
            .ok()
            .and_then(|v| v.parse().ok())
        {
            LIMIT.store(v, Ordering::Relaxed);
        }
    });
    LIMIT.load(Ordering::Relaxed)
}

/// Hands every cached, unused block of every pool back to the driver, those in the magazines
/// of every thread included; returns the bytes.
pub fn trim() -> usize {
    all_pools().iter().map(|p| p.trim()).sum()
}

pub(crate) fn all_pools() -> Vec<&'static Pool> {
    POOLS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

type CacheSlot = (usize, usize, MemoryKind, &'static Pool);
thread_local! {
    static CACHE: RefCell<Vec<CacheSlot>> = const { RefCell::new(Vec::new()) };
    /// This thread's stream id per (context, device) handle pair, once learnt.
    static STREAMS: RefCell<Vec<(usize, usize, u64)>> = const { RefCell::new(Vec::new()) };
}

/// The pools of the default context and device by kind, for the default context of one
/// generation ([`level_zero::default_context_generation`]: a lost default context replaced by
/// [`level_zero::recover`] has pools of its own, no longer the default).
type DefaultPools = (u64, [Option<&'static Pool>; 3]);

thread_local! {
    /// The pools of the default context and device, by kind (the allocation fast path).
    static DEFAULT_POOLS: std::cell::Cell<DefaultPools> = const { std::cell::Cell::new((0, [None, None, None])) };
}

/// The default context and device (those of the default pools).
pub(crate) fn defaults() -> Result<(Context, Device)> {
    Ok((
        level_zero::default_context()?,
        level_zero::default_device()?,
    ))
}

/// The pool of `kind` on the default context and device (this thread's cached answer).
#[inline]
pub(crate) fn default_pool(kind: MemoryKind) -> Result<&'static Pool> {
    let index = match kind {
        MemoryKind::Device => 0,
        MemoryKind::Shared => 1,
        MemoryKind::Host => 2,
    };
    let generation = level_zero::default_context_generation();
    let (g, pools) = DEFAULT_POOLS.get();
    match pools[index] {
        Some(pool) if g == generation => Ok(pool),
        _ => default_pool_slow(index, kind, generation),
    }
}

/// [`default_pool`] on this thread's first use (or of a new default context).
#[cold]
fn default_pool_slow(index: usize, kind: MemoryKind, generation: u64) -> Result<&'static Pool> {
    let (ctx, dev) = defaults()?;
    let pool = pool_for(&ctx, &dev, kind);
    DEFAULT_POOLS.with(|d| {
        let (g, mut pools) = d.get();
        if g != generation {
            pools = [None; 3];
        }
        pools[index] = Some(pool);
        d.set((generation, pools));
    });
    Ok(pool)
}

/// The pool of `(ctx, dev, kind)`, created on first use.
pub(crate) fn pool_for(ctx: &Context, dev: &Device, kind: MemoryKind) -> &'static Pool {
    let key = (ctx.handle() as usize, dev.handle() as usize);
    if let Some(p) = CACHE.with(|c| {
        c.borrow()
            .iter()
            .find(|s| (s.0, s.1, s.2) == (key.0, key.1, kind))
            .map(|s| s.3)
    }) {
        return p;
    }
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    let pool = match pools
        .iter()
        .find(|p| p.ctx == *ctx && p.dev == *dev && p.kind == kind)
    {
        Some(p) => *p,
        None => {
            static AT_SHUTDOWN: std::sync::Once = std::sync::Once::new();
            AT_SHUTDOWN.call_once(|| {
                // Leaks are reported while the cached blocks still exist; the trim gives them
                // back before the default context is destroyed, so driver leak reports show
                // only real leaks.
                level_zero::at_shutdown(ShutdownStage::Report, leaks::report_at_exit);
                level_zero::at_shutdown(ShutdownStage::Trim, || {
                    trim();
                });
            });
            let p: &'static Pool = Box::leak(Box::new(Pool {
                ctx: ctx.clone(),
                dev: dev.clone(),
                kind,
                id: pools.len(),
                gpu: std::sync::OnceLock::new(),
                inner: Mutex::new(Inner {
                    free: (0..CLASSES).map(|_| Vec::new()).collect(),
                    deferred: Vec::new(),
                    segments: large::new_large(),
                    expandable: None,
                    expandable_failed: false,
                    pending: Vec::new(),
                    stats: PoolStats::default(),
                    handed_out: 0,
                    returned: 0,
                    magazines: Vec::new(),
                }),
                in_use: InUse {
                    bytes: AtomicUsize::new(0),
                    peak: AtomicUsize::new(0),
                    requested: AtomicUsize::new(0),
                },
            }));
            pools.push(p);
            p
        }
    };
    drop(pools);
    // Outside the pools' lock: a sampler starting here reads every pool.
    timeline::start_from_env();
    trace::start_from_env();
    idle_trim::start_from_env();
    CACHE.with(|c| c.borrow_mut().push((key.0, key.1, kind, pool)));
    pool
}

/// This thread's in-order stream id for `(ctx, dev)`.
pub(crate) fn stream_id(ctx: &Context, dev: &Device) -> u64 {
    let key = (ctx.handle() as usize, dev.handle() as usize);
    if let Some(id) = STREAMS.with(|s| s.borrow().iter().find(|e| (e.0, e.1) == key).map(|e| e.2)) {
        return id;
    }
    match level_zero::with_stream(ctx, dev, |l| Ok(l.last_token().list)) {
        Ok(id) => {
            STREAMS.with(|s| s.borrow_mut().push((key.0, key.1, id)));
            id
        }
        // Re-entrant or failed: a value no stream has, so no stream-ordered reuse.
        Err(_) => u64::MAX - STREAM_IDS.fetch_add(1, Ordering::Relaxed),
    }
}

/// Requests above this are not pooled (their class size would not fit a `usize`).
const MAX_POOLED: usize = 1 << (usize::BITS - 2);

fn stream_of(b: &Block) -> u64 {
    b.last_list.load(Ordering::Relaxed)
}

impl Pool {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the pool's device is a GPU (its properties are read once, not per copy).
    pub(crate) fn is_gpu(&self) -> bool {
        *self.gpu.get_or_init(|| {
            self.dev
                .properties()
                .is_ok_and(|p| p.kind == level_zero::DeviceKind::Gpu)
        })
    }

    /// Bytes cached: shared lists, deferred, magazines.
    pub(crate) fn cached(inner: &Inner) -> usize {
        inner.stats.bytes_pooled
            + inner
                .magazines
                .iter()
                .map(|m| m.cached_bytes())
                .sum::<usize>()
    }

    /// Counts `size` more bytes in use; the peak is the maximum of the counter's history.
    #[inline]
    pub(crate) fn account_in(&self, size: usize) {
        let now = self.in_use.bytes.fetch_add(size, Ordering::Relaxed) + size;
        if now > self.in_use.peak.load(Ordering::Relaxed) {
            self.in_use.peak.fetch_max(now, Ordering::Relaxed);
        }
    }

    /// Hands out a block over memory allocated elsewhere (`adopt.rs`): never pooled (its
    /// last handle drops the allocation, which frees it only if owned), counted in use.
    pub(crate) fn adopt(&'static self, alloc: Allocation) -> BlockRef {
        let size = alloc.size();
        self.lock().handed_out += 1;
        self.account_in(size);
        self.hand_out(Block::new(alloc, self, size, 0, false), 0, None)
    }

    /// Allocates `bytes` (at least one byte is allocated). A lost context
    /// ([`level_zero::recover`]) allocates nothing: `DeviceLost`.
    ///
    /// The hit in this thread's magazine is inlined into the caller; everything else is
    /// [`allocate_slow`](Self::allocate_slow).
    #[inline]
    pub(crate) fn allocate(&'static self, bytes: usize, align: usize) -> Result<BlockRef> {
        if bytes <= LARGE && align <= BLOCK_ALIGN && !self.ctx.is_lost() && pool_enabled() {
            let (class, _) = size_class(bytes);
            if let Some(block) = magazine::take(self, class, bytes) {
                self.account_in(block.size);
                return Ok(self.hand_out_counted(block, 0, Some(bytes)));
            }
        }
        self.allocate_slow(bytes, align)
    }

    /// [`allocate`](Self::allocate) past this thread's magazine of the request's class.
    #[inline(never)]
    fn allocate_slow(&'static self, bytes: usize, align: usize) -> Result<BlockRef> {
        if self.ctx.is_lost() {
            self.ctx.status()?;
        }
        let pooled = pool_enabled() && align <= BLOCK_ALIGN && bytes <= MAX_POOLED;
        if pooled && bytes > LARGE {
            let size = large::piece_size(bytes);
            // A piece of the kind the books would hand out (the range's, when on).
            if let Some(block) = magazine::take_piece(self, size, self.on_range(), bytes) {
                self.account_in(block.size);
                return Ok(self.hand_out_counted(block, 0, Some(bytes)));
            }
            return self.allocate_large(bytes);
        }
        let (class, size) = if pooled {
            size_class(bytes)
        } else {
            (0, bytes.max(1))
        };
        let align = align.max(BLOCK_ALIGN);
        let mut inner = self.lock();
        if pooled {
            // The class's own blocks first (this thread's magazine had none), then cached
            // blocks of up to four times the size, the smallest first: this thread's magazine
            // (which counts what it serves), then the shared list, per class.
            let last = (class + REACH).min(CLASSES - 1);
            for c in class..=last {
                if c > class && magazine::caches(c) {
                    if let Some(block) = magazine::take(self, c, bytes) {
                        drop(inner);
                        self.account_in(block.size);
                        return Ok(self.hand_out_counted(block, 0, Some(bytes)));
                    }
                }
                if let Some((block, stream)) = self.pop(&mut inner, c) {
                    let size = block.size;
                    inner.stats.allocations += 1;
                    inner.stats.hits += 1;
                    inner.stats.bytes_pooled -= size;
                    inner.handed_out += 1;
                    self.account_in(size);
                    drop(inner);
                    return Ok(self.hand_out(block, stream, Some(bytes)));
                }
            }
        }
        inner.stats.allocations += 1;
        inner.stats.misses += 1;
        drop(inner);
        let alloc = self.allocate_with_ladder(size, align)?;
        self.lock().handed_out += 1;
        self.account_in(size);
        Ok(self.hand_out(Block::new(alloc, self, size, class, pooled), 0, Some(bytes)))
    }

    /// Hands `block` out, recording it in the allocation trace as a request of `traced` bytes
    /// (`None`: adopted memory, not traced), and counting the bytes requested.
    pub(crate) fn hand_out(&self, block: BlockBox, stream: u64, traced: Option<usize>) -> BlockRef {
        let block = self.hand_out_counted(block, stream, traced);
        self.in_use
            .requested
            .fetch_add(block.requested, Ordering::Release);
        block
    }

    /// [`hand_out`](Self::hand_out) of a block whose requested bytes were counted already
    /// (by the magazine that served it: `traced`, or the block's size).
    #[inline]
    fn hand_out_counted(
        &self,
        mut block: BlockBox,
        stream: u64,
        traced: Option<usize>,
    ) -> BlockRef {
        *block.last_list.get_mut() = stream;
        *block.last_seq.get_mut() = 0;
        // Whatever its last user was, it is over (or ordered by `stream`).
        *block
            .foreign_done
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        *block.has_foreign.get_mut() = false;
        block.leak_id = leaks::record(block.size, self.kind, &block.alloc);
        block.trace_id = traced.map_or(0, |bytes| trace::allocated(bytes, self.kind));
        block.requested = traced.unwrap_or(block.size);
        BlockRef::new(block)
    }

    /// Pops a reusable block of `class`: unused, or in use only by this thread's stream.
    fn pop(&self, inner: &mut Inner, class: usize) -> Option<(BlockBox, u64)> {
        let list = inner.free.get_mut(class)?;
        let b = list.last()?;
        if stream_of(b) == 0 || b.idle() {
            return Some((list.pop()?, 0));
        }
        let mine = stream_id(&self.ctx, &self.dev);
        let i = list.iter().rposition(|b| {
            let s = stream_of(b);
            s == 0 || s == mine || b.idle()
        })?;
        let b = list.swap_remove(i);
        let stream = stream_of(&b);
        if stream != 0 && !b.idle() {
            inner.stats.stream_reuses += 1;
            return Some((b, stream));
        }
        Some((b, 0))
    }

    /// A fresh allocation of this pool's kind from the driver.
    fn allocate_raw(&self, bytes: usize, align: usize) -> level_zero::Result<Allocation> {
        let (ctx, dev) = (&self.ctx, &self.dev);
        match self.kind {
            MemoryKind::Device => Allocation::device(ctx, dev, bytes, align),
            MemoryKind::Shared => Allocation::shared(ctx, Some(dev), bytes, align),
            MemoryKind::Host => Allocation::host(ctx, bytes, align),
        }
    }

    pub(crate) fn allocate_with_ladder(&self, size: usize, align: usize) -> Result<Allocation> {
        match self.allocate_raw(size, align) {
            Ok(a) => return Ok(a),
            Err(e) if !e.is_out_of_memory() => return Err(e.into()),
            Err(_) => {}
        }
        // 1. reclaim deferred frees whose commands completed.
        let _ = level_zero::with_stream(&self.ctx, &self.dev, |l| l.poll());
        self.lock().stats.oom_reclaims += 1;
        self.reclaim();
        // 2. trim every pool of this device, magazines of every thread included (deferred
        //    blocks are released when done).
        self.lock().stats.oom_trims += 1;
        for p in all_pools() {
            if p.ctx == self.ctx && (p.dev == self.dev || p.kind == MemoryKind::Host) {
                p.trim_all();
            }
        }
        if let Ok(a) = self.allocate_raw(size, align) {
            return Ok(a);
        }
        // 3. synchronize the stream so pending commands release their memory (pending
        //    pieces included: their segments can go), then retry.
        self.lock().stats.oom_syncs += 1;
        let _ = level_zero::with_stream(&self.ctx, &self.dev, |l| l.synchronize());
        self.trim();
        match self.allocate_raw(size, align) {
            Ok(a) => Ok(a),
            Err(e) if !e.is_out_of_memory() => Err(e.into()),
            Err(_) => {
                let free = self.dev.memory_state().ok().flatten().map_or(0, |s| s.free);
                self.lock().stats.oom_failures += 1;
                let stats = self.stats();
                Err(Error::OutOfMemory {
                    requested: size,
                    free,
                    pooled: stats.bytes_pooled,
                    in_use: stats.bytes_in_use,
                    kind: self.kind.name(),
                    device: self
                        .dev
                        .properties()
                        .map_or_else(|_| "device".into(), |p| p.name),
                })
            }
        }
    }

    /// Takes back a block whose last handle was dropped (an idle small block into this
    /// thread's magazine inline; everything else out of line).
    #[inline]
    pub(crate) fn release(&self, mut block: BlockBox) {
        if block.leak_id != 0 {
            leaks::forget(block.leak_id);
            block.leak_id = 0;
        }
        trace::freed(std::mem::take(&mut block.trace_id));
        let size = block.size;
        self.in_use.bytes.fetch_sub(size, Ordering::Relaxed);
        let requested = std::mem::take(&mut block.requested);
        let lim = limit();
        // Memory another process may have mapped is never handed to another array.
        let exported = *block.exported.get_mut();
        if block.piece.is_some() {
            if !exported && lim == usize::MAX && block.idle() {
                *block.last_list.get_mut() = 0;
                let asked = large::piece_size(requested);
                match magazine::put_piece(block, requested, asked) {
                    Ok(()) => return,
                    Err(b) => block = b,
                }
            }
            self.in_use
                .requested
                .fetch_sub(requested, Ordering::Release);
            return self.release_piece(block);
        }
        if block.pooled
            && !exported
            && lim == usize::MAX
            && magazine::caches(block.class)
            && block.idle()
        {
            *block.last_list.get_mut() = 0;
            match magazine::put(block, requested) {
                Ok(()) => return,
                Err(b) => block = b,
            }
        }
        self.release_shared(block, requested, lim, exported);
    }

    /// [`release`](Self::release) past this thread's magazine: to the shared lists, the
    /// deferred list or the driver (`requested`: the bytes the array had asked for).
    #[inline(never)]
    fn release_shared(&self, mut block: BlockBox, requested: usize, lim: usize, exported: bool) {
        let size = block.size;
        self.in_use
            .requested
            .fetch_sub(requested, Ordering::Release);
        let mut inner = self.lock();
        inner.returned += 1;
        if !block.pooled || exported || (lim != usize::MAX && Self::cached(&inner) + size > lim) {
            if block.pooled {
                inner.stats.released += 1;
                inner.stats.bytes_released += size as u64;
            }
            drop(inner);
            // Pending commands own clones of the allocation: it is freed after the last.
            drop(block);
            return;
        }
        inner.stats.bytes_pooled += size;
        let stream = *block.last_list.get_mut();
        if block.idle() {
            *block.last_list.get_mut() = 0;
            inner.free[block.class].push(block);
        } else if self.kind == MemoryKind::Device && stream != 0 {
            inner.stats.deferred_frees += 1;
            inner.free[block.class].push(block);
        } else {
            inner.stats.deferred_frees += 1;
            inner.deferred.push(block);
        }
    }

    /// Moves deferred blocks whose commands completed to the free lists, and pending pieces
    /// to their segments.
    pub(crate) fn reclaim(&self) {
        let mut inner = self.lock();
        let gone = Self::reclaim_pieces(&mut inner);
        let Inner { free, deferred, .. } = &mut *inner;
        let mut i = 0;
        while i < deferred.len() {
            if deferred[i].idle() {
                let mut b = deferred.swap_remove(i);
                *b.last_list.get_mut() = 0;
                free[b.class].push(b);
            } else {
                i += 1;
            }
        }
        drop(inner);
        drop(gone);
    }

    /// Every block cached in a magazine (of any thread); their bytes leave the magazines'
    /// counts, the caller accounts for them.
    fn drain_magazines(inner: &Inner) -> Vec<BlockBox> {
        let mut out = Vec::new();
        for m in &inner.magazines {
            out.append(&mut m.hold().drain());
        }
        out
    }

    /// Releases every unused cached block, magazines of every thread included; returns the
    /// bytes.
    pub(crate) fn trim(&self) -> usize {
        self.reclaim();
        let mut inner = self.lock();
        let mut freed = Self::drain_magazines(&inner);
        let mut shared = 0;
        for list in &mut inner.free {
            let mut i = 0;
            while i < list.len() {
                if list[i].idle() {
                    let b = list.swap_remove(i);
                    shared += b.size;
                    freed.push(b);
                } else {
                    i += 1;
                }
            }
        }
        let bytes: usize = freed.iter().map(|b| b.size).sum();
        inner.stats.bytes_pooled -= shared;
        inner.stats.released += freed.len() as u64;
        inner.stats.bytes_released += bytes as u64;
        let segments = Self::drain_segments(&mut inner);
        drop(inner);
        drop(freed);
        bytes + segments.iter().map(|s| s.size()).sum::<usize>()
    }

    /// Releases every cached block, in use by commands or not (they free it when done), and
    /// the segments with no piece out or pending.
    fn trim_all(&self) {
        let mut inner = self.lock();
        let mut freed = Vec::new();
        for list in &mut inner.free {
            freed.append(list);
        }
        freed.append(&mut inner.deferred);
        inner.stats.bytes_pooled -= freed.iter().map(|b| b.size).sum::<usize>();
        freed.append(&mut Self::drain_magazines(&inner));
        inner.stats.released += freed.len() as u64;
        inner.stats.bytes_released += freed.iter().map(|b| b.size as u64).sum::<u64>();
        let mut segments = Self::reclaim_pieces(&mut inner);
        segments.extend(Self::drain_segments(&mut inner));
        drop(inner);
        drop(freed);
        drop(segments);
    }

    /// Adds a thread's new magazine.
    pub(crate) fn register(&self, magazine: Arc<Magazine>) {
        self.lock().magazines.push(magazine);
    }

    /// A thread's magazine at its exit: its blocks go to the shared lists (or the driver,
    /// beyond the limit), its counts to the pool's.
    pub(crate) fn retire(&self, magazine: &Arc<Magazine>) {
        let mut inner = self.lock();
        let mut held = magazine.hold();
        let blocks = held.drain();
        let pieces = magazine.drain_pieces();
        let c = magazine.counts();
        drop(held);
        inner.magazines.retain(|m| !Arc::ptr_eq(m, magazine));
        // The magazine's requested bytes go to the pool's counter (read under the lock too).
        self.in_use.requested.fetch_add(
            c.requested_in.wrapping_sub(c.requested_out),
            Ordering::Release,
        );
        inner.stats.allocations += c.allocs;
        inner.stats.hits += c.allocs;
        inner.handed_out += c.allocs;
        inner.returned += c.frees;
        let lim = limit();
        let mut over = Vec::new();
        for b in blocks {
            if lim != usize::MAX && Self::cached(&inner) + b.size > lim {
                inner.stats.released += 1;
                inner.stats.bytes_released += b.size as u64;
                over.push(b);
            } else {
                inner.stats.bytes_pooled += b.size;
                inner.free[b.class].push(b);
            }
        }
        // Its pieces go back to their books (merged).
        let freed = Self::take_back_pieces(&mut inner, pieces);
        drop(inner);
        drop(over);
        drop(freed);
    }
}
