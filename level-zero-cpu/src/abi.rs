//! Helpers every entry point uses: turn a Rust `Result` into a `ze_result_t` without letting
//! a panic cross the C boundary, check `stype`s, and write through out-pointers.

use level_zero_sys::{version_parts, ze_api_version_t, ze_result_t, ze_structure_type_t, Stype};
use std::ffi::c_char;

/// Result of the Rust side of an entry point.
pub type ZeResult<T = ()> = Result<T, ze_result_t>;

pub const INVALID_ARGUMENT: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT;
pub const NULL_POINTER: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_POINTER;
pub const INVALID_ENUM: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_ENUMERATION;
pub const INVALID_SIZE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_SIZE;

/// Runs the body of an entry point: `Ok` → `ZE_RESULT_SUCCESS`, `Err(code)` → `code`, and a
/// panic (a driver bug) → `ZE_RESULT_ERROR_UNKNOWN` with a message, never unwinding into C.
/// Every error is also recorded for the calling thread ([`last_error`]), which
/// `zeDriverGetLastErrorDescription` describes; a success leaves the record alone.
pub fn entry(name: &str, body: impl FnOnce() -> ZeResult) -> ze_result_t {
    // `try_with`: entry points are called as threads end too (a thread's stream is destroyed
    // with its thread-locals), when the thread-locals may be gone.
    let _ = DETAIL.try_with(|d| d.borrow_mut().take());
    let code = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(Ok(())) => return ze_result_t::ZE_RESULT_SUCCESS,
        Ok(Err(code)) => code,
        Err(_) => {
            eprintln!("level-zero-cpu: internal error in {name}");
            ze_result_t::ZE_RESULT_ERROR_UNKNOWN
        }
    };
    // `NOT_READY`, the warnings and the answers of yes-or-no queries are statuses, not errors
    // (whose codes start at 0x70000000).
    let answer =
        code == ze_result_t::ZE_RESULT_QUERY_TRUE || code == ze_result_t::ZE_RESULT_QUERY_FALSE;
    if code.0 as u32 >= 0x7000_0000 && !answer {
        let detail = DETAIL.try_with(|d| d.borrow_mut().take()).ok().flatten();
        let _ =
            LAST_ERROR.try_with(|last| *last.borrow_mut() = Some((name.to_string(), code, detail)));
    }
    code
}

thread_local! {
    /// The entry point, result and explanation of the last error this thread was given.
    static LAST_ERROR: std::cell::RefCell<Option<LastError>> =
        const { std::cell::RefCell::new(None) };
    /// What the current entry point said of why it fails ([`explain`]).
    static DETAIL: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// An error an entry point returned: its name, the result, and why, if it said.
pub type LastError = (String, ze_result_t, Option<String>);

/// The last error an entry point returned to this thread.
pub fn last_error() -> Option<LastError> {
    LAST_ERROR
        .try_with(|last| last.borrow().clone())
        .ok()
        .flatten()
}

/// Says why the current entry point fails (on stderr, and for
/// `zeDriverGetLastErrorDescription` once it returns its error).
pub fn explain(text: String) {
    eprintln!("level-zero-cpu: {text}");
    let _ = DETAIL.try_with(|d| *d.borrow_mut() = Some(text));
}

/// Validates a DDI table getter's call (`zeGet*ProcAddrTable` and the sysman ones): a
/// non-null table and a 1.x version; `Ok(minor)` is the requested minor version.
pub fn accept<T>(version: ze_api_version_t, table: *mut T) -> ZeResult<u32> {
    if table.is_null() {
        return Err(NULL_POINTER);
    }
    match version_parts(version) {
        (1, minor) => Ok(minor),
        _ => Err(ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION),
    }
}

/// Fails with `code` unless `condition` holds.
pub fn ensure(condition: bool, code: ze_result_t) -> ZeResult {
    if condition {
        Ok(())
    } else {
        Err(code)
    }
}

/// A structure the caller passes in or out, with its `stype` as the first field.
pub trait Typed: Stype<Kind = ze_structure_type_t> {}
impl<T: Stype<Kind = ze_structure_type_t>> Typed for T {}

/// Borrows an input descriptor, checking it is non-null and carries the right `stype`.
///
/// # Safety
/// A non-null `ptr` must point to a readable `T` for the duration of the call.
pub unsafe fn input<'a, T: Typed>(ptr: *const T) -> ZeResult<&'a T> {
    // SAFETY: caller guarantees validity of a non-null pointer.
    let value = unsafe { ptr.as_ref() }.ok_or(NULL_POINTER)?;
    ensure(value.stype() == T::STYPE, INVALID_ARGUMENT)?;
    Ok(value)
}

/// Borrows an output structure, checking it is non-null and carries the right `stype`.
///
/// # Safety
/// A non-null `ptr` must point to a writable `T` for the duration of the call.
pub unsafe fn output<'a, T: Typed>(ptr: *mut T) -> ZeResult<&'a mut T> {
    // SAFETY: forwarded caller contract.
    unsafe { output_as(ptr, &[]) }
}

/// Like [`output`], also accepting the later versions of the structure in `versions` (such as
/// `ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2`). Structures chained on `pNext` that a query does
/// not know are left alone, as the spec allows.
///
/// # Safety
/// A non-null `ptr` must point to a writable `T` for the duration of the call.
pub unsafe fn output_as<'a, T: Typed>(
    ptr: *mut T,
    versions: &[ze_structure_type_t],
) -> ZeResult<&'a mut T> {
    // SAFETY: caller guarantees validity of a non-null pointer.
    let value = unsafe { ptr.as_mut() }.ok_or(NULL_POINTER)?;
    let stype = value.stype();
    // Zeroed memory (stype 0) is taken as the base structure, as Intel's driver takes it:
    // Intel MPI's GPU support queries queue groups through a zeroed array.
    if stype != T::STYPE && stype.0 != 0 && !versions.contains(&stype) {
        explain(format!(
            "an output structure's stype is {} ({stype:?}), not {:?}",
            stype.0,
            T::STYPE
        ));
        return Err(INVALID_ARGUMENT);
    }
    Ok(value)
}

/// Writes `value` through a non-null out-pointer.
///
/// # Safety
/// A non-null `ptr` must be valid for writes of `T`.
pub unsafe fn write<T>(ptr: *mut T, value: T) -> ZeResult {
    ensure(!ptr.is_null(), NULL_POINTER)?;
    // SAFETY: non-null and, by the caller's contract, writable.
    unsafe { ptr.write(value) };
    Ok(())
}

/// The spec's count-and-array protocol: with `*count == 0` (or a null array) report the
/// total; otherwise write up to `*count` items and set `*count` to the number written.
///
/// # Safety
/// `count` must be valid for reads and writes; a non-null `array` must have room for
/// `*count` items.
pub unsafe fn write_array<T: Copy>(count: *mut u32, array: *mut T, items: &[T]) -> ZeResult {
    ensure(!count.is_null(), NULL_POINTER)?;
    // SAFETY: non-null, valid by contract.
    let requested = unsafe { *count } as usize;
    if requested == 0 || array.is_null() {
        // SAFETY: as above.
        unsafe { *count = items.len() as u32 };
        return Ok(());
    }
    let n = requested.min(items.len());
    // SAFETY: the caller's array has room for `requested >= n` items.
    unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), array, n) };
    // SAFETY: as above.
    unsafe { *count = n as u32 };
    Ok(())
}

/// Copies `text` into a fixed C string field, truncating and NUL-terminating.
pub fn write_str(field: &mut [c_char], text: &str) {
    let n = text.len().min(field.len().saturating_sub(1));
    for (dst, src) in field.iter_mut().zip(text.as_bytes()[..n].iter()) {
        *dst = *src as c_char;
    }
    if let Some(nul) = field.get_mut(n) {
        *nul = 0;
    }
}
