//! SPIR-V kernels of the corpus (`kernels/`) on the CPU driver, each against a host reference.

mod common;

use common::kernels::Gpu;

const OPT: [&str; 2] = ["O0", "O2"];

#[test]
fn saxpy() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("saxpy-{opt}"));
        let k = gpu.kernel(m, "saxpy");
        let n = 1000usize;
        let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let y0: Vec<f32> = (0..n).map(|i| 100.0 - i as f32).collect();
        let (bx, by) = (gpu.buffer(&x), gpu.buffer(&y0));
        gpu.arg(k, 0, &2.5f32);
        gpu.arg_buf(k, 1, &bx);
        gpu.arg_buf(k, 2, &by);
        gpu.run(k, [(n / 8) as u32, 1, 1], [8, 1, 1]);
        let y = gpu.read(&by);
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
/// private accesses work, and the device is usable after the fault.
#[test]
fn private_memory_is_per_work_item() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("oob-{opt}"));
        let k = gpu.kernel(m, "oob_private");
        let out = gpu.zeros::<i32>(64);
        gpu.arg_buf(k, 0, &out);
        gpu.arg(k, 1, &2i32);
        gpu.run(k, [8, 1, 1], [8, 1, 1]);
        assert!(
            gpu.read(&out)
                .iter()
                .enumerate()
                .all(|(g, &v)| v == 20 + g as i32),
            "{opt}"
        );
        // Far enough to leave the work-item's whole private memory (a[4] may still land on
        // another of its own variables: undefined in C, but not an overrun of the lane).
        for bad in [64i32, 1000, -100] {
            gpu.arg(k, 1, &bad);
            let r = gpu.launch(k, [8, 1, 1], [8, 1, 1]);
            assert_eq!(
                r,
                level_zero_sys::ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST,
                "{opt}: a[{bad}] must fault"
            );
        }
        gpu.arg(k, 1, &3i32);
        gpu.run(k, [8, 1, 1], [8, 1, 1]);
        assert!(
            gpu.read(&out)
                .iter()
                .enumerate()
                .all(|(g, &v)| v == 30 + g as i32),
            "{opt} after the faults"
        );
    }
}
