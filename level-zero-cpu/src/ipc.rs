//! Memory and event pools shared between processes (`zeMemGetIpcHandle`,
//! `zeMemOpenIpcHandle`, `zeMemCloseIpcHandle`, `zeEventPool*IpcHandle`). An event pool
//! created with `ZE_EVENT_POOL_FLAG_IPC` keeps its events' state in a memfd from the start
//! (`event::SharedSlots`); opening its handle maps the same slots. The first handle of an allocation moves its pages into a memfd
//! (same address, same bytes); the handle names the process and that descriptor, and a
//! process opening it maps `/proc/<pid>/fd/<fd>`: the same pages, at another address. The
//! exporting process must be alive while the handle is opened (as with Intel's driver, whose
//! handles carry a dma-buf descriptor).

use crate::abi::*;
use crate::context::Context;
use crate::mapping::HostPages;
use crate::memory::{self, Allocation};
use crate::sync::NOTIFIER;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::Arc;

const MAGIC: [u8; 8] = *b"lzcpuipc";
/// In a handle's kind: the descriptor is a manifest of virtual memory's parts.
const MANIFEST: u32 = 1 << 31;

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

/// Whether `handle` is an IPC memory handle this process's driver made (`zeMemGetIpcHandle`).
pub fn is_own_handle(handle: &ze_ipc_mem_handle_t) -> bool {
    Handle::decode(handle).is_some_and(|h| h.pid == std::process::id())
}

/// The bytes of an event pool's IPC handle: magic, process, descriptor, slot count, whether
/// the pool keeps kernel timestamps.
pub fn encode_pool(fd: i32, count: u32, timestamps: bool) -> ze_ipc_event_pool_handle_t {
    let mut data = [0u8; 64];
    data[..8].copy_from_slice(&POOL_MAGIC);
    data[8..12].copy_from_slice(&std::process::id().to_le_bytes());
    data[12..16].copy_from_slice(&fd.to_le_bytes());
    data[16..20].copy_from_slice(&count.to_le_bytes());
    data[20] = timestamps as u8;
    ze_ipc_event_pool_handle_t {
        data: data.map(|b| b as std::ffi::c_char),
    }
}

/// What [`encode_pool`] wrote: (process, descriptor, slot count, timestamps); `None` for
/// bytes that are no event pool handle of this driver.
pub fn decode_pool(handle: &ze_ipc_event_pool_handle_t) -> Option<(u32, i32, u32, bool)> {
    let data = handle.data.map(|c| c as u8);
    if data[..8] != POOL_MAGIC {
        return None;
    }
    let word = |at: usize| -> [u8; 4] { data[at..at + 4].try_into().unwrap_or_default() };
    Some((
        u32::from_le_bytes(word(8)),
        i32::from_le_bytes(word(12)),
        u32::from_le_bytes(word(16)),
        data[20] != 0,
    ))
}

const POOL_MAGIC: [u8; 8] = *b"lzcpuevp";
const COUNTER_MAGIC: [u8; 8] = *b"lzcpucbe";

/// The bytes of a counter-based event's IPC handle: magic, process, the descriptor of its
/// slot, whether it keeps timestamps, the value of its tracking point.
pub fn encode_counter(
    fd: i32,
    timestamps: bool,
    value: u64,
) -> ze_ipc_event_counter_based_handle_t {
    let mut data = [0u8; 64];
    data[..8].copy_from_slice(&COUNTER_MAGIC);
    data[8..12].copy_from_slice(&std::process::id().to_le_bytes());
    data[12..16].copy_from_slice(&fd.to_le_bytes());
    data[16] = timestamps as u8;
    data[24..32].copy_from_slice(&value.to_le_bytes());
    ze_ipc_event_counter_based_handle_t {
        data: data.map(|b| b as std::ffi::c_char),
    }
}

/// What [`encode_counter`] wrote: (process, descriptor, timestamps, value); `None` for bytes
/// that are no counter-based event handle of this driver.
pub fn decode_counter(
    handle: &ze_ipc_event_counter_based_handle_t,
) -> Option<(u32, i32, bool, u64)> {
    let data = handle.data.map(|c| c as u8);
    if data[..8] != COUNTER_MAGIC {
        return None;
    }
    let word = |at: usize| -> [u8; 4] { data[at..at + 4].try_into().unwrap_or_default() };
    Some((
        u32::from_le_bytes(word(8)),
        i32::from_le_bytes(word(12)),
        data[16] != 0,
        u64::from_le_bytes(data[24..32].try_into().unwrap_or_default()),
    ))
}

/// Virtual memory another process exported: `size` bytes of addresses with the parts the
/// manifest `manifest` lists mapped from that process's physical memory; with the parts'
/// `(offset, len)`, the only addresses that may be accessed.
fn open_parts(
    pid: u32,
    manifest: OwnedFd,
    size: usize,
) -> ZeResult<(HostPages, Vec<(usize, usize)>)> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::from(manifest)
        .read_to_end(&mut bytes)
        .map_err(|_| INVALID_ARGUMENT)?;
    let parts = crate::vm::Part::decode_all(&bytes, size).ok_or(INVALID_ARGUMENT)?;
    let files = parts
        .iter()
        .map(|p| open_remote(pid, p.fd, names::zeMemOpenIpcHandle))
        .collect::<ZeResult<Vec<OwnedFd>>>()?;
    let layout: Vec<_> = parts
        .iter()
        .zip(&files)
        .map(|(p, f)| (p.offset, p.len, f.as_raw_fd(), p.physical_offset))
        .collect();
    // The mappings hold the files; the descriptors close here.
    let pages =
        HostPages::parts(size, &layout).ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
    Ok((pages, parts.iter().map(|p| (p.offset, p.len)).collect()))
}

/// Opens descriptor `fd` of process `pid` (this one included) again.
pub fn open_remote(pid: u32, fd: i32, what: &str) -> ZeResult<OwnedFd> {
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(format!("/proc/{pid}/fd/{fd}"))
        .map(OwnedFd::from)
        .map_err(|e| {
            explain(format!("{what}: descriptor {fd} of process {pid}: {e}"));
            INVALID_ARGUMENT
        })
}

/// An IPC handle of the allocation `alloc` that holds `ptr` (`zeMemGetIpcHandle`). The first
/// handle of USM moves its pages into a memfd; a reservation's handle names a manifest of the
/// mapped run around `ptr`.
pub fn export(alloc: &Arc<Allocation>, ptr: usize) -> ZeResult<ze_ipc_mem_handle_t> {
    if let Some(res) = alloc.reservation() {
        // Pages of a reservation are already memfds: the handle names a manifest of the
        // mapped run around `ptr` (see `vm::Part`), for the whole reservation's size.
        let fd = res.export(ptr).ok_or(INVALID_ARGUMENT)?;
        let handle = Handle {
            pid: std::process::id(),
            fd,
            size: alloc.size as u64,
            kind: alloc.kind.0 | MANIFEST,
        };
        return Ok(handle.encode());
    }
    // The first handle moves the pages into a memfd with their bytes: no command may be
    // using them then. Commands still pending may wait for work appended later, so the
    // wait is bounded.
    if !alloc.is_shareable()
        && !NOTIFIER.wait_until(
            || Arc::strong_count(alloc) <= 2,
            Some(std::time::Duration::from_secs(1)),
        )
    {
        explain(format!(
            "{}: commands still use the allocation at {:#x}; \
             get its first IPC handle before using it in commands, or once they are done",
            names::zeMemGetIpcHandle,
            alloc.base
        ));
        return Err(ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
    }
    let fd = alloc.shareable_fd().ok_or(INVALID_ARGUMENT)?;
    let handle = Handle {
        pid: std::process::id(),
        fd: fd.as_raw_fd(),
        size: alloc.size as u64,
        kind: alloc.kind.0,
    };
    Ok(handle.encode())
}

/// Opens an IPC memory handle in context `ctx` for device `dev` (a handle address;
/// `zeMemOpenIpcHandle`): the other process's memory mapped here, entered in the allocation
/// map. Returns its base address.
pub fn open(ctx: &Context, dev: usize, handle: &ze_ipc_mem_handle_t) -> ZeResult<usize> {
    let h = Handle::decode(handle).ok_or(INVALID_ARGUMENT)?;
    let size = usize::try_from(h.size).map_err(|_| INVALID_ARGUMENT)?;
    ensure(size > 0 && h.fd >= 0, INVALID_ARGUMENT)?;
    // Another process's descriptor (or this one's): the file behind it, opened again.
    let fd = open_remote(h.pid, h.fd, names::zeMemOpenIpcHandle)?;
    let (pages, fd, parts) = if h.kind & MANIFEST != 0 {
        let (pages, parts) = open_parts(h.pid, fd, size)?;
        (pages, None, Some(parts))
    } else {
        let pages = HostPages::shared(fd.as_raw_fd(), size)
            .ok_or(ze_result_t::ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY)?;
        (pages, Some(Arc::new(fd)), None)
    };
    let kind = ze_memory_type_t(h.kind & !MANIFEST);
    let device = if kind == ze_memory_type_t::ZE_MEMORY_TYPE_HOST {
        0
    } else {
        dev
    };
    Ok(memory::insert_opened(
        ctx,
        kind,
        size,
        device,
        pages,
        fd,
        parts.as_deref(),
    ))
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
