// Integer builtins.

// out[18i+k] (a=a[i], b=b[i], c=c[i], all as int with wrap):
//  0 abs(a) (uint bits)        1 abs_diff(a,b) (uint bits)  2 add_sat(a,b)   3 sub_sat(a,b)
//  4 hadd(a,b) = (a+b)>>1 w/o overflow   5 rhadd(a,b) = (a+b+1)>>1 w/o overflow
//  6 clz(a)   7 popcount(a)   8 mad24(a>>8, b>>8, c)   9 mul24(a>>8, b>>8)
// 10 mul_hi(a,b) (high 32 bits of 64-bit product)   11 rotate(a, b) (left, by b mod 32)
// 12 upsample((short)a, (ushort)b) = ((int)(short)a << 16) | (ushort)b   13 min(a,b)  14 max(a,b)
// 15 mad_hi(a,b,c) = mul_hi(a,b)+c   16 mad_sat(a,b,c) (saturated a*b+c)  17 clamp(a, -100, 100)
kernel void int_builtins_i32(global const int* a, global const int* b, global const int* c,
                             global int* out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i], z = c[i];
    global int* o = out + 18 * i;
    o[0] = (int)abs(x);        o[1] = (int)abs_diff(x, y);  o[2] = add_sat(x, y);
    o[3] = sub_sat(x, y);      o[4] = hadd(x, y);           o[5] = rhadd(x, y);
    o[6] = clz(x);             o[7] = popcount(x);          o[8] = mad24(x >> 8, y >> 8, z);
    o[9] = mul24(x >> 8, y >> 8);
    o[10] = mul_hi(x, y);      o[11] = rotate(x, y);
    o[12] = upsample((short)x, (ushort)y);
    o[13] = min(x, y);         o[14] = max(x, y);           o[15] = mad_hi(x, y, z);
    o[16] = mad_sat(x, y, z);  o[17] = clamp(x, -100, 100);
}

// Unsigned versions. out[17i+k] (uint):
//  0 abs(a) = a   1 abs_diff(a,b)   2 add_sat   3 sub_sat   4 hadd   5 rhadd   6 clz(a)
//  7 popcount(a)   8 mad24(a & 0xFFFFFF, b & 0xFFFFFF, c)   9 mul24(a & 0xFFFFFF, b & 0xFFFFFF)
// 10 mul_hi(a,b)   11 rotate(a,b)   12 upsample((ushort)a, (ushort)b) = (a&0xFFFF)<<16 | (b&0xFFFF)
// 13 min   14 max   15 mad_sat(a,b,c)   16 clamp(a, 10, 1000)
kernel void int_builtins_u32(global const uint* a, global const uint* b, global const uint* c,
                             global uint* out)
{
    size_t i = get_global_id(0);
    uint x = a[i], y = b[i], z = c[i];
    global uint* o = out + 17 * i;
    o[0] = abs(x);             o[1] = abs_diff(x, y);       o[2] = add_sat(x, y);
    o[3] = sub_sat(x, y);      o[4] = hadd(x, y);           o[5] = rhadd(x, y);
    o[6] = clz(x);             o[7] = popcount(x);
    o[8] = mad24(x & 0xFFFFFFu, y & 0xFFFFFFu, z);
    o[9] = mul24(x & 0xFFFFFFu, y & 0xFFFFFFu);
    o[10] = mul_hi(x, y);      o[11] = rotate(x, y);
    o[12] = upsample((ushort)x, (ushort)y);
    o[13] = min(x, y);         o[14] = max(x, y);           o[15] = mad_sat(x, y, z);
    o[16] = clamp(x, 10u, 1000u);
}

// 8/16-bit: per element i with a8=a[i], b8=b[i] (char) and s=sa[i], t=sb[i] (short):
// o8[4i..4i+3] = [add_sat(a8,b8), sub_sat(a8,b8), (char)abs(a8) (uchar bits), add_sat((uchar)a8,(uchar)b8) bits]
// o16[4i..4i+3] = [add_sat(s,t), upsample(a8, (uchar)b8) = ((short)a8<<8)|(uchar)b8,
//                  (short)popcount(s), (short)clz(s)]
kernel void int_builtins_small(global const char* a, global const char* b,
                               global const short* sa, global const short* sb,
                               global char* o8, global short* o16)
{
    size_t i = get_global_id(0);
    char x = a[i], y = b[i];
    short s = sa[i], t = sb[i];
    o8[4 * i + 0] = add_sat(x, y);
    o8[4 * i + 1] = sub_sat(x, y);
    o8[4 * i + 2] = (char)abs(x);
    o8[4 * i + 3] = (char)add_sat((uchar)x, (uchar)y);
    o16[4 * i + 0] = add_sat(s, t);
    o16[4 * i + 1] = upsample(x, (uchar)y);
    o16[4 * i + 2] = popcount(s);
    o16[4 * i + 3] = clz(s);
}

// 64-bit: out[6i..6i+5] = [mul_hi(a,b), add_sat(a,b), upsample((int)a, (uint)b) =
//   ((long)(int)a << 32) | (uint)b, popcount(a), clz(a), rotate(a, b) (by b mod 64)]  (long bits)
kernel void int_builtins_i64(global const long* a, global const long* b, global long* out)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    global long* o = out + 6 * i;
    o[0] = mul_hi(x, y);
    o[1] = add_sat(x, y);
    o[2] = upsample((int)x, (uint)y);
    o[3] = popcount(x);
    o[4] = clz(x);
    o[5] = (long)rotate((ulong)x, (ulong)y);
}

// Plain integer operators (scalar). With x=a[i], y=b[i] (y != 0):
// out[11i+k] = [x/y (y != -1 when x == INT_MIN), x>>(y&31) (arith), (int)((uint)x>>(y&31)),
//   x<<(y&31), x&y, x|y, x^y, ~x, -x, (x<y), (int)((uint)x/(uint)y)]   (shift amount taken mod 32)
// (% lives in int_rem_ops: a div and rem of the same operands in one block make LLVM emit a
//  'freeze' instruction, which llvm-spirv 15 cannot translate.)
kernel void int_scalar_ops(global const int* a, global const int* b, global int* out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    global int* o = out + 11 * i;
    o[0] = x / y;  o[1] = x >> y;  o[2] = (int)((uint)x >> y);
    o[3] = x << y; o[4] = x & y;   o[5] = x | y;   o[6] = x ^ y;
    o[7] = ~x;     o[8] = -x;      o[9] = x < y;   o[10] = (int)((uint)x / (uint)y);
}

// Remainders: out[2i] = x % y (sign of x, C semantics; y != 0, not INT_MIN % -1),
// out[2i+1] = (int)((uint)x % (uint)y)
kernel void int_rem_ops(global const int* a, global const int* b, global int* out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    out[2 * i] = x % y;
    out[2 * i + 1] = (int)((uint)x % (uint)y);
}

// Vector integer operators on int4 (componentwise; comparisons give -1/0):
// out[3i] = (a*b + (a>>(b&31))) ^ (a<<2); out[3i+1] = a > b (-1/0);
// out[3i+2] = (a > b) ? a % 7 : b / 3   (vector ternary = componentwise select)
kernel void int4_vec_ops(global const int4* a, global const int4* b, global int4* out)
{
    size_t i = get_global_id(0);
    int4 x = a[i], y = b[i];
    int4 gt = x > y;
    out[3 * i] = (x * y + (x >> y)) ^ (x << 2);
    out[3 * i + 1] = gt;
    out[3 * i + 2] = gt ? x % 7 : y / 3;
}
