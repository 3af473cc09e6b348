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
