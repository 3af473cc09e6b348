//! Kernel signatures read from the SPIR-V a module was built from, so that launches are
//! checked the same way on every backend (the IL is ours; a GPU driver's answers about
//! argument types are not needed).

use rspirv::dr::{Instruction, Module as SpirvModule, Operand};
use rspirv::spirv::{Decoration, FunctionParameterAttribute, Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// A kernel's element type, or a host element type to compare with one. OpenCL SPIR-V has no
/// signedness, so `int` and `uint` are both `Int { bits: 32 }`.
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
    /// A struct or array as the kernel lays it out (OpenCL C: each member aligned to its own
    /// alignment, the whole to its largest member's, unless the struct is packed): the pointee
    /// of a pointer parameter, or a struct passed by value.
    Aggregate {
        /// Size in bytes.
        size: usize,
        /// Alignment in bytes.
        align: usize,
        /// What it is, for messages: `struct body_t { float[3], float }`, `int[5]`.
        name: &'static str,
    },
    /// A host element type with no kernel type of its own (a `Pod` struct of the program's,
    /// say): only its size and alignment are compared with the kernel's type. See
    /// [`ElemType::of`].
    Bytes {
        /// `size_of` the type.
        size: usize,
        /// `align_of` the type.
        align: usize,
        /// Rust's name for the type (`std::any::type_name`).
        name: &'static str,
    },
    /// Anything else (images, events, pointers, types whose size is unknown): only its size,
    /// if any, is known, and a pointer to it takes any memory.
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
            ElemType::Aggregate { size, .. } | ElemType::Bytes { size, .. } => Some(size),
            ElemType::Opaque { size } => size,
        }
    }

    /// Alignment in bytes as the kernel lays it out: a scalar's or a vector's size (OpenCL C
    /// aligns `float4` to 16 bytes, `float3` too), an aggregate's own, 1 if unknown.
    pub fn align(self) -> usize {
        match self {
            ElemType::Aggregate { align, .. } | ElemType::Bytes { align, .. } => align,
            ElemType::Opaque { .. } => 1,
            t => t.size().unwrap_or(1),
        }
    }

    /// Alignment of the host type this describes as a buffer's element: a Rust array
    /// `[f32; 4]` standing for `float4` is aligned to its lane only.
    fn host_align(self) -> usize {
        match self {
            ElemType::Vector {
                elem: Scalar::Int(b) | Scalar::Float(b),
                ..
            } => b as usize / 8,
            t => t.align(),
        }
    }

    /// Whether memory holding elements of host type `given` may be passed for a pointer to
    /// `self`: any memory for `char` and opaque pointees; for a struct or array pointee, or
    /// a [`Bytes`](ElemType::Bytes) host type, the same size and an alignment at least the
    /// kernel's; otherwise the same type.
    ///
    /// ```
    /// use level_zero::{ArgType, ElemType};
    /// #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
    /// #[repr(C)]
    /// struct Meters(f64);
    /// assert!(f64::TYPE.accepts(ElemType::of::<Meters>()));
    /// assert!(!f32::TYPE.accepts(ElemType::of::<Meters>()));
    /// assert!(!f32::TYPE.accepts(i32::TYPE));
    /// assert!(u8::TYPE.accepts(i32::TYPE)); // `char*` takes any memory
    /// ```
    pub fn accepts(self, given: ElemType) -> bool {
        match (self, given) {
            (ElemType::Int { bits: 8 } | ElemType::Opaque { .. }, _) => true,
            (ElemType::Aggregate { .. }, _)
            | (_, ElemType::Bytes { .. } | ElemType::Aggregate { .. }) => {
                self.size() == given.size() && given.host_align() >= self.align()
            }
            (p, g) => p == g,
        }
    }

    /// What `given` lacks to be accepted for a pointer to `self` when it is compared by size
    /// and alignment, in words (`None` for a type mismatch of scalars and vectors, which the
    /// names already say).
    pub(crate) fn layout_note(self, given: ElemType) -> Option<String> {
        let by_layout = matches!(self, ElemType::Aggregate { .. })
            || matches!(given, ElemType::Bytes { .. } | ElemType::Aggregate { .. });
        if !by_layout || matches!(self, ElemType::Int { bits: 8 } | ElemType::Opaque { .. }) {
            return None;
        }
        let (size, align) = (self.size()?, self.align());
        let mut note = format!("{size}-byte elements, align {align}");
        if given.size() == Some(size) && given.host_align() < align {
            note += &format!(": give the Rust type #[repr(C, align({align}))]");
        }
        Some(note)
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ElemType::Int { bits } => f.write_str(scalar_name(Scalar::Int(bits))),
            ElemType::Float { bits } => f.write_str(scalar_name(Scalar::Float(bits))),
            ElemType::Vector { elem, lanes } => write!(f, "{}{lanes}", scalar_name(elem)),
            ElemType::Aggregate { name, .. } => f.write_str(name),
            ElemType::Bytes { size, align, name } => {
                write!(f, "{name} ({size} bytes, align {align})")
            }
            ElemType::Opaque { size: Some(s) } => write!(f, "{s}-byte value"),
            ElemType::Opaque { size: None } => f.write_str("opaque value"),
        }
    }
}

fn scalar_name(s: Scalar) -> &'static str {
    match s {
        Scalar::Int(8) => "char",
        Scalar::Int(16) => "short",
        Scalar::Int(32) => "int",
        Scalar::Int(64) => "long",
        Scalar::Float(16) => "half",
        Scalar::Float(32) => "float",
        Scalar::Float(64) => "double",
        Scalar::Int(_) => "int?",
        Scalar::Float(_) => "float?",
    }
}

/// The one copy of an aggregate's description, kept for the process: `ElemType` is `Copy`.
/// Only distinct descriptions are kept (a few per program), each at most
/// [`MAX_NAME`] bytes.
fn intern(name: String) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&n) = names.get(name.as_str()) {
        return n;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.insert(leaked);
    leaked
}

/// Longest aggregate description kept; longer ones end in `...`.
const MAX_NAME: usize = 160;
/// Deepest nesting of arrays and structs read (a malformed module may nest its types in a
/// cycle; no real kernel comes near).
const MAX_DEPTH: usize = 32;

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
    /// Private memory (`Function`): a by-value struct passed as a pointer, or (without
    /// `ByVal`) an address the kernel dereferences.
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
    let module = rspirv::dr::load_words(loadable(&words)).ok()?;
    let mut types = Types {
        defs: module
            .types_global_values
            .iter()
            .filter_map(|i| Some((i.result_id?, i)))
            .collect(),
        names: HashMap::new(),
        packed: HashSet::new(),
    };
    for n in &module.debug_names {
        if let (Op::Name, Some(Operand::IdRef(id)), Some(Operand::LiteralString(name))) =
            (n.class.opcode, n.operands.first(), n.operands.get(1))
        {
            types.names.insert(*id, name.as_str());
        }
    }
    let mut read_only: Vec<Word> = Vec::new();
    let mut by_value: Vec<Word> = Vec::new();
    for a in &module.annotations {
        if a.class.opcode != Op::Decorate {
            continue;
        }
        let (Some(Operand::IdRef(target)), Some(Operand::Decoration(d))) =
            (a.operands.first(), a.operands.get(1))
        else {
            continue;
        };
        if d == &Decoration::FuncParamAttr
            && a.operands.get(2)
                == Some(&Operand::FunctionParameterAttribute(
                    FunctionParameterAttribute::ByVal,
                ))
        {
            by_value.push(*target);
        }
        let no_write = match d {
            Decoration::NonWritable => true,
            Decoration::FuncParamAttr => matches!(
                a.operands.get(2),
                Some(Operand::FunctionParameterAttribute(
                    FunctionParameterAttribute::NoWrite
                ))
            ),
            Decoration::CPacked => {
                types.packed.insert(*target);
                false
            }
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
            .map(|&(id, ty)| types.param(ty, read_only.contains(&id), by_value.contains(&id)))
            .collect();
        kernels.insert(name.clone(), list);
    }
    Some(kernels)
}

/// The words without the instructions rspirv cannot place (`OpExecutionModeId`,
/// `OpConstantFunctionPointerINTEL`), which say nothing of parameter types.
fn loadable(words: &[u32]) -> Vec<u32> {
    let skip =
        |op: u32| op == Op::ExecutionModeId as u32 || op == Op::ConstantFunctionPointerINTEL as u32;
    let mut kept = Vec::with_capacity(words.len());
    kept.extend_from_slice(&words[..words.len().min(5)]);
    let mut at = 5;
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let inst = &words[at..(at + count).min(words.len())];
        if !skip(words[at] & 0xffff) {
            kept.extend_from_slice(inst);
        }
        at += count;
    }
    kept
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

fn literal(i: &Instruction, n: usize) -> Option<u32> {
    match i.operands.get(n) {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

/// The value of an integer constant (an array's length is a 32- or 64-bit one).
fn count(i: &Instruction) -> Option<usize> {
    if i.class.opcode != Op::Constant {
        return None;
    }
    match i.operands.first() {
        Some(Operand::LiteralBit32(v)) => usize::try_from(*v).ok(),
        Some(Operand::LiteralBit64(v)) => usize::try_from(*v).ok(),
        _ => None,
    }
}

/// A module's types, names and packed structs.
struct Types<'m> {
    defs: HashMap<Word, &'m Instruction>,
    names: HashMap<Word, &'m str>,
    packed: HashSet<Word>,
}

impl Types<'_> {
    /// The parameter of type `ty`. A pointer is a value only when the parameter is declared
    /// `ByVal` (a struct passed by value); every other pointer is an address the kernel
    /// dereferences, whatever its storage class (the driver treats it so).
    fn param(&self, ty: Word, read_only: bool, by_value: bool) -> ParamType {
        let Some(t) = self.defs.get(&ty) else {
            return ParamType::Value(ElemType::Opaque { size: None });
        };
        if t.class.opcode != Op::TypePointer {
            return ParamType::Value(self.elem(ty));
        }
        let (Some(Operand::StorageClass(class)), Some(Operand::IdRef(pointee))) =
            (t.operands.first(), t.operands.get(1))
        else {
            return ParamType::Value(ElemType::Opaque { size: None });
        };
        let space = match class {
            StorageClass::CrossWorkgroup => AddressSpace::Global,
            c if *c == StorageClass::DeviceOnlyINTEL || *c == StorageClass::HostOnlyINTEL => {
                AddressSpace::Global
            }
            StorageClass::UniformConstant => AddressSpace::Constant,
            StorageClass::Workgroup => AddressSpace::Local,
            StorageClass::Generic => AddressSpace::Generic,
            _ => AddressSpace::Private,
        };
        let elem = self.elem(*pointee);
        if by_value && space != AddressSpace::Local {
            // A by-value struct (FuncParamAttr ByVal): the launch passes its bytes.
            return ParamType::Value(elem);
        }
        ParamType::Pointer {
            space,
            elem,
            writable: !read_only && space != AddressSpace::Constant,
        }
    }

    fn elem(&self, ty: Word) -> ElemType {
        let opaque = ElemType::Opaque {
            size: self.size(ty, 0),
        };
        let Some(t) = self.defs.get(&ty) else {
            return opaque;
        };
        match t.class.opcode {
            Op::TypeInt => literal(t, 0).map_or(opaque, |b| ElemType::Int { bits: b as u8 }),
            Op::TypeFloat => literal(t, 0).map_or(opaque, |b| ElemType::Float { bits: b as u8 }),
            Op::TypeVector => {
                let (Some(Operand::IdRef(lane)), Some(n)) = (t.operands.first(), literal(t, 1))
                else {
                    return opaque;
                };
                match self.elem(*lane) {
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
            Op::TypeStruct | Op::TypeArray => {
                let (Some(size), Some(align)) = (self.size(ty, 0), self.alignment(ty, 0)) else {
                    return opaque;
                };
                let mut name = self.describe(ty, 0);
                if name.len() > MAX_NAME {
                    let mut end = MAX_NAME;
                    while !name.is_char_boundary(end) {
                        end -= 1;
                    }
                    name.truncate(end);
                    name += "...";
                }
                ElemType::Aggregate {
                    size,
                    align,
                    name: intern(name),
                }
            }
            _ => opaque,
        }
    }

    /// `struct body_t { float[3], float }`, `int[5]`, `float4`: the type as messages name it.
    fn describe(&self, ty: Word, depth: usize) -> String {
        let Some(t) = self.defs.get(&ty).filter(|_| depth < MAX_DEPTH) else {
            return "?".into();
        };
        match t.class.opcode {
            Op::TypeInt | Op::TypeFloat | Op::TypeVector => self.elem(ty).to_string(),
            Op::TypeBool => "bool".into(),
            Op::TypePointer => "pointer".into(),
            Op::TypeArray => {
                let (Some(Operand::IdRef(e)), Some(Operand::IdRef(len))) =
                    (t.operands.first(), t.operands.get(1))
                else {
                    return "?[]".into();
                };
                let n = self.defs.get(len).and_then(|c| count(c));
                let n = n.map_or("?".into(), |n| n.to_string());
                format!("{}[{n}]", self.describe(*e, depth + 1))
            }
            Op::TypeStruct => {
                let mut s = String::from("struct ");
                if let Some(name) = self.names.get(&ty) {
                    s += name.strip_prefix("struct.").unwrap_or(name);
                    s.push(' ');
                }
                if self.packed.contains(&ty) {
                    s += "packed ";
                }
                let members: Vec<String> = t
                    .operands
                    .iter()
                    .map(|m| match m {
                        Operand::IdRef(m) => self.describe(*m, depth + 1),
                        _ => "?".into(),
                    })
                    .collect();
                s + "{ " + &members.join(", ") + " }"
            }
            _ => "?".into(),
        }
    }

    /// Size in bytes of type `ty` (structs laid out as OpenCL C lays them out: each member
    /// aligned to its alignment, the struct to its largest member's; packed structs without
    /// padding).
    fn size(&self, ty: Word, depth: usize) -> Option<usize> {
        let t = self.defs.get(&ty).filter(|_| depth < MAX_DEPTH)?;
        match t.class.opcode {
            Op::TypeInt | Op::TypeFloat => Some(literal(t, 0)? as usize / 8),
            Op::TypeBool => Some(1),
            Op::TypePointer => Some(8),
            Op::TypeVector => {
                let (Some(Operand::IdRef(lane)), Some(n)) = (t.operands.first(), literal(t, 1))
                else {
                    return None;
                };
                let lanes = if n == 3 { 4 } else { n as usize };
                self.size(*lane, depth + 1)?.checked_mul(lanes)
            }
            Op::TypeArray => {
                let (Some(Operand::IdRef(e)), Some(Operand::IdRef(len))) =
                    (t.operands.first(), t.operands.get(1))
                else {
                    return None;
                };
                let n = count(self.defs.get(len)?)?;
                self.size(*e, depth + 1)?.checked_mul(n)
            }
            Op::TypeStruct => {
                let packed = self.packed.contains(&ty);
                let (mut offset, mut align) = (0usize, 1usize);
                for m in &t.operands {
                    let Operand::IdRef(m) = m else { return None };
                    let s = self.size(*m, depth + 1)?;
                    let a = if packed {
                        1
                    } else {
                        self.alignment(*m, depth + 1)?
                    };
                    offset = offset.checked_next_multiple_of(a)?.checked_add(s)?;
                    align = align.max(a);
                }
                offset.checked_next_multiple_of(align)
            }
            _ => None,
        }
    }

    fn alignment(&self, ty: Word, depth: usize) -> Option<usize> {
        let t = self.defs.get(&ty).filter(|_| depth < MAX_DEPTH)?;
        match t.class.opcode {
            Op::TypeArray => {
                let Some(Operand::IdRef(e)) = t.operands.first() else {
                    return None;
                };
                self.alignment(*e, depth + 1)
            }
            Op::TypeStruct if self.packed.contains(&ty) => Some(1),
            Op::TypeStruct => t.operands.iter().try_fold(1, |a, m| match m {
                Operand::IdRef(m) => Some(a.max(self.alignment(*m, depth + 1)?)),
                _ => None,
            }),
            // Scalars and vectors are aligned to their size; a zero size (a malformed
            // module) to 1, so that offsets stay defined.
            _ => Some(self.size(ty, depth)?.max(1)),
        }
    }
}

#[cfg(test)]
mod tests;
