"""The 16 Bit Tactics balance linter (issue #27): its norms, the example, a crafted outlier."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.rulesets import get
from builder.rulesets.bit16 import lint as L
from builder.rulesets.bit16.lint_settings import LintSettings
from builder.workspace import open_workspace
from tests.conftest import REPO

EXAMPLE = REPO / "content" / "examples" / "16-bit-tactics"

BRUTE = """\
kind: monster
name: Stone Brute
level: 2
atk: d8
matk: d4
hp: 90
mp: 0
dmg: 5
mdmg: 0
thresholds: {eva: 1, 2def: 2, def: 3, m_eva: 0, 2m_def: 1, m_def: 2}
mov: 3
jump: 1
description: Our own outlier.
"""


def _lint(root: Path) -> list[tuple[str, int, int, str]]:
    ws = open_workspace([root])
    assert ws.report.errors == 0, ws.report.sorted()
    diags = get("16-bit-tactics").run_lint(ws.content, ws.settings, ws.config.lint)
    return sorted((Path(d.path).name, d.line, d.column, d.code) for d in diags)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "bt"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(tmp_path)
    return root


def test_the_median_job_of_the_example():
    """Squire 12/2/4/1, Archer 9/2/3/1, Black Mage 6/6/1/4, Ninja 8/3/3/2 (R38 gains)."""
    ws = open_workspace([EXAMPLE])
    yard = L.median_job([e.model for e in ws.content.of_kind("job")])
    assert (yard.hp, yard.mp, yard.dmg, yard.mdmg, yard.hit) == (8.5, 2.5, 3, 1.5, 3)
    assert sorted(L.growth(e.model) for e in ws.content.of_kind("job")) == [15, 16, 17, 19]
    assert L.median_job([]) is None


def test_the_example_project_lints_clean(zodiac):
    r = zodiac("lint", str(EXAMPLE))
    assert r.exit_code == 0, r.output
    assert "0 warnings" in r.stdout


def test_a_monster_far_above_its_level_is_located_with_the_level_it_reads_as(project):
    """Level 2 with 90 HP: 5.29x a level-2 character's 17 (2 x 8.5); level 4 pays 10 XP/AP."""
    (project / "monsters" / "brute.yaml").write_text(BRUTE, encoding="utf-8")
    assert _lint(project) == [("brute.yaml", 6, 5, "BT901")]
    ws = open_workspace([project])
    [d] = get("16-bit-tactics").run_lint(ws.content, ws.settings, None)
    assert "HP 90 is 5.29x a level-2 character's 17" in d.message
    assert "gives 3 XP/AP" in d.message and "level 4 (10 XP/AP) fits this HP" in d.message
    assert d.severity == "warning"


def test_thresholds_come_from_zodiac_yaml(project):
    (project / "monsters" / "brute.yaml").write_text(BRUTE, encoding="utf-8")
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "lint:\n  hp_high: 6\n", encoding="utf-8")
    assert _lint(project) == []
    config.write_text(config.read_text().replace("hp_high: 6", "disable: [bt901]"))
    assert _lint(project) == []


def test_an_ignore_comment_silences_one_code(project):
    text = BRUTE.replace("hp: 90", "hp: 90  # zodiac: ignore[BT901]")
    (project / "monsters" / "brute.yaml").write_text(text, encoding="utf-8")
    assert _lint(project) == []


def test_a_spell_dearer_than_its_jobs_mp_when_its_ap_is_earned(project):
    """Sleepga costs 16 AP (= MP); at 16 XP a character is level 2: a Black Mage has 12 MP,
    within +50%. At 30 MP it is 150% over (R48, R38)."""
    mage = project / "jobs" / "black-mage.yaml"
    text = mage.read_text()
    assert _lint(project) == []
    mage.write_text(
        text.replace(
            "{name: Sleepga, spell: true, ap: 16,", "{name: Sleepga, spell: true, ap: 16, mp: 30,"
        )
    )
    [(name, line, _col, code)] = _lint(project)
    assert (name, code) == ("black-mage.yaml", "BT903")
    assert "Sleepga" in mage.read_text().splitlines()[line - 1]


def test_settings_refuse_an_unknown_code_and_a_backwards_range():
    with pytest.raises(ValueError, match="BT901"):
        LintSettings.model_validate({"disable": ["ZL101"]})
    with pytest.raises(ValueError, match="hp_low"):
        LintSettings.model_validate({"hp_low": 4, "hp_high": 3})


def test_zodiac_rulesets_names_the_norms(zodiac):
    r = zodiac("rulesets", "--format", "json")
    norms = {d["id"]: d["lint_norms"] for d in r.json()["rulesets"]}
    assert all(norms.values()), norms
    assert any("XP/AP by enemy level" in n for n in norms["16-bit-tactics"])
    assert any("Longblade" in n for n in norms["99-towers"])
    assert any("Unarmed Attack" in n for n in norms["turns-and-actions"])
