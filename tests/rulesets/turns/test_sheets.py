"""The Turns and Actions combatant sheet a player plays from (issue #27): every number
from the view, one page at A4 and at Letter, in combatants.pdf and one PDF each."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from builder.build import plan, run
from builder.models.project import Paper
from builder.rulesets.turns.views.sheets import combatant_sheets_context, element_lines
from builder.workspace import open_workspace

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"


def _sheet(ws, name: str) -> dict:
    [e] = [e for e in ws.content.of_kind("combatant") if e.model.name == name]
    ctx = combatant_sheets_context(ws, [e])
    assert ctx["title"] == name
    return ctx["sheets"][0]


def test_element_lines_read_the_chart_from_the_combatant() -> None:
    water = element_lines("water")
    # Wind beats water (R45); Noble gains a rank both ways, against it and from it (R49).
    assert water["hurts_you"] == ["wind", "noble"] and water["eases_on_you"] == ["fire"]
    assert water["you_beat"] == ["fire", "noble"] and water["you_weak"] == ["wind"]
    assert element_lines("neutral") == {
        "element": "neutral", "hurts_you": ["noble"], "eases_on_you": [],
        "you_beat": ["noble"], "you_weak": [],
    }  # fmt: skip


def test_the_sheet_view_has_what_a_turn_needs() -> None:
    ws = open_workspace([EXAMPLE])
    maren = _sheet(ws, "Maren Saltwhistle")
    spear, rod = maren["attacks"]
    # Brine Spear: melee, rank 2, 10AP, water; Maren's Melee: Accuracy 1, Power 3.
    assert (spear["ap"], spear["accuracy"], spear["damage"], spear["crit"]) == (10, 1, 6, 9)
    assert (spear["hit_element"], spear["up"], spear["beats"]) == ("water", 9, ["fire", "noble"])
    assert (spear["down"], spear["weak"]) == (3, ["wind"])  # R45: one rank less
    # Ember Rod: magic, rank 1 (crit 2), 5AP, fire; Magic Power 5.
    assert (rod["ap"], rod["accuracy"], rod["damage"], rod["crit"]) == (5, 4, 5, 10)
    lance = next(a for a in maren["ability_lines"] if a["name"] == "Tidal Lance")
    assert (lance["cost"], lance["base"], lance["up"], lance["down"]) == ("12AP, 4Mna", 10, 15, 5)
    assert [p["boxes"] for p in maren["pools"]] == [20, 30, 10]
    assert [s["name"] for s in maren["negative_statuses"]] == ["Bleeding", "Poison", "Burning", ""]
    assert [s["turns"] for s in maren["negative_statuses"]] == [3, 3, 3, 3]
    assert [s["name"] for s in maren["positive_statuses"]] == ["Immune", "Restore", "Increase"]
    bell = _sheet(ws, "The Drowned Bell")
    assert bell["health_track"][-1]["value"] == -150 and bell["danger_threshold"] is None
    assert [p["boxes"] for p in bell["pools"]] == [None, None, None]


def test_field_names_are_unique_and_kept_apart_in_a_book_of_several() -> None:
    ws = open_workspace([EXAMPLE])
    maren = _sheet(ws, "Maren Saltwhistle")
    f = maren["fields"]
    assert f["health"][:2] == ["health_current", "health_current_2"]
    assert (
        f["ap"][0] == "ap_1" and f["ap"][-1] == "ap_20" and f["pools"]["mana"][29] == "mana_box_30"
    )
    bleeding = maren["negative_statuses"][0]["names"]
    assert bleeding == {
        "name": None, "amount": "bleeding_amount",
        "turns": ["bleeding_turn_1", "bleeding_turn_2", "bleeding_turn_3"], "on": None,
    }  # fmt: skip
    assert maren["negative_statuses"][3]["names"]["name"] == "status_4_name"
    assert maren["positive_statuses"][0]["names"]["on"] == "immune_on"
    # In combatants.pdf every sheet's fields start with its combatant's id.
    sheets = combatant_sheets_context(ws, ws.content.of_kind("combatant"))["sheets"]
    notes = [s["fields"]["notes"] for s in sheets]
    assert "maren_saltwhistle_notes" in notes and len(set(notes)) == len(sheets)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_sheet_is_one_page_titled_with_the_name(tmp_path: Path, paper: str) -> None:
    ws = open_workspace([EXAMPLE])
    ws.config = ws.config.model_copy(update={"paper": Paper(paper)})
    jobs = plan(ws, ws.config, tmp_path, only="players.pdf")
    jobs += plan(ws, ws.config, tmp_path, only="combatants.pdf")
    built = {b.path.name: b for b in run(ws, jobs)}
    players = {n: b for n, b in built.items() if n != "combatants.pdf"}
    assert len(players) == 4
    for name, b in players.items():
        assert b.pages == 1, f"{name} spills onto a second page at {paper}"
        title = next(j.entities[0].model.name for j in jobs if j.out == b.path)
        with pikepdf.open(b.path) as pdf:
            assert str(pdf.docinfo["/Title"]) == title
    combatants = len(ws.content.of_kind("combatant"))
    assert built["combatants.pdf"].pages == combatants  # one page a combatant
    text = PdfReader(players["maren-saltwhistle.pdf"].path).pages[0].extract_text()
    for needle in ("AP THIS TURN", "Brine Spear", "Tidal Lance", "Bleeding", "max 60", "Sprint"):
        assert needle in text
