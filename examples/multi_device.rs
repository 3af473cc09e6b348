//! Several devices: lists them, splits an array across them (sub-devices where the devices
//! have them), computes on every part on its own device, gathers the result back, and shows
//! the per-device pools and how copies between devices went (peer or staged through host).
//!
//! ```sh
//! cargo run --example multi_device
//! LEVEL_ZERO_CPU_DEVICES=2 LEVEL_ZERO_CPU_SUBDEVICES=2 cargo run --example multi_device
//! LEVEL_ZERO_CPU_DEVICES=2 LEVEL_ZERO_CPU_PEER_ACCESS=0 cargo run --example multi_device
//! ```

use oneapi::onearray::{
    self, gather, memory_status, peer_copy_stats, select_devices, split, OneArray,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Every root device, or their sub-devices where they are partitioned.
    let mut targets = Vec::new();
    for root in select_devices("all")? {
        let subs = root.subdevices()?;
        if subs.is_empty() {
            targets.push(root);
        } else {
            targets.extend(subs);
        }
    }
    for d in &targets {
        println!("device: {}", d.properties()?.name);
    }

    let n = 1 << 20;
    let x = OneArray::<f32>::try_from_iter((0..n).map(|i| i as f32))?;
    let parts = split(&x, &targets)?;
    // y = 2x + 1 on each part's own device.
    let mut results = Vec::new();
    for p in &parts {
        results.push((p * 2.0 + 1.0).eval()?);
    }
    let mut y = OneArray::<f32>::zeroed(n)?;
    gather(&results, &mut y)?;
    let host = y.to_vec()?;
    let ok = host
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2.0 * i as f32 + 1.0);
    println!(
        "y = 2x + 1 over {n} elements on {} devices: {}",
        targets.len(),
        if ok { "all match" } else { "MISMATCH" }
    );
    let c = peer_copy_stats();
    println!(
        "copies between devices: {} direct ({}), {} staged through host ({})",
        c.direct,
        onearray::human(c.direct_bytes),
        c.staged,
        onearray::human(c.staged_bytes)
    );
    drop((parts, results));
    memory_status();
    if !ok {
        return Err("result mismatch".into());
    }
    Ok(())
}
