"""Smoke tests: the builder's main paths end to end, once each.

Marked `smoke` so `.ci/run` can run them against the lowest dependency versions
`pyproject.toml` declares (Trust issue: the declared floors must be true). Each asserts
book values, not just exit codes: an old pydantic or Typer that parsed a field wrongly
would change a number.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder import __version__
from tests.conftest import EXAMPLE

pytestmark = pytest.mark.smoke


def test_version(zodiac):
    r = zodiac("--version")
    assert (r.exit_code, r.stdout.strip()) == (0, f"zodiac {__version__}")


def test_validate_the_example_project(zodiac, monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    r = zodiac("validate")
    assert r.exit_code == 0, r.stdout
    assert "0 errors, 0 warnings in 39 files" in r.stdout


def test_validate_reports_a_located_error(zodiac, write):
    path = write(
        "bad.yaml",
        """\
        kind: tech
        name: Biff
        tech_level: 7
        power_level: strong
        primary: power_attack
        """,
    )
    r = zodiac("validate", str(path), "--format", "json")
    assert r.exit_code == 1
    [d] = r.json()
    assert (d["path"], d["line"], d["code"]) == ("bad.yaml", 3, "ZS105")


def test_character_show_json(zodiac):
    r = zodiac("character", "show", str(EXAMPLE / "characters" / "amos.yaml"), "--format", "json")
    data = r.json()
    assert (data["name"], data["level"]) == ("Amos the Valiant", 12)
    assert data["stats"] == {"str": 27, "mag": 11, "vit": 17, "spr": 21, "agi": 17}
    assert data["tech_points"] == {"total": 50, "spent": 46, "available": 4}


def test_tech_show_biff_worked_example(zodiac):
    """Ch. II: Biff, Tech Level 6, strong Power Attack, costs 41 MP."""
    attacks = str(EXAMPLE / "techs" / "attacks.yaml")
    data = zodiac("tech", "show", attacks, "--name", "Biff", "--format", "json").json()
    assert (data["mp_cost"], data["tp_cost"], data["hp_cost"]) == (41, 250, 0)


def test_monster_show_and_rewards(zodiac):
    data = zodiac(
        "monster", "show", str(EXAMPLE / "monsters" / "goblin.yaml"), "--format", "json"
    ).json()
    assert (data["level"], data["derived"]["hp"], data["rewards"]) == (
        2,
        210,
        {"xp": 70, "gold": 30},
    )


def test_build_prints_a_pdf(zodiac, tmp_path: Path):
    r = zodiac("build", str(EXAMPLE), "--out", str(tmp_path), "--only", "blank-sheet", "-j", "1")
    assert r.exit_code == 0, r.stdout
    pdf = tmp_path / "blank-sheet.pdf"
    assert len(PdfReader(pdf).pages) == 2
