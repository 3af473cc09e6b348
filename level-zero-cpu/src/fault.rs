//! Faults: why a command failed with `ZE_RESULT_ERROR_DEVICE_LOST`, and where the loss is
//! recorded.
//!
//! A command fails when its kernel faults (an access outside the memory the launch may reach),
//! hangs (the watchdog stops it), or the driver panics running it. Its description travels with
//! the failure: into the command's signal event, into the fence and the `synchronize` of its
//! queue or immediate list, and into its context and device, which are *lost* from then on:
//!
//! - `zeContextGetStatus` reports `DEVICE_LOST` for the rest of the context's life (a GPU's
//!   driver refuses a lost context's work; this driver still runs it, since every access of
//!   the failed command was checked and nothing outside its memory was written: a program goes
//!   on by destroying the lost context and creating a new one);
//! - `zeDeviceGetStatus` reports `DEVICE_LOST` from the fault until a context including the
//!   device is created (the recovery: a new context starts clean, the lost one stays lost).
//!
//! Each call that returns `DEVICE_LOST` records, for the calling thread, the description of
//! the failure it reports (as `errno` does): `zexCpuDriverGetLastFault` returns that, so an
//! error names the fault of the command that failed, never another thread's or an earlier one.

use level_zero_sys::ze_result_t;
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

/// The description of a failed command.
pub type Text = Arc<str>;

/// A lost state (of a context, a device, an engine's unreported failure): the description of
/// the fault that lost it, if any.
#[derive(Default)]
pub struct Lost(Mutex<Option<Text>>);

impl Lost {
    /// Records `text` unless a fault is recorded already (the first fault is the cause).
    pub fn mark(&self, text: &Text) {
        let mut lost = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if lost.is_none() {
            *lost = Some(text.clone());
        }
    }

    /// The recorded fault.
    pub fn get(&self) -> Option<Text> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Takes the recorded fault away (`None` if there is none).
    pub fn take(&self) -> Option<Text> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// `Err(DEVICE_LOST)` (reported to this thread with the fault) if a fault is recorded.
    pub fn check(&self, what: &str) -> Result<(), ze_result_t> {
        match self.get() {
            Some(text) => Err(report(&format!("{what} lost: {text}").into())),
            None => Ok(()),
        }
    }
}

thread_local! {
    /// The fault behind the last `DEVICE_LOST` this thread was given.
    static REPORTED: RefCell<Option<Text>> = const { RefCell::new(None) };
}

/// Records `text` as the description of the `DEVICE_LOST` the calling thread is being given,
/// and returns that result.
pub fn report(text: &Text) -> ze_result_t {
    // `try_with`: a thread's last calls (its stream's destruction) come as its locals go.
    let _ = REPORTED.try_with(|r| *r.borrow_mut() = Some(text.clone()));
    ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST
}

/// The description of the last `DEVICE_LOST` given to this thread (empty if none).
pub fn last_reported() -> String {
    REPORTED
        .try_with(|r| r.borrow().as_deref().unwrap_or_default().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_fault_is_kept_and_each_thread_sees_its_own_report() {
        let lost = Lost::default();
        assert_eq!(lost.check("context"), Ok(()));
        lost.mark(&"first".into());
        lost.mark(&"second".into());
        assert_eq!(lost.get().as_deref(), Some("first"));
        assert_eq!(
            lost.check("context"),
            Err(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
        );
        assert_eq!(last_reported(), "context lost: first");
        std::thread::spawn(|| {
            assert_eq!(last_reported(), "");
            report(&"other".into());
            assert_eq!(last_reported(), "other");
        })
        .join()
        .unwrap();
        assert_eq!(last_reported(), "context lost: first");
        assert_eq!(lost.take().as_deref(), Some("first"));
        assert_eq!(lost.get(), None);
    }
}
