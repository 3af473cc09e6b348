//! Module features of Intel's conformance tests (issue 28, item 5): samplers and `sampler_t`
//! arguments, calls through pointers from `zeModuleGetFunctionPointer` to functions whose
//! address the module never takes, specialization constants of every type, and the build
//! log of a successful build.

use super::{Env, SYNC};
use crate::common::raw::*;
use crate::common::spirv_asm::sampler_module;
use level_zero_sys::calls::{command_list, kernel, mem, module, module_build_log, sampler};
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr};
use std::ptr::null_mut;

/// The bytes of the committed module `kernels/spv/<name>.spv`.
fn corpus(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/kernels/spv/{name}.spv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Builds `bytes` with `flags` and `constants`: the module, and the build log's text when
/// `with_log` (the log destroyed).
///
/// # Safety
/// `ctx` and `dev` are live handles of `api`; `constants` describes live arrays.
unsafe fn build(
    api: &Dispatch,
    (ctx, dev): (ze_context_handle_t, ze_device_handle_t),
    bytes: &[u8],
    flags: &CStr,
    constants: Option<&ze_module_constants_t>,
    with_log: bool,
) -> (ze_module_handle_t, Option<String>) {
    let desc = ze_module_desc_t {
        format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
        inputSize: bytes.len(),
        pInputModule: bytes.as_ptr(),
        pBuildFlags: flags.as_ptr(),
        pConstants: constants.map_or(std::ptr::null(), |c| c as *const _),
        ..Default::default()
    };
    let mut log: ze_module_build_log_handle_t = null_mut();
    let out = if with_log {
        &mut log as *mut _
    } else {
        null_mut()
    };
    // SAFETY: the caller's contract; the descriptor points to live locals.
    unsafe {
        let m = module::create(api, ctx, dev, &desc, out).unwrap();
        if !with_log {
            return (m, None);
        }
        assert!(!log.is_null(), "no build log handle on success");
        let mut size = 0;
        module_build_log::get_string(api, log, &mut size, null_mut()).unwrap();
        assert!(size >= 1, "a build log's size counts its NUL");
        let mut text = vec![1 as c_char; size];
        module_build_log::get_string(api, log, &mut size, text.as_mut_ptr()).unwrap();
        assert_eq!(text[size - 1], 0, "the log is NUL-terminated");
        module_build_log::destroy(api, log).unwrap();
        let text = CStr::from_ptr(text.as_ptr()).to_string_lossy().into_owned();
        (m, Some(text))
    }
}

/// Kernel `name` of module `m`.
///
/// # Safety
/// `m` is a live module of `api`.
unsafe fn kernel_of(api: &Dispatch, m: ze_module_handle_t, name: &CStr) -> ze_kernel_handle_t {
    let desc = ze_kernel_desc_t {
        pKernelName: name.as_ptr(),
        ..Default::default()
    };
    // SAFETY: the caller's contract; the descriptor is a local.
    unsafe { kernel::create(api, m, &desc) }.unwrap()
}

/// Launches `k` as one group of `n` work-items on the synchronous list `list`.
///
/// # Safety
/// Live handles of `api`; `k`'s arguments are set and what they point to is live.
unsafe fn launch(api: &Dispatch, list: ze_command_list_handle_t, k: ze_kernel_handle_t, n: u32) {
    // SAFETY: the caller's contract.
    unsafe {
        kernel::set_group_size(api, k, n, 1, 1).unwrap();
        command_list::append_launch_kernel(api, list, k, &groups(1), null_mut(), 0, null_mut())
            .unwrap();
    }
}

/// Samplers of every address mode, filter mode and normalization are created and destroyed;
/// a mode the spec does not define is `INVALID_ENUMERATION`; a sampler is a `sampler_t`
/// argument (the kernel passes it on) and a literal sampler builds; the device reports no
/// samplers for images (it has none).
pub fn samplers(env: &Env) {
    let (api, dev) = (env.api, env.device);
    use ze_sampler_address_mode_t as A;
    use ze_sampler_filter_mode_t as F;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let desc = |a, f, n| ze_sampler_desc_t {
            addressMode: a,
            filterMode: f,
            isNormalized: n,
            ..Default::default()
        };
        for a in [
            A::ZE_SAMPLER_ADDRESS_MODE_NONE,
            A::ZE_SAMPLER_ADDRESS_MODE_REPEAT,
            A::ZE_SAMPLER_ADDRESS_MODE_CLAMP,
            A::ZE_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
            A::ZE_SAMPLER_ADDRESS_MODE_MIRROR,
        ] {
            for f in [
                F::ZE_SAMPLER_FILTER_MODE_NEAREST,
                F::ZE_SAMPLER_FILTER_MODE_LINEAR,
            ] {
                for n in [0, 1] {
                    let s = sampler::create(api, ctx, dev, &desc(a, f, n)).unwrap();
                    assert!(!s.is_null());
                    sampler::destroy(api, s).unwrap();
                }
            }
        }
        let (nearest, none) = (
            F::ZE_SAMPLER_FILTER_MODE_NEAREST,
            A::ZE_SAMPLER_ADDRESS_MODE_NONE,
        );
        expect(
            sampler::create(api, ctx, dev, &desc(A(99), nearest, 0)),
            INVALID_ENUMERATION,
        );
        expect(
            sampler::create(api, ctx, dev, &desc(none, F(7), 0)),
            INVALID_ENUMERATION,
        );
        expect(
            sampler::create(api, ctx, dev, std::ptr::null()),
            NULL_POINTER,
        );

        // A sampler argument, passed on by the kernel; a literal sampler.
        let bytes = sampler_module();
        let (m, _) = build(api, (ctx, dev), &bytes, c"", None, false);
        let (arg, literal) = (
            kernel_of(api, m, c"sampler_arg"),
            kernel_of(api, m, c"sampler_literal"),
        );
        let s = sampler::create(
            api,
            ctx,
            dev,
            &desc(
                A::ZE_SAMPLER_ADDRESS_MODE_REPEAT,
                F::ZE_SAMPLER_FILTER_MODE_LINEAR,
                1,
            ),
        )
        .unwrap();
        let out = shared_mem(api, ctx, dev, 4);
        let list = immediate(api, ctx, dev, SYNC);
        set_arg(api, arg, 0, &out);
        // The loader's intercept mode finds its own sampler handle in the argument's bytes
        // and passes the driver's.
        set_arg(api, arg, 1, &s);
        set_arg(api, arg, 2, &41i32);
        launch(api, list, arg, 1);
        assert_eq!(read(out, 4), 42i32.to_le_bytes());
        // A sampler argument takes a handle's size, and a live sampler.
        let v = 0u32;
        expect(
            kernel::set_argument_value(api, arg, 1, 4, (&raw const v).cast()),
            R::ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE,
        );
        let null: ze_sampler_handle_t = null_mut();
        expect(
            kernel::set_argument_value(api, arg, 1, 8, (&raw const null).cast()),
            NULL_HANDLE,
        );
        set_arg(api, literal, 0, &out);
        set_arg(api, literal, 1, &6i32);
        launch(api, list, literal, 1);
        assert_eq!(read(out, 4), 7i32.to_le_bytes());
        sampler::destroy(api, s).unwrap();
        if !env.mode.wraps_handles() {
            expect(sampler::destroy(api, s), NULL_HANDLE);
        }
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, out).unwrap();
        kernel::destroy(api, arg).unwrap();
        kernel::destroy(api, literal).unwrap();
        module::destroy(api, m).unwrap();

        let mut props = ze_device_image_properties_t::default();
        level_zero_sys::calls::device::get_image_properties(api, dev, &mut props).unwrap();
        assert_eq!(
            props.maxSamplers, 0,
            "no images: no samplers read through them"
        );
        level_zero_sys::calls::context::destroy(api, ctx).unwrap();
    }
}

/// `zeModuleGetFunctionPointer` names a function whose address the module never takes, and
/// a kernel calls it through the pointer given by value (as Intel's conformance test does)
/// or read from a buffer.
pub fn function_pointers(env: &Env) {
    let (api, dev) = (env.api, env.device);
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, dev, SYNC);
        for opt in ["O0", "O2"] {
            let bytes = corpus(&format!("function_pointers_given-{opt}"));
            let (m, _) = build(
                api,
                (ctx, dev),
                &bytes,
                c"-ze-take-global-address",
                None,
                false,
            );
            let pointer =
                |name: &CStr| module::get_function_pointer(api, m, name.as_ptr()).map(|p| p as u64);
            let (add_one, times_three) = (
                pointer(c"add_one").unwrap(),
                pointer(c"times_three").unwrap(),
            );
            assert!(add_one != 0 && times_three != 0 && add_one != times_three);
            expect(
                pointer(c"no_such_function"),
                R::ZE_RESULT_ERROR_INVALID_FUNCTION_NAME,
            );
            let n = 16;
            let out = shared_mem(api, ctx, dev, 4 * n);
            let by_value = kernel_of(api, m, c"call_by_value");
            set_arg(api, by_value, 0, &add_one);
            set_arg(api, by_value, 1, &out);
            launch(api, list, by_value, n as u32);
            let got: Vec<i32> = bytemuck::cast_slice(&read(out, 4 * n)).to_vec();
            assert_eq!(got, (1..=n as i32).collect::<Vec<_>>(), "{opt}");
            let table = shared_mem(api, ctx, dev, 16);
            write(table, bytemuck::cast_slice(&[add_one, times_three]));
            let from_buffer = kernel_of(api, m, c"call_from_buffer");
            set_arg(api, from_buffer, 0, &table);
            set_arg(api, from_buffer, 1, &2i32);
            set_arg(api, from_buffer, 2, &out);
            launch(api, list, from_buffer, n as u32);
            let got: Vec<i32> = bytemuck::cast_slice(&read(out, 4 * n)).to_vec();
            let want: Vec<i32> = (0..n as i32)
                .map(|i| if i % 2 == 0 { i + 1 } else { 3 * i })
                .collect();
            assert_eq!(got, want, "{opt}");
            kernel::destroy(api, by_value).unwrap();
            kernel::destroy(api, from_buffer).unwrap();
            module::destroy(api, m).unwrap();
            mem::free(api, ctx, out).unwrap();
            mem::free(api, ctx, table).unwrap();
        }
        command_list::destroy(api, list).unwrap();
        level_zero_sys::calls::context::destroy(api, ctx).unwrap();
    }
}

/// Specialization constants of each scalar type, each value of its own size or in 8 bytes
/// (as Intel's conformance test passes `uint64_t`s), ids in any order and some not set; one
/// binary built several times with different constants.
pub fn spec_constants(env: &Env) {
    let (api, dev) = (env.api, env.device);
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let list = immediate(api, ctx, dev, SYNC);
        let out = shared_mem(api, ctx, dev, 64);
        let bytes = corpus("spec_constants-O2");
        let run = |constants: Option<&ze_module_constants_t>, name: &CStr, len: usize| {
            let (m, _) = build(api, (ctx, dev), &bytes, c"", constants, false);
            let k = kernel_of(api, m, name);
            set_arg(api, k, 0, &out);
            launch(api, list, k, 1);
            kernel::destroy(api, k).unwrap();
            module::destroy(api, m).unwrap();
            read(out, len)
        };
        let values =
            |c| -> Vec<f64> { bytemuck::cast_slice(&run(c, c"spec_constant_values", 48)).to_vec() };
        let sum =
            |c| -> u64 { u64::from_le_bytes(run(c, c"spec_constant_sum", 8).try_into().unwrap()) };
        let no_constants = ze_module_constants_t::default();
        assert_eq!(values(None), [-8.0, -16.0, 32.0, 64.0, 0.5, 0.25]);
        assert_eq!(
            values(Some(&no_constants)),
            [-8.0, -16.0, 32.0, 64.0, 0.5, 0.25]
        );
        // Each value of its type's size, ids out of order.
        let (c, s, i, l, f, d) = (
            -100i8,
            -1000i16,
            123_456i32,
            -(1i64 << 40),
            1.5f32,
            -2.75f64,
        );
        let mut ids = [5u32, 3, 0, 4, 1, 2];
        let mut ptrs: [*const c_void; 6] = [
            (&raw const d).cast(),
            (&raw const l).cast(),
            (&raw const c).cast(),
            (&raw const f).cast(),
            (&raw const s).cast(),
            (&raw const i).cast(),
        ];
        let typed = ze_module_constants_t {
            numConstants: 6,
            pConstantIds: ids.as_mut_ptr(),
            pConstantValues: ptrs.as_mut_ptr(),
        };
        assert_eq!(
            values(Some(&typed)),
            [-100.0, -1000.0, 123_456.0, -(2f64.powi(40)), 1.5, -2.75]
        );
        // The conformance test's form: 64-bit constants as `uint64_t`s, one id skipped, after
        // and before builds of the same binary without constants.
        assert_eq!(sum(Some(&no_constants)), 160);
        let wide = [20u64, 40, 80];
        let mut ids = [10u32, 11, 13];
        let mut ptrs: Vec<*const c_void> = wide.iter().map(|v| (v as *const u64).cast()).collect();
        let given = ze_module_constants_t {
            numConstants: 3,
            pConstantIds: ids.as_mut_ptr(),
            pConstantValues: ptrs.as_mut_ptr(),
        };
        assert_eq!(sum(Some(&given)), 190);
        assert_eq!(sum(None), 160);
        // Smaller constants given in 8 bytes: their low bytes.
        let eight = [7u64, (-3i64) as u64];
        let mut ids = [2u32, 0];
        let mut ptrs: Vec<*const c_void> = eight.iter().map(|v| (v as *const u64).cast()).collect();
        let widened = ze_module_constants_t {
            numConstants: 2,
            pConstantIds: ids.as_mut_ptr(),
            pConstantValues: ptrs.as_mut_ptr(),
        };
        assert_eq!(values(Some(&widened)), [-3.0, -16.0, 7.0, 64.0, 0.5, 0.25]);
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, out).unwrap();
        level_zero_sys::calls::context::destroy(api, ctx).unwrap();
    }
}

/// A successful build with a build log handle gives one whose string is retrievable (the
/// size with its NUL, then the text), whatever the flags, and from a native binary too.
pub fn build_log_on_success(env: &Env) {
    let (api, dev) = (env.api, env.device);
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let bytes = corpus("saxpy-O2");
        for flags in [
            c"",
            c"-ze-opt-disable",
            c"-ze-opt-greater-than-4GB-buffer-required",
            c"-ze-opt-large-register-file",
        ] {
            let (m, log) = build(api, (ctx, dev), &bytes, flags, None, true);
            assert!(log.is_some());
            // Its native binary builds again, with a log.
            let mut size = 0;
            module::get_native_binary(api, m, &mut size, null_mut()).unwrap();
            let mut native = vec![0u8; size];
            module::get_native_binary(api, m, &mut size, native.as_mut_ptr()).unwrap();
            let desc = ze_module_desc_t {
                format: ze_module_format_t::ZE_MODULE_FORMAT_NATIVE,
                inputSize: native.len(),
                pInputModule: native.as_ptr(),
                ..Default::default()
            };
            let mut log = null_mut();
            let again = module::create(api, ctx, dev, &desc, &mut log).unwrap();
            assert!(!log.is_null());
            let mut size = 0;
            module_build_log::get_string(api, log, &mut size, null_mut()).unwrap();
            assert!(size >= 1);
            module_build_log::destroy(api, log).unwrap();
            module::destroy(api, again).unwrap();
            module::destroy(api, m).unwrap();
        }
        level_zero_sys::calls::context::destroy(api, ctx).unwrap();
    }
}

use level_zero_sys::ze_result_t as R;
