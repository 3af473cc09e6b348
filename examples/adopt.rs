//! Memory allocated elsewhere, used as arrays: a buffer another library owns is borrowed for a
//! scope (never freed here; the borrow cannot outlive it), one it hands over is adopted (freed
//! when the array goes), and a plain host `Vec` is copied in and out without a host copy first.
//!
//! ```sh
//! cargo run --release --example adopt
//! ```

use oneapi::level_zero::{
    allocation_properties, default_context, default_device, Allocation, BuildOptions, Grid, Module,
};
use oneapi::onearray::{OneArray, SharedBuffer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let module = Module::from_spirv(
        &ctx,
        &dev,
        include_bytes!("saxpy.spv"),
        &BuildOptions::default(),
    )?;
    let mut saxpy = module.kernel("saxpy")?;
    let n = 4096;

    // "Their" buffers: allocated by some other library on the same context.
    let theirs_x = Allocation::shared(&ctx, Some(&dev), n * 4, 64)?;
    let theirs_y = Allocation::device(&ctx, &dev, n * 4, 64)?;
    let y_ptr = theirs_y.as_ptr();
    std::mem::forget(theirs_y); // handed over to us: we adopt it below

    // SAFETY: shared memory of n f32, written whole here before any read.
    unsafe { std::ptr::write_bytes(theirs_x.as_ptr().cast::<u8>(), 0, n * 4) };
    // SAFETY: n f32 inside `theirs_x`, which outlives the borrow and nothing else touches.
    let mut x = unsafe {
        OneArray::<f32, SharedBuffer>::borrow_raw(
            &theirs_x,
            &ctx,
            &dev,
            theirs_x.as_ptr().cast(),
            n,
        )?
    };
    // SAFETY: the base of a device allocation of n f32 that nothing else frees or uses.
    let mut y = unsafe { OneArray::<f32>::from_raw_owned(&ctx, &dev, y_ptr.cast(), n)? };

    let host: Vec<f32> = (0..n).map(|i| i as f32).collect();
    x.view_mut().copy_from_slice(&host)?; // straight from the Vec
    y.fill(1.0)?;
    saxpy
        .launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(x.view())
        .arg(&mut y)
        .run()?;
    let mut out = vec![0.0f32; n];
    y.copy_to_slice(&mut out)?; // straight into the Vec
    assert!(out.iter().zip(&host).all(|(y, x)| *y == 2.0 * x + 1.0));
    println!("saxpy on a borrowed shared buffer into an adopted device buffer: {n} elements match");

    drop(x); // waits for the launch; `theirs_x` stays allocated
    drop(y); // frees the adopted buffer
    println!(
        "after the arrays: theirs_x is {:?} memory, the adopted buffer {:?}",
        allocation_properties(&ctx, theirs_x.as_ptr())?.kind,
        allocation_properties(&ctx, y_ptr)?.kind
    );
    Ok(())
}
