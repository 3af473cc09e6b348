//! Loading the API from each of the three sources, and the typed errors of loading.

mod common;

use level_zero_sys::*;
use std::path::Path;

fn driver_count(api: &Dispatch) -> u32 {
    let mut count = 0;
    // SAFETY: a null array asks for the count.
    let r = unsafe { ze_call!(api, Driver.pfnGet(&mut count, std::ptr::null_mut())) };
    assert_eq!(r, ze_result_t::ZE_RESULT_SUCCESS);
    count
}

fn first_device_name(api: &Dispatch) -> String {
    let mut count = 1;
    let mut driver = std::ptr::null_mut();
    // SAFETY: room for one handle.
    unsafe { ze_call!(api, Driver.pfnGet(&mut count, &mut driver)) }
        .ok()
        .unwrap();
    let mut device = std::ptr::null_mut();
    let mut count = 1;
    // SAFETY: room for one handle.
    unsafe { ze_call!(api, Device.pfnGet(driver, &mut count, &mut device)) }
        .ok()
        .unwrap();
    let mut props = ze_device_properties_t::default();
    // SAFETY: valid device handle and properties structure.
    unsafe { ze_call!(api, Device.pfnGetProperties(device, &mut props)) }
        .ok()
        .unwrap();
    // SAFETY: the driver NUL-terminates the name.
    unsafe { std::ffi::CStr::from_ptr(props.name.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn in_process_fill_functions() {
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    assert_eq!(api.source(), &Source::InProcess("level-zero-cpu"));
    // The in-process driver's getters accept every version this crate knows.
    assert_eq!(api.api_version(), API_VERSION);
    assert_eq!(API_VERSION, ze_api_version_t::ZE_API_VERSION_1_17);
    assert_eq!(
        api.driver_versions(),
        &[ze_api_version_t::ZE_API_VERSION_1_15]
    );
    assert_eq!(driver_count(&api), 1);
    assert!(first_device_name(&api).starts_with("level-zero-cpu device 0"));
}

#[test]
fn driver_library_opened_directly() {
    let path = common::icd_path();
    let api = Dispatch::from_driver_library(&path).unwrap();
    assert_eq!(api.source(), &Source::DriverLibrary(path));
    assert_eq!(
        api.driver_versions(),
        &[ze_api_version_t::ZE_API_VERSION_1_15]
    );
    assert!(
        api.unavailable_tables().is_empty(),
        "{:?}",
        api.unavailable_tables()
    );
    assert_eq!(driver_count(&api), 1);
    assert!(first_device_name(&api).starts_with("level-zero-cpu device 0"));
}

#[test]
fn intel_loader_with_alt_driver() {
    if !common::loader_available() {
        return;
    }
    let icd = common::icd_path();
    if !common::in_child(
        "intel_loader_with_alt_driver",
        &[("ZE_ENABLE_ALT_DRIVERS", icd.to_str().unwrap())],
    ) {
        return;
    }
    let api = Dispatch::from_loader(None).unwrap();
    assert_eq!(api.source(), &Source::Loader(LOADER_LIBRARY.into()));
    // The loader's own version, at most this crate's: Debian 12's loader (1.8.12) refuses
    // anything newer than 1.4 and is stepped down to it.
    let agreed = api.api_version();
    eprintln!("the loader agreed on {:?}", version_parts(agreed));
    assert!(
        (ze_api_version_t::ZE_API_VERSION_1_4.0..=API_VERSION.0).contains(&agreed.0),
        "{:?}",
        version_parts(agreed)
    );
    assert_eq!(driver_count(&api), 1);
    assert!(first_device_name(&api).starts_with("level-zero-cpu device 0"));
}

#[test]
fn intel_loader_without_driver_is_a_typed_error() {
    if !common::loader_available() {
        return;
    }
    if !common::in_child(
        "intel_loader_without_driver_is_a_typed_error",
        &[("ZE_ENABLE_ALT_DRIVERS", "")],
    ) {
        return;
    }
    let err = Dispatch::from_loader(None).unwrap_err();
    match &err {
        // Debian's loader (1.8.12) fails `zeInit`; a current one (v1.32) lets it succeed and
        // gives no `zeDriverGet`.
        LoadError::NoDriver {
            library, result, ..
        } => {
            assert_eq!(library, &Source::Loader(LOADER_LIBRARY.into()));
            assert!(
                matches!(
                    result,
                    Some(ze_result_t::ZE_RESULT_ERROR_UNINITIALIZED) | None
                ),
                "{result:?}"
            );
        }
        other => panic!("expected NoDriver, got {other:?}"),
    }
    let text = err.to_string();
    assert!(
        text.contains("libze_loader.so.1")
            && (text.contains("ZE_RESULT_ERROR_UNINITIALIZED") || text.contains("zeDriverGet")),
        "{text}"
    );
    // A failed zeInit is permanent for the loader, and the process keeps working with another source.
    assert!(matches!(
        Dispatch::from_loader(None),
        Err(LoadError::NoDriver { .. })
    ));
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    assert_eq!(driver_count(&api), 1);
}

#[test]
fn missing_library_names_the_path() {
    let err =
        Dispatch::from_driver_library(Path::new("/nonexistent/libze_nothing.so")).unwrap_err();
    assert!(matches!(err, LoadError::Open { .. }), "{err:?}");
    assert!(
        err.to_string().contains("/nonexistent/libze_nothing.so"),
        "{err}"
    );
    assert_eq!(err.result(), None);
}

#[test]
fn a_file_that_is_not_a_shared_object() {
    let path = std::env::temp_dir().join(format!("not-a-library-{}.so", std::process::id()));
    std::fs::write(&path, b"plain text").unwrap();
    let err = Dispatch::from_driver_library(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(err, LoadError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains(path.to_str().unwrap()), "{err}");
}

#[test]
fn a_library_that_is_not_level_zero() {
    let err = Dispatch::from_driver_library(Path::new("libm.so.6")).unwrap_err();
    match &err {
        LoadError::NotLevelZero { library, symbol } => {
            assert_eq!(library, &Source::DriverLibrary("libm.so.6".into()));
            assert_eq!(*symbol, "zeGetGlobalProcAddrTable");
        }
        other => panic!("expected NotLevelZero, got {other:?}"),
    }
}

unsafe extern "C" fn failing_getter(
    _: ze_api_version_t,
    _: *mut ze_driver_dditable_t,
) -> ze_result_t {
    ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION
}

#[test]
fn a_failing_getter_is_a_typed_error() {
    let getters = ZeGetters {
        driver: Some(failing_getter),
        ..level_zero_cpu::GETTERS
    };
    let err = Dispatch::from_getters("broken", &getters).unwrap_err();
    match &err {
        LoadError::Getter { getter, result, .. } => {
            assert_eq!(*getter, "zeGetDriverProcAddrTable");
            assert_eq!(*result, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION);
        }
        other => panic!("expected Getter, got {other:?}"),
    }
    assert!(
        err.to_string().contains("in-process driver broken"),
        "{err}"
    );
}

unsafe extern "C" fn failing_init(_: ze_init_flags_t) -> ze_result_t {
    ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST
}

unsafe extern "C" fn failing_init_drivers(
    _: *mut u32,
    _: *mut ze_driver_handle_t,
    _: *mut ze_init_driver_type_desc_t,
) -> ze_result_t {
    ze_result_t::ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE
}

unsafe extern "C" fn global_with_failing_init(
    _: ze_api_version_t,
    table: *mut ze_global_dditable_t,
) -> ze_result_t {
    // SAFETY: the Dispatch passes a valid table (without `zeInitDrivers`: `zeInit` is used).
    unsafe { (*table).pfnInit = Some(failing_init) };
    ze_result_t::ZE_RESULT_SUCCESS
}

unsafe extern "C" fn global_with_failing_init_drivers(
    _: ze_api_version_t,
    table: *mut ze_global_dditable_t,
) -> ze_result_t {
    // SAFETY: the Dispatch passes a valid table of 1.10 or newer (in process: 1.17).
    unsafe {
        (*table).pfnInit = Some(failing_init);
        (*table).pfnInitDrivers = Some(failing_init_drivers);
    }
    ze_result_t::ZE_RESULT_SUCCESS
}

/// At API 1.10 or newer a source is initialised with `zeInitDrivers` (not `zeInit`, which
/// would answer DEVICE_LOST here): its failure is the same typed error.
#[test]
fn a_failing_zeinitdrivers_is_a_typed_error() {
    let getters = ZeGetters {
        global: Some(global_with_failing_init_drivers),
        ..level_zero_cpu::GETTERS
    };
    let err = Dispatch::from_getters("dying", &getters).unwrap_err();
    assert!(
        matches!(
            err,
            LoadError::Init {
                result: ze_result_t::ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_failing_zeinit_is_a_typed_error() {
    let getters = ZeGetters {
        global: Some(global_with_failing_init),
        ..level_zero_cpu::GETTERS
    };
    let err = Dispatch::from_getters("dying", &getters).unwrap_err();
    assert!(
        matches!(
            err,
            LoadError::Init {
                result: ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.result(), Some(ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST));
}

#[test]
fn missing_optional_tables_and_null_entries_answer_unsupported() {
    let getters = ZeGetters {
        device_exp: None,
        kernel_exp: None,
        ..level_zero_cpu::GETTERS
    };
    let api = Dispatch::from_getters("partial", &getters).unwrap();
    assert_eq!(
        api.unavailable_tables(),
        &["zeGetDeviceExpProcAddrTable", "zeGetKernelExpProcAddrTable"]
    );
    // SAFETY: the entry is null, so nothing is called.
    let r = unsafe {
        ze_call!(
            api,
            DeviceExp.pfnGetFabricVertexExp(std::ptr::null_mut(), std::ptr::null_mut())
        )
    };
    assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    // SAFETY: the CPU driver has no images: its stub answers without touching the handle.
    let r = unsafe { ze_call!(api, Image.pfnDestroy(std::ptr::null_mut())) };
    assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
}

#[test]
fn a_required_getter_missing_is_not_level_zero() {
    let getters = ZeGetters {
        mem: None,
        ..level_zero_cpu::GETTERS
    };
    let err = Dispatch::from_getters("no-mem", &getters).unwrap_err();
    assert!(
        matches!(
            err,
            LoadError::NotLevelZero {
                symbol: "zeGetMemProcAddrTable",
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn the_shared_library_exports_every_getter() {
    let path = common::icd_path();
    // SAFETY: the CPU driver library's initialisers are safe to run.
    let lib = unsafe { libloading::Library::new(&path) }.unwrap();
    for name in level_zero_cpu::GETTER_NAMES {
        // SAFETY: only the address is looked up.
        let symbol = unsafe { lib.get::<*const ()>(name.as_bytes()) };
        assert!(symbol.is_ok(), "{name} not exported");
    }
}

/// The highest minor version any table getter of `up_to_1_4` was asked for.
static HIGHEST_ASKED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// A source that, like a loader of API 1.4, refuses any newer version of its global table.
unsafe extern "C" fn global_up_to_1_4(
    version: ze_api_version_t,
    table: *mut ze_global_dditable_t,
) -> ze_result_t {
    if version_parts(version).1 > 4 {
        return ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION;
    }
    // SAFETY: forwarded with the caller's guarantees.
    unsafe { level_zero_cpu::GETTERS.global.unwrap()(version, table) }
}

/// The CPU driver's device getter, recording the version it is asked for.
unsafe extern "C" fn device_recording(
    version: ze_api_version_t,
    table: *mut ze_device_dditable_t,
) -> ze_result_t {
    HIGHEST_ASKED.fetch_max(
        version_parts(version).1,
        std::sync::atomic::Ordering::Relaxed,
    );
    // SAFETY: forwarded with the caller's guarantees.
    unsafe { level_zero_cpu::GETTERS.device.unwrap()(version, table) }
}

/// The first device of the first driver, through the result layer.
fn first_device(api: &Dispatch) -> ze_device_handle_t {
    let mut count = 1;
    let mut driver = std::ptr::null_mut();
    // SAFETY: room for one handle.
    unsafe { calls::driver::get(api, &mut count, &mut driver) }.unwrap();
    let mut device = std::ptr::null_mut();
    // SAFETY: a live driver; room for one handle.
    unsafe { calls::device::get(api, driver, &mut count, &mut device) }.unwrap();
    device
}

#[test]
fn negotiation_steps_down_to_the_version_the_source_accepts() {
    let getters = ZeGetters {
        global: Some(global_up_to_1_4),
        device: Some(device_recording),
        ..level_zero_cpu::GETTERS
    };
    let api = Dispatch::from_getters("speaks-1.4", &getters).unwrap();
    assert_eq!(api.api_version(), ze_api_version_t::ZE_API_VERSION_1_4);
    // The tables were filled at the agreed version, never above it.
    assert_eq!(HIGHEST_ASKED.load(std::sync::atomic::Ordering::Relaxed), 4);
    assert!(
        format!("{api:?}").contains("api_version: (1, 4)"),
        "{api:?}"
    );
    assert_eq!(driver_count(&api), 1);

    // zeDeviceGetRootDevice appeared in 1.7: not called, a typed error saying so.
    assert_eq!(ddi::since::device::pfnGetRootDevice, 7);
    let device = first_device(&api);
    let mut root = std::ptr::null_mut();
    // SAFETY: a live device and a valid out-pointer (the call is not made anyway).
    let err = unsafe { calls::device::get_root_device(&api, device, &mut root) }.unwrap_err();
    assert_eq!(err.call, "zeDeviceGetRootDevice");
    assert_eq!(err.result, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_VERSION);
    assert_eq!(
        err.version_gap,
        Some(VersionGap {
            needs: ze_api_version_t::ZE_API_VERSION_1_7,
            negotiated: ze_api_version_t::ZE_API_VERSION_1_4,
            peer: "the in-process driver",
        })
    );
    assert_eq!(
        err.to_string(),
        "zeDeviceGetRootDevice needs Level Zero 1.7; the in-process driver speaks 1.4 \
         (ZE_RESULT_ERROR_UNSUPPORTED_VERSION)"
    );
    // The safe layer's error reads the same, words first.
    let safe = level_zero::Error::from(err).to_string();
    assert!(
        safe.starts_with(
            "zeDeviceGetRootDevice needs Level Zero 1.7; the in-process driver speaks 1.4"
        ),
        "{safe}"
    );
    // The entry is null at 1.4: a raw call answers UNSUPPORTED_FEATURE, never a crash.
    // SAFETY: the entry is null, so nothing is called.
    let r = unsafe { ze_call!(api, Device.pfnGetRootDevice(device, &mut root)) };
    assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
}

#[test]
fn negotiation_reaches_the_newest_version_the_source_knows() {
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    assert_eq!(api.api_version(), ze_api_version_t::ZE_API_VERSION_1_17);
    // The driver implements 1.15 and says so; its tables still have every 1.17 entry.
    assert_eq!(
        api.driver_versions(),
        &[ze_api_version_t::ZE_API_VERSION_1_15]
    );
    let device = first_device(&api);
    let mut root = std::ptr::dangling_mut();
    // SAFETY: a live device and a valid out-pointer.
    unsafe { calls::device::get_root_device(&api, device, &mut root) }.unwrap();
    assert!(root.is_null(), "a root device has no root device");
    // A 1.14 entry it implements answers.
    // SAFETY: a live device.
    unsafe { calls::device::synchronize(&api, device) }.unwrap();
    // A 1.16 entry the driver does not implement: its stub answers, no version gap.
    let mut size = 0usize;
    // SAFETY: a live device and a valid size; the stub touches neither.
    let err = unsafe {
        calls::device::get_runtime_requirements(
            &api,
            device,
            std::ptr::null(),
            &mut size,
            std::ptr::null_mut(),
        )
    }
    .unwrap_err();
    assert_eq!(err.result, ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    assert_eq!(err.version_gap, None);
}

#[test]
fn a_missing_getter_of_a_newer_table_negotiates_below_it() {
    // The graph tables appeared in 1.17; a source without their getters speaks 1.16.
    let getters = ZeGetters {
        graph: None,
        ..level_zero_cpu::GETTERS
    };
    let api = Dispatch::from_getters("no-graphs", &getters).unwrap();
    assert_eq!(api.api_version(), ze_api_version_t::ZE_API_VERSION_1_16);
    // SAFETY: the call is not made: its entry is newer than the version agreed.
    let err = unsafe { calls::graph::destroy_ext(&api, std::ptr::null_mut()) };
    assert!(err.is_err_and(|e| e.version_gap.is_some()));
}

/// `LEVEL_ZERO_CPU_DEVICE_TYPE=gpu`: the device says it is a GPU and `zeInit(GPU_ONLY)` finds
/// the driver (for runtimes that keep GPU devices only: Intel's Unified Runtime); by default a
/// GPU-only `zeInit` finds none (the device is a CPU).
#[test]
fn the_driver_can_say_it_is_a_gpu() {
    if !common::in_child(
        "the_driver_can_say_it_is_a_gpu",
        &[("LEVEL_ZERO_CPU_DEVICE_TYPE", "gpu")],
    ) {
        return;
    }
    let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    let gpu_only = ze_init_flags_t(ze_init_flag_t::ZE_INIT_FLAG_GPU_ONLY.0);
    // SAFETY: zeInit takes flags by value.
    unsafe { calls::global::init(&api, gpu_only) }.unwrap();
    let mut props = ze_device_properties_t::default();
    // SAFETY: a live device; a local out-structure.
    unsafe { calls::device::get_properties(&api, first_device(&api), &mut props) }.unwrap();
    assert_eq!(props.type_, ze_device_type_t::ZE_DEVICE_TYPE_GPU);
}
