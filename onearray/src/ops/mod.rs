//! Device-side array operations, generated as SPIR-V inside the process.
//!
//! Arithmetic on arrays builds a lazy [`Expr`];
//! [`OneArray::assign`](crate::OneArray::assign),
//! [`OneArray::update`](crate::OneArray::update) and [`Expr::eval`] run it as
//! **one** kernel (no temporaries), generated for the expression's shape and element
//! types, built once per (context, device) and cached.
//! Scalars broadcast and are passed as kernel arguments, so `&x * 2.0` and `&x * 3.0` share
//! a kernel.
//!
//! ```
//! use onearray::{OneArray, SharedBuffer};
//! let x = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0])?;
//! let mut y = OneArray::<f32, SharedBuffer>::filled(4, 1.0)?;
//! y.update(|y| &x * 2.0 + y)?; // y = 2x + y, in one kernel
//! assert_eq!(y.as_slice(), &[3.0, 5.0, 7.0, 9.0]);
//! let z = (&x * &x).sqrt().eval()?; // |x|, into a new device array
//! assert_eq!(z.to_vec()?, [1.0, 2.0, 3.0, 4.0]);
//! # Ok::<(), onearray::Error>(())
//! ```
//!
//! Reductions run on expressions and arrays alike: over the whole array (`sum`,
//! `product`, `maximum`, `minimum`, `mean`, `dot`, `nrm2`, `asum`, `argmax`, `argmin`,
//! `iamax`, `iamin`; accuracy and NaN rules [below](#reductions)) or along one axis of a
//! 2-D array ([`Expr::sum_axis`] and the other `*_axis`). BLAS level 1 is in [`blas`];
//! [`OneArray::iota`](crate::OneArray::iota) and
//! [`OneArray::linspace`](crate::OneArray::linspace) fill arrays.
//!
//! ```
//! use onearray::OneArray;
//! let m = OneArray::<f32>::from_slice(&[1.0, -5.0, 2.0, 4.0])?.reshape(&[2, 2])?;
//! assert_eq!(m.iamax()?, 1);
//! assert_eq!(m.sum_axis(1)?.to_vec()?, [-4.0, 6.0]);
//! assert_eq!((&m * &m).sum()?, 46.0);
//! # Ok::<(), onearray::Error>(())
//! ```
//!
//! Mixing element types is a compile error (convert with [`Expr::cast`]):
//!
//! ```compile_fail,E0277
//! use onearray::OneArray;
//! let x = OneArray::<f32>::zeroed(4).unwrap();
//! let y = OneArray::<f64>::zeroed(4).unwrap();
//! let _ = &x + &y;
//! ```
//!
//! Semantics, chosen to match Rust's own operators on every device:
//! - `f16` and `bf16` are loaded, computed in `f32`, and rounded (to nearest even) when
//!   stored or [cast](Expr::cast); their scalars travel as `f32`.
//! - Integer `+ - * -x` wrap (as `wrapping_add` ...); `/` and `%` by zero give 0 and
//!   `MIN / -1` gives `MIN` (as `wrapping_div`), so no device ever traps; shifts take the
//!   count modulo the width (as `wrapping_shl`).
//! - `max`/`min` on floats are IEEE `maxNum`/`minNum` as Rust's `f32::max`: a NaN operand
//!   is ignored unless both are NaN.
//!
//! # Reductions
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
//!
//! **Positions** (`argmax`, `argmin`, `iamax`, `iamin`): each group keeps `(value, index)`
//! and the host picks among the partials with the same rule: the better value wins, NaN
//! loses to any number, and ties (equal values, `-0.0 == 0.0`, or both NaN) go to the lower
//! index — so the result is the first index of the maximum whatever the grouping.
//!
//! **Along an axis** (`*_axis`): one work-group per output, of `W` work-items (`W` the
//! largest power of two ≤ 256 the device allows and ≤ the axis length): work-item `l`
//! combines elements `l, l + W, …` of its run in order, the group combines its `W` values
//! as a binary tree, and the result is rounded once to the element type. The `f32` sum error
//! bound is `(⌈len / W⌉ + log2 W) · ε · Σ|xᵢ|`; NaN and ties as in the whole-array
//! reductions.

mod axis;
pub mod blas;
mod cache;
mod codegen;
mod copy_batch;
pub(crate) mod copy_ranges;
mod eval;
mod expr;
mod reduce;
mod reduce_kernel;
mod spec;
#[cfg(test)]
mod spirv_val_tests;
mod view_expr;

pub use cache::generated_kernels;
pub use expr::{Expr, IntoExpr};

use level_zero::ElemType;

/// An element type as the generated kernels see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    /// The result of a comparison (not storable).
    Bool,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `f16` (computed in `f32`).
    F16,
    /// `bf16` (computed in `f32`).
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl Ty {
    /// Width in bits of the stored value.
    pub const fn bits(self) -> u32 {
        match self {
            Ty::Bool => 1,
            Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 | Ty::F16 | Ty::BF16 => 16,
            Ty::I32 | Ty::U32 | Ty::F32 => 32,
            Ty::I64 | Ty::U64 | Ty::F64 => 64,
        }
    }

    /// Whether the type is a floating-point one.
    pub const fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64)
    }

    /// Whether the type is a signed integer.
    pub const fn is_signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }

    /// The type arithmetic is done in (`f16`/`bf16` → `f32`).
    pub const fn compute(self) -> Ty {
        match self {
            Ty::F16 | Ty::BF16 => Ty::F32,
            t => t,
        }
    }
}

pub(crate) use sealed::{Host, Value};

mod sealed {
    /// A scalar value passed to a kernel (always in its compute type).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Value {
        I8(i8),
        I16(i16),
        I32(i32),
        I64(i64),
        F32(f32),
        F64(f64),
    }

    impl Value {
        /// The value as an `f64` (exact for every type but `i64` beyond 2⁵³).
        pub fn as_f64(self) -> f64 {
            match self {
                Value::I8(v) => v as f64,
                Value::I16(v) => v as f64,
                Value::I32(v) => v as f64,
                Value::I64(v) => v as f64,
                Value::F32(v) => v as f64,
                Value::F64(v) => v,
            }
        }
    }

    /// A reduction's result finished on the host: floats in `f64`, integers in `i128`
    /// (wrapping, truncated to the element type at the end).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Host {
        F(f64),
        I(i128),
    }

    impl Host {
        pub fn float(self) -> f64 {
            match self {
                Host::F(f) => f,
                Host::I(i) => i as f64,
            }
        }

        pub fn int(self) -> i128 {
            match self {
                Host::F(f) => f as i128,
                Host::I(i) => i,
            }
        }
    }

    pub trait Sealed {
        /// The value as a kernel argument.
        fn value(self) -> Value;
        /// The element nearest a host-finished result (integers wrap).
        fn from_host(h: Host) -> Self;
    }
}

/// A type an expression can produce: the [`Element`] types and `bool` (comparisons).
pub trait Scalar: sealed::Sealed + Copy + Send + Sync + 'static {
    /// Its kernel-side type.
    const TY: Ty;
}

/// An element type of arrays that device operations support.
pub trait Element: Scalar + bytemuck::Pod {
    /// The pointee type of a buffer of it, as a kernel declares it (`bf16` is `ushort`).
    const ELEM: ElemType;
}

/// Element types with arithmetic (all but `bool`).
pub trait Num: Element {}
/// Floating-point element types: `f16`, `bf16`, `f32`, `f64`.
pub trait Float: Signed {}
/// Integer element types: `i8`–`i64`, `u8`–`u64`.
pub trait Int: Num {}
/// Signed element types (negation, `abs`).
pub trait Signed: Num {}

impl sealed::Sealed for bool {
    fn value(self) -> Value {
        Value::I8(self as i8)
    }
    fn from_host(h: Host) -> Self {
        h.int() != 0
    }
}
impl Scalar for bool {
    const TY: Ty = Ty::Bool;
}

macro_rules! elements {
    ($($t:ty => $ty:ident, $elem:expr, |$v:ident| $value:expr, |$h:ident| $from:expr, [$($marker:ident),*];)*) => {$(
        impl sealed::Sealed for $t {
            fn value(self) -> Value {
                let $v = self;
                $value
            }
            fn from_host($h: Host) -> Self {
                $from
            }
        }
        impl Scalar for $t {
            const TY: Ty = Ty::$ty;
        }
        impl Element for $t {
            const ELEM: ElemType = $elem;
        }
        impl Num for $t {}
        $(impl $marker for $t {})*
    )*};
}

elements! {
    i8 => I8, ElemType::Int { bits: 8 }, |v| Value::I8(v), |h| h.int() as i8, [Int, Signed];
    i16 => I16, ElemType::Int { bits: 16 }, |v| Value::I16(v), |h| h.int() as i16, [Int, Signed];
    i32 => I32, ElemType::Int { bits: 32 }, |v| Value::I32(v), |h| h.int() as i32, [Int, Signed];
    i64 => I64, ElemType::Int { bits: 64 }, |v| Value::I64(v), |h| h.int() as i64, [Int, Signed];
    u8 => U8, ElemType::Int { bits: 8 }, |v| Value::I8(v as i8), |h| h.int() as u8, [Int];
    u16 => U16, ElemType::Int { bits: 16 }, |v| Value::I16(v as i16), |h| h.int() as u16, [Int];
    u32 => U32, ElemType::Int { bits: 32 }, |v| Value::I32(v as i32), |h| h.int() as u32, [Int];
    u64 => U64, ElemType::Int { bits: 64 }, |v| Value::I64(v as i64), |h| h.int() as u64, [Int];
    half::f16 => F16, ElemType::Float { bits: 16 }, |v| Value::F32(v.to_f32()), |h| half::f16::from_f64(h.float()), [Float, Signed];
    half::bf16 => BF16, ElemType::Int { bits: 16 }, |v| Value::F32(v.to_f32()), |h| half::bf16::from_f64(h.float()), [Float, Signed];
    f32 => F32, ElemType::Float { bits: 32 }, |v| Value::F32(v), |h| h.float() as f32, [Float, Signed];
    f64 => F64, ElemType::Float { bits: 64 }, |v| Value::F64(v), |h| h.float(), [Float, Signed];
}
