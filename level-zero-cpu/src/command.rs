//! Recorded commands and their execution on the host.

use crate::config::config;
use crate::device::timestamp_ns;
use crate::event::{Event, PoolUse};
use crate::maps::Access;
use crate::memory::{Pinned, Range};
use crate::sync::NOTIFIER;
use crate::watchdog::Watch;
use level_zero_sys::{ze_kernel_timestamp_result_t, CopyRegion};
use spirv_exec::{Arg, Fault, LaunchDesc, LaunchError, MemoryRange, What};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a command does.
pub enum Command {
    /// Barriers, prefetch and advice: ordering only (all memory is host memory).
    Nop,
    Copy {
        dst: Range,
        src: Range,
    },
    CopyRegion {
        dst: Range,
        dst_region: CopyRegion,
        src: Range,
        src_region: CopyRegion,
    },
    Fill {
        dst: Range,
        pattern: Vec<u8>,
    },
    WriteTimestamp {
        dst: Range,
    },
    QueryTimestamps {
        events: Vec<Arc<Event>>,
        dst: Vec<Range>,
    },
    Reset(Arc<Event>),
    Launch(Box<LaunchCommand>),
    /// `zeCommandListAppendLaunchMultipleKernelsIndirect`: the count is read at execution.
    LaunchMany {
        count: Range,
        launches: Vec<LaunchCommand>,
    },
    /// `zeCommandListAppendHostFunction`: the application's function, called with its data
    /// (an address the driver never dereferences) on the thread that runs the command.
    HostFunction {
        function: unsafe extern "C" fn(*mut std::ffi::c_void),
        data: usize,
    },
}

/// The most bytes a copy or fill run on the submitting thread writes ([`Op::is_small`]).
pub const SMALL_BYTES: usize = 64 << 10;

/// What a submitted op holds from submission until it has run, released before its signal:
/// the live allocations it uses (memory freed meanwhile with `zeMemFreeExt` stays valid for it,
/// pages of virtual memory it uses stay mapped) and its use of the pools of the events it
/// waits for and signals (in use until then).
pub struct Hold {
    _memory: Vec<Pinned>,
    _pools: Vec<PoolUse>,
}

/// A command with the events it waits for and signals (a counter-based signal event as
/// itself: each submission binds it to a new tracking point, [`Op::bind_signal`]).
pub struct Op {
    pub waits: Vec<Arc<Event>>,
    pub command: Command,
    pub signal: Option<Arc<Event>>,
}

impl Op {
    pub fn new(command: Command, signal: Option<Arc<Event>>, waits: Vec<Arc<Event>>) -> Op {
        Op {
            waits,
            command,
            signal,
        }
    }

    /// What a submission of the op holds until it has run ([`Hold`]). Memory already freed
    /// (or unmapped) is left out: the command reports it when it runs.
    pub fn hold(&self) -> Hold {
        Hold {
            _memory: self
                .command
                .ranges()
                .into_iter()
                .filter_map(|range| range.pin().ok().flatten())
                .collect(),
            _pools: PoolUse::of(self.waits.iter().chain(&self.signal)),
        }
    }

    /// Whether running the op may wait for something other than its own work: a wait for an
    /// event not signalled yet, or a host function (the application's code). Ops that cannot
    /// may run on any thread that waits for them ([`crate::engine::help`]).
    pub fn can_block(&self) -> bool {
        matches!(self.command, Command::HostFunction { .. })
            || !self.waits.iter().all(|e| e.is_signalled())
    }

    /// Whether the op is known to take less than handing it to a worker thread costs, and
    /// cannot block: its waits all signalled; a direct launch the executor says is brief
    /// ([`spirv_exec::Kernel::is_brief`]: a loop-free kernel whose last launch was short), a
    /// copy or fill of at most [`SMALL_BYTES`], ordering, resets and timestamps. Host
    /// functions and indirect or cooperative launches never are.
    pub fn is_small(&self) -> bool {
        self.waits.iter().all(|e| e.is_signalled())
            && match &self.command {
                Command::Nop | Command::Reset(_) | Command::WriteTimestamp { .. } => true,
                Command::Copy { dst, .. } | Command::Fill { dst, .. } => dst.len <= SMALL_BYTES,
                Command::Launch(l) => match l.groups {
                    LaunchGroups::Direct(groups) => {
                        !l.cooperative && l.kernel.is_brief(groups, l.group_size)
                    }
                    LaunchGroups::Indirect(_) => false,
                },
                _ => false,
            }
    }

    /// The event this submission of the op signals: its signal event, or a counter-based
    /// one's new tracking point ([`Event::bind`]). Called in submission order.
    pub fn bind_signal(&self) -> Option<Arc<Event>> {
        self.signal.as_ref().map(Event::bind)
    }

    /// Runs the op: waits, delay, command, then signals `signal` (from
    /// [`bind_signal`](Self::bind_signal)). `Err` describes a failed command (`signal` is
    /// marked failed); `stop` aborts a wait when the queue is torn down. `hold` (from
    /// [`hold`](Self::hold)) is released before the signal.
    pub fn execute(
        &self,
        stop: &AtomicBool,
        hold: Hold,
        signal: Option<&Arc<Event>>,
    ) -> Result<(), crate::fault::Text> {
        for event in &self.waits {
            NOTIFIER.wait_until(
                || event.is_signalled() || stop.load(Ordering::Acquire),
                None,
            );
            if !event.is_signalled() {
                // The queue or list was destroyed while the command waited: it never runs
                // without its wait (its memory may be gone by now).
                let text: crate::fault::Text =
                    "destroyed while waiting for an event: not run".into();
                if let Some(signal) = signal {
                    signal.fail(&text);
                }
                return Err(text);
            }
        }
        let delay = config().command_delay;
        if !delay.is_zero() {
            std::thread::sleep(delay);
        }
        // Timestamps only for an event that keeps them (reading the clock is not free).
        let timed = signal.filter(|e| e.keeps_timestamps());
        let start = timed.map_or(0, |_| timestamp_ns());
        // A panic in a command (a driver bug) fails that command, not the queue's worker.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.command.run()))
            .unwrap_or_else(|panic| Err(format!("internal error: {}", panic_text(&*panic))))
            .map_err(crate::fault::Text::from);
        if let (Err(text), true) = (&result, config().print_faults) {
            eprintln!("level-zero-cpu: a command failed: {text}");
        }
        drop(hold);
        if let Some(event) = timed {
            event.record_timestamps(start, timestamp_ns());
        }
        if let Some(event) = signal {
            // The description goes with the event before it is seen failed.
            match &result {
                Ok(()) => event.signal(),
                Err(text) => event.fail(text),
            }
        }
        result
    }
}

/// The message a panic carried.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("panic")
}

/// Group counts of a launch: given, or read from device memory when it executes.
pub enum LaunchGroups {
    Direct([u32; 3]),
    Indirect(Range),
}

/// A kernel launch with its arguments captured at append time.
pub struct LaunchCommand {
    /// The kernel as the executor runs it (it keeps its module's memory alive).
    pub kernel: spirv_exec::Kernel,
    pub args: Vec<Arg>,
    /// The allocations pointer arguments point into.
    pub buffers: Vec<Range>,
    /// Modules whose module-scope variables pointer arguments point into.
    pub modules: Vec<Arc<crate::module::Module>>,
    /// Pointer arguments into shared system memory (not USM): each reaches its mapping.
    pub system: Vec<usize>,
    pub group_size: [u32; 3],
    pub offset: [u32; 3],
    /// `ze_kernel_indirect_access_flags_t` bits.
    pub indirect: u32,
    pub groups: LaunchGroups,
    /// A cooperative launch: every group runs on a thread of its own, so that all are
    /// resident at once and may wait on each other through memory.
    pub cooperative: bool,
}

impl LaunchCommand {
    fn ranges(&self) -> Vec<&Range> {
        let indirect = match &self.groups {
            LaunchGroups::Indirect(range) => Some(range),
            LaunchGroups::Direct(_) => None,
        };
        self.buffers.iter().chain(indirect).collect()
    }

    fn run(&self) -> Result<(), String> {
        let name = self.kernel.name();
        let groups = match &self.groups {
            LaunchGroups::Direct(g) => *g,
            LaunchGroups::Indirect(range) => {
                let _pinned = range.pin_mapped()?;
                // SAFETY: 12 bytes of USM checked at record time and pinned.
                let g = unsafe {
                    (range.ptr as *const level_zero_sys::ze_group_count_t).read_unaligned()
                };
                [g.groupCountX, g.groupCountY, g.groupCountZ]
            }
        };
        // Each buffer argument reaches its range: its whole allocation, or the part of it
        // given with `zexCpuKernelSetArgumentBuffer`.
        let mut pinned = Vec::new();
        let mut reach = Vec::new();
        // Buffers of no bytes reach nothing, but a fault next to one is about it: they are
        // candidates for the fault's nearest allocation (`nearest_empty`).
        let mut empty = Vec::new();
        for b in &self.buffers {
            if let Some(a) = b.pin().map_err(|e| format!("kernel {name}: {e}"))? {
                let whole = b.ptr == a.base && b.len == a.size;
                let what = if whole {
                    What::named(a.allocation_name())
                } else {
                    What::Part {
                        kind: a.kind_name(),
                        offset: b.ptr - a.base,
                        len: b.len,
                        size: a.size,
                    }
                };
                if b.len == 0 {
                    empty.push(MemoryRange {
                        base: b.ptr,
                        end: b.ptr,
                        what,
                    });
                } else {
                    reach.extend(
                        a.reach(b.ptr, b.ptr + b.len)
                            .into_iter()
                            .map(|(base, end)| MemoryRange {
                                base,
                                end,
                                what: what.clone(),
                            }),
                    );
                }
                pinned.push(a);
            }
        }
        for &ptr in &self.system {
            let (base, end) = crate::system::region(ptr).ok_or_else(|| {
                format!("kernel {name}: pointer argument {ptr:#x} is no longer in mapped memory")
            })?;
            reach.push(MemoryRange {
                base,
                end,
                what: What::named("shared system memory"),
            });
        }
        if self.indirect != 0 {
            for a in crate::memory::allocations_of(self.indirect) {
                reach.extend(
                    a.reach(a.base, a.base + a.size)
                        .into_iter()
                        .map(|(base, end)| MemoryRange {
                            base,
                            end,
                            what: What::named(a.allocation_name()),
                        }),
                );
                pinned.push(Pinned::whole(a));
            }
            // Indirect access also reaches shared system memory: pointers the program stored
            // in memory may point to its own (`malloc`) memory.
            reach.extend(
                crate::system::regions()
                    .into_iter()
                    .map(|(base, end)| MemoryRange {
                        base,
                        end,
                        what: What::named("shared system memory"),
                    }),
            );
        }
        let mut launch = LaunchDesc::new(groups, self.group_size);
        launch.offset = self.offset;
        // Shares the values' bytes with the command (and the kernel's arguments): no copy.
        launch.args = self.args.clone();
        launch.threads = if self.cooperative {
            groups.iter().map(|&g| g as usize).product()
        } else {
            config().kernel_threads
        };
        launch.memory = reach;
        launch.read_only = pinned.iter().flat_map(|a| a.read_only()).collect();
        // The kernel's own module globals are the executor's to add. What each module is built
        // into is held until the launch returns: a dynamic link may replace it meanwhile.
        let built: Vec<_> = self.modules.iter().map(|m| m.built()).collect();
        for b in &built {
            let globals = b.globals();
            launch.memory.push(MemoryRange {
                base: globals.base,
                end: globals.end,
                what: What::named("module globals"),
            });
        }
        let watch = config().kernel_timeout.map(Watch::start);
        launch.cancel = watch.as_ref().map(Watch::flag);
        // SAFETY: the memory ranges are live allocations pinned until the launch returns, and the
        // module globals of what the modules are built into, held in `built` until it returns.
        let result = unsafe { self.kernel.run(launch) };
        match (result, watch) {
            (
                Err(LaunchError::Fault {
                    fault: Fault::Cancelled,
                    ..
                }),
                Some(w),
            ) if w.expired() => Err(format!(
                "kernel {name} ran longer than {} ms and was stopped (hung?); \
                     LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS sets the limit",
                w.timeout().as_millis()
            )),
            (result, _) => result.map_err(|e| nearest_empty(e, &empty).to_string()),
        }
    }
}

/// `error` with an out-of-bounds access's nearest allocation replaced by a buffer argument of
/// no bytes (`empty`) where one is nearer (a write through a zero-length array's pointer names
/// that array, not whatever else the launch reaches).
fn nearest_empty(error: LaunchError, empty: &[MemoryRange]) -> LaunchError {
    let LaunchError::Fault {
        kernel,
        fault:
            Fault::OutOfBounds {
                address,
                len,
                nearest,
            },
    } = error
    else {
        return error;
    };
    // The executor's measure: bytes from the access to the range's nearest byte (an empty
    // range's only "byte" is its start).
    let distance = |r: &MemoryRange| {
        if address < r.base {
            r.base - address
        } else {
            address.saturating_sub(r.end.max(r.base.saturating_add(1)) - 1)
        }
    };
    let nearer = empty
        .iter()
        .min_by_key(|r| distance(r))
        .filter(|e| nearest.as_ref().is_none_or(|n| distance(e) <= distance(n)));
    LaunchError::Fault {
        kernel,
        fault: Fault::OutOfBounds {
            address,
            len,
            nearest: nearer.cloned().or(nearest),
        },
    }
}

/// Holds the allocations a command touches alive (and their pages mapped) while it runs.
fn pin(ranges: &[&Range]) -> Result<Vec<Pinned>, String> {
    let mut pinned = Vec::with_capacity(ranges.len());
    for range in ranges {
        pinned.extend(range.pin_mapped()?);
    }
    Ok(pinned)
}

/// Like [`pin`] for a command reading `reads` and writing `writes`, whose ranges of the
/// program's own memory are checked again (`maps`): memory unmapped or protected since the
/// append fails the command (`DEVICE_LOST`, the range in its description) instead of faulting
/// the process. Memory unmapped by another thread while the command runs still faults, as on
/// a GPU: the program's own race.
fn pin_checked(name: &str, reads: &[&Range], writes: &[&Range]) -> Result<Vec<Pinned>, String> {
    let fail = |e: String| format!("{name}: {e}");
    for range in reads {
        range.recheck(Access::Read).map_err(fail)?;
    }
    for range in writes {
        range.recheck(Access::Write).map_err(fail)?;
    }
    let all: Vec<&Range> = reads.iter().chain(writes).copied().collect();
    pin(&all)
}

impl Command {
    /// What the command is, in a word or two (a graph's dump names its nodes so).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Nop => "barrier or event",
            Command::Copy { .. } => "memory copy",
            Command::CopyRegion { .. } => "memory copy region",
            Command::Fill { .. } => "memory fill",
            Command::WriteTimestamp { .. } => "write global timestamp",
            Command::QueryTimestamps { .. } => "query kernel timestamps",
            Command::Reset(_) => "event reset",
            Command::Launch(_) => "kernel launch",
            Command::LaunchMany { .. } => "indirect kernel launches",
            Command::HostFunction { .. } => "host function",
        }
    }

    /// The memory ranges the command touches.
    pub fn ranges(&self) -> Vec<&Range> {
        match self {
            Command::Nop | Command::Reset(_) | Command::HostFunction { .. } => Vec::new(),
            Command::Copy { dst, src } | Command::CopyRegion { dst, src, .. } => vec![dst, src],
            Command::Fill { dst, .. } | Command::WriteTimestamp { dst } => vec![dst],
            Command::QueryTimestamps { dst, .. } => dst.iter().collect(),
            Command::Launch(launch) => launch.ranges(),
            Command::LaunchMany { count, launches } => std::iter::once(count)
                .chain(launches.iter().flat_map(LaunchCommand::ranges))
                .collect(),
        }
    }

    fn run(&self) -> Result<(), String> {
        match self {
            Command::Nop => Ok(()),
            Command::Copy { dst, src } => {
                let _pinned = pin_checked(self.name(), &[src], &[dst])?;
                // SAFETY: both ranges were checked against their allocations when recorded and
                // are pinned, or are system memory just checked readable (`src`) and writable
                // (`dst`) in the process's mappings.
                unsafe { copy_bytes(dst.ptr as *mut u8, src.ptr as *const u8, dst.len) };
                Ok(())
            }
            Command::CopyRegion {
                dst,
                dst_region,
                src,
                src_region,
            } => {
                // The regions' whole spans are checked (gaps between rows included).
                let _pinned = pin_checked(self.name(), &[src], &[dst])?;
                let [w, h, d] = src_region.extent.map(|v| v as usize);
                for z in 0..d {
                    for y in 0..h {
                        let s = src.ptr + src_region.row_offset(y, z);
                        let t = dst.ptr + dst_region.row_offset(y, z);
                        // SAFETY: every row lies inside the ranges checked at record time and
                        // again above.
                        unsafe { std::ptr::copy(s as *const u8, t as *mut u8, w) };
                    }
                }
                Ok(())
            }
            Command::Fill { dst, pattern } => {
                let _pinned = pin_checked(self.name(), &[], &[dst])?;
                // SAFETY: the range was checked when recorded and is pinned (USM) or was just
                // checked writable (system memory).
                unsafe { fill_bytes(dst.ptr as *mut u8, dst.len, pattern) };
                Ok(())
            }
            Command::WriteTimestamp { dst } => {
                let _pinned = pin_checked(self.name(), &[], &[dst])?;
                // SAFETY: 8 bytes checked at record time; unaligned write is allowed.
                unsafe { (dst.ptr as *mut u64).write_unaligned(timestamp_ns()) };
                Ok(())
            }
            Command::QueryTimestamps { events, dst } => {
                let ranges: Vec<&Range> = dst.iter().collect();
                let _pinned = pin_checked(self.name(), &[], &ranges)?;
                for (event, range) in events.iter().zip(dst) {
                    // SAFETY: each destination was checked for a full result at record time.
                    unsafe {
                        (range.ptr as *mut ze_kernel_timestamp_result_t)
                            .write_unaligned(event.timestamp_result())
                    };
                }
                Ok(())
            }
            Command::Reset(event) => {
                event.reset();
                Ok(())
            }
            Command::Launch(launch) => launch.run(),
            Command::LaunchMany { count, launches } => {
                let _pinned = pin(&[count])?;
                // SAFETY: 4 bytes of USM checked at record time and pinned.
                let n = unsafe { (count.ptr as *const u32).read_unaligned() } as usize;
                launches.iter().take(n).try_for_each(LaunchCommand::run)
            }
            Command::HostFunction { function, data } => {
                // SAFETY: the application appended `function` as a `ze_host_function_callback_t`
                // to be called with `data` when the list reaches it, which is now (its waits are
                // signalled, earlier commands have run); the spec forbids it to call Level Zero,
                // so it does not re-enter the driver, and its data is the application's to vouch
                // for. The C ABI has no unwinding (a Rust callback that panics aborts), so no
                // unwind crosses this call.
                unsafe { function(*data as *mut std::ffi::c_void) };
                Ok(())
            }
        }
    }
}

/// Copies of at least this many bytes are split over threads.
const PARALLEL_MIN: usize = 8 << 20;

fn workers_for(len: usize) -> usize {
    if len < PARALLEL_MIN {
        return 1;
    }
    let cores = crate::device::host_threads() as usize;
    cores.min(len / (PARALLEL_MIN / 2)).max(1)
}

/// Splits `len` bytes into `n` chunks aligned to 4 KiB, calling `f(offset, chunk_len)` on
/// scoped threads (the first chunk on the calling thread).
fn split(len: usize, n: usize, f: impl Fn(usize, usize) + Sync) {
    if n <= 1 {
        f(0, len);
        return;
    }
    let chunk = (len / n).next_multiple_of(4096);
    std::thread::scope(|scope| {
        let f = &f;
        let mut offset = chunk.min(len);
        while offset < len {
            let this = chunk.min(len - offset);
            let at = offset;
            scope.spawn(move || f(at, this));
            offset += this;
        }
        f(0, chunk.min(len));
    });
}

/// `memmove` for small or overlapping copies; large disjoint copies run on several threads.
///
/// # Safety
/// `src` must be readable and `dst` writable for `len` bytes.
pub unsafe fn copy_bytes(dst: *mut u8, src: *const u8, len: usize) {
    let (d, s) = (dst as usize, src as usize);
    let overlap = d < s + len && s < d + len;
    let n = if overlap { 1 } else { workers_for(len) };
    if n == 1 {
        // SAFETY: the caller guarantees both ranges; `copy` allows overlap.
        unsafe { std::ptr::copy(src, dst, len) };
        return;
    }
    split(len, n, |off, chunk| {
        // SAFETY: disjoint sub-ranges of the caller's disjoint ranges.
        unsafe {
            std::ptr::copy_nonoverlapping((s + off) as *const u8, (d + off) as *mut u8, chunk)
        }
    });
}

/// Fills `len` bytes with `pattern` repeated (a last partial pattern is truncated).
///
/// # Safety
/// `dst` must be writable for `len` bytes; `pattern` must not be empty.
pub unsafe fn fill_bytes(dst: *mut u8, len: usize, pattern: &[u8]) {
    let d = dst as usize;
    split(len, workers_for(len), |off, chunk| {
        // SAFETY: a sub-range of the caller's range.
        unsafe { fill_serial((d + off) as *mut u8, chunk, pattern, off % pattern.len()) }
    });
}

/// # Safety
/// `dst` writable for `len` bytes.
unsafe fn fill_serial(dst: *mut u8, len: usize, pattern: &[u8], phase: usize) {
    if let [byte] = pattern {
        // SAFETY: caller guarantees the range.
        unsafe { std::ptr::write_bytes(dst, *byte, len) };
        return;
    }
    // A block of whole patterns, hot in cache, copied over the destination.
    const BLOCK: usize = 4096;
    let mut block = [0u8; BLOCK];
    for (i, b) in block.iter_mut().enumerate() {
        *b = pattern[(phase + i) % pattern.len()];
    }
    // BLOCK is a multiple of every allowed pattern size (powers of two up to 128), so every
    // block starts at the same phase.
    let mut done = 0;
    while done < len {
        let n = BLOCK.min(len - done);
        // SAFETY: `dst + done .. + n` is inside the caller's range.
        unsafe { std::ptr::copy_nonoverlapping(block.as_ptr(), dst.add(done), n) };
        done += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fill_repeats_the_pattern(len in 0usize..20_000, log in 0u32..8, seed in any::<u8>()) {
            let pattern: Vec<u8> = (0..1usize << log).map(|i| seed.wrapping_add((i as u8).wrapping_mul(7))).collect();
            let mut buf = vec![0xAAu8; len + 16];
            // SAFETY: `len` bytes of `buf` are writable.
            unsafe { fill_bytes(buf.as_mut_ptr().add(8), len, &pattern) };
            for i in 0..len {
                prop_assert_eq!(buf[8 + i], pattern[i % pattern.len()]);
            }
            prop_assert!(buf[..8].iter().chain(&buf[8 + len..]).all(|&b| b == 0xAA));
        }

        #[test]
        fn region_span_is_the_last_touched_byte(ox in 0u32..8, oy in 0u32..8, w in 1u32..16, h in 1u32..8, extra in 0u32..8) {
            let pitch = ox + w + extra;
            let r = CopyRegion { origin: [ox, oy, 0], extent: [w, h, 1], pitch, slice_pitch: pitch * (oy + h) };
            prop_assert_eq!(r.span(), Some(((oy + h - 1) * pitch + ox + w) as usize));
        }
    }

    #[test]
    fn large_copies_split_over_threads_copy_everything() {
        let len = PARALLEL_MIN * 2 + 12345;
        let src: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
        let mut dst = vec![0u8; len];
        // SAFETY: both buffers hold `len` bytes and do not overlap.
        unsafe { copy_bytes(dst.as_mut_ptr(), src.as_ptr(), len) };
        assert!(dst == src);
        let mut filled = vec![0u8; len];
        // SAFETY: `len` bytes writable.
        unsafe { fill_bytes(filled.as_mut_ptr(), len, &[1, 2, 3, 4]) };
        assert!(filled
            .iter()
            .enumerate()
            .all(|(i, &b)| b == (i % 4) as u8 + 1));
    }

    /// A fault next to a zero-length buffer names it when it is nearer than anything the
    /// launch reaches; other faults keep the executor's nearest range.
    #[test]
    fn a_fault_next_to_an_empty_buffer_names_it() {
        let range = |base, end, what: &str| MemoryRange {
            base,
            end,
            what: what.into(),
        };
        let fault = |address, nearest| LaunchError::Fault {
            kernel: "k".into(),
            fault: Fault::OutOfBounds {
                address,
                len: 4,
                nearest: Some(nearest),
            },
        };
        let nearest = |e: LaunchError| match e {
            LaunchError::Fault {
                fault: Fault::OutOfBounds { nearest, .. },
                ..
            } => nearest.map(|r| r.what.to_string()),
            other => panic!("{other}"),
        };
        let globals = range(0x100, 0x108, "module globals");
        let empty = [range(0x9000, 0x9000, "empty array")];
        for address in [0x9000, 0x9004, 0x8ffc] {
            let e = nearest_empty(fault(address, globals.clone()), &empty);
            assert_eq!(nearest(e).as_deref(), Some("empty array"), "{address:#x}");
        }
        // The executor's range is nearer (here: the access straddles its end).
        let buffer = range(0x8ff0, 0x8ffe, "buffer");
        let e = nearest_empty(fault(0x8ffc, buffer), &empty);
        assert_eq!(nearest(e).as_deref(), Some("buffer"));
        // Nothing reachable at all: the empty buffer.
        let e = LaunchError::Fault {
            kernel: "k".into(),
            fault: Fault::OutOfBounds {
                address: 1,
                len: 4,
                nearest: None,
            },
        };
        assert_eq!(
            nearest(nearest_empty(e, &empty)).as_deref(),
            Some("empty array")
        );
        // Other faults are left alone.
        let e = nearest_empty(
            LaunchError::Fault {
                kernel: "k".into(),
                fault: Fault::Cancelled,
            },
            &empty,
        );
        assert!(matches!(
            e,
            LaunchError::Fault {
                fault: Fault::Cancelled,
                ..
            }
        ));
    }
}
