//! The driver scenario suite (`scenarios/`), run five ways, each in a child process on a small
//! configured machine with leak reports that fail the process (`LEVEL_ZERO_CPU_LEAK_REPORT=abort`
//! exits with status 86 if anything is left at exit):
//!
//! 1. the linked-in driver (`Dispatch::from_getters`),
//! 2. the driver library opened directly (`Dispatch::from_driver_library`),
//! 3. Intel's loader (`ZE_ENABLE_ALT_DRIVERS`),
//! 4. the loader with its validation layer and parameter validation,
//! 5. the loader intercepting every call (`ZE_ENABLE_LOADER_INTERCEPT=1`: wrapped handles).

mod common;
mod scenarios;

use common::ze::{self, *};
use level_zero_sys::*;
use scenarios::{Mode, MACHINE};

/// Runs `name` in a child with the suite's machine and `extra` variables; in the child, returns
/// `true` so the caller does the work. The parent also checks that no context was destroyed
/// with something still in it (the driver's leak report).
fn child(name: &str, extra: &[(&str, &str)]) -> bool {
    let mut envs = MACHINE.to_vec();
    envs.extend_from_slice(extra);
    match common::child_stderr(name, &envs) {
        None => true,
        Some(stderr) => {
            assert!(!stderr.contains("leak report"), "{name} leaked:\n{stderr}");
            false
        }
    }
}

fn loader_child(name: &str, extra: &[(&str, &str)]) -> bool {
    if !common::loader_available() {
        return false;
    }
    let icd = common::icd_path();
    let mut envs = vec![("ZE_ENABLE_ALT_DRIVERS", icd.to_str().unwrap())];
    envs.extend_from_slice(extra);
    child(name, &envs)
}

/// `zel_component_version_t` of Intel's `loader/ze_loader.h`.
#[repr(C)]
struct ComponentVersion {
    component_name: [std::ffi::c_char; 64],
    spec_version: ze_api_version_t,
    lib_version: [std::ffi::c_int; 3],
}

/// What Intel's loader says it loaded (`zelLoaderGetVersions`): "loader" and each layer, so a
/// mode can check that its layers really are in the call path.
fn loader_components() -> Vec<String> {
    // SAFETY: the loader is already loaded in this process (the Dispatch came from it); this
    // only takes another reference to it.
    let lib = unsafe { libloading::Library::new(LOADER_LIBRARY) }.unwrap();
    type GetVersions = unsafe extern "C" fn(*mut usize, *mut ComponentVersion) -> ze_result_t;
    // SAFETY: `zelLoaderGetVersions` has this signature in `loader/ze_loader.h`.
    let get = unsafe { lib.get::<GetVersions>(b"zelLoaderGetVersions\0") }.unwrap();
    let mut count = 0usize;
    // SAFETY: a null array asks for the count.
    ze::ok(
        unsafe { get(&mut count, std::ptr::null_mut()) },
        "zelLoaderGetVersions",
    );
    let mut versions: Vec<ComponentVersion> = (0..count)
        .map(|_| ComponentVersion {
            component_name: [0; 64],
            spec_version: ze_api_version_t(0),
            lib_version: [0; 3],
        })
        .collect();
    // SAFETY: room for `count` entries.
    ze::ok(
        unsafe { get(&mut count, versions.as_mut_ptr()) },
        "zelLoaderGetVersions",
    );
    versions[..count]
        .iter()
        .map(|v| ze::name(&v.component_name))
        .collect()
}

/// Whether the loader hands out the driver's own driver handle, or a wrapper of its own. The
/// driver's handle is asked of the library directly: `dlopen` of the same path finds the copy
/// the loader loaded.
fn loader_wraps_handles(api: &Dispatch) -> bool {
    let direct = Dispatch::from_driver_library(&common::icd_path()).unwrap();
    ze::drivers(api)[0] != ze::drivers(&direct)[0]
}

#[test]
fn scenarios_in_process() {
    if !child("scenarios_in_process", &[]) {
        return;
    }
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    scenarios::run_all(&api, Mode::InProcess, &|name| {
        let leaked = level_zero_cpu::leaks::leaked(0);
        assert!(leaked.is_empty(), "scenario {name} leaked: {leaked:?}");
    });
    assert_eq!(level_zero_cpu::leaks::reports(), 0);
}

#[test]
fn scenarios_driver_library() {
    if !child("scenarios_driver_library", &[]) {
        return;
    }
    let api = Dispatch::from_driver_library(&common::icd_path()).unwrap();
    scenarios::run_all(&api, Mode::DriverLibrary, &|_| {});
}

#[test]
fn scenarios_loader() {
    if !loader_child("scenarios_loader", &[]) {
        return;
    }
    let api = Dispatch::from_loader(None).unwrap();
    assert_eq!(loader_components(), ["loader"]);
    assert!(!loader_wraps_handles(&api));
    scenarios::run_all(&api, Mode::Loader, &|_| {});
}

#[test]
fn scenarios_loader_validation_layer() {
    let validation = [
        ("ZE_ENABLE_VALIDATION_LAYER", "1"),
        ("ZE_ENABLE_PARAMETER_VALIDATION", "1"),
    ];
    if !loader_child("scenarios_loader_validation_layer", &validation) {
        return;
    }
    let api = Dispatch::from_loader(None).unwrap();
    assert_eq!(loader_components(), ["loader", "validation layer"]);
    assert!(!loader_wraps_handles(&api));
    scenarios::run_all(&api, Mode::Validation, &|_| {});
}

#[test]
fn scenarios_loader_intercept() {
    if !loader_child(
        "scenarios_loader_intercept",
        &[("ZE_ENABLE_LOADER_INTERCEPT", "1")],
    ) {
        return;
    }
    let api = Dispatch::from_loader(None).unwrap();
    assert_eq!(loader_components(), ["loader"]);
    assert!(loader_wraps_handles(&api));
    scenarios::run_all(&api, Mode::Intercept, &|_| {});
}

/// With every command delayed by 20 ms, an asynchronous append returns long before its work:
/// a program that reads the destination without waiting sees the old bytes.
#[test]
fn command_delay_exposes_missing_synchronisation() {
    if !child(
        "command_delay_exposes_missing_synchronisation",
        &[("LEVEL_ZERO_CPU_COMMAND_DELAY_US", "20000")],
    ) {
        return;
    }
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    let driver = ze::drivers(&api)[0];
    let device = ze::devices(&api, driver)[0];
    let ctx = ze::context_create(&api, driver);
    let size = 4096;
    let (src, dst) = (
        alloc_host(&api, ctx, size, 0),
        alloc_host(&api, ctx, size, 0),
    );
    let (old, new) = (vec![0x11u8; size], pattern(size, 1));
    let pool = pool_create(&api, ctx, HOST_VISIBLE, 1);
    let done = event_create(&api, pool, 0);
    let list = immediate_create(&api, ctx, device, ASYNC);
    // SAFETY: live host allocations of `size` bytes; `dst` is only read while the copy is
    // delayed (the point of the test) and after its event.
    unsafe {
        write(src, &new);
        write(dst, &old);
        append_copy(&api, list, dst, src, size, done, &[]);
        assert_eq!(read(dst, size), old, "the append returned after the work");
    }
    assert_eq!(event_status(&api, done), NOT_READY);
    event_wait(&api, done);
    // SAFETY: the copy is complete.
    assert_eq!(unsafe { read(dst, size) }, new);
    list_destroy(&api, list);
    event_destroy(&api, done);
    pool_destroy(&api, pool);
    free(&api, ctx, src);
    free(&api, ctx, dst);
    context_destroy(&api, ctx);
}
