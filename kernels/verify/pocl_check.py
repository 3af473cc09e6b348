#!/usr/bin/python3
"""Cross-checks the host reference formulas documented in kernels/README.md by running the
OpenCL C sources on PoCL (CPU OpenCL) and comparing with numpy references.

Optional tooling (not needed by the Rust tests):
    apt-get install -y pocl-opencl-icd python3-pyopencl python3-numpy
    /usr/bin/python3 kernels/verify/pocl_check.py [name-filter]

Kernels that PoCL 3.1 cannot build (cl_khr_fp16) are reported as SKIP.
Each check prints "ok", "FAIL" or "SKIP"; the script exits non-zero on any FAIL.
"""
import math
import pathlib
import sys
import traceback

import numpy as np
import pyopencl as cl

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"
rng = np.random.default_rng(1234)

ctx = cl.Context(devices=[cl.get_platforms()[0].get_devices()[0]])
queue = cl.CommandQueue(ctx)
_progs = {}
mf = cl.mem_flags


class Raw:
    """A by-value argument given as raw bytes (structs)."""
    def __init__(self, b):
        self.b = bytes(b)


def program(fname):
    if fname not in _progs:
        text = (SRC / fname).read_text()
        std = "CL2.0" if text.startswith("// cl-std: CL2.0") else "CL1.2"
        _progs[fname] = cl.Program(ctx, text).build(options=[f"-cl-std={std}"])
    return _progs[fname]


def run(fname, kname, gsize, lsize, *args, offset=None):
    """numpy arrays become read-write buffers and are updated in place after the launch."""
    k = getattr(program(fname), kname)
    bufs = []
    for idx, a in enumerate(args):
        if isinstance(a, np.ndarray):
            b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
            bufs.append((b, a))
            k.set_arg(idx, b)
        elif isinstance(a, Raw):
            k.set_arg(idx, np.frombuffer(a.b, dtype=np.uint8))
        else:
            k.set_arg(idx, a)
    cl.enqueue_nd_range_kernel(queue, k, gsize, lsize, global_work_offset=offset)
    for b, a in bufs:
        cl.enqueue_copy(queue, a, b)
    queue.finish()


def close(got, want, rtol=1e-5, atol=1e-6):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    ok = np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    if not ok:
        bad = np.argwhere(~np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True))[:5]
        raise AssertionError(f"mismatch at {bad.ravel().tolist()}: got {got.ravel()[bad.ravel()]}"
                             f" want {want.ravel()[bad.ravel()]}")


def eq(got, want):
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape or not np.array_equal(got, want):
        bad = np.argwhere(got.ravel() != want.ravel())[:5].ravel()
        raise AssertionError(f"mismatch at {bad.tolist()}: got {got.ravel()[bad]} want {want.ravel()[bad]}")


def f32(n, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, n).astype(np.float32)


def i32(n, lo=-1000, hi=1000, dt=np.int32):
    return rng.integers(lo, hi, n, endpoint=True).astype(dt)


CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


M32 = 0xFFFFFFFF
w32 = lambda v: np.array(v, dtype=np.int64).astype(np.int32)    # wrap to int32

# ---------------------------------------------------------------- saxpy / vadd
@check
def saxpy():
    x, y = f32(1000), f32(1000)
    want = np.float32(2.5) * x + y
    run("saxpy.cl", "saxpy", (1000,), None, np.float32(2.5), x, y)
    close(y, want)


@check
def vadd_all():
    for t in ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"]:
        dt = {"char": np.int8, "uchar": np.uint8, "short": np.int16, "ushort": np.uint16,
              "int": np.int32, "uint": np.uint32, "long": np.int64, "ulong": np.uint64}[t]
        info = np.iinfo(dt)
        a = rng.integers(info.min, info.max, 300, endpoint=True, dtype=dt)
        b = rng.integers(info.min, info.max, 300, endpoint=True, dtype=dt)
        c = np.zeros_like(a)
        run("vadd_int.cl", f"vadd_{t}", (300,), None, a, b, c)
        with np.errstate(over="ignore"):
            eq(c, (a + b).astype(dt))


# ---------------------------------------------------------------- half (needs cl_khr_fp16)
@check
def half_kernels():
    n = 64
    h = f32(n, -4, 4).astype(np.float16); o = np.zeros_like(h)
    run("half.cl", "half_scale", (n,), None, h, o, np.float16(1.5))
    close(o, h * np.float16(1.5) + np.float16(1), rtol=2e-3, atol=2e-3)
    a, b, c = (f32(n, -4, 4).astype(np.float16) for _ in range(3)); o = np.zeros_like(a)
    run("half.cl", "half_mul_sub", (n,), None, a, b, c, o)
    close(o, a.astype(np.float32) * b - c, rtol=2e-3, atol=4e-3)
    f = np.zeros(n, np.float32); back = np.zeros_like(h)
    run("half.cl", "half_convert", (n,), None, h, f, back)
    eq(f, h.astype(np.float32)); eq(back, (h.astype(np.float32) * 0.5).astype(np.float16))
    v = f32((n, 4), -4, 4).astype(np.float16); o = np.zeros_like(v)
    run("half.cl", "half_vec4_math", (n,), None, v, o)
    close(o, np.sqrt(np.abs(v.astype(np.float32))) + v[:, ::-1].astype(np.float32) * 2, rtol=2e-3, atol=4e-3)


# ---------------------------------------------------------------- double
@check
def dbl_kernels():
    x, y = rng.uniform(-2, 2, 256), rng.uniform(-2, 2, 256)
    want = 1.5 * x + y
    run("double.cl", "dbl_axpy", (256,), None, np.float64(1.5), x, y)
    close(y, want, rtol=1e-12)
    out, lo = np.zeros(256), np.zeros(256, np.int64)
    run("double.cl", "dbl_math", (256,), None, x, out, lo)
    close(out, np.sqrt(np.abs(x)) + np.exp(-x * x) + x.astype(np.float32).astype(np.float64) - np.floor(x), rtol=1e-12)
    eq(lo, np.trunc(x * 1000.0).astype(np.int64))
    a, b = rng.uniform(-2, 2, (64, 4)), rng.uniform(-2, 2, (64, 4))
    d = np.zeros(64)
    run("double.cl", "dbl_dot4", (64,), None, a, b, d)
    close(d, (a * b).sum(1), rtol=1e-12)


# ---------------------------------------------------------------- float vectors
@check
def float_vectors():
    n = 64
    a, b = f32((n, 2)), f32((n, 2))
    o = np.zeros_like(a)
    run("float_vec.cl", "vec_f2_arith", (n,), None, a, b, o)
    close(o, a * b + a[:, ::-1] - b * 0.5)
    a, b = f32((n, 3)), f32((n, 3))
    o = np.zeros_like(a)
    run("float_vec.cl", "vec_f3_arith", (n,), None, a, b, o)
    r = a[:, [2, 0, 1]] * b + np.array([1, 2, 3], np.float32)
    r[:, 0] -= a[:, 1]
    close(o, r)
    v = f32((n, 4))
    o = np.zeros_like(v)
    run("float_vec.cl", "vec_f4_swizzle", (n,), None, v, o)
    r = np.empty_like(v)
    r[:, [0, 2]] = v[:, [1, 3]]
    r[:, [1, 3]] = v[:, [0, 2]] * 2
    close(o, r + v[:, ::-1])
    a, b = f32((n, 8)), f32((n, 8))
    o = np.zeros_like(a)
    run("float_vec.cl", "vec_f8_arith", (n,), None, a, b, o)
    close(o, np.concatenate([a[:, 4:] * b[:, :4], a[:, 0::2] + b[:, 1::2]], 1))
    a, b = f32((n, 16)), f32((n, 16))
    o = np.zeros_like(a)
    run("float_vec.cl", "vec_f16_arith", (n,), None, a, b, o)
    r = a * 2 - b
    r[:, 0:4] = b[:, [15, 14, 13, 12]]
    close(o, r / (1 + np.abs(a)))
    a, b = f32((n, 4)), f32((n, 4))
    m = rng.integers(0, 2**16, (n, 4)).astype(np.uint32)
    o = np.zeros_like(a)
    run("float_vec.cl", "vec_shuffle", (n,), None, a, b, m, o)
    ab = np.concatenate([a, b], 1)
    rows = np.arange(n)[:, None]
    close(o, a[rows, m & 3] + ab[rows, (m >> 8) & 7])


# ---------------------------------------------------------------- vload / vstore
@check
def vload_vstore():
    n = 64
    x = f32(2 * n); o = np.zeros_like(x)
    run("vload.cl", "vls_vec2", (n,), None, x, o); close(o, x * 2)
    x = f32(3 * n); o = np.zeros_like(x)
    run("vload.cl", "vls_vec3", (n,), None, x, o)
    close(o.reshape(n, 3), x.reshape(n, 3)[:, [2, 0, 1]] + 1)
    x = f32(n + 3); o = np.zeros(n, np.float32)
    run("vload.cl", "vls_window4", (n,), None, x, o)
    close(o, x[:n] + x[1:n + 1] + x[2:n + 2] + x[3:n + 3])
    a8, a16 = f32(8 * n), f32(16 * n); o = np.zeros_like(a16)
    run("vload.cl", "vls_vec8_16", (n,), None, a8, a16, o)
    close(o.reshape(n, 16), a16.reshape(n, 16) + np.tile(a8.reshape(n, 8), 2))
    h = f32(n, -100, 100).astype(np.float16)
    f = np.zeros(n, np.float32); h3 = np.zeros(n, np.float16); hz = np.zeros(n, np.float16)
    run("vload.cl", "vls_half", (n,), None, h, f, h3, hz)
    eq(f, h.astype(np.float32))
    eq(h3, (h.astype(np.float32) * 3).astype(np.float16))
    eq(hz, rtz_half(h.astype(np.float32) * 3))
    h = f32(4 * n, -100, 100).astype(np.float16); o = np.zeros_like(h)
    run("vload.cl", "vls_half4", (n,), None, h, o)
    eq(o, (h.astype(np.float32) + np.float32(0.25)).astype(np.float16))


def rtz_half(v):
    """float32 -> float16 rounding toward zero."""
    v = np.asarray(v, np.float32)
    h = v.astype(np.float16)
    over = np.abs(h.astype(np.float32)) > np.abs(v)
    hb = h.view(np.uint16).copy()
    hb[over] -= 1                       # step magnitude down by one ulp
    return hb.view(np.float16)


# ---------------------------------------------------------------- address spaces / generic
@check
def address_spaces():
    L, G = 16, 64
    x = f32(G); coeffs = f32(5); o = np.zeros(G, np.float32)
    run("address_spaces.cl", "as_mixed", (G,), (L,), x, o, coeffs, np.uint32(3),
        cl.LocalMemory(4 * L))
    lid = np.arange(G) % L; base = np.arange(G) - lid
    want = sum(x[base + (lid + k) % L] * coeffs[k % 3] for k in range(4))
    close(o, want)
    x = f32(4 * G); o = np.zeros(G, np.float32)
    run("address_spaces.cl", "as_helpers", (G,), (L,), x, o, coeffs, cl.LocalMemory(16 * L))
    close(o, 6 * x.reshape(G, 4).sum(1) + coeffs[:4].sum())


@check
def generic_ptrs():
    L, G = 8, 32
    d = f32(3 * G); d0 = d.copy(); o = np.zeros(G, np.float32); fl = np.zeros(G, np.int32)
    run("generic_as.cl", "generic_ptrs", (G,), (L,), d, cl.LocalMemory(12 * L), o, fl)
    close(o, 7 * d0.reshape(G, 3).sum(1)); close(d, 2 * d0); eq(fl, np.full(G, 123, np.int32))


# ---------------------------------------------------------------- structs
@check
def structs():
    n = 64
    x = f32(n); o = np.zeros(n, np.float32)
    p = np.array([(1.5, -3, 0.25)], dtype=[("scale", "<f4"), ("offset", "<i4"), ("bias", "<f4")])
    run("structs.cl", "struct_by_value", (n,), None, x, o, Raw(p.tobytes()))
    close(o, x * 1.5 - 3 + 0.25)
    xi = i32(n); ol = np.zeros(n, np.int64)
    m = np.zeros(32, np.uint8)
    m[0:16] = np.array([3, -5, 7, 11], np.int32).view(np.uint8)
    m[16] = np.uint8(np.int8(-9).view(np.uint8))
    m[24:32] = np.array([1 << 40], np.int64).view(np.uint8)
    run("structs.cl", "struct_mixed_by_value", (n,), None, xi, ol, Raw(m.tobytes()))
    eq(ol, xi.astype(np.int64) * 3 - 5 + 7 + 11 - 9 + (1 << 40))
    pt = np.dtype([("px", "<f4"), ("py", "<f4"), ("vx", "<f4"), ("vy", "<f4"), ("id", "<i4"), ("flags", "<u4")])
    ps = np.zeros(n, pt)
    for f in ["px", "py", "vx", "vy"]:
        ps[f] = f32(n)
    ps["id"] = np.arange(n) * 7; ps["flags"] = 4
    ref = ps.copy()
    run("structs.cl", "aos_update", (n,), None, ps, np.float32(0.5))
    ref["px"] += ref["vx"] * np.float32(0.5); ref["py"] += ref["vy"] * np.float32(0.5)
    nx = ref["px"] < 0; ny = ref["py"] < 0
    ref["px"][nx] *= -1; ref["vx"][nx] *= -1; ref["flags"][nx] |= 1
    ref["py"][ny] *= -1; ref["vy"][ny] *= -1; ref["flags"][ny] |= 2
    for f in ["px", "py", "vx", "vy"]:
        close(ps[f], ref[f])
    eq(ps["id"], ref["id"]); eq(ps["flags"], ref["flags"])
    ids = np.zeros(n, np.int32); s2 = np.zeros(n, np.float32)
    run("structs.cl", "aos_gather", (n,), None, ps, ids, s2)
    eq(ids, ps["id"]); close(s2, ps["vx"] ** 2 + ps["vy"] ** 2)


# ---------------------------------------------------------------- private arrays
@check
def private_arrays():
    n = 32
    x = i32(8 * n); o = np.zeros_like(x)
    run("private_array.cl", "private_sort8", (n,), None, x, o)
    eq(o.reshape(n, 8), np.sort(x.reshape(n, 8), 1))
    u = rng.integers(0, 2**32, n, dtype=np.uint32); o = np.zeros_like(u)
    run("private_array.cl", "private_lut", (n,), None, u, o)
    i = np.arange(n, dtype=np.uint32)
    eq(o, ((u & 15) + ((u >> 4) & 15)) * i)


# ---------------------------------------------------------------- control flow
@check
def control_flow():
    R, W = 40, 17
    rows = f32(R * W); o = np.zeros(R, np.int32)
    run("control_flow.cl", "find_first_greater", (R,), None, rows, o, np.int32(W), np.float32(0.8))
    gt = rows.reshape(R, W) > 0.8
    eq(o, np.where(gt.any(1), gt.argmax(1), -1))
    n = 128
    op = rng.integers(-1, 9, n).astype(np.int32); a, b = f32(n), f32(n, 0.5, 2)
    o = np.zeros(n, np.float32)
    run("control_flow.cl", "switch_ops", (n,), None, op, a, b, o)
    table = {0: a + b, 1: a - b, 2: a * b, 3: a / b, 4: np.fmin(a, b), 5: np.fmax(a, b), 7: -a}
    want = np.zeros(n, np.float32)
    for k, v in table.items():
        want[op == k] = v[op == k]
    close(o, want)
    sel = rng.choice(np.array([-3, 0, 1, 2, 3, 4, 5, 6, 7, 40, 41], np.int32), n)
    x = i32(n); o = np.zeros(n, np.int32)
    run("control_flow.cl", "switch_fallthrough", (n,), None, sel, x, o)
    want = np.full(n, -1, np.int64); x64 = x.astype(np.int64)
    for s, v in {0: 3 * x64 + 3, 1: x64 + 3, 2: x64 ^ 0x55, 3: x64 << 1, 4: x64 << 1,
                 5: x64 - 107, 6: x64 - 7, 40: x64 * x64}.items():
        want[sel == s] = v[sel == s]
    eq(o, w32(want))
    u = rng.integers(0, 100000, n, dtype=np.uint32); u[:3] = [0, 1, 27]; o = np.zeros_like(u)
    run("control_flow.cl", "collatz_steps", (n,), None, u, o, np.uint32(100))
    def coll(v):
        s = 0
        while v > 1 and s < 100:
            v = (3 * v + 1) & M32 if v & 1 else v >> 1
            s += 1
        return s
    eq(o, np.array([coll(int(v)) for v in u], np.uint32))
    o = np.zeros(n, np.int32)
    run("control_flow.cl", "nested_loops_count", (n,), None, o, np.int32(9))
    eq(o, np.array([sum(1 for j in range(9) for k in range(j, 9) if (j * k + i) % 3 == 0)
                    for i in range(n)], np.int32))
    x = f32(2 * n, -3, 3); o = np.zeros_like(x)
    run("control_flow.cl", "call_chain", (n,), None, x, o)
    r = np.sqrt(x[0::2] ** 2 + 1)
    close(o[0::2], np.minimum(r, x[1::2])); close(o[1::2], np.maximum(r, x[1::2]))
    rows = f32(R * W); o = np.zeros(4 * R, np.float32)
    run("control_flow.cl", "stats_rows", (R,), None, rows, o, np.int32(W))
    r2 = rows.reshape(R, W)
    close(o.reshape(R, 4), np.stack([r2.sum(1), r2.min(1), r2.max(1), (r2 > 0).sum(1)], 1))


# ---------------------------------------------------------------- local memory
@check
def local_memory():
    L, G = 32, 128
    x = f32(G); o = np.zeros_like(x)
    run("local_mem.cl", "local_param_reverse", (G,), (L,), x, o, cl.LocalMemory(4 * L))
    eq(o, x.reshape(-1, L)[:, ::-1].ravel())
    o = np.zeros_like(x)
    run("local_mem.cl", "local_array_reverse", (G,), (L,), x, o)
    eq(o, x.reshape(-1, L)[:, ::-1].ravel())
    W, H = 37, 21
    x = f32(W * H); o = np.zeros_like(x)
    run("local_mem.cl", "local_transpose", (48, 32), (16, 16), x, o, np.int32(W), np.int32(H))
    eq(o, x.reshape(H, W).T.ravel())
    xi = i32(G); o = np.zeros_like(xi)
    run("local_mem.cl", "barrier_loop_rotate", (G,), (L,), xi, o, cl.LocalMemory(4 * L), np.int32(5))
    lid = np.arange(G) % L
    eq(o, xi[np.arange(G) - lid + (lid + 5) % L] + 5)
    d = i32(G); d0 = d.copy()
    run("local_mem.cl", "bitonic_sort_local", (G,), (L,), d, cl.LocalMemory(4 * L))
    eq(d, np.sort(d0.reshape(-1, L), 1).ravel())


# ---------------------------------------------------------------- reductions / scans
@check
def reduce_scan():
    L, n = 64, 1000
    G = 1024
    x = f32(n); part = np.zeros(G // L, np.float32)
    run("reduce_scan.cl", "reduce_sum_f32", (G,), (L,), x, part, cl.LocalMemory(4 * L), np.uint32(n))
    close(part, np.pad(x, (0, G - n)).reshape(-1, L).sum(1), rtol=1e-4)
    xi = i32(5000); G = 256; part = np.zeros(G // 64, np.int32)
    run("reduce_scan.cl", "reduce_sum_i32", (G,), (64,), xi, part, np.uint32(5000))
    want = np.zeros(G // 64, np.int64)
    for j in range(5000):
        want[(j % G) // 64] += xi[j]
    eq(part, w32(want)); eq(w32(part.astype(np.int64).sum()), w32(xi.astype(np.int64).sum()))
    L, G = 32, 128
    xi = i32(G); o = np.zeros_like(xi)
    run("reduce_scan.cl", "scan_inclusive_hs", (G,), (L,), xi, o, cl.LocalMemory(8 * L))
    eq(o, np.cumsum(xi.reshape(-1, L), 1).ravel().astype(np.int32))
    n = 256; L = 32
    xi = i32(n); o = np.zeros_like(xi)
    run("reduce_scan.cl", "scan_exclusive_blelloch", (n // 2,), (L,), xi, o, cl.LocalMemory(8 * L))
    blk = xi.reshape(-1, 2 * L)
    eq(o, (np.cumsum(blk, 1) - blk).ravel().astype(np.int32))


# ---------------------------------------------------------------- matmul & friends
@check
def matmul():
    M, N, K = 35, 29, 41
    A, B = f32(M * K), f32(K * N)
    want = A.reshape(M, K).astype(np.float64) @ B.reshape(K, N)
    C = np.zeros(M * N, np.float32)
    run("matmul.cl", "matmul_naive", (N, M), None, A, B, C, np.int32(M), np.int32(N), np.int32(K))
    close(C.reshape(M, N), want, rtol=1e-4, atol=1e-5)
    C = np.zeros(M * N, np.float32)
    run("matmul.cl", "matmul_tiled", (32, 48), (16, 16), A, B, C, np.int32(M), np.int32(N), np.int32(K))
    close(C.reshape(M, N), want, rtol=1e-4, atol=1e-5)
    w, h = 13, 7
    x = f32(w * h); o = np.zeros_like(x)
    run("matmul.cl", "stencil5_2d", (w, h), None, x, o, np.int32(w), np.int32(h))
    v = np.pad(x.reshape(h, w), 1, mode="edge")
    close(o.reshape(h, w), (4 * v[1:-1, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:] + v[:-2, 1:-1] + v[2:, 1:-1]) / 8)
    w, h, mi = 64, 48, 100
    o = np.zeros(w * h, np.uint32)
    run("matmul.cl", "mandelbrot", (w, h), None, o, np.int32(w), np.int32(h), np.int32(mi))
    want = np.zeros((h, w), np.uint32)
    for y in range(h):
        for x_ in range(w):
            cx = np.float32(-2) + np.float32(3) * np.float32(x_) / np.float32(w)
            cy = np.float32(-1.5) + np.float32(3) * np.float32(y) / np.float32(h)
            zx = zy = np.float32(0); it = 0
            while it < mi and zx * zx + zy * zy <= 4:
                t = zx * zx - zy * zy + cx
                zy = np.float32(2) * zx * zy + cy
                zx = t; it += 1
            want[y, x_] = it
    eq(o.reshape(h, w), want)


# ---------------------------------------------------------------- histograms
@check
def histograms():
    n = 5000
    d = rng.integers(0, 256, n, dtype=np.uint8); bins = np.zeros(256, np.uint32)
    run("histogram.cl", "hist_global_inc", (n,), None, d, bins)
    eq(bins, np.bincount(d, minlength=256).astype(np.uint32))
    keys = rng.integers(0, 2**32, n, dtype=np.uint32); wts = i32(n); bins = np.zeros(10, np.int32)
    run("histogram.cl", "hist_global_add", (n,), None, keys, wts, bins, np.uint32(10))
    eq(bins, np.bincount(keys % 10, weights=wts, minlength=10).astype(np.int32))
    bins = np.zeros(256, np.uint32)
    run("histogram.cl", "hist_local", (256,), (64,), d, bins, np.uint32(n))
    eq(bins, np.bincount(d, minlength=256).astype(np.uint32))


# ---------------------------------------------------------------- atomics 1.2
def atomics_ref(c0, v, G, signed, bits=32):
    mask = (1 << bits) - 1
    c = [int(t) for t in c0]
    s = int(np.sum(v.astype(object)))
    vs = [int(t) for t in v]
    c[0] = c[0] + s; c[1] = c[1] - s; c[2] += G; c[3] -= G
    c[4] = min([c[4]] + vs); c[5] = max([c[5]] + vs)
    for i in range(G):
        c[6] &= ~(1 << (i % 32)); c[7] |= (1 << (i % 32)); c[8] ^= vs[i]
    c[9] += s
    return c


@check
def atomics_12():
    G = 200
    for t, dt in [("int", np.int32), ("uint", np.uint32)]:
        v = (i32(G) if t == "int" else rng.integers(0, 2**32, G, dtype=np.uint32)).astype(dt)
        c = np.array([5, 7, 9, 11, 100, -100 if t == "int" else 3, -1 if t == "int" else M32,
                      0, 0x0F0F, 13, 0], np.int64).astype(dt)
        c0 = c.copy()
        slots = np.arange(G).astype(dt); olds = np.zeros(G, dt)
        run("atomics12.cl", f"atomics_{t}_all", (G,), (50,), c, slots, olds, v)
        want = atomics_ref(c0, v, G, t == "int")
        eq(c[:10], np.array([x & M32 for x in want[:10]], np.uint64).astype(np.uint32).view(dt))
        assert c[10] in v, "c[10] must be one of v"
        eq(olds, np.arange(G).astype(dt)); eq(slots, v)
    L, G = 32, 128
    v = i32(G); o = np.zeros(11 * (G // L), np.int32)
    run("atomics12.cl", "atomics_local_int", (G,), (L,), v, o)
    for g in range(G // L):
        x = v[g * L:(g + 1) * L]
        want = atomics_ref([0, 0, 0, 0, 0, 0, -1, 0, 0, 0], x, L, True)
        eq(o[11 * g:11 * g + 10], w32(want[:10]))
        assert o[11 * g + 10] in x


@check
def atomics_64():
    G = 100
    v = rng.integers(-2**62, 2**62, G, dtype=np.int64)
    c = np.array([1, 2, 3, 4, 5], np.int64); slots = np.arange(G, dtype=np.int64) * 3
    olds = np.zeros(G, np.int64)
    run("atomics64.cl", "atomics_long_base", (G,), None, c, slots, olds, v)
    s = int(v.astype(object).sum())
    w64 = lambda t: np.array([(x + 2**63) % 2**64 - 2**63 for x in t], np.int64)
    eq(c, w64([1 + s, 2 - s, 3 + G, 4 - G, 5 + s]))
    eq(olds, np.arange(G, dtype=np.int64) * 3); eq(slots, v)
    u = rng.integers(0, 2**64, G, dtype=np.uint64)
    c = np.array([2**64 - 1, 0, 2**64 - 1, 0, 0xABCDEF, 7], np.uint64)
    run("atomics64.cl", "atomics_ulong_ext", (G,), None, c, u)
    x = 0xABCDEF
    for t in u:
        x ^= int(t)
    a = 2**64 - 1; o = 0
    for i in range(G):
        a &= ~(1 << (i % 64)); o |= 1 << (i % 64)
    eq(c, np.array([int(u.min()), int(u.max()), a & (2**64 - 1), o, x,
                    (7 + int(u.astype(object).sum())) % 2**64], np.uint64))
    c = np.array([0, 0], np.int64)
    run("atomics64.cl", "atomics_long_minmax", (G,), None, c, v)
    eq(c, np.array([min(0, v.min()), max(0, v.max())], np.int64))


@check
def atomics_20():
    G = 128
    v = i32(G)
    c = np.array([1, 2, 1000, -1000, -1, 0, 0x3C3C, 10, 20, 30, 77], np.int32)
    c0 = c.copy()
    u = np.array([5, 0], np.uint32); slots = np.arange(G, dtype=np.int32) + 50
    olds = np.zeros(G, np.int32); loads = np.zeros(G, np.int32)
    run("atomics20.cl", "atomics_c11", (G,), (32,), c, u, slots, olds, loads, v)
    s = int(v.astype(np.int64).sum())
    a, o, x = -1, 0, 0x3C3C
    for i in range(G):
        a &= ~(1 << (i % 32)); o |= 1 << (i % 32); x ^= int(v[i])
    eq(c, w32([1 + s, 2 - s, min(1000, v.min()), max(-1000, v.max()), a, o, x, 10 + s, 20 + s,
               30 + G, 77]))
    eq(olds, np.arange(G, dtype=np.int32) + 50); eq(slots, v)
    assert u[0] == 5 + G and u[1] in v.astype(np.uint32)
    eq(loads, np.full(G, 77, np.int32))
    L = 32
    out = np.zeros(2 * (G // L), np.int32); tot = np.array([3], np.int32)
    run("atomics20.cl", "atomics_c11_local", (G,), (L,), v, out, tot)
    eq(out.reshape(-1, 2), np.stack([np.full(G // L, L), v.reshape(-1, L).sum(1)], 1).astype(np.int32))
    eq(tot, np.array([3 + v.sum()], np.int32))
    flag = np.zeros(1, np.int32); win = np.zeros(1, np.int32); won = np.zeros(G, np.int32)
    run("atomics20.cl", "atomics_c11_flag", (G,), None, flag, win, won)
    assert win[0] == 1 and won.sum() == 1 and flag[0] != 0
    run("atomics20.cl", "atomics_c11_flag_clear", (1,), None, flag)
    assert flag[0] == 0


# ---------------------------------------------------------------- math
@check
def math_builtins():
    n = 200
    x = f32(n, 0.01, 1.0); o = np.zeros(16 * n, np.float32)
    run("math.cl", "math_unary_f32", (n,), None, x, o)
    xd = x.astype(np.float64)
    fs = [np.sin, np.cos, np.tan, np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh,
          np.exp, np.exp2, lambda t: 10.0 ** t, np.log, np.log2, np.log10, np.sqrt]
    close(o.reshape(n, 16), np.stack([f(xd) for f in fs], 1), rtol=1e-5, atol=1e-6)
    x = f32(n, -10, 10); x[:6] = [0.5, -0.5, 1.5, -2.5, 2.5, 3.0]; o = np.zeros(8 * n, np.float32)
    run("math.cl", "math_round_f32", (n,), None, x, o)
    xd = x.astype(np.float64)
    rnd = np.where(xd >= 0, np.floor(xd + 0.5), -np.floor(-xd + 0.5))
    close(o.reshape(n, 8), np.stack([np.floor(xd), np.ceil(xd), rnd, np.trunc(xd), np.rint(xd),
                                     np.abs(xd), np.cbrt(xd), 1 / np.sqrt(np.abs(xd))], 1), rtol=1e-5)
    a, b = f32(n, 0.1, 4), f32(n, -3, 3); b[b == 0] = 1; e = rng.integers(-8, 9, n).astype(np.int32)
    o = np.zeros(12 * n, np.float32)
    run("math.cl", "math_binary_f32", (n,), None, a, b, e, o)
    ad, bd = a.astype(np.float64), b.astype(np.float64)
    close(o.reshape(n, 12), np.stack([ad ** bd, np.hypot(ad, bd), np.arctan2(bd, ad), np.fmod(ad, bd),
                                      np.fmin(ad, bd), np.fmax(ad, bd), ad * bd + 0.5, ad * bd + 0.5,
                                      np.ldexp(ad, e), ad ** e.astype(np.float64), np.copysign(ad, bd),
                                      np.maximum(ad - bd, 0)], 1), rtol=1e-5, atol=1e-6)
    x = f32(n, -20, 20); f = np.zeros(6 * n, np.float32); ei = np.zeros(2 * n, np.int32)
    run("math.cl", "math_ptr_out_f32", (n,), None, x, f, ei)
    m, ex = np.frexp(x)
    fr, ip = np.modf(x)
    close(f.reshape(n, 6), np.stack([m, fr, ip, np.sin(x.astype(np.float64)), np.cos(x.astype(np.float64)),
                                     np.minimum(x - np.floor(x), np.float32(float.fromhex('0x1.fffffep-1')))], 1), rtol=1e-5, atol=1e-6)
    eq(ei.reshape(n, 2), np.stack([ex, np.floor(np.log2(np.abs(x))).astype(np.int32)], 1).astype(np.int32))
    x = f32((n, 4), 0, 3); o = np.zeros_like(x)
    run("math.cl", "math_vec4_f32", (n,), None, x, o)
    xd = x.astype(np.float64)
    close(o, np.sin(xd) * np.exp(-xd) + xd ** 2 + xd * xd + 1, rtol=1e-5)
    x = f32(n, 0.1, 10); o = np.zeros(8 * n, np.float32)
    run("math.cl", "math_native_f32", (n,), None, x, o)
    xd = x.astype(np.float64)
    close(o.reshape(n, 8), np.stack([np.sin(xd), np.cos(xd), np.exp(xd), np.log(xd), np.sqrt(xd),
                                     1 / xd, xd / 3, 1 / np.sqrt(xd)], 1), rtol=2e-3, atol=1e-3)


@check
def common_builtins():
    n = 200
    x, y, a = f32(n, -2, 2), f32(n, -2, 2), f32(n, 0, 1)
    o = np.zeros(8 * n, np.float32)
    run("common.cl", "common_f32", (n,), None, x, y, a, o)
    t = np.clip((x + 1) / 2, 0, 1)
    close(o.reshape(n, 8), np.stack([np.clip(x, -0.5, 0.5), x + (y - x) * a, np.where(x < y, 0, 1),
                                     t * t * (3 - 2 * t), np.sign(x), np.degrees(x), np.radians(x),
                                     np.clip(x, y, y + 1)], 1), rtol=1e-5, atol=1e-6)
    x, y = f32((n, 4), -1, 2), f32((n, 4), -1, 2); o = np.zeros((2 * n, 4), np.float32)
    run("common.cl", "common_f4", (n,), None, x, y, o)
    t = np.clip(x, 0, 1)
    close(o[0::2], np.clip(x, 0, 1) + x + (y - x) * 0.25 + t * t * (3 - 2 * t), rtol=1e-5, atol=1e-6)
    close(o[1::2], np.where(x < 0.5, 0, 1) + np.maximum(x, y) - np.minimum(x, 0.25), rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------- integer
def clz32(v):
    v = int(v) & M32
    return 32 - v.bit_length()


def rot(v, s, bits):
    m = (1 << bits) - 1
    v &= m; s %= bits
    return ((v << s) | (v >> (bits - s))) & m


def sat(v, lo, hi):
    return max(lo, min(hi, v))


def mulhi(a, b, bits):
    return (a * b) >> bits


@check
def integer_builtins():
    n = 300
    a = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    b = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    c = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    a[:4] = [0, -1, 2**31 - 1, -2**31]; b[:4] = [5, 2**31 - 1, 1, -1]
    o = np.zeros(18 * n, np.int32)
    run("integer.cl", "int_builtins_i32", (n,), None, a, b, c, o)
    want = []
    for x, y, z in zip(a.tolist(), b.tolist(), c.tolist()):
        want.append([abs(x), abs(x - y), sat(x + y, -2**31, 2**31 - 1), sat(x - y, -2**31, 2**31 - 1),
                     (x + y) >> 1, (x + y + 1) >> 1, clz32(x), bin(x & M32).count("1"),
                     (x >> 8) * (y >> 8) + z, (x >> 8) * (y >> 8), mulhi(x, y, 32), rot(x, y & M32, 32),
                     ((x & 0xFFFF) << 16 | (y & 0xFFFF)) if True else 0, min(x, y), max(x, y),
                     mulhi(x, y, 32) + z, sat(x * y + z, -2**31, 2**31 - 1), sat(x, -100, 100)])
    want = [[((t + 2**31) % 2**32) - 2**31 for t in r] for r in want]
    # upsample((short)a,(ushort)b): high half is the sign-extended short, same bits as above
    eq(o.reshape(n, 18), np.array(want, np.int64).astype(np.int32))
    ua, ub, uc = a.view(np.uint32), b.view(np.uint32), c.view(np.uint32)
    o = np.zeros(17 * n, np.uint32)
    run("integer.cl", "int_builtins_u32", (n,), None, ua, ub, uc, o)
    want = []
    for x, y, z in zip(ua.tolist(), ub.tolist(), uc.tolist()):
        want.append([x, abs(x - y), min(x + y, M32), max(x - y, 0), (x + y) >> 1, (x + y + 1) >> 1,
                     clz32(x), bin(x).count("1"), ((x & 0xFFFFFF) * (y & 0xFFFFFF) + z) & M32,
                     ((x & 0xFFFFFF) * (y & 0xFFFFFF)) & M32, (x * y) >> 32, rot(x, y, 32),
                     (x & 0xFFFF) << 16 | (y & 0xFFFF), min(x, y), max(x, y), min(x * y + z, M32),
                     sat(x, 10, 1000)])
    eq(o.reshape(n, 17), np.array(want, np.uint64).astype(np.uint32))
    a8 = rng.integers(-128, 128, n).astype(np.int8); b8 = rng.integers(-128, 128, n).astype(np.int8)
    s16 = rng.integers(-2**15, 2**15, n).astype(np.int16); t16 = rng.integers(-2**15, 2**15, n).astype(np.int16)
    o8 = np.zeros(4 * n, np.int8); o16 = np.zeros(4 * n, np.int16)
    run("integer.cl", "int_builtins_small", (n,), None, a8, b8, s16, t16, o8, o16)
    w8, w16 = [], []
    for x, y, s, t in zip(a8.tolist(), b8.tolist(), s16.tolist(), t16.tolist()):
        w8.append([sat(x + y, -128, 127), sat(x - y, -128, 127), abs(x) & 0xFF, min((x & 0xFF) + (y & 0xFF), 255)])
        w16.append([sat(s + t, -2**15, 2**15 - 1), (x << 8) | (y & 0xFF), bin(s & 0xFFFF).count("1"),
                    16 - (s & 0xFFFF).bit_length()])
    eq(o8.reshape(n, 4), np.array(w8, np.int64).astype(np.uint8).view(np.int8))
    eq(o16.reshape(n, 4), np.array(w16, np.int64).astype(np.uint16).view(np.int16))
    la = rng.integers(-2**63, 2**63, n, dtype=np.int64); lb = rng.integers(-2**63, 2**63, n, dtype=np.int64)
    o = np.zeros(6 * n, np.int64)
    run("integer.cl", "int_builtins_i64", (n,), None, la, lb, o)
    want = []
    for x, y in zip(la.tolist(), lb.tolist()):
        want.append([mulhi(x, y, 64), sat(x + y, -2**63, 2**63 - 1),
                     (((x & M32) ^ 0x80000000) - 0x80000000) * 2**32 + (y & M32),
                     bin(x & (2**64 - 1)).count("1"), 64 - (x & (2**64 - 1)).bit_length(),
                     rot(x, y & (2**64 - 1), 64)])
    want = [[((t + 2**63) % 2**64) - 2**63 for t in r] for r in want]
    eq(o.reshape(n, 6), np.array(want, np.int64))
    x = i32(n, -10**6, 10**6); y = i32(n, -40, 40); y[y == 0] = 3
    o = np.zeros(11 * n, np.int32)
    run("integer.cl", "int_scalar_ops", (n,), None, x, y, o)
    want = []
    for p, q in zip(x.tolist(), y.tolist()):
        sh = q & 31
        want.append([int(p / q), p >> sh, (p & M32) >> sh, p << sh, p & q, p | q, p ^ q, ~p, -p,
                     int(p < q), (p & M32) // (q & M32)])
    eq(o.reshape(n, 11), w32([[((t + 2**31) % 2**32) - 2**31 for t in r] for r in want]))
    o = np.zeros(2 * n, np.int32)
    run("integer.cl", "int_rem_ops", (n,), None, x, y, o)
    eq(o.reshape(n, 2), w32([[int(math.fmod(p, q)), ((p & M32) % (q & M32))] for p, q in zip(x.tolist(), y.tolist())]))
    x4, y4 = i32((n, 4), -1000, 1000), i32((n, 4), -1000, 1000)
    o = np.zeros((3 * n, 4), np.int32)
    run("integer.cl", "int4_vec_ops", (n,), None, x4, y4, o)
    x64, y64 = x4.astype(np.int64), y4.astype(np.int64)
    gt = x64 > y64
    eq(o[0::3], w32((x64 * y64 + (x64 >> (y64 & 31))) ^ (x64 << 2)))
    eq(o[1::3], np.where(gt, -1, 0).astype(np.int32))
    eq(o[2::3], np.where(gt, np.fmod(x64, 7), np.trunc(y64 / 3)).astype(np.int32))


# ---------------------------------------------------------------- relational / geometric
@check
def relational():
    n = 200
    x, y = f32(n, -2, 2), f32(n, -2, 2)
    y[::5] = x[::5]
    x[:6] = [np.nan, np.inf, -np.inf, -0.0, 1e-40, 0.0]; y[6] = np.nan
    o = np.zeros(11 * n, np.int32)
    run("relational.cl", "relational_f32", (n,), None, x, y, o)
    with np.errstate(invalid="ignore"):
        want = np.stack([np.isnan(x), np.isinf(x), np.isfinite(x), np.signbit(x), x == y, x < y, x > y,
                         (x < y) | (x > y), ~(np.isnan(x) | np.isnan(y)), np.isnan(x) | np.isnan(y),
                         np.isfinite(x) & (np.abs(x) >= np.finfo(np.float32).tiny)], 1).astype(np.int32)
    eq(o.reshape(n, 11), want)
    x4, y4 = f32((n, 4)), f32((n, 4))
    mask = np.zeros((n, 4), np.int32); aa = np.zeros(2 * n, np.int32); sel = np.zeros((2 * n, 4), np.float32)
    run("relational.cl", "relational_f4", (n,), None, x4, y4, mask, aa, sel)
    lt = x4 < y4
    eq(mask, np.where(lt, -1, 0).astype(np.int32)); eq(aa[0::2], lt.any(1).astype(np.int32))
    eq(aa[1::2], lt.all(1).astype(np.int32)); eq(sel[0::2], np.where(lt, y4, x4))
    eq(sel[1::2], np.copysign(x4, y4))
    a, b, c = i32(n, -2**31, 2**31 - 1), i32(n, -2**31, 2**31 - 1), i32(n, -2**31, 2**31 - 1)
    c[::4] = 0
    o = np.zeros(4 * n, np.int32); v4 = np.zeros((n, 4), np.int32)
    run("relational.cl", "relational_int_select", (n,), None, a, b, c, o, v4)
    af, bf = a.view(np.float32), b.view(np.float32)
    with np.errstate(invalid="ignore"):
        ne = (af != bf).astype(np.int32)   # isnotequal is true for NaN operands
    eq(o.reshape(n, 4), np.stack([np.where(c != 0, b, a), (a & ~c) | (b & c), ne,
                                  ((a < 0) | (b < 0) | (c < 0)).astype(np.int32)], 1))
    cs = np.stack([c, w32(-c.astype(np.int64)), c >> 31, np.full(n, -2**31, np.int32)], 1)
    eq(v4, np.where(cs < 0, b[:, None], a[:, None]))


@check
def geometric():
    n = 100
    a, b = f32((n, 4)), f32((n, 4)); f = np.zeros(3 * n, np.float32); v = np.zeros((2 * n, 4), np.float32)
    run("geometric.cl", "geometric_f4", (n,), None, a, b, f, v)
    close(f.reshape(n, 3), np.stack([(a * b).sum(1), np.linalg.norm(a, axis=1), np.linalg.norm(a - b, axis=1)], 1), rtol=1e-5)
    close(v[0::2], a / np.linalg.norm(a, axis=1)[:, None], rtol=1e-5, atol=1e-6)
    cr = np.zeros_like(a); cr[:, :3] = np.cross(a[:, :3], b[:, :3])
    close(v[1::2], cr, rtol=1e-5, atol=1e-6)
    a, b = f32(3 * n), f32(3 * n); o = np.zeros(11 * n, np.float32)
    run("geometric.cl", "geometric_f3", (n,), None, a, b, o)
    a3, b3 = a.reshape(n, 3), b.reshape(n, 3)
    want = np.concatenate([np.cross(a3, b3), a3 / np.linalg.norm(a3, axis=1)[:, None],
                           np.stack([(a3 * b3).sum(1), np.linalg.norm(a3, axis=1), np.linalg.norm(a3 - b3, axis=1),
                                     np.linalg.norm(a3[:, :2], axis=1), a3[:, 0] * b3[:, 0]], 1)], 1)
    close(o.reshape(n, 11)[:, [0, 1, 2, 3, 4, 5, 6, 9, 10]], want[:, [0, 1, 2, 3, 4, 5, 6, 9, 10]], rtol=1e-5, atol=1e-6)
    close(o.reshape(n, 11)[:, 7:9], want[:, 7:9], rtol=1e-3, atol=1e-4)   # fast_*: loose


# ---------------------------------------------------------------- conversions
def f2i_sat(x, mode, lo=-2**31, hi=2**31 - 1):
    if math.isnan(x):
        return 0
    r = {"rtz": math.trunc, "rtn": math.floor, "rtp": math.ceil, "rte": lambda t: round(t)}[mode](x) \
        if math.isfinite(x) else (hi if x > 0 else lo)
    return sat(int(r), lo, hi)


def i2f(v, mode):
    """int -> float32 with rounding mode, via float64 neighbours (exact for |v| < 2^53)."""
    f = np.float32(v)           # RTE
    if mode == "rte" or int(f) == v:
        return f
    down = int(f) > v
    lo_f = np.nextafter(f, np.float32(-np.inf)) if down else f
    hi_f = f if down else np.nextafter(f, np.float32(np.inf))
    return {"rtz": lo_f if v > 0 else hi_f, "rtn": lo_f, "rtp": hi_f}[mode]


@check
def conversions():
    n = 200
    x = f32(n, -3e9, 3e9); x[:10] = [np.nan, np.inf, -np.inf, 2.5, -2.5, 3.5, -0.5, 300.7, -1.2, 255.9]
    oi = np.zeros(4 * n, np.int32); ou = np.zeros(n, np.uint8)
    run("conversions.cl", "convert_f2i", (n,), None, x, oi, ou)
    eq(oi.reshape(n, 4), np.array([[f2i_sat(float(v), m) for m in ["rtz", "rte", "rtn", "rtp"]] for v in x], np.int32))
    eq(ou, np.array([f2i_sat(float(v), "rtz", 0, 255) for v in x], np.uint8))
    a = i32(n, -2**31, 2**31 - 1); u = a.view(np.uint32).copy(); l = rng.integers(-2**62, 2**62, n, dtype=np.int64)
    o = np.zeros(6 * n, np.float32)
    run("conversions.cl", "convert_i2f", (n,), None, a, u, l, o)
    want = [[i2f(int(p), "rte"), i2f(int(p), "rtz"), i2f(int(p), "rtp"), i2f(int(p), "rtn"), np.float32(int(q)),
             np.float32(0)] for p, q in zip(a, u)]
    want = np.array(want, np.float32)
    for k in range(n):   # long -> float rtz: float64 first is not exact for |l| > 2^53; use integers
        v = int(l[k]); f = np.float32(v)
        if abs(int(f)) > abs(v):
            f = np.nextafter(f, np.float32(0))
        want[k, 5] = f
    eq(o.reshape(n, 6), want)
    a = i32(n, -100000, 100000)
    c = np.zeros(n, np.int8); uc = np.zeros(n, np.uint8); s = np.zeros(n, np.int16)
    lo = np.zeros(n, np.int64); ul = np.zeros(n, np.uint64); us = np.zeros(n, np.uint16)
    run("conversions.cl", "convert_int_widths", (n,), None, a, c, uc, s, lo, ul, us)
    eq(c, a.astype(np.int8)); eq(uc, np.clip(a, 0, 255).astype(np.uint8)); eq(s, np.clip(a, -2**15, 2**15 - 1).astype(np.int16))
    eq(lo, a.astype(np.int64)); eq(ul, a.view(np.uint32).astype(np.uint64))
    eq(us, np.clip(a.astype(np.int64) * 3, 0, 65535).astype(np.uint16))
    x = f32(n, -10, 10); ni = i32(n, -2**31, 2**31 - 1)
    xi = np.zeros(n, np.int32); nf = np.zeros(n, np.float32); by = np.zeros((n, 4), np.uint8); h2 = np.zeros((n, 2), np.int16)
    run("conversions.cl", "reinterpret_bits", (n,), None, x, ni, xi, nf, by, h2)
    eq(xi, x.view(np.int32)); eq(nf.view(np.int32), ni); eq(by, ni.view(np.uint8).reshape(n, 4)); eq(h2, x.view(np.int16).reshape(n, 2))
    x4 = f32((n, 4), -70000, 70000); x4[0] = [2.5, 3.5, -2.5, np.nan]; b4 = rng.integers(0, 256, (n, 4), dtype=np.uint8)
    oi = np.zeros((n, 4), np.int32); os_ = np.zeros((n, 4), np.int16); of = np.zeros((n, 4), np.float32); ou = np.zeros((n, 4), np.uint8)
    run("conversions.cl", "convert_vec4", (n,), None, x4, b4, oi, os_, of, ou)
    wi = np.array([[f2i_sat(float(v), "rte") for v in r] for r in x4], np.int32)
    eq(oi, wi); eq(os_, np.array([[f2i_sat(float(v), "rtz", -2**15, 2**15 - 1) for v in r] for r in x4], np.int16))
    eq(of, b4.astype(np.float32)); eq(ou, np.clip(wi, 0, 255).astype(np.uint8))


# ---------------------------------------------------------------- work-items
@check
def workitems():
    def expect(gs, ls, off):
        dims = len(gs)
        G = list(gs) + [1] * (3 - dims); L = list(ls) + [1] * (3 - dims); O = list(off) + [0] * (3 - dims)
        recs = np.zeros((G[0] * G[1] * G[2], 22), np.uint64)
        for z in range(G[2]):
            for y in range(G[1]):
                for x in range(G[0]):
                    lin = (z * G[1] + y) * G[0] + x
                    gid = [x + O[0], y + O[1], z + O[2]]; rel = [x, y, z]
                    r = [dims] + gid + G + O + [rel[d] % L[d] for d in range(3)] + L + \
                        [rel[d] // L[d] for d in range(3)] + [G[d] // L[d] for d in range(3)]
                    recs[lin] = r
        return recs
    for name, gs, ls, off in [("workitem_1d", (12,), (4,), (3,)), ("workitem_2d", (8, 6), (4, 3), (1, 2)),
                              ("workitem_3d", (4, 6, 2), (2, 3, 1), (5, 0, 7))]:
        out = np.zeros(int(np.prod(gs)) * 22, np.uint64)
        run("workitem.cl", name, gs, ls, out, offset=off)
        eq(out.reshape(-1, 22), expect(gs, ls, off))
    gs, ls = (6, 4, 2), (3, 2, 2)
    vol = np.zeros(48, np.uint32); ll = np.zeros(48, np.uint32)
    run("workitem.cl", "volume_fill_3d", gs, ls, vol, ll)
    z, y, x = np.meshgrid(range(2), range(4), range(6), indexing="ij")
    eq(vol, (x + 1000 * y + 1000000 * z).ravel().astype(np.uint32))
    eq(ll, (((z % 2) * 2 + (y % 2)) * 3 + (x % 3)).ravel().astype(np.uint32))


# ---------------------------------------------------------------- constant / program scope / oob
@check
def constants_and_globals():
    table = np.array([0.0, 1.0, 2.5, -3.0, 4.25, 5.0, -6.5, 7.0, 8.0, -9.75, 10.0, 11.5, 12.0, -13.0, 14.0, 15.125], np.float32)
    n = 100
    idx = rng.integers(0, 2**32, n, dtype=np.uint32); o = np.zeros(n, np.float32)
    run("constant_table.cl", "const_table_lookup", (n,), None, idx, o)
    eq(o, table[idx & 15] * 2 + table[(idx >> 4) & 15])
    pairs = [(3, 0.5), (-7, 2.0), (11, -1.0), (0, 4.0)]
    x = f32(n); keys = np.zeros(n, np.int32); wv = np.zeros(n, np.float32)
    run("constant_table.cl", "const_struct_table", (n,), None, idx, x, keys, wv)
    eq(keys, np.array([pairs[s & 3][0] + i for i, s in enumerate(idx)], np.int32))
    eq(wv, np.array([pairs[s & 3][1] for s in idx], np.float32) * x)


@check
def program_scope_globals():
    n = 100
    x = f32(n); o = np.zeros(n, np.float32)
    coeffs = np.array([1, 0.5, 0.25, 0.125], np.float32); offs = np.array([10, 20, 30, 40])
    i = np.arange(n)
    run("program_scope.cl", "progvar_get", (n,), None, x, o)
    close(o, x * coeffs[i & 3] + (7 + offs[i & 3]))
    run("program_scope.cl", "progvar_set", (4,), None, np.int32(-5), np.float32(3.0))
    run("program_scope.cl", "progvar_get", (n,), None, x, o)
    coeffs[0] = 3.0
    close(o, x * coeffs[i & 3] + (-5 + offs[i & 3]))
    t = np.zeros(64, np.int32)
    run("program_scope.cl", "progvar_count", (64,), None, t)
    eq(np.sort(t), np.arange(64, dtype=np.int32))
    run("program_scope.cl", "progvar_count", (64,), None, t)
    eq(np.sort(t), np.arange(64, 128, dtype=np.int32))


@check
def oob_in_bounds():
    # Only the in-bounds behaviour can be checked on a real device.
    out = np.full(20, -1, np.int32)
    run("oob.cl", "oob_write", (16,), None, out, np.int32(4))
    eq(out, np.concatenate([np.full(4, -1), np.arange(16)]).astype(np.int32))
    inp = np.arange(20, dtype=np.int32) * 3; o = np.zeros(16, np.int32)
    run("oob.cl", "oob_read", (16,), None, inp, o, np.int32(4))
    eq(o, inp[4:20])
    o = np.zeros(32, np.int32)
    run("oob.cl", "oob_local_write", (32,), (16,), o, cl.LocalMemory(64), np.int32(0))
    eq(o, np.arange(32, dtype=np.int32))


def main():
    flt = sys.argv[1] if len(sys.argv) > 1 else ""
    failed = passed = skipped = 0
    for fn in CHECKS:
        if flt not in fn.__name__:
            continue
        try:
            fn()
            passed += 1
            print(f"ok    {fn.__name__}")
        except cl.RuntimeError as e:
            skipped += 1
            print(f"SKIP  {fn.__name__}: {str(e).splitlines()[0]}")
        except Exception:
            failed += 1
            print(f"FAIL  {fn.__name__}")
            traceback.print_exc()
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
