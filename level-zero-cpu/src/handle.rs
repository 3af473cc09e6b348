//! Handles: opaque values never reused, checked against a registry of live handles so that
//! every entry point rejects null, foreign, destroyed and stale handles instead of crashing.

use level_zero_sys::ze_result_t;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, RwLock};

/// The kind of object a handle names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandleKind {
    Driver,
    Device,
    Context,
    CommandQueue,
    CommandList,
    EventPool,
    Event,
    Fence,
    MemoryModule,
    Module,
    ModuleBuildLog,
    Kernel,
    Sampler,
    PhysicalMem,
    Graph,
    ExecutableGraph,
}

impl HandleKind {
    pub fn name(self) -> &'static str {
        match self {
            HandleKind::Driver => "driver",
            HandleKind::Device => "device",
            HandleKind::Context => "context",
            HandleKind::CommandQueue => "command queue",
            HandleKind::CommandList => "command list",
            HandleKind::EventPool => "event pool",
            HandleKind::Event => "event",
            HandleKind::Fence => "fence",
            HandleKind::MemoryModule => "memory module",
            HandleKind::Module => "module",
            HandleKind::ModuleBuildLog => "module build log",
            HandleKind::Kernel => "kernel",
            HandleKind::Sampler => "sampler",
            HandleKind::PhysicalMem => "physical memory object",
            HandleKind::Graph => "graph",
            HandleKind::ExecutableGraph => "executable graph",
        }
    }
}

/// An object a handle can name.
pub trait Object: Send + Sync + 'static {
    const KIND: HandleKind;
}

/// What the registry knows of a live handle: its kind and the context that owns it (0 for
/// objects outside any context), for leak reports.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub kind: HandleKind,
    pub context: usize,
}

/// What an orphan's record holds instead of its object: a child of a destroyed context
/// ([`destroy_owned_by`]), which the program may still destroy and do nothing else with.
struct Orphan;

/// A live handle's registry record: what it names and the object itself.
struct Record {
    entry: Entry,
    object: Arc<dyn Any + Send + Sync>,
}

/// Every live handle's record. Looked up by every call: hashed with `FxHash` (a handle is a
/// number the driver chose, nothing an attacker picks; SipHash was a tenth of a small copy).
static LIVE: LazyLock<RwLock<FxHashMap<usize, Record>>> = LazyLock::new(Default::default);

/// The next handle value. Handles are never reused (a 64-bit counter does not wrap), so a
/// stale handle can never name a later object, as a reused heap address would: it is
/// rejected. Values are 16-byte aligned and start above the first megabyte, where nothing is
/// mapped, so a program that dereferences one faults at once.
static NEXT: AtomicUsize = AtomicUsize::new(1 << 20);

fn live() -> std::sync::RwLockReadGuard<'static, FxHashMap<usize, Record>> {
    LIVE.read().unwrap_or_else(|e| e.into_inner())
}

fn live_mut() -> std::sync::RwLockWriteGuard<'static, FxHashMap<usize, Record>> {
    LIVE.write().unwrap_or_else(|e| e.into_inner())
}

/// Registers `object` and returns its new handle. `context` is the owning context's handle
/// address (0 if none).
pub fn create<T: Object, H>(object: Arc<T>, context: usize) -> *mut H {
    let handle = NEXT.fetch_add(16, Ordering::Relaxed);
    let entry = Entry {
        kind: T::KIND,
        context,
    };
    live_mut().insert(handle, Record { entry, object });
    handle as *mut H
}

/// The object behind a live handle of kind `T`, or `ZE_RESULT_ERROR_INVALID_NULL_HANDLE` for a
/// null, foreign, destroyed or wrongly-typed handle.
pub fn get<T: Object, H>(handle: *mut H) -> Result<Arc<T>, ze_result_t> {
    let registry = live();
    let record = registry.get(&(handle as usize));
    record
        .and_then(|r| r.object.clone().downcast::<T>().ok())
        .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE)
}

/// Unregisters a handle of kind `T` and returns its object: `None` for an orphan (a child of a
/// destroyed context, whose object went with it).
pub fn destroy<T: Object, H>(handle: *mut H) -> Result<Option<Arc<T>>, ze_result_t> {
    let mut registry = live_mut();
    match registry.get(&(handle as usize)) {
        Some(record) if record.entry.kind == T::KIND => {
            let record = registry.remove(&(handle as usize));
            drop(registry);
            let object = record
                .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE)?
                .object;
            if object.is::<Orphan>() {
                return Ok(None);
            }
            object
                .downcast::<T>()
                .map(Some)
                .map_err(|_| ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE)
        }
        _ => Err(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE),
    }
}

/// Whether `handle` is an orphan of kind `T`: a child of a destroyed context that only its
/// destroy accepts.
pub fn is_orphan<T: Object, H>(handle: *mut H) -> bool {
    live()
        .get(&(handle as usize))
        .is_some_and(|r| r.entry.kind == T::KIND && r.object.is::<Orphan>())
}

/// Takes the objects of every handle `context` owns (its queues, lists, event pools, events,
/// fences, modules, build logs, kernels) and returns them, for the caller to drop once no
/// registry lock is held (a queue's drop waits for its worker). The handles stay registered
/// as orphans: as Intel's driver allows, the program may destroy them after their context
/// (destroys succeed, once each), and every other call with one is rejected like a destroyed
/// handle's. They are not counted as live ([`live_in_context`]).
pub fn destroy_owned_by(context: usize) -> Vec<Arc<dyn Any + Send + Sync>> {
    let orphan: Arc<dyn Any + Send + Sync> = Arc::new(Orphan);
    let mut registry = live_mut();
    registry
        .values_mut()
        .filter(|r| r.entry.context == context && !r.object.is::<Orphan>())
        .map(|r| std::mem::replace(&mut r.object, orphan.clone()))
        .collect()
}

/// Live handles owned by `context` (0: outside any context), counted by kind.
pub fn live_in_context(context: usize) -> Vec<(HandleKind, usize)> {
    let mut counts: HashMap<HandleKind, usize> = HashMap::new();
    for entry in live()
        .values()
        .filter(|r| !r.object.is::<Orphan>())
        .map(|r| &r.entry)
        .filter(|e| e.context == context)
    {
        *counts.entry(entry.kind).or_default() += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort();
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Thing(u32);
    impl Object for Thing {
        const KIND: HandleKind = HandleKind::Fence;
    }

    /// A destroyed handle stays invalid after new objects are created (their handles never
    /// take its value), so destroying it again cannot destroy one of them.
    #[test]
    fn a_stale_handle_never_names_a_later_object() {
        let old: *mut () = create(Arc::new(Thing(1)), 0);
        destroy::<Thing, _>(old).unwrap();
        let new: Vec<*mut ()> = (0..64).map(|i| create(Arc::new(Thing(i)), 0)).collect();
        assert!(!new.contains(&old));
        assert!(destroy::<Thing, _>(old).is_err());
        for (i, &h) in new.iter().enumerate() {
            assert_eq!(get::<Thing, _>(h).unwrap().0, i as u32);
            destroy::<Thing, _>(h).unwrap();
        }
    }
}
