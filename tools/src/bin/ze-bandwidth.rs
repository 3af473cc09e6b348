//! `ze-bandwidth`: copy and fill bandwidth over sizes × memory kinds × directions, and the
//! latency of append + synchronize, on any Level Zero backend. Like CUDA's `bandwidthTest`.
//!
//! ```sh
//! cargo run --release --bin ze-bandwidth
//! cargo run --release --bin ze-bandwidth -- --max 64M --plot bandwidth.svg
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use oneapi_tools::args::Args;
use oneapi_tools::bandwidth::{sizes, table, Bench, Op, Options, USAGE};
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
    let mut bench = Bench::new(&ctx, dev)?;

    let sizes = sizes(o.min, o.max);
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new((sizes.len() * Op::ALL.len()) as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} {msg} [{elapsed}]",
    )?);
    if o.timeline.is_some() {
        onearray::start_timeline(Duration::from_millis(5));
    }
    let mut measurements = Vec::new();
    for &size in &sizes {
        onearray::timeline_mark(human(size));
        for op in Op::ALL {
            bar.set_message(format!("{} {}", op.label(), human(size)));
            measurements.push(bench.measure(op, size, o.budget)?);
            bar.inc(1);
        }
        // Give the pool's cached blocks back, so that memory follows the sizes down too.
        onearray::trim();
    }
    bar.set_message("latency");
    let latencies = bench.latencies(o.budget)?;
    bar.finish_and_clear();

    println!("\nbandwidth, GB/s (10^9 B/s; median of repetitions, each append + synchronize)");
    print!("{}", table(&measurements));
    println!("\nlatency (median)");
    for l in &latencies {
        println!(
            "  {:<48} {:>9.2} us  ({} reps)",
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
        oneapi_tools::plot::bandwidth_svg(path.as_ref(), &title, &measurements)?;
        println!("\nplot: {path}");
    }
    Ok(())
}
