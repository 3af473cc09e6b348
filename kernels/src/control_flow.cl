// Loops with early exit, switch statements, non-inlined call chains.

// One work-item per row: out[r] = smallest j with rows[r*row_len + j] > threshold, else -1
kernel void find_first_greater(global const float* rows, global int* out, int row_len, float threshold)
{
    size_t r = get_global_id(0);
    int found = -1;
    for (int j = 0; j < row_len; ++j) {
        if (rows[r * row_len + j] > threshold) { found = j; break; }
    }
    out[r] = found;
}

// out[i] = op 0: a+b, 1: a-b, 2: a*b, 3: a/b, 4: fmin(a,b), 5: fmax(a,b), 7: -a,
//          anything else (incl. 6): 0
kernel void switch_ops(global const int* op, global const float* a, global const float* b,
                       global float* out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i], r;
    switch (op[i]) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; break;
    case 4: r = fmin(x, y); break;
    case 5: r = fmax(x, y); break;
    case 7: r = -x; break;
    default: r = 0.0f; break;
    }
    out[i] = r;
}

// Switch with fall-through on s = sel[i] (a separate input so that LLVM cannot narrow the
// switch condition to an odd-width integer), x = in[i]:
//   s==0: r = 2x + (x+3) = 3x+3 ; s==1: r = x+3 ; s==2: r = x ^ 0x55 ; s==3 or 4: r = x << 1 ;
//   s==5: r = -100 + x - 7 = x - 107 ; s==6: r = x - 7 ; s==40: r = x * x ; other: r = -1
kernel void switch_fallthrough(global const int* sel, global const int* in, global int* out)
{
    size_t i = get_global_id(0);
    int x = in[i], r = 0;
    switch (sel[i]) {
    case 0: r += 2 * x;           /* fall through */
    case 1: r += x + 3; break;
    case 2: r = x ^ 0x55; break;
    case 3:
    case 4: r = x << 1; break;
    case 5: r -= 100;             /* fall through */
    case 6: r += x - 7; break;
    case 40: r = x * x; break;
    default: r = -1; break;
    }
    out[i] = r;
}

// Collatz steps with a cap: n = in[i]; steps = 0;
// while (n > 1 && steps < max_steps) { n = n odd ? 3n+1 (uint wrap) : n/2; steps++ }; out[i] = steps
kernel void collatz_steps(global const uint* in, global uint* out, uint max_steps)
{
    size_t i = get_global_id(0);
    uint n = in[i], steps = 0;
    while (n > 1u) {
        if (steps >= max_steps) break;
        n = (n & 1u) ? 3u * n + 1u : n >> 1;
        ++steps;
    }
    out[i] = steps;
}

// out[i] = #{ (j,k) in [0,m)^2 : j <= k and (j*k + i) % 3 == 0 }   (nested loops)
// (Written as while/do-while: the equivalent nested for-loops make LLVM -O2 place the outer
//  latch block before the inner loop; llvm-spirv 15 keeps that order and spirv-val rejects a
//  block that appears before its dominator.)
kernel void nested_loops_count(global int* out, int m)
{
    int i = (int)get_global_id(0);
    int count = 0;
    int j = 0;
    while (j < m) {
        int k = j;
        do {
            if ((j * k + i) % 3 == 0) ++count;
            ++k;
        } while (k < m);
        ++j;
    }
    out[i] = count;
}

// ---- non-inlined call chain (no recursion) ----
__attribute__((noinline)) float cc_square(float x) { return x * x; }
__attribute__((noinline)) float cc_plus_one(float x) { return cc_square(x) + 1.0f; }
__attribute__((noinline)) float cc_root(float x) { return sqrt(cc_plus_one(x)); }
__attribute__((noinline)) void cc_minmax(float a, float b, float* lo, float* hi)
{
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
}

// out[2i] = min(sqrt(x*x+1), y), out[2i+1] = max(sqrt(x*x+1), y)  with x = in[2i], y = in[2i+1]
kernel void call_chain(global const float* in, global float* out)
{
    size_t i = get_global_id(0);
    float lo, hi;
    cc_minmax(cc_root(in[2 * i]), in[2 * i + 1], &lo, &hi);
    out[2 * i] = lo;
    out[2 * i + 1] = hi;
}

typedef struct { float sum; float mn; float mx; int count_pos; } stats_t;

// Returns a struct by value (sret pointer in SPIR-V).
// (Accumulates in scalars: storing into the sret struct inside the loop made LLVM place the
//  loop-exit block before the loop header, which llvm-spirv 15 emits verbatim and spirv-val
//  rejects as a use before its definition.)
__attribute__((noinline)) stats_t row_stats(global const float* p, int n)
{
    float sum = 0.0f, mn = INFINITY, mx = -INFINITY;
    int pos = 0;
    for (int k = 0; k < n; ++k) {
        float v = p[k];
        sum += v;
        mn = fmin(mn, v);
        mx = fmax(mx, v);
        pos += v > 0.0f;
    }
    stats_t s;
    s.sum = sum; s.mn = mn; s.mx = mx; s.count_pos = pos;
    return s;
}

// Per row r (row_len elements): out[4r..4r+3] = (sum, min, max, (float)count of v > 0)
kernel void stats_rows(global const float* rows, global float* out, int row_len)
{
    size_t r = get_global_id(0);
    stats_t s = row_stats(rows + r * row_len, row_len);
    out[4 * r + 0] = s.sum;
    out[4 * r + 1] = s.mn;
    out[4 * r + 2] = s.mx;
    out[4 * r + 3] = (float)s.count_pos;
}

// A loop whose trip count differs between work-items, with stores before it and in it (a pack
// splits where its work-items first disagree, each running the rest of the loop alone): k from
// in[i] & 7 below limit by 3, v = in[i ^ (k & 1)] (n even); acc = in[i], then (acc >> 1) + v for
// odd k, else (acc * 3 + v) & 0xffff. out[2i] = acc at the end (-1 while the loop runs);
// out[2i + 1] = scale times the last k (-1 if none).
kernel void uneven_loop(global const int* in, global int* out, int scale, int limit)
{
    size_t i = get_global_id(0);
    out[2 * i] = -1;
    out[2 * i + 1] = -1;
    int acc = in[i];
    for (int k = in[i] & 7; k < limit; k += 3) {
        int v = in[i ^ (size_t)(k & 1)];
        acc = (k & 1) ? (acc >> 1) + v : (acc * 3 + v) & 0xffff;
        out[2 * i + 1] = k * scale;
    }
    out[2 * i] = acc;
}
