// vloadN / vstoreN and vload_half / vstore_half.

// out[2i..2i+1] = in[2i..2i+1] * 2
kernel void vls_vec2(global const float* in, global float* out)
{
    size_t i = get_global_id(0);
    vstore2(vload2(i, in) * 2.0f, i, out);
}

// packed float3: (out[3i],out[3i+1],out[3i+2]) = (in[3i+2], in[3i], in[3i+1]) + 1
kernel void vls_vec3(global const float* in, global float* out)
{
    size_t i = get_global_id(0);
    float3 v = vload3(i, in);
    vstore3(v.zxy + 1.0f, i, out);
}

// Unaligned vload4 at element offset i: out[i] = in[i]+in[i+1]+in[i+2]+in[i+3]
// (in must hold n+3 floats)
kernel void vls_window4(global const float* in, global float* out)
{
    size_t i = get_global_id(0);
    float4 v = vload4(0, in + i);
    out[i] = v.x + v.y + v.z + v.w;
}

// vload8 + vload16 / vstore16: out16[16i+k] = in16[16i+k] + in8[8i + (k&7)]
kernel void vls_vec8_16(global const float* in8, global const float* in16, global float* out16)
{
    size_t i = get_global_id(0);
    float8 a = vload8(i, in8);
    float16 b = vload16(i, in16);
    vstore16(b + (float16)(a, a), i, out16);
}

// f[i] = vload_half(i, h); h3[i] = vstore_half(f*3) (round to nearest even);
// hz[i] = vstore_half_rtz(f*3) (round toward zero)
kernel void vls_half(global const half* h, global float* f, global half* h3, global half* hz)
{
    size_t i = get_global_id(0);
    float v = vload_half(i, h);
    f[i] = v;
    vstore_half(v * 3.0f, i, h3);
    vstore_half_rtz(v * 3.0f, i, hz);
}

// vload_half4 / vstore_half4 (RTE):
// out[4i+k] = half(in[4i+k] + 0.25f)
kernel void vls_half4(global const half* in, global half* out)
{
    size_t i = get_global_id(0);
    float4 v = vload_half4(i, in);
    vstore_half4(v + 0.25f, i, out);
}
