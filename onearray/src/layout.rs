//! [`Layout`]: where a view's elements are in its block (offset, shape, strides), and
//! [`SliceArg`] / [`s!`](crate::s): how views are cut; [`MAX_DIMS`], the most dimensions a
//! shape may have.
//!
//! Offsets and strides count elements of the view's type from the start of the block.
//! Strides are never negative and a layout never maps two indices to one element (every
//! layout comes from a contiguous array by slicing, transposing or reinterpreting), so a
//! mutable view's elements are disjoint.

use crate::error::{Error, Result};
use std::ops::{Bound, Range, RangeBounds};

/// Most dimensions a shape may have.
pub const MAX_DIMS: usize = 6;

/// Where a view's elements lie in its block, in elements of the view's type.
///
/// ```
/// use onearray::{s, OneArray};
/// let a = OneArray::<f32>::zeroed(12)?.reshape(&[3, 4])?;
/// let v = a.slice(s![1.., ..;2])?;
/// let l = v.layout();
/// assert_eq!((l.offset(), l.shape(), l.strides()), (4, &[2, 2][..], &[4, 2][..]));
/// assert!(!l.is_contiguous());
/// assert_eq!(l.offsets().collect::<Vec<_>>(), [4, 6, 8, 10]);
/// # Ok::<(), onearray::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    offset: usize,
    ndim: u8,
    shape: [usize; MAX_DIMS],
    strides: [usize; MAX_DIMS],
}

/// The element count of `shape`, or [`Error::ShapeOverflow`].
pub(crate) fn elements(shape: &[usize]) -> Result<usize> {
    shape
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .ok_or_else(|| Error::ShapeOverflow {
            shape: shape.to_vec(),
        })
}

/// `len` elements of `T` in bytes, or [`Error::SizeOverflow`].
pub(crate) fn byte_size<T>(len: usize) -> Result<usize> {
    // A match, not `ok_or`: the error is built (and dropped) only when there is one.
    match len.checked_mul(size_of::<T>()) {
        Some(bytes) => Ok(bytes),
        None => Err(Error::SizeOverflow {
            len,
            elem_size: size_of::<T>(),
        }),
    }
}

impl Layout {
    /// A row-major (C order) layout of `shape` starting at `offset`.
    pub(crate) fn contiguous(offset: usize, shape: &[usize]) -> Layout {
        debug_assert!(!shape.is_empty() && shape.len() <= MAX_DIMS);
        let mut l = Layout {
            offset,
            ndim: shape.len() as u8,
            shape: [0; MAX_DIMS],
            strides: [0; MAX_DIMS],
        };
        l.shape[..shape.len()].copy_from_slice(shape);
        let mut s = 1usize;
        for i in (0..shape.len()).rev() {
            l.strides[i] = s;
            s = s.saturating_mul(shape[i]);
        }
        l
    }

    /// Offset of the first element from the start of the block.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.ndim as usize
    }

    /// Length of each axis.
    pub fn shape(&self) -> &[usize] {
        &self.shape[..self.ndim()]
    }

    /// Elements between neighbours along each axis.
    pub fn strides(&self) -> &[usize] {
        &self.strides[..self.ndim()]
    }

    /// Number of elements (the product of the shape; views never overflow it).
    pub fn len(&self) -> usize {
        self.shape().iter().product()
    }

    /// Whether the view has no element.
    pub fn is_empty(&self) -> bool {
        self.shape().contains(&0)
    }

    /// Whether the elements are one run in row-major order (then the view is a plain range
    /// of the block: `offset..offset + len`).
    pub fn is_contiguous(&self) -> bool {
        if self.is_empty() {
            return true;
        }
        let mut expect = 1;
        for i in (0..self.ndim()).rev() {
            if self.shape[i] != 1 && self.strides[i] != expect {
                return false;
            }
            expect *= self.shape[i];
        }
        true
    }

    /// The range of block elements between the first and the last element (empty for an
    /// empty view); every element lies in it.
    pub fn span(&self) -> Range<usize> {
        if self.is_empty() {
            return self.offset..self.offset;
        }
        let last: usize = (0..self.ndim())
            .map(|i| (self.shape[i] - 1) * self.strides[i])
            .sum();
        self.offset..self.offset + last + 1
    }

    /// Block offsets of the elements, in row-major order of the view.
    pub fn offsets(&self) -> Offsets {
        Offsets {
            layout: *self,
            index: [0; MAX_DIMS],
            next: self.offset,
            left: self.len(),
        }
    }

    /// The view with axes merged where they are contiguous with their inner neighbour and
    /// axes of length 1 dropped (the same elements in the same order, fewest axes).
    pub fn simplified(&self) -> Layout {
        if self.is_empty() {
            return Layout::contiguous(self.offset, &[0]);
        }
        let mut out = Layout {
            offset: self.offset,
            ndim: 0,
            shape: [0; MAX_DIMS],
            strides: [0; MAX_DIMS],
        };
        for i in 0..self.ndim() {
            let (n, s) = (self.shape[i], self.strides[i]);
            if n == 1 {
                continue;
            }
            let k = out.ndim as usize;
            out.shape[k] = n;
            out.strides[k] = s;
            out.ndim += 1;
        }
        if out.ndim == 0 {
            return Layout::contiguous(self.offset, &[1]);
        }
        // Merge from the inside out: axis k-1 folds into k when stride[k-1] = shape[k] * stride[k].
        let mut k = out.ndim() - 1;
        while k > 0 {
            if out.strides[k - 1] == out.shape[k] * out.strides[k] {
                out.shape[k - 1] *= out.shape[k];
                out.strides[k - 1] = out.strides[k];
                out.remove_axis(k);
            }
            k -= 1;
        }
        out
    }

    fn remove_axis(&mut self, k: usize) {
        let n = self.ndim();
        self.shape.copy_within(k + 1..n, k);
        self.strides.copy_within(k + 1..n, k);
        self.shape[n - 1] = 0;
        self.strides[n - 1] = 0;
        self.ndim -= 1;
    }

    /// Cuts the layout: one argument per axis (missing trailing axes are taken whole); an
    /// index removes its axis.
    pub(crate) fn slice(&self, args: &[SliceArg]) -> Result<Layout> {
        if args.len() > self.ndim() {
            return Err(Error::Axes {
                given: args.len(),
                ndim: self.ndim(),
            });
        }
        let mut out = *self;
        out.ndim = 0;
        let mut removed = 0;
        for axis in 0..self.ndim() {
            let (len, stride) = (self.shape[axis], self.strides[axis]);
            let arg = args.get(axis).copied().unwrap_or(SliceArg::FULL);
            let bad = || Error::Slice {
                axis,
                arg: arg.to_string(),
                len,
            };
            match arg {
                SliceArg::Index(i) => {
                    if i >= len {
                        return Err(bad());
                    }
                    out.offset += i * stride;
                    removed += 1;
                }
                SliceArg::Range { start, end, step } => {
                    let end = end.unwrap_or(len);
                    if step == 0 || start > end || end > len {
                        return Err(bad());
                    }
                    let k = axis - removed;
                    out.offset += start * stride;
                    out.shape[k] = (end - start).div_ceil(step);
                    out.strides[k] = stride * step;
                    out.ndim += 1;
                }
            }
        }
        if out.ndim == 0 {
            // Every axis indexed: one element, kept as a 1-element 1-D view.
            out.ndim = 1;
            out.shape[0] = 1;
            out.strides[0] = 1;
        }
        for k in out.ndim()..MAX_DIMS {
            out.shape[k] = 0;
            out.strides[k] = 0;
        }
        Ok(out)
    }

    /// The axes in the order `axes` gives (a permutation of `0..ndim`).
    pub(crate) fn permuted(&self, axes: &[usize]) -> Result<Layout> {
        let n = self.ndim();
        let mut seen = [false; MAX_DIMS];
        let valid = axes.len() == n
            && axes
                .iter()
                .all(|&a| a < n && !std::mem::replace(&mut seen[a], true));
        if !valid {
            return Err(Error::Permutation {
                axes: axes.to_vec(),
                ndim: n,
            });
        }
        let mut out = *self;
        for (k, &a) in axes.iter().enumerate() {
            out.shape[k] = self.shape[a];
            out.strides[k] = self.strides[a];
        }
        Ok(out)
    }

    /// The axes reversed (a transposed matrix for two axes).
    pub(crate) fn reversed(&self) -> Layout {
        let mut out = *self;
        let n = self.ndim();
        out.shape[..n].reverse();
        out.strides[..n].reverse();
        out
    }

    /// The same elements with another shape; contiguous layouts only.
    pub(crate) fn reshaped(&self, shape: &[usize]) -> Result<Layout> {
        let elements = elements(shape)?;
        if shape.is_empty() || shape.len() > MAX_DIMS || elements != self.len() {
            return Err(Error::Shape {
                shape: shape.to_vec(),
                elements,
                len: self.len(),
            });
        }
        if !self.is_contiguous() {
            return Err(Error::NotContiguous {
                operation: "reshape",
            });
        }
        Ok(Layout::contiguous(self.offset, shape))
    }

    /// The layout of the same bytes read as elements of `to` bytes instead of `from` bytes:
    /// the last axis must be contiguous, and its byte length, the other strides and the
    /// offset in bytes multiples of `to`.
    pub(crate) fn reinterpreted(&self, from: usize, to: usize) -> Result<Layout> {
        let bad = |reason: &'static str| Error::Reinterpret { from, to, reason };
        if from == to {
            return Ok(*self);
        }
        if to == 0 || from == 0 {
            return Err(bad("zero-sized element types cannot be reinterpreted"));
        }
        let last = self.ndim() - 1;
        let mut out = *self;
        if self.shape[last] > 1 && self.strides[last] != 1 {
            return Err(bad("the last axis is not contiguous"));
        }
        let last_bytes = self.shape[last] * from;
        if last_bytes % to != 0 {
            return Err(bad(
                "the last axis's byte length is not a multiple of the new size",
            ));
        }
        out.shape[last] = last_bytes / to;
        out.strides[last] = 1;
        for k in 0..last {
            let bytes = self.strides[k] * from;
            if bytes % to != 0 {
                return Err(bad("a stride in bytes is not a multiple of the new size"));
            }
            out.strides[k] = bytes / to;
        }
        let offset_bytes = self.offset * from;
        if offset_bytes % to != 0 {
            return Err(bad("the offset in bytes is not a multiple of the new size"));
        }
        out.offset = offset_bytes / to;
        Ok(out)
    }

    /// Block offset of the element at `index`, if inside the view.
    pub fn offset_of(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.ndim() {
            return None;
        }
        let mut at = self.offset;
        for (k, &i) in index.iter().enumerate() {
            if i >= self.shape[k] {
                return None;
            }
            at += i * self.strides[k];
        }
        Some(at)
    }
}

impl std::fmt::Debug for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Layout")
            .field("offset", &self.offset)
            .field("shape", &self.shape())
            .field("strides", &self.strides())
            .finish()
    }
}

/// Block offsets of a layout's elements in row-major order ([`Layout::offsets`]).
#[derive(Clone, Debug)]
pub struct Offsets {
    layout: Layout,
    index: [usize; MAX_DIMS],
    next: usize,
    left: usize,
}

impl Iterator for Offsets {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let at = self.next;
        self.left -= 1;
        if self.left > 0 {
            let l = &self.layout;
            let mut k = l.ndim();
            loop {
                k -= 1;
                self.index[k] += 1;
                self.next += l.strides[k];
                if self.index[k] < l.shape[k] {
                    break;
                }
                self.next -= l.strides[k] * l.shape[k];
                self.index[k] = 0;
            }
        }
        Some(at)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Offsets {}

/// How [`slice`](crate::OneArray::slice) cuts one axis: an index (removes the axis) or a range
/// with a step. Built by the [`s!`](crate::s) macro from `i`, `a..b`, `a..`, `..b`, `..`,
/// `a..=b`, each range optionally followed by `;step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceArg {
    /// One position; the axis is removed.
    Index(usize),
    /// Positions `start, start + step, ...` below `end` (`None`: the axis length).
    Range {
        /// First position.
        start: usize,
        /// One past the last position allowed.
        end: Option<usize>,
        /// Distance between positions (at least 1).
        step: usize,
    },
}

impl SliceArg {
    /// The whole axis.
    pub const FULL: SliceArg = SliceArg::Range {
        start: 0,
        end: None,
        step: 1,
    };

    /// The same range with another step (an index is left as it is).
    pub fn step(self, step: usize) -> SliceArg {
        match self {
            SliceArg::Range { start, end, .. } => SliceArg::Range { start, end, step },
            index => index,
        }
    }

    fn from_bounds(r: impl RangeBounds<usize>) -> SliceArg {
        let start = match r.start_bound() {
            Bound::Included(&s) => s,
            Bound::Excluded(&s) => s.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let end = match r.end_bound() {
            Bound::Included(&e) => Some(e.saturating_add(1)),
            Bound::Excluded(&e) => Some(e),
            Bound::Unbounded => None,
        };
        SliceArg::Range {
            start,
            end,
            step: 1,
        }
    }
}

impl std::fmt::Display for SliceArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SliceArg::Index(i) => write!(f, "{i}"),
            SliceArg::Range { start, end, step } => {
                write!(f, "{start}..")?;
                if let Some(e) = end {
                    write!(f, "{e}")?;
                }
                if step != 1 {
                    write!(f, ";{step}")?;
                }
                Ok(())
            }
        }
    }
}

impl From<usize> for SliceArg {
    fn from(i: usize) -> SliceArg {
        SliceArg::Index(i)
    }
}

macro_rules! slice_arg_from_range {
    ($($t:ty),*) => {$(
        impl From<$t> for SliceArg {
            fn from(r: $t) -> SliceArg {
                SliceArg::from_bounds(r)
            }
        }
    )*};
}
slice_arg_from_range!(
    Range<usize>,
    std::ops::RangeFrom<usize>,
    std::ops::RangeTo<usize>,
    std::ops::RangeFull,
    std::ops::RangeInclusive<usize>,
    std::ops::RangeToInclusive<usize>
);

/// Slice arguments for [`OneArray::slice`](crate::OneArray::slice) and the views' `slice`,
/// one per axis, in ndarray's manner: `s![1..3, ..;2]` takes rows 1 and 2 and every other
/// column; `s![2, ..]` takes row 2 (its axis removed).
///
/// ```
/// use onearray::{s, OneArray, SharedBuffer};
/// let a = OneArray::<u32, SharedBuffer>::from_slice(&(0..12).collect::<Vec<_>>())?
///     .reshape(&[3, 4])?;
/// let v = a.slice(s![1..3, ..;2])?;
/// assert_eq!(v.shape(), &[2, 2]);
/// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [4, 6, 8, 10]);
/// assert_eq!(a.slice(s![2, 1..])?.to_vec()?, [9, 10, 11]);
/// # Ok::<(), onearray::Error>(())
/// ```
#[macro_export]
macro_rules! s {
    ($($r:expr $(; $step:expr)?),* $(,)?) => {
        [$($crate::SliceArg::from($r) $(.step($step))?),*]
    };
}
