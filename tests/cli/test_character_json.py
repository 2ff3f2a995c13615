"""`character show --format json` holds everything the terminal table prints (issue 14/16).

The table and the JSON are made from one view (`views.character_base.CharacterView`); a
value printed but missing from the JSON is a script that cannot read what a person sees.
Two nets: every number and every word of the rich table (less the table's own labels)
must occur in the JSON, and the fields the table reads are compared one by one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from builder.models.base import STAT_NAMES
from builder.rulesets.zodiac.rules.character import DERIVED_LABELS
from tests.conftest import EXAMPLE

CHARACTERS = sorted((EXAMPLE / "characters").glob("*.yaml"))

# What the table code writes itself (titles, headers, labels, units, connectives): not
# values, so not expected in the JSON. Anything else printed must come from the view.
_CHROME_TEXT = " ".join(
    [
        *DERIVED_LABELS.values(),
        *STAT_NAMES.values(),
        "level file Class Power Armor Weapon Command Support Experience XP to next max",
        "Base stats Stat Value Derived How Equipment Slot Item Lv Bonus Abilities",
        "Attack Accuracy critical on vs flying to hit Evade long range drains HP a hit",
        "Map target within height from the side behind shoves back square per beyond",
        "Affinities Status immunities Damage taken Bought at creation Gold From",
        "Inventory Count Price Sells for SP round first Speed an action costs SP",
        "leftover carry the next Actions rounds with Skills Skill Note",
        "Combat Move Jump steps up levels Movement Point jumps gaps of squares",
        "Falls lost Tech Points total spent available Techs Name TL Cost Learned TP Effect",
        "Enemy MP bonus point unspent AP MAP Haste Slow",
    ]
)
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
CHROME = {w.lower() for w in _WORD.findall(_CHROME_TEXT)}


def _scalars(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [x for v in data.values() for x in _scalars(v)]
    if isinstance(data, list):
        return [x for v in data for x in _scalars(v)]
    return [data]


def _numbers(text: str) -> set[str]:
    out = set()
    for n in _NUMBER.findall(text):
        n = n.replace(",", "")
        out.add(n[:-2] if n.endswith(".0") else n)
    return out


def _corpus(data: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(numbers, words) of the JSON's values; words only from text values (not keys)."""
    numbers: set[str] = set()
    words: set[str] = set()
    for v in _scalars({k: v for k, v in data.items() if k != "explain"}):
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int | float):
            numbers |= _numbers(f"{v}")
        else:
            numbers |= _numbers(v)
            words |= {w.lower() for w in _WORD.findall(v)}
    return numbers, words


def _table(zodiac, monkeypatch, *args: str) -> str:
    from builder.cli.output import console

    monkeypatch.setattr(console, "_width", 400)  # one table row per line, no wrapping
    r = zodiac("character", "show", *args)
    assert r.exit_code == 0, r.output
    return r.stdout


@pytest.mark.parametrize("level", [None, 1, 5], ids=["file-level", "level-1", "level-5"])
@pytest.mark.parametrize("path", CHARACTERS, ids=lambda p: p.stem)
def test_every_number_and_word_the_table_prints_is_in_the_json(zodiac, monkeypatch, path, level):
    pick = () if level is None else ("--level", str(level))
    file_level = zodiac("character", "show", str(path), "-f", "json").json()["file_level"]
    if level is not None and level > file_level:
        pytest.skip("the character is below that level")
    data = zodiac("character", "show", str(path), *pick, "-f", "json").json()
    assert data["file_level"] == file_level
    text = _table(zodiac, monkeypatch, str(path), *pick)
    numbers, words = _corpus(data)
    printed_numbers = _numbers(text)
    printed_words = {w.lower() for w in _WORD.findall(text)} - CHROME
    assert printed_numbers - numbers == set()
    assert printed_words - words == set()


def test_file_level_skills_and_set_names(zodiac, monkeypatch):
    """The three the table printed and the JSON lacked: `--level`'s file level, the
    skills' names and summaries, each item's set name."""
    path = str(EXAMPLE / "characters" / "amos.yaml")
    data = zodiac("character", "show", path, "--level", "10", "-f", "json").json()
    assert (data["level"], data["file_level"]) == (10, 12)
    assert data["skills"]["command"]["name"] == "Steal"
    assert data["skills"]["command"]["summary"].startswith("Attack at -25")
    assert data["skills"]["support"]["name"] == "Toughness"
    assert [(i["name"], i["set_name"]) for i in data["equipment"]] == [
        ("Keen Blade", "Valiant Blades"),
        ("Scale Mail", "Wanderer's Mail"),
        ("Iron Shield", "Wanderer's Mail"),
        ("Power Wrist", "Crystal Saga Relics"),
    ]
    text = _table(zodiac, monkeypatch, path, "--level", "10")
    assert "level 10 (file: level 12)" in text
    assert "Keen Blade (Valiant Blades)" in text
    assert f"Steal - {data['skills']['command']['summary']}" in text
    # `zodiac show` prints the same object (one view, DESIGN: the noun commands agree)
    assert zodiac("show", path, "-f", "json").json()["file_level"] == 12


def test_the_fields_the_table_reads_are_the_json_values():
    """Field by field: what `cli/tables.print_character` reads off the view."""
    from builder.rulesets.zodiac.show import character_json
    from builder.rulesets.zodiac.views.character import full_character_view
    from builder.rulesets.zodiac.views.map_combat import attack_note
    from builder.workspace import open_workspace

    path = EXAMPLE / "characters" / "amos.yaml"
    ws = open_workspace([path])
    v = full_character_view(ws, ws.entities_in(path)[0], 7)
    data = character_json(v)
    assert (data["level"], data["file_level"], data["xp"]) == (v.level, v.file_level, v.xp)
    assert data["xp_to_next_level"] == v.xp_next
    for kind, skill in (("command", v.command_skill), ("support", v.support_skill)):
        assert (data["skills"][kind]["name"], data["skills"][kind]["summary"]) == (
            skill.name,
            skill.summary,
        )
    assert data["stats"] == v.stats
    for key in DERIVED_LABELS:
        assert data["derived"][key] == v.derived[key].value
        assert data["breakdown"][key] == v.derived[key].explain()
    for item, shown in zip(v.equipment, data["equipment"], strict=True):
        assert (shown["slot"], shown["name"], shown["set_name"], shown["level"]) == (
            item.slot,
            item.name,
            item.set_name,
            item.level,
        )
        assert shown["abilities"] == item.abilities
    for a, shown in zip(v.attacks, data["attacks"], strict=True):
        assert (shown["text"], shown["accuracy"], shown["critical"]) == (
            a.text,
            a.accuracy,
            a.critical,
        )
        assert shown["map_note"] == attack_note(a.long_range, a.accuracy)  # Map Combat on
    assert data["speed"]["sp_per_round"] == v.speed.speed
    assert [r["label"] for r in data["skills"]["support"]["numbers"]] == [
        r["label"] for r in v.skill_numbers if r["skill"] == v.support_skill.id
    ]
    assert data["tech_points"] == {
        "total": v.tech_points_total,
        "spent": v.tech_points_spent,
        "available": v.tech_points_available,
    }
    assert [t["name"] for t in data["techs"]] == [t["name"] for t in v.techs]
    assert data["unspent_bonus_points"] == v.unspent_bonus_points
