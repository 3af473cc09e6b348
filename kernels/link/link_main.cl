// Module A of the linking tests: a kernel calling a function and reading a variable that
// another module (link_lib.cl) exports.
extern float scale(float x, int k);
extern global int offset;

kernel void linked_scale(global float *out, global const float *in, int k) {
    size_t i = get_global_id(0);
    out[i] = scale(in[i], k) + (float)offset;
}
