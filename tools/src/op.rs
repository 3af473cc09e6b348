//! What `ze-bandwidth` measures: the operations (copies between kinds of memory, fills, the
//! host's memcpy as the reference) and one measured point.

use std::time::Duration;

/// A kind of memory a transfer reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
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
        src: Kind,
        /// Written.
        dst: Kind,
    },
    /// A fill (4-byte pattern) of `dst`.
    Fill {
        /// Written.
        dst: Kind,
    },
    /// The reference: the host's memcpy between two pageable buffers, without the driver.
    Memcpy,
}

impl Op {
    /// Every operation of the driver `ze-bandwidth` measures, in table order (the reference,
    /// [`Op::Memcpy`], is measured beside them).
    pub const ALL: [Op; 10] = [
        Op::Copy {
            src: Kind::Host,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Host,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Pageable,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Pageable,
        },
        Op::Copy {
            src: Kind::Shared,
            dst: Kind::Device,
        },
        Op::Copy {
            src: Kind::Device,
            dst: Kind::Shared,
        },
        Op::Fill { dst: Kind::Device },
        Op::Fill { dst: Kind::Host },
        Op::Fill { dst: Kind::Shared },
    ];

    /// A short column name: `h2d`, `pageable2d`, `fill d`, ..., `memcpy`.
    ///
    /// ```
    /// use oneapi_tools::bandwidth::{Kind, Op};
    /// assert_eq!(Op::Copy { src: Kind::Host, dst: Kind::Device }.label(), "h2d");
    /// assert_eq!(Op::Fill { dst: Kind::Shared }.label(), "fill s");
    /// ```
    pub fn label(self) -> String {
        let letter = |k: Kind| match k {
            Kind::Host => "h",
            Kind::Device => "d",
            Kind::Shared => "s",
            Kind::Pageable => "pageable",
        };
        match self {
            Op::Copy { src, dst } => format!("{}2{}", letter(src), letter(dst)),
            Op::Fill { dst } => format!("fill {}", letter(dst)),
            Op::Memcpy => "memcpy".into(),
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
