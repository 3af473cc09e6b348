//! Sysman memory modules (`zesDeviceEnumMemoryModules`, `zesMemoryGetProperties`,
//! `zesMemoryGetState`): where the exact free and total device memory is reported.
//! Device handles double as sysman device handles.

use crate::abi::*;
use crate::device::Device;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// The memory module of one device.
pub struct MemoryModule {
    pub device: Arc<Device>,
}

impl Object for MemoryModule {
    const KIND: HandleKind = HandleKind::MemoryModule;
}

/// Device handle → its memory module's handle (created on first enumeration, kept for the
/// life of the process like the device itself).
static MODULES: LazyLock<Mutex<HashMap<usize, usize>>> = LazyLock::new(Default::default);

/// The memory module of `device` (handle address `dev`): made at the first enumeration, kept
/// for the life of the process like the device itself.
pub fn module_of(dev: usize, device: Arc<Device>) -> zes_mem_handle_t {
    *MODULES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(dev)
        .or_insert_with(|| handle::create::<_, ()>(Arc::new(MemoryModule { device }), 0) as usize)
        as zes_mem_handle_t
}

pub fn module(h: zes_mem_handle_t) -> ZeResult<Arc<MemoryModule>> {
    crate::driver::initialised()?;
    handle::get::<MemoryModule, _>(h)
}
