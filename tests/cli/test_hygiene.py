"""Terminal hygiene in output (issue "Trust", finding 5).

File names, keys and values a user controls print as one escaped line: never as a
terminal command, a second line or rich markup. JSON stays valid JSON.
"""

from __future__ import annotations

import json

import pytest

from builder.cli.output import print_json, safe
from tests.conftest import EXAMPLE

BROKEN = "kind: monster\nname: Goblin\nlevel: 0\nstats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}\n"
MONSTER = (
    "kind: monster\nname: Goblin\nlevel: 2\nstats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}\n"
)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("a\nb.yaml", "a\\nb.yaml"),
        ("x\x1b[2J.yaml", "x\\x1b[2J.yaml"),
        ("y\x85.yaml", "y\\x85.yaml"),
    ],
)
def test_file_name_with_controls_prints_as_one_escaped_line(zodiac, write, name, shown):
    """A file literally named `a\\nb.yaml` or `x\\x1b[2J.yaml` prints as one escaped line."""
    write(name, BROKEN)
    r = zodiac("validate", name)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{shown}:3:8: error ZS105 level: 0 is out of range (at least 1) [manual: Writing content]",
        "✗ 1 error, 0 warnings in 1 file",
    ]
    assert "\x1b" not in r.stdout and "\x85" not in r.stdout


def test_json_output_stays_valid_json_with_such_file_names(zodiac, write):
    """The JSON output (`--format json`) must stay valid JSON."""
    name = "x\x1b[2J\n.yaml"
    write(name, BROKEN)
    r = zodiac("validate", name, "--format", "json")
    assert r.exit_code == 1
    assert "\x1b" not in r.stdout
    [d] = json.loads(r.stdout)
    assert (d["path"], d["line"], d["code"]) == (name, 3, "ZS105")


def test_print_json_escapes_c1_controls_and_del(capsys):
    """json.dumps with ensure_ascii=False leaves U+009B (a CSI to some terminals) raw."""
    print_json({"name": "a\x9b2Jb\x7fc", "ok": "é"})
    out = capsys.readouterr().out
    assert "\x9b" not in out and "\x7f" not in out
    assert "\\u009b" in out
    assert json.loads(out) == {"format_version": 1, "name": "a\x9b2Jb\x7fc", "ok": "é"}


def test_print_json_keeps_plain_unicode(capsys):
    print_json({"name": "Épée\nlongue"})
    out = capsys.readouterr().out
    assert out == '{\n  "format_version": 1,\n  "name": "Épée\\nlongue"\n}\n'


def test_safe_escapes_controls_and_markup():
    assert safe("x\x1b[31m[/bold]\ny") == "x\\x1b[31m\\[/bold]\\ny"
    assert safe("one\n\ttwo [b]", multiline=True) == "one\n\\ttwo \\[b]"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the example project to edit."""
    import shutil

    dest = tmp_path / "proj"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("dist"))
    monkeypatch.chdir(dest)
    return dest


def test_monster_show_prints_markup_in_status_immunities_as_text(zodiac, project):
    """The show printers echo user text through rich: `[/bold]` must not be markup."""
    (project / "monsters" / "z.yaml").write_text(
        MONSTER + 'family: "[/i]"\nstatus_immunities: ["[/bold]"]\n', encoding="utf-8"
    )
    r = zodiac("monster", "show", "monsters/z.yaml")
    # '[/bold]' is no status of the catalogue (ZK101): the error echoes it as text.
    assert r.exit_code == 1, r.output
    assert "error ZK101 unknown status '[/bold]'" in r.output
    (project / "monsters" / "z.yaml").write_text(
        MONSTER + 'family: "[/i]"\nstatus_immunities: [poison]\n', encoding="utf-8"
    )
    r = zodiac("monster", "show", "monsters/z.yaml")
    lines = r.stdout.splitlines()
    assert any(line.startswith("│ Family         [/i] ") for line in lines), r.output


def test_character_show_prints_markup_in_a_name_as_text(zodiac, project):
    """A character named `Amos [/bold] x` crashed `character show` with a MarkupError."""
    amos = project / "characters" / "amos.yaml"
    text = amos.read_text(encoding="utf-8").replace(
        "name: Amos the Valiant", 'name: "Amos [/bold] x"'
    )
    amos.write_text(text, encoding="utf-8")
    r = zodiac("character", "show", "characters/amos.yaml")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].startswith("╭─ Amos [/bold] x  level 12 ")


def test_monster_description_keeps_its_lines(zodiac, project):
    """Prose keeps its line breaks on screen; only other controls are escaped."""
    (project / "monsters" / "z.yaml").write_text(
        MONSTER + "description: |\n  First line.\n  Second\tline.\n", encoding="utf-8"
    )
    r = zodiac("monster", "show", "monsters/z.yaml")
    assert r.exit_code == 0, r.output
    cells = [line.strip("│ ") for line in r.stdout.splitlines()]
    assert "First line." in cells
    assert "Second\\tline." in cells


def test_show_refuses_a_name_with_escape_codes(zodiac, project):
    """`monster show` sent the raw escape codes of a name to the terminal."""
    (project / "monsters" / "z.yaml").write_text(
        MONSTER.replace("name: Goblin", 'name: "Gob\\e[2J\\alin"'), encoding="utf-8"
    )
    r = zodiac("monster", "show", "monsters/z.yaml")
    assert r.exit_code == 1
    assert "\x1b" not in r.output and "\x07" not in r.output
    assert "error ZS107 name: control character U+001B at character 4; remove it" in r.output


def test_tech_cost_quotes_an_option_value_as_text(zodiac):
    """`tech cost` printed pydantic's messages raw: `[/b]` typed on the command line was
    read as rich markup."""
    r = zodiac("tech", "cost", "--level", "2", "--primary", "power [/b]")
    assert r.exit_code == 1
    [line] = r.output.splitlines()
    assert line.startswith("error ZS103 primary: 'power_[/b]' is not one of attack_magic, ")


def test_tech_cost_refuses_an_option_value_with_escape_codes(zodiac):
    r = zodiac("tech", "cost", "--level", "2", "--primary", "po\x1b[2Jwer")
    assert r.exit_code == 1
    assert r.output == "error ZS107 primary: control character U+001B at character 3; remove it\n"
