//! A 2-D Jacobi stencil split over MPI ranks by rows, with a halo exchange each step,
//! checked against the same steps in one process.
//!
//! ```text
//! cargo build --features mpi --example mpi_halo
//! mpirun -n 4 target/debug/examples/mpi_halo [--steps 100]
//! ```
//!
//! Each rank keeps its rows plus one halo row above and below in a device array. A step
//! sends its first and last rows to the neighbours and receives their rows into its halos
//! (non-blocking, views of the one array: the borrow checker keeps the four apart), then
//! updates the interior points on the device. Global edges are fixed. At the end the rows
//! are all-gathered into a host array and compared with a single-process run; any mismatch
//! exits non-zero.

use mpi::traits::*;
use oneapi::onearray::mpi::{scope, ArrayComm};
use oneapi::onearray::{HostBuffer, OneArray};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

const NX: usize = 256;

fn initial(row: usize, col: usize, ny: usize) -> f32 {
    if row == 0 {
        1.0
    } else if row == ny - 1 || col == 0 || col == NX - 1 {
        0.0
    } else {
        ((row * 7 + col * 13) % 17) as f32 / 17.0
    }
}

fn main() -> Result<()> {
    let mut steps = 100usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--steps" => steps = args.next().ok_or("--steps takes a number")?.parse()?,
            _ => return Err(format!("unknown argument {a}").into()),
        }
    }
    let universe = mpi::initialize().ok_or("MPI is already initialized")?;
    let world = universe.world();
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    let rows = 60; // per rank
    let ny = rows * size;
    let first = rank * rows; // global row of local row 1

    // Local rows 1..=rows are global rows first..first + rows; 0 and rows + 1 are halos.
    let mut init = vec![0.0f32; (rows + 2) * NX];
    let mut mask = vec![0.0f32; rows * NX];
    for r in 0..rows {
        let g = first + r;
        for c in 0..NX {
            init[(r + 1) * NX + c] = initial(g, c, ny);
            let edge = g == 0 || g == ny - 1 || c == 0 || c == NX - 1;
            mask[r * NX + c] = if edge { 0.0 } else { 1.0 };
        }
    }
    let mut u = OneArray::<f32>::from_slice(&init)?;
    let mask = OneArray::<f32>::from_slice(&mask)?;
    let mut next = OneArray::<f32>::zeroed(rows * NX)?;
    let (up, down) = (rank.checked_sub(1), (rank + 1 < size).then_some(rank + 1));
    let mut transports = Vec::new();
    for _ in 0..steps {
        {
            // [halo above | first row | middle rows | last row | halo below]
            let whole = u.as_view_mut();
            let (halo_up, rest) = whole.split_at(0, NX)?;
            let (first_row, rest) = rest.split_at(0, NX)?;
            let (_, rest) = rest.split_at(0, (rows - 2) * NX)?;
            let (last_row, halo_down) = rest.split_at(0, NX)?;
            let (mut halo_up, mut halo_down) = (halo_up, halo_down);
            scope(|s| -> oneapi::onearray::Result<()> {
                let mut pending = Vec::new();
                if let Some(p) = up {
                    let p = p as i32;
                    pending.push(world.immediate_receive_array(s, &mut halo_up, p, 1)?);
                    pending.push(world.immediate_send_array(s, &first_row, p, 0)?);
                }
                if let Some(p) = down {
                    let p = p as i32;
                    pending.push(world.immediate_receive_array(s, &mut halo_down, p, 0)?);
                    pending.push(world.immediate_send_array(s, &last_row, p, 1)?);
                }
                for r in pending {
                    transports.push(r.wait()?);
                }
                Ok(())
            })?;
        }
        let n = rows * NX;
        let c = u.view(NX..NX + n)?;
        let above = u.view(0..n)?;
        let below = u.view(2 * NX..2 * NX + n)?;
        let left = u.view(NX - 1..NX - 1 + n)?;
        let right = u.view(NX + 1..NX + 1 + n)?;
        let avg = (above.expr() + below.expr() + left.expr() + right.expr()) * 0.25f32;
        next.assign(c.expr() + (avg - c.expr()) * &mask)?;
        u.view_mut(NX..NX + n)?.copy_from(&next)?;
    }

    let mut all = OneArray::<f32, HostBuffer>::zeroed(ny * NX)?;
    world.all_gather(&u.view(NX..NX + rows * NX)?, &mut all)?;
    let want = reference(ny, steps);
    let worst = all
        .iter()
        .zip(&want)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    if rank == 0 {
        println!(
            "{size} ranks × {rows} rows × {NX} columns, {steps} steps; halos through the {} transport",
            transports.first().map_or("(none)".into(), |t| t.to_string())
        );
    }
    if worst > 1e-5 {
        eprintln!("rank {rank}: the distributed grid differs from one process by {worst}");
        std::process::exit(1);
    }
    if rank == 0 {
        println!("matches the single-process run (largest difference {worst:e})");
    }
    Ok(())
}

/// The same steps over the whole grid, in one process, on the host.
fn reference(ny: usize, steps: usize) -> Vec<f32> {
    let mut u: Vec<f32> = (0..ny * NX).map(|i| initial(i / NX, i % NX, ny)).collect();
    let mut next = u.clone();
    for _ in 0..steps {
        for r in 1..ny - 1 {
            for c in 1..NX - 1 {
                let i = r * NX + c;
                let avg = (u[i - NX] + u[i + NX] + u[i - 1] + u[i + 1]) * 0.25;
                next[i] = u[i] + (avg - u[i]);
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    u
}
