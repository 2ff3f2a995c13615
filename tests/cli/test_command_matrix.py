"""Every command that takes a FILE, on a file of every kind of every example project
(issue #27): no internal error (exit 3), no traceback, no hang, and a refusal (exit 2)
names the command that serves the file, or says that none does.

The commands are listed from the Typer app itself, so a new command joins the matrix;
one with a required option the matrix cannot guess fails here until `RUN_WITH` says how
to run it. The projects are copied to a temporary folder, commands that write get
`--dry-run` or an output folder outside the project, and the copy is checked unchanged.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from builder.cli.app import app

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "content" / "examples"
PROJECTS = ["zodiac", "16-bit-tactics", "99-towers", "turns-and-actions"]
ZODIAC_TECHS = EXAMPLES / "zodiac" / "techs" / "attacks.yaml"  # read only, never written

# Commands left out of the matrix, and why.
SKIP = {
    "serve": "runs until Ctrl-C; tests/cli/test_serve.py drives it with a controlled server",
}
# Extra arguments after FILE; "{out}" is a fresh folder outside the project.
RUN_WITH: dict[str, list[str]] = {
    "export": ["--out", "{out}"],
    "build": ["--out", "{out}", "--jobs", "1"],
    "character level-up": ["--points", "str=1,vit=1", "--dry-run"],
    "character level-down": ["--dry-run"],
}
# Commands that read a file through something other than a FILE argument: command ->
# its arguments, "{file}" standing for the file.
FILE_IN_AN_OPTION: dict[str, list[str]] = {
    "encounter rewards": ["{file}", "--party", "2"],
    "encounter simulate": [
        "--party",
        "{file}",
        "--vs",
        "{file}",
        "--runs",
        "20",
        "--seed",
        "1",
        "--jobs",
        "1",
    ],
    "tech show": [str(ZODIAC_TECHS), "--name", "biff", "--character", "{file}"],
}
# A refusal names a command (`zodiac show FILE`), says that none serves the file, or
# names the option that picks one entry of several (the command does serve the file).
NAMES_A_COMMAND = re.compile(r"`zodiac [a-z]|no command|pick one with --|a project's settings")


def _leaves(command: Any, words: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            yield from _leaves(sub, (*words, name))
    else:
        yield " ".join(words), command


def _takes_a_path(param: Any) -> bool:
    return "Path" in str(getattr(param.type_descriptor, "annotation", ""))


def file_commands() -> list[str]:
    """Every command whose argument is a path (the first one gets the FILE)."""
    root = typer.main.get_command(app)
    return [
        words
        for words, command in _leaves(root)
        if words not in SKIP
        and any(p.param_type_name == "argument" and _takes_a_path(p) for p in command.params)
    ]


def _kinds(path: Path) -> tuple[str, ...]:
    text = path.read_text(encoding="utf-8")
    return tuple(sorted(set(re.findall(r"(?m)^kind:\s*([\w-]+)", text))))


def sample_files(root: Path) -> list[Path]:
    """zodiac.yaml and, for each set of kinds a file holds, its first file: every kind."""
    seen: dict[tuple[str, ...], Path] = {}
    for path in sorted(root.rglob("*.yaml")):
        seen.setdefault(("<project>",) if path.name == "zodiac.yaml" else _kinds(path), path)
    return list(seen.values())


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_matrix_lists_the_commands_from_the_app():
    """Discovery works: the generic verbs and each rule set's own FILE commands."""
    found = set(file_commands())
    assert {"validate", "lint", "show", "export", "build", "init"} <= found
    assert {
        "character show", "character level-up", "character level-down",
        "monster show", "tech show", "equipment show",
    } <= found  # fmt: skip
    assert "serve" not in found and "tool clock" not in found


@pytest.mark.parametrize("project", PROJECTS)
def test_every_command_on_every_kind(project, tmp_path, monkeypatch):
    root = tmp_path / project
    shutil.copytree(EXAMPLES / project, root)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(root)
    runner = CliRunner()
    runs: list[tuple[str, list[str]]] = []
    for path in sample_files(root):
        file = str(path.relative_to(tmp_path))
        for words in file_commands():
            runs.append((words, [*words.split(), file, *RUN_WITH.get(words, [])]))
        for words, args in FILE_IN_AN_OPTION.items():
            runs.append((words, [*words.split(), *(a.replace("{file}", file) for a in args)]))
    wrong = []
    for n, (_words, args) in enumerate(runs):
        out = tmp_path / f"out{n}"
        args = [a.replace("{out}", str(out)) for a in args]
        r = runner.invoke(app, args)
        said = r.output.replace("\n", " ")
        shown = f"zodiac {' '.join(args)} -> {r.exit_code}: {said[:300]}"
        if r.exit_code == 3 or "Traceback" in r.output or r.exit_code not in (0, 1, 2):
            wrong.append("crash: " + shown)
        elif r.exit_code == 2 and not NAMES_A_COMMAND.search(said):
            wrong.append("vague refusal: " + shown)
    assert _snapshot(root) == before, "a command wrote into the project"
    assert len(runs) > 40
    assert not wrong, f"{len(wrong)} of {len(runs)} runs:\n" + "\n".join(wrong)


def test_a_command_of_another_rule_set_names_the_one_that_serves(tmp_path, monkeypatch):
    """The issue's first crash: ZODIAC's `character show` on a 16 Bit Tactics file."""
    root = tmp_path / "bt"
    shutil.copytree(EXAMPLES / "16-bit-tactics", root)
    monkeypatch.chdir(root)
    r = CliRunner().invoke(app, ["character", "show", "characters/bram.yaml"])
    assert r.exit_code == 2
    assert (
        "`zodiac character show` is ZODIAC's; characters/bram.yaml is a 16 Bit Tactics "
        "file: `kind: character` is shown by `zodiac show characters/bram.yaml`"
    ) in r.output.replace("\n", " ")


def test_a_command_given_another_kind_names_the_command_for_it(tmp_path, monkeypatch):
    root = tmp_path / "z"
    shutil.copytree(EXAMPLES / "zodiac", root)
    monkeypatch.chdir(root)
    r = CliRunner().invoke(app, ["monster", "show", "characters/amos.yaml"])
    assert r.exit_code == 2
    assert (
        "characters/amos.yaml holds no `kind: monster` document for `zodiac monster show`: "
        "`kind: character` is shown by `zodiac character show characters/amos.yaml` or "
        "`zodiac show characters/amos.yaml`"
    ) in r.output.replace("\n", " ")


def test_generate_refuses_a_project_of_another_rule_set(tmp_path, monkeypatch):
    """16 Bit Tactics has jobs too; ZODIAC's generator must not read one as its own."""
    root = tmp_path / "bt"
    shutil.copytree(EXAMPLES / "16-bit-tactics", root)
    monkeypatch.chdir(tmp_path)
    args = ["character", "generate", "--job", "squire", "--level", "2", "--name", "Wren"]
    r = CliRunner().invoke(app, [*args, "--project", "bt"])
    assert r.exit_code == 2
    said = r.output.replace("\n", " ")
    assert "`zodiac character generate` is ZODIAC's; bt is a 16 Bit Tactics project" in said
    assert "no command generates its characters" in said


def test_help_puts_the_builder_first_and_marks_each_rule_sets_commands():
    r = CliRunner().invoke(app, ["--help"])
    assert r.exit_code == 0
    text = r.output
    assert "ZODIAC, 16 Bit Tactics, 99 Towers and Turns and Actions" in text.replace("\n  ", " ")
    generic, owned = text.split("Commands of one rule set")
    assert "Commands (every rule set)" in generic and "  validate " in generic
    assert "  character  [ZODIAC, 16 Bit Tactics]" in owned and "  tool       [99 Towers]" in owned


def new_commands() -> list[str]:
    """The creation wizards (`character new`, `combatant new`, ...): no FILE, a project."""
    root = typer.main.get_command(app)
    return [words for words, _ in _leaves(root) if words.endswith(" new")]


@pytest.mark.parametrize("project", PROJECTS)
def test_every_wizard_in_every_project(project, tmp_path):
    """A wizard of another rule set refuses with exit 2 naming what it makes; its own one
    writes its --out file (inside the project: `show` reads it with its project), removed
    after; nothing crashes, and the project is left as it was."""
    assert {"character new", "monster new", "combatant new"} <= set(new_commands())
    root = tmp_path / project
    shutil.copytree(EXAMPLES / project, root)
    before = _snapshot(root)
    answers = tmp_path / "answers.yaml"
    answers.write_text("name: Matrix Probe\n")
    wrong = []
    for n, words in enumerate(new_commands()):
        out = root / f"matrix-probe-{n}.yaml"
        args = [*words.split(), "--project", str(root), "--answers", str(answers)]
        r = CliRunner().invoke(app, [*args, "--out", str(out)])
        said = r.output.replace("\n", " ")
        shown = f"zodiac {' '.join(args)} -> {r.exit_code}: {said[:300]}"
        if r.exit_code not in (0, 2) or "Traceback" in r.output:
            wrong.append("crash: " + shown)
        # Every rule set has a wizard of its own now: a refusal names it.
        elif r.exit_code == 2 and "project, and `" in said and "only; use `zodiac " not in said:
            wrong.append("vague refusal: " + shown)
        elif r.exit_code == 0 and not out.is_file():
            wrong.append("wrote nothing: " + shown)
        out.unlink(missing_ok=True)
    assert _snapshot(root) == before, "a wizard wrote into the project"
    assert not wrong, "\n".join(wrong)
