//! The core entry points of API 1.5 to 1.10 (the driver reports 1.10) and in-order lists.
//!
//! The suite's `Dispatch` agrees on the newest version its source knows (1.17 in process and as
//! a driver library); through a loader older than 1.10 (Debian's is 1.4) these entries are not
//! reached, and a scenario says so and skips what needs them.

use super::{Env, Mode, ASYNC, HOST_VISIBLE, KERNEL_TIMESTAMP};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_queue, context, device, driver, event, event_pool, global, mem,
};
use level_zero_sys::*;
use std::ffi::CStr;
use std::ptr::null_mut;

/// The suite's `Dispatch` when it agreed on API 1.10 or newer with its source, or `None`
/// (with a note) where the source is older.
fn at_1_10<'a>(env: &'a Env, scenario: &str) -> Option<&'a Dispatch> {
    let have = env.api.api_version();
    if have.0 >= ze_api_version_t::ZE_API_VERSION_1_10.0 {
        return Some(env.api);
    }
    let (major, minor) = version_parts(have);
    eprintln!(
        "scenario ({:?}): {scenario}: skipped, API {major}.{minor} here",
        env.mode
    );
    None
}

/// The 1.9 getters of queues, lists, event pools and events; `zeDeviceGetRootDevice` (1.7);
/// `zeCommandListHostSynchronize` (1.6); the handles they answer and the errors: a regular list
/// has no queue index and is not host-synchronized, null out-pointers are refused.
pub fn getters(env: &Env) {
    let Some(api) = at_1_10(env, "1.6 to 1.9 getters") else {
        return;
    };

    // The loader's intercept wraps handles: the handles these getters answer are the driver's.
    let same_handles = !env.mode.wraps_handles();
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        // Queues: their group and index.
        let queue = queue_at(api, ctx, env.device, 1, 1, ASYNC);
        assert_eq!(command_queue::get_ordinal(api, queue).unwrap(), 1);
        assert_eq!(command_queue::get_index(api, queue).unwrap(), 1);
        let get_index = api.tables().CommandQueue.pfnGetIndex.unwrap();
        assert_eq!(get_index(queue, null_mut()), NULL_POINTER);
        command_queue::destroy(api, queue).unwrap();

        // A regular list.
        let regular = regular_list(api, ctx, env.device, 1);
        if same_handles {
            assert_eq!(
                command_list::get_device_handle(api, regular).unwrap(),
                env.device
            );
            assert_eq!(command_list::get_context_handle(api, regular).unwrap(), ctx);
        }
        assert_eq!(command_list::get_ordinal(api, regular).unwrap(), 1);
        assert_eq!(command_list::is_immediate(api, regular).unwrap(), 0);
        expect(
            command_list::immediate_get_index(api, regular),
            INVALID_ARGUMENT,
        );
        expect(
            command_list::host_synchronize(api, regular, 0),
            INVALID_ARGUMENT,
        );
        let get_ordinal = api.tables().CommandList.pfnGetOrdinal.unwrap();
        assert_eq!(get_ordinal(regular, null_mut()), NULL_POINTER);
        command_list::destroy(api, regular).unwrap();

        // An immediate list: queue 1 of the compute group.
        let desc = ze_command_queue_desc_t {
            index: 1,
            mode: ASYNC,
            ..Default::default()
        };
        let list = command_list::create_immediate(api, ctx, env.device, &desc).unwrap();
        assert_eq!(command_list::is_immediate(api, list).unwrap(), 1);
        assert_eq!(command_list::immediate_get_index(api, list).unwrap(), 1);
        assert_eq!(command_list::get_ordinal(api, list).unwrap(), 0);
        let buffer = host_mem(api, ctx, 1 << 20);
        let byte = 0x5Au8;
        command_list::append_memory_fill(
            api,
            list,
            buffer,
            (&byte as *const u8).cast(),
            1,
            1 << 20,
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        assert!(read(buffer, 1 << 20).iter().all(|&b| b == byte));
        let is_immediate = api.tables().CommandList.pfnIsImmediate.unwrap();
        assert_eq!(is_immediate(list, null_mut()), NULL_POINTER);
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, buffer).unwrap();

        // Event pools and events.
        let flags = ze_event_pool_flags_t(HOST_VISIBLE.0 | KERNEL_TIMESTAMP.0);
        let pool = create_event_pool(api, ctx, flags, 2);
        assert_eq!(event_pool::get_flags(api, pool).unwrap(), flags);
        if same_handles {
            assert_eq!(event_pool::get_context_handle(api, pool).unwrap(), ctx);
        }
        let get_flags = api.tables().EventPool.pfnGetFlags.unwrap();
        assert_eq!(get_flags(pool, null_mut()), NULL_POINTER);
        let desc = ze_event_desc_t {
            index: 1,
            signal: ze_event_scope_flags_t(ze_event_scope_flag_t::ZE_EVENT_SCOPE_FLAG_HOST.0),
            wait: ze_event_scope_flags_t(ze_event_scope_flag_t::ZE_EVENT_SCOPE_FLAG_DEVICE.0),
            ..Default::default()
        };
        let ev = event::create(api, pool, &desc).unwrap();
        if same_handles {
            assert_eq!(event::get_event_pool(api, ev).unwrap(), pool);
        }
        assert_eq!(event::get_signal_scope(api, ev).unwrap(), desc.signal);
        assert_eq!(event::get_wait_scope(api, ev).unwrap(), desc.wait);
        let get_wait_scope = api.tables().Event.pfnGetWaitScope.unwrap();
        assert_eq!(get_wait_scope(ev, null_mut()), NULL_POINTER);
        if !env.mode.wraps_handles() {
            // A handle of another kind is no event pool.
            expect(event_pool::get_flags(api, ev.cast()), NULL_HANDLE);
        }
        event::destroy(api, ev).unwrap();
        event_pool::destroy(api, pool).unwrap();

        // Devices: a root device has no root; a sub-device's is the device it is part of.
        let mut root = env.device;
        device::get_root_device(api, env.device, &mut root).unwrap();
        assert!(root.is_null());
        if same_handles {
            for &sub in &env.subdevices {
                device::get_root_device(api, sub, &mut root).unwrap();
                assert_eq!(root, env.device);
            }
        }
        expect(
            device::get_root_device(api, env.device, null_mut()),
            NULL_POINTER,
        );
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeDriverGetLastErrorDescription` (1.6): the last error of this thread, named by its entry
/// point and result; another thread's errors are not this thread's.
pub fn last_error_description(env: &Env) {
    let Some(api) = at_1_10(env, "last error description") else {
        return;
    };

    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = regular_list(api, ctx, env.device, 0);
        expect(
            command_list::immediate_get_index(api, list),
            INVALID_ARGUMENT,
        );
        let mut text = std::ptr::null();
        driver::get_last_error_description(api, env.driver, &mut text).unwrap();
        let text = CStr::from_ptr(text).to_string_lossy().into_owned();
        assert!(
            text.contains("zeCommandListImmediateGetIndex")
                && text.contains("ZE_RESULT_ERROR_INVALID_ARGUMENT"),
            "{text}"
        );
        // A success leaves the description as it was.
        command_list::close(api, list).unwrap();
        let mut again = std::ptr::null();
        driver::get_last_error_description(api, env.driver, &mut again).unwrap();
        assert_eq!(CStr::from_ptr(again).to_string_lossy(), text);
        if env.mode != Mode::Intercept {
            // A thread that has had no error yet has an empty description.
            let driver = env.driver as usize;
            let other = std::thread::scope(|s| {
                s.spawn(|| {
                    let mut p = std::ptr::null();
                    driver::get_last_error_description(api, driver as _, &mut p).unwrap();
                    CStr::from_ptr(p).to_string_lossy().into_owned()
                })
                .join()
                .unwrap()
            });
            assert_eq!(other, "");
        }
        expect(
            driver::get_last_error_description(api, env.driver, null_mut()),
            NULL_POINTER,
        );
        command_list::destroy(api, list).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeInitDrivers` (1.10): the driver answers for GPU drivers (and every type), none for NPU
/// alone; no flags is an invalid enumeration, a null count or descriptor a null pointer.
pub fn init_drivers(env: &Env) {
    let Some(api) = at_1_10(env, "zeInitDrivers") else {
        return;
    };

    let desc = |flags: u32| ze_init_driver_type_desc_t {
        flags: ze_init_driver_type_flags_t(flags),
        ..Default::default()
    };
    let gpu = ze_init_driver_type_flag_t::ZE_INIT_DRIVER_TYPE_FLAG_GPU.0;
    let npu = ze_init_driver_type_flag_t::ZE_INIT_DRIVER_TYPE_FLAG_NPU.0;
    // SAFETY: the suite's convention (see `scenarios`): valid pointers.
    unsafe {
        for flags in [gpu, gpu | npu, u32::MAX] {
            let mut d = desc(flags);
            let drivers = array(null_mut(), |n, a| global::init_drivers(api, n, a, &mut d));
            assert_eq!(drivers.len(), 1, "flags {flags:#x}");
            if !env.mode.wraps_handles() {
                assert_eq!(drivers[0], env.driver);
            }
        }
        if matches!(env.mode, Mode::InProcess | Mode::DriverLibrary) {
            // The loader answers these itself; the driver's own answers:
            let mut count = 0;
            global::init_drivers(api, &mut count, null_mut(), &mut desc(npu)).unwrap();
            assert_eq!(count, 0);
            expect(
                global::init_drivers(api, &mut count, null_mut(), &mut desc(0)),
                INVALID_ENUMERATION,
            );
            expect(
                global::init_drivers(api, &mut count, null_mut(), &mut desc(0x4)),
                INVALID_ENUMERATION,
            );
            expect(
                global::init_drivers(api, null_mut(), null_mut(), &mut desc(gpu)),
                NULL_POINTER,
            );
            expect(
                global::init_drivers(api, &mut count, null_mut(), null_mut()),
                NULL_POINTER,
            );
        }
    }
}

/// `zeMemPutIpcHandle` and `zeEventPoolPutIpcHandle` (1.6): a handle this process got goes
/// back, the memory and pool stay usable; bytes that are no handle of this driver are refused.
pub fn put_ipc_handles(env: &Env) {
    let Some(api) = at_1_10(env, "put IPC handles") else {
        return;
    };

    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let buffer = device_mem(api, ctx, env.device, 4096);
        let handle = mem::get_ipc_handle(api, ctx, buffer).unwrap();
        mem::put_ipc_handle(api, ctx, handle).unwrap();
        expect(
            mem::put_ipc_handle(api, ctx, Default::default()),
            INVALID_ARGUMENT,
        );
        mem::free(api, ctx, buffer).unwrap();

        let flags =
            ze_event_pool_flags_t(HOST_VISIBLE.0 | ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC.0);
        let pool = create_event_pool(api, ctx, flags, 1);
        let handle = event_pool::get_ipc_handle(api, pool).unwrap();
        event_pool::put_ipc_handle(api, ctx, handle).unwrap();
        expect(
            event_pool::put_ipc_handle(api, ctx, Default::default()),
            INVALID_ARGUMENT,
        );
        if !env.mode.wraps_handles() {
            expect(
                event_pool::put_ipc_handle(api, null_mut(), handle),
                NULL_HANDLE,
            );
        }
        event_pool::destroy(api, pool).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

const IN_ORDER_SIZE: usize = 4 << 20;

/// In-order lists (1.7 flags, which the driver takes at any version): commands that depend on
/// each other through memory, appended without events, see each other's results: a fill, then
/// a chain of copies, on an in-order immediate list and on an in-order regular list executed
/// by an in-order queue.
pub fn in_order_lists(env: &Env) {
    let api = env.api;
    // A validation layer older than 1.7 refuses the flags before the driver sees them.
    if env.mode == Mode::Validation && at_1_10(env, "in-order lists").is_none() {
        return;
    }
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let bufs: Vec<_> = (0..4).map(|_| host_mem(api, ctx, IN_ORDER_SIZE)).collect();
        let chain = |list, seed: u8| {
            command_list::append_memory_fill(
                api,
                list,
                bufs[0],
                (&seed as *const u8).cast(),
                1,
                IN_ORDER_SIZE,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            for w in bufs.windows(2) {
                command_list::append_memory_copy(
                    api,
                    list,
                    w[1],
                    w[0],
                    IN_ORDER_SIZE,
                    null_mut(),
                    0,
                    null_mut(),
                )
                .unwrap();
            }
        };
        let in_order_queue =
            ze_command_queue_flags_t(ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_IN_ORDER.0);

        // Immediate: the last copy signals the one event the host waits for.
        let (events, [done]) = EventPool::<1>::host_visible(api, ctx);
        let desc = ze_command_queue_desc_t {
            flags: in_order_queue,
            mode: ASYNC,
            ..Default::default()
        };
        let list = command_list::create_immediate(api, ctx, env.device, &desc).unwrap();
        chain(list, 0x3C);
        command_list::append_barrier(api, list, done, 0, null_mut()).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert!(read(bufs[3], IN_ORDER_SIZE).iter().all(|&b| b == 0x3C));
        command_list::destroy(api, list).unwrap();
        drop(events);

        // Regular, executed by an in-order queue.
        let desc = ze_command_list_desc_t {
            flags: ze_command_list_flags_t(ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_IN_ORDER.0),
            ..Default::default()
        };
        let list = command_list::create(api, ctx, env.device, &desc).unwrap();
        chain(list, 0xC3);
        command_list::close(api, list).unwrap();
        let desc = ze_command_queue_desc_t {
            flags: in_order_queue,
            mode: ASYNC,
            ..Default::default()
        };
        let queue = command_queue::create(api, ctx, env.device, &desc).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        assert!(read(bufs[3], IN_ORDER_SIZE).iter().all(|&b| b == 0xC3));
        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();
        for b in bufs {
            mem::free(api, ctx, b).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
