// printf as OpenCL C 1.2 programs use it (issue 11, item 12): scalars of each width, floats
// (promoted to double), strings, characters, vectors, a return value, divergent calls.

kernel void printf_scalars(global int *ret, float f, int4 v, long big) {
    int i = get_global_id(0);
    ret[i] = printf("item %d: f=%f %5.2e %g %s %c\n", i, f, f * 2.0f, f, "str", 'A' + i);
    if (i == 1) {
        printf("v=%v4hld hex=%#v4hlx long=%ld %%\n", v, as_uint4(v), big);
    }
}

// A vector conversion given a scalar: printf prints nothing and returns -1.
#pragma clang diagnostic ignored "-Wformat"
kernel void printf_bad_format(global int *ret) {
    ret[get_global_id(0)] = printf("%v3d\n", 1);
}

// A float vector (not promoted) and half-width integers.
kernel void printf_vectors(float2 f, short s, uchar c) {
    printf("%v2hlf %hd %hhu\n", f, s, c);
}
