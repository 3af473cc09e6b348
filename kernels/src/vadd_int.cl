// Element-wise add for every integer type. char/short add through int
// promotion and truncate back (wrap-around); int/long wrap modulo 2^N.
#define VADD(T)                                                        \
kernel void vadd_##T(global const T* a, global const T* b, global T* c) \
{                                                                      \
    size_t i = get_global_id(0);                                       \
    c[i] = (T)(a[i] + b[i]);                                           \
}

VADD(char)
VADD(uchar)
VADD(short)
VADD(ushort)
VADD(int)
VADD(uint)
VADD(long)
VADD(ulong)
