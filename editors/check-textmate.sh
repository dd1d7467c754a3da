#!/usr/bin/env bash
# Checks the TextMate grammar editors/dnd.tmLanguage.json with a real TextMate
# engine: textmate-grammar-python on Oniguruma, pinned in requirements-check.txt
# and installed from PyPI into a virtual environment in .build-editors-venv/
# (ignored by git; set DND_EDITORS_VENV to put it elsewhere). The environment is
# made once and remade when the requirements or the Python change.
#
# Usage: editors/check-textmate.sh     (from any directory; needs python3 >= 3.10,
#                                        and network access to PyPI the first time)
set -euo pipefail

editors="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$editors")"
venv="${DND_EDITORS_VENV:-$root/.build-editors-venv}"
requirements="$editors/requirements-check.txt"
python="${PYTHON:-python3}"

if ! command -v "$python" >/dev/null 2>&1; then
  echo "check-textmate: $python not found" >&2
  exit 2
fi
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
  echo "check-textmate: needs Python 3.10 or newer, $python is $("$python" --version 2>&1)" >&2
  exit 2
fi

# What the environment was made from: the pinned requirements and the Python.
wanted="$(cat "$requirements"; "$python" -c 'import sys; print(sys.executable, sys.version)')"
stamp="$venv/.made-from"
if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$wanted" ]]; then
  echo "check-textmate: installing the engine into $venv"
  rm -rf "$venv"
  if "$python" -m venv "$venv" >/dev/null 2>&1 && [[ -x "$venv/bin/pip" ]]; then
    pip=("$venv/bin/python" -m pip)
  else
    # A Python without ensurepip (Debian without python3-venv): an environment
    # without pip, filled by the system's pip.
    rm -rf "$venv"
    "$python" -m venv --without-pip "$venv"
    pip=("$python" -m pip --python "$venv/bin/python")
  fi
  if ! "${pip[@]}" install --quiet --disable-pip-version-check --no-input -r "$requirements"; then
    echo "check-textmate: could not install the engine from PyPI (see above)" >&2
    exit 2
  fi
  printf '%s' "$wanted" > "$stamp"
fi

exec "$venv/bin/python" "$editors/check_textmate.py" --root "$root" "$@"
