// Single-precision a*x plus y. At -O2 clang contracts a*x+y into llvm.fmuladd,
// which llvm-spirv emits as OpExtInst OpenCL.std mad.
kernel void saxpy(float a, global const float* x, global float* y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
