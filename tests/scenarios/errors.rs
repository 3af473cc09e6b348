//! Error paths: null and destroyed handles, null pointers, descriptors with a wrong `stype` or
//! unknown flag bits.

use super::Env;
use crate::common::ze::*;
use crate::ze_err;
use level_zero_sys::*;
use std::ptr::{null, null_mut};

pub fn null_handles(env: &Env) {
    let api = env.api;
    if env.mode.wraps_handles() {
        // The intercepting loader (1.8) reads its wrapper object through every required handle
        // before the driver is called, without a null check: each of the calls below ends the
        // process with SIGSEGV there (observed one by one), so none can be made in that mode.
        return;
    }
    let ctx = env.context();
    let (mut out_ctx, mut out_q, mut out_l) = (null_mut(), null_mut(), null_mut());
    let (mut out_pool, mut out_ev, mut out_f) = (null_mut(), null_mut(), null_mut());
    let mut ptr = null_mut();
    let mut count = 0;
    let mut props = ze_device_properties_t::default();
    let want = [NULL_HANDLE];
    // SAFETY: every call has a null handle, which the driver rejects first; the other
    // arguments are valid.
    unsafe {
        ze_err!(api, want, Device.pfnGet(null_mut(), &mut count, null_mut()));
        ze_err!(api, want, Device.pfnGetProperties(null_mut(), &mut props));
        ze_err!(
            api,
            want,
            Context.pfnCreate(null_mut(), &context_desc(), &mut out_ctx)
        );
        ze_err!(api, want, Context.pfnGetStatus(null_mut()));
        ze_err!(api, want, Context.pfnDestroy(null_mut()));
        ze_err!(
            api,
            want,
            Mem.pfnAllocHost(null_mut(), &host_desc(), 64, 0, &mut ptr)
        );
        ze_err!(
            api,
            want,
            Mem.pfnAllocDevice(ctx, &device_desc(), 64, 0, null_mut(), &mut ptr)
        );
        ze_err!(
            api,
            want,
            CommandQueue.pfnCreate(null_mut(), env.device, &queue_desc(0, 0, ASYNC), &mut out_q)
        );
        ze_err!(
            api,
            want,
            CommandQueue.pfnCreate(ctx, null_mut(), &queue_desc(0, 0, ASYNC), &mut out_q)
        );
        ze_err!(api, want, CommandQueue.pfnSynchronize(null_mut(), 0));
        ze_err!(
            api,
            want,
            CommandList.pfnCreate(ctx, null_mut(), &list_desc(0), &mut out_l)
        );
        ze_err!(api, want, CommandList.pfnClose(null_mut()));
        ze_err!(
            api,
            want,
            CommandList.pfnAppendBarrier(null_mut(), null_mut(), 0, null_mut())
        );
        ze_err!(
            api,
            want,
            EventPool.pfnCreate(
                null_mut(),
                &pool_desc(HOST_VISIBLE, 1),
                0,
                null_mut(),
                &mut out_pool
            )
        );
        ze_err!(
            api,
            want,
            Event.pfnCreate(null_mut(), &event_desc(0), &mut out_ev)
        );
        ze_err!(api, want, Event.pfnHostSignal(null_mut()));
        ze_err!(api, want, Event.pfnQueryStatus(null_mut()));
        ze_err!(
            api,
            want,
            Fence.pfnCreate(null_mut(), &fence_desc(0), &mut out_f)
        );
        ze_err!(api, want, Fence.pfnQueryStatus(null_mut()));
    }
    context_destroy(api, ctx);
}

/// Every kind of object, used after it was destroyed.
pub fn destroyed_handles(env: &Env) {
    let api = env.api;
    if env.mode.wraps_handles() {
        // The intercepting loader dereferences its own wrapper object, freed at destroy, before
        // the driver could answer: using a destroyed handle there is undefined behaviour in
        // the loader, not an error code.
        return;
    }
    let ctx = env.context();
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    let list = list_create(api, ctx, env.device, 0);
    let fence = fence_create(api, queue, 0);
    let pool = pool_create(api, ctx, HOST_VISIBLE, 1);
    let ev = event_create(api, pool, 0);
    fence_destroy(api, fence);
    event_destroy(api, ev);
    pool_destroy(api, pool);
    list_destroy(api, list);
    queue_destroy(api, queue);
    let mut out = null_mut();
    let want = [NULL_HANDLE];
    // SAFETY: the driver looks each destroyed handle up in its registry and rejects it.
    unsafe {
        ze_err!(api, want, Fence.pfnQueryStatus(fence));
        ze_err!(api, want, Fence.pfnDestroy(fence));
        ze_err!(api, want, Event.pfnHostSignal(ev));
        ze_err!(api, want, Event.pfnDestroy(ev));
        ze_err!(api, want, Event.pfnCreate(pool, &event_desc(0), &mut out));
        ze_err!(api, want, EventPool.pfnDestroy(pool));
        ze_err!(api, want, CommandList.pfnClose(list));
        ze_err!(api, want, CommandList.pfnDestroy(list));
        ze_err!(api, want, CommandQueue.pfnSynchronize(queue, 0));
        ze_err!(api, want, CommandQueue.pfnDestroy(queue));
    }
    context_destroy(api, ctx);
    let mut p = null_mut();
    // SAFETY: as above.
    unsafe {
        ze_err!(api, want, Context.pfnGetStatus(ctx));
        ze_err!(
            api,
            want,
            Mem.pfnAllocHost(ctx, &host_desc(), 64, 0, &mut p)
        );
        ze_err!(api, want, Context.pfnDestroy(ctx));
    }
}

pub fn null_pointers(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    let list = list_create(api, ctx, env.device, 0);
    let pool = pool_create(api, ctx, HOST_VISIBLE, 1);
    let host = alloc_host(api, ctx, 64, 0);
    let mut out = null_mut();
    let mut ptr = null_mut();
    let want = [NULL_POINTER];
    if !env.mode.wraps_handles() {
        // The intercepting loader's zeDriverGet writes through the count without a null check
        // (SIGSEGV), so only the driver itself is asked.
        // SAFETY: the driver rejects the null count before writing anything.
        unsafe { ze_err!(api, want, Driver.pfnGet(null_mut(), null_mut())) };
    }
    // SAFETY: every call has one null pointer argument, which the driver rejects before
    // touching anything; the other arguments are valid.
    unsafe {
        ze_err!(api, want, Driver.pfnGetProperties(env.driver, null_mut()));
        ze_err!(api, want, Device.pfnGetProperties(env.device, null_mut()));
        ze_err!(api, want, Context.pfnCreate(env.driver, null(), &mut out));
        ze_err!(
            api,
            want,
            Context.pfnCreate(env.driver, &context_desc(), null_mut())
        );
        ze_err!(api, want, Mem.pfnAllocHost(ctx, null(), 64, 0, &mut ptr));
        ze_err!(
            api,
            want,
            Mem.pfnAllocHost(ctx, &host_desc(), 64, 0, null_mut())
        );
        ze_err!(
            api,
            want,
            Mem.pfnAllocDevice(ctx, null(), 64, 0, env.device, &mut ptr)
        );
        ze_err!(api, want, Mem.pfnFree(ctx, null_mut()));
        ze_err!(
            api,
            want,
            CommandQueue.pfnCreate(ctx, env.device, null(), &mut out.cast())
        );
        ze_err!(
            api,
            want,
            CommandList.pfnCreate(ctx, env.device, null(), &mut out.cast())
        );
        ze_err!(
            api,
            want,
            CommandList.pfnAppendMemoryCopy(list, host, null(), 8, null_mut(), 0, null_mut())
        );
        ze_err!(
            api,
            want,
            CommandList.pfnAppendMemoryCopy(list, null_mut(), host, 8, null_mut(), 0, null_mut())
        );
        ze_err!(
            api,
            want,
            CommandList.pfnAppendMemoryFill(list, host, null(), 1, 8, null_mut(), 0, null_mut())
        );
        ze_err!(
            api,
            want,
            EventPool.pfnCreate(ctx, null(), 0, null_mut(), &mut out.cast())
        );
        ze_err!(api, want, Event.pfnCreate(pool, null(), &mut out.cast()));
        ze_err!(api, want, Fence.pfnCreate(queue, null(), &mut out.cast()));
        let r = ze_copy_region_t {
            width: 8,
            height: 1,
            depth: 1,
            ..Default::default()
        };
        ze_err!(
            api,
            want,
            CommandList.pfnAppendMemoryCopyRegion(
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
                null_mut()
            )
        );
        ze_err!(
            api,
            want,
            CommandList.pfnAppendMemoryCopyRegion(
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
                null_mut()
            )
        );
    }
    free(api, ctx, host);
    pool_destroy(api, pool);
    list_destroy(api, list);
    queue_destroy(api, queue);
    context_destroy(api, ctx);
}

/// A missing wait list (or device list) with a non-zero count is an invalid size; a missing
/// list of events to wait on, a null pointer.
pub fn missing_arrays(env: &Env) {
    let api = env.api;
    if env.mode.wraps_handles() {
        // The intercepting loader converts each handle array into a new array of `count`
        // entries, which it leaves uninitialised when the caller's is null: the driver would
        // get garbage handles. So these run only where the driver sees the caller's arguments.
        return;
    }
    let ctx = env.context();
    let list = list_create(api, ctx, env.device, 0);
    let host = alloc_host(api, ctx, 64, 0);
    let mut pool = null_mut();
    // SAFETY: live handles; each count says there are handles where the array is null, which
    // the driver checks before reading any array.
    unsafe {
        ze_err!(
            api,
            [NULL_POINTER],
            CommandList.pfnAppendWaitOnEvents(list, 1, null_mut())
        );
        let size = [INVALID_SIZE];
        ze_err!(
            api,
            size,
            CommandList.pfnAppendBarrier(list, null_mut(), 1, null_mut())
        );
        ze_err!(
            api,
            size,
            CommandList.pfnAppendMemoryCopy(
                list,
                host,
                host.byte_add(32),
                8,
                null_mut(),
                2,
                null_mut()
            )
        );
        ze_err!(
            api,
            size,
            CommandList.pfnAppendMemoryFill(
                list,
                host,
                [0u8].as_ptr().cast(),
                1,
                8,
                null_mut(),
                1,
                null_mut()
            )
        );
        ze_err!(
            api,
            size,
            EventPool.pfnCreate(ctx, &pool_desc(HOST_VISIBLE, 1), 1, null_mut(), &mut pool)
        );
    }
    free(api, ctx, host);
    list_destroy(api, list);
    context_destroy(api, ctx);
}

/// A descriptor with another structure's `stype` is an invalid argument; unknown flag bits
/// are an invalid enumeration.
pub fn descriptors(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    let queue = queue_create(api, ctx, env.device, queue_desc(0, 0, ASYNC));
    let wrong = ze_structure_type_t::ZE_STRUCTURE_TYPE_FENCE_DESC;
    let mut out = null_mut();
    let mut ptr = null_mut();
    let (arg, en) = ([INVALID_ARGUMENT], [INVALID_ENUMERATION]);

    let mut cd = context_desc();
    let mut hd = host_desc();
    let mut dd = device_desc();
    let mut qd = queue_desc(0, 0, ASYNC);
    let mut ld = list_desc(0);
    let mut pd = pool_desc(HOST_VISIBLE, 1);
    let mut fd = fence_desc(0);
    let mut props = ze_device_properties_t::default();
    cd.stype = wrong;
    hd.stype = wrong;
    dd.stype = wrong;
    qd.stype = wrong;
    ld.stype = wrong;
    pd.stype = ze_structure_type_t::ZE_STRUCTURE_TYPE_EVENT_DESC;
    fd.stype = ze_structure_type_t::ZE_STRUCTURE_TYPE_EVENT_DESC;
    props.stype = wrong;
    // SAFETY: live handles; every descriptor is a valid structure with the wrong stype, which
    // the driver checks before using it.
    unsafe {
        ze_err!(api, arg, Context.pfnCreate(env.driver, &cd, &mut out));
        ze_err!(api, arg, Mem.pfnAllocHost(ctx, &hd, 64, 0, &mut ptr));
        ze_err!(
            api,
            arg,
            Mem.pfnAllocDevice(ctx, &dd, 64, 0, env.device, &mut ptr)
        );
        ze_err!(
            api,
            arg,
            CommandQueue.pfnCreate(ctx, env.device, &qd, &mut out.cast())
        );
        ze_err!(
            api,
            arg,
            CommandList.pfnCreate(ctx, env.device, &ld, &mut out.cast())
        );
        ze_err!(
            api,
            arg,
            EventPool.pfnCreate(ctx, &pd, 0, null_mut(), &mut out.cast())
        );
        ze_err!(api, arg, Fence.pfnCreate(queue, &fd, &mut out.cast()));
        ze_err!(api, arg, Device.pfnGetProperties(env.device, &mut props));
    }

    let mut cd = context_desc();
    cd.flags = ze_context_flags_t(0x2);
    let mut hd = host_desc();
    hd.flags = ze_host_mem_alloc_flags_t(0x10);
    let mut dd = device_desc();
    dd.flags = ze_device_mem_alloc_flags_t(0x8);
    let mut qd = queue_desc(0, 0, ASYNC);
    qd.flags = ze_command_queue_flags_t(0x2);
    let mut qm = queue_desc(0, 0, ASYNC);
    qm.mode = ze_command_queue_mode_t(3);
    let mut ld = list_desc(0);
    ld.flags = ze_command_list_flags_t(0x8);
    let pd = pool_desc(0x8, 1);
    let fd = fence_desc(0x2);
    // SAFETY: live handles and valid descriptors with unknown flag bits (or mode), which the
    // driver checks before creating anything.
    unsafe {
        ze_err!(api, en, Context.pfnCreate(env.driver, &cd, &mut out));
        ze_err!(api, en, Mem.pfnAllocHost(ctx, &hd, 64, 0, &mut ptr));
        ze_err!(
            api,
            en,
            Mem.pfnAllocDevice(ctx, &dd, 64, 0, env.device, &mut ptr)
        );
        ze_err!(
            api,
            en,
            Mem.pfnAllocShared(ctx, &device_desc(), &hd, 64, 0, env.device, &mut ptr)
        );
        ze_err!(
            api,
            en,
            CommandQueue.pfnCreate(ctx, env.device, &qd, &mut out.cast())
        );
        ze_err!(
            api,
            en,
            CommandQueue.pfnCreate(ctx, env.device, &qm, &mut out.cast())
        );
        ze_err!(
            api,
            en,
            CommandList.pfnCreateImmediate(ctx, env.device, &qm, &mut out.cast())
        );
        ze_err!(
            api,
            en,
            CommandList.pfnCreate(ctx, env.device, &ld, &mut out.cast())
        );
        ze_err!(
            api,
            en,
            EventPool.pfnCreate(ctx, &pd, 0, null_mut(), &mut out.cast())
        );
        ze_err!(api, en, Fence.pfnCreate(queue, &fd, &mut out.cast()));
    }
    queue_destroy(api, queue);
    context_destroy(api, ctx);
}
