"""The monster kind inside a project: Tech ids, called monsters, the example set."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from builder.diagnostics import Diagnostic
from builder.io.project import Content, collect_files, load_content
from builder.problems import Problem, Severity
from builder.rulesets.zodiac import MODELS, RULESET
from builder.rulesets.zodiac.checks import CheckContext
from builder.rulesets.zodiac.checks.monsters import check_monster_entity, resolve_techs
from builder.workspace import open_workspace
from tests.conftest import EXAMPLE

TECH = """\
kind: tech
name: Frost Breath
tech_level: 2
power_level: medium
primary: attack_magic
element: ice
"""

# Level 20: 125 stat points; Tech Levels 1 + 50 / 5 = 11.
MAGE = """\
kind: monster
name: Ogre Mage
level: 20
stats: {str: 30, mag: 50, vit: 25, spr: 10, agi: 10}
"""


def load(tmp_path: Path, files: dict[str, str]) -> Content:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    content = load_content(collect_files([tmp_path]))
    assert content.diagnostics == [], content.diagnostics
    return content


def check(content: Content, monster_id: str) -> list[Problem]:
    ctx = CheckContext(content)
    [entity] = [e for e in content.of_kind("monster") if e.id == monster_id]
    return list(check_monster_entity(entity, ctx))


def codes(problems: list[Problem]) -> list[str]:
    return [p.code for p in problems]


def test_registered() -> None:
    assert RULESET.check_for("monster") is check_monster_entity


def test_tech_id_resolves_to_its_level(tmp_path: Path) -> None:
    content = load(
        tmp_path, {"breath.yaml": TECH, "mage.yaml": MAGE + "techs: [Frost Breath, frost_breath]\n"}
    )
    [entity] = content.of_kind("monster")
    resolved = resolve_techs(entity.model, CheckContext(content))
    assert resolved.levels == [2, 2]
    assert resolved.name("frost-breath") == "Frost Breath"
    assert check(content, "ogre-mage") == []


def test_tech_levels_from_project_count_toward_the_budget(tmp_path: Path) -> None:
    # 11 Tech Levels; six level-2 Techs spend 12 (R27).
    techs = "techs: [" + ", ".join(["frost-breath"] * 6) + "]\n"
    content = load(tmp_path, {"breath.yaml": TECH, "mage.yaml": MAGE + techs})
    problems = check(content, "ogre-mage")
    assert codes(problems) == ["ZM113"]
    assert "Tech Levels spent 12" in problems[0].message


def test_inline_tech_mapping(tmp_path: Path) -> None:
    inline = (
        "techs:\n  - {name: Quake, tech_level: 3, power_level: medium, primary: attack_magic}\n"
    )
    content = load(tmp_path, {"mage.yaml": MAGE + inline})
    [entity] = content.of_kind("monster")
    assert resolve_techs(entity.model, CheckContext(content)).levels == [3]
    assert check(content, "ogre-mage") == []


@pytest.mark.parametrize(
    ("tech", "code", "path"),
    [
        # Ch. II: Tech Levels run 1-6 (the model's range, reported like a tech document's).
        ("{name: Big, tech_level: 7, power_level: weak, primary: attack_magic}", None,
         ("techs", 0, "tech_level")),
        # R12/Ch. II: Quadra Slam may not take Area Effect.
        ("{name: Quad, tech_level: 3, power_level: medium, primary: quadra_slam,"
         " secondary: [area_effect]}", "ZT12", ("techs", 0)),
        # Elemental only on damage-dealing Techs; Healing deals none.
        ("{name: Hot Cure, tech_level: 1, power_level: weak, primary: healing,"
         " element: fire}", "ZT136", ("techs", 0, "element")),
        # A variable Power Level must be chosen.
        ("{name: Quake, tech_level: 3, primary: attack_magic}", "ZT103", ("techs", 0)),
    ],
)  # fmt: skip
def test_inline_monster_techs_meet_chapter_ii(
    tmp_path: Path, tech: str, code: str | None, path: tuple
) -> None:
    """App. I Step 6: a monster's Techs are created as normal (every Chapter II rule)."""
    content = load(tmp_path, {"mage.yaml": MAGE + f"techs:\n  - {tech}\n"})
    problems = check(content, "ogre-mage")
    assert problems, "an illegal inline Tech passed"
    p = problems[0]
    assert p.path[: len(path)] == path and p.severity is Severity.ERROR
    if code is not None:
        assert p.code.startswith(code)


def test_inline_tech_inside_a_power_is_checked(tmp_path: Path) -> None:
    text = MAGE + "powers:\n  - {id: force_of_will, tech: {name: Chill, tech_level: 2, primary: attack_magic}}\n"  # fmt: skip
    problems = check(load(tmp_path, {"m.yaml": text}), "ogre-mage")
    [p] = [p for p in problems if p.code.startswith("ZT")]
    assert (p.code, p.path) == ("ZT103", ("powers", 0, "tech"))


def test_unknown_tech_id_is_a_located_error_with_suggestion(tmp_path: Path) -> None:
    content = load(tmp_path, {"breath.yaml": TECH, "mage.yaml": MAGE + "techs: [frost-breth]\n"})
    [p] = check(content, "ogre-mage")
    assert p.code == "ZM134" and p.severity is Severity.ERROR
    assert p.path == ("techs", 0)
    assert "did you mean 'frost-breath'?" in p.message


def test_unknown_tech_id_in_a_power_and_a_part(tmp_path: Path) -> None:
    text = MAGE + (
        "powers:\n"
        "  - {id: force_of_will, tech: frostbreath}\n"
        "  - multiple_parts\n"
        "parts:\n"
        "  - {name: Tail, tech: frost-breath}\n"
        "  - {name: Claw, tech: nope}\n"
    )
    content = load(tmp_path, {"breath.yaml": TECH, "mage.yaml": text})
    found = [p for p in check(content, "ogre-mage") if p.code == "ZM134"]
    assert [p.path for p in found] == [("powers", 0, "tech"), ("parts", 1, "tech")]


def test_unknown_tech_skipped_while_tech_kind_is_unregistered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = load(tmp_path, {"mage.yaml": MAGE + "techs: [fira]\n"})
    monkeypatch.delitem(MODELS, "tech")
    assert check(content, "ogre-mage") == []


def test_call_minions_against_project_monsters(tmp_path: Path) -> None:
    content = load(
        tmp_path,
        {
            "imp.yaml": MAGE.replace("Ogre Mage", "Imp")
            .replace("level: 20", "level: 10")
            .replace("mag: 50", "mag: 0"),
            "troll.yaml": MAGE.replace("Ogre Mage", "Troll")
            .replace("level: 20", "level: 11")
            .replace("mag: 50", "mag: 5"),
            "mage.yaml": MAGE + "powers:\n  - call_minions: [imp, troll, gremlin]\n",
        },
    )
    problems = check(content, "ogre-mage")
    by_code = {p.code: p for p in problems}
    assert set(by_code) == {"ZM120", "ZM123"}
    assert by_code["ZM120"].path == ("powers", 0, "monsters", 1)  # troll: only 9 levels lower
    assert by_code["ZM123"].path == ("powers", 0, "monsters", 2)  # not in the project
    assert by_code["ZM123"].severity is Severity.WARNING


# --- The example project -----------------------------------------------------------------


def _diags(path: Path) -> list[Diagnostic]:
    return open_workspace([path]).report.sorted()


def test_every_example_monster_validates_clean() -> None:
    files = sorted((EXAMPLE / "monsters").glob("*.yaml"))
    assert len(files) >= 12
    for path in [*files, EXAMPLE / "techs" / "monster-breath.yaml"]:
        assert _diags(path) == [], path


def test_example_monsters_cover_the_features() -> None:
    content = load_content(collect_files([EXAMPLE]))
    monsters = [e.model for e in content.of_kind("monster")]
    levels = sorted(m.level for m in monsters)
    assert levels[0] == 1 and levels[-1] == 60 and len(monsters) >= 12
    powers = {m.id: {p.id for p in m.powers} for m in monsters}
    bosses = [m for m in monsters if m.boss]
    assert len(bosses) >= 2
    assert any(m.parts for m in bosses), "a boss with Multiple Parts"
    assert any("undead" in ids for ids in powers.values())
    assert any("flight" in ids for ids in powers.values())
    tech_ids = {e.id for e in content.of_kind("tech")}
    assert "monster-breath" in tech_ids
    assert any(t in tech_ids for m in monsters for t in m.techs if isinstance(t, str))
    assert any("call_minions" in ids for ids in powers.values())
    for path in (EXAMPLE / "monsters").glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../../../schemas/monster.schema.json"


def test_a_monster_may_use_a_core_enemy_skill():
    """Blue Mages learn Enemy Skills from monsters (Ch. III): the goblin knows Goblin Punch."""
    from builder.rulesets.zodiac.views.bestiary import monster_cards_context
    from builder.workspace import open_workspace
    from tests.conftest import EXAMPLE

    ws = open_workspace([EXAMPLE / "monsters" / "goblin.yaml"])
    assert ws.report.errors == 0
    goblin = [e for e in ws.content.of_kind("monster") if e.id == "goblin"]
    [card] = monster_cards_context(ws, goblin)["monsters"]
    [punch] = card["techs"]
    assert punch["name"] == "Goblin Punch (Enemy Skill)"
    assert (punch["tech_level"], punch["mp"]) == (1, 3)
    assert "1P2" in punch["effect"]
