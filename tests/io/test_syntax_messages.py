"""The parser's common complaints read as the cause and the fix (issue #14), located."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.yaml import load_text

CASES = [
    # (broken file, line, col, what the message must say)
    (
        "kind: monster\nname: Goblin\n  level: 2\n",
        3,
        8,
        "unexpected `:`: this line is indented deeper than line 2, which already has its value",
    ),
    ("kind: monster\nname: a: b\n", 2, 8, 'put the value in quotes (`name: "a: b"`)'),
    ("kind: monster\nname: Goblin\nlevel 2\nfoo: 1\n", 4, 1, "a key without `:` on line 3"),
    (
        "kind: monster\nstats:\n    str: 1\n  mag: 2\n",
        4,
        3,
        "this line does not line up with the keys of the block that starts on line 1",
    ),
    ("kind: monster\nname: @goblin\n", 2, 7, "a value cannot start with `@` in YAML"),
    ("kind: monster\nname: `goblin`\n", 2, 7, "a value cannot start with this character"),
    ("- a\n- b\nc: 1\n", 3, 1, "a key where the list that starts on line 1 expects `- item`"),
    ('kind: monster\nname: "Goblin\nlevel: 2\n', 4, 1, "a quote opened on line 2 is never closed"),
    ("kind: [monster\nname: x\n", 2, 5, "a `[` opened on line 1 is not closed"),
]


@pytest.mark.parametrize(("text", "line", "col", "says"), CASES)
def test_common_syntax_errors_say_cause_and_fix(text, line, col, says):
    loaded = load_text(text, Path("x.yaml"))
    [(loc, problem)] = loaded.problems
    assert (problem.code, loc) == ("ZY102", (line, col))
    assert says in problem.message
    assert "(YAML: " in problem.message  # the parser's words stay, to search for
    assert not problem.message.startswith("YAML syntax error")


def test_expected_block_end_is_read_as_indentation():
    """The pure-Python parser says `expected <block end>` where libyaml says `did not find
    expected key`; both read the same."""
    from ruamel.yaml.error import MarkedYAMLError

    from builder.io.yaml import _syntax_message

    exc = MarkedYAMLError(
        context="while parsing a block mapping",
        problem="expected <block end>, but found '<scalar>'",
    )
    msg = _syntax_message(exc, "a: 1\n b\n", (2, 2))
    assert msg.startswith("this line does not line up with the keys of the block")


def test_tabs_keep_their_message():
    [(_, tab)] = load_text("kind: monster\nstats:\n\tstr: 1\n", Path("x.yaml")).problems
    assert tab.message.startswith("tab character in indentation")
