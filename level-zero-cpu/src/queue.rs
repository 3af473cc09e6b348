//! Command queues: each executes the command lists submitted to it, in order, on its own
//! worker thread.

use crate::abi::*;
use crate::cmdlist::{command_list, ListKind};
use crate::context::{context, Context};
use crate::device::{device, QUEUE_GROUPS};
use crate::engine::{Engine, Job};
use crate::fence::fence;
use crate::handle::{self, Kind, Object};
use level_zero_sys::*;
use std::sync::Arc;

/// A command queue.
pub struct CommandQueue {
    pub context: Arc<Context>,
    pub ordinal: u32,
    pub synchronous: bool,
    engine: Engine,
}

impl Object for CommandQueue {
    const KIND: Kind = Kind::CommandQueue;
}

/// The queue behind a handle.
pub fn queue(handle: ze_command_queue_handle_t) -> ZeResult<Arc<CommandQueue>> {
    crate::driver::initialised()?;
    handle::get::<CommandQueue, _>(handle)
}

/// Validates a queue descriptor against the device; returns (ordinal, synchronous).
pub fn check_queue_desc(
    ctx: &Context,
    dev: ze_device_handle_t,
    desc: &ze_command_queue_desc_t,
) -> ZeResult<(u32, bool)> {
    device(dev)?;
    ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
    ensure(
        desc.flags.0 & !ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_EXPLICIT_ONLY.0 == 0,
        INVALID_ENUM,
    )?;
    ensure(desc.mode.0 <= 2 && desc.priority.0 <= 2, INVALID_ENUM)?;
    let (_, queues) = *QUEUE_GROUPS
        .get(desc.ordinal as usize)
        .ok_or(INVALID_ARGUMENT)?;
    ensure(desc.index < queues, INVALID_ARGUMENT)?;
    Ok((
        desc.ordinal,
        desc.mode == ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
    ))
}

pub unsafe extern "C" fn queue_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_command_queue_desc_t,
    out: *mut ze_command_queue_handle_t,
) -> ze_result_t {
    entry("zeCommandQueueCreate", || {
        let ctx = context(ctx)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        let (ordinal, synchronous) = check_queue_desc(&ctx, dev, desc)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let name = format!("command queue (ordinal {ordinal}, index {})", desc.index);
        let id = ctx.id();
        let queue = CommandQueue {
            context: ctx,
            ordinal,
            synchronous,
            engine: Engine::new(name),
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(queue), id)) };
        Ok(())
    })
}

pub unsafe extern "C" fn queue_destroy(q: ze_command_queue_handle_t) -> ze_result_t {
    entry("zeCommandQueueDestroy", || {
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
    entry("zeCommandQueueExecuteCommandLists", || {
        let queue = queue(q)?;
        ensure(count != 0, INVALID_SIZE)?;
        ensure(!lists.is_null(), NULL_POINTER)?;
        let fence = if f.is_null() {
            None
        } else {
            let fence = fence(f)?;
            ensure(Arc::ptr_eq(&fence.queue, &queue), INVALID_ARGUMENT)?;
            Some(fence)
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
            fence,
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
    entry("zeCommandQueueSynchronize", || {
        queue(q)?.engine.synchronize(timeout)
    })
}
