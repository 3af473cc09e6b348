//! Kernels: arguments, group sizes, properties, and the launch commands.

use crate::abi::*;
use crate::command::{Command, LaunchCommand, LaunchGroups};
use crate::command_list::{command_list, CommandList, ListKind};
use crate::device::QUEUE_GROUPS;
use crate::event::wait_list;
use crate::handle::{self, HandleKind, Object};
use crate::memory::{lookup, Range};
use crate::module::Module;
use level_zero_sys::*;
use spirv_exec::{Arg, ParamKind};
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::{Arc, Mutex};

/// Largest work-group.
pub const MAX_GROUP_SIZE: u32 = spirv_exec::MAX_GROUP_SIZE;
/// Bytes of work-group (`__local`) memory a launch may use: `maxSharedLocalMemory`.
pub const MAX_LOCAL_MEMORY: usize = 64 * 1024;

/// Most work-groups a cooperative launch may have. Each group of a cooperative launch runs on
/// a host thread of its own, so all of them really are resident at once (groups may wait on
/// each other through memory, as on a GPU); the bounds keep those threads' memory small.
pub const MAX_COOPERATIVE_GROUPS: u32 = 64;
/// Most work-items, over all groups, of a cooperative launch.
pub const MAX_COOPERATIVE_WORK_ITEMS: u32 = 16 * 1024;

/// `zeKernelSuggestMaxCooperativeGroupCount` for groups of `group_size`.
pub fn max_cooperative_groups(group_size: [u32; 3]) -> u32 {
    let items = group_size
        .iter()
        .fold(1u32, |a, &s| a.saturating_mul(s.max(1)));
    (MAX_COOPERATIVE_WORK_ITEMS / items).clamp(1, MAX_COOPERATIVE_GROUPS)
}

#[derive(Clone)]
pub struct KernelState {
    pub args: Vec<Option<Arg>>,
    /// Bytes a pointer argument may reach from its address (`zexCpuKernelSetArgumentBuffer`);
    /// `None`: its whole allocation.
    pub reach: Vec<Option<usize>>,
    pub group_size: [u32; 3],
    pub offset: [u32; 3],
    pub indirect: u32,
}

/// A kernel of a module.
pub struct Kernel {
    pub module: Arc<Module>,
    /// The kernel as the executor runs it.
    pub exec: spirv_exec::Kernel,
    pub name: CString,
    pub state: Mutex<KernelState>,
}

impl Object for Kernel {
    const KIND: HandleKind = HandleKind::Kernel;
}

impl Kernel {
    /// Sets argument `index` from `size` bytes at `value` (`zeKernelSetArgumentValue`): a
    /// local parameter takes a size and no value; a pointer its exact size (null: a null
    /// pointer); any other value up to its declared size (null: zeros). It lifts the argument's reach limit.
    ///
    /// The bytes are copied once, into storage that launches of the kernel share
    /// ([`snapshot`] copies none); bytes equal to the argument's current ones are not copied.
    ///
    /// # Safety
    /// A non-null `value` must be readable for `size` bytes.
    pub unsafe fn set_argument_value(&self, index: u32, size: usize, value: *const u8) -> ZeResult {
        let param = self.param(index)?;
        let bad_size = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
        let sampler_bits;
        // A value: `given`, then zeros up to the parameter's size.
        let given: &[u8] = match param.kind {
            // A `sampler_t` takes a sampler handle; the kernel sees its OpenCL bits.
            ParamKind::Sampler => {
                ensure(size == size_of::<ze_sampler_handle_t>(), bad_size)?;
                ensure(!value.is_null(), NULL_POINTER)?;
                // SAFETY: a non-null value holds `size` bytes, a handle (the caller's contract).
                let h = unsafe { value.cast::<ze_sampler_handle_t>().read_unaligned() };
                sampler_bits = crate::sampler::sampler(h)?.bits.to_le_bytes();
                &sampler_bits
            }
            ParamKind::Local => {
                ensure(value.is_null() && size > 0, bad_size)?;
                let mut state = self.state();
                state.args[index as usize] = Some(Arg::Local(size));
                state.reach[index as usize] = None;
                return Ok(());
            }
            ParamKind::Pointer => {
                ensure(size == param.size, bad_size)?;
                if value.is_null() {
                    &[]
                } else {
                    // SAFETY: a non-null value holds `size` bytes (the caller's contract).
                    unsafe { std::slice::from_raw_parts(value, size) }
                }
            }
            _ => {
                // As Intel's driver: a value smaller than declared fills the low bytes (the
                // rest are zero), e.g. a 4-byte size_t from a 32-bit host type.
                // A null value is zeros, as the spec lets it be (Intel's SYCL runtime passes
                // null for a zero value).
                ensure(size > 0 && size <= param.size, bad_size)?;
                if value.is_null() {
                    &[]
                } else {
                    // SAFETY: a non-null value holds `size` bytes (the caller's contract).
                    unsafe { std::slice::from_raw_parts(value, size) }
                }
            }
        };
        let mut state = self.state();
        let slot = &mut state.args[index as usize];
        let unchanged = matches!(slot, Some(Arg::Value(old)) if holds(old, given, param.size));
        if !unchanged {
            *slot = Some(Arg::Value(value_bytes(given, param.size)));
        }
        state.reach[index as usize] = None;
        Ok(())
    }

    /// Sets pointer argument `index` to `ptr`, a USM address, which lets the kernel reach only
    /// `[ptr, ptr + size)` through it (`zexCpuKernelSetArgumentBuffer`).
    pub fn set_argument_buffer(
        &self,
        index: u32,
        ptr: *const std::ffi::c_void,
        size: usize,
    ) -> ZeResult {
        let param = self.param(index)?;
        ensure(param.kind == ParamKind::Pointer, INVALID_ARGUMENT)?;
        Range::check_usm(ptr, size)?;
        let address = (ptr as u64).to_le_bytes();
        let mut state = self.state();
        let slot = &mut state.args[index as usize];
        if !matches!(slot, Some(Arg::Value(old)) if holds(old, &address, address.len())) {
            *slot = Some(Arg::Value(Arc::from(address)));
        }
        state.reach[index as usize] = Some(size);
        Ok(())
    }

    /// A group size for a launch of `global` work-items (`zeKernelSuggestGroupSize`): the
    /// required one, or divisors of each dimension of up to 256 work-items in all.
    pub fn suggest_group_size(&self, global: [u32; 3]) -> [u32; 3] {
        if let Some(req) = self.exec.required_group_size() {
            return req;
        }
        let [gx, gy, gz] = global;
        let sx = divisor(gx, 256);
        let sy = divisor(gy, (256 / sx).max(1));
        let sz = divisor(gz, (256 / (sx * sy)).clamp(1, 64));
        [sx, sy, sz]
    }

    /// Parameter `index` (`INVALID_KERNEL_ARGUMENT_INDEX` past the last).
    pub fn param(&self, index: u32) -> ZeResult<spirv_exec::Param> {
        self.exec
            .params()
            .get(index as usize)
            .copied()
            .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX)
    }

    pub fn state(&self) -> std::sync::MutexGuard<'_, KernelState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub fn kernel(h: ze_kernel_handle_t) -> ZeResult<Arc<Kernel>> {
    crate::driver::initialised()?;
    handle::get::<Kernel, _>(h)
}

pub fn check_group_size(k: &Kernel, size: [u32; 3]) -> ZeResult {
    let bad = ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    ensure(size.iter().all(|&s| s >= 1), bad)?;
    // The product of three u32s can overflow a u64 (2^31 x 2^31 x 16): checked, not wrapped.
    let product = size
        .iter()
        .try_fold(1u64, |acc, &s| acc.checked_mul(s as u64));
    ensure(
        product.is_some_and(|p| p <= MAX_GROUP_SIZE as u64) && size[2] <= 64,
        bad,
    )?;
    if let Some(req) = k.exec.required_group_size() {
        ensure(req == size, bad)?;
    }
    Ok(())
}

/// A value argument's bytes: `given`, then zeros up to `len` bytes; the one copy of the
/// caller's bytes, into storage that launches share.
fn value_bytes(given: &[u8], len: usize) -> Arc<[u8]> {
    if given.len() == len {
        Arc::from(given)
    } else {
        // An exact-size iterator: the `Arc` is allocated once and filled in place.
        (0..len)
            .map(|i| given.get(i).copied().unwrap_or(0))
            .collect()
    }
}

/// Whether `stored` is what [`value_bytes`] makes of `given` and `len`.
fn holds(stored: &[u8], given: &[u8], len: usize) -> bool {
    stored.len() == len
        && stored.get(..given.len()) == Some(given)
        && stored[given.len()..].iter().all(|&b| b == 0)
}

/// The largest divisor of `n` not above `limit` (powers of two first).
fn divisor(n: u32, limit: u32) -> u32 {
    let mut p = limit.min(n.max(1)).next_power_of_two();
    while p > 1 {
        if p <= limit && n % p == 0 {
            return p;
        }
        p /= 2;
    }
    (1..=limit.min(n.max(1)))
        .rev()
        .find(|d| n % d == 0)
        .unwrap_or(1)
}

/// Snapshots a kernel's arguments for a launch: every argument must be set, and pointer
/// arguments must be USM, module-scope variables, shared system memory (or null). As in Intel's driver, modules,
/// kernels and USM belong to the driver: a list of any of its contexts may launch a kernel of a
/// module built in another, on memory allocated in a third.
///
/// The launch shares the arguments' bytes with the kernel (a later argument setter replaces
/// the kernel's, not the launch's): no byte is copied here.
pub fn snapshot(k: &Arc<Kernel>) -> ZeResult<LaunchCommand> {
    let state = k.state();
    let mut args = Vec::with_capacity(state.args.len());
    let mut buffers = Vec::new();
    let mut modules = Vec::new();
    let mut system = Vec::new();
    let mut local = k.exec.local_memory_size();
    for ((param, arg), reach) in k.exec.params().iter().zip(&state.args).zip(&state.reach) {
        // Shares the value's bytes.
        let arg = arg.clone().ok_or(INVALID_ARGUMENT)?;
        if let Arg::Local(bytes) = arg {
            // As the executor lays them out: each argument 64-byte aligned.
            local = local.saturating_add(bytes.saturating_add(63));
        }
        if let (ParamKind::Pointer, Arg::Value(bytes)) = (param.kind, &arg) {
            let address = bytes.get(..8).and_then(|b| b.try_into().ok());
            let ptr = u64::from_le_bytes(address.ok_or(INVALID_ARGUMENT)?) as usize;
            if ptr != 0 {
                match lookup(ptr) {
                    Some(alloc) => buffers.push(Range {
                        ptr: if reach.is_some() { ptr } else { alloc.base },
                        len: reach.unwrap_or(alloc.size),
                        alloc: Some(Arc::downgrade(&alloc)),
                    }),
                    None => match crate::module::module_of_global(ptr) {
                        // A module-scope variable (`zeModuleGetGlobalPointer`): the launch
                        // keeps its module alive.
                        Some(module) => modules.push(module),
                        // Shared system memory (`malloc`, the stack): reached at execution as
                        // the mapping it is in; freed USM and unmapped addresses are not.
                        None => {
                            ensure(crate::system::region(ptr).is_some(), INVALID_ARGUMENT)?;
                            system.push(ptr);
                        }
                    },
                }
            }
        }
        args.push(arg);
    }
    let (group_size, offset, indirect) = (state.group_size, state.offset, state.indirect);
    drop(state);
    // Intel's driver answers a work-group memory request above `maxSharedLocalMemory` with
    // OUT_OF_DEVICE_MEMORY; here it is never attempted (1 TiB or SIZE_MAX would abort).
    if local > MAX_LOCAL_MEMORY {
        explain(format!(
            "kernel {}: {local} bytes of local memory requested, {MAX_LOCAL_MEMORY} available",
            k.exec.name()
        ));
        return Err(ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
    }
    Ok(LaunchCommand {
        kernel: k.exec.clone(),
        args,
        buffers,
        modules,
        system,
        group_size,
        offset,
        indirect,
        groups: LaunchGroups::Direct([0; 3]),
        cooperative: false,
    })
}

/// Kernels launch only on lists of a compute queue group.
pub fn ensure_compute(list: &crate::command_list::CommandList) -> ZeResult {
    let compute =
        ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE.0;
    ensure(
        QUEUE_GROUPS[list.ordinal as usize].0 & compute != 0,
        ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
    )
}

/// # Safety
/// `waits` must hold `n` handles if non-null.
pub unsafe fn append_launch(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: impl FnOnce() -> ZeResult<LaunchGroups>,
    cooperative: bool,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ZeResult {
    let list = command_list(list)?;
    let k = kernel(k)?;
    ensure_compute(&list)?;
    let signal = crate::event::signal_event(signal)?;
    // SAFETY: caller contract.
    let waits = unsafe { wait_list(n, waits)? };
    let mut launch = snapshot(&k)?;
    launch.groups = groups()?;
    if cooperative {
        // More groups than can be resident at once would wait on each other forever.
        let LaunchGroups::Direct(count) = launch.groups else {
            return Err(INVALID_ARGUMENT);
        };
        let total = count.iter().fold(1u64, |a, &g| a * g as u64);
        let resident = max_cooperative_groups(launch.group_size);
        if total > resident as u64 {
            explain(format!(
                "cooperative launch of {}: {total} groups of {:?}, at most {resident} can be resident",
                k.exec.name(),
                launch.group_size,
            ));
            return Err(INVALID_ARGUMENT);
        }
        launch.cooperative = true;
    }
    // A mutable command keeps a copy of the kernel's state as launched, which updates change.
    let mirror = match &list.kind {
        ListKind::Regular(regular) => regular.next_is_mutable().map(|id| (id, k.mirror())),
        ListKind::Immediate { .. } => None,
    };
    list.append(crate::command::Op::new(
        Command::Launch(Box::new(launch)),
        signal,
        waits,
    ))?;
    if let Some((id, mirror)) = mirror {
        mirrors().insert((Arc::as_ptr(&list) as usize, id), Arc::new(mirror));
    }
    Ok(())
}

/// The kernels of mutable launches as launched (then as updated), by list and command id.
type Mirrors = HashMap<(usize, u64), Arc<Kernel>>;
static MIRRORS: std::sync::LazyLock<Mutex<Mirrors>> = std::sync::LazyLock::new(Default::default);

fn mirrors() -> std::sync::MutexGuard<'static, Mirrors> {
    MIRRORS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Forgets the mutable launches of `list` (destroyed or reset).
pub fn forget_mutable_launches(list: &CommandList) {
    let at = list as *const CommandList as usize;
    mirrors().retain(|&(l, _), _| l != at);
}

/// Changes the mutable launch `id` of the regular list `list` (`zeCommandListUpdateMutableCommandsExp`):
/// `change` sets its kernel's state (arguments, group size, offset: checked as the kernel's
/// setters check them) and may set its group count; the launch is then taken again from that
/// state (only this command is checked again). `INVALID_ARGUMENT` if `id` is no launch or
/// `flag` is not among what the command may change.
pub fn update_launch(
    list: &Arc<CommandList>,
    id: u64,
    flag: ze_mutable_command_exp_flag_t,
    change: impl FnOnce(&Kernel, &mut LaunchGroups) -> ZeResult,
) -> ZeResult {
    let ListKind::Regular(regular) = &list.kind else {
        return Err(INVALID_ARGUMENT);
    };
    let mirror = mirrors()
        .get(&(Arc::as_ptr(list) as usize, id))
        .cloned()
        .ok_or(INVALID_ARGUMENT)?;
    regular.update(id, |what, op| {
        ensure(what.flags & flag.0 != 0, INVALID_ARGUMENT)?;
        let Command::Launch(launch) = &mut op.command else {
            return Err(INVALID_ARGUMENT);
        };
        let mut groups = std::mem::replace(&mut launch.groups, LaunchGroups::Direct([0; 3]));
        let changed = change(&mirror, &mut groups);
        let mut fresh = snapshot(&mirror);
        if let Ok(fresh) = &mut fresh {
            fresh.cooperative = launch.cooperative;
        }
        match (changed, fresh) {
            (Ok(()), Ok(mut fresh)) => {
                fresh.groups = groups;
                **launch = fresh;
                Ok(())
            }
            (Err(e), _) | (_, Err(e)) => {
                launch.groups = groups;
                Err(e)
            }
        }
    })
}

impl Kernel {
    /// A copy of this kernel with its state now: what a mutable launch keeps.
    fn mirror(&self) -> Kernel {
        Kernel {
            module: self.module.clone(),
            exec: self.exec.clone(),
            name: self.name.clone(),
            state: Mutex::new(self.state().clone()),
        }
    }
}

/// The launch parameters chained on `pNext` of `zeCommandListAppendLaunchKernelWithParameters`
/// and `...WithArguments` (1.14): whether the launch is cooperative
/// (`ze_command_list_append_launch_kernel_param_cooperative_desc_t`, the one structure the
/// spec defines for them; the last one in the chain decides). Any other structure is
/// `ZE_RESULT_ERROR_UNSUPPORTED_FEATURE`, as in Intel's driver
/// (`CommandList::obtainLaunchParamsFromExtensions`).
///
/// # Safety
/// `next` is null or the start of a chain of structures that begin with `stype` and `pNext`.
pub unsafe fn launch_extensions(next: *const std::ffi::c_void) -> ZeResult<bool> {
    let mut cooperative = false;
    let mut next = next.cast::<ze_base_desc_t>();
    // SAFETY: the caller's chain (see `# Safety`).
    while let Some(base) = unsafe { next.as_ref() } {
        ensure(
            base.stype == ze_structure_type_t::ZE_STRUCTURE_TYPE_COMMAND_LIST_APPEND_PARAM_COOPERATIVE_DESC,
            ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE,
        )?;
        let desc = next.cast::<ze_command_list_append_launch_kernel_param_cooperative_desc_t>();
        // SAFETY: the stype says this is the cooperative descriptor.
        cooperative = unsafe { (*desc).isCooperative } != 0;
        next = base.pNext.cast();
    }
    Ok(cooperative)
}

impl Kernel {
    /// Sets the group size and every argument at once (`zeCommandListAppendLaunchKernelWithArguments`,
    /// 1.14), as `zeKernelSetGroupSize` and one `zeKernelSetArgumentValue` per argument would:
    /// `args[i]` points to argument `i`'s value of its declared size (a pointer argument: to the
    /// pointer; null for a null pointer), or for a `__local` argument to a `size_t` with its size
    /// in bytes (as Intel's `CommandList::setKernelState`). A kernel without arguments may take a
    /// null `args`. Errors are those of the two calls, in that order; what was set before an
    /// error stays set.
    ///
    /// # Safety
    /// A non-null `args` holds one pointer per argument, each null or readable as said.
    pub unsafe fn set_group_size_and_arguments(
        &self,
        group_size: [u32; 3],
        args: *const *mut std::ffi::c_void,
    ) -> ZeResult {
        check_group_size(self, group_size)?;
        self.state().group_size = group_size;
        let params = self.exec.params();
        ensure(params.is_empty() || !args.is_null(), NULL_POINTER)?;
        for (i, param) in params.iter().enumerate() {
            // SAFETY: `args` holds one pointer per argument (the caller's contract).
            let value = unsafe { *args.add(i) }.cast::<u8>().cast_const();
            if param.kind == ParamKind::Local {
                ensure(!value.is_null(), NULL_POINTER)?;
                // SAFETY: a local argument's pointer is to its size (the caller's contract).
                let size = unsafe { value.cast::<usize>().read_unaligned() };
                // SAFETY: no value for a local argument.
                unsafe { self.set_argument_value(i as u32, size, std::ptr::null())? };
            } else {
                // SAFETY: a non-null value holds the argument's declared size.
                unsafe { self.set_argument_value(i as u32, param.size, value)? };
            }
        }
        Ok(())
    }
}

pub fn direct(groups: *const ze_group_count_t) -> ZeResult<LaunchGroups> {
    // SAFETY: the caller's group count, null rejected.
    let g = unsafe { groups.as_ref() }.ok_or(NULL_POINTER)?;
    Ok(LaunchGroups::Direct([
        g.groupCountX,
        g.groupCountY,
        g.groupCountZ,
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// saxpy(float a, global const float* x, global float* y) as the driver holds it.
    fn saxpy() -> Arc<Kernel> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv");
        let spirv = std::fs::read(path).unwrap();
        let ctx = crate::context::Context::detached();
        let module = Module::build(ctx, spirv, "-level-zero-cpu-exec=interp", |_| {
            Ok(Default::default())
        })
        .unwrap();
        let exec = module.built().kernel("saxpy").unwrap().clone();
        let n = exec.params().len();
        Arc::new(Kernel {
            module,
            exec,
            name: CString::new("saxpy").unwrap(),
            state: Mutex::new(KernelState {
                args: vec![None; n],
                reach: vec![None; n],
                group_size: [1; 3],
                offset: [0; 3],
                indirect: 0,
            }),
        })
    }

    fn set(k: &Kernel, index: u32, bytes: &[u8]) {
        // SAFETY: `bytes` holds `bytes.len()` bytes.
        unsafe { k.set_argument_value(index, bytes.len(), bytes.as_ptr()) }.unwrap();
    }

    fn value(arg: &Option<Arg>) -> &Arc<[u8]> {
        match arg {
            Some(Arg::Value(bytes)) => bytes,
            other => panic!("a value, not {other:?}"),
        }
    }

    /// The setter copies a value once; a launch's snapshot shares those bytes with the kernel
    /// (no copy), and a later setter replaces the kernel's bytes, not the launch's. Catches:
    /// a snapshot deep-cloning the kernel's arguments, or a setter writing into shared bytes.
    #[test]
    fn a_snapshot_shares_the_arguments_bytes() {
        let k = saxpy();
        set(&k, 0, &2.0f32.to_le_bytes());
        // SAFETY: null values (null pointers) are read from nowhere.
        unsafe { k.set_argument_value(1, 8, std::ptr::null()) }.unwrap();
        // SAFETY: as above.
        unsafe { k.set_argument_value(2, 8, std::ptr::null()) }.unwrap();
        let launch = snapshot(&k).unwrap();
        {
            let state = k.state();
            for (i, arg) in launch.args.iter().enumerate() {
                let Arg::Value(shared) = arg else {
                    panic!("argument {i}: a value")
                };
                assert!(Arc::ptr_eq(shared, value(&state.args[i])), "argument {i}");
            }
        }
        let Arg::Value(a) = &launch.args[0] else {
            unreachable!()
        };
        assert_eq!(Arc::strong_count(a), 2, "the kernel's and the launch's");
        // The same bytes again: nothing copied, still shared.
        set(&k, 0, &2.0f32.to_le_bytes());
        assert!(Arc::ptr_eq(a, value(&k.state().args[0])));
        // Other bytes: the kernel's change, the launch keeps its own.
        set(&k, 0, &3.0f32.to_le_bytes());
        assert!(!Arc::ptr_eq(a, value(&k.state().args[0])));
        assert_eq!(a[..], 2.0f32.to_le_bytes());
        assert_eq!(value(&k.state().args[0])[..], 3.0f32.to_le_bytes());
        assert_eq!(Arc::strong_count(a), 1, "the launch's alone");
    }

    /// A value shorter than its parameter fills the low bytes and zeros the rest (as Intel's
    /// driver); equal bytes given either way are recognised as unchanged.
    #[test]
    fn a_short_value_is_zero_extended() {
        let k = saxpy();
        set(&k, 0, &[0xAB, 0xCD]);
        let first = value(&k.state().args[0]).clone();
        assert_eq!(first[..], [0xAB, 0xCD, 0, 0]);
        set(&k, 0, &[0xAB, 0xCD, 0, 0]);
        assert!(Arc::ptr_eq(&first, value(&k.state().args[0])));
        set(&k, 0, &[0xAB]);
        assert_eq!(value(&k.state().args[0])[..], [0xAB, 0, 0, 0]);
    }

    /// A null value for a by-value parameter sets zeros (the spec makes the value optional;
    /// Intel's SYCL runtime passes null for a zero scalar).
    #[test]
    fn a_null_value_is_zeros() {
        let k = saxpy();
        set(&k, 0, &[0xAB, 0xCD, 0xEF, 0x01]);
        // SAFETY: a null value is not read.
        unsafe { k.set_argument_value(0, 4, std::ptr::null()) }.unwrap();
        assert_eq!(value(&k.state().args[0])[..], [0, 0, 0, 0]);
        // The size is still checked.
        // SAFETY: as above.
        let err = unsafe { k.set_argument_value(0, 8, std::ptr::null()) };
        assert_eq!(
            err,
            Err(ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE)
        );
    }
}
