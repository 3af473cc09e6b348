//! Drivers: the entry into a backend's devices.

use crate::api::Api;
use crate::error::Result;
use level_zero_sys::*;
use std::ffi::c_char;
use std::sync::Arc;

/// A Level Zero driver (a collection of devices).
///
/// ```
/// let drivers = level_zero::drivers()?;
/// let props = drivers[0].properties()?;
/// assert!(props.driver_version > 0);
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Driver {
    pub(crate) api: Arc<Api>,
    pub(crate) handle: ze_driver_handle_t,
}

// SAFETY: driver handles are valid for the life of the process and every zeDriver* function
// may be called from simultaneous threads (spec).
unsafe impl Send for Driver {}
// SAFETY: as above.
unsafe impl Sync for Driver {}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("handle", &self.handle)
            .field("source", self.api.source())
            .finish()
    }
}

/// Driver properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverProperties {
    /// Universally unique id of the driver.
    pub uuid: [u8; 16],
    /// The driver's own version number.
    pub driver_version: u32,
    /// `(major, minor)` of the API the driver implements.
    pub api_version: (u32, u32),
}

/// Fetches a count-and-array list with `get(count, array)`.
pub(crate) fn list<T: Copy>(
    default: T,
    mut get: impl FnMut(&mut u32, *mut T) -> Result<()>,
) -> Result<Vec<T>> {
    let mut count = 0u32;
    get(&mut count, std::ptr::null_mut())?;
    let mut items = vec![default; count as usize];
    get(&mut count, items.as_mut_ptr())?;
    items.truncate(count as usize);
    Ok(items)
}

/// A NUL-terminated string of a properties struct, as a `String`.
pub(crate) fn c_string(field: &[c_char]) -> String {
    let bytes: Vec<u8> = field
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

impl Driver {
    /// Every driver of `api`.
    pub(crate) fn all(api: &Arc<Api>) -> Result<Vec<Driver>> {
        let handles = list(std::ptr::null_mut(), |count, array| {
            // SAFETY: count is a valid out-pointer; array is null or has room for *count handles.
            Ok(unsafe { calls::driver::get(&api.dispatch, count, array) }?)
        })?;
        Ok(handles
            .into_iter()
            .map(|handle| Driver {
                api: api.clone(),
                handle,
            })
            .collect())
    }

    /// The API this driver came from.
    pub fn api(&self) -> &Arc<Api> {
        &self.api
    }

    /// The raw handle (for calls the safe layer does not cover).
    pub fn handle(&self) -> ze_driver_handle_t {
        self.handle
    }

    /// The driver's properties (`zeDriverGetProperties`).
    pub fn properties(&self) -> Result<DriverProperties> {
        let mut p = ze_driver_properties_t::default();
        // SAFETY: valid driver handle; the out-structure is a local with its stype set.
        unsafe { calls::driver::get_properties(&self.api.dispatch, self.handle, &mut p) }?;
        // SAFETY: valid driver handle.
        let version = unsafe { calls::driver::get_api_version(&self.api.dispatch, self.handle) }?;
        Ok(DriverProperties {
            uuid: p.uuid.id,
            driver_version: p.driverVersion,
            api_version: version_parts(version),
        })
    }

    /// The names and versions of the extensions the driver supports.
    pub fn extensions(&self) -> Result<Vec<(String, u32)>> {
        let items = list(
            ze_driver_extension_properties_t::default(),
            |count, array| {
                // SAFETY: valid driver; count-and-array protocol.
                Ok(unsafe {
                    calls::driver::get_extension_properties(
                        &self.api.dispatch,
                        self.handle,
                        count,
                        array,
                    )
                }?)
            },
        )?;
        Ok(items
            .iter()
            .map(|e| (c_string(&e.name), e.version))
            .collect())
    }
}
