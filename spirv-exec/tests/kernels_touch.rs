//! The compiled executor touches, at each new row of packs, the lines that an access checked
//! for the whole work-group (a load, and a row-consecutive store next to it) will reach rows
//! further on, clamped to the bounds the group check allowed. Here the input and the output
//! end (or start) right at a page that cannot be read: a touch outside the checked bounds
//! would kill the test with a segmentation fault. The outputs must be exact (the touches
//! read nothing the kernel sees). A store checked once per group that leaves its buffer
//! part-way still faults at its first bad byte, nothing written past it.
#![cfg(target_os = "linux")]

mod common;

use common::{kernel, module, out_of_bounds, OPT};
use proptest::prelude::*;
use std::ffi::c_void;

extern "C" {
    fn mmap(addr: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, off: i64)
        -> *mut c_void;
    fn mprotect(addr: *mut c_void, len: usize, prot: i32) -> i32;
    fn munmap(addr: *mut c_void, len: usize) -> i32;
}
const PROT_NONE: i32 = 0;
const PROT_READ_WRITE: i32 = 3;
const MAP_PRIVATE_ANONYMOUS: i32 = 0x22;
/// A multiple of every page size in use.
const GUARD: usize = 64 * 1024;

/// `len` ints between two unreadable guard regions, at the start of the readable region or
/// at its end.
struct Guarded {
    map: *mut c_void,
    size: usize,
    data: *mut i32,
}

impl Guarded {
    fn new(len: usize, at_end: bool) -> Guarded {
        let body = (len * 4).div_ceil(GUARD) * GUARD;
        let size = body + 2 * GUARD;
        // SAFETY: a fresh private anonymous mapping; the guards are inside it.
        let map = unsafe {
            mmap(
                std::ptr::null_mut(),
                size,
                PROT_READ_WRITE,
                MAP_PRIVATE_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(map as isize, -1, "mmap failed");
        // SAFETY: both ranges lie inside the mapping, page aligned.
        unsafe {
            assert_eq!(mprotect(map, GUARD, PROT_NONE), 0);
            assert_eq!(
                mprotect(map.cast::<u8>().add(GUARD + body).cast(), GUARD, PROT_NONE),
                0
            );
        }
        let start = if at_end {
            GUARD + body - len * 4
        } else {
            GUARD
        };
        // SAFETY: `start .. start + 4 len` is within the readable body.
        let data = unsafe { map.cast::<u8>().add(start).cast::<i32>() };
        Guarded { map, size, data }
    }

    fn slice(&mut self, len: usize) -> &mut [i32] {
        // SAFETY: `len` ints of the readable body, owned by `self`, 4-byte aligned.
        unsafe { std::slice::from_raw_parts_mut(self.data, len) }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: the whole mapping made in `new`; no slice of it outlives `self`.
        unsafe { munmap(self.map, self.size) };
    }
}

/// `oob_clamp_load` over `groups` groups of `size`: `out[y W + x] = in[clamp(x + d, 0,
/// w - 1) + y w]`, the input exactly the rows read (`w` times the rows), against guards, and
/// the output too. With `down`, the rows run backwards through the input (the row step is
/// `-w`: `in[clamp(x + d + lo, lo, lo + w - 1) - y w]`, `lo` the last row's start), so the
/// touches move down, towards the start of the input.
fn check(opt: &str, groups: [u32; 2], size: [u32; 2], d: i32, w: i32, at_end: bool, down: bool) {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_clamp_load");
    let width = (groups[0] * size[0]) as usize;
    let rows = (groups[1] * size[1]) as usize;
    let len = rows * w as usize;
    let mut g = Guarded::new(len, at_end);
    let input = g.slice(len);
    for (j, v) in input.iter_mut().enumerate() {
        *v = 3 + 7 * j as i32;
    }
    let mut go = Guarded::new(width * rows, at_end);
    let out = go.slice(width * rows);
    out.fill(-7);
    let (lo, step) = if down {
        ((rows as i32 - 1) * w, -w)
    } else {
        (0, w)
    };
    let (d, hi) = (d + lo, lo + w - 1);
    let at = format!("{opt} {groups:?} {size:?} {d} {w} at_end {at_end} down {down}");
    k.launch([groups[0], groups[1], 1], [size[0], size[1], 1])
        .buffer(input)
        .buffer(out)
        .value(&d)
        .value(&lo)
        .value(&hi)
        .value(&step)
        .threads(1)
        .run()
        .unwrap_or_else(|e| panic!("{at}: {e}"));
    let out = go.slice(width * rows);
    for y in 0..rows {
        for x in 0..width {
            let i = (x as i64 + d as i64).clamp(lo as i64, hi as i64) + y as i64 * step as i64;
            assert_eq!(out[y * width + x], 3 + 7 * i as i32, "{at}: ({x}, {y})");
        }
    }
}

#[test]
fn row_touches_stay_inside_the_checked_buffers() {
    for opt in OPT {
        for at_end in [true, false] {
            for down in [false, true] {
                // 16 × 4 groups, rows of 4 packs: the last rows' touches reach past the
                // input.
                check(opt, [4, 4], [16, 4], 1, 64, at_end, down);
                check(opt, [4, 4], [16, 4], -1, 64, at_end, down);
                // Tall groups, one pack per row.
                check(opt, [2, 2], [4, 16], 0, 8, at_end, down);
            }
        }
    }
}

/// `oob_clamp_load` (`in[clamp(x, 0, w - 1) + y w]`, all in range) into an output of `len`
/// ints (less than the `W` × rows the launch writes, `W` its width), its store checked once
/// per group: the launch faults at the first work-item (in order) whose `y W + x` is past
/// the output, outputs before are right, nothing after the output changes.
fn check_short_output(opt: &str, groups: [u32; 2], size: [u32; 2], len: usize) {
    const MARGIN: usize = 64;
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_clamp_load");
    let width = (groups[0] * size[0]) as i64;
    let rows = (groups[1] * size[1]) as i64;
    let w = width as i32;
    let mut input: Vec<i32> = (0..width * rows).map(|j| 3 + 7 * j as i32).collect();
    let mut all = vec![-7; len + MARGIN];
    let out = &mut all[..len];
    let base = out.as_ptr() as i64;
    let r = k
        .launch([groups[0], groups[1], 1], [size[0], size[1], 1])
        .buffer(&mut input)
        .buffer(out)
        .value(&0i32)
        .value(&0i32)
        .value(&(w - 1))
        .value(&w)
        .threads(1)
        .run();
    let at = format!("{opt} {groups:?} {size:?} {len}");
    // Work-items in order: groups, then each group's items, dimension 0 first.
    let mut first_bad = None;
    'items: for gy in 0..groups[1] as i64 {
        for gx in 0..groups[0] as i64 {
            for ly in 0..size[1] as i64 {
                for lx in 0..size[0] as i64 {
                    let (x, y) = (gx * size[0] as i64 + lx, gy * size[1] as i64 + ly);
                    if y * width + x >= len as i64 {
                        first_bad = Some(y * width + x);
                        break 'items;
                    }
                }
            }
        }
    }
    let fault = out_of_bounds(r, base, &at);
    assert_eq!(
        fault.as_ref().map(|f| f.offset),
        first_bad.map(|i| 4 * i),
        "{at}"
    );
    assert!(
        all[len..].iter().all(|&v| v == -7),
        "{at}: written past the output"
    );
    for (j, &v) in all[..len].iter().enumerate() {
        let want = 3 + 7 * j as i32;
        assert!(
            v == want || (v == -7 && fault.is_some()),
            "{at}: output {j} is {v}"
        );
    }
}

#[test]
fn a_group_checked_store_faults_at_its_first_bad_byte() {
    for opt in OPT {
        // Whole groups in range, then a short last group row, a short last row.
        check_short_output(opt, [4, 4], [16, 4], 64 * 16);
        check_short_output(opt, [4, 4], [16, 4], 64 * 13 + 20);
        check_short_output(opt, [4, 4], [16, 4], 64 * 16 - 1);
        check_short_output(opt, [2, 2], [4, 16], 8 * 20 + 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Group shapes, offsets and pitches, the buffers against the guards at either end, rows
    /// forwards and backwards.
    #[test]
    fn row_touches_never_leave_the_buffers(
        gx in 1u32..4,
        gy in 1u32..4,
        sx in prop::sample::select(vec![4u32, 8, 16]),
        sy in 1u32..9,
        d in -3i32..3,
        pitch in 0i32..5,
        at_end: bool,
        down: bool,
    ) {
        let w = (gx * sx) as i32 + pitch;
        for opt in OPT {
            check(opt, [gx, gy], [sx, sy], d, w, at_end, down);
        }
    }

    /// Output lengths from empty to the whole output.
    #[test]
    fn group_checked_stores_fault_where_their_buffer_ends(
        gx in 1u32..4,
        gy in 1u32..4,
        sx in prop::sample::select(vec![4u32, 8, 16]),
        sy in 1u32..9,
        cut in 0usize..1000,
    ) {
        let n = (gx * sx * gy * sy) as usize;
        for opt in OPT {
            check_short_output(opt, [gx, gy], [sx, sy], n - cut % (n + 1));
        }
    }
}
