//! A reduction's or scan's step ([`Inst::Fold`](super::ssa::Inst::Fold), made by
//! `lower_groups`): per work-item, a load, a combination and a store of the scope's
//! accumulator; for a pack, the pack's four values combined first (a tree for a reduction,
//! prefixes for a scan: of `int`s, in a SIMD register by two shifted steps), then one load,
//! combination and store. A pack's work-items are four
//! consecutive local linear ids from a multiple of four (packs run only where the group's
//! first dimension is a multiple of four, `run.rs`), and scopes start and end on such
//! multiples (a work-group; sub-groups of a multiple of four, checked here), so a pack lies
//! in one scope, its lane 0 is the only one that may start it and its lane 3 the only one
//! that may end it.
//!
//! A reduction by `+`, `*`, `&`, `|` or `^` of `int`s or `float`s whose scope packs fill
//! (the order of a work-group's or sub-group's reduction is the implementation's) keeps
//! the pack function's part in a SIMD register instead ([`FoldReg`]): each pack combines its
//! four values into the register lane by lane, with no memory access and no dependence on
//! the last pack's but through that one operation. The register is combined into the
//! accumulator in memory ("flushed") where the scope ends (its total stored then), before a
//! pack runs work-item by work-item, and before the function returns, so the accumulator
//! in memory plus the register is always the scope's part so far.

use super::scalar_gen::{mem_flags, FoldReg, Gen};
use super::scalar_ops::{self as ops, cl_type};
use super::ssa::{group_identity, Bin, FoldStep, GroupArith, GroupKind, GroupStep, Scope, Un, Val};
use super::vector_gen::{VVal, W};
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Endianness, InstBuilder, MemFlagsData, Value};
use cranelift_frontend::{FunctionBuilder, Variable};

/// Whether the scope of step `st` is filled by whole packs (a work-group, or sub-groups of
/// `subgroup_size` a multiple of four), so a pack lies in one scope.
fn packs_fill(st: &FoldStep, subgroup_size: u32) -> bool {
    st.scope == Scope::Workgroup || subgroup_size as usize % W == 0
}

/// The SIMD operation of reduction `st` of values of type `s`, if its pack function keeps
/// its part in a register: associative and commutative, 32-bit lanes.
fn register_op(st: &FoldStep, s: Scalar, subgroup_size: u32) -> Option<Bin> {
    if st.kind != GroupKind::Reduce || !packs_fill(st, subgroup_size) {
        return None;
    }
    let GroupStep::Apply(bin) = st.op.step() else {
        return None;
    };
    match (s, bin) {
        (Scalar::F32, Bin::FAdd | Bin::FMul) => Some(bin),
        (Scalar::I32, Bin::IAdd | Bin::IMul | Bin::And | Bin::Or | Bin::Xor) => Some(bin),
        _ => None,
    }
}

/// The SIMD operation of a scan by `op` of values of type `s` whose pack computes its
/// prefixes in a register: `int`s (exact, so any order of the steps gives the same lanes).
fn simd_scan_op(op: GroupArith, s: Scalar) -> Option<Bin> {
    match (s, op.step()) {
        (
            Scalar::I32,
            GroupStep::Apply(bin @ (Bin::IAdd | Bin::IMul | Bin::And | Bin::Or | Bin::Xor)),
        ) => Some(bin),
        _ => None,
    }
}

/// `acc op v` of values of type `s` (the operation `lower_groups` combines slots with).
fn combine(b: &mut FunctionBuilder, op: GroupArith, s: Scalar, acc: Value, v: Value) -> Value {
    match op.step() {
        GroupStep::Apply(bin) => ops::bin(b, bin, s, s, acc, v),
        GroupStep::Keep { cmp, nan } => {
            let mut take = ops::bin(b, cmp, s, s, v, acc);
            if nan {
                let acc_nan = ops::un(b, Un::IsNan, s, acc);
                take = ops::bin(b, Bin::Or, Scalar::Bool, Scalar::Bool, take, acc_nan);
            }
            b.ins().select(take, v, acc)
        }
    }
}

impl Gen<'_, '_> {
    /// In the entry block of the pack function of the region starting at block `first`: a
    /// register per reduction of the region that keeps one ([`register_op`]), at the
    /// identity, nothing pending.
    pub(super) fn declare_fold_regs(&mut self, first: u32) {
        for s in super::analysis::region_stmts(self.f, first) {
            let super::ssa::Inst::Fold(st) = &s.inst else {
                continue;
            };
            let ty = self.ty(st.value);
            let Some(op) = register_op(st, ty, self.f.subgroup_size) else {
                continue;
            };
            let vt = super::vector_gen::vec_type(ty).expect("a 32-bit value");
            let (part, addr, pending) = (
                self.b.declare_var(vt),
                self.b.declare_var(types::I64),
                self.b.declare_var(types::I8),
            );
            let more = std::array::from_fn(|_| self.b.declare_var(vt));
            let reg = FoldReg {
                part,
                more,
                addr,
                pending,
                s: ty,
                vt,
                op,
                identity: group_identity(st.op, ty),
            };
            let id = self.identity_vector(&reg);
            self.set_parts(&reg, id);
            let zero = self.b.ins().iconst(types::I64, 0);
            self.b.def_var(addr, zero);
            let no = self.b.ins().iconst(types::I8, 0);
            self.b.def_var(pending, no);
            self.fold_regs
                .insert(s as *const super::ssa::Stmt as usize, reg);
        }
    }

    /// Every part of register `reg` set to `x`.
    fn set_parts(&mut self, reg: &FoldReg, x: Value) {
        for v in std::iter::once(reg.part).chain(reg.more) {
            self.b.def_var(v, x);
        }
    }

    fn identity_vector(&mut self, reg: &FoldReg) -> Value {
        let id = self.konst(reg.s, reg.identity);
        self.b.ins().splat(reg.vt, id)
    }

    /// The register's four lanes combined (a tree) into the accumulator in memory, which is
    /// stored and returned; the register back at the identity, nothing pending.
    fn flush_reg(&mut self, reg: &FoldReg) -> Value {
        let [a, b, c] = reg.more.map(|v| self.b.use_var(v));
        let part = self.b.use_var(reg.part);
        let ab = ops::bin(&mut self.b, reg.op, reg.s, reg.s, a, b);
        let pc = ops::bin(&mut self.b, reg.op, reg.s, reg.s, part, c);
        let part = ops::bin(&mut self.b, reg.op, reg.s, reg.s, pc, ab);
        let l: Vec<Value> = (0..W as u8)
            .map(|i| self.b.ins().extractlane(part, i))
            .collect();
        let lo = ops::bin(&mut self.b, reg.op, reg.s, reg.s, l[0], l[1]);
        let hi = ops::bin(&mut self.b, reg.op, reg.s, reg.s, l[2], l[3]);
        let sum = ops::bin(&mut self.b, reg.op, reg.s, reg.s, lo, hi);
        let addr = self.b.use_var(reg.addr);
        let old = self.b.ins().load(cl_type(reg.s), mem_flags(), addr, 0);
        let new = ops::bin(&mut self.b, reg.op, reg.s, reg.s, old, sum);
        self.b.ins().store(mem_flags(), new, addr, 0);
        let id = self.identity_vector(reg);
        self.set_parts(reg, id);
        let no = self.b.ins().iconst(types::I8, 0);
        self.b.def_var(reg.pending, no);
        new
    }

    /// Flushes every register that holds values not yet in memory (before a pack runs
    /// work-item by work-item, and before the function returns).
    pub(super) fn flush_fold_regs(&mut self) {
        let mut regs: Vec<(usize, FoldReg)> =
            self.fold_regs.iter().map(|(k, r)| (*k, *r)).collect();
        regs.sort_unstable_by_key(|(k, _)| *k);
        for (_, reg) in regs {
            let pending = self.b.use_var(reg.pending);
            let (flush, next) = (self.b.create_block(), self.b.create_block());
            self.b.ins().brif(pending, flush, &[], next, &[]);
            self.b.switch_to_block(flush);
            self.flush_reg(&reg);
            self.b.ins().jump(next, &[]);
            self.b.switch_to_block(next);
        }
    }

    /// The pack's step of a reduction kept in register `reg`: a scope starting in the pack
    /// starts its accumulator in memory at the identity; the pack's values go into the
    /// register; a scope ending in the pack flushes it and stores the total.
    fn register_step(&mut self, st: &FoldStep, reg: FoldReg) {
        let acc = self.lane_of(st.acc, 0);
        if let Some(k) = self.middle_pack(st) {
            let part = match k {
                0 => reg.part,
                k => reg.more[k - 1],
            };
            self.register_add(st, reg, part, acc);
            return;
        }
        let (item, first) = (self.lane_of(st.item, 0), self.lane_of(st.first, 0));
        let first = self.is(item, first);
        let (start, go) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(first, start, &[], go, &[]);
        self.b.switch_to_block(start);
        let id = self.konst(reg.s, reg.identity);
        self.b.ins().store(mem_flags(), id, acc, 0);
        let id = self.b.ins().splat(reg.vt, id);
        self.set_parts(&reg, id);
        self.b.ins().jump(go, &[]);
        self.b.switch_to_block(go);
        self.register_add(st, reg, reg.part, acc);
        let (item, last) = (self.lane_of(st.item, W - 1), self.lane_of(st.last, W - 1));
        let last = self.is(item, last);
        let (end, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(last, end, &[], next, &[]);
        self.b.switch_to_block(end);
        let total = self.flush_reg(&reg);
        let at = self.lane_of(st.total, W - 1);
        self.b.ins().store(mem_flags(), total, at, 0);
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
    }

    /// Which pack of an unrolled pass whose packs neither start nor end the scope of step
    /// `st` is emitted, if any (only a work-group's scope is tested for).
    fn middle_pack(&self, st: &FoldStep) -> Option<usize> {
        self.middle_pack.filter(|_| st.scope == Scope::Workgroup)
    }

    /// The pack's values into `part`, one of register `reg`'s parts (of the reduction into
    /// `acc`), now pending.
    fn register_add(&mut self, st: &FoldStep, reg: FoldReg, part: Variable, acc: Value) {
        let x = self.vector_of(st.value);
        let old = self.b.use_var(part);
        let new = ops::bin(&mut self.b, reg.op, reg.s, reg.s, old, x);
        self.b.def_var(part, new);
        self.b.def_var(reg.addr, acc);
        let yes = self.b.ins().iconst(types::I8, 1);
        self.b.def_var(reg.pending, yes);
    }

    /// Whether statement `s` may be in an unrolled pass (`row_check`), and whether the pass
    /// leaves its tests out: `Some` for a reduction this pack function keeps in a register
    /// or a scan whose pack prefixes come from a SIMD register, steps that test only whether
    /// their pack starts or ends the scope; `Some(true)` for a work-group's, whose scope runs
    /// from local linear id 0 to the group's last (the pass tests that for its packs first).
    pub(super) fn unrolled_fold(&self, s: &super::ssa::Stmt) -> Option<bool> {
        let super::ssa::Inst::Fold(st) = &s.inst else {
            return None;
        };
        let scan = matches!(st.kind, GroupKind::InclusiveScan | GroupKind::ExclusiveScan)
            && packs_fill(st, self.f.subgroup_size)
            && simd_scan_op(st.op, self.ty(st.value)).is_some();
        let kept = self
            .fold_regs
            .contains_key(&(s as *const super::ssa::Stmt as usize));
        (scan || kept).then_some(st.scope == Scope::Workgroup)
    }

    /// Lanes `4 - n..4` of `lo` then lanes `0..4 - n` of `hi` (`i32x4`s): `hi` moved up `n`
    /// lanes, `lo`'s last lanes coming in below (one `palignr`).
    fn lanes_up(&mut self, lo: Value, hi: Value, n: usize) -> Value {
        let flags = MemFlagsData::new().with_endianness(Endianness::Little);
        let (lo, hi) = (
            self.b.ins().bitcast(types::I8X16, flags, lo),
            self.b.ins().bitcast(types::I8X16, flags, hi),
        );
        let from = (16 - 4 * n) as u8;
        let mask: Vec<u8> = (from..from + 16).collect();
        let mask = self.b.func.dfg.immediates.push(mask.into());
        let x = self.b.ins().shuffle(lo, hi, mask);
        self.b.ins().bitcast(types::I32X4, flags, x)
    }

    /// A scan's pack step in a register ([`simd_scan_op`]): the pack's inclusive prefixes in
    /// two steps (each lane combined with the lane one, then two, below it), then each with
    /// the accumulator; the accumulator becomes the last lane.
    fn simd_scan(&mut self, st: &FoldStep, r: Option<Val>, bin: Bin, acc: Value, first: Value) {
        let s = self.ty(st.value);
        let x = self.vector_of(st.value);
        let id = self.konst(s, group_identity(st.op, s));
        let id = self.b.ins().splat(types::I32X4, id);
        let mut y = x;
        for n in [1, 2] {
            let below = self.lanes_up(id, y, n);
            y = ops::bin(&mut self.b, bin, s, s, y, below);
        }
        let old = self.start(st, s, acc, first);
        let old = self.b.ins().splat(types::I32X4, old);
        let incl = ops::bin(&mut self.b, bin, s, s, old, y);
        let last = self.b.ins().extractlane(incl, (W - 1) as u8);
        self.b.ins().store(mem_flags(), last, acc, 0);
        let lanes = match st.kind {
            GroupKind::InclusiveScan => incl,
            _ => self.lanes_up(old, incl, 1),
        };
        if let Some(r) = r {
            self.define_v(r, VVal::X(lanes));
        }
    }

    /// Whether work-item `item` (a local linear id) is `bound` (both `I64`s).
    fn is(&mut self, item: Value, bound: Value) -> Value {
        self.b.ins().icmp(IntCC::Equal, item, bound)
    }

    /// The accumulator at `acc` before a step: the identity if `first`, else its value.
    fn start(&mut self, st: &FoldStep, s: Scalar, acc: Value, first: Value) -> Value {
        let old = self.b.ins().load(cl_type(s), mem_flags(), acc, 0);
        let id = self.konst(s, group_identity(st.op, s));
        self.b.ins().select(first, id, old)
    }

    /// Stores `x` at `addr` if `c`.
    fn store_if(&mut self, c: Value, x: Value, addr: Value) {
        let (yes, next) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(c, yes, &[], next, &[]);
        self.b.switch_to_block(yes);
        self.b.ins().store(mem_flags(), x, addr, 0);
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
    }

    /// One work-item's step (the current lane's, in a pack function's lane-by-lane code);
    /// a scan's result, if any, defined as `r`.
    pub(super) fn fold_step(&mut self, st: &FoldStep, r: Option<Val>) {
        let s = self.ty(st.value);
        let (acc, x, item) = (self.get(st.acc), self.get(st.value), self.get(st.item));
        let first = self.get(st.first);
        let first = self.is(item, first);
        let old = self.start(st, s, acc, first);
        let new = combine(&mut self.b, st.op, s, old, x);
        self.b.ins().store(mem_flags(), new, acc, 0);
        let out = match st.kind {
            GroupKind::Reduce => {
                let (last, total) = (self.get(st.last), self.get(st.total));
                let last = self.is(item, last);
                self.store_if(last, new, total);
                None
            }
            GroupKind::InclusiveScan => Some(new),
            GroupKind::ExclusiveScan => Some(old),
        };
        if let (Some(r), Some(x)) = (r, out) {
            self.set(r, x);
        }
    }

    /// The pack's step: its values combined among themselves, then with the accumulator
    /// once (see the module documentation). Lane by lane where a sub-group may start inside
    /// a pack.
    pub(super) fn vfold(&mut self, st: &FoldStep, r: Option<Val>, key: usize) {
        if let Some(&reg) = self.fold_regs.get(&key) {
            self.register_step(st, reg);
            return;
        }
        if !packs_fill(st, self.f.subgroup_size) {
            for i in 0..W {
                self.lane_ctx = Some(i);
                self.fold_step(st, r);
            }
            self.lane_ctx = None;
            self.commit_lanes();
            return;
        }
        let s = self.ty(st.value);
        let op = st.op;
        let acc = self.lane_of(st.acc, 0);
        let first = if self.middle_pack(st).is_some() {
            self.b.ins().iconst(types::I8, 0)
        } else {
            let (item, first) = (self.lane_of(st.item, 0), self.lane_of(st.first, 0));
            self.is(item, first)
        };
        if let (GroupKind::InclusiveScan | GroupKind::ExclusiveScan, Some(bin)) =
            (st.kind, simd_scan_op(op, s))
        {
            self.simd_scan(st, r, bin, acc, first);
            return;
        }
        let x: Vec<Value> = (0..W).map(|i| self.lane_of(st.value, i)).collect();
        match st.kind {
            GroupKind::Reduce => {
                // ((x0 op x1) op (x2 op x3)): two independent steps, then the accumulator.
                let lo = combine(&mut self.b, op, s, x[0], x[1]);
                let hi = combine(&mut self.b, op, s, x[2], x[3]);
                let sum = combine(&mut self.b, op, s, lo, hi);
                let old = self.start(st, s, acc, first);
                let new = combine(&mut self.b, op, s, old, sum);
                self.b.ins().store(mem_flags(), new, acc, 0);
                let (item, last) = (self.lane_of(st.item, W - 1), self.lane_of(st.last, W - 1));
                let last = self.is(item, last);
                let total = self.lane_of(st.total, W - 1);
                self.store_if(last, new, total);
            }
            GroupKind::InclusiveScan | GroupKind::ExclusiveScan => {
                // The pack's own prefixes, then each with the accumulator (one step deep).
                let mut prefix = vec![x[0]];
                for i in 1..W {
                    let p = combine(&mut self.b, op, s, prefix[i - 1], x[i]);
                    prefix.push(p);
                }
                let old = self.start(st, s, acc, first);
                let incl: Vec<Value> = prefix
                    .iter()
                    .map(|&p| combine(&mut self.b, op, s, old, p))
                    .collect();
                self.b.ins().store(mem_flags(), incl[W - 1], acc, 0);
                let lanes = match st.kind {
                    GroupKind::InclusiveScan => [incl[0], incl[1], incl[2], incl[3]],
                    _ => [old, incl[0], incl[1], incl[2]],
                };
                if let Some(r) = r {
                    self.define_v(r, VVal::L(lanes));
                }
            }
        }
    }
}
