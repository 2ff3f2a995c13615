"""`builder.io.roundtrip`: edits splice text; the inverse edit gives the bytes back (issue 16)."""

from __future__ import annotations

import pytest

from builder.io.roundtrip import Append, Remove, SetValue, SpliceError, apply, item_comment


def _there_and_back(text: str, up: list, down: list, index: int = 0) -> str:
    new = apply(text, index, up)
    assert apply(new, index, down) == text
    return new


def test_block_items_after_block_items_and_flow_after_flow():
    text = "a: 1\nlist:\n  - x: 1\n    b: 2   # c\n# tail\nflows:\n  - {x: 1}\n"
    new = _there_and_back(
        text,
        [Append(("list",), {"x": 3, "b": 4}), Append(("flows",), {"x": 2})],
        [Remove(("flows", 1)), Remove(("list", 1))],
    )
    assert new == (
        "a: 1\nlist:\n  - x: 1\n    b: 2   # c\n  - x: 3\n    b: 4\n# tail\n"
        "flows:\n  - {x: 1}\n  - {x: 2}\n"
    )


def test_a_missing_key_is_added_in_the_documents_own_dash_style_and_removed_whole():
    text = "kind: c\nother:\n- 1\nlast: |\n  text\n\n"
    new = _there_and_back(text, [Append(("techs",), {"tech": "fire"})], [Remove(("techs", 0))])
    assert new == "kind: c\nother:\n- 1\nlast: |\n  text\ntechs:\n- {tech: fire}\n\n"


def test_flow_lists_and_maps():
    text = "advancement: []\ntechs: [{tech: cure}, {tech: fire, upgrades: [{to: 2, at: 3}]}]\n"
    new = _there_and_back(
        text,
        [
            Append(("advancement",), {"str": 2}),
            Append(("techs", 0, "upgrades"), {"to": 2, "at": 4}),
            Append(("techs", 1, "upgrades"), {"to": 3, "at": 4}),
        ],
        [
            Remove(("techs", 1, "upgrades", 1)),
            Remove(("techs", 0, "upgrades", 0)),
            Remove(("advancement", 0)),
        ],
    )
    assert new == (
        "advancement: [{str: 2}]\ntechs: [{tech: cure, upgrades: [{to: 2, at: 4}]}, "
        "{tech: fire, upgrades: [{to: 2, at: 3}, {to: 3, at: 4}]}]\n"
    )
    # the user's `advancement: []` stays `[]` when its last entry goes
    assert apply(new, 0, [Remove(("advancement", 0))]).startswith("advancement: []\n")


def test_no_final_newline_round_trips():
    text = "kind: c\nlist:\n  - 1"
    new = _there_and_back(text, [Append(("list",), 2)], [Remove(("list", 1))])
    assert new == "kind: c\nlist:\n  - 1\n  - 2"


def test_set_value_and_the_second_document():
    text = "kind: a\nlevel: 9\n---\n# c\nkind: b\nlevel: 9 # nine\n...\n"
    assert apply(text, 1, [SetValue(("level",), 10)]) == text.replace(
        "level: 9 # nine", "level: 10 # nine"
    )
    assert item_comment(text, 1, ("level",)) == "nine"


def test_removing_the_first_key_of_an_item_keeps_its_dash():
    text = "l:\n  - upgrades:\n      - {to: 2}\n    tech: cure\n"
    assert apply(text, 0, [Remove(("l", 0, "upgrades", 0))]) == "l:\n  - tech: cure\n"


def test_a_missing_path_is_a_splice_error():
    with pytest.raises(SpliceError):
        apply("a: 1\n", 0, [SetValue(("b",), 2)])
    with pytest.raises(SpliceError):
        apply("a: 1\n", 0, [Remove(("a", 0))])
    with pytest.raises(SpliceError):
        apply("a: 1\n", 3, [SetValue(("a",), 2)])
