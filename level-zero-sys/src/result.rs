//! Names and meanings of `ze_result_t` codes, and [`ZeError`]: a failed call of the result
//! layer ([`calls`](crate::calls)), naming the call.

use crate::results::RESULTS;
use crate::ze_result_t;
use core::fmt;

impl ze_result_t {
    /// The C name of the code, e.g. `"ZE_RESULT_ERROR_INVALID_SIZE"`; `None` for a value the
    /// vendored headers ([`HEADERS`](crate::HEADERS)) do not define.
    pub fn name(self) -> Option<&'static str> {
        RESULTS.iter().find(|r| r.0 == self).map(|r| r.1)
    }

    /// A one-line meaning of the code (the header's comment on it).
    pub fn meaning(self) -> &'static str {
        RESULTS
            .iter()
            .find(|r| r.0 == self)
            .map_or("result code not defined by the Level Zero headers", |r| r.2)
    }

    /// `true` for `ZE_RESULT_SUCCESS`.
    pub fn is_success(self) -> bool {
        self == Self::ZE_RESULT_SUCCESS
    }

    /// `Ok(())` on success, else `Err(self)`.
    pub fn ok(self) -> Result<(), ze_result_t> {
        if self.is_success() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for ze_result_t {
    /// `ZE_RESULT_ERROR_INVALID_SIZE (0x78000008): size argument is invalid …`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({:#x}): {}",
            self.name().unwrap_or("unknown ze_result_t"),
            self.0,
            self.meaning()
        )
    }
}

impl std::error::Error for ze_result_t {}

/// A Level Zero call that did not return `ZE_RESULT_SUCCESS`: which call, and what it returned.
///
/// ```
/// use level_zero_sys::{ze_result_t, ZeError};
/// let e = ZeError { call: "zeMemAllocDevice", result: ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE };
/// assert_eq!(
///     e.to_string(),
///     "zeMemAllocDevice: ZE_RESULT_ERROR_UNSUPPORTED_SIZE (size argument is not supported by the device (e.g., too large))"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZeError {
    /// The C function, e.g. `"zeMemAllocDevice"`.
    pub call: &'static str,
    /// What it returned (never `ZE_RESULT_SUCCESS`).
    pub result: ze_result_t,
}

impl ZeError {
    /// `Ok(())` on `ZE_RESULT_SUCCESS`, else the error naming `call`.
    pub fn check(call: &'static str, result: ze_result_t) -> Result<(), ZeError> {
        if result.is_success() {
            Ok(())
        } else {
            Err(ZeError { call, result })
        }
    }

    /// `true` for `ZE_RESULT_NOT_READY`: a query or timed wait whose object is not signalled.
    pub fn is_not_ready(&self) -> bool {
        self.result == ze_result_t::ZE_RESULT_NOT_READY
    }
}

impl fmt::Display for ZeError {
    /// `zeMemAllocDevice: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (insufficient device memory to satisfy call)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({})",
            self.call,
            self.result.name().unwrap_or("unknown ze_result_t"),
            self.result.meaning()
        )
    }
}

impl std::error::Error for ZeError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `ZE_RESULT_*` constant the generated bindings define has an entry (except the
    /// `FORCE_UINT32` sentinel), so Display never falls back for a code of the spec.
    #[test]
    fn every_generated_code_has_a_name() {
        let generated = include_str!("generated/bindings.rs");
        let mut count = 0;
        for line in generated.lines() {
            let Some(rest) = line.trim().strip_prefix("pub const ZE_RESULT_") else {
                continue;
            };
            let name = format!("ZE_RESULT_{}", rest.split(':').next().unwrap());
            if name == "ZE_RESULT_FORCE_UINT32" {
                continue;
            }
            assert!(RESULTS.iter().any(|r| r.1 == name), "{name} has no entry");
            count += 1;
        }
        assert_eq!(count, RESULTS.len());
    }

    #[test]
    fn display_names_code_and_meaning() {
        let s = ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY.to_string();
        assert_eq!(
            s,
            "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (0x70000003): insufficient device memory to satisfy call"
        );
        let unknown = ze_result_t(0x1234).to_string();
        assert!(
            unknown.starts_with("unknown ze_result_t (0x1234)"),
            "{unknown}"
        );
        assert_eq!(ze_result_t(0x1234).name(), None);
    }
}
