"""The one record for every problem the builder reports, and its formatters.

A Diagnostic is a Problem placed in a file: ``path:line:col: severity CODE message``.
Pydantic errors are translated here so the user sees what is wrong and what would
be right, never pydantic's internals.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.problems import PathPart, Problem, Severity
from builder.text import MAX_SHOWN, printable, shorten

if TYPE_CHECKING:
    from pydantic import ValidationError

    from builder.io.yaml import Document, Loc


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "severity": str(self.severity),
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
        }

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.line, self.column, self.code)


def display_path(path: Path) -> str:
    """Paths relative to the working folder when below it, as linters print them."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def place(problem: Problem, path: Path, loc: Loc) -> Diagnostic:
    return Diagnostic(
        display_path(path),
        loc[0],
        loc[1],
        problem.severity,
        problem.code,
        problem.message,
        problem.rule,
    )


def place_in(problem: Problem, doc: Document) -> Diagnostic:
    """Locate a problem whose path is relative to ``doc``.

    A problem with an ``offset`` inside a one-line scalar points at that character: a
    quote before the text counts one column; block scalars (| and >) keep their start.
    """
    loc = doc.locate(problem.path, key=problem.code in _KEY_CODES)
    if problem.offset is not None and problem.path in doc.values:
        style = doc.styles.get(problem.path)
        if style not in ("|", ">"):
            loc = (loc[0], loc[1] + problem.offset + (1 if style in ('"', "'") else 0))
    return place(problem, doc.path, loc)


_KEY_CODES = {"ZS102", "ZY110"}  # located at the key (ZY110: a key an invisible character broke)


def closest(value: str, choices: Iterable[str]) -> str | None:
    """The closest known spelling, for 'did you mean ...?'."""
    if len(value) > _MAX_GUESS:  # nothing that long is close to a known name
        return None
    matches = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else None


_MAX_GUESS = 100


def did_you_mean(value: Any, choices: Iterable[str]) -> str:
    if not isinstance(value, str):
        return ""
    match = closest(value, choices)
    return f"; did you mean '{_safe(match)}'?" if match else ""


# Characters that show as nothing (Unicode "format" characters, category Cf) and that an
# editor or a `cat` of two files leaves in a key: named, since the key looks right.
_INVISIBLE_NAMES = {
    "\ufeff": "a byte order mark",
    "\u200b": "a zero-width space",
    "\u200c": "a zero-width non-joiner",
    "\u200d": "a zero-width joiner",
    "\u2060": "a word joiner",
    "\u00ad": "a soft hyphen",
}


def invisible_key(name: str, allowed: Iterable[str]) -> str:
    """Why ``name`` is unknown when an invisible character breaks a known key, else "".

    ``na\\ufeffme`` prints like ``name``; the message names the character, where it is,
    and the key it breaks (issue #28).
    """
    hidden = [(i, ch) for i, ch in enumerate(name) if ch in _INVISIBLE_NAMES]
    if not hidden:
        return ""
    i, ch = hidden[0]
    clean = "".join(c for c in name if c not in _INVISIBLE_NAMES)
    meant = f" `{_safe(clean)}`" if clean in set(allowed) else ""
    return (
        f": it holds {_INVISIBLE_NAMES[ch]} (U+{ord(ch):04X}, invisible) at character "
        f"{i + 1}, which breaks the key{meant}; delete it"
    )


def _safe(text: str, limit: int = MAX_SHOWN) -> str:
    """User text fit for a one-line message: controls escaped, length bounded."""
    return shorten(printable(text), limit)


_PART_LIMIT = 40  # characters of one key in a path like `weapons[3].abilities`


def _fmt_path(loc: Sequence[PathPart]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = _safe(str(part), _PART_LIMIT)
            out += f".{text}" if out else text
    return out or "(document)"


def _short(value: Any) -> str:
    """A user's value quoted back: escaped and at most about ``MAX_SHOWN`` characters."""
    if isinstance(value, str):
        return f"'{_safe(value)}'"
    return _safe(json.dumps(value, default=str))


# Shapes pydantic gives union branches, validator wrappers and dict-key markers in an
# error's `loc`: `function-after[...]`, `literal['all']`, `dict[str,int]`, a tag such as
# `ref[inline]`, `[key]`, or a bare type or class name (`int`, `str`, `Tech`). Without
# the data only the bracketed shapes are dropped: `str` is also a stat's key.
_LABEL = re.compile(r"^(?:[a-z][\w-]*\[.*\]|\[key\]|int|str|float|bool|none|[A-Z]\w*)$")
_BRACKETED = re.compile(r"^(?:[a-z][\w-]*\[.*\]|\[key\])$")


def _yaml_path(
    loc: Sequence[PathPart], data: Any, *, keep_last: bool
) -> tuple[tuple[PathPart, ...], bool]:
    """The YAML path of a pydantic ``loc``, and whether its last step was a union branch.

    Walks ``data`` (the validated document) alongside: a part that is a key or index of
    the data is the user's, whatever its spelling (a key may well be `descrip[tion:`);
    a part the data does not have is a branch label when it has a label's shape, else a
    key a validator reshaped (kept: the location falls back to its parent). The last
    part of a missing or unknown field is always a key (``keep_last``).
    """
    out: list[PathPart] = []
    node, known, branch = data, data is not None, False
    label = _LABEL if known else _BRACKETED
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if known and _has(node, part):
            out.append(part)
            node = node[part]
            branch = False
        elif (keep_last and last) or not (isinstance(part, str) and label.match(part)):
            out.append(part)
            known, branch = False, False
        else:
            branch = part != "[key]"
    return tuple(out), branch


def _has(node: Any, part: PathPart) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def from_validation_error(
    exc: ValidationError,
    model_fields: dict[tuple[PathPart, ...], list[str]] | None = None,
    data: Any = None,
    model: type | None = None,
) -> list[Problem]:
    """Turn pydantic's errors into Problems with a code, a message and a path.

    ``model_fields`` maps a parent path to the keys allowed there, to suggest the
    closest one for an unknown key. ``data`` is the input that was validated: with it,
    union branch names are told from the user's keys by the keys the data has.
    ``model`` is the class validated: with it, a missing choice lists its values (a
    newcomer cannot guess them). Every value or key quoted is escaped and shortened.
    """
    problems: list[Problem] = []
    seen: set[tuple[tuple[PathPart, ...], str]] = set()
    # Union branches that refused a value's type: one message naming every branch.
    union: dict[tuple[PathPart, ...], tuple[list[str], Any]] = {}
    for err in exc.errors(include_url=False):
        kind = err["type"]
        loc, branch = _yaml_path(err["loc"], data, keep_last=kind in ("missing", "extra_forbidden"))
        ctx = err.get("ctx") or {}
        value = err.get("input")
        if kind == "control_character":
            loc = (*loc, *ctx.get("at", ()))
        where = _fmt_path(loc)
        if branch and (kind in _TYPE_KINDS or kind == "literal_error"):
            words, _ = union.setdefault(loc, ([], value))
            word = _type_word(kind) if kind in _TYPE_KINDS else str(ctx.get("expected", ""))
            if word not in words:
                words.append(word)
            continue
        if kind == "missing":
            code, msg = (
                "ZS101",
                f"'{_safe(str(loc[-1]))}' is required here{_choices_of(model, loc)}"
                if loc
                else "a required field is missing",
            )
        elif kind == "extra_forbidden":
            name = str(loc[-1]) if loc else ""
            allowed = (model_fields or {}).get(loc[:-1], [])
            hint = invisible_key(name, allowed) or (did_you_mean(name, allowed) if allowed else "")
            code, msg = (
                "ZS102",
                f"unknown field '{_safe(name)}'{hint or '; remove it or check its spelling'}",
            )
        elif kind == "control_character":
            code = "ZS107"
            msg = f"{where}: {ctx.get('what')} at character {ctx.get('position')}; remove it"
        elif kind == "unknown_ruleset":  # builder/models/project.py: ruleset
            code, msg = "ZP104", f"{where}: {_bounded(str(err['msg']))}"
        elif kind == "project_path":  # builder/models/project.py: output, templates
            code, msg = "ZP103", f"{where}: {_bounded(str(err['msg']))}"
        elif kind in ("enum", "literal_error"):
            expected = str(ctx.get("expected", "")).replace("'", "")
            choices = [c.strip() for c in expected.replace(" or ", ", ").split(",") if c.strip()]
            code = "ZS103"
            msg = f"{where}: {_short(value)} is not one of {expected}{did_you_mean(value, choices)}"
        elif kind in _TYPE_KINDS:
            code, msg = "ZS104", f"{where}: expected {_type_word(kind)}, got {_short(value)}"
        elif kind in (
            "greater_than_equal",
            "less_than_equal",
            "greater_than",
            "less_than",
            "too_short",
            "too_long",
        ):
            code, msg = (
                "ZS105",
                f"{where}: {_short(value)} is out of range ({_range_words(kind, ctx)})",
            )
        else:
            text = str(err.get("msg", "invalid value"))
            for noise in ("Value error, ", "Assertion failed, "):
                text = text.removeprefix(noise)
            code, msg = "ZS106", f"{where}: {_bounded(text)}"
        _add(problems, seen, loc, code, msg)
    for loc, (words, value) in union.items():
        expected = " or ".join(words)
        _add(
            problems,
            seen,
            loc,
            "ZS104",
            f"{_fmt_path(loc)}: expected {expected}, got {_short(value)}",
        )
    return problems


def _choices_of(model: type | None, loc: tuple[PathPart, ...]) -> str:
    """``"; one of a, b"`` when the field at ``loc`` of ``model`` is an enum or Literal.

    Walks the model's annotations along the YAML path; a field several union branches
    declare differently lists nothing rather than the wrong values.
    """
    if model is None or not loc:
        return ""
    types: list[Any] = [model]
    for i, part in enumerate(loc):
        if isinstance(part, int):
            continue
        found = [
            f.annotation
            for cls in _classes_in(types)
            for name, f in cls.model_fields.items()
            if part in (name, f.alias)
        ]
        if not found:
            return ""
        if i == len(loc) - 1:
            values = {tuple(_enum_values(a)) for a in found}
            if len(values) != 1 or not (only := values.pop()):
                return ""
            return f"; one of {', '.join(only)}"
        types = found
    return ""


def _classes_in(annotations: list[Any]) -> list[Any]:
    """The pydantic models inside annotations (through Optional, list, dict, unions)."""
    from typing import get_args

    from pydantic import BaseModel

    out: list[Any] = []
    stack = list(annotations)
    while stack:
        a = stack.pop()
        if isinstance(a, type) and issubclass(a, BaseModel):
            out.append(a)
        else:
            stack.extend(get_args(a))
    return out


def _enum_values(annotation: Any) -> list[str]:
    """The values an enum or Literal annotation (possibly Optional) allows, else none."""
    from enum import Enum
    from typing import Literal, get_args, get_origin

    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [str(m.value) for m in annotation]
    if get_origin(annotation) is Literal:
        return [str(v) for v in get_args(annotation)]
    args = [a for a in get_args(annotation) if a is not type(None)]
    if len(args) == 1 and get_origin(annotation) is not list:
        return _enum_values(args[0])
    return []


def _add(
    problems: list[Problem],
    seen: set[tuple[tuple[PathPart, ...], str]],
    loc: tuple[PathPart, ...],
    code: str,
    msg: str,
) -> None:
    if (loc, code) in seen:
        return
    seen.add((loc, code))
    problems.append(Problem(code, msg, "manual: Writing content", loc, Severity.ERROR))


_QUOTED_LIMIT = 40  # a value quoted inside a validator's sentence; the sentence matters more
# A quoted value starts after a space, '(' or ':' (or the start) and ends before a space,
# punctuation or the end, so the words *between* two short quoted values are never taken
# for one long value.
_QUOTED = re.compile(rf"(?<![^\s(:])'((?:[^'\\]|\\.){{{_QUOTED_LIMIT + 1},}}?)'(?=$|[\s.,;:)!?])")
_MAX_MESSAGE = 240


def _bounded(text: str) -> str:
    """A validator's own message, which may quote the user's value: escaped, each quoted
    value shortened, and the whole kept to one readable line."""
    text = _QUOTED.sub(lambda m: f"'{shorten(m.group(1), _QUOTED_LIMIT)}'", printable(text))
    return shorten(text, _MAX_MESSAGE)


_TYPE_KINDS = frozenset(
    {
        "int_type",
        "int_parsing",
        "int_from_float",
        "float_type",
        "float_parsing",
        "string_type",
        "bool_type",
        "bool_parsing",
        "model_type",
        "model_attributes_type",
        "dict_type",
        "list_type",
        "tuple_type",
    }
)


def _type_word(kind: str) -> str:
    return {
        "int_type": "a whole number",
        "int_parsing": "a whole number",
        "int_from_float": "a whole number",
        "float_type": "a number",
        "float_parsing": "a number",
        "string_type": "text",
        "bool_type": "true or false",
        "bool_parsing": "true or false",
        "model_type": "a mapping of keys",
        "dict_type": "a mapping of keys",
        "list_type": "a list",
        "tuple_type": "a list",
        "model_attributes_type": "a mapping of keys",
    }.get(kind, kind.removesuffix("_type"))


def _range_words(kind: str, ctx: dict[str, Any]) -> str:
    return {
        "greater_than_equal": f"at least {ctx.get('ge')}",
        "less_than_equal": f"at most {ctx.get('le')}",
        "greater_than": f"more than {ctx.get('gt')}",
        "less_than": f"less than {ctx.get('lt')}",
        "too_short": f"at least {ctx.get('min_length')} items",
        "too_long": f"at most {ctx.get('max_length')} items",
    }[kind]


@dataclass
class Report:
    diagnostics: list[Diagnostic]
    files: int = 0

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.diagnostics), key=lambda d: d.sort_key)

    def summary(self) -> str:
        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 else 's'}"

        return (
            f"{n(self.errors, 'error')}, {n(self.warnings, 'warning')} in {n(self.files, 'file')}"
        )

    def to_json(self) -> str:
        return json.dumps([d.to_json() for d in self.sorted()], indent=2)
