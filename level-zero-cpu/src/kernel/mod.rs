//! SPIR-V kernels: building modules (checks, lowering) and running kernels on the host.

pub mod builtins;
pub mod exec;
pub mod ir;
mod lower;
mod lower_ext;
mod lower_inst;
mod memops;
mod ops;
mod order;
mod reach;
pub mod spirv;
mod types;
pub mod value;

use ir::Program;
use rspirv::dr::Operand;
use rspirv::spirv::{ExecutionMode, ExecutionModel, Op};
use std::collections::HashMap;
use std::sync::Arc;

/// A built module: its kernels lowered, its program-scope memory, its SPIR-V.
pub struct BuiltModule {
    /// Keeps program-scope memory (and the parsed module) alive.
    pub data: spirv::ModuleData,
    pub kernels: Vec<(String, Arc<Program>)>,
    /// Warnings and notes for the build log.
    pub log: String,
}

/// Builds a module from SPIR-V words; `spec` maps SpecId → value. `Err` is the build log.
pub fn build(words: &[u32], spec: &HashMap<u32, u64>) -> Result<BuiltModule, String> {
    let data = spirv::ModuleData::build(words, spec)?;
    let mut kernels = Vec::new();
    let mut required: HashMap<u32, [u32; 3]> = HashMap::new();
    for m in &data.module.execution_modes {
        if let (Some(Operand::IdRef(f)), Some(Operand::ExecutionMode(ExecutionMode::LocalSize))) =
            (m.operands.first(), m.operands.get(1))
        {
            let v: Vec<u32> = m.operands[2..]
                .iter()
                .filter_map(|o| {
                    if let Operand::LiteralBit32(v) = o {
                        Some(*v)
                    } else {
                        None
                    }
                })
                .collect();
            if v.len() == 3 {
                required.insert(*f, [v[0], v[1], v[2]]);
            }
        }
    }
    for ep in &data.module.entry_points {
        let (
            Some(Operand::ExecutionModel(model)),
            Some(Operand::IdRef(fid)),
            Some(Operand::LiteralString(name)),
        ) = (ep.operands.first(), ep.operands.get(1), ep.operands.get(2))
        else {
            return Err("malformed OpEntryPoint".into());
        };
        if *model != ExecutionModel::Kernel {
            return Err(format!(
                "entry point {name}: execution model {model:?} is not supported (only Kernel)"
            ));
        }
        let f = data
            .module
            .functions
            .iter()
            .find(|f| {
                f.def
                    .as_ref()
                    .is_some_and(|d| d.class.opcode == Op::Function && d.result_id == Some(*fid))
            })
            .ok_or_else(|| format!("entry point {name}: function %{fid} not found"))?;
        let mut program = lower::Lowering::new(&data)
            .kernel(name, f)
            .map_err(|e| format!("kernel {name}: {e}"))?;
        program.required_group_size = required.get(fid).copied();
        kernels.push((name.clone(), Arc::new(program)));
    }
    Ok(BuiltModule {
        data,
        kernels,
        log: String::new(),
    })
}
