//! Graphs (record and replay, API 1.17) follow the rules of recorded lists: a graph keeps what
//! its commands use alive, holds the arrays its launches may write like a writer (host
//! borrows are refused while it exists), and every replay becomes their last use.

use super::saxpy;
use level_zero::{default_context, default_device, Deps, Grid, ImmediateCommandList};
use onearray::{OneArray, SharedBuffer};

fn list() -> ImmediateCommandList {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    ImmediateCommandList::new(&ctx, &dev).unwrap()
}

/// Replays run in order, on any list of the context, and a host read after them sees all of
/// them; the writer is held (no host borrow) while the graph exists.
#[test]
fn a_graph_holds_its_arrays_and_replays_are_their_last_use() {
    let mut k = saxpy();
    let n = 1024;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(n, 0.0).unwrap();
    let mut a = list();
    let graph = a
        .record_graph(|g| {
            k.launch(Grid::for_len(n))
                .args((n as u32, 2.0f32, &x, &mut y))
                .record(g)
        })
        .unwrap();
    // Recorded, not run.
    assert!(matches!(
        y.try_as_slice(),
        Err(onearray::Error::HeldByList { write: false, .. })
    ));
    let mut b = list();
    a.replay(&graph, Deps::NONE).unwrap();
    b.replay(&graph, Deps::NONE).unwrap();
    a.replay(&graph, Deps::NONE).unwrap();
    drop(graph);
    // The graph is gone: the borrow waits for the replays, which ran one after another.
    assert!(y.try_as_slice().unwrap().iter().all(|&v| v == 6.0));
}

/// An array dropped while a graph that writes it lives keeps its memory for the graph: a new
/// array never receives the graph's writes.
#[test]
fn an_array_dropped_under_a_graph_keeps_its_memory_for_it() {
    let mut k = saxpy();
    let n = 4096;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 0.0).unwrap();
    let mut l = list();
    let graph = l
        .record_graph(|g| {
            k.launch(Grid::for_len(n))
                .args((n as u32, 2.0f32, &x, &mut y))
                .record(g)
        })
        .unwrap();
    drop(y);
    let z = OneArray::<f32>::filled(n, 5.0).unwrap();
    for _ in 0..3 {
        l.replay(&graph, Deps::NONE).unwrap();
    }
    l.synchronize().unwrap();
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 5.0));
}

/// A recording that fails ends: its error is returned and the list works on.
#[test]
fn a_failed_recording_ends_and_the_list_works_on() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let buf = level_zero::Allocation::shared(&ctx, Some(&dev), 64, 0).unwrap();
    let mut l = list();
    let r = l.record_graph(|g| {
        use level_zero::Commands;
        g.fill(&buf, 0, 64, &[1], Deps::NONE)?;
        g.fill(&buf, 0, 128, &[1], Deps::NONE)
    });
    assert!(r.is_err());
    use level_zero::Commands;
    l.fill(&buf, 0, 64, &[9], Deps::NONE).unwrap();
    l.synchronize().unwrap();
    // SAFETY: shared memory, nothing pending.
    assert_eq!(unsafe { *buf.as_ptr().cast::<u8>().add(63) }, 9);
}

/// A graph and the array it writes dropped while a replay waits to run: the array's memory
/// goes to nobody before the replay has run (the replay is its last use).
#[test]
fn memory_outlives_a_pending_replay_of_a_dropped_graph() {
    use level_zero::{EventPool, EventPoolFlags, EventScope};
    let (ctx, _) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 4096;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 0.0).unwrap();
    let mut l = list();
    let graph = l
        .record_graph(|g| {
            k.launch(Grid::for_len(n))
                .args((n as u32, 2.0f32, &x, &mut y))
                .record(g)
        })
        .unwrap();
    let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1).unwrap();
    let gate = pool.event(0, EventScope::HOST, EventScope::HOST).unwrap();
    l.replay(&graph, Deps::wait(&[&gate])).unwrap();
    drop(graph);
    drop(y);
    let z = OneArray::<f32>::filled(n, 5.0).unwrap();
    gate.signal().unwrap();
    l.synchronize().unwrap();
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 5.0));
}
