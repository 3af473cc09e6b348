// Module B of the linking tests: exports scale() and the variable offset, and a kernel of
// its own.
global int offset = 100;

float scale(float x, int k) {
    return x * (float)k;
}

kernel void lib_set_offset(int v) {
    offset = v;
}
