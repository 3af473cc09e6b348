// A module mixing a kernel this device cannot run (images) with ones it can: the module
// builds, zeKernelCreate of the image kernel fails with the reason in the build log.

// out[i] = the red channel of img at (i, 0)
kernel void image_copy(read_only image2d_t img, global float* out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, (int2)(i, 0)).x;
}

// out[i] = in[i] * 2 + 1
kernel void plain_double(global const int* in, global int* out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * 2 + 1;
}
