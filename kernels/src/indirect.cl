// Indirect access: kernels that reach memory through addresses stored in memory (OpenCL C
// forbids pointer-to-pointer parameters, so the addresses travel as ulongs), which a driver
// lets them use only when told (zeKernelSetIndirectAccess).

// out[i] = the sum of lens[i] ints at address addrs[i].
kernel void sum_through(global const ulong* addrs, global const int* lens, global int* out)
{
    size_t i = get_global_id(0);
    global const int* p = (global const int*)addrs[i];
    int s = 0;
    for (int j = 0; j < lens[i]; j++)
        s += p[j];
    out[i] = s;
}

// The int at address addrs[i] += value.
kernel void add_through(global const ulong* addrs, int value)
{
    size_t i = get_global_id(0);
    *(global int*)addrs[i] += value;
}
