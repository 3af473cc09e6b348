//! One IR operation on one work-item's values, as Cranelift instructions. The semantics are
//! the interpreter's (`ops`, `lower_inst`, `opencl_std::int`) to the bit: division by zero
//! gives 0, float-to-integer conversions go through `i64` as Rust's `as` does, `half`
//! arithmetic is done in `f32` and rounded once.

use super::runtime;
use super::ssa::{Bin, Conv, Un};
use crate::opencl_std::opcode::*;
use crate::value::Scalar;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, AbiParam, InstBuilder, Signature, Type, Value};
use cranelift_codegen::isa::CallConv;
use cranelift_frontend::FunctionBuilder;

/// The Cranelift type holding a value of `s` (booleans as `i8` 0/1, `half` as its bits).
pub fn cl_type(s: Scalar) -> Type {
    match s {
        Scalar::Bool | Scalar::I8 => types::I8,
        Scalar::I16 | Scalar::F16 => types::I16,
        Scalar::I32 => types::I32,
        Scalar::I64 => types::I64,
        Scalar::F32 => types::F32,
        Scalar::F64 => types::F64,
    }
}

/// The integer type of the same width as `s`.
pub fn int_type(s: Scalar) -> Type {
    match s {
        Scalar::F32 => types::I32,
        Scalar::F64 => types::I64,
        other => cl_type(other),
    }
}

/// Calls the host function at `addr` with the C calling convention.
pub fn call(
    b: &mut FunctionBuilder,
    addr: usize,
    params: &[Type],
    rets: &[Type],
    args: &[Value],
) -> Vec<Value> {
    let mut sig = Signature::new(CallConv::SystemV);
    sig.params.extend(params.iter().map(|t| AbiParam::new(*t)));
    sig.returns.extend(rets.iter().map(|t| AbiParam::new(*t)));
    let sig = b.import_signature(sig);
    let f = b.ins().iconst(types::I64, addr as i64);
    let inst = b.ins().call_indirect(sig, f, args);
    b.inst_results(inst).to_vec()
}

/// A value's bits as `u64` (zero-extended), for helpers.
pub fn to_u64(b: &mut FunctionBuilder, s: Scalar, v: Value) -> Value {
    let t = cl_type(s);
    let bits = if t.is_float() {
        b.ins()
            .bitcast(int_type(s), cranelift_codegen::ir::MemFlagsData::new(), v)
    } else {
        v
    };
    if int_type(s) == types::I64 {
        bits
    } else {
        b.ins().uextend(types::I64, bits)
    }
}

/// A `u64` from a helper as a value of `s`.
pub fn from_u64(b: &mut FunctionBuilder, s: Scalar, v: Value) -> Value {
    let it = int_type(s);
    let bits = if it == types::I64 {
        v
    } else {
        b.ins().ireduce(it, v)
    };
    if cl_type(s).is_float() {
        b.ins()
            .bitcast(cl_type(s), cranelift_codegen::ir::MemFlagsData::new(), bits)
    } else {
        bits
    }
}

/// Converts with the interpreter's conversion code (rounding modes, saturation, `half`).
pub fn conv_helper(
    b: &mut FunctionBuilder,
    conv: Conv,
    from: Scalar,
    to: Scalar,
    x: Value,
) -> Value {
    let bits = to_u64(b, from, x);
    let code = runtime::conv_code(conv, from, to);
    let c = b.ins().iconst(types::I64, code as i64);
    let r = call(
        b,
        runtime::jit_convert as *const () as usize,
        &[types::I64, types::I64],
        &[types::I64],
        &[bits, c],
    )[0];
    from_u64(b, to, r)
}

fn f16_to_f32(b: &mut FunctionBuilder, x: Value) -> Value {
    conv_helper(b, Conv::FToF { mode: None }, Scalar::F16, Scalar::F32, x)
}

fn f32_to_f16(b: &mut FunctionBuilder, x: Value) -> Value {
    conv_helper(b, Conv::FToF { mode: None }, Scalar::F32, Scalar::F16, x)
}

fn iconst(b: &mut FunctionBuilder, t: Type, v: i64) -> Value {
    b.ins().iconst(t, v)
}

/// `a / b` and `a % b` with the interpreter's answers for a zero divisor (0) and for
/// `MIN / -1` (computed on sign-extended 64-bit values).
fn division(b: &mut FunctionBuilder, op: Bin, t: Type, x: Value, y: Value) -> Value {
    let zero = iconst(b, t, 0);
    let one = iconst(b, t, 1);
    let is_zero = b.ins().icmp_imm_s(IntCC::Equal, y, 0);
    match op {
        Bin::UDiv | Bin::URem => {
            let d = b.ins().select(is_zero, one, y);
            let r = if op == Bin::UDiv {
                b.ins().udiv(x, d)
            } else {
                b.ins().urem(x, d)
            };
            b.ins().select(is_zero, zero, r)
        }
        _ => {
            let minus_one = b.ins().icmp_imm_s(IntCC::Equal, y, -1);
            let bad = b.ins().bor(is_zero, minus_one);
            let d = b.ins().select(bad, one, y);
            let (q, r) = (b.ins().sdiv(x, d), b.ins().srem(x, d));
            // y = -1: the quotient is -x (in 64-bit arithmetic MIN64 / -1 has none: 0), the
            // remainder 0.
            let neg = b.ins().ineg(x);
            let neg = if t == types::I64 {
                let min = b.ins().icmp_imm_s(IntCC::Equal, x, i64::MIN);
                b.ins().select(min, zero, neg)
            } else {
                neg
            };
            let (q, r) = (
                b.ins().select(minus_one, neg, q),
                b.ins().select(minus_one, zero, r),
            );
            let (q, r) = (
                b.ins().select(is_zero, zero, q),
                b.ins().select(is_zero, zero, r),
            );
            match op {
                Bin::SDiv => q,
                Bin::SRem => r,
                _ => {
                    // SMod: the remainder takes the divisor's sign.
                    let rz = b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                    let rn = b.ins().icmp_imm_s(IntCC::SignedLessThan, r, 0);
                    let yn = b.ins().icmp_imm_s(IntCC::SignedLessThan, y, 0);
                    let differ = b.ins().bxor(rn, yn);
                    let fix = b.ins().band(rz, differ);
                    let ry = b.ins().iadd(r, y);
                    b.ins().select(fix, ry, r)
                }
            }
        }
    }
}

fn float_cc(op: Bin) -> Option<FloatCC> {
    Some(match op {
        Bin::FEq(true) => FloatCC::Equal,
        Bin::FEq(false) => FloatCC::UnorderedOrEqual,
        Bin::FNe(true) => FloatCC::OrderedNotEqual,
        Bin::FNe(false) => FloatCC::NotEqual,
        Bin::FLt(true) => FloatCC::LessThan,
        Bin::FLt(false) => FloatCC::UnorderedOrLessThan,
        Bin::FLe(true) => FloatCC::LessThanOrEqual,
        Bin::FLe(false) => FloatCC::UnorderedOrLessThanOrEqual,
        Bin::FGt(true) => FloatCC::GreaterThan,
        Bin::FGt(false) => FloatCC::UnorderedOrGreaterThan,
        Bin::FGe(true) => FloatCC::GreaterThanOrEqual,
        Bin::FGe(false) => FloatCC::UnorderedOrGreaterThanOrEqual,
        Bin::Ordered => FloatCC::Ordered,
        Bin::Unordered => FloatCC::Unordered,
        _ => return None,
    })
}

fn int_cc(op: Bin) -> Option<IntCC> {
    Some(match op {
        Bin::Eq => IntCC::Equal,
        Bin::Ne => IntCC::NotEqual,
        Bin::ULt => IntCC::UnsignedLessThan,
        Bin::ULe => IntCC::UnsignedLessThanOrEqual,
        Bin::UGt => IntCC::UnsignedGreaterThan,
        Bin::UGe => IntCC::UnsignedGreaterThanOrEqual,
        Bin::SLt => IntCC::SignedLessThan,
        Bin::SLe => IntCC::SignedLessThanOrEqual,
        Bin::SGt => IntCC::SignedGreaterThan,
        Bin::SGe => IntCC::SignedGreaterThanOrEqual,
        _ => return None,
    })
}

/// `x op y` where `s` is the operands' type (`y`'s may differ for shifts).
pub fn bin(b: &mut FunctionBuilder, op: Bin, s: Scalar, ys: Scalar, x: Value, y: Value) -> Value {
    if s == Scalar::F16 && (op.is_float() || float_cc(op).is_some()) {
        let (fx, fy) = (f16_to_f32(b, x), f16_to_f32(b, y));
        let r = bin(b, op, Scalar::F32, Scalar::F32, fx, fy);
        return if float_cc(op).is_some() {
            r
        } else {
            f32_to_f16(b, r)
        };
    }
    if let Some(cc) = float_cc(op) {
        return b.ins().fcmp(cc, x, y);
    }
    if let Some(cc) = int_cc(op) {
        return b.ins().icmp(cc, x, y);
    }
    let t = cl_type(s);
    match op {
        Bin::IAdd => b.ins().iadd(x, y),
        Bin::ISub => b.ins().isub(x, y),
        Bin::IMul => b.ins().imul(x, y),
        Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod => division(b, op, t, x, y),
        Bin::Shl | Bin::LShr | Bin::AShr => {
            let yt = cl_type(ys);
            let amount = if yt.bits() > t.bits() {
                b.ins().ireduce(t, y)
            } else if yt.bits() < t.bits() {
                b.ins().uextend(t, y)
            } else {
                y
            };
            match op {
                Bin::Shl => b.ins().ishl(x, amount),
                Bin::LShr => b.ins().ushr(x, amount),
                _ => b.ins().sshr(x, amount),
            }
        }
        Bin::And => b.ins().band(x, y),
        Bin::Or => b.ins().bor(x, y),
        Bin::Xor => b.ins().bxor(x, y),
        Bin::FAdd => b.ins().fadd(x, y),
        Bin::FSub => b.ins().fsub(x, y),
        Bin::FMul => b.ins().fmul(x, y),
        Bin::FDiv => b.ins().fdiv(x, y),
        Bin::FRem | Bin::FMod => {
            let wide = |b: &mut FunctionBuilder, v| {
                if s == Scalar::F32 {
                    b.ins().fpromote(types::F64, v)
                } else {
                    v
                }
            };
            let (wx, wy) = (wide(b, x), wide(b, y));
            let k = b.ins().iconst(types::I32, (op == Bin::FMod) as i64);
            let r = call(
                b,
                runtime::jit_fmod as *const () as usize,
                &[types::F64, types::F64, types::I32],
                &[types::F64],
                &[wx, wy, k],
            )[0];
            if s == Scalar::F32 {
                b.ins().fdemote(types::F32, r)
            } else {
                r
            }
        }
        Bin::CopySign => {
            let it = int_type(s);
            let flags = cranelift_codegen::ir::MemFlagsData::new();
            let (ix, iy) = (b.ins().bitcast(it, flags, x), b.ins().bitcast(it, flags, y));
            let sign = 1i64 << (it.bits() - 1);
            let mag = b.ins().band_imm_s(ix, !sign);
            let sg = b.ins().band_imm_s(iy, sign);
            let r = b.ins().bor(mag, sg);
            b.ins().bitcast(t, flags, r)
        }
        _ => unreachable!("{op:?} is not a plain binary operation"),
    }
}

impl Bin {
    fn is_float(self) -> bool {
        matches!(
            self,
            Bin::FAdd | Bin::FSub | Bin::FMul | Bin::FDiv | Bin::FRem | Bin::FMod | Bin::CopySign
        )
    }
}

/// Float classification on the bits: NaN, infinity, finite, normal, sign.
fn classify(b: &mut FunctionBuilder, op: Un, s: Scalar, x: Value) -> Value {
    let it = int_type(s);
    let bits = if cl_type(s).is_float() {
        b.ins()
            .bitcast(it, cranelift_codegen::ir::MemFlagsData::new(), x)
    } else {
        x
    };
    let w = it.bits();
    let (mant, exp) = match s {
        Scalar::F16 => (10, 5),
        Scalar::F32 => (23, 8),
        _ => (52, 11),
    };
    let sign = 1i64.wrapping_shl(w - 1);
    let inf = ((1i64 << exp) - 1) << mant;
    let abs = b
        .ins()
        .band_imm_s(bits, !sign & (if w == 64 { -1 } else { (1i64 << w) - 1 }));
    match op {
        Un::IsNan => b.ins().icmp_imm_s(IntCC::UnsignedGreaterThan, abs, inf),
        Un::IsInf => b.ins().icmp_imm_s(IntCC::Equal, abs, inf),
        Un::IsFinite => b.ins().icmp_imm_s(IntCC::UnsignedLessThan, abs, inf),
        Un::IsNormal => {
            let lo = b
                .ins()
                .icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, abs, 1i64 << mant);
            let hi = b.ins().icmp_imm_s(IntCC::UnsignedLessThan, abs, inf);
            b.ins().band(lo, hi)
        }
        _ => b.ins().icmp_imm_s(IntCC::SignedLessThan, bits, 0),
    }
}

/// `op x` for a value of type `s`.
pub fn un(b: &mut FunctionBuilder, op: Un, s: Scalar, x: Value) -> Value {
    match op {
        Un::IsNan | Un::IsInf | Un::IsFinite | Un::IsNormal | Un::SignBit => {
            return classify(b, op, s, x)
        }
        _ => {}
    }
    if s == Scalar::F16 && !matches!(op, Un::FNeg) {
        let f = f16_to_f32(b, x);
        let r = un(b, op, Scalar::F32, f);
        return f32_to_f16(b, r);
    }
    match op {
        Un::INeg => b.ins().ineg(x),
        Un::Not => b.ins().bnot(x),
        Un::LNot => b.ins().icmp_imm_s(IntCC::Equal, x, 0),
        Un::FNeg if s == Scalar::F16 => b.ins().bxor_imm_s(x, 0x8000),
        Un::FNeg => b.ins().fneg(x),
        Un::FAbs => b.ins().fabs(x),
        Un::Sqrt => b.ins().sqrt(x),
        Un::Floor => b.ins().floor(x),
        Un::Ceil => b.ins().ceil(x),
        Un::Trunc => b.ins().trunc(x),
        Un::Nearest => b.ins().nearest(x),
        Un::PopCount => b.ins().popcnt(x),
        Un::BitReverse => b.ins().bitrev(x),
        _ => unreachable!(),
    }
}

/// A conversion of `x` from `from` to `to`.
pub fn conv(b: &mut FunctionBuilder, c: Conv, from: Scalar, to: Scalar, x: Value) -> Value {
    let (ft, tt) = (cl_type(from), cl_type(to));
    match c {
        Conv::Int { signed } if !from.is_float() && !to.is_float() => {
            if tt.bits() > ft.bits() {
                if signed && from != Scalar::Bool {
                    b.ins().sextend(tt, x)
                } else {
                    b.ins().uextend(tt, x)
                }
            } else if tt.bits() < ft.bits() {
                let r = b.ins().ireduce(tt, x);
                if to == Scalar::Bool {
                    b.ins().band_imm_s(r, 1)
                } else {
                    r
                }
            } else if to == Scalar::Bool && from != Scalar::Bool {
                b.ins().band_imm_s(x, 1)
            } else {
                x
            }
        }
        Conv::Bitcast => {
            if ft == tt {
                x
            } else {
                b.ins()
                    .bitcast(tt, cranelift_codegen::ir::MemFlagsData::new(), x)
            }
        }
        Conv::FToI {
            sat: false,
            mode: None,
            ..
        } if from != Scalar::F16 => {
            // Rust's `v.trunc() as i64`, then the target's bits (as the interpreter).
            let w = b.ins().fcvt_to_sint_sat(types::I64, x);
            if tt == types::I64 {
                w
            } else {
                b.ins().ireduce(tt, w)
            }
        }
        Conv::IToF { signed, mode: None } if to != Scalar::F16 && from != Scalar::Bool => {
            let w = if ft.bits() < 64 {
                if signed {
                    b.ins().sextend(types::I64, x)
                } else {
                    b.ins().uextend(types::I64, x)
                }
            } else {
                x
            };
            if signed {
                b.ins().fcvt_from_sint(tt, w)
            } else {
                b.ins().fcvt_from_uint(tt, w)
            }
        }
        Conv::FToF { mode: None } if from == Scalar::F32 && to == Scalar::F64 => {
            b.ins().fpromote(tt, x)
        }
        Conv::FToF { mode: None } if from == Scalar::F64 && to == Scalar::F32 => {
            b.ins().fdemote(tt, x)
        }
        Conv::FToF { mode: None } if from == to => x,
        _ => conv_helper(b, c, from, to, x),
    }
}

/// OpenCL integer built-in `num` on operands of type `t` (≤ 32 bits) giving type `rt`,
/// computed exactly in 64-bit arithmetic.
pub fn int3(b: &mut FunctionBuilder, num: u32, t: Scalar, rt: Scalar, a: [Value; 3]) -> Value {
    let w = t.bits() as i64;
    let signed = matches!(
        num,
        S_ABS
            | S_ABS_DIFF
            | S_ADD_SAT
            | S_SUB_SAT
            | S_HADD
            | S_RHADD
            | S_CLAMP
            | S_MAX
            | S_MIN
            | S_MUL_HI
            | S_MAD_HI
            | S_MAD_SAT
    );
    let it = cl_type(t);
    match num {
        CLZ => {
            let r = b_clz(b, a[0]);
            return narrow(b, rt, r);
        }
        CTZ => {
            let r = b.ins().ctz(a[0]);
            return narrow(b, rt, r);
        }
        POPCOUNT => {
            let r = b.ins().popcnt(a[0]);
            return narrow(b, rt, r);
        }
        ROTATE => {
            let r = b.ins().rotl(a[0], a[1]);
            return narrow(b, rt, r);
        }
        _ => {}
    }
    let ext = |b: &mut FunctionBuilder, v: Value| {
        if it == types::I64 {
            v
        } else if signed {
            b.ins().sextend(types::I64, v)
        } else {
            b.ins().uextend(types::I64, v)
        }
    };
    let (x, y, z) = (ext(b, a[0]), ext(b, a[1]), ext(b, a[2]));
    let (smin, smax) = (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1);
    let umax = (1i64 << w) - 1;
    let clamp_s = |b: &mut FunctionBuilder, v: Value| {
        let lo = b.ins().iconst(types::I64, smin);
        let hi = b.ins().iconst(types::I64, smax);
        let v = b.ins().smax(v, lo);
        b.ins().smin(v, hi)
    };
    let r = match num {
        S_ABS => b.ins().iabs(x),
        U_ABS => x,
        S_ABS_DIFF | U_ABS_DIFF => {
            let d = b.ins().isub(x, y);
            b.ins().iabs(d)
        }
        S_ADD_SAT => {
            let s = b.ins().iadd(x, y);
            clamp_s(b, s)
        }
        U_ADD_SAT => {
            let s = b.ins().iadd(x, y);
            let m = b.ins().iconst(types::I64, umax);
            b.ins().umin(s, m)
        }
        S_SUB_SAT => {
            let s = b.ins().isub(x, y);
            clamp_s(b, s)
        }
        U_SUB_SAT => {
            let s = b.ins().isub(x, y);
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().smax(s, zero)
        }
        S_HADD | U_HADD | S_RHADD | U_RHADD => {
            let s = b.ins().iadd(x, y);
            let s = if matches!(num, S_RHADD | U_RHADD) {
                b.ins().iadd_imm_s(s, 1)
            } else {
                s
            };
            b.ins().sshr_imm_s(s, 1)
        }
        S_CLAMP => {
            let m = b.ins().smax(x, y);
            b.ins().smin(m, z)
        }
        U_CLAMP => {
            let m = b.ins().umax(x, y);
            b.ins().umin(m, z)
        }
        S_MAX => b.ins().smax(x, y),
        U_MAX => b.ins().umax(x, y),
        S_MIN => b.ins().smin(x, y),
        U_MIN => b.ins().umin(x, y),
        S_MUL_HI | U_MUL_HI | S_MAD_HI | U_MAD_HI => {
            let p = b.ins().imul(x, y);
            let h = if signed {
                b.ins().sshr_imm_s(p, w)
            } else {
                b.ins().ushr_imm_s(p, w)
            };
            if matches!(num, S_MAD_HI | U_MAD_HI) {
                b.ins().iadd(h, z)
            } else {
                h
            }
        }
        S_MAD_SAT => {
            let p = b.ins().imul(x, y);
            let s = b.ins().iadd(p, z);
            clamp_s(b, s)
        }
        U_MAD_SAT => {
            let p = b.ins().imul(x, y);
            let s = b.ins().iadd(p, z);
            // The sum may carry out of 64 bits only for 32-bit operands' products... it cannot:
            // (2^32-1)^2 + 2^32-1 < 2^64.
            let m = b.ins().iconst(types::I64, umax);
            b.ins().umin(s, m)
        }
        S_MUL24 | S_MAD24 => {
            let sx = sext24(b, x);
            let sy = sext24(b, y);
            let p = b.ins().imul(sx, sy);
            if num == S_MAD24 {
                // The addend sign-extended from the operand width.
                let zs = if it == types::I64 {
                    a[2]
                } else {
                    b.ins().sextend(types::I64, a[2])
                };
                b.ins().iadd(p, zs)
            } else {
                p
            }
        }
        _ => {
            // U_MUL24, U_MAD24.
            let mx = b.ins().band_imm_s(x, 0xff_ffff);
            let my = b.ins().band_imm_s(y, 0xff_ffff);
            let p = b.ins().imul(mx, my);
            if num == U_MAD24 {
                b.ins().iadd(p, z)
            } else {
                p
            }
        }
    };
    narrow(b, rt, r)
}

fn b_clz(b: &mut FunctionBuilder, x: Value) -> Value {
    b.ins().clz(x)
}

fn sext24(b: &mut FunctionBuilder, x: Value) -> Value {
    let l = b.ins().ishl_imm_s(x, 40);
    b.ins().sshr_imm_s(l, 40)
}

/// `v` (any integer type) as type `rt` (truncated or zero-extended).
fn narrow(b: &mut FunctionBuilder, rt: Scalar, v: Value) -> Value {
    let t = cl_type(rt);
    let vt = b.func.dfg.value_type(v);
    if vt.bits() > t.bits() {
        b.ins().ireduce(t, v)
    } else if vt.bits() < t.bits() {
        b.ins().uextend(t, v)
    } else {
        v
    }
}
