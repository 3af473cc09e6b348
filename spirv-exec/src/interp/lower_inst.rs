//! One statement of the shared IR as a row instruction ([`Exec`]): arithmetic, conversions,
//! memory accesses, atomics; OpenCL.std calls and `printf` are in `lower_ext.rs`.

use crate::front::ssa::{Bin, Conv, Inst, Stmt, Un, Val};
use crate::front::types::Leaf;
use crate::interp::lower::{Inv, Lowering};
use crate::interp::ops::{
    self, binary, float_binary, float_compare, float_test, ternary, unary, Uniform,
};
use crate::interp::program::Exec;
use crate::interp::{atomic, memops};
use crate::value::Scalar;

/// The remainder with the sign of the divisor (`OpFMod`).
fn fmod<F: Copy + PartialOrd + std::ops::Rem<Output = F> + std::ops::Add<Output = F>>(
    x: F,
    y: F,
    zero: F,
) -> F {
    let r = x % y;
    if r != zero && (r < zero) != (y < zero) {
        r + y
    } else {
        r
    }
}

/// An integer operation of two operands (`s`: the operands' type); `kb`: `b` when it is one
/// value for every lane (its row is then not read).
pub(crate) fn int_binary(
    op: Bin,
    s: Scalar,
    d: usize,
    a: usize,
    (b, kb): (usize, Option<Uniform>),
) -> Option<Exec> {
    macro_rules! binary {
        ($f:expr) => {{
            let f = ops::as_binary($f);
            match kb {
                Some(k) => ops::unary_k(d, a, k, f),
                None => binary(d, a, b, 1, f),
            }
        }};
    }
    let m = s.mask();
    let bits = s.bits() as u64;
    let shift = bits.max(1) - 1;
    Some(match op {
        Bin::IAdd => binary!(move |x, y| x.wrapping_add(y) & m),
        Bin::ISub => binary!(move |x, y| x.wrapping_sub(y) & m),
        Bin::IMul => binary!(move |x, y| x.wrapping_mul(y) & m),
        Bin::UDiv => binary!(move |x, y| x.checked_div(y).unwrap_or(0) & m),
        Bin::URem => binary!(move |x, y| x.checked_rem(y).unwrap_or(0) & m),
        Bin::SDiv => {
            binary!(move |x, y| { (s.sext(x).checked_div(s.sext(y)).unwrap_or(0) as u64) & m })
        }
        Bin::SRem => {
            binary!(move |x, y| { (s.sext(x).checked_rem(s.sext(y)).unwrap_or(0) as u64) & m })
        }
        Bin::SMod => binary!(move |x, y| {
            let (x, y) = (s.sext(x), s.sext(y));
            match x.checked_rem(y) {
                Some(r) if r != 0 && (r < 0) != (y < 0) => (r + y) as u64 & m,
                Some(r) => r as u64 & m,
                None => 0,
            }
        }),
        Bin::Shl => binary!(move |x, y| (x << (y & shift)) & m),
        Bin::LShr => binary!(move |x, y| (x >> (y & shift)) & m),
        Bin::AShr => binary!(move |x, y| ((s.sext(x) >> (y & shift)) as u64) & m),
        Bin::And => binary!(|x, y| x & y),
        Bin::Or => binary!(|x, y| x | y),
        Bin::Xor => binary!(|x, y| x ^ y),
        Bin::Eq => binary!(|x, y| (x == y) as u64),
        Bin::Ne => binary!(|x, y| (x != y) as u64),
        Bin::UGt => binary!(|x, y| (x > y) as u64),
        Bin::UGe => binary!(|x, y| (x >= y) as u64),
        Bin::ULt => binary!(|x, y| (x < y) as u64),
        Bin::ULe => binary!(|x, y| (x <= y) as u64),
        Bin::SGt => binary!(move |x, y| (s.sext(x) > s.sext(y)) as u64),
        Bin::SGe => binary!(move |x, y| (s.sext(x) >= s.sext(y)) as u64),
        Bin::SLt => binary!(move |x, y| (s.sext(x) < s.sext(y)) as u64),
        Bin::SLe => binary!(move |x, y| (s.sext(x) <= s.sext(y)) as u64),
        _ => return None,
    })
}

/// A float operation of two operands of type `s`.
fn float_bin(op: Bin, s: Scalar, d: usize, a: usize, b: usize) -> Option<Exec> {
    let nan = |x: f64, y: f64| x.is_nan() || y.is_nan();
    // Ordered comparisons are false when either operand is NaN, unordered ones true.
    macro_rules! cmp {
        ($ordered:expr, $f:expr) => {{
            let f = $f;
            match $ordered {
                true => float_compare(s, d, a, b, 1, move |x, y| !nan(x, y) && f(x, y)),
                false => float_compare(s, d, a, b, 1, move |x, y| nan(x, y) || f(x, y)),
            }
        }};
    }
    Some(match op {
        Bin::FAdd => float_binary(s, d, a, b, 1, |x, y| x + y, |x, y| x + y),
        Bin::FSub => float_binary(s, d, a, b, 1, |x, y| x - y, |x, y| x - y),
        Bin::FMul => float_binary(s, d, a, b, 1, |x, y| x * y, |x, y| x * y),
        Bin::FDiv => float_binary(s, d, a, b, 1, |x, y| x / y, |x, y| x / y),
        Bin::FRem => float_binary(s, d, a, b, 1, |x, y| x % y, |x, y| x % y),
        Bin::FMod => float_binary(
            s,
            d,
            a,
            b,
            1,
            |x, y| fmod(x, y, 0.0),
            |x, y| fmod(x, y, 0.0),
        ),
        Bin::CopySign => float_binary(s, d, a, b, 1, f32::copysign, f64::copysign),
        Bin::FEq(o) => cmp!(o, |x: f64, y: f64| x == y),
        Bin::FNe(o) => cmp!(o, |x: f64, y: f64| x != y),
        Bin::FLt(o) => cmp!(o, |x: f64, y: f64| x < y),
        Bin::FLe(o) => cmp!(o, |x: f64, y: f64| x <= y),
        Bin::FGt(o) => cmp!(o, |x: f64, y: f64| x > y),
        Bin::FGe(o) => cmp!(o, |x: f64, y: f64| x >= y),
        Bin::Ordered => float_compare(s, d, a, b, 1, move |x, y| !nan(x, y)),
        Bin::Unordered => float_compare(s, d, a, b, 1, nan),
        _ => return None,
    })
}

/// A float function of one operand, computed in `f64` and rounded once (exact for these).
fn float_un(s: Scalar, d: usize, a: usize, f: fn(f64) -> f64) -> Exec {
    unary(d, a, 1, move |x| s.from_f64(f(s.to_f64(x))))
}

fn un(op: Un, s: Scalar, d: usize, a: usize) -> Exec {
    let m = s.mask();
    match op {
        Un::INeg => unary(d, a, 1, move |x| x.wrapping_neg() & m),
        Un::Not => unary(d, a, 1, move |x| !x & m),
        Un::LNot => unary(d, a, 1, |x| (x & 1 == 0) as u64),
        Un::FNeg => {
            let sign = 1u64 << (s.bits() - 1);
            unary(d, a, 1, move |x| x ^ sign)
        }
        Un::FAbs => {
            let sign = 1u64 << (s.bits() - 1);
            unary(d, a, 1, move |x| x & !sign)
        }
        Un::Sqrt => match s {
            Scalar::F32 => unary(d, a, 1, |x| {
                f32::from_bits(x as u32).sqrt().to_bits() as u64
            }),
            _ => float_un(s, d, a, f64::sqrt),
        },
        Un::Floor => float_un(s, d, a, f64::floor),
        Un::Ceil => float_un(s, d, a, f64::ceil),
        Un::Trunc => float_un(s, d, a, f64::trunc),
        Un::Nearest => float_un(s, d, a, f64::round_ties_even),
        Un::IsNan => float_test(s, d, a, 1, f64::is_nan),
        Un::IsInf => float_test(s, d, a, 1, f64::is_infinite),
        Un::IsFinite => float_test(s, d, a, 1, f64::is_finite),
        Un::SignBit => float_test(s, d, a, 1, f64::is_sign_negative),
        // Normality depends on the type's own range: tested in the source type.
        Un::IsNormal => unary(d, a, 1, move |x| match s {
            Scalar::F16 => half::f16::from_bits(x as u16).is_normal() as u64,
            Scalar::F32 => f32::from_bits(x as u32).is_normal() as u64,
            _ => f64::from_bits(x).is_normal() as u64,
        }),
        Un::PopCount => unary(d, a, 1, |x| x.count_ones() as u64),
        Un::BitReverse => {
            let shift = 64 - s.bits();
            unary(d, a, 1, move |x| (x.reverse_bits() >> shift) & m)
        }
    }
}

fn conv(c: Conv, from: Scalar, to: Scalar, d: usize, a: usize) -> Exec {
    match (c, ops::Conversion::of(c, from, to)) {
        (Conv::FToI { .. }, Some(k)) => ops::float_to_int(k, d, a, 1),
        (_, Some(k)) => ops::int_convert(k, d, a, 1),
        (Conv::IToF { signed, mode }, None) => ops::int_to_float(from, to, signed, mode, d, a, 1),
        (Conv::FToF { mode }, None) => ops::fconvert(from, to, mode, d, a, 1),
        _ => ops::bitcast(from, 1, to, 1, d, a),
    }
}

/// The bytes a value of `s` takes in memory.
pub(crate) fn bytes_of(s: Scalar) -> usize {
    (s.bits() as usize / 8).max(1)
}

impl Lowering<'_> {
    /// The type of `v`.
    pub(crate) fn ty(&self, v: Val) -> Result<Scalar, String> {
        self.f
            .types
            .get(v as usize)
            .copied()
            .ok_or_else(|| format!("value {v} has no type"))
    }

    /// `v` as one value for every lane, if it is.
    pub(crate) fn uniform(&self, v: Val) -> Option<Uniform> {
        match self.konst(v) {
            Some(c) => Some(Uniform::Const(c)),
            None => (self.inv_of(v) == Inv::Uniform)
                .then(|| self.at(v).ok().map(Uniform::Slot))
                .flatten(),
        }
    }

    /// Statement `st` as a row instruction; `None` when it needs none.
    pub(crate) fn statement(&mut self, st: &Stmt) -> Result<Option<Exec>, String> {
        let dst = match st.result {
            Some(r) => self.at(r)?,
            None => 0,
        };
        let rty = || st.result.ok_or("no result").map(|r| self.ty(r));
        Ok(Some(match &st.inst {
            Inst::Un(op, a) => un(*op, self.ty(*a)?, dst, self.at(*a)?),
            Inst::Bin(op, a, b) => {
                let s = self.ty(*a)?;
                let (sa, sb) = (self.at(*a)?, self.at(*b)?);
                match int_binary(*op, s, dst, sa, (sb, self.uniform(*b))) {
                    Some(e) => e,
                    None => float_bin(*op, s, dst, sa, sb).ok_or("internal: a binary operation")?,
                }
            }
            Inst::Fma(a, b, c) => {
                let s = rty()??;
                let (a, b, c) = (self.at(*a)?, self.at(*b)?, self.at(*c)?);
                match s {
                    Scalar::F64 => ternary(dst, a, b, c, 1, |x, y, z| {
                        f64::from_bits(x)
                            .mul_add(f64::from_bits(y), f64::from_bits(z))
                            .to_bits()
                    }),
                    Scalar::F32 => ternary(dst, a, b, c, 1, |x, y, z| {
                        f32::from_bits(x as u32)
                            .mul_add(f32::from_bits(y as u32), f32::from_bits(z as u32))
                            .to_bits() as u64
                    }),
                    _ => ternary(dst, a, b, c, 1, move |x, y, z| {
                        s.from_f64(s.to_f64(x).mul_add(s.to_f64(y), s.to_f64(z)))
                    }),
                }
            }
            Inst::Int3(num, t, ops3) => self.int3(*num, *t, rty()??, dst, ops3)?,
            Inst::Select(c, a, b) => {
                let (c, a, b) = (self.at(*c)?, self.at(*a)?, self.at(*b)?);
                ternary(dst, c, a, b, 1, |c, a, b| if c & 1 != 0 { a } else { b })
            }
            Inst::Conv(c, a) => conv(*c, self.ty(*a)?, rty()??, dst, self.at(*a)?),
            Inst::Load { ptr, offset, .. } => {
                let s = rty()??;
                let p = self.at(*ptr)?;
                match offset {
                    0 => memops::load(
                        dst,
                        p,
                        vec![Leaf {
                            offset: 0,
                            scalar: s,
                        }],
                        bytes_of(s),
                    ),
                    _ => memops::load_at(dst, p, *offset, bytes_of(s)),
                }
            }
            Inst::Store {
                ptr, offset, value, ..
            } => {
                let s = self.ty(*value)?;
                let (p, v) = (self.at(*ptr)?, self.at(*value)?);
                match offset {
                    0 => memops::store(
                        p,
                        v,
                        vec![Leaf {
                            offset: 0,
                            scalar: s,
                        }],
                        bytes_of(s),
                    ),
                    _ => memops::store_at(p, *offset, v, bytes_of(s)),
                }
            }
            Inst::MemCopy { dst: d, src, bytes } => {
                let size = match self.uniform(*bytes) {
                    Some(Uniform::Const(n)) => Ok(n as usize),
                    _ => Err(self.at(*bytes)?),
                };
                memops::copy_memory(self.at(*d)?, self.at(*src)?, size)
            }
            Inst::Atomic {
                op,
                ptr,
                value,
                compare,
                ..
            } => {
                let s = rty()??;
                let d = match op {
                    crate::front::ssa::Rmw::Store | crate::front::ssa::Rmw::FlagClear => None,
                    _ => st.result.map(|_| dst),
                };
                let v = value.map(|v| self.at(v)).transpose()?;
                let c = compare.map(|c| self.at(c)).transpose()?;
                atomic::atomic(*op, s, d, self.at(*ptr)?, v, c)
            }
            Inst::GenericCast(p, space) => memops::generic_cast(dst, self.at(*p)?, *space),
            Inst::Ext(call) => self.ext(call)?,
            Inst::Printf(call) => self.printf(call, dst)?,
            Inst::Group(call) => self.group(call, dst)?,
            Inst::Fold(_) => return Err("internal: a compiler fold step on the interpreter".into()),
            Inst::Copy(a) => ops::copy(dst, self.at(*a)?, 1),
            Inst::Const(_)
            | Inst::Param { .. }
            | Inst::ParamAddr { .. }
            | Inst::Builtin(..)
            | Inst::LocalVar(_)
            | Inst::PrivateVar(_) => return Ok(None),
        }))
    }
}
