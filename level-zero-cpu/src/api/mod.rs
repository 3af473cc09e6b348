//! The `extern "C"` entry points, one file per object: each reads its C arguments, checks
//! them, calls the object's own file (`crate::<object>`) and turns the outcome into a
//! `ze_result_t` (`crate::abi::entry`). Only the getters (`crate::ddi`) use these files;
//! nothing below them does.

pub mod command_list;
pub mod command_queue;
pub mod context;
pub mod device;
pub mod driver;
pub mod event;
pub mod extensions;
pub mod fence;
pub mod graph;
pub mod init;
pub mod ipc;
pub mod kernel;
pub mod memory;
pub mod module;
pub mod mutable_list;
pub mod sampler;
pub mod vm;
pub mod zes;
