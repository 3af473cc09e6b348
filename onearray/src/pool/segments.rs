//! Segments for large blocks: driver allocations split into pieces, best fit among the free
//! pieces, a piece split when what is left is worth keeping, free neighbours merged (as in
//! PyTorch's and CuPy's caching allocators).
//!
//! This is the bookkeeping only (offsets and sizes); the pool (`large.rs`) owns the
//! memory and decides when a piece is idle. `S` is a segment's memory, `W` what a free piece
//! keeps for its next user (the pool keeps the piece's block with its wrapper allocation, so
//! a piece reused whole costs no driver call); a merge or a split drops it.
//!
//! Invariants (checked by the tests below): pieces of a segment tile it exactly; no two
//! pieces handed out overlap; no two free pieces are adjacent; every free piece of a segment
//! that is not [retired](Segments::retire) is in the best-fit index and nothing else is;
//! `in_use + free == reserved`.

use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};

/// A piece handed out: where it is and how large (at least what was asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Taken {
    pub(crate) segment: u64,
    pub(crate) offset: usize,
    pub(crate) size: usize,
}

enum Piece<W> {
    /// Handed out (or retired: never handed out again).
    Used(usize),
    /// Free, with what its last user left (dropped on a split or merge).
    Free(usize, Option<W>),
}

impl<W> Piece<W> {
    #[cfg(test)]
    fn size(&self) -> usize {
        match self {
            Piece::Used(s) | Piece::Free(s, _) => *s,
        }
    }
}

struct Segment<S, W> {
    memory: S,
    size: usize,
    pieces: BTreeMap<usize, Piece<W>>,
    /// Pieces handed out and not given back (retired ones are not counted).
    live: usize,
    /// A piece was retired: nothing more is handed out of this segment, which is released
    /// when its other pieces are back.
    retired: bool,
}

/// The segments of one pool.
pub(crate) struct Segments<S, W> {
    segments: FxHashMap<u64, Segment<S, W>>,
    /// Free pieces by (size, segment, offset): the first at or above a size is the best fit.
    index: BTreeSet<(usize, u64, usize)>,
    next_id: u64,
    reserved: usize,
    in_use: usize,
    /// A free piece is split when at least this much is left over.
    split_min: usize,
}

impl<S, W> Segments<S, W> {
    pub(crate) fn new(split_min: usize) -> Self {
        Segments {
            segments: FxHashMap::default(),
            index: BTreeSet::new(),
            next_id: 1,
            reserved: 0,
            in_use: 0,
            split_min: split_min.max(1),
        }
    }

    /// Bytes of every segment.
    #[cfg(test)]
    pub(crate) fn reserved(&self) -> usize {
        self.reserved
    }

    /// Bytes of the pieces handed out (retired ones included).
    #[cfg(test)]
    pub(crate) fn in_use(&self) -> usize {
        self.in_use
    }

    /// The memory of a segment.
    pub(crate) fn memory(&self, segment: u64) -> Option<&S> {
        self.segments.get(&segment).map(|s| &s.memory)
    }

    /// The best-fitting free piece of at least `size` bytes, split if `split_min` or more
    /// would be left; with what its last user left if it is handed out whole.
    pub(crate) fn take(&mut self, size: usize) -> Option<(Taken, Option<W>)> {
        let &(have, segment, offset) = self.index.range((size, 0, 0)..).next()?;
        self.index.remove(&(have, segment, offset));
        let seg = self.segments.get_mut(&segment)?;
        let split = have - size >= self.split_min;
        let given = if split { size } else { have };
        let kept = match seg.pieces.insert(offset, Piece::Used(given)) {
            Some(Piece::Free(_, kept)) if !split => kept,
            _ => None,
        };
        if split {
            seg.pieces
                .insert(offset + size, Piece::Free(have - size, None));
            self.index.insert((have - size, segment, offset + size));
        }
        seg.live += 1;
        self.in_use += given;
        Some((
            Taken {
                segment,
                offset,
                size: given,
            },
            kept,
        ))
    }

    /// Adds `memory`, a segment of `segment_size` bytes, and hands out its first `size`
    /// (all of it when less than `split_min` would be left).
    pub(crate) fn grow(&mut self, memory: S, segment_size: usize, size: usize) -> Taken {
        let id = self.next_id;
        self.next_id += 1;
        let split = segment_size > size && segment_size - size >= self.split_min;
        let given = if split { size } else { segment_size };
        let mut pieces = BTreeMap::new();
        pieces.insert(0, Piece::Used(given));
        if split {
            pieces.insert(size, Piece::Free(segment_size - size, None));
            self.index.insert((segment_size - size, id, size));
        }
        self.segments.insert(
            id,
            Segment {
                memory,
                size: segment_size,
                pieces,
                live: 1,
                retired: false,
            },
        );
        self.reserved += segment_size;
        self.in_use += given;
        Taken {
            segment: id,
            offset: 0,
            size: given,
        }
    }

    /// Takes back the piece at `offset` of `segment` (idle: no command uses it), merged with
    /// free neighbours; `keep` is kept with it unless it merges. Returns whether the segment
    /// has no piece out any more (for a segment with a retired piece: it was released, its
    /// memory is returned).
    pub(crate) fn give_back(
        &mut self,
        segment: u64,
        offset: usize,
        keep: Option<W>,
    ) -> (bool, Option<S>) {
        let Some(seg) = self.segments.get_mut(&segment) else {
            return (false, None);
        };
        let Some(&Piece::Used(size)) = seg.pieces.get(&offset) else {
            return (false, None);
        };
        seg.live -= 1;
        self.in_use -= size;
        let (mut start, mut len, mut keep) = (offset, size, keep);
        if let Some(Piece::Free(next, _)) = seg.pieces.get(&(offset + size)) {
            let next = *next;
            seg.pieces.remove(&(offset + size));
            self.index.remove(&(next, segment, offset + size));
            len += next;
            keep = None;
        }
        if let Some((&prev_at, Piece::Free(prev, _))) = seg.pieces.range(..offset).next_back() {
            let prev = *prev;
            seg.pieces.remove(&offset);
            self.index.remove(&(prev, segment, prev_at));
            start = prev_at;
            len += prev;
            keep = None;
        }
        seg.pieces.insert(start, Piece::Free(len, keep));
        if seg.retired {
            if seg.live == 0 {
                return (true, self.remove(segment));
            }
        } else {
            self.index.insert((len, segment, start));
        }
        (seg_empty(self.segments.get(&segment)), None)
    }

    /// The piece at `offset` of `segment` will never be handed out again (another process
    /// may map it): no piece of its segment is handed out any more; the segment is released
    /// (its memory returned) when no other piece is out.
    pub(crate) fn retire(&mut self, segment: u64, offset: usize) -> Option<S> {
        let seg = self.segments.get_mut(&segment)?;
        if !matches!(seg.pieces.get(&offset), Some(Piece::Used(_))) {
            return None;
        }
        seg.live -= 1;
        if !seg.retired {
            seg.retired = true;
            for (&at, p) in &seg.pieces {
                if let Piece::Free(size, _) = p {
                    self.index.remove(&(*size, segment, at));
                }
            }
        }
        if seg.live == 0 {
            self.remove(segment)
        } else {
            None
        }
    }

    fn remove(&mut self, segment: u64) -> Option<S> {
        let seg = self.segments.remove(&segment)?;
        for (&at, p) in &seg.pieces {
            match p {
                Piece::Free(size, _) => {
                    self.index.remove(&(*size, segment, at));
                }
                Piece::Used(size) => self.in_use -= size,
            }
        }
        self.reserved -= seg.size;
        Some(seg.memory)
    }

    /// Removes every segment with no piece out; returns their memory and sizes.
    pub(crate) fn drain_empty(&mut self) -> Vec<(S, usize)> {
        let empty: Vec<u64> = self
            .segments
            .iter()
            .filter(|(_, s)| s.live == 0)
            .map(|(&id, _)| id)
            .collect();
        empty
            .into_iter()
            .filter_map(|id| {
                let size = self.segments.get(&id)?.size;
                Some((self.remove(id)?, size))
            })
            .collect()
    }

    /// Segments held.
    #[cfg(test)]
    pub(crate) fn count(&self) -> usize {
        self.segments.len()
    }

    /// Checks the invariants (tests).
    #[cfg(test)]
    pub(crate) fn check(&self) -> Result<(), String> {
        let (mut reserved, mut in_use, mut free) = (0, 0, 0);
        let mut indexed = 0;
        for (&id, seg) in &self.segments {
            reserved += seg.size;
            let mut at = 0;
            let mut prev_free = false;
            let mut live = 0;
            for (&offset, p) in &seg.pieces {
                if offset != at {
                    return Err(format!("segment {id}: piece at {offset}, expected {at}"));
                }
                let size = p.size();
                if size == 0 {
                    return Err(format!("segment {id}: empty piece at {offset}"));
                }
                at += size;
                match p {
                    Piece::Used(_) => {
                        in_use += size;
                        live += 1;
                        prev_free = false;
                    }
                    Piece::Free(..) => {
                        if prev_free {
                            return Err(format!("segment {id}: adjacent free pieces at {offset}"));
                        }
                        prev_free = true;
                        free += size;
                        let listed = self.index.contains(&(size, id, offset));
                        if listed == seg.retired {
                            return Err(format!(
                                "segment {id}: free piece at {offset} listed {listed}"
                            ));
                        }
                        indexed += usize::from(listed);
                    }
                }
            }
            if at != seg.size {
                return Err(format!("segment {id}: pieces cover {at} of {}", seg.size));
            }
            if !seg.retired && live != seg.live {
                return Err(format!(
                    "segment {id}: {live} pieces out, counted {}",
                    seg.live
                ));
            }
        }
        if indexed != self.index.len() {
            return Err(format!(
                "{} indexed, {indexed} free pieces",
                self.index.len()
            ));
        }
        if (reserved, in_use) != (self.reserved, self.in_use) || in_use + free != reserved {
            return Err(format!(
                "reserved {reserved} (counted {}), in use {in_use} (counted {}), free {free}",
                self.reserved, self.in_use
            ));
        }
        Ok(())
    }
}

fn seg_empty<S, W>(seg: Option<&Segment<S, W>>) -> bool {
    seg.is_some_and(|s| s.live == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Op {
        Alloc(usize),
        Free(usize),
        Retire(usize),
        Drain,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => (1usize..64).prop_map(|k| Op::Alloc(k * 512)),
            3 => any::<usize>().prop_map(Op::Free),
            1 => any::<usize>().prop_map(Op::Retire),
            1 => Just(Op::Drain),
        ]
    }

    /// Grows like the pool: best fit, else drop empty segments and add one of the size
    /// rounded up to `round`.
    fn alloc(s: &mut Segments<u64, usize>, size: usize, round: usize, next: &mut u64) -> Taken {
        if let Some((t, _)) = s.take(size) {
            return t;
        }
        let _ = s.drain_empty();
        *next += 1;
        s.grow(*next, size.div_ceil(round) * round, size)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random allocations, frees in any order, retirements and drains: the invariants
        /// hold after every step, live pieces never overlap, and once everything is given
        /// back each segment is one free piece that drains.
        #[test]
        fn invariants_hold(ops in proptest::collection::vec(op(), 1..200), round_k in 1usize..40) {
            let round = round_k * 1024;
            let mut s: Segments<u64, usize> = Segments::new(1024);
            let mut live: Vec<Taken> = Vec::new();
            let mut next = 0;
            for op in ops {
                match op {
                    Op::Alloc(size) => {
                        let t = alloc(&mut s, size, round, &mut next);
                        prop_assert!(t.size >= size && t.size < size + 1024);
                        for o in &live {
                            let apart = o.segment != t.segment
                                || o.offset + o.size <= t.offset
                                || t.offset + t.size <= o.offset;
                            prop_assert!(apart, "{:?} overlaps {:?}", t, o);
                        }
                        live.push(t);
                    }
                    Op::Free(i) if !live.is_empty() => {
                        let t = live.swap_remove(i % live.len());
                        s.give_back(t.segment, t.offset, Some(t.offset));
                    }
                    Op::Retire(i) if !live.is_empty() => {
                        let t = live.swap_remove(i % live.len());
                        s.retire(t.segment, t.offset);
                    }
                    Op::Drain => {
                        let before = s.reserved();
                        let freed: usize = s.drain_empty().iter().map(|d| d.1).sum();
                        prop_assert_eq!(s.reserved(), before - freed);
                    }
                    _ => {}
                }
                if let Err(e) = s.check() {
                    return Err(TestCaseError::fail(e));
                }
            }
            let retired_segments: BTreeSet<u64> = s
                .segments
                .iter()
                .filter(|(_, g)| g.retired)
                .map(|(&id, _)| id)
                .collect();
            while let Some(t) = live.pop() {
                s.give_back(t.segment, t.offset, None);
            }
            // Segments with a retired piece went as their last piece came back.
            for id in retired_segments {
                prop_assert!(!s.segments.contains_key(&id), "retired segment {} kept", id);
            }
            for (id, seg) in &s.segments {
                prop_assert_eq!(seg.pieces.len(), 1, "segment {} not merged back", id);
            }
            prop_assert_eq!(s.in_use(), 0);
            let n = s.count();
            prop_assert_eq!(s.drain_empty().len(), n);
            prop_assert_eq!((s.reserved(), s.count()), (0, 0));
            prop_assert!(s.index.is_empty());
        }
    }

    #[test]
    fn best_fit_split_and_merge() {
        let mut s: Segments<&str, u32> = Segments::new(1024);
        let a = s.grow("seg", 10 * 1024, 2048);
        assert_eq!((a.offset, a.size), (0, 2048));
        // The rest (8 KiB) is split for 4 KiB; 4 KiB left.
        let (b, kept) = s.take(4096).unwrap();
        assert_eq!((b.offset, b.size, kept), (2048, 4096, None));
        // Less than `split_min` left: the whole 4 KiB piece.
        let (c, _) = s.take(3584).unwrap();
        assert_eq!((c.offset, c.size), (6144, 4096));
        assert!(s.take(1).is_none());
        // Give back the middle one: kept, not merged (neighbours out).
        assert_eq!(s.give_back(b.segment, b.offset, Some(7)), (false, None));
        let (b2, kept) = s.take(4096).unwrap();
        assert_eq!((b2.offset, kept), (2048, Some(7)));
        for t in [a, b2, c] {
            s.give_back(t.segment, t.offset, Some(1));
        }
        s.check().unwrap();
        // One free piece of the whole segment (merged: nothing kept).
        assert_eq!(s.take(10 * 1024).unwrap().1, None);
    }

    #[test]
    fn a_retired_piece_retires_its_segment() {
        let mut s: Segments<&str, ()> = Segments::new(512);
        let a = s.grow("seg", 4096, 1024);
        let (b, _) = s.take(1024).unwrap();
        assert_eq!(s.retire(a.segment, a.offset), None);
        // Nothing more from that segment.
        assert!(s.take(512).is_none());
        s.check().unwrap();
        assert_eq!(s.give_back(b.segment, b.offset, None), (true, Some("seg")));
        assert_eq!((s.reserved(), s.in_use(), s.count()), (0, 0, 0));
    }
}
