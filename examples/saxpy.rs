//! SAXPY over `OneArray`s: the OpenCL C kernel in `saxpy.cl` (compiled by build.rs),
//! launched with checked, tracked arguments and checked against the host.

use oneapi::level_zero::{Grid, Module};
use oneapi::onearray::OneArray;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut saxpy = Module::new(oneapi::include_spirv!("saxpy.spv"))?.kernel("saxpy")?;
    let n = 1_000_003;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = OneArray::<f32>::from_slice(&xs)?;
    let mut y = OneArray::<f32>::filled(n, 1.0)?;
    saxpy.run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut y))?;
    let y = y.to_vec()?;
    assert!(xs.iter().zip(&y).all(|(x, y)| *y == 2.0 * x + 1.0));
    println!("saxpy over {n} elements matches the host");
    Ok(())
}
