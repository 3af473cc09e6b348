//! Sub-groups and group collectives of the corpus (`kernels/src/subgroups.cl`: cl_khr_subgroups,
//! cl_intel_subgroups, work-group functions; `subgroups_khr.cl`: the cl_khr_subgroup_*
//! extensions). Every kernel runs at -O0 and -O2 over group sizes that do and do not divide the
//! sub-group size, against references computed here; a property test draws group sizes. The
//! executor is the one `SPIRV_EXEC_BACKEND` names (CI runs both); the non-uniform test runs on
//! the interpreter, and checks that the compiler refuses it loudly.

mod common;

use common::{backends, kernel, launch_1d, module, module_compiled, spirv, Rng, OPT};
use proptest::prelude::*;
use spirv_exec::{Fault, Kernel, LaunchError};

/// The default sub-group size.
const S: usize = 16;

/// Group sizes: 1, sizes below, at and past the sub-group size, and not multiples of it.
const SIZES: [usize; 7] = [1, 7, 16, 24, 64, 100, 256];

/// The sub-group of local id `lid` in a group of `l`: its first local id and its size.
fn subgroup(lid: usize, l: usize, s: usize) -> (usize, usize) {
    let b = lid / s * s;
    (b, s.min(l - b))
}

/// Runs `k` over 2 groups of `l` with input `input` and `per` outputs per work-item.
fn run<I: bytemuck::Pod, O: Default + bytemuck::Pod>(
    k: &Kernel,
    input: &[I],
    l: usize,
    per: usize,
) -> Vec<O> {
    let n = input.len();
    let mut out = vec![O::default(); per * n];
    launch_1d(k, n, l)
        .input(input)
        .buffer(&mut out)
        .run()
        .unwrap_or_else(|e| panic!("{} L={l}: {e}", k.name()));
    out
}

#[test]
fn subgroup_builtins() {
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "sg_info");
        assert_eq!(k.subgroup_size(), S as u32);
        assert_eq!(k.required_subgroup_size(), None);
        for l in SIZES {
            let n = 2 * l;
            let mut out = vec![0u32; 6 * n];
            launch_1d(k, n, l).buffer(&mut out).run().unwrap();
            for i in 0..n {
                let lid = i % l;
                let (b, size) = subgroup(lid, l, S);
                let want = [size, S, l.div_ceil(S), b / S, lid - b, l.div_ceil(S)];
                let want: Vec<u32> = want.iter().map(|&v| v as u32).collect();
                assert_eq!(&out[6 * i..6 * i + 6], &want[..], "{opt} L={l} item {i}");
            }
        }
    }
}

#[test]
fn required_subgroup_sizes() {
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        for (name, s) in [("sg_info8", 8usize), ("sg_info32", 32)] {
            let k = kernel(&m, name);
            assert_eq!(k.subgroup_size(), s as u32);
            assert_eq!(k.required_subgroup_size(), Some(s as u32));
            for l in SIZES {
                let n = 2 * l;
                let mut out = vec![0u32; 2 * n];
                launch_1d(k, n, l).buffer(&mut out).run().unwrap();
                for i in 0..n {
                    let (_, size) = subgroup(i % l, l, s);
                    let want = [size as u32, (size * (size - 1) / 2) as u32];
                    assert_eq!(&out[2 * i..2 * i + 2], &want, "{opt} {name} L={l} item {i}");
                }
            }
        }
    }
}

/// The reference of `sg_int` and `wg_int` over groups of `span` inside groups of `l`.
fn int_collectives(input: &[i32], l: usize, span: usize, wg: bool) -> Vec<i32> {
    let mut want = Vec::new();
    for (i, &x) in input.iter().enumerate() {
        let g0 = i / l * l;
        let (b, size) = subgroup(i % l, l, span);
        let part = &input[g0 + b..g0 + b + size];
        let me = i % l - b;
        let bcast = if wg {
            part[if l > 1 { 1 } else { 0 }]
        } else {
            part[size - 1]
        };
        want.extend([
            part.iter().fold(0i32, |a, v| a.wrapping_add(*v)),
            *part.iter().min().unwrap(),
            *part.iter().max().unwrap(),
            part[..=me].iter().sum(),
            part[..me].iter().sum(),
            bcast,
            part.iter().any(|&v| v > 50) as i32,
            part.iter().all(|&v| v > -90) as i32,
        ]);
        let _ = x;
    }
    want
}

#[test]
fn subgroup_int_collectives() {
    let mut rng = Rng::new(1);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        for l in SIZES {
            let input = rng.i32s_in(2 * l, -100, 100);
            let got: Vec<i32> = run(kernel(&m, "sg_int"), &input, l, 8);
            assert_eq!(
                got,
                int_collectives(&input, l, S, false),
                "{opt} sg_int L={l}"
            );
            let got: Vec<i32> = run(kernel(&m, "wg_int"), &input, l, 8);
            assert_eq!(
                got,
                int_collectives(&input, l, l, true),
                "{opt} wg_int L={l}"
            );
        }
    }
}

#[test]
fn subgroup_float_collectives() {
    let mut rng = Rng::new(2);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "sg_float");
        for l in SIZES {
            let input: Vec<f32> = rng
                .i32s_in(2 * l, -50, 50)
                .iter()
                .map(|&v| v as f32)
                .collect();
            let got: Vec<f32> = run(k, &input, l, 4);
            for (i, got) in got.chunks(4).enumerate() {
                let (b, size) = subgroup(i % l, l, S);
                let part = &input[i / l * l + b..][..size];
                let me = i % l - b;
                let want = [
                    part.iter().sum::<f32>(),
                    part.iter().copied().fold(f32::INFINITY, f32::min),
                    part[..me].iter().copied().fold(f32::NEG_INFINITY, f32::max),
                    part[..=me].iter().copied().fold(f32::INFINITY, f32::min),
                ];
                assert_eq!(got, want, "{opt} L={l} item {i}");
            }
        }
    }
}

#[test]
fn intel_shuffles() {
    let mut rng = Rng::new(3);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "sg_intel");
        for l in SIZES {
            let input: Vec<u32> = (0..2 * l).map(|_| rng.below(1000) as u32).collect();
            let got: Vec<u32> = run(k, &input, l, 4);
            for (i, got) in got.chunks(4).enumerate() {
                let (b, n) = subgroup(i % l, l, S);
                let part = &input[i / l * l + b..][..n];
                let (me, x) = (i % l - b, input[i]);
                let down = match me + 3 {
                    j if j < n => part[j],
                    j if j - n < n => part[j - n] + 1000,
                    _ => x,
                };
                let up = if me >= 2 {
                    part[me - 2]
                } else if n + me >= 2 {
                    part[n + me - 2] + 1000
                } else {
                    x
                };
                let xor = if me ^ 1 < n { part[me ^ 1] } else { x };
                let want = [part[(me + 3) % n], down, up, xor];
                assert_eq!(got, want, "{opt} L={l} item {i}");
            }
        }
    }
}

#[test]
fn intel_block_read_write() {
    let mut rng = Rng::new(4);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "sg_block");
        // Whole sub-groups only: a block access is of the sub-group's maximum size.
        for l in [16, 64, 256] {
            let n = 2 * l;
            let input: Vec<u32> = (0..2 * n).map(|_| rng.u32()).collect();
            let mut out = vec![0u32; 2 * n];
            launch_1d(k, n, l)
                .input(&input)
                .buffer(&mut out)
                .run()
                .unwrap();
            let want: Vec<u32> = input.iter().map(|v| v.wrapping_add(1)).collect();
            assert_eq!(out, want, "{opt} L={l}");
        }
    }
}

#[test]
fn workgroup_2d() {
    let mut rng = Rng::new(5);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "wg_2d");
        for (gx, gy, lx, ly) in [(2, 2, 4, 4), (3, 1, 3, 5), (1, 2, 8, 2), (2, 2, 2, 17)] {
            let (w, h) = (gx * lx, gy * ly);
            let input = rng.i32s_in(w * h, -1000, 1000);
            let mut out = vec![0i32; 2 * w * h];
            k.launch([gx as u32, gy as u32, 1], [lx as u32, ly as u32, 1])
                .input(&input)
                .buffer(&mut out)
                .run()
                .unwrap();
            for y in 0..h {
                for x in 0..w {
                    let (x0, y0) = (x / lx * lx, y / ly * ly);
                    let at = |x: usize, y: usize| input[y * w + x];
                    let sum: i32 = (0..ly)
                        .flat_map(|j| (0..lx).map(move |i| (i, j)))
                        .map(|(i, j)| at(x0 + i, y0 + j))
                        .sum();
                    let i = y * w + x;
                    let want = [at(x0 + 1, y0 + 1), sum];
                    assert_eq!(out[2 * i..2 * i + 2], want, "{opt} {lx}x{ly} ({x},{y})");
                }
            }
        }
    }
}

#[test]
fn vector_shuffle() {
    let mut rng = Rng::new(9);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "sg_vec");
        for l in SIZES {
            let input = rng.quarters(4 * 2 * l);
            let mut out = vec![0f32; input.len()];
            launch_1d(k, 2 * l, l)
                .input(&input)
                .buffer(&mut out)
                .run()
                .unwrap();
            for i in 0..2 * l {
                let (b, n) = subgroup(i % l, l, S);
                let from = i / l * l + b + (i % l - b + 1) % n;
                assert_eq!(
                    out[4 * i..4 * i + 4],
                    input[4 * from..4 * from + 4],
                    "{opt} L={l} item {i}"
                );
            }
        }
    }
}

#[test]
fn collectives_in_a_loop() {
    let mut rng = Rng::new(10);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "wg_loop");
        for (l, iters) in [(1usize, 3i32), (7, 0), (24, 5), (100, 2), (256, 4)] {
            let n = 2 * l;
            let input = rng.i32s_in(n, -100, 100);
            let mut out = vec![0i32; n];
            launch_1d(k, n, l)
                .input(&input)
                .buffer(&mut out)
                .value(&iters)
                .run()
                .unwrap();
            for (i, got) in out.iter().enumerate() {
                let g0 = i / l * l;
                let (b, sz) = subgroup(i % l, l, S);
                let want: i32 = (0..iters)
                    .map(|k| {
                        let group: i32 = input[g0..g0 + l].iter().map(|x| x + k).sum();
                        let sub = input[g0 + b..g0 + b + sz]
                            .iter()
                            .map(|x| x * k)
                            .max()
                            .unwrap();
                        group + sub
                    })
                    .sum();
                assert_eq!(*got, want, "{opt} L={l} iters={iters} item {i}");
            }
        }
    }
}

#[test]
fn khr_ballot() {
    let mut rng = Rng::new(6);
    for opt in OPT {
        let m = module(&format!("subgroups_khr-{opt}"));
        let k = kernel(&m, "sg_ballot");
        for l in SIZES {
            let input = rng.i32s_in(2 * l, -10, 10);
            let got: Vec<u32> = run(k, &input, l, 8);
            for (i, got) in got.chunks(8).enumerate() {
                let (b, n) = subgroup(i % l, l, S);
                let part = &input[i / l * l + b..][..n];
                let me = i % l - b;
                let bits = part
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v > 0)
                    .fold(0u32, |a, (k, _)| a | 1 << k);
                let below = |k: usize| (bits as u64 & ((1u64 << k) - 1)).count_ones();
                let want = [
                    bits,
                    bits.count_ones(),
                    below(me + 1),
                    below(me),
                    if bits != 0 { bits.trailing_zeros() } else { 99 },
                    if bits != 0 {
                        31 - bits.leading_zeros()
                    } else {
                        99
                    },
                    bits >> me & 1,
                    bits >> 3 & 1,
                ];
                assert_eq!(got, want, "{opt} L={l} item {i}");
            }
        }
    }
}

/// The reference of `sg_shuffle`.
fn shuffles(input: &[i32], l: usize) -> Vec<i32> {
    let mut want = Vec::new();
    for (i, &x) in input.iter().enumerate() {
        let (b, n) = subgroup(i % l, l, S);
        let part = &input[i / l * l + b..][..n];
        let me = i % l - b;
        let c = me / 4 * 4;
        want.extend([
            part[(me + 5) % n],
            if me ^ 1 < n { part[me ^ 1] } else { x },
            if me >= 1 { part[me - 1] } else { x },
            if me + 2 < n { part[me + 2] } else { x },
            (me == 0) as i32,
            part[0],
            part[c..(c + 4).min(n)].iter().sum(),
            part.iter().all(|&v| v / 100 == part[0] / 100) as i32,
            part.iter().fold(0, |a, v| a ^ v),
            part[..me].iter().copied().fold(i32::MIN, i32::max),
        ]);
    }
    want
}

#[test]
fn khr_shuffles_and_arithmetic() {
    let mut rng = Rng::new(7);
    for opt in OPT {
        let m = module(&format!("subgroups_khr-{opt}"));
        let k = kernel(&m, "sg_shuffle");
        for l in SIZES {
            // Values of one hundred in some sub-groups, so that all-equal is true there.
            let spread = if l % 2 == 0 { 1000 } else { 30 };
            let input: Vec<i32> = rng
                .i32s_in(2 * l, 0, spread)
                .iter()
                .map(|v| v + 100)
                .collect();
            let got: Vec<i32> = run(k, &input, l, 10);
            assert_eq!(got, shuffles(&input, l), "{opt} L={l}");
        }
    }
}

/// A compiled launch whose collectives part of each group skips: it succeeds for groups of
/// one (`l` work-items), which take part whole, and fails with `DivergentBarrier` otherwise.
fn only_whole_groups(what: &str, l: usize, r: Result<(), LaunchError>) {
    match (l, r) {
        (1, r) => r.unwrap(),
        (
            _,
            Err(LaunchError::Fault {
                fault: Fault::DivergentBarrier { .. },
                ..
            }),
        ) => {}
        (_, r) => panic!("{what}: {r:?}"),
    }
}

/// Non-uniform collectives: only local ids that are multiples of 3 take part. The
/// interpreter runs them exactly; the compiler's collectives need the whole group, and a
/// launch where part of it skips one fails (but for groups of one, which take part whole).
#[test]
fn khr_divergent() {
    let mut rng = Rng::new(8);
    let [jit, interp] = backends();
    for opt in OPT {
        let bytes = spirv(&format!("subgroups_khr-{opt}"));
        let mi = module_compiled(&bytes, interp);
        let mj = module_compiled(&bytes, jit);
        for l in SIZES {
            let input = rng.i32s_in(2 * l, -100, 100);
            let got: Vec<i32> = run(kernel(&mi, "sg_divergent"), &input, l, 4);
            for (i, got) in got.chunks(4).enumerate() {
                let lid = i % l;
                if lid % 3 != 0 {
                    assert_eq!(got, [-1; 4], "{opt} L={l} item {i}");
                    continue;
                }
                let (b, n) = subgroup(lid, l, S);
                let members: Vec<usize> = (b..b + n).filter(|k| k % 3 == 0).collect();
                let g0 = i / l * l;
                let bits = members.iter().fold(0u32, |a, k| a | 1 << (k - b));
                let sum: i32 = members.iter().map(|k| input[g0 + k]).sum();
                let want = [
                    (lid == members[0]) as i32,
                    bits as i32,
                    sum,
                    input[g0 + members[0]],
                ];
                assert_eq!(got, want, "{opt} L={l} item {i}");
            }
            let mut out = vec![0i32; 8 * l];
            let r = launch_1d(kernel(&mj, "sg_divergent"), 2 * l, l)
                .input(&input)
                .buffer(&mut out)
                .run();
            only_whole_groups(&format!("{opt} L={l}"), l, r);
        }
    }
}

/// Collectives that part of the group skips, by a loop whose trip count differs between
/// work-items or a return before them: the compiler fails the launch (its collectives need
/// the whole group, and a kernel where a work-item may skip one keeps the barrier every
/// work-item ends at), never a wrong value. Groups of one take part whole.
#[test]
fn skipped_collectives_fail() {
    let [jit, _] = backends();
    for opt in OPT {
        let mj = module_compiled(&spirv(&format!("subgroups-{opt}")), jit);
        for name in ["wg_uneven_loop", "wg_early_return"] {
            for l in SIZES {
                let input: Vec<i32> = (0..2 * l as i32).collect();
                let mut out = vec![0i32; 2 * l];
                let r = launch_1d(kernel(&mj, name), 2 * l, l)
                    .input(&input)
                    .buffer(&mut out)
                    .run();
                only_whole_groups(&format!("{name} {opt} L={l}"), l, r);
            }
        }
    }
}

/// A kernel's lone work-group scan, which every work-item reaches once, after a branch that
/// splits packs and a loop some work-items leave earlier: the compiler drops its barrier
/// (the steps run in id order), and the prefixes match the interpreter's and the host's for
/// group sizes that do and do not fill packs.
#[test]
fn lone_scan_without_barrier() {
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("subgroups-{opt}")), backend);
            for l in [1usize, 3, 30, 64, 256] {
                let groups = 3;
                let input = Rng::new(l as u64).i32s_in(groups * l, -50, 50);
                let mut out = vec![0i32; groups * l];
                launch_1d(kernel(&m, "wg_lone_scan"), groups * l, l)
                    .input(&input)
                    .buffer(&mut out)
                    .run()
                    .unwrap_or_else(|e| panic!("{} {opt} L={l}: {e}", backend.name()));
                let y = |x: i32| {
                    let y = if x & 1 != 0 { 3 * x } else { x };
                    y + (0..x.abs() % 3).sum::<i32>()
                };
                let want: Vec<i32> = input
                    .chunks(l)
                    .flat_map(|g| {
                        g.iter().scan(0, move |acc, &x| {
                            *acc += y(x);
                            Some(*acc)
                        })
                    })
                    .collect();
                assert_eq!(out, want, "{} {opt} L={l}", backend.name());
            }
        }
    }
}

/// A store guarded by `local id == 5` after a work-group reduction (the compiler runs only
/// the pack holding that work-item in groups of one row, the others return at once), 1-D and
/// 2-D, in groups with and without that work-item: the total where it exists, nothing where
/// it does not, on both executors.
#[test]
fn store_guarded_by_a_local_id() {
    let mut rng = Rng::new(9);
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("subgroups-{opt}")), backend);
            for name in ["wg_guarded_lid5", "wg_guarded_linear5"] {
                let k = kernel(&m, name);
                let shapes = [
                    (3, 1, 1, 1),
                    (2, 1, 5, 1),
                    (2, 1, 6, 1),
                    (3, 1, 7, 1),
                    (2, 1, 8, 1),
                    (2, 1, 64, 1),
                    (3, 1, 100, 1),
                    (2, 2, 4, 4),
                    (1, 2, 8, 2),
                    (2, 1, 3, 3),
                ];
                for (gx, gy, lx, ly) in shapes {
                    let (w, h) = (gx * lx, gy * ly);
                    let input = rng.i32s_in(w * h, -1000, 1000);
                    let mut out = vec![-1i32; gx * gy];
                    k.launch([gx as u32, gy as u32, 1], [lx as u32, ly as u32, 1])
                        .input(&input)
                        .buffer(&mut out)
                        .run()
                        .unwrap_or_else(|e| panic!("{name} {opt} {lx}x{ly}: {e}"));
                    let exists = match name {
                        "wg_guarded_lid5" => lx > 5,
                        _ => lx * ly > 5,
                    };
                    for (g, got) in out.iter().enumerate() {
                        let (x0, y0) = (g % gx * lx, g / gx * ly);
                        let input = &input;
                        let sum: i32 = (0..ly)
                            .flat_map(|j| (0..lx).map(move |i| input[(y0 + j) * w + x0 + i]))
                            .sum();
                        let want = if exists { sum + 5 } else { -1 };
                        assert_eq!(
                            *got,
                            want,
                            "{} {name} {opt} {lx}x{ly} group {g}",
                            backend.name()
                        );
                    }
                }
            }
        }
    }
}

/// The compiler compiles every sub-group kernel itself (none is left to the interpreter).
#[test]
fn compiler_takes_every_subgroup_kernel() {
    let [jit, _] = backends();
    for name in ["subgroups", "subgroups_khr"] {
        for opt in OPT {
            module_compiled(&spirv(&format!("{name}-{opt}")), jit);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn prop_subgroup_and_workgroup_int(l in 1usize..=300, groups in 1usize..4, seed in any::<u64>(), o2 in any::<bool>()) {
        let m = module(if o2 { "subgroups-O2" } else { "subgroups-O0" });
        let mut rng = Rng::new(seed);
        let input = rng.i32s_in(groups * l, -100, 100);
        let got: Vec<i32> = run(kernel(&m, "sg_int"), &input, l, 8);
        prop_assert_eq!(got, int_collectives(&input, l, S, false));
        let got: Vec<i32> = run(kernel(&m, "wg_int"), &input, l, 8);
        prop_assert_eq!(got, int_collectives(&input, l, l, true));
    }
}

// ---- hand-built modules: SPV_KHR_uniform_group_instructions, what fails the build ----------

/// `k(global int* out)`: `out[llid] = op(scope, group_op, 1 + (llid & 1))` in a module with
/// the capabilities of collectives, the kernel's sub-group size `sg_size` if given.
fn collective_module(
    scope: u32,
    op: rspirv::spirv::Op,
    group_op: rspirv::spirv::GroupOperation,
    sg_size: Option<u32>,
) -> Vec<u8> {
    use common::asm;
    use rspirv::dr::{InsertPoint, Instruction, Operand};
    use rspirv::spirv::{BuiltIn, Capability, ExecutionMode, StorageClass};
    let (mut b, c) = asm::skeleton((1, 3));
    for cap in [
        Capability::Groups,
        Capability::GroupNonUniform,
        Capability::GroupNonUniformArithmetic,
        Capability::GroupUniformArithmeticKHR,
        Capability::SubgroupDispatch,
    ] {
        b.capability(cap);
    }
    b.extension("SPV_KHR_uniform_group_instructions");
    let long_in = b.type_pointer(None, StorageClass::Input, c.long);
    let llid_var = b.variable(long_in, None, StorageClass::Input, None);
    asm::builtin(&mut b, llid_var, BuiltIn::LocalInvocationIndex);
    let scope = b.constant_bit32(c.int, scope);
    let one = b.constant_bit32(c.int, 1);
    let f = asm::kernel(&mut b, &c, "k", |b, c, out| {
        let llid = b.load(c.long, None, llid_var, None, []).unwrap();
        let l32 = b.u_convert(c.int, None, llid).unwrap();
        let odd = b.bitwise_and(c.int, None, l32, one).unwrap();
        let x = b.i_add(c.int, None, odd, one).unwrap();
        let r = b.id();
        let inst = Instruction::new(
            op,
            Some(c.int),
            Some(r),
            vec![
                Operand::IdScope(scope),
                Operand::GroupOperation(group_op),
                Operand::IdRef(x),
            ],
        );
        b.insert_into_block(InsertPoint::End, inst).unwrap();
        let at = b.ptr_access_chain(c.int_ptr, None, out, llid, []).unwrap();
        b.store(at, r, None, []).unwrap();
    });
    if let Some(s) = sg_size {
        b.execution_mode(f, ExecutionMode::SubgroupSize, [s]);
    }
    asm::bytes(b)
}

/// `OpGroupIMulKHR` and `OpGroupBitwiseXorKHR` over sub-groups of 8 and work-groups.
#[test]
fn khr_uniform_group_instructions() {
    use rspirv::spirv::{GroupOperation, Op};
    for backend in backends() {
        for (scope, span) in [(3u32, 8usize), (2, 0)] {
            for (op, f) in [
                (
                    Op::GroupIMulKHR,
                    (|a: i32, b: i32| a.wrapping_mul(b)) as fn(i32, i32) -> i32,
                ),
                (Op::GroupBitwiseXorKHR, |a, b| a ^ b),
            ] {
                let bytes = collective_module(scope, op, GroupOperation::InclusiveScan, Some(8));
                let m = module_compiled(&bytes, backend);
                let k = kernel(&m, "k");
                assert_eq!(k.required_subgroup_size(), Some(8));
                for l in [1, 5, 8, 20, 64] {
                    let mut out = vec![0i32; l];
                    launch_1d(k, l, l).buffer(&mut out).run().unwrap();
                    let span = if span == 0 { l } else { span };
                    for (i, got) in out.iter().enumerate() {
                        let want = (i / span * span..=i)
                            .map(|j| 1 + (j as i32 & 1))
                            .fold(if op == Op::GroupIMulKHR { 1 } else { 0 }, f);
                        assert_eq!(
                            *got,
                            want,
                            "{} {op:?} scope {scope} L={l} item {i}",
                            backend.name()
                        );
                    }
                }
            }
        }
    }
}

/// A sub-group size the device lacks, a scope other than a sub-group's or a work-group's, a
/// group operation not implemented: the kernel does not build, and the reason names it.
#[test]
fn unsupported_collectives_fail_the_build_naming_them() {
    use rspirv::spirv::{GroupOperation, Op};
    let cases = [
        (3, GroupOperation::Reduce, Some(12), "sub-group size 12"),
        (1, GroupOperation::Reduce, None, "Device"),
        (
            3,
            GroupOperation::PartitionedReduceNV,
            None,
            "PartitionedReduce",
        ),
    ];
    for backend in backends() {
        for (scope, group_op, size, named) in cases {
            let bytes = collective_module(scope, Op::GroupNonUniformIAdd, group_op, size);
            let words = spirv_exec::words(&bytes).unwrap();
            let m = spirv_exec::Module::build_with(&words, &Default::default(), backend).unwrap();
            assert!(m.kernel("k").is_none(), "{named}");
            let err = m.unavailable("k").expect("the kernel's reason").to_string();
            assert!(err.contains(named), "{named}: {err}");
        }
    }
}

/// `wg_uneven`: reductions after a loop whose trip count differs between work-items, so
/// that packs that run together (the first half of each group: the same trip count) come
/// before packs whose work-items run one by one, which must see what the earlier packs
/// reduced (the compiler keeps a pack's part of a reduction in a register: it goes to memory
/// before a pack runs work-item by work-item).
#[test]
fn reductions_over_packs_and_single_work_items() {
    let mut rng = Rng::new(5);
    for opt in OPT {
        let m = module(&format!("subgroups-{opt}"));
        let k = kernel(&m, "wg_uneven");
        for l in SIZES {
            let input: Vec<i32> = (0..2 * l)
                .map(|i| {
                    let v = rng.i32s_in(1, -100, 100)[0];
                    if i % l < l / 2 {
                        v & !3
                    } else {
                        v
                    }
                })
                .collect();
            let y: Vec<i32> = input
                .iter()
                .map(|&v| (0..v & 3).fold(v, |y, _| y * 3 + 1))
                .collect();
            let got: Vec<i32> = run(k, &input, l, 2);
            for (i, got) in got.chunks(2).enumerate() {
                let g0 = i / l * l;
                let (b, size) = subgroup(i % l, l, S);
                let want = [
                    y[g0..g0 + l].iter().sum::<i32>(),
                    y[g0 + b..g0 + b + size].iter().sum::<i32>(),
                ];
                assert_eq!(got, want, "{opt} L={l} item {i}");
            }
        }
    }
}
