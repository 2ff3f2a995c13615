"""Each 16 Bit Tactics check rejects its broken file at the right line and accepts its twin."""

from __future__ import annotations

import pytest

from builder import rulesets

# Lines 1-12; each test edits one line of this valid level-4 character (131 XP).
CHARACTER = """\
kind: character
name: Tess
xp: 131
skills: {might: d6, agility: d8, lore: d12, charm: d6}
primary_job: black-mage
secondary_job: archer
level_jobs: [archer, archer, archer, black-mage]
jobs:
  archer: {ap_earned: 42, learned: [aim, pinning-shot]}
  black-mage: {ap_earned: 89, learned: [fire, blizzard]}
abilities: [fire, aim]
equipment: [oak-rod]
"""


def _codes(diags, code):
    return [d for d in diags if d.code == code]


def _edit(old: str, new: str) -> str:
    assert old in CHARACTER
    return CHARACTER.replace(old, new)


def test_valid_character_passes(bt_project):
    diags = bt_project({"characters/tess.yaml": CHARACTER})
    assert [d for d in diags if d.path.endswith("tess.yaml")] == []


CASES = [
    # code, old, new, line, words in the message
    ("BT101", "might: d6", "might: d4", 4, "d6 to d12"),
    ("BT102", "ap_earned: 42", "ap_earned: 24", 9, "25 AP spent"),
    ("BT103", "abilities: [fire, aim]", "abilities: [fire, arrow-rain]", 11, "arrow-rain"),
    ("BT104", "secondary_job: archer", "secondary_job: black-mage", 6, "primary job too"),
    ("BT105", "equipment: [oak-rod]", "equipment: [oak-rod, kunai]", 12, "Kunai"),
    ("BT106", "equipment: [oak-rod]", "equipment: [longbow]", 12, "arrows"),
    ("BT107", "xp: 131", "xp: 200", 7, "level 5"),
    ("BT108", "primary_job: black-mage", "primary_job: black-mag", 5, "did you mean 'black-mage'"),
]


@pytest.mark.parametrize(("code", "old", "new", "line", "words"), CASES)
def test_check_rejects_at_line(bt_project, code, old, new, line, words):
    diags = bt_project({"characters/tess.yaml": _edit(old, new)})
    found = _codes(diags, code)
    assert found, [d.to_json() for d in diags]
    assert found[0].line == line
    assert words in found[0].message
    assert found[0].path.endswith("tess.yaml")


# The valid twins: each just passes the rule its case breaks.
TWINS = [
    ("BT101", "might: d6", "might: d12"),
    ("BT102", "ap_earned: 42", "ap_earned: 25"),
    ("BT103", "abilities: [fire, aim]", "abilities: [fire, pinning-shot, blizzard]"),
    ("BT104", "primary_job: black-mage", "primary_job: black-mage  # archer is secondary"),
    ("BT105", "equipment: [oak-rod]", "equipment: [quiver-of-arrows, oak-rod]"),
    ("BT106", "equipment: [oak-rod]", "equipment: [longbow, quiver-of-arrows]"),
    ("BT107", "xp: 131", "xp: 199"),
    ("BT108", "primary_job: black-mage", "primary_job: Black Mage"),
]


@pytest.mark.parametrize(("code", "old", "new"), TWINS)
def test_valid_twin_passes(bt_project, code, old, new):
    diags = bt_project({"characters/tess.yaml": _edit(old, new)})
    assert [d.to_json() for d in diags if d.path.endswith("tess.yaml")] == []


def test_two_weapons_allowed_by_an_ability_in_use(bt_project):
    text = (
        CHARACTER.replace("xp: 131", "xp: 89")  # the 89 AP below come with 89 XP (R48)
        .replace("primary_job: black-mage", "primary_job: ninja")
        .replace("secondary_job: archer", "secondary_job: squire")
        .replace(
            "level_jobs: [archer, archer, archer, black-mage]", "level_jobs: [ninja, ninja, ninja]"
        )
        .replace(
            "  black-mage: {ap_earned: 89, learned: [fire, blizzard]}",
            "  ninja: {ap_earned: 89, learned: [dual-wield]}",
        )
        .replace("  archer: {ap_earned: 42, learned: [aim, pinning-shot]}\n", "")
    )
    broken = text.replace("abilities: [fire, aim]", "abilities: []").replace(
        "equipment: [oak-rod]", "equipment: [kunai, broadsword]"
    )
    diags = bt_project({"characters/tess.yaml": broken})
    assert [d.line for d in _codes(diags, "BT105")] == [11]
    fixed = broken.replace("abilities: []", "abilities: [dual-wield]")
    diags = bt_project({"characters/tess.yaml": fixed})
    assert [d.to_json() for d in diags if d.path.endswith("tess.yaml")] == []
    three = fixed.replace("equipment: [kunai, broadsword]", "equipment: [kunai, broadsword, pike]")
    assert [d.line for d in _codes(bt_project({"characters/tess.yaml": three}), "BT105")] == [11]


def test_unknown_learned_ability_and_weapon(bt_project):
    text = CHARACTER.replace("learned: [fire, blizzard]", "learned: [fire, blizard]").replace(
        "equipment: [oak-rod]", "equipment: [oak-rood]"
    )
    found = _codes(bt_project({"characters/tess.yaml": text}), "BT108")
    assert [(d.line, "did you mean" in d.message) for d in found] == [(10, True), (12, True)]


def test_level_history_too_long(bt_project):
    text = CHARACTER.replace("xp: 131", "xp: 99")
    found = _codes(bt_project({"characters/tess.yaml": text}), "BT107")
    assert found[0].line == 7
    assert "99 XP is level 3" in found[0].message


def test_skill_die_below_d6_is_refused_but_d4_is_a_die(bt_project):
    text = CHARACTER.replace("charm: d6", "charm: d4")
    assert [d.line for d in _codes(bt_project({"characters/tess.yaml": text}), "BT101")] == [4]


JOB = """\
kind: job
name: Tester
atk: d8
matk: d6
per_level: {hp: 10, mp: 2, dmg: 3, mdmg: 1}
thresholds: {eva: 1, 2def: 2, def: 3, m_eva: 1, 2m_def: 2, m_def: 3}
mov: 4
jump: 2
abilities:
  - {name: Cure, spell: true, ap: 6}
  - {name: Raise, spell: true, ap: 20, mp: 12}
"""


def test_thresholds_out_of_order_warn_r37(bt_project):
    bad = JOB.replace("eva: 1, 2def: 2, def: 3", "eva: 3, 2def: 2, def: 3")
    found = _codes(bt_project({"jobs/tester.yaml": bad}), "BT120")
    assert [(d.line, str(d.severity)) for d in found] == [(6, "warning")]
    assert _codes(bt_project({"jobs/tester.yaml": JOB}), "BT120") == []


def test_duplicate_ability_ids(bt_project):
    bad = JOB.replace("name: Raise,", "name: cure,")
    assert [d.line for d in _codes(bt_project({"jobs/tester.yaml": bad}), "BT121")] == [11]
    assert _codes(bt_project({"jobs/tester.yaml": JOB}), "BT121") == []


def test_every_code_raised_is_listed():
    codes = rulesets.get("16-bit-tactics").codes()
    for code in [c[0] for c in CASES] + ["BT120", "BT121"]:
        assert code in codes
    assert all(c.startswith("BT") for c in codes)
