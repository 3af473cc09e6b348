// Arrays in private memory with dynamic indexing.

// Sorts each group of 8 ints ascending (insertion sort in a private array):
// out[8i..8i+7] = sort(in[8i..8i+7])
kernel void private_sort8(global const int* in, global int* out)
{
    size_t i = get_global_id(0);
    int a[8];
    for (int k = 0; k < 8; ++k) a[k] = in[8 * i + k];
    for (int k = 1; k < 8; ++k) {
        int v = a[k];
        int j = k - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; --j; }
        a[j + 1] = v;
    }
    for (int k = 0; k < 8; ++k) out[8 * i + k] = a[k];
}

// Private table t[k] = k * i (i = global id):
// out[i] = t[in[i] & 15] + t[(in[i] >> 4) & 15] = ((in&15) + ((in>>4)&15)) * i
kernel void private_lut(global const uint* in, global uint* out)
{
    size_t i = get_global_id(0);
    volatile uint t[16];
    for (uint k = 0; k < 16; ++k) t[k] = k * (uint)i;
    uint v = in[i];
    out[i] = t[v & 15u] + t[(v >> 4) & 15u];
}
