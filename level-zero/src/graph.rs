//! Record and replay graphs (`ZE_extension_record_replay_graph`, API 1.17): commands recorded
//! once on an immediate list ([`ImmediateCommandList::record_graph`]) and replayed on it, or on
//! another immediate list of the same context and queue group, as one append each
//! ([`ImmediateCommandList::replay`]). A graph keeps what its commands use alive, as a regular
//! [`CommandList`](crate::CommandList) does, and arrays its launches use hear of every replay
//! as they hear of a list's executions.

use crate::commands::{Commands, ListCore};
use crate::deps::{call_with_deps, Deps, RawDeps, Retained};
use crate::error::{invalid, Result};
use crate::immediate::{ImmediateCommandList, Token};
use crate::owned::Owned;
use crate::tracking::{ListUse, Recorder};
use level_zero_sys::*;
use std::ptr::null;
use std::sync::Arc;

/// A recorded graph, ready to replay. Clones share it.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// if dev.api_version() < (1, 17) {
///     return Ok(()); // graphs are 1.17's
/// }
/// let (a, b) = (Allocation::shared(&ctx, Some(&dev), 64, 0)?, Allocation::shared(&ctx, Some(&dev), 64, 0)?);
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// let graph = list.record_graph(|g| {
///     g.fill(&a, 0, 64, &[7], Deps::NONE)?;
///     g.copy(&b, 0, &a, 0, 64, Deps::NONE)
/// })?;
/// for _ in 0..3 {
///     list.replay(&graph, Deps::NONE)?;
/// }
/// list.synchronize()?;
/// // SAFETY: shared memory, no command pending.
/// assert_eq!(unsafe { *b.as_ptr().cast::<u8>().add(63) }, 7);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Graph(Arc<GraphInner>);

struct GraphInner {
    /// What a replay keeps alive until it has run.
    run: Arc<Replayable>,
    /// What hears of replays: held while the graph exists (not by replays in flight, which
    /// the memory knows of as its last use).
    uses: Vec<Arc<dyn ListUse>>,
    /// The list it was recorded on (its context, device and queue group).
    core: Arc<ListCore>,
}

/// The executable graph, the graph it came from, what their commands use.
struct Replayable {
    exec: Owned<ze_executable_graph_handle_t>,
    _graph: Owned<ze_graph_handle_t>,
    _retained: Vec<Retained>,
}

/// The commands of a graph being recorded ([`ImmediateCommandList::record_graph`]): every
/// [`Commands`] method, and [`Launch::record`](crate::Launch::record), work on it.
pub struct GraphRecorder<'l> {
    core: &'l Arc<ListCore>,
    retained: Vec<Retained>,
    uses: Vec<Arc<dyn ListUse>>,
}

impl crate::commands::sealed::Sealed for GraphRecorder<'_> {}

impl Commands for GraphRecorder<'_> {
    fn core(&self) -> &ListCore {
        self.core
    }

    fn record(
        &mut self,
        deps: Deps<'_>,
        mut retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
    ) -> Result<()> {
        // The list is in order (1.7 on): recorded commands run one after another.
        call_with_deps(self.core.ctx.dispatch(), deps, None, call)?;
        retain.extend(deps.retained());
        // What hears of runs (a launch keeps it with its command) is the graph's alone
        // (`hear_runs`): replays in flight do not hold it, they are the memory's last use.
        retain.retain(|r| !(**r).is::<Arc<dyn ListUse>>());
        self.retained.append(&mut retain);
        Ok(())
    }

    fn record_plain(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()> {
        self.record(Deps::NONE, retain, &mut |dispatch, _| call(dispatch))
    }
}

impl Recorder for GraphRecorder<'_> {
    fn hear_runs(&mut self, uses: Vec<Arc<dyn ListUse>>) {
        self.uses.extend(uses);
    }
}

impl ImmediateCommandList {
    /// Records what `f` appends as a graph (nothing runs now), to [`replay`](Self::replay).
    /// The list must not have a graph being recorded; where the driver or the API agreed
    /// has no graphs (before 1.17) this is the driver's or the version's error. If `f` fails,
    /// the recording ends and its error is returned.
    pub fn record_graph(
        &mut self,
        f: impl FnOnce(&mut GraphRecorder<'_>) -> Result<()>,
    ) -> Result<Graph> {
        self.core().ctx.check_lost()?;
        let core = self.core_arc().clone();
        let dispatch = core.ctx.dispatch();
        let list = core.handle.get();
        // SAFETY: a live immediate list; `&mut self` keeps other appends out while recording.
        unsafe { calls::command_list::begin_graph_capture_ext(dispatch, list, null()) }?;
        let mut recorder = GraphRecorder {
            core: &core,
            retained: Vec::new(),
            uses: Vec::new(),
        };
        let recorded = f(&mut recorder);
        let (retained, uses) = (recorder.retained, recorder.uses);
        // SAFETY: the list capturing since `begin` above.
        let graph = unsafe { calls::command_list::end_graph_capture_ext(dispatch, list, null()) }?;
        let graph = Owned::new(core.ctx.api(), graph);
        recorded?;
        // SAFETY: a recorded graph whose capture has ended.
        let exec = unsafe { calls::graph::instantiate_ext(dispatch, graph.get(), null()) }?;
        let run = Arc::new(Replayable {
            exec: Owned::new(core.ctx.api(), exec),
            _graph: graph,
            _retained: retained,
        });
        Ok(Graph(Arc::new(GraphInner { run, uses, core })))
    }

    /// Appends one replay of `graph` (recorded on a list of this context and queue group),
    /// after this list's earlier commands and `deps`'s waits; returns its token. Arrays its
    /// launches use are waited for (on the host) where last used elsewhere, then hear that
    /// this replay is their last use. One replay of a graph runs at a time (a second waits
    /// for the first, on whatever list).
    pub fn replay(&mut self, graph: &Graph, deps: Deps<'_>) -> Result<Token> {
        let g = &graph.0;
        let same = g.core.ctx == self.core().ctx && g.core.ordinal == self.core().ordinal;
        if !same {
            return Err(invalid(
                "a graph replays on an immediate list of the context and queue group it was \
                 recorded on",
            ));
        }
        let abandon = |prepared: &[Arc<dyn ListUse>]| prepared.iter().for_each(|u| u.abandoned());
        for (i, u) in g.uses.iter().enumerate() {
            if let Err(e) = u.before_execute() {
                abandon(&g.uses[..i]);
                return Err(e);
            }
        }
        let exec = g.run.exec.get();
        let handle = self.handle();
        // The replay keeps the graph's handles and what its commands use, and the memory of
        // its arrays (not their hold on host borrows, which is the graph's).
        let mut keep = vec![g.run.clone() as Retained];
        keep.extend(g.uses.iter().map(|u| u.keep_alive()));
        let appended = self.record(deps, keep, &mut |d, raw| {
            let (signal, n, waits) = raw;
            // SAFETY: a live list and executable graph of one context; the raw events are
            // the deps' (kept alive by the list).
            unsafe {
                calls::command_list::append_graph_ext(d, handle, exec, null(), signal, n, waits)
            }
        });
        if let Err(e) = appended {
            abandon(&g.uses);
            return Err(e);
        }
        let token = self.last_token();
        // Without the event (it could not be made), the token alone says when the replay ends.
        let done = if g.uses.is_empty() {
            None
        } else {
            self.event_after(token).ok().flatten()
        };
        for u in &g.uses {
            u.replayed(token, done.as_ref());
        }
        Ok(token)
    }
}
