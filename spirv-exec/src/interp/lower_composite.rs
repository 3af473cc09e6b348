//! Lowering of composite and vector instructions: construct, extract, insert, dynamic
//! extract and insert, shuffle.

use crate::interp::lower::{Env, Lowering};
use crate::interp::lower_inst::{id, lit};
use crate::interp::ops::copy;
use crate::interp::program::{Exec, Lanes};
use rspirv::dr::Instruction;
use rspirv::spirv::Op;

impl Lowering<'_> {
    /// Lowers one of the instructions above, its result in slot `dst`.
    pub(crate) fn composite(
        &mut self,
        env: &mut Env,
        inst: &Instruction,
        dst: usize,
    ) -> Result<Option<Exec>, String> {
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let rty = inst.result_type.unwrap_or(0);
        let n_res = || self.m.types.get(rty).map(|t| t.slots);
        let e: Exec = match op {
            Op::CompositeConstruct => {
                let mut parts = Vec::new();
                for i in 0..inst.operands.len() {
                    let v = id(inst, i)?;
                    let n = self.m.types.get(self.type_of(env, v)?)?.slots;
                    parts.push((self.slot(env, v)?, n));
                }
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        let mut at = dst;
                        for &(src, n) in &parts {
                            for k in 0..n {
                                x.r[(at + k) * s + l] = x.r[(src + k) * s + l];
                            }
                            at += n;
                        }
                    }
                    Ok(())
                })
            }
            Op::CompositeExtract => {
                let offset = self.member_slot(env, inst, 0)?;
                let (src, n) = (self.operand(env, inst, 0)? + offset, n_res()?);
                if self.is_stable(src, n) {
                    // A part of a constant, argument or built-in: name it, copy nothing.
                    env.vals.insert(rid, src);
                    return Ok(None);
                }
                copy(dst, src, n)
            }
            Op::CompositeInsert => {
                let offset = self.member_slot(env, inst, 1)?;
                let n = n_res()?;
                let obj = id(inst, 0)?;
                let on = self.m.types.get(self.type_of(env, obj)?)?.slots;
                let (o, c) = (self.slot(env, obj)?, self.operand(env, inst, 1)?);
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        for k in 0..n {
                            x.r[(dst + k) * s + l] = x.r[(c + k) * s + l];
                        }
                        for k in 0..on {
                            x.r[(dst + offset + k) * s + l] = x.r[(o + k) * s + l];
                        }
                    }
                    Ok(())
                })
            }
            Op::VectorExtractDynamic | Op::VectorInsertDynamic => {
                let n = n_res()?;
                let (vec, idx_pos) = (
                    self.operand(env, inst, 0)?,
                    if op == Op::VectorExtractDynamic { 1 } else { 2 },
                );
                let idx = self.operand(env, inst, idx_pos)?;
                let (_, vn) = self.operand_components(env, inst, 0)?;
                let comp = if op == Op::VectorInsertDynamic {
                    Some(self.operand(env, inst, 1)?)
                } else {
                    None
                };
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        let i = x.r[idx * s + l] as usize;
                        match comp {
                            None => {
                                x.r[dst * s + l] = if i < vn { x.r[(vec + i) * s + l] } else { 0 }
                            }
                            Some(c) => {
                                for k in 0..n {
                                    x.r[(dst + k) * s + l] = x.r[(vec + k) * s + l];
                                }
                                if i < n {
                                    x.r[(dst + i) * s + l] = x.r[c * s + l];
                                }
                            }
                        }
                    }
                    Ok(())
                })
            }
            Op::VectorShuffle => {
                let (a, b) = (self.operand(env, inst, 0)?, self.operand(env, inst, 1)?);
                let (_, na) = self.operand_components(env, inst, 0)?;
                let mut map = Vec::new();
                for i in 2..inst.operands.len() {
                    let c = lit(inst, i)? as usize;
                    map.push(if c == 0xffff_ffff {
                        None
                    } else if c < na {
                        Some(a + c)
                    } else {
                        Some(b + c - na)
                    });
                }
                Box::new(move |x: &mut Lanes<'_>| {
                    let s = x.n;
                    for &l in x.active {
                        let l = l as usize;
                        let mut tmp = [0u64; 16];
                        for (k, src) in map.iter().enumerate() {
                            tmp[k] = src.map_or(0, |src| x.r[src * s + l]);
                        }
                        for (k, v) in tmp.iter().take(map.len()).enumerate() {
                            x.r[(dst + k) * s + l] = *v;
                        }
                    }
                    Ok(())
                })
            }
            other => return Err(format!("Op{other:?} is not a composite instruction")),
        };
        Ok(Some(e))
    }

    /// The slot offset, inside composite operand `at` of `inst`, of the member named by the
    /// literal indices that follow it (`OpCompositeExtract`, `OpCompositeInsert`).
    fn member_slot(&self, env: &Env, inst: &Instruction, at: usize) -> Result<usize, String> {
        let indices = (at + 1..inst.operands.len()).map(|i| lit(inst, i).map(|v| v as u32));
        self.m
            .types
            .member_path(self.type_of(env, id(inst, at)?)?, indices)
    }
}
