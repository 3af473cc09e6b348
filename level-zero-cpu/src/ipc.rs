//! Memory shared between processes (`zeMemGetIpcHandle`, `zeMemOpenIpcHandle`,
//! `zeMemCloseIpcHandle`). The first handle of an allocation moves its pages into a memfd
//! (same address, same bytes); the handle names the process and that descriptor, and a
//! process opening it maps `/proc/<pid>/fd/<fd>`: the same pages, at another address. The
//! exporting process must be alive while the handle is opened (as with Intel's driver, whose
//! handles carry a dma-buf descriptor).

use crate::abi::*;
use crate::context::context;
use crate::device::device;
use crate::mapping::Mapping;
use crate::memory::{self, lookup};
use crate::sync::NOTIFIER;
use level_zero_sys::*;
use std::ffi::c_void;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::Arc;

const MAGIC: [u8; 8] = *b"lzcpuipc";

/// What an IPC memory handle carries.
#[derive(Debug, PartialEq, Eq)]
struct Handle {
    pid: u32,
    fd: i32,
    size: u64,
    kind: u32,
}

impl Handle {
    fn encode(&self) -> ze_ipc_mem_handle_t {
        let mut data = [0u8; 64];
        data[..8].copy_from_slice(&MAGIC);
        data[8..12].copy_from_slice(&self.pid.to_le_bytes());
        data[12..16].copy_from_slice(&self.fd.to_le_bytes());
        data[16..24].copy_from_slice(&self.size.to_le_bytes());
        data[24..28].copy_from_slice(&self.kind.to_le_bytes());
        ze_ipc_mem_handle_t {
            data: data.map(|b| b as std::ffi::c_char),
        }
    }

    fn decode(handle: &ze_ipc_mem_handle_t) -> Option<Handle> {
        let data = handle.data.map(|c| c as u8);
        let field = |at: usize| -> [u8; 4] { data[at..at + 4].try_into().unwrap_or_default() };
        (data[..8] == MAGIC).then(|| Handle {
            pid: u32::from_le_bytes(field(8)),
            fd: i32::from_le_bytes(field(12)),
            size: u64::from_le_bytes(data[16..24].try_into().unwrap_or_default()),
            kind: u32::from_le_bytes(field(24)),
        })
    }
}

pub unsafe extern "C" fn get_ipc_handle(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
    out: *mut ze_ipc_mem_handle_t,
) -> ze_result_t {
    entry("zeMemGetIpcHandle", || {
        context(ctx)?;
        ensure(!ptr.is_null() && !out.is_null(), NULL_POINTER)?;
        let alloc = lookup(ptr as usize).ok_or(INVALID_ARGUMENT)?;
        // The pages move into a memfd with their bytes: no command may be using them.
        NOTIFIER.wait_until(|| Arc::strong_count(&alloc) <= 2, None);
        let fd = alloc.shareable_fd().ok_or(INVALID_ARGUMENT)?;
        let handle = Handle {
            pid: std::process::id(),
            fd: fd.as_raw_fd(),
            size: alloc.size as u64,
            kind: alloc.kind.0,
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle.encode()) };
        Ok(())
    })
}

pub unsafe extern "C" fn open_ipc_handle(
    ctx: ze_context_handle_t,
    dev: ze_device_handle_t,
    handle: ze_ipc_mem_handle_t,
    flags: ze_ipc_memory_flags_t,
    out: *mut *mut c_void,
) -> ze_result_t {
    entry("zeMemOpenIpcHandle", || {
        let ctx = context(ctx)?;
        device(dev)?;
        ensure(flags.0 & !0x3 == 0, INVALID_ENUM)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let h = Handle::decode(&handle).ok_or(INVALID_ARGUMENT)?;
        let size = usize::try_from(h.size).map_err(|_| INVALID_ARGUMENT)?;
        ensure(size > 0 && h.fd >= 0, INVALID_ARGUMENT)?;
        // Another process's descriptor (or this one's): the file behind it, opened again.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(format!("/proc/{}/fd/{}", h.pid, h.fd))
            .map_err(|e| {
                eprintln!(
                    "level-zero-cpu: zeMemOpenIpcHandle: descriptor {} of process {}: {e}",
                    h.fd, h.pid
                );
                INVALID_ARGUMENT
            })?;
        let fd = Arc::new(OwnedFd::from(file));
        let pages = Mapping::shared(fd.as_raw_fd(), size)
            .ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        let kind = ze_memory_type_t(h.kind);
        let device = if kind == ze_memory_type_t::ZE_MEMORY_TYPE_HOST {
            0
        } else {
            dev as usize
        };
        let base = memory::insert_opened(&ctx, kind, size, device, pages, fd);
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(base as *mut c_void) };
        Ok(())
    })
}

pub unsafe extern "C" fn close_ipc_handle(
    ctx: ze_context_handle_t,
    ptr: *const c_void,
) -> ze_result_t {
    entry("zeMemCloseIpcHandle", || {
        context(ctx)?;
        drop(memory::unmap(ptr.cast_mut(), true)?);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_reads_back_what_was_written_and_foreign_bytes_are_no_handle() {
        let h = Handle {
            pid: 1234,
            fd: 17,
            size: 1 << 40,
            kind: 2,
        };
        assert_eq!(Handle::decode(&h.encode()), Some(h));
        assert_eq!(Handle::decode(&ze_ipc_mem_handle_t { data: [0; 64] }), None);
    }
}
