"""Control characters in text fields are refused (issue "Trust", finding 3).

Tab and newline are allowed only in the multi-line prose fields (`description`, `notes`).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.diagnostics import from_validation_error
from builder.io.project import load_content
from builder.models.base import MULTILINE_FIELDS
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.models.monster import Monster
from tests.conftest import AMOS

MONSTER = """\
kind: monster
name: "Gob\\e\\alin"
level: 2
stats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}
"""


def diags(write, text, name="m.yaml"):
    content = load_content([write(name, text)])
    return [(d.code, d.line, d.column, d.message) for d in content.diagnostics]


def test_escape_in_a_monster_name(write):
    """A monster named with ESC and BEL passes validation."""
    assert diags(write, MONSTER) == [
        ("ZS107", 2, 7, "name: control character U+001B at character 4; remove it")
    ]


def test_next_line_in_a_name(write):
    """A name with U+0085 comes back changed when written out."""
    text = MONSTER.replace("Gob\\e\\alin", "Gob\\Nlin")
    assert diags(write, text) == [
        ("ZS107", 2, 7, "name: control character U+0085 at character 4; remove it")
    ]


@pytest.mark.parametrize(
    ("escape", "what"),
    [("\\uFFFF", "noncharacter U+FFFF"), ("\\x7f", "control character U+007F")],
)
def test_noncharacters_and_del_in_a_name(write, escape, what):
    """Refuse control characters, lone surrogates and noncharacters in every text field."""
    text = MONSTER.replace("Gob\\e\\alin", f"Go{escape}b")
    assert diags(write, text) == [("ZS107", 2, 7, f"name: {what} at character 3; remove it")]


def test_lone_surrogate_in_a_name():
    """Lone surrogates are refused (they cannot even be written out as UTF-8)."""
    with pytest.raises(ValidationError) as exc:
        Monster.model_validate(
            {"kind": "monster", "name": "a\ud800", "level": 2, "stats": {"str": 45}}
        )
    codes = [(p.code, p.message) for p in from_validation_error(exc.value)]
    assert ("ZS107", "name: unpaired surrogate U+D800 at character 2; remove it") in codes


def test_newline_refused_in_a_name_but_kept_in_a_description(write):
    """Tab/newline allowed only in multi-line prose fields such as `description`."""
    text = MONSTER.replace("Gob\\e\\alin", "Gob\\nlin") + 'description: "one\\n\\ttwo"\n'
    assert diags(write, text) == [
        ("ZS107", 2, 7, "name: control character U+000A at character 4; remove it")
    ]
    ok = MONSTER.replace("Gob\\e\\alin", "Goblin") + "description: |\n  one\n  \ttwo\n"
    content = load_content([write("ok.yaml", ok)])
    assert content.diagnostics == []
    assert content.entities[0].model.description == "one\n\ttwo\n"


def test_escape_in_a_description_is_refused(write):
    """Prose fields allow tab and newline, never ESC."""
    text = MONSTER.replace("Gob\\e\\alin", "Goblin") + 'description: "ok\\n\\e[2J"\n'
    assert diags(write, text) == [
        ("ZS107", 5, 14, "description: control character U+001B at character 4; remove it")
    ]


def test_explicit_id_with_escape_is_refused_not_silently_cleaned(write):
    """Ids are text too: `id: "gob\\elin"` used to be normalised to `goblin` quietly."""
    text = MONSTER.replace("Gob\\e\\alin", "Goblin") + 'id: "gob\\elin"\n'
    assert diags(write, text) == [
        ("ZS107", 5, 5, "id: control character U+001B at character 4; remove it")
    ]


def test_item_of_a_list_is_located(write):
    """The diagnostic points at the list item, not at the list."""
    text = MONSTER.replace("Gob\\e\\alin", "Goblin") + 'drops: [potion, "eth\\ber"]\n'
    assert diags(write, text) == [
        ("ZS107", 5, 17, "drops[1]: control character U+0008 at character 4; remove it")
    ]


def test_tech_id_of_a_monster_is_checked_before_normalising(write):
    """`techs: ["fi\\ebra"]` was normalised to `fira` by a field validator first."""
    text = MONSTER.replace("Gob\\e\\alin", "Goblin") + 'techs: ["fi\\era"]\n'
    assert diags(write, text) == [
        ("ZS107", 5, 9, "techs[0]: control character U+001B at character 3; remove it")
    ]


def test_nested_model_text_is_located(write):
    """An inline Tech inside a character: the exact key is named."""
    text = AMOS + 'techs:\n  - tech: {name: "Bi\\e[31mff", tech_level: 1, primary: power_attack}\n'
    assert diags(write, text, "c.yaml") == [
        ("ZS107", 13, 18, "techs[0].tech.name: control character U+001B at character 3; "
         "remove it"),
    ]  # fmt: skip


def test_keys_of_a_free_mapping_are_checked(write):
    """Mapping keys are text as well (a Draw Out status, a power parameter)."""
    text = MONSTER.replace("Gob\\e\\alin", "Goblin") + 'powers:\n  - {"fl\\aight": null}\n'
    assert diags(write, text) == [
        ("ZS107", 6, 18, "powers[0].fl\\x07ight: control character U+0007 at character 3; "
         "remove it"),
    ]  # fmt: skip


def test_notes_of_a_character_allow_newlines_and_tabs():
    """Which fields allow newlines: the documented set."""
    assert {"description", "notes"} == MULTILINE_FIELDS
    data = {
        "name": "Amos",
        "class_power": "tech",
        "armor_type": "balanced",
        "command_skill": "steal",
        "support_skill": "toughness",
        "base_stats": {"str": 11, "mag": 6, "vit": 6, "spr": 11, "agi": 6},
        "notes": "line one\n\tline two",
        "player": "Ann\nB",
    }
    with pytest.raises(ValidationError) as exc:
        Character.model_validate(data)
    assert [(p.code, p.path) for p in from_validation_error(exc.value)] == [("ZS107", ("player",))]
    del data["player"]
    assert Character.model_validate(data).notes == "line one\n\tline two"
