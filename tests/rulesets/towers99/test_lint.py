"""The 99 Towers balance linter (issue #27): the chapter's profiles, the example, outliers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.rulesets import get
from builder.rulesets.towers99 import lint as L
from builder.workspace import open_workspace
from tests.conftest import REPO

EXAMPLE = REPO / "content" / "examples" / "99-towers"


def _lint(root: Path) -> list[tuple[str, int, int, str]]:
    ws = open_workspace([root])
    assert ws.report.errors == 0, ws.report.sorted()
    diags = get("99-towers").run_lint(ws.content, ws.settings, ws.config.lint)
    return sorted((Path(d.path).name, d.line, d.column, d.code) for d in diags)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "nt"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(tmp_path)
    return root


def test_the_profiles_are_the_chapters_as_the_example_writes_them():
    """R41: Longblade | 1+PA | 4+PX | - | $25; Heavy Rifle | PA | 7 | 12 | 10 | $40."""
    ws = open_workspace([EXAMPLE])
    by_name = {e.model.name: e.model for e in ws.content.of_kind("weapon")}
    for profile in (L.LONGBLADE, L.HEAVY_RIFLE):
        w = by_name[profile.name]
        assert (w.attack_bonus, w.damage, w.px_adds, w.range_increment, w.cost) == (
            profile.attack_bonus,
            profile.damage,
            profile.px_adds,
            profile.range_increment,
            profile.cost,
        )
        assert L.profile_for(w) is profile
    assert L.LONGBLADE.dollars_per_damage == 6.25


def test_the_example_lints_with_one_known_warning(zodiac):
    """The Throwing Axe, $8 for 3+PX, is 57% under the longblade's $6.25 a point."""
    r = zodiac("lint", str(EXAMPLE), "--format", "json")
    assert r.exit_code == 0, r.output
    found = [(Path(d["path"]).name, d["line"], d["column"], d["code"]) for d in r.json()]
    assert found == [("ours.yaml", 30, 7, "NT904")]
    assert "$8 for damage 3+PX is 57% below" in r.json()[0]["message"]


def test_a_crafted_weapon_past_every_profile(project):
    (project / "weapons" / "ours.yaml").write_text(
        (project / "weapons" / "ours.yaml").read_text().replace("cost: 8\n", "cost: 20\n")
        + "---\nkind: weapon\nname: Railgun\ntype: ranged\nattack_bonus: 3\ndamage: 12\n"
        "range_increment: 40\nshots: 2\ncost: 20\ndescription: Our own outlier.\n",
        encoding="utf-8",
    )
    assert _lint(project) == [
        ("ours.yaml", 81, 15, "NT902"),
        ("ours.yaml", 82, 9, "NT901"),
        ("ours.yaml", 83, 18, "NT903"),
        ("ours.yaml", 85, 7, "NT904"),
    ]


def test_a_combatant_far_tougher_than_its_size_peers(project):
    """Medium +-1 rank: Bandit 10, Berhardt 9, Jimmy 12, Scout 9, Revenant 22 (the dog is a
    companion, apart): fences 4.5-16.5 around Tony; at 60 STUN he stands out."""
    tony = project / "combatants" / "tony.yaml"
    tony.write_text(tony.read_text().replace("stun: 14", "stun: 60"), encoding="utf-8")
    assert [f[-1] for f in _lint(project) if f[0] == "tony.yaml"] == ["NT910"]
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "lint: {disable: [NT910, NT904]}\n")
    assert _lint(project) == []
