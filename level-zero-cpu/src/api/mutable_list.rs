//! The `extern "C"` entry points of mutable command lists (`ZE_experimental_mutable_command_list`,
//! regular lists created with `ze_mutable_command_list_exp_desc_t`; see
//! [`crate::command_list::RegularList`] and [`crate::kernel::update_launch`]): a command whose id
//! was asked for before it was appended may have its kernel arguments, group count, group size,
//! global offset, signal event and wait events changed between executions. Changing the kernel
//! itself (`ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION`) and graph arguments are not
//! supported.

use crate::abi::*;
use crate::command::LaunchGroups;
use crate::command_list::{command_list, CommandList, ListKind, RegularList, MUTABLE_FLAGS};
use crate::event::{event, signal_event, Event};
use crate::kernel::{check_group_size, update_launch};
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::sync::Arc;

use ze_mutable_command_exp_flag_t as F;

/// What a command may change when its id is asked for with no flags: all but the kernel.
const DEFAULT_FLAGS: u32 = 0x3f;

fn regular(list: &CommandList) -> ZeResult<&RegularList> {
    match &list.kind {
        ListKind::Regular(regular) if regular.is_mutable() => Ok(regular),
        _ => Err(INVALID_ARGUMENT),
    }
}

/// # Safety
/// `desc` is null or a readable descriptor; `out` null or writable.
unsafe fn next_id(
    list: ze_command_list_handle_t,
    desc: *const ze_mutable_command_id_exp_desc_t,
    out: *mut u64,
) -> ZeResult {
    let list = command_list(list)?;
    // SAFETY: the caller's descriptor, null rejected.
    let desc = unsafe { input(desc)? };
    ensure(!out.is_null(), NULL_POINTER)?;
    ensure(desc.flags.0 & !0xff == 0, INVALID_ENUM)?;
    let flags = if desc.flags.0 == 0 {
        DEFAULT_FLAGS
    } else {
        desc.flags.0
    };
    ensure(
        flags & !MUTABLE_FLAGS == 0,
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
    )?;
    let id = regular(&list)?.reserve(flags)?;
    // SAFETY: `out` non-null and writable by contract.
    unsafe { out.write(id) };
    Ok(())
}

pub unsafe extern "C" fn get_next_command_id(
    list: ze_command_list_handle_t,
    desc: *const ze_mutable_command_id_exp_desc_t,
    out: *mut u64,
) -> ze_result_t {
    // SAFETY: forwarded caller contract.
    entry(names::zeCommandListGetNextCommandIdExp, || unsafe {
        next_id(list, desc, out)
    })
}

/// As [`get_next_command_id`]; the kernels a command could switch to are not used, since
/// switching kernels is not supported.
pub unsafe extern "C" fn get_next_command_id_with_kernels(
    list: ze_command_list_handle_t,
    desc: *const ze_mutable_command_id_exp_desc_t,
    _count: u32,
    _kernels: *mut ze_kernel_handle_t,
    out: *mut u64,
) -> ze_result_t {
    // SAFETY: forwarded caller contract.
    entry(
        names::zeCommandListGetNextCommandIdWithKernelsExp,
        || unsafe { next_id(list, desc, out) },
    )
}

/// Applies the changes chained on `desc->pNext`, in order (a change that fails leaves the
/// earlier ones made).
pub unsafe extern "C" fn update_mutable_commands(
    list: ze_command_list_handle_t,
    desc: *const ze_mutable_commands_exp_desc_t,
) -> ze_result_t {
    entry(names::zeCommandListUpdateMutableCommandsExp, || {
        let list = command_list(list)?;
        regular(&list)?;
        // SAFETY: the caller's descriptor, null rejected.
        let desc = unsafe { input(desc)? };
        let mut next = desc.pNext.cast::<ze_base_desc_t>();
        // SAFETY: the chain's structures start with stype and pNext (the spec).
        while let Some(base) = unsafe { next.as_ref() } {
            // SAFETY: each structure as its stype says.
            unsafe { apply(&list, next)? };
            next = base.pNext.cast();
        }
        Ok(())
    })
}

/// One change of [`update_mutable_commands`].
///
/// # Safety
/// `change` points to the structure its stype names.
unsafe fn apply(list: &Arc<CommandList>, change: *const ze_base_desc_t) -> ZeResult {
    use ze_structure_type_t as S;
    // SAFETY: the caller's contract.
    match unsafe { (*change).stype } {
        S::ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC => {
            // SAFETY: the stype says what it is.
            let d = unsafe { &*change.cast::<ze_mutable_kernel_argument_exp_desc_t>() };
            update_launch(
                list,
                d.commandId,
                F::ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS,
                |k, _| {
                    // SAFETY: a non-null value holds `argSize` bytes (the extension's contract).
                    unsafe { k.set_argument_value(d.argIndex, d.argSize, d.pArgValue.cast()) }
                },
            )
        }
        S::ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC => {
            // SAFETY: as above.
            let d = unsafe { &*change.cast::<ze_mutable_group_count_exp_desc_t>() };
            // SAFETY: a non-null group count is readable (the extension's contract).
            let g = unsafe { d.pGroupCount.as_ref() }.ok_or(NULL_POINTER)?;
            update_launch(
                list,
                d.commandId,
                F::ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT,
                |_, groups| {
                    ensure(matches!(groups, LaunchGroups::Direct(_)), INVALID_ARGUMENT)?;
                    *groups = LaunchGroups::Direct([g.groupCountX, g.groupCountY, g.groupCountZ]);
                    Ok(())
                },
            )
        }
        S::ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC => {
            // SAFETY: as above.
            let d = unsafe { &*change.cast::<ze_mutable_group_size_exp_desc_t>() };
            let size = [d.groupSizeX, d.groupSizeY, d.groupSizeZ];
            update_launch(
                list,
                d.commandId,
                F::ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE,
                |k, _| {
                    check_group_size(k, size)?;
                    k.state().group_size = size;
                    Ok(())
                },
            )
        }
        S::ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC => {
            // SAFETY: as above.
            let d = unsafe { &*change.cast::<ze_mutable_global_offset_exp_desc_t>() };
            let offset = [d.offsetX, d.offsetY, d.offsetZ];
            update_launch(
                list,
                d.commandId,
                F::ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET,
                |k, _| {
                    k.state().offset = offset;
                    Ok(())
                },
            )
        }
        _ => Err(ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE),
    }
}

pub unsafe extern "C" fn update_signal_event(
    list: ze_command_list_handle_t,
    id: u64,
    signal: ze_event_handle_t,
) -> ze_result_t {
    entry(
        names::zeCommandListUpdateMutableCommandSignalEventExp,
        || {
            let list = command_list(list)?;
            let signal = signal_event(signal)?;
            regular(&list)?.update(id, |what, op| {
                let flag = F::ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT.0;
                ensure(what.flags & flag != 0, INVALID_ARGUMENT)?;
                op.signal = signal;
                Ok(())
            })
        },
    )
}

/// New wait events for a command: as many as it was appended with (`INVALID_SIZE`
/// otherwise), a null one leaving its place empty; null `events`: no waits.
pub unsafe extern "C" fn update_wait_events(
    list: ze_command_list_handle_t,
    id: u64,
    count: u32,
    events: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(
        names::zeCommandListUpdateMutableCommandWaitEventsExp,
        || {
            let list = command_list(list)?;
            let waits: Vec<Arc<Event>> = if events.is_null() {
                Vec::new()
            } else {
                // SAFETY: the caller passes `count` handles.
                let handles = unsafe { std::slice::from_raw_parts(events, count as usize) };
                handles
                    .iter()
                    .filter(|h| !h.is_null())
                    .map(|&h| Ok(event(h)?.resolve()))
                    .collect::<ZeResult<_>>()?
            };
            regular(&list)?.update(id, |what, op| {
                let flag = F::ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS.0;
                ensure(what.flags & flag != 0, INVALID_ARGUMENT)?;
                ensure(
                    events.is_null() || count as usize == what.waits,
                    INVALID_SIZE,
                )?;
                op.waits = waits;
                Ok(())
            })
        },
    )
}

pub unsafe extern "C" fn is_mutable(
    list: ze_command_list_handle_t,
    out: *mut ze_bool_t,
) -> ze_result_t {
    entry(names::zeCommandListIsMutableExp, || {
        let list = command_list(list)?;
        let mutable = matches!(&list.kind, ListKind::Regular(r) if r.is_mutable());
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, ze_bool_t::from(mutable)) }
    })
}
