//! The `extern "C"` entry points of `sampler` (see [`crate::sampler`]).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::handle;
use crate::sampler::Sampler;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::sync::Arc;

pub unsafe extern "C" fn sampler_create(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    desc: *const ze_sampler_desc_t,
    out: *mut ze_sampler_handle_t,
) -> ze_result_t {
    entry(names::zeSamplerCreate, || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(ctx.has_device_handle(dev), INVALID_ARGUMENT)?;
        // SAFETY: the caller's descriptor, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(!out.is_null(), NULL_POINTER)?;
        let sampler = Sampler::new(desc)?;
        // SAFETY: `out` is non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(sampler), ctx.id())) };
        Ok(())
    })
}

pub unsafe extern "C" fn sampler_destroy(s: ze_sampler_handle_t) -> ze_result_t {
    entry(names::zeSamplerDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<Sampler, _>(s).map(drop)
    })
}
