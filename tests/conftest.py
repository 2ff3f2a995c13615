import errno
import json
import os
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from builder.cli.app import app

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "content" / "examples" / "zodiac"

AMOS = """\
kind: character
name: Amos the Valiant
level: 3
class_power: tech
armor_type: balanced
command_skill: steal
support_skill: toughness
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
advancement:
  - {str: 2, agi: 1}
  - {vit: 1, spr: 1, mag: 1}
"""


@pytest.fixture(autouse=True)
def _builder_cache_off(tmp_path_factory, monkeypatch):
    """The builder's cache (issue 13) stays out of the user's home and is off, so a test
    that patches the builder never meets a verdict cached by another; tests/test_cache.py
    turns it on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))
    monkeypatch.setenv("ZODIAC_NO_CACHE", "1")


@pytest.fixture
def write(tmp_path, monkeypatch):
    """Write a dedented file under tmp_path and return its path; cwd is tmp_path."""
    monkeypatch.chdir(tmp_path)

    def _write(name: str, text: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return _write


class Result:
    def __init__(self, r):
        self.exit_code = r.exit_code
        self.stdout = r.stdout
        self.output = r.output
        self.exception = r.exception

    def json(self):
        return json.loads(self.stdout)


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """A folder no file may be created in. Tests run as root in CI, where chmod stops
    nothing, so there `os.open` refuses instead, as the kernel would for a user."""
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() == 0:
        real_open = os.open

        def refuse(path, flags, *args, **kwargs):
            if Path(path).parent == folder and flags & os.O_CREAT:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
    else:  # pragma: no cover - CI runs as root
        folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


@pytest.fixture
def zodiac():
    """Run the CLI in-process the way `main()` does (user errors -> exit codes)."""
    runner = CliRunner()

    def _run(*args: str) -> Result:
        r = runner.invoke(app, list(args), catch_exceptions=True)
        if r.exception and not isinstance(r.exception, SystemExit):
            raise r.exception
        return Result(r)

    return _run


__all__ = ["AMOS", "EXAMPLE", "REPO", "app"]
