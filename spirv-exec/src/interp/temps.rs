//! Values that live only inside one stretch of one block ("temporaries"), and the reuse of
//! their slots.
//!
//! Every lowered value owns rows of the register file (one per component, a row holding the
//! value for every lane). A work-group runs a block instruction by instruction over all its
//! lanes, so a kernel with many values touches many rows per block: a straight-line kernel
//! like the 5-point stencil wrote ~60 rows of 2 KiB per 256-lane group, more than the L1
//! cache holds. A temporary's rows matter only between its definition and its last use in
//! one run of its block, so once that use is lowered they can hold the next temporary.
//!
//! A temporary is a value defined in a block and used only by later instructions of that
//! block, with no `OpFunctionCall` in between (a call splits the block, and the callee's
//! blocks run in the middle), and not by the block's terminator, an `OpPhi`, or a call
//! argument (those read it from other blocks).

use rspirv::dr::{Function, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

/// The `OpSConvert`s of `f` used only as indices of access chains (and at least once), with
/// their source: the chains can sign-extend the source themselves.
pub fn index_conversions(f: &Function) -> HashMap<Word, Word> {
    let mut found: HashMap<Word, Word> = HashMap::new();
    let insts = || f.blocks.iter().flat_map(|b| &b.instructions);
    for inst in insts() {
        if let (Op::SConvert, Some(r), Some(Operand::IdRef(src))) =
            (inst.class.opcode, inst.result_id, inst.operands.first())
        {
            found.insert(r, *src);
        }
    }
    let mut used = std::collections::HashSet::new();
    for inst in insts() {
        let chain = matches!(
            inst.class.opcode,
            Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
        );
        for (i, operand) in inst.operands.iter().enumerate() {
            let Operand::IdRef(v) = operand else { continue };
            if chain && i > 0 {
                used.insert(*v);
            } else {
                found.remove(v);
            }
        }
    }
    found.retain(|v, _| used.contains(v));
    found
}

/// The temporaries of `f`: each with its block (index in `f.blocks`) and the position of
/// its last use there (its own position when unused). A use of a conversion in `folded`
/// (not lowered, see [`index_conversions`]) is a use of its source.
pub fn temporaries(f: &Function, folded: &HashMap<Word, Word>) -> HashMap<Word, (usize, usize)> {
    // Where each value is defined: (block, stretch between calls, position).
    let mut defs: HashMap<Word, (usize, usize, usize)> = HashMap::new();
    for (b, block) in f.blocks.iter().enumerate() {
        let mut stretch = 0;
        for (i, inst) in block.instructions.iter().enumerate() {
            if let Some(r) = inst.result_id.filter(|r| !folded.contains_key(r)) {
                let op = inst.class.opcode;
                if !matches!(op, Op::Variable | Op::Phi | Op::FunctionCall | Op::Undef) {
                    defs.insert(r, (b, stretch, i));
                }
            }
            stretch += usize::from(inst.class.opcode == Op::FunctionCall);
        }
    }
    let mut temps: HashMap<Word, (usize, usize)> =
        defs.iter().map(|(&v, &(b, _, i))| (v, (b, i))).collect();
    for (b, block) in f.blocks.iter().enumerate() {
        let mut stretch = 0;
        for (i, inst) in block.instructions.iter().enumerate() {
            let op = inst.class.opcode;
            let plain = !matches!(
                op,
                Op::Phi
                    | Op::FunctionCall
                    | Op::Branch
                    | Op::BranchConditional
                    | Op::Switch
                    | Op::Return
                    | Op::ReturnValue
            );
            for operand in &inst.operands {
                let Operand::IdRef(v) = operand else { continue };
                let v = folded.get(v).unwrap_or(v);
                let Some(&(db, ds, di)) = defs.get(v) else {
                    continue;
                };
                if plain && db == b && ds == stretch && di < i {
                    if let Some(t) = temps.get_mut(v) {
                        t.1 = t.1.max(i);
                    }
                } else {
                    temps.remove(v);
                }
            }
            stretch += usize::from(op == Op::FunctionCall);
        }
    }
    temps
}

/// How many times each id of `f` is an operand (of any instruction, terminators and phis
/// included).
pub fn use_counts(f: &Function) -> HashMap<Word, usize> {
    let mut uses: HashMap<Word, usize> = HashMap::new();
    for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
        for operand in &inst.operands {
            if let Operand::IdRef(v) = operand {
                *uses.entry(*v).or_default() += 1;
            }
        }
    }
    uses
}

/// Slots given back by temporaries, by number of components.
#[derive(Default)]
pub struct FreeSlots {
    free: HashMap<usize, Vec<usize>>,
}

impl FreeSlots {
    /// A free run of `n` slots, if one was given back.
    pub fn take(&mut self, n: usize) -> Option<usize> {
        self.free.get_mut(&n.max(1))?.pop()
    }

    /// Gives back the run of `n` slots at `slot`.
    pub fn give(&mut self, slot: usize, n: usize) {
        self.free.entry(n.max(1)).or_default().push(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::dr::{Block, Instruction};

    fn inst(op: Op, result: Option<Word>, uses: &[Word]) -> Instruction {
        let operands = uses.iter().map(|&v| Operand::IdRef(v)).collect();
        Instruction::new(op, result.map(|_| 1), result, operands)
    }

    fn block(insts: Vec<Instruction>) -> Block {
        Block {
            label: None,
            instructions: insts,
        }
    }

    #[test]
    fn temporaries_are_used_only_later_in_their_stretch_of_their_block() {
        let mut f = Function::new();
        f.blocks.push(block(vec![
            inst(Op::IAdd, Some(10), &[100, 100]), // used at 1 and 2
            inst(Op::IMul, Some(11), &[10, 10]),   // used by the call's argument
            inst(Op::IAdd, Some(12), &[10, 11]),   // used after the call
            inst(Op::ISub, Some(13), &[]),         // never used
            inst(Op::FunctionCall, Some(14), &[99, 11]),
            inst(Op::IAdd, Some(15), &[12, 14]), // used in the next block
            inst(Op::IAdd, Some(16), &[15]),     // used by the terminator
            inst(Op::BranchConditional, None, &[16, 200, 201]),
        ]));
        f.blocks.push(block(vec![
            inst(Op::Phi, Some(17), &[15, 300]),
            inst(Op::IAdd, Some(18), &[17, 17]), // a phi is no temporary
            inst(Op::IAdd, Some(19), &[18]),     // used at 2 of its block
            inst(Op::Return, None, &[]),
        ]));
        let t = temporaries(&f, &HashMap::new());
        let mut got: Vec<_> = t.into_iter().collect();
        got.sort_unstable();
        assert_eq!(
            got,
            [(10, (0, 2)), (13, (0, 3)), (18, (1, 2)), (19, (1, 2))]
        );
    }

    #[test]
    fn conversions_used_only_as_chain_indices_are_folded() {
        let mut f = Function::new();
        f.blocks.push(block(vec![
            inst(Op::SConvert, Some(10), &[100]), // an index twice
            inst(Op::SConvert, Some(11), &[101]), // an index, and added
            inst(Op::SConvert, Some(12), &[102]), // a chain's base
            inst(Op::SConvert, Some(13), &[103]), // unused
            inst(Op::UConvert, Some(14), &[104]), // not a sign extension
            inst(Op::PtrAccessChain, Some(20), &[200, 10, 11]),
            inst(Op::InBoundsAccessChain, Some(21), &[12, 10, 14]),
            inst(Op::IAdd, Some(22), &[11, 11]),
            inst(Op::Return, None, &[]),
        ]));
        let folded = index_conversions(&f);
        assert_eq!(folded, HashMap::from([(10, 100)]));
        // A use of 10 is a use of its source (100 is no value of `f`, so 10 is none either).
        f.blocks[0].instructions[0] = inst(Op::IAdd, Some(100), &[]);
        f.blocks[0]
            .instructions
            .insert(1, inst(Op::SConvert, Some(10), &[100]));
        let t = temporaries(&f, &index_conversions(&f));
        assert_eq!(t.get(&100), Some(&(0, 7)), "its last use is the chain 21");
        assert_eq!(t.get(&10), None);
    }

    #[test]
    fn free_slots_are_reused_by_size() {
        let mut free = FreeSlots::default();
        assert_eq!(free.take(1), None);
        free.give(7, 1);
        free.give(3, 4);
        assert_eq!(free.take(4), Some(3));
        assert_eq!(free.take(4), None);
        assert_eq!(free.take(0), Some(7), "a value of no slot takes one");
    }
}
