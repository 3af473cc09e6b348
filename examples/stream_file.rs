//! Streaming a file larger than device memory: a memory-mapped file of `f32` goes through
//! the device in chunks (`y = 2 x + 1`, examples/scale_add.spvasm) into a memory-mapped
//! output file, with a fixed amount of device memory whatever the file's size. With
//! double buffering the upload of chunk i+1 and the download of chunk i-1 overlap the kernel
//! on chunk i (separate copy and compute lists, ordered by events). A progress bar shows the
//! throughput when stdout is a terminal.
//!
//! ```sh
//! cargo run --release --example stream_file -- [--size 256M] [--device-memory 64M] [--depth 2]
//! # the benchmark: 2 GiB through 64 MiB, double-buffered against one buffer, rounds interleaved
//! cargo run --release --example stream_file -- --size 2G --compare 3
//! ```
//!
//! The files go to `$TMPDIR` (removed at the end). Every output element is checked against
//! the formula, which is what processing the file in one piece gives (the tests compare the
//! two directly).

use indicatif::{ProgressBar, ProgressStyle};
use memmap2::{Mmap, MmapMut};
use oneapi::level_zero::{Grid, Kernel, Module};
use oneapi::onearray::{human, stream_map, StreamOptions, StreamStats};
use std::fs::OpenOptions;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

struct Args {
    size: usize,
    device_memory: usize,
    depth: usize,
    compare: usize,
}

fn parse_size(text: &str) -> Result<usize, String> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_end_matches("IB").trim_end_matches('B');
    let (digits, shift) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    digits
        .parse::<usize>()
        .map(|n| n << shift)
        .map_err(|_| format!("not a size: {text:?} (e.g. 2G, 64M, 4096)"))
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        size: 256 << 20,
        device_memory: 64 << 20,
        depth: 2,
        compare: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--size" => a.size = parse_size(&value()?)?,
            "--device-memory" => a.device_memory = parse_size(&value()?)?,
            "--depth" => a.depth = value()?.parse().map_err(|e| format!("--depth: {e}"))?,
            "--compare" => a.compare = value()?.parse().map_err(|e| format!("--compare: {e}"))?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(a)
}

/// Removes the file when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp(name: &str) -> TempFile {
    TempFile(std::env::temp_dir().join(format!("{name}-{}.f32", std::process::id())))
}

/// A file of `len` floats `i % 1000`, written through a mapping.
fn write_input(path: &Path, len: usize) -> std::io::Result<()> {
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    f.set_len((len * 4) as u64)?;
    // SAFETY: the file was created by this process and nothing else maps or changes it.
    let mut map = unsafe { MmapMut::map_mut(&f)? };
    let floats: &mut [f32] = bytemuck::cast_slice_mut(&mut map[..]);
    floats
        .iter_mut()
        .enumerate()
        .for_each(|(i, v)| *v = (i % 1000) as f32);
    map.flush()
}

fn run(
    kernel: &mut Kernel,
    input: &[f32],
    output: &mut [f32],
    options: StreamOptions,
    bar: &ProgressBar,
) -> Result<StreamStats, Box<dyn std::error::Error>> {
    bar.reset();
    bar.set_length(input.len() as u64 * 8);
    let stats = stream_map(
        input,
        output,
        options,
        |c| {
            let n = c.input.len();
            kernel
                .launch(Grid::for_len(n))
                .arg(n as u32)
                .arg(2.0f32)
                .arg(1.0f32)
                .arg(c.input)
                .arg(c.output)
                .run_on(c.list)
                .map(drop)
        },
        |done| bar.set_position(done as u64 * 8),
    )?;
    bar.finish_and_clear();
    Ok(stats)
}

fn check(input: &[f32], output: &[f32]) -> Result<(), String> {
    match input
        .iter()
        .zip(output)
        .position(|(x, y)| *y != 2.0 * x + 1.0)
    {
        None => Ok(()),
        Some(i) => Err(format!(
            "element {i}: {} instead of {}",
            output[i],
            2.0 * input[i] + 1.0
        )),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let a = args()?;
    let len = a.size / 4;
    let (input_file, output_file) = (temp("stream-in"), temp("stream-out"));
    write_input(&input_file.0, len)?;
    let f = std::fs::File::open(&input_file.0)?;
    // SAFETY: the file is this process's own and is neither changed nor truncated while mapped.
    let input_map = unsafe { Mmap::map(&f)? };
    let input: &[f32] = bytemuck::cast_slice(&input_map[..]);
    let out = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&output_file.0)?;
    out.set_len((len * 4) as u64)?;
    // SAFETY: as for the input.
    let mut output_map = unsafe { MmapMut::map_mut(&out)? };
    let output: &mut [f32] = bytemuck::cast_slice_mut(&mut output_map[..]);

    let mut kernel = Module::new(include_bytes!("scale_add.spv"))?.kernel("scale_add")?;
    let bar = if std::io::stdout().is_terminal() {
        let bar = ProgressBar::new(0);
        bar.set_style(ProgressStyle::with_template(
            "{bar:40} {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
        )?);
        bar
    } else {
        ProgressBar::hidden()
    };
    println!(
        "{} ({len} floats) through {} of device memory",
        human(a.size),
        human(a.device_memory)
    );
    if a.compare == 0 {
        let options = StreamOptions {
            device_memory: a.device_memory,
            depth: a.depth,
        };
        let s = run(&mut kernel, input, output, options, &bar)?;
        check(input, output)?;
        println!(
            "depth {}: {} chunks of {} elements, {} of device buffers, {:.2} s, {}/s moved; output checked",
            a.depth,
            s.chunks,
            s.chunk_len,
            human(s.device_bytes),
            s.elapsed.as_secs_f64(),
            human(s.throughput() as usize)
        );
        return Ok(());
    }

    // The benchmark: rounds interleaved, one buffer against two, same device memory.
    let depths = [1, 2];
    let mut times = vec![Vec::new(); depths.len()];
    println!("round  depth  chunks  chunk       buffers    seconds  throughput");
    for round in 1..=a.compare {
        for (i, &depth) in depths.iter().enumerate() {
            output.fill(0.0);
            let options = StreamOptions {
                device_memory: a.device_memory,
                depth,
            };
            let s = run(&mut kernel, input, output, options, &bar)?;
            check(input, output)?;
            println!(
                "{round:>5}  {depth:>5}  {:>6}  {:>10}  {:>9}  {:>7.3}  {:>8}/s",
                s.chunks,
                human(s.chunk_len * 4),
                human(s.device_bytes),
                s.elapsed.as_secs_f64(),
                human(s.throughput() as usize)
            );
            std::io::stdout().flush()?;
            times[i].push(s.elapsed.as_secs_f64());
        }
    }
    let best = |t: &[f64]| t.iter().copied().fold(f64::INFINITY, f64::min);
    let (single, double) = (best(&times[0]), best(&times[1]));
    println!(
        "best of {}: one buffer {single:.3} s, double-buffered {double:.3} s: {:.2}x, {:.0}% of the single-buffered time saved by overlap",
        a.compare,
        single / double,
        100.0 * (1.0 - double / single)
    );
    Ok(())
}
