//! Kernel benchmarks (a table, not a timed test): seven kernels run by the CPU driver's
//! kernel executor (`spirv-exec`) with each backend (the compiler and the interpreter), by
//! PoCL from the same OpenCL C source when it is installed, and by native Rust written so
//! that the compiler vectorizes it, spread over the same number of threads.
//!
//! ```sh
//! cargo bench --bench kernels
//! BENCH_ONLY=stencil,saxpy cargo bench --bench kernels   # some kernels (for profiling)
//! BENCH_EXEC=jit cargo bench --bench kernels             # one executor only
//! ```
//! Every figure is the best of [`ROUNDS`] rounds after a warm-up, and the native, driver and
//! PoCL rounds alternate, so that a noisy machine slows all alike. The figures for one thread
//! come from a child process run with `POCL_MAX_PTHREAD_COUNT=1` (PoCL reads it once, at
//! initialisation). Every result is checked against the native one after the rounds.
//!
//! Memory: the executor's buffers are the CPU driver's device memory (from 2 MiB on, aligned
//! to and advised onto transparent huge pages); the native loops' are placed the same way
//! (`support/host.rs`); PoCL's are its own (`CL_MEM_COPY_HOST_PTR`; 4 KiB pages here).

#[path = "support/host.rs"]
mod host;
#[path = "support/opencl.rs"]
#[allow(dead_code)]
mod opencl;

use host::Host;
use oneapi::spirv_exec::{self, Arg, Kernel, LaunchDesc, MemoryRange, Module};
use opencl::{ClKernel, Pocl};
use std::time::{Duration, Instant};

const N: usize = 16 << 20;
const MAT: usize = 512;
const GRID: usize = 2048;
/// Work-groups of the grid-stride kernels.
const GRID_GROUPS: usize = 256;
const ROUNDS: usize = 5;

/// The kernels: (key, table label, file in `kernels/`, kernel name).
const KERNELS: [(&str, &str, &str, &str); 7] = [
    ("saxpy", "saxpy 16M f32", "saxpy", "saxpy"),
    (
        "sum",
        "sum 16M f32, one element per work-item, tree per group",
        "reduce_scan",
        "reduce_sum_f32",
    ),
    (
        "sum_grid",
        "sum 16M f32, grid-stride, tree per group",
        "reduce_scan",
        "reduce_sum_f32_grid",
    ),
    (
        "matmul_tiled",
        "matmul 512² f32, 16×16 local tiles",
        "matmul",
        "matmul_tiled",
    ),
    (
        "matmul_naive",
        "matmul 512² f32, naive",
        "matmul",
        "matmul_naive",
    ),
    (
        "stencil",
        "5-point stencil 2048² f32 (clamp)",
        "matmul",
        "stencil5_2d",
    ),
    (
        "histogram",
        "histogram 16M u8, local then global atomics",
        "histogram",
        "hist_local",
    ),
];

/// The backends the executor is measured with (`spirv_exec::backend_named` names).
const EXECUTORS: [&str; 2] = ["jit", "interp"];

fn wanted(key: &str) -> bool {
    std::env::var("BENCH_ONLY").map_or(true, |only| only.split(',').any(|o| o == key))
}

fn executor_wanted(exec: &str) -> bool {
    std::env::var("BENCH_EXEC").map_or(true, |only| only.split(',').any(|o| o == exec))
}

/// Runs `body` compiled for the host's vector extension (as `-march=native` would), so that
/// the native loops get AVX2/AVX-512 and FMA where the machine has them.
#[inline(always)]
fn native<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512dq") {
            // SAFETY: the host has the features the function is compiled for.
            return unsafe { avx512(body) };
        }
        if has!("avx2") && has!("fma") {
            // SAFETY: as above.
            return unsafe { avx2(body) };
        }
    }
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512dq,avx2,fma")]
unsafe fn avx512<R>(body: impl FnOnce() -> R) -> R {
    body()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// Splits `out` into `threads` chunks of whole `unit`s and runs `f(first unit, chunk)` on
/// scoped threads.
fn parallel_chunks<T: Send>(
    threads: usize,
    out: &mut [T],
    unit: usize,
    f: impl Fn(usize, &mut [T]) + Sync,
) {
    let units = out.len() / unit;
    let per = units.div_ceil(threads) * unit;
    std::thread::scope(|s| {
        for (i, chunk) in out.chunks_mut(per).enumerate() {
            let f = &f;
            s.spawn(move || native(|| f(i * per / unit, chunk)));
        }
    });
}

/// Sum of `x` in 16 independent lanes (a loop the compiler vectorizes; a plain `sum()` of
/// floats is sequential by definition).
fn sum16(x: &[f32]) -> f32 {
    let mut acc = [0f32; 16];
    let chunks = x.chunks_exact(16);
    let tail: f32 = chunks.remainder().iter().sum();
    for c in chunks {
        for (a, v) in acc.iter_mut().zip(c) {
            *a += v;
        }
    }
    acc.iter().sum::<f32>() + tail
}

fn time(f: &mut dyn FnMut()) -> Duration {
    let s = Instant::now();
    f();
    s.elapsed()
}

/// Best time of each of `runs` over [`ROUNDS`] interleaved rounds (after one warm-up each).
fn race(runs: &mut [&mut dyn FnMut()]) -> Vec<Duration> {
    runs.iter_mut().for_each(|f| f());
    let mut best = vec![Duration::MAX; runs.len()];
    for _ in 0..ROUNDS {
        for (b, f) in best.iter_mut().zip(runs.iter_mut()) {
            *b = (*b).min(time(*f));
        }
    }
    best
}

fn close(a: &[f32], b: &[f32], rel: f32) -> Result<(), String> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if (x - y).abs() > rel * x.abs().max(y.abs()).max(1.0) {
            return Err(format!("element {i}: {x} vs {y}"));
        }
    }
    (a.len() == b.len())
        .then_some(())
        .ok_or_else(|| format!("lengths {} vs {}", a.len(), b.len()))
}

/// One kernel's figures: native, one per executor, PoCL.
struct Row {
    native: Duration,
    driver: Vec<Option<Duration>>,
    pocl: Option<Duration>,
}

/// What every kernel's setup gets.
struct Peers<'a> {
    pocl: Option<&'a Pocl>,
    threads: usize,
}

/// Memory the executor's kernels read and write through its address: device memory of the
/// CPU driver (`zeMemAllocDevice`), placed as a program using the driver gets it (from 2 MiB
/// on: 2 MiB-aligned, advised onto transparent huge pages). The native loops run on memory
/// placed the same way ([`Host`]), PoCL on its own buffers.
struct Buf<T> {
    ptr: *mut T,
    len: usize,
    _mem: level_zero::Allocation,
}

impl<T: Copy> Buf<T> {
    fn new(data: Vec<T>) -> Buf<T> {
        static DRIVER: std::sync::OnceLock<(level_zero::Context, level_zero::Device)> =
            std::sync::OnceLock::new();
        let (ctx, dev) = DRIVER.get_or_init(|| {
            (
                level_zero::default_context().expect("the CPU driver's context"),
                level_zero::default_device().expect("the CPU driver's device"),
            )
        });
        let bytes = std::mem::size_of_val(data.as_slice()).max(1);
        let mem = level_zero::Allocation::device(ctx, dev, bytes, 0).expect("device memory");
        let ptr = mem.as_ptr() as *mut T;
        // SAFETY: the CPU driver's device memory is host memory, `bytes` long, fresh.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr, data.len()) };
        Buf {
            ptr,
            len: data.len(),
            _mem: mem,
        }
    }

    /// Adds the buffer to a launch: its address as the next argument, its range as memory
    /// the kernel may reach.
    fn arg(&self, launch: &mut LaunchDesc) {
        let base = self.ptr as usize;
        launch.args.push(Arg::of(&(base as u64)));
        launch.memory.push(MemoryRange {
            base,
            end: base + self.len * size_of::<T>(),
            what: "buffer".into(),
        });
    }

    fn read(&self) -> Vec<T> {
        // SAFETY: `len` elements owned by `_mem`; no launch runs while the bench reads.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }.to_vec()
    }
}

fn module(file: &str, exec: &str) -> Module {
    let path = format!("{}/kernels/spv/{file}-O2.spv", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let backend = spirv_exec::backend_named(exec).expect("a backend");
    let words = spirv_exec::words(&bytes).expect("SPIR-V words");
    Module::build_with(&words, &Default::default(), backend)
        .unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Launch geometry: groups and group size (the OpenCL global size is their product).
type Geometry = ([u32; 3], [u32; 3]);

impl Peers<'_> {
    fn source(file: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("kernels/src")
            .join(format!("{file}.cl"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Races native, the executor with each backend and PoCL. `args` adds the executor's
    /// arguments to a launch, `setup_pocl` sets PoCL's; `check` validates the outputs
    /// afterwards (`check_driver` after each backend's rounds).
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        (file, kernel): (&str, &str),
        geometry: Geometry,
        native: &mut dyn FnMut(),
        args: &dyn Fn(&mut LaunchDesc),
        setup_pocl: &dyn Fn(&Pocl, ClKernel),
        check_driver: &dyn Fn(&str) -> Result<(), String>,
        check_pocl: &dyn Fn(&Pocl) -> Result<(), String>,
    ) -> Row {
        let (groups, size) = geometry;
        let modules: Vec<Option<Module>> = EXECUTORS
            .iter()
            .map(|exec| executor_wanted(exec).then(|| module(file, exec)))
            .collect();
        let kernels: Vec<Option<(Kernel, LaunchDesc)>> = modules
            .iter()
            .map(|m| {
                m.as_ref().map(|m| {
                    let k = m.kernel(kernel).expect("kernel").clone();
                    let _ = k.prepare();
                    let mut l = LaunchDesc::new(groups, size);
                    l.threads = self.threads;
                    args(&mut l);
                    (k, l)
                })
            })
            .collect();
        let pocl_kernel = self.pocl.map(|p| {
            let k = p
                .kernel(&Self::source(file), kernel)
                .unwrap_or_else(|e| panic!("{kernel}: {e}"));
            setup_pocl(p, k);
            k
        });
        let global = [0, 1, 2].map(|d| (groups[d] * size[d]) as usize);
        let local = size.map(|s| s as usize);
        let mut drivers: Vec<Box<dyn FnMut()>> = kernels
            .iter()
            .flatten()
            .map(|(k, l)| {
                Box::new(move || {
                    // SAFETY: every range is a live vector of the kernel's setup, which
                    // nothing else touches while the launch runs (the rounds take turns).
                    unsafe { k.run(l.clone()) }.expect("launch")
                }) as Box<dyn FnMut()>
            })
            .collect();
        let mut pocl_run = pocl_kernel.map(|k| {
            let p = self.pocl.unwrap();
            move || p.run(k, global, local)
        });
        let mut runs: Vec<&mut dyn FnMut()> = vec![native];
        runs.extend(drivers.iter_mut().map(|d| d.as_mut() as &mut dyn FnMut()));
        if let Some(p) = pocl_run.as_mut() {
            runs.push(p);
        }
        let best = race(&mut runs);
        let mut at = 1;
        let mut driver = Vec::new();
        for (exec, k) in EXECUTORS.iter().zip(&kernels) {
            driver.push(k.as_ref().map(|_| {
                at += 1;
                best[at - 1]
            }));
            if k.is_some() {
                check_driver(exec).unwrap_or_else(|e| panic!("{kernel} ({exec}): {e}"));
            }
        }
        if let (Some(p), Some(k)) = (self.pocl, pocl_kernel) {
            check_pocl(p).unwrap_or_else(|e| panic!("{kernel} (PoCL): {e}"));
            p.release_kernel(k);
        }
        Row {
            native: best[0],
            driver,
            pocl: pocl_kernel.map(|_| best[at]),
        }
    }
}

fn saxpy(p: &Peers) -> Row {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let y0: Vec<f32> = (0..N).map(|i| (i % 7) as f32).collect();
    let (bx, by) = (Buf::new(x.clone()), Buf::new(y0.clone()));
    let (x, mut y) = (Host::new(&x), Host::new(&y0));
    let (cx, cy) = p.pocl.map(|c| (c.buffer(&x), c.buffer(&y0))).unzip();
    // Every run adds a·x once more: compare after equally many runs (1 + ROUNDS).
    let row = p.run(
        ("saxpy", "saxpy"),
        ([(N / 256) as u32, 1, 1], [256, 1, 1]),
        &mut || {
            parallel_chunks(p.threads, &mut y, 1, |first, ys| {
                let xs = &x[first..first + ys.len()];
                for (y, x) in ys.iter_mut().zip(xs) {
                    *y = 2.0f32.mul_add(*x, *y);
                }
            })
        },
        &|l| {
            l.args.push(Arg::of(&2.0f32));
            bx.arg(l);
            by.arg(l);
        },
        &|c, k| {
            c.arg(k, 0, &2.0f32);
            c.arg_buf(k, 1, cx.as_ref().unwrap());
            c.arg_buf(k, 2, cy.as_ref().unwrap());
        },
        &|_| Ok(()),
        &|_| Ok(()),
    );
    // The driver's buffer was updated by every executor's runs: check one executor's worth.
    let runs = 1 + ROUNDS;
    let expect: Vec<f32> = (0..N)
        .map(|i| {
            let mut v = y0[i];
            for _ in 0..runs {
                v = 2.0f32.mul_add(x[i], v);
            }
            v
        })
        .collect();
    let per_exec = row.driver.iter().flatten().count();
    if per_exec > 0 {
        let mut e = y0.clone();
        for (v, x) in e.iter_mut().zip(x.iter()) {
            for _ in 0..runs * per_exec {
                *v = 2.0f32.mul_add(*x, *v);
            }
        }
        close(&by.read(), &e, 1e-6).unwrap_or_else(|e| panic!("saxpy (driver): {e}"));
    }
    close(&y, &expect, 1e-6).unwrap_or_else(|e| panic!("saxpy (native): {e}"));
    if let (Some(c), Some(cy)) = (p.pocl, cy) {
        close(&c.read(&cy, N), &expect, 1e-6).unwrap_or_else(|e| panic!("saxpy (PoCL): {e}"));
        c.release(cy);
        c.release(cx.unwrap());
    }
    row
}

fn reduction(p: &Peers, grid: bool) -> Row {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let groups = if grid { GRID_GROUPS } else { N / 256 };
    let name = if grid {
        "reduce_sum_f32_grid"
    } else {
        "reduce_sum_f32"
    };
    let bx = Buf::new(x.clone());
    let x = Host::new(&x);
    let partial = Buf::new(vec![0f32; groups]);
    let cx = p.pocl.map(|c| c.buffer(&x));
    let cp = p.pocl.map(|c| c.buffer(&vec![0f32; groups]));
    let mut total = 0f32;
    let mut sums = vec![0f32; p.threads];
    let exact: f64 = x.iter().map(|&v| v as f64).sum();
    let sum_ok = |parts: &[f32]| -> Result<(), String> {
        let s: f64 = parts.iter().map(|&v| v as f64).sum();
        ((s - exact).abs() <= exact * 1e-4)
            .then_some(())
            .ok_or_else(|| format!("sum {s} vs {exact}"))
    };
    let row = p.run(
        ("reduce_scan", name),
        ([groups as u32, 1, 1], [256, 1, 1]),
        &mut || {
            let per = N.div_ceil(p.threads);
            parallel_chunks(p.threads, &mut sums, 1, |t, s| {
                s[0] = sum16(&x[t * per..((t + 1) * per).min(N)])
            });
            total = sums.iter().sum();
        },
        &|l| {
            bx.arg(l);
            partial.arg(l);
            l.args.push(Arg::Local(256 * 4));
            l.args.push(Arg::of(&(N as u32)));
        },
        &|c, k| {
            c.arg_buf(k, 0, cx.as_ref().unwrap());
            c.arg_buf(k, 1, cp.as_ref().unwrap());
            c.arg_local(k, 2, 256 * 4);
            c.arg(k, 3, &(N as u32));
        },
        &|_| sum_ok(&partial.read()),
        &|c| sum_ok(&c.read(cp.as_ref().unwrap(), groups)),
    );
    sum_ok(&[total]).unwrap_or_else(|e| panic!("{name} (native): {e}"));
    if let Some(c) = p.pocl {
        c.release(cx.unwrap());
        c.release(cp.unwrap());
    }
    row
}

/// `c = a·b` for square `MAT` matrices, rows over threads, the inner loop over a row of `b`
/// (vectorized).
fn matmul_native(threads: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    parallel_chunks(threads, c, MAT, |first_row, rows| {
        for (i, crow) in rows.chunks_exact_mut(MAT).enumerate() {
            crow.fill(0.0);
            let arow = &a[(first_row + i) * MAT..][..MAT];
            for (k, &aik) in arow.iter().enumerate() {
                for (cv, bv) in crow.iter_mut().zip(&b[k * MAT..][..MAT]) {
                    *cv += aik * bv;
                }
            }
        }
    });
}

fn matmul(p: &Peers, tiled: bool) -> Row {
    let a: Vec<f32> = (0..MAT * MAT).map(|i| (i % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..MAT * MAT).map(|i| (i % 5) as f32 * 0.5).collect();
    let (ba, bb, bc) = (
        Buf::new(a.clone()),
        Buf::new(b.clone()),
        Buf::new(vec![0f32; MAT * MAT]),
    );
    let cl = p
        .pocl
        .map(|q| (q.buffer(&a), q.buffer(&b), q.buffer(&vec![0f32; MAT * MAT])));
    let name = if tiled {
        "matmul_tiled"
    } else {
        "matmul_naive"
    };
    let mut expect = vec![0f32; MAT * MAT];
    matmul_native(1, &a, &b, &mut expect);
    let (a, b, mut c) = (
        Host::new(&a),
        Host::new(&b),
        Host::new(&vec![0f32; MAT * MAT]),
    );
    let tiles = (MAT / 16) as u32;
    let row = p.run(
        ("matmul", name),
        ([tiles, tiles, 1], [16, 16, 1]),
        &mut || matmul_native(p.threads, &a, &b, &mut c),
        &|l| {
            ba.arg(l);
            bb.arg(l);
            bc.arg(l);
            for _ in 3..6 {
                l.args.push(Arg::of(&(MAT as i32)));
            }
        },
        &|q, k| {
            let (a, b, c) = cl.as_ref().unwrap();
            q.arg_buf(k, 0, a);
            q.arg_buf(k, 1, b);
            q.arg_buf(k, 2, c);
            for i in 3..6 {
                q.arg(k, i, &(MAT as i32));
            }
        },
        &|_| close(&bc.read(), &expect, 1e-5),
        &|q| close(&q.read(&cl.as_ref().unwrap().2, MAT * MAT), &expect, 1e-5),
    );
    close(&c, &expect, 1e-5).unwrap_or_else(|e| panic!("{name} (native): {e}"));
    if let (Some(q), Some((a, b, c))) = (p.pocl, cl) {
        [a, b, c].into_iter().for_each(|x| q.release(x));
    }
    row
}

/// The stencil of `stencil5_2d` over a `GRID`² image, rows over threads: the interior of each
/// row is one vectorized loop over five shifted slices, the two edge columns apart.
fn stencil_native(threads: usize, input: &[f32], out: &mut [f32]) {
    let w = GRID;
    parallel_chunks(threads, out, w, |first_row, rows| {
        for (i, o) in rows.chunks_exact_mut(w).enumerate() {
            let y = first_row + i;
            let row = |j: usize| &input[j * w..][..w];
            let (up, mid, down) = (row(y.saturating_sub(1)), row(y), row((y + 1).min(w - 1)));
            let at = |x: usize, l: usize, r: usize| {
                (4.0 * mid[x] + mid[l] + mid[r] + up[x] + down[x]) * 0.125
            };
            o[0] = at(0, 0, 1);
            o[w - 1] = at(w - 1, w - 2, w - 1);
            let inner = o[1..w - 1].iter_mut().zip(&mid[1..w - 1]);
            for (((((o, c), l), r), u), d) in inner
                .zip(&mid[..w - 2])
                .zip(&mid[2..])
                .zip(&up[1..w - 1])
                .zip(&down[1..w - 1])
            {
                *o = (4.0 * c + l + r + u + d) * 0.125;
            }
        }
    });
}

fn stencil(p: &Peers) -> Row {
    let input: Vec<f32> = (0..GRID * GRID).map(|i| (i % 13) as f32 * 0.25).collect();
    let mut expect = vec![0f32; GRID * GRID];
    stencil_native(1, &input, &mut expect);
    let (native_input, mut out) = (Host::new(&input), Host::new(&vec![0f32; GRID * GRID]));
    let (bi, bo) = (Buf::new(input.clone()), Buf::new(vec![0f32; GRID * GRID]));
    let cl = p
        .pocl
        .map(|q| (q.buffer(&input), q.buffer(&vec![0f32; GRID * GRID])));
    let g = (GRID / 16) as u32;
    let row = p.run(
        ("matmul", "stencil5_2d"),
        ([g, g, 1], [16, 16, 1]),
        &mut || stencil_native(p.threads, &native_input, &mut out),
        &|l| {
            bi.arg(l);
            bo.arg(l);
            l.args.push(Arg::of(&(GRID as i32)));
            l.args.push(Arg::of(&(GRID as i32)));
        },
        &|q, k| {
            let (i, o) = cl.as_ref().unwrap();
            q.arg_buf(k, 0, i);
            q.arg_buf(k, 1, o);
            q.arg(k, 2, &(GRID as i32));
            q.arg(k, 3, &(GRID as i32));
        },
        &|_| close(&bo.read(), &expect, 1e-6),
        &|q| close(&q.read(&cl.as_ref().unwrap().1, GRID * GRID), &expect, 1e-6),
    );
    close(&out, &expect, 1e-6).unwrap_or_else(|e| panic!("stencil (native): {e}"));
    if let (Some(q), Some((i, o))) = (p.pocl, cl) {
        q.release(i);
        q.release(o);
    }
    row
}

fn histogram(p: &Peers) -> Row {
    let data: Vec<u8> = (0..N as u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mut expect = [0u32; 256];
    data.iter().for_each(|&d| expect[d as usize] += 1);
    let (bd, bins) = (Buf::new(data.clone()), Buf::new(vec![0u32; 256]));
    let cl = p.pocl.map(|q| (q.buffer(&data), q.buffer(&[0u32; 256])));
    let native_data = Host::new(&data);
    let mut parts = vec![[0u32; 256]; p.threads];
    let mut merged = [0u32; 256];
    let per = N.div_ceil(p.threads);
    let row = p.run(
        ("histogram", "hist_local"),
        ([GRID_GROUPS as u32, 1, 1], [256, 1, 1]),
        &mut || {
            parallel_chunks(p.threads, &mut parts, 1, |t, h| {
                let h = &mut h[0];
                h.fill(0);
                for &d in &native_data[t * per..((t + 1) * per).min(N)] {
                    h[d as usize] += 1;
                }
            });
            merged = [0; 256];
            for h in &parts {
                merged.iter_mut().zip(h).for_each(|(m, v)| *m += v);
            }
        },
        &|l| {
            bd.arg(l);
            bins.arg(l);
            l.args.push(Arg::of(&(N as u32)));
        },
        &|q, k| {
            let (d, b) = cl.as_ref().unwrap();
            q.arg_buf(k, 0, d);
            q.arg_buf(k, 1, b);
            q.arg(k, 2, &(N as u32));
        },
        // The bins accumulate over every run: each bin is a multiple of the expected count.
        &|_| multiple_of(&bins.read(), &expect),
        &|q| multiple_of(&q.read(&cl.as_ref().unwrap().1, 256), &expect),
    );
    assert_eq!(merged, expect, "histogram (native)");
    if let (Some(q), Some((d, b))) = (p.pocl, cl) {
        q.release(d);
        q.release(b);
    }
    row
}

fn multiple_of(got: &[u32], expect: &[u32; 256]) -> Result<(), String> {
    let runs = got[0] / expect[0].max(1);
    match got.iter().zip(expect).position(|(g, e)| *g != e * runs) {
        None if runs > 0 => Ok(()),
        None => Err("empty histogram".into()),
        Some(i) => Err(format!("bin {i}: {} is not {runs} × {}", got[i], expect[i])),
    }
}

fn measure(pocl: Option<&Pocl>, threads: usize) -> Vec<Option<Row>> {
    let peers = Peers { pocl, threads };
    KERNELS
        .iter()
        .map(|(key, ..)| {
            wanted(key).then(|| match *key {
                "saxpy" => saxpy(&peers),
                "sum" => reduction(&peers, false),
                "sum_grid" => reduction(&peers, true),
                "matmul_tiled" => matmul(&peers, true),
                "matmul_naive" => matmul(&peers, false),
                "stencil" => stencil(&peers),
                _ => histogram(&peers),
            })
        })
        .collect()
}

/// A row as numbers (nanoseconds, 0 = not measured), for the child's output.
fn encode(rows: &[Option<Row>]) -> String {
    let ns = |d: Option<Duration>| d.map_or(0, |d| d.as_nanos());
    rows.iter()
        .flatten()
        .map(|r| {
            let mut v = vec![ns(Some(r.native))];
            v.extend(r.driver.iter().map(|d| ns(*d)));
            v.push(ns(r.pocl));
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn decode(text: &str) -> Vec<Row> {
    let d = |n: u128| (n > 0).then(|| Duration::from_nanos(n as u64));
    text.lines()
        .map(|l| {
            let v: Vec<u128> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            Row {
                native: Duration::from_nanos(v[0] as u64),
                driver: v[1..1 + EXECUTORS.len()].iter().map(|n| d(*n)).collect(),
                pocl: d(v[1 + EXECUTORS.len()]),
            }
        })
        .collect()
}

fn print_table(threads: usize, rows: &[Row], pocl: bool) {
    let f = |d: Option<Duration>| d.map_or("—".to_string(), |d| format!("{d:.2?}"));
    let r = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}×", a.as_secs_f64() / b.as_secs_f64()),
        _ => "—".to_string(),
    };
    println!("\n{threads} thread(s):\n");
    println!("| kernel | driver jit | driver interp | PoCL | native | jit/PoCL | interp/PoCL | jit/native | interp/jit |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let labels = KERNELS.iter().filter(|(key, ..)| wanted(key));
    for ((_, label, ..), row) in labels.zip(rows) {
        let (jit, interp) = (row.driver[0], row.driver[1]);
        println!(
            "| {label} | {} | {} | {} | {} | {} | {} | {} | {} |",
            f(jit),
            f(interp),
            if pocl {
                f(row.pocl)
            } else {
                "not found".into()
            },
            f(Some(row.native)),
            r(jit, row.pocl),
            r(interp, row.pocl),
            r(jit, Some(row.native)),
            r(interp, jit),
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is understood.
    let pocl = Pocl::open();
    if std::env::var_os("BENCH_CHILD").is_some() {
        let rows = measure(pocl.as_ref().ok(), 1);
        println!("{}", encode(&rows));
        return;
    }
    match &pocl {
        Ok(p) => println!("PoCL: {}", p.device_name),
        Err(e) => println!("PoCL was not found: {e}; the PoCL columns stay empty"),
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all: Vec<Row> = measure(pocl.as_ref().ok(), cores)
        .into_iter()
        .flatten()
        .collect();
    print_table(cores, &all, pocl.is_ok());
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env("BENCH_CHILD", "1")
        .env("POCL_MAX_PTHREAD_COUNT", "1")
        .output()
        .expect("single-thread child");
    if !out.status.success() {
        panic!(
            "single-thread child failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let one = decode(&String::from_utf8_lossy(&out.stdout));
    print_table(1, &one, pocl.is_ok());
}
