#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then ThreadSanitizer,
# each in its own scratch build directory (so the normal debug build is not
# rebuilt), and prints how long each took. Exits non-zero if either fails.
#
#   scripts/sanitizers.sh [address|thread]...     (default: both)
#
# SWIFT_BACKTRACE=enable=no lets the sanitizer print its own report.
# detect_stack_use_after_return=0: with it, ASan moves locals to a heap
# "fake stack", and the interpreter's native stack guard (NativeStack), which
# reads the address of a local, would see the heap instead of the stack.
# XCTest's runner keeps objects alive until exit: its leaks are suppressed.
set -euo pipefail

cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_stack_use_after_return=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
sanitizers=("$@")
((${#sanitizers[@]})) || sanitizers=(address thread)

status=0
for sanitizer in "${sanitizers[@]}"; do
  start=$SECONDS
  log=".build/sanitizer-$sanitizer.log"
  mkdir -p .build
  echo "sanitizers: swift test --sanitize=$sanitizer (log: $log)"
  if swift test --sanitize="$sanitizer" \
    --scratch-path ".build/sanitize-$sanitizer" >"$log" 2>&1; then
    echo "sanitizers: $sanitizer clean in $((SECONDS - start)) s"
  else
    echo "sanitizers: $sanitizer FAILED after $((SECONDS - start)) s; the end of the log:" >&2
    grep -E "ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY|✘|error:" "$log" \
      | head -40 >&2 || true
    tail -20 "$log" >&2
    status=1
  fi
done
exit $status
