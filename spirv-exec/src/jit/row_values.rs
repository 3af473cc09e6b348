//! Values computed once per row of packs: a pure value that depends on the work-item ids only
//! through those of dimensions 1 and 2 (`clamp(y + 1, 0, h - 1) * w` in a stencil) is the
//! same for every pack of a row of the group ([`super::stride::invariant`]), yet the code
//! would compute it again in every pack (it starts from the ids table, read at the pack's
//! work-item). The pack loop computes those values when a pack starts a new row, before the
//! region's code, and the packs of the row reuse them. Only statements that cannot fault nor
//! have an effect (no division or remainder, no load, no call, no atomic) move: running one
//! before its block, or for a row whose packs then bail, changes nothing but time. Values
//! the same for the whole group are left where they are (the code generator moves them out
//! of the loop itself); those some moved value needs are computed again with it.

use super::analysis::{defs, uses};
use super::runtime::table;
use super::scalar_gen::Gen;
use super::ssa::{Bin, Conv, Inst, Stmt, Un, Val};
use super::vector_gen::{vec_type, Rep};
use crate::opencl_std::opcode::{S_CLAMP, S_MAX, S_MIN, U_CLAMP, U_MAX, U_MIN};
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, Value};
use cranelift_frontend::Variable;
use std::collections::HashMap;

/// Whether `s` computes its one result from its operands alone, inline: no fault, no
/// effect, no call (conversions with rounding modes and `fmod` call helpers: not moved).
fn pure(s: &Stmt) -> bool {
    defs(s).len() == 1
        && match &s.inst {
            Inst::Bin(op, ..) => !matches!(
                op,
                Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod | Bin::FRem | Bin::FMod
            ),
            Inst::Un(op, _) => matches!(op, Un::INeg | Un::Not | Un::LNot | Un::FNeg | Un::FAbs),
            Inst::Int3(num, ..) => [S_CLAMP, U_CLAMP, S_MAX, U_MAX, S_MIN, U_MIN].contains(num),
            Inst::Conv(c, _) => matches!(c, Conv::Int { .. } | Conv::Bitcast),
            Inst::Const(_) | Inst::Copy(_) | Inst::Builtin(..) | Inst::Select(..) => true,
            _ => false,
        }
}

/// The statements of the pack function of the region starting at block `first` to compute
/// once per row, in an order where each comes after those it uses, and whether each moves
/// (computed only there) or is only computed again there (the same for the whole group, or a
/// constant: still computed where it is too).
pub(super) fn row_statements<'f>(
    g: &Gen<'f, '_>,
    first: u32,
    used: &[bool],
) -> Vec<(&'f Stmt, bool)> {
    let f = g.f;
    let row = super::stride::invariant(f, 1);
    let group = super::stride::invariant(f, 3);
    let mut def: HashMap<Val, &'f Stmt> = HashMap::new();
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        for d in defs(s) {
            def.insert(d, s);
        }
    }
    // Entry-block statements but the per-work-item ones run once per call, before the loop.
    let before_loop = |s: &Stmt| {
        f.blocks[0]
            .stmts
            .iter()
            .any(|e| std::ptr::eq(e, s) && !Gen::per_item_stmt(e))
    };
    let mut walk = Walk {
        def: &def,
        row: &row,
        group: &group,
        rep: &g.rep,
        before_loop: &before_loop,
        can: HashMap::new(),
        order: Vec::new(),
    };
    // The region's blocks (up to barriers), and the per-work-item entry statements used.
    let entry = f.blocks[0]
        .stmts
        .iter()
        .filter(|s| Gen::per_item_stmt(s) && defs(s).iter().any(|d| used[*d as usize]));
    for s in entry.chain(super::analysis::region_stmts(f, first)) {
        let Some(r) = s.result else { continue };
        // Only what differs between rows moves.
        if used[r as usize] && row[r as usize] && !group[r as usize] && g.rep[r as usize] == Rep::U
        {
            walk.visit(r);
        }
    }
    // Nothing moves: nothing to compute per row.
    if !walk.order.iter().any(|(_, m)| *m) {
        walk.order.clear();
    }
    walk.order
}

/// The search of [`row_statements`].
struct Walk<'f, 'a> {
    /// Each value's statement (none: a block parameter).
    def: &'a HashMap<Val, &'f Stmt>,
    /// Whether each value is the same for a row of the group, for the whole group.
    row: &'a [bool],
    group: &'a [bool],
    rep: &'a [Rep],
    /// Whether a statement runs once per call, before the pack loop.
    before_loop: &'a dyn Fn(&Stmt) -> bool,
    /// Per value: whether it can be computed at a pack's start.
    can: HashMap<Val, bool>,
    /// The statements to compute per row, each after those it uses; whether each moves.
    order: Vec<(&'f Stmt, bool)>,
}

impl<'f> Walk<'f, '_> {
    /// Whether `v` can be computed at a pack's start (adding what it needs to `order`).
    fn visit(&mut self, v: Val) -> bool {
        if let Some(&c) = self.can.get(&v) {
            return c;
        }
        // Decided false while the operands are visited (SSA: no cycle reaches here).
        self.can.insert(v, false);
        let Some(&s) = self.def.get(&v) else {
            return false;
        };
        let ok = if (self.before_loop)(s) {
            true
        } else if !pure(s) || !self.row[v as usize] || self.rep[v as usize] != Rep::U {
            false
        } else if uses(s).into_iter().all(|u| self.visit(u)) {
            let moves = !self.group[v as usize] && !matches!(s.inst, Inst::Const(_));
            self.order.push((s, moves));
            true
        } else {
            false
        };
        self.can.insert(v, ok);
        ok
    }
}

impl Gen<'_, '_> {
    /// Before the pack loop: the variable holding where the current row of packs ends (the
    /// start of the call's first pack's row: its first pack computes the row's values).
    pub(super) fn declare_row_end(&mut self) -> Variable {
        let end = self.b.declare_var(types::I64);
        let start = self.b.use_var(self.lane);
        let size = self.row_size();
        let into = self.b.ins().urem(start, size);
        let row = self.b.ins().isub(start, into);
        self.b.def_var(end, row);
        end
    }

    /// The group's size in dimension 0 (at least 1).
    fn row_size(&mut self) -> Value {
        let size = self.table_entry(table::LOCAL_SIZE);
        let one = self.b.ins().iconst(types::I64, 1);
        self.b.ins().umax(size, one)
    }

    /// At a pack's start: when it starts a new row (at or past `row_end`), computes
    /// `stmts` ([`row_statements`]) and moves `row_end` to the row's end; the builder goes
    /// on in the block after.
    pub(super) fn row_values(
        &mut self,
        stmts: &[(&Stmt, bool)],
        row_end: Variable,
    ) -> Result<(), String> {
        let lane = self.b.use_var(self.lane);
        let end = self.b.use_var(row_end);
        let new_row = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, lane, end);
        let (compute, go) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(new_row, compute, &[], go, &[]);
        self.b.switch_to_block(compute);
        self.lane_ctx = None;
        for (s, _) in stmts {
            self.stmt(s)?;
        }
        self.touch_rows();
        if let Some(based) = self.row_based {
            // The grouped pass's row bases are the previous row's.
            let no = self.b.ins().iconst(types::I64, 0);
            self.b.def_var(based, no);
        }
        for (s, moves) in stmts {
            let Some(r) = s.result.filter(|_| *moves) else {
                continue;
            };
            let Some(vt) = vec_type(self.ty(r)).filter(|_| self.ty(r) != Scalar::Bool) else {
                continue;
            };
            let var = *self
                .row_splats
                .entry(r)
                .or_insert_with(|| self.b.declare_var(vt));
            let x = self.get(r);
            let x = self.b.ins().splat(vt, x);
            self.b.def_var(var, x);
        }
        // The packs go row by row (a row's length is a multiple of 4), so the next row ends
        // one row further; past that (not expected), from the pack's index.
        let size = self.row_size();
        let next = self.b.ins().iadd(end, size);
        self.b.def_var(row_end, next);
        let within = self.b.ins().icmp(IntCC::UnsignedLessThan, lane, next);
        let far = self.b.create_block();
        self.b.ins().brif(within, go, &[], far, &[]);
        self.b.set_cold_block(far);
        self.b.switch_to_block(far);
        let into = self.b.ins().urem(lane, size);
        let start = self.b.ins().isub(lane, into);
        let next = self.b.ins().iadd(start, size);
        self.b.def_var(row_end, next);
        self.b.ins().jump(go, &[]);
        self.b.switch_to_block(go);
        Ok(())
    }
}
