//! Command lists, regular and immediate: creation and the memory, barrier, event and
//! timestamp commands.

use crate::abi::*;
use crate::command::{Command, Op};
use crate::engine::{Engine, Job};
use crate::event::{signal_event, wait_list, Event};
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// A regular list's recorded commands. Closing freezes them into a shared snapshot that
/// queues execute (so a reset or destroy never disturbs work in flight).
/// A regular list's commands: recorded until it is closed, then run as they were closed.
#[derive(Default)]
struct Recording {
    ops: Vec<Op>,
    closed: Option<Arc<[Op]>>,
}

#[derive(Default)]
pub struct RegularList(Mutex<Recording>);

impl RegularList {
    fn lock(&self) -> std::sync::MutexGuard<'_, Recording> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Closes the list (`zeCommandListClose`): what it recorded is what it runs. A list is
    /// closed once.
    pub fn close(&self) -> ZeResult {
        let mut rec = self.lock();
        ensure(rec.closed.is_none(), INVALID_ARGUMENT)?;
        let ops = std::mem::take(&mut rec.ops);
        rec.closed = Some(Arc::from(ops));
        Ok(())
    }

    /// Empty and open again (`zeCommandListReset`).
    pub fn reset(&self) {
        *self.lock() = Recording::default();
    }

    /// The closed list's commands, for execution; a list that is not closed cannot run.
    pub fn snapshot(&self) -> ZeResult<Arc<[Op]>> {
        self.lock().closed.clone().ok_or(INVALID_ARGUMENT)
    }
}

pub enum ListKind {
    Regular(RegularList),
    Immediate { engine: Engine, synchronous: bool },
}

/// A command list.
pub struct CommandList {
    /// The context's and the device's handles (addresses) it was created with.
    pub context: usize,
    pub device: usize,
    /// Its queue group; for an immediate list also its queue's index in the group.
    pub ordinal: u32,
    pub index: u32,
    pub kind: ListKind,
}

impl Object for CommandList {
    const KIND: HandleKind = HandleKind::CommandList;
}

static NEVER_STOP: AtomicBool = AtomicBool::new(false);

impl CommandList {
    /// Records (regular), runs now (synchronous immediate) or submits (asynchronous immediate).
    pub fn append(&self, op: Op) -> ZeResult {
        match &self.kind {
            ListKind::Regular(list) => {
                let mut rec = list.lock();
                ensure(rec.closed.is_none(), INVALID_ARGUMENT)?;
                rec.ops.push(op);
                Ok(())
            }
            ListKind::Immediate {
                engine,
                synchronous: true,
            } => {
                // Every earlier command has finished (each append waits), so running on the
                // caller's thread keeps the order. (Every list runs in order: a regular list's
                // commands one after another on its queue's worker, an asynchronous immediate
                // list's on its own; `ZE_COMMAND_LIST_FLAG_IN_ORDER` and
                // `ZE_COMMAND_QUEUE_FLAG_IN_ORDER` ask for nothing more.)
                engine.synchronize(u64::MAX)?;
                let signal = op.bind_signal();
                op.execute(&NEVER_STOP, Vec::new(), signal.as_ref())
                    .map_err(|message| {
                        engine.record_failure(&message);
                        engine.take_failure().unwrap_err()
                    })
            }
            ListKind::Immediate {
                engine,
                synchronous: false,
            } => {
                engine.submit(Job {
                    lists: vec![Arc::from([op])],
                    done: None,
                });
                Ok(())
            }
        }
    }
}

/// The list behind a handle.
pub fn command_list(handle: ze_command_list_handle_t) -> ZeResult<Arc<CommandList>> {
    crate::driver::initialised()?;
    handle::get::<CommandList, _>(handle)
}

/// An append's signal event and wait list.
type EventArgs = (Option<Arc<Event>>, Vec<Arc<Event>>);

/// The signal event and wait list every append takes.
///
/// # Safety
/// A non-null `waits` must hold `count` handles.
unsafe fn events(
    signal: ze_event_handle_t,
    count: u32,
    waits: *mut ze_event_handle_t,
) -> ZeResult<EventArgs> {
    let signal = signal_event(signal)?;
    // The spec's code for a missing wait list is a size error, not a null pointer.
    ensure(count == 0 || !waits.is_null(), INVALID_SIZE)?;
    // SAFETY: forwarded caller contract.
    Ok((signal, unsafe { wait_list(count, waits)? }))
}

/// Validates the list and events, builds the command with `make`, and appends it.
///
/// # Safety
/// A non-null `waits` must hold `count` handles.
pub unsafe fn append_with(
    list: ze_command_list_handle_t,
    signal: ze_event_handle_t,
    count: u32,
    waits: *mut ze_event_handle_t,
    make: impl FnOnce() -> ZeResult<Command>,
) -> ZeResult {
    let list = command_list(list)?;
    // SAFETY: forwarded caller contract.
    let (signal, waits) = unsafe { events(signal, count, waits)? };
    let command = make()?;
    list.append(Op::new(command, signal, waits))
}
