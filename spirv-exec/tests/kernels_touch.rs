//! The compiled executor touches, at each new row of packs, the lines that a load checked for
//! the whole work-group will read rows further on, clamped to the bounds the group check
//! allowed. Here the input ends (or starts) right at a page that cannot be read: a touch
//! outside the checked bounds would kill the test with a segmentation fault. The outputs
//! must be exact (the touches read nothing the kernel sees).
#![cfg(target_os = "linux")]

mod common;

use common::{kernel, module, OPT};
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
/// w - 1) + y w]`, the input exactly the rows read (`w` times the rows), against guards.
fn check(opt: &str, groups: [u32; 2], size: [u32; 2], d: i32, w: i32, at_end: bool) {
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
    let mut out = vec![-7; width * rows];
    let (lo, hi) = (0i32, w - 1);
    k.launch([groups[0], groups[1], 1], [size[0], size[1], 1])
        .buffer(input)
        .buffer(&mut out)
        .value(&d)
        .value(&lo)
        .value(&hi)
        .value(&w)
        .threads(1)
        .run()
        .unwrap_or_else(|e| panic!("{opt} {groups:?} {size:?} {d} {w}: {e}"));
    for y in 0..rows {
        for x in 0..width {
            let i = (x as i64 + d as i64).clamp(0, w as i64 - 1) + (y * w as usize) as i64;
            assert_eq!(
                out[y * width + x],
                3 + 7 * i as i32,
                "{opt} {groups:?} {size:?} {d} {w} at_end {at_end}: ({x}, {y})"
            );
        }
    }
}

#[test]
fn row_touches_stay_inside_the_checked_input() {
    for opt in OPT {
        for at_end in [true, false] {
            // 16 × 4 groups, rows of 4 packs: the last rows' touches reach past the input.
            check(opt, [4, 4], [16, 4], 1, 64, at_end);
            check(opt, [4, 4], [16, 4], -1, 64, at_end);
            // Tall groups, one pack per row.
            check(opt, [2, 2], [4, 16], 0, 8, at_end);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Group shapes, offsets and pitches, the input against the guards at either end.
    #[test]
    fn row_touches_never_leave_the_input(
        gx in 1u32..4,
        gy in 1u32..4,
        sx in prop::sample::select(vec![4u32, 8, 16]),
        sy in 1u32..9,
        d in -3i32..3,
        pitch in 0i32..5,
        at_end: bool,
    ) {
        let w = (gx * sx) as i32 + pitch;
        for opt in OPT {
            check(opt, [gx, gy], [sx, sy], d, w, at_end);
        }
    }
}
