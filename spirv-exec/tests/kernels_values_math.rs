//! Value tests of the corpus kernels (`kernels/README.md`), part 4: `math`, `common`,
//! `geometric`. Every kernel runs at -O0 and -O2, on several sizes and work-group sizes,
//! with seeded pseudo-random inputs, against an `f64` host reference.
//!
//! Tolerances are the OpenCL 1.2 single-precision bounds (Table 7.1, in ULPs of the result):
//! sin cos asin acos sinh cosh sincos 4, tan atan tanh 5, atan2 6, exp exp2 exp10 log log2
//! log10 sqrt 3, cbrt rsqrt degrees radians 2, hypot 4, pow pown 16, exact for the rounding
//! functions, fabs, fmin, fmax, fmod, fma, ldexp, copysign, fdim, frexp, modf, fract, ilogb,
//! clamp, step, sign; `mad` either fused or not; `native_*`/`half_*` 1e-3 relative (their
//! accuracy is implementation-defined; `half_rsqrt` is 8192 ULP ≈ 2^-10). Geometric functions
//! (1.2 gives no bounds) use the OpenCL 3.0 ones: `dot` `max² · (2n-1) · FLT_EPSILON`,
//! `cross` `max² · 3 · FLT_EPSILON`, `length` `0.25 + 0.5n` ULP, `distance` `2.5 + 2n` ULP,
//! `normalize` `2 + n` ULP, `fast_*` 8192 ULP. `mix`/`smoothstep` (unspecified) get a bound
//! of the rounding errors of their defining formula.

mod common;

use common::values::*;

/// The OpenCL 1.2 bounds, in ULPs.
const SIN: f64 = 4.0;
const TAN: f64 = 5.0;
const EXP: f64 = 3.0;
const POW: f64 = 16.0;
const EPS: f64 = f32::EPSILON as f64;

type UnaryRef = (&'static str, fn(f64) -> f64, f64);

#[test]
fn math_unary_f32() {
    let fs: [UnaryRef; 16] = [
        ("sin", f64::sin, SIN),
        ("cos", f64::cos, SIN),
        ("tan", f64::tan, TAN),
        ("asin", f64::asin, SIN),
        ("acos", f64::acos, SIN),
        ("atan", f64::atan, TAN),
        ("sinh", f64::sinh, SIN),
        ("cosh", f64::cosh, SIN),
        ("tanh", f64::tanh, TAN),
        ("exp", f64::exp, EXP),
        ("exp2", f64::exp2, EXP),
        ("exp10", |x| 10f64.powf(x), EXP),
        ("log", f64::ln, EXP),
        ("log2", f64::log2, EXP),
        ("log10", f64::log10, EXP),
        ("sqrt", f64::sqrt, EXP),
    ];
    each_case("math", "math_unary_f32", &SIZES, |c| {
        // x in (0, 1]: uniform, log-uniform down to 2^-30, and 1.
        let x: Vec<f32> = (0..c.n)
            .map(|_| match c.rng.below(3) {
                0 => 1.0 - c.rng.f32_in(0.0, 1.0),
                1 => c.rng.f32_log(-30, 0).abs(),
                _ => c.rng.pick(&[1.0, 0.5, f32::MIN_POSITIVE, 1e-10]),
            })
            .collect();
        let mut out = vec![f32::default(); 16 * c.n];
        c.launch().input(&x).buffer(&mut out).run().unwrap();
        for (i, &v) in x.iter().enumerate() {
            for (k, (name, f, ulps)) in fs.iter().enumerate() {
                assert_ulps32(out[16 * i + k], f(v as f64), *ulps, || {
                    format!("{} [{i}] {name}({v:e})", c.ctx())
                });
            }
        }
    });
}

#[test]
fn math_round_f32() {
    each_case("math", "math_round_f32", &SIZES, |c| {
        let x: Vec<f32> = (0..c.n)
            .map(|_| match c.rng.below(4) {
                0 => c.rng.range_i64(-20, 20) as f32 + c.rng.pick(&[0.5f32, -0.5, 0.25, 0.0]),
                1 => c.rng.f32_log(-30, 30),
                2 => c
                    .rng
                    .pick(&[0.5, -0.5, 1.5, 2.5, -2.5, 8_388_609.0, 1e-40, -1e-40]),
                _ => c.rng.f32_in(-10.0, 10.0),
            })
            .collect();
        let mut out = vec![f32::default(); 8 * c.n];
        c.launch().input(&x).buffer(&mut out).run().unwrap();
        for (i, &v) in x.iter().enumerate() {
            let o = &out[8 * i..8 * i + 8];
            let exact = [
                v.floor(),
                v.ceil(),
                v.round(),
                v.trunc(),
                v.round_ties_even(),
                v.abs(),
            ];
            let names = ["floor", "ceil", "round", "trunc", "rint", "fabs"];
            for k in 0..6 {
                assert_same32(o[k], exact[k], || {
                    format!("{} [{i}] {}({v:e})", c.ctx(), names[k])
                });
            }
            let w = v as f64;
            assert_ulps32(o[6], w.cbrt(), 2.0, || {
                format!("{} [{i}] cbrt({v:e})", c.ctx())
            });
            let rs = 1.0 / w.abs().sqrt();
            assert_ulps32(o[7], rs, 2.0, || format!("{} [{i}] rsqrt({v:e})", c.ctx()));
        }
    });
}

#[test]
fn math_binary_f32() {
    each_case("math", "math_binary_f32", &SIZES, |c| {
        let x: Vec<f32> = (0..c.n).map(|_| c.rng.f32_log(-7, 7).abs()).collect();
        let y: Vec<f32> = (0..c.n).map(|_| c.rng.f32_log(-7, 2)).collect();
        let e: Vec<i32> = (0..c.n).map(|_| c.rng.range_i64(-8, 8) as i32).collect();
        let mut out = vec![f32::default(); 12 * c.n];
        c.launch()
            .input(&x)
            .input(&y)
            .input(&e)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let (a, b, n) = (x[i], y[i], e[i]);
            let (wa, wb) = (a as f64, b as f64);
            let o = &out[12 * i..12 * i + 12];
            let what = |f: &str| format!("{} [{i}] {f}({a:e}, {b:e}, {n})", c.ctx());
            assert_ulps32(o[0], wa.powf(wb), POW, || what("pow"));
            assert_ulps32(o[1], wa.hypot(wb), 4.0, || what("hypot"));
            assert_ulps32(o[2], wb.atan2(wa), 6.0, || what("atan2"));
            assert_same32(o[3], a % b, || what("fmod"));
            assert_same32(o[4], a.min(b), || what("fmin"));
            assert_same32(o[5], a.max(b), || what("fmax"));
            assert_same32(o[6], a.mul_add(b, 0.5), || what("fma"));
            assert!(
                o[7] == a.mul_add(b, 0.5) || o[7] == a * b + 0.5,
                "{}: {}",
                what("mad"),
                o[7]
            );
            assert_same32(o[8], (wa * 2f64.powi(n)) as f32, || what("ldexp"));
            assert_ulps32(o[9], wa.powi(n), POW, || what("pown"));
            assert_same32(o[10], a.copysign(b), || what("copysign"));
            assert_same32(o[11], if a > b { a - b } else { 0.0 }, || what("fdim"));
        }
    });
}

/// `frexp` of a finite `f32`: mantissa in `[0.5, 1)` (or 0) and exponent.
fn frexp(x: f32) -> (f32, i32) {
    if x == 0.0 {
        return (x, 0);
    }
    let w = x.abs() as f64;
    let mut e = w.log2().floor() as i32 + 1;
    if w / 2f64.powi(e) >= 1.0 {
        e += 1;
    } else if w / 2f64.powi(e) < 0.5 {
        e -= 1;
    }
    ((x as f64 / 2f64.powi(e)) as f32, e)
}

#[test]
fn math_ptr_out_f32() {
    each_case("math", "math_ptr_out_f32", &SIZES, |c| {
        let x: Vec<f32> = (0..c.n)
            .map(|_| match c.rng.below(4) {
                0 => c.rng.f32_log(-140, 40),
                1 => c.rng.range_i64(-20, 20) as f32 + c.rng.pick(&[0.5f32, 0.0, -1e-7]),
                2 => c
                    .rng
                    .pick(&[0.0, -0.0, 1.0, -1.0, 1e-45, -3e-39, 1e30, -1e-10]),
                _ => c.rng.f32_in(-10.0, 10.0),
            })
            .collect();
        let mut bf = vec![f32::default(); 6 * c.n];
        let mut be = vec![i32::default(); 2 * c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bf)
            .buffer(&mut be)
            .run()
            .unwrap();
        let (f, e) = (bf, be);
        for (i, &v) in x.iter().enumerate() {
            let what = |name: &str| format!("{} [{i}] {name}({v:e})", c.ctx());
            let (m, ex) = frexp(v);
            assert_same32(f[6 * i], m, || what("frexp"));
            assert_eq!(e[2 * i], ex, "{}", what("frexp exponent"));
            let ip = v.trunc();
            let frac = if v.is_infinite() { 0.0 } else { v - ip }.copysign(v);
            assert_same32(f[6 * i + 1], frac, || what("modf"));
            assert_same32(f[6 * i + 2], ip, || what("modf integral part"));
            assert_ulps32(f[6 * i + 3], (v as f64).sin(), SIN, || what("sincos sin"));
            assert_ulps32(f[6 * i + 4], (v as f64).cos(), SIN, || what("sincos cos"));
            let fr = (v - v.floor()).min(f32::from_bits(0x3f7f_ffff));
            assert!(
                same32(f[6 * i + 5], fr),
                "{}: {} vs {fr}",
                what("fract"),
                f[6 * i + 5]
            );
            let ilogb = if v == 0.0 { i32::MIN } else { frexp(v).1 - 1 };
            assert_eq!(e[2 * i + 1], ilogb, "{}", what("ilogb"));
        }
    });
}

#[test]
fn math_vec4_f32() {
    each_case("math", "math_vec4_f32", &SIZES, |c| {
        let x = c.rng.floats(4 * c.n, 0.0, 10.0);
        let mut bo = vec![f32::default(); 4 * c.n];
        c.launch().input(&x).buffer(&mut bo).run().unwrap();
        for (j, got) in bo.into_iter().enumerate() {
            let v = x[j] as f64;
            let (s, ex) = (v.sin(), (-v).exp());
            let want = s * ex + v * v + (v * v + 1.0);
            // sin 4 ULP, exp 3 ULP, pow 16 ULP, fma exact, then a product and two sums.
            let tol = (SIN + EXP + 1.0) * ulp32(s * ex)
                + POW * ulp32(v * v)
                + 2.0 * ulp32(want)
                + 2.0 * EPS * (v * v + 1.0);
            assert_close(got as f64, want, tol, || format!("{} [{j}] x={v}", c.ctx()));
        }
    });
}

#[test]
fn math_native_f32() {
    each_case("math", "math_native_f32", &SIZES, |c| {
        let x = c.rng.floats(c.n, 0.1, 10.0);
        let mut out = vec![f32::default(); 8 * c.n];
        c.launch().input(&x).buffer(&mut out).run().unwrap();
        for (i, &v) in x.iter().enumerate() {
            let w = v as f64;
            let want = [
                w.sin(),
                w.cos(),
                w.exp(),
                w.ln(),
                w.sqrt(),
                1.0 / w,
                w / 3.0,
                1.0 / w.sqrt(),
            ];
            for (k, &r) in want.iter().enumerate() {
                // sin and cos: relative to their range (they cross zero).
                let scale = if k < 2 { 1.0 } else { r.abs() };
                assert_close(out[8 * i + k] as f64, r, 1e-3 * scale, || {
                    format!("{} [{i}] #{k}({v})", c.ctx())
                });
            }
        }
    });
}

#[test]
fn common_f32() {
    each_case("common", "common_f32", &SIZES, |c| {
        let x: Vec<f32> = (0..c.n)
            .map(|_| {
                if c.rng.chance(0.1) {
                    c.rng.pick(&[0.0, -0.0, 0.5, -0.5, 1.0, -1.0])
                } else {
                    c.rng.f32_in(-4.0, 4.0)
                }
            })
            .collect();
        let y = c.rng.floats(c.n, -4.0, 4.0);
        let a = c.rng.floats(c.n, 0.0, 1.0);
        let mut out = vec![f32::default(); 8 * c.n];
        c.launch()
            .input(&x)
            .input(&y)
            .input(&a)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let (u, w, t) = (x[i], y[i], a[i]);
            let o = &out[8 * i..8 * i + 8];
            let what = |f: &str| format!("{} [{i}] {f} of ({u:e}, {w:e}, {t:e})", c.ctx());
            assert_same32(o[0], u.clamp(-0.5, 0.5), || what("clamp"));
            let (wu, ww, wt) = (u as f64, w as f64, t as f64);
            // mix = x + (y - x)*a: three roundings.
            let mix_tol = 3.0 * EPS / 2.0 * (wu.abs() + (ww - wu).abs() * wt);
            assert_close(o[1] as f64, wu + (ww - wu) * wt, mix_tol, || what("mix"));
            assert_same32(o[2], if u < w { 0.0 } else { 1.0 }, || what("step"));
            let s = ((wu + 1.0) / 2.0).clamp(0.0, 1.0);
            let smooth = s * s * (3.0 - 2.0 * s);
            assert_close(o[3] as f64, smooth, 8.0 * EPS, || what("smoothstep"));
            let sign = if u > 0.0 {
                1.0
            } else if u < 0.0 {
                -1.0
            } else {
                u
            };
            assert_same32(o[4], sign, || what("sign"));
            assert_ulps32(o[5], wu.to_degrees(), 2.0, || what("degrees"));
            assert_ulps32(o[6], wu.to_radians(), 2.0, || what("radians"));
            assert_same32(o[7], u.max(w).min(w + 1.0), || what("clamp(x, y, y+1)"));
        }
    });
}

#[test]
fn common_f4() {
    each_case("common", "common_f4", &SIZES, |c| {
        let x = c.rng.floats(4 * c.n, -2.0, 2.0);
        let y = c.rng.floats(4 * c.n, -2.0, 2.0);
        let mut out = vec![f32::default(); 8 * c.n];
        c.launch()
            .input(&x)
            .input(&y)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            for k in 0..4 {
                let j = 4 * i + k;
                let (u, w) = (x[j], y[j]);
                let (wu, ww) = (u as f64, w as f64);
                let mix = wu + (ww - wu) * 0.25;
                let t = wu.clamp(0.0, 1.0);
                let want = t + mix + t * t * (3.0 - 2.0 * t);
                // clamp exact, mix 2 roundings, smoothstep 8 EPS, two sums.
                let tol = EPS * ((wu.abs() + (ww - wu).abs() / 4.0) + 8.0 + (2.0 + mix.abs()));
                assert_close(out[8 * i + k] as f64, want, tol, || {
                    format!("{} [{i}].{k} first of ({u}, {w})", c.ctx())
                });
                let second = (if u < 0.5 { 0.0 } else { 1.0 } + u.max(w)) - u.min(0.25);
                assert_same32(out[8 * i + 4 + k], second, || {
                    format!("{} [{i}].{k} second of ({u}, {w})", c.ctx())
                });
            }
        }
    });
}

fn dot(a: &[f32], b: &[f32]) -> f64 {
    a.iter().zip(b).map(|(&x, &y)| x as f64 * y as f64).sum()
}

fn cross(a: &[f32], b: &[f32]) -> [f64; 3] {
    let (a, b) = (
        a.iter().map(|&v| v as f64).collect::<Vec<_>>(),
        b.iter().map(|&v| v as f64).collect::<Vec<_>>(),
    );
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn max_abs(a: &[f32], b: &[f32]) -> f64 {
    a.iter().chain(b).fold(0f64, |m, &v| m.max(v.abs() as f64))
}

#[test]
fn geometric_f4() {
    each_case("geometric", "geometric_f4", &SIZES, |c| {
        let a = c.rng.floats(4 * c.n, -10.0, 10.0);
        let b = c.rng.floats(4 * c.n, -10.0, 10.0);
        let mut bf = vec![f32::default(); 3 * c.n];
        let mut bv = vec![f32::default(); 8 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut bf)
            .buffer(&mut bv)
            .run()
            .unwrap();
        let (f, v) = (bf, bv);
        for i in 0..c.n {
            let (x, y) = (&a[4 * i..4 * i + 4], &b[4 * i..4 * i + 4]);
            let what = |f: &str| format!("{} [{i}] {f}", c.ctx());
            let max = max_abs(x, y);
            assert_close(f[3 * i] as f64, dot(x, y), max * max * 7.0 * EPS, || {
                what("dot")
            });
            let len = dot(x, x).sqrt();
            assert_ulps32(f[3 * i + 1], len, 0.25 + 0.5 * 4.0, || what("length"));
            let d: Vec<f64> = (0..4).map(|k| x[k] as f64 - y[k] as f64).collect();
            let dist = d.iter().map(|v| v * v).sum::<f64>().sqrt();
            assert_ulps32(f[3 * i + 2], dist, 2.5 + 2.0 * 4.0, || what("distance"));
            for k in 0..4 {
                let want = x[k] as f64 / len;
                assert_ulps32(v[8 * i + k], want, 2.0 + 4.0, || {
                    what(&format!("normalize.{k}"))
                });
            }
            let cr = cross(&x[..3], &y[..3]);
            for k in 0..3 {
                assert_close(
                    v[8 * i + 4 + k] as f64,
                    cr[k],
                    max * max * 3.0 * EPS,
                    || what(&format!("cross.{k}")),
                );
            }
            assert_same32(v[8 * i + 7], 0.0, || what("cross.w"));
        }
    });
}

#[test]
fn geometric_f3() {
    each_case("geometric", "geometric_f3", &SIZES, |c| {
        let a = c.rng.floats(3 * c.n, -10.0, 10.0);
        let b = c.rng.floats(3 * c.n, -10.0, 10.0);
        let mut out = vec![f32::default(); 11 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let (x, y) = (&a[3 * i..3 * i + 3], &b[3 * i..3 * i + 3]);
            let o = &out[11 * i..11 * i + 11];
            let what = |f: &str| format!("{} [{i}] {f}", c.ctx());
            let max = max_abs(x, y);
            let cr = cross(x, y);
            for k in 0..3 {
                assert_close(o[k] as f64, cr[k], max * max * 3.0 * EPS, || {
                    what(&format!("cross.{k}"))
                });
            }
            let len = dot(x, x).sqrt();
            for k in 0..3 {
                let want = x[k] as f64 / len;
                assert_ulps32(o[3 + k], want, 2.0 + 3.0, || {
                    what(&format!("normalize.{k}"))
                });
            }
            assert_close(o[6] as f64, dot(x, y), max * max * 5.0 * EPS, || {
                what("dot")
            });
            assert_ulps32(o[7], len, 8192.0, || what("fast_length"));
            let d: Vec<f64> = (0..3).map(|k| x[k] as f64 - y[k] as f64).collect();
            let dist = d.iter().map(|v| v * v).sum::<f64>().sqrt();
            assert_ulps32(o[8], dist, 8192.0, || what("fast_distance"));
            let len2 = dot(&x[..2], &x[..2]).sqrt();
            assert_ulps32(o[9], len2, 0.25 + 0.5 * 2.0, || what("length(xy)"));
            assert_same32(o[10], x[0] * y[0], || what("dot(x, y) scalar"));
        }
    });
}
