//! Kernel signatures read from the SPIR-V a module was built from, so that launches are
//! checked the same way on every backend (the IL is ours; a GPU driver's answers about
//! argument types are not needed).

use rspirv::dr::{Instruction, Module as SpirvModule, Operand};
use rspirv::spirv::{Decoration, FunctionParameterAttribute, Op, StorageClass, Word};
use std::collections::HashMap;
use std::fmt;

/// A scalar or vector element type as a kernel sees it. OpenCL SPIR-V has no signedness, so
/// `int` and `uint` are both `Int { bits: 32 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemType {
    /// An integer of `bits` bits (8, 16, 32, 64).
    Int {
        /// Width in bits.
        bits: u8,
    },
    /// A floating-point number of `bits` bits (16, 32, 64).
    Float {
        /// Width in bits.
        bits: u8,
    },
    /// A vector of `lanes` elements of `elem` (OpenCL `float4`, ...).
    Vector {
        /// Lane type.
        elem: Scalar,
        /// Lane count (2, 3, 4, 8, 16).
        lanes: u8,
    },
    /// Anything else (structs, arrays, images): only its size is known.
    Opaque {
        /// Size in bytes, if known.
        size: Option<usize>,
    },
}

/// The lane of a vector [`ElemType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// Integer of `bits` bits.
    Int(u8),
    /// Float of `bits` bits.
    Float(u8),
}

impl ElemType {
    /// Size in bytes as the kernel lays it out (3-lane vectors take 4 lanes' room).
    pub fn size(self) -> Option<usize> {
        match self {
            ElemType::Int { bits } | ElemType::Float { bits } => Some(bits as usize / 8),
            ElemType::Vector { elem, lanes } => {
                let (Scalar::Int(b) | Scalar::Float(b)) = elem;
                Some(b as usize / 8 * if lanes == 3 { 4 } else { lanes as usize })
            }
            ElemType::Opaque { size } => size,
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scalar = |s: Scalar| match s {
            Scalar::Int(8) => "char",
            Scalar::Int(16) => "short",
            Scalar::Int(32) => "int",
            Scalar::Int(64) => "long",
            Scalar::Float(16) => "half",
            Scalar::Float(32) => "float",
            Scalar::Float(64) => "double",
            Scalar::Int(_) => "int?",
            Scalar::Float(_) => "float?",
        };
        match *self {
            ElemType::Int { bits } => f.write_str(scalar(Scalar::Int(bits))),
            ElemType::Float { bits } => f.write_str(scalar(Scalar::Float(bits))),
            ElemType::Vector { elem, lanes } => write!(f, "{}{lanes}", scalar(elem)),
            ElemType::Opaque { size: Some(s) } => write!(f, "{s}-byte value"),
            ElemType::Opaque { size: None } => f.write_str("opaque value"),
        }
    }
}

/// The address space of a pointer parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// `global` (CrossWorkgroup): USM memory.
    Global,
    /// `constant` (UniformConstant): read-only USM memory.
    Constant,
    /// `local` (Workgroup): work-group memory sized at launch.
    Local,
    /// `generic` (OpenCL 2.0).
    Generic,
    /// Private memory (`Function`): a by-value struct passed as a pointer.
    Private,
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddressSpace::Global => "global",
            AddressSpace::Constant => "constant",
            AddressSpace::Local => "local",
            AddressSpace::Generic => "generic",
            AddressSpace::Private => "private",
        })
    }
}

/// One kernel parameter as the SPIR-V declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamType {
    /// A pointer to `elem` in `space`; `writable` is false for `const` pointers the compiler
    /// marked `NoWrite`/`NonWritable` and for `constant` memory.
    Pointer {
        /// Address space.
        space: AddressSpace,
        /// Pointee type.
        elem: ElemType,
        /// Whether the kernel may write through it.
        writable: bool,
    },
    /// A value passed by copy.
    Value(ElemType),
}

impl fmt::Display for ParamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamType::Pointer {
                space,
                elem,
                writable,
            } => {
                let c = if *writable { "" } else { "const " };
                write!(f, "{space} {c}{elem}*")
            }
            ParamType::Value(t) => write!(f, "{t}"),
        }
    }
}

/// Parameter lists of every kernel of a SPIR-V module, by kernel name. `None` if the module
/// cannot be parsed (the driver then reports the problem, and launches are checked by size).
pub(crate) fn read(spirv: &[u8]) -> Option<HashMap<String, Vec<ParamType>>> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let module = rspirv::dr::load_words(&words).ok()?;
    let types: HashMap<Word, &Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| Some((i.result_id?, i)))
        .collect();
    let mut read_only: Vec<Word> = Vec::new();
    for a in &module.annotations {
        if a.class.opcode != Op::Decorate {
            continue;
        }
        let (Some(Operand::IdRef(target)), Some(Operand::Decoration(d))) =
            (a.operands.first(), a.operands.get(1))
        else {
            continue;
        };
        let no_write = match d {
            Decoration::NonWritable => true,
            Decoration::FuncParamAttr => matches!(
                a.operands.get(2),
                Some(Operand::FunctionParameterAttribute(
                    FunctionParameterAttribute::NoWrite
                ))
            ),
            _ => false,
        };
        if no_write {
            read_only.push(*target);
        }
    }
    let mut kernels = HashMap::new();
    for e in &module.entry_points {
        let (Some(Operand::IdRef(function)), Some(Operand::LiteralString(name))) =
            (e.operands.get(1), e.operands.get(2))
        else {
            continue;
        };
        let Some(params) = parameters(&module, *function) else {
            continue;
        };
        let list = params
            .iter()
            .map(|&(id, ty)| param(&types, ty, read_only.contains(&id)))
            .collect();
        kernels.insert(name.clone(), list);
    }
    Some(kernels)
}

/// `(parameter id, type id)` of function `id`.
fn parameters(module: &SpirvModule, id: Word) -> Option<Vec<(Word, Word)>> {
    let f = module
        .functions
        .iter()
        .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(id))?;
    Some(
        f.parameters
            .iter()
            .filter_map(|p| Some((p.result_id?, p.result_type?)))
            .collect(),
    )
}

fn param(types: &HashMap<Word, &Instruction>, ty: Word, read_only: bool) -> ParamType {
    let Some(t) = types.get(&ty) else {
        return ParamType::Value(ElemType::Opaque { size: None });
    };
    if t.class.opcode != Op::TypePointer {
        return ParamType::Value(elem(types, ty));
    }
    let (Some(Operand::StorageClass(class)), Some(Operand::IdRef(pointee))) =
        (t.operands.first(), t.operands.get(1))
    else {
        return ParamType::Value(ElemType::Opaque { size: None });
    };
    let space = match class {
        StorageClass::CrossWorkgroup => AddressSpace::Global,
        StorageClass::UniformConstant => AddressSpace::Constant,
        StorageClass::Workgroup => AddressSpace::Local,
        StorageClass::Generic => AddressSpace::Generic,
        _ => AddressSpace::Private,
    };
    let elem = elem(types, *pointee);
    if space == AddressSpace::Private {
        // A by-value struct (FuncParamAttr ByVal): the launch passes its bytes.
        return ParamType::Value(elem);
    }
    ParamType::Pointer {
        space,
        elem,
        writable: !read_only && space != AddressSpace::Constant,
    }
}

fn literal(i: &Instruction, n: usize) -> Option<u32> {
    match i.operands.get(n) {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

fn elem(types: &HashMap<Word, &Instruction>, ty: Word) -> ElemType {
    let opaque = ElemType::Opaque {
        size: size(types, ty),
    };
    let Some(t) = types.get(&ty) else {
        return opaque;
    };
    match t.class.opcode {
        Op::TypeInt => literal(t, 0).map_or(opaque, |b| ElemType::Int { bits: b as u8 }),
        Op::TypeFloat => literal(t, 0).map_or(opaque, |b| ElemType::Float { bits: b as u8 }),
        Op::TypeVector => {
            let (Some(Operand::IdRef(lane)), Some(n)) = (t.operands.first(), literal(t, 1)) else {
                return opaque;
            };
            match elem(types, *lane) {
                ElemType::Int { bits } => ElemType::Vector {
                    elem: Scalar::Int(bits),
                    lanes: n as u8,
                },
                ElemType::Float { bits } => ElemType::Vector {
                    elem: Scalar::Float(bits),
                    lanes: n as u8,
                },
                _ => opaque,
            }
        }
        _ => opaque,
    }
}

/// Size in bytes of type `ty` (structs packed as OpenCL lays them out: members aligned to
/// their size, the struct to its largest member).
fn size(types: &HashMap<Word, &Instruction>, ty: Word) -> Option<usize> {
    let t = types.get(&ty)?;
    match t.class.opcode {
        Op::TypeInt | Op::TypeFloat => Some(literal(t, 0)? as usize / 8),
        Op::TypeBool => Some(1),
        Op::TypePointer => Some(8),
        Op::TypeVector => {
            let (Some(Operand::IdRef(lane)), Some(n)) = (t.operands.first(), literal(t, 1)) else {
                return None;
            };
            Some(size(types, *lane)? * if n == 3 { 4 } else { n as usize })
        }
        Op::TypeArray => {
            let (Some(Operand::IdRef(e)), Some(Operand::IdRef(len))) =
                (t.operands.first(), t.operands.get(1))
            else {
                return None;
            };
            let count = types.get(len).and_then(|c| literal(c, 0))?;
            Some(size(types, *e)? * count as usize)
        }
        Op::TypeStruct => {
            let (mut offset, mut align) = (0usize, 1usize);
            for m in &t.operands {
                let Operand::IdRef(m) = m else { return None };
                let s = size(types, *m)?;
                let a = alignment(types, *m)?;
                offset = offset.next_multiple_of(a) + s;
                align = align.max(a);
            }
            Some(offset.next_multiple_of(align))
        }
        _ => None,
    }
}

fn alignment(types: &HashMap<Word, &Instruction>, ty: Word) -> Option<usize> {
    let t = types.get(&ty)?;
    match t.class.opcode {
        Op::TypeArray => {
            let Some(Operand::IdRef(e)) = t.operands.first() else {
                return None;
            };
            alignment(types, *e)
        }
        Op::TypeStruct => t.operands.iter().try_fold(1, |a, m| match m {
            Operand::IdRef(m) => Some(a.max(alignment(types, *m)?)),
            _ => None,
        }),
        _ => size(types, ty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernels(file: &str) -> HashMap<String, Vec<ParamType>> {
        let path = format!("{}/../kernels/spv/{file}", env!("CARGO_MANIFEST_DIR"));
        read(&std::fs::read(path).unwrap()).unwrap()
    }

    #[test]
    fn saxpy_reads_value_const_pointer_and_pointer() {
        let k = kernels("saxpy-O2.spv");
        let f32p = |writable| ParamType::Pointer {
            space: AddressSpace::Global,
            elem: ElemType::Float { bits: 32 },
            writable,
        };
        assert_eq!(
            k["saxpy"],
            [
                ParamType::Value(ElemType::Float { bits: 32 }),
                f32p(false),
                f32p(true)
            ]
        );
        assert_eq!(k["saxpy"][1].to_string(), "global const float*");
    }

    #[test]
    fn local_parameters_are_local_pointers() {
        let k = kernels("local_mem-O2.spv");
        assert!(matches!(
            k["local_param_reverse"][2],
            ParamType::Pointer {
                space: AddressSpace::Local,
                elem: ElemType::Float { bits: 32 },
                ..
            }
        ));
    }
}
