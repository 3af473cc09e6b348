//! Memory and event pools shared through IPC handles (issue 11, item 6), within one process:
//! the other process's side is `ipc_across_processes` in `driver_scenarios.rs`.

use super::{Env, Mode, ASYNC, HOST_VISIBLE, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, context, event, event_pool, kernel, mem, module, physical_mem, virtual_mem,
};
use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

/// A handle of a host, device and shared allocation, opened in another context, is the same
/// memory at another address: writes through either are seen through the other; closing it
/// leaves the allocation alone; a handle is closed, not freed, and an allocation freed, not
/// closed; bytes that are no handle are refused.
pub fn ipc_memory(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // the memory is read and written through synchronous lists only.
    unsafe {
        let (a, b) = (env.context(), env.context());
        let list = immediate(api, b, env.device, SYNC);
        let size = 3 * 4096 + 100;
        let copy = |dst: *mut c_void, src: *const c_void, n: usize| {
            command_list::append_memory_copy(api, list, dst, src, n, null_mut(), 0, null_mut())
        };
        let allocations = [
            host_mem(api, a, size),
            device_mem(api, a, env.device, size),
            shared_mem(api, a, env.device, size),
        ];
        for (i, &p) in allocations.iter().enumerate() {
            let before = pattern(size, i as u8 + 1);
            copy(p, before.as_ptr().cast(), size).unwrap();
            let handle = mem::get_ipc_handle(api, a, p).unwrap();
            assert_eq!(mem::get_ipc_handle(api, a, p).unwrap().data, handle.data);
            let q = mem::open_ipc_handle(api, b, env.device, handle, Default::default()).unwrap();
            assert_ne!(q, p, "another mapping of the same memory");
            let mut seen = vec![0u8; size];
            copy(seen.as_mut_ptr().cast(), q, size).unwrap();
            assert_eq!(seen, before, "allocation {i}: the bytes through the handle");
            let after = pattern(size, i as u8 + 100);
            copy(q, after.as_ptr().cast(), size).unwrap();
            copy(seen.as_mut_ptr().cast(), p, size).unwrap();
            assert_eq!(seen, after, "allocation {i}: a write through the handle");
            expect(mem::free(api, b, q), INVALID_ARGUMENT);
            expect(mem::close_ipc_handle(api, a, p), INVALID_ARGUMENT);
            mem::close_ipc_handle(api, b, q).unwrap();
            expect(copy(seen.as_mut_ptr().cast(), q, 64), INVALID_ARGUMENT);
            copy(seen.as_mut_ptr().cast(), p, size).unwrap();
            assert_eq!(seen, after, "allocation {i}: intact after the close");
        }
        let mut garbage = ze_ipc_mem_handle_t::default();
        garbage.data[..4].copy_from_slice(&[1, 2, 3, 4]);
        expect(
            mem::open_ipc_handle(api, b, env.device, garbage, Default::default()),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, list).unwrap();
        for p in allocations {
            mem::free(api, a, p).unwrap();
        }
        context::destroy(api, b).unwrap();
        context::destroy(api, a).unwrap();
    }
}

/// A handle of virtual memory opens as a range of the reservation's size with only the run
/// of pages mapped around the exported address accessible: copies from or into the rest are
/// refused (`INVALID_ARGUMENT`), a kernel reading it faults (`DEVICE_LOST`), the process lives
/// on; copies and kernels inside the run work; the range answers `zeMemGetAddressRange` and
/// closes.
pub fn ipc_virtual_memory_holes(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // mapped pages are touched only by commands on a synchronous list.
    unsafe {
        let (a, b) = (env.context(), env.context());
        let list = immediate(api, b, env.device, SYNC);
        let page = virtual_mem::query_page_size(api, a, env.device, 1).unwrap();
        // As in `virtual_memory`: the validation layer refuses a null start.
        let start = if env.mode == Mode::Validation {
            (1usize << 44) as *const c_void
        } else {
            std::ptr::null()
        };
        let base = virtual_mem::reserve(api, a, start, 4 * page).unwrap();
        let desc = &mut ze_physical_mem_desc_t {
            size: page,
            ..Default::default()
        };
        let phys = physical_mem::create(api, a, env.device, desc).unwrap();
        let rw = ze_memory_access_attribute_t::ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE;
        let run = base.byte_add(page);
        virtual_mem::map(api, a, run, page, phys, 0, rw).unwrap();
        let copy = |dst: *mut c_void, src: *const c_void, n: usize| {
            command_list::append_memory_copy(api, list, dst, src, n, null_mut(), 0, null_mut())
        };
        let xs: Vec<f32> = (0..page / 4).map(|i| i as f32).collect();
        copy(run, xs.as_ptr().cast(), page).unwrap();

        let handle = mem::get_ipc_handle(api, a, run).unwrap();
        let q = mem::open_ipc_handle(api, b, env.device, handle, Default::default()).unwrap();
        let (mut range_base, mut range_len) = (null_mut(), 0);
        mem::get_address_range(
            api,
            b,
            q.byte_add(3 * page),
            &mut range_base,
            &mut range_len,
        )
        .unwrap();
        assert_eq!((range_base, range_len), (q, 4 * page));
        // The holes before and after the run, and copies leaving the run.
        let mut host = vec![0u8; 2 * page];
        let h = host.as_mut_ptr().cast::<c_void>();
        for (offset, len) in [
            (0, 64),
            (3 * page, 64),
            (page - 32, 64),
            (2 * page - 32, 64),
        ] {
            let at = q.byte_add(offset);
            expect(copy(h, at, len), INVALID_ARGUMENT);
            expect(copy(at, h, len), INVALID_ARGUMENT);
        }
        // Inside the run: the exported bytes, and a write seen through the reservation.
        copy(h, q.byte_add(page), page).unwrap();
        assert_eq!(host[..page], *bytemuck::cast_slice::<f32, u8>(&xs));
        copy(q.byte_add(page + 8), [7u8; 8].as_ptr().cast(), 8).unwrap();
        copy(h, run.byte_add(8), 8).unwrap();
        assert_eq!(host[..8], [7u8; 8]);
        copy(q.byte_add(page + 8), xs[2..].as_ptr().cast(), 8).unwrap();

        // A kernel over the run reads it; over the whole range it faults at the hole.
        let (m, k) = super::saxpy(api, b, env.device);
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        let mut ys = vec![0.5f32; page];
        set_arg(api, k, 0, &2f32);
        set_arg(api, k, 1, &q.byte_add(page));
        set_arg(api, k, 2, &ys.as_mut_ptr());
        let launch = |count: usize| {
            let g = groups((count / 64) as u32);
            command_list::append_launch_kernel(api, list, k, &g, null_mut(), 0, null_mut())
        };
        launch(page / 4).unwrap();
        let want: Vec<f32> = xs.iter().map(|x| 2.0 * x + 0.5).collect();
        assert_eq!(ys[..page / 4], want, "the kernel read the mapped run");
        set_arg(api, k, 1, &q);
        expect(launch(page), ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST);
        // The list and the memory still work after the fault.
        copy(h, q.byte_add(page), 64).unwrap();
        assert_eq!(host[..64], bytemuck::cast_slice::<f32, u8>(&xs)[..64]);

        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        mem::close_ipc_handle(api, b, q).unwrap();
        expect(copy(h, q.byte_add(page), 64), INVALID_ARGUMENT);
        command_list::destroy(api, list).unwrap();
        virtual_mem::unmap(api, a, run, page).unwrap();
        virtual_mem::free(api, a, base, 4 * page).unwrap();
        physical_mem::destroy(api, a, phys).unwrap();
        context::destroy(api, b).unwrap();
        context::destroy(api, a).unwrap();
    }
}

/// An event pool created with `ZE_EVENT_POOL_FLAG_IPC`, opened through its handle in another
/// context: an event created at the same index is the same event (signalled and reset through
/// either handle, waited for by a command of the other context); only IPC pools give handles,
/// and only opened pools are closed.
pub fn ipc_event_pools(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let (a, b) = (env.context(), env.context());
        let ipc = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC;
        let pool = create_event_pool(api, a, (ipc | HOST_VISIBLE).into(), 2);
        let plain = create_event_pool(api, a, HOST_VISIBLE.into(), 1);
        expect(event_pool::get_ipc_handle(api, plain), INVALID_ARGUMENT);
        let at = |pool, index| create_event(api, pool, index);
        let (e0, e1) = (at(pool, 0), at(pool, 1));
        let handle = event_pool::get_ipc_handle(api, pool).unwrap();
        let opened = event_pool::open_ipc_handle(api, b, handle).unwrap();
        let (f0, f1) = (at(opened, 0), at(opened, 1));
        expect(event::query_status(api, f0), NOT_READY);
        event::host_signal(api, e0).unwrap();
        event::query_status(api, f0).unwrap();
        event::host_reset(api, f0).unwrap();
        expect(event::query_status(api, e0), NOT_READY);

        // A copy of `b` waits for the event through the opened pool and signals the other one.
        let list = immediate(api, b, env.device, ASYNC);
        let size = 4096;
        let (src, dst) = (host_mem(api, b, size), host_mem(api, b, size));
        let bytes = pattern(size, 42);
        write(src, &bytes);
        write(dst, &vec![0; size]);
        command_list::append_memory_copy(api, list, dst, src, size, f1, 1, &mut { f0 }).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
        expect(event::query_status(api, e1), NOT_READY);
        // The waiting copy uses the opened pool's events: it cannot be closed yet.
        expect(
            event_pool::close_ipc_handle(api, opened),
            ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
        );
        event::host_signal(api, e0).unwrap();
        event::host_synchronize(api, e1, u64::MAX).unwrap();
        assert_eq!(read(dst, size), bytes);

        expect(event_pool::close_ipc_handle(api, pool), INVALID_ARGUMENT);
        command_list::destroy(api, list).unwrap();
        for e in [f0, f1, e0, e1] {
            event::destroy(api, e).unwrap();
        }
        event_pool::close_ipc_handle(api, opened).unwrap();
        event_pool::destroy(api, pool).unwrap();
        event_pool::destroy(api, plain).unwrap();
        mem::free(api, b, src).unwrap();
        mem::free(api, b, dst).unwrap();
        context::destroy(api, b).unwrap();
        context::destroy(api, a).unwrap();
    }
}
