"""Helpers the check modules share: grammar errors and chapter lists as Problems."""

from __future__ import annotations

from collections.abc import Iterator

from builder.problems import PathPart, Problem
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules.grammar import GrammarError, parse_range

RANGE = "Range Specifiers (R42)"
ELEMENTS = "Elements"


def grammar_problem(
    code: str, what: str, err: GrammarError, rule: str, path: tuple[PathPart, ...]
) -> Problem:
    """A parse error that says at which character the text stops making sense."""
    return Problem(
        code,
        f"{what} '{err.text}': {err.reason} at character {err.position + 1}",
        rule,
        path,
        offset=err.position,
    )


def range_problems(value: object, path: tuple[PathPart, ...]) -> Iterator[Problem]:
    """TA101 (does not parse) and TA102 (minimum above maximum)."""
    if value is None:
        return
    try:
        parse_range(value)  # type: ignore[arg-type]
    except GrammarError as err:
        code = "TA102" if err.kind == "order" else "TA101"
        yield grammar_problem(code, "range", err, RANGE, path)


def element_problems(value: str | None, path: tuple[PathPart, ...], code: str) -> Iterator[Problem]:
    if value is not None and value.strip().lower() not in T.ELEMENTS:
        yield Problem(
            code,
            f"element '{value}' is not one of the chapter's: {', '.join(T.ELEMENTS)}",
            ELEMENTS,
            path,
        )
