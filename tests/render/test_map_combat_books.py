"""Map Combat on paper: the reference book, and what sheets, cards and the bestiary print
with the supplement on and off (R29, R30, R32). Read back from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.build import plan, run
from builder.rulesets.zodiac.rules.ruleset import Ruleset
from builder.workspace import Workspace, open_workspace
from tests.conftest import EXAMPLE


def _text(path: Path) -> str:
    from pypdf import PdfReader

    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(path).pages))


def _build(ws: Workspace, out: Path, only: str) -> dict[str, str]:
    """{file name: text} of every PDF one book of the example project writes."""
    return {r.path.name: _text(r.path) for r in run(ws, plan(ws, ws.config, out, only=only))}


@pytest.fixture(scope="module")
def on() -> Workspace:
    ws = open_workspace([EXAMPLE])
    assert ws.settings.house.map_combat, "the example project plays Map Combat"
    return ws


@pytest.fixture(scope="module")
def off() -> Workspace:
    ws = open_workspace([EXAMPLE])
    house = ws.settings.house.model_copy(update={"map_combat": False})
    ws.settings = Ruleset(house=house)
    return ws


def test_reference_book(on: Workspace, tmp_path: Path) -> None:
    [text] = _build(on, tmp_path, "map-combat.pdf").values()
    assert "City wall 5" in text and "Pit trap -3" in text  # the height list
    assert "3.5 4 4.5 5 5.5 6 6.5 7 7.5 8" in text  # falls 3.5-8 HL ...
    assert "5% 10% 15% 20% 25%" in text  # ... 5.5 HL is 25% (the supplement's example)
    # E1-E4 drawn as grids, read row by row: 1, 1 + 3 + 1, 1 + 3 + 5 + 3 + 1, ... squares.
    assert "E1 X 1 square E2 O O X O O 5 squares" in text
    assert f"E3 {'O ' * 6}X {'O ' * 6}13 squares" in text
    assert f"E4 {'O ' * 12}X {'O ' * 12}25 squares" in text
    assert "V1 at HL 6 strikes 5 to 7" in text
    assert "R3 E1 V0 up to R6 E4 V3" in text  # melee Tech, the supplement's maximum
    assert "R6 E1 V0 up to R9 E4 V3" in text and "R4 E1 V0 up to R7 E4 V3" in text
    assert "Side +5" in text and "Behind +10" in text
    assert "does not play Map Combat" not in text


def test_reference_book_says_when_the_campaign_does_not_play_it(
    off: Workspace, tmp_path: Path
) -> None:
    [text] = _build(off, tmp_path, "map-combat.pdf").values()
    assert "does not play Map Combat" in text


def test_sheet_on_and_off(on: Workspace, off: Workspace, tmp_path: Path) -> None:
    sheet = "amos-the-valiant.pdf"
    with_map = _build(on, tmp_path / "on", "characters.pdf")[sheet]
    without = _build(off, tmp_path / "off", "characters.pdf")[sheet]
    # Amos: 356 HP, Jump 3, a sword with Accuracy 8 (see `character show`).
    assert (
        "Move 3, Jump 3: steps up 1.5 height levels per Movement Point, jumps gaps of 2 squares"
        in with_map
    )
    assert "17 35 53 71 89 106 124 142 160 178" in with_map  # 5%-50% of 356, rounded down
    assert (
        "R1 (target within 1 height level); Accuracy 13 from the side, 18 from behind" in with_map
    )
    assert "shoves the target back 1 square" in with_map
    assert "R/E/V" in with_map and "R3 E1 V0" in with_map
    for gone in ("Map Combat", "Jump", "R/E/V", "R3 E1 V0", "shoves"):
        assert gone not in without, gone


def test_cards_and_bestiary_on_and_off(on: Workspace, off: Workspace, tmp_path: Path) -> None:
    printed: dict[str, str] = {}
    for book in ("monster-cards.pdf", "bestiary.pdf"):
        [with_map] = _build(on, tmp_path / "on", book).values()
        printed[book] = with_map
        [without] = _build(off, tmp_path / "off", book).values()
        assert "R4 E1 V0" in with_map, book  # Monster Breath, an Attack Magic Tech
        assert "R3 E1 V0" in with_map, book  # Goblin Punch, a '1P2' Enemy Skill
        assert "R4 E1 V0" not in without and "R3 E1 V0" not in without, book
        assert "JUMP" in with_map.upper() and "JUMP" not in without.upper(), book
    bestiary = printed["bestiary.pdf"]
    assert "Move 3, Jump 3: steps up 1.5 height levels per Movement Point" in bestiary
    assert "shoves the target back 1 square" in bestiary
