//! `liblevel_zero_cpu_icd.so`: the CPU driver with the 75 `zeGet*`/`zetGet*`/`zesGet*`
//! getters exported, for Intel's loader:
//!
//! ```sh
//! ZE_ENABLE_ALT_DRIVERS=$PWD/target/debug/liblevel_zero_cpu_icd.so my-level-zero-program
//! ```
//!
//! This crate is the only place those symbols are exported (see `level_zero_cpu::export_getters`).

level_zero_cpu::export_getters!();
