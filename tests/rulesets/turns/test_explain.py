"""Turns and Actions numbers that explain themselves (issue #27): thresholds, death,
befriend DC, element shifts, charge costs, crit scores and resolved placeholders."""

from __future__ import annotations

from tests.conftest import REPO
from tests.rulesets.explain_walk import walk

EXAMPLE = REPO / "content" / "examples" / "turns-and-actions"
MONSTERS = str(EXAMPLE / "monsters.yaml")


def _explain(zodiac, file: str, name: str, path: str) -> tuple[object, list[dict]]:
    r = zodiac("show", str(EXAMPLE / file), "--name", name, "--explain", path, "-f", "json")
    assert r.exit_code == 0, r.output
    return r.json()["value"], r.json()["terms"]


def _pairs(terms: list[dict]) -> list[tuple[object, str]]:
    return [(t["amount"], t["source"]) for t in terms]


def test_death_and_danger_threshold_round_down(zodiac):
    """The Cinder Drake (70 Health, wise): dies at -35, turns on the threat at 75% = 52 (R1)."""
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", "death_at")
    assert (value, _pairs(terms)) == (-35, [(-35, "vitals.health")])
    assert terms[0]["rule"].endswith("R1") and terms[0]["terms"][0]["amount"] == 70
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", "danger_threshold")
    assert (value, [t["amount"] for t in terms[0]["terms"]]) == (52, [70, 75])
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", "ko_at")
    assert (value, _pairs(terms)) == (0, [(0, "rule")])


def test_befriend_dc_loses_one_per_quarter_missing(zodiac):
    """A drone bilge rat beats 16 at full health; at half (10 of 20) 16 - 2 = 14."""
    value, terms = _explain(zodiac, "monsters.yaml", "bilge-rat", "befriend_dc")
    assert (value, [t["amount"] for t in terms]) == (16, [16, 0])
    value, terms = _explain(zodiac, "monsters.yaml", "bilge-rat", "befriend.2.dc")
    assert (value, _pairs(terms)) == (14, [(16, "table:befriend"), (-2, "vitals.health")])
    assert terms[1]["terms"][0]["label"] == "10 of 20 Health missing"


def test_element_shift_and_damage_against_an_element(zodiac):
    """Ember Arc (fire, rank 3, the Drake's Magic Power 4) against water: (3 - 1) x 4 = 8 (R45)."""
    path = "abilities.ember-arc.damage.against.1"
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", f"{path}.shift")
    assert (value, terms[0]["label"]) == (-1, "-1 fire is weak against water")
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", f"{path}.damage")
    assert (value, _pairs(terms)) == (8, [(8, "damage.rank")])
    assert [t["amount"] for t in terms[0]["terms"]] == [3, -1, 4]
    assert terms[0]["label"] == "rank 3 -1 = 2 x 4 Magic Power"
    value, terms = _explain(zodiac, "monsters.yaml", "cinder-drake", f"{path[:-10]}.base")
    assert (value, terms[0]["label"]) == (12, "rank 3 x 4 Magic Power")


def test_charge_crit_and_placeholders(zodiac):
    """25 AP at 20 a turn: paid over 2 turns, 1 of them charging; rank 3 crits at 4."""
    value, terms = _explain(zodiac, "abilities.yaml", "ember-arc", "charge.turns")
    assert (value, _pairs(terms)) == (2, [(2, "use.ap")]) and terms[0]["rule"] == "Charging Actions"
    value, terms = _explain(zodiac, "abilities.yaml", "ember-arc", "charge.charging_turns")
    assert (value, [t["amount"] for t in terms]) == (1, [2, -1])
    value, terms = _explain(zodiac, "abilities.yaml", "ember-arc", "damage.crit_rank")
    assert (value, [t["amount"] for t in terms]) == (4, [3, 1])
    value, terms = _explain(zodiac, "weapons.yaml", "brine-spear", "crit_score")
    assert (value, _pairs(terms)) == (3, [(2, "rank"), (1, "rule")])
    # Maren's Tidal Lance OnHit "2{MgcPwr}" with her Magic Power 5 (R50)
    path = "abilities.tidal-lance.on_hit.segments.1.value"
    value, terms = _explain(zodiac, "players.yaml", "maren-saltwhistle", path)
    assert (value, _pairs(terms)) == (10, [(10, "placeholder:MgcPwr")])
    assert terms[0]["label"] == "2 x 5 Magic Power" and "R50" in terms[0]["rule"]


def test_the_tree_of_a_combatants_evade_target(zodiac):
    r = zodiac("show", MONSTERS, "--name", "cinder-drake", "--explain", "evade.1.targets.1.below")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "evade.1.targets.1.below = 6"
    assert "+8" in lines[1] and "Skill Evasion" in lines[1] and "(Evade)" in lines[1]
    assert "-2" in lines[2] and "the attacker's Accuracy" in lines[2]


_ABILITY = ("use.*", "charge.ap", "range.*", "aoe.size", "accuracy.luck", "damage.rank",
            "materials.*", "*.segments.*.factor")  # fmt: skip
_WEAPON = ("rank", "weight", "use.*", "attributes.*.value")


def _written(kind: str, data: dict) -> tuple[str, ...]:
    """What the files say (and the attacker accuracies and swarm sizes the view lists)."""
    if kind == "ability":
        return _ABILITY
    if kind == "weapon":
        return _WEAPON
    return (
        "vitals.*", "initiative", "luck", "levels.*", "scores.*", "harvest.score",
        "evade.*.evasion", "evade.*.targets.*.accuracy", "swarm.*.members", "cover.*.rank",
        *(f"weapons.*.{p}" for p in _WEAPON), *(f"abilities.*.{p}" for p in _ABILITY),
    )  # fmt: skip


def test_every_computed_number_of_the_example_explains_itself():
    checked, problems = walk(EXAMPLE, _written)
    assert problems == []
    assert checked > 600
