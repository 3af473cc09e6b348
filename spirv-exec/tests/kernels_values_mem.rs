//! Value tests of the corpus kernels (`kernels/README.md`), part 2: `address_spaces`,
//! `generic_as`, `structs`, `private_array`, `control_flow`. Every kernel runs at -O0 and
//! -O2, on several sizes and work-group sizes, with seeded pseudo-random inputs, against a
//! host reference.
//!
//! Tolerances: exact where every operation rounds once in a fixed order; `a*b+c` may be a
//! fused `mad` at -O2 (either rounding is accepted, or `k · 2^-24 · Σ|terms|` for `k`
//! roundings when several may be fused); single-precision `/` 2.5 ULP and `sqrt` 3 ULP
//! (OpenCL 1.2).

mod common;

use common::values::*;
use common::{kernel, launch_1d, module};

/// `got` is `a*b + c` in `f32`, fused or not.
fn is_mad32(got: f32, a: f32, b: f32, c: f32) -> bool {
    got == a.mul_add(b, c) || got == a * b + c
}

#[test]
fn as_mixed() {
    each_case("address_spaces", "as_mixed", &SIZES, |c| {
        let x = c.rng.floats(c.n, -10.0, 10.0);
        let coeffs = c.rng.floats(4, -2.0, 2.0);
        let ncoeff = c.rng.range_i64(1, 4) as u32;
        let mut bo = vec![f32::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .input(&coeffs)
            .value(&ncoeff)
            .local(4 * c.l as usize)
            .run()
            .unwrap();
        let l = c.l as usize;
        for (i, got) in bo.into_iter().enumerate() {
            let (b, lid) = (i - i % l, i % l);
            let terms: Vec<f64> = (0..4)
                .map(|k| x[b + (lid + k) % l] as f64 * coeffs[k % ncoeff as usize] as f64)
                .collect();
            let want: f64 = terms.iter().sum();
            // Four products and three sums, each rounded once (some may be fused).
            let tol = 7.0 * 2f64.powi(-24) * terms.iter().map(|t| t.abs()).sum::<f64>();
            assert_close(got as f64, want, tol, || {
                format!("{} [{i}] ncoeff={ncoeff}", c.ctx())
            });
        }
    });
}

#[test]
fn as_helpers() {
    each_case("address_spaces", "as_helpers", &SIZES, |c| {
        let x = c.rng.floats(4 * c.n, -10.0, 10.0);
        let coeffs = c.rng.floats(4, -2.0, 2.0);
        let mut bo = vec![f32::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .input(&coeffs)
            .local(16 * c.l as usize)
            .run()
            .unwrap();
        let sum4 = |v: &[f32]| ((v[0] + v[1]) + v[2]) + v[3];
        let cs = sum4(&coeffs) as f64;
        for (i, got) in bo.into_iter().enumerate() {
            // Every helper sums the same four values in the same order.
            let s = sum4(&x[4 * i..4 * i + 4]) as f64;
            let want = 6.0 * s + cs;
            let tol = 4.0 * 2f64.powi(-24) * (6.0 * s.abs() + cs.abs());
            assert_close(got as f64, want, tol, || format!("{} [{i}]", c.ctx()));
        }
    });
}

#[test]
fn generic_ptrs() {
    each_case("generic_as", "generic_ptrs", &SIZES, |c| {
        let d = c.rng.floats(3 * c.n, -100.0, 100.0);
        let mut bd = d.to_vec();
        let mut bo = vec![f32::default(); c.n];
        let mut bf = vec![i32::default(); c.n];
        c.launch()
            .buffer(&mut bd)
            .local(12 * c.l as usize)
            .buffer(&mut bo)
            .buffer(&mut bf)
            .run()
            .unwrap();
        let (data, out, flags) = (bd, bo, bf);
        for i in 0..c.n {
            let s = (d[3 * i] + d[3 * i + 1]) + d[3 * i + 2];
            // s + 2s + 4s, with the same three additions scaled by powers of two.
            let want = (s + 2.0 * s) + 4.0 * s;
            assert_same32(out[i], want, || format!("{} out[{i}]", c.ctx()));
            for k in 0..3 {
                let j = 3 * i + k;
                assert_same32(data[j], 2.0 * d[j], || format!("{} data[{j}]", c.ctx()));
            }
            assert_eq!(flags[i], 123, "{} flags[{i}]", c.ctx());
        }
    });
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Params {
    scale: f32,
    offset: i32,
    bias: f32,
}

#[test]
fn struct_by_value() {
    each_case("structs", "struct_by_value", &SIZES, |c| {
        let x = c.rng.floats(c.n, -100.0, 100.0);
        let p = Params {
            scale: c.rng.f32_in(-4.0, 4.0),
            offset: c.rng.range_i64(-1000, 1000) as i32,
            bias: c.rng.f32_in(-1.0, 1.0),
        };
        let mut bo = vec![f32::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .value(&p)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let off = p.offset as f32;
            let fused = x[i].mul_add(p.scale, off) + p.bias;
            let separate = (x[i] * p.scale + off) + p.bias;
            assert!(
                got == fused || got == separate,
                "{} [{i}]: {got} not {fused} or {separate}",
                c.ctx()
            );
        }
    });
}

/// `mixed_t`: `int4 v @0; char c @16; long l @24`, 32 bytes, aligned to 16.
#[repr(C, align(16))]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Mixed {
    v: [i32; 4],
    c: i8,
    /// The padding, spelled out so that the struct is plain bytes.
    pad: [u8; 7],
    l: i64,
}

#[test]
fn struct_mixed_by_value() {
    assert_eq!(size_of::<Mixed>(), 32);
    each_case("structs", "struct_mixed_by_value", &SIZES, |c| {
        let x: Vec<i32> = (0..c.n).map(|_| c.rng.i32()).collect();
        let m = Mixed {
            v: [c.rng.i32(), c.rng.i32(), c.rng.i32(), c.rng.i32()],
            c: c.rng.u32() as i8,
            pad: [0; 7],
            l: c.rng.u64() as i64,
        };
        let mut bo = vec![i64::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .value(&m)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let want = (x[i] as i64)
                .wrapping_mul(m.v[0] as i64)
                .wrapping_add(m.v[1] as i64)
                .wrapping_add(m.v[2] as i64)
                .wrapping_add(m.v[3] as i64)
                .wrapping_add(m.c as i64)
                .wrapping_add(m.l);
            assert_eq!(got, want, "{} [{i}]", c.ctx());
        }
    });
}

/// `particle_t`, 24 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct Particle {
    px: f32,
    py: f32,
    vx: f32,
    vy: f32,
    id: i32,
    flags: u32,
}

fn particles(rng: &mut Rng, n: usize) -> Vec<Particle> {
    (0..n)
        .map(|_| Particle {
            px: rng.f32_in(-10.0, 10.0),
            py: rng.f32_in(-10.0, 10.0),
            vx: rng.f32_in(-50.0, 50.0),
            vy: rng.f32_in(-50.0, 50.0),
            id: rng.i32(),
            flags: rng.u32() & !3,
        })
        .collect()
}

#[test]
fn aos_update() {
    assert_eq!(size_of::<Particle>(), 24);
    each_case("structs", "aos_update", &SIZES, |c| {
        let ps = particles(&mut c.rng, c.n);
        let dt = c.rng.f32_in(0.0, 0.5);
        let mut bp = ps.to_vec();
        c.launch().buffer(&mut bp).value(&dt).run().unwrap();
        for (i, got) in bp.into_iter().enumerate() {
            let p = ps[i];
            // One axis: (position, velocity, flag) for the fused or the separate update.
            let axis = |pos: f32, vel: f32, bit: u32, fused: bool| {
                let q = if fused {
                    vel.mul_add(dt, pos)
                } else {
                    pos + vel * dt
                };
                if q < 0.0 {
                    (-q, -vel, bit)
                } else {
                    (q, vel, 0)
                }
            };
            let ok_axis = |pos, vel, bit, gp: f32, gv: f32| {
                [false, true].into_iter().find_map(|f| {
                    let (q, v, b) = axis(pos, vel, bit, f);
                    (q == gp && v == gv).then_some(b)
                })
            };
            let bx = ok_axis(p.px, p.vx, 1, got.px, got.vx);
            let by = ok_axis(p.py, p.vy, 2, got.py, got.vy);
            assert!(
                bx.is_some() && by.is_some(),
                "{} [{i}]: {p:?} dt={dt} -> {got:?}",
                c.ctx()
            );
            assert_eq!(got.id, p.id, "{} [{i}] id", c.ctx());
            assert_eq!(
                got.flags,
                p.flags | bx.unwrap() | by.unwrap(),
                "{} [{i}] flags",
                c.ctx()
            );
        }
    });
}

#[test]
fn aos_gather() {
    each_case("structs", "aos_gather", &SIZES, |c| {
        let ps = particles(&mut c.rng, c.n);
        let mut bi = vec![i32::default(); c.n];
        let mut bs = vec![f32::default(); c.n];
        c.launch()
            .input(&ps)
            .buffer(&mut bi)
            .buffer(&mut bs)
            .run()
            .unwrap();
        let (ids, speed2) = (bi, bs);
        for (i, p) in ps.iter().enumerate() {
            assert_eq!(ids[i], p.id, "{} ids[{i}]", c.ctx());
            let (x2, y2) = (p.vx * p.vx, p.vy * p.vy);
            let s = speed2[i];
            assert!(
                s == x2 + y2 || is_mad32(s, p.vx, p.vx, y2) || is_mad32(s, p.vy, p.vy, x2),
                "{} speed2[{i}] = {s} for ({}, {})",
                c.ctx(),
                p.vx,
                p.vy
            );
        }
    });
}

/// `body_t`, 16 bytes: `float pos[3]` then `float m`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct Body {
    pos: [f32; 3],
    m: f32,
}

#[test]
fn body_step() {
    each_case("structs", "body_step", &SIZES, |c| {
        // Small integers and a power-of-two step: every result is exact, fused or not.
        let mut int = |lo, hi| c.rng.range_i64(lo, hi) as f32;
        let bodies: Vec<Body> = (0..c.n)
            .map(|_| Body {
                pos: [int(-100, 100), int(-100, 100), int(-100, 100)],
                m: int(-8, 8),
            })
            .collect();
        let dt = 0.25f32;
        let mut bb = bodies.clone();
        let mut moments = vec![f32::NAN; c.n];
        c.launch()
            .buffer(&mut bb)
            .buffer(&mut moments)
            .value(&dt)
            .value(&(c.n as u32))
            .run()
            .unwrap();
        for (i, b) in bodies.iter().enumerate() {
            let [x, y, z] = b.pos;
            assert_eq!(
                moments[i],
                b.m * (x + 10.0 * y + 100.0 * z),
                "{} [{i}]",
                c.ctx()
            );
            let want = Body {
                pos: std::array::from_fn(|k| b.pos[k] + dt * b.m * (k + 1) as f32),
                m: 2.0 * b.m,
            };
            assert_eq!(bb[i], want, "{} [{i}] from {b:?}", c.ctx());
        }
    });
}

#[test]
fn private_sort8() {
    each_case("private_array", "private_sort8", &SIZES, |c| {
        let x: Vec<i32> = (0..8 * c.n)
            .map(|_| {
                if c.rng.chance(0.3) {
                    c.rng.range_i64(-3, 3) as i32
                } else {
                    c.rng.i32()
                }
            })
            .collect();
        let mut out = vec![i32::default(); 8 * c.n];
        c.launch().input(&x).buffer(&mut out).run().unwrap();
        for i in 0..c.n {
            let mut want = x[8 * i..8 * i + 8].to_vec();
            want.sort();
            assert_eq!(&out[8 * i..8 * i + 8], &want[..], "{} item {i}", c.ctx());
        }
    });
}

#[test]
fn private_lut() {
    each_case("private_array", "private_lut", &SIZES, |c| {
        let x: Vec<u32> = (0..c.n).map(|_| c.rng.u32()).collect();
        let mut bo = vec![u32::default(); c.n];
        c.launch().input(&x).buffer(&mut bo).run().unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let want = ((x[i] & 15) + ((x[i] >> 4) & 15)).wrapping_mul(i as u32);
            assert_eq!(got, want, "{} [{i}]", c.ctx());
        }
    });
}

#[test]
fn find_first_greater() {
    each_case("control_flow", "find_first_greater", &SIZES, |c| {
        let row_len = c.rng.pick(&[0usize, 1, 5, 33]);
        let rows = c.rng.floats(c.n * row_len, 0.0, 1.0);
        let threshold = c.rng.f32_in(0.5, 1.0);
        let mut bo = vec![i32::default(); c.n];
        c.launch()
            .input(&rows)
            .buffer(&mut bo)
            .value(&(row_len as i32))
            .value(&threshold)
            .run()
            .unwrap();
        for (r, got) in bo.into_iter().enumerate() {
            let row = &rows[r * row_len..(r + 1) * row_len];
            let want = row
                .iter()
                .position(|&v| v > threshold)
                .map_or(-1, |j| j as i32);
            assert_eq!(got, want, "{} row {r} (len {row_len})", c.ctx());
        }
    });
}

/// Inputs of `switch_ops`: ops in -2..=9, `a`, `b` away from zero.
fn switch_ops_inputs(rng: &mut Rng, n: usize) -> (Vec<i32>, Vec<f32>, Vec<f32>) {
    let op = (0..n).map(|_| rng.range_i64(-2, 9) as i32).collect();
    let a = (0..n).map(|_| rng.f32_log(-10, 10)).collect();
    let b = (0..n).map(|_| rng.f32_log(-10, 10)).collect();
    (op, a, b)
}

/// Checks one `switch_ops` result (division: 2.5 ULP, the rest exact).
fn switch_ops_ok(op: i32, a: f32, b: f32, got: f32) -> bool {
    match op {
        0 => got == a + b,
        1 => got == a - b,
        2 => got == a * b,
        3 => ulps32(got, a as f64 / b as f64) <= 2.5,
        4 => got == a.min(b),
        5 => got == a.max(b),
        7 => got.to_bits() == (-a).to_bits(),
        _ => got == 0.0,
    }
}

#[test]
fn switch_ops() {
    each_case("control_flow", "switch_ops", &SIZES, |c| {
        let (op, a, b) = switch_ops_inputs(&mut c.rng, c.n);
        let mut bo = vec![f32::default(); c.n];
        c.launch()
            .input(&op)
            .input(&a)
            .input(&b)
            .buffer(&mut bo)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            assert!(
                switch_ops_ok(op[i], a[i], b[i], got),
                "{} [{i}]: op {} on ({}, {}) = {got}",
                c.ctx(),
                op[i],
                a[i],
                b[i]
            );
        }
    });
}

#[test]
fn switch_fallthrough() {
    each_case("control_flow", "switch_fallthrough", &SIZES, |c| {
        let sel: Vec<i32> = (0..c.n)
            .map(|_| {
                c.rng
                    .pick(&[-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 39, 40, 41, 1000])
            })
            .collect();
        let x: Vec<i32> = c.rng.ints(c.n, &[i32::MIN, i32::MAX, 0, -1], |b| b as i32);
        let mut bo = vec![i32::default(); c.n];
        c.launch()
            .input(&sel)
            .input(&x)
            .buffer(&mut bo)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let v = x[i];
            let want = match sel[i] {
                0 => v.wrapping_mul(3).wrapping_add(3),
                1 => v.wrapping_add(3),
                2 => v ^ 0x55,
                3 | 4 => v.wrapping_shl(1),
                5 => v.wrapping_sub(107),
                6 => v.wrapping_sub(7),
                40 => v.wrapping_mul(v),
                _ => -1,
            };
            assert_eq!(got, want, "{} [{i}] sel {} x {v}", c.ctx(), sel[i]);
        }
    });
}

#[test]
fn collatz_steps() {
    each_case("control_flow", "collatz_steps", &SIZES, |c| {
        let x: Vec<u32> = (0..c.n)
            .map(|_| match c.rng.below(4) {
                0 => c.rng.below(4) as u32,
                1 => c.rng.u32(),
                _ => c.rng.below(100_000) as u32,
            })
            .collect();
        let max_steps = c.rng.pick(&[0u32, 1, 50, 400]);
        let mut bo = vec![u32::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .value(&max_steps)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let (mut v, mut s) = (x[i], 0u32);
            while v > 1 && s < max_steps {
                v = if v & 1 == 1 {
                    v.wrapping_mul(3).wrapping_add(1)
                } else {
                    v / 2
                };
                s += 1;
            }
            assert_eq!(got, s, "{} [{i}] from {} cap {max_steps}", c.ctx(), x[i]);
        }
    });
}

#[test]
fn nested_loops_count() {
    each_case("control_flow", "nested_loops_count", &SIZES, |c| {
        let m = c.rng.pick(&[0i32, 1, 2, 7, 13]);
        let mut bo = vec![i32::default(); c.n];
        c.launch().buffer(&mut bo).value(&m).run().unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let i = i as i32;
            let want = (0..m)
                .flat_map(|j| (j..m).map(move |k| (j, k)))
                .filter(|(j, k)| (j * k + i) % 3 == 0)
                .count() as i32;
            assert_eq!(got, want, "{} [{i}] m={m}", c.ctx());
        }
    });
}

#[test]
fn call_chain() {
    each_case("control_flow", "call_chain", &SIZES, |c| {
        let x = c.rng.floats(2 * c.n, -10.0, 10.0);
        let mut out = vec![f32::default(); 2 * c.n];
        c.launch().input(&x).buffer(&mut out).run().unwrap();
        for i in 0..c.n {
            let (v, y) = (x[2 * i], x[2 * i + 1]);
            // x*x and +1 round once each (separate helpers); sqrt within 3 ULP.
            let r = ((v * v + 1.0) as f64).sqrt();
            let (lo, hi) = (out[2 * i], out[2 * i + 1]);
            let other = if lo == y {
                hi
            } else {
                assert_eq!(hi, y, "{} [{i}]: ({lo}, {hi}) lacks {y}", c.ctx());
                lo
            };
            assert!(lo <= hi, "{} [{i}]: ({lo}, {hi})", c.ctx());
            assert!(
                ulps32(other, r) <= 3.0,
                "{} [{i}]: sqrt({v}^2+1) = {r}, got ({lo}, {hi})",
                c.ctx()
            );
        }
    });
}

#[test]
fn stats_rows() {
    each_case("control_flow", "stats_rows", &SIZES, |c| {
        let row_len = c.rng.pick(&[0usize, 1, 6, 31]);
        let rows = c.rng.floats(c.n * row_len, -100.0, 100.0);
        let mut out = vec![f32::default(); 4 * c.n];
        c.launch()
            .input(&rows)
            .buffer(&mut out)
            .value(&(row_len as i32))
            .run()
            .unwrap();
        for r in 0..c.n {
            let row = &rows[r * row_len..(r + 1) * row_len];
            let want = [
                row.iter().fold(0f32, |s, &v| s + v),
                row.iter().fold(f32::INFINITY, |m, &v| m.min(v)),
                row.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v)),
                row.iter().filter(|&&v| v > 0.0).count() as f32,
            ];
            for k in 0..4 {
                assert_same32(out[4 * r + k], want[k], || {
                    format!("{} row {r} (len {row_len}) field {k}", c.ctx())
                });
            }
        }
    });
}

/// Property: `switch_ops` picks the right operation for random ops (valid and not), sizes,
/// group sizes and operands (normals and zeros of any magnitude).
#[test]
fn prop_switch_ops() {
    use proptest::prelude::{any, prop, prop_assert, Strategy};
    let modules = OPT.map(|opt| module(&format!("control_flow-{opt}")));
    let kernels: Vec<_> = modules.iter().map(|m| kernel(m, "switch_ops")).collect();
    let float = || prop::num::f32::NORMAL | prop::num::f32::ZERO;
    let data = (1usize..=600).prop_flat_map(move |n| {
        (
            prop::collection::vec(-3i32..10, n),
            prop::collection::vec(float(), n),
            prop::collection::vec(float(), n),
        )
    });
    let strategy = (0..2usize, data, any::<proptest::sample::Index>());
    prop_runner(24)
        .run(&strategy, |(opt, (op, a, b), group)| {
            let n = op.len();
            let l = *group.get(&divisors(n));
            let k = kernels[opt];
            let mut out = vec![f32::default(); n];
            launch_1d(k, n, l as usize)
                .input(&op)
                .input(&a)
                .input(&b)
                .buffer(&mut out)
                .run()
                .unwrap();
            for (i, got) in out.into_iter().enumerate() {
                prop_assert!(
                    switch_ops_ok(op[i], a[i], b[i], got),
                    "-{} n={n} L={l} [{i}]: op {} on ({:e}, {:e}) = {got:e}",
                    OPT[opt],
                    op[i],
                    a[i],
                    b[i]
                );
            }
            Ok(())
        })
        .unwrap();
}
