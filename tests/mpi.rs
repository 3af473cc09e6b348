//! `onearray::mpi` on a real MPI library: every operation's results checked on every rank,
//! for host, shared and device arrays and for views. Run under mpirun (feature `mpi`):
//!
//! ```text
//! cargo build --features mpi --test mpi
//! mpirun -n 4 target/debug/deps/mpi-<hash>      # or: cargo test --features mpi --test mpi
//! ```
//!
//! (Alone it runs as one rank.) A failed check panics, which makes mpirun end the job with a
//! non-zero status.

use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use oneapi::onearray::mpi::{
    level_zero_support, scope, transport_report, ArrayComm, ReduceOp, Transport,
};
use oneapi::onearray::{s, DeviceBuffer, Error, HostBuffer, OneArray, SharedBuffer};

type Result = oneapi::onearray::Result<()>;

/// What a device array's transport is on this MPI library.
fn device_transport() -> Transport {
    if level_zero_support().aware {
        Transport::DeviceDirect
    } else {
        Transport::Staged
    }
}

fn main() -> Result {
    let universe = mpi::initialize().expect("MPI initializes once");
    let world = universe.world();
    let (rank, size) = (world.rank(), world.size());
    point_to_point(&world)?;
    non_blocking(&world)?;
    broadcast(&world)?;
    all_reduce(&world)?;
    gather_scatter(&world)?;
    errors(&world)?;
    world.barrier();
    if rank == 0 {
        print!("{}", transport_report());
        println!("mpi tests passed on {size} ranks");
    }
    Ok(())
}

fn ring(world: &SimpleCommunicator) -> (i32, i32) {
    let (rank, size) = (world.rank(), world.size());
    ((rank + 1) % size, (rank + size - 1) % size)
}

fn point_to_point(world: &SimpleCommunicator) -> Result {
    let rank = world.rank();
    if world.size() == 1 {
        // A blocking send to oneself before the receive is posted may wait forever (MPI's
        // rules): the blocking ring needs two ranks.
        return Ok(());
    }
    let (next, prev) = ring(world);
    let n = 1000;
    let data = |r: i32| (0..n).map(|i| (r * 10_000 + i) as f64).collect::<Vec<_>>();
    // Even ranks send first; odd ranks receive first (a ring of blocking calls).
    let exchange = |send: &dyn Fn() -> Result, recv: &dyn Fn() -> Result| -> Result {
        if rank % 2 == 0 {
            send()?;
            recv()
        } else {
            recv()?;
            send()
        }
    };
    // Host -> device, device -> shared, shared -> host, around the ring in three rounds.
    let host = OneArray::<f64, HostBuffer>::from_slice(&data(rank))?;
    let dev = OneArray::<f64>::from_slice(&data(rank))?;
    let shared = OneArray::<f64, SharedBuffer>::from_slice(&data(rank))?;
    let got_dev = std::cell::RefCell::new(OneArray::<f64>::zeroed(n as usize)?);
    let got_shared = std::cell::RefCell::new(OneArray::<f64, SharedBuffer>::zeroed(n as usize)?);
    let got_host = std::cell::RefCell::new(OneArray::<f64, HostBuffer>::zeroed(n as usize)?);
    exchange(
        &|| {
            assert_eq!(world.send_array(&host, next, 1)?, Transport::Host);
            Ok(())
        },
        &|| {
            let t = world.receive_array(&mut *got_dev.borrow_mut(), prev, 1)?;
            assert_eq!(t, device_transport());
            Ok(())
        },
    )?;
    exchange(&|| world.send_array(&dev, next, 2).map(drop), &|| {
        world
            .receive_array(&mut *got_shared.borrow_mut(), prev, 2)
            .map(drop)
    })?;
    exchange(&|| world.send_array(&shared, next, 3).map(drop), &|| {
        world
            .receive_array(&mut *got_host.borrow_mut(), prev, 3)
            .map(drop)
    })?;
    assert_eq!(got_dev.borrow().to_vec()?, data(prev));
    assert_eq!(got_shared.borrow().as_slice(), &data(prev)[..]);
    assert_eq!(got_host.borrow().as_slice(), &data(prev)[..]);

    // Views: a column of a 2-D device array (strided: packed) into a row of a host array.
    let m = OneArray::<i32>::from_slice(&(0..12).map(|i| i + 100 * rank).collect::<Vec<_>>())?
        .reshape(&[4, 3])?;
    let mut h = OneArray::<i32, HostBuffer>::zeroed(8)?.reshape(&[2, 4])?;
    let col = m.slice(s![.., 1])?;
    let send = || {
        world
            .send_array(&col, next, 4)
            .map(|t| assert_eq!(t, Transport::Packed))
    };
    if rank % 2 == 0 {
        send()?;
        let t = world.receive_array(&mut h.slice_mut(s![1, ..])?, prev, 4)?;
        assert_eq!(t, Transport::Host);
    } else {
        world.receive_array(&mut h.slice_mut(s![1, ..])?, prev, 4)?;
        send()?;
    }
    let p = 100 * prev;
    assert_eq!(h.as_slice(), &[0, 0, 0, 0, 1 + p, 4 + p, 7 + p, 10 + p]);

    // A message of another length: received, refused, and the ring still works after it.
    let short = OneArray::<f32, HostBuffer>::filled(3, 1.0)?;
    let mut long = OneArray::<f32, HostBuffer>::filled(5, 9.0)?;
    let r = if rank % 2 == 0 {
        world.send_array(&short, next, 5)?;
        world.receive_array(&mut long, prev, 5)
    } else {
        let r = world.receive_array(&mut long, prev, 5);
        world.send_array(&short, next, 5)?;
        r
    };
    assert!(
        matches!(r, Err(Error::LengthMismatch { dst: 5, src: 3 })),
        "{r:?}"
    );
    assert_eq!(long.as_slice(), &[9.0; 5]);
    Ok(())
}

fn non_blocking(world: &SimpleCommunicator) -> Result {
    let rank = world.rank();
    let (next, prev) = ring(world);
    let n = 3 << 18; // 3 MiB of f32
    let out_dev = OneArray::<f32>::filled(n, rank as f32)?;
    let mut in_dev = OneArray::<f32>::zeroed(n)?;
    let out_host = OneArray::<u16, HostBuffer>::filled(7, rank as u16)?;
    let mut in_host = OneArray::<u16, HostBuffer>::zeroed(7)?;
    let mut forgotten = OneArray::<u16, SharedBuffer>::zeroed(7)?;
    scope(|s| -> Result {
        let r1 = world.immediate_receive_array(s, &mut in_dev, prev, 10)?;
        let mut r2 = world.immediate_receive_array(s, &mut in_host, prev, 11)?;
        let r3 = world.immediate_receive_array(s, &mut forgotten, prev, 12)?;
        assert_eq!(r1.transport(), device_transport());
        assert_eq!(r2.transport(), Transport::Host);
        let w1 = world.immediate_send_array(s, &out_dev, next, 10)?;
        let w2 = world.immediate_send_array(s, &out_host, next, 11)?;
        let w3 = world.immediate_send_array(s, &out_host, next, 12)?;
        // Leaked: the scope still waits for it before the arrays are free again.
        std::mem::forget(r3);
        while !r2.test()? {
            std::thread::yield_now();
        }
        r1.wait()?;
        drop(w1); // dropping waits
        w2.wait()?;
        w3.wait()?;
        r2.wait()?;
        Ok(())
    })?;
    assert!(in_dev.to_vec()?.iter().all(|&v| v == prev as f32));
    assert_eq!(in_host.as_slice(), &[prev as u16; 7]);
    // Host memory: the leaked receive wrote it before the scope ended.
    assert_eq!(forgotten.as_slice(), &[prev as u16; 7]);
    Ok(())
}

fn broadcast(world: &SimpleCommunicator) -> Result {
    let rank = world.rank();
    let root = world.size() - 1;
    // 10 MiB + a bit: three segments through the staging ring.
    let n = (10 << 18) + 5;
    let want: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect();
    let mut dev = if rank == root {
        OneArray::<u32>::from_slice(&want)?
    } else {
        OneArray::<u32>::zeroed(n)?
    };
    assert_eq!(world.broadcast_array(root, &mut dev)?, device_transport());
    assert!(dev.to_vec()? == want);
    let mut host = OneArray::<u32, HostBuffer>::zeroed(n)?;
    if rank == root {
        host.copy_from_slice(&want)?;
    }
    assert_eq!(world.broadcast_array(root, &mut host)?, Transport::Host);
    assert!(host.as_slice() == &want[..]);
    // A strided view: every other element of a shared array.
    let mut sh = OneArray::<i64, SharedBuffer>::filled(10, if rank == root { 7 } else { -1 })?;
    let t = world.broadcast_array(root, &mut sh.slice_mut(s![0..10;2])?)?;
    assert_eq!(t, Transport::Packed);
    if rank != root {
        assert_eq!(sh.as_slice(), &[7, -1, 7, -1, 7, -1, 7, -1, 7, -1]);
    }
    Ok(())
}

fn all_reduce(world: &SimpleCommunicator) -> Result {
    let (rank, size) = (world.rank(), world.size());
    let tri = size * (size - 1) / 2;
    // Device arrays over several segments, each op.
    let n = (9 << 18) + 3;
    let x = OneArray::<f32>::from_slice(
        &(0..n)
            .map(|i| (rank + (i % 5) as i32) as f32)
            .collect::<Vec<_>>(),
    )?;
    let mut y = OneArray::<f32>::zeroed(n)?;
    let want = |op: ReduceOp, i: usize| -> f32 {
        let k = (i % 5) as i32;
        match op {
            ReduceOp::Sum => (tri + size * k) as f32,
            ReduceOp::Min => k as f32,
            ReduceOp::Max => (size - 1 + k) as f32,
        }
    };
    for op in [ReduceOp::Sum, ReduceOp::Min, ReduceOp::Max] {
        assert_eq!(world.all_reduce(&x, &mut y, op)?, device_transport());
        let got = y.to_vec()?;
        for (i, &g) in got.iter().enumerate() {
            assert_eq!(g, want(op, i), "{op:?} element {i}");
        }
    }
    // The input is left as it was (staged, the sum is made in the output's buffers).
    let xs = x.to_vec()?;
    assert!(xs
        .iter()
        .enumerate()
        .all(|(i, &v)| v == (rank + (i % 5) as i32) as f32));
    // Contiguous views at offsets, over a segment boundary.
    let mut z = OneArray::<f32>::filled(n, -1.0)?;
    let (a, b) = (7, (1 << 18) + 11);
    world.all_reduce(
        &x.slice(s![a + 1..b + 1])?,
        &mut z.slice_mut(s![a..b])?,
        ReduceOp::Sum,
    )?;
    let got = z.to_vec()?;
    for (i, &g) in got.iter().enumerate() {
        let want = if (a..b).contains(&i) {
            want(ReduceOp::Sum, i + 1)
        } else {
            -1.0
        };
        assert_eq!(g, want, "view element {i}");
    }
    // In place, host and device, integers and doubles.
    let mut h = OneArray::<i64, HostBuffer>::filled(1000, rank as i64 + 1)?;
    assert_eq!(
        world.all_reduce_in_place(&mut h, ReduceOp::Sum)?,
        Transport::Host
    );
    assert!(h.iter().all(|&v| v == (tri + size) as i64));
    let mut d = OneArray::<f64, DeviceBuffer>::filled((5 << 17) + 1, rank as f64)?;
    world.all_reduce_in_place(&mut d, ReduceOp::Max)?;
    assert!(d.to_vec()?.iter().all(|&v| v == (size - 1) as f64));
    let mut u = OneArray::<u64, SharedBuffer>::filled(33, 10 + rank as u64)?;
    world.all_reduce_in_place(&mut u, ReduceOp::Min)?;
    assert!(u.iter().all(|&v| v == 10));
    // Views: a row of a device matrix into a column of a host one.
    let m = OneArray::<i32>::filled(12, rank)?.reshape(&[3, 4])?;
    let mut out = OneArray::<i32, HostBuffer>::zeroed(12)?.reshape(&[4, 3])?;
    let t = world.all_reduce(
        &m.slice(s![1, ..])?,
        &mut out.slice_mut(s![.., 2])?,
        ReduceOp::Sum,
    )?;
    assert_eq!(t, Transport::Packed);
    for r in 0..4 {
        assert_eq!(out.as_slice()[r * 3..r * 3 + 3], [0, 0, tri]);
    }
    Ok(())
}

fn gather_scatter(world: &SimpleCommunicator) -> Result {
    let (rank, size) = (world.rank(), world.size());
    let n = 1000;
    let mine = OneArray::<u8>::filled(n, rank as u8)?;
    let mut all = OneArray::<u8, HostBuffer>::zeroed(n * size as usize)?;
    world.all_gather(&mine, &mut all)?;
    for r in 0..size as usize {
        assert!(all.as_slice()[r * n..(r + 1) * n]
            .iter()
            .all(|&v| v == r as u8));
    }
    let mut all_dev = OneArray::<u8>::zeroed(n * size as usize)?;
    world.all_gather(&mine.view(..)?, &mut all_dev)?;
    assert_eq!(all_dev.to_vec()?, all.as_slice());

    // Reduce-scatter: rank r gets the sum over ranks of block r.
    let send = OneArray::<i32, SharedBuffer>::from_slice(
        &(0..size * 10).map(|i| i + rank).collect::<Vec<_>>(),
    )?;
    let mut recv = OneArray::<i32>::zeroed(10)?;
    world.reduce_scatter(&send, &mut recv, ReduceOp::Sum)?;
    let want: Vec<i32> = (0..10)
        .map(|j| size * (rank * 10 + j) + size * (size - 1) / 2)
        .collect();
    assert_eq!(recv.to_vec()?, want);
    Ok(())
}

fn errors(world: &SimpleCommunicator) -> Result {
    let (rank, size) = (world.rank(), world.size());
    // Lengths differing between the ranks: an error on every rank, no hang.
    if size > 1 {
        let a = OneArray::<f32, HostBuffer>::zeroed(10 + rank as usize)?;
        let mut b = OneArray::<f32, HostBuffer>::zeroed(10 + rank as usize)?;
        let e = world.all_reduce(&a, &mut b, ReduceOp::Sum).unwrap_err();
        assert!(e.to_string().contains("lengths differ"), "{e}");
        let mut c = OneArray::<f32>::zeroed(5 + rank as usize)?;
        assert!(matches!(
            world.broadcast_array(0, &mut c),
            Err(Error::Mpi { .. })
        ));
    }
    // Local mistakes, caught before any MPI call.
    let a = OneArray::<f32, HostBuffer>::zeroed(4)?;
    let mut b = OneArray::<f32, HostBuffer>::zeroed(5)?;
    assert!(matches!(
        world.all_reduce(&a, &mut b, ReduceOp::Sum),
        Err(Error::LengthMismatch { dst: 5, src: 4 })
    ));
    let e = world.all_gather(&a, &mut b).unwrap_err();
    assert!(e.to_string().contains("all-gather"), "{e}");
    let e = world.send_array(&a, size, 0).unwrap_err();
    assert!(
        e.to_string().contains(&format!("rank {size} is not")),
        "{e}"
    );
    // Host access refused while a view shares the memory (writes).
    let owned = b.view_owned(0..2)?;
    assert!(matches!(
        world.receive_array(&mut b, 0, 0),
        Err(Error::ViewsExist { .. })
    ));
    drop(owned);
    Ok(())
}
