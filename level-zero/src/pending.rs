//! [`Pending`]: work appended to this thread's stream (a copy, a fill, a launch), as one
//! handle type whatever the work.

use crate::commands::Commands as _;
use crate::context::Context;
use crate::device::Device;
use crate::error::Result;
use crate::event::{Event, EventPool, EventPoolFlags, EventScope};
use crate::immediate::{ImmediateCommandList, Token};
use crate::stream::{thread_stream, ThreadStream};
use std::cell::Cell;
use std::marker::PhantomData;
use std::time::Duration;

/// Work on this thread's stream for a (context, device) ([`with_stream`](crate::with_stream)):
/// wait for it, ask whether it is done, or get an [`Event`] other lists can wait for (once
/// [`wait`](Self::wait) returns or [`is_complete`](Self::is_complete) says yes, that event is
/// signalled too). Dropping it does not wait (the work runs on; what it uses stays alive until
/// it is done). It stays on the issuing thread: the stream is that thread's.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 4096, 0)?;
/// let fill = with_stream(&ctx, &dev, |s| {
///     s.fill(&buf, 0, 4096, &[1, 2], Deps::NONE)?;
///     Ok(Pending::on_stream(&ctx, &dev, s.last_token()))
/// })?;
/// // Another list waits for the fill on the device.
/// let done = fill.event()?;
/// let mut other = ImmediateCommandList::new(&ctx, &dev)?;
/// other.fill(&buf, 0, 2, &[9, 9], Deps::wait(&[&done]))?;
/// other.synchronize()?;
/// fill.wait()?;
/// assert!(fill.is_complete()?);
/// assert!(done.is_signalled()?); // the handle's wait covers its event
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct Pending {
    stream: Where,
    token: Token,
    /// The stream position waits go up to: the work's, or the later command that signals an
    /// event handed out by [`event`](Self::event), so that the event is signalled once a
    /// wait returns.
    through: Cell<u64>,
    /// The stream is thread-local: the handle is neither `Send` nor `Sync`.
    _thread: PhantomData<*const ()>,
}

/// How a [`Pending`] reaches its stream.
enum Where {
    /// Found when the handle was made (the usual case: no lookup per wait).
    Stream(ThreadStream),
    /// Looked up at each use: making the stream failed when the handle was made, and the
    /// failure is reported then.
    Lookup(Context, Device),
}

impl std::fmt::Debug for Pending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pending")
            .field("token", &self.token)
            .field("through", &self.through.get())
            .finish()
    }
}

impl Pending {
    /// The handle of the command `token` of this thread's stream for `(ctx, dev)`.
    pub fn on_stream(ctx: &Context, dev: &Device, token: Token) -> Pending {
        let stream = match thread_stream(ctx, dev) {
            Ok(s) => Where::Stream(s),
            Err(_) => Where::Lookup(ctx.clone(), dev.clone()),
        };
        Pending::new(stream, token)
    }

    /// The handle of the command `token` of `stream`.
    pub(crate) fn of(stream: ThreadStream, token: Token) -> Pending {
        Pending::new(Where::Stream(stream), token)
    }

    fn new(stream: Where, token: Token) -> Pending {
        Pending {
            stream,
            token,
            through: Cell::new(token.seq),
            _thread: PhantomData,
        }
    }

    /// Runs `f` with the stream's list.
    fn enter<R>(&self, f: impl FnOnce(&mut ImmediateCommandList) -> Result<R>) -> Result<R> {
        match &self.stream {
            Where::Stream(s) => s.enter(f),
            Where::Lookup(ctx, dev) => crate::stream::with_stream(ctx, dev, f),
        }
    }

    /// The stream position that waits and completion checks cover.
    fn end(&self) -> Token {
        Token {
            list: self.token.list,
            seq: self.through.get(),
        }
    }

    /// The stream position of the work (what [`ImmediateCommandList::wait_for`] and
    /// [`is_complete`](crate::ImmediateCommandList::is_complete) take).
    ///
    /// [`ImmediateCommandList::wait_for`]: crate::ImmediateCommandList::wait_for
    pub fn token(&self) -> Token {
        self.token
    }

    /// Whether the work has finished, and the event [`event`](Self::event) returned (if
    /// any) is signalled (polls the driver only while not).
    pub fn is_complete(&self) -> Result<bool> {
        self.enter(|s| s.is_complete(self.end()))
    }

    /// Waits for the work; a failure of it (or of earlier work of the stream) is the error.
    pub fn wait(&self) -> Result<()> {
        self.wait_timeout(None).map(drop)
    }

    /// Waits up to `timeout` (`None`: as long as it takes); `Ok(false)` on timeout.
    pub fn wait_timeout(&self, timeout: Option<Duration>) -> Result<bool> {
        self.enter(|s| s.wait_for(self.end(), timeout))
    }

    /// An event signalled when the work is done (already signalled if it is), for commands
    /// of other lists or queues to wait for. The stream signals it with a command appended
    /// after the work; from then on [`wait`](Self::wait) and [`is_complete`](Self::is_complete)
    /// cover that command as well, so the event is signalled once they say the work is done.
    pub fn event(&self) -> Result<Event> {
        let after = self.enter(|s| {
            let event = s.event_after(self.token)?;
            Ok(match event {
                Some(e) => Ok((e, s.last_token())),
                None => Err(s.context().clone()),
            })
        })?;
        match after {
            Ok((e, signal)) => {
                // `event_after` appended the signalling command last.
                self.through.set(self.through.get().max(signal.seq));
                Ok(e)
            }
            Err(ctx) => {
                let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1)?;
                let e = pool.event(0, EventScope::HOST, EventScope::HOST)?;
                e.signal()?;
                Ok(e)
            }
        }
    }
}
