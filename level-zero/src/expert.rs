//! The expert layer: unchecked copies and fills on raw pointers, as oneAPI.jl's
//! `unsafe_copyto!` and `unsafe_fill!`. They run on the calling thread's stream and return
//! when the work is done.

use crate::commands::Commands;
use crate::context::Context;
use crate::deps::Deps;
use crate::device::Device;
use crate::error::{invalid, Result};
use std::ffi::c_void;

/// Copies `n` bytes from `src` to `dst` (host or device pointers) on `device`, and waits.
///
/// # Safety
/// Nothing is checked: `src` must be readable and `dst` writable for `n` bytes, both
/// reachable by `device` in `ctx` (or host memory the driver may copy from/to), and not
/// freed or accessed concurrently until the call returns.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let buf = Allocation::device(&ctx, &dev, 16, 0)?;
/// let (src, mut back) = ([1u8; 16], [0u8; 16]);
/// // SAFETY: 16 bytes each; `buf` is live device memory of `ctx`.
/// unsafe {
///     unsafe_copyto(&ctx, &dev, buf.as_ptr(), src.as_ptr().cast(), 16)?;
///     unsafe_copyto(&ctx, &dev, back.as_mut_ptr().cast(), buf.as_ptr(), 16)?;
/// }
/// assert_eq!(back, src);
/// # Ok::<(), level_zero::Error>(())
/// ```
pub unsafe fn unsafe_copyto(
    ctx: &Context,
    device: &Device,
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
) -> Result<()> {
    crate::stream::with_stream(ctx, device, |s| {
        // SAFETY: the caller's contract; we wait before returning.
        unsafe { s.copy_raw(dst, src, n, Deps::NONE, Vec::new()) }?;
        s.synchronize()
    })
}

/// Fills `n` bytes at `ptr` with `pattern` repeated (power-of-two length) on `device`, and
/// waits.
///
/// # Safety
/// Nothing is checked: `ptr` must be writable by `device` for `n` bytes and not freed or
/// accessed concurrently until the call returns.
pub unsafe fn unsafe_fill(
    ctx: &Context,
    device: &Device,
    ptr: *mut c_void,
    pattern: &[u8],
    n: usize,
) -> Result<()> {
    if pattern.is_empty() || !pattern.len().is_power_of_two() {
        return Err(invalid(format!(
            "fill pattern of {} bytes: the length must be a power of two",
            pattern.len()
        )));
    }
    crate::stream::with_stream(ctx, device, |s| {
        let handle = s.handle();
        let pattern = pattern.to_vec();
        s.record(Deps::NONE, Vec::new(), &mut |dispatch, (sig, nw, waits)| {
            // SAFETY: the caller's contract for `ptr`; the driver copies the pattern.
            unsafe {
                level_zero_sys::calls::command_list::append_memory_fill(
                    dispatch,
                    handle,
                    ptr,
                    pattern.as_ptr().cast(),
                    pattern.len(),
                    n,
                    sig,
                    nw,
                    waits,
                )
            }
        })?;
        s.synchronize()
    })
}
