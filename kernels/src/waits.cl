// Kernels that wait for the host: they spin until a flag in memory is set (a pattern of
// persistent kernels). Launched with a flag nobody sets, they never finish: the tests of the
// executor's cancellation and of the driver's watchdog use them.

// Every work-item spins until *flag != 0, then writes 1 to out[gid].
kernel void wait_flag(global volatile uint *flag, global uint *out) {
    while (*flag == 0) {
    }
    out[get_global_id(0)] = 1;
}

// The same with a barrier in the loop: the group spins region by region.
kernel void wait_flag_barrier(global volatile uint *flag, local uint *seen, global uint *out) {
    uint lid = get_local_id(0);
    uint set;
    do {
        seen[lid] = *flag;
        barrier(CLK_LOCAL_MEM_FENCE);
        set = seen[0];
        barrier(CLK_LOCAL_MEM_FENCE);
    } while (set == 0);
    out[get_global_id(0)] = set;
}
