//! Automatic placement: the choice of memory, the usage records and the report's
//! recommendations, on the CPU driver as an integrated device (its default) and, in child
//! processes, as a discrete one (`LEVEL_ZERO_CPU_INTEGRATED=0`).

mod common;

use common::in_child;
use level_zero::{BuildOptions, Grid, Kernel, Module};
use onearray::{
    choose_kind, placement_report, AccessPattern, DeviceTraits, MemoryKind, OneArray, Placed, Usage,
};
use proptest::prelude::*;

const KINDS: [MemoryKind; 3] = [MemoryKind::Device, MemoryKind::Shared, MemoryKind::Host];
const DISCRETE: [(&str, &str); 2] = [
    ("LEVEL_ZERO_CPU_INTEGRATED", "0"),
    ("LEVEL_ZERO_CPU_MEMORY", "64M"),
];

/// `saxpy(n, a, const x, y)`: `y = a * x + y` for the first `n` elements.
fn saxpy() -> Kernel {
    let spirv = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/saxpy.spv"
    ))
    .unwrap();
    let (ctx, dev) = (
        level_zero::default_context().unwrap(),
        level_zero::default_device().unwrap(),
    );
    Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())
        .unwrap()
        .kernel("saxpy")
        .unwrap()
}

fn pattern() -> impl Strategy<Value = AccessPattern> {
    prop::sample::select(AccessPattern::ALL.to_vec())
}

proptest! {
    /// The choice fits the device memory, moves no more bytes than any other kind that fits
    /// for the pattern's expected use, keeps device-only data in device memory when it fits,
    /// and never copies host-touched data on an integrated device.
    #[test]
    fn choice_fits_and_moves_fewest_bytes(
        bytes in prop_oneof![0u64..(1 << 20), 0u64..(1 << 36)],
        access in pattern(),
        integrated: bool,
        memory in (1u64 << 20)..(1u64 << 36),
    ) {
        let dev = DeviceTraits { integrated, memory };
        let kind = choose_kind(bytes, access, dev);
        prop_assert!(kind != MemoryKind::Device || dev.fits(bytes));
        let usage = access.expected_usage(bytes);
        for other in KINDS.into_iter().filter(|&k| k != MemoryKind::Device || dev.fits(bytes)) {
            prop_assert!(usage.bytes_moved(kind, integrated) <= usage.bytes_moved(other, integrated));
        }
        if access == AccessPattern::DeviceOnly {
            let expect = if dev.fits(bytes) { MemoryKind::Device } else { MemoryKind::Shared };
            prop_assert_eq!(kind, expect);
        } else if integrated {
            prop_assert_ne!(kind, MemoryKind::Device);
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    Write(u32),
    WriteAt(usize, u32),
    Read,
    HostIncrement,
    KernelReads,
    KernelWrites,
}

fn op(len: usize) -> impl Strategy<Value = Op> {
    prop_oneof![
        any::<u32>().prop_map(|v| Op::Write(v % 1000)),
        (0..len, any::<u32>()).prop_map(|(i, v)| Op::WriteAt(i, v % 1000)),
        Just(Op::Read),
        Just(Op::HostIncrement),
        Just(Op::KernelReads),
        Just(Op::KernelWrites),
    ]
}

fn minus(a: Usage, b: Usage) -> Usage {
    Usage {
        host_reads: a.host_reads - b.host_reads,
        host_read_bytes: a.host_read_bytes - b.host_read_bytes,
        host_writes: a.host_writes - b.host_writes,
        host_write_bytes: a.host_write_bytes - b.host_write_bytes,
        device_reads: a.device_reads - b.device_reads,
        device_read_bytes: a.device_read_bytes - b.device_read_bytes,
        device_writes: a.device_writes - b.device_writes,
        device_write_bytes: a.device_write_bytes - b.device_write_bytes,
        handoffs: a.handoffs - b.handoffs,
        handoff_bytes: a.handoff_bytes - b.handoff_bytes,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any sequence of host and kernel accesses leaves the contents a `Vec` model has and the
    /// record the accesses made: counts per side, changes of side, and transfers only for
    /// device memory.
    #[test]
    fn records_match_a_model(
        access in pattern(),
        len in 1usize..3000,
        ops in prop::collection::vec(op(3000), 1..12),
    ) {
        let mut kernel = saxpy();
        let mut p = OneArray::<f32>::auto(len, access).unwrap();
        let before = placement_report().site(p.site()).cloned().unwrap();
        let mut model = vec![0.0f32; len];
        let bytes = (len * 4) as u64;
        let mut expect = Usage::default();
        let mut last = 0u8;
        let mut side = |expect: &mut Usage, now: u8, b: u64| {
            if last != 0 && last != now {
                expect.handoffs += 1;
                expect.handoff_bytes += onearray::migrated(b);
            }
            last = now;
        };
        let (mut transfers_up, mut transfers_down) = (0u64, 0u64);
        for op in &ops {
            match *op {
                Op::Write(v) => {
                    let src = vec![v as f32; len];
                    p.write(&src).unwrap();
                    model = src;
                    expect.host_writes += 1;
                    expect.host_write_bytes += bytes;
                    side(&mut expect, 1, bytes);
                    transfers_up += bytes;
                }
                Op::WriteAt(i, v) => {
                    let i = i % len;
                    p.write_at(i, &[v as f32]).unwrap();
                    model[i] = v as f32;
                    expect.host_writes += 1;
                    expect.host_write_bytes += 4;
                    side(&mut expect, 1, 4);
                    transfers_up += 4;
                }
                Op::Read => {
                    prop_assert_eq!(&p.to_vec().unwrap(), &model);
                    expect.host_reads += 1;
                    expect.host_read_bytes += bytes;
                    side(&mut expect, 1, bytes);
                    transfers_down += bytes;
                }
                Op::HostIncrement => {
                    p.with_host_mut(|s| s.iter_mut().for_each(|v| *v += 1.0)).unwrap();
                    model.iter_mut().for_each(|v| *v += 1.0);
                    expect.host_reads += 1;
                    expect.host_read_bytes += bytes;
                    expect.host_writes += 1;
                    expect.host_write_bytes += bytes;
                    side(&mut expect, 1, bytes);
                    transfers_down += bytes;
                    transfers_up += bytes;
                }
                Op::KernelReads => {
                    // y = 2 p + 0, checked against the model.
                    let mut y = OneArray::<f32>::zeroed(len).unwrap();
                    kernel.launch(Grid::for_len(len)).arg(len as u32).arg(2.0f32).arg(&p).arg(&mut y).run().unwrap();
                    let doubled: Vec<f32> = model.iter().map(|v| 2.0 * v).collect();
                    prop_assert_eq!(y.to_vec().unwrap(), doubled);
                    expect.device_reads += 1;
                    expect.device_read_bytes += bytes;
                    side(&mut expect, 2, bytes);
                }
                Op::KernelWrites => {
                    // p = 1 * x + p with x = 1.
                    let x = OneArray::<f32>::filled(len, 1.0).unwrap();
                    kernel.launch(Grid::for_len(len)).arg(len as u32).arg(1.0f32).arg(&x).arg(&mut p).run().unwrap();
                    model.iter_mut().for_each(|v| *v += 1.0);
                    expect.device_writes += 1;
                    expect.device_write_bytes += bytes;
                    side(&mut expect, 2, bytes);
                }
            }
        }
        prop_assert_eq!(&p.to_vec().unwrap(), &model);
        let after = placement_report().site(p.site()).cloned().unwrap();
        let mut got = minus(after.usage, before.usage);
        // The final check read is not in the model's count.
        got.host_reads -= 1;
        got.host_read_bytes -= bytes;
        if last == 2 {
            got.handoffs -= 1;
            got.handoff_bytes -= onearray::migrated(bytes);
        }
        prop_assert_eq!(got, expect);
        let up = after.upload_bytes - before.upload_bytes;
        let down = after.download_bytes - before.download_bytes - if p.kind() == MemoryKind::Device { bytes } else { 0 };
        if p.kind() == MemoryKind::Device {
            prop_assert_eq!((up, down), (transfers_up, transfers_down));
        } else {
            prop_assert_eq!((up, down), (0, 0));
        }
        // A recommendation always moves fewer bytes than the kind the arrays got.
        if let Some(k) = after.recommended {
            prop_assert!(after.moved.iter().find(|m| m.0 == k).unwrap().1 < after.bytes_moved());
        }
    }
}

#[test]
fn integrated_device_keeps_host_touched_data_out_of_device_memory() {
    let dev = level_zero::default_device().unwrap();
    if !DeviceTraits::of(&dev).unwrap().integrated {
        return; // run with LEVEL_ZERO_CPU_INTEGRATED=0: the discrete tests cover it
    }
    let input = Placed::from_slice(&[1u32; 100], AccessPattern::HostWriteDeviceReadOnce).unwrap();
    assert_eq!(input.kind(), MemoryKind::Host);
    let out = OneArray::<u32>::auto(100, AccessPattern::ReadBackOften).unwrap();
    assert_eq!(out.kind(), MemoryKind::Host);
    let scratch = OneArray::<u32>::auto(100, AccessPattern::DeviceOnly).unwrap();
    assert_eq!(scratch.kind(), MemoryKind::Device);

    // Device-only data read back each step: copies an integrated device does not need.
    let mut kernel = saxpy();
    let mut y = OneArray::<f32>::auto(4096, AccessPattern::DeviceOnly).unwrap();
    let x = OneArray::<f32>::filled(4096, 1.0).unwrap();
    for step in 1..=4 {
        kernel
            .launch(Grid::for_len(4096))
            .arg(4096u32)
            .arg(1.0f32)
            .arg(&x)
            .arg(&mut y)
            .run()
            .unwrap();
        assert_eq!(y.to_vec().unwrap()[0], step as f32);
    }
    let report = placement_report();
    let site = report.site(y.site()).unwrap();
    assert_eq!(
        (site.kind, site.downloads, site.download_bytes),
        (MemoryKind::Device, 4, 4 * 16384)
    );
    assert_eq!(site.usage.device_writes, 4);
    assert_eq!(site.recommended, Some(MemoryKind::Host));
    assert_eq!(site.saving(), 4 * 16384);
    assert!(
        report.to_string().contains("host (saves 64.0 KiB)"),
        "{report}"
    );
}

#[test]
fn discrete_device_chooses_by_pattern_and_size() {
    if !in_child("discrete_device_chooses_by_pattern_and_size", &DISCRETE) {
        return;
    }
    let dev = level_zero::default_device().unwrap();
    assert!(!dev.properties().unwrap().is_integrated);
    let traits = DeviceTraits::of(&dev).unwrap();
    assert_eq!(
        traits,
        DeviceTraits {
            integrated: false,
            memory: 64 << 20
        }
    );
    let kind = |len, access| OneArray::<u8>::auto(len, access).unwrap().kind();
    assert_eq!(kind(1 << 20, AccessPattern::DeviceOnly), MemoryKind::Device);
    // More than half the device memory: shared memory, which the driver can page.
    assert_eq!(
        kind(40 << 20, AccessPattern::DeviceOnly),
        MemoryKind::Shared
    );
    assert_eq!(
        kind(1 << 20, AccessPattern::HostWriteDeviceReadOnce),
        MemoryKind::Host
    );
    assert_eq!(kind(1 << 20, AccessPattern::Streamed), MemoryKind::Host);
    assert_eq!(kind(100, AccessPattern::ReadBackOften), MemoryKind::Host);
}

#[test]
fn discrete_device_recommends_device_memory_for_kernel_heavy_arrays() {
    if !in_child(
        "discrete_device_recommends_device_memory_for_kernel_heavy_arrays",
        &DISCRETE,
    ) {
        return;
    }
    // Announced as read back often, but the kernels write it five times per host read:
    // in host memory every launch crosses the link.
    let n = 64 << 10; // 256 KiB: whole migration granules
    let mut kernel = saxpy();
    let mut y = OneArray::<f32>::auto(n, AccessPattern::ReadBackOften).unwrap();
    assert_eq!(y.kind(), MemoryKind::Host);
    let x = OneArray::<f32>::filled(n, 1.0).unwrap();
    for _ in 0..5 {
        kernel
            .launch(Grid::for_len(n))
            .arg(n as u32)
            .arg(1.0f32)
            .arg(&x)
            .arg(&mut y)
            .run()
            .unwrap();
    }
    assert!(y.with_host(|s| s.iter().all(|&v| v == 5.0)).unwrap());
    let report = placement_report();
    let site = report.site(y.site()).unwrap();
    let b = (n * 4) as u64;
    assert_eq!(site.host_accesses, 1);
    assert_eq!((site.uploads, site.downloads), (0, 0));
    assert_eq!(
        site.moved,
        [
            (MemoryKind::Device, b),
            (MemoryKind::Shared, b),
            (MemoryKind::Host, 5 * b)
        ]
    );
    // Device and shared memory tie: explicit copies are preferred to page migration.
    assert_eq!(site.recommended, Some(MemoryKind::Device));
    assert_eq!(site.saving(), 4 * b);
}
