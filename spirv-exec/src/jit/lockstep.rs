//! Packs in lockstep: [`PACKS`] consecutive packs of a row run a region together, each block's
//! statements emitted once per pack in turn, one branch for all. Their loops' iterations then
//! overlap (a chain of adds or multiply-adds per pack, not one after the other), a grid-stride
//! loop reads a whole cache line per iteration, and the loop control and the pack loop's
//! bookkeeping are paid once for the packs.
//!
//! The packs must take the same edges. Where they do not (a pack whose lanes disagree, or packs
//! that disagree), they go back to the region's start and run one pack at a time in the
//! ordinary pack body, which is right only before any effect; an `if` of one block the packs
//! or their lanes disagree on runs pack by pack, lane by lane, up to its join instead. So each
//! branch of such a region comes before any effect, has a condition the same for the packs, or
//! is such an `if` ([`eligible`]).
//!
//! The copies cost compile time: a kernel gets them in its hot tier only (`Prepared::launch`
//! in `mod.rs`), once it has run long enough to pay them back.

use super::analysis::{defs, edges, pure, region_stmts, uses};
use super::scalar_gen::{Gen, PackState};
use super::ssa::{BlockId, Func, Inst, Stmt, Term};
use super::vector_gen::{Rep, W};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, Value};
use cranelift_frontend::Variable;
use std::collections::HashMap;

/// Packs run together.
pub(super) const PACKS: usize = 4;

/// The most statements a region run in lockstep may have, with those recomputing values kept
/// across the barrier before it (compile time and registers: the pack function holds one copy
/// per pack).
const MAX_STATEMENTS: usize = 80;

/// Whether region `first` may run packs in lockstep: every branch either comes before any
/// effect (packs that disagree there go back to the region's start), or its condition is the
/// same for the packs ([`shared_values`], without the values computed once per row, which the
/// generator adds), or it is a one-block `if` (which packs run one at a time when they
/// disagree); no switch; a short region.
pub(super) fn eligible(f: &Func, rep: &[Rep], first: u32, recompute: &[Stmt]) -> bool {
    // Every pack recomputes the values kept across the barrier before the region too.
    if region_stmts(f, first).count() + recompute.len() > MAX_STATEMENTS {
        return false;
    }
    let (reached, clean) = super::vector_gen::walk(f, first);
    // A scan's packs wait on each other through its accumulator: nothing to overlap.
    let scans = region_stmts(f, first).any(|s| {
        matches!(&s.inst, Inst::Fold(step) if step.kind != crate::front::ssa::GroupKind::Reduce)
    });
    // What pays for the copies: a loop whose iterations the packs overlap, a branch or a
    // reduction whose bookkeeping they share (not a few straight statements).
    let pays = f
        .blocks
        .iter()
        .enumerate()
        .any(|(b, block)| reached[b] && matches!(block.term, Term::Branch { .. }))
        || region_stmts(f, first).any(|s| matches!(s.inst, Inst::Fold(_)));
    if scans || !pays {
        return false;
    }
    // The branches that need the packs to agree on their condition.
    let mut agree = Vec::new();
    for (b, block) in f.blocks.iter().enumerate().filter(|(b, _)| reached[*b]) {
        match &block.term {
            Term::Branch { cond, then, other } => {
                let split = rep[*cond as usize] != Rep::U
                    && super::diverge::diamond(f, then, other).is_some();
                if !clean[b] && !split {
                    agree.push(*cond);
                }
            }
            Term::Switch { .. } => return false,
            _ => {}
        }
    }
    if agree.is_empty() {
        return true;
    }
    let shared = shared_values(
        f,
        rep,
        first,
        (&reached, &clean),
        &once_per_call(f),
        recompute,
    );
    agree.iter().all(|c| shared[*c as usize])
}

/// Per value: whether the pack function computes it once per call (the entry block's
/// statements but the per-work-item ones).
fn once_per_call(f: &Func) -> Vec<bool> {
    let mut once = vec![false; f.types.len()];
    for s in f.blocks[0].stmts.iter().filter(|s| !Gen::per_item_stmt(s)) {
        defs(s).into_iter().for_each(|d| once[d as usize] = true);
    }
    once
}

/// Per value: whether every pack of a lockstep pass holds the same, so that the first pack's
/// serves all (the packs lie in one row): values computed once per call or per row (`fixed`),
/// and in the region (`walk`: its blocks and where no effect came before, `vector_gen::walk`),
/// pure statements of such values, ids in dimensions 1 and 2, loads from such an address before
/// any effect (no pack stored anything yet), and block parameters that every edge of the
/// region passes such a value (but those of `first`, the region's first block).
fn shared_values(
    f: &Func,
    rep: &[Rep],
    first: BlockId,
    (reached, clean): (&[bool], &[bool]),
    fixed: &[bool],
    recompute: &[Stmt],
) -> Vec<bool> {
    let mut shared = fixed.to_vec();
    let mut candidate = vec![false; f.types.len()];
    let row_ids = super::stride::invariant(f, 1);
    let qualifies = |s: &Stmt, clean_block: bool| {
        defs(s).len() == 1
            && (pure(s)
                || (matches!(s.inst, Inst::Builtin(..)) && row_ids[s.result.unwrap_or(0) as usize])
                || (clean_block && matches!(s.inst, Inst::Load { .. })))
    };
    let entry = f.blocks[0].stmts.iter().filter(|s| Gen::per_item_stmt(s));
    for s in entry.chain(recompute) {
        if qualifies(s, false) {
            candidate[defs(s)[0] as usize] = true;
        }
    }
    for (b, block) in f.blocks.iter().enumerate().filter(|(b, _)| reached[*b]) {
        for s in block.stmts.iter().filter(|s| qualifies(s, clean[b])) {
            candidate[defs(s)[0] as usize] = true;
        }
        if b as BlockId != first {
            block
                .params
                .iter()
                .for_each(|&p| candidate[p as usize] = true);
        }
    }
    // Where packs may split at a one-block `if`, the join's parameters are each pack's own.
    for (_, block) in f.blocks.iter().enumerate().filter(|(b, _)| reached[*b]) {
        let Term::Branch { cond, then, other } = &block.term else {
            continue;
        };
        if rep[*cond as usize] == Rep::U {
            continue;
        }
        if let Some(join) = super::diverge::diamond(f, then, other) {
            for &p in &f.blocks[join as usize].params {
                candidate[p as usize] = false;
            }
        }
    }
    for (v, c) in candidate.iter().enumerate() {
        shared[v] |= *c;
    }
    // Optimistic: drop what depends on a value not shared, until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        let stmts = f.blocks[0].stmts.iter().chain(recompute).chain(
            f.blocks
                .iter()
                .enumerate()
                .filter(|(b, _)| reached[*b])
                .flat_map(|(_, block)| &block.stmts),
        );
        for s in stmts {
            let Some(&d) = defs(s).first() else { continue };
            let needs = candidate[d as usize] && !fixed[d as usize] && shared[d as usize];
            if needs && !uses(s).iter().all(|u| shared[*u as usize]) {
                shared[d as usize] = false;
                changed = true;
            }
        }
        for (_, block) in f.blocks.iter().enumerate().filter(|(b, _)| reached[*b]) {
            for e in edges(&block.term) {
                let params = &f.blocks[e.target as usize].params;
                for (&a, &p) in e.args.iter().zip(params) {
                    let needs = candidate[p as usize] && !fixed[p as usize] && shared[p as usize];
                    if needs && !shared[a as usize] {
                        shared[p as usize] = false;
                        changed = true;
                    }
                }
            }
        }
    }
    shared
}

impl Gen<'_, '_> {
    /// Before the pack loop: the variable holding the first pack that may start a lockstep
    /// pass (packs before it run alone after a lockstep pass gave up on them).
    pub(super) fn declare_lock_until(&mut self) -> Variable {
        let until = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(until, zero);
        until
    }

    /// At a pack's start: to the returned block when [`PACKS`] packs from here go together
    /// (all before the call's end, none given up on); the builder goes on with one pack.
    pub(super) fn lock_dispatch(&mut self, until: Variable) -> Block {
        let lane = self.b.use_var(self.lane);
        let from = self.b.use_var(until);
        let end = self.b.use_var(self.pack_end);
        let tried = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, lane, from);
        let last = self.b.ins().iadd_imm_s(lane, (PACKS * W) as i64);
        let fits = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, last, end);
        let go = self.b.ins().band(tried, fits);
        let (lock, one) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(go, lock, &[], one, &[]);
        self.b.switch_to_block(one);
        lock
    }

    /// The lockstep pass of region `region` (starting at block `first`), from block `lock`:
    /// `row` is the row's values (computed once per row) and the variable of the row's end.
    pub(super) fn lock_body(
        &mut self,
        region: usize,
        first: BlockId,
        lock: Block,
        until: Variable,
        row: (&[(&Stmt, bool)], Variable),
    ) -> Result<(), String> {
        self.b.switch_to_block(lock);
        let give_up = self.b.create_block();
        self.b.set_cold_block(give_up);
        // The packs lie in one row (values of a row are the same in each).
        {
            let (stmts, row_end) = row;
            self.row_values(stmts, row_end)?;
            let lane = self.b.use_var(self.lane);
            let last = self.b.ins().iadd_imm_s(lane, (PACKS * W) as i64);
            let end = self.b.use_var(row_end);
            let inside = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, last, end);
            let go = self.b.create_block();
            self.b.ins().brif(inside, go, &[], give_up, &[]);
            self.b.switch_to_block(go);
        }
        // Values computed once per call or once per row, and what follows from them.
        let mut fixed = once_per_call(self.f);
        for s in self.f.blocks.iter().flat_map(|b| &b.stmts) {
            if self.row_moved.contains(&(s as *const Stmt as usize)) {
                defs(s).into_iter().for_each(|d| fixed[d as usize] = true);
            }
        }
        let recompute: &[Stmt] = match region {
            0 => &[],
            r => &self.layout.recompute[r - 1],
        };
        let (reached, clean) = super::vector_gen::walk(self.f, first);
        let walk = (&reached[..], &clean[..]);
        let shared = shared_values(self.f, &self.rep, first, walk, &fixed, recompute);
        let lane = self.b.use_var(self.lane);
        let mut packs = Vec::with_capacity(PACKS - 1);
        for p in 1..PACKS {
            let own = self.b.declare_var(types::I64);
            let at = self.b.ins().iadd_imm_s(lane, (p * W) as i64);
            self.b.def_var(own, at);
            let vars = (0..self.vars.len())
                .map(|v| match shared[v] {
                    true => self.vars[v],
                    false => self.declare_slot(self.f.types[v], self.rep[v]),
                })
                .collect();
            packs.push(PackState {
                vars,
                iota: HashMap::new(),
                lane: own,
            });
        }
        // The one-pack body's dimension-0 ids are not defined here.
        let single_iota = std::mem::take(&mut self.iota);
        self.lock = packs;
        let result = self.lock_region(region, first, give_up, &shared);
        self.lock = Vec::new();
        self.iota = single_iota;
        result?;
        // Packs that disagree: from the region's start again, one pack at a time (nothing was
        // stored yet).
        self.b.switch_to_block(give_up);
        let lane = self.b.use_var(self.lane);
        let after = self.b.ins().iadd_imm_s(lane, (PACKS * W) as i64);
        self.b.def_var(until, after);
        self.b.ins().jump(self.head, &[]);
        Ok(())
    }

    /// Runs `emit` once per pack, each with its own values and first work-item.
    fn each_pack(
        &mut self,
        mut emit: impl FnMut(&mut Self, bool) -> Result<(), String>,
    ) -> Result<(), String> {
        emit(self, true)?;
        let mut packs = std::mem::take(&mut self.lock);
        let mut result = Ok(());
        for p in &mut packs {
            self.swap_pack(p);
            result = emit(self, false);
            self.swap_pack(p);
            if result.is_err() {
                break;
            }
        }
        self.lock = packs;
        result
    }

    fn swap_pack(&mut self, p: &mut PackState) {
        std::mem::swap(&mut self.vars, &mut p.vars);
        std::mem::swap(&mut self.iota, &mut p.iota);
        std::mem::swap(&mut self.lane, &mut p.lane);
    }

    /// The region's blocks in lockstep (the builder is at the pass's start).
    fn lock_region(
        &mut self,
        region: usize,
        first: BlockId,
        give_up: Block,
        shared: &[bool],
    ) -> Result<(), String> {
        // A statement whose value the first pack's serves runs in the first pack only.
        let own = |s: &Stmt, first_pack: bool| {
            first_pack || !matches!(defs(s)[..], [d] if shared[d as usize])
        };
        let used = super::analysis::used_values(self.f);
        let entry: Vec<&Stmt> = self.f.blocks[0]
            .stmts
            .iter()
            .filter(|s| Self::per_item_stmt(s) && defs(s).iter().any(|d| used[*d as usize]))
            .collect();
        let f = self.f;
        self.each_pack(|g, first_pack| {
            if region > 0 {
                let any = g.vany_done();
                let go = g.b.create_block();
                g.b.ins().brif(any, give_up, &[], go, &[]);
                g.b.switch_to_block(go);
            }
            for s in entry.iter().filter(|s| own(s, first_pack)) {
                g.vstmt(s)?;
            }
            if region > 0 {
                for v in g.layout.spilled[region - 1].clone() {
                    g.vreload(v, give_up);
                }
                for s in g.layout.recompute[region - 1]
                    .iter()
                    .filter(|s| own(s, first_pack))
                {
                    g.vstmt(s)?;
                }
            }
            Ok(())
        })?;
        let reach = self.create_region_blocks(first);
        self.b.ins().jump(self.blocks[first as usize], &[]);
        for (i, block) in f.blocks.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            self.b.switch_to_block(self.blocks[i]);
            self.cancel_point(i);
            self.each_pack(|g, first_pack| {
                for s in block.stmts.iter().filter(|s| own(s, first_pack)) {
                    g.vstmt(s)?;
                }
                Ok(())
            })?;
            self.lock_term(&block.term, give_up, shared)?;
            for (eb, e) in std::mem::take(&mut self.pending) {
                self.b.switch_to_block(eb);
                self.each_pack(|g, first_pack| {
                    g.vedge_copies_where(&e, |p| first_pack || !shared[p as usize]);
                    Ok(())
                })?;
                let target = self.blocks[e.target as usize];
                self.b.ins().jump(target, &[]);
            }
        }
        Ok(())
    }

    /// A terminator for all the packs of the pass.
    fn lock_term(&mut self, t: &Term, give_up: Block, shared: &[bool]) -> Result<(), String> {
        match t {
            Term::Jump(e) => {
                self.each_pack(|g, first_pack| {
                    g.vedge_copies_where(e, |p| first_pack || !shared[p as usize]);
                    Ok(())
                })?;
                self.b.ins().jump(self.blocks[e.target as usize], &[]);
            }
            Term::Branch { cond, then, other } => {
                let (tb, ob) = (self.edge_block(then), self.edge_block(other));
                let c = *cond;
                if shared[c as usize] {
                    let c = self.get(c);
                    self.b.ins().brif(c, tb, &[], ob, &[]);
                } else if self.rep[c as usize] == Rep::U {
                    let mut conds = Vec::with_capacity(PACKS);
                    self.each_pack(|g, _| {
                        conds.push(g.get(c));
                        Ok(())
                    })?;
                    let eqs: Vec<Value> = conds[1..]
                        .iter()
                        .map(|&x| self.b.ins().icmp(IntCC::Equal, conds[0], x))
                        .collect();
                    let same = self.join_tests(&eqs, true);
                    let go = self.b.create_block();
                    self.b.ins().brif(same, go, &[], give_up, &[]);
                    self.b.switch_to_block(go);
                    self.b.ins().brif(conds[0], tb, &[], ob, &[]);
                } else {
                    let (mut all, mut any) = (Vec::new(), Vec::new());
                    self.each_pack(|g, _| {
                        all.push(g.lanes_test(c, true));
                        any.push(g.lanes_test(c, false));
                        Ok(())
                    })?;
                    let all = self.join_tests(&all, true);
                    let not_all = self.b.create_block();
                    self.b.ins().brif(all, tb, &[], not_all, &[]);
                    self.b.switch_to_block(not_all);
                    let any = self.join_tests(&any, false);
                    match super::diverge::diamond(self.f, then, other) {
                        // A one-block `if`: packs that disagree or split run their lanes' arms
                        // one pack after the other, and go on together at the join (whose
                        // parameters are each pack's own: `shared_values`).
                        Some(join) => {
                            let split = self.b.create_block();
                            self.b.ins().brif(any, split, &[], ob, &[]);
                            self.b.switch_to_block(split);
                            self.each_pack(|g, _| g.diamond_lanes(c, then, other, join))?;
                            let target = self.blocks[join as usize];
                            self.b.ins().jump(target, &[]);
                        }
                        None => {
                            self.b.ins().brif(any, give_up, &[], ob, &[]);
                        }
                    }
                }
            }
            Term::Switch { .. } => return Err("internal: a switch in lockstep".into()),
            Term::Barrier { next } => {
                let i = self.barrier_index(*next)?;
                let kept = self.layout.spilled[i].clone();
                self.each_pack(|g, _| {
                    kept.iter().for_each(|&v| g.vspill(v));
                    Ok(())
                })?;
                let r = self.b.ins().iconst(types::I32, i as i64);
                self.merge_and_next(r);
            }
            Term::Return if self.layout.resume.is_empty() => {
                let r = self
                    .b
                    .ins()
                    .iconst(types::I32, super::runtime::DONE as i32 as i64);
                self.b.def_var(self.code, r);
                self.next_pack();
            }
            Term::Return => {
                self.each_pack(|g, _| {
                    g.vmark_done();
                    Ok(())
                })?;
                let r = self
                    .b
                    .ins()
                    .iconst(types::I32, super::runtime::DONE as i32 as i64);
                self.merge_and_next(r);
            }
            Term::Unreachable => self.unreachable(),
        }
        Ok(())
    }
}
