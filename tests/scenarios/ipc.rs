//! Memory shared through IPC handles (issue 11, item 6), within one process: the other
//! process's side is `ipc_memory_across_processes` in `driver_scenarios.rs`.

use super::{immediate, Env, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, context, mem};
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
            mem::alloc_host(api, a, &Default::default(), size, 0).unwrap(),
            mem::alloc_device(api, a, &Default::default(), size, 0, env.device).unwrap(),
            mem::alloc_shared(
                api,
                a,
                &Default::default(),
                &Default::default(),
                size,
                0,
                env.device,
            )
            .unwrap(),
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
