//! Branches that split a pack without sending it to the per-work-item function: an `if` whose
//! arms are each one block (or nothing) meeting at one join block (`x = c ? load : 0`,
//! `if (lid < s) scratch[lid] += ...`, `if (lid == 0) out[g] = ...`). When the condition
//! differs inside the pack, each work-item of the pack runs its arm in turn (the arm's
//! statements with the per-work-item code, checks included) and the join block's parameters
//! get each work-item's values; work-items of a group have no order between barriers, so
//! running the arms work-item after work-item is one of the orders the kernel allows. Such a
//! branch may therefore come after a store in a region that runs by packs.

use super::scalar_gen::{Gen, Slot};
use super::ssa::{BlockId, Edge, Func, Term, Val};
use super::vector_gen::{Rep, W};
use crate::value::Scalar;
use cranelift_codegen::ir::{types, InstBuilder, Value};

/// The join block of branch `then`/`other` when it is an `if` whose arms are one block each
/// (ending in a jump to the join, holding neither barrier nor return) or the join itself.
pub fn diamond(f: &Func, then: &Edge, other: &Edge) -> Option<BlockId> {
    // Where an arm goes: its block's jump target if the block is a simple arm.
    let through = |e: &Edge| match &f.blocks[e.target as usize].term {
        Term::Jump(j) if j.target != e.target => Some(j.target),
        _ => None,
    };
    if then.target == other.target {
        return None;
    }
    match (through(then), through(other)) {
        (Some(a), Some(b)) if a == b && a != then.target && a != other.target => Some(a),
        (Some(a), _) if a == other.target => Some(a),
        (_, Some(b)) if b == then.target => Some(b),
        _ => None,
    }
}

impl Gen<'_, '_> {
    /// Defines lane `i` of value `v` as `x` (a lane scalar), leaving its other lanes as they
    /// are.
    pub(super) fn define_lane(&mut self, v: Val, i: usize, x: Value) {
        match (self.rep[v as usize], self.vars[v as usize]) {
            (Rep::X, Slot::One(var)) => {
                let x = if self.ty(v) == Scalar::Bool {
                    self.mask_of(x)
                } else {
                    x
                };
                let cur = self.b.use_var(var);
                let new = self.b.ins().insertlane(cur, x, i as u8);
                self.b.def_var(var, new);
            }
            (_, Slot::One(var)) => self.b.def_var(var, x),
            (_, Slot::Lanes(vars)) => self.b.def_var(vars[i], x),
        }
    }

    /// The pack's work-items disagree on `cond`: each runs the arm it takes, one after the
    /// other, then the pack goes on at `join` (see the module documentation).
    pub(super) fn split_diamond(
        &mut self,
        cond: Val,
        then: &Edge,
        other: &Edge,
        join: BlockId,
    ) -> Result<(), String> {
        // An arm's block may be the loop head of its cycle: look at the flag as it would.
        for e in [then, other] {
            if e.target != join {
                self.cancel_point(e.target as usize);
            }
        }
        // SIMD values the lanes define one at a time start from zeros here, so that their
        // other lanes are not carried from the function's start (live through every loop).
        let mut defined: Vec<Val> = self.f.blocks[join as usize].params.clone();
        for e in [then, other] {
            if e.target != join {
                let block = &self.f.blocks[e.target as usize];
                defined.extend(&block.params);
                defined.extend(block.stmts.iter().flat_map(super::analysis::defs));
            }
        }
        for v in defined {
            if let (Rep::X, Slot::One(var)) = (self.rep[v as usize], self.vars[v as usize]) {
                let zero = match self.ty(v) {
                    Scalar::F32 => self.b.ins().f32const(0.0),
                    _ => self.b.ins().iconst(types::I32, 0),
                };
                let vt = super::vector_gen::vec_type(self.ty(v)).expect("a SIMD value");
                let z = self.b.ins().splat(vt, zero);
                self.b.def_var(var, z);
            }
        }
        for i in 0..W {
            let c = self.lane_of(cond, i);
            let (take, skip, next) = (
                self.b.create_block(),
                self.b.create_block(),
                self.b.create_block(),
            );
            self.b.ins().brif(c, take, &[], skip, &[]);
            for (e, block) in [(then, take), (other, skip)] {
                self.b.switch_to_block(block);
                self.lane_arm(e, i, join)?;
                self.b.ins().jump(next, &[]);
            }
            self.b.switch_to_block(next);
        }
        let target = self.blocks[join as usize];
        self.b.ins().jump(target, &[]);
        Ok(())
    }

    /// Lane `i` takes edge `e`: the arm's block (if `e` does not go to `join` directly), then
    /// the join's parameters.
    fn lane_arm(&mut self, e: &Edge, i: usize, join: BlockId) -> Result<(), String> {
        let mut args = e.args.clone();
        let mut to = e.target;
        if to != join {
            let block = &self.f.blocks[to as usize];
            self.lane_params(&block.params, &args, i);
            for s in &block.stmts {
                self.lane_ctx = Some(i);
                self.stmt(s)?;
                self.lane_ctx = None;
                for (v, l, x) in std::mem::take(&mut self.lane_out) {
                    self.define_lane(v, l, x);
                }
            }
            match &block.term {
                Term::Jump(j) => {
                    args = j.args.clone();
                    to = j.target;
                }
                _ => return Err("internal: an arm without a jump".into()),
            }
        }
        debug_assert_eq!(to, join);
        let params = self.f.blocks[join as usize].params.clone();
        self.lane_params(&params, &args, i);
        Ok(())
    }

    /// Lane `i` of `params` from the same lane of `args` (all read before any is written).
    fn lane_params(&mut self, params: &[Val], args: &[Val], i: usize) {
        let values: Vec<Value> = args.iter().map(|&a| self.lane_of(a, i)).collect();
        for (&p, x) in params.iter().zip(values) {
            self.define_lane(p, i, x);
        }
    }
}
