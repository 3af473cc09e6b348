//! Shared system allocations and indirect access (issue 11, item 5): the program's own memory
//! in copies, fills and kernel arguments, and kernels reaching USM of every kind, and system
//! memory, through addresses stored in memory.

use super::{committed_kernel, Env, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, device, kernel, mem, module};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

const HOST: u32 = 1;
const DEVICE: u32 = 2;
const SHARED: u32 = 4;

/// `sharedSystemAllocCapabilities` is reported, and `malloc` memory is a source and a
/// destination of copies and fills on an asynchronous list and an argument of a kernel.
pub fn shared_system_memory(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // The vectors are touched by the host only while no command uses them (the list is
    // synchronous).
    unsafe {
        let mut access = ze_device_memory_access_properties_t::default();
        device::get_memory_access_properties(api, env.device, &mut access).unwrap();
        let rw = ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_RW.0;
        assert_ne!(access.sharedSystemAllocCapabilities.0 & rw, 0);

        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        let n = 4096usize;
        let size = n * 4;
        let dev = device_mem(api, ctx, env.device, size);
        let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let mut ys = vec![0f32; n];
        let copy = |dst: *mut c_void, src: *const c_void| {
            command_list::append_memory_copy(api, list, dst, src, size, null_mut(), 0, null_mut())
                .unwrap()
        };
        copy(dev, xs.as_ptr().cast());
        copy(ys.as_mut_ptr().cast(), dev);
        assert_eq!(ys, xs);
        let three = 3f32;
        command_list::append_memory_fill(
            api,
            list,
            ys.as_mut_ptr().cast(),
            (&three as *const f32).cast(),
            4,
            size,
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        assert_eq!(ys, vec![3f32; n]);

        // y = 2 x + y with x and y both in `malloc` memory.
        let (m, k) = super::saxpy(api, ctx, env.device);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &2f32);
        set_arg(api, k, 1, &xs.as_ptr());
        set_arg(api, k, 2, &ys.as_mut_ptr());
        let all = groups((n / 64) as u32);
        command_list::append_launch_kernel(api, list, k, &all, null_mut(), 0, null_mut()).unwrap();
        let want: Vec<f32> = xs.iter().map(|x| 2.0 * x + 3.0).collect();
        assert_eq!(ys, want);
        // An address nothing is mapped at is not system memory.
        let nowhere = 64usize;
        set_arg(api, k, 2, &nowhere);
        expect(
            command_list::append_launch_kernel(api, list, k, &all, null_mut(), 0, null_mut()),
            INVALID_ARGUMENT,
        );

        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, dev).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// A kernel reads and writes through addresses stored in memory: USM of each kind once
/// `zeKernelSetIndirectAccess` allows that kind (and not before: the launch fails), and system
/// memory once any indirect access is allowed.
pub fn indirect_access(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    // USM and the vectors are touched by the host only between synchronous appends.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, env.device, SYNC);
        let (ms, sum) = committed_kernel(api, ctx, env.device, "indirect-O2", c"sum_through");
        let (ma, add) = committed_kernel(api, ctx, env.device, "indirect-O0", c"add_through");
        let len = 256usize;
        let bytes = len * 4;
        let data: Vec<i32> = (0..len as i32).collect();
        let want: i32 = data.iter().sum();
        let host = host_mem(api, ctx, bytes);
        let shared = shared_mem(api, ctx, env.device, bytes);
        let dev = device_mem(api, ctx, env.device, bytes);
        let mut system = data.clone();
        for p in [host, shared] {
            write(p, bytemuck::cast_slice(&data));
        }
        command_list::append_memory_copy(
            api,
            list,
            dev,
            data.as_ptr().cast(),
            bytes,
            null_mut(),
            0,
            null_mut(),
        )
        .unwrap();
        // The tables the kernels read: in shared memory, passed directly.
        let table = |n: usize| shared_mem(api, ctx, env.device, n);
        let (addrs, lens, out) = (table(8), table(4), table(4));
        write(lens, &(len as i32).to_ne_bytes());
        let targets: [(&str, u32, *mut c_void); 4] = [
            ("host", HOST, host),
            ("device", DEVICE, dev),
            ("shared", SHARED, shared),
            ("system", HOST, system.as_mut_ptr().cast()),
        ];
        let one = groups(1);
        for k in [sum, add] {
            kernel::set_group_size(api, k, 1, 1, 1).unwrap();
            set_arg(api, k, 0, &addrs);
        }
        set_arg(api, sum, 1, &lens);
        set_arg(api, sum, 2, &out);
        set_arg(api, add, 1, &10i32);
        let launch =
            |k| command_list::append_launch_kernel(api, list, k, &one, null_mut(), 0, null_mut());
        for (what, flag, target) in targets {
            write(addrs, &(target as u64).to_ne_bytes());
            write(out, &0i32.to_ne_bytes());
            // Not allowed: the kernel faults on the address and the launch fails.
            kernel::set_indirect_access(api, sum, ze_kernel_indirect_access_flags_t(0)).unwrap();
            assert!(
                launch(sum).is_err(),
                "{what}: reached without indirect access"
            );
            for k in [sum, add] {
                kernel::set_indirect_access(api, k, ze_kernel_indirect_access_flags_t(flag))
                    .unwrap();
            }
            launch(sum).unwrap();
            assert_eq!(read(out, 4), want.to_ne_bytes(), "{what}: sum through");
            launch(add).unwrap();
            launch(sum).unwrap();
            assert_eq!(
                read(out, 4),
                (want + 10).to_ne_bytes(),
                "{what}: a write through it"
            );
        }
        assert_eq!(system[0], 10, "the kernel wrote the program's own memory");

        for k in [sum, add] {
            kernel::destroy(api, k).unwrap();
        }
        for m in [ms, ma] {
            module::destroy(api, m).unwrap();
        }
        command_list::destroy(api, list).unwrap();
        for p in [host, shared, dev, addrs, lens, out] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
