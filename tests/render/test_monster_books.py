"""The example project's monster cards and bestiary, read back from the PDFs.

Each paper size renders both books once (module-scoped fixture): WeasyPrint is the slow
part, and every test here only reads the files.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from builder.build import plan, run
from builder.models.project import Paper
from builder.rulesets.zodiac.rules.monsters import MonsterView
from builder.workspace import Workspace, open_workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "examples" / "zodiac"
MM = 72 / 25.4  # PDF points per millimetre
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BOOKS = ("monster-cards.pdf", "bestiary.pdf")


@dataclass
class Built:
    paper: str
    pdfs: dict[str, Path]
    monsters: list[tuple[str, MonsterView]]  # (name, view) in book order


def _views(ws: Workspace, entities: Any) -> list[tuple[str, MonsterView]]:
    from builder.rulesets.zodiac.checks.monsters import resolve_techs
    from builder.rulesets.zodiac.rules.monsters import monster_view

    out = []
    for e in entities:
        levels = resolve_techs(e.model, ws).levels  # type: ignore[arg-type]
        mult = ws.settings.house.damage_die_multiplier
        out.append((e.model.name, monster_view(e.model, levels, die_multiplier=mult)))
    return out


@pytest.fixture(scope="module", params=sorted(PAPERS))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    ws = open_workspace([EXAMPLE])
    ws.config = ws.config.model_copy(update={"paper": Paper(request.param)})
    out = tmp_path_factory.mktemp(f"monsters-{request.param}")
    pdfs: dict[str, Path] = {}
    monsters: list[tuple[str, MonsterView]] = []
    for book in BOOKS:
        jobs = plan(ws, ws.config, out, only=book)
        assert len(jobs) == 1, f"the example project should declare {book}"
        for result in run(ws, jobs):
            pdfs[book] = result.path
        monsters = _views(ws, jobs[0].entities)
    assert monsters, "the example project has monsters"
    return Built(request.param, pdfs, monsters)


def _pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(path).pages]


def _outline(path: Path) -> list[tuple[int, str, int]]:
    """(level, title, page index) of every PDF bookmark, depth first."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    out: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, str(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline, 1)
    return out


def _reward(view: MonsterView) -> str:
    return f"{view.rewards.xp.value:,} XP · {view.rewards.gold.value:,} G"


@pytest.mark.parametrize("book", BOOKS)
def test_every_monster_and_its_hp_are_printed(built: Built, book: str) -> None:
    text = " ".join(_pages(built.pdfs[book]))
    for name, view in built.monsters:
        assert name in text, f"{name} missing from {book}"
        assert f"{view.derived.hp.value:,}" in text, f"{name}'s HP missing from {book}"


def test_deck_has_nine_cards_a_page(built: Built) -> None:
    pages = _pages(built.pdfs["monster-cards.pdf"])
    assert len(pages) == math.ceil(len(built.monsters) / 9)


def test_no_card_is_split(built: Built) -> None:
    """Each card's name (its bookmark) and its reward line, at the bottom, share a page."""
    path = built.pdfs["monster-cards.pdf"]
    pages = _pages(path)
    marks = {title: page for level, title, page in _outline(path) if level == 2}
    for name, view in built.monsters:
        assert name in marks, f"no bookmark for the {name} card"
        assert _reward(view) in pages[marks[name]], f"the {name} card is split"


def test_bestiary_has_contents_index_and_bookmarks(built: Built) -> None:
    path = built.pdfs["bestiary.pdf"]
    pages = _pages(path)
    contents = next(i for i, text in enumerate(pages) if "Contents" in text)
    assert contents <= 1, "the contents follow the cover"
    assert "Index of Monsters" in pages[-1]
    outline = _outline(path)
    chapters = [title for level, title, _ in outline if level == 1]
    assert chapters == ["Monsters", "Index of Monsters"]
    marks = {title: page for level, title, page in outline if level == 2}
    for name, view in built.monsters:
        assert name in pages[contents], f"{name} missing from the contents"
        assert name in marks, f"no bookmark for {name}"
        block = pages[marks[name]]
        assert f"{view.derived.hp.value:,}" in block, f"{name}'s stat block is split"
        assert view.damage.breakdown.split(" (")[0] in block


def test_contents_and_index_give_page_numbers(built: Built) -> None:
    pages = _pages(built.pdfs["bestiary.pdf"])
    marks = {t: p for lvl, t, p in _outline(built.pdfs["bestiary.pdf"]) if lvl == 2}
    for name, _ in built.monsters:
        number = marks[name] + 1
        pattern = re.escape(name) + r"(?: Lv \d+)?[ .]*" + str(number) + r"\b"
        assert re.search(pattern, pages[1]), f"contents: {name} not on page {number}"
        assert re.search(pattern, pages[-1]), f"index: {name} not on page {number}"


@pytest.mark.parametrize("book", BOOKS)
def test_paper_size(built: Built, book: str) -> None:
    from pypdf import PdfReader

    width, height = PAPERS[built.paper]
    for page in PdfReader(built.pdfs[book]).pages:
        assert float(page.mediabox.width) == pytest.approx(width * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(height * MM, abs=0.5)
