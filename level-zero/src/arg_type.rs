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
