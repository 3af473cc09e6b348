//! zeInit, the driver and device queries, and contexts.

use super::{Env, Mode, MAX_ALLOC, MEMORY, SUBDEVICES};
use crate::common::raw::*;
use level_zero_sys::calls::{context, device, driver, global, mem};
use level_zero_sys::*;
use std::ptr::null_mut;

pub fn driver_queries(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        // ZeInit takes flags by value; initialising again is allowed and changes nothing.
        global::init(api, ze_init_flags_t(0)).unwrap();

        // Count-and-array: a larger count is lowered to the number of drivers.
        let mut count = 4u32;
        let mut handles = [null_mut(); 4];
        // Room for 4 handles.
        driver::get(api, &mut count, handles.as_mut_ptr()).unwrap();
        assert_eq!(count, 1);
        assert_eq!(handles[0], env.driver);

        let version = driver::get_api_version(api, env.driver).unwrap();
        assert_eq!(version, ze_api_version_t::ZE_API_VERSION_1_15);

        // Properties, with the memory-free-policies extension structure chained on pNext.
        let mut free_policies = ze_driver_memory_free_ext_properties_t::default();
        let mut props = ze_driver_properties_t {
            pNext: (&raw mut free_policies).cast(),
            ..Default::default()
        };
        driver::get_properties(api, env.driver, &mut props).unwrap();
        assert!(props.driverVersion >= 1);
        assert_ne!(props.uuid.id, [0; 16]);
        let both = ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE.0
        | ze_driver_memory_free_policy_ext_flag_t::ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE.0;
        assert_eq!(free_policies.freePolicies.0, both);

        let mut ipc = ze_driver_ipc_properties_t::default();
        driver::get_ipc_properties(api, env.driver, &mut ipc).unwrap();
        assert_eq!(
            ipc.flags.0,
            ze_ipc_property_flag_t::ZE_IPC_PROPERTY_FLAG_MEMORY.0
                | ze_ipc_property_flag_t::ZE_IPC_PROPERTY_FLAG_EVENT_POOL.0,
            "memory and event pools are shared between processes"
        );

        let mut count = 0;
        driver::get_extension_properties(api, env.driver, &mut count, null_mut()).unwrap();
        assert!(count >= 1);
        let mut exts = vec![ze_driver_extension_properties_t::default(); count as usize];
        // Room for `count` structures.
        driver::get_extension_properties(api, env.driver, &mut count, exts.as_mut_ptr()).unwrap();
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
}

pub fn device_queries(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let dev = env.device;
        let props = {
            let mut props = ze_device_properties_t::default();
            device::get_properties(api, dev, &mut props).unwrap();
            props
        };
        assert_eq!(props.type_, ze_device_type_t::ZE_DEVICE_TYPE_CPU);
        assert!(name(&props.name).starts_with("level-zero-cpu device 0"));
        let subdevice_flag = ze_device_property_flag_t::ZE_DEVICE_PROPERTY_FLAG_SUBDEVICE.0;
        assert_eq!(props.flags.0 & subdevice_flag, 0, "a root device");
        assert_eq!(props.maxMemAllocSize, MAX_ALLOC);

        assert_eq!(env.subdevices.len(), SUBDEVICES);
        for (i, &sub) in env.subdevices.iter().enumerate() {
            let p = {
                let mut props = ze_device_properties_t::default();
                device::get_properties(api, sub, &mut props).unwrap();
                props
            };
            assert_ne!(p.flags.0 & subdevice_flag, 0);
            assert_eq!(p.subdeviceId, i as u32);
            assert_eq!(name(&p.name), format!("level-zero-cpu device 0.{i}"));
            assert!(array(null_mut(), |n, a| device::get_sub_devices(api, sub, n, a)).is_empty());
            let mut count = 1;
            let mut mem = ze_device_memory_properties_t::default();
            device::get_memory_properties(api, sub, &mut count, &mut mem).unwrap();
            assert_eq!(mem.totalSize, MEMORY / SUBDEVICES as u64, "an equal share");
        }

        let mut compute = ze_device_compute_properties_t::default();
        device::get_compute_properties(api, dev, &mut compute).unwrap();
        assert!(compute.maxTotalGroupSize > 0);
        // The sub-group sizes a kernel may require; 16 when it requires none.
        assert_eq!(compute.numSubGroupSizes, 3);
        assert_eq!(compute.subGroupSizes[..3], [8, 16, 32]);

        let mut module = ze_device_module_properties_t::default();
        device::get_module_properties(api, dev, &mut module).unwrap();
        assert_eq!(module.spirvVersionSupported, 1 << 16 | 4, "SPIR-V 1.4");

        // Two queue groups: 0 computes and copies (4 queues), 1 only copies (2 queues).
        let mut count = 0;
        device::get_command_queue_group_properties(api, dev, &mut count, null_mut()).unwrap();
        assert_eq!(count, 2);
        let mut groups = [ze_command_queue_group_properties_t::default(); 2];
        // Room for two structures.
        device::get_command_queue_group_properties(api, dev, &mut count, groups.as_mut_ptr())
            .unwrap();
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
        // Zeroed structures (stype 0) are filled as Intel's driver fills them: Intel MPI's GPU
        // support queries the groups through a zeroed array.
        // SAFETY: all-zero bytes are a valid `ze_command_queue_group_properties_t` (C data).
        let mut zeroed: [ze_command_queue_group_properties_t; 2] = std::mem::zeroed();
        device::get_command_queue_group_properties(api, dev, &mut count, zeroed.as_mut_ptr())
            .unwrap();
        assert_eq!(count, 2);
        assert_eq!(
            (zeroed[0].flags, zeroed[0].numQueues, zeroed[1].numQueues),
            (groups[0].flags, 4, 2)
        );

        let mut count = 0;
        device::get_memory_properties(api, dev, &mut count, null_mut()).unwrap();
        assert_eq!(count, 1);
        let mut mem = ze_device_memory_properties_t::default();
        // Room for one structure.
        device::get_memory_properties(api, dev, &mut count, &mut mem).unwrap();
        assert_eq!(mem.totalSize, MEMORY);

        let mut access = ze_device_memory_access_properties_t::default();
        device::get_memory_access_properties(api, dev, &mut access).unwrap();
        let rw = ze_memory_access_cap_flag_t::ZE_MEMORY_ACCESS_CAP_FLAG_RW.0;
        for caps in [
            access.hostAllocCapabilities,
            access.deviceAllocCapabilities,
            access.sharedSingleDeviceAllocCapabilities,
        ] {
            assert_ne!(caps.0 & rw, 0);
        }

        let mut count = 0;
        device::get_cache_properties(api, dev, &mut count, null_mut()).unwrap();
        assert!(count >= 1);
        let mut caches = vec![ze_device_cache_properties_t::default(); count as usize];
        // Room for `count` structures.
        device::get_cache_properties(api, dev, &mut count, caches.as_mut_ptr()).unwrap();
        assert!(caches.iter().all(|c| c.cacheSize > 0));

        // Peers: the root device and its sub-devices share host memory.
        let peer = env.subdevices[0];
        let mut p2p = ze_device_p2p_properties_t::default();
        device::get_p2p_properties(api, dev, peer, &mut p2p).unwrap();
        assert_ne!(
            p2p.flags.0 & ze_device_p2p_property_flag_t::ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS.0,
            0
        );
        let can = device::can_access_peer(api, dev, peer).unwrap();
        assert_eq!(can, 1);

        device::get_status(api, dev).unwrap();

        // Global timestamps never go backwards, on the host or the device clock.
        let (host0, dev0) = device::get_global_timestamps(api, dev).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1));
        let (host1, dev1) = device::get_global_timestamps(api, dev).unwrap();
        assert!(
            host1 > host0 && dev1 > dev0,
            "{host0} {host1} {dev0} {dev1}"
        );
    }
}

pub fn contexts(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        context::get_status(api, ctx).unwrap();

        // Residency: a USM range may be made resident and evicted; host memory is always resident.
        let size = 1 << 16;
        let p = mem::alloc_device(api, ctx, &Default::default(), size, 0, env.device).unwrap();
        context::make_memory_resident(api, ctx, env.device, p, size).unwrap();
        context::evict_memory(api, ctx, env.device, p.byte_add(4096), 4096).unwrap();
        mem::free(api, ctx, p).unwrap();

        // USM is driver-wide (as in Intel's driver): one context sees and frees another's
        // allocation (more in the "memory across contexts" scenario).
        let other = env.context();
        let q = mem::alloc_host(api, other, &Default::default(), 64, 0).unwrap();
        let mut props = ze_memory_allocation_properties_t::default();
        mem::get_alloc_properties(api, ctx, q, &mut props, null_mut()).unwrap();
        assert_eq!(props.type_, ze_memory_type_t::ZE_MEMORY_TYPE_HOST);
        mem::free(api, ctx, q).unwrap();
        context::destroy(api, other).unwrap();

        context::destroy(api, ctx).unwrap();
        if !env.mode.wraps_handles() {
            // The driver looks the destroyed handle up in its registry and rejects it.
            expect(context::get_status(api, ctx), NULL_HANDLE);
        }
    }
}

/// zeInit with flags it must refuse. Last in the suite: through the intercepting loader a
/// failed zeInit marks the driver as failed for the loader.
pub fn init_flags(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        // Unknown flag bits. The intercepting loader calls the driver's zeInit itself, records the
        // driver's INVALID_ENUMERATION as that driver's init status, and answers
        // ZE_RESULT_ERROR_UNINITIALIZED because no driver is then left.
        let unknown = match env.mode {
            Mode::Intercept => ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED,
            _ => INVALID_ENUMERATION,
        };
        expect(global::init(api, ze_init_flags_t(0x4)), unknown);
        // A CPU driver has no GPU: asking for GPU drivers only finds none.
        let gpu_only = ze_init_flag_t::ZE_INIT_FLAG_GPU_ONLY.0;
        expect(
            global::init(api, ze_init_flags_t(gpu_only)),
            ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED,
        );
    }
}

/// A structure no query knows, chained on `pNext`: every properties query must leave it alone.
#[repr(C)]
struct Unknown {
    stype: ze_structure_type_t,
    p_next: *mut std::ffi::c_void,
    payload: [u64; 4],
}

const UNKNOWN_STYPE: ze_structure_type_t = ze_structure_type_t(0x7ff0_0001);

/// `ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2` is accepted (the timer resolution is then in
/// cycles per second), and every properties query ignores structures it does not know on its
/// `pNext` chain, as the spec allows.
pub fn property_versions_and_chains(env: &Env) {
    let (api, dev) = (env.api, env.device);
    let mut unknown = Unknown {
        stype: UNKNOWN_STYPE,
        p_next: null_mut(),
        payload: [0xA5A5_A5A5_A5A5_A5A5; 4],
    };
    let chain = (&mut unknown as *mut Unknown).cast();
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers;
    // every structure below chains one structure the driver does not know.
    unsafe {
        let mut ns = ze_device_properties_t::default();
        device::get_properties(api, dev, &mut ns).unwrap();
        let mut v12 = ze_device_properties_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2,
            pNext: chain,
            ..Default::default()
        };
        device::get_properties(api, dev, &mut v12).unwrap();
        assert_eq!(ns.timerResolution, 1, "nanoseconds");
        assert_eq!(v12.timerResolution, 1_000_000_000, "cycles per second");
        assert_eq!(v12.timestampValidBits, ns.timestampValidBits);
        assert_eq!(name(&v12.name), name(&ns.name));

        let ctx = env.context();
        let p = mem::alloc_host(api, ctx, &Default::default(), 64, 0).unwrap();
        let (module, kernel) = super::saxpy(api, ctx, dev);
        let (mut dp, mut ipc, mut cp, mut mp, mut gp) = (
            ze_driver_properties_t::default(),
            ze_driver_ipc_properties_t::default(),
            ze_device_compute_properties_t::default(),
            ze_device_module_properties_t::default(),
            ze_command_queue_group_properties_t::default(),
        );
        let (mut memp, mut ap, mut cachep, mut ip) = (
            ze_device_memory_properties_t::default(),
            ze_device_memory_access_properties_t::default(),
            ze_device_cache_properties_t::default(),
            ze_device_image_properties_t::default(),
        );
        let (mut ep, mut pp, mut allocp, mut kp, mut modp) = (
            ze_device_external_memory_properties_t::default(),
            ze_device_p2p_properties_t::default(),
            ze_memory_allocation_properties_t::default(),
            ze_kernel_properties_t::default(),
            ze_module_properties_t::default(),
        );
        (dp.pNext, ipc.pNext, cp.pNext, mp.pNext, gp.pNext) = (chain, chain, chain, chain, chain);
        (memp.pNext, ap.pNext, cachep.pNext, ip.pNext) = (chain, chain, chain, chain);
        (ep.pNext, pp.pNext, allocp.pNext) = (chain, chain, chain);
        (kp.pNext, modp.pNext) = (chain, chain);
        driver::get_properties(api, env.driver, &mut dp).unwrap();
        driver::get_ipc_properties(api, env.driver, &mut ipc).unwrap();
        device::get_compute_properties(api, dev, &mut cp).unwrap();
        device::get_module_properties(api, dev, &mut mp).unwrap();
        let mut one = 1u32;
        device::get_command_queue_group_properties(api, dev, &mut one, &mut gp).unwrap();
        one = 1;
        device::get_memory_properties(api, dev, &mut one, &mut memp).unwrap();
        device::get_memory_access_properties(api, dev, &mut ap).unwrap();
        one = 1;
        device::get_cache_properties(api, dev, &mut one, &mut cachep).unwrap();
        device::get_image_properties(api, dev, &mut ip).unwrap();
        device::get_external_memory_properties(api, dev, &mut ep).unwrap();
        device::get_p2p_properties(api, dev, dev, &mut pp).unwrap();
        mem::get_alloc_properties(api, ctx, p, &mut allocp, null_mut()).unwrap();
        calls::kernel::get_properties(api, kernel, &mut kp).unwrap();
        calls::module::get_properties(api, module, &mut modp).unwrap();
        assert_eq!(memp.totalSize, MEMORY);
        assert_eq!(allocp.type_, ze_memory_type_t::ZE_MEMORY_TYPE_HOST);
        assert_eq!(kp.numKernelArgs, 3);
        // saxpy requires no sub-group size: the default 16, 1024 / 16 sub-groups at most.
        assert_eq!(
            (
                kp.maxSubgroupSize,
                kp.requiredSubgroupSize,
                kp.maxNumSubgroups
            ),
            (16, 0, 64)
        );
        assert_eq!(unknown.stype, UNKNOWN_STYPE);
        assert_eq!(unknown.payload, [0xA5A5_A5A5_A5A5_A5A5; 4], "left alone");
        calls::kernel::destroy(api, kernel).unwrap();
        calls::module::destroy(api, module).unwrap();
        mem::free(api, ctx, p).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
