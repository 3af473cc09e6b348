// A module importing only a function (link_lib.cl exports it), for dynamic linking
// (zeModuleDynamicLink): until linked its kernel cannot be created.
extern float scale(float x, int k);

kernel void fn_scale(global float *out, global const float *in, int k) {
    size_t i = get_global_id(0);
    out[i] = scale(in[i], k);
}
