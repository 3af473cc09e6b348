//! Function pointers (`SPV_INTEL_function_pointers`): in a module that uses them (the
//! capability, or an `OpConstantFunctionPointerINTEL`), every function gets a token, the value
//! its pointers hold (what `zeModuleGetFunctionPointer` returns too, also for a function whose
//! address the module never takes: the host may pass it to a kernel); a call through a pointer
//! (`OpFunctionPointerCallINTEL`) is rewritten before lowering into a comparison with each such
//! function of the right type and a direct call of the one that matches, so that both executors
//! see only direct calls. A call through any other value reaches `OpUnreachable` (a fault).

use rspirv::dr::{Block, Instruction, Module, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Tokens lie in non-canonical x86-64 addresses: never memory a kernel may reach.
const TOKEN_BASE: u64 = 0xffff_8000_0000_0000;

/// A token per function of a module that has any: the module's serial number and the
/// function's index.
pub(crate) fn tokens(module: &Module) -> HashMap<Word, u64> {
    static SERIAL: AtomicU64 = AtomicU64::new(1);
    let taken = module
        .types_global_values
        .iter()
        .any(|i| i.class.opcode == Op::ConstantFunctionPointerINTEL)
        || module.capabilities.iter().any(|c| {
            c.operands.first()
                == Some(&Operand::Capability(
                    rspirv::spirv::Capability::FunctionPointersINTEL,
                ))
        });
    if !taken {
        return HashMap::new();
    }
    let serial = SERIAL.fetch_add(1, Ordering::Relaxed) & 0xf_ffff_ffff;
    module
        .functions
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.def.as_ref()?.result_id.map(|id| (id, i)))
        .map(|(id, i)| (id, TOKEN_BASE | serial << 20 | i as u64))
        .collect()
}

/// Rewrites every `OpFunctionPointerCallINTEL` of `module` into direct calls.
pub(crate) fn rewrite_calls(
    module: &mut Module,
    tokens: &HashMap<Word, u64>,
) -> Result<(), String> {
    let has_calls = module.functions.iter().any(|f| {
        f.blocks.iter().any(|b| {
            b.instructions
                .iter()
                .any(|i| i.class.opcode == Op::FunctionPointerCallINTEL)
        })
    });
    if !has_calls {
        return Ok(());
    }
    let bool_ty = type_id(module, Op::TypeBool, vec![])?;
    let ulong = vec![Operand::LiteralBit32(64), Operand::LiteralBit32(0)];
    let ulong_ty = type_id(module, Op::TypeInt, ulong)?;
    // A constant per token, to compare pointers with (as integers).
    let mut token_consts = HashMap::new();
    for (&function, &token) in tokens {
        let id = new_id(module)?;
        module.types_global_values.push(Instruction::new(
            Op::Constant,
            Some(ulong_ty),
            Some(id),
            vec![Operand::LiteralBit64(token)],
        ));
        token_consts.insert(function, id);
    }
    let mut next_id = module.header.as_ref().map_or(1, |h| h.bound);
    let mut fresh = || {
        next_id += 1;
        next_id - 1
    };
    for f in 0..module.functions.len() {
        // Split a block at each indirect call, one at a time (each split adds blocks).
        while let Some((b, at)) = find_call(&module.functions[f].blocks) {
            let blocks = &mut module.functions[f].blocks;
            let call = blocks[b].instructions[at].clone();
            let (Some(Operand::IdRef(pointer)), args) =
                (call.operands.first(), &call.operands[1..])
            else {
                return Err("malformed OpFunctionPointerCallINTEL".into());
            };
            let result_ty = call
                .result_type
                .ok_or("OpFunctionPointerCallINTEL without a type")?;
            // Candidates: the module's functions of the call's result type and argument count
            // (the host may pass a pointer to any of them, from zeModuleGetFunctionPointer).
            let mut candidates: Vec<(Word, Word)> = token_consts
                .iter()
                .filter(|(fid, _)| {
                    module_fn(&module.functions, **fid).is_some_and(|f| {
                        f.def.as_ref().and_then(|d| d.result_type) == Some(result_ty)
                            && f.parameters.len() == args.len()
                    })
                })
                .map(|(fid, c)| (*c, *fid))
                .collect();
            candidates.sort_unstable();
            let as_int = fresh();
            let old_label = label(&module.functions[f].blocks[b])?;
            let join = fresh();
            let trap = fresh();
            let rest: Vec<Instruction> =
                module.functions[f].blocks[b].instructions.split_off(at + 1);
            module.functions[f].blocks[b].instructions.pop(); // the call
            let mut new_blocks = Vec::new();
            let mut phi_operands = Vec::new();
            // The comparisons: the first in the split block, each next one in a block of its own.
            let mut tests: Vec<(Option<Word>, Vec<Instruction>)> = vec![(
                None,
                vec![Instruction::new(
                    Op::ConvertPtrToU,
                    Some(ulong_ty),
                    Some(as_int),
                    vec![Operand::IdRef(*pointer)],
                )],
            )];
            for (k, (constant, fid)) in candidates.iter().enumerate() {
                let (equal, on_match) = (fresh(), fresh());
                let otherwise = if k + 1 < candidates.len() {
                    fresh()
                } else {
                    trap
                };
                let insts = &mut tests.last_mut().expect("one test block at least").1;
                insts.push(Instruction::new(
                    Op::IEqual,
                    Some(bool_ty),
                    Some(equal),
                    vec![Operand::IdRef(as_int), Operand::IdRef(*constant)],
                ));
                insts.push(Instruction::new(
                    Op::BranchConditional,
                    None,
                    None,
                    vec![
                        Operand::IdRef(equal),
                        Operand::IdRef(on_match),
                        Operand::IdRef(otherwise),
                    ],
                ));
                let value = call.result_id.map(|_| fresh());
                let mut operands = vec![Operand::IdRef(*fid)];
                operands.extend(args.iter().cloned());
                let mut matched = block(on_match);
                matched.instructions.push(Instruction::new(
                    Op::FunctionCall,
                    Some(result_ty),
                    value,
                    operands,
                ));
                matched.instructions.push(branch(join));
                new_blocks.push(matched);
                if let Some(v) = value {
                    phi_operands.push(Operand::IdRef(v));
                    phi_operands.push(Operand::IdRef(on_match));
                }
                if otherwise != trap {
                    tests.push((Some(otherwise), Vec::new()));
                }
            }
            if candidates.is_empty() {
                tests[0].1.push(branch(trap));
            }
            let mut tests = tests.into_iter();
            let (_, first) = tests.next().expect("one test block at least");
            module.functions[f].blocks[b].instructions.extend(first);
            let pending_tests: Vec<Block> = tests
                .map(|(l, insts)| Block {
                    label: Some(Instruction::new(Op::Label, None, l, vec![])),
                    instructions: insts,
                })
                .collect();
            let mut trap_block = block(trap);
            trap_block
                .instructions
                .push(Instruction::new(Op::Unreachable, None, None, vec![]));
            let mut join_block = block(join);
            if let (Some(r), false) = (call.result_id, phi_operands.is_empty()) {
                join_block.instructions.push(Instruction::new(
                    Op::Phi,
                    Some(result_ty),
                    Some(r),
                    phi_operands,
                ));
            }
            join_block.instructions.extend(rest);
            // Successors' phis now come from the join block.
            let blocks = &mut module.functions[f].blocks;
            for other in blocks.iter_mut() {
                for inst in other
                    .instructions
                    .iter_mut()
                    .filter(|i| i.class.opcode == Op::Phi)
                {
                    for pair in inst.operands.chunks_mut(2) {
                        if pair.get(1) == Some(&Operand::IdRef(old_label)) {
                            pair[1] = Operand::IdRef(join);
                        }
                    }
                }
            }
            let added = pending_tests
                .into_iter()
                .chain(new_blocks)
                .chain([trap_block, join_block]);
            blocks.splice(b + 1..b + 1, added);
        }
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = next_id;
    }
    Ok(())
}

fn find_call(blocks: &[Block]) -> Option<(usize, usize)> {
    blocks.iter().enumerate().find_map(|(b, block)| {
        block
            .instructions
            .iter()
            .position(|i| i.class.opcode == Op::FunctionPointerCallINTEL)
            .map(|at| (b, at))
    })
}

/// The module's function whose result id is `id`.
fn module_fn(functions: &[rspirv::dr::Function], id: Word) -> Option<&rspirv::dr::Function> {
    functions
        .iter()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(id))
}

fn label(b: &Block) -> Result<Word, String> {
    b.label
        .as_ref()
        .and_then(|l| l.result_id)
        .ok_or_else(|| "block without label".into())
}

fn block(id: Word) -> Block {
    Block {
        label: Some(Instruction::new(Op::Label, None, Some(id), vec![])),
        instructions: Vec::new(),
    }
}

fn branch(to: Word) -> Instruction {
    Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(to)])
}

/// The id of the module's type declared by `op` with `operands`, declared first if it has
/// none.
fn type_id(module: &mut Module, op: Op, operands: Vec<Operand>) -> Result<Word, String> {
    if let Some(id) = module
        .types_global_values
        .iter()
        .find(|i| i.class.opcode == op && i.operands == operands)
        .and_then(|i| i.result_id)
    {
        return Ok(id);
    }
    let id = new_id(module)?;
    module
        .types_global_values
        .insert(0, Instruction::new(op, None, Some(id), operands));
    Ok(id)
}

/// A fresh id of `module`.
fn new_id(module: &mut Module) -> Result<Word, String> {
    let header = module.header.as_mut().ok_or("a module without a header")?;
    header.bound += 1;
    Ok(header.bound - 1)
}
