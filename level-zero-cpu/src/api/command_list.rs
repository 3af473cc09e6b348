//! The `extern "C"` entry points of `command_list` (see [`crate::command_list`]).

use crate::abi::*;
use crate::command::{Command, Op};
use crate::command_list::*;
use crate::context::context;
use crate::device::{device, MAX_FILL_PATTERN, QUEUE_GROUPS};
use crate::engine::Engine;
use crate::event::{event, wait_list};
use crate::handle::{self};
use crate::memory::Range;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

/// The flags of `ze_command_list_desc_t` this driver accepts (every list runs in order).
const LIST_FLAGS: u32 = ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING.0
    | ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_MAXIMIZE_THROUGHPUT.0
    | ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_EXPLICIT_ONLY.0
    | ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_IN_ORDER.0;

pub unsafe extern "C" fn list_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_command_list_desc_t,
    out: *mut ze_command_list_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListCreate, || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(desc.flags.0 & !LIST_FLAGS == 0, INVALID_ENUM)?;
        ensure(
            (desc.commandQueueGroupOrdinal as usize) < QUEUE_GROUPS.len(),
            INVALID_ARGUMENT,
        )?;
        ensure(!out.is_null(), NULL_POINTER)?;
        // A mutable list (`ze_mutable_command_list_exp_desc_t`); other structures on the chain
        // ask for nothing this driver does differently.
        let mut mutable = false;
        let mut next = desc.pNext.cast::<ze_base_desc_t>();
        // SAFETY: the chain is made of structures that start with stype/pNext (spec).
        while let Some(base) = unsafe { next.as_ref() } {
            mutable |=
                base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC;
            next = base.pNext.cast();
        }
        let id = ctx.id();
        let list = CommandList {
            context: id,
            device: dev as usize,
            ordinal: desc.commandQueueGroupOrdinal,
            index: 0,
            flags: desc.flags,
            queue: None,
            kind: ListKind::Regular(if mutable {
                RegularList::mutable()
            } else {
                RegularList::default()
            }),
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(list), id)) };
        Ok(())
    })
}

pub unsafe extern "C" fn list_create_immediate(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_command_queue_desc_t,
    out: *mut ze_command_list_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListCreateImmediate, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        let (ordinal, synchronous) = ctx.check_queue_desc(dev, desc)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let id = ctx.id();
        let owner = crate::context::Owner {
            context: Arc::downgrade(&ctx),
            device: Arc::downgrade(&device(dev)?),
        };
        let engine = Engine::new(format!("immediate command list (ordinal {ordinal})"), owner);
        let list = CommandList {
            context: id,
            device: dev as usize,
            ordinal,
            index: desc.index,
            flags: ze_command_list_flags_t(0),
            queue: Some(crate::context::QueueSettings::of(desc)),
            kind: ListKind::Immediate {
                engine,
                synchronous,
                capture: Default::default(),
            },
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(list), id)) };
        Ok(())
    })
}

pub unsafe extern "C" fn list_destroy(list: ze_command_list_handle_t) -> ze_result_t {
    entry(names::zeCommandListDestroy, || {
        crate::driver::initialised()?;
        if let Some(list) = handle::destroy::<CommandList, _>(list)? {
            crate::kernel::forget_mutable_launches(&list);
        }
        Ok(())
    })
}

pub unsafe extern "C" fn list_close(list: ze_command_list_handle_t) -> ze_result_t {
    entry(names::zeCommandListClose, || {
        let list = command_list(list)?;
        match &list.kind {
            ListKind::Regular(regular) => regular.close(),
            ListKind::Immediate { .. } => Err(INVALID_ARGUMENT),
        }
    })
}

pub unsafe extern "C" fn list_reset(list: ze_command_list_handle_t) -> ze_result_t {
    entry(names::zeCommandListReset, || {
        let list = command_list(list)?;
        match &list.kind {
            ListKind::Regular(regular) => {
                regular.reset();
                crate::kernel::forget_mutable_launches(&list);
            }
            ListKind::Immediate { engine, .. } => engine.synchronize(u64::MAX)?,
        }
        Ok(())
    })
}

pub unsafe extern "C" fn append_barrier(
    list: ze_command_list_handle_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    // SAFETY: caller contract for the wait list.
    entry(names::zeCommandListAppendBarrier, || unsafe {
        append_with(list, signal, n, waits, || Ok(Command::Nop))
    })
}

pub unsafe extern "C" fn append_memory_ranges_barrier(
    list: ze_command_list_handle_t,
    num_ranges: u32,
    sizes: *const usize,
    ranges: *mut *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryRangesBarrier, || {
        ensure(
            num_ranges == 0 || (!sizes.is_null() && !ranges.is_null()),
            NULL_POINTER,
        )?;
        // SAFETY: caller contract for the wait list.
        unsafe { append_with(list, signal, n, waits, || Ok(Command::Nop)) }
    })
}

pub unsafe extern "C" fn append_memory_copy(
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    // SAFETY: caller contract for the wait list.
    entry(names::zeCommandListAppendMemoryCopy, || unsafe {
        copy(list, dst, src, size, signal, n, waits)
    })
}

/// `zeCommandListAppendMemoryCopyWithParameters` (1.16): `zeCommandListAppendMemoryCopy` with
/// parameters chained on `next`, of which the spec defines none (see [`no_parameters`]).
pub unsafe extern "C" fn append_memory_copy_with_parameters(
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryCopyWithParameters, || {
        no_parameters(next)?;
        // SAFETY: caller contract for the wait list.
        unsafe { copy(list, dst, src, size, signal, n, waits) }
    })
}

/// The copy of `zeCommandListAppendMemoryCopy` and `...WithParameters`.
///
/// # Safety
/// A non-null `waits` must hold `n` handles.
unsafe fn copy(
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ZeResult {
    // SAFETY: caller contract for the wait list.
    unsafe {
        append_with(list, signal, n, waits, || {
            Ok(Command::Copy {
                dst: Range::check_dst(dst, size)?,
                src: Range::check(src, size)?,
            })
        })
    }
}

/// The parameters chained on `pNext` of the copy and fill `...WithParameters` appends and of
/// `zeCommandListAppendHostFunction`: the spec defines none for them, so any structure is
/// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE` ("an extension passed via pNext is not supported"),
/// as in Intel's driver (`obtainMemoryCopyParamsFromExtensions`).
fn no_parameters(next: *const c_void) -> ZeResult {
    ensure(
        next.is_null(),
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
    )
}

pub unsafe extern "C" fn append_memory_copy_from_context(
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    src_ctx: ze_context_handle_t,
    src: *const c_void,
    size: usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryCopyFromContext, || {
        context(src_ctx)?;
        // SAFETY: caller contract for the wait list.
        unsafe { copy(list, dst, src, size, signal, n, waits) }
    })
}

pub unsafe extern "C" fn append_memory_fill(
    list: ze_command_list_handle_t,
    ptr: *mut c_void,
    pattern: *const c_void,
    pattern_size: usize,
    size: usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    // SAFETY: the caller's pattern and wait list.
    entry(names::zeCommandListAppendMemoryFill, || unsafe {
        fill(list, ptr, (pattern, pattern_size), size, signal, n, waits)
    })
}

/// `zeCommandListAppendMemoryFillWithParameters` (1.16): `zeCommandListAppendMemoryFill` with
/// parameters chained on `next`, of which the spec defines none (see [`no_parameters`]).
pub unsafe extern "C" fn append_memory_fill_with_parameters(
    list: ze_command_list_handle_t,
    ptr: *mut c_void,
    pattern: *const c_void,
    pattern_size: usize,
    size: usize,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryFillWithParameters, || {
        no_parameters(next)?;
        // SAFETY: the caller's pattern and wait list.
        unsafe { fill(list, ptr, (pattern, pattern_size), size, signal, n, waits) }
    })
}

/// The fill of `zeCommandListAppendMemoryFill` and `...WithParameters`.
///
/// # Safety
/// A non-null pattern holds its size in bytes; a non-null `waits` holds `n` handles.
unsafe fn fill(
    list: ze_command_list_handle_t,
    ptr: *mut c_void,
    (pattern, pattern_size): (*const c_void, usize),
    size: usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ZeResult {
    ensure(!pattern.is_null(), NULL_POINTER)?;
    ensure(
        pattern_size.is_power_of_two() && pattern_size <= MAX_FILL_PATTERN,
        INVALID_SIZE,
    )?;
    // SAFETY: the caller's pattern holds `pattern_size` bytes.
    let pattern =
        unsafe { std::slice::from_raw_parts(pattern.cast::<u8>(), pattern_size) }.to_vec();
    // SAFETY: caller contract for the wait list.
    unsafe {
        append_with(list, signal, n, waits, || {
            Ok(Command::Fill {
                dst: Range::check_dst(ptr, size)?,
                pattern,
            })
        })
    }
}

pub unsafe extern "C" fn append_memory_copy_region(
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    dst_region: *const ze_copy_region_t,
    dst_pitch: u32,
    dst_slice_pitch: u32,
    src: *const c_void,
    src_region: *const ze_copy_region_t,
    src_pitch: u32,
    src_slice_pitch: u32,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryCopyRegion, || {
        // Null pointers before the overlap check (two nulls would "overlap").
        ensure(!dst.is_null() && !src.is_null(), NULL_POINTER)?;
        // SAFETY: regions from the caller, null rejected.
        let (d, s) = unsafe {
            (
                dst_region.as_ref().ok_or(NULL_POINTER)?,
                src_region.as_ref().ok_or(NULL_POINTER)?,
            )
        };
        // `depth == 0` means one slice (a 2-D copy), as in Intel's driver, which copies in 3-D
        // only when the depth is above 1.
        let slices = |mut r: CopyRegion| {
            r.extent[2] = r.extent[2].max(1);
            r
        };
        let d = slices(CopyRegion::new(d, dst_pitch, dst_slice_pitch));
        let s = slices(CopyRegion::new(s, src_pitch, src_slice_pitch));
        ensure(d.extent == s.extent, INVALID_SIZE)?;
        if d.is_empty() {
            // Nothing to copy (e.g. an all-zero region): ordering and the signal only.
            // SAFETY: caller contract for the wait list.
            return unsafe { append_with(list, signal, n, waits, || Ok(Command::Nop)) };
        }
        let (d_span, s_span) = (d.span().ok_or(INVALID_SIZE)?, s.span().ok_or(INVALID_SIZE)?);
        let (dp, sp) = (dst as usize, src as usize);
        ensure(
            dp.checked_add(d_span).is_some() && sp.checked_add(s_span).is_some(),
            INVALID_SIZE,
        )?;
        ensure(
            dp >= sp + s_span || sp >= dp + d_span,
            ze_result_t::ZE_RESULT_ERROR_OVERLAPPING_REGIONS,
        )?;
        // SAFETY: caller contract for the wait list.
        unsafe {
            append_with(list, signal, n, waits, || {
                Ok(Command::CopyRegion {
                    dst: Range::check_dst(dst, d_span)?,
                    dst_region: d,
                    src: Range::check(src, s_span)?,
                    src_region: s,
                })
            })
        }
    })
}

pub unsafe extern "C" fn append_memory_prefetch(
    list: ze_command_list_handle_t,
    ptr: *const c_void,
    size: usize,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemoryPrefetch, || {
        let list = command_list(list)?;
        // All memory is host memory: nothing moves, but the range must be USM.
        Range::check_usm(ptr, size)?;
        list.append(Op::new(Command::Nop, None, Vec::new()))
    })
}

pub unsafe extern "C" fn append_mem_advise(
    list: ze_command_list_handle_t,
    dev: ze_device_handle_t,
    ptr: *const c_void,
    size: usize,
    advice: ze_memory_advice_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendMemAdvise, || {
        let list = command_list(list)?;
        device(dev)?;
        ensure(
            advice.0
                <= ze_memory_advice_t::ZE_MEMORY_ADVICE_CLEAR_SYSTEM_MEMORY_PREFERRED_LOCATION.0,
            INVALID_ENUM,
        )?;
        Range::check_usm(ptr, size)?;
        list.append(Op::new(Command::Nop, None, Vec::new()))
    })
}

pub unsafe extern "C" fn append_signal_event(
    list: ze_command_list_handle_t,
    ev: ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendSignalEvent, || {
        let list = command_list(list)?;
        let signal = crate::event::signal_event(ev)?
            .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE)?;
        list.append(Op::new(Command::Nop, Some(signal), Vec::new()))
    })
}

pub unsafe extern "C" fn append_wait_on_events(
    list: ze_command_list_handle_t,
    n: u32,
    events: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendWaitOnEvents, || {
        let list = command_list(list)?;
        ensure(n != 0, INVALID_SIZE)?;
        // SAFETY: the caller passes `n` handles.
        let waits = unsafe { wait_list(n, events)? };
        list.append(Op::new(Command::Nop, None, waits))
    })
}

pub unsafe extern "C" fn append_event_reset(
    list: ze_command_list_handle_t,
    ev: ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendEventReset, || {
        let list = command_list(list)?;
        let ev = event(ev)?;
        // A counter-based event is never reset (the spec; Intel's driver refuses it too).
        ensure(!ev.is_counter_based(), INVALID_ARGUMENT)?;
        list.append(Op::new(Command::Reset(ev), None, Vec::new()))
    })
}

pub unsafe extern "C" fn append_write_global_timestamp(
    list: ze_command_list_handle_t,
    dst: *mut u64,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendWriteGlobalTimestamp, || {
        // SAFETY: caller contract for the wait list.
        unsafe {
            append_with(list, signal, n, waits, || {
                Ok(Command::WriteTimestamp {
                    dst: Range::check_dst(dst.cast(), 8)?,
                })
            })
        }
    })
}

pub unsafe extern "C" fn append_query_kernel_timestamps(
    list: ze_command_list_handle_t,
    count: u32,
    events: *mut ze_event_handle_t,
    dst: *mut c_void,
    offsets: *const usize,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendQueryKernelTimestamps, || {
        ensure(count != 0, INVALID_SIZE)?;
        // SAFETY: the caller passes `count` handles.
        let queried: Vec<_> = unsafe { wait_list(count, events)? }
            .iter()
            .map(crate::event::Event::resolve)
            .collect();
        ensure(queried.iter().all(|e| e.pool.timestamps), INVALID_ARGUMENT)?;
        let size = size_of::<ze_kernel_timestamp_result_t>();
        // SAFETY: caller contract for the wait list; `offsets`, if non-null, has `count` entries.
        unsafe {
            append_with(list, signal, n, waits, || {
                let dst = (0..count as usize)
                    .map(|i| {
                        let offset = if offsets.is_null() {
                            i * size
                        } else {
                            *offsets.add(i)
                        };
                        let at = (dst as usize).checked_add(offset).ok_or(INVALID_SIZE)?;
                        Range::check_dst(at as *const c_void, size)
                    })
                    .collect::<ZeResult<Vec<_>>>()?;
                Ok(Command::QueryTimestamps {
                    events: queried,
                    dst,
                })
            })
        }
    })
}

/// `zeCommandListAppendHostFunction` (1.17): calls `function` with `data` on the host when the
/// list reaches it, in order with the list's other commands (on the engine's thread, or the
/// caller's for a synchronous immediate list), after `waits`; `signal` once it has returned.
/// A null function is `INVALID_NULL_POINTER` (there is nothing to call); parameters on `next`
/// are refused as for the copies ([`no_parameters`]).
pub unsafe extern "C" fn append_host_function(
    list: ze_command_list_handle_t,
    function: ze_host_function_callback_t,
    data: *mut c_void,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendHostFunction, || {
        command_list(list)?;
        let function = function.ok_or(NULL_POINTER)?;
        no_parameters(next)?;
        // SAFETY: caller contract for the wait list.
        unsafe {
            append_with(list, signal, n, waits, || {
                Ok(Command::HostFunction {
                    function,
                    data: data as usize,
                })
            })
        }
    })
}

/// `zeCommandListImmediateAppendCommandListsExp`: the immediate list runs the closed regular
/// lists `lists` (of its queue group), in order with its own commands, after `waits`;
/// `signal` once they have all run ([`CommandList::append_lists`]).
pub unsafe extern "C" fn immediate_append_command_lists(
    list: ze_command_list_handle_t,
    count: u32,
    lists: *mut ze_command_list_handle_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListImmediateAppendCommandListsExp, || {
        // SAFETY: the caller's list handles and wait list.
        unsafe { append_lists(list, (count, lists), signal, n, waits) }
    })
}

/// `zeCommandListImmediateAppendCommandListsWithParameters` (1.16): the same with parameters
/// chained on `next`, of which the spec defines none ([`no_parameters`]).
pub unsafe extern "C" fn immediate_append_command_lists_with_parameters(
    list: ze_command_list_handle_t,
    count: u32,
    lists: *mut ze_command_list_handle_t,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(
        names::zeCommandListImmediateAppendCommandListsWithParameters,
        || {
            command_list(list)?;
            no_parameters(next)?;
            // SAFETY: the caller's list handles and wait list.
            unsafe { append_lists(list, (count, lists), signal, n, waits) }
        },
    )
}

/// Checks and runs an immediate append of closed lists: the immediate list, the lists (each as
/// it is looked up, as `zeCommandQueueExecuteCommandLists` does), then the events.
///
/// # Safety
/// A non-null `lists` holds `count` handles; a non-null `waits` holds `n` handles.
unsafe fn append_lists(
    list: ze_command_list_handle_t,
    (count, lists): (u32, *mut ze_command_list_handle_t),
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ZeResult {
    let immediate = command_list(list)?;
    ensure(!lists.is_null(), NULL_POINTER)?;
    // SAFETY: the caller passes `count` list handles.
    let handles = unsafe { std::slice::from_raw_parts(lists, count as usize) };
    let snapshots = handles
        .iter()
        .map(|&h| command_list(h)?.closed_for(immediate.ordinal))
        .collect::<ZeResult<Vec<_>>>()?;
    // SAFETY: the caller passes `n` wait handles.
    let (signal, waits) = unsafe { events(signal, n, waits)? };
    immediate.append_lists(snapshots, signal, waits)
}

/// `zeCommandListHostSynchronize`: waits up to `timeout` ns for everything appended to an
/// immediate list (`NOT_READY` when the time is up); a regular list is no argument for it
/// (`INVALID_ARGUMENT`, as the spec says and Intel's driver answers).
pub unsafe extern "C" fn list_host_synchronize(
    list: ze_command_list_handle_t,
    timeout: u64,
) -> ze_result_t {
    entry(
        names::zeCommandListHostSynchronize,
        || match &command_list(list)?.kind {
            // What a capturing list records never runs until replayed.
            ListKind::Immediate { capture, .. }
                if capture.lock().unwrap_or_else(|e| e.into_inner()).is_some() =>
            {
                Err(ze_result_t::ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED)
            }
            ListKind::Immediate { engine, .. } => engine.synchronize(timeout),
            ListKind::Regular(_) => Err(INVALID_ARGUMENT),
        },
    )
}

pub unsafe extern "C" fn list_get_device_handle(
    list: ze_command_list_handle_t,
    out: *mut ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListGetDeviceHandle, || {
        let list = command_list(list)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, list.device as ze_device_handle_t) }
    })
}

pub unsafe extern "C" fn list_get_context_handle(
    list: ze_command_list_handle_t,
    out: *mut ze_context_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListGetContextHandle, || {
        let list = command_list(list)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, list.context as ze_context_handle_t) }
    })
}

pub unsafe extern "C" fn list_get_ordinal(
    list: ze_command_list_handle_t,
    out: *mut u32,
) -> ze_result_t {
    entry(names::zeCommandListGetOrdinal, || {
        let list = command_list(list)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, list.ordinal) }
    })
}

/// `zeCommandListImmediateGetIndex`: an immediate list's queue index; a regular list has none
/// (`INVALID_ARGUMENT`).
pub unsafe extern "C" fn list_immediate_get_index(
    list: ze_command_list_handle_t,
    out: *mut u32,
) -> ze_result_t {
    entry(names::zeCommandListImmediateGetIndex, || {
        let list = command_list(list)?;
        ensure(
            matches!(list.kind, ListKind::Immediate { .. }),
            INVALID_ARGUMENT,
        )?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, list.index) }
    })
}

pub unsafe extern "C" fn list_is_immediate(
    list: ze_command_list_handle_t,
    out: *mut ze_bool_t,
) -> ze_result_t {
    entry(names::zeCommandListIsImmediate, || {
        let list = command_list(list)?;
        let immediate = matches!(list.kind, ListKind::Immediate { .. });
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ze_bool_t::from(immediate)) }
    })
}

/// `zeCommandListGetFlags` (1.17): the flags the list was created with (none for an immediate
/// list, which is created with a queue's).
pub unsafe extern "C" fn list_get_flags(
    list: ze_command_list_handle_t,
    out: *mut ze_command_list_flags_t,
) -> ze_result_t {
    entry(names::zeCommandListGetFlags, || {
        let flags = command_list(list)?.flags;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, flags) }
    })
}

/// The queue settings of an immediate list (`INVALID_ARGUMENT` for a regular one).
fn immediate_settings(list: ze_command_list_handle_t) -> ZeResult<crate::context::QueueSettings> {
    command_list(list)?.queue.ok_or(INVALID_ARGUMENT)
}

/// `zeCommandListImmediateGetFlags` (1.17).
pub unsafe extern "C" fn list_immediate_get_flags(
    list: ze_command_list_handle_t,
    out: *mut ze_command_queue_flags_t,
) -> ze_result_t {
    entry(names::zeCommandListImmediateGetFlags, || {
        let flags = immediate_settings(list)?.flags;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, flags) }
    })
}

/// `zeCommandListImmediateGetMode` (1.17).
pub unsafe extern "C" fn list_immediate_get_mode(
    list: ze_command_list_handle_t,
    out: *mut ze_command_queue_mode_t,
) -> ze_result_t {
    entry(names::zeCommandListImmediateGetMode, || {
        let mode = immediate_settings(list)?.mode;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, mode) }
    })
}

/// `zeCommandListImmediateGetPriority` (1.17).
pub unsafe extern "C" fn list_immediate_get_priority(
    list: ze_command_list_handle_t,
    out: *mut ze_command_queue_priority_t,
) -> ze_result_t {
    entry(names::zeCommandListImmediateGetPriority, || {
        let priority = immediate_settings(list)?.priority;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, priority) }
    })
}
