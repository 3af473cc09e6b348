//! Expandable segments (PyTorch's `expandable_segments`), simulated: large blocks of device
//! memory are pieces of one reserved virtual range, mapped in chunks of whole pages (a
//! growth is one chunk per `chunk`-aligned stretch it covers, or one chunk if `chunk` is 0),
//! each unmapped once no piece lies on it. Best fit among the free mapped pieces (split
//! when at least `LARGE` is left, merged with free neighbours); a request no free piece
//! fits takes the best-fitting run of free pieces and unmapped space and maps the chunks it
//! needs there; before that, if the mapped bytes would exceed `1 + slack` times the most
//! ever in use, chunks lying wholly in free pieces are unmapped (largest free piece first)
//! until they do not.

use super::{Classes, Policy};
use oneapi::onearray::pool::{AllocTrace, TraceEvent, LARGE, PIECE_ROUND, REACH};
use oneapi::onearray::MemoryKind;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Mapping granularity (the CPU driver's page).
const PAGE: u64 = 64 << 10;

pub(crate) struct Expandable {
    classes: Classes,
    /// Chunks never cross a multiple of this (0: one chunk per growth).
    chunk: u64,
    /// Unmapping starts when mapped bytes would exceed `1 + slack` times the peak in use.
    slack: f64,
    in_use: u64,
    peak_in_use: u64,
    mapped_bytes: u64,
    /// Pieces on mapped chunks: address → (size, in use).
    pieces: BTreeMap<u64, (u64, bool)>,
    /// Free pieces by (size, address).
    free: BTreeSet<(u64, u64)>,
    /// Mapped chunks: start → length.
    mapped: BTreeMap<u64, u64>,
    /// Handle → (large, the classes' handle or the piece's address).
    handles: Vec<(bool, u64)>,
}

impl Expandable {
    pub(crate) fn new(chunk: u64, slack: f64) -> Self {
        Expandable {
            classes: Classes {
                reach: REACH,
                ..Classes::default()
            },
            chunk,
            slack,
            in_use: 0,
            peak_in_use: 0,
            mapped_bytes: 0,
            pieces: BTreeMap::new(),
            free: BTreeSet::new(),
            mapped: BTreeMap::new(),
            handles: Vec::new(),
        }
    }

    /// Adds a free piece, merged with free neighbours that touch it.
    fn add_free(&mut self, mut addr: u64, mut size: u64) {
        if let Some(&(next, false)) = self.pieces.get(&(addr + size)) {
            self.pieces.remove(&(addr + size));
            self.free.remove(&(next, addr + size));
            size += next;
        }
        if let Some((&a, &(s, false))) = self.pieces.range(..addr).next_back() {
            if a + s == addr {
                self.free.remove(&(s, a));
                addr = a;
                size += s;
            }
        }
        self.pieces.insert(addr, (size, false));
        self.free.insert((size, addr));
    }

    /// Unmaps the chunks lying wholly in free pieces, largest free piece first, until
    /// `need` more bytes fit the budget (the pieces shrink to what is left).
    fn unmap_free(&mut self, need: u64) {
        let budget = (self.peak_in_use as f64 * (1.0 + self.slack)) as u64;
        let free: Vec<(u64, u64)> = self.free.iter().rev().copied().collect();
        for (size, addr) in free {
            if self.mapped_bytes + need <= budget {
                return;
            }
            let end = addr + size;
            // Chunks starting in the piece and ending in it.
            let gone: Vec<(u64, u64)> = self
                .mapped
                .range(addr..end)
                .map(|(&c, &l)| (c, l))
                .filter(|&(c, l)| c + l <= end)
                .collect();
            if gone.is_empty() {
                continue;
            }
            self.free.remove(&(size, addr));
            self.pieces.remove(&addr);
            let mut at = addr;
            for (c, l) in gone {
                self.mapped.remove(&c);
                self.mapped_bytes -= l;
                if c > at {
                    self.pieces.insert(at, (c - at, false));
                    self.free.insert((c - at, at));
                }
                at = c + l;
            }
            if end > at {
                self.pieces.insert(at, (end - at, false));
                self.free.insert((end - at, at));
            }
        }
    }

    /// Maps the unmapped parts of `[start, end)` (rounded out to pages or chunks); returns
    /// the end of the last chunk mapped.
    fn map_range(&mut self, start: u64, end: u64) -> u64 {
        let mut last = end;
        let mut at = start;
        while at < end {
            // The chunk containing `at`, if any.
            if let Some((&c, &l)) = self.mapped.range(..=at).next_back() {
                if c + l > at {
                    at = c + l;
                    continue;
                }
            }
            let next = self.mapped.range(at..).next().map_or(u64::MAX, |(&c, _)| c);
            // Whole pages, split where a chunk boundary falls (none with `chunk` 0).
            let lo = at / PAGE * PAGE;
            let boundary = lo
                .checked_div(self.chunk)
                .map_or(u64::MAX, |i| (i + 1) * self.chunk);
            let hi = (end.div_ceil(PAGE) * PAGE).min(boundary);
            let hi = hi.min(next);
            self.mapped.insert(lo, hi - lo);
            self.mapped_bytes += hi - lo;
            last = last.max(hi);
            at = hi;
        }
        last
    }

    /// The start of the smallest run of free or unmapped bytes of at least `size` (the
    /// address space is unmapped past the last piece).
    fn best_run(&self, size: u64) -> u64 {
        let (mut best, mut best_len) = (None, u64::MAX);
        let mut run_start = 0;
        let mut end = 0;
        for (&addr, &(s, used)) in &self.pieces {
            if used {
                let len = addr - run_start;
                if len >= size && len < best_len {
                    (best, best_len) = (Some(run_start), len);
                }
                run_start = addr + s;
            }
            end = addr + s;
        }
        let _ = end;
        best.unwrap_or(run_start)
    }

    fn take_large(&mut self, size: u64) -> (u64, bool) {
        if let Some(&(have, addr)) = self.free.range((size, 0)..).next() {
            self.free.remove(&(have, addr));
            let given = if have - size >= LARGE as u64 {
                size
            } else {
                have
            };
            self.pieces.insert(addr, (given, true));
            self.in_use += given;
            self.peak_in_use = self.peak_in_use.max(self.in_use);
            if given < have {
                self.pieces.insert(addr + given, (have - given, false));
                self.free.insert((have - given, addr + given));
            }
            return (addr, false);
        }
        self.in_use += size;
        self.peak_in_use = self.peak_in_use.max(self.in_use);
        self.unmap_free(size);
        let start = self.best_run(size);
        // Free pieces in [start, start + size) become part of the new piece; the chunks
        // under it are mapped; what is left of the last chunk is a free piece.
        let inside: Vec<(u64, u64)> = self
            .pieces
            .range(start..start + size)
            .map(|(&a, &(s, _))| (a, s))
            .collect();
        let mut tail_end = start + size;
        for (a, s) in inside {
            self.pieces.remove(&a);
            self.free.remove(&(s, a));
            tail_end = tail_end.max(a + s);
        }
        tail_end = tail_end.max(self.map_range(start, start + size));
        self.pieces.insert(start, (size, true));
        if tail_end > start + size {
            self.add_free(start + size, tail_end - start - size);
        }
        (start, true)
    }
}

impl Policy for Expandable {
    fn alloc(&mut self, bytes: u64, stream: u32) -> (u64, bool) {
        let (h, miss) = if bytes <= LARGE as u64 {
            let (h, miss) = self.classes.alloc(bytes, stream);
            self.handles.push((false, h));
            (h, miss)
        } else {
            let size = bytes.div_ceil(PIECE_ROUND as u64) * PIECE_ROUND as u64;
            let (addr, miss) = self.take_large(size);
            self.handles.push((true, addr));
            (addr, miss)
        };
        let _ = h;
        ((self.handles.len() - 1) as u64, miss)
    }
    fn free(&mut self, handle: u64) {
        match self.handles[handle as usize] {
            (true, addr) => {
                if let Some((size, true)) = self.pieces.remove(&addr) {
                    self.in_use -= size;
                    self.add_free(addr, size);
                }
            }
            (false, h) => self.classes.free(h),
        }
    }
    fn reserved(&self) -> u64 {
        self.classes.reserved() + self.mapped_bytes
    }
}

/// Replays the device allocations of `trace` through the model, checking its books after
/// every step (run before the table: a broken model fails the bench).
pub(crate) fn check_trace(trace: &AllocTrace, chunk: u64, slack: f64) -> Result<(), String> {
    let mut e = Expandable::new(chunk, slack);
    let mut handles = HashMap::new();
    for (step, ev) in trace.events.iter().enumerate() {
        match *ev {
            TraceEvent::Alloc {
                id,
                bytes,
                kind: MemoryKind::Device,
                ..
            } => {
                handles.insert(id, e.alloc(bytes, 0).0);
            }
            TraceEvent::Free { id } => {
                if let Some(h) = handles.remove(&id) {
                    e.free(h);
                }
            }
            _ => {}
        }
        check(&e).map_err(|m| format!("expandable segments, step {step}: {m}"))?;
    }
    Ok(())
}

/// The model's books: pieces never overlap, no two free pieces touch, the free index holds
/// exactly the free pieces, every piece lies on mapped chunks, and every mapped chunk has a
/// piece on it (in use + free == mapped).
fn check(e: &Expandable) -> Result<(), String> {
    let mut last_end = 0;
    let mut last_free = false;
    let mut free = BTreeSet::new();
    let mut on_chunk: HashMap<u64, bool> = HashMap::new();
    let chunk_of = |a: u64| {
        e.mapped
            .range(..=a)
            .next_back()
            .filter(|(&c, &l)| c + l > a)
            .map(|(&c, &l)| (c, l))
    };
    for (&a, &(s, used)) in &e.pieces {
        if a < last_end {
            return Err(format!(
                "piece at {a} overlaps the one before (ending at {last_end})"
            ));
        }
        if !used && last_free && a == last_end {
            return Err(format!("adjacent free pieces at {a}"));
        }
        // The piece lies on consecutive chunks.
        let mut at = a;
        while at < a + s {
            let Some((c, l)) = chunk_of(at) else {
                return Err(format!("piece at {a} lies on unmapped address {at}"));
            };
            on_chunk.insert(c, true);
            at = c + l;
        }
        if !used {
            free.insert((s, a));
        }
        (last_end, last_free) = (a + s, !used);
    }
    if free != e.free {
        return Err("the free index differs from the free pieces".into());
    }
    if let Some(c) = e.mapped.keys().find(|c| !on_chunk.contains_key(c)) {
        return Err(format!("chunk at {c} is mapped with no piece on it"));
    }
    let mut prev_end = 0;
    for (&c, &l) in &e.mapped {
        if c < prev_end {
            return Err(format!("chunk at {c} overlaps the one before"));
        }
        prev_end = c + l;
    }
    let covered: u64 = e.pieces.values().map(|&(s, _)| s).sum();
    let mapped: u64 = e.mapped.values().sum();
    if covered != mapped || mapped != e.mapped_bytes {
        return Err(format!(
            "pieces cover {covered} bytes of {mapped} mapped ({} counted)",
            e.mapped_bytes
        ));
    }
    let used: u64 = e.pieces.values().filter(|p| p.1).map(|&(s, _)| s).sum();
    if used != e.in_use {
        return Err(format!("{used} bytes in use, {} counted", e.in_use));
    }
    Ok(())
}
