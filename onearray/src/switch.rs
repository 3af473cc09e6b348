//! A process-wide on/off setting: what the program last set, else what an environment
//! variable says when it is first read (`0` off, `1` on, anything else or unset: the default).

use std::sync::atomic::{AtomicU8, Ordering};

/// A setting read on every allocation: one relaxed load once known.
pub(crate) struct Switch {
    /// 0 not read yet, 1 on, 2 off.
    state: AtomicU8,
    var: &'static str,
    default: bool,
}

impl Switch {
    pub(crate) const fn new(var: &'static str, default: bool) -> Switch {
        Switch {
            state: AtomicU8::new(0),
            var,
            default,
        }
    }

    /// Whether it is on; the first call (unless the program set it) reads the variable.
    #[inline]
    pub(crate) fn get(&self) -> bool {
        match self.state.load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => self.read_env(),
        }
    }

    /// The first [`get`](Self::get): reads the environment.
    #[cold]
    fn read_env(&self) -> bool {
        let on = match std::env::var(self.var).as_deref() {
            Ok("0") => false,
            Ok("1") => true,
            _ => self.default,
        };
        // A value the program set meanwhile wins.
        let _ =
            self.state
                .compare_exchange(0, Self::encode(on), Ordering::Relaxed, Ordering::Relaxed);
        self.state.load(Ordering::Relaxed) == 1
    }

    pub(crate) fn set(&self, on: bool) {
        self.state.store(Self::encode(on), Ordering::Relaxed);
    }

    fn encode(on: bool) -> u8 {
        if on {
            1
        } else {
            2
        }
    }
}
