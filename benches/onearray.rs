//! `cargo bench --bench onearray`: pool-hit allocate+free latency vs unpooled and vs a hit
//! through the pool's lock (magazines off), host→device→host round trips vs the same raw
//! Level Zero calls, and upload bandwidth from pageable host memory with and without the
//! pinned staging ring, and 1,000 copies of 4 KiB as one batch vs one by one.

use level_zero::{Allocation, Commands, Deps};
use oneapi::level_zero;
use oneapi::onearray::{self, OneArray};
use std::time::{Duration, Instant};

fn median(mut f: impl FnMut(), inner: u32, samples: usize) -> Duration {
    let mut v: Vec<Duration> = (0..samples)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..inner {
                f();
            }
            t.elapsed() / inner
        })
        .collect();
    v.sort();
    v[v.len() / 2]
}

fn main() -> Result<(), onearray::Error> {
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    println!(
        "{:<44} {:>12} {:>12} {:>8}",
        "benchmark", "onearray", "baseline", "ratio"
    );
    let row = |name: &str, a: Duration, b: Duration| {
        println!(
            "{name:<44} {:>12.2?} {:>12.2?} {:>8.2}",
            a,
            b,
            a.as_secs_f64() / b.as_secs_f64()
        )
    };

    // Pool hit vs the pool switched off (each allocation a driver call).
    drop(OneArray::<u8>::zeroed(4096)?);
    let hit = median(
        // SAFETY: the array is dropped without being read.
        || drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap()),
        10_000,
        21,
    );
    // The same hit through the pool's shared lists and lock (a pool limit turns the
    // per-thread magazines off).
    onearray::set_pool_limit(usize::MAX - 1);
    let locked = median(
        // SAFETY: as above.
        || drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap()),
        10_000,
        21,
    );
    onearray::set_pool_limit(usize::MAX);
    onearray::set_pool_enabled(false);
    let unpooled = median(
        // SAFETY: as above.
        || drop(unsafe { OneArray::<u8>::uninit(4096) }.unwrap()),
        2_000,
        21,
    );
    let raw = median(
        || drop(Allocation::device(&ctx, &dev, 4096, 64).unwrap()),
        2_000,
        21,
    );
    onearray::set_pool_enabled(true);
    row(
        "alloc+free 4 KiB device: pool hit vs unpooled",
        hit,
        unpooled,
    );
    row("alloc+free 4 KiB device: pool hit vs raw zeMem", hit, raw);
    row(
        "alloc+free 4 KiB device: pool hit vs locked hit",
        hit,
        locked,
    );

    for (name, n, samples) in [("4 KiB", 4096usize, 501), ("64 MiB", 64 << 20, 11)] {
        let src = vec![7u8; n];
        let mut out = vec![0u8; n];
        let mut a = OneArray::<u8>::zeroed(n)?;
        let ours = median(
            || {
                a.copy_from_slice(&src).unwrap();
                a.copy_to_slice(&mut out).unwrap();
            },
            1,
            samples,
        );
        let buf = Allocation::device(&ctx, &dev, n, 64)?;
        let theirs = median(
            || {
                level_zero::with_stream(&ctx, &dev, |l| {
                    // SAFETY: `src`/`out` are live host buffers of `n` bytes, `buf` a live
                    // device allocation of `n` bytes; each copy is waited for.
                    unsafe {
                        l.copy_raw(buf.as_ptr(), src.as_ptr().cast(), n, Deps::NONE, vec![])?;
                        l.synchronize()?;
                        l.copy_raw(out.as_mut_ptr().cast(), buf.as_ptr(), n, Deps::NONE, vec![])?;
                        l.synchronize()
                    }
                })
                .unwrap();
            },
            1,
            samples,
        );
        assert_eq!(out[n - 1], 7);
        row(
            &format!("host->device->host {name} vs raw calls"),
            ours,
            theirs,
        );
    }

    // Batched copies: 1,000 ranges of 4 KiB between two device arrays, recorded as one
    // batch (one completion) vs one blocking copy each.
    let (count, chunk) = (1000usize, 4096usize);
    let src = OneArray::<u8>::filled(count * chunk, 3)?;
    let mut dst = OneArray::<u8>::zeroed(count * chunk)?;
    let ranges: Vec<_> = (0..count)
        .map(|k| (k * chunk..(k + 1) * chunk, (count - 1 - k) * chunk))
        .collect();
    let batched = median(|| dst.copy_ranges_from(&src, &ranges).unwrap(), 1, 21);
    let one_by_one = median(
        || {
            for (r, at) in &ranges {
                dst.copy_range_from(*at, &src, r.clone()).unwrap();
            }
        },
        1,
        21,
    );
    row(
        "1,000 x 4 KiB device copies: batched vs 1 by 1",
        batched,
        one_by_one,
    );
    drop((src, dst));

    // Upload bandwidth: 64 MiB from a Vec<u8> into a device array, staged vs direct.
    let n = 64 << 20;
    let src: Vec<u8> = (0..n).map(|i| (i % 251) as u8).collect();
    let mut a = OneArray::<u8>::zeroed(n)?;
    let mut upload = |staged: bool| {
        onearray::set_staging_enabled(Some(staged));
        a.copy_from_slice(&src).unwrap(); // warm-up (ring allocation, page faults)
        median(|| a.copy_from_slice(&src).unwrap(), 1, 15)
    };
    let (staged, direct) = (upload(true), upload(false));
    onearray::set_staging_enabled(None);
    let mut check = vec![0u8; 4096];
    a.read_at(n - 4096, &mut check)?;
    assert!(check == src[n - 4096..]);
    row("upload 64 MiB Vec<u8>: staged vs direct", staged, direct);
    let gib = |t: Duration| n as f64 / t.as_secs_f64() / (1u64 << 30) as f64;
    println!(
        "{:<44} {:>8.2} GiB/s {:>6.2} GiB/s {:>8.2}",
        "  upload bandwidth: staged vs direct",
        gib(staged),
        gib(direct),
        gib(staged) / gib(direct)
    );
    Ok(())
}
