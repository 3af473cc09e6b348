//! Memory for the native baselines, placed as the CPU driver places device memory
//! (`level-zero-cpu`'s `HostPages`): 64-byte aligned, and from one transparent huge page
//! (2 MiB) on, aligned to it and advised onto huge pages. A `Vec` that large starts 16 bytes
//! past a page, so every AVX-512 access straddles two cache lines, and on 4 KiB pages the
//! streaming kernels pay for address translation: native code on a `Vec` would be a
//! handicapped baseline.

use std::alloc::Layout;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// A boxed slice of `T` placed as above.
pub struct Host<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Host` owns its elements like a `Box<[T]>`.
unsafe impl<T: Copy + Send> Send for Host<T> {}
// SAFETY: as above; shared access hands out only `&[T]`.
unsafe impl<T: Copy + Sync> Sync for Host<T> {}

impl<T: Copy> Host<T> {
    /// A copy of `data`.
    pub fn new(data: &[T]) -> Host<T> {
        let bytes = size_of_val(data).max(1);
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 64 };
        let layout = Layout::from_size_align(bytes.next_multiple_of(align), align)
            .expect("a bench buffer's layout");
        // SAFETY: the layout's size is at least 1 byte.
        let ptr = NonNull::new(unsafe { std::alloc::alloc(layout) }.cast::<T>())
            .unwrap_or_else(|| std::alloc::handle_alloc_error(layout));
        if align == HUGE_PAGE {
            // SAFETY: advice on whole huge pages of this fresh allocation (its start and size
            // are multiples of one), before any is touched; it changes no byte, and a system
            // without transparent huge pages refuses it (the pages stay small).
            unsafe { libc::madvise(ptr.as_ptr().cast(), layout.size(), libc::MADV_HUGEPAGE) };
        }
        // SAFETY: the allocation holds `data.len()` elements and is not `data`'s memory.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), ptr.as_ptr(), data.len()) };
        Host {
            ptr,
            len: data.len(),
            layout,
        }
    }
}

impl<T: Copy> Deref for Host<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised elements owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> DerefMut for Host<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, borrowed mutably through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> Drop for Host<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}
