//! Checks of a pack's vector accesses that cost less than comparing four addresses: an
//! `int`-indexed address tested consecutive with one SIMD comparison, and addresses known
//! consecutive along a row of the group checked once for the rest of the row
//! ([`super::stride`]), the access's own check taken only when that fails. Once every
//! access of a straight region is known allowed for the next [`UNROLL`] packs, they run in
//! one loop pass without checks ([`Gen::unrolled_pass`]).

use super::analysis::defs;
use super::runtime;
use super::scalar_gen::{Gen, UNROLL};
use super::ssa::{Bin, Inst, Space, Stmt, Term, Val};
use super::vector_gen::{Rep, VVal, W};
use crate::front::ssa::BuiltinValue;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, Value};

/// The longest region (in statements) run [`UNROLL`] packs per pass.
const MAX_UNROLLED: usize = 64;

/// Region 0 as [`Gen::unrolled_chain`] found it.
pub(super) struct Unrolled {
    /// Its blocks, in order.
    blocks: Vec<u32>,
    /// The index of the barrier it ends at (`None`: it returns, the kernel has no barrier).
    barrier: Option<usize>,
    /// Whether it holds work-group collectives' steps, whose tests its passes leave out.
    folds: bool,
}

impl Gen<'_, '_> {
    /// Whether the four lanes of a [`Scaled`](super::stride::Scaled) address are consecutive:
    /// the index's lanes are `i, i + 1, i + 2, i + 3` and `i + 3` does not wrap (so neither
    /// does the extension).
    pub(super) fn consecutive_index(&mut self, sc: super::stride::Scaled) -> Value {
        let x = self.vector_of(sc.index);
        let x0 = self.b.ins().extractlane(x, 0);
        let all = if self.stride[sc.index as usize] == Some(1) {
            // `i, i + 1, i + 2, i + 3` (modulo 2^32) by construction (`stride`).
            self.b.ins().iconst(types::I8, 1)
        } else {
            let first = self.b.ins().splat(types::I32X4, x0);
            let d = self.b.ins().isub(x, first);
            let iota = self.iota_vector();
            let eq = self.b.ins().icmp(IntCC::Equal, d, iota);
            self.b.ins().vall_true(eq)
        };
        let (cc, limit) = if sc.signed {
            (IntCC::SignedLessThanOrEqual, i32::MAX - 3)
        } else {
            (IntCC::UnsignedLessThanOrEqual, (u32::MAX - 3) as i32)
        };
        let limit = self.b.ins().iconst(types::I32, i64::from(limit));
        let fits = self.b.ins().icmp(cc, x0, limit);
        self.b.ins().band(all, fits)
    }

    /// Whether access statement `s` is checked once for the rest of its row: a 32-bit load
    /// or store, outside private memory, whose address has a row stride of 4
    /// ([`super::stride::row_strides`]), not known inside the static local part (those need
    /// no check: `FrameLayout::local_inside`).
    pub(super) fn hoistable(&self, s: &Stmt) -> bool {
        let (ptr, offset, elem, space) = match s.inst {
            Inst::Load { ptr, offset, space } => (ptr, offset, s.result.map(|r| self.ty(r)), space),
            Inst::Store {
                ptr,
                offset,
                value,
                space,
            } => (ptr, offset, Some(self.ty(value)), space),
            _ => return false,
        };
        let row_consecutive = self.row_stride[ptr as usize] == Some(4)
            || self.scaled.get(&ptr).is_some_and(|sc| {
                self.row_stride[sc.base as usize] == Some(0)
                    && self.row_stride[sc.index as usize] == Some(1)
            });
        space != Space::Private
            && matches!(elem, Some(Scalar::I32 | Scalar::F32))
            && self.ty(ptr) == Scalar::I64
            && self.rep[ptr as usize] != Rep::U
            && row_consecutive
            && !self.layout.local_inside(ptr, offset, 4)
    }

    /// The check of a [`hoistable`](Self::hoistable) access at `first` (the pack's first
    /// work-item's address): straight to `fast` when an earlier check covered the rest of the
    /// row; else, once per row, one check of the bytes the rest of the row reaches (the row's
    /// accesses are consecutive: `row_strides`; for a `Scaled` address, `index` is the
    /// first work-item's 32-bit index, which must not wrap before the row's end); if that
    /// fails, `per_pack` (this pack's check, then work-item by work-item).
    pub(super) fn row_check(
        &mut self,
        cache: usize,
        first: Value,
        until: cranelift_frontend::Variable,
        index: Option<(Value, bool)>,
        fast: Block,
        per_pack: Block,
    ) {
        let lane = self.b.use_var(self.lane);
        let next = self.b.ins().iadd_imm_s(lane, W as i64);
        // `until`: the rest of the row up to `until` is known allowed; `-until`: its check
        // failed up to there (per pack); 0 nothing known. (Work-item indices are far below
        // 2^63.)
        let known = self.b.use_var(until);
        let inside = self.b.ins().icmp(IntCC::SignedLessThanOrEqual, next, known);
        let (check, validate, allowed) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(inside, fast, &[], check, &[]);
        self.b.switch_to_block(check);
        let tried_until = self.b.ins().ineg(known);
        let done = self
            .b
            .ins()
            .icmp(IntCC::SignedLessThanOrEqual, next, tried_until);
        self.b.ins().brif(done, per_pack, &[], validate, &[]);
        self.b.set_cold_block(validate);
        self.b.switch_to_block(validate);
        // The row ends at the next multiple of the group's size in dimension 0 (at least 4:
        // packs run only when it is a multiple of 4), or at the call's end.
        let gs0 = self.table_entry(runtime::table::LOCAL_SIZE);
        let row = self.b.ins().udiv(lane, gs0);
        let row = self.b.ins().iadd_imm_s(row, 1);
        let row_end = self.b.ins().imul(row, gs0);
        let end = self.b.use_var(self.pack_end);
        let row_end = self.b.ins().umin(row_end, end);
        let failed = self.b.ins().ineg(row_end);
        self.b.def_var(until, failed);
        let n = self.b.ins().isub(row_end, lane);
        let len = self.b.ins().ishl_imm_u(n, 2);
        if let Some((x0, signed)) = index {
            // The last work-item's index, in 64 bits, within the 32-bit range.
            let (wide, max) = if signed {
                (self.b.ins().sextend(types::I64, x0), i64::from(i32::MAX))
            } else {
                (self.b.ins().uextend(types::I64, x0), i64::from(u32::MAX))
            };
            let last = self.b.ins().iadd(wide, n);
            let last = self.b.ins().iadd_imm_s(last, -1);
            let fits = self
                .b
                .ins()
                .icmp_imm_s(IntCC::SignedLessThanOrEqual, last, max);
            let go = self.b.create_block();
            self.b.ins().brif(fits, go, &[], per_pack, &[]);
            self.b.switch_to_block(go);
        }
        self.probe_len(cache, first, len, allowed, per_pack);
        self.b.switch_to_block(allowed);
        self.b.def_var(until, row_end);
        self.b.ins().jump(fast, &[]);
    }

    /// Region 0 as several packs may run it in one loop pass: a chain of blocks (no branch,
    /// no loop) ending in a return (the kernel has no barrier) or at the kernel's first
    /// barrier, whose statements have no effect but loads and stores checked once per row
    /// ([`hoistable`](Self::hoistable)) and steps of reductions and scans
    /// ([`unrolled_fold`](Self::unrolled_fold)), and cannot fault otherwise (no division but
    /// by a constant, atomic, call, private memory). The packs then run exactly as one by
    /// one, minus the checks (and, where none of them starts or ends a work-group
    /// collective's scope, its tests).
    pub(super) fn unrolled_chain(&self, first: u32, used: &[bool]) -> Option<Unrolled> {
        let (blocks, barrier) = self.chain_to(first, used, |s| self.hoistable(s), true)?;
        // At least one access checked per row (else nothing to save), and a short body (each
        // pass holds `UNROLL` copies of it).
        let mut stmts = blocks
            .iter()
            .flat_map(|&b| &self.f.blocks[b as usize].stmts);
        let short = stmts.clone().count() <= MAX_UNROLLED;
        let folds = stmts.clone().any(|s| self.unrolled_fold(s) == Some(true));
        let checked = stmts.any(|s| self.hoisted.contains_key(&(s as *const Stmt as usize)));
        (short && checked).then_some(Unrolled {
            blocks,
            barrier,
            folds,
        })
    }

    /// Region 0's blocks in order, from `first`, if the kernel has no barrier, the region is
    /// a chain of blocks (no branch, no loop) ending in a return, the entry block computes
    /// nothing per work-item that the region uses but built-ins, and every statement is an
    /// access `access` accepts or cannot fault nor call (no division but an unsigned one by a
    /// constant other than 0, no atomic, call, private memory). `used`: which entry-block
    /// values are used.
    pub(super) fn straight_chain(
        &self,
        first: u32,
        used: &[bool],
        access: impl Fn(&Stmt) -> bool,
    ) -> Option<Vec<u32>> {
        if !self.layout.resume.is_empty() {
            return None;
        }
        self.chain_to(first, used, access, false).map(|(c, _)| c)
    }

    /// [`straight_chain`](Self::straight_chain)'s blocks, also (with `to_barrier`, in a
    /// kernel with barriers) a chain ending at region 0's barrier, whose index comes with
    /// it, holding [`unrolled_fold`](Self::unrolled_fold)s.
    fn chain_to(
        &self,
        first: u32,
        used: &[bool],
        access: impl Fn(&Stmt) -> bool,
        to_barrier: bool,
    ) -> Option<(Vec<u32>, Option<usize>)> {
        let barriers = !self.layout.resume.is_empty();
        if barriers && !to_barrier {
            return None;
        }
        let def = super::analysis::def_stmts(self.f);
        // An unsigned division by a constant other than 0 (a sub-group's number) cannot fault.
        let nonzero =
            |v: Val| matches!(def[v as usize], Some(Stmt { inst: Inst::Const(k), .. }) if *k != 0);
        let plain = |s: &Stmt| match &s.inst {
            Inst::Load { .. } | Inst::Store { .. } => access(s),
            // A reduction always ends at its barrier; a scan may have lost it (the kernel's
            // only collective: its work-items step in id order).
            Inst::Fold(_) => (barriers || to_barrier) && self.unrolled_fold(s).is_some(),
            Inst::Bin(Bin::UDiv | Bin::URem, _, d) => nonzero(*d),
            Inst::Bin(op, ..) => !matches!(
                op,
                Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod
            ),
            Inst::Const(_)
            | Inst::Copy(_)
            | Inst::Param { .. }
            | Inst::ParamAddr { .. }
            | Inst::Builtin(..)
            | Inst::Un(..)
            | Inst::Fma(..)
            | Inst::Int3(..)
            | Inst::Select(..)
            | Inst::Conv(..) => true,
            _ => false,
        };
        let entry_ok = self.f.blocks[0].stmts.iter().all(|s| {
            !Self::per_item_stmt(s)
                || !defs(s).iter().any(|d| used[*d as usize])
                || matches!(s.inst, Inst::Builtin(..))
        });
        if !entry_ok {
            return None;
        }
        let mut chain = vec![first];
        loop {
            let b = &self.f.blocks[*chain.last()? as usize];
            if !b.stmts.iter().all(plain) {
                return None;
            }
            match &b.term {
                Term::Return if !barriers => return Some((chain, None)),
                Term::Barrier { next } if barriers => {
                    let i = self.barrier_index(*next).ok()?;
                    return Some((chain, Some(i)));
                }
                Term::Jump(e) if !chain.contains(&e.target) && e.target != 0 => {
                    chain.push(e.target)
                }
                _ => return None,
            }
        }
    }

    /// At the top of the pack loop: when every row-checked access is known allowed up to
    /// [`UNROLL`] packs on (all in one row then), and (for a region holding work-group
    /// collectives) none of those packs holds the group's first or last work-item, and (for
    /// a region ending at a barrier) the packs before ended there too or there were none,
    /// those packs run one after another without checks and the loop goes on after them;
    /// else on to the usual pack (the builder is left there). `chain`: [`unrolled_chain`](Self::unrolled_chain);
    /// `used`: which entry-block values are used.
    pub(super) fn unrolled_pass(&mut self, chain: &Unrolled, used: &[bool]) -> Result<(), String> {
        let lane = self.b.use_var(self.lane);
        let reach = self.b.ins().iadd_imm_s(lane, (W * UNROLL) as i64);
        let mut all = None;
        let untils: Vec<_> = chain
            .blocks
            .iter()
            .flat_map(|&b| &self.f.blocks[b as usize].stmts)
            .filter_map(|s| self.hoisted.get(&(s as *const Stmt as usize)).copied())
            .collect();
        for until in untils {
            let known = self.b.use_var(until);
            let ok = self
                .b
                .ins()
                .icmp(IntCC::SignedLessThanOrEqual, reach, known);
            all = Some(match all {
                Some(a) => self.b.ins().band(a, ok),
                None => ok,
            });
        }
        let mut all = all.expect("a row-checked access");
        if chain.folds {
            // The lane is the local linear id; a work-group's scope runs from 0 to the
            // group's work-items less one.
            let items = self.table_entry(runtime::table::LANES);
            let not_first = self.b.ins().icmp_imm_s(IntCC::NotEqual, lane, 0);
            let before_last = self.b.ins().icmp(IntCC::UnsignedLessThan, reach, items);
            let middle = self.b.ins().band(not_first, before_last);
            all = self.b.ins().band(all, middle);
        }
        if let Some(i) = chain.barrier {
            let code = self.b.use_var(self.code);
            let none = self
                .b
                .ins()
                .icmp_imm_s(IntCC::Equal, code, runtime::NONE as i32 as i64);
            let same = self.b.ins().icmp_imm_s(IntCC::Equal, code, i as i64);
            let agree = self.b.ins().bor(none, same);
            all = self.b.ins().band(all, agree);
        }
        let (pass, single) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(all, pass, &[], single, &[]);
        self.b.switch_to_block(pass);
        self.rows_allowed = true;
        // Dimension-0 ids of the first pack; the others' are `+ 4 k` (one row).
        let mut ids: Vec<(usize, Value)> = Vec::new();
        for k in 0..UNROLL {
            self.middle_pack = chain.folds.then_some(k);
            let at = self.b.ins().iadd_imm_s(lane, (W * k) as i64);
            self.b.def_var(self.lane, at);
            for (i, s) in self.f.blocks[0].stmts.iter().enumerate() {
                if !Self::per_item_stmt(s) || !defs(s).iter().any(|d| used[*d as usize]) {
                    continue;
                }
                let id0 = ids.iter().find(|(j, _)| *j == i).map(|(_, x)| *x);
                match (&s.inst, s.result, id0) {
                    (
                        Inst::Builtin(BuiltinValue::LocalId | BuiltinValue::GlobalId, 0),
                        Some(r),
                        Some(x0),
                    ) => {
                        let x = self.b.ins().iadd_imm_s(x0, (W * k) as i64);
                        self.iota.insert(r, x);
                        let l = [0, 1, 2, 3].map(|j| self.b.ins().iadd_imm_s(x, j));
                        self.define_v(r, VVal::L(l));
                    }
                    _ => {
                        self.vstmt(s)?;
                        if let (Inst::Builtin(..), Some(r)) = (&s.inst, s.result) {
                            if let Some(&x0) = self.iota.get(&r) {
                                ids.push((i, x0));
                            }
                        }
                    }
                }
            }
            for &b in &chain.blocks {
                let block = &self.f.blocks[b as usize];
                for s in &block.stmts {
                    self.vstmt(s)?;
                }
                if let Term::Jump(e) = &block.term {
                    self.vedge_copies(e);
                }
            }
            // As at the barrier of a pack run alone (`vterm`).
            if let Some(i) = chain.barrier {
                for v in self.layout.spilled[i].clone() {
                    self.vspill(v);
                }
            }
        }
        self.rows_allowed = false;
        self.middle_pack = None;
        let next = self.b.ins().iadd_imm_s(lane, (W * UNROLL) as i64);
        self.b.def_var(self.lane, next);
        let code = chain
            .barrier
            .map_or(runtime::DONE as i32 as i64, |i| i as i64);
        let r = self.b.ins().iconst(types::I32, code);
        self.b.def_var(self.code, r);
        self.b.ins().jump(self.head, &[]);
        self.b.switch_to_block(single);
        Ok(())
    }
}
