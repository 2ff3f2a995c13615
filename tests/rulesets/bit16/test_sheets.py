"""The 16 Bit Tactics character sheet a player plays from (issue #27): one page at A4 and
Letter, every number from the view, and the PDF titled with the character's name."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from builder.build import plan, run
from builder.models.project import Paper
from builder.rulesets.bit16.views.sheets import character_sheets_context, quarter_marks
from builder.workspace import open_workspace

EXAMPLE = Path(__file__).resolve().parents[3] / "content" / "examples" / "16-bit-tactics"


def test_quarter_marks_round_down() -> None:
    assert quarter_marks(68) == ["51", "34", "17"]  # R1
    assert quarter_marks(33) == ["24", "16", "8"]
    assert quarter_marks(0) == [] and quarter_marks(None) == []


def test_the_sheet_view_has_what_a_turn_needs() -> None:
    ws = open_workspace([EXAMPLE])
    kestrel = [e for e in ws.content.of_kind("character") if e.id == "kestrel"]
    ctx = character_sheets_context(ws, kestrel)
    assert ctx["title"] == "Kestrel"
    (c,) = ctx["characters"]
    fights = [(a["name"], a["die"], a["weapon_die"], a["damage"], a["crit"]) for a in c["attacks"]]
    assert fights == [
        ("Fight: Kunai", "d10", "d6", 24, 48),  # a Crit doubles DMG (R47)
        ("Fight: Broadsword", "d10", "d8", 24, 48),
        ("Magic (spell)", "d6", None, 11, 22),
    ]
    assert c["hp_marks"] == ["51", "34", "17"] and c["mp_marks"] == ["13", "9", "4"]
    assert "Sap" in c["statuses"]["negative"] and "Haste" in c["statuses"]["positive"]
    assert c["combo_note"] == "+35 DMG/M.Dmg (5 × LV)"
    # a book of several characters keeps the book's title
    assert character_sheets_context(ws, ws.content.of_kind("character"))["title"] is None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_sheet_is_one_page_titled_with_the_name(tmp_path: Path, paper: str) -> None:
    ws = open_workspace([EXAMPLE])
    ws.config = ws.config.model_copy(update={"paper": Paper(paper)})
    jobs = plan(ws, ws.config, tmp_path, only="characters.pdf")
    built = {b.path.stem: b for b in run(ws, jobs)}
    assert set(built) == {"bram-holloway", "kestrel", "ysolde-varr"}
    for stem, b in built.items():
        assert b.pages == 1, f"{stem} spills onto a second page at {paper}"
        name = next(j.entities[0].model.name for j in jobs if j.out == b.path)
        with pikepdf.open(b.path) as pdf:
            assert str(pdf.docinfo["/Title"]) == name
    text = PdfReader(built["kestrel"].path).pages[0].extract_text()
    for needle in ("Fight: Kunai", "max 68", "Dual Wield", "Limit", "Sap", "NOTES"):
        assert needle in text
