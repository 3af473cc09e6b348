//! Copies between views of any layout, recorded on the destination's stream with one wait.
//!
//! Both layouts are simplified together (axes merged where both are contiguous across them),
//! then cut into pieces of at most three axes: a contiguous run of bytes (the innermost axis
//! when both sides have it contiguous, else one element), rows and slices. Each piece is one
//! `zeCommandListAppendMemoryCopyRegion` (or a plain copy for a single run); axes beyond three
//! give one piece per outer index. Pitches and origins are `u32` in Level Zero: a piece that
//! does not fit is copied run by run instead. Views of the same allocation are copied through
//! a temporary device block (the driver refuses region copies whose spans overlap, and
//! overlapping owned views need copy-through semantics anyway). There is no gather kernel yet:
//! region copies with one-element runs (transposes) are the slow case.

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::pool;
use crate::pool::block::{Block, BlockRef};
use level_zero::{Commands, CopyRegion, Deps, MemoryKind, Token};
use std::ops::Range;
use std::sync::atomic::Ordering;

/// One side of a copy: a block and where the elements are in it.
#[derive(Clone, Copy)]
pub(crate) struct Side<'a> {
    pub(crate) block: &'a Block,
    pub(crate) layout: Layout,
}

/// A copy of at most three axes: `extent` = (run bytes, rows, slices); pitches in bytes.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) dst: usize,
    pub(crate) src: usize,
    pub(crate) extent: [usize; 3],
    pub(crate) dst_pitch: [usize; 2],
    pub(crate) src_pitch: [usize; 2],
}

/// Cuts a copy between two layouts of the same shape into pieces (byte offsets from the
/// blocks' starts).
pub(crate) fn plan(dst: &Layout, src: &Layout, elem: usize) -> Vec<Piece> {
    // Axes of length > 1 as (length, dst stride, src stride), merged from the inside out.
    let mut axes: Vec<(usize, usize, usize)> = (0..dst.ndim())
        .filter(|&k| dst.shape()[k] != 1)
        .map(|k| (dst.shape()[k], dst.strides()[k], src.strides()[k]))
        .collect();
    let mut k = axes.len();
    while k > 1 {
        k -= 1;
        let (n, ds, ss) = axes[k];
        let (_, ods, oss) = axes[k - 1];
        if ods == n * ds && oss == n * ss {
            axes[k - 1] = (axes[k - 1].0 * n, ds, ss);
            axes.remove(k);
        }
    }
    let (mut width, mut rows) = (elem, axes.as_slice());
    if let Some(&(n, 1, 1)) = axes.last() {
        width = n * elem;
        rows = &axes[..axes.len() - 1];
    }
    let inner = rows.len().saturating_sub(2);
    let (outer, inner) = rows.split_at(inner);
    let get = |i: usize| inner.get(i).copied().unwrap_or((1, 0, 0));
    let (slices, rws) = if inner.len() == 2 {
        (get(0), get(1))
    } else {
        ((1, 0, 0), get(0))
    };
    let count: usize = outer.iter().map(|a| a.0).product();
    let mut pieces = Vec::with_capacity(count);
    let mut index = vec![0usize; outer.len()];
    for _ in 0..count {
        let (mut d, mut s) = (dst.offset(), src.offset());
        for (i, &(_, ds, ss)) in index.iter().zip(outer) {
            d += i * ds;
            s += i * ss;
        }
        pieces.push(Piece {
            dst: d * elem,
            src: s * elem,
            extent: [width, rws.0, slices.0],
            dst_pitch: [rws.1 * elem, slices.1 * elem],
            src_pitch: [rws.2 * elem, slices.2 * elem],
        });
        for k in (0..outer.len()).rev() {
            index[k] += 1;
            if index[k] < outer[k].0 {
                break;
            }
            index[k] = 0;
        }
    }
    pieces
}

/// Records the pieces of a copy from `src` into `dst` on `l` (no wait).
fn record(
    l: &mut impl Commands,
    dst: Side<'_>,
    src: Side<'_>,
    elem: usize,
) -> level_zero::Result<()> {
    let (da, sa) = (dst.block.alloc(), src.block.alloc());
    for p in plan(&dst.layout, &src.layout, elem) {
        let [w, h, d] = p.extent;
        if h == 1 && d == 1 {
            l.copy(da, p.dst, sa, p.src, w, Deps::NONE)?;
            continue;
        }
        let fits = |v: usize| u32::try_from(v).ok();
        let region = |origin: usize, pitch: [usize; 2]| {
            Some(CopyRegion {
                origin: [fits(origin)?, 0, 0],
                extent: [fits(w)?, fits(h)?, fits(d)?],
                pitch: fits(pitch[0])?,
                slice_pitch: fits(pitch[1])?,
            })
        };
        match (region(p.dst, p.dst_pitch), region(p.src, p.src_pitch)) {
            (Some(dr), Some(sr)) => l.copy_region(da, dr, sa, sr, Deps::NONE)?,
            _ => {
                for z in 0..d {
                    for y in 0..h {
                        let dof = p.dst + z * p.dst_pitch[1] + y * p.dst_pitch[0];
                        let sof = p.src + z * p.src_pitch[1] + y * p.src_pitch[0];
                        l.copy(da, dof, sa, sof, w, Deps::NONE)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Waits for `block`'s users on other streams than this thread's (a copy reading it runs on
/// this thread's stream).
pub(crate) fn order_after_other_streams(block: &Block) -> Result<()> {
    let list = block.last_list.load(Ordering::Acquire);
    if list != 0 && list != pool::stream_id(block.context(), block.device()) {
        block.wait_idle()?;
    }
    Ok(())
}

/// A checked copy between two layouts of equal shape, ready to record.
pub(crate) struct CopyJob<'a> {
    dst: Side<'a>,
    src: Side<'a>,
    elem: usize,
    /// A temporary device block the copy goes through (both sides in one allocation).
    staged: Option<BlockRef>,
}

impl<'a> CopyJob<'a> {
    pub(crate) fn new(dst: Side<'a>, src: Side<'a>, elem: usize) -> Result<CopyJob<'a>> {
        if dst.layout.shape() != src.layout.shape() {
            return Err(Error::ShapeMismatch {
                dst: dst.layout.shape().to_vec(),
                src: src.layout.shape().to_vec(),
            });
        }
        let same = dst.block.alloc().as_ptr() == src.block.alloc().as_ptr();
        let both_flat = dst.layout.is_contiguous() && src.layout.is_contiguous();
        if same && both_flat {
            let (d, s, n) = (dst.layout.offset(), src.layout.offset(), dst.layout.len());
            if n > 0 && d < s + n && s < d + n {
                return Err(Error::Overlap);
            }
        }
        let staged = if same && !both_flat && !dst.layout.is_empty() {
            // Through a temporary device block: spans of one allocation may interleave.
            let pool = pool::pool_for(dst.block.context(), dst.block.device(), MemoryKind::Device);
            let bytes = elem
                .checked_mul(src.layout.len())
                .ok_or(Error::SizeOverflow {
                    len: src.layout.len(),
                    elem_size: elem,
                })?;
            Some(pool.allocate(bytes, elem.next_power_of_two().min(4096))?)
        } else {
            None
        };
        Ok(CopyJob {
            dst,
            src,
            elem,
            staged,
        })
    }

    fn record(&self, l: &mut impl Commands) -> level_zero::Result<()> {
        if self.dst.layout.is_empty() {
            return Ok(());
        }
        match &self.staged {
            Some(tmp) => {
                let mid = Side {
                    block: tmp,
                    layout: Layout::contiguous(0, self.src.layout.shape()),
                };
                record(l, mid, self.src, self.elem)?;
                l.barrier(Deps::NONE)?;
                record(l, self.dst, mid, self.elem)
            }
            None => record(l, self.dst, self.src, self.elem),
        }
    }

    pub(crate) fn context(&self) -> &level_zero::Context {
        self.dst.block.context()
    }

    pub(crate) fn device(&self) -> &level_zero::Device {
        self.dst.block.device()
    }

    fn mark(&self, token: Token) {
        self.dst.block.mark(token);
        self.src.block.mark(token);
        if let Some(tmp) = &self.staged {
            tmp.mark(token);
        }
    }

    /// The bytes the copy writes and reads: (allocation address, first byte..one past last).
    fn spans(&self) -> [(usize, Range<usize>); 2] {
        let bytes = |s: &Side<'_>| {
            let r = s.layout.span();
            (
                s.block.alloc().as_ptr() as usize,
                r.start * self.elem..r.end * self.elem,
            )
        };
        [bytes(&self.dst), bytes(&self.src)]
    }
}

/// The furthest end reached so far in one allocation by spans of two different jobs (so that
/// a span's own job never hides another's).
#[derive(Default, Clone, Copy)]
struct Reach {
    best: Option<(usize, usize)>,
    other: Option<(usize, usize)>,
}

impl Reach {
    /// A job other than `job` whose span so far reaches past `start`.
    fn meets(&self, start: usize, job: usize) -> Option<usize> {
        let (end, j) = match self.best {
            Some((_, j)) if j == job => self.other?,
            b => b?,
        };
        (start < end).then_some(j)
    }

    fn add(&mut self, end: usize, job: usize) {
        match self.best {
            Some((e, j)) if j == job => self.best = Some((e.max(end), j)),
            Some((e, j)) if end > e => {
                self.other = Some((e, j));
                self.best = Some((end, job));
            }
            Some(_) => {
                if self.other.is_none_or(|(e, _)| end > e) {
                    self.other = Some((end, job));
                }
            }
            None => self.best = Some((end, job)),
        }
    }
}

/// Refuses a batch where a copy's destination meets another copy's destination or source
/// (batched copies may run concurrently). Spans are compared: strided destinations whose
/// spans interleave are refused too.
fn check_disjoint(jobs: &[CopyJob<'_>]) -> Result<()> {
    check_disjoint_spans(jobs.iter().map(CopyJob::spans))
}

/// [`Error::BatchOverlap`] if a copy's destination meets another copy's source or
/// destination; `spans` gives each copy's destination and source bytes (see
/// [`CopyJob::spans`]).
pub(crate) fn check_disjoint_spans(
    spans: impl Iterator<Item = [(usize, Range<usize>); 2]>,
) -> Result<()> {
    // (allocation and start as one key, end, job, is destination), swept in address order
    // per allocation (a small element and one key: sorting is most of the check's time).
    let mut spans: Vec<(u128, usize, usize, bool)> = spans
        .enumerate()
        .flat_map(|(i, [d, s])| [(d.0, d.1, i, true), (s.0, s.1, i, false)])
        .filter(|s| !s.1.is_empty())
        .map(|(a, r, i, is_dst)| (((a as u128) << 64) | r.start as u128, r.end, i, is_dst))
        .collect();
    spans.sort_unstable_by_key(|s| s.0);
    let (mut alloc, mut any, mut dsts) = (usize::MAX, Reach::default(), Reach::default());
    for (key, end, job, is_dst) in spans {
        let (a, start) = ((key >> 64) as usize, key as usize);
        if a != alloc {
            (alloc, any, dsts) = (a, Reach::default(), Reach::default());
        }
        let hit = if is_dst {
            any.meets(start, job)
        } else {
            dsts.meets(start, job)
        };
        if let Some(other) = hit {
            return Err(Error::BatchOverlap {
                first: other.min(job),
                second: other.max(job),
            });
        }
        any.add(end, job);
        if is_dst {
            dsts.add(end, job);
        }
    }
    Ok(())
}

/// Records `jobs` on this thread's stream as one batch (one completion) and waits for it;
/// with `wait == false`, returns its token and records it as every block's last use.
pub(crate) fn run(jobs: &[CopyJob<'_>], wait: bool) -> Result<Token> {
    check_places(jobs)?;
    if jobs.len() > 1 {
        check_disjoint(jobs)?;
    }
    record_all(jobs, wait)
}

/// [`run`] for jobs already known not to overlap ([`check_disjoint_spans`]).
pub(crate) fn run_disjoint(jobs: &[CopyJob<'_>], wait: bool) -> Result<Token> {
    check_places(jobs)?;
    record_all(jobs, wait)
}

/// An error unless every job's memory is on the first one's context and device.
fn check_places(jobs: &[CopyJob<'_>]) -> Result<()> {
    let Some(first) = jobs.first() else {
        return Ok(());
    };
    let (ctx, dev) = (first.dst.block.context(), first.dst.block.device());
    for (i, j) in jobs.iter().enumerate() {
        for side in [&j.dst, &j.src] {
            if side.block.context() != ctx || side.block.device() != dev {
                return Err(level_zero::Error::InvalidArgument(format!(
                    "copy {i} of a batch is on another context or device than copy 0"
                ))
                .into());
            }
        }
    }
    Ok(())
}

/// Records checked `jobs` as one batch (see [`run`]).
fn record_all(jobs: &[CopyJob<'_>], wait: bool) -> Result<Token> {
    let Some(first) = jobs.first() else {
        return Ok(Token { list: 0, seq: 0 });
    };
    for j in jobs {
        order_after_other_streams(j.src.block)?;
        order_after_other_streams(j.dst.block)?;
    }
    let (_, token) = first.dst.block.on_stream(wait, |l| {
        l.batch(|b| {
            for j in jobs {
                j.record(b)?;
            }
            Ok(())
        })
    })?;
    if !wait {
        jobs.iter().for_each(|j| j.mark(token));
    }
    Ok(token)
}

/// Copies `src` into `dst` (equal shapes) on this thread's stream and waits once; with
/// `wait == false`, returns its token and records it as both blocks' last use instead.
pub(crate) fn copy(dst: Side<'_>, src: Side<'_>, elem: usize, wait: bool) -> Result<Token> {
    run(&[CopyJob::new(dst, src, elem)?], wait)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposes_and_windows_are_one_region() {
        // A 4×6 matrix transposed into a contiguous 6×4: one region of 4-byte runs.
        let src = Layout::contiguous(0, &[4, 6]).reversed();
        let dst = Layout::contiguous(0, &[6, 4]);
        let p = plan(&dst, &src, 4);
        assert_eq!(
            p,
            [Piece {
                dst: 0,
                src: 0,
                extent: [4, 4, 6],
                dst_pitch: [4, 16],
                src_pitch: [24, 4],
            }]
        );
        // A 2×3 window of rows of an 8-wide matrix: runs of 3 elements, 2 rows.
        let win = Layout::contiguous(0, &[4, 8])
            .slice(&[(1..3).into(), (2..5).into()])
            .unwrap();
        let p = plan(&Layout::contiguous(0, &[2, 3]), &win, 2);
        assert_eq!(p.len(), 1);
        assert_eq!(
            (p[0].src, p[0].extent, p[0].src_pitch),
            (20, [6, 2, 1], [16, 0])
        );
        // Contiguous on both sides: one run.
        let flat = Layout::contiguous(5, &[3, 4, 5]);
        let p = plan(&Layout::contiguous(0, &[3, 4, 5]), &flat, 8);
        assert_eq!(p[0].extent, [480, 1, 1]);
        // Four strided axes and one-element runs: rows and slices take two axes, one piece
        // per index of the other two.
        let l4 = Layout::contiguous(0, &[3, 4, 5, 6])
            .permuted(&[3, 2, 1, 0])
            .unwrap();
        assert_eq!(
            plan(&Layout::contiguous(0, &[6, 5, 4, 3]), &l4, 4).len(),
            30
        );
    }
}
