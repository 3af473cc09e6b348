//! Instructions lowered away from their place: arithmetic whose operands are the same for
//! the whole launch runs once per register file ([`Program::hoisted`]), arithmetic whose
//! operands are the same for a row of work-groups runs once per row
//! ([`Program::row_hoisted`]), and an `OpIAdd` used only as the index of the access chain
//! that follows it is added by that chain ([`Step::Sum`]): fewer passes over the lanes.
//!
//! [`Program::hoisted`]: crate::interp::program::Program::hoisted
//! [`Program::row_hoisted`]: crate::interp::program::Program::row_hoisted
//! [`Step::Sum`]: crate::interp::memops::Step::Sum

use crate::interp::lower::{Env, Lowering};
use crate::interp::lower_inst::integer_binary;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

/// Integer arithmetic and conversions: the same operands give the same result in every lane.
fn pure_integer(op: Op) -> bool {
    integer_binary(op) || matches!(op, Op::UConvert | Op::SConvert)
}

impl Lowering<'_> {
    /// Whether `inst` is integer arithmetic or conversion whose operands are all
    /// [`uniform`](Self::uniform): its result is then the same for every lane of the launch,
    /// computed once ([`Program::hoisted`]).
    pub(crate) fn hoistable(&mut self, env: &Env, inst: &Instruction) -> bool {
        pure_integer(inst.class.opcode)
            && inst.result_id.is_some()
            && self
                .invariant_operands(env, &inst.operands, false)
                .unwrap_or(false)
    }

    /// Whether every operand of `operands` is an id whose slots all hold
    /// [uniform](Self::uniform) values, or, when `row`, uniform or
    /// [row-invariant](Self::row_invariant) ones.
    fn invariant_operands(
        &mut self,
        env: &Env,
        operands: &[Operand],
        row: bool,
    ) -> Result<bool, String> {
        for o in operands {
            let Operand::IdRef(v) = o else {
                return Ok(false);
            };
            let n = self.m.types.get(self.type_of(env, *v)?)?.slots;
            let slot = self.slot(env, *v)?;
            let invariant =
                |s: usize| self.uniform.contains(&s) || (row && self.row_invariant.contains(&s));
            if !(slot..slot + n.max(1)).all(invariant) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `inst` is integer arithmetic, a conversion or an integer OpenCL.std built-in
    /// with a row path whose operands are all [uniform](Self::uniform) or
    /// [row-invariant](Self::row_invariant): its result is then the same in every group of a
    /// row of groups, computed once per row ([`Program::row_hoisted`]). Pure arithmetic: it
    /// cannot fault, so running it for every lane before the group's first block is safe.
    pub(crate) fn row_hoistable(&mut self, env: &Env, inst: &Instruction) -> Result<bool, String> {
        if inst.result_id.is_none() {
            return Ok(false);
        }
        let first = match inst.class.opcode {
            op if pure_integer(op) => 0,
            Op::ExtInst => {
                let num = match inst.operands.get(1) {
                    Some(Operand::LiteralExtInstInteger(n)) => *n,
                    _ => return Ok(false),
                };
                let set = inst.operands.first() == self.m.opencl_std.map(Operand::IdRef).as_ref();
                let rty = inst.result_type.unwrap_or(0);
                if !set || self.int_row_operands(env, inst, num, rty)?.is_none() {
                    return Ok(false);
                }
                2
            }
            _ => return Ok(false),
        };
        self.invariant_operands(env, &inst.operands[first..], true)
    }

    /// Whether instruction `i` of `insts` is an integer `OpIAdd` of one component used
    /// only as the element index of the pointer access chain that follows it (directly, or
    /// through a sign extension not lowered, see [`Env::folded`]): the chain then adds it
    /// itself (one pass over the lanes instead of two).
    pub(crate) fn index_add(
        &self,
        env: &Env,
        uses: &HashMap<Word, usize>,
        insts: &[Instruction],
        i: usize,
    ) -> Result<bool, String> {
        let inst = &insts[i];
        let Some(r) = inst.result_id else {
            return Ok(false);
        };
        if inst.class.opcode != Op::IAdd || uses.get(&r) != Some(&1) {
            return Ok(false);
        }
        let (s, n) = self.m.components(inst.result_type.unwrap_or(0))?;
        if n != 1 || s.is_float() || s == crate::value::Scalar::Bool {
            return Ok(false);
        }
        let mut next = insts.get(i + 1);
        let mut index = r;
        if let Some(c) = next.filter(|c| {
            c.result_id.is_some_and(|c| env.folded.get(&c) == Some(&r))
                && c.operands.first() == Some(&Operand::IdRef(r))
        }) {
            let c = c.result_id.unwrap_or(0);
            if uses.get(&c) != Some(&1) {
                return Ok(false);
            }
            index = c;
            next = insts.get(i + 2);
        }
        Ok(next.is_some_and(|chain| {
            matches!(
                chain.class.opcode,
                Op::PtrAccessChain | Op::InBoundsPtrAccessChain
            ) && chain.operands.len() == 2
                && chain.operands[1] == Operand::IdRef(index)
                && chain.operands[0] != Operand::IdRef(index)
        }))
    }
}

/// Whether the result of instruction `i` of `insts` is used only by the next instruction, a
/// load or store through it (see [`Env::access_next`]).
pub(crate) fn accessed_next(uses: &HashMap<Word, usize>, insts: &[Instruction], i: usize) -> bool {
    insts[i].result_id.is_some_and(|r| {
        uses.get(&r) == Some(&1)
            && insts.get(i + 1).is_some_and(|a| {
                matches!(a.class.opcode, Op::Load | Op::Store)
                    && a.operands.first() == Some(&Operand::IdRef(r))
            })
    })
}
