//! Kernels over `OneArray`s: typed, tracked, checked launches (issue 10).

mod common;

use level_zero::{
    default_context, default_device, BuildOptions, CommandList, CommandQueue, Error, Grid,
    ImmediateCommandList, Kernel, Local, Module,
};
use onearray::{OneArray, SharedBuffer};

fn kernel(spv: &[u8], name: &str) -> Kernel {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let module = Module::from_spirv(&ctx, &dev, spv, &BuildOptions::default()).unwrap();
    module.kernel(name).unwrap()
}

fn saxpy() -> Kernel {
    kernel(include_bytes!("../examples/saxpy.spv"), "saxpy")
}

/// Launches `y = a * x + y` over `n` elements.
fn run_saxpy<B1: onearray::BufferKind, B2: onearray::BufferKind>(
    k: &mut Kernel,
    n: usize,
    a: f32,
    x: &OneArray<f32, B1>,
    y: &mut OneArray<f32, B2>,
) -> Result<level_zero::Pending, Error> {
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(a)
        .arg(x)
        .arg(y)
        .run()
}

fn kernels_spv(file: &str) -> Vec<u8> {
    std::fs::read(format!("{}/kernels/spv/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Asserts `r` is a typed mismatch at argument `index` whose message contains `needle`.
fn expect_mismatch<T>(r: Result<T, Error>, index: u32, needle: &str) {
    let Err(e) = r else {
        panic!("the launch was accepted")
    };
    let text = e.to_string();
    assert!(
        matches!(e, Error::KernelArgument { index: i, .. } if i == index),
        "expected a mismatch at argument {index}, got {text}"
    );
    assert!(text.contains(needle), "{text}");
}

#[test]
fn saxpy_over_arrays_of_every_kind_odd_size() {
    let mut k = saxpy();
    let n = 100_003;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = OneArray::<f32>::from_slice(&xs).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    run_saxpy(&mut k, n, 2.0f32, &x, &mut y).unwrap();
    // The rounded-up grid uses a real group size, not [1, 1, 1].
    assert_eq!(k.group_size(), [256, 1, 1]);
    y.copy_from_slice(&y.to_vec().unwrap()).unwrap();
    assert!(xs
        .iter()
        .zip(y.as_slice())
        .all(|(x, y)| *y == 2.0 * x + 1.0));
}

/// One round of the scenario: launch `y = 2 * x + 0` over a shared `x`, drop `x` right
/// after the launch, take an array of the same size (the pool hands the block back) and write
/// it from the host. `tracked`: `x` is passed as an array; else by raw address, as before the
/// arrays were arguments. Returns whether `y` came out right.
fn drop_after_launch_round(k: &mut Kernel, tracked: bool) -> bool {
    let n = 1024;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    let launch = k.launch(Grid::for_len(n)).arg(n as u32).arg(2.0f32);
    let launch = if tracked {
        launch.arg(&x)
    } else {
        // SAFETY: deliberately wrong (the demonstration): x is dropped while the launch may
        // still read it.
        unsafe { launch.arg_address(x.as_ptr() as u64) }
    };
    launch.arg(&mut y).run().unwrap();
    drop(x);
    let mut reuse = OneArray::<f32, SharedBuffer>::zeroed(n).unwrap();
    reuse.as_mut_slice().fill(100.0);
    let right = y.to_vec().unwrap().iter().all(|&v| v == 2.0);
    drop(reuse);
    right
}

/// The scenario, 1000 rounds with every command delayed: always right with the array
/// tracked, and (the same rounds with a raw address) wrong without tracking, so the test can
/// fail.
#[test]
fn drop_after_launch_never_corrupts() {
    if !common::in_child(
        "drop_after_launch_never_corrupts",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "50")],
    ) {
        return;
    }
    let mut k = saxpy();
    for round in 0..1000 {
        assert!(drop_after_launch_round(&mut k, true), "round {round}");
    }
    let wrong = (0..20)
        .filter(|_| !drop_after_launch_round(&mut k, false))
        .count();
    assert!(
        wrong > 0,
        "untracked rounds never went wrong: the scenario does not exercise tracking"
    );
}

#[test]
fn unsafe_free_of_an_input_after_launch() {
    let mut k = saxpy();
    let n = 4096;
    let x = OneArray::<f32>::filled(n, 3.0).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    run_saxpy(&mut k, n, 1.0f32, &x, &mut y).unwrap();
    x.unsafe_free().unwrap();
    let _reuse = OneArray::<f32>::filled(n, -1.0).unwrap();
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 3.0));
}

#[test]
fn a_launch_on_another_list_is_ordered_with_the_thread_stream() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut other = ImmediateCommandList::new(&ctx, &dev).unwrap();
    let mut k = saxpy();
    let n = 10_000;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 1.0).unwrap();
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(5.0f32)
        .arg(&x)
        .arg(&mut y)
        .run_on(&mut other)
        .unwrap();
    // The copy runs on this thread's stream: it waits for the launch's event.
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 6.0));
    // And the other way: written on the thread stream, read by a launch on the other list.
    y.fill(2.0).unwrap();
    let mut z = OneArray::<f32>::zeroed(n).unwrap();
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(1.0f32)
        .arg(&y)
        .arg(&mut z)
        .run_on(&mut other)
        .unwrap();
    drop(y);
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 2.0));
}

/// Cross-list ordering is on the device: a launch on another list that reads an array the
/// thread's stream is still writing returns without waiting for the stream (every command is
/// delayed 100 ms), and still sees the written values; the stream's read of the other list's
/// output waits for that launch through its event.
#[test]
fn cross_list_ordering_waits_on_the_device() {
    if !common::in_child(
        "cross_list_ordering_waits_on_the_device",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "100000")],
    ) {
        return;
    }
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut other = ImmediateCommandList::new(&ctx, &dev).unwrap();
    let mut k = saxpy();
    let n = 4096;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    let mut z = OneArray::<f32>::zeroed(n).unwrap();
    let written = run_saxpy(&mut k, n, 3.0f32, &x, &mut y).unwrap();
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(&y)
        .arg(&mut z)
        .run_on(&mut other)
        .unwrap();
    let finished = written.is_complete().unwrap();
    assert!(!finished, "run_on waited on the host for the stream");
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 6.0));
    other.synchronize().unwrap();
}

/// A launch recorded in a regular list: the list keeps its arrays' blocks (no new array gets
/// a dropped input's block), a list not yet executed makes nobody wait, and every execution
/// becomes the arrays' last use, so reading the output waits for it (every command is
/// delayed 20 ms: reading without waiting would see the old values).
#[test]
fn a_launch_recorded_in_a_regular_list_is_tracked() {
    if !common::in_child(
        "a_launch_recorded_in_a_regular_list_is_tracked",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 1000;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut list = CommandList::new(&ctx, &dev).unwrap();
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(&x)
        .arg(&mut y)
        .record(&mut list)
        .unwrap();
    list.close().unwrap();
    // Not executed: nothing to wait for, and the host may still change the input.
    assert_eq!(y.to_vec().unwrap(), vec![1.0; n]);
    y.fill(2.0).unwrap();
    let x_block = x.as_ptr();
    drop(x);
    let other = OneArray::<f32>::zeroed(n).unwrap();
    assert_ne!(other.as_ptr(), x_block, "the list's input was handed out");

    let queue = CommandQueue::new(&ctx, &dev).unwrap();
    let run = queue.execute(&[&list], None).unwrap();
    assert_eq!(y.to_vec().unwrap(), vec![4.0; n]);
    assert!(run.is_complete().unwrap());
    queue.execute(&[&list], None).unwrap();
    queue.execute(&[&list], None).unwrap();
    assert_eq!(y.to_vec().unwrap(), vec![8.0; n]);
    // A launch on the thread's stream after an execution is ordered after it too.
    queue.execute(&[&list], None).unwrap();
    let ones = OneArray::<f32>::filled(n, 1.0).unwrap();
    run_saxpy(&mut k, n, 1.0, &ones, &mut y).unwrap();
    assert_eq!(y.to_vec().unwrap(), vec![11.0; n]);
    drop(list);
    queue.synchronize(None).unwrap();
}

/// Arrays recorded in a list that is never executed (then dropped) are read, written,
/// freed and reused without waiting for it; a strided view is refused.
#[test]
fn a_never_executed_list_makes_nobody_wait() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut k = saxpy();
    let n = 256;
    let x = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    let mut list = CommandList::new(&ctx, &dev).unwrap();
    k.launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(&x)
        .arg(&mut y)
        .record(&mut list)
        .unwrap();
    y.fill(5.0).unwrap();
    let z = OneArray::<f32>::filled(n, 1.0).unwrap();
    run_saxpy(&mut k, n, 1.0, &z, &mut y).unwrap();
    assert_eq!(y.to_vec().unwrap(), vec![6.0; n]);
    assert_eq!(x.to_vec().unwrap(), vec![1.0; n]);
    drop((x, y));
    drop(list);
    let again = OneArray::<f32>::filled(n, 3.0).unwrap();
    assert_eq!(again.to_vec().unwrap(), vec![3.0; n]);

    let mut list = CommandList::new(&ctx, &dev).unwrap();
    let wide = OneArray::<f32>::zeroed(2 * n).unwrap();
    let mut out = OneArray::<f32>::zeroed(n).unwrap();
    let strided = wide.slice(onearray::s![..;2]).unwrap();
    let r = k
        .launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(strided)
        .arg(&mut out)
        .record(&mut list);
    assert!(r.unwrap_err().to_string().contains("strided view"));
}

#[test]
fn strided_views_are_refused_as_arguments() {
    let mut k = saxpy();
    let x = OneArray::<f32>::zeroed(100).unwrap();
    let mut y = OneArray::<f32>::zeroed(100).unwrap();
    let err = k
        .launch(Grid::for_len(10))
        .arg(10u32)
        .arg(1.0f32)
        .arg(x.slice(onearray::s![..20;2]).unwrap())
        .arg(y.view_mut(..10).unwrap())
        .run()
        .unwrap_err();
    assert!(err.to_string().contains("strided view"), "{err}");
}

#[test]
fn views_are_arguments() {
    let mut k = saxpy();
    let x = OneArray::<f32>::try_from_iter((0..100).map(|i| i as f32)).unwrap();
    let mut y = OneArray::<f32>::zeroed(100).unwrap();
    let xv = x.view(10..20).unwrap();
    let mut yv = y.view_mut(50..60).unwrap();
    k.launch(Grid::for_len(10))
        .arg(10u32)
        .arg(1.0f32)
        .arg(xv)
        .arg(&mut yv)
        .run()
        .unwrap();
    drop(x); // the launch keeps the memory alive
    let y = y.to_vec().unwrap();
    assert_eq!(
        &y[50..60],
        &(10..20).map(|i| i as f32).collect::<Vec<_>>()[..]
    );
    assert!(y[..50].iter().chain(&y[60..]).all(|&v| v == 0.0));
}

#[test]
fn local_memory_arguments() {
    let mut k = kernel(&kernels_spv("local_mem-O2.spv"), "local_param_reverse");
    let n = 512;
    let x = OneArray::<f32>::try_from_iter((0..n).map(|i| i as f32)).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    let grid = Grid::groups(level_zero::Groups::x(2), [256, 1, 1]);
    k.launch(grid)
        .arg(&x)
        .arg(&mut y)
        .arg(Local::<f32>::new(256))
        .run()
        .unwrap();
    let y = y.to_vec().unwrap();
    assert_eq!(y[0], 255.0);
    assert_eq!(y[256], 511.0);
    // Forgetting the local size is a typed error.
    let err = k.launch(grid).arg(&x).arg(&mut y_again()).run();
    expect_mismatch(err, 2, "expected local float*, given no argument");
    // So is a buffer where local memory is expected.
    let err = k.launch(grid).arg(&x).arg(&mut y_again()).arg(&x).run();
    expect_mismatch(
        err,
        2,
        "expected local float*, given read-only float buffer",
    );
}

fn y_again() -> OneArray<f32> {
    OneArray::zeroed(512).unwrap()
}

#[test]
fn every_mismatch_is_a_typed_error() {
    let mut k = saxpy();
    let x = OneArray::<f32>::zeroed(16).unwrap();
    let mut y = OneArray::<f32>::zeroed(16).unwrap();
    let ints = OneArray::<i32>::zeroed(16).unwrap();
    let g = Grid::for_len(16);
    // A u32 for a float.
    let e = k.launch(g).arg(16u32).arg(2u32).arg(&x).arg(&mut y).run();
    expect_mismatch(
        e,
        1,
        "kernel saxpy, argument 1: expected float, given int value",
    );
    // An i32 array for a float pointer.
    let e = k
        .launch(g)
        .arg(16u32)
        .arg(2.0f32)
        .arg(&ints)
        .arg(&mut y)
        .run();
    expect_mismatch(
        e,
        2,
        "expected global const float*, given read-only int buffer",
    );
    // A value for a pointer.
    let e = k
        .launch(g)
        .arg(16u32)
        .arg(2.0f32)
        .arg(7u64)
        .arg(&mut y)
        .run();
    expect_mismatch(e, 2, "");
    // A read-only array for a pointer the kernel writes.
    let e = k.launch(g).arg(16u32).arg(2.0f32).arg(&x).arg(&y).run();
    expect_mismatch(e, 3, "pass it `&mut`");
    // A missing argument, and one too many.
    let e = k.launch(g).arg(16u32).arg(2.0f32).arg(&x).run();
    expect_mismatch(e, 3, "");
    let e = k
        .launch(g)
        .arg(16u32)
        .arg(2.0f32)
        .arg(&x)
        .arg(&mut y)
        .arg(1u32)
        .run();
    expect_mismatch(e, 4, "");
    // An f32 array for an int pointer, in a kernel over ints.
    let mut ik = kernel(&kernels_spv("integer-O2.spv"), "int_scalar_ops");
    let mut out = OneArray::<i32>::zeroed(16).unwrap();
    let e = ik.launch(g).arg(&x).arg(&ints).arg(&mut out).run();
    expect_mismatch(
        e,
        0,
        "expected global const int*, given read-only float buffer",
    );
}

#[test]
fn a_raw_address_needs_unsafe() {
    let mut k = saxpy();
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let x = level_zero::Allocation::shared(&ctx, Some(&dev), 64, 0).unwrap();
    let mut y = OneArray::<f32, SharedBuffer>::filled(16, 1.0).unwrap();
    // SAFETY: 16 floats of live shared memory, kept alive (and unused elsewhere) until the
    // launch completes (to_vec below waits for the stream).
    unsafe { std::ptr::write_bytes(x.as_ptr().cast::<u8>(), 0, 64) };
    let launch = k.launch(Grid::for_len(16)).arg(16u32).arg(1.0f32);
    // SAFETY: as above.
    let launch = unsafe { launch.arg_address(x.as_ptr() as u64) };
    launch.arg(&mut y).run().unwrap();
    let mut out = vec![0.0; 16];
    y.copy_to_slice(&mut out).unwrap();
    assert!(out.iter().all(|&v| v == 1.0));
}

/// A kernel writing one element past a 64-element array faults although the write stays
/// inside the array's pool block (the launch passes the array's own byte range to the CPU
/// driver), and the error carries the driver's description of the fault. In a child: the
/// fault loses the default context of its process.
#[test]
fn a_write_past_a_pooled_array_faults_with_its_description() {
    if !common::in_child(
        "a_write_past_a_pooled_array_faults_with_its_description",
        &[],
    ) {
        return;
    }
    let mut k = kernel(&kernels_spv("oob-O2.spv"), "oob_write");
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut out = OneArray::<i32>::zeroed(64).unwrap();
    // The array lies inside a larger driver allocation (its pool block).
    let (_, block) = level_zero::address_range(&ctx, out.as_ptr().cast()).unwrap();
    assert!(
        block > 256,
        "the array is not pooled ({block}-byte allocation)"
    );
    // In bounds: out[i] = i.
    k.launch(Grid::for_len(64))
        .arg(&mut out)
        .arg(0i32)
        .run()
        .unwrap();
    assert_eq!(out.to_vec().unwrap(), (0..64).collect::<Vec<_>>());
    // out[i + 1] = i: the last work-item writes one element past the end.
    k.launch(Grid::for_len(64))
        .arg(&mut out)
        .arg(1i32)
        .run()
        .unwrap();
    let err = out.to_vec().unwrap_err();
    let onearray::Error::Ze(err) = err else {
        panic!("expected a device loss, got {err}")
    };
    assert_eq!(
        err.result(),
        Some(level_zero::sys::ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
    );
    let text = format!("{err:?}");
    for needle in [
        "ZE_RESULT_ERROR_DEVICE_LOST",
        "oob_write",
        "out-of-bounds",
        "256 bytes",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from: {text}");
    }
    // The device stays usable, in a new default context.
    drop(out);
    let _ = dev;
    assert!(level_zero::recover().unwrap());
    let again = OneArray::<i32>::filled(64, 3).unwrap();
    assert_eq!(again.to_vec().unwrap(), vec![3; 64]);
}

/// An array in device memory of another device of the context is a typed error at the
/// argument; shared memory serves every device of its context.
#[test]
fn an_array_of_another_device_is_a_typed_error() {
    if !common::in_child(
        "an_array_of_another_device_is_a_typed_error",
        &[("LEVEL_ZERO_CPU_DEVICES", "2")],
    ) {
        return;
    }
    let ctx = default_context().unwrap();
    let devices = level_zero::default_driver().unwrap().devices().unwrap();
    assert_eq!(devices.len(), 2);
    let mut k = saxpy(); // on the first device
    let n = 64;
    let x_other = OneArray::<f32>::zeroed_in(&ctx, &devices[1], n).unwrap();
    let mut y = OneArray::<f32>::zeroed(n).unwrap();
    let e = k
        .launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(1.0f32)
        .arg(&x_other)
        .arg(&mut y)
        .run();
    expect_mismatch(
        e,
        2,
        "expected memory of the kernel's context and device, given read-only float buffer of 256 bytes on another device",
    );
    let x_shared = OneArray::<f32, SharedBuffer>::filled_in(&ctx, &devices[1], n, 1.0).unwrap();
    run_saxpy(&mut k, n, 2.0f32, &x_shared, &mut y).unwrap();
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 2.0));
}

/// The tuple form (`kernel.run(grid, (args,))`, the example's) checks and tracks as the
/// builder does, and the README shows the example as it is.
#[test]
fn the_tuple_form_and_the_readme_example() {
    let mut k = saxpy();
    let n = 1001;
    let x = OneArray::<f32>::filled(n, 2.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 1.0).unwrap();
    k.run(Grid::for_len(n), (n as u32, 3.0f32, &x, &mut y))
        .unwrap();
    drop(x);
    assert_eq!(y.to_vec().unwrap(), vec![7.0; n]);
    let x = OneArray::<u32>::zeroed(n).unwrap();
    expect_mismatch(
        k.run(Grid::for_len(n), (n as u32, 3.0f32, &x, &mut y)),
        2,
        "float",
    );
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let example = include_str!("../examples/saxpy.rs");
    assert!(
        readme.unwrap().contains(example),
        "README's \"Running a kernel\" must show examples/saxpy.rs as it is"
    );
}
