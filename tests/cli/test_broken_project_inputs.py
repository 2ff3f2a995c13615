"""A broken zodiac.yaml stops every command; a missing file in a list is one problem (#28).

`zodiac character show FILE` read a `zodiac.yaml` with `damage_levels: 3` as no house
rules at all and printed the sheet (exit 0, no word); `zodiac validate a.yaml gone.yaml
bad.yaml` stopped at `gone.yaml` (exit 2), so `bad.yaml`'s errors went unseen.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import EXAMPLE

BROKEN = "zodiac.yaml:3:18: error ZS105 house_rules.damage_levels: 3 is out of range (at most 2)"


@pytest.fixture
def broken(tmp_path, monkeypatch) -> Path:
    """A copy of the example project whose zodiac.yaml allows what the book does not."""
    root = tmp_path / "p"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(root)
    (root / "zodiac.yaml").write_text("title: T\nhouse_rules:\n  damage_levels: 3\n")
    return root


@pytest.mark.parametrize(
    "args",
    [
        ["character", "show", "characters/mira.yaml"],
        ["character", "show", "characters/mira.yaml", "--format", "json"],
        ["character", "level-up", "characters/mira.yaml", "--points", "str=2,agi=1", "--yes"],
        ["show", "characters/mira.yaml"],
        ["export", "characters/mira.yaml", "--out", "out"],
        ["lint", "characters"],
        ["encounter", "simulate", "-p", "characters/mira.yaml", "--vs", "monsters/bomb.yaml"],
    ],
    ids=["show", "show-json", "level-up", "zodiac-show", "export", "lint", "simulate"],
)
def test_every_command_on_a_file_stops_at_a_broken_zodiac_yaml(zodiac, broken, args):
    before = (broken / "characters/mira.yaml").read_bytes()
    r = zodiac(*args)
    assert r.exit_code == 1, r.output
    assert BROKEN in r.output
    assert (broken / "characters/mira.yaml").read_bytes() == before
    assert not (broken / "out").exists()


def test_validate_of_one_file_reports_zodiac_yaml_too(zodiac, broken):
    r = zodiac("validate", "characters/mira.yaml")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0].startswith(BROKEN)
    r = zodiac("validate", "--format", "json", "characters/mira.yaml")
    assert [(d["path"], d["line"], d["code"]) for d in r.json()] == [("zodiac.yaml", 3, "ZS105")]
    r = zodiac("validate", "--no-cache", str(broken))  # the whole project, as before
    assert r.exit_code == 1 and BROKEN in r.stdout


def test_validate_stdin_reports_zodiac_yaml_too(broken, monkeypatch):
    from builder.cli.validate import _check_stdin

    text = (broken / "characters/mira.yaml").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    report, _ = _check_stdin(lint=False)
    assert [(d.path, d.line, d.code) for d in report.diagnostics] == [("zodiac.yaml", 3, "ZS105")]


def test_a_missing_file_in_a_list_is_one_problem_and_the_rest_are_checked(zodiac, write):
    write("zodiac.yaml", "title: T\n")
    write("a.yaml", "kind: tech\nname: A\ntech_level: 1\nprimary: scan\ndescription: d\n")
    write("bad.yaml", "kind: tech\nname: B\nprimary: scan\ndescription: d\n")
    r = zodiac("validate", "a.yaml", "gone.yaml", "bad.yaml")
    assert r.exit_code == 1, r.output  # was 2, and bad.yaml unchecked
    lines = r.stdout.splitlines()
    assert "bad.yaml:1:1: error ZS101 'tech_level' is required here" in lines[0]
    assert lines[1].startswith("gone.yaml:1:1: error ZY118 no such file or folder;")
    assert lines[-1] == "✗ 2 errors, 0 warnings in 3 files"
    r = zodiac("validate", "--format", "json", "gone.yaml", "a.yaml")
    assert [(d["path"], d["code"]) for d in json.loads(r.stdout)] == [("gone.yaml", "ZY118")]
    # named alone it is still a usage error, as a typo on the command line is
    r = zodiac("validate", "gone.yaml")
    assert r.exit_code == 2 and "no such file or folder: gone.yaml" in r.output


def test_zy118_is_listed(zodiac):
    from builder.codes import all_codes

    assert "ZY118" in all_codes()
    assert "ZY118" in zodiac("rules", "codes").stdout
