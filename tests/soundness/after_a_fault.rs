//! Item 7: after a kernel fault. A fault loses its context, not the process: the context's
//! and device's status say so, the context's streams and arrays refuse work with
//! `Error::DeviceLost` (never a panic), `level_zero::recover()` gives the process a new
//! default context, and each error carries its own fault. Each test faults in a child
//! process: a fault loses the default context of the process it runs in.

use super::{common, within};
use level_zero::{
    default_context, default_device, default_driver, BuildOptions, Commands, Context, Deps, Error,
    Grid, Groups, ImmediateCommandList, Kernel, Module,
};
use onearray::OneArray;

fn oob(ctx: &Context, name: &str) -> Kernel {
    let path = format!("{}/kernels/spv/oob-O2.spv", env!("CARGO_MANIFEST_DIR"));
    let spv = std::fs::read(path).unwrap();
    let dev = default_device().unwrap();
    let module = Module::from_spirv(ctx, &dev, &spv, &BuildOptions::default()).unwrap();
    module.kernel(name).unwrap()
}

/// `out[i + n] = i` over 64 work-items: with `n = 1` the last one writes one element past
/// a 64-element array.
fn write_past(k: &mut Kernel, out: &mut OneArray<i32>) -> onearray::Result<()> {
    k.launch(Grid::for_len(64)).arg(&mut *out).arg(1i32).run()?;
    out.to_vec().map(drop)
}

fn is_device_lost(e: &onearray::Error) -> bool {
    matches!(e, onearray::Error::Ze(Error::DeviceLost { .. }))
}

/// Catches: `device.status()` and `ctx.status()` answering `Ok` after a fault (the driver
/// never recorded the loss), a lost context's arrays not refusing work, and the stream left
/// failing every later command (a failed ring event that `poll` never retired kept
/// `is_complete` failing, so every staged upload of the thread failed). Without
/// `recover` (the default context in a `OnceLock`) the program could not go on.
#[test]
fn a_fault_loses_the_context_and_recover_goes_on() {
    if !common::in_child(
        "after_a_fault::a_fault_loses_the_context_and_recover_goes_on",
        &[],
    ) {
        return;
    }
    let (lost, dev) = (default_context().unwrap(), default_device().unwrap());
    let other = Context::new(&default_driver().unwrap()).unwrap();
    let mut k = oob(&lost, "oob_write");
    let mut kept = OneArray::<f32>::filled(1 << 16, 2.0).unwrap();
    let mut out = OneArray::<i32>::zeroed(64).unwrap();
    lost.status().unwrap();
    dev.status().unwrap();

    let e = write_past(&mut k, &mut out).unwrap_err();
    assert!(e.to_string().contains("out-of-bounds"), "{e}");
    // The loss is reported: by the driver and by the safe layer's view of the context.
    let s = dev.status().unwrap_err();
    assert!(matches!(s, Error::DeviceLost { .. }), "{s}");
    let s = lost.status().unwrap_err();
    assert!(matches!(s, Error::DeviceLost { .. }), "{s}");
    assert!(s.to_string().contains("oob_write"), "{s}");
    assert!(lost.is_lost() && !other.is_lost());
    other.status().unwrap();

    // The lost context's arrays refuse work with DeviceLost, new ones too, and the default
    // stays lost until recovered.
    for r in [
        kept.to_vec().map(drop),
        kept.fill(1.0),
        kept.copy_from_slice(&vec![0.0; 1 << 16]),
        write_past(&mut k, &mut out),
        OneArray::<f32>::filled(1 << 16, 3.0).map(drop),
    ] {
        let e = r.unwrap_err();
        assert!(is_device_lost(&e), "{e}");
        assert!(e.to_string().starts_with("device lost"), "{e}");
    }
    // Another context of the device goes on.
    let mut a = OneArray::<f32>::filled_in(&other, &dev, 1 << 16, 4.0).unwrap();
    a.fill(5.0).unwrap();
    assert!(a.to_vec().unwrap().iter().all(|&v| v == 5.0));

    // Recovery: a new default context, its pools and streams.
    assert!(level_zero::recover().unwrap());
    assert!(
        !level_zero::recover().unwrap(),
        "the new default is not lost"
    );
    let ctx = default_context().unwrap();
    assert!(ctx != lost);
    ctx.status().unwrap();
    dev.status().unwrap();
    assert!(lost.status().is_err(), "a lost context stays lost");
    let mut k = oob(&ctx, "oob_write");
    // Well past the ring of the thread's stream: every later command works.
    for i in 0..160 {
        let mut b = OneArray::<i32>::zeroed(64).unwrap();
        k.launch(Grid::for_len(64))
            .arg(&mut b)
            .arg(0i32)
            .run()
            .unwrap();
        let want: Vec<i32> = (0..64).collect();
        assert_eq!(b.to_vec().unwrap(), want, "command {i}");
        let c = OneArray::<f32>::filled(1 << 16, i as f32).unwrap();
        assert_eq!(c.to_vec().unwrap()[i], i as f32);
    }
    // Dropping the lost context's arrays neither panics nor hangs.
    within(60, "dropping arrays of a lost context", move || {
        drop((kept, out));
    });
}

/// Catches a failed command left at the head of an immediate list: `poll` (and so
/// `is_complete` of every later token) failed for good. Now the failure is reported once,
/// the command retired, and the list refuses later work on the lost context.
#[test]
fn a_failed_command_is_reported_once_by_poll() {
    if !common::in_child(
        "after_a_fault::a_failed_command_is_reported_once_by_poll",
        &[],
    ) {
        return;
    }
    let ctx = Context::new(&default_driver().unwrap()).unwrap();
    let dev = default_device().unwrap();
    let mut k = oob(&ctx, "oob_write");
    let buf = level_zero::Allocation::device(&ctx, &dev, 256, 0).unwrap();
    k.set_arg_buffer(0, &buf).unwrap();
    k.set_arg(1, &1000i32).unwrap();
    k.set_group_size([64, 1, 1]).unwrap();
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    list.launch(&k, Groups([1, 1, 1]), Deps::NONE).unwrap();
    let token = list.last_token();
    let e = loop {
        match list.is_complete(token) {
            Ok(true) => panic!("the faulting launch completed"),
            Ok(false) => std::thread::sleep(std::time::Duration::from_millis(1)),
            Err(e) => break e,
        }
    };
    assert!(e.to_string().contains("oob_write"), "{e}");
    // Reported once: the list's other work goes on being tracked.
    list.poll().unwrap();
    list.poll().unwrap();
    // The failed token stays failed; the context is lost, so new work is refused.
    assert!(list.is_complete(token).is_err());
    let r = list.fill(&buf, 0, 256, &[0], Deps::NONE);
    assert!(matches!(r, Err(Error::DeviceLost { .. })), "{r:?}");
}

/// Catches the driver-wide last fault: an error quoted whichever command failed last in the
/// process, not its own. Two faults on two contexts; the first is waited for last, after
/// the second was reported: it must still name its own kernel and address.
#[test]
fn each_error_carries_its_own_fault() {
    if !common::in_child("after_a_fault::each_error_carries_its_own_fault", &[]) {
        return;
    }
    let (driver, dev) = (default_driver().unwrap(), default_device().unwrap());
    let (c1, c2) = (
        Context::new(&driver).unwrap(),
        Context::new(&driver).unwrap(),
    );
    let mut kw = oob(&c1, "oob_write");
    let mut kr = oob(&c2, "oob_read");
    let mut a = OneArray::<i32>::zeroed_in(&c1, &dev, 64).unwrap();
    let input = OneArray::<i32>::zeroed_in(&c2, &dev, 64).unwrap();
    let mut b = OneArray::<i32>::zeroed_in(&c2, &dev, 64).unwrap();
    // a[i + 1] = i: the first bad byte is a's end.
    let first = kw
        .launch(Grid::for_len(64))
        .arg(&mut a)
        .arg(1i32)
        .run()
        .unwrap();
    // Let the first fault happen before the second launch.
    while !c1.is_lost() && c1.status().is_ok() {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    // b[i] = input[i + 2]: the first bad byte is input's end.
    kr.launch(Grid::for_len(64))
        .arg(&input)
        .arg(&mut b)
        .arg(2i32)
        .run()
        .unwrap()
        .wait()
        .unwrap_err();
    let e = first.wait().unwrap_err().to_string();
    let end = a.as_ptr() as usize + 256;
    assert!(e.contains("kernel oob_write"), "{e}");
    assert!(e.contains(&format!("at {end:#x}")), "{e}");
    assert!(!e.contains("oob_read"), "another command's fault: {e}");
    let e = b.to_vec().unwrap_err().to_string();
    assert!(e.contains("kernel oob_read"), "{e}");
    let end = input.as_ptr() as usize + 256;
    assert!(e.contains(&format!("at {end:#x}")), "{e}");
}

/// Catches a write through a zero-length array's pointer naming "module globals" (or
/// whatever else the launch reaches) as the nearest allocation: the zero-length range was
/// dropped from the launch's regions. It names the array's own (empty) range now.
#[test]
fn a_fault_through_an_empty_array_names_the_array() {
    if !common::in_child(
        "after_a_fault::a_fault_through_an_empty_array_names_the_array",
        &[],
    ) {
        return;
    }
    let ctx = default_context().unwrap();
    let mut k = oob(&ctx, "oob_write");
    let mut empty = OneArray::<i32>::zeroed(0).unwrap();
    let p = empty.as_ptr() as usize;
    let e = k
        .launch(Grid::for_len(4))
        .arg(&mut empty)
        .arg(0i32)
        .run()
        .unwrap()
        .wait()
        .unwrap_err()
        .to_string();
    let want = format!("nearest allocation [{p:#x}, {p:#x}) (0 bytes, buffer argument of 0 bytes");
    assert!(e.contains(&want), "{want:?} not in: {e}");
    assert!(!e.contains("module globals"), "{e}");
}
