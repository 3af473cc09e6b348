//! Double-buffered processing: a stream of chunks made on the host, processed on the device
//! and checked on the host. With two sets of buffers the device works on chunk k while the
//! host checks chunk k-1 and makes chunk k+1; with one set each side waits for the other.
//! Nothing here synchronizes by hand: host access to an array waits for the copies that use
//! it, and the device's commands run in order on the thread's stream.
//!
//! The gain needs a device that works beside the host: a GPU does; the CPU driver's "device"
//! is the host's own cores, so there two buffer sets gain only where cores are idle (and
//! lose a little to the extra buffers when none are).
//!
//! ```sh
//! cargo run --release --example double_buffer
//! ```

use oneapi::onearray::{self, HostBuffer, OneArray};
use std::time::{Duration, Instant};

const CHUNK: usize = 1 << 18;
const CHUNKS: usize = 24;

/// One set of buffers: the host input, its device copy, the device result, its host copy.
struct Slot {
    host_in: OneArray<f32, HostBuffer>,
    dev_in: OneArray<f32>,
    dev_out: OneArray<f32>,
    host_out: OneArray<f32, HostBuffer>,
}

impl Slot {
    fn new() -> Result<Slot, onearray::Error> {
        Ok(Slot {
            host_in: OneArray::zeroed(CHUNK)?,
            dev_in: OneArray::zeroed(CHUNK)?,
            dev_out: OneArray::zeroed(CHUNK)?,
            host_out: OneArray::zeroed(CHUNK)?,
        })
    }

    /// Host work: makes chunk `k` into `host_in` (waits until its previous upload read it).
    fn produce(&mut self, k: usize) {
        for (i, x) in self.host_in.as_mut_slice().iter_mut().enumerate() {
            *x = ((k * CHUNK + i) as f32 * 1e-3).sin();
        }
    }

    /// Device work, queued without waiting: upload, `y = 2x + 1` on the device, download.
    fn submit(&mut self) -> Result<(), onearray::Error> {
        self.dev_in.copy_from_async(&self.host_in)?;
        self.dev_out.assign(&self.dev_in * 2.0 + 1.0)?;
        self.host_out.copy_from_async(&self.dev_out)?;
        Ok(())
    }

    /// Host work: checks chunk `k` in `host_out` (waits for its download); the mismatches.
    fn check(&self, k: usize) -> usize {
        self.host_out
            .iter()
            .enumerate()
            .filter(|&(i, &y)| {
                let x = ((k * CHUNK + i) as f32 * 1e-3).sin();
                (y - (2.0 * x + 1.0)).abs() > 1e-5
            })
            .count()
    }
}

/// Processes every chunk with `slots` buffer sets (1 or 2); returns the time and mismatches.
fn run(slots: usize) -> Result<(Duration, usize), onearray::Error> {
    let mut set: Vec<Slot> = (0..slots).map(|_| Slot::new()).collect::<Result<_, _>>()?;
    let start = Instant::now();
    let mut bad = 0;
    for k in 0..CHUNKS {
        let s = &mut set[k % slots];
        s.produce(k);
        s.submit()?;
        if slots == 1 {
            bad += s.check(k); // waits for the device at once
        } else if k > 0 {
            bad += set[(k - 1) % slots].check(k - 1); // the device meanwhile works on chunk k
        }
    }
    if slots > 1 {
        bad += set[(CHUNKS - 1) % slots].check(CHUNKS - 1);
    }
    Ok((start.elapsed(), bad))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("{CHUNKS} chunks of {CHUNK} f32: host makes, device computes 2x + 1, host checks");
    run(2)?; // the first run builds the expression's kernel
    let (mut single, mut double) = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        // Rounds interleaved; the best of each.
        let (t1, bad1) = run(1)?;
        let (t2, bad2) = run(2)?;
        if bad1 + bad2 > 0 {
            return Err(format!("{} elements wrong", bad1 + bad2).into());
        }
        single = single.min(t1);
        double = double.min(t2);
    }
    println!("every chunk matches the host");
    println!(
        "one buffer set: {:.1} ms, two: {:.1} ms ({:.2}x)",
        single.as_secs_f64() * 1e3,
        double.as_secs_f64() * 1e3,
        single.as_secs_f64() / double.as_secs_f64()
    );
    Ok(())
}
