//! Choosing where the Level Zero API comes from: Intel's loader, a driver library, or the
//! embedded CPU driver.

use crate::api::{Api, BackendChoice};
use crate::error::{Error, Result};
use level_zero_sys::{Dispatch, LoadError};
use std::sync::Arc;

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
        Api::new(dispatch, choice.clone(), reason)
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

/// Initialises the process-wide API once, from [`BACKEND_ENV`] (or `choice` if given first),
/// logging the choice. Later calls return the same API (or the same error).
pub(crate) fn global(choice: Option<BackendChoice>) -> Result<Arc<Api>> {
    let result = crate::api::GLOBAL.get_or_init(|| {
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
