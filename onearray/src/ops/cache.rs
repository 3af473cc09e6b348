//! Generated kernels, built once per (context, device, kernel spec).
//!
//! A [`Kernel`] holds its arguments, so one cannot serve two launches being assembled at
//! once: the cache keeps each spec's module with a free list of kernels, and a launch checks
//! one out (creating another only when every one is in use on other threads) and back in.
//! The lock is held while a missing module is built (the first use of an expression shape),
//! never during a launch.

use super::spec::{Spec, SpecKind};
use super::Ty;
use super::{codegen, reduce_kernel};
use crate::error::{Error, Result};
use level_zero::{BuildOptions, Context, Device, Kernel, Module, ShutdownStage};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, Once, PoisonError};

type Key = (usize, usize, Spec);

struct Built {
    module: Module,
    idle: Vec<Kernel>,
}

static CACHE: Mutex<Option<HashMap<Key, Built>>> = Mutex::new(None);
static BUILDS: AtomicUsize = AtomicUsize::new(0);

/// How many kernels device operations have generated and built so far in this process
/// (each expression shape and type once per context and device).
///
/// ```
/// use onearray::OneArray;
/// let x = OneArray::<u64>::from_slice(&[1, 2, 3])?;
/// (&x * 5).eval()?;
/// let built = onearray::ops::generated_kernels();
/// (&x * 7).eval()?; // another scalar value: the same kernel
/// assert_eq!(onearray::ops::generated_kernels(), built);
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn generated_kernels() -> usize {
    BUILDS.load(Ordering::Relaxed)
}

fn release_all() {
    let cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner).take();
    drop(cache);
}

/// Checks the device supports every type of `spec`.
fn check_types(dev: &Device, spec: &Spec) -> Result<()> {
    let tys = spec.types();
    let needs = |t| tys.contains(&t);
    if !needs(Ty::F64) && !needs(Ty::F16) {
        return Ok(());
    }
    let props = dev.module_properties()?;
    let unsupported = if needs(Ty::F64) && !props.fp64 {
        "f64"
    } else if needs(Ty::F16) && !props.fp16 {
        "f16"
    } else {
        return Ok(());
    };
    Err(Error::Unsupported {
        ty: unsupported,
        device: dev.properties().map(|p| p.name).unwrap_or_default(),
    })
}

/// Builds the kernel of `spec` as a SPIR-V 1.0 binary.
pub(super) fn build(spec: &Spec) -> Result<Vec<u32>, rspirv::dr::Error> {
    match spec.kind {
        SpecKind::Map => codegen::map_kernel(spec),
        SpecKind::Reduce { op, group } => reduce_kernel::reduce_kernel(spec, op, group),
        SpecKind::Swap => codegen::swap_kernel(spec),
        SpecKind::CopyBatch => super::copy_batch::kernel(spec),
    }
}

/// Runs `f` with a kernel of `spec` for `(ctx, dev)`, building it on first use.
pub(crate) fn with_kernel<R>(
    ctx: &Context,
    dev: &Device,
    spec: &Spec,
    f: impl FnOnce(&mut Kernel) -> Result<R>,
) -> Result<R> {
    static AT_SHUTDOWN: Once = Once::new();
    AT_SHUTDOWN.call_once(|| level_zero::at_shutdown(ShutdownStage::Trim, release_all));
    let key = (ctx.handle() as usize, dev.handle() as usize, spec.clone());
    let mut kernel = {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        let cache = cache.get_or_insert_with(HashMap::new);
        if let Some(built) = cache.get_mut(&key) {
            match built.idle.pop() {
                Some(k) => k,
                None => built.module.kernel(spec.name())?,
            }
        } else {
            check_types(dev, spec)?;
            let words = build(spec).map_err(|e| Error::Codegen(e.to_string()))?;
            let module = Module::from_spirv(
                ctx,
                dev,
                bytemuck::cast_slice(&words),
                &BuildOptions::default(),
            )?;
            BUILDS.fetch_add(1, Ordering::Relaxed);
            let k = module.kernel(spec.name())?;
            cache.insert(
                key.clone(),
                Built {
                    module,
                    idle: Vec::new(),
                },
            );
            k
        }
    };
    let r = f(&mut kernel);
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(built) = cache.as_mut().and_then(|c| c.get_mut(&key)) {
        built.idle.push(kernel);
    }
    r
}
