//! Module builds: failures and their logs, a module with a kernel this device cannot run.

use super::*;

/// `zeModuleCreate` on `bytes` as given (the safe layer refuses some sizes itself); returns
/// the result and the build log.
fn try_module(gpu: &Gpu, bytes: &[u8]) -> (ze_result_t, String) {
    let desc = ze_module_desc_t {
        format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
        inputSize: bytes.len(),
        pInputModule: bytes.as_ptr(),
        ..Default::default()
    };
    let (api, ctx, dev) = (gpu.dispatch(), gpu.ctx.handle(), gpu.dev.handle());
    let (mut m, mut log) = (null_mut(), null_mut());
    let mut size = 0usize;
    // SAFETY: the descriptor points to `bytes`, alive for the call; the log is read with the
    // size protocol and destroyed once, the module (if built) too.
    unsafe {
        let r = ze_call!(api, Module.pfnCreate(ctx, dev, &desc, &mut m, &mut log));
        let q = ze_call!(api, ModuleBuildLog.pfnGetString(log, &mut size, null_mut()));
        assert_eq!(q, OK);
        let mut text = vec![0u8; size];
        let q = ze_call!(
            api,
            ModuleBuildLog.pfnGetString(log, &mut size, text.as_mut_ptr().cast())
        );
        assert_eq!(q, OK);
        assert_eq!(ze_call!(api, ModuleBuildLog.pfnDestroy(log)), OK);
        if r == OK {
            assert_eq!(ze_call!(api, Module.pfnDestroy(m)), OK);
        }
        let text = String::from_utf8_lossy(&text[..size.saturating_sub(1)]).into_owned();
        (r, text)
    }
}

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
        // The header alone, and the module cut before its memory model (at an instruction
        // boundary: nothing is malformed).
        (good[..20].to_vec(), "no OpMemoryModel".into()),
        patch(&good, &|w| {
            let at = find_op(w, 14);
            w.truncate(at);
            "no OpMemoryModel".into()
        }),
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
    ];
    for (bytes, want) in cases {
        let (r, log) = try_module(&gpu, &bytes);
        assert_eq!(r, BUILD_FAILURE, "{want}");
        assert!(log.contains(&want), "log {log:?} lacks {want:?}");
    }
    // The unpatched module builds; so does it cut right after its memory model: a complete
    // module with nothing in it, as Intel's oneMKL ships one.
    assert_eq!(try_module(&gpu, &good).0, OK);
    let mut empty = words(&good);
    empty.truncate(find_op(&empty, 14) + 3);
    assert_eq!(try_module(&gpu, &to_bytes(&empty)).0, OK);
    // So does one calling a function it imports (`zeModuleDynamicLink` resolves it): the
    // kernel waits for the link, the log says why.
    let (r, log) = try_module(&gpu, &import_module());
    assert_eq!(r, OK);
    assert!(
        log.contains("calls external_helper, which the module imports"),
        "{log}"
    );
}

/// A module whose image kernel this device cannot run builds (issue 11, item 13): the build
/// log says why, `zeKernelCreate` of that kernel is `UNSUPPORTED_FEATURE`, the rest works.
#[test]
fn module_with_an_unsupported_kernel_builds() {
    let mut gpu = Gpu::new();
    let m = gpu.module("partial_images-O2");
    let log = m.build_log();
    assert!(
        log.contains("kernel image_copy: ") && log.contains("images are not supported"),
        "{log:?}"
    );
    assert_eq!(
        code(m.kernel("image_copy")),
        ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_FEATURE
    );
    assert_eq!(m.kernel_names().unwrap(), ["plain_double"]);
    let input: Vec<i32> = (0..64).collect();
    let (a, b) = (gpu.buffer(&input), gpu.zeros::<i32>(64));
    let mut k = m.kernel("plain_double").unwrap();
    k.set_arg_buffer(0, &a).unwrap();
    k.set_arg_buffer(1, &b).unwrap();
    gpu.run(&mut k, [8, 1, 1], [8, 1, 1]);
    assert_eq!(
        read::<i32>(&b),
        (0..64).map(|i| i * 2 + 1).collect::<Vec<_>>()
    );
}
