// clang-flags: -Xclang -cl-ext=+__cl_clang_function_pointers
// spirv-ext: +SPV_INTEL_function_pointers
// spirv-val-skip: spirv-tools 2023.1 rejects OpConstantFunctionPointerINTEL's forward reference to its function
// Calls through function pointers (SPV_INTEL_function_pointers): chosen in the kernel, or
// given by the host (zeModuleGetFunctionPointer) as an argument.
#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable

int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int negate(int x) { return -x; }

// out[i] = square(i) where which != 0, else twice(i).
kernel void apply_chosen(global int *out, int which) {
    int i = (int)get_global_id(0);
    __auto_type f = which ? &square : &twice;
    out[i] = f(i);
}

// out[i] = f(i) for the function whose pointer the host passes.
kernel void apply_given(global int *out, ulong f) {
    int i = (int)get_global_id(0);
    __auto_type g = &negate;
    g = (__typeof__(g))f;
    out[i] = g(i);
}
