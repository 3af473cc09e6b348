//! Kernel launches at and beyond the device's limits: group sizes, work-group memory, time.

use super::{committed_kernel, Env, ASYNC, KERNEL_TIMEOUT_MS, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_queue, context, device, event, kernel, mem, module,
};
use level_zero_sys::*;
use std::ptr::null_mut;
use std::time::{Duration, Instant};

/// Group sizes whose product overflows, and work-group memory of 1 TiB or `SIZE_MAX`, are
/// errors at the call that sets or launches them (never a host abort); the same kernel then
/// launches with sane values on the same list.
pub fn launch_limits(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let (m, k) = committed_kernel(api, ctx, env.device, "local_mem-O2", c"local_param_reverse");

        let bad_group = ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
        for size in [
            [1 << 31, 1 << 31, 16],
            [u32::MAX, u32::MAX, u32::MAX],
            [1025, 1, 1],
        ] {
            let got = kernel::set_group_size(api, k, size[0], size[1], size[2]);
            assert_eq!(got.unwrap_err().result, bad_group, "group size {size:?}");
        }

        let n = 64usize;
        let size = n * 4;
        let input = shared_mem(api, ctx, env.device, size);
        let output = host_mem(api, ctx, size);
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        write(input, bytemuck::cast_slice(&xs));
        write(output, &vec![0; size]);
        kernel::set_group_size(api, k, 16, 1, 1).unwrap();
        set_arg(api, k, 0, &input);
        set_arg(api, k, 1, &output);
        let list = immediate(api, ctx, env.device, SYNC);
        let all = groups((n / 16) as u32);
        let launch =
            || command_list::append_launch_kernel(api, list, k, &all, null_mut(), 0, null_mut());
        let mut max_local = ze_device_compute_properties_t::default();
        device::get_compute_properties(api, env.device, &mut max_local).unwrap();
        let max_local = max_local.maxSharedLocalMemory as usize;
        for local in [1usize << 40, usize::MAX, max_local + 1] {
            kernel::set_argument_value(api, k, 2, local, null_mut()).unwrap();
            let got = launch().unwrap_err().result;
            assert_eq!(
                got,
                ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY,
                "{local} bytes of local memory"
            );
        }
        kernel::set_argument_value(api, k, 2, 16 * 4, null_mut()).unwrap();
        launch().unwrap();
        let got: Vec<f32> = read(output, size)
            .chunks(4)
            .map(|c| f32::from_ne_bytes(c.try_into().unwrap()))
            .collect();
        let want: Vec<f32> = (0..n).map(|i| (i / 16 * 16 + 15 - i % 16) as f32).collect();
        assert_eq!(got, want);

        command_list::destroy(api, list).unwrap();
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        mem::free(api, ctx, input).unwrap();
        mem::free(api, ctx, output).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// A kernel that never finishes (it waits for a flag nobody sets) is stopped by the watchdog
/// after `LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS`: the queue's synchronize and the launch's event
/// report `DEVICE_LOST`, the same queue then runs the kernel to completion once the flag is
/// set, and destroying a queue or an immediate list with a hung launch returns.
pub fn hung_kernels(env: &Env) {
    let api = env.api;
    let timeout = Duration::from_millis(KERNEL_TIMEOUT_MS.parse().unwrap());
    let lost = ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the host writes `flag` and `out` only while no launch runs.
    unsafe {
        let ctx = env.context();
        let (m, k) = committed_kernel(api, ctx, env.device, "waits-O2", c"wait_flag");
        let alloc = |size| {
            let p = shared_mem(api, ctx, env.device, size);
            write(p, &vec![0; size]);
            p
        };
        let (n, flag, out) = (64usize, alloc(4), alloc(64 * 4));
        kernel::set_group_size(api, k, 16, 1, 1).unwrap();
        set_arg(api, k, 0, &flag);
        set_arg(api, k, 1, &out);
        let all = groups((n / 16) as u32);
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let queue = async_queue(api, ctx, env.device);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        command_list::append_launch_kernel(api, list, k, &all, done, 0, null_mut()).unwrap();
        command_list::close(api, list).unwrap();

        let start = Instant::now();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        let got = command_queue::synchronize(api, queue, u64::MAX);
        assert_eq!(
            got.unwrap_err().result,
            lost,
            "synchronize on a hung launch"
        );
        assert!(start.elapsed() >= timeout, "stopped before its time");
        let got = event::host_synchronize(api, done, u64::MAX);
        assert_eq!(got.unwrap_err().result, lost, "the hung launch's event");
        assert_eq!(
            read(out, n * 4),
            vec![0; n * 4],
            "no work-item got past its wait"
        );

        // The device keeps working: the same list on the same queue, the flag set this time.
        write(flag, &1u32.to_ne_bytes());
        event::host_reset(api, done).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        let ones: Vec<u8> = (0..n).flat_map(|_| 1u32.to_ne_bytes()).collect();
        assert_eq!(read(out, n * 4), ones);

        // Destroying a queue, or an immediate list, with a hung launch returns.
        write(flag, &0u32.to_ne_bytes());
        event::host_reset(api, done).unwrap();
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::destroy(api, queue).unwrap();
        let got = event::host_synchronize(api, done, 0);
        assert_eq!(
            got.unwrap_err().result,
            lost,
            "a destroyed queue's hung launch"
        );
        event::host_reset(api, done).unwrap();
        let immediate_list = immediate(api, ctx, env.device, ASYNC);
        command_list::append_launch_kernel(api, immediate_list, k, &all, done, 0, null_mut())
            .unwrap();
        command_list::destroy(api, immediate_list).unwrap();
        let got = event::host_synchronize(api, done, 0);
        assert_eq!(
            got.unwrap_err().result,
            lost,
            "a destroyed list's hung launch"
        );

        command_list::destroy(api, list).unwrap();
        drop(events);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        mem::free(api, ctx, flag).unwrap();
        mem::free(api, ctx, out).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zexCpuDriverGetLastFault`, read right after an event wait returned `DEVICE_LOST`, names the
/// fault of the command that signalled that event (issue 28): 20 faulting launches in a row,
/// each on buffers of its own, on an asynchronous immediate list.
pub fn last_fault_after_a_wait(env: &Env) {
    let api = env.api;
    if env.mode.wraps_handles() {
        // The loader hands out the extension itself, which is then given its wrapper of the
        // driver handle: the driver cannot know it.
        eprintln!("last fault after a wait: skipped (the loader wraps the driver handle)");
        return;
    }
    type GetLastFault =
        unsafe extern "C" fn(ze_driver_handle_t, *mut usize, *mut std::ffi::c_char) -> ze_result_t;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the extension has the signature the driver's README documents.
    unsafe {
        let name = c"zexCpuDriverGetLastFault";
        let get: GetLastFault = std::mem::transmute(
            level_zero_sys::calls::driver::get_extension_function_address(
                api,
                env.driver,
                name.as_ptr(),
            )
            .unwrap(),
        );
        let last_fault = || {
            let mut size = 0usize;
            assert_eq!(get(env.driver, &mut size, null_mut()), SUCCESS);
            let mut text = vec![0u8; size];
            assert_eq!(
                get(env.driver, &mut size, text.as_mut_ptr().cast()),
                SUCCESS
            );
            String::from_utf8_lossy(&text[..size.saturating_sub(1)]).into_owned()
        };
        let ctx = env.context();
        let (m, k) = super::saxpy(api, ctx, env.device);
        let list = immediate(api, ctx, env.device, ASYNC);
        let (events, [done]) = EventPool::host_visible(api, ctx);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &2.0f32);
        for launch in 0..20 {
            event::host_reset(api, done).unwrap();
            // 64 floats each; the launch covers 128 work-items.
            let (x, y) = (
                device_mem(api, ctx, env.device, 256),
                device_mem(api, ctx, env.device, 256),
            );
            set_arg(api, k, 1, &x);
            set_arg(api, k, 2, &y);
            command_list::append_launch_kernel(api, list, k, &groups(2), done, 0, null_mut())
                .unwrap();
            let got = event::host_synchronize(api, done, u64::MAX);
            assert_eq!(code(got), ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST);
            let fault = last_fault();
            let names = |p: *mut std::ffi::c_void| fault.contains(&format!("{:#x}", p as usize));
            assert!(
                fault.contains("out-of-bounds") && (names(x) || names(y)),
                "launch {launch}: {fault:?} names neither {x:p} nor {y:p}"
            );
            mem::free(api, ctx, x).unwrap();
            mem::free(api, ctx, y).unwrap();
        }
        drop(events);
        command_list::destroy(api, list).unwrap();
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
