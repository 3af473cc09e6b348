//! The `extern "C"` entry points of `kernel` (see [`crate::kernel`]).

use crate::abi::*;
use crate::command::{Command, LaunchGroups};
use crate::command_list::command_list;
use crate::event::wait_list;
use crate::handle::{self};
use crate::kernel::*;
use crate::memory::Range;
use crate::module::{module, write_string};
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::{Arc, Mutex};

/// `ze_result_t zexCpuKernelSetArgumentBuffer(ze_kernel_handle_t, uint32_t argIndex,
/// const void* ptr, size_t size)`.
pub const SET_ARGUMENT_BUFFER: &str = "zexCpuKernelSetArgumentBuffer";

pub unsafe extern "C" fn kernel_create(
    m: ze_module_handle_t,
    desc: *const ze_kernel_desc_t,
    out: *mut ze_kernel_handle_t,
) -> ze_result_t {
    entry(names::zeKernelCreate, || {
        let m = module(m)?;
        // SAFETY: descriptor from the caller, null rejected.
        let desc = unsafe { input(desc)? };
        ensure(desc.flags.0 & !0x3 == 0, INVALID_ENUM)?;
        ensure(!desc.pKernelName.is_null() && !out.is_null(), NULL_POINTER)?;
        // SAFETY: NUL-terminated by contract.
        let name = unsafe { CStr::from_ptr(desc.pKernelName) };
        let exec = m
            .built()
            .kernels()
            .iter()
            .find(|k| k.name().as_bytes() == name.to_bytes())
            .cloned();
        let Some(exec) = exec else {
            // A kernel of the module that uses a feature this device lacks: its reason is in
            // the module's build log.
            let unavailable = name
                .to_str()
                .is_ok_and(|n| m.built().unavailable(n).is_some());
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
    entry(names::zeKernelDestroy, || {
        crate::driver::initialised()?;
        handle::destroy::<Kernel, _>(k).map(drop)
    })
}

pub unsafe extern "C" fn kernel_set_cache_config(
    k: ze_kernel_handle_t,
    flags: ze_cache_config_flags_t,
) -> ze_result_t {
    entry(names::zeKernelSetCacheConfig, || {
        kernel(k)?;
        ensure(flags.0 & !0x3 == 0, INVALID_ENUM)
    })
}

pub unsafe extern "C" fn kernel_set_group_size(
    k: ze_kernel_handle_t,
    x: u32,
    y: u32,
    z: u32,
) -> ze_result_t {
    entry(names::zeKernelSetGroupSize, || {
        let k = kernel(k)?;
        check_group_size(&k, [x, y, z])?;
        k.state().group_size = [x, y, z];
        Ok(())
    })
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
    entry(names::zeKernelSuggestGroupSize, || {
        let k = kernel(k)?;
        ensure(!x.is_null() && !y.is_null() && !z.is_null(), NULL_POINTER)?;
        ensure(
            gx > 0 && gy > 0 && gz > 0,
            ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION,
        )?;
        let size = k.suggest_group_size([gx, gy, gz]);
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
    entry(names::zeKernelSuggestMaxCooperativeGroupCount, || {
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
    entry(names::zeKernelSetArgumentValue, || {
        let k = kernel(k)?;
        // SAFETY: the caller's value holds `size` bytes.
        unsafe { k.set_argument_value(index, size, value.cast()) }
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
    entry(SET_ARGUMENT_BUFFER, || {
        let k = kernel(k)?;
        k.set_argument_buffer(index, ptr, size)
    })
}

pub unsafe extern "C" fn kernel_set_indirect_access(
    k: ze_kernel_handle_t,
    flags: ze_kernel_indirect_access_flags_t,
) -> ze_result_t {
    entry(names::zeKernelSetIndirectAccess, || {
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
    entry(names::zeKernelGetIndirectAccess, || {
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
    entry(names::zeKernelGetSourceAttributes, || {
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
    entry(names::zeKernelGetProperties, || {
        let k = kernel(k)?;
        // SAFETY: valid properties structure or null (rejected).
        let p = unsafe { output(props)? };
        let req = k.exec.required_group_size().unwrap_or([0; 3]);
        p.numKernelArgs = k.exec.params().len() as u32;
        p.requiredGroupSizeX = req[0];
        p.requiredGroupSizeY = req[1];
        p.requiredGroupSizeZ = req[2];
        // Sub-groups: consecutive runs of the kernel's size in local linear id order.
        let sg = k.exec.subgroup_size().max(1);
        p.requiredNumSubGroups = 0;
        p.requiredSubgroupSize = k.exec.required_subgroup_size().unwrap_or(0);
        p.maxSubgroupSize = sg;
        p.maxNumSubgroups = MAX_GROUP_SIZE.div_ceil(sg);
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
    entry(names::zeKernelGetName, || {
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
    entry(names::zeKernelSetGlobalOffsetExp, || {
        kernel(k)?.state().offset = [x, y, z];
        Ok(())
    })
}

/// `zeKernelGetBinaryExp` (`ZE_extension_kernel_binary_exp`): the kernel's binary, which for
/// this driver is its module's SPIR-V (what `zeModuleGetNativeBinary` gives: the executor
/// compiles at build time into no binary of its own). A null `binary` asks for the size; else
/// up to `*size` bytes are copied and `*size` says how many, as in Intel's
/// `getKernelProgramBinary`.
pub unsafe extern "C" fn kernel_get_binary(
    k: ze_kernel_handle_t,
    size: *mut usize,
    binary: *mut u8,
) -> ze_result_t {
    entry(names::zeKernelGetBinaryExp, || {
        let spirv = &kernel(k)?.module.spirv;
        ensure(!size.is_null(), NULL_POINTER)?;
        let n = if binary.is_null() {
            spirv.len()
        } else {
            // SAFETY: non-null; the caller's buffer holds `*size` bytes.
            let n = unsafe { *size }.min(spirv.len());
            // SAFETY: as above.
            unsafe { std::ptr::copy_nonoverlapping(spirv.as_ptr(), binary, n) };
            n
        };
        // SAFETY: non-null, writable by contract.
        unsafe { size.write(n) };
        Ok(())
    })
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
    entry(names::zeCommandListAppendLaunchKernel, || unsafe {
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
    entry(
        names::zeCommandListAppendLaunchCooperativeKernel,
        || unsafe { append_launch(list, k, || direct(groups), true, signal, n, waits) },
    )
}

pub unsafe extern "C" fn append_launch_kernel_indirect(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: *const ze_group_count_t,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendLaunchKernelIndirect, || {
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
    entry(
        names::zeCommandListAppendLaunchMultipleKernelsIndirect,
        || {
            let l = command_list(list)?;
            ensure_compute(&l)?;
            ensure(
                !kernels.is_null() && !count.is_null() && !groups.is_null(),
                NULL_POINTER,
            )?;
            let count_range = Range::check_usm(count.cast(), 4)?;
            let signal = crate::event::signal_event(signal)?;
            // SAFETY: caller contract.
            let waits = unsafe { wait_list(n, waits)? };
            let mut launches = Vec::new();
            for i in 0..num_kernels as usize {
                // SAFETY: the caller passes `num_kernels` handles.
                let k = kernel(unsafe { *kernels.add(i) })?;
                let mut launch = snapshot(&k)?;
                // SAFETY: pointer arithmetic within the caller's array (checked as a range next).
                let g = unsafe { groups.add(i) };
                launch.groups = LaunchGroups::Indirect(Range::check_usm(
                    g.cast(),
                    size_of::<ze_group_count_t>(),
                )?);
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
        },
    )
}

/// `zeCommandListAppendLaunchKernelWithParameters` (1.14): `zeCommandListAppendLaunchKernel`
/// with launch parameters chained on `next` (a cooperative descriptor makes it
/// `zeCommandListAppendLaunchCooperativeKernel`; see [`launch_extensions`]). The checks are
/// Intel's `appendLaunchKernelWithParameters`' order: handles, the group count, the wait
/// list, the parameters; then the launch path of the other launches.
pub unsafe extern "C" fn append_launch_kernel_with_parameters(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: *const ze_group_count_t,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendLaunchKernelWithParameters, || {
        command_list(list)?;
        kernel(k)?;
        ensure(!groups.is_null(), NULL_POINTER)?;
        ensure(n == 0 || !waits.is_null(), INVALID_SIZE)?;
        // SAFETY: the caller's chain of extension structures.
        let cooperative = unsafe { launch_extensions(next)? };
        // SAFETY: caller contract for the wait list.
        unsafe { append_launch(list, k, || direct(groups), cooperative, signal, n, waits) }
    })
}

/// `zeCommandListAppendLaunchKernelWithArguments` (1.14): sets the kernel's group size and
/// all its arguments (kept, as if by `zeKernelSetGroupSize` and `zeKernelSetArgumentValue`:
/// [`Kernel::set_group_size_and_arguments`]), then launches `groups` groups as
/// `zeCommandListAppendLaunchKernelWithParameters` with `next` (Intel's
/// `appendLaunchKernelWithArguments` is the same two steps).
pub unsafe extern "C" fn append_launch_kernel_with_arguments(
    list: ze_command_list_handle_t,
    k: ze_kernel_handle_t,
    groups: ze_group_count_t,
    sizes: ze_group_size_t,
    args: *mut *mut c_void,
    next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendLaunchKernelWithArguments, || {
        ensure_compute(&*command_list(list)?)?;
        let kernel = kernel(k)?;
        ensure(n == 0 || !waits.is_null(), INVALID_SIZE)?;
        // Checked before the kernel's state changes: a call refused for its list, wait list or
        // parameters leaves the kernel as it was.
        // SAFETY: the caller's chain of extension structures.
        let cooperative = unsafe { launch_extensions(next)? };
        let size = [sizes.groupSizeX, sizes.groupSizeY, sizes.groupSizeZ];
        // SAFETY: `args` holds one pointer per argument of the kernel (the caller's contract).
        unsafe { kernel.set_group_size_and_arguments(size, args)? };
        // SAFETY: caller contract for the wait list.
        unsafe { append_launch(list, k, || direct(&groups), cooperative, signal, n, waits) }
    })
}
