//! What can go wrong: building a module ([`BuildError`]), launching a kernel
//! ([`LaunchError`]), and a work-item's fault while it runs ([`Fault`]).

use crate::run::launch::MemoryRange;

/// Why a module does not build: the first problem found, as the build log says it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", kernel.as_ref().map_or(String::new(), |k| format!("kernel {k}: ")))]
pub struct BuildError {
    /// The kernel (entry point) being lowered, if the problem is in one.
    pub kernel: Option<String>,
    /// What is wrong, with the word offset or SPIR-V id where there is one.
    pub message: String,
}

impl From<String> for BuildError {
    fn from(message: String) -> BuildError {
        BuildError {
            kernel: None,
            message,
        }
    }
}

/// A work-item's fault: the launch stops at the first one (work-groups not yet started are
/// skipped) and reports it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// A load or store outside every range the kernel may reach.
    #[error("out-of-bounds access of {len} bytes at {address:#x}; {}", nearest_text(.nearest))]
    OutOfBounds {
        /// The first byte accessed.
        address: usize,
        /// Bytes accessed.
        len: usize,
        /// The reachable range nearest to `address` (a buffer, an allocation, module globals,
        /// or a part of the work-group's local memory), if any is reachable.
        nearest: Option<MemoryRange>,
    },
    /// A store, atomic or copy into memory the kernel may only read (virtual memory mapped with
    /// `ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY`).
    #[error("write of {len} bytes at {address:#x} into read-only memory [{start:#x}, {end:#x})")]
    ReadOnly {
        /// The first byte written.
        address: usize,
        /// Bytes written.
        len: usize,
        /// Start of the read-only range written into.
        start: usize,
        /// End (exclusive) of that range.
        end: usize,
    },
    /// An access inside the work-group's local memory, of a launch that uses none.
    #[error(
        "out-of-bounds access of {len} bytes at {address:#x} in the work-group's local memory, \
         which this launch does not use"
    )]
    UnusedLocalMemory {
        /// The first byte accessed.
        address: usize,
        /// Bytes accessed.
        len: usize,
    },
    /// An access of another work-item's private memory.
    #[error(
        "out-of-bounds access of {len} bytes at {address:#x}: outside work-item {lane}'s private \
         memory [{start:#x}, {end:#x})"
    )]
    OtherPrivateMemory {
        /// The first byte accessed.
        address: usize,
        /// Bytes accessed.
        len: usize,
        /// The work-item (linear local id) that made the access.
        lane: usize,
        /// Start of that work-item's private memory.
        start: usize,
        /// End (exclusive) of that work-item's private memory.
        end: usize,
    },
    /// An atomic operation on an address not aligned to its size.
    #[error("misaligned {bytes}-byte atomic at {address:#x}")]
    MisalignedAtomic {
        /// The address of the atomic.
        address: usize,
        /// Its size in bytes.
        bytes: usize,
    },
    /// Work-items of one work-group reached different barriers, which OpenCL leaves
    /// undefined (work-items that returned are not waited for); the compiled executor stops
    /// there.
    #[error("work-items of work-group {group:?} reached different barriers")]
    DivergentBarrier {
        /// The work-group.
        group: [usize; 3],
    },
    /// The launch was cancelled through [`LaunchDesc::cancel`](crate::LaunchDesc::cancel) before it
    /// finished (work-items stop at a loop back-edge or between work-groups).
    #[error("the launch was cancelled before it finished")]
    Cancelled,
    /// A work-item reached `OpUnreachable`.
    #[error("reached OpUnreachable")]
    Unreachable,
    /// An `OpenCL.std` instruction refused its operands.
    #[error("{instruction}: {reason}")]
    Instruction {
        /// The instruction's name (`sin`, `shuffle2`, ...).
        instruction: &'static str,
        /// What was wrong.
        reason: &'static str,
    },
}

fn nearest_text(nearest: &Option<MemoryRange>) -> String {
    match nearest {
        Some(r) => format!(
            "nearest allocation [{:#x}, {:#x}) ({} bytes, {})",
            r.base,
            r.end,
            r.end - r.base,
            r.what
        ),
        None => "no allocation is reachable".to_string(),
    }
}

/// Why a launch failed: a bad launch description (nothing ran), or a work-item's fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LaunchError {
    /// A work-item faulted; the memory it could reach may be partly written.
    #[error("kernel {kernel}: {fault}")]
    Fault {
        /// The kernel's name.
        kernel: String,
        /// What the work-item did.
        fault: Fault,
    },
    /// The number of arguments is not the number of parameters.
    #[error("kernel {kernel}: {given} arguments given, the kernel has {params} parameters")]
    ArgumentCount {
        /// The kernel's name.
        kernel: String,
        /// Arguments given.
        given: usize,
        /// Parameters of the kernel.
        params: usize,
    },
    /// An argument does not fit its parameter (size, or a value for a `__local` parameter
    /// or the other way round).
    #[error("kernel {kernel}: argument {index}: {reason}")]
    Argument {
        /// The kernel's name.
        kernel: String,
        /// The argument's index.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// The work-group size is empty, too large, or not the one the kernel requires.
    #[error("kernel {kernel}: work-group size {size:?}: {reason}")]
    GroupSize {
        /// The kernel's name.
        kernel: String,
        /// The size given.
        size: [u32; 3],
        /// What is wrong.
        reason: String,
    },
}
