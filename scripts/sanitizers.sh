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
# detect_leaks=0: LeakSanitizer finds reference cycles left by a drop with
# loadObjects (kilobytes per run, until the process exits), which fail
# every test that runs the binary; a known issue, not a memory error.
# LEAKS=1 turns leak detection back on (XCTest's own leaks suppressed).
# One test is skipped: it checks that the default call depth fits the
# interpreter's stack in a plain debug build, and a sanitizer's frames are
# several times larger (the stack guard then stops the script, correctly,
# with nativeStackExhausted instead of reaching the call-depth limit).
set -euo pipefail

cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
# The hang guards of the tests allow for the sanitizers' slowness (BadInputTests).
export DND_SANITIZER=1
leaks=$([[ "${LEAKS:-0}" == 1 ]] && echo 1 || echo 0)
export ASAN_OPTIONS="detect_stack_use_after_return=0:detect_leaks=$leaks${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
sanitizers=("$@")
((${#sanitizers[@]})) || sanitizers=(address thread)

status=0
for sanitizer in "${sanitizers[@]}"; do
  start=$SECONDS
  log=".build/sanitizer-$sanitizer.log"
  mkdir -p .build
  echo "sanitizers: swift test --sanitize=$sanitizer (log: $log)"
  if swift test --sanitize="$sanitizer" --skip defaultCallDepthLeavesRoomForNestedExpressions \
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
