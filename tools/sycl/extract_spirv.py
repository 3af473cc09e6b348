#!/usr/bin/env python3
"""Extracts the SPIR-V modules embedded in shared libraries.

SYCL programs (dpctl, dpnp, oneMKL) carry their device code as SPIR-V images inside their
shared libraries: plain, in zstd frames (oneMKL), or in clang's compressed offload bundles
(magic ``CCOB``). This script finds them all by scanning bytes:

* SPIR-V: the magic 0x07230203 (little-endian), then the instruction stream is walked from the
  5-word header (word count = w >> 16, opcode = w & 0xffff) until a zero count, the end of the
  data, or a word that cannot start an instruction (opcode 0 or above ~7000, or running past
  the end). The module is kept if it has an OpMemoryModel and at least one OpEntryPoint.
* zstd frames (28 B5 2F FD) and CCOB bundles are decompressed and scanned in turn.

Modules are deduplicated by content (SHA-1) and written as ``<sha1>.spv`` into the output
folder; counts per source library are printed (and with --json, written as JSON).

usage: extract_spirv.py [-o OUT] [--json FILE] [--venv DIR] PATH...
  PATH   shared libraries, folders (searched for *.so and *.so.N), or with --venv nothing:
         the venv's dpctl, dpnp and lib/libmkl_sycl*.so*
"""

import argparse
import glob
import hashlib
import json
import os
import struct
import sys
from array import array

SPIRV_MAGIC = b"\x03\x02\x23\x07"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
CCOB_MAGIC = b"CCOB"
OP_ENTRY_POINT = 15
OP_MEMORY_MODEL = 14
OP_FUNCTION = 54
OP_FUNCTION_END = 56
# What may follow an OpFunctionEnd at module level: another function, debug lines, non-semantic
# extended instructions (debug information). Anything else is past the module's end (another
# module's header, or data).
AFTER_FUNCTION_END = {OP_FUNCTION, 8, 317, 12}
MAGIC_WORD = 0x07230203
MAX_OPCODE = 7000  # well above every opcode in use (extensions go up to ~6500)
MAX_DEPTH = 3  # decompressed data inside decompressed data...

try:
    import zstandard  # type: ignore
except ImportError:  # the zstd CLI instead
    zstandard = None


def zstd_decompress(data, offset):
    """The first zstd frame at data[offset:], decompressed, or None if it is not one."""
    if zstandard is not None:
        # Fed in pieces until the frame ends: a frame's compressed size is not in its header,
        # and data after the frame is not zstd.
        dobj = zstandard.ZstdDecompressor().decompressobj()
        view = memoryview(data)
        parts = []
        pos, chunk = offset, 1 << 16
        try:
            while pos < len(data) and not dobj.eof:
                parts.append(dobj.decompress(view[pos : pos + chunk]))
                pos += chunk
                chunk = min(chunk * 2, 16 << 20)
        except zstandard.ZstdError:
            if not dobj.eof and not parts:
                return None
        out = b"".join(parts)
        return out or None
    import subprocess

    try:
        # Without the library: give the CLI the rest of the data (it stops at garbage).
        r = subprocess.run(
            ["zstd", "-d", "-c", "-q"], input=bytes(data[offset:]), capture_output=True
        )
    except OSError:
        return None
    return r.stdout or None


def ccob_decompress(data, offset):
    """A clang compressed offload bundle at data[offset:] (CCOB, version 1-3), decompressed.

    Layout: magic, u16 version, u16 method (0 zlib, 1 zstd), [v2: u32 total size /
    v3: u64 total size], u32/u64 uncompressed size, u64 hash, compressed data."""
    try:
        version, method = struct.unpack_from("<HH", data, offset + 4)
        pos = offset + 8
        if version == 1:
            total = None
            pos += 4
        elif version == 2:
            (total,) = struct.unpack_from("<I", data, pos)
            pos += 8
        elif version == 3:
            (total,) = struct.unpack_from("<Q", data, pos)
            pos += 16
        else:
            return None
        pos += 8  # hash
        end = offset + total if total else len(data)
        payload = memoryview(data)[pos:end]
        if method == 1:
            if data[pos : pos + 4] != ZSTD_MAGIC:
                return None
            return zstd_decompress(data, pos)
        if method == 0:
            import zlib

            return zlib.decompressobj().decompress(payload)
    except (struct.error, ValueError, MemoryError):
        return None
    except Exception:  # zlib.error and the like: not a bundle
        return None
    return None


# Modules without entry points (device libraries other modules import from), by SHA-1: kept
# apart (`--lib-out`), for a census that links them.
LIBRARY_MODULES = {}


def walk_module(words, start):
    """The length in words of the SPIR-V module starting at words[start], or None if it is
    not a module with an OpMemoryModel and an OpEntryPoint (one without entry points goes to
    LIBRARY_MODULES by its length's negation, see `scan`)."""
    n = len(words)
    i = start + 5
    if i > n:
        return None
    memory_model = entry_points = after_function = False
    while i < n:
        w = words[i]
        count = w >> 16
        op = w & 0xFFFF
        if count == 0 or op == 0 or op > MAX_OPCODE or i + count > n or w == MAGIC_WORD:
            break
        if after_function and op not in AFTER_FUNCTION_END:
            break
        after_function = op == OP_FUNCTION_END or (after_function and op != OP_FUNCTION)
        if op == OP_ENTRY_POINT:
            entry_points = True
        elif op == OP_MEMORY_MODEL:
            memory_model = True
        i += count
    if memory_model and entry_points:
        return i - start
    if memory_model:
        return start - i
    return None


def scan(data, found, depth=0, here=None):
    """Adds the SPIR-V modules in `data` (bytes) to `found` (sha1 -> bytes) and their SHA-1s
    to the set `here` if given; returns the numbers (modules seen, compressed frames
    decompressed)."""
    seen = frames = 0
    views = {}
    pos = data.find(SPIRV_MAGIC)
    while pos != -1:
        k = pos % 4
        if k not in views:
            usable = (len(data) - k) // 4 * 4
            a = array("I")
            a.frombytes(data[k : k + usable])
            if sys.byteorder != "little":
                a.byteswap()
            views[k] = a
        length = walk_module(views[k], (pos - k) // 4)
        if length is not None and length < 0:
            # A library module: kept apart, not counted.
            module = bytes(data[pos : pos - 4 * length])
            LIBRARY_MODULES.setdefault(hashlib.sha1(module).hexdigest(), module)
            pos = data.find(SPIRV_MAGIC, pos - 4 * length)
        elif length is not None:
            module = bytes(data[pos : pos + 4 * length])
            sha = hashlib.sha1(module).hexdigest()
            found.setdefault(sha, module)
            if here is not None:
                here.add(sha)
            seen += 1
            pos = data.find(SPIRV_MAGIC, pos + 4 * length)
        else:
            pos = data.find(SPIRV_MAGIC, pos + 4)
    views.clear()
    if depth >= MAX_DEPTH:
        return seen, frames
    for magic, decompress in ((ZSTD_MAGIC, zstd_decompress), (CCOB_MAGIC, ccob_decompress)):
        pos = data.find(magic)
        while pos != -1:
            inner = decompress(data, pos)
            if inner:
                frames += 1
                s, f = scan(bytes(inner), found, depth + 1, here)
                seen += s
                frames += f
            pos = data.find(magic, pos + 4)
    return seen, frames


def libraries(paths):
    """The shared libraries named by `paths` (files, or folders searched recursively)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(".so") or ".so." in f:
                        full = os.path.join(root, f)
                        if not os.path.islink(full):
                            out.append(full)
        elif os.path.isfile(p):
            out.append(p)
        else:
            print(f"extract_spirv: {p}: no such file or folder", file=sys.stderr)
    return sorted(set(out))


def venv_paths(venv):
    site = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages"))
    paths = []
    for s in site:
        paths += [os.path.join(s, "dpctl"), os.path.join(s, "dpnp")]
    paths += [
        f
        for f in glob.glob(os.path.join(venv, "lib", "libmkl_sycl*.so*"))
        if not os.path.islink(f)
    ]
    return paths


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="shared libraries or folders")
    ap.add_argument("-o", "--out", default="spirv-modules", help="output folder")
    ap.add_argument("--venv", help="scan this venv's dpctl, dpnp and oneMKL SYCL libraries")
    ap.add_argument("--lib-out", help="also write the modules without entry points (device "
                    "libraries other modules import from) to this folder")
    ap.add_argument("--json", help="write the counts, and the SHA-1s of each library's "
                    "modules, as JSON to this file")
    args = ap.parse_args()
    paths = list(args.paths)
    if args.venv:
        paths += venv_paths(args.venv)
    libs = libraries(paths)
    if not libs:
        print("extract_spirv: no shared library to scan", file=sys.stderr)
        return 2
    if zstandard is None:
        print("extract_spirv: python module zstandard missing; using the zstd CLI (slower)",
              file=sys.stderr)
    os.makedirs(args.out, exist_ok=True)
    found = {}
    rows = []
    print(f"{'library':<60} {'modules':>8} {'new':>8} {'frames':>7}")
    for lib in libs:
        before = len(found)
        try:
            with open(lib, "rb") as f:
                data = f.read()
        except OSError as e:
            print(f"extract_spirv: {lib}: {e.strerror}", file=sys.stderr)
            continue
        here = set()
        seen, frames = scan(data, found, here=here)
        del data
        new = len(found) - before
        if seen or frames:
            name = os.path.relpath(lib, os.path.commonpath(libs)) if len(libs) > 1 else lib
            print(f"{name:<60} {seen:>8} {new:>8} {frames:>7}", flush=True)
        rows.append({"library": lib, "modules": seen, "new": new, "frames": frames,
                     "distinct": len(here), "sha1": sorted(here)})
    entry_points = 0
    for sha, module in found.items():
        entry_points += count_entry_points(module)
        path = os.path.join(args.out, sha + ".spv")
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(module)
    if args.lib_out:
        os.makedirs(args.lib_out, exist_ok=True)
        for sha, module in LIBRARY_MODULES.items():
            with open(os.path.join(args.lib_out, sha + ".spv"), "wb") as f:
                f.write(module)
        print(f"{len(LIBRARY_MODULES)} library modules (no entry point) written to "
              f"{args.lib_out}")
    total_seen = sum(r["modules"] for r in rows)
    print(f"{len(libs)} libraries: {total_seen} modules found, {len(found)} distinct "
          f"({entry_points} entry points), written to {args.out}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"libraries": rows, "distinct": len(found),
                       "entry_points": entry_points}, f, indent=1)
    return 0


def count_entry_points(module):
    """The number of OpEntryPoint instructions (kernels) in a module."""
    a = array("I")
    a.frombytes(module[: len(module) // 4 * 4])
    if sys.byteorder != "little":
        a.byteswap()
    i, n, count = 5, len(a), 0
    while i < n:
        w = a[i]
        if w >> 16 == 0:
            break
        if w & 0xFFFF == OP_ENTRY_POINT:
            count += 1
        i += w >> 16
    return count


if __name__ == "__main__":
    sys.exit(main())
