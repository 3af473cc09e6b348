//! The module and kernel API of the CPU driver through the raw DDI (`ze_call!`): build
//! failures and their logs, kernel names and properties, argument and group-size errors,
//! suggestions, cooperative, indirect and multi-kernel indirect launches, specialization
//! constants, global offsets, copy-only lists; and bounds checking (`oob` kernels): a faulting
//! launch is reported as device lost, named on stderr, and the context keeps working.

mod common;

use common::kernels::{spirv, Buf, Gpu};
use common::spirv_asm::{find_op, import_module, spec_module, to_bytes, words};
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr::{null, null_mut};

const OPT: [&str; 2] = ["O0", "O2"];
const OK: ze_result_t = ze_result_t::ZE_RESULT_SUCCESS;
const BUILD_FAILURE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
const DEVICE_LOST: ze_result_t = ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST;

// ---- helpers ----------------------------------------------------------------------------------

fn cstring(f: impl Fn(*mut usize, *mut c_char) -> ze_result_t) -> String {
    let mut size = 0usize;
    assert_eq!(f(&mut size, null_mut()), OK);
    let mut buf = vec![0 as c_char; size];
    assert_eq!(f(&mut size, buf.as_mut_ptr()), OK);
    // SAFETY: the driver NUL-terminated the string within `size` bytes.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// `zeKernelCreate`; the caller destroys the kernel.
fn kernel_create(
    gpu: &Gpu,
    m: ze_module_handle_t,
    name: &str,
) -> Result<ze_kernel_handle_t, ze_result_t> {
    let name = CString::new(name).unwrap();
    let desc = ze_kernel_desc_t {
        stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_KERNEL_DESC,
        pKernelName: name.as_ptr(),
        ..Default::default()
    };
    let mut k = null_mut();
    // SAFETY: live module, valid descriptor.
    match unsafe { ze_call!(gpu.api, Kernel.pfnCreate(m, &desc, &mut k)) } {
        OK => Ok(k),
        r => Err(r),
    }
}

fn properties(gpu: &Gpu, k: ze_kernel_handle_t) -> ze_kernel_properties_t {
    let mut p = ze_kernel_properties_t {
        stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES,
        ..Default::default()
    };
    // SAFETY: live kernel, typed output structure.
    assert_eq!(
        unsafe { ze_call!(gpu.api, Kernel.pfnGetProperties(k, &mut p)) },
        OK
    );
    p
}

fn set_arg_raw(
    gpu: &Gpu,
    k: ze_kernel_handle_t,
    i: u32,
    size: usize,
    value: *const c_void,
) -> ze_result_t {
    // SAFETY: `value` is null or points to `size` readable bytes (callers pass locals).
    unsafe { ze_call!(gpu.api, Kernel.pfnSetArgumentValue(k, i, size, value)) }
}

fn group_size(gpu: &Gpu, k: ze_kernel_handle_t, s: [u32; 3]) -> ze_result_t {
    // SAFETY: live kernel.
    unsafe { ze_call!(gpu.api, Kernel.pfnSetGroupSize(k, s[0], s[1], s[2])) }
}

fn groups(g: [u32; 3]) -> ze_group_count_t {
    ze_group_count_t {
        groupCountX: g[0],
        groupCountY: g[1],
        groupCountZ: g[2],
    }
}

/// One way of appending a launch.
enum Launch<'a> {
    Direct(ze_kernel_handle_t, [u32; 3]),
    Cooperative(ze_kernel_handle_t, [u32; 3]),
    /// The group counts in device memory.
    Indirect(ze_kernel_handle_t, &'a Buf<u32>),
    /// Kernels, how many of them run, their group counts: all in device memory.
    Many(&'a [ze_kernel_handle_t], &'a Buf<u32>, &'a Buf<u32>),
}

/// Appends `launch` to `list` with an optional signal event; returns the result.
fn append(
    gpu: &Gpu,
    list: ze_command_list_handle_t,
    launch: Launch,
    signal: ze_event_handle_t,
) -> ze_result_t {
    let (api, w) = (&gpu.api, null_mut());
    // SAFETY: live handles of this Dispatch; group counts are locals or shared buffers with 3
    // words per kernel (asserted), the kernel array a live slice.
    unsafe {
        match launch {
            Launch::Direct(k, g) => ze_call!(
                api,
                CommandList.pfnAppendLaunchKernel(list, k, &groups(g), signal, 0, w)
            ),
            Launch::Cooperative(k, g) => ze_call!(
                api,
                CommandList.pfnAppendLaunchCooperativeKernel(list, k, &groups(g), signal, 0, w)
            ),
            Launch::Indirect(k, c) => {
                assert!(c.len >= 3);
                ze_call!(
                    api,
                    CommandList.pfnAppendLaunchKernelIndirect(list, k, c.ptr.cast(), signal, 0, w)
                )
            }
            Launch::Many(ks, n, c) => {
                assert!(n.len >= 1 && c.len >= 3 * ks.len());
                let mut ks = ks.to_vec();
                let count = ks.len() as u32;
                ze_call!(
                    api,
                    CommandList.pfnAppendLaunchMultipleKernelsIndirect(
                        list,
                        count,
                        ks.as_mut_ptr(),
                        n.ptr,
                        c.ptr.cast(),
                        signal,
                        0,
                        w
                    )
                )
            }
        }
    }
}

fn queue(gpu: &Gpu) -> ze_command_queue_handle_t {
    let mode = ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
    let desc = common::ze::queue_desc(0, 0, mode);
    common::ze::queue_create(&gpu.api, gpu.ctx, gpu.dev, desc)
}

/// A closed regular list holding `launch`.
fn record(gpu: &Gpu, launch: Launch) -> ze_command_list_handle_t {
    let list = common::ze::list_create(&gpu.api, gpu.ctx, gpu.dev, 0);
    assert_eq!(append(gpu, list, launch, null_mut()), OK);
    common::ze::list_close(&gpu.api, list);
    list
}

/// Executes `list` on `q`, destroys it, and returns what the queue's synchronize says.
fn submit(gpu: &Gpu, q: ze_command_queue_handle_t, list: ze_command_list_handle_t) -> ze_result_t {
    common::ze::execute(&gpu.api, q, &[list], null_mut());
    // SAFETY: a live queue.
    let r = unsafe { ze_call!(gpu.api, CommandQueue.pfnSynchronize(q, u64::MAX)) };
    common::ze::list_destroy(&gpu.api, list);
    r
}

/// A saxpy kernel bound to fresh buffers: `y[i] = 2*x[i] + y[i]` with `x[i] = i`, `y[i] = 1`.
fn saxpy(gpu: &Gpu, m: ze_module_handle_t, n: usize) -> (ze_kernel_handle_t, Buf<f32>) {
    let k = gpu.kernel(m, "saxpy");
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (bx, by) = (gpu.buffer(&x), gpu.buffer(&vec![1.0f32; n]));
    gpu.arg(k, 0, &2.0f32);
    gpu.arg_buf(k, 1, &bx);
    gpu.arg_buf(k, 2, &by);
    (k, by)
}

/// What `saxpy` leaves in `y` after running once over `[lo, hi)`.
fn saxpy_want(n: usize, lo: usize, hi: usize) -> Vec<f32> {
    let y = |i: usize| 1.0 + 2.0 * i as f32 * (lo..hi).contains(&i) as u8 as f32;
    (0..n).map(y).collect()
}

// ---- module builds ----------------------------------------------------------------------------

#[test]
fn build_failures_have_precise_logs() {
    let gpu = Gpu::new();
    let good = spirv("saxpy-O0");
    let patch = |bytes: &[u8], f: &dyn Fn(&mut Vec<u32>) -> String| {
        let mut w = words(bytes);
        let want = f(&mut w);
        (to_bytes(&w), want)
    };
    let vadd = spirv("vadd_int-O0");
    let cases = [
        patch(&good, &|w| {
            w[0] = 0x0302_2307;
            "bad magic number 0x03022307 (expected 0x07230203)".into()
        }),
        patch(&good, &|w| {
            w[1] = 0x0002_0000;
            "SPIR-V version 2.0 is not supported".into()
        }),
        patch(&good, &|w| {
            w[1] = 0x0001_0500;
            "SPIR-V version 1.5 is not supported".into()
        }),
        (
            good[..good.len() - 2].to_vec(),
            format!(
                "module size {} is not a multiple of 4 bytes",
                good.len() - 2
            ),
        ),
        (good[..12].to_vec(), "module too short (3 words)".into()),
        // The first OpCapability (word 5) patched to Shader (1).
        patch(&good, &|w| {
            assert_eq!(w[5], (2 << 16) | 17);
            w[6] = 1;
            "unsupported capability Shader at word 5".into()
        }),
        // An OpIAdd patched into OpMatrixTimesScalar (the same operand layout).
        patch(&vadd, &|w| {
            let at = find_op(w, 128);
            w[at] = (w[at] & 0xffff_0000) | 143;
            format!("unsupported opcode OpMatrixTimesScalar at word {at}")
        }),
        // The last instruction's word count runs past the end.
        patch(&good, &|w| {
            let last = w.len() - 1;
            w[last] = (9 << 16) | (w[last] & 0xffff);
            format!("malformed instruction at word {last}")
        }),
        (
            import_module(),
            "unresolved import: function external_helper has no body".into(),
        ),
    ];
    for (bytes, want) in cases {
        let (r, log) = gpu
            .try_module(&bytes)
            .err()
            .unwrap_or_else(|| panic!("built: {want}"));
        assert_eq!(r, BUILD_FAILURE, "{want}");
        assert!(log.contains(&want), "log {log:?} lacks {want:?}");
    }
    // The unpatched module builds.
    assert!(gpu.try_module(&good).is_ok());
}

#[test]
fn module_and_kernel_queries() {
    let gpu = Gpu::new();
    let api = &gpu.api;
    let bytes = spirv("local_mem-O2");
    let m = gpu.module("local_mem-O2");
    // Kernel names.
    let (mut count, mut names) = (0u32, Vec::new());
    for _ in 0..2 {
        names.resize(count as usize, null::<c_char>());
        let p = if count == 0 {
            null_mut()
        } else {
            names.as_mut_ptr()
        };
        // SAFETY: live module; a count query, then `names` holds `count` pointers.
        let r = unsafe { ze_call!(api, Module.pfnGetKernelNames(m, &mut count, p)) };
        assert_eq!(r, OK);
    }
    // SAFETY: the driver's NUL-terminated names, alive as long as the module.
    let name = |p: &*const c_char| unsafe { CStr::from_ptr(*p) }.to_string_lossy().into_owned();
    let mut names: Vec<String> = names.iter().map(name).collect();
    names.sort();
    let want = [
        "barrier_loop_rotate",
        "bitonic_sort_local",
        "local_array_reverse",
        "local_param_reverse",
        "local_transpose",
    ];
    assert_eq!(names, want);
    // The native binary is the SPIR-V.
    let (mut size, mut native) = (0usize, Vec::new());
    for _ in 0..2 {
        native.resize(size, 0u8);
        let p = if size == 0 {
            null_mut()
        } else {
            native.as_mut_ptr()
        };
        // SAFETY: live module; a size query, then `native` holds `size` bytes.
        assert_eq!(
            unsafe { ze_call!(api, Module.pfnGetNativeBinary(m, &mut size, p)) },
            OK
        );
    }
    assert!(native == bytes, "native binary differs from the SPIR-V");
    // Unknown kernel name.
    for bad in ["no_such_kernel", "local_transpos", "local_transpose_", ""] {
        let r = kernel_create(&gpu, m, bad);
        assert_eq!(r, Err(ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_NAME));
    }
    // Names and properties: (name, args, required size, kernel-scope local bytes).
    for (name, args, req, local) in [
        ("local_param_reverse", 3, [0, 0, 0], 0),
        ("local_array_reverse", 2, [0, 0, 0], 256 * 4),
        ("local_transpose", 4, [16, 16, 1], 16 * 17 * 4),
        ("barrier_loop_rotate", 4, [0, 0, 0], 0),
    ] {
        let k = gpu.kernel(m, name);
        // SAFETY: live kernel; the string protocol.
        let got = cstring(|s, p| unsafe { ze_call!(api, Kernel.pfnGetName(k, s, p)) });
        assert_eq!(got, name);
        let p = properties(&gpu, k);
        assert_eq!(p.numKernelArgs, args, "{name}");
        let got = [
            p.requiredGroupSizeX,
            p.requiredGroupSizeY,
            p.requiredGroupSizeZ,
        ];
        assert_eq!(got, req, "{name}");
        assert_eq!(p.localMemSize, local, "{name} localMemSize");
    }
    for (module, name, local) in [
        ("matmul-O0", "matmul_tiled", 2 * 16 * 16 * 4),
        ("matmul-O0", "matmul_naive", 0),
        ("histogram-O2", "hist_local", 1024),
        ("reduce_scan-O0", "reduce_sum_i32", 256),
    ] {
        let k = gpu.kernel(gpu.module(module), name);
        assert_eq!(properties(&gpu, k).localMemSize, local, "{module} {name}");
    }
}

#[test]
fn argument_and_group_size_errors() {
    let gpu = Gpu::new();
    let m = gpu.module("local_mem-O0");
    let k = gpu.kernel(m, "local_transpose");
    let (v, p) = (5i32, 0u64);
    let arg_index = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    let arg_size = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
    let (vp, pp): (*const c_void, *const c_void) =
        ((&v as *const i32).cast(), (&p as *const u64).cast());
    assert_eq!(set_arg_raw(&gpu, k, 4, 4, vp), arg_index);
    assert_eq!(set_arg_raw(&gpu, k, u32::MAX, 4, vp), arg_index);
    assert_eq!(set_arg_raw(&gpu, k, 2, 8, pp), arg_size);
    assert_eq!(set_arg_raw(&gpu, k, 2, 2, vp), arg_size);
    assert_eq!(set_arg_raw(&gpu, k, 0, 4, vp), arg_size); // a pointer is 8 bytes
    assert_eq!(set_arg_raw(&gpu, k, 2, 4, vp), OK);
    assert_eq!(set_arg_raw(&gpu, k, 0, 8, pp), OK);
    // A __local argument takes a size and no value.
    let kl = gpu.kernel(m, "local_param_reverse");
    assert_eq!(set_arg_raw(&gpu, kl, 2, 64, vp), arg_size);
    assert_eq!(set_arg_raw(&gpu, kl, 2, 0, null()), arg_size);
    assert_eq!(set_arg_raw(&gpu, kl, 2, 64, null()), OK);
    // Group sizes: reqd_work_group_size(16,16,1) and the 1024 limit.
    let bad = ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    for s in [[8, 8, 1], [16, 16, 2], [256, 1, 1], [16, 1, 16]] {
        assert_eq!(group_size(&gpu, k, s), bad, "{s:?}");
    }
    assert_eq!(group_size(&gpu, k, [16, 16, 1]), OK);
    for s in [[1025, 1, 1], [32, 32, 2], [0, 1, 1], [1, 1, 0], [1, 1, 65]] {
        assert_eq!(group_size(&gpu, kl, s), bad, "{s:?}");
    }
    for s in [[1024, 1, 1], [32, 32, 1], [1, 1, 64], [8, 4, 32]] {
        assert_eq!(group_size(&gpu, kl, s), OK, "{s:?}");
    }
}

#[test]
fn suggestions_and_cooperative_launch() {
    let gpu = Gpu::new();
    let api = &gpu.api;
    let m = gpu.module("saxpy-O2");
    let (k, y) = saxpy(&gpu, m, 1000);
    let suggest = |k, g: [u32; 3]| {
        let mut s = [0u32; 3];
        let [a, b, c] = s.each_mut().map(|x| x as *mut u32);
        // SAFETY: live kernel, out-pointers into a local array.
        let r = unsafe {
            ze_call!(
                api,
                Kernel.pfnSuggestGroupSize(k, g[0], g[1], g[2], a, b, c)
            )
        };
        assert_eq!(r, OK, "suggest {g:?}");
        s
    };
    for g in [
        [1000, 1, 1],
        [1, 1, 1],
        [97, 1, 1],
        [4096, 1, 1],
        [64, 30, 7],
        [1, 1, 1000],
    ] {
        let s = suggest(k, g);
        let fits = s.iter().all(|&x| x >= 1) && s.iter().product::<u32>() <= 1024;
        assert!(fits && (0..3).all(|d| g[d] % s[d] == 0), "{g:?} -> {s:?}");
        assert_eq!(group_size(&gpu, k, s), OK);
    }
    let kt = gpu.kernel(gpu.module("matmul-O2"), "matmul_tiled");
    assert_eq!(suggest(kt, [64, 32, 1]), [16, 16, 1]);
    let mut count = 0u32;
    // SAFETY: live kernel, local out-pointer.
    let r = unsafe {
        ze_call!(
            api,
            Kernel.pfnSuggestMaxCooperativeGroupCount(k, &mut count)
        )
    };
    assert_eq!(r, OK);
    assert!(count >= 1);
    // A cooperative launch of at most `count` groups covering the whole array.
    let n_groups = count.min(1000);
    let size = 1000u32.div_ceil(n_groups);
    let n = (n_groups * size) as usize;
    let (k2, y2) = saxpy(&gpu, m, n);
    assert_eq!(group_size(&gpu, k2, [size, 1, 1]), OK);
    let r = append(
        &gpu,
        gpu.list,
        Launch::Cooperative(k2, [n_groups, 1, 1]),
        null_mut(),
    );
    assert_eq!(r, OK);
    assert_eq!(gpu.read(&y2), saxpy_want(n, 0, n));
    assert_eq!(gpu.read(&y), saxpy_want(1000, 0, 0));
}

/// Cooperative groups must all run at once: at most one per launch thread.
#[test]
fn cooperative_count_is_the_launch_thread_count() {
    let name = "cooperative_count_is_the_launch_thread_count";
    for threads in ["1", "3"] {
        if !common::in_child(name, &[("LEVEL_ZERO_CPU_THREADS", threads)]) {
            continue;
        }
        let gpu = Gpu::new();
        let (k, _) = saxpy(&gpu, gpu.module("saxpy-O0"), 1);
        let mut count = 0u32;
        // SAFETY: live kernel, local out-pointer.
        let r = unsafe {
            ze_call!(
                gpu.api,
                Kernel.pfnSuggestMaxCooperativeGroupCount(k, &mut count)
            )
        };
        assert_eq!(r, OK);
        let want = std::env::var("LEVEL_ZERO_CPU_THREADS").unwrap();
        assert_eq!(count.to_string(), want);
        return;
    }
}

#[test]
fn global_offset_shifts_the_ids() {
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("saxpy-{opt}"));
        let (k, y) = saxpy(&gpu, m, 300);
        // SAFETY: live kernel of this Dispatch.
        let r = unsafe { ze_call!(gpu.api, KernelExp.pfnSetGlobalOffsetExp(k, 100, 0, 0)) };
        assert_eq!(r, OK);
        gpu.run(k, [5, 1, 1], [10, 1, 1]);
        assert_eq!(gpu.read(&y), saxpy_want(300, 100, 150), "{opt}");
    }
}

#[test]
fn indirect_launches_read_group_counts_at_execution() {
    let gpu = Gpu::new();
    let m = gpu.module("saxpy-O0");
    let (k, y) = saxpy(&gpu, m, 256);
    assert_eq!(group_size(&gpu, k, [8, 1, 1]), OK);
    let counts = gpu.buffer(&[5u32, 1, 1]);
    assert_eq!(
        append(&gpu, gpu.list, Launch::Indirect(k, &counts), null_mut()),
        OK
    );
    assert_eq!(gpu.read(&y), saxpy_want(256, 0, 40));
    // Zero groups in any dimension: nothing runs.
    for zero in [[0u32, 1, 1], [5, 0, 1], [5, 1, 0]] {
        let none = gpu.buffer(&zero);
        assert_eq!(
            append(&gpu, gpu.list, Launch::Indirect(k, &none), null_mut()),
            OK
        );
    }
    assert_eq!(gpu.read(&y), saxpy_want(256, 0, 40));
    // Host memory is not a device group count.
    let host = groups([1, 1, 1]);
    // SAFETY: live list and kernel; the driver must refuse the stack pointer.
    let r = unsafe {
        ze_call!(
            gpu.api,
            CommandList.pfnAppendLaunchKernelIndirect(
                gpu.list,
                k,
                &host,
                null_mut(),
                0,
                null_mut()
            )
        )
    };
    assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT);

    // Recorded in a regular list with zero groups; the count is changed before execution.
    let (k2, y2) = saxpy(&gpu, m, 256);
    assert_eq!(group_size(&gpu, k2, [16, 1, 1]), OK);
    let counts2 = gpu.buffer(&[0u32, 1, 1]);
    let q = queue(&gpu);
    let list = record(&gpu, Launch::Indirect(k2, &counts2));
    // SAFETY: shared memory, no command running.
    unsafe { *counts2.ptr = 3 };
    assert_eq!(submit(&gpu, q, list), OK);
    assert_eq!(gpu.read(&y2), saxpy_want(256, 0, 48));
    common::ze::queue_destroy(&gpu.api, q);

    // Several kernels, the number launched read from device memory too.
    let (ka, ya) = saxpy(&gpu, m, 64);
    let (kb, yb) = saxpy(&gpu, gpu.module("saxpy-O2"), 64);
    assert_eq!(group_size(&gpu, ka, [4, 1, 1]), OK);
    assert_eq!(group_size(&gpu, kb, [2, 1, 1]), OK);
    let many = gpu.buffer(&[2u32, 1, 1, 3, 1, 1]);
    let n = gpu.buffer(&[1u32]);
    let n_ptr = n.ptr;
    let launch = || {
        append(
            &gpu,
            gpu.list,
            Launch::Many(&[ka, kb], &n, &many),
            null_mut(),
        )
    };
    assert_eq!(launch(), OK);
    assert_eq!(
        (gpu.read(&ya), gpu.read(&yb)),
        (saxpy_want(64, 0, 8), saxpy_want(64, 0, 0))
    );
    // SAFETY: shared memory, no command running.
    unsafe { *n_ptr = 2 };
    assert_eq!(launch(), OK);
    let twice: Vec<f32> = (0..64)
        .map(|i| if i < 8 { 4.0 * i as f32 + 1.0 } else { 1.0 })
        .collect();
    assert_eq!(gpu.read(&ya), twice);
    assert_eq!(gpu.read(&yb), saxpy_want(64, 0, 6));
}

#[test]
fn specialization_constants() {
    let gpu = Gpu::new();
    let bytes = spec_module();
    let build = |ids: &[u32], values: &[u64]| {
        let mut ptrs: Vec<*const c_void> =
            values.iter().map(|v| (v as *const u64).cast()).collect();
        let constants = ze_module_constants_t {
            numConstants: ids.len() as u32,
            pConstantIds: ids.as_ptr(),
            pConstantValues: ptrs.as_mut_ptr(),
        };
        let desc = ze_module_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_MODULE_DESC,
            format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
            inputSize: bytes.len(),
            pInputModule: bytes.as_ptr(),
            pConstants: &constants,
            ..Default::default()
        };
        let mut m = null_mut();
        // SAFETY: the descriptor and the arrays it points to are alive for the call.
        let r = unsafe {
            ze_call!(
                gpu.api,
                Module.pfnCreate(gpu.ctx, gpu.dev, &desc, &mut m, null_mut())
            )
        };
        (r, m)
    };
    let run = |m: ze_module_handle_t| {
        let k = kernel_create(&gpu, m, "spec_store").unwrap();
        let (a, b) = (gpu.zeros::<i32>(1), gpu.zeros::<i64>(1));
        gpu.arg_buf(k, 0, &a);
        gpu.arg_buf(k, 1, &b);
        gpu.run(k, [1, 1, 1], [1, 1, 1]);
        // SAFETY: the kernel and module made here, destroyed once, kernel first.
        unsafe {
            assert_eq!(ze_call!(gpu.api, Kernel.pfnDestroy(k)), OK);
            assert_eq!(ze_call!(gpu.api, Module.pfnDestroy(m)), OK);
        }
        (gpu.read(&a)[0], gpu.read(&b)[0])
    };
    type Case<'a> = (&'a [u32], &'a [u64], (i32, i64));
    let minus3 = -3i64 as u64;
    let cases: [Case; 4] = [
        (&[], &[], (42, 0x1_0000_0005)),
        (&[7], &[1234], (1234, 0x1_0000_0005)),
        (&[8, 7], &[minus3, 0xFFFF_FFFF_8000_0000], (i32::MIN, -3)),
        (&[8], &[77], (42, 77)),
    ];
    for (ids, values, want) in cases {
        let (r, m) = build(ids, values);
        assert_eq!(r, OK, "{ids:?}");
        assert_eq!(run(m), want, "{ids:?} = {values:?}");
    }
    // An id the module does not declare fails the build.
    assert_eq!(build(&[99], &[1]).0, BUILD_FAILURE);
}

#[test]
fn launch_on_copy_only_list_is_refused() {
    let gpu = Gpu::new();
    let api = &gpu.api;
    let (k, y) = saxpy(&gpu, gpu.module("saxpy-O0"), 16);
    assert_eq!(group_size(&gpu, k, [16, 1, 1]), OK);
    let copy = common::ze::list_create(api, gpu.ctx, gpu.dev, 1);
    let desc = common::ze::queue_desc(
        1,
        0,
        ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
    );
    let mut imm = null_mut();
    // SAFETY: live context and device, valid descriptor.
    let r = unsafe {
        ze_call!(
            api,
            CommandList.pfnCreateImmediate(gpu.ctx, gpu.dev, &desc, &mut imm)
        )
    };
    assert_eq!(r, OK);
    let (counts, n) = (gpu.buffer(&[1u32, 1, 1]), gpu.buffer(&[1u32]));
    let wrong = ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE;
    for list in [copy, imm] {
        for launch in [
            Launch::Direct(k, [1, 1, 1]),
            Launch::Cooperative(k, [1, 1, 1]),
            Launch::Indirect(k, &counts),
            Launch::Many(&[k], &n, &counts),
        ] {
            assert_eq!(append(&gpu, list, launch, null_mut()), wrong);
        }
        common::ze::list_destroy(api, list);
    }
    assert_eq!(gpu.read(&y), saxpy_want(16, 0, 0));
}

// ---- bounds checking --------------------------------------------------------------------------

/// Tells the parent which report to find: `EXPECT <kernel> <address> <allocation range>`.
fn expect_report(kernel: &str, addr: usize, start: usize, end: usize) {
    eprintln!("EXPECT {kernel} {addr:#x} {start:#x} {end:#x}");
}

/// In the child: runs the faulting kernels, each time checking the result the API returns.
fn oob_child() {
    let gpu = Gpu::new();
    let api = &gpu.api;
    for opt in OPT {
        let m = gpu.module(&format!("oob-{opt}"));
        let (kw, kr) = (gpu.kernel(m, "oob_write"), gpu.kernel(m, "oob_read"));
        let kl = gpu.kernel(m, "oob_local_write");
        // One work-group: the first faulting item is the first past the end.
        let out = gpu.zeros::<i32>(64);
        gpu.arg_buf(kw, 0, &out);
        gpu.arg(kw, 1, &3i32);
        assert_eq!(gpu.launch(kw, [1, 1, 1], [64, 1, 1]), DEVICE_LOST, "{opt}");
        let base = out.ptr as usize;
        expect_report("oob_write", base + 256, base, base + 256);
        let input = gpu.buffer(&(0..64).collect::<Vec<i32>>());
        gpu.arg_buf(kr, 0, &input);
        gpu.arg_buf(kr, 1, &out);
        gpu.arg(kr, 2, &1i32);
        assert_eq!(gpu.launch(kr, [1, 1, 1], [64, 1, 1]), DEVICE_LOST, "{opt}");
        let base = input.ptr as usize;
        expect_report("oob_read", base + 256, base, base + 256);
        // Many groups on all threads: the launch fails, whichever item faults first.
        let big = gpu.zeros::<i32>(4096);
        gpu.arg_buf(kw, 0, &big);
        gpu.arg(kw, 1, &1i32);
        assert_eq!(
            gpu.launch(kw, [256, 1, 1], [16, 1, 1]),
            DEVICE_LOST,
            "{opt}"
        );
        // Local memory: past the end of a __local argument, also of an odd number of ints.
        for l in [8u32, 7, 1] {
            let o = gpu.zeros::<i32>(l as usize * 2);
            gpu.arg_buf(kl, 0, &o);
            gpu.arg_local(kl, 1, l as usize * 4);
            gpu.arg(kl, 2, &1i32);
            assert_eq!(
                gpu.launch(kl, [2, 1, 1], [l, 1, 1]),
                DEVICE_LOST,
                "{opt} L={l}"
            );
            // In bounds (n = 0) the same kernel works.
            gpu.arg(kl, 2, &0i32);
            gpu.run(kl, [2, 1, 1], [l, 1, 1]);
            assert_eq!(gpu.read(&o), (0..2 * l as i32).collect::<Vec<_>>());
        }
        // The same context and list run correct kernels afterwards.
        gpu.arg_buf(kw, 0, &out);
        gpu.arg(kw, 1, &0i32);
        gpu.run(kw, [4, 1, 1], [16, 1, 1]);
        assert_eq!(
            gpu.read(&out),
            (0..64).collect::<Vec<i32>>(),
            "{opt} after the faults"
        );
    }

    // Asynchronous immediate list: the signal event reports the loss.
    let m = gpu.module("oob-O2");
    let k = gpu.kernel(m, "oob_write");
    let out = gpu.zeros::<i32>(32);
    let pool = common::ze::pool_create(api, gpu.ctx, common::ze::HOST_VISIBLE, 2);
    let events = [0, 1].map(|i| common::ze::event_create(api, pool, i));
    let mode = ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
    let async_list = common::ze::immediate_create(api, gpu.ctx, gpu.dev, mode);
    gpu.arg_buf(k, 0, &out);
    assert_eq!(group_size(&gpu, k, [32, 1, 1]), OK);
    for (n, ev, want) in [(1000i32, events[0], DEVICE_LOST), (0, events[1], OK)] {
        gpu.arg(k, 1, &n);
        assert_eq!(
            append(&gpu, async_list, Launch::Direct(k, [1, 1, 1]), ev),
            OK
        );
        // SAFETY: a live event.
        assert_eq!(
            unsafe { ze_call!(api, Event.pfnHostSynchronize(ev, u64::MAX)) },
            want
        );
    }
    let base = out.ptr as usize;
    expect_report("oob_write", base + 4000, base, base + 128);
    assert_eq!(gpu.read(&out), (0..32).collect::<Vec<i32>>());

    // A command queue: its synchronize reports the loss, then runs the next work.
    let q = queue(&gpu);
    let kr = gpu.kernel(m, "oob_read");
    let (input, out2) = (gpu.buffer(&[7i32; 16]), gpu.zeros::<i32>(16));
    gpu.arg_buf(kr, 0, &input);
    gpu.arg_buf(kr, 1, &out2);
    assert_eq!(group_size(&gpu, kr, [16, 1, 1]), OK);
    for (n, want) in [(-20i32, DEVICE_LOST), (0, OK)] {
        gpu.arg(kr, 2, &n); // -20: before the start
        assert_eq!(
            submit(&gpu, q, record(&gpu, Launch::Direct(kr, [1, 1, 1]))),
            want
        );
    }
    let base = input.ptr as usize;
    expect_report("oob_read", base - 80, base, base + 64);
    assert_eq!(gpu.read(&out2), [7; 16]);
    common::ze::list_destroy(api, async_list);
    common::ze::queue_destroy(api, q);
    for e in events {
        common::ze::event_destroy(api, e);
    }
    common::ze::pool_destroy(api, pool);
}

#[test]
fn out_of_bounds_fails_the_launch_and_is_reported() {
    let name = "out_of_bounds_fails_the_launch_and_is_reported";
    let Some(stderr) = common::child_stderr(name, &[]) else {
        oob_child();
        return;
    };
    let reports: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("device lost"))
        .collect();
    let expects: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("EXPECT "))
        .collect();
    assert_eq!(expects.len(), 6, "{stderr}");
    for e in expects {
        let f: Vec<&str> = e.split(' ').collect();
        let (kernel, addr, start, end) = (f[1], f[2], f[3], f[4]);
        let want = format!(
            "kernel {kernel}: out-of-bounds access of 4 bytes at {addr}; nearest allocation \
             [{start}, {end})"
        );
        let found = reports.iter().any(|r| r.contains(&want));
        assert!(found, "no report {want:?} in:\n{stderr}");
    }
    // Every faulting launch was reported, local-memory ones included.
    assert_eq!(reports.len(), 2 * (2 + 1 + 3) + 2, "{stderr}");
    let local = "kernel oob_local_write: out-of-bounds access of 4 bytes at ";
    let local = reports.iter().filter(|r| r.contains(local));
    let named = local.filter(|r| r.contains("bytes, __local memory of the work-group)"));
    assert_eq!(named.count(), 6, "{stderr}");
}
