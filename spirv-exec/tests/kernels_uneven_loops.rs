//! Loops whose work-items leave at different iterations after a store, which the compiler
//! runs by packs, splitting a pack where its work-items first disagree (`jit/diverge.rs`):
//! every work-item's results, on both executors, against a host reference.

mod common;

use common::{backends, kernel, module_compiled, spirv, Rng, OPT};

/// Collatz steps from `x` to 1, at most 200, and the last step's index.
fn collatz(x: i32) -> (i32, i32) {
    let (mut x, mut steps) = (x, 0);
    while x != 1 && steps < 200 {
        x = if x & 1 != 0 { 3 * x + 1 } else { x / 2 };
        steps += 1;
    }
    (steps, steps - 1)
}

#[test]
fn uneven_loops_give_each_work_item_its_own_result() {
    let mut rng = Rng::new(11);
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("control_flow-{opt}")), backend);
            let k = kernel(&m, "uneven_loop");
            // Groups of 8 and 64; inputs that agree for whole packs (all 1: no step; all the
            // same) then disagree, and random ones.
            for (l, n) in [(8usize, 64usize), (64, 256)] {
                let input: Vec<i32> = (0..n)
                    .map(|i| match i % l {
                        j if j < 4 => 1,
                        j if j < 8 => 27,
                        _ => 1 + rng.below(1000) as i32,
                    })
                    .collect();
                let mut out = vec![0i32; 2 * n];
                let scale = 3i32;
                k.launch([(n / l) as u32, 1, 1], [l as u32, 1, 1])
                    .input(&input)
                    .buffer(&mut out)
                    .value(&scale)
                    .run()
                    .unwrap_or_else(|e| panic!("{} {opt}: {e}", backend.name()));
                for (i, &x) in input.iter().enumerate() {
                    let (steps, last) = collatz(x);
                    let last = if steps == 0 { -1 } else { last * scale };
                    assert_eq!(
                        [out[2 * i], out[2 * i + 1]],
                        [steps, last],
                        "{} {opt} L={l} item {i} (x={x})",
                        backend.name()
                    );
                }
            }
        }
    }
}
