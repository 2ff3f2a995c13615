"""Level-up / level-down of a file with YAML anchors and aliases (issue #28).

ruamel composes an alias as its anchor's very node, offsets included, so a splice at
``- *lv2`` cut the anchor's line (level-down: "internal error: ComposerError: found
undefined alias", exit 3) or inserted after the anchor's line (level-up: the new entry
landed in the middle of the list). Every rewrite now edits the alias where it is
written, writes out a value whose anchor it removes, and refuses with a located
message (the file untouched) when it cannot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.roundtrip import Append, Remove, SetValue, SpliceError, apply
from builder.rulesets.zodiac.levelling import _splice
from builder.rulesets.zodiac.rules.levelling import ChoiceError

HEAD = """\
kind: character
name: Ana
class_power: tech
armor_type: balanced
command_skill: steal
support_skill: toughness
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
"""

# The file: level 2's advancement anchored, level 6's entry its alias.
ANCHORED = HEAD + (
    "level: 6\n"
    "advancement:\n"
    "  - &lv2 {mag: 2, agi: 1}\n"
    "  - {str: 1, spr: 2}\n"
    "  - {str: 2, agi: 1}\n"
    "  - {vit: 1, spr: 1, mag: 1}\n"
    "  - *lv2\n"
)

TECHS = """\
kind: tech
name: Bravery
tech_level: 2
primary: stat_booster
stat: str
description: A battle cry.
"""


@pytest.fixture
def project(write):
    write("zodiac.yaml", "title: Anchors\n")
    write("techs.yaml", TECHS)

    def character(text: str) -> Path:
        path = Path("characters/ana.yaml")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return character


def test_level_down_removes_the_alias_not_its_anchor(zodiac, project):
    path = project(ANCHORED)
    assert zodiac("validate", str(path)).exit_code == 0
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 0, r.output  # was 3: ComposerError: found undefined alias 'lv2'
    assert path.read_text() == ANCHORED.replace("level: 6", "level: 5").replace("  - *lv2\n", "")
    assert zodiac("validate", str(path)).exit_code == 0


def test_level_up_appends_after_the_alias_and_level_down_restores(zodiac, project):
    path = project(ANCHORED)
    r = zodiac("character", "level-up", str(path), "--points", "str=2,agi=1", "--yes")
    assert r.exit_code == 0, r.output
    # Was inserted after the anchor's line (`- &lv2 ...`), second in the list.
    assert path.read_text().endswith("  - *lv2\n  - {str: 2, agi: 1}\n")
    shown = zodiac("character", "show", str(path), "--format", "json").json()
    assert shown["level"] == 7
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 0, r.output
    assert path.read_text() == ANCHORED


def test_level_down_writes_out_a_value_whose_anchor_it_removes(zodiac, project):
    """The Tech learned at level 2 is anchored and named again in `notes:`; removing it
    writes the value out at the alias, which takes the anchor over."""
    text = HEAD + (
        "level: 2\n"
        "advancement:\n"
        "  - {str: 2, agi: 1}\n"
        "techs:\n"
        "  - {tech: &t bravery, learned_at: 2}\n"
        "notes: *t\n"
    )
    path = project(text)
    assert zodiac("validate", str(path)).exit_code == 0
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 0, r.output
    assert path.read_text() == HEAD + "level: 1\nnotes: &t bravery\n"
    assert zodiac("validate", str(path)).exit_code == 0


def test_update_expect_through_an_alias_changes_that_use_alone(zodiac, project):
    """`expect:` values that share an anchor with `level:`: the level's number moves, the
    expectation is written out and rewritten (--update-expect), nothing else moves."""
    text = HEAD + ("level: &lv 2\nadvancement:\n  - {str: 2, agi: 1}\nexpect:\n  level: *lv\n")
    path = project(text)
    assert zodiac("validate", str(path)).exit_code == 0
    r = zodiac("character", "level-down", str(path), "--yes")
    assert r.exit_code == 1 and "expect" in r.output  # stale (ZS122): refused...
    assert path.read_text() == text  # ...and untouched
    r = zodiac("character", "level-down", str(path), "--yes", "--update-expect")
    assert r.exit_code == 0, r.output
    assert path.read_text() == HEAD + "level: 1\nexpect:\n  level: 1\n"


# --- the splicer itself ------------------------------------------------------------------


def test_splice_edits_the_alias_where_it_is_written():
    text = "a: &n 5\nb: [*n, 1]\nc: *n\n"
    assert apply(text, 0, [SetValue(("c",), 6)]) == "a: &n 5\nb: [*n, 1]\nc: 6\n"
    assert apply(text, 0, [Remove(("b", 0))]) == "a: &n 5\nb: [1]\nc: *n\n"
    # replacing the anchored value: its first use takes the anchor over, later ones follow
    assert apply(text, 0, [SetValue(("a",), 7)]) == "a: 7\nb: [&n 5, 1]\nc: *n\n"


def test_an_edit_through_an_alias_writes_it_out_first():
    """Appending to a list reached through an alias would change every use of it."""
    text = "base: &b\n  k: [x, &y 2]\nadv: *b\nmore: [*y]\n"
    out = apply(text, 0, [Append(("adv", "k"), 5)])
    assert out == "base: &b\n  k: [x, &y 2]\nadv: {k: [x, 2, 5]}\nmore: [*y]\n"


def test_written_out_values_read_back_the_same():
    from ruamel.yaml import YAML

    text = (
        'a:\n  - &s "a, b"\n  - &n 5\n  - &m |\n    two\n    lines\n  - &f 1.5\n  - &z\n'
        "b: [*s, *n, *m, *f, *z]\n"
    )
    out = apply(text, 0, [Remove(("a", i)) for i in range(4, -1, -1)])
    assert out == 'b: [&s "a, b", &n 5, &m "two\\nlines\\n", &f 1.5, &z null]\n'
    before = YAML(typ="safe", pure=True).load(text)["b"]
    assert YAML(typ="safe", pure=True).load(out)["b"] == before


def test_a_value_too_long_to_write_out_refuses_located():
    long = "x" * 20_001
    text = f"kind: character\nlevel: 2\ntechs:\n  - &d {long}\nnotes: [*d]\n"
    with pytest.raises(SpliceError) as caught:
        apply(text, 0, [Remove(("techs", 0))])
    assert caught.value.at == text.index("*d")
    with pytest.raises(ChoiceError, match=r"cannot edit ana\.yaml:5:9 in place .*\*d"):
        _splice(Path("ana.yaml"), text, 0, [Remove(("techs", 0))])
