//! Safe-layer overhead (a table, not a timed test): a 64-byte device-to-device copy plus
//! synchronize through `level-zero`, against the same raw DDI call sequence (append copy with a
//! signal event, host-synchronize the event, reset it) on the same list, interleaved, in the
//! same run.
//!
//! ```sh
//! cargo bench --bench overhead
//! ```

use level_zero::*;
use level_zero_sys::{ze_call, ze_result_t};
use std::ptr::null_mut;
use std::time::{Duration, Instant};

const RUNS: usize = 10_000;
const ROUNDS: usize = 5;

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() * 9 / 10])
}

fn main() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let a = Allocation::device(&ctx, &dev, 64, 0).unwrap();
    let b = Allocation::device(&ctx, &dev, 64, 0).unwrap();

    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    // The raw sequence goes to the same list (one engine thread: two spinning engines would
    // fight the host thread for this machine's 2 cores).
    let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1).unwrap();
    let event = pool.event(0, EventScope::HOST, EventScope::HOST).unwrap();
    let api = backend().unwrap();
    let d = api.dispatch();
    let (h, e, pa, pb) = (list.handle(), event.handle(), a.as_ptr(), b.as_ptr());
    // Interleaved, so both see the same machine state (the CPU driver's worker thread spins
    // between commands, and a noisy 2-core machine shifts every figure).
    println!("backend: {}", api.source());
    println!("| round ({RUNS} pairs) | raw median | safe median | ratio median | raw p90 | safe p90 | ratio p90 |");
    println!("|---|---|---|---|---|---|---|");
    let mut ratios = Vec::new();
    for round in 0..ROUNDS {
        let (mut safe, mut raw) = (Vec::with_capacity(RUNS), Vec::with_capacity(RUNS));
        for i in 0..RUNS + 500 {
            let t = Instant::now();
            list.copy(&b, 0, &a, 0, 64, Deps::NONE).unwrap();
            list.synchronize().unwrap();
            let s = t.elapsed();
            let t = Instant::now();
            // SAFETY: live list, event and 64-byte device allocations of this context.
            unsafe {
                assert_eq!(
                    ze_call!(
                        d,
                        CommandList.pfnAppendMemoryCopy(h, pb, pa, 64, e, 0, null_mut())
                    ),
                    ze_result_t::ZE_RESULT_SUCCESS
                );
                assert_eq!(
                    ze_call!(d, Event.pfnHostSynchronize(e, u64::MAX)),
                    ze_result_t::ZE_RESULT_SUCCESS
                );
                assert_eq!(
                    ze_call!(d, Event.pfnHostReset(e)),
                    ze_result_t::ZE_RESULT_SUCCESS
                );
            }
            let r = t.elapsed();
            if i >= 500 {
                safe.push(s);
                raw.push(r);
            }
        }
        let (sm, s90) = percentiles(safe);
        let (rm, r90) = percentiles(raw);
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
