//! The lane-parallel interpreter: each kernel of the shared IR lowered (`lower.rs`, with
//! `lower_inst.rs`, `lower_addr.rs`, `lower_ext.rs` and the integer row paths of `int_rows.rs`) to a
//! [`Program`](program::Program) of row instructions (`program.rs`), run a row of lanes at a
//! time (`exec.rs`, `ops.rs`, `memops.rs`, `atomic.rs`; collectives: `group.rs`).

pub(crate) mod atomic;
pub(crate) mod exec;
pub(crate) mod group;
pub(crate) mod int_rows;
pub(crate) mod lower;
pub(crate) mod lower_addr;
pub(crate) mod lower_ext;
pub(crate) mod lower_inst;
pub(crate) mod memops;
pub(crate) mod ops;
pub(crate) mod program;
