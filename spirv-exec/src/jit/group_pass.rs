//! One test per pack for the accesses checked once per group ([`super::group_range`]): each
//! of them tests its state in every pack (three bits of one variable) before its vector
//! access. Once every such access of a straight region is known allowed with consecutive
//! lanes (state [`CONSECUTIVE`]: the stencil's inner groups, from the pack after the check
//! on), a pack runs a copy of the region whose grouped accesses go straight to memory, after
//! one test of the state; other packs run the region as usual. Both copies do the same
//! thing: the copy only leaves out tests whose outcome is known.
//!
//! Consecutive by construction means more: the index is exactly `g + x`, `x` the id of
//! dimension 0 and `g` the same along a row of the group (every `clamp`, `min`, `max` that
//! varies across a pack passes its varying operand over the whole group, and the stride is
//! one), so along a row an access's address is `b + 4 × lane` (`lane` the pack's first
//! work-item in the call) with `b` the same for the row. Where packs know their rows
//! ([`super::row_values`]), the copy comes twice: the first pack of a row to take it
//! computes each address from the index and keeps `b`; the row's next packs take `b + 4 ×
//! lane` without computing the index (a new row clears the flag that says `b` is set), in a
//! loop of their own that tests nothing but the row's end.

use super::analysis::defs;
use super::group_range::CONSECUTIVE;
use super::runtime;
use super::ssa::{Stmt, Term};
use super::vector_gen::VVal;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use cranelift_frontend::Variable;

/// How a grouped pass finds the addresses of its grouped accesses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Fast {
    /// Not in a grouped pass.
    Off,
    /// From the index (and, with row bases, keeps the row's base).
    Index,
    /// From the row's base.
    Row,
}

/// What [`Gen::grouped_chain`](super::scalar_gen::Gen) found: the region's blocks in order,
/// the state bits of its grouped accesses, and those bits when all are consecutive.
pub(super) struct Chain {
    blocks: Vec<u32>,
    mask: i64,
    consecutive: i64,
}

impl super::scalar_gen::Gen<'_, '_> {
    /// Region 0's blocks, in order, if a pack may run them with one test of the grouped
    /// accesses' states: the kernel has no barrier, the region is a chain of blocks (no
    /// branch, no loop) ending in a return, its accesses are grouped or checked once per row,
    /// at least one grouped, and its other statements cannot fault nor call (no division,
    /// atomic, call, private memory).
    pub(super) fn grouped_chain(&self, first: u32, used: &[bool]) -> Option<Chain> {
        let blocks = self.straight_chain(first, used, |s| {
            self.hoistable(s) || self.group_state.contains_key(&(s as *const Stmt as usize))
        })?;
        let (mut mask, mut consecutive) = (0, 0);
        for s in blocks
            .iter()
            .flat_map(|&b| &self.f.blocks[b as usize].stmts)
        {
            if let Some(state) = self.group_state.get(&(s as *const Stmt as usize)) {
                mask |= 7 << state.shift;
                consecutive |= CONSECUTIVE << state.shift;
            }
        }
        (mask != 0).then_some(Chain {
            blocks,
            mask,
            consecutive,
        })
    }

    /// Before the pack loop, where packs know their rows: the row bases of `chain`'s grouped
    /// accesses, none set.
    pub(super) fn declare_row_bases(&mut self, chain: &Chain) {
        let zero = self.b.ins().iconst(types::I64, 0);
        let var = |g: &mut Self| {
            let v = g.b.declare_var(types::I64);
            g.b.def_var(v, zero);
            v
        };
        self.row_based = Some(var(self));
        for s in chain
            .blocks
            .iter()
            .flat_map(|&b| &self.f.blocks[b as usize].stmts)
        {
            let key = s as *const Stmt as usize;
            if self.group_state.contains_key(&key) {
                let v = var(self);
                self.row_bases.insert(key, v);
            }
        }
    }

    /// At the top of the pack loop: when every grouped access of `chain` is consecutive,
    /// runs the pack through a copy of the region without their state tests (from the row
    /// bases once the row's first such pack set them, the row's next packs in a loop of their
    /// own: [`row_loop`](Self::row_loop)) and goes on to the next pack; else on to the usual
    /// pack (the builder is left there). `used`: which entry-block values are used;
    /// `row_end`: the variable holding where the current row of packs ends, if packs know
    /// their rows.
    pub(super) fn grouped_pass(
        &mut self,
        chain: &Chain,
        used: &[bool],
        row_end: Option<Variable>,
    ) -> Result<(), String> {
        let var = self
            .group_state
            .values()
            .next()
            .expect("a grouped access")
            .var;
        let st = self.b.use_var(var);
        let bits = self.b.ins().band_imm_s(st, chain.mask);
        let all = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, bits, chain.consecutive);
        let (pass, single) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(all, pass, &[], single, &[]);
        self.b.switch_to_block(pass);
        if let (Some(based), Some(row_end)) = (self.row_based, row_end) {
            let (index, row) = (self.b.create_block(), self.b.create_block());
            let set = self.b.use_var(based);
            self.b.ins().brif(set, row, &[], index, &[]);
            self.b.switch_to_block(index);
            self.grouped_copy(chain, used, Fast::Index)?;
            let yes = self.b.ins().iconst(types::I64, 1);
            self.b.def_var(based, yes);
            // The row's next packs (if the row has more) go straight to the row loop.
            let next = self.advance();
            let limit = self.row_limit(row_end);
            let more = self.b.ins().icmp(IntCC::UnsignedLessThan, next, limit);
            self.b.ins().brif(more, row, &[], self.head, &[]);
            self.b.switch_to_block(row);
            self.row_loop(chain, used, row_end)?;
        } else {
            self.grouped_copy(chain, used, Fast::Index)?;
            self.finish_pack();
        }
        self.b.switch_to_block(single);
        Ok(())
    }

    /// From a pack of a row whose row bases are set (the pack is before the row's end and
    /// the call's): that pack and the row's next ones through the copy from the row bases,
    /// in a loop of their own up to the row's end (`row_end`) or the call's, then back to
    /// the pack loop's head. The loop leaves out only tests whose outcome is known there:
    /// the next pack is on the same row (the row's values and bases stay) and nothing in the
    /// copy changes the grouped accesses' states. In a loop of their own, the register
    /// allocator keeps the row bases in registers (through the pack loop's head it kept them
    /// and the pack's index on the stack: 19 loads and 7 stores of its own per pack of the
    /// stencil).
    fn row_loop(&mut self, chain: &Chain, used: &[bool], row_end: Variable) -> Result<(), String> {
        // No barrier: every pack returns (the code stays `DONE`).
        let r = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
        self.b.def_var(self.code, r);
        let limit = self.row_limit(row_end);
        let packs = self.b.create_block();
        self.b.ins().jump(packs, &[]);
        self.b.switch_to_block(packs);
        self.grouped_copy(chain, used, Fast::Row)?;
        let lane = self.b.use_var(self.lane);
        let next = self.b.ins().iadd_imm_s(lane, super::vector_gen::W as i64);
        self.b.def_var(self.lane, next);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, next, limit);
        self.b.ins().brif(more, packs, &[], self.head, &[]);
        Ok(())
    }

    /// Where the current row of packs ends, or the call's work-items if they end first.
    fn row_limit(&mut self, row_end: Variable) -> Value {
        let end = self.b.use_var(self.pack_end);
        let row_end = self.b.use_var(row_end);
        self.b.ins().umin(end, row_end)
    }

    /// The pack through the region's copy, the grouped accesses' addresses found as `fast`
    /// says.
    fn grouped_copy(&mut self, chain: &Chain, used: &[bool], fast: Fast) -> Result<(), String> {
        self.group_fast = fast;
        for s in &self.f.blocks[0].stmts {
            if Self::per_item_stmt(s) && defs(s).iter().any(|d| used[*d as usize]) {
                self.vstmt(s)?;
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
        self.group_fast = Fast::Off;
        Ok(())
    }

    /// After a pack of the grouped pass: on to the next pack.
    fn finish_pack(&mut self) {
        self.advance();
        self.b.ins().jump(self.head, &[]);
    }

    /// After a pack of the grouped pass: the next pack's first work-item, made current.
    fn advance(&mut self) -> Value {
        // No barrier: every pack returns (the code stays `DONE`).
        let r = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
        self.b.def_var(self.code, r);
        let lane = self.b.use_var(self.lane);
        let next = self.b.ins().iadd_imm_s(lane, super::vector_gen::W as i64);
        self.b.def_var(self.lane, next);
        next
    }

    /// A grouped access whose lanes are known allowed and consecutive (in
    /// [`grouped_pass`](Self::grouped_pass)): one vector access at lane 0's element.
    pub(super) fn consecutive_access(
        &mut self,
        s: &Stmt,
        offset: i64,
        value: Option<super::ssa::Val>,
    ) {
        let key = s as *const Stmt as usize;
        let lane = self.b.use_var(self.lane);
        let lane4 = self.b.ins().ishl_imm_u(lane, 2);
        let a = match (self.group_fast, self.row_bases.get(&key).copied()) {
            (Fast::Row, Some(base)) => {
                let base = self.b.use_var(base);
                self.b.ins().iadd(base, lane4)
            }
            (_, base) => {
                let g = self.grouped(s).expect("a grouped access").clone();
                let x = self.vector_of(g.sc.index);
                let x0 = self.b.ins().extractlane(x, 0);
                let a = self.element(&g, x0, offset);
                if let Some(base) = base {
                    let b = self.b.ins().isub(a, lane4);
                    self.b.def_var(base, b);
                }
                a
            }
        };
        match (value, s.result) {
            (Some(v), _) => {
                let x = self.vector_of(v);
                self.b.ins().store(super::scalar_gen::mem_flags(), x, a, 0);
            }
            (None, Some(r)) => {
                let vt = super::vector_gen::vec_type(self.ty(r)).expect("a 32-bit load");
                let x = self.b.ins().load(vt, super::scalar_gen::mem_flags(), a, 0);
                self.define_v(r, VVal::X(x));
            }
            _ => unreachable!("an access"),
        }
    }
}
