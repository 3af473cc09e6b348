//! Arrays and views as MPI buffers (feature `mpi`, through the [`mpi`] crate,
//! rsmpi): point-to-point transfers and collectives between processes, on one machine or
//! many.
//!
//! [`ArrayComm`] adds the operations to every rsmpi communicator. How the elements reach MPI
//! depends on where they live, and each call returns the [`Transport`] it used (also counted
//! in [`transport_report`]; `RUST_LOG=onearray=debug` logs each choice):
//!
//! - host-visible arrays ([`HostBuffer`](crate::HostBuffer), [`SharedBuffer`](crate::SharedBuffer))
//!   and their contiguous views: the memory itself, no copy ([`Transport::Host`]);
//! - device arrays: through the pinned buffers of the staging ring, in segments, double
//!   buffered: the device copy of one segment overlaps the MPI transfer of the other
//!   ([`Transport::Staged`]). An all-reduce from a device array into another one downloads
//!   each input segment into the output's staging buffer and reduces it there in place
//!   (`MPI_IN_PLACE`, read from the MPI library's `mpi.h` at build time), one host copy
//!   fewer than a separate input buffer;
//! - device arrays when the MPI library says it reads Level Zero device memory
//!   ([`level_zero_support`]): the device pointer itself ([`Transport::DeviceDirect`]);
//! - strided views: packed into a contiguous host buffer ([`Transport::Packed`]).
//!
//! Pending device work on an array is waited for before MPI reads or writes it, as host
//! access waits.
//!
//! Every rank must call the same operation with the same element type and lengths (the
//! lengths are checked between the ranks, and a difference is an [`Error::Mpi`] on every
//! rank). All-reduce and broadcast move large arrays in segments of [`MPI_SEGMENT`] bytes
//! whatever their kind, so that ranks holding different kinds make the same MPI calls; the
//! other side of an operation must therefore use this module too.
//!
//! ```no_run
//! // mpirun -n 4 ./program
//! use onearray::mpi::{ArrayComm, ReduceOp};
//! use onearray::{OneArray, SharedBuffer};
//! use mpi::traits::*;
//!
//! let universe = mpi::initialize().unwrap();
//! let world = universe.world();
//! let mut grad = OneArray::<f32>::filled(1 << 20, world.rank() as f32)?; // device memory
//! let transport = world.all_reduce_in_place(&mut grad, ReduceOp::Sum)?;
//! println!("all-reduced through {transport}");
//! let mut h = OneArray::<f32, SharedBuffer>::zeroed(4)?;
//! world.broadcast_array(0, &mut h)?;
//! # Ok::<(), onearray::Error>(())
//! ```

mod buffers;
mod comm;
mod request;

pub use comm::ArrayComm;
pub use request::{scope, Request, Scope};

use crate::error::{Error, Result};
use bytemuck::Pod;
use mpi::datatype::Equivalence;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

/// All-reduce and broadcast move arrays in segments of this many bytes (rounded down to whole
/// elements; at most the staging ring's buffer size). A segment of each rank's input and
/// output stays in cache through MPI's steps: host all-reduce of 64 MiB over 4 ranks on 2
/// cores took 47 ms in 1 MiB segments and 65–78 ms in 4 MiB ones (Open MPI 4.1).
pub const MPI_SEGMENT: usize = 1 << 20;

/// Element types MPI can move: `Pod` types with an MPI datatype (the primitive numbers, and
/// types deriving rsmpi's `Equivalence`).
pub trait Element: Pod + Equivalence {}
impl<T: Pod + Equivalence> Element for T {}

mod sealed {
    pub trait Sealed {}
}

/// Element types MPI's own reductions (sum, minimum, maximum) take: the integers and floats
/// MPI has a datatype for (no `f16`: MPI has none).
pub trait Reducible: Element + sealed::Sealed {}
macro_rules! reducible {
    ($($t:ty),*) => { $(impl sealed::Sealed for $t {} impl Reducible for $t {})* };
}
reducible!(f32, f64, i8, i16, i32, i64, u8, u16, u32, u64);

/// A reduction of [`ArrayComm::all_reduce`] and [`ArrayComm::reduce_scatter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    /// Element-wise sum.
    Sum,
    /// Element-wise minimum.
    Min,
    /// Element-wise maximum.
    Max,
}

impl ReduceOp {
    pub(crate) fn system(self) -> mpi::collective::SystemOperation {
        match self {
            ReduceOp::Sum => mpi::collective::SystemOperation::sum(),
            ReduceOp::Min => mpi::collective::SystemOperation::min(),
            ReduceOp::Max => mpi::collective::SystemOperation::max(),
        }
    }
}

/// How an operation's elements reached MPI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transport {
    /// Host-visible memory (host or shared arrays, contiguous views) passed to MPI directly.
    Host,
    /// A strided view, packed into (or unpacked from) a contiguous host buffer.
    Packed,
    /// Device memory through pinned host buffers (segments double buffered for all-reduce and
    /// broadcast, one buffer of the array's size for the other operations).
    Staged,
    /// Device memory passed to an MPI library that reads Level Zero device memory.
    DeviceDirect,
}

const TRANSPORTS: [Transport; 4] = [
    Transport::Host,
    Transport::Packed,
    Transport::Staged,
    Transport::DeviceDirect,
];

impl Transport {
    /// A short name: `"host"`, `"packed"`, `"staged"`, `"device-direct"`.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Host => "host",
            Transport::Packed => "packed",
            Transport::Staged => "staged",
            Transport::DeviceDirect => "device-direct",
        }
    }
}

impl std::fmt::Display for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

static CALLS: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];
static BYTES: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];

/// Counts one operation's transport (and logs it).
pub(crate) fn record(t: Transport, bytes: usize, op: &str) {
    let i = TRANSPORTS.iter().position(|&x| x == t).unwrap_or(0);
    CALLS[i].fetch_add(1, Relaxed);
    BYTES[i].fetch_add(bytes as u64, Relaxed);
    log::debug!("mpi {op}: {bytes} B through the {t} transport");
}

/// Operations and bytes per transport since the process started.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransportReport {
    /// `(transport, operations, bytes)`, one row per transport used at least once.
    pub rows: Vec<(Transport, u64, u64)>,
    /// What [`level_zero_support`] found.
    pub device_aware: bool,
}

impl std::fmt::Display for TransportReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let aware = if self.device_aware { "yes" } else { "no" };
        writeln!(f, "MPI reads Level Zero device memory: {aware}")?;
        for (t, calls, bytes) in &self.rows {
            writeln!(
                f,
                "{:>14}: {calls} operation(s), {}",
                t.name(),
                crate::status::human(*bytes as usize)
            )?;
        }
        Ok(())
    }
}

/// The transports this process's array operations used.
///
/// ```
/// let r = onearray::mpi::transport_report();
/// assert!(r.rows.iter().all(|&(_, calls, _)| calls > 0));
/// ```
pub fn transport_report() -> TransportReport {
    let rows = TRANSPORTS
        .iter()
        .enumerate()
        .map(|(i, &t)| (t, CALLS[i].load(Relaxed), BYTES[i].load(Relaxed)))
        .filter(|r| r.1 > 0)
        .collect();
    TransportReport {
        rows,
        device_aware: level_zero_support().aware,
    }
}

/// Whether the MPI library reads and writes Level Zero device memory, and why we think so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceSupport {
    /// Device pointers go to MPI directly.
    pub aware: bool,
    /// How it was decided, in words.
    pub reason: String,
}

static FORCE_STAGED: AtomicU8 = AtomicU8::new(0);

/// Forces device arrays through staging even when the MPI library is device-aware
/// (`true`), or lets [`level_zero_support`] decide again (`false`; the default). Env
/// `ONEARRAY_MPI_STAGED=1` forces it at start.
pub fn set_force_staged(on: bool) {
    FORCE_STAGED.store(if on { 1 } else { 2 }, Relaxed);
}

fn force_staged() -> bool {
    match FORCE_STAGED.load(Relaxed) {
        0 => std::env::var("ONEARRAY_MPI_STAGED").is_ok_and(|v| v == "1"),
        v => v == 1,
    }
}

/// Whether device pointers go to MPI directly: asked of the MPI library at run time, once.
/// Intel MPI reads Level Zero memory when offload is on (env `I_MPI_OFFLOAD` ≥ 1); Open MPI
/// says so through `MPIX_Query_ze_support()` where it has that function. Anything else:
/// not aware (device arrays are staged).
///
/// ```no_run
/// let s = onearray::mpi::level_zero_support();
/// println!("device-aware MPI: {} ({})", s.aware, s.reason);
/// ```
pub fn level_zero_support() -> DeviceSupport {
    static FOUND: OnceLock<DeviceSupport> = OnceLock::new();
    if FOUND.get().is_none() && !mpi::environment::is_initialized() {
        // Asked again once MPI runs (the library's answer may need it).
        return DeviceSupport {
            aware: false,
            reason: "MPI is not initialized".into(),
        };
    }
    let found = FOUND.get_or_init(detect).clone();
    if found.aware && force_staged() {
        return DeviceSupport {
            aware: false,
            reason: format!("{}, but staging is forced", found.reason),
        };
    }
    found
}

fn detect() -> DeviceSupport {
    let version = mpi::environment::library_version().unwrap_or_default();
    let first_line = version.lines().next().unwrap_or("").trim().to_string();
    let not = |why: String| DeviceSupport {
        aware: false,
        reason: why,
    };
    if version.contains("Intel(R) MPI") || version.contains("Intel MPI") {
        let offload = std::env::var("I_MPI_OFFLOAD").unwrap_or_default();
        return match offload.trim().parse::<u32>() {
            Ok(n) if n >= 1 => DeviceSupport {
                aware: true,
                reason: format!("{first_line} with I_MPI_OFFLOAD={n}"),
            },
            _ => not(format!("{first_line} without I_MPI_OFFLOAD=1")),
        };
    }
    let this = libloading::os::unix::Library::this();
    // SAFETY: Open MPI declares `int MPIX_Query_ze_support(void)` (mpi-ext.h); MPI is
    // initialized (checked by the caller).
    let query = unsafe {
        this.get::<unsafe extern "C" fn() -> std::ffi::c_int>(b"MPIX_Query_ze_support\0")
    };
    match query {
        // SAFETY: the symbol has the signature above.
        Ok(f) if unsafe { f() } == 1 => DeviceSupport {
            aware: true,
            reason: format!("{first_line}: MPIX_Query_ze_support() = 1"),
        },
        Ok(_) => not(format!("{first_line}: MPIX_Query_ze_support() = 0")),
        Err(_) => not(format!(
            "{}: no Level Zero support is reported (no MPIX_Query_ze_support, not Intel MPI \
             with offload)",
            if first_line.is_empty() {
                "unknown MPI library"
            } else {
                &first_line
            }
        )),
    }
}

/// An [`Error::Mpi`] saying `what`.
pub(crate) fn mpi_error(what: impl Into<String>) -> Error {
    Error::Mpi { what: what.into() }
}

/// `len` as an MPI count, or an error naming the operation.
pub(crate) fn count(len: usize, op: &str) -> Result<mpi::Count> {
    mpi::Count::try_from(len).map_err(|_| {
        mpi_error(format!(
            "{op}: {len} elements exceed MPI's count ({} at most)",
            mpi::Count::MAX
        ))
    })
}
