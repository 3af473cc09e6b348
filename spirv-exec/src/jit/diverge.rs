//! Branches that split a pack without sending it to the per-work-item function: an `if` whose
//! arms are each one block (or nothing) meeting at one join block (`x = c ? load : 0`,
//! `if (lid < s) scratch[lid] += ...`, `if (lid == 0) out[g] = ...`). When the condition
//! differs inside the pack, each work-item of the pack runs its arm in turn (the arm's
//! statements with the per-work-item code, checks included) and the join block's parameters
//! get each work-item's values; work-items of a group have no order between barriers, so
//! running the arms work-item after work-item is one of the orders the kernel allows. Such a
//! branch may therefore come after a store in a region that runs by packs.
//!
//! More generally ([`split_region`]), a branch one of whose edges leads to a block every
//! path from the other comes back to, through a loop: a loop that work-items leave at
//! different iterations (dpnp's elementwise kernels, whose last pack of an array stops
//! early), a loop some work-items skip. Where the pack's work-items disagree on the branch,
//! each runs its paths alone, in turn, with the per-work-item code, up to that block, where
//! the pack goes on together.

use super::analysis::{defs, uses};
use super::scalar_gen::{Gen, Slot};
use super::ssa::{BlockId, Edge, Func, Inst, Space, Term, Val};
use super::vector_gen::{Rep, W};
use crate::value::Scalar;
use cranelift_codegen::ir::{types, Block, InstBuilder, Value};
use std::collections::HashMap;

/// Where a pack may split (see the module documentation): the paths from a branch up to the
/// block where they meet.
pub struct Split {
    /// The blocks on the paths (the branch's own block too when a path comes back to it).
    blocks: Vec<BlockId>,
    /// The block where the paths meet.
    pub exit: BlockId,
}

impl Split {
    /// The statements on its paths.
    pub fn statements(&self, f: &Func) -> usize {
        self.blocks
            .iter()
            .map(|&b| f.blocks[b as usize].stmts.len())
            .sum()
    }
}

/// Where the pack may split at the branch ending block `branch`: one of the branch's edges
/// goes to a block (the exit) that every path from the other edge reaches, through blocks
/// that end in jumps and branches only (no barrier, return or switch), among them a loop. A
/// value the pack holds once (`rep` `U`) defined on those paths must be the same every time
/// it is defined (a constant, or computed by pure operations from values defined elsewhere
/// and such values): the work-items run the paths one after the other, each redefining it.
/// And the exit has no such parameter: the work-items come with values of their own.
pub fn split_region(f: &Func, rep: &[Rep], branch: BlockId) -> Option<Split> {
    let Term::Branch { then, other, .. } = &f.blocks[branch as usize].term else {
        return None;
    };
    let n = f.blocks.len();
    for (inside, outside) in [(then, other), (other, then)] {
        let exit = outside.target;
        let mut body = vec![false; n];
        let mut work = vec![inside.target];
        while let Some(b) = work.pop() {
            if b == exit || std::mem::replace(&mut body[b as usize], true) {
                continue;
            }
            work.extend(f.succs(b));
        }
        let simple = |b: usize| matches!(f.blocks[b].term, Term::Jump(_) | Term::Branch { .. });
        let closed = (0..n).filter(|&b| body[b]).all(|b| {
            simple(b)
                && f.succs(b as BlockId)
                    .iter()
                    .all(|&s| s == exit || body[s as usize])
        });
        if !closed || inside.target == exit {
            continue;
        }
        let blocks: Vec<BlockId> = (0..n as BlockId).filter(|&b| body[b as usize]).collect();
        // Only paths through a loop: an `if` whose longer arms split (after a store) would
        // put regions on packs whose code is mostly such copies (a kernel classifying
        // generic pointers took five times longer to compile).
        let cycle = blocks.iter().any(|&b| {
            let mut seen = vec![false; n];
            let mut work = f.succs(b);
            while let Some(s) = work.pop() {
                if s == b {
                    return true;
                }
                if body[s as usize] && !std::mem::replace(&mut seen[s as usize], true) {
                    work.extend(f.succs(s));
                }
            }
            false
        });
        if !cycle {
            continue;
        }
        // Each work-item gets a copy of the paths (so few statements in all: `vectorizable`),
        // and not of unoptimized code (its variables in private memory), slow anyway, whose
        // regions would only take longer to compile.
        let stmts = || blocks.iter().flat_map(|&b| &f.blocks[b as usize].stmts);
        let private = stmts().any(|s| {
            matches!(
                s.inst,
                Inst::Load {
                    space: Space::Private,
                    ..
                } | Inst::Store {
                    space: Space::Private,
                    ..
                }
            )
        });
        if private {
            return None;
        }
        let mut on_paths = vec![false; f.types.len()];
        for &b in &blocks {
            let block = &f.blocks[b as usize];
            for v in block
                .params
                .iter()
                .copied()
                .chain(block.stmts.iter().flat_map(defs))
            {
                on_paths[v as usize] = true;
            }
        }
        let held_once = |v: Val| rep[v as usize] == Rep::U;
        // The values of the paths the same every time they are defined (passes until none
        // is added).
        let mut same = vec![false; f.types.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for s in stmts() {
                let pure = super::analysis::pure(s);
                let from_outside = |v: Val| !on_paths[v as usize] || same[v as usize];
                if let (Some(r), true) = (s.result, pure) {
                    if !same[r as usize] && uses(s).into_iter().all(from_outside) {
                        same[r as usize] = true;
                        changed = true;
                    }
                }
            }
        }
        let params = blocks.iter().flat_map(|&b| &f.blocks[b as usize].params);
        let varying_once = params
            .copied()
            .chain(stmts().flat_map(defs))
            .any(|v| held_once(v) && !same[v as usize]);
        if varying_once || f.blocks[exit as usize].params.iter().any(|&p| held_once(p)) {
            return None;
        }
        return Some(Split { blocks, exit });
    }
    None
}

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
        self.diamond_lanes(cond, then, other, join)?;
        let target = self.blocks[join as usize];
        self.b.ins().jump(target, &[]);
        Ok(())
    }

    /// [`Self::split_diamond`] up to the join: each lane's arm and the join's parameters, the
    /// builder left after the last lane.
    pub(super) fn diamond_lanes(
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
            self.lane_stmts(&block.stmts, i)?;
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

    /// The pack's work-items disagree on the branch (condition `cond`) ending block
    /// `branch`, where `split` splits it: each runs its paths alone, in turn, then the pack
    /// goes on where they meet (see the module documentation).
    pub(super) fn split_paths(
        &mut self,
        branch: BlockId,
        cond: Val,
        split: &Split,
    ) -> Result<(), String> {
        let Term::Branch { then, other, .. } = self.f.blocks[branch as usize].term.clone() else {
            return Err("internal: a split without a branch".into());
        };
        let exit = split.exit;
        for i in 0..W {
            let next = self.b.create_block();
            let at: HashMap<BlockId, Block> = split
                .blocks
                .iter()
                .map(|&b| (b, self.b.create_block()))
                .collect();
            // This work-item's way from the branch, where the pack split.
            self.lane_branch(cond, (&then, &other), i, (&at, exit, next));
            for &b in &split.blocks {
                // (The branch's own block, if a path comes back to it, is the work-item's
                // next time there: the pack ran its statements this time.)
                self.b.switch_to_block(at[&b]);
                self.cancel_point(b as usize);
                let block = &self.f.blocks[b as usize];
                self.lane_stmts(&block.stmts, i)?;
                match &block.term {
                    Term::Jump(e) => self.lane_edge(e, i, (&at, exit, next)),
                    Term::Branch { cond, then, other } => {
                        self.lane_branch(*cond, (then, other), i, (&at, exit, next))
                    }
                    _ => return Err("internal: a split path's block ends otherwise".into()),
                }
            }
            self.b.switch_to_block(next);
        }
        let target = self.blocks[exit as usize];
        self.b.ins().jump(target, &[]);
        Ok(())
    }

    /// Work-item `i` takes the edge of branch `cond` its value picks (in a split: `at` its
    /// blocks, `exit` where the paths meet, `next` where the work-item is done).
    fn lane_branch(
        &mut self,
        cond: Val,
        (then, other): (&Edge, &Edge),
        i: usize,
        to: (&HashMap<BlockId, Block>, BlockId, Block),
    ) {
        let c = self.lane_of(cond, i);
        let (t, o) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(c, t, &[], o, &[]);
        self.b.switch_to_block(t);
        self.lane_edge(then, i, to);
        self.b.switch_to_block(o);
        self.lane_edge(other, i, to);
    }

    /// Work-item `i` takes edge `e` in a split (`at`, `exit`, `next` as in
    /// [`lane_branch`](Self::lane_branch)).
    fn lane_edge(
        &mut self,
        e: &Edge,
        i: usize,
        (at, exit, next): (&HashMap<BlockId, Block>, BlockId, Block),
    ) {
        let params = self.f.blocks[e.target as usize].params.clone();
        self.lane_params(&params, &e.args, i);
        let to = match at.get(&e.target) {
            Some(&b) => b,
            None => {
                debug_assert_eq!(e.target, exit);
                next
            }
        };
        self.b.ins().jump(to, &[]);
    }

    /// Statements `stmts` for work-item `i` alone, with the per-work-item code.
    fn lane_stmts(&mut self, stmts: &[super::ssa::Stmt], i: usize) -> Result<(), String> {
        for s in stmts {
            self.lane_ctx = Some(i);
            self.stmt(s)?;
            self.lane_ctx = None;
            for (v, l, x) in std::mem::take(&mut self.lane_out) {
                self.define_lane(v, l, x);
            }
        }
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
