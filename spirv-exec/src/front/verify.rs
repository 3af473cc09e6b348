//! The type check of the compiler's IR, between the front end and code generation: every
//! value is defined, every operand has the type its operation works on, every edge passes its
//! target's parameters. The front end builds the IR from modules the interpreter's lowering
//! accepted, but a mutated module can still give it operands of other widths or kinds (a
//! phi's incoming value of another type, an integer operation on a float); without this
//! check they would reach Cranelift, whose builder and verifier panic on them. A kernel that
//! fails the check runs on the interpreter, with the reason in the build log.

use super::ssa::Rmw;
use super::ssa::{
    Bin, Conv, Edge, Func, GroupArith, GroupCall, GroupKind, GroupOp, Inst, Term, Un, Val,
};
use crate::value::Scalar;

/// The bits of the machine register a value of `s` is held in (a `bool` in a byte).
fn width(s: Scalar) -> u32 {
    match s {
        Scalar::Bool | Scalar::I8 => 8,
        Scalar::I16 | Scalar::F16 => 16,
        Scalar::I32 | Scalar::F32 => 32,
        Scalar::I64 | Scalar::F64 => 64,
    }
}

/// Checks `f`; the first ill-typed statement or edge, described, if any.
pub fn check(f: &Func) -> Result<(), String> {
    let t = Types::new(f)?;
    for (b, block) in f.blocks.iter().enumerate() {
        for s in &block.stmts {
            t.stmt(s.result, &s.inst)
                .map_err(|e| format!("block {b}: {:?}: {e}", s.inst))?;
        }
        t.term(f, &block.term)
            .map_err(|e| format!("block {b}'s terminator: {e}"))?;
    }
    Ok(())
}

/// The types of a function's values, and the rules.
struct Types<'f> {
    of: &'f [Scalar],
}

fn is_float(s: Scalar) -> bool {
    matches!(s, Scalar::F16 | Scalar::F32 | Scalar::F64)
}

impl<'f> Types<'f> {
    fn new(f: &'f Func) -> Result<Self, String> {
        // Every value used or defined must have a type.
        let n = f.types.len();
        let known = |v: Val| (v as usize) < n;
        for block in &f.blocks {
            if let Some(&v) = block.params.iter().find(|&&v| !known(v)) {
                return Err(format!("block parameter {v} has no type"));
            }
            if let Some(v) = block
                .stmts
                .iter()
                .filter_map(|s| s.result)
                .find(|&v| !known(v))
            {
                return Err(format!("value {v} has no type"));
            }
        }
        Ok(Types { of: &f.types })
    }

    /// The type of `v` (operands are checked here, as they are met).
    fn ty(&self, v: Val) -> Result<Scalar, String> {
        self.of
            .get(v as usize)
            .copied()
            .ok_or_else(|| format!("value {v} has no type"))
    }

    /// `v` is held in a machine register of `s`'s kind and width.
    fn same(&self, v: Val, s: Scalar) -> Result<(), String> {
        let t = self.ty(v)?;
        if width(t) == width(s) && is_float(t) == is_float(s) {
            Ok(())
        } else {
            Err(format!("value {v} is {t:?} where {s:?} is wanted"))
        }
    }

    fn int(&self, v: Val) -> Result<Scalar, String> {
        let t = self.ty(v)?;
        if is_float(t) {
            Err(format!("value {v} is {t:?} where an integer is wanted"))
        } else {
            Ok(t)
        }
    }

    fn float(&self, v: Val) -> Result<Scalar, String> {
        let t = self.ty(v)?;
        if is_float(t) {
            Ok(t)
        } else {
            Err(format!("value {v} is {t:?} where a float is wanted"))
        }
    }

    fn stmt(&self, result: Option<Val>, inst: &Inst) -> Result<(), String> {
        let r = match result {
            Some(v) => Some(self.ty(v)?),
            None => None,
        };
        let res = || r.ok_or_else(|| "no result".to_string());
        match inst {
            Inst::Const(_) | Inst::Param { .. } => {
                res()?;
            }
            Inst::Copy(a) => self.same(*a, res()?)?,
            Inst::ParamAddr { .. }
            | Inst::Builtin(..)
            | Inst::LocalVar(_)
            | Inst::PrivateVar(_) => self.same_kind(res()?, Scalar::I64)?,
            Inst::Un(op, a) => self.un(*op, *a, res()?)?,
            Inst::Bin(op, a, b) => self.bin(*op, *a, *b, res()?)?,
            Inst::Fma(a, b, c) => {
                let s = self.float(*a)?;
                self.same(*b, s)?;
                self.same(*c, s)?;
                self.same_kind(res()?, s)?;
            }
            Inst::Int3(_, s, args) => {
                if is_float(*s) {
                    return Err(format!("an integer built-in over {s:?}"));
                }
                for &a in args {
                    self.same(a, *s)?;
                }
                self.int_kind(res()?)?;
            }
            Inst::Select(c, a, b) => {
                self.condition(*c)?;
                let s = res()?;
                self.same(*a, s)?;
                self.same(*b, s)?;
            }
            Inst::Conv(c, a) => self.conv(*c, *a, res()?)?,
            Inst::Load { ptr, .. } => {
                self.same(*ptr, Scalar::I64)?;
                res()?;
            }
            Inst::Store { ptr, value, .. } => {
                self.same(*ptr, Scalar::I64)?;
                self.ty(*value)?;
            }
            Inst::MemCopy { dst, src, bytes } => {
                for v in [dst, src, bytes] {
                    self.same(*v, Scalar::I64)?;
                }
            }
            Inst::Atomic {
                op,
                ptr,
                value,
                compare,
                ..
            } => {
                self.same(*ptr, Scalar::I64)?;
                let s = res()?;
                // Only loads, stores and exchanges move floats; arithmetic is on integers.
                if matches!(op, Rmw::FAdd | Rmw::FMin | Rmw::FMax) {
                    if !s.is_float() {
                        return Err(format!("float atomic {op:?} on {s:?}"));
                    }
                } else if !matches!(op, Rmw::Load | Rmw::Store | Rmw::Exchange) {
                    self.int_kind(s)?;
                }
                for v in value.iter().chain(compare) {
                    self.same(*v, s)?;
                }
            }
            Inst::GenericCast(p, _) => {
                self.same(*p, Scalar::I64)?;
                self.same_kind(res()?, Scalar::I64)?;
            }
            Inst::Ext(call) => {
                let used = call.args.iter().flat_map(|(vals, _)| vals);
                for &v in used.chain(&call.results).chain(&call.out2) {
                    self.ty(v)?;
                }
            }
            Inst::Group(call) => self.group(call, res()?)?,
            Inst::Fold(step) => {
                for v in [step.acc, step.total, step.item, step.first, step.last] {
                    self.same(v, Scalar::I64)?;
                }
                self.ty(step.value)?;
                match (step.kind, r) {
                    (GroupKind::Reduce, None) => {}
                    (GroupKind::Reduce, Some(_)) => return Err("a reduction step's result".into()),
                    (_, Some(r)) => self.same(step.value, r)?,
                    (_, None) => return Err("a scan step without result".into()),
                }
            }
            Inst::Printf(call) => {
                self.same(call.format, Scalar::I64)?;
                self.same_kind(res()?, Scalar::I32)?;
                for &v in call.args.iter().flat_map(|(vals, _)| vals) {
                    self.ty(v)?;
                }
            }
        }
        Ok(())
    }

    /// A collective: its operands (see [`GroupOp`]) and result `r`.
    fn group(&self, call: &GroupCall, r: Scalar) -> Result<(), String> {
        let arg = |i: usize| {
            call.args
                .get(i)
                .copied()
                .ok_or_else(|| format!("{:?} without operand {i}", call.op))
        };
        let want = match call.op {
            GroupOp::Elect => 0,
            GroupOp::All | GroupOp::Any | GroupOp::Ballot { .. } => {
                self.condition(arg(0)?)?;
                1
            }
            GroupOp::AllEqual => {
                self.ty(arg(0)?)?;
                1
            }
            GroupOp::BroadcastFirst | GroupOp::Arith { .. } => {
                self.same(arg(0)?, r)?;
                1
            }
            GroupOp::Broadcast
            | GroupOp::Shuffle
            | GroupOp::ShuffleXor
            | GroupOp::ShuffleUp
            | GroupOp::ShuffleDown => {
                self.same(arg(0)?, r)?;
                self.int(arg(1)?)?;
                2
            }
            GroupOp::ShuffleDownPair | GroupOp::ShuffleUpPair => {
                self.same(arg(0)?, r)?;
                self.same(arg(1)?, r)?;
                self.int(arg(2)?)?;
                3
            }
        };
        if call.args.len() != want {
            return Err(format!(
                "{:?} with {} operands (it takes {want})",
                call.op,
                call.args.len()
            ));
        }
        match call.op {
            GroupOp::Elect | GroupOp::All | GroupOp::Any | GroupOp::AllEqual => self.truth(r),
            GroupOp::Ballot { .. } => self.same_kind(r, Scalar::I32),
            GroupOp::Arith { op, .. } => match op {
                GroupArith::FAdd | GroupArith::FMul | GroupArith::FMin | GroupArith::FMax => {
                    self.float(arg(0)?).map(|_| ())
                }
                _ => self.int(arg(0)?).map(|_| ()),
            },
            _ => Ok(()),
        }
    }

    fn same_kind(&self, have: Scalar, want: Scalar) -> Result<(), String> {
        if width(have) == width(want) && is_float(have) == is_float(want) {
            Ok(())
        } else {
            Err(format!("the result is {have:?} where {want:?} is wanted"))
        }
    }

    /// A comparison's result: a boolean (not merely a byte: packs hold booleans as lane masks).
    fn truth(&self, s: Scalar) -> Result<(), String> {
        if s == Scalar::Bool {
            Ok(())
        } else {
            Err(format!("the result is {s:?} where Bool is wanted"))
        }
    }

    /// A condition: a boolean value.
    fn condition(&self, v: Val) -> Result<(), String> {
        match self.ty(v)? {
            Scalar::Bool => Ok(()),
            t => Err(format!("value {v} is {t:?} where Bool is wanted")),
        }
    }

    fn int_kind(&self, s: Scalar) -> Result<(), String> {
        if is_float(s) {
            Err(format!("the result is {s:?} where an integer is wanted"))
        } else {
            Ok(())
        }
    }

    fn un(&self, op: Un, a: Val, r: Scalar) -> Result<(), String> {
        match op {
            Un::IsNan | Un::IsInf | Un::IsFinite | Un::IsNormal | Un::SignBit => {
                self.float(a)?;
                self.truth(r)
            }
            Un::FNeg | Un::FAbs | Un::Sqrt | Un::Floor | Un::Ceil | Un::Trunc | Un::Nearest => {
                let s = self.float(a)?;
                self.same_kind(r, s)
            }
            Un::LNot => {
                self.condition(a)?;
                self.truth(r)
            }
            Un::INeg | Un::Not | Un::PopCount | Un::BitReverse => {
                let s = self.int(a)?;
                self.same_kind(r, s)
            }
        }
    }

    fn bin(&self, op: Bin, a: Val, b: Val, r: Scalar) -> Result<(), String> {
        let s = self.ty(a)?;
        match op {
            Bin::Shl | Bin::LShr | Bin::AShr => {
                self.int(a)?;
                self.int(b)?;
                self.same_kind(r, s)
            }
            Bin::Eq
            | Bin::Ne
            | Bin::ULt
            | Bin::ULe
            | Bin::UGt
            | Bin::UGe
            | Bin::SLt
            | Bin::SLe
            | Bin::SGt
            | Bin::SGe => {
                self.int(a)?;
                self.same(b, s)?;
                self.truth(r)
            }
            Bin::FEq(_)
            | Bin::FNe(_)
            | Bin::FLt(_)
            | Bin::FLe(_)
            | Bin::FGt(_)
            | Bin::FGe(_)
            | Bin::Ordered
            | Bin::Unordered => {
                self.float(a)?;
                self.same(b, s)?;
                self.truth(r)
            }
            Bin::FAdd
            | Bin::FSub
            | Bin::FMul
            | Bin::FDiv
            | Bin::FRem
            | Bin::FMod
            | Bin::CopySign => {
                self.float(a)?;
                self.same(b, s)?;
                self.same_kind(r, s)
            }
            Bin::IAdd
            | Bin::ISub
            | Bin::IMul
            | Bin::UDiv
            | Bin::SDiv
            | Bin::URem
            | Bin::SRem
            | Bin::SMod
            | Bin::And
            | Bin::Or
            | Bin::Xor => {
                self.int(a)?;
                self.same(b, s)?;
                self.same_kind(r, s)
            }
        }
    }

    fn conv(&self, c: Conv, a: Val, r: Scalar) -> Result<(), String> {
        let s = self.ty(a)?;
        let ok = match c {
            Conv::Int { .. } | Conv::IntSat { .. } => !is_float(s) && !is_float(r),
            Conv::FToI { .. } => is_float(s) && !is_float(r),
            Conv::IToF { .. } => !is_float(s) && is_float(r),
            Conv::FToF { .. } => is_float(s) && is_float(r),
            Conv::Bitcast => width(s) == width(r),
        };
        if ok {
            Ok(())
        } else {
            Err(format!("{c:?} from {s:?} to {r:?}"))
        }
    }

    fn edge(&self, f: &Func, e: &Edge) -> Result<(), String> {
        let target = f
            .blocks
            .get(e.target as usize)
            .ok_or_else(|| format!("an edge to block {}, past the end", e.target))?;
        if target.params.len() != e.args.len() {
            return Err(format!(
                "{} values passed to block {}'s {} parameters",
                e.args.len(),
                e.target,
                target.params.len()
            ));
        }
        for (&arg, &param) in e.args.iter().zip(&target.params) {
            self.same(arg, self.ty(param)?)?;
        }
        Ok(())
    }

    fn term(&self, f: &Func, term: &Term) -> Result<(), String> {
        match term {
            Term::Jump(e) => self.edge(f, e),
            Term::Branch { cond, then, other } => {
                self.condition(*cond)?;
                self.edge(f, then)?;
                self.edge(f, other)
            }
            Term::Switch {
                sel,
                default,
                cases,
            } => {
                self.int(*sel)?;
                self.edge(f, default)?;
                cases.iter().try_for_each(|(_, e)| self.edge(f, e))
            }
            Term::Barrier { next } => match f.blocks.get(*next as usize) {
                Some(b) if b.params.is_empty() => Ok(()),
                Some(_) => Err(format!(
                    "a barrier continues at block {next}, which has parameters"
                )),
                None => Err(format!("a barrier continues at block {next}, past the end")),
            },
            Term::Return | Term::Unreachable => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::ssa::{Block, Stmt};

    fn func(stmts: Vec<(Val, Inst)>, types: Vec<Scalar>, term: Term, more: Vec<Block>) -> Func {
        let stmts = stmts
            .into_iter()
            .map(|(v, inst)| Stmt {
                result: Some(v),
                inst,
            })
            .collect();
        let mut blocks = vec![Block {
            params: vec![],
            stmts,
            term,
        }];
        blocks.extend(more);
        Func {
            name: "k".into(),
            blocks,
            types,
            private_size: 0,
            params: vec![],
            local_static: 0,
            subgroup_size: 1,
            subgroup_required: false,
            subgroup_barriers: false,
            group_size: None,
        }
    }

    #[test]
    fn integer_operations_on_floats_are_refused() {
        let ok = func(
            vec![
                (0, Inst::Const(1)),
                (1, Inst::Const(2)),
                (2, Inst::Bin(Bin::IAdd, 0, 1)),
            ],
            vec![Scalar::I32; 3],
            Term::Return,
            vec![],
        );
        assert_eq!(check(&ok), Ok(()));
        let mut bad = ok.clone();
        bad.types[0] = Scalar::F32;
        let e = check(&bad).unwrap_err();
        assert!(
            e.contains("value 0 is F32 where an integer is wanted"),
            "{e}"
        );
    }

    #[test]
    fn comparisons_give_booleans_and_edges_match_their_targets() {
        let cmp = func(
            vec![(0, Inst::Const(1)), (1, Inst::Bin(Bin::ULt, 0, 0))],
            vec![Scalar::I32, Scalar::I32],
            Term::Return,
            vec![],
        );
        assert!(check(&cmp).unwrap_err().contains("where Bool is wanted"));
        let target = Block {
            params: vec![1],
            stmts: vec![],
            term: Term::Return,
        };
        let jump = |args: Vec<Val>| {
            func(
                vec![(0, Inst::Const(1))],
                vec![Scalar::I64, Scalar::I32],
                Term::Jump(Edge { target: 1, args }),
                vec![target.clone()],
            )
        };
        assert!(check(&jump(vec![]))
            .unwrap_err()
            .contains("0 values passed"));
        assert!(check(&jump(vec![0])).unwrap_err().contains("I64 where I32"));
        let past = func(vec![], vec![], Term::Barrier { next: 7 }, vec![]);
        assert!(check(&past).unwrap_err().contains("past the end"));
    }
}
