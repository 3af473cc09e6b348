//! SAXPY over `OneArray`s: the OpenCL C kernel in `saxpy.cl` (built into `saxpy.spv`),
//! launched with checked, tracked arguments and checked against the host.
//!
//! ```sh
//! cargo run --release --example saxpy
//! ```

use oneapi::level_zero::{default_context, default_device, BuildOptions, Grid, Module};
use oneapi::onearray::OneArray;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let spirv = include_bytes!("saxpy.spv");
    let module = Module::from_spirv(
        &default_context()?,
        &default_device()?,
        spirv,
        &BuildOptions::default(),
    )?;
    let mut saxpy = module.kernel("saxpy")?;
    let n = 1_000_003;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = OneArray::<f32>::from_slice(&xs)?;
    let mut y = OneArray::<f32>::filled(n, 1.0)?;
    saxpy
        .launch(Grid::for_len(n))
        .arg(n as u32)
        .arg(2.0f32)
        .arg(&x)
        .arg(&mut y)
        .run()?;
    let y = y.to_vec()?;
    assert!(xs.iter().zip(&y).all(|(x, y)| *y == 2.0 * x + 1.0));
    println!("saxpy over {n} elements matches the host");
    Ok(())
}
