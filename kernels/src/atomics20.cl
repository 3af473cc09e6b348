// cl-std: CL2.0
// C11-style atomics on atomic_int / atomic_uint.

// c[0] = c0 + sum(v) (relaxed, device scope); c[1] = c1 - sum(v) (acq_rel);
// c[2] = min(c2, min v); c[3] = max(c3, max v); c[4] = c4 & AND ~(1<<(i%32));
// c[5] = c5 | OR (1<<(i%32)); c[6] = c6 ^ XOR v; c[7] = c7 + sum(v) (strong CAS loop);
// c[8] = c8 + sum(v) (weak CAS loop); c[9] = c9 + G (seq_cst atomic_fetch_add);
// olds[i] = initial slots[i], slots[i] = v[i] (atomic_exchange);
// u[0] = u0 + G (uint); u[1] = some v[i] (atomic_store), loads[i] = atomic_load(&c[10]) = c10
kernel void atomics_c11(global atomic_int* c, global atomic_uint* u, global atomic_int* slots,
                        global int* olds, global int* loads, global const int* v)
{
    size_t i = get_global_id(0);
    int x = v[i];
    atomic_fetch_add_explicit(&c[0], x, memory_order_relaxed, memory_scope_device);
    atomic_fetch_sub_explicit(&c[1], x, memory_order_acq_rel, memory_scope_device);
    atomic_fetch_min_explicit(&c[2], x, memory_order_relaxed, memory_scope_device);
    atomic_fetch_max_explicit(&c[3], x, memory_order_relaxed, memory_scope_device);
    atomic_fetch_and_explicit(&c[4], ~(1 << (i % 32)), memory_order_release, memory_scope_device);
    atomic_fetch_or_explicit(&c[5], 1 << (i % 32), memory_order_acquire, memory_scope_device);
    atomic_fetch_xor_explicit(&c[6], x, memory_order_seq_cst, memory_scope_device);
    int expected = atomic_load_explicit(&c[7], memory_order_relaxed, memory_scope_device);
    while (!atomic_compare_exchange_strong_explicit(&c[7], &expected, expected + x,
               memory_order_acq_rel, memory_order_relaxed, memory_scope_device))
        ;
    int e2 = atomic_load(&c[8]);
    while (!atomic_compare_exchange_weak(&c[8], &e2, e2 + x))
        ;
    atomic_fetch_add(&c[9], 1);
    olds[i] = atomic_exchange(&slots[i], x);
    atomic_fetch_add_explicit(&u[0], 1u, memory_order_relaxed, memory_scope_device);
    atomic_store_explicit(&u[1], (uint)x, memory_order_release, memory_scope_device);
    loads[i] = atomic_load_explicit(&c[10], memory_order_acquire, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
}

// Work-group scope atomics on a kernel-scope local atomic_int, then a device-scope merge.
// Per group g: out[2g] = number of items in the group (L), out[2g+1] = sum of v over the group;
// total[0] += sum(v) over all items
kernel void atomics_c11_local(global const int* v, global int* out, global atomic_int* total)
{
    local atomic_int cnt;
    local atomic_int sum;
    if (get_local_id(0) == 0) {
        atomic_init(&cnt, 0);
        atomic_store_explicit(&sum, 0, memory_order_relaxed, memory_scope_work_group);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int x = v[get_global_id(0)];
    atomic_fetch_add_explicit(&cnt, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_add_explicit(&sum, x, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        int s = atomic_load_explicit(&sum, memory_order_relaxed, memory_scope_work_group);
        out[2 * get_group_id(0)] = atomic_load_explicit(&cnt, memory_order_relaxed, memory_scope_work_group);
        out[2 * get_group_id(0) + 1] = s;
        atomic_fetch_add_explicit(total, s, memory_order_relaxed, memory_scope_device);
    }
}

// atomic_flag: exactly one work-item per launch wins the flag (flag must start clear).
// winners[0] == 1 after the launch; won[i] = 1 for the single winner, 0 for others.
// The winner clears nothing: flag stays set.
kernel void atomics_c11_flag(global atomic_flag* flag, global atomic_int* winners, global int* won)
{
    size_t i = get_global_id(0);
    bool was_set = atomic_flag_test_and_set_explicit(flag, memory_order_acq_rel, memory_scope_device);
    won[i] = was_set ? 0 : 1;
    if (!was_set) atomic_fetch_add(winners, 1);
}

// Clears the flag (single work-item launch suffices): *flag = clear
kernel void atomics_c11_flag_clear(global atomic_flag* flag)
{
    if (get_global_id(0) == 0) atomic_flag_clear_explicit(flag, memory_order_release, memory_scope_device);
}
