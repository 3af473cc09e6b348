//! Region functions over packs of four work-items (consecutive in dimension 0): values the
//! same for every work-item of the pack are computed once, 32-bit values that differ live in
//! one SIMD register (`f32x4`, `i32x4`, booleans as lane masks), other ones lane by lane. The
//! hot operations are SIMD instructions; loads and stores whose four addresses are consecutive
//! are one vector access with one bounds check; every other statement is emitted once per
//! lane with the per-work-item code of `scalar_gen` (same semantics, same checks).
//!
//! Work-items of a pack must follow the same path: a branch whose condition differs inside the
//! pack sends the pack to the per-work-item function of the region, which is only correct
//! while nothing was stored yet in the region. So a region is generated in this form only if
//! every branch that may differ comes before any store or atomic (the bounds guard at a
//! kernel's top, `if (lid < s)` at a reduction step's start, a grid-stride loop); the others
//! run per work-item. The same fallback takes a pack where some work-item already returned,
//! or where a value kept across a barrier as the same for the pack is not.

use super::analysis::{defs, uses};
use super::runtime::{self, field};
use super::scalar_gen::{ctx_flags, mem_flags, Gen, Slot};
use super::ssa::{Bin, Conv, Func, Inst, Space, Stmt, Term, Val};
use crate::front::ssa::BuiltinValue;
use crate::opencl_std::opcode::*;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, Block, BlockArg, InstBuilder, MemFlagsData, Type, Value};

/// Lanes of a pack.
pub const W: usize = 4;

/// How a value is held in a pack's function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rep {
    /// The same for every work-item of the pack: one scalar.
    U,
    /// A SIMD register (32-bit values and booleans).
    X,
    /// One scalar per lane.
    L,
}

/// The SIMD type of a 32-bit value (booleans as `i32` masks).
pub(super) fn vec_type(s: Scalar) -> Option<Type> {
    match s {
        Scalar::I32 | Scalar::Bool => Some(types::I32X4),
        Scalar::F32 => Some(types::F32X4),
        _ => None,
    }
}

/// Which values may differ between the work-items of a pack, and their representation.
pub fn reps(f: &Func) -> Vec<Rep> {
    let mut varying = vec![false; f.types.len()];
    let pack_uniform = super::analysis::pack_uniform(f);
    let mut changed = true;
    while changed {
        changed = false;
        let mut mark = |v: Val, varying: &mut Vec<bool>| {
            if !varying[v as usize] {
                varying[v as usize] = true;
                changed = true;
            }
        };
        for b in &f.blocks {
            for s in &b.stmts {
                let v = match &s.inst {
                    Inst::Builtin(which, d) => {
                        matches!(which, BuiltinValue::LocalId | BuiltinValue::GlobalId) && *d == 0
                            || matches!(
                                which,
                                BuiltinValue::GlobalLinearId
                                    | BuiltinValue::LocalLinearId
                                    | BuiltinValue::SubgroupId
                            )
                    }
                    Inst::PrivateVar(_) | Inst::Atomic { .. } | Inst::Fold(_) => true,
                    _ if s.result.is_some_and(|r| pack_uniform[r as usize]) => false,
                    _ => uses(s).iter().any(|u| varying[*u as usize]),
                };
                if v {
                    for d in defs(s) {
                        mark(d, &mut varying);
                    }
                }
            }
            for e in super::analysis::edges(&b.term) {
                let params = &f.blocks[e.target as usize].params;
                for (&p, &a) in params.iter().zip(&e.args) {
                    if varying[a as usize] {
                        mark(p, &mut varying);
                    }
                }
            }
            // The join of an `if` a pack may split (`diverge`) gets each work-item's values.
            if let Term::Branch { cond, then, other } = &b.term {
                if varying[*cond as usize] {
                    if let Some(j) = super::diverge::diamond(f, then, other) {
                        for &p in &f.blocks[j as usize].params {
                            mark(p, &mut varying);
                        }
                    }
                }
            }
        }
    }
    let mut rep: Vec<Rep> = (0..f.types.len())
        .map(|v| match (varying[v], vec_type(f.types[v])) {
            (false, _) => Rep::U,
            (true, Some(_)) => Rep::X,
            (true, None) => Rep::L,
        })
        .collect();
    // A comparison of values held per lane that only branches (not at a one-block `if`): one
    // scalar test per lane, joined (`lanes_test`), not a mask built lane by lane and tested
    // as a vector.
    let mut branch_only = vec![true; f.types.len()];
    for b in &f.blocks {
        for s in &b.stmts {
            uses(s)
                .iter()
                .for_each(|&u| branch_only[u as usize] = false);
        }
        for e in super::analysis::edges(&b.term) {
            e.args.iter().for_each(|&a| branch_only[a as usize] = false);
        }
        match &b.term {
            Term::Switch { sel, .. } => branch_only[*sel as usize] = false,
            // A one-block `if` a pack may split selects its join's values by the mask.
            Term::Branch { cond, then, other }
                if super::diverge::diamond(f, then, other).is_some() =>
            {
                branch_only[*cond as usize] = false
            }
            _ => {}
        }
    }
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        if let (Inst::Bin(_, a, c), Some(r)) = (&s.inst, s.result) {
            let per_lane = rep[*a as usize] == Rep::L || rep[*c as usize] == Rep::L;
            let test = f.types[r as usize] == Scalar::Bool && rep[r as usize] == Rep::X;
            if test && per_lane && branch_only[r as usize] {
                rep[r as usize] = Rep::L;
            }
        }
    }
    rep
}

fn effect(s: &Stmt) -> bool {
    matches!(
        s.inst,
        Inst::Store { .. } | Inst::Atomic { .. } | Inst::MemCopy { .. } | Inst::Fold(_)
    )
}

/// The blocks region `first` reaches (up to barriers), and per block whether no path from
/// the region's start to the block's end has an effect (a pack that splits there can still
/// run work-item by work-item from the region's start).
pub(super) fn walk(f: &Func, first: u32) -> (Vec<bool>, Vec<bool>) {
    let mut clean_in = vec![None::<bool>; f.blocks.len()];
    let mut work = vec![(first, true)];
    while let Some((b, clean)) = work.pop() {
        let old = clean_in[b as usize];
        let new = old.map_or(clean, |o| o && clean);
        if old == Some(new) {
            continue;
        }
        clean_in[b as usize] = Some(new);
        let block = &f.blocks[b as usize];
        let clean_out = new && !block.stmts.iter().any(effect);
        if !matches!(block.term, Term::Barrier { .. }) {
            work.extend(f.succs(b).into_iter().map(|s| (s, clean_out)));
        }
    }
    let reached = clean_in.iter().map(Option::is_some).collect();
    let clean = clean_in
        .iter()
        .zip(&f.blocks)
        .map(|(c, b)| c.unwrap_or(false) && !b.stmts.iter().any(effect))
        .collect();
    (reached, clean)
}

/// Per block, whether no path from region `first`'s start to the block's end has an effect
/// (see [`walk`]).
pub fn clean_ends(f: &Func, first: u32) -> Vec<bool> {
    walk(f, first).1
}

/// The most statements the splits of one region may copy per work-item (compile time: the
/// pack function holds a copy of each split's paths per work-item).
const MAX_SPLIT_TOTAL: usize = 48;

/// Whether region `first` (its first block) can run by packs: every branch whose condition
/// may differ in a pack is reached before any effect or is one where the pack runs
/// work-item by work-item when split, up to where the paths meet (`diverge`; not too many
/// statements in all), and no such switch.
pub fn vectorizable(f: &Func, rep: &[Rep], first: u32) -> bool {
    let (reached, clean) = walk(f, first);
    let mut split = 0;
    for (b, block) in f.blocks.iter().enumerate().filter(|(b, _)| reached[*b]) {
        match &block.term {
            Term::Branch { cond, then, other }
                if rep[*cond as usize] != Rep::U
                    && !clean[b]
                    && super::diverge::diamond(f, then, other).is_none() =>
            {
                match super::diverge::split_region(f, rep, b as u32) {
                    Some(region) => split += region.statements(f),
                    None => return false,
                }
            }
            Term::Switch { sel, .. } if rep[*sel as usize] != Rep::U => return false,
            _ => {}
        }
    }
    split <= MAX_SPLIT_TOTAL
}

/// A value in one of its representations.
pub(super) enum VVal {
    U(Value),
    X(Value),
    L([Value; W]),
}

impl Gen<'_, '_> {
    /// Lane `i` of value `v` as a scalar.
    pub(super) fn lane_of(&mut self, v: Val, i: usize) -> Value {
        match (self.rep[v as usize], self.vars[v as usize]) {
            (Rep::X, Slot::One(var)) => {
                let x = self.b.use_var(var);
                let e = self.b.ins().extractlane(x, i as u8);
                if self.ty(v) == Scalar::Bool {
                    self.b.ins().icmp_imm_s(IntCC::NotEqual, e, 0)
                } else {
                    e
                }
            }
            (_, Slot::One(var)) => self.b.use_var(var),
            (_, Slot::Lanes(vars)) => self.b.use_var(vars[i]),
        }
    }

    /// A boolean (`i8` 0/1) as an `i32` lane mask.
    pub(super) fn mask_of(&mut self, b: Value) -> Value {
        let t = self.b.ins().iconst(types::I32, -1);
        let f = self.b.ins().iconst(types::I32, 0);
        self.b.ins().select(b, t, f)
    }

    /// Value `v` (a 32-bit type or a boolean) as a SIMD register.
    pub(super) fn vector_of(&mut self, v: Val) -> Value {
        let s = self.ty(v);
        let vt = vec_type(s).expect("a 32-bit value");
        match (self.rep[v as usize], self.vars[v as usize]) {
            (Rep::X, Slot::One(var)) => self.b.use_var(var),
            (Rep::U, _) if self.row_splats.contains_key(&v) => self.b.use_var(self.row_splats[&v]),
            (Rep::U, Slot::One(var)) => {
                let x = self.b.use_var(var);
                let x = if s == Scalar::Bool {
                    self.mask_of(x)
                } else {
                    x
                };
                self.b.ins().splat(vt, x)
            }
            _ => {
                let lanes: Vec<Value> = (0..W).map(|i| self.lane_of(v, i)).collect();
                self.build(s, &lanes)
            }
        }
    }

    /// A SIMD register from lane scalars of type `s`.
    pub(super) fn build(&mut self, s: Scalar, lanes: &[Value]) -> Value {
        let vt = vec_type(s).expect("a 32-bit value");
        let conv: Vec<Value> = lanes
            .iter()
            .map(|&x| {
                if s == Scalar::Bool {
                    self.mask_of(x)
                } else {
                    x
                }
            })
            .collect();
        let mut x = self.b.ins().splat(vt, conv[0]);
        for (i, &l) in conv.iter().enumerate().skip(1) {
            x = self.b.ins().insertlane(x, l, i as u8);
        }
        x
    }

    /// Defines `v` from `x`, converting to its representation.
    pub(super) fn define_v(&mut self, v: Val, x: VVal) {
        let s = self.ty(v);
        match (self.rep[v as usize], self.vars[v as usize], x) {
            (Rep::U, Slot::One(var), VVal::U(x)) => self.b.def_var(var, x),
            (Rep::U, Slot::One(var), VVal::L(l)) => self.b.def_var(var, l[0]),
            (Rep::X, Slot::One(var), VVal::X(x)) => self.b.def_var(var, x),
            (Rep::X, Slot::One(var), VVal::U(x)) => {
                let x = if s == Scalar::Bool {
                    self.mask_of(x)
                } else {
                    x
                };
                let vt = vec_type(s).expect("a 32-bit value");
                let x = self.b.ins().splat(vt, x);
                self.b.def_var(var, x)
            }
            (Rep::X, Slot::One(var), VVal::L(l)) => {
                let x = self.build(s, &l);
                self.b.def_var(var, x)
            }
            (Rep::L, Slot::Lanes(vars), VVal::L(l)) => {
                for (var, x) in vars.iter().zip(l) {
                    self.b.def_var(*var, x);
                }
            }
            (Rep::L, Slot::Lanes(vars), VVal::U(x)) => {
                for var in vars {
                    self.b.def_var(var, x);
                }
            }
            (_, _, VVal::X(x)) => {
                // Only 32-bit values are SIMD registers: to lanes (or lane 0 if uniform).
                let l: Vec<Value> = (0..W)
                    .map(|i| {
                        let e = self.b.ins().extractlane(x, i as u8);
                        if s == Scalar::Bool {
                            self.b.ins().icmp_imm_s(IntCC::NotEqual, e, 0)
                        } else {
                            e
                        }
                    })
                    .collect();
                self.define_v(v, VVal::L([l[0], l[1], l[2], l[3]]))
            }
            _ => unreachable!("representation of %{v}"),
        }
    }

    /// Defines what the last lane-by-lane statement produced.
    pub(super) fn commit_lanes(&mut self) {
        let mut outs = std::mem::take(&mut self.lane_out);
        outs.sort_by_key(|o| (o.0, o.1));
        for chunk in outs.chunks(W) {
            if chunk.len() == W {
                let l = [chunk[0].2, chunk[1].2, chunk[2].2, chunk[3].2];
                self.define_v(chunk[0].0, VVal::L(l));
            }
        }
    }

    /// Emits `s` for the pack.
    pub(super) fn vstmt(&mut self, s: &Stmt) -> Result<(), String> {
        if self.row_moved.contains(&(s as *const Stmt as usize)) {
            // Computed when the pack's row started (`row_values`).
            return Ok(());
        }
        if let Inst::Fold(step) = &s.inst {
            self.vfold(step, s.result, s as *const Stmt as usize);
            return Ok(());
        }
        let uniform = !matches!(s.inst, Inst::Atomic { .. })
            && defs(s).iter().all(|d| self.rep[*d as usize] == Rep::U)
            && uses(s).iter().all(|u| self.rep[*u as usize] == Rep::U);
        if uniform {
            self.lane_ctx = None;
            return self.stmt(s);
        }
        if let (Inst::Bin(..), Some(r)) = (&s.inst, s.result) {
            if self.rep[r as usize] == Rep::U {
                // The same in every lane (`analysis::pack_uniform`): lane 0's.
                self.lane_ctx = Some(0);
                self.stmt(s)?;
                self.lane_ctx = None;
                for (v, _, x) in std::mem::take(&mut self.lane_out) {
                    self.define_v(v, VVal::U(x));
                }
                return Ok(());
            }
        }
        if let (Inst::Copy(a), Some(r)) = (&s.inst, s.result) {
            if let Some(&x0) = self.iota.get(a) {
                self.iota.insert(r, x0);
            }
        }
        if self.native(s)? {
            return Ok(());
        }
        if let Some(r) = s.result {
            let k = self.stride[r as usize].filter(|k| *k != 0);
            if let (Rep::X, Scalar::I32, Some(k)) = (self.rep[r as usize], self.ty(r), k) {
                // Lane `i` is lane 0's plus `k * i` (`stride`: a pure statement): lane 0,
                // then one SIMD add.
                self.lane_ctx = Some(0);
                self.stmt(s)?;
                self.lane_ctx = None;
                let outs = std::mem::take(&mut self.lane_out);
                if let Some(&(_, _, x0)) = outs.iter().find(|o| o.0 == r && o.1 == 0) {
                    let steps: Vec<u8> = (0..W as i64)
                        .flat_map(|i| (k.wrapping_mul(i) as i32).to_le_bytes())
                        .collect();
                    let steps = self.b.func.dfg.constants.insert(steps.into());
                    let steps = self.b.ins().vconst(types::I32X4, steps);
                    let first = self.b.ins().splat(types::I32X4, x0);
                    let x = self.b.ins().iadd(first, steps);
                    self.define_v(r, VVal::X(x));
                    return Ok(());
                }
                return Err(format!("internal: %{r} not defined for lane 0"));
            }
        }
        if let (
            Inst::Builtin(which @ (BuiltinValue::LocalId | BuiltinValue::GlobalId), 0),
            Some(r),
        ) = (&s.inst, s.result)
        {
            // The pack's work-items are consecutive in dimension 0: one load, then + i.
            self.lane_ctx = None;
            let x0 = self.builtin(*which, 0);
            self.iota.insert(r, x0);
            let l: Vec<Value> = (0..W)
                .map(|i| {
                    if i == 0 {
                        x0
                    } else {
                        self.b.ins().iadd_imm_s(x0, i as i64)
                    }
                })
                .collect();
            self.define_v(r, VVal::L([l[0], l[1], l[2], l[3]]));
            return Ok(());
        }
        for i in 0..W {
            self.lane_ctx = Some(i);
            self.stmt(s)?;
        }
        self.lane_ctx = None;
        self.commit_lanes();
        Ok(())
    }

    /// SIMD forms of the hot statements; false if `s` has none.
    fn native(&mut self, s: &Stmt) -> Result<bool, String> {
        if let Inst::Load { ptr, offset, space } = s.inst {
            return self.vector_access(s, ptr, offset, None, space);
        }
        if let Inst::Store {
            ptr,
            offset,
            value,
            space,
        } = s.inst
        {
            return self.vector_access(s, ptr, offset, Some(value), space);
        }
        let Some(r) = s.result else { return Ok(false) };
        let rt = self.ty(r);
        if self.rep[r as usize] != Rep::X {
            return Ok(false);
        }
        if let Inst::Conv(Conv::Int { .. }, a) = s.inst {
            if let (Some(&x0), Scalar::I32, Scalar::I64) = (self.iota.get(&a), rt, self.ty(a)) {
                // Lane i: trunc(x0 + i) = trunc(x0) + i (mod 2^32).
                let x0 = self.b.ins().ireduce(types::I32, x0);
                let x0 = self.b.ins().splat(types::I32X4, x0);
                let steps = self.iota_vector();
                let x = self.b.ins().iadd(x0, steps);
                self.define_v(r, VVal::X(x));
                return Ok(true);
            }
        }
        if let Inst::Bin(op @ (Bin::Eq | Bin::Ne), a, b) = s.inst {
            if let Some(eq) = self.iota_equal(a, b).or_else(|| self.iota_equal(b, a)) {
                let x = if op == Bin::Eq {
                    eq
                } else {
                    self.b.ins().bnot(eq)
                };
                self.define_v(r, VVal::X(x));
                return Ok(true);
            }
        }
        let x = match s.inst {
            Inst::Copy(a) if vec_type(self.ty(a)) == vec_type(rt) => self.vector_of(a),
            Inst::Bin(op, a, b) => {
                let (ta, tb) = (self.ty(a), self.ty(b));
                let int = ta == Scalar::I32 && tb == Scalar::I32
                    || ta == Scalar::Bool && tb == Scalar::Bool;
                let flt = ta == Scalar::F32 && tb == Scalar::F32;
                let ok = match op {
                    Bin::FAdd | Bin::FSub | Bin::FMul | Bin::FDiv => flt,
                    Bin::IAdd | Bin::ISub | Bin::IMul => int && ta == Scalar::I32,
                    Bin::And | Bin::Or | Bin::Xor => int,
                    Bin::Eq
                    | Bin::Ne
                    | Bin::SLt
                    | Bin::SLe
                    | Bin::SGt
                    | Bin::SGe
                    | Bin::ULt
                    | Bin::ULe
                    | Bin::UGt
                    | Bin::UGe => int && ta == Scalar::I32,
                    Bin::FEq(true)
                    | Bin::FLt(true)
                    | Bin::FLe(true)
                    | Bin::FGt(true)
                    | Bin::FGe(true) => flt,
                    _ => false,
                };
                if !ok {
                    return Ok(false);
                }
                let (x, y) = (self.vector_of(a), self.vector_of(b));
                let i = self.b.ins();
                match op {
                    Bin::FAdd => i.fadd(x, y),
                    Bin::FSub => i.fsub(x, y),
                    Bin::FMul => i.fmul(x, y),
                    Bin::FDiv => i.fdiv(x, y),
                    Bin::IAdd => i.iadd(x, y),
                    Bin::ISub => i.isub(x, y),
                    Bin::IMul => i.imul(x, y),
                    Bin::And => i.band(x, y),
                    Bin::Or => i.bor(x, y),
                    Bin::Xor => i.bxor(x, y),
                    Bin::Eq => i.icmp(IntCC::Equal, x, y),
                    Bin::Ne => i.icmp(IntCC::NotEqual, x, y),
                    Bin::SLt => i.icmp(IntCC::SignedLessThan, x, y),
                    Bin::SLe => i.icmp(IntCC::SignedLessThanOrEqual, x, y),
                    Bin::SGt => i.icmp(IntCC::SignedGreaterThan, x, y),
                    Bin::SGe => i.icmp(IntCC::SignedGreaterThanOrEqual, x, y),
                    Bin::ULt => i.icmp(IntCC::UnsignedLessThan, x, y),
                    Bin::ULe => i.icmp(IntCC::UnsignedLessThanOrEqual, x, y),
                    Bin::UGt => i.icmp(IntCC::UnsignedGreaterThan, x, y),
                    Bin::UGe => i.icmp(IntCC::UnsignedGreaterThanOrEqual, x, y),
                    Bin::FEq(_) => i.fcmp(FloatCC::Equal, x, y),
                    Bin::FLt(_) => i.fcmp(FloatCC::LessThan, x, y),
                    Bin::FLe(_) => i.fcmp(FloatCC::LessThanOrEqual, x, y),
                    Bin::FGt(_) => i.fcmp(FloatCC::GreaterThan, x, y),
                    _ => i.fcmp(FloatCC::GreaterThanOrEqual, x, y),
                }
            }
            Inst::Fma(a, b, c) if rt == Scalar::F32 => {
                let (x, y, z) = (self.vector_of(a), self.vector_of(b), self.vector_of(c));
                self.b.ins().fma(x, y, z)
            }
            Inst::Select(c, a, b) if vec_type(self.ty(a)).is_some() => {
                let (x, y) = (self.vector_of(a), self.vector_of(b));
                if self.rep[c as usize] == Rep::U {
                    let c = self.get(c);
                    self.b.ins().select(c, x, y)
                } else {
                    let m = self.vector_of(c);
                    let vt = vec_type(rt).expect("32-bit");
                    let m = if vt == types::I32X4 {
                        m
                    } else {
                        self.b.ins().bitcast(vt, MemFlagsData::new(), m)
                    };
                    self.b.ins().bitselect(m, x, y)
                }
            }
            Inst::Int3(num, Scalar::I32, a) if rt == Scalar::I32 => {
                let ops = [S_CLAMP, U_CLAMP, S_MAX, U_MAX, S_MIN, U_MIN];
                if !ops.contains(&num) {
                    return Ok(false);
                }
                let (x, y) = (self.vector_of(a[0]), self.vector_of(a[1]));
                let i = self.b.ins();
                match num {
                    S_MAX => i.smax(x, y),
                    U_MAX => i.umax(x, y),
                    S_MIN => i.smin(x, y),
                    U_MIN => i.umin(x, y),
                    S_CLAMP => {
                        let m = i.smax(x, y);
                        let z = self.vector_of(a[2]);
                        self.b.ins().smin(m, z)
                    }
                    _ => {
                        let m = i.umax(x, y);
                        let z = self.vector_of(a[2]);
                        self.b.ins().umin(m, z)
                    }
                }
            }
            Inst::Conv(
                Conv::IToF {
                    signed: true,
                    mode: None,
                },
                a,
            ) if self.ty(a) == Scalar::I32 && rt == Scalar::F32 => {
                let x = self.vector_of(a);
                self.b.ins().fcvt_from_sint(types::F32X4, x)
            }
            _ => return Ok(false),
        };
        self.define_v(r, VVal::X(x));
        Ok(true)
    }

    /// A load (`value` None) or store of a 32-bit value through four pointers: one vector
    /// access and one check when the addresses are consecutive, else lane by lane.
    fn vector_access(
        &mut self,
        s: &Stmt,
        ptr: Val,
        offset: i64,
        value: Option<Val>,
        space: Space,
    ) -> Result<bool, String> {
        let elem = match (value, s.result) {
            (Some(v), _) => self.ty(v),
            (None, Some(r)) => self.ty(r),
            _ => return Ok(false),
        };
        let Some(vt) = vec_type(elem).filter(|_| elem != Scalar::Bool) else {
            return Ok(false);
        };
        if self.rep[ptr as usize] == Rep::U || space == Space::Private {
            return Ok(false);
        }
        if self.layout.local_inside(ptr, offset, 4) {
            self.local_access(s, ptr, offset, value, vt);
            return Ok(true);
        }
        let first = self.lane_of(ptr, 0);
        let first = self.b.ins().iadd_imm_s(first, offset);
        if self.group_fast != super::group_pass::Fast::Off
            && self.group_state.contains_key(&(s as *const Stmt as usize))
        {
            // A grouped pass: the access's group check passed, its lanes consecutive.
            self.consecutive_access(s, offset, value);
            return Ok(true);
        }
        if self.rows_allowed && self.hoisted.contains_key(&(s as *const Stmt as usize)) {
            // An unrolled pass: a row check covered every pack of it.
            match value {
                Some(v) => {
                    let x = self.vector_of(v);
                    self.b.ins().store(mem_flags(), x, first, 0);
                }
                None => {
                    let x = self.b.ins().load(vt, mem_flags(), first, 0);
                    self.define_v(s.result.expect("a load's result"), VVal::X(x));
                }
            }
            return Ok(true);
        }
        let (probe, fast, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        let cache = self.layout.site_of(s);
        if let Some(&state) = self.group_state.get(&(s as *const Stmt as usize)) {
            self.grouped_access(s, (ptr, offset), value, state, cache, join);
        } else if let Some(&until) = self.hoisted.get(&(s as *const Stmt as usize)) {
            // A `Scaled` address: the row's are consecutive if its index does not wrap.
            let index = self.scaled.get(&ptr).copied().map(|sc| {
                let x = self.vector_of(sc.index);
                (self.b.ins().extractlane(x, 0), sc.signed)
            });
            let per_pack = self.b.create_block();
            self.row_check(cache, first, until, index, fast, per_pack);
            self.b.switch_to_block(per_pack);
        }
        if self.stride[ptr as usize] == Some(4) && self.ty(ptr) == Scalar::I64 {
            // Consecutive by construction (`stride`): only the lane-0 address is needed.
            self.b.ins().jump(probe, &[]);
        } else if let Some(sc) = self.scaled.get(&ptr).copied() {
            let c = self.consecutive_index(sc);
            self.b.ins().brif(c, probe, &[], slow, &[]);
        } else {
            let mut consecutive = None;
            for i in 1..W {
                let p = self.lane_of(ptr, i);
                let a = self.b.ins().iadd_imm_s(p, offset);
                let want = self.b.ins().iadd_imm_s(first, 4 * i as i64);
                let eq = self.b.ins().icmp(IntCC::Equal, a, want);
                consecutive = Some(match consecutive {
                    Some(c) => self.b.ins().band(c, eq),
                    None => eq,
                });
            }
            let c = consecutive.expect("four lanes");
            self.b.ins().brif(c, probe, &[], slow, &[]);
        }
        self.b.switch_to_block(probe);
        // One check for the four elements; if it fails, the lanes are checked (and a fault
        // reported) one by one, exactly as work-item by work-item.
        self.probe(cache, first, 16, fast, slow);
        self.b.switch_to_block(fast);
        match value {
            Some(v) => {
                let x = self.vector_of(v);
                self.b.ins().store(mem_flags(), x, first, 0);
                self.b.ins().jump(join, &[]);
            }
            None => {
                let x = self.b.ins().load(vt, mem_flags(), first, 0);
                self.b.ins().jump(join, &[BlockArg::Value(x)]);
            }
        }
        // Lane by lane: rare (a pack at an edge, a range the cache does not hold yet).
        self.b.set_cold_block(slow);
        self.b.switch_to_block(slow);
        for i in 0..W {
            self.lane_ctx = Some(i);
            self.stmt(s)?;
        }
        self.lane_ctx = None;
        let outs = std::mem::take(&mut self.lane_out);
        match value {
            Some(_) => {
                self.b.ins().jump(join, &[]);
            }
            None => {
                let lanes: Vec<Value> = outs.iter().map(|o| o.2).collect();
                let x = self.build(elem, &lanes);
                self.b.ins().jump(join, &[BlockArg::Value(x)]);
            }
        }
        self.b.switch_to_block(join);
        if let (None, Some(r)) = (value, s.result) {
            let x = self.b.append_block_param(join, vt);
            self.define_v(r, VVal::X(x));
        }
        Ok(true)
    }

    /// The SIMD constant `0, 1, 2, 3` (32-bit lanes).
    pub(super) fn iota_vector(&mut self) -> Value {
        let bytes: Vec<u8> = (0..W as u32).flat_map(|i| i.to_le_bytes()).collect();
        let c = self.b.func.dfg.constants.insert(bytes.into());
        self.b.ins().vconst(types::I32X4, c)
    }

    /// The unchecked access `s` through `ptr + offset` (storing `value` or loading), lane by
    /// lane; a load's lanes as one SIMD value.
    pub(super) fn unchecked_lanes(
        &mut self,
        s: &Stmt,
        ptr: Val,
        offset: i64,
        value: Option<Val>,
    ) -> Option<Value> {
        let mut loaded = Vec::new();
        for i in 0..W {
            let p = self.lane_of(ptr, i);
            let a = self.b.ins().iadd_imm_s(p, offset);
            match (value, s.result) {
                (Some(v), _) => {
                    let x = self.lane_of(v, i);
                    self.b.ins().store(mem_flags(), x, a, 0);
                }
                (None, Some(r)) => {
                    let t = super::scalar_ops::cl_type(self.ty(r));
                    loaded.push(self.b.ins().load(t, mem_flags(), a, 0));
                }
                _ => {}
            }
        }
        match (value, s.result) {
            (None, Some(r)) => Some(self.build(self.ty(r), &loaded)),
            _ => None,
        }
    }

    /// `a == b` as a lane mask when `a` is a dimension-0 id (lane `i` is `x0 + i`, `iota`)
    /// and `b` the same in the pack (`64`-bit both): lane `i` is equal exactly when
    /// `d = b - x0` (wrapping) is `i`, so one comparison of `d` with `0, 1, 2, 3` (and
    /// `d < 4`) gives the four (the `get_local_id(0) == 0` of reductions).
    fn iota_equal(&mut self, a: Val, b: Val) -> Option<Value> {
        let &x0 = self.iota.get(&a)?;
        if self.rep[b as usize] != Rep::U || (self.ty(a), self.ty(b)) != (Scalar::I64, Scalar::I64)
        {
            return None;
        }
        let c = self.lane_of(b, 0);
        let d = self.b.ins().isub(c, x0);
        let inside = self
            .b
            .ins()
            .icmp_imm_u(IntCC::UnsignedLessThan, d, W as i64);
        let d = self.b.ins().ireduce(types::I32, d);
        let d = self.b.ins().splat(types::I32X4, d);
        let iota = self.iota_vector();
        let eq = self.b.ins().icmp(IntCC::Equal, iota, d);
        let m = self.mask_of(inside);
        let m = self.b.ins().splat(types::I32X4, m);
        Some(self.b.ins().band(eq, m))
    }

    /// A 32-bit access known inside the static local part for every work-item
    /// ([`FrameLayout::local_inside`](super::FrameLayout::local_inside)): no check, one
    /// vector access when the lanes are consecutive by construction (`stride`), else the
    /// lanes one by one.
    fn local_access(&mut self, s: &Stmt, ptr: Val, offset: i64, value: Option<Val>, vt: Type) {
        if self.stride[ptr as usize] == Some(4) && self.ty(ptr) == Scalar::I64 {
            let first = self.lane_of(ptr, 0);
            match (value, s.result) {
                (Some(v), _) => {
                    let x = self.vector_of(v);
                    let a = self.b.ins().iadd_imm_s(first, offset);
                    self.b.ins().store(mem_flags(), x, a, 0);
                }
                (None, Some(r)) => {
                    let a = self.b.ins().iadd_imm_s(first, offset);
                    let flags = self.load_flags(true);
                    let x = self.b.ins().load(vt, flags, a, 0);
                    self.define_v(r, VVal::X(x));
                }
                _ => {}
            }
            return;
        }
        if let (Some(x), Some(r)) = (self.unchecked_lanes(s, ptr, offset, value), s.result) {
            self.define_v(r, VVal::X(x));
        }
    }

    /// Goes to `yes` if `[addr, addr + len)` lies in one shared range (inline cache `cache`,
    /// else asking the runtime without recording a fault), else to `no`.
    pub(super) fn probe(&mut self, cache: usize, addr: Value, len: u64, yes: Block, no: Block) {
        self.static_local_first(cache, addr, len, yes);
        if let Some(&Some((lo, limit))) = self.cache_vars.get(cache).filter(|_| len == 16) {
            // The cache's range in registers: `addr - lo < limit` (unsigned) holds exactly
            // when `[addr, addr + 16)` lies in `[lo, hi)` (`limit` 0 when it cannot).
            let lo = self.b.use_var(lo);
            let limit = self.b.use_var(limit);
            let d = self.b.ins().isub(addr, lo);
            let inside = self.b.ins().icmp(IntCC::UnsignedLessThan, d, limit);
            let other = self.b.create_block();
            self.b.ins().brif(inside, yes, &[], other, &[]);
            self.b.switch_to_block(other);
        }
        let n = self.b.ins().iconst(types::I64, len as i64);
        self.probe_len(cache, addr, n, yes, no)
    }

    /// Loads inline cache `cache`'s range into its variables (`Gen::cache_vars`): `lo` and
    /// the `limit` of a 16-byte access's offset from it.
    pub(super) fn load_cache_vars(&mut self, cache: usize) {
        let Some(&Some((lo_var, limit_var))) = self.cache_vars.get(cache) else {
            return;
        };
        let caches = self.ctx_field(types::I64, field::CACHES);
        let at = (cache * 16) as i32;
        let lo = self.b.ins().load(types::I64, ctx_flags(), caches, at);
        let hi = self.b.ins().load(types::I64, ctx_flags(), caches, at + 8);
        let span = self.b.ins().isub(hi, lo);
        let room = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, span, 16);
        let limit = self.b.ins().iadd_imm_s(span, -15);
        let zero = self.b.ins().iconst(types::I64, 0);
        let limit = self.b.ins().select(room, limit, zero);
        self.b.def_var(lo_var, lo);
        self.b.def_var(limit_var, limit);
    }

    /// [`probe`](Self::probe) of a length computed at run time.
    pub(super) fn probe_len(
        &mut self,
        cache: usize,
        addr: Value,
        len: Value,
        yes: Block,
        no: Block,
    ) {
        let caches = self.ctx_field(types::I64, field::CACHES);
        let at = (cache * 16) as i32;
        let lo = self.b.ins().load(types::I64, ctx_flags(), caches, at);
        let hi = self.b.ins().load(types::I64, ctx_flags(), caches, at + 8);
        let end = self.b.ins().iadd(addr, len);
        let a = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, addr, lo);
        let c = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, hi);
        let inside = self.b.ins().band(a, c);
        let ask = self.b.create_block();
        self.b.ins().brif(inside, yes, &[], ask, &[]);
        self.b.set_cold_block(ask);
        self.b.switch_to_block(ask);
        let ctx = self.b.use_var(self.ctx);
        let lane = self.b.ins().iconst(types::I64, runtime::PROBE as i64);
        let c = self.b.ins().iconst(types::I64, cache as i64);
        self.b
            .ins()
            .call(self.check_slow, &[ctx, addr, len, lane, c]);
        self.load_cache_vars(cache);
        let status = self.ctx_field(types::I64, field::STATUS);
        let cached = self.b.ins().icmp_imm_s(IntCC::Equal, status, 0);
        self.b.ins().brif(cached, yes, &[], no, &[]);
    }

    /// The parallel copy of an edge's arguments into its target's parameters, each in the
    /// parameter's representation.
    pub(super) fn vedge_copies(&mut self, e: &super::ssa::Edge) {
        self.vedge_copies_where(e, |_| true);
    }

    /// [`Self::vedge_copies`] for the target's parameters `keep` accepts.
    pub(super) fn vedge_copies_where(&mut self, e: &super::ssa::Edge, keep: impl Fn(Val) -> bool) {
        let params: Vec<Val> = self.f.blocks[e.target as usize].params.clone();
        let (args, params): (Vec<Val>, Vec<Val>) = e
            .args
            .iter()
            .zip(&params)
            .filter(|(_, p)| keep(**p))
            .map(|(a, p)| (*a, *p))
            .unzip();
        let values: Vec<VVal> = args
            .iter()
            .zip(&params)
            .map(
                |(&a, &p)| match (self.rep[p as usize], self.rep[a as usize]) {
                    (Rep::U, _) => VVal::U(self.lane_of(a, 0)),
                    (Rep::X, _) => VVal::X(self.vector_of(a)),
                    (Rep::L, _) => {
                        let l: Vec<Value> = (0..W).map(|i| self.lane_of(a, i)).collect();
                        VVal::L([l[0], l[1], l[2], l[3]])
                    }
                },
            )
            .collect();
        for (p, x) in params.into_iter().zip(values) {
            self.define_v(p, x);
        }
    }

    /// Whether every lane of varying boolean `c` is set (`all`) or any is.
    pub(super) fn lanes_test(&mut self, c: Val, all: bool) -> Value {
        if self.rep[c as usize] == Rep::X {
            let x = self.vector_of(c);
            return if all {
                self.b.ins().vall_true(x)
            } else {
                self.b.ins().vany_true(x)
            };
        }
        let lanes: Vec<Value> = (0..W).map(|i| self.lane_of(c, i)).collect();
        self.join_tests(&lanes, all)
    }

    /// Tests (booleans) joined: whether all are set (`all`) or any is.
    pub(super) fn join_tests(&mut self, tests: &[Value], all: bool) -> Value {
        let mut acc = tests[0];
        for &t in &tests[1..] {
            acc = if all {
                self.b.ins().band(acc, t)
            } else {
                self.b.ins().bor(acc, t)
            };
        }
        acc
    }

    /// A branch on a condition that may differ in the pack: all lanes one way or the other
    /// go on, a split pack goes to `bail`.
    pub(super) fn vbranch(&mut self, cond: Val, then: Block, other: Block, bail: Block) {
        let all = self.lanes_test(cond, true);
        let not_all = self.b.create_block();
        self.b.ins().brif(all, then, &[], not_all, &[]);
        self.b.switch_to_block(not_all);
        let any = self.lanes_test(cond, false);
        self.b.ins().brif(any, bail, &[], other, &[]);
    }
}
