//! Build-time checks of a SPIR-V module and the module-level data kernels share: types,
//! constants (with specialization), global variables, decorations.

use crate::front::group_opcodes::{GROUP_CAPABILITIES, GROUP_OPCODES};
use crate::front::types::{Shape, Types};
use crate::value::Scalar;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, Op, StorageClass, Word};
use std::cell::UnsafeCell;
use std::collections::{HashMap, HashSet};

/// The newest SPIR-V version (major, minor) modules may declare: 1.0 to this one are accepted.
pub const MAX_SPIRV_VERSION: (u32, u32) = (1, 4);

/// Capabilities the executor implements.
const CAPABILITIES: &[Capability] = &[
    Capability::Addresses,
    Capability::Linkage,
    Capability::Kernel,
    Capability::Vector16,
    Capability::Float16Buffer,
    Capability::Float16,
    Capability::Float64,
    Capability::Int64,
    Capability::Int64Atomics,
    // `OpConstantSampler`: a sampler is a 32-bit integer of OpenCL's sampler bits.
    Capability::LiteralSampler,
    Capability::Int16,
    Capability::Int8,
    Capability::GenericPointer,
    Capability::FunctionPointersINTEL,
    Capability::IndirectReferencesINTEL,
    // `OpAssumeTrueKHR` (a no-op here) and `OpExpectKHR` (its value), which DPC++ emits.
    Capability::ExpectAssumeKHR,
    // A function-control bit asking not to optimise: nothing to do.
    Capability::OptNoneINTEL,
    // Hints DPC++ emits: alias scopes on memory accesses (`SPV_INTEL_memory_access_aliasing`)
    // and the fast-math flags `AllowContractFastINTEL`, `AllowReassocINTEL`; every access is
    // performed as written, every float operation rounded as without them.
    Capability::MemoryAccessAliasingINTEL,
    Capability::FPFastMathModeINTEL,
    // `OpAtomicFAddEXT`, `OpAtomicFMinEXT`, `OpAtomicFMaxEXT`.
    Capability::AtomicFloat16AddEXT,
    Capability::AtomicFloat32AddEXT,
    Capability::AtomicFloat64AddEXT,
    Capability::AtomicFloat16MinMaxEXT,
    Capability::AtomicFloat32MinMaxEXT,
    Capability::AtomicFloat64MinMaxEXT,
];

/// Capabilities of features a kernel may use that the executor does not implement: a module
/// declaring them builds, and each kernel that uses such a feature fails to lower (its error
/// is kept for `zeKernelCreate`), as on a device that lacks them.
const KERNEL_CAPABILITIES: &[Capability] = &[
    Capability::ImageBasic,
    Capability::ImageReadWrite,
    Capability::ImageMipmap,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledBuffer,
    Capability::ImageBuffer,
    Capability::DeviceEnqueue,
    Capability::Pipes,
    Capability::PipeStorage,
];

/// Module-level declarations of those features (types and constants): accepted, and a kernel
/// that uses them fails to lower.
const KERNEL_DECLARATIONS: &[Op] = &[
    Op::TypeImage,
    Op::TypeSampledImage,
    Op::TypePipe,
    Op::TypePipeStorage,
    Op::TypeReserveId,
    Op::TypeQueue,
    Op::TypeDeviceEvent,
    Op::ConstantPipeStorage,
];

/// Opcodes the lowering implements (anything else is rejected when the module is built).
pub const OPCODES: &[Op] = &[
    Op::Nop,
    Op::AssumeTrueKHR,
    Op::AliasDomainDeclINTEL,
    Op::AliasScopeDeclINTEL,
    Op::AliasScopeListDeclINTEL,
    Op::TypeEvent,
    Op::GroupAsyncCopy,
    Op::GroupWaitEvents,
    Op::ExpectKHR,
    Op::Undef,
    Op::SourceContinued,
    Op::Source,
    Op::SourceExtension,
    Op::Name,
    Op::MemberName,
    Op::String,
    Op::Line,
    Op::NoLine,
    Op::ModuleProcessed,
    Op::Extension,
    Op::ExtInstImport,
    Op::ExtInst,
    Op::MemoryModel,
    Op::EntryPoint,
    Op::ExecutionMode,
    Op::ExecutionModeId,
    Op::Capability,
    Op::TypeVoid,
    Op::TypeBool,
    Op::TypeInt,
    Op::TypeFloat,
    Op::TypeVector,
    Op::TypeArray,
    Op::TypeRuntimeArray,
    Op::TypeStruct,
    Op::TypeOpaque,
    Op::TypePointer,
    Op::TypeFunction,
    Op::ConstantTrue,
    Op::ConstantFalse,
    Op::Constant,
    Op::ConstantComposite,
    Op::ConstantNull,
    Op::SpecConstantTrue,
    Op::SpecConstantFalse,
    Op::SpecConstant,
    Op::SpecConstantComposite,
    // A sampler is a 32-bit integer of OpenCL's sampler bits (`types::sampler_bits`).
    Op::TypeSampler,
    Op::ConstantSampler,
    Op::Function,
    Op::FunctionParameter,
    Op::FunctionEnd,
    Op::FunctionCall,
    Op::Variable,
    Op::Load,
    Op::Store,
    Op::CopyMemory,
    Op::CopyMemorySized,
    Op::AccessChain,
    Op::InBoundsAccessChain,
    Op::PtrAccessChain,
    Op::InBoundsPtrAccessChain,
    Op::Decorate,
    Op::DecorateId,
    Op::DecorateString,
    Op::MemberDecorate,
    Op::MemberDecorateString,
    Op::DecorationGroup,
    Op::GroupDecorate,
    Op::GroupMemberDecorate,
    Op::VectorExtractDynamic,
    Op::VectorInsertDynamic,
    Op::VectorShuffle,
    Op::CompositeConstruct,
    Op::CompositeExtract,
    Op::CompositeInsert,
    Op::CopyObject,
    Op::ConstantFunctionPointerINTEL,
    Op::FunctionPointerCallINTEL,
    Op::CopyLogical,
    Op::SizeOf,
    Op::PtrEqual,
    Op::PtrNotEqual,
    Op::PtrDiff,
    Op::ConvertFToU,
    Op::ConvertFToS,
    Op::ConvertSToF,
    Op::ConvertUToF,
    Op::UConvert,
    Op::SConvert,
    Op::FConvert,
    Op::ConvertPtrToU,
    Op::SatConvertSToU,
    Op::SatConvertUToS,
    Op::ConvertUToPtr,
    Op::PtrCastToGeneric,
    Op::GenericCastToPtr,
    Op::GenericCastToPtrExplicit,
    Op::Bitcast,
    Op::SNegate,
    Op::FNegate,
    Op::IAdd,
    Op::FAdd,
    Op::ISub,
    Op::FSub,
    Op::IMul,
    Op::FMul,
    Op::UDiv,
    Op::SDiv,
    Op::FDiv,
    Op::UMod,
    Op::SRem,
    Op::SMod,
    Op::FRem,
    Op::FMod,
    Op::VectorTimesScalar,
    Op::Dot,
    Op::IAddCarry,
    Op::ISubBorrow,
    Op::UMulExtended,
    Op::SMulExtended,
    Op::Any,
    Op::All,
    Op::IsNan,
    Op::IsInf,
    Op::IsFinite,
    Op::IsNormal,
    Op::SignBitSet,
    Op::LessOrGreater,
    Op::Ordered,
    Op::Unordered,
    Op::LogicalEqual,
    Op::LogicalNotEqual,
    Op::LogicalOr,
    Op::LogicalAnd,
    Op::LogicalNot,
    Op::Select,
    Op::IEqual,
    Op::INotEqual,
    Op::UGreaterThan,
    Op::SGreaterThan,
    Op::UGreaterThanEqual,
    Op::SGreaterThanEqual,
    Op::ULessThan,
    Op::SLessThan,
    Op::ULessThanEqual,
    Op::SLessThanEqual,
    Op::FOrdEqual,
    Op::FUnordEqual,
    Op::FOrdNotEqual,
    Op::FUnordNotEqual,
    Op::FOrdLessThan,
    Op::FUnordLessThan,
    Op::FOrdGreaterThan,
    Op::FUnordGreaterThan,
    Op::FOrdLessThanEqual,
    Op::FUnordLessThanEqual,
    Op::FOrdGreaterThanEqual,
    Op::FUnordGreaterThanEqual,
    Op::ShiftRightLogical,
    Op::ShiftRightArithmetic,
    Op::ShiftLeftLogical,
    Op::BitwiseOr,
    Op::BitwiseXor,
    Op::BitwiseAnd,
    Op::Not,
    Op::BitCount,
    Op::BitReverse,
    Op::ControlBarrier,
    Op::MemoryBarrier,
    Op::AtomicLoad,
    Op::AtomicStore,
    Op::AtomicExchange,
    Op::AtomicCompareExchange,
    Op::AtomicCompareExchangeWeak,
    Op::AtomicIIncrement,
    Op::AtomicIDecrement,
    Op::AtomicIAdd,
    Op::AtomicISub,
    Op::AtomicSMin,
    Op::AtomicUMin,
    Op::AtomicSMax,
    Op::AtomicUMax,
    Op::AtomicAnd,
    Op::AtomicOr,
    Op::AtomicXor,
    Op::AtomicFlagTestAndSet,
    Op::AtomicFlagClear,
    Op::AtomicFAddEXT,
    Op::AtomicFMinEXT,
    Op::AtomicFMaxEXT,
    Op::Phi,
    Op::LoopMerge,
    Op::SelectionMerge,
    Op::Label,
    Op::Branch,
    Op::BranchConditional,
    Op::Switch,
    Op::Return,
    Op::ReturnValue,
    Op::Unreachable,
    Op::LifetimeStart,
    Op::LifetimeStop,
];

/// A module-scope variable.
#[derive(Clone, Debug)]
pub enum GlobalVar {
    /// A work-item built-in (Input storage).
    Builtin(BuiltIn),
    /// Kernel-scope `__local` memory (each kernel lays out the variables it uses).
    Local,
    /// Program-scope `__global` / `__constant` memory at a fixed address.
    Memory(usize),
}

/// Everything kernels of one module share.
pub struct ModuleData {
    pub module: Module,
    pub types: Types,
    /// Result type of every global value (constants, variables).
    pub value_types: HashMap<Word, Word>,
    /// Flattened values of constants.
    pub consts: HashMap<Word, Vec<u64>>,
    pub globals: HashMap<Word, GlobalVar>,
    pub decorations: HashMap<Word, Vec<(Decoration, Vec<Operand>)>>,
    pub names: HashMap<Word, String>,
    pub opencl_std: Option<Word>,
    /// Memory of program-scope variables (stable address).
    pub memory: GlobalMemory,
    /// Named program-scope variables: name → (address, size).
    pub global_symbols: HashMap<String, (usize, usize)>,
    /// The value of a pointer to each function, where the module takes any function's address
    /// (`crate::front::fnptr`).
    pub function_tokens: HashMap<Word, u64>,
}

/// The memory of a module's program-scope variables: kernels read and write it through raw
/// addresses while the module is shared, hence the cells.
pub struct GlobalMemory(Box<[UnsafeCell<u64>]>);

// SAFETY: the cells are only accessed through raw pointers, by launches (whose callers
// promise the memory is theirs for the launch) and by `Module`'s locked copies.
unsafe impl Sync for GlobalMemory {}

impl GlobalMemory {
    /// At least `bytes` zeroed bytes (8 at least, so that the address is unique).
    pub fn new(bytes: usize) -> GlobalMemory {
        GlobalMemory(
            (0..bytes.div_ceil(8).max(1))
                .map(|_| UnsafeCell::new(0))
                .collect(),
        )
    }

    /// The addresses of the memory.
    pub fn range(&self) -> std::ops::Range<usize> {
        let base = self.0.as_ptr() as usize;
        base..base + self.0.len() * 8
    }
}

/// The unimplemented feature an opcode belongs to (images, pipes, ...), if it is one whose
/// kernels fail alone: other kernels of the module still build.
pub(crate) fn feature_of(op: Op) -> Option<&'static str> {
    let name = format!("{op:?}");
    Some(
        if name.starts_with("Image") || name.starts_with("Sampled") {
            "images"
        } else if name.contains("Pipe") || name.contains("ReservedPacket") {
            "pipes"
        } else if name.starts_with("Group") {
            "group operations other than the collectives implemented (async copies, ...)"
        } else if name.contains("Enqueue")
            || name.contains("NDRange")
            || name.contains("DeviceEvent")
            || name.contains("KernelWorkGroupSize")
            || name.contains("KernelPreferred")
            || name.contains("KernelLocalSize")
            || name.contains("KernelMaxNum")
        {
            "device-side enqueue"
        } else {
            return None;
        },
    )
}

fn op_name(op: u32) -> String {
    rspirv::spirv::Op::from_u32(op).map_or(format!("opcode {op}"), |o| format!("Op{o:?}"))
}

/// Checks the header, capabilities and opcodes on the raw words, reporting each problem with
/// its word offset.
pub fn check_words(words: &[u32]) -> Result<(), String> {
    if words.len() < 5 {
        return Err(format!(
            "module too short ({} words) for a SPIR-V header",
            words.len()
        ));
    }
    if words[0] != 0x0723_0203 {
        return Err(format!(
            "bad magic number {:#010x} (expected 0x07230203)",
            words[0]
        ));
    }
    let (major, minor) = (words[1] >> 16 & 0xff, words[1] >> 8 & 0xff);
    let (max_major, max_minor) = MAX_SPIRV_VERSION;
    if major != 1 || minor > max_minor {
        return Err(format!(
            "SPIR-V version {major}.{minor} is not supported (1.0 to {max_major}.{max_minor} are)"
        ));
    }
    let supported: HashSet<u32> = OPCODES
        .iter()
        .chain(KERNEL_DECLARATIONS)
        .map(|o| *o as u32)
        .collect();
    // Inside a function, an opcode of an unimplemented feature (images, pipes, ...) fails
    // only the kernels that reach it.
    let mut in_function = false;
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 || at + count > words.len() {
            return Err(format!("malformed instruction at word {at}"));
        }
        if opcode == Op::Function as u32 {
            in_function = true;
        } else if opcode == Op::FunctionEnd as u32 {
            in_function = false;
        }
        let deferred = in_function && Op::from_u32(opcode).and_then(feature_of).is_some();
        let group = GROUP_OPCODES.iter().any(|o| *o as u32 == opcode);
        if !deferred && !group && !supported.contains(&opcode) {
            return Err(format!(
                "unsupported opcode {} at word {at}",
                op_name(opcode)
            ));
        }
        if opcode == Op::Capability as u32 {
            let &cap = words[at..at + count]
                .get(1)
                .ok_or_else(|| format!("OpCapability without a capability at word {at}"))?;
            if !CAPABILITIES
                .iter()
                .chain(KERNEL_CAPABILITIES)
                .chain(GROUP_CAPABILITIES)
                .any(|c| *c as u32 == cap)
            {
                let name = Capability::from_u32(cap).map_or(format!("{cap}"), |c| format!("{c:?}"));
                return Err(format!("unsupported capability {name} at word {at}"));
            }
        }
        at += count;
    }
    Ok(())
}

/// Parses a module with rspirv. rspirv 0.13 does not place `OpExecutionModeId` (SPIR-V 1.2)
/// nor `OpConstantFunctionPointerINTEL`: those instructions are taken out of the words before
/// parsing and put back in `execution_modes` (operands as ids) and after the other constants.
pub(crate) fn parse(words: &[u32]) -> Result<Module, String> {
    let mut kept = Vec::with_capacity(words.len());
    let mut mode_ids = Vec::new();
    let mut function_pointers = Vec::new();
    let mut at = 5;
    kept.extend_from_slice(&words[..at.min(words.len())]);
    while at < words.len() {
        let count = ((words[at] >> 16) as usize).max(1);
        let inst = &words[at..(at + count).min(words.len())];
        if words[at] & 0xffff == Op::ConstantFunctionPointerINTEL as u32 && inst.len() == 4 {
            function_pointers.push(Instruction::new(
                Op::ConstantFunctionPointerINTEL,
                Some(inst[1]),
                Some(inst[2]),
                vec![Operand::IdRef(inst[3])],
            ));
        } else if words[at] & 0xffff == Op::ExecutionModeId as u32 && inst.len() >= 3 {
            let mode = rspirv::spirv::ExecutionMode::from_u32(inst[2])
                .ok_or_else(|| format!("unknown execution mode {} at word {at}", inst[2]))?;
            let mut operands = vec![Operand::IdRef(inst[1]), Operand::ExecutionMode(mode)];
            operands.extend(inst[3..].iter().map(|w| Operand::IdRef(*w)));
            mode_ids.push(Instruction::new(Op::ExecutionModeId, None, None, operands));
        } else if is_alias_declaration(words[at] & 0xffff) && inst.len() >= 2 {
            // `SPV_INTEL_memory_access_aliasing` declarations are hints rspirv cannot place
            // (they sit among the types): each becomes an empty `OpString` defining its id,
            // which the decorations and memory operands naming it still refer to.
            kept.extend_from_slice(&[(3 << 16) | Op::String as u32, inst[1], 0]);
        } else {
            kept.extend_from_slice(inst);
        }
        at += count;
    }
    let mut module =
        rspirv::dr::load_words(&kept).map_err(|e| format!("cannot parse the module: {e}"))?;
    module.execution_modes.extend(mode_ids);
    module.types_global_values.extend(function_pointers);
    Ok(module)
}

/// A module has its `OpMemoryModel` (SPIR-V requires one): a header alone, or a module cut
/// before it, is refused. A module cut after it at an instruction boundary is a complete
/// module with nothing in it, which builds: Intel's oneMKL ships such a device library.
pub(crate) fn check_complete(module: &Module) -> Result<(), String> {
    match module.memory_model {
        Some(_) => Ok(()),
        None => Err("no OpMemoryModel (SPIR-V requires one): the module is truncated".into()),
    }
}

/// `OpAliasDomainDeclINTEL`, `OpAliasScopeDeclINTEL`, `OpAliasScopeListDeclINTEL`.
fn is_alias_declaration(opcode: u32) -> bool {
    [
        Op::AliasDomainDeclINTEL,
        Op::AliasScopeDeclINTEL,
        Op::AliasScopeListDeclINTEL,
    ]
    .iter()
    .any(|o| *o as u32 == opcode)
}

/// Every id is defined once, and every id an instruction uses (its type, its operands) is
/// defined somewhere in the module: the lowering looks ids up without checking again.
pub(crate) fn check_ids(module: &Module) -> Result<(), String> {
    let mut defined = HashSet::new();
    for inst in module.all_inst_iter() {
        if let Some(id) = inst.result_id {
            if !defined.insert(id) {
                return Err(format!("id %{id} is defined more than once"));
            }
        }
    }
    for inst in module.all_inst_iter() {
        let used = inst.operands.iter().filter_map(|o| match o {
            Operand::IdRef(id) => Some(*id),
            _ => None,
        });
        for id in used.chain(inst.result_type) {
            if !defined.contains(&id) {
                return Err(format!(
                    "Op{:?} uses %{id}, which is not defined",
                    inst.class.opcode
                ));
            }
        }
    }
    Ok(())
}

fn id(op: &Operand) -> Result<Word, String> {
    match op {
        Operand::IdRef(w) => Ok(*w),
        other => Err(format!("expected an id, found {other:?}")),
    }
}

fn literal(op: &Operand) -> Result<u64, String> {
    match op {
        Operand::LiteralBit32(v) => Ok(*v as u64),
        Operand::LiteralBit64(v) => Ok(*v),
        other => Err(format!("expected a literal, found {other:?}")),
    }
}

/// Byte size of each specialization constant, by SpecId (to read the caller's values).
pub fn spec_constant_sizes(words: &[u32]) -> Result<HashMap<u32, usize>, String> {
    check_words(words)?;
    let module = parse(words)?;
    let mut ids = HashMap::new();
    for a in &module.annotations {
        if let [Operand::IdRef(target), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(sid), ..] =
            a.operands.as_slice()
        {
            ids.insert(*target, *sid);
        }
    }
    let widths: HashMap<Word, usize> = module
        .types_global_values
        .iter()
        .filter_map(
            |t| match (t.class.opcode, t.result_id, t.operands.first()) {
                (Op::TypeInt | Op::TypeFloat, Some(id), Some(Operand::LiteralBit32(bits))) => {
                    Some((id, (*bits as usize / 8).max(1)))
                }
                (Op::TypeBool, Some(id), _) => Some((id, 1)),
                _ => None,
            },
        )
        .collect();
    let mut sizes = HashMap::new();
    for inst in &module.types_global_values {
        if matches!(
            inst.class.opcode,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        ) {
            if let (Some(rid), Some(rt)) = (inst.result_id, inst.result_type) {
                if let Some(sid) = ids.get(&rid) {
                    sizes.insert(*sid, widths.get(&rt).copied().unwrap_or(8));
                }
            }
        }
    }
    Ok(sizes)
}

impl ModuleData {
    /// Parses and prepares a module; `spec` maps SpecId → value.
    pub fn build(words: &[u32], spec: &HashMap<u32, u64>) -> Result<ModuleData, String> {
        check_words(words)?;
        let mut module = parse(words)?;
        check_complete(&module)?;
        check_ids(&module)?;
        let function_tokens = crate::front::fnptr::tokens(&module);
        crate::front::fnptr::rewrite_calls(&mut module, &function_tokens)?;
        let mut decorations: HashMap<Word, Vec<(Decoration, Vec<Operand>)>> = HashMap::new();
        for a in &module.annotations {
            // `OpDecorateId` (SPIR-V 1.2) carries id operands (`AlignmentId`, `MaxByteOffsetId`):
            // kept like the others, read by nobody yet (they are hints).
            if matches!(a.class.opcode, Op::Decorate | Op::DecorateId) {
                if let (Some(Operand::IdRef(target)), Some(Operand::Decoration(d))) =
                    (a.operands.first(), a.operands.get(1))
                {
                    decorations
                        .entry(*target)
                        .or_default()
                        .push((*d, a.operands[2..].to_vec()));
                }
            }
        }
        let mut names = HashMap::new();
        for n in &module.debug_names {
            if let (Op::Name, Some(Operand::IdRef(t)), Some(Operand::LiteralString(s))) =
                (n.class.opcode, n.operands.first(), n.operands.get(1))
            {
                names.insert(*t, s.clone());
            }
        }
        let mut opencl_std = None;
        for imp in &module.ext_inst_imports {
            match imp.operands.first() {
                Some(Operand::LiteralString(s)) if s == "OpenCL.std" => opencl_std = imp.result_id,
                Some(Operand::LiteralString(s)) => {
                    return Err(format!("unresolved import: extended instruction set {s:?}"))
                }
                _ => {}
            }
        }
        if let Some(mm) = &module.memory_model {
            if !matches!(
                mm.operands.first(),
                Some(Operand::AddressingModel(
                    rspirv::spirv::AddressingModel::Physical64
                ))
            ) {
                return Err("only the Physical64 addressing model is supported".into());
            }
        }
        // A function without a body (an import) is not an error here: a kernel that calls
        // it does not lower until the module is linked with the one that exports it.
        let packed: HashSet<Word> = decorations
            .iter()
            .filter(|(_, ds)| ds.iter().any(|(d, _)| *d == Decoration::CPacked))
            .map(|(k, _)| *k)
            .collect();
        let mut types = Types::default();
        let mut data = ModuleData {
            types: Types::default(),
            value_types: HashMap::new(),
            consts: HashMap::new(),
            globals: HashMap::new(),
            decorations,
            names,
            opencl_std,
            memory: GlobalMemory::new(0),
            global_symbols: HashMap::new(),
            function_tokens: HashMap::new(),
            module: Module::new(),
        };
        // Types and constants, in declaration order (an array's length is a constant
        // declared before it).
        let globals_insts = module.types_global_values.clone();
        let mut memory_vars = Vec::new();
        for inst in &globals_insts {
            let is_packed = inst.result_id.is_some_and(|t| packed.contains(&t));
            let length = |len: Word| data.consts.get(&len).and_then(|v| v.first()).copied();
            if types.declare(inst, is_packed, length)? {
                continue;
            }
            let (Some(rid), Some(rt)) = (inst.result_id, inst.result_type) else {
                continue;
            };
            data.value_types.insert(rid, rt);
            let spec_value = || -> Option<u64> {
                data.decorations
                    .get(&rid)?
                    .iter()
                    .find(|(d, _)| *d == Decoration::SpecId)
                    .and_then(|(_, ops)| match ops.first() {
                        Some(Operand::LiteralBit32(sid)) => spec.get(sid).copied(),
                        _ => None,
                    })
            };
            let value = match inst.class.opcode {
                Op::Constant | Op::SpecConstant => {
                    let t = types.get(rt)?;
                    let v = spec_value().unwrap_or(literal(&inst.operands[0])?);
                    vec![v & t.leaves.first().map_or(u64::MAX, |l| l.scalar.mask())]
                }
                Op::ConstantTrue | Op::SpecConstantTrue => {
                    vec![spec_value().map_or(1, |v| (v != 0) as u64)]
                }
                Op::ConstantFalse | Op::SpecConstantFalse => {
                    vec![spec_value().map_or(0, |v| (v != 0) as u64)]
                }
                Op::ConstantNull | Op::Undef => vec![0; types.get(rt)?.slots.max(1)],
                Op::ConstantComposite | Op::SpecConstantComposite => {
                    let mut v = Vec::new();
                    for part in &inst.operands {
                        v.extend(
                            data.consts
                                .get(&id(part)?)
                                .ok_or("composite constant of a non-constant")?,
                        );
                    }
                    let want = types.get(rt)?.slots;
                    if v.len() != want {
                        return Err(format!(
                            "composite constant %{rid}: constituents of {} components for a type \
                             of {want}",
                            v.len()
                        ));
                    }
                    v
                }
                Op::ConstantSampler => vec![u64::from(
                    crate::front::types::constant_sampler_bits(&inst.operands)
                        .ok_or_else(|| format!("OpConstantSampler %{rid}: malformed operands"))?,
                )],
                Op::ConstantFunctionPointerINTEL => {
                    let f = id(&inst.operands[0])?;
                    vec![*function_tokens
                        .get(&f)
                        .ok_or_else(|| format!("pointer to unknown function %{f}"))?]
                }
                Op::Variable => {
                    memory_vars.push(inst.clone());
                    continue;
                }
                _ => continue,
            };
            data.consts.insert(rid, value);
        }
        data.types = types;
        data.place_variables(&memory_vars)?;
        data.module = module;
        data.function_tokens = function_tokens;
        Ok(data)
    }

    /// Lays out module-scope variables: built-ins, `__local` offsets, and program-scope memory.
    fn place_variables(&mut self, vars: &[Instruction]) -> Result<(), String> {
        let mut placed = Vec::new();
        let mut size = 0usize;
        for v in vars {
            let rid = v.result_id.ok_or("variable without id")?;
            let Shape::Pointer(sc, pointee) = self
                .types
                .get(v.result_type.ok_or("variable without type")?)?
                .shape
                .clone()
            else {
                return Err("variable of non-pointer type".into());
            };
            let builtin = self.decorations.get(&rid).and_then(|ds| {
                ds.iter()
                    .find(|(d, _)| *d == Decoration::BuiltIn)
                    .and_then(|(_, ops)| match ops.first() {
                        Some(Operand::BuiltIn(b)) => Some(*b),
                        _ => None,
                    })
            });
            let t = self.types.get(pointee)?.clone();
            match (sc, builtin) {
                // Built-ins are `Input` variables; older producers declare them as
                // `UniformConstant` imports, current DPC++ as `CrossWorkgroup` ones (linkage
                // Import, no initializer): the decoration decides, whatever the class.
                (_, Some(b)) => {
                    self.globals.insert(rid, GlobalVar::Builtin(b));
                }
                (StorageClass::Workgroup, _) => {
                    self.globals.insert(rid, GlobalVar::Local);
                }
                (StorageClass::CrossWorkgroup | StorageClass::UniformConstant, _) => {
                    size = size.next_multiple_of(t.align.max(8));
                    placed.push((rid, size, t.clone(), v.operands.get(1).map(id).transpose()?));
                    size += t.size;
                }
                (other, _) => {
                    return Err(format!(
                        "module-scope variable in storage class {other:?} is not supported"
                    ))
                }
            }
        }
        self.memory = GlobalMemory::new(size);
        let base = self.memory.range().start;
        for (rid, offset, t, init) in placed {
            let addr = base + offset;
            if let Some(init) = init {
                let values = self
                    .consts
                    .get(&init)
                    .ok_or("variable initializer is not a constant")?;
                for (leaf, v) in t.leaves.iter().zip(values) {
                    let bytes = (leaf.scalar.bits() as usize / 8).max(1);
                    let le = v.to_le_bytes();
                    let at = (addr + leaf.offset) as *mut u8;
                    // SAFETY: the variable's range (this leaf's `bytes` ≤ 8 at its offset) lies
                    // inside `memory`, which we own and nothing else references yet.
                    unsafe { std::ptr::copy_nonoverlapping(le.as_ptr(), at, bytes.min(8)) };
                }
            }
            self.globals.insert(rid, GlobalVar::Memory(addr));
            if let Some(name) = self.names.get(&rid) {
                self.global_symbols.insert(name.clone(), (addr, t.size));
            }
        }
        Ok(())
    }

    /// Whether `id` carries decoration `d`; returns its operands.
    pub fn decoration(&self, id: Word, d: Decoration) -> Option<&[Operand]> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(x, _)| *x == d)
            .map(|(_, ops)| ops.as_slice())
    }

    /// The scalar type and component count of a scalar, vector or pointer type.
    /// The byte size of what a pointer type points to (`OpSizeOf`, `OpPtrDiff`).
    pub fn pointee_size(&self, ptr_ty: Word) -> Result<usize, String> {
        match self.types.get(ptr_ty)?.shape {
            Shape::Pointer(_, pointee) => Ok(self.types.get(pointee)?.size),
            ref other => Err(format!("expected a pointer type, found {other:?}")),
        }
    }

    pub fn components(&self, ty: Word) -> Result<(Scalar, usize), String> {
        let t = self.types.get(ty)?;
        Ok(match t.shape {
            Shape::Scalar(s) => (s, 1),
            Shape::Vector(s, n) => (s, n as usize),
            Shape::Pointer(..) => (Scalar::I64, 1),
            ref other => return Err(format!("expected a scalar or vector type, found {other:?}")),
        })
    }
}
