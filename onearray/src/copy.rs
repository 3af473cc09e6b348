//! Copies in every direction: host slices ↔ arrays of any kind, array ↔ array, sub-ranges,
//! blocking and asynchronous.

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::BufferKind;
use bytemuck::Pod;
use level_zero::{Commands, Deps, MemoryKind, Pending, Token};
use std::ops::Range;

fn check_len(dst: usize, src: usize) -> Result<()> {
    if dst != src {
        return Err(Error::LengthMismatch { dst, src });
    }
    Ok(())
}

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// Copies `src` into the array (lengths must match; blocking).
    ///
    /// ```
    /// let mut a = onearray::OneArray::<u8>::zeroed(3)?;
    /// a.copy_from_slice(&[7, 8, 9])?;
    /// assert!(a.copy_from_slice(&[1]).is_err());
    /// assert_eq!(a.to_vec()?, [7, 8, 9]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from_slice(&mut self, src: &[T]) -> Result<()> {
        check_len(self.len, src.len())?;
        self.write_at(0, src)
    }

    /// Copies `src` into elements `start..start + src.len()` (blocking).
    pub fn write_at(&mut self, start: usize, src: &[T]) -> Result<()> {
        self.check_range(&(start..start.saturating_add(src.len())))?;
        self.check_writable()?;
        if src.is_empty() {
            return Ok(());
        }
        let dst = self.as_ptr().wrapping_add(start).cast_mut();
        if B::KIND != MemoryKind::Device {
            self.wait_idle()?;
            // SAFETY: the range was checked; host-accessible, idle memory that no view shares
            // and `&mut self` makes unique; `src` is a distinct host slice.
            unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst, src.len()) };
            return Ok(());
        }
        let keep = self.block.alloc().retained();
        let bytes = std::mem::size_of_val(src);
        if crate::staging::wanted(bytes, self.block.pool) {
            let (ctx, dev) = (self.context().clone(), self.device().clone());
            let src: &[u8] = bytemuck::cast_slice(src);
            self.on_stream(true, |l| {
                // SAFETY: `dst` is a checked range of the retained allocation, which `&mut
                // self` leaves to this call; `src` is borrowed for the whole call and the call
                // waits for the copies.
                unsafe { crate::staging::upload(l, &ctx, &dev, dst.cast(), src, &keep) }
            })?;
            return Ok(());
        }
        self.on_stream(true, |l| {
            // A spare vector of the list's: no allocation per copy.
            let mut retain = l.retain_buffer();
            retain.push(keep);
            // SAFETY: `dst` is a checked range of the retained allocation, `src` is borrowed
            // for the whole call and the call waits for the copy.
            unsafe { l.copy_raw(dst.cast(), src.as_ptr().cast(), bytes, Deps::NONE, retain) }
        })?;
        Ok(())
    }

    /// Copies the array into `dst` (lengths must match; blocking).
    pub fn copy_to_slice(&self, dst: &mut [T]) -> Result<()> {
        check_len(dst.len(), self.len)?;
        self.read_at(0, dst)
    }

    /// Copies elements `start..start + dst.len()` into `dst` (blocking).
    pub fn read_at(&self, start: usize, dst: &mut [T]) -> Result<()> {
        self.check_range(&(start..start.saturating_add(dst.len())))?;
        if dst.is_empty() {
            return Ok(());
        }
        let src = self.as_ptr().wrapping_add(start);
        if B::KIND != MemoryKind::Device {
            self.wait_idle()?;
            // SAFETY: checked range of idle host-accessible memory; writers need `&mut` of
            // the only array over it; `dst` is a distinct host slice.
            unsafe { std::ptr::copy_nonoverlapping(src, dst.as_mut_ptr(), dst.len()) };
            return Ok(());
        }
        let keep = self.block.alloc().retained();
        let bytes = std::mem::size_of_val(dst);
        let d = dst.as_mut_ptr();
        self.on_stream(true, |l| {
            let mut retain = l.retain_buffer();
            retain.push(keep);
            // SAFETY: checked source range of a retained allocation; `dst` is borrowed
            // mutably for the whole call, which waits for the copy.
            unsafe { l.copy_raw(d.cast(), src.cast(), bytes, Deps::NONE, retain) }
        })?;
        Ok(())
    }

    /// The elements as a `Vec` (blocking).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut v = vec![T::zeroed(); self.len];
        self.copy_to_slice(&mut v)?;
        Ok(v)
    }

    /// Copies all of `src` (any kind) into the array (lengths must match; blocking).
    ///
    /// ```
    /// use onearray::{HostBuffer, OneArray, SharedBuffer};
    /// let h = OneArray::<f32, HostBuffer>::from_slice(&[1.0, 2.0])?;
    /// let mut d = OneArray::<f32>::zeroed(2)?;
    /// d.copy_from(&h)?;
    /// let mut s = OneArray::<f32, SharedBuffer>::zeroed(2)?;
    /// s.copy_from(&d)?;
    /// assert_eq!(s.as_slice(), &[1.0, 2.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from<B2: BufferKind>(&mut self, src: &OneArray<T, B2>) -> Result<()> {
        check_len(self.len, src.len())?;
        self.copy_range_from(0, src, 0..src.len())
    }

    /// Copies `src[range]` into elements `dst_start..` (blocking).
    pub fn copy_range_from<B2: BufferKind>(
        &mut self,
        dst_start: usize,
        src: &OneArray<T, B2>,
        range: Range<usize>,
    ) -> Result<()> {
        self.enqueue_copy(dst_start, src, range, true).map(drop)
    }

    /// Starts copying all of `src` into the array and returns its [`Pending`] handle (the
    /// type kernel launches and fills return too). Both arrays may be used at once: later
    /// commands of this thread's stream run after the copy, host access waits for it, and
    /// the memory is not reused before it ends.
    ///
    /// ```
    /// let src = onearray::OneArray::<u32>::from_slice(&[1, 2, 3])?;
    /// let mut dst = onearray::OneArray::<u32>::zeroed(3)?;
    /// let copy = dst.copy_from_async(&src)?;
    /// drop(src); // the copy keeps reading it
    /// copy.wait()?;
    /// assert!(copy.is_complete()?);
    /// assert_eq!(dst.to_vec()?, [1, 2, 3]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_from_async<B2: BufferKind>(&mut self, src: &OneArray<T, B2>) -> Result<Pending> {
        check_len(self.len, src.len())?;
        self.copy_range_from_async(0, src, 0..src.len())
    }

    /// Starts copying `src[range]` into elements `dst_start..` (see
    /// [`copy_from_async`](Self::copy_from_async)).
    ///
    /// ```
    /// let src = onearray::OneArray::<u32>::from_slice(&[1, 2, 3, 4])?;
    /// let mut dst = onearray::OneArray::<u32>::zeroed(4)?;
    /// let copy = dst.copy_range_from_async(2, &src, 0..2)?;
    /// assert!(dst.copy_range_from_async(3, &src, 0..2).is_err()); // past the end
    /// copy.wait()?;
    /// assert_eq!(dst.to_vec()?, [0, 0, 1, 2]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn copy_range_from_async<B2: BufferKind>(
        &mut self,
        dst_start: usize,
        src: &OneArray<T, B2>,
        range: Range<usize>,
    ) -> Result<Pending> {
        let token = self.enqueue_copy(dst_start, src, range, false)?;
        if crate::devices::same_stream(&self.block, &src.block) {
            src.mark(token);
        }
        Ok(Pending::on_stream(self.context(), self.device(), token))
    }

    fn enqueue_copy<B2: BufferKind>(
        &mut self,
        dst_start: usize,
        src: &OneArray<T, B2>,
        range: Range<usize>,
        wait: bool,
    ) -> Result<Token> {
        src.check_range(&range)?;
        let n = range.len();
        self.check_range(&(dst_start..dst_start.saturating_add(n)))?;
        self.check_writable()?;
        let (da, sa) = (self.block.alloc(), src.block.alloc());
        let sz = size_of::<T>();
        let d_off = self.byte_offset() + dst_start * sz;
        let s_off = src.byte_offset() + range.start * sz;
        let bytes = n * sz;
        if da.as_ptr() == sa.as_ptr() && d_off < s_off + bytes && s_off < d_off + bytes {
            return Err(Error::Overlap);
        }
        if !crate::devices::same_stream(&self.block, &src.block) {
            return crate::devices::copy_across(&self.block, d_off, &src.block, s_off, bytes);
        }
        if B2::KIND == MemoryKind::Device {
            // Order after the source's users on other streams as well.
            src.on_stream(true, |_| Ok(()))?;
        }
        let (_, token) = self.on_stream(wait, |l| {
            if bytes == 0 {
                return Ok(());
            }
            l.copy(da, d_off, sa, s_off, bytes, Deps::NONE)
        })?;
        Ok(token)
    }
}
