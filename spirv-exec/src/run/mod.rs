//! Running a kernel: a launch's arguments (`launch.rs`, `launcher.rs`) bound to its parameters
//! (`bind.rs`, for both executors), the memory it may reach
//! (`reach.rs`), its work-groups spread over host threads (`workers.rs`, `claims.rs`), its
//! `printf` output (`printed.rs`, formatted by `printf.rs`).

pub(crate) mod bind;
pub(crate) mod claims;
pub(crate) mod launch;
pub(crate) mod launcher;
pub(crate) mod printed;
pub(crate) mod printf;
pub(crate) mod reach;
pub(crate) mod workers;
