// Program-scope __constant tables (OpenCL 1.2).

constant float k_table[16] = {
    0.0f, 1.0f, 2.5f, -3.0f, 4.25f, 5.0f, -6.5f, 7.0f,
    8.0f, -9.75f, 10.0f, 11.5f, 12.0f, -13.0f, 14.0f, 15.125f
};

typedef struct { int key; float weight; } kv_t;
constant kv_t k_pairs[4] = { { 3, 0.5f }, { -7, 2.0f }, { 11, -1.0f }, { 0, 4.0f } };

// out[i] = k_table[idx & 15] * 2 + k_table[(idx >> 4) & 15]   (idx = idx[i])
kernel void const_table_lookup(global const uint* idx, global float* out)
{
    size_t i = get_global_id(0);
    uint v = idx[i];
    out[i] = k_table[v & 15u] * 2.0f + k_table[(v >> 4) & 15u];
}

// Constant array of structs: with p = k_pairs[sel[i] & 3] (pairs listed above),
// keys[i] = p.key + (int)i ; w[i] = p.weight * x[i]
kernel void const_struct_table(global const uint* sel, global const float* x,
                               global int* keys, global float* w)
{
    size_t i = get_global_id(0);
    kv_t p = k_pairs[sel[i] & 3u];
    keys[i] = p.key + (int)i;
    w[i] = p.weight * x[i];
}
