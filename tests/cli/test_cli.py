"""The command line contract (DESIGN: Command line) and its exit codes."""

import subprocess
import sys

from tests.conftest import AMOS, EXAMPLE

CONTRACT_DERIVED = {
    "hp", "mp", "ap", "map", "str_dice", "mag_dice", "accuracy", "magic_accuracy",
    "evade", "resist", "critical", "speed", "max_tech_levels", "move", "jump",
}  # fmt: skip


def test_version(zodiac):
    r = zodiac("--version")
    assert r.exit_code == 0
    assert r.stdout.startswith("zodiac ")


def test_help_everywhere_has_an_example(zodiac):
    for args in (
        ["--help"],
        ["validate", "--help"],
        ["character", "show", "--help"],
        ["schema", "export", "--help"],
    ):
        r = zodiac(*args)
        assert r.exit_code == 0, args
        assert "zodiac " in r.stdout and ("Example" in r.stdout), args


def test_validate_clean_file_exit_0(zodiac, write):
    write("amos.yaml", AMOS)
    r = zodiac("validate", "amos.yaml")
    assert r.exit_code == 0
    assert "0 errors, 0 warnings in 1 file" in r.stdout


def test_validate_errors_exit_1_with_location_and_rule(zodiac, write):
    write("amos.yaml", AMOS.replace("{str: 11,", "{str: 16,"))
    r = zodiac("validate", "amos.yaml")
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[0].startswith("amos.yaml:8:13: error ZC103 creation stats sum to 45")
    assert lines[1].startswith("amos.yaml:8:19: error ZC102 Strength is 16 at creation")
    assert "R4" in lines[1]


def test_validate_warnings_only_exit_0(zodiac, write):
    write("amos.yaml", AMOS.replace("level: 3", "level: 4"))
    r = zodiac("validate", "amos.yaml")
    assert r.exit_code == 0
    assert "warning ZC110" in r.stdout


def test_validate_json(zodiac, write):
    write("amos.yaml", AMOS.replace("level: 3", "level: 2"))
    r = zodiac("validate", "amos.yaml", "--format", "json")
    assert r.exit_code == 1
    [d] = r.json()
    assert {k: d[k] for k in ("path", "line", "column", "severity", "code")} == {
        "path": "amos.yaml",
        "line": 11,
        "column": 5,
        "severity": "error",
        "code": "ZC105",
    }
    assert d["message"] and d["rule"]


def test_validate_folder_recursive(zodiac, write):
    write("a/one.yaml", AMOS)
    write("a/b/two.yml", AMOS.replace("Amos the Valiant", "Luke").replace("steal", "stael"))
    write("a/notes.txt", "not content")
    r = zodiac("validate", "a")
    assert r.exit_code == 1
    assert (
        "a/b/two.yml:6:16: error ZC120 unknown Command Skill 'stael'; did you mean 'steal'?"
        in r.stdout
    )
    assert "in 2 files" in r.stdout


def test_validate_missing_path_is_misuse(zodiac, write):
    r = zodiac("validate", "nope.yaml")
    assert r.exit_code == 2


def test_validate_bad_flag_is_misuse(zodiac):
    assert zodiac("validate", "--bogus").exit_code == 2


def test_validate_without_project_is_misuse(zodiac, write):
    assert zodiac("validate").exit_code == 2


def test_character_show_json_contract(zodiac, write):
    write("amos.yaml", AMOS)
    r = zodiac("character", "show", "amos.yaml", "--format", "json")
    assert r.exit_code == 0
    data = r.json()
    assert data["name"] == "Amos the Valiant"
    assert data["level"] == 3
    assert data["stats"] == {"str": 13, "mag": 7, "vit": 7, "spr": 12, "agi": 7}
    assert set(data["derived"]) == CONTRACT_DERIVED
    assert data["derived"]["hp"] == 75 + 35 + 6 * 7 + 4 * 2
    assert data["tech_points"] == {"total": 16 + 7, "spent": 0, "available": 23}
    assert data["techs"] == []


def test_character_show_earlier_level(zodiac, write):
    write("amos.yaml", AMOS)
    data = zodiac("character", "show", "amos.yaml", "--level", "2", "--format", "json").json()
    assert data["level"] == 2
    assert data["stats"] == {"str": 13, "mag": 6, "vit": 6, "spr": 11, "agi": 7}


def test_character_show_level_above_file_is_misuse(zodiac, write):
    write("amos.yaml", AMOS)
    assert zodiac("character", "show", "amos.yaml", "--level", "9").exit_code == 2


def test_character_show_broken_file_exit_1(zodiac, write):
    write("amos.yaml", AMOS.replace("mag: 6,", "mag: 7,"))
    r = zodiac("character", "show", "amos.yaml")
    assert r.exit_code == 1
    assert "ZC103" in r.stdout


def test_character_show_table(zodiac, write):
    write("amos.yaml", AMOS)
    r = zodiac("character", "show", "amos.yaml")
    assert r.exit_code == 0
    assert "Hit Points" in r.stdout and "Tech Points: 23 total" in r.stdout


def test_example_characters_validate_clean(zodiac):
    r = zodiac("validate", str(EXAMPLE / "characters"))
    assert r.exit_code == 0, r.stdout
    assert "0 errors, 0 warnings" in r.stdout


def test_example_veteran_from_xp(zodiac):
    data = zodiac(
        "character", "show", str(EXAMPLE / "characters" / "garland.yaml"), "--format", "json"
    ).json()
    assert data["level"] == 64
    assert data["derived"]["speed"] >= 16


def test_no_traceback_from_the_real_console_script(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"kind: character\n\tname: x\n\xff\n")
    r = subprocess.run(
        [sys.executable, "-m", "builder", "validate", str(bad)], capture_output=True, text=True
    )
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr
