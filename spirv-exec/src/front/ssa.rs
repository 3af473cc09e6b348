//! The compiled executor's input: a kernel with every call inlined and every value a scalar
//! (vectors, structs and arrays held by value are split into their components, as the
//! interpreter's slots are), in SSA form with block parameters instead of phis, and with each
//! barrier ending a block.

use crate::value::Scalar;

/// A value: an index into [`Func::types`].
pub type Val = u32;
/// A block: an index into [`Func::blocks`].
pub type BlockId = u32;

/// Integer and float operations of two operands (comparisons give a `Bool`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bin {
    IAdd,
    ISub,
    IMul,
    UDiv,
    SDiv,
    URem,
    SRem,
    /// Remainder with the sign of the divisor (SPIR-V `OpSMod`).
    SMod,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    ULt,
    ULe,
    UGt,
    UGe,
    SLt,
    SLe,
    SGt,
    SGe,
    FAdd,
    FSub,
    FMul,
    FDiv,
    /// C's `fmod` (sign of the dividend).
    FRem,
    /// Sign of the divisor (SPIR-V `OpFMod`).
    FMod,
    /// Float comparisons: ordered (false when either is NaN) or unordered (true then).
    FEq(bool),
    FNe(bool),
    FLt(bool),
    FLe(bool),
    FGt(bool),
    FGe(bool),
    Ordered,
    Unordered,
    /// OpenCL's `copysign`.
    CopySign,
}

/// Operations of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Un {
    INeg,
    Not,
    /// `Bool` not.
    LNot,
    FNeg,
    FAbs,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// Round to nearest even (`rint`).
    Nearest,
    IsNan,
    IsInf,
    IsFinite,
    IsNormal,
    SignBit,
    PopCount,
    BitReverse,
}

/// Conversions (the source type is the operand's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conv {
    /// Zero- or sign-extend or truncate an integer.
    Int { signed: bool },
    /// Saturating integer conversion.
    IntSat { signed_from: bool, signed_to: bool },
    /// Float → integer (`sat`: clamped to the target; `mode`: SPIR-V rounding, None = RTZ).
    FToI {
        signed: bool,
        sat: bool,
        mode: Option<u32>,
    },
    /// Integer → float (`mode`: SPIR-V rounding, None = nearest).
    IToF { signed: bool, mode: Option<u32> },
    /// Float → float (`mode`: SPIR-V rounding, None = nearest).
    FToF { mode: Option<u32> },
    /// Same bits, another type of the same width.
    Bitcast,
}

/// Where a pointer argument of a memory instruction may point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// The work-item's private memory (function-scope variables).
    Private,
    /// The work-group's local memory.
    Local,
    /// Anything else: global, constant, by-value arguments, generic pointers.
    Other,
}

#[derive(Clone, Debug)]
pub enum Inst {
    Const(u64),
    /// The same value (a component moved between composites, a cast that changes nothing).
    Copy(Val),
    /// Leaf `leaf` of kernel parameter `param` (a value parameter).
    Param {
        param: usize,
        leaf: usize,
    },
    /// The address a `__local` or by-value parameter receives.
    ParamAddr {
        param: usize,
    },
    Builtin(BuiltinValue, u8),
    /// The address of a kernel-scope `__local` variable (offset in the static local part).
    LocalVar(usize),
    /// The address of a private variable (offset in the work-item's arena).
    PrivateVar(usize),
    Un(Un, Val),
    Bin(Bin, Val, Val),
    /// `fma(a, b, c)` of floats (`mad` too).
    Fma(Val, Val, Val),
    /// An integer built-in of three operands (`clamp`, `mad_sat`, `mad_hi`, `mad24`), or of
    /// two (`mul_hi`, `mul24`, `hadd`, `rhadd`, `upsample`, `abs_diff`) with the third unused:
    /// the OpenCL.std number and the operands' type.
    Int3(u32, Scalar, [Val; 3]),
    /// `cond ? a : b`.
    Select(Val, Val, Val),
    Conv(Conv, Val),
    /// Loads a `scalar` at `ptr + offset`.
    Load {
        ptr: Val,
        offset: i64,
        space: Space,
    },
    /// Stores `value` at `ptr + offset`.
    Store {
        ptr: Val,
        offset: i64,
        value: Val,
        space: Space,
    },
    /// `memmove(dst, src, bytes)`.
    MemCopy {
        dst: Val,
        src: Val,
        bytes: Val,
    },
    Atomic {
        op: Rmw,
        ptr: Val,
        value: Option<Val>,
        compare: Option<Val>,
        space: Space,
    },
    /// `OpGenericCastToPtrExplicit`: the pointer if it points into `space`, else null.
    GenericCast(Val, Space),
    /// Any other OpenCL.std instruction, evaluated by [`crate::opencl_std::ext_inst`].
    Ext(Box<ExtCall>),
    /// OpenCL's `printf(format, args...)`: 0, or -1 when it could not print (an `I32`).
    Printf(Box<PrintfCall>),
    /// A sub-group or work-group collective (one scalar result: vector operands are split
    /// into one collective per component).
    Group(Box<GroupCall>),
    /// One work-item's step of a reduction or scan over its scope, as the compiler lowers
    /// whole-scope collectives (`jit/lower_groups.rs`; the front end never makes one).
    Fold(Box<FoldStep>),
}

/// The sub-group size a kernel gets when it does not require one.
pub const DEFAULT_SUBGROUP_SIZE: u32 = 16;

/// The invocations a collective spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The work-item's sub-group (consecutive runs of the kernel's sub-group size in local
    /// linear id order).
    Subgroup,
    /// The whole work-group.
    Workgroup,
}

/// The combining operation of a group reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupArith {
    IAdd,
    FAdd,
    IMul,
    FMul,
    SMin,
    UMin,
    FMin,
    SMax,
    UMax,
    FMax,
    /// Bitwise on integers, logical on `Bool`.
    And,
    Or,
    Xor,
}

/// How a group operation combines an accumulator `acc` with a value `v` (see
/// [`GroupArith::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupStep {
    /// `acc op v`.
    Apply(Bin),
    /// `v` where `v cmp acc` holds (a min or max), or, with `nan`, where `acc` is a NaN too
    /// (OpenCL's `fmin`/`fmax`: a NaN operand gives the other); else `acc`.
    Keep { cmp: Bin, nan: bool },
}

impl GroupArith {
    /// How the operation combines an accumulator with a value.
    pub fn step(self) -> GroupStep {
        let keep = |cmp, nan| GroupStep::Keep { cmp, nan };
        match self {
            GroupArith::IAdd => GroupStep::Apply(Bin::IAdd),
            GroupArith::FAdd => GroupStep::Apply(Bin::FAdd),
            GroupArith::IMul => GroupStep::Apply(Bin::IMul),
            GroupArith::FMul => GroupStep::Apply(Bin::FMul),
            GroupArith::And => GroupStep::Apply(Bin::And),
            GroupArith::Or => GroupStep::Apply(Bin::Or),
            GroupArith::Xor => GroupStep::Apply(Bin::Xor),
            GroupArith::SMin => keep(Bin::SLt, false),
            GroupArith::UMin => keep(Bin::ULt, false),
            GroupArith::SMax => keep(Bin::SGt, false),
            GroupArith::UMax => keep(Bin::UGt, false),
            GroupArith::FMin => keep(Bin::FLt(true), true),
            GroupArith::FMax => keep(Bin::FGt(true), true),
        }
    }
}

/// What a group arithmetic operation gives each invocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Every invocation's value combined.
    Reduce,
    /// The values of the invocations up to and including this one.
    InclusiveScan,
    /// The values of the invocations before this one (the identity for the first).
    ExclusiveScan,
}

/// A collective operation. The operands are `args`; "ids" are linear within the scope
/// (the sub-group local id, or the local linear id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupOp {
    /// `true` for one invocation (the lowest taking part).
    Elect,
    /// `[predicate]`: whether it holds for every / some invocation.
    All,
    Any,
    /// `[value]`: whether every invocation has the same.
    AllEqual,
    /// `[value, id]`: the value of invocation `id` (`id` the same for all).
    Broadcast,
    /// `[value]`: the value of the lowest invocation taking part.
    BroadcastFirst,
    /// `[predicate]`: bits `32 × word ..` of the sub-group's predicates (an `I32`).
    Ballot {
        word: u8,
    },
    /// `[value, id]`: the value of invocation `id`.
    Shuffle,
    /// `[value, mask]`: the value of invocation `id ^ mask`.
    ShuffleXor,
    /// `[value, delta]`: the value of invocation `id - delta`.
    ShuffleUp,
    /// `[value, delta]`: the value of invocation `id + delta`.
    ShuffleDown,
    /// `SPV_INTEL_subgroups`, `[current, next, delta]`: `current` of invocation `id + delta`
    /// if there is one, else `next` of invocation `id + delta - size`.
    ShuffleDownPair,
    /// `[previous, current, delta]`: `current` of invocation `id - delta` if there is one,
    /// else `previous` of invocation `id - delta + size`.
    ShuffleUpPair,
    /// `[value]`: a reduction or scan; `cluster` > 0 reduces within clusters of that many
    /// consecutive invocations.
    Arith {
        op: GroupArith,
        kind: GroupKind,
        cluster: u32,
    },
}

/// See [`Inst::Group`].
#[derive(Clone, Debug)]
pub struct GroupCall {
    pub op: GroupOp,
    pub scope: Scope,
    pub args: Vec<Val>,
}

/// See [`Inst::Fold`]: the work-items of a scope take their steps in local linear id order
/// (work-items of a group have no order between barriers; running a region's work-items in
/// turn is one the kernel allows). A step sets the accumulator at `acc` to `old op value`,
/// where `old` is the identity for the scope's first work-item (its local linear id `item`
/// is `first`) and the accumulator otherwise; the scope's last work-item (`item` is `last`)
/// of a reduction also stores the sum at `total`. A scan's step gives the accumulator after
/// (inclusive) or before (exclusive) its value; a reduction's gives nothing. `acc` and
/// `total` are addresses in local memory, slots of the compiler's own scratch, never
/// checked; all operands but `value` are `I64`s. The sum of a pack of work-items may be
/// formed before it meets the accumulator (floats may round differently from one by one,
/// as OpenCL allows).
#[derive(Clone, Debug)]
pub struct FoldStep {
    pub op: GroupArith,
    pub kind: GroupKind,
    pub scope: Scope,
    pub acc: Val,
    pub total: Val,
    pub item: Val,
    pub first: Val,
    pub last: Val,
    pub value: Val,
}

/// The identity of `op` over values of type `s` (what an exclusive scan gives the first
/// invocation).
pub fn group_identity(op: GroupArith, s: Scalar) -> u64 {
    let inf = |neg: bool| {
        let x = if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        s.from_f64(x)
    };
    match op {
        GroupArith::IAdd | GroupArith::Or | GroupArith::Xor | GroupArith::UMax => 0,
        GroupArith::FAdd => s.from_f64(0.0),
        GroupArith::IMul => 1,
        GroupArith::FMul => s.from_f64(1.0),
        GroupArith::And | GroupArith::UMin => s.mask(),
        GroupArith::SMin => s.mask() >> 1,
        GroupArith::SMax => (s.mask() >> 1) + 1,
        GroupArith::FMin => inf(false),
        GroupArith::FMax => inf(true),
    }
}

/// See [`Inst::Printf`].
#[derive(Clone, Debug)]
pub struct PrintfCall {
    /// The format string's address.
    pub format: Val,
    /// Each argument: its components and element type.
    pub args: Vec<(Vec<Val>, Scalar)>,
}

/// An OpenCL.std instruction evaluated by [`crate::opencl_std::ext_inst`].
#[derive(Clone, Debug)]
pub struct ExtCall {
    pub num: u32,
    /// The result's element type.
    pub result: Scalar,
    /// The `lanes` argument: the widest operand or result.
    pub width: usize,
    /// Each value operand: its components and element type.
    pub args: Vec<(Vec<Val>, Scalar)>,
    /// The result's components (defined by the statement).
    pub results: Vec<Val>,
    /// What the instruction stores through its pointer operand (defined by the statement;
    /// the stores follow as statements of their own).
    pub out2: Vec<Val>,
}

/// One instruction and the value it defines (if any).
#[derive(Clone, Debug)]
pub struct Stmt {
    pub result: Option<Val>,
    pub inst: Inst,
}

/// An edge: the target and the values passed to its parameters.
#[derive(Clone, Debug)]
pub struct Edge {
    pub target: BlockId,
    pub args: Vec<Val>,
}

#[derive(Clone, Debug)]
pub enum Term {
    Jump(Edge),
    Branch {
        cond: Val,
        then: Edge,
        other: Edge,
    },
    /// `sel` masked to its width is compared with each case.
    Switch {
        sel: Val,
        default: Edge,
        cases: Vec<(u64, Edge)>,
    },
    /// A work-group barrier; the work-item goes on at `next` (which has no parameters).
    Barrier {
        next: BlockId,
    },
    Return,
    Unreachable,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub params: Vec<Val>,
    pub stmts: Vec<Stmt>,
    pub term: Term,
}

/// A kernel ready for code generation.
#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub blocks: Vec<Block>,
    /// The type of every value.
    pub types: Vec<Scalar>,
    /// Bytes of private memory per work-item.
    pub private_size: usize,
    /// What each kernel parameter receives.
    pub params: Vec<Param>,
    /// Bytes of the kernel-scope `__local` variables it uses.
    pub local_static: usize,
    /// Work-items per sub-group (the last sub-group of a work-group may have fewer).
    pub subgroup_size: u32,
    /// Whether the kernel requires that size (the `SubgroupSize` execution mode).
    pub subgroup_required: bool,
    /// Whether it had sub-group barriers (which end no block: see `Term::Barrier`).
    pub subgroup_barriers: bool,
    /// The work-group size the kernel requires (`reqd_work_group_size`, the `LocalSize`
    /// execution mode): every launch has it (a launch with another is refused).
    pub group_size: Option<[u32; 3]>,
}

impl Func {
    /// The successors of block `b`.
    pub fn succs(&self, b: BlockId) -> Vec<BlockId> {
        match &self.blocks[b as usize].term {
            Term::Jump(e) => vec![e.target],
            Term::Branch { then, other, .. } => vec![then.target, other.target],
            Term::Switch { default, cases, .. } => std::iter::once(default.target)
                .chain(cases.iter().map(|(_, e)| e.target))
                .collect(),
            Term::Barrier { next } => vec![*next],
            Term::Return | Term::Unreachable => vec![],
        }
    }

    /// The targets of the back edges of a depth-first walk of every block (each cycle holds
    /// one), barriers cut if `cut_at_barriers` (a cycle through a barrier then has none).
    pub fn cycle_heads(&self, cut_at_barriers: bool) -> Vec<bool> {
        let n = self.blocks.len();
        let mut heads = vec![false; n];
        // 0: not seen, 1: on the walk's stack, 2: finished.
        let mut state = vec![0u8; n];
        let succs = |b: usize| match self.blocks[b].term {
            Term::Barrier { .. } if cut_at_barriers => vec![],
            _ => self.succs(b as BlockId),
        };
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            let mut stack = vec![(root, succs(root), 0usize)];
            while let Some((b, next, i)) = stack.last_mut() {
                if let Some(&s) = next.get(*i) {
                    *i += 1;
                    let s = s as usize;
                    match state[s] {
                        0 => {
                            state[s] = 1;
                            let ss = succs(s);
                            stack.push((s, ss, 0));
                        }
                        1 => heads[s] = true,
                        _ => {}
                    }
                } else {
                    state[*b] = 2;
                    stack.pop();
                }
            }
        }
        heads
    }
}

/// The values a statement reads.
pub fn uses(s: &Stmt) -> Vec<Val> {
    match &s.inst {
        Inst::Const(_)
        | Inst::Param { .. }
        | Inst::ParamAddr { .. }
        | Inst::Builtin(..)
        | Inst::LocalVar(_)
        | Inst::PrivateVar(_) => vec![],
        Inst::Copy(a) | Inst::Un(_, a) | Inst::Conv(_, a) | Inst::GenericCast(a, _) => vec![*a],
        Inst::Bin(_, a, b) => vec![*a, *b],
        Inst::Fma(a, b, c) | Inst::Select(a, b, c) => vec![*a, *b, *c],
        Inst::Int3(_, _, a) => a.to_vec(),
        Inst::Load { ptr, .. } => vec![*ptr],
        Inst::Store { ptr, value, .. } => vec![*ptr, *value],
        Inst::MemCopy { dst, src, bytes } => vec![*dst, *src, *bytes],
        Inst::Atomic {
            ptr,
            value,
            compare,
            ..
        } => std::iter::once(*ptr)
            .chain(*value)
            .chain(*compare)
            .collect(),
        Inst::Ext(call) => call.args.iter().flat_map(|a| a.0.clone()).collect(),
        Inst::Printf(call) => std::iter::once(call.format)
            .chain(call.args.iter().flat_map(|a| a.0.iter().copied()))
            .collect(),
        Inst::Group(call) => call.args.clone(),
        Inst::Fold(step) => vec![
            step.acc, step.total, step.item, step.first, step.last, step.value,
        ],
    }
}

/// The values a statement defines.
pub fn defs(s: &Stmt) -> Vec<Val> {
    match &s.inst {
        Inst::Ext(call) => call.results.iter().chain(&call.out2).copied().collect(),
        _ => s.result.into_iter().collect(),
    }
}

/// The edges a terminator leaves its block by.
pub fn edges(t: &Term) -> Vec<&Edge> {
    match t {
        Term::Jump(e) => vec![e],
        Term::Branch { then, other, .. } => vec![then, other],
        Term::Switch { default, cases, .. } => std::iter::once(default)
            .chain(cases.iter().map(|(_, e)| e))
            .collect(),
        _ => vec![],
    }
}

/// Work-item built-in values, filled per lane at the start of each work-group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinValue {
    GlobalId,
    LocalId,
    GroupId,
    NumGroups,
    LocalSize,
    GlobalSize,
    GlobalOffset,
    EnqueuedLocalSize,
    WorkDim,
    GlobalLinearId,
    LocalLinearId,
    SubgroupSize,
    SubgroupMaxSize,
    NumSubgroups,
    SubgroupId,
    SubgroupLocalId,
}

impl BuiltinValue {
    /// Its components: 3 for the vectors (ids, sizes, counts, offsets), else 1.
    pub fn components(self) -> usize {
        match self {
            BuiltinValue::GlobalId
            | BuiltinValue::LocalId
            | BuiltinValue::GroupId
            | BuiltinValue::NumGroups
            | BuiltinValue::LocalSize
            | BuiltinValue::GlobalSize
            | BuiltinValue::GlobalOffset
            | BuiltinValue::EnqueuedLocalSize => 3,
            _ => 1,
        }
    }
}

/// What a kernel parameter receives.
#[derive(Clone, Debug)]
pub enum ParamKind {
    /// A value of `size` bytes copied into the parameter's slots (scalars, vectors, pointers
    /// to global/constant memory).
    Value {
        leaves: Vec<crate::front::types::Leaf>,
    },
    /// A `__local` pointer: the argument is a size in bytes; the lane sees an address in the
    /// group's local memory.
    Local,
    /// A struct passed by value (`ByVal` pointer): the bytes are copied into parameter memory
    /// and the lane sees its address.
    ByVal { size: usize, align: usize },
}

#[derive(Clone, Debug)]
pub struct Param {
    /// Bytes of the argument.
    pub size: usize,
    pub kind: ParamKind,
    pub is_pointer: bool,
    /// An `OpTypeSampler` (a 4-byte value of OpenCL's sampler bits).
    pub is_sampler: bool,
}

/// Atomic read-modify-write operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rmw {
    Load,
    Store,
    Exchange,
    CompareExchange,
    Add,
    Sub,
    SMin,
    UMin,
    SMax,
    UMax,
    And,
    Or,
    Xor,
    FlagTestAndSet,
    FlagClear,
    /// Float add, min and max (`OpAtomicFAddEXT`, `FMinEXT`, `FMaxEXT`): the atomic's type is
    /// the float's.
    FAdd,
    FMin,
    FMax,
}
