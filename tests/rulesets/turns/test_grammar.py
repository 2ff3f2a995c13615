"""The chapter's small languages: ranges (R42), use costs, placeholders, accuracy, attributes."""

from __future__ import annotations

import pytest

from builder.rulesets.turns.rules.grammar import (
    GrammarError,
    is_variable,
    mentions_x,
    parse_accuracy,
    parse_attribute,
    parse_placeholders,
    parse_range,
    parse_use,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2-4", {"min": 2, "max": 4, "exactly": None, "not": None}),
        ("5-", {"min": 5, "max": None, "exactly": None, "not": None}),
        ("-3", {"min": 0, "max": 3, "exactly": None, "not": None}),
        ("=2", {"min": 2, "max": 2, "exactly": 2, "not": None}),
        ("!1", {"min": 0, "max": None, "exactly": None, "not": 1}),
        ("3", {"min": 0, "max": 3, "exactly": None, "not": None}),
        (3, {"min": 0, "max": 3, "exactly": None, "not": None}),
        (">4", {"min": 4, "max": None, "exactly": None, "not": None}),  # R42: same as 4-
        ("0", {"min": 0, "max": 0, "exactly": None, "not": None}),
        ("=0", {"min": 0, "max": 0, "exactly": 0, "not": None}),
    ],
)
def test_every_range_form_parses_to_the_contract(text, expected):
    assert parse_range(text).to_json() == expected


def test_x_dash_and_more_than_are_the_same_range_r42():
    a, b = parse_range("4-"), parse_range(">4")
    assert (a.min, a.max) == (b.min, b.max) == (4, None)
    assert not a.allows(3) and a.allows(4) and a.allows(40)


def test_allows_reads_every_form():
    assert parse_range("2-4").allows(2) and parse_range("2-4").allows(4)
    assert not parse_range("2-4").allows(1) and not parse_range("2-4").allows(5)
    assert parse_range("=2").allows(2) and not parse_range("=2").allows(3)
    assert not parse_range("!1").allows(1) and parse_range("!1").allows(0)
    assert parse_range("3").allows(0) and not parse_range("3").allows(4)
    assert parse_range("2-4").reads() == "2 to 4 spaces"
    assert parse_range("-3").reads() == "up to 3 spaces"


@pytest.mark.parametrize(
    ("text", "position", "kind", "reason"),
    [
        ("4-2", 2, "order", "the minimum 4 is above the maximum 2"),
        ("=", 1, "syntax", "expected a number of spaces, found the end"),
        ("!x", 1, "syntax", "expected a number of spaces, found 'x'"),
        ("2--3", 2, "syntax", "expected a number of spaces, found '-'"),
        ("", 0, "syntax", "a range is empty; write X, X-Y, =X, -Y, X-, !X or >X"),
        ("3a", 1, "syntax", "unexpected 'a'"),
        ("=2-", 2, "syntax", "unexpected '-'"),
        ("-", 1, "syntax", "expected a number of spaces, found the end"),
        ("x", 0, "syntax", "expected a number of spaces, found 'x'"),
    ],
)
def test_malformed_ranges_are_located(text, position, kind, reason):
    with pytest.raises(GrammarError) as err:
        parse_range(text)
    assert (err.value.position, err.value.kind, err.value.reason) == (position, kind, reason)
    assert f"at character {position + 1}" in str(err.value)


def test_use_cost_parses_every_part():
    use = parse_use("12!AP, 4Sta, 3Mna, 2Fcs, 1/battle, 3/Round")
    assert use.to_json() == {
        "text": "12!AP, 4Sta, 3Mna, 2Fcs, 1/battle, 3/Round",
        "ap": 12,
        "burn": True,
        "stamina": 4,
        "mana": 3,
        "focus": 2,
        "variable": [],
        "per_battle": 1,
        "per_round": 3,
    }
    x = parse_use("XAP, Xsta")
    assert x.variable and x.to_json()["variable"] == ["AP", "Sta"] and x.ap == 0
    assert parse_use("5 mana").amount("Mna") == 5
    assert parse_use("4!Sta").costs[0].burn  # parsed; TA104 rejects it


@pytest.mark.parametrize(
    ("text", "position"),
    [("12AP,, 3Sta", 5), ("12AP, 3Gold", 7), ("12AP3", 4), ("AP", 0), ("5AP, 5AP", 5)],
)
def test_bad_use_costs_are_located(text, position):
    with pytest.raises(GrammarError) as err:
        parse_use(text)
    assert err.value.position == position


def test_placeholders_from_the_chapter():
    # "2{MgcPwr} is read as 2 x Magic Power"; no number means 1.
    found = parse_placeholders("Deal 2{MgcPwr} and {CL} plus 3{SklPwr}, 4{MlePwr}")
    assert [(p.factor, p.name) for p in found] == [
        (2, "MgcPwr"), (1, "CL"), (3, "SklPwr"), (4, "MlePwr")
    ]  # fmt: skip
    assert found[0].start == 5 and found[0].end == 14
    assert is_variable("X2") and is_variable("X") and not is_variable("CL")


@pytest.mark.parametrize(
    ("text", "position"),
    [("Deal 2{MgcPwr damage", 6), ("a {} b", 3), ("x {Mgc Pwr}", 6), ("x } y", 2),
     ("2{A{B}}", 1)],
)  # fmt: skip
def test_bad_placeholders_are_located(text, position):
    with pytest.raises(GrammarError) as err:
        parse_placeholders(text)
    assert err.value.position == position


def test_variable_x_is_found_as_a_word_not_inside_words():
    assert mentions_x("pulled X spaces") and mentions_x("{X2} damage") and mentions_x("X5")
    assert not mentions_x("Xylophones and eXtra") and not mentions_x("no variable")


def test_accuracy_forms():
    a = parse_accuracy("[Magic:Melee]")
    assert (a.score, a.evasion, a.luck) == ("magic", "melee", None)
    assert parse_accuracy("Luck: 14").luck == 14
    assert parse_accuracy("luck 3").luck == 3
    for bad, pos in (("[Magic:Fire]", 7), ("Luck: 21", 6), ("Magic vs Melee", 0)):
        with pytest.raises(GrammarError) as err:
            parse_accuracy(bad)
        assert err.value.position == pos, bad


def test_attributes_with_plus_are_enhanced():
    assert parse_attribute("Honed 3").text() == "Honed 3"
    a = parse_attribute("Ranged+ 2")
    assert (a.name, a.value, a.enhanced) == ("Ranged", 2, True)
    assert parse_attribute("Keen+").enhanced and not parse_attribute("Keen").enhanced
    assert parse_attribute("Crushing 3+").enhanced
    with pytest.raises(GrammarError):
        parse_attribute("3 Honed")
