//! Copy regions: the 2-D/3-D blocks of `zeCommandListAppendMemoryCopyRegion`, the one model of
//! `ze_copy_region_t` with its pitches that the safe layer and the CPU driver share.

use crate::ze_copy_region_t;

/// A 2-D/3-D region of a copy, in bytes: a `ze_copy_region_t` and the pitches of its buffer.
///
/// ```
/// // A 4×2 block at (1, 1) of a 16-byte-pitch image.
/// let r = level_zero_sys::CopyRegion { origin: [1, 1, 0], extent: [4, 2, 1], pitch: 16, slice_pitch: 0 };
/// assert_eq!(r.span(), Some(2 * 16 + 1 + 4));
/// assert_eq!(r.row_offset(1, 0), 2 * 16 + 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyRegion {
    /// Offset of the block: byte in the row, row, slice.
    pub origin: [u32; 3],
    /// Width (bytes), height (rows), depth (slices).
    pub extent: [u32; 3],
    /// Bytes between rows.
    pub pitch: u32,
    /// Bytes between slices.
    pub slice_pitch: u32,
}

impl CopyRegion {
    /// The region `raw` describes in a buffer of the given pitches.
    pub fn new(raw: &ze_copy_region_t, pitch: u32, slice_pitch: u32) -> CopyRegion {
        CopyRegion {
            origin: [raw.originX, raw.originY, raw.originZ],
            extent: [raw.width, raw.height, raw.depth],
            pitch,
            slice_pitch,
        }
    }

    /// The `ze_copy_region_t` of the region (its pitches are separate arguments of the call).
    pub fn raw(&self) -> ze_copy_region_t {
        ze_copy_region_t {
            originX: self.origin[0],
            originY: self.origin[1],
            originZ: self.origin[2],
            width: self.extent[0],
            height: self.extent[1],
            depth: self.extent[2],
        }
    }

    /// Whether the region has no bytes (a zero width, height or depth).
    pub fn is_empty(&self) -> bool {
        self.extent.contains(&0)
    }

    /// Byte offset of row `(y, z)` of the region (inside its [`span`](Self::span)).
    pub fn row_offset(&self, y: usize, z: usize) -> usize {
        let [x0, y0, z0] = self.origin.map(|v| v as usize);
        (z0 + z) * self.slice_pitch as usize + (y0 + y) * self.pitch as usize + x0
    }

    /// One past the last byte the region touches, or `None` for an empty region or on
    /// overflow.
    pub fn span(&self) -> Option<usize> {
        if self.is_empty() {
            return None;
        }
        let [w, h, d] = self.extent.map(|v| v as usize);
        let [x, y, z] = self.origin.map(|v| v as usize);
        (z + d - 1)
            .checked_mul(self.slice_pitch as usize)?
            .checked_add((y + h - 1).checked_mul(self.pitch as usize)?)?
            .checked_add(x)?
            .checked_add(w)
    }
}
