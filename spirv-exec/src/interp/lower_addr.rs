//! Addresses lowered as one row instruction: a pointer plus an index scaled by a constant
//! stride (the index possibly a sign-extended narrower integer, or such a sum of two), plus a
//! constant, is what an access chain becomes in the shared IR, several statements there. When
//! those statements are used only by the sum (in its block), they are not lowered on their
//! own: [`memops::address`](crate::interp::memops::address) computes the whole address in one
//! pass over the lanes, and notes the row's bounds for the access that follows.

use crate::front::ssa::{Bin, BlockId, Conv, Inst, Stmt, Val};
use crate::interp::lower::{AddrTerm, Address, Inv, Lowering, Plan};
use crate::interp::memops::{self, Step};
use crate::interp::program::Exec;
use crate::value::Scalar;
use std::collections::HashMap;

impl Lowering<'_> {
    /// Finds the addresses of the kernel to lower as one instruction (a method, so that
    /// `lower.rs` does not import this file, which imports it).
    pub(crate) fn plan_addresses(&self) -> Plan {
        plan(self)
    }
}

fn plan(l: &Lowering<'_>) -> Plan {
    let mut plan = Plan::default();
    for (b, block) in l.f.blocks.iter().enumerate() {
        let b = b as BlockId;
        let def: HashMap<Val, usize> = block
            .stmts
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((s.result?, i)))
            .collect();
        let mut roots: HashMap<usize, Address> = HashMap::new();
        for (i, st) in block.stmts.iter().enumerate() {
            if let Some(a) = address(l, (&def, &block.stmts), &mut roots, st, i) {
                roots.insert(i, a);
            }
        }
        for (i, mut a) in roots {
            a.record = accessed_next(l, &block.stmts, i);
            for &j in &a.absorbed {
                plan.absorbed.insert((b, j), i);
            }
            plan.roots.insert((b, i), a);
        }
    }
    plan
}

/// Statement `st` (number `i`) as a planned address: an `I64` sum of a pointer and a scaled
/// index, or of a planned address used only here and a constant.
fn address(
    l: &Lowering<'_>,
    (def, stmts): (&HashMap<Val, usize>, &[Stmt]),
    roots: &mut HashMap<usize, Address>,
    st: &Stmt,
    i: usize,
) -> Option<Address> {
    let (Some(r), Inst::Bin(Bin::IAdd, x, y)) = (st.result, &st.inst) else {
        return None;
    };
    if l.f.types.get(r as usize) != Some(&Scalar::I64) || l.inv_of(r) != Inv::Varying {
        return None;
    }
    // A step of this block used only here, and not run before the group.
    let step = |v: Val| -> Option<(usize, &Inst)> {
        let v = l.root(v);
        let j = *def.get(&v)?;
        let only_here = l.uses.get(v as usize) == Some(&1) && l.inv_of(v) == Inv::Varying;
        (only_here && j < i).then(|| (j, &stmts[j].inst))
    };
    // `base + c` of a planned address used only here.
    if let (Some(c), Some((j, _))) = (l.konst(*y), step(*x)) {
        if let Some(mut a) = roots.remove(&j) {
            a.terms.push(AddrTerm::Const(c as i64));
            a.absorbed.push(j);
            return Some(a);
        }
    }
    for (base, index) in [(*x, *y), (*y, *x)] {
        let mut absorbed = Vec::new();
        if let Some(term) = scaled(l, &step, index, &mut absorbed) {
            return Some(Address {
                base,
                terms: vec![term],
                absorbed,
                record: false,
            });
        }
    }
    None
}

/// `index` as a scaled index: `w × c`, `w << c`, or a sign extension (stride 1).
fn scaled<'a>(
    l: &Lowering<'_>,
    step: &impl Fn(Val) -> Option<(usize, &'a Inst)>,
    index: Val,
    absorbed: &mut Vec<usize>,
) -> Option<AddrTerm> {
    let (j, inst) = step(index)?;
    let (w, stride) = match *inst {
        Inst::Bin(Bin::IMul, w, k) | Inst::Bin(Bin::IMul, k, w) if l.konst(k).is_some() => {
            (w, l.konst(k)? as i64)
        }
        Inst::Bin(Bin::Shl, w, k) if l.konst(k).is_some_and(|k| k < 63) => (w, 1i64 << l.konst(k)?),
        Inst::Conv(Conv::Int { signed: true }, _) => (index, 1),
        _ => return None,
    };
    if l.f.types.get(l.root(w) as usize) != Some(&Scalar::I64) {
        return None;
    }
    if w != index {
        absorbed.push(j);
    }
    Some(extended(l, step, w, stride, absorbed))
}

/// The term for `w × stride`: through a sign extension of a narrower integer (and an add of
/// two of them) when those are steps used only here.
fn extended<'a>(
    l: &Lowering<'_>,
    step: &impl Fn(Val) -> Option<(usize, &'a Inst)>,
    w: Val,
    stride: i64,
    absorbed: &mut Vec<usize>,
) -> AddrTerm {
    let wide = AddrTerm::Index {
        v: w,
        scalar: Scalar::I64,
        stride,
    };
    let Some((j, &Inst::Conv(Conv::Int { signed: true }, n))) = step(w) else {
        return wide;
    };
    let scalar = match l.f.types.get(l.root(n) as usize) {
        Some(&s) if !s.is_float() && s != Scalar::Bool && s.bits() < 64 => s,
        _ => return wide,
    };
    absorbed.push(j);
    if let Some((k, &Inst::Bin(Bin::IAdd, a, b))) = step(n) {
        absorbed.push(k);
        return AddrTerm::Sum {
            a,
            b,
            scalar,
            stride,
        };
    }
    AddrTerm::Index {
        v: n,
        scalar,
        stride,
    }
}

/// Whether the next statement of `stmts` lowered after number `i` loads or stores through
/// `i`'s result, and nothing else uses it.
fn accessed_next(l: &Lowering<'_>, stmts: &[Stmt], i: usize) -> bool {
    let Some(r) = stmts[i].result else {
        return false;
    };
    if l.uses.get(r as usize) != Some(&1) {
        return false;
    }
    let next = stmts[i + 1..]
        .iter()
        .find(|s| !matches!(s.inst, Inst::Copy(_)) || s.result.is_some_and(|v| l.root(v) == v));
    match next.map(|s| &s.inst) {
        Some(Inst::Load { ptr, offset: 0, .. } | Inst::Store { ptr, offset: 0, .. }) => {
            l.root(*ptr) == r
        }
        _ => false,
    }
}

impl Lowering<'_> {
    /// The instruction computing planned address `a`, defined by statement `st`.
    pub(crate) fn address(&self, st: &Stmt, a: &Address) -> Result<Exec, String> {
        let dst = self.at(st.result.ok_or("an address without a result")?)?;
        let mut steps = Vec::new();
        let mut constant = 0i64;
        for t in &a.terms {
            match *t {
                AddrTerm::Const(c) => constant = constant.wrapping_add(c),
                AddrTerm::Index { v, scalar, stride } => steps.push(Step::Index {
                    slot: self.at(v)?,
                    scalar,
                    stride,
                }),
                AddrTerm::Sum {
                    a,
                    b,
                    scalar,
                    stride,
                } => steps.push(Step::Sum {
                    a: self.at(a)?,
                    b: self.at(b)?,
                    kb: self.uniform(b),
                    scalar,
                    stride,
                }),
            }
        }
        if constant != 0 {
            steps.push(Step::Const(constant));
        }
        let base = self.at(a.base)?;
        Ok(memops::address(
            dst,
            base,
            self.uniform(a.base),
            steps,
            a.record,
        ))
    }
}
