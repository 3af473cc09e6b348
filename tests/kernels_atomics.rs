//! Atomic kernels of the corpus (`kernels/`): histograms and every OpenCL 1.2, 64-bit and C11
//! atomic, at -O0 and -O2, checked exactly; program-scope variables (`program_scope.cl`) with
//! `zeModuleGetGlobalPointer`. Work-groups run on all host threads; the `contention_*` test
//! reruns the atomics in a child configured with many more threads than cores
//! (`LEVEL_ZERO_CPU_THREADS`) and many small work-groups, so that updates interleave.

mod common;

use common::kernels::Gpu;
use level_zero_sys::*;
use proptest::prelude::*;
use std::ptr::null_mut;

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
    fn ints(&mut self, n: usize) -> Vec<i32> {
        (0..n).map(|_| self.next() as i32).collect()
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// (global size, local size) pairs; `scale` multiplies the number of groups.
fn shapes(scale: usize) -> Vec<(usize, usize)> {
    vec![
        (1, 1),
        (64, 64),
        (96 * scale, 3),
        (256 * scale, 16),
        (200 * scale, 100),
    ]
}

fn launch_1d(gpu: &Gpu, k: ze_kernel_handle_t, global: usize, local: usize) {
    assert_eq!(global % local, 0);
    gpu.run(k, [(global / local) as u32, 1, 1], [local as u32, 1, 1]);
}

// ---- histograms -------------------------------------------------------------------------------

fn run_hist_global_inc(gpu: &Gpu, k: ze_kernel_handle_t, data: &[u8], l: usize) -> Vec<u32> {
    let (bd, bins) = (gpu.buffer(data), gpu.zeros::<u32>(256));
    gpu.arg_buf(k, 0, &bd);
    gpu.arg_buf(k, 1, &bins);
    launch_1d(gpu, k, data.len(), l);
    gpu.read(&bins)
}

fn hist_host(data: &[u8]) -> Vec<u32> {
    let mut bins = vec![0u32; 256];
    data.iter().for_each(|b| bins[*b as usize] += 1);
    bins
}

fn histograms(scale: usize) {
    let gpu = Gpu::new();
    let mut rng = Rng::new(21);
    for opt in OPT {
        let m = gpu.module(&format!("histogram-{opt}"));
        let (inc, add, local) = (
            gpu.kernel(m, "hist_global_inc"),
            gpu.kernel(m, "hist_global_add"),
            gpu.kernel(m, "hist_local"),
        );
        for (g, l) in shapes(scale) {
            // Skewed data: half the items hit 4 hot bins.
            let data: Vec<u8> = rng
                .bytes(g)
                .into_iter()
                .map(|b| if b & 1 == 0 { b & 3 } else { b })
                .collect();
            assert_eq!(
                run_hist_global_inc(&gpu, inc, &data, l),
                hist_host(&data),
                "{opt} inc G={g} L={l}"
            );

            let keys: Vec<u32> = (0..g).map(|_| rng.next() as u32).collect();
            let weights: Vec<i32> = (0..g).map(|_| rng.next() as i32 >> 8).collect();
            for nbins in [1u32, 7, 256] {
                let (bk, bw) = (gpu.buffer(&keys), gpu.buffer(&weights));
                let bins = gpu.zeros::<i32>(nbins as usize);
                gpu.arg_buf(add, 0, &bk);
                gpu.arg_buf(add, 1, &bw);
                gpu.arg_buf(add, 2, &bins);
                gpu.arg(add, 3, &nbins);
                launch_1d(&gpu, add, g, l);
                let mut want = vec![0i32; nbins as usize];
                for i in 0..g {
                    let b = (keys[i] % nbins) as usize;
                    want[b] = want[b].wrapping_add(weights[i]);
                }
                assert_eq!(gpu.read(&bins), want, "{opt} add G={g} L={l} nbins={nbins}");
            }

            // Grid-stride: n elements over a smaller or larger NDRange.
            for n in [g * 3 + 5, g / 2] {
                let data = rng.bytes(n.max(1));
                let (bd, bins) = (gpu.buffer(&data), gpu.zeros::<u32>(256));
                gpu.arg_buf(local, 0, &bd);
                gpu.arg_buf(local, 1, &bins);
                gpu.arg(local, 2, &(n as u32));
                launch_1d(&gpu, local, g, l);
                assert_eq!(
                    gpu.read(&bins),
                    hist_host(&data[..n]),
                    "{opt} local G={g} L={l} n={n}"
                );
            }
        }
    }
}

#[test]
fn histograms_global_and_local() {
    histograms(1);
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

fn atomics_12(scale: usize) {
    let gpu = Gpu::new();
    let mut rng = Rng::new(22);
    for opt in OPT {
        let m = gpu.module(&format!("atomics12-{opt}"));
        for (name, signed) in [("atomics_int_all", true), ("atomics_uint_all", false)] {
            let k = gpu.kernel(m, name);
            for (g, l) in shapes(scale) {
                let v: Vec<i32> = rng.ints(g).into_iter().map(|x| x >> 4).collect();
                let c0 = rng.ints(11);
                let slots0 = rng.ints(g);
                let (bc, bs, bo, bv) = (
                    gpu.buffer(&c0),
                    gpu.buffer(&slots0),
                    gpu.zeros::<i32>(g),
                    gpu.buffer(&v),
                );
                for (i, b) in [&bc, &bs, &bo, &bv].into_iter().enumerate() {
                    gpu.arg_buf(k, i as u32, b);
                }
                launch_1d(&gpu, k, g, l);
                let c = gpu.read(&bc);
                let what = format!("{opt} {name} G={g} L={l}");
                assert_eq!(&c[..10], &atomics_all_want(&c0, &v, signed)[..], "{what}");
                assert!(v.contains(&c[10]), "{what}: c10 = {} is no v[i]", c[10]);
                assert_eq!(gpu.read(&bo), slots0, "{what}: olds");
                assert_eq!(gpu.read(&bs), v, "{what}: slots");
            }
        }
        let k = gpu.kernel(m, "atomics_local_int");
        for (g, l) in shapes(scale) {
            let v: Vec<i32> = rng.ints(g).into_iter().map(|x| x >> 8).collect();
            let (bv, out) = (
                gpu.buffer(&v),
                gpu.buffer(&vec![0x5555_5555i32; 11 * (g / l)]),
            );
            gpu.arg_buf(k, 0, &bv);
            gpu.arg_buf(k, 1, &out);
            launch_1d(&gpu, k, g, l);
            let out = gpu.read(&out);
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
    atomics_12(1);
}

// ---- 64-bit atomics ---------------------------------------------------------------------------

fn atomics_64(scale: usize) {
    let gpu = Gpu::new();
    let mut rng = Rng::new(23);
    for opt in OPT {
        let m = gpu.module(&format!("atomics64-{opt}"));
        let (base, ext, minmax) = (
            gpu.kernel(m, "atomics_long_base"),
            gpu.kernel(m, "atomics_ulong_ext"),
            gpu.kernel(m, "atomics_long_minmax"),
        );
        for (g, l) in shapes(scale) {
            let what = format!("{opt} G={g} L={l}");
            // Values near the 64-bit limits so that the sums wrap.
            let v: Vec<i64> = (0..g).map(|_| rng.next() as i64).collect();
            let c0: Vec<i64> = (0..5).map(|_| rng.next() as i64).collect();
            let slots0: Vec<i64> = (0..g).map(|_| rng.next() as i64).collect();
            let (bc, bs, bo, bv) = (
                gpu.buffer(&c0),
                gpu.buffer(&slots0),
                gpu.zeros::<i64>(g),
                gpu.buffer(&v),
            );
            for (i, b) in [&bc, &bs, &bo, &bv].into_iter().enumerate() {
                gpu.arg_buf(base, i as u32, b);
            }
            launch_1d(&gpu, base, g, l);
            let sum = v.iter().fold(0i64, |a, x| a.wrapping_add(*x));
            let want = [
                c0[0].wrapping_add(sum),
                c0[1].wrapping_sub(sum),
                c0[2].wrapping_add(g as i64),
                c0[3].wrapping_sub(g as i64),
                c0[4].wrapping_add(sum),
            ];
            assert_eq!(gpu.read(&bc), want, "{what} atomics_long_base");
            assert_eq!(gpu.read(&bo), slots0, "{what} olds");
            assert_eq!(gpu.read(&bs), v, "{what} slots");

            let u: Vec<u64> = v.iter().map(|x| *x as u64).collect();
            let c0: Vec<u64> = (0..6).map(|_| rng.next()).collect();
            let (bc, bu) = (gpu.buffer(&c0), gpu.buffer(&u));
            gpu.arg_buf(ext, 0, &bc);
            gpu.arg_buf(ext, 1, &bu);
            launch_1d(&gpu, ext, g, l);
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
            assert_eq!(gpu.read(&bc), want, "{what} atomics_ulong_ext");

            for c0 in [[i64::MAX, i64::MIN], [0, 0]] {
                let bc = gpu.buffer(&c0);
                gpu.arg_buf(minmax, 0, &bc);
                gpu.arg_buf(minmax, 1, &bv);
                launch_1d(&gpu, minmax, g, l);
                let want = [
                    v.iter().copied().fold(c0[0], i64::min),
                    v.iter().copied().fold(c0[1], i64::max),
                ];
                assert_eq!(
                    gpu.read(&bc),
                    want,
                    "{what} atomics_long_minmax from {c0:?}"
                );
            }
        }
    }
}

#[test]
fn atomics64_base_ext_minmax() {
    atomics_64(1);
}

// ---- OpenCL 2.0 (C11) atomics -----------------------------------------------------------------

fn atomics_20(scale: usize) {
    let gpu = Gpu::new();
    let mut rng = Rng::new(24);
    for opt in OPT {
        let m = gpu.module(&format!("atomics20-{opt}"));
        let (c11, local) = (
            gpu.kernel(m, "atomics_c11"),
            gpu.kernel(m, "atomics_c11_local"),
        );
        let (flag_k, clear) = (
            gpu.kernel(m, "atomics_c11_flag"),
            gpu.kernel(m, "atomics_c11_flag_clear"),
        );
        for (g, l) in shapes(scale) {
            let what = format!("{opt} G={g} L={l}");
            let v: Vec<i32> = rng.ints(g).into_iter().map(|x| x >> 3).collect();
            let c0 = rng.ints(11);
            let u0 = [rng.next() as u32, 77u32];
            let slots0 = rng.ints(g);
            let (bc, bu, bs) = (gpu.buffer(&c0), gpu.buffer(&u0), gpu.buffer(&slots0));
            let (bo, bl, bv) = (gpu.zeros::<i32>(g), gpu.zeros::<i32>(g), gpu.buffer(&v));
            gpu.arg_buf(c11, 0, &bc);
            gpu.arg_buf(c11, 1, &bu);
            gpu.arg_buf(c11, 2, &bs);
            gpu.arg_buf(c11, 3, &bo);
            gpu.arg_buf(c11, 4, &bl);
            gpu.arg_buf(c11, 5, &bv);
            launch_1d(&gpu, c11, g, l);
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
            assert_eq!(gpu.read(&bc), want, "{what} atomics_c11");
            let u = gpu.read(&bu);
            assert_eq!(u[0], u0[0].wrapping_add(g as u32), "{what} u0");
            assert!(v.iter().any(|x| *x as u32 == u[1]), "{what} u1 = {}", u[1]);
            assert_eq!(gpu.read(&bo), slots0, "{what} olds");
            assert_eq!(gpu.read(&bs), v, "{what} slots");
            assert!(gpu.read(&bl).iter().all(|x| *x == c0[10]), "{what} loads");

            let total0 = rng.next() as i32;
            let (out, total) = (gpu.zeros::<i32>(2 * (g / l)), gpu.buffer(&[total0]));
            gpu.arg_buf(local, 0, &bv);
            gpu.arg_buf(local, 1, &out);
            gpu.arg_buf(local, 2, &total);
            launch_1d(&gpu, local, g, l);
            let want: Vec<i32> = v
                .chunks(l)
                .flat_map(|x| [l as i32, x.iter().fold(0i32, |a, b| a.wrapping_add(*b))])
                .collect();
            assert_eq!(gpu.read(&out), want, "{what} atomics_c11_local");
            assert_eq!(
                gpu.read(&total)[0],
                total0.wrapping_add(sum),
                "{what} total"
            );

            let (flag, winners, won) = (
                gpu.zeros::<i32>(1),
                gpu.zeros::<i32>(1),
                gpu.zeros::<i32>(g),
            );
            for round in 1..=2 {
                gpu.arg_buf(flag_k, 0, &flag);
                gpu.arg_buf(flag_k, 1, &winners);
                gpu.arg_buf(flag_k, 2, &won);
                launch_1d(&gpu, flag_k, g, l);
                let won = gpu.read(&won);
                assert_eq!(
                    won.iter().filter(|w| **w == 1).count(),
                    1,
                    "{what} round {round}"
                );
                assert!(won.iter().all(|w| *w == 0 || *w == 1), "{what}");
                assert_eq!(gpu.read(&winners), [round], "{what}");
                assert_ne!(gpu.read(&flag)[0], 0, "{what} flag stays set");
                gpu.arg_buf(clear, 0, &flag);
                launch_1d(&gpu, clear, l, l);
                assert_eq!(gpu.read(&flag), [0], "{what} flag cleared");
            }
        }
    }
}

#[test]
fn atomics20_c11_local_flag() {
    atomics_20(1);
}

// ---- program-scope variables -------------------------------------------------------------------

fn global_pointer(gpu: &Gpu, m: ze_module_handle_t, name: &str) -> (*mut u8, usize) {
    let cname = std::ffi::CString::new(name).unwrap();
    let (mut size, mut ptr) = (0usize, std::ptr::null_mut());
    // SAFETY: live module, NUL-terminated name, out-pointers are locals.
    let r = unsafe {
        ze_call!(
            gpu.api,
            Module.pfnGetGlobalPointer(m, cname.as_ptr(), &mut size, &mut ptr)
        )
    };
    assert_eq!(
        r,
        ze_result_t::ZE_RESULT_SUCCESS,
        "zeModuleGetGlobalPointer {name}"
    );
    (ptr.cast(), size)
}

fn progvar_get(gpu: &Gpu, k: ze_kernel_handle_t, input: &[f32]) -> Vec<f32> {
    let (bin, out) = (gpu.buffer(input), gpu.zeros::<f32>(input.len()));
    gpu.arg_buf(k, 0, &bin);
    gpu.arg_buf(k, 1, &out);
    launch_1d(gpu, k, input.len(), 4);
    gpu.read(&out)
}

fn progvar_want(input: &[f32], coeffs: [f32; 4], scalar: i32) -> Vec<f32> {
    let offsets = [10, 20, 30, 40];
    (0..input.len())
        .map(|i| input[i] * coeffs[i & 3] + (scalar + offsets[i & 3]) as f32)
        .collect()
}

#[test]
fn program_scope_variables_persist() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("program_scope-{opt}"));
        let (set, get) = (gpu.kernel(m, "progvar_set"), gpu.kernel(m, "progvar_get"));
        let count = gpu.kernel(m, "progvar_count");
        let input: Vec<f32> = (0..32).map(|i| i as f32 * 0.25 - 3.0).collect();
        let mut coeffs = [1.0, 0.5, 0.25, 0.125];
        assert_eq!(
            progvar_get(&gpu, get, &input),
            progvar_want(&input, coeffs, 7),
            "{opt} initial"
        );
        // The variables through zeModuleGetGlobalPointer.
        let (scalar, size) = global_pointer(&gpu, m, "g_scalar");
        assert_eq!(size, 4);
        let (coeff_ptr, size) = global_pointer(&gpu, m, "g_coeffs");
        assert_eq!(size, 16);
        // SAFETY: the module's 4-byte g_scalar / 16-byte g_coeffs; no kernel is running.
        unsafe {
            assert_eq!(scalar.cast::<i32>().read_unaligned(), 7);
            assert_eq!(coeff_ptr.cast::<[f32; 4]>().read_unaligned(), coeffs);
        }
        gpu.arg(set, 0, &-25i32);
        gpu.arg(set, 1, &3.5f32);
        launch_1d(&gpu, set, 8, 8);
        coeffs[0] = 3.5;
        // SAFETY: as above.
        unsafe { assert_eq!(scalar.cast::<i32>().read_unaligned(), -25) };
        assert_eq!(
            progvar_get(&gpu, get, &input),
            progvar_want(&input, coeffs, -25),
            "{opt} after set"
        );
        // The host writes through the pointer; the next launch sees it.
        // SAFETY: as above.
        unsafe { scalar.cast::<i32>().write_unaligned(1000) };
        assert_eq!(
            progvar_get(&gpu, get, &input),
            progvar_want(&input, coeffs, 1000),
            "{opt} host write"
        );
        // The counter after one launch of 48 items, read through its pointer.
        let tickets = gpu.zeros::<i32>(48);
        gpu.arg_buf(count, 0, &tickets);
        launch_1d(&gpu, count, 48, 16);
        let (counter, _) = global_pointer(&gpu, m, "g_counter");
        // SAFETY: the module's 4-byte g_counter.
        assert_eq!(unsafe { counter.cast::<i32>().read_unaligned() }, 48);
        // A device copy out of the program-scope memory.
        let copy = gpu.zeros::<f32>(4);
        // SAFETY: 16 bytes of g_coeffs into a 16-byte shared buffer on the synchronous list.
        unsafe {
            common::ze::append_copy(
                &gpu.api,
                gpu.list,
                copy.ptr.cast(),
                coeff_ptr.cast(),
                16,
                null_mut(),
                &[],
            )
        };
        assert_eq!(gpu.read(&copy), coeffs);
        let name = c"g_missing";
        let (mut size, mut ptr) = (0usize, null_mut());
        // SAFETY: live module, NUL-terminated name, local out-pointers.
        let r = unsafe {
            ze_call!(
                gpu.api,
                Module.pfnGetGlobalPointer(m, name.as_ptr(), &mut size, &mut ptr)
            )
        };
        assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_NAME);
        // A second module of the same SPIR-V has its own variables.
        let m2 = gpu.module(&format!("program_scope-{opt}"));
        let get2 = gpu.kernel(m2, "progvar_get");
        assert_eq!(
            progvar_get(&gpu, get2, &input),
            progvar_want(&input, [1.0, 0.5, 0.25, 0.125], 7)
        );
        // The global pointer as a kernel argument: `in` = the first module's g_coeffs, read by
        // a kernel of that module and by one of the second (its own variables still apply).
        for (k, scalar) in [(get, 1000), (get2, 7)] {
            let out = gpu.zeros::<f32>(4);
            gpu.arg(k, 0, &coeff_ptr);
            gpu.arg_buf(k, 1, &out);
            launch_1d(&gpu, k, 4, 4);
            let module_coeffs = if scalar == 7 {
                [1.0, 0.5, 0.25, 0.125]
            } else {
                coeffs
            };
            let want: Vec<f32> = (0..4)
                .map(|i| coeffs[i] * module_coeffs[i] + (scalar + 10 * (i as i32 + 1)) as f32)
                .collect();
            assert_eq!(gpu.read(&out), want, "{opt} global pointer argument");
        }
        // A pointer that is neither USM nor a module variable is refused at append.
        let host = [0f32; 4];
        gpu.arg(get, 0, &host.as_ptr());
        assert_eq!(
            gpu.launch(get, [1, 1, 1], [4, 1, 1]),
            ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT
        );
    }
}

/// A program-scope atomic counter (`progvar_count`) under contention.
fn program_counter(scale: usize) {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("program_scope-{opt}"));
        let k = gpu.kernel(m, "progvar_count");
        let mut c = 0;
        for (g, l) in shapes(scale) {
            let tickets = gpu.zeros::<i32>(g);
            gpu.arg_buf(k, 0, &tickets);
            launch_1d(&gpu, k, g, l);
            let mut got = gpu.read(&tickets);
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
    program_counter(1);
}

#[test]
fn contention_with_16_threads() {
    if !common::in_child(
        "contention_with_16_threads",
        &[("LEVEL_ZERO_CPU_THREADS", "16")],
    ) {
        return;
    }
    histograms(8);
    atomics_12(8);
    atomics_64(8);
    atomics_20(8);
    program_counter(8);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn prop_hist_global_inc(l in 1usize..130, groups in 1usize..12, hot in 0u8..4, seed in any::<u64>(), o2 in any::<bool>()) {
        let gpu = Gpu::new();
        let m = gpu.module(if o2 { "histogram-O2" } else { "histogram-O0" });
        let k = gpu.kernel(m, "hist_global_inc");
        // `hot` concentrates the data on fewer bins (more contention).
        let mask = [0xFFu8, 0x3F, 0x07, 0x00][hot as usize];
        let data: Vec<u8> = Rng::new(seed).bytes(groups * l).into_iter().map(|b| b & mask).collect();
        prop_assert_eq!(run_hist_global_inc(&gpu, k, &data, l), hist_host(&data));
    }
}
