//! BLAS level 1 on arrays — `scal`, `axpy`, `copy`, `swap` (argument order as in BLAS;
//! `dot`, `nrm2`, `asum`, `iamax`, `iamin` are methods of arrays and expressions) — and
//! the `iota`/`linspace` fills.
//!
//! Each is one generated kernel on this thread's stream, asynchronous like
//! [`OneArray::assign`]. Floats round each operation as Rust does (`axpy` is `a·x + y`
//! with two roundings, never a fused multiply-add), so results equal the host loop's.
//!
//! ```
//! use onearray::{ops::blas, OneArray, SharedBuffer};
//! let x = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
//! let mut y = OneArray::<f32, SharedBuffer>::filled(3, 1.0)?;
//! blas::axpy(2.0, &x, &mut y)?; // y = 2x + y
//! blas::scal(0.5, &mut y)?;
//! assert_eq!(y.as_slice(), &[1.5, 2.5, 3.5]);
//! # Ok::<(), onearray::Error>(())
//! ```

use super::expr::{ArrayArg, Expr, Node};
use super::spec::{Spec, SpecKind};
use super::{cache, Element, Float, Num, Ty, Value};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::BufferKind;
use level_zero::{Arg, Grid};

/// `x ← a·x` (BLAS `scal`).
///
/// ```
/// let mut x = onearray::OneArray::<i32>::from_slice(&[1, -2, 3])?;
/// onearray::ops::blas::scal(-3, &mut x)?;
/// assert_eq!(x.to_vec()?, [-3, 6, -9]);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn scal<T: Num, B: BufferKind>(a: T, x: &mut OneArray<T, B>) -> Result<()> {
    x.update(|x| x * a)
}

/// `y ← a·x + y` (BLAS `axpy`); the shapes must match.
///
/// ```
/// let x = onearray::OneArray::<f64>::from_slice(&[1.0, 2.0])?;
/// let mut y = onearray::OneArray::<f64>::from_slice(&[10.0, 20.0])?;
/// onearray::ops::blas::axpy(3.0, &x, &mut y)?;
/// assert_eq!(y.to_vec()?, [13.0, 26.0]);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn axpy<T: Num, B1: BufferKind, B2: BufferKind>(
    a: T,
    x: &OneArray<T, B1>,
    y: &mut OneArray<T, B2>,
) -> Result<()> {
    y.update(|y| x * a + y)
}

/// `y ← x` by a kernel (BLAS `copy`; [`OneArray::copy_from`] does the same with a copy
/// engine command). The shapes must match.
///
/// ```
/// let x = onearray::OneArray::<u16>::from_slice(&[7, 8])?;
/// let mut y = onearray::OneArray::<u16>::zeroed(2)?;
/// onearray::ops::blas::copy(&x, &mut y)?;
/// assert_eq!(y.to_vec()?, [7, 8]);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn copy<T: Element, B1: BufferKind, B2: BufferKind>(
    x: &OneArray<T, B1>,
    y: &mut OneArray<T, B2>,
) -> Result<()> {
    y.assign(x)
}

/// Exchanges the elements of `x` and `y` in one kernel (BLAS `swap`); the shapes must
/// match. Two arrays over the same memory swap nothing; partly overlapping ones are
/// [`Error::Overlap`].
///
/// ```
/// use onearray::{ops::blas, OneArray};
/// let mut x = OneArray::<f32>::from_slice(&[1.0, 2.0])?;
/// let mut y = OneArray::<f32>::from_slice(&[3.0, 4.0])?;
/// blas::swap(&mut x, &mut y)?;
/// assert_eq!((x.to_vec()?, y.to_vec()?), (vec![3.0, 4.0], vec![1.0, 2.0]));
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn swap<T: Element, B1: BufferKind, B2: BufferKind>(
    x: &mut OneArray<T, B1>,
    y: &mut OneArray<T, B2>,
) -> Result<()> {
    x.check_writable()?;
    y.check_writable()?;
    if x.context().handle() != y.context().handle() || x.device().handle() != y.device().handle() {
        return Err(Error::DeviceMismatch);
    }
    if x.shape() != y.shape() {
        return Err(Error::ShapeMismatch {
            dst: y.shape().to_vec(),
            src: x.shape().to_vec(),
        });
    }
    let ((xa, xo, xn), (ya, yo, yn)) = (x.span(), y.span());
    if xa == ya && xo < yo + yn && yo < xo + xn {
        return if (xo, xn) == (yo, yn) {
            Ok(())
        } else {
            Err(Error::Overlap)
        };
    }
    if x.is_empty() {
        return Ok(());
    }
    // Elements are exchanged as raw bits.
    let bits = match T::TY.bits() {
        8 => Ty::U8,
        16 => Ty::U16,
        32 => Ty::U32,
        _ => Ty::U64,
    };
    let spec = Spec {
        kind: SpecKind::Swap,
        out: bits,
        inputs: vec![(true, bits)],
        node: Node::Dest(bits),
    };
    let n = x.len() as u64;
    let (ctx, dev) = (x.context().clone(), x.device().clone());
    let (mut xb, mut yb) = (x.buffer(true), y.buffer(true));
    let raw = Some(level_zero::ElemType::Int {
        bits: bits.bits() as u8,
    });
    (xb.elem, yb.elem) = (raw, raw);
    let (xu, yu) = (x.as_launch_use(), y.as_launch_use());
    cache::with_kernel(&ctx, &dev, &spec, |kernel| {
        kernel
            .launch(Grid::for_len(n as usize))
            .arg(Arg::buffer(xb, Some(xu)))
            .arg(Arg::buffer(yb, Some(yu)))
            .arg(n)
            .run()?;
        Ok(())
    })
}

/// `v` in `T`'s compute type (an exact length or step where `T` itself would round).
fn compute_value<T: Float>(v: f64) -> Value {
    match T::TY.compute() {
        Ty::F64 => Value::F64(v),
        _ => Value::F32(v as f32),
    }
}

impl<T: Num, B: BufferKind> OneArray<T, B> {
    /// `self ← a·self` ([`blas::scal`](scal)).
    ///
    /// ```
    /// let mut x = onearray::OneArray::<f32>::from_slice(&[1.0, 2.0])?;
    /// x.scal(4.0)?;
    /// assert_eq!(x.to_vec()?, [4.0, 8.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn scal(&mut self, a: T) -> Result<()> {
        scal(a, self)
    }

    /// `self ← a·x + self` ([`blas::axpy`](axpy)).
    ///
    /// ```
    /// let x = onearray::OneArray::<i64>::from_slice(&[1, 2])?;
    /// let mut y = onearray::OneArray::<i64>::from_slice(&[5, 5])?;
    /// y.axpy(10, &x)?;
    /// assert_eq!(y.to_vec()?, [15, 25]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn axpy<B2: BufferKind>(&mut self, a: T, x: &OneArray<T, B2>) -> Result<()> {
        axpy(a, x, self)
    }

    /// Fills with `start, start + step, start + 2·step, …`: element `i` (flat index) is
    /// `start + i·step` computed in the compute type (`i` converted to it first; integers
    /// wrap, so `i` beyond the type's range wraps too).
    ///
    /// ```
    /// let mut x = onearray::OneArray::<i32>::zeroed(4)?;
    /// x.iota(10, -3)?;
    /// assert_eq!(x.to_vec()?, [10, 7, 4, 1]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn iota(&mut self, start: T, step: T) -> Result<()> {
        self.assign(Expr::<T>::index_as() * step + start)
    }
}

impl<T: Float, B: BufferKind> OneArray<T, B> {
    /// Fills with `len` evenly spaced values from `start` to `stop`, both included (numpy's
    /// `linspace`): element `i` is `start + i·step` with `step = (stop − start) / (len − 1)`
    /// computed in `f64` and rounded to the compute type, and the last element is exactly
    /// `stop`. One element is `start`.
    ///
    /// ```
    /// let mut x = onearray::OneArray::<f32>::zeroed(5)?;
    /// x.linspace(0.0, 1.0)?;
    /// assert_eq!(x.to_vec()?, [0.0, 0.25, 0.5, 0.75, 1.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn linspace(&mut self, start: T, stop: T) -> Result<()> {
        let n = self.len();
        if n <= 1 {
            return self.assign(start);
        }
        let (a, b) = (start.value().as_f64(), stop.value().as_f64());
        let step = Expr::<T>::value(compute_value::<T>((b - a) / (n - 1) as f64));
        let last = Expr::<u64>::index().eq(n as u64 - 1);
        self.assign(last.select(stop, Expr::<T>::index_as() * step + start))
    }
}
