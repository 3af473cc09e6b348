//! Data-parallel steps over MPI, and all-reduce bandwidth like nccl-tests' `all_reduce_perf`.
//!
//! ```text
//! cargo build --release --features mpi --example mpi_allreduce
//! mpirun -n 4 target/release/examples/mpi_allreduce [--max-size 256M] [--steps 5] [--rounds 3]
//! ```
//!
//! 1. Each rank holds a shard of targets; every step it computes a gradient of the mean
//!    squared distance on the device (`grad = 2 (params - target)`, one generated kernel),
//!    all-reduces it (device arrays: the staged transport unless the MPI library reads Level
//!    Zero memory) and updates the parameters on the device. The parameters converge to the
//!    mean of the ranks' targets, which is checked.
//! 2. All-reduce (sum, `f32`) of 4 KiB to `--max-size` bytes, for host arrays, device arrays
//!    and plain `Vec`s through the same MPI library: time per call (the slowest rank's) and
//!    the bandwidths, `algbw = bytes / time`, `busbw = algbw × 2 (n − 1) / n`. The three
//!    kinds alternate over `--rounds` rounds; each one's median round is printed.

use mpi::collective::SystemOperation;
use mpi::traits::*;
use oneapi::onearray::mpi::{transport_report, ArrayComm, ReduceOp, Transport};
use oneapi::onearray::{DeviceBuffer, HostBuffer, OneArray};
use std::time::Instant;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

fn parse_size(s: &str) -> Option<usize> {
    let (num, mult) = match s.as_bytes().last()? {
        b'K' | b'k' => (&s[..s.len() - 1], 1 << 10),
        b'M' | b'm' => (&s[..s.len() - 1], 1 << 20),
        b'G' | b'g' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<usize>().ok().map(|n| n * mult)
}

fn main() -> Result<()> {
    let mut max_size = 256 << 20;
    let mut steps = 5usize;
    let mut rounds = 3usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--max-size" => {
                max_size = args
                    .next()
                    .as_deref()
                    .and_then(parse_size)
                    .ok_or("--max-size takes a size such as 64M")?;
            }
            "--steps" => steps = args.next().ok_or("--steps takes a number")?.parse()?,
            "--rounds" => {
                rounds = args.next().ok_or("--rounds takes a number")?.parse()?;
                if rounds == 0 {
                    return Err("--rounds takes a number from 1".into());
                }
            }
            _ => return Err(format!("unknown argument {a}").into()),
        }
    }
    let universe = mpi::initialize().ok_or("MPI is already initialized")?;
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    let root = rank == 0;
    if root {
        let s = oneapi::onearray::mpi::level_zero_support();
        println!(
            "{} ranks; device-aware MPI: {} ({})",
            size, s.aware, s.reason
        );
    }

    // 1. Data-parallel steps.
    let n = 1 << 20;
    let lr = 0.25f32;
    let target = OneArray::<f32>::filled(n, rank as f32)?;
    let mut params = OneArray::<f32>::zeroed(n)?;
    let mut grad = OneArray::<f32>::zeroed(n)?;
    let mut sum = OneArray::<f32>::zeroed(n)?;
    for step in 0..steps {
        world.barrier();
        let t0 = Instant::now();
        grad.assign((&params - &target) * 2.0)?;
        let transport = world.all_reduce(&grad, &mut sum, ReduceOp::Sum)?;
        let scale = lr / size as f32;
        params.update(|p| p - &sum * scale)?;
        let dt = t0.elapsed().as_secs_f64();
        let dt = max_over_ranks(&world, dt);
        if root {
            println!(
                "step {step}: {:.3} ms ({} B gradient all-reduced through the {transport} transport)",
                dt * 1e3,
                n * 4
            );
        }
    }
    // params_k = mean · (1 − (1 − 2 lr)^k): with lr = 0.25, (1/2)^k of the way left.
    let mean = (size - 1) as f32 / 2.0;
    let expect = mean * (1.0 - 0.5f32.powi(steps as i32));
    let got = params.to_vec()?;
    let worst = got
        .iter()
        .map(|p| (p - expect).abs())
        .fold(0.0f32, f32::max);
    if worst > 1e-4 * (1.0 + mean) {
        eprintln!("rank {rank}: parameters off by {worst} (expected {expect})");
        world.abort(1);
    }
    if root {
        println!("parameters converge to the mean target: {expect} on every rank");
    }

    // 2. Bandwidth.
    if root {
        println!();
        println!(
            "{:>10} {:>10} {:>7}  {:>10} {:>8} {:>8}  {:>10} {:>8} {:>8}  {:>10} {:>8} {:>8}",
            "size",
            "count",
            "type",
            "host us",
            "algbw",
            "busbw",
            "device us",
            "algbw",
            "busbw",
            "vec us",
            "algbw",
            "busbw"
        );
    }
    let mut bytes = 4 << 10;
    let mut ratios = Vec::new();
    while bytes <= max_size {
        let count = bytes / 4;
        let iters = ((64 << 20) / bytes).clamp(2, 50);
        // Rounds interleave the three kinds; each kind's median round is reported.
        let mut times = [(); 3].map(|_| Vec::with_capacity(rounds));
        for _ in 0..rounds {
            times[0].push(time_arrays::<HostBuffer>(&world, count, iters)?);
            times[1].push(time_arrays::<DeviceBuffer>(&world, count, iters)?);
            times[2].push(time_vec(&world, count, iters));
        }
        // Device over host per round (neighbouring measurements share the machine's load).
        let ratio = median(times[1].iter().zip(&times[0]).map(|(d, h)| d / h).collect());
        let [host, device, vec] = times.map(median);
        if root {
            let bw = |t: f64| {
                let alg = bytes as f64 / t / 1e9;
                (alg, alg * 2.0 * (size - 1) as f64 / size as f64)
            };
            let row: Vec<String> = [host, device, vec]
                .iter()
                .map(|&t| {
                    let (a, b) = bw(t);
                    format!("{:>10.1} {a:>8.3} {b:>8.3}", t * 1e6)
                })
                .collect();
            println!(
                "{bytes:>10} {count:>10} {:>7}  {}  {}  {}",
                "float", row[0], row[1], row[2]
            );
            if bytes >= 1 << 20 {
                ratios.push((bytes, ratio));
            }
        }
        bytes *= 4;
    }
    if root {
        if !ratios.is_empty() {
            // The median over the rounds of each round's device time / host time.
            let each: Vec<String> = ratios
                .iter()
                .map(|(b, r)| format!("{} KiB {r:.2}", b >> 10))
                .collect();
            let worst = ratios.iter().map(|r| r.1).fold(0.0, f64::max);
            println!(
                "device/host time per round (median) from 1 MiB up: at most {worst:.2}x ({})",
                each.join(", ")
            );
        }
        print!("{}", transport_report());
        println!("all-reduce results checked on every rank");
    }
    Ok(())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn max_over_ranks(world: &impl Communicator, t: f64) -> f64 {
    let mut m = 0.0;
    world.all_reduce_into(&t, &mut m, SystemOperation::max());
    m
}

/// Seconds per all-reduce of `count` floats between arrays of kind `B` (the slowest rank's),
/// after one checked warm-up call.
fn time_arrays<B: oneapi::onearray::BufferKind>(
    world: &mpi::topology::SimpleCommunicator,
    count: usize,
    iters: usize,
) -> Result<f64> {
    let (rank, size) = (world.rank(), world.size());
    let send = OneArray::<f32, B>::filled(count, rank as f32 + 1.0)?;
    let mut recv = OneArray::<f32, B>::zeroed(count)?;
    let t = world.all_reduce(&send, &mut recv, ReduceOp::Sum)?;
    if B::KIND == oneapi::level_zero::MemoryKind::Device && t == Transport::Host {
        return Err("a device array took the host transport".into());
    }
    check(world, &recv.to_vec()?, size);
    world.barrier();
    let t0 = Instant::now();
    for _ in 0..iters {
        world.all_reduce(&send, &mut recv, ReduceOp::Sum)?;
    }
    Ok(max_over_ranks(
        world,
        t0.elapsed().as_secs_f64() / iters as f64,
    ))
}

/// As [`time_arrays`] for plain vectors through rsmpi's own call.
fn time_vec(world: &mpi::topology::SimpleCommunicator, count: usize, iters: usize) -> f64 {
    let (rank, size) = (world.rank(), world.size());
    let send = vec![rank as f32 + 1.0; count];
    let mut recv = vec![0.0f32; count];
    world.all_reduce_into(&send[..], &mut recv[..], SystemOperation::sum());
    check(world, &recv, size);
    world.barrier();
    let t0 = Instant::now();
    for _ in 0..iters {
        world.all_reduce_into(&send[..], &mut recv[..], SystemOperation::sum());
    }
    max_over_ranks(world, t0.elapsed().as_secs_f64() / iters as f64)
}

/// Every element is 1 + 2 + … + size.
fn check(world: &impl Communicator, got: &[f32], size: i32) {
    let want = (size * (size + 1) / 2) as f32;
    if let Some(i) = got.iter().position(|&v| v != want) {
        eprintln!(
            "rank {}: element {i} is {} after the all-reduce, not {want}",
            world.rank(),
            got[i]
        );
        world.abort(1);
    }
}
