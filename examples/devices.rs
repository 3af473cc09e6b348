//! Lists the backend, its drivers and their devices through the safe layer: the short form of
//! `cargo run --bin ze-info`, which shows every property (and `--json`).
//!
//! ```sh
//! cargo run --example devices
//! ```

fn main() -> Result<(), level_zero::Error> {
    let api = level_zero::backend()?;
    println!("backend: {} ({})", api.source(), api.reason());
    for (i, driver) in level_zero::drivers()?.iter().enumerate() {
        let (major, minor) = driver.properties()?.api_version;
        println!("driver {i}: API {major}.{minor}");
        for (j, device) in driver.devices()?.iter().enumerate() {
            let p = device.properties()?;
            let memory: u64 = device
                .memory_properties()?
                .iter()
                .map(|m| m.total_size)
                .sum();
            println!(
                "  device {j}: {} ({:?}, {} EUs, {} MiB, max allocation {} MiB, {} sub-devices)",
                p.name,
                p.kind,
                p.eu_count(),
                memory >> 20,
                p.max_mem_alloc_size >> 20,
                device.subdevices()?.len()
            );
        }
    }
    Ok(())
}
