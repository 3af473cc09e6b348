//! The description of one launch: the grid, the arguments, and the memory the kernel may reach.

use std::borrow::Cow;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// Largest work-group (work-items per group) the executor runs.
pub const MAX_GROUP_SIZE: u32 = 1024;

/// A range of memory a kernel may reach through pointers: a buffer, an allocation, module
/// globals. Faults name the nearest one by `what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryRange {
    /// First byte.
    pub base: usize,
    /// One past the last byte.
    pub end: usize,
    /// What the memory is, for fault reports ("shared allocation", "module globals", ...).
    pub what: What,
}

/// What a [`MemoryRange`] is, for fault reports: kept as parts, and put into words only when
/// a fault names the range (a launch describes all of its memory; few launches fault).
///
/// ```
/// use spirv_exec::What;
/// let part = What::Part { kind: "device", offset: 64, len: 16, size: 4096 };
/// assert_eq!(part.to_string(), "buffer argument of 16 bytes at offset 64 of a 4096-byte device allocation");
/// assert_eq!(What::named("module globals").to_string(), "module globals");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A description ("module globals", "shared allocation").
    Text(Cow<'static, str>),
    /// A buffer argument: `len` bytes at `offset` of a `size`-byte allocation of kind `kind`
    /// ("device", "shared", "host").
    Part {
        /// The allocation's kind.
        kind: &'static str,
        /// Where the buffer starts in the allocation.
        offset: usize,
        /// The buffer's length in bytes.
        len: usize,
        /// The allocation's size in bytes.
        size: usize,
    },
}

impl What {
    /// A fixed description (no allocation).
    pub const fn named(text: &'static str) -> What {
        What::Text(Cow::Borrowed(text))
    }
}

impl std::fmt::Display for What {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            What::Text(t) => f.write_str(t),
            What::Part {
                kind,
                offset,
                len,
                size,
            } => write!(
                f,
                "buffer argument of {len} bytes at offset {offset} of a {size}-byte {kind} allocation"
            ),
        }
    }
}

impl From<&str> for What {
    fn from(text: &str) -> What {
        What::Text(Cow::Owned(text.to_string()))
    }
}

impl From<String> for What {
    fn from(text: String) -> What {
        What::Text(Cow::Owned(text))
    }
}

/// One argument of a launch, for the parameter at the same index.
///
/// A value's bytes are shared, not owned: cloning an `Arg` (or a [`LaunchDesc`]) copies no bytes,
/// so a driver keeping a kernel's arguments can hand the same bytes to every launch of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// The bytes of a value: a scalar, a vector, a pointer (its 8-byte address) or a struct
    /// passed by value; as many bytes as the parameter's [`size`](crate::Param::size).
    Value(Arc<[u8]>),
    /// The size in bytes of the work-group memory of a `__local` pointer parameter.
    Local(usize),
}

impl Arg {
    /// The little-endian bytes of a plain value.
    pub fn of<T: bytemuck::NoUninit>(value: &T) -> Arg {
        Arg::bytes(bytemuck::bytes_of(value))
    }

    /// A value argument of these bytes (copied once, into the argument's shared storage).
    ///
    /// ```
    /// use spirv_exec::Arg;
    /// let seven = Arg::bytes(&7u32.to_le_bytes());
    /// assert_eq!(seven, Arg::of(&7u32));
    /// // A clone shares the bytes.
    /// let (Arg::Value(a), Arg::Value(b)) = (&seven, &seven.clone()) else { unreachable!() };
    /// assert!(std::sync::Arc::ptr_eq(a, b));
    /// ```
    pub fn bytes(bytes: &[u8]) -> Arg {
        Arg::Value(Arc::from(bytes))
    }
}

/// The description of a launch: `groups` work-groups of `group_size` work-items each.
#[derive(Clone, Debug)]
pub struct LaunchDesc {
    /// Work-groups in each dimension.
    pub groups: [u32; 3],
    /// Work-items per group in each dimension.
    pub group_size: [u32; 3],
    /// The global id of the first work-item (`get_global_offset`).
    pub offset: [u32; 3],
    /// `get_work_dim()`: 1 to 3.
    pub work_dim: u32,
    /// One argument per kernel parameter.
    pub args: Vec<Arg>,
    /// Memory the kernel may reach through pointers besides its own module's globals, its
    /// work-group's local memory and each work-item's private memory.
    pub memory: Vec<MemoryRange>,
    /// Parts of `memory` the kernel may read but not write (`[start, end)` ranges: virtual
    /// memory mapped read-only): a store, atomic or copy into them faults with
    /// [`Fault::ReadOnly`](crate::Fault::ReadOnly).
    pub read_only: Vec<(usize, usize)>,
    /// Host threads the work-groups are spread over.
    pub threads: usize,
    /// Where the kernel's `printf` output goes when the launch completes: `None` (the default)
    /// writes it to standard output, as Intel's GPU driver does; a buffer receives it instead.
    pub printf: Option<Arc<Mutex<Vec<u8>>>>,
    /// Stops the launch when set (by a watchdog, or a queue being torn down): every
    /// executor looks at it between work-groups and at each loop back-edge of the kernel, and
    /// then ends the launch with [`Fault::Cancelled`](crate::Fault::Cancelled).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl LaunchDesc {
    /// A launch of `groups` groups of `group_size` items with no arguments and no memory yet,
    /// offset zero, the work dimension inferred from the highest dimension with more than one
    /// work-item, on as many threads as the host has.
    pub fn new(groups: [u32; 3], group_size: [u32; 3]) -> LaunchDesc {
        let extent = |d: usize| groups[d] as u64 * group_size[d] as u64;
        let work_dim = if extent(2) > 1 {
            3
        } else if extent(1) > 1 {
            2
        } else {
            1
        };
        LaunchDesc {
            groups,
            group_size,
            offset: [0; 3],
            work_dim,
            args: Vec::new(),
            memory: Vec::new(),
            read_only: Vec::new(),
            threads: crate::run::workers::host_threads(),
            printf: None,
            cancel: None,
        }
    }

    /// The flag the executors poll: the launch's [`cancel`](Self::cancel), or one never set.
    pub(crate) fn cancel_flag(&self) -> &AtomicBool {
        static NEVER: AtomicBool = AtomicBool::new(false);
        self.cancel.as_deref().unwrap_or(&NEVER)
    }

    /// Work-items per group.
    pub(crate) fn lanes(&self) -> usize {
        self.group_size.iter().map(|&s| s as usize).product()
    }

    /// Work-groups of the launch.
    pub(crate) fn total_groups(&self) -> usize {
        self.groups.iter().map(|&g| g as usize).product()
    }
}
