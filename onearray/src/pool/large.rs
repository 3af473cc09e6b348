//! Large blocks: requests above [`LARGE`] bytes are pieces of segments (driver allocations
//! of the request rounded up to [`SEGMENT_ROUND`]), best fit among the free pieces, split
//! when at least [`LARGE`] bytes would be left, merged with free neighbours when given back
//! (`segments.rs` keeps the books).
//!
//! * A piece handed out has an `Allocation` of its own over its bytes
//!   ([`Allocation::sub_range`]: it keeps the segment alive, frees nothing), so commands
//!   hold the piece, and the piece is idle when no command holds its allocation. A free
//!   piece keeps its block until a split or merge.
//! * Stream-ordered reuse as for small blocks: a piece given back while commands of an
//!   in-order stream still use it waits on the pending list, from which an allocation on
//!   that stream may take it whole at once (if it is at most twice the size asked); anyone
//!   else gets it once it is idle and merged back. A segment is only freed when none of its
//!   pieces is out or pending, so no command ever uses freed memory.
//! * A request no free piece fits first releases the segments with no piece out (none of
//!   them fits either), then allocates a segment: memory that cannot serve the request
//!   goes back to the driver instead of piling up (replaying random sizes,
//!   `benches/pool_replay.rs`, peak reserved / peak requested went from 1.94 to ~1.3).
//! * An idle piece freed waits in its thread's magazine (`magazine.rs`) for that thread's
//!   next request of the same size, unmerged; the pool takes such pieces back before it
//!   grows.
//! * A piece exported to another process is never handed out again; its segment serves no
//!   more pieces and is freed when its other pieces are back.

use super::block::{Block, BlockBox, BlockRef};
use super::expandable::{self, Expandable, VM_SEGMENT};
use super::segments::{Segments, Taken};
use super::{limit, size_class, stream_id, Inner, Pool, BLOCK_ALIGN, LARGE};
use crate::error::{Error, Result};
use level_zero::{Allocation, MemoryKind};
use std::sync::atomic::Ordering;

/// Segments are the request rounded up to this.
pub const SEGMENT_ROUND: usize = 64 << 10;
/// Pieces are the request rounded up to this (a multiple of the blocks' alignment).
pub const PIECE_ROUND: usize = 512;

/// The segments of a pool: their allocations, and the blocks free pieces keep.
pub(crate) type Large = Segments<Allocation, BlockBox>;

pub(crate) fn new_large() -> Large {
    Segments::new(LARGE)
}

/// Bytes a request of `bytes` counts in use when the pool allocates it fresh from the
/// driver: its size class up to [`LARGE`], above it the request rounded up to
/// [`PIECE_ROUND`], or the whole segment when less than [`LARGE`] would be left of it.
/// (A cached block may be larger: see [`REACH`](crate::pool::REACH) and `LARGE`.)
///
/// ```
/// use onearray::pool::fresh_block_size;
/// assert_eq!(fresh_block_size(1000), 1024);
/// assert_eq!(fresh_block_size(100_000), 128 << 10); // 100,352 of a 128 KiB segment
/// assert_eq!(fresh_block_size(3 << 20), 3 << 20);
/// ```
pub const fn fresh_block_size(bytes: usize) -> usize {
    if bytes <= LARGE {
        return size_class(bytes).1;
    }
    let piece = piece_size(bytes);
    let segment = piece.div_ceil(SEGMENT_ROUND) * SEGMENT_ROUND;
    if segment - piece >= LARGE {
        piece
    } else {
        segment
    }
}

/// The bytes the books are asked for to serve a request of `bytes` (more than [`LARGE`]).
pub(crate) const fn piece_size(bytes: usize) -> usize {
    bytes.div_ceil(PIECE_ROUND) * PIECE_ROUND
}

impl Pool {
    /// Whether this pool's large pieces come from the expandable range now (device memory,
    /// the range switched on), else from segments.
    pub(crate) fn on_range(&self) -> bool {
        self.kind == MemoryKind::Device && expandable::expandable()
    }

    /// A piece of at least `bytes` (more than [`LARGE`]).
    pub(crate) fn allocate_large(&'static self, bytes: usize) -> Result<BlockRef> {
        let size = piece_size(bytes);
        let mut inner = self.lock();
        inner.stats.allocations += 1;
        // This thread's cached pieces go back first: the books then count in use only what
        // arrays hold (the expandable range's budget is its peak in use).
        let own = super::magazine::take_own_pieces(self);
        let mut freed = Self::take_back_pieces(&mut inner, own);
        freed.extend(Self::reclaim_pieces(&mut inner));
        if let Some((node, stream)) = self.pop_pending(&mut inner, size) {
            inner.stats.hits += 1;
            inner.stats.bytes_pooled -= node.size;
            inner.handed_out += 1;
            drop(inner);
            drop(freed);
            self.account_in(node.size);
            return Ok(self.hand_out(node, stream, Some(bytes)));
        }
        // Pieces cached in threads' magazines go back to the books before the pool grows.
        let mut flushed = !Self::pieces_cached(&inner);
        let vm = self.on_range();
        loop {
            if vm {
                let mut unmapped = Vec::new();
                let node = self.take_expandable(&mut inner, size, flushed, &mut unmapped);
                if let Some(node) = node {
                    drop(inner);
                    // Unmapped after the lock (the driver may wait for the device).
                    drop(unmapped);
                    drop(freed);
                    self.account_in(node.size);
                    return Ok(self.hand_out(node, 0, Some(bytes)));
                }
                freed.extend(unmapped);
            }
            if let Some((taken, kept)) = inner.segments.take(size) {
                inner.stats.hits += 1;
                inner.stats.bytes_pooled -= taken.size;
                inner.handed_out += 1;
                let segment = inner.segments.memory(taken.segment).cloned();
                drop(inner);
                drop(freed);
                let node = match (kept, segment) {
                    (Some(node), _) => node,
                    (None, Some(segment)) => self.piece(&segment, taken)?,
                    (None, None) => return Err(self.lost(taken)),
                };
                self.account_in(node.size);
                return Ok(self.hand_out(node, 0, Some(bytes)));
            }
            if flushed {
                break;
            }
            // Another thread's piece for the same request, as it is (no merge), else all of
            // them back to the books.
            let other = inner
                .magazines
                .iter()
                .find_map(|m| m.take_matching(size, vm));
            if let Some(node) = other {
                inner.stats.hits += 1;
                inner.handed_out += 1;
                drop(inner);
                drop(freed);
                self.account_in(node.size);
                return Ok(self.hand_out(node, 0, Some(bytes)));
            }
            freed.extend(Self::flush_pieces(&mut inner));
            flushed = true;
        }
        inner.stats.misses += 1;
        // Nothing fits: segments with no piece out are too small, give them back first.
        freed.extend(Self::drain_segments(&mut inner));
        drop(inner);
        drop(freed);
        let segment = size.div_ceil(SEGMENT_ROUND) * SEGMENT_ROUND;
        let alloc = self.allocate_with_ladder(segment, BLOCK_ALIGN)?;
        let mut inner = self.lock();
        let taken = inner.segments.grow(alloc.clone(), segment, size);
        inner.stats.bytes_pooled += segment - taken.size;
        inner.handed_out += 1;
        drop(inner);
        let node = self.piece(&alloc, taken)?;
        self.account_in(node.size);
        Ok(self.hand_out(node, 0, Some(bytes)))
    }

    /// A piece of at least `size` bytes of the expandable range (created on first use),
    /// or `None` if there is none (no virtual memory, no room, mapping failed, or no free
    /// piece fits and the range may not `grow`): segments then. Chunks unmapped on the way go
    /// to `unmapped`, for the caller to drop after the lock.
    fn take_expandable(
        &'static self,
        inner: &mut Inner,
        size: usize,
        grow: bool,
        unmapped: &mut Vec<Allocation>,
    ) -> Option<BlockBox> {
        if inner.expandable.is_none() && !inner.expandable_failed {
            match Expandable::new(&self.ctx, &self.dev, LARGE) {
                Some(e) => inner.expandable = Some(Box::new(e)),
                None => inner.expandable_failed = true,
            }
        }
        let Inner {
            expandable,
            stats,
            handed_out,
            ..
        } = inner;
        let e = expandable.as_mut()?;
        if let Some((offset, given, kept)) = e.books.take(size) {
            let node = match kept {
                Some(node) => node,
                None => self.vm_piece(e, offset, given)?,
            };
            stats.hits += 1;
            stats.bytes_pooled -= given;
            *handed_out += 1;
            return Some(node);
        }
        if !grow {
            return None;
        }
        let (start, new) = e.books.plan(size)?;
        // Over the most ever in use: give back chunks of free pieces first.
        let need = new.iter().map(|c| c.1).sum();
        let budget = e.books.peak_in_use().max(e.books.in_use + size);
        // The physical memory of the chunks unmapped backs the new chunks of its size: no
        // command uses it (the chunks lay in free pieces), and the old pages are unmapped
        // after the lock.
        let mut spare = Vec::new();
        for (len, chunk) in e.books.unmap_free(need, budget, start..start + size) {
            stats.bytes_pooled -= len;
            stats.released += 1;
            stats.bytes_released += len as u64;
            spare.push(chunk.physical().clone());
            unmapped.push(chunk.allocation().clone());
        }
        let want = new.len();
        let mut mapped = Vec::new();
        for (offset, len) in new {
            let reuse = spare.iter().position(|p| p.size() == len);
            match e.map(offset, len, reuse.map(|i| spare.swap_remove(i))) {
                Ok(m) => mapped.push((offset, len, m)),
                Err(_) => break,
            }
        }
        let fresh: usize = mapped.iter().map(|m| m.1).sum();
        let complete = mapped.len() == want;
        stats.bytes_pooled += fresh;
        e.books.add_chunks(mapped);
        if !complete {
            return None;
        }
        let given = e.books.carve(start, size);
        let node = self.vm_piece(e, start, given)?;
        stats.misses += 1;
        stats.bytes_pooled -= given;
        *handed_out += 1;
        Some(node)
    }

    /// The piece `[offset, offset + size)` of the expandable range as a block; if its chunks
    /// cannot be joined, the piece goes back to the books and there is none.
    fn vm_piece(&'static self, e: &mut Expandable, offset: usize, size: usize) -> Option<BlockBox> {
        let Ok(alloc) = e.piece(offset, size) else {
            e.books.give_back(offset, None);
            return None;
        };
        let mut node = Block::new(alloc, self, size, usize::MAX, true);
        node.piece = Some((VM_SEGMENT, offset));
        Some(node)
    }

    /// A block over the piece `taken` of `segment`; on failure the piece goes back.
    fn piece(&'static self, segment: &Allocation, taken: Taken) -> Result<BlockBox> {
        // The books never hand out two overlapping pieces; the piece's allocation keeps the
        // segment's memory alive whatever happens to the books.
        match segment.sub_range(taken.offset, taken.size) {
            Ok(alloc) => {
                let mut node = Block::new(alloc, self, taken.size, usize::MAX, true);
                node.piece = Some((taken.segment, taken.offset));
                Ok(node)
            }
            Err(e) => {
                let mut inner = self.lock();
                let (_, gone) = inner.segments.give_back(taken.segment, taken.offset, None);
                inner.stats.bytes_pooled += taken.size;
                inner.returned += 1;
                drop(inner);
                drop(gone);
                Err(e.into())
            }
        }
    }

    /// The error for a piece whose segment the books do not know (cannot happen).
    fn lost(&self, taken: Taken) -> Error {
        level_zero::Error::InvalidArgument(format!(
            "pool: segment {} of a {}-byte piece is unknown",
            taken.segment, taken.size
        ))
        .into()
    }

    /// A pending piece this thread's stream may take at once: at least `size` bytes, at
    /// most twice, used only by that stream's commands (device memory).
    fn pop_pending(&self, inner: &mut Inner, size: usize) -> Option<(BlockBox, u64)> {
        if inner.pending.is_empty() || self.kind != MemoryKind::Device {
            return None;
        }
        let mine = stream_id(&self.ctx, &self.dev);
        let i = inner.pending.iter().position(|b| {
            let s = b.last_list.load(Ordering::Relaxed);
            !b.exported.load(Ordering::Relaxed)
                && s != 0
                && s == mine
                && b.size >= size
                && b.size / 2 <= size
        })?;
        let b = inner.pending.swap_remove(i);
        inner.stats.stream_reuses += 1;
        Some((b, mine))
    }

    /// Takes back a piece whose last handle was dropped (its in-use counts already are).
    pub(crate) fn release_piece(&self, block: BlockBox) {
        let mut inner = self.lock();
        inner.returned += 1;
        inner.stats.bytes_pooled += block.size;
        if !block.idle() {
            inner.stats.deferred_frees += 1;
        }
        inner.pending.push(block);
        let mut freed = Self::reclaim_pieces(&mut inner);
        let lim = limit();
        if lim != usize::MAX && Self::cached(&inner) > lim {
            freed.extend(Self::drain_segments(&mut inner));
        }
        drop(inner);
        // Freed after the lock: the driver frees the memory.
        drop(freed);
    }

    /// Gives pending pieces no command uses back to their segments (merged); returns the
    /// segments that went with it (a retired piece's, once its others are back).
    pub(crate) fn reclaim_pieces(inner: &mut Inner) -> Vec<Allocation> {
        let mut freed = Vec::new();
        let mut i = 0;
        while i < inner.pending.len() {
            if !inner.pending[i].idle() {
                i += 1;
                continue;
            }
            let mut b = inner.pending.swap_remove(i);
            let Some((segment, offset)) = b.piece else {
                continue; // only pieces are pending
            };
            *b.last_list.get_mut() = 0;
            *b.last_seq.get_mut() = 0;
            if segment == VM_SEGMENT {
                if let Some(e) = inner.expandable.as_mut() {
                    if *b.exported.get_mut() {
                        // Another process may map its pages: never handed out again.
                        e.books.retire(offset);
                    } else {
                        e.books.give_back(offset, Some(b));
                    }
                }
                continue;
            }
            let gone = if *b.exported.get_mut() {
                drop(b);
                inner.segments.retire(segment, offset)
            } else {
                inner.segments.give_back(segment, offset, Some(b)).1
            };
            if let Some(alloc) = gone {
                inner.stats.bytes_pooled -= alloc.size();
                inner.stats.released += 1;
                inner.stats.bytes_released += alloc.size() as u64;
                freed.push(alloc);
            }
        }
        freed
    }

    /// Whether a thread's magazine caches a piece of this pool.
    fn pieces_cached(inner: &Inner) -> bool {
        inner.magazines.iter().any(|m| m.piece_bytes() > 0)
    }

    /// Gives the pieces every thread's magazine caches back to their books (merged with
    /// their free neighbours); returns the segments that went with them.
    pub(crate) fn flush_pieces(inner: &mut Inner) -> Vec<Allocation> {
        let mut pieces = Vec::new();
        for m in &inner.magazines {
            if m.piece_bytes() > 0 {
                pieces.append(&mut m.drain_pieces());
            }
        }
        Self::take_back_pieces(inner, pieces)
    }

    /// Takes back idle `pieces` a magazine cached (their bytes left its count): to their
    /// books, merged; returns the segments that went with them.
    pub(crate) fn take_back_pieces(inner: &mut Inner, pieces: Vec<BlockBox>) -> Vec<Allocation> {
        if pieces.is_empty() {
            return Vec::new();
        }
        for b in pieces {
            inner.stats.bytes_pooled += b.size;
            inner.pending.push(b);
        }
        Self::reclaim_pieces(inner)
    }

    /// Removes the segments with no piece out or pending (their bytes leave the pooled
    /// count), once the pieces magazines cache are back; the caller frees them after the
    /// lock.
    pub(crate) fn drain_segments(inner: &mut Inner) -> Vec<Allocation> {
        let mut out = Self::flush_pieces(inner);
        if let Some(e) = inner.expandable.as_mut() {
            // Every chunk under free pieces; the range itself once nothing is mapped.
            for (len, chunk) in e.books.unmap_free(0, 0, 0..0) {
                inner.stats.bytes_pooled -= len;
                inner.stats.released += 1;
                inner.stats.bytes_released += len as u64;
                out.push(chunk.allocation().clone());
            }
            if e.books.idle() {
                // What is left lies under retired (exported) pieces only: it goes with the
                // range (other processes keep the pages they opened).
                let left = e.books.mapped;
                if left > 0 {
                    inner.stats.bytes_pooled -= left;
                    inner.stats.released += 1;
                    inner.stats.bytes_released += left as u64;
                }
                inner.expandable = None;
            }
        }
        let empty = inner.segments.drain_empty();
        inner.stats.released += empty.len() as u64;
        out.extend(empty.into_iter().map(|(alloc, size)| {
            inner.stats.bytes_pooled -= size;
            inner.stats.bytes_released += size as u64;
            alloc
        }));
        out
    }
}
