//! Accesses checked once per call for the whole work-group: an `int`-indexed address
//! `base + ext(index) * 4` (`base` the same for the group) whose index is built from the
//! work-item ids and values the same for the whole group by `+`, `-`, `*`, `<<` and the `int`
//! `clamp`, `min` and `max` (the stencil's `in[clamp(y, 0, h - 1) * w + clamp(x - 1, 0, w - 1)]`).
//!
//! Interval arithmetic over the group's ids bounds the index of every work-item of the group:
//! each step is monotone in each operand, or a product bounded by its corners. When every
//! step's interval lies within 32 bits, nothing wraps, so the values the code computes are
//! the exact ones, inside the bounds: one check of the bytes from the lower bound's element
//! to the upper one's covers every execution of the access in the call, and the lanes of a
//! pack need no check of their own (only a test that they are consecutive, for one vector
//! access; else they are accessed one by one). Where, besides, every `clamp`, `min` and `max`
//! leaves its varying operand unchanged over the whole group (the stencil's inner groups),
//! the index moves by a stride known when compiling across a pack: with stride 1, the lanes
//! are consecutive without a test. If the check fails, the access checks each pack (and then
//! each lane) as before, so a fault lands on the first bad byte.

use super::analysis::defs;
use super::runtime::{field, table};
use super::scalar_gen::{fixed_flags, mem_flags, Gen};
use super::ssa::{Bin, Conv, Func, Inst, Stmt, Val};
use super::stride::Scaled;
use super::vector_gen::vec_type;
use crate::front::ssa::BuiltinValue;
use crate::opencl_std::opcode::{S_CLAMP, S_MAX, S_MIN};
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, BlockArg, InstBuilder, Value};
use cranelift_frontend::Variable;
use std::collections::HashMap;

/// An index expression: its leaves are values the same for the whole group and ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A value the same for the whole group (`int`, or `long` under `Trunc`), and its
    /// value if it is a constant.
    Inv(Val, Option<i64>),
    /// `get_global_id(d)` (`global`) or `get_local_id(d)`: a `long`.
    Id {
        global: bool,
        d: u8,
    },
    /// A `long` truncated to an `int`.
    Trunc(Box<Node>),
    Add(Box<Node>, Box<Node>),
    Sub(Box<Node>, Box<Node>),
    Mul(Box<Node>, Box<Node>),
    Shl(Box<Node>, u32),
    /// `clamp(x, lo, hi)`: `min(max(x, lo), hi)`.
    Clamp(Box<Node>, Box<Node>, Box<Node>),
    Max(Box<Node>, Box<Node>),
    Min(Box<Node>, Box<Node>),
}

/// An access checked once per call: its address and index expression.
#[derive(Clone, Debug)]
pub struct Grouped {
    pub sc: Scaled,
    pub index: Node,
}

/// The [`Scaled`] addresses whose index is a [`Node`] expression, by address value.
pub fn grouped_addresses(f: &Func, scaled: &HashMap<Val, Scaled>) -> HashMap<Val, Grouped> {
    let inv = super::stride::invariant(f, 3);
    let mut def: HashMap<Val, &Inst> = HashMap::new();
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        if let (Some(r), 1) = (s.result, defs(s).len()) {
            def.insert(r, &s.inst);
        }
    }
    let t = Tree {
        f,
        def: &def,
        inv: &inv,
    };
    let mut out = HashMap::new();
    for (&ptr, sc) in scaled {
        if !inv[sc.base as usize] {
            continue;
        }
        let mut budget = 48;
        if let Some(index) = t.node(sc.index, Scalar::I32, &mut budget) {
            out.insert(ptr, Grouped { sc: *sc, index });
        }
    }
    out
}

struct Tree<'a> {
    f: &'a Func,
    def: &'a HashMap<Val, &'a Inst>,
    inv: &'a [bool],
}

impl Tree<'_> {
    /// `v` (of type `want`) as an expression, within `budget` nodes.
    fn node(&self, v: Val, want: Scalar, budget: &mut usize) -> Option<Node> {
        if self.f.types[v as usize] != want || *budget == 0 {
            return None;
        }
        *budget -= 1;
        let inst = self.def.get(&v).copied();
        if self.inv[v as usize] {
            let k = match inst {
                Some(Inst::Const(k)) if want == Scalar::I32 => Some(i64::from(*k as u32 as i32)),
                _ => None,
            };
            return Some(Node::Inv(v, k));
        }
        let b = |n: Node| Box::new(n);
        let int = |x: Val, budget: &mut usize| self.node(x, Scalar::I32, budget).map(b);
        match (inst?, want) {
            (Inst::Copy(a), _) => self.node(*a, want, budget),
            (Inst::Builtin(BuiltinValue::GlobalId, d), Scalar::I64) if *d < 3 => Some(Node::Id {
                global: true,
                d: *d,
            }),
            (Inst::Builtin(BuiltinValue::LocalId, d), Scalar::I64) if *d < 3 => Some(Node::Id {
                global: false,
                d: *d,
            }),
            (Inst::Conv(Conv::Int { .. }, a), Scalar::I32) => self
                .node(*a, Scalar::I64, budget)
                .map(|n| Node::Trunc(b(n))),
            (Inst::Bin(op @ (Bin::IAdd | Bin::ISub | Bin::IMul), x, y), Scalar::I32) => {
                let (x, y) = (int(*x, budget)?, int(*y, budget)?);
                Some(match op {
                    Bin::IAdd => Node::Add(x, y),
                    Bin::ISub => Node::Sub(x, y),
                    _ => Node::Mul(x, y),
                })
            }
            (Inst::Bin(Bin::Shl, x, c), Scalar::I32) => match self.def.get(c) {
                Some(Inst::Const(k)) if self.f.types[*c as usize] == Scalar::I32 && *k < 31 => {
                    Some(Node::Shl(int(*x, budget)?, *k as u32))
                }
                _ => None,
            },
            (Inst::Int3(S_CLAMP, Scalar::I32, [x, lo, hi]), Scalar::I32) => Some(Node::Clamp(
                int(*x, budget)?,
                int(*lo, budget)?,
                int(*hi, budget)?,
            )),
            (Inst::Int3(n @ (S_MAX | S_MIN), Scalar::I32, [x, y, _]), Scalar::I32) => {
                let (x, y) = (int(*x, budget)?, int(*y, budget)?);
                Some(if *n == S_MAX {
                    Node::Max(x, y)
                } else {
                    Node::Min(x, y)
                })
            }
            _ => None,
        }
    }
}

/// What the interval computation found besides the bounds: `ok` (every bound within
/// 32 bits, no wrap), `same` (every `clamp`, `min`, `max` passes its varying operand
/// unchanged over the group).
struct Flags {
    ok: Value,
    same: Value,
}

/// Where a grouped access keeps its state in a call: three bits of one variable shared by
/// every grouped access of the function (none set: not checked yet).
#[derive(Clone, Copy)]
pub struct GroupState {
    pub(super) var: Variable,
    /// The access's first bit: [`CONSECUTIVE`], then [`ALLOWED`], then [`FAILED`].
    pub(super) shift: u32,
}

/// Checked, allowed, and the lanes of a pack are consecutive by construction.
pub(super) const CONSECUTIVE: i64 = 1;
/// Checked, allowed; the lanes of a pack are consecutive when a test says so.
pub(super) const ALLOWED: i64 = 2;
/// The check failed: each pack is checked.
const FAILED: i64 = 4;
/// Grouped accesses per function (three bits each).
const MAX_GROUPED: usize = 21;

impl Gen<'_, '_> {
    /// The grouped access statement `s`, if it is one: a 32-bit load or store through a
    /// [`Grouped`] address outside private memory, not consecutive along a row (those are
    /// checked once per row: [`hoistable`](Self::hoistable)) unless a store in a function
    /// that groups a load (the stencil's output: checked once per call too, so that
    /// [`super::row_touch`] can touch its next rows' lines).
    pub(super) fn grouped(&self, s: &Stmt) -> Option<&Grouped> {
        let store = matches!(s.inst, Inst::Store { .. });
        if self.hoistable(s) && !(store && self.group_stores) {
            return None;
        }
        let (ptr, offset, elem, space) = match s.inst {
            Inst::Load { ptr, offset, space } => {
                (ptr, offset, s.result.map(|r| self.ty(r))?, space)
            }
            Inst::Store {
                ptr,
                offset,
                value,
                space,
            } => (ptr, offset, self.ty(value), space),
            _ => return None,
        };
        let ok = space != super::ssa::Space::Private
            && !self.layout.local_inside(ptr, offset, 4)
            && matches!(elem, Scalar::I32 | Scalar::F32)
            && self.rep[ptr as usize] != super::vector_gen::Rep::U;
        self.group.get(&ptr).filter(|_| ok)
    }

    /// Whether some load of the function is grouped.
    pub(super) fn groups_loads(&self) -> bool {
        self.f
            .blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .any(|s| matches!(s.inst, Inst::Load { .. }) && self.grouped(s).is_some())
    }

    /// Declares the state variable of the grouped accesses, nothing known yet (at a pack
    /// function's start). Only the first [`MAX_GROUPED`] are checked once per call.
    pub(super) fn declare_grouped(&mut self) {
        let var = self.b.declare_var(types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.def_var(var, zero);
        self.group_touch.clear();
        let mut n = 0;
        for s in self.f.blocks.iter().flat_map(|b| &b.stmts) {
            if self.grouped(s).is_some() && n < MAX_GROUPED {
                let shift = 3 * n as u32;
                self.group_state
                    .insert(s as *const Stmt as usize, GroupState { var, shift });
                if let Inst::Load { ptr, .. } | Inst::Store { ptr, .. } = &s.inst {
                    let index = self.group[ptr].index.clone();
                    if let Some(t) = self.declare_touch(index) {
                        self.group_touch.insert(shift, t);
                    }
                }
                n += 1;
            }
        }
    }

    /// Whether bit `bit` of access `state`'s state is set.
    pub(super) fn state_is(&mut self, state: GroupState, bit: i64) -> Value {
        let st = self.b.use_var(state.var);
        let b = self.b.ins().band_imm_s(st, bit << state.shift);
        self.b.ins().icmp_imm_s(IntCC::NotEqual, b, 0)
    }

    /// The access `s` (grouped, state `state`, through `ptr + offset`, storing `value` or
    /// loading) with inline cache `cache`: by its state, one vector access, the lanes one by
    /// one unchecked, or (the check failed) the builder left at the pack's own check. A load's
    /// vector goes to `join`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn grouped_access(
        &mut self,
        s: &Stmt,
        (ptr, offset): (Val, i64),
        value: Option<Val>,
        state: GroupState,
        cache: usize,
        join: Block,
    ) {
        let g = self.grouped(s).expect("a grouped access").clone();
        let [dispatch, other, tested, validate, per_pack] = [0; 5].map(|_| self.b.create_block());
        self.b.set_cold_block(other);
        let vector = self.b.create_block();
        self.b.append_block_param(vector, types::I64);
        self.b.ins().jump(dispatch, &[]);
        self.b.switch_to_block(dispatch);
        // Passing the address to `vector` (two predecessors) makes Cranelift compute the
        // index in this block, once for this access and the following ones.
        let x = self.vector_of(g.sc.index);
        let x0 = self.b.ins().extractlane(x, 0);
        let at = self.element(&g, x0, offset);
        let by_construction = self.state_is(state, CONSECUTIVE);
        let other_x = self.b.append_block_param(other, types::I32X4);
        let tested_x = self.b.append_block_param(tested, types::I32X4);
        self.b.ins().brif(
            by_construction,
            vector,
            &[BlockArg::Value(at)],
            other,
            &[BlockArg::Value(x)],
        );

        self.b.switch_to_block(other);
        let allowed = self.state_is(state, ALLOWED);
        let not_allowed = self.b.create_block();
        self.b.ins().brif(
            allowed,
            tested,
            &[BlockArg::Value(other_x)],
            not_allowed,
            &[],
        );
        self.b.switch_to_block(not_allowed);
        let failed = self.state_is(state, FAILED);
        self.b.ins().brif(failed, per_pack, &[], validate, &[]);

        // Allowed: one vector access if the lanes are consecutive (the index's bounds are
        // less than 2^31 apart, so lanes equal to lane 0's + i modulo 2^32 are exactly),
        // else the lanes one by one, unchecked.
        self.b.switch_to_block(tested);
        let x = tested_x;
        let x0 = self.b.ins().extractlane(x, 0);
        let first = self.b.ins().splat(types::I32X4, x0);
        let d = self.b.ins().isub(x, first);
        let iota = self.iota_vector();
        let eq = self.b.ins().icmp(IntCC::Equal, d, iota);
        let all = self.b.ins().vall_true(eq);
        let (consecutive, lanes) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(all, consecutive, &[], lanes, &[]);
        self.b.switch_to_block(consecutive);
        let a = self.element(&g, x0, offset);
        self.b.ins().jump(vector, &[BlockArg::Value(a)]);
        self.b.set_cold_block(lanes);
        self.b.switch_to_block(lanes);
        match self.unchecked_lanes(s, ptr, offset, value) {
            Some(x) => {
                self.b.ins().jump(join, &[BlockArg::Value(x)]);
            }
            None => {
                self.b.ins().jump(join, &[]);
            }
        }

        self.b.switch_to_block(vector);
        let a = self.b.block_params(vector)[0];
        match (value, s.result) {
            (Some(v), _) => {
                let x = self.vector_of(v);
                self.b.ins().store(mem_flags(), x, a, 0);
                self.b.ins().jump(join, &[]);
            }
            (None, Some(r)) => {
                let vt = vec_type(self.ty(r)).expect("a 32-bit load");
                let x = self.b.ins().load(vt, mem_flags(), a, 0);
                self.b.ins().jump(join, &[BlockArg::Value(x)]);
            }
            _ => unreachable!("an access"),
        }

        self.b.set_cold_block(validate);
        self.b.switch_to_block(validate);
        self.validate(
            &g,
            offset,
            state,
            cache,
            ((vector, at), (tested, other_x), per_pack),
        );
        self.b.switch_to_block(per_pack);
    }

    /// The address of element `x` (an index) of `g`'s base, plus `offset`.
    pub(super) fn element(&mut self, g: &Grouped, x: Value, offset: i64) -> Value {
        let base = self.lane_of(g.sc.base, 0);
        let i = if g.sc.signed {
            self.b.ins().sextend(types::I64, x)
        } else {
            self.b.ins().uextend(types::I64, x)
        };
        let i = self.b.ins().ishl_imm_u(i, 2);
        let a = self.b.ins().iadd(base, i);
        self.b.ins().iadd_imm_s(a, offset)
    }

    /// The check of the whole group's accesses: sets `state` and goes on to the vector
    /// access at `a`, the test of the lanes `x` or the pack's own check.
    #[allow(clippy::type_complexity)]
    fn validate(
        &mut self,
        g: &Grouped,
        offset: i64,
        state: GroupState,
        cache: usize,
        ((vector, a), (tested, x), per_pack): ((Block, Value), (Block, Value), Block),
    ) {
        let yes = self.b.ins().iconst(types::I8, 1);
        let mut fl = Flags { ok: yes, same: yes };
        let (lo, hi, stride) = self.interval(&g.index, &mut fl);
        let span = self.b.ins().isub(hi, lo);
        let narrow =
            self.b
                .ins()
                .icmp_imm_s(IntCC::SignedLessThanOrEqual, span, i64::from(i32::MAX));
        let mut ok = self.b.ins().band(fl.ok, narrow);
        if !g.sc.signed {
            // Zero-extended: the same as sign-extended from 0 up.
            let from0 = self
                .b
                .ins()
                .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, lo, 0);
            ok = self.b.ins().band(ok, from0);
        }
        let (go, allowed, failed) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().brif(ok, go, &[], failed, &[]);
        self.b.switch_to_block(go);
        let base = self.lane_of(g.sc.base, 0);
        let lo4 = self.b.ins().ishl_imm_u(lo, 2);
        let addr = self.b.ins().iadd(base, lo4);
        let addr = self.b.ins().iadd_imm_s(addr, offset);
        let span4 = self.b.ins().ishl_imm_u(span, 2);
        let len = self.b.ins().iadd_imm_s(span4, 4);
        self.probe_len(cache, addr, len, allowed, failed);
        self.b.switch_to_block(allowed);
        self.set_touch(state.shift, (lo, hi, addr, a));
        let only = self.b.ins().iconst(types::I64, ALLOWED << state.shift);
        let new = if stride == Some(1) {
            let c = self.b.ins().iconst(types::I64, CONSECUTIVE << state.shift);
            self.b.ins().select(fl.same, c, only)
        } else {
            only
        };
        self.set_state(state, new);
        if stride == Some(1) {
            self.b.ins().brif(
                fl.same,
                vector,
                &[BlockArg::Value(a)],
                tested,
                &[BlockArg::Value(x)],
            );
        } else {
            self.b.ins().jump(tested, &[BlockArg::Value(x)]);
        }
        self.b.switch_to_block(failed);
        let f = self.b.ins().iconst(types::I64, FAILED << state.shift);
        self.set_state(state, f);
        self.b.ins().jump(per_pack, &[]);
    }

    /// Sets `state`'s bits `bits`.
    fn set_state(&mut self, state: GroupState, bits: Value) {
        let st = self.b.use_var(state.var);
        let st = self.b.ins().bor(st, bits);
        self.b.def_var(state.var, st);
    }

    /// `ok &= lo >= i32::MIN && hi <= i32::MAX`.
    fn fits(&mut self, lo: Value, hi: Value, fl: &mut Flags) {
        let a = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, lo, i64::from(i32::MIN));
        let b = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedLessThanOrEqual, hi, i64::from(i32::MAX));
        let both = self.b.ins().band(a, b);
        fl.ok = self.b.ins().band(fl.ok, both);
    }

    /// `same &= c`.
    fn same_if(&mut self, c: Value, fl: &mut Flags) {
        fl.same = self.b.ins().band(fl.same, c);
    }

    /// The bounds (64 bits) of `n` over the group, and its stride across a pack when every
    /// `clamp`, `min`, `max` passes its varying operand (`fl.same`).
    fn interval(&mut self, n: &Node, fl: &mut Flags) -> (Value, Value, Option<i64>) {
        match n {
            Node::Inv(v, _) => {
                let x = self.lane_of(*v, 0);
                let x = if self.ty(*v) == Scalar::I32 {
                    self.b.ins().sextend(types::I64, x)
                } else {
                    x
                };
                (x, x, Some(0))
            }
            Node::Id { global, d } => {
                let tab = self.ctx_field(types::I64, field::TABLE);
                let at = |g: &mut Self, i: usize| {
                    g.b.ins()
                        .load(types::I64, fixed_flags(), tab, (i * 8) as i32)
                };
                let size = at(self, table::LOCAL_SIZE + *d as usize);
                let lo = if *global {
                    at(self, table::GID_BASE + *d as usize)
                } else {
                    self.b.ins().iconst(types::I64, 0)
                };
                let hi = self.b.ins().iadd(lo, size);
                let hi = self.b.ins().iadd_imm_s(hi, -1);
                // No wrap of the 64-bit ids either.
                let up = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, hi, lo);
                fl.ok = self.b.ins().band(fl.ok, up);
                (lo, hi, Some(i64::from(*d == 0)))
            }
            Node::Trunc(a) => {
                let (lo, hi, k) = self.interval(a, fl);
                self.fits(lo, hi, fl);
                (lo, hi, k)
            }
            Node::Add(a, b) | Node::Sub(a, b) => {
                let (alo, ahi, ka) = self.interval(a, fl);
                let (blo, bhi, kb) = self.interval(b, fl);
                let (lo, hi, k) = if matches!(n, Node::Add(..)) {
                    (
                        self.b.ins().iadd(alo, blo),
                        self.b.ins().iadd(ahi, bhi),
                        ka.zip(kb).map(|(x, y)| x.wrapping_add(y)),
                    )
                } else {
                    (
                        self.b.ins().isub(alo, bhi),
                        self.b.ins().isub(ahi, blo),
                        ka.zip(kb).map(|(x, y)| x.wrapping_sub(y)),
                    )
                };
                self.fits(lo, hi, fl);
                (lo, hi, k)
            }
            Node::Mul(a, b) => {
                let (alo, ahi, ka) = self.interval(a, fl);
                let (blo, bhi, kb) = self.interval(b, fl);
                // Operands within 32 bits: the products fit in 64.
                let p = [(alo, blo), (alo, bhi), (ahi, blo), (ahi, bhi)]
                    .map(|(x, y)| self.b.ins().imul(x, y));
                let lo = self.b.ins().smin(p[0], p[1]);
                let lo2 = self.b.ins().smin(p[2], p[3]);
                let lo = self.b.ins().smin(lo, lo2);
                let hi = self.b.ins().smax(p[0], p[1]);
                let hi2 = self.b.ins().smax(p[2], p[3]);
                let hi = self.b.ins().smax(hi, hi2);
                self.fits(lo, hi, fl);
                let konst = |n: &Node| match n {
                    Node::Inv(_, k) => *k,
                    _ => None,
                };
                let k = match (ka, kb, konst(a), konst(b)) {
                    (Some(0), Some(0), _, _) => Some(0),
                    (Some(x), _, _, Some(c)) | (_, Some(x), Some(c), _) => Some(x.wrapping_mul(c)),
                    _ => None,
                };
                (lo, hi, k)
            }
            Node::Shl(a, c) => {
                let (alo, ahi, ka) = self.interval(a, fl);
                let m = 1i64 << c;
                let lo = self.b.ins().imul_imm_s(alo, m);
                let hi = self.b.ins().imul_imm_s(ahi, m);
                self.fits(lo, hi, fl);
                (lo, hi, ka.map(|x| x.wrapping_mul(m)))
            }
            Node::Clamp(x, l, h) => {
                let (xlo, xhi, kx) = self.interval(x, fl);
                let (llo, lhi, kl) = self.interval(l, fl);
                let (hlo, hhi, kh) = self.interval(h, fl);
                // Monotone in each operand; the result is one of them (no wrap).
                let lo = self.b.ins().smax(xlo, llo);
                let lo = self.b.ins().smin(lo, hlo);
                let hi = self.b.ins().smax(xhi, lhi);
                let hi = self.b.ins().smin(hi, hhi);
                let k = match (kx, kl, kh) {
                    (Some(0), Some(0), Some(0)) => Some(0),
                    (Some(k), Some(0), Some(0)) => {
                        let above = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, xlo, lhi);
                        let below = self.b.ins().icmp(IntCC::SignedLessThanOrEqual, xhi, hlo);
                        let inside = self.b.ins().band(above, below);
                        self.same_if(inside, fl);
                        Some(k)
                    }
                    _ => None,
                };
                (lo, hi, k)
            }
            Node::Max(a, b) | Node::Min(a, b) => {
                let max = matches!(n, Node::Max(..));
                let (alo, ahi, ka) = self.interval(a, fl);
                let (blo, bhi, kb) = self.interval(b, fl);
                let (lo, hi) = if max {
                    (self.b.ins().smax(alo, blo), self.b.ins().smax(ahi, bhi))
                } else {
                    (self.b.ins().smin(alo, blo), self.b.ins().smin(ahi, bhi))
                };
                // The result is `a` over the whole group when `a` wins everywhere.
                let (k, (x, y)) = match (ka, kb) {
                    (Some(0), Some(0)) => return (lo, hi, Some(0)),
                    (Some(k), Some(0)) => (k, if max { (alo, bhi) } else { (blo, ahi) }),
                    (Some(0), Some(k)) => (k, if max { (blo, ahi) } else { (alo, bhi) }),
                    _ => return (lo, hi, None),
                };
                let wins = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, x, y);
                self.same_if(wins, fl);
                (lo, hi, Some(k))
            }
        }
    }
}
