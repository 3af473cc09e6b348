//! Kernel launches at and beyond the device's limits: group sizes, work-group memory.

use super::{committed_kernel, immediate, Env, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, device, kernel, mem, module};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

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
        let input = mem::alloc_shared(
            api,
            ctx,
            &Default::default(),
            &Default::default(),
            size,
            0,
            env.device,
        )
        .unwrap();
        let output = mem::alloc_host(api, ctx, &Default::default(), size, 0).unwrap();
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        write(input, bytemuck::cast_slice(&xs));
        write(output, &vec![0; size]);
        kernel::set_group_size(api, k, 16, 1, 1).unwrap();
        kernel::set_argument_value(api, k, 0, 8, (&input as *const *mut c_void).cast()).unwrap();
        kernel::set_argument_value(api, k, 1, 8, (&output as *const *mut c_void).cast()).unwrap();
        let list = immediate(api, ctx, env.device, SYNC);
        let groups = ze_group_count_t {
            groupCountX: (n / 16) as u32,
            groupCountY: 1,
            groupCountZ: 1,
        };
        let launch =
            || command_list::append_launch_kernel(api, list, k, &groups, null_mut(), 0, null_mut());
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
