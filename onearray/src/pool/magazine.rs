//! Per-thread magazines: small caches of idle blocks per (pool, size class) that allocation
//! and free use without taking the pool's lock (cf. jemalloc's tcache).
//!
//! * Only idle blocks go in (no pending command holds them), of classes up to
//!   [`MAG_MAX_BLOCK`], at most [`MAG_DEPTH`] per class and [`MAG_BYTES`] per thread and pool;
//!   frees beyond that go to the pool's shared lists. A request whose class is empty here
//!   and in the shared list tries the next [`REACH`](crate::pool::REACH) classes, the magazine's then the shared
//!   list's for each (under the pool's lock). Pools with a limit on cached bytes use
//!   no magazines (the limit stays exact).
//! * Each magazine has two flags: `busy`, set by the owning thread for one push or pop, and
//!   `stolen`, set by another thread, holding the pool's lock, that [`trim`](crate::trim)s
//!   or climbs the out-of-memory ladder (or by the owner as it exits): so cached blocks of
//!   every thread can be released at any time. The owner stores `busy`, then reads `stolen`
//!   (if set, the operation goes to the shared lists instead); the taker stores `stolen`,
//!   then waits for `busy` to clear. Where the asymmetric barrier works
//!   (`membarrier.rs`), the owner's store and load are plain (a compiler fence between),
//!   the taker's system call orders both sides: a pool hit takes no read-modify-write here.
//!   Elsewhere the owner swaps `busy` and the taker takes `busy` too.
//! * Idle pieces of large blocks (up to [`MAG_MAX_PIECE`], at most [`MAG_PIECES`]) are cached
//!   too, unmerged, for the same request on the same thread, under a lock of their own. Before
//!   it would grow, the pool takes another thread's piece for the same request as it is, or
//!   every thread's back to their books (so caching never makes it reserve more); a
//!   thread's own at its next large request the magazine does not serve (so the books count
//!   in use only what arrays hold), and on `trim`, the out-of-memory ladder and thread exit.
//! * A thread's magazines return their blocks to the shared lists when it exits.
//! * Statistics: each magazine counts what it served and took, and the bytes the arrays
//!   it served asked for and those of the blocks it took (written only under its flags,
//!   monotonic); the pool sums them under its lock, and folds a magazine's counts in when
//!   its thread exits.

use super::block::BlockBox;
use super::{membarrier, size_class, Pool};
use std::cell::{Cell, RefCell, UnsafeCell};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Largest block size a magazine caches: [`LARGE`](crate::pool::LARGE) (larger blocks are
/// pieces of segments).
pub const MAG_MAX_BLOCK: usize = super::LARGE;
/// Blocks a magazine caches per size class.
pub const MAG_DEPTH: usize = 8;
/// Bytes a magazine caches (per thread and pool).
pub const MAG_BYTES: usize = 1 << 20;
const MAG_CLASSES: usize = size_class(MAG_MAX_BLOCK).0 + 1;
/// Idle pieces of large blocks a magazine caches (per thread and pool), so that a thread
/// allocating and freeing the same large size again and again takes no lock. They are not
/// merged with their neighbours while cached: the pool takes them back before it would grow
/// (and on `trim`, the out-of-memory ladder, thread exit), so it never reserves more for them.
pub const MAG_PIECES: usize = 4;
/// Largest piece a magazine caches.
pub const MAG_MAX_PIECE: usize = 16 << 20;

/// One thread's cache of one pool.
pub(crate) struct Magazine {
    /// The owner is in a push or pop.
    busy: AtomicBool,
    /// Another thread holds the magazine (or is about to).
    stolen: AtomicBool,
    lists: UnsafeCell<[Vec<BlockBox>; MAG_CLASSES]>,
    /// Bytes cached in `lists`.
    bytes: AtomicUsize,
    /// Idle pieces of large blocks (at most [`MAG_PIECES`]), each with the (rounded) request
    /// it was last handed out for. A lock of their own, not the flags: the pool takes them
    /// back whenever it would grow, and an uncontended lock costs that thread less than the
    /// flags' barrier (a system call that interrupts every core running the process).
    pieces: Mutex<Vec<(usize, BlockBox)>>,
    /// Their bytes (written under `pieces`' lock).
    piece_bytes: AtomicUsize,
    /// Allocations served and frees taken (monotonic; release stores, acquire loads). A
    /// free is counted only after its block's allocation (possibly in another magazine), so
    /// a reader summing the `frees` of every magazine first, then the `allocs`, never counts
    /// more frees than allocations.
    allocs: AtomicU64,
    frees: AtomicU64,
    /// Bytes the arrays it served asked for, and those of the blocks it took (monotonic,
    /// wrapping; the pool's `bytes_requested` is its own counter plus the first less the
    /// second, summed over magazines, the second read first).
    requested_in: AtomicUsize,
    requested_out: AtomicUsize,
}

// SAFETY: `lists` is only accessed through a `Held`, which exists for one holder at a time
// (the flags' protocol, above and in `try_hold` and `hold`: each holder acquires what the
// previous one released); the boxed blocks are `Send`. Everything else is atomic.
unsafe impl Sync for Magazine {}

/// Exclusive access to a magazine's lists: its owner's (`busy` set) or a taker's (`stolen`
/// set; `busy` too without the asymmetric barrier).
pub(crate) struct Held<'a> {
    mag: &'a Magazine,
    taker: bool,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        if !self.taker || !membarrier::available() {
            self.mag.busy.store(false, Ordering::Release);
        }
        if self.taker {
            self.mag.stolen.store(false, Ordering::Release);
        }
    }
}

impl Held<'_> {
    fn lists(&mut self) -> &mut [Vec<BlockBox>; MAG_CLASSES] {
        // SAFETY: the flags make this the only access to the lists until it is dropped
        // (`try_hold`, `hold`), and `&mut self` makes the borrow unique.
        unsafe { &mut *self.mag.lists.get() }
    }

    /// Takes every cached block of the size classes out (the caller accounts for them).
    pub(crate) fn drain(&mut self) -> Vec<BlockBox> {
        let mut out = Vec::new();
        for list in self.lists().iter_mut() {
            out.append(list);
        }
        self.mag.bytes.store(0, Ordering::Relaxed);
        out
    }
}

/// What a magazine counted.
#[derive(Clone, Copy, Default)]
pub(crate) struct Counts {
    pub(crate) allocs: u64,
    pub(crate) frees: u64,
    pub(crate) requested_in: usize,
    pub(crate) requested_out: usize,
}

impl Magazine {
    fn new() -> Magazine {
        // Decided before the magazine is published, for good.
        membarrier::available();
        Magazine {
            busy: AtomicBool::new(false),
            stolen: AtomicBool::new(false),
            lists: UnsafeCell::new(std::array::from_fn(|_| Vec::new())),
            bytes: AtomicUsize::new(0),
            pieces: Mutex::new(Vec::new()),
            piece_bytes: AtomicUsize::new(0),
            allocs: AtomicU64::new(0),
            frees: AtomicU64::new(0),
            requested_in: AtomicUsize::new(0),
            requested_out: AtomicUsize::new(0),
        }
    }

    /// The owner's hold for one push or pop; `None` while another thread holds it.
    fn try_hold(&self) -> Option<Held<'_>> {
        if membarrier::available() {
            // Dekker's pattern with the taker's `hold`: store busy, then load stolen; the
            // taker's `membarrier::heavy` between its store and load orders the processor.
            self.busy.store(true, Ordering::Relaxed);
            membarrier::light();
            if self.stolen.load(Ordering::Acquire) {
                self.busy.store(false, Ordering::Release);
                return None;
            }
        } else if self.busy.swap(true, Ordering::Acquire) {
            return None;
        }
        Some(Held {
            mag: self,
            taker: false,
        })
    }

    /// Another thread's hold (it holds the pool's lock), or the owner's as it exits: waits
    /// for the owner's push or pop to end.
    pub(crate) fn hold(&self) -> Held<'_> {
        while self.stolen.swap(true, Ordering::Acquire) {
            std::thread::yield_now();
        }
        if membarrier::available() {
            membarrier::heavy();
            while self.busy.load(Ordering::Acquire) {
                std::thread::yield_now();
            }
        } else {
            while self.busy.swap(true, Ordering::Acquire) {
                std::thread::yield_now();
            }
        }
        Held {
            mag: self,
            taker: true,
        }
    }

    pub(crate) fn frees(&self) -> u64 {
        self.frees.load(Ordering::Acquire)
    }

    pub(crate) fn allocs(&self) -> u64 {
        self.allocs.load(Ordering::Acquire)
    }

    /// Bytes cached in the size classes.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Bytes of the pieces cached.
    pub(crate) fn piece_bytes(&self) -> usize {
        self.piece_bytes.load(Ordering::Relaxed)
    }

    fn lock_pieces(&self) -> MutexGuard<'_, Vec<(usize, BlockBox)>> {
        self.pieces.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A cached piece last handed out for a request of `size` bytes, of the expandable range
    /// if `vm` (else of a segment); any thread (the caller counts it).
    pub(crate) fn take_matching(&self, size: usize, vm: bool) -> Option<BlockBox> {
        if self.piece_bytes() == 0 {
            return None; // empty: spare the lock
        }
        let mut pieces = self.lock_pieces();
        let i = pieces.iter().position(|(asked, b)| {
            let on_range = b
                .piece
                .is_some_and(|p| p.0 == super::expandable::VM_SEGMENT);
            *asked == size && on_range == vm
        })?;
        let (_, block) = pieces.swap_remove(i);
        self.piece_bytes
            .store(self.piece_bytes() - block.size, Ordering::Relaxed);
        Some(block)
    }

    /// Takes every cached piece out (the caller gives them back to their books); any thread.
    pub(crate) fn drain_pieces(&self) -> Vec<BlockBox> {
        let mut pieces = self.lock_pieces();
        self.piece_bytes.store(0, Ordering::Relaxed);
        pieces.drain(..).map(|(_, b)| b).collect()
    }

    /// Bytes cached in all.
    pub(crate) fn cached_bytes(&self) -> usize {
        self.bytes() + self.piece_bytes()
    }

    /// Bytes asked for by the arrays it served and of the blocks it took, the second read
    /// first (read every magazine's second, then the pool's own counter, then the firsts).
    pub(crate) fn requested_out(&self) -> usize {
        self.requested_out.load(Ordering::Acquire)
    }

    pub(crate) fn requested_in(&self) -> usize {
        self.requested_in.load(Ordering::Acquire)
    }

    pub(crate) fn counts(&self) -> Counts {
        let frees = self.frees();
        let requested_out = self.requested_out();
        Counts {
            allocs: self.allocs(),
            frees,
            requested_in: self.requested_in(),
            requested_out,
        }
    }
}

/// Bumps a counter only the flag holder writes (no read-modify-write needed).
fn bump(c: &AtomicU64) {
    c.store(c.load(Ordering::Relaxed) + 1, Ordering::Release);
}

/// Adds `n` to a byte counter only the flag holder writes (wrapping).
fn add(c: &AtomicUsize, n: usize) {
    c.store(c.load(Ordering::Relaxed).wrapping_add(n), Ordering::Release);
}

/// This thread's magazines, by pool id.
struct Local(Vec<Option<(&'static Pool, Arc<Magazine>)>>);

impl Drop for Local {
    fn drop(&mut self) {
        // Before the magazines may go: `LAST` must never point at a freed one.
        LAST.set((usize::MAX, std::ptr::null()));
        for (pool, mag) in self.0.drain(..).flatten() {
            pool.retire(&mag);
        }
    }
}

thread_local! {
    static LOCAL: RefCell<Local> = const { RefCell::new(Local(Vec::new())) };
    /// The pool id and magazine this thread used last (a magazine `LOCAL` holds: cleared
    /// before `LOCAL` drops its magazines), so that a hit needs neither `LOCAL`'s
    /// destructor check nor its borrow and lookup. No destructor: readable at any time.
    static LAST: Cell<(usize, *const Magazine)> = const { Cell::new((usize::MAX, std::ptr::null())) };
}

/// Runs `f` on this thread's magazine of `pool` (made first if `create`); `None` if there is
/// none (or the thread is exiting).
#[inline]
fn with_local<R>(
    pool: &'static Pool,
    create: bool,
    f: impl FnOnce(&Magazine) -> Option<R>,
) -> Option<R> {
    let (id, mag) = LAST.get();
    if id == pool.id && !mag.is_null() {
        // SAFETY: `LAST` names a magazine `LOCAL` holds an `Arc` of, and is cleared before
        // `LOCAL` lets go of it (`Local::drop`); only this thread reads it.
        return f(unsafe { &*mag });
    }
    with_local_slow(pool, create, f)
}

/// [`with_local`] through `LOCAL`, remembering the magazine in `LAST`.
fn with_local_slow<R>(
    pool: &'static Pool,
    create: bool,
    f: impl FnOnce(&Magazine) -> Option<R>,
) -> Option<R> {
    LOCAL
        .try_with(|l| {
            let mut l = l.try_borrow_mut().ok()?;
            if l.0.len() <= pool.id {
                if !create {
                    return None;
                }
                l.0.resize_with(pool.id + 1, || None);
            }
            let entry = &mut l.0[pool.id];
            let mag = match entry {
                Some((_, mag)) => &*mag,
                None if create => {
                    let mag = Arc::new(Magazine::new());
                    pool.register(mag.clone());
                    &entry.insert((pool, mag)).1
                }
                None => return None,
            };
            LAST.set((pool.id, Arc::as_ptr(mag)));
            f(mag)
        })
        .ok()
        .flatten()
}

/// Whether blocks of `class` may be cached in magazines at all.
pub(crate) fn caches(class: usize) -> bool {
    class < MAG_CLASSES
}

/// An idle block of `class` from this thread's magazine of `pool` (the pool tries the next
/// [`REACH`](crate::pool::REACH) classes itself, smallest first), for an array that asked
/// for `requested` bytes (counted here).
pub(crate) fn take(pool: &'static Pool, class: usize, requested: usize) -> Option<BlockBox> {
    with_local(pool, false, |mag| {
        if mag.bytes() == 0 {
            return None; // empty: spare the flags
        }
        let mut held = mag.try_hold()?;
        let block = held.lists().get_mut(class)?.pop()?;
        mag.bytes.store(mag.bytes() - block.size, Ordering::Relaxed);
        add(&mag.requested_in, requested);
        bump(&mag.allocs);
        Some(block)
    })
}

/// Caches an idle `block` in this thread's magazine of its pool, with the `requested` bytes
/// its array had asked for (counted here); gives it back if full (not counted).
pub(crate) fn put(block: BlockBox, requested: usize) -> Result<(), BlockBox> {
    let pool = block.pool;
    let size = block.size;
    let mut slot = Some(block);
    with_local(pool, true, |mag| {
        if mag.bytes() + size > MAG_BYTES {
            return None; // full: spare the flags
        }
        let mut held = mag.try_hold()?;
        let block = slot.take()?;
        // Read again under the flag (a taker may have emptied the magazine).
        let bytes = mag.bytes();
        match held.lists().get_mut(block.class) {
            Some(list) if bytes + size <= MAG_BYTES && list.len() < MAG_DEPTH => {
                list.push(block);
                mag.bytes.store(bytes + size, Ordering::Relaxed);
                add(&mag.requested_out, requested);
                bump(&mag.frees);
            }
            _ => slot = Some(block),
        }
        Some(())
    });
    match slot {
        None => Ok(()),
        Some(block) => Err(block),
    }
}

/// An idle piece last handed out for a request of `size` bytes (as the pool rounds requests
/// for pieces), from this thread's magazine of `pool`, of the expandable
/// range if `vm` (else of a segment), for an array that asked for `requested` bytes
/// (counted here). Only the same request: the books would hand a smaller one a piece that
/// fits better, and the rest of this one would merge.
pub(crate) fn take_piece(
    pool: &'static Pool,
    size: usize,
    vm: bool,
    requested: usize,
) -> Option<BlockBox> {
    with_local(pool, false, |mag| {
        let block = mag.take_matching(size, vm)?;
        add(&mag.requested_in, requested);
        bump(&mag.allocs);
        Some(block)
    })
}

/// Caches an idle piece in this thread's magazine of its pool, with the `requested` bytes
/// its array had asked for (counted here) and the request it served (`asked`, as
/// [`take_piece`] compares it); gives it back if the magazine is full or the piece too large
/// (not counted).
pub(crate) fn put_piece(block: BlockBox, requested: usize, asked: usize) -> Result<(), BlockBox> {
    if block.size > MAG_MAX_PIECE {
        return Err(block);
    }
    let pool = block.pool;
    let size = block.size;
    let mut slot = Some(block);
    with_local(pool, true, |mag| {
        let mut pieces = mag.lock_pieces();
        if pieces.len() < MAG_PIECES {
            pieces.push((asked, slot.take()?));
            mag.piece_bytes
                .store(mag.piece_bytes() + size, Ordering::Relaxed);
            add(&mag.requested_out, requested);
            bump(&mag.frees);
        }
        Some(())
    });
    match slot {
        None => Ok(()),
        Some(block) => Err(block),
    }
}

/// Takes every piece out of this thread's magazine of `pool` (the caller gives them back to
/// their books): no other thread is waited for.
pub(crate) fn take_own_pieces(pool: &'static Pool) -> Vec<BlockBox> {
    with_local(pool, false, |mag| {
        if mag.piece_bytes() == 0 {
            return None;
        }
        Some(mag.drain_pieces())
    })
    .unwrap_or_default()
}
