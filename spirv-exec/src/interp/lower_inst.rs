//! Lowering of individual (non-control-flow) instructions.

use crate::front::types::Shape;
use crate::interp::atomic::{self, atomic_form, AtomicValue};
use crate::interp::lower::Lowering;
use crate::interp::memops::{self, Step};
use crate::interp::ops::{
    self, binary, copy, float_binary, float_compare, float_test, ternary, unary,
};
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, FPRoundingMode, Op, Word};

use crate::interp::lower::Env;

/// Integer arithmetic, shifts and bitwise operations of two operands: one `int_binary` row
/// operation each, hoisted out of the work-item loop when their operands allow
/// (`lower_hoist.rs`).
pub(crate) fn integer_binary(op: Op) -> bool {
    matches!(
        op,
        Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::UDiv
            | Op::SDiv
            | Op::UMod
            | Op::SRem
            | Op::SMod
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
    )
}

pub(crate) fn id(inst: &Instruction, i: usize) -> Result<Word, String> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(w)) => Ok(*w),
        other => Err(format!("operand {i} is not an id ({other:?})")),
    }
}

pub(crate) fn lit(inst: &Instruction, i: usize) -> Result<u64, String> {
    match inst.operands.get(i) {
        Some(Operand::LiteralBit32(v)) => Ok(*v as u64),
        Some(Operand::LiteralBit64(v)) => Ok(*v),
        Some(Operand::LiteralExtInstInteger(v)) => Ok(*v as u64),
        other => Err(format!("operand {i} is not a literal ({other:?})")),
    }
}

/// `kb`: `b` when it is one value for every lane (see [`Lowering::uniform_arg`]): the
/// operation then reads one row.
fn int_binary(
    op: Op,
    s: Scalar,
    d: usize,
    a: usize,
    (b, kb): (usize, Option<ops::Uniform>),
    n: usize,
) -> Option<Exec> {
    // A uniform operand's row is not read: its value is taken once instead.
    macro_rules! binary {
        ($d:expr, $a:expr, $b:expr, $n:expr, $f:expr) => {{
            let f = crate::interp::ops::as_binary($f);
            match kb {
                Some(k) => ops::unary_k($d, $a, k, f),
                None => binary($d, $a, $b, $n, f),
            }
        }};
    }
    let m = s.mask();
    let bits = s.bits() as u64;
    Some(match op {
        Op::IAdd => binary!(d, a, b, n, move |x, y| x.wrapping_add(y) & m),
        Op::ISub => binary!(d, a, b, n, move |x, y| x.wrapping_sub(y) & m),
        Op::IMul => binary!(d, a, b, n, move |x, y| x.wrapping_mul(y) & m),
        Op::UDiv => binary!(d, a, b, n, move |x, y| x.checked_div(y).unwrap_or(0) & m),
        Op::UMod => binary!(d, a, b, n, move |x, y| x.checked_rem(y).unwrap_or(0) & m),
        Op::SDiv => binary!(d, a, b, n, move |x, y| {
            (s.sext(x).checked_div(s.sext(y)).unwrap_or(0) as u64) & m
        }),
        Op::SRem => binary!(d, a, b, n, move |x, y| {
            (s.sext(x).checked_rem(s.sext(y)).unwrap_or(0) as u64) & m
        }),
        Op::SMod => binary!(d, a, b, n, move |x, y| {
            let (x, y) = (s.sext(x), s.sext(y));
            let r = x.checked_rem(y).unwrap_or(0);
            (if r != 0 && (r < 0) != (y < 0) {
                r + y
            } else {
                r
            }) as u64
                & m
        }),
        Op::ShiftLeftLogical => binary!(d, a, b, n, move |x, y| (x << (y & (bits - 1))) & m),
        Op::ShiftRightLogical => binary!(d, a, b, n, move |x, y| (x >> (y & (bits - 1))) & m),
        Op::ShiftRightArithmetic => binary!(d, a, b, n, move |x, y| {
            ((s.sext(x) >> (y & (bits - 1))) as u64) & m
        }),
        Op::BitwiseAnd | Op::LogicalAnd => binary!(d, a, b, n, |x, y| x & y),
        Op::BitwiseOr | Op::LogicalOr => binary!(d, a, b, n, |x, y| x | y),
        Op::BitwiseXor => binary!(d, a, b, n, |x, y| x ^ y),
        Op::IEqual | Op::LogicalEqual => binary!(d, a, b, n, |x, y| (x == y) as u64),
        Op::INotEqual | Op::LogicalNotEqual => binary!(d, a, b, n, |x, y| (x != y) as u64),
        Op::UGreaterThan => binary!(d, a, b, n, |x, y| (x > y) as u64),
        Op::UGreaterThanEqual => binary!(d, a, b, n, |x, y| (x >= y) as u64),
        Op::ULessThan => binary!(d, a, b, n, |x, y| (x < y) as u64),
        Op::ULessThanEqual => binary!(d, a, b, n, |x, y| (x <= y) as u64),
        Op::SGreaterThan => binary!(d, a, b, n, move |x, y| (s.sext(x) > s.sext(y)) as u64),
        Op::SGreaterThanEqual => binary!(d, a, b, n, move |x, y| (s.sext(x) >= s.sext(y)) as u64),
        Op::SLessThan => binary!(d, a, b, n, move |x, y| (s.sext(x) < s.sext(y)) as u64),
        Op::SLessThanEqual => binary!(d, a, b, n, move |x, y| (s.sext(x) <= s.sext(y)) as u64),
        _ => return None,
    })
}

fn float_op(op: Op, s: Scalar, d: usize, a: usize, b: usize, n: usize) -> Option<Exec> {
    Some(match op {
        Op::FAdd => float_binary(s, d, a, b, n, |x, y| x + y, |x, y| x + y),
        Op::FSub => float_binary(s, d, a, b, n, |x, y| x - y, |x, y| x - y),
        Op::FMul => float_binary(s, d, a, b, n, |x, y| x * y, |x, y| x * y),
        Op::FDiv => float_binary(s, d, a, b, n, |x, y| x / y, |x, y| x / y),
        Op::FRem => float_binary(s, d, a, b, n, |x, y| x % y, |x, y| x % y),
        Op::FMod => float_binary(
            s,
            d,
            a,
            b,
            n,
            |x, y| {
                let r = x % y;
                if r != 0.0 && (r < 0.0) != (y < 0.0) {
                    r + y
                } else {
                    r
                }
            },
            |x, y| {
                let r = x % y;
                if r != 0.0 && (r < 0.0) != (y < 0.0) {
                    r + y
                } else {
                    r
                }
            },
        ),
        Op::FOrdEqual => float_compare(s, d, a, b, n, |x, y| x == y),
        Op::FUnordEqual => float_compare(s, d, a, b, n, |x, y| x == y || x.is_nan() || y.is_nan()),
        Op::FOrdNotEqual => {
            float_compare(s, d, a, b, n, |x, y| x != y && !x.is_nan() && !y.is_nan())
        }
        Op::FUnordNotEqual => float_compare(s, d, a, b, n, |x, y| x != y),
        Op::FOrdLessThan => float_compare(s, d, a, b, n, |x, y| x < y),
        Op::FUnordLessThan => {
            float_compare(s, d, a, b, n, |x, y| x < y || x.is_nan() || y.is_nan())
        }
        Op::FOrdGreaterThan => float_compare(s, d, a, b, n, |x, y| x > y),
        Op::FUnordGreaterThan => {
            float_compare(s, d, a, b, n, |x, y| x > y || x.is_nan() || y.is_nan())
        }
        Op::FOrdLessThanEqual => float_compare(s, d, a, b, n, |x, y| x <= y),
        Op::FUnordLessThanEqual => {
            float_compare(s, d, a, b, n, |x, y| x <= y || x.is_nan() || y.is_nan())
        }
        Op::FOrdGreaterThanEqual => float_compare(s, d, a, b, n, |x, y| x >= y),
        Op::FUnordGreaterThanEqual => {
            float_compare(s, d, a, b, n, |x, y| x >= y || x.is_nan() || y.is_nan())
        }
        Op::LessOrGreater => {
            float_compare(s, d, a, b, n, |x, y| x != y && !x.is_nan() && !y.is_nan())
        }
        Op::Ordered => float_compare(s, d, a, b, n, |x, y| !x.is_nan() && !y.is_nan()),
        Op::Unordered => float_compare(s, d, a, b, n, |x, y| x.is_nan() || y.is_nan()),
        _ => return None,
    })
}

impl Lowering<'_> {
    fn rounding(&self, rid: Word) -> Option<u32> {
        match self
            .m
            .decoration(rid, Decoration::FPRoundingMode)?
            .first()?
        {
            Operand::FPRoundingMode(mode) => Some(match mode {
                FPRoundingMode::RTE => 0,
                FPRoundingMode::RTZ => 1,
                FPRoundingMode::RTP => 2,
                FPRoundingMode::RTN => 3,
            }),
            _ => None,
        }
    }

    /// The slot of operand `i` of `inst`.
    pub(crate) fn operand(
        &mut self,
        env: &Env,
        inst: &Instruction,
        i: usize,
    ) -> Result<usize, String> {
        self.slot(env, id(inst, i)?)
    }

    /// The scalar type and component count of operand `i` of `inst`.
    pub(crate) fn operand_components(
        &self,
        env: &Env,
        inst: &Instruction,
        i: usize,
    ) -> Result<(Scalar, usize), String> {
        self.m.components(self.type_of(env, id(inst, i)?)?)
    }

    /// Lowers a value-producing or memory instruction (control flow is handled by the caller).
    pub(crate) fn instruction(
        &mut self,
        env: &mut Env,
        inst: &Instruction,
    ) -> Result<Option<Exec>, String> {
        self.check_operands(env, inst)?;
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let rty = inst.result_type.unwrap_or(0);
        let dst = env.vals.get(&rid).copied().unwrap_or(0);
        // Scalar type and width of the result / of operand i.
        let res = || self.m.components(rty);
        let n_res = || self.m.types.get(rty).map(|t| t.slots);
        macro_rules! arg {
            ($i:expr) => {
                self.operand(env, inst, $i)?
            };
        }
        macro_rules! arg_ty {
            ($i:expr) => {
                self.operand_components(env, inst, $i)?
            };
        }
        let e: Exec = match op {
            Op::Undef => return Ok(None),
            Op::CopyObject | Op::CopyLogical | Op::PtrCastToGeneric | Op::GenericCastToPtr => {
                let (src, n) = (arg!(0), n_res()?);
                if self.is_stable(src, n) {
                    env.vals.insert(rid, src);
                    return Ok(None);
                }
                copy(dst, src, n)
            }
            Op::GenericCastToPtrExplicit => match inst.operands.get(1) {
                Some(Operand::StorageClass(sc)) => memops::generic_cast(dst, arg!(0), *sc),
                other => return Err(format!("malformed OpGenericCastToPtrExplicit ({other:?})")),
            },
            _ if integer_binary(op) || matches!(op, Op::LogicalAnd | Op::LogicalOr) => {
                let (s, n) = res()?;
                int_binary(
                    op,
                    s,
                    dst,
                    arg!(0),
                    (arg!(1), self.uniform_arg(env, inst, 1, n)),
                    n,
                )
                .ok_or("internal: integer op")?
            }
            Op::IEqual
            | Op::INotEqual
            | Op::UGreaterThan
            | Op::UGreaterThanEqual
            | Op::ULessThan
            | Op::ULessThanEqual
            | Op::SGreaterThan
            | Op::SGreaterThanEqual
            | Op::SLessThan
            | Op::SLessThanEqual
            | Op::LogicalEqual
            | Op::LogicalNotEqual => {
                let (s, n) = arg_ty!(0);
                int_binary(
                    op,
                    s,
                    dst,
                    arg!(0),
                    (arg!(1), self.uniform_arg(env, inst, 1, n)),
                    n,
                )
                .ok_or("internal: comparison")?
            }
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FRem | Op::FMod => {
                let (s, n) = res()?;
                float_op(op, s, dst, arg!(0), arg!(1), n).ok_or("internal: float op")?
            }
            Op::FOrdEqual
            | Op::FUnordEqual
            | Op::FOrdNotEqual
            | Op::FUnordNotEqual
            | Op::FOrdLessThan
            | Op::FUnordLessThan
            | Op::FOrdGreaterThan
            | Op::FUnordGreaterThan
            | Op::FOrdLessThanEqual
            | Op::FUnordLessThanEqual
            | Op::FOrdGreaterThanEqual
            | Op::FUnordGreaterThanEqual
            | Op::LessOrGreater
            | Op::Ordered
            | Op::Unordered => {
                let (s, n) = arg_ty!(0);
                float_op(op, s, dst, arg!(0), arg!(1), n).ok_or("internal: float comparison")?
            }
            Op::SNegate => {
                let (s, n) = res()?;
                let m = s.mask();
                unary(dst, arg!(0), n, move |x| x.wrapping_neg() & m)
            }
            Op::Not => {
                let (s, n) = res()?;
                let m = s.mask();
                unary(dst, arg!(0), n, move |x| !x & m)
            }
            Op::LogicalNot => unary(dst, arg!(0), n_res()?, |x| (x == 0) as u64),
            Op::BitCount => unary(dst, arg!(0), n_res()?, |x| x.count_ones() as u64),
            Op::BitReverse => {
                let (s, n) = res()?;
                let shift = 64 - s.bits();
                unary(dst, arg!(0), n, move |x| x.reverse_bits() >> shift)
            }
            Op::FNegate => {
                let (s, n) = res()?;
                let sign = 1u64 << (s.bits() - 1);
                unary(dst, arg!(0), n, move |x| x ^ sign)
            }
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                let (s, n) = arg_ty!(0);
                let f: fn(f64) -> bool = match op {
                    Op::IsNan => |x| x.is_nan(),
                    Op::IsInf => |x| x.is_infinite(),
                    Op::IsFinite => |x| x.is_finite(),
                    Op::SignBitSet => |x| x.is_sign_negative(),
                    _ => |x| x.is_normal(),
                };
                if op == Op::IsNormal {
                    // Normality depends on the type's own range: test in the source type.
                    let t = s;
                    unary(dst, arg!(0), n, move |x| match t {
                        Scalar::F16 => half::f16::from_bits(x as u16).is_normal() as u64,
                        Scalar::F32 => f32::from_bits(x as u32).is_normal() as u64,
                        _ => f64::from_bits(x).is_normal() as u64,
                    })
                } else {
                    float_test(s, dst, arg!(0), n, f)
                }
            }
            Op::Any | Op::All => {
                let (_, n) = arg_ty!(0);
                let a = arg!(0);
                let all = op == Op::All;
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        let mut acc = all;
                        for k in 0..n {
                            let v = x.r[(a + k) * s + l] & 1 != 0;
                            acc = if all { acc && v } else { acc || v };
                        }
                        x.r[dst * s + l] = acc as u64;
                    }
                    Ok(())
                })
            }
            Op::Select => {
                let n = n_res()?;
                let (c, a, b) = (arg!(0), arg!(1), arg!(2));
                let (_, cn) = arg_ty!(0);
                if cn == n {
                    ternary(dst, c, a, b, n, |c, a, b| if c & 1 != 0 { a } else { b })
                } else {
                    Box::new(move |x: &mut Lanes<'_>| {
                        let s = x.n;
                        for &l in x.active {
                            let l = l as usize;
                            let src = if x.r[c * s + l] & 1 != 0 { a } else { b };
                            for k in 0..n {
                                x.r[(dst + k) * s + l] = x.r[(src + k) * s + l];
                            }
                        }
                        Ok(())
                    })
                }
            }
            Op::ConvertFToU | Op::ConvertFToS => {
                let (from, n) = arg_ty!(0);
                let (to, _) = res()?;
                let sat = self
                    .m
                    .decoration(rid, Decoration::SaturatedConversion)
                    .is_some();
                let conversion = ops::Conversion {
                    from,
                    to,
                    signed_from: false,
                    signed_to: op == Op::ConvertFToS,
                    sat,
                    mode: self.rounding(rid),
                };
                ops::float_to_int(conversion, dst, arg!(0), n)
            }
            Op::ConvertSToF | Op::ConvertUToF => {
                let (from, n) = arg_ty!(0);
                let (to, _) = res()?;
                ops::int_to_float(
                    from,
                    to,
                    op == Op::ConvertSToF,
                    self.rounding(rid),
                    dst,
                    arg!(0),
                    n,
                )
            }
            Op::UConvert | Op::SConvert | Op::SatConvertSToU | Op::SatConvertUToS => {
                let (from, n) = arg_ty!(0);
                let (to, _) = res()?;
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
                let conversion = ops::Conversion {
                    from,
                    to,
                    signed_from,
                    signed_to,
                    sat,
                    mode: None,
                };
                ops::int_convert(conversion, dst, arg!(0), n)
            }
            Op::FConvert => {
                let (from, n) = arg_ty!(0);
                let (to, _) = res()?;
                ops::fconvert(from, to, self.rounding(rid), dst, arg!(0), n)
            }
            Op::PtrEqual | Op::PtrNotEqual => {
                let equal = op == Op::PtrEqual;
                binary(dst, arg!(0), arg!(1), 1, move |x, y| {
                    ((x == y) == equal) as u64
                })
            }
            Op::PtrDiff | Op::SizeOf => {
                let size = self.m.pointee_size(self.type_of(env, id(inst, 0)?)?)?;
                let m = res()?.0.mask();
                if op == Op::SizeOf {
                    unary(dst, arg!(0), 1, move |_| size as u64 & m)
                } else if size == 0 {
                    return Err("OpPtrDiff over pointers to a zero-sized type".into());
                } else {
                    let size = size as i64;
                    binary(dst, arg!(0), arg!(1), 1, move |x, y| {
                        ((x as i64).wrapping_sub(y as i64) / size) as u64 & m
                    })
                }
            }
            Op::ConvertPtrToU | Op::ConvertUToPtr => {
                let (to, _) = res()?;
                let m = to.mask();
                unary(dst, arg!(0), 1, move |x| x & m)
            }
            Op::Bitcast => {
                let (from, na) = arg_ty!(0);
                let (to, nd) = res()?;
                if from.bits() as usize * na != to.bits() as usize * nd {
                    return Err("bitcast between types of different sizes".into());
                }
                ops::bitcast(from, na, to, nd, dst, arg!(0))
            }
            Op::VectorTimesScalar => {
                let (s, n) = res()?;
                let (a, b) = (arg!(0), arg!(1));
                match s {
                    Scalar::F64 => ops::binary_scalar(dst, a, b, n, |x, y| {
                        (f64::from_bits(x) * f64::from_bits(y)).to_bits()
                    }),
                    Scalar::F16 => ops::binary_scalar(dst, a, b, n, |x, y| {
                        half::f16::from_f32(
                            half::f16::from_bits(x as u16).to_f32()
                                * half::f16::from_bits(y as u16).to_f32(),
                        )
                        .to_bits() as u64
                    }),
                    _ => ops::binary_scalar(dst, a, b, n, |x, y| {
                        (f32::from_bits(x as u32) * f32::from_bits(y as u32)).to_bits() as u64
                    }),
                }
            }
            Op::Dot => {
                let (s, n) = arg_ty!(0);
                let (a, b) = (arg!(0), arg!(1));
                Box::new(move |x: &mut Lanes<'_>| {
                    let st = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        let mut acc = 0f64;
                        for k in 0..n {
                            acc +=
                                s.to_f64(x.r[(a + k) * st + l]) * s.to_f64(x.r[(b + k) * st + l]);
                        }
                        x.r[dst * st + l] = s.from_f64(acc);
                    }
                    Ok(())
                })
            }
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                let (s, n) = arg_ty!(0);
                let (a, b) = (arg!(0), arg!(1));
                let bits = s.bits();
                let m = s.mask();
                Box::new(move |x: &mut Lanes<'_>| {
                    let st = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        for k in 0..n {
                            let (u, v) = (x.r[(a + k) * st + l], x.r[(b + k) * st + l]);
                            let (lo, hi) = match op {
                                Op::IAddCarry => {
                                    let r = u as u128 + v as u128;
                                    (r as u64 & m, (r >> bits) as u64 & 1)
                                }
                                Op::ISubBorrow => ((u.wrapping_sub(v)) & m, (u < v) as u64),
                                Op::UMulExtended => {
                                    let r = u as u128 * v as u128;
                                    (r as u64 & m, (r >> bits) as u64 & m)
                                }
                                _ => {
                                    let r = s.sext(u) as i128 * s.sext(v) as i128;
                                    (r as u64 & m, (r >> bits) as u64 & m)
                                }
                            };
                            x.r[(dst + k) * st + l] = lo;
                            x.r[(dst + n + k) * st + l] = hi;
                        }
                    }
                    Ok(())
                })
            }
            Op::CompositeConstruct
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::VectorExtractDynamic
            | Op::VectorInsertDynamic
            | Op::VectorShuffle => return self.composite(env, inst, dst),
            Op::Load => {
                let p = id(inst, 0)?;
                if let Some(crate::front::spirv::GlobalVar::Builtin(b)) = self.m.globals.get(&p) {
                    // The built-in's slots are the value (they are stable).
                    let (which, n) = crate::interp::lower::builtin_value(*b)?;
                    let src = self.builtin_slot(which, n);
                    env.vals.insert(rid, src);
                    return Ok(None);
                }
                let t = self.m.types.get(rty)?;
                memops::load(dst, self.slot(env, p)?, t.leaves.clone(), t.size)
            }
            Op::Store => {
                let v = id(inst, 1)?;
                let t = self.m.types.get(self.type_of(env, v)?)?;
                let (leaves, size) = (t.leaves.clone(), t.size);
                memops::store(arg!(0), self.slot(env, v)?, leaves, size)
            }
            Op::CopyMemory => {
                let Shape::Pointer(_, pointee) =
                    self.m.types.get(self.type_of(env, id(inst, 0)?)?)?.shape
                else {
                    return Err("OpCopyMemory of a non-pointer".into());
                };
                memops::copy_memory(arg!(0), arg!(1), Ok(self.m.types.get(pointee)?.size))
            }
            Op::CopyMemorySized => {
                let size_id = id(inst, 2)?;
                let size = match self.m.consts.get(&size_id) {
                    Some(v) => Ok(v[0] as usize),
                    None => Err(self.slot(env, size_id)?),
                };
                memops::copy_memory(arg!(0), arg!(1), size)
            }
            Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain => {
                let base = id(inst, 0)?;
                let Shape::Pointer(_, mut pointee) =
                    self.m.types.get(self.type_of(env, base)?)?.shape
                else {
                    return Err("access chain on a non-pointer".into());
                };
                let mut steps = Vec::new();
                let mut first = 1;
                if matches!(op, Op::PtrAccessChain | Op::InBoundsPtrAccessChain) {
                    let stride = self.m.types.stride(pointee)? as i64;
                    steps.push(self.index_step(env, id(inst, 1)?, stride)?);
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
                                .ok_or("struct index is not a constant")?[0];
                            let (o, next) = self.m.types.member_offset(t, c)?;
                            steps.push(Step::Const(o as i64));
                            ty = next;
                        }
                        Shape::Array(elem, _) => {
                            let stride = self.m.types.stride(*elem)? as i64;
                            steps.push(self.index_step(env, index_id, stride)?);
                            ty = Some(*elem);
                        }
                        Shape::Vector(s, _) => {
                            let stride = (s.bits() as i64 / 8).max(1);
                            steps.push(self.index_step(env, index_id, stride)?);
                            ty = None;
                        }
                        other => return Err(format!("access chain into {other:?}")),
                    }
                    pointee = ty.unwrap_or(pointee);
                }
                let _ = pointee;
                // Fold constant steps.
                let total: i64 = steps
                    .iter()
                    .map(|s| if let Step::Const(c) = s { *c } else { 0 })
                    .sum();
                let mut folded: Vec<Step> = steps
                    .into_iter()
                    .filter(|s| !matches!(s, Step::Const(_)))
                    .collect();
                if total != 0 {
                    folded.push(Step::Const(total));
                }
                let kbase = self.uniform_arg(env, inst, 0, 1);
                // The access that follows reads the row's bounds from here (one value each).
                let record = env.access_next && self.m.types.get(pointee)?.leaves.len() == 1;
                memops::address(dst, self.slot(env, base)?, kbase, folded, record)
            }
            _ if atomic_form(op).is_some() => {
                let ptr_id = id(inst, 0)?;
                let Shape::Pointer(_, pointee) =
                    self.m.types.get(self.type_of(env, ptr_id)?)?.shape
                else {
                    return Err("atomic on a non-pointer".into());
                };
                let scalar = match op {
                    Op::AtomicFlagTestAndSet | Op::AtomicFlagClear => Scalar::I32,
                    _ => self.m.components(pointee)?.0,
                };
                let ptr = self.slot(env, ptr_id)?;
                let d = inst.result_id.map(|_| dst);
                let one = {
                    let c = self.alloc_const(1);
                    Some(c)
                };
                let (rmw, value, compare) = atomic_form(op).ok_or("internal: atomic")?;
                let v = match value {
                    AtomicValue::Absent => None,
                    AtomicValue::One => one,
                    AtomicValue::Operand(i) => Some(arg!(i)),
                };
                let cmp = match compare {
                    Some(i) => Some(arg!(i)),
                    None => None,
                };
                atomic::atomic(
                    rmw,
                    scalar,
                    if op == Op::AtomicStore || op == Op::AtomicFlagClear {
                        None
                    } else {
                        d
                    },
                    ptr,
                    v,
                    cmp,
                )
            }
            Op::ExtInst => return self.ext_inst(env, inst, dst, rty).map(Some),
            other => {
                let feature = crate::front::spirv::feature_of(other).map_or(String::new(), |f| {
                    format!(" ({f} are not supported by this device)")
                });
                return Err(format!("Op{other:?} is not supported{feature}"));
            }
        };
        Ok(Some(e))
    }

    /// Operand `i` of `inst` as one value for every lane, if the operation works on scalars
    /// (`n` components) and it is a constant or a [uniform](Lowering::is_uniform) slot.
    pub(crate) fn uniform_arg(
        &mut self,
        env: &Env,
        inst: &Instruction,
        i: usize,
        n: usize,
    ) -> Option<ops::Uniform> {
        let Some(Operand::IdRef(v)) = inst.operands.get(i) else {
            return None;
        };
        if n != 1 {
            return None;
        }
        if let Some(values) = self.m.consts.get(v) {
            return (values.len() == 1).then(|| ops::Uniform::Const(values[0]));
        }
        let slot = self.slot(env, *v).ok()?;
        self.is_uniform(slot, 1).then_some(ops::Uniform::Slot(slot))
    }

    /// A slot holding a constant (for implicit operands such as increment's 1).
    fn alloc_const(&mut self, value: u64) -> usize {
        let s = self.slots_alloc(1);
        self.push_constant(s, value);
        s
    }

    fn index_step(&mut self, env: &mut Env, index: Word, stride: i64) -> Result<Step, String> {
        // A sign extension not lowered: its source, sign-extended from its own width, is
        // the same index.
        let index = *env.folded.get(&index).unwrap_or(&index);
        if let Some(add) = env.index_add.take_if(|add| add.id == index) {
            return Ok(Step::Sum {
                a: add.a,
                b: add.b,
                kb: add.kb,
                scalar: add.scalar,
                stride,
            });
        }
        if let Some(v) = self.m.consts.get(&index) {
            let (s, _) = self.m.components(self.m.value_types[&index])?;
            return Ok(Step::Const(s.sext(v[0]).wrapping_mul(stride)));
        }
        let (scalar, _) = self.m.components(self.type_of(env, index)?)?;
        Ok(Step::Index {
            slot: self.slot(env, index)?,
            scalar,
            stride,
        })
    }
}
