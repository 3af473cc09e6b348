//! Arrays as kernel arguments: `&OneArray` for memory the kernel reads, `&mut OneArray` for
//! memory it may write; [`ArrayView`]s and [`ArrayViewMut`]s likewise (contiguous ones: a
//! strided view fails the launch). A launch keeps the array's block alive and records
//! itself as the block's last use, so dropping, freeing or reusing the array right after the
//! launch waits for it (the stream-ordered rule the pool applies to copies).
//!
//! ```
//! use level_zero::{BuildOptions, Grid, Module};
//! use onearray::{OneArray, SharedBuffer};
//! let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
//! let (ctx, dev) = (level_zero::default_context()?, level_zero::default_device()?);
//! let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?.kernel("saxpy")?;
//! let x = OneArray::<f32>::from_slice(&[1.0; 256])?;
//! let mut y = OneArray::<f32, SharedBuffer>::filled(256, 1.0)?;
//! saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&x).arg(&mut y).run()?;
//! drop(x); // safe: the block waits for the launch before anyone else gets it
//! assert!(y.iter().all(|&v| v == 3.0));
//! # Ok::<(), onearray::Error>(())
//! ```
//!
//! An array the kernel writes is borrowed mutably for the whole launch, so it cannot also be
//! passed as another argument:
//!
//! ```compile_fail,E0502
//! use level_zero::{BuildOptions, Grid, Module};
//! use onearray::OneArray;
//! let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
//! let (ctx, dev) = (level_zero::default_context().unwrap(), level_zero::default_device().unwrap());
//! let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default()).unwrap().kernel("saxpy").unwrap();
//! let mut y = OneArray::<f32>::zeroed(256).unwrap();
//! saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&y).arg(&mut y).run().unwrap();
//! ```
//!
//! Nor in the tuple form:
//!
//! ```compile_fail,E0502
//! use level_zero::{Grid, Module};
//! use onearray::OneArray;
//! let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
//! let mut saxpy = Module::new(&spirv).unwrap().kernel("saxpy").unwrap();
//! let mut y = OneArray::<f32>::zeroed(256).unwrap();
//! saxpy.run(Grid::for_len(256), (2.0f32, &y, &mut y)).unwrap();
//! ```

use crate::array::OneArray;
use crate::kinds::BufferKind;
use crate::layout::Layout;
use crate::pool::block::{BlockRef, Foreign};
use crate::view::{ArrayView, ArrayViewMut};
use level_zero::{Arg, BufferArg, ElemType, Execution, KernelArg, LaunchUse, ListUse, Token};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// The argument for elements `layout` of `block` (see [`buffer_arg_span`]).
fn buffer_arg<'a, T: bytemuck::Pod, B: BufferKind>(
    block: &'a BlockRef,
    layout: &Layout,
    writable: bool,
) -> Arg<'a> {
    buffer_arg_span::<T, B>(block, layout.span(), layout.is_contiguous(), writable)
}

/// The argument for block elements `span`: the block tracks the launch; a strided layout
/// (`contiguous` false) is refused when the launch runs (a kernel gets one pointer and a
/// length). A launch that may write host-visible memory follows the rule of the array
/// operations: refused while owned views share the memory ([`OneArray::view_owned`]: one of
/// them may be borrowed as a slice).
fn buffer_arg_span<'a, T: bytemuck::Pod, B: BufferKind>(
    block: &'a BlockRef,
    span: std::ops::Range<usize>,
    contiguous: bool,
    writable: bool,
) -> Arg<'a> {
    let arg = BufferArg {
        allocation: block.alloc().clone(),
        offset: span.start * size_of::<T>(),
        len: span.len() * size_of::<T>(),
        elem: Some(ElemType::of::<T>()),
        writable,
    };
    let track: &'a dyn LaunchUse = if contiguous { block } else { &NotContiguous };
    let arg = Arg::buffer(arg, Some(track));
    match block.check_writable(B::KIND) {
        Err(e) if writable => arg.refused(format!(
            "({e}: owned views may be borrowed on the host; drop them first)"
        )),
        _ => arg,
    }
}

/// A whole array's argument: its elements are contiguous by construction.
fn array_arg<'a, T: bytemuck::Pod, B: BufferKind>(
    array: &'a OneArray<T, B>,
    writable: bool,
) -> Arg<'a> {
    let start = array.offset;
    buffer_arg_span::<T, B>(&array.block, start..start + array.len(), true, writable)
}

/// Stands in for a strided view's block: fails the launch before anything is recorded.
struct NotContiguous;

impl NotContiguous {
    fn refuse<T>(&self) -> level_zero::Result<T> {
        Err(level_zero::Error::InvalidArgument(
            "a strided view cannot be a kernel argument (a kernel gets one pointer): copy it \
             into a contiguous array first"
                .into(),
        ))
    }
}

impl LaunchUse for NotContiguous {
    fn before_launch(&self, _list: u64) -> level_zero::Result<Option<level_zero::Event>> {
        self.refuse()
    }

    fn launched(&self, _token: Token, _done: Option<&level_zero::Event>) {}

    fn recorded(&self, _writable: bool) -> level_zero::Result<Option<Arc<dyn ListUse>>> {
        self.refuse()
    }
}

/// A block used by a launch recorded in a regular list: the list's handle on it, which holds
/// the block like a writer when the launch may write it (host borrows that its executions
/// would race are refused or take the block back: `Block::host_access`).
struct Recorded {
    block: BlockRef,
    writable: bool,
    /// The block's epoch when recorded: an execution after a host borrow took the block back
    /// is refused.
    epoch: u64,
}

impl Drop for Recorded {
    fn drop(&mut self) {
        self.block.release_list_hold(self.epoch, self.writable);
    }
}

impl ListUse for Recorded {
    fn before_execute(&self) -> level_zero::Result<()> {
        self.block
            .begin_execute(self.epoch)
            .map_err(level_zero_error)?;
        // Host-side: the list may run on any queue, after any use elsewhere.
        self.block.wait_idle().map_err(|e| {
            self.block.end_execute();
            level_zero_error(e)
        })
    }

    fn executed(&self, execution: &Execution) {
        self.block
            .set_foreign(Some(Foreign::Execution(execution.clone())));
        self.block.mark(execution.token());
        self.block.end_execute();
    }

    fn abandoned(&self) {
        self.block.end_execute();
    }

    fn keep_alive(&self) -> level_zero::Retained {
        Arc::new(self.block.clone())
    }

    fn replayed(&self, token: Token, done: Option<&level_zero::Event>) {
        // As a launch on a caller's list: the next user elsewhere waits for `done`.
        self.block.set_foreign(done.cloned().map(Foreign::Event));
        self.block.mark(token);
        self.block.end_execute();
    }
}

fn level_zero_error(e: crate::Error) -> level_zero::Error {
    match e {
        crate::Error::Ze(e) => e,
        e => level_zero::Error::InvalidArgument(e.to_string()),
    }
}

impl LaunchUse for BlockRef {
    fn before_launch(&self, list: u64) -> level_zero::Result<Option<level_zero::Event>> {
        let last = self.last_list.load(Ordering::Acquire);
        if last == 0 || last == list {
            // Unused, or used last on the same in-order list.
            return Ok(None);
        }
        match self.foreign() {
            // Used last by a launch on a caller's list: wait for its event on the device.
            Some(Foreign::Event(done)) => return Ok(Some(done)),
            // By a queue's execution of a regular list: on the host.
            Some(Foreign::Execution(_)) => {
                self.wait_idle().map_err(level_zero_error)?;
                return Ok(None);
            }
            None => {}
        }
        let (ctx, dev) = (self.context(), self.device());
        if last == crate::pool::stream_id(ctx, dev) {
            // Used last on this thread's stream: the stream signals an event after that use.
            let seq = self.last_seq.load(Ordering::Acquire);
            let token = Token { list: last, seq };
            return level_zero::with_stream(ctx, dev, |s| s.event_after(token));
        }
        // Another thread's stream: no event of ours marks its end; wait on the host.
        self.wait_idle().map_err(level_zero_error)?;
        Ok(None)
    }

    fn launched(&self, token: Token, done: Option<&level_zero::Event>) {
        self.set_foreign(done.cloned().map(Foreign::Event));
        self.mark(token);
    }

    fn recorded(&self, writable: bool) -> level_zero::Result<Option<Arc<dyn ListUse>>> {
        let epoch = self.hold_for_list(writable);
        Ok(Some(Arc::new(Recorded {
            block: self.clone(),
            writable,
            epoch,
        })))
    }
}

/// Memory the kernel reads (its parameter must be `const`/`NoWrite` or `constant`).
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for &'a OneArray<T, B> {
    fn into_arg(self) -> Arg<'a> {
        array_arg(self, false)
    }
}

/// Memory the kernel may write.
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for &'a mut OneArray<T, B> {
    fn into_arg(self) -> Arg<'a> {
        array_arg(self, true)
    }
}

/// A contiguous view the kernel reads (a strided one fails the launch).
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for ArrayView<'a, T, B> {
    fn into_arg(self) -> Arg<'a> {
        buffer_arg::<T, B>(self.block, &self.layout, false)
    }
}

/// A contiguous view the kernel reads.
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for &'a ArrayView<'_, T, B> {
    fn into_arg(self) -> Arg<'a> {
        buffer_arg::<T, B>(self.block, &self.layout, false)
    }
}

/// A contiguous view the kernel may write (a strided one fails the launch).
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for ArrayViewMut<'a, T, B> {
    fn into_arg(self) -> Arg<'a> {
        buffer_arg::<T, B>(self.block, &self.layout, true)
    }
}

/// A contiguous view the kernel may write.
impl<'a, T: bytemuck::Pod, B: BufferKind> KernelArg<'a> for &'a mut ArrayViewMut<'_, T, B> {
    fn into_arg(self) -> Arg<'a> {
        buffer_arg::<T, B>(self.block, &self.layout, true)
    }
}
