//! The views an array lends: [`OneArray::as_view`], [`view`](OneArray::view),
//! [`slice`](OneArray::slice), [`t`](OneArray::t), [`reinterpret`](OneArray::reinterpret) and
//! their `_mut` variants. Views stand on arrays (a contiguous view's copies and fills are the
//! array's), so these methods of `OneArray` are kept here, above `array.rs` and `view.rs`.

use crate::array::OneArray;
use crate::error::Result;
use crate::kinds::BufferKind;
use crate::layout::{Layout, SliceArg};
use crate::view::{ArrayView, ArrayViewMut, View};
use bytemuck::Pod;
use std::ops::{Bound, Range, RangeBounds};

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// A shared view of all the elements, with the array's shape.
    pub fn as_view(&self) -> ArrayView<'_, T, B> {
        View::new(&self.block, self.layout())
    }

    /// A unique view of all the elements, with the array's shape.
    pub fn as_view_mut(&mut self) -> ArrayViewMut<'_, T, B> {
        let layout = self.layout();
        View::new(&self.block, layout)
    }

    fn range(&self, range: impl RangeBounds<usize>) -> Result<Range<usize>> {
        let start = match range.start_bound() {
            Bound::Included(&s) => s,
            Bound::Excluded(&s) => s.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let end = match range.end_bound() {
            Bound::Included(&e) => e.saturating_add(1),
            Bound::Excluded(&e) => e,
            Bound::Unbounded => self.len,
        };
        self.check_range(&(start..end))?;
        Ok(start..end)
    }

    /// A 1-D view of elements `range` (row-major), borrowing the array: while it lives the
    /// array may be read but not written.
    ///
    /// ```
    /// let a = onearray::OneArray::<u32>::from_slice(&[0, 1, 2, 3, 4])?;
    /// let v = a.view(1..4)?;
    /// assert_eq!(v.to_vec()?, [1, 2, 3]);
    /// assert_eq!(a.view(..)?.len(), 5);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn view(&self, range: impl RangeBounds<usize>) -> Result<ArrayView<'_, T, B>> {
        let r = self.range(range)?;
        Ok(View::new(
            &self.block,
            Layout::contiguous(self.offset + r.start, &[r.len()]),
        ))
    }

    /// A unique 1-D view of elements `range`, borrowing the array mutably.
    ///
    /// ```
    /// let mut a = onearray::OneArray::<u32>::zeroed(5)?;
    /// a.view_mut(3..)?.copy_from_slice(&[7, 8])?;
    /// assert_eq!(a.to_vec()?, [0, 0, 0, 7, 8]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn view_mut(&mut self, range: impl RangeBounds<usize>) -> Result<ArrayViewMut<'_, T, B>> {
        let r = self.range(range)?;
        Ok(View::new(
            &self.block,
            Layout::contiguous(self.offset + r.start, &[r.len()]),
        ))
    }

    /// The array cut along each axis (see [`s!`](crate::s)), as a shared view.
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<u32>::from_slice(&(0..12).collect::<Vec<_>>())?.reshape(&[3, 4])?;
    /// assert_eq!(a.slice(s![1.., ..;2])?.to_vec()?, [4, 6, 8, 10]);
    /// assert_eq!(a.slice(s![.., 3])?.to_vec()?, [3, 7, 11]); // an index removes its axis
    /// assert!(a.slice(s![.., 4]).is_err());
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn slice(&self, args: impl AsRef<[SliceArg]>) -> Result<ArrayView<'_, T, B>> {
        self.as_view().slice(args)
    }

    /// The array cut along each axis, as a unique view.
    ///
    /// ```
    /// use onearray::{s, OneArray, SharedBuffer};
    /// let mut a = OneArray::<i8, SharedBuffer>::zeroed(9)?.reshape(&[3, 3])?;
    /// for (i, v) in a.slice_mut(s![.., 0])?.iter_mut().enumerate() {
    ///     *v = i as i8 + 1;
    /// }
    /// assert_eq!(a.as_slice(), &[1, 0, 0, 2, 0, 0, 3, 0, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn slice_mut(&mut self, args: impl AsRef<[SliceArg]>) -> Result<ArrayViewMut<'_, T, B>> {
        self.as_view_mut().slice(args)
    }

    /// The array with its axes reversed (a matrix transposed), as a shared view.
    ///
    /// ```
    /// let a = onearray::OneArray::<u8>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[2, 3])?;
    /// let t = a.t();
    /// assert_eq!((t.shape(), t.strides()), (&[3, 2][..], &[1, 3][..]));
    /// assert_eq!(t.to_vec()?, [1, 4, 2, 5, 3, 6]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn t(&self) -> ArrayView<'_, T, B> {
        self.as_view().t()
    }

    /// The same bytes as elements of `U`, as a shared view (see [`View::reinterpret`]).
    ///
    /// ```
    /// let a = onearray::OneArray::<f32>::from_slice(&[1.0, -2.0])?;
    /// assert_eq!(a.reinterpret::<u32>()?.to_vec()?, [0x3f80_0000, 0xc000_0000]);
    /// assert!(a.reinterpret::<[u8; 3]>().is_err()); // 8 bytes are not whole [u8; 3]s
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn reinterpret<U: Pod>(&self) -> Result<ArrayView<'_, U, B>> {
        self.as_view().reinterpret()
    }

    /// The same bytes as elements of `U`, as a unique view.
    ///
    /// ```
    /// let mut a = onearray::OneArray::<u32>::zeroed(2)?;
    /// a.reinterpret_mut::<u16>()?.copy_from_slice(&[1, 0, 0, 1])?;
    /// assert_eq!(a.to_vec()?, [1, 1 << 16]); // little-endian
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn reinterpret_mut<U: Pod>(&mut self) -> Result<ArrayViewMut<'_, U, B>> {
        self.as_view_mut().reinterpret()
    }
}
