//! The mutations of the fuzz targets (spirv-exec's `fuzz_modules`, the driver's
//! `fuzz_driver`): a corpus module changed a few words or instructions at a time. Included with
//! `#[path]` by each; the including crate provides `Rng` at its root.

use super::Rng;
use std::path::Path;

/// Operand values that reach edge cases: sizes, counts, indices, ids and literals at their
/// boundaries.
pub const INTERESTING: [u32; 21] = [
    0,
    1,
    2,
    3,
    4,
    7,
    8,
    16,
    31,
    32,
    63,
    64,
    255,
    256,
    0xffff,
    0x1_0000,
    1 << 28,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
];

/// The modules of the corpus folder `dir`, sorted by name.
pub fn corpus(dir: &Path) -> Vec<Vec<u32>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "spv"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).unwrap();
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect()
        })
        .collect()
}

/// Start and length of each instruction after the header, up to the first malformed one.
fn instructions(words: &[u32]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let len = (words[at] >> 16) as usize;
        if len == 0 || at + len > words.len() {
            break;
        }
        out.push((at, len));
        at += len;
    }
    out
}

/// Applies one to three mutations to `words`.
pub fn mutate(words: &mut Vec<u32>, rng: &mut Rng) {
    for _ in 0..1 + rng.below(3) {
        let insts = instructions(words);
        if insts.is_empty() {
            return;
        }
        let pick = |rng: &mut Rng| insts[rng.below(insts.len() as u64) as usize];
        let (at, len) = pick(rng);
        let bound = words.get(3).copied().unwrap_or(1).max(1);
        match rng.below(10) {
            // An operand: an interesting value, another id, or a flipped bit.
            0..=3 if len > 1 => {
                let i = at + 1 + rng.below(len as u64 - 1) as usize;
                words[i] = match rng.below(3) {
                    0 => INTERESTING[rng.below(INTERESTING.len() as u64) as usize],
                    1 => rng.below(bound as u64 + 2) as u32,
                    _ => words[i] ^ 1 << rng.below(32),
                };
            }
            // The opcode of another instruction, the word count kept.
            4 => {
                let (other, _) = pick(rng);
                words[at] = (words[at] & 0xffff_0000) | (words[other] & 0xffff);
            }
            5 => {
                words.drain(at..at + len);
            }
            6 => {
                let copy = words[at..at + len].to_vec();
                let (to, _) = pick(rng);
                words.splice(to..to, copy);
            }
            // Two instructions swapped.
            7 => {
                let (other, other_len) = pick(rng);
                if other > at + len {
                    let b = words[other..other + other_len].to_vec();
                    let a = words[at..at + len].to_vec();
                    words.splice(other..other + other_len, a);
                    words.splice(at..at + len, b);
                }
            }
            // A word count that runs past the instruction, or stops short of it.
            8 => {
                let count = (len as i64 + rng.range_i64(-2, 2)).clamp(0, 0xffff) as u32;
                words[at] = count << 16 | (words[at] & 0xffff);
            }
            _ => {
                let i = rng.below(words.len() as u64) as usize;
                words[i] ^= 1 << rng.below(32);
            }
        }
    }
}
