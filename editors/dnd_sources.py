"""What the editor checks read from the rest of the repository.

Both checks (the TextMate one and the Pygments one) test the highlighters
against the project's own sources of truth rather than against copies:

- the reserved words: the keyword table in Sources/DndSyntax/Token.swift;
- the contextual declaration words: viewKind and interactionKind in grammar.ebnf;
- the delegate method names: the first column of docs/handlers.md;
- the builtin names, when the checker's catalogue exists:
  Sources/DndCheck/BuiltinCatalogue.swift;
- the scripts to highlight: examples/*.dnd and Tests/**/*.dnd.

Only the standard library is used, so both checks can import this module.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# A spec line that expects a syntax error may hold what the lexer rejects
# (Tests/DndCLITests/Spec/README.md: "// expect error: x").
EXPECTS_ERROR = re.compile(r"//\s*expect error:")


def repository_root() -> Path:
    """The repository around this file (editors/ is one level down), unless
    DND_EDITORS_ROOT names another checkout to test against."""
    override = os.environ.get("DND_EDITORS_ROOT")
    return Path(override).resolve() if override else Path(__file__).resolve().parent.parent


def script_files(root: Path) -> list[Path]:
    """Every example and test script, in a stable order."""
    files = sorted((root / "examples").glob("*.dnd"))
    files += sorted((root / "Tests").glob("**/*.dnd"))
    return files


def read_script(path: Path) -> str:
    """A script's text. Bytes that are not UTF-8 (a spec has some on purpose)
    become U+FFFD, as an editor shows them."""
    return path.read_bytes().decode("utf-8", errors="replace")


def lines_expecting_errors(text: str) -> set[int]:
    """The 1-based numbers of the lines that say a syntax error is expected there."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return {number for number, line in enumerate(lines, start=1) if EXPECTS_ERROR.search(line)}


def _read(root: Path, relative: str) -> str:
    path = root / relative
    if not path.is_file():
        raise SystemExit(f"{relative}: not found; the editor checks read it to stay in sync")
    return path.read_text(encoding="utf-8")


def reserved_words(root: Path) -> list[str]:
    """The reserved words, from TokenKind.keywords in Token.swift."""
    text = _read(root, "Sources/DndSyntax/Token.swift")
    table = re.search(r"static let keywords[^=]*=\s*\[(.*?)\]", text, re.S)
    words = re.findall(r'"([A-Za-z_]+)"\s*:\s*\.kw', table.group(1) if table else "")
    if not words:
        raise SystemExit("Sources/DndSyntax/Token.swift: no keyword table found (TokenKind.keywords)")
    return sorted(set(words))


def _production_words(root: Path, name: str) -> list[str]:
    text = _read(root, "grammar.ebnf")
    production = re.search(r"^" + name + r"\s*=(.*?);", text, re.S | re.M)
    words = re.findall(r'"([A-Za-z_]+)"', production.group(1) if production else "")
    if not words:
        raise SystemExit(f"grammar.ebnf: production {name} not found")
    return words


def view_kinds(root: Path) -> list[str]:
    """The view kinds, from the viewKind production."""
    return _production_words(root, "viewKind")


def interaction_kinds(root: Path) -> list[str]:
    """The interaction kinds, from the interactionKind production."""
    return _production_words(root, "interactionKind")


def handler_names(root: Path) -> list[str]:
    """The delegate method names a script writes: the first cell of every table
    row in docs/handlers.md ("moveRowAt (table) / moveItemAt (collection)" gives two)."""
    names: list[str] = []
    for line in _read(root, "docs/handlers.md").splitlines():
        if not line.startswith("|"):
            continue
        cell = line.split("|")[1].strip()
        for part in cell.split("/"):
            word = re.sub(r"\(.*?\)", "", part).strip()
            if IDENTIFIER.match(word) and word != "script" and word not in names:
                names.append(word)
    if not names:
        raise SystemExit("docs/handlers.md: no handler names found")
    return names


def builtin_names(root: Path) -> list[str] | None:
    """Every builtin spelling in the checker's catalogue, or None before it exists."""
    path = root / "Sources/DndCheck/BuiltinCatalogue.swift"
    if not path.is_file():
        return None
    return re.findall(r'case \.\w+:\s*"([A-Za-z_][A-Za-z0-9_]*)"', path.read_text(encoding="utf-8"))
