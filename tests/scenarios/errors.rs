//! Error paths: null and destroyed handles, null pointers, descriptors with a wrong `stype` or
//! unknown flag bits.

use super::{Env, ASYNC, HOST_VISIBLE};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, command_queue, context, device, driver, event, event_pool, fence, mem,
};
use level_zero_sys::*;
use std::ptr::{null, null_mut};

pub fn null_handles(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        if env.mode.wraps_handles() {
            // The intercepting loader (1.8) reads its wrapper object through every required handle
            // before the driver is called, without a null check: each of the calls below ends the
            // process with SIGSEGV there (observed one by one), so none can be made in that mode.
            return;
        }
        let ctx = env.context();
        let mut count = 0;
        let mut props = ze_device_properties_t::default();
        let want = NULL_HANDLE;
        // Every call has a null handle, which the driver rejects first; the other
        // arguments are valid.
        expect(device::get(api, null_mut(), &mut count, null_mut()), want);
        expect(device::get_properties(api, null_mut(), &mut props), want);
        expect(
            context::create(api, null_mut(), &ze_context_desc_t::default()),
            want,
        );
        expect(context::get_status(api, null_mut()), want);
        expect(context::destroy(api, null_mut()), want);
        expect(
            mem::alloc_host(api, null_mut(), &ze_host_mem_alloc_desc_t::default(), 64, 0),
            want,
        );
        expect(
            mem::alloc_device(
                api,
                ctx,
                &ze_device_mem_alloc_desc_t::default(),
                64,
                0,
                null_mut(),
            ),
            want,
        );
        expect(
            command_queue::create(
                api,
                null_mut(),
                env.device,
                &ze_command_queue_desc_t {
                    mode: ASYNC,
                    ..Default::default()
                },
            ),
            want,
        );
        expect(
            command_queue::create(
                api,
                ctx,
                null_mut(),
                &ze_command_queue_desc_t {
                    mode: ASYNC,
                    ..Default::default()
                },
            ),
            want,
        );
        expect(command_queue::synchronize(api, null_mut(), 0), want);
        expect(
            command_list::create(api, ctx, null_mut(), &ze_command_list_desc_t::default()),
            want,
        );
        expect(command_list::close(api, null_mut()), want);
        expect(
            command_list::append_barrier(api, null_mut(), null_mut(), 0, null_mut()),
            want,
        );
        expect(
            event_pool::create(
                api,
                null_mut(),
                &ze_event_pool_desc_t {
                    flags: HOST_VISIBLE.into(),
                    count: 1,
                    ..Default::default()
                },
                0,
                null_mut(),
            ),
            want,
        );
        expect(
            event::create(
                api,
                null_mut(),
                &ze_event_desc_t {
                    index: 0,
                    ..Default::default()
                },
            ),
            want,
        );
        expect(event::host_signal(api, null_mut()), want);
        expect(event::query_status(api, null_mut()), want);
        expect(
            fence::create(api, null_mut(), &ze_fence_desc_t::default()),
            want,
        );
        expect(fence::query_status(api, null_mut()), want);
        context::destroy(api, ctx).unwrap();
    }
}

/// Every kind of object, used after it was destroyed.
pub fn destroyed_handles(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        if env.mode.wraps_handles() {
            // The intercepting loader dereferences its own wrapper object, freed at destroy, before
            // the driver could answer: using a destroyed handle there is undefined behaviour in
            // the loader, not an error code.
            return;
        }
        let ctx = env.context();
        let queue = async_queue(api, ctx, env.device);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        let fence = fence::create(api, queue, &Default::default()).unwrap();
        let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 1);
        let ev = create_event(api, pool, 0);
        fence::destroy(api, fence).unwrap();
        event::destroy(api, ev).unwrap();
        event_pool::destroy(api, pool).unwrap();
        command_list::destroy(api, list).unwrap();
        command_queue::destroy(api, queue).unwrap();
        let want = NULL_HANDLE;
        // The driver looks each destroyed handle up in its registry and rejects it.
        expect(fence::query_status(api, fence), want);
        expect(fence::destroy(api, fence), want);
        expect(event::host_signal(api, ev), want);
        expect(event::destroy(api, ev), want);
        expect(
            event::create(
                api,
                pool,
                &ze_event_desc_t {
                    index: 0,
                    ..Default::default()
                },
            ),
            want,
        );
        expect(event_pool::destroy(api, pool), want);
        expect(command_list::close(api, list), want);
        expect(command_list::destroy(api, list), want);
        expect(command_queue::synchronize(api, queue, 0), want);
        expect(command_queue::destroy(api, queue), want);
        context::destroy(api, ctx).unwrap();
        expect(context::get_status(api, ctx), want);
        expect(
            mem::alloc_host(api, ctx, &ze_host_mem_alloc_desc_t::default(), 64, 0),
            want,
        );
        expect(context::destroy(api, ctx), want);
    }
}

pub fn null_pointers(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let queue = async_queue(api, ctx, env.device);
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        let pool = create_event_pool(api, ctx, HOST_VISIBLE.into(), 1);
        let host = host_mem(api, ctx, 64);
        let want = NULL_POINTER;
        if !env.mode.wraps_handles() {
            // The intercepting loader's zeDriverGet writes through the count without a null check
            // (SIGSEGV), so only the driver itself is asked.
            // The driver rejects the null count before writing anything.
            expect(driver::get(api, null_mut(), null_mut()), want);
        }
        // Every call has one null pointer argument, which the driver rejects before
        // touching anything; the other arguments are valid.
        expect(driver::get_properties(api, env.driver, null_mut()), want);
        expect(device::get_properties(api, env.device, null_mut()), want);
        expect(context::create(api, env.driver, null()), want);
        assert_eq!(
            ze_call!(
                api,
                Context.pfnCreate(env.driver, &ze_context_desc_t::default(), null_mut())
            ),
            want
        );
        expect(mem::alloc_host(api, ctx, null(), 64, 0), want);
        assert_eq!(
            ze_call!(
                api,
                Mem.pfnAllocHost(ctx, &ze_host_mem_alloc_desc_t::default(), 64, 0, null_mut())
            ),
            want
        );
        expect(mem::alloc_device(api, ctx, null(), 64, 0, env.device), want);
        expect(mem::free(api, ctx, null_mut()), want);
        expect(command_queue::create(api, ctx, env.device, null()), want);
        expect(command_list::create(api, ctx, env.device, null()), want);
        expect(
            command_list::append_memory_copy(api, list, host, null(), 8, null_mut(), 0, null_mut()),
            want,
        );
        expect(
            command_list::append_memory_copy(
                api,
                list,
                null_mut(),
                host,
                8,
                null_mut(),
                0,
                null_mut(),
            ),
            want,
        );
        expect(
            command_list::append_memory_fill(
                api,
                list,
                host,
                null(),
                1,
                8,
                null_mut(),
                0,
                null_mut(),
            ),
            want,
        );
        expect(event_pool::create(api, ctx, null(), 0, null_mut()), want);
        expect(event::create(api, pool, null()), want);
        expect(fence::create(api, queue, null()), want);
        let r = ze_copy_region_t {
            width: 8,
            height: 1,
            depth: 1,
            ..Default::default()
        };
        expect(
            command_list::append_memory_copy_region(
                api,
                list,
                host,
                null(),
                8,
                0,
                host,
                &r,
                8,
                0,
                null_mut(),
                0,
                null_mut(),
            ),
            want,
        );
        expect(
            command_list::append_memory_copy_region(
                api,
                list,
                null_mut(),
                &r,
                8,
                0,
                null(),
                &r,
                8,
                0,
                null_mut(),
                0,
                null_mut(),
            ),
            want,
        );
        mem::free(api, ctx, host).unwrap();
        event_pool::destroy(api, pool).unwrap();
        command_list::destroy(api, list).unwrap();
        command_queue::destroy(api, queue).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// A missing wait list (or device list) with a non-zero count is an invalid size; a missing
/// list of events to wait on, a null pointer.
pub fn missing_arrays(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        if env.mode.wraps_handles() {
            // The intercepting loader converts each handle array into a new array of `count`
            // entries, which it leaves uninitialised when the caller's is null: the driver would
            // get garbage handles. So these run only where the driver sees the caller's arguments.
            return;
        }
        let ctx = env.context();
        let list = command_list::create(api, ctx, env.device, &Default::default()).unwrap();
        let host = mem::alloc_host(api, ctx, &Default::default(), 64, 0).unwrap();
        expect(
            command_list::append_wait_on_events(api, list, 1, null_mut()),
            NULL_POINTER,
        );
        let size = INVALID_SIZE;
        expect(
            command_list::append_barrier(api, list, null_mut(), 1, null_mut()),
            size,
        );
        expect(
            command_list::append_memory_copy(
                api,
                list,
                host,
                host.byte_add(32),
                8,
                null_mut(),
                2,
                null_mut(),
            ),
            size,
        );
        expect(
            command_list::append_memory_fill(
                api,
                list,
                host,
                [0u8].as_ptr().cast(),
                1,
                8,
                null_mut(),
                1,
                null_mut(),
            ),
            size,
        );
        expect(
            event_pool::create(
                api,
                ctx,
                &ze_event_pool_desc_t {
                    flags: HOST_VISIBLE.into(),
                    count: 1,
                    ..Default::default()
                },
                1,
                null_mut(),
            ),
            size,
        );
        mem::free(api, ctx, host).unwrap();
        command_list::destroy(api, list).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// A descriptor with another structure's `stype` is an invalid argument; unknown flag bits
/// are an invalid enumeration.
pub fn descriptors(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let queue = async_queue(api, ctx, env.device);
        let wrong = ze_structure_type_t::ZE_STRUCTURE_TYPE_FENCE_DESC;
        let (arg, en) = (INVALID_ARGUMENT, INVALID_ENUMERATION);

        let mut cd = ze_context_desc_t::default();
        let mut hd = ze_host_mem_alloc_desc_t::default();
        let mut dd = ze_device_mem_alloc_desc_t::default();
        let mut qd = ze_command_queue_desc_t {
            mode: ASYNC,
            ..Default::default()
        };
        let mut ld = ze_command_list_desc_t::default();
        let mut pd = ze_event_pool_desc_t {
            flags: HOST_VISIBLE.into(),
            count: 1,
            ..Default::default()
        };
        let mut fd = ze_fence_desc_t::default();
        let mut props = ze_device_properties_t::default();
        cd.stype = wrong;
        hd.stype = wrong;
        dd.stype = wrong;
        qd.stype = wrong;
        ld.stype = wrong;
        pd.stype = ze_structure_type_t::ZE_STRUCTURE_TYPE_EVENT_DESC;
        fd.stype = ze_structure_type_t::ZE_STRUCTURE_TYPE_EVENT_DESC;
        props.stype = wrong;
        expect(context::create(api, env.driver, &cd), arg);
        expect(mem::alloc_host(api, ctx, &hd, 64, 0), arg);
        expect(mem::alloc_device(api, ctx, &dd, 64, 0, env.device), arg);
        expect(command_queue::create(api, ctx, env.device, &qd), arg);
        expect(command_list::create(api, ctx, env.device, &ld), arg);
        expect(event_pool::create(api, ctx, &pd, 0, null_mut()), arg);
        expect(fence::create(api, queue, &fd), arg);
        expect(device::get_properties(api, env.device, &mut props), arg);

        let cd = ze_context_desc_t {
            flags: ze_context_flags_t(0x2),
            ..Default::default()
        };
        let hd = ze_host_mem_alloc_desc_t {
            flags: ze_host_mem_alloc_flags_t(0x10),
            ..Default::default()
        };
        let dd = ze_device_mem_alloc_desc_t {
            flags: ze_device_mem_alloc_flags_t(0x8),
            ..Default::default()
        };
        let mut qd = ze_command_queue_desc_t {
            mode: ASYNC,
            ..Default::default()
        };
        // Bits no version of the API defines (0x2 is IN_ORDER since 1.7).
        qd.flags = ze_command_queue_flags_t(1 << 20);
        let mut qm = ze_command_queue_desc_t {
            mode: ASYNC,
            ..Default::default()
        };
        qm.mode = ze_command_queue_mode_t(3);
        let ld = ze_command_list_desc_t {
            // 0x8 is IN_ORDER since 1.7.
            flags: ze_command_list_flags_t(1 << 20),
            ..Default::default()
        };
        let pd = ze_event_pool_desc_t {
            flags: ze_event_pool_flags_t(1 << 20),
            count: 1,
            ..Default::default()
        };
        let fd = ze_fence_desc_t {
            flags: ze_fence_flags_t(0x2),
            ..Default::default()
        };
        expect(context::create(api, env.driver, &cd), en);
        expect(mem::alloc_host(api, ctx, &hd, 64, 0), en);
        expect(mem::alloc_device(api, ctx, &dd, 64, 0, env.device), en);
        expect(
            mem::alloc_shared(
                api,
                ctx,
                &ze_device_mem_alloc_desc_t::default(),
                &hd,
                64,
                0,
                env.device,
            ),
            en,
        );
        expect(command_queue::create(api, ctx, env.device, &qd), en);
        expect(command_queue::create(api, ctx, env.device, &qm), en);
        expect(
            command_list::create_immediate(api, ctx, env.device, &qm),
            en,
        );
        expect(command_list::create(api, ctx, env.device, &ld), en);
        expect(event_pool::create(api, ctx, &pd, 0, null_mut()), en);
        expect(fence::create(api, queue, &fd), en);
        command_queue::destroy(api, queue).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
