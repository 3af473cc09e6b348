//! Memory allocated elsewhere as arrays: adopted (owned: freed through its context when the
//! array goes) or borrowed (never freed here; a lifetime ties it to its owner).
//!
//! Host slices need no wrapper: [`OneArray::copy_from_slice`], [`OneArray::write_at`],
//! [`OneArray::copy_to_slice`] and [`OneArray::read_at`] copy straight from and into a
//! borrowed `&[T]` / `&mut [T]` (pageable memory; on GPUs large uploads go through the pinned
//! staging ring), with no intermediate host copy. They block: an asynchronous copy out of a
//! plain slice cannot be made sound with a handle (forgetting the handle would end the borrow
//! while the device still reads).

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer};
use crate::pool;
use crate::view::{ArrayView, ArrayViewMut};
use bytemuck::Pod;
use level_zero::{Allocation, Context, Device};
use std::marker::PhantomData;

fn foreign(what: String) -> Error {
    Error::Foreign { what }
}

/// Wraps `len` elements at `ptr` as a block of `(ctx, dev, B)`'s pool.
///
/// # Safety
/// As for [`Allocation::from_raw`].
unsafe fn wrap<T: Pod, B: BufferKind>(
    ctx: &Context,
    dev: &Device,
    ptr: *mut T,
    len: usize,
    owned: bool,
) -> Result<OneArray<T, B>> {
    if !ptr.is_aligned() {
        return Err(foreign(format!(
            "{ptr:p} is not aligned for {} ({} bytes)",
            std::any::type_name::<T>(),
            align_of::<T>()
        )));
    }
    let bytes = len
        .checked_mul(size_of::<T>())
        .ok_or_else(|| foreign(format!("{len} elements overflow the address space")))?;
    // SAFETY: passed on from the caller.
    let alloc = unsafe { Allocation::from_raw(ctx, ptr.cast(), bytes, owned)? };
    if alloc.kind() != B::KIND {
        return Err(foreign(format!(
            "{ptr:p} is {} memory, the array type wants {}",
            alloc.kind().name(),
            B::KIND.name()
        )));
    }
    if let Some(d) = alloc.associated_device() {
        if d != dev {
            return Err(foreign(format!(
                "{ptr:p} belongs to another device than the one given"
            )));
        }
    }
    let block = pool::pool_for(ctx, dev, B::KIND).adopt(alloc);
    Ok(OneArray::from_block(block, 0, len))
}

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// Adopts `len` elements of USM memory allocated elsewhere at `ptr`: the array owns it
    /// and frees it through `ctx` when it goes (after the commands using it), bypassing the
    /// pool. The driver checks that the range is one allocation of `ctx` of kind `B` (on
    /// `dev` for device memory); mismatches are [`Error::Foreign`] or a driver error.
    ///
    /// ```
    /// use level_zero::{default_context, default_device, Allocation};
    /// use onearray::OneArray;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let raw = Allocation::device(&ctx, &dev, 400, 64)?;
    /// let ptr = raw.as_ptr().cast::<f32>();
    /// std::mem::forget(raw); // as if a C library had allocated it
    /// // SAFETY: nothing else frees `ptr`; it is the base of a 400-byte allocation.
    /// let mut a = unsafe { OneArray::<f32>::from_raw_owned(&ctx, &dev, ptr, 100)? };
    /// a.fill(1.5)?;
    /// assert_eq!(a.to_vec()?, vec![1.5; 100]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    ///
    /// # Safety
    /// `ptr` is the base of a live USM allocation of `ctx` of at least `len` elements, whose
    /// contents are initialised, and which nothing else frees or uses after this call.
    pub unsafe fn from_raw_owned(
        ctx: &Context,
        dev: &Device,
        ptr: *mut T,
        len: usize,
    ) -> Result<Self> {
        // SAFETY: passed on from the caller.
        unsafe { wrap(ctx, dev, ptr, len, true) }
    }

    /// Borrows `len` elements of USM memory at `ptr` owned by something else, for as long as
    /// `owner` is borrowed: the memory is never freed here, and dropping the [`Borrowed`]
    /// waits for the commands that use it, so the owner may free it right after.
    ///
    /// ```
    /// use level_zero::{default_context, default_device, Allocation};
    /// use onearray::{OneArray, SharedBuffer};
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let theirs = Allocation::shared(&ctx, Some(&dev), 64 * 4, 0)?;
    /// {
    ///     // SAFETY: `theirs` is a live, zero-initialised allocation of 64 u32; `b` borrows it.
    ///     let mut b = unsafe {
    ///         OneArray::<u32, SharedBuffer>::borrow_raw(&theirs, &ctx, &dev, theirs.as_ptr().cast(), 64)?
    ///     };
    ///     b.view_mut().fill(9)?;
    ///     let mut copy = OneArray::<u32>::zeroed(64)?;
    ///     copy.as_view_mut().copy_from(&b.view())?;
    ///     assert_eq!(copy.to_vec()?, vec![9; 64]);
    ///     assert_eq!(b.view().as_slice(), Some(&[9; 64][..]));
    /// }
    /// drop(theirs); // freed by its owner, after `b`
    /// # Ok::<(), onearray::Error>(())
    /// ```
    ///
    /// The borrow cannot outlive the owner:
    ///
    /// ```compile_fail,E0505
    /// use level_zero::{default_context, default_device, Allocation};
    /// use onearray::{OneArray, SharedBuffer};
    /// let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    /// let theirs = Allocation::shared(&ctx, Some(&dev), 64, 0).unwrap();
    /// let b = unsafe {
    ///     OneArray::<u8, SharedBuffer>::borrow_raw(&theirs, &ctx, &dev, theirs.as_ptr().cast(), 64).unwrap()
    /// };
    /// drop(theirs);
    /// drop(b);
    /// ```
    ///
    /// # Safety
    /// `ptr..ptr + len` lies in a USM allocation of `ctx` with initialised contents that stays
    /// allocated while `owner` is borrowed, and that nothing else writes meanwhile (or reads,
    /// while the borrow writes).
    pub unsafe fn borrow_raw<'a, O: ?Sized>(
        owner: &'a O,
        ctx: &Context,
        dev: &Device,
        ptr: *mut T,
        len: usize,
    ) -> Result<Borrowed<'a, T, B>> {
        let _ = owner;
        // SAFETY: passed on from the caller.
        let array = unsafe { wrap(ctx, dev, ptr, len, false)? };
        Ok(Borrowed {
            array,
            _owner: PhantomData,
        })
    }
}

/// USM memory owned elsewhere, used as an array for `'a` (see [`OneArray::borrow_raw`]).
///
/// It lends out views only ([`view`](Self::view), [`view_mut`](Self::view_mut): copies,
/// fills, kernel arguments, host access for host-visible kinds), never an owned array, so
/// nothing of it outlives `'a`. Dropping it waits for the commands that use the memory.
pub struct Borrowed<'a, T: Pod, B: BufferKind = DeviceBuffer> {
    array: OneArray<T, B>,
    _owner: PhantomData<&'a ()>,
}

impl<T: Pod, B: BufferKind> Borrowed<'_, T, B> {
    /// A shared view of the elements.
    pub fn view(&self) -> ArrayView<'_, T, B> {
        self.array.as_view()
    }

    /// A unique view of the elements.
    pub fn view_mut(&mut self) -> ArrayViewMut<'_, T, B> {
        self.array.as_view_mut()
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.array.len()
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.array.is_empty()
    }

    /// The address of the first element.
    pub fn as_ptr(&self) -> *const T {
        self.array.as_ptr()
    }

    /// The device the memory is used on.
    pub fn device(&self) -> &Device {
        self.array.device()
    }
}

impl<T: Pod, B: BufferKind> Drop for Borrowed<'_, T, B> {
    fn drop(&mut self) {
        // The owner may free the memory as soon as the borrow ends: no command may still
        // use it (commands keep only the never-freeing wrapper alive).
        if let Err(e) = self.array.wait_idle() {
            log::error!("waiting for commands using borrowed memory failed: {e}");
        }
    }
}

impl<T: Pod, B: BufferKind> std::fmt::Debug for Borrowed<'_, T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Borrowed").field(&self.array).finish()
    }
}
