//! The worker threads launches spread their work-groups over: started when a launch first
//! needs them, parked between launches, reused by the next ones (a launch no longer pays for
//! starting and joining threads).
//!
//! [`Workers::run`] runs one function on the calling thread, which may call in `threads - 1`
//! workers to run it too ([`Team::call_in`], at once or once the caller has seen that the work
//! pays for waking them: [`Pace`]), and returns once every worker that started on it has
//! returned: the function may borrow the caller's data, as with [`std::thread::scope`]. A worker
//! that wakes after the caller is done skips the call, so a small launch never waits for a
//! thread's wake-up. Dropped, [`Workers`] stops its idle workers and joins them; the executors
//! share one for the whole process ([`shared`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The function a call of [`Workers::run`] runs on each thread of its team.
pub type Share<'a> = dyn Fn(&Team) + Sync + 'a;

/// One call of [`Workers::run`] handed to a worker.
struct Job {
    /// The caller's function and team, their lifetimes erased: [`Workers::run`] does not
    /// return before the worker is done with them or has skipped them (see `Latch`).
    work: *const Share<'static>,
    team: *const Team<'static>,
    latch: Arc<Latch>,
}

// SAFETY: `work` points at a `Sync` function (callable from any thread) and `team` at a `Sync`
// team, both alive until the latch lets the caller return, which it does only once every
// worker that started on them has finished (the others never touch them).
unsafe impl Send for Job {}

/// The workers given one call's job: how many have not finished or skipped it, how many are
/// running it, whether the caller is done (workers that wake later skip it), and whether one
/// panicked.
struct Latch {
    state: Mutex<LatchState>,
    done: Condvar,
    panicked: AtomicBool,
    /// Workers that ran the job.
    ran: AtomicUsize,
}

#[derive(Default)]
struct LatchState {
    running: usize,
    closed: bool,
}

impl Latch {
    /// A worker is about to run the job: false if the caller is done with it.
    fn enter(&self) -> bool {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if !s.closed {
            s.running += 1;
        }
        !s.closed
    }

    fn leave(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.running -= 1;
        if s.running == 0 {
            self.done.notify_all();
        }
    }

    /// No worker may start on the job any more; waits for those running it.
    fn close(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.closed = true;
        while s.running > 0 {
            s = self.done.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Closes the latch when dropped: also when the caller's own share panics, so that no
/// worker still uses the function once the caller's frame is gone.
struct CloseOnDrop<'a>(&'a Latch);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.close();
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
    /// Worker threads kept at most (parked or busy; more finish once their job is done): the
    /// most helpers a call asked for, at least the initial figure.
    keep: AtomicUsize,
    /// Worker threads alive.
    live: AtomicUsize,
}

/// Parked threads ready to run a share of a launch.
pub struct Workers {
    shared: Arc<Shared>,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

/// The threads of one call of [`Workers::run`]: the caller, and the workers it calls in.
pub struct Team<'a> {
    workers: &'a Workers,
    helpers: usize,
    called: AtomicBool,
    latch: Arc<Latch>,
    work: *const Share<'static>,
}

// SAFETY: `work` is a `Sync` function's address; the rest is `Sync`.
unsafe impl Sync for Team<'_> {}

impl Team<'_> {
    /// Wakes the workers of the call (once: later calls do nothing). Parked workers are
    /// taken first; new ones started while fewer are alive than calls have wanted, so that
    /// workers still waking from an earlier call are not doubled by new threads.
    pub fn call_in(&self) {
        if self.called.swap(true, Ordering::Relaxed) {
            return;
        }
        let shared = &self.workers.shared;
        let mut mailboxes: Vec<Arc<Mailbox>> = {
            let mut idle = shared.idle.lock().unwrap_or_else(|e| e.into_inner());
            let at = idle.len() - idle.len().min(self.helpers);
            idle.drain(at..).collect()
        };
        while mailboxes.len() < self.helpers && self.workers.reserve() {
            match self.workers.start() {
                Some(m) => mailboxes.push(m),
                None => break,
            }
        }
        let team: *const Team<'_> = self;
        for m in mailboxes {
            m.give(Order::Run(Job {
                work: self.work,
                // SAFETY: only the lifetime changes; see `Job`.
                team: unsafe { std::mem::transmute::<*const Team<'_>, *const Team<'static>>(team) },
                latch: self.latch.clone(),
            }));
        }
    }

    /// Whether the workers were called in.
    pub fn called(&self) -> bool {
        self.called.load(Ordering::Relaxed)
    }
}

impl Workers {
    /// No workers yet, keeping at least `keep` of them (more if a call of
    /// [`run`](Self::run) asks for more threads).
    pub fn new(keep: usize) -> Workers {
        Workers {
            shared: Arc::new(Shared {
                idle: Mutex::new(Vec::new()),
                keep: AtomicUsize::new(keep),
                live: AtomicUsize::new(0),
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

    /// Runs `work` on the calling thread; it (or `eager`, before it starts) may call in
    /// `threads - 1` workers ([`Team::call_in`]: fewer if the system refuses to start more
    /// threads or workers of an earlier call are still waking) to run it too. Returns once
    /// every worker that started on it has returned, how many threads ran it (the caller
    /// included). A panic on a worker is raised again here, after the others have finished.
    pub fn run(&self, threads: usize, eager: bool, work: &Share<'_>) -> usize {
        let helpers = threads.saturating_sub(1);
        if helpers > 0 {
            self.shared.keep.fetch_max(helpers, Ordering::Relaxed);
        }
        let team = Team {
            workers: self,
            helpers,
            called: AtomicBool::new(helpers == 0),
            latch: Arc::new(Latch {
                state: Mutex::new(LatchState::default()),
                done: Condvar::new(),
                panicked: AtomicBool::new(false),
                ran: AtomicUsize::new(0),
            }),
            // SAFETY: only the lifetime changes (the same pointer); `CloseOnDrop` below keeps
            // this frame, and so `work`, alive until every worker is done with it.
            work: unsafe { std::mem::transmute::<*const Share<'_>, *const Share<'static>>(work) },
        };
        let close = CloseOnDrop(&team.latch);
        if eager {
            team.call_in();
        }
        work(&team);
        drop(close);
        if team.latch.panicked.load(Ordering::Relaxed) {
            panic!("a worker thread of the launch panicked");
        }
        1 + team.latch.ran.load(Ordering::Relaxed)
    }

    /// Counts one more worker alive if fewer are than calls have wanted (one step, so that
    /// concurrent calls never start more between them); whether it did.
    fn reserve(&self) -> bool {
        let keep = self.shared.keep.load(Ordering::Relaxed);
        self.shared
            .live
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |live| {
                (live < keep).then_some(live + 1)
            })
            .is_ok()
    }

    /// Starts a worker counted by [`reserve`](Self::reserve); its mailbox, or None if the
    /// system refused the thread (then it is counted no more).
    fn start(&self) -> Option<Arc<Mailbox>> {
        let mailbox = Arc::new(Mailbox {
            order: Mutex::new(None),
            wake: Condvar::new(),
        });
        let (m, shared) = (mailbox.clone(), self.shared.clone());
        let Ok(thread) = std::thread::Builder::new()
            .name("spirv-exec-worker".into())
            .spawn(move || worker(&shared, &m))
        else {
            self.shared.live.fetch_sub(1, Ordering::Relaxed);
            return None;
        };
        let mut threads = self.threads.lock().unwrap_or_else(|e| e.into_inner());
        threads.retain(|t| !t.is_finished());
        threads.push(thread);
        Some(mailbox)
    }
}

impl Drop for Workers {
    /// Stops the workers and joins them (a worker still busy with a job the caller is done
    /// with parks, or ends, soon after).
    fn drop(&mut self) {
        loop {
            let idle =
                std::mem::take(&mut *self.shared.idle.lock().unwrap_or_else(|e| e.into_inner()));
            for m in idle {
                m.give(Order::Stop);
            }
            if self.shared.live.load(Ordering::Relaxed) == 0 {
                break;
            }
            std::thread::yield_now();
        }
        for t in std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner())) {
            let _ = t.join();
        }
    }
}

fn worker(shared: &Shared, mailbox: &Arc<Mailbox>) {
    while let Order::Run(job) = mailbox.take() {
        let ran = job.latch.enter();
        if ran {
            // SAFETY: `Workers::run` keeps the function and the team alive until this worker
            // has left the latch.
            let (work, team) = unsafe { (&*job.work, &*job.team) };
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(team))).is_err() {
                job.latch.panicked.store(true, Ordering::Relaxed);
            }
            job.latch.ran.fetch_add(1, Ordering::Relaxed);
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
        if ran {
            job.latch.leave();
        }
        if !stay {
            break;
        }
    }
    shared.live.fetch_sub(1, Ordering::Relaxed);
}

/// The workers the executors share, for the whole process (like the threads of a device: never
/// dropped): they keep as many workers as the host has cores, or as the largest launch asked
/// for.
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

/// How long a kernel's work-item takes, from its launches so far: whether a launch pays for
/// waking workers. A launch whose work on one thread is predicted under [`Pace::ALONE`] runs on
/// the caller alone, which calls the workers in only if it has not finished after that long
/// (its groups cost more than its earlier launches' did); any other launch calls them in at
/// once. Waking a parked worker costs the caller a system call and the worker tens of
/// microseconds before it runs (saxpy over 2 groups of 64 on 2 threads: 16-20 µs a launch when
/// the caller waited for the woken worker, 3.4 µs on the caller alone).
#[derive(Default)]
pub struct Pace {
    /// Picoseconds per work-item of the last launch (0: none yet), its threads' time summed.
    ps_per_item: AtomicU64,
}

impl Pace {
    /// The work a launch does alone before it calls workers in.
    pub const ALONE: Duration = Duration::from_micros(40);

    /// Whether a launch of `items` work-items is known to take less than [`Pace::ALONE`] on
    /// one thread (its kernel's last launch says so).
    pub fn small(&self, items: usize) -> bool {
        match self.ps_per_item.load(Ordering::Relaxed) {
            0 => false,
            ps => ps.saturating_mul(items as u64) <= Self::ALONE.as_nanos() as u64 * 1000,
        }
    }

    /// Whether a launch of `items` work-items should call its workers in at once.
    pub fn eager(&self, items: usize) -> bool {
        !self.small(items)
    }

    /// A launch of `items` work-items took `elapsed` on `threads` threads.
    pub fn record(&self, items: usize, threads: usize, elapsed: Duration) {
        let ps = elapsed.as_nanos() as u64 * 1000 * threads as u64 / (items as u64).max(1);
        self.ps_per_item.store(ps.max(1), Ordering::Relaxed);
    }
}

/// The caller's clock of a launch that started without its workers: [`Clock::due`] once it has
/// worked [`Pace::ALONE`].
pub struct Clock(Instant);

impl Clock {
    pub fn start() -> Clock {
        Clock(Instant::now())
    }

    /// Time the launch has taken so far.
    pub fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }

    /// Calls `team`'s workers in once the caller has worked long enough alone.
    pub fn check(&self, team: &Team) {
        if !team.called() && self.0.elapsed() >= Pace::ALONE {
            team.call_in();
        }
    }
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
        workers.run(threads, true, &|_| {
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
            workers.run(4, true, &|_| loop {
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
        let barrier = Barrier::new(3);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workers.run(3, true, &|_| {
                barrier.wait();
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
        let barrier = Barrier::new(3);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            workers.run(3, true, &|_| {
                barrier.wait();
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
        let (total, reported) = (AtomicUsize::new(0), AtomicUsize::new(0));
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..50 {
                        let ran = workers.run(3, true, &|_| {
                            total.fetch_add(1, Ordering::Relaxed);
                        });
                        assert!((1..=3).contains(&ran));
                        reported.fetch_add(ran, Ordering::Relaxed);
                    }
                });
            }
        });
        // Every share that ran was counted by its call; late workers skipped theirs.
        assert_eq!(
            total.load(Ordering::Relaxed),
            reported.load(Ordering::Relaxed)
        );
        assert!(workers.idle() <= workers.threads());
        assert!(
            workers.threads() <= 2,
            "no more threads than the calls wanted"
        );
    }

    #[test]
    fn a_call_that_does_not_call_in_runs_on_the_caller_alone() {
        let workers = Workers::new(2);
        let caller = std::thread::current().id();
        let ids = Mutex::new(HashSet::new());
        let ran = workers.run(3, false, &|_| {
            ids.lock().unwrap().insert(std::thread::current().id());
        });
        assert_eq!(ran, 1);
        assert_eq!(ids.into_inner().unwrap(), HashSet::from([caller]));
        assert_eq!(workers.threads(), 0, "no worker started");
    }

    #[test]
    fn the_caller_calls_workers_in_while_it_works() {
        let workers = Workers::new(2);
        let next = AtomicUsize::new(0);
        let ids = Mutex::new(HashSet::new());
        let caller = std::thread::current().id();
        workers.run(3, false, &|team| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= 300 {
                break;
            }
            if std::thread::current().id() == caller && i == 10 {
                team.call_in();
            }
            ids.lock().unwrap().insert(std::thread::current().id());
            std::thread::sleep(std::time::Duration::from_micros(200));
        });
        assert!(ids.into_inner().unwrap().len() > 1, "the workers helped");
    }

    #[test]
    fn workers_that_wake_after_the_caller_skip_the_call_and_are_not_doubled() {
        let workers = Workers::new(1);
        for _ in 0..200 {
            let ran = workers.run(2, true, &|_| {});
            assert!(ran <= 2);
            assert!(workers.threads() <= 1, "one worker, however late it wakes");
        }
    }

    #[test]
    fn pace_calls_in_at_once_without_history_or_for_large_work() {
        let pace = Pace::default();
        assert!(pace.eager(1), "no launch measured yet");
        // 2 ns per work-item on 2 threads: 4 ns of work each.
        pace.record(1000, 2, Duration::from_micros(2));
        assert!(!pace.eager(1000), "4 µs of work");
        assert!(pace.eager(100_000), "400 µs of work");
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
