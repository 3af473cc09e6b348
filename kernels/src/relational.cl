// Relational builtins. Scalar forms return 0/1, vector forms return 0/-1 per lane.

// out[11i+k] = [isnan(x), isinf(x), isfinite(x), signbit(x), isequal(x,y), isless(x,y),
//   isgreater(x,y), islessgreater(x,y), isordered(x,y), isunordered(x,y), isnormal(x)]  (0/1)
kernel void relational_f32(global const float* x, global const float* y, global int* out)
{
    size_t i = get_global_id(0);
    float u = x[i], w = y[i];
    global int* o = out + 11 * i;
    o[0] = isnan(u);        o[1] = isinf(u);     o[2] = isfinite(u);   o[3] = signbit(u);
    o[4] = isequal(u, w);   o[5] = isless(u, w); o[6] = isgreater(u, w);
    o[7] = islessgreater(u, w); o[8] = isordered(u, w); o[9] = isunordered(u, w);
    o[10] = isnormal(u);
}

// m = isless(x, y) (int4, -1/0 per lane); mask[i] = m; anyall[2i] = any(m), anyall[2i+1] = all(m);
// sel[2i] = select(x, y, m) = lane-wise (x<y ? y : x); sel[2i+1] = bitselect(x, y, as_float(0x80000000))
// = x with the sign bit of y (copysign)
kernel void relational_f4(global const float4* x, global const float4* y, global int4* mask,
                          global int* anyall, global float4* sel)
{
    size_t i = get_global_id(0);
    float4 u = x[i], w = y[i];
    int4 m = isless(u, w);
    mask[i] = m;
    anyall[2 * i] = any(m);
    anyall[2 * i + 1] = all(m);
    sel[2 * i] = select(u, w, m);
    sel[2 * i + 1] = bitselect(u, w, (float4)(as_float(0x80000000u)));
}

// Integer select / bitselect: out[4i..4i+3] = [select(a,b,c) scalar = c != 0 ? b : a,
//   bitselect(a,b,c) = (a & ~c) | (b & c), isnotequal(as_float(a), as_float(b)),
//   any((int4)(a,b,c,0))  (any is 1 if the MSB of any lane is set)]
// v4[i] = select((int4)(a), (int4)(b), (int4)(c, -c, c >> 31, 0x80000000)) (MSB per lane)
kernel void relational_int_select(global const int* a, global const int* b, global const int* c,
                                  global int* out, global int4* v4)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i], z = c[i];
    out[4 * i + 0] = select(x, y, z);
    out[4 * i + 1] = bitselect(x, y, z);
    out[4 * i + 2] = isnotequal(as_float(x), as_float(y));
    out[4 * i + 3] = any((int4)(x, y, z, 0));
    v4[i] = select((int4)(x), (int4)(y), (int4)(z, -z, z >> 31, (int)0x80000000));
}
