//! Work-groups run several at a time: the compiler runs consecutive groups of one row of a
//! kernel that cannot tell its groups apart (no barrier, no local or private memory, no local
//! or group ids, no local size) as one call of its code. Every work-item still sees exactly
//! its own ids, sizes and offsets (1-D, 2-D and 3-D launches, global offsets, group counts
//! that no merge divides, group sizes that are not multiples of four), the same as under the
//! interpreter; a launch that reaches past its buffer in any of the merged groups faults at
//! the first bad byte, with nothing written past it; a cancelled launch stops.

mod common;

use common::asm;
use proptest::prelude::*;
use rspirv::spirv::{BuiltIn, StorageClass};
use spirv_exec::{Backend, Compiler, Fault, Interpreter, LaunchError, Module};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Values each work-item of [`ids_module`] writes.
const FIELDS: usize = 14;

/// `ids(global int* out)`: each work-item writes, at `out[FIELDS * lin]` (`lin` the linear
/// index of `global_id - global_offset` in the launch), its global ids (3), its global linear
/// id, the global sizes (3), the global offsets (3), the group counts (3) and the work
/// dimension.
fn ids_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let long_ptr = b.type_pointer(None, StorageClass::Input, c.long);
    let int_in_ptr = b.type_pointer(None, StorageClass::Input, c.int);
    let input = |b: &mut rspirv::dr::Builder, ty, which| {
        let v = b.variable(ty, None, StorageClass::Input, None);
        asm::builtin(b, v, which);
        v
    };
    let gid = input(&mut b, v3_ptr, BuiltIn::GlobalInvocationId);
    let size = input(&mut b, v3_ptr, BuiltIn::GlobalSize);
    let off = input(&mut b, v3_ptr, BuiltIn::GlobalOffset);
    let groups = input(&mut b, v3_ptr, BuiltIn::NumWorkgroups);
    let linear = input(&mut b, long_ptr, BuiltIn::GlobalLinearId);
    let dim = input(&mut b, int_in_ptr, BuiltIn::WorkDim);
    asm::kernel(&mut b, &c, "ids", |b, c, out| {
        let three = |b: &mut rspirv::dr::Builder, var| {
            let v = b.load(v3, None, var, None, []).unwrap();
            [0, 1, 2].map(|d| b.composite_extract(c.long, None, v, [d]).unwrap())
        };
        let g = three(b, gid);
        let s = three(b, size);
        let o = three(b, off);
        let n = three(b, groups);
        let l = b.load(c.long, None, linear, None, []).unwrap();
        let w = b.load(c.int, None, dim, None, []).unwrap();
        let rel = [0, 1, 2].map(|d| b.i_sub(c.long, None, g[d], o[d]).unwrap());
        let lin = b.i_mul(c.long, None, rel[2], s[1]).unwrap();
        let lin = b.i_add(c.long, None, lin, rel[1]).unwrap();
        let lin = b.i_mul(c.long, None, lin, s[0]).unwrap();
        let lin = b.i_add(c.long, None, lin, rel[0]).unwrap();
        let k = b.constant_bit64(c.long, FIELDS as u64);
        let at = b.i_mul(c.long, None, lin, k).unwrap();
        let fields = [
            g[0], g[1], g[2], l, s[0], s[1], s[2], o[0], o[1], o[2], n[0], n[1], n[2],
        ];
        for (i, v) in fields.into_iter().enumerate() {
            let i = b.constant_bit64(c.long, i as u64);
            let p = b.i_add(c.long, None, at, i).unwrap();
            let p = b
                .in_bounds_ptr_access_chain(c.int_ptr, None, out, p, [])
                .unwrap();
            let v = b.u_convert(c.int, None, v).unwrap();
            b.store(p, v, None, []).unwrap();
        }
        let last = b.constant_bit64(c.long, FIELDS as u64 - 1);
        let p = b.i_add(c.long, None, at, last).unwrap();
        let p = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, p, [])
            .unwrap();
        b.store(p, w, None, []).unwrap();
    });
    asm::bytes(b)
}

/// What `ids` writes for a launch of `groups` groups of `size` at `off`.
fn expected(groups: [u32; 3], size: [u32; 3], off: [u32; 3]) -> Vec<i32> {
    let g = [0, 1, 2].map(|d| (groups[d] * size[d]) as usize);
    let dim = if g[2] > 1 {
        3
    } else if g[1] > 1 {
        2
    } else {
        1
    };
    let mut out = Vec::with_capacity(g.iter().product::<usize>() * FIELDS);
    for z in 0..g[2] {
        for y in 0..g[1] {
            for x in 0..g[0] {
                let rel = [x, y, z];
                let lin = (z * g[1] + y) * g[0] + x;
                out.extend((0..3).map(|d| (off[d] as usize + rel[d]) as i32));
                out.push(lin as i32);
                out.extend(g.map(|v| v as i32));
                out.extend(off.map(|v| v as i32));
                out.extend(groups.map(|v| v as i32));
                out.push(dim);
            }
        }
    }
    out
}

fn run_ids(
    backend: &dyn Backend,
    groups: [u32; 3],
    size: [u32; 3],
    off: [u32; 3],
    threads: usize,
) -> Vec<i32> {
    let words = spirv_exec::words(&ids_module()).unwrap();
    let m = Module::build_with(&words, &Default::default(), backend).unwrap();
    let items: u32 = (0..3).map(|d| groups[d] * size[d]).product();
    let mut out = vec![-1i32; items as usize * FIELDS];
    m.kernel("ids")
        .unwrap()
        .launch(groups, size)
        .offset(off)
        .buffer(&mut out)
        .threads(threads)
        .run()
        .unwrap();
    out
}

/// Checks `ids` for one shape on the compiler (one and two threads) and the interpreter.
fn check_ids(groups: [u32; 3], size: [u32; 3], off: [u32; 3]) {
    let want = expected(groups, size, off);
    let at = format!("groups {groups:?} of {size:?} at {off:?}");
    for threads in [1, 2] {
        let got = run_ids(&Compiler, groups, size, off, threads);
        if let Some(i) = (0..want.len()).find(|&i| got[i] != want[i]) {
            let item = i / FIELDS;
            panic!(
                "compiler, {threads} thread(s), {at}: work-item {item} wrote {:?}, not {:?}",
                &got[item * FIELDS..][..FIELDS],
                &want[item * FIELDS..][..FIELDS]
            );
        }
    }
    let interp = run_ids(&Interpreter, groups, size, off, 1);
    assert!(interp == want, "interpreter, {at}");
}

/// Shapes whose one-thread claims take many groups at once (at least 32 groups: a claim is
/// a sixteenth of the launch), so that calls merge groups, with group counts along
/// dimension 0 that no merge divides and group sizes of every kind.
#[test]
fn merged_groups_see_their_own_ids() {
    for (groups, size, off) in [
        ([1000, 1, 1], [1, 1, 1], [0, 0, 0]),
        ([300, 1, 1], [3, 1, 1], [7, 0, 0]),
        ([257, 1, 1], [4, 1, 1], [0, 0, 0]),
        ([97, 1, 1], [37, 1, 1], [1, 0, 0]),
        ([64, 1, 1], [256, 1, 1], [0, 0, 0]),
        ([33, 1, 1], [1024, 1, 1], [5, 0, 0]),
        ([37, 5, 1], [5, 1, 1], [3, 11, 0]),
        ([50, 3, 1], [8, 1, 1], [0, 0, 0]),
        ([13, 3, 4], [6, 1, 1], [2, 1, 9]),
        ([40, 2, 2], [16, 1, 1], [0, 4, 0]),
        // Groups of more than one row are not merged: still their own ids.
        ([20, 3, 1], [4, 2, 1], [1, 2, 0]),
        ([6, 2, 3], [3, 2, 2], [0, 0, 1]),
    ] {
        check_ids(groups, size, off);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random shapes: every work-item's ids as computed, on both executors.
    #[test]
    fn ids_of_random_shapes(
        gx in 1u32..120,
        gy in 1u32..4,
        gz in 1u32..3,
        sx in 1u32..40,
        rows in prop::sample::select(vec![1u32, 1, 1, 2]),
        off in (0u32..50, 0u32..5, 0u32..5),
    ) {
        check_ids([gx, gy, gz], [sx, rows, 1], [off.0, off.1, off.2]);
    }
}

/// `name(global int* out)`: `out[get_global_id(0)] = which` (dimension 0 of a vector
/// built-in, or a scalar one).
fn one_builtin_module(which: BuiltIn, vector: bool) -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let long_ptr = b.type_pointer(None, StorageClass::Input, c.long);
    let gid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid, BuiltIn::GlobalInvocationId);
    let ty = if vector { v3_ptr } else { long_ptr };
    let var = b.variable(ty, None, StorageClass::Input, None);
    asm::builtin(&mut b, var, which);
    asm::kernel(&mut b, &c, "one", |b, c, out| {
        let g = b.load(v3, None, gid, None, []).unwrap();
        let g = b.composite_extract(c.long, None, g, [0]).unwrap();
        let v = if vector {
            let v = b.load(v3, None, var, None, []).unwrap();
            b.composite_extract(c.long, None, v, [0]).unwrap()
        } else {
            b.load(c.long, None, var, None, []).unwrap()
        };
        let v = b.u_convert(c.int, None, v).unwrap();
        let p = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, g, [])
            .unwrap();
        b.store(p, v, None, []).unwrap();
    });
    asm::bytes(b)
}

/// Kernels that read a built-in merged groups would not give them (local id, group id,
/// local size, linear local id) still see their own groups' values: they are not merged.
#[test]
fn kernels_that_tell_groups_apart_see_their_groups() {
    let (groups, size) = (200u32, 12u32);
    for (which, vector) in [
        (BuiltIn::LocalInvocationId, true),
        (BuiltIn::WorkgroupId, true),
        (BuiltIn::WorkgroupSize, true),
        (BuiltIn::EnqueuedWorkgroupSize, true),
        (BuiltIn::LocalInvocationIndex, false),
    ] {
        let words = spirv_exec::words(&one_builtin_module(which, vector)).unwrap();
        let m = Module::build_with(&words, &Default::default(), &Compiler).unwrap();
        let mut out = vec![-1i32; (groups * size) as usize];
        m.kernel("one")
            .unwrap()
            .launch([groups, 1, 1], [size, 1, 1])
            .buffer(&mut out)
            .threads(1)
            .run()
            .unwrap();
        for (i, &v) in out.iter().enumerate() {
            let i = i as u32;
            let want = match which {
                BuiltIn::LocalInvocationId | BuiltIn::LocalInvocationIndex => i % size,
                BuiltIn::WorkgroupId => i / size,
                _ => size,
            };
            assert_eq!(v, want as i32, "{which:?} of work-item {i}");
        }
    }
}

const SENTINEL: i32 = -7;
const MARGIN: usize = 64;

/// `oob_write_2d` (`out[i] = i`, `i = y * width + x`) over `groups` groups of `size` rows of
/// one on one thread, on a buffer of only `len` ints (of the launch's `total`): checks that
/// the launch faults at the first int past the buffer, wrote every int before it, and
/// nothing around the buffer.
fn cut_short(opt: &str, groups: [u32; 2], size: u32, len: usize) {
    let m = common::module(&format!("oob-{opt}"));
    let k = common::kernel(&m, "oob_write_2d");
    let total = (groups[0] * size * groups[1]) as usize;
    let mut all = vec![SENTINEL; MARGIN + len + MARGIN];
    let buf = &mut all[MARGIN..MARGIN + len];
    let base = buf.as_ptr() as i64;
    let r = k
        .launch([groups[0], groups[1], 1], [size, 1, 1])
        .buffer(buf)
        .value(&0i32)
        .threads(1)
        .run();
    let at = format!("{opt} groups {groups:?} of {size}, buffer of {len} of {total}");
    assert!(
        all[..MARGIN]
            .iter()
            .chain(&all[MARGIN + len..])
            .all(|&v| v == SENTINEL),
        "{at}: memory outside the buffer changed"
    );
    for (j, &v) in all[MARGIN..MARGIN + len].iter().enumerate() {
        assert_eq!(v, j as i32, "{at}: element {j}");
    }
    match r {
        Ok(()) => assert!(len >= total, "{at}: no fault"),
        Err(LaunchError::Fault {
            kernel,
            fault: Fault::OutOfBounds {
                address, len: n, ..
            },
        }) => {
            assert_eq!(kernel, "oob_write_2d", "{at}");
            assert_eq!((address as i64 - base, n), (4 * len as i64, 4), "{at}");
        }
        Err(e) => panic!("{at}: {e}"),
    }
}

/// A fault in the middle of merged groups (the buffer ends inside the k-th group of a call,
/// at a group's start or end, inside a pack): the first byte past the buffer faults, every
/// work-item before it wrote, nothing after it did.
#[test]
fn a_fault_in_a_merged_group_lands_on_the_first_bad_byte() {
    for opt in common::OPT {
        for (groups, size, len) in [
            ([1000, 1], 1, 517),
            ([256, 1], 16, 16 * 37),
            ([256, 1], 16, 16 * 37 + 5),
            ([256, 1], 16, 16 * 37 - 1),
            ([100, 2], 12, 1200 + 12 * 61 + 7),
            ([300, 1], 3, 3 * 150 + 2),
            ([64, 1], 256, 256 * 21 + 130),
        ] {
            cut_short(opt, groups, size, len);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random shapes and buffer ends.
    #[test]
    fn faults_land_on_the_first_bad_byte(
        gx in 32u32..300,
        gy in 1u32..3,
        size in 1u32..40,
        cut in 0.0f64..1.0,
        o2 in any::<bool>(),
    ) {
        let total = (gx * gy * size) as usize;
        let len = ((total as f64 * cut) as usize).max(1);
        cut_short(if o2 { "O2" } else { "O0" }, [gx, gy], size, len);
    }
}

/// A cancelled launch of a kernel whose groups merge (it spins until a flag nobody sets is
/// set) stops with [`Fault::Cancelled`].
#[test]
fn merged_groups_stop_when_cancelled() {
    let bytes = common::spirv("waits-O2");
    let words = spirv_exec::words(&bytes).unwrap();
    let m = Module::build_with(&words, &Default::default(), &Compiler).unwrap();
    let cancel = Arc::new(AtomicBool::new(false));
    let mut flag = [0u32];
    let mut out = vec![0u32; 64 * 16];
    let r = std::thread::scope(|s| {
        let c = cancel.clone();
        s.spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(30));
            c.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        common::kernel(&m, "wait_flag")
            .launch([64, 1, 1], [16, 1, 1])
            .buffer(&mut flag)
            .buffer(&mut out)
            .threads(1)
            .cancel(cancel.clone())
            .run()
    });
    assert_eq!(
        r,
        Err(LaunchError::Fault {
            kernel: "wait_flag".into(),
            fault: Fault::Cancelled
        })
    );
}

/// `oob_write` (`out[i + n] = i`, `i = get_global_id(0)`) reads ids of dimension 0 only: its
/// code takes a one-row group's local id of dimension 0 as the lane. Launched with groups of
/// several rows, every work-item still writes its own element (a lane taken as the local id
/// would reach past the buffer).
#[test]
fn groups_of_several_rows_read_their_local_ids() {
    for opt in common::OPT {
        let m = common::module(&format!("oob-{opt}"));
        let k = common::kernel(&m, "oob_write");
        for (groups, size) in [
            ([40, 3, 1], [8, 2, 1]),
            ([7, 1, 2], [5, 1, 3]),
            ([3, 2, 2], [64, 4, 1]),
        ] {
            let width = (groups[0] * size[0]) as usize;
            let mut out = vec![SENTINEL; width];
            let r = k
                .launch(groups, size)
                .buffer(&mut out)
                .value(&0i32)
                .threads(1)
                .run();
            let at = format!("{opt} groups {groups:?} of {size:?}");
            assert_eq!(r, Ok(()), "{at}");
            assert!(out.iter().enumerate().all(|(i, &v)| v == i as i32), "{at}");
        }
    }
}
