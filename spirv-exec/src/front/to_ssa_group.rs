//! Sub-group and work-group collectives (`OpGroup*` of the Groups capability,
//! `OpGroupNonUniform*`, `SPV_KHR_uniform_group_instructions`, `SPV_INTEL_subgroups`) to
//! [`Inst::Group`], one per component; the ballot helpers (`OpGroupNonUniformInverseBallot`,
//! `BallotBitExtract`, `BallotBitCount`, `BallotFindLSB/MSB`) and the INTEL block reads and
//! writes, which need no other invocation's value, to plain statements.

use super::ssa::{Bin, Conv, GroupArith, GroupCall, GroupKind, GroupOp, Inst, Scope, Un, Val};
use super::to_ssa::{id, Env, Front};
use super::to_ssa_inst::lane;
use crate::front::group_opcodes::GROUP_OPCODES;
use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, GroupOperation, Op};

/// The combining operation of an arithmetic collective.
fn arith_of(op: Op) -> Option<GroupArith> {
    use Op::*;
    Some(match op {
        GroupIAdd | GroupNonUniformIAdd => GroupArith::IAdd,
        GroupFAdd | GroupNonUniformFAdd => GroupArith::FAdd,
        GroupIMulKHR | GroupNonUniformIMul => GroupArith::IMul,
        GroupFMulKHR | GroupNonUniformFMul => GroupArith::FMul,
        GroupSMin | GroupNonUniformSMin => GroupArith::SMin,
        GroupUMin | GroupNonUniformUMin => GroupArith::UMin,
        GroupFMin | GroupNonUniformFMin => GroupArith::FMin,
        GroupSMax | GroupNonUniformSMax => GroupArith::SMax,
        GroupUMax | GroupNonUniformUMax => GroupArith::UMax,
        GroupFMax | GroupNonUniformFMax => GroupArith::FMax,
        GroupBitwiseAndKHR
        | GroupLogicalAndKHR
        | GroupNonUniformBitwiseAnd
        | GroupNonUniformLogicalAnd => GroupArith::And,
        GroupBitwiseOrKHR
        | GroupLogicalOrKHR
        | GroupNonUniformBitwiseOr
        | GroupNonUniformLogicalOr => GroupArith::Or,
        GroupBitwiseXorKHR
        | GroupLogicalXorKHR
        | GroupNonUniformBitwiseXor
        | GroupNonUniformLogicalXor => GroupArith::Xor,
        _ => return None,
    })
}

impl Front<'_> {
    /// Whether `op` is a collective [`group`](Self::group) translates.
    pub(super) fn is_group(&self, op: Op) -> bool {
        GROUP_OPCODES.contains(&op)
    }

    /// The value of the constant id operand `i` (a scope, a cluster size).
    pub(super) fn constant_operand(&self, inst: &Instruction, i: usize) -> Result<u64, String> {
        let w = match inst.operands.get(i) {
            Some(Operand::IdScope(w) | Operand::IdRef(w)) => *w,
            other => return Err(format!("operand {i} is not an id ({other:?})")),
        };
        self.m
            .consts
            .get(&w)
            .and_then(|c| c.first().copied())
            .ok_or_else(|| format!("operand {i} (%{w}) is not a constant"))
    }

    /// The execution scope of operand `i`.
    fn scope(&self, inst: &Instruction, i: usize) -> Result<Scope, String> {
        match self.constant_operand(inst, i)? {
            2 => Ok(Scope::Workgroup),
            3 => Ok(Scope::Subgroup),
            s => Err(format!(
                "execution scope {} is not supported (Workgroup and Subgroup are)",
                rspirv::spirv::Scope::from_u32(s as u32)
                    .map_or(format!("{s}"), |x| format!("{x:?}"))
            )),
        }
    }

    /// Defines `dst` as collective `op` over `args`.
    fn collective(&mut self, dst: Val, op: GroupOp, scope: Scope, args: Vec<Val>) {
        self.define(dst, Inst::Group(Box::new(GroupCall { op, scope, args })));
    }

    /// The sub-group local id as an `I32`.
    fn subgroup_local_id32(&mut self) -> Result<Val, String> {
        let id = self.builtin(BuiltIn::SubgroupLocalInvocationId)?[0];
        Ok(self.emit(Scalar::I32, Inst::Conv(Conv::Int { signed: false }, id)))
    }

    /// Lowers collective `inst` (see [`is_group`](Self::is_group)).
    pub(super) fn group(
        &mut self,
        env: &Env,
        inst: &Instruction,
        dst: &[Val],
    ) -> Result<(), String> {
        let op = inst.class.opcode;
        let arg =
            |f: &mut Self, i: usize| -> Result<Vec<Val>, String> { f.vals(env, id(inst, i)?) };
        let sub = Scope::Subgroup;
        match op {
            Op::GroupNonUniformElect => {
                let scope = self.scope(inst, 0)?;
                self.collective(one(dst)?, GroupOp::Elect, scope, vec![]);
            }
            Op::GroupAll | Op::GroupAny | Op::GroupNonUniformAll | Op::GroupNonUniformAny => {
                let scope = self.scope(inst, 0)?;
                let p = lane(&arg(self, 1)?, 0)?;
                let g = if matches!(op, Op::GroupAll | Op::GroupNonUniformAll) {
                    GroupOp::All
                } else {
                    GroupOp::Any
                };
                self.collective(one(dst)?, g, scope, vec![p]);
            }
            Op::GroupNonUniformAllEqual => {
                let scope = self.scope(inst, 0)?;
                let v = arg(self, 1)?;
                let d = one(dst)?;
                let mut acc: Option<Val> = None;
                for &c in &v {
                    let e = self.new_val(Scalar::Bool);
                    self.collective(e, GroupOp::AllEqual, scope, vec![c]);
                    acc = Some(match acc {
                        None => e,
                        Some(a) => self.emit(Scalar::Bool, Inst::Bin(Bin::And, a, e)),
                    });
                }
                let all = acc.ok_or("OpGroupNonUniformAllEqual of a value without components")?;
                self.define(d, Inst::Copy(all));
            }
            Op::GroupBroadcast | Op::GroupNonUniformBroadcast => {
                let scope = self.scope(inst, 0)?;
                let v = arg(self, 1)?;
                let ids = arg(self, 2)?;
                let at = self.linear_id(scope, &ids)?;
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, GroupOp::Broadcast, scope, vec![lane(&v, k)?, at]);
                }
            }
            Op::GroupNonUniformBroadcastFirst => {
                let scope = self.scope(inst, 0)?;
                let v = arg(self, 1)?;
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, GroupOp::BroadcastFirst, scope, vec![lane(&v, k)?]);
                }
            }
            Op::GroupNonUniformBallot => {
                self.subgroup_only(inst)?;
                let p = lane(&arg(self, 1)?, 0)?;
                // A sub-group has at most 32 invocations: the other words are zero.
                for (k, &d) in dst.iter().enumerate() {
                    match k {
                        0 => self.collective(d, GroupOp::Ballot { word: 0 }, sub, vec![p]),
                        _ => self.define(d, Inst::Const(0)),
                    }
                }
            }
            Op::GroupNonUniformInverseBallot => {
                self.subgroup_only(inst)?;
                let w = lane(&arg(self, 1)?, 0)?;
                let l = self.subgroup_local_id32()?;
                self.bit_of(w, l, one(dst)?);
            }
            Op::GroupNonUniformBallotBitExtract => {
                self.subgroup_only(inst)?;
                let v = arg(self, 1)?;
                let index = lane(&arg(self, 2)?, 0)?;
                let index = self.emit(Scalar::I32, Inst::Conv(Conv::Int { signed: false }, index));
                // The word index / 32 (0 to 3).
                let five = self.emit(Scalar::I32, Inst::Const(5));
                let which = self.emit(Scalar::I32, Inst::Bin(Bin::LShr, index, five));
                let mut w = lane(&v, 0)?;
                for (k, &word) in v.iter().enumerate().take(4).skip(1) {
                    let kk = self.emit(Scalar::I32, Inst::Const(k as u64));
                    let is = self.emit(Scalar::Bool, Inst::Bin(Bin::Eq, which, kk));
                    w = self.emit(Scalar::I32, Inst::Select(is, word, w));
                }
                let m31 = self.emit(Scalar::I32, Inst::Const(31));
                let bit = self.emit(Scalar::I32, Inst::Bin(Bin::And, index, m31));
                self.bit_of(w, bit, one(dst)?);
            }
            Op::GroupNonUniformBallotBitCount => {
                self.subgroup_only(inst)?;
                let kind = group_kind(inst, 1)?;
                let w = lane(&arg(self, 2)?, 0)?;
                let w = self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, w));
                // The bits counted: those of the sub-group (reduce), up to and with this
                // invocation's (inclusive), before it (exclusive).
                let n = match kind {
                    GroupKind::Reduce => self.builtin(BuiltIn::SubgroupSize)?[0],
                    _ => self.builtin(BuiltIn::SubgroupLocalInvocationId)?[0],
                };
                let n = if kind == GroupKind::InclusiveScan {
                    let one = self.emit(Scalar::I64, Inst::Const(1));
                    self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, n, one))
                } else {
                    n
                };
                let one = self.emit(Scalar::I64, Inst::Const(1));
                let bit = self.emit(Scalar::I64, Inst::Bin(Bin::Shl, one, n));
                let mask = self.emit(Scalar::I64, Inst::Bin(Bin::ISub, bit, one));
                let kept = self.emit(Scalar::I64, Inst::Bin(Bin::And, w, mask));
                let count = self.emit(Scalar::I64, Inst::Un(Un::PopCount, kept));
                self.define(one_of(dst)?, Inst::Conv(Conv::Int { signed: false }, count));
            }
            Op::GroupNonUniformBallotFindLSB | Op::GroupNonUniformBallotFindMSB => {
                self.subgroup_only(inst)?;
                let w = lane(&arg(self, 1)?, 0)?;
                let s = self.types[w as usize];
                let k1 = self.emit(s, Inst::Const(1));
                let below = if op == Op::GroupNonUniformBallotFindLSB {
                    // The bits below the lowest set one: (w & -w) - 1.
                    let neg = self.emit(s, Inst::Un(Un::INeg, w));
                    let low = self.emit(s, Inst::Bin(Bin::And, w, neg));
                    self.emit(s, Inst::Bin(Bin::ISub, low, k1))
                } else {
                    // The bits up to the highest set one, then one less.
                    let mut x = w;
                    for sh in [1, 2, 4, 8, 16] {
                        let k = self.emit(s, Inst::Const(sh));
                        let y = self.emit(s, Inst::Bin(Bin::LShr, x, k));
                        x = self.emit(s, Inst::Bin(Bin::Or, x, y));
                    }
                    self.emit(s, Inst::Bin(Bin::LShr, x, k1))
                };
                self.define(one(dst)?, Inst::Un(Un::PopCount, below));
            }
            Op::GroupNonUniformShuffle
            | Op::GroupNonUniformShuffleXor
            | Op::GroupNonUniformShuffleUp
            | Op::GroupNonUniformShuffleDown => {
                let scope = self.scope(inst, 0)?;
                let g = match op {
                    Op::GroupNonUniformShuffle => GroupOp::Shuffle,
                    Op::GroupNonUniformShuffleXor => GroupOp::ShuffleXor,
                    Op::GroupNonUniformShuffleUp => GroupOp::ShuffleUp,
                    _ => GroupOp::ShuffleDown,
                };
                let v = arg(self, 1)?;
                let at = lane(&arg(self, 2)?, 0)?;
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, g, scope, vec![lane(&v, k)?, at]);
                }
            }
            Op::SubgroupShuffleINTEL | Op::SubgroupShuffleXorINTEL => {
                let g = match op {
                    Op::SubgroupShuffleINTEL => GroupOp::Shuffle,
                    _ => GroupOp::ShuffleXor,
                };
                let v = arg(self, 0)?;
                let at = lane(&arg(self, 1)?, 0)?;
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, g, sub, vec![lane(&v, k)?, at]);
                }
            }
            Op::SubgroupShuffleDownINTEL | Op::SubgroupShuffleUpINTEL => {
                let g = match op {
                    Op::SubgroupShuffleDownINTEL => GroupOp::ShuffleDownPair,
                    _ => GroupOp::ShuffleUpPair,
                };
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                let delta = lane(&arg(self, 2)?, 0)?;
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, g, sub, vec![lane(&a, k)?, lane(&b, k)?, delta]);
                }
            }
            Op::SubgroupBlockReadINTEL | Op::SubgroupBlockWriteINTEL => {
                let ptr = lane(&arg(self, 0)?, 0)?;
                let space = self.space_of(self.type_of(env, id(inst, 0)?)?);
                let (values, write) = match op {
                    Op::SubgroupBlockReadINTEL => (dst.to_vec(), false),
                    _ => (arg(self, 1)?, true),
                };
                let s = self.types[*values.first().ok_or("a block access of nothing")? as usize];
                let size = (s.bits() as u64 / 8).max(1);
                // Element i of invocation l is at ptr[l + i × max sub-group size].
                let l = self.builtin(BuiltIn::SubgroupLocalInvocationId)?[0];
                let max = self.builtin(BuiltIn::SubgroupMaxSize)?[0];
                let bytes = self.emit(Scalar::I64, Inst::Const(size));
                let row = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, max, bytes));
                let first = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, l, bytes));
                let mut at = self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, ptr, first));
                for (i, &v) in values.iter().enumerate() {
                    if i > 0 {
                        at = self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, at, row));
                    }
                    if write {
                        self.effect(Inst::Store {
                            ptr: at,
                            offset: 0,
                            value: v,
                            space,
                        });
                    } else {
                        self.define(
                            v,
                            Inst::Load {
                                ptr: at,
                                offset: 0,
                                space,
                            },
                        );
                    }
                }
            }
            _ => {
                let g = arith_of(op).ok_or_else(|| format!("Op{op:?} is not supported"))?;
                let scope = self.scope(inst, 0)?;
                let kind = group_kind(inst, 1)?;
                let cluster = match inst.operands.get(1) {
                    Some(Operand::GroupOperation(GroupOperation::ClusteredReduce)) => {
                        let c = self.constant_operand(inst, 3)?;
                        if c == 0 || !c.is_power_of_two() || c > 1024 {
                            return Err(format!("cluster size {c} (a power of two is wanted)"));
                        }
                        c as u32
                    }
                    _ => 0,
                };
                let v = arg(self, 2)?;
                let g = GroupOp::Arith {
                    op: g,
                    kind,
                    cluster,
                };
                for (k, &d) in dst.iter().enumerate() {
                    self.collective(d, g, scope, vec![lane(&v, k)?]);
                }
            }
        }
        Ok(())
    }

    /// Ballot operations are the sub-group's alone.
    fn subgroup_only(&self, inst: &Instruction) -> Result<(), String> {
        match self.scope(inst, 0)? {
            Scope::Subgroup => Ok(()),
            Scope::Workgroup => Err("ballots over a work-group are not supported".into()),
        }
    }

    /// `d = bit b of w is set` (`w`, `b` of one integer type).
    fn bit_of(&mut self, w: Val, b: Val, d: Val) {
        let s = self.types[w as usize];
        let b = if self.types[b as usize] == s {
            b
        } else {
            self.emit(s, Inst::Conv(Conv::Int { signed: false }, b))
        };
        let shifted = self.emit(s, Inst::Bin(Bin::LShr, w, b));
        let k1 = self.emit(s, Inst::Const(1));
        let bit = self.emit(s, Inst::Bin(Bin::And, shifted, k1));
        let k0 = self.emit(s, Inst::Const(0));
        self.define(d, Inst::Bin(Bin::Ne, bit, k0));
    }

    /// The linear id (an `I64`) of the invocation whose id is `ids` (a local id of one to
    /// three components for a work-group, a sub-group local id).
    fn linear_id(&mut self, scope: Scope, ids: &[Val]) -> Result<Val, String> {
        let mut wide = Vec::new();
        for &i in ids.iter().take(3) {
            wide.push(self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, i)));
        }
        let mut at = *wide.first().ok_or("a broadcast without an id")?;
        if scope == Scope::Workgroup && wide.len() > 1 {
            let size = self.builtin(BuiltIn::WorkgroupSize)?;
            let mut stride = size[0];
            for (d, &w) in wide.iter().enumerate().skip(1) {
                let x = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, w, stride));
                at = self.emit(Scalar::I64, Inst::Bin(Bin::IAdd, at, x));
                if d + 1 < wide.len() {
                    stride = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, stride, size[d]));
                }
            }
        }
        Ok(at)
    }
}

/// The group operation of operand `i`.
fn group_kind(inst: &Instruction, i: usize) -> Result<GroupKind, String> {
    match inst.operands.get(i) {
        Some(Operand::GroupOperation(g)) => match g {
            GroupOperation::Reduce | GroupOperation::ClusteredReduce => Ok(GroupKind::Reduce),
            GroupOperation::InclusiveScan => Ok(GroupKind::InclusiveScan),
            GroupOperation::ExclusiveScan => Ok(GroupKind::ExclusiveScan),
            other => Err(format!("group operation {other:?} is not supported")),
        },
        other => Err(format!("operand {i} is not a group operation ({other:?})")),
    }
}

/// The one value of a scalar result.
fn one(dst: &[Val]) -> Result<Val, String> {
    super::to_ssa_inst::one(dst)
}

/// The first component of a result (a count in a vector is not expected, but harmless).
fn one_of(dst: &[Val]) -> Result<Val, String> {
    dst.first().copied().ok_or_else(|| "no result".to_string())
}

/// Asynchronous copies (`async_work_group_copy`).
impl Front<'_> {
    /// Fails unless the execution scope (operand 0) of `inst` is the work-group.
    pub(super) fn workgroup_scope(&self, inst: &Instruction, what: &str) -> Result<(), String> {
        match self.scope(inst, 0)? {
            Scope::Workgroup => Ok(()),
            Scope::Subgroup => Err(format!("{what} at sub-group scope is not supported")),
        }
    }

    /// `OpGroupAsyncCopy` (OpenCL's `async_work_group_copy`): the work-group's first
    /// work-item copies at once (the others copy nothing); the event is 0. Strided copies
    /// are not supported.
    pub(super) fn async_copy(&mut self, env: &Env, inst: &Instruction) -> Result<(), String> {
        self.workgroup_scope(inst, "OpGroupAsyncCopy")?;
        let (dst_id, src_id, n_id) = (id(inst, 1)?, id(inst, 2)?, id(inst, 3)?);
        if self.constant_operand(inst, 4).ok() != Some(1) {
            return Err("a strided copy is not supported".into());
        }
        let size = self.m.pointee_size(self.type_of(env, dst_id)?)?;
        let (dst, src, n) = (
            self.val(env, dst_id)?,
            self.val(env, src_id)?,
            self.val(env, n_id)?,
        );
        let n = if self.types[n as usize] == Scalar::I64 {
            n
        } else {
            self.emit(Scalar::I64, Inst::Conv(Conv::Int { signed: false }, n))
        };
        let size = self.emit(Scalar::I64, Inst::Const(size as u64));
        let all = self.emit(Scalar::I64, Inst::Bin(Bin::IMul, n, size));
        let llid = self.builtin(BuiltIn::LocalInvocationIndex)?[0];
        let zero = self.emit(Scalar::I64, Inst::Const(0));
        let first = self.emit(Scalar::Bool, Inst::Bin(Bin::Eq, llid, zero));
        let bytes = self.emit(Scalar::I64, Inst::Select(first, all, zero));
        self.effect(Inst::MemCopy { dst, src, bytes });
        if let Some(rid) = inst.result_id {
            let event = self.val(env, rid)?;
            self.define(event, Inst::Const(0));
        }
        Ok(())
    }
}
