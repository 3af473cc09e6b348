//! Pool v1: a caching allocator per (context, device, kind).
//!
//! Requests round up to size classes (512 B minimum, then four classes per power of two, so
//! rounding wastes at most 25 % and ~12 % on average). A freed block goes back to its class's
//! free list with its last use: blocks no pending command uses are reusable by anyone;
//! device blocks still in use by commands of an in-order stream are reusable at once by
//! allocations on *that* stream (stream-ordered reuse); other blocks wait on a deferred list
//! until their commands complete. Out of memory, the pool climbs a ladder: reclaim completed
//! deferred frees → trim cached blocks → synchronize the stream and reclaim again → retry →
//! [`Error::OutOfMemory`](crate::Error::OutOfMemory).

use crate::error::{Error, Result};
use crate::leaks;
use level_zero::{Allocation, Context, Device, MemoryKind};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Smallest size class, and the rounding of every request.
pub const MIN_CLASS: usize = 512;
/// Alignment of every pooled block.
pub const BLOCK_ALIGN: usize = 64;
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
pub fn size_class(bytes: usize) -> (usize, usize) {
    if bytes <= MIN_CLASS {
        return (0, MIN_CLASS);
    }
    let e = usize::BITS - 1 - (bytes - 1).leading_zeros();
    let base = 1usize << e;
    let step = base / 4;
    let k = (bytes - base).div_ceil(step);
    ((e as usize - 9) * 4 + k, base + k * step)
}

/// Counters of one pool. `bytes_*` are in class sizes (what the pool holds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Allocation requests served.
    pub allocations: u64,
    /// Served from the free lists.
    pub hits: u64,
    /// Served by the driver.
    pub misses: u64,
    /// Of the hits, blocks reused on the same in-order stream while still in use.
    pub stream_reuses: u64,
    /// Blocks returned while commands still used them (deferred).
    pub deferred_frees: u64,
    /// Bytes of live arrays.
    pub bytes_in_use: usize,
    /// Bytes cached (free lists and deferred).
    pub bytes_pooled: usize,
    /// Highest `bytes_in_use`.
    pub peak_in_use: usize,
    /// Live blocks.
    pub live_allocations: usize,
    /// Blocks handed back to the driver by `trim` or the limit.
    pub released: u64,
    /// OOM ladder steps taken: reclaims, trims, synchronizations, final failures.
    pub oom_reclaims: u64,
    pub oom_trims: u64,
    pub oom_syncs: u64,
    pub oom_failures: u64,
}

impl PoolStats {
    /// `hits / allocations` (0 with no allocation).
    pub fn hit_rate(&self) -> f64 {
        if self.allocations == 0 {
            0.0
        } else {
            self.hits as f64 / self.allocations as f64
        }
    }
}

struct Entry {
    alloc: Allocation,
    /// The in-order stream (list id) whose pending commands may still use it; 0: none.
    stream: u64,
}

struct Inner {
    free: Vec<Vec<Entry>>,
    deferred: Vec<(usize, Entry)>,
    stats: PoolStats,
}

/// The pool of one (context, device, kind).
pub(crate) struct Pool {
    pub(crate) ctx: Context,
    pub(crate) dev: Device,
    pub(crate) kind: MemoryKind,
    inner: Mutex<Inner>,
}

static ENABLED: AtomicU8 = AtomicU8::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Every pool; pools live for the process (blocks refer to them without reference counts).
static POOLS: Mutex<Vec<&'static Pool>> = Mutex::new(Vec::new());
static STREAM_IDS: AtomicU64 = AtomicU64::new(0);

/// Whether allocations go through the pool (env `ONEARRAY_POOL=0` turns it off; default on).
pub fn pool_enabled() -> bool {
    match ENABLED.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            let on = std::env::var("ONEARRAY_POOL").map_or(true, |v| v != "0");
            let _ = ENABLED.compare_exchange(
                0,
                if on { 1 } else { 2 },
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
            ENABLED.load(Ordering::Relaxed) == 1
        }
    }
}

/// Turns the pool on or off for later allocations (cached blocks stay until [`trim`]).
pub fn set_pool_enabled(on: bool) {
    ENABLED.store(if on { 1 } else { 2 }, Ordering::Relaxed);
}

/// Caps the bytes each pool caches; blocks beyond it go back to the driver when freed.
/// Default: unlimited, or env `ONEARRAY_POOL_LIMIT` (bytes) read at first use.
pub fn set_pool_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

fn limit() -> usize {
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

/// Hands every cached, unused block of every pool back to the driver; returns the bytes.
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

thread_local! {
    /// The pools of the default context and device, by kind (the allocation fast path).
    static DEFAULT_POOLS: std::cell::Cell<[Option<&'static Pool>; 3]> = const { std::cell::Cell::new([None, None, None]) };
}

/// Runs `f` with the pool of `kind` on the default context and device.
pub(crate) fn with_default_pool<R>(
    kind: MemoryKind,
    f: impl FnOnce(&'static Pool) -> R,
) -> Result<R> {
    let index = match kind {
        MemoryKind::Device => 0,
        MemoryKind::Shared => 1,
        MemoryKind::Host => 2,
    };
    let pool = match DEFAULT_POOLS.with(|d| d.get()[index]) {
        Some(pool) => pool,
        None => {
            let (ctx, dev) = crate::array::defaults()?;
            let pool = pool_for(&ctx, &dev, kind);
            DEFAULT_POOLS.with(|d| {
                let mut pools = d.get();
                pools[index] = Some(pool);
                d.set(pools);
            });
            pool
        }
    };
    Ok(f(pool))
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
            static AT_EXIT: std::sync::Once = std::sync::Once::new();
            // SAFETY: registers a plain `extern "C" fn` that lives for the whole process.
            AT_EXIT.call_once(|| unsafe {
                atexit(trim_at_exit);
            });
            let p: &'static Pool = Box::leak(Box::new(Pool {
                ctx: ctx.clone(),
                dev: dev.clone(),
                kind,
                inner: Mutex::new(Inner {
                    free: (0..CLASSES).map(|_| Vec::new()).collect(),
                    deferred: Vec::new(),
                    stats: PoolStats::default(),
                }),
            }));
            pools.push(p);
            p
        }
    };
    CACHE.with(|c| c.borrow_mut().push((key.0, key.1, kind, pool)));
    pool
}

extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

/// Gives cached blocks back before the default context is destroyed at exit (registered
/// after it, so it runs first), so driver leak reports show only real leaks.
extern "C" fn trim_at_exit() {
    leaks::report_at_exit();
    trim();
}

/// This thread's in-order stream id for `(ctx, dev)`.
pub(crate) fn stream_id(ctx: &Context, dev: &Device) -> u64 {
    let key = (ctx.handle() as usize, dev.handle() as usize);
    if let Some(id) = STREAMS.with(|s| s.borrow().iter().find(|e| (e.0, e.1) == key).map(|e| e.2)) {
        return id;
    }
    match level_zero::with_stream(ctx, dev, |l| l.last_token().list) {
        Ok(id) => {
            STREAMS.with(|s| s.borrow_mut().push((key.0, key.1, id)));
            id
        }
        // Re-entrant or failed: a value no stream has, so no stream-ordered reuse.
        Err(_) => u64::MAX - STREAM_IDS.fetch_add(1, Ordering::Relaxed),
    }
}

/// A block of pool memory handed to arrays: returned to the pool on drop.
pub(crate) struct Block {
    pub(crate) alloc: Option<Allocation>,
    pub(crate) pool: &'static Pool,
    /// Class size (pooled) or exact size (unpooled), as counted in the stats.
    pub(crate) size: usize,
    pub(crate) pooled: bool,
    /// Last asynchronous use: stream id and sequence number (0: nothing pending).
    pub(crate) last_list: AtomicU64,
    pub(crate) last_seq: AtomicU64,
    pub(crate) leak_id: u64,
}

impl Block {
    pub(crate) fn alloc(&self) -> &Allocation {
        self.alloc.as_ref().expect("live block")
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        if self.leak_id != 0 {
            leaks::forget(self.leak_id);
        }
        if let Some(alloc) = self.alloc.take() {
            let list = self.last_list.load(Ordering::Acquire);
            self.pool.release(alloc, self.size, self.pooled, list);
        }
    }
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A snapshot of the counters.
    pub(crate) fn stats(&self) -> PoolStats {
        self.lock().stats
    }

    /// Allocates `bytes` (at least one byte is allocated).
    pub(crate) fn allocate(
        &'static self,
        bytes: usize,
        align: usize,
        raw: &dyn Fn(usize, usize) -> level_zero::Result<Allocation>,
    ) -> Result<Block> {
        let pooled = pool_enabled() && align <= BLOCK_ALIGN;
        let (class, size) = if pooled {
            size_class(bytes)
        } else {
            (0, bytes.max(1))
        };
        let align = align.max(BLOCK_ALIGN);
        let mut inner = self.lock();
        inner.stats.allocations += 1;
        if pooled {
            if let Some((alloc, stream)) = self.pop(&mut inner, class) {
                inner.stats.hits += 1;
                inner.stats.bytes_pooled -= size;
                account_in(&mut inner.stats, size);
                drop(inner);
                return Ok(self.block(alloc, size, true, stream));
            }
        }
        inner.stats.misses += 1;
        drop(inner);
        let alloc = self.allocate_with_ladder(size, align, raw)?;
        account_in(&mut self.lock().stats, size);
        Ok(self.block(alloc, size, pooled, 0))
    }

    fn block(&'static self, alloc: Allocation, size: usize, pooled: bool, stream: u64) -> Block {
        let leak_id = leaks::record(size, self.kind, &alloc);
        Block {
            alloc: Some(alloc),
            pool: self,
            size,
            pooled,
            last_list: AtomicU64::new(stream),
            last_seq: AtomicU64::new(0),
            leak_id,
        }
    }

    /// Pops a reusable block of `class`: unused, or in use only by this thread's stream.
    fn pop(&self, inner: &mut Inner, class: usize) -> Option<(Allocation, u64)> {
        let list = &mut inner.free[class];
        let e = list.last()?;
        if e.stream == 0 || e.alloc.owners() == 1 {
            let e = list.pop()?;
            return Some((e.alloc, 0));
        }
        let mine = stream_id(&self.ctx, &self.dev);
        let i = list
            .iter()
            .rposition(|e| e.stream == 0 || e.stream == mine || e.alloc.owners() == 1)?;
        let e = list.swap_remove(i);
        if e.stream != 0 && e.alloc.owners() > 1 {
            inner.stats.stream_reuses += 1;
            return Some((e.alloc, e.stream));
        }
        Some((e.alloc, 0))
    }

    fn allocate_with_ladder(
        &self,
        size: usize,
        align: usize,
        raw: &dyn Fn(usize, usize) -> level_zero::Result<Allocation>,
    ) -> Result<Allocation> {
        match raw(size, align) {
            Ok(a) => return Ok(a),
            Err(e) if !e.is_out_of_memory() => return Err(e.into()),
            Err(_) => {}
        }
        // 1. reclaim deferred frees whose commands completed.
        let _ = level_zero::with_stream(&self.ctx, &self.dev, |l| l.poll());
        self.lock().stats.oom_reclaims += 1;
        self.reclaim();
        // 2. trim every pool of this device (deferred blocks are released when done).
        self.lock().stats.oom_trims += 1;
        for p in all_pools() {
            if p.ctx == self.ctx && (p.dev == self.dev || p.kind == MemoryKind::Host) {
                p.trim_all();
            }
        }
        if let Ok(a) = raw(size, align) {
            return Ok(a);
        }
        // 3. synchronize the stream so pending commands release their memory, then retry.
        self.lock().stats.oom_syncs += 1;
        let _ = level_zero::with_stream(&self.ctx, &self.dev, |l| l.synchronize());
        match raw(size, align) {
            Ok(a) => Ok(a),
            Err(e) if !e.is_out_of_memory() => Err(e.into()),
            Err(_) => {
                let free = self.dev.memory_state().ok().flatten().map_or(0, |s| s.free);
                let mut inner = self.lock();
                inner.stats.oom_failures += 1;
                Err(Error::OutOfMemory {
                    requested: size,
                    free,
                    pooled: inner.stats.bytes_pooled,
                    in_use: inner.stats.bytes_in_use,
                    kind: self.kind.name(),
                    device: self
                        .dev
                        .properties()
                        .map_or_else(|_| "device".into(), |p| p.name),
                })
            }
        }
    }

    fn release(&self, alloc: Allocation, size: usize, pooled: bool, stream: u64) {
        let mut inner = self.lock();
        inner.stats.bytes_in_use -= size;
        inner.stats.live_allocations -= 1;
        if !pooled || inner.stats.bytes_pooled + size > limit() {
            if pooled {
                inner.stats.released += 1;
            }
            drop(inner);
            // Pending commands own clones of the allocation: it is freed after the last.
            drop(alloc);
            return;
        }
        inner.stats.bytes_pooled += size;
        let class = size_class(size).0;
        if alloc.owners() == 1 {
            inner.free[class].push(Entry { alloc, stream: 0 });
        } else if self.kind == MemoryKind::Device && stream != 0 {
            inner.stats.deferred_frees += 1;
            inner.free[class].push(Entry { alloc, stream });
        } else {
            inner.stats.deferred_frees += 1;
            inner.deferred.push((class, Entry { alloc, stream }));
        }
    }

    /// Moves deferred blocks whose commands completed to the free lists.
    pub(crate) fn reclaim(&self) {
        let mut inner = self.lock();
        let Inner { free, deferred, .. } = &mut *inner;
        let mut i = 0;
        while i < deferred.len() {
            if deferred[i].1.alloc.owners() == 1 {
                let (class, mut e) = deferred.swap_remove(i);
                e.stream = 0;
                free[class].push(e);
            } else {
                i += 1;
            }
        }
    }

    /// Releases every unused cached block; returns the bytes.
    pub(crate) fn trim(&self) -> usize {
        self.reclaim();
        let mut inner = self.lock();
        let mut freed = Vec::new();
        for list in inner.free.iter_mut() {
            list.retain_mut(|e| {
                if e.alloc.owners() == 1 {
                    freed.push(e.alloc.clone());
                    false
                } else {
                    true
                }
            });
        }
        let bytes: usize = freed.iter().map(|a| a.size()).sum();
        inner.stats.bytes_pooled -= bytes;
        inner.stats.released += freed.len() as u64;
        drop(inner);
        drop(freed);
        bytes
    }

    /// Releases every cached block, in use by commands or not (they free it when done).
    fn trim_all(&self) {
        let mut inner = self.lock();
        let mut freed: Vec<Allocation> = Vec::new();
        for list in inner.free.iter_mut() {
            freed.extend(list.drain(..).map(|e| e.alloc));
        }
        freed.extend(inner.deferred.drain(..).map(|e| e.1.alloc));
        inner.stats.bytes_pooled = 0;
        inner.stats.released += freed.len() as u64;
        drop(inner);
        drop(freed);
    }
}

fn account_in(stats: &mut PoolStats, size: usize) {
    stats.bytes_in_use += size;
    stats.live_allocations += 1;
    stats.peak_in_use = stats.peak_in_use.max(stats.bytes_in_use);
}
