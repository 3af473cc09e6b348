//! zeInit, the driver and device queries, and contexts.

use super::{Env, Mode, MAX_ALLOC, MEMORY, SUBDEVICES};
use crate::common::ze::{self, *};
use crate::{ze_err, ze_ok};
use level_zero_sys::*;
use std::ptr::null_mut;

pub fn driver_queries(env: &Env) {
    let api = env.api;
    // SAFETY: zeInit takes flags by value; initialising again is allowed and changes nothing.
    unsafe { ze_ok!(api, Global.pfnInit(ze_init_flags_t(0))) };

    // Count-and-array: a larger count is lowered to the number of drivers.
    let mut count = 4u32;
    let mut handles = [null_mut(); 4];
    // SAFETY: room for 4 handles.
    unsafe { ze_ok!(api, Driver.pfnGet(&mut count, handles.as_mut_ptr())) };
    assert_eq!(count, 1);
    assert_eq!(handles[0], env.driver);

    let mut version = ze_api_version_t(0);
    // SAFETY: live driver, valid out-pointer.
    unsafe { ze_ok!(api, Driver.pfnGetApiVersion(env.driver, &mut version)) };
    assert_eq!(version, ze_api_version_t::ZE_API_VERSION_1_4);

    // Properties, with the memory-free-policies extension structure chained on pNext.
    let mut free_policies = ze_driver_memory_free_ext_properties_t::default();
    let mut props = ze_driver_properties_t {
        pNext: (&raw mut free_policies).cast(),
        ..Default::default()
    };
    // SAFETY: live driver; the chain holds one valid extension structure.
    unsafe { ze_ok!(api, Driver.pfnGetProperties(env.driver, &mut props)) };
    assert!(props.driverVersion >= 1);
    assert_ne!(props.uuid.id, [0; 16]);
    let both = ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0
        | ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.0;
    assert_eq!(free_policies.freePolicies.0, both);

    let mut ipc = ze_driver_ipc_properties_t::default();
    // SAFETY: live driver, valid properties structure.
    unsafe { ze_ok!(api, Driver.pfnGetIpcProperties(env.driver, &mut ipc)) };
    assert_eq!(ipc.flags.0, 0, "no IPC on the CPU driver");

    let mut count = 0;
    // SAFETY: live driver; a null array asks for the count.
    unsafe {
        ze_ok!(
            api,
            Driver.pfnGetExtensionProperties(env.driver, &mut count, null_mut())
        )
    };
    assert!(count >= 1);
    let mut exts = vec![ze_driver_extension_properties_t::default(); count as usize];
    // SAFETY: room for `count` structures.
    unsafe {
        ze_ok!(
            api,
            Driver.pfnGetExtensionProperties(env.driver, &mut count, exts.as_mut_ptr())
        )
    };
    let names: Vec<String> = exts[..count as usize]
        .iter()
        .map(|e| name(&e.name))
        .collect();
    assert!(
        names
            .iter()
            .any(|n| n == "ZE_extension_memory_free_policies"),
        "{names:?}"
    );
}

pub fn device_queries(env: &Env) {
    let api = env.api;
    let dev = env.device;
    let props = device_properties(api, dev);
    assert_eq!(props.type_, ze_device_type_t::ZE_DEVICE_TYPE_CPU);
    assert!(name(&props.name).starts_with("level-zero-cpu device 0"));
    let subdevice_flag = ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE.0;
    assert_eq!(props.flags.0 & subdevice_flag, 0, "a root device");
    assert_eq!(props.maxMemAllocSize, MAX_ALLOC);

    assert_eq!(env.subdevices.len(), SUBDEVICES);
    for (i, &sub) in env.subdevices.iter().enumerate() {
        let p = device_properties(api, sub);
        assert_ne!(p.flags.0 & subdevice_flag, 0);
        assert_eq!(p.subdeviceId, i as u32);
        assert_eq!(name(&p.name), format!("level-zero-cpu device 0.{i}"));
        assert!(ze::sub_devices(api, sub).is_empty());
        let mut count = 1;
        let mut mem = ze_device_memory_properties_t::default();
        // SAFETY: live device, room for one structure.
        unsafe {
            ze_ok!(
                api,
                Device.pfnGetMemoryProperties(sub, &mut count, &mut mem)
            )
        };
        assert_eq!(mem.totalSize, MEMORY / SUBDEVICES as u64, "an equal share");
    }

    let mut compute = ze_device_compute_properties_t::default();
    // SAFETY: live device, valid properties structure.
    unsafe { ze_ok!(api, Device.pfnGetComputeProperties(dev, &mut compute)) };
    assert!(compute.maxTotalGroupSize > 0 && compute.numSubGroupSizes > 0);

    let mut module = ze_device_module_properties_t::default();
    // SAFETY: live device, valid properties structure.
    unsafe { ze_ok!(api, Device.pfnGetModuleProperties(dev, &mut module)) };
    assert!(module.spirvVersionSupported >= 1 << 16);

    // Two queue groups: 0 computes and copies (4 queues), 1 only copies (2 queues).
    let mut count = 0;
    // SAFETY: live device; a null array asks for the count.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetCommandQueueGroupProperties(dev, &mut count, null_mut())
        )
    };
    assert_eq!(count, 2);
    let mut groups = [ze_command_queue_group_properties_t::default(); 2];
    // SAFETY: room for two structures.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetCommandQueueGroupProperties(dev, &mut count, groups.as_mut_ptr())
        )
    };
    let compute_flag =
        ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE.0;
    let copy_flag =
        ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY.0;
    assert_eq!(
        groups[0].flags.0 & (compute_flag | copy_flag),
        compute_flag | copy_flag
    );
    assert_eq!(groups[0].numQueues, 4);
    assert_eq!(groups[1].flags.0 & (compute_flag | copy_flag), copy_flag);
    assert_eq!(groups[1].numQueues, 2);
    assert!(groups.iter().all(|g| g.maxMemoryFillPatternSize >= 128));

    let mut count = 0;
    // SAFETY: live device; a null array asks for the count.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetMemoryProperties(dev, &mut count, null_mut())
        )
    };
    assert_eq!(count, 1);
    let mut mem = ze_device_memory_properties_t::default();
    // SAFETY: room for one structure.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetMemoryProperties(dev, &mut count, &mut mem)
        )
    };
    assert_eq!(mem.totalSize, MEMORY);

    let mut access = ze_device_memory_access_properties_t::default();
    // SAFETY: live device, valid properties structure.
    unsafe { ze_ok!(api, Device.pfnGetMemoryAccessProperties(dev, &mut access)) };
    let rw = ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_RW.0;
    for caps in [
        access.hostAllocCapabilities,
        access.deviceAllocCapabilities,
        access.sharedSingleDeviceAllocCapabilities,
    ] {
        assert_ne!(caps.0 & rw, 0);
    }

    let mut count = 0;
    // SAFETY: live device; a null array asks for the count.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetCacheProperties(dev, &mut count, null_mut())
        )
    };
    assert!(count >= 1);
    let mut caches = vec![ze_device_cache_properties_t::default(); count as usize];
    // SAFETY: room for `count` structures.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetCacheProperties(dev, &mut count, caches.as_mut_ptr())
        )
    };
    assert!(caches.iter().all(|c| c.cacheSize > 0));

    // Peers: the root device and its sub-devices share host memory.
    let peer = env.subdevices[0];
    let mut p2p = ze_device_p2p_properties_t::default();
    // SAFETY: live devices, valid properties structure.
    unsafe { ze_ok!(api, Device.pfnGetP2PProperties(dev, peer, &mut p2p)) };
    assert_ne!(
        p2p.flags.0 & ze_device_p2p_property_flag_t::ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS.0,
        0
    );
    let mut can = 0;
    // SAFETY: live devices, valid out-pointer.
    unsafe { ze_ok!(api, Device.pfnCanAccessPeer(dev, peer, &mut can)) };
    assert_eq!(can, 1);

    // SAFETY: live device.
    unsafe { ze_ok!(api, Device.pfnGetStatus(dev)) };

    // Global timestamps never go backwards, on the host or the device clock.
    let (mut host0, mut dev0) = (0u64, 0u64);
    // SAFETY: live device, valid out-pointers.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetGlobalTimestamps(dev, &mut host0, &mut dev0)
        )
    };
    std::thread::sleep(std::time::Duration::from_millis(1));
    let (mut host1, mut dev1) = (0u64, 0u64);
    // SAFETY: as above.
    unsafe {
        ze_ok!(
            api,
            Device.pfnGetGlobalTimestamps(dev, &mut host1, &mut dev1)
        )
    };
    assert!(
        host1 > host0 && dev1 > dev0,
        "{host0} {host1} {dev0} {dev1}"
    );
}

pub fn contexts(env: &Env) {
    let api = env.api;
    let ctx = env.context();
    // SAFETY: live context.
    unsafe { ze_ok!(api, Context.pfnGetStatus(ctx)) };

    // Residency: a USM range may be made resident and evicted; host memory is always resident.
    let size = 1 << 16;
    let p = alloc_device(api, ctx, env.device, size, 0);
    // SAFETY: live context and device; the range lies in the allocation.
    unsafe {
        ze_ok!(api, Context.pfnMakeMemoryResident(ctx, env.device, p, size));
        ze_ok!(
            api,
            Context.pfnEvictMemory(ctx, env.device, p.byte_add(4096), 4096)
        );
    }
    free(api, ctx, p);

    // Two contexts are independent: one's allocation is not the other's.
    let other = env.context();
    let q = alloc_host(api, other, 64, 0);
    let mut props = ze_memory_allocation_properties_t::default();
    // SAFETY: live context, valid pointer and properties structure.
    unsafe {
        ze_ok!(
            api,
            Mem.pfnGetAllocProperties(ctx, q, &mut props, null_mut())
        )
    };
    assert_eq!(props.type_, ze_memory_type_t::ZE_MEMORY_TYPE_UNKNOWN);
    // SAFETY: `q` is not an allocation of `ctx`: the driver rejects the free.
    unsafe { ze_err!(api, [INVALID_ARGUMENT], Mem.pfnFree(ctx, q)) };
    free(api, other, q);
    context_destroy(api, other);

    context_destroy(api, ctx);
    if !env.mode.wraps_handles() {
        // SAFETY: the driver looks the destroyed handle up in its registry and rejects it.
        unsafe { ze_err!(api, [NULL_HANDLE], Context.pfnGetStatus(ctx)) };
    }
}

/// zeInit with flags it must refuse. Last in the suite: through the intercepting loader a
/// failed zeInit marks the driver as failed for the loader.
pub fn init_flags(env: &Env) {
    let api = env.api;
    // Unknown flag bits. The intercepting loader calls the driver's zeInit itself, records the
    // driver's INVALID_ENUMERATION as that driver's init status, and answers
    // ZE_RESULT_ERROR_UNINITIALIZED because no driver is then left.
    let unknown = match env.mode {
        Mode::Intercept => [ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED],
        _ => [INVALID_ENUMERATION],
    };
    // SAFETY: zeInit takes flags by value.
    unsafe { ze_err!(api, unknown, Global.pfnInit(ze_init_flags_t(0x4))) };
    // A CPU driver has no GPU: asking for GPU drivers only finds none.
    let gpu_only = ze_init_flag_t::ZE_INIT_FLAG_GPU_ONLY.0;
    // SAFETY: as above.
    unsafe {
        ze_err!(
            api,
            [ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED],
            Global.pfnInit(ze_init_flags_t(gpu_only))
        )
    };
}
