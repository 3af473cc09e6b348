//! What `ze-bandwidth` measures: copies between every pair of memory kinds that matters and
//! fills of each kind, over a range of sizes, and the latency of append + synchronize. Like
//! CUDA's `bandwidthTest`, on any Level Zero backend.

use crate::args::{parse_size, ArgError, Args};
use level_zero::{Allocation, Commands, Context, Deps, Device, ImmediateCommandList};
use onearray::human;
use onearray::{DeviceBuffer, HostBuffer, OneArray, SharedBuffer};
use std::time::{Duration, Instant};

/// A kind of memory a transfer reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// USM host memory (pinned on a GPU).
    Host,
    /// USM device memory.
    Device,
    /// USM shared memory.
    Shared,
    /// Ordinary (pageable) host memory, a `Vec<u8>`.
    Pageable,
}

/// One operation measured over every size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A copy from `src` to `dst`.
    Copy {
        /// Read.
        src: Kind,
        /// Written.
        dst: Kind,
    },
    /// A fill (4-byte pattern) of `dst`.
    Fill {
        /// Written.
        dst: Kind,
    },
}

impl Op {
    /// Every operation `ze-bandwidth` measures, in table order.
    pub const ALL: [Op; 10] = [
        Op::Copy {
            src: Kind::Host,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Host,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Pageable,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Pageable,
        },
        Op::Copy {
            src: Kind::Shared,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Shared,
        },
        Op::Fill { dst: Kind::Device },
        Op::Fill { dst: Kind::Host },
        Op::Fill { dst: Kind::Shared },
    ];

    /// A short column name: `h2d`, `pageable2d`, `fill d`, ...
    ///
    /// ```
    /// use oneapi_tools::bandwidth::{Kind, Op};
    /// assert_eq!(Op::Copy { src: Kind::Host, dst: Kind::Device }.label(), "h2d");
    /// assert_eq!(Op::Fill { dst: Kind::Shared }.label(), "fill s");
    /// ```
    pub fn label(self) -> String {
        let letter = |k: Kind| match k {
            Kind::Host => "h",
            Kind::Device => "d",
            Kind::Shared => "s",
            Kind::Pageable => "pageable",
        };
        match self {
            Op::Copy { src, dst } => format!("{}2{}", letter(src), letter(dst)),
            Op::Fill { dst } => format!("fill {}", letter(dst)),
        }
    }
}

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
    /// Time spent on each measurement (repetitions are added until it is used up).
    pub budget: Duration,
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
            plot: None,
            timeline: None,
            device: 0,
            help: false,
        }
    }
}

/// The usage text.
pub const USAGE: &str =
    "usage: ze-bandwidth [--min SIZE] [--max SIZE] [--budget MS] [--device N] [--plot FILE.svg]
                    [--timeline FILE.svg|FILE.csv]

Copy and fill bandwidth over sizes x memory kinds x directions, and the latency of
append + synchronize, on the Level Zero backend ONEAPI_RS_BACKEND chooses.

  --min SIZE        smallest size (default 4K; suffixes K, M, G)
  --max SIZE        largest size (default 1G)
  --budget MS       time per measurement, in milliseconds (default 100)
  --device N        device index in the first driver (default 0)
  --plot FILE.svg   draw bandwidth against size per direction
  --timeline FILE   record the memory held over the run (onearray's timeline, a mark per
                    size): CSV if FILE ends in .csv, else an SVG plot
  -h, --help        print this help

Columns: h = USM host, d = device, s = shared, pageable = ordinary host memory;
h2d copies host to device. GB/s are 10^9 bytes per second, the median of the repetitions.";

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

/// One point of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// What was measured.
    pub op: Op,
    /// Bytes per repetition.
    pub size: usize,
    /// Repetitions timed.
    pub reps: u32,
    /// Median time of one repetition (append + synchronize).
    pub median: Duration,
}

impl Measurement {
    /// Bandwidth in GB/s (10^9 bytes per second).
    pub fn gbps(&self) -> f64 {
        self.size as f64 / self.median.as_secs_f64().max(1e-12) / 1e9
    }
}

/// The median of `times` (the mean of the two middle ones for an even count).
///
/// ```
/// use oneapi_tools::bandwidth::median;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), ms(2));
/// assert_eq!(median(&mut [ms(4), ms(1), ms(2), ms(3)]), Duration::from_micros(2500));
/// ```
pub fn median(times: &mut [Duration]) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let mid = times.len() / 2;
    if times.len() % 2 == 1 {
        times[mid]
    } else {
        (times[mid - 1] + times[mid]) / 2
    }
}

/// Repeats `once` (after one untimed warm-up) until `budget` is spent, at least 3 and at most
/// 1000 times; returns the repetitions and their median time.
pub fn time_reps(
    budget: Duration,
    mut once: impl FnMut() -> level_zero::Result<()>,
) -> level_zero::Result<(u32, Duration)> {
    once()?;
    let start = Instant::now();
    let mut times = Vec::new();
    while times.len() < 3 || (start.elapsed() < budget && times.len() < 1000) {
        let t = Instant::now();
        once()?;
        times.push(t.elapsed());
    }
    Ok((times.len() as u32, median(&mut times)))
}

/// Memory of one kind, for one measurement. USM comes from onearray's pool, so that the
/// memory timeline (`--timeline`) shows what the run holds.
enum Buffer {
    Device(OneArray<u8, DeviceBuffer>),
    Host(OneArray<u8, HostBuffer>),
    Shared(OneArray<u8, SharedBuffer>),
    Pageable(Vec<u8>),
}

impl Buffer {
    fn new(ctx: &Context, dev: &Device, kind: Kind, size: usize) -> onearray::Result<Buffer> {
        Ok(match kind {
            Kind::Host => Buffer::Host(OneArray::zeroed_in(ctx, dev, size)?),
            Kind::Device => Buffer::Device(OneArray::zeroed_in(ctx, dev, size)?),
            Kind::Shared => Buffer::Shared(OneArray::zeroed_in(ctx, dev, size)?),
            Kind::Pageable => Buffer::Pageable(vec![1u8; size]),
        })
    }

    /// The start of the memory. Only the driver writes through it (the commands below), while
    /// the buffer lives and nothing else touches it.
    fn ptr(&mut self) -> *mut std::ffi::c_void {
        match self {
            Buffer::Device(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Host(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Shared(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Pageable(v) => v.as_mut_ptr().cast(),
        }
    }
}

/// A failure while measuring: of the safe layer, or of an array allocation.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A Level Zero call failed.
    #[error(transparent)]
    Level(#[from] level_zero::Error),
    /// An array could not be made.
    #[error(transparent)]
    Array(#[from] onearray::Error),
}

/// Measures on one device, through one in-order immediate list.
pub struct Bench {
    ctx: Context,
    dev: Device,
    list: ImmediateCommandList,
}

impl Bench {
    /// A bench on `dev` in `ctx`.
    pub fn new(ctx: &Context, dev: &Device) -> level_zero::Result<Bench> {
        Ok(Bench {
            ctx: ctx.clone(),
            dev: dev.clone(),
            list: ImmediateCommandList::new(ctx, dev)?,
        })
    }

    /// Measures `op` on `n` bytes for about `budget`.
    pub fn measure(
        &mut self,
        op: Op,
        n: usize,
        budget: Duration,
    ) -> Result<Measurement, BenchError> {
        let (ctx, dev, list) = (&self.ctx, &self.dev, &mut self.list);
        let (reps, median) = match op {
            Op::Copy { src, dst } => {
                let mut s = Buffer::new(ctx, dev, src, n)?;
                let mut d = Buffer::new(ctx, dev, dst, n)?;
                let (dp, sp) = (d.ptr(), s.ptr());
                time_reps(budget, || {
                    // SAFETY: both buffers hold `n` bytes, live until after the synchronize
                    // below, and nothing else touches them meanwhile.
                    unsafe { list.copy_raw(dp, sp, n, Deps::NONE, Vec::new()) }?;
                    list.synchronize()
                })?
            }
            Op::Fill { dst } => {
                let mut d = Buffer::new(ctx, dev, dst, n)?;
                let dp = d.ptr();
                let pattern = [0xA5u8, 0x5A, 0xC3, 0x3C];
                time_reps(budget, || {
                    // SAFETY: `d` holds `n` bytes of USM of `ctx`, live until after the
                    // synchronize, untouched meanwhile; the call waits for the fill.
                    unsafe { level_zero::unsafe_fill(ctx, dev, dp, &pattern, n) }
                })?
            }
        };
        Ok(Measurement {
            op,
            size: n,
            reps,
            median,
        })
    }
}

/// One latency figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Latency {
    /// What was timed.
    pub name: &'static str,
    /// Repetitions timed.
    pub reps: u32,
    /// Median time of one.
    pub median: Duration,
}

impl Bench {
    /// The latency of small commands appended and waited for, one at a time, and the cost of
    /// an append alone (1000 appends, then one synchronize, divided by 1000).
    pub fn latencies(&mut self, budget: Duration) -> level_zero::Result<Vec<Latency>> {
        let a = Allocation::device(&self.ctx, &self.dev, 64, 64)?;
        let b = Allocation::device(&self.ctx, &self.dev, 64, 64)?;
        let list = &mut self.list;
        let mut out = Vec::new();
        let mut record = |name, (reps, median)| {
            out.push(Latency { name, reps, median });
        };
        record(
            "copy 4 B + synchronize",
            time_reps(budget, || {
                list.copy(&b, 0, &a, 0, 4, Deps::NONE)?;
                list.synchronize()
            })?,
        );
        record(
            "fill 4 B + synchronize",
            time_reps(budget, || {
                list.fill(&a, 0, 4, &[7], Deps::NONE)?;
                list.synchronize()
            })?,
        );
        record(
            "barrier + synchronize",
            time_reps(budget, || {
                list.barrier(Deps::NONE)?;
                list.synchronize()
            })?,
        );
        const BATCH: u32 = 1000;
        let (reps, batch) = time_reps(budget, || {
            for _ in 0..BATCH {
                list.copy(&b, 0, &a, 0, 4, Deps::NONE)?;
            }
            list.synchronize()
        })?;
        record(
            "append of a 4 B copy (1000, then synchronize)",
            (reps, batch / BATCH),
        );
        Ok(out)
    }
}

/// The bandwidth table: a row per size, a column per operation (GB/s).
///
/// ```
/// use oneapi_tools::bandwidth::{table, Kind, Measurement, Op};
/// use std::time::Duration;
/// let op = Op::Fill { dst: Kind::Device };
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
        let op = Op::Fill { dst: Kind::Device };
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
            src: Kind::Host,
            dst: Kind::Device,
        };
        let fill = Op::Fill { dst: Kind::Host };
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
}
