//! The core entry points of API 1.5 to 1.14 (the driver reports 1.14) and in-order lists.
//!
//! The suite's `Dispatch` agrees on the newest version its source knows (1.17 in process and as
//! a driver library); through a loader older than an entry (Debian's is 1.4) it is not
//! reached, and a scenario says so and skips what needs it.

use super::{Env, Mode, ASYNC, HOST_VISIBLE, KERNEL_TIMESTAMP, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_queue, context, device, driver, event, event_pool, global, kernel, mem,
    module,
};
use level_zero_sys::*;
use std::ffi::{c_void, CStr};
use std::ptr::null_mut;

/// The suite's `Dispatch` when it agreed on API 1.10 or newer with its source, or `None`
/// (with a note) where the source is older.
fn at_1_10<'a>(env: &'a Env, scenario: &str) -> Option<&'a Dispatch> {
    at_least(env, ze_api_version_t::ZE_API_VERSION_1_10, scenario)
}

/// As [`at_1_10`], for the 1.14 entries.
pub(super) fn at_1_14<'a>(env: &'a Env, scenario: &str) -> Option<&'a Dispatch> {
    at_least(env, ze_api_version_t::ZE_API_VERSION_1_14, scenario)
}

/// The suite's `Dispatch` when it agreed on `version` or newer, or `None` (with a note).
pub(super) fn at_least<'a>(
    env: &'a Env,
    version: ze_api_version_t,
    scenario: &str,
) -> Option<&'a Dispatch> {
    let have = env.api.api_version();
    if have.0 >= version.0 {
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

/// `zeDriverGetDefaultContext` (1.14): the same handle at every call, a context of every device
/// that allocations and lists work in; the program cannot destroy it (refused, and it stays
/// usable), and it is no leak (the suite's leak checks run after this scenario and at exit). A
/// null driver gets a null context, with the error for `zeDriverGetLastErrorDescription`.
pub fn default_context(env: &Env) {
    let Some(api) = at_1_14(env, "zeDriverGetDefaultContext") else {
        return;
    };
    if env.mode == Mode::Intercept {
        // Intel's loader (v1.32.0, `ze_ldrddi.cpp`) forwards zeDriverGetDefaultContext without
        // wrapping the context it returns, then takes that handle for one of its own objects in
        // the next call: a crash inside the loader, whatever the driver does.
        eprintln!(
            "scenario ({:?}): zeDriverGetDefaultContext: skipped, the loader's intercept does \
             not wrap the handle it returns",
            env.mode
        );
        return;
    }
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = driver::get_default_context(api, env.driver).unwrap();
        assert!(!ctx.is_null());
        assert_eq!(driver::get_default_context(api, env.driver).unwrap(), ctx);
        context::get_status(api, ctx).unwrap();

        // Memory of every kind, and a list on the device and on a sub-device.
        let size = 1 << 16;
        let host = host_mem(api, ctx, size);
        let dev_mem = device_mem(api, ctx, env.device, size);
        let mut targets = vec![env.device];
        targets.extend(env.subdevices.iter().copied());
        for (i, &dev) in targets.iter().enumerate() {
            let list = immediate(api, ctx, dev, SYNC);
            let byte = 0x40 + i as u8;
            append_fill(api, list, dev_mem, &[byte], size);
            command_list::append_memory_copy(
                api,
                list,
                host,
                dev_mem,
                size,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            assert!(read(host, size).iter().all(|&b| b == byte));
            command_list::destroy(api, list).unwrap();
        }
        mem::free(api, ctx, host).unwrap();
        mem::free(api, ctx, dev_mem).unwrap();

        if !env.mode.wraps_handles() {
            // The driver's: zeContextDestroy refuses it, and it stays usable.
            expect(context::destroy(api, ctx), INVALID_ARGUMENT);
            context::get_status(api, ctx).unwrap();
            assert_eq!(driver::get_default_context(api, env.driver).unwrap(), ctx);
        }
        if matches!(env.mode, Mode::InProcess | Mode::DriverLibrary) {
            // No driver: no context, and the error is this thread's last.
            assert!(driver::get_default_context(api, null_mut())
                .unwrap()
                .is_null());
            let mut text = std::ptr::null();
            driver::get_last_error_description(api, env.driver, &mut text).unwrap();
            let text = CStr::from_ptr(text).to_string_lossy().into_owned();
            assert!(
                text.contains("zeDriverGetDefaultContext")
                    && text.contains("ZE_RESULT_ERROR_INVALID_NULL_HANDLE"),
                "{text}"
            );
        }
    }
}

/// `zeDeviceSynchronize` (1.14): returns once everything submitted to the device's queues and
/// immediate lists, and its sub-devices', has run, here work held back by an event the host
/// signals later; a null device is refused.
pub fn device_synchronize(env: &Env) {
    let Some(api) = at_1_14(env, "zeDeviceSynchronize") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        // Nothing submitted yet: it returns at once.
        device::synchronize(api, env.device).unwrap();

        let size = 1 << 20;
        let (events, [gate]) = EventPool::<1>::host_visible(api, ctx);
        let mut devices = vec![env.device];
        devices.extend(env.subdevices.iter().copied());
        let mut work = Vec::new();
        for (i, &dev) in devices.iter().enumerate() {
            let seed = 0x10 + i as u8;
            // An asynchronous immediate list: a fill after the gate.
            let list = immediate(api, ctx, dev, ASYNC);
            let a = host_mem(api, ctx, size);
            command_list::append_wait_on_events(api, list, 1, &mut { gate }).unwrap();
            append_fill(api, list, a, &[seed], size);
            // A queue running a regular list: the same.
            let regular = regular_list(api, ctx, dev, 0);
            let b = host_mem(api, ctx, size);
            command_list::append_wait_on_events(api, regular, 1, &mut { gate }).unwrap();
            append_fill(api, regular, b, &[seed], size);
            command_list::close(api, regular).unwrap();
            let queue = async_queue(api, ctx, dev);
            command_queue::execute_command_lists(api, queue, 1, &mut { regular }, null_mut())
                .unwrap();
            work.push((seed, list, regular, queue, a, b));
        }
        let gate_handle = gate as usize;
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                // The event lives until the pool is dropped, after this thread ends.
                event::host_signal(api, gate_handle as _).unwrap();
            });
            // The gate is still closed: the work waits for it, and so does this call.
            device::synchronize(api, env.device).unwrap();
            for &(seed, _, _, _, a, b) in &work {
                assert!(read(a, size).iter().all(|&x| x == seed));
                assert!(read(b, size).iter().all(|&x| x == seed));
            }
        });
        // A sub-device waits for its own queues.
        for &sub in &env.subdevices {
            device::synchronize(api, sub).unwrap();
        }
        if !env.mode.wraps_handles() {
            expect(device::synchronize(api, null_mut()), NULL_HANDLE);
        }
        for (_, list, regular, queue, a, b) in work {
            command_list::destroy(api, list).unwrap();
            command_queue::destroy(api, queue).unwrap();
            command_list::destroy(api, regular).unwrap();
            mem::free(api, ctx, a).unwrap();
            mem::free(api, ctx, b).unwrap();
        }
        drop(events);
        context::destroy(api, ctx).unwrap();
    }
}

/// Reads `n` floats at `ptr`.
///
/// # Safety
/// `ptr` holds `n` floats the host may read.
unsafe fn floats(ptr: *const c_void, n: usize) -> Vec<f32> {
    // SAFETY: the caller's contract.
    unsafe { read(ptr, n * 4) }
        .chunks(4)
        .map(|c| f32::from_ne_bytes(c.try_into().unwrap()))
        .collect()
}

/// `zeCommandListAppendLaunchKernelWithArguments` (1.14): one call sets the group size and
/// every argument (a value, pointers, a `__local` size) and launches; the kernel keeps them as
/// if set one by one (a plain launch after it runs with them). A kernel with arguments and no
/// argument array, a group size of 0 and an unknown structure on `pNext` are refused.
pub fn launch_with_arguments(env: &Env) {
    let Some(api) = at_1_14(env, "zeCommandListAppendLaunchKernelWithArguments") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        let n = 64usize;
        let sizes = ze_group_size_t {
            groupSizeX: 16,
            groupSizeY: 1,
            groupSizeZ: 1,
        };

        // saxpy(float a, global const float* x, global float* y): y = a * x + y.
        let (m, k) = super::saxpy(api, ctx, env.device);
        let x = shared_mem(api, ctx, env.device, n * 4);
        let y = host_mem(api, ctx, n * 4);
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        write(x, bytemuck::cast_slice(&xs));
        write(y, bytemuck::cast_slice(&vec![1.0f32; n]));
        let a = 2.0f32;
        let mut args: [*mut c_void; 3] = [
            (&raw const a).cast_mut().cast(),
            (&raw const x).cast_mut().cast(),
            (&raw const y).cast_mut().cast(),
        ];
        let with_arguments = |k, args: *mut *mut c_void, sizes, next: *const c_void| {
            command_list::append_launch_kernel_with_arguments(
                api,
                list,
                k,
                groups((n / 16) as u32),
                sizes,
                args,
                next,
                null_mut(),
                0,
                null_mut(),
            )
        };
        with_arguments(k, args.as_mut_ptr(), sizes, std::ptr::null()).unwrap();
        let want: Vec<f32> = xs.iter().map(|x| 2.0 * x + 1.0).collect();
        assert_eq!(floats(y, n), want);
        // The arguments and group size stay set: a plain launch adds a * x again.
        command_list::append_launch_kernel(
            api,
            list,
            k,
            &groups((n / 16) as u32),
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        let want: Vec<f32> = xs.iter().map(|x| 4.0 * x + 1.0).collect();
        assert_eq!(floats(y, n), want);

        // Errors; none launches (y is unchanged).
        expect(
            with_arguments(k, null_mut(), sizes, std::ptr::null()),
            NULL_POINTER,
        );
        let empty = ze_group_size_t {
            groupSizeX: 0,
            ..sizes
        };
        expect(
            with_arguments(k, args.as_mut_ptr(), empty, std::ptr::null()),
            ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
        );
        let unknown = ze_base_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
            pNext: std::ptr::null(),
        };
        expect(
            with_arguments(k, args.as_mut_ptr(), sizes, (&raw const unknown).cast()),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        );
        assert_eq!(floats(y, n), want);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();

        // local_param_reverse(global const float* in, global float* out, local float* scratch):
        // each group reversed; the local argument's entry points to its size.
        let (m, k) =
            super::committed_kernel(api, ctx, env.device, "local_mem-O2", c"local_param_reverse");
        let local = 16usize * 4;
        let mut args: [*mut c_void; 3] = [
            (&raw const x).cast_mut().cast(),
            (&raw const y).cast_mut().cast(),
            (&raw const local).cast_mut().cast(),
        ];
        with_arguments(k, args.as_mut_ptr(), sizes, std::ptr::null()).unwrap();
        let want: Vec<f32> = (0..n).map(|i| (i / 16 * 16 + 15 - i % 16) as f32).collect();
        assert_eq!(floats(y, n), want);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();

        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, x).unwrap();
        mem::free(api, ctx, y).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeCommandListAppendLaunchKernelWithParameters` (1.14): a launch as
/// `zeCommandListAppendLaunchKernel` on a regular list; with the cooperative descriptor on
/// `pNext` a cooperative one (so more groups than can be resident are refused). A null group
/// count and an unknown structure on `pNext` are refused.
pub fn launch_with_parameters(env: &Env) {
    let Some(api) = at_1_14(env, "zeCommandListAppendLaunchKernelWithParameters") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let n = 64usize;
        let (m, k) = super::saxpy(api, ctx, env.device);
        let x = shared_mem(api, ctx, env.device, n * 4);
        let y = host_mem(api, ctx, n * 4);
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        write(x, bytemuck::cast_slice(&xs));
        write(y, bytemuck::cast_slice(&vec![0.0f32; n]));
        kernel::set_group_size(api, k, 16, 1, 1).unwrap();
        set_arg(api, k, 0, &3.0f32);
        set_arg(api, k, 1, &x);
        set_arg(api, k, 2, &y);
        let cooperative = ze_command_list_append_launch_kernel_param_cooperative_desc_t {
            stype:
                ze_structure_type_t::ZE_STRUCTURE_TYPE_COMMAND_LIST_APPEND_PARAM_COOPERATIVE_DESC,
            pNext: std::ptr::null(),
            isCooperative: 1,
        };
        let list = regular_list(api, ctx, env.device, 0);
        let launch = |count: *const ze_group_count_t, next: *const c_void| {
            command_list::append_launch_kernel_with_parameters(
                api,
                list,
                k,
                count,
                next,
                null_mut(),
                0,
                null_mut(),
            )
        };
        let all = groups((n / 16) as u32);
        // y = 3x, then cooperatively y = 3x + 3x.
        launch(&all, std::ptr::null()).unwrap();
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        launch(&all, (&raw const cooperative).cast()).unwrap();
        // Errors.
        expect(launch(std::ptr::null(), std::ptr::null()), NULL_POINTER);
        let unknown = ze_base_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
            pNext: std::ptr::null(),
        };
        expect(
            launch(&all, (&raw const unknown).cast()),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        );
        expect(
            launch(&groups(1 << 20), (&raw const cooperative).cast()),
            INVALID_ARGUMENT,
        );
        command_list::close(api, list).unwrap();
        let queue = async_queue(api, ctx, env.device);
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        let want: Vec<f32> = xs.iter().map(|x| 6.0 * x).collect();
        assert_eq!(floats(y, n), want);

        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        mem::free(api, ctx, x).unwrap();
        mem::free(api, ctx, y).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
