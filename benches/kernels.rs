//! Kernel benchmarks (a table, not a timed test): twelve kernels run by the CPU driver's
//! kernel executor (`spirv-exec`) with each backend (the compiler and the interpreter), by
//! every OpenCL CPU platform the ICD loader finds (PoCL, Intel's oneAPI OpenCL CPU runtime, …),
//! and by native Rust written so that the compiler vectorizes it, spread over the same number
//! of threads.
//!
//! The kernels: seven OpenCL C kernels of `kernels/src` (saxpy, two tree reductions, two
//! matmuls, a stencil, a histogram), three written with the OpenCL C 2.0 collectives
//! (`subgroup_reduce.cl`: `sub_group_reduce_add` of cl_khr_subgroups; `group_collectives.cl`:
//! `work_group_reduce_add`, `work_group_scan_inclusive_add`), and two SYCL kernels as dpnp ships them (`kernels/sycl`:
//! an elementwise add and a sum, SPIR-V only). The executor runs the `-O2` SPIR-V; every
//! platform builds the same OpenCL C source (`clCreateProgramWithSource`, `-cl-std=CL2.0` for
//! the files marked `// cl-std: CL2.0`, else `-cl-std=CL1.2`), and the SYCL kernels' SPIR-V
//! (`clCreateProgramWithIL`). A platform that cannot build or run a kernel, or gets a wrong
//! result, shows "—" and a footnote saying why.
//!
//! ```sh
//! cargo bench --bench kernels
//! BENCH_ONLY=stencil,saxpy cargo bench --bench kernels   # some kernels (for profiling)
//! BENCH_EXEC=jit cargo bench --bench kernels             # one executor only
//! # Both peers (see `PEERS` for how to install them):
//! OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=/tmp/V/lib cargo bench --bench kernels
//! ```
//! `BENCH_ONLY` takes the keys of [`KERNELS`]: saxpy, sum, sum_grid, sum_subgroup,
//! sum_workgroup, scan, matmul_tiled, matmul_naive, stencil, histogram, sycl_add, sycl_sum.
//!
//! Every figure is the best of [`ROUNDS`] rounds after a warm-up (only one round for a run
//! whose warm-up took more than [`SLOW`]), and the native, executor and platform rounds
//! alternate, so that a noisy machine slows all alike. The figures for one
//! thread come from a child process whose every peer is limited to one thread, each by its own
//! variable, read once at initialisation ([`ONE_THREAD`]: PoCL's `POCL_MAX_PTHREAD_COUNT=1`,
//! Intel's `CL_CONFIG_CPU_TBB_NUM_WORKERS=1`; the child reports the threads its process ends
//! with). Every result is checked against the native one after the rounds.
//!
//! Memory: the executor's buffers are the CPU driver's device memory (from 2 MiB on, aligned
//! to and advised onto transparent huge pages); the native loops' are placed the same way
//! (`support/host.rs`); the platforms' are their own (`CL_MEM_COPY_HOST_PTR`).

#[path = "support/host.rs"]
mod host;
#[path = "support/opencl.rs"]
#[allow(dead_code)]
mod opencl;

use host::Host;
use oneapi::spirv_exec::{self, Arg, Kernel, LaunchDesc, MemoryRange, Module};
use opencl::{ClBuf, ClKernel, ClPlatform, ClSource};
use std::cell::RefCell;
use std::time::{Duration, Instant};

const N: usize = 16 << 20;
const MAT: usize = 512;
const GRID: usize = 2048;
/// Work-groups of the grid-stride kernels.
const GRID_GROUPS: usize = 256;
const ROUNDS: usize = 5;
/// A run slower than this is timed once after its warm-up ([`race`]).
const SLOW: Duration = Duration::from_secs(1);
/// `reductions_per_wi` of the SYCL sum: each work-item adds this many elements before the
/// group's reduction.
const SYCL_SUM_PER_ITEM: usize = 8;

/// Where a kernel comes from.
#[derive(Clone, Copy)]
enum Src {
    /// `kernels/src/<file>.cl`, its SPIR-V `kernels/spv/<file>-O2.spv`.
    Cl(&'static str),
    /// `kernels/sycl/<file>.spv` only.
    Sycl(&'static str),
}

/// The kernels: (key, table label, source, kernel name).
const KERNELS: [(&str, &str, Src, &str); 12] = [
    ("saxpy", "saxpy 16M f32", Src::Cl("saxpy"), "saxpy"),
    (
        "sum",
        "sum 16M f32, one element per work-item, tree per group",
        Src::Cl("reduce_scan"),
        "reduce_sum_f32",
    ),
    (
        "sum_grid",
        "sum 16M f32, grid-stride, tree per group",
        Src::Cl("reduce_scan"),
        "reduce_sum_f32_grid",
    ),
    (
        "sum_subgroup",
        "sum 16M f32, sub_group_reduce_add then per group",
        Src::Cl("subgroup_reduce"),
        "reduce_sum_f32_subgroup",
    ),
    (
        "sum_workgroup",
        "sum 16M f32, work_group_reduce_add",
        Src::Cl("group_collectives"),
        "reduce_sum_f32_workgroup",
    ),
    (
        "scan",
        "scan 16M u32, work_group_scan_inclusive_add per 256",
        Src::Cl("group_collectives"),
        "scan_inclusive_u32_workgroup",
    ),
    (
        "matmul_tiled",
        "matmul 512² f32, 16×16 local tiles",
        Src::Cl("matmul"),
        "matmul_tiled",
    ),
    (
        "matmul_naive",
        "matmul 512² f32, naive",
        Src::Cl("matmul"),
        "matmul_naive",
    ),
    (
        "stencil",
        "5-point stencil 2048² f32 (clamp)",
        Src::Cl("matmul"),
        "stencil5_2d",
    ),
    (
        "histogram",
        "histogram 16M u8, local then global atomics",
        Src::Cl("histogram"),
        "hist_local",
    ),
    (
        "sycl_add",
        "dpnp add 16M f32 (SYCL SPIR-V)",
        Src::Sycl("dpnp_add_contig_f32"),
        "_ZTSN4dpnp6tensor7kernels15alignment_utils33disabled_sg_loadstore_wrapper_krnINS1_3add17add_contig_kernelIfffLh2ELh2EEEEE",
    ),
    (
        "sycl_sum",
        "dpnp sum 16M f32, group reduction (SYCL SPIR-V)",
        Src::Sycl("dpnp_sum_over_group_temps_f32"),
        "_ZTSN4dpnp6tensor7kernels30reduction_over_group_temps_krnIffSt4plusIfENS0_12offset_utils26TwoOffsets_CombinedIndexerINS5_11NoOpIndexerES7_EENS5_16Strided1DIndexerEEE",
    ),
];

/// The backends the executor is measured with (`spirv_exec::backend_named` names).
const EXECUTORS: [&str; 2] = ["jit", "interp"];

/// The OpenCL platforms the bench knows: (`CL_PLATFORM_NAME`, column label, how to get it).
const PEERS: [(&str, &str, &str); 2] = [
    (
        "Portable Computing Language",
        "PoCL",
        "apt-get install pocl-opencl-icd ocl-icd-opencl-dev",
    ),
    (
        "Intel(R) OpenCL",
        "Intel",
        "pip install intel-opencl-rt intel-cmplr-lib-rt into a venv V, then run with \
         OCL_ICD_VENDORS=<a folder holding an .icd file that names V/lib/libintelocl.so, and \
         a copy of the system's pocl.icd> LD_LIBRARY_PATH=V/lib",
    ),
];

/// What the single-thread child sets: one thread per platform, each by its own variable
/// (read once, when the platform initialises). Intel's CPU runtime runs its work-groups on a
/// TBB arena of `CL_CONFIG_CPU_TBB_NUM_WORKERS` threads. Checked on 2 cores (dpnp's add, Intel
/// only, the child's thread report): without it the add took 67 ms and the runtime's worker
/// thread 0.32 s of CPU; with it 112 ms and 0.01 s (the calling thread did the work). Over
/// the other kernels the worker still gets some of the work (1.65 s of 8.7 s for seven of
/// them), but the times match one thread's (about twice the two-thread ones on an idle
/// machine): one thread at a time runs work-groups.
/// `SYCL_CPU_NUM_CUS=1` (formerly `DPCPP_CPU_NUM_CUS`) limits it too (113 ms) but the work
/// moves between the two threads; `CL_DEVICE_MAX_COMPUTE_UNITS` stays 2 with either.
const ONE_THREAD: [(&str, &str); 2] = [
    ("POCL_MAX_PTHREAD_COUNT", "1"),
    ("CL_CONFIG_CPU_TBB_NUM_WORKERS", "1"),
];

fn wanted(key: &str) -> bool {
    std::env::var("BENCH_ONLY").map_or(true, |only| only.split(',').any(|o| o == key))
}

fn executor_wanted(exec: &str) -> bool {
    std::env::var("BENCH_EXEC").map_or(true, |only| only.split(',').any(|o| o == exec))
}

/// A platform's column label.
fn label(platform: &ClPlatform) -> String {
    PEERS
        .iter()
        .find(|(name, ..)| platform.name == *name)
        .map_or(platform.name.clone(), |(_, label, _)| label.to_string())
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
/// A run whose warm-up took longer than [`SLOW`] takes part in the first round only (the
/// executor's collectives take seconds a launch; the table would take an hour).
fn race(runs: &mut [&mut dyn FnMut()]) -> Vec<Duration> {
    let slow: Vec<bool> = runs.iter_mut().map(|f| time(*f) > SLOW).collect();
    let mut best = vec![Duration::MAX; runs.len()];
    for round in 0..ROUNDS {
        for ((b, f), slow) in best.iter_mut().zip(runs.iter_mut()).zip(&slow) {
            if round == 0 || !slow {
                *b = (*b).min(time(*f));
            }
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

/// One kernel's figures: native, one per executor, one per platform (or why not).
struct Row {
    native: Duration,
    driver: Vec<Option<Duration>>,
    cl: Vec<Result<Duration, String>>,
}

/// What every kernel's setup gets.
struct Peers<'a> {
    platforms: &'a [ClPlatform],
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

fn module(src: Src, exec: &str) -> Module {
    let root = env!("CARGO_MANIFEST_DIR");
    let path = match src {
        Src::Cl(file) => format!("{root}/kernels/spv/{file}-O2.spv"),
        Src::Sycl(file) => format!("{root}/kernels/sycl/{file}.spv"),
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let backend = spirv_exec::backend_named(exec).expect("a backend");
    let words = spirv_exec::words(&bytes).expect("SPIR-V words");
    Module::build_with(&words, &Default::default(), backend)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Launch geometry: groups and group size (the OpenCL global size is their product).
type Geometry = ([u32; 3], [u32; 3]);

/// A platform's buffers for one kernel (made and bound by the kernel's setup).
type ClSetup<'a> = &'a dyn Fn(&ClPlatform, ClKernel) -> Vec<ClBuf>;
/// Checks a platform's outputs after the rounds.
type ClCheck<'a> = &'a dyn Fn(&ClPlatform, &[ClBuf]) -> Result<(), String>;

/// Builds kernel `name` of `src` on platform `p`: the OpenCL C source with the standard its
/// first line asks for, or the SPIR-V of a SYCL kernel.
fn cl_kernel(p: &ClPlatform, src: Src, name: &str) -> Result<ClKernel, String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels");
    match src {
        Src::Cl(file) => {
            let path = root.join("src").join(format!("{file}.cl"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let cl20 = text
                .lines()
                .next()
                .is_some_and(|l| l.contains("cl-std: CL2.0"));
            let options = if cl20 {
                "-cl-std=CL2.0"
            } else {
                "-cl-std=CL1.2"
            };
            p.kernel(ClSource::C(&text), options, name)
        }
        Src::Sycl(file) => {
            let path = root.join("sycl").join(format!("{file}.spv"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            p.kernel(ClSource::SpirV(&bytes), "", name)
        }
    }
}

impl Peers<'_> {
    /// Races native, the executor with each backend and every platform. `args` adds the
    /// executor's arguments to a launch, `setup_cl` makes and binds a platform's; `check_*`
    /// validate the outputs afterwards (`check_driver` after each backend's rounds). A platform
    /// that cannot build or run the kernel, or gets a wrong result, gets the reason instead of
    /// a time.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        (src, kernel): (Src, &str),
        geometry: Geometry,
        native: &mut dyn FnMut(),
        args: &dyn Fn(&mut LaunchDesc),
        setup_cl: ClSetup,
        check_driver: &dyn Fn(&str) -> Result<(), String>,
        check_cl: ClCheck,
    ) -> Row {
        let (groups, size) = geometry;
        let modules: Vec<Option<Module>> = EXECUTORS
            .iter()
            .map(|exec| executor_wanted(exec).then(|| module(src, exec)))
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
        let cl: Vec<Result<(ClKernel, Vec<ClBuf>), String>> = self
            .platforms
            .iter()
            .map(|p| cl_kernel(p, src, kernel).map(|k| (k, setup_cl(p, k))))
            .collect();
        // The first failed launch of each platform (its later rounds fail alike).
        let cl_errors: Vec<RefCell<Option<String>>> =
            cl.iter().map(|_| RefCell::new(None)).collect();
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
        let mut platform_runs: Vec<Box<dyn FnMut()>> = self
            .platforms
            .iter()
            .zip(&cl)
            .zip(&cl_errors)
            .filter_map(|((p, c), err)| {
                let k = c.as_ref().ok()?.0;
                Some(Box::new(move || {
                    if let Err(e) = p.run(k, global, local) {
                        err.borrow_mut().get_or_insert(e);
                    }
                }) as Box<dyn FnMut()>)
            })
            .collect();
        let mut runs: Vec<&mut dyn FnMut()> = vec![native];
        runs.extend(drivers.iter_mut().map(|d| d.as_mut() as &mut dyn FnMut()));
        runs.extend(
            platform_runs
                .iter_mut()
                .map(|d| d.as_mut() as &mut dyn FnMut()),
        );
        let best = race(&mut runs);
        drop(runs);
        drop(platform_runs);
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
        let cl = self
            .platforms
            .iter()
            .zip(cl)
            .zip(cl_errors)
            .map(|((p, c), err)| {
                let (k, bufs) = c?;
                let result = match err.into_inner() {
                    Some(e) => Err(e),
                    None => check_cl(p, &bufs)
                        .map(|()| best[at])
                        .map_err(|e| format!("wrong result: {e}")),
                };
                at += 1;
                p.release_kernel(k);
                bufs.into_iter().for_each(|b| p.release(b));
                result
            })
            .collect();
        Row {
            native: best[0],
            driver,
            cl,
        }
    }
}

fn saxpy(p: &Peers) -> Row {
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let y0: Vec<f32> = (0..N).map(|i| (i % 7) as f32).collect();
    let (bx, by) = (Buf::new(x.clone()), Buf::new(y0.clone()));
    // Every run adds a·x once more: compare after equally many runs (1 + ROUNDS).
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
    let (hx, mut y) = (Host::new(&x), Host::new(&y0));
    let row = p.run(
        (Src::Cl("saxpy"), "saxpy"),
        ([(N / 256) as u32, 1, 1], [256, 1, 1]),
        &mut || {
            parallel_chunks(p.threads, &mut y, 1, |first, ys| {
                let xs = &hx[first..first + ys.len()];
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
            let (cx, cy) = (c.buffer(&x), c.buffer(&y0));
            c.arg(k, 0, &2.0f32);
            c.arg_buf(k, 1, &cx);
            c.arg_buf(k, 2, &cy);
            vec![cx, cy]
        },
        &|_| Ok(()),
        &|c, b| close(&c.read(&b[1], N), &expect, 1e-6),
    );
    // The driver's buffer was updated by every executor's runs: check one executor's worth.
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
    row
}

/// The sums: one kernel per key of [`KERNELS`] (`sum`, `sum_grid`, `sum_subgroup`,
/// `sum_workgroup`, `sycl_sum`), all of 16M f32 into per-group partial sums that the check
/// adds up; the native loop sums in 16 lanes per thread.
fn reduction(p: &Peers, key: &str) -> Row {
    let &(_, _, src, name) = KERNELS.iter().find(|k| k.0 == key).expect("a sum");
    let x: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let groups = match key {
        "sum_grid" => GRID_GROUPS,
        "sycl_sum" => N / (256 * SYCL_SUM_PER_ITEM),
        _ => N / 256,
    };
    let bx = Buf::new(x.clone());
    let hx = Host::new(&x);
    let partial = Buf::new(vec![0f32; groups]);
    let mut total = 0f32;
    let mut sums = vec![0f32; p.threads];
    let exact: f64 = x.iter().map(|&v| v as f64).sum();
    let sum_ok = |parts: &[f32]| -> Result<(), String> {
        let s: f64 = parts.iter().map(|&v| v as f64).sum();
        ((s - exact).abs() <= exact * 1e-4)
            .then_some(())
            .ok_or_else(|| format!("sum {s} vs {exact}"))
    };
    // The SYCL kernel's `Strided1DIndexer` (offset, size, step), passed by value.
    let indexer = [0u64, N as u64, 1];
    let row = p.run(
        (src, name),
        ([groups as u32, 1, 1], [256, 1, 1]),
        &mut || {
            let per = N.div_ceil(p.threads);
            parallel_chunks(p.threads, &mut sums, 1, |t, s| {
                s[0] = sum16(&hx[t * per..((t + 1) * per).min(N)])
            });
            total = sums.iter().sum();
        },
        &|l| {
            match key {
                "sycl_sum" => {
                    bx.arg(l);
                    partial.arg(l);
                    l.args.push(Arg::of(&0f32));
                    l.args.push(Arg::of(&indexer));
                    for v in [N, 1, SYCL_SUM_PER_ITEM] {
                        l.args.push(Arg::of(&(v as u64)));
                    }
                }
                "sum_subgroup" => {
                    bx.arg(l);
                    partial.arg(l);
                    // At most one sub-group per work-item.
                    l.args.push(Arg::Local(256 * 4));
                }
                "sum_workgroup" => {
                    bx.arg(l);
                    partial.arg(l);
                }
                _ => {
                    bx.arg(l);
                    partial.arg(l);
                    l.args.push(Arg::Local(256 * 4));
                    l.args.push(Arg::of(&(N as u32)));
                }
            }
        },
        &|c, k| {
            let (cx, cp) = (c.buffer(&x), c.buffer(&vec![0f32; groups]));
            c.arg_buf(k, 0, &cx);
            c.arg_buf(k, 1, &cp);
            match key {
                "sycl_sum" => {
                    c.arg(k, 2, &0f32);
                    c.arg(k, 3, &indexer);
                    for (i, v) in [N, 1, SYCL_SUM_PER_ITEM].into_iter().enumerate() {
                        c.arg(k, 4 + i as u32, &(v as u64));
                    }
                }
                "sum_subgroup" => c.arg_local(k, 2, 256 * 4),
                "sum_workgroup" => {}
                _ => {
                    c.arg_local(k, 2, 256 * 4);
                    c.arg(k, 3, &(N as u32));
                }
            }
            vec![cx, cp]
        },
        &|_| sum_ok(&partial.read()),
        &|c, b| sum_ok(&c.read(&b[1], groups)),
    );
    sum_ok(&[total]).unwrap_or_else(|e| panic!("{name} (native): {e}"));
    row
}

/// Inclusive prefix sums of every block of `BLOCK` elements (wrapping), blocks over threads.
fn scan_native(threads: usize, input: &[u32], out: &mut [u32]) {
    const BLOCK: usize = 256;
    parallel_chunks(threads, out, BLOCK, |first, blocks| {
        let input = &input[first * BLOCK..][..blocks.len()];
        for (o, i) in blocks
            .chunks_exact_mut(BLOCK)
            .zip(input.chunks_exact(BLOCK))
        {
            let mut acc = 0u32;
            for (o, i) in o.iter_mut().zip(i) {
                acc = acc.wrapping_add(*i);
                *o = acc;
            }
        }
    });
}

fn scan(p: &Peers) -> Row {
    let input: Vec<u32> = (0..N as u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 8)
        .collect();
    let mut expect = vec![0u32; N];
    scan_native(1, &input, &mut expect);
    let (bi, bo) = (Buf::new(input.clone()), Buf::new(vec![0u32; N]));
    let (hi, mut out) = (Host::new(&input), Host::new(&vec![0u32; N]));
    let same = |got: &[u32]| match got.iter().zip(&expect).position(|(g, e)| g != e) {
        None => Ok(()),
        Some(i) => Err(format!("element {i}: {} vs {}", got[i], expect[i])),
    };
    let row = p.run(
        (Src::Cl("group_collectives"), "scan_inclusive_u32_workgroup"),
        ([(N / 256) as u32, 1, 1], [256, 1, 1]),
        &mut || scan_native(p.threads, &hi, &mut out),
        &|l| {
            bi.arg(l);
            bo.arg(l);
        },
        &|c, k| {
            let (ci, co) = (c.buffer(&input), c.buffer(&vec![0u32; N]));
            c.arg_buf(k, 0, &ci);
            c.arg_buf(k, 1, &co);
            vec![ci, co]
        },
        &|_| same(&bo.read()),
        &|c, b| same(&c.read(&b[1], N)),
    );
    same(&out).unwrap_or_else(|e| panic!("scan (native): {e}"));
    row
}

/// dpnp's `add` of two contiguous f32 arrays: every work-item adds 4 elements (see
/// `kernels/sycl/README.md`), so N/4 work-items.
fn sycl_add(p: &Peers) -> Row {
    let a: Vec<f32> = (0..N).map(|i| (i % 1000) as f32 * 0.001).collect();
    let b: Vec<f32> = (0..N).map(|i| (i % 7) as f32).collect();
    let expect: Vec<f32> = a.iter().zip(&b).map(|(a, b)| a + b).collect();
    let (ba, bb, bo) = (
        Buf::new(a.clone()),
        Buf::new(b.clone()),
        Buf::new(vec![0f32; N]),
    );
    let (ha, hb, mut out) = (Host::new(&a), Host::new(&b), Host::new(&vec![0f32; N]));
    let &(_, _, src, name) = KERNELS.iter().find(|k| k.0 == "sycl_add").unwrap();
    let row = p.run(
        (src, name),
        ([(N / 4 / 256) as u32, 1, 1], [256, 1, 1]),
        &mut || {
            parallel_chunks(p.threads, &mut out, 1, |first, os| {
                let (xs, ys) = (&ha[first..][..os.len()], &hb[first..][..os.len()]);
                for ((o, x), y) in os.iter_mut().zip(xs).zip(ys) {
                    *o = x + y;
                }
            })
        },
        &|l| {
            ba.arg(l);
            bb.arg(l);
            bo.arg(l);
            l.args.push(Arg::of(&(N as u64)));
        },
        &|c, k| {
            let (ca, cb, co) = (c.buffer(&a), c.buffer(&b), c.buffer(&vec![0f32; N]));
            c.arg_buf(k, 0, &ca);
            c.arg_buf(k, 1, &cb);
            c.arg_buf(k, 2, &co);
            c.arg(k, 3, &(N as u64));
            vec![ca, cb, co]
        },
        &|_| close(&bo.read(), &expect, 0.0),
        &|c, bufs| close(&c.read(&bufs[2], N), &expect, 0.0),
    );
    close(&out, &expect, 0.0).unwrap_or_else(|e| panic!("dpnp add (native): {e}"));
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
    let name = if tiled {
        "matmul_tiled"
    } else {
        "matmul_naive"
    };
    let mut expect = vec![0f32; MAT * MAT];
    matmul_native(1, &a, &b, &mut expect);
    let (ha, hb, mut c) = (
        Host::new(&a),
        Host::new(&b),
        Host::new(&vec![0f32; MAT * MAT]),
    );
    let tiles = (MAT / 16) as u32;
    let row = p.run(
        (Src::Cl("matmul"), name),
        ([tiles, tiles, 1], [16, 16, 1]),
        &mut || matmul_native(p.threads, &ha, &hb, &mut c),
        &|l| {
            ba.arg(l);
            bb.arg(l);
            bc.arg(l);
            for _ in 3..6 {
                l.args.push(Arg::of(&(MAT as i32)));
            }
        },
        &|q, k| {
            let bufs = vec![q.buffer(&a), q.buffer(&b), q.buffer(&vec![0f32; MAT * MAT])];
            for (i, buf) in bufs.iter().enumerate() {
                q.arg_buf(k, i as u32, buf);
            }
            for i in 3..6 {
                q.arg(k, i, &(MAT as i32));
            }
            bufs
        },
        &|_| close(&bc.read(), &expect, 1e-5),
        &|q, bufs| close(&q.read(&bufs[2], MAT * MAT), &expect, 1e-5),
    );
    close(&c, &expect, 1e-5).unwrap_or_else(|e| panic!("{name} (native): {e}"));
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
    let g = (GRID / 16) as u32;
    let row = p.run(
        (Src::Cl("matmul"), "stencil5_2d"),
        ([g, g, 1], [16, 16, 1]),
        &mut || stencil_native(p.threads, &native_input, &mut out),
        &|l| {
            bi.arg(l);
            bo.arg(l);
            l.args.push(Arg::of(&(GRID as i32)));
            l.args.push(Arg::of(&(GRID as i32)));
        },
        &|q, k| {
            let (i, o) = (q.buffer(&input), q.buffer(&vec![0f32; GRID * GRID]));
            q.arg_buf(k, 0, &i);
            q.arg_buf(k, 1, &o);
            q.arg(k, 2, &(GRID as i32));
            q.arg(k, 3, &(GRID as i32));
            vec![i, o]
        },
        &|_| close(&bo.read(), &expect, 1e-6),
        &|q, b| close(&q.read(&b[1], GRID * GRID), &expect, 1e-6),
    );
    close(&out, &expect, 1e-6).unwrap_or_else(|e| panic!("stencil (native): {e}"));
    row
}

fn histogram(p: &Peers) -> Row {
    let data: Vec<u8> = (0..N as u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mut expect = [0u32; 256];
    data.iter().for_each(|&d| expect[d as usize] += 1);
    let (bd, bins) = (Buf::new(data.clone()), Buf::new(vec![0u32; 256]));
    let native_data = Host::new(&data);
    let mut parts = vec![[0u32; 256]; p.threads];
    let mut merged = [0u32; 256];
    let per = N.div_ceil(p.threads);
    let row = p.run(
        (Src::Cl("histogram"), "hist_local"),
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
            let (d, b) = (q.buffer(&data), q.buffer(&[0u32; 256]));
            q.arg_buf(k, 0, &d);
            q.arg_buf(k, 1, &b);
            q.arg(k, 2, &(N as u32));
            vec![d, b]
        },
        // The bins accumulate over every run: each bin is a multiple of the expected count.
        &|_| multiple_of(&bins.read(), &expect),
        &|q, b| multiple_of(&q.read(&b[1], 256), &expect),
    );
    assert_eq!(merged, expect, "histogram (native)");
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

fn measure(platforms: &[ClPlatform], threads: usize) -> Vec<Option<Row>> {
    let peers = Peers { platforms, threads };
    KERNELS
        .iter()
        .map(|(key, ..)| {
            wanted(key).then(|| match *key {
                "saxpy" => saxpy(&peers),
                "sum" | "sum_grid" | "sum_subgroup" | "sum_workgroup" | "sycl_sum" => {
                    reduction(&peers, key)
                }
                "scan" => scan(&peers),
                "matmul_tiled" => matmul(&peers, true),
                "matmul_naive" => matmul(&peers, false),
                "stencil" => stencil(&peers),
                "sycl_add" => sycl_add(&peers),
                _ => histogram(&peers),
            })
        })
        .collect()
}

/// The rows as text, for the child's output: per row one line of nanoseconds (native, the
/// executors, the platforms; 0 = not measured), then a `! <platform> <reason>` line per
/// platform that has no figure.
fn encode(rows: &[Option<Row>]) -> String {
    let ns = |d: Option<Duration>| d.map_or(0, |d| d.as_nanos());
    let mut out = String::new();
    for r in rows.iter().flatten() {
        let mut v = vec![ns(Some(r.native))];
        v.extend(r.driver.iter().map(|d| ns(*d)));
        v.extend(r.cl.iter().map(|c| ns(c.as_ref().ok().copied())));
        let line: Vec<String> = v.iter().map(|n| n.to_string()).collect();
        out += &line.join(" ");
        out.push('\n');
        for (i, c) in r.cl.iter().enumerate() {
            if let Err(e) = c {
                out += &format!("! {i} {}\n", e.replace('\n', " "));
            }
        }
    }
    out
}

fn decode(text: &str, platforms: usize) -> Vec<Row> {
    let d = |n: u128| (n > 0).then(|| Duration::from_nanos(n as u64));
    let mut rows: Vec<Row> = Vec::new();
    for l in text.lines() {
        if let Some(note) = l.strip_prefix("! ") {
            let (i, why) = note.split_once(' ').unwrap_or((note, ""));
            let i: usize = i.parse().unwrap();
            rows.last_mut().unwrap().cl[i] = Err(why.to_string());
            continue;
        }
        let v: Vec<u128> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let at = 1 + EXECUTORS.len();
        rows.push(Row {
            native: Duration::from_nanos(v[0] as u64),
            driver: v[1..at].iter().map(|n| d(*n)).collect(),
            cl: v[at..at + platforms]
                .iter()
                .map(|n| d(*n).ok_or_else(|| "not measured".to_string()))
                .collect(),
        });
    }
    rows
}

fn print_table(threads: usize, rows: &[Row], platforms: &[ClPlatform]) {
    let f = |d: Option<Duration>| d.map_or("—".to_string(), |d| format!("{d:.2?}"));
    let r = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}×", a.as_secs_f64() / b.as_secs_f64()),
        _ => "—".to_string(),
    };
    println!("\n{threads} thread(s):\n");
    let mut head =
        "| kernel | driver jit | driver interp | native | jit/native | interp/jit |".to_string();
    let mut rule = "|---|---|---|---|---|---|".to_string();
    for p in platforms {
        let l = label(p);
        head += &format!(" {l} | jit/{l} |");
        rule += "---|---|";
    }
    println!("{head}\n{rule}");
    // Footnotes: one per distinct (platform, reason).
    let mut notes: Vec<(usize, String)> = Vec::new();
    let labels = KERNELS.iter().filter(|(key, ..)| wanted(key));
    for ((_, name, ..), row) in labels.zip(rows) {
        let (jit, interp) = (row.driver[0], row.driver[1]);
        let mut line = format!(
            "| {name} | {} | {} | {} | {} | {} |",
            f(jit),
            f(interp),
            f(Some(row.native)),
            r(jit, Some(row.native)),
            r(interp, jit),
        );
        for (i, c) in row.cl.iter().enumerate() {
            match c {
                Ok(t) => line += &format!(" {} | {} |", f(Some(*t)), r(jit, Some(*t))),
                Err(why) => {
                    let n = notes
                        .iter()
                        .position(|(p, w)| *p == i && w == why)
                        .unwrap_or_else(|| {
                            notes.push((i, why.clone()));
                            notes.len() - 1
                        });
                    line += &format!(" — [{}] | — |", n + 1);
                }
            }
        }
        println!("{line}");
    }
    if !notes.is_empty() {
        println!();
        for (n, (i, why)) in notes.iter().enumerate() {
            println!("[{}] {}: {why}", n + 1, label(&platforms[*i]));
        }
    }
}

/// This process's threads: their names and CPU time (user + system), from `/proc/self/task`.
fn thread_times() -> String {
    let tick = 100.0; // USER_HZ
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return "unknown".into();
    };
    let mut out = Vec::new();
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ...`: the comm may hold spaces; fields 14 and 15 are utime, stime.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        let ticks: f64 =
            fields[11].parse::<f64>().unwrap_or(0.0) + fields[12].parse::<f64>().unwrap_or(0.0);
        out.push(format!("{} {:.2}s", &stat[open + 1..close], ticks / tick));
    }
    format!("{}: {}", out.len(), out.join(", "))
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is understood.
    let (platforms, problems) = match ClPlatform::open_all() {
        Ok(found) => found,
        Err(e) => (Vec::new(), vec![e]),
    };
    if std::env::var_os("BENCH_CHILD").is_some() {
        let rows = measure(&platforms, 1);
        print!("{}", encode(&rows));
        // The threads this process ends with (the platforms' workers stay alive; the executor
        // and the native loops leave none behind) and the CPU time each spent: with every peer
        // limited to one thread, one thread besides this one does the platforms' work.
        eprintln!("BENCH_CHILD_THREADS {}", thread_times());
        return;
    }
    for p in &platforms {
        println!(
            "{}: {} ({}), {} compute units",
            label(p),
            p.device_name,
            p.version,
            p.compute_units
        );
    }
    for e in &problems {
        println!("OpenCL: {e}");
    }
    for (name, label, how) in PEERS {
        if !platforms.iter().any(|p| p.name == name) {
            println!("{label} ({name}) was not found: its columns are left out; to get it: {how}");
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let all: Vec<Row> = measure(&platforms, cores).into_iter().flatten().collect();
    print_table(cores, &all, &platforms);
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child.env("BENCH_CHILD", "1");
    for (var, value) in ONE_THREAD {
        child.env(var, value);
    }
    let out = child.output().expect("single-thread child");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        panic!("single-thread child failed:\n{stderr}");
    }
    let one = decode(&String::from_utf8_lossy(&out.stdout), platforms.len());
    print_table(1, &one, &platforms);
    let limits: Vec<String> = ONE_THREAD.iter().map(|(v, x)| format!("{v}={x}")).collect();
    if let Some(n) = stderr
        .lines()
        .find_map(|l| l.strip_prefix("BENCH_CHILD_THREADS "))
    {
        println!(
            "\n(the 1-thread child ran with {}; its threads at the end, with their CPU time: {n})",
            limits.join(" ")
        );
    }
}
