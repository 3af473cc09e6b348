//! Build-time checks of the operand shapes the translation relies on: an ill-typed module (an
//! operand narrower than the result of a component-wise instruction, a shuffle component past
//! both vectors) fails to build with a message.

use super::to_ssa::{Env, Front};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::Op;

/// Instructions that compute each component of their result from the same component of each
/// operand, so that every operand has as many components as the result.
fn componentwise(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        IAdd | ISub
            | IMul
            | UDiv
            | SDiv
            | UMod
            | SRem
            | SMod
            | ShiftLeftLogical
            | ShiftRightLogical
            | ShiftRightArithmetic
            | BitwiseAnd
            | BitwiseOr
            | BitwiseXor
            | LogicalAnd
            | LogicalOr
            | LogicalEqual
            | LogicalNotEqual
            | IEqual
            | INotEqual
            | UGreaterThan
            | UGreaterThanEqual
            | ULessThan
            | ULessThanEqual
            | SGreaterThan
            | SGreaterThanEqual
            | SLessThan
            | SLessThanEqual
            | FAdd
            | FSub
            | FMul
            | FDiv
            | FRem
            | FMod
            | FOrdEqual
            | FUnordEqual
            | FOrdNotEqual
            | FUnordNotEqual
            | FOrdLessThan
            | FUnordLessThan
            | FOrdGreaterThan
            | FUnordGreaterThan
            | FOrdLessThanEqual
            | FUnordLessThanEqual
            | FOrdGreaterThanEqual
            | FUnordGreaterThanEqual
            | LessOrGreater
            | Ordered
            | Unordered
            | SNegate
            | Not
            | LogicalNot
            | BitCount
            | BitReverse
            | FNegate
            | IsNan
            | IsInf
            | IsFinite
            | IsNormal
            | SignBitSet
            | Select
            | ConvertFToU
            | ConvertFToS
            | ConvertSToF
            | ConvertUToF
            | UConvert
            | SConvert
            | SatConvertSToU
            | SatConvertUToS
            | FConvert
    )
}

impl Front<'_> {
    /// Checks `inst`'s operand shapes before it is lowered.
    pub(crate) fn check_operands(&self, env: &Env, inst: &Instruction) -> Result<(), String> {
        let op = inst.class.opcode;
        let slots = |v: u32| -> Result<usize, String> {
            Ok(self.m.types.get(self.type_of(env, v)?)?.slots)
        };
        if componentwise(op) {
            let rty = inst
                .result_type
                .ok_or(format!("Op{op:?} without a result type"))?;
            let want = self.m.types.get(rty)?.slots;
            for (i, operand) in inst.operands.iter().enumerate() {
                let Operand::IdRef(v) = operand else {
                    continue;
                };
                let have = slots(*v)?;
                // Since SPIR-V 1.4, a scalar condition selects between whole vectors.
                let scalar_condition = op == Op::Select && i == 0 && have == 1;
                if have != want && !scalar_condition {
                    return Err(format!(
                        "Op{op:?}: operand {i} (%{v}) has {have} components, its result {want}"
                    ));
                }
            }
        } else if op == Op::CompositeConstruct {
            let want = self.m.types.get(inst.result_type.unwrap_or(0))?.slots;
            let mut have = 0;
            for operand in &inst.operands {
                let Operand::IdRef(v) = operand else {
                    return Err("malformed OpCompositeConstruct".into());
                };
                have += slots(*v)?;
            }
            if have != want {
                return Err(format!(
                    "OpCompositeConstruct: constituents of {have} components for a result of {want}"
                ));
            }
        } else if op == Op::VectorShuffle {
            let (Some(Operand::IdRef(a)), Some(Operand::IdRef(b))) =
                (inst.operands.first(), inst.operands.get(1))
            else {
                return Err("malformed OpVectorShuffle".into());
            };
            let both = slots(*a)? + slots(*b)?;
            let want = self.m.types.get(inst.result_type.unwrap_or(0))?.slots;
            // A vector has at most 16 components (the lowering's lane buffer holds 16).
            if inst.operands.len() - 2 != want || want > 16 {
                return Err(format!(
                    "OpVectorShuffle: {} components for a result of {want}",
                    inst.operands.len() - 2
                ));
            }
            for operand in &inst.operands[2..] {
                match operand {
                    Operand::LiteralBit32(0xffff_ffff) => {}
                    Operand::LiteralBit32(c) if (*c as usize) < both => {}
                    other => {
                        return Err(format!(
                            "OpVectorShuffle: component {other:?} of two vectors of {both} in all"
                        ))
                    }
                }
            }
        }
        Ok(())
    }
}
