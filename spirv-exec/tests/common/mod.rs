//! Helpers shared by the kernel tests: the committed corpus (`kernels/` at the repository
//! root), one pseudo-random generator, launch shapes.
#![allow(dead_code)]

pub mod asm;
pub mod rng;
pub mod values;

pub use rng::Rng;
use spirv_exec::{Fault, Kernel, LaunchError, Launcher, Module};

/// Both optimisation levels of every module.
pub const OPT: [&str; 2] = ["O0", "O2"];

/// The bytes of `kernels/<corpus>/<name>.spv`: the corpus is `spv` (SPIR-V 1.0), or the one
/// `SPIRV_EXEC_CORPUS` names (`spv14`: the same kernels as SPIR-V 1.4; CI runs both).
pub fn spirv(name: &str) -> Vec<u8> {
    let corpus = std::env::var("SPIRV_EXEC_CORPUS").unwrap_or_else(|_| "spv".into());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kernels")
        .join(corpus)
        .join(format!("{name}.spv"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Builds `kernels/spv/<name>.spv` for the backend `SPIRV_EXEC_BACKEND` names (`jit`, the
/// default, or `interp`): CI runs the tests with each.
pub fn module(name: &str) -> Module {
    let backend = std::env::var("SPIRV_EXEC_BACKEND").unwrap_or_else(|_| "jit".into());
    let backend = spirv_exec::backend_named(&backend)
        .unwrap_or_else(|| panic!("SPIRV_EXEC_BACKEND={backend}: jit or interp"));
    let words = spirv_exec::words(&spirv(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Module::build_with(&words, &Default::default(), backend)
        .unwrap_or_else(|e| panic!("module {name}: {e}"))
}

/// Builds a hand-assembled module for the backend `SPIRV_EXEC_BACKEND` names, as [`module`].
pub fn module_from_bytes(bytes: &[u8]) -> Module {
    let backend = std::env::var("SPIRV_EXEC_BACKEND").unwrap_or_else(|_| "jit".into());
    let backend = spirv_exec::backend_named(&backend)
        .unwrap_or_else(|| panic!("SPIRV_EXEC_BACKEND={backend}: jit or interp"));
    let words = spirv_exec::words(bytes).unwrap_or_else(|e| panic!("{e}"));
    Module::build_with(&words, &Default::default(), backend).unwrap_or_else(|e| panic!("{e}"))
}

/// The kernel `name` of `module`.
pub fn kernel<'m>(module: &'m Module, name: &str) -> &'m Kernel {
    module
        .kernel(name)
        .unwrap_or_else(|| panic!("no kernel {name}"))
}

/// A 1-D launch of `global` work-items in groups of `local`.
pub fn launch_1d(kernel: &Kernel, global: usize, local: usize) -> Launcher<'_> {
    assert_eq!(global % local, 0, "{global} items in groups of {local}");
    kernel.launch([(global / local) as u32, 1, 1], [local as u32, 1, 1])
}

/// An out-of-bounds fault a launch ended with.
pub struct OutOfBounds {
    /// The kernel that faulted.
    pub kernel: String,
    /// The first byte accessed, as an offset from the base the caller gave.
    pub offset: i64,
    /// Bytes accessed.
    pub len: usize,
}

/// The out-of-bounds fault `r` ended with (its address as a byte offset from `base`), or
/// `None` if the launch ran through; any other outcome fails the test `at`.
pub fn out_of_bounds(r: Result<(), LaunchError>, base: i64, at: &str) -> Option<OutOfBounds> {
    match r {
        Ok(()) => None,
        Err(LaunchError::Fault {
            kernel,
            fault: Fault::OutOfBounds { address, len, .. },
        }) => Some(OutOfBounds {
            kernel,
            offset: address as i64 - base,
            len,
        }),
        Err(e) => panic!("{at}: {e}"),
    }
}
