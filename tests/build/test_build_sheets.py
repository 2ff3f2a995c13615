"""`zodiac build`: character sheets carry the computed numbers; failures write nothing."""

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.rulesets.zodiac.rules.character import character_level
from builder.rulesets.zodiac.views.character import full_character_view
from builder.workspace import open_workspace
from tests.conftest import AMOS, EXAMPLE


def pdf_text(path: Path) -> list[str]:
    """Each page's text with runs of white space folded (table cells wrap)."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


@pytest.fixture(scope="module")
def built_sheets(tmp_path_factory):
    from typer.testing import CliRunner

    from builder.cli.app import app

    out = tmp_path_factory.mktemp("dist")
    r = CliRunner().invoke(app, ["build", str(EXAMPLE), "--out", str(out), "--only", "characters"])
    assert r.exit_code == 0, r.output
    return out, r.stdout


def test_one_two_page_sheet_per_character_with_its_hp(built_sheets):
    out, _ = built_sheets
    ws = open_workspace([EXAMPLE])
    chars = ws.content.of_kind("character")
    assert chars
    for e in chars:
        pdf = out / "characters" / f"{e.id}.pdf"
        pages = pdf_text(pdf)
        assert len(pages) == 2, e.id
        view = full_character_view(ws, e)
        hp = f"{view.derived['hp'].value:,}"
        assert e.model.name in pages[0]
        assert hp in pages[0], (e.id, hp)
        assert f"{character_level(e.model)}" in pages[0]
        for t in view.techs:  # every Tech (or Enemy Skill) with its MP on page 1
            assert t["name"] in pages[0] and str(t["mp_cost"]) in pages[0], (e.id, t["name"])


def test_build_summary_lists_files_pages_and_sizes(built_sheets):
    _, stdout = built_sheets
    assert "amos-the-valiant.pdf" in stdout
    assert "KiB" in stdout


def test_blank_sheet_is_two_pages(zodiac, tmp_path):
    r = zodiac("build", str(EXAMPLE), "--out", str(tmp_path), "--only", "blank-sheet")
    assert r.exit_code == 0, r.stdout
    assert len(PdfReader(tmp_path / "blank-sheet.pdf").pages) == 2


def _project(root: Path, character: str) -> Path:
    (root / "characters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text(
        "title: Test\nbooks:\n  - {title: Sheets, output: sheets.pdf, holds: character_sheets}\n"
    )
    (root / "characters" / "amos.yaml").write_text(character)
    return root


def test_errors_stop_the_build_and_write_nothing(zodiac, tmp_path):
    root = _project(tmp_path / "p", AMOS.replace("mag: 6,", "mag: 9,"))
    r = zodiac("build", str(root))
    assert r.exit_code == 1
    assert "ZC103" in r.stdout and "nothing was written" in r.stdout
    assert not (root / "dist").exists()


def test_a_failed_render_keeps_the_previous_pdf(zodiac, tmp_path, monkeypatch):
    root = _project(tmp_path / "p", AMOS)
    assert zodiac("build", str(root)).exit_code == 0
    pdf = root / "dist" / "sheets" / "amos-the-valiant.pdf"
    before = pdf.read_bytes()

    import builder.render.pdf as pdfmod

    def boom(*a, **k):
        raise RuntimeError("printer on fire")

    monkeypatch.setattr(
        pdfmod, "_atomic_write", lambda out, write: (_ for _ in ()).throw(RuntimeError("x"))
    )
    r = zodiac("build", str(root))  # an unexpected error is a bug: exit 3, no traceback
    assert r.exit_code == 3 and "internal error: RuntimeError: x" in r.output
    assert pdf.read_bytes() == before
    assert [p.name for p in pdf.parent.iterdir()] == ["amos-the-valiant.pdf"]


def test_unknown_book_is_misuse(zodiac, tmp_path):
    root = _project(tmp_path / "p", AMOS)
    assert zodiac("build", str(root), "--only", "nope").exit_code == 2


def test_no_project_is_misuse(zodiac, tmp_path):
    assert zodiac("build", str(tmp_path)).exit_code == 2


def test_html_flag_writes_html_beside_pdf(zodiac, tmp_path):
    root = _project(tmp_path / "p", AMOS)
    assert zodiac("build", str(root), "--html").exit_code == 0
    html = (root / "dist" / "sheets" / "amos-the-valiant.html").read_text()
    assert "Amos the Valiant" in html


def test_sheet_text_is_escaped(zodiac, tmp_path):
    evil = AMOS + 'description: "<script>alert(1)</script><img src=\\"file:///etc/passwd\\">"\n'
    root = _project(tmp_path / "p", evil)
    assert zodiac("build", str(root), "--html").exit_code == 0
    html = (root / "dist" / "sheets" / "amos-the-valiant.html").read_text()
    assert "<script>" not in html and "&lt;script&gt;" in html
    text = "".join(pdf_text(root / "dist" / "sheets" / "amos-the-valiant.pdf"))
    assert "<script>alert(1)</script>" in text


def test_copying_example_does_not_need_network(tmp_path):
    """The example project is self-contained: copy it anywhere and it still loads."""
    dest = tmp_path / "ex"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("dist"))
    ws = open_workspace([dest])
    assert ws.report.errors == 0


def test_broken_user_template_is_a_message_not_a_traceback(zodiac, tmp_path):
    root = _project(tmp_path / "p", AMOS)
    (root / "zodiac.yaml").write_text(
        "title: Test\ntemplates: mytemplates\nbooks:\n"
        "  - {title: Sheets, output: sheets.pdf, holds: character_sheets}\n"
        "  - {title: Blank, output: blank.pdf, holds: blank_sheet}\n"
    )
    (root / "mytemplates" / "sheets").mkdir(parents=True)
    (root / "mytemplates" / "sheets" / "character.html").write_text(
        "{{ character.no_such_field }}\n"
    )
    r = zodiac("build", str(root), "--jobs", "2")
    assert r.exit_code == 1
    assert "sheets/character.html:1: 'dict object' has no attribute 'no_such_field'" in r.stdout
    assert "Traceback" not in r.stdout
    assert not (root / "dist" / "sheets" / "amos-the-valiant.pdf").exists()


def test_parallel_and_serial_builds_write_the_same_files(zodiac, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    assert (
        zodiac(
            "build", str(EXAMPLE), "--out", str(one), "--only", "characters", "-j", "1"
        ).exit_code
        == 0
    )
    assert (
        zodiac(
            "build", str(EXAMPLE), "--out", str(two), "--only", "characters", "-j", "2"
        ).exit_code
        == 0
    )
    names = sorted(p.relative_to(one) for p in one.rglob("*.pdf"))
    assert names == sorted(p.relative_to(two) for p in two.rglob("*.pdf"))
    for name in names:
        assert len(PdfReader(one / name).pages) == len(PdfReader(two / name).pages)
