//! Item 4: arrays handed to another thread with work pending. The other thread's blocking
//! calls return once the work is done, without the issuing thread's help (which may be
//! blocked joining it).

use super::{common, saxpy, within};
use level_zero::Grid;
use onearray::{OneArray, SharedBuffer};
use std::sync::mpsc;

#[test]
fn an_array_handed_over_with_a_pending_launch_is_read_without_the_issuer() {
    if !common::in_child(
        "threads::an_array_handed_over_with_a_pending_launch_is_read_without_the_issuer",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    within(60, "handoff", || {
        let mut k = saxpy();
        let n = 1000;
        let x = OneArray::<f32>::filled(n, 1.0).unwrap();
        let mut c = OneArray::<f32, SharedBuffer>::filled(n, 1.0).unwrap();
        let p = k
            .run(Grid::for_len(n), (n as u32, 2.0f32, &x, &mut c))
            .unwrap();
        drop(p);
        // Read on another thread while this one waits in `join`.
        let sum = std::thread::spawn(move || c.as_slice().iter().sum::<f32>())
            .join()
            .unwrap();
        assert_eq!(sum, 3.0 * n as f32);

        // An asynchronous copy, then every kind of blocking call on the other side.
        let src = OneArray::<f32>::filled(n, 7.0).unwrap();
        let mut dst = OneArray::<f32, SharedBuffer>::zeroed(n).unwrap();
        drop(dst.copy_from_async(&src).unwrap());
        let v = std::thread::spawn(move || dst.to_vec().unwrap())
            .join()
            .unwrap();
        assert_eq!(v, vec![7.0; n]);

        let mut d = OneArray::<f32>::zeroed(n).unwrap();
        drop(d.copy_from_async(&src).unwrap());
        std::thread::spawn(move || d.unsafe_free().unwrap())
            .join()
            .unwrap();

        let mut e = OneArray::<f32, SharedBuffer>::zeroed(n).unwrap();
        drop(e.copy_from_async(&src).unwrap());
        std::thread::spawn(move || {
            let view = e.view(..10).unwrap();
            assert_eq!(view.to_vec().unwrap(), vec![7.0; 10]);
            let mut e = e;
            e.fill(1.0).unwrap();
            drop(e);
        })
        .join()
        .unwrap();

        // Dropped on the other thread with its work pending.
        let mut f = OneArray::<f32>::zeroed(n).unwrap();
        drop(f.copy_from_async(&src).unwrap());
        std::thread::spawn(move || drop(f)).join().unwrap();
    });
}

/// A small deterministic generator (xorshift64*), so runs are reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

#[test]
fn arrays_with_pending_work_move_between_eight_threads() {
    const THREADS: usize = 8;
    const ARRAYS: usize = 12;
    const HOPS: usize = 240;
    within(120, "eight-thread handoff", || {
        // Each message: an array, the value every element must have, hops left.
        type Msg = (OneArray<f32, SharedBuffer>, f32, usize);
        let (txs, rxs): (Vec<mpsc::Sender<Option<Msg>>>, Vec<_>) =
            (0..THREADS).map(|_| mpsc::channel()).unzip();
        let (done_tx, done_rx) = mpsc::channel::<(f32, f32)>();
        let n = 2048;
        let workers: Vec<_> = rxs
            .into_iter()
            .enumerate()
            .map(|(t, rx)| {
                let txs = txs.clone();
                let done = done_tx.clone();
                std::thread::spawn(move || {
                    let mut k = saxpy();
                    let ones = OneArray::<f32>::filled(n, 1.0).unwrap();
                    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1));
                    while let Ok(Some((mut a, want, hops))) = rx.recv() {
                        // The previous thread's launch may still be pending.
                        let got = match rng.below(3) {
                            0 => a.as_slice()[n - 1],
                            1 => a.to_vec().unwrap()[n / 2],
                            _ => a.view(..1).unwrap().to_vec().unwrap()[0],
                        };
                        if hops == 0 {
                            done.send((got, want)).unwrap();
                            continue;
                        }
                        // a += 1 on this thread's stream; the handle is dropped.
                        let p = k
                            .run(Grid::for_len(n), (n as u32, 1.0f32, &ones, &mut a))
                            .unwrap();
                        drop(p);
                        let next = rng.below(THREADS);
                        txs[next].send(Some((a, want + 1.0, hops - 1))).unwrap();
                    }
                })
            })
            .collect();
        for i in 0..ARRAYS {
            let a = OneArray::<f32, SharedBuffer>::filled(n, i as f32).unwrap();
            txs[i % THREADS]
                .send(Some((a, i as f32, HOPS / ARRAYS)))
                .unwrap();
        }
        for _ in 0..ARRAYS {
            let (got, want) = done_rx.recv().unwrap();
            assert_eq!(got, want);
        }
        for tx in &txs {
            tx.send(None).unwrap();
        }
        for w in workers {
            w.join().unwrap();
        }
    });
}
