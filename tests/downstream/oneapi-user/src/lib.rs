//! A crate depending only on the `oneapi` facade (neither `onearray` nor `bytemuck`):
//! `onearray`'s derives, reached through `oneapi`, work on its types with no attribute, and
//! arrays of them are kernel arguments (issue 24, items 5 and 6).

use oneapi::level_zero::{Grid, Module};
use oneapi::onearray::{self, OneArray, Pod, SharedBuffer, Zeroable};

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
#[derive(Clone, Copy, Debug, PartialEq, oneapi::onearray::Pod, oneapi::onearray::Zeroable)]
#[repr(transparent)]
pub struct Mass(pub f32);

// `step` and the test: the same in both downstream crates.
include!("../../shared.rs");
