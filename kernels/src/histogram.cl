// Histograms with global and local atomics. bins must be zeroed by the host.

// bins[b] += #{ i : data[i] == b }   (256 bins, atomic_inc on global memory)
kernel void hist_global_inc(global const uchar* data, global uint* bins)
{
    atomic_inc(&bins[data[get_global_id(0)]]);
}

// bins[b] += sum of weights[i] over i with keys[i] % nbins == b   (atomic_add on global)
kernel void hist_global_add(global const uint* keys, global const int* weights,
                            global int* bins, uint nbins)
{
    size_t i = get_global_id(0);
    atomic_add(&bins[keys[i] % nbins], weights[i]);
}

// Privatized 256-bin histogram in local memory (local atomics), merged with global atomic_add.
// Grid-stride over n elements: bins[b] += #{ i < n : data[i] == b }. Any local size.
kernel void hist_local(global const uchar* data, global uint* bins, uint n)
{
    local uint lh[256];
    uint lid = get_local_id(0), L = get_local_size(0);
    for (uint b = lid; b < 256; b += L) lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t j = get_global_id(0); j < n; j += get_global_size(0))
        atomic_inc(&lh[data[j]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < 256; b += L)
        if (lh[b]) atomic_add(&bins[b], lh[b]);
}
