#!/usr/bin/env bash
# Fuzzes the whole pipeline with libFuzzer for SECONDS (default 60), then
# prints how many inputs ran and how many per second. Exits non-zero if an
# input crashed, hung (over 30 s) or broke one of FuzzTarget's properties;
# the input is then in .build/fuzz/artifacts.
#
#   scripts/fuzz.sh [SECONDS] [libFuzzer options...]
#
# The seed corpus is made here from examples/ and the spec files (each once
# per mode: the first byte picks it, see Sources/DndFuzz/FuzzTarget.swift)
# plus fuzz/regressions; what the fuzzer finds accumulates in
# .build/fuzz/corpus across runs. To replay one input without libFuzzer's
# loop: .build/fuzz/dnd-fuzz FILE.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true

echo "fuzz: building dnd-fuzz (release, -sanitize=fuzzer)"
swift build -c release --product dnd-fuzz --sanitize=fuzzer
binary="$(swift build -c release --sanitize=fuzzer --show-bin-path)/dnd-fuzz"

work=.build/fuzz
seeds="$work/seeds"
corpus="$work/corpus"
artifacts="$work/artifacts"
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$artifacts"
ln -sf "$binary" "$work/dnd-fuzz"

count=0
shopt -s nullglob globstar
for script in examples/*.dnd Tests/DndCLITests/Spec/**/*.dnd; do
  for mode in 0 1 2; do
    { printf "\\x0$mode"; cat "$script"; } >"$seeds/$(basename "$script" .dnd)-$count-$mode"
  done
  count=$((count + 1))
done
for input in fuzz/regressions/*; do
  [[ "$(basename "$input")" == README.md ]] || cp "$input" "$seeds/"
done
echo "fuzz: $count scripts in the seed corpus, $(ls "$corpus" | wc -l) inputs kept from earlier runs"

log="$work/last-run.log"
status=0
# SWIFT_BACKTRACE=enable=no: without it Swift's backtracer handles a trap
# and libFuzzer never sees the crash.
SWIFT_BACKTRACE=enable=no "$binary" \
  -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=16384 \
  -dict=fuzz/dnd.dict -artifact_prefix="$artifacts/" -print_final_stats=1 \
  -error_exitcode=77 -timeout_exitcode=78 "$@" \
  "$corpus" "$seeds" >"$log" 2>&1 || status=$?

runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
echo "fuzz: ${runs:-?} inputs run in ${seconds} s, ${rate:-?} per second (log: $log)"
if ((status != 0)); then
  echo "fuzz: FAILED (status $status); the last lines of the log:" >&2
  tail -40 "$log" >&2
  ls -1 "$artifacts" >&2
  exit 1
fi
echo "fuzz: no crash"
