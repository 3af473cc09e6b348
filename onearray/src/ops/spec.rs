//! What identifies a generated kernel ([`Spec`]: its [`SpecKind`], result type, arguments and
//! expression; the cache's key), the kernels' entry-point names, and how a reduction
//! combines values ([`RedOp`]). The kernels are written by `codegen` (element-wise, swap) and
//! `reduce_kernel`; `cache` builds each spec once.

use super::expr::{BinOp, CmpOp, Node};
use super::Ty;

/// The name of every generated element-wise kernel.
pub(crate) const MAP_KERNEL: &str = "onearray_map";

/// The name of every generated reduction kernel.
pub(crate) const REDUCE_KERNEL: &str = "onearray_reduce";

/// The name of the generated swap kernel.
pub(crate) const SWAP_KERNEL: &str = "onearray_swap";

/// The name of the generated batched copy kernel.
pub(crate) const COPY_BATCH_KERNEL: &str = "onearray_copy_batch";

/// What a generated kernel does with its expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SpecKind {
    /// `out[i] = expr(i)`.
    Map,
    /// `out[group] = op over the group's share of expr(i)` (see [`super::reduce`]).
    Reduce {
        op: RedOp,
        /// Work-group size, fixed in the kernel (its local-memory tree).
        group: u32,
    },
    /// `x[i] <-> y[i]` (see [`super::blas::swap`]).
    Swap,
    /// Many ranges copied, one work-group each (see [`super::copy_ranges`]).
    CopyBatch,
}

/// What identifies a generated kernel: kind, result type, argument kinds, expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spec {
    pub(crate) kind: SpecKind,
    /// Element type of the destination (of the partials, for a reduction).
    pub(crate) out: Ty,
    /// Kernel inputs after the destination: `(is_array, type)`.
    pub(crate) inputs: Vec<(bool, Ty)>,
    pub(crate) node: Node,
}

impl Spec {
    /// The kernel's entry point name.
    pub(crate) fn name(&self) -> &'static str {
        match self.kind {
            SpecKind::Map => MAP_KERNEL,
            SpecKind::Reduce { .. } => REDUCE_KERNEL,
            SpecKind::Swap => SWAP_KERNEL,
            SpecKind::CopyBatch => COPY_BATCH_KERNEL,
        }
    }

    /// Every type the kernel touches (for capabilities and device checks).
    pub(crate) fn types(&self) -> Vec<Ty> {
        let mut tys = vec![self.out];
        tys.extend(self.inputs.iter().map(|i| i.1));
        collect_types(&self.node, &mut tys);
        tys
    }
}

fn collect_types(node: &Node, out: &mut Vec<Ty>) {
    out.push(node.ty());
    match node {
        Node::Array { .. } | Node::Scalar { .. } | Node::Dest(_) | Node::Index => {}
        Node::Unary(_, a) | Node::Cast(_, a) => collect_types(a, out),
        Node::Binary(_, a, b) | Node::Compare(_, a, b) => {
            collect_types(a, out);
            collect_types(b, out);
        }
        Node::Select(c, a, b) => {
            collect_types(c, out);
            collect_types(a, out);
            collect_types(b, out);
        }
    }
}

/// How a reduction combines two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RedOp {
    Sum,
    Prod,
    Max,
    Min,
    /// The position of the largest value (see [`Expr::argmax`](super::Expr::argmax)).
    ArgMax,
    /// The position of the smallest value.
    ArgMin,
}

impl RedOp {
    /// The combining operation of a value reduction.
    pub(crate) fn combine(self) -> BinOp {
        match self {
            RedOp::Sum => BinOp::Add,
            RedOp::Prod => BinOp::Mul,
            RedOp::Max | RedOp::ArgMax => BinOp::Max,
            RedOp::Min | RedOp::ArgMin => BinOp::Min,
        }
    }

    /// Whether the reduction finds a position (and writes an index per group).
    pub(crate) fn is_arg(self) -> bool {
        matches!(self, RedOp::ArgMax | RedOp::ArgMin)
    }

    /// For positions, the comparison a better value passes against the current one.
    pub(crate) fn arg_compare(self) -> Option<CmpOp> {
        match self {
            RedOp::ArgMax => Some(CmpOp::Gt),
            RedOp::ArgMin => Some(CmpOp::Lt),
            _ => None,
        }
    }

    /// The identity as `(float value, integer bits)`; NaN for float max/min (`maxNum`
    /// ignores it, so an all-NaN array gives NaN).
    pub(crate) fn identity(self, ty: Ty) -> (f64, u64) {
        let bits = ty.bits();
        match self {
            RedOp::Sum => (0.0, 0),
            RedOp::Prod => (1.0, 1),
            _ if ty.is_float() => (f64::NAN, 0),
            RedOp::Max | RedOp::ArgMax if ty.is_signed() => (0.0, 1 << (bits - 1)),
            RedOp::Max | RedOp::ArgMax => (0.0, 0),
            RedOp::Min | RedOp::ArgMin if ty.is_signed() => (0.0, (1 << (bits - 1)) - 1),
            RedOp::Min | RedOp::ArgMin => (0.0, u64::MAX >> (64 - bits)),
        }
    }
}
