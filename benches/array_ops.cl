// Hand-written OpenCL C versions of the operations benches/array_ops.rs measures, the way
// one writes them without onearray::ops. Rebuild array_ops.spv with benches/build-array-ops.sh.
// No contraction: a*x + y rounds twice, as the generated kernels and Rust do.
#pragma OPENCL FP_CONTRACT OFF

// y = a*x + y
kernel void axpy(ulong n, float a, global const float* x, global float* y)
{
    size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

// out = x*a + y*z - w
kernel void fused4(ulong n, float a, global const float* x, global const float* y,
                   global const float* z, global const float* w, global float* out)
{
    size_t i = get_global_id(0);
    if (i < n)
        out[i] = x[i] * a + y[i] * z[i] - w[i];
}

// Grid-stride partial sums, a tree per work-group of 256; the host adds the partials.
kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void sum(ulong n, global const float* x, global float* partials)
{
    local float scratch[256];
    size_t lid = get_local_id(0), step = get_global_size(0);
    float acc = 0.0f;
    for (size_t i = get_global_id(0); i < n; i += step)
        acc += x[i];
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = 128; h > 0; h >>= 1) {
        if (lid < h)
            scratch[lid] += scratch[lid + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partials[get_group_id(0)] = scratch[0];
}

// The same for x·y.
kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void dot(ulong n, global const float* x, global const float* y, global float* partials)
{
    local float scratch[256];
    size_t lid = get_local_id(0), step = get_global_size(0);
    float acc = 0.0f;
    for (size_t i = get_global_id(0); i < n; i += step)
        acc += x[i] * y[i];
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = 128; h > 0; h >>= 1) {
        if (lid < h)
            scratch[lid] += scratch[lid + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partials[get_group_id(0)] = scratch[0];
}
