//! The memory timeline: a program in phases (load a data set, iterate with temporaries, free
//! half, trim the pool) recorded by the sampler, with a mark at each phase, then drawn to an
//! SVG and exported as CSV: bytes in use and pooled per device and kind over time.
//!
//! ```sh
//! cargo run --example timeline                  # writes onearray-timeline.{svg,csv} in the temp dir
//! cargo run --example timeline -- target/mem    # writes target/mem.svg and target/mem.csv
//! ```
//!
//! Any program records one with `ONEARRAY_TIMELINE=1` (`ONEARRAY_TIMELINE_CSV=FILE` writes
//! the CSV at exit).

use oneapi::onearray::{
    self, human, memory_timeline, start_timeline, stop_timeline, timeline_mark, OneArray,
    SharedBuffer,
};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let prefix = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("onearray-timeline"));
    let (svg, csv) = (prefix.with_extension("svg"), prefix.with_extension("csv"));

    start_timeline(Duration::from_millis(2));
    timeline_mark("start");

    // Load: eight 1 MiB blocks of device memory and a shared buffer for results.
    let mut data = Vec::new();
    for i in 0..8 {
        data.push(OneArray::<f32>::filled(1 << 18, i as f32)?);
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut results = OneArray::<f32, SharedBuffer>::zeroed(data.len())?;
    timeline_mark("loaded");

    // Iterate: each step makes temporaries the pool serves again and again.
    let iterating = Instant::now();
    for step in 0..10 {
        for (i, x) in data.iter().enumerate() {
            let t = (x * 0.5 + step as f32).eval()?;
            results[i] = t.mean()?;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    timeline_mark("iterated");
    // The later phases are short: each is held a while, so that the plot shows them.
    let hold =
        (iterating.elapsed() / 4).clamp(Duration::from_millis(20), Duration::from_millis(500));
    std::thread::sleep(hold);

    // Free half: the blocks go back to the pool, not to the driver.
    data.truncate(4);
    timeline_mark("freed half");
    std::thread::sleep(hold);

    // Trim: the pool hands its cached blocks back.
    let trimmed = onearray::trim();
    timeline_mark("trimmed");
    std::thread::sleep(hold);
    timeline_mark("end");
    stop_timeline();

    let timeline = memory_timeline();
    timeline.plot(&svg)?;
    timeline.write_csv(&csv)?;
    println!(
        "recorded {} sample rows and {} marks ({})",
        timeline.samples.len(),
        timeline.marks.len(),
        timeline
            .marks
            .iter()
            .map(|m| format!("{} at {:.0} ms", m.label, m.time.as_secs_f64() * 1e3))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (device, kind) in timeline.series() {
        let rows = timeline
            .samples
            .iter()
            .filter(|s| s.device == device && s.kind == kind);
        let (peak_use, peak_pooled) = rows.fold((0, 0), |(u, p), s| {
            (u.max(s.bytes_in_use), p.max(s.bytes_pooled))
        });
        println!(
            "  {device} / {}: peak in use {}, peak pooled {}",
            kind.name(),
            human(peak_use),
            human(peak_pooled)
        );
    }
    println!(
        "last result {}, trim gave back {}",
        results[results.len() - 1],
        human(trimmed)
    );
    println!("wrote {}", svg.display());
    println!("wrote {}", csv.display());
    Ok(())
}
