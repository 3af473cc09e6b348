//! The per-work-item code: one generated function runs the work-items `begin..end` of a
//! group from a resume point (the kernel's start, or just after barrier `i`) until each
//! reaches a barrier or returns, one after the other. Values live across a barrier are
//! stored per work-item ([`Layout`]) and reloaded when the next call resumes there, so a
//! group runs region by region: barriers cost one call per region, not per work-item.
//!
//! Signature: `extern "C" fn(ctx: *mut Ctx, resume: u32, begin: u64, end: u64) -> u32`,
//! returning the barrier index all work-items reached, [`runtime::DONE`], [`runtime::FAULT`]
//! or [`runtime::DIVERGED`].

use super::analysis::{defs, per_item};
use super::ir::{BlockId, Edge, Func, Inst, Space, Stmt, Term, Val};
use super::runtime::{self, field, table};
use super::scalar_ops::{self as ops, cl_type, int_type};
use super::Layout;
use crate::ir::BuiltinValue;
use crate::memops::Rmw;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, AbiParam, AtomicRmwOp, Block, InstBuilder, MemFlagsData, Type, Value,
};
use cranelift_frontend::{FunctionBuilder, Variable};

/// Loads and stores of checked memory: no trap (the range was checked), any alignment.
pub fn mem_flags() -> MemFlagsData {
    MemFlagsData::new().with_notrap()
}

/// Context loads: aligned, never trapping.
fn ctx_flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

pub(super) struct Gen<'a, 'b> {
    pub b: FunctionBuilder<'b>,
    pub f: &'a Func,
    pub layout: &'a Layout,
    vars: Vec<Variable>,
    blocks: Vec<Block>,
    ctx: Variable,
    lane: Variable,
    code: Variable,
    priv_lo: Variable,
    /// The trampoline of [`runtime::jit_check`].
    check_slow: cranelift_codegen::ir::FuncRef,
    fault: Block,
    head: Block,
    /// Edge blocks to fill once the current terminator is emitted.
    pending: Vec<(Block, Edge)>,
}

impl<'a, 'b> Gen<'a, 'b> {
    fn var(&mut self, v: Val) -> Variable {
        self.vars[v as usize]
    }

    pub fn get(&mut self, v: Val) -> Value {
        let var = self.var(v);
        self.b.use_var(var)
    }

    fn set(&mut self, v: Val, x: Value) {
        let var = self.var(v);
        self.b.def_var(var, x);
    }

    fn ty(&self, v: Val) -> Scalar {
        self.f.types[v as usize]
    }

    fn ctx_field(&mut self, t: Type, off: i32) -> Value {
        let c = self.b.use_var(self.ctx);
        self.b.ins().load(t, ctx_flags(), c, off)
    }

    /// Generates the function into `b` (whose signature is set).
    pub fn generate(
        b: FunctionBuilder<'b>,
        f: &'a Func,
        layout: &'a Layout,
        region: usize,
        check_slow: cranelift_codegen::ir::FuncRef,
        target: cranelift_codegen::isa::TargetFrontendConfig,
    ) -> Result<(), String> {
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
        };
        g.vars = f
            .types
            .iter()
            .map(|s| g.b.declare_var(cl_type(*s)))
            .collect();
        g.ctx = g.b.declare_var(types::I64);
        g.lane = g.b.declare_var(types::I64);
        g.code = g.b.declare_var(types::I32);
        g.priv_lo = g.b.declare_var(types::I64);
        g.body(region)?;
        g.b.seal_all_blocks();
        g.b.finalize(target);
        Ok(())
    }

    /// The function of region `region`: 0 from the kernel's start, `i + 1` from barrier `i`.
    fn body(&mut self, region: usize) -> Result<(), String> {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        let params = self.b.block_params(entry).to_vec();
        self.b.def_var(self.ctx, params[0]);
        self.b.def_var(self.lane, params[1]);
        let end = params[2];
        let none = self.b.ins().iconst(types::I32, runtime::NONE as i32 as i64);
        self.b.def_var(self.code, none);
        // Values the same for every work-item: once per call.
        for s in &self.f.blocks[0].stmts {
            if !per_item(s) {
                self.stmt(s)?;
            }
        }
        self.fault = self.b.create_block();
        self.head = self.b.create_block();
        let exit = self.b.create_block();
        // Placeholders: only the blocks the region reaches are created (below).
        self.blocks = vec![Block::from_u32(0); self.f.blocks.len()];
        self.b.ins().jump(self.head, &[]);

        // The work-item loop.
        self.b.switch_to_block(self.head);
        let lane = self.b.use_var(self.lane);
        let past = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, lane, end);
        let check_done = self.b.create_block();
        self.b.ins().brif(past, exit, &[], check_done, &[]);
        self.b.switch_to_block(check_done);
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
            0 => match &self.f.blocks[0].term {
                Term::Jump(e) => e.target,
                _ => return Err("internal: the entry block does not jump".into()),
            },
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
        let mut reach = vec![false; self.f.blocks.len()];
        let mut work = vec![first];
        while let Some(b) = work.pop() {
            if std::mem::replace(&mut reach[b as usize], true) {
                continue;
            }
            if !matches!(self.f.blocks[b as usize].term, Term::Barrier { .. }) {
                work.extend(self.f.succs(b));
            }
        }
        for (i, r) in reach.iter().enumerate() {
            if *r {
                self.blocks[i] = self.b.create_block();
            }
        }
        self.b.ins().jump(self.blocks[first as usize], &[]);
        for (i, block) in self.f.blocks.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            self.b.switch_to_block(self.blocks[i]);
            for s in &block.stmts {
                self.stmt(s)?;
            }
            self.term(i as BlockId, &block.term)?;
            self.fill_edge_blocks();
        }
        self.b.switch_to_block(self.fault);
        let f = self
            .b
            .ins()
            .iconst(types::I32, runtime::FAULT as i32 as i64);
        self.b.ins().return_(&[f]);
        self.b.switch_to_block(exit);
        let code = self.b.use_var(self.code);
        self.b.ins().return_(&[code]);
        Ok(())
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

    fn reload(&mut self, v: Val) -> Value {
        let a = self.spill_addr(v);
        let t = cl_type(self.ty(v));
        self.b.ins().load(t, mem_flags(), a, 0)
    }

    fn spill(&mut self, v: Val) {
        let x = self.get(v);
        let a = self.spill_addr(v);
        self.b.ins().store(mem_flags(), x, a, 0);
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
            } => {
                let s = self.get(*sel);
                let st = self.ty(*sel);
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
            Term::Barrier { next } => {
                let i = self
                    .layout
                    .resume
                    .iter()
                    .position(|r| r == next)
                    .ok_or("internal: unknown barrier")?;
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
            }
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
            Term::Unreachable => {
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
        }
        let _ = from;
        Ok(())
    }

    /// The parallel copy of an edge's arguments into its target's parameters.
    fn edge_copies(&mut self, e: &Edge) {
        let params = &self.f.blocks[e.target as usize].params;
        let values: Vec<Value> = e.args.iter().map(|&a| self.get(a)).collect();
        for (&p, x) in params.iter().zip(values) {
            self.set(p, x);
        }
    }

    /// A block performing `e`'s copies then jumping to its target (the target itself when
    /// there is nothing to copy).
    fn edge_block(&mut self, e: &Edge) -> Block {
        let target = self.blocks[e.target as usize];
        if e.args.is_empty() {
            return target;
        }
        let eb = self.b.create_block();
        self.pending.push((eb, e.clone()));
        eb
    }

    /// Fills the edge blocks of the terminator just emitted.
    fn fill_edge_blocks(&mut self) {
        for (eb, e) in std::mem::take(&mut self.pending) {
            self.b.switch_to_block(eb);
            self.edge_copies(&e);
            let target = self.blocks[e.target as usize];
            self.b.ins().jump(target, &[]);
        }
    }

    /// Whether `[addr, addr + len)` lies in `[lo, hi)`. Two compares: `addr ≥ lo` signed (an
    /// address past 2^63 is negative and fails; real ranges start below it), `addr + len ≤ hi`
    /// unsigned (an end that wrapped past 2^63 fails, as `hi` is below it).
    fn inside(&mut self, addr: Value, len: u64, lo: Value, hi: Value) -> Value {
        let end = self.b.ins().iadd_imm_s(addr, len as i64);
        let a = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, addr, lo);
        let c = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, hi);
        self.b.ins().band(a, c)
    }

    /// Checks that `[addr, addr + len)` may be accessed (see the module documentation of
    /// `runtime`); continues in a new block when it may, leaves for the fault block if not.
    fn check(&mut self, cache: usize, addr: Value, len: u64, space: Space) {
        let ok = self.b.create_block();
        if space == Space::Private {
            let lo = self.b.use_var(self.priv_lo);
            let stride = self.ctx_field(types::I64, field::PRIVATE_STRIDE);
            let hi = self.b.ins().iadd(lo, stride);
            let inside = self.inside(addr, len, lo, hi);
            let next = self.b.create_block();
            self.b.ins().brif(inside, ok, &[], next, &[]);
            self.b.switch_to_block(next);
        }
        let caches = self.ctx_field(types::I64, field::CACHES);
        let at = (cache * 16) as i32;
        let lo = self.b.ins().load(types::I64, ctx_flags(), caches, at);
        let hi = self.b.ins().load(types::I64, ctx_flags(), caches, at + 8);
        let inside = self.inside(addr, len, lo, hi);
        let slow = self.b.create_block();
        self.b.ins().brif(inside, ok, &[], slow, &[]);
        self.b.set_cold_block(slow);
        self.b.switch_to_block(slow);
        // The trampoline preserves every register: the hot path keeps its values in them.
        let ctx = self.b.use_var(self.ctx);
        let n = self.b.ins().iconst(types::I64, len as i64);
        let lane = self.b.use_var(self.lane);
        let c = self.b.ins().iconst(types::I64, cache as i64);
        self.b.ins().call(self.check_slow, &[ctx, addr, n, lane, c]);
        let status = self.ctx_field(types::I64, field::STATUS);
        let faulted = self.b.ins().icmp_imm_s(IntCC::Equal, status, 2);
        self.b.ins().brif(faulted, self.fault, &[], ok, &[]);
        self.b.switch_to_block(ok);
    }

    fn bytes(s: Scalar) -> u64 {
        (s.bits() as u64 / 8).max(1)
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), String> {
        let site = self.layout.site_of(s);
        let r = s.result;
        let rt = r.map(|v| self.ty(v));
        let value = match &s.inst {
            Inst::Const(c) => {
                let s = rt.ok_or("const without result")?;
                Some(match s {
                    Scalar::F32 => self.b.ins().f32const(f32::from_bits(*c as u32)),
                    Scalar::F64 => self.b.ins().f64const(f64::from_bits(*c)),
                    s => self.b.ins().iconst(cl_type(s), *c as i64),
                })
            }
            Inst::Copy(a) => Some(self.get(*a)),
            Inst::Param { param, leaf } => {
                let idx = self.layout.param_index(*param, *leaf);
                let p = self.ctx_field(types::I64, field::PARAMS);
                let s = rt.ok_or("param without result")?;
                Some(
                    self.b
                        .ins()
                        .load(cl_type(s), ctx_flags(), p, (idx * 8) as i32),
                )
            }
            Inst::ParamAddr { param } => {
                let idx = self.layout.param_index(*param, 0);
                let p = self.ctx_field(types::I64, field::PARAMS);
                Some(
                    self.b
                        .ins()
                        .load(types::I64, ctx_flags(), p, (idx * 8) as i32),
                )
            }
            Inst::Builtin(which, d) => Some(self.builtin(*which, *d as usize)),
            Inst::LocalVar(off) => {
                let base = self.ctx_field(types::I64, field::LOCAL_STATIC);
                Some(self.b.ins().iadd_imm_s(base, *off as i64))
            }
            Inst::PrivateVar(off) => {
                let lo = self.b.use_var(self.priv_lo);
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
                let p = self.get(*ptr);
                let addr = self.b.ins().iadd_imm_s(p, *offset);
                self.check(site, addr, Self::bytes(s), *space);
                Some(self.b.ins().load(cl_type(s), mem_flags(), addr, 0))
            }
            Inst::Store {
                ptr,
                offset,
                value,
                space,
            } => {
                let s = self.ty(*value);
                let p = self.get(*ptr);
                let addr = self.b.ins().iadd_imm_s(p, *offset);
                self.check(site, addr, Self::bytes(s), *space);
                let x = self.get(*value);
                self.b.ins().store(mem_flags(), x, addr, 0);
                None
            }
            Inst::MemCopy { dst, src, bytes } => {
                let ctx = self.b.use_var(self.ctx);
                let (d, sr, n) = (self.get(*dst), self.get(*src), self.get(*bytes));
                let lane = self.b.use_var(self.lane);
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
                self.check(site, p, Self::bytes(s), *space);
                let v = value.map(|v| self.get(v));
                let c = compare.map(|c| self.get(c));
                Some(self.atomic(*op, s, p, v, c, *space))
            }
            Inst::Ext(call) => {
                self.ext(call, s)?;
                None
            }
        };
        if let (Some(r), Some(x)) = (r, value) {
            self.set(r, x);
        }
        let _ = defs;
        Ok(())
    }

    fn fault_if_nonzero(&mut self, r: Value) {
        let next = self.b.create_block();
        self.b.ins().brif(r, self.fault, &[], next, &[]);
        self.b.switch_to_block(next);
    }

    /// The value of built-in `which`, dimension `d`, for the current work-item.
    fn builtin(&mut self, which: BuiltinValue, d: usize) -> Value {
        let tab = self.ctx_field(types::I64, field::TABLE);
        let at =
            |g: &mut Self, i: usize| g.b.ins().load(types::I64, ctx_flags(), tab, (i * 8) as i32);
        let lid = |g: &mut Self, d: usize| {
            let lids = g.ctx_field(types::I64, field::LIDS);
            let lanes = at(g, table::LANES);
            let lane = g.b.use_var(g.lane);
            let row = g.b.ins().imul_imm_s(lanes, d as i64);
            let i = g.b.ins().iadd(row, lane);
            let off = g.b.ins().imul_imm_s(i, 4);
            let a = g.b.ins().iadd(lids, off);
            let v = g.b.ins().load(types::I32, ctx_flags(), a, 0);
            g.b.ins().uextend(types::I64, v)
        };
        match which {
            BuiltinValue::GroupId => at(self, table::GROUP_ID + d),
            BuiltinValue::NumGroups => at(self, table::NUM_GROUPS + d),
            BuiltinValue::LocalSize | BuiltinValue::EnqueuedLocalSize => {
                at(self, table::LOCAL_SIZE + d)
            }
            BuiltinValue::GlobalSize => at(self, table::GLOBAL_SIZE + d),
            BuiltinValue::GlobalOffset => at(self, table::GLOBAL_OFFSET + d),
            BuiltinValue::WorkDim => at(self, table::WORK_DIM),
            BuiltinValue::LocalId => lid(self, d),
            BuiltinValue::GlobalId => {
                let base = at(self, table::GID_BASE + d);
                let l = lid(self, d);
                self.b.ins().iadd(base, l)
            }
            BuiltinValue::GlobalLinearId => {
                let [x, y, z] = [0, 1, 2].map(|k| {
                    let b = at(self, table::GROUP_BASE + k);
                    let l = lid(self, k);
                    self.b.ins().iadd(b, l)
                });
                let gx = at(self, table::GLOBAL_SIZE);
                let gy = at(self, table::GLOBAL_SIZE + 1);
                let zy = self.b.ins().imul(z, gy);
                let zy = self.b.ins().iadd(zy, y);
                let r = self.b.ins().imul(zy, gx);
                self.b.ins().iadd(r, x)
            }
            BuiltinValue::LocalLinearId | BuiltinValue::SubgroupId => self.b.use_var(self.lane),
            BuiltinValue::SubgroupSize | BuiltinValue::SubgroupMaxSize => {
                self.b.ins().iconst(types::I64, 1)
            }
            BuiltinValue::NumSubgroups => at(self, table::LANES),
            BuiltinValue::SubgroupLocalId => self.b.ins().iconst(types::I64, 0),
        }
    }

    fn atomic(
        &mut self,
        op: Rmw,
        s: Scalar,
        p: Value,
        v: Option<Value>,
        c: Option<Value>,
        space: Space,
    ) -> Value {
        let t = cl_type(s);
        let bytes = Self::bytes(s) as i64;
        // Misaligned: a fault.
        let mis = self.b.ins().band_imm_s(p, bytes - 1);
        let bad = self.b.create_block();
        let go = self.b.create_block();
        self.b.ins().brif(mis, bad, &[], go, &[]);
        self.b.set_cold_block(bad);
        self.b.switch_to_block(bad);
        let ctx = self.b.use_var(self.ctx);
        let k = self.b.ins().iconst(types::I32, bytes);
        ops::call(
            &mut self.b,
            runtime::jit_fault as *const () as usize,
            &[types::I64, types::I32, types::I64],
            &[types::I32],
            &[ctx, k, p],
        );
        self.b.ins().jump(self.fault, &[]);
        self.b.switch_to_block(go);
        let zero = self.b.ins().iconst(t, 0);
        let one = self.b.ins().iconst(t, 1);
        let v = v.unwrap_or(zero);
        if space == Space::Local {
            // A work-group's local memory is touched by its own thread only: a plain
            // read-modify-write is atomic with respect to every other access to it.
            let old = self.b.ins().load(t, mem_flags(), p, 0);
            let new = match op {
                Rmw::Load => None,
                Rmw::Store | Rmw::Exchange => Some(v),
                Rmw::CompareExchange => {
                    let eq = self.b.ins().icmp(IntCC::Equal, old, c.unwrap_or(zero));
                    Some(self.b.ins().select(eq, v, old))
                }
                Rmw::Add => Some(self.b.ins().iadd(old, v)),
                Rmw::Sub => Some(self.b.ins().isub(old, v)),
                Rmw::SMin => Some(self.b.ins().smin(old, v)),
                Rmw::UMin => Some(self.b.ins().umin(old, v)),
                Rmw::SMax => Some(self.b.ins().smax(old, v)),
                Rmw::UMax => Some(self.b.ins().umax(old, v)),
                Rmw::And => Some(self.b.ins().band(old, v)),
                Rmw::Or => Some(self.b.ins().bor(old, v)),
                Rmw::Xor => Some(self.b.ins().bxor(old, v)),
                Rmw::FlagTestAndSet => Some(one),
                Rmw::FlagClear => Some(zero),
            };
            if let Some(n) = new {
                self.b.ins().store(mem_flags(), n, p, 0);
            }
            return if op == Rmw::FlagTestAndSet {
                let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, old, 0);
                self.b.ins().uextend(t, set)
            } else {
                old
            };
        }
        let f = mem_flags();
        let rmw = |g: &mut Self, o: AtomicRmwOp, x: Value| g.b.ins().atomic_rmw(t, f, o, p, x);
        match op {
            Rmw::Load => self.b.ins().atomic_load(t, f, p),
            Rmw::Store => {
                self.b.ins().atomic_store(f, v, p);
                zero
            }
            Rmw::FlagClear => {
                self.b.ins().atomic_store(f, zero, p);
                zero
            }
            Rmw::Exchange => rmw(self, AtomicRmwOp::Xchg, v),
            Rmw::CompareExchange => {
                let e = c.unwrap_or(zero);
                self.b.ins().atomic_cas(f, p, e, v)
            }
            Rmw::Add => rmw(self, AtomicRmwOp::Add, v),
            Rmw::Sub => rmw(self, AtomicRmwOp::Sub, v),
            Rmw::SMin => rmw(self, AtomicRmwOp::Smin, v),
            Rmw::UMin => rmw(self, AtomicRmwOp::Umin, v),
            Rmw::SMax => rmw(self, AtomicRmwOp::Smax, v),
            Rmw::UMax => rmw(self, AtomicRmwOp::Umax, v),
            Rmw::And => rmw(self, AtomicRmwOp::And, v),
            Rmw::Or => rmw(self, AtomicRmwOp::Or, v),
            Rmw::Xor => rmw(self, AtomicRmwOp::Xor, v),
            Rmw::FlagTestAndSet => {
                let old = rmw(self, AtomicRmwOp::Xchg, one);
                let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, old, 0);
                self.b.ins().uextend(t, set)
            }
        }
    }

    /// An OpenCL.std call through [`runtime::jit_ext`].
    fn ext(&mut self, call: &super::ir::ExtCall, s: &Stmt) -> Result<(), String> {
        let desc = self.layout.ext_desc(s).ok_or("internal: no descriptor")?;
        let scratch = self.ctx_field(types::I64, field::SCRATCH);
        let mut at = 0;
        for (vals, _) in &call.args {
            for &v in vals {
                let x = self.get(v);
                let t = self.ty(v);
                let bits = ops::to_u64(&mut self.b, t, x);
                self.b.ins().store(ctx_flags(), bits, scratch, at * 8);
                at += 1;
            }
        }
        let ctx = self.b.use_var(self.ctx);
        let d = self.b.ins().iconst(types::I64, desc as i64);
        let r = ops::call(
            &mut self.b,
            runtime::jit_ext as *const () as usize,
            &[types::I64, types::I64],
            &[types::I32],
            &[ctx, d],
        )[0];
        self.fault_if_nonzero(r);
        let scratch = self.ctx_field(types::I64, field::SCRATCH);
        for (i, &v) in call.results.iter().chain(&call.out2).enumerate() {
            let bits = self
                .b
                .ins()
                .load(types::I64, ctx_flags(), scratch, (i * 8) as i32);
            let t = self.ty(v);
            let x = ops::from_u64(&mut self.b, t, bits);
            self.set(v, x);
        }
        Ok(())
    }

    /// A 64-bit integer built-in through the interpreter's implementation.
    fn int3_helper(
        &mut self,
        num: u32,
        t: Scalar,
        rt: Scalar,
        a: &[Val; 3],
    ) -> Result<Value, String> {
        let (arity, _) = (crate::opencl_std::arity(num), ());
        let scratch = self.ctx_field(types::I64, field::SCRATCH);
        for (i, &v) in a.iter().take(arity).enumerate() {
            let x = self.get(v);
            let t = self.ty(v);
            let bits = ops::to_u64(&mut self.b, t, x);
            self.b
                .ins()
                .store(ctx_flags(), bits, scratch, (i * 8) as i32);
        }
        let desc = self
            .layout
            .int_desc(num, t, rt)
            .ok_or("internal: no descriptor")?;
        let ctx = self.b.use_var(self.ctx);
        let d = self.b.ins().iconst(types::I64, desc as i64);
        let r = ops::call(
            &mut self.b,
            runtime::jit_ext as *const () as usize,
            &[types::I64, types::I64],
            &[types::I32],
            &[ctx, d],
        )[0];
        self.fault_if_nonzero(r);
        let scratch = self.ctx_field(types::I64, field::SCRATCH);
        let bits = self.b.ins().load(types::I64, ctx_flags(), scratch, 0);
        let _ = int_type;
        Ok(ops::from_u64(&mut self.b, rt, bits))
    }
}

/// Builds the trampoline through which region functions call [`runtime::jit_check`]: it
/// preserves every register (`PreserveAll`), so that a miss of an inline cache costs the hot
/// path nothing, and leaves the result in `Ctx::status`. Arguments: ctx, address, length,
/// work-item, cache.
pub fn check_trampoline(
    mut b: FunctionBuilder,
    target: cranelift_codegen::isa::TargetFrontendConfig,
) {
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let p = b.block_params(entry).to_vec();
    let r = ops::call(
        &mut b,
        runtime::jit_check as *const () as usize,
        &[types::I64; 5],
        &[types::I32],
        &p,
    )[0];
    let r = b.ins().uextend(types::I64, r);
    b.ins().store(ctx_flags(), r, p[0], field::STATUS);
    b.ins().return_(&[]);
    b.seal_all_blocks();
    b.finalize(target);
}

/// The trampoline's signature.
pub fn trampoline_signature(sig: &mut cranelift_codegen::ir::Signature) {
    sig.call_conv = cranelift_codegen::isa::CallConv::PreserveAll;
    sig.params.extend([types::I64; 5].map(AbiParam::new));
}

/// The signature of a region function.
pub fn signature(sig: &mut cranelift_codegen::ir::Signature) {
    sig.params
        .extend([types::I64, types::I64, types::I64].map(AbiParam::new));
    sig.returns.push(AbiParam::new(types::I32));
}
