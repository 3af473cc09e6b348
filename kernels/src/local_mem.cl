// __local memory as a kernel parameter and as kernel-scope arrays; barriers in loops.

// scratch: L floats. out[gid] = in[B + (L-1-lid)]  (reverse within each work-group, B = group*L)
kernel void local_param_reverse(global const float* in, global float* out, local float* scratch)
{
    size_t lid = get_local_id(0), L = get_local_size(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[L - 1 - lid];
}

// Same result as local_param_reverse, kernel-scope __local array; requires L <= 256.
kernel void local_array_reverse(global const float* in, global float* out)
{
    local float tile[256];
    size_t lid = get_local_id(0), L = get_local_size(0);
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[L - 1 - lid];
}

// 2-D transpose through a padded 16x17 local tile. Requires local size 16x16;
// global size = (width, height) rounded up to multiples of 16.
// out[x*height + y] = in[y*width + x]  for x < width, y < height
__attribute__((reqd_work_group_size(16, 16, 1)))
kernel void local_transpose(global const float* in, global float* out, int width, int height)
{
    local float tile[16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_group_id(0) * 16 + lx, y = get_group_id(1) * 16 + ly;
    if (x < width && y < height) tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * 16 + lx;   // column in the output (= y of input)
    int ty = get_group_id(0) * 16 + ly;   // row in the output (= x of input)
    if (tx < height && ty < width) out[ty * height + tx] = tile[lx][ly];
}

// Barriers inside a loop. buf: L ints.
// Each iteration every item reads its right neighbour (cyclic) and adds 1:
// out[gid] = in[B + (lid + iters) % L] + iters
kernel void barrier_loop_rotate(global const int* in, global int* out, local int* buf, int iters)
{
    size_t lid = get_local_id(0), L = get_local_size(0);
    buf[lid] = in[get_global_id(0)];
    for (int t = 0; t < iters; ++t) {
        barrier(CLK_LOCAL_MEM_FENCE);
        int v = buf[(lid + 1) % L];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[lid] = v + 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = buf[lid];
}

// Bitonic sort of each work-group's L elements in place (ascending). L must be a power of two.
// buf: L ints.  data[B..B+L-1] = sort(data[B..B+L-1])
kernel void bitonic_sort_local(global int* data, local int* buf)
{
    uint lid = get_local_id(0), L = get_local_size(0);
    size_t gid = get_global_id(0);
    buf[lid] = data[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 2; k <= L; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint partner = lid ^ j;
            int a = buf[lid], b = buf[partner];
            bool up = (lid & k) == 0;
            int keep;
            if (partner > lid) keep = up ? min(a, b) : max(a, b);
            else               keep = up ? max(a, b) : min(a, b);
            barrier(CLK_LOCAL_MEM_FENCE);
            buf[lid] = keep;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[gid] = buf[lid];
}

// Values kept across a barrier that are computed alike by every work-item but differ between
// them: a loop each work-item leaves in another turn, and an if whose arms give different
// values. steps: ascending ints (at least L + 1 of them); m != 0.
// out[2*gid] = number of steps[k] < lid counted from k = 0; out[2*gid+1] = (lid % 3 == 0 ? n / m : n + 1)
//   + buf[(lid + 1) % L], where every item first wrote buf[lid] = lid
kernel void barrier_divergent_values(global const int* steps, global int* out, local int* buf,
                                     int n, int m)
{
    uint lid = get_local_id(0), L = get_local_size(0);
    int i = 0;
    while (steps[i] < (int)lid) i++;
    int x;
    if (lid % 3 == 0) x = n / m; else x = n + 1;
    buf[lid] = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t g = get_global_id(0);
    out[2 * g] = i;
    out[2 * g + 1] = x + buf[(lid + 1) % L];
}
