//! Borrowed views: [`ArrayView`] (shared) and [`ArrayViewMut`] (unique) of an array's
//! elements, of any [`Layout`] (sliced, strided, transposed, reinterpreted).
//!
//! A view borrows its array, so the borrow checker decides at compile time what may touch the
//! memory: while an `ArrayView` lives the array may be read (on the host too) but not written;
//! while an `ArrayViewMut` lives nothing else may use the array.
//!
//! ```
//! use onearray::{s, OneArray, SharedBuffer};
//! let mut a = OneArray::<f32, SharedBuffer>::zeroed(6)?.reshape(&[2, 3])?;
//! a.slice_mut(s![.., 1])?.fill(5.0)?; // column 1
//! a[0] = 1.0; // host access again: the view is gone
//! assert_eq!(a.as_slice(), &[1.0, 5.0, 0.0, 0.0, 5.0, 0.0]);
//! assert_eq!(a.t().to_vec()?, [1.0, 0.0, 5.0, 5.0, 0.0, 0.0]);
//! # Ok::<(), onearray::Error>(())
//! ```
//!
//! Host access to the array while a view of it is alive does not compile:
//!
//! ```compile_fail,E0502
//! use onearray::{OneArray, SharedBuffer};
//! let mut a = OneArray::<f32, SharedBuffer>::zeroed(4).unwrap();
//! let v = a.view(1..3).unwrap();
//! a[0] = 1.0;
//! drop(v);
//! ```
//!
//! Views are what [`OneArray`]'s element range `offset..offset + len` is for N-D work:
//! the block (`layout().offset()` and `strides()` count elements of `T` from its start),
//! and whether the layout is one contiguous run ([`Layout::is_contiguous`]).

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer, HostAccessible, HostBuffer};
use crate::layout::{Layout, Offsets, SliceArg, MAX_DIMS};
use crate::pool::block::{BlockRef, HostAccess};
use crate::strided::{self, Side};
use bytemuck::Pod;
use level_zero::{Context, Device, MemoryKind};
use std::marker::PhantomData;
use std::mem::ManuallyDrop;

mod sealed {
    pub trait Sealed {}
}

/// Whether a view is shared ([`Shared`]) or unique ([`Unique`]).
pub trait Access: sealed::Sealed {}

/// Marker of shared, read-only views ([`ArrayView`]).
#[derive(Debug)]
pub enum Shared {}
/// Marker of unique, writable views ([`ArrayViewMut`]).
#[derive(Debug)]
pub enum Unique {}
impl sealed::Sealed for Shared {}
impl sealed::Sealed for Unique {}
impl Access for Shared {}
impl Access for Unique {}

/// A view of elements of an array, borrowed from it for `'a`; see [`ArrayView`] and
/// [`ArrayViewMut`].
pub struct View<'a, T: Pod, B: BufferKind, A: Access> {
    pub(crate) block: &'a BlockRef,
    pub(crate) layout: Layout,
    _t: PhantomData<(&'a mut [T], Kinds<B, A>)>,
}

/// The view's kind and access, as a type that is always `Send`, `Sync` and `Copy`.
type Kinds<B, A> = fn() -> (B, A);

/// A shared view: reads (copies out, host reads for host-visible kinds, kernel inputs).
/// `Copy`, like `&[T]`.
pub type ArrayView<'a, T, B = DeviceBuffer> = View<'a, T, B, Shared>;

/// A unique view: reads and writes (copies in, fills, host writes, kernel outputs), like
/// `&mut [T]`. [`reborrow`](View::reborrow) lends it out again.
pub type ArrayViewMut<'a, T, B = DeviceBuffer> = View<'a, T, B, Unique>;

impl<T: Pod, B: BufferKind> Clone for View<'_, T, B, Shared> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Pod, B: BufferKind> Copy for View<'_, T, B, Shared> {}

/// Anything a view can be taken of: arrays and views. Copies accept any of them as source.
pub trait AsView<T: Pod, B: BufferKind> {
    /// A shared view of all the elements.
    fn as_view(&self) -> ArrayView<'_, T, B>;
}

impl<T: Pod, B: BufferKind> AsView<T, B> for OneArray<T, B> {
    fn as_view(&self) -> ArrayView<'_, T, B> {
        OneArray::as_view(self)
    }
}

impl<T: Pod, B: BufferKind, A: Access> AsView<T, B> for View<'_, T, B, A> {
    fn as_view(&self) -> ArrayView<'_, T, B> {
        self.view()
    }
}

/// A contiguous view seen as an array without owning a handle to the block (the view's
/// borrow keeps the block alive).
pub(crate) struct Flat<'a, T: Pod, B: BufferKind>(
    ManuallyDrop<OneArray<T, B>>,
    PhantomData<&'a BlockRef>,
);

impl<T: Pod, B: BufferKind> std::ops::Deref for Flat<'_, T, B> {
    type Target = OneArray<T, B>;
    fn deref(&self) -> &OneArray<T, B> {
        &self.0
    }
}

impl<T: Pod, B: BufferKind> std::ops::DerefMut for Flat<'_, T, B> {
    fn deref_mut(&mut self) -> &mut OneArray<T, B> {
        &mut self.0
    }
}

impl<'a, T: Pod, B: BufferKind, A: Access> View<'a, T, B, A> {
    pub(crate) fn new(block: &'a BlockRef, layout: Layout) -> Self {
        View {
            block,
            layout,
            _t: PhantomData,
        }
    }

    /// Where the elements are in the block.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Length of each axis.
    pub fn shape(&self) -> &[usize] {
        self.layout.shape()
    }

    /// Elements between neighbours along each axis.
    pub fn strides(&self) -> &[usize] {
        self.layout.strides()
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.layout.ndim()
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.layout.len()
    }

    /// Whether the view has no element.
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// Whether the elements are one contiguous run in row-major order.
    pub fn is_contiguous(&self) -> bool {
        self.layout.is_contiguous()
    }

    /// The device the memory belongs to.
    pub fn device(&self) -> &Device {
        self.block.device()
    }

    /// The context that owns the memory.
    pub fn context(&self) -> &Context {
        self.block.context()
    }

    /// Device, shared or host memory.
    pub fn kind(&self) -> MemoryKind {
        B::KIND
    }

    /// A shared view of the same elements, borrowed from this one.
    pub fn view(&self) -> ArrayView<'_, T, B> {
        View::new(self.block, self.layout)
    }

    /// The view cut along each axis (see [`s!`](crate::s)).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<u8>::from_slice(&[0, 1, 2, 3, 4, 5, 6, 7])?.reshape(&[2, 4])?;
    /// let v = a.as_view().slice(s![1, 1..;2])?;
    /// assert_eq!(v.to_vec()?, [5, 7]);
    /// assert!(a.as_view().slice(s![2, ..]).is_err());
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn slice(self, args: impl AsRef<[SliceArg]>) -> Result<Self> {
        let layout = self.layout.slice(args.as_ref())?;
        Ok(View::new(self.block, layout))
    }

    /// The view with its axes reversed (a matrix transposed).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<u8>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[2, 3])?;
    /// assert_eq!(a.slice(s![.., 1..])?.t().to_vec()?, [2, 5, 3, 6]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn t(self) -> Self {
        let layout = self.layout.reversed();
        View::new(self.block, layout)
    }

    /// The view with its axes in the order `axes` gives (a permutation of `0..ndim`).
    ///
    /// ```
    /// let a = onearray::OneArray::<u16>::zeroed(24)?.reshape(&[2, 3, 4])?;
    /// let p = a.as_view().permuted_axes(&[2, 0, 1])?;
    /// assert_eq!((p.shape(), p.strides()), (&[4, 2, 3][..], &[1, 12, 4][..]));
    /// assert!(a.as_view().permuted_axes(&[0, 0, 1]).is_err());
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn permuted_axes(self, axes: &[usize]) -> Result<Self> {
        let layout = self.layout.permuted(axes)?;
        Ok(View::new(self.block, layout))
    }

    /// The same elements with another shape (contiguous views only).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<u8>::from_slice(&[0, 1, 2, 3, 4, 5, 6, 7])?.reshape(&[2, 4])?;
    /// assert_eq!(a.slice(s![1, ..])?.reshape(&[2, 2])?.to_vec()?, [4, 5, 6, 7]);
    /// assert!(a.slice(s![.., ..2])?.reshape(&[4]).is_err()); // not contiguous
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn reshape(self, shape: &[usize]) -> Result<Self> {
        let layout = self.layout.reshaped(shape)?;
        Ok(View::new(self.block, layout))
    }

    /// Two views: positions `..mid` and `mid..` of `axis` (disjoint, so both may be
    /// mutable).
    ///
    /// ```
    /// use onearray::OneArray;
    /// let mut a = OneArray::<u32>::zeroed(6)?.reshape(&[2, 3])?;
    /// let (mut left, mut right) = a.as_view_mut().split_at(1, 1)?;
    /// left.fill(1)?;
    /// right.fill(2)?;
    /// assert_eq!(a.to_vec()?, [1, 2, 2, 1, 2, 2]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn split_at(self, axis: usize, mid: usize) -> Result<(Self, Self)> {
        let cut = |r: SliceArg| {
            let mut args = [SliceArg::FULL; MAX_DIMS];
            if axis >= self.ndim() {
                return Err(Error::Axes {
                    given: axis + 1,
                    ndim: self.ndim(),
                });
            }
            args[axis] = r;
            self.layout.slice(&args[..self.ndim()])
        };
        let (a, b) = (cut((0..mid).into())?, cut((mid..).into())?);
        Ok((View::new(self.block, a), View::new(self.block, b)))
    }

    /// The same bytes as elements of `U` (a `Pod` type): the last axis must be contiguous,
    /// and its byte length, the other strides, the offset in bytes and the address must suit
    /// `U`'s size and alignment.
    ///
    /// ```
    /// use onearray::{OneArray, SharedBuffer};
    /// let a = OneArray::<u32, SharedBuffer>::from_slice(&[0x0403_0201, 0x0807_0605])?;
    /// let bytes = a.as_view().reinterpret::<u8>()?;
    /// assert_eq!(bytes.shape(), &[8]);
    /// assert_eq!(bytes.iter().copied().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7, 8]);
    /// assert!(bytes.slice(onearray::s![1..5])?.reinterpret::<u32>().is_err()); // misaligned
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn reinterpret<U: Pod>(self) -> Result<View<'a, U, B, A>> {
        let (from, to) = (size_of::<T>(), size_of::<U>());
        let layout = self.layout.reinterpreted(from, to)?;
        let addr = self.block.alloc().as_ptr() as usize + layout.offset() * to;
        if addr % align_of::<U>() != 0 {
            return Err(Error::Reinterpret {
                from,
                to,
                reason: "the first element's address is not aligned for the new type",
            });
        }
        Ok(View::new(self.block, layout))
    }

    /// The view as an array when contiguous (for the array's fast paths).
    pub(crate) fn flat(&self) -> Option<Flat<'_, T, B>> {
        if !self.layout.is_contiguous() {
            return None;
        }
        // SAFETY: the alias lives in a `ManuallyDrop` inside `Flat` (never dropped) for at
        // most the borrow of `self`, during which the view's borrow keeps the block alive.
        let block = ManuallyDrop::into_inner(unsafe { self.block.alias() });
        let a = OneArray::from_block(block, self.layout.offset(), self.layout.len());
        Some(Flat(ManuallyDrop::new(a), PhantomData))
    }

    pub(crate) fn side(&self) -> Side<'_> {
        Side {
            block: self.block,
            layout: self.layout,
        }
    }

    /// The view's memory for its whole borrow.
    pub(crate) fn into_side(self) -> Side<'a> {
        Side {
            block: self.block,
            layout: self.layout,
        }
    }

    /// Copies the elements, in row-major order, into `dst` (lengths must match; blocking).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<i16>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[3, 2])?;
    /// let mut col = [0; 3];
    /// a.slice(s![.., 1])?.copy_to_slice(&mut col)?;
    /// assert_eq!(col, [2, 4, 6]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_to_slice(&self, dst: &mut [T]) -> Result<()> {
        if dst.len() != self.len() {
            return Err(Error::LengthMismatch {
                dst: dst.len(),
                src: self.len(),
            });
        }
        if let Some(flat) = self.flat() {
            return flat.copy_to_slice(dst);
        }
        if B::KIND != MemoryKind::Device {
            self.block.wait_idle()?;
            for (d, o) in dst.iter_mut().zip(self.layout.offsets()) {
                // SAFETY: idle host-visible memory; `o` is an element of the view, inside
                // the block; writers need a unique view or array, excluded by this borrow.
                *d = unsafe { self.base().add(o).read() };
            }
            return Ok(());
        }
        // Gather on the device into a contiguous host block, then one host copy.
        // SAFETY: the copy below writes every element before it is read.
        let tmp = unsafe {
            OneArray::<T, HostBuffer>::uninit_in(self.context(), self.device(), dst.len())
        }?;
        let dst_side = Side {
            block: &tmp.block,
            layout: Layout::contiguous(0, self.shape()),
        };
        strided::copy(dst_side, self.side(), size_of::<T>(), true)?;
        tmp.copy_to_slice(dst)?;
        tmp.unsafe_free()
    }

    /// The elements in row-major order (blocking).
    ///
    /// ```
    /// let a = onearray::OneArray::<i32>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[2, 3])?;
    /// assert_eq!(a.t().to_vec()?, [1, 4, 2, 5, 3, 6]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut v = vec![T::zeroed(); self.len()];
        self.copy_to_slice(&mut v)?;
        Ok(v)
    }

    fn base(&self) -> *mut T {
        self.block.alloc().as_ptr().cast::<T>()
    }
}

impl<'a, T: Pod, B: BufferKind> View<'a, T, B, Unique> {
    /// A unique view of the same elements, borrowed from this one for a while.
    pub fn reborrow(&mut self) -> ArrayViewMut<'_, T, B> {
        View::new(self.block, self.layout)
    }

    /// The view made shared, for the rest of its borrow.
    pub fn into_view(self) -> ArrayView<'a, T, B> {
        View::new(self.block, self.layout)
    }

    /// Host-visible kinds may be written only while no owned view shares the block (so no
    /// host reference into it can exist elsewhere).
    pub(crate) fn check_writable(&self) -> Result<()> {
        self.block.check_writable(B::KIND)
    }

    /// Sets every element to `value` (blocking).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let mut a = OneArray::<u16>::zeroed(8)?;
    /// a.slice_mut(s![..;3])?.fill(9)?;
    /// assert_eq!(a.to_vec()?, [9, 0, 0, 9, 0, 0, 9, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn fill(&mut self, value: T) -> Result<()> {
        self.check_writable()?;
        if let Some(mut flat) = self.flat() {
            return flat.fill(value);
        }
        if B::KIND != MemoryKind::Device {
            self.block.wait_idle()?;
            for o in self.layout.offsets() {
                // SAFETY: idle host-visible memory, element of the view; the unique borrow
                // and the check above exclude every other reference to it.
                unsafe { self.base().add(o).write(value) };
            }
            return Ok(());
        }
        let tmp = OneArray::<T, B>::filled_in(self.context(), self.device(), self.len(), value)?;
        let src = Side {
            block: &tmp.block,
            layout: Layout::contiguous(tmp.offset, self.shape()),
        };
        strided::copy(self.side(), src, size_of::<T>(), true)?;
        tmp.unsafe_free()
    }

    /// Copies `src`, in row-major order, into the view (lengths must match; blocking).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let mut a = OneArray::<i16>::zeroed(6)?.reshape(&[2, 3])?;
    /// a.slice_mut(s![.., 0])?.copy_from_slice(&[7, 8])?;
    /// assert_eq!(a.to_vec()?, [7, 0, 0, 8, 0, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from_slice(&mut self, src: &[T]) -> Result<()> {
        if src.len() != self.len() {
            return Err(Error::LengthMismatch {
                dst: self.len(),
                src: src.len(),
            });
        }
        self.check_writable()?;
        if let Some(mut flat) = self.flat() {
            return flat.copy_from_slice(src);
        }
        if B::KIND != MemoryKind::Device {
            self.block.wait_idle()?;
            for (s, o) in src.iter().zip(self.layout.offsets()) {
                // SAFETY: as in `fill`.
                unsafe { self.base().add(o).write(*s) };
            }
            return Ok(());
        }
        let tmp = OneArray::<T, HostBuffer>::from_slice_in(self.context(), self.device(), src)?;
        let from = Side {
            block: &tmp.block,
            layout: Layout::contiguous(tmp.offset, self.shape()),
        };
        strided::copy(self.side(), from, size_of::<T>(), true)?;
        tmp.unsafe_free()
    }

    /// Copies `src` (an array or view of any kind and layout, same shape) into the view
    /// (blocking): plain copies for contiguous runs, region copies for strided layouts.
    ///
    /// ```
    /// use onearray::OneArray;
    /// let a = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?.reshape(&[2, 3])?;
    /// let mut b = OneArray::<f32>::zeroed(6)?.reshape(&[3, 2])?;
    /// b.as_view_mut().copy_from(&a.t())?;
    /// assert_eq!(b.to_vec()?, [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from<B2: BufferKind>(&mut self, src: &impl AsView<T, B2>) -> Result<()> {
        self.check_writable()?;
        let src = src.as_view();
        strided::copy(self.side(), src.side(), size_of::<T>(), true).map(drop)
    }

    /// Starts the copy [`copy_from`](Self::copy_from) makes and returns its handle; later
    /// uses of either side are ordered after it (as for [`OneArray::copy_from_async`]).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<u8>::from_slice(&[1, 2, 3, 4])?;
    /// let mut b = OneArray::<u8>::zeroed(8)?;
    /// b.slice_mut(s![..;2])?.copy_from_async(&a)?.wait()?;
    /// assert_eq!(b.to_vec()?, [1, 0, 2, 0, 3, 0, 4, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from_async<B2: BufferKind>(
        &mut self,
        src: &impl AsView<T, B2>,
    ) -> Result<level_zero::Pending> {
        self.check_writable()?;
        let src = src.as_view();
        let token = strided::copy(self.side(), src.side(), size_of::<T>(), false)?;
        Ok(level_zero::Pending::on_stream(
            self.context(),
            self.device(),
            token,
        ))
    }
}

impl<T: Pod, B: HostAccessible, A: Access> View<'_, T, B, A> {
    /// Iterates over the elements in row-major order (host-visible kinds; waits for pending
    /// commands that use the memory, and panics if that wait fails).
    ///
    /// ```
    /// use onearray::{s, OneArray, SharedBuffer};
    /// let a = OneArray::<u8, SharedBuffer>::from_slice(&[1, 2, 3, 4])?.reshape(&[2, 2])?;
    /// let col = a.slice(s![.., 1])?;
    /// assert_eq!(col.iter().copied().collect::<Vec<_>>(), [2, 4]);
    /// assert_eq!((col.get(&[1]), col.get(&[2])), (Some(&4), None));
    /// assert_eq!(col[[0]], 2);
    /// assert!(col.as_slice().is_none()); // strided: no slice
    /// assert_eq!(a.slice(s![1, ..])?.as_slice(), Some(&[3, 4][..]));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn iter(&self) -> Iter<'_, T> {
        if let Err(e) = self.block.host_access(HostAccess::Read, true) {
            log::warn!("host read of a view: waiting for its pending work failed: {e}");
        }
        Iter {
            base: self.base(),
            offsets: self.layout.offsets(),
            _t: PhantomData,
        }
    }

    /// The element at `index` (one position per axis), if inside the view.
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        let o = self.layout.offset_of(index)?;
        if let Err(e) = self.block.host_access(HostAccess::Read, true) {
            log::warn!("host read of a view: waiting for its pending work failed: {e}");
        }
        // SAFETY: idle host-visible memory; `o` is an element of the view.
        Some(unsafe { &*self.base().add(o) })
    }

    /// The elements as a slice when the view is contiguous (`None` otherwise: use
    /// [`iter`](Self::iter)). Waits as `iter` does.
    pub fn as_slice(&self) -> Option<&[T]> {
        let flat = self.flat()?;
        let s: &[T] = flat.as_slice();
        // SAFETY: the slice points into the block, which the view's borrow keeps alive
        // (the `Flat` handle is only an uncounted alias of it).
        Some(unsafe { std::slice::from_raw_parts(s.as_ptr(), s.len()) })
    }
}

impl<T: Pod, B: HostAccessible> View<'_, T, B, Unique> {
    /// Iterates mutably over the elements in row-major order; [`Error::ViewsExist`] while
    /// owned views ([`OneArray::view_owned`]) share the block.
    ///
    /// ```
    /// use onearray::{s, OneArray, SharedBuffer};
    /// let mut a = OneArray::<u8, SharedBuffer>::zeroed(6)?.reshape(&[2, 3])?;
    /// for (i, v) in a.slice_mut(s![.., 1..])?.try_iter_mut()?.enumerate() {
    ///     *v = i as u8 + 1;
    /// }
    /// assert_eq!(a.as_slice(), &[0, 1, 2, 0, 3, 4]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn try_iter_mut(&mut self) -> Result<IterMut<'_, T>> {
        self.check_writable()?;
        self.block.host_access(HostAccess::Write, false)?;
        Ok(IterMut {
            base: self.base(),
            offsets: self.layout.offsets(),
            _t: PhantomData,
        })
    }

    /// [`try_iter_mut`](Self::try_iter_mut), panicking while owned views share the block;
    /// takes the memory back from regular command lists that recorded launches over it
    /// (as [`OneArray::as_mut_slice`] does).
    pub fn iter_mut(&mut self) -> IterMut<'_, T> {
        if let Err(e) = self.check_writable() {
            panic!("no mutable host access: {e}");
        }
        if let Err(e) = self.block.host_access(HostAccess::Write, true) {
            log::warn!("host write of a view: waiting for its pending work failed: {e}");
        }
        IterMut {
            base: self.base(),
            offsets: self.layout.offsets(),
            _t: PhantomData,
        }
    }

    /// The elements as a mutable slice: [`Error::NotContiguous`] for strided views,
    /// [`Error::ViewsExist`] while owned views share the block.
    ///
    /// ```
    /// use onearray::{s, Error, OneArray, SharedBuffer};
    /// let mut a = OneArray::<u8, SharedBuffer>::zeroed(6)?.reshape(&[2, 3])?;
    /// a.slice_mut(s![1, ..])?.try_as_mut_slice()?.copy_from_slice(&[4, 5, 6]);
    /// assert!(matches!(
    ///     a.slice_mut(s![.., 0])?.try_as_mut_slice(),
    ///     Err(Error::NotContiguous { .. })
    /// ));
    /// assert_eq!(a.as_slice(), &[0, 0, 0, 4, 5, 6]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn try_as_mut_slice(&mut self) -> Result<&mut [T]> {
        let mut flat = self.flat().ok_or(Error::NotContiguous {
            operation: "a mutable slice",
        })?;
        let s = flat.try_as_mut_slice()?;
        // SAFETY: as in `as_slice`; `&mut self` keeps the elements unique for the lifetime.
        Ok(unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr(), s.len()) })
    }
}

impl<T: Pod, B: HostAccessible, A: Access, const N: usize> std::ops::Index<[usize; N]>
    for View<'_, T, B, A>
{
    type Output = T;
    /// Panics when `index` is outside the view (or waiting for pending commands fails).
    fn index(&self, index: [usize; N]) -> &T {
        match self.get(&index) {
            Some(v) => v,
            None => panic!(
                "index {index:?} is outside a view of shape {:?}",
                self.shape()
            ),
        }
    }
}

impl<T: Pod, B: HostAccessible, const N: usize> std::ops::IndexMut<[usize; N]>
    for View<'_, T, B, Unique>
{
    /// Panics when `index` is outside the view, or while owned views share the block.
    fn index_mut(&mut self, index: [usize; N]) -> &mut T {
        let shape = self.shape().to_vec();
        let Some(o) = self.layout.offset_of(&index) else {
            panic!("index {index:?} is outside a view of shape {shape:?}");
        };
        if let Err(e) = self.check_writable() {
            panic!("no mutable host access: {e}");
        }
        if let Err(e) = self.block.host_access(HostAccess::Write, true) {
            log::warn!("host write of a view: waiting for its pending work failed: {e}");
        }
        // SAFETY: idle host-visible memory, element of the view, unique (checked above).
        unsafe { &mut *self.base().add(o) }
    }
}

impl<T: Pod, B: BufferKind, A: Access> std::fmt::Debug for View<'_, T, B, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(&format!(
            "View<{}, {}>",
            std::any::type_name::<T>(),
            B::KIND.name()
        ))
        .field("layout", &self.layout)
        .finish()
    }
}

/// Elements of a host-visible view in row-major order ([`View::iter`]).
pub struct Iter<'a, T> {
    base: *const T,
    offsets: Offsets,
    _t: PhantomData<&'a T>,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        let o = self.offsets.next()?;
        // SAFETY: `o` is an element of the view, whose borrow (`'a`) keeps the idle memory
        // alive and unwritten.
        Some(unsafe { &*self.base.add(o) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

/// Elements of a host-visible unique view in row-major order ([`View::iter_mut`]).
pub struct IterMut<'a, T> {
    base: *mut T,
    offsets: Offsets,
    _t: PhantomData<&'a mut T>,
}

impl<'a, T> Iterator for IterMut<'a, T> {
    type Item = &'a mut T;
    fn next(&mut self) -> Option<&'a mut T> {
        let o = self.offsets.next()?;
        // SAFETY: as in `Iter`; a layout maps distinct indices to distinct elements, so
        // each element is handed out once, and the unique borrow excludes other users.
        Some(unsafe { &mut *self.base.add(o) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.offsets.size_hint()
    }
}

impl<T> ExactSizeIterator for IterMut<'_, T> {}
