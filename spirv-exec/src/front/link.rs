//! Linking: several SPIR-V modules made one before the front end reads it
//! ([`Module::build_linked`](crate::Module::build_linked)). Each input's ids are shifted past
//! the previous inputs', its specialization constants set, sections merged (capabilities,
//! extensions and extended instruction sets once each, identical plain types and constants
//! once), and every declaration with `LinkageAttributes ... Import` replaced by the
//! definition of the same name with `Export` linkage.

use crate::front::spirv::{check_ids, check_words, parse};
use crate::front::to_ssa_llvm::is_llvm_intrinsic;
use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Module, ModuleHeader, Operand};
use rspirv::spirv::{Decoration, LinkageType, Op, Word};
use std::collections::{HashMap, HashSet};

/// One input of a link: its words and its specialization constants (SpecId → value).
pub(crate) type Input<'a> = (&'a [u32], &'a HashMap<u32, u64>);

/// Types and constants that are the same when written the same (structs, opaque types and
/// specialization constants are not: each keeps its identity).
const MERGED: &[Op] = &[
    Op::TypeVoid,
    Op::TypeBool,
    Op::TypeInt,
    Op::TypeFloat,
    Op::TypeVector,
    Op::TypeArray,
    Op::TypePointer,
    Op::TypeFunction,
    Op::TypeEvent,
    Op::Constant,
    Op::ConstantTrue,
    Op::ConstantFalse,
    Op::ConstantNull,
    Op::ConstantComposite,
];

/// A symbol with linkage: its id and the input declaring it.
struct Symbol {
    id: Word,
    input: usize,
}

/// What a module imports and exports by `LinkageAttributes` (built-ins aside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linkage {
    /// The names it imports.
    pub imports: Vec<String>,
    /// The names it exports.
    pub exports: Vec<String>,
    /// The imports that are variables (the others are functions).
    pub imported_variables: Vec<String>,
}

/// The names parsed module `m` imports and exports.
pub(crate) fn symbols(m: &Module) -> Linkage {
    let builtins = builtin_ids(m);
    let variables: HashSet<Word> = m
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable)
        .filter_map(|i| i.result_id)
        .collect();
    let mut out = Linkage::default();
    for a in &m.annotations {
        if let [Operand::IdRef(id), Operand::Decoration(Decoration::LinkageAttributes), Operand::LiteralString(name), Operand::LinkageType(kind)] =
            a.operands.as_slice()
        {
            match kind {
                LinkageType::Import if builtins.contains(id) || is_llvm_intrinsic(name) => {}
                LinkageType::Import => {
                    if variables.contains(id) {
                        out.imported_variables.push(name.clone());
                    }
                    out.imports.push(name.clone());
                }
                _ => out.exports.push(name.clone()),
            }
        }
    }
    out
}

/// The ids decorated `BuiltIn` (older producers declare built-ins as imports: they are not
/// symbols).
fn builtin_ids(m: &Module) -> HashSet<Word> {
    m.annotations
        .iter()
        .filter(|a| a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn)))
        .filter_map(|a| a.operands.first().and_then(Operand::id_ref_any))
        .collect()
}

/// Links `inputs` into the words of one module; `Err` says which input or symbol failed.
pub(crate) fn link(inputs: &[Input]) -> Result<Vec<u32>, String> {
    link_keeping(inputs, None)
}

/// [`link`], keeping the entry points of input `keep` only (if given): the others lend their
/// exports.
pub(crate) fn link_keeping(inputs: &[Input], keep: Option<usize>) -> Result<Vec<u32>, String> {
    if inputs.is_empty() {
        return Err("link: no input modules".into());
    }
    let mut out = Module::new();
    let mut offset: Word = 1;
    let mut version = 0;
    let mut generator = 0;
    let mut imports: Vec<(String, Symbol)> = Vec::new();
    let mut exports: HashMap<String, Symbol> = HashMap::new();
    let mut kernels: HashMap<String, usize> = HashMap::new();
    let mut remap: HashMap<Word, Word> = HashMap::new();
    for (i, (words, spec)) in inputs.iter().enumerate() {
        let fail = |e: String| format!("link: input {i}: {e}");
        check_words(words).map_err(fail)?;
        let mut m = parse(words).map_err(fail)?;
        check_ids(&m).map_err(fail)?;
        if i == 0 {
            generator = words[2];
        }
        version = version.max(words[1]);
        specialize(&mut m, spec);
        let bound = m
            .all_inst_iter()
            .filter_map(|inst| inst.result_id)
            .max()
            .map_or(Some(1), |max| max.checked_add(1))
            .ok_or_else(|| fail("too many ids to link".into()))?;
        // Every id is below `bound`, so no shifted id passes the next offset.
        let next = offset
            .checked_add(bound)
            .ok_or_else(|| fail("too many ids to link".into()))?;
        for inst in m.all_inst_iter_mut() {
            shift(inst, offset);
        }
        offset = next;
        let builtins = builtin_ids(&m);
        if keep.is_some_and(|k| k != i) {
            m.entry_points.clear();
            m.execution_modes.clear();
        }
        for a in &m.annotations {
            let [Operand::IdRef(id), Operand::Decoration(Decoration::LinkageAttributes), Operand::LiteralString(name), Operand::LinkageType(kind)] =
                a.operands.as_slice()
            else {
                continue;
            };
            let symbol = Symbol { id: *id, input: i };
            match kind {
                // Older producers declare built-ins as imports, translators leave LLVM
                // intrinsics the front end implements as imports: they are not symbols.
                LinkageType::Import if builtins.contains(id) || is_llvm_intrinsic(name) => {}
                LinkageType::Import => imports.push((name.clone(), symbol)),
                _ => {
                    if let Some(first) = exports.get(name) {
                        if *kind == LinkageType::Export {
                            return Err(format!(
                                "link: symbol {name} is exported twice, by input {} and input {i}",
                                first.input
                            ));
                        }
                    } else {
                        exports.insert(name.clone(), symbol);
                    }
                }
            }
        }
        for e in &m.entry_points {
            if let Some(Operand::LiteralString(name)) = e.operands.get(2) {
                if let Some(first) = kernels.insert(name.clone(), i) {
                    return Err(format!(
                        "link: kernel {name} is defined by input {first} and input {i}"
                    ));
                }
            }
        }
        merge(&mut out, m, i, &mut remap)?;
    }
    merge_types(&out, &mut remap);
    resolve(&mut out, &imports, &exports, &mut remap)?;
    for inst in out.all_inst_iter_mut() {
        for op in &mut inst.operands {
            if let Some(id) = op.id_ref_any_mut() {
                *id = follow(&remap, *id);
            }
        }
        if let Some(t) = inst.result_type.as_mut() {
            *t = follow(&remap, *t);
        }
    }
    let mut header = ModuleHeader::new(offset);
    header.version = version;
    header.generator = generator;
    out.header = Some(header);
    Ok(out.assemble())
}

/// The id `id` stands for once merged and resolved.
fn follow(remap: &HashMap<Word, Word>, mut id: Word) -> Word {
    for _ in 0..8 {
        match remap.get(&id) {
            Some(&to) if to != id => id = to,
            _ => break,
        }
    }
    id
}

/// Sets the input's specialization constants to its caller's values (the linked module is
/// built without any: each input's SpecIds are its own).
fn specialize(m: &mut Module, spec: &HashMap<u32, u64>) {
    let ids: HashMap<Word, u32> = m
        .annotations
        .iter()
        .filter_map(|a| match a.operands.as_slice() {
            [Operand::IdRef(t), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(sid), ..] => {
                Some((*t, *sid))
            }
            _ => None,
        })
        .collect();
    for inst in &mut m.types_global_values {
        let Some(value) = inst
            .result_id
            .and_then(|r| ids.get(&r))
            .and_then(|sid| spec.get(sid))
        else {
            continue;
        };
        match inst.class.opcode {
            Op::SpecConstant => match inst.operands.first_mut() {
                Some(Operand::LiteralBit32(v)) => *v = *value as u32,
                Some(Operand::LiteralBit64(v)) => *v = *value,
                _ => {}
            },
            Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let op = if *value != 0 {
                    Op::SpecConstantTrue
                } else {
                    Op::SpecConstantFalse
                };
                *inst = Instruction::new(op, inst.result_type, inst.result_id, Vec::new());
            }
            _ => {}
        }
    }
}

/// Adds `by` to every id an instruction defines or uses.
fn shift(inst: &mut Instruction, by: Word) {
    for id in inst.result_id.iter_mut().chain(inst.result_type.iter_mut()) {
        *id += by;
    }
    for op in &mut inst.operands {
        if let Some(id) = op.id_ref_any_mut() {
            *id += by;
        }
    }
}

/// Appends input `i`'s sections to `out`: capabilities, extensions and extended instruction
/// sets once each (a repeated set's id noted in `remap`).
fn merge(
    out: &mut Module,
    m: Module,
    i: usize,
    remap: &mut HashMap<Word, Word>,
) -> Result<(), String> {
    for c in m.capabilities {
        if !out.capabilities.iter().any(|o| o.operands == c.operands) {
            out.capabilities.push(c);
        }
    }
    for e in m.extensions {
        if !out.extensions.iter().any(|o| o.operands == e.operands) {
            out.extensions.push(e);
        }
    }
    for imp in m.ext_inst_imports {
        match out
            .ext_inst_imports
            .iter()
            .find(|o| o.operands == imp.operands)
        {
            Some(o) => {
                if let (Some(from), Some(to)) = (imp.result_id, o.result_id) {
                    remap.insert(from, to);
                }
            }
            None => out.ext_inst_imports.push(imp),
        }
    }
    match (&out.memory_model, m.memory_model) {
        (None, mm) => out.memory_model = mm,
        (Some(first), Some(mm)) if first.operands != mm.operands => {
            return Err(format!(
                "link: input {i} has memory model {:?}, input 0 {:?}",
                mm.operands, first.operands
            ))
        }
        _ => {}
    }
    out.entry_points.extend(m.entry_points);
    out.execution_modes.extend(m.execution_modes);
    out.debug_string_source.extend(m.debug_string_source);
    out.debug_names.extend(m.debug_names);
    out.debug_module_processed.extend(m.debug_module_processed);
    out.annotations.extend(m.annotations);
    out.types_global_values.extend(m.types_global_values);
    out.functions.extend(m.functions);
    Ok(())
}

/// Notes in `remap` each plain type or constant written like an earlier one (ids that are
/// decorated or forward-declared keep their identity).
fn merge_types(out: &Module, remap: &mut HashMap<Word, Word>) {
    let mut kept: HashSet<Word> = out
        .annotations
        .iter()
        .filter_map(|a| a.operands.first().and_then(Operand::id_ref_any))
        .collect();
    kept.extend(
        out.types_global_values
            .iter()
            .filter(|t| t.class.opcode == Op::TypeForwardPointer)
            .filter_map(|t| t.operands.first().and_then(Operand::id_ref_any)),
    );
    let mut seen: HashMap<Vec<u32>, Word> = HashMap::new();
    for inst in &out.types_global_values {
        let Some(rid) = inst.result_id else { continue };
        if !MERGED.contains(&inst.class.opcode) || kept.contains(&rid) {
            continue;
        }
        let mut key = inst.clone();
        key.result_id = None;
        key.result_type = key.result_type.map(|t| follow(remap, t));
        for op in &mut key.operands {
            if let Some(id) = op.id_ref_any_mut() {
                *id = follow(remap, *id);
            }
        }
        match seen.get(&key.assemble()) {
            Some(&first) => {
                remap.insert(rid, first);
            }
            None => {
                seen.insert(key.assemble(), rid);
            }
        }
    }
}

/// Resolves every import to its export (noted in `remap`), checking that their types agree,
/// and takes out the imports' declarations, the types and constants merged away and their
/// names and decorations.
fn resolve(
    out: &mut Module,
    imports: &[(String, Symbol)],
    exports: &HashMap<String, Symbol>,
    remap: &mut HashMap<Word, Word>,
) -> Result<(), String> {
    let defs: HashMap<Word, &Instruction> = out
        .types_global_values
        .iter()
        .chain(out.functions.iter().filter_map(|f| f.def.as_ref()))
        .filter_map(|i| Some((i.result_id?, i)))
        .collect();
    let names: HashMap<Word, &str> = out
        .debug_names
        .iter()
        .filter_map(|n| match n.operands.as_slice() {
            [Operand::IdRef(t), Operand::LiteralString(s)] if n.class.opcode == Op::Name => {
                Some((*t, s.as_str()))
            }
            _ => None,
        })
        .collect();
    let types = Types {
        defs: &defs,
        remap,
        names: &names,
    };
    let mut resolved = HashMap::new();
    for (name, import) in imports {
        let Some(def) = defs.get(&import.id) else {
            return Err(format!("link: import {name} names no function or variable"));
        };
        let Some(export) = exports.get(name) else {
            return Err(format!(
                "link: unresolved import {name} (input {}): no input exports {} {name}",
                import.input,
                what(def)
            ));
        };
        let Some(target) = defs.get(&export.id) else {
            return Err(format!("link: export {name} names no function or variable"));
        };
        let (want, have) = (type_of(def), type_of(target));
        if def.class.opcode != target.class.opcode || !types.same(want, have, 0) {
            return Err(format!(
                "link: import {name} (input {}) is {} of type {}, but input {} exports {} of \
                 type {}",
                import.input,
                what(def),
                types.describe(want, 0),
                export.input,
                what(target),
                types.describe(have, 0)
            ));
        }
        resolved.insert(import.id, export.id);
    }
    remap.extend(&resolved);
    let mut dropped: HashSet<Word> = HashSet::new();
    out.functions.retain(|f| {
        let id = f.def.as_ref().and_then(|d| d.result_id);
        let keep = !id.is_some_and(|id| resolved.contains_key(&id));
        if !keep {
            dropped.extend(f.parameters.iter().filter_map(|p| p.result_id));
        }
        keep
    });
    out.types_global_values
        .retain(|t| !t.result_id.is_some_and(|id| remap.contains_key(&id)));
    out.ext_inst_imports
        .retain(|t| !t.result_id.is_some_and(|id| remap.contains_key(&id)));
    let gone = |inst: &Instruction| {
        inst.operands
            .first()
            .and_then(Operand::id_ref_any)
            .is_some_and(|t| dropped.contains(&t) || remap.contains_key(&t))
    };
    out.annotations.retain(|a| !gone(a));
    out.debug_names.retain(|n| !gone(n));
    Ok(())
}

/// "function" or "variable", for messages.
fn what(def: &Instruction) -> &'static str {
    if def.class.opcode == Op::Function {
        "function"
    } else {
        "variable"
    }
}

/// The type a symbol is checked by: a function's function type, a variable's pointer type.
fn type_of(def: &Instruction) -> Word {
    if def.class.opcode == Op::Function {
        def.operands
            .get(1)
            .and_then(Operand::id_ref_any)
            .unwrap_or(0)
    } else {
        def.result_type.unwrap_or(0)
    }
}

/// The merged module's types, compared and described by structure.
struct Types<'a> {
    defs: &'a HashMap<Word, &'a Instruction>,
    remap: &'a HashMap<Word, Word>,
    names: &'a HashMap<Word, &'a str>,
}

/// How deep a comparison or description follows types (past it, a recursive struct through
/// a pointer is taken as equal).
const DEPTH: usize = 16;

impl Types<'_> {
    fn get(&self, id: Word) -> Option<&Instruction> {
        self.defs.get(&follow(self.remap, id)).copied()
    }

    /// Whether types (or constants: an array's length) `a` and `b` have the same structure.
    fn same(&self, a: Word, b: Word, depth: usize) -> bool {
        let (a, b) = (follow(self.remap, a), follow(self.remap, b));
        if a == b || depth > DEPTH {
            return true;
        }
        let (Some(x), Some(y)) = (self.get(a), self.get(b)) else {
            return false;
        };
        if x.class.opcode != y.class.opcode || x.operands.len() != y.operands.len() {
            return false;
        }
        // Pointers are addresses in a storage class: producers translating LLVM's opaque
        // pointers name the pointee by its first use (`half*` here, `i16*` there), so two
        // pointers of one class are the same type.
        if x.class.opcode == Op::TypePointer {
            return x.operands.first() == y.operands.first();
        }
        let same_type = match (x.result_type, y.result_type) {
            (Some(s), Some(t)) => self.same(s, t, depth + 1),
            (s, t) => s == t,
        };
        same_type
            && x.operands.iter().zip(&y.operands).all(|(p, q)| {
                match (p.id_ref_any(), q.id_ref_any()) {
                    (Some(s), Some(t)) => self.same(s, t, depth + 1),
                    _ => p == q,
                }
            })
    }

    /// A type in words: `i32`, `f32x4`, `i8*`, `fn(i32*) -> void`.
    fn describe(&self, id: Word, depth: usize) -> String {
        let Some(t) = self.get(id) else {
            return format!("%{id}");
        };
        let ids: Vec<Word> = t.operands.iter().filter_map(Operand::id_ref_any).collect();
        let bits = match t.operands.first() {
            Some(Operand::LiteralBit32(b)) => *b,
            _ => 0,
        };
        let part = |i: usize| {
            ids.get(i)
                .map_or("?".to_string(), |&p| self.describe(p, depth + 1))
        };
        if depth > DEPTH {
            return "…".into();
        }
        match t.class.opcode {
            Op::TypeVoid => "void".into(),
            Op::TypeBool => "bool".into(),
            Op::TypeInt => format!("i{bits}"),
            Op::TypeFloat => format!("f{bits}"),
            Op::TypeVector => match t.operands.get(1) {
                Some(Operand::LiteralBit32(n)) => format!("{}x{n}", part(0)),
                _ => format!("{}x?", part(0)),
            },
            Op::TypePointer => format!("{}*", part(0)),
            Op::TypeArray => format!("[{}; %{}]", part(0), ids.get(1).unwrap_or(&0)),
            Op::TypeStruct => match self.names.get(&follow(self.remap, id)) {
                Some(name) => format!("struct {name}"),
                None => format!(
                    "struct {{{}}}",
                    (0..ids.len()).map(part).collect::<Vec<_>>().join(", ")
                ),
            },
            Op::TypeFunction => format!(
                "fn({}) -> {}",
                (1..ids.len()).map(part).collect::<Vec<_>>().join(", "),
                part(0)
            ),
            other => format!("Op{other:?}"),
        }
    }
}
