//! Choosing where the Level Zero API comes from: Intel's loader, a driver library, or the
//! embedded CPU driver.

use crate::error::{Error, Result};
use level_zero_sys::{Dispatch, LoadError};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

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
    /// The drivers' extension functions found so far.
    pub(crate) extensions: crate::extension::Cache,
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
}

#[cfg(feature = "cpu")]
fn cpu() -> Result<Dispatch, LoadError> {
    Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS)
}

#[cfg(not(feature = "cpu"))]
fn cpu() -> Result<Dispatch, LoadError> {
    Err(LoadError::NoDriver {
        library: level_zero_sys::Source::InProcess("level-zero-cpu"),
        detail: "the `cpu` feature of the level-zero crate is disabled".into(),
        result: None,
    })
}

/// Loads the API as `choice` says.
pub fn load(choice: BackendChoice) -> Result<Api> {
    let made = |dispatch: Dispatch, reason: String| {
        // After the driver's `zeInit`, so that the shutdown runs before its leak report.
        crate::shutdown::arm();
        Api {
            dispatch,
            choice: choice.clone(),
            reason,
            extensions: Default::default(),
        }
    };
    match &choice {
        BackendChoice::Loader => Ok(made(
            Dispatch::from_loader(None)?,
            "requested: Intel's loader".into(),
        )),
        BackendChoice::Cpu => Ok(made(cpu()?, "requested: the embedded CPU driver".into())),
        BackendChoice::Library(path) => Ok(made(
            Dispatch::from_driver_library(path)?,
            format!("requested: {}", path.display()),
        )),
        BackendChoice::Auto => match Dispatch::from_loader(None) {
            Ok(d) => Ok(made(
                d,
                "Intel's loader initialised and reported a driver".into(),
            )),
            Err(loader) => match cpu() {
                Ok(d) => Ok(made(
                    d,
                    format!("Intel's loader unavailable ({loader}); using the embedded CPU driver"),
                )),
                Err(cpu) => Err(Error::NoBackend {
                    tried: format!("Intel's loader: {loader}; CPU driver: {cpu}"),
                }),
            },
        },
    }
}

static GLOBAL: OnceLock<std::result::Result<Arc<Api>, String>> = OnceLock::new();

/// Initialises the process-wide API once, from [`BACKEND_ENV`] (or `choice` if given first),
/// logging the choice. Later calls return the same API (or the same error).
pub(crate) fn global(choice: Option<BackendChoice>) -> Result<Arc<Api>> {
    let result = GLOBAL.get_or_init(|| {
        let choice = choice.unwrap_or_else(BackendChoice::from_env);
        match load(choice) {
            Ok(api) => {
                log::info!("level-zero: using {} ({})", api.source(), api.reason());
                Ok(Arc::new(api))
            }
            Err(e) => {
                log::warn!("level-zero: no backend: {e}");
                Err(e.to_string())
            }
        }
    });
    result.clone().map_err(|tried| Error::NoBackend { tried })
}

/// The process-wide API if it is loaded (never loads it).
pub(crate) fn loaded() -> Option<Arc<Api>> {
    GLOBAL.get()?.as_ref().ok().cloned()
}
