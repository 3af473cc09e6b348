// spirv-val-env: spv1.0  (spirv-val rejects Int64Atomics in every opencl* env)
// 64-bit atomics (cl_khr_int64_base_atomics, cl_khr_int64_extended_atomics).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// c[0] = c0 + sum(v); c[1] = c1 - sum(v); c[2] = c2 + G; c[3] = c3 - G; c[4] = c4 + sum(v)
// (cmpxchg loop); olds[i] = initial slots[i], slots[i] = v[i]   (64-bit wrapping)
kernel void atomics_long_base(global long* c, global long* slots, global long* olds,
                              global const long* v)
{
    size_t i = get_global_id(0);
    long x = v[i];
    atom_add(&c[0], x);
    atom_sub(&c[1], x);
    atom_inc(&c[2]);
    atom_dec(&c[3]);
    long old = c[4], seen;
    while ((seen = atom_cmpxchg(&c[4], old, old + x)) != old) old = seen;
    olds[i] = atom_xchg(&slots[i], x);
}

// c[0] = min(c0, min v); c[1] = max(c1, max v) (unsigned); c[2] = c2 & AND_i ~(1<<(i%64));
// c[3] = c3 | OR_i (1<<(i%64)); c[4] = c4 ^ XOR_i v[i]; c[5] = c5 + sum(v) (ulong)
kernel void atomics_ulong_ext(global ulong* c, global const ulong* v)
{
    size_t i = get_global_id(0);
    ulong x = v[i];
    atom_min(&c[0], x);
    atom_max(&c[1], x);
    atom_and(&c[2], ~(1ul << (i % 64)));
    atom_or(&c[3], 1ul << (i % 64));
    atom_xor(&c[4], x);
    atom_add(&c[5], x);
}

// Signed 64-bit min/max: c[0] = min(c0, min v), c[1] = max(c1, max v)
kernel void atomics_long_minmax(global long* c, global const long* v)
{
    long x = v[get_global_id(0)];
    atom_min(&c[0], x);
    atom_max(&c[1], x);
}
