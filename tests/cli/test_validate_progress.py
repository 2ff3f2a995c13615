"""A large project shows progress while it is read and checked (issue 13): on a terminal,
on stderr, never in the report on stdout."""

from __future__ import annotations

import io

from rich.console import Console

from builder.workspace import open_workspace
from tests.conftest import EXAMPLE


def test_open_workspace_tells_each_file_read_then_the_checks() -> None:
    calls: list[tuple[str, int, int]] = []
    ws = open_workspace([EXAMPLE], progress=lambda *a: calls.append(a))
    reading = [c for c in calls if c[0] == "reading"]
    files = reading[0][2]
    yaml = [p for p in EXAMPLE.rglob("*.y*ml") if p.name != "zodiac.yaml" and "dist" not in p.parts]
    assert files == len(yaml)  # every content file of the example project, once
    assert [done for _, done, _ in reading] == list(range(1, files + 1))
    assert calls[-1] == ("checking", 0, len(ws.content.entities))


def test_the_bar_is_drawn_on_a_terminal_for_a_large_project(monkeypatch, zodiac) -> None:
    import builder.cli.output as output
    import builder.cli.validate as validate

    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    monkeypatch.setattr(output, "err_console", console)
    monkeypatch.setattr(validate, "PROGRESS_MIN_FILES", 1)
    with validate._progress_bar() as update:
        assert update is not None
        update("reading", 1, 3)
        update("reading", 3, 3)
        update("checking", 0, 12)
    assert "checking 12 entries" in screen.getvalue()
    r = zodiac("validate", str(EXAMPLE))  # the report itself is unchanged
    assert r.exit_code == 0 and "checking" not in r.stdout


def test_no_bar_for_a_small_project_or_off_a_terminal(monkeypatch) -> None:
    import builder.cli.output as output
    import builder.cli.validate as validate

    screen = io.StringIO()
    monkeypatch.setattr(output, "err_console", Console(file=screen, force_terminal=True))
    with validate._progress_bar() as update:
        assert update is not None
        update("reading", 1, validate.PROGRESS_MIN_FILES - 1)
        update("checking", 0, 10)
    assert "checking" not in screen.getvalue() and "reading" not in screen.getvalue()
    monkeypatch.setattr(output, "err_console", Console(file=io.StringIO(), force_terminal=False))
    with validate._progress_bar() as update:
        assert update is None
