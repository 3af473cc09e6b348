//! Helpers shared by the kernel tests: the committed corpus (`kernels/` at the repository
//! root), one pseudo-random generator, launch shapes.
#![allow(dead_code)]

pub mod asm;
pub mod bomb;
pub mod rng;
pub mod values;

pub use rng::Rng;
use spirv_exec::{Backend, Fault, Kernel, LaunchError, Launcher, Module, ParamKind};

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

/// Both executors: the compiler, then the interpreter.
pub fn backends() -> [&'static dyn Backend; 2] {
    ["jit", "interp"]
        .map(|n| spirv_exec::backend_named(n).unwrap_or_else(|| panic!("no backend named {n}")))
}

/// Builds `bytes` with `backend`; under the compiler every kernel must be compiled (not left
/// to the interpreter), or a test of the compiled code would test nothing.
pub fn module_compiled(bytes: &[u8], backend: &'static dyn Backend) -> Module {
    let words = spirv_exec::words(bytes).unwrap_or_else(|e| panic!("{e}"));
    let m =
        Module::build_with(&words, &Default::default(), backend).unwrap_or_else(|e| panic!("{e}"));
    for k in m.kernels() {
        let compiled = k.prepare().unwrap_or_else(|e| panic!("{e}")).is_some();
        assert_eq!(
            compiled,
            backend.name() != "interpreter",
            "{} on {}: {}",
            k.name(),
            backend.name(),
            m.log()
        );
    }
    m
}

/// Launches `module`'s kernel `k` over 2 groups of 8 with one 16-int buffer, and asserts it
/// ends with an out-of-bounds fault of 4 bytes below address 4096 (a store through a
/// pointer that was never set) having written nothing. `what` names the case.
pub fn assert_store_near_null_faults(module: &Module, what: &str) {
    let mut out = vec![0i32; 16];
    let err = kernel(module, "k")
        .launch([2, 1, 1], [8, 1, 1])
        .buffer(&mut out)
        .run()
        .expect_err("the store through an undefined pointer faults");
    let what = format!("{what}: {err}");
    match err {
        LaunchError::Fault {
            fault: Fault::OutOfBounds { address, len, .. },
            ..
        } => assert!(address < 4096 && len == 4, "{what}"),
        _ => panic!("{what}"),
    }
    assert_eq!(out, [0; 16], "{what}");
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

/// Buffers for [`fuzz_launch`]: one of 4 KiB, zeroed, per pointer parameter of `kernel`.
pub fn fuzz_buffers(kernel: &Kernel) -> Vec<Vec<u64>> {
    let pointers = kernel
        .params()
        .iter()
        .filter(|p| p.kind == ParamKind::Pointer)
        .count();
    vec![vec![0u64; 512]; pointers]
}

/// `kernel` launched as the fuzzer launches any kernel it builds: 2 groups of the required
/// size (else 8), 2 threads, every pointer one of `buffers` ([`fuzz_buffers`]), every
/// `__local` parameter 256 bytes, every value zero.
pub fn fuzz_launch<'a>(kernel: &'a Kernel, buffers: &'a mut [Vec<u64>]) -> Launcher<'a> {
    let size = kernel.required_group_size().unwrap_or([8, 1, 1]);
    let mut buffers = buffers.iter_mut();
    let mut launch = kernel.launch([2, 1, 1], size).threads(2);
    for p in kernel.params() {
        launch = match p.kind {
            ParamKind::Pointer => match buffers.next() {
                Some(b) => launch.buffer(b),
                None => panic!("fewer buffers than pointer parameters"),
            },
            ParamKind::Local => launch.local(256),
            ParamKind::Value | ParamKind::ByValue { .. } | ParamKind::Sampler => {
                launch.value_bytes(&vec![0; p.size.min(1 << 20)])
            }
        };
    }
    launch
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
