// y = a*x + y over n elements. The grid is rounded up to whole work-groups, so the kernel
// guards against the work-items past n. Rebuild saxpy.spv with examples/build-saxpy.sh.
kernel void saxpy(uint n, float a, global const float* x, global float* y)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
