// Kernels whose regions run packs in lockstep (jit/lockstep.rs): branches and loop trip counts
// the same within a pack of four work-items but not between packs, values the same in a row
// of the group but not between rows, values kept across a barrier.

// q = lid0 >> 2 (the same in a pack of four), t = n + lid1 (the same in a row of the group;
// lid0, lid1: local ids in dimensions 0 and 1; g: the linear global id, a row of the launch
// being the global size in dimension 0):
// acc = sum over j < t of in[(g + j) % m] * (j + 1) (plus in[(7g + j) % m] where j = lid0 % 5)
// + sum over j < (q % 3) * spread of in[(3g + j) % m], plus 100 when q is odd;
// out[g] = acc + in[group id 0 % m].
kernel void lock_uneven(global const float* in, global float* out, int n, int m, int spread)
{
    int g = (int)(get_global_id(1) * get_global_size(0) + get_global_id(0));
    int lid0 = (int)get_local_id(0);
    uint q = (uint)lid0 >> 2;
    int t = n + (int)get_local_id(1);
    float acc = 0.0f;
    for (int j = 0; j < t; ++j) {
        acc += in[(g + j) % m] * (float)(j + 1);
        if (lid0 % 5 == j)
            acc += in[(7 * g + j) % m];
    }
    int u = (int)(q % 3) * spread;
    for (int j = 0; j < u; ++j)
        acc += in[(3 * g + j) % m];
    if (q & 1)
        acc += 100.0f;
    out[g] = acc + in[get_group_id(0) % m];
}

// tmp[lid] = in[g]; after a barrier, k = lid / 4:
// out[g] = sum over j <= k % 5 of tmp[(lid + j) % L] + k  (L: the local size).
kernel void lock_regions(global const int* in, global int* out, local int* tmp)
{
    int lid = (int)get_local_id(0);
    int g = (int)get_global_id(0);
    int k = lid / 4;
    tmp[lid] = in[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    for (int j = 0; j <= k % 5; ++j)
        s += tmp[(lid + j) % (int)get_local_size(0)];
    out[g] = s + k;
}

// After stores: aux[g] = 0, out[g] = in[g % m]; then for j < n (the same for every work-item):
// out[g] += in[(g + j) % m], and aux[g] += j + 1 where j % 3 == lid % 3.
kernel void lock_after_store(global const int* in, global int* out, global int* aux, int n,
                             int m)
{
    int g = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    aux[g] = 0;
    out[g] = in[g % m];
    for (int j = 0; j < n; ++j) {
        out[g] += in[(g + j) % m];
        if (j % 3 == lid % 3)
            aux[g] += j + 1;
    }
}
