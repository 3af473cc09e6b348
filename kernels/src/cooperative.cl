// Groups that wait on each other, as cooperative launches allow: each group arrives at a
// counter, then waits until every group has. Run where not all groups are resident at once,
// the launch never finishes.
// counter = 0 before the launch; out[gid] = the number of groups afterwards.

kernel void grid_arrive_wait(volatile global int *counter, global int *out) {
    if (get_local_id(0) == 0) {
        atomic_inc(counter);
        while (atomic_add(counter, 0) < (int)get_num_groups(0)) {
        }
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = atomic_add(counter, 0);
}
