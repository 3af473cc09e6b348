//! The one error type of the safe layer.

use level_zero_sys::{ze_result_t, LoadError, ZeError};

/// Result of every fallible operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong, with enough context to act on it.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let err = Allocation::device(&ctx, &dev, 0, 0).unwrap_err();
/// assert_eq!(err.result(), Some(sys::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE));
/// assert!(err.to_string().starts_with("zeMemAllocDevice failed: ZE_RESULT_ERROR_UNSUPPORTED_SIZE"));
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A Level Zero call failed.
    #[error("{op} failed: {result}{}", if context.is_empty() { String::new() } else { format!(" ({context})") })]
    Ze {
        /// The C entry point, e.g. `"zeMemAllocDevice"`.
        op: &'static str,
        /// What it returned.
        result: ze_result_t,
        /// Sizes, objects and other details of the call.
        context: String,
    },
    /// Loading the API from a library or driver failed.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// No backend could be initialised.
    #[error("no Level Zero backend available; tried: {tried}")]
    NoBackend {
        /// Each source tried and why it failed.
        tried: String,
    },
    /// A module failed to build; the driver's build log says why.
    #[error("module build failed: {result}\n{log}")]
    Build {
        /// What `zeModuleCreate` returned.
        result: ze_result_t,
        /// The build log.
        log: String,
    },
    /// A kernel argument does not match the kernel's parameter (read from its SPIR-V).
    #[error("kernel {kernel}, argument {index}: expected {expected}, given {given}")]
    KernelArgument {
        /// The kernel's name.
        kernel: String,
        /// The argument's index.
        index: u32,
        /// The parameter as the kernel declares it.
        expected: String,
        /// What the launch passed.
        given: String,
    },
    /// An argument was rejected before reaching the driver (sizes, lengths, alignment,
    /// kinds, device mismatch).
    #[error("{0}")]
    InvalidArgument(String),
}

impl Error {
    /// The `ze_result_t` behind the error, if a Level Zero call produced it.
    pub fn result(&self) -> Option<ze_result_t> {
        match self {
            Error::Ze { result, .. } | Error::Build { result, .. } => Some(*result),
            Error::Load(e) => e.result(),
            Error::NoBackend { .. } | Error::InvalidArgument(_) | Error::KernelArgument { .. } => {
                None
            }
        }
    }

    /// `true` for `ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY` / `OUT_OF_HOST_MEMORY`.
    pub fn is_out_of_memory(&self) -> bool {
        matches!(
            self.result(),
            Some(
                ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
                    | ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY
            )
        )
    }
}

impl From<ZeError> for Error {
    /// [`Error::Ze`] with the call the result layer names, and no context.
    fn from(e: ZeError) -> Error {
        Error::Ze {
            op: e.call,
            result: e.result,
            context: String::new(),
        }
    }
}

/// Adds a description of the call's arguments to a failed call of the result layer.
pub(crate) trait Context<T> {
    /// [`Error::Ze`] with `context()` as its context.
    fn context(self, context: impl FnOnce() -> String) -> Result<T>;
}

impl<T> Context<T> for std::result::Result<T, ZeError> {
    fn context(self, context: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| Error::Ze {
            op: e.call,
            result: e.result,
            context: context(),
        })
    }
}

/// `Ok(true)` on success, `Ok(false)` on `ZE_RESULT_NOT_READY` (a query or timed wait whose
/// object is not signalled), else the error.
pub(crate) fn ready(r: std::result::Result<(), ZeError>) -> Result<bool> {
    match r {
        Ok(()) => Ok(true),
        Err(e) if e.is_not_ready() => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// An [`Error::InvalidArgument`].
pub(crate) fn invalid(message: impl Into<String>) -> Error {
    Error::InvalidArgument(message.into())
}
