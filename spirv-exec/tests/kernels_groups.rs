//! Work-group kernels of the corpus (`kernels/`): local memory, barriers, reductions and scans,
//! matrix kernels, work-item built-ins, constant tables. Every kernel runs at -O0 and -O2 over
//! several sizes and group shapes against the README formulas; property tests draw random
//! sizes and group shapes.

mod common;

use common::{kernel, launch_1d, module, Rng, OPT};
use proptest::prelude::*;
use spirv_exec::Kernel;

// ---- local memory and barriers ----------------------------------------------------------------

fn reversed_groups(input: &[f32], l: usize) -> Vec<f32> {
    input
        .chunks(l)
        .flat_map(|c| c.iter().rev().copied())
        .collect()
}

#[test]
fn local_reverse_param_and_array() {
    let mut rng = Rng::new(1);
    for opt in OPT {
        let m = module(&format!("local_mem-{opt}"));
        let kp = kernel(&m, "local_param_reverse");
        let ka = kernel(&m, "local_array_reverse");
        for (groups, l) in [(1, 1), (3, 7), (5, 64), (2, 256), (4, 100)] {
            let n = groups * l;
            let input = rng.quarters(n);
            let want = reversed_groups(&input, l);
            let (mut op, mut oa) = (vec![0f32; n], vec![0f32; n]);
            launch_1d(kp, n, l)
                .input(&input)
                .buffer(&mut op)
                .local(l * 4)
                .run()
                .unwrap();
            assert_eq!(op, want, "{opt} local_param_reverse L={l}");
            launch_1d(ka, n, l)
                .input(&input)
                .buffer(&mut oa)
                .run()
                .unwrap();
            assert_eq!(oa, want, "{opt} local_array_reverse L={l}");
        }
    }
}

#[test]
fn local_transpose_16x16() {
    let mut rng = Rng::new(2);
    for opt in OPT {
        let m = module(&format!("local_mem-{opt}"));
        let k = kernel(&m, "local_transpose");
        for (w, h) in [(16usize, 16usize), (37, 21), (50, 3), (1, 33)] {
            let input = rng.quarters(w * h);
            let mut got = vec![0f32; w * h];
            let groups = [w.div_ceil(16) as u32, h.div_ceil(16) as u32, 1];
            k.launch(groups, [16, 16, 1])
                .input(&input)
                .buffer(&mut got)
                .value(&(w as i32))
                .value(&(h as i32))
                .run()
                .unwrap();
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
    let mut rng = Rng::new(3);
    for opt in OPT {
        let m = module(&format!("local_mem-{opt}"));
        let k = kernel(&m, "barrier_loop_rotate");
        for (groups, l, iters) in [(2, 1, 3), (3, 5, 0), (2, 32, 7), (4, 13, 40), (1, 256, 300)] {
            let n = groups * l;
            let input = rng.i32s_in(n, -1000, 1000);
            let mut got = vec![0i32; n];
            launch_1d(k, n, l)
                .input(&input)
                .buffer(&mut got)
                .local(l * 4)
                .value(&(iters as i32))
                .run()
                .unwrap();
            for (i, got) in got.iter().enumerate() {
                let (b, lid) = (i / l * l, i % l);
                let want = input[b + (lid + iters) % l] + iters as i32;
                assert_eq!(*got, want, "{opt} L={l} iters={iters} item {i}");
            }
        }
    }
}

/// Values kept across a barrier that every work-item computes alike but that differ between
/// them (a loop left in different turns, the arms of an `if`): the compiler may keep a value
/// once per group only when it is the same for all.
#[test]
fn barrier_divergent_values() {
    for opt in OPT {
        let m = module(&format!("local_mem-{opt}"));
        let k = kernel(&m, "barrier_divergent_values");
        for (groups, l) in [(2, 1), (3, 5), (2, 32), (4, 13), (1, 256)] {
            let n = groups * l;
            let steps: Vec<i32> = (0..=l as i32).map(|k| 2 * k).collect();
            let mut got = vec![0i32; 2 * n];
            launch_1d(k, n, l)
                .input(&steps)
                .buffer(&mut got)
                .local(l * 4)
                .value(&100i32)
                .value(&7i32)
                .run()
                .unwrap();
            for i in 0..n {
                let lid = (i % l) as i32;
                let x = if lid % 3 == 0 { 100 / 7 } else { 101 };
                let want = [(lid + 1) / 2, x + (lid + 1) % l as i32];
                assert_eq!(got[2 * i..2 * i + 2], want, "{opt} L={l} item {i}");
            }
        }
    }
}

#[test]
fn bitonic_sort_local() {
    let mut rng = Rng::new(4);
    for opt in OPT {
        let m = module(&format!("local_mem-{opt}"));
        let k = kernel(&m, "bitonic_sort_local");
        for (groups, l) in [(3, 1), (4, 2), (3, 16), (2, 256), (1, 1024)] {
            let n = groups * l;
            let input = rng.i32s_in(n, -50, 50);
            let mut data = input.clone();
            launch_1d(k, n, l)
                .buffer(&mut data)
                .local(l * 4)
                .run()
                .unwrap();
            let mut want = input;
            want.chunks_mut(l).for_each(|c| c.sort());
            assert_eq!(data, want, "{opt} L={l}");
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

fn run_reduce_f32(k: &Kernel, input: &[f32], n: usize, l: usize) -> Vec<f32> {
    let mut partial = vec![0f32; input.len() / l];
    launch_1d(k, input.len(), l)
        .input(input)
        .buffer(&mut partial)
        .local(l * 4)
        .value(&(n as u32))
        .run()
        .unwrap();
    partial
}

#[test]
fn reduce_sum_f32() {
    let mut rng = Rng::new(5);
    for opt in OPT {
        let m = module(&format!("reduce_scan-{opt}"));
        let k = kernel(&m, "reduce_sum_f32");
        for (groups, l, n) in [
            (1, 1, 1),
            (4, 8, 29),
            (3, 64, 192),
            (2, 512, 1000),
            (5, 16, 0),
        ] {
            let input: Vec<f32> = (0..groups * l)
                .map(|_| rng.below(10_000) as f32 * 0.001 - 5.0)
                .collect();
            let got = run_reduce_f32(k, &input, n, l);
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
    let mut rng = Rng::new(7);
    for opt in OPT {
        let m = module(&format!("reduce_scan-{opt}"));
        let k = kernel(&m, "reduce_sum_f32_grid");
        for (groups, l, n) in [
            (1, 1, 5),
            (1, 64, 10),
            (4, 8, 1000),
            (3, 64, 192),
            (2, 256, 5000),
            (5, 16, 0),
        ] {
            let input: Vec<f32> = (0..n.max(1))
                .map(|_| rng.below(10_000) as f32 * 0.001 - 5.0)
                .collect();
            let mut partial = vec![0f32; groups];
            launch_1d(k, groups * l, l)
                .input(&input)
                .buffer(&mut partial)
                .local(l * 4)
                .value(&(n as u32))
                .run()
                .unwrap();
            assert_eq!(
                partial,
                reduce_f32_grid_host(&input, n, groups, l),
                "{opt} groups={groups} L={l} n={n}"
            );
        }
    }
}

#[test]
fn reduce_sum_i32_reqd_64() {
    let mut rng = Rng::new(6);
    for opt in OPT {
        let m = module(&format!("reduce_scan-{opt}"));
        let k = kernel(&m, "reduce_sum_i32");
        for (groups, n) in [(1usize, 10usize), (1, 64), (3, 1000), (4, 256), (2, 0)] {
            let g_size = groups * 64;
            let input = rng.i32s_in(n.max(1), i32::MIN / 2, i32::MAX / 2);
            let mut got = vec![0i32; groups];
            launch_1d(k, g_size, 64)
                .input(&input)
                .buffer(&mut got)
                .value(&(n as u32))
                .run()
                .unwrap();
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

fn run_scan_hs(k: &Kernel, input: &[i32], l: usize) -> Vec<i32> {
    let mut out = vec![0i32; input.len()];
    launch_1d(k, input.len(), l)
        .input(input)
        .buffer(&mut out)
        .local(2 * l * 4)
        .run()
        .unwrap();
    out
}

#[test]
fn scan_inclusive_hillis_steele() {
    let mut rng = Rng::new(7);
    for opt in OPT {
        let m = module(&format!("reduce_scan-{opt}"));
        let k = kernel(&m, "scan_inclusive_hs");
        for (groups, l) in [(2, 1), (3, 7), (2, 64), (4, 100), (1, 1024)] {
            let input = rng.i32s_in(groups * l, -1000, 1000);
            let got = run_scan_hs(k, &input, l);
            assert_eq!(got, scan_hs_host(&input, l), "{opt} L={l}");
        }
    }
}

#[test]
fn scan_exclusive_blelloch() {
    let mut rng = Rng::new(8);
    for opt in OPT {
        let m = module(&format!("reduce_scan-{opt}"));
        let k = kernel(&m, "scan_exclusive_blelloch");
        for (groups, l) in [(1usize, 1usize), (3, 4), (2, 64), (2, 512)] {
            let n = groups * 2 * l;
            let input = rng.i32s_in(n, -1000, 1000);
            let mut out = vec![0i32; n];
            launch_1d(k, n / 2, l)
                .input(&input)
                .buffer(&mut out)
                .local(2 * l * 4)
                .run()
                .unwrap();
            let mut want = Vec::with_capacity(n);
            for c in input.chunks(2 * l) {
                let mut acc = 0i32;
                for v in c {
                    want.push(acc);
                    acc = acc.wrapping_add(*v);
                }
            }
            assert_eq!(out, want, "{opt} L={l}");
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
fn run_matmul(
    kern: &Kernel,
    rng: &mut Rng,
    (m, n, k): (usize, usize, usize),
    groups: [u32; 3],
    size: [u32; 3],
) -> (Vec<f32>, Vec<f32>) {
    let a: Vec<f32> = rng
        .i32s_in(m * k, -8, 8)
        .into_iter()
        .map(|v| v as f32)
        .collect();
    let b: Vec<f32> = rng
        .i32s_in(k * n, -8, 8)
        .into_iter()
        .map(|v| v as f32)
        .collect();
    let mut c = vec![-1.0f32; m * n];
    kern.launch(groups, size)
        .input(&a)
        .input(&b)
        .buffer(&mut c)
        .value(&(m as i32))
        .value(&(n as i32))
        .value(&(k as i32))
        .run()
        .unwrap();
    (c, matmul_host(&a, &b, m, n, k))
}

#[test]
fn matmul_naive_and_tiled() {
    let mut rng = Rng::new(9);
    for opt in OPT {
        let md = module(&format!("matmul-{opt}"));
        let naive = kernel(&md, "matmul_naive");
        let tiled = kernel(&md, "matmul_tiled");
        for (m, n, k, sx, sy) in [
            (1usize, 1usize, 1usize, 1usize, 1usize),
            (7, 5, 3, 4, 4),
            (16, 16, 16, 16, 1),
            (33, 20, 17, 8, 2),
            (48, 64, 70, 16, 4),
        ] {
            let groups = [n.div_ceil(sx) as u32, m.div_ceil(sy) as u32, 1];
            let (got, want) = run_matmul(
                naive,
                &mut rng,
                (m, n, k),
                groups,
                [sx as u32, sy as u32, 1],
            );
            assert_eq!(got, want, "{opt} naive {m}x{n}x{k}");
            let groups = [n.div_ceil(16) as u32, m.div_ceil(16) as u32, 1];
            let (got, want) = run_matmul(tiled, &mut rng, (m, n, k), groups, [16, 16, 1]);
            assert_eq!(got, want, "{opt} tiled {m}x{n}x{k}");
        }
    }
}

#[test]
fn stencil5_2d_clamped() {
    let mut rng = Rng::new(10);
    for opt in OPT {
        let m = module(&format!("matmul-{opt}"));
        let k = kernel(&m, "stencil5_2d");
        for (w, h, sx, sy) in [
            (1usize, 1usize, 1u32, 1u32),
            (24, 10, 8, 2),
            (7, 5, 7, 5),
            (32, 3, 16, 1),
        ] {
            let input = rng.quarters(w * h);
            let mut got = vec![0f32; w * h];
            k.launch([w as u32 / sx, h as u32 / sy, 1], [sx, sy, 1])
                .input(&input)
                .buffer(&mut got)
                .value(&(w as i32))
                .value(&(h as i32))
                .run()
                .unwrap();
            let v = |x: i64, y: i64| {
                input[y.clamp(0, h as i64 - 1) as usize * w + x.clamp(0, w as i64 - 1) as usize]
            };
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
    for opt in OPT {
        let m = module(&format!("matmul-{opt}"));
        let k = kernel(&m, "mandelbrot");
        for (w, h, sx, sy, max_iter) in [
            (48usize, 32usize, 8u32, 4u32, 64),
            (5, 3, 5, 1, 1000),
            (16, 16, 16, 16, 0),
            (160, 96, 32, 2, 256),
        ] {
            let mut got = vec![0u32; w * h];
            k.launch([w as u32 / sx, h as u32 / sy, 1], [sx, sy, 1])
                .buffer(&mut got)
                .value(&(w as i32))
                .value(&(h as i32))
                .value(&max_iter)
                .run()
                .unwrap();
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
    k: &Kernel,
    dims: u32,
    groups: [u32; 3],
    size: [u32; 3],
    off: [u32; 3],
    what: &str,
) {
    let global = [0, 1, 2].map(|d| (groups[d] * size[d]) as u64);
    let total = global.iter().product::<u64>() as usize;
    let mut got = vec![u64::MAX; 22 * total];
    k.launch(groups, size)
        .offset(off)
        .buffer(&mut got)
        .run()
        .unwrap();
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
    for opt in OPT {
        let m = module(&format!("workitem-{opt}"));
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
            let k = kernel(&m, &format!("workitem_{dims}d"));
            for [groups, size, off] in cases {
                let what = format!("{opt} {dims}-D {groups:?}x{size:?}+{off:?}");
                check_workitem(k, dims, groups, size, off, &what);
            }
        }
    }
}

#[test]
fn volume_fill_3d() {
    for opt in OPT {
        let m = module(&format!("workitem-{opt}"));
        let k = kernel(&m, "volume_fill_3d");
        for (groups, size) in [
            ([2u32, 3, 4], [4u32, 2, 3]),
            ([1, 1, 5], [8, 8, 2]),
            ([3, 2, 1], [1, 5, 7]),
        ] {
            let g = [0, 1, 2].map(|d| (groups[d] * size[d]) as usize);
            let n = g.iter().product::<usize>();
            let (mut vol, mut lin) = (vec![0u32; n], vec![0u32; n]);
            k.launch(groups, size)
                .buffer(&mut vol)
                .buffer(&mut lin)
                .run()
                .unwrap();
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
    let mut rng = Rng::new(11);
    for opt in OPT {
        let m = module(&format!("constant_table-{opt}"));
        let kt = kernel(&m, "const_table_lookup");
        let ks = kernel(&m, "const_struct_table");
        for (groups, l) in [(1usize, 1usize), (4, 64), (3, 33)] {
            let n = groups * l;
            let idx: Vec<u32> = (0..n).map(|_| rng.u32()).collect();
            let mut out = vec![0f32; n];
            launch_1d(kt, n, l)
                .input(&idx)
                .buffer(&mut out)
                .run()
                .unwrap();
            let want: Vec<f32> = idx
                .iter()
                .map(|v| T[(v & 15) as usize] * 2.0 + T[((v >> 4) & 15) as usize])
                .collect();
            assert_eq!(out, want, "{opt} const_table_lookup");
            let x = rng.quarters(n);
            let (mut keys, mut w) = (vec![0i32; n], vec![0f32; n]);
            launch_1d(ks, n, l)
                .input(&idx)
                .input(&x)
                .buffer(&mut keys)
                .buffer(&mut w)
                .run()
                .unwrap();
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
        let m = module(if o2 { "reduce_scan-O2" } else { "reduce_scan-O0" });
        let k = kernel(&m, "reduce_sum_f32");
        let l = pow2(log_l);
        let g = groups * l;
        let n = g - cut % (g + 1) / 2;
        let mut rng = Rng::new(seed);
        let input: Vec<f32> = (0..g).map(|_| rng.below(2000) as f32 * 0.01 - 10.0).collect();
        prop_assert_eq!(run_reduce_f32(k, &input, n, l), reduce_f32_host(&input, n, groups, l));
    }

    #[test]
    fn prop_scan_inclusive_hs(l in 1usize..300, groups in 1usize..5, seed in any::<u64>(), o2 in any::<bool>()) {
        let m = module(if o2 { "reduce_scan-O2" } else { "reduce_scan-O0" });
        let k = kernel(&m, "scan_inclusive_hs");
        let input = Rng::new(seed).i32s_in(groups * l, -100_000, 100_000);
        prop_assert_eq!(run_scan_hs(k, &input, l), scan_hs_host(&input, l));
    }

    #[test]
    fn prop_matmul_naive(m in 1usize..24, n in 1usize..24, k in 1usize..24, sx in 1u32..9, sy in 1u32..9, extra in 0u32..2, seed in any::<u64>(), o2 in any::<bool>()) {
        let md = module(if o2 { "matmul-O2" } else { "matmul-O0" });
        let kern = kernel(&md, "matmul_naive");
        // Any global size >= (N, M): round up, sometimes one more group.
        let groups = [(n as u32).div_ceil(sx) + extra, (m as u32).div_ceil(sy), 1];
        let (got, want) = run_matmul(kern, &mut Rng::new(seed), (m, n, k), groups, [sx, sy, 1]);
        prop_assert_eq!(got, want);
    }
}
