//! Streaming data larger than device memory through a few device buffers: chunk `i` is
//! uploaded on one copy list, processed on a compute list and downloaded on another copy
//! list, each step waiting for the previous one's event on the device. With `depth` buffers
//! (2: double buffering) the upload of chunk `i + 1` and the download of chunk `i - 1` run
//! while the kernel works on chunk `i`; with 1 every step waits for the one before.

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::pool::block::BlockRef;
use crate::pool::defaults;
use crate::view::{ArrayView, ArrayViewMut};
use bytemuck::Pod;
use level_zero::{
    Commands, Context, Deps, Device, Event, ImmediateCommandList, LaunchUse, QueueDesc, QueueMode,
    Retained, Token,
};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How [`stream_map`] moves data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamOptions {
    /// Bytes of device memory the buffers may take together (input and output chunks).
    pub device_memory: usize,
    /// Buffers (chunks in flight): 1 runs upload, kernel and download one after the other,
    /// 2 is double buffering, 3 triple.
    pub depth: usize,
}

impl Default for StreamOptions {
    /// 64 MiB, double-buffered.
    fn default() -> Self {
        StreamOptions {
            device_memory: 64 << 20,
            depth: 2,
        }
    }
}

/// One chunk for the kernel: its input and output in device memory, and the compute list to
/// launch on ([`Launch::run_on`](level_zero::Launch::run_on)). The arrays' records order
/// the work: a launch (on this list or any stream) waits on the device for the chunk's
/// upload, the download waits for the last use of the output.
pub struct Chunk<'a, T: Pod, U: Pod> {
    /// The compute list, separate from the copy lists: launch the chunk's work here.
    pub list: &'a mut ImmediateCommandList,
    /// The chunk's input elements.
    pub input: ArrayView<'a, T>,
    /// Where the chunk's results go (downloaded once its last user has finished).
    pub output: ArrayViewMut<'a, U>,
    /// Index in the whole input of the chunk's first element.
    pub offset: usize,
    /// The chunk's number.
    pub index: usize,
}

/// What a [`stream_map`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamStats {
    /// Chunks processed.
    pub chunks: usize,
    /// Elements per chunk (the last may have fewer).
    pub chunk_len: usize,
    /// Device memory the buffers took.
    pub device_bytes: usize,
    /// Bytes uploaded plus bytes downloaded.
    pub bytes_moved: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl StreamStats {
    /// Bytes moved per second.
    pub fn throughput(&self) -> f64 {
        self.bytes_moved as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The lists and buffers of one streaming run. Dropping it (also on an error) waits for
/// every list, so no copy still reads the caller's input or writes its output, and the
/// buffers go back to the pool idle.
struct Pipeline<T: Pod, U: Pod> {
    upload: ImmediateCommandList,
    compute: ImmediateCommandList,
    download: ImmediateCommandList,
    inputs: Vec<OneArray<T>>,
    outputs: Vec<OneArray<U>>,
}

impl<T: Pod, U: Pod> Drop for Pipeline<T, U> {
    fn drop(&mut self) {
        for list in [&mut self.upload, &mut self.compute, &mut self.download] {
            if let Err(e) = list.synchronize() {
                log::warn!("streaming: waiting for a list failed: {e}");
            }
        }
    }
}

/// Records the last command of `list` as the block's last use, with an event for other lists
/// and streams to wait for (nothing if it has completed already).
fn record_use(block: &BlockRef, list: &mut ImmediateCommandList) -> Result<()> {
    let token = list.last_token();
    if let Some(done) = list.event_after(token)? {
        block.launched(token, Some(&done));
    }
    Ok(())
}

/// Lists on `dev`: a copy-only group for the copies when the device has one (its queues
/// 0 and 1), the first compute group for kernels.
fn lists(ctx: &Context, dev: &Device) -> Result<[ImmediateCommandList; 3]> {
    let groups = dev.queue_groups()?;
    let compute = groups.iter().find(|g| g.compute).map_or(0, |g| g.ordinal);
    let (copy, queues) = groups
        .iter()
        .find(|g| g.copy && !g.compute)
        .map_or((compute, 1), |g| (g.ordinal, g.num_queues));
    let desc = |ordinal, index: u32| {
        QueueDesc::default()
            .mode(QueueMode::Asynchronous)
            .ordinal(ordinal)
            .index(index)
    };
    Ok([
        ImmediateCommandList::with_desc(ctx, dev, desc(copy, 0))?,
        ImmediateCommandList::with_desc(ctx, dev, desc(compute, 0))?,
        ImmediateCommandList::with_desc(ctx, dev, desc(copy, 1.min(queues - 1)))?,
    ])
}

/// [`stream_map_in`] on the default device.
pub fn stream_map<T: Pod, U: Pod>(
    input: &[T],
    output: &mut [U],
    options: StreamOptions,
    kernel: impl FnMut(Chunk<'_, T, U>) -> level_zero::Result<()>,
    progress: impl FnMut(usize),
) -> Result<StreamStats> {
    let (ctx, dev) = defaults()?;
    stream_map_in(&ctx, &dev, input, output, options, kernel, progress)
}

/// Runs `kernel` over `input` chunk by chunk through device buffers of
/// `options.device_memory` bytes in all, whatever the input's size, and gathers the results
/// in `output` (as long as `input`); `progress` hears the number of elements done after each
/// chunk comes back.
///
/// `kernel` gets each chunk's device input and output and the compute list, and launches on
/// it. Uploads, launches and downloads are ordered on the device by events (the arrays'
/// records); with `depth` ≥ 2 they overlap across chunks. Errors (the kernel's too) stop the
/// run after every command issued has finished.
///
/// ```
/// use level_zero::Grid;
/// use onearray::{stream_map, StreamOptions};
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/scale_add.spv")).unwrap();
/// let mut scale_add = level_zero::Module::new(&spirv)?.kernel("scale_add")?; // y = a x + b
/// let input: Vec<f32> = (0..10_000).map(|i| i as f32).collect();
/// let mut output = vec![0.0f32; input.len()];
/// // 4 KiB of device memory: 2 buffers of 256 inputs and 256 outputs.
/// let options = StreamOptions { device_memory: 4096, depth: 2 };
/// let stats = stream_map(&input, &mut output, options, |c| {
///     let n = c.input.len();
///     scale_add.launch(Grid::for_len(n)).arg(n as u32).arg(2.0f32).arg(1.0f32)
///         .arg(c.input).arg(c.output).run_on(c.list).map(drop)
/// }, |_done| {})?;
/// assert_eq!(stats.chunks, 40);
/// assert!(output.iter().zip(&input).all(|(y, x)| *y == 2.0 * x + 1.0));
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn stream_map_in<T: Pod, U: Pod>(
    ctx: &Context,
    dev: &Device,
    input: &[T],
    output: &mut [U],
    options: StreamOptions,
    mut kernel: impl FnMut(Chunk<'_, T, U>) -> level_zero::Result<()>,
    mut progress: impl FnMut(usize),
) -> Result<StreamStats> {
    if input.len() != output.len() {
        return Err(Error::LengthMismatch {
            dst: output.len(),
            src: input.len(),
        });
    }
    let depth = options.depth.max(1);
    let per_element = size_of::<T>() + size_of::<U>();
    let chunk_len = options.device_memory / (depth * per_element.max(1));
    if chunk_len == 0 {
        return Err(Error::Foreign {
            what: format!(
                "{} bytes of device memory cannot hold {depth} buffer(s) of one {per_element}-byte \
                 element pair",
                options.device_memory
            ),
        });
    }
    let start = Instant::now();
    let chunk_len = chunk_len.min(input.len().max(1));
    let chunks = input.len().div_ceil(chunk_len);
    let buffers = depth.min(chunks.max(1));
    let [upload, compute, download] = lists(ctx, dev)?;
    let mut p = Pipeline {
        upload,
        compute,
        download,
        inputs: (0..buffers)
            .map(|_| OneArray::<T>::zeroed_in(ctx, dev, chunk_len))
            .collect::<Result<_>>()?,
        outputs: (0..buffers)
            .map(|_| OneArray::<U>::zeroed_in(ctx, dev, chunk_len))
            .collect::<Result<_>>()?,
    };
    // Downloads in flight: (token, elements done when it completes).
    let mut in_flight: VecDeque<(Token, usize)> = VecDeque::new();
    let out_ptr = output.as_mut_ptr();
    for index in 0..chunks {
        let s = index % buffers;
        let offset = index * chunk_len;
        let len = chunk_len.min(input.len() - offset);
        // At most `buffers` chunks in flight: wait (host) for the one this buffer held.
        if in_flight.len() == buffers {
            if let Some((token, done)) = in_flight.pop_front() {
                p.download.wait_for(token, None)?;
                progress(done);
            }
        }
        let src = &input[offset..offset + len];
        let block = &p.inputs[s].block;
        // The buffer's last user (the kernel on its previous chunk) finishes first.
        let after = block.before_launch(p.upload.last_token().list)?;
        let waits: Vec<&Event> = after.iter().collect();
        let keep: Vec<Retained> = vec![Arc::new(block.alloc().clone())];
        // SAFETY: the buffer holds `chunk_len >= len` elements and is retained by the list;
        // its earlier users are waited for (`waits`) and later ones wait for this copy (the
        // block's record below); `src` is borrowed for this call, which waits for every list
        // before returning (`Pipeline`'s drop).
        unsafe {
            p.upload.copy_raw(
                p.inputs[s].as_ptr().cast_mut().cast(),
                src.as_ptr().cast(),
                size_of_val(src),
                Deps::wait(&waits),
                keep,
            )?
        };
        record_use(block, &mut p.upload)?;
        {
            let Pipeline {
                compute,
                inputs,
                outputs,
                ..
            } = &mut p;
            // Launches wait on the device for the upload (and for the download of the
            // output buffer's previous chunk): the arrays' records say so.
            kernel(Chunk {
                list: compute,
                input: inputs[s].view(..len)?,
                output: outputs[s].view_mut(..len)?,
                offset,
                index,
            })?;
        }
        let block = &p.outputs[s].block;
        let after = block.before_launch(p.download.last_token().list)?;
        let waits: Vec<&Event> = after.iter().collect();
        let keep: Vec<Retained> = vec![Arc::new(block.alloc().clone())];
        // SAFETY: `output[offset..offset + len]` is in bounds (as long as `input`), borrowed
        // mutably for this call (which waits for every list before returning), and no other
        // download writes it; the buffer holds `len` elements, the kernel's writes are waited
        // for (`waits`), the next user of the buffer waits for this copy.
        unsafe {
            p.download.copy_raw(
                out_ptr.add(offset).cast(),
                p.outputs[s].as_ptr().cast(),
                len * size_of::<U>(),
                Deps::wait(&waits),
                keep,
            )?
        };
        record_use(block, &mut p.download)?;
        in_flight.push_back((p.download.last_token(), offset + len));
    }
    for (token, done) in in_flight {
        p.download.wait_for(token, None)?;
        progress(done);
    }
    drop(p);
    Ok(StreamStats {
        chunks,
        chunk_len,
        device_bytes: buffers * chunk_len * per_element,
        bytes_moved: (input.len() * per_element) as u64,
        elapsed: start.elapsed(),
    })
}
