// Matrix multiply, row-major: A is MxK, B is KxN, C is MxN.
// 2-D NDRange: dim 0 = column (n), dim 1 = row (m).

// C[r*N + c] = sum_{k<K} A[r*K + k] * B[k*N + c]   for r < M, c < N (any global size >= N x M)
kernel void matmul_naive(global const float* A, global const float* B, global float* C,
                         int M, int N, int K)
{
    int c = get_global_id(0), r = get_global_id(1);
    if (r >= M || c >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[r * K + k] * B[k * N + c];
    C[r * N + c] = acc;
}

#define TILE 16

// Same result as matmul_naive, using 16x16 __local tiles. Requires local size 16x16 and
// global size = (N, M) rounded up to multiples of 16; any M, N, K (edges zero-padded).
__attribute__((reqd_work_group_size(TILE, TILE, 1)))
kernel void matmul_tiled(global const float* A, global const float* B, global float* C,
                         int M, int N, int K)
{
    local float As[TILE][TILE];
    local float Bs[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int c = get_group_id(0) * TILE + tx, r = get_group_id(1) * TILE + ty;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ka = t * TILE + tx, kb = t * TILE + ty;
        As[ty][tx] = (r < M && ka < K) ? A[r * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && c < N) ? B[kb * N + c] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (r < M && c < N) C[r * N + c] = acc;
}

// 2-D 5-point stencil with clamp-to-edge: out[y*w+x] = (4*v(x,y) + v(x-1,y) + v(x+1,y)
//   + v(x,y-1) + v(x,y+1)) / 8 where v(i,j) = in[clamp(j,0,h-1)*w + clamp(i,0,w-1)];
// global size exactly (w, h)
kernel void stencil5_2d(global const float* in, global float* out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    #define V(i, j) in[clamp((j), 0, h - 1) * w + clamp((i), 0, w - 1)]
    out[y * w + x] = (4.0f * V(x, y) + V(x - 1, y) + V(x + 1, y) + V(x, y - 1) + V(x, y + 1)) * 0.125f;
    #undef V
}

// Mandelbrot iteration counts; 2-D, global size exactly (width, height).
// cx = -2 + 3*x/width, cy = -1.5 + 3*y/height; z = 0; iterate z = z^2 + c while |z|^2 <= 4,
// at most max_iter times; out[y*width + x] = iterations done
#pragma OPENCL FP_CONTRACT OFF
kernel void mandelbrot(global uint* out, int width, int height, int max_iter)
{
    int x = get_global_id(0), y = get_global_id(1);
    float cx = -2.0f + 3.0f * (float)x / (float)width;
    float cy = -1.5f + 3.0f * (float)y / (float)height;
    float zx = 0.0f, zy = 0.0f;
    int it = 0;
    while (it < max_iter && zx * zx + zy * zy <= 4.0f) {
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
        ++it;
    }
    out[y * width + x] = (uint)it;
}
