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
/// // `Debug` (what `?` out of `main` prints) reads the same; `{:#?}` shows the fields.
/// assert_eq!(format!("{err:?}"), err.to_string());
/// # Ok::<(), Error>(())
/// ```
///
/// A `ZE_RESULT_ERROR_DEVICE_LOST` from a driver that describes its faults (the CPU driver's
/// `zexCpuDriverGetLastFault` extension) carries the description: the kernel, the address and
/// the nearest memory it may reach.
#[derive(thiserror::Error)]
pub enum Error {
    /// A Level Zero call failed.
    #[error(
        "{op} failed: {result}{}{}",
        if context.is_empty() { String::new() } else { format!(" ({context})") },
        fault.as_ref().map_or(String::new(), |f| format!("; the driver's last fault: {f}"))
    )]
    Ze {
        /// The C entry point, e.g. `"zeMemAllocDevice"`.
        op: &'static str,
        /// What it returned.
        result: ze_result_t,
        /// Sizes, objects and other details of the call.
        context: String,
        /// For `ZE_RESULT_ERROR_DEVICE_LOST`: the driver's description of the last command
        /// that failed (a kernel's fault names the kernel, the address and the nearest
        /// memory), if the driver gives one.
        fault: Option<String>,
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

impl std::fmt::Debug for Error {
    /// The `Display` text, so that `?` out of `main` reads well; `{:#?}` gives the fields
    /// (with the result's name).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !f.alternate() {
            return std::fmt::Display::fmt(self, f);
        }
        match self {
            Error::Ze {
                op,
                result,
                context,
                fault,
            } => f
                .debug_struct("Ze")
                .field("op", op)
                .field("result", &format_args!("{result}"))
                .field("context", context)
                .field("fault", fault)
                .finish(),
            Error::Load(e) => f.debug_tuple("Load").field(e).finish(),
            Error::NoBackend { tried } => {
                f.debug_struct("NoBackend").field("tried", tried).finish()
            }
            Error::Build { result, log } => f
                .debug_struct("Build")
                .field("result", &format_args!("{result}"))
                .field("log", log)
                .finish(),
            Error::KernelArgument {
                kernel,
                index,
                expected,
                given,
            } => f
                .debug_struct("KernelArgument")
                .field("kernel", kernel)
                .field("index", index)
                .field("expected", expected)
                .field("given", given)
                .finish(),
            Error::InvalidArgument(m) => f.debug_tuple("InvalidArgument").field(m).finish(),
        }
    }
}

/// [`Error::Ze`] for `e`, with the driver's fault description if it is a device loss.
fn ze(e: ZeError, context: String) -> Error {
    let fault = (e.result == ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
        .then(crate::extension::backend_fault)
        .flatten();
    Error::Ze {
        op: e.call,
        result: e.result,
        context,
        fault,
    }
}

impl From<ZeError> for Error {
    /// [`Error::Ze`] with the call the result layer names, and no context.
    fn from(e: ZeError) -> Error {
        ze(e, String::new())
    }
}

/// Adds a description of the call's arguments to a failed call of the result layer.
pub(crate) trait Context<T> {
    /// [`Error::Ze`] with `context()` as its context.
    fn context(self, context: impl FnOnce() -> String) -> Result<T>;
}

impl<T> Context<T> for std::result::Result<T, ZeError> {
    fn context(self, context: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| ze(e, context()))
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
