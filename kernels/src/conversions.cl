// Conversions and reinterpretation.

// Float -> int: oi[4i..4i+3] = [convert_int_sat(x) (toward zero, saturate, NaN -> 0),
//   convert_int_sat_rte(x), convert_int_sat_rtn(x), convert_int_sat_rtp(x)];
// ou[i] = convert_uchar_sat(x) (toward zero, clamp to [0,255], NaN -> 0)
kernel void convert_f2i(global const float* x, global int* oi, global uchar* ou)
{
    size_t i = get_global_id(0);
    float v = x[i];
    oi[4 * i + 0] = convert_int_sat(v);
    oi[4 * i + 1] = convert_int_sat_rte(v);
    oi[4 * i + 2] = convert_int_sat_rtn(v);
    oi[4 * i + 3] = convert_int_sat_rtp(v);
    ou[i] = convert_uchar_sat(v);
}

// Int -> float with rounding modes: out[6i..6i+5] = [convert_float_rte(a), convert_float_rtz(a),
//   convert_float_rtp(a), convert_float_rtn(a), convert_float(u) (uint, RTE), convert_float_rtz(l) (long)]
kernel void convert_i2f(global const int* a, global const uint* u, global const long* l,
                        global float* out)
{
    size_t i = get_global_id(0);
    int v = a[i];
    global float* o = out + 6 * i;
    o[0] = convert_float_rte(v);
    o[1] = convert_float_rtz(v);
    o[2] = convert_float_rtp(v);
    o[3] = convert_float_rtn(v);
    o[4] = convert_float(u[i]);
    o[5] = convert_float_rtz(l[i]);
}

// Integer width changes: c[i] = (char)a (truncate), uc[i] = convert_uchar_sat(a),
// s[i] = convert_short_sat(a), l[i] = (long)a (sign-extend), ul[i] = (ulong)(uint)a (zero-extend),
// us[i] = convert_ushort_sat((long)a * 3)
kernel void convert_int_widths(global const int* a, global char* c, global uchar* uc,
                               global short* s, global long* l, global ulong* ul,
                               global ushort* us)
{
    size_t i = get_global_id(0);
    int v = a[i];
    c[i] = (char)v;
    uc[i] = convert_uchar_sat(v);
    s[i] = convert_short_sat(v);
    l[i] = (long)v;
    ul[i] = (ulong)(uint)v;
    us[i] = convert_ushort_sat((long)v * 3);
}

// Bit reinterpretation: xi[i] = as_int(x[i]); nf[i] = as_float(n[i]);
// bytes[i] = as_uchar4(n[i]) (little-endian bytes); h2[i] = as_short2(x[i]) (low half first)
kernel void reinterpret_bits(global const float* x, global const int* n, global int* xi,
                             global float* nf, global uchar4* bytes, global short2* h2)
{
    size_t i = get_global_id(0);
    xi[i] = as_int(x[i]);
    nf[i] = as_float(n[i]);
    bytes[i] = as_uchar4(n[i]);
    h2[i] = as_short2(x[i]);
}

// Vector conversions: oi[i] = convert_int4_sat_rte(x[i]); os[i] = convert_short4_sat(x[i]);
// of[i] = convert_float4(b[i]) (uchar4 -> float4); ou[i] = convert_uchar4_sat(oi[i] as computed)
kernel void convert_vec4(global const float4* x, global const uchar4* b, global int4* oi,
                         global short4* os, global float4* of, global uchar4* ou)
{
    size_t i = get_global_id(0);
    int4 r = convert_int4_sat_rte(x[i]);
    oi[i] = r;
    os[i] = convert_short4_sat(x[i]);
    of[i] = convert_float4(b[i]);
    ou[i] = convert_uchar4_sat(r);
}
