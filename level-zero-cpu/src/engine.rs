//! An engine: a worker thread that executes submitted work in order. Command queues and
//! asynchronous immediate command lists each own one.
//!
//! A host thread that waits forever for an engine's work may run it itself ([`help`]): jobs
//! that cannot block, from the front of the queue, while the worker is not running one. On a
//! loaded machine the worker may not be scheduled for milliseconds; the waiter, already
//! running, then does the work instead of spinning or sleeping until the worker does.

use crate::command::{Hold, Op};
use crate::config::config;
use crate::context::Owner;
use crate::device::Device;
use crate::event::Event;
use crate::fault::{self, Lost, Text};
use crate::sync::{timeout_from_ns, NOTIFIER, SPIN};
use level_zero_sys::ze_result_t;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a job signals once its lists have run: a fence.
pub trait Completion: Send + Sync {
    /// The job has run; `failed` describes the command that failed, if one did.
    fn complete(&self, failed: Option<&Text>);
}

/// A unit of submitted work: op lists run in order, then `done` is signalled.
pub struct Job {
    pub lists: Vec<Arc<[Op]>>,
    pub done: Option<Arc<dyn Completion>>,
}

/// A submitted job with, for each of its ops in order, what it holds until it has run
/// ([`Hold`]: the blocking `zeMemFreeExt` policy waits for its references to the memory to go,
/// the deferred one leaves the release to them) and the event it signals, bound at submission
/// ([`Op::bind_signal`]).
struct Queued {
    job: Job,
    ops: Vec<(Hold, Option<Arc<Event>>)>,
}

struct Shared {
    name: String,
    jobs: Mutex<VecDeque<Queued>>,
    wake: Condvar,
    /// Jobs submitted / finished so far (sequence numbers).
    submitted: AtomicU64,
    completed: AtomicU64,
    /// The first command failure since the last report; reported (once) by the next
    /// synchronize.
    lost: Lost,
    /// The context and device a failure loses.
    owner: Owner,
    worker_asleep: AtomicBool,
    /// A thread (the worker or a waiter) is running a job taken from `jobs`. Set and cleared
    /// with `jobs` locked: jobs run one at a time, in order.
    busy: AtomicBool,
    stop: AtomicBool,
}

/// The most ops a job run on the submitting thread has ([`Engine::submit`]).
const INLINE_OPS: usize = 16;

/// Every engine whose worker may still run work, for `zeDeviceSynchronize`.
static ENGINES: Mutex<Vec<Weak<Shared>>> = Mutex::new(Vec::new());

/// Waits for all work submitted so far to every engine (queue or asynchronous immediate list)
/// created on one of `devices` (`zeDeviceSynchronize`, 1.14: as Intel's `Device::synchronize`,
/// which waits for each engine's last submission). Then `ZE_RESULT_ERROR_DEVICE_LOST` if one
/// of them has a failure its own synchronize has not reported yet; the failure stays for
/// that synchronize (of the queue or list) to report as well.
pub fn synchronize_devices(devices: &[Arc<Device>]) -> Result<(), ze_result_t> {
    let engines: Vec<Arc<Shared>> = ENGINES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter_map(Weak::upgrade)
        .filter(|e| {
            let device = e.owner.device.as_ptr();
            devices.iter().any(|d| std::ptr::eq(Arc::as_ptr(d), device))
        })
        .collect();
    for engine in &engines {
        let target = engine.submitted.load(Ordering::Acquire);
        let done = || engine.completed.load(Ordering::Acquire) >= target;
        engine.help(&done);
        NOTIFIER.wait_until(done, None);
    }
    match engines.iter().find_map(|e| e.lost.get()) {
        Some(text) => Err(fault::report(&text)),
        None => Ok(()),
    }
}

/// See the module documentation.
pub struct Engine {
    shared: Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Engine {
    /// An engine whose failures lose `owner`'s context and device.
    pub fn new(name: String, owner: Owner) -> Engine {
        let engine = Engine::without_worker(name, owner);
        let worker = engine.shared.clone();
        let thread = std::thread::Builder::new()
            .name("lz-cpu-queue".into())
            .spawn(move || worker.run())
            .expect("spawning a queue worker thread");
        *engine.thread.lock().unwrap_or_else(|e| e.into_inner()) = Some(thread);
        engine
    }

    /// An engine whose worker thread is not started: only waiters run its jobs ([`help`]).
    fn without_worker(name: String, owner: Owner) -> Engine {
        let shared = Arc::new(Shared {
            name,
            jobs: Mutex::new(VecDeque::new()),
            wake: Condvar::new(),
            submitted: AtomicU64::new(0),
            completed: AtomicU64::new(0),
            lost: Lost::default(),
            owner,
            worker_asleep: AtomicBool::new(false),
            busy: AtomicBool::new(false),
            stop: AtomicBool::new(false),
        });
        {
            let mut engines = ENGINES.lock().unwrap_or_else(|e| e.into_inner());
            engines.retain(|e| e.strong_count() > 0);
            engines.push(Arc::downgrade(&shared));
        }
        Engine {
            shared,
            thread: Mutex::new(None),
        }
    }

    /// Queues `job`, or runs it now on the calling thread if the engine is idle (nothing
    /// queued or running) and every op of the job is small ([`Op::is_small`]: a launch of a
    /// loop-free kernel whose last one was shorter than handing it to the worker thread and
    /// waking it would be, small copies and fills, no wait for an unsignalled event), at most
    /// [`INLINE_OPS`] of them. Returns its sequence number.
    pub fn submit(&self, job: Job) -> u64 {
        let ops = || job.lists.iter().flat_map(|list| list.iter());
        let inline = config().inline_small
            && config().command_delay.is_zero()
            && ops().count() <= INLINE_OPS
            && ops().all(Op::is_small);
        let held: Vec<_> = ops().map(Op::hold).collect();
        let mut jobs = self.shared.jobs.lock().unwrap_or_else(|e| e.into_inner());
        // Bound under the lock (held before it): submissions bind counter-based events in
        // the order they run.
        let ops = held.into_iter().zip(ops().map(Op::bind_signal)).collect();
        let queued = Queued { job, ops };
        let idle = || {
            jobs.is_empty()
                && self.shared.completed.load(Ordering::Acquire)
                    == self.shared.submitted.load(Ordering::Acquire)
        };
        if inline && idle() {
            // Run under the lock: a submission from another thread queues behind it, and the
            // worker finds nothing to run until it is done. Counted as submitted only once it
            // has run, so the spinning worker is not woken for it.
            self.shared.execute(queued);
            let seq = self.shared.submitted.fetch_add(1, Ordering::AcqRel) + 1;
            self.shared.completed.fetch_add(1, Ordering::AcqRel);
            drop(jobs);
            NOTIFIER.notify();
            return seq;
        }
        jobs.push_back(queued);
        let seq = self.shared.submitted.fetch_add(1, Ordering::AcqRel) + 1;
        drop(jobs);
        if self.shared.worker_asleep.load(Ordering::SeqCst) {
            self.shared.wake.notify_one();
        }
        seq
    }

    /// Waits for everything submitted so far: `ZE_RESULT_NOT_READY` on timeout,
    /// `ZE_RESULT_ERROR_DEVICE_LOST` (once) if a command failed.
    pub fn synchronize(&self, timeout_ns: u64) -> Result<(), ze_result_t> {
        let target = self.shared.submitted.load(Ordering::Acquire);
        let done = || self.shared.completed.load(Ordering::Acquire) >= target;
        if timeout_ns == u64::MAX {
            self.shared.help(&done);
        }
        if !NOTIFIER.wait_until(done, timeout_from_ns(timeout_ns)) {
            return Err(ze_result_t::ZE_RESULT_NOT_READY);
        }
        self.take_failure()
    }

    /// Reports (and clears) a failure recorded since the last report, with its description
    /// for the calling thread.
    pub fn take_failure(&self) -> Result<(), ze_result_t> {
        match self.shared.lost.take() {
            Some(text) => Err(fault::report(&text)),
            None => Ok(()),
        }
    }

    /// Records a failure of work executed outside the worker (synchronous mode).
    pub fn record_failure(&self, message: &Text) {
        self.shared.record_failure(message);
    }

    /// Runs this engine's queued work on the calling thread until `done()` holds, as far as
    /// it can ([`help`]).
    pub fn help(&self, done: &dyn Fn() -> bool) {
        self.shared.help(done);
    }
}

/// Before a wait without a timeout for `event`: if a queued job of some engine signals it,
/// runs that engine's jobs on the calling thread, in order, until the event is signalled, as
/// long as the worker is not running one and the next job cannot block (no wait for an
/// unsignalled event, no host function: see [`Op::can_block`]). Returns at once otherwise;
/// the caller then waits as usual.
pub fn help(event: &Event) {
    if event.is_signalled() {
        return;
    }
    // The tracking point the engines signal for a counter-based event, else the event.
    let target = event.resolve_ptr();
    let signals = |e: &Shared| {
        let jobs = e.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.iter().any(|q| {
            q.ops.iter().any(|(_, s)| {
                s.as_ref()
                    .is_some_and(|s| std::ptr::eq(Arc::as_ptr(s), target))
            })
        })
    };
    let engine = ENGINES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter_map(Weak::upgrade)
        .find(|e| {
            e.completed.load(Ordering::Acquire) < e.submitted.load(Ordering::Acquire)
                && !e.busy.load(Ordering::Acquire)
                && signals(e)
        });
    if let Some(engine) = engine {
        engine.help(&|| event.is_signalled());
    }
}

impl Drop for Engine {
    /// Finishes the submitted work, then stops the worker.
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        {
            let _jobs = self.shared.jobs.lock().unwrap_or_else(|e| e.into_inner());
            self.shared.wake.notify_one();
        }
        NOTIFIER.notify();
        if let Some(thread) = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take() {
            // The last reference can be dropped by the worker itself (a finished job held
            // it): then the worker ends on its own once the queue is drained.
            if thread.thread().id() != std::thread::current().id() {
                let _ = thread.join();
            }
        }
    }
}

impl Shared {
    fn record_failure(&self, message: &Text) {
        eprintln!(
            "level-zero-cpu: {}: command failed (device lost): {message}",
            self.name
        );
        self.lost.mark(message);
        self.owner.lose(message);
    }

    /// The next job for the worker (marked busy) and how long it waited for it: spinning
    /// first (with `spin`), then asleep. `None` once stopped with nothing left to run.
    fn next_job(&self, spin: bool) -> Option<(Queued, Duration)> {
        let start = Instant::now();
        let spin_until = if spin { start + SPIN } else { start };
        loop {
            if self.completed.load(Ordering::Acquire) < self.submitted.load(Ordering::Acquire)
                && !self.busy.load(Ordering::Acquire)
            {
                let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(job) = self.take(&mut jobs, |_| true) {
                    return Some((job, start.elapsed()));
                }
            }
            if Instant::now() >= spin_until {
                break;
            }
            std::hint::spin_loop();
        }
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(job) = self.take(&mut jobs, |_| true) {
                return Some((job, start.elapsed()));
            }
            // A waiter running the last job wakes the worker when it is done.
            if self.stop.load(Ordering::Acquire)
                && jobs.is_empty()
                && !self.busy.load(Ordering::Acquire)
            {
                return None;
            }
            self.worker_asleep.store(true, Ordering::SeqCst);
            jobs = self.wake.wait(jobs).unwrap_or_else(|e| e.into_inner());
            self.worker_asleep.store(false, Ordering::SeqCst);
        }
    }

    /// The front job if no thread is running one and `ok` accepts it, marked busy.
    fn take(
        &self,
        jobs: &mut VecDeque<Queued>,
        ok: impl FnOnce(&Queued) -> bool,
    ) -> Option<Queued> {
        if self.busy.load(Ordering::Acquire) || !jobs.front().is_some_and(ok) {
            return None;
        }
        self.busy.store(true, Ordering::Release);
        jobs.pop_front()
    }

    /// A job taken with [`take`](Self::take) has run: counts it and lets the next one be taken.
    fn finish_one(&self) {
        {
            let _jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
            self.completed.fetch_add(1, Ordering::AcqRel);
            self.busy.store(false, Ordering::Release);
            if self.worker_asleep.load(Ordering::SeqCst) {
                self.wake.notify_one();
            }
        }
        NOTIFIER.notify();
    }

    /// The worker. It spins for the next job only while jobs come sooner than [`SPIN`] after
    /// the last one: spinning through longer gaps takes a core from the threads that have work
    /// (on a loaded machine, the very ones that would submit), and a waiter runs a job the
    /// sleeping worker has not started ([`help`](fn@help)).
    fn run(&self) {
        let mut spin = true;
        while let Some((queued, waited)) = self.next_job(spin) {
            spin = waited < SPIN;
            self.execute(queued);
            self.finish_one();
        }
    }

    /// See [`help`](fn@help): runs queued jobs on this thread until `done()`.
    fn help(&self, done: &dyn Fn() -> bool) {
        while !done() {
            let queued = {
                let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
                let runnable = |q: &Queued| {
                    q.job
                        .lists
                        .iter()
                        .flat_map(|list| list.iter())
                        .all(|op| !op.can_block())
                };
                match self.take(&mut jobs, runnable) {
                    Some(queued) => queued,
                    None => return,
                }
            };
            self.execute(queued);
            self.finish_one();
        }
    }

    /// Runs a job's ops in order; after a failure the rest are skipped (their events fail).
    fn execute(&self, Queued { job, ops: bound }: Queued) {
        {
            let mut failed: Option<Text> = None;
            let mut skipped: Option<Text> = None;
            let ops = job.lists.iter().flat_map(|list| list.iter());
            for (op, (hold, signal)) in ops.zip(bound) {
                if let Some(message) = &failed {
                    // After a failure the rest of the job is skipped; its events still
                    // signal (as failed) so that nobody waits forever.
                    if let Some(event) = &signal {
                        let text = skipped.get_or_insert_with(|| {
                            format!(
                                "not run: an earlier command of its submission failed: {message}"
                            )
                            .into()
                        });
                        event.fail(text);
                    }
                    continue;
                }
                if let Err(message) = op.execute(&self.stop, hold, signal.as_ref()) {
                    self.record_failure(&message);
                    failed = Some(message);
                }
            }
            if let Some(done) = &job.done {
                done.complete(failed.as_ref());
            }
            drop(job);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::command::Command;
    use crate::memory::Range;

    /// An op filling `buf` with `pattern` (an empty pattern panics when it runs).
    pub(crate) fn fill(buf: &mut [u8], pattern: Vec<u8>) -> Op {
        let dst = Range {
            ptr: buf.as_mut_ptr() as usize,
            len: buf.len(),
            alloc: None,
        };
        Op::new(Command::Fill { dst, pattern }, None, Vec::new())
    }

    static GATE: AtomicBool = AtomicBool::new(false);

    /// A host function that returns once `GATE` is set.
    unsafe extern "C" fn wait_for_gate(_: *mut std::ffi::c_void) {
        while !GATE.load(Ordering::Acquire) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Small work runs on the submitting thread only while nothing is queued or running:
    /// behind pending work it queues, and runs after it.
    #[test]
    fn small_work_runs_at_once_on_an_idle_engine_and_in_order_behind_pending_work() {
        if !config().inline_small || !config().command_delay.is_zero() {
            return; // LEVEL_ZERO_CPU_INLINE=0 or a command delay: everything queues.
        }
        let mut buf = vec![0u8; 256];
        let engine = Engine::new("inline test".into(), Owner::default());
        let gate = Op::new(
            Command::HostFunction {
                function: wait_for_gate,
                data: 0,
            },
            None,
            Vec::new(),
        );
        assert!(!gate.is_small(), "a host function never runs inline");
        engine.submit(Job {
            lists: vec![vec![gate].into()],
            done: None,
        });
        let small = fill(&mut buf, vec![7]);
        assert!(small.is_small());
        engine.submit(Job {
            lists: vec![vec![small].into()],
            done: None,
        });
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert_eq!(
            engine.synchronize(0),
            Err(ze_result_t::ZE_RESULT_NOT_READY),
            "the fill waits behind the host function"
        );
        GATE.store(true, Ordering::Release);
        assert_eq!(engine.synchronize(u64::MAX), Ok(()));
        assert!(buf.iter().all(|&b| b == 7));
        // Idle now: the next small fill has run when `submit` returns.
        engine.submit(Job {
            lists: vec![vec![fill(&mut buf, vec![9])].into()],
            done: None,
        });
        assert_eq!(
            engine.synchronize(0),
            Ok(()),
            "ran on the submitting thread"
        );
        assert!(buf.iter().all(|&b| b == 9));
        // A large fill goes to the worker (it may or may not be done yet).
        let mut large = vec![0u8; crate::command::SMALL_BYTES + 1];
        let op = fill(&mut large, vec![1]);
        assert!(!op.is_small());
        engine.submit(Job {
            lists: vec![vec![op].into()],
            done: None,
        });
        assert_eq!(engine.synchronize(u64::MAX), Ok(()));
        assert!(large.iter().all(|&b| b == 1));
    }

    /// A command that panics (here a fill with an empty pattern, which the API layer never
    /// records: the remainder by its length panics) fails with DEVICE_LOST, the rest of its
    /// job is skipped, and the worker lives on to run the next job.
    #[test]
    fn a_panicking_command_fails_its_job_and_the_worker_lives() {
        let mut skipped = vec![0u8; 64];
        let mut later = vec![0u8; 64];
        let engine = Engine::new("panic test".into(), Owner::default());
        let failing: Arc<[Op]> =
            vec![fill(&mut [0u8; 8], Vec::new()), fill(&mut skipped, vec![7])].into();
        engine.submit(Job {
            lists: vec![failing],
            done: None,
        });
        assert_eq!(
            engine.synchronize(u64::MAX),
            Err(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
        );
        assert!(fault::last_reported().starts_with("internal error"));
        assert!(
            skipped.iter().all(|&b| b == 0),
            "the rest of the job is skipped"
        );
        engine.submit(Job {
            lists: vec![vec![fill(&mut later, vec![1, 2])].into()],
            done: None,
        });
        assert_eq!(engine.synchronize(u64::MAX), Ok(()));
        assert!(later.chunks(2).all(|c| c == [1, 2]));
    }

    /// A thread that waits forever runs queued work the worker has not started (here there
    /// is no worker): in order, up to a job that could block, which it leaves to the worker.
    #[test]
    fn a_waiter_runs_queued_work_up_to_a_job_that_could_block() {
        static CALLED: AtomicBool = AtomicBool::new(false);
        unsafe extern "C" fn mark(_: *mut std::ffi::c_void) {
            CALLED.store(true, Ordering::Release);
        }
        let big = crate::command::SMALL_BYTES * 2;
        let (mut a, mut b) = (vec![0u8; big], vec![0u8; big]);
        let engine = Engine::without_worker("help test".into(), Owner::default());
        engine.submit(Job {
            lists: vec![vec![fill(&mut a, vec![3])].into()],
            done: None,
        });
        assert_eq!(engine.synchronize(0), Err(ze_result_t::ZE_RESULT_NOT_READY));
        assert_eq!(engine.synchronize(u64::MAX), Ok(()), "run by the waiter");
        assert!(a.iter().all(|&x| x == 3));
        let host = Op::new(
            Command::HostFunction {
                function: mark,
                data: 0,
            },
            None,
            Vec::new(),
        );
        assert!(
            host.can_block(),
            "the application's code may wait for anything"
        );
        engine.submit(Job {
            lists: vec![vec![host].into()],
            done: None,
        });
        engine.submit(Job {
            lists: vec![vec![fill(&mut b, vec![4])].into()],
            done: None,
        });
        engine.help(&|| false);
        assert!(
            !CALLED.load(Ordering::Acquire),
            "a host function is left to the worker"
        );
        assert!(b.iter().all(|&x| x == 0), "and what follows it, in order");
        assert_eq!(engine.synchronize(0), Err(ze_result_t::ZE_RESULT_NOT_READY));
    }
}
