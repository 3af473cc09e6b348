//! Kernels: arguments, group sizes, properties, and the launch commands.

use crate::abi::*;
use crate::command::{Command, LaunchCommand, LaunchGroups};
use crate::command_list::command_list;
use crate::device::QUEUE_GROUPS;
use crate::event::wait_list;
use crate::handle::{self, Kind, Object};
use crate::memory::{lookup, Range};
use crate::module::{module, write_string, Module};
use level_zero_sys::*;
use spirv_exec::{Arg, ParamKind};
use std::ffi::{c_char, c_void, CStr, CString};
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
    const KIND: Kind = Kind::Kernel;
}

impl Kernel {
    /// Parameter `index` (`INVALID_KERNEL_ARGUMENT_INDEX` past the last).
    fn param(&self, index: u32) -> ZeResult<spirv_exec::Param> {
        self.exec
            .params()
            .get(index as usize)
            .copied()
            .ok_or(ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, KernelState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub fn kernel(h: ze_kernel_handle_t) -> ZeResult<Arc<Kernel>> {
    crate::driver::initialised()?;
    handle::get::<Kernel, _>(h)
}

pub unsafe extern "C" fn kernel_create(
    m: ze_module_handle_t,
    desc: *const ze_kernel_desc_t,
    out: *mut ze_kernel_handle_t,
) -> ze_result_t {
    entry("zeKernelCreate", || {
        let m = module(m)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(desc.flags.0 & !0x3 == 0, INVALID_ENUM)?;
        ensure(!desc.pKernelName.is_null() && !out.is_null(), NULL_POINTER)?;
        // SAFETY: NUL-terminated by contract.
        let name = unsafe { CStr::from_ptr(desc.pKernelName) };
        let exec = m
            .built
            .kernels()
            .iter()
            .find(|k| k.name().as_bytes() == name.to_bytes())
            .cloned();
        let Some(exec) = exec else {
            // A kernel of the module that uses a feature this device lacks: its reason is in
            // the module's build log.
            let unavailable = name
                .to_str()
                .is_ok_and(|n| m.built.unavailable(n).is_some());
            return Err(if unavailable {
                ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE
            } else {
                ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_NAME
            });
        };
        let group_size = exec.required_group_size().unwrap_or([1, 1, 1]);
        let state = KernelState {
            args: vec![None; exec.params().len()],
            reach: vec![None; exec.params().len()],
            group_size,
            offset: [0; 3],
            indirect: 0,
        };
        let context = m.context.id();
        let k = Kernel {
            module: m,
            exec,
            name: name.to_owned(),
            state: Mutex::new(state),
        };
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(k), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_destroy(k: ze_kernel_handle_t) -> ze_result_t {
    entry("zeKernelDestroy", || {
        crate::driver::initialised()?;
        handle::destroy::<Kernel, _>(k).map(drop)
    })
}

pub unsafe extern "C" fn kernel_set_cache_config(
    k: ze_kernel_handle_t,
    flags: ze_cache_config_flags_t,
) -> ze_result_t {
    entry("zeKernelSetCacheConfig", || {
        kernel(k)?;
        ensure(flags.0 & !0x3 == 0, INVALID_ENUM)
    })
}

fn check_group_size(k: &Kernel, size: [u32; 3]) -> ZeResult {
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

pub unsafe extern "C" fn kernel_set_group_size(
    k: ze_kernel_handle_t,
    x: u32,
    y: u32,
    z: u32,
) -> ze_result_t {
    entry("zeKernelSetGroupSize", || {
        let k = kernel(k)?;
        check_group_size(&k, [x, y, z])?;
        k.state().group_size = [x, y, z];
        Ok(())
    })
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

pub unsafe extern "C" fn kernel_suggest_group_size(
    k: ze_kernel_handle_t,
    gx: u32,
    gy: u32,
    gz: u32,
    x: *mut u32,
    y: *mut u32,
    z: *mut u32,
) -> ze_result_t {
    entry("zeKernelSuggestGroupSize", || {
        let k = kernel(k)?;
        ensure(!x.is_null() && !y.is_null() && !z.is_null(), NULL_POINTER)?;
        ensure(
            gx > 0 && gy > 0 && gz > 0,
            ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION,
        )?;
        let size = match k.exec.required_group_size() {
            Some(req) => req,
            None => {
                let sx = divisor(gx, 256);
                let sy = divisor(gy, (256 / sx).max(1));
                let sz = divisor(gz, (256 / (sx * sy)).clamp(1, 64));
                [sx, sy, sz]
            }
        };
        // SAFETY: all three out-pointers checked non-null.
        unsafe {
            x.write(size[0]);
            y.write(size[1]);
            z.write(size[2]);
        }
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_suggest_max_cooperative_group_count(
    k: ze_kernel_handle_t,
    count: *mut u32,
) -> ze_result_t {
    entry("zeKernelSuggestMaxCooperativeGroupCount", || {
        let groups = max_cooperative_groups(kernel(k)?.state().group_size);
        // SAFETY: out-pointer checked by `write`.
        unsafe { write(count, groups) }
    })
}

pub unsafe extern "C" fn kernel_set_argument_value(
    k: ze_kernel_handle_t,
    index: u32,
    size: usize,
    value: *const c_void,
) -> ze_result_t {
    entry("zeKernelSetArgumentValue", || {
        let k = kernel(k)?;
        let param = k.param(index)?;
        let bad_size = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
        let arg = match param.kind {
            ParamKind::Local => {
                ensure(value.is_null() && size > 0, bad_size)?;
                Arg::Local(size)
            }
            ParamKind::Pointer => {
                ensure(size == param.size, bad_size)?;
                if value.is_null() {
                    Arg::Value(vec![0; size])
                } else {
                    // SAFETY: the caller's value holds `size` bytes.
                    let bytes = unsafe { std::slice::from_raw_parts(value.cast::<u8>(), size) };
                    Arg::Value(bytes.to_vec())
                }
            }
            _ => {
                // As Intel's driver: a value smaller than declared fills the low bytes (the
                // rest are zero), e.g. a 4-byte size_t from a 32-bit host type.
                ensure(size > 0 && size <= param.size, bad_size)?;
                ensure(!value.is_null(), NULL_POINTER)?;
                let mut bytes = vec![0; param.size];
                // SAFETY: the caller's value holds `size` bytes.
                bytes[..size].copy_from_slice(unsafe {
                    std::slice::from_raw_parts(value.cast::<u8>(), size)
                });
                Arg::Value(bytes)
            }
        };
        let mut state = k.state();
        state.args[index as usize] = Some(arg);
        state.reach[index as usize] = None;
        Ok(())
    })
}

/// `zexCpuKernelSetArgumentBuffer`: sets pointer argument `index` to `ptr`, a USM address,
/// and lets the kernel reach only `[ptr, ptr + size)` through it (an array inside a larger
/// allocation, such as a pooled block). `zeKernelSetArgumentValue` on the argument lifts
/// the limit.
pub unsafe extern "C" fn kernel_set_argument_buffer(
    k: ze_kernel_handle_t,
    index: u32,
    ptr: *const c_void,
    size: usize,
) -> ze_result_t {
    entry(crate::extensions::SET_ARGUMENT_BUFFER, || {
        let k = kernel(k)?;
        let param = k.param(index)?;
        ensure(param.kind == ParamKind::Pointer, INVALID_ARGUMENT)?;
        Range::check_usm(ptr, size)?;
        let mut state = k.state();
        state.args[index as usize] = Some(Arg::Value((ptr as u64).to_le_bytes().to_vec()));
        state.reach[index as usize] = Some(size);
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_set_indirect_access(
    k: ze_kernel_handle_t,
    flags: ze_kernel_indirect_access_flags_t,
) -> ze_result_t {
    entry("zeKernelSetIndirectAccess", || {
        let k = kernel(k)?;
        ensure(flags.0 & !0x7 == 0, INVALID_ENUM)?;
        k.state().indirect = flags.0;
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_get_indirect_access(
    k: ze_kernel_handle_t,
    flags: *mut ze_kernel_indirect_access_flags_t,
) -> ze_result_t {
    entry("zeKernelGetIndirectAccess", || {
        let k = kernel(k)?;
        let value = k.state().indirect;
        // SAFETY: out-pointer checked by `write`.
        unsafe { write(flags, ze_kernel_indirect_access_flags_t(value)) }
    })
}

pub unsafe extern "C" fn kernel_get_source_attributes(
    k: ze_kernel_handle_t,
    size: *mut u32,
    out: *mut *mut c_char,
) -> ze_result_t {
    entry("zeKernelGetSourceAttributes", || {
        let k = kernel(k)?;
        ensure(!size.is_null(), NULL_POINTER)?;
        // As Intel's driver: the attributes as written in the source, space-separated.
        let sizes = [
            ("reqd_work_group_size", k.exec.required_group_size()),
            ("work_group_size_hint", k.exec.group_size_hint()),
        ];
        let text = sizes
            .iter()
            .filter_map(|(name, size)| size.map(|[x, y, z]| format!("{name}({x},{y},{z})")))
            .collect::<Vec<_>>()
            .join(" ");
        let c = CString::new(text).unwrap_or_default();
        let bytes = c.as_bytes_with_nul();
        // SAFETY: non-null by the check above.
        let room = unsafe { *size } as usize;
        if room == 0 || out.is_null() {
            // SAFETY: as above.
            unsafe { *size = bytes.len() as u32 };
            return Ok(());
        }
        // SAFETY: `*out` points to a caller buffer of `room` bytes (spec: the caller allocates).
        let buf = unsafe { *out };
        ensure(!buf.is_null(), NULL_POINTER)?;
        let n = room.min(bytes.len());
        // SAFETY: as above.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr().cast::<c_char>(), buf, n);
            *buf.add(n - 1) = 0;
            *size = n as u32;
        }
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_get_properties(
    k: ze_kernel_handle_t,
    props: *mut ze_kernel_properties_t,
) -> ze_result_t {
    entry("zeKernelGetProperties", || {
        let k = kernel(k)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props)? };
        let req = k.exec.required_group_size().unwrap_or([0; 3]);
        p.numKernelArgs = k.exec.params().len() as u32;
        p.requiredGroupSizeX = req[0];
        p.requiredGroupSizeY = req[1];
        p.requiredGroupSizeZ = req[2];
        p.requiredNumSubGroups = 0;
        p.requiredSubgroupSize = 0;
        p.maxSubgroupSize = 1;
        p.maxNumSubgroups = MAX_GROUP_SIZE;
        p.localMemSize = k.exec.local_memory_size() as u32;
        p.privateMemSize = k.exec.private_memory_size() as u32;
        p.spillMemSize = 0;
        let mut kid = [0u8; 16];
        let name = k.name.as_bytes();
        kid[..name.len().min(16)].copy_from_slice(&name[..name.len().min(16)]);
        p.uuid.kid = kid;
        p.uuid.mid[..8].copy_from_slice(&k.module.id.to_le_bytes());
        Ok(())
    })
}

pub unsafe extern "C" fn kernel_get_name(
    k: ze_kernel_handle_t,
    size: *mut usize,
    out: *mut c_char,
) -> ze_result_t {
    entry("zeKernelGetName", || {
        let k = kernel(k)?;
        // SAFETY: the string protocol, caller contract.
        unsafe { write_string(size, out, &k.name) }
    })
}

pub unsafe extern "C" fn kernel_set_global_offset(
    k: ze_kernel_handle_t,
    x: u32,
    y: u32,
    z: u32,
) -> ze_result_t {
    entry("zeKernelSetGlobalOffsetExp", || {
        kernel(k)?.state().offset = [x, y, z];
        Ok(())
    })
}

/// Snapshots a kernel's arguments for a launch: every argument must be set, and pointer
/// arguments must be USM, module-scope variables, shared system memory (or null). As in Intel's driver, modules,
/// kernels and USM belong to the driver: a list of any of its contexts may launch a kernel of a
/// module built in another, on memory allocated in a third.
fn snapshot(k: &Arc<Kernel>) -> ZeResult<LaunchCommand> {
    let state = k.state().clone();
    let mut args = Vec::with_capacity(state.args.len());
    let mut buffers = Vec::new();
    let mut modules = Vec::new();
    let mut system = Vec::new();
    let mut local = k.exec.local_memory_size();
    for ((param, arg), reach) in k.exec.params().iter().zip(&state.args).zip(&state.reach) {
        let arg = arg.clone().ok_or(INVALID_ARGUMENT)?;
        if let Arg::Local(bytes) = arg {
            // As the executor lays them out: each argument 64-byte aligned.
            local = local.saturating_add(bytes.saturating_add(63));
        }
        if let (ParamKind::Pointer, Arg::Value(bytes)) = (param.kind, &arg) {
            let ptr =
                u64::from_le_bytes(bytes[..8].try_into().map_err(|_| INVALID_ARGUMENT)?) as usize;
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
    // Intel's driver answers a work-group memory request above `maxSharedLocalMemory` with
    // OUT_OF_DEVICE_MEMORY; here it is never attempted (1 TiB or SIZE_MAX would abort).
    if local > MAX_LOCAL_MEMORY {
        eprintln!(
            "level-zero-cpu: kernel {}: {local} bytes of local memory requested, {MAX_LOCAL_MEMORY} available",
            k.exec.name()
        );
        return Err(ze_result_t::ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
    }
    Ok(LaunchCommand {
        kernel: k.exec.clone(),
        args,
        buffers,
        modules,
        system,
        group_size: state.group_size,
        offset: state.offset,
        indirect: state.indirect,
        groups: LaunchGroups::Direct([0; 3]),
        cooperative: false,
    })
}

/// Kernels launch only on lists of a compute queue group.
fn ensure_compute(list: &crate::command_list::CommandList) -> ZeResult {
    let compute =
        ze_command_queue_group_property_flag_t::ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE.0;
    ensure(
        QUEUE_GROUPS[list.ordinal as usize].0 & compute != 0,
        ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE,
    )
}

/// # Safety
/// `waits` must hold `n` handles if non-null.
unsafe fn append_launch(
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
    let signal = if signal.is_null() {
        None
    } else {
        Some(crate::event::event(signal)?)
    };
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
            eprintln!(
                "level-zero-cpu: cooperative launch of {}: {total} groups of {:?}, at most {resident} can be resident",
                k.exec.name(),
                launch.group_size,
            );
            return Err(INVALID_ARGUMENT);
        }
        launch.cooperative = true;
    }
    list.append(crate::command::Op::new(
        Command::Launch(Box::new(launch)),
        signal,
        waits,
    ))
}

fn direct(groups: *const ze_group_count_t) -> ZeResult<LaunchGroups> {
    // SAFETY: the caller's group count, null rejected.
    let g = unsafe { groups.as_ref() }.ok_or(NULL_POINTER)?;
    Ok(LaunchGroups::Direct([
        g.groupCountX,
        g.groupCountY,
        g.groupCountZ,
    ]))
}

pub unsafe extern "C" fn append_launch_kernel(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: *const ze_group_count_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    // SAFETY: caller contract for the wait list.
    entry("zeCommandListAppendLaunchKernel", || unsafe {
        append_launch(list, k, || direct(groups), false, signal, n, waits)
    })
}

pub unsafe extern "C" fn append_launch_cooperative_kernel(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: *const ze_group_count_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    // SAFETY: caller contract for the wait list.
    entry("zeCommandListAppendLaunchCooperativeKernel", || unsafe {
        append_launch(list, k, || direct(groups), true, signal, n, waits)
    })
}

pub unsafe extern "C" fn append_launch_kernel_indirect(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: *const ze_group_count_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry("zeCommandListAppendLaunchKernelIndirect", || {
        let make = || -> ZeResult<LaunchGroups> {
            Ok(LaunchGroups::Indirect(Range::check_usm(
                groups.cast(),
                size_of::<ze_group_count_t>(),
            )?))
        };
        // SAFETY: caller contract for the wait list.
        unsafe { append_launch(list, k, make, false, signal, n, waits) }
    })
}

pub unsafe extern "C" fn append_launch_multiple_kernels_indirect(
    list: ze_command_list_handle_t,
    num_kernels: u32,
    kernels: *mut ze_kernel_handle_t,
    count: *const u32,
    groups: *const ze_group_count_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry("zeCommandListAppendLaunchMultipleKernelsIndirect", || {
        let l = command_list(list)?;
        ensure_compute(&l)?;
        ensure(
            !kernels.is_null() && !count.is_null() && !groups.is_null(),
            NULL_POINTER,
        )?;
        let count_range = Range::check_usm(count.cast(), 4)?;
        let signal = if signal.is_null() {
            None
        } else {
            Some(crate::event::event(signal)?)
        };
        // SAFETY: caller contract.
        let waits = unsafe { wait_list(n, waits)? };
        let mut launches = Vec::new();
        for i in 0..num_kernels as usize {
            // SAFETY: the caller passes `num_kernels` handles.
            let k = kernel(unsafe { *kernels.add(i) })?;
            let mut launch = snapshot(&k)?;
            // SAFETY: pointer arithmetic within the caller's array (checked as a range next).
            let g = unsafe { groups.add(i) };
            launch.groups =
                LaunchGroups::Indirect(Range::check_usm(g.cast(), size_of::<ze_group_count_t>())?);
            launches.push(launch);
        }
        l.append(crate::command::Op::new(
            Command::LaunchMany {
                count: count_range,
                launches,
            },
            signal,
            waits,
        ))
    })
}
