"""One reader of the fenced blocks of the README and the manual's hand-written pages (#25).

`tests/test_readme.py` runs their ```console blocks and `tests/test_examples.py` checks
their ```yaml blocks, both through `fenced_blocks`, so a page moved out of the README (or
a new one under docs/) is checked without being listed anywhere. The comment line right
before a fence is its marker: `<!-- not run: reason -->` for a console block that cannot
run as written, `<!-- example: ... -->` saying what a yaml block is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

_FENCE = re.compile(r"^```(\S*)\s*$")
_COMMENT = re.compile(r"^<!--\s*(?P<body>.+?)\s*-->$")


def pages() -> list[Path]:
    """README.md and every markdown file under docs/: all hand-written (docs/gen_pages.py
    writes the generated pages while the site builds, never into docs/)."""
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Fenced:
    """One fenced block: where it opens, its language, its lines and its marker."""

    page: str  # the page's path from the checkout, e.g. docs/guide/lint.md
    line: int  # of the opening fence, 1-based
    lang: str
    body: tuple[str, ...]
    marker: str | None  # the body of an HTML comment on the line before the fence

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def fenced_blocks(text: str, page: str) -> list[Fenced]:
    """Every block fenced with ```LANG at the start of a line (a bare ``` fence is passed
    over, its lines with it)."""
    lines = text.splitlines()
    blocks: list[Fenced] = []
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if not fence or not fence.group(1):
            i += 1
            continue
        start, lang = i, fence.group(1)
        i += 1
        body: list[str] = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        before = [ln for ln in lines[:start] if ln.strip()][-1:]
        comment = _COMMENT.match(before[0].strip()) if before else None
        marker = comment.group("body") if comment else None
        blocks.append(Fenced(page, start + 1, lang, tuple(body), marker))
    return blocks


def all_blocks(lang: str) -> list[Fenced]:
    """The ```LANG blocks of every page, in page order."""
    found: list[Fenced] = []
    for path in pages():
        page = path.relative_to(REPO).as_posix()
        found += [
            b for b in fenced_blocks(path.read_text(encoding="utf-8"), page) if b.lang == lang
        ]
    return found
