"""Content cannot steer where `zodiac build` writes, and every file name fits the disk.

Issue "Trust": a book's `output:` and the `templates:` folder come from a project a
stranger shared; a character's name becomes a file name.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.build import file_stem, plan
from builder.errors import UsageError
from builder.models.project import Book, ProjectConfig
from builder.workspace import open_workspace
from tests.conftest import AMOS


def _project(
    root: Path, books: str, *, extra: str = "", characters: dict[str, str] | None = None
) -> Path:
    (root / "characters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text(f"title: Paths\n{extra}books:\n{books}", encoding="utf-8")
    for name, text in (characters or {"amos": AMOS}).items():
        (root / "characters" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return root


# -- output: a plain file name ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("output", "why"),
    [
        ("..", 'starts with "."'),
        (".", 'starts with "."'),
        (".hidden.pdf", 'starts with "."'),
        ("../../escape.pdf", "is a path"),
        ("sub/book.pdf", "is a path"),
        ("sub\\\\book.pdf", "is a path"),
        ("x" * 101, "is too long; keep a file name to 100 characters"),
        ("ü" * 101, "is too long; keep a file name to 100 characters"),
        ("😀" * 60, "is too long; keep a file name to 100 characters"),  # 240 bytes
    ],
    ids=["dotdot", "dot", "hidden", "climb", "slash", "backslash", "long", "umlauts", "emoji"],
)
def test_book_output_must_be_a_plain_file_name(
    zodiac, tmp_path: Path, output: str, why: str
) -> None:
    """A book's `output: '..'` writes outside the output folder."""
    root = _project(
        tmp_path / "p",
        f'  - {{title: Sheets, output: "{output}", holds: character_sheets}}\n',
    )
    r = zodiac("build", str(root))

    assert r.exit_code == 1, r.stdout
    [line] = [line for line in r.stdout.splitlines() if " ZP103 " in line]
    assert line.startswith(f"{root / 'zodiac.yaml'}:3:29: error ZP103 books[0].output: output '")
    assert why in line
    assert not (root / "dist").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p"]  # nothing written beside it


def test_ordinary_outputs_still_pass() -> None:
    for name in ("bestiary.pdf", "Bestiary of the West", "monster-cards", "ü" * 100):
        assert Book(title="B", output=name, holds="bestiary").output == name


# -- templates: a relative folder inside the project -----------------------------------------


@pytest.mark.parametrize(
    ("templates", "why"),
    [
        ("te\\0mp", "has a control character U+0000 at character 3"),
        ("/etc", "must be a relative path inside the project"),
        ("~/templates", "must be a relative path inside the project"),
        ("../shared/templates", "must be a relative path inside the project"),
        ("templates/../../x", "must be a relative path inside the project"),
        ("C:templates", "must be a relative path inside the project"),
    ],
    ids=["nul", "absolute", "home", "parent", "inner-parent", "drive"],
)
def test_templates_must_be_a_relative_folder_inside_the_project(
    zodiac, tmp_path: Path, templates: str, why: str
) -> None:
    """`templates: "te\\0mp"` passes validation and crashes the build."""
    root = _project(
        tmp_path / "p",
        "  - {title: Sheets, output: sheets, holds: character_sheets}\n",
        extra=f'templates: "{templates}"\n',
    )
    r = zodiac("build", str(root))

    assert r.exit_code == 1, r.stdout
    [line] = [line for line in r.stdout.splitlines() if " ZP103 " in line]
    assert line.startswith(
        f"{root / 'zodiac.yaml'}:2:12: error ZP103 templates: templates folder '"
    )
    assert why in line
    assert "nothing was written" in r.stdout
    assert not (root / "dist").exists()


# -- plan: the second lock on the door ---------------------------------------------------------


def test_plan_refuses_an_output_that_lands_outside_the_output_folder(tmp_path: Path) -> None:
    """Also in `builder/build.py` `plan`, check that every output path resolves inside the
    output folder (defence in depth)."""
    root = _project(
        tmp_path / "p", "  - {title: Sheets, output: sheets, holds: character_sheets}\n"
    )
    ws = open_workspace([root])
    assert ws.report.errors == 0
    # As if a model let a bad name through: built without validation.
    bad = Book.model_construct(title="Sheets", output="..", holds=ws.config.books[0].holds)
    config = ProjectConfig.model_construct(**{**dict(ws.config), "books": [bad]})

    with pytest.raises(
        UsageError, match=r"would write .*amos-the-valiant\.pdf, outside the output folder"
    ):
        plan(ws, config, root / "dist")

    # ...and a symlinked sub-folder that leads away is refused the same way.
    (root / "dist").mkdir()
    (root / "dist" / "sheets").symlink_to(tmp_path)
    with pytest.raises(UsageError, match="outside the output folder"):
        plan(ws, ws.config, root / "dist")


# -- long names ------------------------------------------------------------------------------


def _named(name: str) -> str:
    return AMOS.replace("name: Amos the Valiant", f"name: {name}")


def test_long_character_names_get_short_distinct_file_names(zodiac, tmp_path: Path) -> None:
    """ "File name too long" in `build` for a character with a 300-character name."""
    long_ascii = "A" * 300
    long_umlaut = "ü" * 150  # 150 characters, 300 bytes in UTF-8
    root = _project(
        tmp_path / "p",
        "  - {title: Sheets, output: sheets.pdf, holds: character_sheets}\n",
        characters={
            "a": _named(long_ascii),
            "b": _named(long_umlaut),
            "c": _named("A" * 299 + "B"),
        },
    )
    r = zodiac("build", str(root), "--html")

    assert r.exit_code == 0, r.stdout
    files = sorted((root / "dist" / "sheets").iterdir())
    assert len(files) == 6  # three PDFs, three HTML files: no two characters collide
    for path in files:
        assert len(path.name.encode("utf-8")) <= 255, path.name
    stems = {path.stem for path in files}
    assert stems == {file_stem("a" * 300), file_stem("ü" * 150), file_stem("a" * 299 + "b")}
    for stem in stems:
        assert len(PdfReader(root / "dist" / "sheets" / f"{stem}.pdf").pages) == 2


def test_file_stem_cuts_by_bytes_and_keeps_ids_apart() -> None:
    assert file_stem("amos-the-valiant") == "amos-the-valiant"
    assert file_stem("a" * 120) == "a" * 120  # short enough: unchanged
    cut = file_stem("a" * 300)
    assert cut.startswith("a" * 80 + "-") and len(cut) == 91
    assert cut == file_stem("a" * 300)  # stable
    assert cut != file_stem("a" * 299 + "b")  # a shared beginning does not collide
    umlaut = file_stem("ü" * 150)
    assert umlaut.startswith("ü" * 40 + "-")
    assert len(umlaut.encode("utf-8")) == 80 + 1 + 10
    # A cut never splits a character: "x" + "ü"... cuts at 79 bytes, not mid-"ü".
    odd = file_stem("x" + "ü" * 150)
    assert odd.startswith("x" + "ü" * 39 + "-")
    odd.encode("utf-8").decode("utf-8")
