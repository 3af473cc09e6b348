//! Program-scope variables through the API.

use super::*;

#[test]
fn program_scope_variables_through_the_api() {
    let mut gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("program_scope-{opt}"));
        let (scalar, size) = m.global_pointer("g_scalar").unwrap();
        assert_eq!(size, 4);
        let (coeffs, size) = m.global_pointer("g_coeffs").unwrap();
        assert_eq!(size, 16);
        // SAFETY: the module's 4-byte g_scalar; no kernel is running.
        assert_eq!(unsafe { scalar.cast::<i32>().read_unaligned() }, 7);
        // A device copy out of the program-scope memory.
        let copy = gpu.zeros::<f32>(4);
        // SAFETY: 16 bytes of g_coeffs into a 16-byte shared allocation; the list is
        // synchronous, so both outlive the copy.
        unsafe {
            gpu.list
                .copy_raw(copy.as_ptr(), coeffs, 16, Deps::NONE, Vec::new())
                .unwrap()
        };
        assert_eq!(read::<f32>(&copy), [1.0, 0.5, 0.25, 0.125]);
        let missing = m.global_pointer("g_missing");
        assert_eq!(
            code(missing),
            ze_result_t::ZE_RESULT_ERROR_INVALID_GLOBAL_NAME
        );
        // The global pointer as a kernel argument, for a kernel of a second module of the
        // context (reading the first module's coefficients, with its own scalar 7).
        let m2 = gpu.module(&format!("program_scope-{opt}"));
        let mut get2 = m2.kernel("progvar_get").unwrap();
        let out = gpu.zeros::<f32>(4);
        // SAFETY: the first module's 16-byte g_coeffs, which `m` keeps alive past the
        // launch; nothing else writes it meanwhile.
        unsafe { get2.set_arg_unchecked(0, &(coeffs as u64)).unwrap() };
        get2.set_arg_buffer(1, &out).unwrap();
        gpu.run(&mut get2, [1, 1, 1], [4, 1, 1]);
        let want: Vec<f32> = (0..4)
            .map(|i| 0.5f32.powi(i) * 0.5f32.powi(i) + (7 + 10 * (i + 1)) as f32)
            .collect();
        assert_eq!(read::<f32>(&out), want, "{opt} global pointer argument");
        // A pointer that is neither USM, nor a module variable, nor in memory the process
        // can write (shared system memory: the host's stack or heap is reachable) is refused
        // at append. The first page is never mapped (mmap_min_addr).
        // SAFETY: the driver refuses the address at append (checked below), so no launch
        // reads through it.
        unsafe { get2.set_arg_unchecked(0, &0x1000u64).unwrap() };
        let r = gpu.launch(&mut get2, [1, 1, 1], [4, 1, 1]);
        assert_eq!(code(r), ze_result_t::ZE_RESULT_ERROR_INVALID_ARGUMENT);
        // A host array on the stack is shared system memory: the kernel reads it.
        let host = [0.5f32, 0.25, 0.125, 0.0625];
        // SAFETY: `host` (16 bytes on the stack) outlives the launch, which only reads it,
        // and `gpu.run` waits for it; the driver reaches it as shared system memory.
        unsafe { get2.set_arg_unchecked(0, &(host.as_ptr() as u64)).unwrap() };
        gpu.run(&mut get2, [1, 1, 1], [4, 1, 1]);
        let want: Vec<f32> = (0..4)
            .map(|i| host[i] * 0.5f32.powi(i as i32) + (7 + 10 * (i + 1)) as f32)
            .collect();
        assert_eq!(read::<f32>(&out), want, "{opt} host stack pointer argument");
    }
}
