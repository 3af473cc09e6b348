// cl-std: CL2.0
// clang-flags: -Xclang -cl-ext=+cl_khr_subgroups
// The bench's (benches/kernels.rs) reduction with cl_khr_subgroups' sub_group_reduce_add.
// 1-D; a work-group covers one block of get_local_size(0) elements (the whole input: n is a
// multiple of it).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// partial[g] = sum of the group's block: each sub-group reduces its part
// (sub_group_reduce_add), its first work-item stores it in `sg_sums` (one float per
// sub-group, at least get_num_sub_groups()), and the group's first work-item adds them up.
kernel void reduce_sum_f32_subgroup(global const float* in, global float* partial,
                                    local float* sg_sums) {
    float s = sub_group_reduce_add(in[get_global_id(0)]);
    if (get_sub_group_local_id() == 0)
        sg_sums[get_sub_group_id()] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        float total = 0.0f;
        for (uint i = 0; i < get_num_sub_groups(); i++)
            total += sg_sums[i];
        partial[get_group_id(0)] = total;
    }
}
