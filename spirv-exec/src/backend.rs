//! The seam between building and running: a [`Backend`] turns a lowered kernel into an
//! [`Executable`]. The lane-parallel [`Interpreter`] is the one backend today; a compiler
//! sits beside it behind the same two traits.

use crate::error::Fault;
use crate::exec;
use crate::ir::Program;
use crate::launch::Launch;
use std::sync::Arc;

/// A way to run kernels: prepares each lowered kernel of a module once, when it is built.
pub trait Backend: Send + Sync {
    /// A short name for build logs and errors.
    fn name(&self) -> &'static str;

    /// Prepares `program` to run. `Err` says why this backend cannot run it.
    fn compile(&self, program: &Arc<Program>) -> Result<Arc<dyn Executable>, String>;
}

/// A kernel ready to run.
pub trait Executable: Send + Sync {
    /// Runs every work-group of `launch`, spread over `launch.threads` threads; `Err` is the
    /// first fault (work-groups not yet started are skipped).
    ///
    /// # Safety
    /// `launch` was checked against the kernel ([`Kernel::run`](crate::Kernel::run) does),
    /// and its memory is valid for reads and writes for the whole call.
    unsafe fn run(&self, launch: &Launch) -> Result<(), Fault>;
}

/// The lane-parallel interpreter: every instruction runs for all work-items of a group that
/// reached it, over row slices compiled for the host's vector extension.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interpreter;

impl Backend for Interpreter {
    fn name(&self) -> &'static str {
        "interpreter"
    }

    fn compile(&self, program: &Arc<Program>) -> Result<Arc<dyn Executable>, String> {
        Ok(Arc::new(Interpreted(program.clone())))
    }
}

/// A kernel run by the [`Interpreter`].
struct Interpreted(Arc<Program>);

impl Executable for Interpreted {
    unsafe fn run(&self, launch: &Launch) -> Result<(), Fault> {
        // SAFETY: forwarded: the caller guarantees the launch's regions, as `exec::run` needs.
        unsafe { exec::run(&self.0, launch) }
    }
}
