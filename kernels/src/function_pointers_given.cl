// clang-flags: -Xclang -cl-ext=+__cl_clang_function_pointers
// spirv-ext: +SPV_INTEL_function_pointers
// spirv-val-skip: spirv-tools 2023.1 rejects a pointer to a function type (the cast of a given pointer)
// Calls through pointers the host got with zeModuleGetFunctionPointer for functions whose
// address the module never takes (no OpConstantFunctionPointerINTEL): by value, as Intel's
// conformance test passes one, and read from a buffer.
#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable
typedef int (*unary)(int);

int add_one(int a) { return a + 1; }
int times_three(int a) { return 3 * a; }

// out[i] = f(i).
kernel void call_by_value(long f, global int *out) {
    int i = (int)get_global_id(0);
    out[i] = ((unary)f)(i);
}

// out[i] = fs[i % n](i).
kernel void call_from_buffer(global const ulong *fs, int n, global int *out) {
    int i = (int)get_global_id(0);
    out[i] = ((unary)fs[i % n])(i);
}
