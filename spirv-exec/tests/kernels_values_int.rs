//! Value tests of the corpus kernels (`kernels/README.md`), part 3: `conversions`, `integer`,
//! `relational`. Every kernel runs at -O0 and -O2, on several sizes and work-group sizes,
//! with seeded pseudo-random inputs (plus boundary values), against a host reference. All
//! comparisons are exact (bit for bit for reinterpretations and selections).

mod common;

use common::values::*;

/// Floats that probe conversions: boundaries of `int`/`short`/`uchar`, ties, NaN, infinities.
const F2I_EDGES: [f32; 24] = [
    0.0,
    -0.0,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    0.499_999_97,
    255.0,
    255.5,
    256.0,
    -1.0,
    32767.5,
    -32768.5,
    65535.0,
    2_147_483_520.0,
    2_147_483_648.0,
    -2_147_483_648.0,
    -2_147_483_904.0,
    1e20,
    -1e20,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
];

fn f2i_inputs(rng: &mut Rng, n: usize) -> Vec<f32> {
    (0..n)
        .map(|_| match rng.below(5) {
            0 => rng.pick(&F2I_EDGES),
            1 => rng.range_i64(-300, 300) as f32 + rng.pick(&[0.5f32, -0.5, 0.25, 0.75]),
            2 => rng.f32_in(-300.0, 300.0),
            _ => rng.f32_log(-3, 34),
        })
        .collect()
}

/// `convert_<int>_sat<mode>(x)`: rounded with `mode`, clamped to `[lo, hi]`, NaN → 0.
fn sat(x: f32, mode: Round, lo: i64, hi: i64) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let r = round_int(x as f64, mode);
    r.clamp(lo as f64, hi as f64) as i64
}

#[test]
fn convert_f2i() {
    each_case("conversions", "convert_f2i", &SIZES, |c| {
        let x = f2i_inputs(&mut c.rng, c.n);
        let mut bi = vec![i32::default(); 4 * c.n];
        let mut bu = vec![u8::default(); c.n];
        c.launch()
            .input(&x)
            .buffer(&mut bi)
            .buffer(&mut bu)
            .run()
            .unwrap();
        let (oi, ou) = (bi, bu);
        let (lo, hi) = (i32::MIN as i64, i32::MAX as i64);
        for (i, &v) in x.iter().enumerate() {
            for (k, mode) in [Round::Rtz, Round::Rte, Round::Rtn, Round::Rtp]
                .into_iter()
                .enumerate()
            {
                let want = sat(v, mode, lo, hi) as i32;
                assert_eq!(oi[4 * i + k], want, "{} oi[{i}] {mode:?} of {v:e}", c.ctx());
            }
            let want = sat(v, Round::Rtz, 0, 255) as u8;
            assert_eq!(ou[i], want, "{} ou[{i}] of {v:e}", c.ctx());
        }
    });
}

/// `l` rounded toward zero to `f32`, exactly.
fn i64_to_f32_rtz(l: i64) -> f32 {
    let m = l.unsigned_abs();
    let bits = 64 - m.leading_zeros();
    let t = if bits > 24 {
        (m >> (bits - 24)) << (bits - 24)
    } else {
        m
    };
    let f = t as f32; // exact: at most 24 significant bits
    if l < 0 {
        -f
    } else {
        f
    }
}

#[test]
fn convert_i2f() {
    each_case("conversions", "convert_i2f", &SIZES, |c| {
        let a = c.rng.ints(
            c.n,
            &[i32::MIN, i32::MAX, 0, -1, 16_777_217, -16_777_217],
            |b| (b as i32) >> (b >> 59),
        );
        let u = c
            .rng
            .ints(c.n, &[u32::MAX, 0, 16_777_217, 0x8000_0080], |b| b as u32);
        let l = c
            .rng
            .ints(c.n, &[i64::MIN, i64::MAX, 0, -1, (1 << 40) + 1], |b| {
                (b as i64) >> (b >> 58)
            });
        let mut out = vec![f32::default(); 6 * c.n];
        c.launch()
            .input(&a)
            .input(&u)
            .input(&l)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let v = a[i] as f64;
            let want = [
                to_f32(v, Round::Rte),
                to_f32(v, Round::Rtz),
                to_f32(v, Round::Rtp),
                to_f32(v, Round::Rtn),
                to_f32(u[i] as f64, Round::Rte),
                i64_to_f32_rtz(l[i]),
            ];
            for k in 0..6 {
                assert_same32(out[6 * i + k], want[k], || {
                    format!(
                        "{} out[{i}][{k}] of ({}, {}, {})",
                        c.ctx(),
                        a[i],
                        u[i],
                        l[i]
                    )
                });
            }
        }
    });
}

#[test]
fn convert_int_widths() {
    each_case("conversions", "convert_int_widths", &SIZES, |c| {
        let edges = [
            i32::MIN,
            i32::MAX,
            0,
            -1,
            255,
            256,
            -129,
            32767,
            32768,
            -32769,
            21845,
            21846,
        ];
        let a = c.rng.ints(c.n, &edges, |b| (b as i32) >> (b >> 59));
        let mut b8 = vec![i8::default(); c.n];
        let mut bu8 = vec![u8::default(); c.n];
        let mut b16 = vec![i16::default(); c.n];
        let mut b64 = vec![i64::default(); c.n];
        let mut bu64 = vec![u64::default(); c.n];
        let mut bu16 = vec![u16::default(); c.n];
        c.launch()
            .input(&a)
            .buffer(&mut b8)
            .buffer(&mut bu8)
            .buffer(&mut b16)
            .buffer(&mut b64)
            .buffer(&mut bu64)
            .buffer(&mut bu16)
            .run()
            .unwrap();
        let (o8, ou8, o16) = (b8, bu8, b16);
        let (o64, ou64, ou16) = (b64, bu64, bu16);
        for (i, &v) in a.iter().enumerate() {
            let what = |o: &str| format!("{} {o}[{i}] of {v}", c.ctx());
            assert_eq!(o8[i], v as i8, "{}", what("c"));
            assert_eq!(ou8[i], v.clamp(0, 255) as u8, "{}", what("uc"));
            assert_eq!(o16[i], v.clamp(-32768, 32767) as i16, "{}", what("s"));
            assert_eq!(o64[i], v as i64, "{}", what("l"));
            assert_eq!(ou64[i], v as u32 as u64, "{}", what("ul"));
            assert_eq!(
                ou16[i],
                (3 * v as i64).clamp(0, 65535) as u16,
                "{}",
                what("us")
            );
        }
    });
}

#[test]
fn reinterpret_bits() {
    each_case("conversions", "reinterpret_bits", &SIZES, |c| {
        let x: Vec<u32> = (0..c.n).map(|_| c.rng.u32()).collect();
        let n: Vec<i32> = (0..c.n).map(|_| c.rng.i32()).collect();
        let mut bxi = vec![i32::default(); c.n];
        let mut bnf = vec![u32::default(); c.n];
        let mut bytes = vec![[0u8; 4]; c.n];
        let mut h2 = vec![[0i16; 2]; c.n];
        c.launch()
            .input(&x)
            .input(&n)
            .buffer(&mut bxi)
            .buffer(&mut bnf)
            .buffer(&mut bytes)
            .buffer(&mut h2)
            .run()
            .unwrap();
        let (xi, nf) = (bxi, bnf);
        for i in 0..c.n {
            assert_eq!(xi[i], x[i] as i32, "{} xi[{i}]", c.ctx());
            assert_eq!(nf[i], n[i] as u32, "{} nf[{i}] (bits)", c.ctx());
            assert_eq!(bytes[i], n[i].to_le_bytes(), "{} bytes[{i}]", c.ctx());
            let want = [x[i] as u16 as i16, (x[i] >> 16) as u16 as i16];
            assert_eq!(h2[i], want, "{} h2[{i}]", c.ctx());
        }
    });
}

#[test]
fn convert_vec4() {
    each_case("conversions", "convert_vec4", &SIZES, |c| {
        let x = f2i_inputs(&mut c.rng, 4 * c.n);
        let b: Vec<u8> = (0..4 * c.n).map(|_| c.rng.u32() as u8).collect();
        let mut boi = vec![i32::default(); 4 * c.n];
        let mut bos = vec![i16::default(); 4 * c.n];
        let mut bof = vec![f32::default(); 4 * c.n];
        let mut bou = vec![u8::default(); 4 * c.n];
        c.launch()
            .input(&x)
            .input(&b)
            .buffer(&mut boi)
            .buffer(&mut bos)
            .buffer(&mut bof)
            .buffer(&mut bou)
            .run()
            .unwrap();
        let (oi, os) = (boi, bos);
        let (of, ou) = (bof, bou);
        for (j, &v) in x.iter().enumerate() {
            let r = sat(v, Round::Rte, i32::MIN as i64, i32::MAX as i64);
            assert_eq!(oi[j] as i64, r, "{} oi[{j}] of {v:e}", c.ctx());
            let s = sat(v, Round::Rtz, -32768, 32767);
            assert_eq!(os[j] as i64, s, "{} os[{j}] of {v:e}", c.ctx());
            assert_same32(of[j], b[j] as f32, || format!("{} of[{j}]", c.ctx()));
            assert_eq!(
                ou[j] as i64,
                r.clamp(0, 255),
                "{} ou[{j}] of {v:e}",
                c.ctx()
            );
        }
    });
}

/// Runs an integer kernel with three `T` inputs (the last `None` for two) and `k` outputs
/// per item; `want(a, b, c)` gives the `k` outputs.
fn int3<T: bytemuck::Pod + PartialEq + std::fmt::Debug + Default>(
    name: &str,
    k: usize,
    three: bool,
    edges: &[T],
    gen: fn(u64) -> T,
    want: impl Fn(T, T, T) -> Vec<T>,
) {
    each_case("integer", name, &SIZES, |c| {
        let a = c.rng.ints(c.n, edges, gen);
        let b = c.rng.ints(c.n, edges, gen);
        let d = c.rng.ints(c.n, edges, gen);
        let mut out = vec![T::default(); k * c.n];
        let launch = c.launch().input(&a).input(&b);
        let launch = if three { launch.input(&d) } else { launch };
        launch.buffer(&mut out).run().unwrap();
        for i in 0..c.n {
            let z = if three { d[i] } else { T::default() };
            let w = want(a[i], b[i], z);
            assert_eq!(
                &out[k * i..k * i + k],
                &w[..],
                "{} item {i}: a={:?} b={:?} c={:?}",
                c.ctx(),
                a[i],
                b[i],
                z
            );
        }
    });
}

/// Random bits, sometimes shifted right (small magnitudes).
fn bits_i32(b: u64) -> i32 {
    (b as i32) >> ((b >> 59) & 31)
}

fn bits_u32(b: u64) -> u32 {
    (b as u32) >> ((b >> 59) & 31)
}

const I32_EDGES: [i32; 8] = [i32::MIN, i32::MAX, 0, 1, -1, 100, -101, i32::MIN + 1];
const U32_EDGES: [u32; 6] = [u32::MAX, 0, 1, 9, 1001, 0x8000_0000];

#[test]
fn int_builtins_i32() {
    int3(
        "int_builtins_i32",
        18,
        true,
        &I32_EDGES,
        bits_i32,
        |a, b, c| {
            let w = |v: i64| v as i32;
            let mul_hi = ((a as i64 * b as i64) >> 32) as i32;
            vec![
                a.unsigned_abs() as i32,
                a.abs_diff(b) as i32,
                a.saturating_add(b),
                a.saturating_sub(b),
                w((a as i64 + b as i64) >> 1),
                w((a as i64 + b as i64 + 1) >> 1),
                a.leading_zeros() as i32,
                a.count_ones() as i32,
                ((a >> 8).wrapping_mul(b >> 8)).wrapping_add(c),
                (a >> 8).wrapping_mul(b >> 8),
                mul_hi,
                (a as u32).rotate_left(b as u32 % 32) as i32,
                ((a as i16 as i32) << 16) | (b as u16 as i32),
                a.min(b),
                a.max(b),
                mul_hi.wrapping_add(c),
                w((a as i64 * b as i64 + c as i64).clamp(i32::MIN as i64, i32::MAX as i64)),
                a.clamp(-100, 100),
            ]
        },
    );
}

#[test]
fn int_builtins_u32() {
    int3(
        "int_builtins_u32",
        17,
        true,
        &U32_EDGES,
        bits_u32,
        |a, b, c| {
            let (a24, b24) = (a & 0xFF_FFFF, b & 0xFF_FFFF);
            vec![
                a,
                a.abs_diff(b),
                a.saturating_add(b),
                a.saturating_sub(b),
                ((a as u64 + b as u64) >> 1) as u32,
                ((a as u64 + b as u64 + 1) >> 1) as u32,
                a.leading_zeros(),
                a.count_ones(),
                a24.wrapping_mul(b24).wrapping_add(c),
                a24.wrapping_mul(b24),
                ((a as u64 * b as u64) >> 32) as u32,
                a.rotate_left(b % 32),
                ((a & 0xFFFF) << 16) | (b & 0xFFFF),
                a.min(b),
                a.max(b),
                (a as u64 * b as u64 + c as u64).min(u32::MAX as u64) as u32,
                a.clamp(10, 1000),
            ]
        },
    );
}

#[test]
fn int_builtins_small() {
    each_case("integer", "int_builtins_small", &SIZES, |c| {
        let e8 = [i8::MIN, i8::MAX, 0, -1, 1];
        let e16 = [i16::MIN, i16::MAX, 0, -1, 1];
        let a = c.rng.ints(c.n, &e8, |b| b as i8);
        let b = c.rng.ints(c.n, &e8, |b| b as i8);
        let sa = c.rng.ints(c.n, &e16, |b| (b as i16) >> ((b >> 60) & 15));
        let sb = c.rng.ints(c.n, &e16, |b| b as i16);
        let mut b8 = vec![i8::default(); 4 * c.n];
        let mut b16 = vec![i16::default(); 4 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .input(&sa)
            .input(&sb)
            .buffer(&mut b8)
            .buffer(&mut b16)
            .run()
            .unwrap();
        let (o8, o16) = (b8, b16);
        for i in 0..c.n {
            let (x, y, s, t) = (a[i], b[i], sa[i], sb[i]);
            let w8 = [
                x.saturating_add(y),
                x.saturating_sub(y),
                x.unsigned_abs() as i8,
                (x as u8).saturating_add(y as u8) as i8,
            ];
            let w16 = [
                s.saturating_add(t),
                ((x as i16) << 8) | (y as u8 as i16),
                s.count_ones() as i16,
                s.leading_zeros() as i16,
            ];
            let what = format!("{} item {i}: {x} {y} {s} {t}", c.ctx());
            assert_eq!(&o8[4 * i..4 * i + 4], &w8, "{what} o8");
            assert_eq!(&o16[4 * i..4 * i + 4], &w16, "{what} o16");
        }
    });
}

#[test]
fn int_builtins_i64() {
    let edges = [i64::MIN, i64::MAX, 0, 1, -1, i64::MIN + 1];
    let gen = |b: u64| (b as i64) >> ((b >> 58) & 63);
    int3("int_builtins_i64", 6, false, &edges, gen, |a, b, _| {
        vec![
            ((a as i128 * b as i128) >> 64) as i64,
            a.saturating_add(b),
            ((a as i32 as i64) << 32) | (b as u32 as i64),
            a.count_ones() as i64,
            a.leading_zeros() as i64,
            (a as u64).rotate_left((b as u64 % 64) as u32) as i64,
        ]
    });
}

/// Divisors: non-zero, and never -1 for `i32::MIN`.
fn divisors(rng: &mut Rng, a: &[i32]) -> Vec<i32> {
    a.iter()
        .map(|&x| loop {
            let y = match rng.below(3) {
                0 => rng.range_i64(-40, 40) as i32,
                1 => rng.pick(&[i32::MIN, i32::MAX, 1, -1, 31, 32, 33]),
                _ => bits_i32(rng.u64()),
            };
            if y != 0 && !(x == i32::MIN && y == -1) {
                break y;
            }
        })
        .collect()
}

fn div_kernel(name: &str, k: usize, want: impl Fn(i32, i32) -> Vec<i32>) {
    each_case("integer", name, &SIZES, |c| {
        let a = c.rng.ints(c.n, &I32_EDGES, bits_i32);
        let b = divisors(&mut c.rng, &a);
        let mut out = vec![i32::default(); k * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let w = want(a[i], b[i]);
            let what = format!("{} item {i}: a={} b={}", c.ctx(), a[i], b[i]);
            assert_eq!(&out[k * i..k * i + k], &w[..], "{what}");
        }
    });
}

#[test]
fn int_scalar_ops() {
    div_kernel("int_scalar_ops", 11, |x, y| {
        let s = y as u32 & 31;
        vec![
            x / y,
            x >> s,
            ((x as u32) >> s) as i32,
            x.wrapping_shl(s),
            x & y,
            x | y,
            x ^ y,
            !x,
            x.wrapping_neg(),
            (x < y) as i32,
            ((x as u32) / (y as u32)) as i32,
        ]
    });
}

#[test]
fn int_rem_ops() {
    div_kernel("int_rem_ops", 2, |x, y| {
        vec![x % y, ((x as u32) % (y as u32)) as i32]
    });
}

#[test]
fn int4_vec_ops() {
    each_case("integer", "int4_vec_ops", &SIZES, |c| {
        let a = c.rng.ints(4 * c.n, &I32_EDGES, bits_i32);
        let b = c.rng.ints(4 * c.n, &I32_EDGES, bits_i32);
        let mut out = vec![i32::default(); 12 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            for k in 0..4 {
                let (x, y) = (a[4 * i + k], b[4 * i + k]);
                let w = [
                    (x.wrapping_mul(y).wrapping_add(x >> (y as u32 & 31))) ^ x.wrapping_shl(2),
                    -((x > y) as i32),
                    if x > y { x % 7 } else { y / 3 },
                ];
                for (r, w) in w.into_iter().enumerate() {
                    let j = 4 * (3 * i + r) + k;
                    assert_eq!(out[j], w, "{} item {i} out[{r}].{k}: x={x} y={y}", c.ctx());
                }
            }
        }
    });
}

/// Floats for relational tests: specials, and equal pairs now and then.
fn rel_inputs(rng: &mut Rng, n: usize) -> (Vec<f32>, Vec<f32>) {
    let special = [
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::MIN_POSITIVE,
        1e-40,
        -1e-40,
        f32::MAX,
    ];
    let one = |rng: &mut Rng| {
        if rng.chance(0.3) {
            rng.pick(&special)
        } else {
            rng.f32_log(-20, 20)
        }
    };
    let x: Vec<f32> = (0..n).map(|_| one(rng)).collect();
    let y = x
        .iter()
        .map(|&v| if rng.chance(0.2) { v } else { one(rng) })
        .collect();
    (x, y)
}

#[test]
fn relational_f32() {
    each_case("relational", "relational_f32", &SIZES, |c| {
        let (x, y) = rel_inputs(&mut c.rng, c.n);
        let mut out = vec![i32::default(); 11 * c.n];
        c.launch()
            .input(&x)
            .input(&y)
            .buffer(&mut out)
            .run()
            .unwrap();
        for i in 0..c.n {
            let (u, w) = (x[i], y[i]);
            let want = [
                u.is_nan(),
                u.is_infinite(),
                u.is_finite(),
                u.is_sign_negative(),
                u == w,
                u < w,
                u > w,
                !u.is_nan() && !w.is_nan() && u != w,
                !u.is_nan() && !w.is_nan(),
                u.is_nan() || w.is_nan(),
                u.is_normal(),
            ]
            .map(i32::from);
            assert_eq!(
                &out[11 * i..11 * i + 11],
                &want,
                "{} item {i}: {u:e} {w:e}",
                c.ctx()
            );
        }
    });
}

#[test]
fn relational_f4() {
    each_case("relational", "relational_f4", &SIZES, |c| {
        let (x, y) = rel_inputs(&mut c.rng, 4 * c.n);
        let mut bm = vec![i32::default(); 4 * c.n];
        let mut ba = vec![i32::default(); 2 * c.n];
        let mut bs = vec![u32::default(); 8 * c.n];
        c.launch()
            .input(&x)
            .input(&y)
            .buffer(&mut bm)
            .buffer(&mut ba)
            .buffer(&mut bs)
            .run()
            .unwrap();
        let (mask, anyall, sel) = (bm, ba, bs);
        for i in 0..c.n {
            let lanes = 4 * i..4 * i + 4;
            let m: Vec<i32> = lanes.clone().map(|j| -((x[j] < y[j]) as i32)).collect();
            assert_eq!(&mask[lanes.clone()], &m[..], "{} mask[{i}]", c.ctx());
            let any = m.iter().any(|&v| v != 0) as i32;
            let all = m.iter().all(|&v| v != 0) as i32;
            assert_eq!(
                &anyall[2 * i..2 * i + 2],
                &[any, all],
                "{} anyall[{i}]",
                c.ctx()
            );
            for (k, j) in lanes.enumerate() {
                let (xb, yb) = (x[j].to_bits(), y[j].to_bits());
                let pick = if x[j] < y[j] { yb } else { xb };
                assert_eq!(sel[8 * i + k], pick, "{} select[{i}].{k}", c.ctx());
                let bitsel = (xb & 0x7fff_ffff) | (yb & 0x8000_0000);
                assert_eq!(sel[8 * i + 4 + k], bitsel, "{} bitselect[{i}].{k}", c.ctx());
            }
        }
    });
}

#[test]
fn relational_int_select() {
    each_case("relational", "relational_int_select", &SIZES, |c| {
        let a = c.rng.ints(c.n, &I32_EDGES, bits_i32);
        let b: Vec<i32> = a
            .iter()
            .map(|&v| {
                if c.rng.chance(0.2) {
                    v
                } else {
                    bits_i32(c.rng.u64())
                }
            })
            .collect();
        let d = c.rng.ints(c.n, &I32_EDGES, bits_i32);
        let mut bo = vec![i32::default(); 4 * c.n];
        let mut bv = vec![i32::default(); 4 * c.n];
        c.launch()
            .input(&a)
            .input(&b)
            .input(&d)
            .buffer(&mut bo)
            .buffer(&mut bv)
            .run()
            .unwrap();
        let (out, v4) = (bo, bv);
        for i in 0..c.n {
            let (x, y, z) = (a[i], b[i], d[i]);
            let (fx, fy) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
            let want = [
                if z != 0 { y } else { x },
                (x & !z) | (y & z),
                (fx != fy) as i32,
                ((x | y | z) < 0) as i32,
            ];
            let what = format!("{} item {i}: {x} {y} {z}", c.ctx());
            assert_eq!(&out[4 * i..4 * i + 4], &want, "{what}");
            let m = [z, z.wrapping_neg(), z >> 31, i32::MIN];
            let want4 = m.map(|v| if v < 0 { y } else { x });
            assert_eq!(&v4[4 * i..4 * i + 4], &want4, "{what} v4");
        }
    });
}
