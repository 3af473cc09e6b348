//! Automatic placement: arrays allocated by intent (`OneArray::auto(len, AccessPattern::…)`),
//! used by a small iterative program, some of them not as announced; the placement report
//! shows what each allocation site did and where another kind of memory would have moved
//! fewer bytes.
//!
//! ```sh
//! cargo run --release --example placement                              # integrated device
//! LEVEL_ZERO_CPU_INTEGRATED=0 cargo run --release --example placement  # a discrete one
//! ```

use oneapi::level_zero::{default_context, default_device, BuildOptions, Grid, Module};
use oneapi::onearray::{human, placement_report, AccessPattern, DeviceTraits, OneArray, Placed};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (ctx, dev) = (default_context()?, default_device()?);
    let traits = DeviceTraits::of(&dev)?;
    println!(
        "device: {} ({}, {} of memory)",
        dev.properties()?.name,
        if traits.integrated {
            "integrated: shares memory with the host"
        } else {
            "discrete: its own memory"
        },
        human(traits.memory as usize)
    );
    let module = Module::from_spirv(
        &ctx,
        &dev,
        include_bytes!("saxpy.spv"),
        &BuildOptions::default(),
    )?;
    let mut saxpy = module.kernel("saxpy")?;
    let n = 1 << 18;
    let steps = 16;

    // The input: written once by the host, read by every step's kernel.
    let input = Placed::from_slice(&vec![1.0f32; n], AccessPattern::HostWriteDeviceReadOnce)?;
    // The state: announced as device-only, but the program looks at it every step.
    let mut state = OneArray::<f32>::auto(n, AccessPattern::DeviceOnly)?;
    // A result the host reads back every fourth step, as announced.
    let mut result = OneArray::<f32>::auto(n, AccessPattern::ReadBackOften)?;
    // Announced as read back often, but only kernels touch it until the end.
    let mut scratch = OneArray::<f32>::auto(n, AccessPattern::ReadBackOften)?;
    for (name, a) in [
        ("input", &input),
        ("state", &state),
        ("result", &result),
        ("scratch", &scratch),
    ] {
        println!("{name:<8} {:<11} -> {} memory", a.access(), a.kind().name());
    }

    for step in 1..=steps {
        saxpy
            .launch(Grid::for_len(n))
            .arg(n as u32)
            .arg(1.0f32)
            .arg(&input)
            .arg(&mut state)
            .run()?;
        let s0 = state.with_host(|s| s[0])?;
        assert_eq!(s0, step as f32);
        for _ in 0..4 {
            saxpy
                .launch(Grid::for_len(n))
                .arg(n as u32)
                .arg(0.25f32)
                .arg(&input)
                .arg(&mut scratch)
                .run()?;
        }
        saxpy
            .launch(Grid::for_len(n))
            .arg(n as u32)
            .arg(2.0f32)
            .arg(&input)
            .arg(&mut result)
            .run()?;
        if step % 4 == 0 {
            let r = result.to_vec()?;
            println!("step {step:>2}: state[0] = {s0}, result[0] = {}", r[0]);
        }
    }
    assert!(scratch.with_host(|s| s.iter().all(|&v| v == steps as f32))?);

    println!();
    print!("{}", placement_report());
    Ok(())
}
