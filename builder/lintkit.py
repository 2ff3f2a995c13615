"""What every rule set's balance linter shares: peer fences, ignore comments, the run loop.

A linter (`zodiac lint`) is a rule set's own module (``builder/rulesets/<id>/lint.py``)
that turns each entity into warnings (`Problem`s of severity warning). The pieces here
know no game: the interquartile fences that find "an entry far outside its peers", the
``# zodiac: ignore[CODE]`` comments that silence a finding where it is written, and the
loop that places each finding at file:line:col and skips an entity whose numbers fail
to compute (validation reports it). ZODIAC's linter keeps its own copies (older).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.diagnostics import Diagnostic, place_in
from builder.problems import Problem

if TYPE_CHECKING:
    from builder.io.project import Content, Entity


@dataclass(frozen=True)
class Fences:
    """The peers' quartiles and the fences beyond which a value is an outlier."""

    q1: float
    median: float
    q3: float
    low: float
    high: float
    count: int

    def holds(self, value: float) -> bool:
        return self.low <= value <= self.high


def fences(values: Sequence[float], factor: float, floor_share: float = 0.1) -> Fences:
    """Tukey's fences: the quartiles -+ ``factor`` x IQR, at least ``floor_share`` of the
    median away, so peers that all share one build do not flag a value a hair off."""
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    spread = max(factor * (q3 - q1), floor_share * abs(median))
    return Fences(q1, median, q3, q1 - spread, q3 + spread, len(values))


_IGNORE = re.compile(r"#\s*zodiac:\s*ignore\[([A-Za-z0-9,\s]*)\]")


def ignored_codes(line: str) -> set[str]:
    """Codes a line's ``# zodiac: ignore[BT901, BT910]`` comment silences."""
    out: set[str] = set()
    for match in _IGNORE.finditer(line):
        out |= {c.strip().upper() for c in match.group(1).split(",") if c.strip()}
    return out


def silenced(entity: Entity, diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Drop findings an ignore comment names, on their line or the entity's own lines
    (its first line, its ``name:`` or ``id:`` line)."""
    if not diags:
        return []
    source = getattr(entity.doc, "_source", None)
    lines = (getattr(source, "text", "") if source is not None else "").splitlines()

    def on(line: int) -> set[str]:
        return ignored_codes(lines[line - 1]) if 0 < line <= len(lines) else set()

    doc = entity.doc
    whole = on(doc.start[0])
    for key in ("name", "id"):
        loc = doc.keys.get((key,))
        if loc is not None:
            whole |= on(loc[0])
    return [d for d in diags if d.code not in whole and d.code not in on(d.line)]


def run(
    content: Content,
    problems: Callable[[Entity], Iterable[Problem]],
    disabled: Collection[str] = (),
) -> list[Diagnostic]:
    """Every entity's findings, placed, minus disabled codes and ignore comments.

    An entity whose numbers fail to compute (a table cell it lacks) is skipped, not
    reported twice: validation says what is wrong with it.
    """
    out: list[Diagnostic] = []
    for e in content.entities:
        try:
            found = list(problems(e))
        except (ValueError, KeyError, IndexError, TypeError, ZeroDivisionError):
            continue
        placed = [place_in(p, e.doc) for p in found if p.code not in disabled]
        out += silenced(e, placed)
    return out


def known_codes(value: list[str], codes: Collection[str]) -> list[str]:
    """``lint: {disable: [...]}``: upper-cased, each one of the linter's ``codes``."""
    out = [v.strip().upper() for v in value]
    unknown = [c for c in out if c not in codes]
    if unknown:
        raise ValueError(
            f"unknown lint code {unknown[0]!r}; the linter's codes are {', '.join(codes)}"
        )
    return out


def pct(value: float, bound: float) -> int:
    """How far ``value`` is from ``bound``, in whole percent of ``bound``."""
    return round(abs(value - bound) / bound * 100) if bound else 0


__all__ = ["Fences", "fences", "ignored_codes", "known_codes", "pct", "run", "silenced"]
