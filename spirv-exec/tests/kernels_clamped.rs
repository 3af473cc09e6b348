//! Accesses through clamped 2-D indices (`a[clamp(x + d, lo, hi) + y * w]`): the compiled
//! executor checks each once per work-group from the bounds of its index, and lets the packs
//! of a group that passed access memory without checks of their own. Wherever such an access
//! leaves its buffer part-way through a launch, it still faults at the first byte out of
//! range (work-items in order), nothing outside the buffer changes, and what was written is
//! what the work-items before the fault wrote.

mod common;

use common::{kernel, module, OPT};
use proptest::prelude::*;
use spirv_exec::LaunchError;

const SENTINEL: i32 = -7;
/// Ints before and after a buffer, in the same host allocation.
const MARGIN: usize = 64;

/// A launch of `oob_clamp_store` or `oob_clamp_load`: `groups` groups of `size`, the
/// clamped index `clamp(x + d, lo, hi) + y * w` into a buffer of `len` ints.
#[derive(Clone, Copy, Debug)]
struct Case {
    groups: [u32; 2],
    size: [u32; 2],
    d: i32,
    lo: i32,
    hi: i32,
    w: i32,
    len: usize,
}

impl Case {
    /// The global ids (x, y) in the order the work-items run on one thread: groups in
    /// order, dimension 0 first, then each group's items likewise.
    fn items(&self) -> Vec<(i64, i64)> {
        let mut v = Vec::new();
        for gy in 0..self.groups[1] {
            for gx in 0..self.groups[0] {
                for ly in 0..self.size[1] {
                    for lx in 0..self.size[0] {
                        v.push((
                            (gx * self.size[0] + lx) as i64,
                            (gy * self.size[1] + ly) as i64,
                        ));
                    }
                }
            }
        }
        v
    }

    fn index(&self, (x, y): (i64, i64)) -> i64 {
        (x + self.d as i64).max(self.lo as i64).min(self.hi as i64) + y * self.w as i64
    }

    fn width(&self) -> usize {
        (self.groups[0] * self.size[0]) as usize
    }

    /// The work-items before the first whose index leaves `[0, len)`, and that index.
    fn run_until_fault(&self) -> (Vec<(i64, i64)>, Option<i64>) {
        let mut done = Vec::new();
        for item in self.items() {
            let i = self.index(item);
            if !(0..self.len as i64).contains(&i) {
                return (done, Some(i));
            }
            done.push(item);
        }
        (done, None)
    }
}

/// The fault's address as a byte offset from `base`, or `None` if the launch ran through.
fn fault_offset(r: Result<(), LaunchError>, base: i64, at: &str) -> Option<i64> {
    common::out_of_bounds(r, base, at).map(|f| {
        assert!(f.kernel.starts_with("oob_clamp_"), "{at}: {}", f.kernel);
        assert_eq!(f.len, 4, "{at}");
        f.offset
    })
}

/// Runs `oob_clamp_store` for `c` and checks the fault, the memory around the buffer and
/// every element against work-items run one by one in order.
fn check_store(opt: &str, c: Case) {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_clamp_store");
    let mut all = vec![SENTINEL; MARGIN + c.len + MARGIN];
    let buf = &mut all[MARGIN..MARGIN + c.len];
    let base = buf.as_ptr() as i64;
    let r = k
        .launch([c.groups[0], c.groups[1], 1], [c.size[0], c.size[1], 1])
        .buffer(buf)
        .value(&c.d)
        .value(&c.lo)
        .value(&c.hi)
        .value(&c.w)
        .threads(1)
        .run();
    let at = format!("{opt} {c:?}");
    assert!(
        all[..MARGIN]
            .iter()
            .chain(&all[MARGIN + c.len..])
            .all(|&v| v == SENTINEL),
        "{at}: memory outside the buffer changed"
    );
    let (done, bad) = c.run_until_fault();
    assert_eq!(fault_offset(r, base, &at), bad.map(|i| 4 * i), "{at}");
    let buf = &all[MARGIN..MARGIN + c.len];
    // Each element: what the last work-item before the fault wrote there; after a fault,
    // the pack holding it may have stopped short, so any earlier writer's value or none.
    let mut last = vec![SENTINEL; c.len];
    let mut writers: Vec<Vec<i32>> = vec![Vec::new(); c.len];
    for &(x, y) in &done {
        let i = c.index((x, y)) as usize;
        last[i] = (y * 1000 + x) as i32;
        writers[i].push(last[i]);
    }
    for (j, &v) in buf.iter().enumerate() {
        if bad.is_none() {
            assert_eq!(v, last[j], "{at}: element {j}");
        } else {
            assert!(
                v == SENTINEL || writers[j].contains(&v),
                "{at}: element {j} is {v}"
            );
        }
    }
}

/// Runs `oob_clamp_load` for `c` (`in` of `c.len` ints `3 + 7 j`) and checks the fault,
/// that nothing around either buffer changed, and every output: right where its work-item ran
/// before the fault, untouched from the fault on.
fn check_load(opt: &str, c: Case) {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_clamp_load");
    let mut input = vec![SENTINEL; MARGIN + c.len + MARGIN];
    for (j, v) in input[MARGIN..MARGIN + c.len].iter_mut().enumerate() {
        *v = 3 + 7 * j as i32;
    }
    let n_out = c.items().len();
    let mut all = vec![SENTINEL; MARGIN + n_out + MARGIN];
    // A buffer, not an input: the kernel reads the host allocation itself (margins and all).
    let inp = &mut input[MARGIN..MARGIN + c.len];
    let base = inp.as_ptr() as i64;
    let r = k
        .launch([c.groups[0], c.groups[1], 1], [c.size[0], c.size[1], 1])
        .buffer(inp)
        .buffer(&mut all[MARGIN..MARGIN + n_out])
        .value(&c.d)
        .value(&c.lo)
        .value(&c.hi)
        .value(&c.w)
        .threads(1)
        .run();
    let at = format!("{opt} {c:?}");
    assert!(
        all[..MARGIN]
            .iter()
            .chain(&all[MARGIN + n_out..])
            .all(|&v| v == SENTINEL),
        "{at}: memory outside the output changed"
    );
    let (done, bad) = c.run_until_fault();
    assert_eq!(fault_offset(r, base, &at), bad.map(|i| 4 * i), "{at}");
    let out = &all[MARGIN..MARGIN + n_out];
    let mut want = vec![None; n_out];
    for &(x, y) in &done {
        want[y as usize * c.width() + x as usize] = Some(3 + 7 * c.index((x, y)) as i32);
    }
    for (j, (&v, w)) in out.iter().zip(&want).enumerate() {
        match (w, bad) {
            (Some(w), None) => assert_eq!(v, *w, "{at}: output {j}"),
            (Some(w), Some(_)) => assert!(v == *w || v == SENTINEL, "{at}: output {j} is {v}"),
            (None, _) => assert_eq!(v, SENTINEL, "{at}: output {j} written after the fault"),
        }
    }
}

/// Cases around the buffer's ends: in range (clamped at both edges, or not at all), a last
/// row or group reaching past the end, bounds below the start, a row pitch past the width.
fn cases() -> Vec<Case> {
    let c = |groups, size, d, lo, hi, w, len| Case {
        groups,
        size,
        d,
        lo,
        hi,
        w,
        len,
    };
    vec![
        // 32 × 4 in 8 × 2 groups, pitch 32: clamped to the row, all in range.
        c([4, 2], [8, 2], -1, 0, 31, 32, 128),
        c([4, 2], [8, 2], 1, 0, 31, 32, 128),
        c([4, 2], [8, 2], 0, 0, 31, 32, 128),
        // The last row's clamp reaches one element past the end.
        c([4, 2], [8, 2], 1, 0, 32, 32, 128),
        // The last group's row lands past the end part-way (short buffer).
        c([4, 2], [8, 2], 0, 0, 31, 32, 120),
        c([4, 2], [8, 2], 3, 0, 40, 32, 127),
        // Bounds below the start: the first work-item faults.
        c([4, 2], [8, 2], -1, -1, 31, 32, 128),
        // A pitch past the width: rows skip elements; the last rows fall off.
        c([2, 3], [16, 2], 2, 0, 31, 40, 200),
        c([2, 3], [16, 2], -3, 2, 29, 40, 232),
        // A wide row of one group (64 work-items), clamped hard.
        c([1, 2], [64, 1], 5, 10, 20, 64, 90),
        c([1, 2], [64, 1], 5, 10, 20, 64, 84),
        // lo > hi: every index is hi.
        c([2, 2], [4, 2], 0, 9, 3, 8, 32),
    ]
}

#[test]
fn clamped_stores_fault_at_the_first_work_item_out_of_range() {
    for opt in OPT {
        for c in cases() {
            check_store(opt, c);
        }
    }
}

#[test]
fn clamped_loads_fault_at_the_first_work_item_out_of_range() {
    for opt in OPT {
        for c in cases() {
            check_load(opt, c);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Group shapes, offsets, bounds, pitches and buffer ends around the reach of the index.
    #[test]
    fn clamped_accesses_fault_exactly_where_they_leave_the_buffer(
        gx in 1u32..4,
        gy in 1u32..3,
        sx in prop::sample::select(vec![4u32, 8, 16]),
        sy in 1u32..3,
        d in -6i32..6,
        lo in -2i32..4,
        span in -2i32..40,
        pitch in -2i32..6,
        end in -6i64..3,
    ) {
        let width = (gx * sx) as i32;
        let hi = lo + span;
        let w = (width + pitch).max(1);
        // Around the last row's upper bound.
        let rows = (gy * sy) as i64;
        let len = ((rows - 1) * w as i64 + hi as i64 + 1 + end).max(1) as usize;
        let c = Case { groups: [gx, gy], size: [sx, sy], d, lo, hi, w, len };
        for opt in OPT {
            check_store(opt, c);
            check_load(opt, c);
        }
    }
}
