//! How a value changes from one work-item of a pack to the next (a pack's work-items are
//! consecutive in dimension 0): `Some(k)` when lane `i`'s value is lane 0's plus `k * i`,
//! exactly, in the value's width (wrapping, as the generated code computes it). An address
//! of stride 4 reaching a 32-bit access is consecutive across the pack by construction: its
//! access needs no comparison of the four addresses, only the one check of the 16 bytes.

use super::analysis::defs;
use super::local_bounds::Known;
use super::ssa::{Bin, Conv, Func, Inst, Val};
use super::vector_gen::Rep;
use crate::front::ssa::BuiltinValue;
use crate::value::Scalar;
use std::collections::HashMap;

/// Per value: its stride across a pack, if it has one (see the module documentation).
/// `known`: what is known of each value for every work-item ([`super::local_bounds`]).
pub fn strides(f: &Func, rep: &[Rep], known: &[Option<Known>]) -> Vec<Option<i64>> {
    let start = rep.iter().map(|r| (*r == Rep::U).then_some(0)).collect();
    affine(f, start, known)
}

/// Strides from those of the values in `stride` (the others `None`), through the operations
/// that keep them. An extension keeps a small stride across a pack when its operand's
/// bounds (`known`) are less than 2^31 apart: each lane's value is then exact, and two
/// lanes' exact values, less than 2^31 apart and congruent modulo 2^32 to lane 0's plus
/// `k * i` (`|k * i| < 2^30`), differ by exactly `k * i`.
fn affine(f: &Func, mut stride: Vec<Option<i64>>, known: &[Option<Known>]) -> Vec<Option<i64>> {
    let consts: Vec<Option<u64>> = {
        let mut c = vec![None; f.types.len()];
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            if let (Inst::Const(k), Some(r)) = (&s.inst, s.result) {
                c[r as usize] = Some(*k);
            }
        }
        c
    };
    // A statement's stride depends only on its operands' (never on block parameters, whose
    // stride is known only when uniform): passes until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            let Some(r) = s.result else { continue };
            if stride[r as usize].is_some() || defs(s).len() != 1 {
                continue;
            }
            let st = |v: Val| stride[v as usize];
            let k = |v: Val| consts[v as usize];
            let new = match s.inst {
                // Linear ids too: a pack lies in one row.
                Inst::Builtin(BuiltinValue::GlobalId | BuiltinValue::LocalId, 0)
                | Inst::Builtin(BuiltinValue::LocalLinearId | BuiltinValue::GlobalLinearId, _) => {
                    Some(1)
                }
                Inst::Copy(a) => st(a),
                Inst::Bin(Bin::IAdd, a, b) => st(a).zip(st(b)).map(|(x, y)| x.wrapping_add(y)),
                Inst::Bin(Bin::ISub, a, b) => st(a).zip(st(b)).map(|(x, y)| x.wrapping_sub(y)),
                Inst::Bin(Bin::IMul, a, b) => match (st(a), k(a), st(b), k(b)) {
                    (Some(x), _, _, Some(c)) | (_, Some(c), Some(x), _) => {
                        Some(x.wrapping_mul(c as i64))
                    }
                    _ => None,
                },
                Inst::Bin(Bin::Shl, a, b) => match (st(a), k(b)) {
                    // A shift by the width or more is masked: only smaller ones.
                    (Some(x), Some(c)) if c < u64::from(f.types[r as usize].bits()) => {
                        Some(x.wrapping_shl(c as u32))
                    }
                    _ => None,
                },
                // A truncation keeps the stride (modulo the narrower width); an extension
                // does not (the lanes may wrap differently).
                Inst::Conv(Conv::Int { .. } | Conv::Bitcast, a)
                    if f.types[r as usize].bits() <= f.types[a as usize].bits() =>
                {
                    st(a)
                }
                Inst::Conv(Conv::Int { .. }, a) => match (known.get(a as usize), st(a)) {
                    (Some(Some(Known::Int(lo, hi))), Some(k))
                        if hi - lo < 1 << 31 && k.unsigned_abs() < 1 << 28 =>
                    {
                        Some(k)
                    }
                    _ => None,
                },
                _ => None,
            };
            if new.is_some() {
                stride[r as usize] = new;
                changed = true;
            }
        }
    }
    stride
}

/// Per value: whether it is the same for every work-item of a row of the group (the
/// work-items that differ only in dimension 0), as a function of values that are: constants,
/// parameters, the group's built-ins and the ids in dimensions 1 and 2 (`ids_from` 1; 3: the
/// same for the whole group, no id). (Not loads, not block parameters.)
pub(super) fn invariant(f: &Func, ids_from: usize) -> Vec<bool> {
    let mut inv = vec![false; f.types.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            let Some(r) = s.result else { continue };
            if inv[r as usize] || defs(s).len() != 1 {
                continue;
            }
            let all = |vs: &[Val]| vs.iter().all(|v| inv[*v as usize]);
            let new = match &s.inst {
                Inst::Const(_)
                | Inst::Param { .. }
                | Inst::ParamAddr { .. }
                | Inst::LocalVar(_) => true,
                Inst::Builtin(b, d) => match b {
                    BuiltinValue::GlobalId | BuiltinValue::LocalId => *d as usize >= ids_from,
                    BuiltinValue::GroupId
                    | BuiltinValue::NumGroups
                    | BuiltinValue::LocalSize
                    | BuiltinValue::GlobalSize
                    | BuiltinValue::GlobalOffset
                    | BuiltinValue::EnqueuedLocalSize
                    | BuiltinValue::WorkDim => true,
                    _ => false,
                },
                Inst::Copy(a) | Inst::Un(_, a) | Inst::Conv(_, a) => all(&[*a]),
                Inst::Bin(_, a, b) => all(&[*a, *b]),
                Inst::Select(a, b, c) | Inst::Fma(a, b, c) => all(&[*a, *b, *c]),
                Inst::Int3(_, _, a) => all(a),
                _ => false,
            };
            if new {
                inv[r as usize] = true;
                changed = true;
            }
        }
    }
    inv
}

/// Per value: its stride along a row of the group (see [`invariant`]): `Some(k)` when the
/// value of the work-item `j` places after another in the same row is that one's plus `k * j`,
/// exactly, in the value's width. An address of stride 4 is known over a whole row from one
/// work-item's: one check covers the rest of the row.
pub fn row_strides(f: &Func) -> Vec<Option<i64>> {
    let start = invariant(f, 1)
        .into_iter()
        .map(|i| i.then_some(0))
        .collect();
    affine(f, start, &[])
}

/// An address `base + ext(index) * 4`: `base` the same in a pack, `index` a 32-bit value held
/// as a SIMD register, extended to 64 bits (`signed`: sign-extended).
#[derive(Clone, Copy, Debug)]
pub struct Scaled {
    pub base: Val,
    pub index: Val,
    pub signed: bool,
}

/// The addresses of the form [`Scaled`] (`a[i]` with an `int` index `i`): their four lanes
/// are consecutive when the index's are and the extension does not wrap, which one SIMD
/// comparison tells.
pub fn scaled_indices(f: &Func, rep: &[Rep]) -> HashMap<Val, Scaled> {
    let mut def: HashMap<Val, &Inst> = HashMap::new();
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        if let Some(r) = s.result {
            def.insert(r, &s.inst);
        }
    }
    let konst = |v: Val| match def.get(&v) {
        Some(Inst::Const(k)) => Some(*k),
        _ => None,
    };
    // `ext(index) * 4` (or `<< 2`).
    let times4 = |base: Val, v: Val| -> Option<Scaled> {
        let e = match def.get(&v)? {
            Inst::Bin(Bin::Shl, e, c) if konst(*c) == Some(2) => *e,
            Inst::Bin(Bin::IMul, e, c) if konst(*c) == Some(4) => *e,
            Inst::Bin(Bin::IMul, c, e) if konst(*c) == Some(4) => *e,
            _ => return None,
        };
        match def.get(&e)? {
            Inst::Conv(Conv::Int { signed }, i)
                if f.types[e as usize] == Scalar::I64
                    && f.types[*i as usize] == Scalar::I32
                    && rep[*i as usize] == Rep::X =>
            {
                Some(Scaled {
                    base,
                    index: *i,
                    signed: *signed,
                })
            }
            _ => None,
        }
    };
    let mut out = HashMap::new();
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        let (Some(r), Inst::Bin(Bin::IAdd, a, b)) = (s.result, &s.inst) else {
            continue;
        };
        if f.types[r as usize] != Scalar::I64 {
            continue;
        }
        let found = match (rep[*a as usize], rep[*b as usize]) {
            (Rep::U, _) => times4(*a, *b),
            (_, Rep::U) => times4(*b, *a),
            _ => None,
        };
        if let Some(sc) = found {
            out.insert(r, sc);
        }
    }
    // And their copies (a cast between pointer types).
    let mut changed = true;
    while changed {
        changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            if let (Some(r), Inst::Copy(a)) = (s.result, &s.inst) {
                if let (None, Some(&sc)) = (out.get(&r), out.get(a)) {
                    out.insert(r, sc);
                    changed = true;
                }
            }
        }
    }
    out
}
