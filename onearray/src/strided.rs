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

use crate::block::Block;
use crate::error::{Error, Result};
use crate::layout::{byte_size, Layout};
use crate::pool;
use level_zero::{Commands, ImmediateCommandList, MemoryKind, Region};
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
pub(crate) fn record(
    l: &mut ImmediateCommandList,
    dst: Side<'_>,
    src: Side<'_>,
    elem: usize,
) -> level_zero::Result<()> {
    let (da, sa) = (dst.block.alloc(), src.block.alloc());
    for p in plan(&dst.layout, &src.layout, elem) {
        let [w, h, d] = p.extent;
        if h == 1 && d == 1 {
            l.copy(da, p.dst, sa, p.src, w, level_zero::Deps::NONE)?;
            continue;
        }
        let fits = |v: usize| u32::try_from(v).ok();
        let region = |origin: usize, pitch: [usize; 2]| {
            Some(Region {
                origin: [fits(origin)?, 0, 0],
                extent: [fits(w)?, fits(h)?, fits(d)?],
                pitch: fits(pitch[0])?,
                slice_pitch: fits(pitch[1])?,
            })
        };
        match (region(p.dst, p.dst_pitch), region(p.src, p.src_pitch)) {
            (Some(dr), Some(sr)) => l.copy_region(da, dr, sa, sr, level_zero::Deps::NONE)?,
            _ => {
                for z in 0..d {
                    for y in 0..h {
                        let dof = p.dst + z * p.dst_pitch[1] + y * p.dst_pitch[0];
                        let sof = p.src + z * p.src_pitch[1] + y * p.src_pitch[0];
                        l.copy(da, dof, sa, sof, w, level_zero::Deps::NONE)?;
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

/// Copies `src` into `dst` (equal shapes) on the destination's stream and waits once; with
/// `wait == false`, returns the token of the last command and records it as both blocks'
/// last use instead.
pub(crate) fn copy(
    dst: Side<'_>,
    src: Side<'_>,
    elem: usize,
    wait: bool,
) -> Result<level_zero::Token> {
    if dst.layout.shape() != src.layout.shape() {
        return Err(Error::ShapeMismatch {
            dst: dst.layout.shape().to_vec(),
            src: src.layout.shape().to_vec(),
        });
    }
    order_after_other_streams(src.block)?;
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
        let tmp_pool = pool::pool_for(dst.block.context(), dst.block.device(), MemoryKind::Device);
        let bytes = byte_size::<u8>(elem.checked_mul(src.layout.len()).ok_or(
            Error::SizeOverflow {
                len: src.layout.len(),
                elem_size: elem,
            },
        )?)?;
        Some(tmp_pool.allocate(bytes, elem.next_power_of_two().min(4096))?)
    } else {
        None
    };
    let (_, token) = dst.block.on_stream(wait, |l| {
        if dst.layout.is_empty() {
            return Ok(());
        }
        match &staged {
            Some(tmp) => {
                let mid = Side {
                    block: tmp,
                    layout: Layout::contiguous(0, src.layout.shape()),
                };
                record(l, mid, src, elem)?;
                record(l, dst, mid, elem)
            }
            None => record(l, dst, src, elem),
        }
    })?;
    if !wait {
        src.block.mark(token);
        if let Some(tmp) = &staged {
            tmp.mark(token);
        }
    }
    Ok(token)
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
