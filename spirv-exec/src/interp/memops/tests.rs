//! Unit tests of the row loads, stores and address arithmetic.

use super::*;
use crate::interp::ops::Uniform;
use crate::run::reach::Memory;
use proptest::prelude::*;

const LANES: usize = 8;

/// Runs `e` over register file `r` (rows of `LANES`): for all lanes as one range, or
/// lane by lane (in a scattered order) when `span` is false; the bounds it noted.
fn run(e: &Exec, r: &mut [u64], span: bool) -> Option<crate::interp::program::RowBounds> {
    let mem = Memory::new(&[], [(0, 0); 3], Vec::new(), 0);
    let scattered = [5u16, 0, 7, 2, 1, 6, 3, 4];
    let all: Vec<u16> = (0..LANES as u16).collect();
    let mut x = Lanes {
        r,
        n: LANES,
        active: if span { &all } else { &scattered },
        mem: &mem,
        span: span.then_some((0, LANES)),
        bounds: None,
    };
    e(&mut x).unwrap();
    x.bounds
}

proptest! {
    /// An access chain whose index is a sum (`Step::Sum`) gives `base + sext(a + b) *
    /// stride + c`, the sum wrapping at the integers' width, whichever operands are one
    /// value for every lane, on the row path and lane by lane; the bounds it notes for
    /// the next access (when asked to) are the row's lowest and highest address.
    #[test]
    fn summed_indices_wrap_at_their_width(
        a in prop::collection::vec(any::<u64>(), LANES),
        b in prop::collection::vec(any::<u64>(), LANES),
        base in any::<u64>(),
        width in 0usize..4,
        stride in -16i64..16,
        c in prop_oneof![Just(0i64), -64i64..64],
        uniform_base in any::<bool>(),
        uniform_b in any::<bool>(),
        record in any::<bool>(),
    ) {
        let scalar = [Scalar::I8, Scalar::I16, Scalar::I32, Scalar::I64][width];
        let m = scalar.mask();
        let b: Vec<u64> = match uniform_b {
            true => vec![b[0] & m; LANES],
            false => b.iter().map(|v| v & m).collect(),
        };
        let a: Vec<u64> = a.iter().map(|v| v & m).collect();
        // Rows: 0 base, 1 a, 2 b, 3 the address.
        let mut regs = [vec![base; LANES], a.clone(), b.clone(), vec![0; LANES]].concat();
        let step = Step::Sum {
            a: 1,
            b: 2,
            kb: uniform_b.then_some(Uniform::Const(b[0])),
            scalar,
            stride,
        };
        let steps = match c {
            0 => vec![step],
            c => vec![step, Step::Const(c)],
        };
        let e = address(3, 0, uniform_base.then_some(Uniform::Slot(0)), steps, record);
        for span in [true, false] {
            regs[3 * LANES..].fill(0);
            let noted = run(&e, &mut regs, span);
            let row = &regs[3 * LANES..];
            let (lo, hi) = (row.iter().min().copied(), row.iter().max().copied());
            match noted {
                Some(b) => prop_assert_eq!(
                    (b.slot, b.span, Some(b.lo), Some(b.hi)),
                    (3, (0, LANES), lo, hi)
                ),
                // Noted only on the row path, with a uniform base and `b` a row.
                None => prop_assert!(!(record && span && uniform_base && !uniform_b)),
            }
            for l in 0..LANES {
                let i = scalar.sext(a[l].wrapping_add(b[l]) & m);
                let want = (base as i64)
                    .wrapping_add(i.wrapping_mul(stride))
                    .wrapping_add(c) as u64;
                prop_assert_eq!(regs[3 * LANES + l], want, "lane {} span {}", l, span);
            }
        }
    }

    /// `gather` and `scatter` (chunks of consecutive lanes read or written whole, other
    /// chunks lane by lane) give what reading or writing lane by lane in lane order
    /// gives, for every width, row length and mix of runs, scattered, repeated and
    /// overlapping addresses.
    #[test]
    fn chunked_gather_and_scatter_match_lane_by_lane(
        width in 0usize..4,
        chunks in prop::collection::vec((0usize..3, 0usize..448, prop::collection::vec(0usize..504, CHUNK)), 0..5),
        tail in 0usize..CHUNK,
        seed in any::<u64>(),
    ) {
        let bytes = 1usize << width;
        let mem: Vec<u8> = (0..512u64).map(|i| (i.wrapping_mul(seed | 1) >> 7) as u8).collect();
        let mut offsets: Vec<usize> = Vec::new();
        for (run_kind, start, lanes) in &chunks {
            let run = (0..CHUNK).map(|i| start + i * bytes);
            match run_kind {
                0 => offsets.extend(run),
                // A run but for one lane, which repeats its neighbour's address (as a
                // clamped index at a group's edge).
                1 => {
                    let k = lanes[0] % CHUNK;
                    let at = |i: usize| start + i * bytes;
                    offsets.extend((0..CHUNK).map(|i| if i == k { at(k ^ 1) } else { at(i) }));
                }
                _ => offsets.extend(lanes.iter().copied()),
            }
        }
        offsets.extend(chunks.first().map_or(&[][..], |c| &c.2[..tail]));
        let vals: Vec<u64> = (0..offsets.len() as u64).map(|i| seed.rotate_left(i as u32) ^ i).collect();
        // Gather.
        let base = mem.as_ptr() as u64;
        let ptrs: Vec<Cell<u64>> = offsets.iter().map(|&o| Cell::new(base + o as u64)).collect();
        let dst: Vec<Cell<u64>> = vec![Cell::new(0); offsets.len()];
        // SAFETY: every value (at most 8 bytes) starts at most 504 bytes in, a run of 8 at
        // most 448 bytes in: inside `mem`.
        unsafe { gather(&dst, &ptrs, bytes) };
        for (l, &o) in offsets.iter().enumerate() {
            let mut want = [0u8; 8];
            want[..bytes].copy_from_slice(&mem[o..o + bytes]);
            prop_assert_eq!(dst[l].get(), u64::from_le_bytes(want), "gather lane {}", l);
        }
        // Scatter, against writes in lane order.
        let mut got = mem.clone();
        let mut want = mem.clone();
        let base = got.as_mut_ptr() as u64;
        let ptrs: Vec<Cell<u64>> = offsets.iter().map(|&o| Cell::new(base + o as u64)).collect();
        let src: Vec<Cell<u64>> = vals.iter().map(|&v| Cell::new(v)).collect();
        // SAFETY: as above, inside `got`.
        unsafe { scatter(&ptrs, &src, bytes) };
        for (&o, v) in offsets.iter().zip(&vals) {
            want[o..o + bytes].copy_from_slice(&v.to_le_bytes()[..bytes]);
        }
        prop_assert_eq!(got, want);
    }
}
