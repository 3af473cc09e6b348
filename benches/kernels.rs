//! Kernel benchmarks (a table, not a timed test): saxpy over 16 M floats, two sum reductions
//! of 16 M floats and a 512×512 matrix multiply on the kernel executor the CPU driver runs
//! (`spirv-exec`, its interpreter), each against a native Rust implementation of the same
//! computation, on one core and on all cores.
//!
//! ```sh
//! cargo bench --bench kernels
//! BENCH_ONLY=reduce_sum_f32 cargo bench --bench kernels   # one kernel (for profiling)
//! ```
//! Each figure is the best of 5 rounds, and the native and driver rounds alternate, so that a
//! noisy machine slows both alike.

use oneapi::spirv_exec::{Arg, Kernel, Launch, Module, Region};
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

/// The modules of the corpus the benchmark runs, built once.
struct Corpus {
    saxpy: Module,
    reduce: Module,
    matmul: Module,
}

fn build(name: &str) -> Module {
    let path = format!("{}/kernels/spv/{name}.spv", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Module::from_bytes(&bytes, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A launch of kernel `name` of `module` over `groups` groups of `size` on `threads` threads.
fn launch(
    module: &Module,
    name: &str,
    groups: [u32; 3],
    size: [u32; 3],
    threads: usize,
) -> (Kernel, Launch) {
    let kernel = module
        .kernel(name)
        .unwrap_or_else(|| panic!("no kernel {name}"))
        .clone();
    let mut launch = Launch::new(groups, size);
    launch.threads = threads;
    (kernel, launch)
}

/// Adds a pointer argument to `data`, which the kernel may reach.
fn buffer<T>(launch: &mut Launch, data: &[T]) {
    let base = data.as_ptr() as usize;
    launch.args.push(Arg::of(&(base as u64)));
    launch.memory.push(Region {
        base,
        end: base + std::mem::size_of_val(data),
        what: "buffer".into(),
    });
}

/// Runs one launch (the buffers it points to are alive and untouched meanwhile).
fn run(kernel: &Kernel, launch: &Launch) {
    // SAFETY: every region is a live vector of `measure`, which nothing else accesses while
    // the launch runs (the native and kernel rounds take turns).
    unsafe { kernel.run(launch.clone()) }.expect("launch");
}

/// (native, driver) per kernel of [`KERNELS`] on `threads` host threads.
fn measure(corpus: &Corpus, threads: usize) -> Vec<(Duration, Duration)> {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let mut y = vec![0f32; N];
    let a: Vec<f32> = (0..MAT * MAT).map(|i| (i % 7) as f32).collect();
    let mut c = vec![0f32; MAT * MAT];
    let mut out = Vec::new();
    for name in KERNELS {
        if !wanted(name) {
            out.push((Duration::ZERO, Duration::ZERO));
            continue;
        }
        out.push(match name {
            "saxpy" => {
                let by = vec![0f32; N];
                let groups = [(N / 256) as u32, 1, 1];
                let (k, mut l) = launch(&corpus.saxpy, "saxpy", groups, [256, 1, 1], threads);
                l.args.push(Arg::of(&2.0f32));
                buffer(&mut l, &x);
                buffer(&mut l, &by);
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
                    &mut || run(&k, &l),
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
                let grid = [groups as u32, 1, 1];
                let (k, mut l) = launch(&corpus.reduce, name, grid, [256, 1, 1], threads);
                let partial = vec![0f32; groups];
                buffer(&mut l, &x);
                buffer(&mut l, &partial);
                l.args.push(Arg::Local(256 * 4));
                l.args.push(Arg::of(&(N as u32)));
                let sums = std::sync::Mutex::new(0f64);
                race(
                    &mut || {
                        parallel(threads, N, |r| {
                            let s: f32 = x[r].iter().sum();
                            *sums.lock().unwrap() += s as f64;
                        })
                    },
                    &mut || run(&k, &l),
                )
            }
            _ => {
                let tiles = (MAT / 16) as u32;
                let grid = [tiles, tiles, 1];
                let (k, mut l) = launch(&corpus.matmul, "matmul_tiled", grid, [16, 16, 1], threads);
                let bc = vec![0f32; MAT * MAT];
                buffer(&mut l, &a);
                buffer(&mut l, &a);
                buffer(&mut l, &bc);
                for _ in 3..6 {
                    l.args.push(Arg::of(&(MAT as i32)));
                }
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
                    &mut || run(&k, &l),
                )
            }
        });
    }
    std::hint::black_box((&y, &c));
    out
}

fn main() {
    let corpus = Corpus {
        saxpy: build("saxpy-O2"),
        reduce: build("reduce_scan-O2"),
        matmul: build("matmul-O2"),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all = measure(&corpus, cores);
    let one = measure(&corpus, 1);
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
        let (n1, d1) = one[i];
        let (n, d) = all[i];
        println!(
            "| {name} | {n1:.2?} | {d1:.2?} | {:.1}× | {n:.2?} | {d:.2?} | {:.1}× |",
            ratio(d1, n1),
            ratio(d, n)
        );
    }
}
