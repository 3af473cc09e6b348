//! Device-side array operations without writing a kernel: fused element-wise expressions,
//! reductions (whole array and along an axis), positions and BLAS level 1. Every operation
//! is SPIR-V generated in the process, built once per shape of expression and cached.
//!
//! ```sh
//! cargo run --release --example array_ops
//! ```

use oneapi::onearray::ops::{self, blas};
use oneapi::onearray::{OneArray, SharedBuffer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Fills: x = 0, 0.1, ..., 1.0 and an index ramp.
    let n = 11;
    let mut x = OneArray::<f32>::zeroed(n)?;
    x.linspace(0.0, 1.0)?;
    let mut k = OneArray::<i32>::zeroed(n)?;
    k.iota(-5, 1)?;
    println!("x          = {:?}", x.to_vec()?);
    println!("k          = {:?}", k.to_vec()?);

    // One fused kernel per expression, no temporaries: y = 2x + sin(x)², then a ReLU-like
    // select and a cast.
    let mut y = OneArray::<f32, SharedBuffer>::zeroed(n)?;
    y.assign(&x * 2.0 + x.expr().sin() * x.expr().sin())?;
    println!("2x + sin²x = {:?}", y.as_slice());
    let shifted = (k.expr().cast::<f32>() * 0.5).eval()?;
    let relu = shifted.expr().gt(0.0).select(&shifted, 0.0).eval()?;
    println!("relu(k/2)  = {:?}", relu.to_vec()?);

    // Reductions: fused with their expression (x·x is never stored).
    println!(
        "sum x = {}, mean x = {}, max k = {}, Σx² = {}, ‖x‖ = {}",
        x.sum()?,
        x.mean()?,
        k.maximum()?,
        (&x * &x).sum()?,
        x.nrm2()?
    );
    println!(
        "argmax relu = {}, argmin k = {}, iamax k/2 = {}",
        relu.argmax()?,
        k.argmin()?,
        shifted.iamax()?
    );

    // Along an axis of a 2-D array: a 3×4 matrix, sums of rows and columns.
    let mut m = OneArray::<f64>::zeroed(12)?;
    m.iota(1.0, 1.0)?;
    let m = m.reshape(&[3, 4])?;
    println!("m = 1..=12 as 3×4");
    println!("  row sums    = {:?}", m.sum_axis(1)?.to_vec()?);
    println!("  column max  = {:?}", m.maximum_axis(0)?.to_vec()?);
    println!("  column mean = {:?}", m.mean_axis(0)?.to_vec()?);
    println!(
        "  argmax rows of (m mod 5) = {:?}",
        (&m % 5.0).argmax_axis(1)?.to_vec()?
    );

    // BLAS level 1.
    let a = OneArray::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
    let mut b = OneArray::<f32>::from_slice(&[10.0, 20.0, 30.0])?;
    blas::axpy(2.0, &a, &mut b)?; // b = 2a + b
    println!("axpy: b = {:?}, dot(a, b) = {}", b.to_vec()?, a.dot(&b)?);
    blas::scal(0.5, &mut b)?;
    let mut c = OneArray::<f32>::zeroed(3)?;
    blas::copy(&b, &mut c)?;
    let mut d = OneArray::<f32>::from_slice(&[-1.0, -2.0, -3.0])?;
    blas::swap(&mut c, &mut d)?;
    println!(
        "scal, copy, swap: c = {:?}, d = {:?}",
        c.to_vec()?,
        d.to_vec()?
    );
    println!("asum d = {}, iamax d = {}", d.asum()?, d.iamax()?);

    // The same answers from the host.
    let xs: Vec<f32> = (0..n).map(|i| i as f32 * 0.1).collect();
    let host_y: Vec<f32> = xs.iter().map(|&v| v * 2.0 + v.sin() * v.sin()).collect();
    let close = |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(a, b)| (a - b).abs() <= 1e-5);
    let ok = close(y.as_slice(), &host_y)
        && m.sum_axis(1)?.to_vec()? == [10.0, 26.0, 42.0]
        && relu.argmax()? == 10
        && d.to_vec()? == [6.0, 12.0, 18.0]
        && c.to_vec()? == [-1.0, -2.0, -3.0];
    println!("kernels generated: {}", ops::generated_kernels());
    if !ok {
        return Err("a result differs from the host's".into());
    }
    println!("every result matches the host");
    Ok(())
}
