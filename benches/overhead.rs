//! Safe-layer overhead (a table, not a timed test), each row against the same raw DDI call
//! sequence on the same list, interleaved, in the same run:
//! - a 64-byte device-to-device copy plus synchronize through `level-zero` (raw: append the
//!   copy with a signal event, host-synchronize the event, reset it);
//! - a launch over arrays: `saxpy` on two `OneArray`s of 256 elements, run and waited for
//!   (raw: set the four arguments, append the launch with a signal event, synchronize, reset).
//!
//! ```sh
//! cargo bench --bench overhead
//! ```
//!
//! For a profiler, `OVERHEAD_PROFILE=safe` (or `raw`) runs only that side of each row,
//! 20,000 times, untimed: e.g. under `valgrind --tool=callgrind`.

use level_zero::*;
use level_zero_sys::{ze_call, ze_group_count_t, ze_result_t};
use oneapi::onearray::OneArray;
use std::ffi::c_void;
use std::ptr::null_mut;
use std::time::{Duration, Instant};

const RUNS: usize = 10_000;
const ROUNDS: usize = 5;
/// Runs of one side for a profiler (`OVERHEAD_PROFILE`).
const PROFILE_RUNS: usize = 20_000;

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() * 9 / 10])
}

/// Times `safe` and `raw` alternately, `RUNS` pairs a round after a warm-up, and prints a row
/// per round and the median ratio.
fn compare(title: &str, mut safe: impl FnMut(), mut raw: impl FnMut()) {
    println!("\n{title}");
    if let Ok(side) = std::env::var("OVERHEAD_PROFILE") {
        let f: &mut dyn FnMut() = if side == "raw" { &mut raw } else { &mut safe };
        for _ in 0..PROFILE_RUNS {
            f();
        }
        println!("ran the {side} side {PROFILE_RUNS} times");
        return;
    }
    println!("| round ({RUNS} pairs) | raw median | safe median | ratio median | raw p90 | safe p90 | ratio p90 |");
    println!("|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    for round in 0..ROUNDS {
        let (mut s_times, mut r_times) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
        for i in 0..RUNS + 500 {
            let t = Instant::now();
            safe();
            let s = t.elapsed();
            let t = Instant::now();
            raw();
            let r = t.elapsed();
            if i >= 500 {
                s_times.push(s);
                r_times.push(r);
            }
        }
        let (sm, s90) = percentiles(s_times);
        let (rm, r90) = percentiles(r_times);
        let ratio = sm.as_secs_f64() / rm.as_secs_f64();
        ratios.push(ratio);
        println!(
            "| {round} | {rm:.2?} | {sm:.2?} | {ratio:.3}× | {r90:.2?} | {s90:.2?} | {:.3}× |",
            s90.as_secs_f64() / r90.as_secs_f64()
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "\nmedian over rounds of the median ratio: {:.3}×",
        ratios[ROUNDS / 2]
    );
}

/// Asserts a raw call succeeded.
fn ok(r: ze_result_t) {
    assert_eq!(r, ze_result_t::ZE_RESULT_SUCCESS);
}

fn main() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let api = backend().unwrap();
    let d = api.dispatch();
    println!("backend: {}", api.source());
    // The raw sequences go to the safe side's list (one engine thread: two spinning engines
    // would fight the host thread for this machine's 2 cores), with an event of their own;
    // launches on arrays go to this thread's stream.
    let list = with_stream(&ctx, &dev, |l| Ok(l.handle())).unwrap();
    let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1).unwrap();
    let event = pool.event(0, EventScope::HOST, EventScope::HOST).unwrap();
    let e = event.handle();
    // Interleaved, so both see the same machine state (the CPU driver's worker thread spins
    // between commands, and a noisy 2-core machine shifts every figure).

    let a = Allocation::device(&ctx, &dev, 64, 0).unwrap();
    let b = Allocation::device(&ctx, &dev, 64, 0).unwrap();
    let (pa, pb) = (a.as_ptr(), b.as_ptr());
    let mut copy_list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    let h = copy_list.handle();
    compare(
        "64-byte device copy + synchronize (a list of its own)",
        || {
            copy_list.copy(&b, 0, &a, 0, 64, Deps::NONE).unwrap();
            copy_list.synchronize().unwrap();
        },
        // SAFETY: live list, event and 64-byte device allocations of this context.
        || unsafe {
            ok(ze_call!(
                d,
                CommandList.pfnAppendMemoryCopy(h, pb, pa, 64, e, 0, null_mut())
            ));
            ok(ze_call!(d, Event.pfnHostSynchronize(e, u64::MAX)));
            ok(ze_call!(d, Event.pfnHostReset(e)));
        },
    );

    let spirv = include_bytes!("../examples/saxpy.spv");
    let module = Module::from_spirv(&ctx, &dev, spirv, &BuildOptions::default()).unwrap();
    let (mut safe_kernel, mut raw_kernel) = (
        module.kernel("saxpy").unwrap(),
        module.kernel("saxpy").unwrap(),
    );
    let n = 256usize;
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    let mut y = OneArray::<f32>::filled(n, 0.0).unwrap();
    let (rx, ry) = (
        Allocation::device(&ctx, &dev, n * 4, 0).unwrap(),
        Allocation::device(&ctx, &dev, n * 4, 0).unwrap(),
    );
    let grid = Grid::groups(Groups([4, 1, 1]), [64, 1, 1]);
    raw_kernel.set_group_size([64, 1, 1]).unwrap();
    let k = raw_kernel.handle();
    let groups = ze_group_count_t {
        groupCountX: 4,
        groupCountY: 1,
        groupCountZ: 1,
    };
    let (n32, alpha, px, py) = (n as u32, 2.0f32, rx.as_ptr(), ry.as_ptr());
    compare(
        "saxpy over two 256-element arrays (4 groups of 64): launch + wait",
        || {
            safe_kernel
                .run(grid, (n32, alpha, &x, &mut y))
                .unwrap()
                .wait()
                .unwrap()
        },
        // SAFETY: live list, kernel and event; the arguments are the kernel's four, the
        // buffers device allocations of `n` floats of this context.
        || unsafe {
            let set = |i: u32, size: usize, v: *const c_void| {
                ok(ze_call!(d, Kernel.pfnSetArgumentValue(k, i, size, v)));
            };
            set(0, 4, (&raw const n32).cast());
            set(1, 4, (&raw const alpha).cast());
            set(2, 8, (&raw const px).cast());
            set(3, 8, (&raw const py).cast());
            ok(ze_call!(
                d,
                CommandList.pfnAppendLaunchKernel(list, k, &groups, e, 0, null_mut())
            ));
            ok(ze_call!(d, Event.pfnHostSynchronize(e, u64::MAX)));
            ok(ze_call!(d, Event.pfnHostReset(e)));
        },
    );
}
