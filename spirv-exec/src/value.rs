//! How kernel values are held: every scalar (or vector component) is one `u64` slot.
//!
//! * integers of width w ≤ 64 are stored zero-extended, masked to w bits (signedness is a
//!   property of the operation, as in SPIR-V);
//! * `half`, `float`, `double` are stored as their IEEE bit patterns in the low 16/32/64 bits;
//! * booleans are 0 or 1; pointers are host addresses.

/// Element type of a kernel value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// A boolean: 0 or 1.
    Bool,
    /// An 8-bit integer (`char`, `uchar`).
    I8,
    /// A 16-bit integer (`short`, `ushort`).
    I16,
    /// A 32-bit integer (`int`, `uint`).
    I32,
    /// A 64-bit integer (`long`, `ulong`, pointers).
    I64,
    /// IEEE binary16 (`half`).
    F16,
    /// IEEE binary32 (`float`).
    F32,
    /// IEEE binary64 (`double`).
    F64,
}

impl Scalar {
    /// Width in bits (1 for `Bool`).
    #[inline]
    pub fn bits(self) -> u32 {
        // A table rather than a match: no jump inside the loops that call it per lane.
        const BITS: [u32; 8] = [1, 8, 16, 32, 64, 16, 32, 64];
        BITS[self as usize]
    }

    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    /// Mask of the stored bits.
    #[inline]
    pub fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits())
    }

    /// Sign-extends a stored integer of this width.
    #[inline]
    pub fn sext(self, v: u64) -> i64 {
        let shift = 64 - self.bits();
        ((v << shift) as i64) >> shift
    }

    /// Reads a stored float as `f64` (exact for every width).
    pub fn to_f64(self, v: u64) -> f64 {
        match self {
            Scalar::F16 => half::f16::from_bits(v as u16).to_f64(),
            Scalar::F32 => f32::from_bits(v as u32) as f64,
            _ => f64::from_bits(v),
        }
    }

    /// Stores an `f64` as this float type (round to nearest even).
    pub fn from_f64(self, x: f64) -> u64 {
        match self {
            Scalar::F16 => half::f16::from_f64(x).to_bits() as u64,
            Scalar::F32 => (x as f32).to_bits() as u64,
            _ => x.to_bits(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Scalar;

    #[test]
    fn sign_extension_and_masks() {
        assert_eq!(Scalar::I8.sext(0xff), -1);
        assert_eq!(Scalar::I16.sext(0x7fff), 0x7fff);
        assert_eq!(Scalar::I32.mask(), 0xffff_ffff);
        assert_eq!(Scalar::I64.mask(), u64::MAX);
        assert_eq!(Scalar::Bool.mask(), 1);
        assert_eq!(Scalar::I64.sext(u64::MAX), -1);
        assert_eq!(Scalar::Bool.sext(1), -1);
        assert_eq!(Scalar::F64.bits(), 64);
        assert_eq!(Scalar::F32.to_f64(Scalar::F32.from_f64(1.5)), 1.5);
        assert_eq!(Scalar::F16.to_f64(Scalar::F16.from_f64(-2.0)), -2.0);
    }
}
