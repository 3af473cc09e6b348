//! Mutation fuzzing of module building and launching (issue 11, item 19): modules of the kernel
//! corpus, mutated a few words or instructions at a time, are built, and every kernel that
//! builds is launched with a buffer for each pointer. Whatever the input, building and
//! launching return (`Ok` or an error): no panic, no crash, no hang.
//!
//! - `FUZZ_INPUTS` inputs (default 100: a few seconds, as CI runs it) drawn from `FUZZ_SEED`
//!   (default 1); input `i` of a seed is always the same, so a failure replays. Run long with
//!   `FUZZ_INPUTS=100000 cargo test --release -p spirv-exec --test fuzz_modules`.
//! - Each input is written to `fuzz-current-PID.spv` in Cargo's test scratch directory before it is
//!   tried, so that a crash (which ends the process) leaves it behind; a panic is caught and the
//!   input saved beside it. A panic the library catches itself (the compiler's, which falls back
//!   to the interpreter) fails the input too: bad input must be refused, not survived. A build or launch that takes more than a minute aborts the run with
//!   the input's name.
//! - Every input that ever failed is kept in `tests/fuzz-regressions/` and tried first
//!   (`FUZZ_ONLY=NAME FUZZ_INPUTS=0` tries just one of them).
//! - Launches are cancelled after `FUZZ_LAUNCH_MS` (default 200 ms), as the driver's watchdog
//!   does: an endless loop is a legal kernel, and must be stoppable. An input whose build and
//!   launches take longer than `FUZZ_BUILD_MS` (default 15,000: a debug build on a loaded
//!   machine; long release runs use 2000) plus `FUZZ_LAUNCH_MS` per launch
//!   fails as a hang.
//! - One input in eight is a call bomb (`common::bomb`: calls that inline to up to 3^22 copies),
//!   half of them mutated.

mod common;
#[path = "common/mutate.rs"]
mod mutate;

use common::Rng;
use mutate::mutate;
use spirv_exec::{Backend, Module};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the inputs did.
#[derive(Default)]
struct Tally {
    refused: u64,
    built: u64,
    launches: u64,
    launch_errors: u64,
}

/// Builds `words` and launches every kernel that builds: two groups, each pointer given a
/// 4 KiB buffer, each value zero bytes, each `__local` pointer 256 bytes.
fn try_input(words: &[u32], backend: &'static dyn Backend, launch_limit: Duration, t: &mut Tally) {
    let Ok(module) = Module::build_with(words, &Default::default(), backend) else {
        t.refused += 1;
        return;
    };
    t.built += 1;
    for kernel in module.kernels() {
        let mut buffers = common::fuzz_buffers(kernel);
        let launch = common::fuzz_launch(kernel, &mut buffers);
        let cancel = Arc::new(AtomicBool::new(false));
        let (done, finished) = mpsc::channel::<()>();
        let flag = cancel.clone();
        let timer = std::thread::spawn(move || {
            if finished.recv_timeout(launch_limit).is_err() {
                flag.store(true, Ordering::Relaxed);
            }
        });
        t.launches += 1;
        t.launch_errors += u64::from(launch.cancel(cancel).run().is_err());
        drop(done);
        timer.join().unwrap();
    }
}

/// The longest an input's build and launches may take beyond the launch limit per launch
/// (`FUZZ_BUILD_MS`, default 15,000): longer is a hang.
fn build_limit() -> Duration {
    Duration::from_millis(env_number("FUZZ_BUILD_MS", 15_000))
}

/// Where this process records the input it is trying (one file per process, so runs with
/// other seeds can go on side by side).
fn current_input(extension: &str) -> PathBuf {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"));
    scratch.join(format!("fuzz-current-{}.{extension}", std::process::id()))
}

/// Panics anywhere in the process, caught or not: the library's own safety nets (a compiler
/// panic falling back to the interpreter) must not be what keeps a bad input harmless.
static PANICS: AtomicU64 = AtomicU64::new(0);

/// Counts every panic in [`PANICS`], then reports it as usual.
fn count_panics() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::Relaxed);
        report(info)
    }));
}

/// Tries `input`, recording it first; `Err` with the saved copy's path if anything panicked
/// (even a panic the library caught).
fn run_one(
    name: &str,
    input: &[u32],
    backend: &'static dyn Backend,
    limit: Duration,
    tally: &mut Tally,
) -> Result<(), String> {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let bytes: Vec<u8> = input.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(current_input("spv"), &bytes).unwrap();
    std::fs::write(current_input("txt"), name).unwrap();
    let before = PANICS.load(Ordering::Relaxed);
    let (started, launches) = (Instant::now(), tally.launches);
    let outcome = catch_unwind(AssertUnwindSafe(|| try_input(input, backend, limit, tally)));
    let caught = PANICS.load(Ordering::Relaxed) > before;
    let launched = (tally.launches - launches) as u32;
    let slow = started.elapsed() > build_limit() + limit * launched;
    if outcome.is_ok() && !caught && !slow {
        return Ok(());
    }
    let saved = scratch.join(format!("fuzz-failed-{name}.spv"));
    std::fs::write(&saved, &bytes).unwrap();
    let how = if outcome.is_err() {
        "panicked"
    } else if slow {
        "hung (build and launches took longer than FUZZ_BUILD_MS)"
    } else {
        "panicked inside the library (caught)"
    };
    Err(format!(
        "{name}: {how} (input saved as {})",
        saved.display()
    ))
}

#[test]
fn mutated_modules_never_crash_or_hang() {
    let backend = std::env::var("SPIRV_EXEC_BACKEND").unwrap_or_else(|_| "jit".into());
    let backend = spirv_exec::backend_named(&backend).expect("SPIRV_EXEC_BACKEND: jit or interp");
    let inputs = env_number("FUZZ_INPUTS", 100);
    let seed = env_number("FUZZ_SEED", 1);
    let limit = Duration::from_millis(env_number("FUZZ_LAUNCH_MS", 200));
    count_panics();

    // A build or launch stuck for a minute ends the run, naming the input.
    let progress = Arc::new(AtomicU64::new(0));
    let seen = progress.clone();
    std::thread::spawn(move || {
        let (mut last, mut since) = (u64::MAX, Instant::now());
        loop {
            std::thread::sleep(Duration::from_secs(1));
            let now = seen.load(Ordering::Relaxed);
            if now != last {
                (last, since) = (now, Instant::now());
            } else if since.elapsed() > Duration::from_secs(60) {
                let name = std::fs::read_to_string(current_input("txt"));
                eprintln!(
                    "fuzz: input {} hung for a minute (it is {})",
                    name.unwrap_or_default(),
                    current_input("spv").display()
                );
                std::process::abort();
            }
        }
    });

    let mut failures = Vec::new();
    let mut tally = Tally::default();
    let regressions = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    if let Ok(dir) = std::fs::read_dir(&regressions) {
        let mut paths: Vec<PathBuf> = dir.map(|e| e.unwrap().path()).collect();
        paths.sort();
        // FUZZ_ONLY=NAME tries only the regression input NAME (to debug one).
        let only = std::env::var("FUZZ_ONLY").ok();
        let wanted = |p: &&PathBuf| {
            p.extension().is_some_and(|e| e == "spv")
                && only
                    .as_deref()
                    .is_none_or(|o| p.file_stem().is_some_and(|s| s == o))
        };
        for path in paths.iter().filter(wanted) {
            let bytes = std::fs::read(path).unwrap();
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            failures.extend(run_one(&name, &words, backend, limit, &mut tally).err());
            progress.fetch_add(1, Ordering::Relaxed);
        }
    }

    let corpus = mutate::corpus(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/spv"));
    let started = Instant::now();
    for i in 0..inputs {
        let mut rng = Rng::new(seed.wrapping_mul(0x1_0000_0000).wrapping_add(i));
        // One input in eight is a call bomb (depth up to 22, fan-out up to 3), half mutated.
        let bomb = rng.below(8) == 0;
        let mut words = if bomb {
            let (depth, fan) = (rng.below(23) as u32, 1 + rng.below(3) as u32);
            spirv_exec::words(&common::bomb::module(depth, fan)).unwrap()
        } else {
            corpus[rng.below(corpus.len() as u64) as usize].clone()
        };
        if !bomb || rng.below(2) == 0 {
            mutate(&mut words, &mut rng);
        }
        failures.extend(
            run_one(
                &format!("seed{seed}-{i}"),
                &words,
                backend,
                limit,
                &mut tally,
            )
            .err(),
        );
        progress.fetch_add(1, Ordering::Relaxed);
    }
    eprintln!(
        "fuzz: {inputs} inputs of seed {seed} on {} in {:.1} s: {} refused at build, {} built; \
         {} launches, {} of them ended by an error (fault, cancellation, bad argument)",
        backend.name(),
        started.elapsed().as_secs_f64(),
        tally.refused,
        tally.built,
        tally.launches,
        tally.launch_errors,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
