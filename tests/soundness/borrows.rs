//! Item 2: owned views and launches. A launch that may write host-visible memory follows the
//! operations' rule: refused while owned views share it (one may be borrowed as a slice).

use super::{common, saxpy};
use level_zero::{default_context, default_device, CommandList, CommandQueue, Error, Grid, Kernel};
use onearray::{OneArray, SharedBuffer};

#[test]
fn a_writing_launch_is_refused_while_owned_views_share_host_memory() {
    let mut k = saxpy();
    let n = 1024;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut a = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let owned = a.view_owned(0..n).unwrap();
    let s: &[f32] = owned.as_slice();
    let r = k.run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut a));
    let Err(e) = r else {
        panic!("a launch wrote memory under a live slice")
    };
    assert!(matches!(e, Error::KernelArgument { index: 3, .. }), "{e}");
    assert!(e.to_string().contains("shared by 1 other view"), "{e}");
    assert!(s.iter().all(|&v| v == 1.0));
    // The owned view as the writer, while `a` lives: refused too (`a` may be borrowed).
    let mut owned = owned;
    let r = k.run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut owned));
    assert!(r
        .unwrap_err()
        .to_string()
        .contains("shared by 1 other view"));
    // A borrowed mutable view of `a` is the same memory.
    let r = k.run(
        Grid::for_len(n),
        (n as u32, 2.0f32, &x, a.view_mut(..).unwrap()),
    );
    assert!(r
        .unwrap_err()
        .to_string()
        .contains("shared by 1 other view"));
    // Recording it in a regular list is refused as well.
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut list = CommandList::new(&ctx, &dev).unwrap();
    let r = k
        .launch(Grid::for_len(n))
        .args((n as u32, 2.0f32, &x, &mut a))
        .record(&mut list);
    assert!(r
        .unwrap_err()
        .to_string()
        .contains("shared by 1 other view"));
    // Reading through the owned view is fine; once it is gone the launch runs.
    let mut out = OneArray::<f32>::zeroed(n).unwrap();
    k.run(Grid::for_len(n), (n as u32, 2.0f32, &owned, &mut out))
        .unwrap()
        .wait()
        .unwrap();
    drop(owned);
    k.run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut a))
        .unwrap()
        .wait()
        .unwrap();
    assert!(a.as_slice().iter().all(|&v| v == 3.0));
}

#[test]
fn device_memory_with_owned_views_may_be_written_by_a_launch() {
    // No host slice of device memory exists: the views only keep it alive.
    let mut k = saxpy();
    let n = 256;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut a = OneArray::<f32>::filled(n, 1.0).unwrap();
    let owned = a.view_owned(0..n).unwrap();
    k.run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut a))
        .unwrap()
        .wait()
        .unwrap();
    assert_eq!(owned.to_vec().unwrap(), vec![3.0; n]);
}

// ---------------------------------------------------------------------------------------
// Item 3: recorded lists and host borrows. A list that may write an array holds it like a
// writer from recording until it is reset or dropped.

/// Records `y = 2 x + y` over `n` elements in a new closed list.
fn record_saxpy(
    k: &mut Kernel,
    x: &OneArray<f32, SharedBuffer>,
    y: &mut OneArray<f32, SharedBuffer>,
) -> CommandList {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let n = y.len();
    let mut list = CommandList::new(&ctx, &dev).unwrap();
    k.launch(Grid::for_len(n))
        .args((n as u32, 2.0f32, x, y))
        .record(&mut list)
        .unwrap();
    list.close().unwrap();
    list
}

#[test]
fn a_recorded_writer_refuses_host_borrows_until_reset_or_dropped() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 512;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut list = record_saxpy(&mut k, &x, &mut y);
    let refused = y.try_as_slice().unwrap_err();
    assert!(
        matches!(
            refused,
            onearray::Error::HeldByList {
                lists: 1,
                write: false
            }
        ),
        "{refused:?}"
    );
    assert!(
        refused.to_string().contains("recorded command list"),
        "{refused}"
    );
    // The input the list only reads may be read, not written.
    assert_eq!(x.try_as_slice().unwrap()[0], 1.0);
    let mut x = x;
    assert!(matches!(
        x.try_as_mut_slice(),
        Err(onearray::Error::HeldByList { write: true, .. })
    ));
    let queue = CommandQueue::new(&ctx, &dev).unwrap();
    queue.execute(&[&list], None).unwrap();
    // Executed, still held: it may run again.
    assert!(y.try_as_slice().is_err());
    list.reset().unwrap();
    // Reset: the borrow waits for the execution already submitted.
    assert!(y.try_as_slice().unwrap().iter().all(|&v| v == 3.0));
    assert!(x.try_as_mut_slice().is_ok());
}

#[test]
fn a_host_borrow_takes_the_array_back_from_a_recorded_list() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 512;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let list = record_saxpy(&mut k, &x, &mut y);
    let queue = CommandQueue::new(&ctx, &dev).unwrap();
    // `as_slice` never panics or refuses: it takes `y` back from the list.
    let s: &[f32] = y.as_slice();
    let e = queue.execute(&[&list], None).unwrap_err();
    assert!(e.to_string().contains("borrowed on the host"), "{e}");
    queue.synchronize(None).unwrap();
    assert!(
        s.iter().all(|&v| v == 1.0),
        "the list wrote under a live slice"
    );
    // Recorded again, it runs.
    drop(list);
    let list = record_saxpy(&mut k, &x, &mut y);
    queue.execute(&[&list], None).unwrap();
    drop(list);
    assert!(y.as_slice().iter().all(|&v| v == 3.0));
}

#[test]
fn a_host_borrow_waits_for_an_execution_in_flight() {
    if !common::in_child(
        "borrows::a_host_borrow_waits_for_an_execution_in_flight",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "30000")],
    ) {
        return;
    }
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 4096;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let list = record_saxpy(&mut k, &x, &mut y);
    let queue = CommandQueue::new(&ctx, &dev).unwrap();
    queue.execute(&[&list], None).unwrap();
    // Taking `y` back waits for the execution submitted before (30 ms of delay).
    assert!(y.as_slice().iter().all(|&v| v == 3.0));
    assert!(queue.execute(&[&list], None).is_err());
}
