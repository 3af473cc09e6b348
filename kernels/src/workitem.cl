// Work-item built-in functions. Each work-item writes a record of 22 ulongs:
// [work_dim, global_id(0..2), global_size(0..2), global_offset(0..2), local_id(0..2),
//  local_size(0..2), group_id(0..2), num_groups(0..2)]
// at out[22*lin], lin = linear index of (global_id - global_offset) in the launch.
// Dimensions >= work_dim report id 0, size 1, offset 0.

#define WI_RECORD(lin)                                                   \
    global ulong* o = out + 22 * (lin);                                  \
    o[0] = get_work_dim();                                               \
    for (uint d = 0; d < 3; ++d) {                                       \
        o[1 + d] = get_global_id(d);                                     \
        o[4 + d] = get_global_size(d);                                   \
        o[7 + d] = get_global_offset(d);                                 \
        o[10 + d] = get_local_id(d);                                     \
        o[13 + d] = get_local_size(d);                                   \
        o[16 + d] = get_group_id(d);                                     \
        o[19 + d] = get_num_groups(d);                                   \
    }

// 1-D launch: lin = gid0 - off0
kernel void workitem_1d(global ulong* out)
{
    WI_RECORD(get_global_id(0) - get_global_offset(0))
}

// 2-D launch: lin = (gid1-off1)*gsize0 + (gid0-off0)
kernel void workitem_2d(global ulong* out)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    WI_RECORD(y * get_global_size(0) + x)
}

// 3-D launch: lin = ((gid2-off2)*gsize1 + (gid1-off1))*gsize0 + (gid0-off0)
kernel void workitem_3d(global ulong* out)
{
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    size_t z = get_global_id(2) - get_global_offset(2);
    WI_RECORD((z * get_global_size(1) + y) * get_global_size(0) + x)
}

// 3-D volume fill without offsets: vol[(z*ny + y)*nx + x] = x + 1000*y + 1000000*z,
// where (nx, ny) = (global_size(0), global_size(1)); also counts items per group in the
// linear local id: lin_local[...same index...] = (lz*ly_size + ly)*lx_size + lx
kernel void volume_fill_3d(global uint* vol, global uint* lin_local)
{
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t nx = get_global_size(0), ny = get_global_size(1);
    size_t idx = (z * ny + y) * nx + x;
    vol[idx] = (uint)(x + 1000 * y + 1000000 * z);
    lin_local[idx] = (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0)
                            + get_local_id(0));
}
