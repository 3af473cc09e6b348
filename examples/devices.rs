//! Lists the Level Zero drivers and devices: through Intel's loader when it finds a driver,
//! else on the embedded CPU driver.
//!
//! ```sh
//! cargo run --example devices
//! ```

use oneapi::sys::{ze_call, *};
use std::ffi::CStr;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let api = match Dispatch::from_loader(None) {
        Ok(api) => api,
        Err(why) => {
            println!("Intel's loader: {why}\n-> using the embedded CPU driver");
            Dispatch::from_getters("level-zero-cpu", &oneapi::cpu::GETTERS)?
        }
    };
    println!(
        "API from {} (driver API versions {:?})",
        api.source(),
        api.driver_versions()
            .iter()
            .map(|v| version_parts(*v))
            .collect::<Vec<_>>()
    );

    let mut count = 0;
    // SAFETY: a null array asks for the count.
    unsafe { ze_call!(api, Driver.pfnGet(&mut count, std::ptr::null_mut())) }.ok()?;
    let mut drivers = vec![std::ptr::null_mut(); count as usize];
    // SAFETY: `drivers` has room for `count` handles.
    unsafe { ze_call!(api, Driver.pfnGet(&mut count, drivers.as_mut_ptr())) }.ok()?;
    for (i, &driver) in drivers.iter().enumerate() {
        let mut n = 0;
        // SAFETY: valid driver handle; a null array asks for the count.
        unsafe { ze_call!(api, Device.pfnGet(driver, &mut n, std::ptr::null_mut())) }.ok()?;
        let mut devices = vec![std::ptr::null_mut(); n as usize];
        // SAFETY: `devices` has room for `n` handles.
        unsafe { ze_call!(api, Device.pfnGet(driver, &mut n, devices.as_mut_ptr())) }.ok()?;
        for (j, &device) in devices.iter().enumerate() {
            let mut props = ze_device_properties_t::default();
            // SAFETY: valid device handle and properties structure.
            unsafe { ze_call!(api, Device.pfnGetProperties(device, &mut props)) }.ok()?;
            // SAFETY: the driver NUL-terminates the name.
            let name = unsafe { CStr::from_ptr(props.name.as_ptr()) }.to_string_lossy();
            println!(
                "driver {i} device {j}: {name} (max allocation {} MiB)",
                props.maxMemAllocSize >> 20
            );
        }
    }
    Ok(())
}
