//! LLVM intrinsics a translator leaves as imported functions (`llvm.fshl.i32`,
//! `llvm.is.fpclass.f64`, `llvm.memmove.p4.p4.i64`; oneMKL's kernels call them), which Intel's
//! GPU compiler implements: done inline here, so that no link is needed for them.

use super::ssa::{Bin, Conv, Inst, Un, Val};
use super::to_ssa::{id, Env, Front};
use crate::value::Scalar;
use rspirv::dr::Instruction;

/// Whether imported function `name` is an intrinsic [`Front::llvm_intrinsic`] implements.
pub(crate) fn is_llvm_intrinsic(name: &str) -> bool {
    [
        "llvm.fshl.",
        "llvm.fshr.",
        "llvm.is.fpclass.",
        "llvm.memmove.",
        "llvm.memcpy.",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

impl Front<'_> {
    /// [`is_llvm_intrinsic`], for the translation (which this file's imports sit above).
    pub(super) fn is_llvm_intrinsic(name: &str) -> bool {
        is_llvm_intrinsic(name)
    }

    /// Call `inst` of intrinsic `name` (see [`is_llvm_intrinsic`]): its result defined.
    pub(super) fn llvm_intrinsic(
        &mut self,
        env: &Env,
        inst: &Instruction,
        name: &str,
    ) -> Result<(), String> {
        let rid = inst.result_id.unwrap_or(0);
        let dst: Vec<Val> = env.vals.get(&rid).cloned().unwrap_or_default();
        let args = (1..inst.operands.len())
            .map(|i| self.vals(env, id(inst, i)?))
            .collect::<Result<Vec<_>, _>>()?;
        let arg = |a: usize, k: usize| -> Result<Val, String> {
            args.get(a)
                .and_then(|v| v.get(k))
                .copied()
                .ok_or_else(|| format!("{name}: operand {a} is missing a component"))
        };
        if name.starts_with("llvm.memmove.") || name.starts_with("llvm.memcpy.") {
            // (dst, src, length, is_volatile): a memmove covers both.
            let (dst, src, len) = (arg(0, 0)?, arg(1, 0)?, arg(2, 0)?);
            let bytes = if self.types[len as usize] == Scalar::I64 {
                len
            } else {
                self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, len))
            };
            self.effect(Inst::MemCopy { dst, src, bytes });
            return Ok(());
        }
        if name.starts_with("llvm.is.fpclass.") {
            let mask = id(inst, 2)
                .ok()
                .and_then(|m| self.m.consts.get(&m))
                .and_then(|c| c.first().copied())
                .ok_or_else(|| format!("{name}: the class mask is not a constant"))?;
            for (k, &d) in dst.iter().enumerate() {
                let x = arg(0, k)?;
                let v = self.fp_class(x, mask as u32)?;
                self.define(d, Inst::Copy(v));
            }
            return Ok(());
        }
        // Funnel shifts: `fshl(a, b, c)` is the high half of `a:b << c % w`, `fshr` the low
        // half of `a:b >> c % w`.
        let left = name.starts_with("llvm.fshl.");
        for (k, &d) in dst.iter().enumerate() {
            let (a, b, c) = (arg(0, k)?, arg(1, k)?, arg(2, k)?);
            let s = self.types[a as usize];
            let w = self.emit(s, Inst::Const(s.bits() as u64));
            let sh = self.emit(s, Inst::Bin(Bin::URem, c, w));
            let back = self.emit(s, Inst::Bin(Bin::ISub, w, sh));
            let (x, y) = if left {
                (
                    self.emit(s, Inst::Bin(Bin::Shl, a, sh)),
                    self.emit(s, Inst::Bin(Bin::LShr, b, back)),
                )
            } else {
                (
                    self.emit(s, Inst::Bin(Bin::LShr, b, sh)),
                    self.emit(s, Inst::Bin(Bin::Shl, a, back)),
                )
            };
            let both = self.emit(s, Inst::Bin(Bin::Or, x, y));
            let zero = self.emit(s, Inst::Const(0));
            let none = self.emit(Scalar::Bool, Inst::Bin(Bin::Eq, sh, zero));
            // A shift by 0 is the kept operand itself (the other shift would be by w).
            self.define(d, Inst::Select(none, if left { a } else { b }, both));
        }
        Ok(())
    }

    /// Whether float `x` is in one of the classes of LLVM's `mask` (bit 0 signaling NaN, 1
    /// quiet NaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal,
    /// 9 +inf): a `Bool`.
    fn fp_class(&mut self, x: Val, mask: u32) -> Result<Val, String> {
        let s = self.types[x as usize];
        let (int, quiet_bit) = match s {
            Scalar::F16 => (Scalar::I16, 9),
            Scalar::F32 => (Scalar::I32, 22),
            Scalar::F64 => (Scalar::I64, 51),
            other => return Err(format!("llvm.is.fpclass of {other:?}")),
        };
        let b = Scalar::Bool;
        let un = |f: &mut Self, u: Un, v: Val| f.emit(b, Inst::Un(u, v));
        let nan = un(self, Un::IsNan, x);
        let inf = un(self, Un::IsInf, x);
        let normal = un(self, Un::IsNormal, x);
        let neg = un(self, Un::SignBit, x);
        let fzero = self.emit(s, Inst::Const(0));
        let zero = self.emit(b, Inst::Bin(Bin::FEq(true), x, fzero));
        let bits = self.emit(int, Inst::Conv(Conv::Bitcast, x));
        let q = self.emit(int, Inst::Const(1 << quiet_bit));
        let qbits = self.emit(int, Inst::Bin(Bin::And, bits, q));
        let izero = self.emit(int, Inst::Const(0));
        let quiet = self.emit(b, Inst::Bin(Bin::Ne, qbits, izero));
        let pos = un(self, Un::LNot, neg);
        let and = |f: &mut Self, p: Val, q: Val| f.emit(b, Inst::Bin(Bin::And, p, q));
        let or = |f: &mut Self, p: Val, q: Val| f.emit(b, Inst::Bin(Bin::Or, p, q));
        let special = or(self, nan, inf);
        let special = or(self, special, normal);
        let special = or(self, special, zero);
        let subnormal = un(self, Un::LNot, special);
        let signalling = un(self, Un::LNot, quiet);
        // Each bit of the mask: a kind of value and what picks it (the sign; the quiet bit for
        // NaNs).
        let classes = [
            (nan, signalling),
            (nan, quiet),
            (inf, neg),
            (normal, neg),
            (subnormal, neg),
            (zero, neg),
            (zero, pos),
            (subnormal, pos),
            (normal, pos),
            (inf, pos),
        ];
        let mut result = self.emit(b, Inst::Const(0));
        for (bit, (class, cond)) in classes.into_iter().enumerate() {
            if mask & (1 << bit) != 0 {
                let hit = and(self, class, cond);
                result = or(self, result, hit);
            }
        }
        Ok(result)
    }
}
