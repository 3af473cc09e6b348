//! Command lists, regular and immediate: creation and the memory, barrier, event and
//! timestamp commands.

use crate::abi::*;
use crate::command::{Command, Op};
use crate::engine::{Engine, Job};
use crate::event::{signal_event, wait_list, Event};
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// A regular list's commands: recorded until it is closed, then run as they were closed.
/// Closing freezes them into a shared snapshot that queues execute (so a reset or destroy
/// never disturbs work in flight).
#[derive(Default)]
struct Recording {
    ops: Vec<Op>,
    closed: Option<Arc<[Op]>>,
    /// A mutable list (`ZE_experimental_mutable_command_list`): the commands whose ids were
    /// handed out, by id (the command's index in the list).
    mutable: Option<HashMap<u64, Mutable>>,
}

/// What a mutable command can have changed here (`ze_mutable_command_exp_flags_t`): kernel
/// arguments, group count, group size, global offset, signal event, wait events; not the
/// kernel itself, nor graph arguments.
pub const MUTABLE_FLAGS: u32 = 0x3f;

/// A mutable command: what may change (`ze_mutable_command_exp_flags_t`), and how many events
/// its command waited for when appended (a new wait list has as many).
#[derive(Clone, Copy)]
pub struct Mutable {
    pub flags: u32,
    pub waits: usize,
}

#[derive(Default)]
pub struct RegularList(Mutex<Recording>);

impl RegularList {
    /// A mutable list: its commands may be changed after it is closed.
    pub fn mutable() -> RegularList {
        RegularList(Mutex::new(Recording {
            mutable: Some(HashMap::new()),
            ..Default::default()
        }))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Recording> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn is_mutable(&self) -> bool {
        self.lock().mutable.is_some()
    }

    /// Closes the list (`zeCommandListClose`): what it recorded is what it runs. A list is
    /// closed once; a mutable one may be closed again after its commands were updated.
    pub fn close(&self) -> ZeResult {
        let mut rec = self.lock();
        if rec.closed.is_some() {
            return if rec.mutable.is_some() {
                Ok(())
            } else {
                Err(INVALID_ARGUMENT)
            };
        }
        let ops = std::mem::take(&mut rec.ops);
        rec.closed = Some(Arc::from(ops));
        Ok(())
    }

    /// Empty and open again (`zeCommandListReset`); a mutable list stays mutable.
    pub fn reset(&self) {
        let mut rec = self.lock();
        let mutable = rec.mutable.as_ref().map(|_| HashMap::new());
        *rec = Recording {
            mutable,
            ..Default::default()
        };
    }

    /// The closed list's commands, for execution; a list that is not closed cannot run.
    pub fn snapshot(&self) -> ZeResult<Arc<[Op]>> {
        self.lock().closed.clone().ok_or(INVALID_ARGUMENT)
    }

    /// The id of the next command appended, which may then be changed as `flags` say
    /// (`zeCommandListGetNextCommandIdExp`): the list is mutable and open.
    pub fn reserve(&self, flags: u32) -> ZeResult<u64> {
        let mut rec = self.lock();
        ensure(rec.closed.is_none(), INVALID_ARGUMENT)?;
        let id = rec.ops.len() as u64;
        let mutable = rec.mutable.as_mut().ok_or(INVALID_ARGUMENT)?;
        mutable.insert(id, Mutable { flags, waits: 0 });
        Ok(id)
    }

    /// Whether the next command appended has an id (so a launch keeps what it needs to be
    /// changed later).
    pub fn next_is_mutable(&self) -> Option<u64> {
        let rec = self.lock();
        let id = rec.ops.len() as u64;
        rec.mutable.as_ref()?.contains_key(&id).then_some(id)
    }

    /// Changes mutable command `id` with `change`, which is given what may change and the
    /// command; the list's executions must have finished (`INVALID_ARGUMENT` while one
    /// holds the commands, or for an id not handed out).
    pub fn update<T>(
        &self,
        id: u64,
        change: impl FnOnce(Mutable, &mut Op) -> ZeResult<T>,
    ) -> ZeResult<T> {
        let mut rec = self.lock();
        let rec = &mut *rec;
        let what = *rec
            .mutable
            .as_ref()
            .and_then(|m| m.get(&id))
            .ok_or(INVALID_ARGUMENT)?;
        let op = match &mut rec.closed {
            Some(closed) => Arc::get_mut(closed)
                .ok_or(INVALID_ARGUMENT)?
                .get_mut(id as usize),
            None => rec.ops.get_mut(id as usize),
        };
        change(what, op.ok_or(INVALID_ARGUMENT)?)
    }
}

pub enum ListKind {
    Regular(RegularList),
    Immediate {
        engine: Engine,
        synchronous: bool,
        /// The graph capture this list records into, while it does
        /// (`zeCommandListBeginGraphCaptureExt`, or a fork: see [`Capture`]).
        capture: Mutex<Option<Arc<Capture>>>,
    },
}

/// What a graph capture records (`ZE_extension_record_replay_graph`): the appends of every
/// asynchronous immediate list capturing into it, in the order the host made them. The
/// primary list is the one capture began on; a list that appends a wait for an event a
/// recorded command signals joins the capture (a fork). Replays run the commands in that one
/// order, so a wait for an event a recorded command signals is met by the order itself and is
/// not recorded; a wait for any other event is kept.
#[derive(Default)]
pub struct Capture {
    state: Mutex<CaptureState>,
    /// The graph's handle (`zeCommandListGetGraphExt`), set as capture begins.
    pub graph: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct CaptureState {
    ops: Vec<Op>,
    /// The events recorded commands signal, by address.
    signalled: HashSet<usize>,
    /// The lists capturing (the primary first).
    lists: Vec<Weak<CommandList>>,
    /// Capture has ended: the recorded commands, frozen for replays.
    frozen: Option<Arc<[Op]>>,
}

/// Every capture in progress, for forks and for host waits on recorded events.
static CAPTURES: Mutex<Vec<Weak<Capture>>> = Mutex::new(Vec::new());
/// How many captures are in progress (a fast check before [`CAPTURES`] is locked).
static CAPTURING: AtomicUsize = AtomicUsize::new(0);

fn key(event: &Arc<Event>) -> usize {
    Arc::as_ptr(event) as usize
}

impl Capture {
    fn lock(&self) -> std::sync::MutexGuard<'_, CaptureState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records `op` (its waits for events recorded commands signal dropped, the others
    /// resolved now).
    fn record(&self, mut op: Op) {
        let mut state = self.lock();
        op.waits.retain(|w| !state.signalled.contains(&key(w)));
        op.waits = op.waits.iter().map(Event::resolve).collect();
        if let Some(signal) = &op.signal {
            state.signalled.insert(key(signal));
        }
        state.ops.push(op);
    }

    /// The capture in progress one of whose recorded commands signals `event`.
    fn signalling(event: &Arc<Event>) -> Option<Arc<Capture>> {
        if CAPTURING.load(Ordering::Acquire) == 0 {
            return None;
        }
        let captures = CAPTURES.lock().unwrap_or_else(|e| e.into_inner());
        captures
            .iter()
            .filter_map(Weak::upgrade)
            .find(|c| c.lock().signalled.contains(&key(event)))
    }

    /// Whether a capture in progress records a command that signals `event` (a host wait for
    /// it could never end: `ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED`).
    pub fn records_signal_of(event: &Arc<Event>) -> bool {
        Capture::signalling(event).is_some()
    }

    /// Starts capturing `list` (an asynchronous immediate list not capturing) into `capture`
    /// (new, or of a graph never captured into: `INVALID_ARGUMENT` otherwise).
    pub fn begin(list: &Arc<CommandList>, capture: &Arc<Capture>) -> ZeResult {
        ensure(!capture.is_used(), INVALID_ARGUMENT)?;
        list.join(capture)?;
        CAPTURES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Arc::downgrade(capture));
        CAPTURING.fetch_add(1, Ordering::AcqRel);
        Ok(())
    }

    /// Ends capture on every list in it, if `list` is its primary one; the recorded commands
    /// are frozen.
    pub fn end(&self, list: &Arc<CommandList>) -> ZeResult {
        let mut state = self.lock();
        let primary = state.lists.first().and_then(Weak::upgrade);
        ensure(
            primary.is_some_and(|p| Arc::ptr_eq(&p, list)),
            ze_result_t::ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
        )?;
        for l in state.lists.drain(..).filter_map(|l| l.upgrade()) {
            if let ListKind::Immediate { capture, .. } = &l.kind {
                *capture.lock().unwrap_or_else(|e| e.into_inner()) = None;
            }
        }
        state.frozen = Some(Arc::from(std::mem::take(&mut state.ops)));
        drop(state);
        let me = self as *const Capture;
        CAPTURES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|c| c.strong_count() > 0 && !std::ptr::eq(c.as_ptr(), me));
        CAPTURING.fetch_sub(1, Ordering::AcqRel);
        Ok(())
    }

    /// The recorded commands, once capture has ended (`None` before).
    pub fn frozen(&self) -> Option<Arc<[Op]>> {
        self.lock().frozen.clone()
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        let state = self.lock();
        state.ops.is_empty() && state.frozen.as_ref().is_none_or(|f| f.is_empty())
    }

    /// Whether capture is in progress.
    pub fn is_recording(&self) -> bool {
        !self.lock().lists.is_empty()
    }

    /// The names of the recorded commands, in order (`zeGraphDumpContentsExt`).
    pub fn command_names(&self) -> Vec<&'static str> {
        let state = self.lock();
        let ops = state.frozen.as_deref().unwrap_or(&state.ops);
        ops.iter().map(|op| op.command.name()).collect()
    }

    /// Whether capture has begun (a graph captured into must be empty and unused).
    pub fn is_used(&self) -> bool {
        let state = self.lock();
        !state.lists.is_empty() || state.frozen.is_some()
    }
}

/// A command list.
pub struct CommandList {
    /// The context's and the device's handles (addresses) it was created with.
    pub context: usize,
    pub device: usize,
    /// Its queue group; for an immediate list also its queue's index in the group.
    pub ordinal: u32,
    pub index: u32,
    /// The flags it was created with: a regular list's `ze_command_list_flags_t`
    /// (`zeCommandListGetFlags`); an immediate list's queue's, its mode and priority
    /// (`zeCommandListImmediateGetFlags`, ...).
    pub flags: ze_command_list_flags_t,
    pub queue: Option<crate::context::QueueSettings>,
    pub kind: ListKind,
}

impl Object for CommandList {
    const KIND: HandleKind = HandleKind::CommandList;
}

static NEVER_STOP: AtomicBool = AtomicBool::new(false);

impl CommandList {
    /// The capture this list records into, if it does.
    pub fn capture(&self) -> Option<Arc<Capture>> {
        match &self.kind {
            ListKind::Immediate { capture, .. } => {
                capture.lock().unwrap_or_else(|e| e.into_inner()).clone()
            }
            ListKind::Regular(_) => None,
        }
    }

    /// Makes this list (asynchronous, immediate, not capturing) record into `into`.
    pub fn join(self: &Arc<Self>, into: &Arc<Capture>) -> ZeResult {
        let ListKind::Immediate {
            capture,
            synchronous: false,
            ..
        } = &self.kind
        else {
            return Err(INVALID_ARGUMENT);
        };
        let mut capture = capture.lock().unwrap_or_else(|e| e.into_inner());
        ensure(capture.is_none(), INVALID_ARGUMENT)?;
        *capture = Some(into.clone());
        into.lock().lists.push(Arc::downgrade(self));
        Ok(())
    }

    /// Appends `op`: records it (regular list, or a list capturing a graph), runs it now
    /// (synchronous immediate) or submits it (asynchronous immediate). Its waits for
    /// counter-based events are resolved to their current tracking points here; an
    /// asynchronous immediate list that waits for an event a capture records the signal of
    /// joins that capture (a fork).
    pub fn append(self: &Arc<Self>, mut op: Op) -> ZeResult {
        if let ListKind::Immediate {
            synchronous: false, ..
        } = &self.kind
        {
            let capture = self.capture().or_else(|| {
                let forked = op.waits.iter().find_map(Capture::signalling)?;
                self.join(&forked).ok().map(|()| forked)
            });
            if let Some(capture) = capture {
                capture.record(op);
                return Ok(());
            }
        }
        op.waits = op.waits.iter().map(Event::resolve).collect();
        if let ListKind::Regular(list) = &self.kind {
            let mut rec = list.lock();
            ensure(rec.closed.is_none(), INVALID_ARGUMENT)?;
            let id = rec.ops.len() as u64;
            if let Some(command) = rec.mutable.as_mut().and_then(|m| m.get_mut(&id)) {
                command.waits = op.waits.len();
            }
            rec.ops.push(op);
            return Ok(());
        }
        self.run(vec![Arc::from([op])])
    }

    /// The commands of this closed regular list, for a queue or an immediate list of group
    /// `ordinal` to run (`INVALID_COMMAND_LIST_TYPE` for another group's list,
    /// `INVALID_ARGUMENT` for an immediate or open list).
    pub fn closed_for(&self, ordinal: u32) -> ZeResult<Arc<[Op]>> {
        ensure(
            self.ordinal == ordinal,
            ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
        )?;
        match &self.kind {
            ListKind::Regular(state) => state.snapshot(),
            ListKind::Immediate { .. } => Err(INVALID_ARGUMENT),
        }
    }

    /// Runs closed regular lists' commands on this immediate list
    /// (`zeCommandListImmediateAppendCommandListsExp`), in order with its own: after its
    /// earlier commands and `waits`, before its later commands; `signal` once the last has run
    /// (failed if one of them failed). A regular list is no argument for it (`INVALID_ARGUMENT`,
    /// as in Intel's driver), nor one capturing a graph (`GRAPH_CAPTURE_UNSUPPORTED`).
    pub fn append_lists(
        &self,
        lists: Vec<Arc<[Op]>>,
        signal: Option<Arc<Event>>,
        waits: Vec<Arc<Event>>,
    ) -> ZeResult {
        ensure(
            matches!(self.kind, ListKind::Immediate { .. }),
            INVALID_ARGUMENT,
        )?;
        ensure(
            self.capture().is_none(),
            ze_result_t::ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED,
        )?;
        let waits = waits.iter().map(Event::resolve).collect();
        let mut all = Vec::with_capacity(lists.len() + 2);
        all.push(Arc::from([Op::new(Command::Nop, None, waits)]));
        all.extend(lists);
        all.push(Arc::from([Op::new(Command::Nop, signal, Vec::new())]));
        self.run(all)
    }

    /// Runs now (synchronous immediate list) or submits (asynchronous) op lists whose waits are
    /// resolved; a regular list takes ops one by one ([`append`](Self::append)). After a
    /// failed command the rest is skipped, their events failed (as the engine does).
    pub fn run(&self, lists: Vec<Arc<[Op]>>) -> ZeResult {
        let ListKind::Immediate {
            engine,
            synchronous,
            ..
        } = &self.kind
        else {
            // A regular list records ops one by one (`append`).
            return Err(INVALID_ARGUMENT);
        };
        if !synchronous {
            engine.submit(Job { lists, done: None });
            return Ok(());
        }
        // Every earlier command has finished (each append waits), so running on the caller's
        // thread keeps the order. (Every list runs in order: a regular list's commands one
        // after another on its queue's worker, an asynchronous immediate list's on its own;
        // `ZE_COMMAND_LIST_FLAG_IN_ORDER` and `ZE_COMMAND_QUEUE_FLAG_IN_ORDER` ask for nothing
        // more.)
        engine.synchronize(u64::MAX)?;
        let mut ops = lists.iter().flat_map(|list| list.iter());
        for op in ops.by_ref() {
            let signal = op.bind_signal();
            if let Err(message) = op.execute(&NEVER_STOP, op.hold(), signal.as_ref()) {
                let skipped: crate::fault::Text =
                    format!("not run: an earlier command of its submission failed: {message}")
                        .into();
                ops.filter_map(Op::bind_signal)
                    .for_each(|event| event.fail(&skipped));
                engine.record_failure(&message);
                return Err(engine
                    .take_failure()
                    .err()
                    .unwrap_or(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST));
            }
        }
        Ok(())
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
pub unsafe fn events(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Owner;
    use crate::engine::tests::fill;

    /// A list of `kind` on no context or device.
    fn list(kind: ListKind) -> CommandList {
        CommandList {
            context: 0,
            device: 0,
            ordinal: 0,
            index: 0,
            flags: ze_command_list_flags_t(0),
            queue: None,
            kind,
        }
    }

    fn immediate(synchronous: bool) -> Arc<CommandList> {
        Arc::new(list(ListKind::Immediate {
            engine: Engine::new("append_lists test".into(), Owner::default()),
            synchronous,
            capture: Default::default(),
        }))
    }

    /// Closed lists appended to an immediate list run in order, between its own commands, on
    /// either kind of immediate list; a regular list appends none.
    #[test]
    fn appended_lists_run_in_order() {
        for synchronous in [false, true] {
            let (mut a, mut b) = (vec![0u8; 64], vec![0u8; 64]);
            let list = immediate(synchronous);
            list.append(fill(&mut a, vec![1])).unwrap();
            let lists: Vec<Arc<[Op]>> = vec![
                vec![fill(&mut a, vec![2])].into(),
                vec![fill(&mut b, vec![3]), fill(&mut a, vec![4])].into(),
            ];
            list.append_lists(lists, None, Vec::new()).unwrap();
            list.append(fill(&mut b, vec![5])).unwrap();
            let ListKind::Immediate { engine, .. } = &list.kind else {
                unreachable!()
            };
            engine.synchronize(u64::MAX).unwrap();
            assert!(a.iter().all(|&x| x == 4), "{synchronous}");
            assert!(b.iter().all(|&x| x == 5), "{synchronous}");
        }
        let regular = list(ListKind::Regular(RegularList::default()));
        assert_eq!(
            regular.append_lists(Vec::new(), None, Vec::new()),
            Err(INVALID_ARGUMENT)
        );
    }

    /// On a synchronous immediate list, a failed command (here a fill with an empty pattern,
    /// which panics) fails the append with `DEVICE_LOST` and the rest of the lists is skipped.
    #[test]
    fn a_failed_command_skips_the_rest_of_the_lists() {
        let mut skipped = vec![0u8; 64];
        let list = immediate(true);
        let lists: Vec<Arc<[Op]>> = vec![
            vec![fill(&mut [0u8; 8], Vec::new())].into(),
            vec![fill(&mut skipped, vec![7])].into(),
        ];
        assert_eq!(
            list.append_lists(lists, None, Vec::new()),
            Err(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
        );
        assert!(skipped.iter().all(|&x| x == 0));
    }
}
