//! Loads and stores whose lanes access consecutive values of 1 to 8 bytes: the interpreter
//! copies a whole row at once when one check covers it. Wherever a launch reaches past a
//! buffer it still faults at the first byte out of range, nothing outside the buffer
//! changes, and what was read and written is right (both executors).

mod common;

use common::{kernel, module, OPT};
use proptest::prelude::*;
use spirv_exec::LaunchError;

/// Elements before and after each buffer, in the same host allocation.
const MARGIN: usize = 64;

/// The fault's address, as a byte offset from `base`, if the launch faulted out of bounds.
fn fault_offset(r: Result<(), LaunchError>, base: usize, at: &str) -> Option<i64> {
    common::out_of_bounds(r, base as i64, at).map(|f| f.offset)
}

/// `oob_read` (`out[i] = in[i + n]`) on one thread over `groups` groups of `size`, `in`
/// holding exactly the launch's items `skew` ints into a larger allocation: the fault's
/// offset from `in`'s start, if any, after checking `out` and that nothing changed.
fn read(opt: &str, groups: u32, size: u32, n: i32, skew: usize) -> Option<i64> {
    let m = module(&format!("oob-{opt}"));
    let k = kernel(&m, "oob_read");
    let total = (groups * size) as usize;
    let start = MARGIN + skew;
    // in[j] = j, and the ints around it continue the count.
    let before: Vec<i32> = (0..(start + total + MARGIN) as i32)
        .map(|v| v - start as i32)
        .collect();
    let mut all = before.clone();
    let input = &mut all[start..start + total];
    let base = input.as_ptr() as usize;
    let mut out = vec![-1i32; total];
    let r = k
        .launch([groups, 1, 1], [size, 1, 1])
        .buffer(input)
        .buffer(&mut out)
        .value(&n)
        .threads(1)
        .run();
    let at = format!("{opt} {groups} groups of {size}, n {n}, skew {skew}");
    assert_eq!(all, before, "{at}: a read changed memory");
    let fault = fault_offset(r, base, &at);
    for (i, &v) in out.iter().enumerate() {
        let want = i as i64 + n as i64;
        match fault {
            None => assert_eq!(v as i64, want, "{at}: out[{i}]"),
            Some(_) => assert!(v == -1 || v as i64 == want, "{at}: out[{i}] is {v}"),
        }
    }
    fault
}

/// Where `out[i] = in[i + n]` over `total` items first reads outside `[0, total)`, in bytes.
fn first_bad_read(total: i64, n: i64) -> Option<i64> {
    (0..total)
        .map(|i| i + n)
        .find(|j| !(0..total).contains(j))
        .map(|j| 4 * j)
}

#[test]
fn consecutive_reads_fault_at_the_first_byte_out_of_range() {
    for opt in OPT {
        for (groups, size) in [(4, 64), (3, 16), (5, 7), (1, 256)] {
            for n in [0, 1, 3, 8, 63, -1, -5] {
                let total = (groups * size) as i64;
                assert_eq!(
                    read(opt, groups, size, n, 0),
                    first_bad_read(total, n as i64),
                    "{opt} {groups} groups of {size}, n {n}"
                );
            }
        }
    }
}

/// The outputs of `convert_int_widths` (`c, uc, s, l, ul, us` of 1, 1, 2, 8, 8, 2 bytes).
const WIDTHS: [usize; 6] = [1, 1, 2, 8, 8, 2];

/// `convert_int_widths` over `groups` groups of `size` with output `short` (an index into
/// [`WIDTHS`]) `cut` elements shorter than the launch: the fault's offset from that
/// output's start, if any, after checking every output and the bytes around them.
fn widths(opt: &str, groups: u32, size: u32, short: usize, cut: usize) -> Option<i64> {
    let m = module(&format!("conversions-{opt}"));
    let k = kernel(&m, "convert_int_widths");
    let total = (groups * size) as usize;
    let a: Vec<i32> = (0..total as i32).map(|i| i * 977 - 40_000).collect();
    let lens: Vec<usize> = (0..6)
        .map(|o| if o == short { total - cut } else { total })
        .collect();
    // Each output in bytes, with a margin of 0xAB bytes before and after.
    let mut outs: Vec<Vec<u8>> = (0..6)
        .map(|o| vec![0xAB; 2 * MARGIN + lens[o] * WIDTHS[o]])
        .collect();
    let bases: Vec<usize> = outs.iter().map(|o| o.as_ptr() as usize + MARGIN).collect();
    let mut launch = k.launch([groups, 1, 1], [size, 1, 1]).input(&a);
    for (o, out) in outs.iter_mut().enumerate() {
        let len = lens[o] * WIDTHS[o];
        launch = launch.buffer(&mut out[MARGIN..MARGIN + len]);
    }
    let r = launch.threads(1).run();
    let at = format!("{opt} {groups} groups of {size}, output {short} short by {cut}");
    let fault = fault_offset(r, bases[short], &at);
    let expect = |o: usize, v: i32| -> u64 {
        match o {
            0 => v as i8 as u8 as u64,
            1 => v.clamp(0, 255) as u64,
            2 => v.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16 as u64,
            3 => v as i64 as u64,
            4 => v as u32 as u64,
            _ => (v as i64 * 3).clamp(0, u16::MAX.into()) as u64,
        }
    };
    for (o, out) in outs.iter().enumerate() {
        let w = WIDTHS[o];
        let len = lens[o] * w;
        assert!(
            out[..MARGIN]
                .iter()
                .chain(&out[MARGIN + len..])
                .all(|&b| b == 0xAB),
            "{at}: bytes around output {o} changed"
        );
        // Each element is right, or untouched if the launch stopped before writing it.
        for i in 0..lens[o] {
            let got = &out[MARGIN + i * w..][..w];
            let mut v = [0u8; 8];
            v[..w].copy_from_slice(got);
            let right = u64::from_le_bytes(v) == expect(o, a[i]);
            assert!(
                right || (fault.is_some() && got.iter().all(|&b| b == 0xAB)),
                "{at}: output {o}[{i}] is {got:?}"
            );
        }
    }
    fault
}

#[test]
fn consecutive_stores_of_every_width_fault_at_the_first_byte_past_the_end() {
    for opt in OPT {
        for (short, &w) in WIDTHS.iter().enumerate() {
            for (groups, size, cut) in [(2, 64, 1), (3, 32, 5), (1, 16, 16), (2, 16, 0)] {
                let want = (cut > 0).then(|| ((groups * size) as usize - cut) as i64);
                assert_eq!(
                    widths(opt, groups, size, short, cut),
                    want.map(|items| items * w as i64),
                    "{opt} {groups} groups of {size}, output {short} short by {cut}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Group sizes, offsets and buffer positions at the edges of the buffer.
    #[test]
    fn consecutive_reads_fault_exactly_where_they_leave_the_buffer(
        groups in 1u32..5,
        size in prop::sample::select(vec![1u32, 3, 8, 16, 31, 64]),
        n in -20i32..20,
        skew in 0usize..4,
    ) {
        let total = (groups * size) as i64;
        for opt in OPT {
            prop_assert_eq!(read(opt, groups, size, n, skew), first_bad_read(total, n as i64));
        }
    }

    #[test]
    fn consecutive_stores_fault_exactly_at_the_end_of_a_short_output(
        groups in 1u32..4,
        size in prop::sample::select(vec![2u32, 8, 16, 33]),
        short in 0usize..6,
        cut_seed in 0usize..64,
    ) {
        let total = (groups * size) as usize;
        let cut = cut_seed % total;
        let want = (cut > 0).then(|| ((total - cut) * WIDTHS[short]) as i64);
        for opt in OPT {
            prop_assert_eq!(widths(opt, groups, size, short, cut), want);
        }
    }
}
