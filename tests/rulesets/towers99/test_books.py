"""The printed table aids and cards (issue 11), the example project and the scaffold."""

from __future__ import annotations

from builder.rulesets import get
from builder.rulesets.towers99.views import books as B
from tests.conftest import REPO

EX = REPO / "content" / "examples" / "99-towers"


def test_clock_is_ten_by_ten_with_zero_phases_marked():
    rows = B.clock_rows()
    assert len(rows) == 10 and all(len(r) == 10 for r in rows)
    assert [c["phase"] for r in rows for c in r] == list(range(100))
    assert [c["phase"] for r in rows for c in r if c["zero"]] == list(range(0, 100, 10))


def test_action_reference_sorted_by_cost_with_oa_marks():
    rows = B.action_rows()
    assert [r["cost"] for r in rows[:3]] == ["Free", "Free", "Free"]
    costs = [int(r["cost"]) for r in rows if r["cost"].isdigit()]
    assert costs == sorted(costs) and len(costs) == 25
    assert [r["cost"] for r in rows[-2:]] == ["Special", "Varies"]
    by = {r["name"]: r for r in rows}
    assert by["Reload a Weapon"]["oa"] and not by["Shift Position"]["oa"]
    assert by["Attack"]["shift_cost"] == 7 and by["Shift Position"]["shift_cost"] is None
    assert by["Forced Delay"]["shift_cost"] is None and by["Speak"]["shift_cost"] is None
    assert sum(r["oa"] for r in rows) == 12  # 6 always, 2 ranged, 4 on leaving


def test_area_templates_count_their_squares():
    areas = {a["name"]: a for a in B.areas()}
    assert {n: a["squares"] for n, a in areas.items()} == {
        "Burst 1": 9,
        "Burst 2": 21,
        "Burst 3": 37,
        "Aura 1": 8,
        "Aura 2": 20,
        "Aura 3": 36,
    }
    for a in areas.values():
        marked = sum(cell == "in" for row in a["grid"] for cell in row)
        centre = sum(cell in ("target", "source") for row in a["grid"] for cell in row)
        assert centre == 1
        assert marked + (centre if a["name"].startswith("Burst") else 0) == a["squares"]


def test_books_are_registered_with_their_templates():
    rs = get("99-towers")
    for spec in rs.books.values():
        assert (REPO / "templates" / spec.template).is_file()


def test_example_builds_every_book(zodiac, tmp_path):
    r = zodiac("build", str(EX), "--out", str(tmp_path), "--jobs", "1")
    assert r.exit_code == 0, r.output
    pdfs = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert pdfs == ["combatant-cards.pdf", "table-aids.pdf", "weapon-cards.pdf"]


def test_example_has_what_the_issue_asks(zodiac):
    from builder.workspace import open_workspace

    ws = open_workspace([EX])
    combatants = ws.content.of_kind("combatant")
    assert len(combatants) >= 6
    assert len(ws.content.of_kind("weapon")) >= 8
    ids = {e.id for e in combatants}
    assert "tony-wrongway-wright" in ids
    assert any(e.model.owner in ids for e in combatants)


def test_init_writes_a_project_that_validates(zodiac, tmp_path):
    target = tmp_path / "camp"
    r = zodiac("init", str(target), "--ruleset", "99-towers")
    assert r.exit_code == 0, r.output
    assert "ruleset: 99-towers" in (target / "zodiac.yaml").read_text()
    v = zodiac("validate", str(target), "--format", "json")
    assert v.exit_code == 0 and v.json() == []
