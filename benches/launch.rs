//! Launch overhead of the kernel executor (a table, not a timed test): a tiny kernel (saxpy
//! over 2 work-groups of 64) launched again and again on each backend with 1 and 2 threads,
//! so that what a launch costs besides the work-items (threads, frames, the groups' set-up)
//! dominates. Then the same launch through the safe layer (`Kernel::run` on the thread's
//! stream, waited for each time) on the CPU driver: what the arguments' trip through
//! `level-zero` and the driver adds.
//!
//! ```sh
//! cargo bench --bench launch
//! BENCH_EXEC=jit cargo bench --bench launch   # one executor only (for profiling)
//! ```

use oneapi::spirv_exec::{self, Arg, LaunchDesc, MemoryRange, Module};
use std::time::{Duration, Instant};

const LAUNCHES: usize = 2000;
const ROUNDS: usize = 5;
const GROUPS: u32 = 2;
const SIZE: u32 = 64;

fn module(exec: &str) -> Module {
    let path = format!("{}/kernels/spv/saxpy-O2.spv", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let backend = spirv_exec::backend_named(exec).expect("a backend");
    let words = spirv_exec::words(&bytes).expect("SPIR-V words");
    Module::build_with(&words, &Default::default(), backend).expect("saxpy")
}

fn percentiles(mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    (samples[samples.len() / 2], samples[samples.len() * 9 / 10])
}

fn main() {
    let n = (GROUPS * SIZE) as usize;
    let x = vec![1.0f32; n];
    let mut y = vec![0.0f32; n];
    let range = |v: &[f32], what: &str| MemoryRange {
        base: v.as_ptr() as usize,
        end: v.as_ptr() as usize + std::mem::size_of_val(v),
        what: what.into(),
    };
    println!("saxpy, {GROUPS} groups of {SIZE}, {LAUNCHES} launches per round, best of {ROUNDS} rounds (interleaved)\n");
    println!("| backend | threads | median | p90 |");
    println!("|---|---|---|---|");
    let wanted =
        |e: &str| std::env::var("BENCH_EXEC").map_or(true, |only| only.split(',').any(|o| o == e));
    let modules: Vec<(&str, Module)> = ["jit", "interp"]
        .into_iter()
        .filter(|e| wanted(e))
        .map(|e| (e, module(e)))
        .collect();
    let mut configs = Vec::new();
    for (exec, m) in &modules {
        for threads in [1, 2] {
            let k = m.kernel("saxpy").expect("saxpy").clone();
            let mut l = LaunchDesc::new([GROUPS, 1, 1], [SIZE, 1, 1]);
            l.threads = threads;
            l.args.push(Arg::of(&2.0f32));
            l.args.push(Arg::of(&(x.as_ptr() as u64)));
            l.args.push(Arg::of(&(y.as_mut_ptr() as u64)));
            l.memory.push(range(&x, "x"));
            l.memory.push(range(&y, "y"));
            configs.push((*exec, threads, k, l));
        }
    }
    let mut best = vec![(Duration::MAX, Duration::MAX); configs.len()];
    for _ in 0..ROUNDS {
        for ((_, _, k, l), b) in configs.iter().zip(best.iter_mut()) {
            let mut samples = Vec::with_capacity(LAUNCHES);
            for i in 0..LAUNCHES + 100 {
                let t = Instant::now();
                // SAFETY: `x` and `y` live until the end of `main`, and nothing else touches
                // them while a launch runs (launches run one at a time).
                unsafe { k.run(l.clone()) }.expect("launch");
                if i >= 100 {
                    samples.push(t.elapsed());
                }
            }
            let (median, p90) = percentiles(samples);
            *b = (b.0.min(median), b.1.min(p90));
        }
    }
    for ((exec, threads, ..), (median, p90)) in configs.iter().zip(&best) {
        println!("| {exec} | {threads} | {median:.2?} | {p90:.2?} |");
    }
    // Every launch added 2 · 1 to every element.
    let launches = configs.len() * ROUNDS * (LAUNCHES + 100);
    let want = 2.0 * launches as f32;
    assert!(
        y.iter().all(|&v| v == want),
        "saxpy: {} instead of {want}",
        y[0]
    );
    safe_layer();
}

/// `Kernel::run` of the same saxpy through `level-zero` on the CPU driver, each launch waited
/// for: the executor's launch plus the safe layer's and the driver's.
fn safe_layer() {
    use oneapi::level_zero::{self as lz, Allocation, BuildOptions, Grid};
    let (ctx, dev) = (
        lz::default_context().unwrap(),
        lz::default_device().unwrap(),
    );
    let path = format!("{}/kernels/spv/saxpy-O2.spv", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let module = lz::Module::from_spirv(&ctx, &dev, &bytes, &BuildOptions::default()).unwrap();
    let mut saxpy = module.kernel("saxpy").unwrap();
    let n = (GROUPS * SIZE) as usize;
    let x = Allocation::shared(&ctx, Some(&dev), 4 * n, 0).unwrap();
    let mut y = Allocation::shared(&ctx, Some(&dev), 4 * n, 0).unwrap();
    let grid = Grid::groups(lz::Groups([GROUPS, 1, 1]), [SIZE, 1, 1]);
    // Per launch: the `run` call alone (arguments set, the launch appended), and with the
    // wait for its completion.
    let mut best = [(Duration::MAX, Duration::MAX); 2];
    for _ in 0..ROUNDS {
        let mut samples = [Vec::with_capacity(LAUNCHES), Vec::with_capacity(LAUNCHES)];
        for i in 0..LAUNCHES + 100 {
            let t = Instant::now();
            let pending = saxpy.run(grid, (2.0f32, &x, &mut y)).expect("launch");
            let appended = t.elapsed();
            pending.wait().expect("wait");
            if i >= 100 {
                samples[0].push(appended);
                samples[1].push(t.elapsed());
            }
        }
        for (b, s) in best.iter_mut().zip(samples) {
            let (median, p90) = percentiles(s);
            *b = (b.0.min(median), b.1.min(p90));
        }
    }
    println!("\nsafe layer (`Kernel::run` on the thread's stream, default backend)\n");
    println!("| | median | p90 |");
    println!("|---|---|---|");
    for (what, (median, p90)) in ["`run` call", "`run` + wait"].iter().zip(best) {
        println!("| {what} | {median:.2?} | {p90:.2?} |");
    }
}
