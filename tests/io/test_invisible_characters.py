"""Control characters and a stray byte order mark, located and named (issue #28).

A NUL or ESC byte was reported at 1:1 with the reader's "position N" (a count of UTF-8
bytes); a U+FEFF inside a file that broke a key or the YAML was shown but not named.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.yaml import load_bytes, load_text


@pytest.mark.parametrize(
    ("text", "loc", "says"),
    [
        ("kind: tech\nname: Cu\x00re\n", (2, 9), "control character U+0000 (NUL)"),
        ("kind: tech\ndescription: a \x1b[31m b\n", (2, 16), "control character U+001B (ESC)"),
        # columns count characters, where the reader counts bytes (é is 2, 😀 is 4)
        ("kind: tech\n\nname: é😀 \x07\n", (3, 10), "control character U+0007 (BEL)"),
        ("# \x08\nkind: tech\n", (1, 3), "control character U+0008 (backspace)"),
    ],
    ids=["nul", "esc", "after-wide-characters", "in-a-comment"],
)
def test_a_control_character_is_located_where_it_is(text, loc, says):
    loaded = load_text(text, Path("x.yaml"))
    [(where, problem)] = loaded.problems
    assert (problem.code, where) == ("ZY102", loc)
    assert says in problem.message and "delete it" in problem.message
    assert "position" not in problem.message


def test_a_control_character_in_bytes_read_from_a_file():
    loaded = load_bytes("kind: tech\nname: ñ\x1b\n".encode(), Path("x.yaml"))
    [(where, problem)] = loaded.problems
    assert where == (2, 8) and "U+001B (ESC)" in problem.message


def test_a_stray_bom_that_breaks_the_yaml_is_named_where_it_is():
    """Two files joined with `cat`: the second one's BOM starts a line mid-file."""
    text = "kind: tech\nname: x\n\ufeffdescription: y\n"
    [(where, problem)] = load_text(text, Path("x.yaml")).problems
    assert (problem.code, where) == ("ZY102", (3, 1))
    assert problem.message.startswith("a byte order mark (U+FEFF, invisible) inside the file;")
    # the BOM at the very start of a file is no problem
    assert load_bytes(b"\xef\xbb\xbfkind: tech\nname: x\n", Path("y.yaml")).problems == []


def test_a_bom_inside_a_key_is_named(zodiac, write):
    write("zodiac.yaml", "title: T\n")
    write("t.yaml", "kind: tech\nna\ufeffme: x\n")
    r = zodiac("validate", "t.yaml")
    assert r.exit_code == 1
    assert (
        "t.yaml:2:1: error ZS102 unknown field 'na\\ufeffme': it holds a byte order mark "
        "(U+FEFF, invisible) at character 3, which breaks the key `name`; delete it"
    ) in r.stdout


def test_an_invisible_character_in_kind_is_named(zodiac, write):
    write("zodiac.yaml", "title: T\n")
    write("t.yaml", "name: x\nki\u200bnd: tech\n")
    r = zodiac("validate", "t.yaml")
    assert r.exit_code == 1
    assert (
        "t.yaml:2:1: error ZY110 missing `kind:`; the key 'ki\\u200bnd': it holds a "
        "zero-width space (U+200B, invisible) at character 3, which breaks the key `kind`"
    ) in r.stdout
