"""A build where nothing changed renders nothing and forks no printing process (#24).

The events counted: which jobs reach the printing code (`pool._print_jobs`), none when
the builder and the project are as they were.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.build import pool
from builder.build.records import inputs_digest
from tests.build.conftest import printed_column, starter

BOOKS = """books:
  - {title: Character Sheets, output: characters.pdf, holds: character_sheets}
  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}
"""


@pytest.fixture
def project(zodiac, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("ZODIAC_NO_CACHE", raising=False)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return starter(zodiac, tmp_path / "campaign", BOOKS)


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The jobs each build handed to the printing code (rendered, maybe printed)."""
    calls: list[list[str]] = []
    real = pool._print_jobs

    def spy(ws, jobs, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(sorted(j.out.name for j in jobs))
        return real(ws, jobs, *args, **kwargs)

    monkeypatch.setattr(pool, "_print_jobs", spy)
    return calls


def build(zodiac, root: Path) -> dict[str, str]:
    r = zodiac("build", str(root))
    assert r.exit_code == 0, r.stdout
    return printed_column(r.stdout)


def test_nothing_changed_renders_nothing(zodiac, project: Path, printed: list) -> None:
    assert set(build(zodiac, project).values()) == {"now"}
    assert printed == [["bestiary.pdf", "rook-tallowmere.pdf"]]
    assert set(build(zodiac, project).values()) == {"unchanged"}
    assert printed[1:] == []  # nothing rendered, no process forked


def test_an_edit_renders_again_and_only_what_shows_it_prints(
    zodiac, project: Path, printed: list
) -> None:
    build(zodiac, project)
    monster = project / "monsters" / "tunnel-rat.yaml"
    monster.write_text(monster.read_text().replace("name: Tunnel Rat", "name: Tunnel Mole"))
    rows = build(zodiac, project)
    assert printed[1] == ["bestiary.pdf", "rook-tallowmere.pdf"]  # the coarse check fails
    assert rows == {"characters/rook-tallowmere.pdf": "unchanged", "bestiary.pdf": "now"}
    assert set(build(zodiac, project).values()) == {"unchanged"}
    assert printed[2:] == []


def test_a_pdf_edited_is_printed_again(zodiac, project: Path, printed: list) -> None:
    build(zodiac, project)
    (project / "dist" / "bestiary.pdf").write_bytes(b"%PDF-1.7 not what was printed")
    assert build(zodiac, project)["bestiary.pdf"] == "now"
    assert printed[1] == ["bestiary.pdf"]


def test_inputs_digest_sees_the_project_not_its_outputs(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "monsters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text("title: T\n")
    (root / "monsters" / "rat.yaml").write_text("name: Rat\n")
    (root / "dist").mkdir()
    out = root / "dist" / "book.pdf"
    out.write_bytes(b"one")
    first = inputs_digest(root, {str(out.resolve())})
    assert first is not None
    out.write_bytes(b"two")  # an output: not an input
    (root / ".git").mkdir()
    (root / ".git" / "index").write_bytes(b"x")  # hidden: not an input
    assert inputs_digest(root, {str(out.resolve())}) == first
    (root / "monsters" / "rat.yaml").write_text("name: Mole\n")
    assert inputs_digest(root, {str(out.resolve())}) != first
    (root / "monsters" / "rat.yaml").write_text("name: Rat\n")
    assert inputs_digest(root, {str(out.resolve())}) == first
    (root / "notes.txt").write_text("anything a template might read")
    assert inputs_digest(root, {str(out.resolve())}) != first
    assert inputs_digest(None, set()) is None


def test_inputs_digest_gives_up_on_a_huge_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from builder.build import records

    for n in range(5):
        (tmp_path / f"{n}.yaml").write_text("x: 1\n")
    monkeypatch.setattr(records, "MAX_INPUT_FILES", 3)
    assert inputs_digest(tmp_path, set()) is None
