//! Memory shared between processes: an allocation's IPC handle ([`Allocation::ipc_handle`]),
//! sent as bytes to another process, which opens it ([`Context::open_ipc`]) as an
//! [`Allocation`] over the same memory, closed with `zeMemCloseIpcHandle` when its last clone
//! goes.

use crate::context::Context;
use crate::device::Device;
use crate::error::{invalid, Result, ResultExt as _};
use crate::memory::{address_range, allocation_properties, Allocation};
use level_zero_sys::*;

/// The bytes of a `ze_ipc_mem_handle_t`: what another process needs to open an allocation.
///
/// It names the memory only while the exporting process keeps the allocation (and runs):
/// send it over a pipe or socket with [`as_bytes`](Self::as_bytes), rebuild it there with
/// [`from_bytes`](Self::from_bytes).
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let mine = Allocation::shared(&ctx, Some(&dev), 4096, 0)?;
/// let handle = mine.ipc_handle()?;
/// let sent = handle.as_bytes().to_vec(); // through a pipe, in real use
/// let opened = ctx.open_ipc(&dev, &IpcHandle::from_bytes(&sent)?)?;
/// assert!(opened.is_ipc_opened());
/// assert_eq!((opened.kind(), opened.size()), (MemoryKind::Shared, 4096));
/// assert!(IpcHandle::from_bytes(&sent[..10]).is_err());
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct IpcHandle {
    bytes: [u8; IpcHandle::SIZE],
}

impl IpcHandle {
    /// Bytes of a handle (`ZE_MAX_IPC_HANDLE_SIZE`).
    pub const SIZE: usize = 64;

    /// The handle's bytes, to send to another process.
    pub fn as_bytes(&self) -> &[u8; IpcHandle::SIZE] {
        &self.bytes
    }

    /// A handle from the bytes another process sent; an error unless there are exactly
    /// [`SIZE`](Self::SIZE) of them. (Whether they name memory, the driver says when opening.)
    pub fn from_bytes(bytes: &[u8]) -> Result<IpcHandle> {
        let bytes = bytes.try_into().map_err(|_| {
            invalid(format!(
                "an IPC memory handle has {} bytes, not {}",
                IpcHandle::SIZE,
                bytes.len()
            ))
        })?;
        Ok(IpcHandle { bytes })
    }

    fn raw(&self) -> ze_ipc_mem_handle_t {
        ze_ipc_mem_handle_t {
            data: self.bytes.map(|b| b as std::ffi::c_char),
        }
    }
}

impl std::fmt::Debug for IpcHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hex: String = self.bytes[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        write!(f, "IpcHandle({hex}…)")
    }
}

impl Allocation {
    /// An IPC handle of the whole allocation (whatever address this value starts at, the
    /// handle names the driver allocation containing it), for another process to
    /// [`open`](Context::open_ipc). Get it before commands use the memory, or once they are
    /// done: drivers may refuse while commands are pending (the CPU driver waits a second).
    /// Of [mapped](Self::is_mapped) virtual memory, the handle names the reservation: the
    /// opener gets an allocation of the reservation's size (offsets as in
    /// [`address_range`](crate::address_range)) in which the CPU driver maps the run of pages
    /// mapped around this one when the handle was made (other drivers may refuse).
    pub fn ipc_handle(&self) -> Result<IpcHandle> {
        let ctx = self.context();
        // SAFETY: the pointer is this context's live allocation (we hold it); the handle is
        // an out-value.
        let raw =
            unsafe { calls::mem::get_ipc_handle(ctx.dispatch(), ctx.handle(), self.as_ptr()) }
                .context(|| {
                    format!("{} allocation of {} bytes", self.kind().name(), self.size())
                })?;
        Ok(IpcHandle {
            bytes: raw.data.map(|c| c as u8),
        })
    }
}

impl Context {
    /// Opens memory another process (or this one) exported with [`Allocation::ipc_handle`],
    /// for use on `device`: an allocation over the same memory, whose kind and size the
    /// driver reports, closed (`zeMemCloseIpcHandle`, never freed) when its last clone goes.
    /// The exporter must keep its allocation until then; writes of both sides are not
    /// ordered with each other (synchronise through events or the pipe).
    pub fn open_ipc(&self, device: &Device, handle: &IpcHandle) -> Result<Allocation> {
        self.check_device(device)?;
        // SAFETY: valid context and device; the handle is passed by value, the driver checks
        // its contents.
        let ptr = unsafe {
            calls::mem::open_ipc_handle(
                self.dispatch(),
                self.handle(),
                device.handle,
                handle.raw(),
                ze_ipc_memory_flags_t(0),
            )
        }
        .context(|| format!("{handle:?}"))?;
        let described = allocation_properties(self, ptr)
            .and_then(|props| Ok((props, address_range(self, ptr)?)));
        let (props, (_, size)) = match described {
            Ok(d) => d,
            Err(e) => {
                // SAFETY: just opened by this context, closed once, unused.
                let _ =
                    unsafe { calls::mem::close_ipc_handle(self.dispatch(), self.handle(), ptr) };
                return Err(e);
            }
        };
        let Some(kind) = props.kind else {
            // SAFETY: as above.
            let _ = unsafe { calls::mem::close_ipc_handle(self.dispatch(), self.handle(), ptr) };
            return Err(invalid(
                "the opened IPC handle is not USM memory of this context",
            ));
        };
        let device = (kind != crate::memory::MemoryKind::Host).then(|| device.clone());
        Ok(Allocation::wrap_opened(self, ptr, size, kind, device))
    }
}
