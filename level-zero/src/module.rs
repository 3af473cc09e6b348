//! Modules: SPIR-V built for a device, with the build log in the error.

use crate::context::Context;
use crate::device::Device;
use crate::error::{invalid, Error, Result, ResultExt as _};
use crate::owned::Owned;
use crate::signature::ParamType;
use level_zero_sys::*;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::Arc;

/// A built module. Clones share it; kernels keep it alive.
///
/// ```
/// use level_zero::*;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
/// let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?;
/// assert!(module.kernel_names()?.contains(&"saxpy".to_string()));
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone)]
pub struct Module(pub(crate) Arc<ModuleInner>);

pub(crate) struct ModuleInner {
    // First: destroyed before the context is released; kernels keep the module alive.
    // Module queries and kernel creation may come from simultaneous threads.
    pub(crate) handle: Owned<ze_module_handle_t>,
    ctx: Context,
    device: Device,
    log: String,
    /// Parameter lists by kernel name, read from the SPIR-V (`None`: unreadable).
    signatures: Option<HashMap<String, Arc<[ParamType]>>>,
}

/// Build flags and specialization constants.
///
/// ```
/// let options = level_zero::BuildOptions::default().flags("-ze-opt-level=2").spec_constant(1, 42u32);
/// assert_eq!(options.spec_constants, vec![(1, 42u32.to_le_bytes().to_vec())]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Driver build flags, e.g. `-ze-opt-disable`.
    pub flags: String,
    /// `(SpecId, value bytes)` of specialization constants.
    pub spec_constants: Vec<(u32, Vec<u8>)>,
}

impl BuildOptions {
    /// Adds build flags (`-cl-...` options), space-separated.
    pub fn flags(mut self, flags: &str) -> Self {
        self.flags = flags.to_string();
        self
    }

    /// Sets specialization constant `id` to the bytes of `value`.
    pub fn spec_constant<T: bytemuck::Pod>(mut self, id: u32, value: T) -> Self {
        self.spec_constants
            .push((id, bytemuck::bytes_of(&value).to_vec()));
        self
    }
}

fn read_log(dispatch: &Dispatch, log: ze_module_build_log_handle_t) -> String {
    if log.is_null() {
        return String::new();
    }
    let mut size = 0usize;
    let mut text = String::new();
    // SAFETY: valid log handle; size query, then a buffer of that size; destroyed once.
    unsafe {
        if calls::module_build_log::get_string(dispatch, log, &mut size, std::ptr::null_mut())
            .is_ok()
            && size > 0
        {
            let mut buf = vec![0u8; size];
            if calls::module_build_log::get_string(
                dispatch,
                log,
                &mut size,
                buf.as_mut_ptr().cast(),
            )
            .is_ok()
            {
                text = String::from_utf8_lossy(&buf[..size.saturating_sub(1).min(buf.len())])
                    .into_owned();
            }
        }
        if let Err(e) = calls::module_build_log::destroy(dispatch, log) {
            log::error!("{e}");
        }
    }
    text
}

impl Module {
    /// Builds SPIR-V `spirv` with no options for the default device, in the default context
    /// ([`default_device`](crate::default_device), [`default_context`](crate::default_context)):
    /// the ones the array crate's arrays live on.
    ///
    /// ```
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let saxpy = level_zero::Module::new(&spirv)?.kernel("saxpy")?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn new(spirv: &[u8]) -> Result<Module> {
        let (ctx, dev) = (crate::default_context()?, crate::default_device()?);
        Self::from_spirv(&ctx, &dev, spirv, &BuildOptions::default())
    }

    /// Builds SPIR-V `spirv` for `device`. A failed build is [`Error::Build`] with the log.
    pub fn from_spirv(
        ctx: &Context,
        device: &Device,
        spirv: &[u8],
        options: &BuildOptions,
    ) -> Result<Module> {
        ctx.check_device(device)?;
        if spirv.is_empty() || spirv.len() % 4 != 0 {
            return Err(invalid(format!(
                "SPIR-V module of {} bytes: the size must be a non-zero multiple of 4",
                spirv.len()
            )));
        }
        let flags = CString::new(options.flags.as_str())
            .map_err(|_| invalid("build flags contain a NUL byte"))?;
        let ids: Vec<u32> = options.spec_constants.iter().map(|c| c.0).collect();
        let mut values: Vec<*const c_void> = options
            .spec_constants
            .iter()
            .map(|c| c.1.as_ptr().cast())
            .collect();
        let constants = ze_module_constants_t {
            numConstants: ids.len() as u32,
            pConstantIds: ids.as_ptr(),
            pConstantValues: values.as_mut_ptr(),
        };
        let desc = ze_module_desc_t {
            format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
            inputSize: spirv.len(),
            pInputModule: spirv.as_ptr(),
            pBuildFlags: flags.as_ptr(),
            // No constants: no structure (an empty Vec's pointer dangles, and a layer that
            // prints the descriptor reads through it: Intel's validation layer v1.32 did).
            pConstants: if ids.is_empty() {
                std::ptr::null()
            } else {
                &constants
            },
            ..Default::default()
        };
        let mut log = std::ptr::null_mut();
        // SAFETY: the descriptor and everything it points to live for the call.
        let created = unsafe {
            calls::module::create(ctx.dispatch(), ctx.handle(), device.handle, &desc, &mut log)
        };
        let log = read_log(ctx.dispatch(), log);
        let handle = created.map_err(|e| Error::Build {
            result: e.result,
            log: log.clone(),
        })?;
        Ok(Module(Arc::new(ModuleInner {
            handle: Owned::new(ctx.api(), handle),
            ctx: ctx.clone(),
            device: device.clone(),
            log,
            signatures: crate::signature::read(spirv)
                .map(|m| m.into_iter().map(|(k, v)| (k, Arc::from(v))).collect()),
        })))
    }

    /// Links `modules` (`zeModuleDynamicLink`): each one's imported functions are resolved
    /// with the others' exports, and its kernels that call them can be created from then on.
    /// The modules must share a context. A failed link is [`Error::Build`] with the log,
    /// which names the symbol.
    ///
    /// ```
    /// use level_zero::Module;
    /// let spv = |n| std::fs::read(format!("{}/../kernels/link/{n}-O2.spv", env!("CARGO_MANIFEST_DIR"))).unwrap();
    /// let app = Module::new(&spv("link_fn"))?; // calls scale(), which it imports
    /// assert!(app.kernel("fn_scale").is_err());
    /// let lib = Module::new(&spv("link_lib"))?; // exports scale()
    /// Module::link(&[&app, &lib])?;
    /// let kernel = app.kernel("fn_scale")?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn link(modules: &[&Module]) -> Result<()> {
        let Some(first) = modules.first() else {
            return Ok(());
        };
        if modules.iter().any(|m| m.context() != first.context()) {
            return Err(invalid("modules of different contexts cannot be linked"));
        }
        let mut handles: Vec<ze_module_handle_t> = modules.iter().map(|m| m.handle()).collect();
        let dispatch = first.0.ctx.dispatch();
        let mut log = std::ptr::null_mut();
        // SAFETY: live module handles of one context; the array and log are live locals.
        let linked = unsafe {
            calls::module::dynamic_link(
                dispatch,
                handles.len() as u32,
                handles.as_mut_ptr(),
                &mut log,
            )
        };
        let log = read_log(dispatch, log);
        linked.map_err(|e| Error::Build {
            result: e.result,
            log,
        })
    }

    /// The raw handle (for calls this crate does not wrap).
    pub fn handle(&self) -> ze_module_handle_t {
        self.0.handle.get()
    }

    /// The context the module belongs to.
    pub fn context(&self) -> &Context {
        &self.0.ctx
    }

    /// The device the module was built for.
    pub fn device(&self) -> &Device {
        &self.0.device
    }

    /// The build log of a successful build (warnings; often empty).
    pub fn build_log(&self) -> &str {
        &self.0.log
    }

    /// Names of the module's kernels.
    pub fn kernel_names(&self) -> Result<Vec<String>> {
        let names = crate::driver::list(std::ptr::null(), |count, array: *mut *const c_char| {
            // SAFETY: valid module; count-and-array protocol.
            Ok(unsafe {
                calls::module::get_kernel_names(
                    self.0.ctx.dispatch(),
                    self.0.handle.get(),
                    count,
                    array,
                )
            }?)
        })?;
        // SAFETY: the driver returns NUL-terminated names that live as long as the module.
        Ok(names
            .iter()
            .map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
            .collect())
    }

    /// The module's native binary (the SPIR-V itself on the CPU driver).
    pub fn native_binary(&self) -> Result<Vec<u8>> {
        let mut size = 0usize;
        // SAFETY: valid module; size query then a buffer of that size.
        unsafe {
            calls::module::get_native_binary(
                self.0.ctx.dispatch(),
                self.0.handle.get(),
                &mut size,
                std::ptr::null_mut(),
            )
        }?;
        let mut bytes = vec![0u8; size];
        // SAFETY: as above.
        unsafe {
            calls::module::get_native_binary(
                self.0.ctx.dispatch(),
                self.0.handle.get(),
                &mut size,
                bytes.as_mut_ptr(),
            )
        }?;
        bytes.truncate(size);
        Ok(bytes)
    }

    /// Address and size of program-scope variable `name` (device memory of the module).
    pub fn global_pointer(&self, name: &str) -> Result<(*mut c_void, usize)> {
        let cname = CString::new(name).map_err(|_| invalid("global name contains a NUL byte"))?;
        let (mut size, mut ptr) = (0usize, std::ptr::null_mut());
        // SAFETY: valid module; locals as out-values.
        let r = unsafe {
            calls::module::get_global_pointer(
                self.0.ctx.dispatch(),
                self.0.handle.get(),
                cname.as_ptr(),
                &mut size,
                &mut ptr,
            )
        };
        r.context(|| format!("global {name:?}"))?;
        Ok((ptr, size))
    }

    /// The value of a pointer to function `name` of the module (`zeModuleGetFunctionPointer`,
    /// `SPV_INTEL_function_pointers`), to pass to a kernel that calls through it. It is a
    /// device code address, not memory: nothing on the host can dereference it.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/function_pointers-O2.spv")).unwrap();
    /// let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?;
    /// let negate = module.function_pointer("negate")?;
    /// let out = Allocation::shared(&ctx, Some(&dev), 4 * 8, 4)?;
    /// let mut k = module.kernel("apply_given")?;
    /// k.set_group_size([8, 1, 1])?;
    /// k.set_arg_buffer(0, &out)?;
    /// // SAFETY: argument 1 is the kernel's `ulong f`, a value, not a pointer (`set_arg` refuses
    /// // it while this crate cannot read the parameter types of a module with function
    /// // pointers).
    /// unsafe { k.set_arg_unchecked(1, &negate)? };
    /// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
    /// list.launch(&k, Groups([1, 1, 1]), Deps::NONE)?;
    /// list.synchronize()?;
    /// assert!(module.function_pointer("no_such_function").is_err());
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn function_pointer(&self, name: &str) -> Result<u64> {
        let cname = CString::new(name).map_err(|_| invalid("function name contains a NUL byte"))?;
        // SAFETY: valid module; a NUL-terminated name.
        let r = unsafe {
            calls::module::get_function_pointer(
                self.0.ctx.dispatch(),
                self.0.handle.get(),
                cname.as_ptr(),
            )
        };
        Ok(r.context(|| format!("function {name:?}"))? as u64)
    }

    /// The parameter list of kernel `name`, as the module's SPIR-V declares it (`None` if
    /// the module could not be read or has no such kernel).
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let module = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?;
    /// let params: Vec<String> = module.parameters("saxpy").unwrap().iter().map(|p| p.to_string()).collect();
    /// assert_eq!(params, ["float", "global const float*", "global float*"]);
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn parameters(&self, name: &str) -> Option<&[ParamType]> {
        self.0.signatures.as_ref()?.get(name).map(|p| &**p)
    }

    /// [`parameters`](Self::parameters), shared (a kernel keeps its own).
    pub(crate) fn parameters_shared(&self, name: &str) -> Option<Arc<[ParamType]>> {
        self.0.signatures.as_ref()?.get(name).cloned()
    }
}
