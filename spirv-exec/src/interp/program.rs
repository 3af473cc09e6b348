//! The lowered form of a kernel: blocks of instructions over value slots, run for many
//! work-items at once ("lanes"). Every SSA value owns `n` consecutive slots (one per scalar
//! component); the register file is slot-major: `r[slot * lanes + lane]`.

use crate::error::Fault;
pub use crate::front::ssa::{BuiltinValue, Param, ParamKind};
use crate::run::reach::Memory;
use crate::run::workers::Pace;
use std::cell::Cell;

/// What the instructions of a block see.
pub struct Lanes<'a> {
    /// The register file, slot-major.
    pub r: &'a mut [u64],
    /// Lanes per group (the register file's stride).
    pub n: usize,
    /// The lanes running this block.
    pub active: &'a [u16],
    pub mem: &'a Memory<'a>,
    /// `Some((lo, hi))` when the active lanes are exactly `lo..hi` (in some order): operations
    /// then run over whole row slices.
    pub span: Option<(usize, usize)>,
    /// The lowest and highest address an access chain just wrote into a row, for the access
    /// through it that follows (see [`crate::interp::memops::address`]): taken by that access.
    pub bounds: Option<RowBounds>,
}

/// See [`Lanes::bounds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowBounds {
    /// The pointer row's slot.
    pub slot: usize,
    /// The lanes it was written for.
    pub span: (usize, usize),
    pub lo: u64,
    pub hi: u64,
}

impl Lanes<'_> {
    /// The register file as cells, so that rows can be read and written together.
    #[inline]
    pub fn cells(&mut self) -> &[Cell<u64>] {
        Cell::from_mut(&mut *self.r).as_slice_of_cells()
    }
}

/// One lowered instruction: runs for every active lane.
pub type Exec = Box<dyn Fn(&mut Lanes<'_>) -> Result<(), Fault> + Send + Sync>;

/// A parallel copy performed when a lane takes a control-flow edge (OpPhi).
#[derive(Clone, Debug)]
pub struct EdgeCopy {
    pub dst: usize,
    pub src: usize,
    pub n: usize,
}

/// An edge: target block and the phi copies to perform.
#[derive(Clone, Debug, Default)]
pub struct Edge {
    pub target: u32,
    pub copies: Vec<EdgeCopy>,
    /// Some copy reads a slot another writes: the copies go through a temporary.
    pub parallel: bool,
}

impl Edge {
    pub fn new(target: u32, copies: Vec<EdgeCopy>) -> Edge {
        let overlaps = |a: &EdgeCopy, b: &EdgeCopy| a.dst < b.src + b.n && b.src < a.dst + a.n;
        let parallel = copies.iter().enumerate().any(|(i, a)| {
            copies
                .iter()
                .enumerate()
                .any(|(j, b)| overlaps(a, b) && (i != j || a.dst != a.src))
        });
        Edge {
            target,
            copies,
            parallel,
        }
    }
}

/// How a block ends.
pub enum Term {
    /// Unconditional: to the edge's target.
    Jump(Edge),
    /// Conditional: to `then` where `cond` holds true, else to `other`.
    Branch {
        cond: usize,
        then: Edge,
        other: Edge,
    },
    /// `sel` holds an integer of `mask` bits; cases are compared after masking.
    Switch {
        sel: usize,
        mask: u64,
        default: Edge,
        cases: Vec<(u64, Edge)>,
    },
    /// The work-item finished.
    Return,
    Unreachable,
}

pub struct Block {
    pub insts: Vec<Exec>,
    pub term: Term,
}

/// A kernel lowered to the form backends take ([`Backend::compile`](crate::Backend::compile)):
/// blocks of instructions over value slots, with its parameters and memory needs.
pub struct Program {
    pub(crate) name: String,
    pub(crate) blocks: Vec<Block>,
    pub(crate) entry: u32,
    pub(crate) slots: usize,
    /// Slots holding constants: (slot, value), written once per register file.
    pub(crate) constants: Vec<(usize, u64)>,
    /// Instructions whose operands are the same for every lane of the launch (constants,
    /// parameters, launch sizes, and these instructions' results): run once per register
    /// file, for all lanes, after the constants, parameters and built-ins are written.
    /// Pure arithmetic only (it cannot fault).
    pub(crate) hoisted: Vec<Exec>,
    /// Instructions whose operands hold for each lane the same value in every work-group
    /// of a row of groups (same group ids in dimensions 1 and 2; groups run dimension 0
    /// first): the [`hoisted`](Self::hoisted) kind of operands, local ids, the global and
    /// group ids of dimensions 1 and 2, and these instructions' results. Run for all lanes
    /// after a group's built-ins are written, when its row differs from the last group's
    /// (pure arithmetic only: it cannot fault).
    pub(crate) row_hoisted: Vec<Exec>,
    /// Slots holding the address of module-scope `__local` variables: (slot, offset in the
    /// group's local memory after the `__local` parameters).
    pub(crate) local_vars: Vec<(usize, usize)>,
    /// Bytes of kernel-scope `__local` variables.
    pub(crate) local_static: usize,
    /// Slots holding the address of each private variable: (slot, offset in the lane's arena).
    pub(crate) private_vars: Vec<(usize, usize)>,
    /// Bytes of private memory per work-item.
    pub(crate) private_size: usize,
    /// Slots of work-item built-ins (3 slots each for the vector ones).
    pub(crate) builtins: Vec<(BuiltinValue, usize)>,
    pub(crate) params: Vec<Param>,
    /// The first slot of each parameter's value (its leaves in order) or address.
    pub(crate) param_slots: Vec<usize>,
    /// `reqd_work_group_size`, if declared.
    pub(crate) required_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint`, if declared.
    pub(crate) group_size_hint: Option<[u32; 3]>,
    /// Work-items per sub-group, and whether the kernel requires that size.
    pub(crate) subgroup_size: u32,
    pub(crate) subgroup_required: bool,
    /// What the kernel's launches have cost: whether the next one pays for waking workers.
    pub(crate) pace: Pace,
    /// No block reaches itself again: every work-item runs a bounded number of instructions
    /// (it cannot spin on memory another thread writes).
    pub(crate) loop_free: bool,
}
