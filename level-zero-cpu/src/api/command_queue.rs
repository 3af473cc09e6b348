//! The `extern "C"` entry points of `command_queue` (see [`crate::command_queue`]).

use crate::abi::*;
use crate::command_list::{command_list, ListKind};
use crate::command_queue::*;
use crate::context::context;
use crate::engine::{Completion, Engine, Job};
use crate::fence::{fence, Fence};
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
        let queue = CommandQueue {
            context: ctx,
            ordinal,
            synchronous,
            engine: Arc::new(Engine::new(name, owner)),
        };
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
        let fence = Fence::new(queue.engine.clone(), signalled);
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
            let fence = fence(f)?;
            ensure(Arc::ptr_eq(&fence.engine, &queue.engine), INVALID_ARGUMENT)?;
            Some(fence as Arc<dyn Completion>)
        };
        // SAFETY: the caller passes `count` list handles.
        let handles = unsafe { std::slice::from_raw_parts(lists, count as usize) };
        let mut snapshots = Vec::with_capacity(handles.len());
        for &h in handles {
            let list = command_list(h)?;
            ensure(
                list.ordinal == queue.ordinal,
                ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
            )?;
            match &list.kind {
                ListKind::Regular(state) => snapshots.push(state.snapshot()?),
                ListKind::Immediate { .. } => return Err(INVALID_ARGUMENT),
            }
        }
        queue.engine.submit(Job {
            lists: snapshots,
            done: fence,
        });
        if queue.synchronous {
            queue.engine.synchronize(u64::MAX)?;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn queue_synchronize(
    q: ze_command_queue_handle_t,
    timeout: u64,
) -> ze_result_t {
    entry(names::zeCommandQueueSynchronize, || {
        command_queue(q)?.engine.synchronize(timeout)
    })
}
