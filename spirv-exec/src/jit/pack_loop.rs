//! The loop of a pack function: packs of four work-items taken in turn, each run from its
//! region's start to a barrier or the end; values kept across barriers stored and reloaded a
//! pack at a time; the per-work-item function for packs that cannot stay together.

use super::analysis::{defs, per_item};
use super::runtime::{self, field};
use super::scalar_gen::{ctx_flags, mem_flags, Gen};
use super::scalar_ops::cl_type;
use super::ssa::{Bin, BlockId, Inst, Space, Stmt, Term, Val};
use super::vector_gen::{Rep, VVal, W};
use crate::front::ssa::BuiltinValue;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, MemFlagsData, Value};

impl Gen<'_, '_> {
    /// The address of lane `i`'s copy of kept value `v` (the pack's lanes are consecutive).
    fn vspill_addr(&mut self, v: Val, i: usize) -> Value {
        let spill = self.ctx_field(types::I64, field::SPILL);
        let lanes = self.ctx_field(types::I64, field::LANES);
        let (prefix, size) = self.layout.spill_slot(v);
        let lane = self.b.use_var(self.lane);
        let l = self.b.ins().iadd_imm_s(lane, i as i64);
        let l = self.b.ins().imul_imm_s(l, size as i64);
        let o = self.b.ins().imul_imm_s(lanes, prefix as i64);
        let a = self.b.ins().iadd(spill, l);
        self.b.ins().iadd(a, o)
    }

    /// Stores the pack's values of `v` for the next region.
    pub(super) fn vspill(&mut self, v: Val) {
        if let Some(a) = self.uniform_addr(v, true) {
            let x = self.lane_of(v, 0);
            self.b.ins().store(mem_flags(), x, a, 0);
            return;
        }
        if self.rep[v as usize] == Rep::X && self.ty(v) != Scalar::Bool {
            let x = self.vector_of(v);
            let a = self.vspill_addr(v, 0);
            self.b.ins().store(mem_flags(), x, a, 0);
            return;
        }
        for i in 0..W {
            let x = self.lane_of(v, i);
            let a = self.vspill_addr(v, i);
            self.b.ins().store(mem_flags(), x, a, 0);
        }
    }

    /// Reloads the pack's values of `v`; a value held once for the pack must be the same in
    /// every lane (else the pack goes to `bail`).
    pub(super) fn vreload(&mut self, v: Val, bail: Block) {
        let t = cl_type(self.ty(v));
        if let Some(a) = self.uniform_addr(v, false) {
            let x = self.b.ins().load(t, mem_flags(), a, 0);
            self.define_v(v, VVal::U(x));
            return;
        }
        if self.rep[v as usize] == Rep::X && self.ty(v) != Scalar::Bool {
            // As `vspill` stored it: the lanes' copies are consecutive.
            if let Some(vt) = super::vector_gen::vec_type(self.ty(v)) {
                let a = self.vspill_addr(v, 0);
                let x = self.b.ins().load(vt, mem_flags(), a, 0);
                self.define_v(v, VVal::X(x));
                return;
            }
        }
        let lanes: Vec<Value> = (0..W)
            .map(|i| {
                let a = self.vspill_addr(v, i);
                self.b.ins().load(t, mem_flags(), a, 0)
            })
            .collect();
        if self.rep[v as usize] == Rep::U {
            let mut same = None;
            for &l in &lanes[1..] {
                let (a, b) = if t.is_float() {
                    (
                        self.b
                            .ins()
                            .bitcast(t.as_int(), MemFlagsData::new(), lanes[0]),
                        self.b.ins().bitcast(t.as_int(), MemFlagsData::new(), l),
                    )
                } else {
                    (lanes[0], l)
                };
                let eq = self.b.ins().icmp(IntCC::Equal, a, b);
                same = Some(match same {
                    Some(s) => self.b.ins().band(s, eq),
                    None => eq,
                });
            }
            let go = self.b.create_block();
            self.b.ins().brif(same.expect("lanes"), go, &[], bail, &[]);
            self.b.switch_to_block(go);
        }
        self.define_v(v, VVal::L([lanes[0], lanes[1], lanes[2], lanes[3]]));
    }

    /// Marks the pack's work-items as returned.
    pub(super) fn vmark_done(&mut self) {
        let done = self.ctx_field(types::I64, field::DONE);
        let lane = self.b.use_var(self.lane);
        let at = self.b.ins().iadd(done, lane);
        let ones = self.b.ins().iconst(types::I32, 0x0101_0101);
        self.b.ins().store(ctx_flags(), ones, at, 0);
    }

    /// Whether any work-item of the pack already returned.
    pub(super) fn vany_done(&mut self) -> Value {
        let done = self.ctx_field(types::I64, field::DONE);
        let lane = self.b.use_var(self.lane);
        let at = self.b.ins().iadd(done, lane);
        let d = self.b.ins().load(types::I32, ctx_flags(), at, 0);
        self.b.ins().icmp_imm_s(IntCC::NotEqual, d, 0)
    }

    /// `code` merged with the code `r` a pack produced: the same barrier, or some finished.
    pub(super) fn merge_code(&mut self, r: Value) -> Value {
        let code = self.b.use_var(self.code);
        let none = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, code, runtime::NONE as i32 as i64);
        let r_done = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, r, runtime::DONE as i32 as i64);
        let code_done = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, code, runtime::DONE as i32 as i64);
        let same = self.b.ins().icmp(IntCC::Equal, code, r);
        let take_r = self.b.ins().bor(none, code_done);
        let keep = self.b.ins().bor(r_done, same);
        let not_none = self
            .b
            .ins()
            .icmp_imm_s(IntCC::NotEqual, code, runtime::NONE as i32 as i64);
        let keep_code = self.b.ins().band(keep, not_none);
        let diverged = self
            .b
            .ins()
            .iconst(types::I32, runtime::DIVERGED as i32 as i64);
        let a = self.b.ins().select(keep_code, code, diverged);
        let done = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
        let finished = self.b.ins().select(none, done, code);
        let a = self.b.ins().select(r_done, finished, a);
        self.b.ins().select(take_r, r, a)
    }
    /// Whether statement `s` of the entry block is per work-item (see `analysis::per_item`).
    pub(super) fn per_item_stmt(s: &Stmt) -> bool {
        per_item(s)
    }
}

impl<'a, 'b> Gen<'a, 'b> {
    /// The pack function of region `region` (0 from the start, `i + 1` from barrier `i`);
    /// `scalar` is the region's per-work-item function, for packs that cannot stay together.
    pub(super) fn vbody(
        &mut self,
        region: usize,
        scalar: cranelift_codegen::ir::FuncRef,
    ) -> Result<(), String> {
        let end = self.prologue();
        for s in &self.f.blocks[0].stmts {
            if !Self::per_item_stmt(s) {
                self.stmt(s)?;
            }
        }
        let first = match region {
            0 => super::first_block(self.f)?,
            r => self.layout.resume[r - 1],
        };
        let end = self.guarded_range(first, end);
        self.declare_hoisted(end);
        self.declare_fold_regs(first);
        let bail = self.b.create_block();
        self.b.set_cold_block(bail);
        let used = super::analysis::used_values(self.f);
        let row_stmts = super::row_values::row_statements(self, first, &used);
        let touches = !self.group_touch.is_empty();
        let row_end = (!row_stmts.is_empty() || touches).then(|| self.declare_row_end());
        let chain = match region {
            0 => self.grouped_chain(first, &used),
            _ => None,
        };
        if let (Some(chain), Some(_)) = (&chain, row_end) {
            self.declare_row_bases(chain);
        }
        let unrolled = match (region, &chain) {
            (0, None) => self.unrolled_chain(first, &used),
            _ => None,
        };
        // Packs in lockstep (`lockstep`), where no other pass over the row is taken.
        let recompute: &[Stmt] = match region {
            0 => &[],
            r => &self.layout.recompute[r - 1],
        };
        self.lock_wanted = super::lockstep::eligible(self.f, &self.rep, first, recompute)
            && !touches
            && chain.is_none()
            && unrolled.is_none();
        let lock = (self.lock_wanted && self.lock_allowed).then(|| {
            let row_end = row_end.unwrap_or_else(|| self.declare_row_end());
            (self.declare_lock_until(), row_end)
        });
        let exit = self.loop_head(end);
        let lock_start = lock.map(|(until, row_end)| (until, self.lock_dispatch(until), row_end));
        if let Some(row_end) = row_end {
            self.row_values(&row_stmts, row_end)?;
            self.row_moved = row_stmts
                .iter()
                .filter(|(_, moves)| *moves)
                .map(|(s, _)| *s as *const Stmt as usize)
                .collect();
        }
        if let Some(chain) = chain {
            self.grouped_pass(&chain, &used, row_end)?;
        } else if let Some(chain) = unrolled {
            self.unrolled_pass(&chain, &used)?;
        }
        if region > 0 {
            let any = self.vany_done();
            let go = self.b.create_block();
            self.b.ins().brif(any, bail, &[], go, &[]);
            self.b.switch_to_block(go);
        }
        // Per work-item values of the entry block (built-ins): only those something uses
        // (loads are not removed by the code generator when unused).
        for s in &self.f.blocks[0].stmts {
            if Self::per_item_stmt(s) && defs(s).iter().any(|d| used[*d as usize]) {
                self.vstmt(s)?;
            }
        }
        let first = match region {
            0 => super::first_block(self.f)?,
            r => {
                for v in self.layout.spilled[r - 1].clone() {
                    self.vreload(v, bail);
                }
                for s in &self.layout.recompute[r - 1] {
                    self.vstmt(s)?;
                }
                self.layout.resume[r - 1]
            }
        };
        self.clean_ends = super::vector_gen::clean_ends(self.f, first);
        self.region_blocks(first, Self::vstmt, |g, b, t| g.vterm(b, t, bail))?;
        // A pack that cannot stay together runs work-item by work-item, from the
        // accumulators in memory.
        self.b.switch_to_block(bail);
        self.flush_fold_regs();
        let ctx = self.b.use_var(self.ctx);
        let pack = self.b.use_var(self.lane);
        let last = self.b.ins().iadd_imm_s(pack, W as i64);
        let call = self.b.ins().call(scalar, &[ctx, pack, last]);
        let r = self.b.inst_results(call)[0];
        let failed = self.b.ins().icmp_imm_u(
            IntCC::UnsignedGreaterThanOrEqual,
            r,
            runtime::DIVERGED as i64,
        );
        let fail = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(failed, fail, &[], go, &[]);
        self.b.switch_to_block(fail);
        self.b.ins().return_(&[r]);
        self.b.switch_to_block(go);
        let code = self.merge_code(r);
        self.b.def_var(self.code, code);
        self.next_pack();

        if let Some((until, start, row_end)) = lock_start {
            self.lock_body(region, first, start, until, (&row_stmts[..], row_end))?;
        }
        self.epilogue(exit);
        Ok(())
    }

    /// The variables of the accesses checked once per row (`vector_gen::hoisted_access`),
    /// none known allowed yet; `end` ends the call's work-items.
    fn declare_hoisted(&mut self, end: Value) {
        self.pack_end = self.b.declare_var(types::I64);
        self.b.def_var(self.pack_end, end);
        // Caches in variables only where a pack's access checks itself on its hot path (more
        // values kept across the loop cost spills).
        let mut wanted = vec![false; self.layout.caches];
        for s in self.f.blocks.iter().flat_map(|b| &b.stmts) {
            let other = matches!(
                s.inst,
                Inst::Load {
                    space: Space::Local | Space::Other,
                    ..
                } | Inst::Store {
                    space: Space::Local | Space::Other,
                    ..
                }
            );
            if other && !self.hoistable(s) && self.grouped(s).is_none() {
                if let Some(w) = wanted.get_mut(self.layout.site_of(s)) {
                    *w = true;
                }
            }
        }
        self.cache_vars = wanted
            .iter()
            .map(|&w| {
                w.then(|| {
                    (
                        self.b.declare_var(types::I64),
                        self.b.declare_var(types::I64),
                    )
                })
            })
            .collect();
        for c in 0..self.layout.caches {
            self.load_cache_vars(c);
        }
        self.declare_grouped();
        let zero = self.b.ins().iconst(types::I64, 0);
        for s in self.f.blocks.iter().flat_map(|b| &b.stmts) {
            if self.hoistable(s) && self.grouped(s).is_none() {
                let until = self.b.declare_var(types::I64);
                self.b.def_var(until, zero);
                self.hoisted.insert(s as *const Stmt as usize, until);
            }
        }
    }

    /// To the next pack (past every pack of a lockstep pass).
    pub(super) fn next_pack(&mut self) {
        let pack = self.b.use_var(self.lane);
        let next = self
            .b
            .ins()
            .iadd_imm_s(pack, (W * (1 + self.lock.len())) as i64);
        self.b.def_var(self.lane, next);
        self.b.ins().jump(self.head, &[]);
    }

    fn vterm(&mut self, block: BlockId, t: &Term, bail: Block) -> Result<(), String> {
        match t {
            Term::Jump(e) => {
                self.vedge_copies(e);
                self.b.ins().jump(self.blocks[e.target as usize], &[]);
            }
            Term::Branch { cond, then, other } => {
                let (tb, ob) = (self.edge_block(then), self.edge_block(other));
                if self.rep[*cond as usize] == Rep::U {
                    let c = self.get(*cond);
                    self.b.ins().brif(c, tb, &[], ob, &[]);
                } else if let Some(join) = super::diverge::diamond(self.f, then, other) {
                    let split = self.b.create_block();
                    self.vbranch(*cond, tb, ob, split);
                    self.b.switch_to_block(split);
                    self.split_diamond(*cond, then, other, join)?;
                } else if let Some(paths) = (!self.clean_ends[block as usize])
                    .then(|| super::diverge::split_region(self.f, &self.rep, block))
                    .flatten()
                {
                    // After an effect (before one, the pack runs work-item by work-item from
                    // the region's start instead: less code).
                    let split = self.b.create_block();
                    self.vbranch(*cond, tb, ob, split);
                    self.b.switch_to_block(split);
                    self.split_paths(block, *cond, &paths)?;
                } else {
                    self.vbranch(*cond, tb, ob, bail);
                }
            }
            Term::Switch {
                sel,
                default,
                cases,
            } => self.switch(*sel, default, cases),
            Term::Barrier { next } => {
                // The pack's live values are kept per work-item; all reach the same barrier.
                let i = self.barrier_index(*next)?;
                self.layout.spilled[i]
                    .clone()
                    .into_iter()
                    .for_each(|v| self.vspill(v));
                let r = self.b.ins().iconst(types::I32, i as i64);
                self.merge_and_next(r);
            }
            Term::Return if self.layout.resume.is_empty() => {
                // No barrier: nothing reads which work-items returned, and every pack that
                // does not bail returns (the code stays `DONE`).
                let r = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
                self.b.def_var(self.code, r);
                self.next_pack();
            }
            Term::Return => {
                self.vmark_done();
                let r = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
                self.merge_and_next(r);
            }
            Term::Unreachable => self.unreachable(),
        }
        Ok(())
    }

    pub(super) fn merge_and_next(&mut self, r: Value) {
        // The usual case: the same barrier (or end) as the packs before.
        let before = self.b.use_var(self.code);
        let same = self.b.ins().icmp(IntCC::Equal, before, r);
        let (unchanged, merge) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(same, unchanged, &[], merge, &[]);
        self.b.switch_to_block(unchanged);
        self.next_pack();
        self.b.switch_to_block(merge);
        let code = self.merge_code(r);
        let diverged = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, code, runtime::DIVERGED as i32 as i64);
        let bad = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(diverged, bad, &[], go, &[]);
        self.b.switch_to_block(bad);
        self.flush_fold_regs();
        self.b.ins().return_(&[code]);
        self.b.switch_to_block(go);
        self.b.def_var(self.code, code);
        self.next_pack();
    }
}

impl Gen<'_, '_> {
    /// The local id `k` in dimension 0 that the work-items of region `first` must have to do
    /// anything, if the region is a guard `lid == k` (`get_local_id(0)` or the local linear
    /// id against a constant) after statements that can neither fault nor write, whose other
    /// side returns at once, and the region reaches no barrier (the reduction's
    /// `if (lid == 0) out[group] = total`).
    fn lid_guard(&self, first: BlockId) -> Option<u64> {
        let f = self.f;
        let reach = super::analysis::region_reach(f, first);
        let mut blocks = f.blocks.iter().zip(reach).filter(|(_, r)| *r);
        if blocks.any(|(b, _)| matches!(b.term, Term::Barrier { .. })) {
            return None;
        }
        // A load from the same address for the whole group faults in the pack that runs if
        // it would in any.
        let same = super::analysis::group_uniform(f);
        let quiet = |s: &Stmt| match &s.inst {
            Inst::Bin(Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod, ..) => false,
            Inst::Builtin(..) => true,
            Inst::Load { ptr, offset, .. } => s.result.is_some_and(|r| {
                let len = (f.types[r as usize].bits() as u64 / 8).max(1);
                same[*ptr as usize] || self.layout.local_inside(*ptr, *offset, len)
            }),
            _ => super::analysis::pure(s),
        };
        let def = super::analysis::def_stmts(f);
        // Through copies and integer conversions (of ids far below 2^31).
        let root = |mut v: Val| loop {
            match def[v as usize].map(|s| &s.inst) {
                Some(Inst::Copy(a) | Inst::Conv(crate::front::ssa::Conv::Int { .. }, a)) => v = *a,
                Some(i) => return Some(i),
                None => return None,
            }
        };
        // Blocks without statements that jump, ending at a return.
        let returns = |mut b: BlockId| {
            for _ in 0..8 {
                let block = &f.blocks[b as usize];
                if !block.stmts.is_empty() {
                    return false;
                }
                match &block.term {
                    Term::Return => return true,
                    Term::Jump(e) if e.args.is_empty() => b = e.target,
                    _ => return false,
                }
            }
            false
        };
        let mut b = first;
        for _ in 0..8 {
            let block = &f.blocks[b as usize];
            if !block.stmts.iter().all(quiet) {
                return None;
            }
            match &block.term {
                Term::Jump(e) if e.args.is_empty() => b = e.target,
                Term::Branch { cond, then, other } => {
                    let Some(Inst::Bin(Bin::Eq, x, y)) = def[*cond as usize].map(|s| &s.inst)
                    else {
                        return None;
                    };
                    let lid = |v: Val| {
                        matches!(
                            root(v),
                            Some(
                                Inst::Builtin(BuiltinValue::LocalId, 0)
                                    | Inst::Builtin(BuiltinValue::LocalLinearId, _)
                            )
                        )
                    };
                    let k = |v: Val| match root(v) {
                        Some(Inst::Const(k)) if *k < 1 << 31 => Some(*k),
                        _ => None,
                    };
                    let ((true, Some(k), _, _) | (_, _, true, Some(k))) =
                        (lid(*x), k(*y), lid(*y), k(*x))
                    else {
                        return None;
                    };
                    return (other.args.is_empty() && returns(other.target) && then.target != b)
                        .then_some(k);
                }
                _ => return None,
            }
        }
        None
    }

    /// Before the pack loop of a region guarded by `lid == k` ([`Self::lid_guard`]): in a
    /// group of one row whose call holds lane `k`, only the pack holding it runs, the others
    /// returning at once (the call's code starts `DONE` for them); returns the end of the
    /// packs to run.
    pub(super) fn guarded_range(&mut self, first: BlockId, end: Value) -> Value {
        let Some(k) = self.lid_guard(first) else {
            return end;
        };
        let lanes = self.table_entry(runtime::table::LANES);
        let size = self.table_entry(runtime::table::LOCAL_SIZE);
        let one_row = self.b.ins().icmp(IntCC::Equal, lanes, size);
        let start = self.b.use_var(self.lane);
        let k = self.b.ins().iconst(types::I64, k as i64);
        // The pack holding `k` (none when `k` is outside the call's packs).
        let inside = {
            let a = self
                .b
                .ins()
                .icmp(IntCC::UnsignedGreaterThanOrEqual, k, start);
            let b = self.b.ins().icmp(IntCC::UnsignedLessThan, k, end);
            self.b.ins().band(a, b)
        };
        let off = self.b.ins().isub(k, start);
        let off = self.b.ins().band_imm_s(off, !(W as i64 - 1));
        let pack = self.b.ins().iadd(start, off);
        let pack_end = self.b.ins().iadd_imm_s(pack, W as i64);
        let pack_end = self.b.ins().umin(pack_end, end);
        let skip = self.b.ins().band(one_row, inside);
        let new_start = self.b.ins().select(skip, pack, start);
        let new_end = self.b.ins().select(skip, pack_end, end);
        self.b.def_var(self.lane, new_start);
        let none = self.b.ins().iconst(types::I32, runtime::NONE as i32 as i64);
        let done = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
        let code = self.b.ins().select(skip, done, none);
        self.b.def_var(self.code, code);
        new_end
    }
}
