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
/// // What went wrong in words first, then the call and its code.
/// assert_eq!(
///     err.to_string(),
///     "cannot allocate 0 bytes of device memory: an allocation has at least one byte \
///      (zeMemAllocDevice: ZE_RESULT_ERROR_UNSUPPORTED_SIZE)"
/// );
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
    /// A Level Zero call failed. Displayed as what went wrong in words (`message`, else the
    /// driver's fault, else the code's meaning), the call's details, then the call and the
    /// code: `kernel name is not valid (kernel "nope"; zeKernelCreate:
    /// ZE_RESULT_ERROR_INVALID_KERNEL_NAME)`.
    #[error("{}", ze_text(op, *result, message.as_deref(), context, fault.as_deref(), driver.as_deref()))]
    Ze {
        /// The C entry point, e.g. `"zeMemAllocDevice"`.
        op: &'static str,
        /// What it returned.
        result: ze_result_t,
        /// What went wrong, in words, when the caller can say better than the code's meaning
        /// (an allocation larger than the device: the sizes asked for and available).
        message: Option<String>,
        /// Sizes, objects and other details of the call.
        context: String,
        /// For `ZE_RESULT_ERROR_DEVICE_LOST`: the driver's description of the last command
        /// that failed (a kernel's fault names the kernel, the address and the nearest
        /// memory), if the driver gives one.
        fault: Option<String>,
        /// The driver's own description of the error (`zeDriverGetLastErrorDescription`, API
        /// 1.6), where it says more than the call and the code.
        driver: Option<String>,
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
    /// The context is lost: a command of it failed on the device (a kernel's fault, a hang).
    /// Its streams and arrays refuse work from then on; [`recover`](crate::recover) gives the
    /// process a new default context.
    #[error(
        "device lost: {}; the context's streams and arrays refuse work (level_zero::recover() \
         replaces a lost default context; ZE_RESULT_ERROR_DEVICE_LOST)",
        fault.as_deref().unwrap_or("a command of the context failed")
    )]
    DeviceLost {
        /// The driver's description of the failure that lost the context, if it gives one.
        fault: Option<String>,
    },
}

impl Error {
    /// The `ze_result_t` behind the error, if a Level Zero call produced it.
    pub fn result(&self) -> Option<ze_result_t> {
        match self {
            Error::Ze { result, .. } | Error::Build { result, .. } => Some(*result),
            Error::Load(e) => e.result(),
            Error::DeviceLost { .. } => Some(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST),
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
                message,
                context,
                fault,
                driver,
            } => f
                .debug_struct("Ze")
                .field("op", op)
                .field("result", &format_args!("{result}"))
                .field("message", message)
                .field("context", context)
                .field("fault", fault)
                .field("driver", driver)
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
            Error::DeviceLost { fault } => {
                f.debug_struct("DeviceLost").field("fault", fault).finish()
            }
        }
    }
}

/// The text of an [`Error::Ze`]: words first (the caller's message, the driver's fault, or
/// the code's meaning), the details, then the call and the code's name.
fn ze_text(
    op: &str,
    result: ze_result_t,
    message: Option<&str>,
    context: &str,
    fault: Option<&str>,
    driver: Option<&str>,
) -> String {
    let mut text = match (message, fault) {
        (Some(m), _) => m.to_string(),
        (None, Some(f)) => format!("the device lost a command: {f}"),
        (None, None) => result.meaning().to_string(),
    };
    text.push_str(" (");
    if !context.is_empty() {
        text.push_str(context);
        text.push_str("; ");
    }
    let name = result
        .name()
        .map_or_else(|| format!("{:#x}", result.0), str::to_string);
    text.push_str(&format!("{op}: {name})"));
    if let (Some(_), Some(f)) = (message, fault) {
        text.push_str(&format!("; the driver's last fault: {f}"));
    }
    if let Some(d) = driver {
        text.push_str(&format!("; the driver says: {d}"));
    }
    text
}

/// What the process-wide backend's driver says of this thread's last error
/// (`zeDriverGetLastErrorDescription`, from API 1.6), for a failed call `op` with `result`:
/// nothing where the API agreed is older, the driver says nothing, or it says no more than the
/// call and the code (or the fault, already given).
fn driver_description(op: &str, result: ze_result_t, fault: Option<&str>) -> Option<String> {
    let api = crate::api::loaded()?;
    let dispatch = &api.dispatch;
    if dispatch.api_version().0 < level_zero_sys::ze_api_version_t::ZE_API_VERSION_1_6.0 {
        return None;
    }
    let mut count = 1u32;
    let mut driver = std::ptr::null_mut();
    // SAFETY: room for one handle; the count says how many were written.
    unsafe { level_zero_sys::calls::driver::get(dispatch, &mut count, &mut driver) }.ok()?;
    let mut text = std::ptr::null();
    // SAFETY: a driver of the backend; the string is the driver's, read at once.
    unsafe {
        level_zero_sys::calls::driver::get_last_error_description(dispatch, driver, &mut text)
    }
    .ok()?;
    if text.is_null() {
        return None;
    }
    // SAFETY: a NUL-terminated string the driver keeps until this thread's next call.
    let text = unsafe { std::ffi::CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned();
    // The CPU driver starts with the call and the code; what follows is news, if anything.
    let rest = text
        .strip_prefix(&format!("{op}: {result}"))
        .map_or(text.as_str(), |r| r.trim_start_matches([':', ' ']))
        .trim();
    (!rest.is_empty() && Some(rest) != fault).then(|| rest.to_string())
}

/// [`Error::Ze`] for `e`, with the driver's fault description if it is a device loss. A call
/// the result layer did not make because its entry is newer than the API version negotiated
/// says so in words: `zeDeviceGetRootDevice needs Level Zero 1.7; the loader speaks 1.4
/// (zeDeviceGetRootDevice: ZE_RESULT_ERROR_UNSUPPORTED_VERSION)`.
fn ze(e: ZeError, message: Option<String>, context: String) -> Error {
    let fault = (e.result == ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST)
        .then(crate::extension::backend_fault)
        .flatten();
    let message = match e.version_gap {
        Some(gap) => Some(format!("{} {gap}", e.call)),
        None => message,
    };
    let driver = e
        .version_gap
        .is_none()
        .then(|| driver_description(e.call, e.result, fault.as_deref()))
        .flatten();
    Error::Ze {
        op: e.call,
        result: e.result,
        message,
        context,
        fault,
        driver,
    }
}

/// [`Error::Ze`] for `e` with `message` saying what went wrong in words (instead of the code's
/// meaning).
pub(crate) fn ze_with_message(e: ZeError, message: String) -> Error {
    ze(e, Some(message), String::new())
}

/// A size for people: `64 GiB`, `1.50 KiB (1536 bytes)`, `100 bytes`.
pub(crate) fn human_bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    match UNITS.iter().find(|(_, u)| n >= *u) {
        Some((name, u)) if n % u == 0 => format!("{} {name}", n / u),
        Some((name, u)) => format!("{:.2} {name} ({n} bytes)", n as f64 / *u as f64),
        None if n == 1 => "1 byte".into(),
        None => format!("{n} bytes"),
    }
}

impl From<ZeError> for Error {
    /// [`Error::Ze`] with the call the result layer names, and no context.
    fn from(e: ZeError) -> Error {
        ze(e, None, String::new())
    }
}

/// Adds a description of the call's arguments to a failed call of the result layer.
pub(crate) trait ResultExt<T> {
    /// [`Error::Ze`] with `context()` as its context.
    fn context(self, context: impl FnOnce() -> String) -> Result<T>;
}

impl<T> ResultExt<T> for std::result::Result<T, ZeError> {
    fn context(self, context: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| ze(e, None, context()))
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

/// For an error that says the device lost work (`ZE_RESULT_ERROR_DEVICE_LOST`, or a lost
/// context): the driver's description of the failure, if it gives one.
pub(crate) fn lost_fault(e: &Error) -> Option<Option<String>> {
    match e {
        Error::DeviceLost { fault } => Some(fault.clone()),
        Error::Ze { result, fault, .. } if *result == ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST => {
            Some(fault.clone())
        }
        _ => None,
    }
}
