//! `OneArray<T, B>`: a typed, shaped view of a pool block.

use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer, HostAccessible};
use crate::layout::{byte_size, Layout, MAX_DIMS};
use crate::pool;
use crate::pool::block::{BlockRef, HostAccess};
use bytemuck::Pod;
use level_zero::{Commands, Context, Device, ImmediateCommandList, MemoryAdvice, MemoryKind};
use std::marker::PhantomData;
use std::ops::Range;

/// A 1-D array of `T` in memory of kind `B`, with a shape for N-D use.
///
/// Clones are not offered. [`view`](Self::view), [`slice`](Self::slice) and
/// [`t`](Self::t) borrow the array as an [`ArrayView`](crate::ArrayView) (`_mut` variants:
/// [`ArrayViewMut`](crate::ArrayViewMut));
/// [`view_owned`](Self::view_owned) makes another array sharing (and keeping alive) the
/// memory. Host access exists only for [`HostAccessible`] kinds:
///
/// ```
/// use onearray::{OneArray, SharedBuffer};
/// let mut a = OneArray::<f32, SharedBuffer>::from_slice(&[1.0, 2.0, 3.0])?;
/// a[1] = 5.0;
/// assert_eq!(a.as_slice(), &[1.0, 5.0, 3.0]);
/// # Ok::<(), onearray::Error>(())
/// ```
///
/// Device memory has no host access; this does not compile:
///
/// ```compile_fail
/// use onearray::OneArray;
/// let a = OneArray::<f32>::zeroed(4).unwrap();
/// let _ = a.as_slice();
/// ```
///
/// ```compile_fail
/// use onearray::{DeviceBuffer, OneArray};
/// let a = OneArray::<u8, DeviceBuffer>::zeroed(4).unwrap();
/// let _ = a[0];
/// ```
pub struct OneArray<T: Pod, B: BufferKind = DeviceBuffer> {
    pub(crate) block: BlockRef,
    /// Offset in elements into the block.
    pub(crate) offset: usize,
    pub(crate) len: usize,
    dims: [usize; MAX_DIMS],
    ndim: u8,
    _t: PhantomData<(T, fn() -> B)>,
}

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// An array of `len` uninitialised elements on `(ctx, dev)`.
    ///
    /// # Safety
    /// The contents are whatever the memory held (possibly never written): write every
    /// element before reading it.
    pub unsafe fn uninit_in(ctx: &Context, dev: &Device, len: usize) -> Result<Self> {
        // SAFETY: the caller's obligation is passed on.
        unsafe { Self::uninit_from(pool::pool_for(ctx, dev, B::KIND), len) }
    }

    /// # Safety
    /// As for [`uninit_in`](Self::uninit_in).
    unsafe fn uninit_from(pool: &'static pool::Pool, len: usize) -> Result<Self> {
        let bytes = byte_size::<T>(len)?;
        let block = pool.allocate(bytes, align_of::<T>())?;
        Ok(Self::from_block(block, 0, len))
    }

    /// [`uninit_in`](Self::uninit_in) on the default context and device.
    ///
    /// # Safety
    /// As for [`uninit_in`](Self::uninit_in).
    pub unsafe fn uninit(len: usize) -> Result<Self> {
        let pool = pool::default_pool(B::KIND)?;
        // SAFETY: the caller's obligation is passed on.
        unsafe { Self::uninit_from(pool, len) }
    }

    pub(crate) fn from_block(block: BlockRef, offset: usize, len: usize) -> Self {
        let mut dims = [0; MAX_DIMS];
        dims[0] = len;
        OneArray {
            block,
            offset,
            len,
            dims,
            ndim: 1,
            _t: PhantomData,
        }
    }

    /// `len` zeroed elements on `(ctx, dev)`.
    pub fn zeroed_in(ctx: &Context, dev: &Device, len: usize) -> Result<Self> {
        Self::filled_in(ctx, dev, len, T::zeroed())
    }

    /// `len` zeroed elements on the default device.
    ///
    /// ```
    /// let a = onearray::OneArray::<u16>::zeroed(100)?;
    /// assert_eq!(a.to_vec()?, vec![0; 100]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn zeroed(len: usize) -> Result<Self> {
        Self::filled(len, T::zeroed())
    }

    /// `len` copies of `value` on `(ctx, dev)`.
    pub fn filled_in(ctx: &Context, dev: &Device, len: usize, value: T) -> Result<Self> {
        // SAFETY: every element is written by the fill before the array is returned.
        let mut a = unsafe { Self::uninit_in(ctx, dev, len)? };
        a.fill(value)?;
        Ok(a)
    }

    /// `len` copies of `value` on the default device.
    ///
    /// ```
    /// use onearray::{HostBuffer, OneArray};
    /// let a = OneArray::<f64, HostBuffer>::filled(3, 2.5)?;
    /// assert_eq!(a.as_slice(), &[2.5; 3]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn filled(len: usize, value: T) -> Result<Self> {
        // SAFETY: every element is written by the fill before the array is returned.
        let mut a = unsafe { Self::uninit(len)? };
        a.fill(value)?;
        Ok(a)
    }

    /// A copy of `src` on `(ctx, dev)`.
    pub fn from_slice_in(ctx: &Context, dev: &Device, src: &[T]) -> Result<Self> {
        // SAFETY: the upload writes every element.
        let mut a = unsafe { Self::uninit_in(ctx, dev, src.len())? };
        a.copy_from_slice(src)?;
        Ok(a)
    }

    /// A copy of `src` on the default device.
    ///
    /// ```
    /// let a = onearray::OneArray::<i32>::from_slice(&[1, 2, 3])?;
    /// assert_eq!(a.to_vec()?, [1, 2, 3]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn from_slice(src: &[T]) -> Result<Self> {
        // SAFETY: the upload writes every element.
        let mut a = unsafe { Self::uninit(src.len())? };
        a.copy_from_slice(src)?;
        Ok(a)
    }

    /// The elements of `iter` on the default device.
    pub fn try_from_iter(iter: impl IntoIterator<Item = T>) -> Result<Self> {
        Self::from_slice(&iter.into_iter().collect::<Vec<_>>())
    }

    /// Runs `f` with a zeroed temporary of `len` elements, freed (back to the pool) after;
    /// `f`'s error and the allocation's are one `Result`.
    ///
    /// ```
    /// use onearray::OneArray;
    /// let sum = OneArray::<u8>::with_temp(64, |t| {
    ///     t.fill(1)?;
    ///     t.to_vec()
    /// })?;
    /// assert_eq!(sum.iter().map(|&v| v as u32).sum::<u32>(), 64);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn with_temp<R>(len: usize, f: impl FnOnce(&mut Self) -> Result<R>) -> Result<R> {
        let mut tmp = Self::zeroed(len)?;
        let r = f(&mut tmp);
        tmp.unsafe_free()?;
        r
    }

    /// Frees the memory now, after waiting for its last use, instead of at drop.
    ///
    /// Named after oneAPI.jl's `unsafe_free!`; here it is safe: it consumes the array, so no
    /// reference to the memory remains, and it waits for pending commands. It refuses with
    /// [`Error::ViewsExist`] while views share the memory (the array is then dropped as usual
    /// and the memory lives on with the views). The block returns to the pool (or the driver
    /// when the pool is off).
    pub fn unsafe_free(self) -> Result<()> {
        let views = self.views();
        if views > 0 {
            return Err(Error::ViewsExist { views });
        }
        self.wait_idle()?;
        drop(self);
        Ok(())
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the array has no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes of the elements.
    pub fn byte_size(&self) -> usize {
        self.len * size_of::<T>()
    }

    /// Alignment in bytes of the first element's address (capped at 4096).
    pub fn alignment(&self) -> usize {
        let addr = self.as_ptr() as usize;
        if addr == 0 {
            return 4096;
        }
        (1usize << addr.trailing_zeros()).min(4096)
    }

    /// The address of the first element (device addresses are not host-dereferenceable).
    pub fn as_ptr(&self) -> *const T {
        self.block
            .alloc()
            .as_ptr()
            .cast::<T>()
            .wrapping_add(self.offset)
    }

    /// The device the memory belongs to.
    pub fn device(&self) -> &Device {
        &self.block.pool.dev
    }

    /// The context that owns the memory.
    pub fn context(&self) -> &Context {
        &self.block.pool.ctx
    }

    /// Device, shared or host memory.
    pub fn kind(&self) -> MemoryKind {
        B::KIND
    }

    /// Whether the memory is device memory.
    pub fn is_device(&self) -> bool {
        B::KIND == MemoryKind::Device
    }

    /// Whether the memory is shared memory.
    pub fn is_shared(&self) -> bool {
        B::KIND == MemoryKind::Shared
    }

    /// Whether the memory is host memory.
    pub fn is_host(&self) -> bool {
        B::KIND == MemoryKind::Host
    }

    /// The shape (its product is `len`).
    pub fn shape(&self) -> &[usize] {
        &self.dims[..self.ndim as usize]
    }

    /// Number of dimensions of the shape.
    pub fn ndim(&self) -> usize {
        self.ndim as usize
    }

    /// The same elements with another shape (row-major, same element count).
    ///
    /// ```
    /// let a = onearray::OneArray::<f32>::zeroed(6)?.reshape(&[2, 3])?;
    /// assert_eq!(a.shape(), &[2, 3]);
    /// assert!(a.reshape(&[4, 2]).is_err());
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn reshape(mut self, shape: &[usize]) -> Result<Self> {
        let layout = self.layout().reshaped(shape)?;
        self.dims = [0; MAX_DIMS];
        self.dims[..shape.len()].copy_from_slice(layout.shape());
        self.ndim = shape.len() as u8;
        Ok(self)
    }

    /// Where the elements are in the block: `offset..offset + len`, row-major in the shape.
    pub fn layout(&self) -> Layout {
        Layout::contiguous(self.offset, self.shape())
    }

    /// A 1-D array over `range` of this one's elements, sharing (and keeping alive) the
    /// memory: an owned view, for when a borrow cannot do (storing it, sending it to another
    /// thread, outliving this array). While it lives, host writes to either array of a
    /// host-visible kind fail ([`OneArray::try_as_mut_slice`]) instead of aliasing.
    ///
    /// ```
    /// let a = onearray::OneArray::<u32>::from_slice(&[0, 1, 2, 3, 4])?;
    /// let v = a.view_owned(1..4)?;
    /// drop(a);
    /// assert_eq!(v.to_vec()?, [1, 2, 3]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn view_owned(&self, range: Range<usize>) -> Result<Self> {
        self.check_range(&range)?;
        Ok(Self::from_block(
            self.block.clone(),
            self.offset + range.start,
            range.len(),
        ))
    }

    /// How many other arrays (owned views, [`view_owned`](Self::view_owned)) share this
    /// one's memory.
    pub fn views(&self) -> usize {
        self.block.views()
    }

    pub(crate) fn check_range(&self, r: &Range<usize>) -> Result<()> {
        if r.start > r.end || r.end > self.len {
            return Err(Error::OutOfRange {
                start: r.start,
                end: r.end,
                len: self.len,
            });
        }
        Ok(())
    }

    /// Host-visible kinds may be written only while no view shares the memory (so no host
    /// reference into it can exist elsewhere).
    pub(crate) fn check_writable(&self) -> Result<()> {
        self.block.check_writable(B::KIND)
    }

    pub(crate) fn byte_offset(&self) -> usize {
        self.offset * size_of::<T>()
    }

    /// Waits until no command uses the memory.
    pub(crate) fn wait_idle(&self) -> Result<()> {
        self.block.wait_idle()
    }

    /// Runs `f` on this thread's stream, ordered after earlier users of the memory on other
    /// streams. With `wait`, waits for it; without, records it as the last use.
    pub(crate) fn on_stream<R>(
        &self,
        wait: bool,
        f: impl FnOnce(&mut ImmediateCommandList) -> level_zero::Result<R>,
    ) -> Result<(R, level_zero::Token)> {
        self.block.on_stream(wait, f)
    }

    pub(crate) fn mark(&self, token: level_zero::Token) {
        self.block.mark(token)
    }

    /// Sets every element to `value` (blocking).
    pub fn fill(&mut self, value: T) -> Result<()> {
        self.check_writable()?;
        if self.len == 0 {
            return Ok(());
        }
        let pattern = bytemuck::bytes_of(&value);
        if B::KIND != MemoryKind::Device {
            self.wait_idle()?;
            // SAFETY: host-accessible memory of `len` elements, idle, not shared by views
            // (checked above), and `&mut self` excludes other references.
            let s = unsafe { std::slice::from_raw_parts_mut(self.as_ptr().cast_mut(), self.len) };
            s.fill(value);
            return Ok(());
        }
        if pattern.len().is_power_of_two() && pattern.len() <= 128 {
            let (alloc, off, len) = (self.block.alloc(), self.byte_offset(), self.byte_size());
            self.on_stream(true, |l| {
                l.fill(alloc, off, len, pattern, level_zero::Deps::NONE)
            })?;
            Ok(())
        } else {
            self.copy_from_slice(&vec![value; self.len])
        }
    }

    /// Starts setting every element to `value` on the device and returns its [`Pending`](crate::Pending)
    /// handle (host-visible kinds, and patterns the driver cannot fill, are filled before
    /// it returns: the handle is then complete).
    ///
    /// ```
    /// let mut a = onearray::OneArray::<f32>::zeroed(1 << 16)?;
    /// let fill = a.fill_async(0.5)?;
    /// let event = fill.event()?; // for another list or queue to wait for
    /// fill.wait()?;
    /// assert!(event.is_signalled()?); // the handle's wait covers its event
    /// assert!(a.to_vec()?.iter().all(|&v| v == 0.5));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn fill_async(&mut self, value: T) -> Result<level_zero::Pending> {
        let pattern = bytemuck::bytes_of(&value);
        let device_fill = B::KIND == MemoryKind::Device
            && self.len > 0
            && pattern.len().is_power_of_two()
            && pattern.len() <= 128;
        let token = if device_fill {
            self.check_writable()?;
            let (alloc, off, len) = (self.block.alloc(), self.byte_offset(), self.byte_size());
            self.on_stream(false, |l| {
                l.fill(alloc, off, len, pattern, level_zero::Deps::NONE)
            })?
            .1
        } else {
            self.fill(value)?;
            // Done already: position 0 of the stream, complete whatever the stream still runs
            // (the stream's last command may be unrelated work in flight).
            let list = level_zero::with_stream(self.context(), self.device(), |l| {
                Ok(l.last_token().list)
            })?;
            level_zero::Token { list, seq: 0 }
        };
        Ok(level_zero::Pending::on_stream(
            self.context(),
            self.device(),
            token,
        ))
    }

    /// Hints that the device will use the memory soon (blocking; the whole block).
    pub fn prefetch(&self) -> Result<()> {
        let alloc = self.block.alloc();
        self.on_stream(true, |l| l.prefetch(alloc))?;
        Ok(())
    }

    /// Gives the driver `advice` about the memory's use by the array's device.
    ///
    /// ```
    /// use onearray::{OneArray, SharedBuffer};
    /// use level_zero::MemoryAdvice;
    /// let a = OneArray::<f32, SharedBuffer>::zeroed(1024)?;
    /// for advice in MemoryAdvice::ALL.into_iter().filter(|v| v.supported_by(a.device())) {
    ///     a.advise(advice)?;
    /// }
    /// a.prefetch()?;
    /// a.make_resident()?;
    /// a.evict()?;
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn advise(&self, advice: MemoryAdvice) -> Result<()> {
        let alloc = self.block.alloc();
        let dev = self.device().clone();
        self.on_stream(true, |l| l.advise(&dev, alloc, advice))?;
        Ok(())
    }

    /// Makes the memory resident on the array's device.
    pub fn make_resident(&self) -> Result<()> {
        Ok(self
            .context()
            .make_resident(self.device(), self.block.alloc())?)
    }

    /// Allows the memory to be evicted from the array's device.
    pub fn evict(&self) -> Result<()> {
        Ok(self.context().evict(self.device(), self.block.alloc())?)
    }
}

impl<T: Pod, B: HostAccessible> OneArray<T, B> {
    /// The elements. Blocks until the commands that use the memory are done (executions of
    /// regular lists included). If a regular command list that recorded a launch writing the
    /// array could still run it, the array is taken back from that list: its next execution
    /// fails with [`Error::ListRevoked`] (see [`try_as_slice`](Self::try_as_slice) for a
    /// refusal instead). Waiting never fails the borrow: if the work failed (a kernel's fault
    /// loses the device), the elements are what it left.
    pub fn as_slice(&self) -> &[T] {
        if let Err(e) = self.block.host_access(HostAccess::Read, true) {
            log::warn!("host read of an array: waiting for its pending work failed: {e}");
        }
        // SAFETY: as in `slice_unchecked`; the block is idle and no list may write it.
        unsafe { self.slice_unchecked() }
    }

    /// The elements, or [`Error::HeldByList`] while a regular command list that recorded a
    /// launch writing the array may still run it (reset or drop the list first). Blocks until
    /// the commands that use the memory are done.
    ///
    /// ```
    /// use onearray::{Error, OneArray, SharedBuffer};
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let (ctx, dev) = (level_zero::default_context()?, level_zero::default_device()?);
    /// let mut saxpy = level_zero::Module::new(&spirv)?.kernel("saxpy")?; // y = a x + y
    /// let x = OneArray::<f32>::filled(64, 1.0)?;
    /// let mut y = OneArray::<f32, SharedBuffer>::filled(64, 1.0)?;
    /// let mut list = level_zero::CommandList::new(&ctx, &dev)?;
    /// saxpy.launch(level_zero::Grid::for_len(64)).arg(2.0f32).arg(&x).arg(&mut y).record(&mut list)?;
    /// list.close()?;
    /// // The list may write `y` whenever it is executed: no host borrow meanwhile.
    /// assert!(matches!(y.try_as_slice(), Err(Error::HeldByList { lists: 1, .. })));
    /// level_zero::CommandQueue::new(&ctx, &dev)?.execute(&[&list], None)?;
    /// drop(list);
    /// assert_eq!(y.try_as_slice()?[0], 3.0); // waits for the execution
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn try_as_slice(&self) -> Result<&[T]> {
        self.block.host_access(HostAccess::Read, false)?;
        // SAFETY: as in `slice_unchecked`; the block is idle and no list may write it.
        Ok(unsafe { self.slice_unchecked() })
    }

    /// # Safety
    /// No command may write the memory while the slice lives.
    unsafe fn slice_unchecked(&self) -> &[T] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: host-accessible memory of `len` initialised elements (constructors write
        // them or are unsafe); writes need `&mut` of the only array over the memory, and the
        // caller rules out commands writing it.
        unsafe { std::slice::from_raw_parts(self.as_ptr(), self.len) }
    }

    /// The elements, mutably; [`Error::ViewsExist`] while owned views
    /// ([`view_owned`](Self::view_owned)) share the memory, [`Error::HeldByList`] while a
    /// regular command list that recorded a launch over it may still run it. Borrowed views
    /// need no check: the borrow checker rules them out. Blocks until the commands that use
    /// the memory are done.
    ///
    /// ```
    /// use onearray::{Error, OneArray, SharedBuffer};
    /// let mut a = OneArray::<u8, SharedBuffer>::zeroed(4)?;
    /// a.try_as_mut_slice()?[1] = 5;
    /// let owned = a.view_owned(0..2)?;
    /// assert!(matches!(a.try_as_mut_slice(), Err(Error::ViewsExist { views: 1 })));
    /// drop(owned);
    /// assert_eq!(a.try_as_mut_slice()?, &[0, 5, 0, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn try_as_mut_slice(&mut self) -> Result<&mut [T]> {
        self.check_writable()?;
        self.block.host_access(HostAccess::Write, false)?;
        // SAFETY: see `mut_slice_unchecked`; checked above.
        Ok(unsafe { self.mut_slice_unchecked() })
    }

    /// # Safety
    /// No view shares the memory and no command uses it while the slice lives.
    unsafe fn mut_slice_unchecked(&mut self) -> &mut [T] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: as in `slice_unchecked`; `&mut self` is unique and the caller rules out
        // views and commands.
        unsafe { std::slice::from_raw_parts_mut(self.as_ptr().cast_mut(), self.len) }
    }

    /// The elements, mutably. Blocks until the commands that use the memory are done; takes
    /// the array back from regular command lists that recorded launches over it (their next
    /// executions fail with [`Error::ListRevoked`]).
    ///
    /// # Panics
    /// While owned views ([`view_owned`](Self::view_owned)) share the memory (use
    /// [`try_as_mut_slice`](Self::try_as_mut_slice) to get an error instead). `IndexMut` and
    /// `iter_mut` panic likewise.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if let Err(e) = self.check_writable() {
            panic!("no mutable host access: {e}");
        }
        if let Err(e) = self.block.host_access(HostAccess::Write, true) {
            log::warn!("host write of an array: waiting for its pending work failed: {e}");
        }
        // SAFETY: no view (checked), no command (waited for, lists' holds taken back).
        unsafe { self.mut_slice_unchecked() }
    }

    /// Iterates over the elements (host-accessible kinds only).
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// Iterates mutably over the elements (host-accessible kinds only).
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }
}

impl<T: Pod, B: HostAccessible> std::ops::Index<usize> for OneArray<T, B> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.as_slice()[i]
    }
}

impl<T: Pod, B: HostAccessible> std::ops::IndexMut<usize> for OneArray<T, B> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.as_mut_slice()[i]
    }
}

impl<'a, T: Pod, B: HostAccessible> IntoIterator for &'a OneArray<T, B> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Pod, B: BufferKind> std::fmt::Debug for OneArray<T, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self
            .device()
            .properties()
            .map_or_else(|_| "?".to_string(), |p| p.name);
        f.debug_struct(&format!(
            "OneArray<{}, {}>",
            std::any::type_name::<T>(),
            B::KIND.name()
        ))
        .field("shape", &self.shape())
        .field("device", &name)
        .finish()
    }
}

impl<T: Pod, B: BufferKind> FromIterator<T> for OneArray<T, B> {
    /// Panics if the allocation or upload fails; [`OneArray::try_from_iter`] returns errors.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::try_from_iter(iter).expect("OneArray::from_iter")
    }
}

impl<T: Pod, B: BufferKind> TryFrom<&[T]> for OneArray<T, B> {
    type Error = Error;
    fn try_from(s: &[T]) -> Result<Self> {
        Self::from_slice(s)
    }
}

impl<T: Pod, B: BufferKind> TryFrom<Vec<T>> for OneArray<T, B> {
    type Error = Error;
    fn try_from(v: Vec<T>) -> Result<Self> {
        Self::from_slice(&v)
    }
}

impl<T: Pod, B: BufferKind> TryFrom<&OneArray<T, B>> for Vec<T> {
    type Error = Error;
    fn try_from(a: &OneArray<T, B>) -> Result<Vec<T>> {
        a.to_vec()
    }
}
