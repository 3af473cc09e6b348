//! A launch's `printf` output: the buffer its work-items fill ([`PRINTF_BUFFER_SIZE`] bytes),
//! delivered when the launch completes (the format language is `printf.rs`'s).

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Bytes of `printf` output a launch keeps (Intel's GPU driver's buffer size): a call whose
/// output does not fit prints nothing and returns -1.
pub const PRINTF_BUFFER_SIZE: usize = 4 << 20;

/// The `printf` output of one launch, filled by its work-items.
#[derive(Default)]
pub(crate) struct Printed(Mutex<Vec<u8>>);

impl Printed {
    /// Appends one call's output: `false` (nothing kept) if the buffer would overflow.
    pub(crate) fn push(&self, bytes: &[u8]) -> bool {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if out.len() + bytes.len() > PRINTF_BUFFER_SIZE {
            return false;
        }
        out.extend_from_slice(bytes);
        true
    }

    /// Hands the output over at the end of the launch: to `sink`, else to standard output.
    pub(crate) fn deliver(self, sink: &Option<Arc<Mutex<Vec<u8>>>>) {
        let out = self.0.into_inner().unwrap_or_else(|e| e.into_inner());
        if out.is_empty() {
            return;
        }
        match sink {
            Some(buffer) => buffer
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend_from_slice(&out),
            None => {
                let mut stdout = std::io::stdout().lock();
                // Standard output closed or full: the output is lost, as a C program's would be.
                let _ = stdout.write_all(&out).and_then(|()| stdout.flush());
            }
        }
    }
}
