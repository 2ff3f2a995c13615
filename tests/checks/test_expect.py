"""Expected values in content (issue 16): `expect:` on any document, checked by validate.

A right value passes; a wrong one is an error at the line of its key with both numbers
and the breakdown; an unknown path lists close ones; a malformed block is refused by the
loader; a document with errors is not compared (its view is not worth comparing).
"""

from __future__ import annotations

import json
import shutil

from tests.conftest import EXAMPLE

AMOS_HEAD = "level: 12\nxp: 6200\n"


def _project(tmp_path, monkeypatch, expect: str, name: str = "amos.yaml"):
    """A copy of the example project whose Amos carries ``expect`` (YAML lines)."""
    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root)
    path = root / "characters" / name
    text = path.read_text(encoding="utf-8")
    assert text.count(AMOS_HEAD) == 1 and "expect:" not in text
    path.write_text(text.replace(AMOS_HEAD, AMOS_HEAD + expect), encoding="utf-8")
    monkeypatch.chdir(root)
    return path


def _diags(zodiac, path):
    r = zodiac("validate", str(path), "--format", "json")
    return r.exit_code, json.loads(r.stdout)


def _line_of(path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_the_example_project_keeps_golden_values_and_validates(zodiac):
    text = (EXAMPLE / "characters" / "mira.yaml").read_text(encoding="utf-8")
    assert "derived.hp: 115" in text
    r = zodiac("validate", str(EXAMPLE))
    assert r.exit_code == 0, r.output


def test_right_values_pass(zodiac, tmp_path, monkeypatch):
    path = _project(
        tmp_path,
        monkeypatch,
        "expect: {derived.hp: 356, techs.cure.mp_cost: 6, class_power: Tech, gold: 340.0}\n",
    )
    code, diags = _diags(zodiac, path)
    assert code == 0 and diags == []


def test_a_wrong_value_is_an_error_at_its_key_with_both_numbers(zodiac, tmp_path, monkeypatch):
    path = _project(
        tmp_path, monkeypatch, "expect:\n  derived.evade: 36\n  derived.hp: 357  # wrong\n"
    )
    code, diags = _diags(zodiac, path)
    assert code == 1
    [d] = diags
    assert d["code"] == "ZS122" and d["severity"] == "error"
    assert d["line"] == _line_of(path, "derived.hp: 357")
    assert d["message"].startswith("derived.hp: expected 357, computed 356; ")
    assert "Toughness [support_skill:toughness]" in d["message"]  # the breakdown, one line
    assert "\n" not in d["message"]


def test_an_unknown_path_lists_close_ones(zodiac, tmp_path, monkeypatch):
    path = _project(tmp_path, monkeypatch, "expect: {derived.hpp: 356}\n")
    code, diags = _diags(zodiac, path)
    assert code == 1
    [d] = diags
    assert d["code"] == "ZS121" and d["line"] == _line_of(path, "derived.hpp")
    assert "close paths: derived.hp," in d["message"]


def test_a_list_value_and_a_non_mapping_are_refused(zodiac, tmp_path, monkeypatch):
    path = _project(tmp_path, monkeypatch, "expect:\n  derived.hp: [356]\n")
    _, diags = _diags(zodiac, path)
    assert [d["code"] for d in diags] == ["ZS123"]
    path = _project(tmp_path / "b", monkeypatch, "expect: 356\n")
    _, diags = _diags(zodiac, path)
    assert [d["code"] for d in diags] == ["ZS120"]


def test_a_document_with_errors_is_not_compared(zodiac, write):
    """A check error (an unknown Support Skill) stops the comparison: one error, not two."""
    write("zodiac.yaml", "title: t\n")
    path = write(
        "c.yaml",
        """\
        kind: character
        name: Broken
        level: 1
        expect: {derived.hp: 1}
        class_power: tech
        armor_type: balanced
        support_skill: no-such-skill
        base_stats: {str: 8, mag: 8, vit: 8, spr: 8, agi: 8}
        """,
    )
    code, diags = _diags(zodiac, path)
    assert code == 1
    assert diags and all(d["code"] not in ("ZS121", "ZS122") for d in diags)


def test_expect_works_on_every_kind(zodiac, write):
    """Monster, Tech, equipment set, job, potion and enemy skill: one right, one wrong."""
    write("zodiac.yaml", "title: t\n")
    write(
        "m.yaml",
        """\
        kind: monster
        name: Pup
        level: 2
        stats: {str: 10, mag: 5, vit: 8, spr: 5, agi: 7}
        attack_die: d6
        expect: {derived.hp: 210, rewards.xp: 71}
        """,
    )
    write(
        "t.yaml",
        """\
        kind: tech
        name: Small Fire
        tech_level: 1
        power_level: medium
        primary: attack_magic
        expect: {mp_cost: 3, tp_cost: 9}
        """,
    )
    write(
        "e.yaml",
        """\
        kind: enemy_skill
        name: Poke
        mp: 3
        tech_level: 1
        expect: {mp_cost: 4}
        """,
    )
    write(
        "p.yaml",
        """\
        kind: potion
        name: Tonic
        effect: restores 50 HP
        price: 30
        hp: 50
        expect: {sell_price: 16}
        """,
    )
    r = zodiac("validate", ".", "--format", "json")
    found = {
        (d["path"], d["code"], d["message"].split(";")[0])
        for d in json.loads(r.stdout)
        if d["code"].startswith("ZS12")
    }
    assert found == {
        ("m.yaml", "ZS122", "rewards.xp: expected 71, computed 70"),
        ("t.yaml", "ZS122", "tp_cost: expected 9, computed 8"),
        ("e.yaml", "ZS122", "mp_cost: expected 4, computed 3"),
        ("p.yaml", "ZS122", "sell_price: expected 16, computed 15"),
    }


def test_expect_is_in_every_zodiac_schema():
    from builder.rulesets import get
    from builder.schemas import schema_for

    for kind in get("zodiac").kinds:
        assert "expect" in schema_for(kind)["properties"], kind
