// spirv-version: 1.1
// spirv-val-env: spv1.1
// Specialization constants of each scalar type (__spirv_SpecConstant, which the translator
// makes an OpSpecConstant with a SpecId; it needs SPIR-V 1.1): out[k] is constant k's value.
char __attribute__((overloadable)) __spirv_SpecConstant(int, char);
short __attribute__((overloadable)) __spirv_SpecConstant(int, short);
int __attribute__((overloadable)) __spirv_SpecConstant(int, int);
long __attribute__((overloadable)) __spirv_SpecConstant(int, long);
float __attribute__((overloadable)) __spirv_SpecConstant(int, float);
double __attribute__((overloadable)) __spirv_SpecConstant(int, double);

// Defaults: -8, -16, 32, 64, 0.5, 0.25 (ids 0 to 5).
kernel void spec_constant_values(global double *out) {
    out[0] = __spirv_SpecConstant(0, (char)-8);
    out[1] = __spirv_SpecConstant(1, (short)-16);
    out[2] = __spirv_SpecConstant(2, 32);
    out[3] = __spirv_SpecConstant(3, 64L);
    out[4] = __spirv_SpecConstant(4, 0.5f);
    out[5] = __spirv_SpecConstant(5, 0.25);
}

// *out = the sum of four long constants (ids 10 to 13; defaults 10, 30, 50, 70).
kernel void spec_constant_sum(global ulong *out) {
    *out = __spirv_SpecConstant(10, 10L) + __spirv_SpecConstant(11, 30L) +
           __spirv_SpecConstant(12, 50L) + __spirv_SpecConstant(13, 70L);
}
