"""Long values in messages stay short and safe (issue "Trust", finding 4)."""

from __future__ import annotations

from builder.diagnostics import did_you_mean
from builder.io.project import load_content
from tests.conftest import AMOS

LONG = "x" * 20_000

SWORDS = """\
kind: weapon_set
name: Blades
weapon_class: sword
physical_points: 5
magical_points: 1
weapons:
  - level: 1
    name: Short Sword
    abilities:
      - elemental: {value}
"""


def messages(write, text, name="c.yaml"):
    return [(d.code, d.message) for d in load_content([write(name, text)]).diagnostics]


def test_long_unknown_key(write):
    """A 20,000-character value gives a 20,170-character message: an unknown key."""
    # An explicit key (`? ...`): YAML allows implicit keys of at most 1024 characters.
    [(code, message)] = messages(write, AMOS + f"? {LONG}\n: 1\n")
    assert code == "ZS102"
    assert len(message) < 200
    assert message == (
        f"unknown field '{'x' * 60}... (19,940 more characters)'; remove it or check its spelling"
    )


def test_long_wrong_value(write):
    """A 20,000-character value of the wrong type is quoted short."""
    [(code, message)] = messages(write, AMOS.replace("level: 3", f"level: {LONG}"))
    assert code == "ZS104"
    assert len(message) < 200
    assert (
        message == f"level: expected a whole number, got '{'x' * 60}... (19,940 more characters)'"
    )


def test_long_enum_value(write):
    """did_you_mean and the enum message are bounded too."""
    [(code, message)] = messages(write, AMOS.replace("class_power: tech", f"class_power: {LONG}"))
    assert code == "ZS103"
    assert len(message) < 200
    assert message.startswith(f"class_power: '{'x' * 60}... (19,940 more characters)' is not")


def test_validator_message_quoting_a_long_value_is_bounded(write):
    """The ZS106 pass-through of a validator's message, which embeds the input."""
    [(code, message)] = messages(write, SWORDS.format(value=LONG), "w.yaml")
    assert code == "ZS106"
    assert len(message) < 200
    assert f"elemental: '{'x' * 20}... (19,980 more characters)' is not a element" in message


def test_key_with_control_characters_is_shown_escaped(write):
    """Messages quote keys with control characters escaped: one line, no escape codes."""
    [(code, message)] = messages(write, AMOS + '"bad\\e[2Jkey": 1\n')
    assert code == "ZS102"
    assert message == "unknown field 'bad\\x1b[2Jkey'; remove it or check its spelling"


def test_did_you_mean_skips_huge_values_and_bounds_the_match():
    assert did_you_mean(LONG, ["x"]) == ""
    assert (
        did_you_mean("x" * 99, ["x" * 100])
        == f"; did you mean '{'x' * 60}... (40 more characters)'?"
    )


def test_words_between_two_short_quoted_values_are_not_shortened():
    """Only a long *quoted value* is cut, never the sentence between two short ones."""
    from builder.diagnostics import _bounded

    text = "value 'x' must be a relative path inside the project, such as 'templates'"
    assert _bounded(text) == text


def test_unknown_kind_is_quoted_short_and_escaped(write):
    """ZY111 quotes the user's kind: bounded and escaped like every other value."""
    [(code, message)] = messages(write, 'kind: "' + "x" * 300 + '\\e"\nname: a\n')
    assert code == "ZY111"
    assert message.startswith(f"unknown kind '{'x' * 60}... (")
    assert len(message) < 400
    assert "\x1b" not in message
