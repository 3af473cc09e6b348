//! Work-group kernels of the corpus (`kernels/`): local memory, barriers, reductions and scans,
//! matrix kernels, work-item built-ins, constant tables. Every kernel runs at -O0 and -O2 over
//! several sizes and group shapes against the README formulas; property tests draw random
//! sizes and group shapes.

mod common;

use common::kernels::Gpu;
use level_zero_sys::*;
use proptest::prelude::*;

const OPT: [&str; 2] = ["O0", "O2"];

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// An integer in `[lo, hi]`.
    fn int(&mut self, lo: i32, hi: i32) -> i32 {
        (lo as i64 + (self.next() % (hi as i64 - lo as i64 + 1) as u64) as i64) as i32
    }
    fn ints(&mut self, n: usize, lo: i32, hi: i32) -> Vec<i32> {
        (0..n).map(|_| self.int(lo, hi)).collect()
    }
    /// Small exactly representable floats: multiples of 1/4 in [-64, 64].
    fn quarters(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| self.int(-256, 256) as f32 / 4.0).collect()
    }
}

fn set_offset(gpu: &Gpu, k: ze_kernel_handle_t, off: [u32; 3]) {
    // SAFETY: a live kernel of this Dispatch.
    let r = unsafe {
        ze_call!(
            gpu.api,
            KernelExp.pfnSetGlobalOffsetExp(k, off[0], off[1], off[2])
        )
    };
    assert_eq!(
        r,
        ze_result_t::ZE_RESULT_SUCCESS,
        "zeKernelSetGlobalOffsetExp"
    );
}

fn launch_1d(gpu: &Gpu, k: ze_kernel_handle_t, global: usize, local: usize) {
    assert_eq!(global % local, 0);
    gpu.run(k, [(global / local) as u32, 1, 1], [local as u32, 1, 1]);
}

// ---- local memory and barriers ----------------------------------------------------------------

fn reversed_groups(input: &[f32], l: usize) -> Vec<f32> {
    input
        .chunks(l)
        .flat_map(|c| c.iter().rev().copied())
        .collect()
}

#[test]
fn local_reverse_param_and_array() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(1);
    for opt in OPT {
        let m = gpu.module(&format!("local_mem-{opt}"));
        let kp = gpu.kernel(m, "local_param_reverse");
        let ka = gpu.kernel(m, "local_array_reverse");
        for (groups, l) in [(1, 1), (3, 7), (5, 64), (2, 256), (4, 100)] {
            let n = groups * l;
            let input = rng.quarters(n);
            let want = reversed_groups(&input, l);
            let bin = gpu.buffer(&input);
            let (op, oa) = (gpu.zeros::<f32>(n), gpu.zeros::<f32>(n));
            gpu.arg_buf(kp, 0, &bin);
            gpu.arg_buf(kp, 1, &op);
            gpu.arg_local(kp, 2, l * 4);
            launch_1d(&gpu, kp, n, l);
            assert_eq!(gpu.read(&op), want, "{opt} local_param_reverse L={l}");
            gpu.arg_buf(ka, 0, &bin);
            gpu.arg_buf(ka, 1, &oa);
            launch_1d(&gpu, ka, n, l);
            assert_eq!(gpu.read(&oa), want, "{opt} local_array_reverse L={l}");
        }
    }
}

#[test]
fn local_transpose_16x16() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(2);
    for opt in OPT {
        let m = gpu.module(&format!("local_mem-{opt}"));
        let k = gpu.kernel(m, "local_transpose");
        for (w, h) in [(16usize, 16usize), (37, 21), (50, 3), (1, 33)] {
            let input = rng.quarters(w * h);
            let (bin, out) = (gpu.buffer(&input), gpu.zeros::<f32>(w * h));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &out);
            gpu.arg(k, 2, &(w as i32));
            gpu.arg(k, 3, &(h as i32));
            let groups = [w.div_ceil(16) as u32, h.div_ceil(16) as u32, 1];
            gpu.run(k, groups, [16, 16, 1]);
            let got = gpu.read(&out);
            for y in 0..h {
                for x in 0..w {
                    assert_eq!(got[x * h + y], input[y * w + x], "{opt} {w}x{h} ({x},{y})");
                }
            }
        }
    }
}

#[test]
fn barrier_loop_rotate() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(3);
    for opt in OPT {
        let m = gpu.module(&format!("local_mem-{opt}"));
        let k = gpu.kernel(m, "barrier_loop_rotate");
        for (groups, l, iters) in [(2, 1, 3), (3, 5, 0), (2, 32, 7), (4, 13, 40), (1, 256, 300)] {
            let n = groups * l;
            let input = rng.ints(n, -1000, 1000);
            let (bin, out) = (gpu.buffer(&input), gpu.zeros::<i32>(n));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &out);
            gpu.arg_local(k, 2, l * 4);
            gpu.arg(k, 3, &(iters as i32));
            launch_1d(&gpu, k, n, l);
            let got = gpu.read(&out);
            for (i, got) in got.iter().enumerate() {
                let (b, lid) = (i / l * l, i % l);
                let want = input[b + (lid + iters) % l] + iters as i32;
                assert_eq!(*got, want, "{opt} L={l} iters={iters} item {i}");
            }
        }
    }
}

#[test]
fn bitonic_sort_local() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(4);
    for opt in OPT {
        let m = gpu.module(&format!("local_mem-{opt}"));
        let k = gpu.kernel(m, "bitonic_sort_local");
        for (groups, l) in [(3, 1), (4, 2), (3, 16), (2, 256), (1, 1024)] {
            let n = groups * l;
            let input = rng.ints(n, -50, 50);
            let data = gpu.buffer(&input);
            gpu.arg_buf(k, 0, &data);
            gpu.arg_local(k, 1, l * 4);
            launch_1d(&gpu, k, n, l);
            let mut want = input.clone();
            want.chunks_mut(l).for_each(|c| c.sort());
            assert_eq!(gpu.read(&data), want, "{opt} L={l}");
        }
    }
}

// ---- reductions and scans ---------------------------------------------------------------------

/// `reduce_sum_f32` with the kernel's tree order, so that the comparison is exact.
fn reduce_f32_host(input: &[f32], n: usize, groups: usize, l: usize) -> Vec<f32> {
    (0..groups)
        .map(|g| {
            let mut s: Vec<f32> = (0..l)
                .map(|lid| {
                    let j = g * l + lid;
                    if j < n {
                        input[j]
                    } else {
                        0.0
                    }
                })
                .collect();
            let mut half = l / 2;
            while half > 0 {
                for lid in 0..half {
                    s[lid] += s[lid + half];
                }
                half /= 2;
            }
            s[0]
        })
        .collect()
}

fn run_reduce_f32(gpu: &Gpu, k: ze_kernel_handle_t, input: &[f32], n: usize, l: usize) -> Vec<f32> {
    let groups = input.len() / l;
    let (bin, partial) = (gpu.buffer(input), gpu.zeros::<f32>(groups));
    gpu.arg_buf(k, 0, &bin);
    gpu.arg_buf(k, 1, &partial);
    gpu.arg_local(k, 2, l * 4);
    gpu.arg(k, 3, &(n as u32));
    launch_1d(gpu, k, input.len(), l);
    gpu.read(&partial)
}

#[test]
fn reduce_sum_f32() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(5);
    for opt in OPT {
        let m = gpu.module(&format!("reduce_scan-{opt}"));
        let k = gpu.kernel(m, "reduce_sum_f32");
        for (groups, l, n) in [
            (1, 1, 1),
            (4, 8, 29),
            (3, 64, 192),
            (2, 512, 1000),
            (5, 16, 0),
        ] {
            let input: Vec<f32> = (0..groups * l)
                .map(|_| (rng.next() % 10_000) as f32 * 0.001 - 5.0)
                .collect();
            let got = run_reduce_f32(&gpu, k, &input, n, l);
            assert_eq!(
                got,
                reduce_f32_host(&input, n, groups, l),
                "{opt} L={l} n={n}"
            );
        }
    }
}

/// `reduce_sum_f32_grid`: each work-item sums every G-th element in order, then the group's
/// tree (same order as the kernel, so the comparison is exact).
fn reduce_f32_grid_host(input: &[f32], n: usize, groups: usize, l: usize) -> Vec<f32> {
    let g_size = groups * l;
    let accs: Vec<f32> = (0..g_size)
        .map(|w| (w..n).step_by(g_size).fold(0.0f32, |acc, j| acc + input[j]))
        .collect();
    reduce_f32_host(&accs, g_size, groups, l)
}

#[test]
fn reduce_sum_f32_grid_stride() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(7);
    for opt in OPT {
        let m = gpu.module(&format!("reduce_scan-{opt}"));
        let k = gpu.kernel(m, "reduce_sum_f32_grid");
        for (groups, l, n) in [
            (1, 1, 5),
            (1, 64, 10),
            (4, 8, 1000),
            (3, 64, 192),
            (2, 256, 5000),
            (5, 16, 0),
        ] {
            let input: Vec<f32> = (0..n.max(1))
                .map(|_| (rng.next() % 10_000) as f32 * 0.001 - 5.0)
                .collect();
            let (bin, partial) = (gpu.buffer(&input), gpu.zeros::<f32>(groups));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &partial);
            gpu.arg_local(k, 2, l * 4);
            gpu.arg(k, 3, &(n as u32));
            launch_1d(&gpu, k, groups * l, l);
            assert_eq!(
                gpu.read(&partial),
                reduce_f32_grid_host(&input, n, groups, l),
                "{opt} groups={groups} L={l} n={n}"
            );
        }
    }
}

#[test]
fn reduce_sum_i32_reqd_64() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(6);
    for opt in OPT {
        let m = gpu.module(&format!("reduce_scan-{opt}"));
        let k = gpu.kernel(m, "reduce_sum_i32");
        for (groups, n) in [(1usize, 10usize), (1, 64), (3, 1000), (4, 256), (2, 0)] {
            let g_size = groups * 64;
            let input = rng.ints(n.max(1), i32::MIN / 2, i32::MAX / 2);
            let (bin, partial) = (gpu.buffer(&input), gpu.zeros::<i32>(groups));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &partial);
            gpu.arg(k, 2, &(n as u32));
            launch_1d(&gpu, k, g_size, 64);
            let got = gpu.read(&partial);
            let mut want = vec![0i32; groups];
            for (j, v) in input.iter().take(n).enumerate() {
                let g = (j % g_size) / 64;
                want[g] = want[g].wrapping_add(*v);
            }
            assert_eq!(got, want, "{opt} groups={groups} n={n}");
            let total = input[..n].iter().fold(0i32, |a, v| a.wrapping_add(*v));
            assert_eq!(got.iter().fold(0i32, |a, v| a.wrapping_add(*v)), total);
        }
    }
}

fn scan_hs_host(input: &[i32], l: usize) -> Vec<i32> {
    let mut out = Vec::with_capacity(input.len());
    for c in input.chunks(l) {
        let mut acc = 0i32;
        out.extend(c.iter().map(|v| {
            acc = acc.wrapping_add(*v);
            acc
        }));
    }
    out
}

fn run_scan_hs(gpu: &Gpu, k: ze_kernel_handle_t, input: &[i32], l: usize) -> Vec<i32> {
    let (bin, out) = (gpu.buffer(input), gpu.zeros::<i32>(input.len()));
    gpu.arg_buf(k, 0, &bin);
    gpu.arg_buf(k, 1, &out);
    gpu.arg_local(k, 2, 2 * l * 4);
    launch_1d(gpu, k, input.len(), l);
    gpu.read(&out)
}

#[test]
fn scan_inclusive_hillis_steele() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(7);
    for opt in OPT {
        let m = gpu.module(&format!("reduce_scan-{opt}"));
        let k = gpu.kernel(m, "scan_inclusive_hs");
        for (groups, l) in [(2, 1), (3, 7), (2, 64), (4, 100), (1, 1024)] {
            let input = rng.ints(groups * l, -1000, 1000);
            let got = run_scan_hs(&gpu, k, &input, l);
            assert_eq!(got, scan_hs_host(&input, l), "{opt} L={l}");
        }
    }
}

#[test]
fn scan_exclusive_blelloch() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(8);
    for opt in OPT {
        let m = gpu.module(&format!("reduce_scan-{opt}"));
        let k = gpu.kernel(m, "scan_exclusive_blelloch");
        for (groups, l) in [(1usize, 1usize), (3, 4), (2, 64), (2, 512)] {
            let n = groups * 2 * l;
            let input = rng.ints(n, -1000, 1000);
            let (bin, out) = (gpu.buffer(&input), gpu.zeros::<i32>(n));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &out);
            gpu.arg_local(k, 2, 2 * l * 4);
            launch_1d(&gpu, k, n / 2, l);
            let mut want = Vec::with_capacity(n);
            for c in input.chunks(2 * l) {
                let mut acc = 0i32;
                for v in c {
                    want.push(acc);
                    acc = acc.wrapping_add(*v);
                }
            }
            assert_eq!(gpu.read(&out), want, "{opt} L={l}");
        }
    }
}

// ---- matrix kernels ---------------------------------------------------------------------------

fn matmul_host(a: &[f32], b: &[f32], m: usize, n: usize, k: usize) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for r in 0..m {
        for col in 0..n {
            c[r * n + col] = (0..k).map(|i| a[r * k + i] * b[i * n + col]).sum();
        }
    }
    c
}

/// Runs `matmul_naive` or `matmul_tiled` on small-integer matrices (every sum is exact).
#[allow(clippy::too_many_arguments)]
fn run_matmul(
    gpu: &Gpu,
    kern: ze_kernel_handle_t,
    rng: &mut Rng,
    (m, n, k): (usize, usize, usize),
    groups: [u32; 3],
    size: [u32; 3],
) -> (Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = rng
        .ints(m * k, -8, 8)
        .into_iter()
        .map(|v| v as f32)
        .collect();
    let b: Vec<f32> = rng
        .ints(k * n, -8, 8)
        .into_iter()
        .map(|v| v as f32)
        .collect();
    let (ba, bb) = (gpu.buffer(&a), gpu.buffer(&b));
    let bc = gpu.buffer(&vec![-1.0f32; m * n]);
    gpu.arg_buf(kern, 0, &ba);
    gpu.arg_buf(kern, 1, &bb);
    gpu.arg_buf(kern, 2, &bc);
    for (i, v) in [m, n, k].iter().enumerate() {
        gpu.arg(kern, 3 + i as u32, &(*v as i32));
    }
    gpu.run(kern, groups, size);
    (gpu.read(&bc), matmul_host(&a, &b, m, n, k))
}

#[test]
fn matmul_naive_and_tiled() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(9);
    for opt in OPT {
        let md = gpu.module(&format!("matmul-{opt}"));
        let naive = gpu.kernel(md, "matmul_naive");
        let tiled = gpu.kernel(md, "matmul_tiled");
        for (m, n, k, sx, sy) in [
            (1usize, 1usize, 1usize, 1usize, 1usize),
            (7, 5, 3, 4, 4),
            (16, 16, 16, 16, 1),
            (33, 20, 17, 8, 2),
            (48, 64, 70, 16, 4),
        ] {
            let groups = [n.div_ceil(sx) as u32, m.div_ceil(sy) as u32, 1];
            let (got, want) = run_matmul(
                &gpu,
                naive,
                &mut rng,
                (m, n, k),
                groups,
                [sx as u32, sy as u32, 1],
            );
            assert_eq!(got, want, "{opt} naive {m}x{n}x{k}");
            let groups = [n.div_ceil(16) as u32, m.div_ceil(16) as u32, 1];
            let (got, want) = run_matmul(&gpu, tiled, &mut rng, (m, n, k), groups, [16, 16, 1]);
            assert_eq!(got, want, "{opt} tiled {m}x{n}x{k}");
        }
    }
}

#[test]
fn stencil5_2d_clamped() {
    let gpu = Gpu::new();
    let mut rng = Rng::new(10);
    for opt in OPT {
        let m = gpu.module(&format!("matmul-{opt}"));
        let k = gpu.kernel(m, "stencil5_2d");
        for (w, h, sx, sy) in [
            (1usize, 1usize, 1u32, 1u32),
            (24, 10, 8, 2),
            (7, 5, 7, 5),
            (32, 3, 16, 1),
        ] {
            let input = rng.quarters(w * h);
            let (bin, out) = (gpu.buffer(&input), gpu.zeros::<f32>(w * h));
            gpu.arg_buf(k, 0, &bin);
            gpu.arg_buf(k, 1, &out);
            gpu.arg(k, 2, &(w as i32));
            gpu.arg(k, 3, &(h as i32));
            gpu.run(k, [w as u32 / sx, h as u32 / sy, 1], [sx, sy, 1]);
            let v = |x: i64, y: i64| {
                input[y.clamp(0, h as i64 - 1) as usize * w + x.clamp(0, w as i64 - 1) as usize]
            };
            let got = gpu.read(&out);
            for y in 0..h as i64 {
                for x in 0..w as i64 {
                    let want =
                        (4.0 * v(x, y) + v(x - 1, y) + v(x + 1, y) + v(x, y - 1) + v(x, y + 1))
                            * 0.125;
                    assert_eq!(
                        got[y as usize * w + x as usize],
                        want,
                        "{opt} {w}x{h} ({x},{y})"
                    );
                }
            }
        }
    }
}

fn mandelbrot_host(x: usize, y: usize, w: usize, h: usize, max_iter: i32) -> u32 {
    let cx = -2.0f32 + 3.0f32 * x as f32 / w as f32;
    let cy = -1.5f32 + 3.0f32 * y as f32 / h as f32;
    let (mut zx, mut zy, mut it) = (0f32, 0f32, 0);
    while it < max_iter && zx * zx + zy * zy <= 4.0 {
        let t = zx * zx - zy * zy + cx;
        zy = 2.0 * zx * zy + cy;
        zx = t;
        it += 1;
    }
    it as u32
}

#[test]
fn mandelbrot_exact() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("matmul-{opt}"));
        let k = gpu.kernel(m, "mandelbrot");
        for (w, h, sx, sy, max_iter) in [
            (48usize, 32usize, 8u32, 4u32, 64),
            (5, 3, 5, 1, 1000),
            (16, 16, 16, 16, 0),
            (160, 96, 32, 2, 256),
        ] {
            let out = gpu.zeros::<u32>(w * h);
            gpu.arg_buf(k, 0, &out);
            gpu.arg(k, 1, &(w as i32));
            gpu.arg(k, 2, &(h as i32));
            gpu.arg(k, 3, &max_iter);
            gpu.run(k, [w as u32 / sx, h as u32 / sy, 1], [sx, sy, 1]);
            let got = gpu.read(&out);
            for y in 0..h {
                for x in 0..w {
                    let want = mandelbrot_host(x, y, w, h, max_iter);
                    assert_eq!(got[y * w + x], want, "{opt} {w}x{h} ({x},{y})");
                }
            }
        }
    }
}

// ---- work-item built-ins ----------------------------------------------------------------------

/// Launches `workitem_{dims}d` and checks every item's 22-value record.
fn check_workitem(
    gpu: &Gpu,
    k: ze_kernel_handle_t,
    dims: u32,
    groups: [u32; 3],
    size: [u32; 3],
    off: [u32; 3],
    what: &str,
) {
    let global = [0, 1, 2].map(|d| (groups[d] * size[d]) as u64);
    let total = global.iter().product::<u64>() as usize;
    let out = gpu.buffer(&vec![u64::MAX; 22 * total]);
    set_offset(gpu, k, off);
    gpu.arg_buf(k, 0, &out);
    gpu.run(k, groups, size);
    set_offset(gpu, k, [0; 3]);
    let got = gpu.read(&out);
    for z in 0..global[2] {
        for y in 0..global[1] {
            for x in 0..global[0] {
                let p = [x, y, z];
                let lin = ((z * global[1] + y) * global[0] + x) as usize;
                let size = size.map(u64::from);
                let mut want = vec![dims as u64];
                want.extend((0..3).map(|d| p[d] + off[d] as u64));
                want.extend(global);
                want.extend(off.map(u64::from));
                want.extend((0..3).map(|d| p[d] % size[d]));
                want.extend(size);
                want.extend((0..3).map(|d| p[d] / size[d]));
                want.extend(groups.map(u64::from));
                assert_eq!(
                    &got[22 * lin..22 * lin + 22],
                    &want[..],
                    "{what} item {p:?}"
                );
            }
        }
    }
}

#[test]
fn workitem_builtins_1d_2d_3d() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("workitem-{opt}"));
        // Per dimension count: (groups, group size, global offset) launches.
        let shapes: [(u32, [[[u32; 3]; 3]; 3]); 3] = [
            (
                1,
                [
                    [[1, 1, 1], [1, 1, 1], [0, 0, 0]],
                    [[5, 1, 1], [7, 1, 1], [0, 0, 0]],
                    [[3, 1, 1], [64, 1, 1], [1000, 0, 0]],
                ],
            ),
            (
                2,
                [
                    [[3, 2, 1], [4, 2, 1], [0, 0, 0]],
                    [[1, 5, 1], [6, 3, 1], [7, 11, 0]],
                    [[2, 3, 1], [1, 16, 1], [0, 5, 0]],
                ],
            ),
            (
                3,
                [
                    [[2, 3, 2], [3, 2, 2], [0, 0, 0]],
                    [[1, 2, 3], [4, 1, 5], [3, 2, 1]],
                    [[2, 1, 1], [2, 2, 64], [0, 0, 9]],
                ],
            ),
        ];
        for (dims, cases) in shapes {
            let k = gpu.kernel(m, &format!("workitem_{dims}d"));
            for [groups, size, off] in cases {
                let what = format!("{opt} {dims}-D {groups:?}x{size:?}+{off:?}");
                check_workitem(&gpu, k, dims, groups, size, off, &what);
            }
        }
    }
}

#[test]
fn volume_fill_3d() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("workitem-{opt}"));
        let k = gpu.kernel(m, "volume_fill_3d");
        for (groups, size) in [
            ([2u32, 3, 4], [4u32, 2, 3]),
            ([1, 1, 5], [8, 8, 2]),
            ([3, 2, 1], [1, 5, 7]),
        ] {
            let g = [0, 1, 2].map(|d| (groups[d] * size[d]) as usize);
            let n = g.iter().product::<usize>();
            let (vol, lin) = (gpu.zeros::<u32>(n), gpu.zeros::<u32>(n));
            gpu.arg_buf(k, 0, &vol);
            gpu.arg_buf(k, 1, &lin);
            gpu.run(k, groups, size);
            let (vol, lin) = (gpu.read(&vol), gpu.read(&lin));
            let s = size.map(|v| v as usize);
            for z in 0..g[2] {
                for y in 0..g[1] {
                    for x in 0..g[0] {
                        let idx = (z * g[1] + y) * g[0] + x;
                        assert_eq!(vol[idx] as usize, x + 1000 * y + 1_000_000 * z, "{opt}");
                        let want = ((z % s[2]) * s[1] + y % s[1]) * s[0] + x % s[0];
                        assert_eq!(lin[idx] as usize, want, "{opt} ({x},{y},{z})");
                    }
                }
            }
        }
    }
}

// ---- constant tables ---------------------------------------------------------------------------

#[test]
fn constant_tables() {
    const T: [f32; 16] = [
        0.0, 1.0, 2.5, -3.0, 4.25, 5.0, -6.5, 7.0, 8.0, -9.75, 10.0, 11.5, 12.0, -13.0, 14.0,
        15.125,
    ];
    const P: [(i32, f32); 4] = [(3, 0.5), (-7, 2.0), (11, -1.0), (0, 4.0)];
    let gpu = Gpu::new();
    let mut rng = Rng::new(11);
    for opt in OPT {
        let m = gpu.module(&format!("constant_table-{opt}"));
        let kt = gpu.kernel(m, "const_table_lookup");
        let ks = gpu.kernel(m, "const_struct_table");
        for (groups, l) in [(1usize, 1usize), (4, 64), (3, 33)] {
            let n = groups * l;
            let idx: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
            let (bidx, out) = (gpu.buffer(&idx), gpu.zeros::<f32>(n));
            gpu.arg_buf(kt, 0, &bidx);
            gpu.arg_buf(kt, 1, &out);
            launch_1d(&gpu, kt, n, l);
            let want: Vec<f32> = idx
                .iter()
                .map(|v| T[(v & 15) as usize] * 2.0 + T[((v >> 4) & 15) as usize])
                .collect();
            assert_eq!(gpu.read(&out), want, "{opt} const_table_lookup");
            let x = rng.quarters(n);
            let (bx, keys, w) = (gpu.buffer(&x), gpu.zeros::<i32>(n), gpu.zeros::<f32>(n));
            gpu.arg_buf(ks, 0, &bidx);
            gpu.arg_buf(ks, 1, &bx);
            gpu.arg_buf(ks, 2, &keys);
            gpu.arg_buf(ks, 3, &w);
            launch_1d(&gpu, ks, n, l);
            let (keys, w) = (gpu.read(&keys), gpu.read(&w));
            for i in 0..n {
                let p = P[(idx[i] & 3) as usize];
                assert_eq!(
                    (keys[i], w[i]),
                    (p.0 + i as i32, p.1 * x[i]),
                    "{opt} item {i}"
                );
            }
        }
    }
}

// ---- property tests ---------------------------------------------------------------------------

fn pow2(log: u32) -> usize {
    1 << log
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn prop_reduce_sum_f32(log_l in 0u32..9, groups in 1usize..6, cut in 0usize..1000, seed in any::<u64>(), o2 in any::<bool>()) {
        let gpu = Gpu::new();
        let m = gpu.module(if o2 { "reduce_scan-O2" } else { "reduce_scan-O0" });
        let k = gpu.kernel(m, "reduce_sum_f32");
        let l = pow2(log_l);
        let g = groups * l;
        let n = g - cut % (g + 1) / 2;
        let mut rng = Rng::new(seed);
        let input: Vec<f32> = (0..g).map(|_| (rng.next() % 2000) as f32 * 0.01 - 10.0).collect();
        prop_assert_eq!(run_reduce_f32(&gpu, k, &input, n, l), reduce_f32_host(&input, n, groups, l));
    }

    #[test]
    fn prop_scan_inclusive_hs(l in 1usize..300, groups in 1usize..5, seed in any::<u64>(), o2 in any::<bool>()) {
        let gpu = Gpu::new();
        let m = gpu.module(if o2 { "reduce_scan-O2" } else { "reduce_scan-O0" });
        let k = gpu.kernel(m, "scan_inclusive_hs");
        let input = Rng::new(seed).ints(groups * l, -100_000, 100_000);
        prop_assert_eq!(run_scan_hs(&gpu, k, &input, l), scan_hs_host(&input, l));
    }

    #[test]
    fn prop_matmul_naive(m in 1usize..24, n in 1usize..24, k in 1usize..24, sx in 1u32..9, sy in 1u32..9, extra in 0u32..2, seed in any::<u64>(), o2 in any::<bool>()) {
        let gpu = Gpu::new();
        let md = gpu.module(if o2 { "matmul-O2" } else { "matmul-O0" });
        let kern = gpu.kernel(md, "matmul_naive");
        // Any global size >= (N, M): round up, sometimes one more group.
        let groups = [(n as u32).div_ceil(sx) + extra, (m as u32).div_ceil(sy), 1];
        let (got, want) = run_matmul(&gpu, kern, &mut Rng::new(seed), (m, n, k), groups, [sx, sy, 1]);
        prop_assert_eq!(got, want);
    }
}
