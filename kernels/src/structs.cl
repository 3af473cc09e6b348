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
