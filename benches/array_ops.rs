//! `cargo bench --bench array_ops`: onearray's generated kernels (`axpy`, a fused
//! 4-operand expression, `sum`, `dot` over 16 M `f32`) against the same operations
//! hand-written in OpenCL C (`array_ops.cl`, compiled to `array_ops.spv` by
//! `build-array-ops.sh`) launched on the same driver, and against native Rust loops written
//! to vectorize, spread over as many threads as the driver uses (`LEVEL_ZERO_CPU_THREADS`,
//! default all cores).
//!
//! Every figure is the best of [`ROUNDS`] rounds after a warm-up; the three contenders
//! alternate within each round, so a noisy machine slows all alike. Results are checked
//! against the native ones after the rounds.

use oneapi::level_zero::{self, BuildOptions, Grid, Groups, Module};
use oneapi::onearray::{HostBuffer, OneArray};
use std::time::{Duration, Instant};

const N: usize = 16 << 20;
const ROUNDS: usize = 7;
/// Work-groups of the hand-written reductions (as many as the generated ones use).
const GROUPS: u32 = 1024;

/// Runs `body` compiled for the host's vector extension (as `-march=native` would).
#[inline(always)]
fn native<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the host has the features the function is compiled for.
            return unsafe { avx2(body) };
        }
    }
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// `f(chunk index, chunk)` on `threads` scoped threads over equal chunks of `n` elements.
fn parallel<R: Send>(
    threads: usize,
    n: usize,
    f: impl Fn(std::ops::Range<usize>) -> R + Sync,
) -> Vec<R> {
    let per = n.div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let f = &f;
                s.spawn(move || native(|| f(t * per..((t + 1) * per).min(n))))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Splits `out` in `threads` chunks and runs `f(first index, chunk)` on scoped threads.
fn parallel_mut(threads: usize, out: &mut [f32], f: impl Fn(usize, &mut [f32]) + Sync) {
    let per = out.len().div_ceil(threads);
    std::thread::scope(|s| {
        for (t, chunk) in out.chunks_mut(per).enumerate() {
            let f = &f;
            s.spawn(move || native(|| f(t * per, chunk)));
        }
    });
}

/// `Σ x·y` in 16 independent lanes (a loop the compiler vectorizes).
fn dot16(x: &[f32], y: &[f32]) -> f32 {
    let mut acc = [0f32; 16];
    let (xc, yc) = (x.chunks_exact(16), y.chunks_exact(16));
    let tail: f32 = xc
        .remainder()
        .iter()
        .zip(yc.remainder())
        .map(|(a, b)| a * b)
        .sum();
    for (a, b) in xc.zip(yc) {
        for l in 0..16 {
            acc[l] += a[l] * b[l];
        }
    }
    acc.iter().sum::<f32>() + tail
}

/// `Σ x` in 16 independent lanes.
fn sum16(x: &[f32]) -> f32 {
    let mut acc = [0f32; 16];
    let c = x.chunks_exact(16);
    let tail: f32 = c.remainder().iter().sum();
    for a in c {
        for l in 0..16 {
            acc[l] += a[l];
        }
    }
    acc.iter().sum::<f32>() + tail
}

fn time(f: &mut dyn FnMut()) -> Duration {
    let s = Instant::now();
    f();
    s.elapsed()
}

/// Pseudo-random values in [-1, 1).
fn values(seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..N)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let threads = std::env::var("LEVEL_ZERO_CPU_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .filter(|&t| t > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    let module = Module::from_spirv(
        &ctx,
        &dev,
        include_bytes!("array_ops.spv"),
        &BuildOptions::default(),
    )?;
    let (mut k_axpy, mut k_fused, mut k_sum, mut k_dot) = (
        module.kernel("axpy")?,
        module.kernel("fused4")?,
        module.kernel("sum")?,
        module.kernel("dot")?,
    );
    let sync = || level_zero::with_stream(&ctx, &dev, |l| l.synchronize());
    let a = 0.75f32;
    let (xs, ys, zs, ws) = (values(1), values(2), values(3), values(4));
    let (x, z, w) = (
        OneArray::<f32>::from_slice(&xs)?,
        OneArray::<f32>::from_slice(&zs)?,
        OneArray::<f32>::from_slice(&ws)?,
    );
    let (mut y_gen, mut y_hand) = (
        OneArray::<f32>::from_slice(&ys)?,
        OneArray::<f32>::from_slice(&ys)?,
    );
    let (mut out_gen, mut out_hand) = (OneArray::<f32>::zeroed(N)?, OneArray::<f32>::zeroed(N)?);
    let mut partials = OneArray::<f32, HostBuffer>::zeroed(GROUPS as usize)?;
    let (mut y_native, mut out_native) = (ys.clone(), vec![0f32; N]);
    let n = N as u64;
    let reduce_grid = Grid::groups(Groups::x(GROUPS), [256, 1, 1]);

    // (label, native, generated, hand-written) per operation; sums keep their results.
    let mut results = [[0f64; 3]; 2];
    let mut best = [[Duration::MAX; 3]; 4];
    for round in 0..=ROUNDS {
        let mut t = [[Duration::ZERO; 3]; 4];
        // axpy
        t[0][0] = time(&mut || {
            parallel_mut(threads, &mut y_native, |first, ys| {
                for (y, x) in ys.iter_mut().zip(&xs[first..]) {
                    *y += a * x; // a·x + y: addition commutes bit for bit
                }
            })
        });
        t[0][1] = time(&mut || {
            y_gen.axpy(a, &x).unwrap();
            sync().unwrap();
        });
        t[0][2] = time(&mut || {
            k_axpy
                .launch(Grid::for_len(N))
                .arg(n)
                .arg(a)
                .arg(&x)
                .arg(&mut y_hand)
                .run()
                .unwrap();
            sync().unwrap();
        });
        // out = x·a + y·z − w (y is the axpy result, the same on all three sides)
        t[1][0] = time(&mut || {
            let y = &y_native;
            parallel_mut(threads, &mut out_native, |first, out| {
                let r = first..first + out.len();
                let (x, y, z, w) = (&xs[r.clone()], &y[r.clone()], &zs[r.clone()], &ws[r]);
                for i in 0..out.len() {
                    out[i] = x[i] * a + y[i] * z[i] - w[i];
                }
            })
        });
        t[1][1] = time(&mut || {
            out_gen.assign(&x * a + &y_gen * &z - &w).unwrap();
            sync().unwrap();
        });
        t[1][2] = time(&mut || {
            k_fused
                .launch(Grid::for_len(N))
                .arg(n)
                .arg(a)
                .arg(&x)
                .arg(&y_hand)
                .arg(&z)
                .arg(&w)
                .arg(&mut out_hand)
                .run()
                .unwrap();
            sync().unwrap();
        });
        // sum, dot (the host adds the hand-written kernels' partials in f64, as onearray does)
        let finish =
            |p: &OneArray<f32, HostBuffer>| p.as_slice().iter().map(|&v| v as f64).sum::<f64>();
        let mut r = [[0f64; 3]; 2];
        t[2][0] = time(&mut || {
            r[0][0] = parallel(threads, N, |c| sum16(&xs[c]) as f64).iter().sum();
        });
        t[2][1] = time(&mut || r[0][1] = x.sum().unwrap() as f64);
        t[2][2] = time(&mut || {
            k_sum
                .launch(reduce_grid)
                .arg(n)
                .arg(&x)
                .arg(&mut partials)
                .run()
                .unwrap();
            sync().unwrap();
            r[0][2] = finish(&partials);
        });
        t[3][0] = time(&mut || {
            r[1][0] = parallel(threads, N, |c| dot16(&xs[c.clone()], &zs[c]) as f64)
                .iter()
                .sum();
        });
        t[3][1] = time(&mut || r[1][1] = x.dot(&z).unwrap() as f64);
        t[3][2] = time(&mut || {
            k_dot
                .launch(reduce_grid)
                .arg(n)
                .arg(&x)
                .arg(&z)
                .arg(&mut partials)
                .run()
                .unwrap();
            sync().unwrap();
            r[1][2] = finish(&partials);
        });
        results = r;
        if round > 0 {
            for (b, t) in best.iter_mut().zip(t) {
                for (b, t) in b.iter_mut().zip(t) {
                    *b = (*b).min(t);
                }
            }
        }
    }

    // Checks: element-wise results are bit-identical (same roundings); sums agree closely.
    let (yg, yh, og, oh) = (
        y_gen.to_vec()?,
        y_hand.to_vec()?,
        out_gen.to_vec()?,
        out_hand.to_vec()?,
    );
    assert!(yg == y_native && yh == y_native, "axpy results differ");
    assert!(og == out_native && oh == out_native, "fused results differ");
    for (what, r) in ["sum", "dot"].iter().zip(results) {
        let scale: f64 = N as f64;
        for v in &r[1..] {
            assert!(
                (v - r[0]).abs() <= 1e-5 * scale,
                "{what}: {v} vs native {}",
                r[0]
            );
        }
    }

    println!(
        "array operations over {} M f32, {threads} thread(s); best of {ROUNDS} rounds",
        N >> 20
    );
    println!(
        "{:<34} {:>10} {:>10} {:>12} {:>10} {:>10}",
        "operation", "native", "generated", "hand-written", "gen/hand", "gen/native"
    );
    let labels = [
        "axpy y = a·x + y",
        "fused out = x·a + y·z − w",
        "sum",
        "dot",
    ];
    for (label, b) in labels.iter().zip(best) {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{label:<34} {:>8.2}ms {:>8.2}ms {:>10.2}ms {:>10.2} {:>10.2}",
            ms(b[0]),
            ms(b[1]),
            ms(b[2]),
            b[1].as_secs_f64() / b[2].as_secs_f64(),
            b[1].as_secs_f64() / b[0].as_secs_f64(),
        );
    }
    Ok(())
}
