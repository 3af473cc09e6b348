// cl-std: CL2.0
// Program-scope __global variables (OpenCL 2.0). They persist across launches within one
// program object: initial g_scalar = 7, g_coeffs = {1, 0.5, 0.25, 0.125}, g_counter = 0.

global int g_scalar = 7;
global float g_coeffs[4] = { 1.0f, 0.5f, 0.25f, 0.125f };
global atomic_int g_counter = ATOMIC_VAR_INIT(0);
constant int c_offsets[4] = { 10, 20, 30, 40 };

// Work-item 0 stores: g_scalar = v; g_coeffs[0] = c0
kernel void progvar_set(int v, float c0)
{
    if (get_global_id(0) == 0) {
        g_scalar = v;
        g_coeffs[0] = c0;
    }
}

// out[i] = in[i] * g_coeffs[i & 3] + (float)(g_scalar + c_offsets[i & 3])
kernel void progvar_get(global const float* in, global float* out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * g_coeffs[i & 3] + (float)(g_scalar + c_offsets[i & 3]);
}

// tickets[i] = atomic_fetch_add(&g_counter, 1): a launch of G items yields a permutation
// of [C, C+G) where C is the counter before the launch (0 for a fresh program)
kernel void progvar_count(global int* tickets)
{
    tickets[get_global_id(0)] = atomic_fetch_add(&g_counter, 1);
}
