// float2/3/4/8/16 arithmetic and swizzles.

// out[i] = a*b + a.yx - b*0.5f
kernel void vec_f2_arith(global const float2* a, global const float2* b, global float2* out)
{
    size_t i = get_global_id(0);
    float2 x = a[i], y = b[i];
    out[i] = x * y + x.yx - y * 0.5f;
}

// float3 via packed arrays (3 floats per element, no padding):
// r = a.zxy * b + (1,2,3); r.x -= a.y  ; stored packed
kernel void vec_f3_arith(global const float* a, global const float* b, global float* out)
{
    size_t i = get_global_id(0);
    float3 x = vload3(i, a), y = vload3(i, b);
    float3 r = x.zxy * y + (float3)(1.0f, 2.0f, 3.0f);
    r.x -= x.y;
    vstore3(r, i, out);
}

// Swizzles incl. lvalue swizzles:
// r.xz = v.yw; r.yw = v.xz * 2; out = r + v.wzyx
kernel void vec_f4_swizzle(global const float4* in, global float4* out)
{
    size_t i = get_global_id(0);
    float4 v = in[i];
    float4 r;
    r.xz = v.yw;
    r.yw = v.xz * 2.0f;
    out[i] = r + v.wzyx;
}

// out.lo = a.hi * b.lo; out.hi = a.even + b.odd
kernel void vec_f8_arith(global const float8* a, global const float8* b, global float8* out)
{
    size_t i = get_global_id(0);
    float8 x = a[i], y = b[i];
    float8 r;
    r.lo = x.hi * y.lo;
    r.hi = x.even + y.odd;
    out[i] = r;
}

// r = a*2 - b; then r.s0123 = b.sfedc; out = r / (1 + |a|)
kernel void vec_f16_arith(global const float16* a, global const float16* b, global float16* out)
{
    size_t i = get_global_id(0);
    float16 x = a[i], y = b[i];
    float16 r = x * 2.0f - y;
    r.s0123 = y.sfedc;
    out[i] = r / (1.0f + fabs(x));
}

// shuffle / shuffle2 builtins:
// out[i] = shuffle(a[i], m[i] & 3) + shuffle2(a[i], b[i], (m[i] >> 8) & 7)
kernel void vec_shuffle(global const float4* a, global const float4* b,
                        global const uint4* m, global float4* out)
{
    size_t i = get_global_id(0);
    uint4 mask = m[i];
    out[i] = shuffle(a[i], mask & 3u) + shuffle2(a[i], b[i], (mask >> 8) & 7u);
}
