//! Mutable command lists (`ZE_experimental_mutable_command_list`): a launch whose id was asked
//! for runs again with other arguments, group count and group size; what a command may change
//! is what its id was asked for with.

use super::newer::at_least;
use super::Env;
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_list_exp, command_queue, context, device, driver, kernel, mem, module,
};
use level_zero_sys::*;
use std::ptr::null_mut;

const N: usize = 256;

fn floats(v: f32) -> Vec<u8> {
    (0..N).flat_map(|_| v.to_le_bytes()).collect()
}

fn value(bytes: &[u8], i: usize) -> f32 {
    f32::from_le_bytes(bytes[i * 4..i * 4 + 4].try_into().unwrap())
}

/// Changes chained on an update's descriptor.
fn update(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    first: *const ze_base_desc_t,
) -> Result<(), ZeError> {
    let desc = ze_mutable_commands_exp_desc_t {
        pNext: first.cast(),
        ..Default::default()
    };
    // SAFETY: a live list of `api`; the chain is the caller's live locals.
    unsafe { command_list_exp::update_mutable_commands_exp(api, list, &desc) }
}

pub fn mutable_lists(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_9,
        "mutable command lists",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        // The device says what may change.
        let mut mutable_props = ze_mutable_command_list_exp_properties_t::default();
        let mut props = ze_device_properties_t {
            pNext: (&mut mutable_props as *mut ze_mutable_command_list_exp_properties_t).cast(),
            ..Default::default()
        };
        device::get_properties(api, env.device, &mut props).unwrap();
        assert_eq!(mutable_props.mutableCommandFlags.0, 0x3f);

        // Intel's Unified Runtime looks the entries up by name, as Intel's driver serves them.
        for name in [
            c"zeCommandListGetNextCommandIdExp",
            c"zeCommandListGetNextCommandIdWithKernelsExp",
            c"zeCommandListUpdateMutableCommandsExp",
            c"zeCommandListUpdateMutableCommandSignalEventExp",
            c"zeCommandListUpdateMutableCommandWaitEventsExp",
            c"zeCommandListAppendHostFunction",
        ] {
            let f = driver::get_extension_function_address(api, env.driver, name.as_ptr());
            assert!(matches!(f, Ok(p) if !p.is_null()), "{name:?}: {f:?}");
        }
        let unknown = c"zeCommandListNoSuchEntryExp";
        assert!(driver::get_extension_function_address(api, env.driver, unknown.as_ptr()).is_err());

        let ctx = env.context();
        let (m, k) = super::saxpy(api, ctx, env.device);
        let xs = shared_mem(api, ctx, env.device, N * 4);
        let ys = shared_mem(api, ctx, env.device, N * 4);
        let zs = shared_mem(api, ctx, env.device, N * 4);
        write(xs, &floats(1.0));
        write(ys, &floats(0.0));
        write(zs, &floats(0.0));
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &2.0f32);
        set_arg(api, k, 1, &xs);
        set_arg(api, k, 2, &ys);

        let mutable = ze_mutable_command_list_exp_desc_t::default();
        let desc = ze_command_list_desc_t {
            pNext: (&mutable as *const ze_mutable_command_list_exp_desc_t).cast(),
            ..Default::default()
        };
        let list = command_list::create(api, ctx, env.device, &desc).unwrap();
        let plain = regular_list(api, ctx, env.device, 0);
        assert_eq!(command_list_exp::is_mutable_exp(api, list).unwrap(), 1);
        assert_eq!(command_list_exp::is_mutable_exp(api, plain).unwrap(), 0);
        let all = ze_mutable_command_id_exp_desc_t::default();
        expect(
            command_list_exp::get_next_command_id_exp(api, plain, &all),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, plain).unwrap();
        let switch = ze_mutable_command_id_exp_desc_t {
            flags: ze_mutable_command_exp_flags_t(
                ze_mutable_command_exp_flag_t::ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION.0,
            ),
            ..Default::default()
        };
        expect(
            command_list_exp::get_next_command_id_exp(api, list, &switch),
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        );

        // Command 0: the launch, fully mutable; command 1: a barrier whose signal event only
        // may change.
        let launch = command_list_exp::get_next_command_id_exp(api, list, &all).unwrap();
        command_list::append_launch_kernel(
            api,
            list,
            k,
            &groups(N as u32 / 64),
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        let signal_only = ze_mutable_command_id_exp_desc_t {
            flags: ze_mutable_command_exp_flags_t(
                ze_mutable_command_exp_flag_t::ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT.0,
            ),
            ..Default::default()
        };
        let barrier = command_list_exp::get_next_command_id_exp(api, list, &signal_only).unwrap();
        assert_ne!(launch, barrier);
        command_list::append_barrier(api, list, null_mut(), 0, null_mut()).unwrap();
        command_list::close(api, list).unwrap();
        expect(
            command_list_exp::get_next_command_id_exp(api, list, &all),
            INVALID_ARGUMENT,
        );

        let queue = async_queue(api, ctx, env.device);
        let run = || {
            command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
            command_queue::synchronize(api, queue, u64::MAX).unwrap();
        };
        run();
        assert!((0..N).all(|i| value(&read(ys, N * 4), i) == 2.0));

        // Another factor and destination, half the groups, groups of 32.
        let a = 10.0f32;
        let factor = ze_mutable_kernel_argument_exp_desc_t {
            commandId: launch,
            argIndex: 0,
            argSize: 4,
            pArgValue: (&a as *const f32).cast(),
            ..Default::default()
        };
        let destination = ze_mutable_kernel_argument_exp_desc_t {
            pNext: (&factor as *const ze_mutable_kernel_argument_exp_desc_t).cast(),
            commandId: launch,
            argIndex: 2,
            argSize: 8,
            pArgValue: (&zs as *const *mut std::ffi::c_void).cast(),
            ..Default::default()
        };
        let half = groups(N as u32 / 64);
        let count = ze_mutable_group_count_exp_desc_t {
            pNext: (&destination as *const ze_mutable_kernel_argument_exp_desc_t).cast(),
            commandId: launch,
            pGroupCount: &half,
            ..Default::default()
        };
        let size = ze_mutable_group_size_exp_desc_t {
            pNext: (&count as *const ze_mutable_group_count_exp_desc_t).cast(),
            commandId: launch,
            groupSizeX: 32,
            groupSizeY: 1,
            groupSizeZ: 1,
            ..Default::default()
        };
        update(
            api,
            list,
            (&size as *const ze_mutable_group_size_exp_desc_t).cast(),
        )
        .unwrap();
        command_list::close(api, list).unwrap();
        run();
        let z = read(zs, N * 4);
        assert!((0..N / 2).all(|i| value(&z, i) == 10.0), "the first half");
        assert!((N / 2..N).all(|i| value(&z, i) == 0.0), "half the groups");
        assert!(
            (0..N).all(|i| value(&read(ys, N * 4), i) == 2.0),
            "the old destination is left alone"
        );
        // The kernel object itself is unchanged: a plain launch still writes `ys`.
        let imm = immediate(api, ctx, env.device, super::SYNC);
        command_list::append_launch_kernel(
            api,
            imm,
            k,
            &groups(N as u32 / 64),
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        assert!((0..N).all(|i| value(&read(ys, N * 4), i) == 4.0));
        command_list::destroy(api, imm).unwrap();

        // What may not change, or cannot: errors.
        let zero = ze_mutable_group_size_exp_desc_t {
            commandId: launch,
            groupSizeX: 0,
            groupSizeY: 1,
            groupSizeZ: 1,
            ..Default::default()
        };
        expect(
            update(
                api,
                list,
                (&zero as *const ze_mutable_group_size_exp_desc_t).cast(),
            ),
            ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
        );
        let on_barrier = ze_mutable_kernel_argument_exp_desc_t {
            commandId: barrier,
            ..factor
        };
        expect(
            update(
                api,
                list,
                (&on_barrier as *const ze_mutable_kernel_argument_exp_desc_t).cast(),
            ),
            INVALID_ARGUMENT,
        );
        let unknown = ze_mutable_kernel_argument_exp_desc_t {
            commandId: 99,
            ..factor
        };
        expect(
            update(
                api,
                list,
                (&unknown as *const ze_mutable_kernel_argument_exp_desc_t).cast(),
            ),
            INVALID_ARGUMENT,
        );
        let (events, [done, gate]) = EventPool::<2>::host_visible(api, ctx);
        command_list_exp::update_mutable_command_signal_event_exp(api, list, barrier, done)
            .unwrap();
        expect(
            command_list_exp::update_mutable_command_signal_event_exp(api, list, launch + 99, done),
            INVALID_ARGUMENT,
        );
        expect(
            command_list_exp::update_mutable_command_wait_events_exp(api, list, launch, 1, &mut {
                gate
            }),
            INVALID_SIZE,
        );
        command_list::close(api, list).unwrap();
        run();
        level_zero_sys::calls::event::host_synchronize(api, done, 0).unwrap();

        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();
        drop(events);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        for p in [xs, ys, zs] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
