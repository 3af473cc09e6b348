//! Item 8: errors a person reads. Failures of Level Zero calls say what went wrong in words
//! first, then the call and its code; a request larger than the device reads like running
//! out of memory, with the figures; onearray's `{:?}` shows the fields.

use level_zero::{default_context, default_device, Allocation, Error, Module};
use onearray::{DeviceBuffer, OneArray, SharedBuffer};

/// A size as the messages write it (whole units, else two decimals and the bytes).
fn human(n: u64) -> String {
    let units = [
        ("TiB", 1u64 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    match units.iter().find(|(_, u)| n >= *u) {
        Some((name, u)) if n % u == 0 => format!("{} {name}", n / u),
        Some((name, u)) => format!("{:.2} {name} ({n} bytes)", n as f64 / *u as f64),
        None => format!("{n} bytes"),
    }
}

/// More than the device has, from the safe layer and from arrays of each kind: "cannot
/// allocate …: the device has … in all (largest single allocation …)", then the call and
/// code; the code stays `UNSUPPORTED_SIZE`. Before: "zeMemAllocDevice failed:
/// ZE_RESULT_ERROR_UNSUPPORTED_SIZE (…)". Catches: allocations with the call's generic
/// text (no `alloc_error`), or figures left out.
#[test]
fn a_request_larger_than_the_device_reads_like_out_of_memory() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let largest = dev.properties().unwrap().max_mem_alloc_size;
    let total: u64 = dev
        .memory_properties()
        .unwrap()
        .iter()
        .map(|m| m.total_size)
        .sum();
    let huge = 2 * total.max(largest);
    let figures = format!(
        ": the device has {} in all (largest single allocation {})",
        human(total),
        human(largest)
    );
    let e = Allocation::device(&ctx, &dev, huge as usize, 0).unwrap_err();
    assert_eq!(
        e.result(),
        Some(level_zero::sys::ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_SIZE)
    );
    assert_eq!(
        e.to_string(),
        format!(
            "cannot allocate {} of device memory{figures} \
             (zeMemAllocDevice: ZE_RESULT_ERROR_UNSUPPORTED_SIZE)",
            human(huge)
        )
    );
    let e = Allocation::shared(&ctx, Some(&dev), largest as usize + 1, 0).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "cannot allocate {} of shared memory{figures}",
            human(largest + 1)
        )),
        "{text}"
    );
    let arrays = [
        OneArray::<u8, DeviceBuffer>::zeroed(huge as usize).err(),
        OneArray::<u8, SharedBuffer>::zeroed(huge as usize).err(),
    ];
    for e in arrays {
        let text = e.expect("a larger-than-device array").to_string();
        assert!(
            text.starts_with(&format!("cannot allocate {}", human(huge)))
                && text.contains(&figures),
            "{text}"
        );
    }
}

/// Running out (each request fits, the device is full) from the safe layer: words and
/// the free and total figures, then the call. On a 64 MiB device in a child process.
/// Before: "zeMemAllocDevice failed: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY (…)".
#[test]
fn running_out_of_device_memory_says_so_with_the_figures() {
    if !super::common::in_child(
        "readable_errors::running_out_of_device_memory_says_so_with_the_figures",
        &[
            ("LEVEL_ZERO_CPU_MEMORY", "64M"),
            ("LEVEL_ZERO_CPU_MAX_ALLOC", "16M"),
        ],
    ) {
        return;
    }
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut held = Vec::new();
    let e = loop {
        match Allocation::device(&ctx, &dev, 16 << 20, 0) {
            Ok(a) => held.push(a),
            Err(e) => break e,
        }
        assert!(held.len() <= 4, "a 64 MiB device gave more than 64 MiB");
    };
    assert!(e.is_out_of_memory(), "{e}");
    let text = e.to_string();
    assert!(
        text.starts_with("cannot allocate 16 MiB of device memory: out of device memory (")
            && text.ends_with(
                " free of 64 MiB) (zeMemAllocDevice: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)"
            ),
        "{text}"
    );
    // Too large for one allocation on the same device: the other figures.
    let e = Allocation::device(&ctx, &dev, 17 << 20, 0).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "cannot allocate 17 MiB of device memory: the device has 64 MiB in all \
             (largest single allocation 16 MiB)"
        ),
        "{e}"
    );
}

/// Other failed calls: words first (the code's meaning), the details, then the call and
/// code. Before: "zeKernelCreate failed: ZE_RESULT_ERROR_INVALID_KERNEL_NAME (0x…): … ".
/// Catches: the old `"{op} failed: {result}"` layout.
#[test]
fn failed_calls_start_with_what_went_wrong() {
    let m = Module::new(include_bytes!("../../examples/saxpy.spv")).unwrap();
    let e = m.kernel("no_such_kernel").unwrap_err();
    let Error::Ze { op, result, .. } = &e else {
        panic!("{e:#?}")
    };
    let name = result.name().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "{} (kernel \"no_such_kernel\"; {op}: {name})",
            result.meaning()
        )
    );
    assert!(!e.to_string().starts_with("ze"), "{e}");
}

/// `{:?}` of onearray's errors shows the variant and its fields (it printed the `Display`
/// text). Catches: a `Debug` that forwards to `Display`.
#[test]
fn onearray_debug_shows_fields() {
    let a = OneArray::<f32>::zeroed(4).unwrap();
    let e = a.view(2..9).err().unwrap();
    assert_eq!(format!("{e:?}"), "OutOfRange { start: 2, end: 9, len: 4 }");
    assert_eq!(
        e.to_string(),
        "range 2..9 is out of bounds for an array of 4 elements"
    );
    let e = OneArray::<f64>::zeroed(usize::MAX / 4).err().unwrap();
    assert_eq!(
        format!("{e:?}"),
        format!("SizeOverflow {{ len: {}, elem_size: 8 }}", usize::MAX / 4)
    );
}

/// A call the driver refuses with its own explanation (API 1.6's
/// `zeDriverGetLastErrorDescription`) carries it: here a launch asking for more `__local`
/// memory than the device has. Catches: an error that drops what the driver said.
#[test]
fn the_driver_says_why_it_refused() {
    use level_zero::{Grid, Groups, Local};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/spv/local_mem-O2.spv");
    let m = Module::new(&std::fs::read(path).unwrap()).unwrap();
    let mut k = m.kernel("local_param_reverse").unwrap();
    let x = OneArray::<f32>::zeroed(256).unwrap();
    let mut y = OneArray::<f32>::zeroed(256).unwrap();
    let e = k
        .launch(Grid::groups(Groups::x(1), [256, 1, 1]))
        .arg(&x)
        .arg(&mut y)
        .arg(Local::<f32>::new(1 << 20))
        .run()
        .unwrap_err();
    let Error::Ze { driver, .. } = &e else {
        panic!("{e:#?}")
    };
    // 4 MiB, with the alignment the driver adds.
    let said = "kernel local_param_reverse: 4194367 bytes of local memory requested, 65536 \
                available";
    assert_eq!(driver.as_deref(), Some(said), "{e:#?}");
    assert!(
        e.to_string()
            .ends_with(&format!("; the driver says: {said}")),
        "{e}"
    );
}
