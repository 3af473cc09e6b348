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
        // This is a CPU device: a request for GPU or VPU drivers only finds none here.
        ensure(flags.0 == 0, ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED)?;
        driver::initialise(build);
        Ok(())
    })
}
