// Half precision storage and arithmetic (cl_khr_fp16).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// out[i] = in[i] * s + 1  (all in half)
kernel void half_scale(global const half* in, global half* out, half s)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * s + (half)1.0h;
}

// out[i] = a[i] * b[i] - c[i]  (half; -O2 may contract to mad)
kernel void half_mul_sub(global const half* a, global const half* b,
                         global const half* c, global half* out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i] - c[i];
}

// Conversions half <-> float: f[i] = (float)in[i]; back[i] = (half)(f*0.5f) (RTE)
kernel void half_convert(global const half* in, global float* f, global half* back)
{
    size_t i = get_global_id(0);
    float v = (float)in[i];
    f[i] = v;
    back[i] = (half)(v * 0.5f);
}

// Half vectors and half math builtins:
// out[i] = sqrt(fabs(a[i])) + a[i].wzyx * (half)2
kernel void half_vec4_math(global const half4* a, global half4* out)
{
    size_t i = get_global_id(0);
    half4 v = a[i];
    out[i] = sqrt(fabs(v)) + v.wzyx * (half)2.0h;
}
