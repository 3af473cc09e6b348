// Pointers in global / local / constant / private address spaces.

__attribute__((noinline)) float sum_global(global const float* p, int n)
{ float s = 0.0f; for (int k = 0; k < n; ++k) s += p[k]; return s; }
__attribute__((noinline)) float sum_local(local const float* p, int n)
{ float s = 0.0f; for (int k = 0; k < n; ++k) s += p[k]; return s; }
__attribute__((noinline)) float sum_constant(constant float* p, int n)
{ float s = 0.0f; for (int k = 0; k < n; ++k) s += p[k]; return s; }
__attribute__((noinline)) float sum_private(private const float* p, int n)
{ float s = 0.0f; for (int k = 0; k < n; ++k) s += p[k]; return s; }

// Local tmp has L floats (L = local size). For each work-item (gid, lid, group base B):
// out[gid] = sum_{k=0..3} in[B + (lid+k)%L] * coeffs[k % ncoeff]
kernel void as_mixed(global const float* in, global float* out, constant float* coeffs,
                     uint ncoeff, local float* tmp)
{
    size_t gid = get_global_id(0), lid = get_local_id(0), L = get_local_size(0);
    tmp[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float priv[4];
    for (int k = 0; k < 4; ++k)
        priv[k] = tmp[(lid + k) % L] * coeffs[k % ncoeff];
    out[gid] = priv[0] + priv[1] + priv[2] + priv[3];
}

// Helper calls with pointers of every address space. tmp: 4*L floats.
// out[gid] = sum(in[4gid..4gid+3]) + 2*sum(same, via local copy)
//          + sum(coeffs[0..3]) + 3*sum(private copy of in[4gid..4gid+3])
// i.e. out[gid] = 6*S + C where S = in[4gid]+..+in[4gid+3], C = coeffs[0]+..+coeffs[3]
kernel void as_helpers(global const float* in, global float* out, constant float* coeffs,
                       local float* tmp)
{
    size_t gid = get_global_id(0), lid = get_local_id(0);
    float priv[4];
    for (int k = 0; k < 4; ++k) {
        tmp[4 * lid + k] = in[4 * gid + k];
        priv[k] = in[4 * gid + k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = sum_global(in + 4 * gid, 4) + 2.0f * sum_local(tmp + 4 * lid, 4)
             + sum_constant(coeffs, 4) + 3.0f * sum_private(priv, 4);
}
