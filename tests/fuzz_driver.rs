//! Fuzzing the driver through its API (issue 28): what a program can hand it, in three classes
//! of inputs, each tried in-process on the CPU driver with its hang watchdog on
//! (`LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS`, `FUZZ_WATCHDOG_MS`, default 2000):
//!
//! - **mutants**: modules of the kernel corpus mutated a few words or instructions at a time
//!   (the mutations of spirv-exec's `fuzz_modules`), built with `zeModuleCreate`; each kernel
//!   that is created gets a 64 KiB buffer for each argument that takes 8 bytes (else zeros, or
//!   work-group memory) and is launched, waited for, and its list destroyed;
//! - **wild copies**: copies and fills between pointers drawn from USM (live, freed, interior,
//!   overrunning), the program's own memory (heap, stack, `.rodata`), pages that are read-only,
//!   inaccessible or unmapped, and addresses nothing maps, on synchronous and asynchronous
//!   immediate lists and regular lists; a copy between valid ranges must succeed and copy;
//! - **call bombs**: kernels whose calls double at each level (2^depth calls when inlined),
//!   depths up to 40: the build must stay bounded and the launch end (result or watchdog).
//!
//! Whatever the input, every call returns: no crash, no panic, no hang. An input that takes
//! longer than `FUZZ_HANG_MS` (default 20,000) aborts the run naming it. `FUZZ_INPUTS`
//! (default 60, a few seconds, as CI runs it) inputs from `FUZZ_SEED` (default 1); input `i` of
//! a seed is always the same; `FUZZ_CLASSES` (default `mutants,copies,bombs`) keeps some. Long: `FUZZ_INPUTS=100000 cargo test --release --test
//! fuzz_driver`.

mod common;
#[path = "../spirv-exec/tests/common/mutate.rs"]
mod mutate;
#[path = "../spirv-exec/tests/common/rng.rs"]
#[allow(dead_code)]
mod rng;

use common::raw::*;
use common::spirv_asm::{call_bomb, words};
use level_zero_sys::calls::{command_list, command_queue, context, driver, event, kernel, mem};
use level_zero_sys::calls::{device, module};
use level_zero_sys::*;
use rng::Rng;
use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the run did, for its closing line.
#[derive(Default, Debug)]
struct Tally {
    modules_refused: u64,
    modules_built: u64,
    launches: u64,
    launch_errors: u64,
    copies: u64,
    copies_refused: u64,
    copies_failed_later: u64,
    bombs: u64,
    slowest_ms: u128,
}

/// The driver, one context, one device, and memory the classes share.
struct Rig {
    api: Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
}

impl Rig {
    fn new() -> Rig {
        let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
        // SAFETY: `array` passes a valid count and a null or large-enough array; the handles
        // come from the driver just loaded.
        unsafe {
            let drv = array(null_mut(), |n, a| driver::get(&api, n, a))[0];
            let dev = array(null_mut(), |n, a| device::get(&api, drv, n, a))[0];
            let ctx = context::create(&api, drv, &Default::default()).unwrap();
            Rig { api, ctx, dev }
        }
    }

    /// A new immediate or regular list: `0` synchronous, `1` asynchronous, `2` regular.
    ///
    /// # Safety
    /// The rig's handles are live.
    unsafe fn list(&self, kind: u64) -> ze_command_list_handle_t {
        // SAFETY: the rig's live handles.
        unsafe {
            match kind {
                0 => immediate(&self.api, self.ctx, self.dev, SYNC),
                1 => immediate(&self.api, self.ctx, self.dev, ASYNC),
                _ => regular_list(&self.api, self.ctx, self.dev, 0),
            }
        }
    }

    /// Closes and runs a regular list on a new queue, or waits for an immediate one's work.
    ///
    /// # Safety
    /// `list` is a live list of the rig, of `kind`.
    unsafe fn finish(&self, list: ze_command_list_handle_t, kind: u64) -> Result<(), ZeError> {
        let api = &self.api;
        // SAFETY: the caller's live list; the queue and pool are made and destroyed here.
        unsafe {
            if kind == 2 {
                command_list::close(api, list)?;
                let queue = async_queue(api, self.ctx, self.dev);
                let run =
                    command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut())
                        .and_then(|()| command_queue::synchronize(api, queue, u64::MAX));
                command_queue::destroy(api, queue).unwrap();
                return run;
            }
            let (events, [idle]) = EventPool::host_visible(api, self.ctx);
            let waited = command_list::append_barrier(api, list, idle, 0, null_mut())
                .and_then(|()| event::host_synchronize(api, idle, u64::MAX));
            drop(events);
            waited
        }
    }
}

const SYNC: ze_command_queue_mode_t = ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
const ASYNC: ze_command_queue_mode_t = ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;

/// Builds `words`, creates each kernel it names and launches it once.
fn try_module(rig: &Rig, words: &[u32], t: &mut Tally) {
    let api = &rig.api;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let desc = ze_module_desc_t {
        format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
        inputSize: bytes.len(),
        pInputModule: bytes.as_ptr(),
        ..Default::default()
    };
    // SAFETY: the descriptor points to `bytes`, alive for the call; every handle made here is
    // destroyed here; the buffer outlives the launches, which are waited for.
    unsafe {
        let Ok(m) = module::create(api, rig.ctx, rig.dev, &desc, null_mut()) else {
            t.modules_refused += 1;
            return;
        };
        t.modules_built += 1;
        let mut count = 0u32;
        module::get_kernel_names(api, m, &mut count, null_mut()).unwrap();
        let mut names = vec![std::ptr::null(); count as usize];
        module::get_kernel_names(api, m, &mut count, names.as_mut_ptr()).unwrap();
        let buffer = device_mem(api, rig.ctx, rig.dev, 64 << 10);
        for &name in &names {
            let kdesc = ze_kernel_desc_t {
                pKernelName: name,
                ..Default::default()
            };
            let Ok(k) = kernel::create(api, m, &kdesc) else {
                continue;
            };
            let mut props = ze_kernel_properties_t::default();
            kernel::get_properties(api, k, &mut props).unwrap();
            let zeros = [0u8; 64];
            for arg in 0..props.numKernelArgs {
                let set = |size: usize, value: *const c_void| {
                    kernel::set_argument_value(api, k, arg, size, value).is_ok()
                };
                let _ = set(8, (&raw const buffer).cast())
                    || set(256, null_mut())
                    || [4, 2, 1, 16, 32, 64]
                        .iter()
                        .any(|&s| set(s, zeros.as_ptr().cast()));
            }
            let _ = kernel::set_group_size(api, k, 8, 1, 1);
            let list = immediate(api, rig.ctx, rig.dev, ASYNC);
            let (events, [done]) = EventPool::host_visible(api, rig.ctx);
            t.launches += 1;
            let ran =
                command_list::append_launch_kernel(api, list, k, &groups(2), done, 0, null_mut())
                    .and_then(|()| event::host_synchronize(api, done, u64::MAX));
            t.launch_errors += u64::from(ran.is_err());
            drop(events);
            command_list::destroy(api, list).unwrap();
            kernel::destroy(api, k).unwrap();
        }
        mem::free(api, rig.ctx, buffer).unwrap();
        module::destroy(api, m).unwrap();
    }
}

/// Pages of each protection, mapped once: two readable and writable, two read-only and two
/// inaccessible pages, each pair followed by an inaccessible guard page (so a write running
/// past a pair reaches nothing else of the process), and a range mapped and unmapped again.
struct Pages {
    rw: usize,
    ro: usize,
    none: usize,
    gone: usize,
}

const PAGE: usize = 4096;

/// An address nothing maps in a test process (16 TiB: below where Linux places mappings,
/// far above the program's heap): a write there can never reach memory of the process.
const NEVER_MAPPED: usize = 0x1000_0000_0000;

impl Pages {
    fn new() -> Pages {
        let map = |prot| {
            // SAFETY: a fresh anonymous private mapping of three pages, owned by the test.
            let p = unsafe {
                libc::mmap(
                    null_mut(),
                    3 * PAGE,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                )
            };
            assert_ne!(p, libc::MAP_FAILED);
            // SAFETY: the mapping just made: two pages of `prot`, then the guard.
            unsafe {
                assert_eq!(libc::mprotect(p, 2 * PAGE, prot), 0);
                assert_eq!(
                    libc::mprotect(p.byte_add(2 * PAGE), PAGE, libc::PROT_NONE),
                    0
                );
            }
            p as usize
        };
        let gone = map(libc::PROT_READ | libc::PROT_WRITE);
        // SAFETY: the mapping just made, used as memory by nothing.
        assert_eq!(unsafe { libc::munmap(gone as *mut c_void, 3 * PAGE) }, 0);
        Pages {
            rw: map(libc::PROT_READ | libc::PROT_WRITE),
            ro: map(libc::PROT_READ),
            none: map(libc::PROT_NONE),
            gone,
        }
    }
}

static RODATA: [u8; 2 * PAGE] = [7; 2 * PAGE];

/// A pointer of one class for a `len`-byte access, and whether the access may read and may
/// write there. A destination (`write`) never runs past a heap block or into memory the
/// process may map again (the program would corrupt itself: no driver can tell): the heap is
/// written from its start, and the unmapped class is an address nothing maps.
fn wild_pointer(
    rig: &Rig,
    pages: &Pages,
    heap: &mut [u8],
    rng: &mut Rng,
    len: usize,
    write: bool,
    to_free: &mut Vec<*mut c_void>,
) -> (*mut c_void, bool, bool) {
    let api = &rig.api;
    let fits = |size: usize, at: usize| at + len <= size;
    let at = [0, 1, 8, 100, PAGE - 8, PAGE][rng.below(6) as usize];
    // The pointers are only handed to the driver, never dereferenced here.
    match rng.below(11) {
        0 => (null_mut(), false, false),
        1 => (0x1000 as *mut c_void, false, false),
        2 => (usize::MAX as *mut c_void, false, false),
        3 | 4 => {
            // SAFETY: the rig's live handles.
            let p = unsafe { host_mem(api, rig.ctx, 2 * PAGE) };
            to_free.push(p);
            let ok = fits(2 * PAGE, at);
            (p.wrapping_byte_add(at), ok, ok)
        }
        5 => {
            // SAFETY: the rig's live handles; the memory is freed at once (a freed pointer).
            let p = unsafe { device_mem(api, rig.ctx, rig.dev, 2 * PAGE) };
            // SAFETY: a live allocation of the rig's context.
            unsafe { mem::free(api, rig.ctx, p).unwrap() };
            (p.wrapping_byte_add(at), false, false)
        }
        6 => {
            let at = if write { 0 } else { at };
            let ok = fits(heap.len(), at);
            (heap.as_mut_ptr().wrapping_add(at).cast(), ok, ok)
        }
        7 => {
            let ok = fits(2 * PAGE, at);
            (RODATA.as_ptr().wrapping_add(at) as *mut c_void, ok, false)
        }
        8 => {
            let ok = fits(2 * PAGE, at);
            ((pages.ro + at) as *mut c_void, ok, false)
        }
        9 => ((pages.none + at) as *mut c_void, false, false),
        _ => {
            // The last bytes of a writable page running on into the guard after it, or a
            // range that was unmapped (read) or never mapped (written).
            if rng.below(2) == 0 {
                let base = if write { NEVER_MAPPED } else { pages.gone };
                ((base + at) as *mut c_void, false, false)
            } else {
                let ok = fits(2 * PAGE, at);
                ((pages.rw + at) as *mut c_void, ok, ok)
            }
        }
    }
}

/// One copy or fill between wild pointers on a list of a random kind.
fn try_wild_copy(rig: &Rig, pages: &Pages, rng: &mut Rng, t: &mut Tally) {
    let api = &rig.api;
    let len = [1, 8, 64, 100, PAGE, 2 * PAGE, 3 * PAGE][rng.below(7) as usize];
    let mut heap = vec![0u8; 3 * PAGE];
    let mut to_free = Vec::new();
    let (dst, _, dst_writable) = wild_pointer(rig, pages, &mut heap, rng, len, true, &mut to_free);
    let (src, src_readable, _) = wild_pointer(rig, pages, &mut heap, rng, len, false, &mut to_free);
    let kind = rng.below(3);
    let fill = rng.below(4) == 0;
    let pattern = [0x5au8; 4];
    // SAFETY: the rig's live handles; the pointers are handed to the driver only, which must
    // refuse those it cannot use; the list is finished before the memory is freed.
    unsafe {
        let list = rig.list(kind);
        t.copies += 1;
        let appended = if fill {
            command_list::append_memory_fill(
                api,
                list,
                dst,
                pattern.as_ptr().cast(),
                4,
                len,
                null_mut(),
                0,
                null_mut(),
            )
        } else {
            command_list::append_memory_copy(api, list, dst, src, len, null_mut(), 0, null_mut())
        };
        // A copy between valid, distinct ranges must be taken and run; any other may be
        // refused, fail when it runs, or (a range running on into other mapped memory) run.
        let valid = dst_writable && (fill || src_readable) && (fill || !overlaps(dst, src, len));
        let ran = appended.and_then(|()| rig.finish(list, kind));
        match &ran {
            Err(_) if valid => panic!("a valid {len}-byte copy {src:p} -> {dst:p} failed: {ran:?}"),
            Err(e) if e.result == ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST => {
                t.copies_failed_later += 1
            }
            Err(_) => t.copies_refused += 1,
            Ok(()) => {}
        }
        command_list::destroy(api, list).unwrap();
        for p in to_free {
            mem::free(api, rig.ctx, p).unwrap();
        }
    }
}

fn overlaps(a: *mut c_void, b: *mut c_void, len: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    a < b.wrapping_add(len) && b < a.wrapping_add(len)
}

/// Where this process records the input it is trying.
fn current_input() -> PathBuf {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"));
    scratch.join(format!("fuzz-driver-current-{}.txt", std::process::id()))
}

#[test]
fn the_driver_survives_mutants_wild_copies_and_call_bombs() {
    let watchdog = env_number("FUZZ_WATCHDOG_MS", 2000).to_string();
    if let Some(stderr) = common::child_stderr(
        "the_driver_survives_mutants_wild_copies_and_call_bombs",
        &[("LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS", &watchdog)],
    ) {
        for line in stderr.lines().filter(|l| l.starts_with("fuzz:")) {
            eprintln!("{line}");
        }
        return;
    }
    let inputs = env_number("FUZZ_INPUTS", 60);
    let seed = env_number("FUZZ_SEED", 1);
    let hang = Duration::from_millis(env_number("FUZZ_HANG_MS", 20_000));
    let classes = std::env::var("FUZZ_CLASSES").unwrap_or_else(|_| "mutants,copies,bombs".into());
    let panics = Arc::new(AtomicU64::new(0));
    let counted = panics.clone();
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        counted.fetch_add(1, Ordering::Relaxed);
        report(info)
    }));

    // An input stuck for `hang` ends the run, naming it.
    let progress = Arc::new(AtomicU64::new(0));
    let seen = progress.clone();
    std::thread::spawn(move || {
        let (mut last, mut since) = (u64::MAX, Instant::now());
        loop {
            std::thread::sleep(Duration::from_millis(200));
            let now = seen.load(Ordering::Relaxed);
            if now != last {
                (last, since) = (now, Instant::now());
            } else if since.elapsed() > hang {
                let name = std::fs::read_to_string(current_input()).unwrap_or_default();
                eprintln!("fuzz: input {name} hung for {hang:?}");
                std::process::abort();
            }
        }
    });

    let rig = Rig::new();
    let pages = Pages::new();
    let corpus = mutate::corpus(&Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/spv"));
    let mut tally = Tally::default();
    let started = Instant::now();
    for i in 0..inputs {
        let mut rng = Rng::new(seed.wrapping_mul(0x1_0000_0000).wrapping_add(i));
        // The first inputs are the bombs of each depth; later ones mostly mutants and copies
        // (a deep bomb runs until the watchdog stops it).
        const DEPTHS: [u32; 6] = [4, 10, 15, 20, 30, 40];
        let class = if (i as usize) < DEPTHS.len() {
            63
        } else {
            rng.below(64)
        };
        let kind = match class {
            0..=39 => "mutants",
            40..=62 => "copies",
            _ => "bombs",
        };
        if !classes.split(',').any(|c| c.trim() == kind) {
            continue;
        }
        let name = format!("seed{seed}-{i} ({kind})");
        std::fs::write(current_input(), &name).unwrap();
        let one = Instant::now();
        match class {
            0..=39 => {
                let mut w = corpus[rng.below(corpus.len() as u64) as usize].clone();
                mutate::mutate(&mut w, &mut rng);
                if i % 64 == 0 {
                    std::fs::write(current_input().with_extension("spv"), words_bytes(&w)).unwrap();
                }
                try_module(&rig, &w, &mut tally);
            }
            40..=62 => try_wild_copy(&rig, &pages, &mut rng, &mut tally),
            _ => {
                let depth = match DEPTHS.get(i as usize) {
                    Some(&d) => d,
                    None => DEPTHS[rng.below(DEPTHS.len() as u64) as usize],
                };
                let mut w = words(&call_bomb(depth));
                if (i as usize) >= DEPTHS.len() {
                    mutate::mutate(&mut w, &mut rng);
                }
                tally.bombs += 1;
                try_module(&rig, &w, &mut tally);
            }
        }
        tally.slowest_ms = tally.slowest_ms.max(one.elapsed().as_millis());
        progress.fetch_add(1, Ordering::Relaxed);
    }
    eprintln!(
        "fuzz: {inputs} inputs of seed {seed} in {:.1} s: {tally:?}",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(panics.load(Ordering::Relaxed), 0, "a panic (see above)");
    // SAFETY: the rig's context, everything in it destroyed.
    unsafe { context::destroy(&rig.api, rig.ctx).unwrap() };
}

fn words_bytes(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|w| w.to_le_bytes()).collect()
}
