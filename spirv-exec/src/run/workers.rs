//! The worker threads launches spread their work-groups over: started when a launch first
//! needs them, parked between launches, reused by the next ones (a launch no longer pays for
//! starting and joining threads).
//!
//! [`Workers::run`] runs one function on the calling thread and on `threads - 1` workers, and
//! returns once every one of them has returned: the function may borrow the caller's data, as
//! with [`std::thread::scope`]. Dropped, [`Workers`] stops its idle workers and joins them;
//! the executors share one for the whole process ([`shared`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::JoinHandle;

/// One call of [`Workers::run`] handed to a worker.
struct Job {
    /// The caller's function, its lifetime erased: [`Workers::run`] does not return before the
    /// worker is done with it (see `Latch`).
    work: *const (dyn Fn() + Sync + 'static),
    latch: Arc<Latch>,
}

// SAFETY: `work` points at a `Sync` function (callable from any thread) that outlives the job
// (`Workers::run` waits for the latch, counted down after the last use of `work`).
unsafe impl Send for Job {}

/// The workers of one [`Workers::run`] still running, and whether one panicked.
struct Latch {
    left: Mutex<usize>,
    done: Condvar,
    panicked: AtomicBool,
}

impl Latch {
    fn count_down(&self) {
        let mut left = self.left.lock().unwrap_or_else(|e| e.into_inner());
        *left -= 1;
        if *left == 0 {
            self.done.notify_all();
        }
    }

    fn wait(&self) {
        let mut left = self.left.lock().unwrap_or_else(|e| e.into_inner());
        while *left > 0 {
            left = self.done.wait(left).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Waits for the latch when dropped: also when the caller's own share panics, so that no
/// worker still uses the function once the caller's frame is gone.
struct WaitFor<'a>(&'a Latch);

impl Drop for WaitFor<'_> {
    fn drop(&mut self) {
        self.0.wait();
    }
}

/// What a worker is told: run a job, or stop (its [`Workers`] is dropped).
enum Order {
    Run(Job),
    Stop,
}

/// A worker's mailbox: it is in the idle list only while empty, its worker waiting on it.
struct Mailbox {
    order: Mutex<Option<Order>>,
    wake: Condvar,
}

impl Mailbox {
    fn give(&self, order: Order) {
        *self.order.lock().unwrap_or_else(|e| e.into_inner()) = Some(order);
        self.wake.notify_one();
    }

    fn take(&self) -> Order {
        let mut order = self.order.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(o) = order.take() {
                return o;
            }
            order = self.wake.wait(order).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// What the workers of one [`Workers`] share.
struct Shared {
    /// The mailboxes of the parked workers.
    idle: Mutex<Vec<Arc<Mailbox>>>,
    /// Idle workers kept at most (more finish once their job is done): the most helpers a
    /// call asked for, at least the initial figure.
    keep: AtomicUsize,
}

/// Parked threads ready to run a share of a launch.
pub struct Workers {
    shared: Arc<Shared>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

impl Workers {
    /// No workers yet, keeping at least `keep` idle ones (more if a call of
    /// [`run`](Self::run) asks for more threads).
    pub fn new(keep: usize) -> Workers {
        Workers {
            shared: Arc::new(Shared {
                idle: Mutex::new(Vec::new()),
                keep: AtomicUsize::new(keep),
            }),
            threads: Mutex::new(Vec::new()),
        }
    }

    /// Workers parked, ready for the next call of [`run`](Self::run).
    #[cfg(test)]
    pub fn idle(&self) -> usize {
        self.shared
            .idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// Worker threads alive (parked or busy).
    #[cfg(test)]
    pub fn threads(&self) -> usize {
        let threads = self.threads.lock().unwrap_or_else(|e| e.into_inner());
        threads.iter().filter(|t| !t.is_finished()).count()
    }

    /// Runs `work` on the calling thread and on `threads - 1` workers (fewer if the system
    /// refuses to start more threads) and returns once all have returned. A panic on a
    /// worker is raised again here, after the others have finished.
    pub fn run(&self, threads: usize, work: &(dyn Fn() + Sync)) {
        let helpers = threads.saturating_sub(1);
        if helpers == 0 {
            work();
            return;
        }
        self.shared.keep.fetch_max(helpers, Ordering::Relaxed);
        let mut mailboxes: Vec<Arc<Mailbox>> = {
            let mut idle = self.shared.idle.lock().unwrap_or_else(|e| e.into_inner());
            let at = idle.len() - idle.len().min(helpers);
            idle.drain(at..).collect()
        };
        while mailboxes.len() < helpers {
            match self.start() {
                Some(m) => mailboxes.push(m),
                None => break,
            }
        }
        let latch = Arc::new(Latch {
            left: Mutex::new(mailboxes.len()),
            done: Condvar::new(),
            panicked: AtomicBool::new(false),
        });
        // SAFETY: only the lifetime changes (the same pointer); `WaitFor` below keeps this
        // frame, and so `work`, alive until every worker is done with it.
        let erased: *const (dyn Fn() + Sync + 'static) = unsafe {
            std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync)>(work)
        };
        let wait = WaitFor(&latch);
        for m in mailboxes {
            m.give(Order::Run(Job {
                work: erased,
                latch: latch.clone(),
            }));
        }
        work();
        drop(wait);
        if latch.panicked.load(Ordering::Relaxed) {
            panic!("a worker thread of the launch panicked");
        }
    }

    /// Starts a worker; its mailbox, or None if the system refused the thread.
    fn start(&self) -> Option<Arc<Mailbox>> {
        let mailbox = Arc::new(Mailbox {
            order: Mutex::new(None),
            wake: Condvar::new(),
        });
        let (m, shared) = (mailbox.clone(), self.shared.clone());
        let thread = std::thread::Builder::new()
            .name("spirv-exec-worker".into())
            .spawn(move || worker(&shared, &m))
            .ok()?;
        let mut threads = self.threads.lock().unwrap_or_else(|e| e.into_inner());
        threads.retain(|t| !t.is_finished());
        threads.push(thread);
        Some(mailbox)
    }
}

impl Drop for Workers {
    /// Stops the workers and joins them (all are idle: [`Workers::run`] borrows them and
    /// returns only once its workers are parked again or gone).
    fn drop(&mut self) {
        let idle = std::mem::take(&mut *self.shared.idle.lock().unwrap_or_else(|e| e.into_inner()));
        for m in idle {
            m.give(Order::Stop);
        }
        for t in std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner())) {
            let _ = t.join();
        }
    }
}

fn worker(shared: &Shared, mailbox: &Arc<Mailbox>) {
    while let Order::Run(job) = mailbox.take() {
        // SAFETY: `Workers::run` keeps the function alive until the latch reaches 0.
        let work = unsafe { &*job.work };
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).is_err() {
            job.latch.panicked.store(true, Ordering::Relaxed);
        }
        // Parked again before the caller may return (its mailbox empty: the job was taken),
        // unless enough workers are.
        let stay = {
            let mut idle = shared.idle.lock().unwrap_or_else(|e| e.into_inner());
            let stay = idle.len() < shared.keep.load(Ordering::Relaxed);
            if stay {
                idle.push(mailbox.clone());
            }
            stay
        };
        job.latch.count_down();
        if !stay {
            return;
        }
    }
}

/// The workers the executors share, for the whole process (like the threads of a device: never
/// dropped): they keep as many idle workers as the host has cores, or as the largest launch
/// asked for.
pub fn shared() -> &'static Workers {
    static WORKERS: OnceLock<Workers> = OnceLock::new();
    WORKERS.get_or_init(|| Workers::new(host_threads()))
}

/// The host's threads, read once: `available_parallelism` reads cgroup files each time (tens
/// of microseconds, more than a small launch costs).
pub fn host_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::Barrier;
    use std::thread::ThreadId;

    /// Runs `threads` shares that all wait for each other (so they run at once); the threads
    /// they ran on.
    fn together(workers: &Workers, threads: usize) -> HashSet<ThreadId> {
        let barrier = Barrier::new(threads);
        let ids = Mutex::new(HashSet::new());
        workers.run(threads, &|| {
            barrier.wait();
            ids.lock().unwrap().insert(std::thread::current().id());
        });
        ids.into_inner().unwrap()
    }

    #[test]
    fn workers_run_at_once_and_are_reused() {
        let workers = Workers::new(2);
        let first = together(&workers, 3);
        assert_eq!(first.len(), 3);
        assert!(first.contains(&std::thread::current().id()));
        assert_eq!((workers.idle(), workers.threads()), (2, 2));
        for _ in 0..20 {
            assert_eq!(together(&workers, 3), first, "the same parked workers");
        }
        assert_eq!(workers.threads(), 2, "no thread started again");
        // One thread: the caller alone.
        assert_eq!(
            together(&workers, 1),
            HashSet::from([std::thread::current().id()])
        );
    }

    #[test]
    fn a_larger_call_keeps_more_workers() {
        let workers = Workers::new(1);
        assert_eq!(together(&workers, 2).len(), 2);
        assert_eq!(workers.idle(), 1);
        assert_eq!(together(&workers, 5).len(), 5);
        assert_eq!((workers.idle(), workers.threads()), (4, 4));
    }

    #[test]
    fn shares_borrow_the_callers_data() {
        let workers = Workers::new(3);
        let counts: Vec<AtomicUsize> = (0..1000).map(|_| AtomicUsize::new(0)).collect();
        let next = AtomicUsize::new(0);
        for _ in 0..10 {
            next.store(0, Ordering::Relaxed);
            workers.run(4, &|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = counts.get(i) else { break };
                c.fetch_add(1, Ordering::Relaxed);
            });
        }
        assert!(counts.iter().all(|c| c.load(Ordering::Relaxed) == 10));
    }

    #[test]
    fn a_panicking_worker_fails_the_call_after_the_others_and_the_workers_go_on() {
        let workers = Workers::new(2);
        let caller = std::thread::current().id();
        let finished = AtomicUsize::new(0);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workers.run(3, &|| {
                if std::thread::current().id() != caller {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    finished.fetch_add(1, Ordering::SeqCst);
                    panic!("a worker's share panics");
                }
            })
        }));
        assert!(r.is_err(), "the worker's panic is raised by run");
        assert_eq!(
            finished.load(Ordering::SeqCst),
            2,
            "both workers were done first"
        );
        assert_eq!(together(&workers, 3).len(), 3);
        assert_eq!(workers.threads(), 2);
    }

    #[test]
    fn a_panicking_caller_waits_for_the_workers() {
        let workers = Workers::new(2);
        let caller = std::thread::current().id();
        let finished = AtomicUsize::new(0);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workers.run(3, &|| {
                if std::thread::current().id() == caller {
                    panic!("the caller's share panics");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, Ordering::SeqCst);
            })
        }));
        assert!(r.is_err());
        assert_eq!(
            finished.load(Ordering::SeqCst),
            2,
            "unwound after the workers"
        );
        assert_eq!(workers.idle(), 2);
    }

    #[test]
    fn concurrent_calls_share_the_workers() {
        let workers = Workers::new(2);
        let total = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..50 {
                        workers.run(3, &|| {
                            total.fetch_add(1, Ordering::Relaxed);
                        });
                    }
                });
            }
        });
        assert_eq!(total.load(Ordering::Relaxed), 4 * 50 * 3);
        assert!(workers.idle() <= workers.threads());
    }

    #[test]
    fn dropping_the_workers_ends_their_threads() {
        let workers = Workers::new(3);
        assert_eq!(together(&workers, 4).len(), 4);
        let shared = Arc::downgrade(&workers.shared);
        drop(workers);
        // Every worker held the shared state until its thread ended (joined by the drop).
        assert!(shared.upgrade().is_none());
    }
}
