//! The front end both executors share: a module's SPIR-V words checked (`spirv.rs`) and parsed,
//! calls through function pointers made direct (`fnptr.rs`), several modules linked into one
//! (`link.rs`), types laid out (`types.rs`), each
//! kernel translated to the one IR both executors take (`ssa.rs`, built by `to_ssa*.rs`,
//! type-checked by `verify.rs`; `dominance.rs` says where a value is surely defined, `order.rs`
//! in which order a work-group's blocks are scheduled), kernels and their parameters listed
//! (`module.rs`).

pub(crate) mod dominance;
pub(crate) mod fnptr;
pub(crate) mod group_opcodes;
pub(crate) mod link;
pub(crate) mod module;
pub(crate) mod order;
pub(crate) mod spirv;
pub mod ssa;
mod to_ssa;
mod to_ssa_check;
mod to_ssa_ext;
mod to_ssa_group;
mod to_ssa_inst;
pub(crate) mod to_ssa_llvm;
pub(crate) mod types;
pub(crate) mod verify;

pub(crate) use to_ssa::kernel_ssa;
