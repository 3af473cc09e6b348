//! Record and replay graphs (`ZE_extension_record_replay_graph`, 1.17): a graph holds what a
//! capture recorded ([`Capture`]); an executable graph replays it on an immediate list. A
//! replay submits the recorded commands as they were recorded (their memory, arguments and
//! events were checked at capture): nothing is validated again.

use crate::abi::*;
use crate::command::{Command, Op};
use crate::command_list::{Capture, CommandList};
use crate::event::{Event, Slot, Slots};
use crate::handle::{HandleKind, Object};
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A host function `zeGraphSetDestructionCallbackExt` registered, with its user data.
type Callback = (unsafe extern "C" fn(*mut c_void), usize);

/// A recorded graph.
pub struct Graph {
    pub context: usize,
    pub capture: Arc<Capture>,
    /// The list capture began on, as its handle (`zeGraphGetPrimaryCommandListExt`); 0 before.
    pub primary: AtomicUsize,
    callbacks: Mutex<Vec<Callback>>,
    /// Executable graphs made from it that are alive (it cannot be destroyed before them).
    pub instances: AtomicUsize,
}

impl Object for Graph {
    const KIND: HandleKind = HandleKind::Graph;
}

impl Graph {
    pub fn new(context: usize, capture: Arc<Capture>) -> Graph {
        Graph {
            context,
            capture,
            primary: AtomicUsize::new(0),
            callbacks: Mutex::new(Vec::new()),
            instances: AtomicUsize::new(0),
        }
    }

    /// Registers a function called (with `data`) when the graph is destroyed.
    pub fn on_destroy(&self, callback: unsafe extern "C" fn(*mut c_void), data: usize) {
        self.callbacks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((callback, data));
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        let callbacks = std::mem::take(self.callbacks.get_mut().unwrap_or_else(|e| e.into_inner()));
        for (callback, data) in callbacks {
            // SAFETY: a host function the application registered for this moment, given the
            // user data it registered with it (the extension's contract).
            unsafe { callback(data as *mut c_void) };
        }
    }
}

/// An executable graph: the recorded commands, replayed one execution at a time.
pub struct ExecutableGraph {
    pub graph: Arc<Graph>,
    /// The source graph's handle (`zeExecutableGraphGetSourceGraphExt`).
    pub source: usize,
    ops: Arc<[Op]>,
    /// A counter-based event each replay signals last and the next waits for first, so that
    /// executions of one executable graph never overlap.
    done: Arc<Event>,
}

impl Object for ExecutableGraph {
    const KIND: HandleKind = HandleKind::ExecutableGraph;
}

impl ExecutableGraph {
    /// An executable graph of `graph` (handle `source`), whose capture has ended
    /// (`INVALID_ARGUMENT` while it records).
    pub fn instantiate(graph: Arc<Graph>, source: usize) -> ZeResult<ExecutableGraph> {
        let ops = match graph.capture.frozen() {
            Some(ops) => ops,
            None if !graph.capture.is_used() => Arc::from(Vec::new()),
            None => return Err(INVALID_ARGUMENT),
        };
        let slot = Slots::Local(Box::new([Slot::default()]));
        let none = ze_event_scope_flags_t(0);
        let mut done = Event::alone(graph.context, 0, slot, false, (none, none));
        done.make_counter_based(ze_event_counter_based_flags_t(
            ze_event_counter_based_flag_t::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE.0,
        ));
        graph.instances.fetch_add(1, Ordering::AcqRel);
        Ok(ExecutableGraph {
            graph,
            source,
            ops,
            done: Arc::new(done),
        })
    }

    /// Replays the graph on `list` (an immediate list that is not capturing) after `waits` and
    /// the previous replay, then signals `signal`.
    pub fn replay(
        &self,
        list: &CommandList,
        signal: Option<Arc<Event>>,
        waits: Vec<Arc<Event>>,
    ) -> ZeResult {
        ensure(
            list.capture().is_none(),
            ze_result_t::ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
        )?;
        let mut waits: Vec<_> = waits.iter().map(Event::resolve).collect();
        waits.push(self.done.resolve());
        let before = Op::new(Command::Nop, None, waits);
        let mut after = vec![Op::new(Command::Nop, Some(self.done.clone()), Vec::new())];
        if let Some(signal) = signal {
            after.push(Op::new(Command::Nop, Some(signal), Vec::new()));
        }
        list.run(vec![
            Arc::from([before]),
            self.ops.clone(),
            Arc::from(after),
        ])
    }
}

impl Drop for ExecutableGraph {
    fn drop(&mut self) {
        self.graph.instances.fetch_sub(1, Ordering::AcqRel);
    }
}
