//! What compiled kernels run with: the context every generated function receives, the host
//! functions it calls (bounds checks that miss the inline cache, conversions with rounding
//! modes, the interpreter's OpenCL.std implementation, `memmove`, generic casts), and the
//! codes it returns.
//!
//! # What the generated code relies on
//! * `Ctx` is laid out as declared (`repr(C)`) and every pointer in it is valid for the call:
//!   `params` holds the flattened argument values, `table` the launch's built-in values
//!   ([`table`] indices), `lids` three rows of `lanes` local ids, `spill` the per-work-item
//!   values kept across barriers, `done` one byte per work-item, `scratch` room for the
//!   largest OpenCL.std call, `state` the thread's [`State`].
//! * Every load, store and atomic is preceded by a check: the address range lies in the
//!   work-item's own private memory, or in a range a helper confirmed (kept per access site
//!   as an inline cache), or the helper recorded a fault and the function returned [`FAULT`].
//!   Nothing is read or written before its check passes.

use super::ssa::{Conv, Rmw, Space};
use crate::error::Fault;
use crate::interp::ops;
use crate::run::reach::Memory;
use crate::value::Scalar;

/// A barrier reached by the work-items: its index (below [`DONE`]).
/// Every work-item of the range returned.
pub const DONE: u32 = 0xFFFF_FFF0;
/// No work-item ran yet (internal to the generated code).
pub const NONE: u32 = 0xFFFF_FFF1;
/// Work-items reached different barriers.
pub const DIVERGED: u32 = 0xFFFF_FFFE;
/// A fault: the message is in the [`State`].
pub const FAULT: u32 = 0xFFFF_FFFF;

/// Indices into the built-in table (`Ctx::table`), per dimension where there are three.
pub mod table {
    pub const GROUP_ID: usize = 0;
    pub const NUM_GROUPS: usize = 3;
    pub const LOCAL_SIZE: usize = 6;
    pub const GLOBAL_SIZE: usize = 9;
    pub const GLOBAL_OFFSET: usize = 12;
    pub const WORK_DIM: usize = 15;
    /// `group_id * local_size + global_offset`: the global id of local id 0.
    pub const GID_BASE: usize = 16;
    /// `group_id * local_size`.
    pub const GROUP_BASE: usize = 19;
    pub const LANES: usize = 22;
    pub const LEN: usize = 23;
}

/// The context of a generated function (see the module documentation).
#[repr(C)]
pub struct Ctx {
    pub params: *const u64,
    pub table: *const u64,
    pub lids: *const u32,
    pub spill: *mut u8,
    pub local_static: u64,
    pub private_base: u64,
    pub private_stride: u64,
    pub lanes: u64,
    /// Per inline cache: the last shared range that allowed an access (`lo`, `hi`).
    pub caches: *mut u64,
    /// The result of the last [`jit_check`] through its trampoline.
    pub status: u64,
    pub scratch: *mut u64,
    pub done: *mut u8,
    pub state: *mut State<'static>,
    /// The launch's cancellation flag (an `AtomicBool`), read at every loop head.
    pub cancel: *const u8,
    /// The group's copies of the uniform values kept across the barrier the region starts
    /// at, and where the region stores those kept across the barrier it ends at (8 bytes per
    /// value; the runner swaps the two between regions).
    pub uread: *const u64,
    pub uwrite: *mut u64,
}

/// Byte offsets of [`Ctx`]'s fields (for the generated loads).
pub mod field {
    pub const PARAMS: i32 = 0;
    pub const TABLE: i32 = 8;
    pub const LIDS: i32 = 16;
    pub const SPILL: i32 = 24;
    pub const LOCAL_STATIC: i32 = 32;
    pub const PRIVATE_BASE: i32 = 40;
    pub const PRIVATE_STRIDE: i32 = 48;
    pub const LANES: i32 = 56;
    pub const CACHES: i32 = 64;
    pub const STATUS: i32 = 72;
    pub const SCRATCH: i32 = 80;
    pub const DONE: i32 = 88;
    pub const CANCEL: i32 = 104;
    pub const UREAD: i32 = 112;
    pub const UWRITE: i32 = 120;

    // The offsets are those of `Ctx`'s fields.
    const _: () = {
        use super::Ctx;
        use std::mem::offset_of;
        assert!(offset_of!(Ctx, params) == PARAMS as usize);
        assert!(offset_of!(Ctx, table) == TABLE as usize);
        assert!(offset_of!(Ctx, lids) == LIDS as usize);
        assert!(offset_of!(Ctx, spill) == SPILL as usize);
        assert!(offset_of!(Ctx, local_static) == LOCAL_STATIC as usize);
        assert!(offset_of!(Ctx, private_base) == PRIVATE_BASE as usize);
        assert!(offset_of!(Ctx, private_stride) == PRIVATE_STRIDE as usize);
        assert!(offset_of!(Ctx, lanes) == LANES as usize);
        assert!(offset_of!(Ctx, caches) == CACHES as usize);
        assert!(offset_of!(Ctx, status) == STATUS as usize);
        assert!(offset_of!(Ctx, scratch) == SCRATCH as usize);
        assert!(offset_of!(Ctx, done) == DONE as usize);
        assert!(offset_of!(Ctx, cancel) == CANCEL as usize);
        assert!(offset_of!(Ctx, uread) == UREAD as usize);
        assert!(offset_of!(Ctx, uwrite) == UWRITE as usize);
    };
}

/// A thread's checks and its first fault.
pub struct State<'a> {
    pub mem: Memory<'a>,
    pub error: Option<Fault>,
    /// Which inline caches serve writes ([`FrameLayout::write_caches`](super::FrameLayout::write_caches)).
    pub write_caches: &'a [bool],
}

/// # Safety
/// `ctx` is the context the generated function was called with.
unsafe fn state<'s>(ctx: *mut Ctx) -> &'s mut State<'static> {
    // SAFETY: the runner points `state` at the thread's `State`, alive during the call, and
    // nothing else uses it while generated code runs.
    unsafe { &mut *(*ctx).state }
}

/// The work-item [`jit_check`] is given for a probe (a pack's vector access).
pub const PROBE: u64 = u64::MAX;

/// A check inline cache `cache` missed: 0 = allowed (the shared range holding the access is
/// now the cache's); 1 = allowed, not cached (private memory); 2 = fault (recorded); 3 = not
/// in a shared range, for a [`PROBE`] (nothing recorded).
///
/// # Safety
/// Called by generated code only, with the context it was given.
pub unsafe extern "C" fn jit_check(
    ctx: *mut Ctx,
    addr: u64,
    len: u64,
    lane: u64,
    cache: u64,
) -> u32 {
    // SAFETY: called by generated code with its context.
    let st = unsafe { state(ctx) };
    let (addr, len, lane) = (addr as usize, len as usize, lane as usize);
    let write = st.write_caches.get(cache as usize).copied().unwrap_or(true);
    let range = if write {
        st.mem.writable_range(addr, len)
    } else {
        st.mem.shared_range(addr, len)
    };
    if let Some((lo, hi)) = range {
        // SAFETY: `caches` holds two words per inline cache of the kernel (`FrameLayout::caches`).
        unsafe {
            let c = (*ctx).caches.add(2 * cache as usize);
            *c = lo as u64;
            *c.add(1) = hi as u64;
        }
        return 0;
    }
    if lane == PROBE as usize {
        // A pack's vector access asks: no fault is recorded, its lanes are checked one by one.
        return 3;
    }
    let checked = if write {
        st.mem.check_write_lane(addr, len, lane)
    } else {
        st.mem.check_lane(addr, len, lane)
    };
    match checked {
        Ok(()) => 1,
        Err(e) => {
            st.error.get_or_insert(e);
            2
        }
    }
}

/// The `kind` of [`jit_fault`] for a cancelled launch.
pub const CANCELLED: u32 = u32::MAX;

/// Records a fault that is not an out-of-bounds access (`kind`: 0 unreachable, [`CANCELLED`],
/// else a misaligned atomic of `kind` bytes); returns [`FAULT`].
///
/// # Safety
/// Called by generated code only, with the context it was given.
pub unsafe extern "C" fn jit_fault(ctx: *mut Ctx, kind: u32, addr: u64) -> u32 {
    // SAFETY: called by generated code with its context.
    let st = unsafe { state(ctx) };
    st.error.get_or_insert(match kind {
        0 => Fault::Unreachable,
        CANCELLED => Fault::Cancelled,
        n => Fault::MisalignedAtomic {
            address: addr as usize,
            bytes: n as usize,
        },
    });
    FAULT
}

/// The code [`jit_float_atomic`] takes for a float atomic `op` on `scalar`.
pub fn float_atomic_code(op: Rmw, scalar: Scalar) -> u32 {
    let o = match op {
        Rmw::FMin => 1,
        Rmw::FMax => 2,
        _ => 0,
    };
    o | scalar.bits() << 8
}

/// A float atomic (`code` from [`float_atomic_code`]) at `addr`, already checked and
/// aligned: the old value's bits.
///
/// # Safety
/// Called by generated code only, after the access's check.
pub unsafe extern "C" fn jit_float_atomic(code: u32, addr: u64, v: u64) -> u64 {
    let op = match code & 0xff {
        1 => Rmw::FMin,
        2 => Rmw::FMax,
        _ => Rmw::FAdd,
    };
    let scalar = match code >> 8 {
        16 => Scalar::F16,
        32 => Scalar::F32,
        _ => Scalar::F64,
    };
    // SAFETY: the generated code checked and aligned the access (this function's contract).
    unsafe { ops::float_rmw(op, scalar, addr as usize, v) }
}

/// `memmove` after checking both ranges: 0 or 2 (fault).
///
/// # Safety
/// Called by generated code only, with the context it was given.
pub unsafe extern "C" fn jit_memcopy(ctx: *mut Ctx, dst: u64, src: u64, n: u64, lane: u64) -> u32 {
    // SAFETY: called by generated code with its context.
    let st = unsafe { state(ctx) };
    let (d, s, n, l) = (dst as usize, src as usize, n as usize, lane as usize);
    if let Err(e) = st
        .mem
        .check_write_lane(d, n, l)
        .and(st.mem.check_lane(s, n, l))
    {
        st.error.get_or_insert(e);
        return 2;
    }
    // SAFETY: both ranges were checked.
    unsafe { std::ptr::copy(s as *const u8, d as *mut u8, n) };
    0
}

/// `OpGenericCastToPtrExplicit`: `p` if it points into `space` (0 private, 1 local, 2
/// other), else 0.
///
/// # Safety
/// Called by generated code only, with the context it was given.
pub unsafe extern "C" fn jit_generic_cast(ctx: *mut Ctx, p: u64, space: u32) -> u64 {
    // SAFETY: called by generated code with its context.
    let st = unsafe { state(ctx) };
    let a = p as usize;
    let (local, private) = (st.mem.is_local(a), st.mem.is_private(a));
    let keep = match space {
        0 => private,
        1 => local,
        _ => !local && !private,
    };
    if keep {
        p
    } else {
        0
    }
}

/// The space code [`jit_generic_cast`] takes.
pub fn space_code(s: Space) -> u32 {
    match s {
        Space::Private => 0,
        Space::Local => 1,
        Space::Other => 2,
    }
}

/// C's `fmod` (`divisor_sign` = 0) or SPIR-V's `OpFMod` (1: the sign of the divisor).
pub extern "C" fn jit_fmod(x: f64, y: f64, divisor_sign: u32) -> f64 {
    let r = x % y;
    if divisor_sign != 0 && r != 0.0 && (r < 0.0) != (y < 0.0) {
        r + y
    } else {
        r
    }
}

const SCALARS: [Scalar; 8] = [
    Scalar::Bool,
    Scalar::I8,
    Scalar::I16,
    Scalar::I32,
    Scalar::I64,
    Scalar::F16,
    Scalar::F32,
    Scalar::F64,
];

/// A conversion packed into a `u64` for [`jit_convert`].
pub fn conv_code(c: Conv, from: Scalar, to: Scalar) -> u64 {
    let (kind, a, b, mode) = match c {
        Conv::Int { signed } => (0, signed, false, None),
        Conv::IntSat {
            signed_from,
            signed_to,
        } => (1, signed_from, signed_to, None),
        Conv::FToI { signed, sat, mode } => (2, signed, sat, mode),
        Conv::IToF { signed, mode } => (3, signed, false, mode),
        Conv::FToF { mode } => (4, false, false, mode),
        Conv::Bitcast => (5, false, false, None),
    };
    kind | (a as u64) << 4
        | (b as u64) << 5
        | (mode.map_or(0, |m| m as u64 + 1)) << 8
        | (from as u64) << 16
        | (to as u64) << 24
}

/// Converts `x` as [`conv_code`] describes, with the interpreter's code.
pub extern "C" fn jit_convert(x: u64, code: u64) -> u64 {
    let from = SCALARS[(code >> 16 & 7) as usize];
    let to = SCALARS[(code >> 24 & 7) as usize];
    let (a, b) = (code >> 4 & 1 != 0, code >> 5 & 1 != 0);
    let mode = match code >> 8 & 7 {
        0 => None,
        m => Some(m as u32 - 1),
    };
    let c = match code & 15 {
        0 => Conv::Int { signed: a },
        1 => Conv::IntSat {
            signed_from: a,
            signed_to: b,
        },
        2 => Conv::FToI {
            signed: a,
            sat: b,
            mode,
        },
        3 => Conv::IToF { signed: a, mode },
        4 => Conv::FToF { mode },
        _ => Conv::Bitcast,
    };
    ops::convert_value(c, from, to, x)
}

/// A static description of an OpenCL.std call ([`jit_ext`]'s argument).
pub struct ExtDesc {
    pub num: u32,
    pub result: Scalar,
    pub width: usize,
    /// Components and element type of each value operand.
    pub args: Vec<(usize, Scalar)>,
    pub results: usize,
    pub out2: usize,
}

/// Evaluates an OpenCL.std call with the interpreter's implementation: the arguments are in
/// `scratch` (operand after operand), the results (then what goes through the pointer
/// operand) are written there. 0 or 2 (fault: an error of the implementation).
///
/// # Safety
/// Called by generated code only, with the context it was given.
pub unsafe extern "C" fn jit_ext(ctx: *mut Ctx, desc: *const ExtDesc) -> u32 {
    // SAFETY: `desc` is one of the compiled kernel's descriptors (alive with its code), and
    // `scratch` holds room for the largest call (sized by the compiler).
    let (desc, scratch) = unsafe { (&*desc, (*ctx).scratch) };
    let total: usize = desc.args.iter().map(|a| a.0).sum();
    // SAFETY: as above.
    let input = unsafe { std::slice::from_raw_parts(scratch, total) }.to_vec();
    let mut at = 0;
    let args: Vec<&[u64]> = desc
        .args
        .iter()
        .map(|(n, _)| {
            let a = &input[at..at + n];
            at += n;
            a
        })
        .collect();
    let types: Vec<Scalar> = desc.args.iter().map(|a| a.1).collect();
    let mut out = [0u64; 16];
    let mut out2 = [0u64; 16];
    let r = crate::opencl_std::ext_inst(
        desc.num,
        desc.result,
        &types,
        desc.width,
        &args,
        &mut out[..desc.results],
        (desc.out2 > 0).then_some(&mut out2[..desc.out2]),
    );
    if let Err(e) = r {
        // SAFETY: called by generated code with its context.
        let st = unsafe { state(ctx) };
        let instruction = crate::opencl_std::name(desc.num).unwrap_or("?");
        st.error.get_or_insert(Fault::Instruction {
            instruction,
            reason: e,
        });
        return 2;
    }
    for (i, v) in out[..desc.results]
        .iter()
        .chain(&out2[..desc.out2])
        .enumerate()
    {
        // SAFETY: `scratch` has room for the results (sized by the compiler).
        unsafe { *scratch.add(i) = *v };
    }
    0
}
