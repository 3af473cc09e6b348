//! Whole-array reductions of expressions: `sum`, `product`, `maximum`, `minimum`, `mean`,
//! `argmax`, `argmin`, and BLAS-1's `dot`, `nrm2`, `asum`, `iamax`, `iamin` built on them
//! (per-axis reductions are in `axis`; the kernel in `reduce_kernel`).
//!
//! How they run, their accuracy and their NaN rules are documented in the public `ops`
//! module (its "Reductions" section).

use super::expr::{BinOp, Expr, Input, Place};
use super::spec::{RedOp, Spec, SpecKind};
use super::{cache, Float, Host, Num, Ty};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, HostBuffer};
use level_zero::{Arg, BufferArg, ElemType, Grid, Groups, LaunchUse};

/// Most work-groups a reduction launches (the partials the host finishes).
const MAX_GROUPS: u64 = 1024;

impl RedOp {
    /// Combines host values (the second stage of value reductions).
    fn host(self, a: Host, b: Host) -> Host {
        match (a, b) {
            (Host::F(a), Host::F(b)) => Host::F(match self.combine() {
                BinOp::Add => a + b,
                BinOp::Mul => a * b,
                BinOp::Max => a.max(b),
                _ => a.min(b),
            }),
            (a, b) => {
                let (a, b) = (a.int(), b.int());
                Host::I(match self.combine() {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::Max => a.max(b),
                    _ => a.min(b),
                })
            }
        }
    }

    /// Whether partial `b` beats partial `a` of a position reduction (the kernel's rule:
    /// the better number, NaN losing to numbers, ties to the lower index).
    fn host_better(self, a: (Host, u64), b: (Host, u64)) -> bool {
        let max = self == RedOp::ArgMax;
        let earlier = b.1 < a.1;
        match (a.0, b.0) {
            (Host::F(x), Host::F(y)) => {
                let beats = if max { y > x } else { y < x };
                beats
                    || (x.is_nan() && !y.is_nan())
                    || ((y == x || (x.is_nan() && y.is_nan())) && earlier)
            }
            (x, y) => {
                let (x, y) = (x.int(), y.int());
                (if max { y > x } else { y < x }) || (y == x && earlier)
            }
        }
    }
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

/// The work-group size of reductions on `dev` of runs of `len` elements: the largest power
/// of two ≤ 256 (and ≤ `len`) it allows.
pub(crate) fn group_size(dev: &level_zero::Device, len: usize) -> Result<u32> {
    let p = dev.compute_properties()?;
    let limit = 256
        .min(p.max_total_group_size)
        .min(p.max_group_size[0])
        .min(len.try_into().unwrap_or(u32::MAX))
        .max(1);
    Ok(1 << (31 - limit.leading_zeros()))
}

/// Where a reduction's elements are: `outputs` runs of `len` elements, element `k` of run
/// `o` at flat index `o·outer_stride + k·stride`, each run split over `parts` work-groups.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Runs {
    pub(crate) outputs: usize,
    pub(crate) len: usize,
    pub(crate) outer_stride: usize,
    pub(crate) stride: usize,
    pub(crate) parts: u32,
}

/// A buffer a reduction writes, and what keeps it alive until the kernel completes.
pub(crate) type Target<'b> = (BufferArg, &'b dyn LaunchUse);

impl<'a, T: Num> Expr<'a, T> {
    /// The place of an expression that can be reduced (arrays, no `update` operand).
    pub(crate) fn reducible(&self, what: &'static str) -> Result<Place> {
        if let Some(e) = &self.error {
            return Err(e.clone().into());
        }
        let Some(place) = self.place.clone() else {
            return Err(Error::NoArray(what));
        };
        if self.node.uses_dest() {
            return Err(Error::NoArray("reduction of an `update` operand"));
        }
        Ok(place)
    }

    /// Launches the reduction kernel over `runs` with work-groups of `group`: one value of
    /// type `out_ty` per work-group into `out` and, for positions, one `u64` into `index`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn launch_reduce(
        &self,
        place: &Place,
        op: RedOp,
        group: u32,
        runs: Runs,
        out_ty: Ty,
        out: Target<'_>,
        index: Option<Target<'_>>,
    ) -> Result<()> {
        let groups = runs.outputs as u64 * runs.parts as u64;
        let max = place.dev.compute_properties()?.max_group_count[0];
        if groups > max as u64 {
            return Err(Error::TooManyGroups { groups, max });
        }
        let spec = Spec {
            kind: SpecKind::Reduce { op, group },
            out: out_ty,
            inputs: self.inputs.iter().map(Input::kind).collect(),
            node: self.node.clone(),
        };
        cache::with_kernel(&place.ctx, &place.dev, &spec, |kernel| {
            let grid = Grid::groups(Groups::x(groups as u32), [group, 1, 1]);
            let mut launch = kernel.launch(grid).arg(Arg::buffer(out.0, Some(out.1)));
            for input in &self.inputs {
                launch = launch.arg(input.arg());
            }
            launch = launch
                .arg(runs.len as u64)
                .arg(runs.outer_stride as u64)
                .arg(runs.stride as u64)
                .arg(runs.parts as u64);
            if let Some((buf, uses)) = index {
                launch = launch.arg(Arg::buffer(buf, Some(uses)));
            }
            launch.run()?;
            Ok(())
        })
    }

    /// Runs a whole-array reduction: the host-combined value and, for positions, the index
    /// of the winner; `None` for an empty expression.
    fn reduce_all(self, op: RedOp, what: &'static str) -> Result<Option<(Host, usize)>> {
        let place = self.reducible(what)?;
        let n: usize = place.shape.iter().product();
        if n == 0 {
            return Ok(None);
        }
        let group = group_size(&place.dev, usize::MAX)?;
        let parts = (n as u64).div_ceil(group as u64).min(MAX_GROUPS) as u32;
        let acc = T::TY.compute();
        let runs = Runs {
            outputs: 1,
            len: n,
            outer_stride: 0,
            stride: 1,
            parts,
        };
        // One u64 slot per partial holds any accumulator; host memory, read once.
        let slots = |ctx, dev| OneArray::<u64, HostBuffer>::zeroed_in(ctx, dev, parts as usize);
        let partials = slots(&place.ctx, &place.dev)?;
        let keys = if op.is_arg() {
            Some(slots(&place.ctx, &place.dev)?)
        } else {
            None
        };
        let width = (acc.bits() / 8) as usize;
        let out = BufferArg {
            allocation: partials.block.alloc().clone(),
            offset: partials.byte_offset(),
            len: parts as usize * width,
            elem: Some(elem_of(acc)),
            writable: true,
        };
        let index = keys.as_ref().map(|k| {
            let b: Target<'_> = (super::expr::ArrayArg::buffer(k, true), &k.block);
            b
        });
        self.launch_reduce(&place, op, group, runs, acc, (out, &partials.block), index)?;
        let bytes: &[u8] = bytemuck::cast_slice(partials.as_slice());
        let values = bytes[..parts as usize * width]
            .chunks_exact(width)
            .map(|c| decode(acc, c));
        let Some(keys) = keys else {
            let total = values.reduce(|a, b| op.host(a, b));
            return Ok(total.map(|t| (t, n)));
        };
        let best = values
            .zip(keys.as_slice().iter().copied())
            .filter(|&(_, k)| k != u64::MAX)
            .reduce(|a, b| if op.host_better(a, b) { b } else { a });
        Ok(best.map(|(v, k)| (v, k as usize)))
    }

    /// The sum of the elements (0 for an empty expression), computed in one pass without
    /// temporaries; floats in the [documented order](crate::ops#reductions), integers wrapping.
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
            self.reduce_all(RedOp::Sum, "sum")?
                .map_or(Host::I(0), |r| r.0),
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
            self.reduce_all(RedOp::Prod, "product")?
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
        let r = self.reduce_all(RedOp::Max, "maximum")?;
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
        let r = self.reduce_all(RedOp::Min, "minimum")?;
        r.map(|r| T::from_host(r.0)).ok_or(Error::Empty("minimum"))
    }

    /// The flat (row-major) index of the largest element; of the first one if several are
    /// equal (`-0.0` equals `0.0`). NaN is ignored as in [`maximum`](Self::maximum) (so
    /// the element there is the maximum), unless every element is NaN: then 0.
    /// [`Error::Empty`] if there are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.0, f32::NAN, 7.0, -2.0, 7.0])?;
    /// assert_eq!(x.expr().argmax()?, 2); // the first 7.0
    /// assert_eq!(x.expr().argmin()?, 3);
    /// assert_eq!((&x * -1.0).argmax()?, 3);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn argmax(self) -> Result<usize> {
        let r = self.reduce_all(RedOp::ArgMax, "argmax")?;
        r.map(|r| r.1).ok_or(Error::Empty("argmax"))
    }

    /// The flat index of the smallest element: the first one on ties, NaN ignored unless
    /// all are (then 0), as [`argmax`](Self::argmax). [`Error::Empty`] if there are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<u8>::from_slice(&[4, 1, 9, 1])?;
    /// assert_eq!(x.expr().argmin()?, 1);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn argmin(self) -> Result<usize> {
        let r = self.reduce_all(RedOp::ArgMin, "argmin")?;
        r.map(|r| r.1).ok_or(Error::Empty("argmin"))
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
            .reduce_all(RedOp::Sum, "mean")?
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
        let s = sq
            .reduce_all(RedOp::Sum, "nrm2")?
            .map_or(0.0, |r| r.0.float());
        Ok(T::from_host(Host::F(s.sqrt())))
    }

    /// The 0-based index of the element of largest absolute value (BLAS `i?amax`, which
    /// counts from 1): the first one on ties, NaN ignored unless every element is NaN
    /// (then 0) — reference BLAS instead stops comparing at a leading NaN.
    /// [`Error::Empty`] if there are none.
    ///
    /// ```
    /// let x = onearray::OneArray::<f64>::from_slice(&[1.0, -9.0, 9.0, f64::NAN])?;
    /// assert_eq!(x.expr().iamax()?, 1);
    /// assert_eq!(x.expr().iamin()?, 0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn iamax(self) -> Result<usize> {
        self.abs().argmax()
    }

    /// The 0-based index of the element of smallest absolute value (`i?amin`), with
    /// [`iamax`](Self::iamax)'s rules.
    pub fn iamin(self) -> Result<usize> {
        self.abs().argmin()
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

    /// The flat index of the first largest element: [`Expr::argmax`].
    pub fn argmax(&self) -> Result<usize> {
        self.expr().argmax()
    }

    /// The flat index of the first smallest element: [`Expr::argmin`].
    pub fn argmin(&self) -> Result<usize> {
        self.expr().argmin()
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

    /// The index of the largest absolute value (BLAS `i?amax`, 0-based): [`Expr::iamax`].
    pub fn iamax(&self) -> Result<usize> {
        self.expr().iamax()
    }

    /// The index of the smallest absolute value (`i?amin`, 0-based): [`Expr::iamin`].
    pub fn iamin(&self) -> Result<usize> {
        self.expr().iamin()
    }

    /// The sum of absolute values: [`Expr::asum`].
    pub fn asum(&self) -> Result<T> {
        self.expr().asum()
    }
}
