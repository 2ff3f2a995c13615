"""The Turns and Actions balance linter (issue #27): abilities against the Unarmed Attack."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.rulesets import get
from builder.rulesets.turns import lint as L
from builder.workspace import open_workspace
from tests.conftest import REPO

EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"


def _lint(root: Path) -> list[tuple[str, int, int, str]]:
    ws = open_workspace([root])
    assert ws.report.errors == 0, ws.report.sorted()
    diags = get("turns-and-actions").run_lint(ws.content, ws.settings, ws.config.lint)
    return sorted((Path(d.path).name, d.line, d.column, d.code) for d in diags)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "ta"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(tmp_path)
    return root


@pytest.mark.parametrize(
    ("use", "cost"),
    [
        ("10AP", 10),  # the Unarmed Attack: rank 1 for 10 AP
        ("12AP, 4Mna", 20),  # Tidal Lance, rank 2: 10 a rank
        ("25!AP, 6Mna", 37),  # Ember Arc, rank 3
        ("20!AP, 8Mna, 1/battle", 36),  # Piercing Beam, rank 4
        ("5AP, 2Sta, 1/round", 9),  # Riposte, rank 1
    ],
)
def test_an_abilitys_cost_in_ap(use, cost):
    assert L.ability_cost(use, 2.0)[0] == cost
    assert L.AP_PER_RANK == 10


def test_a_variable_cost_is_not_priced():
    assert L.ability_cost("XAP, XMna", 2.0) is None


def test_the_example_project_lints_clean(zodiac):
    r = zodiac("lint", str(EXAMPLE))
    assert r.exit_code == 0, r.output
    assert "0 warnings" in r.stdout


def test_a_crafted_bargain_is_located(project):
    """Rank 4 for 5 AP and 2 Stamina: 2.25 AP-worth a rank, under 5 (10 -50%)."""
    abilities = project / "abilities.yaml"
    abilities.write_text(
        abilities.read_text()
        .replace('use: 10AP\nrange: "0"', 'use: 5AP, 2Sta\nrange: "0"')
        .replace(
            "damage: {rank: 1, power: melee}\non_hit: Deal 1{MlePwr} damage.\nflavor: Teeth",
            "damage: {rank: 4, power: melee}\non_hit: Deal 4{MlePwr} damage.\nflavor: Teeth",
        ),
        encoding="utf-8",
    )
    found = _lint(project)
    assert [(n, c) for n, _l, _c, c in found] == [("abilities.yaml", "TA901")]
    line = found[0][1]
    assert abilities.read_text().splitlines()[line - 1] == "use: 5AP, 2Sta"


def test_the_tolerance_comes_from_zodiac_yaml(project):
    abilities = project / "abilities.yaml"
    abilities.write_text(abilities.read_text().replace("use: 10AP, 2Fcs", "use: 1AP, 2Fcs"))
    assert [f[-1] for f in _lint(project)] == ["TA901"]  # Longshot: 5 AP-worth for rank 2
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "lint: {cost_tolerance: 0.8}\n")
    assert _lint(project) == []  # 2.5 a rank: within 2-18
