// cl-std: CL2.0
// Generic address space: the same helper receives global, local and private pointers.

__attribute__((noinline)) float gsum3(const float* p)
{
    return p[0] + p[1] + p[2];
}

__attribute__((noinline)) void gscale3(float* p, float s)
{
    p[0] *= s; p[1] *= s; p[2] *= s;
}

// 1 = global, 2 = local, 3 = private, 0 = unknown
__attribute__((noinline)) int classify(float* p)
{
    if (to_global(p)) return 1;
    if (to_local(p)) return 2;
    if (to_private(p)) return 3;
    return 0;
}

// scratch: 3*L floats. With S = data[3i]+data[3i+1]+data[3i+2] (values before the call):
// out[i] = S + 2*S + 4*S = 7*S ; data[3i..3i+2] are multiplied by 2 in place ;
// flags[i] = 123 (classify(global)*100 + classify(local)*10 + classify(private))
kernel void generic_ptrs(global float* data, local float* scratch, global float* out,
                         global int* flags)
{
    size_t i = get_global_id(0), lid = get_local_id(0);
    float priv[3];
    for (int k = 0; k < 3; ++k) {
        priv[k] = data[3 * i + k];
        scratch[3 * lid + k] = data[3 * i + k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = gsum3(&data[3 * i]);
    gscale3(priv, 2.0f);
    s += gsum3(priv);
    gscale3(&scratch[3 * lid], 4.0f);
    s += gsum3(&scratch[3 * lid]);
    gscale3(&data[3 * i], 2.0f);
    out[i] = s;
    flags[i] = classify(&data[3 * i]) * 100 + classify(&scratch[3 * lid]) * 10 + classify(priv);
}
