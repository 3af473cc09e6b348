//! Blocks: an allocation of a pool with its bookkeeping, and [`BlockRef`], the counted handle
//! that arrays (and their views) hold.
//!
//! A block's node lives as long as its allocation: behind a `BlockRef` while arrays use it, on
//! a free list or in a thread's magazine in between. Reusing a pooled block therefore
//! allocates nothing, and dropping the only handle (the common case: no views) needs no
//! atomic read-modify-write.

use crate::error::Result;
use crate::pool::{self, Pool};
use level_zero::{Allocation, Context, Device, ImmediateCommandList, Token};
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicU64, AtomicUsize, Ordering};

/// A block owned by a pool (free list, magazine, deferred list): boxed, so that its address
/// stays put while handles point at it.
pub(crate) type Node = Box<Block>;

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
    /// The leak tracker's record (0: untracked).
    pub(crate) leak_id: u64,
    /// Id in the allocation trace being recorded (0: none).
    pub(crate) trace_id: u64,
    /// Bytes the array asked for (counted in the pool's `bytes_requested` while handed out).
    pub(crate) requested: usize,
    /// Exported to other processes (`ipc.rs`): freed, never pooled, when its last handle goes.
    pub(crate) exported: std::sync::atomic::AtomicBool,
    /// A piece of a segment (large blocks, `pool_large.rs`): the segment's id and the
    /// piece's offset in it. Its `alloc` then wraps the piece only (never freed itself).
    pub(crate) piece: Option<(u64, usize)>,
    /// Live `BlockRef`s (meaningful only while handed out).
    refs: AtomicUsize,
}

impl Block {
    pub(crate) fn new(
        alloc: Allocation,
        pool: &'static Pool,
        size: usize,
        class: usize,
        pooled: bool,
    ) -> Node {
        Box::new(Block {
            alloc,
            pool,
            size,
            class,
            pooled,
            last_list: AtomicU64::new(0),
            last_seq: AtomicU64::new(0),
            foreign_done: std::sync::Mutex::new(None),
            leak_id: 0,
            trace_id: 0,
            requested: 0,
            exported: Default::default(),
            piece: None,
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
        self.foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Records `use_` as the foreign last use.
    pub(crate) fn set_foreign(&self, use_: Option<Foreign>) {
        *self
            .foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = use_;
    }

    /// Waits until no command uses the memory.
    pub(crate) fn wait_idle(&self) -> Result<()> {
        let seq = self.last_seq.load(Ordering::Acquire);
        let list = self.last_list.load(Ordering::Acquire);
        if seq != 0 && list == pool::stream_id(self.context(), self.device()) {
            let token = Token { list, seq };
            level_zero::with_stream(self.context(), self.device(), |l| l.wait_for(token, None))?;
        } else if let Some(done) = self
            .foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        {
            // A launch on a caller's list or a queue's execution: its event (or the queue)
            // says when it is done. That list may hold the allocation until it is next
            // polled, which orders nothing: the memory now counts as used by no stream (the
            // pool still waits for the release).
            done.wait()?;
            self.last_list.store(0, Ordering::Release);
        } else {
            // Commands of another stream (or of the memory's previous user) still hold it:
            // they release it when their stream retires them.
            while self.alloc().owners() > 1 {
                let _ = level_zero::with_stream(self.context(), self.device(), |l| l.poll());
                if self.alloc().owners() == 1 {
                    break;
                }
                std::thread::yield_now();
            }
        }
        self.last_seq.store(0, Ordering::Release);
        Ok(())
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
        if list != 0 && list != pool::stream_id(self.context(), self.device()) {
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
    pub(crate) fn new(mut block: Node) -> BlockRef {
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
