#!/usr/bin/env bash
# Regenerates level-zero-sys/src/bindings.rs from the pinned headers with bindgen.
# Needs libclang (Debian: libclang-dev). With --check, fails if the committed file differs.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
LEVEL_ZERO_SYS_BINDINGS_COPY="$out" cargo build -q -p level-zero-sys --features regenerate
if [ "${1:-}" = "--check" ]; then
    diff -u src/bindings.rs "$out" >/dev/null || { echo "src/bindings.rs differs from what bindgen generates:"; diff -u src/bindings.rs "$out" | head -40; exit 1; }
    echo "bindings.rs is reproduced exactly by bindgen"
else
    cp "$out" src/bindings.rs
    echo "wrote src/bindings.rs ($(wc -l < src/bindings.rs) lines)"
fi
