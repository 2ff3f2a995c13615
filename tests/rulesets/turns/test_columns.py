"""Issue #12: a grammar error points at the character where the text stops making sense.

The message names the character; the diagnostic's column does too (Problem.offset):
plain and quoted one-line values shift by the offset (a quote counts one column).
"""

from __future__ import annotations

PROJECT = "ruleset: turns-and-actions\ntitle: Columns\n"
ABILITY = """\
kind: ability
name: Test Bolt
application: action
use: 10AP, 2Mna
range: {range}
targeting: los
accuracy: "[Magic:Magic]"
on_hit: {on_hit}
"""


def _diag(zodiac, write, **fields):
    write("zodiac.yaml", PROJECT)
    write("a.yaml", ABILITY.format(**{"range": '"2-4"', "on_hit": "Deal damage.", **fields}))
    r = zodiac("validate", "a.yaml", "--format", "json")
    return [(d["code"], d["line"], d["column"], d["message"]) for d in r.json()]


def test_a_range_error_points_at_its_character_in_a_quoted_value(zodiac, write):
    [(code, line, column, message)] = _diag(zodiac, write, range='"2--3"')
    assert (code, line) == ("TA101", 5)
    position = int(message.rsplit("at character ", 1)[1].split()[0])  # 1-based in the text
    assert column == len('range: "') + position


def test_a_range_error_points_at_its_character_in_a_plain_value(zodiac, write):
    [(code, line, column, message)] = _diag(zodiac, write, range="2--3")
    position = int(message.rsplit("at character ", 1)[1].split()[0])
    assert (code, line, column) == ("TA101", 5, len("range: ") + position)


def test_an_unknown_placeholder_points_at_its_token(zodiac, write):
    """The token `2{Nope}` starts at its multiplier, the message's character 6."""
    [(code, line, column, message)] = _diag(zodiac, write, on_hit="Deal 2{Nope} damage.")
    assert "at character 6" in message
    assert (code, line, column) == ("TA111", 8, len("on_hit: Deal ") + 1)
