"""Checks editors/dnd.tmLanguage.json with a real TextMate engine.

editors/check-textmate.sh runs this inside a virtual environment holding the
pinned textmate-grammar-python, a TextMate tokenizer for Python that uses
Oniguruma (the regex engine of TextMate and VS Code) through onigurumacffi.

It fails, printing file:line:col for each problem, when
- the grammar is not JSON, an include names no rule, or a regex does not compile;
- the engine cannot load the grammar;
- a line of examples/*.dnd or Tests/**/*.dnd gets an invalid.illegal scope
  (allowed only on a spec line that says "// expect error: ..."), or a
  character outside whitespace gets no scope at all;
- a piece of dnd does not get the scope it is meant to (the expectations below),
  including every reserved word of Token.swift, every view and interaction kind
  of grammar.ebnf and every delegate name of docs/handlers.md.

Usage: python check_textmate.py [--root DIR] [--grammar FILE]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
import threading
from pathlib import Path

import onigurumacffi

import dnd_sources

DEFAULT_GRAMMAR = Path(__file__).resolve().parent / "dnd.tmLanguage.json"

# The parser refuses nesting deeper than this (SyntaxLimits.maxNestingDepth).
# A spec file nests thousands deep on purpose; the engine here is recursive and
# slows down with depth, so such a file is reported as skipped, not tokenised.
MAX_NESTING = 128

# A token: its column, its text and its scopes, outermost first.
Token = tuple[int, str, list[str]]


class Report:
    """Collects problems as "where: what" lines and counts the cases run."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.passed = 0
        self.failed = 0

    def case(self, problems: list[str]) -> None:
        """Records one case (a file, an expectation) with its problems, if any."""
        self.problems += problems
        if problems:
            self.failed += 1
        else:
            self.passed += 1


# ------------------------------------------------------------------ the grammar

def load_grammar(path: Path) -> tuple[dict | None, list[str]]:
    """The grammar as JSON, or the reason it is not JSON."""
    name = path.name
    try:
        return json.loads(path.read_text(encoding="utf-8")), []
    except json.JSONDecodeError as error:
        return None, [f"{name}:{error.lineno}:{error.colno}: not JSON: {error.msg}"]
    except OSError as error:
        return None, [f"{name}: cannot read: {error}"]


def structural_problems(grammar: dict, name: str) -> list[str]:
    """Regexes that Oniguruma rejects and includes that name no rule, by JSON path."""
    problems: list[str] = []
    if grammar.get("scopeName") != "source.dnd":
        problems.append(f"{name}: scopeName is {grammar.get('scopeName')!r}, not 'source.dnd'")
    repository = grammar.get("repository", {})

    def walk(node: object, path: str) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{path}[{index}]")
            return
        if not isinstance(node, dict):
            return
        for key in ("match", "begin", "end", "while"):
            if isinstance(node.get(key), str):
                try:
                    onigurumacffi.compile(node[key])
                except onigurumacffi.OnigError as error:
                    problems.append(f"{name}: {path}.{key}: regex does not compile: {error}")
        include = node.get("include")
        if isinstance(include, str) and include not in ("$self", "$base"):
            if not include.startswith("#") or include[1:] not in repository:
                problems.append(f"{name}: {path}.include: no rule {include!r} in the repository")
        for key, value in node.items():
            walk(value, f"{path}.{key}")

    walk(grammar, "$")
    return problems


def make_engine(grammar: dict):
    """The engine's parser for the grammar.

    textmate-grammar-python 0.6.1 loses a character after a begin/end rule that
    directly contains itself: in "f(a(b))" the last ")" is skipped, because it
    asks `parser == self` to notice such nesting and then steps one character on.
    TextMate and VS Code do no such thing, and a grammar for a language with
    nested parentheses cannot avoid that nesting. Begin/end parsers are made to
    never compare equal, which turns that branch off; everything that looks them
    up by identity (list.index, dictionary keys) is unaffected. The self-test in
    engine_problems shows the engine then nests correctly.
    """
    from textmate_grammar.parser import BeginEndParser
    from textmate_grammar.parsers.base import LanguageParser

    BeginEndParser.__eq__ = lambda self, other: False  # type: ignore[method-assign]
    # It logs every stretch of plain text inside a string as a warning.
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    return LanguageParser(grammar)


def tokenize(engine, text: str) -> list[list[Token]]:
    """The tokens of each line (0-based line index)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    result: list[list[Token]] = [[] for _ in lines]
    if not text.strip():
        return result  # the engine cannot take a file with nothing in it
    element = engine.parse_string(text)
    if element is None:
        raise RuntimeError("the engine gave no tokens")
    for (line, column), content, scopes in element.flatten():
        expanded = [part for scope in scopes for part in scope.split()]
        result[line].append((column, content, expanded))
    return result


def scopes_at(tokens: list[list[Token]], line: int, column: int) -> list[str]:
    """The scopes of the character at a 0-based line and column."""
    for start, content, scopes in tokens[line]:
        if start <= column < start + len(content):
            return scopes
    return []


def has_scope(scopes: list[str], wanted: str) -> bool:
    """Whether `wanted` or a more specific scope under it is among `scopes`."""
    return any(scope == wanted or scope.startswith(wanted + ".") for scope in scopes)


def engine_problems(engine) -> list[str]:
    """The engine itself must nest begin/end rules correctly."""
    tokens = tokenize(engine, "let v = f(a(b)) + 1\n")
    closing = scopes_at(tokens, 0, 14)
    after = scopes_at(tokens, 0, 18)
    if not has_scope(closing, "punctuation.section.parens.end") or has_scope(after, "meta.parens"):
        return ["engine: nested parentheses are not tokenised as TextMate does ('f(a(b)) + 1')"]
    return []


def vscode_problems(grammar: dict) -> list[str]:
    """editors/vscode/package.json contributes this grammar under the language id dnd."""
    folder = Path(__file__).resolve().parent / "vscode"
    try:
        package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
        configuration = json.loads((folder / "language-configuration.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        return [f"editors/vscode: {error}"]
    contributes = package.get("contributes", {})
    languages = contributes.get("languages", [{}])
    grammars = contributes.get("grammars", [{}])
    problems = []
    if languages[0].get("id") != "dnd" or ".dnd" not in languages[0].get("extensions", []):
        problems.append("editors/vscode/package.json: the language must be id 'dnd' for '.dnd' files")
    if grammars[0].get("language") != "dnd" or grammars[0].get("scopeName") != grammar.get("scopeName"):
        problems.append("editors/vscode/package.json: the grammar must be for 'dnd', scope "
                        f"{grammar.get('scopeName')!r}")
    if Path(grammars[0].get("path", "")).name != DEFAULT_GRAMMAR.name:
        problems.append(f"editors/vscode/package.json: the grammar path must end in {DEFAULT_GRAMMAR.name}")
    if configuration.get("comments", {}).get("lineComment") != "//":
        problems.append("editors/vscode/language-configuration.json: line comments are '//'")
    return problems


# --------------------------------------------------------------------- scripts

def nesting_depth(text: str) -> int:
    """How deep brackets of any kind nest, counted over the raw text."""
    depth = deepest = 0
    for character in text:
        if character in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in ")]}":
            depth = max(0, depth - 1)
    return deepest


def file_problems(engine, path: Path, shown: str) -> list[str]:
    """Illegal tokens outside lines that expect an error, and unscoped text."""
    text = dnd_sources.read_script(path)
    allowed = dnd_sources.lines_expecting_errors(text)
    problems: list[str] = []
    try:
        lines = tokenize(engine, text)
    except Exception as error:  # the engine's own exceptions have no common base
        return [f"{shown}: the engine failed on it: {error!r}"]
    for index, line_tokens in enumerate(lines):
        for column, content, scopes in line_tokens:
            where = f"{shown}:{index + 1}:{column + 1}"
            invalid = [scope for scope in scopes if scope.startswith("invalid")]
            if invalid and index + 1 not in allowed:
                problems.append(f"{where}: {content!r} is {invalid[0]}")
            meaningful = [s for s in scopes if not s.startswith(("source.", "meta."))]
            if content.strip() and not meaningful:
                problems.append(f"{where}: {content.strip()!r} has no scope (no rule matched it)")
    return problems


# ---------------------------------------------------------------- expectations

def expectation(engine, source: str, needle: str, wanted: str, *, absent: bool = False,
                occurrence: int = 1) -> list[str]:
    """Every character of the `occurrence`-th `needle` in `source` has the scope
    `wanted` (or, with absent=True, does not)."""
    offset = -1
    for _ in range(occurrence):
        offset = source.find(needle, offset + 1)
    if offset < 0:
        return [f"expectation: {needle!r} is not in {source!r}"]
    line = source.count("\n", 0, offset)
    column = offset - (source.rfind("\n", 0, offset) + 1)
    try:
        tokens = tokenize(engine, source)
    except Exception as error:  # the engine's own exceptions have no common base
        return [f"expectation: the engine failed on {source!r}: {error!r}"]
    for step in range(len(needle)):
        scopes = scopes_at(tokens, line, column + step)
        if has_scope(scopes, wanted) == absent:
            verb = "has" if absent else "lacks"
            return [f"expectation: in {source!r}, {needle!r} {verb} {wanted} (scopes: {' '.join(scopes)})"]
    return []


APP = "app Demo {\n  view root {\n    frame = Rect(0, 0, 10, 10)\n    %s\n  }\n}\n"

# (source, needle, scope, absent, occurrence)
EXPECTATIONS: list[tuple[str, str, str, bool, int]] = [
    # reserved words (all of Token.swift's table is checked below as well)
    ("if ready { return }", "if", "keyword.control.conditional.dnd", False, 1),
    ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "switch", "keyword.control.conditional.dnd", False, 1),
    ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "case", "keyword.control.switch.dnd", False, 1),
    ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "default", "keyword.control.switch.dnd", False, 1),
    ("let n = counts[key, default: 0]", "default", "keyword.control.switch.dnd", True, 1),
    ("for item in items { }", "in", "keyword.control.in.dnd", False, 1),
    ("let x = nil", "nil", "constant.language.nil.dnd", False, 1),
    ("let x = y as? UIImage", "as?", "keyword.operator.type.dnd", False, 1),
    # strings: escapes, interpolation with nested expressions and strings
    ('let s = "tab\\t \\u{1F436} \\q"', "\\t", "constant.character.escape.dnd", False, 1),
    ('let s = "tab\\t \\u{1F436} \\q"', "\\u{1F436}", "constant.character.escape.unicode.dnd", False, 1),
    ('let s = "tab\\t \\u{1F436} \\q"', "\\q", "invalid.illegal.escape.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', "\\(", "punctuation.section.interpolation.begin.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', "f", "variable.function.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', "f", "meta.embedded.line.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', "b", "string.quoted.double.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', "1", "constant.numeric.integer.decimal.dnd", False, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', ")", "punctuation.section.interpolation.end.dnd", False, 2),
    ('let s = "a \\(f("b", 1 + 2)) c"', " c", "meta.embedded.line.dnd", True, 1),
    ('let s = "a \\(f("b", 1 + 2)) c"', " c", "string.quoted.double.dnd", False, 1),
    ('print("n \\("in \\("ner")")")\nlet z = 1', "ner", "string.quoted.double.dnd", False, 1),
    ('print("n \\("in \\("ner")")")\nlet z = 1', "let", "keyword.other.declaration-specifier.dnd", False, 1),
    ('let s = "never closed\nlet t = 1', "let", "keyword.other.declaration-specifier.dnd", False, 2),
    # multi-line strings
    ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "say", "string.quoted.triple.dnd", False, 1),
    ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "name", "variable.other.dnd", False, 1),
    ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "let", "string", True, 2),
    # comments
    ("let a = 1 // note", "// note", "comment.line.double-slash.dnd", False, 1),
    ("/* a /* b */ c */ x", "c", "comment.block.dnd", False, 1),
    ("/* a /* b */ c */ x", "x", "comment", True, 1),
    ("/*\n  over\n  lines\n*/\nlet y = 2", "lines", "comment.block.dnd", False, 1),
    ('print("// not a comment")', "// not", "comment", True, 1),
    # numbers
    ("let n = 1_000_000", "1_000_000", "constant.numeric.integer.decimal.dnd", False, 1),
    ("let n = 0xFF_FF", "0xFF_FF", "constant.numeric.integer.hexadecimal.dnd", False, 1),
    ("let n = 1.5e-3", "1.5e-3", "constant.numeric.float.dnd", False, 1),
    ("let n = 2e10", "2e10", "constant.numeric.float.dnd", False, 1),
    ("let n = 12abc", "12abc", "invalid.illegal.numeric.dnd", False, 1),
    ("for i in 0..<3 { }", "..<", "keyword.operator.range.dnd", False, 1),
    # declarations: app, views, interactions, functions, sources, scenarios
    (APP % "", "app", "keyword.other.declaration.app.dnd", False, 1),
    (APP % "", "Demo", "entity.name.type.app.dnd", False, 1),
    (APP % "", "view", "storage.type.view.dnd", False, 1),
    (APP % "", "view", "meta.app.dnd", False, 1),
    (APP % "", "root", "entity.name.variable.view.dnd", False, 1),
    (APP % "", "frame", "variable.other.property.dnd", False, 1),
    (APP % "label title { }", "label", "storage.type.view.dnd", False, 1),
    (APP % "label title { }", "title", "entity.name.variable.view.dnd", False, 1),
    (APP % "dropInteraction left { }", "dropInteraction", "storage.type.interaction.dnd", False, 1),
    (APP % "dropInteraction left { }", "left", "entity.name.variable.interaction.dnd", False, 1),
    (APP % "dragInteraction { func itemsForBeginning(session) { [] } }", "itemsForBeginning",
     "support.function.delegate.dnd", False, 1),
    (APP % "dragInteraction { func itemsForBeginning(session) { [] } }", "itemsForBeginning",
     "entity.name.function.dnd", False, 1),
    (APP % "dragInteraction { func itemsForBeginning(session) { [] } }", "session",
     "variable.parameter.dnd", False, 1),
    ("func helper(_ a: Int) { }", "helper", "entity.name.function.dnd", False, 1),
    ("func helper(_ a: Int) { }", "helper", "support.function.delegate.dnd", True, 1),
    ("func helper(_ a: Int) { }", "Int", "support.type.dnd", False, 1),
    ("let label = 1\nlabel = 2\nview { }", "label", "storage.type.view.dnd", True, 2),
    ("let label = 1\nlabel = 2\nview { }", "view", "storage.type.view.dnd", True, 1),
    ("source Safari {\n  item photo { }\n}", "source", "storage.type.source.dnd", False, 1),
    ("source Safari {\n  item photo { }\n}", "Safari", "entity.name.type.source.dnd", False, 1),
    ("source Safari {\n  item photo { }\n}", "item", "storage.type.item.dnd", False, 1),
    ("source Safari {\n  item photo { }\n}", "photo", "entity.name.variable.item.dnd", False, 1),
    ('scenario "drop it" {\n  release\n}', "scenario", "keyword.other.declaration.scenario.dnd", False, 1),
    ('scenario "drop it" {\n  release\n}', "drop it", "entity.name.section.scenario.dnd", False, 1),
    ("device iPad", "iPad", "support.constant.device.dnd", False, 1),
    # scenario steps and their contextual words
    ("drag to target", "to", "keyword.other.step.dnd", False, 1),
    ("drag through a, b", "through", "keyword.other.step.dnd", False, 1),
    ("let to = 2", "to", "keyword.other.step.dnd", True, 1),
    ("expect not called performDrop on target times 2", "not", "keyword.other.step.dnd", False, 1),
    ("expect not called performDrop on target times 2", "called", "keyword.other.step.dnd", False, 1),
    ("expect not called performDrop on target times 2", "performDrop",
     "support.function.delegate.dnd", False, 1),
    ("expect not called performDrop on target times 2", "on", "keyword.other.step.dnd", False, 1),
    ("expect not called performDrop on target times 2", "times", "keyword.other.step.dnd", False, 1),
    ("expect called performDrop\non = 1", "on", "keyword.other.step.dnd", True, 1),
    ("expect exception NSInternalInconsistencyException", "exception", "keyword.other.step.dnd", False, 1),
    ("expect exception NSInternalInconsistencyException", "NSInternalInconsistencyException",
     "support.class.exception.dnd", False, 1),
    ('expect warning "outside"', "warning", "keyword.other.step.dnd", False, 1),
    ('expect not warning "main"', "not", "keyword.other.step.dnd", False, 1),
    ('expect not warning "main"', "warning", "keyword.other.step.dnd", False, 1),
    ("longPress photo for 0.5", "longPress", "keyword.control.step.dnd", False, 1),
    # UIKit names, members, enum cases, labels
    ('UIDragItem(itemProvider: NSItemProvider(object: "a"))', "UIDragItem", "support.class.dnd", False, 1),
    ('UIDragItem(itemProvider: NSItemProvider(object: "a"))', "NSItemProvider", "support.class.dnd",
     False, 1),
    ('UIDragItem(itemProvider: NSItemProvider(object: "a"))', "itemProvider",
     "variable.parameter.label.dnd", False, 1),
    ("UIDropProposal(operation: .copy)", "copy", "constant.other.enum-case.dnd", False, 1),
    ("let p = session.location(in: root)", "in", "variable.parameter.label.dnd", False, 1),
    ("let p = session.location(in: root)", "in", "keyword", True, 1),
    ("let p = session.location(in: root)", "location", "variable.function.member.dnd", False, 1),
    ("x.cancel = true", "cancel", "variable.other.member.dnd", False, 1),
    ("x.cancel = true", "cancel", "keyword", True, 1),
    ("let t = pair.0", "0", "variable.other.member.dnd", False, 1),
    ("let t = a?.b ?? c", "??", "keyword.operator.nil-coalescing.dnd", False, 1),
    ("let ok = a === b", "===", "keyword.operator.comparison.dnd", False, 1),
    ("let v: URL? = nil", "?", "keyword.operator.type.optional.dnd", False, 1),
    ("let v = c ? 1 : 2", "?", "keyword.operator.ternary.dnd", False, 1),
    ("load { image, error in\n  use(image)\n}", "error", "variable.parameter.closure.dnd", False, 1),
    ("load { image, error in\n  use(image)\n}", "in", "keyword.control.in.dnd", False, 1),
    ("both {\n  a()\n} second: {\n  b()\n}", "second", "variable.parameter.label.dnd", False, 1),
    # what the lexer rejects
    ("let b = a @ 2", "@", "invalid.illegal", False, 1),
    ("let c = a & 2", "&", "invalid.illegal", False, 1),
    ("let c = a && 2", "&&", "keyword.operator.logical.dnd", False, 1),
    ("let c = a ..", "..", "invalid.illegal", False, 1),
    ("let caf\u00e9 = 1", "\u00e9", "invalid.illegal", False, 1),
    ("let c = 1\n}", "}", "invalid", True, 1),
]


VIEW_IN_APP = "app Demo {\n  %s thing { }\n}\n"
INTERACTION_IN_VIEW = "app Demo {\n  view root {\n    %s { }\n  }\n}\n"
RESERVED_FAMILIES = ("keyword", "storage.type", "constant.language", "variable.language")


def vocabulary_expectations(root: Path) -> list[tuple[str, str, str, bool, int]]:
    """Expectations built from the project's own word lists, so that a word added
    to grammar.ebnf or docs/handlers.md must be added to the grammar too."""
    cases: list[tuple[str, str, str, bool, int]] = []
    for kind in dnd_sources.view_kinds(root):
        cases.append((VIEW_IN_APP % kind, kind, "storage.type.view.dnd", False, 1))
        cases.append((f"let x = {kind}", kind, "storage.type", True, 1))
    for kind in dnd_sources.interaction_kinds(root):
        cases.append((INTERACTION_IN_VIEW % kind, kind, "storage.type.interaction.dnd", False, 1))
        cases.append((f"let x = {kind}", kind, "storage.type", True, 1))
    for name in dnd_sources.handler_names(root):
        cases.append((f"func {name}(a) {{ }}", name, "support.function.delegate.dnd", False, 1))
    return cases


def builtin_problems(engine, name: str) -> list[str]:
    """A name of the checker's builtin catalogue (a function, a type or a value)
    gets a support.* scope where it is used: `let x = NAME` or `NAME(1)`."""
    for source in (f"let x = {name}\n", f"{name}(1)\n"):
        tokens = tokenize(engine, source)
        column = source.index(name)
        if all(has_scope(scopes_at(tokens, 0, column + step), "support") for step in range(len(name))):
            return []
    return [f"builtin {name!r} (Sources/DndCheck/BuiltinCatalogue.swift) has no support.* scope"]


def reserved_word_problems(engine, word: str) -> list[str]:
    """A reserved word of Token.swift, alone on a line, is highlighted as one."""
    tokens = tokenize(engine, word + "\n")
    for column in range(len(word)):
        scopes = scopes_at(tokens, 0, column)
        if not any(has_scope(scopes, family) for family in RESERVED_FAMILIES):
            return [f"reserved word {word!r} (Token.swift) is not highlighted as one: {' '.join(scopes)}"]
    return []


# ------------------------------------------------------------------------ main

def run(root: Path, grammar_path: Path, report: Report) -> None:
    """Every check, in order; stops early only when the grammar cannot be used."""
    grammar, problems = load_grammar(grammar_path)
    if grammar is None:
        report.case(problems)
        return
    report.case(structural_problems(grammar, grammar_path.name))
    if report.failed:
        return
    try:
        engine = make_engine(grammar)
    except Exception as error:  # the engine's own exceptions have no common base
        report.case([f"{grammar_path.name}: the engine cannot load it: {error!r}"])
        return
    report.case(engine_problems(engine))
    report.case(vscode_problems(grammar))

    files = dnd_sources.script_files(root)
    for path in files:
        shown = path.relative_to(root).as_posix()
        depth = nesting_depth(dnd_sources.read_script(path))
        if depth > MAX_NESTING:
            print(f"skipped {shown}: brackets nest {depth} deep, past the language's {MAX_NESTING}")
            continue
        report.case(file_problems(engine, path, shown))

    for source, needle, scope, absent, occurrence in EXPECTATIONS + vocabulary_expectations(root):
        report.case(expectation(engine, source, needle, scope, absent=absent, occurrence=occurrence))
    for word in dnd_sources.reserved_words(root):
        report.case(reserved_word_problems(engine, word))
    for name in dnd_sources.builtin_names(root) or []:
        report.case(builtin_problems(engine, name))
    print(f"tokenised {len(files)} scripts under examples/ and Tests/")


def run_reporting_crashes(root: Path, grammar_path: Path, report: Report) -> None:
    """run, with anything it raises counted as a failure (a thread's exception
    would otherwise only be printed)."""
    try:
        run(root, grammar_path, report)
    except BaseException as error:  # SystemExit from dnd_sources included
        report.case([f"check_textmate.py stopped: {error!r}"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=dnd_sources.repository_root(),
                        help="the repository whose examples/ and Tests/ to tokenise")
    parser.add_argument("--grammar", type=Path, default=DEFAULT_GRAMMAR,
                        help="the grammar to check (default: editors/dnd.tmLanguage.json)")
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    report = Report()

    # The engine is recursive: give it a deep stack. It also makes a
    # .textmate_cache folder in the working directory when imported, so it is
    # imported from a temporary one.
    sys.setrecursionlimit(20_000)
    threading.stack_size(256 * 1024 * 1024)
    with tempfile.TemporaryDirectory(prefix="dnd-textmate-") as scratch:
        here = os.getcwd()
        os.chdir(scratch)
        try:
            worker = threading.Thread(target=run_reporting_crashes,
                                      args=(root, arguments.grammar.resolve(), report))
            worker.start()
            worker.join()
        finally:
            os.chdir(here)

    for problem in report.problems:
        print(problem)
    print(f"textmate: {report.passed} passed, {report.failed} failed")
    return 1 if report.failed or not report.passed else 0


if __name__ == "__main__":
    sys.exit(main())
