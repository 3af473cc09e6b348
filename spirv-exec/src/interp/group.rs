//! Sub-group and work-group collectives ([`Inst::Group`](crate::front::ssa::Inst::Group)) as
//! row instructions: the active lanes, grouped by sub-group (lane / sub-group size) or all
//! together for a work-group, exchange their values. Only active lanes take part, which is
//! what the non-uniform operations ask; a lane that reads an inactive or missing one gets its
//! own value.

use crate::front::ssa::{group_identity, GroupArith, GroupCall, GroupKind, GroupOp, Scope};
use crate::interp::lower::Lowering;
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;

/// `a op b` over values of type `s`.
pub(crate) fn combine(op: GroupArith, s: Scalar, a: u64, b: u64) -> u64 {
    let m = s.mask();
    let float = |f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64| match s {
        Scalar::F32 => f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64,
        Scalar::F64 => f64op(f64::from_bits(a), f64::from_bits(b)).to_bits(),
        _ => s.from_f64(f64op(s.to_f64(a), s.to_f64(b))),
    };
    match op {
        GroupArith::IAdd => a.wrapping_add(b) & m,
        GroupArith::IMul => a.wrapping_mul(b) & m,
        GroupArith::FAdd => float(|x, y| x + y, |x, y| x + y),
        GroupArith::FMul => float(|x, y| x * y, |x, y| x * y),
        // OpenCL's `fmin`/`fmax`: a NaN operand gives the other.
        GroupArith::FMin => float(f32::min, f64::min),
        GroupArith::FMax => float(f32::max, f64::max),
        GroupArith::SMin => {
            if s.sext(a) <= s.sext(b) {
                a
            } else {
                b
            }
        }
        GroupArith::SMax => {
            if s.sext(a) >= s.sext(b) {
                a
            } else {
                b
            }
        }
        GroupArith::UMin => a.min(b),
        GroupArith::UMax => a.max(b),
        GroupArith::And => a & b,
        GroupArith::Or => a | b,
        GroupArith::Xor => a ^ b,
    }
}

/// What one collective needs at run time.
#[derive(Clone)]
struct Plan {
    op: GroupOp,
    /// Invocations per group of the scope (the sub-group size; 0: the whole work-group).
    span: usize,
    dst: usize,
    args: Vec<usize>,
    /// The type of the first operand.
    ty: Scalar,
}

impl Plan {
    /// The results of the members (sorted active lanes) of the group starting at lane `base`
    /// of `size` lanes, appended to `out` in the members' order.
    fn group(
        &self,
        x: &Lanes<'_>,
        base: usize,
        size: usize,
        members: &[usize],
        out: &mut Vec<u64>,
    ) {
        let n = x.n;
        let v = |i: usize, lane: usize| x.r[self.args[i] * n + lane];
        let active = |lane: usize| members.binary_search(&lane).is_ok();
        // The value of operand `i` of lane `base + at` if that lane takes part, else `own`'s.
        let from = |i: usize, at: Option<u64>, own: usize| match at {
            Some(a) if (a as usize) < size && active(base + a as usize) => v(i, base + a as usize),
            _ => v(i, own),
        };
        let first = members[0];
        let float = self.ty.is_float();
        // What combines every member's value: one pass over the members for all of them (the
        // same operations in the same order as a pass per member, so the same results).
        let same = |b: bool| std::iter::repeat_n(b as u64, members.len());
        match self.op {
            GroupOp::All => return out.extend(same(members.iter().all(|&m| v(0, m) & 1 != 0))),
            GroupOp::Any => return out.extend(same(members.iter().any(|&m| v(0, m) & 1 != 0))),
            GroupOp::AllEqual => {
                let eq = members.iter().all(|&m| {
                    let (a, b) = (v(0, m), v(0, first));
                    if float {
                        self.ty.to_f64(a) == self.ty.to_f64(b)
                    } else {
                        a == b
                    }
                });
                return out.extend(same(eq));
            }
            GroupOp::Arith { op, kind, cluster } => {
                let c = if cluster > 0 {
                    cluster as usize
                } else {
                    usize::MAX
                };
                for part in members.chunk_by(|a, b| (a - base) / c == (b - base) / c) {
                    let mut acc = group_identity(op, self.ty);
                    match kind {
                        GroupKind::Reduce => {
                            for &m in part {
                                acc = combine(op, self.ty, acc, v(0, m));
                            }
                            out.extend(std::iter::repeat_n(acc, part.len()));
                        }
                        GroupKind::InclusiveScan => {
                            for &m in part {
                                acc = combine(op, self.ty, acc, v(0, m));
                                out.push(acc);
                            }
                        }
                        GroupKind::ExclusiveScan => {
                            for &m in part {
                                out.push(acc);
                                acc = combine(op, self.ty, acc, v(0, m));
                            }
                        }
                    }
                }
                return;
            }
            _ => {}
        }
        for &l in members {
            let id = (l - base) as u64;
            let r = match self.op {
                GroupOp::Elect => (l == first) as u64,
                GroupOp::Broadcast | GroupOp::Shuffle => from(0, Some(v(1, l)), l),
                GroupOp::BroadcastFirst => v(0, first),
                GroupOp::Ballot { word } => {
                    let lo = 32 * word as usize;
                    members
                        .iter()
                        .filter(|&&m| v(0, m) & 1 != 0 && (lo..lo + 32).contains(&(m - base)))
                        .fold(0u64, |acc, &m| acc | 1 << (m - base - lo))
                }
                GroupOp::ShuffleXor => from(0, Some(id ^ v(1, l)), l),
                GroupOp::ShuffleUp => from(0, id.checked_sub(v(1, l)), l),
                GroupOp::ShuffleDown => from(0, id.checked_add(v(1, l)), l),
                GroupOp::ShuffleDownPair => {
                    let j = id.saturating_add(v(2, l));
                    if j < size as u64 {
                        from(0, Some(j), l)
                    } else {
                        match j.checked_sub(size as u64) {
                            Some(k) if k < size as u64 && active(base + k as usize) => {
                                v(1, base + k as usize)
                            }
                            _ => v(0, l),
                        }
                    }
                }
                GroupOp::ShuffleUpPair => {
                    let d = v(2, l);
                    match id.checked_sub(d) {
                        Some(j) => from(1, Some(j), l),
                        None => {
                            let back = d - id;
                            match (size as u64).checked_sub(back) {
                                Some(k) if active(base + k as usize) => v(0, base + k as usize),
                                _ => v(1, l),
                            }
                        }
                    }
                }
                GroupOp::All | GroupOp::Any | GroupOp::AllEqual | GroupOp::Arith { .. } => {
                    unreachable!("combined above")
                }
            };
            out.push(r);
        }
    }

    fn run(&self, x: &mut Lanes<'_>) {
        let n = x.n;
        let span = if self.span == 0 { n } else { self.span };
        let mut lanes: Vec<usize> = x.active.iter().map(|&l| l as usize).collect();
        lanes.sort_unstable();
        let mut out = Vec::with_capacity(lanes.len());
        for members in lanes.chunk_by(|a, b| a / span == b / span) {
            let base = members[0] / span * span;
            let size = span.min(n - base);
            self.group(x, base, size, members, &mut out);
        }
        // The results are written once every operand is read (the result may take the slot
        // of an operand it is the last use of).
        for (&l, r) in lanes.iter().zip(out) {
            x.r[self.dst * n + l] = r;
        }
    }
}

impl Lowering<'_> {
    /// Collective `call` writing slot `dst`.
    pub(crate) fn group(&mut self, call: &GroupCall, dst: usize) -> Result<Exec, String> {
        let args = call
            .args
            .iter()
            .map(|&a| self.at(a))
            .collect::<Result<Vec<_>, _>>()?;
        let ty = match call.args.first() {
            Some(&a) => self.ty(a)?,
            None => Scalar::Bool,
        };
        let plan = Plan {
            op: call.op,
            span: match call.scope {
                Scope::Subgroup => self.f.subgroup_size.max(1) as usize,
                Scope::Workgroup => 0,
            },
            dst,
            args,
            ty,
        };
        Ok(Box::new(move |x: &mut Lanes<'_>| {
            plan.run(x);
            Ok(())
        }))
    }
}
