//! Accesses whose addresses run consecutively along a row of the work-group: the compiled
//! executor checks the rest of a row at once and the single accesses only when that fails.
//! Wherever a launch reaches past its buffer, it still faults at the first byte out of
//! range, nothing outside the buffer changes, and what was written is right.

mod common;

use common::{backends, kernel, module, module_compiled, spirv, OPT};
use proptest::prelude::*;
use spirv_exec::{Fault, LaunchError};

const SENTINEL: i32 = -7;
/// Ints before and after the buffer, in the same host allocation.
const MARGIN: usize = 64;

/// Runs `oob_write_2d` (`out[i + n] = i`, `i = y * width + x`) on one thread over `groups`
/// groups of `size` on a buffer of exactly the launch's items, `skew` ints into a larger
/// allocation; checks the memory around it and returns the fault's address and length as
/// offsets in bytes from the buffer's start, if the launch faulted.
fn write_2d(
    opt: &str,
    groups: [u32; 2],
    size: [u32; 2],
    n: i32,
    skew: usize,
) -> Option<(i64, usize)> {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_write_2d");
    let total = (groups[0] * size[0] * groups[1] * size[1]) as usize;
    let mut all = vec![SENTINEL; MARGIN + skew + total + MARGIN];
    let start = MARGIN + skew;
    let buf = &mut all[start..start + total];
    let base = buf.as_ptr() as i64;
    let r = k
        .launch([groups[0], groups[1], 1], [size[0], size[1], 1])
        .buffer(buf)
        .value(&n)
        .threads(1)
        .run();
    let at = format!("{opt} groups {groups:?} of {size:?}, n {n}, skew {skew}");
    assert!(
        all[..start]
            .iter()
            .chain(&all[start + total..])
            .all(|&v| v == SENTINEL),
        "{at}: memory outside the buffer changed"
    );
    for (j, &v) in all[start..start + total].iter().enumerate() {
        let i = j as i64 - n as i64;
        assert!(v == SENTINEL || v as i64 == i, "{at}: element {j} is {v}");
    }
    match r {
        Ok(()) => {
            for (j, &v) in all[start..start + total].iter().enumerate() {
                let i = j as i64 - n as i64;
                if (0..total as i64).contains(&i) {
                    assert_eq!(v as i64, i, "{at}: element {j}");
                }
            }
            None
        }
        Err(LaunchError::Fault { kernel, fault }) => {
            assert_eq!(kernel, "oob_write_2d", "{at}");
            match fault {
                Fault::OutOfBounds { address, len, .. } => Some((address as i64 - base, len)),
                other => panic!("{at}: {other}"),
            }
        }
        Err(e) => panic!("{at}: {e}"),
    }
}

/// The first out-of-range write of `oob_write_2d`: work-items run in order on one thread
/// (groups in order, then the items of each, dimension 0 first).
fn expected(groups: [u32; 2], size: [u32; 2], n: i32) -> Option<(i64, usize)> {
    let width = (groups[0] * size[0]) as i64;
    let total = width * (groups[1] * size[1]) as i64;
    for gy in 0..groups[1] {
        for gx in 0..groups[0] {
            for ly in 0..size[1] {
                for lx in 0..size[0] {
                    let (x, y) = ((gx * size[0] + lx) as i64, (gy * size[1] + ly) as i64);
                    let at = y * width + x + n as i64;
                    if !(0..total).contains(&at) {
                        return Some((4 * at, 4));
                    }
                }
            }
        }
    }
    None
}

#[test]
fn a_row_reaching_past_the_end_faults_at_the_first_byte_out_of_range() {
    for opt in OPT {
        // One row of 64 work-items (one check for all of it, which fails), then rows of 8.
        for (groups, size) in [([4, 1], [64, 1]), ([3, 5], [8, 4]), ([2, 2], [4, 3])] {
            for n in [0, 1, 3, 4, 5, 17, -1, -4, -9] {
                assert_eq!(
                    write_2d(opt, groups, size, n, 0),
                    expected(groups, size, n),
                    "{opt} groups {groups:?} of {size:?}, n {n}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Sizes, offsets and buffer positions at the edges of the buffer.
    #[test]
    fn row_checks_fault_exactly_where_an_access_leaves_the_buffer(
        gx in 1u32..4,
        gy in 1u32..3,
        sx in prop::sample::select(vec![4u32, 8, 12, 16, 20, 32, 48]),
        sy in 1u32..4,
        n in -12i32..12,
        skew in 0usize..4,
    ) {
        for opt in OPT {
            prop_assert_eq!(
                write_2d(opt, [gx, gy], [sx, sy], n, skew),
                expected([gx, gy], [sx, sy], n)
            );
        }
    }
}

/// `oob_write_int` (`out[i + n] = i` with 32-bit `i + n`) on one thread over `groups` groups
/// of `size` on a buffer of exactly the launch's items: the fault's byte offset from the
/// buffer's start, if any, after checking the memory around the buffer.
fn write_int(opt: &str, groups: u32, size: u32, n: u32) -> Option<i64> {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_write_int");
    let total = (groups * size) as usize;
    let mut all = vec![SENTINEL; MARGIN + total + MARGIN];
    let buf = &mut all[MARGIN..MARGIN + total];
    let base = buf.as_ptr() as i64;
    let r = k
        .launch([groups, 1, 1], [size, 1, 1])
        .buffer(buf)
        .value(&n)
        .threads(1)
        .run();
    let at = format!("{opt} {groups} groups of {size}, n {n}");
    assert!(
        all[..MARGIN]
            .iter()
            .chain(&all[MARGIN + total..])
            .all(|&v| v == SENTINEL),
        "{at}: memory outside the buffer changed"
    );
    for (j, &v) in all[MARGIN..MARGIN + total].iter().enumerate() {
        let i = (j as u32).wrapping_sub(n);
        assert!(v == SENTINEL || v as u32 == i, "{at}: element {j} is {v}");
    }
    int_fault(r, base, &at)
}

/// The offset from `base` of the 4-byte access a launch faulted at, if it did.
fn int_fault(r: Result<(), LaunchError>, base: i64, at: &str) -> Option<i64> {
    common::out_of_bounds(r, base, at).map(|f| {
        assert_eq!(f.len, 4, "{at}");
        f.offset
    })
}

/// Addresses from a 32-bit index: consecutive lanes in one check, a pack whose index wraps
/// (or leaves the buffer) lane by lane, faulting at the first work-item out of range.
#[test]
fn int_indices_fault_at_the_first_work_item_out_of_range() {
    for opt in OPT {
        for (groups, size) in [(3u32, 8u32), (2, 12), (1, 64)] {
            let total = groups * size;
            for n in [
                0u32,
                1,
                2,
                3,
                4,
                7,
                u32::MAX,
                u32::MAX - 1,
                u32::MAX - 2,
                u32::MAX - 5,
            ] {
                let first_bad = (0..total)
                    .map(|i| i.wrapping_add(n))
                    .find(|&x| x >= total)
                    .map(|x| 4 * x as i64);
                assert_eq!(
                    write_int(opt, groups, size, n),
                    first_bad,
                    "{opt} {groups} groups of {size}, n {n}"
                );
            }
        }
    }
}

/// `stencil5_2d`'s store `out[y * w + x]` (an `int` index, consecutive along a row: checked
/// once per row) with `out` too short: the first item out of range faults, in order, and
/// nothing past `out` changes.
#[test]
fn a_short_output_faults_at_the_first_row_reaching_past_it() {
    for opt in OPT {
        let m = module(&format!("matmul-{opt}"));
        let k = kernel(&m, "stencil5_2d");
        let (groups, size) = ([3u32, 2u32], [8u32, 2u32]);
        let (gw, gh) = (
            (groups[0] * size[0]) as usize,
            (groups[1] * size[1]) as usize,
        );
        for (w, len) in [(gw, gw * gh), (gw, gw * gh - 3), (gw + 5, 20), (gw + 8, 61)] {
            let input = vec![1.0f32; w * gh];
            let mut all = vec![-7.0f32; MARGIN + len + MARGIN];
            let out = &mut all[MARGIN..MARGIN + len];
            let base = out.as_ptr() as i64;
            let r = k
                .launch([groups[0], groups[1], 1], [size[0], size[1], 1])
                .input(&input)
                .buffer(out)
                .value(&(w as i32))
                .value(&(gh as i32))
                .threads(1)
                .run();
            let at = format!("{opt} w {w} len {len}");
            assert!(
                all[..MARGIN]
                    .iter()
                    .chain(&all[MARGIN + len..])
                    .all(|&v| v == -7.0),
                "{at}: memory outside the buffer changed"
            );
            assert!(
                all[MARGIN..MARGIN + len]
                    .iter()
                    .all(|&v| v == -7.0 || v == 1.0),
                "{at}: a wrong value"
            );
            let mut first_bad = None;
            'find: for gy in 0..groups[1] as usize {
                for gx in 0..groups[0] as usize {
                    for ly in 0..size[1] as usize {
                        for lx in 0..size[0] as usize {
                            let (x, y) = (gx * size[0] as usize + lx, gy * size[1] as usize + ly);
                            if y * w + x >= len {
                                first_bad = Some(4 * (y * w + x) as i64);
                                break 'find;
                            }
                        }
                    }
                }
            }
            let got = int_fault(r, base, &at);
            assert_eq!(got, first_bad, "{at}");
        }
    }
}

/// `oob_read` (`out[i] = in[i + n]`, 1-D) on one thread over `groups` groups of `size`, `in`
/// holding `len` ints inside a larger allocation: the fault's byte offset from `in`'s start,
/// if any, after checking that `out` holds only right values (all of them in the groups
/// before the faulting work-item's).
fn read_1d(opt: &str, groups: u32, size: u32, n: i32, len: usize) -> Option<i64> {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_read");
    let total = (groups * size) as usize;
    let mut all = vec![SENTINEL; MARGIN + len + MARGIN];
    for (j, v) in all[MARGIN..MARGIN + len].iter_mut().enumerate() {
        *v = 1000 + j as i32;
    }
    // A buffer (not an input, which is copied): reads past it stay in `all`.
    let input = &mut all[MARGIN..MARGIN + len];
    let base = input.as_ptr() as i64;
    let mut out = vec![SENTINEL; total];
    let r = k
        .launch([groups, 1, 1], [size, 1, 1])
        .buffer(input)
        .buffer(&mut out)
        .value(&n)
        .threads(1)
        .run();
    let at = format!("{opt} {groups} groups of {size}, n {n}, len {len}");
    let first_bad = (0..total as i64).find(|i| !(0..len as i64).contains(&(i + n as i64)));
    for (j, &v) in out.iter().enumerate() {
        let right = 1000 + j as i32 + n;
        assert!(v == SENTINEL || v == right, "{at}: out[{j}] is {v}");
        let before = first_bad.is_none_or(|f| (j as i64) < f / size as i64 * size as i64);
        assert!(!before || v == right, "{at}: out[{j}] not written");
    }
    int_fault(r, base, &at)
}

/// A load and a store checked once per row (the compiled code then runs several packs per
/// loop pass with neither checked): a read past the input's end, or before its start, faults
/// at the first byte out of range, and only the work-items before it wrote.
#[test]
fn unrolled_packs_fault_at_the_first_read_out_of_range() {
    let expected = |groups: u32, size: u32, n: i32, len: usize| {
        (0..(groups * size) as i64)
            .map(|i| i + n as i64)
            .find(|x| !(0..len as i64).contains(x))
            .map(|x| 4 * x)
    };
    for opt in OPT {
        for (groups, size) in [(1u32, 64u32), (3, 20), (2, 48), (4, 12)] {
            let total = (groups * size) as usize;
            for (n, short) in [(0, 0), (0, 1), (0, 17), (3, 0), (-1, 0), (0, total - 40)] {
                let len = total - short;
                assert_eq!(
                    read_1d(opt, groups, size, n, len),
                    expected(groups, size, n, len),
                    "{opt} {groups} groups of {size}, n {n}, len {len}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Group sizes around the passes' 16 work-items, inputs ending anywhere.
    #[test]
    fn unrolled_packs_read_exactly_up_to_the_input_end(
        groups in 1u32..4,
        size in prop::sample::select(vec![4u32, 8, 12, 16, 20, 24, 36, 48, 64]),
        n in -5i32..5,
        short in 0usize..40,
    ) {
        let total = (groups * size) as usize;
        let len = total.saturating_sub(short).max(1);
        let want = (0..total as i64)
            .map(|i| i + n as i64)
            .find(|x| !(0..len as i64).contains(x))
            .map(|x| 4 * x);
        for opt in OPT {
            prop_assert_eq!(read_1d(opt, groups, size, n, len), want);
        }
    }
}

/// Work-group collectives of row-checked accesses (`group_collectives.cl`:
/// `reduce_sum_f32_workgroup`, each group's sum of `in[get_global_id(0)]`;
/// `scan_inclusive_u32_workgroup`, `out[i]` the inclusive scan of `in[i]`, a lone scan
/// without its barrier): after a row's check, the compiler runs its packs four at a time
/// without their collective's tests wherever none of the four holds the group's first or
/// last work-item. The group sizes put the last pack inside, just after and well after such
/// passes (none, one, several); the results are exact. An input one element short faults.
/// Catches: a pass that takes the group's last pack (the reduction's total never stored),
/// a pass with the reduction's tests left out whatever packs it takes, a scan's step in a
/// pass starting from the identity. (One that leaves out the values kept across the barrier
/// fails `kernels_subgroups`' `wg_guarded_*` kernels.)
#[test]
fn work_group_collectives_of_row_checked_accesses() {
    for backend in backends() {
        for opt in OPT {
            let m = module_compiled(&spirv(&format!("group_collectives-{opt}")), backend);
            let (sum, scan) = (
                kernel(&m, "reduce_sum_f32_workgroup"),
                kernel(&m, "scan_inclusive_u32_workgroup"),
            );
            for l in [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 60, 64, 100, 256] {
                let (groups, what) = (3, format!("{} {opt} L={l}", backend.name()));
                let (grid, size) = ([groups as u32, 1, 1], [l as u32, 1, 1]);
                let input: Vec<f32> = (0..groups * l).map(|i| (i % 7 + 1) as f32).collect();
                let mut out = vec![-1f32; groups];
                let r = sum.launch(grid, size).input(&input).buffer(&mut out).run();
                r.unwrap_or_else(|e| panic!("sum {what}: {e}"));
                for (g, got) in out.iter().enumerate() {
                    let want: f32 = input[g * l..(g + 1) * l].iter().sum();
                    assert_eq!(*got, want, "sum {what} group {g}");
                }
                let ints: Vec<u32> = (0..(groups * l) as u32).map(|i| i * 7 % 11).collect();
                let mut prefixes = vec![0u32; groups * l];
                let r = scan
                    .launch(grid, size)
                    .input(&ints)
                    .buffer(&mut prefixes)
                    .run();
                r.unwrap_or_else(|e| panic!("scan {what}: {e}"));
                for (g, (got, x)) in prefixes.chunks(l).zip(ints.chunks(l)).enumerate() {
                    let want = x.iter().scan(0, |a, v| {
                        *a += v;
                        Some(*a)
                    });
                    assert!(got.iter().copied().eq(want), "scan {what} group {g}");
                }
                let short = sum
                    .launch(grid, size)
                    .input(&input[1..])
                    .buffer(&mut out)
                    .run();
                let short_scan = scan
                    .launch(grid, size)
                    .input(&ints[1..])
                    .buffer(&mut prefixes);
                for r in [short, short_scan.run()] {
                    assert!(
                        matches!(
                            r,
                            Err(LaunchError::Fault {
                                fault: Fault::OutOfBounds { .. },
                                ..
                            })
                        ),
                        "{what}: {r:?}"
                    );
                }
            }
        }
    }
}
