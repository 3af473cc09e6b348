//! SPIR-V kernels of the corpus (`kernels/`), each against a host reference; faults of
//! private memory.

mod common;

use common::{kernel, launch_1d, module, OPT};
use spirv_exec::{Fault, LaunchError};

#[test]
fn saxpy() {
    for opt in OPT {
        let m = module(&format!("saxpy-{opt}"));
        let k = kernel(&m, "saxpy");
        let n = 1000usize;
        let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let y0: Vec<f32> = (0..n).map(|i| 100.0 - i as f32).collect();
        let mut y = y0.clone();
        launch_1d(k, n, 8)
            .value(&2.5f32)
            .input(&x)
            .buffer(&mut y)
            .run()
            .unwrap();
        for i in 0..n {
            // `mad` may be fused or not: either rounding is correct.
            let (fused, separate) = (2.5f32.mul_add(x[i], y0[i]), 2.5f32 * x[i] + y0[i]);
            assert!(
                y[i] == fused || y[i] == separate,
                "{opt} element {i}: {} vs {fused}",
                y[i]
            );
        }
    }
}

/// A work-item cannot reach past its own private memory (into a neighbour's); in-bounds
/// private accesses work, and the kernel runs again after the fault.
#[test]
fn private_memory_is_per_work_item() {
    for opt in OPT {
        let m = module(&format!("oob-{opt}"));
        let k = kernel(&m, "oob_private");
        let mut out = vec![0i32; 64];
        k.launch([8, 1, 1], [8, 1, 1])
            .buffer(&mut out)
            .value(&2i32)
            .run()
            .unwrap();
        assert!(
            out.iter().enumerate().all(|(g, &v)| v == 20 + g as i32),
            "{opt}"
        );
        // Far enough to leave the work-item's whole private memory (a[4] may still land on
        // another of its own variables: undefined in C, but not an overrun of the lane).
        for bad in [64i32, 1000, -100] {
            let r = k
                .launch([8, 1, 1], [8, 1, 1])
                .buffer(&mut out)
                .value(&bad)
                .run();
            let fault = match r {
                Err(LaunchError::Fault { kernel, fault }) if kernel == "oob_private" => fault,
                other => panic!("{opt}: a[{bad}] must fault, got {other:?}"),
            };
            // Below the work-item's area may lie the thread's local memory area, kept from an
            // earlier launch of another kernel that used some (a thread that ran none has none).
            assert!(
                matches!(
                    fault,
                    Fault::OtherPrivateMemory { .. }
                        | Fault::OutOfBounds { .. }
                        | Fault::UnusedLocalMemory { .. }
                ),
                "{opt}: a[{bad}]: {fault}"
            );
        }
        k.launch([8, 1, 1], [8, 1, 1])
            .buffer(&mut out)
            .value(&3i32)
            .run()
            .unwrap();
        assert!(
            out.iter().enumerate().all(|(g, &v)| v == 30 + g as i32),
            "{opt} after the faults"
        );
    }
}

/// Writes past the kernel-scope `__local` variables (the static local part, which the
/// compiled code checks without its inline cache) fault, as 4-byte accesses outside every
/// reachable range, whether a few work-items of the group or all of them write past it; the
/// kernel's in-bounds accesses work before and after.
#[test]
fn static_local_overrun_faults() {
    for opt in OPT {
        let m = module(&format!("oob-{opt}"));
        let k = kernel(&m, "oob_local_static");
        for n in [0i32, 1, 3, 4, 5, 17, 63, 64, 65, 100, 0] {
            let mut out = vec![-1i32; 128];
            let r = k
                .launch([2, 1, 1], [64, 1, 1])
                .buffer(&mut out)
                .value(&n)
                .run();
            if n == 0 {
                r.unwrap();
                assert!(out.iter().enumerate().all(|(g, &v)| v == g as i32), "{opt}");
                continue;
            }
            let fault = match r {
                Err(LaunchError::Fault { kernel, fault }) if kernel == "oob_local_static" => fault,
                other => panic!("{opt} n={n}: must fault, got {other:?}"),
            };
            // Past the local part the write lands outside every range, or (where the
            // allocator put the private arena right after local memory, as under valgrind) in
            // another work-item's private memory: both are refused.
            match &fault {
                Fault::OutOfBounds {
                    address,
                    len: 4,
                    nearest,
                } => {
                    if let Some(near) = nearest {
                        assert!(
                            !(near.base..near.end).contains(address),
                            "{opt} n={n}: {fault}"
                        );
                    }
                }
                Fault::OtherPrivateMemory { len: 4, .. } => {}
                _ => panic!("{opt} n={n}: {fault}"),
            }
        }
    }
}

/// Loads of proven-inside local slots that the same region also stores to (no barrier
/// between): none may be merged with an earlier load, hoisted out of its loop or moved past
/// a store (`FrameLayout::local_unwritten` keeps them in place), on both executors.
#[test]
fn local_loads_see_the_stores_of_their_region() {
    for backend in common::backends() {
        for opt in OPT {
            let m = common::module_compiled(&common::spirv(&format!("oob-{opt}")), backend);
            let k = kernel(&m, "local_rewritten");
            let what = format!("{} {opt}", backend.name());
            for n in [0i32, 1, 3] {
                let mut out = vec![-1i32; 256];
                k.launch([4, 1, 1], [64, 1, 1])
                    .buffer(&mut out)
                    .value(&n)
                    .value(&0i32)
                    .run()
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                let b = (0..n).fold(11, |s, _| 2 * s + 1);
                assert!(
                    out.iter().all(|&v| v == 100 * b + 5 + 1),
                    "{what} n={n}: {out:?}"
                );
            }
        }
    }
}

/// With the work-group size required, the compiler proves some kernel-scope `__local`
/// accesses inside the local part and leaves their checks out; an access it cannot prove
/// (`tile[lid + 1]`, past the part for the last work-item) keeps its check and faults, on
/// both executors, and the proven ones give the interpreter's results before and after.
#[test]
fn local_accesses_proven_inside_and_not() {
    for backend in common::backends() {
        for opt in OPT {
            let m = common::module_compiled(&common::spirv(&format!("oob-{opt}")), backend);
            let k = kernel(&m, "oob_local_required");
            let what = format!("{} {opt}", backend.name());
            for past in [0i32, 1, 0] {
                let mut out = vec![-1i32; 128];
                let r = k
                    .launch([2, 1, 1], [64, 1, 1])
                    .buffer(&mut out)
                    .value(&past)
                    .run();
                if past == 0 {
                    r.unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert!(
                        out.iter().enumerate().all(|(g, &v)| v == g as i32),
                        "{what}"
                    );
                    continue;
                }
                match r {
                    Err(LaunchError::Fault {
                        fault:
                            Fault::OutOfBounds { len: 4, .. } | Fault::OtherPrivateMemory { len: 4, .. },
                        ..
                    }) => {}
                    other => panic!("{what}: must fault, got {other:?}"),
                }
            }
        }
    }
}
