"""`zodiac lint` and `zodiac validate --lint` (issue 17): output, formats, exit codes."""

from __future__ import annotations

import re

from tests.conftest import EXAMPLE, REPO

LINT_PROJECT = REPO / "tests" / "data" / "lint"
LINE = re.compile(r"^(?P<path>\S+):(?P<line>\d+):(?P<col>\d+): warning (?P<code>ZL1\d\d) .+$")


def _lines(output: str) -> list[re.Match[str]]:
    return [m for m in (LINE.match(line) for line in output.splitlines()) if m]


def test_lint_prints_one_located_warning_per_finding(zodiac):
    r = zodiac("lint", str(LINT_PROJECT))
    assert r.exit_code == 0
    found = _lines(r.stdout)
    assert len(found) == 10
    assert {m["code"] for m in found} == {
        *("ZL101", "ZL102", "ZL103", "ZL104", "ZL105"),
        *("ZL110", "ZL120", "ZL121", "ZL122", "ZL130"),
    }
    assert "0 errors, 10 warnings" in r.stdout


def test_lint_json_has_validates_fields(zodiac):
    data = zodiac("lint", str(LINT_PROJECT), "--format", "json").json()
    assert len(data) == 10
    first = data[0]
    assert set(first) == {"path", "line", "column", "severity", "code", "message", "rule"}
    assert all(d["severity"] == "warning" for d in data)
    tortoise = next(d for d in data if d["code"] == "ZL101")
    assert tortoise["path"].endswith("monsters.yaml") and tortoise["line"] == 5
    assert "96% above the level-5 range 112-448" in tortoise["message"]


def test_strict_turns_warnings_into_a_failure(zodiac):
    assert zodiac("lint", str(LINT_PROJECT), "--strict").exit_code == 1
    clean = LINT_PROJECT / "swords.yaml"  # a weapon set: nothing to warn about
    r = zodiac("lint", str(clean), "--strict")
    assert r.exit_code == 0, r.stdout
    assert _lines(r.stdout) == []


def test_lint_reports_only_the_files_named(zodiac):
    r = zodiac("lint", str(LINT_PROJECT / "potions.yaml"))
    assert [m["code"] for m in _lines(r.stdout)] == ["ZL130"]


def test_validate_lint_adds_the_warnings(zodiac):
    plain = zodiac("validate", str(LINT_PROJECT))
    assert plain.exit_code == 0 and _lines(plain.stdout) == []
    linted = zodiac("validate", "--lint", str(LINT_PROJECT))
    assert linted.exit_code == 0
    assert len(_lines(linted.stdout)) == 10
    data = zodiac("validate", "--lint", "--format", "json", str(LINT_PROJECT)).json()
    assert {d["code"] for d in data} >= {"ZL101", "ZL130"}


def test_the_example_project_has_one_explained_warning(zodiac):
    r = zodiac("lint", str(EXAMPLE))
    assert r.exit_code == 0
    assert [(m["path"].rsplit("/", 1)[-1], m["code"]) for m in _lines(r.stdout)] == [
        ("rook.yaml", "ZL121")
    ]


def test_validation_errors_fail_lint(zodiac, write):
    write("zodiac.yaml", "title: T\nlint: {hp_tolerance: -1}\n")
    r = zodiac("lint", ".")
    assert r.exit_code == 1
    assert "validation found 1 error" in r.stdout


def test_rules_codes_lists_the_linters_codes(zodiac):
    r = zodiac("rules", "codes", "ZL")
    assert r.exit_code == 0
    assert "ZL101" in r.stdout and "ZL130" in r.stdout
