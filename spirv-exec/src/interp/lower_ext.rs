//! Lowering of `OpenCL.std` extended instructions: the memory ones (vload/vstore families)
//! here, the rest through [`opencl_std`](crate::opencl_std).

use crate::error::Fault;
use crate::front::types::Shape;
use crate::interp::lower::{Env, Lowering};
use crate::interp::memops;
use crate::interp::ops;
use crate::interp::program::{Exec, Lanes};
use crate::opencl_std::{self, Rounding};
use crate::run::printf::{self, PrintfArg};
use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{FPRoundingMode, Word};

fn id(inst: &Instruction, i: usize) -> Result<Word, String> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(w)) => Ok(*w),
        other => Err(format!("operand {i} is not an id ({other:?})")),
    }
}

const VLOADN: u32 = 171;
const VSTOREN: u32 = 172;
const VLOAD_HALF: u32 = 173;
const VLOAD_HALFN: u32 = 174;
const VSTORE_HALF: u32 = 175;
const VSTORE_HALF_R: u32 = 176;
const VSTORE_HALFN: u32 = 177;
const VSTORE_HALFN_R: u32 = 178;
const VLOADA_HALFN: u32 = 179;
const VSTOREA_HALFN: u32 = 180;
const VSTOREA_HALFN_R: u32 = 181;
const PRINTF: u32 = 184;
const PREFETCH: u32 = 185;
const FMA: u32 = 26;
const MAD: u32 = 42;

/// The rounding-mode operand of `vstore_half*_r`. rspirv parses the operands of every
/// `OpExtInst` as ids, so the mode usually arrives as `IdRef(mode)`, not `FPRoundingMode`.
fn rounding(op: Option<&Operand>) -> Rounding {
    let mode = match op {
        Some(Operand::FPRoundingMode(m)) => *m as u32,
        Some(Operand::IdRef(w) | Operand::LiteralBit32(w)) => *w,
        _ => FPRoundingMode::RTE as u32,
    };
    match mode {
        m if m == FPRoundingMode::RTZ as u32 => Rounding::Rtz,
        m if m == FPRoundingMode::RTP as u32 => Rounding::Rtp,
        m if m == FPRoundingMode::RTN as u32 => Rounding::Rtn,
        _ => Rounding::Rte,
    }
}

/// Loads `n` elements of `bytes` each from `p + offset * stride`, converting with `convert`.
fn vload(
    dst: usize,
    offset: usize,
    p: usize,
    n: usize,
    bytes: usize,
    stride: usize,
    convert: fn(u64) -> u64,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let addr = (x.r[p * s + l] as usize)
                .wrapping_add((x.r[offset * s + l] as usize).wrapping_mul(stride));
            x.mem.check_lane(addr, n * bytes, l)?;
            for k in 0..n {
                // SAFETY: the range of all n elements was checked.
                x.r[(dst + k) * s + l] = convert(unsafe { memops::read(addr + k * bytes, bytes) });
            }
        }
        Ok(())
    })
}

/// Stores `n` elements of `bytes` each at `p + offset * stride`, converting with `convert`.
fn vstore(
    data: usize,
    offset: usize,
    p: usize,
    n: usize,
    bytes: usize,
    stride: usize,
    convert: impl Fn(u64) -> u64 + Send + Sync + 'static,
) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let addr = (x.r[p * s + l] as usize)
                .wrapping_add((x.r[offset * s + l] as usize).wrapping_mul(stride));
            x.mem.check_write_lane(addr, n * bytes, l)?;
            for k in 0..n {
                // SAFETY: the range of all n elements was checked.
                unsafe { memops::write(addr + k * bytes, bytes, convert(x.r[(data + k) * s + l])) };
            }
        }
        Ok(())
    })
}

impl Lowering<'_> {
    pub(crate) fn ext_inst(
        &mut self,
        env: &mut Env,
        inst: &Instruction,
        dst: usize,
        rty: Word,
    ) -> Result<Exec, String> {
        if Some(id(inst, 0)?) != self.m.opencl_std {
            return Err("extended instruction from an unknown set".into());
        }
        let num = match inst.operands.get(1) {
            Some(Operand::LiteralExtInstInteger(n)) => *n,
            other => return Err(format!("malformed OpExtInst ({other:?})")),
        };
        let name = opencl_std::name(num).unwrap_or("unknown");
        macro_rules! arg {
            ($i:expr) => {
                self.slot(env, id(inst, $i)?)?
            };
        }
        let f16_to = |to: Scalar| -> fn(u64) -> u64 {
            match to {
                Scalar::F64 => |h| half::f16::from_bits(h as u16).to_f64().to_bits(),
                _ => |h| half::f16::from_bits(h as u16).to_f32().to_bits() as u64,
            }
        };
        Ok(match num {
            VLOADN => {
                let (s, n) = self.m.components(rty)?;
                let bytes = (s.bits() as usize / 8).max(1);
                vload(dst, arg!(2), arg!(3), n, bytes, n * bytes, |v| v)
            }
            VSTOREN => {
                let (s, n) = self.m.components(self.type_of(env, id(inst, 2)?)?)?;
                let bytes = (s.bits() as usize / 8).max(1);
                vstore(arg!(2), arg!(3), arg!(4), n, bytes, n * bytes, |v| v)
            }
            VLOAD_HALF | VLOAD_HALFN | VLOADA_HALFN => {
                let (s, n) = self.m.components(rty)?;
                let stride = if num == VLOADA_HALFN && n == 3 {
                    8
                } else {
                    2 * n
                };
                vload(dst, arg!(2), arg!(3), n, 2, stride, f16_to(s))
            }
            VSTORE_HALF | VSTORE_HALF_R | VSTORE_HALFN | VSTORE_HALFN_R | VSTOREA_HALFN
            | VSTOREA_HALFN_R => {
                let (s, n) = self.m.components(self.type_of(env, id(inst, 2)?)?)?;
                let mode = if matches!(num, VSTORE_HALF_R | VSTORE_HALFN_R | VSTOREA_HALFN_R) {
                    rounding(inst.operands.get(5))
                } else {
                    Rounding::Rte
                };
                let stride = if matches!(num, VSTOREA_HALFN | VSTOREA_HALFN_R) && n == 3 {
                    8
                } else {
                    2 * n
                };
                let from64 = s == Scalar::F64;
                vstore(arg!(2), arg!(3), arg!(4), n, 2, stride, move |v| {
                    (if from64 {
                        opencl_std::f64_to_f16(f64::from_bits(v), mode)
                    } else {
                        opencl_std::f32_to_f16(f32::from_bits(v as u32), mode)
                    }) as u64
                })
            }
            PREFETCH => Box::new(|_: &mut Lanes<'_>| Ok(())),
            // The hottest instructions get direct closures (same results as `opencl_std`).
            FMA | MAD
                if self.m.components(rty)?.0 != Scalar::F16
                    && inst.operands.len() == 5
                    && self.operands_as_wide_as(env, inst, rty)? =>
            {
                let (s, n) = self.m.components(rty)?;
                let (a, b, c) = (arg!(2), arg!(3), arg!(4));
                if s == Scalar::F64 {
                    ops::ternary(dst, a, b, c, n, |x, y, z| {
                        f64::from_bits(x)
                            .mul_add(f64::from_bits(y), f64::from_bits(z))
                            .to_bits()
                    })
                } else {
                    ops::ternary(dst, a, b, c, n, |x, y, z| {
                        f32::from_bits(x as u32)
                            .mul_add(f32::from_bits(y as u32), f32::from_bits(z as u32))
                            .to_bits() as u64
                    })
                }
            }
            PRINTF => {
                let format = arg!(2);
                let mut args = Vec::new();
                for i in 3..inst.operands.len() {
                    let v = id(inst, i)?;
                    let (scalar, n) = self.m.components(self.type_of(env, v)?)?;
                    let slot = self.slot(env, v)?;
                    args.push(PrintfArg { slot, scalar, n });
                }
                printf::exec(dst, format, args)
            }
            _ => {
                if let Some(row) = self.int_row(env, inst, num, dst, rty)? {
                    return Ok(row);
                }
                if !opencl_std::supported(num) {
                    return Err(format!(
                        "OpenCL.std instruction {name} ({num}) is not supported"
                    ));
                }
                let (rs, rn) = self.m.components(rty)?;
                let mut values = Vec::new(); // (slot, n)
                let mut types = Vec::new();
                let mut out_ptr = None; // (slot, element bytes, n)
                for i in 2..inst.operands.len() {
                    let v = id(inst, i)?;
                    let t = self.type_of(env, v)?;
                    if let Shape::Pointer(_, pointee) = self.m.types.get(t)?.shape {
                        let (ps, pn) = self.m.components(pointee)?;
                        out_ptr = Some((self.slot(env, v)?, (ps.bits() as usize / 8).max(1), pn));
                        continue;
                    }
                    let (s, n) = self.m.components(t)?;
                    values.push((self.slot(env, v)?, n));
                    types.push(s);
                }
                // The lane buffers below hold up to 4 operands of up to 16 components.
                let widest = values.iter().map(|v| v.1).chain(out_ptr.map(|p| p.2));
                if values.len() > 4 || widest.chain([rn]).any(|n| n > 16) {
                    return Err(format!(
                        "OpenCL.std instruction {name} ({num}) with {} operands: at most 4 of at \
                         most 16 components are supported",
                        values.len()
                    ));
                }
                let width = values.iter().map(|v| v.1).max().unwrap_or(rn).max(rn);
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    let mut bufs = [[0u64; 16]; 4];
                    let mut out = [0u64; 16];
                    let mut out2 = [0u64; 16];
                    for &l in x.active {
                        let l = l as usize;
                        for (j, &(slot, n)) in values.iter().enumerate() {
                            for (k, b) in bufs[j].iter_mut().take(n).enumerate() {
                                *b = x.r[(slot + k) * s + l];
                            }
                        }
                        let [b0, b1, b2, b3] = &bufs;
                        let all: [&[u64]; 4] = [b0, b1, b2, b3];
                        let mut args: [&[u64]; 4] = [&[]; 4];
                        for (j, &(_, n)) in values.iter().enumerate() {
                            args[j] = &all[j][..n];
                        }
                        opencl_std::ext_inst(
                            num,
                            rs,
                            &types,
                            width,
                            &args[..values.len()],
                            &mut out[..rn],
                            out_ptr.map(|(_, _, pn)| &mut out2[..pn]),
                        )
                        .map_err(|reason| Fault::Instruction {
                            instruction: name,
                            reason,
                        })?;
                        for (k, v) in out.iter().take(rn).enumerate() {
                            x.r[(dst + k) * s + l] = *v;
                        }
                        if let Some((p, bytes, pn)) = out_ptr {
                            let addr = x.r[p * s + l] as usize;
                            x.mem.check_write_lane(addr, bytes * pn, l)?;
                            for (k, v) in out2.iter().take(pn).enumerate() {
                                // SAFETY: the range was checked.
                                unsafe { memops::write(addr + k * bytes, bytes, *v) };
                            }
                        }
                    }
                    Ok(())
                })
            }
        })
    }
}

impl Lowering<'_> {
    /// Whether every operand of the OpenCL.std instruction `inst` has as many components as
    /// its result `rty`, as the component-wise row paths read them (an ill-typed module
    /// takes the per-lane path, which reads each operand at its own width).
    fn operands_as_wide_as(&self, env: &Env, inst: &Instruction, rty: u32) -> Result<bool, String> {
        let (_, n) = self.m.components(rty)?;
        for operand in inst.operands.iter().skip(2) {
            let Operand::IdRef(v) = operand else {
                return Ok(false);
            };
            if self.m.components(self.type_of(env, *v)?)?.1 != n {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
