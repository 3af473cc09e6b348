//! Values that change only from one row of the work-group to the next (the stencil's
//! `clamp(y + 1, 0, h - 1) * w`, a volume's `1000 * y + 1000000 * z`): the compiled
//! executor computes them once per row of packs. Every work-item's result is still its own
//! row's, for any group shape (rows of 1 to 6 packs, several rows and planes per group),
//! launches of one or two threads, and both optimisation levels.

mod common;

use common::{kernel, module, Rng, OPT};
use proptest::prelude::*;

/// `stencil5_2d` over `groups` groups of `size` (a `w`×`h` image, `w`, `h` the launch's
/// size): every output is the clamped 5-point stencil of its own pixel.
fn stencil(groups: [u32; 2], size: [u32; 2], threads: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let (w, h) = (
        (groups[0] * size[0]) as usize,
        (groups[1] * size[1]) as usize,
    );
    let input = rng.quarters(w * h);
    for opt in OPT {
        let m = module(&format!("matmul-{opt}"));
        let k = kernel(&m, "stencil5_2d");
        let mut got = vec![f32::NAN; w * h];
        k.launch([groups[0], groups[1], 1], [size[0], size[1], 1])
            .input(&input)
            .buffer(&mut got)
            .value(&(w as i32))
            .value(&(h as i32))
            .threads(threads)
            .run()
            .unwrap();
        let v = |x: i64, y: i64| {
            input[y.clamp(0, h as i64 - 1) as usize * w + x.clamp(0, w as i64 - 1) as usize]
        };
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                let want =
                    (4.0 * v(x, y) + v(x - 1, y) + v(x + 1, y) + v(x, y - 1) + v(x, y + 1)) * 0.125;
                assert_eq!(
                    got[y as usize * w + x as usize],
                    want,
                    "{opt} {groups:?} groups of {size:?} ({x},{y})"
                );
            }
        }
    }
}

/// `volume_fill_3d` (`vol[i] = x + 1000 y + 1000000 z`, and the linear local id) over
/// `groups` groups of `size`.
fn volume(groups: [u32; 3], size: [u32; 3], threads: usize) {
    for opt in OPT {
        let m = module(&format!("workitem-{opt}"));
        let k = kernel(&m, "volume_fill_3d");
        let g = [0, 1, 2].map(|d| (groups[d] * size[d]) as usize);
        let n = g.iter().product::<usize>();
        let (mut vol, mut lin) = (vec![u32::MAX; n], vec![u32::MAX; n]);
        k.launch(groups, size)
            .buffer(&mut vol)
            .buffer(&mut lin)
            .threads(threads)
            .run()
            .unwrap();
        let s = size.map(|v| v as usize);
        for z in 0..g[2] {
            for y in 0..g[1] {
                for x in 0..g[0] {
                    let idx = (z * g[1] + y) * g[0] + x;
                    let at = format!("{opt} {groups:?} groups of {size:?} ({x},{y},{z})");
                    assert_eq!(vol[idx] as usize, x + 1000 * y + 1_000_000 * z, "{at}");
                    let want = ((z % s[2]) * s[1] + y % s[1]) * s[0] + x % s[0];
                    assert_eq!(lin[idx] as usize, want, "{at}");
                }
            }
        }
    }
}

#[test]
fn stencil_rows_of_one_to_several_packs() {
    for (groups, size) in [
        ([1, 1], [4, 1]),
        ([2, 3], [4, 5]),
        ([3, 2], [8, 3]),
        ([2, 2], [16, 4]),
        ([1, 2], [24, 3]),
    ] {
        stencil(groups, size, 1, 3);
    }
}

/// Rows of many packs (the compiled stencil runs a row's packs after its first in a loop of
/// their own, up to the row's end), on one and two threads.
#[test]
fn stencil_long_rows() {
    for threads in [1, 2] {
        stencil([2, 3], [64, 2], threads, 5);
        stencil([3, 1], [36, 3], threads, 6);
    }
}

#[test]
fn volume_rows_and_planes() {
    for (groups, size) in [
        ([2, 3, 2], [4, 2, 3]),
        ([1, 2, 3], [8, 3, 2]),
        ([3, 1, 2], [12, 1, 4]),
    ] {
        volume(groups, size, 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn stencil_any_shape(
        packs in 1u32..=6,
        rows in 1u32..=5,
        gx in 1u32..=3,
        gy in 1u32..=3,
        threads in 1usize..=2,
        seed in 0u64..1000,
    ) {
        stencil([gx, gy], [4 * packs, rows], threads, seed);
    }

    #[test]
    fn volume_any_shape(
        packs in 1u32..=3,
        rows in 1u32..=3,
        planes in 1u32..=3,
        groups in prop::array::uniform3(1u32..=2),
        threads in 1usize..=2,
    ) {
        volume(groups, [4 * packs, rows, planes], threads);
    }
}
