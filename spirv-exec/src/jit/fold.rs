//! A reduction's or scan's step ([`Inst::Fold`](super::ssa::Inst::Fold), made by
//! `lower_groups`): per work-item, a load, a combination and a store of the scope's
//! accumulator; for a pack, the pack's four values combined first (a tree for a reduction,
//! prefixes for a scan), then one load, combination and store. A pack's work-items are four
//! consecutive local linear ids from a multiple of four (packs run only where the group's
//! first dimension is a multiple of four, `run.rs`), and scopes start and end on such
//! multiples (a work-group; sub-groups of a multiple of four, checked here), so a pack lies
//! in one scope, its lane 0 is the only one that may start it and its lane 3 the only one
//! that may end it.

use super::scalar_gen::{mem_flags, Gen};
use super::scalar_ops::{self as ops, cl_type};
use super::ssa::{group_identity, Bin, FoldStep, GroupArith, GroupKind, GroupStep, Scope, Un, Val};
use super::vector_gen::{VVal, W};
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::FunctionBuilder;

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
    pub(super) fn vfold(&mut self, st: &FoldStep, r: Option<Val>) {
        let whole = st.scope == Scope::Workgroup || self.f.subgroup_size as usize % W == 0;
        if !whole {
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
        let x: Vec<Value> = (0..W).map(|i| self.lane_of(st.value, i)).collect();
        let acc = self.lane_of(st.acc, 0);
        let (item, first) = (self.lane_of(st.item, 0), self.lane_of(st.first, 0));
        let first = self.is(item, first);
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
