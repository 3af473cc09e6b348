//! What `ze-bandwidth` measures: the operations (copies between kinds of memory, fills, the
//! host's memcpy as the reference) and one measured point.

use std::time::Duration;

/// A kind of buffer a transfer reads or writes: USM memory of one kind, or pageable host memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    /// USM host memory (pinned on a GPU).
    Host,
    /// USM device memory.
    Device,
    /// USM shared memory.
    Shared,
    /// Ordinary (pageable) host memory, a `Vec<u8>`.
    Pageable,
}

/// One operation measured over every size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A copy from `src` to `dst`.
    Copy {
        /// Read.
        src: BufferKind,
        /// Written.
        dst: BufferKind,
    },
    /// A fill (4-byte pattern) of `dst`.
    Fill {
        /// Written.
        dst: BufferKind,
    },
    /// The reference: the host's memcpy between two pageable buffers, without the driver.
    Memcpy,
    /// The same memcpy spread over every core of the host: one 4 KiB-aligned share a thread
    /// (scoped threads started per copy), so the machine's bandwidth, not one core's.
    MemcpyAll,
}

impl Op {
    /// Every operation of the driver `ze-bandwidth` measures, in table order (the reference,
    /// [`Op::Memcpy`], is measured beside them).
    pub const ALL: [Op; 10] = [
        Op::Copy {
            src: BufferKind::Host,
            dst: BufferKind::Device,
        },
        Op::Copy {
            src: BufferKind::Device,
            dst: BufferKind::Host,
        },
        Op::Copy {
            src: BufferKind::Device,
            dst: BufferKind::Device,
        },
        Op::Copy {
            src: BufferKind::Pageable,
            dst: BufferKind::Device,
        },
        Op::Copy {
            src: BufferKind::Device,
            dst: BufferKind::Pageable,
        },
        Op::Copy {
            src: BufferKind::Shared,
            dst: BufferKind::Device,
        },
        Op::Copy {
            src: BufferKind::Device,
            dst: BufferKind::Shared,
        },
        Op::Fill {
            dst: BufferKind::Device,
        },
        Op::Fill {
            dst: BufferKind::Host,
        },
        Op::Fill {
            dst: BufferKind::Shared,
        },
    ];

    /// A short column name: `h2d`, `pageable2d`, `fill d`, ..., `memcpy`.
    ///
    /// ```
    /// use oneapi_tools::bandwidth::{BufferKind, Op};
    /// assert_eq!(Op::Copy { src: BufferKind::Host, dst: BufferKind::Device }.label(), "h2d");
    /// assert_eq!(Op::Fill { dst: BufferKind::Shared }.label(), "fill s");
    /// ```
    pub fn label(self) -> String {
        let letter = |k: BufferKind| match k {
            BufferKind::Host => "h",
            BufferKind::Device => "d",
            BufferKind::Shared => "s",
            BufferKind::Pageable => "pageable",
        };
        match self {
            Op::Copy { src, dst } => format!("{}2{}", letter(src), letter(dst)),
            Op::Fill { dst } => format!("fill {}", letter(dst)),
            Op::Memcpy => "memcpy".into(),
            Op::MemcpyAll => "memcpy all".into(),
        }
    }
}

/// One point of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// What was measured.
    pub op: Op,
    /// Bytes per operation.
    pub size: usize,
    /// Operations timed, over all runs.
    pub reps: u32,
    /// Time of one operation: the best run's median (see [`Bench::row`](crate::bench::Bench::row)).
    pub median: Duration,
}

impl Measurement {
    /// Bandwidth in GB/s (10^9 bytes per second).
    pub fn gbps(&self) -> f64 {
        self.size as f64 / self.median.as_secs_f64().max(1e-12) / 1e9
    }
}
