//! Loads, stores, address arithmetic and atomics of lowered kernels. Every access is checked
//! against the memory the kernel may reach before it happens.

use crate::error::Fault;
use crate::front::types::Leaf;
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;
use rspirv::spirv::StorageClass;
use std::cell::Cell;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};

/// `OpGenericCastToPtrExplicit` (`to_global`, `to_local`, `to_private`): the generic pointer in
/// `src` if it points into `space`, else null.
pub fn generic_cast(dst: usize, src: usize, space: StorageClass) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let p = x.r[src * s + l] as usize;
            let (local, private) = (x.mem.is_local(p), x.mem.is_private(p));
            let keep = match space {
                StorageClass::Workgroup => local,
                StorageClass::Function => private,
                _ => !local && !private,
            };
            x.r[dst * s + l] = if keep { p as u64 } else { 0 };
        }
        Ok(())
    })
}

/// Reads `bytes` (1, 2, 4 or 8) at `addr`, zero-extended.
///
/// # Safety
/// `[addr, addr + bytes)` must be readable (checked by the caller).
#[inline]
pub unsafe fn read(addr: usize, bytes: usize) -> u64 {
    // SAFETY: the caller checked the range; unaligned reads are allowed.
    unsafe {
        match bytes {
            1 => *(addr as *const u8) as u64,
            2 => (addr as *const u16).read_unaligned() as u64,
            4 => (addr as *const u32).read_unaligned() as u64,
            _ => (addr as *const u64).read_unaligned(),
        }
    }
}

/// Writes the low `bytes` of `v` at `addr`.
///
/// # Safety
/// `[addr, addr + bytes)` must be writable (checked by the caller).
#[inline]
pub unsafe fn write(addr: usize, bytes: usize, v: u64) {
    // SAFETY: the caller checked the range; unaligned writes are allowed.
    unsafe {
        match bytes {
            1 => *(addr as *mut u8) = v as u8,
            2 => (addr as *mut u16).write_unaligned(v as u16),
            4 => (addr as *mut u32).write_unaligned(v as u32),
            _ => (addr as *mut u64).write_unaligned(v),
        }
    }
}

fn leaf_bytes(l: &Leaf) -> usize {
    (l.scalar.bits() as usize / 8).max(1)
}

/// The lowest and highest address in `ptrs`, and whether `ptrs[i] == ptrs[0] + i * bytes`
/// for every `i` (the lanes access consecutive values), in one vectorizable pass.
#[inline]
fn bounds(ptrs: &[Cell<u64>], bytes: usize) -> (usize, usize, bool) {
    let first = ptrs.first().map_or(0, Cell::get);
    // `bytes` is 1, 2, 4 or 8: a shift, not a multiplication, per lane.
    let shift = bytes.trailing_zeros();
    let last = ptrs.last().map_or(0, Cell::get);
    let span = (ptrs.len() as u64).wrapping_sub(1) << shift;
    if last != first.wrapping_add(span) {
        // Not a run (a 2-D group's row, say): the bounds alone, a lighter pass.
        let (lo, hi) = crate::interp::ops::vectorized(|| {
            ptrs.iter().fold((u64::MAX, 0), |(lo, hi), p| {
                (lo.min(p.get()), hi.max(p.get()))
            })
        });
        return (lo as usize, hi as usize, false);
    }
    let (lo, hi, off) = crate::interp::ops::vectorized(|| {
        ptrs.iter()
            .zip(0u64..)
            .fold((u64::MAX, 0, 0), |(lo, hi, off), (p, i)| {
                let p = p.get();
                (
                    lo.min(p),
                    hi.max(p),
                    off | (p ^ first.wrapping_add(i << shift)),
                )
            })
    });
    // Consecutive and no wrap-around: the first is the lowest.
    let run = off == 0 && lo == first && matches!(bytes, 1 | 2 | 4 | 8);
    (lo as usize, hi as usize, run)
}

/// Whether the addresses in `ptrs` may be consecutive values of `bytes` (1, 2, 4 or 8): the
/// last is the first plus the run's length ([`bounds`] then checks every lane).
#[inline]
fn maybe_run(ptrs: &[Cell<u64>], bytes: usize) -> bool {
    let first = ptrs.first().map_or(0, Cell::get);
    let last = ptrs.last().map_or(0, Cell::get);
    let span = (ptrs.len() as u64).wrapping_sub(1) << bytes.trailing_zeros();
    last == first.wrapping_add(span)
}

/// Lanes per chunk of [`gather`] and [`scatter`]: a 2-D group's row of 8 or 16 work-items
/// reads consecutive values even when the whole row of lanes does not.
const CHUNK: usize = 8;

/// The first address of `ptrs` (one chunk) when its lanes access consecutive values of `T`
/// (`ptrs[i] == ptrs[0] + i * size_of::<T>()`, no wrap-around), in one vector compare.
#[inline(always)]
fn chunk_run<T>(ptrs: &[Cell<u64>]) -> Option<usize> {
    let first = ptrs[0].get();
    let size = size_of::<T>() as u64;
    let off = ptrs.iter().zip(0u64..).fold(0, |off, (p, i)| {
        off | (p.get() ^ first.wrapping_add(i * size))
    });
    // No wrap-around: the run's last byte lies above its first.
    let fits = first.checked_add(ptrs.len() as u64 * size).is_some();
    (off == 0 && fits).then_some(first as usize)
}

/// `dst[i] = *ptrs[i]` for values of `bytes` bytes, one loop per width (no width test per
/// lane); a chunk of [`CHUNK`] lanes reading consecutive values is one copy.
///
/// # Safety
/// Every `[ptrs[i], ptrs[i] + bytes)` must be readable.
unsafe fn gather(dst: &[Cell<u64>], ptrs: &[Cell<u64>], bytes: usize) {
    /// # Safety
    /// As `gather`, with `bytes` = the size of `T`.
    unsafe fn each<T: Copy + Into<u64>>(dst: &[Cell<u64>], ptrs: &[Cell<u64>]) {
        crate::interp::ops::vectorized(|| {
            let full = (dst.len().min(ptrs.len()) / CHUNK) * CHUNK;
            for (o, p) in dst[..full]
                .chunks_exact(CHUNK)
                .zip(ptrs[..full].chunks_exact(CHUNK))
            {
                match chunk_run::<T>(p) {
                    Some(first) => {
                        // SAFETY: the caller's contract: the lanes' ranges, whose union is
                        // `[first, first + CHUNK * size_of::<T>())`, are readable.
                        let v = unsafe { (first as *const [T; CHUNK]).read_unaligned() };
                        for (o, v) in o.iter().zip(v) {
                            o.set(v.into());
                        }
                    }
                    None => {
                        for (o, p) in o.iter().zip(p) {
                            // SAFETY: the caller's contract (readable), unaligned reads allowed.
                            o.set(
                                unsafe { (p.get() as usize as *const T).read_unaligned() }.into(),
                            );
                        }
                    }
                }
            }
            for (o, p) in dst[full..].iter().zip(&ptrs[full..]) {
                // SAFETY: the caller's contract (readable), unaligned reads allowed.
                o.set(unsafe { (p.get() as usize as *const T).read_unaligned() }.into());
            }
        })
    }
    // SAFETY: the caller's contract, for the width `bytes` selects.
    unsafe {
        match bytes {
            1 => each::<u8>(dst, ptrs),
            2 => each::<u16>(dst, ptrs),
            4 => each::<u32>(dst, ptrs),
            _ => each::<u64>(dst, ptrs),
        }
    }
}

/// `*ptrs[i] = src[i]` (its low `bytes` bytes), one loop per width, in lane order; a chunk
/// of [`CHUNK`] lanes writing consecutive values is one copy.
///
/// # Safety
/// Every `[ptrs[i], ptrs[i] + bytes)` must be writable.
unsafe fn scatter(ptrs: &[Cell<u64>], src: &[Cell<u64>], bytes: usize) {
    /// # Safety
    /// As `scatter`, with `bytes` = the size of `T`.
    unsafe fn each<T: Copy>(ptrs: &[Cell<u64>], src: &[Cell<u64>], cast: impl Fn(u64) -> T) {
        crate::interp::ops::vectorized(|| {
            let full = (ptrs.len().min(src.len()) / CHUNK) * CHUNK;
            for (p, v) in ptrs[..full]
                .chunks_exact(CHUNK)
                .zip(src[..full].chunks_exact(CHUNK))
            {
                match chunk_run::<T>(p) {
                    Some(first) => {
                        let vals: [T; CHUNK] = std::array::from_fn(|i| cast(v[i].get()));
                        // SAFETY: the caller's contract: the lanes' ranges, whose union is
                        // `[first, first + CHUNK * size_of::<T>())`, are writable (and
                        // distinct: the order of the lanes' writes does not matter).
                        unsafe { (first as *mut [T; CHUNK]).write_unaligned(vals) };
                    }
                    None => {
                        for (p, v) in p.iter().zip(v) {
                            // SAFETY: the caller's contract (writable), unaligned writes allowed.
                            unsafe { (p.get() as usize as *mut T).write_unaligned(cast(v.get())) };
                        }
                    }
                }
            }
            for (p, v) in ptrs[full..].iter().zip(&src[full..]) {
                // SAFETY: the caller's contract (writable), unaligned writes allowed.
                unsafe { (p.get() as usize as *mut T).write_unaligned(cast(v.get())) };
            }
        })
    }
    // SAFETY: the caller's contract, for the width `bytes` selects.
    unsafe {
        match bytes {
            1 => each(ptrs, src, |v| v as u8),
            2 => each(ptrs, src, |v| v as u16),
            4 => each(ptrs, src, |v| v as u32),
            _ => each(ptrs, src, |v| v),
        }
    }
}

/// Values per step of [`load_run`] and [`store_run`].
const RUN_CHUNK: usize = 64;

/// `dst[i] = *(first + i * bytes)` for lanes reading consecutive values: a plain copy
/// (widened).
///
/// # Safety
/// `[first, first + dst.len() * bytes)` must be readable.
unsafe fn load_run(dst: &[Cell<u64>], first: usize, bytes: usize) {
    /// # Safety
    /// As `load_run`, with `bytes` = the size of `T`.
    unsafe fn each<T: Copy + Default + Into<u64>>(dst: &[Cell<u64>], first: usize) {
        let p = first as *const T;
        crate::interp::ops::vectorized(|| {
            // Through a buffer on the stack, which the row's stores cannot reach: both
            // loops vectorize.
            let mut buf = [T::default(); RUN_CHUNK];
            for (c, out) in dst.chunks(RUN_CHUNK).enumerate() {
                // SAFETY: the caller's contract (readable); `buf` holds `out.len()` values.
                unsafe {
                    let from = p.add(c * RUN_CHUNK) as *const u8;
                    let bytes = out.len() * size_of::<T>();
                    std::ptr::copy_nonoverlapping(from, buf.as_mut_ptr() as *mut u8, bytes);
                }
                for (o, v) in out.iter().zip(&buf) {
                    o.set((*v).into());
                }
            }
        })
    }
    // SAFETY: the caller's contract, for the width `bytes` selects.
    unsafe {
        match bytes {
            1 => each::<u8>(dst, first),
            2 => each::<u16>(dst, first),
            4 => each::<u32>(dst, first),
            _ => each::<u64>(dst, first),
        }
    }
}

/// `*(first + i * bytes) = src[i]` (its low `bytes` bytes), for lanes writing consecutive
/// values: a plain copy.
///
/// # Safety
/// `[first, first + src.len() * bytes)` must be writable.
unsafe fn store_run(first: usize, src: &[Cell<u64>], bytes: usize) {
    /// # Safety
    /// As `store_run`, with `bytes` = the size of `T`.
    unsafe fn each<T: Copy + Default>(first: usize, src: &[Cell<u64>], cast: impl Fn(u64) -> T) {
        let p = first as *mut T;
        crate::interp::ops::vectorized(|| {
            // Through a buffer on the stack (see `load_run`).
            let mut buf = [T::default(); RUN_CHUNK];
            for (c, vals) in src.chunks(RUN_CHUNK).enumerate() {
                for (b, v) in buf.iter_mut().zip(vals) {
                    *b = cast(v.get());
                }
                // SAFETY: the caller's contract (writable); `buf` holds `vals.len()` values.
                unsafe {
                    let to = p.add(c * RUN_CHUNK) as *mut u8;
                    let bytes = vals.len() * size_of::<T>();
                    std::ptr::copy_nonoverlapping(buf.as_ptr() as *const u8, to, bytes);
                }
            }
        })
    }
    // SAFETY: the caller's contract, for the width `bytes` selects.
    unsafe {
        match bytes {
            1 => each(first, src, |v| v as u8),
            2 => each(first, src, |v| v as u16),
            4 => each(first, src, |v| v as u32),
            _ => each(first, src, |v| v),
        }
    }
}

/// A pointer row and the row of the values loaded or stored through it, and the first
/// address if the lanes access consecutive values (see [`bounds`]).
type PointerRows<'c> = (&'c [Cell<u64>], &'c [Cell<u64>], Option<usize>);

/// For contiguous lanes whose every access of `bytes` at `ptr` lies inside one range all
/// work-items may reach (and may write, for a `write`): the pointer row and the
/// destination/source row. (One check for the whole row; private memory and mixed ranges
/// take the per-lane path.)
#[inline]
fn checked_rows<'c>(
    x: &'c mut Lanes<'_>,
    ptr: usize,
    other: usize,
    bytes: usize,
    write: bool,
) -> Option<PointerRows<'c>> {
    // The bounds the access chain just computed for exactly this row and these lanes.
    let known = x.bounds.take();
    let (lo, hi) = x.span?;
    let known = known.filter(|b| b.slot == ptr && b.span == (lo, hi));
    let s = x.n;
    let mem = x.mem;
    let cells = x.cells();
    let ptrs = &cells[ptr * s + lo..ptr * s + hi];
    let (first, last, run) = match known {
        // Not a run (the first test of `bounds`): the chain's bounds are the row's.
        Some(b) if !maybe_run(ptrs, bytes) => (b.lo as usize, b.hi as usize, false),
        _ => bounds(ptrs, bytes),
    };
    let len = (last - first).checked_add(bytes)?;
    let allowed = if write {
        mem.covers_for_write(first, len)
    } else {
        mem.covers(first, len)
    };
    allowed.then(|| {
        let rows = &cells[other * s + lo..other * s + hi];
        (ptrs, rows, run.then_some(first))
    })
}

/// `d[..] = *ptr` for a value laid out as `leaves` (its total size `size`).
pub fn load(d: usize, ptr: usize, leaves: Vec<Leaf>, size: usize) -> Exec {
    if let [leaf] = leaves[..] {
        let bytes = leaf_bytes(&leaf);
        return Box::new(move |x: &mut Lanes<'_>| {
            if let Some((ptrs, dst, run)) = checked_rows(x, ptr, d, bytes, false) {
                // SAFETY: `checked_rows` checked every lane's range (the whole run when
                // the addresses are consecutive).
                unsafe {
                    match run {
                        Some(first) => load_run(dst, first, bytes),
                        None => gather(dst, ptrs, bytes),
                    }
                }
                return Ok(());
            }
            let s = x.n;
            for &l in x.active {
                let l = l as usize;
                let addr = x.r[ptr * s + l] as usize;
                x.mem.check_lane(addr, bytes, l)?;
                // SAFETY: the range was checked.
                x.r[d * s + l] = unsafe { read(addr, bytes) };
            }
            Ok(())
        });
    }
    Box::new(move |x: &mut Lanes<'_>| {
        x.bounds = None;
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let base = x.r[ptr * s + l] as usize;
            x.mem.check_lane(base, size, l)?;
            for (k, leaf) in leaves.iter().enumerate() {
                // SAFETY: the whole value's range was checked.
                x.r[(d + k) * s + l] = unsafe { read(base + leaf.offset, leaf_bytes(leaf)) };
            }
        }
        Ok(())
    })
}

/// `*ptr = v`.
pub fn store(ptr: usize, v: usize, leaves: Vec<Leaf>, size: usize) -> Exec {
    if let [leaf] = leaves[..] {
        let bytes = leaf_bytes(&leaf);
        return Box::new(move |x: &mut Lanes<'_>| {
            if let Some((ptrs, src, run)) = checked_rows(x, ptr, v, bytes, true) {
                // SAFETY: `checked_rows` checked every lane's range (the whole run when
                // the addresses are consecutive).
                unsafe {
                    match run {
                        Some(first) => store_run(first, src, bytes),
                        None => scatter(ptrs, src, bytes),
                    }
                }
                return Ok(());
            }
            let s = x.n;
            for &l in x.active {
                let l = l as usize;
                let addr = x.r[ptr * s + l] as usize;
                x.mem.check_write_lane(addr, bytes, l)?;
                // SAFETY: the range was checked.
                unsafe { write(addr, bytes, x.r[v * s + l]) };
            }
            Ok(())
        });
    }
    Box::new(move |x: &mut Lanes<'_>| {
        x.bounds = None;
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let base = x.r[ptr * s + l] as usize;
            x.mem.check_write_lane(base, size, l)?;
            for (k, leaf) in leaves.iter().enumerate() {
                // SAFETY: the whole value's range was checked.
                unsafe { write(base + leaf.offset, leaf_bytes(leaf), x.r[(v + k) * s + l]) };
            }
        }
        Ok(())
    })
}

/// One step of an access chain: a constant byte offset, or an index value scaled by a stride.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    Const(i64),
    Index {
        slot: usize,
        scalar: Scalar,
        stride: i64,
    },
    /// An index that is the sum `a + b` of two integers of type `scalar` (an `OpIAdd` used
    /// only as this index, not lowered on its own), scaled by `stride`. `kb`: `b` when it is
    /// one value for every lane.
    Sum {
        a: usize,
        b: usize,
        kb: Option<crate::interp::ops::Uniform>,
        scalar: Scalar,
        stride: i64,
    },
}

/// `d = base + Σ steps` (address arithmetic only; the access itself is checked later).
/// `kbase`: the base when it is one value for every lane (its row is then not read).
pub fn address(
    d: usize,
    base: usize,
    kbase: Option<crate::interp::ops::Uniform>,
    steps: Vec<Step>,
    record: bool,
) -> Exec {
    use crate::interp::ops::{binary, binary_k, ternary, unary_k, unary_kk};
    // The common shapes: one scaled index or sum, plus an optional constant.
    let (first, c) = match steps[..] {
        [first] => (Some(first), 0),
        [first, Step::Const(c)] => (Some(first), c),
        _ => (None, 0),
    };
    match first {
        Some(Step::Index {
            slot,
            scalar,
            stride,
        }) => {
            // `scalar.sext` with its shift worked out here: the row loop vectorizes.
            let shift = 64 - scalar.bits();
            let at = move |b: u64, i: u64| {
                let i = ((i << shift) as i64) >> shift;
                (b as i64)
                    .wrapping_add(i.wrapping_mul(stride))
                    .wrapping_add(c) as u64
            };
            return match kbase {
                Some(k) if record => address_rows(d, [slot, slot], k, move |b, i, _| at(b, i)),
                Some(k) => unary_k(d, slot, k, move |i, b| at(b, i)),
                None => binary(d, base, slot, 1, at),
            };
        }
        Some(Step::Sum {
            a,
            b,
            kb,
            scalar,
            stride,
        }) => {
            // The sum wraps at the integers' width: its low bits, sign-extended.
            let shift = 64 - scalar.bits();
            let at = move |base: u64, x: u64, y: u64| {
                let i = ((x.wrapping_add(y) << shift) as i64) >> shift;
                (base as i64)
                    .wrapping_add(i.wrapping_mul(stride))
                    .wrapping_add(c) as u64
            };
            return match (kbase, kb) {
                (Some(kbase), None) if record => address_rows(d, [a, b], kbase, at),
                (Some(kbase), Some(kb)) => {
                    unary_kk(d, a, [kbase, kb], move |x, base, y| at(base, x, y))
                }
                (Some(kbase), None) => binary_k(d, a, b, kbase, move |x, y, base| at(base, x, y)),
                (None, Some(kb)) => binary_k(d, base, a, kb, at),
                (None, None) => ternary(d, base, a, b, 1, at),
            };
        }
        _ => {}
    }
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let mut a = x.r[base * s + l] as i64;
            for step in &steps {
                a = a.wrapping_add(match *step {
                    Step::Const(c) => c,
                    Step::Index {
                        slot,
                        scalar,
                        stride,
                    } => scalar.sext(x.r[slot * s + l]).wrapping_mul(stride),
                    Step::Sum {
                        a,
                        b,
                        scalar,
                        stride,
                        ..
                    } => {
                        let sum = x.r[a * s + l].wrapping_add(x.r[b * s + l]);
                        scalar.sext(sum).wrapping_mul(stride)
                    }
                });
            }
            x.r[d * s + l] = a as u64;
        }
        Ok(())
    })
}

/// Row `d` = `at(k, row a, row b)` over the active lanes, also noting the lowest and highest
/// address written in [`Lanes::bounds`] for the access that follows (which then needs no
/// pass of its own to find them).
fn address_rows(
    d: usize,
    [a, b]: [usize; 2],
    k: crate::interp::ops::Uniform,
    at: impl Fn(u64, u64, u64) -> u64 + Copy + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let at = at; // a copy on the stack (see `ops::unary`)
        let base = k.value(x);
        let s = x.n;
        x.bounds = None;
        let Some(span) = x.span else {
            for &l in x.active {
                let l = l as usize;
                x.r[d * s + l] = at(base, x.r[a * s + l], x.r[b * s + l]);
            }
            return Ok(());
        };
        let (lo, hi) = match crate::interp::ops::split_rows(x.r, s, d, [a, b], span) {
            Some((rd, [ra, rb])) => crate::interp::ops::vectorized(|| {
                let (mut lo, mut hi) = (u64::MAX, 0);
                for ((o, &u), &v) in rd.iter_mut().zip(ra).zip(rb) {
                    let p = at(base, u, v);
                    *o = p;
                    lo = lo.min(p);
                    hi = hi.max(p);
                }
                (lo, hi)
            }),
            // The destination is an operand's row: lane by lane.
            None => {
                let (mut lo, mut hi) = (u64::MAX, 0);
                for l in span.0..span.1 {
                    let p = at(base, x.r[a * s + l], x.r[b * s + l]);
                    x.r[d * s + l] = p;
                    lo = lo.min(p);
                    hi = hi.max(p);
                }
                (lo, hi)
            }
        };
        if span.0 < span.1 {
            x.bounds = Some(crate::interp::program::RowBounds {
                slot: d,
                span,
                lo,
                hi,
            });
        }
        Ok(())
    })
}

/// `memmove(dst, src, size)` with `size` a constant or a slot.
pub fn copy_memory(dst: usize, src: usize, size: Result<usize, usize>) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let (d, a) = (x.r[dst * s + l] as usize, x.r[src * s + l] as usize);
            let n = match size {
                Ok(n) => n,
                Err(slot) => x.r[slot * s + l] as usize,
            };
            x.mem.check_write_lane(d, n, l)?;
            x.mem.check_lane(a, n, l)?;
            // SAFETY: both ranges were checked.
            unsafe { std::ptr::copy(a as *const u8, d as *mut u8, n) };
        }
        Ok(())
    })
}

/// Atomic read-modify-write operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rmw {
    Load,
    Store,
    Exchange,
    CompareExchange,
    Add,
    Sub,
    SMin,
    UMin,
    SMax,
    UMax,
    And,
    Or,
    Xor,
    FlagTestAndSet,
    FlagClear,
}

macro_rules! rmw_on {
    ($atomic:ty, $int:ty, $addr:expr, $op:expr, $v:expr, $cmp:expr, $sc:expr) => {{
        // SAFETY: the caller checked the range and alignment; the memory is only accessed
        // atomically or by this kernel.
        let a = unsafe { <$atomic>::from_ptr($addr as *mut $int) };
        let v = $v as $int;
        let o = Ordering::SeqCst;
        match $op {
            Rmw::Load => a.load(o) as u64,
            Rmw::Store => {
                a.store(v, o);
                0
            }
            Rmw::Exchange => a.swap(v, o) as u64,
            Rmw::CompareExchange => match a.compare_exchange(($cmp) as $int, v, o, o) {
                Ok(old) | Err(old) => old as u64,
            },
            Rmw::Add => a.fetch_add(v, o) as u64,
            Rmw::Sub => a.fetch_sub(v, o) as u64,
            Rmw::UMin => a.fetch_min(v, o) as u64,
            Rmw::UMax => a.fetch_max(v, o) as u64,
            Rmw::SMin => a
                .fetch_update(o, o, |old| {
                    Some(if $sc.sext(old as u64) <= $sc.sext(v as u64) {
                        old
                    } else {
                        v
                    })
                })
                .unwrap_or(0) as u64,
            Rmw::SMax => a
                .fetch_update(o, o, |old| {
                    Some(if $sc.sext(old as u64) >= $sc.sext(v as u64) {
                        old
                    } else {
                        v
                    })
                })
                .unwrap_or(0) as u64,
            Rmw::And => a.fetch_and(v, o) as u64,
            Rmw::Or => a.fetch_or(v, o) as u64,
            Rmw::Xor => a.fetch_xor(v, o) as u64,
            Rmw::FlagTestAndSet => (a.swap(1, o) != 0) as u64,
            Rmw::FlagClear => {
                a.store(0, o);
                0
            }
        }
    }};
}

/// An atomic on `scalar` at `ptr`; `v` and `cmp` are operand slots (unused ones ignored);
/// `d` receives the old value (if the instruction has a result).
pub fn atomic(
    op: Rmw,
    scalar: Scalar,
    d: Option<usize>,
    ptr: usize,
    v: Option<usize>,
    cmp: Option<usize>,
) -> Exec {
    let bytes = (scalar.bits() as usize / 8).max(1);
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let addr = x.r[ptr * s + l] as usize;
            if op == Rmw::Load {
                x.mem.check_lane(addr, bytes, l)?;
            } else {
                x.mem.check_write_lane(addr, bytes, l)?;
            }
            if addr % bytes != 0 {
                return Err(Fault::MisalignedAtomic {
                    address: addr,
                    bytes,
                });
            }
            let value = v.map_or(0, |v| x.r[v * s + l]);
            let compare = cmp.map_or(0, |c| x.r[c * s + l]);
            let old = match bytes {
                1 => rmw_on!(AtomicU8, u8, addr, op, value, compare, scalar),
                2 => rmw_on!(AtomicU16, u16, addr, op, value, compare, scalar),
                4 => rmw_on!(AtomicU32, u32, addr, op, value, compare, scalar),
                _ => rmw_on!(AtomicU64, u64, addr, op, value, compare, scalar),
            };
            if let Some(d) = d {
                x.r[d * s + l] = old & scalar.mask();
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::ops::Uniform;
    use crate::run::reach::Memory;
    use proptest::prelude::*;

    const LANES: usize = 8;

    /// Runs `e` over register file `r` (rows of `LANES`): for all lanes as one range, or
    /// lane by lane (in a scattered order) when `span` is false; the bounds it noted.
    fn run(e: &Exec, r: &mut [u64], span: bool) -> Option<crate::interp::program::RowBounds> {
        let mem = Memory::new(&[], [(0, 0); 3], Vec::new(), 0);
        let scattered = [5u16, 0, 7, 2, 1, 6, 3, 4];
        let all: Vec<u16> = (0..LANES as u16).collect();
        let mut x = Lanes {
            r,
            n: LANES,
            active: if span { &all } else { &scattered },
            mem: &mem,
            span: span.then_some((0, LANES)),
            bounds: None,
        };
        e(&mut x).unwrap();
        x.bounds
    }

    proptest! {
        /// An access chain whose index is a sum (`Step::Sum`) gives `base + sext(a + b) *
        /// stride + c`, the sum wrapping at the integers' width, whichever operands are one
        /// value for every lane, on the row path and lane by lane; the bounds it notes for
        /// the next access (when asked to) are the row's lowest and highest address.
        #[test]
        fn summed_indices_wrap_at_their_width(
            a in prop::collection::vec(any::<u64>(), LANES),
            b in prop::collection::vec(any::<u64>(), LANES),
            base in any::<u64>(),
            width in 0usize..4,
            stride in -16i64..16,
            c in prop_oneof![Just(0i64), -64i64..64],
            uniform_base in any::<bool>(),
            uniform_b in any::<bool>(),
            record in any::<bool>(),
        ) {
            let scalar = [Scalar::I8, Scalar::I16, Scalar::I32, Scalar::I64][width];
            let m = scalar.mask();
            let b: Vec<u64> = match uniform_b {
                true => vec![b[0] & m; LANES],
                false => b.iter().map(|v| v & m).collect(),
            };
            let a: Vec<u64> = a.iter().map(|v| v & m).collect();
            // Rows: 0 base, 1 a, 2 b, 3 the address.
            let mut regs = [vec![base; LANES], a.clone(), b.clone(), vec![0; LANES]].concat();
            let step = Step::Sum {
                a: 1,
                b: 2,
                kb: uniform_b.then_some(Uniform::Const(b[0])),
                scalar,
                stride,
            };
            let steps = match c {
                0 => vec![step],
                c => vec![step, Step::Const(c)],
            };
            let e = address(3, 0, uniform_base.then_some(Uniform::Slot(0)), steps, record);
            for span in [true, false] {
                regs[3 * LANES..].fill(0);
                let noted = run(&e, &mut regs, span);
                let row = &regs[3 * LANES..];
                let (lo, hi) = (row.iter().min().copied(), row.iter().max().copied());
                match noted {
                    Some(b) => prop_assert_eq!(
                        (b.slot, b.span, Some(b.lo), Some(b.hi)),
                        (3, (0, LANES), lo, hi)
                    ),
                    // Noted only on the row path, with a uniform base and `b` a row.
                    None => prop_assert!(!(record && span && uniform_base && !uniform_b)),
                }
                for l in 0..LANES {
                    let i = scalar.sext(a[l].wrapping_add(b[l]) & m);
                    let want = (base as i64)
                        .wrapping_add(i.wrapping_mul(stride))
                        .wrapping_add(c) as u64;
                    prop_assert_eq!(regs[3 * LANES + l], want, "lane {} span {}", l, span);
                }
            }
        }

        /// `gather` and `scatter` (chunks of consecutive lanes read or written whole, other
        /// chunks lane by lane) give what reading or writing lane by lane in lane order
        /// gives, for every width, row length and mix of runs, scattered, repeated and
        /// overlapping addresses.
        #[test]
        fn chunked_gather_and_scatter_match_lane_by_lane(
            width in 0usize..4,
            chunks in prop::collection::vec((0usize..3, 0usize..448, prop::collection::vec(0usize..504, CHUNK)), 0..5),
            tail in 0usize..CHUNK,
            seed in any::<u64>(),
        ) {
            let bytes = 1usize << width;
            let mem: Vec<u8> = (0..512u64).map(|i| (i.wrapping_mul(seed | 1) >> 7) as u8).collect();
            let mut offsets: Vec<usize> = Vec::new();
            for (run_kind, start, lanes) in &chunks {
                let run = (0..CHUNK).map(|i| start + i * bytes);
                match run_kind {
                    0 => offsets.extend(run),
                    // A run but for one lane, which repeats its neighbour's address (as a
                    // clamped index at a group's edge).
                    1 => {
                        let k = lanes[0] % CHUNK;
                        let at = |i: usize| start + i * bytes;
                        offsets.extend((0..CHUNK).map(|i| if i == k { at(k ^ 1) } else { at(i) }));
                    }
                    _ => offsets.extend(lanes.iter().copied()),
                }
            }
            offsets.extend(chunks.first().map_or(&[][..], |c| &c.2[..tail]));
            let vals: Vec<u64> = (0..offsets.len() as u64).map(|i| seed.rotate_left(i as u32) ^ i).collect();
            // Gather.
            let base = mem.as_ptr() as u64;
            let ptrs: Vec<Cell<u64>> = offsets.iter().map(|&o| Cell::new(base + o as u64)).collect();
            let dst: Vec<Cell<u64>> = vec![Cell::new(0); offsets.len()];
            // SAFETY: every value (at most 8 bytes) starts at most 504 bytes in, a run of 8 at
            // most 448 bytes in: inside `mem`.
            unsafe { gather(&dst, &ptrs, bytes) };
            for (l, &o) in offsets.iter().enumerate() {
                let mut want = [0u8; 8];
                want[..bytes].copy_from_slice(&mem[o..o + bytes]);
                prop_assert_eq!(dst[l].get(), u64::from_le_bytes(want), "gather lane {}", l);
            }
            // Scatter, against writes in lane order.
            let mut got = mem.clone();
            let mut want = mem.clone();
            let base = got.as_mut_ptr() as u64;
            let ptrs: Vec<Cell<u64>> = offsets.iter().map(|&o| Cell::new(base + o as u64)).collect();
            let src: Vec<Cell<u64>> = vals.iter().map(|&v| Cell::new(v)).collect();
            // SAFETY: as above, inside `got`.
            unsafe { scatter(&ptrs, &src, bytes) };
            for (&o, v) in offsets.iter().zip(&vals) {
                want[o..o + bytes].copy_from_slice(&v.to_le_bytes()[..bytes]);
            }
            prop_assert_eq!(got, want);
        }
    }
}
