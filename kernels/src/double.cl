// Double precision (cl_khr_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// y[i] = a*x[i] + y[i] in double
kernel void dbl_axpy(double a, global const double* x, global double* y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

// out[i] = sqrt(fabs(x)) + exp(-x*x) + (double)(float)x - floor(x); lo[i] = convert_long_rtz(x*1000)
kernel void dbl_math(global const double* x, global double* out, global long* lo)
{
    size_t i = get_global_id(0);
    double v = x[i];
    out[i] = sqrt(fabs(v)) + exp(-v * v) + (double)(float)v - floor(v);
    lo[i] = convert_long_rtz(v * 1000.0);
}

// out[i] = dot(a[i], b[i]) for double4
kernel void dbl_dot4(global const double4* a, global const double4* b, global double* out)
{
    size_t i = get_global_id(0);
    out[i] = dot(a[i], b[i]);
}
