//! Allocation traces: every pool allocation and free, in order, with the requested size, the
//! kind of memory and the allocating thread's stream, for replaying through allocation
//! policies (`benches/pool_replay.rs`).
//!
//! Recorded between [`start_trace`] and [`stop_trace`], or from the first pool on with
//! `ONEARRAY_TRACE=FILE` (written at exit). Off, the cost is one relaxed atomic load per
//! allocation and free.
//!
//! The text format, one event a line:
//!
//! ```text
//! # onearray allocation trace v1
//! a <id> <bytes> <device|shared|host> <stream>
//! f <id>
//! ```
//!
//! `id`s are unique within a trace; `stream` numbers the allocating threads (0, 1, …) in
//! order of appearance.

use level_zero::MemoryKind;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// One allocation or free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// An allocation of `bytes` (as requested) of `kind`, by thread `stream`.
    Alloc {
        /// The allocation's id.
        id: u64,
        /// Bytes requested.
        bytes: u64,
        /// Kind of memory.
        kind: MemoryKind,
        /// Allocating thread, numbered in order of appearance.
        stream: u32,
    },
    /// The free of allocation `id`.
    Free {
        /// The allocation's id.
        id: u64,
    },
}

/// A recorded sequence of allocations and frees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllocTrace {
    /// The events, in order.
    pub events: Vec<TraceEvent>,
}

const HEADER: &str = "# onearray allocation trace v1";

fn kind_name(kind: MemoryKind) -> &'static str {
    match kind {
        MemoryKind::Shared => "shared",
        MemoryKind::Host => "host",
        _ => "device",
    }
}

impl AllocTrace {
    /// The trace in the text format.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.events.len() * 24 + 64);
        s.push_str(HEADER);
        s.push('\n');
        for e in &self.events {
            // Writing to a String cannot fail.
            let _ = match *e {
                TraceEvent::Alloc {
                    id,
                    bytes,
                    kind,
                    stream,
                } => writeln!(s, "a {id} {bytes} {} {stream}", kind_name(kind)),
                TraceEvent::Free { id } => writeln!(s, "f {id}"),
            };
        }
        s
    }

    /// Parses the text format; the error names the line and what is wrong with it.
    ///
    /// ```
    /// use onearray::pool::{AllocTrace, TraceEvent};
    /// let t = AllocTrace::parse("# onearray allocation trace v1\na 1 4096 device 0\nf 1\n")?;
    /// assert_eq!(t.events[1], TraceEvent::Free { id: 1 });
    /// assert_eq!(AllocTrace::parse(&t.to_text())?, t);
    /// assert!(AllocTrace::parse("a 1 x device 0").unwrap_err().contains("line 1"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(text: &str) -> Result<AllocTrace, String> {
        let mut events = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            let f: Vec<&str> = line.split_whitespace().collect();
            let num = |i: usize, name: &str| -> Result<u64, String> {
                f.get(i)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| bad(&format!("{name} is not a number")))
            };
            match f[0] {
                "a" if f.len() == 5 => events.push(TraceEvent::Alloc {
                    id: num(1, "id")?,
                    bytes: num(2, "bytes")?,
                    kind: match f[3] {
                        "device" => MemoryKind::Device,
                        "shared" => MemoryKind::Shared,
                        "host" => MemoryKind::Host,
                        _ => return Err(bad("kind is not device, shared or host")),
                    },
                    stream: u32::try_from(num(4, "stream")?)
                        .map_err(|_| bad("stream too large"))?,
                }),
                "f" if f.len() == 2 => events.push(TraceEvent::Free { id: num(1, "id")? }),
                _ => return Err(bad("expected `a ID BYTES KIND STREAM` or `f ID`")),
            }
        }
        Ok(AllocTrace { events })
    }

    /// Writes [`to_text`](Self::to_text) to `path`.
    pub fn write(&self, path: impl AsRef<std::path::Path>) -> std::io::Result<()> {
        std::fs::write(path, self.to_text())
    }

    /// Allocations in the trace.
    pub fn allocations(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Alloc { .. }))
            .count()
    }
}

static ON: AtomicBool = AtomicBool::new(false);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

struct Recording {
    events: Vec<TraceEvent>,
    threads: Vec<std::thread::ThreadId>,
}

static RECORDING: Mutex<Recording> = Mutex::new(Recording {
    events: Vec::new(),
    threads: Vec::new(),
});

/// Starts recording (clearing an earlier recording).
pub fn start_trace() {
    let mut r = RECORDING.lock().unwrap_or_else(PoisonError::into_inner);
    r.events.clear();
    r.threads.clear();
    ON.store(true, Ordering::Release);
}

/// Stops recording and returns the trace. Allocations made before the start are not in it,
/// nor are their frees.
pub fn stop_trace() -> AllocTrace {
    ON.store(false, Ordering::Release);
    let mut r = RECORDING.lock().unwrap_or_else(PoisonError::into_inner);
    AllocTrace {
        events: std::mem::take(&mut r.events),
    }
}

/// Whether a trace is being recorded.
#[inline]
pub fn tracing() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Records an allocation; its id for [`freed`] (0 when not recording).
#[inline]
pub(crate) fn allocated(bytes: usize, kind: MemoryKind) -> u64 {
    if !tracing() {
        return 0;
    }
    record_allocated(bytes, kind)
}

#[cold]
fn record_allocated(bytes: usize, kind: MemoryKind) -> u64 {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let me = std::thread::current().id();
    let mut r = RECORDING.lock().unwrap_or_else(PoisonError::into_inner);
    let stream = match r.threads.iter().position(|&t| t == me) {
        Some(i) => i,
        None => {
            r.threads.push(me);
            r.threads.len() - 1
        }
    };
    r.events.push(TraceEvent::Alloc {
        id,
        bytes: bytes as u64,
        kind,
        stream: stream as u32,
    });
    id
}

/// Records the free of allocation `id` (from [`allocated`]).
#[inline]
pub(crate) fn freed(id: u64) {
    if id == 0 || !tracing() {
        return;
    }
    record_freed(id);
}

#[cold]
fn record_freed(id: u64) {
    RECORDING
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .events
        .push(TraceEvent::Free { id });
}

/// Reads `ONEARRAY_TRACE` once (called when a pool is made): records from then on and
/// writes the trace to the file it names at exit.
pub(crate) fn start_from_env() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("ONEARRAY_TRACE").is_some_and(|v| !v.is_empty()) {
            start_trace();
            level_zero::at_shutdown(level_zero::ShutdownStage::Report, write_env_trace);
        }
    });
}

fn write_env_trace() {
    let trace = stop_trace();
    if let Some(path) = std::env::var_os("ONEARRAY_TRACE") {
        if let Err(e) = trace.write(&path) {
            eprintln!("onearray: writing the allocation trace to {path:?} failed: {e}");
        }
    }
}
