//! Item 1: raw addresses through the byte-level launch API. `Kernel::set_arg` (safe) takes
//! bytes for value parameters only; a pointer parameter takes memory (`set_arg_buffer`, a
//! launch with an array) or, in an `unsafe` call, an address (`set_arg_unchecked`,
//! `Launch::arg_address`). Unknown parameter types (no SPIR-V to read them from) are unit
//! tests of level-zero (kernel.rs), which can make a kernel forget them.

use super::saxpy;
use level_zero::{
    default_context, default_device, Allocation, CommandList, CommandQueue, Commands, Deps, Error,
    Grid, Groups, ImmediateCommandList, Kernel, Local, Module,
};
use onearray::{OneArray, SharedBuffer};

/// Sets saxpy's (n, a, x) for 256 elements and a group size; `x` (256 ones) is kept alive
/// by the kernel.
fn saxpy_but_y(k: &mut Kernel) {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let x = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0).unwrap();
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    list.fill(&x, 0, 4 * 256, &1.0f32.to_ne_bytes(), Deps::NONE)
        .unwrap();
    list.synchronize().unwrap();
    k.set_arg(0, &256u32).unwrap();
    k.set_arg(1, &2.0f32).unwrap();
    k.set_arg_buffer(2, &x).unwrap();
    k.set_group_size([64, 1, 1]).unwrap();
}

/// `set_arg` of an address for saxpy's `global float* y` is refused, naming the kernel,
/// the argument and the ways that work; the launches that would have written through it
/// find the argument unset. `memory` is what the address points to, read after.
fn refused(k: &mut Kernel, address: u64, memory: impl Fn() -> Vec<f32>, what: &str) {
    let before = memory();
    let e = k.set_arg(3, &address).unwrap_err();
    assert!(
        matches!(e, Error::KernelArgument { index: 3, .. }),
        "{what}: {e}"
    );
    let text = e.to_string();
    for needle in [
        "kernel saxpy",
        "argument 3",
        "global float*",
        "set_arg_buffer",
        "set_arg_unchecked",
    ] {
        assert!(
            text.contains(needle),
            "{what}: {needle:?} missing from: {text}"
        );
    }
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    if let Ok(()) = list.launch(k, Groups::x(4), Deps::NONE) {
        list.synchronize().unwrap();
    }
    let mut regular = CommandList::new(&ctx, &dev).unwrap();
    if regular.launch(k, Groups::x(4), Deps::NONE).is_ok() {
        regular.close().unwrap();
        let q = CommandQueue::new(&ctx, &dev).unwrap();
        q.execute(&[&regular], None).unwrap();
        q.synchronize(None).unwrap();
    }
    assert_eq!(
        memory(),
        before,
        "{what}: a kernel wrote through a raw address"
    );
}

/// The three programs: a host `Vec`, shared memory under a live `&[f32]`, a freed
/// array (its block handed to the next array). On the code before, each `set_arg`
/// succeeded and the launches wrote the memory (the freed array: 20 of 20 rounds).
/// Catches: `set_arg` without its parameter check.
#[test]
fn set_arg_refuses_an_address_for_a_pointer_parameter() {
    let mut k = saxpy();
    saxpy_but_y(&mut k);

    let mut v = vec![1.0f32; 256];
    let p = v.as_mut_ptr() as u64;
    let cell = std::cell::RefCell::new(v);
    refused(&mut k, p, || cell.borrow().clone(), "host Vec");

    let shared = OneArray::<f32, SharedBuffer>::filled(256, 1.0).unwrap();
    let s: &[f32] = shared.as_slice();
    refused(
        &mut k,
        s.as_ptr() as u64,
        || s.to_vec(),
        "shared memory under &[f32]",
    );

    for round in 0..20 {
        let freed = OneArray::<f32>::filled(256, 1.0).unwrap();
        let address = freed.as_ptr() as u64;
        drop(freed);
        let next = OneArray::<f32>::filled(256, 1.0).unwrap();
        refused(
            &mut k,
            address,
            || next.to_vec().unwrap(),
            &format!("freed array, round {round}"),
        );
    }
}

/// The unsafe setter is the way to pass an address (here a host `Vec`, shared system
/// memory on the CPU driver). Catches: a `set_arg_unchecked` that checks like `set_arg`.
#[test]
fn set_arg_unchecked_passes_an_address() {
    let mut k = saxpy();
    saxpy_but_y(&mut k);
    let mut v = vec![1.0f32; 256];
    // SAFETY: `v` holds 256 floats, outlives the launch (synchronized below) and is not
    // borrowed until then.
    unsafe { k.set_arg_unchecked(3, &(v.as_mut_ptr() as u64)).unwrap() };
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
    list.launch(&k, Groups::x(4), Deps::NONE).unwrap();
    list.synchronize().unwrap();
    assert_eq!(v, vec![3.0; 256]);
}

/// A work-group size for saxpy's global `y` is refused (on the CPU driver it set the
/// pointer to null; another driver may read it otherwise), and so is a null value for a
/// value parameter. Catches: `set_arg_local` without its parameter check.
#[test]
fn set_arg_local_refuses_a_global_pointer_parameter() {
    let mut k = saxpy();
    let e = k.set_arg_local(3, 8).unwrap_err();
    assert!(matches!(e, Error::KernelArgument { index: 3, .. }), "{e}");
    assert!(e.to_string().contains("local memory of 8 bytes"), "{e}");
    assert!(k.set_arg_local(0, 4).is_err());
    // A `local` parameter takes it.
    let m = Module::new(&local_mem_spirv()).unwrap();
    let mut rotate = m.kernel("barrier_loop_rotate").unwrap();
    rotate.set_arg_local(2, 32).unwrap();
}

/// A launch passes an integer for a pointer parameter only through `arg_address`. (Already
/// refused before: a guard that the new checks keep it so.)
#[test]
fn a_launch_refuses_an_integer_for_a_pointer_parameter() {
    let mut k = saxpy();
    let x = OneArray::<f32>::filled(256, 1.0).unwrap();
    let mut v = vec![1.0f32; 256];
    let r = k.run(
        Grid::for_len(256),
        (256u32, 2.0f32, &x, v.as_mut_ptr() as u64),
    );
    let Err(e) = r else {
        panic!("a launch took an integer for a pointer")
    };
    assert!(matches!(e, Error::KernelArgument { index: 3, .. }), "{e}");
    assert_eq!(v, vec![1.0; 256]);
    // SAFETY: `v` holds 256 floats, outlives the launch (waited for) and is not borrowed
    // meanwhile.
    let launch = unsafe {
        k.launch(Grid::for_len(256))
            .args((256u32, 2.0f32, &x))
            .arg_address(v.as_mut_ptr() as u64)
    };
    launch.run().unwrap().wait().unwrap();
    assert_eq!(v, vec![3.0; 256]);
}

fn local_mem_spirv() -> Vec<u8> {
    let path = format!(
        "{}/kernels/spv/local_mem-O2.spv",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(path).unwrap()
}

/// `Local::<u32>::new(usize::MAX / 2)` is a launch error in debug builds too: before, the
/// launch multiplied the length by 4 unchecked and panicked with an overflow. Catches:
/// `Local::bytes` or the launch's size without `checked_mul`.
#[test]
fn a_local_argument_whose_size_overflows_is_an_error() {
    assert_eq!(Local::<u32>::new(usize::MAX / 2).bytes(), None);
    let mut k = Module::new(&local_mem_spirv())
        .unwrap()
        .kernel("barrier_loop_rotate")
        .unwrap();
    let input = OneArray::<i32>::filled(8, 1).unwrap();
    let mut out = OneArray::<i32>::zeroed(8).unwrap();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        k.run(
            Grid::for_len(8),
            (&input, &mut out, Local::<i32>::new(usize::MAX / 2), 1i32),
        )
        .map(|_| ())
    }));
    let e = r.expect("the launch panicked").unwrap_err();
    assert!(matches!(e, Error::KernelArgument { index: 2, .. }), "{e}");
    let text = e.to_string();
    assert!(
        text.contains(&format!("{} elements of 4 bytes", usize::MAX / 2))
            && text.contains("overflows"),
        "{text}"
    );
    // A size that fits runs.
    k.run(
        Grid::for_len(8),
        (&input, &mut out, Local::<i32>::new(8), 1i32),
    )
    .unwrap()
    .wait()
    .unwrap();
}
