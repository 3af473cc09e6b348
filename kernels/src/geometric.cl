// Geometric builtins.

// f[3i..3i+2] = [dot(a,b), length(a), distance(a,b)];  v[2i] = normalize(a);
// v[2i+1] = cross(a,b) (float4 cross: xyz cross product, w = 0)   (a != 0)
kernel void geometric_f4(global const float4* a, global const float4* b, global float* f,
                         global float4* v)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    f[3 * i + 0] = dot(x, y);
    f[3 * i + 1] = length(x);
    f[3 * i + 2] = distance(x, y);
    v[2 * i] = normalize(x);
    v[2 * i + 1] = cross(x, y);
}

// Packed float3 (3 floats per element) via vload3. out[11i..11i+10] =
// [cross(a,b).xyz, normalize(a).xyz, dot(a,b), fast_length(a), fast_distance(a,b),
//  length(a.xy) (float2), dot(a.x, b.x) (scalar)]
kernel void geometric_f3(global const float* a, global const float* b, global float* out)
{
    size_t i = get_global_id(0);
    float3 x = vload3(i, a), y = vload3(i, b);
    global float* o = out + 11 * i;
    vstore3(cross(x, y), 0, o);
    vstore3(normalize(x), 1, o);
    o[6] = dot(x, y);
    o[7] = fast_length(x);
    o[8] = fast_distance(x, y);
    o[9] = length(x.xy);
    o[10] = dot(x.x, y.x);
}
