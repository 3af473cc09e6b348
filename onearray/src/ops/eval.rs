//! Running expressions: into an existing array ([`OneArray::assign`],
//! [`OneArray::update`]) or a new one ([`Expr::eval`]).

use super::cache;
use super::expr::{ArrayArg, Expr, Input, IntoExpr};
use super::spec::{Spec, SpecKind};
use super::{Element, Value};
use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer};
use level_zero::{Arg, Grid};

impl Value {
    fn arg<'a>(self) -> Arg<'a> {
        match self {
            Value::I8(v) => Arg::value(&v),
            Value::I16(v) => Arg::value(&v),
            Value::I32(v) => Arg::value(&v),
            Value::I64(v) => Arg::value(&v),
            Value::F32(v) => Arg::value(&v),
            Value::F64(v) => Arg::value(&v),
        }
    }
}

impl<'a> Input<'a> {
    /// The input as a kernel argument (arrays read-only and tracked by the launch).
    pub(crate) fn arg(&self) -> Arg<'a> {
        match *self {
            Input::Array { array, .. } => {
                Arg::buffer(array.buffer(false), Some(array.as_launch_use()))
            }
            Input::Value(v) => v.arg(),
        }
    }
}

impl<T: Element, B: BufferKind> OneArray<T, B> {
    /// Sets every element to the expression's (an array, a scalar, or an [`Expr`]), in one
    /// kernel on this thread's stream. The expression must have this array's shape.
    ///
    /// Asynchronous: the arrays stay alive and in use until the kernel completes (host access
    /// and frees wait for it). An operand sharing memory with `self` must be exactly `self`'s
    /// elements ([`Error::Overlap`] otherwise); to read `self`, use [`update`](Self::update).
    ///
    /// ```
    /// use onearray::{OneArray, SharedBuffer};
    /// let x = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
    /// let b = OneArray::<f32>::from_slice(&[0.5, 0.5, 0.5])?;
    /// let mut y = OneArray::<f32, SharedBuffer>::zeroed(3)?;
    /// y.assign(&x * 2.0 + &b)?;
    /// assert_eq!(y.as_slice(), &[2.5, 4.5, 6.5]);
    /// y.assign(7.0)?; // a scalar broadcasts
    /// assert_eq!(y.as_slice(), &[7.0; 3]);
    /// let z = OneArray::<f32>::zeroed(4)?;
    /// assert!(matches!(y.assign(&z), Err(onearray::Error::ShapeMismatch { .. })));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn assign<'a>(&mut self, expr: impl IntoExpr<'a, T>) -> Result<()> {
        self.run(expr.into_expr())
    }

    /// Sets every element to `f(element)`: `f` gets the array's own elements as an
    /// expression (oneAPI.jl's `y .= f.(y, x)`), e.g. `y.update(|y| &x * a + y)` for axpy.
    ///
    /// ```
    /// use onearray::{OneArray, HostBuffer};
    /// let x = OneArray::<i32>::from_slice(&[1, 2, 3])?;
    /// let mut y = OneArray::<i32, HostBuffer>::from_slice(&[10, 20, 30])?;
    /// y.update(|y| y - &x * 2)?;
    /// assert_eq!(y.as_slice(), &[8, 16, 24]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn update<'a>(&mut self, f: impl FnOnce(Expr<'a, T>) -> Expr<'a, T>) -> Result<()> {
        self.run(f(Expr::dest()))
    }

    fn run(&mut self, expr: Expr<'_, T>) -> Result<()> {
        if let Some(e) = expr.error {
            return Err(e.into());
        }
        self.check_writable()?;
        if let Some(p) = &expr.place {
            if p.ctx.handle() != self.context().handle() || p.dev.handle() != self.device().handle()
            {
                return Err(Error::DeviceMismatch);
            }
            if p.shape != self.shape() {
                return Err(Error::ShapeMismatch {
                    dst: self.shape().to_vec(),
                    src: p.shape.clone(),
                });
            }
        }
        let (start, len) = (self.byte_offset(), self.byte_size());
        for input in &expr.inputs {
            if let Input::Array { array, .. } = input {
                let (at, offset, bytes) = array.span();
                let same = at == self.block.alloc().as_ptr() as usize;
                let disjoint = offset + bytes <= start || start + len <= offset;
                if same && !disjoint && (offset, bytes) != (start, len) {
                    return Err(Error::Overlap);
                }
            }
        }
        if self.is_empty() {
            return Ok(());
        }
        let spec = Spec {
            kind: SpecKind::Map,
            out: T::TY,
            inputs: expr.inputs.iter().map(Input::kind).collect(),
            node: expr.node,
        };
        let dest = self.buffer(true);
        let n = self.len() as u64;
        let (ctx, dev) = (self.context().clone(), self.device().clone());
        let this: &dyn level_zero::LaunchUse = &self.block;
        cache::with_kernel(&ctx, &dev, &spec, |kernel| {
            let mut launch = kernel
                .launch(Grid::for_len(n as usize))
                .arg(Arg::buffer(dest, Some(this)));
            for input in &expr.inputs {
                launch = launch.arg(input.arg());
            }
            launch.arg(n).run()?;
            Ok(())
        })
    }
}

impl<T: Element> Expr<'_, T> {
    /// Evaluates the expression into a new device array of its shape, on its arrays'
    /// context and device.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.0, 2.0])?.reshape(&[2, 1])?;
    /// let y = (&x * &x + 1.0).eval()?;
    /// assert_eq!((y.shape(), y.to_vec()?), (&[2, 1][..], vec![2.0, 5.0]));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn eval(self) -> Result<OneArray<T, DeviceBuffer>> {
        if let Some(e) = self.error {
            return Err(e.into());
        }
        let Some(place) = self.place.clone() else {
            return Err(Error::NoArray("eval"));
        };
        if self.node.uses_dest() {
            return Err(Error::NoArray("eval of an `update` operand"));
        }
        let len = place.shape.iter().product();
        // SAFETY: the kernel below writes every element before anyone can read one (the
        // array is not handed out if it fails).
        let out = unsafe { OneArray::<T, DeviceBuffer>::uninit_in(&place.ctx, &place.dev, len)? };
        let mut out = out.reshape(&place.shape)?;
        out.run(self)?;
        Ok(out)
    }
}
