#!/usr/bin/env bash
# Rebuilds examples/saxpy.spv from saxpy.cl with the flags kernels/build.sh uses.
# Tools (Debian bookworm): apt-get install -y clang-15 llvm-spirv-15 spirv-tools
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
clang-15 -c -target spir64 -O2 -emit-llvm -cl-std=CL1.2 -fno-slp-vectorize \
    -o "$TMP/saxpy.bc" "$HERE/saxpy.cl"
llvm-spirv-15 --spirv-max-version=1.0 "$TMP/saxpy.bc" -o "$HERE/saxpy.spv"
spirv-val --target-env opencl1.2 "$HERE/saxpy.spv"
