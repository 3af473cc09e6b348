//! Loops whose work-items leave at different iterations after a store, which the compiler
//! runs by packs, splitting a pack where its work-items first disagree (`jit/diverge.rs`):
//! every work-item's results, on both executors (the compiler's two tiers), against a host
//! reference.

mod common;

use common::{backends, kernel, module_compiled, spirv, Rng, OPT};

/// `uneven_loop`'s results for work-item `i` of `input`: the final `acc` and `scale` times
/// the last `k` (-1 if none).
fn reference(input: &[i32], i: usize, scale: i32, limit: i32) -> [i32; 2] {
    let (mut acc, mut last) = (input[i], -1);
    let mut k = input[i] & 7;
    while k < limit {
        let v = input[i ^ (k & 1) as usize];
        acc = if k & 1 != 0 {
            (acc >> 1).wrapping_add(v)
        } else {
            acc.wrapping_mul(3).wrapping_add(v) & 0xffff
        };
        last = k.wrapping_mul(scale);
        k += 3;
    }
    [acc, last]
}

#[test]
fn uneven_loops_give_each_work_item_its_own_result() {
    let mut rng = Rng::new(11);
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("control_flow-{opt}")), backend);
            let k = kernel(&m, "uneven_loop");
            // Groups of 8 and 64: a pack whose work-items agree (the same start), then random
            // starts (most packs split), and a limit no work-item reaches (no iteration); on
            // the compiler's first tier, then on its hot tier (packs in lockstep, after a launch
            // of 2^20 work-items).
            let cases = [(8usize, 64usize, 40i32), (64, 256, 40), (8, 16, 0)];
            let hot = (backend.name() != "interpreter").then_some((64usize, 1usize << 20, 40i32));
            for (l, n, limit) in cases
                .into_iter()
                .chain(hot)
                .chain(hot.map(|_| cases).into_iter().flatten())
            {
                let input: Vec<i32> = (0..n)
                    .map(|i| match i % l {
                        j if j < 4 => 5,
                        _ => rng.below(1000) as i32,
                    })
                    .collect();
                let mut out = vec![0i32; 2 * n];
                let scale = 3i32;
                k.launch([(n / l) as u32, 1, 1], [l as u32, 1, 1])
                    .input(&input)
                    .buffer(&mut out)
                    .value(&scale)
                    .value(&limit)
                    .run()
                    .unwrap_or_else(|e| panic!("{} {opt}: {e}", backend.name()));
                for i in 0..n {
                    assert_eq!(
                        [out[2 * i], out[2 * i + 1]],
                        reference(&input, i, scale, limit),
                        "{} {opt} L={l} item {i} (in={})",
                        backend.name(),
                        input[i]
                    );
                }
            }
        }
    }
}
