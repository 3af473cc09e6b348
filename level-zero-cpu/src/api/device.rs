//! The `extern "C"` entry points of `device` (see [`crate::device`]).

use crate::abi::*;
use crate::config::config;
use crate::device::*;
use crate::driver::Driver;
use crate::handle::{self};
use level_zero_sys::ddi::names;
use level_zero_sys::*;

pub unsafe extern "C" fn device_get(
    driver: ze_driver_handle_t,
    count: *mut u32,
    devices: *mut ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeDeviceGet, || {
        crate::driver::initialised()?;
        let driver = handle::get::<Driver, _>(driver)?;
        // SAFETY: count/devices follow the spec's count-and-array protocol.
        unsafe { write_array(count, devices, &driver.devices) }
    })
}

pub unsafe extern "C" fn device_get_sub_devices(
    dev: ze_device_handle_t,
    count: *mut u32,
    subs: *mut ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeDeviceGetSubDevices, || {
        let dev = device(dev)?;
        // SAFETY: count/subs follow the spec's count-and-array protocol.
        unsafe { write_array(count, subs, &dev.subdevices) }
    })
}

/// `zeDeviceGetRootDevice`: a sub-device's root device; a root device answers null (it
/// belongs to no root device), as Intel's driver does.
pub unsafe extern "C" fn device_get_root_device(
    dev: ze_device_handle_t,
    root: *mut ze_device_handle_t,
) -> ze_result_t {
    entry(names::zeDeviceGetRootDevice, || {
        let sub = device(dev)?;
        ensure(!root.is_null(), NULL_POINTER)?;
        let found = match sub.sub {
            None => std::ptr::null_mut(),
            Some(_) => crate::driver::initialised()?
                .devices
                .iter()
                .copied()
                .find(|&r| device(r).is_ok_and(|r| r.subdevices.contains(&dev)))
                .ok_or(INVALID_ARGUMENT)?,
        };
        // SAFETY: non-null and writable by the caller's contract.
        unsafe { root.write(found) };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetProperties, || {
        let dev = device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe {
            output_as(
                props,
                &[ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2],
            )
        }?;
        let cycles_per_second =
            p.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2;
        p.type_ = if config().report_gpu {
            ze_device_type_t::ZE_DEVICE_TYPE_GPU
        } else {
            ze_device_type_t::ZE_DEVICE_TYPE_CPU
        };
        p.vendorId = 0x8086;
        p.deviceId = 0xC0DE;
        // Integrated unless configured to simulate a discrete device: the memory is the
        // host's either way.
        let mut flags = if config().integrated {
            ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_INTEGRATED.0
        } else {
            0
        };
        if dev.sub.is_some() {
            flags |= ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE.0;
        }
        p.flags = ze_device_property_flags_t(flags);
        p.subdeviceId = dev.sub.unwrap_or(0);
        p.coreClockRate = 1000;
        p.maxMemAllocSize = dev.max_alloc();
        p.maxHardwareContexts = 64;
        p.maxCommandQueuePriority = 0;
        p.numThreadsPerEU = 1;
        p.physicalEUSimdWidth = SIMD_WIDTH;
        p.numEUsPerSubslice = 1;
        p.numSubslicesPerSlice = host_threads();
        p.numSlices = 1;
        // The timer counts nanoseconds: a resolution of 1 ns, or 10^9 cycles per second in the
        // 1.2 structure.
        p.timerResolution = if cycles_per_second { 1_000_000_000 } else { 1 };
        p.timestampValidBits = 64;
        p.kernelTimestampValidBits = 64;
        p.uuid.id = dev.uuid;
        write_str(&mut p.name, &dev.name);
        // Extension structures chained on pNext: the graphs this driver records and replays,
        // what a mutable command list's commands may change, its counter-based events, the
        // kernel timestamps its events give (`zeEventQueryKernelTimestampsExt`).
        let mut next = p.pNext.cast::<ze_base_properties_t>();
        // SAFETY: the chain is made of structures that start with stype/pNext (spec).
        while let Some(base) = unsafe { next.as_mut() } {
            if base.stype
                == ze_structure_type_t::ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES
            {
                let graph = (base as *mut ze_base_properties_t)
                    .cast::<ze_record_replay_graph_ext_properties_t>();
                // SAFETY: the stype says this is the graph properties structure.
                unsafe {
                    (*graph).graphFlags = ze_record_replay_graph_ext_flags_t(
                        ze_record_replay_graph_ext_flag_t::ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH.0,
                    )
                };
            }
            if base.stype
                == ze_structure_type_t::ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES
            {
                let mutable = (base as *mut ze_base_properties_t)
                    .cast::<ze_mutable_command_list_exp_properties_t>();
                // SAFETY: the stype says this is the mutable command list properties structure.
                unsafe {
                    (*mutable).mutableCommandListFlags = ze_mutable_command_list_exp_flags_t(0);
                    (*mutable).mutableCommandFlags =
                        ze_mutable_command_exp_flags_t(crate::command_list::MUTABLE_FLAGS);
                }
            }
            if base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES {
                let events =
                    (base as *mut ze_base_properties_t).cast::<ze_device_event_properties_t>();
                use ze_device_event_properties_flag_t as E;
                // SAFETY: the stype says this is the event properties structure.
                unsafe {
                    (*events).flags = ze_device_event_properties_flags_t(
                        E::ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE.0
                            | E::ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC.0
                            | E::ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION.0,
                    )
                };
            }
            if base.stype
                == ze_structure_type_t::ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES
            {
                let ext = next.cast::<ze_event_query_kernel_timestamps_ext_properties_t>();
                // SAFETY: the stype says which structure this is.
                unsafe {
                    (*ext).flags = ze_event_query_kernel_timestamps_ext_flags_t(
                        ze_event_query_kernel_timestamps_ext_flag_t::ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL.0
                            | ze_event_query_kernel_timestamps_ext_flag_t::ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED.0,
                    )
                };
            }
            next = base.pNext.cast();
        }
        Ok(())
    })
}

/// The device's SIMD width in work-items (`physicalEUSimdWidth`, the one vector width size of
/// `zeDeviceGetVectorWidthPropertiesExt`).
const SIMD_WIDTH: u32 = 8;

/// `zeDeviceGetVectorWidthPropertiesExt` (`ZE_extension_device_vector_sizes`): one set of
/// widths, for [`SIMD_WIDTH`], with the count-and-array protocol. The widths are those of
/// 128-bit vectors (16 chars … 2 doubles): the compiler (Cranelift) emits 128-bit SIMD, on
/// AVX2 hardware too, so a wider vector is split and a narrower one wastes lanes. Preferred and native are the same; half and
/// double count as supported types (the module properties report FP16 and FP64).
pub unsafe extern "C" fn device_get_vector_width_properties(
    dev: ze_device_handle_t,
    count: *mut u32,
    props: *mut ze_device_vector_width_properties_ext_t,
) -> ze_result_t {
    entry(names::zeDeviceGetVectorWidthPropertiesExt, || {
        device(dev)?;
        ensure(!count.is_null(), NULL_POINTER)?;
        // SAFETY: count is non-null and valid by contract.
        if unsafe { *count } == 0 || props.is_null() {
            // SAFETY: as above.
            unsafe { count.write(1) };
            return Ok(());
        }
        // SAFETY: the caller's array has room for `*count >= 1` structures.
        let p = unsafe { output(props) }?;
        const BYTES: u32 = 16;
        p.vector_width_size = SIMD_WIDTH;
        p.preferred_vector_width_char = BYTES;
        p.preferred_vector_width_short = BYTES / 2;
        p.preferred_vector_width_int = BYTES / 4;
        p.preferred_vector_width_long = BYTES / 8;
        p.preferred_vector_width_float = BYTES / 4;
        p.preferred_vector_width_double = BYTES / 8;
        p.preferred_vector_width_half = BYTES / 2;
        p.native_vector_width_char = BYTES;
        p.native_vector_width_short = BYTES / 2;
        p.native_vector_width_int = BYTES / 4;
        p.native_vector_width_long = BYTES / 8;
        p.native_vector_width_float = BYTES / 4;
        p.native_vector_width_double = BYTES / 8;
        p.native_vector_width_half = BYTES / 2;
        // SAFETY: as above.
        unsafe { count.write(1) };
        Ok(())
    })
}

/// `zeDeviceGetAggregatedCopyOffloadIncrementValue` (1.15): what one append adds to an external
/// aggregate counter here: 1 (a copy is one operation of one engine).
pub unsafe extern "C" fn device_get_aggregated_copy_offload_increment_value(
    dev: ze_device_handle_t,
    out: *mut u32,
) -> ze_result_t {
    entry(
        names::zeDeviceGetAggregatedCopyOffloadIncrementValue,
        || {
            device(dev)?;
            // SAFETY: out-pointer from the caller, checked for null by `write`.
            unsafe { write(out, 1u32) }
        },
    )
}

/// `zeDeviceGetCounterBasedEventMaxValue` (1.17): the largest counter value: any 64-bit one.
pub unsafe extern "C" fn device_get_counter_based_event_max_value(
    dev: ze_device_handle_t,
    out: *mut u64,
) -> ze_result_t {
    entry(names::zeDeviceGetCounterBasedEventMaxValue, || {
        device(dev)?;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, u64::MAX) }
    })
}

pub unsafe extern "C" fn device_get_compute_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_compute_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetComputeProperties, || {
        device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        p.maxTotalGroupSize = 1024;
        p.maxGroupSizeX = 1024;
        p.maxGroupSizeY = 1024;
        p.maxGroupSizeZ = 64;
        p.maxGroupCountX = u32::MAX;
        p.maxGroupCountY = u32::MAX;
        p.maxGroupCountZ = u32::MAX;
        p.maxSharedLocalMemory = crate::kernel::MAX_LOCAL_MEMORY as u32;
        // The sub-group sizes a kernel may require (16 when it requires none).
        p.numSubGroupSizes = 3;
        p.subGroupSizes = [8, 16, 32, 0, 0, 0, 0, 0];
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_module_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_module_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetModuleProperties, || {
        device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        // ZE_MAKE_VERSION(major, minor) of the newest SPIR-V the executor accepts.
        let (major, minor) = spirv_exec::MAX_SPIRV_VERSION;
        p.spirvVersionSupported = major << 16 | minor;
        p.flags = ze_device_module_flags_t(
            ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_FP16.0
                | ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_FP64.0
                | ze_device_module_flag_t::ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS.0,
        );
        let fp = ze_device_fp_flag_t::ZE_DEVICE_FP_FLAG_DENORM.0
            | ze_device_fp_flag_t::ZE_DEVICE_FP_FLAG_INF_NAN.0
            | ze_device_fp_flag_t::ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST.0
            | ze_device_fp_flag_t::ZE_DEVICE_FP_FLAG_FMA.0
            | ze_device_fp_flag_t::ZE_DEVICE_FP_FLAG_ROUNDED_DIVIDE_SQRT.0;
        p.fp16flags = ze_device_fp_flags_t(fp);
        p.fp32flags = ze_device_fp_flags_t(fp);
        p.fp64flags = ze_device_fp_flags_t(fp);
        p.maxArgumentsSize = 4096;
        p.printfBufferSize = spirv_exec::PRINTF_BUFFER_SIZE as u32;
        p.nativeKernelSupported.id = *b"lz-cpu-spirv-ir\0";
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_command_queue_group_properties(
    dev: ze_device_handle_t,
    count: *mut u32,
    props: *mut ze_command_queue_group_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetCommandQueueGroupProperties, || {
        device(dev)?;
        ensure(!count.is_null(), NULL_POINTER)?;
        // SAFETY: count is non-null and valid by contract.
        let requested = unsafe { *count } as usize;
        if requested == 0 || props.is_null() {
            // SAFETY: as above.
            unsafe { *count = QUEUE_GROUPS.len() as u32 };
            return Ok(());
        }
        let n = requested.min(QUEUE_GROUPS.len());
        for (i, (flags, queues)) in QUEUE_GROUPS.iter().take(n).enumerate() {
            // SAFETY: the caller's array has room for *count >= n structures.
            let p = unsafe { output(props.add(i)) }?;
            p.flags = ze_command_queue_group_property_flags_t(*flags);
            p.maxMemoryFillPatternSize = MAX_FILL_PATTERN;
            p.numQueues = *queues;
        }
        // SAFETY: as above.
        unsafe { *count = n as u32 };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_memory_properties(
    dev: ze_device_handle_t,
    count: *mut u32,
    props: *mut ze_device_memory_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetMemoryProperties, || {
        let dev = device(dev)?;
        ensure(!count.is_null(), NULL_POINTER)?;
        // SAFETY: count is non-null and valid by contract.
        if unsafe { *count } == 0 || props.is_null() {
            // SAFETY: as above.
            unsafe { *count = 1 };
            return Ok(());
        }
        // SAFETY: the caller's array has room for at least one structure.
        let p = unsafe { output(props) }?;
        p.flags = ze_device_memory_property_flags_t(0);
        p.maxClockRate = 0;
        p.maxBusWidth = 64;
        p.totalSize = dev.memory.capacity;
        write_str(&mut p.name, "host DRAM");
        // SAFETY: as above.
        unsafe { *count = 1 };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_memory_access_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_memory_access_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetMemoryAccessProperties, || {
        device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        let all = ze_memory_access_cap_flags_t(
            ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_RW.0
                | ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC.0
                | ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT.0
                | ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_CONCURRENT_ATOMIC.0,
        );
        p.hostAllocCapabilities = all;
        p.deviceAllocCapabilities = all;
        p.sharedSingleDeviceAllocCapabilities = all;
        p.sharedCrossDeviceAllocCapabilities = all;
        // The program's own memory (`malloc`, the stack) is host memory the device shares:
        // copies, fills and kernels use it as they use USM (see `system`).
        p.sharedSystemAllocCapabilities = all;
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_cache_properties(
    dev: ze_device_handle_t,
    count: *mut u32,
    props: *mut ze_device_cache_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetCacheProperties, || {
        device(dev)?;
        ensure(!count.is_null(), NULL_POINTER)?;
        // SAFETY: count is non-null and valid by contract.
        if unsafe { *count } == 0 || props.is_null() {
            // SAFETY: as above.
            unsafe { *count = 1 };
            return Ok(());
        }
        // SAFETY: the caller's array has room for at least one structure.
        let p = unsafe { output(props) }?;
        p.flags = ze_device_cache_property_flags_t(0);
        p.cacheSize = 1 << 20;
        // SAFETY: as above.
        unsafe { *count = 1 };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_image_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_image_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetImageProperties, || {
        device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        // Images are not supported: every limit is zero, `maxSamplers` too (Intel reports 16:
        // samplers a kernel reads images through). Samplers themselves are (`zeSamplerCreate`,
        // `sampler_t` arguments), but no kernel can sample with one; a program that checks
        // `maxSamplers` before using images (as Intel's conformance tests do) skips them.
        *p = ze_device_image_properties_t {
            pNext: p.pNext,
            ..Default::default()
        };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_external_memory_properties(
    dev: ze_device_handle_t,
    props: *mut ze_device_external_memory_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetExternalMemoryProperties, || {
        device(dev)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        *p = ze_device_external_memory_properties_t {
            pNext: p.pNext,
            ..Default::default()
        };
        Ok(())
    })
}

pub unsafe extern "C" fn device_get_p2p_properties(
    dev: ze_device_handle_t,
    peer: ze_device_handle_t,
    props: *mut ze_device_p2p_properties_t,
) -> ze_result_t {
    entry(names::zeDeviceGetP2PProperties, || {
        let access = peers(&*device(dev)?, &*device(peer)?);
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props) }?;
        // All devices share host memory: peers can access and use atomics (unless the
        // configuration simulates a machine without peer links).
        p.flags = ze_device_p2p_property_flags_t(if access {
            ze_device_p2p_property_flag_t::ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS.0
                | ze_device_p2p_property_flag_t::ZE_DEVICE_P2P_PROPERTY_FLAG_ATOMICS.0
        } else {
            0
        });
        Ok(())
    })
}

pub unsafe extern "C" fn device_can_access_peer(
    dev: ze_device_handle_t,
    peer: ze_device_handle_t,
    value: *mut ze_bool_t,
) -> ze_result_t {
    entry(names::zeDeviceCanAccessPeer, || {
        let access = peers(&*device(dev)?, &*device(peer)?);
        // SAFETY: out-pointer checked for null by `write`.
        unsafe { write(value, ze_bool_t::from(access)) }
    })
}

pub unsafe extern "C" fn device_get_status(dev: ze_device_handle_t) -> ze_result_t {
    entry(names::zeDeviceGetStatus, || {
        device(dev)?.lost.check("device")
    })
}

pub unsafe extern "C" fn device_get_global_timestamps(
    dev: ze_device_handle_t,
    host: *mut u64,
    device_ts: *mut u64,
) -> ze_result_t {
    entry(names::zeDeviceGetGlobalTimestamps, || {
        device(dev)?;
        ensure(!host.is_null() && !device_ts.is_null(), NULL_POINTER)?;
        let now = timestamp_ns();
        // SAFETY: both pointers checked non-null; valid for writes by contract.
        unsafe {
            host.write(now);
            device_ts.write(now);
        }
        Ok(())
    })
}

/// `zeDeviceSynchronize` (1.14): waits for everything submitted to the device's queues and
/// asynchronous immediate lists, and to its sub-devices' (a root device's work includes
/// theirs); `DEVICE_LOST` if a command of theirs failed (see [`crate::engine::synchronize_devices`]).
pub unsafe extern "C" fn device_synchronize(dev: ze_device_handle_t) -> ze_result_t {
    entry(names::zeDeviceSynchronize, || {
        let root = device(dev)?;
        let mut devices: Vec<_> = root
            .subdevices
            .iter()
            .filter_map(|&s| device(s).ok())
            .collect();
        devices.push(root);
        crate::engine::synchronize_devices(&devices)
    })
}
