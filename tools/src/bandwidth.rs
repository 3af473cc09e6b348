//! What `ze-bandwidth` measures: copies between every pair of memory kinds that matters and
//! fills of each kind, over a range of sizes, and the latency of append + synchronize. Like
//! CUDA's `bandwidthTest`, on any Level Zero backend.

use crate::args::{parse_size, ArgError, Args};
pub use crate::bench::{best_run, median, time_reps, Bench, BenchError, Latency};
pub use crate::op::{BufferKind, Measurement, Op};
use onearray::human;
use std::time::Duration;

/// The sizes measured: `min`, then ×4 up to `max` (and `max` itself when the steps miss it).
///
/// ```
/// use oneapi_tools::bandwidth::sizes;
/// assert_eq!(sizes(4096, 65536), [4096, 16384, 65536]);
/// assert_eq!(sizes(4096, 100_000), [4096, 16384, 65536, 100_000]);
/// ```
pub fn sizes(min: usize, max: usize) -> Vec<usize> {
    let mut out = vec![];
    let mut s = min.max(1);
    while s < max {
        out.push(s);
        s = s.saturating_mul(4);
    }
    if max >= min.max(1) {
        out.push(max);
    }
    out
}

/// `ze-bandwidth`'s options.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Smallest size, bytes.
    pub min: usize,
    /// Largest size, bytes.
    pub max: usize,
    /// Time spent on each figure (repetitions are added until it is used up), over its runs.
    pub budget: Duration,
    /// Runs per figure; the best run's median is kept.
    pub runs: u32,
    /// Where to draw bandwidth against size, if anywhere.
    pub plot: Option<String>,
    /// Where to write the memory timeline of the run (`.csv`, else SVG), if anywhere.
    pub timeline: Option<String>,
    /// Index of the device among the default driver's.
    pub device: usize,
    /// Print the usage and stop.
    pub help: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            min: 4 << 10,
            max: 1 << 30,
            budget: Duration::from_millis(100),
            runs: crate::bench::RUNS,
            plot: None,
            timeline: None,
            device: 0,
            help: false,
        }
    }
}

/// The usage text.
pub const USAGE: &str =
    "usage: ze-bandwidth [--min SIZE] [--max SIZE] [--budget MS] [--runs N] [--device N]
                    [--plot FILE.svg] [--timeline FILE.svg|FILE.csv]

Copy and fill bandwidth over sizes x memory kinds x directions, the host's memcpy beside them,
and the latency of a command, on the Level Zero backend ONEAPI_RS_BACKEND chooses.

  --min SIZE        smallest size (default 4K; suffixes K, M, G)
  --max SIZE        largest size (default 1G)
  --budget MS       time per figure, in milliseconds, over its runs (default 100)
  --runs N          runs per figure, interleaved across the operations; the best run's
                    median is kept (default 3)
  --device N        device index in the first driver (default 0)
  --plot FILE.svg   draw bandwidth against size per direction, the host's memcpy and caches
  --timeline FILE   record the memory held over the run (onearray's timeline, a mark per
                    size): CSV if FILE ends in .csv, else an SVG plot
  -h, --help        print this help

Columns: h = USM host, d = device, s = shared, pageable = ordinary host memory;
h2d copies host to device. GB/s are 10^9 bytes per second. Every figure is timed the same way:
operations appended to one in-order immediate list in batches (32 up to 256 KiB, fewer above,
one from 8 MiB), one synchronize per batch, the batch's time divided by its operations.";

impl Options {
    /// Parses the command line.
    ///
    /// ```
    /// use oneapi_tools::{args::Args, bandwidth::Options};
    /// let o = Options::parse(Args::from_vec(["--max", "64M", "--plot", "bw.svg"]))?;
    /// assert_eq!((o.max, o.plot.as_deref()), (64 << 20, Some("bw.svg")));
    /// # Ok::<(), oneapi_tools::args::ArgError>(())
    /// ```
    pub fn parse(mut args: Args) -> Result<Options, ArgError> {
        let mut o = Options::default();
        let size = |option: &str, value: String| {
            parse_size(&value)
                .and_then(|s| usize::try_from(s).ok())
                .filter(|&s| s > 0)
                .ok_or(ArgError::BadValue {
                    option: option.into(),
                    value,
                    expected: "a size such as 4096, 64K, 1G",
                })
        };
        let number = |option: &str, value: String| {
            value.parse::<u64>().map_err(|_| ArgError::BadValue {
                option: option.into(),
                value,
                expected: "a whole number",
            })
        };
        while let Some(arg) = args.next_arg() {
            match arg.as_str() {
                "--min" => o.min = size(&arg, args.value(&arg)?)?,
                "--max" => o.max = size(&arg, args.value(&arg)?)?,
                "--budget" => o.budget = Duration::from_millis(number(&arg, args.value(&arg)?)?),
                "--runs" => {
                    let value = args.value(&arg)?;
                    o.runs = value
                        .parse()
                        .ok()
                        .filter(|&r| r > 0)
                        .ok_or(ArgError::BadValue {
                            option: arg.clone(),
                            value,
                            expected: "a number of runs from 1",
                        })?;
                }
                "--device" => o.device = number(&arg, args.value(&arg)?)? as usize,
                "--plot" => o.plot = Some(args.value(&arg)?),
                "--timeline" => o.timeline = Some(args.value(&arg)?),
                "-h" | "--help" => o.help = true,
                _ => return Err(ArgError::Unknown(arg)),
            }
        }
        if o.min > o.max {
            return Err(ArgError::BadValue {
                option: "--min".into(),
                value: human(o.min),
                expected: "at most --max",
            });
        }
        Ok(o)
    }
}

/// The bandwidth table: a row per size, a column per operation (GB/s).
///
/// ```
/// use oneapi_tools::bandwidth::{table, BufferKind, Measurement, Op};
/// use std::time::Duration;
/// let op = Op::Fill { dst: BufferKind::Device };
/// let m = Measurement { op, size: 1 << 20, reps: 3, median: Duration::from_micros(100) };
/// let t = table(&[m]);
/// assert!(t.lines().next().unwrap().contains("fill d"));
/// assert!(t.contains("1.0 MiB") && t.contains("10.49"));
/// ```
pub fn table(measurements: &[Measurement]) -> String {
    use std::fmt::Write as _;
    let ops: Vec<Op> = Op::ALL
        .into_iter()
        .filter(|op| measurements.iter().any(|m| m.op == *op))
        .collect();
    let mut sizes: Vec<usize> = measurements.iter().map(|m| m.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut out = format!("{:>10}", "size");
    for op in &ops {
        let _ = write!(out, " {:>11}", op.label());
    }
    out.push('\n');
    for size in sizes {
        let _ = write!(out, "{:>10}", human(size));
        for op in &ops {
            match measurements.iter().find(|m| m.op == *op && m.size == size) {
                Some(m) => {
                    // Two decimals, more below 0.01 GB/s, so no measured figure prints as 0.
                    let g = m.gbps();
                    let places = if g >= 0.01 { 2 } else { 5 };
                    let _ = write!(out, " {g:>11.places$}");
                }
                None => {
                    let _ = write!(out, " {:>11}", "-");
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The reference: the host's memcpy in GB/s on one thread and on all cores, a line per size,
/// and each of the driver's copies from 64 MiB up as a ratio to the faster of the two.
///
/// ```
/// use oneapi_tools::bandwidth::{memcpy_reference, BufferKind, Measurement, Op};
/// use std::time::Duration;
/// let at = |op, us| Measurement { op, size: 64 << 20, reps: 3, median: Duration::from_micros(us) };
/// let d2d = Op::Copy { src: BufferKind::Device, dst: BufferKind::Device };
/// let r = memcpy_reference(&[at(Op::Memcpy, 8000), at(Op::MemcpyAll, 5000), at(d2d, 5500)]);
/// let first = r.lines().next().unwrap();
/// assert!(first.contains("8.39 GB/s, all cores") && first.ends_with("13.42 GB/s"));
/// assert!(r.lines().any(|l| l.contains("d2d") && l.ends_with(": 0.91 of the faster memcpy")));
/// ```
pub fn memcpy_reference(measurements: &[Measurement]) -> String {
    use std::fmt::Write as _;
    let at = |op: Op, size: usize| {
        measurements
            .iter()
            .find(|m| m.op == op && m.size == size)
            .map(Measurement::gbps)
    };
    let mut sizes: Vec<usize> = measurements
        .iter()
        .filter(|m| m.op == Op::Memcpy)
        .map(|m| m.size)
        .collect();
    sizes.sort_unstable();
    let mut out = String::new();
    for &size in &sizes {
        let one = at(Op::Memcpy, size).unwrap_or(0.0);
        let _ = write!(out, "  memcpy at {:>9} {one:>11.2} GB/s", human(size));
        if let Some(all) = at(Op::MemcpyAll, size) {
            let _ = write!(out, ", all cores {all:>11.2} GB/s");
        }
        out.push('\n');
    }
    for &size in sizes.iter().filter(|&&s| s >= 64 << 20) {
        let best = at(Op::Memcpy, size)
            .into_iter()
            .chain(at(Op::MemcpyAll, size))
            .fold(0.0, f64::max);
        for op in Op::ALL
            .into_iter()
            .filter(|op| matches!(op, Op::Copy { .. }))
        {
            if let (Some(g), true) = (at(op, size), best > 0.0) {
                let _ = writeln!(
                    out,
                    "  {} at {:>9}: {:.2} of the faster memcpy",
                    op.label(),
                    human(size),
                    g / best
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_cover_the_default_range_by_fours() {
        let s = sizes(4 << 10, 1 << 30);
        assert_eq!(s.first(), Some(&4096));
        assert_eq!(s.last(), Some(&(1 << 30)));
        assert_eq!(s.len(), 10);
        assert!(s.windows(2).all(|w| w[1] == w[0] * 4));
        assert_eq!(sizes(4096, 4096), [4096]);
        assert!(sizes(8192, 4096).is_empty());
    }

    #[test]
    fn options_parse_and_refuse() {
        let parse = |v: &[&str]| Options::parse(Args::from_vec(v.iter().copied()));
        assert_eq!(parse(&[]).unwrap(), Options::default());
        let o = parse(&[
            "--min", "1M", "--max", "16M", "--budget", "5", "--device", "1",
        ])
        .unwrap();
        assert_eq!(
            (o.min, o.max, o.budget, o.device),
            (1 << 20, 16 << 20, Duration::from_millis(5), 1)
        );
        assert!(parse(&["--help"]).unwrap().help);
        assert_eq!(parse(&["--what"]), Err(ArgError::Unknown("--what".into())));
        assert_eq!(
            parse(&["--plot"]),
            Err(ArgError::MissingValue("--plot".into()))
        );
        assert!(matches!(
            parse(&["--max", "0"]),
            Err(ArgError::BadValue { .. })
        ));
        assert!(matches!(
            parse(&["--max", "lots"]),
            Err(ArgError::BadValue { .. })
        ));
        assert!(matches!(
            parse(&["--min", "2M", "--max", "1M"]),
            Err(ArgError::BadValue { .. })
        ));
    }

    #[test]
    fn labels_are_distinct() {
        let mut labels: Vec<String> = Op::ALL.iter().map(|op| op.label()).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), Op::ALL.len());
    }

    #[test]
    fn small_figures_keep_their_digits() {
        let op = Op::Fill {
            dst: BufferKind::Device,
        };
        let slow = Measurement {
            op,
            size: 4096,
            reps: 1,
            median: Duration::from_millis(2),
        };
        assert!(table(&[slow]).contains("0.00205"), "{}", table(&[slow]));
    }

    #[test]
    fn the_table_marks_missing_points() {
        let m = |op, size| Measurement {
            op,
            size,
            reps: 1,
            median: Duration::from_millis(1),
        };
        let h2d = Op::Copy {
            src: BufferKind::Host,
            dst: BufferKind::Device,
        };
        let fill = Op::Fill {
            dst: BufferKind::Host,
        };
        let t = table(&[m(h2d, 4096), m(fill, 4096), m(h2d, 1 << 20)]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].contains("h2d") && lines[0].contains("fill h"));
        assert!(lines[2].trim_end().ends_with('-'), "{t}");
        assert!(lines[2].contains("1.05"), "{t}"); // 1 MiB in 1 ms
    }

    #[test]
    fn a_bench_measures_every_operation_on_the_cpu_driver() {
        let (ctx, dev) = (
            level_zero::default_context().unwrap(),
            level_zero::default_device().unwrap(),
        );
        let mut bench = Bench::new(&ctx, &dev).unwrap();
        for op in Op::ALL {
            let m = bench.measure(op, 4096, Duration::ZERO).unwrap();
            assert!(
                m.reps >= 3 && m.median > Duration::ZERO && m.gbps() > 0.0,
                "{m:?}"
            );
        }
        let l = bench.latencies(Duration::ZERO).unwrap();
        assert_eq!(l.len(), 4);
    }

    /// A 4 KiB copy row and the latency table's line measured as the rows are (copies in
    /// batches, one synchronize each) agree within a factor of ten both ways, and the row is
    /// not ten times slower than a round trip either. Today's rows were round trips, timed
    /// apart from the latency table and labelled as nothing in it: ~100x off whenever the
    /// host's load changed between the two (0.04 GB/s beside 1.09 us).
    #[test]
    fn a_4k_copy_row_agrees_with_the_latency_table() {
        let (ctx, dev) = (
            level_zero::default_context().unwrap(),
            level_zero::default_device().unwrap(),
        );
        let mut bench = Bench::new(&ctx, &dev).unwrap();
        let budget = Duration::from_millis(60);
        let h2d = Op::Copy {
            src: BufferKind::Host,
            dst: BufferKind::Device,
        };
        let row = bench.measure(h2d, 4096, budget).unwrap();
        let latencies = bench.latencies(budget).unwrap();
        let find = |what: &str| {
            latencies
                .iter()
                .find(|l| l.name.contains(what))
                .unwrap_or_else(|| panic!("no latency line {what:?} in {latencies:?}"))
                .median
                .as_secs_f64()
        };
        let (same, round_trip) = (find("as the table"), find("copy 4 B + synchronize"));
        let r = row.median.as_secs_f64();
        assert!(
            r < 10.0 * same && same < 10.0 * r,
            "{row:?} vs {latencies:?}"
        );
        assert!(r < 10.0 * round_trip, "{row:?} vs {latencies:?}");
    }
}
