// y = a*x + y over n elements. The grid is rounded up to whole work-groups, so the kernel
// guards against the work-items past n. build.rs compiles it (spirv-build), refreshing the
// committed saxpy.spv and saxpy.spv.src-hash where clang-15 and llvm-spirv-15 are installed.
kernel void saxpy(uint n, float a, global const float* x, global float* y)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
