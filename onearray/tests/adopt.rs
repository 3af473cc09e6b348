//! Memory allocated elsewhere: adopted (freed by the array) or borrowed (never freed here),
//! and the checks that refuse what does not match.

use level_zero::{allocation_properties, default_context, default_device, Allocation, FreePolicy};
use onearray::{Error, HostBuffer, MemoryKind, OneArray, Result, SharedBuffer};

#[test]
fn adopted_memory_is_freed_with_the_array() -> Result<()> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let raw = Allocation::device(&ctx, &dev, 1 << 16, 64)?;
    let ptr = raw.as_ptr();
    std::mem::forget(raw);
    // SAFETY: `ptr` is the base of a 64 KiB device allocation nothing else frees.
    let mut a = unsafe { OneArray::<u64>::from_raw_owned(&ctx, &dev, ptr.cast(), 8192)? };
    a.fill(3)?;
    assert_eq!(a.to_vec()?, vec![3; 8192]);
    assert_eq!(
        allocation_properties(&ctx, ptr)?.kind,
        Some(MemoryKind::Device)
    );
    drop(a);
    assert_eq!(
        allocation_properties(&ctx, ptr)?.kind,
        None,
        "freed with the array"
    );
    Ok(())
}

#[test]
fn borrowed_memory_outlives_the_borrow() -> Result<()> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let theirs = Allocation::host(&ctx, 1024 * 4, 64)?;
    // SAFETY: host memory of 4 KiB, used by nothing else yet.
    unsafe { std::ptr::write_bytes(theirs.as_ptr().cast::<u8>(), 0, 4096) };
    {
        // SAFETY: a live, initialised host allocation of 1024 f32, owned by `theirs`.
        let mut b = unsafe {
            OneArray::<f32, HostBuffer>::borrow_raw(
                &theirs,
                &ctx,
                &dev,
                theirs.as_ptr().cast(),
                1024,
            )?
        };
        assert_eq!(b.len(), 1024);
        b.view_mut().copy_from_slice(&[2.5; 1024])?;
        let mut d = OneArray::<f32>::zeroed(1024)?;
        d.as_view_mut().copy_from(&b.view())?;
        assert_eq!(d.to_vec()?, vec![2.5; 1024]);
    }
    assert_eq!(
        allocation_properties(&ctx, theirs.as_ptr())?.kind,
        Some(MemoryKind::Host)
    );
    // SAFETY: host memory of 1024 f32, written above, no longer borrowed.
    let back = unsafe { std::slice::from_raw_parts(theirs.as_ptr().cast::<f32>(), 1024) };
    assert!(back.iter().all(|&v| v == 2.5));
    theirs.free_with(FreePolicy::Blocking)?;
    Ok(())
}

#[test]
fn a_sub_range_can_be_borrowed_not_adopted() -> Result<()> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let theirs = Allocation::shared(&ctx, Some(&dev), 4096, 64)?;
    let mid = theirs.as_ptr().cast::<u32>().wrapping_add(256);
    // SAFETY: 256 u32 inside the 1024 of `theirs`.
    let b = unsafe { OneArray::<u32, SharedBuffer>::borrow_raw(&theirs, &ctx, &dev, mid, 256)? };
    assert_eq!(b.as_ptr(), mid.cast_const());
    drop(b);
    // SAFETY: the call fails before wrapping anything: an owned allocation needs its base.
    let owned = unsafe { OneArray::<u32, SharedBuffer>::from_raw_owned(&ctx, &dev, mid, 256) };
    assert!(owned.is_err());
    // SAFETY: fails too: the range leaves the allocation.
    let past = unsafe { OneArray::<u32, SharedBuffer>::borrow_raw(&theirs, &ctx, &dev, mid, 1000) };
    assert!(past.is_err());
    Ok(())
}

#[test]
fn mismatches_are_refused() -> Result<()> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let theirs = Allocation::device(&ctx, &dev, 4096, 64)?;
    let p = theirs.as_ptr();
    let kind =
        // SAFETY: fails its checks (kind) before wrapping the memory.
        unsafe { OneArray::<u8, SharedBuffer>::borrow_raw(&theirs, &ctx, &dev, p.cast(), 16) };
    assert!(matches!(kind, Err(Error::Foreign { .. })), "{kind:?}");
    // SAFETY: fails its checks (alignment) before wrapping the memory.
    let odd = unsafe {
        OneArray::<u32>::borrow_raw(
            &theirs,
            &ctx,
            &dev,
            p.cast::<u8>().wrapping_add(1).cast(),
            4,
        )
    };
    assert!(matches!(odd, Err(Error::Foreign { .. })), "{odd:?}");
    let mut stack = [0u32; 4];
    let sp = stack.as_mut_ptr();
    // SAFETY: fails its checks (not USM) before wrapping the memory.
    // SAFETY: fails its checks (not USM) before wrapping the memory.
    let host = unsafe { OneArray::<u32, HostBuffer>::borrow_raw(&stack, &ctx, &dev, sp, 4) };
    assert!(host.is_err(), "pageable memory is not USM");
    Ok(())
}

#[test]
fn a_borrowed_allocation_is_never_freed_by_its_wrapper() -> Result<()> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let theirs = Allocation::device(&ctx, &dev, 256, 0)?;
    // SAFETY: `theirs` outlives `mine`.
    let mine = unsafe { Allocation::from_raw(&ctx, theirs.as_ptr(), 256, false)? };
    assert!(mine.free_with(FreePolicy::Blocking).is_err());
    assert_eq!(
        allocation_properties(&ctx, theirs.as_ptr())?.kind,
        Some(MemoryKind::Device)
    );
    Ok(())
}
