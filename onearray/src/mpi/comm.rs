//! [`ArrayComm`]: the array operations of every rsmpi communicator (blocking ones here, the
//! non-blocking ones in `request.rs`).

use super::buffers::{dst_end, dst_end_from, src_end, transfer, transport_of, End, Region};
use super::request::{self, Request, Scope};
use super::{count, mpi_error, Element, ReduceOp, Reducible, Transport, MPI_SEGMENT};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::BufferKind;
use crate::view::{ArrayView, ArrayViewMut, AsView};
use mpi::collective::CommunicatorCollectives;
use mpi::datatype::Equivalence;
use mpi::ffi::MPI_Comm;
use mpi::point_to_point::{Destination, Source};
use mpi::raw::AsRaw;
use mpi::topology::{Communicator, Process, Rank};
use mpi::traits::Root;
use mpi::Tag;

/// Anything a unique view can be taken of: arrays and unique views (receive buffers).
pub trait AsViewMut<T: crate::Pod, B: BufferKind> {
    /// A unique view of all the elements.
    fn as_view_mut(&mut self) -> ArrayViewMut<'_, T, B>;
}

impl<T: crate::Pod, B: BufferKind> AsViewMut<T, B> for OneArray<T, B> {
    fn as_view_mut(&mut self) -> ArrayViewMut<'_, T, B> {
        OneArray::as_view_mut(self)
    }
}

impl<T: crate::Pod, B: BufferKind> AsViewMut<T, B> for ArrayViewMut<'_, T, B> {
    fn as_view_mut(&mut self) -> ArrayViewMut<'_, T, B> {
        self.reborrow()
    }
}

/// `MPI_IN_PLACE` of the MPI library built against (from its `mpi.h`, by the build script),
/// if its header defines it as an address.
fn in_place_marker() -> Option<*mut std::ffi::c_void> {
    env!("ONEARRAY_MPI_IN_PLACE")
        .parse::<isize>()
        .ok()
        .map(|v| v as *mut std::ffi::c_void)
}

/// All-reduce in place of `dst`'s elements (read and written by MPI), segment by segment.
fn reduce_in_place<C: ArrayComm, T: Reducible>(
    comm: &C,
    dst: End<'_, T>,
    op: ReduceOp,
    marker: *mut std::ffi::c_void,
) -> Result<Transport> {
    let seg = Some(segment::<T>());
    transfer(None, Some(dst), seg, "all-reduce", |_, d| {
        if let Some(mut d) = d {
            all_reduce_region(comm, &mut d, op, marker);
        }
    })
}

/// All-reduce of a region's elements in place (`MPI_IN_PLACE`, `marker`).
fn all_reduce_region<C: ArrayComm, T: Reducible>(
    comm: &C,
    r: &mut Region<T>,
    op: ReduceOp,
    marker: *mut std::ffi::c_void,
) {
    // SAFETY: `marker` is the library's `MPI_IN_PLACE`; the region is `len` elements of `T`
    // readied for MPI (its constructors' invariant), read and written by MPI alone during the
    // call; the datatype, operation and communicator are live MPI handles.
    unsafe {
        mpi::ffi::MPI_Allreduce(
            marker,
            r.ptr().cast(),
            r.len() as mpi::Count,
            T::equivalent_datatype().as_raw(),
            op.system().as_raw(),
            comm.as_raw(),
        );
    }
}

/// Segment length in elements of `T` for all-reduce and broadcast.
fn segment<T>() -> usize {
    (MPI_SEGMENT / size_of::<T>().max(1)).max(1)
}

/// Array operations on an rsmpi communicator: arrays and views of any kind as send and
/// receive buffers (see the [module](super) for how each kind reaches MPI). Each returns the
/// [`Transport`] it used.
pub trait ArrayComm: Communicator + AsRaw<Raw = MPI_Comm> + Sized {
    /// The process of rank `rank`, or an error if the communicator has no such rank.
    fn process(&self, rank: Rank) -> Result<Process<'_>> {
        if rank < 0 || rank >= self.target_size() {
            return Err(mpi_error(format!(
                "rank {rank} is not in the communicator of {} processes",
                self.target_size()
            )));
        }
        Ok(self.process_at_rank(rank))
    }

    /// Checks that every rank passes the same `values` (element size, lengths): an error
    /// on every rank if not, naming `what` each value is. A collective call.
    fn agree(&self, op: &str, what: &[(&str, usize)]) -> Result<()> {
        let mine: Vec<u64> = what
            .iter()
            .flat_map(|&(_, v)| [v as u64, !(v as u64)])
            .collect();
        let mut max = vec![0u64; mine.len()];
        self.all_reduce_into(&mine[..], &mut max[..], ReduceOp::Max.system());
        for (i, &(name, v)) in what.iter().enumerate() {
            let (hi, lo) = (max[2 * i], !max[2 * i + 1]);
            if hi != lo {
                return Err(mpi_error(format!(
                    "{op}: the ranks' {name} differ (from {lo} to {hi}; this rank's is {v})"
                )));
            }
        }
        Ok(())
    }

    /// Sends the elements (row-major for views) to rank `dest` as one message with `tag`,
    /// blocking until the buffer may be reused.
    ///
    /// ```no_run
    /// use mpi::traits::*;
    /// use onearray::mpi::ArrayComm;
    /// use onearray::OneArray;
    /// let universe = mpi::initialize().unwrap();
    /// let world = universe.world();
    /// let mut a = OneArray::<f64>::zeroed(1000)?;
    /// if world.rank() == 0 {
    ///     a.fill(1.5)?;
    ///     world.send_array(&a, 1, 7)?;
    /// } else if world.rank() == 1 {
    ///     world.receive_array(&mut a, 0, 7)?;
    /// }
    /// # Ok::<(), onearray::Error>(())
    /// ```
    fn send_array<T: Element, B: BufferKind>(
        &self,
        data: &impl AsView<T, B>,
        dest: Rank,
        tag: Tag,
    ) -> Result<Transport> {
        let p = self.process(dest)?;
        let v = data.as_view();
        count(v.len(), "send")?;
        let src = src_end(&v, None)?;
        transfer(Some(src), None, None, "send", |s, _| {
            if let Some(s) = s {
                p.send_with_tag(&s, tag);
            }
        })
    }

    /// Receives one message with `tag` from rank `source` into the elements. A message of
    /// another length is received (so the sender is not left waiting) and refused with
    /// [`Error::LengthMismatch`]; the elements are then unchanged.
    fn receive_array<T: Element, B: BufferKind>(
        &self,
        data: &mut impl AsViewMut<T, B>,
        source: Rank,
        tag: Tag,
    ) -> Result<Transport> {
        let p = self.process(source)?;
        let v = data.as_view_mut();
        let len = v.len();
        count(len, "receive")?;
        // Refusals (views sharing the memory, lists holding it) come before the probe.
        let dst = dst_end(&v, false, None)?;
        let (msg, status) = p.matched_probe_with_tag(tag);
        let elems = status.count(T::equivalent_datatype());
        if usize::try_from(elems).ok() != Some(len) {
            let bytes = status.count(u8::equivalent_datatype()).max(0) as usize;
            let mut drain = vec![0u8; bytes];
            msg.matched_receive_into(&mut drain[..]);
            return Err(Error::LengthMismatch {
                dst: len,
                src: bytes / size_of::<T>().max(1),
            });
        }
        let mut msg = Some(msg);
        transfer(None, Some(dst), None, "receive", |_, d| {
            if let (Some(mut d), Some(m)) = (d, msg.take()) {
                m.matched_receive_into(&mut d);
            }
        })
    }

    /// Starts sending the elements to `dest`; the array stays borrowed until the request
    /// completes (see [`scope`](super::scope)).
    fn immediate_send_array<'a, 's, T: Element, B: BufferKind>(
        &self,
        scope: &'s Scope<'a>,
        data: &'a impl AsView<T, B>,
        dest: Rank,
        tag: Tag,
    ) -> Result<Request<'a, 's>> {
        self.process(dest)?;
        request::immediate_send(self.as_raw(), scope, data.as_view(), dest, tag)
    }

    /// Starts receiving a message from `source` into the elements; the array stays borrowed
    /// uniquely until the request completes (see [`scope`](super::scope)). A shorter message
    /// is an [`Error::LengthMismatch`] at the wait; a longer one is MPI's truncation error.
    fn immediate_receive_array<'a, 's, T: Element, B: BufferKind>(
        &self,
        scope: &'s Scope<'a>,
        data: &'a mut impl AsViewMut<T, B>,
        source: Rank,
        tag: Tag,
    ) -> Result<Request<'a, 's>> {
        self.process(source)?;
        request::immediate_receive(self.as_raw(), scope, data.as_view_mut(), source, tag)
    }

    /// Broadcasts `root`'s elements into every other rank's.
    fn broadcast_array<T: Element, B: BufferKind>(
        &self,
        root: Rank,
        data: &mut impl AsViewMut<T, B>,
    ) -> Result<Transport> {
        let p = self.process(root)?;
        let v = data.as_view_mut();
        self.agree(
            "broadcast",
            &[("element sizes", size_of::<T>()), ("lengths", v.len())],
        )?;
        let seg = Some(segment::<T>());
        if self.rank() == root {
            let shared = v.view();
            let src = src_end(&shared, seg)?;
            transfer(Some(src), None, seg, "broadcast", |s, _| {
                if let Some(mut s) = s {
                    p.broadcast_into(&mut s);
                }
            })
        } else {
            let dst = dst_end(&v, false, seg)?;
            transfer(None, Some(dst), seg, "broadcast", |_, d| {
                if let Some(mut d) = d {
                    p.broadcast_into(&mut d);
                }
            })
        }
    }

    /// Element-wise reduction over the ranks of `send` into every rank's `recv` (same
    /// lengths on every rank).
    ///
    /// ```no_run
    /// use mpi::traits::*;
    /// use onearray::mpi::{ArrayComm, ReduceOp};
    /// use onearray::{HostBuffer, OneArray};
    /// let universe = mpi::initialize().unwrap();
    /// let world = universe.world();
    /// let x = OneArray::<i32>::filled(8, world.rank())?;
    /// let mut sum = OneArray::<i32, HostBuffer>::zeroed(8)?;
    /// world.all_reduce(&x, &mut sum, ReduceOp::Sum)?;
    /// let n = world.size();
    /// assert_eq!(sum[0], n * (n - 1) / 2);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    fn all_reduce<T: Reducible, B1: BufferKind, B2: BufferKind>(
        &self,
        send: &impl AsView<T, B1>,
        recv: &mut impl AsViewMut<T, B2>,
        op: ReduceOp,
    ) -> Result<Transport> {
        let (s, r) = (send.as_view(), recv.as_view_mut());
        if s.len() != r.len() {
            return Err(Error::LengthMismatch {
                dst: r.len(),
                src: s.len(),
            });
        }
        self.agree(
            "all-reduce",
            &[("element sizes", size_of::<T>()), ("lengths", s.len())],
        )?;
        if let Some(marker) = in_place_marker() {
            // Device to device: each segment is downloaded into the staging buffer MPI then
            // reduces in place (one host copy fewer than a separate input buffer).
            if let Some(dst) = dst_end_from(&r, &s, segment::<T>())? {
                return reduce_in_place(self, dst, op, marker);
            }
        }
        let seg = Some(segment::<T>());
        let (src, dst) = (src_end(&s, seg)?, dst_end(&r, false, seg)?);
        transfer(Some(src), Some(dst), seg, "all-reduce", |s, d| {
            if let (Some(s), Some(mut d)) = (s, d) {
                self.all_reduce_into(&s, &mut d, op.system());
            }
        })
    }

    /// [`all_reduce`](Self::all_reduce) with the result in the input's place.
    fn all_reduce_in_place<T: Reducible, B: BufferKind>(
        &self,
        data: &mut impl AsViewMut<T, B>,
        op: ReduceOp,
    ) -> Result<Transport> {
        let mut v = data.as_view_mut();
        if transport_of(&v) == Transport::DeviceDirect {
            // The input must not be read on the host: a device copy of it is the input.
            let mut input = OneArray::<T, B>::zeroed_in(v.context(), v.device(), v.len())?;
            input.as_view_mut().copy_from(&v)?;
            return self.all_reduce(&input, &mut v, op);
        }
        self.agree(
            "all-reduce",
            &[("element sizes", size_of::<T>()), ("lengths", v.len())],
        )?;
        let seg = segment::<T>();
        let dst = dst_end(&v, true, Some(seg))?;
        if let Some(marker) = in_place_marker() {
            return reduce_in_place(self, dst, op, marker);
        }
        let mut scratch = vec![T::zeroed(); seg.min(v.len())];
        transfer(None, Some(dst), Some(seg), "all-reduce", |_, d| {
            if let Some(mut d) = d {
                let n = d.len();
                host_read(&d, &mut scratch[..n]);
                self.all_reduce_into(&scratch[..n], &mut d, op.system());
            }
        })
    }

    /// Gathers every rank's `send` into every rank's `recv`, in rank order (`recv` holds
    /// `size × send.len()` elements).
    fn all_gather<T: Element, B1: BufferKind, B2: BufferKind>(
        &self,
        send: &impl AsView<T, B1>,
        recv: &mut impl AsViewMut<T, B2>,
    ) -> Result<Transport> {
        blocks(
            self,
            "all-gather",
            send.as_view(),
            recv.as_view_mut(),
            true,
            |s, mut d| {
                self.all_gather_into(&s, &mut d);
            },
        )
    }

    /// Reduces `send` element-wise over the ranks and scatters the result: rank `r` receives
    /// elements `r × n .. (r + 1) × n` of it in `recv` (`n = recv.len()`, `send.len() =
    /// size × n`).
    fn reduce_scatter<T: Reducible, B1: BufferKind, B2: BufferKind>(
        &self,
        send: &impl AsView<T, B1>,
        recv: &mut impl AsViewMut<T, B2>,
        op: ReduceOp,
    ) -> Result<Transport> {
        let (s, r) = (send.as_view(), recv.as_view_mut());
        blocks(self, "reduce-scatter", s, r, false, |s, mut d| {
            self.reduce_scatter_block_into(&s, &mut d, op.system());
        })
    }
}

impl<C: Communicator + AsRaw<Raw = MPI_Comm>> ArrayComm for C {}

/// Copies a region's elements into `dst` (as many as it holds). Only for regions in host
/// memory: `all_reduce_in_place` sends device-direct views elsewhere.
fn host_read<T: Element>(r: &Region<T>, dst: &mut [T]) {
    // SAFETY: the region is readied host memory (host arrays, packed or staged copies) that
    // nothing else uses during the operation; `dst` is a distinct host slice.
    unsafe { std::ptr::copy_nonoverlapping(r.ptr(), dst.as_mut_ptr(), r.len().min(dst.len())) }
}

/// All-gather and reduce-scatter: one side holds `size` blocks, the other one (the receive
/// side of all-gather, the send side of reduce-scatter); checked here and between the ranks,
/// then `f` runs once over both.
fn blocks<C: ArrayComm, T: Element, B1: BufferKind, B2: BufferKind>(
    comm: &C,
    op: &str,
    s: ArrayView<'_, T, B1>,
    r: ArrayViewMut<'_, T, B2>,
    gather: bool,
    mut f: impl FnMut(Region<T>, Region<T>),
) -> Result<Transport> {
    let size = comm.size() as usize;
    let (block, total, whole) = if gather {
        (s.len(), r.len(), "received")
    } else {
        (r.len(), s.len(), "sent")
    };
    if total != block * size {
        return Err(mpi_error(format!(
            "{op}: {} elements sent, {} received; with {size} ranks the {whole} ones must \
             be {size} × {block} = {}",
            s.len(),
            r.len(),
            block * size
        )));
    }
    count(total, op)?;
    comm.agree(op, &[("element sizes", size_of::<T>()), ("lengths", block)])?;
    let (src, dst) = (src_end(&s, None)?, dst_end(&r, false, None)?);
    transfer(Some(src), Some(dst), None, op, |s, d| {
        if let (Some(s), Some(d)) = (s, d) {
            f(s, d);
        }
    })
}
