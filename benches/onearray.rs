//! `cargo bench --bench onearray`: pool-hit allocate+free latency vs unpooled and vs a hit
//! through the pool's lock (magazines off), host→device→host round trips vs the same raw
//! Level Zero calls, upload bandwidth from pageable host memory with and without the pinned
//! staging ring, and 1,000 copies of 4 KiB as one batch vs one by one.
//!
//! Every row times its two sides in interleaved rounds in this one process (A, B, B, A, A,
//! B, ...: the order alternates so neither side always runs first after the other), so both
//! see the same machine state. Columns: the medians of each side's round times, the median
//! of the per-round ratios, the ratio of the best (shortest) rounds (other work on the machine
//! only ever adds time, so on a busy machine this is the steadier figure), and the 10th and
//! 90th percentiles of the per-round ratios (how much the machine moved the rounds).

use level_zero::{Allocation, Commands, Deps};
use oneapi::level_zero;
use oneapi::onearray::{self, OneArray};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Medians of `a`'s and `b`'s round times (each round `inner` calls, per call), the ratio of
/// their shortest rounds, and the median, 10th and 90th percentile of the per-round ratios
/// `a / b`.
struct Pair {
    a: Duration,
    b: Duration,
    best: f64,
    ratio: f64,
    p10: f64,
    p90: f64,
}

/// Times `a` and `b` in `rounds` interleaved rounds, after one warm-up round of each.
fn interleaved(mut a: impl FnMut(), mut b: impl FnMut(), inner: u32, rounds: usize) -> Pair {
    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        for _ in 0..inner {
            f();
        }
        t.elapsed() / inner
    };
    time(&mut a);
    time(&mut b);
    let (mut ta, mut tb, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (x, y) = if round % 2 == 0 {
            let x = time(&mut a);
            (x, time(&mut b))
        } else {
            let y = time(&mut b);
            (time(&mut a), y)
        };
        ratios.push(x.as_secs_f64() / y.as_secs_f64());
        ta.push(x);
        tb.push(y);
    }
    let best = ta.iter().min().map_or(0.0, Duration::as_secs_f64)
        / tb.iter().min().map_or(1.0, Duration::as_secs_f64);
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    ratios.sort_by(f64::total_cmp);
    let at = |q: usize| ratios[(ratios.len() - 1) * q / 100];
    Pair {
        a: median(ta),
        b: median(tb),
        best,
        ratio: at(50),
        p10: at(10),
        p90: at(90),
    }
}

fn row(name: &str, p: &Pair) {
    println!(
        "{name:<46} {:>10.2?} {:>10.2?} {:>6.3} {:>6.3} {:>6.3}-{:.3}",
        p.a, p.b, p.ratio, p.best, p.p10, p.p90
    );
}

fn main() -> Result<(), onearray::Error> {
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    println!(
        "{:<46} {:>10} {:>10} {:>6} {:>6} {:>13}",
        "benchmark (interleaved rounds)", "onearray", "baseline", "ratio", "best", "p10-p90"
    );

    // Pool hit vs the pool switched off (each allocation a driver call), vs the raw driver
    // call, and vs a hit through the pool's shared lists and lock (a pool limit turns the
    // per-thread magazines off). The switches are set on every call (relaxed stores).
    let hit = || {
        onearray::set_pool_enabled(true);
        onearray::set_pool_limit(usize::MAX);
        // SAFETY: the array is dropped without being read.
        drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap())
    };
    let unpooled = || {
        onearray::set_pool_enabled(false);
        // SAFETY: the array is dropped without being read.
        drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap())
    };
    let locked = || {
        onearray::set_pool_enabled(true);
        onearray::set_pool_limit(usize::MAX - 1);
        // SAFETY: the array is dropped without being read.
        drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap())
    };
    let raw = || drop(Allocation::device(&ctx, &dev, 4096, 64).unwrap());
    // `-- hit`: the pool-hit rows only (the magazine against the locked path first), to
    // profile them.
    let only_hit = std::env::args().skip(1).any(|a| a == "hit");
    row(
        "alloc+free 4 KiB device: pool hit vs locked hit",
        &interleaved(hit, locked, 1_000, 51),
    );
    if only_hit {
        let n: u32 = std::env::var("HIT_LOOPS").map_or(0, |v| v.parse().unwrap_or(0));
        // `HIT_LOOPS=n`: then n magazine hits alone (for perf or callgrind).
        for _ in 0..n {
            hit();
        }
        onearray::set_pool_limit(usize::MAX);
        return Ok(());
    }
    row(
        "alloc+free 4 KiB device: pool hit vs unpooled",
        &interleaved(hit, unpooled, 1_000, 51),
    );
    row(
        "alloc+free 4 KiB device: pool hit vs raw zeMem",
        &interleaved(hit, raw, 1_000, 51),
    );
    onearray::set_pool_enabled(true);
    onearray::set_pool_limit(usize::MAX);

    // Host→device→host round trips: OneArray's blocking copies vs the same Level Zero calls
    // (a copy and a synchronize each way on this thread's stream, the list OneArray uses), on
    // the same memory: the array's device memory and the same host buffers, so that where
    // the pages lie (cache sets, 4 KiB aliasing between source and destination) is the same
    // for both and only the code path differs.
    for (name, n, inner, rounds) in [("4 KiB", 4096usize, 50, 401), ("64 MiB", 64 << 20, 1, 101)] {
        let src = vec![7u8; n];
        let out = RefCell::new(vec![0u8; n]);
        let a = RefCell::new(OneArray::<u8>::zeroed(n)?);
        let ours = || {
            let mut a = a.borrow_mut();
            a.copy_from_slice(&src).unwrap();
            a.copy_to_slice(&mut out.borrow_mut()).unwrap();
        };
        let theirs = || {
            let (a, mut out) = (a.borrow(), out.borrow_mut());
            let d = a.as_ptr().cast_mut().cast::<std::ffi::c_void>();
            level_zero::with_stream(&ctx, &dev, |l| {
                // SAFETY: `src`/`out` are live host buffers of `n` bytes, `d` the live device
                // memory of `a` (`n` bytes), which nothing else uses during the borrow; each
                // copy is waited for.
                unsafe {
                    l.copy_raw(d, src.as_ptr().cast(), n, Deps::NONE, vec![])?;
                    l.synchronize()?;
                    l.copy_raw(out.as_mut_ptr().cast(), d, n, Deps::NONE, vec![])?;
                    l.synchronize()
                }
            })
            .unwrap();
        };
        row(
            &format!("host->device->host {name} vs raw calls"),
            &interleaved(ours, theirs, inner, rounds),
        );
        assert!(out.borrow()[n - 1] == 7);
    }

    // Batched copies: 1,000 ranges of 4 KiB between two device arrays, recorded as one
    // batch (one completion) vs one blocking copy each.
    let (count, chunk) = (1000usize, 4096usize);
    let src = OneArray::<u8>::filled(count * chunk, 3)?;
    let (mut dst_a, mut dst_b) = (
        OneArray::<u8>::zeroed(count * chunk)?,
        OneArray::<u8>::zeroed(count * chunk)?,
    );
    let ranges: Vec<_> = (0..count)
        .map(|k| (k * chunk..(k + 1) * chunk, (count - 1 - k) * chunk))
        .collect();
    let batched = || dst_a.copy_ranges_from(&src, &ranges).unwrap();
    let one_by_one = || {
        for (r, at) in &ranges {
            dst_b.copy_range_from(*at, &src, r.clone()).unwrap();
        }
    };
    row(
        "1,000 x 4 KiB device copies: batched vs 1 by 1",
        &interleaved(batched, one_by_one, 1, 21),
    );
    assert!(dst_a.to_vec()? == dst_b.to_vec()?);
    drop((src, dst_a, dst_b));

    // Upload bandwidth: 64 MiB from a Vec<u8> into a device array, staged vs direct.
    let n = 64 << 20;
    let src: Vec<u8> = (0..n).map(|i| (i % 251) as u8).collect();
    let mut a = OneArray::<u8>::zeroed(n)?;
    let mut b = OneArray::<u8>::zeroed(n)?;
    let staged = || {
        onearray::set_staging_enabled(Some(true));
        a.copy_from_slice(&src).unwrap();
    };
    let direct = || {
        onearray::set_staging_enabled(Some(false));
        b.copy_from_slice(&src).unwrap();
    };
    let p = interleaved(staged, direct, 1, 15);
    onearray::set_staging_enabled(None);
    let mut check = vec![0u8; 4096];
    a.read_at(n - 4096, &mut check)?;
    assert!(check == src[n - 4096..]);
    row("upload 64 MiB Vec<u8>: staged vs direct", &p);
    let gib = |t: Duration| n as f64 / t.as_secs_f64() / (1u64 << 30) as f64;
    println!(
        "{:<46} {:>5.2} GiB/s {:>4.2} GiB/s",
        "  upload bandwidth: staged vs direct",
        gib(p.a),
        gib(p.b),
    );
    Ok(())
}
