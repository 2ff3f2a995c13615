"""Smaller things a newcomer hit (issue #14): rule citations a user can look up, the
values of a missing choice, an empty folder, a clean stdout and help examples that work.
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import AMOS, EXAMPLE, REPO

BUILDER = REPO / "builder"


def _string_constants(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module except docstrings (which a user never sees)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_no_rule_string_cites_an_internal_document():
    """A user cannot look up DESIGN.md: rules cite the book, a ruling or the README."""
    found = [
        f"{path.relative_to(REPO)}:{line}: {text!r}"
        for path in sorted(BUILDER.rglob("*.py"))
        for line, text in _string_constants(path)
        if text.startswith("DESIGN")
    ]
    assert found == []


BROKEN_FILES = {
    "empty.yaml": "",
    "list.yaml": "- a\n- b\n",
    "nokind.yaml": "name: Goblin\n",
    "badkind.yaml": "kind: monstr\nname: Goblin\n",
    "missing.yaml": "kind: character\nname: X\n",
    "extra.yaml": AMOS + "colour: red\n",
    "dup1.yaml": "kind: monster\nname: Goblin\nlevel: 2\n"
    "stats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}\n---\n"
    "kind: monster\nname: Goblin\nlevel: 3\nstats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}\n",
}


def test_no_diagnostic_rule_starts_with_design(zodiac, write):
    """The same, as a user meets it: every diagnostic of a range of broken files."""
    for name, text in BROKEN_FILES.items():
        write(name, text)
    write("zodiac.yaml", "title: X\n---\ntitle: Y\n")
    r = zodiac("validate", ".", "--format", "json")
    assert r.exit_code == 1
    diags = r.json()
    codes = {d["code"] for d in diags}
    assert {"ZY105", "ZY108", "ZY110", "ZY111", "ZS101", "ZS102", "ZP101", "ZP102"} <= codes
    assert [d for d in diags if d["rule"].startswith("DESIGN")] == []
    assert {d["rule"] for d in diags if d["code"] in ("ZS101", "ZY110")} == {
        "manual: Writing content"
    }


def test_missing_enum_field_lists_its_values(zodiac, write):
    """ZS101 for a missing choice names the choices (Ch. I Steps 3 and 6)."""
    write("x.yaml", AMOS.replace("class_power: tech\n", "").replace("armor_type: balanced\n", ""))
    r = zodiac("validate", "x.yaml")
    assert r.exit_code == 1
    messages = {s.split(" ZS101 ")[1].split(" [")[0] for s in r.stdout.splitlines() if "ZS101" in s}
    assert messages == {
        "'class_power' is required here; one of tech, blue_magic",
        "'armor_type' is required here; one of defense, enhance, balanced",
    }


def test_missing_field_that_is_no_choice_lists_nothing(zodiac, write):
    write("x.yaml", "kind: monster\nlevel: 2\nstats: {str: 12, mag: 5, vit: 8, spr: 4, agi: 6}\n")
    r = zodiac("validate", "x.yaml")
    assert r.exit_code == 1
    [line] = [s for s in r.stdout.splitlines() if "ZS101" in s]
    assert line.split("ZS101 ")[1].startswith("'name' is required here [")


def test_missing_literal_in_a_nested_model_lists_its_values():
    """Through lists and Optional: the field's own model decides, not the top one."""
    from typing import Literal

    from pydantic import BaseModel, ValidationError

    from builder.diagnostics import from_validation_error

    class Book(BaseModel):
        holds: Literal["cards", "sheets"]
        paper: Literal["a4", "letter"] | None

    class Project(BaseModel):
        books: list[Book] | None = None

    data = {"books": [{"holds": "cards"}, {"paper": "a4"}]}
    with pytest.raises(ValidationError) as exc:
        Project.model_validate(data)
    got = {p.message for p in from_validation_error(exc.value, data=data, model=Project)}
    assert got == {
        "'paper' is required here; one of a4, letter",
        "'holds' is required here; one of cards, sheets",
    }
    # without the model (older callers) the message is as before
    got = {p.message for p in from_validation_error(exc.value, data=data)}
    assert got == {"'paper' is required here", "'holds' is required here"}


def test_validate_empty_folder_says_so(zodiac, write):
    (Path.cwd() / "nothing").mkdir()
    write("nothing/notes.txt", "not content\n")
    r = zodiac("validate", "nothing")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0].startswith("no content found in nothing: content files are")
    assert "0 files" in r.stdout


def test_validate_empty_folder_json_stays_json(zodiac, write):
    (Path.cwd() / "nothing").mkdir()
    r = zodiac("validate", "nothing", "--format", "json")
    assert r.exit_code == 0
    assert r.json() == []


def test_validate_folder_with_content_says_nothing_of_the_kind(zodiac):
    r = zodiac("validate", str(EXAMPLE))
    assert r.exit_code == 0
    assert "no content found" not in r.stdout


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "builder", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


def test_build_stdout_is_only_the_summary_table(tmp_path):
    """`zodiac build ... | cat`: the progress bar is on stderr. FORCE_COLOR makes rich treat
    the pipe as a terminal, so a progress bar on stdout would show up there."""
    r = _run(
        "build", str(EXAMPLE), "--only", "map-combat.pdf", "--out", str(tmp_path),
        env={"FORCE_COLOR": "1", "COLUMNS": "100"},
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = [line for line in _ANSI.sub("", r.stdout).splitlines() if line.strip()]
    top = next(i for i, line in enumerate(out) if line.startswith("┏"))
    title, table = " ".join(out[:top]), out[top:]
    assert title.startswith("The Crystal Saga: 1 file(s) written to")
    assert "rendering" not in title and "wrote" not in title
    assert all(line[0] in "┏┃┡│└" for line in table), table
    assert [line.split("│")[1].strip() for line in table if line[0] == "│"] == ["map-combat.pdf"]
    assert "rendering 1 file(s)" in _ANSI.sub("", r.stderr)


def test_stderr_is_not_wrapped_when_piped(tmp_path):
    """A long error piped or logged stays one line (rich would wrap at 80 columns)."""
    missing = tmp_path / ("a-folder-with-a-rather-long-name-" * 4)
    r = _run("validate", str(missing))
    assert r.returncode == 2
    assert r.stderr.splitlines() == [f"error: no such file or folder: {missing}"]


def _help_examples() -> list[str]:
    """Every `zodiac ...` line of every command's help text and epilog (issue #14)."""
    import typer.main

    from builder.cli.app import app

    found: list[str] = []

    def walk(command: Any) -> None:
        for text in (command.help or "", command.epilog or ""):
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("zodiac ") and line not in found:
                    found.append(line)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    return found


HELP_EXAMPLES = _help_examples()


def test_help_examples_were_found():
    assert len(HELP_EXAMPLES) > 40
    assert "zodiac validate content/examples/zodiac" in HELP_EXAMPLES


@pytest.mark.parametrize("example", HELP_EXAMPLES)
def test_help_example_runs_from_the_repository_root(example, zodiac, tmp_path, monkeypatch):
    """Run as written from a copy of the repository's content (examples may write); a pipe
    (`| jq`) and a trailing comment are the shell's, not zodiac's. Exit 0, or 1 for
    content errors; never 2 (misuse: a missing file, an unknown option)."""
    command = example.split(" | ")[0].split("   #")[0]
    args = shlex.split(command)[1:]
    shutil.copytree(REPO / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    if "my-campaign" in args and args[0] != "init":
        assert zodiac("init", "my-campaign").exit_code == 0  # the init example comes first
    if args[:2] == ["init", "."]:
        (tmp_path / "fresh").mkdir()  # `init .` is run in the folder to become the project
        monkeypatch.chdir(tmp_path / "fresh")
    r = zodiac(*args)
    assert r.exit_code in (0, 1), f"{example}\n{r.output}"


def test_every_manual_citation_names_a_page_of_the_manual():
    """A rule citing "manual: Writing content" sends the user to a heading that exists
    (the README's sections moved into the manual's pages, issue 25)."""
    import re

    headings = {
        line.lstrip("#").strip()
        for page in (REPO / "docs").rglob("*.md")
        for line in page.read_text(encoding="utf-8").splitlines()
        if re.match(r"#{1,3} ", line)
    }
    cited = {
        (f"{path.relative_to(REPO)}:{line}", text)
        for path in sorted(BUILDER.rglob("*.py"))
        for line, text in _string_constants(path)
        if text.startswith("manual: ")
    }
    assert len(cited) >= 5
    missing = [
        f"{where}: {text!r}"
        for where, text in cited
        if text.removeprefix("manual: ").split(" (")[0] not in headings
    ]
    assert missing == []
    assert not [t for _, t in _string_constants_all() if t.startswith("README: ")]


def _string_constants_all():
    return [item for path in sorted(BUILDER.rglob("*.py")) for item in _string_constants(path)]
