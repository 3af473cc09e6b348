//! Thin wrappers over `ze_call!` for the scenario suite: each asserts success (naming the call
//! and the `ze_result_t` on failure) and returns the out-value, so that scenarios read as the
//! sequence of calls they make.
//!
//! The wrappers that take only handles and descriptors are safe functions: they are called with
//! handles the calling scenario created from the same `Dispatch` and has not destroyed yet (the
//! suite's convention), and every pointer they pass points to a local. Calls that hand the
//! driver raw memory to read or write are `unsafe fn`s.

use level_zero_sys::*;
use std::ffi::c_void;
use std::ptr::null_mut;

pub const SUCCESS: ze_result_t = ze_result_t::ZE_RESULT_SUCCESS;
pub const NOT_READY: ze_result_t = ze_result_t::ZE_RESULT_NOT_READY;
pub const NULL_HANDLE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
pub const NULL_POINTER: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_POINTER;
pub const INVALID_ARGUMENT: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT;
pub const INVALID_ENUMERATION: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_ENUMERATION;
pub const INVALID_SIZE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_SIZE;
pub const UNSUPPORTED_SIZE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
pub const UNSUPPORTED_ALIGNMENT: ze_result_t = ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
pub const OUT_OF_DEVICE_MEMORY: ze_result_t = ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
pub const INVALID_COMMAND_LIST_TYPE: ze_result_t =
    ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE;

/// Asserts that `call` succeeded.
#[track_caller]
pub fn ok(result: ze_result_t, call: &str) {
    assert!(result == SUCCESS, "{call} failed: {result}");
}

/// Asserts that `call` returned one of `want`.
#[track_caller]
pub fn expect(result: ze_result_t, want: &[ze_result_t], call: &str) {
    let names: Vec<String> = want.iter().map(|w| w.to_string()).collect();
    assert!(
        want.contains(&result),
        "{call}: got {result}, want {}",
        names.join(" or ")
    );
}

/// Calls a DDI entry inside the caller's `unsafe` block and asserts success:
/// `ze_ok!(api, Mem.pfnFree(ctx, p))`.
#[macro_export]
macro_rules! ze_ok {
    ($api:expr, $table:ident . $entry:ident ( $($arg:expr),* $(,)? )) => {
        $crate::common::ze::ok(
            level_zero_sys::ze_call!($api, $table.$entry($($arg),*)),
            concat!(stringify!($table), ".", stringify!($entry)),
        )
    };
}

/// Calls a DDI entry inside the caller's `unsafe` block and asserts it returned one of `want`:
/// `ze_err!(api, [NULL_HANDLE], Context.pfnGetStatus(null_mut()))`.
#[macro_export]
macro_rules! ze_err {
    ($api:expr, $want:expr, $table:ident . $entry:ident ( $($arg:expr),* $(,)? )) => {
        $crate::common::ze::expect(
            level_zero_sys::ze_call!($api, $table.$entry($($arg),*)),
            &$want,
            concat!(stringify!($table), ".", stringify!($entry)),
        )
    };
}

// ---- descriptors -------------------------------------------------------------------------

pub fn context_desc() -> ze_context_desc_t {
    ze_context_desc_t::default()
}

pub fn host_desc() -> ze_host_mem_alloc_desc_t {
    ze_host_mem_alloc_desc_t::default()
}

pub fn device_desc() -> ze_device_mem_alloc_desc_t {
    ze_device_mem_alloc_desc_t::default()
}

pub fn queue_desc(
    ordinal: u32,
    index: u32,
    mode: ze_command_queue_mode_t,
) -> ze_command_queue_desc_t {
    ze_command_queue_desc_t {
        ordinal,
        index,
        mode,
        ..Default::default()
    }
}

pub fn list_desc(ordinal: u32) -> ze_command_list_desc_t {
    ze_command_list_desc_t {
        commandQueueGroupOrdinal: ordinal,
        ..Default::default()
    }
}

pub const HOST_VISIBLE: u32 = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE.0;
pub const KERNEL_TIMESTAMP: u32 = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP.0;

pub fn pool_desc(flags: u32, count: u32) -> ze_event_pool_desc_t {
    ze_event_pool_desc_t {
        flags: ze_event_pool_flags_t(flags),
        count,
        ..Default::default()
    }
}

pub fn event_desc(index: u32) -> ze_event_desc_t {
    let host = ze_event_scope_flag_t::ZE_EVENT_SCOPE_FLAG_HOST.0;
    ze_event_desc_t {
        index,
        signal: ze_event_scope_flags_t(host),
        wait: ze_event_scope_flags_t(host),
        ..Default::default()
    }
}

pub fn fence_desc(flags: u32) -> ze_fence_desc_t {
    ze_fence_desc_t {
        flags: ze_fence_flags_t(flags),
        ..Default::default()
    }
}

pub const ASYNC: ze_command_queue_mode_t =
    ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
pub const SYNC: ze_command_queue_mode_t =
    ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;

// ---- count-and-array queries --------------------------------------------------------------

/// Runs the spec's count-and-array protocol: asks for the count, then fills that many.
fn array<T: Clone>(init: T, mut query: impl FnMut(&mut u32, *mut T) -> ze_result_t) -> Vec<T> {
    let mut count = 0;
    ok(query(&mut count, null_mut()), "count query");
    let mut items = vec![init; count as usize];
    ok(query(&mut count, items.as_mut_ptr()), "array query");
    items.truncate(count as usize);
    items
}

pub fn drivers(api: &Dispatch) -> Vec<ze_driver_handle_t> {
    // SAFETY: `array` passes a valid count and a null or large-enough array.
    array(null_mut(), |n, a| unsafe {
        ze_call!(api, Driver.pfnGet(n, a))
    })
}

pub fn devices(api: &Dispatch, driver: ze_driver_handle_t) -> Vec<ze_device_handle_t> {
    // SAFETY: as in `drivers`; `driver` is live.
    array(null_mut(), |n, a| unsafe {
        ze_call!(api, Device.pfnGet(driver, n, a))
    })
}

pub fn sub_devices(api: &Dispatch, device: ze_device_handle_t) -> Vec<ze_device_handle_t> {
    // SAFETY: as in `drivers`; `device` is live.
    array(null_mut(), |n, a| unsafe {
        ze_call!(api, Device.pfnGetSubDevices(device, n, a))
    })
}

pub fn device_properties(api: &Dispatch, device: ze_device_handle_t) -> ze_device_properties_t {
    let mut props = ze_device_properties_t::default();
    // SAFETY: live device, valid properties structure.
    unsafe { ze_ok!(api, Device.pfnGetProperties(device, &mut props)) };
    props
}

/// A NUL-terminated name field as a `String`.
pub fn name(field: &[std::ffi::c_char]) -> String {
    let bytes: Vec<u8> = field
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

// ---- contexts and memory ------------------------------------------------------------------

pub fn context_create(api: &Dispatch, driver: ze_driver_handle_t) -> ze_context_handle_t {
    let mut ctx = null_mut();
    // SAFETY: live driver, valid descriptor and out-pointer.
    unsafe { ze_ok!(api, Context.pfnCreate(driver, &context_desc(), &mut ctx)) };
    ctx
}

pub fn context_destroy(api: &Dispatch, ctx: ze_context_handle_t) {
    // SAFETY: live context, destroyed once.
    unsafe { ze_ok!(api, Context.pfnDestroy(ctx)) };
}

pub fn alloc_host(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    size: usize,
    align: usize,
) -> *mut c_void {
    let mut ptr = null_mut();
    // SAFETY: live context, valid descriptor and out-pointer.
    unsafe {
        ze_ok!(
            api,
            Mem.pfnAllocHost(ctx, &host_desc(), size, align, &mut ptr)
        )
    };
    ptr
}

pub fn alloc_device(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    size: usize,
    align: usize,
) -> *mut c_void {
    let mut ptr = null_mut();
    // SAFETY: live context and device, valid descriptor and out-pointer.
    unsafe {
        ze_ok!(
            api,
            Mem.pfnAllocDevice(ctx, &device_desc(), size, align, dev, &mut ptr)
        )
    };
    ptr
}

pub fn alloc_shared(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    size: usize,
    align: usize,
) -> *mut c_void {
    let mut ptr = null_mut();
    // SAFETY: live context and device (or null: no associated device), valid descriptors.
    unsafe {
        ze_ok!(
            api,
            Mem.pfnAllocShared(
                ctx,
                &device_desc(),
                &host_desc(),
                size,
                align,
                dev,
                &mut ptr
            )
        )
    };
    ptr
}

pub fn free(api: &Dispatch, ctx: ze_context_handle_t, ptr: *mut c_void) {
    // SAFETY: the driver looks the pointer up before releasing anything.
    unsafe { ze_ok!(api, Mem.pfnFree(ctx, ptr)) };
}

/// Writes `bytes` to host-accessible memory.
///
/// # Safety
/// `ptr` must be valid for writes of `bytes.len()` bytes, with no command using it.
pub unsafe fn write(ptr: *mut c_void, bytes: &[u8]) {
    // SAFETY: the caller's contract.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast(), bytes.len()) };
}

/// Reads `len` bytes of host-accessible memory.
///
/// # Safety
/// `ptr` must be valid for reads of `len` bytes, with no command writing it.
pub unsafe fn read(ptr: *const c_void, len: usize) -> Vec<u8> {
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }.to_vec()
}

/// `len` bytes of a recognisable pattern depending on `seed`.
pub fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed) ^ (i >> 8) as u8)
        .collect()
}

// ---- queues, lists, events, fences ----------------------------------------------------------

pub fn queue_create(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: ze_command_queue_desc_t,
) -> ze_command_queue_handle_t {
    let mut q = null_mut();
    // SAFETY: live context and device, valid descriptor and out-pointer.
    unsafe { ze_ok!(api, CommandQueue.pfnCreate(ctx, dev, &desc, &mut q)) };
    q
}

pub fn queue_destroy(api: &Dispatch, q: ze_command_queue_handle_t) {
    // SAFETY: live queue, destroyed once.
    unsafe { ze_ok!(api, CommandQueue.pfnDestroy(q)) };
}

pub fn queue_synchronize(api: &Dispatch, q: ze_command_queue_handle_t) {
    // SAFETY: live queue.
    unsafe { ze_ok!(api, CommandQueue.pfnSynchronize(q, u64::MAX)) };
}

pub fn execute(
    api: &Dispatch,
    q: ze_command_queue_handle_t,
    lists: &[ze_command_list_handle_t],
    fence: ze_fence_handle_t,
) {
    let mut lists = lists.to_vec();
    // SAFETY: live queue, closed lists and fence (or null); the array holds `len` handles.
    unsafe {
        ze_ok!(
            api,
            CommandQueue.pfnExecuteCommandLists(q, lists.len() as u32, lists.as_mut_ptr(), fence)
        )
    };
}

pub fn list_create(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ordinal: u32,
) -> ze_command_list_handle_t {
    let mut list = null_mut();
    // SAFETY: live context and device, valid descriptor and out-pointer.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnCreate(ctx, dev, &list_desc(ordinal), &mut list)
        )
    };
    list
}

pub fn immediate_create(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    mode: ze_command_queue_mode_t,
) -> ze_command_list_handle_t {
    let mut list = null_mut();
    let desc = queue_desc(0, 0, mode);
    // SAFETY: live context and device, valid descriptor and out-pointer.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnCreateImmediate(ctx, dev, &desc, &mut list)
        )
    };
    list
}

pub fn list_close(api: &Dispatch, list: ze_command_list_handle_t) {
    // SAFETY: live list.
    unsafe { ze_ok!(api, CommandList.pfnClose(list)) };
}

pub fn list_reset(api: &Dispatch, list: ze_command_list_handle_t) {
    // SAFETY: live list.
    unsafe { ze_ok!(api, CommandList.pfnReset(list)) };
}

pub fn list_destroy(api: &Dispatch, list: ze_command_list_handle_t) {
    // SAFETY: live list, destroyed once.
    unsafe { ze_ok!(api, CommandList.pfnDestroy(list)) };
}

pub fn pool_create(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    flags: u32,
    count: u32,
) -> ze_event_pool_handle_t {
    let mut pool = null_mut();
    // SAFETY: live context, valid descriptor and out-pointer; no device list.
    unsafe {
        ze_ok!(
            api,
            EventPool.pfnCreate(ctx, &pool_desc(flags, count), 0, null_mut(), &mut pool)
        )
    };
    pool
}

pub fn pool_destroy(api: &Dispatch, pool: ze_event_pool_handle_t) {
    // SAFETY: live pool whose events are destroyed, destroyed once.
    unsafe { ze_ok!(api, EventPool.pfnDestroy(pool)) };
}

pub fn event_create(api: &Dispatch, pool: ze_event_pool_handle_t, index: u32) -> ze_event_handle_t {
    let mut ev = null_mut();
    // SAFETY: live pool, valid descriptor and out-pointer.
    unsafe { ze_ok!(api, Event.pfnCreate(pool, &event_desc(index), &mut ev)) };
    ev
}

pub fn event_destroy(api: &Dispatch, ev: ze_event_handle_t) {
    // SAFETY: live event, destroyed once.
    unsafe { ze_ok!(api, Event.pfnDestroy(ev)) };
}

pub fn event_wait(api: &Dispatch, ev: ze_event_handle_t) {
    // SAFETY: live event.
    unsafe { ze_ok!(api, Event.pfnHostSynchronize(ev, u64::MAX)) };
}

pub fn event_status(api: &Dispatch, ev: ze_event_handle_t) -> ze_result_t {
    // SAFETY: live event.
    unsafe { ze_call!(api, Event.pfnQueryStatus(ev)) }
}

pub fn event_signal(api: &Dispatch, ev: ze_event_handle_t) {
    // SAFETY: live event.
    unsafe { ze_ok!(api, Event.pfnHostSignal(ev)) };
}

pub fn event_reset(api: &Dispatch, ev: ze_event_handle_t) {
    // SAFETY: live event.
    unsafe { ze_ok!(api, Event.pfnHostReset(ev)) };
}

pub fn fence_create(api: &Dispatch, q: ze_command_queue_handle_t, flags: u32) -> ze_fence_handle_t {
    let mut fence = null_mut();
    // SAFETY: live queue, valid descriptor and out-pointer.
    unsafe { ze_ok!(api, Fence.pfnCreate(q, &fence_desc(flags), &mut fence)) };
    fence
}

pub fn fence_destroy(api: &Dispatch, fence: ze_fence_handle_t) {
    // SAFETY: live fence, destroyed once.
    unsafe { ze_ok!(api, Fence.pfnDestroy(fence)) };
}

pub fn fence_wait(api: &Dispatch, fence: ze_fence_handle_t) {
    // SAFETY: live fence.
    unsafe { ze_ok!(api, Fence.pfnHostSynchronize(fence, u64::MAX)) };
}

// ---- appends that touch memory ------------------------------------------------------------

/// Appends a copy of `size` bytes.
///
/// # Safety
/// `dst` and `src` must stay valid (and unused by the host) until the copy has executed.
pub unsafe fn append_copy(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    src: *const c_void,
    size: usize,
    signal: ze_event_handle_t,
    waits: &[ze_event_handle_t],
) {
    let mut waits = waits.to_vec();
    let n = waits.len() as u32;
    let w = if waits.is_empty() {
        null_mut()
    } else {
        waits.as_mut_ptr()
    };
    // SAFETY: the caller's contract for the memory; live list and events.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnAppendMemoryCopy(list, dst, src, size, signal, n, w)
        )
    };
}

/// Appends a fill of `size` bytes with `pattern`.
///
/// # Safety
/// `dst` must stay valid (and unused by the host) until the fill has executed.
pub unsafe fn append_fill(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    pattern: &[u8],
    size: usize,
    signal: ze_event_handle_t,
) {
    // SAFETY: the caller's contract for `dst`; the driver copies the pattern during the call.
    unsafe {
        ze_ok!(
            api,
            CommandList.pfnAppendMemoryFill(
                list,
                dst,
                pattern.as_ptr().cast(),
                pattern.len(),
                size,
                signal,
                0,
                null_mut()
            )
        )
    };
}

/// Appends a barrier that waits for `waits` (and everything before it) and signals `signal`.
pub fn append_barrier(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    signal: ze_event_handle_t,
    waits: &[ze_event_handle_t],
) {
    let mut waits = waits.to_vec();
    let n = waits.len() as u32;
    let w = if waits.is_empty() {
        null_mut()
    } else {
        waits.as_mut_ptr()
    };
    // SAFETY: live list and events; the array holds `n` handles.
    unsafe { ze_ok!(api, CommandList.pfnAppendBarrier(list, signal, n, w)) };
}
