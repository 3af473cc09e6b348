//! How a command queue or an immediate list is made: [`QueueDesc`] (group, index, mode,
//! priority).

use crate::device::Device;
use crate::error::Result;
use level_zero_sys::*;

/// Execution mode of a queue or immediate list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueueMode {
    #[default]
    /// The driver's choice.
    Default,
    /// Calls return when the work is done.
    Synchronous,
    /// Calls return at once.
    Asynchronous,
}

impl QueueMode {
    pub(crate) fn raw(self) -> ze_command_queue_mode_t {
        match self {
            QueueMode::Default => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_DEFAULT,
            QueueMode::Synchronous => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
            QueueMode::Asynchronous => ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
        }
    }
}

/// Priority of a queue or immediate list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueuePriority {
    #[default]
    /// The default priority.
    Normal,
    /// Runs after other work.
    Low,
    /// Runs ahead of other work.
    High,
}

/// How to create a queue (or an immediate list): engine group, index, mode, priority.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let desc = QueueDesc::default().mode(QueueMode::Synchronous).priority(QueuePriority::High);
/// let list = ImmediateCommandList::with_desc(&ctx, &dev, desc)?;
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueDesc {
    /// Queue group ordinal (`None`: the device's first compute group).
    pub ordinal: Option<u32>,
    /// Which queue of the group.
    pub index: u32,
    /// Synchronous, asynchronous or the driver's choice.
    pub mode: QueueMode,
    /// Scheduling priority.
    pub priority: QueuePriority,
}

impl QueueDesc {
    /// Sets the queue group ordinal.
    pub fn ordinal(mut self, ordinal: u32) -> Self {
        self.ordinal = Some(ordinal);
        self
    }

    /// Sets the queue index within the group.
    pub fn index(mut self, index: u32) -> Self {
        self.index = index;
        self
    }

    /// Sets the execution mode.
    pub fn mode(mut self, mode: QueueMode) -> Self {
        self.mode = mode;
        self
    }

    /// Sets the priority.
    pub fn priority(mut self, priority: QueuePriority) -> Self {
        self.priority = priority;
        self
    }

    pub(crate) fn raw(&self, device: &Device) -> Result<ze_command_queue_desc_t> {
        let ordinal = match self.ordinal {
            Some(o) => o,
            None => device.compute_ordinal()?,
        };
        Ok(ze_command_queue_desc_t {
            ordinal,
            index: self.index,
            mode: self.mode.raw(),
            priority: ze_command_queue_priority_t(self.priority as u32),
            ..Default::default()
        })
    }
}
