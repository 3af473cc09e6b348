//! The error type of the array layer.

/// Result of every fallible array operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong. `Debug` prints the `Display` text, so that `?` out of `main` reads well.
#[derive(thiserror::Error)]
pub enum Error {
    /// A Level Zero call (or the safe layer's argument checks) failed.
    #[error(transparent)]
    Ze(#[from] level_zero::Error),
    /// Source and destination lengths differ.
    #[error("length mismatch: destination has {dst} elements, source {src}")]
    LengthMismatch {
        /// Destination elements.
        dst: usize,
        /// Source elements.
        src: usize,
    },
    /// A range leaves the array.
    #[error("range {start}..{end} is out of bounds for an array of {len} elements")]
    OutOfRange {
        /// First element of the range.
        start: usize,
        /// One past its last element.
        end: usize,
        /// Elements of the array.
        len: usize,
    },
    /// A shape does not match the element count.
    #[error("shape {shape:?} has {elements} elements, the array {len}")]
    Shape {
        /// The shape asked for.
        shape: Vec<usize>,
        /// Elements it holds.
        elements: usize,
        /// Elements of the array.
        len: usize,
    },
    /// `unsafe_free` (or host write access) while other views share the memory.
    #[error("the memory is shared by {views} other view(s)")]
    ViewsExist {
        /// Other views of the memory.
        views: usize,
    },
    /// Source and destination overlap in the same allocation.
    #[error("source and destination overlap in the same allocation")]
    Overlap,
    /// The device is out of memory even after the pool gave back what it could.
    #[error(
        "out of {kind} memory on {device}: requested {requested} B, free {free} B, \
         pooled {pooled} B, in use {in_use} B"
    )]
    OutOfMemory {
        /// Bytes requested.
        requested: usize,
        /// Free bytes the driver reports (0 if it does not).
        free: u64,
        /// Bytes cached by the pool.
        pooled: usize,
        /// Bytes held by live arrays.
        in_use: usize,
        /// `"device"`, `"shared"` or `"host"`.
        kind: &'static str,
        /// The device's name.
        device: String,
    },
}

impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}
