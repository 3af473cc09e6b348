//! Modules and build logs: `zeModuleCreate` builds SPIR-V into lowered kernels.

use crate::abi::*;
use crate::context::Context;
use crate::handle::{self, HandleKind, Object};
use level_zero_sys::*;
use std::collections::{BTreeMap, HashMap};
use std::ffi::{c_char, CStr, CString};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock, Weak};

/// A built module.
pub struct Module {
    pub context: Arc<Context>,
    /// What it was built into; `zeModuleDynamicLink` replaces it once, by the module linked
    /// with the exports it imports.
    built: RwLock<Arc<spirv_exec::Module>>,
    pub spirv: Vec<u8>,
    pub id: u64,
    /// NUL-terminated names of the kernels that can be created, for `zeModuleGetKernelNames`:
    /// a dynamic link appends those it makes available; none is dropped before the module
    /// (the pointers handed out stay valid).
    pub names: Mutex<Vec<CString>>,
    /// How it was built, for a dynamic link: its specialization constants and executor.
    spec: HashMap<u32, u64>,
    backend: &'static dyn spirv_exec::Backend,
    /// What it imports and exports as created (`LinkageAttributes`, built-ins aside); what
    /// it is built into after a dynamic link imports nothing.
    pub linkage: spirv_exec::Linkage,
}

impl Object for Module {
    const KIND: HandleKind = HandleKind::Module;
}

/// The module-scope memory of every live module with globals: base → (end, module), so that
/// a pointer from `zeModuleGetGlobalPointer` can be passed to any kernel of the context.
static GLOBALS: Mutex<BTreeMap<usize, (usize, Weak<Module>)>> = Mutex::new(BTreeMap::new());

impl Module {
    /// Builds SPIR-V `bytes` into a module of `ctx` (`zeModuleCreate`). Build flags (e.g.
    /// -cl-fast-relaxed-math) are accepted (both executors are exact);
    /// `-level-zero-cpu-exec=jit|interp` in `flags` chooses the executor of this module.
    /// `constants` reads the specialization constants for the module's words. `Err` is the
    /// build log.
    pub fn build(
        ctx: Arc<Context>,
        bytes: Vec<u8>,
        flags: &str,
        constants: impl FnOnce(&[u32]) -> Result<HashMap<u32, u64>, String>,
    ) -> Result<Arc<Module>, String> {
        let words = spirv_exec::words(&bytes).map_err(|e| e.to_string())?;
        let backend = backend(flags)?;
        let spec = constants(&words)?;
        let built =
            spirv_exec::Module::build_with(&words, &spec, backend).map_err(|e| e.to_string())?;
        Ok(Module::new(ctx, built, bytes, spec, backend))
    }

    /// Builds one module from several SPIR-V modules linked by their linkage attributes
    /// (`zeModuleCreate` with a `ze_module_program_exp_desc_t`): `inputs` are each module's
    /// bytes and its specialization constants (read by `constants` for its words), `flags`
    /// the build flags of them all. Its native binary is the linked module. `Err` is the
    /// build log.
    pub fn build_program(
        ctx: Arc<Context>,
        inputs: &[&[u8]],
        flags: &str,
        mut constants: impl FnMut(usize, &[u32]) -> Result<HashMap<u32, u64>, String>,
    ) -> Result<Arc<Module>, String> {
        let backend = backend(flags)?;
        let mut words = Vec::with_capacity(inputs.len());
        let mut specs = Vec::with_capacity(inputs.len());
        for (i, bytes) in inputs.iter().enumerate() {
            let w = spirv_exec::words(bytes).map_err(|e| format!("input {i}: {e}"))?;
            specs.push(constants(i, &w).map_err(|e| format!("input {i}: {e}"))?);
            words.push(w);
        }
        let linked: Vec<(&[u32], &HashMap<u32, u64>)> =
            words.iter().map(Vec::as_slice).zip(&specs).collect();
        let linked = spirv_exec::Module::link(&linked).map_err(|e| e.to_string())?;
        let built = spirv_exec::Module::build_with(&linked, &HashMap::new(), backend)
            .map_err(|e| e.to_string())?;
        let spirv = linked.iter().flat_map(|w| w.to_le_bytes()).collect();
        Ok(Module::new(ctx, built, spirv, HashMap::new(), backend))
    }

    /// The module of context `ctx` built from SPIR-V `spirv`, its module-scope variables
    /// registered (`module_of_global`).
    fn new(
        ctx: Arc<Context>,
        built: spirv_exec::Module,
        spirv: Vec<u8>,
        spec: HashMap<u32, u64>,
        backend: &'static dyn spirv_exec::Backend,
    ) -> Arc<Module> {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let linkage = built.linkage().clone();
        let names = Mutex::new(kernel_names(&built));
        let module = Arc::new(Module {
            context: ctx,
            built: RwLock::new(Arc::new(built)),
            spirv,
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            names,
            spec,
            backend,
            linkage,
        });
        module.register_globals();
        module
    }

    /// Registers the module-scope variables of what it is built into (`module_of_global`).
    fn register_globals(self: &Arc<Self>) {
        let (base, end) = self.globals_range();
        if end > base {
            GLOBALS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(base, (end, Arc::downgrade(self)));
        }
    }

    /// What it is built into (kernels created keep theirs).
    pub fn built(&self) -> Arc<spirv_exec::Module> {
        self.built.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The bytes of module-scope variables: `[base, end)`.
    pub fn globals_range(&self) -> (usize, usize) {
        let globals = self.built().globals();
        (globals.base, globals.end)
    }

    /// Resolves this module's imports with the modules of `exporters` (`zeModuleDynamicLink`:
    /// each name to the first module of the call that exports it): it is rebuilt linked with
    /// the modules that export them (and with theirs, in turn), keeping its own kernels. `Err`
    /// is the log's text. An imported variable is refused: it would be a copy, not the
    /// exporting module's.
    pub fn link_with(
        self: &Arc<Self>,
        exporters: &HashMap<&str, &Arc<Module>>,
    ) -> Result<(), String> {
        if self.built().linkage().imports.is_empty() {
            return Ok(());
        }
        if let Some(v) = self.linkage.imported_variables.first() {
            return Err(format!(
                "imports variable {v}: variables are not linked across modules (link them \
                 statically, with ze_module_program_exp_desc_t)"
            ));
        }
        // The exporters this module needs, then those they need.
        let mut inputs: Vec<&Module> = vec![self];
        let mut wanted: Vec<&String> = self.linkage.imports.iter().collect();
        while let Some(name) = wanted.pop() {
            if inputs.iter().any(|m| m.linkage.exports.contains(name)) {
                continue;
            }
            let Some(m) = exporters.get(name.as_str()).filter(|m| m.id != self.id) else {
                return Err(format!("unresolved symbol {name}: no module exports it"));
            };
            wanted.extend(&m.linkage.imports);
            inputs.push(m);
        }
        let words: Vec<Vec<u32>> = inputs
            .iter()
            .map(|m| spirv_exec::words(&m.spirv).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let linked: Vec<(&[u32], &HashMap<u32, u64>)> = words
            .iter()
            .map(Vec::as_slice)
            .zip(inputs.iter().map(|m| &m.spec))
            .collect();
        let linked = spirv_exec::Module::link_into(&linked, 0).map_err(|e| e.to_string())?;
        let built = spirv_exec::Module::build_with(&linked, &HashMap::new(), self.backend)
            .map_err(|e| e.to_string())?;
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        for n in kernel_names(&built) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        drop(names);
        *self.built.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(built);
        self.register_globals();
        Ok(())
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        // Every range it registered (what it was built into, and relinked into).
        GLOBALS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, (_, m)| m.strong_count() > 0);
    }
}

/// The live module whose module-scope variables hold `[ptr, ptr + 1)`.
pub fn module_of_global(ptr: usize) -> Option<Arc<Module>> {
    let globals = GLOBALS.lock().unwrap_or_else(|e| e.into_inner());
    let (_, (end, module)) = globals.range(..=ptr).next_back()?;
    if ptr < *end {
        module.upgrade()
    } else {
        None
    }
}

/// The names of `built`'s kernels, NUL-terminated.
fn kernel_names(built: &spirv_exec::Module) -> Vec<CString> {
    built
        .kernels()
        .iter()
        .map(|k| CString::new(k.name()).unwrap_or_default())
        .collect()
}

/// The executor `flags` choose (`-level-zero-cpu-exec=jit|interp`), else the configured one.
fn backend(flags: &str) -> Result<&'static dyn spirv_exec::Backend, String> {
    let exec = flags
        .split_whitespace()
        .find_map(|f| f.strip_prefix("-level-zero-cpu-exec="))
        .unwrap_or(&crate::config::config().exec);
    spirv_exec::backend_named(exec)
        .ok_or_else(|| format!("-level-zero-cpu-exec={exec}: not an executor (jit or interp)"))
}

/// A build log.
pub struct BuildLog {
    pub text: CString,
}

impl Object for BuildLog {
    const KIND: HandleKind = HandleKind::ModuleBuildLog;
}

pub fn module(h: ze_module_handle_t) -> ZeResult<Arc<Module>> {
    crate::driver::initialised()?;
    handle::get::<Module, _>(h)
}

pub fn make_log(text: &str, context: usize, out: *mut ze_module_build_log_handle_t) {
    if !out.is_null() {
        let text = CString::new(text.replace('\0', " ")).unwrap_or_default();
        // SAFETY: `out` is non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(BuildLog { text }), context)) };
    }
}

/// Reads the specialization constants of a module descriptor.
///
/// # Safety
/// `constants`, if non-null, must describe `numConstants` ids and value pointers, each value
/// at least as large as its constant's type.
pub unsafe fn spec_constants(
    words: &[u32],
    constants: *const ze_module_constants_t,
) -> Result<HashMap<u32, u64>, String> {
    let mut spec = HashMap::new();
    // SAFETY: caller contract.
    let Some(c) = (unsafe { constants.as_ref() }) else {
        return Ok(spec);
    };
    if c.numConstants == 0 {
        return Ok(spec);
    }
    if c.pConstantIds.is_null() || c.pConstantValues.is_null() {
        return Err("specialization constants: null id or value array".into());
    }
    let sizes = spirv_exec::Module::spec_constant_sizes(words).map_err(|e| e.to_string())?;
    for i in 0..c.numConstants as usize {
        // SAFETY: the arrays hold numConstants entries (caller contract).
        let (sid, value) = unsafe { (*c.pConstantIds.add(i), *c.pConstantValues.add(i)) };
        // An id the module does not declare is ignored (as the constant it would set).
        let Some(&size) = sizes.get(&sid) else {
            continue;
        };
        if value.is_null() {
            return Err(format!("specialization constant {sid}: null value"));
        }
        let mut bytes = [0u8; 8];
        // SAFETY: the value holds at least `size` bytes (caller contract).
        unsafe {
            std::ptr::copy_nonoverlapping(value.cast::<u8>(), bytes.as_mut_ptr(), size.min(8))
        };
        spec.insert(sid, u64::from_le_bytes(bytes));
    }
    Ok(spec)
}

/// The spec's string protocol: `*size == 0` or a null buffer asks for the size (with NUL);
/// otherwise copies up to `*size` bytes, NUL-terminated.
///
/// # Safety
/// `size` valid for reads and writes; a non-null `out` holds `*size` bytes.
pub unsafe fn write_string(size: *mut usize, out: *mut c_char, text: &CStr) -> ZeResult {
    ensure(!size.is_null(), NULL_POINTER)?;
    let bytes = text.to_bytes_with_nul();
    // SAFETY: non-null, valid by contract.
    let room = unsafe { *size };
    if room == 0 || out.is_null() {
        // SAFETY: as above.
        unsafe { *size = bytes.len() };
        return Ok(());
    }
    let n = room.min(bytes.len());
    // SAFETY: the buffer holds `room >= n` bytes.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr().cast::<c_char>(), out, n);
        *out.add(n - 1) = 0;
        *size = n;
    }
    Ok(())
}
