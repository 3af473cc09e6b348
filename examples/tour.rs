//! A tour of `onearray`, the memory story of oneAPI.jl's manual in Rust: buffer kinds,
//! copies, shapes and views, freeing (`unsafe_free`, scoped temporaries), the pool, advice
//! and prefetch, running out of memory, and the memory status.
//!
//! ```sh
//! cargo run --example tour
//! ```

use oneapi::level_zero::{self, MemoryAdvice};
use oneapi::onearray::{self, human, s, HostBuffer, OneArray, SharedBuffer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== 1. Buffer kinds are types");
    let dev = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0, 4.0])?; // DeviceBuffer: no host access
    let mut shared = OneArray::<f32, SharedBuffer>::zeroed(4)?;
    let host = OneArray::<f32, HostBuffer>::filled(4, 0.5)?;
    println!("   {dev:?}\n   {shared:?}\n   {host:?}");

    println!("== 2. Copies in every direction");
    shared.copy_from(&dev)?; // device -> shared
    shared[0] = 10.0; // host write (compiles only for Shared/Host)
    let mut dev2 = OneArray::<f32>::zeroed(4)?;
    dev2.copy_from(&shared)?; // shared -> device
    dev2.copy_range_from(3, &host, 0..1)?; // host array -> device, sub-range
    println!("   device -> host Vec: {:?}", dev2.to_vec()?);
    let mut back = OneArray::<f32, HostBuffer>::zeroed(4)?;
    back.copy_from_async(&dev2)?.wait()?; // asynchronous: a Pending handle, as launches return
    println!("   async device -> host array: {:?}", back.as_slice());
    println!(
        "   length mismatch is typed: {}",
        dev2.copy_from_slice(&[1.0]).unwrap_err()
    );

    println!("== 3. Shapes and views");
    let m = OneArray::<u32>::from_slice(&(0..12).collect::<Vec<_>>())?.reshape(&[3, 4])?;
    println!(
        "   row 1 of a 3x4 matrix: {:?}",
        m.slice(s![1, ..])?.to_vec()?
    );
    println!("   column 2: {:?}", m.slice(s![.., 2])?.to_vec()?);
    println!(
        "   every other column: {:?}",
        m.slice(s![.., ..;2])?.to_vec()?
    );
    println!("   transposed: {:?}", m.t().to_vec()?);
    let mut t4 = OneArray::<u32>::zeroed(12)?.reshape(&[4, 3])?;
    t4.as_view_mut().copy_from(&m.t())?; // a region copy on the device
    println!("   transpose copied into a 4x3 array: {:?}", t4.to_vec()?);
    let row = m.view_owned(4..8)?; // an owned view: shares the block
    drop(m); // the owned view keeps the memory alive
    println!(
        "   owned view of row 1 after the matrix is dropped: {:?}",
        row.to_vec()?
    );

    println!("== 4. Freeing");
    let t = OneArray::<u8>::zeroed(1 << 20)?;
    let v = t.view_owned(0..10)?;
    println!(
        "   unsafe_free with a view alive: {}",
        t.unsafe_free().unwrap_err()
    );
    v.unsafe_free()?;
    let total = OneArray::<u32, SharedBuffer>::with_temp(256, |tmp| {
        tmp.as_mut_slice()
            .iter_mut()
            .enumerate()
            .for_each(|(i, x)| *x = i as u32);
        Ok(tmp.iter().sum::<u32>())
    })?;
    println!("   with_temp sum: {total}");

    println!("== 5. The pool");
    for _ in 0..1000 {
        drop(OneArray::<f32>::zeroed(1000)?);
    }
    let info = onearray::memory_info()?;
    let s = info.total();
    println!(
        "   {} allocations, {} hits, {} misses, hit rate {:.1}%, in use {}, pooled {}, peak {}",
        s.allocations,
        s.hits,
        s.misses,
        100.0 * s.hit_rate(),
        human(s.bytes_in_use),
        human(s.bytes_pooled),
        human(s.peak_in_use),
    );

    println!("== 6. Advice, prefetch, running out of memory");
    let mut weights = OneArray::<f32, SharedBuffer>::filled(1 << 16, 0.25)?;
    weights.advise(MemoryAdvice::SetReadMostly)?; // hints; a driver may ignore them
    weights.prefetch()?; // moves the pages to the device ahead of use
    weights[0] = 1.0; // still host-accessible
    println!(
        "   shared array advised read-mostly and prefetched, sum {}",
        weights.sum()?
    );
    let device = level_zero::default_device()?;
    let memory: u64 = device
        .memory_properties()?
        .iter()
        .map(|m| m.total_size)
        .sum();
    let too_big = usize::try_from(memory).unwrap_or(usize::MAX / 2) * 2;
    match OneArray::<u8>::zeroed(too_big) {
        Ok(_) => println!("   {} allocated: the driver over-commits", human(too_big)),
        Err(e) => println!(
            "   asking for {} fails with a typed error: {e}",
            human(too_big)
        ),
    }

    println!("== 7. Memory status");
    onearray::memory_status();
    println!("   trim() gave back {}", human(onearray::trim()));
    Ok(())
}
