//! `zeInit`: makes the driver and its devices (once), as the configuration asks.

use crate::abi::*;
use crate::config::config;
use crate::device::{Device, MemoryBudget};
use crate::driver::{self, Driver};
use crate::handle;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::sync::Arc;

/// The driver and its devices, as the configuration asks.
fn build() -> Driver {
    let cfg = config();
    let mut devices = Vec::new();
    for ordinal in 0..cfg.devices {
        let budget = MemoryBudget::new(cfg.memory, None);
        let subdevices = (0..cfg.subdevices)
            .map(|sub| {
                let share =
                    MemoryBudget::new(cfg.memory / cfg.subdevices as u64, Some(budget.clone()));
                handle::create(
                    Arc::new(Device::new(ordinal, Some(sub), share, Vec::new())),
                    0,
                )
            })
            .collect();
        devices.push(handle::create(
            Arc::new(Device::new(ordinal, None, budget, subdevices)),
            0,
        ));
    }
    let mut uuid = *b"lz-cpu-driver\0\0\0";
    uuid[15] = 1;
    crate::leaks::install_exit_report();
    Driver { devices, uuid }
}

pub unsafe extern "C" fn ze_init(flags: ze_init_flags_t) -> ze_result_t {
    entry(names::zeInit, || {
        ensure(flags.0 <= 0x3, INVALID_ENUM)?;
        // This is a CPU device: a request for GPU or VPU drivers only finds none here, unless
        // it says it is a GPU (`LEVEL_ZERO_CPU_DEVICE_TYPE=gpu`).
        let gpu_only = ze_init_flag_t::ZE_INIT_FLAG_GPU_ONLY.0;
        let found = flags.0 == 0 || (flags.0 == gpu_only && crate::config::config().report_gpu);
        ensure(found, ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED)?;
        driver::initialise(build);
        Ok(())
    })
}

/// `zeInitDrivers`: initialises the driver as `zeInit` does when the descriptor's flags select
/// its type, and returns its handle. Level Zero's driver types are GPU and NPU; this driver's
/// device takes GPU work (the loader hands it the requests of `zeInit(0)` and
/// `zeInit(ZE_INIT_FLAG_GPU_ONLY)` as `ZE_INIT_DRIVER_TYPE_FLAG_GPU`), so it answers for
/// `ZE_INIT_DRIVER_TYPE_FLAG_GPU` (or `UINT32_MAX`, every type) and reports no driver for
/// NPU alone.
pub unsafe extern "C" fn ze_init_drivers(
    count: *mut u32,
    drivers: *mut ze_driver_handle_t,
    desc: *mut ze_init_driver_type_desc_t,
) -> ze_result_t {
    entry(names::zeInitDrivers, || {
        ensure(!count.is_null(), NULL_POINTER)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc.cast_const())? };
        let gpu = ze_init_driver_type_flag_t::ZE_INIT_DRIVER_TYPE_FLAG_GPU.0;
        let known = gpu | ze_init_driver_type_flag_t::ZE_INIT_DRIVER_TYPE_FLAG_NPU.0;
        let flags = desc.flags.0;
        ensure(flags != 0, INVALID_ENUM)?;
        ensure(flags == u32::MAX || flags & !known == 0, INVALID_ENUM)?;
        if flags & gpu == 0 {
            // No driver of the types asked for: none is initialised or returned.
            // SAFETY: `count` checked non-null.
            unsafe { count.write(0) };
            return Ok(());
        }
        driver::initialise(build);
        let handle = driver::handle()?;
        // SAFETY: count checked non-null; drivers has room for *count handles (spec contract).
        unsafe { write_array(count, drivers, &[handle]) }
    })
}
