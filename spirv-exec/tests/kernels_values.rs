//! Value tests of the corpus kernels (`kernels/README.md`), part 1: `saxpy`, `vadd_int`,
//! `half`, `double`, `float_vec`, `vload`. Every kernel runs at -O0 and -O2, on several sizes
//! and work-group sizes, with seeded pseudo-random inputs, against a host reference.
//!
//! Tolerances: exact where the kernel's operations round once each in a fixed order; for
//! `a*b+c` (which -O2 turns into `mad`, fused or not) either rounding is accepted; a float
//! division gets the OpenCL 1.2 bound of 2.5 ULP, `exp` (double) 3 ULP, half `sqrt` 1 ULP
//! (cl_khr_fp16); sums whose evaluation may be contracted get `k · 2^-p · Σ|terms|` for `k`
//! roundings at precision `p`.

mod common;

use common::values::*;
use common::{kernel, launch_1d, module};
use proptest::prelude::{any, prop, prop_assert, prop_assert_eq, Strategy};
use proptest::sample::Index;

/// `got` is `a*b + c` rounded once (fused) or twice (separately), in `f32`.
fn is_mad32(got: f32, a: f32, b: f32, c: f32) -> bool {
    got == a.mul_add(b, c) || got == a * b + c
}

/// `got` is `a*b + c` in `f64`, fused or not.
fn is_mad64(got: f64, a: f64, b: f64, c: f64) -> bool {
    got == a.mul_add(b, c) || got == a * b + c
}

/// The error bound of `ops` `f32` roundings of intermediates no larger than `Σ|terms|`.
fn bound32(terms: &[f64], ops: u32) -> f64 {
    ops as f64 * 2f64.powi(-24) * terms.iter().map(|t| t.abs()).sum::<f64>() + 2f64.powi(-149)
}

#[test]
fn saxpy() {
    each_case("saxpy", "saxpy", &SIZES, |c| {
        let a = c.rng.f32_in(-4.0, 4.0);
        let x = c.rng.floats(c.n, -100.0, 100.0);
        let y0 = c.rng.floats(c.n, -100.0, 100.0);
        let mut by = y0.to_vec();
        c.launch()
            .value(&a)
            .input(&x)
            .buffer(&mut by)
            .run()
            .unwrap();
        for (i, y) in by.into_iter().enumerate() {
            assert!(
                is_mad32(y, a, x[i], y0[i]),
                "{} [{i}]: {a}*{}+{} = {y}",
                c.ctx(),
                x[i],
                y0[i]
            );
        }
    });
}

macro_rules! vadd_test {
    ($($test:ident: $t:ty;)*) => {$(
        #[test]
        fn $test() {
            let name = stringify!($test);
            each_case("vadd_int", name, &SIZES, |c| {
                let edges = [<$t>::MIN, <$t>::MAX, 0, 1, <$t>::MAX / 2 + 1];
                let a = c.rng.ints(c.n, &edges, |b| b as $t);
                let b = c.rng.ints(c.n, &edges, |b| b as $t);
                let mut got = vec![<$t>::default(); c.n];
                c.launch().input(&a).input(&b).buffer(&mut got).run().unwrap();
                for i in 0..c.n {
                    assert_eq!(got[i], a[i].wrapping_add(b[i]), "{} [{i}]", c.ctx());
                }
            });
        }
    )*};
}

vadd_test! {
    vadd_char: i8;
    vadd_uchar: u8;
    vadd_short: i16;
    vadd_ushort: u16;
    vadd_int: i32;
    vadd_uint: u32;
    vadd_long: i64;
    vadd_ulong: u64;
}

/// Random `half` bits of magnitude in `[2^lo, 2^hi)` (and some ±0, ±1; with `any`, also
/// any bit pattern: subnormals, infinities, NaNs).
fn halves(c: &mut Case<'_>, n: usize, lo: i32, hi: i32, any: bool) -> Vec<u16> {
    (0..n)
        .map(|_| {
            if c.rng.chance(0.1) {
                c.rng.pick(&[0x0000, 0x8000, 0x3c00, 0xbc00])
            } else if any && c.rng.chance(0.2) {
                c.rng.u32() as u16
            } else {
                f2h(c.rng.f32_log(lo, hi) as f64, Round::Rte)
            }
        })
        .collect()
}

/// `got` is the half `a*b + c` rounded once or twice. The product of two halves (22 bits) is
/// exact in `f64`; the `f64` sum is exact too unless one term is below 2^-29 of the other
/// (then it cannot move the other across a half rounding boundary, or the result overflows
/// anyway), so rounding it to half gives the correctly rounded result.
fn is_mad16(got: u16, a: f64, b: f64, c: f64) -> bool {
    let fused = f2h(a * b + c, Round::Rte);
    let separate = f2h(h2f(f2h(a * b, Round::Rte)) + c, Round::Rte);
    // Zeros compare by value (the sign of an exact zero sum may differ between the two).
    let eq =
        |x: u16, y: u16| x == y || (h2f(x) == 0.0 && h2f(y) == 0.0) || (h_is_nan(x) && h_is_nan(y));
    eq(got, fused) || eq(got, separate)
}

#[test]
fn half_scale() {
    each_case("half", "half_scale", &SIZES, |c| {
        let x = halves(c, c.n, -24, 16, true);
        let s = halves(c, 1, -12, 8, false)[0];
        let mut bo = vec![u16::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .value(&s)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            assert!(
                is_mad16(got, h2f(x[i]), h2f(s), 1.0),
                "{} [{i}]: {}*{}+1 = {}",
                c.ctx(),
                h2f(x[i]),
                h2f(s),
                h2f(got)
            );
        }
    });
}

#[test]
fn half_mul_sub() {
    each_case("half", "half_mul_sub", &SIZES, |c| {
        let a = halves(c, c.n, -24, 16, true);
        let b = halves(c, c.n, -24, 16, true);
        let d = halves(c, c.n, -24, 16, true);
        let mut bo = vec![u16::default(); c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .input(&d)
            .buffer(&mut bo)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let (x, y, z) = (h2f(a[i]), h2f(b[i]), h2f(d[i]));
            assert!(
                is_mad16(got, x, y, -z),
                "{} [{i}]: {x}*{y}-{z} = {}",
                c.ctx(),
                h2f(got)
            );
        }
    });
}

#[test]
fn half_convert() {
    each_case("half", "half_convert", &SIZES, |c| {
        // Every kind of half: normals, subnormals, zeros, infinities, NaNs.
        let x: Vec<u16> = (0..c.n).map(|_| c.rng.u32() as u16).collect();
        let mut bf = vec![f32::default(); c.n];
        let mut bb = vec![u16::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bf)
            .buffer(&mut bb)
            .run()
            .unwrap();
        let (f, back) = (bf, bb);
        for i in 0..c.n {
            let v = h2f(x[i]);
            assert_same32(f[i], v as f32, || {
                format!("{} f[{i}] of {:#06x}", c.ctx(), x[i])
            });
            let want = f2h((v as f32 * 0.5) as f64, Round::Rte);
            assert_same16(back[i], want, || format!("{} back[{i}] of {v}", c.ctx()));
        }
    });
}

#[test]
fn half_vec4_math() {
    each_case("half", "half_vec4_math", &SIZES, |c| {
        let a = halves(c, 4 * c.n, -24, 13, false);
        let mut got = vec![u16::default(); 4 * c.n];
        c.launch().input(&a).buffer(&mut got).run().unwrap();
        for i in 0..c.n {
            for k in 0..4 {
                let (v, w) = (h2f(a[4 * i + k]), h2f(a[4 * i + 3 - k]));
                let root = v.abs().sqrt();
                let want = root + 2.0 * w;
                // sqrt within 1 ULP (cl_khr_fp16), then the sum rounded once.
                let tol = ulp16(root) + 0.5 * ulp16(want);
                assert_close(h2f(got[4 * i + k]), want, tol, || {
                    format!("{} [{i}].{k}: sqrt(|{v}|) + 2*{w}", c.ctx())
                });
            }
        }
    });
}

#[test]
fn dbl_axpy() {
    each_case("double", "dbl_axpy", &SIZES, |c| {
        let a = c.rng.unit() * 8.0 - 4.0;
        let x: Vec<f64> = (0..c.n).map(|_| c.rng.unit() * 200.0 - 100.0).collect();
        let y0: Vec<f64> = (0..c.n).map(|_| c.rng.unit() * 200.0 - 100.0).collect();
        let mut by = y0.to_vec();
        c.launch()
            .value(&a)
            .input(&x)
            .buffer(&mut by)
            .run()
            .unwrap();
        for (i, y) in by.into_iter().enumerate() {
            assert!(
                is_mad64(y, a, x[i], y0[i]),
                "{} [{i}]: {a}*{}+{} = {y}",
                c.ctx(),
                x[i],
                y0[i]
            );
        }
    });
}

#[test]
fn dbl_math() {
    each_case("double", "dbl_math", &SIZES, |c| {
        let x: Vec<f64> = (0..c.n)
            .map(|_| match c.rng.below(4) {
                0 => c.rng.unit() * 4.0 - 2.0,
                1 => c.rng.unit() * 2e6 - 1e6,
                2 => c.rng.range_i64(-50, 50) as f64 + c.rng.pick(&[0.0, 0.5, -0.25]),
                _ => c.rng.unit() * 60.0 - 30.0,
            })
            .collect();
        let mut bo = vec![f64::default(); c.n];
        let mut bl = vec![i64::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bo)
            .buffer(&mut bl)
            .run()
            .unwrap();
        let (out, lo) = (bo, bl);
        for i in 0..c.n {
            let v = x[i];
            let terms = [v.abs().sqrt(), (-v * v).exp(), v as f32 as f64, -v.floor()];
            let want: f64 = terms.iter().sum();
            // exp within 3 ULP, sqrt exact, three additions.
            let tol = 3.0 * ulp64(terms[1])
                + 3.0 * 2f64.powi(-53) * terms.iter().map(|t| t.abs()).sum::<f64>();
            assert_close(out[i], want, tol, || format!("{} out[{i}] x={v}", c.ctx()));
            assert_eq!(lo[i], (v * 1000.0) as i64, "{} lo[{i}] x={v}", c.ctx());
        }
    });
}

#[test]
fn dbl_dot4() {
    each_case("double", "dbl_dot4", &SIZES, |c| {
        let a: Vec<f64> = (0..4 * c.n).map(|_| c.rng.unit() * 20.0 - 10.0).collect();
        let b: Vec<f64> = (0..4 * c.n).map(|_| c.rng.unit() * 20.0 - 10.0).collect();
        let mut bo = vec![f64::default(); c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut bo)
            .run()
            .unwrap();
        for (i, got) in bo.into_iter().enumerate() {
            let r = 4 * i..4 * i + 4;
            let want: f64 = a[r.clone()]
                .iter()
                .zip(&b[r.clone()])
                .map(|(x, y)| x * y)
                .sum();
            // OpenCL: dot within max² · (2n - 1) · DBL_EPSILON (n = 4).
            let max = a[r.clone()]
                .iter()
                .chain(&b[r])
                .fold(0f64, |m, v| m.max(v.abs()));
            let tol = max * max * 7.0 * f64::EPSILON;
            assert_close(got, want, tol, || format!("{} [{i}]", c.ctx()));
        }
    });
}

/// Runs a `float_vec`/`vload` kernel with two `k`-float inputs per item and one output of
/// `k` floats per item; `check(a, b, got, i)` checks item `i`.
fn binary_vec(
    name: &str,
    k: usize,
    lo: f32,
    hi: f32,
    check: impl Fn(&[f32], &[f32], &[f32], &dyn Fn() -> String),
) {
    each_case("float_vec", name, &SIZES, |c| {
        let a = c.rng.floats(k * c.n, lo, hi);
        let b = c.rng.floats(k * c.n, lo, hi);
        let mut out = vec![f32::default(); k * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let r = k * i..k * i + k;
            let ctx = || format!("{} item {i}", c.ctx());
            check(&a[r.clone()], &b[r.clone()], &out[r], &ctx);
        }
    });
}

#[test]
fn vec_f2_arith() {
    binary_vec("vec_f2_arith", 2, -10.0, 10.0, |a, b, o, ctx| {
        for k in 0..2 {
            let (x, y, s) = (a[k] as f64, b[k] as f64, a[1 - k] as f64);
            let terms = [x * y, s, -0.5 * y];
            let want: f64 = terms.iter().sum();
            assert_close(o[k] as f64, want, bound32(&terms, 3), || {
                format!("{} lane {k}", ctx())
            });
        }
    });
}

#[test]
fn vec_f3_arith() {
    binary_vec("vec_f3_arith", 3, -10.0, 10.0, |a, b, o, ctx| {
        let (a, b) = (a.map_f64(), b.map_f64());
        let lanes = [
            vec![a[2] * b[0], 1.0, -a[1]],
            vec![a[0] * b[1], 2.0],
            vec![a[1] * b[2], 3.0],
        ];
        for (k, terms) in lanes.iter().enumerate() {
            let want: f64 = terms.iter().sum();
            assert_close(o[k] as f64, want, bound32(terms, 3), || {
                format!("{} lane {k}", ctx())
            });
        }
    });
}

trait MapF64 {
    fn map_f64(&self) -> Vec<f64>;
}

impl MapF64 for [f32] {
    fn map_f64(&self) -> Vec<f64> {
        self.iter().map(|&v| v as f64).collect()
    }
}

#[test]
fn vec_f4_swizzle() {
    each_case("float_vec", "vec_f4_swizzle", &SIZES, |c| {
        let v = c.rng.floats(4 * c.n, -1e3, 1e3);
        let mut out = vec![f32::default(); 4 * c.n];
        c.launch().input(&v).buffer(&mut out).run().unwrap();
        for i in 0..c.n {
            let v = &v[4 * i..4 * i + 4];
            let want = [
                v[1] + v[3],
                2.0 * v[0] + v[2],
                v[3] + v[1],
                2.0 * v[2] + v[0],
            ];
            for k in 0..4 {
                assert_same32(out[4 * i + k], want[k], || format!("{} [{i}].{k}", c.ctx()));
            }
        }
    });
}

#[test]
fn vec_f8_arith() {
    binary_vec("vec_f8_arith", 8, -100.0, 100.0, |a, b, o, ctx| {
        for k in 0..4 {
            assert_same32(o[k], a[4 + k] * b[k], || format!("{} lane {k}", ctx()));
            let want = a[2 * k] + b[2 * k + 1];
            assert_same32(o[4 + k], want, || format!("{} lane {}", ctx(), 4 + k));
        }
    });
}

#[test]
fn vec_f16_arith() {
    binary_vec("vec_f16_arith", 16, -100.0, 100.0, |a, b, o, ctx| {
        for k in 0..16 {
            let r = if k < 4 { b[15 - k] } else { 2.0 * a[k] - b[k] };
            let d = 1.0 + a[k].abs();
            // Single-precision division: 2.5 ULP (OpenCL 1.2).
            assert_ulps32(o[k], r as f64 / d as f64, 2.5, || {
                format!("{} lane {k}", ctx())
            });
        }
    });
}

#[test]
fn vec_shuffle() {
    each_case("float_vec", "vec_shuffle", &SIZES, |c| {
        let a = c.rng.floats(4 * c.n, -100.0, 100.0);
        let b = c.rng.floats(4 * c.n, -100.0, 100.0);
        let m: Vec<u32> = (0..4 * c.n).map(|_| c.rng.u32()).collect();
        let mut out = vec![f32::default(); 4 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .input(&m)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let (a, b) = (&a[4 * i..4 * i + 4], &b[4 * i..4 * i + 4]);
            let ab: Vec<f32> = a.iter().chain(b).copied().collect();
            for k in 0..4 {
                let mk = m[4 * i + k];
                let want = a[(mk & 3) as usize] + ab[((mk >> 8) & 7) as usize];
                assert_same32(out[4 * i + k], want, || {
                    format!("{} [{i}].{k} mask {mk:#x}", c.ctx())
                });
            }
        }
    });
}

/// Runs a `vload` kernel with one input of `kin` floats and an output of `kout` floats per
/// item (`extra` more input floats); `want(input, j)` is output float `j`.
fn vload_f32(
    name: &str,
    kin: usize,
    extra: usize,
    kout: usize,
    want: impl Fn(&[f32], usize) -> f32,
) {
    each_case("vload", name, &SIZES, |c| {
        let x = c.rng.floats(kin * c.n + extra, -1e4, 1e4);
        let mut bo = vec![f32::default(); kout * c.n];
        c.launch().input(&x).buffer(&mut bo).run().unwrap();
        for (j, got) in bo.into_iter().enumerate() {
            assert_same32(got, want(&x, j), || format!("{} out[{j}]", c.ctx()));
        }
    });
}

#[test]
fn vls_vec2() {
    vload_f32("vls_vec2", 2, 0, 2, |x, j| 2.0 * x[j]);
}

#[test]
fn vls_vec3() {
    vload_f32("vls_vec3", 3, 0, 3, |x, j| {
        x[j - j % 3 + [2, 0, 1][j % 3]] + 1.0
    });
}

#[test]
fn vls_window4() {
    vload_f32("vls_window4", 1, 3, 1, |x, j| {
        x[j] + x[j + 1] + x[j + 2] + x[j + 3]
    });
}

#[test]
fn vls_vec8_16() {
    each_case("vload", "vls_vec8_16", &SIZES, |c| {
        let a = c.rng.floats(8 * c.n, -1e4, 1e4);
        let b = c.rng.floats(16 * c.n, -1e4, 1e4);
        let mut bo = vec![f32::default(); 16 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut bo)
            .run()
            .unwrap();
        for (j, got) in bo.into_iter().enumerate() {
            let want = b[j] + a[8 * (j / 16) + (j & 7)];
            assert_same32(got, want, || format!("{} out16[{j}]", c.ctx()));
        }
    });
}

#[test]
fn vls_half() {
    each_case("vload", "vls_half", &SIZES, |c| {
        let h: Vec<u16> = (0..c.n).map(|_| c.rng.u32() as u16).collect();
        let mut bf = vec![f32::default(); c.n];
        let mut b3 = vec![u16::default(); c.n];
        let mut bz = vec![u16::default(); c.n];
        c.launch()
            .input(&h)
            .buffer(&mut bf)
            .buffer(&mut b3)
            .buffer(&mut bz)
            .run()
            .unwrap();
        let (f, h3, hz) = (bf, b3, bz);
        for i in 0..c.n {
            let v = h2f(h[i]);
            let what = |o: &str| format!("{} {o}[{i}] of {:#06x} ({v})", c.ctx(), h[i]);
            assert_same32(f[i], v as f32, || what("f"));
            assert_same16(h3[i], f2h(3.0 * v, Round::Rte), || what("h3"));
            assert_same16(hz[i], f2h(3.0 * v, Round::Rtz), || what("hz"));
        }
    });
}

#[test]
fn vls_half4() {
    each_case("vload", "vls_half4", &SIZES, |c| {
        let h: Vec<u16> = (0..4 * c.n).map(|_| c.rng.u32() as u16).collect();
        let mut bo = vec![u16::default(); 4 * c.n];
        c.launch().input(&h).buffer(&mut bo).run().unwrap();
        for (j, got) in bo.into_iter().enumerate() {
            // The sum is rounded to float first, then to half.
            let sum = h2f(h[j]) as f32 + 0.25;
            assert_same16(got, f2h(sum as f64, Round::Rte), || {
                format!("{} out[{j}] of {:#06x}", c.ctx(), h[j])
            });
        }
    });
}

/// Property: every `vadd_*` kernel wraps like the host, for random sizes, group sizes,
/// optimisation levels and inputs.
#[test]
fn prop_vadd_every_type() {
    let names = [
        "vadd_char",
        "vadd_uchar",
        "vadd_short",
        "vadd_ushort",
        "vadd_int",
        "vadd_uint",
        "vadd_long",
        "vadd_ulong",
    ];
    let modules = OPT.map(|opt| module(&format!("vadd_int-{opt}")));
    let kernels: Vec<Vec<_>> = modules
        .iter()
        .map(|m| names.iter().map(|name| kernel(m, name)).collect())
        .collect();
    let strategy = (0..2usize, 1usize..=600, any::<Index>(), any::<u64>());
    prop_runner(24)
        .run(&strategy, |(opt, n, group, seed)| {
            let l = *group.get(&divisors(n));
            let mut rng = Rng::new(seed);
            let ks = &kernels[opt];
            macro_rules! check {
                ($k:expr, $t:ty) => {{
                    let edges = [<$t>::MIN, <$t>::MAX, 0, 1];
                    let a = rng.ints(n, &edges, |b| b as $t);
                    let b = rng.ints(n, &edges, |b| b as $t);
                    let mut sum = vec![<$t>::default(); n];
                    launch_1d($k, n, l as usize)
                        .input(&a)
                        .input(&b)
                        .buffer(&mut sum)
                        .run()
                        .unwrap();
                    let want: Vec<$t> = a.iter().zip(&b).map(|(x, y)| x.wrapping_add(*y)).collect();
                    prop_assert_eq!(
                        sum,
                        want,
                        "{} -{} n={} L={}",
                        stringify!($t),
                        OPT[opt],
                        n,
                        l
                    );
                }};
            }
            check!(ks[0], i8);
            check!(ks[1], u8);
            check!(ks[2], i16);
            check!(ks[3], u16);
            check!(ks[4], i32);
            check!(ks[5], u32);
            check!(ks[6], i64);
            check!(ks[7], u64);
            Ok(())
        })
        .unwrap();
}

/// Property: `saxpy` is `a*x + y`, fused or not, for random sizes, group sizes and inputs.
#[test]
fn prop_saxpy() {
    let modules = OPT.map(|opt| module(&format!("saxpy-{opt}")));
    let kernels: Vec<_> = modules.iter().map(|m| kernel(m, "saxpy")).collect();
    let data = (1usize..=600).prop_flat_map(|n| {
        let v = || prop::collection::vec(-1e4f32..1e4, n);
        (v(), v())
    });
    let strategy = (0..2usize, data, -8f32..8.0, any::<Index>());
    prop_runner(24)
        .run(&strategy, |(opt, (x, y0), a, group)| {
            let n = x.len();
            let l = *group.get(&divisors(n));
            let k = kernels[opt];
            let mut y = y0.clone();
            launch_1d(k, n, l as usize)
                .value(&a)
                .input(&x)
                .buffer(&mut y)
                .run()
                .unwrap();
            for (i, y) in y.into_iter().enumerate() {
                prop_assert!(
                    is_mad32(y, a, x[i], y0[i]),
                    "-{} n={n} L={l} [{i}]: {a}*{}+{} = {y}",
                    OPT[opt],
                    x[i],
                    y0[i]
                );
            }
            Ok(())
        })
        .unwrap();
}
