//! Devices and their properties.

use crate::driver::{c_string, list, Driver};
use crate::error::Result;
use level_zero_sys::*;

/// A device (or sub-device) of a driver.
///
/// ```
/// let device = level_zero::default_device()?;
/// let props = device.properties()?;
/// println!("{} ({:?}), {} MiB", props.name, props.kind, device.memory_properties()?[0].total_size >> 20);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Device {
    pub(crate) driver: Driver,
    pub(crate) handle: ze_device_handle_t,
}

// SAFETY: device handles live as long as the driver (the process) and zeDevice* queries may be
// called from simultaneous threads (spec).
unsafe impl Send for Device {}
// SAFETY: as above.
unsafe impl Sync for Device {}

impl PartialEq for Device {
    fn eq(&self, other: &Self) -> bool {
        self.handle == other.handle
    }
}

impl Eq for Device {}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self.properties().map(|p| p.name).unwrap_or_default();
        f.debug_struct("Device")
            .field("handle", &self.handle)
            .field("name", &name)
            .finish()
    }
}

/// The kind of device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    /// A graphics processor.
    Gpu,
    /// A central processor.
    Cpu,
    /// A field-programmable gate array.
    Fpga,
    /// A memory copy accelerator.
    Mca,
    /// A vision processing unit.
    Vpu,
    /// A value this crate does not know.
    Other(u32),
}

impl From<ze_device_type_t> for DeviceKind {
    fn from(t: ze_device_type_t) -> Self {
        match t {
            ze_device_type_t::ZE_DEVICE_TYPE_GPU => DeviceKind::Gpu,
            ze_device_type_t::ZE_DEVICE_TYPE_CPU => DeviceKind::Cpu,
            ze_device_type_t::ZE_DEVICE_TYPE_FPGA => DeviceKind::Fpga,
            ze_device_type_t::ZE_DEVICE_TYPE_MCA => DeviceKind::Mca,
            ze_device_type_t::ZE_DEVICE_TYPE_VPU => DeviceKind::Vpu,
            other => DeviceKind::Other(other.0),
        }
    }
}

/// What a device's command lists and events can do beyond API 1.4 ([`Device::command_features`]):
/// the raw flags of the extension structures (0: none, or not asked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CommandFeatures {
    /// `ze_record_replay_graph_ext_flags_t`: the graphs it records and replays.
    pub graphs: u32,
    /// `ze_mutable_command_exp_flags_t`: what a mutable command list's commands may change.
    pub mutable_commands: u32,
    /// `ze_device_event_properties_flags_t`: counter-based events with external storage, IPC.
    pub counter_based_events: u32,
}

/// General device properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceProperties {
    /// The device's name.
    pub name: String,
    /// What kind of device it is.
    pub kind: DeviceKind,
    /// PCI vendor id.
    pub vendor_id: u32,
    /// PCI device id.
    pub device_id: u32,
    /// Universally unique id.
    pub uuid: [u8; 16],
    /// Whether it is a sub-device of another device.
    pub is_subdevice: bool,
    /// Whether it shares memory with the host (integrated graphics).
    pub is_integrated: bool,
    /// Its index among its parent's sub-devices.
    pub subdevice_id: u32,
    /// Core clock rate, in MHz.
    pub core_clock_mhz: u32,
    /// Largest single allocation, in bytes.
    pub max_mem_alloc_size: u64,
    /// Hardware contexts the device supports.
    pub max_hardware_contexts: u32,
    /// Slices.
    pub num_slices: u32,
    /// Sub-slices per slice.
    pub num_subslices_per_slice: u32,
    /// Execution units per sub-slice.
    pub num_eus_per_subslice: u32,
    /// Hardware threads per execution unit.
    pub num_threads_per_eu: u32,
    /// Physical SIMD width of an execution unit.
    pub physical_eu_simd_width: u32,
    /// Highest command queue priority (0 when priorities are not supported).
    pub max_command_queue_priority: u32,
    /// Whether the device's memory has error correction enabled.
    pub ecc: bool,
    /// Whether the device supports on-demand page faulting.
    pub on_demand_paging: bool,
    /// Timer resolution: nanoseconds per tick (read with the 1.0 properties structure; the 1.2
    /// structure, `ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2`, gives ticks per second instead).
    pub timer_resolution: u64,
    /// Valid bits of global timestamps.
    pub timestamp_valid_bits: u32,
    /// Valid bits of kernel timestamps.
    pub kernel_timestamp_valid_bits: u32,
}

impl DeviceProperties {
    /// Execution units in total (slices × sub-slices × EUs per sub-slice).
    ///
    /// ```
    /// let props = level_zero::default_device()?.properties()?;
    /// assert!(props.eu_count() >= 1);
    /// assert_eq!(props.thread_count(), props.eu_count() * props.num_threads_per_eu);
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn eu_count(&self) -> u32 {
        self.num_slices * self.num_subslices_per_slice * self.num_eus_per_subslice
    }

    /// Hardware threads in total (EUs × threads per EU).
    pub fn thread_count(&self) -> u32 {
        self.eu_count() * self.num_threads_per_eu
    }
}

/// Compute limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputeProperties {
    /// Most work-items in one work-group.
    pub max_total_group_size: u32,
    /// Largest work-group size per dimension.
    pub max_group_size: [u32; 3],
    /// Most work-groups per dimension of a launch.
    pub max_group_count: [u32; 3],
    /// Shared local memory per work-group, in bytes.
    pub max_shared_local_memory: u32,
    /// Sub-group sizes the device supports.
    pub subgroup_sizes: Vec<u32>,
}

/// One memory of a device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryProperties {
    /// Name of the memory (e.g. `"DDR"`).
    pub name: String,
    /// Size in bytes.
    pub total_size: u64,
    /// Clock rate, in MHz.
    pub max_clock_mhz: u32,
    /// Bus width, in bits.
    pub max_bus_width: u32,
}

/// A command queue group (engine type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueGroup {
    /// The group's ordinal (what a queue descriptor names).
    pub ordinal: u32,
    /// Whether its queues run kernels.
    pub compute: bool,
    /// Whether its queues copy memory.
    pub copy: bool,
    /// Whether its queues run cooperative kernels.
    pub cooperative_kernels: bool,
    /// Queues in the group.
    pub num_queues: u32,
    /// Largest fill pattern, in bytes.
    pub max_fill_pattern_size: usize,
}

/// Module (kernel) support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleProperties {
    /// `(major, minor)` of the highest SPIR-V version accepted.
    pub spirv_version: (u32, u32),
    /// Whether kernels may use half precision.
    pub fp16: bool,
    /// Whether kernels may use double precision.
    pub fp64: bool,
    /// Whether kernels may use 64-bit atomics.
    pub int64_atomics: bool,
    /// Largest total size of a kernel's arguments, in bytes.
    pub max_argument_size: u32,
    /// Bytes of `printf` output a launch may produce.
    pub printf_buffer_size: u32,
}

/// One cache of a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheProperties {
    /// Size in bytes.
    pub size: usize,
    /// Whether the program can control it (reserve part of it, or choose its region).
    pub user_control: bool,
}

bitflags::bitflags! {
    /// What a device may do with one kind of memory (`ze_memory_access_cap_flags_t`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct AccessCaps: u32 {
        /// Reads and writes.
        const RW = 1;
        /// Atomic operations.
        const ATOMIC = 2;
        /// Access while another device (or the host) accesses it too.
        const CONCURRENT = 4;
        /// Atomics while another device (or the host) accesses it too.
        const CONCURRENT_ATOMIC = 8;
    }
}

/// What a device may do with each kind of memory (`zeDeviceGetMemoryAccessProperties`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryAccessProperties {
    /// Host allocations.
    pub host: AccessCaps,
    /// Device allocations.
    pub device: AccessCaps,
    /// Shared allocations bound to one device.
    pub shared_single_device: AccessCaps,
    /// Shared allocations reachable from several devices.
    pub shared_cross_device: AccessCaps,
    /// Memory from the system allocator (`malloc`).
    pub shared_system: AccessCaps,
}

/// Free and total device memory, as sysman reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryState {
    /// Free bytes.
    pub free: u64,
    /// Total bytes.
    pub total: u64,
}

impl Driver {
    /// The driver's root devices.
    pub fn devices(&self) -> Result<Vec<Device>> {
        let handles = list(std::ptr::null_mut(), |count, array| {
            // SAFETY: valid driver; count-and-array protocol.
            Ok(unsafe { calls::device::get(&self.api.dispatch, self.handle, count, array) }?)
        })?;
        Ok(handles
            .into_iter()
            .map(|handle| Device {
                driver: self.clone(),
                handle,
            })
            .collect())
    }
}

impl Device {
    /// The raw handle.
    pub fn handle(&self) -> ze_device_handle_t {
        self.handle
    }

    /// The driver the device belongs to.
    pub fn driver(&self) -> &Driver {
        &self.driver
    }

    pub(crate) fn dispatch(&self) -> &Dispatch {
        &self.driver.api.dispatch
    }

    /// The device's properties (`zeDeviceGetProperties`).
    pub fn properties(&self) -> Result<DeviceProperties> {
        let mut p = ze_device_properties_t::default();
        // SAFETY: valid device; `p` is a local with its stype set.
        unsafe { calls::device::get_properties(self.dispatch(), self.handle, &mut p) }?;
        let flag = |f: ze_device_property_flag_t| p.flags.0 & f.0 != 0;
        Ok(DeviceProperties {
            name: c_string(&p.name),
            kind: p.type_.into(),
            vendor_id: p.vendorId,
            device_id: p.deviceId,
            uuid: p.uuid.id,
            is_subdevice: flag(ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE),
            is_integrated: flag(ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_INTEGRATED),
            subdevice_id: p.subdeviceId,
            core_clock_mhz: p.coreClockRate,
            max_mem_alloc_size: p.maxMemAllocSize,
            max_hardware_contexts: p.maxHardwareContexts,
            num_slices: p.numSlices,
            num_subslices_per_slice: p.numSubslicesPerSlice,
            num_eus_per_subslice: p.numEUsPerSubslice,
            num_threads_per_eu: p.numThreadsPerEU,
            physical_eu_simd_width: p.physicalEUSimdWidth,
            max_command_queue_priority: p.maxCommandQueuePriority,
            ecc: flag(ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_ECC),
            on_demand_paging: flag(
                ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_ONDEMANDPAGING,
            ),
            timer_resolution: p.timerResolution,
            timestamp_valid_bits: p.timestampValidBits,
            kernel_timestamp_valid_bits: p.kernelTimestampValidBits,
        })
    }

    /// The API version (major, minor) agreed with the device's driver (through a loader: with
    /// the loader), which decides what of the newer API the crate uses.
    pub fn api_version(&self) -> (u32, u32) {
        level_zero_sys::version_parts(self.dispatch().api_version())
    }

    /// What the device's command lists and events can do beyond API 1.4, asked with the
    /// extension structures of `zeDeviceGetProperties` where the API agreed is 1.15 or newer
    /// (all empty before).
    ///
    /// ```
    /// let dev = level_zero::default_device()?;
    /// let features = dev.command_features()?;
    /// if dev.api_version() >= (1, 17) {
    ///     assert!(features.graphs != 0, "the CPU driver records and replays graphs");
    /// }
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn command_features(&self) -> Result<CommandFeatures> {
        let mut features = CommandFeatures::default();
        if self.dispatch().api_version().0 < ze_api_version_t::ZE_API_VERSION_1_15.0 {
            return Ok(features);
        }
        let mut events = ze_device_event_properties_t::default();
        let mut mutable = ze_mutable_command_list_exp_properties_t {
            pNext: (&mut events as *mut ze_device_event_properties_t).cast(),
            ..Default::default()
        };
        let mut graphs = ze_record_replay_graph_ext_properties_t {
            pNext: (&mut mutable as *mut ze_mutable_command_list_exp_properties_t).cast(),
            ..Default::default()
        };
        let mut p = ze_device_properties_t {
            pNext: (&mut graphs as *mut ze_record_replay_graph_ext_properties_t).cast(),
            ..Default::default()
        };
        // SAFETY: valid device; `p` and its chain are locals with their stypes set.
        unsafe { calls::device::get_properties(self.dispatch(), self.handle, &mut p) }?;
        features.graphs = graphs.graphFlags.0;
        features.mutable_commands = mutable.mutableCommandFlags.0;
        features.counter_based_events = events.flags.0;
        Ok(features)
    }

    /// Work-group limits (`zeDeviceGetComputeProperties`).
    pub fn compute_properties(&self) -> Result<ComputeProperties> {
        let mut p = ze_device_compute_properties_t::default();
        // SAFETY: valid device; local out-structure.
        unsafe { calls::device::get_compute_properties(self.dispatch(), self.handle, &mut p) }?;
        Ok(ComputeProperties {
            max_total_group_size: p.maxTotalGroupSize,
            max_group_size: [p.maxGroupSizeX, p.maxGroupSizeY, p.maxGroupSizeZ],
            max_group_count: [p.maxGroupCountX, p.maxGroupCountY, p.maxGroupCountZ],
            max_shared_local_memory: p.maxSharedLocalMemory,
            subgroup_sizes: p.subGroupSizes[..(p.numSubGroupSizes as usize).min(8)].to_vec(),
        })
    }

    /// What kernels may use (`zeDeviceGetModuleProperties`).
    pub fn module_properties(&self) -> Result<ModuleProperties> {
        let mut p = ze_device_module_properties_t::default();
        // SAFETY: valid device; local out-structure.
        unsafe { calls::device::get_module_properties(self.dispatch(), self.handle, &mut p) }?;
        let has = |f: ze_device_module_flag_t| p.flags.0 & f.0 != 0;
        Ok(ModuleProperties {
            spirv_version: (
                p.spirvVersionSupported >> 16,
                p.spirvVersionSupported & 0xffff,
            ),
            fp16: has(ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_FP16),
            fp64: has(ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_FP64),
            int64_atomics: has(ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS),
            max_argument_size: p.maxArgumentsSize,
            printf_buffer_size: p.printfBufferSize,
        })
    }

    /// The device's memories (`zeDeviceGetMemoryProperties`).
    pub fn memory_properties(&self) -> Result<Vec<MemoryProperties>> {
        let template = ze_device_memory_properties_t::default();
        let items = list(template, |count, array| {
            // SAFETY: valid device; count-and-array protocol with stype-initialised entries.
            Ok(unsafe {
                calls::device::get_memory_properties(self.dispatch(), self.handle, count, array)
            }?)
        })?;
        Ok(items
            .iter()
            .map(|m| MemoryProperties {
                name: c_string(&m.name),
                total_size: m.totalSize,
                max_clock_mhz: m.maxClockRate,
                max_bus_width: m.maxBusWidth,
            })
            .collect())
    }

    /// The device's caches (`zeDeviceGetCacheProperties`).
    ///
    /// ```
    /// let caches = level_zero::default_device()?.cache_properties()?;
    /// println!("{} cache(s), first {} KiB", caches.len(), caches.first().map_or(0, |c| c.size >> 10));
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn cache_properties(&self) -> Result<Vec<CacheProperties>> {
        let template = ze_device_cache_properties_t::default();
        let items = list(template, |count, array| {
            // SAFETY: valid device; count-and-array protocol with stype-initialised entries.
            Ok(unsafe {
                calls::device::get_cache_properties(self.dispatch(), self.handle, count, array)
            }?)
        })?;
        let user = ze_device_cache_property_flag_t::ZE_DEVICE_CACHE_PROPERTY_FLAG_USER_CONTROL;
        Ok(items
            .iter()
            .map(|c| CacheProperties {
                size: c.cacheSize,
                user_control: c.flags.0 & user.0 != 0,
            })
            .collect())
    }

    /// What the device may do with host, device, shared and system memory
    /// (`zeDeviceGetMemoryAccessProperties`).
    ///
    /// ```
    /// use level_zero::AccessCaps;
    /// let access = level_zero::default_device()?.memory_access_properties()?;
    /// assert!(access.device.contains(AccessCaps::RW));
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn memory_access_properties(&self) -> Result<MemoryAccessProperties> {
        let mut p = ze_device_memory_access_properties_t::default();
        // SAFETY: valid device; local out-structure with its stype set.
        unsafe {
            calls::device::get_memory_access_properties(self.dispatch(), self.handle, &mut p)
        }?;
        let caps = |f: ze_memory_access_cap_flags_t| AccessCaps::from_bits_truncate(f.0);
        Ok(MemoryAccessProperties {
            host: caps(p.hostAllocCapabilities),
            device: caps(p.deviceAllocCapabilities),
            shared_single_device: caps(p.sharedSingleDeviceAllocCapabilities),
            shared_cross_device: caps(p.sharedCrossDeviceAllocCapabilities),
            shared_system: caps(p.sharedSystemAllocCapabilities),
        })
    }

    /// The device's queue groups (`zeDeviceGetCommandQueueGroupProperties`).
    pub fn queue_groups(&self) -> Result<Vec<QueueGroup>> {
        let template = ze_command_queue_group_properties_t::default();
        let items = list(template, |count, array| {
            // SAFETY: valid device; count-and-array protocol with stype-initialised entries.
            Ok(unsafe {
                calls::device::get_command_queue_group_properties(
                    self.dispatch(),
                    self.handle,
                    count,
                    array,
                )
            }?)
        })?;
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let has = |f: ze_command_queue_group_property_flag_t| g.flags.0 & f.0 != 0;
                QueueGroup {
                    ordinal: i as u32,
                    compute: has(ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE),
                    copy: has(ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY),
                    cooperative_kernels: has(ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COOPERATIVE_KERNELS),
                    num_queues: g.numQueues,
                    max_fill_pattern_size: g.maxMemoryFillPatternSize,
                }
            })
            .collect())
    }

    /// The first queue group that can run kernels.
    pub fn compute_ordinal(&self) -> Result<u32> {
        Ok(self
            .queue_groups()?
            .iter()
            .find(|g| g.compute)
            .map_or(0, |g| g.ordinal))
    }

    /// The device's sub-devices (none for a device that is not partitioned).
    pub fn subdevices(&self) -> Result<Vec<Device>> {
        let handles = list(std::ptr::null_mut(), |count, array| {
            // SAFETY: valid device; count-and-array protocol.
            Ok(unsafe {
                calls::device::get_sub_devices(self.dispatch(), self.handle, count, array)
            }?)
        })?;
        Ok(handles
            .into_iter()
            .map(|handle| Device {
                driver: self.driver.clone(),
                handle,
            })
            .collect())
    }

    /// Whether this device can access `peer`'s memory.
    pub fn can_access_peer(&self, peer: &Device) -> Result<bool> {
        // SAFETY: both handles are valid devices.
        let value =
            unsafe { calls::device::can_access_peer(self.dispatch(), self.handle, peer.handle) }?;
        Ok(value != 0)
    }

    /// `Ok` while the device is usable; [`Error::DeviceLost`](crate::Error::DeviceLost) when
    /// the driver reports it lost (`zeDeviceGetStatus`), with the driver's description of the
    /// failure. The CPU driver reports a device lost from a failed command on it (a kernel's
    /// fault, a hang) until a context including the device is created (such as the new
    /// default context of [`recover`](crate::recover)); the lost context itself stays lost
    /// ([`Context::status`](crate::Context::status)).
    ///
    /// ```
    /// level_zero::default_device()?.status()?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn status(&self) -> Result<()> {
        // SAFETY: valid device.
        match unsafe { calls::device::get_status(self.dispatch(), self.handle) } {
            Ok(()) => Ok(()),
            Err(e) => {
                let e = crate::error::Error::from(e);
                match crate::error::lost_fault(&e) {
                    Some(fault) => Err(crate::error::Error::DeviceLost { fault }),
                    None => Err(e),
                }
            }
        }
    }

    /// `(host, device)` timestamps taken together.
    pub fn global_timestamps(&self) -> Result<(u64, u64)> {
        // SAFETY: valid device.
        Ok(unsafe { calls::device::get_global_timestamps(self.dispatch(), self.handle) }?)
    }

    /// Free and total memory of the device, from the sysman memory modules, if the driver
    /// reports them; `Ok(None)` when it does not.
    pub fn memory_state(&self) -> Result<Option<MemoryState>> {
        let Some(sysman) = self.dispatch().sysman() else {
            return Ok(None);
        };
        let (Some(enumerate), Some(get_state)) = (
            sysman.device.pfnEnumMemoryModules,
            sysman.memory.pfnGetState,
        ) else {
            return Ok(None);
        };
        let modules = list(std::ptr::null_mut(), |count, array| {
            // SAFETY: a device handle is a valid sysman device handle on drivers that report
            // sysman tables; count-and-array protocol.
            let r = unsafe { enumerate(self.handle.cast(), count, array) };
            Ok(ZeError::check("zesDeviceEnumMemoryModules", r)?)
        });
        // A loader without sysman initialised answers "uninitialized": no figures, not an error.
        let Ok(modules) = modules else {
            return Ok(None);
        };
        let mut total = MemoryState { free: 0, total: 0 };
        for module in modules {
            let mut state = zes_mem_state_t::default();
            // SAFETY: `module` came from the enumeration above; `state` is a local.
            let r = unsafe { get_state(module, &mut state) };
            ZeError::check("zesMemoryGetState", r)?;
            total.free += state.free;
            total.total += state.size;
        }
        Ok(Some(total))
    }
}
