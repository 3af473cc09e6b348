//! Allocation traces shared by the pool benches (`pool_replay`, `pool_vs_umf`): the traces
//! to replay (`benches/traces/` or the files named on the command line, and four synthetic
//! ones), and [`replay_live`], the one way a trace is replayed through a real allocator on
//! the driver (onearray's pool, [`Ours`], or another implementing [`Live`]).

use oneapi::onearray::pool::{AllocTrace, TraceEvent};
use oneapi::onearray::{self, HostBuffer, MemoryKind, OneArray, SharedBuffer};
use std::collections::HashMap;
use std::time::Instant;

/// The traces to replay: the files named on the command line (arguments not starting with
/// `--`), else those in `benches/traces/`, then the synthetic ones.
pub fn load() -> Result<Vec<(String, AllocTrace)>, Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let files: Vec<std::path::PathBuf> = if args.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/traces");
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        v.sort();
        v
    } else {
        args.into_iter().map(Into::into).collect()
    };
    let mut traces = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)?;
        let name = f
            .file_stem()
            .map_or("?".into(), |s| s.to_string_lossy().into_owned());
        traces.push((
            name,
            AllocTrace::parse(&text).map_err(|e| format!("{}: {e}", f.display()))?,
        ));
    }
    traces.push(("synthetic: training".into(), synthetic_training()));
    traces.push(("synthetic: random".into(), synthetic_random()));
    traces.push(("synthetic: small".into(), synthetic_small()));
    traces.push(("synthetic: large hits".into(), synthetic_large_hits()));
    Ok(traces)
}

/// A real allocator a trace is replayed through.
pub trait Live {
    /// What an allocation is held as until its free.
    type Held;
    /// Drops everything cached, so that the next replay starts from nothing held.
    fn reset(&mut self) -> Result<(), String>;
    /// Allocates `bytes` of `kind`; `sample`: in the round that counts hits (a timed round
    /// leaves the counting out).
    fn alloc(&mut self, bytes: usize, kind: MemoryKind, sample: bool)
        -> Result<Self::Held, String>;
    fn free(&mut self, held: Self::Held);
    /// Bytes held from the driver now (in use and cached, every kind).
    fn reserved(&mut self) -> u64;
    /// Allocations served without the driver so far.
    fn hits(&mut self) -> u64;
}

/// What a replay measured.
pub struct LiveOutcome {
    /// Most bytes held from the driver at once (sampled after every operation).
    pub peak_reserved: u64,
    /// Most bytes the trace's live allocations asked for at once.
    pub peak_requested: u64,
    pub hits: u64,
    pub allocs: u64,
    /// Time per operation: the best of the timed rounds (warm, nothing sampled).
    pub ns_per_op: f64,
}

/// Replays `trace` through `l`: one round from nothing held (after [`Live::reset`]) that
/// samples what is held after every operation and counts hits, then `timed` rounds that only
/// time it.
pub fn replay_live<L: Live>(
    trace: &AllocTrace,
    l: &mut L,
    timed: usize,
) -> Result<LiveOutcome, String> {
    l.reset()?;
    let base = l.reserved();
    let hits0 = l.hits();
    let (mut peak_reserved, mut peak_requested, mut allocs, mut hits) = (0u64, 0u64, 0u64, 0);
    let mut best = f64::INFINITY;
    for round in 0..=timed {
        let sample = round == 0;
        let mut live: HashMap<u64, (L::Held, u64)> = HashMap::new();
        let mut requested = 0u64;
        let t = Instant::now();
        for e in &trace.events {
            match *e {
                TraceEvent::Alloc {
                    id, bytes, kind, ..
                } => {
                    live.insert(id, (l.alloc(bytes as usize, kind, sample)?, bytes));
                    if sample {
                        requested += bytes;
                        peak_requested = peak_requested.max(requested);
                        allocs += 1;
                    }
                }
                TraceEvent::Free { id } => {
                    if let Some((held, bytes)) = live.remove(&id) {
                        l.free(held);
                        requested -= bytes * u64::from(sample);
                    }
                }
            }
            if sample {
                peak_reserved = peak_reserved.max(l.reserved().saturating_sub(base));
            }
        }
        for (held, _) in live.into_values() {
            l.free(held);
        }
        if sample {
            hits = l.hits() - hits0;
        } else {
            best = best.min(t.elapsed().as_nanos() as f64 / trace.events.len().max(1) as f64);
        }
    }
    Ok(LiveOutcome {
        peak_reserved,
        peak_requested,
        hits,
        allocs,
        ns_per_op: best,
    })
}

/// onearray's pools (one per kind) on the default context: held is in use plus pooled.
pub struct Ours;

impl Live for Ours {
    type Held = Box<dyn std::any::Any>;
    fn reset(&mut self) -> Result<(), String> {
        onearray::trim();
        Ok(())
    }
    fn alloc(&mut self, n: usize, kind: MemoryKind, _: bool) -> Result<Self::Held, String> {
        // SAFETY: the arrays are never read.
        let a: Result<Self::Held, onearray::Error> = unsafe {
            match kind {
                MemoryKind::Shared => {
                    OneArray::<u8, SharedBuffer>::uninit(n).map(|a| Box::new(a) as _)
                }
                MemoryKind::Host => OneArray::<u8, HostBuffer>::uninit(n).map(|a| Box::new(a) as _),
                _ => OneArray::<u8>::uninit(n).map(|a| Box::new(a) as _),
            }
        };
        a.map_err(|e| e.to_string())
    }
    fn free(&mut self, held: Self::Held) {
        drop(held);
    }
    fn reserved(&mut self) -> u64 {
        onearray::memory_info().map_or(0, |i| {
            let s = i.total();
            (s.bytes_in_use + s.bytes_pooled) as u64
        })
    }
    fn hits(&mut self) -> u64 {
        onearray::memory_info().map_or(0, |i| i.total().hits)
    }
}

/// A deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn alloc(events: &mut Vec<TraceEvent>, id: u64, bytes: u64) {
    events.push(TraceEvent::Alloc {
        id,
        bytes,
        kind: MemoryKind::Device,
        stream: 0,
    });
}

/// A training loop: per step, activations of a few layer sizes (batch-dependent), freed in
/// reverse order, and a few long-lived parameters.
pub fn synthetic_training() -> AllocTrace {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut ev = Vec::new();
    let mut id = 0;
    for p in 0..32 {
        id += 1;
        alloc(&mut ev, id, (1 << 16) * (1 + p % 7) * 4);
    }
    for _step in 0..200 {
        let batch = 16 + r.below(48);
        let mut stack = Vec::new();
        for layer in 0..24u64 {
            id += 1;
            alloc(&mut ev, id, batch * (1024 + 512 * (layer % 5)) * 4);
            stack.push(id);
        }
        while let Some(i) = stack.pop() {
            ev.push(TraceEvent::Free { id: i });
        }
    }
    AllocTrace { events: ev }
}

/// Random sizes from 100 B to 64 MiB (log-uniform), random lifetimes: fragmentation.
pub fn synthetic_random() -> AllocTrace {
    let mut r = Rng(0xD1B5_4A32_D192_ED03);
    let mut ev = Vec::new();
    let mut live: Vec<u64> = Vec::new();
    for id in 1..=20_000u64 {
        let exp = 100f64.ln()
            + (r.below(1 << 20) as f64 / (1 << 20) as f64) * ((64u64 << 20) as f64 / 100.0).ln();
        alloc(&mut ev, id, exp.exp() as u64);
        live.push(id);
        while live.len() > 64 || (r.below(3) == 0 && !live.is_empty()) {
            let i = r.below(live.len() as u64) as usize;
            ev.push(TraceEvent::Free {
                id: live.swap_remove(i),
            });
        }
    }
    AllocTrace { events: ev }
}

/// Many small buffers (64 B – 16 KiB) with short lives: the allocator's fast path.
pub fn synthetic_small() -> AllocTrace {
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    let mut ev = Vec::new();
    let mut live: Vec<u64> = Vec::new();
    for id in 1..=100_000u64 {
        alloc(&mut ev, id, 64 + r.below(16 << 10));
        live.push(id);
        if live.len() > 256 {
            let i = r.below(live.len() as u64) as usize;
            ev.push(TraceEvent::Free {
                id: live.swap_remove(i),
            });
        }
    }
    AllocTrace { events: ev }
}

/// Large-block hits: four arrays held, then 2,500 rounds of the same four large sizes
/// allocated and freed in another order (every request after the first round is a hit on
/// the piece the same size left).
pub fn synthetic_large_hits() -> AllocTrace {
    let mut ev = Vec::new();
    let held = [1 << 20, (5 << 20) + 4096, 700 << 10, 3 << 20];
    for (id, &bytes) in (1..).zip(&held) {
        alloc(&mut ev, id, bytes);
    }
    let sizes = [1 << 20, 768 << 10, 5 << 19, 320 << 10];
    let mut id = 100;
    for _ in 0..2500 {
        for &bytes in &sizes {
            alloc(&mut ev, id, bytes);
            id += 1;
        }
        for k in [2, 0, 3, 1] {
            ev.push(TraceEvent::Free { id: id - 4 + k });
        }
    }
    for id in 1..=held.len() as u64 {
        ev.push(TraceEvent::Free { id });
    }
    AllocTrace { events: ev }
}
