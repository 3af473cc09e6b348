//! Atomics of lowered kernels: the read-modify-write operations ([`Rmw`], which the compiler's
//! SSA form names too) and the interpreter's instruction over a row of lanes, every access
//! checked and aligned before it happens.

use crate::error::Fault;
use crate::front::ssa::Rmw;
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};

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
            // Handled by `float_rmw`.
            Rmw::FAdd | Rmw::FMin | Rmw::FMax => 0,
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
            let old = if matches!(op, Rmw::FAdd | Rmw::FMin | Rmw::FMax) {
                // SAFETY: checked and aligned above; kernel memory is accessed atomically.
                unsafe { crate::interp::ops::float_rmw(op, scalar, addr, value) }
            } else {
                match bytes {
                    1 => rmw_on!(AtomicU8, u8, addr, op, value, compare, scalar),
                    2 => rmw_on!(AtomicU16, u16, addr, op, value, compare, scalar),
                    4 => rmw_on!(AtomicU32, u32, addr, op, value, compare, scalar),
                    _ => rmw_on!(AtomicU64, u64, addr, op, value, compare, scalar),
                }
            };
            if let Some(d) = d {
                x.r[d * s + l] = old & scalar.mask();
            }
        }
        Ok(())
    })
}
