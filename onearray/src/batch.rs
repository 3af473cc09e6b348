//! Batched copies: many copies recorded on this thread's stream as one unit, with one
//! completion ([`level_zero::ImmediateCommandList::batch`]), instead of one wait per copy.

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::BufferKind;
use crate::layout::Layout;
use crate::strided::{self, CopyJob, Side};
use crate::view::{ArrayView, ArrayViewMut};
use bytemuck::Pod;
use level_zero::Pending;
use std::ops::Range;

/// Copies between arrays and views (any kinds and layouts) recorded together: each copy is
/// one command (a region copy for strided views), the batch one completion. The copies may
/// run concurrently, so a copy's destination may not meet another copy's source or
/// destination ([`Error::BatchOverlap`]). The batch borrows its views until it runs.
///
/// ```
/// use onearray::{CopyBatch, OneArray};
/// let srcs: Vec<OneArray<u32>> =
///     (0..4).map(|i| OneArray::filled(256, i)).collect::<Result<_, _>>()?;
/// let mut dsts: Vec<OneArray<u32>> =
///     (0..4).map(|_| OneArray::zeroed(256)).collect::<Result<_, _>>()?;
/// let mut batch = CopyBatch::new();
/// for (d, s) in dsts.iter_mut().zip(&srcs) {
///     batch.copy(d.as_view_mut(), s.as_view())?;
/// }
/// assert_eq!(batch.len(), 4);
/// batch.run()?; // one wait for the four copies
/// assert!(dsts[3].to_vec()?.iter().all(|&v| v == 3));
/// # Ok::<(), onearray::Error>(())
/// ```
#[derive(Default)]
pub struct CopyBatch<'a> {
    jobs: Vec<CopyJob<'a>>,
}

impl<'a> CopyBatch<'a> {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a copy of `src` into `dst` (equal shapes; checked now, recorded at
    /// [`run`](Self::run)).
    pub fn copy<T: Pod, B1: BufferKind, B2: BufferKind>(
        &mut self,
        dst: ArrayViewMut<'a, T, B1>,
        src: ArrayView<'a, T, B2>,
    ) -> Result<&mut Self> {
        dst.check_writable()?;
        let (dst, src) = (dst.into_side(), src.into_side());
        self.jobs.push(CopyJob::new(dst, src, size_of::<T>())?);
        Ok(self)
    }

    /// Copies added so far.
    pub fn len(&self) -> usize {
        self.jobs.len()
    }

    /// Whether no copy was added.
    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// Records the copies and waits for them (once).
    pub fn run(self) -> Result<()> {
        strided::run(&self.jobs, true).map(drop)
    }

    /// Records the copies and returns the batch's handle (later uses of every array involved
    /// are ordered after it, as for [`OneArray::copy_from_async`]). An empty batch has no
    /// handle: [`Error::Ze`] with an invalid argument.
    ///
    /// ```
    /// use onearray::{s, CopyBatch, OneArray};
    /// let src = OneArray::<u8>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[2, 3])?;
    /// let mut dst = OneArray::<u8>::zeroed(6)?.reshape(&[3, 2])?;
    /// let (top, bottom) = dst.as_view_mut().split_at(0, 1)?;
    /// let mut batch = CopyBatch::new();
    /// batch.copy(top, src.t().slice(s![..1, ..])?)?; // column 0 of src as a row
    /// batch.copy(bottom, src.t().slice(s![1.., ..])?)?;
    /// let done = batch.run_async()?;
    /// done.wait()?;
    /// assert_eq!(dst.to_vec()?, [1, 4, 2, 5, 3, 6]);
    /// assert!(CopyBatch::new().run_async().is_err());
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn run_async(self) -> Result<Pending> {
        let Some(first) = self.jobs.first() else {
            return Err(Error::Ze(level_zero::Error::InvalidArgument(
                "an empty batch has no handle".into(),
            )));
        };
        let (ctx, dev) = (first.context().clone(), first.device().clone());
        let token = strided::run(&self.jobs, false)?;
        Ok(Pending::on_stream(&ctx, &dev, token))
    }
}

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// Copies many ranges of `src` into the array, each `(src_range, dst_start)`, as one
    /// batch with one wait, instead of one wait per range: many small ranges (64 or more,
    /// 4 KiB or less on average) as one generated kernel, a work-group per range (a command
    /// costs more than copying a few KiB), others one command per range. Destination ranges
    /// may not overlap each other (nor, in the same memory, the sources).
    ///
    /// ```
    /// let src = onearray::OneArray::<u16>::from_slice(&(0..100).collect::<Vec<_>>())?;
    /// let mut dst = onearray::OneArray::<u16>::zeroed(10)?;
    /// dst.copy_ranges_from(&src, &[(0..3, 0), (50..52, 5), (99..100, 9)])?;
    /// assert_eq!(dst.to_vec()?, [0, 1, 2, 0, 0, 50, 51, 0, 0, 99]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_ranges_from<B2: BufferKind>(
        &mut self,
        src: &OneArray<T, B2>,
        ranges: &[(Range<usize>, usize)],
    ) -> Result<()> {
        self.check_writable()?;
        for (range, dst_start) in ranges {
            src.check_range(range)?;
            self.check_range(&(*dst_start..dst_start.saturating_add(range.len())))?;
        }
        let size = size_of::<T>();
        let bytes = |a: &crate::pool::block::Block, first: usize, n: usize| {
            (
                a.alloc().as_ptr() as usize,
                first * size..(first + n) * size,
            )
        };
        strided::check_disjoint_spans(ranges.iter().map(|(r, at)| {
            [
                bytes(&self.block, self.offset + at, r.len()),
                bytes(&src.block, src.offset + r.start, r.len()),
            ]
        }))?;
        // Many small ranges: one kernel instead of a command each.
        if crate::ops::copy_ranges::copy_ranges(self, src, ranges)? {
            return Ok(());
        }
        let mut jobs = Vec::with_capacity(ranges.len());
        for (range, dst_start) in ranges {
            let n = range.len();
            let dst = Side {
                block: &self.block,
                layout: Layout::contiguous(self.offset + dst_start, &[n]),
            };
            let from = Side {
                block: &src.block,
                layout: Layout::contiguous(src.offset + range.start, &[n]),
            };
            jobs.push(CopyJob::new(dst, from, size_of::<T>())?);
        }
        strided::run_disjoint(&jobs, true).map(drop)
    }
}
