// cl-std: CL2.0
// The bench's (benches/kernels.rs) reduction and scan written with the OpenCL C 2.0
// work-group collectives (the sub-group one is subgroup_reduce.cl: a platform without
// cl_khr_subgroups builds these). Every kernel is 1-D; a work-group covers one block of
// get_local_size(0) elements (the whole input: n is a multiple of it).

// partial[g] = sum of the group's block (work_group_reduce_add).
kernel void reduce_sum_f32_workgroup(global const float* in, global float* partial) {
    float s = work_group_reduce_add(in[get_global_id(0)]);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = s;
}

// out[i] = in[first of i's block] + ... + in[i] (work_group_scan_inclusive_add).
kernel void scan_inclusive_u32_workgroup(global const uint* in, global uint* out) {
    size_t i = get_global_id(0);
    out[i] = work_group_scan_inclusive_add(in[i]);
}
