"""`build` and `serve` given a file or a sub-folder name the project that holds it.

They used to say "create one with `zodiac init content/.../amos.yaml`", which would make
a second, empty project inside the first.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from builder.cli.app import app
from tests.conftest import REPO

runner = CliRunner()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(REPO / "content" / "examples" / "zodiac", tmp_path / "saga")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "saga"


@pytest.mark.parametrize("verb", ["build", "serve"])
@pytest.mark.parametrize(
    ("given", "what"), [("saga/characters/amos.yaml", "a file"), ("saga/characters", "a folder")]
)
def test_inside_a_project_names_the_project(
    project: Path, verb: str, given: str, what: str
) -> None:
    result = runner.invoke(app, [verb, given])
    assert result.exit_code == 2
    assert f"{given} is {what} inside the project saga; `zodiac {verb}` works on a whole " in (
        result.output
    )
    assert f"run `zodiac {verb} saga`" in result.output
    assert "zodiac init" not in result.output


def test_a_loose_file_is_sent_to_validate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("loose.yaml").write_text("kind: monster\nname: Bat\n", encoding="utf-8")
    result = runner.invoke(app, ["build", "loose.yaml"])
    assert result.exit_code == 2
    assert "loose.yaml is a file and no zodiac.yaml holds it" in result.output
    assert "`zodiac validate loose.yaml` checks the file" in result.output


def test_an_empty_folder_is_told_to_init(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    result = runner.invoke(app, ["build", "empty"])
    assert result.exit_code == 2
    assert "no zodiac.yaml in empty; create one with `zodiac init empty`" in result.output
