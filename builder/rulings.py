"""The rulings the builder follows, read from ``docs/RULINGS.md`` (shipped in the wheel).

RULINGS.md promises users can see them (`zodiac rules rulings`); reading the document
itself, rather than a copy in code, keeps the two from drifting. An entry starts with
``- R<n>. `` and runs over its indented lines; ``##`` / ``###`` headings say which book
it reads. A ruling that says "house rule" names a switch of ``zodiac.yaml``: each rule set
maps its ruling ids to its ``house_rules`` field names (``RuleSet.house_rules``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.rulesets import OptionalRule

SUMMARY_CHARS = 100

_ENTRY = re.compile(r"^- (R\d+)\.\s+(.*)$")
_HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*$")

# A `##` section of the core rules reads the ZODIAC book; these sections read another,
# and a `###` heading names its book outright.
_CORE_BOOK = "ZODIAC"
_SECTION_BOOKS = {"map combat (supplement)": "Map Combat", "the other books": "other books"}


@dataclass(frozen=True)
class Ruling:
    """One ruling: ``id`` (R10), the ``book`` it reads, its ``text`` whole."""

    id: str
    book: str
    text: str
    house_rule: str | None = None

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def summary(self) -> str:
        """The first sentence, cut at a word to about ``SUMMARY_CHARS`` characters."""
        return shorten(first_sentence(self.text))

    def to_json(self) -> dict[str, str | None]:
        return {
            "id": self.id,
            "book": self.book,
            "summary": self.summary,
            "house_rule": self.house_rule,
        }


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


def first_sentence(text: str) -> str:
    """Up to the first full stop that ends a sentence: not inside brackets, not in ``1.5``."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(depth - 1, 0)
        elif ch in ".!?" and depth == 0:
            rest = text[i + 1 :]
            closing = len(rest) - len(rest.lstrip("\"'”’"))
            if not rest[closing:] or rest[closing].isspace():
                return text[: i + 1 + closing]
    return text


def shorten(text: str, limit: int = SUMMARY_CHARS) -> str:
    """``text``, or its first words up to ``limit`` characters and ``...``."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 3].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "..."


def parse(markdown: str, house_rules: dict[str, str] | None = None) -> list[Ruling]:
    """Every ``- R<n>.`` entry of RULINGS.md in number order, with its book and switch."""
    switches = house_rules or {}
    found: list[tuple[str, str, list[str]]] = []
    book = _CORE_BOOK
    current: list[str] | None = None
    for line in markdown.splitlines():
        heading = _HEADING.match(line)
        entry = _ENTRY.match(line)
        if heading:
            current = None
            level, title = heading.groups()
            book = title if level == "###" else _SECTION_BOOKS.get(title.lower(), _CORE_BOOK)
        elif entry:
            current = [entry.group(2)]
            found.append((entry.group(1), book, current))
        elif current is not None and line[:1].isspace() and line.strip():
            current.append(line)
        else:
            current = None
    rulings = [
        Ruling(rid, book, _plain(" ".join(lines)), switches.get(rid)) for rid, book, lines in found
    ]
    return sorted(rulings, key=lambda r: r.number)


def rulings_file() -> Path:
    from builder.paths import data_dir

    return data_dir("docs") / "RULINGS.md"


@cache
def all_rulings() -> list[Ruling]:
    """The shipped rulings, with the house-rule switch of every registered rule set."""
    from builder.rulesets import all_rulesets

    switches: dict[str, str] = {}
    for rule_set in all_rulesets():
        switches.update(rule_set.house_rules)
    return parse(rulings_file().read_text(encoding="utf-8"), switches)


def all_optional_rules() -> list[tuple[str, OptionalRule]]:
    """Each registered rule set's optional rules (the book's "at the Master's option"),
    as (rule set id, rule), in registration order."""
    from builder.rulesets import all_rulesets

    return [(rs.id, rule) for rs in all_rulesets() for rule in rs.optional_rules]
