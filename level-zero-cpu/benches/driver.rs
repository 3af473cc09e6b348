//! Driver benchmarks (a table, not a timed test): copy and fill bandwidth against `memcpy` and
//! `memset` of the same size in the same process, the latency of a small copy on an
//! immediate command list, and the cost per copy of 10 000 small copies appended back to back
//! (USM to USM, and `malloc` memory to USM, which the driver checks against the process's
//! mappings).
//!
//! ```sh
//! cargo bench -p level-zero-cpu --bench driver            # everything
//! cargo bench -p level-zero-cpu --bench driver -- small   # the small copies only
//! ```

use level_zero_sys::{ze_call, *};
use std::ffi::c_void;
use std::ptr::null_mut;
use std::time::{Duration, Instant};

const BIG: usize = 256 << 20;

fn check(r: ze_result_t) {
    assert_eq!(r, ze_result_t::ZE_RESULT_SUCCESS, "{r}");
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Median of `runs` timings of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    f(); // warm-up
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect(),
    )
}

struct Stack {
    api: Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    list: ze_command_list_handle_t,
    pool: ze_event_pool_handle_t,
    event: ze_event_handle_t,
}

impl Stack {
    fn new() -> Stack {
        let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
        let (mut n, mut driver, mut dev) = (1u32, null_mut(), null_mut());
        // SAFETY: (the whole function) handles and out-pointers are valid; descriptors are
        // default-initialised with their stype set.
        unsafe {
            check(ze_call!(api, Driver.pfnGet(&mut n, &mut driver)));
            check(ze_call!(api, Device.pfnGet(driver, &mut n, &mut dev)));
            let desc = ze_context_desc_t::default();
            let mut ctx = null_mut();
            check(ze_call!(api, Context.pfnCreate(driver, &desc, &mut ctx)));
            let qdesc = ze_command_queue_desc_t {
                mode: ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                ..Default::default()
            };
            let mut list = null_mut();
            check(ze_call!(
                api,
                CommandList.pfnCreateImmediate(ctx, dev, &qdesc, &mut list)
            ));
            let pdesc = ze_event_pool_desc_t {
                flags: ze_event_pool_flags_t(
                    ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE.0,
                ),
                count: 1,
                ..Default::default()
            };
            let mut pool = null_mut();
            check(ze_call!(
                api,
                EventPool.pfnCreate(ctx, &pdesc, 0, null_mut(), &mut pool)
            ));
            let edesc = ze_event_desc_t::default();
            let mut event = null_mut();
            check(ze_call!(api, Event.pfnCreate(pool, &edesc, &mut event)));
            Stack {
                api,
                ctx,
                dev,
                list,
                pool,
                event,
            }
        }
    }

    fn alloc(&self, kind: ze_memory_type_t, size: usize) -> *mut c_void {
        let api = &self.api;
        let mut ptr = null_mut();
        let ddesc = ze_device_mem_alloc_desc_t::default();
        let hdesc = ze_host_mem_alloc_desc_t::default();
        // SAFETY: valid context/device, descriptors and out-pointer.
        unsafe {
            match kind {
                ze_memory_type_t::ZE_MEMORY_TYPE_HOST => check(ze_call!(
                    api,
                    Mem.pfnAllocHost(self.ctx, &hdesc, size, 4096, &mut ptr)
                )),
                _ => check(ze_call!(
                    api,
                    Mem.pfnAllocDevice(self.ctx, &ddesc, size, 4096, self.dev, &mut ptr)
                )),
            }
        }
        ptr
    }

    /// Appends a copy signalling the event, waits for it, resets it.
    fn copy(&self, dst: *mut c_void, src: *const c_void, size: usize) {
        let api = &self.api;
        // SAFETY: valid list/event; both ranges are live allocations of `size` bytes.
        unsafe {
            check(ze_call!(
                api,
                CommandList.pfnAppendMemoryCopy(
                    self.list,
                    dst,
                    src,
                    size,
                    self.event,
                    0,
                    null_mut()
                )
            ));
            check(ze_call!(
                api,
                Event.pfnHostSynchronize(self.event, u64::MAX)
            ));
            check(ze_call!(api, Event.pfnHostReset(self.event)));
        }
    }

    fn fill(&self, dst: *mut c_void, byte: u8, size: usize) {
        let api = &self.api;
        // SAFETY: valid list/event; the range is a live allocation of `size` bytes.
        unsafe {
            check(ze_call!(
                api,
                CommandList.pfnAppendMemoryFill(
                    self.list,
                    dst,
                    (&byte as *const u8).cast(),
                    1,
                    size,
                    self.event,
                    0,
                    null_mut()
                )
            ));
            check(ze_call!(
                api,
                Event.pfnHostSynchronize(self.event, u64::MAX)
            ));
            check(ze_call!(api, Event.pfnHostReset(self.event)));
        }
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        let api = &self.api;
        // SAFETY: the handles are live and destroyed once, children first.
        unsafe {
            check(ze_call!(api, Event.pfnDestroy(self.event)));
            check(ze_call!(api, EventPool.pfnDestroy(self.pool)));
            check(ze_call!(api, CommandList.pfnDestroy(self.list)));
            check(ze_call!(api, Context.pfnDestroy(self.ctx)));
        }
    }
}

fn gib_s(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / t.as_secs_f64() / (1u64 << 30) as f64
}

/// Nanoseconds per copy of `n` 64-byte copies appended back to back on the immediate list,
/// then one host synchronize (the median of 5 rounds).
fn back_to_back(stack: &Stack, dst: *mut c_void, src: *const c_void, n: usize) -> f64 {
    let api = &stack.api;
    let round = time(5, || {
        // SAFETY: a valid list; both ranges are live memory of 64 bytes, untouched by the host
        // until the synchronize.
        unsafe {
            for _ in 0..n {
                check(ze_call!(
                    api,
                    CommandList.pfnAppendMemoryCopy(
                        stack.list,
                        dst,
                        src,
                        64,
                        null_mut(),
                        0,
                        null_mut()
                    )
                ));
            }
            check(ze_call!(
                api,
                CommandList.pfnHostSynchronize(stack.list, u64::MAX)
            ));
        }
    });
    round.as_nanos() as f64 / n as f64
}

/// The small-copy table: USM→USM and `malloc`→USM, 10 000 copies back to back.
fn small_copies(stack: &Stack) {
    let n = 10_000;
    let usm_src = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_HOST, 64);
    let usm_dst = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE, 64);
    // On the heap: `malloc` memory, which the driver checks against the mappings.
    let system: Vec<u8> = (0..64).collect();
    let usm = back_to_back(stack, usm_dst, usm_src, n);
    let malloc = back_to_back(stack, usm_dst, system.as_ptr().cast(), n);
    let to_malloc = {
        let mut out = vec![0u8; 64];
        let ns = back_to_back(stack, out.as_mut_ptr().cast(), usm_src, n);
        std::hint::black_box(&mut out);
        ns
    };
    println!();
    println!(
        "| {n} 64-byte copies back to back, async immediate list, one synchronize | ns per copy |"
    );
    println!("|---|---|");
    println!("| USM → USM | {usm:.0} |");
    println!("| malloc → USM | {malloc:.0} |");
    println!("| USM → malloc | {to_malloc:.0} |");
    for p in [usm_src, usm_dst] {
        // SAFETY: each pointer is a live allocation of this context, freed once.
        unsafe { check(ze_call!(stack.api, Mem.pfnFree(stack.ctx, p))) };
    }
}

fn main() {
    let runs = 9;
    let stack = Stack::new();
    small_copies(&stack);
    if std::env::args().any(|a| a == "small") {
        return;
    }
    let host = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_HOST, BIG);
    let dev_a = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE, BIG);
    let dev_b = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE, BIG);
    for p in [host, dev_a, dev_b] {
        stack.fill(p, 1, BIG); // touch every page
    }
    let src = vec![1u8; BIG];
    let mut dst = vec![0u8; BIG];

    let memcpy = time(runs, || {
        // SAFETY: two distinct Vecs of BIG bytes.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst.as_mut_ptr(), BIG) };
        std::hint::black_box(&mut dst);
    });
    let memset = time(runs, || {
        // SAFETY: a Vec of BIG bytes.
        unsafe { std::ptr::write_bytes(dst.as_mut_ptr(), 7, BIG) };
        std::hint::black_box(&mut dst);
    });
    let h2d = time(runs, || stack.copy(dev_a, host, BIG));
    let d2h = time(runs, || stack.copy(host, dev_a, BIG));
    let d2d = time(runs, || stack.copy(dev_b, dev_a, BIG));
    let fill = time(runs, || stack.fill(dev_a, 7, BIG));

    println!("| operation (256 MiB, median of {runs}) | time | GiB/s | vs baseline |");
    println!("|---|---|---|---|");
    println!(
        "| memcpy (baseline) | {memcpy:.2?} | {:.2} | 1.00 |",
        gib_s(BIG, memcpy)
    );
    for (name, t) in [
        ("copy host→device", h2d),
        ("copy device→host", d2h),
        ("copy device→device", d2d),
    ] {
        println!(
            "| {name} | {t:.2?} | {:.2} | {:.2}× |",
            gib_s(BIG, t),
            memcpy.as_secs_f64() / t.as_secs_f64()
        );
    }
    println!(
        "| memset (baseline) | {memset:.2?} | {:.2} | 1.00 |",
        gib_s(BIG, memset)
    );
    println!(
        "| fill device (1-byte pattern) | {fill:.2?} | {:.2} | {:.2}× |",
        gib_s(BIG, fill),
        memset.as_secs_f64() / fill.as_secs_f64()
    );

    // Small-copy latency: append + host-synchronize (+ reset) of 64 bytes.
    let small_src = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE, 64);
    let small_dst = stack.alloc(ze_memory_type_t::ZE_MEMORY_TYPE_DEVICE, 64);
    let samples: Vec<Duration> = (0..20_000)
        .map(|_| {
            let t = Instant::now();
            stack.copy(small_dst, small_src, 64);
            t.elapsed()
        })
        .collect();
    let mut sorted = samples.clone();
    sorted.sort();
    println!();
    println!("| 64-byte copy + event host-synchronize, async immediate list (20 000 runs) | median | p90 | p99 |");
    println!("|---|---|---|---|");
    println!(
        "| latency | {:.2?} | {:.2?} | {:.2?} |",
        sorted[sorted.len() / 2],
        sorted[sorted.len() * 9 / 10],
        sorted[sorted.len() * 99 / 100]
    );

    for p in [host, dev_a, dev_b, small_src, small_dst] {
        // SAFETY: each pointer is a live allocation of this context, freed once.
        unsafe { check(ze_call!(stack.api, Mem.pfnFree(stack.ctx, p))) };
    }
}
