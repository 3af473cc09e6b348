//! The commands every command list kind records (the [`Commands`] trait) and the core they
//! share (handle, context, device).

use crate::context::Context;
use crate::copy_region::CopyRegion;
use crate::deps::{Deps, RawDeps, Retained};
use crate::device::Device;
use crate::error::{invalid, Result};
use crate::event::Event;
use crate::kernel::{Groups, Kernel};
use crate::memory::Allocation;
use crate::memory_advice::MemoryAdvice;
use crate::owned::Owned;
use level_zero_sys::*;
use std::ffi::c_void;
use std::sync::Arc;

/// The handle of a command list and what it belongs to (internal).
#[doc(hidden)]
pub struct ListCore {
    // First: destroyed before the context is released. `Commands` methods take `&mut self`,
    // so one thread appends at a time (the spec forbids simultaneous appends to one list).
    pub(crate) handle: Owned<ze_command_list_handle_t>,
    pub(crate) ctx: Context,
    pub(crate) device: Device,
    pub(crate) ordinal: u32,
}

impl ListCore {
    pub(crate) fn api(&self) -> Arc<crate::api::Api> {
        self.ctx.0.driver.api.clone()
    }
}

/// The commands every command list records. Memory arguments are checked (ranges, kinds,
/// contexts) before reaching the driver, and kept alive until the command completes.
pub trait Commands: sealed::Sealed {
    /// The list's core (handle, context, device).
    #[doc(hidden)]
    fn core(&self) -> &ListCore;

    /// Appends one command through `call`, with `deps`; keeps `retain` alive until it completes.
    #[doc(hidden)]
    fn record(
        &mut self,
        deps: Deps<'_>,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch, RawDeps) -> Result<(), ZeError>,
    ) -> Result<()>;

    /// An empty vector to collect what a command retains (recycled by lists that can).
    #[doc(hidden)]
    fn retain_buffer(&mut self) -> Vec<Retained> {
        Vec::new()
    }

    /// Appends a command whose C function takes no events (prefetch, advise, event commands).
    #[doc(hidden)]
    fn record_plain(
        &mut self,
        retain: Vec<Retained>,
        call: &mut dyn FnMut(&Dispatch) -> Result<(), ZeError>,
    ) -> Result<()>;

    /// The list's context.
    fn context(&self) -> &Context {
        &self.core().ctx
    }

    /// The list's device.
    fn device(&self) -> &Device {
        &self.core().device
    }

    /// Copies `len` bytes from `src[src_offset..]` to `dst[dst_offset..]`.
    fn copy(
        &mut self,
        dst: &Allocation,
        dst_offset: usize,
        src: &Allocation,
        src_offset: usize,
        len: usize,
        deps: Deps<'_>,
    ) -> Result<()> {
        same_context(self.context(), dst)?;
        same_context(self.context(), src)?;
        dst.check_range(dst_offset, len)?;
        src.check_range(src_offset, len)?;
        // SAFETY: both ranges were checked against live allocations, which the list retains.
        let (d, s) = unsafe {
            (
                dst.as_ptr().cast::<u8>().add(dst_offset),
                src.as_ptr().cast::<u8>().add(src_offset),
            )
        };
        let mut retain = self.retain_buffer();
        retain.push(dst.0.clone());
        retain.push(src.0.clone());
        // SAFETY: checked ranges; the events and memory are retained until completion.
        unsafe { self.copy_raw(d.cast(), s.cast(), len, deps, retain) }
    }

    /// Copies between raw pointers (host or USM); nothing is checked.
    ///
    /// # Safety
    /// `src` must be readable and `dst` writable for `len` bytes until the command completes.
    unsafe fn copy_raw(
        &mut self,
        dst: *mut c_void,
        src: *const c_void,
        len: usize,
        deps: Deps<'_>,
        retain: Vec<Retained>,
    ) -> Result<()> {
        let handle = self.core().handle.get();
        self.record(deps, retain, &mut |dispatch, (sig, n, waits)| {
            // SAFETY: the caller vouches for the pointers; the list handle is live.
            unsafe {
                calls::command_list::append_memory_copy(
                    dispatch, handle, dst, src, len, sig, n, waits,
                )
            }
        })
    }

    /// Fills `dst[offset..offset + len]` with `pattern` repeated (a power-of-two length up to
    /// the queue group's maximum, 1 to 128 bytes on the CPU driver).
    fn fill(
        &mut self,
        dst: &Allocation,
        offset: usize,
        len: usize,
        pattern: &[u8],
        deps: Deps<'_>,
    ) -> Result<()> {
        same_context(self.context(), dst)?;
        dst.check_range(offset, len)?;
        if pattern.is_empty() || !pattern.len().is_power_of_two() {
            return Err(invalid(format!(
                "fill pattern of {} bytes: the length must be a power of two",
                pattern.len()
            )));
        }
        let handle = self.core().handle.get();
        // SAFETY: the range was checked.
        let ptr = unsafe { dst.as_ptr().cast::<u8>().add(offset) }.cast::<c_void>();
        let pattern = pattern.to_vec();
        self.record(deps, vec![dst.0.clone() as Retained], &mut |dispatch,
                                                                 (
            sig,
            n,
            waits,
        )| {
            // SAFETY: checked range of a retained allocation; the driver copies the pattern.
            unsafe {
                calls::command_list::append_memory_fill(
                    dispatch,
                    handle,
                    ptr,
                    pattern.as_ptr().cast(),
                    pattern.len(),
                    len,
                    sig,
                    n,
                    waits,
                )
            }
        })
    }

    /// Copies a 2-D/3-D region between allocations.
    fn copy_region(
        &mut self,
        dst: &Allocation,
        dst_region: CopyRegion,
        src: &Allocation,
        src_region: CopyRegion,
        deps: Deps<'_>,
    ) -> Result<()> {
        same_context(self.context(), dst)?;
        same_context(self.context(), src)?;
        if dst_region.extent != src_region.extent {
            return Err(invalid(format!(
                "copy regions differ in extent: {:?} vs {:?}",
                dst_region.extent, src_region.extent
            )));
        }
        let span = |r: &CopyRegion| {
            r.span()
                .ok_or_else(|| invalid(format!("empty or overflowing region {r:?}")))
        };
        dst.check_range(0, span(&dst_region)?)?;
        src.check_range(0, span(&src_region)?)?;
        let handle = self.core().handle.get();
        let (d, s) = (dst.as_ptr(), src.as_ptr());
        let (dr, sr) = (dst_region.raw(), src_region.raw());
        self.record(
            deps,
            vec![dst.0.clone() as Retained, src.0.clone() as Retained],
            &mut |dispatch, (sig, n, waits)| {
                // SAFETY: both regions were checked inside retained allocations.
                unsafe {
                    calls::command_list::append_memory_copy_region(
                        dispatch,
                        handle,
                        d,
                        &dr,
                        dst_region.pitch,
                        dst_region.slice_pitch,
                        s,
                        &sr,
                        src_region.pitch,
                        src_region.slice_pitch,
                        sig,
                        n,
                        waits,
                    )
                }
            },
        )
    }

    /// Orders everything before against everything after.
    fn barrier(&mut self, deps: Deps<'_>) -> Result<()> {
        let handle = self.core().handle.get();
        self.record(deps, Vec::new(), &mut |dispatch, (sig, n, waits)| {
            // SAFETY: live list; the events are retained.
            unsafe { calls::command_list::append_barrier(dispatch, handle, sig, n, waits) }
        })
    }

    /// A barrier that makes `allocations` coherent.
    fn memory_ranges_barrier(&mut self, allocations: &[&Allocation], deps: Deps<'_>) -> Result<()> {
        for a in allocations {
            same_context(self.context(), a)?;
        }
        let handle = self.core().handle.get();
        let sizes: Vec<usize> = allocations.iter().map(|a| a.size()).collect();
        let mut ptrs: Vec<*const c_void> = allocations
            .iter()
            .map(|a| a.as_ptr().cast_const())
            .collect();
        let retain = allocations
            .iter()
            .map(|a| a.0.clone() as Retained)
            .collect();
        self.record(deps, retain, &mut |dispatch, (sig, n, waits)| {
            // SAFETY: the arrays describe live, retained allocations.
            unsafe {
                calls::command_list::append_memory_ranges_barrier(
                    dispatch,
                    handle,
                    sizes.len() as u32,
                    sizes.as_ptr(),
                    ptrs.as_mut_ptr(),
                    sig,
                    n,
                    waits,
                )
            }
        })
    }

    /// Hints that `allocation` will be used by the device soon.
    fn prefetch(&mut self, allocation: &Allocation) -> Result<()> {
        same_context(self.context(), allocation)?;
        let handle = self.core().handle.get();
        let (ptr, size) = (allocation.as_ptr(), allocation.size());
        self.record_plain(vec![allocation.0.clone() as Retained], &mut |dispatch| {
            // SAFETY: live, retained allocation.
            unsafe { calls::command_list::append_memory_prefetch(dispatch, handle, ptr, size) }
        })
    }

    /// Gives the driver advice about `allocation`'s use by `device`.
    fn advise(
        &mut self,
        device: &Device,
        allocation: &Allocation,
        advice: MemoryAdvice,
    ) -> Result<()> {
        same_context(self.context(), allocation)?;
        self.context().check_device(device)?;
        if !advice.supported_by(device) {
            let (major, minor) = advice.since();
            return Err(crate::error::invalid(format!(
                "memory advice {advice:?} needs Level Zero {major}.{minor}, newer than the API \
                 agreed with the driver"
            )));
        }
        let handle = self.core().handle.get();
        let (dev, ptr, size) = (device.handle, allocation.as_ptr(), allocation.size());
        self.record_plain(vec![allocation.0.clone() as Retained], &mut |dispatch| {
            // SAFETY: live, retained allocation; valid device.
            unsafe {
                calls::command_list::append_mem_advise(
                    dispatch,
                    handle,
                    dev,
                    ptr,
                    size,
                    advice.raw(),
                )
            }
        })
    }

    /// Signals `event` when everything before has finished.
    fn signal_event(&mut self, event: &Event) -> Result<()> {
        let handle = self.core().handle.get();
        let ev = event.handle();
        self.record_plain(vec![event.0.clone() as Retained], &mut |dispatch| {
            // SAFETY: live list and retained event.
            unsafe { calls::command_list::append_signal_event(dispatch, handle, ev) }
        })
    }

    /// Waits (on the device) for `events` before what follows.
    fn wait_events(&mut self, events: &[&Event]) -> Result<()> {
        if events.is_empty() {
            return Ok(());
        }
        let handle = self.core().handle.get();
        let mut raw: Vec<_> = events.iter().map(|e| e.handle()).collect();
        let retain = events.iter().map(|e| e.0.clone() as Retained).collect();
        self.record_plain(retain, &mut |dispatch| {
            // SAFETY: live list and retained events.
            unsafe {
                calls::command_list::append_wait_on_events(
                    dispatch,
                    handle,
                    raw.len() as u32,
                    raw.as_mut_ptr(),
                )
            }
        })
    }

    /// Resets `event` when reached.
    fn reset_event(&mut self, event: &Event) -> Result<()> {
        let handle = self.core().handle.get();
        let ev = event.handle();
        self.record_plain(vec![event.0.clone() as Retained], &mut |dispatch| {
            // SAFETY: live list and retained event.
            unsafe { calls::command_list::append_event_reset(dispatch, handle, ev) }
        })
    }

    /// Writes the device's global timestamp (a `u64`) at `dst[offset..]` when reached.
    fn write_timestamp(&mut self, dst: &Allocation, offset: usize, deps: Deps<'_>) -> Result<()> {
        same_context(self.context(), dst)?;
        dst.check_range(offset, 8)?;
        let handle = self.core().handle.get();
        // SAFETY: the range was checked.
        let ptr = unsafe { dst.as_ptr().cast::<u8>().add(offset) }.cast::<u64>();
        self.record(deps, vec![dst.0.clone() as Retained], &mut |dispatch,
                                                                 (
            sig,
            n,
            waits,
        )| {
            // SAFETY: checked 8 bytes of a retained allocation.
            unsafe {
                calls::command_list::append_write_global_timestamp(
                    dispatch, handle, ptr, sig, n, waits,
                )
            }
        })
    }

    /// Writes the kernel timestamps of `events` (timestamp pools) into `dst`, one
    /// `ze_kernel_timestamp_result_t` (32 bytes) after another.
    fn query_kernel_timestamps(
        &mut self,
        events: &[&Event],
        dst: &Allocation,
        deps: Deps<'_>,
    ) -> Result<()> {
        same_context(self.context(), dst)?;
        dst.check_range(0, events.len() * size_of::<ze_kernel_timestamp_result_t>())?;
        let handle = self.core().handle.get();
        let mut raw: Vec<_> = events.iter().map(|e| e.handle()).collect();
        let mut retain: Vec<Retained> = events.iter().map(|e| e.0.clone() as Retained).collect();
        retain.push(dst.0.clone() as Retained);
        let ptr = dst.as_ptr();
        self.record(deps, retain, &mut |dispatch, (sig, n, waits)| {
            // SAFETY: the destination holds a result per event; everything is retained.
            unsafe {
                calls::command_list::append_query_kernel_timestamps(
                    dispatch,
                    handle,
                    raw.len() as u32,
                    raw.as_mut_ptr(),
                    ptr,
                    std::ptr::null(),
                    sig,
                    n,
                    waits,
                )
            }
        })
    }

    /// Launches `kernel` over `groups` work-groups of its current group size. Every argument
    /// must be set; the buffers it uses are kept alive until the launch completes.
    fn launch(&mut self, kernel: &Kernel, groups: Groups, deps: Deps<'_>) -> Result<()> {
        let keep = self.retain_buffer();
        launch_keeping(self, kernel, groups, deps, keep)
    }

    /// Launches `kernel` cooperatively: all `groups` are resident on the device at once, so
    /// they may wait on each other through memory (a grid-wide barrier, a persistent kernel).
    /// At most [`Kernel::max_cooperative_group_count`] groups for its current group size, and
    /// on a queue group that runs cooperative kernels; otherwise a typed error.
    ///
    /// ```
    /// use level_zero::*;
    /// # fn main() -> Result<()> {
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/cooperative-O2.spv")).unwrap();
    /// let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?;
    /// let mut k = module.kernel("grid_arrive_wait")?;
    /// k.set_group_size([64, 1, 1])?;
    /// let groups = k.max_cooperative_group_count()?;
    /// let counter = Allocation::shared(&ctx, Some(&dev), 4, 4)?;
    /// let out = Allocation::shared(&ctx, Some(&dev), 4 * 64 * groups as usize, 4)?;
    /// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
    /// list.fill(&counter, 0, 4, &[0], Deps::NONE)?;
    /// k.set_arg_buffer(0, &counter)?;
    /// k.set_arg_buffer(1, &out)?;
    /// list.launch_cooperative(&k, Groups([groups, 1, 1]), Deps::NONE)?;
    /// assert!(list.launch_cooperative(&k, Groups([groups + 1, 1, 1]), Deps::NONE).is_err());
    /// list.synchronize()?;
    /// # Ok(()) }
    /// ```
    fn launch_cooperative(
        &mut self,
        kernel: &Kernel,
        groups: Groups,
        deps: Deps<'_>,
    ) -> Result<()> {
        let most = kernel.max_cooperative_group_count()?;
        let total = groups.0.iter().map(|&g| g as u64).product::<u64>();
        if total > most as u64 {
            return Err(invalid(format!(
                "cooperative launch of {} with {total} groups ({:?}): at most {most} can be \
                 resident at once for its group size",
                kernel.name(),
                groups.0
            )));
        }
        let keep = self.retain_buffer();
        launch_with(self, kernel, groups, deps, keep, true)
    }
}

/// [`Commands::launch`] that also keeps `keep` alive until the launch completes (handles that
/// own memory the kernel no longer holds itself).
pub(crate) fn launch_keeping<L: Commands + ?Sized>(
    list: &mut L,
    kernel: &Kernel,
    groups: Groups,
    deps: Deps<'_>,
    keep: Vec<Retained>,
) -> Result<()> {
    launch_with(list, kernel, groups, deps, keep, false)
}

fn launch_with<L: Commands + ?Sized>(
    list: &mut L,
    kernel: &Kernel,
    groups: Groups,
    deps: Deps<'_>,
    keep: Vec<Retained>,
    cooperative: bool,
) -> Result<()> {
    if kernel.module().context() != list.context() {
        return Err(invalid(format!(
            "kernel {} belongs to another context",
            kernel.name()
        )));
    }
    let mut retain = keep;
    kernel.prepare_launch(&mut retain)?;
    let handle = list.core().handle.get();
    let k = kernel.handle();
    let g = ze_group_count_t {
        groupCountX: groups.0[0],
        groupCountY: groups.0[1],
        groupCountZ: groups.0[2],
    };
    list.record(deps, retain, &mut |dispatch, (sig, n, waits)| {
        let append = if cooperative {
            calls::command_list::append_launch_cooperative_kernel
        } else {
            calls::command_list::append_launch_kernel
        };
        // SAFETY: live kernel (retained) whose buffer arguments are retained too.
        unsafe { append(dispatch, handle, k, &g, sig, n, waits) }
    })
}

pub(crate) mod sealed {
    /// Only this crate's command lists implement [`Commands`](super::Commands) (each beside
    /// its `Commands` impl).
    pub trait Sealed {}
}

fn same_context(ctx: &Context, a: &Allocation) -> Result<()> {
    if a.context() == ctx {
        Ok(())
    } else {
        Err(invalid(format!(
            "{} allocation of {} bytes belongs to another context",
            a.kind().name(),
            a.size()
        )))
    }
}
