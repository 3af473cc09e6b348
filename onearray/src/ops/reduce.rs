//! Whole-array reductions of expressions: `sum`, `product`, `maximum`, `minimum`, `mean`,
//! and BLAS-1's `dot`, `nrm2`, `asum` built on them.
//!
//! Two stages. A generated kernel (`onearray_reduce`) runs `G` work-groups of `W` work-items
//! (`W` the largest power of two ≤ 256 the device allows, `G ≤ 1024`): work-item `k`
//! combines elements `k, k + G·W, k + 2·G·W, …` of the expression (computed on the fly, so
//! `(&x * &y).sum()` reads each array once and writes nothing), the group combines its
//! `W` values in local memory as a binary tree, and writes one partial. The host then
//! combines the `G` partials — floats in `f64`, integers in `i128` — and rounds once.
//!
//! **Accuracy of float sums** (`sum`, `mean`, `dot`, `nrm2`, `asum`): accumulated in the
//! element's compute type (`f32` for `f32`, `f16`, `bf16`; `f64` for `f64`), so each
//! work-item adds `m = ⌈n / (G·W)⌉` terms in order, and those are combined pairwise
//! (tree of depth log2 `W`) and then exactly enough in `f64`. The error bound is
//! `|s − exact| ≤ (m + log2 W + 1) · ε · Σ|xᵢ|` (ε = 2⁻²⁴ for `f32`) — for 16 M `f32`,
//! about 70 ε · Σ|xᵢ| instead of the 16 M ε of a sequential loop. The order is fixed for a
//! given length and device, so results are reproducible run to run.
//!
//! **NaN**: `sum`/`product` propagate NaN (IEEE arithmetic); `maximum`/`minimum` ignore NaN
//! as [`f32::max`] and the element-wise [`Expr::max`] do (IEEE `maxNum`), and give NaN
//! only if every element is NaN. Integer sums and products wrap (as `wrapping_add`).

use super::codegen::{Body, Gen, Kind, Spec};
use super::expr::{BinOp, Expr, Input};
use super::{cache, Float, Host, Num, Ty};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, HostBuffer};
use level_zero::{Arg, BufferArg, ElemType, Grid, Groups};
use rspirv::dr::{self, Operand};
use rspirv::spirv::{BuiltIn, ExecutionMode, ExecutionModel, MemoryAccess, StorageClass};

/// The name of every generated reduction kernel.
pub(crate) const REDUCE_KERNEL: &str = "onearray_reduce";

/// Most work-groups a reduction launches (the partials the host finishes).
const MAX_GROUPS: u64 = 1024;

/// How a reduction combines two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RedOp {
    Sum,
    Prod,
    Max,
    Min,
}

impl RedOp {
    fn combine(self) -> BinOp {
        match self {
            RedOp::Sum => BinOp::Add,
            RedOp::Prod => BinOp::Mul,
            RedOp::Max => BinOp::Max,
            RedOp::Min => BinOp::Min,
        }
    }

    /// The identity as `(float value, integer bits)`; NaN for float max/min (`maxNum`
    /// ignores it, so an all-NaN array gives NaN).
    fn identity(self, ty: Ty) -> (f64, u64) {
        let bits = ty.bits();
        match self {
            RedOp::Sum => (0.0, 0),
            RedOp::Prod => (1.0, 1),
            _ if ty.is_float() => (f64::NAN, 0),
            RedOp::Max if ty.is_signed() => (0.0, 1 << (bits - 1)),
            RedOp::Max => (0.0, 0),
            RedOp::Min if ty.is_signed() => (0.0, (1 << (bits - 1)) - 1),
            RedOp::Min => (0.0, u64::MAX >> (64 - bits)),
        }
    }

    /// Combines host values (the second stage).
    fn host(self, a: Host, b: Host) -> Host {
        match (a, b) {
            (Host::F(a), Host::F(b)) => Host::F(match self {
                RedOp::Sum => a + b,
                RedOp::Prod => a * b,
                RedOp::Max => a.max(b),
                RedOp::Min => a.min(b),
            }),
            (a, b) => {
                let (a, b) = (a.int(), b.int());
                Host::I(match self {
                    RedOp::Sum => a.wrapping_add(b),
                    RedOp::Prod => a.wrapping_mul(b),
                    RedOp::Max => a.max(b),
                    RedOp::Min => a.min(b),
                })
            }
        }
    }
}

/// Builds the reduction kernel of `spec` (`spec.out` is the accumulator type):
/// `void onearray_reduce(global ACC *partials, <inputs...>, ulong n)`.
pub(crate) fn reduce_kernel(spec: &Spec, op: RedOp, group: u32) -> Result<Vec<u32>, dr::Error> {
    let acc = spec.out;
    let mut g = Gen::new(&spec.types());
    let (gsize_var, lid_var, grp_var) = (
        g.builtin(BuiltIn::GlobalSize),
        g.builtin(BuiltIn::LocalInvocationId),
        g.builtin(BuiltIn::WorkgroupId),
    );
    // local ACC scratch[group];
    let acc_t = g.ty(acc);
    let len = g.int(Ty::U32, group as i64);
    let arr_t = g.b.type_array(acc_t, len);
    let arr_ptr = g.b.type_pointer(None, StorageClass::Workgroup, arr_t);
    let scratch = g.b.variable(arr_ptr, None, StorageClass::Workgroup, None);
    let local_ptr = g.b.type_pointer(None, StorageClass::Workgroup, acc_t);
    let (ulong, boolt) = (g.ty(Ty::U64), g.ty(Ty::Bool));
    // barrier(CLK_LOCAL_MEM_FENCE): work-group scope, SequentiallyConsistent | WorkgroupMemory.
    let (wg_scope, semantics) = (g.int(Ty::U32, 2), g.int(Ty::U32, 0x110));
    let (ident_f, ident_bits) = op.identity(acc);
    let identity = g.constant(acc, ident_f, ident_bits);

    let (f, params, entry) = g.begin_kernel(spec)?;
    let n = *params.last().expect("n is the last parameter");
    let gid = g.load_x(g.gid)?;
    let gsize = g.load_x(gsize_var)?;
    let lid = g.load_x(lid_var)?;
    let grp = g.load_x(grp_var)?;
    let (header, body, after) = (g.b.id(), g.b.id(), g.b.id());
    let (i_next, acc_next) = (g.b.id(), g.b.id());
    g.b.branch(header)?;

    // for (i = gid; i < n; i += gsize) acc = op(acc, expr(i));
    g.b.begin_block(Some(header))?;
    let i = g.b.phi(ulong, None, [(gid, entry), (i_next, body)])?;
    let acc_v =
        g.b.phi(acc_t, None, [(identity, entry), (acc_next, body)])?;
    let more = g.b.u_less_than(boolt, None, i, n)?;
    g.b.branch_conditional(more, body, after, [])?;
    g.b.begin_block(Some(body))?;
    let mut cx = Body::new(&params, i, acc);
    let v = g.node(&mut cx, &spec.node)?;
    let v = g.convert(v, spec.node.ty(), acc)?;
    let combined = g.binary(op.combine(), acc, acc_v, v)?;
    // Give the combined value the id the phi names.
    let combined = g.b.copy_object(acc_t, Some(acc_next), combined)?;
    debug_assert_eq!(combined, acc_next);
    g.b.i_add(ulong, Some(i_next), i, gsize)?;
    g.b.branch(header)?;

    // scratch[lid] = acc; then a tree over the group.
    g.b.begin_block(Some(after))?;
    let align = || [Operand::LiteralBit32(acc.bits() / 8)];
    let aligned = Some(MemoryAccess::ALIGNED);
    let mine =
        g.b.in_bounds_access_chain(local_ptr, None, scratch, [lid])?;
    g.b.store(mine, acc_v, aligned, align())?;
    g.b.control_barrier(wg_scope, wg_scope, semantics)?;
    let mut half = group / 2;
    while half > 0 {
        let (step, next) = (g.b.id(), g.b.id());
        let h = g.int(Ty::U64, half as i64);
        let active = g.b.u_less_than(boolt, None, lid, h)?;
        g.b.branch_conditional(active, step, next, [])?;
        g.b.begin_block(Some(step))?;
        let other = g.b.i_add(ulong, None, lid, h)?;
        let theirs =
            g.b.in_bounds_access_chain(local_ptr, None, scratch, [other])?;
        let a = g.b.load(acc_t, None, mine, aligned, align())?;
        let b = g.b.load(acc_t, None, theirs, aligned, align())?;
        let c = g.binary(op.combine(), acc, a, b)?;
        g.b.store(mine, c, aligned, align())?;
        g.b.branch(next)?;
        g.b.begin_block(Some(next))?;
        g.b.control_barrier(wg_scope, wg_scope, semantics)?;
        half /= 2;
    }
    // if (lid == 0) partials[group_id] = scratch[0];
    let (write, end) = (g.b.id(), g.b.id());
    let zero = g.int(Ty::U64, 0);
    let first = g.b.i_equal(boolt, None, lid, zero)?;
    g.b.branch_conditional(first, write, end, [])?;
    g.b.begin_block(Some(write))?;
    let total = g.b.load(acc_t, None, mine, aligned, align())?;
    g.store(params[0], acc, grp, total)?;
    g.b.branch(end)?;
    g.b.begin_block(Some(end))?;
    g.b.ret()?;
    g.b.end_function()?;
    let interface = [g.gid, gsize_var, lid_var, grp_var];
    g.b.entry_point(ExecutionModel::Kernel, f, REDUCE_KERNEL, interface);
    g.b.execution_mode(f, ExecutionMode::LocalSize, [group, 1, 1]);
    Ok(rspirv::binary::Assemble::assemble(&g.b.module()))
}

/// How a kernel argument of type `ty` is declared.
fn elem_of(ty: Ty) -> ElemType {
    let bits = ty.bits() as u8;
    if ty.is_float() {
        ElemType::Float { bits }
    } else {
        ElemType::Int { bits }
    }
}

/// The work-group size of reductions on `dev`: the largest power of two ≤ 256 it allows.
fn group_size(dev: &level_zero::Device) -> Result<u32> {
    let p = dev.compute_properties()?;
    let limit = 256
        .min(p.max_total_group_size)
        .min(p.max_group_size[0])
        .max(1);
    Ok(1 << (31 - limit.leading_zeros()))
}

impl<'a, T: Num> Expr<'a, T> {
    /// Runs the reduction; `None` for an empty expression.
    fn reduce(self, op: RedOp, what: &'static str) -> Result<Option<(Host, usize)>> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        let Some(place) = self.place.clone() else {
            return Err(Error::NoArray(what));
        };
        if self.node.uses_dest() {
            return Err(Error::NoArray("reduction of an `update` operand"));
        }
        let n: usize = place.shape.iter().product();
        if n == 0 {
            return Ok(None);
        }
        let group = group_size(&place.dev)?;
        let groups = (n as u64).div_ceil(group as u64).min(MAX_GROUPS) as u32;
        let acc = T::TY.compute();
        let spec = Spec {
            kind: Kind::Reduce { op, group },
            out: acc,
            inputs: self.inputs.iter().map(Input::kind).collect(),
            node: self.node,
        };
        // One u64 slot per partial holds any accumulator; host memory, read once.
        let partials =
            OneArray::<u64, HostBuffer>::zeroed_in(&place.ctx, &place.dev, groups as usize)?;
        let out = BufferArg {
            allocation: partials.block.alloc().clone(),
            offset: partials.byte_offset(),
            len: groups as usize * (acc.bits() / 8) as usize,
            elem: Some(elem_of(acc)),
            writable: true,
        };
        cache::with_kernel(&place.ctx, &place.dev, &spec, |kernel| {
            let grid = Grid::groups(Groups::x(groups), [group, 1, 1]);
            let mut launch = kernel
                .launch(grid)
                .arg(Arg::buffer(out, Some(&partials.block)));
            for input in &self.inputs {
                launch = launch.arg(input.arg());
            }
            launch.arg(n as u64).run()?;
            Ok(())
        })?;
        let bytes: &[u8] = bytemuck::cast_slice(partials.as_slice());
        let width = (acc.bits() / 8) as usize;
        let total = bytes[..groups as usize * width]
            .chunks_exact(width)
            .map(|c| decode(acc, c))
            .reduce(|a, b| op.host(a, b))
            .expect("at least one group");
        Ok(Some((total, n)))
    }

    /// The sum of the elements (0 for an empty expression), computed in one pass without
    /// temporaries; floats in the documented order (see the module), integers wrapping.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.0, 2.0, 3.5])?;
    /// assert_eq!((&x * 2.0).sum()?, 13.0);
    /// let i = onearray::OneArray::<u8>::from_slice(&[200, 100])?;
    /// assert_eq!(i.expr().sum()?, 44); // wraps as u8
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn sum(self) -> Result<T> {
        Ok(T::from_host(
            self.reduce(RedOp::Sum, "sum")?.map_or(Host::I(0), |r| r.0),
        ))
    }

    /// The product of the elements (1 for an empty expression; integers wrap).
    ///
    /// ```
    /// let x = onearray::OneArray::<i64>::from_slice(&[2, -3, 7])?;
    /// assert_eq!(x.expr().product()?, -42);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn product(self) -> Result<T> {
        Ok(T::from_host(
            self.reduce(RedOp::Prod, "product")?
                .map_or(Host::I(1), |r| r.0),
        ))
    }

    /// The largest element, ignoring NaN (NaN only if all are); [`Error::Empty`] if there
    /// are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.0, f32::NAN, -7.0])?;
    /// assert_eq!(x.expr().maximum()?, 1.0);
    /// assert_eq!((-x.expr()).maximum()?, 7.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn maximum(self) -> Result<T> {
        let r = self.reduce(RedOp::Max, "maximum")?;
        r.map(|r| T::from_host(r.0)).ok_or(Error::Empty("maximum"))
    }

    /// The smallest element, ignoring NaN (NaN only if all are); [`Error::Empty`] if there
    /// are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<u16>::from_slice(&[9, 3, 65535])?;
    /// assert_eq!(x.expr().minimum()?, 3);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn minimum(self) -> Result<T> {
        let r = self.reduce(RedOp::Min, "minimum")?;
        r.map(|r| T::from_host(r.0)).ok_or(Error::Empty("minimum"))
    }
}

impl<T: Float> Expr<'_, T> {
    /// The mean of the elements (the sum divided in `f64`, rounded once);
    /// [`Error::Empty`] if there are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<f64>::from_slice(&[1.0, 2.0, 4.0, 5.0])?;
    /// assert_eq!(x.expr().mean()?, 3.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn mean(self) -> Result<T> {
        let (s, n) = self
            .reduce(RedOp::Sum, "mean")?
            .ok_or(Error::Empty("mean"))?;
        Ok(T::from_host(Host::F(s.float() / n as f64)))
    }

    /// The Euclidean norm `sqrt(Σ xᵢ²)` (BLAS `nrm2`; squares summed unscaled, so `f32`
    /// elements beyond ~1.8e19 overflow to infinity).
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[3.0, -4.0])?;
    /// assert_eq!(x.expr().nrm2()?, 5.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn nrm2(self) -> Result<T> {
        let sq = self.clone() * self;
        let s = sq.reduce(RedOp::Sum, "nrm2")?.map_or(0.0, |r| r.0.float());
        Ok(T::from_host(Host::F(s.sqrt())))
    }

    /// The sum of absolute values `Σ |xᵢ|` (BLAS `asum`).
    ///
    /// ```
    /// let x = onearray::OneArray::<f64>::from_slice(&[1.5, -2.5])?;
    /// assert_eq!(x.expr().asum()?, 4.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn asum(self) -> Result<T> {
        self.abs().sum()
    }
}

/// Partial `c` (native-endian bytes of `ty`) as a host value.
fn decode(ty: Ty, c: &[u8]) -> Host {
    let mut b = [0u8; 8];
    b[..c.len()].copy_from_slice(c);
    let raw = u64::from_ne_bytes(b);
    match ty {
        Ty::F32 => Host::F(f32::from_bits(raw as u32) as f64),
        Ty::F64 => Host::F(f64::from_bits(raw)),
        t if t.is_signed() => {
            let shift = 64 - t.bits();
            Host::I((((raw << shift) as i64) >> shift) as i128)
        }
        _ => Host::I(raw as i128),
    }
}

impl<T: Num, B: BufferKind> OneArray<T, B> {
    /// The sum of the elements: [`Expr::sum`] of the array.
    ///
    /// ```
    /// let x = onearray::OneArray::<i32>::from_slice(&[1, 2, 3])?;
    /// assert_eq!(x.sum()?, 6);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn sum(&self) -> Result<T> {
        self.expr().sum()
    }

    /// The product of the elements: [`Expr::product`].
    pub fn product(&self) -> Result<T> {
        self.expr().product()
    }

    /// The largest element: [`Expr::maximum`].
    pub fn maximum(&self) -> Result<T> {
        self.expr().maximum()
    }

    /// The smallest element: [`Expr::minimum`].
    pub fn minimum(&self) -> Result<T> {
        self.expr().minimum()
    }

    /// The dot product `Σ selfᵢ · otherᵢ` in one pass (BLAS `dot`); the shapes must match.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
    /// let y = onearray::OneArray::<f32>::from_slice(&[4.0, 5.0, 6.0])?;
    /// assert_eq!(x.dot(&y)?, 32.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn dot<'a>(&'a self, other: impl super::IntoExpr<'a, T>) -> Result<T> {
        (self * other).sum()
    }
}

impl<T: Float, B: BufferKind> OneArray<T, B> {
    /// The mean of the elements: [`Expr::mean`].
    pub fn mean(&self) -> Result<T> {
        self.expr().mean()
    }

    /// The Euclidean norm: [`Expr::nrm2`].
    pub fn nrm2(&self) -> Result<T> {
        self.expr().nrm2()
    }

    /// The sum of absolute values: [`Expr::asum`].
    pub fn asum(&self) -> Result<T> {
        self.expr().asum()
    }
}
