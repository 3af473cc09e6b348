//! Names and meanings of `ze_result_t` codes.

use crate::ze_result_t;
use core::fmt;

/// `(code, name, one-line meaning)` for every `ze_result_t` the v1.4 headers define.
const RESULTS: &[(ze_result_t, &str, &str)] = &[
    (
        ze_result_t::ZE_RESULT_SUCCESS,
        "ZE_RESULT_SUCCESS",
        "success",
    ),
    (
        ze_result_t::ZE_RESULT_NOT_READY,
        "ZE_RESULT_NOT_READY",
        "synchronization primitive not signalled yet",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST,
        "ZE_RESULT_ERROR_DEVICE_LOST",
        "device hung, was reset or removed, or its driver changed",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY,
        "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY",
        "not enough host memory for the call",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY,
        "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY",
        "not enough device memory for the call",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
        "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE",
        "module build failed; the build log says why",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_MODULE_LINK_FAILURE,
        "ZE_RESULT_ERROR_MODULE_LINK_FAILURE",
        "module link failed; the build log says why",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_DEVICE_REQUIRES_RESET,
        "ZE_RESULT_ERROR_DEVICE_REQUIRES_RESET",
        "device must be reset",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_DEVICE_IN_LOW_POWER_STATE,
        "ZE_RESULT_ERROR_DEVICE_IN_LOW_POWER_STATE",
        "device is in a low power state",
    ),
    (
        ze_result_t::ZE_RESULT_EXP_ERROR_DEVICE_IS_NOT_VERTEX,
        "ZE_RESULT_EXP_ERROR_DEVICE_IS_NOT_VERTEX",
        "device is not represented by a fabric vertex",
    ),
    (
        ze_result_t::ZE_RESULT_EXP_ERROR_VERTEX_IS_NOT_DEVICE,
        "ZE_RESULT_EXP_ERROR_VERTEX_IS_NOT_DEVICE",
        "fabric vertex does not represent a device",
    ),
    (
        ze_result_t::ZE_RESULT_EXP_ERROR_REMOTE_DEVICE,
        "ZE_RESULT_EXP_ERROR_REMOTE_DEVICE",
        "fabric vertex represents a remote device or sub-device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS,
        "ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS",
        "access denied at this permission level",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_NOT_AVAILABLE,
        "ZE_RESULT_ERROR_NOT_AVAILABLE",
        "resource in use elsewhere or removed",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE,
        "ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE",
        "a required external dependency is missing",
    ),
    (
        ze_result_t::ZE_RESULT_WARNING_DROPPED_DATA,
        "ZE_RESULT_WARNING_DROPPED_DATA",
        "data may have been dropped",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED,
        "ZE_RESULT_ERROR_UNINITIALIZED",
        "driver not initialized (or no driver found)",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION,
        "ZE_RESULT_ERROR_UNSUPPORTED_VERSION",
        "version not supported",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        "ZE_RESULT_ERROR_UNSUPPORTED_FEATURE",
        "feature not supported by this driver",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT,
        "ZE_RESULT_ERROR_INVALID_ARGUMENT",
        "invalid argument",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE,
        "ZE_RESULT_ERROR_INVALID_NULL_HANDLE",
        "handle is null or not valid",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
        "ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE",
        "object still in use by the device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_POINTER,
        "ZE_RESULT_ERROR_INVALID_NULL_POINTER",
        "pointer argument must not be null",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_SIZE,
        "ZE_RESULT_ERROR_INVALID_SIZE",
        "size argument is invalid (zero, or out of range)",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE,
        "ZE_RESULT_ERROR_UNSUPPORTED_SIZE",
        "size not supported by the device (too large)",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
        "ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT",
        "alignment not supported by the device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT,
        "ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT",
        "synchronization object in an invalid state",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_ENUMERATION,
        "ZE_RESULT_ERROR_INVALID_ENUMERATION",
        "enumerator or flag value is not valid",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION,
        "ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION",
        "enumerator not supported by the device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_IMAGE_FORMAT,
        "ZE_RESULT_ERROR_UNSUPPORTED_IMAGE_FORMAT",
        "image format not supported by the device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
        "ZE_RESULT_ERROR_INVALID_NATIVE_BINARY",
        "native binary not supported by the device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_NAME,
        "ZE_RESULT_ERROR_INVALID_GLOBAL_NAME",
        "global variable not found in the module",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
        "ZE_RESULT_ERROR_INVALID_KERNEL_NAME",
        "kernel name not found in the module",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_FUNCTION_NAME,
        "ZE_RESULT_ERROR_INVALID_FUNCTION_NAME",
        "function name not found in the module",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION,
        "ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION",
        "group size not valid for the kernel or device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION,
        "ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION",
        "global width not valid for the kernel or device",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX,
        "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX",
        "kernel argument index out of range",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
        "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE",
        "kernel argument size does not match the kernel",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ATTRIBUTE_VALUE,
        "ZE_RESULT_ERROR_INVALID_KERNEL_ATTRIBUTE_VALUE",
        "kernel attribute value not valid",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED,
        "ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED",
        "module has unresolved imports; link it first",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
        "ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE",
        "command list type does not match the queue",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_OVERLAPPING_REGIONS,
        "ZE_RESULT_ERROR_OVERLAPPING_REGIONS",
        "copy regions overlap",
    ),
    (
        ze_result_t::ZE_RESULT_WARNING_ACTION_REQUIRED,
        "ZE_RESULT_WARNING_ACTION_REQUIRED",
        "an action is required to complete the operation",
    ),
    (
        ze_result_t::ZE_RESULT_ERROR_UNKNOWN,
        "ZE_RESULT_ERROR_UNKNOWN",
        "unknown or internal error",
    ),
];

impl ze_result_t {
    /// The C name of the code, e.g. `"ZE_RESULT_ERROR_INVALID_SIZE"`; `None` for a value the
    /// v1.4 headers do not define.
    pub fn name(self) -> Option<&'static str> {
        RESULTS.iter().find(|r| r.0 == self).map(|r| r.1)
    }

    /// A one-line meaning of the code.
    pub fn meaning(self) -> &'static str {
        RESULTS
            .iter()
            .find(|r| r.0 == self)
            .map_or("result code not defined by Level Zero v1.4", |r| r.2)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `ZE_RESULT_*` constant the generated bindings define has an entry (except the
    /// `FORCE_UINT32` sentinel), so Display never falls back for a code of the spec.
    #[test]
    fn every_generated_code_has_a_name() {
        let generated = include_str!("bindings.rs");
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
            "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (0x70000003): not enough device memory for the call"
        );
        let unknown = ze_result_t(0x1234).to_string();
        assert!(
            unknown.starts_with("unknown ze_result_t (0x1234)"),
            "{unknown}"
        );
        assert_eq!(ze_result_t(0x1234).name(), None);
    }
}
