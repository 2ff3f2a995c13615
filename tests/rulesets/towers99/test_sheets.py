"""The 99 Towers combatant sheet a player plays from (issue #27): every number from the
view, one page at A4 and at Letter, one PDF per combatant titled with its name."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from builder.build import plan, run
from builder.models.project import Paper
from builder.rulesets.towers99.views.sheets import (
    columns,
    combatant_sheets_context,
    initiative_rows,
    size_line,
)
from builder.workspace import open_workspace
from tests.conftest import REPO

EX = REPO / "content" / "examples" / "99-towers"


def _sheet(ws, entity_id: str) -> dict:
    [e] = [e for e in ws.content.of_kind("combatant") if e.id == entity_id]
    ctx = combatant_sheets_context(ws, [e])
    assert ctx["title"] == e.model.name  # the PDF's title
    return ctx["sheets"][0]


def test_initiative_rows_put_each_card_on_the_clock() -> None:
    rows = {r["card"]: r for r in initiative_rows(2)}
    # The chapter's example: Tony keeps a King (13), adds his <N> 2: phase 5; surprised 15.
    assert rows["K"] == {"card": "K", "calculated": 15, "phase": 5, "surprised": 15}
    assert rows["2"]["phase"] == 16 and list(rows)[:2] == ["2", "3"] and len(rows) == 12
    # 20 or more counts as 20: phase 0.
    assert initiative_rows(9)[-1]["phase"] == 0


def test_size_shifts_are_the_inverse_of_the_rank() -> None:
    assert size_line("large")["attack_text"] == "shift-1"
    assert size_line("small")["defense_text"] == "shift+1"
    assert size_line("medium")["attack_text"] == "no shift"
    assert size_line("large")["space"] == "2 x 2"
    assert size_line("tiny")["threatens"] is False and size_line("small")["threatens"] is True


def test_columns_read_downwards() -> None:
    assert columns(list(range(7)), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert columns([], 3) == []


def test_the_sheet_view_has_what_a_turn_needs() -> None:
    ws = open_workspace([EX])
    tony = _sheet(ws, "tony-wrongway-wright")
    rifle, blade = tony["arms"]
    # Heavy Rifle: PA 7 12 10 (the chapter's); Tony's <PA> 4 is the flip.
    assert (rifle["flip"], rifle["base"], rifle["aim_max"]) == (4, 7, 2)
    assert [(h["stun"], h["lethal"]) for h in rifle["hits"]] == [(7, 0), (8, 1), (9, 2), (10, 3)]
    assert rifle["power_hits"] == [9, 10, 11, 12]  # Power Attack: damage +2
    assert rifle["ammo_boxes"] == 10 and rifle["bands"][1] == {
        "text": "13-24",
        "modifier": "shift-1",
    }
    assert (blade["base"], blade["ammo_boxes"], blade["bands"]) == (4, 0, [])  # 2+PX, PX 2
    assert tony["stun_boxes"] == list(range(14, 0, -1)) and tony["recover"] == 2
    assert [b["value"] for b in tony["lethal_track"]] == [6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4]
    steady, sidestep = tony["tactics"]
    assert (steady["steps"], steady["phases"], steady["flip"]) == ("Aim x2, Attack", 15, "flip+2")
    assert (sidestep["steps"], sidestep["phases"]) == ("Shift Position + Attack", 7)
    assert tony["aim_boxes"] == 2  # half of <PA> 4
    revenant = _sheet(ws, "shadow-revenant")
    assert revenant["tactics"][0]["phases"] == 9  # Shift Position + Power Attack: 2 + 7
    assert revenant["size_line"]["attack_text"] == "shift-1"
    jimmy = _sheet(ws, "jimmy-arkham")
    assert jimmy["arms"][0]["flip"] == 4  # Longblade 1+PA with <PA> 3
    assert jimmy["arms"][0]["base"] == 5  # 4+PX with <PX> 1
    assert _sheet(ws, "rusty")["owner_name"] == 'Tony "Wrongway" Wright'


def test_field_names_are_unique_and_stable() -> None:
    ws = open_workspace([EX])
    f = _sheet(ws, "tony-wrongway-wright")["fields"]
    assert f["stun"][0] == "stun_box_1" and len(f["stun"]) == 14
    assert f["lethal"][-1] == "lethal_box_11" and f["states"]["Flat-footed"] == "state_flat_footed"
    assert f["ammo"]["heavy-rifle"][9] == "ammo_heavy_rifle_10" and f["ammo"]["shortblade"] == []
    names = [
        f["initiative"], *f["phases"], *f["stun"], f["stun_current"], f["stun_temp"],
        *f["lethal"], f["lethal_temp"], *f["states"].values(), *f["aim"],
        *(n for ammo in f["ammo"].values() for n in ammo), f["notes"],
    ]  # fmt: skip
    assert len(names) == len(set(names))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_sheet_is_one_page_titled_with_the_name(tmp_path: Path, paper: str) -> None:
    ws = open_workspace([EX])
    ws.config = ws.config.model_copy(update={"paper": Paper(paper)})
    jobs = plan(ws, ws.config, tmp_path, only="sheets.pdf")
    built = {b.path.stem: b for b in run(ws, jobs)}
    assert set(built) == {e.id for e in ws.content.of_kind("combatant")}
    for stem, b in built.items():
        assert b.pages == 1, f"{stem} spills onto a second page at {paper}"
        name = next(j.entities[0].model.name for j in jobs if j.out == b.path)
        with pikepdf.open(b.path) as pdf:
            assert str(pdf.docinfo["/Title"]) == name
    text = PdfReader(built["tony-wrongway-wright"].path).pages[0].extract_text()
    for needle in ("Heavy Rifle", "max 14", "LETHAL", "Steady shot", "Flat-footed", "Recover"):
        assert needle in text
