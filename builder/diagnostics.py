"""The one record for every problem the builder reports, and its formatters.

A Diagnostic is a Problem placed in a file: ``path:line:col: severity CODE message``.
Pydantic errors are translated here so the user sees what is wrong and what would
be right, never pydantic's internals.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.problems import PathPart, Problem, Severity

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
    """Locate a problem whose path is relative to ``doc``."""
    return place(problem, doc.path, doc.locate(problem.path, key=problem.code in _KEY_CODES))


_KEY_CODES = {"ZS102"}


def closest(value: str, choices: Iterable[str]) -> str | None:
    """The closest known spelling, for 'did you mean ...?'."""
    matches = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else None


def did_you_mean(value: Any, choices: Iterable[str]) -> str:
    if not isinstance(value, str):
        return ""
    match = closest(value, choices)
    return f"; did you mean '{match}'?" if match else ""


def _fmt_path(loc: Sequence[PathPart]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def _short(value: Any) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def from_validation_error(
    exc: ValidationError, model_fields: dict[tuple[PathPart, ...], list[str]] | None = None
) -> list[Problem]:
    """Turn pydantic's errors into Problems with a code, a message and a path.

    ``model_fields`` maps a parent path to the keys allowed there, to suggest the
    closest one for an unknown key.
    """
    problems: list[Problem] = []
    seen: set[tuple[tuple[PathPart, ...], str]] = set()
    for err in exc.errors(include_url=False):
        # Drop union/tagged-union branch names from the path: they are not YAML keys.
        loc = tuple(
            p
            for p in err["loc"]
            if not (isinstance(p, str) and ("[" in p or p.startswith("function-")))
        )
        kind = err["type"]
        ctx = err.get("ctx") or {}
        value = err.get("input")
        where = _fmt_path(loc)
        if kind == "missing":
            code, msg = (
                "ZS101",
                f"'{loc[-1]}' is required here" if loc else "a required field is missing",
            )
        elif kind == "extra_forbidden":
            allowed = (model_fields or {}).get(loc[:-1], [])
            hint = did_you_mean(loc[-1], allowed) if allowed else ""
            code, msg = (
                "ZS102",
                f"unknown field '{loc[-1]}'{hint or '; remove it or check its spelling'}",
            )
        elif kind in ("enum", "literal_error"):
            expected = str(ctx.get("expected", "")).replace("'", "")
            choices = [c.strip() for c in expected.replace(" or ", ", ").split(",") if c.strip()]
            code = "ZS103"
            msg = f"{where}: {_short(value)} is not one of {expected}{did_you_mean(value, choices)}"
        elif kind.endswith("_type") or kind in (
            "int_parsing",
            "float_parsing",
            "bool_parsing",
            "model_type",
            "dict_type",
            "list_type",
            "int_from_float",
        ):
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
            code, msg = "ZS106", f"{where}: {text}"
        key = (loc, code)
        if key in seen:
            continue
        seen.add(key)
        problems.append(Problem(code, msg, "DESIGN: Content files", loc, Severity.ERROR))
    return problems


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
