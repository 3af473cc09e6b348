//! Leak tracking with backtraces: a program keeps a small owned view of every batch it
//! processed "for later", and so keeps every batch's whole block alive. The tracker lists
//! each live block with its size, kind and where it was allocated; the frames of this file
//! point at the line to fix. After the fix nothing is left.
//!
//! The tracker is switched on here by `set_leak_tracking(true)`; `ONEARRAY_TRACK_LEAKS=1`
//! does it for any program, which then lists what is alive at exit
//! (`ONEARRAY_LEAKS_FATAL=1` also fails it: CI runs onearray's tests so).
//!
//! ```sh
//! cargo run --example leaks
//! ```

use oneapi::onearray::{self, human, report_leaks, set_leak_tracking, OneArray};

/// Processes one batch; returns its result and the first few results, kept "for later".
fn process_batch(batch: usize, n: usize) -> Result<(f32, OneArray<f32>), onearray::Error> {
    let data = OneArray::<f32>::try_from_iter((0..n).map(|i| (i % 10 + batch) as f32))?;
    let total = data.sum()?;
    // The leak: an owned view of 4 elements shares (and keeps alive) the whole block.
    let head = data.view_owned(0..4)?;
    Ok((total, head))
}

/// The frames of a backtrace that are in this example (function and location), innermost
/// first.
fn frames_here(backtrace: &str) -> Vec<String> {
    let mut frames = Vec::new();
    let mut lines = backtrace.lines().peekable();
    while let Some(line) = lines.next() {
        let Some((_, function)) = line.trim().split_once(": ") else {
            continue;
        };
        let location = match lines.peek() {
            Some(next) if next.trim().starts_with("at ") => lines.next().unwrap_or_default(),
            _ => "",
        };
        // This example's crate is `leaks`, its functions `leaks::...`, its file this one.
        if function.starts_with("leaks::") || location.contains(file!()) {
            frames.push(format!("{function} {}", location.trim()));
        }
    }
    frames
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    set_leak_tracking(true);
    let mut kept = Vec::new();
    for batch in 0..3 {
        let (total, head) = process_batch(batch, 1 << 18)?;
        println!("batch {batch}: sum {total}");
        kept.push(head);
    }

    let leaks = report_leaks();
    let bytes: usize = leaks.iter().map(|l| l.size).sum();
    println!(
        "live allocations after the batches: {} ({}), though only {} elements are kept:",
        leaks.len(),
        human(bytes),
        kept.iter().map(OneArray::len).sum::<usize>()
    );
    for leak in &leaks {
        println!(
            "  {} of {} memory at {:#x}, allocated at:",
            human(leak.size),
            leak.kind.name(),
            leak.address
        );
        let frames = frames_here(&leak.backtrace.to_string());
        if frames.is_empty() {
            println!(
                "    (no frame of this example: build with debug info, e.g. without --release)"
            );
        }
        for f in frames {
            println!("    {f}");
        }
    }

    // The fix: keep copies of the few elements, not views of the blocks.
    let kept: Vec<Vec<f32>> = kept
        .into_iter()
        .map(|head| head.to_vec())
        .collect::<Result<_, _>>()?;
    let left = report_leaks();
    println!(
        "after copying the {} kept heads to the host: {} live allocations",
        kept.len(),
        left.len()
    );
    set_leak_tracking(false);
    if left.is_empty() {
        Ok(())
    } else {
        Err(format!("{} allocations still alive", left.len()).into())
    }
}
