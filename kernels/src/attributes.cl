// Kernel attributes that reach zeKernelGetSourceAttributes and zeKernelGetProperties.

__attribute__((work_group_size_hint(8, 4, 1)))
kernel void hinted(global int* out)
{
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int)get_local_size(0);
}

__attribute__((reqd_work_group_size(4, 2, 1)))
__attribute__((work_group_size_hint(4, 2, 1)))
kernel void required_and_hinted(global int* out)
{
    out[get_global_id(0)] = (int)get_local_size(1);
}
