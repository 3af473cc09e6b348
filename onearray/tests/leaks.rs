//! The leak tracker on a representative workload: with `ONEARRAY_TRACK_LEAKS=1` (in a child
//! process, so the whole run is tracked from its first allocation) every block the workload
//! creates shows up while alive, and nothing is left once everything is dropped.

mod common;
use common::in_child;
use level_zero::MemoryKind;
use onearray::*;

fn live(kind: MemoryKind) -> usize {
    report_leaks().iter().filter(|l| l.kind == kind).count()
}

fn workload() -> Result<()> {
    // Construction, every kind.
    let d = OneArray::<u32>::filled(1000, 7)?;
    let s = OneArray::<f32, SharedBuffer>::from_slice(&[1.0, 2.0, 3.0])?;
    let mut h = OneArray::<u16, HostBuffer>::zeroed(64)?;
    let it: OneArray<u64> = (0..100u64).collect();
    // SAFETY: every element is written before it is read.
    let mut u = unsafe { OneArray::<u8, SharedBuffer>::uninit(10)? };
    u.as_mut_slice().fill(1);
    assert_eq!(live(MemoryKind::Device), 2);
    assert_eq!(live(MemoryKind::Shared), 2);
    assert_eq!(live(MemoryKind::Host), 1);
    // Views share the block (no new record) and keep it alive.
    let v = d.view_owned(10..20)?.reshape(&[2, 5])?;
    drop(d);
    assert_eq!(v.to_vec()?, vec![7; 10]);
    assert_eq!(live(MemoryKind::Device), 2);
    // Copies in every direction, sub-ranges, staged and direct uploads.
    let mut d2 = OneArray::<u32>::zeroed(10)?;
    d2.copy_from(&v)?;
    h.as_mut_slice()[0] = 5;
    let mut big = OneArray::<u8>::zeroed(STAGING_CHUNK + 3)?;
    big.copy_from_slice(&vec![9; STAGING_CHUNK + 3])?;
    let mut back = [0u8; 4];
    big.read_at(STAGING_CHUNK - 1, &mut back)?;
    assert_eq!(back, [9; 4]);
    let mut sh = OneArray::<u32, SharedBuffer>::zeroed(10)?;
    sh.copy_range_from(0, &d2, 0..10)?;
    assert_eq!(sh.as_slice(), &[7; 10]);
    // unsafe_free: refused while a view exists, then frees.
    let view = sh.view_owned(0..1)?;
    assert!(matches!(
        sh.unsafe_free(),
        Err(Error::ViewsExist { views: 1 })
    ));
    drop(view);
    big.unsafe_free()?;
    // with_temp.
    let sum = OneArray::<u8>::with_temp(4096, |t| t.fill(1).and_then(|_| t.to_vec()))?;
    assert_eq!(sum.len(), 4096);
    // Asynchronous copies: waited for, and dropped (the copy runs on; host access waits).
    let src = OneArray::<u32>::filled(1 << 12, 3)?;
    let mut dst = OneArray::<u32, SharedBuffer>::zeroed(1 << 12)?;
    dst.copy_from_async(&src)?.wait()?;
    drop(dst.copy_from_async(&src)?);
    drop(src);
    assert!(dst.iter().all(|&x| x == 3));
    // Pool reuse: the same class again is a hit, recorded anew.
    let p = OneArray::<u8, HostBuffer>::zeroed(3000)?;
    let ptr = p.as_ptr();
    drop(p);
    let q = OneArray::<u8, HostBuffer>::zeroed(3000)?;
    assert_eq!(q.as_ptr(), ptr);
    // Another thread, its own stream.
    std::thread::spawn(|| OneArray::<u64>::filled(1 << 10, 1).map(drop))
        .join()
        .expect("worker")?;
    assert!(report_leaks().iter().all(|l| l.size > 0));
    drop((s, h, it, u, v, d2, dst, q));
    Ok(())
}

#[test]
fn tracked_workload_leaves_no_leaks() {
    if !in_child(
        "tracked_workload_leaves_no_leaks",
        // The deliberate leak at the end must not end this child with the CI's fatal setting.
        &[("ONEARRAY_TRACK_LEAKS", "1"), ("ONEARRAY_LEAKS_FATAL", "0")],
    ) {
        return;
    }
    assert!(leak_tracking());
    workload().unwrap();
    let leaks = report_leaks();
    assert!(
        leaks.is_empty(),
        "{} leak(s):\n{}",
        leaks.len(),
        leaks
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // A deliberate leak is reported, with where it was made.
    std::mem::forget(OneArray::<u8>::zeroed(100).unwrap());
    let leaks = report_leaks();
    assert_eq!(leaks.len(), 1);
    assert_eq!((leaks[0].size, leaks[0].kind), (512, MemoryKind::Device));
    assert!(leaks[0].to_string().contains("512 B of device memory"));
}
