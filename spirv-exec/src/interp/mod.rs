//! The lane-parallel interpreter: each entry point lowered from SPIR-V (`lower*.rs`, with
//! `int_rows.rs`, `lower_hoist.rs`, `temps.rs`) to a [`Program`](program::Program) of row
//! instructions (`program.rs`), run a row of lanes at a time (`exec.rs`, `ops.rs`, `memops.rs`,
//! `atomic.rs`).

pub(crate) mod atomic;
pub(crate) mod exec;
pub(crate) mod int_rows;
pub(crate) mod lower;
pub(crate) mod lower_check;
pub(crate) mod lower_composite;
pub(crate) mod lower_ext;
pub(crate) mod lower_hoist;
pub(crate) mod lower_inst;
pub(crate) mod memops;
pub(crate) mod ops;
pub(crate) mod program;
pub(crate) mod temps;
