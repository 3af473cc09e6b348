//! SPIR-V instructions (other than control flow) to IR statements, component by component.

use super::ssa::Rmw;
use super::ssa::{Bin, Conv, Inst, Space, Un, Val};
use super::to_ssa::{id, lit, Env, Front};
use crate::front::spirv::GlobalVar;
use crate::front::types::Shape;
use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, FPRoundingMode, Op, StorageClass, Word};

fn int_bin(op: Op) -> Option<Bin> {
    Some(match op {
        Op::IAdd => Bin::IAdd,
        Op::ISub => Bin::ISub,
        Op::IMul => Bin::IMul,
        Op::UDiv => Bin::UDiv,
        Op::SDiv => Bin::SDiv,
        Op::UMod => Bin::URem,
        Op::SRem => Bin::SRem,
        Op::SMod => Bin::SMod,
        Op::ShiftLeftLogical => Bin::Shl,
        Op::ShiftRightLogical => Bin::LShr,
        Op::ShiftRightArithmetic => Bin::AShr,
        Op::BitwiseAnd | Op::LogicalAnd => Bin::And,
        Op::BitwiseOr | Op::LogicalOr => Bin::Or,
        Op::BitwiseXor => Bin::Xor,
        Op::IEqual | Op::LogicalEqual => Bin::Eq,
        Op::INotEqual | Op::LogicalNotEqual => Bin::Ne,
        Op::UGreaterThan => Bin::UGt,
        Op::UGreaterThanEqual => Bin::UGe,
        Op::ULessThan => Bin::ULt,
        Op::ULessThanEqual => Bin::ULe,
        Op::SGreaterThan => Bin::SGt,
        Op::SGreaterThanEqual => Bin::SGe,
        Op::SLessThan => Bin::SLt,
        Op::SLessThanEqual => Bin::SLe,
        Op::FAdd => Bin::FAdd,
        Op::FSub => Bin::FSub,
        Op::FMul => Bin::FMul,
        Op::FDiv => Bin::FDiv,
        Op::FRem => Bin::FRem,
        Op::FMod => Bin::FMod,
        Op::FOrdEqual => Bin::FEq(true),
        Op::FUnordEqual => Bin::FEq(false),
        Op::FOrdNotEqual => Bin::FNe(true),
        Op::FUnordNotEqual => Bin::FNe(false),
        Op::FOrdLessThan => Bin::FLt(true),
        Op::FUnordLessThan => Bin::FLt(false),
        Op::FOrdGreaterThan => Bin::FGt(true),
        Op::FUnordGreaterThan => Bin::FGt(false),
        Op::FOrdLessThanEqual => Bin::FLe(true),
        Op::FUnordLessThanEqual => Bin::FLe(false),
        Op::FOrdGreaterThanEqual => Bin::FGe(true),
        Op::FUnordGreaterThanEqual => Bin::FGe(false),
        Op::LessOrGreater => Bin::FNe(true),
        Op::Ordered => Bin::Ordered,
        Op::Unordered => Bin::Unordered,
        _ => return None,
    })
}

/// SPIR-V FPRoundingMode as 0 RTE, 1 RTZ, 2 RTP, 3 RTN.
pub(super) fn rounding_of(m: &crate::front::spirv::ModuleData, rid: Word) -> Option<u32> {
    match m.decoration(rid, Decoration::FPRoundingMode)?.first()? {
        Operand::FPRoundingMode(mode) => Some(match mode {
            FPRoundingMode::RTE => 0,
            FPRoundingMode::RTZ => 1,
            FPRoundingMode::RTP => 2,
            FPRoundingMode::RTN => 3,
        }),
        _ => None,
    }
}

/// The first component of `vals` (a scalar operand or result), or an error if it has none.
pub(super) fn one(vals: &[Val]) -> Result<Val, String> {
    vals.first()
        .copied()
        .ok_or_else(|| "a value without components".to_string())
}

/// Component `k` of an operand of a component-wise operation (a scalar operand stands for
/// every component), or an error if it has none.
pub(super) fn lane(vals: &[Val], k: usize) -> Result<Val, String> {
    vals.get(if vals.len() == 1 { 0 } else { k })
        .copied()
        .ok_or_else(|| {
            format!(
                "an operand of {} components has no component {k}",
                vals.len()
            )
        })
}

impl Front<'_> {
    /// Defines `dst[k] = inst(k)` for every component; `inst` gives `None` where an operand
    /// has no component `k` (an ill-typed module), which is an error.
    fn each(
        &mut self,
        dst: &[Val],
        mut inst: impl FnMut(usize) -> Option<Inst>,
    ) -> Result<(), String> {
        for (k, &d) in dst.iter().enumerate() {
            let i = inst(k).ok_or_else(|| {
                format!(
                    "an operand has fewer components than the result's {}",
                    dst.len()
                )
            })?;
            self.define(d, i);
        }
        Ok(())
    }

    /// The scalar of operand `v`'s type (its element type for vectors).
    fn scalar_of(&self, env: &Env, v: Word) -> Result<Scalar, String> {
        Ok(self.m.components(self.type_of(env, v)?)?.0)
    }

    /// Lowers one instruction.
    pub(super) fn instruction(&mut self, env: &mut Env, inst: &Instruction) -> Result<(), String> {
        self.check_operands(env, inst)?;
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let dst: Vec<Val> = env.vals.get(&rid).cloned().unwrap_or_default();
        macro_rules! arg {
            ($i:expr) => {
                self.vals(env, id(inst, $i)?)?
            };
        }
        if let Some(bin) = int_bin(op) {
            let (a, b) = (arg!(0), arg!(1));
            if a.len() != dst.len() || b.len() != dst.len() {
                return Err(format!(
                    "Op{op:?}: operands of {} and {} components for a result of {}",
                    a.len(),
                    b.len(),
                    dst.len()
                ));
            }
            self.each(&dst, |k| Some(Bin_(bin, a[k], b[k])))?;
            return Ok(());
        }
        match op {
            Op::Undef => self.each(&dst, |_| Some(Inst::Const(0)))?,
            // `OpExpectKHR`'s value is its first operand (the expected one is a hint).
            Op::CopyObject
            | Op::CopyLogical
            | Op::PtrCastToGeneric
            | Op::GenericCastToPtr
            | Op::ExpectKHR => {
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Copy(*a.get(k)?)))?;
            }
            Op::GenericCastToPtrExplicit => {
                let space = match inst.operands.get(1) {
                    Some(Operand::StorageClass(StorageClass::Workgroup)) => Space::Local,
                    Some(Operand::StorageClass(StorageClass::Function)) => Space::Private,
                    _ => Space::Other,
                };
                let a = arg!(0);
                self.each(&dst, |_| Some(Inst::GenericCast(*a.first()?, space)))?;
            }
            Op::SNegate => self.unary(env, inst, &dst, Un::INeg)?,
            Op::Not => self.unary(env, inst, &dst, Un::Not)?,
            Op::LogicalNot => self.unary(env, inst, &dst, Un::LNot)?,
            Op::BitCount => self.unary(env, inst, &dst, Un::PopCount)?,
            Op::BitReverse => self.unary(env, inst, &dst, Un::BitReverse)?,
            Op::FNegate => self.unary(env, inst, &dst, Un::FNeg)?,
            Op::IsNan => self.unary(env, inst, &dst, Un::IsNan)?,
            Op::IsInf => self.unary(env, inst, &dst, Un::IsInf)?,
            Op::IsFinite => self.unary(env, inst, &dst, Un::IsFinite)?,
            Op::IsNormal => self.unary(env, inst, &dst, Un::IsNormal)?,
            Op::SignBitSet => self.unary(env, inst, &dst, Un::SignBit)?,
            Op::Any | Op::All => {
                let a = arg!(0);
                let bin = if op == Op::All { Bin::And } else { Bin::Or };
                let (&first, rest) = a.split_first().ok_or("OpAll/OpAny of nothing")?;
                let mut acc = first;
                for &x in rest {
                    acc = self.emit(Scalar::Bool, Inst::Bin(bin, acc, x));
                }
                self.define(one(&dst)?, Inst::Copy(acc));
            }
            Op::Select => {
                let (c, a, b) = (arg!(0), arg!(1), arg!(2));
                let scalar_cond = c.len() == 1;
                self.each(&dst, |k| {
                    let c = if scalar_cond { c.first() } else { c.get(k) };
                    Some(Inst::Select(*c?, *a.get(k)?, *b.get(k)?))
                })?;
            }
            Op::ConvertFToU | Op::ConvertFToS => {
                let sat = self
                    .m
                    .decoration(rid, Decoration::SaturatedConversion)
                    .is_some();
                let conv = Conv::FToI {
                    signed: op == Op::ConvertFToS,
                    sat,
                    mode: rounding_of(self.m, rid),
                };
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Conv(conv, *a.get(k)?)))?;
            }
            Op::ConvertSToF | Op::ConvertUToF => {
                let conv = Conv::IToF {
                    signed: op == Op::ConvertSToF,
                    mode: rounding_of(self.m, rid),
                };
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Conv(conv, *a.get(k)?)))?;
            }
            Op::UConvert | Op::SConvert | Op::SatConvertSToU | Op::SatConvertUToS => {
                let sat = op == Op::SatConvertSToU
                    || op == Op::SatConvertUToS
                    || self
                        .m
                        .decoration(rid, Decoration::SaturatedConversion)
                        .is_some();
                let signed_from = matches!(op, Op::SConvert | Op::SatConvertSToU);
                let signed_to = match op {
                    Op::SatConvertUToS => true,
                    Op::SatConvertSToU => false,
                    _ => signed_from,
                };
                let conv = if sat {
                    Conv::IntSat {
                        signed_from,
                        signed_to,
                    }
                } else {
                    Conv::Int {
                        signed: signed_from,
                    }
                };
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Conv(conv, *a.get(k)?)))?;
            }
            Op::FConvert => {
                let conv = Conv::FToF {
                    mode: rounding_of(self.m, rid),
                };
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Conv(conv, *a.get(k)?)))?;
            }
            Op::PtrEqual | Op::PtrNotEqual => {
                let bin = if op == Op::PtrEqual { Bin::Eq } else { Bin::Ne };
                let (a, b) = (arg!(0), arg!(1));
                self.each(&dst, |_| Some(Inst::Bin(bin, *a.first()?, *b.first()?)))?;
            }
            Op::SizeOf => {
                let size = self.m.pointee_size(self.type_of(env, id(inst, 0)?)?)? as u64;
                self.each(&dst, |_| Some(Inst::Const(size)))?;
            }
            Op::PtrDiff => {
                let size = self.m.pointee_size(self.type_of(env, id(inst, 0)?)?)? as u64;
                if size == 0 {
                    return Err("OpPtrDiff over pointers to a zero-sized type".into());
                }
                let (a, b) = (arg!(0), arg!(1));
                let bytes = self.emit(Scalar::I64, Inst::Bin(Bin::ISub, one(&a)?, one(&b)?));
                let size = self.emit(Scalar::I64, Inst::Const(size));
                let elements = self.emit(Scalar::I64, Inst::Bin(Bin::SDiv, bytes, size));
                self.each(&dst, |_| {
                    Some(Inst::Conv(Conv::Int { signed: true }, elements))
                })?;
            }
            Op::ConvertPtrToU | Op::ConvertUToPtr => {
                let a = arg!(0);
                self.each(&dst, |k| {
                    Some(Inst::Conv(Conv::Int { signed: false }, *a.get(k)?))
                })?;
            }
            Op::Bitcast => {
                let a = arg!(0);
                if a.len() == dst.len() {
                    self.each(&dst, |k| Some(Inst::Conv(Conv::Bitcast, *a.get(k)?)))?;
                } else {
                    self.bitcast_repack(&a, &dst)?;
                }
            }
            Op::VectorTimesScalar => {
                let (a, b) = (arg!(0), arg!(1));
                self.each(&dst, |k| {
                    Some(Inst::Bin(Bin::FMul, *a.get(k)?, *b.first()?))
                })?;
            }
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                let (a, b) = (arg!(0), arg!(1));
                let s = self.scalar_of(env, id(inst, 0)?)?;
                self.extended(op, &a, &b, &dst, s)?;
            }
            Op::Dot => {
                let (a, b) = (arg!(0), arg!(1));
                let s = self.scalar_of(env, id(inst, 0)?)?;
                // Rounded once per step, as the interpreter's f64 sum is not: only F64
                // agrees exactly; keep the interpreter's semantics by widening F32 to F64.
                return self.dot(s, &a, &b, one(&dst)?);
            }
            Op::CompositeConstruct => {
                let mut parts = Vec::new();
                for i in 0..inst.operands.len() {
                    parts.extend(arg!(i));
                }
                self.each(&dst, |k| Some(Inst::Copy(*parts.get(k)?)))?;
            }
            Op::CompositeExtract => {
                let offset = self.member_slot(env, inst, 0)?;
                let a = arg!(0);
                self.each(&dst, |k| Some(Inst::Copy(*a.get(offset + k)?)))?;
            }
            Op::CompositeInsert => {
                let offset = self.member_slot(env, inst, 1)?;
                let (obj, c) = (arg!(0), arg!(1));
                self.each(&dst, |k| {
                    Some(Inst::Copy(if k >= offset && k < offset + obj.len() {
                        obj[k - offset]
                    } else {
                        *c.get(k)?
                    }))
                })?;
            }
            Op::VectorExtractDynamic | Op::VectorInsertDynamic => {
                let (vec, idx_pos) = (arg!(0), if op == Op::VectorExtractDynamic { 1 } else { 2 });
                let idx = one(&arg!(idx_pos))?;
                let ity = self.types[idx as usize];
                if op == Op::VectorExtractDynamic {
                    // Out of range: 0 (as the interpreter).
                    let d = one(&dst)?;
                    let s = self.types[d as usize];
                    let mut acc = self.emit(s, Inst::Const(0));
                    for (k, &c) in vec.iter().enumerate() {
                        let kk = self.emit(ity, Inst::Const(k as u64));
                        let hit = self.emit(Scalar::Bool, Inst::Bin(Bin::Eq, idx, kk));
                        acc = self.emit(s, Inst::Select(hit, c, acc));
                    }
                    self.define(d, Inst::Copy(acc));
                } else {
                    let comp = one(&arg!(1))?;
                    if vec.len() < dst.len() {
                        return Err("OpVectorInsertDynamic into a shorter vector".into());
                    }
                    for (k, &d) in dst.iter().enumerate() {
                        let kk = self.emit(ity, Inst::Const(k as u64));
                        let hit = self.emit(Scalar::Bool, Inst::Bin(Bin::Eq, idx, kk));
                        self.define(d, Inst::Select(hit, comp, vec[k]));
                    }
                }
            }
            Op::VectorShuffle => {
                let (a, b) = (arg!(0), arg!(1));
                let mut srcs = Vec::new();
                for i in 2..inst.operands.len() {
                    let c = lit(inst, i)? as usize;
                    srcs.push(if c == 0xffff_ffff {
                        None
                    } else if c < a.len() {
                        Some(a[c])
                    } else {
                        Some(*b.get(c - a.len()).ok_or("shuffle index out of range")?)
                    });
                }
                self.each(&dst, |k| {
                    Some(match *srcs.get(k)? {
                        Some(v) => Inst::Copy(v),
                        None => Inst::Const(0),
                    })
                })?;
            }
            Op::Load => {
                let p = id(inst, 0)?;
                let builtin = match self.m.globals.get(&p) {
                    Some(GlobalVar::Builtin(b)) => Some((*b, None)),
                    _ => self.builtin_ptrs.get(&p).copied(),
                };
                if let Some((b, component)) = builtin {
                    let mut vals = self.builtin(b)?;
                    if let Some(c) = component {
                        let v = *vals
                            .get(c)
                            .ok_or_else(|| format!("component {c} of built-in {b:?}"))?;
                        vals = vec![v];
                    }
                    // Built-ins are held as 64-bit values; some are 32-bit (`work_dim`).
                    let types: Vec<Scalar> = dst.iter().map(|d| self.types[*d as usize]).collect();
                    self.each(&dst, |k| {
                        let v = *vals.get(k)?;
                        Some(if types[k] == Scalar::I64 {
                            Inst::Copy(v)
                        } else {
                            Inst::Conv(Conv::Int { signed: false }, v)
                        })
                    })?;
                    return Ok(());
                }
                let space = self.space_of(self.type_of(env, p)?);
                let ptr = self.val(env, p)?;
                let t = self.m.types.get(inst.result_type.unwrap_or(0))?.clone();
                if dst.len() < t.leaves.len() {
                    return Err("OpLoad of a type with more components than its result".into());
                }
                for (k, leaf) in t.leaves.iter().enumerate() {
                    self.define(
                        dst[k],
                        Inst::Load {
                            ptr,
                            offset: leaf.offset as i64,
                            space,
                        },
                    );
                }
            }
            Op::Store => {
                let p = id(inst, 0)?;
                let v = id(inst, 1)?;
                let space = self.space_of(self.type_of(env, p)?);
                let ptr = self.val(env, p)?;
                let t = self.m.types.get(self.type_of(env, v)?)?.clone();
                let vals = self.vals(env, v)?;
                if vals.len() < t.leaves.len() {
                    return Err("OpStore of a value with fewer components than its type".into());
                }
                for (k, leaf) in t.leaves.iter().enumerate() {
                    self.effect(Inst::Store {
                        ptr,
                        offset: leaf.offset as i64,
                        value: vals[k],
                        space,
                    });
                }
            }
            Op::CopyMemory | Op::CopyMemorySized => {
                let (d, s) = (self.val(env, id(inst, 0)?)?, self.val(env, id(inst, 1)?)?);
                let bytes = if op == Op::CopyMemory {
                    let Shape::Pointer(_, pointee) =
                        self.m.types.get(self.type_of(env, id(inst, 0)?)?)?.shape
                    else {
                        return Err("OpCopyMemory of a non-pointer".into());
                    };
                    let size = self.m.types.get(pointee)?.size as u64;
                    self.emit(Scalar::I64, Inst::Const(size))
                } else {
                    let n = self.val(env, id(inst, 2)?)?;
                    self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, n))
                };
                self.effect(Inst::MemCopy {
                    dst: d,
                    src: s,
                    bytes,
                });
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => self.access_chain(env, inst, one(&dst)?)?,
            _ if atomic_form(op).is_some() => self.atomic(env, inst, &dst)?,
            Op::ExtInst => self.ext_inst(env, inst, &dst)?,
            _ if self.is_group(op) => self.group(env, inst, &dst)?,
            other => return Err(format!("Op{other:?} is not supported by the compiler")),
        }
        Ok(())
    }

    /// A bitcast between vectors of different lengths (`uchar4` ↔ `uint`, `float2` ↔
    /// `ulong`): the components are packed into 64-bit words, little-endian, and unpacked.
    fn bitcast_repack(&mut self, a: &[Val], dst: &[Val]) -> Result<(), String> {
        let int_of = |s: Scalar| match s {
            Scalar::F16 => Scalar::I16,
            Scalar::F32 => Scalar::I32,
            Scalar::F64 => Scalar::I64,
            other => other,
        };
        let bits = |f: &Self, v: Val| f.types[v as usize].bits() as usize;
        let total: usize = a.iter().map(|&v| bits(self, v)).sum();
        if total != dst.iter().map(|&v| bits(self, v)).sum::<usize>()
            || total % 64 != 0 && total > 64
        {
            return Err("bitcast between types of different sizes".into());
        }
        // Each source component as a 64-bit integer at its bit offset.
        let mut words: Vec<Option<Val>> = vec![None; total.div_ceil(64)];
        let mut at = 0;
        for &v in a {
            let s = self.types[v as usize];
            let i = self.emit(int_of(s), Inst::Conv(Conv::Bitcast, v));
            let w = self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, i));
            let shift = self.emit(Scalar::I64, Inst::Const((at % 64) as u64));
            let placed = self.emit(Scalar::I64, Inst::Bin(Bin::Shl, w, shift));
            let slot = &mut words[at / 64];
            *slot = Some(match *slot {
                Some(acc) => self.emit(Scalar::I64, Inst::Bin(Bin::Or, acc, placed)),
                None => placed,
            });
            at += s.bits() as usize;
        }
        let mut at = 0;
        for &d in dst {
            let s = self.types[d as usize];
            let word = words[at / 64].ok_or("bitcast: empty word")?;
            let shift = self.emit(Scalar::I64, Inst::Const((at % 64) as u64));
            let moved = self.emit(Scalar::I64, Inst::Bin(Bin::LShr, word, shift));
            let i = self.emit(int_of(s), Inst::Conv(Conv::Int { signed: false }, moved));
            self.define(d, Inst::Conv(Conv::Bitcast, i));
            at += s.bits() as usize;
        }
        Ok(())
    }

    fn unary(&mut self, env: &Env, inst: &Instruction, dst: &[Val], un: Un) -> Result<(), String> {
        let a = self.vals(env, id(inst, 0)?)?;
        self.each(dst, |k| Some(Inst::Un(un, *a.get(k)?)))?;
        Ok(())
    }

    /// `OpIAddCarry`, `OpISubBorrow`, `OpUMulExtended`, `OpSMulExtended` of `a` and `b`
    /// (components of type `s`): `dst` holds the low parts, then the carries or high parts.
    fn extended(
        &mut self,
        op: Op,
        a: &[Val],
        b: &[Val],
        dst: &[Val],
        s: Scalar,
    ) -> Result<(), String> {
        let n = a.len();
        if b.len() != n || dst.len() != 2 * n {
            return Err(format!(
                "Op{op:?}: operands of {n} and {} components for a result of {}",
                b.len(),
                dst.len()
            ));
        }
        for k in 0..n {
            let (x, y, lo, hi) = (a[k], b[k], dst[k], dst[n + k]);
            match op {
                Op::IAddCarry | Op::ISubBorrow => {
                    let add = op == Op::IAddCarry;
                    self.define(lo, Inst::Bin(if add { Bin::IAdd } else { Bin::ISub }, x, y));
                    let out = match add {
                        true => self.emit(Scalar::Bool, Inst::Bin(Bin::ULt, lo, x)),
                        false => self.emit(Scalar::Bool, Inst::Bin(Bin::ULt, x, y)),
                    };
                    let (one, zero) = (self.emit(s, Inst::Const(1)), self.emit(s, Inst::Const(0)));
                    self.define(hi, Inst::Select(out, one, zero));
                }
                _ => {
                    use crate::opencl_std::opcode::{S_MUL_HI, U_MUL_HI};
                    let num = if op == Op::UMulExtended {
                        U_MUL_HI
                    } else {
                        S_MUL_HI
                    };
                    self.define(lo, Inst::Bin(Bin::IMul, x, y));
                    self.define(hi, Inst::Int3(num, s, [x, y, x]));
                }
            }
        }
        Ok(())
    }

    /// `Σ a[k]·b[k]` evaluated as the interpreter does: in `f64`, rounded once.
    fn dot(&mut self, s: Scalar, a: &[Val], b: &[Val], dst: Val) -> Result<(), String> {
        let wide = |f: &mut Self, v: Val| {
            if s == Scalar::F64 {
                v
            } else {
                f.emit(Scalar::F64, Inst::Conv(Conv::FToF { mode: None }, v))
            }
        };
        let mut acc = self.emit(Scalar::F64, Inst::Const(0f64.to_bits()));
        for (&x, &y) in a.iter().zip(b) {
            let (x, y) = (wide(self, x), wide(self, y));
            let p = self.emit(Scalar::F64, Inst::Bin(Bin::FMul, x, y));
            acc = self.emit(Scalar::F64, Inst::Bin(Bin::FAdd, acc, p));
        }
        if s == Scalar::F64 {
            self.define(dst, Inst::Copy(acc));
        } else {
            self.define(dst, Inst::Conv(Conv::FToF { mode: None }, acc));
        }
        Ok(())
    }

    /// The component offset, inside composite operand `at`, of the member the literal indices
    /// after it name.
    fn member_slot(&self, env: &Env, inst: &Instruction, at: usize) -> Result<usize, String> {
        let indices = (at + 1..inst.operands.len()).map(|i| lit(inst, i).map(|v| v as u32));
        self.m
            .types
            .member_path(self.type_of(env, id(inst, at)?)?, indices)
    }

    fn access_chain(&mut self, env: &Env, inst: &Instruction, dst: Val) -> Result<(), String> {
        let op = inst.class.opcode;
        let base_id = id(inst, 0)?;
        if let Some(GlobalVar::Builtin(b)) = self.m.globals.get(&base_id) {
            return self.builtin_chain(inst, *b, dst);
        }
        let Shape::Pointer(_, pointee) = self.m.types.get(self.type_of(env, base_id)?)?.shape
        else {
            return Err("access chain on a non-pointer".into());
        };
        let mut acc = self.val(env, base_id)?;
        let mut constant = 0i64;
        let index = |f: &mut Self,
                     acc: Val,
                     constant: &mut i64,
                     idx: Word,
                     stride: i64|
         -> Result<Val, String> {
            if let Some(v) = f.m.consts.get(&idx) {
                let (s, _) = f.m.components(f.m.value_types[&idx])?;
                *constant = constant.wrapping_add(
                    s.sext(*v.first().ok_or("an empty constant index")?)
                        .wrapping_mul(stride),
                );
                return Ok(acc);
            }
            let i = f.val(env, idx)?;
            let wide = if f.types[i as usize] == Scalar::I64 {
                i
            } else {
                f.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: true }, i))
            };
            let scaled = if stride == 1 {
                wide
            } else {
                let c = f.emit(Scalar::I64, Inst::Const(stride as u64));
                f.emit(Scalar::I64, Inst::Bin(Bin::IMul, wide, c))
            };
            Ok(f.emit(Scalar::I64, Inst::Bin(Bin::IAdd, acc, scaled)))
        };
        let mut first = 1;
        if matches!(op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain) {
            let stride = self.m.types.stride(pointee)? as i64;
            acc = index(self, acc, &mut constant, id(inst, 1)?, stride)?;
            first = 2;
        }
        let mut ty = Some(pointee);
        for i in first..inst.operands.len() {
            let t = ty.ok_or("access chain indexes into a scalar")?;
            let index_id = id(inst, i)?;
            match &self.m.types.get(t)?.shape {
                Shape::Struct(_) => {
                    let c = self
                        .m
                        .consts
                        .get(&index_id)
                        .and_then(|c| c.first())
                        .copied()
                        .ok_or("struct index is not a constant")?;
                    let (o, next) = self.m.types.member_offset(t, c)?;
                    constant = constant.wrapping_add(o as i64);
                    ty = next;
                }
                Shape::Array(elem, _) => {
                    let stride = self.m.types.stride(*elem)? as i64;
                    let elem = *elem;
                    acc = index(self, acc, &mut constant, index_id, stride)?;
                    ty = Some(elem);
                }
                Shape::Vector(s, _) => {
                    let stride = (s.bits() as i64 / 8).max(1);
                    acc = index(self, acc, &mut constant, index_id, stride)?;
                    ty = None;
                }
                other => return Err(format!("access chain into {other:?}")),
            }
        }
        if constant != 0 {
            let c = self.emit(Scalar::I64, Inst::Const(constant as u64));
            acc = self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, acc, c));
        }
        self.define(dst, Inst::Copy(acc));
        Ok(())
    }

    /// An access chain into built-in variable `b` (DPC++ declares its built-ins as
    /// `CrossWorkgroup` variables and reads a component through `OpInBoundsPtrAccessChain %b 0
    /// %c`): its indices must be constants; loads through the result read the component.
    fn builtin_chain(&mut self, inst: &Instruction, b: BuiltIn, dst: Val) -> Result<(), String> {
        let constant = |k: usize| {
            self.constant_operand(inst, k)
                .map_err(|_| format!("built-in {b:?} indexed by a value that is not a constant"))
        };
        let mut first = 1;
        if matches!(
            inst.class.opcode,
            Op::PtrAccessChain | Op::InBoundsPtrAccessChain
        ) {
            if constant(1)? != 0 {
                return Err(format!("built-in {b:?} indexed past the variable"));
            }
            first = 2;
        }
        let component = match inst.operands.len() - first {
            0 => None,
            1 => Some(constant(first)? as usize),
            _ => return Err(format!("built-in {b:?} indexed twice")),
        };
        let result = inst.result_id.ok_or("access chain without a result")?;
        self.builtin_ptrs.insert(result, (b, component));
        // The pointer itself is null: anything other than a load through it faults.
        self.define(dst, Inst::Const(0));
        Ok(())
    }

    fn atomic(&mut self, env: &Env, inst: &Instruction, dst: &[Val]) -> Result<(), String> {
        let op = inst.class.opcode;
        let ptr_id = id(inst, 0)?;
        let ptr_ty = self.type_of(env, ptr_id)?;
        let space = self.space_of(ptr_ty);
        let ptr = self.val(env, ptr_id)?;
        let Shape::Pointer(_, pointee) = self.m.types.get(ptr_ty)?.shape else {
            return Err("atomic on a non-pointer".into());
        };
        let scalar = match op {
            Op::AtomicFlagTestAndSet | Op::AtomicFlagClear => Scalar::I32,
            _ => self.m.components(pointee)?.0,
        };
        let one = |f: &mut Self| Some(f.emit(scalar, Inst::Const(1)));
        let (rmw, value, compare) = atomic_form(op).ok_or("internal: atomic")?;
        let value = match value {
            AtomicValue::Absent => None,
            AtomicValue::One => one(self),
            AtomicValue::Operand(i) => Some(self.val(env, id(inst, i)?)?),
        };
        let compare = match compare {
            Some(i) => Some(self.val(env, id(inst, i)?)?),
            None => None,
        };
        let atomic = Inst::Atomic {
            op: rmw,
            ptr,
            value,
            compare,
            space,
        };
        // The atomic's own value has the pointee's type; a flag's result is a bool.
        match dst.first() {
            Some(&d) if !matches!(rmw, Rmw::Store | Rmw::FlagClear) => {
                if rmw == Rmw::FlagTestAndSet {
                    let old = self.emit(Scalar::I32, atomic);
                    self.define(d, Inst::Conv(Conv::Int { signed: false }, old));
                } else if self.types[d as usize] == scalar {
                    self.define(d, atomic);
                } else {
                    let old = self.emit(scalar, atomic);
                    self.define(d, Inst::Copy(old));
                }
            }
            _ => {
                let _ = self.emit(scalar, atomic);
            }
        }
        Ok(())
    }
}

/// `Inst::Bin` (a function, so that closures can build it).
#[allow(non_snake_case)]
fn Bin_(b: Bin, x: Val, y: Val) -> Inst {
    Inst::Bin(b, x, y)
}

/// Where an atomic instruction's value operand comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicValue {
    /// It has none (a load, a flag).
    Absent,
    /// The constant 1 (`OpAtomicIIncrement`, `OpAtomicIDecrement`).
    One,
    /// Operand `i` of the instruction.
    Operand(usize),
}

/// What SPIR-V atomic instruction `op` does, for both front ends: its read-modify-write, where
/// its value comes from and the operand index of its comparator; `None` for any other
/// instruction.
pub fn atomic_form(op: Op) -> Option<(Rmw, AtomicValue, Option<usize>)> {
    use AtomicValue::{Absent, One, Operand};
    Some(match op {
        Op::AtomicLoad => (Rmw::Load, Absent, None),
        Op::AtomicStore => (Rmw::Store, Operand(3), None),
        Op::AtomicExchange => (Rmw::Exchange, Operand(3), None),
        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => {
            (Rmw::CompareExchange, Operand(4), Some(5))
        }
        Op::AtomicIIncrement => (Rmw::Add, One, None),
        Op::AtomicIDecrement => (Rmw::Sub, One, None),
        Op::AtomicIAdd => (Rmw::Add, Operand(3), None),
        Op::AtomicISub => (Rmw::Sub, Operand(3), None),
        Op::AtomicSMin => (Rmw::SMin, Operand(3), None),
        Op::AtomicUMin => (Rmw::UMin, Operand(3), None),
        Op::AtomicSMax => (Rmw::SMax, Operand(3), None),
        Op::AtomicUMax => (Rmw::UMax, Operand(3), None),
        Op::AtomicAnd => (Rmw::And, Operand(3), None),
        Op::AtomicOr => (Rmw::Or, Operand(3), None),
        Op::AtomicXor => (Rmw::Xor, Operand(3), None),
        Op::AtomicFlagTestAndSet => (Rmw::FlagTestAndSet, Absent, None),
        Op::AtomicFlagClear => (Rmw::FlagClear, Absent, None),
        Op::AtomicFAddEXT => (Rmw::FAdd, Operand(3), None),
        Op::AtomicFMinEXT => (Rmw::FMin, Operand(3), None),
        Op::AtomicFMaxEXT => (Rmw::FMax, Operand(3), None),
        _ => return None,
    })
}
