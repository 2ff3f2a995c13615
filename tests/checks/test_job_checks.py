"""Job rules (ZJ1xx): each rejects its broken form at its line; the legal form is clean.

Runs `zodiac validate --format json` over a small project, as a user would.
"""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.checks.jobs import CODES

PROJECT = "title: Job Saga\n"


def _weapons(name: str, cls: str, prefix: str) -> str:
    rows = "\n".join(f"  - {{level: {lv}, name: {prefix} {lv}}}" for lv in range(1, 11))
    return (
        f"kind: weapon_set\nname: {name}\nweapon_class: {cls}\n"
        f"physical_points: 4\nmagical_points: 2\nweapons:\n{rows}\n"
    )


def _armor(name: str, armor_type: str, armor: str, guard: str) -> str:
    a = "\n".join(f"  - {{level: {lv}, name: {armor} {lv}}}" for lv in range(1, 11))
    g = "\n".join(f"  - {{level: {lv}, name: {guard} {lv}}}" for lv in range(1, 11))
    return f"kind: armor_set\nname: {name}\narmor_type: {armor_type}\narmors:\n{a}\nguards:\n{g}\n"


TECHS = """\
kind: tech
name: Cure
tech_level: 1
power_level: medium
primary: healing
---
kind: tech
name: Bash
tech_level: 2
power_level: medium
primary: power_attack
---
kind: tech
name: Breaker
tech_level: 2
primary: break_arts
stat: vit
""" + "".join(
    f"---\nkind: tech\nname: Smash {n}\ntech_level: 6\npower_level: strong\nprimary: power_attack\n"
    for n in "ABCDE"
)

# Line numbers below are the job's: 1 kind ... 14 the equipment band.
JOB = """\
kind: job
name: Tester
class_power: tech
armor_type: defense
weapon_class: sword
command_skill: steal
support_skill: toughness
base_stats: {str: 15, mag: 5, vit: 13, spr: 4, agi: 3}
growth:
  - {str: 2, vit: 1}
techs:
  - {tech: cure, at: 1}
equipment:
  - {from_level: 1, weapon: sword-1, armor: plate-1, guard: shield-1}
"""

BLUE = JOB.replace("class_power: tech", "class_power: blue_magic\nlearning: lore").replace(
    "techs:\n  - {tech: cure, at: 1}", "enemy_skills:\n  - {skill: goblin-punch, at: 1}"
)


@pytest.fixture
def project(write, zodiac):
    def _make(job: str, character: str | None = None) -> list[dict]:
        write("zodiac.yaml", PROJECT)
        write("swords.yaml", _weapons("Swords", "sword", "Sword"))
        write("axes.yaml", _weapons("Axes", "axe", "Axe"))
        write("plate.yaml", _armor("Plate", "defense", "Plate", "Shield"))
        write("robes.yaml", _armor("Robes", "enhance", "Robe", "Bangle"))
        write("techs.yaml", TECHS)
        write("job.yaml", job)
        if character is not None:
            write("hero.yaml", character)
        r = zodiac("validate", ".", "--format", "json")
        return r.json()

    return _make


def _found(diags: list[dict], code: str) -> list[tuple[str, int]]:
    return [(d["path"], d["line"]) for d in diags if d["code"] == code]


def test_legal_job_is_clean(project):
    assert project(JOB) == []


def test_legal_blue_magic_job_is_clean(project):
    assert project(BLUE) == []


CASES = [
    ("ZJ101", "{str: 15, mag: 5", "{str: 16, mag: 5", 8),
    ("ZJ102", "  - {str: 2, vit: 1}", "  - {str: 2, vit: 2}", 10),
    ("ZJ103", "  - {str: 2, vit: 1}", "  - {str: 3}", 10),
    ("ZJ104", "class_power: tech\n", "class_power: tech\nlearning: lore\n", 4),
    ("ZJ105", "command_skill: steal", "command_skill: stael", 6),
    ("ZJ110", "{tech: cure, at: 1}", "{tech: cuer, at: 1}", 12),
    ("ZJ112", "equipment:", "enemy_skills: [goblin-punch]\nequipment:", 13),
    ("ZJ113", "  - {tech: cure, at: 1}", "  - {tech: cure, at: 1}\n  - {tech: cure, at: 3}", 13),
    ("ZJ114", "{tech: cure, at: 1}", "{tech: bash, at: 1}", 12),
    (
        "ZJ115",
        "  - {tech: cure, at: 1}",
        "  - {tech: cure, at: 1}\n  - {tech: breaker, at: 2, upgrades: [{to: 3, at: 4}]}",
        13,
    ),
    ("ZJ120", "  - {tech: cure, at: 1}", "  - {tech: bash, at: 5}\n  - {tech: cure, at: 3}", 13),
    ("ZJ130", "weapon: sword-1", "weapon: sword-99", 14),
    ("ZJ131", "weapon: sword-1", "weapon: axe-1", 14),
    ("ZJ132", "armor: plate-1", "armor: robe-1", 14),
    ("ZJ133", "equipment:", "purchases: [{item: sword-5}]\nequipment:", 13),
]


@pytest.mark.parametrize(("code", "old", "new", "line"), CASES, ids=[c[0] for c in CASES])
def test_rule_rejects_at_its_line(project, code, old, new, line):
    assert old in JOB
    diags = project(JOB.replace(old, new, 1))
    assert ("job.yaml", line) in _found(diags, code), diags


def test_unknown_enemy_skill(project):
    diags = project(BLUE.replace("goblin-punch", "goblin-punchh"))
    assert ("job.yaml", 13) in _found(diags, "ZJ111"), diags
    assert "did you mean 'goblin-punch'" in str(diags)


def test_unreachable_schedule_warns(project):
    """Five Tech Level 6 Techs need 30 Tech Levels; MAG 3 + 19 x 2 = 41 gives 25 (R11)."""
    smash = "".join(f"\n  - {{tech: smash-{n}, at: 60}}" for n in "abcde")
    job = (
        JOB.replace("mag: 5, vit: 13, spr: 4", "mag: 3, vit: 13, spr: 6")
        .replace("  - {tech: cure, at: 1}", "  - {tech: cure, at: 1}" + smash)
        .replace("techs:", "growth_60: [{str: 2, vit: 2}]\ntechs:")
    )
    diags = project(job)
    assert [d["severity"] for d in diags if d["code"] == "ZJ140"] == ["warning"], diags
    assert "smash-e" in str(diags)


HERO = """\
kind: character
name: Hero
job: tester
level: 1
class_power: tech
armor_type: defense
weapon_class: sword
command_skill: steal
support_skill: toughness
base_stats: {str: 15, mag: 5, vit: 13, spr: 4, agi: 3}
"""


def test_character_naming_its_job_is_clean(project):
    assert project(JOB, HERO) == []


def test_character_unknown_job(project):
    diags = project(JOB, HERO.replace("job: tester", "job: testr"))
    assert _found(diags, "ZJ150") == [("hero.yaml", 3)]
    assert "did you mean 'tester'" in str(diags)


def test_character_overriding_its_job_warns(project):
    diags = project(JOB, HERO.replace("armor_type: defense", "armor_type: enhance"))
    found = [d for d in diags if d["code"] == "ZJ151"]
    assert [(d["line"], d["severity"]) for d in found] == [(6, "warning")]


def test_every_code_is_documented():
    tested = {c[0] for c in CASES} | {"ZJ111", "ZJ140", "ZJ150", "ZJ151"}
    assert tested == set(CODES)
