//! Safe launches: arguments given as values and borrowed slices, so that the kernel reaches
//! only memory the launch holds for it.

use crate::error::LaunchError;
use crate::front::module::{Kernel, Module, Shared};
use crate::run::launch::{Arg, LaunchDesc, MemoryRange, What};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, MutexGuard};

/// A launch being described: arguments in parameter order, then [`run`](Self::run). Made by
/// [`Kernel::launch`]; buffers are borrowed until it runs.
#[must_use = "a launch does nothing until it runs"]
pub struct Launcher<'a> {
    kernel: &'a Kernel,
    launch: LaunchDesc,
    /// Modules other than the kernel's whose program-scope memory an argument points into.
    modules: Vec<Arc<Shared>>,
    /// Copies of read-only inputs, alive until the launch has run (16-byte aligned).
    inputs: Vec<Vec<u128>>,
    /// An argument that could not be made, reported by `run`.
    error: Option<LaunchError>,
    buffers: PhantomData<&'a mut [u8]>,
}

impl Kernel {
    /// Describes a launch of `groups` work-groups of `group_size` work-items on all the host's
    /// threads: add the arguments in order, then [`run`](Launcher::run).
    pub fn launch(&self, groups: [u32; 3], group_size: [u32; 3]) -> Launcher<'_> {
        Launcher {
            kernel: self,
            launch: LaunchDesc::new(groups, group_size),
            modules: Vec::new(),
            inputs: Vec::new(),
            error: None,
            buffers: PhantomData,
        }
    }
}

impl<'a> Launcher<'a> {
    /// The next argument: a plain value (scalar, vector, struct passed by value).
    pub fn value<T: bytemuck::NoUninit>(mut self, value: &T) -> Self {
        self.launch.args.push(Arg::of(value));
        self
    }

    /// The next argument: the bytes of a value, as many as the parameter's
    /// [`size`](crate::Param::size) (for values whose type is known only at run time).
    pub fn value_bytes(mut self, bytes: &[u8]) -> Self {
        self.launch.args.push(Arg::bytes(bytes));
        self
    }

    /// The next argument: a pointer to `buffer`, which the kernel may read and write.
    pub fn buffer<T: bytemuck::Pod>(self, buffer: &'a mut [T]) -> Self {
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(buffer);
        self.pointer(bytes.as_mut_ptr() as usize, bytes.len(), "buffer")
    }

    /// The next argument: a pointer to a copy of `data`; what the kernel writes there is lost.
    pub fn input<T: bytemuck::Pod>(mut self, data: &[T]) -> Self {
        let bytes: &[u8] = bytemuck::cast_slice(data);
        let mut copy = vec![0u128; bytes.len().div_ceil(16)];
        bytemuck::cast_slice_mut::<u128, u8>(&mut copy)[..bytes.len()].copy_from_slice(bytes);
        let base = copy.as_ptr() as usize;
        self.inputs.push(copy);
        self.pointer(base, bytes.len(), "input")
    }

    /// The next argument: a null pointer.
    pub fn null(mut self) -> Self {
        self.launch.args.push(Arg::of(&0u64));
        self
    }

    /// The next argument: `bytes` of work-group memory for a `__local` pointer parameter.
    pub fn local(mut self, bytes: usize) -> Self {
        self.launch.args.push(Arg::Local(bytes));
        self
    }

    /// The next argument: a pointer to program-scope variable `name` of `module` (any module:
    /// the kernel then reaches that module's variables too).
    pub fn global(mut self, module: &'a Module, name: &str) -> Self {
        let index = self.launch.args.len();
        match module.global(name) {
            Some((addr, _)) => {
                self.launch.args.push(Arg::of(&(addr as u64)));
                self.modules.push(module.shared.clone());
            }
            None => {
                self.launch.args.push(Arg::of(&0u64));
                self.error.get_or_insert(LaunchError::Argument {
                    kernel: self.kernel.name().to_string(),
                    index,
                    reason: format!("the module has no program-scope variable {name}"),
                });
            }
        }
        self
    }

    /// The global id of the first work-item (default zero).
    pub fn offset(mut self, offset: [u32; 3]) -> Self {
        self.launch.offset = offset;
        self
    }

    /// Where the kernel's `printf` output goes when the launch completes (else to standard
    /// output).
    pub fn printf_to(mut self, sink: Arc<std::sync::Mutex<Vec<u8>>>) -> Self {
        self.launch.printf = Some(sink);
        self
    }

    /// Stops the launch when `flag` is set (from another thread: a watchdog, a user who gave
    /// up): the work-items stop at their next loop back-edge and `run` returns
    /// [`Fault::Cancelled`](crate::Fault::Cancelled).
    pub fn cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.launch.cancel = Some(flag);
        self
    }

    /// Makes `[range.start, range.end)` (part of a buffer given to this launch) read-only for
    /// the kernel: a store, atomic or copy into it faults with
    /// [`Fault::ReadOnly`](crate::Fault::ReadOnly) (as virtual memory mapped read-only does).
    pub fn read_only(mut self, range: std::ops::Range<usize>) -> Self {
        self.launch.read_only.push((range.start, range.end));
        self
    }

    /// Host threads to spread the work-groups over (default: all of the host's).
    pub fn threads(mut self, threads: usize) -> Self {
        self.launch.threads = threads;
        self
    }

    fn pointer(mut self, base: usize, len: usize, what: &str) -> Self {
        let index = self.launch.args.len();
        self.launch.args.push(Arg::of(&(base as u64)));
        self.launch.memory.push(MemoryRange {
            base,
            end: base + len,
            what: format!("{what} argument {index}").into(),
        });
        self
    }

    /// Runs the launch to completion.
    pub fn run(mut self) -> Result<(), LaunchError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        // Every module whose program-scope memory the kernel reaches is locked, in address
        // order (so that concurrent launches cannot deadlock).
        self.modules.push(self.kernel.shared().clone());
        self.modules.sort_by_key(|m| Arc::as_ptr(m) as usize);
        self.modules.dedup_by(|a, b| Arc::ptr_eq(a, b));
        let _locks: Vec<MutexGuard<'_, ()>> = self
            .modules
            .iter()
            .map(|m| m.lock.lock().unwrap_or_else(|e| e.into_inner()))
            .collect();
        for m in &self.modules {
            if !Arc::ptr_eq(m, self.kernel.shared()) {
                let range = m.data.memory.range();
                self.launch.memory.push(MemoryRange {
                    base: range.start,
                    end: range.end,
                    what: What::named("module globals"),
                });
            }
        }
        // SAFETY: the memory is the exclusively borrowed buffers, the copies of the inputs
        // (alive in `self`), and program-scope memory of modules whose locks are held.
        unsafe { self.kernel.run(self.launch) }
    }
}
