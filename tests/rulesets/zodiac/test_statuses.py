"""The status catalogue (Ch. VI), the names other content uses checked against it, and
the one-page status reference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.build import plan, run
from builder.io.project import Content
from builder.rulesets.zodiac.checks.statuses import (
    CODES,
    build_catalogue,
    catalogue_of,
    check_status,
    core_statuses,
)
from builder.rulesets.zodiac.models.status import Status
from builder.rulesets.zodiac.models.tech import StatusName
from builder.rulesets.zodiac.rules import monsters as RM
from builder.rulesets.zodiac.rules import techs as RT
from builder.rulesets.zodiac.tables import equipment as EQ
from builder.rulesets.zodiac.tables import techs as TT
from builder.rulesets.zodiac.views.statuses import status_boxes, status_rows
from builder.workspace import open_workspace

# Chapter VI, transcribed: each negative heading with its "Duration:" and "Cure:" lines,
# then the positive headings (which give no Duration line).
CH6_NEGATIVE = """\
Berserk | Temporary | Tranquilizer
Blind | Permanent | Eyedrop
Charm | Temporary | Receive Damage
Confusion | Temporary | Receive Damage
Curse | Permanent | Anointment
Death Sentence | Temporary | None
Frog | Permanent | Maiden's Kiss
Mini | Permanent | Cornucopia
Poison | Temporary | Antidote
Seal | Permanent | Echo Screen
Sleep | Temporary | Receive Damage
Slow | Temporary | None
Stone | Permanent | Soft
Stop | Temporary | None
Stun | Special | None
Unconscious | Permanent | Phoenix Down / Phoenix Pinion
Venom | Permanent | Vaccine
Zombie | Permanent | Revivify
"""
CH6_POSITIVE = ["Barrier", "Haste", "MBarrier", "Regen", "Reraise", "Wall"]
# Ch. V's potion table spells two cures otherwise: "Eyedrops", "Annointment".
POTION_SPELLING = {"Eyedrop": "eyedrops", "Anointment": "annointment"}
# Ch. II Dispel table: Tech Level -> the effects it lifts.
DISPEL = {
    1: "Poison, Sleep, Curse",
    2: "Berserk, Blind, Slow",
    3: "Frog, Mini, Seal, Confuse, Charm, Zombie",
    4: "Stop, Stone, Venom, DSentence",
}

BOOK = [line.split(" | ") for line in CH6_NEGATIVE.splitlines()]
CAT = catalogue_of(None)


def _by_name() -> dict[str, Status]:
    return {s.name: s for s in core_statuses()}


def test_catalogue_holds_every_chapter_vi_status() -> None:
    names = _by_name()
    negative = [n for n, _, _ in BOOK]
    assert sorted(n for n, s in names.items() if not s.positive) == sorted(
        [*negative, "Instant Death"]  # the Ch. V tables' "Death" (book reading)
    )
    assert sorted(n for n, s in names.items() if s.positive) == sorted(CH6_POSITIVE)
    assert len(names) == 25


@pytest.mark.parametrize(("name", "duration", "cure"), BOOK)
def test_duration_and_cure_as_the_book_gives(name: str, duration: str, cure: str) -> None:
    s = _by_name()[name]
    assert s.duration == duration.lower()
    assert s.cure.damage is (cure == "Receive Damage")
    if cure in ("None", "Receive Damage"):
        assert s.cure.potions == []
    else:
        want = [POTION_SPELLING.get(c, re.sub(r"[^a-z ]", "", c.lower()).replace(" ", "-"))
                for c in cure.split(" / ")]  # fmt: skip
        assert s.cure.potions == want


def test_positive_durations_by_reading() -> None:
    """Ch. II names MBarrier temporary; Regen lasts the battle; Reraise until it fires."""
    got = {s.name: s.duration for s in core_statuses() if s.positive}
    assert got == {
        "Barrier": "temporary",
        "Haste": "temporary",
        "MBarrier": "temporary",
        "Wall": "temporary",
        "Regen": "battle",
        "Reraise": "until_triggered",
    }


def test_dispel_levels_cell_by_cell() -> None:
    want = {CAT.resolve(n.strip()): lv for lv, row in DISPEL.items() for n in row.split(",")}
    got = {str(s.id): s.cure.dispel_level for s in core_statuses() if s.cure.dispel_level}
    assert got == want
    for s in core_statuses():
        lifted = "dispel" in s.cure.techs
        assert lifted is (s.cure.dispel_level is not None)
        assert ("esuna" in s.cure.techs) is (
            not s.positive and s.id not in ("unconscious", "instant_death")
        )


def test_every_book_table_names_catalogue_statuses() -> None:
    """One list of names: every status a table prices is a catalogue status."""
    named = {
        *EQ.WEAPON_STATUS_EFFECT_COST, *EQ.DRAW_OUT_STATUS, *EQ.ARMOR_STATUS_IMMUNITY_COST,
        *EQ.RELIC_STATUS_IMMUNITY_COST, *TT.LESSER_STATUS_TABLE, *RT.STATUS_EFFECT_TABLE,
        *RT.STATUS_DURATION, *RM.NEGATIVE_STATUS_LEVELS, *(s.value for s in StatusName),
    }  # fmt: skip
    assert {n: CAT.resolve(n) for n in named if CAT.resolve(n) is None} == {}
    for alias, target in {**EQ.STATUS_ALIASES, **RM.STATUS_ALIASES}.items():
        assert CAT.resolve(alias) == CAT.resolve(target), alias


def test_tech_duration_table_agrees_with_the_catalogue() -> None:
    for sid, kind in RT.STATUS_DURATION.items():
        if kind in ("temporary", "permanent"):
            assert CAT.by_id[sid].duration == kind, sid


def test_core_catalogue_passes_its_own_checks() -> None:
    from builder.io.project import add_core, core_files

    content = Content()
    add_core(content, core_files())
    cat = catalogue_of(content)
    potions = {e.id: e.model for e in content.of_kind("potion")}
    assert [p for s in core_statuses() for p in check_status(s, cat, potions)] == []


def test_codes_in_range() -> None:
    assert all(re.fullmatch(r"ZK1(0[1-9]|1[0-9])", c) for c in CODES)


def _status(**kw: object) -> Status:
    return Status.model_validate(
        {"kind": "status", "name": "Doom", "positive": False, "duration": "temporary",
         "effect": "Ours.", **kw}
    )  # fmt: skip


def test_status_checks() -> None:
    cat = build_catalogue([*core_statuses(), _status()])
    potions = {"antidote": type("P", (), {"name": "Antidote", "cures": ["poison"], "revive_hp_percent": None})()}  # fmt: skip

    def codes(s: Status) -> list[tuple[str, tuple]]:
        return [(p.code, p.path) for p in check_status(s, cat, potions)]

    assert codes(_status(cure={"potions": ["antidot"]})) == [("ZK102", ("cure", "potions", 0))]
    assert codes(_status(cure={"potions": ["antidote"]})) == [("ZK104", ("cure", "potions", 0))]
    assert codes(_status(cure={"techs": ["dispel"]})) == [("ZK103", ("cure", "techs"))]
    assert codes(_status(cure={"techs": ["dispel"], "dispel_level": 5})) == [
        ("ZK103", ("cure", "dispel_level"))
    ]
    assert codes(_status(positive=True, cure={"techs": ["esuna"]})) == [
        ("ZK106", ("cure", "techs"))
    ]
    assert codes(_status(aliases=["dsentence"])) == [("ZK105", ("aliases", 0))]
    assert codes(_status(cure={"techs": ["dispel"], "dispel_level": 2})) == []


def test_status_boxes_for_the_sheet() -> None:
    boxes = status_boxes(None)
    assert {"name": "Poison", "positive": False} in boxes
    assert {"name": "Haste", "positive": True} in boxes
    assert "Unconscious" not in [b["name"] for b in boxes]
    assert [b["positive"] for b in boxes] == sorted(b["positive"] for b in boxes)
    assert len(boxes) == 24


# --------------------------------------------------------------------------- projects

PROJECT = (
    "title: T\nbooks:\n  - {title: Status Effects, output: statuses.pdf, holds: status_reference}\n"
)


def _diags(zodiac, path: Path) -> list[tuple[str, int, str]]:
    data = zodiac("validate", str(path), "--format", "json").json()
    found = data["diagnostics"] if isinstance(data, dict) else data
    return [(d["code"], d["line"], d["message"]) for d in found]


def test_unknown_status_in_a_monster_is_located(write, zodiac) -> None:
    write("zodiac.yaml", PROJECT)
    write("m.yaml", """\
        kind: monster
        name: Bat
        level: 1
        stats: {str: 10, mag: 5, vit: 5, spr: 5, agi: 5}
        status_immunities: [poison, posion, demi, Confusion]
        """)  # fmt: skip
    found = _diags(zodiac, Path("."))
    assert [(c, line) for c, line, _ in found] == [("ZK101", 5)]
    assert "unknown status 'posion'; did you mean 'poison'?" in found[0][2]


def test_homebrew_status_is_accepted_where_no_table_prices_it(write, zodiac) -> None:
    write("zodiac.yaml", PROJECT)
    write(
        "doom.yaml",
        "kind: status\nname: Doom\npositive: false\nduration: permanent\neffect: Ours.\n",
    )
    write("m.yaml", """\
        kind: monster
        name: Bat
        level: 1
        stats: {str: 10, mag: 5, vit: 5, spr: 5, agi: 5}
        status_immunities: [doom]
        """)  # fmt: skip
    write(
        "p.yaml", "kind: potion\nname: Holy Water\neffect: Ours.\nprice: 10\ncures: [doom, dom]\n"
    )
    found = _diags(zodiac, Path("."))
    assert [(c, line) for c, line, _ in found] == [("ZK101", 5)]
    assert "did you mean 'doom'?" in found[0][2]


def test_unknown_status_in_a_tech_and_a_relic(write, zodiac) -> None:
    write("zodiac.yaml", PROJECT)
    write("t.yaml", """\
        kind: tech
        name: Venom Edge
        tech_level: 1
        primary: power_attack
        secondary:
          - lesser_status_attack: posion
        """)  # fmt: skip
    write("r.yaml", """\
        kind: relic_set
        name: Rings
        relics:
          - name: Ribbon
            options: [{status_immunity: [poison, blnd]}]
        """)  # fmt: skip
    found = sorted((line, m) for _, line, m in _diags(zodiac, Path(".")))
    assert [line for line, _ in found] == [5, 6]  # relic line 5, Tech line 6
    assert "'blnd' has no row in this table; did you mean 'blind'?" in found[0][1]
    assert "'posion' has no row in this table; did you mean 'poison'?" in found[1][1]


def test_a_status_the_table_lacks_says_so(write, zodiac) -> None:
    """Zombie is a status (the catalogue has it) but the weapon table prices none."""
    write("zodiac.yaml", PROJECT)
    write("w.yaml", """\
        kind: weapon_set
        name: Bows
        weapon_class: bow
        physical_points: 3
        magical_points: 3
        weapons:
          - {level: 1, name: Bow, abilities: [{status_effect: zombie}]}
        """)  # fmt: skip
    ((code, line, message),) = _diags(zodiac, Path("."))
    assert (code, line) == ("ZS106", 7)
    assert "'zombie' has no row in this table" in message and "poison" in message


def test_show_a_status(zodiac) -> None:
    from tests.conftest import REPO

    r = zodiac(
        "show", str(REPO / "content/core/statuses.yaml"), "--name", "poison", "--format", "json"
    )
    data = r.json()
    assert data["duration"] == "temporary"
    assert data["cures"] == ["Antidote", "Remedy", "Dispel 1+", "Esuna"]


def test_reference_rows_from_the_project() -> None:
    rows = status_rows(None)
    assert [r["name"] for r in rows][:3] == ["Berserk", "Blind", "Charm"]
    assert rows[-1]["name"] == "Wall"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_reference_builds_on_one_page(tmp_path: Path, paper: str) -> None:
    from pypdf import PdfReader

    (tmp_path / "zodiac.yaml").write_text(f"title: T\npaper: {paper}\n" + PROJECT.split("\n", 1)[1])
    (tmp_path / "doom.yaml").write_text(
        "kind: status\nname: Doom\npositive: false\nduration: permanent\neffect: Ours.\n"
    )
    ws = open_workspace([tmp_path])
    (result,) = run(ws, plan(ws, ws.config, tmp_path / "out"))
    pages = PdfReader(result.path).pages
    assert len(pages) == 1
    text = re.sub(r"\s+", " ", pages[0].extract_text())
    for s in [*core_statuses(), _status()]:
        assert s.name in text, s.name
