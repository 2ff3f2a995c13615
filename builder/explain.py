"""Numbers that explain themselves, and expected values in content: the part games share.

A computed number keeps how it was reached as ``Term``s: a label a person reads, the
amount it adds, and its source (``base``, ``stat:vit``, ``level``, ``equipment:<item>``,
``support_skill:<id>``, ``house_rule:<switch>``, ``ruling:R28``, ``table:<name>``...).
A term may itself be computed: its own ``terms`` say how (a tree). Top-level amounts
add up to the number wherever the number is a sum; a table lookup or a product says so
in its label and nests its inputs.

A rule set's `zodiac show` view (``builder.views.Shown``) carries such terms keyed by
dotted paths (``derived.hp``, ``techs.cure.mp_cost``); :func:`paths` turns any view's JSON
into the same dotted paths, so `show --explain PATH` and `expect:` read one namespace for
every kind of every rule set. Pure: no I/O, no printing.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from builder.models.base import norm_id
from builder.problems import PathPart, Problem
from builder.text import printable, shorten

__all__ = [
    "EXPLAIN_KEY",
    "Term",
    "attach",
    "closest_paths",
    "expect_shape_problems",
    "expectation_problems",
    "explain_json",
    "item_keys",
    "one_line",
    "paths",
    "same_value",
]

# The key of a view's JSON that holds the breakdowns: {dotted path: [term, ...]}.
EXPLAIN_KEY = "explain"

Scalar = int | float | str | bool | None


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a computed number: what it is, what it adds, and where it comes from."""

    label: str
    amount: int | float | None
    source: str
    terms: tuple[Term, ...] = ()
    rule: str = ""  # where the rule lives: a book section or a ruling id (R1-R51)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "amount": self.amount, "source": self.source}
        if self.rule:
            out["rule"] = self.rule
        if self.terms:
            out["terms"] = [t.to_json() for t in self.terms]
        return out


def explain_json(explained: Mapping[str, Iterable[Term]]) -> dict[str, list[dict[str, Any]]]:
    """``{path: (Term, ...)}`` as the JSON under ``"explain"``."""
    return {path: [t.to_json() for t in terms] for path, terms in explained.items()}


def attach(data: dict[str, Any], explained: Mapping[str, Iterable[Term]]) -> dict[str, Any]:
    """A view's JSON with its breakdowns under ``"explain"``, beside the contract's keys
    (never instead of them: ``derived.hp`` stays a number). Paths the JSON lacks are left
    out, so every key of ``"explain"`` is a path `expect:` and `--explain` accept."""
    known = paths(data)
    kept = {k: tuple(t) for k, t in explained.items() if k in known}
    return {**data, EXPLAIN_KEY: explain_json({k: t for k, t in kept.items() if t})}


def one_line(terms: Iterable[Term]) -> str:
    """``75 base + 35 Toughness (support_skill:toughness) + ...``: a breakdown on one line."""
    out = ""
    for t in terms:
        text = f"{t.label} ({t.source})" if t.source else t.label
        if not out:
            out = text
        elif isinstance(t.amount, int | float) and t.amount < 0:
            out += f" - {text.lstrip('-')}"
        else:
            out += f" + {text}"
    return out


# --------------------------------------------------------------------------- dotted paths


def _key_of(item: Mapping[str, Any]) -> str | None:
    """How a list item is named in a path: its id, else its name in id form."""
    for field in ("id", "item", "tech", "skill", "name"):
        value = item.get(field)
        if isinstance(value, str) and value:
            return norm_id(value) or None
    return None


def item_keys(items: Iterable[Any]) -> list[str]:
    """How each item of a list is named in a dotted path: its id (or name in id form),
    else its position when it has none or repeats one. A view that keys its breakdowns
    by path names list items with this, so its paths are the ones :func:`paths` finds."""
    seen: set[str] = set()
    out = []
    for i, v in enumerate(items):
        key = _key_of(v) if isinstance(v, Mapping) else None
        if key is None or key in seen:
            key = str(i)
        seen.add(key)
        out.append(key)
    return out


def paths(data: Any, *, limit: int = 20_000) -> dict[str, Scalar]:
    """Every number, text and flag of a view's JSON by dotted path (``derived.hp``).

    List items are named by their id (``techs.cure.mp_cost``, ``items.broadsword.price``),
    else by position (``history.3.hp``); the breakdowns themselves (``explain``) are left
    out. ``limit`` bounds the work on a hostile document.
    """
    out: dict[str, Scalar] = {}
    stack: list[tuple[str, Any]] = [("", data)]
    while stack and len(out) < limit:
        prefix, value = stack.pop()
        if isinstance(value, Mapping):
            items = [(str(k), v) for k, v in value.items() if not (not prefix and k == EXPLAIN_KEY)]
        elif isinstance(value, list | tuple):
            items = list(zip(item_keys(value), value, strict=True))
        else:
            out[prefix] = value
            continue
        for key, v in reversed(items):
            stack.append((f"{prefix}.{key}" if prefix else key, v))
    return out


def closest_paths(wanted: str, known: Iterable[str], n: int = 8) -> list[str]:
    """The known paths nearest to ``wanted``, closest first (for a usage error)."""
    known = list(known)
    if len(wanted) > 200:
        return known[:n]
    close = difflib.get_close_matches(wanted, known, n=n, cutoff=0.4)
    # Same last part (`hp` for `derived.hpp`), then the same first part, fill the rest.
    tail, head = wanted.rsplit(".", 1)[-1], wanted.split(".", 1)[0]
    for p in known:
        if len(close) >= n:
            break
        if p not in close and (p.endswith("." + tail) or p.startswith(head + ".")):
            close.append(p)
    return close[:n]


def same_value(expected: Any, computed: Any) -> bool:
    """An expectation holds: numbers by value (``356`` == ``356.0``), text ignoring case
    and spacing as ids are read, anything else by equality. ``true`` is not ``1``."""
    if isinstance(expected, bool) or isinstance(computed, bool):
        return type(expected) is type(computed) and expected == computed
    if isinstance(expected, int | float) and isinstance(computed, int | float):
        return expected == computed
    if isinstance(expected, str) and isinstance(computed, str):
        return expected == computed or norm_id(expected) == norm_id(computed)
    return bool(expected == computed)


# --------------------------------------------------------------------------- expect:

EXPECT_KEY = "expect"  # the document key; the loader keeps it from the model (io.project)
EXPECT_RULE = "manual: Expected values"
MAX_EXPECTATIONS = 1_000

# Codes ZS120-ZS123: listed in builder/codes.py with the loader's.


def expect_shape_problems(value: Any) -> list[Problem]:
    """What is wrong with an ``expect:`` block itself, before anything is computed."""
    where: tuple[PathPart, ...] = (EXPECT_KEY,)
    if not isinstance(value, Mapping):
        return [
            Problem(
                "ZS120",
                "`expect:` must map dotted paths to values, e.g. `expect: {derived.hp: 356}`",
                EXPECT_RULE,
                where,
            )
        ]
    out: list[Problem] = []
    if len(value) > MAX_EXPECTATIONS:
        msg = f"`expect:` holds {len(value)} entries; at most {MAX_EXPECTATIONS} are checked"
        out.append(Problem("ZS120", msg, EXPECT_RULE, where))
    for key, expected in list(value.items())[:MAX_EXPECTATIONS]:
        if not isinstance(key, str) or not key.strip():
            msg = f"an `expect:` key must be a dotted path such as derived.hp, not {key!r}"
            out.append(Problem("ZS120", msg, EXPECT_RULE, (*where, key)))
        elif isinstance(expected, Mapping | list):
            msg = f"expect {key}: give one number, text or flag, not a list or mapping"
            out.append(Problem("ZS123", msg, EXPECT_RULE, (*where, key)))
    return out


def _shown(value: Any) -> str:
    return (
        "null" if value is None else str(value).lower() if isinstance(value, bool) else f"{value}"
    )


def expectation_problems(expect: Mapping[Any, Any], data: Mapping[str, Any]) -> list[Problem]:
    """Each ``expect:`` entry against a view's JSON: an unknown path (ZS121) or a value
    that differs (ZS122), at the line of its key, with the computed breakdown on one line."""
    values = paths(data)
    explained = data.get(EXPLAIN_KEY, {})
    out: list[Problem] = []
    for key, expected in list(expect.items())[:MAX_EXPECTATIONS]:
        if not isinstance(key, str) or isinstance(expected, Mapping | list):
            continue  # expect_shape_problems reported it
        at: tuple[PathPart, ...] = (EXPECT_KEY, key)
        path = key.strip()
        if path not in values:
            near = ", ".join(closest_paths(path, values, 6)) or "none"
            msg = f"no computed value at '{printable(shorten(path))}'; close paths: {near}"
            out.append(Problem("ZS121", msg, EXPECT_RULE, at))
            continue
        computed = values[path]
        if same_value(expected, computed):
            continue
        how = ""
        terms = explained.get(path)
        if terms:
            how = "; " + _terms_line(terms)
        msg = f"{path}: expected {_shown(expected)}, computed {_shown(computed)}{how}"
        out.append(Problem("ZS122", shorten(printable(msg), 400), EXPECT_RULE, at))
    return out


def _terms_line(terms: Iterable[Mapping[str, Any]]) -> str:
    """JSON terms on one line: ``75 [base] + 132 6 x 22 VIT [stat:vit] + ...``."""
    bits = []
    for t in terms:
        amount = t.get("amount")
        label = str(t.get("label", ""))
        text = label if amount is None or label.startswith(str(amount)) else f"{label}: {amount}"
        bits.append(f"{text} [{t.get('source', '')}]")
    return " + ".join(bits).replace("+ -", "- ")
