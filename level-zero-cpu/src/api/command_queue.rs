//! The `extern "C"` entry points of `command_queue` (see [`crate::command_queue`]).

use crate::abi::*;
use crate::command_list::command_list;
use crate::command_queue::*;
use crate::context::context;
use crate::fence::fence;
use crate::handle::{self};
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::sync::Arc;

pub unsafe extern "C" fn queue_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_command_queue_desc_t,
    out: *mut ze_command_queue_handle_t,
) -> ze_result_t {
    entry(names::zeCommandQueueCreate, || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        let (ordinal, synchronous) = ctx.check_queue_desc(dev, desc)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let name = format!("command queue (ordinal {ordinal}, index {})", desc.index);
        let id = ctx.id();
        let owner = crate::context::Owner {
            context: Arc::downgrade(&ctx),
            device: Arc::downgrade(&crate::device::device(dev)?),
        };
        let settings = crate::context::QueueSettings::of(desc);
        let queue = CommandQueue::new(
            ctx,
            (ordinal, desc.index),
            synchronous,
            settings,
            (name, owner),
        );
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(queue), id)) };
        Ok(())
    })
}

/// `zeFenceCreate`: a fence of the queue (here because a queue owns its fences).
pub unsafe extern "C" fn fence_create(
    q: ze_command_queue_handle_t,
    desc: *const ze_fence_desc_t,
    out: *mut ze_fence_handle_t,
) -> ze_result_t {
    entry(names::zeFenceCreate, || {
        let queue = command_queue(q)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(
            desc.flags.0 & !ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0 == 0,
            INVALID_ENUM,
        )?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let signalled = desc.flags.0 & ze_fence_flag_t::ZE_FENCE_FLAG_SIGNALED.0 != 0;
        let context = queue.context.id();
        let fence = queue.new_fence(signalled);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(fence), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn queue_destroy(q: ze_command_queue_handle_t) -> ze_result_t {
    entry(names::zeCommandQueueDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<CommandQueue, _>(q).map(drop)
    })
}

pub unsafe extern "C" fn queue_execute_command_lists(
    q: ze_command_queue_handle_t,
    count: u32,
    lists: *mut ze_command_list_handle_t,
    f: ze_fence_handle_t,
) -> ze_result_t {
    entry(names::zeCommandQueueExecuteCommandLists, || {
        let queue = command_queue(q)?;
        ensure(count != 0, INVALID_SIZE)?;
        ensure(!lists.is_null(), NULL_POINTER)?;
        let fence = if f.is_null() {
            None
        } else {
            Some(queue.own_fence(fence(f)?)?)
        };
        // SAFETY: the caller passes `count` list handles.
        let handles = unsafe { std::slice::from_raw_parts(lists, count as usize) };
        queue.execute(handles.iter().map(|&h| command_list(h)), fence)
    })
}

pub unsafe extern "C" fn queue_synchronize(
    q: ze_command_queue_handle_t,
    timeout: u64,
) -> ze_result_t {
    entry(names::zeCommandQueueSynchronize, || {
        command_queue(q)?.synchronize(timeout)
    })
}

pub unsafe extern "C" fn queue_get_ordinal(
    q: ze_command_queue_handle_t,
    out: *mut u32,
) -> ze_result_t {
    entry(names::zeCommandQueueGetOrdinal, || {
        let queue = command_queue(q)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, queue.ordinal) }
    })
}

pub unsafe extern "C" fn queue_get_index(
    q: ze_command_queue_handle_t,
    out: *mut u32,
) -> ze_result_t {
    entry(names::zeCommandQueueGetIndex, || {
        let queue = command_queue(q)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, queue.index) }
    })
}

/// `zeCommandQueueGetFlags` (1.17).
pub unsafe extern "C" fn queue_get_flags(
    q: ze_command_queue_handle_t,
    out: *mut ze_command_queue_flags_t,
) -> ze_result_t {
    entry(names::zeCommandQueueGetFlags, || {
        let flags = command_queue(q)?.settings.flags;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, flags) }
    })
}

/// `zeCommandQueueGetMode` (1.17).
pub unsafe extern "C" fn queue_get_mode(
    q: ze_command_queue_handle_t,
    out: *mut ze_command_queue_mode_t,
) -> ze_result_t {
    entry(names::zeCommandQueueGetMode, || {
        let mode = command_queue(q)?.settings.mode;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, mode) }
    })
}

/// `zeCommandQueueGetPriority` (1.17).
pub unsafe extern "C" fn queue_get_priority(
    q: ze_command_queue_handle_t,
    out: *mut ze_command_queue_priority_t,
) -> ze_result_t {
    entry(names::zeCommandQueueGetPriority, || {
        let priority = command_queue(q)?.settings.priority;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, priority) }
    })
}
