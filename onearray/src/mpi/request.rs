//! Non-blocking transfers: [`scope`], [`Scope`], [`Request`].
//!
//! A request borrows its array until it completes, and the scope it was started in waits at
//! its end for every request still pending, so that a request leaked with `mem::forget`
//! cannot leave MPI writing into memory the program has freed or reused.

use super::buffers::{transport_of, Region};
use super::{count, record, Element, Transport};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, HostBuffer};
use crate::pool::block::HostAccess;
use crate::view::{ArrayView, ArrayViewMut};
use mpi::datatype::{Equivalence, Pointer, PointerMut};
use mpi::ffi;
use mpi::raw::AsRaw;
use mpi::topology::Rank;
use mpi::Tag;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::marker::PhantomData;

/// Where non-blocking transfers live: [`scope`] makes one, and waits at its end for the
/// requests started in it that are still pending. Arrays given to a request are borrowed for
/// `'a`, which outlasts the scope.
pub struct Scope<'a> {
    /// One MPI request handle per request started (`MPI_REQUEST_NULL` once complete).
    slots: RefCell<Vec<ffi::MPI_Request>>,
    /// Host copies that pending requests send from or receive into.
    keep: RefCell<Vec<Box<dyn Any>>>,
    _a: PhantomData<Cell<&'a ()>>,
}

/// Runs `f` with a [`Scope`] for non-blocking transfers; returns after every request started
/// in it has completed.
///
/// While a receive is pending, its array cannot be touched:
///
/// ```compile_fail,E0499
/// use mpi::traits::*;
/// use onearray::mpi::ArrayComm;
/// use onearray::{HostBuffer, OneArray};
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let mut a = OneArray::<f32, HostBuffer>::zeroed(16).unwrap();
/// onearray::mpi::scope(|s| {
///     let r = world.immediate_receive_array(s, &mut a, 0, 0).unwrap();
///     a.fill(1.0).unwrap(); // a is borrowed by the pending receive
///     r.wait().unwrap();
/// });
/// ```
///
/// nor freed, even after the request is gone (it is borrowed for the whole scope):
///
/// ```compile_fail,E0505
/// use mpi::traits::*;
/// use onearray::mpi::ArrayComm;
/// use onearray::{HostBuffer, OneArray};
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let mut a = OneArray::<f32, HostBuffer>::zeroed(16).unwrap();
/// onearray::mpi::scope(|s| {
///     let r = world.immediate_receive_array(s, &mut a, 0, 0).unwrap();
///     std::mem::forget(r);
///     drop(a);
/// });
/// ```
///
/// A pending send lends the array for reading only:
///
/// ```compile_fail,E0502
/// use mpi::traits::*;
/// use onearray::mpi::ArrayComm;
/// use onearray::OneArray;
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let mut a = OneArray::<f32>::zeroed(16).unwrap();
/// onearray::mpi::scope(|s| {
///     let r = world.immediate_send_array(s, &a, 1, 0).unwrap();
///     a.fill(2.0).unwrap();
///     r.wait().unwrap();
/// });
/// ```
///
/// Working use, with the arrays back after the scope:
///
/// ```no_run
/// use mpi::traits::*;
/// use onearray::mpi::ArrayComm;
/// use onearray::{HostBuffer, OneArray};
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let (rank, size) = (world.rank(), world.size());
/// let out = OneArray::<i32, HostBuffer>::filled(4, rank)?;
/// let mut inb = OneArray::<i32, HostBuffer>::zeroed(4)?;
/// onearray::mpi::scope(|s| -> onearray::Result<()> {
///     let r = world.immediate_receive_array(s, &mut inb, (rank + size - 1) % size, 0)?;
///     let w = world.immediate_send_array(s, &out, (rank + 1) % size, 0)?;
///     w.wait()?;
///     r.wait()?;
///     Ok(())
/// })?;
/// assert_eq!(inb[0], (rank + size - 1) % size);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn scope<'a, R>(f: impl for<'s> FnOnce(&'s Scope<'a>) -> R) -> R {
    let s = Scope {
        slots: RefCell::new(Vec::new()),
        keep: RefCell::new(Vec::new()),
        _a: PhantomData,
    };
    f(&s)
    // `s` drops here, waiting for what is pending.
}

impl Scope<'_> {
    fn add(&self, req: ffi::MPI_Request) -> usize {
        let mut slots = self.slots.borrow_mut();
        slots.push(req);
        slots.len() - 1
    }

    /// Waits for the request in `slot`; its status.
    fn wait(&self, slot: usize) -> ffi::MPI_Status {
        let mut slots = self.slots.borrow_mut();
        // SAFETY: an all-zero status is a valid plain C struct to be written.
        let mut st: ffi::MPI_Status = unsafe { std::mem::zeroed() };
        // SAFETY: the slot holds a request this scope started (or MPI_REQUEST_NULL, which
        // MPI_Wait returns at once for); MPI sets it to MPI_REQUEST_NULL.
        unsafe { ffi::MPI_Wait(&mut slots[slot], &mut st) };
        st
    }

    /// Whether the request in `slot` has completed (then its status).
    fn test(&self, slot: usize) -> Option<ffi::MPI_Status> {
        let mut slots = self.slots.borrow_mut();
        // SAFETY: as in `wait`.
        let mut st: ffi::MPI_Status = unsafe { std::mem::zeroed() };
        let mut done = 0;
        // SAFETY: as in `wait`; MPI_Test sets the slot to MPI_REQUEST_NULL when complete.
        unsafe { ffi::MPI_Test(&mut slots[slot], &mut done, &mut st) };
        (done != 0).then_some(st)
    }
}

impl Drop for Scope<'_> {
    fn drop(&mut self) {
        for slot in self.slots.get_mut().iter_mut() {
            // SAFETY: a request of this scope, or MPI_REQUEST_NULL.
            unsafe { ffi::MPI_Wait(slot, ffi::RSMPI_STATUS_IGNORE) };
        }
        // Only now may the host copies go.
        self.keep.get_mut().clear();
    }
}

/// What completing a receive does: copies the host copy into the array, given the elements
/// received.
type Finish<'a> = Box<dyn FnOnce(usize) -> Result<()> + 'a>;

/// What a receive does at completion: the elements expected, how to count a status's
/// elements, the copy back (if through a host copy).
struct Receiving<'a> {
    len: usize,
    count_of: fn(&ffi::MPI_Status) -> usize,
    finish: Option<Finish<'a>>,
}

/// A pending non-blocking transfer, borrowing its array (shared for a send, unique for a
/// receive) for `'a`. [`wait`](Self::wait) completes it; dropping it waits too.
#[must_use = "a request is complete only after `wait` (dropping it waits and drops errors)"]
pub struct Request<'a, 's> {
    scope: &'s Scope<'a>,
    slot: usize,
    transport: Transport,
    recv: Option<Receiving<'a>>,
    done: bool,
}

fn status_count<T: Equivalence>(st: &ffi::MPI_Status) -> usize {
    let mut c = 0;
    // SAFETY: a status MPI wrote; the datatype lives through the call.
    unsafe { ffi::MPI_Get_count(st, T::equivalent_datatype().as_raw(), &mut c) };
    usize::try_from(c).unwrap_or(usize::MAX)
}

impl<'a> Request<'a, '_> {
    /// The transport the transfer uses.
    pub fn transport(&self) -> Transport {
        self.transport
    }

    /// Waits for the transfer; for a receive, then copies a host copy into the array and
    /// checks the length received ([`Error::LengthMismatch`] if shorter than the array).
    pub fn wait(mut self) -> Result<Transport> {
        self.finish()
    }

    /// Completes the transfer if it has finished (`Ok(true)`), else returns `Ok(false)`.
    pub fn test(&mut self) -> Result<bool> {
        if self.done {
            return Ok(true);
        }
        match self.scope.test(self.slot) {
            Some(st) => self.complete(st).map(|_| true),
            None => Ok(false),
        }
    }

    fn finish(&mut self) -> Result<Transport> {
        if self.done {
            return Ok(self.transport);
        }
        let st = self.scope.wait(self.slot);
        self.complete(st)
    }

    fn complete(&mut self, st: ffi::MPI_Status) -> Result<Transport> {
        self.done = true;
        if let Some(Receiving {
            len,
            count_of,
            finish,
        }) = self.recv.take()
        {
            let got = count_of(&st);
            if got != len {
                return Err(Error::LengthMismatch { dst: len, src: got });
            }
            if let Some(f) = finish {
                f(got)?;
            }
        }
        Ok(self.transport)
    }
}

impl Drop for Request<'_, '_> {
    fn drop(&mut self) {
        if let Err(e) = self.finish() {
            log::warn!("a dropped MPI request: {e}");
        }
    }
}

/// Starts `MPI_Isend` of a view's elements: its own memory when host-visible and contiguous
/// (or device memory for a device-aware MPI), else a host copy kept by the scope.
pub(crate) fn immediate_send<'a, 's, T: Element, B: BufferKind>(
    comm: ffi::MPI_Comm,
    scope: &'s Scope<'a>,
    v: ArrayView<'a, T, B>,
    dest: Rank,
    tag: Tag,
) -> Result<Request<'a, 's>> {
    let n = count(v.len(), "send")?;
    let t = transport_of(&v);
    v.block.host_access(HostAccess::Read, false)?;
    let region = match t {
        // SAFETY: the view's elements, idle (waited for above) and borrowed shared for 'a,
        // which outlasts the scope that waits for the request.
        Transport::Host | Transport::DeviceDirect => unsafe {
            Region::new(
                v.block
                    .alloc()
                    .as_ptr()
                    .cast::<T>()
                    .wrapping_add(v.layout.offset()),
                v.len(),
            )
        },
        Transport::Staged => {
            let (ptr, tmp) = pinned(&v, true)?;
            scope.keep.borrow_mut().push(Box::new(tmp));
            // SAFETY: the pinned copy's host memory, written above, kept by the scope until
            // it has waited for every request.
            unsafe { Region::new(ptr, v.len()) }
        }
        Transport::Packed => {
            let mut copy = v.to_vec()?;
            // SAFETY: the copy's heap buffer, which the scope keeps until it has waited for
            // every request (moving the Vec into the box does not move the buffer).
            let r = unsafe { Region::new(copy.as_mut_ptr(), copy.len()) };
            scope.keep.borrow_mut().push(Box::new(copy));
            r
        }
    };
    // SAFETY: MPI_REQUEST_NULL is a plain handle value.
    let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
    // SAFETY: `region` stays valid and unwritten until the request completes (above); the
    // datatype describes T; `comm` is the caller's live communicator.
    unsafe {
        ffi::MPI_Isend(
            region.pointer(),
            n,
            T::equivalent_datatype().as_raw(),
            dest,
            tag,
            comm,
            &mut req,
        )
    };
    record(t, v.len() * size_of::<T>(), "immediate send");
    Ok(Request {
        scope,
        slot: scope.add(req),
        transport: t,
        recv: None,
        done: false,
    })
}

/// Starts `MPI_Irecv` into a view's elements, or into a host copy kept by the scope that
/// the wait copies into the view.
pub(crate) fn immediate_receive<'a, 's, T: Element, B: BufferKind>(
    comm: ffi::MPI_Comm,
    scope: &'s Scope<'a>,
    mut v: ArrayViewMut<'a, T, B>,
    source: Rank,
    tag: Tag,
) -> Result<Request<'a, 's>> {
    let len = v.len();
    let n = count(len, "receive")?;
    let t = transport_of(&v);
    v.block.check_writable(B::KIND)?;
    v.block.host_access(HostAccess::Write, false)?;
    let (mut region, finish): (Region<T>, Option<Finish<'a>>) = match t {
        // SAFETY: the view's elements, idle (waited for above), borrowed uniquely for 'a,
        // which outlasts the scope that waits for the request.
        Transport::Host | Transport::DeviceDirect => unsafe {
            let p = v.block.alloc().as_ptr().cast::<T>();
            (Region::new(p.wrapping_add(v.layout.offset()), len), None)
        },
        Transport::Packed | Transport::Staged => {
            let p = if t == Transport::Staged {
                let (p, tmp) = pinned(&v, false)?;
                scope.keep.borrow_mut().push(Box::new(tmp));
                p
            } else {
                let mut copy = vec![T::zeroed(); len];
                let p = copy.as_mut_ptr();
                scope.keep.borrow_mut().push(Box::new(copy));
                p
            };
            // SAFETY: the host copy's memory (pinned or heap), kept by the scope until it
            // has waited for every request.
            let r = unsafe { Region::new(p, len) };
            let f: Finish<'a> = Box::new(move |got: usize| {
                // SAFETY: the receive into the buffer has completed (this runs after the
                // wait) and the scope, which outlives the request, still keeps it.
                let s = unsafe { std::slice::from_raw_parts(p, got.min(len)) };
                v.copy_from_slice(s)
            });
            (r, Some(f))
        }
    };
    // SAFETY: MPI_REQUEST_NULL is a plain handle value.
    let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
    // SAFETY: `region` is writable by MPI alone until the request completes (above).
    unsafe {
        ffi::MPI_Irecv(
            region.pointer_mut(),
            n,
            T::equivalent_datatype().as_raw(),
            source,
            tag,
            comm,
            &mut req,
        )
    };
    record(t, len * size_of::<T>(), "immediate receive");
    Ok(Request {
        scope,
        slot: scope.add(req),
        transport: t,
        recv: Some(Receiving {
            len,
            count_of: status_count::<T>,
            finish,
        }),
        done: false,
    })
}

/// A pinned host copy of a device view (its elements when `read`), idle, and its address.
fn pinned<T: Element, B: BufferKind, A: crate::view::Access>(
    v: &crate::view::View<'_, T, B, A>,
    read: bool,
) -> Result<(*mut T, OneArray<T, HostBuffer>)> {
    // SAFETY: written before MPI reads it (the download below, for sends) or by MPI.
    let mut tmp =
        unsafe { OneArray::<T, HostBuffer>::uninit_in(v.context(), v.device(), v.len())? };
    // Host access waits until no earlier command uses the pooled block.
    let host = tmp.try_as_mut_slice()?;
    if read {
        v.copy_to_slice(host)?;
    }
    Ok((tmp.as_ptr().cast_mut(), tmp))
}
