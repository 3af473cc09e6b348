//! Construction, host access, views, freeing, copies and on-array operations.

use level_zero::MemoryAdvice;
use onearray::*;

#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
struct Point {
    x: f32,
    y: f32,
    id: u32,
}

#[test]
fn construction_every_kind() -> Result<()> {
    let d = OneArray::<u32>::filled(10, 7)?;
    assert!(d.is_device() && !d.is_shared() && !d.is_host());
    assert_eq!(d.to_vec()?, vec![7; 10]);
    let s = OneArray::<u32, SharedBuffer>::zeroed(5)?;
    assert!(s.is_shared());
    assert_eq!(s.as_slice(), &[0; 5]);
    let h = OneArray::<u32, HostBuffer>::from_slice(&[1, 2, 3])?;
    assert!(h.is_host());
    assert_eq!(h.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
    let v: OneArray<u64> = (0..100u64).collect();
    assert_eq!(v.to_vec()?, (0..100).collect::<Vec<_>>());
    let t = OneArray::<i16, HostBuffer>::try_from(vec![-1i16, 2])?;
    assert_eq!(Vec::try_from(&t)?, [-1, 2]);
    let e = OneArray::<u8>::zeroed(0)?;
    assert!(e.is_empty());
    assert_eq!(e.to_vec()?, Vec::<u8>::new());
    // SAFETY: every element is written before reading.
    let mut u = unsafe { OneArray::<f32, SharedBuffer>::uninit(4)? };
    u.as_mut_slice().fill(1.5);
    assert_eq!(u[3], 1.5);
    Ok(())
}

#[test]
fn halves_and_structs() -> Result<()> {
    let h: Vec<f16> = (0..8).map(|i| f16::from_f32(i as f32)).collect();
    assert_eq!(OneArray::<f16>::from_slice(&h)?.to_vec()?, h);
    let b = OneArray::<bf16>::filled(3, bf16::from_f32(2.0))?;
    assert_eq!(b.to_vec()?, vec![bf16::from_f32(2.0); 3]);
    let p = Point {
        x: 1.0,
        y: 2.0,
        id: 3,
    };
    let a = OneArray::<Point>::filled(5, p)?; // 12-byte pattern: not a power of two
    assert_eq!(a.to_vec()?, vec![p; 5]);
    assert_eq!(a.byte_size(), 60);
    assert!(a.alignment() >= 64);
    Ok(())
}

#[test]
fn properties_and_debug() -> Result<()> {
    let a = OneArray::<f32>::zeroed(6)?.reshape(&[2, 3])?;
    assert_eq!((a.shape(), a.ndim(), a.len()), (&[2usize, 3][..], 2, 6));
    assert!(matches!(a.reshape(&[5]), Err(Error::Shape { .. })));
    let a = OneArray::<f32>::zeroed(6)?;
    assert_eq!(a.device(), &level_zero::default_device()?);
    assert_eq!(a.context(), &level_zero::default_context()?);
    let dbg = format!("{:?}", a.reshape(&[3, 2])?);
    assert!(
        dbg.contains("device") && dbg.contains("[3, 2]") && dbg.contains("f32"),
        "{dbg}"
    );
    Ok(())
}

#[test]
fn owned_views_keep_memory_and_block_free() -> Result<()> {
    let a = OneArray::<u32, SharedBuffer>::from_slice(&[0, 1, 2, 3, 4, 5])?;
    let v = a.view_owned(2..5)?;
    assert_eq!(a.views(), 1);
    assert!(matches!(a.view_owned(4..9), Err(Error::OutOfRange { .. })));
    assert!(matches!(
        a.unsafe_free(),
        Err(Error::ViewsExist { views: 1 })
    ));
    assert_eq!(v.as_slice(), &[2, 3, 4]);
    let mut v = v;
    v[0] = 9; // the only owner now
    assert_eq!(v.as_slice(), &[9, 3, 4]);
    v.unsafe_free()?;
    // Host-kind writes are refused while a view exists.
    let mut b = OneArray::<u8, HostBuffer>::zeroed(4)?;
    let w = b.view_owned(0..2)?;
    assert!(matches!(
        b.try_as_mut_slice(),
        Err(Error::ViewsExist { .. })
    ));
    assert!(b.fill(1).is_err());
    drop(w);
    b.fill(1)?;
    Ok(())
}

#[test]
fn with_temp_and_unsafe_free() -> Result<()> {
    let r = OneArray::<u32, SharedBuffer>::with_temp(16, |t| {
        t.as_mut_slice()[3] = 5;
        Ok(t.iter().sum::<u32>())
    })?;
    assert_eq!(r, 5);
    OneArray::<u8>::zeroed(100)?.unsafe_free()?;
    Ok(())
}

fn round_trip<B1: BufferKind, B2: BufferKind>() -> Result<()> {
    let data: Vec<u32> = (0..1000).collect();
    let a = OneArray::<u32, B1>::from_slice(&data)?;
    let mut b = OneArray::<u32, B2>::zeroed(1000)?;
    b.copy_from(&a)?;
    assert_eq!(b.to_vec()?, data);
    // sub-range
    let mut c = OneArray::<u32, B2>::zeroed(10)?;
    c.copy_range_from(2, &a, 100..105)?;
    assert_eq!(c.to_vec()?, [0, 0, 100, 101, 102, 103, 104, 0, 0, 0]);
    let mut part = [0u32; 3];
    a.read_at(997, &mut part)?;
    assert_eq!(part, [997, 998, 999]);
    // async
    let mut d = OneArray::<u32, B2>::zeroed(1000)?;
    let pending = d.copy_from_async(&a)?;
    pending.wait()?;
    assert_eq!(d.to_vec()?, data);
    // errors
    assert!(matches!(
        b.copy_from(&c),
        Err(Error::LengthMismatch { dst: 1000, src: 10 })
    ));
    assert!(matches!(
        c.copy_range_from(8, &a, 0..5),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        c.write_at(9, &[1, 2]),
        Err(Error::OutOfRange { .. })
    ));
    assert!(matches!(
        c.copy_to_slice(&mut [0; 3]),
        Err(Error::LengthMismatch { .. })
    ));
    Ok(())
}

#[test]
fn copies_every_direction() -> Result<()> {
    round_trip::<DeviceBuffer, DeviceBuffer>()?;
    round_trip::<DeviceBuffer, SharedBuffer>()?;
    round_trip::<DeviceBuffer, HostBuffer>()?;
    round_trip::<SharedBuffer, DeviceBuffer>()?;
    round_trip::<SharedBuffer, SharedBuffer>()?;
    round_trip::<SharedBuffer, HostBuffer>()?;
    round_trip::<HostBuffer, DeviceBuffer>()?;
    round_trip::<HostBuffer, SharedBuffer>()?;
    round_trip::<HostBuffer, HostBuffer>()
}

#[test]
fn overlapping_views_copy_is_refused() -> Result<()> {
    let a = OneArray::<u8>::from_slice(&[1, 2, 3, 4])?;
    let mut v = a.view_owned(0..3)?;
    assert!(matches!(
        v.copy_range_from(0, &a, 1..4),
        Err(Error::Overlap)
    ));
    let w = a.view_owned(3..4)?;
    v.copy_range_from(0, &w, 0..1)?; // disjoint: fine on device memory
    assert_eq!(a.to_vec()?, [4, 2, 3, 4]);
    Ok(())
}

#[test]
fn on_array_operations() -> Result<()> {
    let mut a = OneArray::<f32, SharedBuffer>::zeroed(4096)?;
    for advice in MemoryAdvice::ALL
        .into_iter()
        .filter(|v| v.supported_by(a.device()))
    {
        a.advise(advice)?;
    }
    a.prefetch()?;
    a.make_resident()?;
    a.evict()?;
    a.fill(3.0)?;
    assert!(a.iter().all(|&v| v == 3.0));
    let d = OneArray::<u64>::zeroed(100)?;
    d.prefetch()?;
    d.make_resident()?;
    d.evict()?;
    for advice in MemoryAdvice::ALL
        .into_iter()
        .filter(|v| v.supported_by(d.device()))
    {
        d.advise(advice)?;
    }
    Ok(())
}

#[test]
fn threads_use_arrays() -> Result<()> {
    let handles: Vec<_> = (0..4u32)
        .map(|t| {
            std::thread::spawn(move || -> Result<()> {
                for i in 0..50u32 {
                    let a = OneArray::<u32>::filled(100 + i as usize, t * 1000 + i)?;
                    assert_eq!(a.to_vec()?, vec![t * 1000 + i; 100 + i as usize]);
                }
                Ok(())
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap()?;
    }
    Ok(())
}
