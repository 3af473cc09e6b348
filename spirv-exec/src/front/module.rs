//! Modules: SPIR-V checked, parsed and lowered once ([`Module::build`]), and their kernels
//! ([`Kernel`]) with their parameters, ready to launch.

use crate::backend::{Backend, BackendInput, Compiler, Executable};
use crate::error::{BuildError, LaunchError};
use crate::front::spirv::{self, ModuleData};
use crate::front::ssa::Func;
use crate::interp::program::{self, Program};
use crate::run::launch::{Arg, LaunchDesc, MemoryRange, What, MAX_GROUP_SIZE};
use rspirv::dr::Operand;
use rspirv::spirv::{ExecutionMode, ExecutionModel, Op};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a module's kernels share: its parsed SPIR-V and its program-scope memory (which the
/// lowered kernels address directly, so every kernel keeps it alive).
pub(crate) struct Shared {
    pub(crate) data: ModuleData,
    /// Held by safe launches and host copies of program-scope memory.
    pub(crate) lock: Mutex<()>,
}

/// A built module: its kernels, its program-scope variables, its build log.
///
/// ```
/// // y = a·x + y over 8 work-items, in 2 groups of 4.
/// let spv = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv"));
/// let module = spirv_exec::Module::from_bytes(spv, &Default::default())?;
/// let saxpy = module.kernel("saxpy").expect("the corpus' saxpy");
/// let mut x: Vec<f32> = (0..8).map(|i| i as f32).collect();
/// let mut y = vec![1.0f32; 8];
/// saxpy.launch([2, 1, 1], [4, 1, 1]).value(&2.0f32).buffer(&mut x).buffer(&mut y).run()?;
/// assert_eq!(y, [1.0, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0, 15.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Module {
    pub(crate) shared: Arc<Shared>,
    kernels: Vec<Kernel>,
    /// Kernels that did not build (an unsupported feature), with why.
    unavailable: Vec<BuildError>,
    log: String,
    linkage: crate::front::link::Linkage,
}

/// The specialization constants of a build: SpecId → value (the low bytes are used, as many
/// as the constant's type has).
pub type SpecConstants = HashMap<u32, u64>;

impl Module {
    /// Checks, parses and lowers SPIR-V `words`, for the [`Compiler`] (the kernels it does
    /// not support run on the interpreter; the [`log`](Self::log) says which and why).
    pub fn build(words: &[u32], spec: &SpecConstants) -> Result<Module, BuildError> {
        Module::build_with(words, spec, &Compiler)
    }

    /// [`build`](Self::build) with the kernels prepared by `backend` (or its
    /// [`fallback`](Backend::fallback) for those it cannot run, noted in the log).
    pub fn build_with(
        words: &[u32],
        spec: &SpecConstants,
        backend: &dyn Backend,
    ) -> Result<Module, BuildError> {
        let data = ModuleData::build(words, spec)?;
        let linkage = crate::front::link::symbols(&data.module);
        let (programs, mut unavailable) = lower_kernels(&data)?;
        let key = cache_key(words, spec);
        let mut log = String::new();
        let mut execs = Vec::with_capacity(programs.len());
        for (program, func) in &programs {
            let input = BackendInput {
                program,
                func,
                globals: data.memory.range(),
                key: &key,
            };
            let failed = |backend: &dyn Backend, message: String| BuildError {
                kernel: Some(program.name.clone()),
                message: format!("{}: {message}", backend.name()),
            };
            let exec = match (backend.compile(&input), backend.fallback()) {
                (Ok(exec), _) => Ok(exec),
                (Err(reason), Some(fallback)) => {
                    log.push_str(&format!(
                        "note: kernel {} runs on the {}: the {} does not support it ({reason})\n",
                        program.name,
                        fallback.name(),
                        backend.name()
                    ));
                    fallback
                        .compile(&input)
                        .map_err(|message| failed(fallback, message))
                }
                (Err(reason), None) => Err(failed(backend, reason)),
            };
            match exec {
                Ok(exec) => execs.push(Some(exec)),
                Err(e) => {
                    unavailable.push(e);
                    execs.push(None);
                }
            }
        }
        let shared = Arc::new(Shared {
            data,
            lock: Mutex::new(()),
        });
        let kernels = programs
            .into_iter()
            .zip(execs)
            .filter_map(|((program, _), exec)| Some(Kernel::new(program, exec?, shared.clone())))
            .collect();
        log.extend(
            unavailable
                .iter()
                .map(|e| format!("warning: {e}; the kernel is not available\n")),
        );
        Ok(Module {
            shared,
            kernels,
            unavailable,
            log,
            linkage,
        })
    }

    /// Builds one module from several SPIR-V modules, each with its own specialization
    /// constants: each function or variable declared with `LinkageAttributes ... Import` is
    /// the one of the same name another input exports. The kernels of every input are the
    /// module's. An import no input exports, a name exported twice, or an import whose type
    /// differs from its export's is an error naming the symbol.
    pub fn build_linked(inputs: &[(&[u32], &SpecConstants)]) -> Result<Module, BuildError> {
        Module::build_linked_with(inputs, &Compiler)
    }

    /// [`build_linked`](Self::build_linked) with the kernels prepared by `backend`.
    pub fn build_linked_with(
        inputs: &[(&[u32], &SpecConstants)],
        backend: &dyn Backend,
    ) -> Result<Module, BuildError> {
        Module::build_with(&Module::link(inputs)?, &SpecConstants::new(), backend)
    }

    /// The words of the one module [`build_linked`](Self::build_linked) builds (its inputs'
    /// specialization constants set).
    pub fn link(inputs: &[(&[u32], &SpecConstants)]) -> Result<Vec<u32>, BuildError> {
        Ok(crate::front::link::link(inputs)?)
    }

    /// [`link`](Self::link) keeping the kernels of input `kernels_of` only: the other inputs
    /// lend it what they export (dynamic linking, `zeModuleDynamicLink`).
    pub fn link_into(
        inputs: &[(&[u32], &SpecConstants)],
        kernels_of: usize,
    ) -> Result<Vec<u32>, BuildError> {
        Ok(crate::front::link::link_keeping(inputs, Some(kernels_of))?)
    }

    /// What the module imports (built-ins and the LLVM intrinsics the front end implements
    /// aside) and exports, by its `LinkageAttributes`.
    pub fn linkage(&self) -> &crate::front::link::Linkage {
        &self.linkage
    }

    /// [`build`](Self::build) from the bytes of a `.spv` file (little-endian words).
    pub fn from_bytes(bytes: &[u8], spec: &SpecConstants) -> Result<Module, BuildError> {
        Module::build(&words(bytes)?, spec)
    }

    /// The byte size of each specialization constant of `words`, by SpecId (to read a
    /// caller's values at the right width).
    pub fn spec_constant_sizes(words: &[u32]) -> Result<HashMap<u32, usize>, BuildError> {
        Ok(spirv::spec_constant_sizes(words)?)
    }

    /// The kernels, in the order of their entry points.
    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    /// The kernel named `name`.
    pub fn kernel(&self, name: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|k| k.name() == name)
    }

    /// Why kernel `name` did not build, if it is one of the module's entry points that uses
    /// a feature this executor lacks (images, pipes, ...): the rest of the module built.
    pub fn unavailable(&self, name: &str) -> Option<&BuildError> {
        self.unavailable
            .iter()
            .find(|e| e.kernel.as_deref() == Some(name))
    }

    /// Every kernel that did not build, with why (see [`unavailable`](Self::unavailable)).
    pub fn unavailable_kernels(&self) -> &[BuildError] {
        &self.unavailable
    }

    /// Warnings and notes of the build (empty when there are none).
    pub fn log(&self) -> &str {
        &self.log
    }

    /// The memory of the program-scope variables (never empty: at least 8 bytes).
    pub fn globals(&self) -> MemoryRange {
        globals_range(&self.shared)
    }

    /// The value of a pointer to function `name` (`zeModuleGetFunctionPointer`), where the
    /// module uses function pointers (`SPV_INTEL_function_pointers`): kernels call through it.
    /// `name` is the function's `OpName` or the name it exports (`LinkageAttributes`), so a
    /// module stripped of debug names still answers.
    pub fn function_pointer(&self, name: &str) -> Option<u64> {
        let data = &self.shared.data;
        let exports = |id: &rspirv::spirv::Word| {
            data.decorations.get(id).is_some_and(|ds| {
                ds.iter().any(|(d, ops)| {
                    *d == rspirv::spirv::Decoration::LinkageAttributes
                        && matches!(ops.first(), Some(Operand::LiteralString(n)) if n == name)
                })
            })
        };
        data.function_tokens
            .iter()
            .filter(|(id, _)| data.names.get(id).is_some_and(|n| n == name) || exports(id))
            .map(|(_, token)| *token)
            .min()
    }

    /// The address and size in bytes of the program-scope variable `name`.
    pub fn global(&self, name: &str) -> Option<(usize, usize)> {
        self.shared.data.global_symbols.get(name).copied()
    }

    /// Copies program-scope variable `name` out (as many bytes as `out` holds, at most the
    /// variable's size); `None` if there is no such variable.
    pub fn read_global(&self, name: &str, out: &mut [u8]) -> Option<usize> {
        let (addr, size) = self.global(name)?;
        let n = out.len().min(size);
        let _lock = self.shared.lock.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: `n` bytes of the module's own program-scope memory, which no safe launch
        // uses while the lock is held.
        unsafe { std::ptr::copy_nonoverlapping(addr as *const u8, out.as_mut_ptr(), n) };
        Some(n)
    }

    /// Copies `bytes` into program-scope variable `name` (at most its size); `None` if there
    /// is no such variable.
    pub fn write_global(&self, name: &str, bytes: &[u8]) -> Option<usize> {
        let (addr, size) = self.global(name)?;
        let n = bytes.len().min(size);
        let _lock = self.shared.lock.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: as in `read_global`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), addr as *mut u8, n) };
        Some(n)
    }
}

fn globals_range(shared: &Shared) -> MemoryRange {
    let range = shared.data.memory.range();
    MemoryRange {
        base: range.start,
        end: range.end,
        what: What::named("module globals"),
    }
}

/// The words of a SPIR-V binary.
pub fn words(bytes: &[u8]) -> Result<Vec<u32>, BuildError> {
    if bytes.len() % 4 != 0 {
        return Err(format!("module size {} is not a multiple of 4 bytes", bytes.len()).into());
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// What a kernel parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// A scalar, vector or struct value, copied in.
    Value,
    /// A pointer to global or constant memory (8 bytes: an address the kernel may reach).
    Pointer,
    /// A `__local` pointer: the argument is the size of the work-group memory it points to.
    Local,
    /// A struct passed by value (`ByVal`): its bytes are copied into private memory.
    ByValue {
        /// Alignment of the struct in bytes.
        align: usize,
    },
    /// A `sampler_t` (`OpTypeSampler`): 4 bytes of OpenCL's sampler bits
    /// (`CLK_ADDRESS_*`, `CLK_FILTER_*`, `CLK_NORMALIZED_COORDS_*`), as a literal sampler has.
    Sampler,
}

/// A kernel parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// Bytes of the argument (8 for pointers, including `__local` ones).
    pub size: usize,
    /// What the parameter takes.
    pub kind: ParamKind,
}

/// A kernel of a built module, ready to launch; cloning is cheap. A kernel keeps its module's
/// program-scope memory alive.
#[derive(Clone)]
pub struct Kernel {
    program: Arc<Program>,
    exec: Arc<dyn Executable>,
    params: Arc<[Param]>,
    module: Arc<Shared>,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("name", &self.name())
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

impl Kernel {
    fn new(program: Arc<Program>, exec: Arc<dyn Executable>, module: Arc<Shared>) -> Kernel {
        let params = program
            .params
            .iter()
            .map(|p| Param {
                size: p.size,
                kind: match p.kind {
                    program::ParamKind::Local => ParamKind::Local,
                    program::ParamKind::ByVal { align, .. } => ParamKind::ByValue { align },
                    program::ParamKind::Value { .. } if p.is_pointer => ParamKind::Pointer,
                    program::ParamKind::Value { .. } if p.is_sampler => ParamKind::Sampler,
                    program::ParamKind::Value { .. } => ParamKind::Value,
                },
            })
            .collect();
        Kernel {
            program,
            exec,
            params,
            module,
        }
    }

    /// The kernel's name (its entry point's).
    pub fn name(&self) -> &str {
        &self.program.name
    }

    /// The parameters, in order.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The work-group size the kernel declares (`reqd_work_group_size`), if any.
    pub fn required_group_size(&self) -> Option<[u32; 3]> {
        self.program.required_group_size
    }

    /// The work-group size the kernel suggests (`work_group_size_hint`), if any.
    pub fn group_size_hint(&self) -> Option<[u32; 3]> {
        self.program.group_size_hint
    }

    /// Work-items per sub-group: the size the kernel requires (`intel_reqd_sub_group_size`,
    /// `reqd_sub_group_size`), else 16. Sub-groups are consecutive runs of that many
    /// work-items in local linear id order; a work-group's last one may have fewer.
    pub fn subgroup_size(&self) -> u32 {
        self.program.subgroup_size
    }

    /// The sub-group size the kernel requires, if it requires one.
    pub fn required_subgroup_size(&self) -> Option<u32> {
        self.program
            .subgroup_required
            .then_some(self.program.subgroup_size)
    }

    /// Bytes of work-group memory of the kernel-scope `__local` variables it uses.
    pub fn local_memory_size(&self) -> usize {
        self.program.local_static
    }

    /// Bytes of private memory per work-item.
    pub fn private_memory_size(&self) -> usize {
        self.program.private_size
    }

    /// The memory of the module's program-scope variables.
    pub(crate) fn module_globals(&self) -> MemoryRange {
        globals_range(&self.module)
    }

    /// Whether `other` is a kernel of the same module.
    pub fn same_module(&self, other: &Kernel) -> bool {
        Arc::ptr_eq(&self.module, &other.module)
    }

    pub(crate) fn shared(&self) -> &Arc<Shared> {
        &self.module
    }

    /// Checks `launch` against the kernel's parameters and limits, and sorts its memory by
    /// base (overlapping ranges merged), adding the module's globals.
    fn check(&self, mut launch: LaunchDesc) -> Result<LaunchDesc, LaunchError> {
        let name = || self.name().to_string();
        let size = launch.group_size;
        let bad_size = |reason: String| LaunchError::GroupSize {
            kernel: name(),
            size,
            reason,
        };
        if size.contains(&0) {
            return Err(bad_size("every dimension needs a work-item".into()));
        }
        if launch.lanes() > MAX_GROUP_SIZE as usize {
            return Err(bad_size(format!(
                "more than {MAX_GROUP_SIZE} work-items per group"
            )));
        }
        if let Some(required) = self.required_group_size() {
            if required != size {
                return Err(bad_size(format!("the kernel requires {required:?}")));
            }
        }
        let params = self.params();
        if launch.args.len() != params.len() {
            return Err(LaunchError::ArgumentCount {
                kernel: name(),
                given: launch.args.len(),
                params: params.len(),
            });
        }
        for (index, (param, arg)) in params.iter().zip(&launch.args).enumerate() {
            let reason = match (param.kind, arg) {
                (ParamKind::Local, Arg::Local(_)) => continue,
                (ParamKind::Local, Arg::Value(_)) => {
                    "a __local parameter takes Arg::Local (a size)".to_string()
                }
                (_, Arg::Local(_)) => "only a __local parameter takes Arg::Local".to_string(),
                (_, Arg::Value(bytes)) if bytes.len() == param.size => continue,
                (_, Arg::Value(bytes)) => format!(
                    "{} bytes given, the parameter takes {}",
                    bytes.len(),
                    param.size
                ),
            };
            return Err(LaunchError::Argument {
                kernel: name(),
                index,
                reason,
            });
        }
        launch.memory.push(self.module_globals());
        launch.memory.retain(|r| r.end > r.base);
        launch.memory.sort_by_key(|r| r.base);
        let mut merged: Vec<MemoryRange> = Vec::with_capacity(launch.memory.len());
        for r in launch.memory.drain(..) {
            match merged.last_mut() {
                Some(last) if r.base < last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        launch.memory = merged;
        Ok(launch)
    }

    /// Whether a launch of `groups` work-groups of `group_size` is known to be brief: the
    /// kernel has no loop (its work-items run a bounded number of instructions: none can
    /// spin on memory another thread writes) and its last launch says this one takes less
    /// than waking a worker thread costs (about 40 µs on one thread). A driver may run such a
    /// launch on its caller's thread rather than hand it to another. False until the kernel
    /// has run once. (Any launch the last one says is that small runs on the calling thread
    /// alone, workers called in only if it turns out longer.)
    pub fn is_brief(&self, groups: [u32; 3], group_size: [u32; 3]) -> bool {
        let items = groups
            .iter()
            .chain(&group_size)
            .try_fold(1usize, |n, &d| n.checked_mul(d as usize));
        self.program.loop_free && items.is_some_and(|n| self.program.pace.small(n))
    }

    /// Generates the kernel's native code now, if its backend generates any (else that
    /// happens at the first launch); `None` for the interpreter.
    pub fn prepare(&self) -> Result<Option<crate::CodeInfo>, String> {
        self.exec.prepare()
    }

    /// Runs `launch` to completion. The kernel reaches its module's program-scope memory,
    /// its work-group and private memory, and `launch.memory`; any other access faults.
    ///
    /// # Safety
    /// Every range of `launch.memory` must be valid for reads and writes for the whole call,
    /// and nothing else may access it meanwhile, nor the module's program-scope memory
    /// (other than launches of kernels whose own races are the kernels' business).
    /// [`launch`](Self::launch) is the safe way.
    pub unsafe fn run(&self, launch: LaunchDesc) -> Result<(), LaunchError> {
        let launch = self.check(launch)?;
        // SAFETY: the caller's promise; the launch was checked against the kernel.
        unsafe { self.exec.run(&launch) }.map_err(|fault| LaunchError::Fault {
            kernel: self.name().to_string(),
            fault,
        })
    }
}

/// Identifies a module's words and specialization constants (for the compiled code cache).
fn cache_key(words: &[u32], spec: &SpecConstants) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    words.hash(&mut h);
    let mut s: Vec<_> = spec.iter().collect();
    s.sort();
    s.hash(&mut h);
    format!("{:016x}-{}", h.finish(), words.len())
}

/// Lowers every entry point to the shared IR and to the interpreter's program, and the errors
/// of the kernels that did not lower.
type Lowered = (Vec<(Arc<Program>, Arc<Func>)>, Vec<BuildError>);

/// The work-group sizes a `mode` (`LocalSize`, `LocalSizeHint`) declares, by entry function:
/// as literals (`OpExecutionMode`) or, since SPIR-V 1.2, as constants (`OpExecutionModeId`
/// with `mode_id`: `LocalSizeId`, `LocalSizeHintId`).
fn size_modes(
    data: &ModuleData,
    mode: ExecutionMode,
    mode_id: ExecutionMode,
) -> HashMap<u32, [u32; 3]> {
    let mut sizes = HashMap::new();
    let constant = |op: &Operand| match op {
        Operand::IdRef(c) => data.consts.get(c).and_then(|v| v.first().copied()),
        _ => None,
    };
    for m in &data.module.execution_modes {
        match m.operands.as_slice() {
            [Operand::IdRef(f), Operand::ExecutionMode(got), Operand::LiteralBit32(x), Operand::LiteralBit32(y), Operand::LiteralBit32(z)]
                if *got == mode =>
            {
                sizes.insert(*f, [*x, *y, *z]);
            }
            [Operand::IdRef(f), Operand::ExecutionMode(got), x, y, z] if *got == mode_id => {
                if let (Some(x), Some(y), Some(z)) = (constant(x), constant(y), constant(z)) {
                    sizes.insert(*f, [x as u32, y as u32, z as u32]);
                }
            }
            _ => {}
        }
    }
    sizes
}

fn lower_kernels(data: &ModuleData) -> Result<Lowered, BuildError> {
    let mut kernels = Vec::new();
    let mut unavailable = Vec::new();
    let required = size_modes(data, ExecutionMode::LocalSize, ExecutionMode::LocalSizeId);
    let hints = size_modes(
        data,
        ExecutionMode::LocalSizeHint,
        ExecutionMode::LocalSizeHintId,
    );
    for ep in &data.module.entry_points {
        let (
            Some(Operand::ExecutionModel(model)),
            Some(Operand::IdRef(fid)),
            Some(Operand::LiteralString(name)),
        ) = (ep.operands.first(), ep.operands.get(1), ep.operands.get(2))
        else {
            return Err(String::from("malformed OpEntryPoint").into());
        };
        if *model != ExecutionModel::Kernel {
            return Err(format!(
                "entry point {name}: execution model {model:?} is not supported (only Kernel)"
            )
            .into());
        }
        let index = data
            .module
            .functions
            .iter()
            .position(|f| {
                f.def
                    .as_ref()
                    .is_some_and(|d| d.class.opcode == Op::Function && d.result_id == Some(*fid))
            })
            .ok_or_else(|| format!("entry point {name}: function %{fid} not found"))?;
        let f = &data.module.functions[index];
        // The front end refuses what it cannot type; a module ill-formed in a way it does not
        // check must still not take the host down (the fuzzer counts such a caught panic as a
        // failure).
        let lowered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let func = crate::front::kernel_ssa(data, name, f)?;
            let program = crate::interp::lower::lower(&func)?;
            Ok::<_, String>((program, func))
        }))
        .unwrap_or_else(|_| Err("the front end panicked (ill-typed module?)".into()));
        match lowered {
            Ok((mut program, mut func)) => {
                program.required_group_size = required.get(fid).copied();
                func.group_size = program.required_group_size;
                program.group_size_hint = hints.get(fid).copied();
                kernels.push((Arc::new(program), Arc::new(func)));
            }
            Err(message) => unavailable.push(BuildError {
                kernel: Some(name.clone()),
                message,
            }),
        }
    }
    Ok((kernels, unavailable))
}
