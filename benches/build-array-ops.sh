#!/usr/bin/env bash
# Rebuilds benches/array_ops.spv from array_ops.cl with the flags kernels/build.sh uses.
# Tools (Debian bookworm): apt-get install -y clang-15 llvm-spirv-15 spirv-tools
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
clang-15 -c -target spir64 -O2 -emit-llvm -cl-std=CL1.2 -fno-slp-vectorize \
    -o "$TMP/array_ops.bc" "$HERE/array_ops.cl"
llvm-spirv-15 --spirv-max-version=1.0 "$TMP/array_ops.bc" -o "$HERE/array_ops.spv"
spirv-val --target-env opencl1.2 "$HERE/array_ops.spv"
