//! Views as expression operands: a contiguous view is read like an array of its shape; a
//! strided one is refused when the expression is evaluated ([`Error::NotContiguous`]), since
//! a generated kernel reads one contiguous run per operand.
//!
//! [`Error::NotContiguous`]: crate::Error::NotContiguous

use super::expr::{ArrayArg, Expr, IntoExpr, Mismatch};
use super::Element;
use crate::kinds::BufferKind;
use crate::view::{Access, View};
use level_zero::{BufferArg, LaunchUse};

impl<T: Element, B: BufferKind, A: Access> ArrayArg for View<'_, T, B, A> {
    fn span(&self) -> (usize, usize, usize) {
        let span = self.layout.span();
        (
            self.block.alloc().as_ptr() as usize,
            span.start * size_of::<T>(),
            span.len() * size_of::<T>(),
        )
    }

    fn buffer(&self, writable: bool) -> BufferArg {
        let (_, offset, len) = self.span();
        BufferArg {
            allocation: self.block.alloc().clone(),
            offset,
            len,
            elem: Some(T::ELEM),
            writable,
        }
    }

    fn as_launch_use(&self) -> &dyn LaunchUse {
        self.block
    }
}

impl<T: Element, B: BufferKind, A: Access> View<'_, T, B, A> {
    /// The view as an expression operand; operators also take `&view` directly. A strided
    /// view fails the evaluation with [`Error::NotContiguous`](crate::Error::NotContiguous).
    ///
    /// ```
    /// use onearray::{s, OneArray};
    /// let a = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?.reshape(&[2, 3])?;
    /// let row = a.slice(s![1, ..])?;                         // [4, 5, 6], contiguous
    /// assert_eq!((&row * 2.0).eval()?.to_vec()?, [8.0, 10.0, 12.0]);
    /// assert_eq!(row.expr().sum()?, 15.0);
    /// let column = a.slice(s![.., 0])?;                      // strided
    /// assert!(matches!(column.expr().eval(), Err(onearray::Error::NotContiguous { .. })));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn expr(&self) -> Expr<'_, T> {
        let mut e = Expr::array(self, self.context(), self.device(), self.shape());
        if !self.is_contiguous() {
            e.error = Some(Mismatch::Strided);
        }
        e
    }
}

impl<'a, T: Element, B: BufferKind, A: Access> IntoExpr<'a, T> for &'a View<'_, T, B, A> {
    fn into_expr(self) -> Expr<'a, T> {
        self.expr()
    }
}
