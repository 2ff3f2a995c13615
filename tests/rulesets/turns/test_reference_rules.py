"""Issue #23 on the Turns and Actions combat reference: Noble's row and column (R49),
Tired (L538-544), the natural 20 and natural 1 (L272-273), Cover per Class Level (R50)
and the statuses' default lengths (L212-213)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.views.books import combat_reference_context

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"


def test_reference_chart_gives_noble_plus_one_both_ways():
    ctx = combat_reference_context(None, [])  # type: ignore[arg-type]
    noble = next(r for r in ctx["chart"] if r["attack"] == "noble")
    assert {c["shift"] for c in noble["cells"]} == {"+1"}
    column = [next(c for c in r["cells"] if c["target"] == "noble")["n"] for r in ctx["chart"]]
    assert column == [1] * 9


def test_reference_tired_and_critical_tables():
    """L540-544: 5 AP per Tired at the first turn, the rest off the next turns."""
    assert C.tired_ap(0) == [20]
    assert C.tired_ap(2) == [10, 20]
    assert C.tired_ap(4) == [0, 20]
    assert C.tired_ap(5) == [0, 15, 20]
    assert C.tired_ap(9) == [0, 0, 15, 20]
    ctx = combat_reference_context(None, [])  # type: ignore[arg-type]
    assert [(t["instances"], t["deducted"], t["turns"]) for t in ctx["tired"][:5]] == [
        (1, 5, [15, 20]),
        (2, 10, [10, 20]),
        (3, 15, [5, 20]),
        (4, 20, [0, 20]),
        (5, 25, [0, 15, 20]),
    ]
    assert [(c["rank"], c["nat20"], c["nat1"]) for c in ctx["crit_ranks"][1:4]] == [
        (1, 2, 0),
        (2, 3, 0),
        (3, 4, 1),
    ]
    assert [c["per_level"] for c in ctx["cover"]] == [5, 10, 15, 20, 25]
    assert ctx["cover_example"] == 30 and ctx["status_turns"] == 3


def test_printed_reference(zodiac, tmp_path):
    """The PDF prints Tired, the natural 20 and 1, R49 and R50's example."""
    r = zodiac(
        "build", str(EXAMPLE), "--out", str(tmp_path), "-j", "1", "--only", "combat-reference.pdf"
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    ref = PdfReader(tmp_path / "combat-reference.pdf")
    text = " ".join(" ".join(p.extract_text() for p in ref.pages).split())
    assert "5 25 0, 15, 20" in text  # 5 Tired: 25 AP owed, 0 then 15 then a full turn
    assert "(3) (4) (1)" in text  # rank 3: 4 on a natural 20, 1 after a natural 1
    assert "Noble against Noble: +1" in text
    assert "Medium Cover at Class Level 2 is 30" in text
