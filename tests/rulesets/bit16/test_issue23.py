"""Issue #23, 16 Bit Tactics: default ranges (L93, L95, L235), initiative by EVA (L65-71),
knockback falls (L125-127), R47's Crit and ``mean_multiplier`` (contract), R48's AP within
the XP, and one rule for skill dice (L133). The content is written from the book's text."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from builder.rulesets.bit16.rules import combat
from builder.rulesets.bit16.rules.tables import SKILL_DICE
from builder.rulesets.bit16.views.sheets import (
    character_sheets_context,
    monster_cards_context,
    reference_context,
)
from builder.workspace import open_workspace
from tests.rulesets.bit16.conftest import REPO

# L235: melee unless Bow, Gun, Xbow or Throw; Long and Reach have RNG 2. L237: a ranged
# weapon needs its ammo equipped. Nothing here writes a range but the crossbow.
WEAPONS = """\
kind: weapon
name: Short Sword
description: A melee weapon; no range written (L93, L235).
type: melee
atk: d8
---
kind: weapon
name: Spear
description: The Long trait (L235).
type: long
atk: d8
---
kind: weapon
name: Glaive
description: The Reach trait (L235).
type: reach
atk: d8
---
kind: weapon
name: Crossbow
description: An Xbow, a ranged weapon (L237).
type: ranged
atk: d10
ammo: bolts
range: 4
---
kind: weapon
name: Bolts
description: The crossbow's ammo (L237).
type: ammo
ammo: bolts
"""

# The thresholds of the R47 example: EVA 1, 2DEF 2, DEF 4.
SENTRY = """\
kind: job
name: Sentry
description: Ours, for the issue's example thresholds.
atk: d8
matk: d4
per_level: {hp: 10, mp: 2, dmg: 4, mdmg: 1}
thresholds: {eva: 1, 2def: 2, def: 4, m_eva: 0, 2m_def: 1, m_def: 2}
mov: 4
jump: 2
abilities:
  - {name: Strike, ap: 5, effect: "An attack with no range written: RNG 1 (L93)."}
  - {name: Quake, ap: 10, ae: 2, effect: "An AE attack with no range written: RNG 0 (L93)."}
  - {name: Jab, ap: 5, ae: 0, effect: "AE0 affects one square (L99): not an area, RNG 1."}
  - {name: Bolt, spell: true, ap: 4, range: 4, effect: "A written range stays."}
"""

GOLEM = """\
kind: monster
name: Gate Golem
description: Ours. EVA 1, 2DEF 2, DEF 4 (the issue's example).
level: 3
atk: d6
matk: d4
hp: 40
mp: 0
dmg: 8
mdmg: 0
thresholds: {eva: 1, 2def: 2, def: 4, m_eva: 0, 2m_def: 1, m_def: 2}
mov: 3
jump: 1
abilities:
  - {name: Slam, ap: 0, effect: "Knockback 2."}
"""

WREN = """\
kind: character
name: Wren
description: Ours. Level 3 with a crossbow.
xp: 40
skills: {might: d8, agility: d8, lore: d6, charm: d6}
primary_job: sentry
level_jobs: [sentry, sentry, sentry]
jobs:
  sentry: {ap_earned: 40, learned: [strike, quake]}
abilities: [strike, quake]
equipment: [crossbow, bolts]
"""


@pytest.fixture
def project(bt_project) -> Path:
    """The example project with the content above."""
    files = {
        "weapons/issue23.yaml": WEAPONS,
        "jobs/sentry.yaml": SENTRY,
        "monsters/gate-golem.yaml": GOLEM,
        "characters/wren.yaml": WREN,
    }
    assert [d.to_json() for d in bt_project(files)] == []
    return bt_project.root


def _house(root: Path, rules: str) -> None:
    path = root / "zodiac.yaml"
    path.write_text(path.read_text(encoding="utf-8") + f"house_rules: {rules}\n", "utf-8")


def _show(zodiac, path: Path, *extra: str) -> dict:
    r = zodiac("show", str(path), "--format", "json", *extra)
    assert r.exit_code == 0, r.output
    return r.json()


def _one(ws, kind: str, entity_id: str):
    return next(e for e in ws.content.of_kind(kind) if e.id == entity_id)


# --------------------------------------------------------------------- default ranges


def test_weapon_ranges_not_written_are_1_long_and_reach_2(zodiac, project):
    """L93: "If there is no number listed treat it as 1"; L235: Long and Reach RNG 2;
    L95: a ranged weapon is +1 RNG from 2 HT above the target."""
    path = project / "weapons" / "issue23.yaml"
    got = {
        name: (v["range"], v["range_from_above"])
        for name in ("short-sword", "spear", "glaive", "crossbow", "bolts")
        for v in [_show(zodiac, path, "--name", name)]
    }
    assert got == {
        "short-sword": (1, None),
        "spear": (2, None),
        "glaive": (2, None),
        "crossbow": (4, 5),
        "bolts": (None, None),
    }
    spear = _show(zodiac, path, "--name", "spear")["explain"]["range"]
    assert [(t["amount"], t["label"], t["rule"]) for t in spear] == [
        (2, "RNG 2: a Long weapon", "Melee Attacks (L235)")
    ]
    above = _show(zodiac, path, "--name", "crossbow")["explain"]["range_from_above"]
    assert [t["amount"] for t in above] == [4, 1] and above[1]["rule"] == "Range (L95)"
    r = zodiac("show", str(path), "--name", "crossbow")
    assert "4 (5 from 2 HT above the target)" in r.output


def test_ability_ranges_not_written_are_1_or_0_for_an_area(zodiac, project):
    """L93: 1 "unless it is an AE attack in which case treat it as 0"; L99: AE0 is the
    target square alone, not an area."""
    job = _show(zodiac, project / "jobs" / "sentry.yaml")
    ranges = {a["id"]: a["range"] for a in job["abilities"] + job["spells"]}
    assert ranges == {"strike": 1, "quake": 0, "jab": 1, "bolt": 4}
    assert job["explain"]["abilities.quake.range"][0]["label"] == (
        "RNG 0: no range written, an AE 2 attack"
    )
    wren = _show(zodiac, project / "characters" / "wren.yaml")
    assert [(a["id"], a["range"]) for a in wren["abilities"]] == [("strike", 1), ("quake", 0)]


def test_the_sheet_prints_the_range_and_the_range_from_above(project):
    """Wren's crossbow: RNG 4, 5 from 2 HT above (L95); the bolts are no attack."""
    ws = open_workspace([project])
    (c,) = character_sheets_context(ws, [_one(ws, "character", "wren")])["characters"]
    fights = [(a["name"], a["range"], a["range_above"]) for a in c["attacks"]]
    assert fights == [("Fight: Crossbow", 4, 5), ("Magic (spell)", None, None)]
    assert [(w["id"], w["range"]) for w in c["equipment"]] == [("crossbow", 4), ("bolts", None)]


# ------------------------------------------------------------------------- initiative


def test_initiative_phase_is_the_eva(zodiac, project):
    """L69: "Rank characters and Monsters by EVA. Each grouping becomes a Phase"."""
    golem = _show(zodiac, project / "monsters" / "gate-golem.yaml")
    assert golem["initiative_phase"] == 1
    kestrel = _show(zodiac, project / "characters" / "kestrel.yaml")  # a Ninja: EVA 3
    assert kestrel["initiative_phase"] == 3
    (term,) = kestrel["explain"]["initiative_phase"]
    assert (term["amount"], term["source"], term["rule"]) == (3, "job:ninja", "Initiative (L65-71)")
    assert (
        "Initiative phase" in zodiac("show", str(project / "monsters" / "gate-golem.yaml")).output
    )
    # "all EVA4 characters act, then all EVA3, etc."
    order = combat.phases([("goblin", 3), ("ninja", 4), ("golem", 1), ("squire", 3)])
    assert order == [(4, ["ninja"]), (3, ["goblin", "squire"]), (1, ["golem"])]


def test_reference_page_has_initiative_range_and_knockback(project):
    ctx = reference_context(open_workspace([project]), [])
    assert dict(ctx["initiative"])["Base"].startswith("rank by EVA: each EVA is a phase")
    assert "+1 RNG from 2 HT above" in dict(ctx["ranges"])["Ranged"]
    assert "RNG 1; an AE attack RNG 0" in dict(ctx["ranges"])["None written"]
    assert "half the attack's damage" in dict(ctx["knockback"])["Fall"]
    assert "still meets a band below (R47)" in dict(ctx["band_rules"])["Crit"]


# -------------------------------------------------------------------------- knockback


@pytest.mark.parametrize(
    ("damage", "drop", "jump", "extra"),
    [
        (24, 3, 2, 12),  # more than the Jump: half the damage
        (24, 2, 2, 12),  # "equal to or greater than their Jump"
        (24, 1, 2, 0),  # less than the Jump: nothing
        (7, 4, 4, 3),  # half rounds down
        (24, 0, 0, 0),  # no level change, no fall
    ],
)
def test_knockback_fall_adds_half_the_damage(damage, drop, jump, extra):
    """L127: a level change >= Jump adds "half the damage inflicted by the attack"."""
    assert combat.fall_damage(damage, drop, jump) == extra


# ------------------------------------------------------------------------------- R47


def test_mean_multiplier_contract_r47(zodiac, project):
    """The issue's example: a d4 against EVA 1, 2DEF 2, DEF 4 gives 0.4375 under R47:
    rolls 1 miss (0), 2 quarter, 3 half, 4 a Crit meeting the half band (1/2 x 2)."""
    for path in (project / "monsters" / "gate-golem.yaml", project / "characters" / "wren.yaml"):
        v = _show(zodiac, path)
        d4 = v["outcomes"]["physical"]["d4"]
        assert d4["mean_multiplier"] == 0.4375
        assert (d4["half"], d4["full"], d4["critical"]) == (0.5, 0.0, 0.25)
        for kind, cuts in (("physical", (1, 2, 4)), ("magical", (0, 1, 2))):
            assert set(v["outcomes"][kind]) == {"d4", "d6", "d8", "d10", "d12"}
            for die, bands in v["outcomes"][kind].items():
                top = combat.faces(die)
                exact = sum(combat.share(r, top, *cuts) for r in range(1, top + 1)) / top
                assert bands["mean_multiplier"] == round(float(exact), 4), (kind, die)
        terms = v["explain"]["outcomes.physical.d4.mean_multiplier"]
        assert [t["amount"] for t in terms] == [0.4375]
        assert [t["amount"] for t in terms[0]["terms"]] == [0.0, 0.0625, 0.125, 0.25]
        assert terms[0]["terms"][-1]["label"] == "roll 4, a Crit meeting half: 1/4 x 1/2 x 2 = 1"
    job = _show(zodiac, project / "jobs" / "sentry.yaml")
    assert job["outcomes"]["physical"]["d8"]["mean_multiplier"] == 0.7812  # 25/32


def test_crit_ignores_bands_changes_show_cards_and_sheets(zodiac, project):
    """The house rule: the Crit deals x2 whole, so the d4 gives (0 + 1/4 + 1/2 + 2) / 4."""
    ws = open_workspace([project])
    golem = _one(ws, "monster", "gate-golem")
    (card,) = monster_cards_context(ws, [golem])["monsters"]
    assert card["physical_rows"][0] == {
        "die": "d4",
        "cells": ["25", "25", "25", "25", "0"],
        "mean": "0.44",
    }
    _house(project, "{crit_ignores_bands: true}")
    v = _show(zodiac, project / "monsters" / "gate-golem.yaml")
    d4 = v["outcomes"]["physical"]["d4"]
    assert (d4["mean_multiplier"], d4["half"], d4["critical"]) == (0.6875, 0.25, 0.25)
    crit = v["explain"]["outcomes.physical.d4.critical"][0]
    assert "house_rule:crit_ignores_bands" in json.dumps(crit)
    ws = open_workspace([project])
    ctx = monster_cards_context(ws, [_one(ws, "monster", "gate-golem")])
    assert ctx["monsters"][0]["physical_rows"][0]["cells"] == ["25", "25", "25", "0", "25"]
    assert "whatever the bands (house rule)" in ctx["crit_rule"]
    sheet = character_sheets_context(ws, [_one(ws, "character", "wren")])
    assert sheet["characters"][0]["physical_rows"][0]["mean"] == "0.69"


def test_rulings_list_r47_and_r48_with_their_switches(zodiac):
    r = zodiac("rules", "rulings", "--format", "json")
    found = {x["id"]: x["house_rule"] for x in r.json()["rulings"]}
    assert (found["R47"], found["R48"]) == ("crit_ignores_bands", "free_ap")


# ------------------------------------------------------------------------------- R48


def test_more_ap_than_xp_is_an_error_at_the_job_r48(bt_project):
    """The issue's case: 0 XP and 30 AP validated clean."""
    text = textwrap.dedent(
        """\
        kind: character
        name: Pell
        xp: 0
        skills: {might: d8, agility: d8, lore: d6, charm: d6}
        primary_job: squire
        level_jobs: [squire]
        jobs:
          squire: {ap_earned: 30, learned: [focus]}
        abilities: [focus]
        """
    )
    diags = bt_project({"characters/pell.yaml": text})
    found = [(d.code, d.line, d.column) for d in diags]
    assert found == [("BT109", 8, 23)]
    assert "more than the 0 XP earned" in diags[0].message and "R48" in diags[0].rule
    _house(bt_project.root, "{free_ap: true}")
    assert bt_project({}) == []


# ------------------------------------------------------------------------ skill dice


@pytest.mark.parametrize("die", ["d20", "d4", "banana"])
def test_every_wrong_skill_die_gets_one_rule_and_message(bt_project, die):
    """L133: "rated from D6-D12": d4 and d20 alike are BT101, not a schema error that
    lists d4."""
    path = bt_project.root / "characters" / "bram.yaml"
    text = path.read_text(encoding="utf-8").replace("might: d10", f"might: {die}")
    diags = bt_project({"characters/bram.yaml": text})
    assert [(d.code, d.line, d.rule) for d in diags] == [("BT101", 6, "Skills, L133")]
    assert diags[0].message.startswith(
        f"might is {die}; skills are rated from d6 to d12: d6, d8, d10 or d12"
    )


def test_the_schema_and_readme_say_the_dice_validate_says():
    schema = json.loads(
        (REPO / "schemas" / "16-bit-tactics" / "character.schema.json").read_text("utf-8")
    )
    might = schema["$defs"]["Skills"]["properties"]["might"]
    assert might["anyOf"][0]["enum"] == list(SKILL_DICE) == ["d6", "d8", "d10", "d12"]
    readme = " ".join((REPO / "docs" / "guide" / "rule-sets.md").read_text("utf-8").split())
    assert "skill dice d6, d8, d10 or d12 (L133; anything else is BT101)" in readme
