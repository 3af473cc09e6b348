//! Loads, stores, address arithmetic and atomics of lowered kernels. Every access is checked
//! against the memory the kernel may reach before it happens.

use crate::front::ssa::Space;
use crate::front::types::Leaf;
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;
use std::cell::Cell;

/// `OpGenericCastToPtrExplicit` (`to_global`, `to_local`, `to_private`): the generic pointer in
/// `src` if it points into `space`, else null.
pub fn generic_cast(dst: usize, src: usize, space: Space) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let p = x.r[src * s + l] as usize;
            let (local, private) = (x.mem.is_local(p), x.mem.is_private(p));
            let keep = match space {
                Space::Local => local,
                Space::Private => private,
                Space::Other => !local && !private,
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

/// `d = *(ptr + offset)`, `bytes` of it (one leaf at a constant offset from the pointer).
pub fn load_at(d: usize, ptr: usize, offset: i64, bytes: usize) -> Exec {
    access_at(ptr, offset, bytes, Err(d))
}

/// `*(ptr + offset) = v`, `bytes` of it.
pub fn store_at(ptr: usize, offset: i64, v: usize, bytes: usize) -> Exec {
    access_at(ptr, offset, bytes, Ok(v))
}

/// `bytes` at `ptr + offset`, lane by lane, each checked first: stored from slot `Ok(v)`, or
/// loaded into slot `Err(d)`.
fn access_at(ptr: usize, offset: i64, bytes: usize, slot: Result<usize, usize>) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        x.bounds = None;
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let addr = (x.r[ptr * s + l] as usize).wrapping_add(offset as usize);
            match slot {
                Ok(v) => {
                    x.mem.check_write_lane(addr, bytes, l)?;
                    // SAFETY: the range was checked for writing.
                    unsafe { write(addr, bytes, x.r[v * s + l]) };
                }
                Err(d) => {
                    x.mem.check_lane(addr, bytes, l)?;
                    // SAFETY: the range was checked.
                    x.r[d * s + l] = unsafe { read(addr, bytes) };
                }
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

#[cfg(test)]
mod tests;
