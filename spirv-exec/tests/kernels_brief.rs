//! Which launches a driver may run on its caller's thread: `Kernel::is_brief` holds only for
//! a kernel without loops (its work-items cannot spin on memory another thread writes) once
//! a launch of it has shown the size to be cheap; it never holds before the first launch, for
//! a kernel with a loop, or for a launch far larger than the last.

mod common;

use common::{kernel, launch_1d, module, module_compiled, spirv};

/// On the compiler (an unoptimized build of the interpreter takes longer than a hand-off for
/// any launch).
#[test]
fn a_loop_free_kernel_is_brief_once_a_small_launch_has_run() {
    let m = module_compiled(&spirv("saxpy-O2"), &spirv_exec::Compiler);
    let k = kernel(&m, "saxpy");
    let (groups, size) = ([2, 1, 1], [64, 1, 1]);
    assert!(
        !k.is_brief(groups, size),
        "nothing is known before a launch"
    );
    let x = vec![1.0f32; 128];
    let mut y = vec![0.0f32; 128];
    // The first launch starts threads; later ones show what the launch itself costs (a
    // loaded machine may slow one: a few tries).
    for launches in 1..=50 {
        launch_1d(k, 128, 64)
            .value(&2.0f32)
            .input(&x)
            .buffer(&mut y)
            .run()
            .unwrap();
        assert!(y.iter().all(|&v| v == 2.0 * launches as f32));
        if k.is_brief(groups, size) {
            break;
        }
    }
    assert!(k.is_brief(groups, size));
    // A hundred million work-items take longer than a thread hand-off.
    assert!(!k.is_brief([1 << 20, 1, 1], [100, 1, 1]));
    // Sizes whose product overflows are no launch to run inline.
    assert!(!k.is_brief([u32::MAX; 3], [u32::MAX; 3]));
}

#[test]
fn a_kernel_with_a_loop_is_never_brief() {
    let m = module("matmul-O2");
    let k = kernel(&m, "matmul_naive");
    let n = 4usize;
    let a = vec![1.0f32; n * n];
    let mut c = vec![0.0f32; n * n];
    k.launch([1, 1, 1], [n as u32, n as u32, 1])
        .input(&a)
        .input(&a)
        .buffer(&mut c)
        .value(&(n as i32))
        .value(&(n as i32))
        .value(&(n as i32))
        .run()
        .unwrap();
    assert!(c.iter().all(|&v| v == n as f32));
    assert!(!k.is_brief([1, 1, 1], [n as u32, n as u32, 1]));
}
