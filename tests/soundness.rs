//! The safe API is sound (issue 24): programs that try to write memory under a live borrow,
//! reach memory by raw address, or deadlock through safe code. Each section is one item of the
//! issue; each test fails on the code from before it.

mod common;

use level_zero::{
    default_context, default_device, CommandList, CommandQueue, Error, Grid, Kernel, Module,
};
use onearray::{OneArray, SharedBuffer};
use std::sync::mpsc;
use std::time::Duration;

fn saxpy() -> Kernel {
    Module::new(include_bytes!("../examples/saxpy.spv"))
        .unwrap()
        .kernel("saxpy")
        .unwrap()
}

/// Runs `f` on a thread of its own and fails the test if it has not returned within `secs`
/// (a deadlock would otherwise hang the test run).
fn within<R: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(r) => r,
        Err(_) => panic!("{what}: no answer after {secs} s (deadlock)"),
    }
}

// ---------------------------------------------------------------------------------------
// Item 2: owned views and launches. A launch that may write host-visible memory follows the
// operations' rule: refused while owned views share it (one may be borrowed as a slice).

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
        "a_host_borrow_waits_for_an_execution_in_flight",
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

// ---------------------------------------------------------------------------------------
// Item 4: arrays handed to another thread with work pending. The other thread's blocking
// calls return once the work is done, without the issuing thread's help (which may be
// blocked joining it).

#[test]
fn an_array_handed_over_with_a_pending_launch_is_read_without_the_issuer() {
    if !common::in_child(
        "an_array_handed_over_with_a_pending_launch_is_read_without_the_issuer",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    within(60, "handoff", || {
        let mut k = saxpy();
        let n = 1000;
        let x = OneArray::<f32>::filled(n, 1.0).unwrap();
        let mut c = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
        let p = k
            .run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut c))
            .unwrap();
        drop(p);
        // Read on another thread while this one waits in `join`.
        let sum = std::thread::spawn(move || c.as_slice().iter().sum::<f32>())
            .join()
            .unwrap();
        assert_eq!(sum, 3.0 * n as f32);

        // An asynchronous copy, then every kind of blocking call on the other side.
        let src = OneArray::<f32>::filled(n, 7.0).unwrap();
        let mut dst = OneArray::<f32, SharedBuffer>::zeroed(n).unwrap();
        drop(dst.copy_from_async(&src).unwrap());
        let v = std::thread::spawn(move || dst.to_vec().unwrap())
            .join()
            .unwrap();
        assert_eq!(v, vec![7.0; n]);

        let mut d = OneArray::<f32>::zeroed(n).unwrap();
        drop(d.copy_from_async(&src).unwrap());
        std::thread::spawn(move || d.unsafe_free().unwrap())
            .join()
            .unwrap();

        let mut e = OneArray::<f32, SharedBuffer>::zeroed(n).unwrap();
        drop(e.copy_from_async(&src).unwrap());
        std::thread::spawn(move || {
            let view = e.view(..10).unwrap();
            assert_eq!(view.to_vec().unwrap(), vec![7.0; 10]);
            let mut e = e;
            e.fill(1.0).unwrap();
            drop(e);
        })
        .join()
        .unwrap();

        // Dropped on the other thread with its work pending.
        let mut f = OneArray::<f32>::zeroed(n).unwrap();
        drop(f.copy_from_async(&src).unwrap());
        std::thread::spawn(move || drop(f)).join().unwrap();
    });
}

/// A small deterministic generator (xorshift64*), so runs are reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

#[test]
fn arrays_with_pending_work_move_between_eight_threads() {
    const THREADS: usize = 8;
    const ARRAYS: usize = 12;
    const HOPS: usize = 240;
    within(120, "eight-thread handoff", || {
        // Each message: an array, the value every element must have, hops left.
        type Msg = (OneArray<f32, SharedBuffer>, f32, usize);
        let (txs, rxs): (Vec<mpsc::Sender<Option<Msg>>>, Vec<_>) =
            (0..THREADS).map(|_| mpsc::channel()).unzip();
        let (done_tx, done_rx) = mpsc::channel::<(f32, f32)>();
        let n = 2048;
        let workers: Vec<_> = rxs
            .into_iter()
            .enumerate()
            .map(|(t, rx)| {
                let txs = txs.clone();
                let done = done_tx.clone();
                std::thread::spawn(move || {
                    let mut k = saxpy();
                    let ones = OneArray::<f32>::filled(n, 1.0).unwrap();
                    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1));
                    while let Ok(Some((mut a, want, hops))) = rx.recv() {
                        // The previous thread's launch may still be pending.
                        let got = match rng.below(3) {
                            0 => a.as_slice()[n - 1],
                            1 => a.to_vec().unwrap()[n / 2],
                            _ => a.view(..1).unwrap().to_vec().unwrap()[0],
                        };
                        if hops == 0 {
                            done.send((got, want)).unwrap();
                            continue;
                        }
                        // a += 1 on this thread's stream; the handle is dropped.
                        let p = k
                            .run(Grid::for_len(n), (n as u32, 1.0f32, &ones, &mut a))
                            .unwrap();
                        drop(p);
                        let next = rng.below(THREADS);
                        txs[next].send(Some((a, want + 1.0, hops - 1))).unwrap();
                    }
                })
            })
            .collect();
        for i in 0..ARRAYS {
            let a = OneArray::<f32, SharedBuffer>::filled(n, i as f32).unwrap();
            txs[i % THREADS]
                .send(Some((a, i as f32, HOPS / ARRAYS)))
                .unwrap();
        }
        for _ in 0..ARRAYS {
            let (got, want) = done_rx.recv().unwrap();
            assert_eq!(got, want);
        }
        for tx in &txs {
            tx.send(None).unwrap();
        }
        for w in workers {
            w.join().unwrap();
        }
    });
}

// ---------------------------------------------------------------------------------------
// Item 7: after a kernel fault. (scratch repro, to be replaced)

#[test]
fn item7_scratch_repro() {
    if !common::in_child("item7_scratch_repro", &[]) {
        return;
    }
    let spv = std::fs::read(format!(
        "{}/kernels/spv/oob-O2.spv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let m = level_zero::Module::from_spirv(&ctx, &dev, &spv, &Default::default()).unwrap();
    let mut k = m.kernel("oob_write").unwrap();
    let mut out = OneArray::<i32>::zeroed(64).unwrap();
    let r = k.launch(Grid::for_len(64)).arg(&mut out).arg(1i32).run();
    eprintln!("R1 launch: {:?}", r.as_ref().map(|_| ()));
    eprintln!("R2 to_vec: {:?}", out.to_vec());
    eprintln!("R3 status: {:?}", dev.status());
    let again = OneArray::<i32>::filled(64, 3);
    eprintln!("R4 filled: {:?}", again.as_ref().map(|_| ()));
    if let Ok(a) = &again {
        eprintln!("R5 to_vec: {:?}", a.to_vec().map(|v| v[0]));
    }
    let mut z = OneArray::<i32>::zeroed(0).unwrap();
    let r = k.launch(Grid::for_len(4)).arg(&mut z).arg(0i32).run();
    eprintln!("R6 zero-len launch: {:?}", r.as_ref().map(|_| ()));
    eprintln!("R7 zero-len wait: {:?}", r.map(|p| p.wait()));
    let b = OneArray::<i32>::filled(64, 3).unwrap();
    eprintln!("R8 later: {:?}", b.to_vec().map(|v| v[0]));
    panic!("show");
}
