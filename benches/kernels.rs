//! Kernel benchmarks (a table, not a timed test): saxpy over 16 M floats, two sum reductions
//! of 16 M floats and a 512×512 matrix multiply on the CPU driver's interpreter, each against
//! a native Rust implementation of the same computation, on one core and on all cores.
//!
//! ```sh
//! cargo bench --bench kernels
//! BENCH_ONLY=reduce_sum_f32 cargo bench --bench kernels   # one kernel (for profiling)
//! ```
//! Each figure is the best of 5 rounds, and the native and driver rounds alternate, so that a
//! noisy machine slows both alike. The one-core figures come from a child process run with
//! `LEVEL_ZERO_CPU_THREADS=1` (the driver reads it once).

#[path = "../tests/common/kernels.rs"]
#[allow(dead_code)]
mod runner;

use runner::{Buf, Gpu};
use std::time::{Duration, Instant};

const N: usize = 16 << 20;
const MAT: usize = 512;
/// Work-groups of the grid-stride reduction.
const GRID_GROUPS: usize = 256;
const ROUNDS: usize = 5;

/// Splits `0..n` over `threads` scoped threads.
fn parallel(threads: usize, n: usize, f: impl Fn(std::ops::Range<usize>) + Sync) {
    let chunk = n.div_ceil(threads);
    std::thread::scope(|s| {
        for t in 0..threads {
            let f = &f;
            s.spawn(move || f(t * chunk..((t + 1) * chunk).min(n)));
        }
    });
}

fn time(f: &mut dyn FnMut()) -> Duration {
    let s = Instant::now();
    f();
    s.elapsed()
}

/// Best native and best driver time over alternating rounds (after one warm-up each).
fn race(native: &mut dyn FnMut(), driver: &mut dyn FnMut()) -> (Duration, Duration) {
    native();
    driver();
    let (mut n, mut d) = (Duration::MAX, Duration::MAX);
    for _ in 0..ROUNDS {
        n = n.min(time(native));
        d = d.min(time(driver));
    }
    (n, d)
}

/// Whether to run kernel `name` (`BENCH_ONLY=saxpy,reduce_sum_f32,reduce_sum_f32_grid,matmul`
/// picks some).
fn wanted(name: &str) -> bool {
    std::env::var("BENCH_ONLY").map_or(true, |only| only.split(',').any(|o| o == name))
}

const KERNELS: [&str; 4] = ["saxpy", "reduce_sum_f32", "reduce_sum_f32_grid", "matmul"];

/// (native, driver) per kernel of [`KERNELS`] on `threads` host threads.
fn measure(gpu: &Gpu, threads: usize) -> Vec<(Duration, Duration)> {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let mut y = vec![0f32; N];
    let a: Vec<f32> = (0..MAT * MAT).map(|i| (i % 7) as f32).collect();
    let mut c = vec![0f32; MAT * MAT];
    let bx = gpu.buffer(&x);
    let mut out = Vec::new();
    for name in KERNELS {
        if !wanted(name) {
            out.push((Duration::ZERO, Duration::ZERO));
            continue;
        }
        out.push(match name {
            "saxpy" => {
                let by: Buf<f32> = gpu.zeros(N);
                let k = gpu.kernel(gpu.module("saxpy-O2"), "saxpy");
                gpu.arg(k, 0, &2.0f32);
                gpu.arg_buf(k, 1, &bx);
                gpu.arg_buf(k, 2, &by);
                let yp = y.as_mut_ptr() as usize;
                race(
                    &mut || {
                        parallel(threads, N, |r| {
                            for i in r {
                                // SAFETY: threads write disjoint ranges of `y`.
                                unsafe {
                                    let yi = (yp as *mut f32).add(i);
                                    *yi = 2.0f32.mul_add(x[i], *yi)
                                };
                            }
                        })
                    },
                    &mut || gpu.run(k, [(N / 256) as u32, 1, 1], [256, 1, 1]),
                )
            }
            "reduce_sum_f32" | "reduce_sum_f32_grid" => {
                // One element per work-item then a tree in local memory; or, as production
                // reductions are written, each of 64 Ki work-items first sums every 64 Ki-th
                // element, then each group reduces its 256 sums in local memory.
                let groups = if name == "reduce_sum_f32" {
                    N / 256
                } else {
                    GRID_GROUPS
                };
                let k = gpu.kernel(gpu.module("reduce_scan-O2"), name);
                let partial: Buf<f32> = gpu.zeros(groups);
                gpu.arg_buf(k, 0, &bx);
                gpu.arg_buf(k, 1, &partial);
                gpu.arg_local(k, 2, 256 * 4);
                gpu.arg(k, 3, &(N as u32));
                let sums = std::sync::Mutex::new(0f64);
                race(
                    &mut || {
                        parallel(threads, N, |r| {
                            let s: f32 = x[r].iter().sum();
                            *sums.lock().unwrap() += s as f64;
                        })
                    },
                    &mut || gpu.run(k, [groups as u32, 1, 1], [256, 1, 1]),
                )
            }
            _ => {
                let (ba, bb, bc) = (gpu.buffer(&a), gpu.buffer(&a), gpu.zeros::<f32>(MAT * MAT));
                let k = gpu.kernel(gpu.module("matmul-O2"), "matmul_tiled");
                gpu.arg_buf(k, 0, &ba);
                gpu.arg_buf(k, 1, &bb);
                gpu.arg_buf(k, 2, &bc);
                for i in 3..6 {
                    gpu.arg(k, i, &(MAT as i32));
                }
                let tiles = (MAT / 16) as u32;
                let cp = c.as_mut_ptr() as usize;
                race(
                    &mut || {
                        parallel(threads, MAT, |rows| {
                            for r in rows {
                                for col in 0..MAT {
                                    let mut acc = 0f32;
                                    for k in 0..MAT {
                                        acc += a[r * MAT + k] * a[k * MAT + col];
                                    }
                                    // SAFETY: threads write disjoint rows of `c`.
                                    unsafe { *(cp as *mut f32).add(r * MAT + col) = acc };
                                }
                            }
                        })
                    },
                    &mut || gpu.run(k, [tiles, tiles, 1], [16, 16, 1]),
                )
            }
        });
    }
    std::hint::black_box((&y, &c));
    out
}

fn main() {
    let gpu = Gpu::new();
    if std::env::var_os("BENCH_CHILD").is_some() {
        for (n, d) in measure(&gpu, 1) {
            print!("{} {} ", n.as_nanos(), d.as_nanos());
        }
        println!();
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all = measure(&gpu, cores);
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env("BENCH_CHILD", "1")
        .env("LEVEL_ZERO_CPU_THREADS", "1")
        .output()
        .expect("single-thread child");
    let t: Vec<Duration> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|t| Duration::from_nanos(t.parse().unwrap()))
        .collect();
    println!(
        "| kernel | native 1 core | driver 1 core | ratio | native {cores} cores | driver {cores} cores | ratio |"
    );
    println!("|---|---|---|---|---|---|---|");
    let ratio = |d: Duration, n: Duration| d.as_secs_f64() / n.as_secs_f64();
    for (i, name) in [
        "saxpy 16M f32",
        "sum reduction 16M f32 (one element per work-item, tree per group)",
        "sum reduction 16M f32 (grid-stride, then tree per group)",
        "matmul 512×512 f32 (tiled)",
    ]
    .iter()
    .enumerate()
    {
        if !wanted(KERNELS[i]) {
            continue;
        }
        let (n1, d1) = (t[2 * i], t[2 * i + 1]);
        let (n, d) = all[i];
        println!(
            "| {name} | {n1:.2?} | {d1:.2?} | {:.1}× | {n:.2?} | {d:.2?} | {:.1}× |",
            ratio(d1, n1),
            ratio(d, n)
        );
    }
}
