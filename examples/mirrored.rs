//! Mirrored host/device buffers: an iterative update where the device does the work every
//! step, the host looks at the result now and then and changes the input rarely. Only the
//! transfers the accesses need are made; the counters show how many a copy-on-every-access
//! program would have made.
//!
//! ```sh
//! cargo run --release --example mirrored
//! ```

use oneapi::level_zero::{default_context, default_device, BuildOptions, Grid, Module};
use oneapi::onearray::{human, Mirrored};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let module = Module::from_spirv(
        &ctx,
        &dev,
        include_bytes!("saxpy.spv"),
        &BuildOptions::default(),
    )?;
    let mut saxpy = module.kernel("saxpy")?;
    let n = 1 << 20;
    let steps = 32;

    let mut x = Mirrored::<f32>::from_slice(&vec![1.0; n])?;
    let mut y = Mirrored::<f32>::zeroed(n)?;
    let mut expect = vec![0.0f32; n];
    let mut xs = vec![1.0f32; n];
    for step in 0..steps {
        if step == steps / 2 {
            // The host changes the input once: x goes up again at the next launch.
            x.host_mut()?.iter_mut().for_each(|v| *v = 2.0);
            xs.fill(2.0);
        }
        saxpy
            .launch(Grid::for_len(n))
            .arg(n as u32)
            .arg(0.5f32)
            .arg(x.device()?)
            .arg(y.device_mut()?)
            .run()?;
        expect.iter_mut().zip(&xs).for_each(|(e, x)| *e += 0.5 * x);
        if step % 8 == 7 {
            // The host inspects the result: y comes down only now.
            let h = y.host()?;
            assert_eq!(h, &expect[..], "step {step}");
            println!("step {step:>2}: y[0] = {}", h[0]);
        }
    }

    let (sx, sy) = (x.stats(), y.stats());
    let made = sx.transfers() + sy.transfers();
    let bytes = sx.bytes_uploaded + sx.bytes_downloaded + sy.bytes_uploaded + sy.bytes_downloaded;
    // Copy on every access: each launch uploads x and y and downloads y.
    let naive = 3 * steps as u64;
    println!(
        "x: {} uploads, {} accesses without a copy; y: {} uploads, {} downloads, {} without a copy",
        sx.uploads, sx.avoided, sy.uploads, sy.downloads, sy.avoided
    );
    println!(
        "{made} transfers ({}) instead of {naive} ({}) copying at every access",
        human(bytes as usize),
        human(naive as usize * n * 4)
    );
    Ok(())
}
