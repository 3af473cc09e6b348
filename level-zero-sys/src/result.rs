//! Names and meanings of `ze_result_t` codes, and [`ZeError`]: a failed call of the result
//! layer ([`calls`](crate::calls)), naming the call.

use crate::results::RESULTS;
use crate::{ze_api_version_t, ze_result_t};
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

/// A Level Zero call that did not return `ZE_RESULT_SUCCESS`, or was not made: which call, and
/// what it returned, or why it was not made.
///
/// Two cases: the call returned `result` (`version_gap` is `None`), or the result layer did
/// not call it because its entry is newer than the API version negotiated with the source
/// (`version_gap` says both versions; `result` is `ZE_RESULT_ERROR_UNSUPPORTED_VERSION`).
///
/// ```
/// use level_zero_sys::{ze_result_t, ZeError};
/// let e = ZeError::check("zeMemAllocDevice", ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "zeMemAllocDevice: ZE_RESULT_ERROR_UNSUPPORTED_SIZE (size argument is not supported by the device (e.g., too large))"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZeError {
    /// The C function, e.g. `"zeMemAllocDevice"`.
    pub call: &'static str,
    /// What it returned (never `ZE_RESULT_SUCCESS`); `ZE_RESULT_ERROR_UNSUPPORTED_VERSION` when
    /// it was not called for a [`version_gap`](Self::version_gap).
    pub result: ze_result_t,
    /// Set when the call was not made: its entry appeared in a newer API version than the one
    /// negotiated with the source.
    pub version_gap: Option<VersionGap>,
}

/// Why a call was not made: the API version its entry appeared in is newer than the version
/// the [`Dispatch`](crate::Dispatch) negotiated with its source.
///
/// ```
/// use level_zero_sys::{ze_api_version_t, VersionGap};
/// let gap = VersionGap {
///     needs: ze_api_version_t::ZE_API_VERSION_1_7,
///     negotiated: ze_api_version_t::ZE_API_VERSION_1_4,
///     peer: "the loader",
/// };
/// assert_eq!(gap.to_string(), "needs Level Zero 1.7; the loader speaks 1.4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VersionGap {
    /// The version the call's entry appeared in.
    pub needs: ze_api_version_t,
    /// The version negotiated with the source.
    pub negotiated: ze_api_version_t,
    /// The source, in words: "the loader", "the driver library" or "the in-process driver".
    pub peer: &'static str,
}

impl fmt::Display for VersionGap {
    /// `needs Level Zero 1.7; the loader speaks 1.4`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (nm, nn) = crate::version_parts(self.needs);
        let (am, an) = crate::version_parts(self.negotiated);
        write!(
            f,
            "needs Level Zero {nm}.{nn}; {} speaks {am}.{an}",
            self.peer
        )
    }
}

impl ZeError {
    /// `Ok(())` on `ZE_RESULT_SUCCESS`, else the error naming `call`.
    pub fn check(call: &'static str, result: ze_result_t) -> Result<(), ZeError> {
        if result.is_success() {
            Ok(())
        } else {
            Err(ZeError {
                call,
                result,
                version_gap: None,
            })
        }
    }

    /// The error for a call that was not made because of `gap`.
    pub fn unsupported_version(call: &'static str, gap: VersionGap) -> ZeError {
        ZeError {
            call,
            result: ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION,
            version_gap: Some(gap),
        }
    }

    /// `true` for `ZE_RESULT_NOT_READY`: a query or timed wait whose object is not signalled.
    pub fn is_not_ready(&self) -> bool {
        self.result == ze_result_t::ZE_RESULT_NOT_READY
    }
}

impl fmt::Display for ZeError {
    /// `zeMemAllocDevice: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (insufficient device memory to satisfy call)`,
    /// or for a call not made: `zeX needs Level Zero 1.7; the loader speaks 1.4 (ZE_RESULT_ERROR_UNSUPPORTED_VERSION)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.result.name().unwrap_or("unknown ze_result_t");
        match &self.version_gap {
            Some(gap) => write!(f, "{} {gap} ({name})", self.call),
            None => write!(f, "{}: {name} ({})", self.call, self.result.meaning()),
        }
    }
}

impl std::error::Error for ZeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_gap_reads_in_words_first() {
        let e = ZeError::unsupported_version(
            "zeDeviceGetRootDevice",
            VersionGap {
                needs: ze_api_version_t::ZE_API_VERSION_1_7,
                negotiated: ze_api_version_t::ZE_API_VERSION_1_4,
                peer: "the loader",
            },
        );
        assert_eq!(
            e.to_string(),
            "zeDeviceGetRootDevice needs Level Zero 1.7; the loader speaks 1.4 \
             (ZE_RESULT_ERROR_UNSUPPORTED_VERSION)"
        );
        assert_eq!(e.result, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION);
    }

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
