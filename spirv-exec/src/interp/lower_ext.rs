//! OpenCL.std calls of the shared IR as row instructions: the integer built-ins it names
//! ([`Inst::Int3`](crate::front::ssa::Inst::Int3), row paths in `int_rows.rs`), every other
//! one through [`opencl_std::ext_inst`] lane by lane, and `printf`.

use crate::error::Fault;
use crate::front::ssa::{ExtCall, PrintfCall, Val};
use crate::interp::int_rows::int_row;
use crate::interp::lower::Lowering;
use crate::interp::ops::ternary;
use crate::interp::program::{Exec, Lanes};
use crate::opencl_std;
use crate::run::printf::{self, PrintfArg};
use crate::value::Scalar;

/// Most operands, and most components of an operand or result, of a call.
const MAX_OPERANDS: usize = 4;
const MAX_COMPONENTS: usize = 16;

impl Lowering<'_> {
    /// Integer built-in `num` of operands `ops3` of type `t`, giving a `rt`.
    pub(crate) fn int3(
        &mut self,
        num: u32,
        t: Scalar,
        rt: Scalar,
        dst: usize,
        ops3: &[Val; 3],
    ) -> Result<Exec, String> {
        let [a, b, c] = [self.at(ops3[0])?, self.at(ops3[1])?, self.at(ops3[2])?];
        let k = [self.uniform(ops3[1]), self.uniform(ops3[2])];
        if let Some(e) = int_row(num, (t, rt), dst, [a, b, c], k) {
            return Ok(e);
        }
        Ok(ternary(dst, a, b, c, 1, move |x, y, z| {
            opencl_std::int_eval(num, rt, t, [x, y, z])
        }))
    }

    /// Any other OpenCL.std call, lane by lane.
    pub(crate) fn ext(&mut self, call: &ExtCall) -> Result<Exec, String> {
        let num = call.num;
        let name = opencl_std::name(num).unwrap_or("unknown");
        let widest = call.args.iter().map(|a| a.0.len());
        if call.args.len() > MAX_OPERANDS
            || widest
                .chain([call.results.len(), call.out2.len()])
                .any(|n| n > MAX_COMPONENTS)
        {
            return Err(format!(
                "OpenCL.std instruction {name} ({num}) with {} operands: at most \
                 {MAX_OPERANDS} of at most {MAX_COMPONENTS} components are supported",
                call.args.len()
            ));
        }
        let slots = |l: &Self, vals: &[Val]| -> Result<Vec<usize>, String> {
            vals.iter().map(|&v| l.at(v)).collect()
        };
        let mut args = Vec::new();
        let mut types = Vec::new();
        for (vals, s) in &call.args {
            args.push(slots(self, vals)?);
            types.push(*s);
        }
        let results = slots(self, &call.results)?;
        let out2 = slots(self, &call.out2)?;
        let (result, width) = (call.result, call.width);
        Ok(Box::new(move |x: &mut Lanes<'_>| {
            let s = x.n;
            let mut bufs = [[0u64; MAX_COMPONENTS]; MAX_OPERANDS];
            let mut out = [0u64; MAX_COMPONENTS];
            let mut second = [0u64; MAX_COMPONENTS];
            for &l in x.active {
                let l = l as usize;
                for (j, arg) in args.iter().enumerate() {
                    for (b, &slot) in bufs[j].iter_mut().zip(arg) {
                        *b = x.r[slot * s + l];
                    }
                }
                let [b0, b1, b2, b3] = &bufs;
                let all: [&[u64]; MAX_OPERANDS] = [b0, b1, b2, b3];
                let mut operands: [&[u64]; MAX_OPERANDS] = [&[]; MAX_OPERANDS];
                for (j, arg) in args.iter().enumerate() {
                    operands[j] = &all[j][..arg.len()];
                }
                opencl_std::ext_inst(
                    num,
                    result,
                    &types,
                    width,
                    &operands[..args.len()],
                    &mut out[..results.len()],
                    (!out2.is_empty()).then_some(&mut second[..out2.len()]),
                )
                .map_err(|reason| Fault::Instruction {
                    instruction: name,
                    reason,
                })?;
                for (&slot, v) in results.iter().zip(&out) {
                    x.r[slot * s + l] = *v;
                }
                for (&slot, v) in out2.iter().zip(&second) {
                    x.r[slot * s + l] = *v;
                }
            }
            Ok(())
        }))
    }

    /// `printf`: `dst` receives its result.
    pub(crate) fn printf(&mut self, call: &PrintfCall, dst: usize) -> Result<Exec, String> {
        let mut args = Vec::new();
        for (vals, scalar) in &call.args {
            let slots = vals.iter().map(|&v| self.at(v)).collect::<Result<_, _>>()?;
            args.push(PrintfArg {
                slots,
                scalar: *scalar,
            });
        }
        Ok(printf::exec(dst, self.at(call.format)?, args))
    }
}
