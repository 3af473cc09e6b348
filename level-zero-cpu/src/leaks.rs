//! Leak reports: what is still alive in a context when it is destroyed (`zeContextDestroy`,
//! in `api::context`, reports it, then frees what the context still owns), or in the process at exit
//! (`LEVEL_ZERO_CPU_LEAK_REPORT`).

use crate::config::{config, LeakReport};
use crate::handle::{self, HandleKind};
use std::fmt::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

static REPORTS: AtomicUsize = AtomicUsize::new(0);

/// How many leak reports (with at least one leaked object) this driver has printed.
pub fn reports() -> usize {
    REPORTS.load(Ordering::Acquire)
}

/// Live handles and allocations owned by `context` (0: the whole process), as report lines;
/// empty when nothing leaked.
///
/// The driver's default context (`zeDriverGetDefaultContext`) is the driver's, not a leak; what
/// the program left in it (its queues, lists, modules, and its memory, as all memory) is.
pub fn leaked(context: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let default = crate::context::default_id();
    for (kind, mut count) in handle::live_in_context(context) {
        if context == 0
            && matches!(
                kind,
                HandleKind::Driver | HandleKind::Device | HandleKind::MemoryModule
            )
        {
            continue;
        }
        if context == 0 && kind == HandleKind::Context && default.is_some() {
            count -= 1;
            if count == 0 {
                continue;
            }
        }
        lines.push(format!("{count} {}(s)", kind.name()));
    }
    if let Some(default) = default.filter(|_| context == 0) {
        for (kind, count) in handle::live_in_context(default) {
            lines.push(format!("{count} {}(s) in the default context", kind.name()));
        }
    }
    lines.extend(crate::memory::leaked_allocations(context));
    lines
}

/// Prints a leak report for `what` if `lines` is not empty; returns whether it did.
pub fn report(what: &str, lines: &[String]) -> bool {
    if lines.is_empty() {
        return false;
    }
    REPORTS.fetch_add(1, Ordering::AcqRel);
    let mut text = format!("level-zero-cpu: leak report for {what}:\n");
    for line in lines {
        let _ = writeln!(text, "  {line}");
    }
    eprint!("{text}");
    true
}

extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
    fn _exit(status: std::ffi::c_int) -> !;
}

extern "C" fn report_at_exit() {
    let lines = leaked(0);
    let leaked_any = report("the process at exit", &lines);
    // Leaks reported when their context was destroyed count too: that memory was freed with
    // the context, but the program never released it.
    let earlier = reports();
    if !leaked_any && earlier > 0 {
        eprintln!(
            "level-zero-cpu: leak report for the process at exit: nothing left now, but \
             {earlier} context(s) were destroyed with objects or memory still in them"
        );
    }
    if (leaked_any || earlier > 0) && config().leak_report == LeakReport::Abort {
        // Exit status 86 tells a test harness that the driver found leaks. `exit` must not be
        // called again from an at-exit handler, so end the process directly.
        // SAFETY: `_exit` ends the process at once; nothing of ours runs after it.
        unsafe { _exit(86) };
    }
}

/// Registers the at-exit report once, if the environment asks for it. Called from the
/// driver's `zeInit`. The driver is a library Intel's loader may load into any process, so the
/// report keeps its own hook rather than joining an upper layer's shutdown. Its order is safe:
/// a layer above can only release what it caches (default contexts, pools) after `zeInit`
/// returned, so it registers its own at-exit work later, and C runs at-exit handlers in
/// reverse order of registration: theirs first, this report last.
pub fn install_exit_report() {
    static ONCE: Once = Once::new();
    if config().leak_report == LeakReport::Off {
        return;
    }
    ONCE.call_once(|| {
        // SAFETY: `atexit` is the C library's; the callback is a plain `extern "C" fn` that
        // stays valid for the life of the process (the library is never unloaded).
        unsafe { atexit(report_at_exit) };
    });
}
