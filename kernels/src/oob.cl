// Deliberately out-of-bounds accesses, for testing bounds checking.

// out[i + n] = i. With a buffer of G ints and n > 0 the last n work-items write past the end.
kernel void oob_write(global int* out, int n)
{
    size_t i = get_global_id(0);
    out[i + n] = (int)i;
}

// out[i] = in[i + n]. With in holding G ints and n > 0 the last n work-items read past the end.
kernel void oob_read(global const int* in, global int* out, int n)
{
    size_t i = get_global_id(0);
    out[i] = in[i + n];
}

// Local-memory overrun: scratch holds L ints; item lid writes scratch[lid + n].
// For n = 0: out[gid] = gid (in-bounds); for n > 0 the last n items write past the end.
kernel void oob_local_write(global int* out, local int* scratch, int n)
{
    size_t lid = get_local_id(0);
    scratch[lid + n] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[lid];
}

// Private-memory overrun: each work-item fills its own a[4]; reading a[k] for k >= 4 reaches
// past it (into a neighbour's private memory, which is out of bounds too).
// For k < 4: out[gid] = k * 10 + gid.
kernel void oob_private(global int* out, int k)
{
    volatile int a[4];
    int g = (int)get_global_id(0);
    for (int j = 0; j < 4; ++j) a[j] = j * 10 + g;
    out[g] = a[k];
}

// out[i + n] = i for i = y * width + x over a 2-D launch (width = global size in dimension 0).
// With a buffer of all the items' ints and n > 0 the last n items write past the end; n < 0
// the first ones write before the start.
kernel void oob_write_2d(global int* out, int n)
{
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    out[i + n] = (int)i;
}

// out[i + n] = i with a 32-bit index (uint: wrapping past UINT_MAX): n > 0 writes past the
// end, n close to UINT_MAX far past it, then from the start.
kernel void oob_write_int(global int* out, uint n)
{
    uint i = (uint)get_global_id(0);
    out[i + n] = (int)i;
}

// Clamped 2-D indices (the compiler checks such an access once per group, from the bounds of
// its index): out[clamp(x + d, lo, hi) + y * w] = y * 1000 + x (x, y the global ids). A short
// buffer or bounds past it fault part-way through the launch.
kernel void oob_clamp_store(global int* out, int d, int lo, int hi, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[clamp(x + d, lo, hi) + y * w] = y * 1000 + x;
}

// out[y * width + x] = in[clamp(x + d, lo, hi) + y * w] (width the global size in dimension 0).
kernel void oob_clamp_load(global const int* in, global int* out, int d, int lo, int hi, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * (int)get_global_size(0) + x] = in[clamp(x + d, lo, hi) + y * w];
}

// Kernel-scope local overrun: tile holds 64 ints; item lid writes tile[lid + n] (n >= 0).
// For n = 0: out[gid] = gid (in-bounds); for lid + n >= 64 the write is past the local part.
kernel void oob_local_static(global int* out, int n)
{
    local int tile[64];
    size_t lid = get_local_id(0);
    tile[lid + n] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[lid];
}

// Kernel-scope local accesses with the group size required: the compiler proves
// tile[63 - lid] inside the local part (no check), but not tile[lid + 1], which the last
// work-item writes past it. tile holds 64 ints; for past = 0: out[gid] = gid; else the
// launch faults.
__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void oob_local_required(global int* out, int past)
{
    local int tile[64];
    int lid = get_local_id(0);
    if (past)
        tile[lid + 1] = (int)get_global_id(0);
    else
        tile[63 - lid] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = past ? 0 : tile[63 - lid];
}

// Loads and stores of the same proven-inside local slots in one region (no barrier): each
// load must see the stores before it, the compiler may not merge, hoist or sink it past
// them. The caller passes d = 0, so w points at slot[lid] (the compiler cannot know it):
// a = 1, then slot = 11, n times slot = 2*slot + 1, b = slot, slot = 5;
// out[gid] = 100*b + 5 + a.
__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void local_rewritten(global int* out, int n, int d)
{
    local int slot[65];
    int lid = get_local_id(0);
    local int* w = d ? &slot[lid + 1] : &slot[lid];
    *w = 1;
    int a = slot[lid];
    *w = a + 10;
    for (int i = 0; i < n; ++i)
        *w = slot[lid] * 2 + 1;
    int b = slot[lid];
    *w = 5;
    out[get_global_id(0)] = 100 * b + slot[lid] + a;
}
