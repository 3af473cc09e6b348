//! A scheduling pass between Cranelift's optimizer and its instruction selection: every
//! movable load goes down to just before its first use in its block.
//!
//! Cranelift's optimizer places each pure instruction where its first use needs it, its
//! operands first, depth first. A chain of multiply-adds over loads that may move (the tiled
//! product's `acc += As[ty][k] * Bs[k][tx]`, unrolled) then has all its loads before its first
//! multiply-add, every loaded value live at once: more than the 16 SIMD registers, so most
//! are spilled and reloaded. Moved down, each load sits next to its multiply-add, which then
//! reads it from memory directly.

use cranelift_codegen::ir::{Function, Inst, InstructionData, Opcode, Value};
use std::collections::HashMap;

/// Moves the movable instructions of `func` (its optimizer has run) down to their first use.
pub fn sink(func: &mut Function) {
    let blocks: Vec<_> = func.layout.blocks().collect();
    let mut users: HashMap<Value, Vec<Inst>> = HashMap::new();
    for block in blocks {
        let insts: Vec<Inst> = func.layout.block_insts(block).collect();
        users.clear();
        for &i in &insts {
            for v in func.dfg.inst_values(i) {
                users.entry(v).or_default().push(i);
            }
        }
        // Bottom up: the instructions after `i` are where they stay when `i` moves.
        for &i in insts.iter().rev() {
            if !movable(func, i) {
                continue;
            }
            let [r] = func.dfg.inst_results(i) else {
                continue;
            };
            let Some(first) = users
                .get(r)
                .and_then(|u| u.iter().copied().min_by(|a, b| func.layout.pp_cmp(*a, *b)))
            else {
                continue;
            };
            if func.layout.next_inst(i) != Some(first) {
                func.layout.remove_inst(i);
                func.layout.insert_inst(i, first);
            }
        }
    }
}

/// Whether `func` has a load [`sink`] would move.
pub fn wanted(func: &Function) -> bool {
    func.layout
        .blocks()
        .flat_map(|b| func.layout.block_insts(b))
        .any(|i| movable(func, i))
}

/// Whether `i` is a kernel's load the code generator marked movable
/// (`scalar_gen::movable_flags`). (Moving pure instructions of one operand too made the
/// dpnp reduction 10 % slower.)
fn movable(func: &Function, i: Inst) -> bool {
    match func.dfg.insts[i] {
        InstructionData::Load {
            opcode: Opcode::Load,
            flags,
            ..
        } => func.dfg.mem_flags[flags] == super::scalar_gen::movable_flags(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::sink;
    use cranelift_codegen::ir::{types, AbiParam, Function, InstBuilder, MemFlagsData, Signature};
    use cranelift_codegen::isa::CallConv;
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

    #[test]
    fn movable_loads_go_to_their_first_use_and_others_stay() {
        let mut sig = Signature::new(CallConv::SystemV);
        sig.params.push(AbiParam::new(types::I64));
        let mut func = Function::with_name_signature(Default::default(), sig);
        let mut ctx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut func, &mut ctx);
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let p = b.block_params(entry)[0];
        let movable = super::super::scalar_gen::movable_flags();
        let plain = MemFlagsData::new().with_notrap();
        let x0 = b.ins().load(types::F32, movable, p, 0);
        let x1 = b.ins().load(types::F32, movable, p, 4);
        let x2 = b.ins().load(types::F32, movable, p, 8);
        let x3 = b.ins().load(types::F32, plain, p, 12);
        let s = b.ins().fadd(x0, x1);
        let s = b.ins().fadd(s, x2);
        let s = b.ins().fadd(s, x3);
        b.ins().store(plain, s, p, 16);
        b.ins().return_(&[]);
        b.seal_all_blocks();
        let isa = super::super::emit::module_isa().expect("the host's code generator");
        b.finalize(isa.frontend_config());
        let before: Vec<_> = func.layout.block_insts(entry).collect();
        let [l0, l1, l2, fixed, s1, s2, s3, store, ret] = before[..] else {
            panic!("nine instructions");
        };
        sink(&mut func);
        let after: Vec<_> = func.layout.block_insts(entry).collect();
        // Each movable load just before its first use (bottom up: the third first); the
        // plain load and the sums stay in their order.
        assert_eq!(after, [fixed, l1, l0, s1, l2, s2, s3, store, ret]);
    }
}
