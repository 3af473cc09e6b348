//! The safe layer (`level-zero`) object by object, with its error paths. Runs on the default
//! backend: the embedded CPU driver, or Intel's loader when CI points it at the CPU driver.

use level_zero::*;
use std::time::Duration;

fn setup() -> (Context, Device) {
    (default_context().unwrap(), default_device().unwrap())
}

fn read<T: Copy>(a: &Allocation, n: usize) -> Vec<T> {
    assert!(matches!(a.kind(), MemoryKind::Shared | MemoryKind::Host));
    assert!(n * size_of::<T>() <= a.size());
    // SAFETY: host-accessible allocation of at least n elements; callers synchronize first.
    unsafe { std::slice::from_raw_parts(a.as_ptr().cast::<T>(), n) }.to_vec()
}

#[test]
fn backend_and_drivers() {
    let api = backend().unwrap();
    assert!(!api.reason().is_empty());
    let drivers = drivers().unwrap();
    assert!(!drivers.is_empty());
    let props = drivers[0].properties().unwrap();
    assert_eq!(props.api_version.0, 1);
    assert!(drivers[0]
        .extensions()
        .unwrap()
        .iter()
        .any(|(n, _)| n == "ZE_extension_memory_free_policies"));
    // Initialising again with another explicit choice is refused with a typed error.
    let other = if api.choice() == &BackendChoice::Cpu {
        BackendChoice::Loader
    } else {
        BackendChoice::Cpu
    };
    assert!(matches!(
        init_with(other),
        Err(Error::InvalidArgument(_) | Error::NoBackend { .. })
    ));
}

#[test]
fn load_reports_what_was_tried() {
    let err = load(BackendChoice::Library("/nonexistent/libnothing.so".into())).unwrap_err();
    assert!(
        err.to_string().contains("/nonexistent/libnothing.so"),
        "{err}"
    );
    let cpu = load(BackendChoice::Cpu).unwrap();
    assert!(cpu.reason().contains("CPU"));
}

#[test]
fn device_properties() {
    let (_, dev) = setup();
    let p = dev.properties().unwrap();
    assert!(!p.name.is_empty());
    assert!(p.max_mem_alloc_size > 0);
    let c = dev.compute_properties().unwrap();
    assert!(c.max_total_group_size >= 64);
    let groups = dev.queue_groups().unwrap();
    assert!(groups.iter().any(|g| g.compute));
    assert!(groups.iter().all(|g| g.max_fill_pattern_size >= 1));
    assert!(dev.memory_properties().unwrap()[0].total_size > 0);
    let m = dev.module_properties().unwrap();
    assert!(m.spirv_version.0 >= 1);
    dev.status().unwrap();
    let (h1, d1) = dev.global_timestamps().unwrap();
    let (h2, d2) = dev.global_timestamps().unwrap();
    assert!(h2 >= h1 && d2 >= d1);
    assert!(dev.can_access_peer(&dev).unwrap());
    let _ = dev.subdevices().unwrap();
}

#[test]
fn memory_state_is_exact() {
    let (ctx, dev) = setup();
    let Some(before) = dev.memory_state().unwrap() else {
        return; // the backend reports no sysman figures (e.g. a loader without sysman)
    };
    let a = Allocation::device(&ctx, &dev, 3 << 20, 0).unwrap();
    let during = dev.memory_state().unwrap().unwrap();
    // Other tests allocate concurrently: the figure moves by at least our 3 MiB.
    assert!(during.total == before.total);
    drop(a);
    assert!(dev.memory_state().unwrap().unwrap().free <= during.total);
}

#[test]
fn allocations_and_properties() {
    let (ctx, dev) = setup();
    for alignment in [0, 64, 4096, 65536] {
        let a = Allocation::device(&ctx, &dev, 1000, alignment).unwrap();
        assert_eq!(a.as_ptr() as usize % alignment.max(1), 0);
        let props = allocation_properties(&ctx, a.as_ptr()).unwrap();
        assert_eq!(props.kind, Some(MemoryKind::Device));
        assert_eq!(props.device, Some(dev.handle()));
        // SAFETY: pointer arithmetic inside the allocation.
        let interior = unsafe { a.as_ptr().cast::<u8>().add(999) };
        assert_eq!(
            address_range(&ctx, interior.cast()).unwrap(),
            (a.as_ptr(), 1000)
        );
    }
    let h = Allocation::host(&ctx, 64, 0).unwrap();
    assert_eq!(
        allocation_properties(&ctx, h.as_ptr()).unwrap().kind,
        Some(MemoryKind::Host)
    );
    let s = Allocation::shared(&ctx, None, 64, 0).unwrap();
    assert_eq!(
        allocation_properties(&ctx, s.as_ptr()).unwrap().kind,
        Some(MemoryKind::Shared)
    );
    let local = 5u32;
    assert_eq!(
        allocation_properties(&ctx, (&local as *const u32).cast())
            .unwrap()
            .kind,
        None
    );
    assert!(address_range(&ctx, (&local as *const u32).cast()).is_err());
}

#[test]
fn allocation_errors_are_typed() {
    let (ctx, dev) = setup();
    let e = Allocation::device(&ctx, &dev, 64, 3).unwrap_err();
    assert!(
        matches!(e, Error::InvalidArgument(ref m) if m.contains("alignment 3")),
        "{e}"
    );
    let e = Allocation::device(&ctx, &dev, 0, 0).unwrap_err();
    assert_eq!(
        e.result(),
        Some(sys::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE),
        "{e}"
    );
    assert!(
        e.to_string().contains("zeMemAllocDevice") && e.to_string().contains("0 bytes"),
        "{e}"
    );
    let huge = dev.properties().unwrap().max_mem_alloc_size as usize + 1;
    let e = Allocation::device(&ctx, &dev, huge, 0).unwrap_err();
    assert!(e.result().is_some(), "{e}");
    let a = Allocation::device(&ctx, &dev, 16, 0).unwrap();
    assert!(a.check_range(8, 8).is_ok());
    let e = a.check_range(8, 9).unwrap_err();
    assert!(
        e.to_string()
            .contains("leaves the device allocation of 16 bytes"),
        "{e}"
    );
}

#[test]
fn free_policies() {
    let (ctx, dev) = setup();
    Allocation::device(&ctx, &dev, 64, 0)
        .unwrap()
        .free_with(FreePolicy::Blocking)
        .unwrap();
    Allocation::device(&ctx, &dev, 64, 0)
        .unwrap()
        .free_with(FreePolicy::Defer)
        .unwrap();
    let a = Allocation::device(&ctx, &dev, 64, 0).unwrap();
    let keep = a.clone();
    let e = a.free_with(FreePolicy::Blocking).unwrap_err();
    assert!(e.to_string().contains("1 other owner"), "{e}");
    assert_eq!(keep.owners(), 1);
}

#[test]
fn immediate_list_commands() {
    let (ctx, dev) = setup();
    let n = 4096;
    let a = Allocation::device(&ctx, &dev, n, 0).unwrap();
    let b = Allocation::shared(&ctx, Some(&dev), n, 0).unwrap();
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    for pattern_len in [1usize, 2, 4, 8, 16, 32, 64, 128] {
        let pattern: Vec<u8> = (0..pattern_len as u8)
            .map(|i| i.wrapping_mul(37).wrapping_add(1))
            .collect();
        list.fill(&a, 0, n, &pattern, Deps::NONE).unwrap();
        list.copy(&b, 0, &a, 0, n, Deps::NONE).unwrap();
        list.synchronize().unwrap();
        let got: Vec<u8> = read(&b, n);
        assert!(
            got.iter()
                .enumerate()
                .all(|(i, &v)| v == pattern[i % pattern_len]),
            "pattern {pattern_len}"
        );
    }
    let e = list.fill(&a, 0, n, &[1, 2, 3], Deps::NONE).unwrap_err();
    assert!(e.to_string().contains("power of two"), "{e}");
    let e = list.copy(&b, 1, &a, 0, n, Deps::NONE).unwrap_err();
    assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
    list.barrier(Deps::NONE).unwrap();
    list.memory_ranges_barrier(&[&a, &b], Deps::NONE).unwrap();
    list.prefetch(&b).unwrap();
    for advice in MemoryAdvice::ALL
        .into_iter()
        .filter(|a| a.supported_by(&dev))
    {
        list.advise(&dev, &b, advice).unwrap();
    }
    let ts = Allocation::shared(&ctx, Some(&dev), 8, 0).unwrap();
    list.write_timestamp(&ts, 0, Deps::NONE).unwrap();
    list.synchronize().unwrap();
    assert!(read::<u64>(&ts, 1)[0] > 0);
}

#[test]
fn copy_region_2d() {
    let (ctx, dev) = setup();
    let src = Allocation::shared(&ctx, Some(&dev), 16 * 16, 0).unwrap();
    let dst = Allocation::shared(&ctx, Some(&dev), 8 * 8, 0).unwrap();
    // SAFETY: 256 bytes of shared memory, no command pending.
    unsafe { std::slice::from_raw_parts_mut(src.as_ptr().cast::<u8>(), 256) }
        .iter_mut()
        .enumerate()
        .for_each(|(i, v)| *v = i as u8);
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    let s = CopyRegion {
        origin: [2, 3, 0],
        extent: [4, 5, 1],
        pitch: 16,
        slice_pitch: 256,
    };
    let d = CopyRegion {
        origin: [1, 1, 0],
        extent: [4, 5, 1],
        pitch: 8,
        slice_pitch: 64,
    };
    list.fill(&dst, 0, 64, &[0], Deps::NONE).unwrap();
    list.copy_region(&dst, d, &src, s, Deps::NONE).unwrap();
    list.synchronize().unwrap();
    let got: Vec<u8> = read(&dst, 64);
    for y in 0..5 {
        for x in 0..4 {
            assert_eq!(got[(1 + y) * 8 + 1 + x], ((3 + y) * 16 + 2 + x) as u8);
        }
    }
    let bad = CopyRegion {
        extent: [4, 6, 1],
        ..d
    };
    assert!(list.copy_region(&dst, bad, &src, s, Deps::NONE).is_err());
}

#[test]
fn events_and_tokens() {
    let (ctx, dev) = setup();
    let pool = EventPool::new(
        &ctx,
        EventPoolFlags::HOST_VISIBLE | EventPoolFlags::KERNEL_TIMESTAMP,
        2,
    )
    .unwrap();
    let gate = pool.event(0, EventScope::HOST, EventScope::HOST).unwrap();
    let done = pool.event(1, EventScope::HOST, EventScope::HOST).unwrap();
    assert!(pool.event(2, EventScope::HOST, EventScope::HOST).is_err());
    let a = Allocation::shared(&ctx, Some(&dev), 64, 0).unwrap();
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    list.fill(
        &a,
        0,
        64,
        &[5],
        Deps {
            signal: Some(&done),
            wait: &[&gate],
        },
    )
    .unwrap();
    let token = list.last_token();
    assert!(
        !done.wait(Some(Duration::from_millis(20))).unwrap(),
        "ran before its wait event"
    );
    assert!(!list.is_complete(token).unwrap());
    gate.signal().unwrap();
    assert!(done.wait(None).unwrap());
    let ts = done.kernel_timestamp().unwrap();
    assert!(ts.global.0 <= ts.global.1);
    list.synchronize().unwrap();
    assert!(list.is_complete(token).unwrap());
    assert_eq!(read::<u8>(&a, 64), vec![5; 64]);
    done.reset().unwrap();
    assert!(!done.is_signalled().unwrap());
    // Signal / wait / reset as commands.
    list.signal_event(&done).unwrap();
    list.wait_events(&[&done]).unwrap();
    list.reset_event(&done).unwrap();
    list.synchronize().unwrap();
    assert!(!done.is_signalled().unwrap());
}

#[test]
fn regular_lists_on_queues_with_fences() {
    let (ctx, dev) = setup();
    let a = Allocation::shared(&ctx, Some(&dev), 256, 0).unwrap();
    let mut list = CommandList::new(&ctx, &dev).unwrap();
    list.fill(&a, 0, 256, &[9], Deps::NONE).unwrap();
    let queue = CommandQueue::new(&ctx, &dev).unwrap();
    let e = queue.execute(&[&list], None).unwrap_err();
    assert!(e.to_string().contains("not closed"), "{e}");
    list.close().unwrap();
    assert!(list.fill(&a, 0, 1, &[1], Deps::NONE).is_err());
    let mut fence = Fence::new(&queue, false).unwrap();
    queue.execute(&[&list], Some(&fence)).unwrap();
    assert!(fence.wait(None).unwrap());
    assert!(fence.is_signalled().unwrap());
    assert_eq!(read::<u8>(&a, 256), vec![9; 256]);
    fence.reset().unwrap();
    assert!(!fence.is_signalled().unwrap());
    // Executed again after a reset of the memory from the host.
    // SAFETY: shared memory, no command pending.
    unsafe { std::ptr::write_bytes(a.as_ptr().cast::<u8>(), 0, 256) };
    queue.execute(&[&list], None).unwrap();
    assert!(queue.synchronize(None).unwrap());
    assert_eq!(read::<u8>(&a, 256), vec![9; 256]);
    list.reset().unwrap();
    list.close().unwrap();
    // A list of the copy-only group cannot run on a compute queue.
    if let Some(copy) = dev
        .queue_groups()
        .unwrap()
        .into_iter()
        .find(|g| g.copy && !g.compute)
    {
        let mut cl = CommandList::with_ordinal(&ctx, &dev, copy.ordinal).unwrap();
        cl.close().unwrap();
        assert!(queue.execute(&[&cl], None).is_err());
    }
}

#[test]
fn memory_stays_alive_while_commands_use_it() {
    let (ctx, dev) = setup();
    let pool = EventPool::new(&ctx, EventPoolFlags::HOST_VISIBLE, 1).unwrap();
    let gate = pool.event(0, EventScope::HOST, EventScope::HOST).unwrap();
    let src = Allocation::device(&ctx, &dev, 1 << 16, 0).unwrap();
    let dst = Allocation::shared(&ctx, Some(&dev), 1 << 16, 0).unwrap();
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    list.fill(&src, 0, 1 << 16, &[3], Deps::wait(&[&gate]))
        .unwrap();
    list.copy(&dst, 0, &src, 0, 1 << 16, Deps::NONE).unwrap();
    let weak_owners = src.owners();
    assert!(weak_owners > 1, "pending commands hold the source");
    drop(src); // the user's handle goes; the commands still hold the memory
    gate.signal().unwrap();
    list.synchronize().unwrap();
    assert!(read::<u8>(&dst, 1 << 16).iter().all(|&v| v == 3));
}

#[test]
fn modules_kernels_and_launches() {
    let (ctx, dev) = setup();
    let spirv = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/kernels/spv/saxpy-O0.spv"
    ))
    .unwrap();
    let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default()).unwrap();
    assert_eq!(module.kernel_names().unwrap(), vec!["saxpy".to_string()]);
    assert_eq!(module.native_binary().unwrap().len(), spirv.len());
    let e = module.kernel("nope").unwrap_err();
    assert_eq!(
        e.result(),
        Some(sys::ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_NAME),
        "{e}"
    );
    let mut k = module.kernel("saxpy").unwrap();
    assert_eq!(k.properties().num_args, 3);
    let n = 1000u32;
    let x = Allocation::shared(&ctx, Some(&dev), n as usize * 4, 0).unwrap();
    let y = Allocation::shared(&ctx, Some(&dev), n as usize * 4, 0).unwrap();
    // SAFETY: shared memory of n floats each, no command pending.
    unsafe {
        for i in 0..n as usize {
            *x.as_ptr().cast::<f32>().add(i) = i as f32;
            *y.as_ptr().cast::<f32>().add(i) = 1.0;
        }
    }
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    let e = list.launch(&k, Groups::x(1), Deps::NONE).unwrap_err();
    assert!(e.to_string().contains("argument 0 is not set"), "{e}");
    k.set_arg(0, &3.0f32).unwrap();
    k.set_arg_buffer(1, &x).unwrap();
    k.set_arg_buffer(2, &y).unwrap();
    assert!(k.set_arg(3, &1u32).is_err());
    let e = k.set_arg(0, &1.0f64).unwrap_err();
    assert_eq!(
        e.result(),
        Some(sys::ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE),
        "{e}"
    );
    let e = k.set_group_size([2048, 1, 1]).unwrap_err();
    assert_eq!(
        e.result(),
        Some(sys::ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION),
        "{e}"
    );
    let groups = k.configure_for(n).unwrap();
    assert_eq!(
        groups.0[0] * k.group_size()[0],
        n,
        "1000 = suggested divisor × groups"
    );
    list.launch(&k, groups, Deps::NONE).unwrap();
    list.synchronize().unwrap();
    let y: Vec<f32> = read(&y, n as usize);
    assert!(y
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 3.0 * i as f32 + 1.0));
    assert!(k.max_cooperative_group_count().unwrap() >= 1);
    k.set_indirect_access(IndirectAccess::DEVICE | IndirectAccess::SHARED)
        .unwrap();
    assert!(module.global_pointer("nothing").is_err());
}

#[test]
fn build_failure_carries_the_log() {
    let (ctx, dev) = setup();
    let mut bad = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/kernels/spv/saxpy-O2.spv"
    ))
    .unwrap();
    bad[0] ^= 0xff;
    match Module::from_spirv(&ctx, &dev, &bad, &BuildOptions::default()) {
        Err(Error::Build { result, log }) => {
            assert_eq!(
                result,
                sys::ze_result_t::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE
            );
            assert!(log.contains("magic"), "{log}");
        }
        other => panic!("expected a build error, got {:?}", other.err()),
    }
    assert!(matches!(
        Module::from_spirv(&ctx, &dev, &[1, 2, 3], &BuildOptions::default()),
        Err(Error::InvalidArgument(_))
    ));
}

#[test]
fn expert_layer_round_trip() {
    let (ctx, dev) = setup();
    let buf = Allocation::device(&ctx, &dev, 1024, 0).unwrap();
    let src: Vec<u8> = (0..1024).map(|i| i as u8).collect();
    let mut back = vec![0u8; 1024];
    // SAFETY: 1024 bytes each; live device memory of ctx.
    unsafe {
        unsafe_copyto(&ctx, &dev, buf.as_ptr(), src.as_ptr().cast(), 1024).unwrap();
        unsafe_copyto(&ctx, &dev, back.as_mut_ptr().cast(), buf.as_ptr(), 1024).unwrap();
    }
    assert_eq!(back, src);
    // SAFETY: as above.
    unsafe {
        unsafe_fill(&ctx, &dev, buf.as_ptr(), &[1, 2], 1024).unwrap();
        unsafe_copyto(&ctx, &dev, back.as_mut_ptr().cast(), buf.as_ptr(), 1024).unwrap();
    }
    assert!(back.iter().enumerate().all(|(i, &v)| v == [1, 2][i % 2]));
    // SAFETY: the pattern is rejected before anything is touched.
    assert!(unsafe { unsafe_fill(&ctx, &dev, buf.as_ptr(), &[1, 2, 3], 3) }.is_err());
}

#[test]
fn contexts_and_residency() {
    let driver = default_driver().unwrap();
    let dev = default_device().unwrap();
    let ctx = Context::with_devices(&driver, std::slice::from_ref(&dev)).unwrap();
    ctx.status().unwrap();
    let a = Allocation::device(&ctx, &dev, 4096, 0).unwrap();
    ctx.make_resident(&dev, &a).unwrap();
    ctx.evict(&dev, &a).unwrap();
    assert!(Context::with_devices(&driver, &[]).is_err());
    let other = Context::new(&driver).unwrap();
    let mut list = ImmediateCommandList::new(&other, &dev).unwrap();
    let b = Allocation::device(&other, &dev, 4096, 0).unwrap();
    let e = list.copy(&b, 0, &a, 0, 16, Deps::NONE).unwrap_err();
    assert!(e.to_string().contains("another context"), "{e}");
}

#[test]
fn streams_are_per_thread() {
    let (ctx, dev) = setup();
    let id_here = with_stream(&ctx, &dev, |s| Ok(s.last_token().list)).unwrap();
    assert_eq!(
        with_stream(&ctx, &dev, |s| Ok(s.last_token().list)).unwrap(),
        id_here
    );
    let (c2, d2) = (ctx.clone(), dev.clone());
    let id_there =
        std::thread::spawn(move || with_stream(&c2, &d2, |s| Ok(s.last_token().list)).unwrap())
            .join()
            .unwrap();
    assert_ne!(id_here, id_there);
}
