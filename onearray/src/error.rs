//! The error type of the array layer.

/// Result of every fallible array operation.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// What went wrong. `Display` says it in words; `Debug` shows the variant and its fields.
///
/// ```
/// use onearray::{Error, OneArray};
/// let a = OneArray::<f32>::zeroed(4)?;
/// let e = a.view(2..9).err().unwrap();
/// assert_eq!(e.to_string(), "range 2..9 is out of bounds for an array of 4 elements");
/// assert_eq!(format!("{e:?}"), "OutOfRange { start: 2, end: 9, len: 4 }");
/// # Ok::<(), Error>(())
/// ```
#[derive(thiserror::Error, Debug)]
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
    /// `len` elements of `elem_size` bytes do not fit in `usize` bytes.
    ///
    /// ```
    /// use onearray::{Error, OneArray};
    /// let e = OneArray::<f64>::zeroed(usize::MAX / 4).unwrap_err();
    /// assert!(matches!(e, Error::SizeOverflow { elem_size: 8, .. }));
    /// assert!(e.to_string().ends_with("the byte size overflows usize"));
    /// ```
    #[error("{len} elements of {elem_size} B: the byte size overflows usize")]
    SizeOverflow {
        /// Elements asked for.
        len: usize,
        /// Bytes per element.
        elem_size: usize,
    },
    /// The product of a shape does not fit in `usize`.
    #[error("shape {shape:?}: the element count overflows usize")]
    ShapeOverflow {
        /// The shape asked for.
        shape: Vec<usize>,
    },
    /// Source and destination shapes differ.
    #[error("shape mismatch: destination {dst:?}, source {src:?}")]
    ShapeMismatch {
        /// Destination shape.
        dst: Vec<usize>,
        /// Source shape.
        src: Vec<usize>,
    },
    /// More slice arguments (or a higher axis) than the view has axes.
    #[error("{given} axes given for a view of {ndim}")]
    Axes {
        /// Axes given.
        given: usize,
        /// Axes of the view.
        ndim: usize,
    },
    /// A slice argument leaves its axis (or has a zero step).
    #[error("slice {arg} is out of bounds for axis {axis} of length {len}")]
    Slice {
        /// The axis.
        axis: usize,
        /// The argument, as `s!` writes it.
        arg: String,
        /// Length of the axis.
        len: usize,
    },
    /// Not a permutation of the view's axes.
    #[error("{axes:?} is not a permutation of the {ndim} axes")]
    Permutation {
        /// The order given.
        axes: Vec<usize>,
        /// Axes of the view.
        ndim: usize,
    },
    /// An operation that needs one contiguous run got a strided view.
    #[error("{operation} needs a contiguous view; this one is strided")]
    NotContiguous {
        /// What was attempted.
        operation: &'static str,
    },
    /// A view cannot be read as elements of another size or alignment.
    #[error("cannot reinterpret {from}-byte elements as {to}-byte elements: {reason}")]
    Reinterpret {
        /// Size of the view's elements.
        from: usize,
        /// Size of the requested elements.
        to: usize,
        /// Why not.
        reason: &'static str,
    },
    /// `unsafe_free` (or host write access) while other views share the memory.
    #[error("the memory is shared by {views} other view(s)")]
    ViewsExist {
        /// Other views of the memory.
        views: usize,
    },
    /// Host access refused: a regular command list that recorded a launch over the memory
    /// may still run it (write it, or, for host writes, use it at all). Reset or drop the
    /// list first, or use the blocking call, which takes the memory back from the list.
    #[error(
        "host {} access refused: {lists} recorded command list(s) may still {} the memory \
         when executed (reset or drop them first)",
        if *write { "write" } else { "read" },
        if *write { "use" } else { "write" }
    )]
    HeldByList {
        /// Lists that may run a launch the access would race.
        lists: usize,
        /// Whether host write access was asked.
        write: bool,
    },
    /// A regular command list's launch over an array can no longer run: the array was
    /// borrowed on the host after the launch was recorded (which takes it back from lists).
    #[error(
        "an array this command list launches over was borrowed on the host after the launch \
         was recorded, which takes it back from the list: reset the list and record it again"
    )]
    ListRevoked,
    /// Source and destination overlap in the same allocation.
    #[error("source and destination overlap in the same allocation")]
    Overlap,
    /// Two copies of a batch overlap: a destination meets another copy's source or
    /// destination (batched copies may run concurrently).
    #[error(
        "copies {first} and {second} of a batch overlap (a destination meets the other's \
         source or destination; batched copies may run concurrently)"
    )]
    BatchOverlap {
        /// The first copy's index.
        first: usize,
        /// The second copy's index.
        second: usize,
    },
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
    /// Memory wrapped from elsewhere is not what the array type says.
    #[error("foreign memory: {what}")]
    Foreign {
        /// What does not match (kind, device, alignment, size).
        what: String,
    },
    /// The bytes given to [`OneArray::open_shared`](crate::OneArray::open_shared) are not an
    /// exported array, or describe memory of another kind than the array type's.
    #[error("shared array: {what}")]
    Ipc {
        /// What is wrong with them.
        what: String,
    },
    /// An exported array holds other elements than the array type opening it.
    #[error(
        "shared array: it holds {sent_size}-byte elements of another type, the array wants \
         {wanted_size}-byte {wanted}"
    )]
    IpcElement {
        /// Bytes per element of the exported array.
        sent_size: usize,
        /// Bytes per element of the opening array type.
        wanted_size: usize,
        /// The opening array's element type.
        wanted: &'static str,
    },
    /// The arrays of an operation live on different contexts or devices.
    #[error("the arrays of an operation live on different contexts or devices")]
    DeviceMismatch,
    /// No device matches a selector.
    #[error("no device matches {selector}; the driver has {available}")]
    NoDevice {
        /// The selector, as parsed.
        selector: String,
        /// The root devices there are.
        available: String,
    },
    /// An operation needs at least one array (its length comes from the arrays).
    #[error("{0}: the expression has no array, so no length")]
    NoArray(&'static str),
    /// The device cannot run an operation on this element type.
    #[error("{device} does not support {ty} kernels")]
    Unsupported {
        /// The element type (`"f64"`, `"f16"`).
        ty: &'static str,
        /// The device's name.
        device: String,
    },
    /// A reduction with no identity (`maximum`, `minimum`, `mean`) of no elements.
    #[error("{0} of an empty array")]
    Empty(&'static str),
    /// A reduction along an axis of something that is not a 2-D array, or of an axis
    /// other than 0 and 1.
    #[error(
        "axis {axis} of shape {shape:?}: reductions along an axis take axis 0 or 1 of a 2-D array"
    )]
    Axis {
        /// The axis asked for.
        axis: usize,
        /// The shape of the expression.
        shape: Vec<usize>,
    },
    /// A launch would need more work-groups than the device allows.
    #[error("the launch needs {groups} work-groups, the device allows {max}")]
    TooManyGroups {
        /// Work-groups needed.
        groups: u64,
        /// The device's limit.
        max: u32,
    },
    /// An MPI operation over arrays refused its arguments (feature `mpi`): lengths that differ
    /// between the ranks, a message longer than MPI counts, another element type.
    #[error("MPI: {what}")]
    Mpi {
        /// What does not match, in words.
        what: String,
    },
    /// Generating a kernel failed (a bug of this crate: please report it).
    #[error("generating a kernel failed: {0}")]
    Codegen(String),
}
