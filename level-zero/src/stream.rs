//! Streams: each thread's in-order immediate list per `(context, device)` ([`with_stream`]),
//! and waits for a point of any thread's stream ([`wait_token`]).
//!
//! A stream belongs to the thread that made it: only that thread appends to it. Its list sits
//! behind a mutex all the same, and every stream is listed in a registry by its id, so that
//! another thread holding a [`Token`] of it (an array moved there with work pending) can wait
//! for that work and retire it (drop what the commands kept alive) without the owner's help:
//! the owner may be blocked, waiting for that very thread. A foreign waiter never blocks on the
//! lock (it tries, backs off and tries again), and holds it only for short bounded waits, so
//! no two threads can deadlock over each other's streams.

use crate::context::Context;
use crate::device::Device;
use crate::error::{invalid, Result};
use crate::immediate::{ImmediateCommandList, Token};
use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, TryLockError, Weak};
use std::time::Duration;

/// One thread's stream for a `(context, device)`.
struct Stream {
    id: u64,
    list: Mutex<ImmediateCommandList>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        registry()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}

/// Every live stream by id (weak: the owning thread's slot keeps it alive).
fn registry() -> &'static Mutex<HashMap<u64, Weak<Stream>>> {
    static REGISTRY: OnceLock<Mutex<HashMap<u64, Weak<Stream>>>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

/// A thread's stream with its re-entrancy flag (set while the owner is inside `with_stream`).
struct Slot {
    ctx: Context,
    device: Device,
    stream: Arc<Stream>,
    busy: Rc<Cell<bool>>,
}

thread_local! {
    static STREAMS: std::cell::RefCell<Vec<Slot>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Clears the busy flag when the owner leaves `with_stream` (also by unwinding).
struct Busy<'a>(&'a Cell<bool>);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.set(false);
    }
}

/// Runs `f` with this thread's in-order immediate list for `(ctx, device)`, created on first
/// use (like oneAPI.jl's per-task queue); its error and the stream's are one `Result`.
/// Re-entrant use (calling `with_stream` for the same stream from inside `f`) is an error.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 256, 0)?;
/// let token = with_stream(&ctx, &dev, |s| {
///     s.fill(&buf, 0, 256, &[7], Deps::NONE)?;
///     Ok(s.last_token())
/// })?;
/// assert!(with_stream(&ctx, &dev, |s| s.wait_for(token, None))?);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub fn with_stream<R>(
    ctx: &Context,
    device: &Device,
    f: impl FnOnce(&mut ImmediateCommandList) -> Result<R>,
) -> Result<R> {
    thread_stream(ctx, device)?.enter(f)
}

/// This thread's stream for a `(context, device)`, found (or made) but not entered: its id,
/// and [`enter`](Self::enter), which is what [`with_stream`] does with it.
pub(crate) struct ThreadStream {
    stream: Arc<Stream>,
    busy: Rc<Cell<bool>>,
}

/// This thread's stream for `(ctx, device)`, created on first use.
pub(crate) fn thread_stream(ctx: &Context, device: &Device) -> Result<ThreadStream> {
    STREAMS.with(|s| -> Result<_> {
        let mut streams = s.borrow_mut();
        if let Some(slot) = streams
            .iter()
            .find(|s| &s.ctx == ctx && &s.device == device)
        {
            return Ok(ThreadStream {
                stream: slot.stream.clone(),
                busy: slot.busy.clone(),
            });
        }
        let list = ImmediateCommandList::new(ctx, device)?;
        let id = list.last_token().list;
        let stream = Arc::new(Stream {
            id,
            list: Mutex::new(list),
        });
        registry()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, Arc::downgrade(&stream));
        let busy = Rc::new(Cell::new(false));
        streams.push(Slot {
            ctx: ctx.clone(),
            device: device.clone(),
            stream: stream.clone(),
            busy: busy.clone(),
        });
        Ok(ThreadStream { stream, busy })
    })
}

#[cfg(test)]
thread_local! {
    static ENTRIES: Cell<u64> = const { Cell::new(0) };
}

/// How many times this thread has entered a stream.
#[cfg(test)]
pub(crate) fn entries() -> u64 {
    ENTRIES.with(Cell::get)
}

impl ThreadStream {
    /// The stream's list id (its tokens' [`Token::list`]).
    pub(crate) fn id(&self) -> u64 {
        self.stream.id
    }

    /// Runs `f` with the stream's list (see [`with_stream`]).
    pub(crate) fn enter<R>(
        &self,
        f: impl FnOnce(&mut ImmediateCommandList) -> Result<R>,
    ) -> Result<R> {
        #[cfg(test)]
        ENTRIES.with(|n| n.set(n.get() + 1));
        if self.busy.replace(true) {
            return Err(invalid(
                "the thread's stream is already in use (re-entrant with_stream)",
            ));
        }
        let _busy = Busy(&self.busy);
        // Another thread holds the lock only for a bounded wait on this stream's work.
        let mut list = self
            .stream
            .list
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        f(&mut list)
    }
}

/// Waits until the command of `token` has finished, whichever thread's stream it belongs to
/// (this thread's, or another's: an array handed over with work pending), and releases what
/// the finished commands kept alive. A token of a stream that no longer exists (its thread
/// ended, which waited for all of its work) is complete. The wait never needs the owning
/// thread's help: the owner may itself be waiting for this thread.
///
/// Only tokens of streams ([`with_stream`]) are known here; a token of another list is
/// reported complete (use that list's own waits).
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 1 << 20, 0)?;
/// let token = with_stream(&ctx, &dev, |s| {
///     s.fill(&buf, 0, 1 << 20, &[7], Deps::NONE)?;
///     Ok(s.last_token())
/// })?;
/// // Another thread waits for this thread's fill.
/// std::thread::spawn(move || wait_token(token)).join().unwrap()?;
/// # Ok::<(), level_zero::Error>(())
/// ```
pub fn wait_token(token: Token) -> Result<()> {
    if token.seq == 0 {
        return Ok(());
    }
    // This thread's own stream: an ordinary wait.
    let own = STREAMS.with(|s| {
        s.borrow()
            .iter()
            .find(|s| s.stream.id == token.list)
            .map(|s| (s.ctx.clone(), s.device.clone()))
    });
    if let Some((ctx, dev)) = own {
        return with_stream(&ctx, &dev, |s| s.wait_for(token, None)).map(drop);
    }
    let stream = registry()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&token.list)
        .and_then(Weak::upgrade);
    let Some(stream) = stream else {
        return Ok(());
    };
    let mut backoff = Duration::from_micros(20);
    loop {
        let held = match stream.list.try_lock() {
            Ok(list) => Some(list),
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            // The owner is appending or waiting on its stream: try again shortly.
            Err(TryLockError::WouldBlock) => None,
        };
        match held {
            // Short waits: the owner may need its stream meanwhile.
            Some(mut list) => {
                if list.wait_for(token, Some(Duration::from_millis(2)))? {
                    return Ok(());
                }
            }
            None => {
                std::thread::sleep(backoff);
                backoff = (backoff * 2).min(Duration::from_millis(1));
            }
        }
    }
}
