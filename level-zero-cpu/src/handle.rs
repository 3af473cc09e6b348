//! Handles: pointers to boxed objects, checked against a registry of live handles so that
//! every entry point rejects null, foreign and destroyed handles instead of crashing.

use level_zero_sys::ze_result_t;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

/// The kind of object a handle names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
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
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Driver => "driver",
            Kind::Device => "device",
            Kind::Context => "context",
            Kind::CommandQueue => "command queue",
            Kind::CommandList => "command list",
            Kind::EventPool => "event pool",
            Kind::Event => "event",
            Kind::Fence => "fence",
            Kind::MemoryModule => "memory module",
            Kind::Module => "module",
            Kind::ModuleBuildLog => "module build log",
            Kind::Kernel => "kernel",
        }
    }
}

/// An object a handle can name.
pub trait Object: Send + Sync + 'static {
    const KIND: Kind;
}

/// What a handle points to.
struct Slot<T> {
    object: Arc<T>,
}

/// What the registry knows of a live handle: its kind and the context that owns it (0 for
/// objects outside any context), for leak reports.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub kind: Kind,
    pub context: usize,
}

static LIVE: LazyLock<RwLock<HashMap<usize, Entry>>> = LazyLock::new(Default::default);

fn live() -> std::sync::RwLockReadGuard<'static, HashMap<usize, Entry>> {
    LIVE.read().unwrap_or_else(|e| e.into_inner())
}

fn live_mut() -> std::sync::RwLockWriteGuard<'static, HashMap<usize, Entry>> {
    LIVE.write().unwrap_or_else(|e| e.into_inner())
}

/// Registers `object` and returns its new handle. `context` is the owning context's handle
/// address (0 if none).
pub fn create<T: Object, H>(object: Arc<T>, context: usize) -> *mut H {
    let ptr = Box::into_raw(Box::new(Slot { object }));
    live_mut().insert(
        ptr as usize,
        Entry {
            kind: T::KIND,
            context,
        },
    );
    ptr.cast()
}

/// The object behind a live handle of kind `T`, or `ZE_RESULT_ERROR_INVALID_NULL_HANDLE` for a
/// null, foreign, destroyed or wrongly-typed handle.
pub fn get<T: Object, H>(handle: *mut H) -> Result<Arc<T>, ze_result_t> {
    let registry = live();
    match registry.get(&(handle as usize)) {
        Some(entry) if entry.kind == T::KIND => {
            // SAFETY: the registry holds the handle, so it points to a live `Slot<T>` (kind
            // matches); destroy needs the write lock we exclude by holding the read lock.
            Ok(unsafe { &*(handle as *const Slot<T>) }.object.clone())
        }
        _ => Err(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE),
    }
}

/// Unregisters a handle of kind `T` and returns its object.
pub fn destroy<T: Object, H>(handle: *mut H) -> Result<Arc<T>, ze_result_t> {
    let mut registry = live_mut();
    match registry.get(&(handle as usize)) {
        Some(entry) if entry.kind == T::KIND => {
            registry.remove(&(handle as usize));
            drop(registry);
            // SAFETY: the handle was live with kind `T`, so it came from `create::<T>`'s
            // `Box::into_raw`; it is now unregistered, so nobody else can reach it.
            let slot = unsafe { Box::from_raw(handle as *mut Slot<T>) };
            Ok(slot.object)
        }
        _ => Err(ze_result_t::ZE_RESULT_ERROR_INVALID_NULL_HANDLE),
    }
}

/// Live handles owned by `context` (0: outside any context), counted by kind.
pub fn live_in_context(context: usize) -> Vec<(Kind, usize)> {
    let mut counts: HashMap<Kind, usize> = HashMap::new();
    for entry in live().values().filter(|e| e.context == context) {
        *counts.entry(entry.kind).or_default() += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort();
    counts
}
