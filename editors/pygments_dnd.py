"""A Pygments lexer for the dnd language (grammar.ebnf at the repository root).

Use it without installing anything beyond Pygments:

    pygmentize -l editors/pygments_dnd.py:DndLexer -x examples/01-hello-drop.dnd

It follows dnd's own lexer: what that lexer rejects (a stray "@", a lone "&",
a non-ASCII character outside strings and comments, a bad escape, a number run
into letters, a line break inside a one-line string) comes out as an Error
token, and nothing else does. Contextual words ("label", "source", "to", ...)
are highlighted only where the grammar gives them a meaning, as in the TextMate
grammar next to this file (dnd.tmLanguage.json).
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups, default, include, words
from pygments.token import (Comment, Error, Keyword, Name, Number, Operator, Punctuation,
                            String, Whitespace)

__all__ = ["DndLexer"]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"

# grammar.ebnf: viewKind and interactionKind.
VIEW_KINDS = ("view", "label", "imageView", "textField", "textView", "button", "tableView",
              "collectionView")
INTERACTION_KINDS = ("dragInteraction", "dropInteraction", "springLoadedInteraction",
                     "dragDelegate", "dropDelegate", "dataSource", "delegate", "textDropDelegate")

# docs/handlers.md: the delegate methods a script may write.
HANDLERS = (
    "itemsForBeginning", "previewForLifting", "willAnimateLiftWith", "sessionWillBegin",
    "sessionAllowsMoveOperation", "sessionIsRestrictedToDraggingApplication",
    "prefersFullSizePreviewsForSession", "sessionDidMove", "willEndWith", "didEndWith",
    "sessionDidTransferItems", "itemsForAddingTo", "sessionForAddingItems", "willAdd",
    "previewForCancelling", "willAnimateCancelWith", "canHandle", "sessionDidEnter",
    "sessionDidUpdate", "sessionDidExit", "performDrop", "concludeDrop", "sessionDidEnd",
    "previewForDropping", "willAnimateDropWith", "activated", "shouldAllow", "didChangeWith",
    "interactionDidFinish", "dragPreviewParametersForRowAt", "dragPreviewParametersForItemAt",
    "dragSessionWillBegin", "dragSessionDidEnd", "dragSessionAllowsMoveOperation",
    "dragSessionIsRestrictedToDraggingApplication", "performDropWith", "dropSessionDidEnter",
    "dropSessionDidUpdate", "dropSessionDidExit", "dropSessionDidEnd",
    "dropPreviewParametersForRowAt", "dropPreviewParametersForItemAt", "numberOfSections",
    "numberOfRowsInSection", "numberOfItemsInSection", "cellForRowAt", "cellForItemAt",
    "moveRowAt", "moveItemAt", "canMoveRowAt", "canMoveItemAt", "shouldSpringLoadRowAt",
    "shouldSpringLoadItemAt", "didSelectRowAt", "didSelectItemAt", "didDeselectRowAt", "didDeselectItemAt",
    "willBecomeEditableForDrop", "proposalForDrop", "willPerformDrop", "paste", "canPaste", "action",
)

# The UIKit and Foundation names scripts use (docs/uikit-api.md, the checker's catalogue).
UIKIT_CLASSES = (
    "UIDragItem", "NSItemProvider", "UIDropProposal", "UITableViewDropProposal",
    "UICollectionViewDropProposal", "UIDragPreview", "UITargetedDragPreview",
    "UIDragPreviewTarget", "UIDragPreviewParameters", "UIPasteConfiguration", "CGAffineTransform",
    "UISpringLoadedInteraction", "IndexPath", "Rect", "CGRect", "Point", "CGPoint", "Size",
    "CGSize", "UIImage", "URL", "NSURL", "NSAttributedString", "UIColor", "Data", "Progress",
    "UIDropOperation", "UIViewAnimatingPosition", "UserDefaults", "JSON", "Cell",
    "UITableViewCell", "UICollectionViewCell", "UICollectionViewDropPlaceholder",
    "UITableViewDropPlaceholder", "DispatchQueue", "DispatchTime", "UIView", "UILabel", "UIImageView",
    "UITextField", "UITextView", "UIButton", "UITableView", "UICollectionView", "UIDragSession",
    "UIDropSession", "UIDragInteraction", "UIDropInteraction", "UITableViewDropCoordinator",
    "UICollectionViewDropCoordinator", "UIDragAnimating", "UITableViewDropItem",
    "UICollectionViewDropItem", "UISpringLoadedInteractionContext", "UITextDropProposal",
    "UIDragDropSession", "UIPasteboard", "UITextDropRequest",
)
CORE_TYPES = ("String", "Int", "Double", "Bool", "Array", "Dictionary", "Float", "CGFloat",
              "Any", "AnyObject", "NSString", "NSObject", "Character")
BUILTIN_FUNCTIONS = ("print", "min", "max", "abs", "stride", "zip")
BUILTIN_VALUES = ("lastProposal", "activeSession", "delegateCalls")  # values the runtime provides to scenarios

# After one of these a "." is a member access; elsewhere ".copy" is an enum case.
AFTER_VALUE = r"(?<=[A-Za-z0-9_)\]}\"?!])"


def _declaration(kind_pattern: str, kind_token, name_token, name_optional: bool = False):
    """A pattern for "kind name {" and the tokens of its five groups."""
    name = f"(?:(\\s+)({IDENT}))?" if name_optional else f"(\\s+)({IDENT})"
    return (rf"\b({kind_pattern})\b{name}(\s*)(\{{)",
            bygroups(kind_token, Whitespace, name_token, Whitespace, Punctuation))


def _alternatives(names: tuple[str, ...]) -> str:
    """A regex alternation, longest first so no name is cut short by a prefix."""
    return "|".join(sorted(set(names), key=lambda name: (-len(name), name)))


class DndLexer(RegexLexer):
    """Lexer for dnd scripts: UIKit drag and drop, modelled headlessly."""

    name = "dnd"
    aliases = ["dnd"]
    filenames = ["*.dnd"]
    mimetypes = ["text/x-dnd"]

    tokens = {
        "root": [
            (rf"\b(device)(\s+)({IDENT})", bygroups(Keyword.Declaration, Whitespace, Name.Constant)),
            (*_declaration("app", Keyword.Declaration, Name.Class), "app-body"),
            (*_declaration("source", Keyword.Declaration, Name.Class), "source-body"),
            include("statements"),
        ],
        # --------------------------------------------------------- declarations
        "app-body": [
            (r"\}", Punctuation, "#pop"),
            include("view-declaration"),
            include("property-assignment"),
            include("statements"),
        ],
        "view-declaration": [
            (*_declaration(_alternatives(VIEW_KINDS), Keyword.Type, Name.Variable.Instance),
             "view-body"),
        ],
        "view-body": [
            (r"\}", Punctuation, "#pop"),
            include("view-declaration"),
            (*_declaration(_alternatives(INTERACTION_KINDS), Keyword.Type, Name.Variable.Instance,
                           name_optional=True), "interaction-body"),
            include("property-assignment"),
            include("statements"),
        ],
        "interaction-body": [
            (r"\}", Punctuation, "#pop"),
            include("property-assignment"),
            include("statements"),
        ],
        "property-assignment": [
            (rf"^([ \t]*)({IDENT})([ \t]*)(=)(?!=)",
             bygroups(Whitespace, Name.Attribute, Whitespace, Operator)),
        ],
        "source-body": [
            (r"\}", Punctuation, "#pop"),
            (*_declaration("item", Keyword.Declaration, Name.Variable.Instance), "block"),
            include("statements"),
        ],
        "parameters": [
            (r"\)", Punctuation, "#pop"),
            (r"[ \t\r\n]+", Whitespace),
            include("comments"),
            (r"\b_\b", Name.Builtin.Pseudo),
            include("types"),
            (r"\b[A-Z][A-Za-z0-9_]*", Name.Class),
            (IDENT, Name.Variable),
            (r"[:,.\[\]]", Punctuation),
            (r"->", Operator),
            (r"[?!]", Operator),
            # A function or tuple type: () -> String, (String, Int).
            (r"\(", Punctuation, "#push"),
            (r"=", Operator, "default-value"),
            (r"[^ \t\r\n]", Error),
        ],
        # A parameter's default value, up to the next parameter: size: Int = 12
        "default-value": [
            (r"(?=[,)])", Punctuation, "#pop"),
            (r"\n", Whitespace),
            include("inline"),
        ],
        # ----------------------------------------------------------- statements
        "statements": [
            (rf"\b(func)(\s+)({_alternatives(HANDLERS)})\b(\s*)(\()",
             bygroups(Keyword.Declaration, Whitespace, Name.Function.Magic, Whitespace, Punctuation),
             "parameters"),
            (rf"\b(func)(\s+)({IDENT})(\s*)(\()",
             bygroups(Keyword.Declaration, Whitespace, Name.Function, Whitespace, Punctuation),
             "parameters"),
            (rf"\b(func)(\s+)({IDENT})", bygroups(Keyword.Declaration, Whitespace, Name.Function)),
            (rf"\b(let|var)(\s+)({IDENT})", bygroups(Keyword.Declaration, Whitespace, Name.Variable)),
            (rf"\b(for)(\s+)({IDENT})(\s+)(in)\b",
             bygroups(Keyword, Whitespace, Name.Variable, Whitespace, Keyword)),
            include("steps"),
            # A switch's labels: contextual words at the start of a line (or
            # after "{" or ";"); "default" only before ":" (also an argument label).
            (r"(^|(?<=[{;]))([ \t]*)(case)\b", bygroups(Whitespace, Whitespace, Keyword)),
            (r"(^|(?<=[{;]))([ \t]*)(default)(?=[ \t]*:)", bygroups(Whitespace, Whitespace, Keyword)),
            (rf"(?<=\}})([ \t]*)({IDENT})([ \t]*)(:)(?=[ \t]*\{{)",
             bygroups(Whitespace, Name.Label, Whitespace, Punctuation)),
            include("inline"),
            (r"\n", Whitespace),
            (r";", Punctuation),
            # A closing bracket with nothing open is the parser's error, not the lexer's.
            (r"[)\]}]", Punctuation),
        ],
        "steps": [
            (rf"\b(expect)(\s+)(?:(not)(\s+))?(called)\b"
             rf"(?:(\s+)(?:({_alternatives(HANDLERS)})\b|({IDENT})))?",
             bygroups(Keyword.Reserved, Whitespace, Keyword.Pseudo, Whitespace, Keyword.Pseudo,
                      Whitespace, Name.Function.Magic, Name.Function),
             "expect-called"),
            (rf"\b(expect)(\s+)(exception)\b(?:(\s+)({IDENT}))?",
             bygroups(Keyword.Reserved, Whitespace, Keyword.Pseudo, Whitespace, Name.Exception)),
            (r"\b(expect)(\s+)(?:(not)(\s+))?(warning)\b",
             bygroups(Keyword.Reserved, Whitespace, Keyword.Pseudo, Whitespace, Keyword.Pseudo)),
            (r"\b(drag)(\s+)(to|through)\b", bygroups(Keyword.Reserved, Whitespace, Keyword.Pseudo)),
        ],
        # "expect called X on view times 2" lasts to the end of its line.
        "expect-called": [
            (r"\b(?:on|times)\b", Keyword.Pseudo),
            include("inline"),
            default("#pop"),
        ],
        # Everything that may stand inside one line of an expression.
        "inline": [
            (r"[ \t\r]+", Whitespace),
            include("comments"),
            (r'"""', String.Double, "multiline-string"),
            (r'"', String.Double, "string"),
            include("numbers"),
            (AFTER_VALUE + rf"(\?\.|\.)({IDENT})(?=\s*[({{])", bygroups(Punctuation, Name.Function)),
            (AFTER_VALUE + rf"(\?\.|\.)({IDENT}|[0-9]+\b)", bygroups(Punctuation, Name.Attribute)),
            (rf"(?<![A-Za-z0-9_)\]}}\"?!])(\.)({IDENT})", bygroups(Punctuation, Name.Constant)),
            (words(("if", "else", "guard", "switch", "for", "in", "where", "while", "break", "continue", "return"),
                   prefix=r"\b", suffix=r"\b"), Keyword),
            (words(("let", "var", "func", "device", "app", "scenario"), prefix=r"\b", suffix=r"\b"),
             Keyword.Declaration),
            (words(("true", "false", "nil"), prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (r"\bself\b", Name.Builtin.Pseudo),
            (words(("longPress", "drag", "tap", "release", "cancel", "wait", "settle", "expect"),
                   prefix=r"\b", suffix=r"\b"), Keyword.Reserved),
            (r"\bas[?!]|\b(?:as|is)\b", Keyword),
            include("types"),
            (rf"\b({_alternatives(BUILTIN_FUNCTIONS)})(?=\s*\()", Name.Builtin),
            (rf"\b({_alternatives(BUILTIN_VALUES)})\b", Name.Builtin),
            (rf"\b{IDENT}(?=\s*\()", Name.Function),
            (r"\b_\b", Name.Builtin.Pseudo),
            (IDENT, Name),
            include("operators"),
            (r"\(", Punctuation, "parentheses"),
            (r"\[", Punctuation, "brackets"),
            (r"\{", Punctuation, "block"),
            (r"[,:.]", Punctuation),
            (r"[^ \t\r\n;)\]}]", Error),
        ],
        "comments": [
            (r"//.*", Comment.Single),
            (r"/\*", Comment.Multiline, "block-comment"),
        ],
        "block-comment": [
            (r"/\*", Comment.Multiline, "#push"),
            (r"\*/", Comment.Multiline, "#pop"),
            (r"[^*/]+", Comment.Multiline),
            (r"[*/]", Comment.Multiline),
        ],
        "types": [
            (rf"\b({_alternatives(UIKIT_CLASSES)})\b", Name.Class),
            (rf"\b({_alternatives(CORE_TYPES)})\b", Name.Builtin),
        ],
        "numbers": [
            (r"\$[0-9]+\b", Name.Variable.Magic),  # a closure's shorthand argument
            (r"\b0x[0-9A-Fa-f][0-9A-Fa-f_]*\b", Number.Hex),
            (r"\b[0-9][0-9_]*(?:\.[0-9][0-9_]*(?:[eE][+-]?[0-9][0-9_]*)?|[eE][+-]?[0-9][0-9_]*)\b",
             Number.Float),
            (r"\b[0-9][0-9_]*\b", Number.Integer),
            (r"\b[0-9][A-Za-z0-9_]*", Error),  # a number run into letters: 12abc, 0x, 1e
        ],
        "operators": [
            (r"\.\.<|\.\.\.", Operator),
            (r"\.\.", Error),
            (r"->|===|!==|==|!=|<=|>=|&&|\|\||\?\?|[+\-*/%]=", Operator),
            (r"[=<>!+\-*/%?]", Operator),
        ],
        # ------------------------------------------------------------- nesting
        "parentheses": [
            (r"\)", Punctuation, "#pop"),
            # Argument labels, which may be keywords: location(in: view).
            (rf"(?<=[(,])([ \t]*)({IDENT})([ \t]*)(:)(?!:)",
             bygroups(Whitespace, Name.Label, Whitespace, Punctuation)),
            (rf"^([ \t]*)({IDENT})([ \t]*)(:)(?!:)",
             bygroups(Whitespace, Name.Label, Whitespace, Punctuation)),
            include("statements"),
        ],
        "brackets": [
            (r"\]", Punctuation, "#pop"),
            include("statements"),
        ],
        "block": [
            (r"\}", Punctuation, "#pop"),
            # Closure parameters: { image, error in ... }
            (rf"(?<=\{{)([ \t]*)(?={IDENT}(?:[ \t]*,[ \t]*{IDENT})*[ \t]+in\b)",
             bygroups(Whitespace), "closure-parameters"),
            include("statements"),
        ],
        "closure-parameters": [
            (r"\bin\b", Keyword, "#pop"),
            (r"\b_\b", Name.Builtin.Pseudo),
            (IDENT, Name.Variable),
            (r",", Punctuation),
            (r"[ \t]+", Whitespace),
        ],
        # -------------------------------------------------------------- strings
        "string-content": [
            (r"\\[ntr0\\\"']", String.Escape),
            (r"\\u\{[0-9A-Fa-f]{1,8}\}", String.Escape),
            (r"\\\(", String.Interpol, "interpolation"),
            (r"\\.?", Error),
        ],
        "string": [
            (r'"', String.Double, "#pop"),
            (r"\n", Error, "#pop"),  # a one-line string may not span lines
            include("string-content"),
            (r'[^"\\\n]+', String.Double),
        ],
        "multiline-string": [
            (r'"""', String.Double, "#pop"),
            include("string-content"),
            (r'[^"\\]+', String.Double),
            (r'"', String.Double),
        ],
        "interpolation": [
            (r"\)", String.Interpol, "#pop"),
            include("statements"),
        ],
    }
