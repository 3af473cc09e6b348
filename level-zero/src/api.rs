//! The loaded Level Zero API ([`Api`]: a backend's DDI tables and how it was chosen), the
//! process-wide one once it is loaded, and the drivers' extension functions found so far.
//! Below everything else: it names no other file of the crate.

use level_zero_sys::{ze_driver_handle_t, Dispatch};
use std::ffi::{c_void, CString};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

/// Environment variable choosing the backend: `auto` (default), `loader`, `cpu`, or a path to
/// a driver library.
pub const BACKEND_ENV: &str = "ONEAPI_RS_BACKEND";

/// Which backend to use.
///
/// ```
/// use level_zero::{load, BackendChoice};
/// let api = load(BackendChoice::Cpu)?; // an API of its own, beside the process-wide one
/// assert!(api.reason().contains("CPU"));
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendChoice {
    /// Intel's loader if it initialises and reports a driver, else the embedded CPU driver.
    Auto,
    /// Intel's loader only.
    Loader,
    /// The embedded CPU driver (feature `cpu`).
    Cpu,
    /// A driver library opened directly.
    Library(PathBuf),
}

impl BackendChoice {
    /// Reads [`BACKEND_ENV`]; unset or empty is `Auto`.
    pub fn from_env() -> BackendChoice {
        match std::env::var(BACKEND_ENV).ok().as_deref().map(str::trim) {
            None | Some("" | "auto") => BackendChoice::Auto,
            Some("loader") => BackendChoice::Loader,
            Some("cpu") => BackendChoice::Cpu,
            Some(path) => BackendChoice::Library(PathBuf::from(path)),
        }
    }
}

/// The loaded API and how it was chosen.
///
/// ```
/// let api = level_zero::backend()?;
/// println!("{} because {}", api.source(), api.reason());
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct Api {
    pub(crate) dispatch: Dispatch,
    choice: BackendChoice,
    reason: String,
    /// The drivers' extension functions found so far (0: the driver has none of that name),
    /// as (driver handle, name, address): a few, searched in order (a launch asks for one
    /// per buffer argument: hashing the name cost more than the search).
    extensions: Mutex<Vec<(usize, &'static str, usize)>>,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api")
            .field("source", self.dispatch.source())
            .field("reason", &self.reason)
            .finish()
    }
}

impl Api {
    /// `dispatch`, loaded as `choice` asked, for `reason`.
    pub(crate) fn new(dispatch: Dispatch, choice: BackendChoice, reason: String) -> Api {
        Api {
            dispatch,
            choice,
            reason,
            extensions: Default::default(),
        }
    }

    /// The DDI tables.
    pub fn dispatch(&self) -> &Dispatch {
        &self.dispatch
    }

    /// Where the API came from.
    pub fn source(&self) -> &level_zero_sys::Source {
        self.dispatch.source()
    }

    /// What was asked for.
    pub fn choice(&self) -> &BackendChoice {
        &self.choice
    }

    /// Why this backend was chosen (what was tried before it).
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The address of extension function `name` of `driver` (one of this API's drivers), if
    /// it has one (`zeDriverGetExtensionFunctionAddress`, asked once per driver and name).
    pub(crate) fn extension(
        &self,
        driver: ze_driver_handle_t,
        name: &'static str,
    ) -> Option<*mut c_void> {
        let driver = driver as usize;
        let mut known = self.extensions.lock().unwrap_or_else(|e| e.into_inner());
        let found = match known
            .iter()
            .find(|&&(d, n, _)| d == driver && (std::ptr::eq(n, name) || n == name))
        {
            Some(&(_, _, address)) => address,
            None => {
                let c_name = CString::new(name).expect("extension names have no NUL");
                // SAFETY: valid driver handle and NUL-terminated name.
                let address = unsafe {
                    level_zero_sys::calls::driver::get_extension_function_address(
                        &self.dispatch,
                        driver as ze_driver_handle_t,
                        c_name.as_ptr(),
                    )
                }
                .map_or(0, |p| p as usize);
                known.push((driver, name, address));
                address
            }
        };
        (found != 0).then_some(found as *mut c_void)
    }
}

/// The process-wide API (or why none could be loaded), set once by `backend::global`.
pub(crate) static GLOBAL: OnceLock<std::result::Result<Arc<Api>, String>> = OnceLock::new();

/// The process-wide API if it is loaded (never loads it).
pub(crate) fn loaded() -> Option<Arc<Api>> {
    GLOBAL.get()?.as_ref().ok().cloned()
}
