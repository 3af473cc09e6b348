//! Intel's Unified Memory Framework (`libumf.so`, opened at run time: no build-time
//! dependency): its Level Zero memory provider under its disjoint, scalable and proxy pools.
//! Only the few entry points the bench calls are declared, by hand, from UMF 1.2's headers
//! (`umf/memory_pool.h`, `memory_provider.h`, `experimental/ctl.h`,
//! `providers/provider_level_zero.h`, `pools/pool_disjoint.h`, `pool_scalable.h`,
//! `pool_proxy.h`).

use libloading::Library;
use oneapi::level_zero::{Context, Device};
use oneapi::onearray::MemoryKind;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::null_mut;

type Handle = *mut c_void;
/// `umf_result_t`: 0 is `UMF_RESULT_SUCCESS`.
type UmfResult = i32;
type OpsFn = unsafe extern "C" fn() -> *const c_void;
type ParamsFn = unsafe extern "C" fn(*mut Handle) -> UmfResult;
type DestroyFn = unsafe extern "C" fn(Handle) -> UmfResult;
type SetHandleFn = unsafe extern "C" fn(Handle, Handle) -> UmfResult;

/// `UMF_POOL_CREATE_FLAG_OWN_PROVIDER`: the pool destroys its provider.
const OWN_PROVIDER: u32 = 1;

/// The pools of UMF the bench compares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PoolKind {
    /// Buckets of slabs (what Intel's SYCL runtime pools USM with).
    Disjoint,
    /// oneTBB's scalable allocator over the provider (needs `libtbbmalloc.so.2`).
    Scalable,
    /// Every request straight to the provider (no caching).
    Proxy,
}

impl PoolKind {
    pub const ALL: [PoolKind; 3] = [PoolKind::Disjoint, PoolKind::Scalable, PoolKind::Proxy];

    pub fn name(self) -> &'static str {
        match self {
            PoolKind::Disjoint => "UMF disjoint",
            PoolKind::Scalable => "UMF scalable",
            PoolKind::Proxy => "UMF proxy",
        }
    }
}

/// The UMF entry points the bench uses.
pub struct Umf {
    l0_ops: OpsFn,
    l0_params_create: ParamsFn,
    l0_params_destroy: DestroyFn,
    l0_set_context: SetHandleFn,
    l0_set_device: SetHandleFn,
    l0_set_memory_type: unsafe extern "C" fn(Handle, u32) -> UmfResult,
    provider_create: unsafe extern "C" fn(*const c_void, Handle, *mut Handle) -> UmfResult,
    provider_destroy: DestroyFn,
    pool_create: unsafe extern "C" fn(*const c_void, Handle, Handle, u32, *mut Handle) -> UmfResult,
    pool_destroy: DestroyFn,
    pool_malloc: unsafe extern "C" fn(Handle, usize) -> *mut c_void,
    pool_free: unsafe extern "C" fn(Handle, *mut c_void) -> UmfResult,
    disjoint_ops: OpsFn,
    disjoint_params_create: ParamsFn,
    disjoint_params_destroy: DestroyFn,
    scalable_ops: OpsFn,
    scalable_params_create: ParamsFn,
    scalable_params_destroy: DestroyFn,
    proxy_ops: OpsFn,
    /// `umfCtlGet(path, arg, size, ...)`: the `{}` of `path` are the variadic arguments.
    ctl_get: unsafe extern "C" fn(*const c_char, *mut c_void, usize, ...) -> UmfResult,
    _lib: Library,
}

impl Umf {
    /// Opens `UMF_LIB`, else `libumf.so.1` where the dynamic linker finds it. Leaked: pools
    /// and the bench's worker threads refer to it for the rest of the process.
    pub fn open() -> Result<&'static Umf, String> {
        let path = std::env::var("UMF_LIB").unwrap_or_else(|_| "libumf.so.1".into());
        // SAFETY: opening the library runs its initialisers only.
        let lib = unsafe { Library::new(&path) }.map_err(|e| format!("{path}: {e}"))?;
        macro_rules! sym {
            ($name:literal) => {
                // SAFETY: the field's type is the function's signature in UMF 1.2's headers.
                *unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                    .map_err(|e| format!("{path}: {}: {e}", $name))?
            };
        }
        let umf = Umf {
            l0_ops: sym!("umfLevelZeroMemoryProviderOps"),
            l0_params_create: sym!("umfLevelZeroMemoryProviderParamsCreate"),
            l0_params_destroy: sym!("umfLevelZeroMemoryProviderParamsDestroy"),
            l0_set_context: sym!("umfLevelZeroMemoryProviderParamsSetContext"),
            l0_set_device: sym!("umfLevelZeroMemoryProviderParamsSetDevice"),
            l0_set_memory_type: sym!("umfLevelZeroMemoryProviderParamsSetMemoryType"),
            provider_create: sym!("umfMemoryProviderCreate"),
            provider_destroy: sym!("umfMemoryProviderDestroy"),
            pool_create: sym!("umfPoolCreate"),
            pool_destroy: sym!("umfPoolDestroy"),
            pool_malloc: sym!("umfPoolMalloc"),
            pool_free: sym!("umfPoolFree"),
            disjoint_ops: sym!("umfDisjointPoolOps"),
            disjoint_params_create: sym!("umfDisjointPoolParamsCreate"),
            disjoint_params_destroy: sym!("umfDisjointPoolParamsDestroy"),
            scalable_ops: sym!("umfScalablePoolOps"),
            scalable_params_create: sym!("umfScalablePoolParamsCreate"),
            scalable_params_destroy: sym!("umfScalablePoolParamsDestroy"),
            proxy_ops: sym!("umfProxyPoolOps"),
            ctl_get: sym!("umfCtlGet"),
            _lib: lib,
        };
        Ok(Box::leak(Box::new(umf)))
    }

    /// A pool of `kind` with its default parameters over a new Level Zero provider of memory
    /// `mem` on `ctx` and `dev` (handles of the same driver the loader gives UMF).
    pub fn pool(
        &'static self,
        kind: PoolKind,
        ctx: &Context,
        dev: &Device,
        mem: MemoryKind,
    ) -> Result<UmfPool, String> {
        let check = |what: &str, r: UmfResult| match r {
            0 => Ok(()),
            r => Err(format!("{what}: umf_result_t {r}")),
        };
        // `umf_usm_memory_type_t`: HOST 1, DEVICE 2, SHARED 3.
        let ty = match mem {
            MemoryKind::Host => 1,
            MemoryKind::Device => 2,
            MemoryKind::Shared => 3,
        };
        let mut params = null_mut();
        // SAFETY: `params` is written by the call; the handles are live (borrowed for the
        // call; the context and device outlive the pool: the default ones live for the
        // process); every params handle is destroyed once, after the create that read it.
        let provider = unsafe {
            check("L0 params", (self.l0_params_create)(&mut params))?;
            let set = check(
                "L0 context",
                (self.l0_set_context)(params, ctx.handle().cast()),
            )
            .and_then(|()| {
                let d = if mem == MemoryKind::Host {
                    null_mut()
                } else {
                    dev.handle().cast()
                };
                check("L0 device", (self.l0_set_device)(params, d))
            })
            .and_then(|()| check("L0 memory type", (self.l0_set_memory_type)(params, ty)));
            let mut provider = null_mut();
            let made = set.and_then(|()| {
                check(
                    "umfMemoryProviderCreate",
                    (self.provider_create)((self.l0_ops)(), params, &mut provider),
                )
            });
            (self.l0_params_destroy)(params);
            made?;
            provider
        };
        let mut pool = null_mut();
        // SAFETY: as above; the pool owns the provider once created (destroyed with it), and
        // destroys nothing else; on failure the provider is destroyed here, once.
        unsafe {
            let (ops, create, destroy): (OpsFn, Option<ParamsFn>, Option<DestroyFn>) = match kind {
                PoolKind::Disjoint => (
                    self.disjoint_ops,
                    Some(self.disjoint_params_create),
                    Some(self.disjoint_params_destroy),
                ),
                PoolKind::Scalable => (
                    self.scalable_ops,
                    Some(self.scalable_params_create),
                    Some(self.scalable_params_destroy),
                ),
                PoolKind::Proxy => (self.proxy_ops, None, None),
            };
            let mut params = null_mut();
            let mut r = create.map_or(0, |c| c(&mut params));
            if r == 0 {
                r = (self.pool_create)(ops(), provider, params, OWN_PROVIDER, &mut pool);
            }
            if let Some(d) = destroy.filter(|_| !params.is_null()) {
                d(params);
            }
            if r != 0 {
                (self.provider_destroy)(provider);
                return Err(format!("umfPoolCreate ({}): umf_result_t {r}", kind.name()));
            }
        }
        Ok(UmfPool {
            umf: self,
            pool,
            provider,
        })
    }
}

/// A UMF pool and its provider (destroyed together).
pub struct UmfPool {
    umf: &'static Umf,
    pool: Handle,
    provider: Handle,
}

// SAFETY: UMF's pools and providers are thread-safe (its `memory_pool.h`: every pool
// operation may be called concurrently); the handles are plain pointers to them.
unsafe impl Send for UmfPool {}
// SAFETY: as above.
unsafe impl Sync for UmfPool {}

impl UmfPool {
    /// `umfPoolMalloc`: null when it failed.
    pub fn malloc(&self, bytes: usize) -> *mut c_void {
        // SAFETY: the pool is live until `self` drops.
        unsafe { (self.umf.pool_malloc)(self.pool, bytes) }
    }

    /// `umfPoolFree` of what [`malloc`](Self::malloc) of this pool returned.
    pub fn free(&self, ptr: *mut c_void) {
        // SAFETY: as above; `ptr` came from this pool and is freed once (the caller's word).
        unsafe { (self.umf.pool_free)(self.pool, ptr) };
    }

    /// Bytes the provider holds from the driver now (its `stats.allocated_memory`).
    pub fn allocated(&self) -> Option<u64> {
        let path: &CStr = c"umf.provider.by_handle.{}.stats.allocated_memory";
        let mut out = 0usize;
        // SAFETY: the path's one `{}` is the provider handle passed after the size; `out` is
        // writable for `size_of::<usize>()` bytes, the size of the statistic.
        let r = unsafe {
            (self.umf.ctl_get)(
                path.as_ptr(),
                (&raw mut out).cast(),
                std::mem::size_of::<usize>(),
                self.provider,
            )
        };
        (r == 0).then_some(out as u64)
    }
}

impl Drop for UmfPool {
    fn drop(&mut self) {
        // SAFETY: the pool is live and destroyed once; it destroys its provider.
        unsafe { (self.umf.pool_destroy)(self.pool) };
    }
}
