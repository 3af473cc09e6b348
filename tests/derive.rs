//! `onearray`'s `Pod`/`Zeroable` derives through the `oneapi` facade: the crate path
//! attribute, tuple structs, visibilities and documented fields.

use oneapi::onearray::{self, OneArray, Pod, SharedBuffer, Zeroable};

/// A documented, `pub(crate)` struct with documented fields.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[onearray(crate = "oneapi::onearray")]
#[repr(C)]
pub(crate) struct Pixel {
    /// Red, green, blue, alpha.
    rgba: [u8; 4],
    /// Depth.
    pub depth: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[onearray(crate = "oneapi::onearray")]
#[repr(transparent)]
struct Meters(f64);

#[test]
fn derived_types_are_array_elements() -> Result<(), onearray::Error> {
    let p = Pixel {
        rgba: [1, 2, 3, 4],
        depth: 0.5,
    };
    let a = OneArray::<Pixel, SharedBuffer>::filled(5, p)?;
    assert!(a.iter().all(|&q| q == p));
    assert_eq!(a.reinterpret::<u8>()?.shape(), &[40]);
    let m = OneArray::<Meters>::from_slice(&[Meters(1.5), Meters(2.5)])?;
    assert_eq!(m.to_vec()?, [Meters(1.5), Meters(2.5)]);
    assert_eq!(Meters::zeroed(), Meters(0.0));
    Ok(())
}
