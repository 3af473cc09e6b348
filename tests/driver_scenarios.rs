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

use common::raw::*;
use level_zero_sys::calls::{command_list, context, device, driver, event, event_pool, mem};
use level_zero_sys::*;
use scenarios::{Mode, ASYNC, HOST_VISIBLE, MACHINE};
use std::ffi::c_void;
use std::ptr::null_mut;

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
            // What the child skipped (a source older than a scenario needs) shows in the run.
            for line in stderr.lines().filter(|l| l.contains("skipped")) {
                eprintln!("{name}: {line}");
            }
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
/// The loader's components but its tracing layer, which current loaders (1.2x and later)
/// always load; it stays inactive unless tracing is enabled.
fn loader_layers() -> Vec<String> {
    let mut components = loader_components();
    components.retain(|c| c != "tracing layer");
    components
}

fn loader_components() -> Vec<String> {
    // SAFETY: the loader is already loaded in this process (the Dispatch came from it); this
    // only takes another reference to it.
    let lib = unsafe { libloading::Library::new(LOADER_LIBRARY) }.unwrap();
    type GetVersions = unsafe extern "C" fn(*mut usize, *mut ComponentVersion) -> ze_result_t;
    // SAFETY: `zelLoaderGetVersions` has this signature in `loader/ze_loader.h`.
    let get = unsafe { lib.get::<GetVersions>(b"zelLoaderGetVersions\0") }.unwrap();
    let mut count = 0usize;
    // SAFETY: a null array asks for the count.
    ZeError::check("zelLoaderGetVersions", unsafe {
        get(&mut count, null_mut())
    })
    .unwrap();
    let mut versions: Vec<ComponentVersion> = (0..count)
        .map(|_| ComponentVersion {
            component_name: [0; 64],
            spec_version: ze_api_version_t(0),
            lib_version: [0; 3],
        })
        .collect();
    // SAFETY: room for `count` entries.
    ZeError::check("zelLoaderGetVersions", unsafe {
        get(&mut count, versions.as_mut_ptr())
    })
    .unwrap();
    versions[..count]
        .iter()
        .map(|v| name(&v.component_name))
        .collect()
}

/// Whether the loader hands out the driver's own driver handle, or a wrapper of its own. The
/// driver's handle is asked of the library directly: `dlopen` of the same path finds the copy
/// the loader loaded.
fn loader_wraps_handles(api: &Dispatch) -> bool {
    let direct = Dispatch::from_driver_library(&common::icd_path()).unwrap();
    // SAFETY: `array` passes a valid count and a null or large-enough array.
    let first = |api| array(null_mut(), |n, a| unsafe { driver::get(api, n, a) })[0];
    first(api) != first(&direct)
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
    assert_eq!(loader_layers(), ["loader"]);
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
    assert_eq!(loader_layers(), ["loader", "validation layer"]);
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
    assert_eq!(loader_layers(), ["loader"]);
    assert!(loader_wraps_handles(&api));
    scenarios::run_all(&api, Mode::Intercept, &|_| {});
}

/// The first driver of `api` and its first device.
///
/// # Safety
/// `api` is a loaded `Dispatch` (the driver is initialised).
unsafe fn first_device(api: &Dispatch) -> (ze_driver_handle_t, ze_device_handle_t) {
    // SAFETY: `array` passes a valid count and a null or large-enough array; the driver
    // handle queried with is the one just returned.
    unsafe {
        let driver = array(null_mut(), |n, a| driver::get(api, n, a))[0];
        (
            driver,
            array(null_mut(), |n, a| device::get(api, driver, n, a))[0],
        )
    }
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
    let api = &Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    // SAFETY: the scenario suite's convention: live handles of `api`, valid pointers. `dst` is
    // read while the copy is delayed (the point of the test) and after its event.
    unsafe {
        let (driver, device) = first_device(api);
        let ctx = context::create(api, driver, &Default::default()).unwrap();
        let size = 4096;
        let (src, dst) = (host_mem(api, ctx, size), host_mem(api, ctx, size));
        let (old, new) = (vec![0x11u8; size], pattern(size, 1));
        let (events, [done]) = EventPool::host_visible(api, ctx);
        let list = immediate(api, ctx, device, ASYNC);
        write(src, &new);
        write(dst, &old);
        command_list::append_memory_copy(api, list, dst, src, size, done, 0, null_mut()).unwrap();
        assert_eq!(read(dst, size), old, "the append returned after the work");
        expect(event::query_status(api, done), NOT_READY);
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert_eq!(read(dst, size), new);
        command_list::destroy(api, list).unwrap();
        drop(events);
        mem::free(api, ctx, src).unwrap();
        mem::free(api, ctx, dst).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// `zeContextDestroy` with objects and memory still in the context (issue 11, item 19): the
/// destroy succeeds and reports them; afterwards every handle of the context is rejected like a
/// destroyed one, but by its own destroy, which succeeds once (issue 28); its memory is freed
/// USM that commands of other contexts reject; and with `LEVEL_ZERO_CPU_LEAK_REPORT=abort` the
/// process exits with status 86 although nothing is left at exit.
#[test]
fn destroyed_context_invalidates_its_objects() {
    let mut envs = MACHINE.to_vec();
    envs.retain(|(k, _)| *k != "LEVEL_ZERO_CPU_LEAK_REPORT");
    envs.push(("LEVEL_ZERO_CPU_LEAK_REPORT", "abort"));
    if let Some((code, stderr)) =
        common::child_exit("destroyed_context_invalidates_its_objects", &envs)
    {
        assert_eq!(
            code,
            Some(86),
            "leaks in a destroyed context fail the run:\n{stderr}"
        );
        assert!(stderr.contains("at zeContextDestroy"), "{stderr}");
        assert!(stderr.contains("1 context(s) were destroyed"), "{stderr}");
        assert!(stderr.contains("1 sampler(s)"), "{stderr}");
        return;
    }
    use level_zero_sys::calls::{command_queue, fence, kernel, module};
    let api = &Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    // SAFETY: the suite's convention: handles of `api`; the destroyed context's handles and
    // pointers are only passed to the driver, which must reject them.
    unsafe {
        let (driver, dev) = first_device(api);
        let (a, b) = (
            context::create(api, driver, &Default::default()).unwrap(),
            context::create(api, driver, &Default::default()).unwrap(),
        );
        let size = 4096;
        let host = host_mem(api, a, size);
        let dev_mem = device_mem(api, a, dev, size);
        // Destroyed with the context: no `EventPool`, which would destroy them after.
        let pool = create_event_pool(api, a, HOST_VISIBLE.into(), 1);
        let gate = create_event(api, pool, 0);
        let list = immediate(api, a, dev, ASYNC);
        let queue = async_queue(api, a, dev);
        let regular = command_list::create(api, a, dev, &Default::default()).unwrap();
        let fence = fence::create(api, queue, &Default::default()).unwrap();
        let (m, k) = scenarios::saxpy(api, a, dev);
        let sampler =
            level_zero_sys::calls::sampler::create(api, a, dev, &Default::default()).unwrap();
        // Work still waiting for an event when the context goes.
        command_list::append_memory_copy(api, list, dev_mem, host, size, null_mut(), 1, &mut {
            gate
        })
        .unwrap();

        context::destroy(api, a).unwrap();

        expect(context::get_status(api, a), NULL_HANDLE);
        expect(event::host_signal(api, gate), NULL_HANDLE);
        expect(
            command_list::append_memory_copy(api, list, host, host, 8, null_mut(), 0, null_mut()),
            NULL_HANDLE,
        );
        expect(command_list::close(api, regular), NULL_HANDLE);
        expect(command_queue::synchronize(api, queue, 0), NULL_HANDLE);
        expect(fence::query_status(api, fence), NULL_HANDLE);
        expect(kernel::set_group_size(api, k, 1, 1, 1), NULL_HANDLE);
        expect(
            mem::alloc_host(api, a, &Default::default(), 64, 0),
            NULL_HANDLE,
        );
        // Its children may still be destroyed, once each, in the order programs and test
        // harnesses use (Intel's driver accepts it): the event before its pool or after, the
        // kernel after its module.
        event::destroy(api, gate).unwrap();
        event_pool::destroy(api, pool).unwrap();
        command_list::destroy(api, list).unwrap();
        command_list::destroy(api, regular).unwrap();
        fence::destroy(api, fence).unwrap();
        command_queue::destroy(api, queue).unwrap();
        module::destroy(api, m).unwrap();
        kernel::destroy(api, k).unwrap();
        level_zero_sys::calls::sampler::destroy(api, sampler).unwrap();
        expect(
            level_zero_sys::calls::sampler::destroy(api, sampler),
            NULL_HANDLE,
        );
        expect(event::destroy(api, gate), NULL_HANDLE);
        expect(event_pool::destroy(api, pool), NULL_HANDLE);
        expect(command_list::destroy(api, list), NULL_HANDLE);
        expect(module::destroy(api, m), NULL_HANDLE);
        expect(kernel::destroy(api, k), NULL_HANDLE);

        // `a`'s memory is freed USM for `b`.
        let kept = host_mem(api, b, size);
        let other = immediate(api, b, dev, scenarios::SYNC);
        let copy = |dst, src| {
            command_list::append_memory_copy(api, other, dst, src, 64, null_mut(), 0, null_mut())
        };
        for p in [host, dev_mem] {
            expect(copy(kept, p), INVALID_ARGUMENT);
            expect(copy(p, kept), INVALID_ARGUMENT);
            expect(mem::free(api, b, p), INVALID_ARGUMENT);
        }
        command_list::destroy(api, other).unwrap();
        mem::free(api, b, kept).unwrap();
        context::destroy(api, b).unwrap();
    }
}

/// IPC handles cross into another process (issue 11, item 6): a child process opens a memory
/// handle, finds the bytes the parent wrote, writes its own, and signals an event of an IPC
/// event pool it opened; a copy of the parent waiting for that event then reads the child's
/// bytes from the parent's allocation.
#[test]
fn ipc_across_processes() {
    const MEMORY: &str = "ONEAPI_TEST_IPC_MEMORY";
    const POOL: &str = "ONEAPI_TEST_IPC_POOL";
    let name = "ipc_across_processes";
    if !child(name, &[]) {
        return;
    }
    let api = &Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
    let size = 64 << 10;
    let (from_parent, from_child) = (pattern(size, 7), pattern(size, 200));
    let to_hex = |data: &[std::ffi::c_char]| -> String {
        data.iter().map(|&b| format!("{:02x}", b as u8)).collect()
    };
    let from_hex = |hex: &str, data: &mut [std::ffi::c_char]| {
        for (i, byte) in data.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap() as _;
        }
    };
    // SAFETY: the suite's convention: live handles of `api`, valid pointers; the allocation is
    // written by the other process only before it signals the event this one's copy waits for.
    unsafe {
        let (driver, dev) = first_device(api);
        let ctx = context::create(api, driver, &Default::default()).unwrap();
        let sync = immediate(api, ctx, dev, scenarios::SYNC);
        let copy = |dst: *mut c_void, src: *const c_void| {
            command_list::append_memory_copy(api, sync, dst, src, size, null_mut(), 0, null_mut())
                .unwrap()
        };
        let mut seen = vec![0u8; size];
        if let (Ok(memory), Ok(pool)) = (std::env::var(MEMORY), std::env::var(POOL)) {
            // The other process: open what the parent shared.
            let mut handle = ze_ipc_mem_handle_t::default();
            from_hex(&memory, &mut handle.data);
            let p = mem::open_ipc_handle(api, ctx, dev, handle, Default::default()).unwrap();
            copy(seen.as_mut_ptr().cast(), p);
            assert!(seen == from_parent, "the parent's bytes");
            copy(p, from_child.as_ptr().cast());
            let mut handle = ze_ipc_event_pool_handle_t::default();
            from_hex(&pool, &mut handle.data);
            let pool = event_pool::open_ipc_handle(api, ctx, handle).unwrap();
            let written = create_event(api, pool, 0);
            command_list::append_signal_event(api, sync, written).unwrap();
            event::destroy(api, written).unwrap();
            event_pool::close_ipc_handle(api, pool).unwrap();
            mem::close_ipc_handle(api, ctx, p).unwrap();
        } else {
            let p = device_mem(api, ctx, dev, size);
            copy(p, from_parent.as_ptr().cast());
            let ipc = ze_event_pool_flag_t::ZE_EVENT_POOL_FLAG_IPC;
            let pool = create_event_pool(api, ctx, (ipc | HOST_VISIBLE).into(), 2);
            let (written, copied) = (create_event(api, pool, 0), create_event(api, pool, 1));
            // The handles first: the first one of an allocation needs it idle.
            let memory = to_hex(&mem::get_ipc_handle(api, ctx, p).unwrap().data);
            let pool_handle = to_hex(&event_pool::get_ipc_handle(api, pool).unwrap().data);
            let waiting = immediate(api, ctx, dev, ASYNC);
            command_list::append_memory_copy(
                api,
                waiting,
                seen.as_mut_ptr().cast(),
                p,
                size,
                copied,
                1,
                &mut { written },
            )
            .unwrap();
            // With the copy pending, the allocation cannot move into shared memory, but a
            // handle already made is handed out again.
            assert_eq!(
                to_hex(&mem::get_ipc_handle(api, ctx, p).unwrap().data),
                memory
            );
            let other = std::process::Command::new(std::env::current_exe().unwrap())
                .args([name, "--exact", "--nocapture", "--test-threads=1"])
                .env(MEMORY, memory)
                .env(POOL, pool_handle)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&other.stdout);
            assert!(
                other.status.success() && stdout.contains("1 passed"),
                "the other process failed:\n{stdout}\n{}",
                String::from_utf8_lossy(&other.stderr)
            );
            event::host_synchronize(api, copied, 60_000_000_000).unwrap();
            assert!(seen == from_child, "the other process's bytes");
            command_list::destroy(api, waiting).unwrap();
            for e in [written, copied] {
                event::destroy(api, e).unwrap();
            }
            event_pool::destroy(api, pool).unwrap();
            mem::free(api, ctx, p).unwrap();
        }
        command_list::destroy(api, sync).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
