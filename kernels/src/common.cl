// Common builtins.

// out[8i+k] = [clamp(x,-0.5,0.5), mix(x,y,a) = x+(y-x)*a, step(y,x) (x<y ? 0 : 1),
// smoothstep(-1,1,x), sign(x), degrees(x), radians(x), clamp(x, y, y+1)]
kernel void common_f32(global const float* x, global const float* y, global const float* a,
                       global float* out)
{
    size_t i = get_global_id(0);
    float u = x[i], w = y[i], t = a[i];
    global float* o = out + 8 * i;
    o[0] = clamp(u, -0.5f, 0.5f);
    o[1] = mix(u, w, t);
    o[2] = step(w, u);
    o[3] = smoothstep(-1.0f, 1.0f, u);
    o[4] = sign(u);
    o[5] = degrees(u);
    o[6] = radians(u);
    o[7] = clamp(u, w, w + 1.0f);
}

// Vector forms with scalar edges: out[2i] = clamp(x, 0, 1) + mix(x, y, 0.25)
// + smoothstep(0, 1, x); out[2i+1] = step(0.5, x) + max(x, y) - min(x, 0.25)  (float4)
kernel void common_f4(global const float4* x, global const float4* y, global float4* out)
{
    size_t i = get_global_id(0);
    float4 u = x[i], w = y[i];
    out[2 * i] = clamp(u, 0.0f, 1.0f) + mix(u, w, 0.25f) + smoothstep(0.0f, 1.0f, u);
    out[2 * i + 1] = step(0.5f, u) + max(u, w) - min(u, 0.25f);
}
