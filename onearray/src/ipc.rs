//! Arrays shared between processes: [`OneArray::share`] exports an array as bytes
//! ([`IpcArray`]) that another process opens with [`OneArray::open_shared`].
//!
//! The export names the driver allocation holding the array (a pool block, or adopted
//! memory) through its IPC handle, plus where the array lies in it (byte offset), its length,
//! shape and element type. Pooled arrays are exported in place: the opener maps the whole
//! block and views the array at its offset; the block is never pooled again (it is freed
//! when the array and every export of it are gone), so no later array of the exporter
//! shares memory with the other process.
//!
//! Device arrays share safely: the host reaches their memory only through driver commands.
//! Host and shared arrays hand out host slices, which the other process could write while
//! they are borrowed: their export and opening are `unsafe`
//! ([`share_unchecked`](OneArray::share_unchecked),
//! [`open_shared_unchecked_in`](OneArray::open_shared_unchecked_in)).

use crate::array::OneArray;
use crate::error::{Error, Result};
use crate::kinds::{BufferKind, DeviceBuffer};
use crate::layout::MAX_DIMS;
use crate::pool::block::BlockRef;
use crate::pool::{self, defaults};
use bytemuck::Pod;
use level_zero::{Context, Device, IpcHandle, MemoryKind};
use std::marker::PhantomData;
use std::sync::atomic::Ordering;

const MAGIC: [u8; 8] = *b"onearipc";
const HANDLE: usize = 8;
const KIND: usize = HANDLE + IpcHandle::SIZE;
const NDIM: usize = KIND + 1;
const ELEM_SIZE: usize = NDIM + 1;
const TYPE_HASH: usize = ELEM_SIZE + 4;
const OFFSET: usize = TYPE_HASH + 8;
const LEN: usize = OFFSET + 8;
const DIMS: usize = LEN + 8;
/// Bytes of an exported array.
const SIZE: usize = DIMS + 8 * MAX_DIMS;

/// An array exported for other processes (see [`OneArray::share`]): its bytes say where the
/// elements are, and while this value lives the exporter's memory stays allocated (even if
/// the array itself is dropped), so the other process can open it.
pub struct IpcArray<T: Pod> {
    _block: BlockRef,
    bytes: [u8; SIZE],
    _t: PhantomData<fn() -> T>,
}

impl<T: Pod> IpcArray<T> {
    /// The bytes to send to the other process (pipe, socket, file).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        u64_at(&self.bytes, LEN) as usize
    }

    /// Whether there is no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T: Pod> std::fmt::Debug for IpcArray<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcArray")
            .field("type", &std::any::type_name::<T>())
            .field("len", &self.len())
            .field("offset", &u64_at(&self.bytes, OFFSET))
            .finish()
    }
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// FNV-1a of the element type's name: the same type in both programs gives the same value.
fn type_hash<T>() -> u64 {
    std::any::type_name::<T>()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        })
}

fn kind_code(kind: MemoryKind) -> u8 {
    match kind {
        MemoryKind::Host => 0,
        MemoryKind::Device => 1,
        MemoryKind::Shared => 2,
    }
}

fn ipc(what: String) -> Error {
    Error::Ipc { what }
}

/// What an exported array's bytes describe.
struct Described {
    handle: IpcHandle,
    offset: usize,
    len: usize,
    shape: Vec<usize>,
}

fn describe<T: Pod, B: BufferKind>(bytes: &[u8]) -> Result<Described> {
    if bytes.len() != SIZE || bytes[..8] != MAGIC {
        return Err(ipc(format!(
            "{} bytes that are not an exported array ({SIZE} bytes starting with \"onearipc\")",
            bytes.len()
        )));
    }
    if bytes[KIND] != kind_code(B::KIND) {
        let sent = [MemoryKind::Host, MemoryKind::Device, MemoryKind::Shared]
            .into_iter()
            .find(|k| kind_code(*k) == bytes[KIND])
            .map_or("unknown", MemoryKind::name);
        return Err(ipc(format!(
            "it is {sent} memory, the array type wants {}",
            B::KIND.name()
        )));
    }
    let sent_size = u32::from_le_bytes([
        bytes[ELEM_SIZE],
        bytes[ELEM_SIZE + 1],
        bytes[ELEM_SIZE + 2],
        bytes[ELEM_SIZE + 3],
    ]) as usize;
    if sent_size != size_of::<T>() || u64_at(bytes, TYPE_HASH) != type_hash::<T>() {
        return Err(Error::IpcElement {
            sent_size,
            wanted_size: size_of::<T>(),
            wanted: std::any::type_name::<T>(),
        });
    }
    let ndim = bytes[NDIM] as usize;
    if ndim == 0 || ndim > MAX_DIMS {
        return Err(ipc(format!("{ndim} dimensions (1 to {MAX_DIMS})")));
    }
    let shape = (0..ndim)
        .map(|d| u64_at(bytes, DIMS + 8 * d) as usize)
        .collect();
    Ok(Described {
        handle: IpcHandle::from_bytes(&bytes[HANDLE..KIND])?,
        offset: u64_at(bytes, OFFSET) as usize,
        len: u64_at(bytes, LEN) as usize,
        shape,
    })
}

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    /// [`share`](OneArray::share) for any kind of memory.
    ///
    /// # Safety
    /// For host and shared memory: while the export may be opened, no host slice of the
    /// array may be borrowed when the other process writes the memory (or borrowed mutably
    /// when it reads it).
    pub unsafe fn share_unchecked(&self) -> Result<IpcArray<T>> {
        // The first handle of an allocation may move its pages: no command may use them.
        self.wait_idle()?;
        let alloc = self.block.alloc();
        let handle = alloc.ipc_handle()?;
        let (base, _) = level_zero::address_range(alloc.context(), alloc.as_ptr())?;
        let offset = alloc.as_ptr() as usize - base as usize + self.byte_offset();
        self.block.exported.store(true, Ordering::Release);
        let mut bytes = [0u8; SIZE];
        bytes[..8].copy_from_slice(&MAGIC);
        bytes[HANDLE..KIND].copy_from_slice(handle.as_bytes());
        bytes[KIND] = kind_code(B::KIND);
        bytes[NDIM] = self.ndim() as u8;
        bytes[ELEM_SIZE..TYPE_HASH].copy_from_slice(&(size_of::<T>() as u32).to_le_bytes());
        bytes[TYPE_HASH..OFFSET].copy_from_slice(&type_hash::<T>().to_le_bytes());
        bytes[OFFSET..LEN].copy_from_slice(&(offset as u64).to_le_bytes());
        bytes[LEN..DIMS].copy_from_slice(&(self.len() as u64).to_le_bytes());
        for (d, n) in self.shape().iter().enumerate() {
            bytes[DIMS + 8 * d..DIMS + 8 * d + 8].copy_from_slice(&(*n as u64).to_le_bytes());
        }
        Ok(IpcArray {
            _block: self.block.clone(),
            bytes,
            _t: PhantomData,
        })
    }

    /// [`open_shared_in`](OneArray::open_shared_in) for any kind of memory.
    ///
    /// # Safety
    /// As for [`share_unchecked`](Self::share_unchecked), for the opened array.
    pub unsafe fn open_shared_unchecked_in(
        ctx: &Context,
        dev: &Device,
        bytes: &[u8],
    ) -> Result<Self> {
        let d = describe::<T, B>(bytes)?;
        let alloc = ctx.open_ipc(dev, &d.handle)?;
        let size = size_of::<T>().max(1);
        let fits = d
            .len
            .checked_mul(size_of::<T>())
            .and_then(|b| b.checked_add(d.offset))
            .is_some_and(|end| end <= alloc.size());
        if !fits {
            return Err(ipc(format!(
                "{} elements of {} bytes at byte {} leave the opened allocation of {} bytes",
                d.len,
                size_of::<T>(),
                d.offset,
                alloc.size()
            )));
        }
        let at = alloc.as_ptr() as usize + d.offset;
        if d.offset % size != 0 || at % align_of::<T>() != 0 {
            return Err(ipc(format!(
                "byte {} of the opened allocation is not an element boundary of {}",
                d.offset,
                std::any::type_name::<T>()
            )));
        }
        // The array owns the opened memory: it is closed after the array (and the commands
        // using it) are gone.
        let block = pool::pool_for(ctx, dev, B::KIND).adopt(alloc);
        let array = OneArray::from_block(block, d.offset / size, d.len);
        if d.shape.len() > 1 {
            return array.reshape(&d.shape);
        }
        Ok(array)
    }
}

impl<T: Pod> OneArray<T, DeviceBuffer> {
    /// Exports the array for another process, which opens the bytes of the result
    /// ([`IpcArray::as_bytes`]) with [`open_shared`](Self::open_shared). While the export
    /// lives, the memory stays allocated (not pooled, not freed) even if the array goes;
    /// afterwards it is freed, never pooled again. Both processes may then write the same
    /// elements: order their work through the pipe that carried the bytes (or IPC events).
    ///
    /// ```
    /// use onearray::{Error, OneArray, SharedBuffer};
    /// let a = OneArray::<u32>::from_slice(&[1, 2, 3, 4, 5, 6])?.reshape(&[2, 3])?;
    /// let export = a.share()?;
    /// let bytes = export.as_bytes().to_vec(); // through a pipe to another process, in real use
    /// drop(a); // the export keeps the memory
    /// let mut b = OneArray::<u32>::open_shared(&bytes)?;
    /// assert_eq!((b.shape(), b.to_vec()?), (&[2, 3][..], vec![1, 2, 3, 4, 5, 6]));
    /// b.fill(7)?;
    /// // The element type and the kind of memory must match:
    /// let e = OneArray::<f32>::open_shared(&bytes).unwrap_err();
    /// assert!(matches!(e, Error::IpcElement { sent_size: 4, wanted_size: 4, .. }));
    /// // SAFETY: the call fails before opening anything.
    /// let e = unsafe { OneArray::<u32, SharedBuffer>::open_shared_unchecked_in(
    ///     &level_zero::default_context()?, &level_zero::default_device()?, &bytes) };
    /// assert!(matches!(e, Err(Error::Ipc { .. })));
    /// # Ok::<(), onearray::Error>(())
    /// ```
    pub fn share(&self) -> Result<IpcArray<T>> {
        // SAFETY: device memory has no host slices; the driver's commands are the only access.
        unsafe { self.share_unchecked() }
    }

    /// Opens an array another process (or this one) exported with [`share`](Self::share), on
    /// the default context and device: the same elements and shape, over the exporter's
    /// memory, closed when the array (and the commands using it) are gone. Bytes that are
    /// not an export are [`Error::Ipc`], another element type [`Error::IpcElement`].
    pub fn open_shared(bytes: &[u8]) -> Result<Self> {
        let (ctx, dev) = defaults()?;
        Self::open_shared_in(&ctx, &dev, bytes)
    }

    /// [`open_shared`](Self::open_shared) on `(ctx, dev)`.
    pub fn open_shared_in(ctx: &Context, dev: &Device, bytes: &[u8]) -> Result<Self> {
        // SAFETY: device memory has no host slices; the driver's commands are the only access.
        unsafe { Self::open_shared_unchecked_in(ctx, dev, bytes) }
    }
}
