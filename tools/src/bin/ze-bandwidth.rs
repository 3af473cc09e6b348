//! `ze-bandwidth`: copy and fill bandwidth over sizes × memory kinds × directions, and the
//! latency of append + synchronize, on any Level Zero backend. Like CUDA's `bandwidthTest`.
//!
//! ```sh
//! cargo run --release --bin ze-bandwidth
//! cargo run --release --bin ze-bandwidth -- --max 64M --plot bandwidth.svg
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use oneapi_tools::args::Args;
use oneapi_tools::bandwidth::{memcpy_reference, sizes, table, Bench, Op, Options, USAGE};
use oneapi_tools::bench::BATCH;
use oneapi_tools::host;
use oneapi_tools::plot::size_label;
use onearray::human;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let options = match Options::parse(Args::from_env()) {
        Ok(o) if o.help => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(o) => o,
        Err(e) => {
            eprintln!("ze-bandwidth: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ze-bandwidth: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(o: &Options) -> Result<(), Box<dyn std::error::Error>> {
    let api = level_zero::init()?;
    let ctx = level_zero::default_context()?;
    let devices = level_zero::default_driver()?.devices()?;
    let dev = devices.get(o.device).ok_or_else(|| {
        format!(
            "--device {}: the driver has {} device(s)",
            o.device,
            devices.len()
        )
    })?;
    let name = dev.properties()?.name;
    println!("backend: {} ({})", api.source(), api.reason());
    println!("device {}: {name}", o.device);
    let caches = host::caches();
    if !caches.is_empty() {
        let list: Vec<String> = caches
            .iter()
            .map(|c| format!("{} {}", c.name(), size_label(c.size)))
            .collect();
        println!("host caches (cpu0): {}", list.join(", "));
    }
    let mut bench = Bench::new(&ctx, dev)?.with_runs(o.runs);

    let sizes = sizes(o.min, o.max);
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(sizes.len() as u64 + 1)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} {msg} [{elapsed}]",
    )?);
    if o.timeline.is_some() {
        onearray::start_timeline(Duration::from_millis(5));
    }
    let ops: Vec<Op> = Op::ALL
        .into_iter()
        .chain([Op::Memcpy, Op::MemcpyAll])
        .collect();
    let mut measurements = Vec::new();
    for &size in &sizes {
        onearray::timeline_mark(human(size));
        bar.set_message(human(size));
        measurements.extend(bench.row(size, &ops, o.budget)?);
        bar.inc(1);
        // Give the pool's cached blocks back, so that memory follows the sizes down too.
        onearray::trim();
    }
    bar.set_message("latency");
    let latencies = bench.latencies(o.budget)?;
    bar.finish_and_clear();

    let runs = bench.runs();
    println!(
        "\nbandwidth, GB/s (10^9 B/s): bytes / time per operation. Operations are appended to one
in-order immediate list in batches ({BATCH} up to 256 KiB, fewer above, one from 8 MiB), one
synchronize per batch, as bandwidthTest times its copies; each figure is the best of {runs}
runs' medians. Where the time is near the latency table's first line (small sizes), it is
the cost of an append, not of moving the bytes."
    );
    print!("{}", table(&measurements));
    println!(
        "\nreference: the host's memcpy, pageable to pageable, timed the same way, on this thread
and spread over the host's {} cores; the driver's copies against the faster of the two",
        host::cores()
    );
    print!("{}", memcpy_reference(&measurements));
    println!(
        "\nlatency (time per operation, the best of {runs} runs' medians). The first line is
measured the way the table is: a 4 KiB row's time is near it. A round trip (append, then
synchronize) of a small command runs it on this thread when the list is idle; larger work
the driver's thread has not started yet is run by the thread that waits for it."
    );
    for l in &latencies {
        println!(
            "  {:<56} {:>9.2} us  ({} reps)",
            l.name,
            l.median.as_secs_f64() * 1e6,
            l.reps
        );
    }
    if let Some(path) = &o.timeline {
        onearray::stop_timeline();
        let timeline = onearray::memory_timeline();
        if path.ends_with(".csv") {
            timeline.write_csv(path)?;
        } else {
            timeline.plot(path)?;
        }
        println!("\nmemory timeline: {path}");
    }
    if let Some(path) = &o.plot {
        let title = format!("ze-bandwidth: {name}");
        let note = format!(
            "each point the best of {} runs' medians, up to {BATCH} operations per synchronize; \
             dashed: host caches",
            bench.runs()
        );
        let marked = host::marked(&caches);
        oneapi_tools::plot::bandwidth_svg(path.as_ref(), &title, &note, &measurements, &marked)?;
        println!("\nplot: {path}");
    }
    Ok(())
}
