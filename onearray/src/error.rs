//! The error type of the array layer.

/// Result of every fallible array operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A Level Zero call (or the safe layer's argument checks) failed.
    #[error(transparent)]
    Ze(#[from] level_zero::Error),
    /// Source and destination lengths differ.
    #[error("length mismatch: destination has {dst} elements, source {src}")]
    LengthMismatch { dst: usize, src: usize },
    /// A range leaves the array.
    #[error("range {start}..{end} is out of bounds for an array of {len} elements")]
    OutOfRange {
        start: usize,
        end: usize,
        len: usize,
    },
    /// A shape does not match the element count.
    #[error("shape {shape:?} has {elements} elements, the array {len}")]
    Shape {
        shape: Vec<usize>,
        elements: usize,
        len: usize,
    },
    /// `unsafe_free` (or host write access) while other views share the memory.
    #[error("the memory is shared by {views} other view(s)")]
    ViewsExist { views: usize },
    /// Source and destination overlap in the same allocation.
    #[error("source and destination overlap in the same allocation")]
    Overlap,
    /// The device is out of memory even after the pool gave back what it could.
    #[error(
        "out of {kind} memory on {device}: requested {requested} B, free {free} B, \
         pooled {pooled} B, in use {in_use} B"
    )]
    OutOfMemory {
        requested: usize,
        free: u64,
        pooled: usize,
        in_use: usize,
        kind: &'static str,
        device: String,
    },
}
