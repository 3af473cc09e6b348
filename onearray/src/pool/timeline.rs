//! The memory timeline: a sampler, off by default, that records per device and kind the bytes
//! of live arrays, the bytes the pool caches and the number of live allocations, with marks
//! the program adds; exported as CSV, and drawn as SVG with the `plot` feature.
//!
//! Switched on by [`start_timeline`], or by the environment when the first pool is made:
//! `ONEARRAY_TIMELINE=1` (a sample every 10 ms) or `=MS`; `ONEARRAY_TIMELINE_CSV=FILE` also
//! writes the CSV at exit. A sample row is kept only when a pool's figures changed since its
//! previous row, so an idle program records nothing; [`timeline_mark`] and [`timeline_sample`]
//! sample at once, whatever the interval. Off, it costs nothing: no thread, no hook on the
//! allocation path (the figures are the pools' own counters).

use level_zero::MemoryKind;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Rows kept at most; later samples are dropped and [`Timeline::truncated`] is set.
pub const TIMELINE_MAX_ROWS: usize = 1_000_000;

/// One row: the figures of one pool (device and kind) at one instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimelineSample {
    /// Time since the recording started.
    pub time: Duration,
    /// The device's name.
    pub device: String,
    /// The pool's memory kind.
    pub kind: MemoryKind,
    /// Bytes of live arrays (in size classes, as the pool counts them).
    pub bytes_in_use: usize,
    /// Bytes the pool caches for reuse.
    pub bytes_pooled: usize,
    /// Live allocations (arrays; views share their array's).
    pub live_arrays: usize,
}

/// A label the program put on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimelineMark {
    /// Time since the recording started.
    pub time: Duration,
    /// What the program said.
    pub label: String,
}

/// A copy of what was recorded (see [`memory_timeline`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    /// Sample rows, in time order.
    pub samples: Vec<TimelineSample>,
    /// Marks, in time order.
    pub marks: Vec<TimelineMark>,
    /// Whether rows were dropped past [`TIMELINE_MAX_ROWS`].
    pub truncated: bool,
}

impl Timeline {
    /// The timeline as CSV: `time_s,device,kind,bytes_in_use,bytes_pooled,live_arrays,mark`,
    /// sample rows and mark rows (figures empty, the label in `mark`) merged in time order.
    ///
    /// ```
    /// use onearray::{memory_timeline, start_timeline, stop_timeline, timeline_mark};
    /// start_timeline(std::time::Duration::from_millis(10));
    /// let a = onearray::OneArray::<f32>::zeroed(1000)?;
    /// timeline_mark("allocated");
    /// stop_timeline();
    /// let csv = memory_timeline().to_csv();
    /// assert!(csv.starts_with("time_s,device,kind,bytes_in_use,bytes_pooled,live_arrays,mark\n"));
    /// assert!(csv.lines().any(|l| l.ends_with(",allocated")));
    /// # drop(a);
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn to_csv(&self) -> String {
        let mut out =
            String::from("time_s,device,kind,bytes_in_use,bytes_pooled,live_arrays,mark\n");
        let (mut s, mut m) = (self.samples.iter().peekable(), self.marks.iter().peekable());
        loop {
            let take_mark = match (s.peek(), m.peek()) {
                (None, None) => break,
                (Some(_), None) => false,
                (None, Some(_)) => true,
                (Some(a), Some(b)) => b.time < a.time,
            };
            if take_mark {
                let mark = m.next().expect("peeked");
                let _ = writeln!(
                    out,
                    "{:.6},,,,,,{}",
                    mark.time.as_secs_f64(),
                    csv_field(&mark.label)
                );
            } else {
                let r = s.next().expect("peeked");
                let _ = writeln!(
                    out,
                    "{:.6},{},{},{},{},{},",
                    r.time.as_secs_f64(),
                    csv_field(&r.device),
                    r.kind.name(),
                    r.bytes_in_use,
                    r.bytes_pooled,
                    r.live_arrays
                );
            }
        }
        out
    }

    /// Writes [`to_csv`](Self::to_csv) to `path`.
    pub fn write_csv(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_csv())
    }

    /// The distinct `(device, kind)` series, in order of first appearance.
    pub fn series(&self) -> Vec<(String, MemoryKind)> {
        let mut out: Vec<(String, MemoryKind)> = Vec::new();
        for r in &self.samples {
            if !out.iter().any(|(d, k)| *d == r.device && *k == r.kind) {
                out.push((r.device.clone(), r.kind));
            }
        }
        out
    }
}

#[cfg(feature = "plot")]
impl Timeline {
    /// Draws the timeline to the SVG file `path` (feature `plot`): per device and kind, bytes in
    /// use (thick) and pooled (thin) against time, and the marks as labelled vertical lines.
    ///
    /// ```
    /// use onearray::{memory_timeline, start_timeline, stop_timeline, timeline_mark, OneArray};
    /// start_timeline(std::time::Duration::from_millis(1));
    /// let a = OneArray::<f32>::zeroed(1 << 16)?;
    /// timeline_mark("allocated");
    /// drop(a);
    /// stop_timeline();
    /// let path = std::env::temp_dir().join("onearray-timeline-doc.svg");
    /// memory_timeline().plot(&path)?;
    /// assert!(std::fs::read_to_string(&path)?.contains("allocated"));
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn plot(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        self.draw(path.as_ref())
            .map_err(|e| std::io::Error::other(e.to_string()))
    }

    fn draw(&self, path: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
        use plotters::prelude::*;
        const MIB: f64 = (1u64 << 20) as f64;
        let end = self
            .samples
            .iter()
            .map(|s| s.time)
            .chain(self.marks.iter().map(|m| m.time))
            .max()
            .unwrap_or_default()
            .as_secs_f64()
            .max(1e-3);
        let top = self
            .samples
            .iter()
            .map(|s| s.bytes_in_use.max(s.bytes_pooled))
            .max()
            .unwrap_or(0) as f64
            / MIB;
        // Headroom above the data for the legend and the marks' labels, and room on the
        // right for the label of a mark at the end.
        let top = (top * 1.5).max(1.0 / 1024.0);
        let right = end * 1.08;
        let root = SVGBackend::new(path, (1000, 600)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("onearray memory timeline", ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d(0.0..right, 0.0..top)?;
        chart
            .configure_mesh()
            .x_desc("seconds")
            .y_desc("MiB")
            .draw()?;
        for (i, (device, kind)) in self.series().into_iter().enumerate() {
            let rows: Vec<&TimelineSample> = self
                .samples
                .iter()
                .filter(|s| s.device == device && s.kind == kind)
                .collect();
            let color = Palette99::pick(i).to_rgba();
            for (pooled, width) in [(false, 2), (true, 1)] {
                let value = |s: &TimelineSample| {
                    (if pooled {
                        s.bytes_pooled
                    } else {
                        s.bytes_in_use
                    }) as f64
                        / MIB
                };
                // A step line: each figure holds until the next row, the last one until the end.
                let mut points = Vec::with_capacity(rows.len() * 2 + 1);
                for (j, s) in rows.iter().enumerate() {
                    let t = s.time.as_secs_f64();
                    if j > 0 {
                        points.push((t, value(rows[j - 1])));
                    }
                    points.push((t, value(s)));
                }
                if let Some(last) = rows.last() {
                    points.push((end, value(last)));
                }
                let label = format!(
                    "{device} / {} {}",
                    kind.name(),
                    if pooled { "pooled" } else { "in use" }
                );
                chart
                    .draw_series(LineSeries::new(points, color.stroke_width(width)))?
                    .label(label)
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(width))
                    });
            }
        }
        for (i, mark) in self.marks.iter().enumerate() {
            let t = mark.time.as_secs_f64();
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(t, 0.0), (t, top)],
                BLACK.mix(0.4).stroke_width(1),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                mark.label.clone(),
                // Between the data and the legend, on two rows so that close marks stay apart.
                (t, top * if i % 2 == 0 { 0.76 } else { 0.72 }),
                ("sans-serif", 12).into_font().color(&BLACK),
            )))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    }
}

/// Quotes a CSV field when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

struct Recorder {
    start: Instant,
    on: bool,
    /// Bumped by every start and stop, so that a sampler thread of an earlier recording ends.
    generation: u64,
    data: Timeline,
    last: HashMap<usize, (usize, usize, usize)>,
    names: HashMap<usize, String>,
}

static RECORDER: Mutex<Option<Recorder>> = Mutex::new(None);
static WAKE: Condvar = Condvar::new();

fn recorder() -> MutexGuard<'static, Option<Recorder>> {
    RECORDER.lock().unwrap_or_else(|e| e.into_inner())
}

fn sample_into(r: &mut Recorder) {
    let time = r.start.elapsed();
    sample_at(r, time);
}

fn sample_at(r: &mut Recorder, time: Duration) {
    for p in super::all_pools() {
        let s = p.stats();
        let figures = (s.bytes_in_use, s.bytes_pooled, s.live_allocations);
        if r.last.get(&p.id) == Some(&figures) {
            continue;
        }
        if r.data.samples.len() >= TIMELINE_MAX_ROWS {
            r.data.truncated = true;
            return;
        }
        r.last.insert(p.id, figures);
        let device = r
            .names
            .entry(p.id)
            .or_insert_with(|| {
                p.dev
                    .properties()
                    .map_or_else(|_| "device ?".into(), |d| d.name)
            })
            .clone();
        r.data.samples.push(TimelineSample {
            time,
            device,
            kind: p.kind,
            bytes_in_use: figures.0,
            bytes_pooled: figures.1,
            live_arrays: figures.2,
        });
    }
}

/// Starts a new recording (what an earlier one recorded is dropped), sampling every
/// `interval` on a thread of its own until [`stop_timeline`].
pub fn start_timeline(interval: Duration) {
    let generation = {
        let mut guard = recorder();
        let generation = guard.as_ref().map_or(0, |r| r.generation) + 1;
        let mut r = Recorder {
            start: Instant::now(),
            on: true,
            generation,
            data: Timeline::default(),
            last: HashMap::new(),
            names: HashMap::new(),
        };
        sample_into(&mut r);
        *guard = Some(r);
        generation
    };
    WAKE.notify_all();
    let interval = interval.max(Duration::from_micros(100));
    let spawned = std::thread::Builder::new()
        .name("onearray-timeline".into())
        .spawn(move || {
            let mut guard = recorder();
            loop {
                guard = WAKE
                    .wait_timeout(guard, interval)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
                match guard.as_mut() {
                    Some(r) if r.on && r.generation == generation => sample_into(r),
                    _ => return,
                }
            }
        });
    if let Err(e) = spawned {
        log::warn!("onearray: the timeline's sampler thread did not start ({e}); only marks and explicit samples are recorded");
    }
}

/// Stops the recording (after a last sample); what it recorded stays for [`memory_timeline`].
pub fn stop_timeline() {
    let mut guard = recorder();
    if let Some(r) = guard.as_mut().filter(|r| r.on) {
        sample_into(r);
        r.on = false;
        r.generation += 1;
    }
    drop(guard);
    WAKE.notify_all();
}

/// Whether a recording is running.
pub fn timeline_running() -> bool {
    recorder().as_ref().is_some_and(|r| r.on)
}

/// Puts `label` on the timeline, with a sample of every pool at the same instant (nothing
/// while no recording runs).
pub fn timeline_mark(label: impl Into<String>) {
    if let Some(r) = recorder().as_mut().filter(|r| r.on) {
        // The mark and its sample share one instant (samples sort before marks at a tie).
        let time = r.start.elapsed();
        sample_at(r, time);
        r.data.marks.push(TimelineMark {
            time,
            label: label.into(),
        });
    }
}

/// Samples every pool now (nothing while no recording runs).
pub fn timeline_sample() {
    if let Some(r) = recorder().as_mut().filter(|r| r.on) {
        sample_into(r);
    }
}

/// A copy of the current (or last) recording; empty if none ran.
pub fn memory_timeline() -> Timeline {
    recorder()
        .as_ref()
        .map(|r| r.data.clone())
        .unwrap_or_default()
}

/// Reads `ONEARRAY_TIMELINE` / `ONEARRAY_TIMELINE_CSV` once (called when a pool is made).
pub(crate) fn start_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Some(interval) = std::env::var("ONEARRAY_TIMELINE")
            .ok()
            .and_then(|v| match v.trim() {
                "" | "0" | "off" => None,
                "1" | "on" => Some(Duration::from_millis(10)),
                ms => ms.parse().ok().map(Duration::from_millis),
            })
        else {
            return;
        };
        start_timeline(interval);
        if std::env::var_os("ONEARRAY_TIMELINE_CSV").is_some() {
            level_zero::at_shutdown(level_zero::ShutdownStage::Report, write_env_csv);
        }
    });
}

fn write_env_csv() {
    stop_timeline();
    if let Some(path) = std::env::var_os("ONEARRAY_TIMELINE_CSV") {
        if let Err(e) = memory_timeline().write_csv(&path) {
            eprintln!(
                "onearray: cannot write the timeline to {}: {e}",
                path.to_string_lossy()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ms: u64, in_use: usize) -> TimelineSample {
        TimelineSample {
            time: Duration::from_millis(ms),
            device: "dev, 0".into(),
            kind: MemoryKind::Device,
            bytes_in_use: in_use,
            bytes_pooled: 0,
            live_arrays: 1,
        }
    }

    #[test]
    fn csv_merges_marks_in_time_order_and_quotes_fields() {
        let t = Timeline {
            samples: vec![row(1, 512), row(3, 1024)],
            marks: vec![TimelineMark {
                time: Duration::from_millis(2),
                label: "say \"hi\"".into(),
            }],
            truncated: false,
        };
        let csv = t.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[1], "0.001000,\"dev, 0\",device,512,0,1,");
        assert_eq!(lines[2], "0.002000,,,,,,\"say \"\"hi\"\"\"");
        assert!(lines[3].starts_with("0.003000,"));
        assert_eq!(t.series(), [("dev, 0".to_string(), MemoryKind::Device)]);
    }
}
