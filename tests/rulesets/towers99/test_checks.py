"""Every NT check rejects its broken file at the right line and accepts its valid twin."""

from __future__ import annotations

import pytest

from builder.rulesets import get

PROJECT = "ruleset: 99-towers\ntitle: Check tests (our own)\n"

WEAPONS = """\
kind: weapon
name: Heavy Rifle
type: ranged
damage: 7
range_increment: 12
---
kind: weapon
name: Longblade
type: melee
attack_bonus: 1
damage: 4
px_adds: true
"""

COMBATANT = """\
kind: combatant
name: Tony
size: medium
values: {n: 2, pa: 4, sa: 1, pd: 3, id: 2, px: 2, spd: 6, er: 1, ir: 1}
strength: {soft: 2, hard: 2}
endurance: 2
stun: 14
lethal: 6
weapons: [heavy-rifle, longblade]
"""


def _validate(zodiac, write, files: dict[str, str]) -> list[dict]:
    write("p/zodiac.yaml", PROJECT)
    for name, text in files.items():
        write(f"p/{name}", text)
    r = zodiac("validate", "p", "--format", "json")
    return r.json()


def _codes(diags):
    return [(d["code"], d["line"]) for d in diags]


# (code, file, broken text, line, valid twin)
CASES = [
    (
        "NT101",
        "weapons.yaml",
        "kind: weapon\nname: Bow\ntype: ranged\ndamage: 4\n",
        3,
        "kind: weapon\nname: Bow\ntype: ranged\ndamage: 4\nrange_increment: 10\n",
    ),
    (
        "NT102",
        "weapons.yaml",
        "kind: weapon\nname: Club\ntype: melee\ndamage: 4\nrange_increment: 2\n",
        5,
        "kind: weapon\nname: Club\ntype: melee\ndamage: 4\nthrown_range: 8\n",
    ),
    (
        "NT103",
        "weapons.yaml",
        "kind: weapon\nname: Wand\ntype: ranged\ndamage: 4\nrange_increment: 6\ndamage_type: fyre\n",
        6,
        "kind: weapon\nname: Wand\ntype: ranged\ndamage: 4\nrange_increment: 6\ndamage_type: fire\n",
    ),
    (
        "NT104",
        "weapons.yaml",
        "kind: weapon\nname: Sling\ntype: ranged\ndamage: 2\nrange_increment: 6\nthrown_range: 8\n",
        6,
        "kind: weapon\nname: Sling\ntype: ranged\ndamage: 2\nrange_increment: 6\n",
    ),
    (
        "NT110",
        "c.yaml",
        COMBATANT.replace("size: medium", "size: enormous"),
        3,
        COMBATANT.replace("size: medium", "size: Colossal"),
    ),
    ("NT111", "c.yaml", COMBATANT + "size_rank: 1\n", 10, COMBATANT + "size_rank: 0\n"),
    (
        "NT112",
        "c.yaml",
        COMBATANT + "immunities: [fire]\nsusceptibilities: [shadow]\n",
        11,
        COMBATANT + "immunities: [fire]\nsusceptibilities: [cold]\n",
    ),
    (
        "NT113",
        "c.yaml",
        COMBATANT.replace("name: Tony", "name: Rusty") + "owner: tonny\n",
        10,
        COMBATANT.replace("name: Tony", "name: Rusty") + "owner: tony\n",
    ),
    ("NT114", "c.yaml", COMBATANT.replace("longblade]", "longsword]"), 9, COMBATANT),
    (
        "NT115",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Chatter\n    shift_with: speak\n",
        12,
        COMBATANT + "tactics:\n  - name: Sidestep\n    shift_with: attack\n",
    ),
    (
        "NT115",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Dither\n    shift_with: Forced Delay\n",
        12,
        COMBATANT + "tactics:\n  - name: Dither\n    shift_with: Reload a Weapon\n",
    ),
    (
        "NT115",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Twice\n    shift_with: shift-position\n",
        12,
        COMBATANT + "tactics:\n  - name: Twice\n    shift_with: combat-move\n",
    ),
    (
        "NT116",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Patience\n    weapon: heavy-rifle\n    aim: 3\n",
        13,
        COMBATANT + "tactics:\n  - name: Patience\n    weapon: heavy-rifle\n    aim: 2\n",
    ),
    (
        "NT117",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Boogie\n    shift_with: dance\n",
        12,
        COMBATANT + "tactics:\n  - name: Boogie\n    shift_with: drop-prone\n",
    ),
    (
        "NT118",
        "c.yaml",
        COMBATANT + "tactics:\n  - name: Swap\n    weapon: pistol\n",
        12,
        COMBATANT + "tactics:\n  - name: Swap\n    weapon: longblade\n",
    ),
    (
        "NT119",
        "c.yaml",
        COMBATANT + "companion_type: golem\n",
        10,
        COMBATANT + "companion_type: construct\n",
    ),
]


@pytest.mark.parametrize(("code", "name", "broken", "line", "valid"), CASES)
def test_check_rejects_broken_and_accepts_twin(zodiac, write, code, name, broken, line, valid):
    files = {"weapons.yaml": WEAPONS, "tony.yaml": COMBATANT}
    if name == "c.yaml":
        files["c.yaml"] = (
            broken.replace("name: Tony", "name: Other") if "owner" not in broken else broken
        )
    else:
        files["extra.yaml"] = broken
    diags = _validate(zodiac, write, files)
    assert _codes(diags) == [(code, line)], diags
    assert diags[0]["path"].endswith("c.yaml" if name == "c.yaml" else "extra.yaml")
    assert diags[0]["rule"].startswith("99 Towers, Combat")
    if name == "c.yaml":
        files["c.yaml"] = (
            valid.replace("name: Tony", "name: Other") if "owner" not in valid else valid
        )
    else:
        files["extra.yaml"] = valid
    assert _validate(zodiac, write, files) == []


def test_aim_limit_follows_the_weapons_attack_value(zodiac, write):
    wand = "kind: weapon\nname: Wand\ntype: ranged\nattack: sa\ndamage: 6\nrange_increment: 6\n"
    c = COMBATANT.replace("weapons: [heavy-rifle, longblade]", "weapons: [wand]")
    c = c.replace("name: Tony", "name: Mage")
    aim1 = c + "tactics:\n  - {name: Focus, weapon: wand, aim: 1}\n"
    diags = _validate(zodiac, write, {"weapons.yaml": wand, "c.yaml": aim1})
    assert _codes(diags) == [("NT116", 11)]
    assert "half its <SA> of 1" in diags[0]["message"]
    aim0 = c + "tactics:\n  - {name: Focus, weapon: wand, aim: 0}\n"
    assert _validate(zodiac, write, {"weapons.yaml": wand, "c.yaml": aim0}) == []


def test_a_companion_cannot_own_itself(zodiac, write):
    c = COMBATANT + "owner: tony\n"
    diags = _validate(zodiac, write, {"weapons.yaml": WEAPONS, "c.yaml": c})
    assert _codes(diags) == [("NT113", 10)]


def test_every_code_raised_is_listed():
    codes = get("99-towers").codes()
    assert {c for c, *_ in CASES} <= set(codes)
    assert all(c.startswith("NT") for c in codes)


def test_example_project_validates(zodiac):
    from tests.conftest import REPO

    r = zodiac("validate", str(REPO / "content/examples/99-towers"), "--format", "json")
    assert r.exit_code == 0, r.stdout
    assert r.json() == []
