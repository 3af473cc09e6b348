//! `cargo bench --bench pool_replay [-- TRACE...]`: allocation traces (the format of
//! `onearray::pool::AllocTrace`, recorded with `ONEARRAY_TRACE=FILE`) replayed through
//! allocation policies: onearray's pool (its policy simulated, and the real pool on the CPU
//! driver; also its earlier policies for comparison: exact classes only, then classes
//! reaching up to twice the size with no segments), a PyTorch-style caching allocator
//! (block splitting and merging, 2 MiB segments for small blocks, 20 MiB for large ones,
//! per-stream), CuPy-style bins (best fit over 512-byte bins, splitting, exact-size
//! segments, per-stream), a UMF-style disjoint pool (buckets of powers of two and midpoints
//! carved from 64 KiB slabs, up to 4 free slabs kept per bucket, more than 2 MiB straight to
//! the driver), plain power-of-two classes, and expandable segments (`pool_replay/vm.rs`:
//! large device blocks as pieces of one virtual range mapped chunk by chunk; the real pool's
//! default where the driver has virtual memory, its segments the other row). Per trace and
//! policy (one instance per kind
//! of memory): peak reserved / peak requested (fragmentation and rounding), the hit rate
//! (requests served without the driver) and the time per operation (best of 5 rounds,
//! interleaved).
//!
//! Without arguments it replays the traces in `benches/traces/` and four synthetic ones.

use oneapi::onearray::pool::{
    size_class, AllocTrace, TraceEvent, LARGE, PIECE_ROUND, REACH, SEGMENT_ROUND,
};
use oneapi::onearray::{self, MemoryKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

#[path = "support/replay.rs"]
mod replay;
#[path = "pool_replay/vm.rs"]
mod vm;

/// An allocation policy, simulated: it tracks what it would hold from the driver.
trait Policy {
    /// Serves `bytes` for `stream`; returns a handle and whether the driver was needed.
    fn alloc(&mut self, bytes: u64, stream: u32) -> (u64, bool);
    fn free(&mut self, handle: u64);
    /// Bytes held from the driver.
    fn reserved(&self) -> u64;
}

/// onearray's size classes: requests round up to four classes per power of two (512 B
/// minimum), a freed block goes back to its class's free list. With `reach` > 0, an empty
/// class is served from the next `reach` larger classes (a cached block of up to twice the
/// size for `reach` 4) before the driver. Alone, for requests of every size, this is the
/// pool's earlier policy (reach 0 at first, then 4); the pool now uses it up to `LARGE`.
#[derive(Default)]
struct Classes {
    free: HashMap<usize, u64>,
    handles: Vec<usize>,
    reserved: u64,
    reach: usize,
}

impl Policy for Classes {
    fn alloc(&mut self, bytes: u64, _stream: u32) -> (u64, bool) {
        let (class, size) = size_class(bytes as usize);
        let cached =
            (class..=class + self.reach).find(|c| self.free.get(c).is_some_and(|&n| n > 0));
        let class = match cached {
            Some(c) => {
                *self.free.entry(c).or_default() -= 1;
                c
            }
            None => {
                self.reserved += size as u64;
                class
            }
        };
        self.handles.push(class);
        ((self.handles.len() - 1) as u64, cached.is_none())
    }
    fn free(&mut self, handle: u64) {
        *self.free.entry(self.handles[handle as usize]).or_default() += 1;
    }
    fn reserved(&self) -> u64 {
        self.reserved
    }
}

/// onearray's pool (`onearray/src/pool/`: `mod.rs`, `large.rs`): requests of up to `LARGE`
/// bytes use the size classes with reach `REACH`; larger ones are pieces of segments (the
/// request rounded up to `PIECE_ROUND`, segments to `SEGMENT_ROUND`), best fit, split when
/// at least `LARGE` is left, merged with free neighbours when freed; a request no free piece
/// fits first gives the segments with no piece out back to the driver. (Per-thread
/// magazines and stream-ordered reuse change neither on a single-threaded trace.)
struct OnearrayPool {
    classes: Classes,
    segments: Splitting,
    /// Per segment: its address and size.
    bounds: HashMap<u64, (u64, u64)>,
    /// Handle → (large, the classes' handle or the piece's address).
    handles: Vec<(bool, u64)>,
}

impl Default for OnearrayPool {
    fn default() -> Self {
        OnearrayPool {
            classes: Classes {
                reach: REACH,
                ..Classes::default()
            },
            segments: Splitting::default(),
            bounds: HashMap::new(),
            handles: Vec::new(),
        }
    }
}

impl Policy for OnearrayPool {
    fn alloc(&mut self, bytes: u64, stream: u32) -> (u64, bool) {
        if bytes <= LARGE as u64 {
            let (h, miss) = self.classes.alloc(bytes, stream);
            self.handles.push((false, h));
            return ((self.handles.len() - 1) as u64, miss);
        }
        let size = bytes.div_ceil(PIECE_ROUND as u64) * PIECE_ROUND as u64;
        let (addr, miss) = match self.segments.take(0, 0, size, LARGE as u64) {
            Some(addr) => (addr, false),
            None => {
                // Segments with no piece out: one free piece as large as the segment.
                let empty: Vec<(u64, u64)> = self
                    .segments
                    .free
                    .iter()
                    .filter(|&&(_, _, size, addr)| {
                        let segment = self.segments.pieces[&addr].segment;
                        self.bounds.get(&segment) == Some(&(addr, size))
                    })
                    .map(|&(_, _, size, addr)| (size, addr))
                    .collect();
                for (size, addr) in empty {
                    let segment = self.segments.pieces[&addr].segment;
                    self.segments.free.remove(&(0, 0, size, addr));
                    self.segments.pieces.remove(&addr);
                    self.segments.reserved -= size;
                    self.bounds.remove(&segment);
                }
                let segment = size.div_ceil(SEGMENT_ROUND as u64) * SEGMENT_ROUND as u64;
                let addr = self.segments.grow(0, 0, size, segment, LARGE as u64);
                self.bounds.insert(self.segments.segments, (addr, segment));
                (addr, true)
            }
        };
        self.handles.push((true, addr));
        ((self.handles.len() - 1) as u64, miss)
    }
    fn free(&mut self, handle: u64) {
        match self.handles[handle as usize] {
            (true, addr) => self.segments.release(addr),
            (false, h) => self.classes.free(h),
        }
    }
    fn reserved(&self) -> u64 {
        self.classes.reserved + self.segments.reserved
    }
}

/// Power-of-two classes (512 B minimum), free lists per class.
struct PowerOfTwo {
    free: [u64; 64],
    handles: Vec<u32>,
    reserved: u64,
}

impl Default for PowerOfTwo {
    fn default() -> Self {
        PowerOfTwo {
            free: [0; 64],
            handles: Vec::new(),
            reserved: 0,
        }
    }
}

impl Policy for PowerOfTwo {
    fn alloc(&mut self, bytes: u64, _stream: u32) -> (u64, bool) {
        let size = bytes.max(512).next_power_of_two();
        let class = size.trailing_zeros();
        let miss = self.free[class as usize] == 0;
        if miss {
            self.reserved += size;
        } else {
            self.free[class as usize] -= 1;
        }
        self.handles.push(class);
        ((self.handles.len() - 1) as u64, miss)
    }
    fn free(&mut self, handle: u64) {
        self.free[self.handles[handle as usize] as usize] += 1;
    }
    fn reserved(&self) -> u64 {
        self.reserved
    }
}

/// A block of a splitting allocator: `size` bytes at an address, in a segment.
#[derive(Clone, Copy)]
struct Piece {
    size: u64,
    segment: u64,
    free: bool,
    pool: u8,
    stream: u32,
}

/// The machinery PyTorch's and CuPy's allocators share: segments from the driver split into
/// blocks, best fit among free blocks of the same (pool, stream), neighbours merged on free.
#[derive(Default)]
struct Splitting {
    pieces: BTreeMap<u64, Piece>,
    /// Free blocks by (pool, stream, size, address).
    free: BTreeSet<(u8, u32, u64, u64)>,
    next_address: u64,
    segments: u64,
    reserved: u64,
}

impl Splitting {
    /// Best fit of `size` in `pool` for `stream`, split if the rest is at least `min_rest`.
    fn take(&mut self, pool: u8, stream: u32, size: u64, min_rest: u64) -> Option<u64> {
        let &(p, s, have, addr) = self
            .free
            .range((pool, stream, size, 0)..=(pool, stream, u64::MAX, u64::MAX))
            .next()?;
        self.free.remove(&(p, s, have, addr));
        let piece = self.pieces.get_mut(&addr)?;
        piece.free = false;
        if have - size >= min_rest && have > size {
            piece.size = size;
            let rest = Piece {
                size: have - size,
                free: true,
                ..*piece
            };
            self.pieces.insert(addr + size, rest);
            self.free.insert((pool, stream, rest.size, addr + size));
        }
        Some(addr)
    }

    /// A new segment of `segment` bytes; the first `size` handed out, the rest free (all of
    /// it handed out if less than `min_rest` is left).
    fn grow(&mut self, pool: u8, stream: u32, size: u64, segment: u64, min_rest: u64) -> u64 {
        let addr = self.next_address;
        // A gap between segments: blocks of different segments never merge.
        self.next_address += segment + 4096;
        self.segments += 1;
        self.reserved += segment;
        let split = segment > size && segment - size >= min_rest;
        let piece = Piece {
            size: if split { size } else { segment },
            segment: self.segments,
            free: false,
            pool,
            stream,
        };
        self.pieces.insert(addr, piece);
        if split {
            let rest = Piece {
                size: segment - size,
                free: true,
                ..piece
            };
            self.pieces.insert(addr + size, rest);
            self.free.insert((pool, stream, rest.size, addr + size));
        }
        addr
    }

    fn release(&mut self, addr: u64) {
        let Some(&piece) = self.pieces.get(&addr) else {
            return;
        };
        let (mut start, mut size) = (addr, piece.size);
        // Merge with the next block of the segment if free.
        if let Some(&next) = self.pieces.get(&(addr + size)) {
            if next.free && next.segment == piece.segment {
                self.free
                    .remove(&(next.pool, next.stream, next.size, addr + size));
                self.pieces.remove(&(addr + size));
                size += next.size;
            }
        }
        // And with the previous one.
        if let Some((&prev_addr, &prev)) = self.pieces.range(..addr).next_back() {
            if prev.free && prev.segment == piece.segment && prev_addr + prev.size == addr {
                self.free
                    .remove(&(prev.pool, prev.stream, prev.size, prev_addr));
                self.pieces.remove(&addr);
                start = prev_addr;
                size += prev.size;
            }
        }
        let merged = Piece {
            size,
            free: true,
            ..piece
        };
        self.pieces.insert(start, merged);
        self.free.insert((piece.pool, piece.stream, size, start));
    }
}

/// PyTorch's CUDA caching allocator: sizes round to 512 B; blocks of up to 1 MiB come from
/// 2 MiB segments, larger ones from 20 MiB segments (or their own, rounded to 2 MiB, above
/// 10 MiB); best fit per stream, split when the rest is ≥ 512 B (small) or > 1 MiB (large),
/// merged on free; nothing returned to the driver.
#[derive(Default)]
struct PyTorch(Splitting);

impl Policy for PyTorch {
    fn alloc(&mut self, bytes: u64, stream: u32) -> (u64, bool) {
        const MIB: u64 = 1 << 20;
        let size = bytes.max(1).div_ceil(512) * 512;
        let (pool, min_rest) = if size <= MIB { (0, 512) } else { (1, MIB + 1) };
        if let Some(a) = self.0.take(pool, stream, size, min_rest) {
            return (a, false);
        }
        let segment = if size <= MIB {
            2 * MIB
        } else if size < 10 * MIB {
            20 * MIB
        } else {
            size.div_ceil(2 * MIB) * 2 * MIB
        };
        (self.0.grow(pool, stream, size, segment, min_rest), true)
    }
    fn free(&mut self, handle: u64) {
        self.0.release(handle);
    }
    fn reserved(&self) -> u64 {
        self.0.reserved
    }
}

/// CuPy's memory pool: sizes round to 512 B; best fit among free chunks of the stream's arena
/// (its bins), split with any rest, merged on free; a miss allocates exactly the size.
#[derive(Default)]
struct CuPy(Splitting);

impl Policy for CuPy {
    fn alloc(&mut self, bytes: u64, stream: u32) -> (u64, bool) {
        let size = bytes.max(1).div_ceil(512) * 512;
        if let Some(a) = self.0.take(0, stream, size, 512) {
            return (a, false);
        }
        (self.0.grow(0, stream, size, size, 512), true)
    }
    fn free(&mut self, handle: u64) {
        self.0.release(handle);
    }
    fn reserved(&self) -> u64 {
        self.0.reserved
    }
}

/// UMF's disjoint pool: buckets of powers of two and their midpoints from 64 B to 2 MiB; a
/// bucket carves chunks out of slabs of max(64 KiB, bucket) bytes and keeps at most 4 wholly
/// free slabs (more go back to the driver); larger requests go to the driver each time.
#[derive(Default)]
struct Disjoint {
    /// Per bucket size: slabs as (free chunks, chunks), and how many are wholly free.
    buckets: HashMap<u64, Vec<(u32, u32)>>,
    /// Handle → (bucket, slab index), or (0, bytes) for a direct allocation.
    handles: Vec<(u64, u64)>,
    reserved: u64,
}

const SLAB: u64 = 64 << 10;
const MAX_POOLABLE: u64 = 2 << 20;
const CAPACITY: usize = 4;

fn disjoint_bucket(bytes: u64) -> u64 {
    let b = bytes.max(64);
    let p = b.next_power_of_two();
    let mid = p / 2 + p / 4;
    if b <= mid && p >= 128 {
        mid
    } else {
        p
    }
}

impl Policy for Disjoint {
    fn alloc(&mut self, bytes: u64, _stream: u32) -> (u64, bool) {
        if bytes > MAX_POOLABLE {
            self.reserved += bytes;
            self.handles.push((0, bytes));
            return ((self.handles.len() - 1) as u64, true);
        }
        let bucket = disjoint_bucket(bytes);
        let slabs = self.buckets.entry(bucket).or_default();
        let (slab, miss) = match slabs.iter().position(|s| s.0 > 0) {
            Some(i) => (i, false),
            None => {
                let slab_size = SLAB.max(bucket);
                let chunks = (slab_size / bucket) as u32;
                // Reuse a released slot's index if any, else append.
                slabs.push((chunks, chunks));
                self.reserved += slab_size;
                (slabs.len() - 1, true)
            }
        };
        slabs[slab].0 -= 1;
        self.handles.push((bucket, slab as u64));
        ((self.handles.len() - 1) as u64, miss)
    }
    fn free(&mut self, handle: u64) {
        let (bucket, slab) = self.handles[handle as usize];
        if bucket == 0 {
            self.reserved -= slab;
            return;
        }
        let slabs = self.buckets.entry(bucket).or_default();
        slabs[slab as usize].0 += 1;
        let wholly_free = slabs.iter().filter(|s| s.0 == s.1 && s.1 > 0).count();
        if wholly_free > CAPACITY {
            // Give this one back: it keeps its index, emptied (no chunks).
            let s = &mut slabs[slab as usize];
            if s.0 == s.1 {
                *s = (0, 0);
                self.reserved -= SLAB.max(bucket);
            }
        }
    }
    fn reserved(&self) -> u64 {
        self.reserved
    }
}

/// What a replay measured (a simulated policy's or the real pool's).
use replay::LiveOutcome as Outcome;

/// A policy for one kind of memory.
type MakePolicy = dyn Fn(MemoryKind) -> Box<dyn Policy>;

fn replay(trace: &AllocTrace, make: &MakePolicy) -> Outcome {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..5 {
        // One instance per kind of memory, as every allocator has.
        let mut p: [Box<dyn Policy>; 3] = [
            make(MemoryKind::Device),
            make(MemoryKind::Shared),
            make(MemoryKind::Host),
        ];
        let mut handles: HashMap<u64, (usize, u64, u64)> = HashMap::with_capacity(1024);
        let (mut live, mut peak_req, mut peak_res, mut hits, mut allocs) = (0u64, 0, 0, 0, 0);
        let t = Instant::now();
        for e in &trace.events {
            match *e {
                TraceEvent::Alloc {
                    id,
                    bytes,
                    stream,
                    kind,
                } => {
                    let k = match kind {
                        MemoryKind::Device => 0,
                        MemoryKind::Shared => 1,
                        MemoryKind::Host => 2,
                    };
                    let (h, miss) = p[k].alloc(bytes, stream);
                    handles.insert(id, (k, h, bytes));
                    live += bytes;
                    peak_req = peak_req.max(live);
                    peak_res = peak_res.max(p.iter().map(|p| p.reserved()).sum());
                    allocs += 1;
                    hits += u64::from(!miss);
                }
                TraceEvent::Free { id } => {
                    if let Some((k, h, bytes)) = handles.remove(&id) {
                        p[k].free(h);
                        live -= bytes;
                    }
                }
            }
        }
        let ns = t.elapsed().as_nanos() as f64 / trace.events.len().max(1) as f64;
        best = best.min(ns);
        out = Some((peak_res, peak_req, hits, allocs));
    }
    let (peak_reserved, peak_requested, hits, allocs) = out.unwrap_or_default();
    Outcome {
        peak_reserved,
        peak_requested,
        hits,
        allocs,
        ns_per_op: best,
    }
}

/// The trace through the real pool on the CPU driver (each kind its own pool): reserved is
/// in use plus pooled, sampled after every operation (`support/replay.rs`).
fn replay_real(trace: &AllocTrace) -> Result<Outcome, String> {
    replay::replay_live(trace, &mut replay::Ours, 4)
}

fn human(b: u64) -> String {
    onearray::human(b as usize)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let traces = replay::load()?;

    // Expandable segments need virtual memory: device memory only, the others as the pool.
    let expandable = |chunk: u64, slack: f64| {
        move |kind| -> Box<dyn Policy> {
            match kind {
                MemoryKind::Device => Box::new(vm::Expandable::new(chunk, slack)),
                _ => Box::new(OnearrayPool::default()),
            }
        }
    };
    // Chunks of 2 MiB: random sizes as UMF's figure at ~99 % hits, the other traces as the
    // pool or better (swept: 256 KiB-8 MiB, one chunk per growth, 0-25 % slack); the real
    // pool's `pool::CHUNK` is 2 MiB. 4 MiB chunks map and unmap half as often (each a pair
    // of system calls on the CPU driver) for ~2 % more memory on random sizes.
    let sweep: Vec<(String, Box<MakePolicy>)> =
        [(4 << 20, 0.0), (2 << 20, 0.0), (512 << 10, 0.0), (0, 0.0)]
            .into_iter()
            .map(|(chunk, slack)| {
                let name = match chunk {
                    0 => "expandable, per growth".to_string(),
                    c => format!("expandable, {} chunks", human(c)),
                };
                (name, Box::new(expandable(chunk, slack)) as Box<MakePolicy>)
            })
            .collect();
    let base: [(&str, &MakePolicy); 7] = [
        ("onearray pool (model)", &|_| {
            Box::new(OnearrayPool::default())
        }),
        ("exact classes (pool v1)", &|_| Box::new(Classes::default())),
        ("classes, reach 4 (v2)", &|_| {
            Box::new(Classes {
                reach: 4,
                ..Classes::default()
            })
        }),
        ("PyTorch-style", &|_| Box::new(PyTorch::default())),
        ("CuPy-style", &|_| Box::new(CuPy::default())),
        ("UMF-style disjoint", &|_| Box::new(Disjoint::default())),
        ("power of two", &|_| Box::new(PowerOfTwo::default())),
    ];
    let policies: Vec<(&str, &MakePolicy)> = base
        .into_iter()
        .chain(sweep.iter().map(|(n, m)| (n.as_str(), &**m)))
        .collect();
    for (name, trace) in &traces {
        for (chunk, slack) in [(0, 0.0), (2 << 20, 0.0), (0, 0.25)] {
            vm::check_trace(trace, chunk, slack).map_err(|e| format!("{name}: {e}"))?;
        }
    }
    println!(
        "{:<22} {:<28} {:>8} {:>11} {:>11} {:>8} {:>8} {:>8}",
        "trace", "policy", "allocs", "peak req", "peak res", "res/req", "hit %", "ns/op"
    );
    for (name, trace) in &traces {
        let mut rows: Vec<(String, Outcome)> = policies
            .iter()
            .map(|(n, make)| (n.to_string(), replay(trace, *make)))
            .collect();
        let default = onearray::pool::expandable();
        onearray::pool::set_expandable(false);
        let segments = replay_real(trace);
        onearray::pool::set_expandable(true);
        let expandable = replay_real(trace);
        onearray::pool::set_expandable(default);
        rows.push(("pool (real, segments)".into(), segments?));
        rows.push(("pool (real, expandable)".into(), expandable?));
        for (policy, o) in rows {
            println!(
                "{:<22} {:<28} {:>8} {:>11} {:>11} {:>8.3} {:>8.1} {:>8.0}",
                name,
                policy,
                o.allocs,
                human(o.peak_requested),
                human(o.peak_reserved),
                o.peak_reserved as f64 / o.peak_requested.max(1) as f64,
                100.0 * o.hits as f64 / o.allocs.max(1) as f64,
                o.ns_per_op
            );
        }
    }
    Ok(())
}
