// Math builtins (results are compared with tolerance: OpenCL allows several ulp).

// Domain: x in (0, 1]. out[16i+k] = f_k(x[i]) with f = [sin, cos, tan, asin, acos, atan,
// sinh, cosh, tanh, exp, exp2, exp10, log, log2, log10, sqrt]
kernel void math_unary_f32(global const float* x, global float* out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    global float* o = out + 16 * i;
    o[0] = sin(v);   o[1] = cos(v);   o[2] = tan(v);   o[3] = asin(v);
    o[4] = acos(v);  o[5] = atan(v);  o[6] = sinh(v);  o[7] = cosh(v);
    o[8] = tanh(v);  o[9] = exp(v);   o[10] = exp2(v); o[11] = exp10(v);
    o[12] = log(v);  o[13] = log2(v); o[14] = log10(v); o[15] = sqrt(v);
}

// Any finite non-zero x. out[8i+k] = f_k(x[i]) with f = [floor, ceil, round (half away
// from zero), trunc, rint (half to even), fabs, cbrt, rsqrt(fabs(x))]
kernel void math_round_f32(global const float* x, global float* out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    global float* o = out + 8 * i;
    o[0] = floor(v); o[1] = ceil(v); o[2] = round(v); o[3] = trunc(v);
    o[4] = rint(v);  o[5] = fabs(v); o[6] = cbrt(v);  o[7] = rsqrt(fabs(v));
}

// Domain: x > 0, y != 0, |n| <= 8. out[12i+k] = [pow(x,y), hypot(x,y), atan2(y,x), fmod(x,y),
// fmin(x,y), fmax(x,y), fma(x,y,0.5), mad(x,y,0.5), ldexp(x,n), pown(x,n), copysign(x,y), fdim(x,y)]
kernel void math_binary_f32(global const float* x, global const float* y, global const int* n,
                            global float* out)
{
    size_t i = get_global_id(0);
    float a = x[i], b = y[i];
    int e = n[i];
    global float* o = out + 12 * i;
    o[0] = pow(a, b);   o[1] = hypot(a, b);  o[2] = atan2(b, a);   o[3] = fmod(a, b);
    o[4] = fmin(a, b);  o[5] = fmax(a, b);   o[6] = fma(a, b, 0.5f); o[7] = mad(a, b, 0.5f);
    o[8] = ldexp(a, e); o[9] = pown(a, e);   o[10] = copysign(a, b); o[11] = fdim(a, b);
}

// Builtins with pointer outputs. Any finite x.
// f[6i..6i+5] = [frexp mantissa, modf fractional part, modf integral part, sin(x), cos(x)
// (from sincos), fract(x) (x - floor(x), clamped below 1)]; e[2i] = frexp exponent,
// e[2i+1] = ilogb(x)
kernel void math_ptr_out_f32(global const float* x, global float* f, global int* e)
{
    size_t i = get_global_id(0);
    float v = x[i];
    int ex;
    float ip, c, fl;
    f[6 * i + 0] = frexp(v, &ex);
    f[6 * i + 1] = modf(v, &ip);
    f[6 * i + 2] = ip;
    f[6 * i + 3] = sincos(v, &c);
    f[6 * i + 4] = c;
    f[6 * i + 5] = fract(v, &fl);
    e[2 * i] = ex;
    e[2 * i + 1] = ilogb(v);
}

// Vector math: out[i] = sin(x)*exp(-x) + pow(x, 2) + fma(x, x, 1)  (float4, x >= 0)
kernel void math_vec4_f32(global const float4* x, global float4* out)
{
    size_t i = get_global_id(0);
    float4 v = x[i];
    out[i] = sin(v) * exp(-v) + pow(v, (float4)2.0f) + fma(v, v, (float4)1.0f);
}

// native_* and half_* variants (implementation-defined accuracy: compare loosely).
// Domain x in (0.1, 10). out[8i+k] = [native_sin, native_cos, native_exp, native_log,
// native_sqrt, native_recip, native_divide(x, 3), half_rsqrt](x)
kernel void math_native_f32(global const float* x, global float* out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    global float* o = out + 8 * i;
    o[0] = native_sin(v);  o[1] = native_cos(v);   o[2] = native_exp(v);  o[3] = native_log(v);
    o[4] = native_sqrt(v); o[5] = native_recip(v); o[6] = native_divide(v, 3.0f); o[7] = half_rsqrt(v);
}
