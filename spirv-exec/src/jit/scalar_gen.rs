//! The per-work-item code: one generated function runs the work-items `begin..end` of a
//! group from a resume point (the kernel's start, or just after barrier `i`) until each
//! reaches a barrier or returns, one after the other. Values live across a barrier are
//! stored per work-item ([`FrameLayout`]) and reloaded when the next call resumes there, so a
//! group runs region by region: barriers cost one call per region, not per work-item.
//!
//! Signature: `extern "C" fn(ctx: *mut Ctx, resume: u32, begin: u64, end: u64) -> u32`,
//! returning the barrier index all work-items reached, [`runtime::DONE`], [`runtime::FAULT`]
//! or [`runtime::DIVERGED`].

use super::analysis::{defs, per_item};
use super::runtime::{self, field};
use super::scalar_ops::{self as ops, cl_type};
use super::ssa::{BlockId, Edge, Func, Inst, Stmt, Term, Val};
use super::vector_gen::Rep;
use super::FrameLayout;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, AbiParam, Block, InstBuilder, MemFlagsData, Type, Value};
use cranelift_frontend::{FunctionBuilder, Variable};

/// Loads and stores of checked memory: no trap (the range was checked), any alignment.
pub fn mem_flags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

/// A kernel's load that may move (`Gen::load_flags`): what `schedule::sink` moves.
pub(super) fn movable_flags() -> MemFlagsData {
    mem_flags().with_readonly().with_can_move()
}

/// Context loads: aligned, never trapping.
pub(super) fn ctx_flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

/// Loads of what no one writes during a call (the context's fields but `status`, the
/// built-in table, the local ids, the parameters): pure, so computed once per call, out of
/// the loops.
pub(super) fn fixed_flags() -> MemFlagsData {
    MemFlagsData::trusted().with_readonly().with_can_move()
}

pub(super) struct Gen<'a, 'b> {
    pub b: FunctionBuilder<'b>,
    pub f: &'a Func,
    pub layout: &'a FrameLayout,
    /// Per value: its variable, or one per lane of a pack (`vector_gen`).
    pub(super) vars: Vec<Slot>,
    pub(super) blocks: Vec<Block>,
    pub(super) ctx: Variable,
    /// The work-item (the first of the pack in `vector_gen`'s functions).
    pub(super) lane: Variable,
    pub(super) code: Variable,
    priv_lo: Variable,
    /// The trampoline of [`runtime::jit_check`].
    pub(super) check_slow: cranelift_codegen::ir::FuncRef,
    pub(super) fault: Block,
    pub(super) head: Block,
    /// Edge blocks to fill once the current terminator is emitted.
    pub(super) pending: Vec<(Block, Edge)>,
    /// `vector_gen`: each value's representation (empty in per-work-item functions).
    pub(super) rep: Vec<super::vector_gen::Rep>,
    /// `vector_gen`: each value's stride across a pack ([`super::stride`]).
    pub(super) stride: Vec<Option<i64>>,
    /// `vector_gen`: each value's stride along a row of the group ([`super::stride`]).
    pub(super) row_stride: Vec<Option<i64>>,
    /// `vector_gen`: per access checked once for the rest of a row (by statement address):
    /// the work-item up to which it is known allowed (negated: up to which its check failed).
    pub(super) hoisted: std::collections::HashMap<usize, Variable>,
    /// `vector_gen`: the addresses `base + ext(index) * 4` ([`super::stride::scaled_indices`]).
    pub(super) scaled: std::collections::HashMap<Val, super::stride::Scaled>,
    /// `vector_gen`: the addresses checked once per call for the whole group
    /// ([`super::group_range`]), by address value.
    pub(super) group: std::collections::HashMap<Val, super::group_range::Grouped>,
    /// `vector_gen`: per grouped access (by statement address), its state in the call.
    pub(super) group_state: std::collections::HashMap<usize, super::group_range::GroupState>,
    /// `vector_gen`: per grouped load (by its state's first bit), the variables its row
    /// touches read ([`super::row_touch`]).
    pub(super) group_touch: std::collections::BTreeMap<u32, super::row_touch::Touch>,
    /// `vector_gen`: whether stores consecutive along a row are checked once per call too
    /// (when some load is: [`super::group_range`]), so that their lines can be touched.
    pub(super) group_stores: bool,
    /// `vector_gen`: the grouped accesses are all known consecutive, and how their
    /// addresses are found ([`super::group_pass`]).
    pub(super) group_fast: super::group_pass::Fast,
    /// `vector_gen`: per grouped access of a [`super::group_pass`] chain (by statement
    /// address), its address less 4 × the pack's first work-item in the current row, and
    /// whether those are set for the current row (0: not yet).
    pub(super) row_bases: std::collections::HashMap<usize, Variable>,
    pub(super) row_based: Option<Variable>,
    /// `vector_gen`: per inline cache, its range in variables (`lo`, limit of a 16-byte
    /// access's offset), loaded once per call and again after the runtime updates it.
    pub(super) cache_vars: Vec<Option<(Variable, Variable)>>,
    /// `vector_gen`: the end of the work-items of the call.
    pub(super) pack_end: Variable,
    /// `vector_gen`: the lane of the pack a statement is being emitted for, one at a time.
    pub(super) lane_ctx: Option<usize>,
    /// `vector_gen`: the values a lane-by-lane statement defined (value, lane, value).
    pub(super) lane_out: Vec<(Val, usize, Value)>,
    /// The static local part `[lo, hi)` (loaded once per call): accesses inside it need
    /// no inline cache.
    pub(super) local_range: Option<(Value, Value)>,
    /// `vector_gen`: values whose lane `i` is lane 0's value + `i` (dimension-0 ids), with
    /// lane 0's value.
    pub(super) iota: std::collections::HashMap<Val, Value>,
    /// `vector_gen`: while the packs of an unrolled pass are emitted ([`super::row_check`]),
    /// the row-checked accesses are known allowed.
    pub(super) rows_allowed: bool,
    /// `fold`: while the packs of an unrolled pass none of which starts or ends the scope of
    /// a work-group collective are emitted (the pass tested it first), which of them is.
    pub(super) middle_pack: Option<usize>,
    /// `vector_gen`: the statements computed once per row of packs, not where they are
    /// ([`super::row_values`]), by address.
    pub(super) row_moved: std::collections::HashSet<usize>,
    /// `vector_gen`: the 32-bit values computed once per row, also held as SIMD registers
    /// (splat once per row, not in every pack that uses them as vectors).
    pub(super) row_splats: std::collections::HashMap<Val, Variable>,
    /// `fold`: the reductions a pack function accumulates in a register, by statement
    /// address.
    pub(super) fold_regs: std::collections::HashMap<usize, FoldReg>,
    /// `pack_loop`: per block, whether the region has no effect up to its end
    /// (`vector_gen::clean_ends`).
    pub(super) clean_ends: Vec<bool>,
    /// `lockstep`: while a lockstep pass is emitted, the other packs' values (empty else).
    pub(super) lock: Vec<PackState>,
    /// `lockstep`: whether the pack function may hold a lockstep pass (the hot tier), and
    /// whether its region would have one.
    pub(super) lock_allowed: bool,
    pub(super) lock_wanted: bool,
    /// Nothing the function runs writes memory but private variables
    /// (`FrameLayout::local_unwritten`): loads proven inside the static local part may move.
    pub(super) local_frozen: bool,
}

/// A pack's own values while the packs of a lockstep pass are emitted (`lockstep.rs`; the
/// first pack's are the generator's).
pub(super) struct PackState {
    pub(super) vars: Vec<Slot>,
    pub(super) iota: std::collections::HashMap<Val, Value>,
    pub(super) lane: Variable,
}

/// Packs per pass of the unrolled loop (`row_check::unrolled_pass`).
pub(super) const UNROLL: usize = 4;

/// A reduction a pack function accumulates in a SIMD register (`fold.rs`): the register, the
/// accumulator's address and whether the register holds values not yet in memory.
#[derive(Clone, Copy)]
pub(super) struct FoldReg {
    pub(super) part: Variable,
    /// The parts of an unrolled pass's later packs (each its own chain of operations, so
    /// that a pass does not wait on one), combined into `part` when it is flushed.
    pub(super) more: [Variable; UNROLL - 1],
    pub(super) addr: Variable,
    pub(super) pending: Variable,
    pub(super) s: Scalar,
    pub(super) vt: cranelift_codegen::ir::Type,
    pub(super) op: super::ssa::Bin,
    /// The operation's identity (bits of a value of type `s`).
    pub(super) identity: u64,
}

/// Where a value lives while a function is generated.
#[derive(Clone, Copy)]
pub(super) enum Slot {
    One(Variable),
    Lanes([Variable; 4]),
}

impl<'a, 'b> Gen<'a, 'b> {
    pub fn get(&mut self, v: Val) -> Value {
        match (self.lane_ctx, self.vars[v as usize]) {
            (Some(i), _) if !self.rep.is_empty() => self.lane_of(v, i),
            (_, Slot::One(var)) => self.b.use_var(var),
            (_, Slot::Lanes(vars)) => self.b.use_var(vars[0]),
        }
    }

    pub(super) fn set(&mut self, v: Val, x: Value) {
        match (self.lane_ctx, self.vars[v as usize]) {
            (Some(i), _) if !self.rep.is_empty() => self.lane_out.push((v, i, x)),
            (_, Slot::One(var)) => self.b.def_var(var, x),
            (_, Slot::Lanes(vars)) => self.b.def_var(vars[0], x),
        }
    }

    /// The current work-item's index in the group.
    pub(super) fn lane_value(&mut self) -> Value {
        let lane = self.b.use_var(self.lane);
        match self.lane_ctx {
            Some(i) if i > 0 => self.b.ins().iadd_imm_s(lane, i as i64),
            _ => lane,
        }
    }

    /// The start of the current work-item's private memory.
    pub(super) fn priv_lo_value(&mut self) -> Value {
        if self.rep.is_empty() {
            return self.b.use_var(self.priv_lo);
        }
        let base = self.ctx_field(types::I64, field::PRIVATE_BASE);
        let stride = self.ctx_field(types::I64, field::PRIVATE_STRIDE);
        let lane = self.lane_value();
        let off = self.b.ins().imul(lane, stride);
        self.b.ins().iadd(base, off)
    }

    pub(super) fn ty(&self, v: Val) -> Scalar {
        self.f.types[v as usize]
    }

    /// Entry `i` of the launch's table (`runtime::table`: ids, sizes, the group's
    /// work-items), a 64-bit value.
    pub(super) fn table_entry(&mut self, i: usize) -> Value {
        let tab = self.ctx_field(types::I64, field::TABLE);
        self.b
            .ins()
            .load(types::I64, fixed_flags(), tab, (i * 8) as i32)
    }

    pub(super) fn ctx_field(&mut self, t: Type, off: i32) -> Value {
        let c = self.b.use_var(self.ctx);
        let flags = if off == field::STATUS {
            ctx_flags()
        } else {
            fixed_flags()
        };
        self.b.ins().load(t, flags, c, off)
    }

    /// Generates the function into `b` (whose signature is set).
    pub fn generate(
        b: FunctionBuilder<'b>,
        f: &'a Func,
        layout: &'a FrameLayout,
        region: usize,
        check_slow: cranelift_codegen::ir::FuncRef,
        vector: Option<(Vec<Rep>, cranelift_codegen::ir::FuncRef, bool)>,
        target: cranelift_codegen::isa::TargetFrontendConfig,
    ) -> Result<bool, String> {
        let mut g = Gen {
            b,
            f,
            layout,
            vars: Vec::new(),
            blocks: Vec::new(),
            ctx: Variable::from_u32(0),
            lane: Variable::from_u32(0),
            code: Variable::from_u32(0),
            priv_lo: Variable::from_u32(0),
            check_slow,
            fault: Block::from_u32(0),
            head: Block::from_u32(0),
            pending: Vec::new(),
            rep: Vec::new(),
            stride: Vec::new(),
            row_stride: Vec::new(),
            hoisted: std::collections::HashMap::new(),
            scaled: std::collections::HashMap::new(),
            group: std::collections::HashMap::new(),
            group_state: std::collections::HashMap::new(),
            group_touch: std::collections::BTreeMap::new(),
            group_stores: false,
            group_fast: super::group_pass::Fast::Off,
            row_bases: std::collections::HashMap::new(),
            row_based: None,
            cache_vars: Vec::new(),
            pack_end: Variable::from_u32(0),
            lane_ctx: None,
            lane_out: Vec::new(),
            local_range: None,
            iota: std::collections::HashMap::new(),
            rows_allowed: false,
            middle_pack: None,
            row_moved: std::collections::HashSet::new(),
            row_splats: std::collections::HashMap::new(),
            fold_regs: std::collections::HashMap::new(),
            clean_ends: Vec::new(),
            lock: Vec::new(),
            lock_allowed: false,
            lock_wanted: false,
            local_frozen: layout.local_unwritten(f, region),
        };
        g.vars = f
            .types
            .iter()
            .map(|s| Slot::One(g.b.declare_var(cl_type(*s))))
            .collect();
        if let Some((rep, scalar, lockstep)) = vector {
            g.lock_allowed = lockstep;
            // A pack function: each value in its representation.
            g.vars = f
                .types
                .iter()
                .zip(&rep)
                .map(|(s, r)| g.declare_slot(*s, *r))
                .collect();
            g.stride = super::stride::strides(f, &rep, &layout.local_known);
            g.row_stride = super::stride::row_strides(f);
            g.scaled = super::stride::scaled_indices(f, &rep);
            g.group = super::group_range::grouped_addresses(f, &g.scaled);
            g.rep = rep;
            g.group_stores = g.groups_loads();
            g.ctx = g.b.declare_var(types::I64);
            g.lane = g.b.declare_var(types::I64);
            g.code = g.b.declare_var(types::I32);
            g.priv_lo = g.b.declare_var(types::I64);
            g.vbody(region, scalar)?;
            g.b.seal_all_blocks();
            g.b.finalize(target);
            return Ok(g.lock_wanted);
        }
        g.ctx = g.b.declare_var(types::I64);
        g.lane = g.b.declare_var(types::I64);
        g.code = g.b.declare_var(types::I32);
        g.priv_lo = g.b.declare_var(types::I64);
        g.body(region)?;
        g.b.seal_all_blocks();
        g.b.finalize(target);
        Ok(false)
    }

    /// New variables for a value of type `s` held as `r` in a pack function.
    pub(super) fn declare_slot(&mut self, s: Scalar, r: Rep) -> Slot {
        match r {
            Rep::U => Slot::One(self.b.declare_var(cl_type(s))),
            Rep::X => Slot::One(
                self.b
                    .declare_var(super::vector_gen::vec_type(s).unwrap_or(cl_type(s))),
            ),
            Rep::L => Slot::Lanes([0; 4].map(|_| self.b.declare_var(cl_type(s)))),
        }
    }

    /// Loads the static local part's range (in the entry block: it dominates every check).
    pub(super) fn load_local_range(&mut self) {
        if self.layout.local_static > 0 && self.layout.static_cache.is_some() {
            let lo = self.ctx_field(types::I64, field::LOCAL_STATIC);
            let hi = self.b.ins().iadd_imm_s(lo, self.layout.local_static as i64);
            self.local_range = Some((lo, hi));
        }
    }

    /// The function of region `region`: 0 from the kernel's start, `i + 1` from barrier `i`.
    fn body(&mut self, region: usize) -> Result<(), String> {
        let end = self.prologue();
        // Values the same for every work-item: once per call.
        for s in &self.f.blocks[0].stmts {
            if !per_item(s) {
                self.stmt(s)?;
            }
        }
        // The work-item loop.
        let exit = self.loop_head(end);
        let lane = self.b.use_var(self.lane);
        let done = self.ctx_field(types::I64, field::DONE);
        let at = self.b.ins().iadd(done, lane);
        let finished = self.b.ins().load(types::I8, ctx_flags(), at, 0);
        let start = self.b.create_block();
        let skip = self.b.create_block();
        self.b.ins().brif(finished, skip, &[], start, &[]);
        self.b.switch_to_block(skip);
        self.next_lane();

        self.b.switch_to_block(start);
        let base = self.ctx_field(types::I64, field::PRIVATE_BASE);
        let stride = self.ctx_field(types::I64, field::PRIVATE_STRIDE);
        let off = self.b.ins().imul(lane, stride);
        let lo = self.b.ins().iadd(base, off);
        self.b.def_var(self.priv_lo, lo);
        for s in &self.f.blocks[0].stmts {
            if per_item(s) {
                self.stmt(s)?;
            }
        }
        // Where this region starts: the kernel's first block, or after barrier `region - 1`
        // with the values kept across it reloaded and the others recomputed.
        let first = match region {
            0 => super::first_block(self.f)?,
            r => {
                let i = r - 1;
                for &v in &self.layout.spilled[i] {
                    let x = self.reload(v);
                    self.set(v, x);
                }
                for s in &self.layout.recompute[i] {
                    self.stmt(s)?;
                }
                self.layout.resume[i]
            }
        };
        // The blocks this region reaches (a barrier ends it).
        self.region_blocks(first, Self::stmt, |g, i, t| g.term(i, t))?;
        self.epilogue(exit);
        Ok(())
    }

    /// The index of the barrier that resumes at block `next`.
    pub(super) fn barrier_index(&self, next: BlockId) -> Result<usize, String> {
        self.layout
            .resume
            .iter()
            .position(|r| *r == next)
            .ok_or_else(|| "internal: unknown barrier".to_string())
    }

    /// Creates the blocks of the region starting at `first` (a barrier ends it); returns
    /// which blocks it reaches.
    pub(super) fn create_region_blocks(&mut self, first: BlockId) -> Vec<bool> {
        let reach = super::analysis::region_reach(self.f, first);
        for (i, r) in reach.iter().enumerate() {
            if *r {
                self.blocks[i] = self.b.create_block();
            }
        }
        reach
    }

    /// A switch on a value the same for every work-item in flight.
    pub(super) fn switch(&mut self, sel: Val, default: &Edge, cases: &[(u64, Edge)]) {
        let s = self.get(sel);
        let st = self.ty(sel);
        for (value, e) in cases {
            let is = self.b.ins().icmp_imm_s(IntCC::Equal, s, st.sext(*value));
            let target = self.edge_block(e);
            let no = self.b.create_block();
            self.b.ins().brif(is, target, &[], no, &[]);
            self.b.switch_to_block(no);
        }
        let d = self.edge_block(default);
        self.b.ins().jump(d, &[]);
    }

    /// At a loop head (block `i`): stops with [`Fault::Cancelled`](crate::Fault::Cancelled)
    /// once the launch's cancellation flag is set.
    pub(super) fn cancel_point(&mut self, i: usize) {
        if !self.layout.loop_heads[i] {
            return;
        }
        let flag = self.ctx_field(types::I64, field::CANCEL);
        // An atomic load: never hoisted out of the loop nor merged with an earlier one.
        let set = self.b.ins().atomic_load(types::I8, ctx_flags(), flag);
        let stop = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(set, stop, &[], go, &[]);
        self.b.switch_to_block(stop);
        let ctx = self.b.use_var(self.ctx);
        let kind = self
            .b
            .ins()
            .iconst(types::I32, runtime::CANCELLED as i32 as i64);
        let zero = self.b.ins().iconst(types::I64, 0);
        ops::call(
            &mut self.b,
            runtime::jit_fault as *const () as usize,
            &[types::I64, types::I32, types::I64],
            &[types::I32],
            &[ctx, kind, zero],
        );
        self.b.ins().jump(self.fault, &[]);
        self.b.switch_to_block(go);
    }

    /// `OpUnreachable`: a fault.
    pub(super) fn unreachable(&mut self) {
        let ctx = self.b.use_var(self.ctx);
        let zero32 = self.b.ins().iconst(types::I32, 0);
        let zero = self.b.ins().iconst(types::I64, 0);
        ops::call(
            &mut self.b,
            runtime::jit_fault as *const () as usize,
            &[types::I64, types::I32, types::I64],
            &[types::I32],
            &[ctx, zero32, zero],
        );
        self.b.ins().jump(self.fault, &[]);
    }

    /// `lane += 1` and back to the loop head.
    fn next_lane(&mut self) {
        let lane = self.b.use_var(self.lane);
        let next = self.b.ins().iadd_imm_s(lane, 1);
        self.b.def_var(self.lane, next);
        self.b.ins().jump(self.head, &[]);
    }

    /// The address of value `v`'s per-work-item copy.
    fn spill_addr(&mut self, v: Val) -> Value {
        let spill = self.ctx_field(types::I64, field::SPILL);
        let lanes = self.ctx_field(types::I64, field::LANES);
        let (prefix, size) = self.layout.spill_slot(v);
        let lane = self.b.use_var(self.lane);
        let l = self.b.ins().imul_imm_s(lane, size as i64);
        let o = self.b.ins().imul_imm_s(lanes, prefix as i64);
        let a = self.b.ins().iadd(spill, l);
        self.b.ins().iadd(a, o)
    }

    /// The address of the group's copy of uniform kept value `v`: the one the last region
    /// wrote (`write` false) or the one this region writes.
    pub(super) fn uniform_addr(&mut self, v: Val, write: bool) -> Option<Value> {
        let k = self.layout.uniform_slot(v)?;
        let f = if write { field::UWRITE } else { field::UREAD };
        let base = self.ctx_field(types::I64, f);
        Some(self.b.ins().iadd_imm_s(base, 8 * k as i64))
    }

    fn reload(&mut self, v: Val) -> Value {
        let t = cl_type(self.ty(v));
        let a = match self.uniform_addr(v, false) {
            Some(a) => a,
            None => self.spill_addr(v),
        };
        self.b.ins().load(t, mem_flags(), a, 0)
    }

    fn spill(&mut self, v: Val) {
        let x = self.get(v);
        let a = match self.uniform_addr(v, true) {
            Some(a) => a,
            None => self.spill_addr(v),
        };
        self.b.ins().store(mem_flags(), x, a, 0);
    }

    /// Work-item `lane` reached the barrier before block `next`: its live values are kept,
    /// and every work-item must reach the same barrier.
    fn barrier(&mut self, next: BlockId) -> Result<(), String> {
        let i = self.barrier_index(next)?;
        for &v in &self.layout.spilled[i].clone() {
            self.spill(v);
        }
        // Every work-item must reach the same barrier (those that returned aside).
        let code = self.b.use_var(self.code);
        let same = self.b.ins().icmp_imm_s(IntCC::Equal, code, i as i64);
        let first = self.b.ins().icmp_imm_s(
            IntCC::UnsignedGreaterThanOrEqual,
            code,
            runtime::DONE as i32 as i64,
        );
        let ok = self.b.ins().bor(same, first);
        let go = self.b.create_block();
        let bad = self.b.create_block();
        self.b.ins().brif(ok, go, &[], bad, &[]);
        self.b.switch_to_block(bad);
        let d = self
            .b
            .ins()
            .iconst(types::I32, runtime::DIVERGED as i32 as i64);
        self.b.ins().return_(&[d]);
        self.b.switch_to_block(go);
        let c = self.b.ins().iconst(types::I32, i as i64);
        self.b.def_var(self.code, c);
        self.next_lane();
        Ok(())
    }

    fn term(&mut self, from: BlockId, t: &Term) -> Result<(), String> {
        match t {
            Term::Jump(e) => {
                self.edge_copies(e);
                self.b.ins().jump(self.blocks[e.target as usize], &[]);
            }
            Term::Branch { cond, then, other } => {
                let c = self.get(*cond);
                let (tb, ob) = (self.edge_block(then), self.edge_block(other));
                self.b.ins().brif(c, tb, &[], ob, &[]);
            }
            Term::Switch {
                sel,
                default,
                cases,
            } => self.switch(*sel, default, cases),
            Term::Barrier { next } => self.barrier(*next)?,
            Term::Return => {
                let done = self.ctx_field(types::I64, field::DONE);
                let lane = self.b.use_var(self.lane);
                let at = self.b.ins().iadd(done, lane);
                let one = self.b.ins().iconst(types::I8, 1);
                self.b.ins().store(ctx_flags(), one, at, 0);
                let code = self.b.use_var(self.code);
                let is_none =
                    self.b
                        .ins()
                        .icmp_imm_s(IntCC::Equal, code, runtime::NONE as i32 as i64);
                let d = self.b.ins().iconst(types::I32, runtime::DONE as i32 as i64);
                let c = self.b.ins().select(is_none, d, code);
                self.b.def_var(self.code, c);
                self.next_lane();
            }
            Term::Unreachable => self.unreachable(),
        }
        let _ = from;
        Ok(())
    }

    /// The parallel copy of an edge's arguments into its target's parameters.
    pub(super) fn edge_copies(&mut self, e: &Edge) {
        let params = &self.f.blocks[e.target as usize].params;
        let values: Vec<Value> = e.args.iter().map(|&a| self.get(a)).collect();
        for (&p, x) in params.iter().zip(values) {
            self.set(p, x);
        }
    }

    /// A block performing `e`'s copies then jumping to its target (the target itself when
    /// there is nothing to copy).
    pub(super) fn edge_block(&mut self, e: &Edge) -> Block {
        let target = self.blocks[e.target as usize];
        if e.args.is_empty() {
            return target;
        }
        let eb = self.b.create_block();
        self.pending.push((eb, e.clone()));
        eb
    }

    /// Fills the edge blocks of the terminator just emitted.
    pub(super) fn fill_edge_blocks(&mut self) {
        for (eb, e) in std::mem::take(&mut self.pending) {
            self.b.switch_to_block(eb);
            if self.rep.is_empty() {
                self.edge_copies(&e);
            } else {
                self.vedge_copies(&e);
            }
            let target = self.blocks[e.target as usize];
            self.b.ins().jump(target, &[]);
        }
    }

    pub(super) fn bytes(s: Scalar) -> u64 {
        (s.bits() as u64 / 8).max(1)
    }

    /// The constant of type `s` whose bits are `c` (as [`Inst::Const`] holds them).
    pub(super) fn konst(&mut self, s: Scalar, c: u64) -> Value {
        match s {
            Scalar::F32 => self.b.ins().f32const(f32::from_bits(c as u32)),
            Scalar::F64 => self.b.ins().f64const(f64::from_bits(c)),
            s => self.b.ins().iconst(cl_type(s), c as i64),
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) -> Result<(), String> {
        let site = self.layout.site_of(s);
        let r = s.result;
        let rt = r.map(|v| self.ty(v));
        let value = match &s.inst {
            Inst::Const(c) => Some(self.konst(rt.ok_or("const without result")?, *c)),
            Inst::Copy(a) => Some(self.get(*a)),
            Inst::Param { param, leaf } => {
                let idx = self.layout.param_index(*param, *leaf);
                let p = self.ctx_field(types::I64, field::PARAMS);
                let s = rt.ok_or("param without result")?;
                Some(
                    self.b
                        .ins()
                        .load(cl_type(s), fixed_flags(), p, (idx * 8) as i32),
                )
            }
            Inst::ParamAddr { param } => {
                let idx = self.layout.param_index(*param, 0);
                let p = self.ctx_field(types::I64, field::PARAMS);
                Some(
                    self.b
                        .ins()
                        .load(types::I64, fixed_flags(), p, (idx * 8) as i32),
                )
            }
            Inst::Builtin(which, d) => Some(self.builtin(*which, *d as usize)),
            Inst::LocalVar(off) => {
                let base = self.ctx_field(types::I64, field::LOCAL_STATIC);
                Some(self.b.ins().iadd_imm_s(base, *off as i64))
            }
            Inst::PrivateVar(off) => {
                let lo = self.priv_lo_value();
                Some(self.b.ins().iadd_imm_s(lo, *off as i64))
            }
            Inst::Un(op, a) => {
                let x = self.get(*a);
                let t = self.ty(*a);
                Some(ops::un(&mut self.b, *op, t, x))
            }
            Inst::Bin(op, a, b) => {
                let (x, y) = (self.get(*a), self.get(*b));
                let (s, ys) = (self.ty(*a), self.ty(*b));
                Some(ops::bin(&mut self.b, *op, s, ys, x, y))
            }
            Inst::Fma(a, b, c) => {
                let (x, y, z) = (self.get(*a), self.get(*b), self.get(*c));
                Some(self.b.ins().fma(x, y, z))
            }
            Inst::Int3(num, t, a) => {
                let x = [self.get(a[0]), self.get(a[1]), self.get(a[2])];
                let rt = rt.ok_or("built-in without result")?;
                Some(if t.bits() <= 32 {
                    ops::int3(&mut self.b, *num, *t, rt, x)
                } else {
                    self.int3_helper(*num, *t, rt, a)?
                })
            }
            Inst::Select(c, a, b) => {
                let (c, x, y) = (self.get(*c), self.get(*a), self.get(*b));
                Some(self.b.ins().select(c, x, y))
            }
            Inst::Conv(c, a) => {
                let x = self.get(*a);
                let to = rt.ok_or("conversion without result")?;
                let from = self.ty(*a);
                Some(ops::conv(&mut self.b, *c, from, to, x))
            }
            Inst::Load { ptr, offset, space } => {
                let s = rt.ok_or("load without result")?;
                Some(self.scalar_access(site, (*ptr, *offset, *space), s, None))
            }
            Inst::Store {
                ptr,
                offset,
                value,
                space,
            } => {
                let s = self.ty(*value);
                self.scalar_access(site, (*ptr, *offset, *space), s, Some(*value));
                None
            }
            Inst::MemCopy { dst, src, bytes } => {
                let ctx = self.b.use_var(self.ctx);
                let (d, sr, n) = (self.get(*dst), self.get(*src), self.get(*bytes));
                let lane = self.lane_value();
                let r = ops::call(
                    &mut self.b,
                    runtime::jit_memcopy as *const () as usize,
                    &[types::I64; 5],
                    &[types::I32],
                    &[ctx, d, sr, n, lane],
                )[0];
                self.fault_if_nonzero(r);
                None
            }
            Inst::GenericCast(p, space) => {
                let ctx = self.b.use_var(self.ctx);
                let x = self.get(*p);
                let sc = self
                    .b
                    .ins()
                    .iconst(types::I32, runtime::space_code(*space) as i64);
                Some(
                    ops::call(
                        &mut self.b,
                        runtime::jit_generic_cast as *const () as usize,
                        &[types::I64, types::I64, types::I32],
                        &[types::I64],
                        &[ctx, x, sc],
                    )[0],
                )
            }
            Inst::Atomic {
                op,
                ptr,
                value,
                compare,
                space,
            } => {
                let s = rt.ok_or("atomic without result")?;
                let p = self.get(*ptr);
                if !self.layout.local_inside(*ptr, 0, Self::bytes(s)) {
                    self.check(site, p, Self::bytes(s), *space);
                }
                let v = value.map(|v| self.get(v));
                let c = compare.map(|c| self.get(c));
                Some(self.atomic(*op, s, p, v, c, *space))
            }
            Inst::Ext(call) => {
                self.ext(call, s)?;
                None
            }
            Inst::Printf(_) => return Err("printf is the interpreter's".into()),
            Inst::Group(_) => {
                return Err("internal: a collective the compiler did not lower".into())
            }
            Inst::Fold(step) => {
                // A pack's lane stepping alone (divergent code): the registers' parts go to
                // memory first.
                self.flush_fold_regs();
                self.fold_step(step, r);
                None
            }
        };
        if let (Some(r), Some(x)) = (r, value) {
            self.set(r, x);
        }
        let _ = defs;
        Ok(())
    }
}

/// The signature of a region function.
pub fn signature(sig: &mut cranelift_codegen::ir::Signature) {
    sig.params
        .extend([types::I64, types::I64, types::I64].map(AbiParam::new));
    sig.returns.push(AbiParam::new(types::I32));
}
