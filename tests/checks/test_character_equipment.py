"""Equipped characters and purchases (ZC150-ZC158): each rule rejects its broken form at
its line and passes the legal form. Runs `zodiac validate` over a small project."""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.checks.character import CODES

PROJECT = "title: Test Saga\n"


def _weapons(name: str, cls: str, prefix: str, extra: dict[int, str] | None = None) -> str:
    extra = extra or {}
    rows = "\n".join(
        f"  - {{level: {lvl}, name: {extra.get(lvl, f'{prefix} {lvl}')}}}" for lvl in range(1, 11)
    )
    return (
        f"kind: weapon_set\nname: {name}\nweapon_class: {cls}\n"
        f"physical_points: 4\nmagical_points: 2\nweapons:\n{rows}\n"
    )


def _armor(name: str, armor_type: str, armor: str, guard: str) -> str:
    a = "\n".join(f"  - {{level: {lvl}, name: {armor} {lvl}}}" for lvl in range(1, 11))
    g = "\n".join(f"  - {{level: {lvl}, name: {guard} {lvl}}}" for lvl in range(1, 11))
    return f"kind: armor_set\nname: {name}\narmor_type: {armor_type}\narmors:\n{a}\nguards:\n{g}\n"


RELICS = """\
kind: relic_set
name: Party Relics
relics:
  - {name: Power Wrist, options: [{stat_boost: {str: 10}}]}
  - {name: Ribbon, options: [{status_immunity: [poison, blind]}]}
  - {name: Crown, artifact: true, options: [status_immunity_all]}
"""

# Lines 1-9; the equipment / purchases block starts on line 10.
CHARACTER = """\
kind: character
name: Tess
level: 1
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: toughness
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
"""


@pytest.fixture
def project(write):
    """A project with two sword sets sharing 'Twin Blade', an axe set, two armor sets, relics."""

    def _make(character_tail: str, *, zodiac_yaml: str = PROJECT, character: str = CHARACTER):
        write("zodiac.yaml", zodiac_yaml)
        write("swords.yaml", _weapons("Swords", "sword", "Sword", {2: "Twin Blade"}))
        write("more-swords.yaml", _weapons("More Swords", "sword", "Sabre", {2: "Twin Blade"}))
        write("axes.yaml", _weapons("Axes", "axe", "Axe"))
        write("balanced.yaml", _armor("Mail", "balanced", "Plate", "Shield"))
        write("defense.yaml", _armor("Heavy", "defense", "Heavy", "Tower"))
        write("relics.yaml", RELICS)
        return write("tess.yaml", character + character_tail)

    return _make


def problems(zodiac, path) -> list[tuple[str, int, str, str]]:
    r = zodiac("validate", str(path), "--format", "json")
    return [(d["code"], d["line"], d["severity"], d["message"]) for d in r.json()]


def codes(zodiac, path) -> set[tuple[str, int]]:
    return {(c, line) for c, line, _, _ in problems(zodiac, path)}


def test_codes_are_catalogued():
    for code in ("ZC150", "ZC151", "ZC152", "ZC153", "ZC154", "ZC155", "ZC156", "ZC157", "ZC158"):
        assert code in CODES


def test_full_legal_outfit_passes(zodiac, project):
    path = project(
        "equipment:\n"
        "  weapon: sword-4\n"
        "  armor: plate-3\n"
        "  guard: tower-2\n"  # a guard from a defense set: any character may use a guard
        "  relic: power-wrist\n"
    )
    assert problems(zodiac, path) == []


def test_unequipped_character_passes(zodiac, project):
    assert problems(zodiac, project("")) == []


# --------------------------------------------------------------------------- ZC150


def test_unknown_weapon_is_located_with_did_you_mean(zodiac, project):
    path = project("equipment:\n  weapon: swrod-4\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC150", 11)
    assert "did you mean 'sword-4'?" in message


def test_unknown_purchase_is_located(zodiac, project):
    path = project("purchases:\n  - {item: potoin}\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC150", 11)
    assert "did you mean 'potion'?" in message


# --------------------------------------------------------------------------- ZC151


def test_ambiguous_id_rejected_and_qualified_id_passes(zodiac, project):
    path = project("equipment:\n  weapon: twin-blade\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC151", 11)
    assert "swords/twin-blade" in message and "more-swords/twin-blade" in message
    assert problems(zodiac, project("equipment:\n  weapon: More Swords/Twin Blade\n")) == []


# --------------------------------------------------------------------------- ZC152


def test_item_in_wrong_slot(zodiac, project):
    path = project("equipment:\n  weapon: sword-1\n  armor: shield-1\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC152", 12)
    assert "is a guard" in message and "`guard:`" in message


# --------------------------------------------------------------------------- ZC153


def test_weapon_of_another_class(zodiac, project):
    path = project("equipment:\n  weapon: axe-3\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC153", 11)
    assert "axe" in message and "sword" in message


def test_weapon_without_declared_class(zodiac, project):
    char = CHARACTER.replace("weapon_class: sword\n", "")
    path = project("equipment:\n  weapon: sword-1\n", character=char)
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC153", 10)
    assert "weapon_class: sword" in message


# --------------------------------------------------------------------------- ZC154


def test_armor_of_another_type(zodiac, project):
    path = project("equipment:\n  armor: heavy-2\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC154", 11)
    assert "defense armor" in message and "balanced" in message


# --------------------------------------------------------------------------- ZC155 (R9)


def test_two_relics_with_one_slot(zodiac, project):
    path = project("equipment:\n  relics:\n    - power-wrist\n    - ribbon\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC155", 13)
    assert "relic_slots: 2" in message


def test_two_relics_with_the_house_rule(zodiac, project):
    path = project(
        "equipment:\n  relics: [power-wrist, ribbon]\n",
        zodiac_yaml=PROJECT + "house_rules: {relic_slots: 2}\n",
    )
    assert problems(zodiac, path) == []


def test_relic_and_relics_together_rejected(zodiac, project):
    path = project("equipment:\n  relic: ribbon\n  relics: [power-wrist]\n")
    [(_, line, _, message)] = problems(zodiac, path)
    assert line in (10, 11)  # the `equipment:` mapping
    assert "not both" in message


# --------------------------------------------------------------------------- ZC156 (R25)


@pytest.mark.parametrize("item", ["sword-10", "plate-10", "crown", "x-potion", "elixir"])
def test_unsellable_items_cannot_be_bought(zodiac, project, item):
    path = project(f"purchases:\n  - {{item: sword-1}}\n  - {{item: {item}}}\n")
    [(code, line, _, _)] = problems(zodiac, path)
    assert (code, line) == ("ZC156", 12)


# --------------------------------------------------------------------------- ZC157 (R25)


def test_purchases_over_200_gold(zodiac, project):
    # 75 (sword-1) + 75 (plate-1) + 3 x 25 (potion) = 225 > 200
    path = project(
        "purchases:\n  - {item: sword-1}\n  - {item: plate-1}\n  - {item: potion, count: 3}\n"
    )
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC157", 13)
    assert "225 G" in message


def test_purchases_of_exactly_200_gold(zodiac, project):
    # 75 + 75 + 2 x 25 = 200
    path = project(
        "purchases:\n  - {item: sword-1}\n  - {item: plate-1}\n  - {item: potion, count: 2}\n"
    )
    assert problems(zodiac, path) == []


def test_bare_purchase_ids(zodiac, project):
    assert problems(zodiac, project("purchases: [sword-1, shield-1]\n")) == []


# --------------------------------------------------------------------------- ZC158 -> ZC180


def test_gold_disagreeing_with_purchases_is_an_error(zodiac, project):
    """ZC158 (a level-1 warning) is retired; ZC180 (tests/rulesets/zodiac/test_gold.py)."""
    path = project("purchases: [sword-1]\ngold: 200\n")
    [(code, line, severity, message)] = problems(zodiac, path)
    assert (code, line, severity) == ("ZC180", 11, "error")
    assert "gold: 125" in message
    r = zodiac("validate", str(path))
    assert r.exit_code == 1


def test_gold_matching_purchases_passes(zodiac, project):
    assert problems(zodiac, project("purchases: [sword-1]\ngold: 125\n")) == []
