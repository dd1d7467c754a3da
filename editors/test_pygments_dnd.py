"""Tests for the Pygments lexer in pygments_dnd.py.

Run: python3 editors/test_pygments_dnd.py   (needs only Pygments)

Every example and spec script must lex with no Error token (except on a spec
line that says "// expect error: ...", where dnd's lexer rejects something on
purpose) and the tokens must give back the text exactly. A few pieces of dnd
must come out as the intended token types, and the word lists are checked
against the project's sources (Token.swift, grammar.ebnf, docs/handlers.md).
"""

from __future__ import annotations

import sys
import time
import unittest
from pathlib import Path

from pygments.lexers import load_lexer_from_file
from pygments.token import (Comment, Error, Keyword, Name, Number, Operator, Punctuation,
                            String, Token)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import dnd_sources  # noqa: E402
from pygments_dnd import DndLexer  # noqa: E402

ROOT = dnd_sources.repository_root()
TokenType = type(Token)


def lex(source: str) -> list[tuple[int, TokenType, str]]:
    """The raw tokens (offset, type, text) of `source`, as no option rewrites them."""
    return list(DndLexer().get_tokens_unprocessed(source))


def token_type(source: str, needle: str, occurrence: int = 1) -> TokenType:
    """The type of the token holding the first character of the n-th `needle`."""
    offset = -1
    for _ in range(occurrence):
        offset = source.find(needle, offset + 1)
    if offset < 0:
        raise AssertionError(f"{needle!r} is not in {source!r}")
    for start, kind, text in lex(source):
        if start <= offset < start + len(text):
            if offset + len(needle) > start + len(text):
                raise AssertionError(f"{needle!r} is split across tokens in {source!r}")
            return kind
    raise AssertionError(f"no token at {needle!r} in {source!r}")


class ScriptsTests(unittest.TestCase):
    """Every script in examples/ and Tests/ lexes cleanly and round-trips."""

    def setUp(self) -> None:
        self.files = dnd_sources.script_files(ROOT)
        self.assertTrue(self.files, "no .dnd files found under examples/ or Tests/")

    def test_no_error_tokens_outside_lines_that_expect_an_error(self) -> None:
        for path in self.files:
            shown = path.relative_to(ROOT).as_posix()
            with self.subTest(script=shown):
                text = dnd_sources.read_script(path)
                allowed = dnd_sources.lines_expecting_errors(text)
                normalized = text.replace("\r\n", "\n").replace("\r", "\n")
                for start, kind, value in lex(normalized):
                    line = normalized.count("\n", 0, start) + 1
                    if kind in Error and line not in allowed:
                        column = start - (normalized.rfind("\n", 0, start) + 1) + 1
                        self.fail(f"{shown}:{line}:{column}: Error token {value!r}")

    def test_tokens_give_back_the_text_exactly(self) -> None:
        for path in self.files:
            shown = path.relative_to(ROOT).as_posix()
            with self.subTest(script=shown):
                text = dnd_sources.read_script(path)
                tokens = lex(text)
                self.assertEqual("".join(value for _, _, value in tokens), text)
                end = 0
                for start, _, value in tokens:
                    self.assertEqual(start, end, "each token starts where the one before ends")
                    end = start + len(value)

    def test_absurd_nesting_lexes_quickly(self) -> None:
        # The lexer keeps a state stack, not recursion: thousands of levels are fine.
        source = "let x = " + "([{" * 3000 + "\n"
        began = time.monotonic()
        self.assertEqual("".join(value for _, _, value in lex(source)), source)
        self.assertLess(time.monotonic() - began, 5)


class TokenTypeTests(unittest.TestCase):
    """Pieces of dnd come out as the intended token types."""

    CASES = [
        # (source, needle, occurrence, expected type)
        ("if ready { return }", "if", 1, Keyword),
        ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "switch", 1, Keyword),
        ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "case", 1, Keyword),
        ("switch op {\ncase .copy:\n  break\ndefault:\n  f()\n}", "default", 1, Keyword),
        ("let n = counts[key, default: 0]", "default", 1, Name),
        ("let x = nil", "let", 1, Keyword.Declaration),
        ("let x = nil", "nil", 1, Keyword.Constant),
        ("let x = y as? UIImage", "as?", 1, Keyword),
        ('let s = "a \\(f("b", 1 + 2)) c"', "\\(", 1, String.Interpol),
        ('let s = "a \\(f("b", 1 + 2)) c"', "f", 1, Name.Function),
        ('let s = "a \\(f("b", 1 + 2)) c"', "b", 1, String.Double),
        ('let s = "a \\(f("b", 1 + 2)) c"', "1", 1, Number.Integer),
        ('let s = "a \\(f("b", 1 + 2)) c"', ")", 2, String.Interpol),
        ('let s = "a \\(f("b", 1 + 2)) c"', " c", 1, String.Double),
        ('let s = "tab\\t \\u{1F436} \\q"', "\\t", 1, String.Escape),
        ('let s = "tab\\t \\u{1F436} \\q"', "\\u{1F436}", 1, String.Escape),
        ('let s = "tab\\t \\u{1F436} \\q"', "\\q", 1, Error),
        ('let s = "never closed\nlet t = 1', "let", 2, Keyword.Declaration),
        ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "hi", 1, String.Double),
        ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "name", 1, Name),
        ('let b = """\n  say "hi" \\(name)\n  """\nlet c = 1', "let", 2, Keyword.Declaration),
        ("let a = 1 // note", "// note", 1, Comment.Single),
        ("/* a /* b */ c */ x", "c", 1, Comment.Multiline),
        ("/* a /* b */ c */ x", "x", 1, Name),
        ("let n = 1_000_000", "1_000_000", 1, Number.Integer),
        ("let n = 0xFF_FF", "0xFF_FF", 1, Number.Hex),
        ("let n = 1.5e-3", "1.5e-3", 1, Number.Float),
        ("let n = 12abc", "12abc", 1, Error),
        ("for i in 0..<3 { }", "..<", 1, Operator),
        ("app Demo {\n  view root {\n    frame = Rect(0, 0, 1, 1)\n  }\n}", "Demo", 1, Name.Class),
        ("app Demo {\n  view root {\n    frame = Rect(0, 0, 1, 1)\n  }\n}", "view", 1, Keyword.Type),
        ("app Demo {\n  view root {\n    frame = Rect(0, 0, 1, 1)\n  }\n}", "root", 1,
         Name.Variable.Instance),
        ("app Demo {\n  view root {\n    frame = Rect(0, 0, 1, 1)\n  }\n}", "frame", 1, Name.Attribute),
        ("app Demo {\n  view root {\n    frame = Rect(0, 0, 1, 1)\n  }\n}", "Rect", 1, Name.Class),
        ("app A {\n  view v {\n    dropInteraction left {\n      func performDrop(s) { }\n    }\n  }\n}",
         "dropInteraction", 1, Keyword.Type),
        ("app A {\n  view v {\n    dropInteraction left {\n      func performDrop(s) { }\n    }\n  }\n}",
         "performDrop", 1, Name.Function.Magic),
        ("func helper(_ a: Int) { }", "helper", 1, Name.Function),
        ("func helper(_ a: Int) { }", "a", 1, Name.Variable),
        ("let label = 1\nlabel = 2", "label", 2, Name),
        ("source Safari {\n  item photo { }\n}", "item", 1, Keyword.Declaration),
        ("source Safari {\n  item photo { }\n}", "photo", 1, Name.Variable.Instance),
        ('scenario "drop it" {\n  release\n}', "scenario", 1, Keyword.Declaration),
        ('scenario "drop it" {\n  release\n}', "release", 1, Keyword.Reserved),
        ("drag to target", "to", 1, Keyword.Pseudo),
        ("let to = 2", "to", 1, Name.Variable),
        ("expect not called performDrop on target times 2", "not", 1, Keyword.Pseudo),
        ('expect not warning "main"', "not", 1, Keyword.Pseudo),
        ('expect not warning "main"', "warning", 1, Keyword.Pseudo),
        ("expect not called performDrop on target times 2", "performDrop", 1, Name.Function.Magic),
        ("expect not called performDrop on target times 2", "on", 1, Keyword.Pseudo),
        ("expect not called performDrop on target times 2", "times", 1, Keyword.Pseudo),
        ("expect called performDrop\non = 1", "on", 1, Name),
        ("expect exception NSInternalInconsistencyException", "NSInternal", 1, Name.Exception),
        ("UIDropProposal(operation: .copy)", "operation", 1, Name.Label),
        ("UIDropProposal(operation: .copy)", "copy", 1, Name.Constant),
        ("let p = session.location(in: root)", "in", 1, Name.Label),
        ("let p = session.location(in: root)", "location", 1, Name.Function),
        ("x.cancel = true", "cancel", 1, Name.Attribute),
        ("load { image, error in\n  use(image)\n}", "error", 1, Name.Variable),
        ("load { image, error in\n  use(image)\n}", "in", 1, Keyword),
        ("both {\n  a()\n} second: {\n  b()\n}", "second", 1, Name.Label),
        ("let b = a @ 2", "@", 1, Error),
        ("let c = a & 2", "&", 1, Error),
        ("let c = a && 2", "&&", 1, Operator),
        ("let a\u00a0= 1", "\u00a0", 1, Error),
        ("let caf\u00e9 = 1", "\u00e9", 1, Error),
        ("let c = 1\n}", "}", 1, Punctuation),
        ("expect lastProposal?.operation == .forbidden", "lastProposal", 1, Name.Builtin),
    ]

    def test_cases(self) -> None:
        for source, needle, occurrence, expected in self.CASES:
            with self.subTest(source=source, needle=needle):
                actual = token_type(source, needle, occurrence)
                self.assertIn(actual, expected, f"{needle!r} in {source!r} is {actual}")


class VocabularyTests(unittest.TestCase):
    """The lexer knows every word the project's sources define."""

    def test_reserved_words_of_token_swift(self) -> None:
        for word in dnd_sources.reserved_words(ROOT):
            with self.subTest(word=word):
                actual = token_type(word + "\n", word)
                self.assertTrue(actual in Keyword or actual in Name.Builtin.Pseudo, f"{word}: {actual}")

    def test_view_kinds_of_grammar_ebnf(self) -> None:
        for kind in dnd_sources.view_kinds(ROOT):
            with self.subTest(kind=kind):
                self.assertIn(token_type(f"app A {{\n  {kind} thing {{ }}\n}}", kind), Keyword.Type)
                self.assertIn(token_type(f"let x = {kind}", kind), Name)

    def test_interaction_kinds_of_grammar_ebnf(self) -> None:
        for kind in dnd_sources.interaction_kinds(ROOT):
            with self.subTest(kind=kind):
                source = f"app A {{\n  view v {{\n    {kind} {{ }}\n  }}\n}}"
                self.assertIn(token_type(source, kind), Keyword.Type)
                self.assertIn(token_type(f"let x = {kind}", kind), Name)

    def test_delegate_names_of_docs_handlers(self) -> None:
        for name in dnd_sources.handler_names(ROOT):
            with self.subTest(name=name):
                self.assertIn(token_type(f"func {name}(a) {{ }}", name), Name.Function.Magic)

    def test_builtin_names_of_the_checker_catalogue(self) -> None:
        names = dnd_sources.builtin_names(ROOT)
        if names is None:
            self.skipTest("Sources/DndCheck/BuiltinCatalogue.swift is not there yet")
        for name in names:
            with self.subTest(name=name):
                # A function, a type or a value: known where it is used.
                uses = [token_type(f"let x = {name}", name), token_type(f"{name}(1)", name)]
                self.assertTrue(any(t in Name.Builtin or t in Name.Class for t in uses), f"{name}: {uses}")


class LoadingTests(unittest.TestCase):
    """pygmentize -l editors/pygments_dnd.py:DndLexer finds the lexer."""

    def test_loads_from_its_file(self) -> None:
        lexer = load_lexer_from_file(str(HERE / "pygments_dnd.py"), "DndLexer")
        self.assertEqual(lexer.aliases, ["dnd"])
        self.assertEqual(lexer.filenames, ["*.dnd"])


def main() -> int:
    """Runs the tests and ends with a "pygments: N passed, N failed" line."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(verbosity=1).run(suite)
    failed = len(result.failures) + len(result.errors)
    passed = result.testsRun - failed - len(result.skipped)
    print(f"pygments: {passed} passed, {failed} failed")
    return 0 if result.wasSuccessful() and passed else 1


if __name__ == "__main__":
    sys.exit(main())
