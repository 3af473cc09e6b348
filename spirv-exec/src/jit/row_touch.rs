//! Touches of the next rows' cache lines: with 16-wide groups over a large image, each row
//! of a group reads new lines (the stencil's row `y + 1`), and a row of packs is longer than
//! the processor looks ahead, so the rows' misses come one after the other. When a pack
//! starts a new row ([`super::row_values`]), each load checked for the whole group
//! ([`super::group_range`], state allowed) reads one byte at its index of lane 0 `DIST` rows
//! further (the work-item ids of dimension 1 moved), clamped to the group's checked bounds:
//! the line is on its way when that row comes. The byte read is discarded; it lies in the
//! range the group check allowed, so it can neither fault nor read outside what the kernel
//! may read.

use super::group_range::{GroupState, Node, ALLOWED, CONSECUTIVE};
use super::scalar_gen::{mem_flags, Gen};
use crate::ir::BuiltinValue;
use crate::value::Scalar;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use cranelift_frontend::Variable;

/// How many rows ahead a row's start touches (1 and 2 measured alike on the 2048² stencil,
/// 3 and 4 slower).
const DIST: i64 = 2;

/// A grouped load's touch: its index expression, its state, and variables set when its
/// group check passes: the index bounds, the address of the lower one's element, and the
/// values of the expression's non-constant leaves (in the expression's order).
pub struct Touch {
    index: Node,
    state: GroupState,
    lo: Variable,
    hi: Variable,
    at: Variable,
    leaves: Vec<Variable>,
}

/// The values of `n`'s leaves that are not constants, in order.
fn leaves(n: &Node, out: &mut Vec<super::ir::Val>) {
    match n {
        Node::Inv(v, None) => out.push(*v),
        Node::Inv(_, Some(_)) | Node::Id { .. } => {}
        Node::Trunc(a) | Node::Shl(a, _) => leaves(a, out),
        Node::Add(a, b) | Node::Sub(a, b) | Node::Mul(a, b) | Node::Max(a, b) | Node::Min(a, b) => {
            leaves(a, out);
            leaves(b, out);
        }
        Node::Clamp(x, l, h) => {
            leaves(x, out);
            leaves(l, out);
            leaves(h, out);
        }
    }
}

impl Gen<'_, '_> {
    /// The variables of a touch of the grouped load with index `index` and state `state`
    /// (at the pack function's start: zero until its check passes).
    pub(super) fn declare_touch(&mut self, index: Node, state: GroupState) -> Touch {
        let mut vals = Vec::new();
        leaves(&index, &mut vals);
        let zero = self.b.ins().iconst(types::I64, 0);
        let mut var = || {
            let v = self.b.declare_var(types::I64);
            self.b.def_var(v, zero);
            v
        };
        let (lo, hi, at) = (var(), var(), var());
        let leaves = vals.iter().map(|_| var()).collect();
        Touch {
            index,
            state,
            lo,
            hi,
            at,
            leaves,
        }
    }

    /// Where the group check of the access with state bit `shift` passed: records its index
    /// bounds `lo`..=`hi`, the address `at` of `lo`'s element and the expression's leaves.
    pub(super) fn set_touch(&mut self, shift: u32, (lo, hi, at): (Value, Value, Value)) {
        let Some(t) = self.group_touch.get(&shift) else {
            return;
        };
        let (vlo, vhi, vat) = (t.lo, t.hi, t.at);
        let mut vals = Vec::new();
        leaves(&t.index, &mut vals);
        let vars = t.leaves.clone();
        self.b.def_var(vlo, lo);
        self.b.def_var(vhi, hi);
        self.b.def_var(vat, at);
        for (v, var) in vals.into_iter().zip(vars) {
            let x = self.lane_of(v, 0);
            let x = if self.ty(v) == Scalar::I32 {
                self.b.ins().sextend(types::I64, x)
            } else {
                x
            };
            self.b.def_var(var, x);
        }
    }

    /// At a new row's start (the pack's lane 0): touches each allowed grouped load's line
    /// [`DIST`] rows further.
    pub(super) fn touch_rows(&mut self) {
        let dist = DIST;
        let shifts: Vec<u32> = self.group_touch.keys().copied().collect();
        for shift in shifts {
            let t = &self.group_touch[&shift];
            let (index, state, lo, hi, at, vars) =
                (t.index.clone(), t.state, t.lo, t.hi, t.at, t.leaves.clone());
            let allowed = self.state_is(state, CONSECUTIVE | ALLOWED);
            let (touch, next) = (self.b.create_block(), self.b.create_block());
            self.b.ins().brif(allowed, touch, &[], next, &[]);
            self.b.switch_to_block(touch);
            let mut leaf = vars.into_iter();
            let x = self.touch_index(&index, dist, &mut leaf);
            let (lo, hi, at) = (self.b.use_var(lo), self.b.use_var(hi), self.b.use_var(at));
            // Inside the checked bounds whatever the ids `dist` rows on are.
            let x = self.b.ins().smax(x, lo);
            let x = self.b.ins().smin(x, hi);
            let k = self.b.ins().isub(x, lo);
            let k = self.b.ins().ishl_imm_u(k, 2);
            let a = self.b.ins().iadd(at, k);
            // A plain load (kept: loads are never dropped when unused), its value unused.
            self.b.ins().load(types::I8, mem_flags(), a, 0);
            self.b.ins().jump(next, &[]);
            self.b.switch_to_block(next);
        }
    }

    /// `n` (64 bits) at the pack's lane 0 with the ids of dimension 1 moved by `dist`;
    /// `leaf` gives the non-constant leaves' variables in order.
    fn touch_index(
        &mut self,
        n: &Node,
        dist: i64,
        leaf: &mut impl Iterator<Item = Variable>,
    ) -> Value {
        let two = |g: &mut Self, a: &Node, b: &Node, leaf: &mut _| {
            let x = g.touch_index(a, dist, leaf);
            let y = g.touch_index(b, dist, leaf);
            (x, y)
        };
        match n {
            Node::Inv(_, Some(k)) => self.b.ins().iconst(types::I64, *k),
            Node::Inv(_, None) => {
                let var = leaf.next().expect("a leaf per non-constant value");
                self.b.use_var(var)
            }
            Node::Id { global, d } => {
                let which = if *global {
                    BuiltinValue::GlobalId
                } else {
                    BuiltinValue::LocalId
                };
                let x = self.builtin(which, *d as usize);
                if *d == 1 {
                    self.b.ins().iadd_imm_s(x, dist)
                } else {
                    x
                }
            }
            Node::Trunc(a) => {
                let x = self.touch_index(a, dist, leaf);
                let x = self.b.ins().ireduce(types::I32, x);
                self.b.ins().sextend(types::I64, x)
            }
            Node::Add(a, b) => {
                let (x, y) = two(self, a, b, leaf);
                self.b.ins().iadd(x, y)
            }
            Node::Sub(a, b) => {
                let (x, y) = two(self, a, b, leaf);
                self.b.ins().isub(x, y)
            }
            Node::Mul(a, b) => {
                let (x, y) = two(self, a, b, leaf);
                self.b.ins().imul(x, y)
            }
            Node::Shl(a, c) => {
                let x = self.touch_index(a, dist, leaf);
                self.b.ins().ishl_imm_u(x, i64::from(*c))
            }
            Node::Max(a, b) => {
                let (x, y) = two(self, a, b, leaf);
                self.b.ins().smax(x, y)
            }
            Node::Min(a, b) => {
                let (x, y) = two(self, a, b, leaf);
                self.b.ins().smin(x, y)
            }
            Node::Clamp(x, l, h) => {
                let (x, l) = two(self, x, l, leaf);
                let h = self.touch_index(h, dist, leaf);
                let x = self.b.ins().smax(x, l);
                self.b.ins().smin(x, h)
            }
        }
    }
}
