//! Copy regions: the 2-D/3-D blocks of [`Commands::copy_region`](crate::Commands::copy_region),
//! in bytes. One model of `ze_copy_region_t` with its pitches, shared with the CPU driver:
//! [`level_zero_sys::CopyRegion`], re-exported under the same name.
//!
//! ```
//! // A 4×2 block at (1, 1) of a 16-byte-pitch image.
//! let r = level_zero::CopyRegion { origin: [1, 1, 0], extent: [4, 2, 1], pitch: 16, slice_pitch: 0 };
//! assert_eq!(r.span(), Some(2 * 16 + 1 + 4));
//! ```

pub use level_zero_sys::CopyRegion;
