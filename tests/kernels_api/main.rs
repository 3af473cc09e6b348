//! The module and kernel API of the CPU driver, through the safe layer (`level-zero`) and, for
//! what it does not expose or checks itself, raw DDI calls on its handles: build failures and
//! their logs, kernel names and properties, argument and group-size errors, suggestions,
//! cooperative, indirect and multi-kernel indirect launches, specialization constants, global
//! offsets, program-scope variables, copy-only lists; and bounds checking (`oob` kernels): a
//! faulting launch is reported as device lost, named on stderr, and the context keeps working.
//! What the kernels compute is tested beside the executor (`spirv-exec/tests`).

#[path = "../common/mod.rs"]
mod common;

mod bounds;
mod builds;
mod program_scope;

use common::spirv_asm::{find_op, import_module, spec_module, to_bytes, words};
use level_zero::sys::{ze_call, *};
use level_zero::*;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};

const OPT: [&str; 2] = ["O0", "O2"];
const OK: ze_result_t = ze_result_t::ZE_RESULT_SUCCESS;
const BUILD_FAILURE: ze_result_t = ze_result_t::ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
const DEVICE_LOST: ze_result_t = ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST;
const INVALID_ARGUMENT: ze_result_t = ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT;

// ---- helpers ----------------------------------------------------------------------------------

/// The bytes of `kernels/spv/<name>.spv`.
fn spirv(name: &str) -> Vec<u8> {
    let path = format!("{}/kernels/spv/{name}.spv", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The result code of a failed call.
fn code<T: std::fmt::Debug>(r: Result<T>) -> ze_result_t {
    match r {
        Ok(v) => panic!("succeeded: {v:?}"),
        Err(e) => e
            .result()
            .unwrap_or_else(|| panic!("refused by the safe layer, not the driver: {e}")),
    }
}

/// The default context and device, and a synchronous immediate list on them: a launch has
/// run (or failed) when `launch` returns.
struct Gpu {
    ctx: Context,
    dev: Device,
    list: ImmediateCommandList,
}

impl Gpu {
    fn new() -> Gpu {
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let sync = QueueDesc::default().mode(QueueMode::Synchronous);
        let list = ImmediateCommandList::with_desc(&ctx, &dev, sync).unwrap();
        Gpu { ctx, dev, list }
    }

    fn dispatch(&self) -> &Dispatch {
        self.ctx.driver().api().dispatch()
    }

    fn module(&self, name: &str) -> Module {
        Module::from_spirv(&self.ctx, &self.dev, &spirv(name), &BuildOptions::default())
            .unwrap_or_else(|e| panic!("module {name}: {e}"))
    }

    /// A shared allocation holding `data`.
    fn buffer<T: bytemuck::Pod>(&self, data: &[T]) -> Allocation {
        let bytes: &[u8] = bytemuck::cast_slice(data);
        let a = Allocation::shared(&self.ctx, Some(&self.dev), bytes.len().max(1), 64).unwrap();
        // SAFETY: a fresh allocation of at least `bytes.len()` bytes; no command uses it.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), a.as_ptr().cast(), bytes.len()) };
        a
    }

    fn zeros<T: bytemuck::Pod>(&self, n: usize) -> Allocation {
        self.buffer(&vec![<T as bytemuck::Zeroable>::zeroed(); n])
    }

    /// Sets the group size and launches `k` over `groups` on the synchronous list.
    fn launch(&mut self, k: &mut Kernel, groups: [u32; 3], size: [u32; 3]) -> Result<()> {
        k.set_group_size(size)?;
        self.list.launch(k, Groups(groups), Deps::NONE)
    }

    fn run(&mut self, k: &mut Kernel, groups: [u32; 3], size: [u32; 3]) {
        self.launch(k, groups, size).unwrap();
    }
}

/// The contents of shared allocation `a` as `T`s.
fn read<T: bytemuck::Pod>(a: &Allocation) -> Vec<T> {
    let mut out = vec![<T as bytemuck::Zeroable>::zeroed(); a.size() / size_of::<T>()];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut out);
    // SAFETY: shared memory of `a.size()` bytes; the tests' lists are synchronous or
    // synchronized before reading, so no command is writing it.
    unsafe {
        std::ptr::copy_nonoverlapping(a.as_ptr().cast::<u8>(), bytes.as_mut_ptr(), bytes.len())
    };
    out
}

/// `zeKernelSetArgumentValue` as given, unchecked by the safe layer.
fn set_arg_raw(gpu: &Gpu, k: &Kernel, i: u32, size: usize, value: *const c_void) -> ze_result_t {
    // SAFETY: a live kernel; `value` is null or points to `size` readable bytes (callers pass
    // locals).
    unsafe {
        ze_call!(
            gpu.dispatch(),
            Kernel.pfnSetArgumentValue(k.handle(), i, size, value)
        )
    }
}

fn groups(g: [u32; 3]) -> ze_group_count_t {
    ze_group_count_t {
        groupCountX: g[0],
        groupCountY: g[1],
        groupCountZ: g[2],
    }
}

/// One way of appending a launch the safe layer does not offer.
enum Launch<'a> {
    Cooperative(&'a Kernel, [u32; 3]),
    /// The group counts in device memory.
    Indirect(&'a Kernel, &'a Allocation),
    /// Kernels, how many of them run, their group counts: all in device memory.
    Many(&'a [&'a Kernel], &'a Allocation, &'a Allocation),
}

/// Appends `launch` to `list` with an optional signal event; returns the result. The kernels'
/// arguments and group sizes are set, the allocations live until the launch has run.
fn append(
    gpu: &Gpu,
    list: ze_command_list_handle_t,
    launch: Launch,
    signal: ze_event_handle_t,
) -> ze_result_t {
    let (api, w) = (gpu.dispatch(), null_mut());
    // SAFETY: live handles of this Dispatch; group counts are locals or shared allocations
    // with 3 words per kernel (asserted), the kernel array a local vector.
    unsafe {
        match launch {
            Launch::Cooperative(k, g) => ze_call!(
                api,
                CommandList.pfnAppendLaunchCooperativeKernel(
                    list,
                    k.handle(),
                    &groups(g),
                    signal,
                    0,
                    w
                )
            ),
            Launch::Indirect(k, c) => {
                assert!(c.size() >= 12);
                ze_call!(
                    api,
                    CommandList.pfnAppendLaunchKernelIndirect(
                        list,
                        k.handle(),
                        c.as_ptr().cast(),
                        signal,
                        0,
                        w
                    )
                )
            }
            Launch::Many(ks, n, c) => {
                assert!(n.size() >= 4 && c.size() >= 12 * ks.len());
                let mut handles: Vec<_> = ks.iter().map(|k| k.handle()).collect();
                ze_call!(
                    api,
                    CommandList.pfnAppendLaunchMultipleKernelsIndirect(
                        list,
                        handles.len() as u32,
                        handles.as_mut_ptr(),
                        n.as_ptr().cast(),
                        c.as_ptr().cast(),
                        signal,
                        0,
                        w
                    )
                )
            }
        }
    }
}

/// A saxpy kernel bound to fresh buffers: `y[i] = 2*x[i] + y[i]` with `x[i] = i`, `y[i] = 1`.
fn saxpy(gpu: &Gpu, m: &Module, n: usize) -> (Kernel, Allocation) {
    let mut k = m.kernel("saxpy").unwrap();
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let (bx, by) = (gpu.buffer(&x), gpu.buffer(&vec![1.0f32; n]));
    k.set_arg(0, &2.0f32).unwrap();
    k.set_arg_buffer(1, &bx).unwrap();
    k.set_arg_buffer(2, &by).unwrap();
    (k, by)
}

/// What `saxpy` leaves in `y` after running once over `[lo, hi)`.
fn saxpy_want(n: usize, lo: usize, hi: usize) -> Vec<f32> {
    let y = |i: usize| 1.0 + 2.0 * i as f32 * (lo..hi).contains(&i) as u8 as f32;
    (0..n).map(y).collect()
}

#[test]
fn module_and_kernel_queries() {
    let gpu = Gpu::new();
    let bytes = spirv("local_mem-O2");
    let m = gpu.module("local_mem-O2");
    let mut names = m.kernel_names().unwrap();
    names.sort();
    let want = [
        "barrier_divergent_values",
        "barrier_loop_rotate",
        "bitonic_sort_local",
        "local_array_reverse",
        "local_param_reverse",
        "local_transpose",
    ];
    assert_eq!(names, want);
    // The native binary is the SPIR-V.
    assert!(
        m.native_binary().unwrap() == bytes,
        "native binary differs from the SPIR-V"
    );
    // Unknown kernel name.
    for bad in ["no_such_kernel", "local_transpos", "local_transpose_", ""] {
        let r = m.kernel(bad);
        assert_eq!(code(r), ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    }
    // Names and properties: (name, args, required size, kernel-scope local bytes).
    for (name, args, req, local) in [
        ("local_param_reverse", 3, None, 0),
        ("local_array_reverse", 2, None, 256 * 4),
        ("local_transpose", 4, Some([16, 16, 1]), 16 * 17 * 4),
        ("barrier_loop_rotate", 4, None, 0),
    ] {
        let k = m.kernel(name).unwrap();
        // zeKernelGetName's string protocol: a size query, then the name.
        let (api, h) = (gpu.dispatch(), k.handle());
        let mut size = 0usize;
        // SAFETY: a live kernel; a size query, then a buffer of that size.
        let got = unsafe {
            assert_eq!(
                ze_call!(api, Kernel.pfnGetName(h, &mut size, null_mut())),
                OK
            );
            let mut buf = vec![0 as c_char; size];
            assert_eq!(
                ze_call!(api, Kernel.pfnGetName(h, &mut size, buf.as_mut_ptr())),
                OK
            );
            CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
        };
        assert_eq!(got, name);
        let p = k.properties();
        assert_eq!(p.num_args, args, "{name}");
        assert_eq!(p.required_group_size, req, "{name}");
        assert_eq!(p.local_mem_size, local, "{name} localMemSize");
    }
    for (module, name, local) in [
        ("matmul-O0", "matmul_tiled", 2 * 16 * 16 * 4),
        ("matmul-O0", "matmul_naive", 0),
        ("histogram-O2", "hist_local", 1024),
        ("reduce_scan-O0", "reduce_sum_i32", 256),
    ] {
        let k = gpu.module(module).kernel(name).unwrap();
        assert_eq!(k.properties().local_mem_size, local, "{module} {name}");
    }
}

#[test]
fn argument_and_group_size_errors() {
    let gpu = Gpu::new();
    let m = gpu.module("local_mem-O0");
    let mut k = m.kernel("local_transpose").unwrap();
    let (v, p) = (5i32, 0u64);
    let arg_index = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    let arg_size = ze_result_t::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
    let (vp, pp): (*const c_void, *const c_void) =
        ((&v as *const i32).cast(), (&p as *const u64).cast());
    assert_eq!(set_arg_raw(&gpu, &k, 4, 4, vp), arg_index);
    assert_eq!(set_arg_raw(&gpu, &k, u32::MAX, 4, vp), arg_index);
    assert_eq!(set_arg_raw(&gpu, &k, 2, 8, pp), arg_size);
    assert_eq!(set_arg_raw(&gpu, &k, 2, 0, vp), arg_size);
    // A null value for a by-value argument is zeros (the spec makes it optional; issue 27).
    assert_eq!(set_arg_raw(&gpu, &k, 2, 4, null()), OK);
    assert_eq!(set_arg_raw(&gpu, &k, 2, 2, vp), OK); // smaller than declared: see below
    assert_eq!(set_arg_raw(&gpu, &k, 0, 4, vp), arg_size); // a pointer is 8 bytes
    assert_eq!(set_arg_raw(&gpu, &k, 2, 4, vp), OK);
    assert_eq!(set_arg_raw(&gpu, &k, 0, 8, pp), OK);
    // A __local argument takes a size and no value.
    let mut kl = m.kernel("local_param_reverse").unwrap();
    assert_eq!(set_arg_raw(&gpu, &kl, 2, 64, vp), arg_size);
    assert_eq!(set_arg_raw(&gpu, &kl, 2, 0, null()), arg_size);
    assert_eq!(set_arg_raw(&gpu, &kl, 2, 64, null()), OK);
    // Group sizes: reqd_work_group_size(16,16,1) and the 1024 limit.
    let bad = ze_result_t::ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    for s in [[8, 8, 1], [16, 16, 2], [256, 1, 1], [16, 1, 16]] {
        assert_eq!(code(k.set_group_size(s)), bad, "{s:?}");
    }
    k.set_group_size([16, 16, 1]).unwrap();
    for s in [[1025, 1, 1], [32, 32, 2], [0, 1, 1], [1, 1, 0], [1, 1, 65]] {
        assert_eq!(code(kl.set_group_size(s)), bad, "{s:?}");
    }
    for s in [[1024, 1, 1], [32, 32, 1], [1, 1, 64], [8, 4, 32]] {
        kl.set_group_size(s)
            .unwrap_or_else(|e| panic!("{s:?}: {e}"));
    }
}

/// A by-value argument smaller than declared fills its low bytes, the rest zero, as Intel's
/// driver accepts it (issue 11, item 15): `iters` (an int) from one byte, after four.
#[test]
fn smaller_values_fill_the_low_bytes() {
    let mut gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("local_mem-{opt}"));
        let mut k = m.kernel("barrier_loop_rotate").unwrap();
        let input = gpu.buffer(&(0..8).collect::<Vec<i32>>());
        let out = gpu.zeros::<i32>(8);
        k.set_arg_buffer(0, &input).unwrap();
        k.set_arg_buffer(1, &out).unwrap();
        k.set_arg_local(2, 32).unwrap();
        k.set_arg(3, &0x0101_0107i32).unwrap();
        k.set_arg(3, &3u8).unwrap();
        gpu.run(&mut k, [1, 1, 1], [8, 1, 1]);
        let want: Vec<i32> = (0..8).map(|i| (i + 3) % 8 + 3).collect();
        assert_eq!(read::<i32>(&out), want, "{opt}");
    }
}

/// `zeKernelGetSourceAttributes` names `reqd_work_group_size` and `work_group_size_hint` as
/// written in the source, space-separated, as Intel's driver does (issue 11, item 16).
#[test]
fn source_attributes_name_group_sizes() {
    let gpu = Gpu::new();
    let attributes = |m: &Module, name: &str| {
        let k = m.kernel(name).unwrap();
        let (api, h) = (gpu.dispatch(), k.handle());
        let mut size = 0u32;
        // SAFETY: a live kernel; a size query, then a caller buffer of that size.
        unsafe {
            let r = ze_call!(api, Kernel.pfnGetSourceAttributes(h, &mut size, null_mut()));
            assert_eq!(r, OK);
            let mut buf = vec![0 as c_char; size as usize];
            let mut p = buf.as_mut_ptr();
            let r = ze_call!(api, Kernel.pfnGetSourceAttributes(h, &mut size, &mut p));
            assert_eq!(r, OK);
            CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
        }
    };
    for opt in OPT {
        let m = gpu.module(&format!("attributes-{opt}"));
        assert_eq!(attributes(&m, "hinted"), "work_group_size_hint(8,4,1)");
        assert_eq!(
            attributes(&m, "required_and_hinted"),
            "reqd_work_group_size(4,2,1) work_group_size_hint(4,2,1)"
        );
        assert_eq!(
            attributes(&gpu.module(&format!("saxpy-{opt}")), "saxpy"),
            ""
        );
    }
}

#[test]
fn suggestions_and_cooperative_launch() {
    let gpu = Gpu::new();
    let m = gpu.module("saxpy-O2");
    let (mut k, y) = saxpy(&gpu, &m, 1000);
    for g in [
        [1000, 1, 1],
        [1, 1, 1],
        [97, 1, 1],
        [4096, 1, 1],
        [64, 30, 7],
        [1, 1, 1000],
    ] {
        let s = k.suggest_group_size(g).unwrap();
        let fits = s.iter().all(|&x| x >= 1) && s.iter().product::<u32>() <= 1024;
        assert!(fits && (0..3).all(|d| g[d] % s[d] == 0), "{g:?} -> {s:?}");
        k.set_group_size(s).unwrap();
    }
    let kt = gpu.module("matmul-O2").kernel("matmul_tiled").unwrap();
    assert_eq!(kt.suggest_group_size([64, 32, 1]).unwrap(), [16, 16, 1]);
    let count = k.max_cooperative_group_count().unwrap();
    assert!(count >= 1);
    // A cooperative launch of at most `count` groups covering the whole array.
    let n_groups = count.min(1000);
    let size = 1000u32.div_ceil(n_groups);
    let n = (n_groups * size) as usize;
    let (mut k2, y2) = saxpy(&gpu, &m, n);
    k2.set_group_size([size, 1, 1]).unwrap();
    let r = append(
        &gpu,
        gpu.list.handle(),
        Launch::Cooperative(&k2, [n_groups, 1, 1]),
        null_mut(),
    );
    assert_eq!(r, OK);
    assert_eq!(read::<f32>(&y2), saxpy_want(n, 0, n));
    assert_eq!(read::<f32>(&y), saxpy_want(1000, 0, 0));
}

/// Cooperative groups are all resident at once, whatever the launch thread count (one here):
/// groups that wait on each other through memory finish (issue 11, item 17). The count
/// depends on the group size; a cooperative launch of more groups is refused.
#[test]
fn cooperative_groups_wait_on_each_other() {
    if !common::in_child(
        "cooperative_groups_wait_on_each_other",
        &[("LEVEL_ZERO_CPU_THREADS", "1")],
    ) {
        return;
    }
    let gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("cooperative-{opt}"));
        let mut k = m.kernel("grid_arrive_wait").unwrap();
        for (size, want) in [(1, 64), (64, 64), (256, 64), (512, 32), (1024, 16)] {
            k.set_group_size([size, 1, 1]).unwrap();
            let count = k.max_cooperative_group_count().unwrap();
            assert_eq!(count, want, "groups of {size}");
            let counter = gpu.zeros::<i32>(1);
            let out = gpu.zeros::<i32>((count * size) as usize);
            k.set_arg_buffer(0, &counter).unwrap();
            k.set_arg_buffer(1, &out).unwrap();
            let launch = |g| {
                append(
                    &gpu,
                    gpu.list.handle(),
                    Launch::Cooperative(&k, g),
                    null_mut(),
                )
            };
            assert_eq!(launch([count, 1, 1]), OK, "{opt}: {count} groups of {size}");
            assert!(
                read::<i32>(&out).iter().all(|&v| v == count as i32),
                "{opt}: groups of {size}"
            );
            assert_eq!(launch([count + 1, 1, 1]), INVALID_ARGUMENT);
            assert_eq!(launch([count, 2, 1]), INVALID_ARGUMENT);
        }
    }
}

/// The same groups launched the ordinary way, two groups on one launch thread, wait forever:
/// the watchdog stops them (what the cooperative test above would meet without co-residency).
#[test]
fn waiting_groups_of_an_ordinary_launch_hang() {
    let env = [
        ("LEVEL_ZERO_CPU_THREADS", "1"),
        ("LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS", "1000"),
    ];
    if !common::in_child("waiting_groups_of_an_ordinary_launch_hang", &env) {
        return;
    }
    let mut gpu = Gpu::new();
    let m = gpu.module("cooperative-O2");
    let mut k = m.kernel("grid_arrive_wait").unwrap();
    let (counter, out) = (gpu.zeros::<i32>(1), gpu.zeros::<i32>(2));
    k.set_arg_buffer(0, &counter).unwrap();
    k.set_arg_buffer(1, &out).unwrap();
    // One group alone finishes (and compiles the kernel before the watchdog's second).
    gpu.run(&mut k, [1, 1, 1], [1, 1, 1]);
    let counter = gpu.zeros::<i32>(1);
    k.set_arg_buffer(0, &counter).unwrap();
    assert_eq!(code(gpu.launch(&mut k, [2, 1, 1], [1, 1, 1])), DEVICE_LOST);
}

#[test]
fn global_offset_shifts_the_ids() {
    let mut gpu = Gpu::new();
    // The extension is advertised (issue 11, item 15).
    let extensions = gpu.ctx.driver().extensions().unwrap();
    assert!(
        extensions.contains(&("ZE_experimental_global_offset".into(), 1 << 16)),
        "{extensions:?}"
    );
    for opt in OPT {
        let m = gpu.module(&format!("saxpy-{opt}"));
        let (mut k, y) = saxpy(&gpu, &m, 300);
        k.set_global_offset([100, 0, 0]).unwrap();
        gpu.run(&mut k, [5, 1, 1], [10, 1, 1]);
        assert_eq!(read::<f32>(&y), saxpy_want(300, 100, 150), "{opt}");
    }
}

#[test]
fn indirect_launches_read_group_counts_at_execution() {
    let gpu = Gpu::new();
    let list = gpu.list.handle();
    let m = gpu.module("saxpy-O0");
    let (mut k, y) = saxpy(&gpu, &m, 256);
    k.set_group_size([8, 1, 1]).unwrap();
    let counts = gpu.buffer(&[5u32, 1, 1]);
    assert_eq!(
        append(&gpu, list, Launch::Indirect(&k, &counts), null_mut()),
        OK
    );
    assert_eq!(read::<f32>(&y), saxpy_want(256, 0, 40));
    // Zero groups in any dimension: nothing runs.
    for zero in [[0u32, 1, 1], [5, 0, 1], [5, 1, 0]] {
        let none = gpu.buffer(&zero);
        assert_eq!(
            append(&gpu, list, Launch::Indirect(&k, &none), null_mut()),
            OK
        );
    }
    assert_eq!(read::<f32>(&y), saxpy_want(256, 0, 40));
    // Host memory is not a device group count.
    let host = groups([1, 1, 1]);
    // SAFETY: live list and kernel; the driver must refuse the stack pointer.
    let r = unsafe {
        ze_call!(
            gpu.dispatch(),
            CommandList.pfnAppendLaunchKernelIndirect(
                list,
                k.handle(),
                &host,
                null_mut(),
                0,
                null_mut()
            )
        )
    };
    assert_eq!(r, ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT);

    // Recorded in a regular list with zero groups; the count is changed before execution.
    let (mut k2, y2) = saxpy(&gpu, &m, 256);
    k2.set_group_size([16, 1, 1]).unwrap();
    let counts2 = gpu.buffer(&[0u32, 1, 1]);
    let q = CommandQueue::new(&gpu.ctx, &gpu.dev).unwrap();
    let mut recorded = CommandList::new(&gpu.ctx, &gpu.dev).unwrap();
    let r = append(
        &gpu,
        recorded.handle(),
        Launch::Indirect(&k2, &counts2),
        null_mut(),
    );
    assert_eq!(r, OK);
    recorded.close().unwrap();
    // SAFETY: shared memory, no command running.
    unsafe { *counts2.as_ptr().cast::<u32>() = 3 };
    q.execute(&[&recorded], None).unwrap();
    q.synchronize(None).unwrap();
    assert_eq!(read::<f32>(&y2), saxpy_want(256, 0, 48));

    // Several kernels, the number launched read from device memory too.
    let (mut ka, ya) = saxpy(&gpu, &m, 64);
    let (mut kb, yb) = saxpy(&gpu, &gpu.module("saxpy-O2"), 64);
    ka.set_group_size([4, 1, 1]).unwrap();
    kb.set_group_size([2, 1, 1]).unwrap();
    let many = gpu.buffer(&[2u32, 1, 1, 3, 1, 1]);
    let n = gpu.buffer(&[1u32]);
    let launch = || append(&gpu, list, Launch::Many(&[&ka, &kb], &n, &many), null_mut());
    assert_eq!(launch(), OK);
    assert_eq!(
        (read::<f32>(&ya), read::<f32>(&yb)),
        (saxpy_want(64, 0, 8), saxpy_want(64, 0, 0))
    );
    // SAFETY: shared memory, no command running.
    unsafe { *n.as_ptr().cast::<u32>() = 2 };
    assert_eq!(launch(), OK);
    let twice: Vec<f32> = (0..64)
        .map(|i| if i < 8 { 4.0 * i as f32 + 1.0 } else { 1.0 })
        .collect();
    assert_eq!(read::<f32>(&ya), twice);
    assert_eq!(read::<f32>(&yb), saxpy_want(64, 0, 6));
}

#[test]
fn specialization_constants() {
    let mut gpu = Gpu::new();
    let bytes = spec_module();
    let (ctx, dev) = (gpu.ctx.clone(), gpu.dev.clone());
    let build = |ids: &[u32], values: &[u64]| {
        let options = ids
            .iter()
            .zip(values)
            .fold(BuildOptions::default(), |o, (id, v)| {
                o.spec_constant(*id, *v)
            });
        Module::from_spirv(&ctx, &dev, &bytes, &options)
    };
    type Case<'a> = (&'a [u32], &'a [u64], (i32, i64));
    let minus3 = -3i64 as u64;
    let cases: [Case; 6] = [
        (&[], &[], (42, 0x1_0000_0005)),
        (&[7], &[1234], (1234, 0x1_0000_0005)),
        (&[8, 7], &[minus3, 0xFFFF_FFFF_8000_0000], (i32::MIN, -3)),
        (&[8], &[77], (42, 77)),
        // Ids the module does not declare are ignored, as in Intel's driver (issue 11, item 16).
        (&[99], &[1], (42, 0x1_0000_0005)),
        (&[99, 7, 1000], &[5, 1234, 6], (1234, 0x1_0000_0005)),
    ];
    for (ids, values, want) in cases {
        let m = build(ids, values).unwrap_or_else(|e| panic!("{ids:?}: {e}"));
        let mut k = m.kernel("spec_store").unwrap();
        let (a, b) = (gpu.zeros::<i32>(1), gpu.zeros::<i64>(1));
        k.set_arg_buffer(0, &a).unwrap();
        k.set_arg_buffer(1, &b).unwrap();
        gpu.run(&mut k, [1, 1, 1], [1, 1, 1]);
        let got = (read::<i32>(&a)[0], read::<i64>(&b)[0]);
        assert_eq!(got, want, "{ids:?} = {values:?}");
    }
}

#[test]
fn launch_on_copy_only_list_is_refused() {
    let gpu = Gpu::new();
    let (mut k, y) = saxpy(&gpu, &gpu.module("saxpy-O0"), 16);
    k.set_group_size([16, 1, 1]).unwrap();
    let mut copy = CommandList::with_ordinal(&gpu.ctx, &gpu.dev, 1).unwrap();
    let sync = QueueDesc::default().ordinal(1).mode(QueueMode::Synchronous);
    let mut imm = ImmediateCommandList::with_desc(&gpu.ctx, &gpu.dev, sync).unwrap();
    let (counts, n) = (gpu.buffer(&[1u32, 1, 1]), gpu.buffer(&[1u32]));
    let wrong = ze_result_t::ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE;
    assert_eq!(code(copy.launch(&k, Groups([1, 1, 1]), Deps::NONE)), wrong);
    assert_eq!(code(imm.launch(&k, Groups([1, 1, 1]), Deps::NONE)), wrong);
    for list in [copy.handle(), imm.handle()] {
        for launch in [
            Launch::Cooperative(&k, [1, 1, 1]),
            Launch::Indirect(&k, &counts),
            Launch::Many(&[&k], &n, &counts),
        ] {
            assert_eq!(append(&gpu, list, launch, null_mut()), wrong);
        }
    }
    assert_eq!(read::<f32>(&y), saxpy_want(16, 0, 0));
}
