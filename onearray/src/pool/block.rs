//! Blocks: an allocation of a pool with its bookkeeping, and [`BlockRef`], the counted handle
//! that arrays (and their views) hold.
//!
//! A block's node lives as long as its allocation: behind a `BlockRef` while arrays use it, on
//! a free list or in a thread's magazine in between. Reusing a pooled block therefore
//! allocates nothing, and dropping the only handle (the common case: no views) needs no
//! atomic read-modify-write.

use super::Pool;
use crate::error::{Error, Result};
use level_zero::{Allocation, Context, Device, ImmediateCommandList, Token};
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// A block owned by a pool (free list, magazine, deferred list): boxed, so that its address
/// stays put while handles point at it.
pub(crate) type BlockBox = Box<Block>;

/// A last use outside the threads' streams.
#[derive(Clone)]
pub(crate) enum Foreign {
    /// A launch on a caller's immediate list: the event it signals when done.
    Event(level_zero::Event),
    /// A queue's execution of a regular list (no event: waited for on the host).
    Execution(level_zero::Execution),
}

impl Foreign {
    /// Waits (on the host) for the use to end.
    pub(crate) fn wait(&self) -> level_zero::Result<()> {
        match self {
            Foreign::Event(e) => e.wait(None).map(drop),
            Foreign::Execution(e) => e.wait(None).map(drop),
        }
    }
}

/// A block of pool memory and what is known about its use.
pub(crate) struct Block {
    pub(crate) alloc: Allocation,
    pub(crate) pool: &'static Pool,
    /// Class size (pooled) or exact size (unpooled), as counted in the stats.
    pub(crate) size: usize,
    /// Size class index (pooled blocks).
    pub(crate) class: usize,
    pub(crate) pooled: bool,
    /// Last asynchronous use: stream id and sequence number (0: nothing pending). On a free
    /// list, `last_list` is the stream whose pending commands may still use the block.
    pub(crate) last_list: AtomicU64,
    pub(crate) last_seq: AtomicU64,
    /// How to learn of the last use's end when it was not on a thread's stream.
    pub(crate) foreign_done: std::sync::Mutex<Option<Foreign>>,
    /// Whether `foreign_done` holds a use (written under its lock): a launch on a stream,
    /// which clears it, takes no lock when there is nothing to clear.
    pub(crate) has_foreign: AtomicBool,
    /// The leak tracker's record (0: untracked).
    pub(crate) leak_id: u64,
    /// Id in the allocation trace being recorded (0: none).
    pub(crate) trace_id: u64,
    /// Bytes the array asked for (counted in the pool's `bytes_requested` while handed out).
    pub(crate) requested: usize,
    /// Exported to other processes (`ipc.rs`): freed, never pooled, when its last handle goes.
    pub(crate) exported: std::sync::atomic::AtomicBool,
    /// A piece of a segment (large blocks, `large.rs`): the segment's id and the
    /// piece's offset in it. Its `alloc` then wraps the piece only (never freed itself).
    pub(crate) piece: Option<(u64, usize)>,
    /// Regular command lists holding the block (`kernel_arg.rs`): host access they allow.
    pub(crate) holds: std::sync::Mutex<ListHolds>,
    /// Live `BlockRef`s (meaningful only while handed out).
    refs: AtomicUsize,
}

/// What regular command lists that recorded launches over a block may still do with it.
///
/// A record holds a `BlockRef` until the list is reset or dropped and its executions are
/// done. It is *armed* while it was made in the block's current `epoch`: an armed record may
/// run (each execution checks), so host borrows it would race are refused (`try_` calls) or
/// take the block back from every list (the infallible calls advance the epoch: the lists'
/// next executions fail with a typed error, the executions already submitted are waited for).
#[derive(Default)]
pub(crate) struct ListHolds {
    /// Live records (each holds a `BlockRef`).
    records: usize,
    /// Records of the current epoch.
    armed: usize,
    /// Armed records of launches that may write the memory.
    armed_writers: usize,
    epoch: u64,
    /// Executions between their epoch check and their record as the memory's last use.
    submitting: usize,
}

/// Host access asked of a block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum HostAccess {
    /// Shared references: refused while an armed list may write.
    Read,
    /// A unique reference: refused while any armed list may use the memory.
    Write,
}

impl Block {
    pub(crate) fn new(
        alloc: Allocation,
        pool: &'static Pool,
        size: usize,
        class: usize,
        pooled: bool,
    ) -> BlockBox {
        Box::new(Block {
            alloc,
            pool,
            size,
            class,
            pooled,
            last_list: AtomicU64::new(0),
            last_seq: AtomicU64::new(0),
            foreign_done: std::sync::Mutex::new(None),
            has_foreign: AtomicBool::new(false),
            leak_id: 0,
            trace_id: 0,
            requested: 0,
            exported: Default::default(),
            piece: None,
            holds: Default::default(),
            refs: AtomicUsize::new(0),
        })
    }

    pub(crate) fn alloc(&self) -> &Allocation {
        &self.alloc
    }

    /// Whether no pending command holds the allocation (then nobody but its owner can use
    /// it). Synchronizes with the commands' release of it.
    pub(crate) fn idle(&self) -> bool {
        if self.alloc.owners() == 1 {
            fence(Ordering::Acquire);
            true
        } else {
            false
        }
    }
}

impl Block {
    pub(crate) fn context(&self) -> &Context {
        &self.pool.ctx
    }

    pub(crate) fn device(&self) -> &Device {
        &self.pool.dev
    }

    /// The foreign last use, if any.
    pub(crate) fn foreign(&self) -> Option<Foreign> {
        if !self.has_foreign.load(Ordering::Acquire) {
            return None;
        }
        self.foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Records `use_` as the foreign last use.
    pub(crate) fn set_foreign(&self, use_: Option<Foreign>) {
        if use_.is_none() && !self.has_foreign.load(Ordering::Acquire) {
            return;
        }
        let mut foreign = self
            .foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.has_foreign.store(use_.is_some(), Ordering::Release);
        *foreign = use_;
    }

    /// Waits until no command uses the memory. Work on another thread's stream (an array
    /// handed over with work pending) is waited for without that thread's help
    /// ([`level_zero::wait_token`]), so the wait returns once the work is done even while
    /// the other thread is blocked (say, joining this one).
    pub(crate) fn wait_idle(&self) -> Result<()> {
        let seq = self.last_seq.load(Ordering::Acquire);
        let list = self.last_list.load(Ordering::Acquire);
        if seq != 0 && list == super::stream_id(self.context(), self.device()) {
            let token = Token { list, seq };
            level_zero::with_stream(self.context(), self.device(), |l| l.wait_for(token, None))?;
        } else if let Some(done) = self.take_foreign() {
            // A launch on a caller's list or a queue's execution: its event (or the queue)
            // says when it is done. That list may hold the allocation until it is next
            // polled, which orders nothing: the memory now counts as used by no stream (the
            // pool still waits for the release).
            done.wait()?;
            self.last_list.store(0, Ordering::Release);
        } else if seq != 0 {
            // Another thread's stream (or one that has ended: then its work is done).
            level_zero::wait_token(Token { list, seq })?;
        }
        self.last_seq.store(0, Ordering::Release);
        Ok(())
    }

    fn lock_holds(&self) -> std::sync::MutexGuard<'_, ListHolds> {
        self.holds
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A regular list records a launch over the block; returns the record's epoch.
    pub(crate) fn hold_for_list(&self, writable: bool) -> u64 {
        let mut h = self.lock_holds();
        h.records += 1;
        h.armed += 1;
        h.armed_writers += usize::from(writable);
        h.epoch
    }

    /// A record of epoch `epoch` is gone (its list was reset or dropped, its executions done).
    pub(crate) fn release_list_hold(&self, epoch: u64, writable: bool) {
        let mut h = self.lock_holds();
        h.records -= 1;
        if h.epoch == epoch {
            h.armed -= 1;
            h.armed_writers -= usize::from(writable);
        }
    }

    /// Regular-list records holding the block (they are not views of it).
    pub(crate) fn list_records(&self) -> usize {
        self.lock_holds().records
    }

    /// An execution of a record of `epoch` starts: refused if a host borrow took the block
    /// back since. Pair with [`end_execute`](Self::end_execute).
    pub(crate) fn begin_execute(&self, epoch: u64) -> Result<()> {
        let mut h = self.lock_holds();
        if h.epoch != epoch {
            return Err(Error::ListRevoked);
        }
        h.submitting += 1;
        Ok(())
    }

    /// The execution begun by [`begin_execute`](Self::begin_execute) is recorded as the last
    /// use (or was abandoned).
    pub(crate) fn end_execute(&self) {
        self.lock_holds().submitting -= 1;
    }

    /// Readies the memory for host `access`: waits for the commands that use it. While a
    /// regular list that recorded a launch over it may still run it in a way `access` would
    /// race (write it, for reads; use it at all, for writes), `take_back` decides: `false`
    /// refuses with [`Error::HeldByList`](crate::Error::HeldByList), `true` takes the block
    /// back from every list (their next executions fail with
    /// [`Error::ListRevoked`](crate::Error::ListRevoked)) and waits for executions already
    /// submitted.
    pub(crate) fn host_access(&self, access: HostAccess, take_back: bool) -> Result<()> {
        // Executions already submitted end first: they may release their records.
        self.wait_idle()?;
        loop {
            let mut h = self.lock_holds();
            let racing = match access {
                HostAccess::Read => h.armed_writers,
                HostAccess::Write => h.armed,
            };
            if racing > 0 {
                if !take_back {
                    return Err(Error::HeldByList {
                        lists: racing,
                        write: access == HostAccess::Write,
                    });
                }
                h.epoch += 1;
                h.armed = 0;
                h.armed_writers = 0;
            }
            if h.submitting == 0 {
                break;
            }
            // An execution passed its check and is being submitted: it is about to become
            // the last use.
            drop(h);
            std::thread::yield_now();
        }
        self.wait_idle()
    }

    /// Takes the foreign last use, if any (the lock is not held while it is waited for).
    fn take_foreign(&self) -> Option<Foreign> {
        self.foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Runs `f` on this thread's stream, ordered after earlier users of the memory on other
    /// streams. With `wait`, waits for it; without, records it as the last use.
    pub(crate) fn on_stream<R>(
        &self,
        wait: bool,
        f: impl FnOnce(&mut ImmediateCommandList) -> level_zero::Result<R>,
    ) -> Result<(R, Token)> {
        let list = self.last_list.load(Ordering::Acquire);
        let mut foreign = None;
        // No last use recorded (the common case of blocking work): no stream to compare.
        if list != 0 && list != super::stream_id(self.context(), self.device()) {
            // A launch on a caller's list: the stream waits for its event on the device.
            // Anything else (another thread's stream, a queue's execution): on the host.
            match self.foreign() {
                Some(Foreign::Event(e)) => foreign = Some(e),
                _ => self.wait_idle()?,
            }
        }
        let (r, token) = level_zero::with_stream(self.context(), self.device(), |l| {
            if let Some(done) = &foreign {
                level_zero::Commands::wait_events(l, &[done])?;
            }
            let r = f(l)?;
            let token = l.last_token();
            if wait {
                l.synchronize()?;
            }
            Ok((r, token))
        })?;
        if foreign.is_some() {
            // The stream's command is ordered after the other list's launch.
            self.set_foreign(None);
            if wait {
                // And has finished: no pending use is left.
                self.last_list.store(0, Ordering::Release);
                self.last_seq.store(0, Ordering::Release);
            }
        }
        if !wait {
            self.mark(token);
        }
        Ok((r, token))
    }

    /// Records `token` as the memory's last use.
    pub(crate) fn mark(&self, token: Token) {
        self.last_list.store(token.list, Ordering::Release);
        self.last_seq.store(token.seq, Ordering::Release);
    }
}

/// A counted handle to a handed-out [`Block`]; the last one to go returns the block to its
/// pool. Like `Arc<Block>`, without the heap allocation per use and without a
/// read-modify-write when the only handle is dropped.
pub(crate) struct BlockRef {
    ptr: NonNull<Block>,
    _owns: PhantomData<Block>,
}

// SAFETY: a `BlockRef` gives shared access to a `Block` (as `Arc<Block>` would), and `Block`
// is `Send + Sync` (checked below): its fields are an `Allocation`, a `&'static Pool`,
// integers and atomics.
unsafe impl Send for BlockRef {}
// SAFETY: as above.
unsafe impl Sync for BlockRef {}

const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Block>();
};

impl BlockRef {
    /// Hands `block` out: the returned handle is its only one.
    pub(crate) fn new(mut block: BlockBox) -> BlockRef {
        *block.refs.get_mut() = 1;
        BlockRef {
            ptr: NonNull::from(Box::leak(block)),
            _owns: PhantomData,
        }
    }

    /// A second handle to the block that does not count: the block outlives it only because
    /// the caller keeps a counted handle alive at least as long (a borrowed view).
    ///
    /// # Safety
    /// The result must never be dropped (it is wrapped in `ManuallyDrop`; do not unwrap it)
    /// and must not outlive `self`.
    pub(crate) unsafe fn alias(&self) -> std::mem::ManuallyDrop<BlockRef> {
        std::mem::ManuallyDrop::new(BlockRef {
            ptr: self.ptr,
            _owns: PhantomData,
        })
    }

    /// Live handles to this block (this one included).
    pub(crate) fn count(&self) -> usize {
        self.refs.load(Ordering::Acquire)
    }

    /// Other arrays sharing the block (owned views): handles that are neither this one nor
    /// held by regular command lists' records.
    pub(crate) fn views(&self) -> usize {
        self.count().saturating_sub(1 + self.list_records())
    }

    /// Memory of `kind` may be written on the host, or by a launch, through this handle only
    /// while no owned view shares it ([`Error::ViewsExist`](crate::Error::ViewsExist)): a view
    /// of host-visible memory may be borrowed as a slice. Device memory has no host slices.
    pub(crate) fn check_writable(&self, kind: level_zero::MemoryKind) -> Result<()> {
        let views = self.views();
        if kind != level_zero::MemoryKind::Device && views > 0 {
            return Err(crate::Error::ViewsExist { views });
        }
        Ok(())
    }
}

impl std::ops::Deref for BlockRef {
    type Target = Block;
    fn deref(&self) -> &Block {
        // SAFETY: the node stays allocated while any handle exists (the last one frees it),
        // and it is only accessed through shared references while handed out.
        unsafe { self.ptr.as_ref() }
    }
}

impl Clone for BlockRef {
    fn clone(&self) -> BlockRef {
        // Relaxed suffices to add a handle from an existing one (as in `Arc`).
        if self.refs.fetch_add(1, Ordering::Relaxed) > isize::MAX as usize {
            std::process::abort();
        }
        BlockRef {
            ptr: self.ptr,
            _owns: PhantomData,
        }
    }
}

impl Drop for BlockRef {
    fn drop(&mut self) {
        // The only handle (no views): no other thread can touch the count, so no
        // read-modify-write is needed. The acquire load orders every use of the block through
        // handles dropped earlier (their release decrements) before its return to the pool.
        if self.refs.load(Ordering::Acquire) != 1 {
            if self.refs.fetch_sub(1, Ordering::Release) != 1 {
                return;
            }
            fence(Ordering::Acquire);
        }
        // SAFETY: this was the last handle; the node came from `Box::leak` in `new`, and no
        // reference to it outlives this point.
        let block = unsafe { Box::from_raw(self.ptr.as_ptr()) };
        block.pool.release(block);
    }
}
