//! Kernels: typed arguments checked before launch, group sizes, properties.

use crate::deps::Retained;
use crate::error::{invalid, Error, Result, ResultExt as _};
use crate::memory::Allocation;
use crate::module::Module;
use crate::owned::Owned;
use crate::signature::{AddressSpace, ParamType};
use level_zero_sys::*;
use smallvec::SmallVec;
use std::ffi::CString;
use std::sync::Arc;

/// Work-group counts of a launch.
///
/// ```
/// assert_eq!(level_zero::Groups::x(8), level_zero::Groups([8, 1, 1]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Groups(pub [u32; 3]);

impl Groups {
    /// `x` work-groups along the first dimension.
    pub fn x(x: u32) -> Groups {
        Groups([x, 1, 1])
    }
}

bitflags::bitflags! {
    /// Which allocations a kernel may reach without receiving them as arguments.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct IndirectAccess: u32 {
        /// Host allocations.
        const HOST = 1;
        /// Device allocations.
        const DEVICE = 2;
        /// Shared allocations.
        const SHARED = 4;
    }
}

/// Kernel properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelProperties {
    /// Number of arguments.
    pub num_args: u32,
    /// `reqd_work_group_size`, if the kernel declares one.
    pub required_group_size: Option<[u32; 3]>,
    /// Shared local memory the kernel declares, in bytes.
    pub local_mem_size: u32,
    /// Private memory per work-item, in bytes.
    pub private_mem_size: u32,
    /// Largest sub-group size the kernel may run with.
    pub max_subgroup_size: u32,
}

struct KernelHandle {
    // First: destroyed before the module is released. Launches retain the handle until they
    // complete; setters go through `&mut Kernel`, launches only read it.
    handle: Owned<ze_kernel_handle_t>,
    module: Module,
}

/// A kernel with its arguments. Buffer arguments keep their allocations alive for every launch
/// until it completes, so safe code cannot launch a kernel on freed memory.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
/// let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?;
/// let mut saxpy = module.kernel("saxpy")?;
/// let (x, y) = (Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?, Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?);
/// saxpy.set_arg(0, &2.0f32)?;
/// saxpy.set_arg_buffer(1, &x)?;
/// saxpy.set_arg_buffer(2, &y)?;
/// saxpy.set_group_size([64, 1, 1])?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.launch(&saxpy, Groups::x(4), Deps::NONE)?;
/// list.synchronize()?;
/// # Ok::<(), level_zero::Error>(())
/// ```
pub struct Kernel {
    inner: Arc<KernelHandle>,
    name: String,
    properties: KernelProperties,
    set: Vec<bool>,
    buffers: Vec<Option<Allocation>>,
    group_size: [u32; 3],
    /// The device's group limits, read on first need.
    limits: Option<crate::device::ComputeProperties>,
    /// The parameter types read from the module's SPIR-V (kept here: a launch checks them).
    params: Option<Arc<[ParamType]>>,
    /// The driver's `zexCpuKernelSetArgumentBuffer`, once looked for.
    set_buffer: Option<Option<crate::extension::SetArgumentBuffer>>,
    /// What the driver holds for each argument, as last set here: a setter that would hand it
    /// the same again makes no call (a launch sets every argument, most of them unchanged).
    held: Vec<Held>,
}

/// An argument as the driver holds it after this crate's last call that set it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Held {
    /// Not known (never set, or the last call failed).
    Unknown,
    /// `zeKernelSetArgumentValue` with these bytes (`None`: a null value of `size` bytes,
    /// which a local parameter takes as its size).
    Value {
        size: usize,
        bytes: Option<SmallVec<[u8; 16]>>,
    },
    /// `zexCpuKernelSetArgumentBuffer` with this address and length.
    Range { ptr: usize, len: usize },
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel")
            .field("name", &self.name)
            .field("args", &self.properties.num_args)
            .field("group_size", &self.group_size)
            .finish()
    }
}

impl Module {
    /// Kernel `name` of this module.
    pub fn kernel(&self, name: &str) -> Result<Kernel> {
        Kernel::new(self, name)
    }
}

impl Kernel {
    pub(crate) fn new(module: &Module, name: &str) -> Result<Kernel> {
        let cname = CString::new(name).map_err(|_| invalid("kernel name contains a NUL byte"))?;
        let desc = ze_kernel_desc_t {
            pKernelName: cname.as_ptr(),
            ..Default::default()
        };
        // SAFETY: valid module; local descriptor.
        let handle =
            unsafe { calls::kernel::create(module.context().dispatch(), module.handle(), &desc) }
                .context(|| format!("kernel {name:?}"))?;
        let inner = Arc::new(KernelHandle {
            handle: Owned::new(module.context().api(), handle),
            module: module.clone(),
        });
        let mut p = ze_kernel_properties_t::default();
        // SAFETY: valid kernel; local out-structure.
        unsafe {
            calls::kernel::get_properties(module.context().dispatch(), inner.handle.get(), &mut p)
        }?;
        let required = [
            p.requiredGroupSizeX,
            p.requiredGroupSizeY,
            p.requiredGroupSizeZ,
        ];
        let properties = KernelProperties {
            num_args: p.numKernelArgs,
            required_group_size: (required != [0; 3]).then_some(required),
            local_mem_size: p.localMemSize,
            private_mem_size: p.privateMemSize,
            max_subgroup_size: p.maxSubgroupSize,
        };
        let n = properties.num_args as usize;
        Ok(Kernel {
            inner,
            name: name.to_string(),
            group_size: properties.required_group_size.unwrap_or([1, 1, 1]),
            properties,
            set: vec![false; n],
            buffers: vec![None; n],
            limits: None,
            params: module.parameters_shared(name),
            set_buffer: None,
            held: vec![Held::Unknown; n],
        })
    }

    /// The raw handle (for calls this crate does not wrap). Set arguments through this type,
    /// not through the handle: it remembers what the driver holds and skips settings that
    /// would change nothing, so an argument changed behind its back would stay changed.
    pub fn handle(&self) -> ze_kernel_handle_t {
        self.inner.handle.get()
    }

    /// The kernel's name in its module.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The module the kernel comes from.
    pub fn module(&self) -> &Module {
        &self.inner.module
    }

    /// The kernel's properties, read at creation.
    pub fn properties(&self) -> &KernelProperties {
        &self.properties
    }

    /// The kernel's parameter list, read from the module's SPIR-V (`None` if unknown).
    pub fn params(&self) -> Option<&[crate::signature::ParamType]> {
        self.params.as_deref()
    }

    /// The device's group-size limits (read once).
    pub(crate) fn limits(&mut self) -> Result<&crate::device::ComputeProperties> {
        let limits = match self.limits.take() {
            Some(l) => l,
            None => self.inner.module.device().compute_properties()?,
        };
        Ok(self.limits.insert(limits))
    }

    /// The work-group size launches use.
    pub fn group_size(&self) -> [u32; 3] {
        self.group_size
    }

    fn dispatch(&self) -> &Dispatch {
        self.inner.module.context().dispatch()
    }

    fn check_index(&self, index: u32) -> Result<()> {
        if index < self.properties.num_args {
            Ok(())
        } else {
            Err(invalid(format!(
                "kernel {}: argument index {index} out of range (it takes {} arguments)",
                self.name, self.properties.num_args
            )))
        }
    }

    /// Parameter `index` as the SPIR-V declares it, if known.
    fn param(&self, index: u32) -> Option<ParamType> {
        self.params()?.get(index as usize).copied()
    }

    fn refuse(&self, index: u32, expected: String, given: String) -> Error {
        Error::KernelArgument {
            kernel: self.name.clone(),
            index,
            expected,
            given,
        }
    }

    /// Whether the safe setters may write a value of `size` bytes to argument `index`: only
    /// to a parameter known to be a value, never to a pointer (which would let safe code hand
    /// the kernel any address).
    fn check_value(&self, index: u32, size: usize) -> Result<()> {
        self.check_index(index)?;
        let given = format!("a value of {size} bytes");
        match self.param(index) {
            Some(ParamType::Value(_)) => Ok(()),
            Some(p) => Err(self.refuse(
                index,
                format!(
                    "{p} (memory: `set_arg_buffer`, or a launch with an array; a raw address \
                     only through the unsafe `set_arg_unchecked`)"
                ),
                given,
            )),
            None => Err(self.refuse(
                index,
                "a parameter of known type (the kernel's parameter types are unknown, so \
                 this one may be a pointer: set it with the unsafe `set_arg_unchecked`)"
                    .into(),
                given,
            )),
        }
    }

    /// Sets argument `index` to `size` bytes at `value` (null: no bytes, as a local size or a
    /// zero value), unless the driver holds exactly that already.
    ///
    /// Callers guarantee a non-null `value` holds `size` bytes.
    fn set_raw(&mut self, index: u32, size: usize, value: *const std::ffi::c_void) -> Result<()> {
        self.check_index(index)?;
        let bytes = (!value.is_null()).then(|| {
            // SAFETY: a non-null `value` holds `size` bytes (the callers' contract).
            unsafe { std::slice::from_raw_parts(value.cast::<u8>(), size) }
        });
        let i = index as usize;
        let same = matches!(&self.held[i], Held::Value { size: s, bytes: b }
            if *s == size && b.as_deref() == bytes);
        if !same {
            self.held[i] = Held::Unknown;
            // SAFETY: valid kernel; `value` is null or holds `size` bytes; `&mut self` excludes
            // concurrent setters.
            unsafe {
                calls::kernel::set_argument_value(
                    self.dispatch(),
                    self.inner.handle.get(),
                    index,
                    size,
                    value,
                )
            }
            .context(|| format!("kernel {}, argument {index}, {size} bytes", self.name))?;
            self.held[i] = Held::Value {
                size,
                bytes: bytes.map(SmallVec::from_slice),
            };
        }
        self.set[i] = true;
        self.buffers[i] = None;
        Ok(())
    }

    /// Sets argument `index` to `bytes` (a value's bytes).
    pub(crate) fn set_arg_bytes(&mut self, index: u32, bytes: &[u8]) -> Result<()> {
        self.set_raw(index, bytes.len(), bytes.as_ptr().cast())
    }

    /// Sets pointer argument `index` to `buffer[offset..offset + len]`; with `hold`, launches
    /// keep the buffer alive (without, the caller keeps it alive for the next launch, and
    /// forgets the argument after it).
    pub(crate) fn set_arg_buffer_range(
        &mut self,
        index: u32,
        buffer: &Allocation,
        offset: usize,
        len: usize,
        hold: bool,
    ) -> Result<()> {
        if buffer.context() != self.inner.module.context() {
            return Err(invalid(format!(
                "kernel {}: argument {index} is memory of another context",
                self.name
            )));
        }
        buffer.check_range(offset, len)?;
        let ptr = buffer.as_ptr().wrapping_byte_add(offset);
        let set_buffer = *self.set_buffer.get_or_insert_with(|| {
            let driver = self.inner.module.context().driver();
            crate::extension::set_argument_buffer(&driver.api, driver.handle)
        });
        match set_buffer {
            // The driver limits the argument to its range (the CPU driver's extension).
            Some(set) => {
                self.check_index(index)?;
                let i = index as usize;
                let held = Held::Range {
                    ptr: ptr as usize,
                    len,
                };
                if self.held[i] != held {
                    self.held[i] = Held::Unknown;
                    // SAFETY: valid kernel; `[ptr, ptr + len)` lies in `buffer` (checked
                    // above); `&mut self` excludes concurrent setters.
                    let r = unsafe { set(self.inner.handle.get(), index, ptr, len) };
                    ZeError::check("zexCpuKernelSetArgumentBuffer", r).context(|| {
                        format!("kernel {}, argument {index}, {len} bytes", self.name)
                    })?;
                    self.held[i] = held;
                }
                self.set[i] = true;
            }
            None => self.set_raw(
                index,
                size_of::<*mut std::ffi::c_void>(),
                (&ptr as *const *mut std::ffi::c_void).cast(),
            )?,
        }
        self.buffers[index as usize] = hold.then(|| buffer.clone());
        Ok(())
    }

    /// Marks buffer argument `index` unset and drops the kernel's hold on its memory.
    pub(crate) fn forget_arg(&mut self, index: u32) {
        if let Some(i) = self.buffers.get_mut(index as usize) {
            *i = None;
            self.set[index as usize] = false;
        }
    }

    /// Drops the kernel's hold on buffer argument `index`'s memory but keeps it set: the next
    /// launch does not retain it (its caller keeps the memory alive another way).
    pub(crate) fn release_hold(&mut self, index: u32) {
        if let Some(i) = self.buffers.get_mut(index as usize) {
            *i = None;
        }
    }

    /// Sets argument `index` to a value (scalar, vector, by-value struct): its bytes.
    ///
    /// Only a value parameter takes bytes in safe code. A pointer parameter (global, constant
    /// or generic) is refused: give it memory with [`set_arg_buffer`](Self::set_arg_buffer)
    /// (or a launch with an array, [`Kernel::launch`]), a null pointer with
    /// [`set_arg_null`](Self::set_arg_null), or a raw address with the unsafe
    /// [`set_arg_unchecked`](Self::set_arg_unchecked). When the kernel's parameter types are
    /// unknown ([`params`](Self::params) is `None`), any parameter may be a pointer, so every
    /// value is refused the same way.
    ///
    /// ```
    /// use level_zero::*;
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let mut saxpy = Module::new(&spirv)?.kernel("saxpy")?; // saxpy(float a, global const float* x, global float* y)
    /// saxpy.set_arg(0, &2.0f32)?;
    /// let v = vec![1.0f32; 256];
    /// let err = saxpy.set_arg(2, &(v.as_ptr() as u64)).unwrap_err();
    /// assert!(matches!(err, Error::KernelArgument { index: 2, .. }));
    /// assert!(err.to_string().starts_with("kernel saxpy, argument 2: expected global float*"), "{err}");
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn set_arg<T: bytemuck::Pod>(&mut self, index: u32, value: &T) -> Result<()> {
        self.check_value(index, size_of::<T>())?;
        self.set_raw(index, size_of::<T>(), (value as *const T).cast())
    }

    /// Sets argument `index` to the bytes of `value`, whatever the parameter is: a value, or
    /// an address for a pointer parameter. Only the index is checked (the driver checks the
    /// size).
    ///
    /// ```
    /// use level_zero::*;
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let mut saxpy = Module::new(&spirv)?.kernel("saxpy")?; // y = a * x + y
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let x = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0)?;
    /// let y = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0)?;
    /// saxpy.set_arg(0, &2.0f32)?;
    /// saxpy.set_arg_buffer(1, &x)?;
    /// // SAFETY: `y` is 64 floats of shared memory of the kernel's context; it outlives the
    /// // launch below (synchronized before `y` drops), and nothing else touches it meanwhile.
    /// unsafe { saxpy.set_arg_unchecked(2, &(y.as_ptr() as u64))? };
    /// saxpy.set_group_size([64, 1, 1])?;
    /// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
    /// list.launch(&saxpy, Groups::x(1), Deps::NONE)?;
    /// list.synchronize()?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    ///
    /// # Safety
    /// If argument `index` is a pointer parameter (or may be one: the parameter types are
    /// unknown), `value` is an address, and every launch of this kernel until the argument is
    /// set again reads and writes through it as the kernel does, unchecked by this crate. For
    /// each such launch the caller guarantees that the address (or null) points to memory the
    /// kernel's device may use (USM of the kernel's context, a module variable, or memory the
    /// driver lets kernels reach), large enough and aligned for every access the kernel makes
    /// through it; that the memory stays allocated until the launch completes (it is not freed,
    /// nor handed back to a pool that may give it to someone else); and that nothing else
    /// accesses it during the launch's whole run in a way that races the kernel: no live Rust
    /// reference to it (`&[T]` or `&mut [T]` of a `Vec`, a slice of an array) while the kernel
    /// may write it, no `&mut` while the kernel may read it, no other command writing it. A
    /// value parameter takes any bytes: then nothing is required.
    pub unsafe fn set_arg_unchecked<T: bytemuck::Pod>(
        &mut self,
        index: u32,
        value: &T,
    ) -> Result<()> {
        self.set_raw(index, size_of::<T>(), (value as *const T).cast())
    }

    /// Sets pointer argument `index` to `buffer`; launches keep the buffer alive.
    pub fn set_arg_buffer(&mut self, index: u32, buffer: &Allocation) -> Result<()> {
        self.set_arg_buffer_range(index, buffer, 0, buffer.size(), true)
    }

    /// Sets pointer argument `index` to null.
    pub fn set_arg_null(&mut self, index: u32) -> Result<()> {
        let null: *const std::ffi::c_void = std::ptr::null();
        self.set_raw(
            index,
            size_of::<*const std::ffi::c_void>(),
            (&null as *const *const std::ffi::c_void).cast(),
        )
    }

    /// Sets `__local` argument `index` to `bytes` of work-group memory. Refused for a
    /// parameter the kernel declares otherwise (a size for a global pointer would set it to
    /// null, or to nothing the caller meant).
    pub fn set_arg_local(&mut self, index: u32, bytes: usize) -> Result<()> {
        self.check_index(index)?;
        if let Some(p) = self.param(index) {
            if !matches!(
                p,
                ParamType::Pointer {
                    space: AddressSpace::Local,
                    ..
                }
            ) {
                return Err(self.refuse(
                    index,
                    p.to_string(),
                    format!("local memory of {bytes} bytes"),
                ));
            }
        }
        self.set_raw(index, bytes, std::ptr::null())
    }

    /// Sets the work-group size of later launches (checked against the device's limits).
    pub fn set_group_size(&mut self, size: [u32; 3]) -> Result<()> {
        // SAFETY: valid kernel; `&mut self` excludes concurrent setters.
        unsafe {
            calls::kernel::set_group_size(
                self.dispatch(),
                self.inner.handle.get(),
                size[0],
                size[1],
                size[2],
            )
        }
        .context(|| format!("kernel {}, group size {size:?}", self.name))?;
        self.group_size = size;
        Ok(())
    }

    /// The driver's suggested group size for `global` work-items.
    pub fn suggest_group_size(&self, global: [u32; 3]) -> Result<[u32; 3]> {
        // SAFETY: valid kernel.
        let (x, y, z) = unsafe {
            calls::kernel::suggest_group_size(
                self.dispatch(),
                self.inner.handle.get(),
                global[0],
                global[1],
                global[2],
            )
        }
        .context(|| format!("global size {global:?}"))?;
        Ok([x, y, z])
    }

    /// Picks a group shape for `n` work-items in one dimension and sets it; returns the group
    /// count covering `n`. Without a required group size the shape divides `n` exactly; with
    /// one, the last group may run past `n` and the kernel must guard against it. For a
    /// count with no good divisor (a large prime gives groups of one work-item) prefer
    /// [`Grid::for_len`](crate::Grid::for_len), which rounds up to a fast group size.
    pub fn configure_for(&mut self, n: u32) -> Result<Groups> {
        if n == 0 {
            return Ok(Groups([0, 1, 1]));
        }
        let size = match self.properties.required_group_size {
            Some(s) => s,
            None => {
                // The suggestion divides n exactly, so no work-item runs past the end.
                self.suggest_group_size([n, 1, 1])?
            }
        };
        self.set_group_size(size)?;
        Ok(Groups([n.div_ceil(size[0]), 1, 1]))
    }

    /// Most work-groups a cooperative launch may have (`zeKernelSuggestMaxCooperativeGroupCount`).
    pub fn max_cooperative_group_count(&self) -> Result<u32> {
        // SAFETY: valid kernel.
        Ok(unsafe {
            calls::kernel::suggest_max_cooperative_group_count(
                self.dispatch(),
                self.inner.handle.get(),
            )
        }?)
    }

    /// Lets the kernel reach allocations of these kinds without receiving them as arguments.
    pub fn set_indirect_access(&mut self, access: IndirectAccess) -> Result<()> {
        // SAFETY: valid kernel; `&mut self` excludes concurrent setters.
        Ok(unsafe {
            calls::kernel::set_indirect_access(
                self.dispatch(),
                self.inner.handle.get(),
                ze_kernel_indirect_access_flags_t(access.bits()),
            )
        }?)
    }

    /// Offsets the global ids of later launches (`zeKernelSetGlobalOffsetExp`).
    pub fn set_global_offset(&mut self, offset: [u32; 3]) -> Result<()> {
        // SAFETY: valid kernel; a null entry answers "unsupported".
        Ok(unsafe {
            calls::kernel_exp::set_global_offset_exp(
                self.dispatch(),
                self.inner.handle.get(),
                offset[0],
                offset[1],
                offset[2],
            )
        }?)
    }

    /// Checks every argument is set and adds to `retain` what a launch must keep alive: the
    /// kernel and its buffers.
    pub(crate) fn prepare_launch(&self, retain: &mut Vec<Retained>) -> Result<()> {
        if let Some(missing) = self.set.iter().position(|s| !s) {
            return Err(invalid(format!(
                "kernel {}: argument {missing} is not set",
                self.name
            )));
        }
        retain.push(self.inner.clone());
        retain.extend(
            self.buffers
                .iter()
                .flatten()
                .map(|b| b.0.clone() as Retained),
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::*;

    /// saxpy(float a, global const float* x, global float* y), made to forget its parameter
    /// types as a kernel of a module without readable SPIR-V would (the name that finds them
    /// is changed; the driver's handle is saxpy's).
    fn saxpy_of_unknown_types() -> Kernel {
        let spirv = include_bytes!("../../kernels/spv/saxpy-O2.spv");
        let mut k = Module::new(spirv).unwrap().kernel("saxpy").unwrap();
        assert!(k.params().is_some());
        k.name = "saxpy (types unknown)".into();
        k.params = None;
        assert!(k.params().is_none());
        k
    }

    /// Without parameter types, the safe setter refuses every value (any parameter may be a
    /// pointer) and points to the unsafe one. Catches: `check_value` accepting unknown
    /// parameters, or only refusing known pointers.
    #[test]
    fn set_arg_refuses_values_when_parameter_types_are_unknown() {
        let mut k = saxpy_of_unknown_types();
        let y = vec![1.0f32; 64];
        for e in [
            k.set_arg(2, &(y.as_ptr() as u64)).unwrap_err(),
            k.set_arg(0, &2.0f32).unwrap_err(),
            k.set_arg(1, &[0u8; 16]).unwrap_err(),
        ] {
            assert!(matches!(e, Error::KernelArgument { .. }), "{e}");
            let text = e.to_string();
            assert!(
                text.contains("unknown") && text.contains("set_arg_unchecked"),
                "{text}"
            );
        }
        // Memory and null still go through the safe setters.
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let x = Allocation::shared(&ctx, Some(&dev), 256, 0).unwrap();
        k.set_arg_buffer(1, &x).unwrap();
        k.set_arg_null(2).unwrap();
        // SAFETY: argument 0 is saxpy's float `a`: any 4 bytes.
        unsafe { k.set_arg_unchecked(0, &2.0f32) }.unwrap();
    }

    /// Without parameter types, a launch refuses value arguments (an 8-byte one could be an
    /// address) and takes an address only through `arg_address`. Catches: the builder's
    /// check counting arguments only, as it did.
    #[test]
    fn a_launch_refuses_values_when_parameter_types_are_unknown() {
        let mut k = saxpy_of_unknown_types();
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let x = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
        let mut y = vec![1.0f32; 64];
        let e = k
            .launch(Grid::for_len(64))
            .arg(&x)
            .arg(&x)
            .arg(y.as_mut_ptr() as u64)
            .run()
            .map(|_| ())
            .unwrap_err();
        assert!(matches!(e, Error::KernelArgument { index: 2, .. }), "{e}");
        assert!(e.to_string().contains("arg_address"), "{e}");
        assert_eq!(y, vec![1.0; 64]);
        let e = k
            .launch(Grid::for_len(64))
            .arg(2.0f32)
            .arg(&x)
            .arg(&x)
            .run()
            .map(|_| ())
            .unwrap_err();
        assert!(matches!(e, Error::KernelArgument { index: 0, .. }), "{e}");
    }

    /// A local size for a pointer parameter the kernel declares global is refused; unknown
    /// types leave it to the driver (on the CPU driver, a null pointer or an error).
    #[test]
    fn set_arg_local_checks_known_parameters_only() {
        let spirv = include_bytes!("../../kernels/spv/saxpy-O2.spv");
        let mut k = Module::new(spirv).unwrap().kernel("saxpy").unwrap();
        let e = k.set_arg_local(2, 8).unwrap_err();
        assert!(matches!(e, Error::KernelArgument { index: 2, .. }), "{e}");
        assert!(k.set_arg_local(9, 8).is_err());
        let mut k = saxpy_of_unknown_types();
        assert!(k.set_arg_local(2, 8).is_ok());
    }

    /// A setting that would change nothing makes no driver call, yet every launch runs with
    /// what it was given: new memory, a new value, the same again, and arguments the builder
    /// forgot (the driver still holds them) refused to a plain launch until set again.
    /// Catches: the memo of what the driver holds going stale (a skipped change), or standing
    /// in for `set` (a launch with forgotten memory).
    #[test]
    fn unchanged_settings_are_skipped_and_launches_see_every_change() {
        let spirv = include_bytes!("../../kernels/spv/saxpy-O2.spv");
        let mut k = Module::new(spirv).unwrap().kernel("saxpy").unwrap();
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let filled = |v: f32| {
            let a = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
            // SAFETY: 64 floats of shared memory, no command pending.
            unsafe { std::slice::from_raw_parts_mut(a.as_ptr().cast::<f32>(), 64) }.fill(v);
            a
        };
        // SAFETY: 64 floats of shared memory; read after the launches completed.
        let read = |a: &Allocation| unsafe { *a.as_ptr().cast::<f32>().add(63) };
        let (x1, x2) = (filled(1.0), filled(10.0));
        let (mut y1, mut y2) = (filled(0.0), filled(0.0));
        let grid = Grid::for_len(64);
        let run = |k: &mut Kernel, a: f32, x: &Allocation, y: &mut Allocation| {
            k.run(grid, (a, x, y)).unwrap().wait().unwrap();
        };
        run(&mut k, 2.0, &x1, &mut y1);
        run(&mut k, 2.0, &x1, &mut y1);
        assert_eq!(read(&y1), 4.0);
        run(&mut k, 2.0, &x2, &mut y2);
        assert_eq!(read(&y2), 20.0);
        run(&mut k, 3.0, &x1, &mut y2);
        assert_eq!(read(&y2), 23.0);
        // The builder forgot its buffers: a plain launch needs them set again.
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        let e = list.launch(&k, Groups::x(1), Deps::NONE).unwrap_err();
        assert!(e.to_string().contains("argument 1 is not set"), "{e}");
        k.set_arg_buffer(1, &x1).unwrap();
        k.set_arg_buffer(2, &y1).unwrap();
        k.set_arg(0, &3.0f32).unwrap();
        list.launch(&k, Groups::x(1), Deps::NONE).unwrap();
        list.synchronize().unwrap();
        assert_eq!(read(&y1), 7.0);
        // SAFETY: argument 0 is the float `a`: any 4 bytes.
        unsafe { k.set_arg_unchecked(0, &1.0f32) }.unwrap();
        list.launch(&k, Groups::x(1), Deps::NONE).unwrap();
        list.synchronize().unwrap();
        assert_eq!(read(&y1), 8.0);
    }
}
