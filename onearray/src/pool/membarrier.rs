//! An asymmetric memory barrier for the magazines (`magazine.rs`): a thread working on its
//! own magazine pays only a compiler fence ([`light`]), and the rare thread that takes
//! another thread's magazine (trim, the out-of-memory ladder) pays for both with a
//! `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)` system call ([`heavy`]), which runs a full
//! memory barrier on every running thread of the process before it returns. So a store then
//! a load on each side (Dekker's pattern: "I am busy" / "I am taking it") needs no
//! read-modify-write on the common side; the same pattern is how userspace RCU and Folly's
//! `asymmetricLightBarrier` use the call.
//!
//! Linux only (4.14 on); where the call is missing or refused (old kernels, seccomp),
//! [`available`] is false and the magazines take their flag with a read-modify-write (as
//! they also do with `ONEARRAY_MEMBARRIER=0`, read once).

use std::sync::atomic::{compiler_fence, AtomicU8, Ordering};

/// 0: not asked yet, 1: registered and working, 2: unavailable.
static STATE: AtomicU8 = AtomicU8::new(0);

/// Whether [`heavy`] works (registers the process on first call; the answer never changes
/// afterwards, so both sides of every magazine agree on the protocol).
#[inline]
pub(crate) fn available() -> bool {
    match STATE.load(Ordering::Acquire) {
        1 => true,
        2 => false,
        _ => register(),
    }
}

/// The first [`available`]: asks the kernel (or the environment) once.
#[cold]
fn register() -> bool {
    // `ONEARRAY_MEMBARRIER=0`: the read-modify-write protocol (to compare, or test it).
    let ok = std::env::var("ONEARRAY_MEMBARRIER").as_deref() != Ok("0") && sys::register();
    // The first answer wins: every caller sees the same one.
    let _ = STATE.compare_exchange(
        0,
        if ok { 1 } else { 2 },
        Ordering::AcqRel,
        Ordering::Acquire,
    );
    STATE.load(Ordering::Acquire) == 1
}

/// The common side's barrier: orders this thread's earlier accesses before its later ones
/// as far as the compiler is concerned; [`heavy`] on another thread supplies the processor's.
#[inline(always)]
pub(crate) fn light() {
    compiler_fence(Ordering::SeqCst);
}

/// The rare side's barrier: when it returns, every other thread of the process has run a full
/// memory barrier since it was called (so a store it made before its `light` is visible, and
/// a load it makes after its `light` sees what this thread stored before calling).
/// Only called once [`available`] said true.
pub(crate) fn heavy() {
    if !sys::heavy() {
        // Registered processes are never refused (the kernel's contract); going on without
        // the barrier could let two threads use one magazine at once.
        eprintln!("onearray: membarrier failed after registration; aborting");
        std::process::abort();
    }
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod sys {
    use std::ffi::c_long;

    extern "C" {
        fn syscall(number: c_long, ...) -> c_long;
    }

    #[cfg(target_arch = "x86_64")]
    const SYS_MEMBARRIER: c_long = 324;
    #[cfg(target_arch = "aarch64")]
    const SYS_MEMBARRIER: c_long = 283;
    const CMD_QUERY: c_long = 0;
    const CMD_PRIVATE_EXPEDITED: c_long = 1 << 3;
    const CMD_REGISTER_PRIVATE_EXPEDITED: c_long = 1 << 4;

    fn membarrier(cmd: c_long) -> c_long {
        // SAFETY: `membarrier(cmd, flags, cpu_id)` reads only its integer arguments; an
        // unknown command or a kernel without the call returns -1.
        unsafe { syscall(SYS_MEMBARRIER, cmd, 0 as c_long, 0 as c_long) }
    }

    pub(super) fn register() -> bool {
        let commands = membarrier(CMD_QUERY);
        commands >= 0
            && commands & CMD_PRIVATE_EXPEDITED != 0
            && membarrier(CMD_REGISTER_PRIVATE_EXPEDITED) == 0
            && heavy()
    }

    pub(super) fn heavy() -> bool {
        membarrier(CMD_PRIVATE_EXPEDITED) == 0
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
mod sys {
    pub(super) fn register() -> bool {
        false
    }

    pub(super) fn heavy() -> bool {
        false
    }
}
