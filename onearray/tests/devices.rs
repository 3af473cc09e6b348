//! Several devices: the CPU driver configured as two root devices with two sub-devices each
//! (in child processes, since the driver reads its configuration once per process).

mod common;

use common::in_child;
use onearray::{
    gather, memory_info, select_device, select_devices, split, DeviceSelector, HostBuffer,
    MemoryKind, OneArray, SharedBuffer,
};

const TWO_BY_TWO: [(&str, &str); 2] = [
    ("LEVEL_ZERO_CPU_DEVICES", "2"),
    ("LEVEL_ZERO_CPU_SUBDEVICES", "2"),
];
const NO_PEERS: [(&str, &str); 3] = [
    ("LEVEL_ZERO_CPU_DEVICES", "2"),
    ("LEVEL_ZERO_CPU_SUBDEVICES", "2"),
    ("LEVEL_ZERO_CPU_PEER_ACCESS", "0"),
];

fn data(n: usize) -> Vec<u32> {
    (0..n as u32).map(|i| i.wrapping_mul(2654435761)).collect()
}

#[test]
fn selectors_parse() {
    assert_eq!("all".parse(), Ok(DeviceSelector::All));
    assert_eq!("1".parse(), Ok(DeviceSelector::Ordinal(1)));
    assert_eq!(" 1.0 ".parse(), Ok(DeviceSelector::Sub(1, 0)));
    assert_eq!(
        "GPU".parse(),
        Ok(DeviceSelector::Kind(level_zero::DeviceKind::Gpu))
    );
    assert_eq!(
        "device 1".parse(),
        Ok(DeviceSelector::Name("device 1".into()))
    );
}

#[test]
fn selects_by_ordinal_name_kind_and_sub_device() {
    if !in_child("selects_by_ordinal_name_kind_and_sub_device", &TWO_BY_TWO) {
        return;
    }
    let all = select_devices("all").unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(select_device(1usize).unwrap(), all[1]);
    assert_eq!(select_devices("cpu").unwrap(), all);
    let sub = select_device("1.1").unwrap();
    assert_eq!(sub, all[1].subdevices().unwrap()[1]);
    assert!(sub.properties().unwrap().is_subdevice);
    // "device 1" names the root and both of its sub-devices.
    assert_eq!(select_devices("device 1").unwrap().len(), 3);
    let err = select_device(2usize).unwrap_err().to_string();
    assert!(err.contains("0: ") && err.contains("1: "), "{err}");
    assert!(select_device("2.0").is_err() && select_device("0.2").is_err());
}

/// Arrays on both roots and on a sub-device: per-device pools and statistics, copies in
/// every direction and kind, split and gather.
fn exercise_devices() {
    let ctx = level_zero::default_context().unwrap();
    let d0 = select_device(0usize).unwrap();
    let d1 = select_device(1usize).unwrap();
    let s10 = select_device("1.0").unwrap();
    let v = data(100_003);
    let a0 = OneArray::<u32>::from_slice_in(&ctx, &d0, &v).unwrap();
    let mut a1 = OneArray::<u32>::zeroed_in(&ctx, &d1, v.len()).unwrap();
    a1.copy_from(&a0).unwrap();
    assert_eq!(a1.device(), &d1);
    assert_eq!(a1.to_vec().unwrap(), v);
    // To a sub-device of the other root, asynchronously, and a sub-range back.
    let mut s = OneArray::<u32>::zeroed_in(&ctx, &s10, v.len()).unwrap();
    let p = s.copy_from_async(&a0).unwrap();
    assert!(p.is_complete().unwrap());
    drop(a0);
    assert_eq!(s.to_vec().unwrap(), v);
    let mut b0 = OneArray::<u32>::zeroed_in(&ctx, &d0, 10).unwrap();
    b0.copy_range_from(0, &s, 500..510).unwrap();
    assert_eq!(b0.to_vec().unwrap(), v[500..510]);
    // Shared memory of one device into device memory of another.
    let sh = OneArray::<u32, SharedBuffer>::from_slice_in(&ctx, &d1, &v[..64]).unwrap();
    let mut c0 = OneArray::<u32>::zeroed_in(&ctx, &d0, 64).unwrap();
    c0.copy_from(&sh).unwrap();
    assert_eq!(c0.to_vec().unwrap(), v[..64]);

    let info = memory_info().unwrap();
    let of1 = info.of_device(&d1);
    assert!(of1.bytes_in_use >= v.len() * 4, "{of1:?}");
    assert!(info.of_device(&s10).bytes_in_use >= v.len() * 4);
    assert!(info
        .pools
        .iter()
        .any(|p| p.dev == d0 && p.kind == MemoryKind::Device));
    let report = onearray::memory_report().unwrap();
    assert!(
        report.contains("device 0") && report.contains("device 1.0"),
        "{report}"
    );

    // Split over the four sub-devices and back, 2-D (rows 7 + 7 + 7 + 6).
    let subs: Vec<_> = (0..2)
        .flat_map(|r| (0..2).map(move |s| format!("{r}.{s}")))
        .map(|sel| select_device(sel.as_str()).unwrap())
        .collect();
    let m = OneArray::<u32, HostBuffer>::from_slice_in(&ctx, &d0, &v[..27 * 5])
        .unwrap()
        .reshape(&[27, 5])
        .unwrap();
    let parts = split(&m, &subs).unwrap();
    let rows: Vec<_> = parts.iter().map(|p| p.shape()[0]).collect();
    assert_eq!(rows, [7, 7, 7, 6]);
    for (p, d) in parts.iter().zip(&subs) {
        assert_eq!(p.device(), d);
        assert_eq!(p.shape()[1], 5);
    }
    let mut back = OneArray::<u32>::zeroed_in(&ctx, &d1, 27 * 5).unwrap();
    gather(&parts, &mut back).unwrap();
    assert_eq!(back.to_vec().unwrap(), v[..27 * 5]);
    let mut short = OneArray::<u32>::zeroed(3).unwrap();
    assert!(gather(&parts, &mut short).is_err());
    assert!(split(&m, &[]).is_err());
}

#[test]
fn copies_split_and_gather_across_devices_with_peer_access() {
    if !in_child(
        "copies_split_and_gather_across_devices_with_peer_access",
        &TWO_BY_TWO,
    ) {
        return;
    }
    let (d0, d1) = (
        select_device(0usize).unwrap(),
        select_device(1usize).unwrap(),
    );
    assert!(d0.can_access_peer(&d1).unwrap());
    exercise_devices();
    let c = onearray::peer_copy_stats();
    assert_eq!(c.staged, 0, "{c:?}");
    assert!(c.direct >= 8 && c.direct_bytes >= 2 * 100_003 * 4, "{c:?}");
}

#[test]
fn copies_are_staged_without_peer_access() {
    if !in_child("copies_are_staged_without_peer_access", &NO_PEERS) {
        return;
    }
    let (d0, d1) = (
        select_device(0usize).unwrap(),
        select_device(1usize).unwrap(),
    );
    assert!(!d0.can_access_peer(&d1).unwrap());
    assert!(d0.can_access_peer(&select_device("0.1").unwrap()).unwrap());
    exercise_devices();
    // Larger than one staging chunk, not a multiple of it.
    let ctx = level_zero::default_context().unwrap();
    let n = onearray::PEER_STAGING_CHUNK / 4 * 2 + 12345;
    let v = data(n);
    let a = OneArray::<u32>::from_slice_in(&ctx, &d1, &v).unwrap();
    let mut b = OneArray::<u32>::zeroed_in(&ctx, &d0, n).unwrap();
    let before = onearray::peer_copy_stats();
    b.copy_from(&a).unwrap();
    assert_eq!(b.to_vec().unwrap(), v);
    let c = onearray::peer_copy_stats();
    assert_eq!(c.staged_bytes - before.staged_bytes, n * 4, "{c:?}");
    // Between roots everything was staged; within a root (0 and 0.x) copies are direct.
    assert!(c.staged >= 4, "{c:?}");
}

#[test]
fn copies_between_contexts_are_staged() {
    let dev = select_device(0usize).unwrap();
    let other = level_zero::Context::new(&level_zero::default_driver().unwrap()).unwrap();
    let v = data(5000);
    let a = OneArray::<u32>::from_slice(&v).unwrap();
    let mut b = OneArray::<u32>::zeroed_in(&other, &dev, v.len()).unwrap();
    b.copy_from(&a).unwrap();
    assert_eq!(b.to_vec().unwrap(), v);
    let mut c = OneArray::<u32>::zeroed(v.len()).unwrap();
    let staged = onearray::peer_copy_stats().staged;
    c.copy_from_async(&b).unwrap().wait().unwrap();
    assert_eq!(c.to_vec().unwrap(), v);
    assert!(onearray::peer_copy_stats().staged > staged);
}
