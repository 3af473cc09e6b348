#!/usr/bin/env python3
"""dpnp on the Level Zero device, compared with NumPy.

Each check runs in a subprocess of its own (a crash, a hang or a failure of one does not hide
the others) and prints one line: ``ok`` or ``FAIL`` with the reason; when the runtime reports a
backend failure, the check is run again with UR_L0_DEBUG=1 and the first Level Zero call that
failed is added to the reason. Integers must match
exactly; floats within rtol 1e-5 (float32) or 1e-12 (float64). oneMKL's float BLAS and FFT are
left out: they check for a real GPU architecture.

usage: dpnp_check.py [--timeout SECONDS] [--device SELECTOR] [-v] [CHECK...]
Exit status: 0 if every check passed, 1 otherwise.
"""

import argparse
import os
import re
import subprocess
import sys

N = 1000

# name -> Python source run in the subprocess: `d` is dpnp, `np` NumPy, `q` the queue; it
# defines `got` (a dpnp array or scalar) and `want` (NumPy).
CHECKS = {
    "arange": "got = d.arange(N, dtype=d.int32, sycl_queue=q); want = np.arange(N, dtype=np.int32)",
    "arange_f64": "got = d.arange(0.0, 10.0, 0.25, dtype=d.float64, sycl_queue=q); want = np.arange(0.0, 10.0, 0.25)",
    "ones": "got = d.ones((7, 9), dtype=d.float32, sycl_queue=q); want = np.ones((7, 9), np.float32)",
    "zeros": "got = d.zeros(N, dtype=d.int32, sycl_queue=q); want = np.zeros(N, np.int32)",
    "full": "got = d.full((3, 5), 2.5, dtype=d.float64, sycl_queue=q); want = np.full((3, 5), 2.5)",
}
for t in ("float32", "float64", "int32"):
    CHECKS[f"add_{t}"] = f"a, b = data('{t}'), data('{t}', 1); got = dev(a) + dev(b); want = a + b"
    CHECKS[f"multiply_{t}"] = f"a, b = data('{t}'), data('{t}', 1); got = dev(a) * dev(b); want = a * b"
for t in ("float32", "float64"):
    CHECKS[f"exp_{t}"] = f"a = data('{t}') / 100; got = d.exp(dev(a)); want = np.exp(a)"
    CHECKS[f"sqrt_{t}"] = f"a = np.abs(data('{t}')); got = d.sqrt(dev(a)); want = np.sqrt(a)"
CHECKS.update({
    "where": "a, b = data('float32'), data('float32', 1); c = a > b; "
             "got = d.where(dev(c), dev(a), dev(b)); want = np.where(c, a, b)",
    "take": "a = data('float64'); i = np.arange(N, dtype=np.int64)[::-3].copy(); "
            "got = d.take(dev(a), dev(i)); want = np.take(a, i)",
    "sum_int32": "a = data('int32'); got = d.sum(dev(a)); want = np.sum(a)",
    "sum_float64": "a = data('float64'); got = d.sum(dev(a)); want = np.sum(a)",
    "mean_float32": "a = data('float32'); got = d.mean(dev(a)); want = np.mean(a, dtype=np.float32)",
    "max_float32": "a = data('float32'); got = d.max(dev(a)); want = np.max(a)",
    "argmax_float64": "a = data('float64'); got = d.argmax(dev(a)); want = np.argmax(a)",
    "sum_axis_float64": "a = data('float64').reshape(40, 25); got = d.sum(dev(a), axis=0); want = a.sum(axis=0)",
    "cumsum_int32": "a = data('int32'); got = d.cumsum(dev(a)); want = np.cumsum(a, dtype=np.int32)",
    "cumsum_float64": "a = data('float64'); got = d.cumsum(dev(a)); want = np.cumsum(a)",
    "sort_float32": "a = data('float32'); got = d.sort(dev(a)); want = np.sort(a)",
    "sort_int32": "a = data('int32'); got = d.sort(dev(a)); want = np.sort(a)",
    "argsort_float64": "a = data('float64'); got = d.argsort(dev(a)); want = np.argsort(a, kind='stable')",
    "reshape_copy": "a = data('int32'); got = d.reshape(dev(a), (25, 40)).copy(); want = a.reshape(25, 40)",
    "transpose_copy": "a = data('float64').reshape(25, 40); got = d.ascontiguousarray(dev(a).T); "
                      "want = np.ascontiguousarray(a.T)",
    "matmul_int32": "a = data('int32').reshape(20, 50) % 17; b = data('int32', 1).reshape(50, 20) % 13; "
                    "got = d.matmul(dev(a), dev(b)); want = a @ b",
    "matmul_int64": "a = (data('int32').reshape(20, 50) % 17).astype(np.int64); "
                    "b = (data('int32', 1).reshape(50, 20) % 13).astype(np.int64); "
                    "got = d.matmul(dev(a), dev(b)); want = a @ b",
})

PRELUDE = """
import sys
import numpy as np
import dpctl
import dpnp as d
N = {n}
q = dpctl.SyclQueue({selector!r})
dev_ = q.sycl_device
if dev_.backend != dpctl.backend_type.level_zero:
    print("device is not a Level Zero device: " + str(dev_.backend)); sys.exit(3)
rng = np.random.default_rng(20261128)
def data(t, k=0):
    r = np.random.default_rng(20261128 + k)
    if t.startswith('int'):
        return r.integers(-1000, 1000, N).astype(t)
    return (r.standard_normal(N) * 10).astype(t)
def dev(a):
    return d.asarray(a, sycl_queue=q)
"""

COMPARE = """
g = d.asnumpy(got) if isinstance(got, d.ndarray) else np.asarray(got)
w = np.asarray(want)
if g.shape != w.shape:
    print(f"shape {g.shape} != {w.shape}"); sys.exit(1)
if np.issubdtype(w.dtype, np.floating):
    rtol = 1e-5 if w.dtype == np.float32 else 1e-12
    bad = ~np.isclose(g, w, rtol=rtol, atol=rtol * max(1.0, float(np.max(np.abs(w), initial=0))))
else:
    bad = g != w
if np.any(bad):
    i = np.flatnonzero(np.atleast_1d(bad))
    print(f"{len(i)} of {np.size(w)} differ, first at {i[0]}: "
          f"{np.atleast_1d(g).ravel()[i[0]]} != {np.atleast_1d(w).ravel()[i[0]]}")
    sys.exit(1)
print("ok")
"""


ZE_ERROR = re.compile(r"ERROR \((ZE_RESULT_ERROR_\w+)\) in (ze\w+)\((.*)")
# Failures the adapter expects and handles (optional extensions looked up).
ZE_EXPECTED = {"zeDriverGetExtensionFunctionAddress"}


def ze_diagnosis(src, timeout):
    """The first Level Zero call that failed when `src` runs with UR_L0_DEBUG=1, in a line."""
    env = dict(os.environ, UR_L0_DEBUG="1")
    try:
        r = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None
    for line in (r.stdout + r.stderr).splitlines():
        m = ZE_ERROR.search(line)
        if m and m.group(2) not in ZE_EXPECTED:
            kernel = re.search(r'pKernelName="([^"]*)"', m.group(3))
            what = f"{m.group(2)}: {m.group(1)}"
            if kernel:
                what += f" (kernel {kernel.group(1)[:110]})"
            return what
    return None


def run(name, code, selector, timeout, verbose, diagnose=True):
    src = PRELUDE.format(n=N, selector=selector) + code + "\n" + COMPARE
    try:
        r = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout} s"
    if r.returncode != 0 and diagnose and "backend failed" in r.stderr:
        ze = ze_diagnosis(src, timeout)
        if ze:
            r.stderr += f"\n[UR_L0_DEBUG: {ze}]"
    out = (r.stdout.strip().splitlines() or [""])[-1]
    if r.returncode == 0 and out == "ok":
        return True, "ok"
    err = [l for l in r.stderr.strip().splitlines() if l.strip()]
    if verbose and err:
        print("\n".join("    " + l for l in err[-15:]))
    diagnosis = [l for l in err if l.startswith("[UR_L0_DEBUG: ")]
    err = [l for l in err if not l.startswith("[UR_L0_DEBUG: ")]
    if r.returncode < 0:
        reason = f"killed by signal {-r.returncode}"
        if err:
            reason += ": " + err[-1][:200]
    elif r.returncode == 1 and out and not err:
        reason = out
    else:
        reason = (err[-1] if err else out or f"exit status {r.returncode}")[:300]
    if diagnosis:
        reason += " " + diagnosis[0]
    return False, reason


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checks", nargs="*", help="only these checks (default: all)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per check")
    ap.add_argument("--device", default="level_zero:0", help="dpctl device selector")
    ap.add_argument("-v", "--verbose", action="store_true", help="print failures' stderr")
    args = ap.parse_args()
    unknown = [c for c in args.checks if c not in CHECKS]
    if unknown:
        print(f"dpnp_check: unknown checks: {' '.join(unknown)}; known: {' '.join(CHECKS)}",
              file=sys.stderr)
        return 2
    names = args.checks or list(CHECKS)
    failed = []
    for name in names:
        ok, reason = run(name, CHECKS[name], args.device, args.timeout, args.verbose)
        print(f"{name:<20} {'ok' if ok else 'FAIL ' + reason}", flush=True)
        if not ok:
            failed.append(name)
    print(f"dpnp checks: {len(names) - len(failed)} ok, {len(failed)} failed"
          + (f" ({' '.join(failed)})" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
