//! Regions whose packs run in lockstep (`jit/lockstep.rs`): trip counts and branches the same
//! within a pack but not between packs (the packs give up and run one at a time), values the
//! same within a row but not between rows (2-D groups whose rows hold fewer packs than a pass),
//! and values kept across a barrier: every work-item's result, on both executors, against a
//! host reference. Lockstep passes are the compiler's hot tier: a first launch of 2^20
//! work-items makes the kernel hot.

mod common;

use common::{backends, kernel, module_compiled, spirv, OPT};
use spirv_exec::Kernel;

/// Work-items after which the compiler runs a kernel's hot tier.
const HOT_ITEMS: usize = 1 << 20;

/// Launches `k` over [`HOT_ITEMS`] work-items in groups of 64, with `args` (the inputs
/// first, then one output of an element per work-item), so that later launches run its hot
/// tier.
fn make_hot(k: &Kernel, input: &[u8], values: &[i32], local: bool) {
    let mut out = vec![0u32; HOT_ITEMS];
    let mut l = k
        .launch([(HOT_ITEMS / 64) as u32, 1, 1], [64, 1, 1])
        .input(input)
        .buffer(&mut out);
    for v in values {
        l = l.value(v);
    }
    if local {
        l = l.local(64 * 4);
    }
    l.run()
        .unwrap_or_else(|e| panic!("the warm-up launch: {e}"));
}

/// `lock_uneven`'s result for the work-item at global (x, y) of a launch `width` wide with
/// groups `local` in size.
fn uneven(
    input: &[f32],
    at: [usize; 2],
    width: usize,
    local: [usize; 2],
    n: i32,
    spread: i32,
) -> f32 {
    let [x, y] = at;
    let g = y * width + x;
    let (q, lid1) = ((x % local[0]) >> 2, y % local[1]);
    let m = input.len();
    let mut acc = 0f32;
    for j in 0..(n + lid1 as i32).max(0) as usize {
        acc += input[(g + j) % m] * (j + 1) as f32;
        if (x % local[0]) % 5 == j {
            acc += input[(7 * g + j) % m];
        }
    }
    for j in 0..((q % 3) as i32 * spread).max(0) as usize {
        acc += input[(3 * g + j) % m];
    }
    if q & 1 == 1 {
        acc += 100.0;
    }
    acc + input[(x / local[0]) % m]
}

#[test]
fn packs_that_disagree_run_alone_and_rows_keep_their_own_values() {
    let input: Vec<f32> = (0..97).map(|i| (i % 7) as f32).collect();
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("lockstep-{opt}")), backend);
            let k = kernel(&m, "lock_uneven");
            if backend.name() != "interpreter" {
                let bytes: Vec<u8> = input.iter().flat_map(|x| x.to_le_bytes()).collect();
                make_hot(k, &bytes, &[1, input.len() as i32, 0], false);
            }
            // Rows of 64, 32 and 16 (whole passes), 8 (a pass would span two rows), 4 packs
            // short of a pass at the end of the call (64 + 8 work-items per row).
            // Spread 1: packs of a pass disagree on the second loop's trip count (they give
            // up); 0: they agree.
            for ((groups, local, n), spread) in [
                ([2usize, 1usize], [64usize, 1usize], 2i32),
                ([2, 2], [32, 2], 0),
                ([3, 2], [16, 4], 1),
                ([4, 2], [8, 4], 3),
                ([2, 1], [24, 2], 1),
            ]
            .into_iter()
            .flat_map(|c| [(c, 0), (c, 1)])
            {
                let (width, height) = (groups[0] * local[0], groups[1] * local[1]);
                let mut out = vec![0f32; width * height];
                k.launch(
                    [groups[0] as u32, groups[1] as u32, 1],
                    [local[0] as u32, local[1] as u32, 1],
                )
                .input(&input)
                .buffer(&mut out)
                .value(&n)
                .value(&(input.len() as i32))
                .value(&spread)
                .run()
                .unwrap_or_else(|e| panic!("{} {opt}: {e}", backend.name()));
                for y in 0..height {
                    for x in 0..width {
                        assert_eq!(
                            out[y * width + x],
                            uneven(&input, [x, y], width, local, n, spread),
                            "{} {opt} local {local:?} spread {spread} item ({x}, {y})",
                            backend.name()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn values_kept_across_a_barrier_stay_per_pack() {
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("lockstep-{opt}")), backend);
            let k = kernel(&m, "lock_regions");
            if backend.name() != "interpreter" {
                make_hot(k, &vec![0u8; HOT_ITEMS * 4], &[], true);
            }
            for (groups, l) in [(3usize, 64usize), (2, 16), (4, 8), (2, 40)] {
                let n = groups * l;
                let input: Vec<i32> = (0..n as i32).map(|i| i * 7 % 23).collect();
                let mut out = vec![0i32; n];
                k.launch([groups as u32, 1, 1], [l as u32, 1, 1])
                    .input(&input)
                    .buffer(&mut out)
                    .local(l * 4)
                    .run()
                    .unwrap_or_else(|e| panic!("{} {opt}: {e}", backend.name()));
                for (g, &o) in out.iter().enumerate() {
                    let (lid, base) = (g % l, g - g % l);
                    let kk = (lid / 4) as i32;
                    let s: i32 = (0..=(kk % 5) as usize)
                        .map(|j| input[base + (lid + j) % l])
                        .sum();
                    assert_eq!(o, s + kk, "{} {opt} L={l} item {g}", backend.name());
                }
            }
        }
    }
}

#[test]
fn loops_after_stores_keep_going_together() {
    let input: Vec<i32> = (0..53).map(|i| i * 5 % 17 - 3).collect();
    let m = input.len();
    for backend in backends() {
        for opt in OPT {
            let module = module_compiled(&spirv(&format!("lockstep-{opt}")), backend);
            let k = kernel(&module, "lock_after_store");
            if backend.name() != "interpreter" {
                let mut aux = vec![0i32; HOT_ITEMS];
                let mut out = vec![0i32; HOT_ITEMS];
                k.launch([(HOT_ITEMS / 64) as u32, 1, 1], [64, 1, 1])
                    .input(&input)
                    .buffer(&mut out)
                    .buffer(&mut aux)
                    .value(&1i32)
                    .value(&(m as i32))
                    .run()
                    .unwrap_or_else(|e| panic!("the warm-up launch: {e}"));
            }
            for (groups, l, n) in [(3usize, 64usize, 7i32), (2, 16, 5), (4, 8, 4), (2, 40, 0)] {
                let items = groups * l;
                let (mut out, mut aux) = (vec![0i32; items], vec![-1i32; items]);
                k.launch([groups as u32, 1, 1], [l as u32, 1, 1])
                    .input(&input)
                    .buffer(&mut out)
                    .buffer(&mut aux)
                    .value(&n)
                    .value(&(m as i32))
                    .run()
                    .unwrap_or_else(|e| panic!("{} {opt}: {e}", backend.name()));
                for g in 0..items {
                    let lid = (g % l) as i32;
                    let sum: i32 = (0..n as usize).map(|j| input[(g + j) % m]).sum();
                    let marks: i32 = (0..n).filter(|j| j % 3 == lid % 3).map(|j| j + 1).sum();
                    assert_eq!(
                        [out[g], aux[g]],
                        [input[g % m] + sum, marks],
                        "{} {opt} L={l} item {g}",
                        backend.name()
                    );
                }
            }
        }
    }
}
