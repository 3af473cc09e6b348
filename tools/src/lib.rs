//! The logic behind the `ze-info`, `ze-bandwidth` and `ze-build` binaries, kept in a library so that it is
//! tested: what the safe layer reports, gathered into serialisable records, and the two
//! renderings (text and JSON); how bandwidth is measured, and its plot.

pub mod args;
pub mod bandwidth;
pub mod bench;
pub mod build;
pub mod host;
pub mod info;
pub mod names;
pub mod op;
pub mod plot;
