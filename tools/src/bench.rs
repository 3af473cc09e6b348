//! How `ze-bandwidth` measures. Every figure, of the bandwidth table and of the latency table
//! alike, is timed the same way: operations appended to one in-order immediate list in
//! batches, one synchronize per batch (as CUDA's `bandwidthTest` times its copies), the time
//! of a batch divided by its operations; repeated in runs interleaved across the operations
//! measured together, and the best run's median kept. The host's memcpy, the reference, is
//! timed the same way without the driver.

use crate::op::{BufferKind, Measurement, Op};
use level_zero::{Allocation, Commands, Context, Deps, Device, ImmediateCommandList};
use onearray::{DeviceBuffer, HostBuffer, OneArray, SharedBuffer};
use std::ffi::c_void;
use std::time::{Duration, Instant};

/// Most operations appended per synchronize (below the immediate list's ring of 64 events,
/// so that no append waits).
pub const BATCH: usize = 32;

/// Bytes a batch moves at most: large operations go fewer to a batch.
const BATCH_BYTES: usize = 8 << 20;

/// Bytes a row may hold at once for its runs to be interleaved: larger sizes measure one
/// operation at a time (two buffers, not the six the operations share), their runs back to
/// back (a run of long operations is hardly moved by a burst of load).
const INTERLEAVED_BYTES: usize = 1 << 30;

/// Buffers the operations of a row share: host, two device, shared, two pageable.
const SLOTS: usize = 6;

/// Runs per figure unless [`Bench::with_runs`] says otherwise.
pub const RUNS: u32 = 3;

/// Operations of `size` bytes appended per synchronize: [`BATCH`] up to 256 KiB, fewer above,
/// one from 8 MiB on.
///
/// ```
/// use oneapi_tools::bench::{batch_for, BATCH};
/// assert_eq!((batch_for(4096), batch_for(1 << 20), batch_for(1 << 30)), (BATCH, 8, 1));
/// ```
pub fn batch_for(size: usize) -> usize {
    (BATCH_BYTES / size.max(1)).clamp(1, BATCH)
}

/// The median of `times` (the mean of the two middle ones for an even count).
///
/// ```
/// use oneapi_tools::bandwidth::median;
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), ms(2));
/// assert_eq!(median(&mut [ms(4), ms(1), ms(2), ms(3)]), Duration::from_micros(2500));
/// ```
pub fn median(times: &mut [Duration]) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let mid = times.len() / 2;
    if times.len() % 2 == 1 {
        times[mid]
    } else {
        (times[mid - 1] + times[mid]) / 2
    }
}

/// Repeats `once` (after one untimed warm-up) until `budget` is spent, at least 3 and at most
/// 1000 times; returns the repetitions and their median time.
pub fn time_reps(
    budget: Duration,
    once: impl FnMut() -> level_zero::Result<()>,
) -> level_zero::Result<(u32, Duration)> {
    repeat(budget, 3, true, once)
}

/// Repeats `once` until `budget` is spent, at least `min` and at most 1000 times, after an
/// untimed warm-up if `warm`; returns the repetitions and their median time.
fn repeat(
    budget: Duration,
    min: usize,
    warm: bool,
    mut once: impl FnMut() -> level_zero::Result<()>,
) -> level_zero::Result<(u32, Duration)> {
    if warm {
        once()?;
    }
    let start = Instant::now();
    let mut times = Vec::new();
    while times.len() < min.max(1) || (start.elapsed() < budget && times.len() < 1000) {
        let t = Instant::now();
        once()?;
        times.push(t.elapsed());
    }
    Ok((times.len() as u32, median(&mut times)))
}

/// The figure of several runs: the shortest of their medians (zero for no run).
///
/// ```
/// use oneapi_tools::bench::best_run;
/// use std::time::Duration;
/// let us = Duration::from_micros;
/// assert_eq!(best_run(&[us(90), us(4), us(5)]), us(4));
/// ```
pub fn best_run(medians: &[Duration]) -> Duration {
    medians.iter().copied().min().unwrap_or(Duration::ZERO)
}

/// Where a point reads or writes: a kind, and which of two buffers of that kind (a copy
/// between two buffers of one kind uses both).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Slot(BufferKind, bool);

/// Memory of one kind. USM comes from onearray's pool, so that the memory timeline
/// (`--timeline`) shows what the run holds.
enum Buffer {
    Device(OneArray<u8, DeviceBuffer>),
    Host(OneArray<u8, HostBuffer>),
    Shared(OneArray<u8, SharedBuffer>),
    Pageable(Vec<u8>),
}

impl Buffer {
    fn new(ctx: &Context, dev: &Device, kind: BufferKind, size: usize) -> onearray::Result<Buffer> {
        Ok(match kind {
            BufferKind::Host => Buffer::Host(OneArray::zeroed_in(ctx, dev, size)?),
            BufferKind::Device => Buffer::Device(OneArray::zeroed_in(ctx, dev, size)?),
            BufferKind::Shared => Buffer::Shared(OneArray::zeroed_in(ctx, dev, size)?),
            BufferKind::Pageable => Buffer::Pageable(vec![1u8; size]),
        })
    }

    /// The start of the memory. Only the driver (or the timed memcpy) writes through it,
    /// while the buffer lives and nothing else touches it.
    fn ptr(&mut self) -> *mut c_void {
        match self {
            Buffer::Device(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Host(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Shared(a) => a.as_ptr().cast_mut().cast(),
            Buffer::Pageable(v) => v.as_mut_ptr().cast(),
        }
    }
}

/// The buffers of one size, made on first use and shared by the operations of the size.
struct Buffers {
    size: usize,
    made: Vec<(Slot, Buffer)>,
}

impl Buffers {
    fn ptr(&mut self, ctx: &Context, dev: &Device, slot: Slot) -> onearray::Result<*mut c_void> {
        if let Some((_, b)) = self.made.iter_mut().find(|(s, _)| *s == slot) {
            return Ok(b.ptr());
        }
        let mut b = Buffer::new(ctx, dev, slot.0, self.size)?;
        let p = b.ptr();
        self.made.push((slot, b));
        Ok(p)
    }
}

/// One operation ready to run: its pointers, or the allocation a fill takes.
enum Ready {
    Copy(*mut c_void, *const c_void),
    Fill(Allocation),
    Memcpy(*mut u8, *const u8),
    MemcpyAll(*mut u8, *const u8),
}

/// How long and how often one run repeats its batches.
#[derive(Clone, Copy)]
struct Timing {
    budget: Duration,
    min: usize,
    warm: bool,
}

/// A failure while measuring: of the safe layer, or of an array allocation.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A Level Zero call failed.
    #[error(transparent)]
    Level(#[from] level_zero::Error),
    /// An array could not be made.
    #[error(transparent)]
    Array(#[from] onearray::Error),
}

/// One latency figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Latency {
    /// What was timed.
    pub name: String,
    /// Operations timed, over all runs.
    pub reps: u32,
    /// Time of one operation: the best run's median.
    pub median: Duration,
}

/// Measures on one device, through one in-order immediate list.
pub struct Bench {
    ctx: Context,
    dev: Device,
    list: ImmediateCommandList,
    runs: u32,
}

impl Bench {
    /// A bench on `dev` in `ctx`, [`RUNS`] runs per figure.
    pub fn new(ctx: &Context, dev: &Device) -> level_zero::Result<Bench> {
        Ok(Bench {
            ctx: ctx.clone(),
            dev: dev.clone(),
            list: ImmediateCommandList::new(ctx, dev)?,
            runs: RUNS,
        })
    }

    /// The same bench with `runs` runs per figure (at least one).
    pub fn with_runs(mut self, runs: u32) -> Bench {
        self.runs = runs.max(1);
        self
    }

    /// Runs per figure.
    pub fn runs(&self) -> u32 {
        self.runs
    }

    /// Measures `op` on `n` bytes for about `budget` (see [`row`](Self::row)).
    pub fn measure(
        &mut self,
        op: Op,
        n: usize,
        budget: Duration,
    ) -> Result<Measurement, BenchError> {
        let mut row = self.row(n, &[op], budget)?;
        Ok(row.remove(0))
    }

    /// Measures every operation of `ops` on `size` bytes, about `budget` each: runs
    /// interleaved across the operations (run 1 of each, then run 2, ...), each run the
    /// median of batches of [`batch_for`]`(size)` operations and one synchronize; a figure
    /// is the best run's median time per operation. One untimed batch warms each operation
    /// up (and faults its pages in) before its first run; three batches are timed at least.
    /// Above 128 MiB the operations are measured one after the other, the pool trimmed
    /// between them, to hold less memory.
    pub fn row(
        &mut self,
        size: usize,
        ops: &[Op],
        budget: Duration,
    ) -> Result<Vec<Measurement>, BenchError> {
        if ops.len() > 1 && size.saturating_mul(SLOTS) > INTERLEAVED_BYTES {
            let mut out = Vec::with_capacity(ops.len());
            for &op in ops {
                out.extend(self.row(size, &[op], budget)?);
                // The pool would keep every kind's blocks of this size cached meanwhile.
                onearray::trim();
            }
            return Ok(out);
        }
        let mut buffers = Buffers {
            size,
            made: Vec::new(),
        };
        let ready = ops
            .iter()
            .map(|&op| self.ready(&mut buffers, op))
            .collect::<Result<Vec<_>, _>>()?;
        let batch = batch_for(size);
        let per_run = budget / self.runs;
        let mut medians = vec![Vec::new(); ops.len()];
        let mut reps = vec![0u32; ops.len()];
        let min = 3usize.div_ceil(self.runs as usize);
        for run in 0..self.runs {
            for (i, r) in ready.iter().enumerate() {
                let timing = Timing {
                    budget: per_run,
                    min,
                    warm: run == 0,
                };
                let (n, m) = self.time_batches(r, size, batch, timing)?;
                medians[i].push(m / batch as u32);
                reps[i] = reps[i].saturating_add(n.saturating_mul(batch as u32));
            }
        }
        drop(ready);
        drop(buffers);
        Ok(ops
            .iter()
            .zip(medians.iter().zip(reps))
            .map(|(&op, (m, reps))| Measurement {
                op,
                size,
                reps,
                median: best_run(m),
            })
            .collect())
    }

    fn ready(&self, buffers: &mut Buffers, op: Op) -> Result<Ready, BenchError> {
        let (ctx, dev) = (&self.ctx, &self.dev);
        Ok(match op {
            Op::Copy { src, dst } => {
                let s = buffers.ptr(ctx, dev, Slot(src, false))?;
                let d = buffers.ptr(ctx, dev, Slot(dst, src == dst))?;
                Ready::Copy(d, s)
            }
            Op::Fill { dst } => {
                let p = buffers.ptr(ctx, dev, Slot(dst, false))?;
                // SAFETY: `p` is the start of `buffers.size` bytes of an array of the pool,
                // which outlives the wrapper (`row` drops the wrappers first) and the commands
                // using it (each batch is synchronized); the wrapper frees nothing.
                Ready::Fill(unsafe { Allocation::from_raw(ctx, p, buffers.size, false) }?)
            }
            Op::Memcpy | Op::MemcpyAll => {
                let s = buffers.ptr(ctx, dev, Slot(BufferKind::Pageable, false))?;
                let d = buffers.ptr(ctx, dev, Slot(BufferKind::Pageable, true))?;
                match op {
                    Op::Memcpy => Ready::Memcpy(d.cast(), s.cast_const().cast()),
                    _ => Ready::MemcpyAll(d.cast(), s.cast_const().cast()),
                }
            }
        })
    }

    /// Times batches of `batch` operations, each batch followed by one synchronize.
    fn time_batches(
        &mut self,
        ready: &Ready,
        n: usize,
        batch: usize,
        t: Timing,
    ) -> level_zero::Result<(u32, Duration)> {
        let list = &mut self.list;
        match ready {
            &Ready::Copy(d, s) => repeat(t.budget, t.min, t.warm, || {
                for _ in 0..batch {
                    // SAFETY: both buffers hold `n` bytes and live until after the synchronize
                    // below; nothing else touches them meanwhile.
                    unsafe { list.copy_raw(d, s, n, Deps::NONE, Vec::new()) }?;
                }
                list.synchronize()
            }),
            Ready::Fill(a) => repeat(t.budget, t.min, t.warm, || {
                for _ in 0..batch {
                    list.fill(a, 0, n, &[0xA5, 0x5A, 0xC3, 0x3C], Deps::NONE)?;
                }
                list.synchronize()
            }),
            &Ready::Memcpy(d, s) => repeat(t.budget, t.min, t.warm, || {
                for _ in 0..batch {
                    // SAFETY: two distinct pageable buffers of `n` bytes, alive for the call,
                    // touched by nothing else.
                    unsafe { std::ptr::copy_nonoverlapping(s, d, n) };
                    // The copies must all happen, though each overwrites the last.
                    std::hint::black_box(d);
                }
                Ok(())
            }),
            &Ready::MemcpyAll(d, s) => repeat(t.budget, t.min, t.warm, || {
                for _ in 0..batch {
                    // SAFETY: as above; the shares are disjoint.
                    unsafe { crate::host::memcpy_all_cores(d, s, n) };
                    std::hint::black_box(d);
                }
                Ok(())
            }),
        }
    }

    /// The latency table: the cost per 4-byte copy as the bandwidth table measures its
    /// operations (in batches), then round trips (one command appended, then a synchronize),
    /// each the best of the runs' medians, the runs interleaved.
    pub fn latencies(&mut self, budget: Duration) -> level_zero::Result<Vec<Latency>> {
        let a = Allocation::device(&self.ctx, &self.dev, 64, 64)?;
        let b = Allocation::device(&self.ctx, &self.dev, 64, 64)?;
        let names = [
            format!("copy 4 B, {BATCH} per synchronize, per copy (as the table)"),
            "copy 4 B + synchronize (round trip)".into(),
            "fill 4 B + synchronize (round trip)".into(),
            "barrier + synchronize (round trip)".into(),
        ];
        let per_run = budget / self.runs;
        let mut medians = vec![Vec::new(); names.len()];
        let mut reps = vec![0u32; names.len()];
        let list = &mut self.list;
        for _ in 0..self.runs {
            for (i, m) in medians.iter_mut().enumerate() {
                let batch = if i == 0 { BATCH } else { 1 };
                let (n, t) = time_reps(per_run, || {
                    for _ in 0..batch {
                        match i {
                            0 | 1 => list.copy(&b, 0, &a, 0, 4, Deps::NONE)?,
                            2 => list.fill(&a, 0, 4, &[7], Deps::NONE)?,
                            _ => list.barrier(Deps::NONE)?,
                        }
                    }
                    list.synchronize()
                })?;
                m.push(t / batch as u32);
                reps[i] = reps[i].saturating_add(n.saturating_mul(batch as u32));
            }
        }
        Ok(names
            .into_iter()
            .zip(medians.iter().zip(reps))
            .map(|(name, (m, reps))| Latency {
                name,
                reps,
                median: best_run(m),
            })
            .collect())
    }
}
