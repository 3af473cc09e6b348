//! Many small copies between two arrays as one kernel (`copy_batch`'s): one launch and one
//! wait replace a command per range, which is what small copies cost on any device (a
//! command's submission costs more than copying a few KiB); large ranges still go to the
//! copy engine, one command each.

use super::cache;
use super::expr::Node;
use super::spec::{Spec, SpecKind};
use super::Ty;
use crate::array::OneArray;
use crate::error::Result;
use crate::kinds::{BufferKind, SharedBuffer};
use bytemuck::Pod;
use level_zero::{Arg, BufferArg, ElemType, Grid, Groups, LaunchUse};
use std::ops::Range;

/// Fewest ranges worth a kernel: below, a command per range costs less than a launch and its
/// wait (a kernel with a loop runs on the driver's engine thread, not the caller's).
const MIN_RANGES: usize = 64;

/// Largest mean range (bytes) copied by the kernel: above, the copy engine's bandwidth wins
/// over the command each range saves.
const MAX_MEAN_BYTES: usize = 4 << 10;

/// The work-group size for ranges of at most `longest` units on `dev`, a power of two from 4:
/// one pack of four lanes on a CPU device (its work-items run a group's lanes side by side,
/// so a group of one vector streams its range in address order), else as wide as the longest
/// range, up to 256.
fn group_size(dev: &level_zero::Device, longest: usize) -> u32 {
    let cpu = dev
        .properties()
        .is_ok_and(|p| p.kind == level_zero::DeviceKind::Cpu);
    if cpu {
        4
    } else {
        longest.next_power_of_two().clamp(4, 256) as u32
    }
}

/// The buffer argument of `a`'s elements, as raw `unit`-byte integers.
fn raw_buffer<T: Pod, B: BufferKind>(a: &OneArray<T, B>, unit: usize, writable: bool) -> BufferArg {
    BufferArg {
        allocation: a.block.alloc().clone(),
        offset: a.byte_offset(),
        len: a.byte_size(),
        elem: Some(ElemType::Int {
            bits: (unit * 8) as u8,
        }),
        writable,
    }
}

/// Copies `ranges` (`(source range, destination start)` in elements, already checked in
/// bounds and disjoint) of `src` into `dst` with the kernel and waits, if the batch is one
/// it suits (enough ranges, small ones, one context and device); `false` (nothing done)
/// otherwise.
pub(crate) fn copy_ranges<T: Pod, B1: BufferKind, B2: BufferKind>(
    dst: &mut OneArray<T, B1>,
    src: &OneArray<T, B2>,
    ranges: &[(Range<usize>, usize)],
) -> Result<bool> {
    let size = size_of::<T>();
    let count = ranges.len();
    let total: usize = ranges.iter().map(|r| r.0.len() * size).sum();
    let (ctx, dev) = (dst.context().clone(), dst.device().clone());
    if count < MIN_RANGES
        || count > u32::MAX as usize
        || size == 0
        || total / count > MAX_MEAN_BYTES
        || src.context().handle() != ctx.handle()
        || src.device().handle() != dev.handle()
    {
        return Ok(false);
    }
    // The widest unit every address and length is a multiple of (4 bytes at most: what a
    // device's vector lanes hold).
    let mut bits = (dst.block.alloc().as_ptr() as usize + dst.byte_offset())
        | (src.block.alloc().as_ptr() as usize + src.byte_offset());
    for (r, at) in ranges {
        bits |= (r.start * size) | (at * size) | (r.len() * size);
    }
    let unit = [4, 2, 1].into_iter().find(|u| bits % u == 0).unwrap_or(1);
    let table: Vec<u64> = ranges
        .iter()
        .flat_map(|(r, at)| [at * size, r.start * size, r.len() * size].map(|b| (b / unit) as u64))
        .collect();
    let longest = ranges
        .iter()
        .map(|r| r.0.len() * size / unit)
        .max()
        .unwrap_or(0);
    let local = group_size(&dev, longest);
    let ty = match unit {
        4 => Ty::U32,
        2 => Ty::U16,
        _ => Ty::U8,
    };
    let spec = Spec {
        kind: SpecKind::CopyBatch,
        out: ty,
        inputs: vec![],
        node: Node::Dest(ty),
    };
    let table = OneArray::<u64, SharedBuffer>::from_slice_in(&ctx, &dev, &table)?;
    let (d, s) = (raw_buffer(dst, unit, true), raw_buffer(src, unit, false));
    let t = raw_buffer(&table, 8, false);
    let uses: [&dyn LaunchUse; 3] = [&dst.block, &src.block, &table.block];
    cache::with_kernel(&ctx, &dev, &spec, |kernel| {
        kernel
            .launch(Grid::groups(Groups([count as u32, 1, 1]), [local, 1, 1]))
            .arg(Arg::buffer(d, Some(uses[0])))
            .arg(Arg::buffer(s, Some(uses[1])))
            .arg(Arg::buffer(t, Some(uses[2])))
            .arg(u64::from(local))
            .arg(u64::from(local.trailing_zeros()))
            .run()?;
        Ok(())
    })?;
    dst.wait_idle()?;
    Ok(true)
}
