//! Copy regions: the 2-D/3-D blocks of [`Commands::copy_region`](crate::Commands::copy_region).

use level_zero_sys::ze_copy_region_t;

/// A 2-D/3-D region of a copy, in bytes.
///
/// ```
/// // A 4×2 block at (1, 1) of a 16-byte-pitch image.
/// let r = level_zero::Region { origin: [1, 1, 0], extent: [4, 2, 1], pitch: 16, slice_pitch: 0 };
/// assert_eq!(r.span(), Some(2 * 16 + 1 + 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Offset of the block: byte in the row, row, slice.
    pub origin: [u32; 3],
    /// Width (bytes), height (rows), depth (slices).
    pub extent: [u32; 3],
    /// Bytes between rows.
    pub pitch: u32,
    /// Bytes between slices.
    pub slice_pitch: u32,
}

impl Region {
    /// One past the last byte the region touches.
    pub fn span(&self) -> Option<usize> {
        let [w, h, d] = self.extent.map(|v| v as usize);
        let [x, y, z] = self.origin.map(|v| v as usize);
        if w == 0 || h == 0 || d == 0 {
            return None;
        }
        ((z + d - 1) * self.slice_pitch as usize)
            .checked_add((y + h - 1) * self.pitch as usize)?
            .checked_add(x + w)
    }

    pub(crate) fn raw(&self) -> ze_copy_region_t {
        ze_copy_region_t {
            originX: self.origin[0],
            originY: self.origin[1],
            originZ: self.origin[2],
            width: self.extent[0],
            height: self.extent[1],
            depth: self.extent[2],
        }
    }
}
