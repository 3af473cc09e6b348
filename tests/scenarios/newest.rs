//! The entry points of API 1.15 to 1.17 the driver has (it reports 1.14) and its extensions'
//! entry points: copies and fills with parameters, host functions, IPC handles with
//! properties, kernel timestamps per kernel, kernel binaries, vector widths, and closed lists
//! appended to immediate lists.
//!
//! Each scenario skips (saying so) where the suite's `Dispatch` agreed on a version older
//! than its entry.

use super::newer::at_least;
use super::{Env, Mode, ASYNC, HOST_VISIBLE, KERNEL_TIMESTAMP, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_list_exp, command_queue, context, device, event, kernel, kernel_exp, mem,
    module,
};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};

const UNSUPPORTED_FEATURE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
const V1_9: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_9;
const V1_15: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_15;
const V1_16: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_16;
const V1_17: ze_api_version_t = ze_api_version_t::ZE_API_VERSION_1_17;

/// A structure no `pNext` of these entries takes.
const UNKNOWN: ze_base_desc_t = ze_base_desc_t {
    stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES,
    pNext: std::ptr::null(),
};

/// `zeCommandListAppendMemoryCopyWithParameters` and `...FillWithParameters` (1.16): a copy
/// and a fill as the plain appends, with their events; any structure on `pNext` is
/// `UNSUPPORTED_FEATURE` (the spec defines none); the plain appends' errors.
pub fn copy_and_fill_with_parameters(env: &Env) {
    let Some(api) = at_least(env, V1_16, "copy and fill with parameters") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the memory is read once `done` is signalled.
    unsafe {
        let ctx = env.context();
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let size = 64 << 10;
        let (a, b) = (
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
        );
        let list = immediate(api, ctx, env.device, ASYNC);
        let copy = |dst, src, next: *const c_void, signal, n, waits| {
            command_list::append_memory_copy_with_parameters(
                api, list, dst, src, size, next, signal, n, waits,
            )
        };
        let fill = |dst, pattern: &[u8], next: *const c_void| {
            let (from, len) = (pattern.as_ptr().cast(), pattern.len());
            command_list::append_memory_fill_with_parameters(
                api,
                list,
                dst,
                from,
                len,
                size,
                next,
                null_mut(),
                0,
                null_mut(),
            )
        };
        let bytes = pattern(size, 7);
        write(a, &bytes);
        // a → b, b filled over half by half... then b → a: a is the fill's pattern.
        copy(b, a, null(), null_mut(), 0, null_mut()).unwrap();
        let word = [1u8, 2, 3, 4];
        fill(b, &word, null()).unwrap();
        copy(a, b, null(), done, 0, null_mut()).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert!(read(a, size).chunks(4).all(|c| c == word));

        // Errors; none appends (a stays as it is).
        let unknown = std::ptr::from_ref(&UNKNOWN).cast();
        expect(
            copy(b, a, unknown, null_mut(), 0, null_mut()),
            UNSUPPORTED_FEATURE,
        );
        expect(fill(b, &word, unknown), UNSUPPORTED_FEATURE);
        expect(
            copy(null_mut(), a, null(), null_mut(), 0, null_mut()),
            NULL_POINTER,
        );
        expect(
            copy(b, null(), null(), null_mut(), 0, null_mut()),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            // The intercepting loader hands the driver garbage for a missing handle array (see
            // `errors::missing_arrays`).
            expect(copy(b, a, null(), null_mut(), 1, null_mut()), INVALID_SIZE);
        }
        expect(fill(null_mut(), &word, null()), NULL_POINTER);
        expect(fill(b, &[1, 2, 3], null()), INVALID_SIZE);
        expect(
            command_list::append_memory_fill_with_parameters(
                api,
                list,
                b,
                null(),
                4,
                size,
                null(),
                null_mut(),
                0,
                null_mut(),
            ),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            expect(
                command_list::append_memory_copy_with_parameters(
                    api,
                    null_mut(),
                    b,
                    a,
                    size,
                    null(),
                    null_mut(),
                    0,
                    null_mut(),
                ),
                NULL_HANDLE,
            );
        }
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        assert!(read(a, size).chunks(4).all(|c| c == word));

        command_list::destroy(api, list).unwrap();
        drop(events);
        mem::free(api, ctx, a).unwrap();
        mem::free(api, ctx, b).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// What a host function of the scenario sees: the first byte of `buffer` when it is called,
/// and how many times it was.
struct Probe {
    buffer: *const u8,
    seen: AtomicU8,
    calls: AtomicU32,
}

/// The scenario's host function.
///
/// # Safety
/// `data` points to a live [`Probe`] whose buffer no command writes while this runs.
unsafe extern "C" fn record(data: *mut c_void) {
    // SAFETY: the function's contract: the list calls it in order with its other commands.
    let probe = unsafe { &*data.cast::<Probe>() };
    // SAFETY: as above.
    probe
        .seen
        .store(unsafe { probe.buffer.read() }, Ordering::Relaxed);
    probe.calls.fetch_add(1, Ordering::Relaxed);
}

/// `zeCommandListAppendHostFunction` (1.17): the function runs with its data when the list
/// reaches it, after its wait events and the list's earlier commands and before its later
/// ones, then signals its event; in a regular list, once per execution. A null function,
/// a structure on `pNext` and a missing wait list are refused.
pub fn host_function(env: &Env) {
    let Some(api) = at_least(env, V1_17, "zeCommandListAppendHostFunction") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the probe outlives every list that calls `record`, the buffer is read once `done` is
    // signalled.
    unsafe {
        let ctx = env.context();
        let (events, [gate, called, done]) = EventPool::host_visible(api, ctx);
        let size = 4096;
        let buffer = host_mem(api, ctx, size);
        let probe = Probe {
            buffer: buffer.cast(),
            seen: AtomicU8::new(0),
            calls: AtomicU32::new(0),
        };
        let data = (&raw const probe).cast_mut().cast::<c_void>();
        let list = immediate(api, ctx, env.device, ASYNC);
        let host_function = |list, f: ze_host_function_callback_t, next, signal, n, waits| {
            command_list::append_host_function(api, list, f, data, next, signal, n, waits)
        };
        // Filled with 0x5A once `gate` is signalled, then the function, then 0x11.
        let fill = |byte: u8, waits: *mut ze_event_handle_t, signal| {
            command_list::append_memory_fill(
                api,
                list,
                buffer,
                (&raw const byte).cast(),
                1,
                size,
                signal,
                u32::from(!waits.is_null()),
                waits,
            )
        };
        fill(0x5A, &mut { gate }, null_mut()).unwrap();
        host_function(list, Some(record), null(), called, 0, null_mut()).unwrap();
        fill(0x11, null_mut(), done).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(probe.calls.load(Ordering::Relaxed), 0, "waits for the gate");
        expect(event::query_status(api, called), NOT_READY);
        event::host_signal(api, gate).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        event::host_synchronize(api, called, 0).unwrap();
        assert_eq!(probe.calls.load(Ordering::Relaxed), 1);
        assert_eq!(
            probe.seen.load(Ordering::Relaxed),
            0x5A,
            "after the first fill"
        );
        assert!(
            read(buffer, size).iter().all(|&b| b == 0x11),
            "before the second"
        );

        // Its own wait list, on a synchronous list: the event is signalled already.
        let sync = immediate(api, ctx, env.device, SYNC);
        host_function(sync, Some(record), null(), null_mut(), 1, &mut { gate }).unwrap();
        assert_eq!(probe.calls.load(Ordering::Relaxed), 2);

        // A regular list calls it once per execution.
        let regular = regular_list(api, ctx, env.device, 0);
        host_function(regular, Some(record), null(), null_mut(), 0, null_mut()).unwrap();
        command_list::close(api, regular).unwrap();
        let queue = async_queue(api, ctx, env.device);
        for _ in 0..2 {
            command_queue::execute_command_lists(api, queue, 1, &mut { regular }, null_mut())
                .unwrap();
        }
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        assert_eq!(probe.calls.load(Ordering::Relaxed), 4);

        // Errors; none appends.
        expect(
            host_function(list, None, null(), null_mut(), 0, null_mut()),
            NULL_POINTER,
        );
        let unknown = std::ptr::from_ref(&UNKNOWN).cast();
        expect(
            host_function(list, Some(record), unknown, null_mut(), 0, null_mut()),
            UNSUPPORTED_FEATURE,
        );
        if !env.mode.wraps_handles() {
            // A missing handle array: see `errors::missing_arrays`.
            expect(
                host_function(list, Some(record), null(), null_mut(), 1, null_mut()),
                INVALID_SIZE,
            );
            expect(
                host_function(null_mut(), Some(record), null(), null_mut(), 0, null_mut()),
                NULL_HANDLE,
            );
        }
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        assert_eq!(probe.calls.load(Ordering::Relaxed), 4);

        command_queue::destroy(api, queue).unwrap();
        for l in [list, sync, regular] {
            command_list::destroy(api, l).unwrap();
        }
        drop(events);
        mem::free(api, ctx, buffer).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeMemGetIpcHandleWithProperties` (1.15): the handle `zeMemGetIpcHandle` gives, with no
/// properties or a handle type descriptor asking for the default type (or none); a
/// fabric-accessible handle is `UNSUPPORTED_FEATURE`, an unknown type flag
/// `INVALID_ENUMERATION`, another structure `INVALID_ARGUMENT`; null pointers are refused.
pub fn ipc_handle_with_properties(env: &Env) {
    let Some(api) = at_least(env, V1_15, "zeMemGetIpcHandleWithProperties") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let p = device_mem(api, ctx, env.device, 8192);
        let plain = mem::get_ipc_handle(api, ctx, p).unwrap();
        let with =
            |next: *const c_void| mem::get_ipc_handle_with_properties(api, ctx, p, next.cast_mut());
        let typed = |flags: u32| ze_ipc_mem_handle_type_ext_desc_t {
            typeFlags: ze_ipc_mem_handle_type_flags_t(flags),
            ..Default::default()
        };
        let default = ze_ipc_mem_handle_type_flag_t::ZE_IPC_MEM_HANDLE_TYPE_FLAG_DEFAULT.0;
        let fabric = ze_ipc_mem_handle_type_flag_t::ZE_IPC_MEM_HANDLE_TYPE_FLAG_FABRIC_ACCESSIBLE.0;
        assert_eq!(with(null()).unwrap().data, plain.data);
        for flags in [0, default] {
            let desc = typed(flags);
            assert_eq!(with((&raw const desc).cast()).unwrap().data, plain.data);
        }
        let desc = typed(fabric);
        expect(with((&raw const desc).cast()), UNSUPPORTED_FEATURE);
        let desc = typed(1 << 5);
        expect(with((&raw const desc).cast()), INVALID_ENUMERATION);
        expect(with(std::ptr::from_ref(&UNKNOWN).cast()), INVALID_ARGUMENT);
        expect(
            mem::get_ipc_handle_with_properties(api, ctx, null(), null_mut()),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            expect(
                mem::get_ipc_handle_with_properties(api, null_mut(), p, null_mut()),
                NULL_HANDLE,
            );
        }
        mem::put_ipc_handle(api, ctx, plain).unwrap();
        mem::free(api, ctx, p).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeEventQueryKernelTimestampsExt` (`ZE_extension_event_query_kernel_timestamps`): one
/// result per event (its command's window), the count asked for with `*pCount == 0`;
/// `NOT_READY` before the event is signalled; the kernel results those of
/// `zeEventQueryKernelTimestamp`, the synchronized ones the same (one clock); the device says
/// it gives both. An event without timestamps, a null count and null handles are refused.
pub fn kernel_timestamps_ext(env: &Env) {
    let Some(api) = at_least(env, V1_9, "zeEventQueryKernelTimestampsExt") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // each buffer holds the one result asked for.
    unsafe {
        let ctx = env.context();
        let flags = (HOST_VISIBLE | KERNEL_TIMESTAMP).into();
        let (timed_events, [timed]) = EventPool::with_flags(api, ctx, flags);
        let (plain_events, [plain]) = EventPool::host_visible(api, ctx);
        let query = |ev, count: &mut u32, results| {
            event::query_kernel_timestamps_ext(api, ev, env.device, count, results)
        };
        let mut count = 0;
        query(timed, &mut count, null_mut()).unwrap();
        assert_eq!(count, 1, "one kernel per event");
        let mut kernel = [ze_kernel_timestamp_result_t::default(); 2];
        let mut synchronized = [ze_synchronized_timestamp_result_ext_t::default(); 2];
        let mut results = ze_event_query_kernel_timestamps_results_ext_properties_t {
            pKernelTimestampsBuffer: kernel.as_mut_ptr(),
            pSynchronizedTimestampsBuffer: synchronized.as_mut_ptr(),
            ..Default::default()
        };
        count = 1;
        expect(query(timed, &mut count, &mut results), NOT_READY);

        let size = 1 << 20;
        let (a, b) = (
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
        );
        let list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_memory_copy(api, list, b, a, size, timed, 0, null_mut()).unwrap();
        event::host_synchronize(api, timed, u64::MAX).unwrap();
        count = 2;
        query(timed, &mut count, &mut results).unwrap();
        assert_eq!(count, 1);
        let mut direct = ze_kernel_timestamp_result_t::default();
        event::query_kernel_timestamp(api, timed, &mut direct).unwrap();
        let k = kernel[0];
        assert!(k.global.kernelStart <= k.global.kernelEnd, "{k:?}");
        assert_eq!(
            (k.global.kernelStart, k.global.kernelEnd),
            (direct.global.kernelStart, direct.global.kernelEnd)
        );
        assert_eq!(
            (k.context.kernelStart, k.context.kernelEnd),
            (direct.context.kernelStart, direct.context.kernelEnd)
        );
        let s = synchronized[0];
        assert_eq!(
            (s.global.kernelStart, s.global.kernelEnd),
            (k.global.kernelStart, k.global.kernelEnd)
        );
        assert_eq!(kernel[1].global.kernelEnd, 0, "one result written");
        // Either buffer alone.
        results.pSynchronizedTimestampsBuffer = null_mut();
        query(timed, &mut count, &mut results).unwrap();

        let mut ext = ze_event_query_kernel_timestamps_ext_properties_t::default();
        let mut props = ze_device_properties_t {
            pNext: (&raw mut ext).cast(),
            ..Default::default()
        };
        device::get_properties(api, env.device, &mut props).unwrap();
        let both = ze_event_query_kernel_timestamps_ext_flag_t::ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL.0
            | ze_event_query_kernel_timestamps_ext_flag_t::ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED.0;
        assert_eq!(ext.flags.0, both);

        // Errors.
        count = 1;
        expect(query(plain, &mut count, &mut results), INVALID_ARGUMENT);
        expect(
            event::query_kernel_timestamps_ext(api, timed, env.device, null_mut(), null_mut()),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            expect(
                event::query_kernel_timestamps_ext(
                    api,
                    null_mut(),
                    env.device,
                    &mut count,
                    null_mut(),
                ),
                NULL_HANDLE,
            );
            expect(
                event::query_kernel_timestamps_ext(api, timed, null_mut(), &mut count, null_mut()),
                NULL_HANDLE,
            );
        }

        command_list::destroy(api, list).unwrap();
        drop(timed_events);
        drop(plain_events);
        mem::free(api, ctx, a).unwrap();
        mem::free(api, ctx, b).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeKernelGetBinaryExp` (`ZE_extension_kernel_binary_exp`): the kernel's module's SPIR-V,
/// as `zeModuleGetNativeBinary` gives it; with a null buffer its size; a smaller buffer gets
/// its first bytes. A null size and a null kernel are refused.
pub fn kernel_binary(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_11,
        "zeKernelGetBinaryExp",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let (m, k) = super::saxpy(api, ctx, env.device);
        let mut size = 0;
        module::get_native_binary(api, m, &mut size, null_mut()).unwrap();
        let mut spirv = vec![0u8; size];
        module::get_native_binary(api, m, &mut size, spirv.as_mut_ptr()).unwrap();

        let mut room = spirv.len() + 100;
        let mut binary = vec![0u8; room];
        kernel_exp::get_binary_exp(api, k, &mut room, binary.as_mut_ptr()).unwrap();
        assert_eq!(room, spirv.len(), "the bytes copied");
        assert_eq!(&binary[..room], &spirv[..]);
        let mut room = 4;
        let mut head = [0u8; 4];
        kernel_exp::get_binary_exp(api, k, &mut room, head.as_mut_ptr()).unwrap();
        assert_eq!(
            (room, head),
            (4, 0x0723_0203u32.to_le_bytes()),
            "SPIR-V's magic"
        );
        if env.mode != Mode::Validation {
            // The validation layer refuses a null buffer (the spec lists it); the driver, as
            // Intel's, answers the size.
            let mut size = 0;
            kernel_exp::get_binary_exp(api, k, &mut size, null_mut()).unwrap();
            assert_eq!(size, spirv.len());
        }

        expect(
            kernel_exp::get_binary_exp(api, k, null_mut(), binary.as_mut_ptr()),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            let mut room = binary.len();
            expect(
                kernel_exp::get_binary_exp(api, null_mut(), &mut room, binary.as_mut_ptr()),
                NULL_HANDLE,
            );
        }
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeDeviceGetVectorWidthPropertiesExt` (`ZE_extension_device_vector_sizes`): one set of
/// widths, for the device's SIMD width, of 128-bit vectors; the count-and-array protocol. A
/// null count and a null device are refused.
pub fn vector_widths(env: &Env) {
    let Some(api) = at_least(env, ze_api_version_t::ZE_API_VERSION_1_13, "vector widths") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let dev = env.device;
        let widths = array(Default::default(), |n, a| {
            device::get_vector_width_properties_ext(api, dev, n, a)
        });
        assert_eq!(widths.len(), 1);
        let mut props = ze_device_properties_t::default();
        device::get_properties(api, dev, &mut props).unwrap();
        let w: ze_device_vector_width_properties_ext_t = widths[0];
        assert_eq!(w.vector_width_size, props.physicalEUSimdWidth);
        let preferred = [
            w.preferred_vector_width_char,
            w.preferred_vector_width_short,
            w.preferred_vector_width_int,
            w.preferred_vector_width_long,
            w.preferred_vector_width_float,
            w.preferred_vector_width_double,
            w.preferred_vector_width_half,
        ];
        let native = [
            w.native_vector_width_char,
            w.native_vector_width_short,
            w.native_vector_width_int,
            w.native_vector_width_long,
            w.native_vector_width_float,
            w.native_vector_width_double,
            w.native_vector_width_half,
        ];
        // 16 bytes of chars, shorts, ints, longs, floats, doubles, halves.
        assert_eq!(native, [16, 8, 4, 2, 4, 2, 8]);
        assert_eq!(preferred, native);

        // More room than there are sets: the count says how many.
        let mut count = 3;
        let mut room = [ze_device_vector_width_properties_ext_t::default(); 3];
        device::get_vector_width_properties_ext(api, dev, &mut count, room.as_mut_ptr()).unwrap();
        assert_eq!(count, 1);
        assert_eq!(room[1].native_vector_width_char, 0, "one set written");

        expect(
            device::get_vector_width_properties_ext(api, dev, null_mut(), null_mut()),
            NULL_POINTER,
        );
        if !env.mode.wraps_handles() {
            expect(
                device::get_vector_width_properties_ext(api, null_mut(), &mut count, null_mut()),
                NULL_HANDLE,
            );
        }
    }
}

/// `zeCommandListImmediateAppendCommandListsExp` (`ZE_experimental_immediate_command_list_append`)
/// and `zeCommandListImmediateAppendCommandListsWithParameters` (1.16): an immediate list runs
/// closed regular lists in order with its own commands, after its wait events, then signals;
/// the lists can run again. An open list, an immediate list among the lists, a regular list
/// appending, a list of another queue group and a null array are refused.
pub fn immediate_append_command_lists(env: &Env) {
    let Some(api) = at_least(env, V1_9, "zeCommandListImmediateAppendCommandListsExp") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the memory is read once the immediate lists are synchronized.
    unsafe {
        let ctx = env.context();
        let (events, [gate, done]) = EventPool::host_visible(api, ctx);
        let size = 64 << 10;
        let (a, b) = (
            host_mem(api, ctx, size),
            device_mem(api, ctx, env.device, size),
        );
        let c = host_mem(api, ctx, size);
        // `first` fills a with 1s, `second` copies a to b, then b to c.
        let first = regular_list(api, ctx, env.device, 0);
        append_fill(api, first, a, &[1], size);
        command_list::close(api, first).unwrap();
        let second = regular_list(api, ctx, env.device, 0);
        command_list::append_memory_copy(api, second, b, a, size, null_mut(), 0, null_mut())
            .unwrap();
        command_list::append_barrier(api, second, null_mut(), 0, null_mut()).unwrap();
        command_list::append_memory_copy(api, second, c, b, size, null_mut(), 0, null_mut())
            .unwrap();
        command_list::close(api, second).unwrap();

        // The immediate list's own fill before (c = 7s) and after (a = 9s) the lists.
        let list = immediate(api, ctx, env.device, ASYNC);
        append_fill(api, list, c, &[7], size);
        let mut both = [first, second];
        let lists = both.as_mut_ptr();

        command_list_exp::immediate_append_command_lists_exp(api, list, 2, lists, done, 1, &mut {
            gate
        })
        .unwrap();
        append_fill(api, list, a, &[9], size);
        std::thread::sleep(std::time::Duration::from_millis(20));
        expect(event::query_status(api, done), NOT_READY);
        event::host_signal(api, gate).unwrap();
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        event::host_synchronize(api, done, 0).unwrap();
        assert!(
            read(c, size).iter().all(|&x| x == 1),
            "the lists ran after the fill"
        );
        assert!(read(a, size).iter().all(|&x| x == 9), "and before the next");

        // Again, on a synchronous list, through the 1.16 entry where there is one.
        let sync = immediate(api, ctx, env.device, SYNC);
        append_fill(api, sync, c, &[3], size);
        if at_least(
            env,
            V1_16,
            "zeCommandListImmediateAppendCommandListsWithParameters",
        )
        .is_some()
        {
            let append = |next: *const c_void| {
                command_list::immediate_append_command_lists_with_parameters(
                    api,
                    sync,
                    2,
                    lists,
                    next,
                    null_mut(),
                    0,
                    null_mut(),
                )
            };
            expect(
                append(std::ptr::from_ref(&UNKNOWN).cast()),
                UNSUPPORTED_FEATURE,
            );
            append(null()).unwrap();
        } else {
            command_list_exp::immediate_append_command_lists_exp(
                api,
                sync,
                2,
                lists,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
        }
        assert!(read(c, size).iter().all(|&x| x == 1), "ran once more");

        // Errors.
        let append = |to, lists: *mut ze_command_list_handle_t, n| {
            command_list_exp::immediate_append_command_lists_exp(
                api,
                to,
                n,
                lists,
                null_mut(),
                0,
                null_mut(),
            )
        };
        let open = regular_list(api, ctx, env.device, 0);
        expect(append(list, &mut { open }, 1), INVALID_ARGUMENT);
        expect(append(list, &mut { sync }, 1), INVALID_ARGUMENT);
        expect(append(open, lists, 2), INVALID_ARGUMENT);
        let copy_group = regular_list(api, ctx, env.device, 1);
        command_list::close(api, copy_group).unwrap();
        expect(
            append(list, &mut { copy_group }, 1),
            ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
        );
        if !env.mode.wraps_handles() {
            // Missing handle arrays: see `errors::missing_arrays`.
            expect(append(list, null_mut(), 1), NULL_POINTER);
            expect(
                command_list_exp::immediate_append_command_lists_exp(
                    api,
                    list,
                    2,
                    lists,
                    null_mut(),
                    1,
                    null_mut(),
                ),
                INVALID_SIZE,
            );
            expect(append(null_mut(), lists, 2), NULL_HANDLE);
        }

        for l in [list, sync, first, second, open, copy_group] {
            command_list::destroy(api, l).unwrap();
        }
        drop(events);
        for p in [a, b, c] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
