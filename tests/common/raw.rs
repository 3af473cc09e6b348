//! The one helper of the driver scenario suite, which calls the DDI through the checked result
//! layer (`level_zero_sys::calls`) with `Default` (stype-filled) descriptors: the codes it
//! compares results with, the count-and-array query, and test data.

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
