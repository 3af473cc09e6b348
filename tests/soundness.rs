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
// Item 1: raw addresses through the byte-level launch API. `Kernel::set_arg` (safe) takes
// bytes for value parameters only; a pointer parameter takes memory (`set_arg_buffer`, a
// launch with an array) or, in an `unsafe` call, an address (`set_arg_unchecked`,
// `Launch::arg_address`). Unknown parameter types (no SPIR-V to read them from) are unit
// tests of level-zero (kernel.rs), which can make a kernel forget them.

mod raw_addresses {
    use super::saxpy;
    use level_zero::{
        default_context, default_device, Allocation, CommandList, CommandQueue, Commands, Deps,
        Error, Grid, Groups, ImmediateCommandList, Kernel, Local, Module,
    };
    use onearray::{OneArray, SharedBuffer};

    /// Sets saxpy's (n, a, x) for 256 elements and a group size; `x` (256 ones) is kept alive
    /// by the kernel.
    fn saxpy_but_y(k: &mut Kernel) {
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let x = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0).unwrap();
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        list.fill(&x, 0, 4 * 256, &1.0f32.to_ne_bytes(), Deps::NONE)
            .unwrap();
        list.synchronize().unwrap();
        k.set_arg(0, &256u32).unwrap();
        k.set_arg(1, &2.0f32).unwrap();
        k.set_arg_buffer(2, &x).unwrap();
        k.set_group_size([64, 1, 1]).unwrap();
    }

    /// `set_arg` of an address for saxpy's `global float* y` is refused, naming the kernel,
    /// the argument and the ways that work; the launches that would have written through it
    /// find the argument unset. `memory` is what the address points to, read after.
    fn refused(k: &mut Kernel, address: u64, memory: impl Fn() -> Vec<f32>, what: &str) {
        let before = memory();
        let e = k.set_arg(3, &address).unwrap_err();
        assert!(
            matches!(e, Error::KernelArgument { index: 3, .. }),
            "{what}: {e}"
        );
        let text = e.to_string();
        for needle in [
            "kernel saxpy",
            "argument 3",
            "global float*",
            "set_arg_buffer",
            "set_arg_unchecked",
        ] {
            assert!(
                text.contains(needle),
                "{what}: {needle:?} missing from: {text}"
            );
        }
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        if let Ok(()) = list.launch(k, Groups::x(4), Deps::NONE) {
            list.synchronize().unwrap();
        }
        let mut regular = CommandList::new(&ctx, &dev).unwrap();
        if regular.launch(k, Groups::x(4), Deps::NONE).is_ok() {
            regular.close().unwrap();
            let q = CommandQueue::new(&ctx, &dev).unwrap();
            q.execute(&[&regular], None).unwrap();
            q.synchronize(None).unwrap();
        }
        assert_eq!(
            memory(),
            before,
            "{what}: a kernel wrote through a raw address"
        );
    }

    /// The three programs: a host `Vec`, shared memory under a live `&[f32]`, a freed
    /// array (its block handed to the next array). On the code before, each `set_arg`
    /// succeeded and the launches wrote the memory (the freed array: 20 of 20 rounds).
    /// Catches: `set_arg` without its parameter check.
    #[test]
    fn set_arg_refuses_an_address_for_a_pointer_parameter() {
        let mut k = saxpy();
        saxpy_but_y(&mut k);

        let mut v = vec![1.0f32; 256];
        let p = v.as_mut_ptr() as u64;
        let cell = std::cell::RefCell::new(v);
        refused(&mut k, p, || cell.borrow().clone(), "host Vec");

        let shared = OneArray::<f32, SharedBuffer>::filled(256, 1.0).unwrap();
        let s: &[f32] = shared.as_slice();
        refused(
            &mut k,
            s.as_ptr() as u64,
            || s.to_vec(),
            "shared memory under &[f32]",
        );

        for round in 0..20 {
            let freed = OneArray::<f32>::filled(256, 1.0).unwrap();
            let address = freed.as_ptr() as u64;
            drop(freed);
            let next = OneArray::<f32>::filled(256, 1.0).unwrap();
            refused(
                &mut k,
                address,
                || next.to_vec().unwrap(),
                &format!("freed array, round {round}"),
            );
        }
    }

    /// The unsafe setter is the way to pass an address (here a host `Vec`, shared system
    /// memory on the CPU driver). Catches: a `set_arg_unchecked` that checks like `set_arg`.
    #[test]
    fn set_arg_unchecked_passes_an_address() {
        let mut k = saxpy();
        saxpy_but_y(&mut k);
        let mut v = vec![1.0f32; 256];
        // SAFETY: `v` holds 256 floats, outlives the launch (synchronized below) and is not
        // borrowed until then.
        unsafe { k.set_arg_unchecked(3, &(v.as_mut_ptr() as u64)).unwrap() };
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        list.launch(&k, Groups::x(4), Deps::NONE).unwrap();
        list.synchronize().unwrap();
        assert_eq!(v, vec![3.0; 256]);
    }

    /// A work-group size for saxpy's global `y` is refused (on the CPU driver it set the
    /// pointer to null; another driver may read it otherwise), and so is a null value for a
    /// value parameter. Catches: `set_arg_local` without its parameter check.
    #[test]
    fn set_arg_local_refuses_a_global_pointer_parameter() {
        let mut k = saxpy();
        let e = k.set_arg_local(3, 8).unwrap_err();
        assert!(matches!(e, Error::KernelArgument { index: 3, .. }), "{e}");
        assert!(e.to_string().contains("local memory of 8 bytes"), "{e}");
        assert!(k.set_arg_local(0, 4).is_err());
        // A `local` parameter takes it.
        let m = Module::new(&local_mem_spirv()).unwrap();
        let mut rotate = m.kernel("barrier_loop_rotate").unwrap();
        rotate.set_arg_local(2, 32).unwrap();
    }

    /// A launch passes an integer for a pointer parameter only through `arg_address`. (Already
    /// refused before: a guard that the new checks keep it so.)
    #[test]
    fn a_launch_refuses_an_integer_for_a_pointer_parameter() {
        let mut k = saxpy();
        let x = OneArray::<f32>::filled(256, 1.0).unwrap();
        let mut v = vec![1.0f32; 256];
        let r = k.run(
            Grid::for_len(256),
            (256u32, 2.0f32, &x, v.as_mut_ptr() as u64),
        );
        let e = r.err().expect("a launch took an integer for a pointer");
        assert!(matches!(e, Error::KernelArgument { index: 3, .. }), "{e}");
        assert_eq!(v, vec![1.0; 256]);
        // SAFETY: `v` holds 256 floats, outlives the launch (waited for) and is not borrowed
        // meanwhile.
        let launch = unsafe {
            k.launch(Grid::for_len(256))
                .args((256u32, 2.0f32, &x))
                .arg_address(v.as_mut_ptr() as u64)
        };
        launch.run().unwrap().wait().unwrap();
        assert_eq!(v, vec![3.0; 256]);
    }

    fn local_mem_spirv() -> Vec<u8> {
        let path = format!(
            "{}/kernels/spv/local_mem-O2.spv",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read(path).unwrap()
    }

    /// `Local::<u32>::new(usize::MAX / 2)` is a launch error in debug builds too: before, the
    /// launch multiplied the length by 4 unchecked and panicked with an overflow. Catches:
    /// `Local::bytes` or the launch's size without `checked_mul`.
    #[test]
    fn a_local_argument_whose_size_overflows_is_an_error() {
        assert_eq!(Local::<u32>::new(usize::MAX / 2).bytes(), None);
        let mut k = Module::new(&local_mem_spirv())
            .unwrap()
            .kernel("barrier_loop_rotate")
            .unwrap();
        let input = OneArray::<i32>::filled(8, 1).unwrap();
        let mut out = OneArray::<i32>::zeroed(8).unwrap();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            k.run(
                Grid::for_len(8),
                (&input, &mut out, Local::<i32>::new(usize::MAX / 2), 1i32),
            )
            .map(|_| ())
        }));
        let e = r.expect("the launch panicked").unwrap_err();
        assert!(matches!(e, Error::KernelArgument { index: 2, .. }), "{e}");
        let text = e.to_string();
        assert!(
            text.contains(&format!("{} elements of 4 bytes", usize::MAX / 2))
                && text.contains("overflows"),
            "{text}"
        );
        // A size that fits runs.
        k.run(
            Grid::for_len(8),
            (&input, &mut out, Local::<i32>::new(8), 1i32),
        )
        .unwrap()
        .wait()
        .unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// Item 8: errors a person reads. Failures of Level Zero calls say what went wrong in words
// first, then the call and its code; a request larger than the device reads like running
// out of memory, with the figures; onearray's `{:?}` shows the fields.

mod readable_errors {
    use level_zero::{default_context, default_device, Allocation, Error, Module};
    use onearray::{DeviceBuffer, OneArray, SharedBuffer};

    /// A size as the messages write it (whole units, else two decimals and the bytes).
    fn human(n: u64) -> String {
        let units = [
            ("TiB", 1u64 << 40),
            ("GiB", 1 << 30),
            ("MiB", 1 << 20),
            ("KiB", 1 << 10),
        ];
        match units.iter().find(|(_, u)| n >= *u) {
            Some((name, u)) if n % u == 0 => format!("{} {name}", n / u),
            Some((name, u)) => format!("{:.2} {name} ({n} bytes)", n as f64 / *u as f64),
            None => format!("{n} bytes"),
        }
    }

    /// More than the device has, from the safe layer and from arrays of each kind: "cannot
    /// allocate …: the device has … in all (largest single allocation …)", then the call and
    /// code; the code stays `UNSUPPORTED_SIZE`. Before: "zeMemAllocDevice failed:
    /// ZE_RESULT_ERROR_UNSUPPORTED_SIZE (…)". Catches: allocations with the call's generic
    /// text (no `alloc_error`), or figures left out.
    #[test]
    fn a_request_larger_than_the_device_reads_like_out_of_memory() {
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let largest = dev.properties().unwrap().max_mem_alloc_size;
        let total: u64 = dev
            .memory_properties()
            .unwrap()
            .iter()
            .map(|m| m.total_size)
            .sum();
        let huge = 2 * total.max(largest);
        let figures = format!(
            ": the device has {} in all (largest single allocation {})",
            human(total),
            human(largest)
        );
        let e = Allocation::device(&ctx, &dev, huge as usize, 0).unwrap_err();
        assert_eq!(
            e.result(),
            Some(level_zero::sys::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE)
        );
        assert_eq!(
            e.to_string(),
            format!(
                "cannot allocate {} of device memory{figures} \
                 (zeMemAllocDevice: ZE_RESULT_ERROR_UNSUPPORTED_SIZE)",
                human(huge)
            )
        );
        let e = Allocation::shared(&ctx, Some(&dev), largest as usize + 1, 0).unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with(&format!(
                "cannot allocate {} of shared memory{figures}",
                human(largest + 1)
            )),
            "{text}"
        );
        let arrays = [
            OneArray::<u8, DeviceBuffer>::zeroed(huge as usize).err(),
            OneArray::<u8, SharedBuffer>::zeroed(huge as usize).err(),
        ];
        for e in arrays {
            let text = e.expect("a larger-than-device array").to_string();
            assert!(
                text.starts_with(&format!("cannot allocate {}", human(huge)))
                    && text.contains(&figures),
                "{text}"
            );
        }
    }

    /// Running out (each request fits, the device is full) from the safe layer: words and
    /// the free and total figures, then the call. On a 64 MiB device in a child process.
    /// Before: "zeMemAllocDevice failed: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (…)".
    #[test]
    fn running_out_of_device_memory_says_so_with_the_figures() {
        if !super::common::in_child(
            "readable_errors::running_out_of_device_memory_says_so_with_the_figures",
            &[
                ("LEVEL_ZERO_CPU_MEMORY", "64M"),
                ("LEVEL_ZERO_CPU_MAX_ALLOC", "16M"),
            ],
        ) {
            return;
        }
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let mut held = Vec::new();
        let e = loop {
            match Allocation::device(&ctx, &dev, 16 << 20, 0) {
                Ok(a) => held.push(a),
                Err(e) => break e,
            }
            assert!(held.len() <= 4, "a 64 MiB device gave more than 64 MiB");
        };
        assert!(e.is_out_of_memory(), "{e}");
        let text = e.to_string();
        assert!(
            text.starts_with("cannot allocate 16 MiB of device memory: out of device memory (")
                && text.ends_with(
                    " free of 64 MiB) (zeMemAllocDevice: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)"
                ),
            "{text}"
        );
        // Too large for one allocation on the same device: the other figures.
        let e = Allocation::device(&ctx, &dev, 17 << 20, 0).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "cannot allocate 17 MiB of device memory: the device has 64 MiB in all \
                 (largest single allocation 16 MiB)"
            ),
            "{e}"
        );
    }

    /// Other failed calls: words first (the code's meaning), the details, then the call and
    /// code. Before: "zeKernelCreate failed: ZE_RESULT_ERROR_INVALID_KERNEL_NAME (0x…): … ".
    /// Catches: the old `"{op} failed: {result}"` layout.
    #[test]
    fn failed_calls_start_with_what_went_wrong() {
        let m = Module::new(include_bytes!("../examples/saxpy.spv")).unwrap();
        let e = m.kernel("no_such_kernel").unwrap_err();
        let Error::Ze { op, result, .. } = &e else {
            panic!("{e:#?}")
        };
        let name = result.name().unwrap();
        assert_eq!(
            e.to_string(),
            format!(
                "{} (kernel \"no_such_kernel\"; {op}: {name})",
                result.meaning()
            )
        );
        assert!(!e.to_string().starts_with("ze"), "{e}");
    }

    /// `{:?}` of onearray's errors shows the variant and its fields (it printed the `Display`
    /// text). Catches: a `Debug` that forwards to `Display`.
    #[test]
    fn onearray_debug_shows_fields() {
        let a = OneArray::<f32>::zeroed(4).unwrap();
        let e = a.view(2..9).err().unwrap();
        assert_eq!(format!("{e:?}"), "OutOfRange { start: 2, end: 9, len: 4 }");
        assert_eq!(
            e.to_string(),
            "range 2..9 is out of bounds for an array of 4 elements"
        );
        let e = OneArray::<f64>::zeroed(usize::MAX / 4).err().unwrap();
        assert_eq!(
            format!("{e:?}"),
            format!("SizeOverflow {{ len: {}, elem_size: 8 }}", usize::MAX / 4)
        );
    }
}

// ---------------------------------------------------------------------------------------
// Item 7: after a kernel fault. A fault loses its context, not the process: the context's
// and device's status say so, the context's streams and arrays refuse work with
// `Error::DeviceLost` (never a panic), `level_zero::recover()` gives the process a new
// default context, and each error carries its own fault. Each test faults in a child
// process: a fault loses the default context of the process it runs in.

mod after_a_fault {
    use super::{common, within};
    use level_zero::{
        default_context, default_device, default_driver, BuildOptions, Commands, Context, Deps,
        Error, Grid, Groups, ImmediateCommandList, Kernel, Module,
    };
    use onearray::OneArray;

    fn oob(ctx: &Context, name: &str) -> Kernel {
        let path = format!("{}/kernels/spv/oob-O2.spv", env!("CARGO_MANIFEST_DIR"));
        let spv = std::fs::read(path).unwrap();
        let dev = default_device().unwrap();
        let module = Module::from_spirv(ctx, &dev, &spv, &BuildOptions::default()).unwrap();
        module.kernel(name).unwrap()
    }

    /// `out[i + n] = i` over 64 work-items: with `n = 1` the last one writes one element past
    /// a 64-element array.
    fn write_past(k: &mut Kernel, out: &mut OneArray<i32>) -> onearray::Result<()> {
        k.launch(Grid::for_len(64)).arg(&mut *out).arg(1i32).run()?;
        out.to_vec().map(drop)
    }

    fn is_device_lost(e: &onearray::Error) -> bool {
        matches!(e, onearray::Error::Ze(Error::DeviceLost { .. }))
    }

    /// Catches: `device.status()` and `ctx.status()` answering `Ok` after a fault (the driver
    /// never recorded the loss), a lost context's arrays not refusing work, and the stream left
    /// failing every later command (a failed ring event that `poll` never retired kept
    /// `is_complete` failing, so every staged upload of the thread failed). Without
    /// `recover` (the default context in a `OnceLock`) the program could not go on.
    #[test]
    fn a_fault_loses_the_context_and_recover_goes_on() {
        if !common::in_child(
            "after_a_fault::a_fault_loses_the_context_and_recover_goes_on",
            &[],
        ) {
            return;
        }
        let (lost, dev) = (default_context().unwrap(), default_device().unwrap());
        let other = Context::new(&default_driver().unwrap()).unwrap();
        let mut k = oob(&lost, "oob_write");
        let mut kept = OneArray::<f32>::filled(1 << 16, 2.0).unwrap();
        let mut out = OneArray::<i32>::zeroed(64).unwrap();
        lost.status().unwrap();
        dev.status().unwrap();

        let e = write_past(&mut k, &mut out).unwrap_err();
        assert!(e.to_string().contains("out-of-bounds"), "{e}");
        // The loss is reported: by the driver and by the safe layer's view of the context.
        let s = dev.status().unwrap_err();
        assert!(matches!(s, Error::DeviceLost { .. }), "{s}");
        let s = lost.status().unwrap_err();
        assert!(matches!(s, Error::DeviceLost { .. }), "{s}");
        assert!(s.to_string().contains("oob_write"), "{s}");
        assert!(lost.is_lost() && !other.is_lost());
        other.status().unwrap();

        // The lost context's arrays refuse work with DeviceLost, new ones too, and the default
        // stays lost until recovered.
        for r in [
            kept.to_vec().map(drop),
            kept.fill(1.0),
            kept.copy_from_slice(&vec![0.0; 1 << 16]),
            write_past(&mut k, &mut out),
            OneArray::<f32>::filled(1 << 16, 3.0).map(drop),
        ] {
            let e = r.unwrap_err();
            assert!(is_device_lost(&e), "{e}");
            assert!(e.to_string().starts_with("device lost"), "{e}");
        }
        // Another context of the device goes on.
        let mut a = OneArray::<f32>::filled_in(&other, &dev, 1 << 16, 4.0).unwrap();
        a.fill(5.0).unwrap();
        assert!(a.to_vec().unwrap().iter().all(|&v| v == 5.0));

        // Recovery: a new default context, its pools and streams.
        assert!(level_zero::recover().unwrap());
        assert!(
            !level_zero::recover().unwrap(),
            "the new default is not lost"
        );
        let ctx = default_context().unwrap();
        assert!(ctx != lost);
        ctx.status().unwrap();
        dev.status().unwrap();
        assert!(lost.status().is_err(), "a lost context stays lost");
        let mut k = oob(&ctx, "oob_write");
        // Well past the ring of the thread's stream: every later command works.
        for i in 0..160 {
            let mut b = OneArray::<i32>::zeroed(64).unwrap();
            k.launch(Grid::for_len(64))
                .arg(&mut b)
                .arg(0i32)
                .run()
                .unwrap();
            let want: Vec<i32> = (0..64).collect();
            assert_eq!(b.to_vec().unwrap(), want, "command {i}");
            let c = OneArray::<f32>::filled(1 << 16, i as f32).unwrap();
            assert_eq!(c.to_vec().unwrap()[i], i as f32);
        }
        // Dropping the lost context's arrays neither panics nor hangs.
        within(60, "dropping arrays of a lost context", move || {
            drop((kept, out));
        });
    }

    /// Catches a failed command left at the head of an immediate list: `poll` (and so
    /// `is_complete` of every later token) failed for good. Now the failure is reported once,
    /// the command retired, and the list refuses later work on the lost context.
    #[test]
    fn a_failed_command_is_reported_once_by_poll() {
        if !common::in_child(
            "after_a_fault::a_failed_command_is_reported_once_by_poll",
            &[],
        ) {
            return;
        }
        let ctx = Context::new(&default_driver().unwrap()).unwrap();
        let dev = default_device().unwrap();
        let mut k = oob(&ctx, "oob_write");
        let buf = level_zero::Allocation::device(&ctx, &dev, 256, 0).unwrap();
        k.set_arg_buffer(0, &buf).unwrap();
        k.set_arg(1, &1000i32).unwrap();
        k.set_group_size([64, 1, 1]).unwrap();
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        list.launch(&k, Groups([1, 1, 1]), Deps::NONE).unwrap();
        let token = list.last_token();
        let e = loop {
            match list.is_complete(token) {
                Ok(true) => panic!("the faulting launch completed"),
                Ok(false) => std::thread::sleep(std::time::Duration::from_millis(1)),
                Err(e) => break e,
            }
        };
        assert!(e.to_string().contains("oob_write"), "{e}");
        // Reported once: the list's other work goes on being tracked.
        list.poll().unwrap();
        list.poll().unwrap();
        // The failed token stays failed; the context is lost, so new work is refused.
        assert!(list.is_complete(token).is_err());
        let r = list.fill(&buf, 0, 256, &[0], Deps::NONE);
        assert!(matches!(r, Err(Error::DeviceLost { .. })), "{r:?}");
    }

    /// Catches the driver-wide last fault: an error quoted whichever command failed last in the
    /// process, not its own. Two faults on two contexts; the first is waited for last, after
    /// the second was reported: it must still name its own kernel and address.
    #[test]
    fn each_error_carries_its_own_fault() {
        if !common::in_child("after_a_fault::each_error_carries_its_own_fault", &[]) {
            return;
        }
        let (driver, dev) = (default_driver().unwrap(), default_device().unwrap());
        let (c1, c2) = (
            Context::new(&driver).unwrap(),
            Context::new(&driver).unwrap(),
        );
        let mut kw = oob(&c1, "oob_write");
        let mut kr = oob(&c2, "oob_read");
        let mut a = OneArray::<i32>::zeroed_in(&c1, &dev, 64).unwrap();
        let input = OneArray::<i32>::zeroed_in(&c2, &dev, 64).unwrap();
        let mut b = OneArray::<i32>::zeroed_in(&c2, &dev, 64).unwrap();
        // a[i + 1] = i: the first bad byte is a's end.
        let first = kw
            .launch(Grid::for_len(64))
            .arg(&mut a)
            .arg(1i32)
            .run()
            .unwrap();
        // Let the first fault happen before the second launch.
        while !c1.is_lost() && c1.status().is_ok() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // b[i] = input[i + 2]: the first bad byte is input's end.
        kr.launch(Grid::for_len(64))
            .arg(&input)
            .arg(&mut b)
            .arg(2i32)
            .run()
            .unwrap()
            .wait()
            .unwrap_err();
        let e = first.wait().unwrap_err().to_string();
        let end = a.as_ptr() as usize + 256;
        assert!(e.contains("kernel oob_write"), "{e}");
        assert!(e.contains(&format!("at {end:#x}")), "{e}");
        assert!(!e.contains("oob_read"), "another command's fault: {e}");
        let e = b.to_vec().unwrap_err().to_string();
        assert!(e.contains("kernel oob_read"), "{e}");
        let end = input.as_ptr() as usize + 256;
        assert!(e.contains(&format!("at {end:#x}")), "{e}");
    }

    /// Catches a write through a zero-length array's pointer naming "module globals" (or
    /// whatever else the launch reaches) as the nearest allocation: the zero-length range was
    /// dropped from the launch's regions. It names the array's own (empty) range now.
    #[test]
    fn a_fault_through_an_empty_array_names_the_array() {
        if !common::in_child(
            "after_a_fault::a_fault_through_an_empty_array_names_the_array",
            &[],
        ) {
            return;
        }
        let ctx = default_context().unwrap();
        let mut k = oob(&ctx, "oob_write");
        let mut empty = OneArray::<i32>::zeroed(0).unwrap();
        let p = empty.as_ptr() as usize;
        let e = k
            .launch(Grid::for_len(4))
            .arg(&mut empty)
            .arg(0i32)
            .run()
            .unwrap()
            .wait()
            .unwrap_err()
            .to_string();
        let want =
            format!("nearest allocation [{p:#x}, {p:#x}) (0 bytes, buffer argument of 0 bytes");
        assert!(e.contains(&want), "{want:?} not in: {e}");
        assert!(!e.contains("module globals"), "{e}");
    }
}
