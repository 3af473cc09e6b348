//! What `ze-info` reports: the backend, its drivers, their devices and sub-devices, gathered
//! through the safe layer into plain records that serialise to JSON and print as text.

pub use crate::names::{known_driver, timer_text, vendor_name, vendor_text, TimerUnit};
use level_zero::sys::{calls, ze_device_properties_t};
use level_zero::{AccessCaps, Api, Device, Driver};
use onearray::human;
use serde::Serialize;
use std::fmt::Write as _;

/// Everything `ze-info` shows.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The backend the process uses.
    pub backend: BackendInfo,
    /// Its drivers.
    pub drivers: Vec<DriverInfo>,
}

/// The backend and why it was chosen.
#[derive(Clone, Debug, Serialize)]
pub struct BackendInfo {
    /// Where the API came from (the loader, a driver library, the in-process CPU driver).
    pub source: String,
    /// What was asked for (`ONEAPI_RS_BACKEND` or code).
    pub choice: String,
    /// Why this backend (what was tried before it).
    pub reason: String,
    /// The newest API version this stack's types describe, which it asks the source for first.
    pub requested_api_version: String,
    /// The API version agreed with the source (the newest both know): entries newer than it
    /// are not called.
    pub api_version: String,
}

/// One driver.
#[derive(Clone, Debug, Serialize)]
pub struct DriverInfo {
    /// Its index among the backend's drivers.
    pub index: usize,
    /// Its UUID.
    pub uuid: String,
    /// The driver's own version number.
    pub driver_version: u32,
    /// The API version it implements.
    pub api_version: String,
    /// Its extensions: name and version.
    pub extensions: Vec<Extension>,
    /// Its root devices.
    pub devices: Vec<DeviceInfo>,
}

/// One extension of a driver.
#[derive(Clone, Debug, Serialize)]
pub struct Extension {
    /// Its name (`ZE_extension_...`).
    pub name: String,
    /// Its version, `major.minor`.
    pub version: String,
}

/// One device or sub-device.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceInfo {
    /// Its index among its parent's devices (or sub-devices).
    pub index: usize,
    /// Its name.
    pub name: String,
    /// `GPU`, `CPU`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// PCI vendor id as the driver reports it (`0x8086` is Intel's).
    pub vendor_id: String,
    /// The vendor's name, only where the id is well known and truly the maker's (not for a
    /// driver `ze-info` knows to borrow it: see `known_driver`).
    pub vendor: Option<String>,
    /// The driver, where `ze-info` recognises it by what the device says of itself.
    pub known_driver: Option<String>,
    /// The vendor id as a number.
    #[serde(skip)]
    pub vendor_number: u32,
    /// PCI device id.
    pub device_id: String,
    /// Its UUID.
    pub uuid: String,
    /// Whether it is a sub-device (a tile).
    pub is_subdevice: bool,
    /// Its index among its parent's sub-devices.
    pub subdevice_id: u32,
    /// Whether it shares memory with the host.
    pub is_integrated: bool,
    /// ECC enabled.
    pub ecc: bool,
    /// On-demand page faulting.
    pub on_demand_paging: bool,
    /// Core clock, MHz.
    pub core_clock_mhz: u32,
    /// Slices.
    pub slices: u32,
    /// Sub-slices per slice.
    pub subslices_per_slice: u32,
    /// EUs per sub-slice.
    pub eus_per_subslice: u32,
    /// Hardware threads per EU.
    pub threads_per_eu: u32,
    /// Physical SIMD width of an EU.
    pub simd_width: u32,
    /// EUs in total.
    pub eu_count: u32,
    /// Hardware threads in total.
    pub thread_count: u32,
    /// Largest single allocation, bytes.
    pub max_mem_alloc_size: u64,
    /// Hardware contexts.
    pub max_hardware_contexts: u32,
    /// Highest command queue priority.
    pub max_command_queue_priority: u32,
    /// Timer resolution as the driver reports it, in `timer_unit`.
    pub timer_resolution: u64,
    /// `Hz` (ticks per second: the 1.2 structure, asked of drivers of API 1.2 on) or `ns`
    /// (nanoseconds per tick: the 1.0 structure, for older drivers).
    pub timer_unit: TimerUnit,
    /// Valid bits of global timestamps.
    pub timestamp_valid_bits: u32,
    /// Valid bits of kernel timestamps.
    pub kernel_timestamp_valid_bits: u32,
    /// What its command lists and events can do beyond API 1.4 (graphs, mutable commands,
    /// counter-based events), by name; empty where the API agreed is older than 1.15.
    pub command_features: Vec<String>,
    /// Work-group limits.
    pub compute: ComputeInfo,
    /// Kernel support.
    pub module: ModuleInfo,
    /// Its memories.
    pub memories: Vec<MemoryInfo>,
    /// Free and total memory from sysman, where the driver reports it.
    pub memory_state: Option<MemoryStateInfo>,
    /// What the device may do with each kind of memory.
    pub memory_access: AccessInfo,
    /// Its caches.
    pub caches: Vec<CacheInfo>,
    /// Its command queue groups.
    pub queue_groups: Vec<QueueGroupInfo>,
    /// Its sub-devices.
    pub subdevices: Vec<DeviceInfo>,
}

/// Work-group limits.
#[derive(Clone, Debug, Serialize)]
pub struct ComputeInfo {
    /// Most work-items in a group.
    pub max_total_group_size: u32,
    /// Largest group per dimension.
    pub max_group_size: [u32; 3],
    /// Most groups per dimension.
    pub max_group_count: [u32; 3],
    /// Shared local memory per group, bytes.
    pub max_shared_local_memory: u32,
    /// Sub-group sizes.
    pub subgroup_sizes: Vec<u32>,
}

/// Kernel support.
#[derive(Clone, Debug, Serialize)]
pub struct ModuleInfo {
    /// Highest SPIR-V version accepted.
    pub spirv_version: String,
    /// Half precision.
    pub fp16: bool,
    /// Double precision.
    pub fp64: bool,
    /// 64-bit atomics.
    pub int64_atomics: bool,
    /// Largest total argument size, bytes.
    pub max_argument_size: u32,
}

/// One memory of a device.
#[derive(Clone, Debug, Serialize)]
pub struct MemoryInfo {
    /// Its name.
    pub name: String,
    /// Size, bytes.
    pub total_size: u64,
    /// Clock, MHz.
    pub max_clock_mhz: u32,
    /// Bus width, bits.
    pub max_bus_width: u32,
}

/// Free and total memory.
#[derive(Clone, Debug, Serialize)]
pub struct MemoryStateInfo {
    /// Free bytes.
    pub free: u64,
    /// Total bytes.
    pub total: u64,
}

/// Access capabilities per kind of memory, each a list of `rw`, `atomic`, `concurrent`,
/// `concurrent_atomic`.
#[derive(Clone, Debug, Serialize)]
pub struct AccessInfo {
    /// Host allocations.
    pub host: Vec<&'static str>,
    /// Device allocations.
    pub device: Vec<&'static str>,
    /// Shared allocations, one device.
    pub shared_single_device: Vec<&'static str>,
    /// Shared allocations, several devices.
    pub shared_cross_device: Vec<&'static str>,
    /// System (`malloc`) memory.
    pub shared_system: Vec<&'static str>,
}

/// One cache.
#[derive(Clone, Debug, Serialize)]
pub struct CacheInfo {
    /// Size, bytes.
    pub size: u64,
    /// Whether the program can control it.
    pub user_control: bool,
}

/// One command queue group.
#[derive(Clone, Debug, Serialize)]
pub struct QueueGroupInfo {
    /// Its ordinal.
    pub ordinal: u32,
    /// What its queues do: `compute`, `copy`, `cooperative`.
    pub capabilities: Vec<&'static str>,
    /// Queues in the group.
    pub num_queues: u32,
    /// Largest fill pattern, bytes.
    pub max_fill_pattern_size: usize,
}

fn hex_uuid(bytes: &[u8; 16]) -> String {
    // Byte 0 first, grouped 4-2-2-2-6 (as clinfo prints cl_khr_device_uuid).
    let mut s = String::with_capacity(36);
    for (i, b) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            s.push('-');
        }
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// `timerResolution` read with the structure of `unit`.
fn read_timer(dev: &Device, unit: TimerUnit) -> level_zero::Result<u64> {
    let mut p = ze_device_properties_t {
        stype: unit.stype(),
        ..Default::default()
    };
    let api = dev.driver().api();
    // SAFETY: a live device of `api`'s driver; `p` is a local structure with its stype set
    // and no chain.
    unsafe { calls::device::get_properties(api.dispatch(), dev.handle(), &mut p) }?;
    Ok(p.timerResolution)
}

/// The timer resolution in the unit of a driver of API `api`: in hertz from 1.2 on (in
/// nanoseconds if such a driver refuses the 1.2 structure).
fn timer(dev: &Device, api: (u32, u32)) -> level_zero::Result<(u64, TimerUnit)> {
    let unit = TimerUnit::at(api);
    match read_timer(dev, unit) {
        Ok(v) => Ok((v, unit)),
        Err(_) if unit == TimerUnit::Hertz => Ok((
            read_timer(dev, TimerUnit::NanosecondsPerTick)?,
            TimerUnit::NanosecondsPerTick,
        )),
        Err(e) => Err(e),
    }
}

fn caps(c: AccessCaps) -> Vec<&'static str> {
    [
        (AccessCaps::RW, "rw"),
        (AccessCaps::ATOMIC, "atomic"),
        (AccessCaps::CONCURRENT, "concurrent"),
        (AccessCaps::CONCURRENT_ATOMIC, "concurrent_atomic"),
    ]
    .into_iter()
    .filter(|(f, _)| c.contains(*f))
    .map(|(_, n)| n)
    .collect()
}

fn version(v: (u32, u32)) -> String {
    format!("{}.{}", v.0, v.1)
}

impl Report {
    /// Gathers the report of `api` (the process-wide backend in `ze-info`).
    pub fn gather(api: &Api, drivers: &[Driver]) -> level_zero::Result<Report> {
        let backend = BackendInfo {
            source: api.source().to_string(),
            choice: format!("{:?}", api.choice()),
            reason: api.reason().to_string(),
            requested_api_version: version(level_zero::sys::version_parts(
                level_zero::sys::API_VERSION,
            )),
            api_version: version(level_zero::sys::version_parts(api.dispatch().api_version())),
        };
        let drivers = drivers
            .iter()
            .enumerate()
            .map(|(index, d)| DriverInfo::gather(index, d))
            .collect::<level_zero::Result<_>>()?;
        Ok(Report { backend, drivers })
    }

    /// The report as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain records always serialise")
    }

    /// The report as indented text, one property a line.
    pub fn to_text(&self) -> String {
        let mut out = Text::default();
        let b = &self.backend;
        out.line(0, "Backend", &b.source);
        out.line(1, "Chosen", &b.choice);
        out.line(1, "Why", &b.reason);
        out.line(1, "API version asked for", &b.requested_api_version);
        out.line(1, "API version agreed", &b.api_version);
        out.line(0, "Drivers", self.drivers.len());
        for d in &self.drivers {
            out.heading(0, &format!("Driver {}", d.index));
            out.line(1, "UUID", &d.uuid);
            out.line(1, "Driver version", d.driver_version);
            out.line(1, "API version", &d.api_version);
            let ext: Vec<String> = d
                .extensions
                .iter()
                .map(|e| format!("{} {}", e.name, e.version))
                .collect();
            out.line(1, "Extensions", ext.len());
            for e in &ext {
                out.item(2, e);
            }
            out.line(1, "Devices", d.devices.len());
            for dev in &d.devices {
                dev.text(&mut out, 1, &format!("Device {}", dev.index));
            }
        }
        out.0
    }
}

impl DriverInfo {
    fn gather(index: usize, d: &Driver) -> level_zero::Result<DriverInfo> {
        let p = d.properties()?;
        let devices = d
            .devices()?
            .iter()
            .enumerate()
            .map(|(i, dev)| DeviceInfo::gather(i, dev, p.api_version))
            .collect::<level_zero::Result<_>>()?;
        Ok(DriverInfo {
            index,
            uuid: hex_uuid(&p.uuid),
            driver_version: p.driver_version,
            api_version: version(p.api_version),
            extensions: d
                .extensions()?
                .into_iter()
                .map(|(name, v)| Extension {
                    name,
                    version: version(level_zero::sys::version_parts(
                        level_zero::sys::ze_api_version_t(v),
                    )),
                })
                .collect(),
            devices,
        })
    }
}

impl DeviceInfo {
    fn gather(index: usize, dev: &Device, api: (u32, u32)) -> level_zero::Result<DeviceInfo> {
        let p = dev.properties()?;
        let driver = known_driver(&p.name, &p.uuid);
        let (timer_resolution, timer_unit) = timer(dev, api)?;
        let c = dev.compute_properties()?;
        let m = dev.module_properties()?;
        let a = dev.memory_access_properties()?;
        let command_features = feature_names(&dev.command_features()?);
        Ok(DeviceInfo {
            command_features,
            index,
            name: p.name.clone(),
            kind: format!("{:?}", p.kind).to_uppercase(),
            vendor_id: format!("{:#06x}", p.vendor_id),
            vendor: vendor_name(p.vendor_id, driver).map(String::from),
            known_driver: driver.map(String::from),
            vendor_number: p.vendor_id,
            device_id: format!("{:#06x}", p.device_id),
            uuid: hex_uuid(&p.uuid),
            is_subdevice: p.is_subdevice,
            subdevice_id: p.subdevice_id,
            is_integrated: p.is_integrated,
            ecc: p.ecc,
            on_demand_paging: p.on_demand_paging,
            core_clock_mhz: p.core_clock_mhz,
            slices: p.num_slices,
            subslices_per_slice: p.num_subslices_per_slice,
            eus_per_subslice: p.num_eus_per_subslice,
            threads_per_eu: p.num_threads_per_eu,
            simd_width: p.physical_eu_simd_width,
            eu_count: p.eu_count(),
            thread_count: p.thread_count(),
            max_mem_alloc_size: p.max_mem_alloc_size,
            max_hardware_contexts: p.max_hardware_contexts,
            max_command_queue_priority: p.max_command_queue_priority,
            timer_resolution,
            timer_unit,
            timestamp_valid_bits: p.timestamp_valid_bits,
            kernel_timestamp_valid_bits: p.kernel_timestamp_valid_bits,
            compute: ComputeInfo {
                max_total_group_size: c.max_total_group_size,
                max_group_size: c.max_group_size,
                max_group_count: c.max_group_count,
                max_shared_local_memory: c.max_shared_local_memory,
                subgroup_sizes: c.subgroup_sizes,
            },
            module: ModuleInfo {
                spirv_version: version(m.spirv_version),
                fp16: m.fp16,
                fp64: m.fp64,
                int64_atomics: m.int64_atomics,
                max_argument_size: m.max_argument_size,
            },
            memories: dev
                .memory_properties()?
                .into_iter()
                .map(|m| MemoryInfo {
                    name: m.name,
                    total_size: m.total_size,
                    max_clock_mhz: m.max_clock_mhz,
                    max_bus_width: m.max_bus_width,
                })
                .collect(),
            memory_state: dev.memory_state()?.map(|s| MemoryStateInfo {
                free: s.free,
                total: s.total,
            }),
            memory_access: AccessInfo {
                host: caps(a.host),
                device: caps(a.device),
                shared_single_device: caps(a.shared_single_device),
                shared_cross_device: caps(a.shared_cross_device),
                shared_system: caps(a.shared_system),
            },
            caches: dev
                .cache_properties()?
                .into_iter()
                .map(|c| CacheInfo {
                    size: c.size as u64,
                    user_control: c.user_control,
                })
                .collect(),
            queue_groups: dev
                .queue_groups()?
                .into_iter()
                .map(|g| QueueGroupInfo {
                    ordinal: g.ordinal,
                    capabilities: [
                        (g.compute, "compute"),
                        (g.copy, "copy"),
                        (g.cooperative_kernels, "cooperative"),
                    ]
                    .into_iter()
                    .filter(|(on, _)| *on)
                    .map(|(_, n)| n)
                    .collect(),
                    num_queues: g.num_queues,
                    max_fill_pattern_size: g.max_fill_pattern_size,
                })
                .collect(),
            subdevices: dev
                .subdevices()?
                .iter()
                .enumerate()
                .map(|(i, s)| DeviceInfo::gather(i, s, api))
                .collect::<level_zero::Result<_>>()?,
        })
    }

    fn text(&self, out: &mut Text, depth: usize, title: &str) {
        out.heading(depth, &format!("{title}: {}", self.name));
        let d = depth + 1;
        out.line(d, "Type", &self.kind);
        out.line(
            d,
            "Vendor",
            vendor_text(self.vendor_number, self.known_driver.as_deref()),
        );
        out.line(d, "Device id", &self.device_id);
        out.line(d, "UUID", &self.uuid);
        let mut flags = vec![];
        for (on, name) in [
            (self.is_subdevice, "sub-device"),
            (self.is_integrated, "integrated"),
            (self.ecc, "ECC"),
            (self.on_demand_paging, "on-demand paging"),
        ] {
            if on {
                flags.push(name);
            }
        }
        out.line(d, "Flags", flags.join(", "));
        out.line(d, "Core clock", format!("{} MHz", self.core_clock_mhz));
        out.line(
            d,
            "Slices x sub-slices x EUs",
            format!(
                "{} x {} x {} = {} EUs",
                self.slices, self.subslices_per_slice, self.eus_per_subslice, self.eu_count
            ),
        );
        out.line(
            d,
            "Threads",
            format!(
                "{} per EU, {} in all, SIMD width {}",
                self.threads_per_eu, self.thread_count, self.simd_width
            ),
        );
        out.line(d, "Max allocation", human(self.max_mem_alloc_size as usize));
        out.line(d, "Hardware contexts", self.max_hardware_contexts);
        out.line(d, "Max queue priority", self.max_command_queue_priority);
        out.line(
            d,
            "Timers",
            format!(
                "{}, {} valid bits ({} in kernels)",
                timer_text(self.timer_resolution, self.timer_unit),
                self.timestamp_valid_bits,
                self.kernel_timestamp_valid_bits
            ),
        );
        if !self.command_features.is_empty() {
            out.line(d, "Command features", self.command_features.join(", "));
        }
        let c = &self.compute;
        out.line(d, "Max work-group size", c.max_total_group_size);
        out.line(d, "Max work-group dims", format!("{:?}", c.max_group_size));
        out.line(d, "Max group count", format!("{:?}", c.max_group_count));
        out.line(
            d,
            "Shared local memory",
            human(c.max_shared_local_memory as usize),
        );
        out.line(d, "Sub-group sizes", format!("{:?}", c.subgroup_sizes));
        let m = &self.module;
        out.line(d, "SPIR-V", &m.spirv_version);
        let fp: Vec<&str> = [
            (m.fp16, "fp16"),
            (m.fp64, "fp64"),
            (m.int64_atomics, "int64 atomics"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, n)| n)
        .collect();
        out.line(d, "Kernel features", fp.join(", "));
        out.line(
            d,
            "Max kernel arguments",
            human(m.max_argument_size as usize),
        );
        out.line(d, "Memories", self.memories.len());
        for mem in &self.memories {
            out.item(
                d + 1,
                &format!(
                    "{}: {}, {} MHz, {}-bit bus",
                    if mem.name.is_empty() {
                        "(unnamed)"
                    } else {
                        &mem.name
                    },
                    human(mem.total_size as usize),
                    mem.max_clock_mhz,
                    mem.max_bus_width
                ),
            );
        }
        if let Some(s) = &self.memory_state {
            out.line(
                d,
                "Memory free",
                format!("{} of {}", human(s.free as usize), human(s.total as usize)),
            );
        }
        let a = &self.memory_access;
        out.line(d, "Memory access", "");
        for (name, caps) in [
            ("host", &a.host),
            ("device", &a.device),
            ("shared (one device)", &a.shared_single_device),
            ("shared (cross-device)", &a.shared_cross_device),
            ("system", &a.shared_system),
        ] {
            out.line(
                d + 1,
                name,
                if caps.is_empty() {
                    "none".into()
                } else {
                    caps.join(", ")
                },
            );
        }
        out.line(d, "Caches", self.caches.len());
        for cache in &self.caches {
            out.item(
                d + 1,
                &format!(
                    "{}{}",
                    human(cache.size as usize),
                    if cache.user_control {
                        " (user control)"
                    } else {
                        ""
                    }
                ),
            );
        }
        out.line(d, "Queue groups", self.queue_groups.len());
        for g in &self.queue_groups {
            out.item(
                d + 1,
                &format!(
                    "{}: {}, {} queue(s), fill pattern up to {} B",
                    g.ordinal,
                    g.capabilities.join(" + "),
                    g.num_queues,
                    g.max_fill_pattern_size
                ),
            );
        }
        out.line(d, "Sub-devices", self.subdevices.len());
        for s in &self.subdevices {
            s.text(out, d, &format!("Sub-device {}", s.index));
        }
    }
}

/// Text output: headings, and `name  value` lines with the values aligned.
#[derive(Default)]
struct Text(String);

const VALUE_COLUMN: usize = 34;

impl Text {
    fn heading(&mut self, depth: usize, title: &str) {
        let _ = writeln!(self.0, "{:indent$}{title}", "", indent = depth * 2);
    }

    fn line(&mut self, depth: usize, name: &str, value: impl std::fmt::Display) {
        let indent = depth * 2;
        let width = VALUE_COLUMN.saturating_sub(indent);
        let _ = writeln!(self.0, "{:indent$}{name:<width$} {value}", "");
    }

    fn item(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.0, "{:indent$}{text}", "", indent = depth * 2);
    }
}

/// The names of a device's command features (`Device::command_features`).
fn feature_names(f: &level_zero::CommandFeatures) -> Vec<String> {
    let mut names = Vec::new();
    let graphs = [
        (1, "immutable graphs"),
        (2, "mutable graphs"),
        (4, "subgraphs"),
    ];
    names.extend(
        graphs
            .iter()
            .filter(|(b, _)| f.graphs & b != 0)
            .map(|(_, n)| n.to_string()),
    );
    if f.mutable_commands != 0 {
        let what = [
            (1, "arguments"),
            (2, "group count"),
            (4, "group size"),
            (8, "offset"),
            (16, "signal"),
            (32, "waits"),
            (64, "kernel"),
        ];
        let changes: Vec<&str> = what
            .iter()
            .filter(|(b, _)| f.mutable_commands & b != 0)
            .map(|(_, n)| *n)
            .collect();
        names.push(format!("mutable commands ({})", changes.join(" ")));
    }
    let events = [
        (1, "external aggregate counters"),
        (2, "counter-based event IPC"),
        (4, "external sync counters"),
    ];
    names.extend(
        events
            .iter()
            .filter(|(b, _)| f.counter_based_events & b != 0)
            .map(|(_, n)| n.to_string()),
    );
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_print_in_byte_order() {
        let mut b = [0u8; 16];
        b[15] = 0xab;
        b[0] = 0x01;
        assert_eq!(hex_uuid(&b), "01000000-0000-0000-0000-0000000000ab");
    }

    #[test]
    fn capabilities_are_named() {
        assert_eq!(caps(AccessCaps::RW | AccessCaps::ATOMIC), ["rw", "atomic"]);
        assert!(caps(AccessCaps::empty()).is_empty());
    }
}
