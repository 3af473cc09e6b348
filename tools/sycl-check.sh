#!/usr/bin/env bash
# Runs Intel's SYCL stack (dpctl, dpnp, oneMKL) on the CPU Level Zero driver and checks it:
#   (a) dpctl's test suite with the v1 adapter, the v2 adapter and two sub-devices: 0 failed,
#       0 errors each;
#   (b) tools/sycl/dpnp_check.py: dpnp against NumPy;
#   (c) the SPIR-V census: every module dpctl, dpnp and oneMKL embed, built through the driver
#       by ze-build (per library, and the top reasons); the share of modules built must reach
#       SYCL_CHECK_MIN_MODULES (default 85) %, the share of entry points created as kernels
#       SYCL_CHECK_MIN_KERNELS (default 85) %.
# Prints a summary table; exits 1 if any part falls short.
#
# Environment:
#   ZE_LOADER_DIR           the lib folder of Intel's Level Zero loader >= 1.19 (required)
#   ZE_CPU_DRIVER           a built liblevel_zero_cpu_icd.so (default: built here, --release)
#   SYCL_VENV               the venv to use or create (default: $TMPDIR/oneapi-rs-sycl-venv)
#   SYCL_CHECK_MIN_MODULES  census threshold in percent of modules built (default 85)
#   SYCL_CHECK_MIN_KERNELS  census threshold in percent of entry points created as kernels
#                           (default 85)
#   SYCL_CHECK_PARTS        parts to run among "dpctl dpnp census" (default: all three)
#   SYCL_CHECK_WORK         work folder (default: a new one in $TMPDIR)
#   SYCL_CHECK_THREADS      modules the census builds at once (default 1)
#   PYTEST_TIMEOUT          seconds per dpctl test (default 120)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
tmp=${TMPDIR:-/tmp}
venv=${SYCL_VENV:-$tmp/oneapi-rs-sycl-venv}
min_modules=${SYCL_CHECK_MIN_MODULES:-85}
min_kernels=${SYCL_CHECK_MIN_KERNELS:-85}
parts=${SYCL_CHECK_PARTS:-dpctl dpnp census}
pytest_timeout=${PYTEST_TIMEOUT:-120}

if [[ -z "${ZE_LOADER_DIR:-}" ]]; then
    cat <<'MSG'
sycl-check: ZE_LOADER_DIR is not set: nothing run.
Intel's SYCL runtime (its Unified Runtime Level Zero adapter) needs a Level Zero loader
>= 1.19 (Debian 12's libze1 1.8 is too old). Build one from https://github.com/oneapi-src/level-zero:
    git clone https://github.com/oneapi-src/level-zero && cd level-zero
    mkdir build && cd build && cmake .. -DCMAKE_BUILD_TYPE=Release && make -j ze_loader ze_tracing_layer
then run:  ZE_LOADER_DIR=$PWD/lib tools/sycl-check.sh
MSG
    exit 0
fi
if ! compgen -G "$ZE_LOADER_DIR/libze_loader.so*" >/dev/null; then
    echo "sycl-check: no libze_loader.so in ZE_LOADER_DIR=$ZE_LOADER_DIR" >&2
    exit 2
fi
# The loader opens libze_tracing_layer.so.1 by name: without one of its own version beside it,
# an older one (Debian's libze1 1.8) makes zeInit fail with ZE_RESULT_ERROR_UNSUPPORTED_VERSION.
if ! compgen -G "$ZE_LOADER_DIR/libze_tracing_layer.so.1*" >/dev/null; then
    echo "sycl-check: no libze_tracing_layer.so.1 in ZE_LOADER_DIR=$ZE_LOADER_DIR: build it with" \
        "the loader (make ze_loader ze_tracing_layer); an older one elsewhere fails zeInit" >&2
    exit 2
fi

# The venv: reused if it has everything, else created or completed.
py=$venv/bin/python
if ! [[ -x $py ]] || ! "$py" -c 'import dpctl, dpnp, pytest, pytest_timeout, Cython, zstandard' 2>/dev/null; then
    echo "== venv $venv: installing dpctl dpnp pytest pytest-timeout Cython zstandard"
    [[ -x $py ]] || python3 -m venv "$venv"
    "$py" -m pip install -q --upgrade pip
    "$py" -m pip install -q dpctl dpnp pytest pytest-timeout Cython zstandard
fi

# The driver.
if [[ -n "${ZE_CPU_DRIVER:-}" ]]; then
    driver=$ZE_CPU_DRIVER
    [[ -f $driver ]] || { echo "sycl-check: ZE_CPU_DRIVER=$driver: no such file" >&2; exit 2; }
else
    echo "== building the CPU driver (cargo build --release -p level-zero-cpu-icd)"
    (cd "$root" && cargo build --release -p level-zero-cpu-icd)
    target=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
        "$py" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
    driver=$target/release/liblevel_zero_cpu_icd.so
fi
driver=$(cd "$(dirname "$driver")" && pwd)/$(basename "$driver")

work=${SYCL_CHECK_WORK:-$(mktemp -d "$tmp/sycl-check.XXXXXX")}
mkdir -p "$work"
echo "== driver $driver; loader $ZE_LOADER_DIR; venv $venv; logs in $work"

# Intel's SYCL stack on the CPU driver, through the loader.
export LD_LIBRARY_PATH="$ZE_LOADER_DIR:$venv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export ZE_ENABLE_ALT_DRIVERS=$driver
export ONEAPI_DEVICE_SELECTOR='level_zero:*'
export LEVEL_ZERO_CPU_DEVICE_TYPE=gpu

declare -a names=() results=() verdicts=()
failed=0
record() { # name, result text, ok|FAIL
    names+=("$1"); results+=("$2"); verdicts+=("$3")
    [[ $3 == ok ]] || failed=1
    echo "-- $1: $2 [$3]"
}
has_part() { [[ " $parts " == *" $1 "* ]]; }

# (a) dpctl's suite, three ways.
dpctl_tests=$("$py" -c 'import dpctl, os; print(os.path.join(os.path.dirname(dpctl.__file__), "tests"))')
run_dpctl() { # label, then VAR=value settings
    local label=$1 log
    shift
    log=$work/dpctl-$label.log
    echo "== dpctl tests ($label)"
    env "$@" "$py" -m pytest -q --timeout="$pytest_timeout" -p no:cacheprovider "$dpctl_tests" >"$log" 2>&1 || true
    local line
    line=$(grep -E '^(=+ )?[0-9]+ (passed|failed|error)' "$log" | tail -n 1 | tr -d '=' | sed 's/^ *//;s/ *$//')
    [[ -n $line ]] || line="no summary (crashed? see $log)"
    if [[ $line == *passed* ]] && ! grep -qE '(^|, )[0-9]+ (failed|errors?)' <<<"$line"; then
        record "dpctl suite, $label" "$line" ok
    else
        record "dpctl suite, $label" "$line" FAIL
    fi
}
if has_part dpctl; then
    run_dpctl v1 SYCL_UR_USE_LEVEL_ZERO_V2=0
    run_dpctl v2 SYCL_UR_USE_LEVEL_ZERO_V2=1
    run_dpctl subdevices LEVEL_ZERO_CPU_SUBDEVICES=2
fi

# (b) dpnp against NumPy.
if has_part dpnp; then
    echo "== dpnp checks"
    status=ok
    "$py" "$here/sycl/dpnp_check.py" >"$work/dpnp.log" 2>&1 || status=FAIL
    cat "$work/dpnp.log"
    record "dpnp checks" "$(tail -n 1 "$work/dpnp.log" | sed 's/^dpnp checks: //')" "$status"
fi

# (c) the census.
if has_part census; then
    echo "== SPIR-V census: extracting"
    # Modules without entry points are device libraries (oneMKL's vm functions): ze-build links
    # a module with them when some of its kernels are not created (zeModuleDynamicLink).
    "$py" "$here/sycl/extract_spirv.py" --venv "$venv" -o "$work/spv" --lib-out "$work/lib" \
        --json "$work/extract.json" | tail -n 2
    echo "== SPIR-V census: building with ze-build"
    (cd "$root" && cargo build -p oneapi-tools --bin ze-build)
    target=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
        "$py" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
    status=0
    ONEAPI_RS_BACKEND=$driver "$target/debug/ze-build" --json --per-module \
        --threads "${SYCL_CHECK_THREADS:-1}" --link "$work/lib" "$work/spv" >"$work/census.json" ||
        status=$?
    if [[ $status -ne 0 ]]; then
        record "SPIR-V census" "ze-build failed (exit status $status)" FAIL
    else
        verdict=ok
        line=$("$py" - "$work/census.json" "$min_modules" "$work/extract.json" "$min_kernels" <<'PY'
import json, os, sys
r = json.load(open(sys.argv[1]))
share = 100.0 * r["modules_built"] / max(r["modules"], 1)
per = {os.path.basename(m["file"])[:-4]: m for m in r.get("per_module") or []}
print(f"   {'library':<44} {'built':>13} {'kernels created':>17}", file=sys.stderr)
for lib in json.load(open(sys.argv[3]))["libraries"]:
    mods = [per[h] for h in lib.get("sha1", []) if h in per]
    if mods:
        built = sum(m["built"] for m in mods)
        print(f"   {os.path.basename(lib['library'])[:44]:<44} {built:>6}/{len(mods):<6} "
              f"{sum(m['kernels_created'] for m in mods):>8}/{sum(m['entry_points'] for m in mods):<8}",
              file=sys.stderr)
for title, key in (("build failures", "build_failures"), ("kernel failures", "kernel_failures")):
    print(f"   top {title}:", file=sys.stderr)
    for f in r[key][:10]:
        print(f"   {f['count']:>7}  {f['example'][:160]}", file=sys.stderr)
kshare = 100.0 * r["kernels_created"] / max(r["entry_points"], 1)
print(f'{r["modules_built"]}/{r["modules"]} modules built ({share:.1f} %, need {sys.argv[2]} %), '
      f'{r["kernels_created"]}/{r["entry_points"]} entry points created as kernels '
      f'({kshare:.1f} %, need {sys.argv[4]} %; {r["kernels_named"]} named)')
sys.exit(0 if share >= float(sys.argv[2]) and kshare >= float(sys.argv[4]) else 1)
PY
        ) || verdict=FAIL
        record "SPIR-V census" "$line" "$verdict"
    fi
fi

echo
echo "== summary (logs in $work)"
for i in "${!names[@]}"; do
    printf '%-26s %-5s %s\n' "${names[$i]}" "${verdicts[$i]}" "${results[$i]}"
done
exit "$failed"
