//! Touches of the next rows' cache lines: with 16-wide groups over a large image, each row
//! of a group reads new lines (the stencil's row `y + 1`) and writes new ones, and a row of
//! packs is longer than the processor looks ahead, so the rows' misses come one after the
//! other. For each access checked for the whole group ([`super::group_range`]) whose index
//! moves by a known step from one row to the next (its slope in the ids of dimension 1,
//! through `clamp`, `min` and `max` as if they passed their varying operand), the group
//! check, once it passed, reads one byte of each of the next `DIST` rows' lines at the
//! first pack's address plus that many steps, and each new row of packs
//! ([`super::row_values`]) reads one byte `DIST` rows further. Every address read is
//! clamped to the bytes the group check allowed, so a touch can neither fault nor read
//! outside what the kernel may access, whatever the slope says (a store's range is
//! writable, so readable too); the byte is discarded. Before the check passes the bounds
//! are the context's first byte (readable), so a row's touch needs no test.

use super::group_range::Node;
use super::scalar_gen::{mem_flags, Gen};
use crate::value::Scalar;
use cranelift_codegen::ir::{types, InstBuilder, StackSlot, StackSlotData, StackSlotKind, Value};

/// How many rows ahead a row's start touches.
const DIST: i64 = 2;

/// A grouped access's touch: its index expression and where its four words lie in a stack
/// slot of the pack function (in memory: kept in registers across the pack loop, they
/// would crowd out the packs' values), set when its group check passes: the lowest and
/// highest byte addresses allowed, the next row's touch address and the step from one row
/// to the next (bytes).
pub struct Touch {
    index: Node,
    slot: StackSlot,
    at: i32,
}

const LO: i32 = 0;
const HI: i32 = 8;
const NEXT: i32 = 16;
const STEP: i32 = 24;

/// Whether `n` contains a work-item id.
fn varies(n: &Node) -> bool {
    match n {
        Node::Inv(..) => false,
        Node::Id { .. } => true,
        Node::Trunc(a) | Node::Shl(a, _) => varies(a),
        Node::Add(a, b) | Node::Sub(a, b) | Node::Mul(a, b) | Node::Max(a, b) | Node::Min(a, b) => {
            varies(a) || varies(b)
        }
        Node::Clamp(x, l, h) => varies(x) || varies(l) || varies(h),
    }
}

/// Whether `n`'s step along dimension 1 is computed by [`Gen::slope`]: at most one operand
/// of a product, `min`, `max` varies, and a `clamp`'s bounds do not.
fn sloped(n: &Node) -> bool {
    match n {
        Node::Inv(..) | Node::Id { .. } => true,
        Node::Trunc(a) | Node::Shl(a, _) => sloped(a),
        Node::Add(a, b) | Node::Sub(a, b) => sloped(a) && sloped(b),
        Node::Mul(a, b) | Node::Max(a, b) | Node::Min(a, b) => {
            !(varies(a) && varies(b)) && sloped(a) && sloped(b)
        }
        Node::Clamp(x, l, h) => !varies(l) && !varies(h) && sloped(x),
    }
}

impl Gen<'_, '_> {
    /// The variables of a touch of the grouped access with index `index` (at the pack
    /// function's start: every address the context's first byte until its check passes), or
    /// none if its step is not known.
    pub(super) fn declare_touch(&mut self, index: Node) -> Option<Touch> {
        if !sloped(&index) || !varies(&index) {
            return None;
        }
        let slot =
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 32, 3));
        let ctx = self.b.use_var(self.ctx);
        let zero = self.b.ins().iconst(types::I64, 0);
        for (x, at) in [(ctx, LO), (ctx, HI), (ctx, NEXT), (zero, STEP)] {
            self.b.ins().stack_store(types::I64, x, slot, at);
        }
        Some(Touch { index, slot, at: 0 })
    }

    /// Where the group check of the access with state bit `shift` passed (index bounds
    /// `lo`..=`hi`, `lo`'s element at `at`; the first pack's lane 0 at `first`): records
    /// the allowed bytes and the step, and touches the next [`DIST`] rows.
    pub(super) fn set_touch(
        &mut self,
        shift: u32,
        (lo, hi, at, first): (Value, Value, Value, Value),
    ) {
        let Some(t) = self.group_touch.get(&shift) else {
            return;
        };
        let (index, slot, o) = (t.index.clone(), t.slot, t.at);
        let span = self.b.ins().isub(hi, lo);
        let span4 = self.b.ins().ishl_imm_u(span, 2);
        let last = self.b.ins().iadd(at, span4);
        let slope = self.slope(&index);
        let step = self.b.ins().ishl_imm_u(slope, 2);
        self.b.ins().stack_store(types::I64, at, slot, o + LO);
        self.b.ins().stack_store(types::I64, last, slot, o + HI);
        self.b.ins().stack_store(types::I64, step, slot, o + STEP);
        let mut a = first;
        for _ in 0..DIST {
            a = self.b.ins().iadd(a, step);
            self.touch(a, at, last);
        }
        let next = self.b.ins().iadd(a, step);
        self.b.ins().stack_store(types::I64, next, slot, o + NEXT);
    }

    /// Reads the byte at `a` clamped into `lo..=hi` (discarded).
    fn touch(&mut self, a: Value, lo: Value, hi: Value) {
        let a = self.b.ins().smax(a, lo);
        let a = self.b.ins().smin(a, hi);
        // A plain load (kept: loads are never dropped when unused), its value unused.
        self.b.ins().load(types::I8, mem_flags(), a, 0);
    }

    /// At a new row's start: touches each grouped access's line [`DIST`] rows further.
    pub(super) fn touch_rows(&mut self) {
        let slots: Vec<_> = self.group_touch.values().map(|t| (t.slot, t.at)).collect();
        for (slot, o) in slots {
            let load =
                |g: &mut Self, at| g.b.ins().stack_load(types::I64, types::I64, slot, o + at);
            let (lo, hi, a) = (load(self, LO), load(self, HI), load(self, NEXT));
            self.touch(a, lo, hi);
            let step = load(self, STEP);
            let a = self.b.ins().iadd(a, step);
            self.b.ins().stack_store(types::I64, a, slot, o + NEXT);
        }
    }

    /// How much `n` (64 bits, at the pack's lane 0) grows when the ids of dimension 1 grow
    /// by one, `clamp`, `min` and `max` taken as passing their varying operand ([`sloped`]).
    fn slope(&mut self, n: &Node) -> Value {
        let zero = |g: &mut Self| g.b.ins().iconst(types::I64, 0);
        match n {
            Node::Inv(..) => zero(self),
            Node::Id { d, .. } => self.b.ins().iconst(types::I64, i64::from(*d == 1)),
            Node::Trunc(a) => self.slope(a),
            Node::Shl(a, c) => {
                let s = self.slope(a);
                self.b.ins().ishl_imm_u(s, i64::from(*c))
            }
            Node::Add(a, b) | Node::Sub(a, b) => {
                let (x, y) = (self.slope(a), self.slope(b));
                if matches!(n, Node::Add(..)) {
                    self.b.ins().iadd(x, y)
                } else {
                    self.b.ins().isub(x, y)
                }
            }
            Node::Mul(a, b) => {
                let (v, c) = if varies(a) { (a, b) } else { (b, a) };
                let s = self.slope(v);
                let c = self.fixed_value(c);
                self.b.ins().imul(s, c)
            }
            Node::Max(a, b) | Node::Min(a, b) => {
                let v = if varies(a) { a } else { b };
                self.slope(v)
            }
            Node::Clamp(x, ..) => self.slope(x),
        }
    }

    /// The value (64 bits) of `n`, which contains no id, at the pack's lane 0.
    fn fixed_value(&mut self, n: &Node) -> Value {
        let two = |g: &mut Self, a: &Node, b: &Node| (g.fixed_value(a), g.fixed_value(b));
        match n {
            Node::Inv(_, Some(k)) => self.b.ins().iconst(types::I64, *k),
            Node::Inv(v, None) => {
                let x = self.lane_of(*v, 0);
                if self.ty(*v) == Scalar::I32 {
                    self.b.ins().sextend(types::I64, x)
                } else {
                    x
                }
            }
            Node::Id { .. } => unreachable!("no id in a fixed value"),
            Node::Trunc(a) => {
                let x = self.fixed_value(a);
                let x = self.b.ins().ireduce(types::I32, x);
                self.b.ins().sextend(types::I64, x)
            }
            Node::Add(a, b) => {
                let (x, y) = two(self, a, b);
                self.b.ins().iadd(x, y)
            }
            Node::Sub(a, b) => {
                let (x, y) = two(self, a, b);
                self.b.ins().isub(x, y)
            }
            Node::Mul(a, b) => {
                let (x, y) = two(self, a, b);
                self.b.ins().imul(x, y)
            }
            Node::Shl(a, c) => {
                let x = self.fixed_value(a);
                self.b.ins().ishl_imm_u(x, i64::from(*c))
            }
            Node::Max(a, b) => {
                let (x, y) = two(self, a, b);
                self.b.ins().smax(x, y)
            }
            Node::Min(a, b) => {
                let (x, y) = two(self, a, b);
                self.b.ins().smin(x, y)
            }
            Node::Clamp(x, l, h) => {
                let (x, l) = two(self, x, l);
                let h = self.fixed_value(h);
                let x = self.b.ins().smax(x, l);
                self.b.ins().smin(x, h)
            }
        }
    }
}
