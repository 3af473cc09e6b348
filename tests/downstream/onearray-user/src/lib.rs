//! A crate depending on `onearray` (and `level-zero` for kernels), neither `bytemuck` nor
//! `oneapi`: `onearray`'s derives work on its types with no attribute, and arrays of them are
//! kernel arguments (issue 24, items 5 and 6).

use level_zero::{Grid, Module};
use onearray::{OneArray, Pod, SharedBuffer, Zeroable};

/// `body_t` of the kernel corpus (`kernels/src/structs.cl`): a position and a mass.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
pub struct Body {
    /// Position.
    pub pos: [f32; 3],
    /// Mass.
    pub m: f32,
}

/// The same, derived through the full paths.
#[derive(Clone, Copy, Debug, PartialEq, onearray::Pod, onearray::Zeroable)]
#[repr(transparent)]
pub struct Mass(pub f32);

// `step` and the test: the same in both downstream crates.
include!("../../shared.rs");
