"""Incremental builds (issue 13): after a change, only the files that show it are printed
again, and every PDF is the same as a cold build's (page count and text, page by page)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.build import print_key, still_printed
from tests.build.conftest import page_texts, printed_column, starter

BOOKS = """books:
  - {title: Character Sheets, output: characters.pdf, holds: character_sheets}
  - {title: Monster Cards, output: monster-cards.pdf, holds: monster_cards, sort: level}
  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}
"""
FILES = (
    "characters/rook-tallowmere.pdf",
    "characters/wren-tallowmere.pdf",
    "monster-cards.pdf",
    "bestiary.pdf",
)


@pytest.fixture
def project(zodiac, tmp_path: Path, monkeypatch) -> Path:
    """A starter project with two characters and three books, the cache on (the suite
    turns it off everywhere else)."""
    monkeypatch.delenv("ZODIAC_NO_CACHE", raising=False)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    root = starter(zodiac, tmp_path / "campaign", BOOKS)
    rook = (root / "characters" / "rook.yaml").read_text()
    assert "name: Rook Tallowmere" in rook
    wren = rook.replace("name: Rook Tallowmere", "name: Wren Tallowmere")
    (root / "characters" / "wren.yaml").write_text(wren)
    return root


def build(zodiac, root: Path, *args: str) -> dict[str, str]:
    """Build; each file's "printed" column: "now" or "unchanged"."""
    r = zodiac("build", str(root), *args)
    assert r.exit_code == 0, r.stdout
    rows = printed_column(r.stdout)
    assert sorted(rows) == sorted(FILES), r.stdout
    return rows


def stamps(root: Path) -> dict[str, tuple[int, int]]:
    out = root / "dist"
    return {f: (os.stat(out / f).st_ino, os.stat(out / f).st_mtime_ns) for f in FILES}


def same_as_cold(zodiac, root: Path) -> None:
    """A cold build (no cache) into another folder prints the same pages."""
    assert zodiac("build", str(root), "--no-cache", "--out", str(root / "cold")).exit_code == 0
    for f in FILES:
        warm, cold = page_texts(root / "dist" / f), page_texts(root / "cold" / f)
        assert len(warm) == len(cold), f
        for n, (a, b) in enumerate(zip(warm, cold, strict=True)):
            assert a == b, (f, n + 1)


def test_nothing_changed_nothing_printed(zodiac, project: Path) -> None:
    assert set(build(zodiac, project).values()) == {"now"}
    before = stamps(project)
    assert set(build(zodiac, project).values()) == {"unchanged"}
    assert stamps(project) == before  # the very same files: not even rewritten
    assert set(build(zodiac, project, "--html").values()) == {"unchanged"}
    assert (project / "dist" / "bestiary.html").is_file()  # --html still writes the HTML
    relative = os.path.relpath(project / "dist")  # another spelling of the same folder
    assert set(build(zodiac, project, "--out", relative + "/").values()) == {"unchanged"}


def test_one_monster_changed_reprints_only_the_books_that_show_monsters(
    zodiac, project: Path
) -> None:
    build(zodiac, project)
    monster = project / "monsters" / "tunnel-rat.yaml"
    text = monster.read_text()
    assert "name: Tunnel Rat" in text
    monster.write_text(text.replace("name: Tunnel Rat", "name: Sewer Rat"))
    printed = build(zodiac, project)
    assert printed == {
        "characters/rook-tallowmere.pdf": "unchanged",
        "characters/wren-tallowmere.pdf": "unchanged",
        "monster-cards.pdf": "now",
        "bestiary.pdf": "now",
    }
    assert any("Sewer Rat" in p for p in page_texts(project / "dist" / "bestiary.pdf"))
    same_as_cold(zodiac, project)


def test_one_character_changed_reprints_only_its_sheet(zodiac, project: Path) -> None:
    build(zodiac, project)
    wren = project / "characters" / "wren.yaml"
    text = wren.read_text()
    assert "player:" not in text
    wren.write_text(text.replace("name: Wren Tallowmere\n", "name: Wren Tallowmere\nplayer: Ash\n"))
    printed = build(zodiac, project)
    assert [f for f, how in printed.items() if how == "now"] == ["characters/wren-tallowmere.pdf"]
    assert "Ash" in page_texts(project / "dist" / "characters" / "wren-tallowmere.pdf")[0]


def test_a_stylesheet_the_project_overrides_reprints_everything(zodiac, project: Path) -> None:
    build(zodiac, project)
    config = project / "zodiac.yaml"
    config.write_text(config.read_text().replace("books:", "templates: templates\nbooks:"))
    css = project / "templates" / "css"
    css.mkdir(parents=True)
    from builder.paths import templates_dir

    print_css = (templates_dir() / "css" / "print.css").read_text()
    (css / "print.css").write_text(print_css)  # a new file shadows the builder's
    assert set(build(zodiac, project).values()) == {"now"}
    assert set(build(zodiac, project).values()) == {"unchanged"}
    (css / "print.css").write_text(print_css + "\nh1 { letter-spacing: 0.1em }\n")  # edited
    assert set(build(zodiac, project).values()) == {"now"}


def test_a_pdf_edited_or_deleted_is_printed_again(zodiac, project: Path) -> None:
    build(zodiac, project)
    cards = project / "dist" / "monster-cards.pdf"
    cards.write_bytes(cards.read_bytes() + b"\n% someone's annotation\n")
    (project / "dist" / "bestiary.pdf").unlink()
    printed = build(zodiac, project)
    assert printed["monster-cards.pdf"] == "now" and printed["bestiary.pdf"] == "now"
    assert printed["characters/rook-tallowmere.pdf"] == "unchanged"
    same_as_cold(zodiac, project)


def test_force_no_cache_and_a_new_date_print_everything(zodiac, project: Path, monkeypatch) -> None:
    build(zodiac, project)
    assert set(build(zodiac, project, "--force").values()) == {"now"}
    assert set(build(zodiac, project).values()) == {"unchanged"}
    # --no-cache neither reads nor writes records; the PDFs it wrote are usually not the
    # bytes recorded (font subsets differ between printings), so the next build checks
    # them against the record and prints what differs, then keeps everything.
    assert set(build(zodiac, project, "--no-cache").values()) == {"now"}
    build(zodiac, project)
    assert set(build(zodiac, project).values()) == {"unchanged"}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the PDFs' dates change
    assert set(build(zodiac, project).values()) == {"now"}


def test_a_record_is_used_only_for_the_same_inputs(tmp_path: Path) -> None:
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(b"%PDF-1.7 printed")
    css = tmp_path / "print.css"
    css.write_text("h1 { color: navy }")
    from builder.build.records import _file_digest

    key = print_key("<h1>Goblin</h1>", "a4")
    record = {
        "key": key,
        "pdf": _file_digest(pdf),
        "pages": 1,
        "size": pdf.stat().st_size,
        "files": {str(css): _file_digest(css)},
    }
    assert still_printed(record, key, pdf)
    assert not still_printed(record, print_key("<h1>Goblin</h1>", "letter"), pdf)
    assert not still_printed(record, print_key("<h1>Goblins</h1>", "a4"), pdf)
    assert not still_printed({**record, "pages": "1"}, key, pdf)  # a malformed record
    assert not still_printed(None, key, pdf)
    css.write_text("h1 { color: red }")
    assert not still_printed(record, key, pdf)
    css.unlink()
    assert not still_printed(record, key, pdf)


def test_a_build_of_one_book_keeps_the_records_of_the_others(zodiac, project: Path) -> None:
    build(zodiac, project)
    r = zodiac("build", str(project), "--only", "bestiary")
    assert r.exit_code == 0 and "│ unchanged" in r.stdout and "characters/" not in r.stdout
    printed = build(zodiac, project)  # the others' records survived the --only build
    assert set(printed.values()) == {"unchanged"}
