"""What the build tests share: a starter project with chosen books, the build's table,
and a PDF's text page by page (for "the same as a cold build" comparisons)."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader


def starter(zodiac, root: Path, books: str) -> Path:
    """`zodiac init` into `root`, its books replaced by `books` (a `books:` YAML block)."""
    assert zodiac("init", str(root)).exit_code == 0
    config = root / "zodiac.yaml"
    text = config.read_text()
    config.write_text(text[: text.index("books:")] + books)
    return root


def printed_column(stdout: str) -> dict[str, str]:
    """The build's table: each file's "printed" column, "now" or "unchanged"."""
    return dict(re.findall(r"│ (\S+\.pdf)\s+│.*│ (now|unchanged)\s+│", stdout))


def page_texts(pdf: Path) -> list[str]:
    """Each page's text, whitespace folded."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]
