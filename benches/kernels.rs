//! Kernel benchmarks (a table, not a timed test): saxpy over 16 M floats, a sum reduction of
//! 16 M floats and a 512×512 matrix multiply on the CPU driver's interpreter, each against a
//! native Rust implementation of the same computation in the same run, on one core and on
//! all cores.
//!
//! ```sh
//! cargo bench --bench kernels
//! ```
//! The single-core driver figures come from a child run with `LEVEL_ZERO_CPU_THREADS=1`.

#[path = "../tests/common/kernels.rs"]
#[allow(dead_code)]
mod runner;

use runner::Gpu;
use std::time::{Duration, Instant};

const N: usize = 16 << 20;
const MAT: usize = 512;
/// Work-groups of the grid-stride reduction.
const GRID_GROUPS: usize = 256;

fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort();
    t[t.len() / 2]
}

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

fn native(
    threads: usize,
    x: &[f32],
    y: &mut [f32],
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) -> [Duration; 4] {
    let yp = y.as_mut_ptr() as usize;
    let saxpy = median(5, || {
        parallel(threads, N, |r| {
            for i in r {
                // SAFETY: threads write disjoint ranges of `y`.
                unsafe {
                    *(yp as *mut f32).add(i) = 2.0f32.mul_add(x[i], *(yp as *mut f32).add(i))
                };
            }
        })
    });
    let sums = std::sync::Mutex::new(0f64);
    let reduce = median(5, || {
        parallel(threads, N, |r| {
            let s: f32 = x[r].iter().sum();
            *sums.lock().unwrap() += s as f64;
        })
    });
    let cp = c.as_mut_ptr() as usize;
    let matmul = median(3, || {
        parallel(threads, MAT, |rows| {
            for r in rows {
                for col in 0..MAT {
                    let mut acc = 0f32;
                    for k in 0..MAT {
                        acc += a[r * MAT + k] * b[k * MAT + col];
                    }
                    // SAFETY: threads write disjoint rows of `c`.
                    unsafe { *(cp as *mut f32).add(r * MAT + col) = acc };
                }
            }
        })
    });
    std::hint::black_box((&y, &c, sums));
    // Both reductions compute the same sum: one native figure serves both.
    [saxpy, reduce, reduce, matmul]
}

/// Whether to run kernel `name` (`BENCH_ONLY=saxpy,reduce_sum_f32,reduce_sum_f32_grid,matmul`
/// picks some; for profiling).
fn wanted(name: &str) -> bool {
    std::env::var("BENCH_ONLY").map_or(true, |only| only.split(',').any(|o| o == name))
}

fn driver(gpu: &Gpu) -> [Duration; 4] {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let (bx, by) = (gpu.buffer(&x), gpu.zeros::<f32>(N));
    let m = gpu.module("saxpy-O2");
    let k = gpu.kernel(m, "saxpy");
    gpu.arg(k, 0, &2.0f32);
    gpu.arg_buf(k, 1, &bx);
    gpu.arg_buf(k, 2, &by);
    let saxpy = median(3, || {
        if wanted("saxpy") {
            gpu.run(k, [(N / 256) as u32, 1, 1], [256, 1, 1])
        }
    });

    // A sum of `x` by `kernel` of reduce_scan.cl over `groups` groups of 256 work-items.
    let m = gpu.module("reduce_scan-O2");
    let reduction = |kernel: &str, groups: usize| {
        let k = gpu.kernel(m, kernel);
        let partial = gpu.zeros::<f32>(groups);
        gpu.arg_buf(k, 0, &bx);
        gpu.arg_buf(k, 1, &partial);
        gpu.arg_local(k, 2, 256 * 4);
        gpu.arg(k, 3, &(N as u32));
        median(3, || {
            if wanted(kernel) {
                gpu.run(k, [groups as u32, 1, 1], [256, 1, 1])
            }
        })
    };
    // One element per work-item, then a tree in local memory.
    let reduce = reduction("reduce_sum_f32", N / 256);
    // The same sum written as production reductions are: each of 64 Ki work-items first sums
    // every 64 Ki-th element, then each group reduces its 256 sums in local memory.
    let grid = reduction("reduce_sum_f32_grid", GRID_GROUPS);

    let a: Vec<f32> = (0..MAT * MAT).map(|i| (i % 7) as f32).collect();
    let (ba, bb, bc) = (gpu.buffer(&a), gpu.buffer(&a), gpu.zeros::<f32>(MAT * MAT));
    let m = gpu.module("matmul-O2");
    let k = gpu.kernel(m, "matmul_tiled");
    gpu.arg_buf(k, 0, &ba);
    gpu.arg_buf(k, 1, &bb);
    gpu.arg_buf(k, 2, &bc);
    for i in 3..6 {
        gpu.arg(k, i, &(MAT as i32));
    }
    let tiles = (MAT / 16) as u32;
    let matmul = median(1, || {
        if wanted("matmul") {
            gpu.run(k, [tiles, tiles, 1], [16, 16, 1])
        }
    });
    [saxpy, reduce, grid, matmul]
}

fn main() {
    let gpu = Gpu::new();
    let drv = driver(&gpu);
    if std::env::var_os("BENCH_CHILD").is_some() {
        let times: Vec<String> = drv.iter().map(|t| t.as_nanos().to_string()).collect();
        println!("{}", times.join(" "));
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env("BENCH_CHILD", "1")
        .env("LEVEL_ZERO_CPU_THREADS", "1")
        .output()
        .expect("single-thread child");
    let one: Vec<Duration> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(|t| Duration::from_nanos(t.parse().unwrap()))
        .collect();
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let mut y = vec![0f32; N];
    let a: Vec<f32> = (0..MAT * MAT).map(|i| (i % 7) as f32).collect();
    let mut c = vec![0f32; MAT * MAT];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let n1 = native(1, &x, &mut y, &a, &a, &mut c);
    let nall = native(cores, &x, &mut y, &a, &a, &mut c);
    println!("| kernel | native 1 core | driver 1 core | ratio | native {cores} cores | driver {cores} cores | ratio |");
    println!("|---|---|---|---|---|---|---|");
    for (i, name) in [
        "saxpy 16M f32",
        "sum reduction 16M f32 (one element per work-item, tree per group)",
        "sum reduction 16M f32 (grid-stride, then tree per group)",
        "matmul 512×512 f32 (tiled)",
    ]
    .iter()
    .enumerate()
    {
        println!(
            "| {name} | {:.2?} | {:.2?} | {:.1}× | {:.2?} | {:.2?} | {:.1}× |",
            n1[i],
            one[i],
            one[i].as_secs_f64() / n1[i].as_secs_f64(),
            nall[i],
            drv[i],
            drv[i].as_secs_f64() / nall[i].as_secs_f64()
        );
    }
}
