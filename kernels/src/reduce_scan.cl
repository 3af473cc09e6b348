// Work-group reductions and prefix sums with local memory and barriers.

// Tree reduction; L must be a power of two; scratch: L floats.
// partial[g] = sum of in[j] for j in [g*L, g*L+L) and j < n
kernel void reduce_sum_f32(global const float* in, global float* partial,
                           local float* scratch, uint n)
{
    size_t gid = get_global_id(0);
    uint lid = get_local_id(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}

// Grid-stride accumulation, then a tree over the work-group in local memory: each work-item
// first sums every G-th element (G = global size), as production reductions do. L must be a
// power of two; scratch: L floats.
// acc(w) = in[w] + in[w+G] + in[w+2G] + ... (in that order, indices < n; w = global id)
// partial[g] = the tree of reduce_sum_f32 over acc(g*L .. g*L+L)
kernel void reduce_sum_f32_grid(global const float* in, global float* partial,
                                local float* scratch, uint n)
{
    uint lid = get_local_id(0);
    float acc = 0.0f;
    for (size_t j = get_global_id(0); j < n; j += get_global_size(0)) acc += in[j];
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}

// Grid-stride accumulation then a kernel-scope local reduction. Requires local size 64.
// partial[g] = sum over lid<64 of sum_{j = g*64+lid + t*G < n} in[j]   (G = global size, int wrap)
// => sum(partial) == sum(in[0..n))
__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void reduce_sum_i32(global const int* in, global int* partial, uint n)
{
    local int buf[64];
    uint lid = get_local_id(0);
    int acc = 0;
    for (size_t j = get_global_id(0); j < n; j += get_global_size(0)) acc += in[j];
    buf[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 32; s > 0; s >>= 1) {
        if (lid < s) buf[lid] += buf[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = buf[0];
}

// Hillis-Steele inclusive scan within each work-group (double buffered). tmp: 2*L ints.
// out[gid] = in[B] + in[B+1] + ... + in[gid]   (B = group*L)
kernel void scan_inclusive_hs(global const int* in, global int* out, local int* tmp)
{
    uint lid = get_local_id(0), L = get_local_size(0);
    uint pout = 0, pin = 1;
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < L; off <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        int v = tmp[pin * L + lid];
        if (lid >= off) v += tmp[pin * L + lid - off];
        tmp[pout * L + lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[pout * L + lid];
}

// Blelloch exclusive scan; each work-group scans a block of 2L elements (L power of two),
// global size = n/2. tmp: 2*L ints.
// out[j] = sum of in[blk .. j-1] where blk = (j / (2L)) * 2L  (out[blk] = 0)
kernel void scan_exclusive_blelloch(global const int* in, global int* out, local int* tmp)
{
    uint lid = get_local_id(0), L = get_local_size(0), N = 2 * L;
    size_t base = get_group_id(0) * N;
    tmp[2 * lid] = in[base + 2 * lid];
    tmp[2 * lid + 1] = in[base + 2 * lid + 1];
    uint offset = 1;
    for (uint d = N >> 1; d > 0; d >>= 1) {            // up-sweep
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            tmp[bi] += tmp[ai];
        }
        offset <<= 1;
    }
    if (lid == 0) tmp[N - 1] = 0;
    for (uint d = 1; d < N; d <<= 1) {                  // down-sweep
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1, bi = offset * (2 * lid + 2) - 1;
            int t = tmp[ai];
            tmp[ai] = tmp[bi];
            tmp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + 2 * lid] = tmp[2 * lid];
    out[base + 2 * lid + 1] = tmp[2 * lid + 1];
}
