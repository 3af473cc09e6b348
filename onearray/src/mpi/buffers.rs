//! How a view's elements reach MPI: the transport chosen for its kind and layout, the wait
//! for pending device work, and the staged pipeline through the staging ring.

use super::{level_zero_support, record, Element, Transport};
use crate::array::OneArray;
use crate::error::Result;
use crate::kinds::{BufferKind, HostBuffer};
use crate::layout::Layout;
use crate::pool::block::{BlockRef, HostAccess};
use crate::staging::Ring;
use crate::view::{Access, ArrayView, ArrayViewMut, Unique, View};
use level_zero::{Commands, Deps, MemoryKind, Token};
use mpi::datatype::{AsDatatype, Buffer, BufferMut, Collection, Equivalence, Pointer, PointerMut};
use mpi::Count;
use std::ffi::c_void;

/// `len` elements of `T` at `ptr` as an MPI buffer: host memory, or device memory for an MPI
/// library that reads it. Made only by this module, over memory it has readied for MPI.
pub(crate) struct Region<T> {
    ptr: *mut T,
    len: Count,
}

impl<T> Region<T> {
    pub(crate) fn ptr(&self) -> *mut T {
        self.ptr
    }

    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
}

// SAFETY: `ptr` points to `len` elements of `T` (the constructors' invariant), and `T`'s
// datatype describes one element.
unsafe impl<T: Equivalence> Pointer for Region<T> {
    fn pointer(&self) -> *const c_void {
        self.ptr.cast_const().cast()
    }
}
// SAFETY: as for `Pointer`; regions passed as receive buffers are over memory the caller
// holds uniquely.
unsafe impl<T: Equivalence> PointerMut for Region<T> {
    fn pointer_mut(&mut self) -> *mut c_void {
        self.ptr.cast()
    }
}
// SAFETY: `len` elements.
unsafe impl<T: Equivalence> Collection for Region<T> {
    fn count(&self) -> Count {
        self.len
    }
}
// SAFETY: each element is one `T`.
unsafe impl<T: Equivalence> AsDatatype for Region<T> {
    type Out = T::Out;
    fn as_datatype(&self) -> T::Out {
        T::equivalent_datatype()
    }
}
// SAFETY: pointer, count and datatype above describe the region.
unsafe impl<T: Equivalence> Buffer for Region<T> {}
// SAFETY: as for `Buffer`.
unsafe impl<T: Equivalence> BufferMut for Region<T> {}

impl<T> Region<T> {
    /// # Safety
    /// `ptr` must point to `len` elements readied for MPI (host memory, or device memory for
    /// a device-aware MPI library), alive and not otherwise used while MPI uses them.
    pub(crate) unsafe fn new(ptr: *mut T, len: usize) -> Region<T> {
        Region {
            ptr,
            len: len as Count,
        }
    }
}

/// The transport a view of kind `B` takes.
pub(crate) fn transport_of<T: Element, B: BufferKind, A: Access>(
    v: &View<'_, T, B, A>,
) -> Transport {
    if !v.layout.is_contiguous() {
        Transport::Packed
    } else if B::KIND != MemoryKind::Device {
        Transport::Host
    } else if level_zero_support().aware {
        Transport::DeviceDirect
    } else {
        Transport::Staged
    }
}

/// One side of a transfer: the elements MPI reads (`src`) or writes (`dst`), readied.
pub(crate) struct End<'v, T: Element> {
    block: &'v BlockRef,
    layout: Layout,
    /// Where the ring's downloads read, if not from the view itself ([`dst_end_from`]).
    from: Option<(&'v BlockRef, Layout)>,
    transport: Transport,
    how: How<T>,
    /// Whether MPI reads these elements (the device copies them in first).
    read: bool,
    /// Whether MPI writes them (the device copies them back after).
    write: bool,
    /// Writes a host copy back into the view (the view's kind decides how).
    write_back: fn(&BlockRef, Layout, &[T]) -> Result<()>,
}

fn write_back<T: Element, B: BufferKind>(block: &BlockRef, layout: Layout, v: &[T]) -> Result<()> {
    // A writing end is made only over a unique view (`src_end` never writes).
    View::<T, B, Unique>::new(block, layout).copy_from_slice(v)
}

enum How<T: Element> {
    /// The elements themselves, from here.
    Direct(*mut T),
    /// A contiguous host copy of a packed view.
    Copy(Vec<T>),
    /// A pinned host copy of a device view (operations without segments).
    Pinned(OneArray<T, HostBuffer>),
    /// The staging ring, segment by segment; per buffer, the last device copy into or out
    /// of it.
    Ring(Ring, [Option<Token>; 2]),
}

impl<'v, T: Element> End<'v, T> {
    /// With `write`, `v` must be a unique view (the callers below take `ArrayViewMut`).
    fn new<B: BufferKind, A: Access>(
        v: &View<'v, T, B, A>,
        read: bool,
        write: bool,
        seg: Option<usize>,
    ) -> Result<Self> {
        let transport = transport_of(v);
        if write {
            v.block.check_writable(B::KIND)?;
        }
        let access = if write {
            HostAccess::Write
        } else {
            HostAccess::Read
        };
        // Pending device work is done, and no recorded list may race MPI's access.
        v.block.host_access(access, false)?;
        let base = || {
            v.block
                .alloc()
                .as_ptr()
                .cast::<T>()
                .wrapping_add(v.layout.offset())
        };
        let how = match transport {
            Transport::Host | Transport::DeviceDirect => How::Direct(base()),
            Transport::Staged
                if seg.is_some_and(|s| s * size_of::<T>() <= crate::staging::STAGING_CHUNK) =>
            {
                How::Ring(
                    crate::staging::lease_ring(v.context(), v.device())?,
                    [None; 2],
                )
            }
            Transport::Staged => {
                // SAFETY: written before MPI reads it (the download below) or by MPI.
                let mut tmp = unsafe {
                    OneArray::<T, HostBuffer>::uninit_in(v.context(), v.device(), v.len())?
                };
                // Host access waits until no earlier command uses the pooled block.
                let host = tmp.try_as_mut_slice()?;
                if read {
                    v.copy_to_slice(host)?;
                }
                How::Pinned(tmp)
            }
            Transport::Packed if read => How::Copy(v.to_vec()?),
            Transport::Packed => How::Copy(vec![T::zeroed(); v.len()]),
        };
        Ok(End {
            block: v.block,
            layout: v.layout,
            from: None,
            transport,
            how,
            read,
            write,
            write_back: write_back::<T, B>,
        })
    }

    /// A device copy between segment `k` (elements `i..i + n`) and ring buffer `k % 2`.
    fn ring_copy(&mut self, k: usize, i: usize, n: usize, down: bool) -> Result<()> {
        let How::Ring(ring, last) = &mut self.how else {
            return Ok(());
        };
        let b = k % 2;
        let buf = &ring.bufs()[b];
        let stage = buf.as_ptr().cast::<T>();
        let (block, layout) = match self.from {
            Some(from) if down => from,
            _ => (self.block, self.layout),
        };
        let alloc = block.alloc();
        let dev = alloc.as_ptr().cast::<T>().wrapping_add(layout.offset() + i);
        let (dst, src) = if down {
            (stage, dev.cast_const())
        } else {
            (dev, stage.cast_const())
        };
        let retain = vec![alloc.retained(), buf.retained()];
        let (_, token) = self.block.on_stream(false, |l| {
            // SAFETY: elements `i..i + n` lie in the view (or the view downloads come from),
            // which the operation's borrow holds (uniquely when this copy writes it) and which
            // no other command uses (waited for in `new` and `dst_end_from`); the buffer holds
            // STAGING_CHUNK >= n elements, belongs to this leased ring, and neither the host
            // nor MPI touches it until this copy's token has completed (`ring_wait`).
            unsafe {
                l.copy_raw(
                    dst.cast(),
                    src.cast(),
                    n * size_of::<T>(),
                    Deps::NONE,
                    retain,
                )
            }
        })?;
        last[b] = Some(token);
        Ok(())
    }

    /// Waits for the last device copy of ring buffer `b`.
    fn ring_wait(&mut self, b: usize) -> Result<()> {
        if let How::Ring(_, last) = &mut self.how {
            if let Some(t) = last[b].take() {
                let (ctx, dev) = (self.block.context(), self.block.device());
                level_zero::with_stream(ctx, dev, |l| l.wait_for(t, None))?;
            }
        }
        Ok(())
    }

    /// Segment `k` (elements `i..i + n`) as MPI sees it.
    fn region(&mut self, k: usize, i: usize, n: usize) -> Region<T> {
        let ptr = match &mut self.how {
            How::Direct(p) => p.wrapping_add(i),
            How::Copy(v) => v[i..].as_mut_ptr(),
            How::Pinned(a) => a.as_ptr().cast_mut().wrapping_add(i),
            How::Ring(r, _) => r.bufs()[k % 2].as_ptr().cast::<T>(),
        };
        Region {
            ptr,
            len: n as Count,
        }
    }

    /// Waits for the ring's copies and gives it back; writes a copy back into the view.
    fn finish(mut self) -> Result<()> {
        self.ring_wait(0)?;
        self.ring_wait(1)?;
        match self.how {
            How::Ring(ring, _) => crate::staging::return_ring(ring),
            How::Copy(v) if self.write => (self.write_back)(self.block, self.layout, &v)?,
            How::Pinned(a) => {
                if self.write {
                    (self.write_back)(self.block, self.layout, a.try_as_slice()?)?;
                }
                a.unsafe_free()?;
            }
            How::Copy(_) | How::Direct(_) => {}
        }
        Ok(())
    }
}

/// A shared view MPI reads.
pub(crate) fn src_end<'v, T: Element, B: BufferKind>(
    v: &'v ArrayView<'_, T, B>,
    seg: Option<usize>,
) -> Result<End<'v, T>> {
    End::new(v, true, false, seg)
}

/// A unique view MPI writes (and reads first, with `read`: in-place operations).
pub(crate) fn dst_end<'v, T: Element, B: BufferKind>(
    v: &'v ArrayViewMut<'_, T, B>,
    read: bool,
    seg: Option<usize>,
) -> Result<End<'v, T>> {
    End::new(v, read, true, seg)
}

/// A unique view MPI writes in place over the staging ring, each segment first downloaded
/// from `src` (of the same length) instead of the view: an all-reduce's input. `None` unless
/// both are staged whole (contiguous device arrays of one context and device) and `seg` fits
/// the ring's buffers.
pub(crate) fn dst_end_from<'v, T: Element, B1: BufferKind, B2: BufferKind>(
    v: &'v ArrayViewMut<'_, T, B1>,
    src: &'v ArrayView<'_, T, B2>,
    seg: usize,
) -> Result<Option<End<'v, T>>> {
    let staged = |t| t == Transport::Staged;
    if !staged(transport_of(v))
        || !staged(transport_of(src))
        || v.len() != src.len()
        || v.context() != src.context()
        || v.device() != src.device()
        || seg * size_of::<T>() > crate::staging::STAGING_CHUNK
    {
        return Ok(None);
    }
    // Pending device work on the input is done before the ring's copies read it.
    src.block.host_access(HostAccess::Read, false)?;
    let mut end = End::new(v, false, true, Some(seg))?;
    end.read = true;
    end.from = Some((src.block, src.layout));
    Ok(Some(end))
}

/// Runs `f(src, dst)` over the ends' elements: once over all of them (`seg: None`; the ends
/// may differ in length), or over segments of at most `seg` elements in order (none when
/// empty; the ends must be of `len` elements). MPI reads `src`'s region and writes `dst`'s;
/// a single end that reads and writes is given as `dst` (in-place operations). Returns the
/// transport of the end MPI writes (else of the one it reads), recorded under `op`.
pub(crate) fn transfer<'v, T: Element>(
    mut src: Option<End<'v, T>>,
    mut dst: Option<End<'v, T>>,
    seg: Option<usize>,
    op: &str,
    mut f: impl FnMut(Option<Region<T>>, Option<Region<T>>),
) -> Result<Transport> {
    let len = |e: &Option<End<'_, T>>| e.as_ref().map_or(0, |e| e.layout.len());
    let (slen, dlen) = (len(&src), len(&dst));
    let pieces: Vec<(usize, usize)> = match seg {
        None => vec![(0, 0)],
        Some(s) => {
            let total = slen.max(dlen);
            (0..total)
                .step_by(s.max(1))
                .map(|i| (i, (total - i).min(s.max(1))))
                .collect()
        }
    };
    let whole = seg.is_none();
    for e in [&mut src, &mut dst].into_iter().flatten() {
        if e.read && !pieces.is_empty() && !whole {
            let (i, n) = pieces[0];
            e.ring_copy(0, i, n, true)?;
        }
    }
    for (k, &(i, n)) in pieces.iter().enumerate() {
        let (b, nb) = (k % 2, (k + 1) % 2);
        for e in [&mut src, &mut dst].into_iter().flatten() {
            // Segment k's download into buffer b, or the buffer's last upload, is done.
            e.ring_wait(b)?;
            if e.read {
                if let Some(&(ni, nn)) = pieces.get(k + 1) {
                    e.ring_wait(nb)?;
                    e.ring_copy(k + 1, ni, nn, true)?;
                }
            }
        }
        let region = |e: &mut Option<End<'_, T>>, elems: usize| {
            e.as_mut()
                .map(|e| e.region(k, i, if whole { elems } else { n }))
        };
        f(region(&mut src, slen), region(&mut dst, dlen));
        if let Some(e) = dst.as_mut().filter(|e| e.write && !whole) {
            e.ring_copy(k, i, n, false)?;
        }
    }
    let (t, bytes) = match (&src, &dst) {
        (_, Some(d)) => (d.transport, dlen),
        (Some(s), None) => (s.transport, slen),
        (None, None) => (Transport::Host, 0),
    };
    for e in [src, dst].into_iter().flatten() {
        e.finish()?;
    }
    record(t, bytes * size_of::<T>(), op);
    Ok(t)
}
