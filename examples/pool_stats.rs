//! The caching pool under a realistic workload: a service answering requests of varying
//! sizes, each uploading its input, evaluating a fused expression into a temporary and
//! reducing it. The same requests run with the pool cold, warm, and switched off; the table
//! shows how many allocations the driver saw, the hit rate, stream-ordered reuse, deferred
//! frees and the peak, then a pool limit and `trim` give memory back.
//!
//! The time column is for a GPU, where an allocation by the driver is a costly call the pool
//! saves; on the CPU driver it is a host allocation, cheap, and the times differ little.
//!
//! ```sh
//! cargo run --release --example pool_stats
//! ```

use oneapi::onearray::{
    self, human, memory_info, set_pool_enabled, set_pool_limit, trim, OneArray, PoolStats,
};
use std::time::{Duration, Instant};

/// Requests per pass.
const REQUESTS: usize = 200;

/// The element counts of the requests: spread over 256 .. 64 K, as a service sees them
/// (a fixed pseudo-random sequence, so every pass serves the same requests).
fn request_sizes() -> Vec<usize> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..REQUESTS)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            256 + (state % (64 * 1024 - 256) as u64) as usize
        })
        .collect()
}

/// Serves every request; returns the sum of the answers (checked against the host).
fn serve(sizes: &[usize]) -> Result<f64, onearray::Error> {
    let mut total = 0.0f64;
    for &n in sizes {
        let scaled = {
            let input = OneArray::<f32>::try_from_iter((0..n).map(|i| (i % 7) as f32))?;
            (&input * 0.5 + 1.0).eval()? // a temporary of the request's size
        }; // `input` is freed here while the kernel may still read it: its block is reused
           // by later allocations on the same stream, or released once the kernel is done
        total += f64::from(scaled.sum()?);
    }
    Ok(total)
}

/// What happened between two snapshots of the counters (peak and pooled bytes as of `after`).
fn row(phase: &str, before: &PoolStats, after: &PoolStats, time: Duration) {
    let allocations = after.allocations - before.allocations;
    let hits = after.hits - before.hits;
    println!(
        "{phase:<10} {allocations:>11} {:>9} {:>8.1}% {:>13} {:>14} {:>10} {:>13} {:>8.0} ms",
        after.misses - before.misses,
        if allocations == 0 {
            0.0
        } else {
            100.0 * hits as f64 / allocations as f64
        },
        after.stream_reuses - before.stream_reuses,
        after.deferred_frees - before.deferred_frees,
        human(after.peak_in_use),
        human(after.bytes_pooled),
        time.as_secs_f64() * 1e3,
    );
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sizes = request_sizes();
    let expect: f64 = sizes
        .iter()
        .map(|&n| (0..n).map(|i| 0.5 * (i % 7) as f64 + 1.0).sum::<f64>())
        .sum();
    println!(
        "{REQUESTS} requests of 256 .. 64 K f32 elements, {} in all, each: upload, fused \
         expression into a temporary, sum",
        human(sizes.iter().sum::<usize>() * 4)
    );
    println!(
        "{:<10} {:>11} {:>9} {:>9} {:>13} {:>14} {:>10} {:>13} {:>11}",
        "pass",
        "allocations",
        "by driver",
        "hit rate",
        "stream reuses",
        "deferred frees",
        "peak",
        "pooled at end",
        "time"
    );
    for (phase, pooled) in [("cold pool", true), ("warm pool", true), ("no pool", false)] {
        set_pool_enabled(pooled);
        let before = memory_info()?.total();
        let start = Instant::now();
        let got = serve(&sizes)?;
        let time = start.elapsed();
        row(phase, &before, &memory_info()?.total(), time);
        if (got - expect).abs() > 1e-4 * expect {
            return Err(format!("{phase}: sum {got}, expected {expect}").into());
        }
    }
    set_pool_enabled(true);

    // A cap on what the pool caches: blocks beyond it go back to the driver when freed.
    let released = memory_info()?.total().released;
    set_pool_limit(1 << 20);
    serve(&sizes[..50])?;
    let s = memory_info()?.total();
    println!(
        "with a 1 MiB pool limit: {} pooled, {} blocks handed back to the driver",
        human(s.bytes_pooled),
        s.released - released
    );
    set_pool_limit(usize::MAX);
    println!("trim() gave back {}", human(trim()));
    onearray::memory_status();
    println!("answers match the host in every pass");
    Ok(())
}
