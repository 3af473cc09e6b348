//! The `extern "C"` entry points of `fence` (see [`crate::fence`]).

use crate::abi::*;
use crate::fence::*;
use crate::handle::{self};
use crate::sync::{timeout_from_ns, NOTIFIER};
use level_zero_sys::ddi::names;
use level_zero_sys::*;

pub unsafe extern "C" fn fence_destroy(f: ze_fence_handle_t) -> ze_result_t {
    entry(names::zeFenceDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<Fence, _>(f).map(drop)
    })
}

pub unsafe extern "C" fn fence_host_synchronize(f: ze_fence_handle_t, timeout: u64) -> ze_result_t {
    entry(names::zeFenceHostSynchronize, || {
        let f = fence(f)?;
        if timeout == u64::MAX {
            f.engine.help(&|| f.is_signalled());
        }
        if !NOTIFIER.wait_until(|| f.is_signalled(), timeout_from_ns(timeout)) {
            return Err(ze_result_t::ZE_RESULT_NOT_READY);
        }
        f.status()
    })
}

pub unsafe extern "C" fn fence_query_status(f: ze_fence_handle_t) -> ze_result_t {
    entry(names::zeFenceQueryStatus, || fence(f)?.status())
}

pub unsafe extern "C" fn fence_reset(f: ze_fence_handle_t) -> ze_result_t {
    entry(names::zeFenceReset, || {
        fence(f)?.reset();
        Ok(())
    })
}
