//! Lazy element-wise expressions: a tree of operations over kernel arguments (arrays and
//! scalars), with the arguments themselves kept aside so that the tree alone names the
//! kernel.

use super::{Element, Float, Int, Num, Scalar, Signed, Ty, Value};
use crate::array::OneArray;
use crate::error::Error;
use crate::kinds::BufferKind;
use crate::view::{Access, View};
use level_zero::{BufferArg, Context, Device, LaunchUse};
use std::marker::PhantomData;
use std::ops;

/// Unary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum UnOp {
    Neg,
    Not,
    Abs,
    Sqrt,
    Exp,
    Ln,
    Log2,
    Log10,
    Sin,
    Cos,
    Tan,
    Tanh,
    Floor,
    Ceil,
    Round,
    Trunc,
    Recip,
}

/// Binary operations (both operands of one type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Max,
    Min,
    Pow,
    And,
    Or,
    Xor,
    Shl,
    Shr,
}

/// Comparisons (ordered: false when a float operand is NaN, except `Ne`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// The expression tree. Leaves name kernel arguments by index; the tree, the argument
/// kinds and the result type together are the kernel's cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    /// Element `i` of array argument `arg`.
    Array {
        arg: u16,
        ty: Ty,
    },
    /// Scalar argument `arg` (passed in its compute type).
    Scalar {
        arg: u16,
        ty: Ty,
    },
    /// The destination's own element (in [`OneArray::update`]).
    Dest(Ty),
    /// The element's flat index, a `u64` (for fills such as `iota`).
    Index,
    Unary(UnOp, Box<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
    Compare(CmpOp, Box<Node>, Box<Node>),
    Select(Box<Node>, Box<Node>, Box<Node>),
    Cast(Ty, Box<Node>),
}

impl Node {
    pub(crate) fn ty(&self) -> Ty {
        match self {
            Node::Array { ty, .. }
            | Node::Scalar { ty, .. }
            | Node::Dest(ty)
            | Node::Cast(ty, _) => *ty,
            Node::Unary(_, a) | Node::Binary(_, a, _) | Node::Select(_, a, _) => a.ty(),
            Node::Compare(..) => Ty::Bool,
            Node::Index => Ty::U64,
        }
    }

    fn renumber(&mut self, map: &[u16]) {
        match self {
            Node::Array { arg, .. } | Node::Scalar { arg, .. } => *arg = map[*arg as usize],
            Node::Dest(_) | Node::Index => {}
            Node::Unary(_, a) | Node::Cast(_, a) => a.renumber(map),
            Node::Binary(_, a, b) | Node::Compare(_, a, b) => {
                a.renumber(map);
                b.renumber(map);
            }
            Node::Select(c, a, b) => {
                c.renumber(map);
                a.renumber(map);
                b.renumber(map);
            }
        }
    }

    pub(crate) fn uses_dest(&self) -> bool {
        match self {
            Node::Dest(_) => true,
            Node::Array { .. } | Node::Scalar { .. } | Node::Index => false,
            Node::Unary(_, a) | Node::Cast(_, a) => a.uses_dest(),
            Node::Binary(_, a, b) | Node::Compare(_, a, b) => a.uses_dest() || b.uses_dest(),
            Node::Select(c, a, b) => c.uses_dest() || a.uses_dest() || b.uses_dest(),
        }
    }
}

/// An array operand: borrowed, not cloned, so that the expression holds no reference to
/// its memory (a pending use to the pool) before it runs.
pub(crate) trait ArrayArg {
    /// `(allocation address, byte offset, byte length)`.
    fn span(&self) -> (usize, usize, usize);
    /// The kernel argument for the array.
    fn buffer(&self, writable: bool) -> BufferArg;
    /// The array as the launch's use tracker.
    fn as_launch_use(&self) -> &dyn LaunchUse;
}

impl<T: Element, B: BufferKind> ArrayArg for OneArray<T, B> {
    fn span(&self) -> (usize, usize, usize) {
        (
            self.block.alloc().as_ptr() as usize,
            self.byte_offset(),
            self.byte_size(),
        )
    }

    fn buffer(&self, writable: bool) -> BufferArg {
        BufferArg {
            allocation: self.block.alloc().clone(),
            offset: self.byte_offset(),
            len: self.byte_size(),
            elem: Some(T::ELEM),
            writable,
        }
    }

    fn as_launch_use(&self) -> &dyn LaunchUse {
        &self.block
    }
}

/// A kernel argument of an expression.
#[derive(Clone)]
pub(crate) enum Input<'a> {
    Array { array: &'a dyn ArrayArg, ty: Ty },
    Value(Value),
}

impl Input<'_> {
    /// The argument's kind for the cache key.
    pub(crate) fn kind(&self) -> (bool, Ty) {
        match self {
            Input::Array { ty, .. } => (true, *ty),
            Input::Value(v) => (false, v.ty()),
        }
    }

    fn same_array(&self, other: &Input<'_>) -> bool {
        match (self, other) {
            (Input::Array { array: a, ty: ta }, Input::Array { array: b, ty: tb }) => {
                a.span() == b.span() && ta == tb
            }
            _ => false,
        }
    }
}

impl Value {
    pub(crate) fn ty(self) -> Ty {
        match self {
            Value::I8(_) => Ty::I8,
            Value::I16(_) => Ty::I16,
            Value::I32(_) => Ty::I32,
            Value::I64(_) => Ty::I64,
            Value::F32(_) => Ty::F32,
            Value::F64(_) => Ty::F64,
        }
    }
}

/// A mismatch between an expression's arrays, kept until the expression is evaluated
/// (operators cannot return errors).
#[derive(Clone, Debug)]
pub(crate) enum Mismatch {
    Shape(Vec<usize>, Vec<usize>),
    Device,
    /// A strided view as an operand (a kernel reads one contiguous run per operand).
    Strided,
}

impl From<Mismatch> for Error {
    fn from(m: Mismatch) -> Error {
        match m {
            Mismatch::Shape(dst, src) => Error::ShapeMismatch { dst, src },
            Mismatch::Device => Error::DeviceMismatch,
            Mismatch::Strided => Error::NotContiguous {
                operation: "an expression operand",
            },
        }
    }
}

/// Where an expression's arrays live, and its shape.
#[derive(Clone)]
pub(crate) struct Place {
    pub(crate) ctx: Context,
    pub(crate) dev: Device,
    pub(crate) shape: Vec<usize>,
}

/// A lazy element-wise expression producing `T`s: built with operators and methods over
/// arrays ([`OneArray::expr`], `&x + &y`, ...), scalars and other expressions, run by
/// [`eval`](Expr::eval), [`OneArray::assign`] or [`OneArray::update`] as one kernel.
///
/// Arrays of an expression must have one shape (and one context and device); a mismatch is
/// reported by the evaluation as [`Error::ShapeMismatch`] (or [`Error::DeviceMismatch`]).
///
/// ```
/// use onearray::OneArray;
/// let a = OneArray::<f32>::from_slice(&[1.0, -4.0, 9.0])?;
/// let e = a.expr().abs().sqrt() * 2.0 - 1.0;
/// assert_eq!(e.eval()?.to_vec()?, [1.0, 3.0, 5.0]);
/// # Ok::<(), onearray::Error>(())
/// ```
#[derive(Clone)]
#[must_use = "an expression does nothing until evaluated (`eval`, `assign`, `update`)"]
pub struct Expr<'a, T: Scalar> {
    pub(crate) node: Node,
    pub(crate) inputs: Vec<Input<'a>>,
    pub(crate) place: Option<Place>,
    /// The first mismatch found while building (reported by the evaluation).
    pub(crate) error: Option<Mismatch>,
    _t: PhantomData<fn() -> T>,
}

impl<T: Scalar> std::fmt::Debug for Expr<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expr")
            .field("node", &self.node)
            .field("shape", &self.place.as_ref().map(|p| &p.shape))
            .finish()
    }
}

/// Something that becomes an expression operand: an expression, `&OneArray`, or a scalar
/// (broadcast to every element).
pub trait IntoExpr<'a, T: Scalar> {
    /// The operand as an expression.
    fn into_expr(self) -> Expr<'a, T>;
}

impl<'a, T: Scalar> IntoExpr<'a, T> for Expr<'a, T> {
    fn into_expr(self) -> Expr<'a, T> {
        self
    }
}

impl<'a, T: Element, B: BufferKind> IntoExpr<'a, T> for &'a OneArray<T, B> {
    fn into_expr(self) -> Expr<'a, T> {
        self.expr()
    }
}

impl<'a, T: Element> IntoExpr<'a, T> for T {
    fn into_expr(self) -> Expr<'a, T> {
        let value = super::sealed::Sealed::value(self);
        Expr::leaf(
            Node::Scalar { arg: 0, ty: T::TY },
            Input::Value(value),
            None,
        )
    }
}

impl<T: Element, B: BufferKind> OneArray<T, B> {
    /// The array as an expression operand (for methods such as [`Expr::sqrt`]; operators
    /// take `&array` directly).
    ///
    /// ```
    /// let x = onearray::OneArray::<f64>::from_slice(&[4.0, 9.0])?;
    /// assert_eq!(x.expr().sqrt().eval()?.to_vec()?, [2.0, 3.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn expr(&self) -> Expr<'_, T> {
        Expr::array(self, self.context(), self.device(), self.shape())
    }
}

impl<'a, T: Scalar> Expr<'a, T> {
    /// An array (or a view) of `T`s of `shape` on `dev` as an operand.
    pub(crate) fn array(
        array: &'a dyn ArrayArg,
        ctx: &Context,
        dev: &Device,
        shape: &[usize],
    ) -> Self
    where
        T: Element,
    {
        let place = Place {
            ctx: ctx.clone(),
            dev: dev.clone(),
            shape: shape.to_vec(),
        };
        let input = Input::Array { array, ty: T::TY };
        Expr::leaf(Node::Array { arg: 0, ty: T::TY }, input, Some(place))
    }

    pub(crate) fn leaf(node: Node, input: Input<'a>, place: Option<Place>) -> Self {
        Expr {
            node,
            inputs: vec![input],
            place,
            error: None,
            _t: PhantomData,
        }
    }

    /// A scalar argument given in `T`'s compute type (exact where `T` would round).
    pub(crate) fn value(value: Value) -> Self {
        Expr::leaf(
            Node::Scalar { arg: 0, ty: T::TY },
            Input::Value(value),
            None,
        )
    }

    /// The destination's own element, for [`OneArray::update`].
    pub(crate) fn dest() -> Self {
        Expr {
            node: Node::Dest(T::TY),
            inputs: Vec::new(),
            place: None,
            error: None,
            _t: PhantomData,
        }
    }

    fn retype<U: Scalar>(self, node: Node) -> Expr<'a, U> {
        Expr {
            node,
            inputs: self.inputs,
            place: self.place,
            error: self.error,
            _t: PhantomData,
        }
    }

    /// Merges `other`'s arguments into this one's; returns `other`'s node renumbered.
    fn absorb<U: Scalar>(&mut self, other: Expr<'a, U>) -> Node {
        let mut map = Vec::with_capacity(other.inputs.len());
        for input in other.inputs {
            // One argument per array, however often it appears (`&x * &x` loads once).
            let same = self.inputs.iter().position(|i| i.same_array(&input));
            map.push(same.unwrap_or_else(|| {
                self.inputs.push(input);
                self.inputs.len() - 1
            }) as u16);
        }
        self.error = self.error.take().or(other.error);
        match (&self.place, other.place) {
            (_, None) => {}
            (None, p) => self.place = p,
            (Some(a), Some(b)) => {
                if a.ctx.handle() != b.ctx.handle() || a.dev.handle() != b.dev.handle() {
                    self.error.get_or_insert(Mismatch::Device);
                } else if a.shape != b.shape {
                    self.error
                        .get_or_insert(Mismatch::Shape(a.shape.clone(), b.shape));
                }
            }
        }
        let mut node = other.node;
        node.renumber(&map);
        node
    }

    pub(crate) fn unary(self, op: UnOp) -> Self {
        let node = Node::Unary(op, Box::new(self.node.clone()));
        self.retype(node)
    }

    pub(crate) fn binary<U: Scalar>(mut self, op: BinOp, rhs: Expr<'a, T>) -> Expr<'a, U> {
        let r = self.absorb(rhs);
        let node = Node::Binary(op, Box::new(self.node.clone()), Box::new(r));
        self.retype(node)
    }

    fn compare(mut self, op: CmpOp, rhs: Expr<'a, T>) -> Expr<'a, bool> {
        let r = self.absorb(rhs);
        let node = Node::Compare(op, Box::new(self.node.clone()), Box::new(r));
        self.retype(node)
    }

    /// The element type converted to `U`, as Rust's `as` does: floats to integers round
    /// toward zero and saturate (NaN → 0); integers wrap; `bool` gives 0 or 1.
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[1.7, -2.5, 300.0])?;
    /// assert_eq!(x.expr().cast::<u8>().eval()?.to_vec()?, [1, 0, 255]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn cast<U: Element>(self) -> Expr<'a, U> {
        let node = Node::Cast(U::TY, Box::new(self.node.clone()));
        self.retype(node)
    }
}

macro_rules! compare {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {
        impl<'a, T: Num> Expr<'a, T> {$(
            $(#[$doc])*
            pub fn $name(self, rhs: impl IntoExpr<'a, T>) -> Expr<'a, bool> {
                self.compare(CmpOp::$op, rhs.into_expr())
            }
        )*}
    };
}

compare! {
    /// Element-wise `<` (false where either operand is NaN).
    ///
    /// ```
    /// let x = onearray::OneArray::<i32>::from_slice(&[1, 5, 3])?;
    /// assert_eq!(x.expr().lt(3).cast::<u8>().eval()?.to_vec()?, [1, 0, 0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    lt => Lt;
    /// Element-wise `<=`.
    le => Le;
    /// Element-wise `>`.
    gt => Gt;
    /// Element-wise `>=`.
    ge => Ge;
    /// Element-wise `==` (false where either operand is NaN; `-0.0 == 0.0`).
    eq => Eq;
    /// Element-wise `!=` (true where either operand is NaN).
    ne => Ne;
}

impl<T: Num> Expr<'_, T> {
    /// Each element's flat index converted to `T`'s compute type (as `as` does).
    pub(crate) fn index_as() -> Self {
        Expr {
            node: Node::Cast(T::TY.compute(), Box::new(Node::Index)),
            inputs: Vec::new(),
            place: None,
            error: None,
            _t: PhantomData,
        }
    }
}

impl Expr<'_, u64> {
    /// Each element's flat index (for fills; the shape comes from the destination).
    pub(crate) fn index() -> Self {
        Expr {
            node: Node::Index,
            inputs: Vec::new(),
            place: None,
            error: None,
            _t: PhantomData,
        }
    }
}

impl<'a> Expr<'a, bool> {
    /// `on_true` where the condition holds, else `on_false` (oneAPI.jl's `ifelse`, numpy's
    /// `where`).
    ///
    /// ```
    /// let x = onearray::OneArray::<f32>::from_slice(&[-1.0, 2.0, -3.0])?;
    /// let relu = x.expr().gt(0.0).select(&x, 0.0);
    /// assert_eq!(relu.eval()?.to_vec()?, [0.0, 2.0, 0.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn select<T: Num>(
        mut self,
        on_true: impl IntoExpr<'a, T>,
        on_false: impl IntoExpr<'a, T>,
    ) -> Expr<'a, T> {
        let a = self.absorb(on_true.into_expr());
        let b = self.absorb(on_false.into_expr());
        let node = Node::Select(Box::new(self.node.clone()), Box::new(a), Box::new(b));
        self.retype(node)
    }

    /// Element-wise logical and.
    pub fn and(self, rhs: Expr<'a, bool>) -> Expr<'a, bool> {
        self.binary(BinOp::And, rhs)
    }

    /// Element-wise logical or.
    pub fn or(self, rhs: Expr<'a, bool>) -> Expr<'a, bool> {
        self.binary(BinOp::Or, rhs)
    }
}

impl<'a, T: Num> Expr<'a, T> {
    /// Element-wise maximum (for floats IEEE `maxNum`, as [`f32::max`]: NaN only if both are).
    ///
    /// ```
    /// let a = onearray::OneArray::<f32>::from_slice(&[1.0, 5.0, f32::NAN])?;
    /// assert_eq!(a.expr().max(2.0).eval()?.to_vec()?, [2.0, 5.0, 2.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn max(self, rhs: impl IntoExpr<'a, T>) -> Self {
        self.binary(BinOp::Max, rhs.into_expr())
    }

    /// Element-wise minimum (as [`f32::min`] for floats).
    pub fn min(self, rhs: impl IntoExpr<'a, T>) -> Self {
        self.binary(BinOp::Min, rhs.into_expr())
    }

    /// Each element clamped to `lo..=hi` (`max(lo)` then `min(hi)`).
    ///
    /// ```
    /// let a = onearray::OneArray::<i16>::from_slice(&[-5, 3, 99])?;
    /// assert_eq!(a.expr().clamp(0, 10).eval()?.to_vec()?, [0, 3, 10]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn clamp(self, lo: impl IntoExpr<'a, T>, hi: impl IntoExpr<'a, T>) -> Self {
        self.max(lo).min(hi)
    }
}

impl<T: Signed> Expr<'_, T> {
    /// Element-wise absolute value (integers wrap: `abs(MIN) == MIN`).
    ///
    /// ```
    /// let a = onearray::OneArray::<i8>::from_slice(&[-3, 4, -128])?;
    /// assert_eq!(a.expr().abs().eval()?.to_vec()?, [3, 4, -128]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn abs(self) -> Self {
        self.unary(UnOp::Abs)
    }
}

macro_rules! float_unary {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {
        impl<T: Float> Expr<'_, T> {$(
            $(#[$doc])*
            pub fn $name(self) -> Self {
                self.unary(UnOp::$op)
            }
        )*}
    };
}

float_unary! {
    /// Element-wise square root.
    sqrt => Sqrt;
    /// Element-wise `e^x`.
    ///
    /// ```
    /// let a = onearray::OneArray::<f64>::from_slice(&[0.0, 1.0])?;
    /// let e = a.expr().exp().eval()?.to_vec()?;
    /// assert!((e[1] - std::f64::consts::E).abs() < 1e-12 && e[0] == 1.0);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    exp => Exp;
    /// Element-wise natural logarithm.
    ln => Ln;
    /// Element-wise base-2 logarithm.
    log2 => Log2;
    /// Element-wise base-10 logarithm.
    log10 => Log10;
    /// Element-wise sine.
    sin => Sin;
    /// Element-wise cosine.
    cos => Cos;
    /// Element-wise tangent.
    tan => Tan;
    /// Element-wise hyperbolic tangent.
    tanh => Tanh;
    /// Element-wise rounding down.
    floor => Floor;
    /// Element-wise rounding up.
    ceil => Ceil;
    /// Element-wise rounding to nearest, halves away from zero (as [`f32::round`]).
    ///
    /// ```
    /// let a = onearray::OneArray::<f32>::from_slice(&[0.5, -1.5, 2.4])?;
    /// assert_eq!(a.expr().round().eval()?.to_vec()?, [1.0, -2.0, 2.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    round => Round;
    /// Element-wise rounding toward zero.
    trunc => Trunc;
    /// Element-wise `1 / x`.
    recip => Recip;
}

impl<'a, T: Float> Expr<'a, T> {
    /// Element-wise `self^rhs`.
    ///
    /// ```
    /// let a = onearray::OneArray::<f32>::from_slice(&[2.0, 3.0])?;
    /// assert_eq!(a.expr().powf(2.0).eval()?.to_vec()?, [4.0, 9.0]);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn powf(self, rhs: impl IntoExpr<'a, T>) -> Self {
        self.binary(BinOp::Pow, rhs.into_expr())
    }
}

macro_rules! operators {
    ($($trait:ident $method:ident => $op:ident, $bound:ident;)*) => {$(
        impl<'a, T: $bound, R: IntoExpr<'a, T>> ops::$trait<R> for Expr<'a, T> {
            type Output = Expr<'a, T>;
            fn $method(self, rhs: R) -> Expr<'a, T> {
                self.binary(BinOp::$op, rhs.into_expr())
            }
        }
        impl<'a, T: $bound, B: BufferKind, R: IntoExpr<'a, T>> ops::$trait<R> for &'a OneArray<T, B> {
            type Output = Expr<'a, T>;
            fn $method(self, rhs: R) -> Expr<'a, T> {
                self.expr().binary(BinOp::$op, rhs.into_expr())
            }
        }
        impl<'a, T: $bound, B: BufferKind, A: Access, R: IntoExpr<'a, T>> ops::$trait<R>
            for &'a View<'_, T, B, A>
        {
            type Output = Expr<'a, T>;
            fn $method(self, rhs: R) -> Expr<'a, T> {
                self.expr().binary(BinOp::$op, rhs.into_expr())
            }
        }
    )*};
}

operators! {
    Add add => Add, Num;
    Sub sub => Sub, Num;
    Mul mul => Mul, Num;
    Div div => Div, Num;
    Rem rem => Rem, Num;
    BitAnd bitand => And, Int;
    BitOr bitor => Or, Int;
    BitXor bitxor => Xor, Int;
    Shl shl => Shl, Int;
    Shr shr => Shr, Int;
}

/// `scalar op array` and `scalar op expression`, for each element type.
macro_rules! scalar_lhs {
    ($($t:ty),*) => {$(
        scalar_lhs!(@ $t, Add add => Add, Sub sub => Sub, Mul mul => Mul, Div div => Div, Rem rem => Rem);
    )*};
    (@ $t:ty, $($trait:ident $method:ident => $op:ident),*) => {$(
        impl<'a> ops::$trait<Expr<'a, $t>> for $t {
            type Output = Expr<'a, $t>;
            fn $method(self, rhs: Expr<'a, $t>) -> Expr<'a, $t> {
                self.into_expr().binary(BinOp::$op, rhs)
            }
        }
        impl<'a, B: BufferKind> ops::$trait<&'a OneArray<$t, B>> for $t {
            type Output = Expr<'a, $t>;
            fn $method(self, rhs: &'a OneArray<$t, B>) -> Expr<'a, $t> {
                self.into_expr().binary(BinOp::$op, rhs.expr())
            }
        }
        impl<'a, B: BufferKind, A: Access> ops::$trait<&'a View<'_, $t, B, A>> for $t {
            type Output = Expr<'a, $t>;
            fn $method(self, rhs: &'a View<'_, $t, B, A>) -> Expr<'a, $t> {
                self.into_expr().binary(BinOp::$op, rhs.expr())
            }
        }
    )*};
}

scalar_lhs!(
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    half::f16,
    half::bf16,
    f32,
    f64
);

impl<T: Signed> ops::Neg for Expr<'_, T> {
    type Output = Self;
    fn neg(self) -> Self {
        self.unary(UnOp::Neg)
    }
}

impl<'a, T: Signed, B: BufferKind> ops::Neg for &'a OneArray<T, B> {
    type Output = Expr<'a, T>;
    fn neg(self) -> Expr<'a, T> {
        self.expr().unary(UnOp::Neg)
    }
}

impl<T: Int> ops::Not for Expr<'_, T> {
    type Output = Self;
    fn not(self) -> Self {
        self.unary(UnOp::Not)
    }
}

impl ops::Not for Expr<'_, bool> {
    type Output = Self;
    fn not(self) -> Self {
        self.unary(UnOp::Not)
    }
}
