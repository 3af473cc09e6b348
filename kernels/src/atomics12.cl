// All OpenCL 1.2 atomic functions on int and uint, global and local memory.
// G = global size, v = vals. Each work-item i touches every counter once.

#define ATOMICS_BODY(T)                                                     \
    size_t i = get_global_id(0);                                            \
    T x = v[i];                                                             \
    atomic_add(&c[0], x);                                                   \
    atomic_sub(&c[1], x);                                                   \
    atomic_inc(&c[2]);                                                      \
    atomic_dec(&c[3]);                                                      \
    atomic_min(&c[4], x);                                                   \
    atomic_max(&c[5], x);                                                   \
    atomic_and(&c[6], (T)~(1u << (i % 32)));                                \
    atomic_or(&c[7], (T)(1u << (i % 32)));                                  \
    atomic_xor(&c[8], x);                                                   \
    {   /* add via compare-exchange loop */                                 \
        T old = c[9], seen;                                                 \
        while ((seen = atomic_cmpxchg(&c[9], old, old + x)) != old) old = seen; \
    }                                                                       \
    atomic_xchg(&c[10], x);                                                 \
    olds[i] = atomic_xchg(&slots[i], x);

// c[0] = c0 + sum(v); c[1] = c1 - sum(v); c[2] = c2 + G; c[3] = c3 - G;
// c[4] = min(c4, min v); c[5] = max(c5, max v) (signed); c[6] = c6 & AND_i ~(1<<(i%32));
// c[7] = c7 | OR_i (1<<(i%32)); c[8] = c8 ^ XOR_i v[i]; c[9] = c9 + sum(v);
// c[10] = some v[i]; olds[i] = initial slots[i]; slots[i] = v[i]   (all wrapping)
kernel void atomics_int_all(global int* c, global int* slots, global int* olds, global const int* v)
{
    ATOMICS_BODY(int)
}

// Same formulas as atomics_int_all with unsigned min/max.
kernel void atomics_uint_all(global uint* c, global uint* slots, global uint* olds, global const uint* v)
{
    ATOMICS_BODY(uint)
}

// Local-memory atomics. Per work-group g with local items l (values x = v[gid]):
// out[11g+0] = sum x; +1 = -sum x; +2 = L; +3 = -L; +4 = min(0, min x); +5 = max(0, max x);
// +6 = 0xFFFFFFFF & AND ~(1<<(lid%32)) as int; +7 = OR (1<<(lid%32)); +8 = XOR x;
// +9 = sum x (cmpxchg loop); +10 = some x of the group
kernel void atomics_local_int(global const int* v, global int* out)
{
    local int c[11];
    uint lid = get_local_id(0);
    if (lid == 0) {
        for (int k = 0; k < 11; ++k) c[k] = 0;
        c[6] = -1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = v[get_global_id(0)];
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    atomic_inc(&c[2]);
    atomic_dec(&c[3]);
    atomic_min(&c[4], x);
    atomic_max(&c[5], x);
    atomic_and(&c[6], ~(1 << (lid % 32)));
    atomic_or(&c[7], 1 << (lid % 32));
    atomic_xor(&c[8], x);
    int old = c[9], seen;
    while ((seen = atomic_cmpxchg(&c[9], old, old + x)) != old) old = seen;
    atomic_xchg(&c[10], x);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 11) out[11 * get_group_id(0) + lid] = c[lid];
}
