//! Reductions along one axis of a 2-D expression: `sum_axis`, `product_axis`,
//! `maximum_axis`, `minimum_axis`, `mean_axis`, `argmax_axis`, `argmin_axis`
//! (ndarray's names; axis 0 reduces each column, axis 1 each row).
//!
//! How they run: see the public `ops` module ("Reductions").

use super::expr::{ArrayArg, Expr, Place};
use super::reduce::{group_size, Runs, Target};
use super::spec::RedOp;
use super::{Float, Host, Num, Ty, Value};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer};

/// The outputs of an axis reduction: values and, for positions, indices along the axis.
type Reduced<T> = (
    OneArray<T, DeviceBuffer>,
    Option<OneArray<u64, DeviceBuffer>>,
);

/// `(outputs, len, outer_stride, stride)` of axis `axis` of a 2-D shape.
fn runs_of(place: &Place, axis: usize) -> Result<(usize, usize, usize, usize)> {
    match place.shape[..] {
        [rows, cols] if axis == 0 => Ok((cols, rows, 1, cols)),
        [rows, cols] if axis == 1 => Ok((rows, cols, cols, 1)),
        _ => Err(Error::Axis {
            axis,
            shape: place.shape.clone(),
        }),
    }
}

/// A new device array of `len` elements for a kernel to fill.
fn output<U: super::Element>(place: &Place, len: usize) -> Result<OneArray<U, DeviceBuffer>> {
    // SAFETY: the reduction kernel writes every element (one per work-group) before the
    // array is handed out; if the launch fails, it is dropped unread.
    unsafe { OneArray::<U, DeviceBuffer>::uninit_in(&place.ctx, &place.dev, len) }
}

impl<T: Num> Expr<'_, T> {
    fn reduce_axis(self, op: RedOp, axis: usize, what: &'static str) -> Result<Reduced<T>> {
        let place = self.reducible(what)?;
        let (outputs, len, outer_stride, stride) = runs_of(&place, axis)?;
        if outputs > 0 && len == 0 {
            let identity = match op {
                RedOp::Sum => Host::I(0),
                RedOp::Prod => Host::I(1),
                _ => return Err(Error::Empty(what)),
            };
            let filled = T::from_host(identity);
            let out = OneArray::filled_in(&place.ctx, &place.dev, outputs, filled)?;
            return Ok((out, None));
        }
        let values = output::<T>(&place, outputs)?;
        let index = if op.is_arg() {
            Some(output::<u64>(&place, outputs)?)
        } else {
            None
        };
        if outputs == 0 {
            return Ok((values, index));
        }
        let runs = Runs {
            outputs,
            len,
            outer_stride,
            stride,
            parts: 1,
        };
        let group = group_size(&place.dev, len)?;
        let out: Target<'_> = (values.buffer(true), &values.block);
        let keys = index.as_ref().map(|k| {
            let t: Target<'_> = (k.buffer(true), &k.block);
            t
        });
        self.launch_reduce(&place, op, group, runs, T::TY, out, keys)?;
        Ok((values, index))
    }

    /// The sums along `axis` of a 2-D expression (axis 0: one per column; axis 1: one per
    /// row), in a new device array; integers wrap. [`Error::Axis`] for other shapes.
    ///
    /// ```
    /// let m = onearray::OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?
    ///     .reshape(&[2, 3])?;
    /// assert_eq!(m.expr().sum_axis(0)?.to_vec()?, [5.0, 7.0, 9.0]);
    /// assert_eq!((&m * 2.0).sum_axis(1)?.to_vec()?, [12.0, 30.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn sum_axis(self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        Ok(self.reduce_axis(RedOp::Sum, axis, "sum_axis")?.0)
    }

    /// The products along `axis` (1 for an empty axis; integers wrap).
    ///
    /// ```
    /// let m = onearray::OneArray::<i32>::from_slice(&[1, 2, 3, 4])?.reshape(&[2, 2])?;
    /// assert_eq!(m.expr().product_axis(1)?.to_vec()?, [2, 12]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn product_axis(self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        Ok(self.reduce_axis(RedOp::Prod, axis, "product_axis")?.0)
    }

    /// The largest elements along `axis`, NaN ignored unless all are;
    /// [`Error::Empty`] if the axis is empty.
    ///
    /// ```
    /// let m = onearray::OneArray::<i8>::from_slice(&[1, -8, 3, 4])?.reshape(&[2, 2])?;
    /// assert_eq!(m.expr().maximum_axis(0)?.to_vec()?, [3, 4]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn maximum_axis(self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        Ok(self.reduce_axis(RedOp::Max, axis, "maximum_axis")?.0)
    }

    /// The smallest elements along `axis`, as [`maximum_axis`](Self::maximum_axis).
    pub fn minimum_axis(self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        Ok(self.reduce_axis(RedOp::Min, axis, "minimum_axis")?.0)
    }

    /// The indices along `axis` of the largest elements (per column for axis 0, per row
    /// for axis 1), with [`Expr::argmax`]'s rules: the first on ties, NaN ignored unless
    /// all are (then 0). [`Error::Empty`] if the axis is empty.
    ///
    /// ```
    /// let m = onearray::OneArray::<f32>::from_slice(&[1.0, 9.0, 9.0, 4.0, 0.0, 9.0])?
    ///     .reshape(&[2, 3])?;
    /// assert_eq!(m.expr().argmax_axis(1)?.to_vec()?, [1, 2]);
    /// assert_eq!(m.expr().argmax_axis(0)?.to_vec()?, [1, 0, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn argmax_axis(self, axis: usize) -> Result<OneArray<u64, DeviceBuffer>> {
        let (_, index) = self.reduce_axis(RedOp::ArgMax, axis, "argmax_axis")?;
        index.ok_or(Error::Empty("argmax_axis"))
    }

    /// The indices along `axis` of the smallest elements, as
    /// [`argmax_axis`](Self::argmax_axis).
    pub fn argmin_axis(self, axis: usize) -> Result<OneArray<u64, DeviceBuffer>> {
        let (_, index) = self.reduce_axis(RedOp::ArgMin, axis, "argmin_axis")?;
        index.ok_or(Error::Empty("argmin_axis"))
    }
}

impl<T: Float> Expr<'_, T> {
    /// The means along `axis`: [`sum_axis`](Self::sum_axis) (rounded to `T`) divided by
    /// the axis length in the compute type; [`Error::Empty`] if the axis is empty.
    ///
    /// ```
    /// let m = onearray::OneArray::<f64>::from_slice(&[1.0, 2.0, 3.0, 5.0])?.reshape(&[2, 2])?;
    /// assert_eq!(m.expr().mean_axis(0)?.to_vec()?, [2.0, 3.5]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn mean_axis(self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        let place = self.reducible("mean_axis")?;
        let (_, len, ..) = runs_of(&place, axis)?;
        if len == 0 {
            return Err(Error::Empty("mean_axis"));
        }
        let mut sums = self.sum_axis(axis)?;
        // The length in the compute type (exact below 2²⁴ for f16/bf16/f32, unlike `T`).
        let n = match T::TY.compute() {
            Ty::F64 => Value::F64(len as f64),
            _ => Value::F32(len as f32),
        };
        sums.update(|s| s / Expr::value(n))?;
        Ok(sums)
    }
}

impl<T: Num, B: BufferKind> OneArray<T, B> {
    /// The sums along `axis` of a 2-D array: [`Expr::sum_axis`].
    pub fn sum_axis(&self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        self.expr().sum_axis(axis)
    }

    /// The products along `axis`: [`Expr::product_axis`].
    pub fn product_axis(&self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        self.expr().product_axis(axis)
    }

    /// The largest elements along `axis`: [`Expr::maximum_axis`].
    pub fn maximum_axis(&self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        self.expr().maximum_axis(axis)
    }

    /// The smallest elements along `axis`: [`Expr::minimum_axis`].
    pub fn minimum_axis(&self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        self.expr().minimum_axis(axis)
    }

    /// The indices of the largest elements along `axis`: [`Expr::argmax_axis`].
    pub fn argmax_axis(&self, axis: usize) -> Result<OneArray<u64, DeviceBuffer>> {
        self.expr().argmax_axis(axis)
    }

    /// The indices of the smallest elements along `axis`: [`Expr::argmin_axis`].
    pub fn argmin_axis(&self, axis: usize) -> Result<OneArray<u64, DeviceBuffer>> {
        self.expr().argmin_axis(axis)
    }
}

impl<T: Float, B: BufferKind> OneArray<T, B> {
    /// The means along `axis`: [`Expr::mean_axis`].
    pub fn mean_axis(&self, axis: usize) -> Result<OneArray<T, DeviceBuffer>> {
        self.expr().mean_axis(axis)
    }
}
