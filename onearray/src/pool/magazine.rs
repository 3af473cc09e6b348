//! Per-thread magazines: small caches of idle blocks per (pool, size class) that allocation
//! and free use without taking the pool's lock (cf. jemalloc's tcache).
//!
//! * Only idle blocks go in (no pending command holds them), of classes up to
//!   [`MAG_MAX_BLOCK`], at most [`MAG_DEPTH`] per class and [`MAG_BYTES`] per thread and pool;
//!   frees beyond that go to the pool's shared lists. A request whose class is empty here
//!   and in the shared list tries the next [`REACH`](crate::pool::REACH) classes, the magazine's then the shared
//!   list's for each (under the pool's lock). Pools with a limit on cached bytes use
//!   no magazines (the limit stays exact).
//! * Each magazine has a flag its holder sets: the owning thread for one push or pop (if
//!   the flag is taken, the operation goes to the shared lists instead), or another thread,
//!   holding the pool's lock, that [`trim`](crate::trim)s or climbs the out-of-memory ladder:
//!   so cached blocks of every thread can be released at any time.
//! * A thread's magazines return their blocks to the shared lists when it exits.
//! * Statistics: each magazine counts what it served and took (written only under its
//!   flag); the pool sums them under its lock, and folds a magazine's counts in when its
//!   thread exits.

use super::block::BlockBox;
use super::{size_class, Pool};
use std::cell::{RefCell, UnsafeCell};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

/// Largest block size a magazine caches: [`LARGE`](crate::pool::LARGE) (larger blocks are
/// pieces of segments).
pub const MAG_MAX_BLOCK: usize = super::LARGE;
/// Blocks a magazine caches per size class.
pub const MAG_DEPTH: usize = 8;
/// Bytes a magazine caches (per thread and pool).
pub const MAG_BYTES: usize = 1 << 20;
const MAG_CLASSES: usize = size_class(MAG_MAX_BLOCK).0 + 1;

/// One thread's cache of one pool.
pub(crate) struct Magazine {
    busy: AtomicBool,
    lists: UnsafeCell<[Vec<BlockBox>; MAG_CLASSES]>,
    /// Bytes cached.
    bytes: AtomicUsize,
    /// Allocations served and frees taken (monotonic; release stores, acquire loads). A
    /// free is counted only after its block's allocation (possibly in another magazine), so
    /// a reader summing the `frees` of every magazine first, then the `allocs`, never counts
    /// more frees than allocations.
    allocs: AtomicU64,
    frees: AtomicU64,
}

// SAFETY: `lists` is only accessed through a `Held`, which exists for one holder at a time
// (the `busy` flag, taken with acquire and given back with release); the boxed blocks are
// `Send`. Everything else is atomic.
unsafe impl Sync for Magazine {}

/// Exclusive access to a magazine's lists (the `busy` flag is set).
pub(crate) struct Held<'a>(&'a Magazine);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.busy.store(false, Ordering::Release);
    }
}

impl Held<'_> {
    fn lists(&mut self) -> &mut [Vec<BlockBox>; MAG_CLASSES] {
        // SAFETY: the `busy` flag makes this the only access to the lists until it is
        // dropped, and `&mut self` makes the borrow unique.
        unsafe { &mut *self.0.lists.get() }
    }

    /// Takes every cached block out (the caller accounts for them).
    pub(crate) fn drain(&mut self) -> Vec<BlockBox> {
        let mut out = Vec::new();
        for list in self.lists().iter_mut() {
            out.append(list);
        }
        self.0.bytes.store(0, Ordering::Relaxed);
        out
    }
}

/// What a magazine counted.
#[derive(Clone, Copy, Default)]
pub(crate) struct Counts {
    pub(crate) allocs: u64,
    pub(crate) frees: u64,
}

impl Magazine {
    fn new() -> Magazine {
        Magazine {
            busy: AtomicBool::new(false),
            lists: UnsafeCell::new(std::array::from_fn(|_| Vec::new())),
            bytes: AtomicUsize::new(0),
            allocs: AtomicU64::new(0),
            frees: AtomicU64::new(0),
        }
    }

    fn try_hold(&self) -> Option<Held<'_>> {
        if self.busy.swap(true, Ordering::Acquire) {
            None
        } else {
            Some(Held(self))
        }
    }

    /// Waits for the flag (its owner holds it only for one push or pop).
    pub(crate) fn hold(&self) -> Held<'_> {
        loop {
            if let Some(h) = self.try_hold() {
                return h;
            }
            while self.busy.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
        }
    }

    pub(crate) fn frees(&self) -> u64 {
        self.frees.load(Ordering::Acquire)
    }

    pub(crate) fn allocs(&self) -> u64 {
        self.allocs.load(Ordering::Acquire)
    }

    pub(crate) fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    pub(crate) fn counts(&self) -> Counts {
        let frees = self.frees();
        Counts {
            allocs: self.allocs(),
            frees,
        }
    }
}

/// Bumps a counter only the flag holder writes (no read-modify-write needed).
fn bump(c: &AtomicU64) {
    c.store(c.load(Ordering::Relaxed) + 1, Ordering::Release);
}

/// This thread's magazines, by pool id.
struct Local(Vec<Option<(&'static Pool, Arc<Magazine>)>>);

impl Drop for Local {
    fn drop(&mut self) {
        for (pool, mag) in self.0.drain(..).flatten() {
            pool.retire(&mag);
        }
    }
}

thread_local! {
    static LOCAL: RefCell<Local> = const { RefCell::new(Local(Vec::new())) };
}

/// Whether blocks of `class` may be cached in magazines at all.
pub(crate) fn caches(class: usize) -> bool {
    class < MAG_CLASSES
}

/// An idle block of `class` from this thread's magazine of `pool` (the pool tries the next
/// [`REACH`](crate::pool::REACH) classes itself, smallest first).
pub(crate) fn take(pool: &'static Pool, class: usize) -> Option<BlockBox> {
    LOCAL
        .try_with(|l| {
            let l = l.try_borrow().ok()?;
            let (_, mag) = l.0.get(pool.id)?.as_ref()?;
            if mag.bytes() == 0 {
                return None; // empty: spare the flag's read-modify-write
            }
            let mut held = mag.try_hold()?;
            let block = held.lists().get_mut(class)?.pop()?;
            mag.bytes.store(mag.bytes() - block.size, Ordering::Relaxed);
            bump(&mag.allocs);
            Some(block)
        })
        .ok()
        .flatten()
}

/// Caches an idle `block` in this thread's magazine of its pool; gives it back if full.
pub(crate) fn put(block: BlockBox) -> Result<(), BlockBox> {
    let pool = block.pool;
    let mut slot = Some(block);
    let _ = LOCAL.try_with(|l| {
        let Ok(mut l) = l.try_borrow_mut() else {
            return;
        };
        if l.0.len() <= pool.id {
            l.0.resize_with(pool.id + 1, || None);
        }
        let entry = &mut l.0[pool.id];
        let mag = match entry {
            Some((_, mag)) => &*mag,
            None => {
                let mag = Arc::new(Magazine::new());
                pool.register(mag.clone());
                &entry.insert((pool, mag)).1
            }
        };
        let size = slot.as_ref().map_or(0, |b| b.size);
        if mag.bytes() + size > MAG_BYTES {
            return; // full: spare the flag's read-modify-write
        }
        let Some(mut held) = mag.try_hold() else {
            return;
        };
        let Some(block) = slot.take() else {
            return;
        };
        let bytes = mag.bytes();
        match held.lists().get_mut(block.class) {
            Some(list) if bytes + size <= MAG_BYTES && list.len() < MAG_DEPTH => {
                list.push(block);
                mag.bytes.store(bytes + size, Ordering::Relaxed);
                bump(&mag.frees);
            }
            _ => slot = Some(block),
        }
    });
    match slot {
        None => Ok(()),
        Some(block) => Err(block),
    }
}
