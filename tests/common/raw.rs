//! The one helper of the driver scenario suite, which calls the DDI through the checked result
//! layer (`level_zero_sys::calls`) with `Default` (stype-filled) descriptors: the codes it
//! compares results with, the count-and-array query, test data, and the objects scenarios set
//! up on the way to what they check (event pools and events, lists and queues, memory, kernel
//! arguments). A scenario that checks one of those calls makes it itself.

use level_zero_sys::calls::{command_list, command_queue, event, event_pool, kernel, mem};
use level_zero_sys::*;
use level_zero_sys::{ze_result_t as R, ZeError};
use std::ffi::c_void;
use std::ptr::null_mut;

pub const SUCCESS: R = R::ZE_RESULT_SUCCESS;
pub const NOT_READY: R = R::ZE_RESULT_NOT_READY;
pub const NULL_HANDLE: R = R::ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
pub const NULL_POINTER: R = R::ZE_RESULT_ERROR_INVALID_NULL_POINTER;
pub const INVALID_ARGUMENT: R = R::ZE_RESULT_ERROR_INVALID_ARGUMENT;
pub const INVALID_ENUMERATION: R = R::ZE_RESULT_ERROR_INVALID_ENUMERATION;
pub const INVALID_SIZE: R = R::ZE_RESULT_ERROR_INVALID_SIZE;
pub const OUT_OF_DEVICE_MEMORY: R = R::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;

/// What a call returned: `SUCCESS` for `Ok`, else the error's code.
pub fn code<T>(result: Result<T, ZeError>) -> R {
    result.err().map_or(SUCCESS, |e| e.result)
}

/// Asserts that a call returned `want` (which may be `SUCCESS`), naming what it returned.
#[track_caller]
pub fn expect<T>(result: Result<T, ZeError>, want: R) {
    match result {
        Err(e) => assert!(e.result == want, "{e}; want {want}"),
        Ok(_) => assert!(want == SUCCESS, "the call succeeded; want {want}"),
    }
}

/// The spec's count-and-array protocol (`zeDriverGet`, `zeDeviceGet`, ...): asks for the
/// count with a null array, then fills that many.
pub fn array<T: Clone>(
    init: T,
    mut query: impl FnMut(*mut u32, *mut T) -> Result<(), ZeError>,
) -> Vec<T> {
    let mut count = 0;
    query(&mut count, null_mut()).expect("count query");
    let mut items = vec![init; count as usize];
    query(&mut count, items.as_mut_ptr()).expect("array query");
    items.truncate(count as usize);
    items
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

/// `len` bytes of a recognisable pattern depending on `seed`.
pub fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed) ^ (i >> 8) as u8)
        .collect()
}

/// Copies `bytes` to host-accessible memory.
/// # Safety
/// `ptr` is valid for writes of `bytes.len()` bytes that no command is using.
pub unsafe fn write(ptr: *mut c_void, bytes: &[u8]) {
    // SAFETY: the caller's contract.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast(), bytes.len()) }
}

/// Reads `len` bytes of host-accessible memory.
/// # Safety
/// `ptr` is valid for reads of `len` bytes that no command is writing.
pub unsafe fn read(ptr: *const c_void, len: usize) -> Vec<u8> {
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }.to_vec()
}

/// A new event pool of `count` events with `flags` in `ctx`.
///
/// # Safety
/// `ctx` is a live context of `api`.
pub unsafe fn create_event_pool(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    flags: ze_event_pool_flags_t,
    count: u32,
) -> ze_event_pool_handle_t {
    let desc = ze_event_pool_desc_t {
        flags,
        count,
        ..Default::default()
    };
    // SAFETY: the caller's contract; a valid descriptor, no devices.
    unsafe { event_pool::create(api, ctx, &desc, 0, null_mut()) }.unwrap()
}

/// A new event at `index` of `pool`.
///
/// # Safety
/// `pool` is a live event pool of `api`.
pub unsafe fn create_event(
    api: &Dispatch,
    pool: ze_event_pool_handle_t,
    index: u32,
) -> ze_event_handle_t {
    let desc = ze_event_desc_t {
        index,
        ..Default::default()
    };
    // SAFETY: the caller's contract; a valid descriptor.
    unsafe { event::create(api, pool, &desc) }.unwrap()
}

/// An event pool of `N` events with its events at indices `0..N`. Dropping it destroys the
/// events, then the pool (not while a panic unwinds: the test has failed already).
pub struct EventPool<'a, const N: usize> {
    api: &'a Dispatch,
    pool: ze_event_pool_handle_t,
    events: [ze_event_handle_t; N],
}

impl<'a, const N: usize> EventPool<'a, N> {
    /// A host-visible pool of `N` events in `ctx`, and its events.
    ///
    /// # Safety
    /// As for [`EventPool::with_flags`].
    pub unsafe fn host_visible(
        api: &'a Dispatch,
        ctx: ze_context_handle_t,
    ) -> (Self, [ze_event_handle_t; N]) {
        let flags = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
        // SAFETY: the caller's contract.
        unsafe { Self::with_flags(api, ctx, flags.into()) }
    }

    /// A pool of `N` events with `flags` in `ctx`, and its events.
    ///
    /// # Safety
    /// `ctx` is a live context of `api`; the pool is dropped before `ctx` is destroyed, and
    /// while no pending command uses its events.
    pub unsafe fn with_flags(
        api: &'a Dispatch,
        ctx: ze_context_handle_t,
        flags: ze_event_pool_flags_t,
    ) -> (Self, [ze_event_handle_t; N]) {
        // SAFETY: the caller's contract.
        let pool = unsafe { create_event_pool(api, ctx, flags, N as u32) };
        // SAFETY: the pool was just created, with room for `N` events.
        let events = std::array::from_fn(|i| unsafe { create_event(api, pool, i as u32) });
        (Self { api, pool, events }, events)
    }
}

impl<const N: usize> Drop for EventPool<'_, N> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        // SAFETY: the handles are live handles of `api`, unused by any pending command (the
        // constructor's contract).
        unsafe {
            for e in self.events {
                event::destroy(self.api, e).unwrap();
            }
            event_pool::destroy(self.api, self.pool).unwrap();
        }
    }
}

/// An immediate list on `dev` in `mode`.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn immediate(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    mode: ze_command_queue_mode_t,
) -> ze_command_list_handle_t {
    let desc = ze_command_queue_desc_t {
        mode,
        ..Default::default()
    };
    // SAFETY: the caller's contract; a valid descriptor.
    unsafe { command_list::create_immediate(api, ctx, dev, &desc) }.unwrap()
}

/// A regular command list on `dev` for the queue group `ordinal`.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn regular_list(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ordinal: u32,
) -> ze_command_list_handle_t {
    let desc = ze_command_list_desc_t {
        commandQueueGroupOrdinal: ordinal,
        ..Default::default()
    };
    // SAFETY: the caller's contract; a valid descriptor.
    unsafe { command_list::create(api, ctx, dev, &desc) }.unwrap()
}

/// The command queue `index` of the queue group `ordinal` of `dev`, in `mode`.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn queue_at(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    ordinal: u32,
    index: u32,
    mode: ze_command_queue_mode_t,
) -> ze_command_queue_handle_t {
    let desc = ze_command_queue_desc_t {
        ordinal,
        index,
        mode,
        ..Default::default()
    };
    // SAFETY: the caller's contract; a valid descriptor.
    unsafe { command_queue::create(api, ctx, dev, &desc) }.unwrap()
}

/// An asynchronous command queue: the first of the compute group of `dev`.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn async_queue(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
) -> ze_command_queue_handle_t {
    let mode = ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
    // SAFETY: the caller's contract.
    unsafe { queue_at(api, ctx, dev, 0, 0, mode) }
}

/// Closes the regular list `list`, runs it once on a new asynchronous queue of `dev`, waits for
/// the queue, and destroys the queue.
///
/// # Safety
/// `ctx`, `dev` and `list` are live handles of `api`; `list` is open and on the compute group,
/// and what it uses stays live until this returns.
pub unsafe fn close_and_run(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    list: ze_command_list_handle_t,
) {
    // SAFETY: the caller's contract; the queue is the one created here.
    unsafe {
        command_list::close(api, list).unwrap();
        let queue = async_queue(api, ctx, dev);
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        command_queue::synchronize(api, queue, u64::MAX).unwrap();
        command_queue::destroy(api, queue).unwrap();
    }
}

/// `size` bytes of host memory.
///
/// # Safety
/// `ctx` is a live context of `api`.
pub unsafe fn host_mem(api: &Dispatch, ctx: ze_context_handle_t, size: usize) -> *mut c_void {
    // SAFETY: the caller's contract; a default descriptor.
    unsafe { mem::alloc_host(api, ctx, &Default::default(), size, 0) }.unwrap()
}

/// `size` bytes of device memory on `dev`.
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`.
pub unsafe fn device_mem(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    size: usize,
) -> *mut c_void {
    // SAFETY: the caller's contract; a default descriptor.
    unsafe { mem::alloc_device(api, ctx, &Default::default(), size, 0, dev) }.unwrap()
}

/// `size` bytes of shared memory bound to `dev` (null: to no device).
///
/// # Safety
/// `ctx` is a live context of `api`, `dev` null or a live device of `api`.
pub unsafe fn shared_mem(
    api: &Dispatch,
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    size: usize,
) -> *mut c_void {
    // SAFETY: the caller's contract; default descriptors.
    unsafe {
        mem::alloc_shared(
            api,
            ctx,
            &Default::default(),
            &Default::default(),
            size,
            0,
            dev,
        )
    }
    .unwrap()
}

/// Sets argument `index` of `k` to `value`'s bytes (a pointer argument: the pointer itself).
///
/// # Safety
/// `k` is a live kernel of `api` whose argument `index` is `size_of::<T>()` bytes.
pub unsafe fn set_arg<T>(api: &Dispatch, k: ze_kernel_handle_t, index: u32, value: &T) {
    let size = std::mem::size_of::<T>();
    // SAFETY: the caller's contract; `value` is valid for reads of `size` bytes.
    unsafe { kernel::set_argument_value(api, k, index, size, (value as *const T).cast()) }.unwrap()
}

/// A launch of `x` groups along X and one along Y and Z.
pub fn groups(x: u32) -> ze_group_count_t {
    ze_group_count_t {
        groupCountX: x,
        groupCountY: 1,
        groupCountZ: 1,
    }
}

/// Appends a fill of `size` bytes at `dst` with `pattern` to `list`, with no events.
///
/// # Safety
/// `list` is a live command list of `api`; `dst` is valid for `size` bytes until the fill is
/// done.
pub unsafe fn append_fill(
    api: &Dispatch,
    list: ze_command_list_handle_t,
    dst: *mut c_void,
    pattern: &[u8],
    size: usize,
) {
    let (from, len) = (pattern.as_ptr().cast(), pattern.len());
    // SAFETY: the caller's contract; the driver copies the pattern at the append.
    unsafe {
        command_list::append_memory_fill(api, list, dst, from, len, size, null_mut(), 0, null_mut())
    }
    .unwrap()
}
