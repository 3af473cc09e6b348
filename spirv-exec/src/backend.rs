//! The seam between building and running: a [`Backend`] turns a kernel into an
//! [`Executable`]. Two backends: the lane-parallel [`Interpreter`], and the [`Compiler`]
//! (native code through Cranelift, see `jit`), which leaves the kernels it does not support to
//! the interpreter.

use crate::error::Fault;
use crate::front::ssa::Func;
use crate::interp::exec;
use crate::interp::program::Program;
use crate::jit;
use crate::run::launch::LaunchDesc;
use std::sync::Arc;

/// A kernel as backends receive it: the shared IR and the interpreter's form of it.
pub struct BackendInput<'a> {
    pub(crate) program: &'a Arc<Program>,
    pub(crate) func: &'a Arc<Func>,
    /// Where the module's program-scope variables lie.
    pub(crate) globals: std::ops::Range<usize>,
    /// Identifies the module's words and specialization constants.
    pub(crate) key: &'a str,
}

impl BackendInput<'_> {
    /// The kernel lowered for the interpreter.
    pub fn program(&self) -> &Arc<Program> {
        self.program
    }
}

/// A way to run kernels: prepares each lowered kernel of a module once, when it is built.
pub trait Backend: Send + Sync {
    /// A short name for build logs and errors.
    fn name(&self) -> &'static str;

    /// Prepares `kernel` to run. `Err` says why this backend cannot run it.
    fn compile(&self, kernel: &BackendInput<'_>) -> Result<Arc<dyn Executable>, String>;

    /// The backend for the kernels this one cannot run, if any.
    fn fallback(&self) -> Option<&dyn Backend> {
        None
    }
}

/// The backend named `name` (`jit` or `compiler`, `interp` or `interpreter`), as environment
/// variables and build flags name them.
pub fn backend_named(name: &str) -> Option<&'static dyn Backend> {
    match name.trim() {
        "jit" | "compiler" => Some(&Compiler),
        "interp" | "interpreter" => Some(&Interpreter),
        _ => None,
    }
}

/// A kernel ready to run.
pub trait Executable: Send + Sync {
    /// Runs every work-group of `launch`, spread over `launch.threads` threads; `Err` is the
    /// first fault (work-groups not yet started are skipped).
    ///
    /// # Safety
    /// `launch` was checked against the kernel ([`Kernel::run`](crate::Kernel::run) does),
    /// and its memory is valid for reads and writes for the whole call.
    unsafe fn run(&self, launch: &LaunchDesc) -> Result<(), Fault>;

    /// Generates the kernel's code now if the backend generates any (else at the first run),
    /// and says how: `None` for backends that generate no code.
    fn prepare(&self) -> Result<Option<CodeInfo>, String> {
        Ok(None)
    }
}

/// How a kernel's native code was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// Time the code generation took (when it ran for another module, that one's).
    pub compile_time: std::time::Duration,
    /// Bytes of machine code.
    pub code_bytes: usize,
    /// Whether the code came from the cache (generated for an earlier module with the same
    /// words, specialization constants and kernel).
    pub cached: bool,
}

/// The lane-parallel interpreter: every instruction runs for all work-items of a group that
/// reached it, over row slices compiled for the host's vector extension.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interpreter;

impl Backend for Interpreter {
    fn name(&self) -> &'static str {
        "interpreter"
    }

    fn compile(&self, kernel: &BackendInput<'_>) -> Result<Arc<dyn Executable>, String> {
        Ok(Arc::new(Interpreted(kernel.program.clone())))
    }
}

/// The compiler: kernels become native code (generated at their first launch, cached per
/// module, kernel and specialization constants). Kernels it does not support run on the
/// [`Interpreter`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Compiler;

impl Backend for Compiler {
    fn name(&self) -> &'static str {
        "compiler"
    }

    fn compile(&self, kernel: &BackendInput<'_>) -> Result<Arc<dyn Executable>, String> {
        let p = kernel.program;
        let prepared = jit::prepare(kernel.func.clone(), kernel.globals.clone(), kernel.key)?;
        Ok(Arc::new(Compiled {
            program: p.clone(),
            prepared,
        }))
    }

    fn fallback(&self) -> Option<&dyn Backend> {
        Some(&Interpreter)
    }
}

/// A kernel run by the [`Compiler`].
struct Compiled {
    program: Arc<Program>,
    prepared: jit::Prepared,
}

impl Executable for Compiled {
    fn prepare(&self) -> Result<Option<CodeInfo>, String> {
        let (code, cached) = self.prepared.compiled_with_origin()?;
        Ok(Some(CodeInfo {
            compile_time: code.compile_time,
            code_bytes: code.code_bytes,
            cached,
        }))
    }

    unsafe fn run(&self, launch: &LaunchDesc) -> Result<(), Fault> {
        let items = launch
            .groups
            .iter()
            .chain(&launch.group_size)
            .map(|&n| n as u64)
            .product();
        // SAFETY: forwarded: the caller guarantees the launch's memory.
        let ran = self.prepared.launch(items, |code| unsafe {
            jit::run(code, &self.program, launch)
        });
        match ran {
            Ok(r) => r,
            Err(e) => {
                // Code generation failed (it should not): the interpreter runs the kernel.
                static WARNED: std::sync::Once = std::sync::Once::new();
                WARNED.call_once(|| {
                    eprintln!(
                        "spirv-exec: kernel {}: code generation failed, interpreting: {e}",
                        self.program.name
                    )
                });
                // SAFETY: as above.
                unsafe { exec::run(&self.program, launch) }
            }
        }
    }
}

/// A kernel run by the [`Interpreter`].
struct Interpreted(Arc<Program>);

impl Executable for Interpreted {
    unsafe fn run(&self, launch: &LaunchDesc) -> Result<(), Fault> {
        // SAFETY: forwarded: the caller guarantees the launch's ranges, as `exec::run` needs.
        unsafe { exec::run(&self.0, launch) }
    }
}
