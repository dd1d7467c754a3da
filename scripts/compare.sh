#!/usr/bin/env bash
# Compares the language with CPython 3.11 (and Lua 5.4 when installed) on the
# reference workloads: whole-process wall time, median of RUNS runs after one
# warm-up, taken pairwise (each round runs every runner once, in turn), and
# prints each median and the ratio of dnd to the others.
#
#   scripts/compare.sh [NAME...]        RUNS=7 scripts/compare.sh fib loop
#   DND=/tmp/other/dnd scripts/compare.sh
#
# Programs: /work/shared/bench/{py,lua} when present, else the repository's
# own bench/*.py and bench/*.lua. The language's side is bench/NAME.dnd run by
# the release dnd (built here first).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
PYTHON=${PYTHON:-/usr/bin/python3.11}
LUA=${LUA:-$(command -v lua5.4 || command -v lua || true)}
SHARED=${SHARED:-/work/shared/bench}
NAMES=("$@")
if [ ${#NAMES[@]} -eq 0 ]; then NAMES=(fib loop records strbuild closure hittest empty); fi

if [ -z "${DND:-}" ]; then # DND=path/to/dnd compares another build
  swift build -c release --product dnd >/dev/null
  DND=$(swift build -c release --show-bin-path)/dnd
fi

program() { # language name -> path
  local lang=$1 name=$2
  if [ -f "$SHARED/$lang/$name.$lang" ]; then
    echo "$SHARED/$lang/$name.$lang"
  else
    echo "bench/$name.$lang"
  fi
}

# Seconds one command takes, whole process.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

if [ ! -x "$PYTHON" ]; then echo "no $PYTHON"; exit 1; fi
if [ -z "$LUA" ]; then echo "(Lua 5.4 not installed: skipping Lua)"; fi
printf '%-10s %10s %10s %10s %9s %9s\n' workload dnd cpython lua dnd/py dnd/lua
product_py=1; product_lua=1; counted=0
for name in "${NAMES[@]}"; do
  dnd_file=bench/$name.dnd
  py_file=$(program py "$name")
  lua_file=$(program lua "$name")
  # One warm-up each, and a check that all print the same.
  expected=$("$PYTHON" "$py_file")
  got=$("$DND" run "$dnd_file")
  if [ "$got" != "$expected" ]; then
    echo "$name: dnd printed '$got', python '$expected'"
    exit 1
  fi
  if [ -n "$LUA" ]; then "$LUA" "$lua_file" >/dev/null; fi
  d=(); p=(); l=()
  for _ in $(seq "$RUNS"); do
    d+=("$(seconds "$DND" run "$dnd_file")")
    p+=("$(seconds "$PYTHON" "$py_file")")
    if [ -n "$LUA" ]; then l+=("$(seconds "$LUA" "$lua_file")"); fi
  done
  dm=$(printf '%s\n' "${d[@]}" | median)
  pm=$(printf '%s\n' "${p[@]}" | median)
  rp=$(echo "$dm / $pm" | bc -l)
  if [ -n "$LUA" ]; then
    lm=$(printf '%s\n' "${l[@]}" | median)
    rl=$(echo "$dm / $lm" | bc -l)
    printf '%-10s %9.3fs %9.3fs %9.3fs %8.2fx %8.2fx\n' "$name" "$dm" "$pm" "$lm" "$rp" "$rl"
  else
    printf '%-10s %9.3fs %9.3fs %10s %8.2fx %9s\n' "$name" "$dm" "$pm" - "$rp" -
  fi
  if [ "$name" != empty ]; then
    product_py=$(echo "$product_py * $rp" | bc -l)
    if [ -n "$LUA" ]; then product_lua=$(echo "$product_lua * $rl" | bc -l); fi
    counted=$((counted + 1))
  fi
done
if [ "$counted" -gt 0 ]; then
  gp=$(echo "e(l($product_py) / $counted)" | bc -l)
  if [ -n "$LUA" ]; then
    gl=$(echo "e(l($product_lua) / $counted)" | bc -l)
    printf '%-10s %10s %10s %10s %8.2fx %8.2fx\n' geomean '' '' '' "$gp" "$gl"
  else
    printf '%-10s %10s %10s %10s %8.2fx %9s\n' geomean '' '' '' "$gp" -
  fi
fi
