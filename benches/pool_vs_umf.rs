//! `cargo bench --bench pool_vs_umf [-- TRACE...]`: onearray's pool against the pools of
//! Intel's Unified Memory Framework (UMF 1.2: disjoint, scalable, proxy) over UMF's Level
//! Zero provider, on the same driver instance: our safe layer goes through Intel's loader
//! (`BackendChoice::Loader`), which finds the CPU driver as `ZE_ENABLE_ALT_DRIVERS` (set to
//! the `liblevel_zero_cpu_icd.so` beside this executable unless given), and UMF's provider
//! gets the raw handles of our default context and device.
//!
//! 1. Allocate + free latency of device memory per size, 64 B to 256 MiB, on 1 thread and on
//!    8 (persistent worker threads, each allocating and freeing; the time is wall time per
//!    pair of all threads, so throughput). Every round runs each pool once, the order rotating
//!    round by round, so that the machine's load hits all alike; columns are the medians of
//!    the rounds, and the median (p10-p90) of the per-round ratio ours / the best UMF pool of
//!    that round.
//! 2. Each trace (`benches/traces/`, or those named, and the synthetic ones of
//!    `support/replay.rs`) replayed through each pool (one pool per kind of memory): peak
//!    reserved / peak requested (reserved: for UMF what its providers hold, their
//!    `stats.allocated_memory`; for ours in use plus pooled), and the hit rate (for UMF, an
//!    allocation during which its provider's bytes did not grow).
//!
//! Without UMF (`UMF_LIB`, else `libumf.so.1` on the library path) or Intel's loader, the
//! bench says so and measures onearray's pool alone.

use oneapi::level_zero::{self, BackendChoice, Context, Device};
use oneapi::onearray::{self, MemoryKind, OneArray};
use std::ffi::c_void;
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

#[path = "support/replay.rs"]
mod replay;
#[path = "support/umf.rs"]
mod umf;

use umf::{PoolKind, Umf, UmfPool};

/// A pool under test: onearray's (the default device pool) or one of UMF's.
#[derive(Clone)]
enum Subject {
    Ours,
    Umf(PoolKind, Arc<UmfPool>),
}

impl Subject {
    fn name(&self) -> &'static str {
        match self {
            Subject::Ours => "onearray",
            Subject::Umf(k, _) => k.name(),
        }
    }

    /// `n` allocations and frees of `bytes` of device memory.
    fn run(&self, bytes: usize, n: u32) -> Result<(), String> {
        match self {
            Subject::Ours => {
                for _ in 0..n {
                    // SAFETY: the array is dropped without being read.
                    let a = unsafe { OneArray::<u8>::uninit(bytes) }.map_err(|e| e.to_string())?;
                    drop(std::hint::black_box(a));
                }
            }
            Subject::Umf(_, pool) => {
                for _ in 0..n {
                    let p = pool.malloc(bytes);
                    if p.is_null() {
                        return Err(format!("umfPoolMalloc({bytes}) failed"));
                    }
                    pool.free(std::hint::black_box(p));
                }
            }
        }
        Ok(())
    }
}

type Job = Arc<dyn Fn() + Send + Sync>;

/// Threads kept for the whole bench (per-thread caches stay warm, as in an application),
/// started together on a job and waited for.
struct Workers {
    start: Arc<Barrier>,
    done: Arc<Barrier>,
    job: Arc<Mutex<Option<Job>>>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Workers {
    fn new(n: usize) -> Workers {
        let start = Arc::new(Barrier::new(n + 1));
        let done = Arc::new(Barrier::new(n + 1));
        let job: Arc<Mutex<Option<Job>>> = Arc::new(Mutex::new(None));
        let threads = (0..n)
            .map(|_| {
                let (start, done, job) = (start.clone(), done.clone(), job.clone());
                std::thread::spawn(move || loop {
                    start.wait();
                    let Some(f) = job.lock().unwrap().clone() else {
                        return;
                    };
                    f();
                    done.wait();
                })
            })
            .collect();
        Workers {
            start,
            done,
            job,
            threads,
        }
    }

    /// Runs `f` on every worker at once; the wall time until all are done.
    fn run(&self, f: Job) -> Duration {
        *self.job.lock().unwrap() = Some(f);
        self.start.wait();
        let t = Instant::now();
        self.done.wait();
        t.elapsed()
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        *self.job.lock().unwrap() = None;
        self.start.wait();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Per subject, the medians of the round times (per pair), and the per-round ratio of ours to
/// the best UMF pool (median, p10, p90); or the first error.
struct Latency {
    ns: Vec<Option<f64>>,
    ratio: Option<(f64, f64, f64)>,
    error: Option<String>,
}

fn latency(
    subjects: &[Subject],
    bytes: usize,
    workers: Option<&Workers>,
    threads: usize,
) -> Latency {
    // About 16 MiB a round, 64 to 2,000 pairs per thread: fewer, and a round of 8 threads on
    // a small machine measures their wake-ups more than the pools (nothing touches the memory).
    let inner = ((16usize << 20) / bytes).clamp(64, 2000) as u32;
    let rounds = if bytes >= 16 << 20 { 9 } else { 31 };
    let error: Arc<Mutex<Option<String>>> = Arc::default();
    let time = |s: &Subject| -> Duration {
        match workers {
            None => {
                let t = Instant::now();
                if let Err(e) = s.run(bytes, inner) {
                    error
                        .lock()
                        .unwrap()
                        .get_or_insert(format!("{}: {e}", s.name()));
                }
                t.elapsed()
            }
            Some(w) => {
                let (s, error) = (s.clone(), error.clone());
                w.run(Arc::new(move || {
                    if let Err(e) = s.run(bytes, inner) {
                        error
                            .lock()
                            .unwrap()
                            .get_or_insert(format!("{}: {e}", s.name()));
                    }
                }))
            }
        }
    };
    // One warm-up round each.
    for s in subjects {
        time(s);
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); subjects.len()];
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let mut this = vec![0.0; subjects.len()];
        for k in 0..subjects.len() {
            let i = (k + round) % subjects.len();
            let pairs = f64::from(inner) * threads as f64;
            this[i] = time(&subjects[i]).as_nanos() as f64 / pairs;
        }
        let best_umf = this[1..].iter().copied().fold(f64::INFINITY, f64::min);
        if best_umf.is_finite() {
            ratios.push(this[0] / best_umf);
        }
        for (t, x) in times.iter_mut().zip(this) {
            t.push(x);
        }
        if error.lock().unwrap().is_some() {
            break;
        }
    }
    let error = error.lock().unwrap().take();
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[(v.len() - 1) / 2]
    };
    let ratio = (!ratios.is_empty()).then(|| {
        ratios.sort_by(f64::total_cmp);
        let at = |q: usize| ratios[(ratios.len() - 1) * q / 100];
        (at(50), at(10), at(90))
    });
    Latency {
        ns: times.iter_mut().map(|t| Some(median(t))).collect(),
        ratio,
        error,
    }
}

/// A trace replayed through one UMF pool kind: one pool per kind of memory.
struct UmfLive {
    umf: &'static Umf,
    kind: PoolKind,
    ctx: Context,
    dev: Device,
    pools: Vec<UmfPool>,
    hits: u64,
}

const KINDS: [MemoryKind; 3] = [MemoryKind::Device, MemoryKind::Shared, MemoryKind::Host];

impl replay::Live for UmfLive {
    type Held = (usize, *mut c_void);
    fn reset(&mut self) -> Result<(), String> {
        self.pools.clear();
        for mem in KINDS {
            let p = self.umf.pool(self.kind, &self.ctx, &self.dev, mem)?;
            self.pools.push(p);
        }
        Ok(())
    }
    fn alloc(
        &mut self,
        bytes: usize,
        kind: MemoryKind,
        sample: bool,
    ) -> Result<Self::Held, String> {
        let k = KINDS.iter().position(|&m| m == kind).unwrap_or(0);
        let pool = &self.pools[k];
        let before = if sample { pool.allocated() } else { None };
        let p = pool.malloc(bytes);
        if p.is_null() {
            return Err(format!("umfPoolMalloc({bytes}, {kind:?}) failed"));
        }
        if let Some(before) = before {
            self.hits += u64::from(pool.allocated().is_some_and(|now| now <= before));
        }
        Ok((k, p))
    }
    fn free(&mut self, (k, p): Self::Held) {
        self.pools[k].free(p);
    }
    fn reserved(&mut self) -> u64 {
        self.pools.iter().filter_map(UmfPool::allocated).sum()
    }
    fn hits(&mut self) -> u64 {
        self.hits
    }
}

/// Opens UMF and puts our safe layer on Intel's loader, so that both use one driver.
fn open_umf() -> Result<&'static Umf, String> {
    let umf = Umf::open().map_err(|e| {
        format!(
            "UMF not found ({e}): pip install umf, then UMF_LIB=<venv>/lib/libumf.so.1 \
             (and LD_LIBRARY_PATH=<venv>/lib for the scalable pool's libtbbmalloc.so.2)"
        )
    })?;
    if std::env::var_os("ZE_ENABLE_ALT_DRIVERS").is_none() {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let icd = exe.with_file_name("liblevel_zero_cpu_icd.so");
        if !icd.exists() {
            return Err(format!(
                "{} not built (cargo build -p level-zero-cpu-icd --release)",
                icd.display()
            ));
        }
        // Single-threaded still: nothing reads the environment concurrently.
        std::env::set_var("ZE_ENABLE_ALT_DRIVERS", icd);
    }
    let api = level_zero::init_with(BackendChoice::Loader)
        .map_err(|e| format!("Intel's loader unusable ({e}): UMF's provider needs it"))?;
    println!("backend: {}", api.reason());
    Ok(umf)
}

fn human(b: usize) -> String {
    onearray::human(b)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let umf = open_umf()
        .map_err(|e| println!("{e}; onearray's pool alone"))
        .ok();
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    let mut subjects = vec![Subject::Ours];
    if let Some(umf) = umf {
        for kind in PoolKind::ALL {
            match umf.pool(kind, &ctx, &dev, MemoryKind::Device) {
                Ok(p) => subjects.push(Subject::Umf(kind, Arc::new(p))),
                Err(e) => println!("{}: not created ({e}); skipped", kind.name()),
            }
        }
    }
    let names: Vec<&str> = subjects.iter().map(Subject::name).collect();

    println!("\nallocate + free of device memory, ns per pair (median of interleaved rounds)");
    print!("{:>8} {:>7}", "size", "threads");
    for n in &names {
        print!(" {n:>13}");
    }
    println!(" {:>22}", "ours/best UMF (p10-p90)");
    let workers = Workers::new(8);
    // `--size=N` (repeatable): those sizes only; `--no-traces`: the latencies only.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut sizes: Vec<usize> = args
        .iter()
        .filter_map(|a| a.strip_prefix("--size=")?.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = (0..12).map(|i| 64usize << (2 * i)).collect();
    }
    for &bytes in &sizes {
        for threads in [1, 8] {
            let w = (threads > 1).then_some(&workers);
            let l = latency(&subjects, bytes, w, threads);
            print!("{:>8} {threads:>7}", human(bytes));
            for ns in &l.ns {
                match ns {
                    Some(ns) => print!(" {ns:>13.1}"),
                    None => print!(" {:>13}", "-"),
                }
            }
            match l.ratio {
                Some((m, lo, hi)) => print!(" {m:>8.3} ({lo:.3}-{hi:.3})"),
                None => print!(" {:>22}", "-"),
            }
            println!();
            if let Some(e) = l.error {
                println!("    error: {e}");
            }
            onearray::trim();
        }
    }
    drop(workers);
    if args.iter().any(|a| a == "--no-traces") {
        return Ok(());
    }

    println!("\ntraces: peak reserved / peak requested, hit rate");
    println!(
        "{:<22} {:<14} {:>8} {:>11} {:>11} {:>8} {:>7} {:>8}",
        "trace", "pool", "allocs", "peak req", "peak res", "res/req", "hit %", "ns/op"
    );
    for (name, trace) in replay::load()? {
        let mut rows = vec![(
            "onearray",
            replay::replay_live(&trace, &mut replay::Ours, 4),
        )];
        if let Some(umf) = umf {
            for kind in PoolKind::ALL {
                let mut live = UmfLive {
                    umf,
                    kind,
                    ctx: ctx.clone(),
                    dev: dev.clone(),
                    pools: Vec::new(),
                    hits: 0,
                };
                rows.push((kind.name(), replay::replay_live(&trace, &mut live, 4)));
            }
        }
        // The least of UMF's caching pools (the proxy pool caches nothing: it holds what is
        // in use, exactly, at a driver call per allocation).
        let best_umf = rows[1..]
            .iter()
            .filter(|(n, _)| *n != PoolKind::Proxy.name())
            .filter_map(|(_, o)| o.as_ref().ok())
            .map(|o| o.peak_reserved)
            .min();
        let ours = rows
            .first()
            .map(|(_, o)| o.as_ref().map(|o| o.peak_reserved));
        for (pool, o) in &rows {
            match o {
                Ok(o) => println!(
                    "{:<22} {:<14} {:>8} {:>11} {:>11} {:>8.3} {:>7.1} {:>8.0}",
                    name,
                    pool,
                    o.allocs,
                    human(o.peak_requested as usize),
                    human(o.peak_reserved as usize),
                    o.peak_reserved as f64 / o.peak_requested.max(1) as f64,
                    100.0 * o.hits as f64 / o.allocs.max(1) as f64,
                    o.ns_per_op
                ),
                Err(e) => println!("{name:<22} {pool:<14} failed: {e}"),
            }
        }
        if let (Some(b), Some(Ok(ours))) = (best_umf, ours) {
            println!(
                "{name:<22} {:<14} peak reserved ours / least of UMF's caching pools: {:.3}",
                "",
                ours as f64 / b.max(1) as f64
            );
        }
    }
    Ok(())
}
