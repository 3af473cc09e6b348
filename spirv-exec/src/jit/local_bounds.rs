//! Accesses to the kernel-scope `__local` variables proven inside the static local part
//! when compiling. With the work-group size the kernel requires (`reqd_work_group_size`,
//! which every launch has), local ids are bounded, and an address built from a variable's
//! address, those ids and constants by `+`, `-`, `*`, `<<`, extensions, `min`, `max`,
//! `clamp` and `select` has bounds known when compiling (the tiled matrix product's
//! `As[ty][k]`, `Bs[k][tx]`).
//!
//! Each step's bounds are computed exactly (128 bits), and a step whose bounds leave its
//! type's signed range makes the value unknown: the value the code computes is then the
//! exact one, inside the bounds (a local address is the part's start plus its offset, modulo
//! 2^64, as the code computes it). Only values defined once, before each of their uses
//! ([`dominance::defined_before_uses`]), are known. An access whose bytes lie inside the
//! static local part for every work-item is one its run-time check always lets through
//! (`scalar_mem::Gen::static_local_first`): the code generators leave the check out
//! ([`super::FrameLayout::local_inside`]).

use super::dominance;
use super::ssa::{Bin, Conv, Func, Inst};
use crate::front::ssa::BuiltinValue;
use crate::opencl_std::opcode::{S_CLAMP, S_MAX, S_MIN};
use crate::value::Scalar;

/// What is known of a value for every work-item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// An integer in `[lo, hi]`.
    Int(i128, i128),
    /// The static local part's start plus an offset in `[lo, hi]`.
    Local(i128, i128),
}

/// Per value, what is known of it (nothing unless the kernel requires a work-group size and
/// has kernel-scope `__local` variables).
pub fn local_bounds(f: &Func) -> Vec<Option<Known>> {
    let mut known: Vec<Option<Known>> = vec![None; f.types.len()];
    let Some(size) = f.group_size.filter(|_| f.local_static > 0) else {
        return known;
    };
    let once = dominance::defined_before_uses(f);
    // Values are known from their operands: a few passes reach every chain of them.
    loop {
        let mut changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            let Some(d) = s.result.filter(|&d| once[d as usize]) else {
                continue;
            };
            if known[d as usize].is_some() {
                continue;
            }
            let t = f.types[d as usize];
            if let Some(k) = eval(f, &known, size, &s.inst, t).filter(|k| fits(*k, t)) {
                known[d as usize] = Some(k);
                changed = true;
            }
        }
        if !changed {
            return known;
        }
    }
}

/// Whether `k`'s bounds lie in type `t`'s signed range (a local address: 64 bits).
fn fits(k: Known, t: Scalar) -> bool {
    let bits = match (k, t) {
        (Known::Int(..), Scalar::I32) => 32,
        (_, Scalar::I64) => 64,
        _ => return false,
    };
    let (Known::Int(lo, hi) | Known::Local(lo, hi)) = k;
    let half = 1i128 << (bits - 1);
    -half <= lo && lo <= hi && hi < half
}

/// What statement `inst`, of result type `t`, computes, from what is known of its operands.
fn eval(
    f: &Func,
    known: &[Option<Known>],
    size: [u32; 3],
    inst: &Inst,
    t: Scalar,
) -> Option<Known> {
    use Known::{Int, Local};
    let of = |v: u32| known[v as usize];
    let int = |v: u32| match of(v) {
        Some(Int(lo, hi)) => Some((lo, hi)),
        _ => None,
    };
    let hull = |(a, b): (i128, i128), (c, d): (i128, i128)| (a.min(c), b.max(d));
    Some(match inst {
        Inst::Const(c) => {
            let x = match t {
                Scalar::I32 => i128::from(*c as u32 as i32),
                Scalar::I64 => i128::from(*c as i64),
                _ => return None,
            };
            Int(x, x)
        }
        Inst::Copy(a) if f.types[*a as usize] == t => of(*a)?,
        Inst::LocalVar(off) => Local(*off as i128, *off as i128),
        Inst::Builtin(b, d) if *d < 3 => {
            let n = i128::from(size[*d as usize]);
            match b {
                BuiltinValue::LocalId => Int(0, n - 1),
                BuiltinValue::LocalSize | BuiltinValue::EnqueuedLocalSize => Int(n, n),
                BuiltinValue::LocalLinearId if *d == 0 => {
                    let all = size.iter().map(|&s| i128::from(s)).product::<i128>();
                    Int(0, all - 1)
                }
                _ => return None,
            }
        }
        Inst::Conv(Conv::Int { signed }, a) => {
            let from = f.types[*a as usize];
            match of(*a)? {
                // Bounds within the operand's signed range (`fits`): a sign extension keeps
                // the value, a zero extension too from 0 up; a truncation keeps it when it
                // fits the narrower type (`fits` on the result).
                Int(lo, _) if from.bits() < t.bits() && !signed && lo < 0 => return None,
                k @ Int(..) => k,
                k @ Local(..) if from == t => k,
                Local(..) => return None,
            }
        }
        Inst::Bin(op @ (Bin::IAdd | Bin::ISub), a, b) => {
            let (x, y) = (of(*a)?, of(*b)?);
            let add = *op == Bin::IAdd;
            match (x, y, add) {
                (Int(a, b), Int(c, d), true) => Int(a + c, b + d),
                (Int(a, b), Int(c, d), false) => Int(a - d, b - c),
                (Local(a, b), Int(c, d), true) | (Int(c, d), Local(a, b), true) => {
                    Local(a + c, b + d)
                }
                (Local(a, b), Int(c, d), false) => Local(a - d, b - c),
                _ => return None,
            }
        }
        Inst::Bin(Bin::IMul, a, b) => {
            let ((a, b), (c, d)) = (int(*a)?, int(*b)?);
            let p = [a * c, a * d, b * c, b * d];
            Int(*p.iter().min()?, *p.iter().max()?)
        }
        Inst::Bin(Bin::Shl, a, c) => {
            let (lo, hi) = int(*a)?;
            match int(*c)? {
                (k, k2) if k == k2 && (0..i128::from(t.bits())).contains(&k) => {
                    Int(lo << k, hi << k)
                }
                _ => return None,
            }
        }
        Inst::Select(_, a, b) => match (of(*a)?, of(*b)?) {
            (Int(a, b), Int(c, d)) => {
                let (lo, hi) = hull((a, b), (c, d));
                Int(lo, hi)
            }
            (Local(a, b), Local(c, d)) => {
                let (lo, hi) = hull((a, b), (c, d));
                Local(lo, hi)
            }
            _ => return None,
        },
        Inst::Int3(n @ (S_MAX | S_MIN | S_CLAMP), Scalar::I32, [x, y, z]) => {
            let ((a, b), (c, d)) = (int(*x)?, int(*y)?);
            match *n {
                S_MAX => Int(a.max(c), b.max(d)),
                S_MIN => Int(a.min(c), b.min(d)),
                _ => {
                    // `min(max(x, lo), hi)`: monotone in each operand.
                    let (e, g) = int(*z)?;
                    Int(a.max(c).min(e), b.max(d).min(g))
                }
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::ssa::{Block, Edge, Stmt, Term};
    use proptest::prelude::*;

    /// A kernel of one block: `stmts` (value `i` the result of statement `i`), types `types`.
    fn func(stmts: Vec<Inst>, types: Vec<Scalar>, size: [u32; 3]) -> Func {
        let stmts = stmts
            .into_iter()
            .enumerate()
            .map(|(i, inst)| Stmt {
                result: Some(i as u32),
                inst,
            })
            .collect();
        Func {
            name: "k".into(),
            blocks: vec![
                Block {
                    params: vec![],
                    stmts,
                    term: Term::Jump(Edge {
                        target: 1,
                        args: vec![],
                    }),
                },
                Block {
                    params: vec![],
                    stmts: vec![],
                    term: Term::Return,
                },
            ],
            types,
            private_size: 0,
            params: vec![],
            local_static: 2048,
            subgroup_size: 16,
            subgroup_required: false,
            subgroup_barriers: false,
            group_size: Some(size),
        }
    }

    #[test]
    fn a_tile_row_is_bounded_by_the_required_size() {
        use Scalar::{I32, I64};
        // `LocalVar(1024) + (int)get_local_id(1) * 64 + 60`.
        let f = func(
            vec![
                Inst::LocalVar(1024),
                Inst::Builtin(BuiltinValue::LocalId, 1),
                Inst::Conv(Conv::Int { signed: false }, 1),
                Inst::Const(64),
                Inst::Bin(Bin::IMul, 2, 3),
                Inst::Conv(Conv::Int { signed: true }, 4),
                Inst::Bin(Bin::IAdd, 0, 5),
                Inst::Const(60),
                Inst::Bin(Bin::IAdd, 6, 7),
            ],
            vec![I64, I64, I32, I32, I32, I64, I64, I64, I64],
            [16, 16, 1],
        );
        let k = local_bounds(&f);
        assert_eq!(k[8], Some(Known::Local(1024 + 60, 1024 + 15 * 64 + 60)));
        // Unknown without a required size.
        let f = Func {
            group_size: None,
            ..f
        };
        assert!(local_bounds(&f).iter().all(Option::is_none));
    }

    #[test]
    fn a_product_past_32_bits_is_unknown() {
        use Scalar::{I32, I64};
        // `(int)get_local_id(0) * 0x10000000`: up to 15 × 2^28, past `int`.
        let f = func(
            vec![
                Inst::Builtin(BuiltinValue::LocalId, 0),
                Inst::Conv(Conv::Int { signed: false }, 0),
                Inst::Const(0x1000_0000),
                Inst::Bin(Bin::IMul, 1, 2),
            ],
            vec![I64, I32, I32, I32],
            [16, 1, 1],
        );
        assert_eq!(local_bounds(&f)[3], None);
    }

    proptest! {
        /// The bounds hold every value the 32-bit code computes, for every local id.
        #[test]
        fn bounds_hold_the_computed_values(
            m in -70_000i32..70_000, c in -70_000i32..70_000, sh in 0u32..8,
            lo in -100i32..100, hi in -100i32..100, size in 1u32..300,
        ) {
            use Scalar::{I32, I64};
            // `clamp(((int)lid * m + c) << sh, lo, hi) - m`.
            let f = func(
                vec![
                    Inst::Builtin(BuiltinValue::LocalId, 0),
                    Inst::Conv(Conv::Int { signed: false }, 0),
                    Inst::Const(m as u32 as u64),
                    Inst::Bin(Bin::IMul, 1, 2),
                    Inst::Const(c as u32 as u64),
                    Inst::Bin(Bin::IAdd, 3, 4),
                    Inst::Const(u64::from(sh)),
                    Inst::Bin(Bin::Shl, 5, 6),
                    Inst::Const(lo as u32 as u64),
                    Inst::Const(hi as u32 as u64),
                    Inst::Int3(S_CLAMP, I32, [7, 8, 9]),
                    Inst::Bin(Bin::ISub, 10, 2),
                ],
                vec![I64, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32],
                [size, 1, 1],
            );
            let k = local_bounds(&f);
            // Known whenever no step leaves `int` (each step's extremes are at the ends).
            let int = i128::from(i32::MIN)..=i128::from(i32::MAX);
            let steps = |id: i128| {
                let p = id * i128::from(m);
                let q = p + i128::from(c);
                [p, q, q << sh]
            };
            if [0, i128::from(size) - 1].into_iter().flat_map(steps).all(|e| int.contains(&e)) {
                prop_assert!(k[7].is_some() && k[11].is_some());
            }
            for id in 0..size {
                let x = (id as i32).wrapping_mul(m).wrapping_add(c).wrapping_shl(sh);
                let y = x.max(lo).min(hi);
                for (v, got) in [(7usize, x), (11, y.wrapping_sub(m))] {
                    if let Some(Known::Int(a, b)) = k[v] {
                        prop_assert!(a <= i128::from(got) && i128::from(got) <= b);
                    }
                }
            }
        }
    }
}
