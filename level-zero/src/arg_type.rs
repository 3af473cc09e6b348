//! [`ArgType`]: the Rust types with a kernel-side counterpart (scalars and vectors), named by
//! the [`ElemType`] a kernel's signature declares.

use crate::signature::{ElemType, Scalar};

/// A Rust type with a kernel-side counterpart: the element type of a buffer argument, or a
/// value argument.
///
/// ```
/// use level_zero::{ArgType, ElemType};
/// assert_eq!(f32::TYPE, ElemType::Float { bits: 32 });
/// assert_eq!(<[u32; 4]>::TYPE.to_string(), "int4");
/// ```
pub trait ArgType: bytemuck::Pod {
    /// The type as the kernel declares it.
    const TYPE: ElemType;
}

macro_rules! arg_types {
    ($($t:ty => $e:expr),* $(,)?) => {$(
        impl ArgType for $t {
            const TYPE: ElemType = $e;
        }
    )*};
}

arg_types! {
    u8 => ElemType::Int { bits: 8 }, i8 => ElemType::Int { bits: 8 },
    u16 => ElemType::Int { bits: 16 }, i16 => ElemType::Int { bits: 16 },
    u32 => ElemType::Int { bits: 32 }, i32 => ElemType::Int { bits: 32 },
    u64 => ElemType::Int { bits: 64 }, i64 => ElemType::Int { bits: 64 },
    f32 => ElemType::Float { bits: 32 }, f64 => ElemType::Float { bits: 64 },
    half::f16 => ElemType::Float { bits: 16 },
}

const fn lane(t: ElemType) -> Scalar {
    match t {
        ElemType::Float { bits } => Scalar::Float(bits),
        ElemType::Int { bits } => Scalar::Int(bits),
        // Only scalar lanes implement `ArgType` for arrays (below).
        _ => Scalar::Int(0),
    }
}

macro_rules! vectors {
    ($($t:ty),*) => {$(
        vectors!(@ $t, 2, 4, 8, 16);
    )*};
    (@ $t:ty, $($n:literal),*) => {$(
        impl ArgType for [$t; $n] {
            const TYPE: ElemType = ElemType::Vector { elem: lane(<$t>::TYPE), lanes: $n };
        }
    )*};
}

vectors!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);

/// Host element types.
impl ElemType {
    /// How a buffer of `T` elements describes them to a launch's check: the [`ArgType`]s
    /// (scalars, and arrays of 2, 4, 8 or 16 of them for vectors) as themselves, any other
    /// `Pod` type (a struct of the program's) by its size and alignment
    /// ([`ElemType::Bytes`]), which the check compares with the kernel's pointee.
    ///
    /// ```
    /// use level_zero::ElemType;
    /// #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
    /// #[repr(C)]
    /// struct Body { pos: [f32; 3], m: f32 }
    /// assert_eq!(ElemType::of::<f32>(), ElemType::Float { bits: 32 });
    /// assert_eq!(ElemType::of::<[i32; 4]>().to_string(), "int4");
    /// assert!(matches!(ElemType::of::<Body>(), ElemType::Bytes { size: 16, align: 4, .. }));
    /// ```
    pub fn of<T: bytemuck::Pod>() -> ElemType {
        use std::any::TypeId;
        let id = TypeId::of::<T>();
        macro_rules! known {
            ($($t:ty),*) => {$(
                if id == TypeId::of::<$t>() {
                    return <$t as ArgType>::TYPE;
                }
                if id == TypeId::of::<[$t; 2]>() {
                    return <[$t; 2] as ArgType>::TYPE;
                }
                if id == TypeId::of::<[$t; 4]>() {
                    return <[$t; 4] as ArgType>::TYPE;
                }
                if id == TypeId::of::<[$t; 8]>() {
                    return <[$t; 8] as ArgType>::TYPE;
                }
                if id == TypeId::of::<[$t; 16]>() {
                    return <[$t; 16] as ArgType>::TYPE;
                }
            )*};
        }
        known!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);
        if id == TypeId::of::<half::f16>() {
            return <half::f16 as ArgType>::TYPE;
        }
        ElemType::Bytes {
            size: size_of::<T>(),
            align: align_of::<T>(),
            name: std::any::type_name::<T>(),
        }
    }
}
