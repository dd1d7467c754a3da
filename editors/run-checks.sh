#!/usr/bin/env bash
# Runs every editor check: the TextMate grammar with a real engine, then the
# Pygments lexer's tests, both in the virtual environment check-textmate.sh makes.
#
# Usage: bash editors/run-checks.sh    (from any directory)
set -euo pipefail

editors="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$editors")"
venv="${DND_EDITORS_VENV:-$root/.build-editors-venv}"

status=0
bash "$editors/check-textmate.sh" || status=1
if [[ -x "$venv/bin/python" ]]; then
  "$venv/bin/python" "$editors/test_pygments_dnd.py" || status=1
else
  echo "run-checks: no virtual environment at $venv, so the Pygments tests did not run" >&2
  status=1
fi
exit "$status"
