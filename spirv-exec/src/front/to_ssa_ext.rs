//! `OpenCL.std` extended instructions to IR: memory ones (vload/vstore) as loads and stores,
//! the hot arithmetic ones inline, every other one as a call of the interpreter's
//! implementation (same results by construction).

use super::ssa::{Bin, Conv, ExtCall, Inst, PrintfCall, Un, Val};
use super::to_ssa::{id, Env, Front};
use super::to_ssa_inst::{lane, one};
use crate::front::types::Shape;
use crate::opencl_std::{self as builtins, opcode::*};
use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{FPRoundingMode, Word};

/// The rounding-mode operand of `vstore_half*_r` as 0 RTE, 1 RTZ, 2 RTP, 3 RTN (rspirv
/// parses it as an id).
fn rounding(op: Option<&Operand>) -> u32 {
    let mode = match op {
        Some(Operand::FPRoundingMode(m)) => *m as u32,
        Some(Operand::IdRef(w) | Operand::LiteralBit32(w)) => *w,
        _ => FPRoundingMode::RTE as u32,
    };
    match mode {
        m if m == FPRoundingMode::RTZ as u32 => 1,
        m if m == FPRoundingMode::RTP as u32 => 2,
        m if m == FPRoundingMode::RTN as u32 => 3,
        _ => 0,
    }
}

/// Integer instructions done inline by the code generators (`Inst::Int3`).
pub(super) fn inline_int(num: u32) -> bool {
    matches!(
        num,
        S_ABS
            | U_ABS
            | S_ABS_DIFF
            | U_ABS_DIFF
            | S_ADD_SAT
            | U_ADD_SAT
            | S_SUB_SAT
            | U_SUB_SAT
            | S_HADD
            | U_HADD
            | S_RHADD
            | U_RHADD
            | S_CLAMP
            | U_CLAMP
            | S_MAX
            | U_MAX
            | S_MIN
            | U_MIN
            | CLZ
            | CTZ
            | POPCOUNT
            | ROTATE
            | S_MUL_HI
            | U_MUL_HI
            | S_MAD_HI
            | U_MAD_HI
            | S_MAD_SAT
            | U_MAD_SAT
            | S_MUL24
            | U_MUL24
            | S_MAD24
            | U_MAD24
    )
}

impl Front<'_> {
    /// `p + offset * stride` (the address of element `offset` of a vload/vstore).
    fn element_address(&mut self, p: Val, offset: Val, stride: usize) -> Val {
        let wide = if self.types[offset as usize] == Scalar::I64 {
            offset
        } else {
            self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, offset))
        };
        let s = self.emit(Scalar::I64, Inst::Const(stride as u64));
        let o = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, wide, s));
        self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, p, o))
    }

    pub(super) fn ext_inst(
        &mut self,
        env: &mut Env,
        inst: &Instruction,
        dst: &[Val],
    ) -> Result<(), String> {
        if Some(id(inst, 0)?) != self.m.opencl_std {
            return Err("extended instruction from an unknown set".into());
        }
        let num = match inst.operands.get(1) {
            Some(Operand::LiteralExtInstInteger(n)) => *n,
            other => return Err(format!("malformed OpExtInst ({other:?})")),
        };
        let name = builtins::name(num).unwrap_or("unknown");
        let rty = inst.result_type.unwrap_or(0);
        macro_rules! arg {
            ($i:expr) => {
                self.vals(env, id(inst, $i)?)?
            };
        }
        let ptr_space = |f: &Self, i: usize| -> Result<super::ssa::Space, String> {
            Ok(f.space_of(f.type_of(env, id(inst, i)?)?))
        };
        match num {
            VLOADN | VLOAD_HALF | VLOAD_HALFN | VLOADA_HALFN => {
                let (s, n) = self.m.components(rty)?;
                let (offset, p) = (one(&arg!(2))?, one(&arg!(3))?);
                let space = ptr_space(self, 3)?;
                let half = num != VLOADN;
                let bytes = if half {
                    2
                } else {
                    (s.bits() as usize / 8).max(1)
                };
                let stride = if num == VLOADA_HALFN && n == 3 {
                    8
                } else {
                    n * bytes
                };
                let addr = self.element_address(p, offset, stride);
                for (k, &d) in dst.iter().enumerate() {
                    let load = Inst::Load {
                        ptr: addr,
                        offset: (k * bytes) as i64,
                        space,
                    };
                    if half {
                        let h = self.emit(Scalar::F16, load);
                        self.define(d, Inst::Conv(Conv::FToF { mode: None }, h));
                    } else {
                        self.define(d, load);
                    }
                }
            }
            VSTOREN | VSTORE_HALF | VSTORE_HALF_R | VSTORE_HALFN | VSTORE_HALFN_R
            | VSTOREA_HALFN | VSTOREA_HALFN_R => {
                let data = arg!(2);
                let (s, n) = self.m.components(self.type_of(env, id(inst, 2)?)?)?;
                let (offset, p) = (one(&arg!(3))?, one(&arg!(4))?);
                let space = ptr_space(self, 4)?;
                let half = num != VSTOREN;
                let bytes = if half {
                    2
                } else {
                    (s.bits() as usize / 8).max(1)
                };
                let stride = if matches!(num, VSTOREA_HALFN | VSTOREA_HALFN_R) && n == 3 {
                    8
                } else {
                    n * bytes
                };
                let mode = if matches!(num, VSTORE_HALF_R | VSTORE_HALFN_R | VSTOREA_HALFN_R) {
                    rounding(inst.operands.get(5))
                } else {
                    0
                };
                let addr = self.element_address(p, offset, stride);
                for (k, &v) in data.iter().enumerate() {
                    let value = if half {
                        self.emit(Scalar::F16, Inst::Conv(Conv::FToF { mode: Some(mode) }, v))
                    } else {
                        v
                    };
                    self.effect(Inst::Store {
                        ptr: addr,
                        offset: (k * bytes) as i64,
                        value,
                        space,
                    });
                }
            }
            PREFETCH => {}
            PRINTF => {
                let format = one(&arg!(2))?;
                let mut args = Vec::new();
                for i in 3..inst.operands.len() {
                    let v = id(inst, i)?;
                    let (s, _) = self.m.components(self.type_of(env, v)?)?;
                    args.push((self.vals(env, v)?, s));
                }
                let printf = Inst::Printf(Box::new(PrintfCall { format, args }));
                self.define(one(dst)?, printf);
            }
            FMA | MAD if self.m.components(rty)?.0 != Scalar::F16 && inst.operands.len() == 5 => {
                let (a, b, c) = (arg!(2), arg!(3), arg!(4));
                for (k, &d) in dst.iter().enumerate() {
                    let fma = Inst::Fma(lane(&a, k)?, lane(&b, k)?, lane(&c, k)?);
                    self.define(d, fma);
                }
            }
            FABS | SQRT | FLOOR | CEIL | TRUNC | RINT
                if self.m.components(rty)?.0 != Scalar::F16 =>
            {
                let un = match num {
                    FABS => Un::FAbs,
                    SQRT => Un::Sqrt,
                    FLOOR => Un::Floor,
                    CEIL => Un::Ceil,
                    TRUNC => Un::Trunc,
                    _ => Un::Nearest,
                };
                let a = arg!(2);
                for (k, &d) in dst.iter().enumerate() {
                    self.define(d, Inst::Un(un, lane(&a, k)?));
                }
            }
            COPYSIGN if self.m.components(rty)?.0 != Scalar::F16 => {
                let (a, b) = (arg!(2), arg!(3));
                for (k, &d) in dst.iter().enumerate() {
                    let copysign = Inst::Bin(Bin::CopySign, lane(&a, k)?, lane(&b, k)?);
                    self.define(d, copysign);
                }
            }
            n if inline_int(n) => {
                let t = self.m.components(self.type_of(env, id(inst, 2)?)?)?.0;
                let mut ops: Vec<Vec<Val>> = Vec::new();
                for i in 2..inst.operands.len() {
                    ops.push(arg!(i));
                }
                for (k, &d) in dst.iter().enumerate() {
                    let mut a = [one(ops.first().ok_or("a built-in without operands")?)?; 3];
                    for (j, o) in ops.iter().enumerate().take(3) {
                        a[j] = lane(o, k)?;
                    }
                    self.define(d, Inst::Int3(n, t, a));
                }
            }
            _ => {
                if !builtins::supported(num) {
                    return Err(format!(
                        "OpenCL.std instruction {name} ({num}) is not supported"
                    ));
                }
                let (rs, rn) = self.m.components(rty)?;
                let mut args = Vec::new();
                let mut out_ptr = None;
                for i in 2..inst.operands.len() {
                    let v = id(inst, i)?;
                    let t = self.type_of(env, v)?;
                    if let Shape::Pointer(_, pointee) = self.m.types.get(t)?.shape {
                        let (ps, pn) = self.m.components(pointee)?;
                        out_ptr = Some((self.val(env, v)?, ps, pn, self.space_of(t)));
                        continue;
                    }
                    let (s, _) = self.m.components(t)?;
                    args.push((self.vals(env, v)?, s));
                }
                let width = args.iter().map(|a| a.0.len()).max().unwrap_or(rn).max(rn);
                let out2: Vec<Val> = match out_ptr {
                    Some((_, ps, pn, _)) => (0..pn).map(|_| self.new_val(ps)).collect(),
                    None => vec![],
                };
                self.effect(Inst::Ext(Box::new(ExtCall {
                    num,
                    result: rs,
                    width,
                    args,
                    results: dst.to_vec(),
                    out2: out2.clone(),
                })));
                if let Some((ptr, ps, _, space)) = out_ptr {
                    let bytes = (ps.bits() as usize / 8).max(1);
                    for (k, v) in out2.into_iter().enumerate() {
                        self.effect(Inst::Store {
                            ptr,
                            offset: (k * bytes) as i64,
                            value: v,
                            space,
                        });
                    }
                }
            }
        }
        let _: Option<Word> = None;
        Ok(())
    }
}
