//! Per-thread magazines: blocks move between threads, `trim` and the out-of-memory ladder
//! reclaim what other threads cache, thread exit returns it, and the statistics stay exact
//! (each test in a child process, so that no other test's arrays share its pools).

mod common;
use common::{in_child, stats};
use level_zero::MemoryKind;
use onearray::pool::{
    fresh_block_size, size_class, LARGE, MAG_BYTES, MAG_DEPTH, MAG_MAX_BLOCK, MAG_MAX_PIECE,
    PIECE_ROUND, SEGMENT_ROUND,
};
use onearray::*;
use proptest::prelude::*;
use std::sync::mpsc;
use std::thread;

fn host(len: usize) -> OneArray<u8, HostBuffer> {
    OneArray::zeroed(len).unwrap()
}

#[test]
fn block_freed_on_one_thread_is_reused_on_another() {
    if !in_child("block_freed_on_one_thread_is_reused_on_another", &[]) {
        return;
    }
    let a = host(3000);
    let ptr = a.as_ptr() as usize;
    let class = size_class(3000).1;
    // Freed on a worker: it lands in the worker's magazine, the worker gets it back.
    thread::spawn(move || {
        drop(a);
        let st = stats(MemoryKind::Host);
        assert_eq!(
            (st.bytes_in_use, st.bytes_pooled, st.live_allocations),
            (0, class, 0)
        );
        let b = host(3000);
        assert_eq!(b.as_ptr() as usize, ptr);
        assert_eq!(stats(MemoryKind::Host).hits, 1);
    })
    .join()
    .unwrap();
    // The worker exited with it cached: it went back to the shared lists, and this thread
    // reuses it.
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.bytes_in_use, st.bytes_pooled, st.live_allocations),
        (0, class, 0)
    );
    let c = host(3000);
    assert_eq!(c.as_ptr() as usize, ptr);
    let st = stats(MemoryKind::Host);
    assert_eq!((st.allocations, st.hits, st.misses), (3, 2, 1));
    assert_eq!((st.bytes_in_use, st.peak_in_use), (class, class));
}

#[test]
fn trim_reclaims_blocks_cached_by_live_threads() {
    if !in_child("trim_reclaims_blocks_cached_by_live_threads", &[]) {
        return;
    }
    let sizes = [100usize, 1000, 5000, 60_000, MAG_MAX_BLOCK];
    let total: usize = sizes.iter().map(|&s| size_class(s).1).sum();
    let (cached_tx, cached_rx) = mpsc::channel();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let worker = thread::spawn(move || {
        let arrays: Vec<_> = sizes.iter().map(|&s| host(s)).collect();
        drop(arrays);
        cached_tx.send(()).unwrap();
        go_rx.recv().unwrap();
        // Its magazine was emptied by the other thread's trim: these miss.
        let before = stats(MemoryKind::Host).misses;
        drop(host(100));
        assert_eq!(stats(MemoryKind::Host).misses, before + 1);
    });
    cached_rx.recv().unwrap();
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.bytes_pooled, st.bytes_in_use, st.peak_in_use),
        (total, 0, total)
    );
    assert_eq!(trim(), total);
    let st = stats(MemoryKind::Host);
    assert_eq!((st.bytes_pooled, st.released), (0, sizes.len() as u64));
    go_tx.send(()).unwrap();
    worker.join().unwrap();
    assert_eq!(trim(), 512);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 0);
}

#[test]
fn oom_ladder_reclaims_blocks_cached_by_live_threads() {
    if !in_child(
        "oom_ladder_reclaims_blocks_cached_by_live_threads",
        &[("LEVEL_ZERO_CPU_MEMORY", "1M")],
    ) {
        return;
    }
    let (cached_tx, cached_rx) = mpsc::channel();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let worker = thread::spawn(move || {
        // 8 blocks of 56 KiB, 448 KiB in this magazine.
        let held: Vec<_> = (0..8)
            .map(|_| OneArray::<u8>::zeroed(56 << 10).unwrap())
            .collect();
        drop(held);
        cached_tx.send(()).unwrap();
        go_rx.recv().unwrap();
    });
    cached_rx.recv().unwrap();
    assert_eq!(stats(MemoryKind::Device).bytes_pooled, 448 << 10);
    // A 768 KiB segment fits only once the worker's cached blocks are given back.
    let big = OneArray::<u8>::zeroed(700 << 10).unwrap();
    let st = stats(MemoryKind::Device);
    assert_eq!((st.oom_trims, st.oom_failures, st.bytes_pooled), (1, 0, 0));
    go_tx.send(()).unwrap();
    worker.join().unwrap();
    drop(big);
}

#[test]
fn thread_exit_returns_cached_blocks() {
    if !in_child("thread_exit_returns_cached_blocks", &[]) {
        return;
    }
    let sizes = [512usize, 512, 700, 9000, 200_000];
    let total: usize = sizes.iter().map(|&s| fresh_block_size(s)).sum();
    let mut ptrs = thread::spawn(move || {
        let arrays: Vec<_> = sizes.iter().map(|&s| host(s)).collect();
        arrays
            .iter()
            .map(|a| a.as_ptr() as usize)
            .collect::<Vec<_>>()
    })
    .join()
    .unwrap();
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.bytes_pooled, st.bytes_in_use, st.live_allocations),
        (total, 0, 0)
    );
    assert_eq!((st.allocations, st.misses, st.peak_in_use), (5, 5, total));
    // All of them are reusable here.
    let again: Vec<_> = sizes.iter().map(|&s| host(s)).collect();
    let st = stats(MemoryKind::Host);
    assert_eq!((st.allocations, st.hits, st.misses), (10, 5, 5));
    assert_eq!((st.bytes_pooled, st.bytes_in_use), (0, total));
    let mut got: Vec<usize> = again.iter().map(|a| a.as_ptr() as usize).collect();
    ptrs.sort();
    got.sort();
    assert_eq!(got, ptrs);
}

/// A large piece freed on a thread serves that thread's next request of the same size from
/// its magazine; before the pool would grow, another thread takes it as it is (the same
/// request) or merged back into its books (another size); `trim` releases everything.
/// Catches: a piece cached in a magazine making the pool reserve more, or escaping `trim`.
fn cached_pieces_go_back_before_the_pool_grows<B: BufferKind>() {
    const MIB: usize = 1 << 20;
    let kind = B::KIND;
    let reserved = || {
        let st = stats(kind);
        st.bytes_in_use + st.bytes_pooled
    };
    // The worker caches a 2 MiB piece, twice (told when), and reports it.
    let (cached_tx, cached_rx) = mpsc::channel();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let worker = thread::spawn(move || {
        for _ in 0..2 {
            let a = OneArray::<u8, B>::zeroed(2 * MIB).unwrap();
            let ptr = a.as_ptr() as usize;
            drop(a);
            let before = stats(kind);
            let b = OneArray::<u8, B>::zeroed(2 * MIB).unwrap();
            assert_eq!(b.as_ptr() as usize, ptr);
            let after = stats(kind);
            assert_eq!((after.hits, after.misses), (before.hits + 1, before.misses));
            drop(b);
            cached_tx.send(ptr).unwrap();
            go_rx.recv().unwrap(); // alive, with the piece cached, until told
        }
    });
    // The same request on another thread: the worker's piece as it is.
    let ptr = cached_rx.recv().unwrap();
    let (before, held) = (stats(kind), reserved());
    assert!(held >= 2 * MIB);
    let c = OneArray::<u8, B>::zeroed(2 * MIB).unwrap();
    let after = stats(kind);
    assert_eq!(c.as_ptr() as usize, ptr);
    assert_eq!((after.misses, after.hits), (before.misses, before.hits + 1));
    assert_eq!(reserved(), held);
    drop(c);
    go_tx.send(()).unwrap();
    // Another size: the worker's piece (taken back from this thread first) merged back.
    let ptr = cached_rx.recv().unwrap();
    let before = stats(kind);
    let d = OneArray::<u8, B>::zeroed(MIB).unwrap();
    let after = stats(kind);
    assert_eq!(d.as_ptr() as usize, ptr);
    assert_eq!((after.misses, after.hits), (before.misses, before.hits + 1));
    assert_eq!(reserved(), held);
    drop(d);
    go_tx.send(()).unwrap();
    worker.join().unwrap();
    trim();
    let st = stats(kind);
    assert_eq!(
        (st.bytes_pooled, st.bytes_in_use, st.live_allocations),
        (0, 0, 0)
    );
    // A piece above MAG_MAX_PIECE goes back to the books at once; `trim` releases it too.
    drop(OneArray::<u8, B>::zeroed(MAG_MAX_PIECE + MIB).unwrap());
    assert!(trim() >= MAG_MAX_PIECE + MIB);
    assert_eq!(stats(kind).bytes_pooled, 0);
}

#[test]
fn cached_host_pieces_go_back_before_the_pool_grows() {
    if !in_child("cached_host_pieces_go_back_before_the_pool_grows", &[]) {
        return;
    }
    cached_pieces_go_back_before_the_pool_grows::<HostBuffer>();
}

/// The same on the expandable range of device memory.
#[test]
fn cached_device_pieces_go_back_before_the_pool_grows() {
    if !in_child("cached_device_pieces_go_back_before_the_pool_grows", &[]) {
        return;
    }
    cached_pieces_go_back_before_the_pool_grows::<DeviceBuffer>();
}

#[test]
fn magazines_are_bounded() {
    if !in_child("magazines_are_bounded", &[]) {
        return;
    }
    // Blocks of 1000 B, and of the four largest classes a magazine takes, dropped on this
    // thread (smallest first: no request can take a cached larger block): MAG_DEPTH per
    // class stay in its magazine while they fit in MAG_BYTES, the rest go to the shared
    // lists; a large block always does.
    let sizes = [
        1000,
        MAG_MAX_BLOCK / 8 * 5,
        MAG_MAX_BLOCK / 8 * 6,
        MAG_MAX_BLOCK / 8 * 7,
        MAG_MAX_BLOCK,
    ];
    let n = MAG_DEPTH + 2;
    let (mut kept, mut shared, mut pooled, mut bytes_bound) = (0, 0, 0, false);
    for &size in &sizes {
        let class = size_class(size).1;
        drop((0..n).map(|_| host(size)).collect::<Vec<_>>());
        for i in 0..n {
            if i < MAG_DEPTH && kept + class <= MAG_BYTES {
                kept += class;
            } else {
                bytes_bound |= i < MAG_DEPTH;
                shared += 1;
            }
        }
        pooled += n * class;
    }
    assert!(bytes_bound, "MAG_BYTES never refused a block");
    drop(host(MAG_MAX_BLOCK + 1));
    pooled += fresh_block_size(MAG_MAX_BLOCK + 1);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, pooled);
    // Another thread gets exactly what this one did not cache (largest first, so no request
    // takes a larger class's block another one could have had).
    let hits = thread::spawn(move || {
        let before = stats(MemoryKind::Host).hits;
        let c = host(MAG_MAX_BLOCK + 1);
        let a: Vec<_> = sizes
            .iter()
            .rev()
            .flat_map(|&s| (0..n).map(move |_| host(s)))
            .collect();
        let hits = stats(MemoryKind::Host).hits - before;
        drop((a, c));
        hits
    })
    .join()
    .unwrap();
    assert_eq!(hits as usize, shared + 1);
    let st = stats(MemoryKind::Host);
    assert_eq!((st.bytes_in_use, st.live_allocations), (0, 0));
    // The misses came from the driver: as many bytes as this thread's magazine keeps.
    assert_eq!(st.bytes_pooled, pooled + kept);
    assert_eq!(trim(), st.bytes_pooled);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 0);
}

#[test]
fn pool_limit_turns_magazines_off() {
    if !in_child(
        "pool_limit_turns_magazines_off",
        &[("ONEARRAY_POOL_LIMIT", "2048")],
    ) {
        return;
    }
    drop((0..8).map(|_| host(512)).collect::<Vec<_>>());
    let st = stats(MemoryKind::Host);
    assert_eq!((st.bytes_pooled, st.released), (2048, 4));
    // Set at run time, with blocks cached in this thread's magazine: later frees respect
    // it, counting the magazine's bytes.
    set_pool_limit(usize::MAX);
    drop((0..8).map(|_| host(512)).collect::<Vec<_>>());
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 8 * 512);
    set_pool_limit(4096);
    drop(host(3000));
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 8 * 512);
}

#[test]
fn views_dropped_on_many_threads() {
    if !in_child("views_dropped_on_many_threads", &[]) {
        return;
    }
    for round in 0..50 {
        let mut a = OneArray::<u32, SharedBuffer>::zeroed(1000).unwrap();
        a.as_mut_slice().fill(round);
        let views: Vec<_> = (0..8)
            .map(|i| a.view_owned(i * 100..i * 100 + 10).unwrap())
            .collect();
        drop(a);
        let threads: Vec<_> = views
            .into_iter()
            .map(|v| thread::spawn(move || assert!(v.iter().all(|&x| x == round))))
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let st = stats(MemoryKind::Shared);
        assert_eq!((st.live_allocations, st.bytes_in_use), (0, 0));
    }
    let st = stats(MemoryKind::Shared);
    assert_eq!((st.allocations, st.peak_in_use), (50, 4096));
    assert_eq!(st.bytes_pooled, 4096);
}

#[test]
fn stats_stay_exact_across_threads() {
    if !in_child("stats_stay_exact_across_threads", &[]) {
        return;
    }
    stats_across_threads();
}

/// The same without the asymmetric barrier: the magazines' flags taken with
/// read-modify-writes (what runs where `membarrier` is missing).
#[test]
fn stats_stay_exact_across_threads_without_membarrier() {
    if !in_child(
        "stats_stay_exact_across_threads_without_membarrier",
        &[("ONEARRAY_MEMBARRIER", "0")],
    ) {
        return;
    }
    stats_across_threads();
}

/// Workers allocate and free (some on a consumer thread) while a reader checks snapshots and
/// trims, taking the magazines from under their owners.
fn stats_across_threads() {
    const THREADS: usize = 4;
    const OPS: usize = 5000;
    let (tx, rx) = mpsc::channel::<OneArray<u8, HostBuffer>>();
    let done = std::sync::atomic::AtomicBool::new(false);
    thread::scope(|s| {
        // A reader checks what every snapshot must satisfy, and trims (emptying the other
        // threads' magazines while they use them).
        s.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let st = stats(MemoryKind::Host);
                assert_eq!(st.hits + st.misses, st.allocations);
                assert!(st.live_allocations as u64 <= st.allocations);
                assert!(st.peak_in_use >= st.bytes_in_use);
                // Summed from per-magazine counters: never a wrapped "negative" sum.
                assert!(st.bytes_requested < 1 << 40, "{}", st.bytes_requested);
                trim();
            }
        });
        // A consumer frees what the workers send it.
        let consumer = s.spawn(move || rx.into_iter().for_each(drop));
        let workers: Vec<_> = (0..THREADS as u64)
            .map(|t| {
                let tx = tx.clone();
                s.spawn(move || {
                    let mut rng = t.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    let mut live = Vec::new();
                    for _ in 0..OPS {
                        rng ^= rng << 13;
                        rng ^= rng >> 7;
                        rng ^= rng << 17;
                        match rng % 4 {
                            0 | 1 => live.push(host(1 + (rng >> 8) as usize % 20_000)),
                            2 if !live.is_empty() => {
                                let a = live.swap_remove((rng >> 8) as usize % live.len());
                                tx.send(a).unwrap();
                            }
                            _ => drop(live.pop()),
                        }
                    }
                })
            })
            .collect();
        drop(tx);
        for w in workers {
            w.join().unwrap();
        }
        consumer.join().unwrap();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let st = stats(MemoryKind::Host);
    assert_eq!(
        (st.live_allocations, st.bytes_in_use, st.bytes_requested),
        (0, 0, 0)
    );
    assert_eq!(st.hits + st.misses, st.allocations);
    assert!(st.allocations > (THREADS * OPS / 3) as u64);
    assert!(st.peak_in_use > 0);
    // Everything obtained from the driver is cached now, and trim gives it all back.
    assert_eq!(trim(), st.bytes_pooled);
    assert_eq!(stats(MemoryKind::Host).bytes_pooled, 0);
}

#[derive(Clone, Debug)]
enum Op {
    Alloc(usize),
    Free(usize),
    View(usize),
    FreeOnWorker(usize),
    AllocOnWorker(usize),
    Trim,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (1usize..2_000_000).prop_map(Op::Alloc),
        3 => any::<usize>().prop_map(Op::Free),
        1 => any::<usize>().prop_map(Op::View),
        2 => any::<usize>().prop_map(Op::FreeOnWorker),
        1 => (1usize..2_000_000).prop_map(Op::AllocOnWorker),
        1 => Just(Op::Trim),
    ]
}

/// A live array, its class size, its views and the bytes it asked for.
type Live = (
    OneArray<u8, HostBuffer>,
    usize,
    Vec<OneArray<u8, HostBuffer>>,
    usize,
);

enum Job {
    Free(Vec<OneArray<u8, HostBuffer>>),
    Alloc(usize),
}

/// Random sequences, with a worker thread freeing and allocating too: after every step,
/// in-use bytes are the classes of the live blocks, the bytes requested those the live arrays
/// asked for, the live count matches, cached plus in use is what came from the driver less
/// what went back, and the peak is the running max.
#[test]
fn random_sequences_keep_stats_exact() {
    if !in_child("random_sequences_keep_stats_exact", &[]) {
        return;
    }
    let (job_tx, job_rx) = mpsc::channel::<Job>();
    let (back_tx, back_rx) = mpsc::channel();
    let worker = thread::spawn(move || {
        for job in job_rx {
            let made = match job {
                Job::Free(a) => {
                    drop(a);
                    None
                }
                Job::Alloc(n) => Some(host(n)),
            };
            back_tx.send(made).unwrap();
        }
    });
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(64));
    runner
        .run(&proptest::collection::vec(op(), 1..60), |ops| {
            // Arrays by block: (array, class size, views of it).
            let mut live: Vec<Live> = Vec::new();
            let mut prev = stats(MemoryKind::Host);
            prop_assert_eq!((prev.bytes_in_use, prev.live_allocations), (0, 0));
            let mut held = prev.bytes_pooled; // from the driver, not given back
            let mut peak = prev.peak_in_use;
            for op in ops.iter().chain([Op::Trim].iter()) {
                let mut allocated = None;
                match *op {
                    Op::Alloc(n) => {
                        live.push((host(n), 0, Vec::new(), n));
                        allocated = Some(n);
                    }
                    Op::AllocOnWorker(n) => {
                        job_tx.send(Job::Alloc(n)).unwrap();
                        let a = back_rx.recv().unwrap().unwrap();
                        live.push((a, 0, Vec::new(), n));
                        allocated = Some(n);
                    }
                    Op::Free(i) if !live.is_empty() => {
                        let (a, _, views, _) = live.swap_remove(i % live.len());
                        drop(a);
                        drop(views);
                    }
                    Op::FreeOnWorker(i) if !live.is_empty() => {
                        let (a, _, mut views, _) = live.swap_remove(i % live.len());
                        views.push(a);
                        job_tx.send(Job::Free(views)).unwrap();
                        back_rx.recv().unwrap();
                    }
                    Op::View(i) if !live.is_empty() => {
                        let k = i % live.len();
                        let v = live[k].0.view_owned(0..1).unwrap();
                        live[k].2.push(v);
                    }
                    Op::Trim => {
                        live.clear();
                        let freed = trim();
                        held -= freed;
                    }
                    _ => {}
                }
                let st = stats(MemoryKind::Host);
                // Only a large request that misses gives memory back (segments too small).
                let released = (st.bytes_released - prev.bytes_released) as usize;
                if !matches!(op, Op::Trim) {
                    let large_miss =
                        allocated.is_some_and(|n| n > LARGE) && st.misses > prev.misses;
                    prop_assert!(
                        released == 0 || large_miss,
                        "{} released by {:?}",
                        released,
                        op
                    );
                    held -= released;
                }
                if let Some(n) = allocated {
                    // The block handed out: of the request's class from the driver, of up to
                    // pool::REACH classes more (at most four times the size) from the pool;
                    // above LARGE a piece of a segment, its size rounded to PIECE_ROUND, or
                    // all of a free piece that would leave less than LARGE.
                    let got = st.bytes_in_use - prev.bytes_in_use;
                    if st.misses > prev.misses {
                        prop_assert_eq!(got, fresh_block_size(n));
                    } else if n <= LARGE {
                        let class = size_class(n).1;
                        prop_assert!(got >= class && got <= 4 * class, "{} for {}", got, n);
                    } else {
                        let piece = n.div_ceil(PIECE_ROUND) * PIECE_ROUND;
                        prop_assert!(got >= piece && got < piece + LARGE, "{} for {}", got, n);
                    }
                    if let Some(l) = live.last_mut() {
                        l.1 = got;
                    }
                }
                let in_use: usize = live.iter().map(|l| l.1).sum();
                prop_assert_eq!(st.bytes_in_use, in_use);
                prop_assert_eq!(st.bytes_requested, live.iter().map(|l| l.3).sum::<usize>());
                prop_assert_eq!(st.live_allocations, live.len());
                prop_assert_eq!(st.hits + st.misses, st.allocations);
                if let Some(n) = allocated {
                    prop_assert_eq!(st.allocations, prev.allocations + 1);
                    if st.misses > prev.misses {
                        held += if n <= LARGE {
                            size_class(n).1
                        } else {
                            (n.div_ceil(PIECE_ROUND) * PIECE_ROUND).div_ceil(SEGMENT_ROUND)
                                * SEGMENT_ROUND
                        };
                    }
                }
                prop_assert_eq!(st.bytes_pooled + st.bytes_in_use, held);
                peak = peak.max(in_use);
                prop_assert_eq!(st.peak_in_use, peak);
                prev = st;
            }
            prop_assert_eq!(prev.bytes_pooled, 0);
            Ok(())
        })
        .unwrap();
    drop(job_tx);
    worker.join().unwrap();
}
