//! The per-work-item code's memory accesses (checked), atomics, built-in values and calls of
//! the runtime (OpenCL.std instructions, 64-bit integer built-ins), and the trampoline of the
//! bounds check.

use super::runtime::{self, field, table};
use super::scalar_gen::{ctx_flags, fixed_flags, mem_flags, movable_flags, Gen};
use super::scalar_ops::{self as ops, cl_type};
use super::ssa::{Space, Stmt, Val};
use crate::front::ssa::BuiltinValue;
use crate::front::ssa::Rmw;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    types, AbiParam, AtomicRmwOp, BlockArg, InstBuilder, MemFlagsData, Value,
};
use cranelift_frontend::FunctionBuilder;

impl Gen<'_, '_> {
    /// A load of a `s` (`value` None, returned) or a store of `value` at `ptr + offset` in
    /// `space`, checked (inline cache `site`) unless proven inside its area.
    pub(super) fn scalar_access(
        &mut self,
        site: usize,
        (ptr, offset, space): (Val, i64, Space),
        s: Scalar,
        value: Option<Val>,
    ) -> Value {
        let p = self.get(ptr);
        let addr = self.b.ins().iadd_imm_s(p, offset);
        let len = Self::bytes(s);
        let local = self.layout.local_inside(ptr, offset, len);
        if !(space == Space::Private && self.layout.private_inside(ptr, offset, len) || local) {
            self.check(site, addr, len, space);
        }
        match value {
            Some(v) => {
                let x = self.get(v);
                self.b.ins().store(mem_flags(), x, addr, 0);
                x
            }
            None => {
                let flags = self.load_flags(local);
                self.b.ins().load(cl_type(s), flags, addr, 0)
            }
        }
    }

    /// The flags of a load, `local` if proven inside the static local part: movable where
    /// nothing writes memory ([`Gen::local_frozen`]).
    pub(super) fn load_flags(&self, local: bool) -> MemFlagsData {
        match local && self.local_frozen {
            true => movable_flags(),
            false => mem_flags(),
        }
    }

    /// Whether `[addr, addr + len)` lies in `[lo, hi)`. Two compares: `addr ≥ lo` signed (an
    /// address past 2^63 is negative and fails; real ranges start below it), `addr + len ≤ hi`
    /// unsigned (an end that wrapped past 2^63 fails, as `hi` is below it).
    pub(super) fn inside(&mut self, addr: Value, len: u64, lo: Value, hi: Value) -> Value {
        let end = self.b.ins().iadd_imm_s(addr, len as i64);
        let a = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, addr, lo);
        let c = self.b.ins().icmp(IntCC::UnsignedLessThanOrEqual, end, hi);
        self.b.ins().band(a, c)
    }

    /// Checks that `[addr, addr + len)` may be accessed (see the module documentation of
    /// `runtime`); continues in a new block when it may, leaves for the fault block if not.
    pub(super) fn check(&mut self, cache: usize, addr: Value, len: u64, space: Space) {
        let ok = self.b.create_block();
        if space == Space::Private {
            let lo = self.priv_lo_value();
            let stride = self.ctx_field(types::I64, field::PRIVATE_STRIDE);
            let hi = self.b.ins().iadd(lo, stride);
            let inside = self.inside(addr, len, lo, hi);
            let next = self.b.create_block();
            self.b.ins().brif(inside, ok, &[], next, &[]);
            self.b.switch_to_block(next);
        }
        self.static_local_first(cache, addr, len, ok);
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
        let lane = self.lane_value();
        let c = self.b.ins().iconst(types::I64, cache as i64);
        self.b.ins().call(self.check_slow, &[ctx, addr, n, lane, c]);
        let status = self.ctx_field(types::I64, field::STATUS);
        let faulted = self.b.ins().icmp_imm_s(IntCC::Equal, status, 2);
        self.b.ins().brif(faulted, self.fault, &[], ok, &[]);
        self.b.switch_to_block(ok);
    }

    /// An access through the kernel-scope `__local` variables (inline cache `cache`) inside
    /// the static local part goes to `ok` with no memory read (the part is one range the
    /// checks allow); any other goes on in a new block, to the inline cache and the runtime.
    pub(super) fn static_local_first(
        &mut self,
        cache: usize,
        addr: Value,
        len: u64,
        ok: cranelift_codegen::ir::Block,
    ) {
        let Some((lo, hi)) = self.local_range else {
            return;
        };
        if self.layout.static_cache != Some(cache) {
            return;
        }
        let inside = self.inside(addr, len, lo, hi);
        let next = self.b.create_block();
        self.b.ins().brif(inside, ok, &[], next, &[]);
        self.b.switch_to_block(next);
    }

    /// The value of built-in `which`, dimension `d`, for the current work-item.
    pub(super) fn builtin(&mut self, which: BuiltinValue, d: usize) -> Value {
        let tab = self.ctx_field(types::I64, field::TABLE);
        let at = |g: &mut Self, i: usize| {
            g.b.ins()
                .load(types::I64, fixed_flags(), tab, (i * 8) as i32)
        };
        let lid = |g: &mut Self, d: usize| {
            let lids = g.ctx_field(types::I64, field::LIDS);
            let lanes = at(g, table::LANES);
            let lane = g.lane_value();
            // In a group of one row (its lanes all of dimension 0) the local id of dimension
            // 0 is the lane: no load of `lids` (`FrameLayout::row_ids`).
            let join = (d == 0 && g.layout.row_ids).then(|| {
                let size = at(g, table::LOCAL_SIZE);
                let one_row = g.b.ins().icmp(IntCC::Equal, lanes, size);
                let (load, join) = (g.b.create_block(), g.b.create_block());
                g.b.append_block_param(join, types::I64);
                g.b.ins()
                    .brif(one_row, join, &[BlockArg::Value(lane)], load, &[]);
                g.b.switch_to_block(load);
                join
            });
            let row = g.b.ins().imul_imm_s(lanes, d as i64);
            let i = g.b.ins().iadd(row, lane);
            let off = g.b.ins().imul_imm_s(i, 4);
            let a = g.b.ins().iadd(lids, off);
            let v = g.b.ins().load(types::I32, fixed_flags(), a, 0);
            let v = g.b.ins().uextend(types::I64, v);
            match join {
                Some(join) => {
                    g.b.ins().jump(join, &[BlockArg::Value(v)]);
                    g.b.switch_to_block(join);
                    g.b.block_params(join)[0]
                }
                None => v,
            }
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
            // The sub-group built-ins do not get here (`lower_groups.rs` rewrites them into
            // arithmetic first): what follows are the values of sub-groups of one.
            BuiltinValue::LocalLinearId | BuiltinValue::SubgroupId => self.lane_value(),
            BuiltinValue::SubgroupSize | BuiltinValue::SubgroupMaxSize => {
                self.b.ins().iconst(types::I64, 1)
            }
            BuiltinValue::NumSubgroups => at(self, table::LANES),
            BuiltinValue::SubgroupLocalId => self.b.ins().iconst(types::I64, 0),
        }
    }

    pub(super) fn atomic(
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
        if matches!(op, Rmw::FAdd | Rmw::FMin | Rmw::FMax) {
            // Float atomics: a compare-and-swap loop in the runtime (local memory too).
            let bits = match v {
                Some(v) => ops::to_u64(&mut self.b, s, v),
                None => self.b.ins().iconst(types::I64, 0),
            };
            let code = runtime::float_atomic_code(op, s);
            let code = self.b.ins().iconst(types::I32, code as i64);
            let old = ops::call(
                &mut self.b,
                runtime::jit_float_atomic as *const () as usize,
                &[types::I32, types::I64, types::I64],
                &[types::I64],
                &[code, p, bits],
            )[0];
            return ops::from_u64(&mut self.b, s, old);
        }
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
                Rmw::FAdd | Rmw::FMin | Rmw::FMax => None,
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
            Rmw::FAdd | Rmw::FMin | Rmw::FMax => zero,
        }
    }

    /// An OpenCL.std call through [`runtime::jit_ext`].
    pub(super) fn ext(&mut self, call: &super::ssa::ExtCall, s: &Stmt) -> Result<(), String> {
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
        let scratch = self.call_ext(desc);
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

    /// Calls [`runtime::jit_ext`] with descriptor `desc` (arguments already in the scratch
    /// area); returns the scratch area, where the results are.
    fn call_ext(&mut self, desc: usize) -> Value {
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
        self.ctx_field(types::I64, field::SCRATCH)
    }

    /// A 64-bit integer built-in through the interpreter's implementation.
    pub(super) fn int3_helper(
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
        let scratch = self.call_ext(desc);
        let bits = self.b.ins().load(types::I64, ctx_flags(), scratch, 0);
        Ok(ops::from_u64(&mut self.b, rt, bits))
    }
    pub(super) fn fault_if_nonzero(&mut self, r: Value) {
        let next = self.b.create_block();
        self.b.ins().brif(r, self.fault, &[], next, &[]);
        self.b.switch_to_block(next);
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
