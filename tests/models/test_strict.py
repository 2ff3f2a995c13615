"""Models accept only what they claim (issue "Trust", finding 1: lax values)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.diagnostics import from_validation_error
from builder.io.project import load_content
from builder.models.base import ZModel
from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules.ruleset import HouseRules
from builder.workspace import open_workspace

MONSTER = """\
kind: monster
name: Goblin
level: 2
stats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}
"""


def diags(write, text, name="m.yaml"):
    content = load_content([write(name, text)])
    return [(d.code, d.line, d.column, d.message) for d in content.diagnostics]


@pytest.mark.parametrize(
    ("value", "shown"), [("true", "true"), ('"1"', "'1'"), ("1.0", "1.0"), ("'2'", "'2'")]
)
def test_level_must_be_a_whole_number(write, value, shown):
    """`level: true`, `level: "1"` and `level: 1.0` are all accepted as level 1 by
    pydantic's lax mode."""
    text = MONSTER.replace("level: 2", f"level: {value}")
    assert diags(write, text) == [
        ("ZS104", 3, 8, f"level: expected a whole number, got {shown}"),
    ]


def test_bool_maybe_is_not_false(write):
    """`boss: !!bool maybe` is accepted as false."""
    assert diags(write, MONSTER + "boss: !!bool maybe\n") == [
        ("ZS104", 5, 7, "boss: expected true or false, got 'maybe'"),
    ]


def test_bool_tag_still_reads_true_and_false(write):
    """`!!bool` on a YAML 1.2 boolean keeps working after the `maybe` fix."""
    content = load_content([write("m.yaml", MONSTER + "boss: !!bool True\n")])
    assert content.diagnostics == []
    assert content.entities[0].model.boss is True


@pytest.mark.parametrize(("value", "shown"), [("1", "1"), ('"yes"', "'yes'"), ("0", "0")])
def test_bool_field_refuses_numbers_and_text(write, value, shown):
    """A bool field must refuse `1`, `"yes"`."""
    assert diags(write, MONSTER + f"boss: {value}\n") == [
        ("ZS104", 5, 7, f"boss: expected true or false, got {shown}"),
    ]


def test_stat_values_in_a_mapping_are_strict(write):
    """Numbers must be numbers in every model: a stat of 5.0 or "8" is not a stat."""
    text = MONSTER.replace("mag: 5, vit: 8", 'mag: 5.0, vit: "8"')
    assert diags(write, text) == [
        ("ZS104", 4, 23, "stats.mag: expected a whole number, got 5.0"),
        ("ZS104", 4, 33, "stats.vit: expected a whole number, got '8'"),
    ]


def test_union_of_number_and_text_names_both(write):
    """Unions under strict mode: `drain: true` is neither 25/50 nor text; one message."""
    text = "kind: tech\nname: Leech\ntech_level: 2\nprimary: attack_magic\n"
    text += "power_level: weak\nsecondary: [{drain: true}]\n"
    assert diags(write, text, "t.yaml") == [
        ("ZS104", 6, 13, "secondary[0].value: expected a whole number or text, got true"),
    ]


def test_enums_still_take_normalised_text(write):
    """Strict enums still accept the normalised string (`Power Attack`, `Hardest-Hit`)."""
    text = (
        "kind: tech\nname: Biff\ntech_level: 2\nprimary: Power Attack\npower_level: Weak\n"
        "secondary: [Area-Effect, {drain: 50}]\ndrain_area: Hardest Hit\n"
        "element: FIRE\n"
    )
    content = load_content([write("t.yaml", text)])
    assert content.diagnostics == []
    tech = content.entities[0].model
    assert (tech.primary, tech.power_level, tech.drain_area, tech.element) == (
        "power_attack",
        "weak",
        "hardest_hit",
        "fire",
    )
    assert [s.yaml for s in tech.secondary] == ["area_effect", {"drain": 50}]


def test_enum_keys_of_a_mapping_still_normalise(write):
    """Enum-keyed mappings (`stats: {STR: ...}`) keep working under strict mode."""
    content = load_content([write("m.yaml", MONSTER.replace("{str:", "{STR:"))])
    assert content.diagnostics == []


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("map_combat: 1", "house_rules.map_combat: expected true or false, got 1"),
        ('relic_slots: "2"', "house_rules.relic_slots: expected a whole number, got '2'"),
        ("damage_die_multiplier: 5.0", "house_rules.damage_die_multiplier: expected a whole "
         "number, got 5.0"),
    ],
)  # fmt: skip
def test_house_rules_are_strict(write, rules, message):
    """`HouseRules`, which `zodiac.yaml` validates, is strict too."""
    root = write("zodiac.yaml", f"title: Saga\nhouse_rules:\n  {rules}\n").parent
    write("m.yaml", MONSTER)
    ws = open_workspace([root])
    found = [(d.path, d.code, d.line, d.message) for d in ws.report.diagnostics]
    assert found == [("zodiac.yaml", "ZS104", 3, message)]


def test_project_book_fields_are_strict(write):
    """`builder/models/project.py` is strict: a book title of 5 is not text."""
    root = write("zodiac.yaml", "title: 5\n").parent
    ws = open_workspace([root])
    assert [(d.code, d.line, d.message) for d in ws.report.diagnostics] == [
        ("ZS104", 1, "title: expected text, got 5")
    ]


class _Sample(ZModel):
    ratio: float
    count: int = 0


def test_float_field_takes_a_whole_number_but_int_field_refuses_a_float():
    """A float field should still accept an int (`1` for `1.0`) but an int field must
    refuse `1.0`, `"1"` and `true`."""
    assert _Sample.model_validate({"ratio": 1}).ratio == 1.0
    for bad in (1.0, "1", True):
        with pytest.raises(ValidationError) as exc:
            _Sample.model_validate({"ratio": 1.5, "count": bad})
        assert [p.code for p in from_validation_error(exc.value)] == ["ZS104"]


def test_house_rules_model_refuses_lax_values():
    with pytest.raises(ValidationError):
        HouseRules.model_validate({"map_combat": "yes"})
    assert HouseRules.model_validate({"map_combat": False}).map_combat is False


def test_python_callers_may_still_pass_enum_text():
    """Views build Techs from Python with enum text; strict mode must not break them."""
    tech = Tech(name="Punch", tech_level=1, power_level="weak", primary="power_attack")
    assert (tech.primary, tech.power_level) == ("power_attack", "weak")
