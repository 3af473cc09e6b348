// Structs: by value as kernel arguments, and arrays of structs in global memory.

typedef struct { float scale; int offset; float bias; } params_t;          // 12 bytes

// Host layout: int4 v @0, char c @16, long l @24; size 32, align 16
typedef struct { int4 v; char c; long l; } mixed_t;

// 24 bytes, no padding
typedef struct { float px, py; float vx, vy; int id; uint flags; } particle_t;

// out[i] = in[i] * p.scale + (float)p.offset + p.bias
kernel void struct_by_value(global const float* in, global float* out, params_t p)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * p.scale + (float)p.offset + p.bias;
}

// out[i] = (long)in[i] * m.v.x + m.v.y + m.v.z + m.v.w + m.c + m.l
kernel void struct_mixed_by_value(global const int* in, global long* out, mixed_t m)
{
    size_t i = get_global_id(0);
    out[i] = (long)in[i] * m.v.x + m.v.y + m.v.z + m.v.w + m.c + m.l;
}

// p.px += p.vx*dt; p.py += p.vy*dt; if p.px < 0: px = -px, vx = -vx, flags |= 1;
// if p.py < 0: py = -py, vy = -vy, flags |= 2.  id unchanged.
kernel void aos_update(global particle_t* ps, float dt)
{
    size_t i = get_global_id(0);
    particle_t p = ps[i];
    p.px += p.vx * dt;
    p.py += p.vy * dt;
    if (p.px < 0.0f) { p.px = -p.px; p.vx = -p.vx; p.flags |= 1u; }
    if (p.py < 0.0f) { p.py = -p.py; p.vy = -p.vy; p.flags |= 2u; }
    ps[i] = p;
}

// ids[i] = ps[i].id; speed2[i] = vx*vx + vy*vy (field access through global pointer)
kernel void aos_gather(global const particle_t* ps, global int* ids, global float* speed2)
{
    size_t i = get_global_id(0);
    global const particle_t* p = &ps[i];
    ids[i] = p->id;
    speed2[i] = p->vx * p->vx + p->vy * p->vy;
}

// A neighbour list: an array member between scalars. int x @0, int arr[5] @4, int nn @24;
// 28 bytes, align 4.
typedef struct { int x; int arr[5]; int nn; } nlist_t;

// A tree node: float key @0, int child[2] @4, double w @16; 24 bytes, align 8.
typedef struct { float key; int child[2]; double w; } node_t;

// out[i] = p[i].nn * 1000 + p[i].x + sum_k (k + 1) * p[i].arr[k]
kernel void struct_array_member(global const nlist_t* p, global int* out)
{
    size_t i = get_global_id(0);
    int s = p[i].nn * 1000 + p[i].x;
    for (int k = 0; k < 5; k++)
        s += (k + 1) * p[i].arr[k];
    out[i] = s;
}

// p[i].arr[i % 5] = i; p[i].nn = p[i].x + 1 (every other field unchanged)
kernel void struct_array_member_write(global nlist_t* p)
{
    size_t i = get_global_id(0);
    p[i].arr[i % 5] = (int)i;
    p[i].nn = p[i].x + 1;
}

// out[i] = n[i].w * n[i].key + n[i].child[0] - n[i].child[1]  (by value copy of the node)
kernel void struct_array_member_node(global const node_t* n, global double* out)
{
    size_t i = get_global_id(0);
    node_t v = n[i];
    out[i] = v.w * (double)v.key + (double)(v.child[0] - v.child[1]);
}

// A body: float pos[3] @0, float m @12; 16 bytes, align 4.
typedef struct { float pos[3]; float m; } body_t;

// For i < n, with b = bs[i] before: moments[i] = b.m * (b.pos[0] + 10*b.pos[1] + 100*b.pos[2]);
// bs[i].pos[k] = b.pos[k] + dt * b.m * (k + 1) for k < 3; bs[i].m = 2 * b.m.
kernel void body_step(global body_t* bs, global float* moments, float dt, uint n)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
    body_t b = bs[i];
    moments[i] = b.m * (b.pos[0] + 10.0f * b.pos[1] + 100.0f * b.pos[2]);
    for (int k = 0; k < 3; k++)
        bs[i].pos[k] = b.pos[k] + dt * b.m * (float)(k + 1);
    bs[i].m = 2.0f * b.m;
}
