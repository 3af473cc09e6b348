//! Dependent small launches on the CPU driver (a table, not a timed test), through the raw
//! Level Zero calls: 1,000 launches of a tiny kernel (saxpy, one group of 64), each after the
//! one before, on an in-order asynchronous immediate list, then one host wait. Ways to chain
//! them:
//!
//! - regular events: each launch signals an event of a pool and the next waits for it; the
//!   events are reset on the host before the round (the classic pattern before API 1.15);
//! - counter-based events (1.15): each launch signals one counter-based event and the next
//!   waits for it (no reset);
//! - in order, no events: the list's own order (what the safe layer's streams rely on);
//! - one graph (1.17 record and replay): the 1,000 launches captured once, replayed per round.
//!
//! ```sh
//! cargo bench --bench dependent
//! ```

use oneapi::cpu::GETTERS;
use oneapi::sys::calls::{
    command_list, context, device, driver, event, event_pool, executable_graph, global, graph,
    kernel, mem, module,
};
use oneapi::sys::*;
use std::ptr::{null, null_mut};
use std::time::{Duration, Instant};

const LAUNCHES: usize = 1000;
const ROUNDS: usize = 7;
const SIZE: u32 = 64;

/// What the rounds share: the driver, a list, the kernel and its arrays.
struct Setup {
    api: Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
}

fn setup() -> Setup {
    let api = Dispatch::from_getters("level-zero-cpu", &GETTERS).expect("the CPU driver");
    // SAFETY: calls of the in-process driver with local descriptors and the handles they
    // return; the arrays live until the end of `main` (leaked below).
    unsafe {
        global::init(&api, ze_init_flags_t(0)).unwrap();
        let mut n = 1;
        let mut drv = null_mut();
        driver::get(&api, &mut n, &mut drv).unwrap();
        let mut dev = null_mut();
        device::get(&api, drv, &mut n, &mut dev).unwrap();
        let ctx = context::create(&api, drv, &Default::default()).unwrap();
        let desc = ze_command_queue_desc_t {
            flags: ze_command_queue_flags_t(
                ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_IN_ORDER.0,
            ),
            mode: ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
            ..Default::default()
        };
        let list = command_list::create_immediate(&api, ctx, dev, &desc).unwrap();
        let path = format!("{}/kernels/spv/saxpy-O2.spv", env!("CARGO_MANIFEST_DIR"));
        let spirv = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mdesc = ze_module_desc_t {
            format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
            inputSize: spirv.len(),
            pInputModule: spirv.as_ptr(),
            ..Default::default()
        };
        let m = module::create(&api, ctx, dev, &mdesc, null_mut()).unwrap();
        let kdesc = ze_kernel_desc_t {
            pKernelName: c"saxpy".as_ptr(),
            ..Default::default()
        };
        let k = kernel::create(&api, m, &kdesc).unwrap();
        kernel::set_group_size(&api, k, SIZE, 1, 1).unwrap();
        let bytes = SIZE as usize * 4;
        let x = mem::alloc_shared(
            &api,
            ctx,
            &Default::default(),
            &Default::default(),
            bytes,
            64,
            dev,
        )
        .unwrap();
        let y = mem::alloc_shared(
            &api,
            ctx,
            &Default::default(),
            &Default::default(),
            bytes,
            64,
            dev,
        )
        .unwrap();
        let a = 1.0f32;
        kernel::set_argument_value(&api, k, 0, 4, (&a as *const f32).cast()).unwrap();
        kernel::set_argument_value(&api, k, 1, 8, (&x as *const *mut std::ffi::c_void).cast())
            .unwrap();
        kernel::set_argument_value(&api, k, 2, 8, (&y as *const *mut std::ffi::c_void).cast())
            .unwrap();
        Setup {
            api,
            ctx,
            dev,
            list,
            k,
        }
    }
}

impl Setup {
    /// Appends one launch after `wait` (if any), signalling `signal` (or nothing).
    fn launch(&self, signal: ze_event_handle_t, wait: Option<ze_event_handle_t>) {
        let groups = ze_group_count_t {
            groupCountX: 1,
            groupCountY: 1,
            groupCountZ: 1,
        };
        let (n, mut waits) = match wait {
            Some(w) => (1, w),
            None => (0, null_mut()),
        };
        let waits = if n == 0 {
            null_mut()
        } else {
            &mut waits as *mut _
        };
        // SAFETY: live handles of `self.api`; a local group count.
        unsafe {
            command_list::append_launch_kernel(
                &self.api, self.list, self.k, &groups, signal, n, waits,
            )
        }
        .unwrap();
    }

    fn synchronize(&self) {
        // SAFETY: a live list.
        unsafe { command_list::host_synchronize(&self.api, self.list, u64::MAX) }.unwrap();
    }
}

fn main() {
    let s = setup();
    let api = &s.api;
    // SAFETY: calls of the in-process driver with live handles and local descriptors.
    let (pool, regular) = unsafe {
        let desc = ze_event_pool_desc_t {
            flags: ze_event_pool_flags_t(ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE.0),
            count: LAUNCHES as u32,
            ..Default::default()
        };
        let pool = event_pool::create(api, s.ctx, &desc, 0, null_mut()).unwrap();
        let events: Vec<_> = (0..LAUNCHES as u32)
            .map(|index| {
                let d = ze_event_desc_t {
                    index,
                    ..Default::default()
                };
                event::create(api, pool, &d).unwrap()
            })
            .collect();
        (pool, events)
    };
    // SAFETY: as above.
    let counter = unsafe {
        let desc = ze_event_counter_based_desc_t {
            flags: ze_event_counter_based_flags_t(
                ze_event_counter_based_flag_t::ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE.0
                    | ze_event_counter_based_flag_t::ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE.0,
            ),
            ..Default::default()
        };
        event::counter_based_create(api, s.ctx, s.dev, &desc).unwrap()
    };
    // The graph: the same 1,000 launches (in order, no events), captured once.
    // SAFETY: as above; the list records while capturing (nothing runs).
    let exec = unsafe {
        command_list::begin_graph_capture_ext(api, s.list, null()).unwrap();
        for _ in 0..LAUNCHES {
            s.launch(null_mut(), None);
        }
        let g = command_list::end_graph_capture_ext(api, s.list, null()).unwrap();
        (g, graph::instantiate_ext(api, g, null()).unwrap())
    };

    let ways: [(&str, &dyn Fn()); 4] = [
        ("regular events (reset, signal, wait)", &|| {
            for &e in &regular {
                // SAFETY: a live event no pending command uses (the last round was waited for).
                unsafe { event::host_reset(api, e) }.unwrap();
            }
            for i in 0..LAUNCHES {
                s.launch(regular[i], i.checked_sub(1).map(|p| regular[p]));
            }
            s.synchronize();
        }),
        ("counter-based event (signal, wait)", &|| {
            for i in 0..LAUNCHES {
                s.launch(counter, (i > 0).then_some(counter));
            }
            s.synchronize();
        }),
        ("in order, no events", &|| {
            for _ in 0..LAUNCHES {
                s.launch(null_mut(), None);
            }
            s.synchronize();
        }),
        ("one graph replay", &|| {
            // SAFETY: a live list and executable graph.
            unsafe {
                command_list::append_graph_ext(
                    api,
                    s.list,
                    exec.1,
                    null(),
                    null_mut(),
                    0,
                    null_mut(),
                )
            }
            .unwrap();
            s.synchronize();
        }),
    ];
    let mut best = [Duration::MAX; 4];
    for _ in 0..ROUNDS {
        for ((_, run), b) in ways.iter().zip(best.iter_mut()) {
            let t = Instant::now();
            run();
            *b = (*b).min(t.elapsed());
        }
    }
    println!(
        "{LAUNCHES} dependent launches of saxpy (1 group of {SIZE}) on an in-order immediate \
         list, then one host wait; best of {ROUNDS} rounds (interleaved)\n"
    );
    println!("| chained by | total | per launch | vs regular events |");
    println!("|---|---|---|---|");
    for ((what, _), b) in ways.iter().zip(&best) {
        println!(
            "| {what} | {b:.2?} | {:.2?} | {:.2} |",
            *b / LAUNCHES as u32,
            best[0].as_secs_f64() / b.as_secs_f64()
        );
    }
    // SAFETY: nothing pending (every round was waited for); handles live until here.
    unsafe {
        executable_graph::destroy_ext(api, exec.1).unwrap();
        graph::destroy_ext(api, exec.0).unwrap();
        event::destroy(api, counter).unwrap();
        for e in regular {
            event::destroy(api, e).unwrap();
        }
        event_pool::destroy(api, pool).unwrap();
    }
}
