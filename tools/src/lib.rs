//! The logic behind the `ze-info` and `ze-bandwidth` binaries, kept in a library so that it is
//! tested: what the safe layer reports, gathered into serialisable records, and the two
//! renderings (text and JSON).

pub mod args;
pub mod bandwidth;
pub mod info;
pub mod plot;
