//! Samplers (`zeSamplerCreate`): a sampler is what a kernel's `sampler_t` parameter receives,
//! OpenCL's sampler bits ([`Sampler::bits`]), the same encoding as a literal sampler
//! (`OpConstantSampler`) of the kernel's own. This device has no images, so no kernel reads
//! an image through one; a kernel may take one, pass it on, or ignore it.

use crate::abi::*;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;

/// A sampler of a context.
pub struct Sampler {
    /// OpenCL's sampler bits: `CLK_NORMALIZED_COORDS_TRUE` 1, `CLK_ADDRESS_*` (0 none, 2 clamp
    /// to edge, 4 clamp to border, 6 repeat, 8 mirrored repeat), `CLK_FILTER_NEAREST` 0x10 or
    /// `CLK_FILTER_LINEAR` 0x20.
    pub bits: u32,
}

impl Object for Sampler {
    const KIND: HandleKind = HandleKind::Sampler;
}

impl Sampler {
    /// The sampler `desc` describes; `INVALID_ENUMERATION` for an address or filter mode the
    /// spec does not define.
    pub fn new(desc: &ze_sampler_desc_t) -> ZeResult<Sampler> {
        use ze_sampler_address_mode_t as A;
        use ze_sampler_filter_mode_t as F;
        // Level Zero's modes as SPIR-V's sampler addressing modes (`CLAMP` clamps to the
        // edge, `CLAMP_TO_BORDER` is OpenCL's `CLK_ADDRESS_CLAMP`).
        let addressing = match desc.addressMode {
            A::ZE_SAMPLER_ADDRESS_MODE_NONE => 0,
            A::ZE_SAMPLER_ADDRESS_MODE_CLAMP => 1,
            A::ZE_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER => 2,
            A::ZE_SAMPLER_ADDRESS_MODE_REPEAT => 3,
            A::ZE_SAMPLER_ADDRESS_MODE_MIRROR => 4,
            _ => return Err(INVALID_ENUM),
        };
        let filter = match desc.filterMode {
            F::ZE_SAMPLER_FILTER_MODE_NEAREST => 0,
            F::ZE_SAMPLER_FILTER_MODE_LINEAR => 1,
            _ => return Err(INVALID_ENUM),
        };
        let normalized = u32::from(desc.isNormalized != 0);
        let bits = spirv_exec::sampler_bits(addressing, normalized, filter).ok_or(INVALID_ENUM)?;
        Ok(Sampler { bits })
    }
}

/// The live sampler `h` names.
pub fn sampler(h: ze_sampler_handle_t) -> ZeResult<std::sync::Arc<Sampler>> {
    crate::driver::initialised()?;
    handle::get::<Sampler, _>(h)
}
