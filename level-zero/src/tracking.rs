//! How memory hears of the launches that use it ([`LaunchUse`]) and of the executions of the
//! command lists and graphs that recorded them ([`ListUse`]): implemented by array types that
//! own pooled memory, called by launches, by [`CommandQueue::execute`](crate::CommandQueue::execute)
//! and by [`ImmediateCommandList::replay`](crate::ImmediateCommandList::replay).

use crate::command_queue::Execution;
use crate::commands::Commands;
use crate::error::Result;
use crate::event::Event;
use crate::immediate::Token;
use std::sync::Arc;

/// Tracks an argument's use by a launch (implemented by array types that own pooled memory).
pub trait LaunchUse {
    /// Called before a launch on the immediate list `list` (its [`Token::list`]): orders the
    /// launch after earlier uses of the memory on other lists, by returning an event the
    /// launch waits for on the device (or by waiting on the host when no event can say).
    fn before_launch(&self, list: u64) -> Result<Option<Event>>;
    /// Called once the launch is appended: `token` is its last use of the memory. A launch
    /// on a list other than this thread's stream also gives `done`, an event it signals on
    /// completion, so the memory's next user elsewhere can wait for it without polling that
    /// list.
    fn launched(&self, token: Token, done: Option<&Event>);
    /// Called when the launch is recorded in a regular [`CommandList`](crate::CommandList) (not run yet): what the
    /// list keeps to hear of its executions, keeping the memory alive meanwhile (the list holds
    /// it instead of the bare allocation). `None`: the list keeps the allocation only. An
    /// error refuses the launch.
    ///
    /// `writable`: whether the launch may write the memory (the list then holds it like a
    /// writer: its owner refuses host borrows that the list's executions would race).
    fn recorded(&self, writable: bool) -> Result<Option<Arc<dyn ListUse>>> {
        let _ = writable;
        Ok(None)
    }
}

/// Memory used by a launch recorded in a regular [`CommandList`](crate::CommandList), told of the list's
/// executions by [`CommandQueue::execute`](crate::CommandQueue::execute).
pub trait ListUse: Send + Sync {
    /// Before an execution of the list: waits (on the host) for the memory's pending uses
    /// elsewhere.
    fn before_execute(&self) -> Result<()>;
    /// The list was submitted: `execution` is now the memory's last use.
    fn executed(&self, execution: &Execution);
    /// The execution that [`before_execute`](Self::before_execute) prepared failed before it
    /// was submitted (nothing runs).
    fn abandoned(&self) {}
    /// A replay of a [`Graph`](crate::Graph) that recorded the launch was appended to an
    /// immediate list (after [`before_execute`](Self::before_execute)): `token` is now the
    /// memory's last use, and `done` an event signalled once it has run.
    fn replayed(&self, token: Token, done: Option<&Event>);
    /// What keeps the memory alive (and nothing more: not the hold on host borrows), for a
    /// replay in flight to keep until it has run.
    fn keep_alive(&self) -> crate::deps::Retained;
}

/// A list that records commands to run later: a regular [`CommandList`](crate::CommandList),
/// or a [`Graph`](crate::Graph) being recorded ([`GraphRecorder`](crate::GraphRecorder)). A
/// launch recorded in it ([`Launch::record`](crate::Launch::record)) gives it what hears of its
/// runs.
pub trait Recorder: Commands {
    /// Keeps `uses` to tell them of every run.
    #[doc(hidden)]
    fn hear_runs(&mut self, uses: Vec<Arc<dyn ListUse>>);
}
