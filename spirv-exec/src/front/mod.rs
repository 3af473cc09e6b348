//! The front end both executors share: a module's SPIR-V words checked (`spirv.rs`) and parsed,
//! calls through function pointers made direct (`fnptr.rs`), blocks ordered (`order.rs`), types
//! laid out (`types.rs`), kernels and their parameters listed (`module.rs`).

pub(crate) mod fnptr;
pub(crate) mod module;
pub(crate) mod order;
pub(crate) mod spirv;
pub(crate) mod types;
