"""The book's optional rules as house-rule switches (Ch. IV, Ch. VI): Damage Levels, the
Damage Cap, Deathblow triple damage, Slots backfire. Each switch changes every number it
touches, seen through the CLI's JSON; the defaults leave the book's numbers alone."""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.rules import ruleset as RS
from builder.rulesets.zodiac.rules.ruleset import HouseRules
from tests.conftest import AMOS

SMASH = """\
kind: tech
name: Smash
tech_level: 6
power_level: strong
primary: power_attack
"""
CURE = """\
kind: tech
name: Cure
tech_level: 1
primary: healing
power_level: medium
"""
HOBGOBLIN = """\
kind: monster
name: Hobgoblin
level: 4
stats: {str: 15, mag: 10, vit: 10, spr: 4, agi: 6}
attack_die: d8
"""
# Level 99: 25 + 5 x 99 = 520 stat points (R26); AP 800, 5 Strength Dice, d10.
TITAN = """\
kind: monster
name: Titan
level: 99
stats: {str: 400, mag: 30, vit: 50, spr: 20, agi: 20}
attack_die: d10
"""


@pytest.fixture
def project(write):
    """A project with a character, two Techs and two monsters; ``house`` is its rules."""

    def _make(house: str = "") -> None:
        write("zodiac.yaml", "title: Optional\n" + (f"house_rules:\n{house}" if house else ""))
        write("amos.yaml", AMOS)
        write("smash.yaml", SMASH)
        write("cure.yaml", CURE)
        write("hob.yaml", HOBGOBLIN)
        write("titan.yaml", TITAN)

    return _make


def _numbers(zodiac) -> dict:
    amos = zodiac("character", "show", "amos.yaml", "-f", "json").json()
    smash = zodiac("tech", "show", "smash.yaml", "-f", "json").json()
    cure = zodiac("tech", "show", "cure.yaml", "-f", "json").json()
    hob = zodiac("monster", "show", "hob.yaml", "-f", "json").json()
    titan = zodiac("monster", "show", "titan.yaml", "-f", "json").json()
    attack = amos["attacks"][0]
    return {
        "hp": amos["derived"]["hp"],
        "hp_how": amos["breakdown"]["hp"],
        "history_hp": amos["history"][-1]["hp"],
        "attack": (attack["min"], attack["max"], attack["text"]),
        "smash": (smash["damage"]["min"], smash["damage"]["max"], smash["effects"][0]),
        "cure": (cure["damage"]["min"], cure["effects"][0]),
        "hob_hp": hob["derived"]["hp"],
        "hob_attack": (hob["attack"]["minimum"], hob["attack"]["maximum"], hob["attack"]["text"]),
        "titan_attack": (titan["attack"]["minimum"], titan["attack"]["maximum"]),
        "hob_hp_how": hob["breakdown"]["hp"],
    }


def test_defaults_leave_the_books_numbers(zodiac, project):
    project()
    n = _numbers(zodiac)
    assert n["hp"] == n["history_hp"] == 160  # 75 + 35 Toughness + 6 x 7 VIT + 4 x 2 levels
    assert n["attack"] == (16, 46, "1d4 x 10 + 6")  # unarmed: d4, STR 13 halved to 6
    # Reference character: 1 + 3 Strength Dice, d8 -> d10 (Strong), AP 8 x 2.5 = 20.
    assert n["smash"] == (60, 420, "Damage 4d10 x 10 + 20 (physical)")
    assert n["cure"][0] == 34  # 30 + MAG 8 / 2
    assert n["hob_hp"] == 270 and n["hob_attack"] == (40, 110, "1d8 x 10 + 30")
    assert n["titan_attack"] == (850, 1300)  # no cap unless the Master imposes one
    assert "damage_levels" not in n["hp_how"] + n["hob_hp_how"]


@pytest.mark.parametrize("levels", [1, 2])
def test_damage_levels_add_zeros_everywhere(zodiac, project, levels):
    scale = 10**levels
    project(f"  damage_levels: {levels}\n")
    n = _numbers(zodiac)
    assert n["hp"] == n["history_hp"] == 160 * scale
    assert n["hp_how"].endswith(f") x {scale} damage_levels")
    assert n["attack"] == (16 * scale, 46 * scale, f"(1d4 x 10 + 6) x {scale}")
    assert n["smash"][:2] == (60 * scale, 420 * scale)
    assert n["smash"][2].startswith(f"Damage (4d10 x 10 + 20) x {scale} (")
    assert n["cure"][0] == 34 * scale  # healing keeps pace with HP
    assert n["hob_hp"] == 270 * scale
    assert (
        n["hob_hp_how"]
        == f"HP {270 * scale} = (30 + 20 x 10 VIT + 10 x 4 levels) x {scale} damage_levels"
    )
    assert n["hob_attack"] == (40 * scale, 110 * scale, f"(1d8 x 10 + 30) x {scale}")


def test_the_damage_cap_stops_a_blow_at_999(zodiac, project):
    project("  damage_cap: true\n")
    n = _numbers(zodiac)
    assert n["titan_attack"] == (850, 999)
    assert n["smash"][:2] == (60, 420)  # under the cap: untouched
    assert n["hp"] == 160 and n["cure"][0] == 34  # HP and healing are no blows


def test_the_cap_grows_with_damage_levels_and_can_be_set(zodiac, project):
    project("  damage_levels: 1\n  damage_cap: true\n")
    assert _numbers(zodiac)["titan_attack"] == (8500, 9999)
    project("  damage_cap: 1000\n")
    n = _numbers(zodiac)
    assert n["titan_attack"] == (850, 1000)
    titan = zodiac("monster", "show", "titan.yaml", "-f", "json").json()
    assert titan["attack"]["text"] == "5d10 x 10 + 800, at most 1,000"


def test_a_bad_switch_is_a_config_error(zodiac, project):
    project("  damage_levels: 3\n")
    r = zodiac("validate", ".")
    assert r.exit_code != 0
    assert "damage_levels" in r.output


@pytest.mark.parametrize(
    ("house", "low", "high", "expected"),
    [
        (HouseRules(), 35, 105, (35, 105)),  # Ch. VI Attacking: the Long Sword example
        (HouseRules(damage_levels=1), 35, 105, (350, 1050)),
        (HouseRules(damage_levels=2), 35, 105, (3500, 10500)),
        (HouseRules(damage_cap=True), 700, 1400, (700, 999)),
        (HouseRules(damage_cap=True), 1200, 1400, (999, 999)),
        (HouseRules(damage_cap=True, damage_levels=2), 700, 1400, (70000, 99999)),
        (HouseRules(damage_cap=500), 100, 600, (100, 500)),
    ],
)
def test_apply_damage_options(house, low, high, expected):
    got = RS.apply_damage_options(low, high, house)
    assert (got.low, got.high) == expected
    assert RS.apply_damage_options(low, high, house, healing=True).high == high * got.scale


def test_the_cap_values_and_the_formula_note():
    assert RS.damage_cap(None) is None and RS.damage_cap(HouseRules()) is None
    assert [RS.damage_cap(HouseRules(damage_cap=True, damage_levels=n)) for n in (0, 1, 2)] == [
        999,
        9999,
        99999,
    ]
    capped = RS.apply_damage_options(850, 1300, HouseRules(damage_cap=True))
    assert capped.formula("5d10 x 10 + 800") == "5d10 x 10 + 800, at most 999"
    assert capped.notes() == ["damage_cap: at most 999 (Ch. VI, optional)"]
    assert RS.scaled_hp(412, HouseRules(damage_levels=1)) == 4120


def test_deathblow_and_slots_switches():
    assert RS.deathblow_multiplier(HouseRules()) == 2  # Ch. IV: "automatically critical"
    assert RS.deathblow_multiplier(HouseRules(deathblow_triple=True)) == 3
    assert RS.slots_backfire_percent(HouseRules()) == 0
    assert RS.slots_backfire_percent(HouseRules(slots_backfire=True)) == 10


def test_every_optional_rule_switch_is_a_house_rule():
    from builder.rulesets import get

    rules = get("zodiac").optional_rules
    switches = [o.switch for o in rules if o.switch]
    assert switches == ["damage_levels", "damage_cap", "deathblow_triple", "slots_backfire"]
    fields = HouseRules.model_fields
    for o in rules:
        if o.switch:
            assert str(fields[o.switch].default).lower() == o.default
        else:
            assert o.default is None


def test_sheets_cards_bestiary_and_grimoire_follow_the_switches(project, tmp_path):
    """The printed books read the same views: one switch, every book (no PDF needed)."""
    from builder.rulesets.zodiac.views.bestiary import bestiary_context, monster_cards_context
    from builder.rulesets.zodiac.views.grimoire import grimoire_context
    from builder.rulesets.zodiac.views.sheets import character_sheet_context
    from builder.workspace import open_workspace

    def books() -> tuple:
        ws = open_workspace([tmp_path])
        mine = [e for e in ws.content.entities if e.doc.path.parent == tmp_path]
        kind = {k: [e for e in mine if e.kind == k] for k in ("character", "monster", "tech")}
        sheet = character_sheet_context(ws, kind["character"])["character"]
        cards = {c["name"]: c for c in monster_cards_context(ws, kind["monster"])["monsters"]}
        stat_blocks = {c["name"]: c for c in bestiary_context(ws, kind["monster"])["monsters"]}
        grimoire = str(grimoire_context(ws, kind["tech"]))
        return sheet, cards, stat_blocks, grimoire

    project()
    sheet, cards, blocks, grimoire = books()
    assert sheet["derived"]["hp"] == 160 and sheet["attacks"][0]["line"] == "1d4 x 10 + 6 (16-46)"
    assert cards["Hobgoblin"]["hp"] == 270 and cards["Hobgoblin"]["attack"]["range"] == "40-110"
    assert "Damage 4d10 x 10 + 20 (physical)" in grimoire

    project("  damage_levels: 1\n  damage_cap: true\n")
    sheet, cards, blocks, grimoire = books()
    assert sheet["derived"]["hp"] == 1600
    assert sheet["attacks"][0]["line"] == "(1d4 x 10 + 6) x 10 (160-460)"
    for book in (cards, blocks):
        assert book["Hobgoblin"]["hp"] == 2700
        assert book["Hobgoblin"]["attack"]["range"] == "400-1,100"
        assert book["Titan"]["attack"]["range"] == "8,500-9,999"
        assert book["Titan"]["attack"]["text"] == "(5d10 x 10 + 800) x 10, at most 9,999"
    assert "Damage (4d10 x 10 + 20) x 10 (600-4,200) (physical)" in grimoire


def test_skill_ranges_take_the_switches_after_their_factor(zodiac, project, write):
    """Jump doubles the raw attack, then Damage Levels, then the cap: capped once (Ch. IV,
    Ch. VI optional). Amos with Jump: unarmed 16-46 -> 32-92 -> x10 -> 320-920."""
    project("  damage_levels: 1\n  damage_cap: 900\n")
    write("amos.yaml", AMOS.replace("command_skill: steal", "command_skill: jump"))
    amos = zodiac("character", "show", "amos.yaml", "-f", "json").json()
    jump = next(r for r in amos["skills"]["command"]["numbers"] if r["label"] == "Jump: damage")
    assert jump["value"] == "320-900"
    assert "damage_levels: x 10" in jump["breakdown"]
    assert "damage_cap: at most 900" in jump["breakdown"]
