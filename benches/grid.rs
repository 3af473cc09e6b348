//! `cargo bench --bench grid`: saxpy over an odd element count (1,000,003) against a round
//! one (1,048,576), both through `Grid::for_len` (a rounded-up grid and the kernel's guard),
//! and the odd count with the group size the driver suggests (`configure_for`, which divides
//! the count exactly: 1,000,003 is prime, so groups of one work-item).

use oneapi::level_zero::{self, BuildOptions, Grid, Module};
use oneapi::onearray::{self, OneArray};
use std::time::{Duration, Instant};

fn main() -> Result<(), onearray::Error> {
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    let spirv = include_bytes!("../examples/saxpy.spv");
    let module = Module::from_spirv(&ctx, &dev, spirv, &BuildOptions::default())?;
    let mut saxpy = module.kernel("saxpy")?;
    let arrays = |n: usize| -> Result<_, onearray::Error> {
        Ok((
            OneArray::<f32>::filled(n, 1.0)?,
            OneArray::<f32>::filled(n, 0.0)?,
        ))
    };
    let (round_n, odd_n) = (1usize << 20, 1_000_003usize);
    let (rx, mut ry) = arrays(round_n)?;
    let (ox, mut oy) = arrays(odd_n)?;
    let mut launch = |n: usize, grid: Option<Grid>, x: &OneArray<f32>, y: &mut OneArray<f32>| {
        let grid = match grid {
            Some(g) => g,
            None => Grid::for_len(n),
        };
        let t = Instant::now();
        saxpy
            .launch(grid)
            .arg(n as u32)
            .arg(2.0f32)
            .arg(x)
            .arg(y)
            .run()?;
        level_zero::with_stream(&ctx, &dev, |l| l.synchronize())?;
        Ok::<_, onearray::Error>(t.elapsed())
    };
    // Samples of the two counts alternate, so that load from elsewhere hits both alike.
    let (mut round, mut odd) = (Vec::new(), Vec::new());
    for _ in 0..41 {
        round.push(launch(round_n, None, &rx, &mut ry)?);
        odd.push(launch(odd_n, None, &ox, &mut oy)?);
    }
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let (round, odd) = (median(round), median(odd));
    let groups = saxpy.configure_for(odd_n as u32)?;
    let exact = Grid::groups(groups, saxpy.group_size());
    let t = Instant::now();
    saxpy
        .launch(exact)
        .arg(odd_n as u32)
        .arg(2.0f32)
        .arg(&ox)
        .arg(&mut oy)
        .run()?;
    level_zero::with_stream(&ctx, &dev, |l| l.synchronize())?;
    let suggested = t.elapsed();
    println!("{:<56} {:>10}", "saxpy launch + synchronize", "median");
    println!("{:<56} {round:>10.2?}", "1,048,576 elements, Grid::for_len");
    println!("{:<56} {odd:>10.2?}", "1,000,003 elements, Grid::for_len");
    println!(
        "{:<56} {suggested:>10.2?}",
        format!(
            "1,000,003 elements, suggested group size {:?}",
            saxpy.group_size()
        )
    );
    println!(
        "odd / round: {:.2}x (target <= 1.2x); suggested / for_len: {:.1}x",
        odd.as_secs_f64() / round.as_secs_f64(),
        suggested.as_secs_f64() / odd.as_secs_f64()
    );
    Ok(())
}
