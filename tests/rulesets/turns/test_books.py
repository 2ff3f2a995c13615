"""The books: contexts hold the computed numbers; the example and the scaffold build."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from builder.rulesets.turns.views.books import (
    ability_cards_context,
    combat_reference_context,
    combatant_sheets_context,
    health_track,
)
from builder.workspace import open_workspace

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"


def test_health_track_marks_danger_ko_and_death():
    track = health_track(40, 20, -20)
    values = [c["value"] for c in track]
    assert values[0] == 40 and values[-1] == -20 and 20 in values and 0 in values
    states = {c["value"]: c["state"] for c in track}
    assert (states[40], states[20], states[0], states[-20]) == ("ok", "danger", "ko", "dead")
    assert [c["note"] for c in track if c["note"]] == ["danger", "KO", "dead"]
    assert health_track(10, None, -5)[-1] == {"value": -5, "state": "dead", "note": "dead"}


def test_reference_context_numbers():
    ctx = combat_reference_context(None, [])  # type: ignore[arg-type]
    assert ctx["counters"] == 99 and ctx["ap_per_turn"] == 20
    assert [m["ap"] for m in ctx["movement"]] == [5, 7, 9, 11, 13]
    assert [s["accuracy"] for s in ctx["swarm"]] == [3, 5, 7, 10, 12, 14, 16]
    assert [x["damage"] for x in ctx["element_example"]] == [15, 5, 10]
    water = next(r for r in ctx["chart"] if r["attack"] == "water")
    assert {c["target"]: c["shift"] for c in water["cells"]}["fire"] == "+1"
    assert [b["dcs"] for b in ctx["befriend"]] == [
        [16, 15, 14, 13],
        [18, 17, 16, 15],
        [20, 19, 18, 17],
    ]
    assert [g["penalty"] for g in ctx["grades"]][3:] == [
        "x1 par (10 for par 10)", "x1.5 par (15 for par 10)", "x2 par (20 for par 10)"
    ]  # fmt: skip
    by_form = {r["form"]: r["cells"] for r in ctx["ranges"]}
    assert by_form["!X"] == [True, False, True, True, True, True, True, True]
    assert by_form["X-Y"] == [False, False, True, True, True, False, False, False]


def test_cards_are_resolved_for_their_owner_then_unowned():
    ws = open_workspace([EXAMPLE])
    entities = [e for e in ws.content.entities if e.kind in ("combatant", "ability")]
    cards = ability_cards_context(ws, entities)["cards"]
    owned = sum(len(e.model.abilities) for e in entities if e.kind == "combatant")
    assert len(cards) == owned  # every example ability has an owner
    lance = next(c for c in cards if c["name"] == "Tidal Lance" and c["owner"] == "Tide Hag")
    assert lance["damage"]["base"] == 10 and lance["on_hit"]["resolved"].startswith("Deal 10 ")
    sheets = combatant_sheets_context(ws, entities)["sheets"]
    bell = next(s for s in sheets if s["name"] == "The Drowned Bell")
    assert bell["pools"][2] == {"name": "Focus", "max": 40, "boxes": None}
    assert bell["health_track"][-1]["value"] == -150


def test_example_builds_every_book(zodiac, tmp_path):
    r = zodiac("build", str(EXAMPLE), "--out", str(tmp_path), "-j", "2")
    assert r.exit_code == 0, r.output
    pages = {p.name: len(PdfReader(p).pages) for p in tmp_path.glob("*.pdf")}
    assert set(pages) == {"ability-cards.pdf", "combatants.pdf", "combat-reference.pdf"}
    assert pages["combatants.pdf"] == 10 and pages["ability-cards.pdf"] == 3
    text = PdfReader(tmp_path / "combat-reference.pdf").pages[-1].extract_text()
    assert "COUNTERS" in text and "99" in text


def test_scaffold_validates_and_builds(zodiac, tmp_path):
    folder = tmp_path / "new"
    r = zodiac("init", "--ruleset", "turns-and-actions", str(folder))
    assert r.exit_code == 0, r.output
    r = zodiac("validate", "--format", "json", str(folder))
    assert (r.exit_code, r.json()) == (0, [])
    r = zodiac("build", str(folder), "--only", "combatants.pdf", "-j", "1")
    assert r.exit_code == 0, r.output
