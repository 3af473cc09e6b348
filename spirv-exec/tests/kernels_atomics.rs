//! Atomic kernels of the corpus (`kernels/`): histograms and every OpenCL 1.2, 64-bit and C11
//! atomic, at -O0 and -O2, checked exactly; program-scope variables (`program_scope.cl`).
//! Work-groups run on all host threads; the `contention_*` test reruns the atomics on many
//! more threads than cores and many small work-groups, so that updates interleave.

mod common;

use common::{kernel, module, Rng, OPT};
use proptest::prelude::*;
use spirv_exec::{Kernel, Launcher, Module};

/// How hard the atomics are driven: `scale` multiplies the number of groups of the larger
/// shapes; `threads` host threads run a launch (0: all of the host's).
#[derive(Clone, Copy)]
struct Load {
    scale: usize,
    threads: usize,
}

const NORMAL: Load = Load {
    scale: 1,
    threads: 0,
};

impl Load {
    /// (global size, local size) pairs.
    fn shapes(self) -> Vec<(usize, usize)> {
        let scale = self.scale;
        vec![
            (1, 1),
            (64, 64),
            (96 * scale, 3),
            (256 * scale, 16),
            (200 * scale, 100),
        ]
    }

    /// A 1-D launch of `global` items in groups of `local` on this load's threads.
    fn launch(self, k: &Kernel, global: usize, local: usize) -> Launcher<'_> {
        let launch = common::launch_1d(k, global, local);
        if self.threads == 0 {
            launch
        } else {
            launch.threads(self.threads)
        }
    }
}

// ---- histograms -------------------------------------------------------------------------------

fn run_hist_global_inc(k: &Kernel, data: &[u8], l: usize) -> Vec<u32> {
    let mut bins = vec![0u32; 256];
    NORMAL
        .launch(k, data.len(), l)
        .input(data)
        .buffer(&mut bins)
        .run()
        .unwrap();
    bins
}

fn hist_host(data: &[u8]) -> Vec<u32> {
    let mut bins = vec![0u32; 256];
    data.iter().for_each(|b| bins[*b as usize] += 1);
    bins
}

fn histograms(load: Load) {
    let mut rng = Rng::new(21);
    for opt in OPT {
        let m = module(&format!("histogram-{opt}"));
        let (inc, add, local) = (
            kernel(&m, "hist_global_inc"),
            kernel(&m, "hist_global_add"),
            kernel(&m, "hist_local"),
        );
        for (g, l) in load.shapes() {
            // Skewed data: half the items hit 4 hot bins.
            let data: Vec<u8> = rng
                .bytes(g)
                .into_iter()
                .map(|b| if b & 1 == 0 { b & 3 } else { b })
                .collect();
            let mut bins = vec![0u32; 256];
            load.launch(inc, g, l)
                .input(&data)
                .buffer(&mut bins)
                .run()
                .unwrap();
            assert_eq!(bins, hist_host(&data), "{opt} inc G={g} L={l}");

            let keys: Vec<u32> = (0..g).map(|_| rng.u32()).collect();
            let weights: Vec<i32> = (0..g).map(|_| rng.i32() >> 8).collect();
            for nbins in [1u32, 7, 256] {
                let mut bins = vec![0i32; nbins as usize];
                load.launch(add, g, l)
                    .input(&keys)
                    .input(&weights)
                    .buffer(&mut bins)
                    .value(&nbins)
                    .run()
                    .unwrap();
                let mut want = vec![0i32; nbins as usize];
                for i in 0..g {
                    let b = (keys[i] % nbins) as usize;
                    want[b] = want[b].wrapping_add(weights[i]);
                }
                assert_eq!(bins, want, "{opt} add G={g} L={l} nbins={nbins}");
            }

            // Grid-stride: n elements over a smaller or larger NDRange.
            for n in [g * 3 + 5, g / 2] {
                let data = rng.bytes(n.max(1));
                let mut bins = vec![0u32; 256];
                load.launch(local, g, l)
                    .input(&data)
                    .buffer(&mut bins)
                    .value(&(n as u32))
                    .run()
                    .unwrap();
                assert_eq!(bins, hist_host(&data[..n]), "{opt} local G={g} L={l} n={n}");
            }
        }
    }
}

#[test]
fn histograms_global_and_local() {
    histograms(NORMAL);
}

// ---- OpenCL 1.2 atomics -----------------------------------------------------------------------

/// Expected counters of `atomics_int_all` / `atomics_uint_all` (wrapping; `signed` min/max).
fn atomics_all_want(c0: &[i32], v: &[i32], signed: bool) -> Vec<i32> {
    let g = v.len();
    let sum = v.iter().fold(0i32, |a, x| a.wrapping_add(*x));
    let (mut and, mut or, mut xor) = (!0i32, 0i32, 0i32);
    for (i, x) in v.iter().enumerate() {
        and &= !(1i32 << (i % 32));
        or |= 1i32 << (i % 32);
        xor ^= x;
    }
    let (min, max) = if signed {
        let min = v.iter().copied().fold(c0[4], i32::min);
        (min, v.iter().copied().fold(c0[5], i32::max))
    } else {
        let min = v.iter().map(|x| *x as u32).fold(c0[4] as u32, u32::min);
        let max = v.iter().map(|x| *x as u32).fold(c0[5] as u32, u32::max);
        (min as i32, max as i32)
    };
    vec![
        c0[0].wrapping_add(sum),
        c0[1].wrapping_sub(sum),
        c0[2].wrapping_add(g as i32),
        c0[3].wrapping_sub(g as i32),
        min,
        max,
        c0[6] & and,
        c0[7] | or,
        c0[8] ^ xor,
        c0[9].wrapping_add(sum),
    ]
}

fn atomics_12(load: Load) {
    let mut rng = Rng::new(22);
    for opt in OPT {
        let m = module(&format!("atomics12-{opt}"));
        for (name, signed) in [("atomics_int_all", true), ("atomics_uint_all", false)] {
            let k = kernel(&m, name);
            for (g, l) in load.shapes() {
                let v: Vec<i32> = rng.i32s(g).into_iter().map(|x| x >> 4).collect();
                let c0 = rng.i32s(11);
                let slots0 = rng.i32s(g);
                let (mut c, mut slots, mut olds) = (c0.clone(), slots0.clone(), vec![0i32; g]);
                load.launch(k, g, l)
                    .buffer(&mut c)
                    .buffer(&mut slots)
                    .buffer(&mut olds)
                    .input(&v)
                    .run()
                    .unwrap();
                let what = format!("{opt} {name} G={g} L={l}");
                assert_eq!(&c[..10], &atomics_all_want(&c0, &v, signed)[..], "{what}");
                assert!(v.contains(&c[10]), "{what}: c10 = {} is no v[i]", c[10]);
                assert_eq!(olds, slots0, "{what}: olds");
                assert_eq!(slots, v, "{what}: slots");
            }
        }
        let k = kernel(&m, "atomics_local_int");
        for (g, l) in load.shapes() {
            let v: Vec<i32> = rng.i32s(g).into_iter().map(|x| x >> 8).collect();
            let mut out = vec![0x5555_5555i32; 11 * (g / l)];
            load.launch(k, g, l)
                .input(&v)
                .buffer(&mut out)
                .run()
                .unwrap();
            for (grp, x) in v.chunks(l).enumerate() {
                let sum = x.iter().fold(0i32, |a, b| a.wrapping_add(*b));
                let mut want = vec![sum, sum.wrapping_neg(), l as i32, -(l as i32)];
                want.push(x.iter().copied().fold(0, i32::min));
                want.push(x.iter().copied().fold(0, i32::max));
                want.push((0..l).fold(-1i32, |a, lid| a & !(1 << (lid % 32))));
                want.push((0..l).fold(0i32, |a, lid| a | (1 << (lid % 32))));
                want.push(x.iter().fold(0, |a, b| a ^ b));
                want.push(sum);
                // Only items lid < 11 write their counter.
                let n = l.min(11);
                let got = &out[11 * grp..11 * grp + n];
                let what = format!("{opt} atomics_local_int G={g} L={l} group {grp}");
                assert_eq!(&got[..n.min(10)], &want[..n.min(10)], "{what}");
                if n == 11 {
                    assert!(x.contains(&got[10]), "{what}: c10 = {}", got[10]);
                }
                assert!(
                    out[11 * grp + n..11 * grp + 11]
                        .iter()
                        .all(|&w| w == 0x5555_5555),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn atomics12_int_uint_local() {
    atomics_12(NORMAL);
}

// ---- 64-bit atomics ---------------------------------------------------------------------------

fn atomics_64(load: Load) {
    let mut rng = Rng::new(23);
    for opt in OPT {
        let m = module(&format!("atomics64-{opt}"));
        let (base, ext, minmax) = (
            kernel(&m, "atomics_long_base"),
            kernel(&m, "atomics_ulong_ext"),
            kernel(&m, "atomics_long_minmax"),
        );
        for (g, l) in load.shapes() {
            let what = format!("{opt} G={g} L={l}");
            // Values near the 64-bit limits so that the sums wrap.
            let v: Vec<i64> = (0..g).map(|_| rng.u64() as i64).collect();
            let c0: Vec<i64> = (0..5).map(|_| rng.u64() as i64).collect();
            let slots0: Vec<i64> = (0..g).map(|_| rng.u64() as i64).collect();
            let (mut c, mut slots, mut olds) = (c0.clone(), slots0.clone(), vec![0i64; g]);
            load.launch(base, g, l)
                .buffer(&mut c)
                .buffer(&mut slots)
                .buffer(&mut olds)
                .input(&v)
                .run()
                .unwrap();
            let sum = v.iter().fold(0i64, |a, x| a.wrapping_add(*x));
            let want = [
                c0[0].wrapping_add(sum),
                c0[1].wrapping_sub(sum),
                c0[2].wrapping_add(g as i64),
                c0[3].wrapping_sub(g as i64),
                c0[4].wrapping_add(sum),
            ];
            assert_eq!(c, want, "{what} atomics_long_base");
            assert_eq!(olds, slots0, "{what} olds");
            assert_eq!(slots, v, "{what} slots");

            let u: Vec<u64> = v.iter().map(|x| *x as u64).collect();
            let c0: Vec<u64> = (0..6).map(|_| rng.u64()).collect();
            let mut c = c0.clone();
            load.launch(ext, g, l)
                .buffer(&mut c)
                .input(&u)
                .run()
                .unwrap();
            let (mut and, mut or) = (!0u64, 0u64);
            (0..g).for_each(|i| {
                and &= !(1u64 << (i % 64));
                or |= 1u64 << (i % 64);
            });
            let want = [
                u.iter().copied().fold(c0[0], u64::min),
                u.iter().copied().fold(c0[1], u64::max),
                c0[2] & and,
                c0[3] | or,
                u.iter().fold(c0[4], |a, x| a ^ x),
                u.iter().fold(c0[5], |a, x| a.wrapping_add(*x)),
            ];
            assert_eq!(c, want, "{what} atomics_ulong_ext");

            for c0 in [[i64::MAX, i64::MIN], [0, 0]] {
                let mut c = c0;
                load.launch(minmax, g, l)
                    .buffer(&mut c)
                    .input(&v)
                    .run()
                    .unwrap();
                let want = [
                    v.iter().copied().fold(c0[0], i64::min),
                    v.iter().copied().fold(c0[1], i64::max),
                ];
                assert_eq!(c, want, "{what} atomics_long_minmax from {c0:?}");
            }
        }
    }
}

#[test]
fn atomics64_base_ext_minmax() {
    atomics_64(NORMAL);
}

// ---- OpenCL 2.0 (C11) atomics -----------------------------------------------------------------

fn atomics_20(load: Load) {
    let mut rng = Rng::new(24);
    for opt in OPT {
        let m = module(&format!("atomics20-{opt}"));
        let (c11, local) = (kernel(&m, "atomics_c11"), kernel(&m, "atomics_c11_local"));
        let (flag_k, clear) = (
            kernel(&m, "atomics_c11_flag"),
            kernel(&m, "atomics_c11_flag_clear"),
        );
        for (g, l) in load.shapes() {
            let what = format!("{opt} G={g} L={l}");
            let v: Vec<i32> = rng.i32s(g).into_iter().map(|x| x >> 3).collect();
            let c0 = rng.i32s(11);
            let u0 = [rng.u32(), 77u32];
            let slots0 = rng.i32s(g);
            let (mut c, mut u, mut slots) = (c0.clone(), u0, slots0.clone());
            let (mut olds, mut loads) = (vec![0i32; g], vec![0i32; g]);
            load.launch(c11, g, l)
                .buffer(&mut c)
                .buffer(&mut u)
                .buffer(&mut slots)
                .buffer(&mut olds)
                .buffer(&mut loads)
                .input(&v)
                .run()
                .unwrap();
            // c0..c9 of atomics_c11 in terms of atomics_int_all's order.
            let all = atomics_all_want(
                &[c0[0], c0[1], 0, 0, c0[2], c0[3], c0[4], c0[5], c0[6], c0[7]],
                &v,
                true,
            );
            let sum = v.iter().fold(0i32, |a, x| a.wrapping_add(*x));
            let want = vec![
                all[0],
                all[1],
                all[4],
                all[5],
                all[6],
                all[7],
                all[8],
                all[9],
                c0[8].wrapping_add(sum),
                c0[9].wrapping_add(g as i32),
                c0[10],
            ];
            assert_eq!(c, want, "{what} atomics_c11");
            assert_eq!(u[0], u0[0].wrapping_add(g as u32), "{what} u0");
            assert!(v.iter().any(|x| *x as u32 == u[1]), "{what} u1 = {}", u[1]);
            assert_eq!(olds, slots0, "{what} olds");
            assert_eq!(slots, v, "{what} slots");
            assert!(loads.iter().all(|x| *x == c0[10]), "{what} loads");

            let total0 = rng.i32();
            let (mut out, mut total) = (vec![0i32; 2 * (g / l)], [total0]);
            load.launch(local, g, l)
                .input(&v)
                .buffer(&mut out)
                .buffer(&mut total)
                .run()
                .unwrap();
            let want: Vec<i32> = v
                .chunks(l)
                .flat_map(|x| [l as i32, x.iter().fold(0i32, |a, b| a.wrapping_add(*b))])
                .collect();
            assert_eq!(out, want, "{what} atomics_c11_local");
            assert_eq!(total[0], total0.wrapping_add(sum), "{what} total");

            let (mut flag, mut winners, mut won) = ([0i32], [0i32], vec![0i32; g]);
            for round in 1..=2 {
                load.launch(flag_k, g, l)
                    .buffer(&mut flag)
                    .buffer(&mut winners)
                    .buffer(&mut won)
                    .run()
                    .unwrap();
                assert_eq!(
                    won.iter().filter(|w| **w == 1).count(),
                    1,
                    "{what} round {round}"
                );
                assert!(won.iter().all(|w| *w == 0 || *w == 1), "{what}");
                assert_eq!(winners, [round], "{what}");
                assert_ne!(flag[0], 0, "{what} flag stays set");
                load.launch(clear, l, l).buffer(&mut flag).run().unwrap();
                assert_eq!(flag, [0], "{what} flag cleared");
            }
        }
    }
}

#[test]
fn atomics20_c11_local_flag() {
    atomics_20(NORMAL);
}

// ---- program-scope variables -------------------------------------------------------------------

/// Program-scope variable `name` of `m`, read as `N` bytes (its size must be `N`).
fn global<const N: usize>(m: &Module, name: &str) -> [u8; N] {
    let mut bytes = [0u8; N];
    assert_eq!(m.global(name).map(|(_, size)| size), Some(N), "{name}");
    assert_eq!(m.read_global(name, &mut bytes), Some(N), "{name}");
    bytes
}

fn progvar_get(k: &Kernel, input: &[f32]) -> Vec<f32> {
    let mut out = vec![0f32; input.len()];
    NORMAL
        .launch(k, input.len(), 4)
        .input(input)
        .buffer(&mut out)
        .run()
        .unwrap();
    out
}

fn progvar_want(input: &[f32], coeffs: [f32; 4], scalar: i32) -> Vec<f32> {
    let offsets = [10, 20, 30, 40];
    (0..input.len())
        .map(|i| input[i] * coeffs[i & 3] + (scalar + offsets[i & 3]) as f32)
        .collect()
}

#[test]
fn program_scope_variables_persist() {
    for opt in OPT {
        let m = module(&format!("program_scope-{opt}"));
        let (set, get) = (kernel(&m, "progvar_set"), kernel(&m, "progvar_get"));
        let count = kernel(&m, "progvar_count");
        let input: Vec<f32> = (0..32).map(|i| i as f32 * 0.25 - 3.0).collect();
        let mut coeffs = [1.0, 0.5, 0.25, 0.125];
        assert_eq!(
            progvar_get(get, &input),
            progvar_want(&input, coeffs, 7),
            "{opt} initial"
        );
        // The variables as the host sees them.
        assert_eq!(i32::from_le_bytes(global(&m, "g_scalar")), 7);
        let coeff_bytes: [u8; 16] = global(&m, "g_coeffs");
        assert_eq!(bytemuck::cast::<_, [f32; 4]>(coeff_bytes), coeffs);
        NORMAL
            .launch(set, 8, 8)
            .value(&-25i32)
            .value(&3.5f32)
            .run()
            .unwrap();
        coeffs[0] = 3.5;
        assert_eq!(i32::from_le_bytes(global(&m, "g_scalar")), -25);
        assert_eq!(
            progvar_get(get, &input),
            progvar_want(&input, coeffs, -25),
            "{opt} after set"
        );
        // The host writes a variable; the next launch sees it.
        assert_eq!(m.write_global("g_scalar", &1000i32.to_le_bytes()), Some(4));
        assert_eq!(
            progvar_get(get, &input),
            progvar_want(&input, coeffs, 1000),
            "{opt} host write"
        );
        // The counter after one launch of 48 items.
        let mut tickets = vec![0i32; 48];
        NORMAL
            .launch(count, 48, 16)
            .buffer(&mut tickets)
            .run()
            .unwrap();
        assert_eq!(i32::from_le_bytes(global(&m, "g_counter")), 48);
        assert_eq!(m.global("g_missing"), None);
        let mut none = [0u8; 4];
        assert_eq!(m.read_global("g_missing", &mut none), None);
        // A second module of the same SPIR-V has its own variables.
        let m2 = module(&format!("program_scope-{opt}"));
        let get2 = kernel(&m2, "progvar_get");
        assert_eq!(
            progvar_get(get2, &input),
            progvar_want(&input, [1.0, 0.5, 0.25, 0.125], 7)
        );
        // A global pointer as a kernel argument: `in` = the first module's g_coeffs, read by
        // a kernel of that module and by one of the second (its own variables still apply).
        for (k, scalar) in [(get, 1000), (get2, 7)] {
            let mut out = vec![0f32; 4];
            NORMAL
                .launch(k, 4, 4)
                .global(&m, "g_coeffs")
                .buffer(&mut out)
                .run()
                .unwrap();
            let module_coeffs = if scalar == 7 {
                [1.0, 0.5, 0.25, 0.125]
            } else {
                coeffs
            };
            let want: Vec<f32> = (0..4)
                .map(|i| coeffs[i] * module_coeffs[i] + (scalar + 10 * (i as i32 + 1)) as f32)
                .collect();
            assert_eq!(out, want, "{opt} global pointer argument");
        }
        // No such variable: the launch is refused before it runs.
        let mut out = vec![0f32; 4];
        let err = NORMAL
            .launch(get, 4, 4)
            .global(&m, "g_missing")
            .buffer(&mut out)
            .run()
            .unwrap_err();
        assert!(err.to_string().contains("g_missing"), "{err}");
    }
}

/// A program-scope atomic counter (`progvar_count`) under contention.
fn program_counter(load: Load) {
    for opt in OPT {
        let m = module(&format!("program_scope-{opt}"));
        let k = kernel(&m, "progvar_count");
        let mut c = 0;
        for (g, l) in load.shapes() {
            let mut got = vec![0i32; g];
            load.launch(k, g, l).buffer(&mut got).run().unwrap();
            got.sort();
            assert_eq!(
                got,
                (c..c + g as i32).collect::<Vec<_>>(),
                "{opt} G={g} L={l}"
            );
            c += g as i32;
        }
    }
}

#[test]
fn program_scope_counter() {
    program_counter(NORMAL);
}

#[test]
fn contention_with_16_threads() {
    let load = Load {
        scale: 8,
        threads: 16,
    };
    histograms(load);
    atomics_12(load);
    atomics_64(load);
    atomics_20(load);
    program_counter(load);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn prop_hist_global_inc(l in 1usize..130, groups in 1usize..12, hot in 0u8..4, seed in any::<u64>(), o2 in any::<bool>()) {
        let m = module(if o2 { "histogram-O2" } else { "histogram-O0" });
        let k = kernel(&m, "hist_global_inc");
        // `hot` concentrates the data on fewer bins (more contention).
        let mask = [0xFFu8, 0x3F, 0x07, 0x00][hot as usize];
        let data: Vec<u8> = Rng::new(seed).bytes(groups * l).into_iter().map(|b| b & mask).collect();
        prop_assert_eq!(run_hist_global_inc(k, &data, l), hist_host(&data));
    }
}
