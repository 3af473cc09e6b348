//! Expandable segments (PyTorch's `expandable_segments`), on by default (off with
//! [`set_expandable`] or `ONEARRAY_EXPANDABLE=0`), for device memory where the driver has
//! virtual memory (segments, `large.rs`, otherwise and for host and shared memory): large
//! blocks are pieces of one reserved [`VirtualRange`] per pool, mapped in chunks of whole
//! pages that never cross a multiple of [`CHUNK`], and unmapped once no piece lies on them.
//!
//! * Best fit among the free mapped pieces, split when at least `LARGE` is left, merged with
//!   free neighbours (as the segments of `segments.rs`), lazily: a piece given back stays as
//!   it is, with its block, until a request finds no piece of its exact size or a trim
//!   merges everything (a large block freed and asked for again costs no join of chunks:
//!   `benches/pool_replay.rs` "large hits" ~175 -> ~78 ns per operation).
//! * A request no free piece fits takes the run of free pieces and unmapped space (between
//!   pieces out) where the fewest of its bytes are unmapped, at the run's start or end, and
//!   maps the pages it needs there (fewest system calls to map, and to unmap under the
//!   budget below). Before that, if the mapped bytes would exceed
//!   the most ever in use, the chunks lying wholly in free pieces are unmapped, largest
//!   free piece first, until they do not (`benches/pool_replay.rs`: random sizes 1.03 peak
//!   reserved / requested at ~99 % hits, against 1.32 with segments).
//! * A piece's allocation is [`Mapping::join`] of the chunks under it, so the chunks stay
//!   mapped while a piece or a command uses them, whatever the books say.
//! * Unmapped chunks lie wholly in free pieces, so no command uses them (the CPU driver's
//!   `zeVirtualMemUnmap` waits only for commands on the pages it unmaps, not for work on
//!   other pieces).
//! * An array on a piece can be shared with other processes
//!   ([`OneArray::share`](crate::OneArray::share)): the CPU driver exports the run of mapped
//!   pages around it. The piece is then retired, never handed out again; its pages go when
//!   the range does (once every other piece is back, at a trim).

use crate::switch::Switch;
use level_zero::{
    virtual_page_size, Allocation, Context, Device, Mapping, MemoryAccess, PhysicalMemory,
    VirtualRange,
};
use std::collections::{BTreeMap, BTreeSet};

/// Chunks never cross a multiple of this (the granularity of giving memory back).
pub const CHUNK: usize = 2 << 20;
/// The segment id of pieces of the expandable range (`Block::piece`).
pub(crate) const VM_SEGMENT: u64 = u64::MAX;

static SWITCH: Switch = Switch::new("ONEARRAY_EXPANDABLE", true);

/// Turns expandable segments on or off for the large device blocks allocated from now on
/// (blocks already out keep their memory). Default: on (where the driver has virtual
/// memory; segments otherwise), off with `ONEARRAY_EXPANDABLE=0`.
///
/// ```
/// onearray::pool::set_expandable(false);
/// assert!(!onearray::pool::expandable());
/// onearray::pool::set_expandable(true);
/// ```
pub fn set_expandable(on: bool) {
    SWITCH.set(on);
}

/// Whether expandable segments are on.
pub fn expandable() -> bool {
    SWITCH.get()
}

struct Piece<W> {
    size: usize,
    used: bool,
    /// What a free piece's last user left (dropped on a split or merge).
    kept: Option<W>,
}

/// The books of one expandable range: pieces on mapped chunks. `C` is a chunk's mapping,
/// `W` what a free piece keeps for its next user.
pub(crate) struct Books<C, W> {
    pieces: BTreeMap<usize, Piece<W>>,
    /// Free pieces by (size, offset).
    free: BTreeSet<(usize, usize)>,
    /// Offsets of pieces given back and not yet merged with their free neighbours (merged
    /// only when a request needs a split or a miss, or at a trim: until then a piece freed
    /// and asked for again keeps its block).
    unmerged: Vec<usize>,
    /// Offset → (length, mapping).
    chunks: BTreeMap<usize, (usize, C)>,
    page: usize,
    split_min: usize,
    pub(crate) mapped: usize,
    pub(crate) in_use: usize,
    /// Bytes of pieces that are never given back (exported to other processes).
    retired: usize,
    peak_in_use: usize,
    size: usize,
}

impl<C, W> Books<C, W> {
    pub(crate) fn new(size: usize, page: usize, split_min: usize) -> Self {
        Books {
            pieces: BTreeMap::new(),
            free: BTreeSet::new(),
            unmerged: Vec::new(),
            chunks: BTreeMap::new(),
            page,
            split_min: split_min.max(1),
            mapped: 0,
            in_use: 0,
            retired: 0,
            peak_in_use: 0,
            size,
        }
    }

    fn count_in(&mut self, size: usize) {
        self.in_use += size;
        self.peak_in_use = self.peak_in_use.max(self.in_use);
    }

    /// The best-fitting free piece of at least `size` bytes (split if `split_min` or more
    /// would be left): its offset, size, and what it kept if handed out whole.
    pub(crate) fn take(&mut self, size: usize) -> Option<(usize, usize, Option<W>)> {
        let mut best = self.free.range((size, 0)..).next().copied();
        // A free piece handed out whole needs no merge; otherwise merge what was given back
        // first (the same choice as merging at every give-back).
        if best.is_none_or(|(have, _)| have != size) && !self.unmerged.is_empty() {
            self.merge();
            best = self.free.range((size, 0)..).next().copied();
        }
        let (have, offset) = best?;
        self.free.remove(&(have, offset));
        let given = if have - size >= self.split_min {
            size
        } else {
            have
        };
        let old = self.pieces.insert(
            offset,
            Piece {
                size: given,
                used: true,
                kept: None,
            },
        );
        let kept = old.and_then(|p| p.kept).filter(|_| given == have);
        if given < have {
            self.insert_free(offset + given, have - given);
        }
        self.count_in(given);
        Some((offset, given, kept))
    }

    fn insert_free(&mut self, offset: usize, size: usize) {
        self.pieces.insert(
            offset,
            Piece {
                size,
                used: false,
                kept: None,
            },
        );
        self.free.insert((size, offset));
    }

    /// Adds a free piece merged with free neighbours (keeping `kept` if none).
    fn add_free(&mut self, mut offset: usize, mut size: usize, kept: Option<W>) {
        let mut merged = false;
        if let Some(next) = self.pieces.get(&(offset + size)) {
            if !next.used {
                let s = next.size;
                self.pieces.remove(&(offset + size));
                self.free.remove(&(s, offset + size));
                size += s;
                merged = true;
            }
        }
        if let Some((&o, p)) = self.pieces.range(..offset).next_back() {
            if !p.used && o + p.size == offset {
                self.free.remove(&(p.size, o));
                size += p.size;
                offset = o;
                merged = true;
            }
        }
        self.pieces.insert(
            offset,
            Piece {
                size,
                used: false,
                kept: if merged { None } else { kept },
            },
        );
        self.free.insert((size, offset));
    }

    /// Gives back the piece at `offset` as it is, with `kept` (merged with its free
    /// neighbours later, see [`merge`](Self::merge)).
    pub(crate) fn give_back(&mut self, offset: usize, kept: Option<W>) {
        let Some(p) = self.pieces.get_mut(&offset).filter(|p| p.used) else {
            return;
        };
        p.used = false;
        p.kept = kept;
        self.in_use -= p.size;
        self.free.insert((p.size, offset));
        self.unmerged.push(offset);
    }

    /// Merges the pieces given back since the last merge with their free neighbours (their
    /// kept blocks go): afterwards no two free pieces touch.
    pub(crate) fn merge(&mut self) {
        for offset in std::mem::take(&mut self.unmerged) {
            if self.pieces.get(&offset).is_none_or(|p| p.used) {
                continue; // merged into another, or handed out again
            }
            // The whole run of touching free pieces around it becomes one.
            let mut start = offset;
            while let Some((&o, q)) = self.pieces.range(..start).next_back() {
                if q.used || o + q.size != start {
                    break;
                }
                start = o;
            }
            let (mut end, mut parts, mut kept) = (start, 0, None);
            while self.pieces.get(&end).is_some_and(|q| !q.used) {
                let Some(q) = self.pieces.remove(&end) else {
                    break;
                };
                self.free.remove(&(q.size, end));
                end += q.size;
                parts += 1;
                kept = q.kept;
            }
            self.pieces.insert(
                start,
                Piece {
                    size: end - start,
                    used: false,
                    kept: if parts == 1 { kept } else { None },
                },
            );
            self.free.insert((end - start, start));
        }
    }

    /// Unmaps the chunks lying wholly in free pieces (but those meeting `keep`), largest
    /// piece first, until `need` more bytes keep the mapped bytes within `budget`; returns
    /// them (the caller drops them).
    pub(crate) fn unmap_free(
        &mut self,
        need: usize,
        budget: usize,
        keep: std::ops::Range<usize>,
    ) -> Vec<(usize, C)> {
        self.merge();
        let mut gone = Vec::new();
        let free: Vec<(usize, usize)> = self.free.iter().rev().copied().collect();
        for (size, offset) in free {
            if self.mapped + need <= budget {
                break;
            }
            let end = offset + size;
            let inside: Vec<usize> = self
                .chunks
                .range(offset..end)
                .filter(|(&c, &(l, _))| c + l <= end && (c + l <= keep.start || c >= keep.end))
                .map(|(&c, _)| c)
                .collect();
            if inside.is_empty() {
                continue;
            }
            self.free.remove(&(size, offset));
            self.pieces.remove(&offset);
            let mut at = offset;
            for c in inside {
                let Some((l, chunk)) = self.chunks.remove(&c) else {
                    continue;
                };
                self.mapped -= l;
                if c > at {
                    self.insert_free(at, c - at);
                }
                at = c + l;
                gone.push((l, chunk));
            }
            if end > at {
                self.insert_free(at, end - at);
            }
        }
        gone
    }

    /// Bytes of `[start, end)` on mapped chunks.
    fn mapped_in(&self, start: usize, end: usize) -> usize {
        let first = self
            .chunks
            .range(..=start)
            .next_back()
            .map_or(start, |(&c, _)| c);
        self.chunks
            .range(first..end)
            .map(|(&c, &(l, _))| (c + l).min(end).saturating_sub(c.max(start)))
            .sum()
    }

    /// Where a request of `size` goes when no free piece fits: in a run of free or unmapped
    /// bytes that holds it (between pieces out, or after the last), at the run's start or
    /// end, where the fewest bytes are unmapped (fewest to map, and so to unmap elsewhere
    /// under the budget), in the smallest such run; and the chunks (offset, length) to map
    /// there. `None` if the range has no room.
    pub(crate) fn plan(&self, size: usize) -> Option<(usize, Vec<(usize, usize)>)> {
        // (unmapped bytes, run length, start)
        let mut best: Option<(usize, usize, usize)> = None;
        let mut consider = |at: usize, run_len: usize| {
            let key = (size - self.mapped_in(at, at + size), run_len, at);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        };
        let mut run = 0;
        for (&o, p) in &self.pieces {
            if p.used {
                if o - run >= size {
                    consider(run, o - run);
                    consider(o - size, o - run);
                }
                run = o + p.size;
            }
        }
        if self.size.saturating_sub(run) >= size.next_multiple_of(self.page) {
            consider(run, usize::MAX);
        }
        let start = best?.2;
        let end = start + size;
        let mut new = Vec::new();
        let mut at = start;
        while at < end {
            if let Some((&c, &(l, _))) = self.chunks.range(..=at).next_back() {
                if c + l > at {
                    at = c + l;
                    continue;
                }
            }
            let next = self
                .chunks
                .range(at..)
                .next()
                .map_or(self.size, |(&c, _)| c);
            let lo = at / self.page * self.page;
            let hi = end
                .next_multiple_of(self.page)
                .min((lo / CHUNK + 1) * CHUNK)
                .min(next);
            new.push((lo, hi - lo));
            at = hi;
        }
        Some((start, new))
    }

    /// Adds mapped chunks as free space (merged with free pieces around).
    pub(crate) fn add_chunks(&mut self, chunks: Vec<(usize, usize, C)>) {
        for (offset, len, chunk) in chunks {
            self.chunks.insert(offset, (len, chunk));
            self.mapped += len;
            // Bytes of the chunk no piece covers yet become free.
            self.add_free(offset, len, None);
        }
    }

    /// Hands out `size` bytes at `start` (a run [`plan`](Self::plan) gave, its chunks
    /// added): the free pieces there are taken; what is left of the last one stays free.
    pub(crate) fn carve(&mut self, start: usize, size: usize) -> usize {
        let inside: Vec<(usize, usize)> = self
            .pieces
            .range(start..start + size)
            .filter(|(_, p)| !p.used)
            .map(|(&o, p)| (o, p.size))
            .collect();
        let mut tail = start + size;
        for (o, s) in inside {
            self.pieces.remove(&o);
            self.free.remove(&(s, o));
            tail = tail.max(o + s);
        }
        // A free piece that starts before `start` and reaches into it (a chunk's start).
        if let Some((&o, p)) = self.pieces.range(..start).next_back() {
            if !p.used && o + p.size > start {
                let (s, end) = (p.size, o + p.size);
                self.free.remove(&(s, o));
                self.pieces.remove(&o);
                self.insert_free(o, start - o);
                tail = tail.max(end);
            }
        }
        let given = if tail - (start + size) >= self.split_min {
            size
        } else {
            tail - start
        };
        self.pieces.insert(
            start,
            Piece {
                size: given,
                used: true,
                kept: None,
            },
        );
        if tail > start + given {
            self.insert_free(start + given, tail - start - given);
        }
        self.count_in(given);
        given
    }

    /// The chunks under `[offset, offset + size)` and the offset of the first.
    pub(crate) fn chunks_under(&self, offset: usize, size: usize) -> (usize, Vec<&C>) {
        let first = self
            .chunks
            .range(..=offset)
            .next_back()
            .map_or(offset, |(&c, _)| c);
        let under = self
            .chunks
            .range(first..offset + size)
            .map(|(_, (_, c))| c)
            .collect();
        (first, under)
    }

    /// The most bytes ever in use.
    pub(crate) fn peak_in_use(&self) -> usize {
        self.peak_in_use
    }

    /// Keeps the piece at `offset` out for good: its pages are never handed out again (they
    /// go when the whole range does).
    pub(crate) fn retire(&mut self, offset: usize) {
        if let Some(p) = self.pieces.get(&offset).filter(|p| p.used) {
            self.retired += p.size;
        }
    }

    /// Whether no piece is handed out (but retired ones).
    pub(crate) fn idle(&self) -> bool {
        self.in_use == self.retired
    }
}

/// An expandable range of a device pool: the reservation and its books.
pub(crate) struct Expandable {
    pub(crate) range: VirtualRange,
    pub(crate) books: Books<Mapping, super::block::BlockBox>,
}

impl Expandable {
    /// A range of twice the device's memory (at least 64 GiB of addresses), or `None` if
    /// the driver has no virtual memory; a free piece is split when at least `split_min`
    /// bytes would be left.
    pub(crate) fn new(ctx: &Context, dev: &Device, split_min: usize) -> Option<Expandable> {
        let page = virtual_page_size(ctx, dev, CHUNK).ok()?;
        if page == 0 || CHUNK % page != 0 {
            return None;
        }
        let total: u64 = dev
            .memory_properties()
            .ok()?
            .iter()
            .map(|m| m.total_size)
            .sum();
        let size = (total as usize)
            .saturating_mul(2)
            .max(64 << 30)
            .next_multiple_of(CHUNK);
        let range = VirtualRange::reserve(ctx, dev, size).ok()?;
        Some(Expandable {
            books: Books::new(size, page, split_min),
            range,
        })
    }

    /// Maps `len` bytes at `offset` to `physical` memory (of `len` bytes), or new physical
    /// memory.
    pub(crate) fn map(
        &self,
        offset: usize,
        len: usize,
        physical: Option<PhysicalMemory>,
    ) -> level_zero::Result<Mapping> {
        let phys = match physical {
            Some(p) => p,
            None => PhysicalMemory::new(self.range.context(), self.range.device(), len)?,
        };
        self.range
            .map(offset, len, &phys, 0, MemoryAccess::READ_WRITE)
    }

    /// The allocation of the piece at `offset` of `size` bytes.
    pub(crate) fn piece(&self, offset: usize, size: usize) -> level_zero::Result<Allocation> {
        let (first, chunks) = self.books.chunks_under(offset, size);
        Mapping::join(&chunks, offset - first, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PAGE: usize = 64 << 10;

    /// Every invariant of the books: pieces never overlap and lie on consecutive mapped
    /// chunks (so a live piece is never on unmapped pages), every chunk has a piece on it
    /// and chunks never overlap, of two free pieces that touch one waits to be merged, the
    /// free index holds exactly the free pieces, in use + free == mapped.
    fn check<W>(b: &Books<u32, W>) -> Result<(), String> {
        let (mut end, mut last_free, mut last) = (0, false, 0);
        let mut free = BTreeSet::new();
        let mut on = BTreeSet::new();
        let (mut used, mut covered) = (0, 0);
        for (&o, p) in &b.pieces {
            if o < end {
                return Err(format!(
                    "piece at {o} overlaps the one before (ending at {end})"
                ));
            }
            let listed = b.unmerged.contains(&o) || b.unmerged.contains(&last);
            if !p.used && last_free && o == end && !listed {
                return Err(format!("adjacent free pieces at {o}, not to be merged"));
            }
            let (first, under) = b.chunks_under(o, p.size);
            let mut at = first;
            for (&c, &(l, _)) in b.chunks.range(first..o + p.size) {
                if c != at {
                    return Err(format!("piece at {o}: unmapped bytes at {at}"));
                }
                on.insert(c);
                at = c + l;
            }
            if at < o + p.size || first > o || under.is_empty() {
                return Err(format!("piece at {o} of {} leaves its chunks", p.size));
            }
            if p.used {
                used += p.size;
            } else {
                free.insert((p.size, o));
            }
            covered += p.size;
            (end, last_free, last) = (o + p.size, !p.used, o);
        }
        if free != b.free {
            return Err("the free index differs from the free pieces".into());
        }
        let mut chunk_end = 0;
        for (&c, &(l, _)) in &b.chunks {
            if c < chunk_end || !on.contains(&c) || l == 0 || c % PAGE != 0 || l % PAGE != 0 {
                return Err(format!(
                    "chunk at {c} of {l}: overlapping, empty or unaligned"
                ));
            }
            if c / CHUNK != (c + l - 1) / CHUNK {
                return Err(format!("chunk at {c} of {l} crosses a multiple of CHUNK"));
            }
            chunk_end = c + l;
        }
        let mapped: usize = b.chunks.values().map(|c| c.0).sum();
        if used != b.in_use || covered != mapped || mapped != b.mapped {
            return Err(format!(
                "{used} in use ({} counted), {covered} in pieces, {mapped} mapped ({} counted)",
                b.in_use, b.mapped
            ));
        }
        Ok(())
    }

    /// A request as the pool makes it: a free piece, or unmap over the budget, plan, map,
    /// carve. Returns (offset, size, what the piece kept).
    fn request_kept(b: &mut Books<u32, u32>, size: usize) -> Option<(usize, usize, Option<u32>)> {
        if let Some(t) = b.take(size) {
            return Some(t);
        }
        let (start, new) = b.plan(size)?;
        let need = new.iter().map(|c| c.1).sum();
        let budget = b.peak_in_use().max(b.in_use + size);
        b.unmap_free(need, budget, start..start + size);
        b.add_chunks(new.into_iter().map(|(o, l)| (o, l, 0)).collect());
        let given = b.carve(start, size);
        Some((start, given, None))
    }

    fn request(b: &mut Books<u32, u32>, size: usize) -> Option<(usize, usize)> {
        request_kept(b, size).map(|(o, s, _)| (o, s))
    }

    #[test]
    fn grows_reuses_and_gives_back_chunks() {
        let mut b: Books<u32, u32> = Books::new(64 * CHUNK, PAGE, 64 << 10);
        let (a, sa) = request(&mut b, 3 * CHUNK).unwrap();
        let (c, _) = request(&mut b, CHUNK).unwrap();
        assert_eq!((a, sa, c, b.mapped), (0, 3 * CHUNK, 3 * CHUNK, 4 * CHUNK));
        b.give_back(a, None);
        check(&b).unwrap();
        // A smaller request is a piece of the free space; nothing more is mapped.
        assert_eq!(request(&mut b, CHUNK).map(|r| r.0), Some(0));
        assert_eq!(b.mapped, 4 * CHUNK);
        // Three chunks fit no free piece (two are free, between pieces): over the peak in
        // use, the two free chunks are unmapped, three mapped at the end.
        let (d, _) = request(&mut b, 3 * CHUNK).unwrap();
        check(&b).unwrap();
        assert_eq!((d, b.mapped, b.in_use), (4 * CHUNK, 5 * CHUNK, 5 * CHUNK));
        // Given back, its chunks are the start of a larger request: two more are mapped
        // after them, none unmapped.
        b.give_back(d, None);
        let (e, _) = request(&mut b, 5 * CHUNK).unwrap();
        check(&b).unwrap();
        assert_eq!((e, b.mapped), (4 * CHUNK, 7 * CHUNK));
        assert!(b.unmap_free(0, 0, 0..0).is_empty()); // nothing free lies on a whole chunk
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        /// Random requests (64 KiB to 12 MiB), gives back in any order and trims: the books
        /// hold after every step, pieces never overlap, a kept block comes back only with
        /// the very piece it was given back with, and at the end everything unmaps.
        #[test]
        fn books_hold_under_random_use(
            ops in proptest::collection::vec((0u8..8, 1usize..200, any::<prop::sample::Index>()), 1..120)
        ) {
            let mut b: Books<u32, u32> = Books::new(256 * CHUNK, PAGE, 64 << 10);
            let mut live: Vec<(usize, usize)> = Vec::new();
            // Given back with a kept block: offset -> size.
            let mut kept_at = std::collections::HashMap::new();
            for (op, n, pick) in ops {
                match op {
                    0..=4 => {
                        let size = ((n * 63) << 10) + 512;
                        if let Some((o, s, kept)) = request_kept(&mut b, size) {
                            prop_assert!(s >= size);
                            if let Some(k) = kept {
                                prop_assert_eq!((k as usize, kept_at.get(&o)), (o, Some(&s)));
                            }
                            for &(lo, ls) in &live {
                                prop_assert!(o + s <= lo || lo + ls <= o, "{o}+{s} overlaps {lo}+{ls}");
                            }
                            live.push((o, s));
                        }
                    }
                    5 | 6 if !live.is_empty() => {
                        let (o, s) = live.swap_remove(pick.index(live.len()));
                        b.give_back(o, Some(o as u32));
                        kept_at.insert(o, s);
                    }
                    _ => {
                        let before = b.in_use;
                        b.unmap_free(0, 0, 0..0);
                        prop_assert_eq!(b.in_use, before);
                    }
                }
                if let Err(e) = check(&b) {
                    return Err(TestCaseError::fail(e));
                }
            }
            for (o, _) in live {
                b.give_back(o, None);
            }
            b.unmap_free(0, 0, 0..0);
            check(&b).map_err(TestCaseError::fail)?;
            prop_assert!(b.mapped == 0 && b.pieces.is_empty() && b.idle());
        }
    }
}
