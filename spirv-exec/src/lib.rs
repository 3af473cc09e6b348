//! Runs OpenCL SPIR-V kernels on the host CPU.
//!
//! A [`Module`] is built once from SPIR-V words and specialization constants: the words are
//! checked (header, capabilities, opcodes), parsed with rspirv, and every entry point is
//! translated once to one checked SSA form that a [`Backend`] prepares to run: the
//! [`Compiler`] (Cranelift machine code, what [`Module::build`] uses) or the lane-parallel
//! [`Interpreter`], which lowers it to a register form ([`Program`]) (`Module::build_with`;
//! also the compiler's fallback for a kernel it does not take).
//! Its [`Kernel`]s list their parameters and memory needs, and run over a grid of work-groups
//! spread over host threads.
//!
//! Every load and store is checked against the memory the launch lets the kernel reach: the
//! buffers (or [`MemoryRange`]s) it was given, its module's program-scope variables, the parts of
//! its work-group's local memory it uses, and the work-item's own private memory. Anything
//! else stops the launch with a [`Fault`] naming the address and the nearest allocation.
//!
//! ```
//! let spv = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O0.spv"));
//! let module = spirv_exec::Module::from_bytes(spv, &Default::default())?;
//! let saxpy = module.kernel("saxpy").expect("the corpus' saxpy");
//! let mut x = vec![1.0f32; 4];
//! let mut y = vec![0.5f32; 3]; // one element short
//! let err = saxpy.launch([1, 1, 1], [4, 1, 1]).value(&2.0f32).buffer(&mut x).buffer(&mut y).run();
//! let Err(spirv_exec::LaunchError::Fault { kernel, fault }) = err else { panic!("{err:?}") };
//! assert_eq!(kernel, "saxpy");
//! assert!(matches!(fault, spirv_exec::Fault::OutOfBounds { len: 4, .. }), "{fault}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Used by the `level-zero-cpu` driver for `zeModuleCreate` and kernel launches; usable alone.

mod backend;
mod error;
mod front;
mod interp;
mod jit;
pub mod opencl_std;
mod run;
mod value;

pub use backend::{
    backend_named, Backend, BackendInput, CodeInfo, Compiler, Executable, Interpreter,
};
pub use error::{BuildError, Fault, LaunchError};
pub use front::link::Linkage;
pub use front::module::{words, Kernel, Module, Param, ParamKind, SpecConstants};
pub use front::spirv::MAX_SPIRV_VERSION;
pub use front::types::sampler_bits;
pub use interp::program::Program;
pub use run::launch::{Arg, LaunchDesc, MemoryRange, What, MAX_GROUP_SIZE};
pub use run::launcher::Launcher;
pub use run::printed::PRINTF_BUFFER_SIZE;
pub use value::Scalar;
