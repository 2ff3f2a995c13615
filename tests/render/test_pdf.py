"""HTML -> PDF: page counts, paper sizes, atomic output, and the sample book's layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.render import (
    PdfResult,
    RenderError,
    content_dir,
    make_environment,
    render_html,
    templates_dir,
    write_html,
    write_pdf,
)
from tests.render import sample_context

MM = 72 / 25.4  # PDF points per millimetre


def _doc(body: str) -> str:
    env = make_environment()
    template = env.from_string(
        '{% extends "base.html" %}{% block body %}' + body + "{% endblock %}"
    )
    return template.render()


def _pdf_pages(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(path).pages]


def test_builder_folders_are_found() -> None:
    assert (templates_dir() / "base.html").is_file()
    assert (templates_dir() / "css" / "print.css").is_file()
    assert content_dir().is_dir()


def test_page_count_and_size_are_reported(tmp_path: Path) -> None:
    html = _doc(
        '<p>one</p><p style="break-before: page">two</p><p style="break-before: page">three</p>'
    )
    result = write_pdf(html, tmp_path / "three.pdf")
    assert isinstance(result, PdfResult)
    assert result.path == tmp_path / "three.pdf"
    assert result.pages == 3
    assert result.size_bytes == (tmp_path / "three.pdf").stat().st_size > 0
    assert result.refused == ()
    assert len(_pdf_pages(result.path)) == 3


@pytest.mark.parametrize(
    ("paper", "width_mm", "height_mm"), [("a4", 210, 297), ("letter", 215.9, 279.4)]
)
def test_paper_size(tmp_path: Path, paper: str, width_mm: float, height_mm: float) -> None:
    from pypdf import PdfReader

    result = write_pdf(_doc("<p>x</p>"), tmp_path / f"{paper}.pdf", paper=paper)  # type: ignore[arg-type]
    box = PdfReader(result.path).pages[0].mediabox
    assert float(box.width) == pytest.approx(width_mm * MM, abs=0.5)
    assert float(box.height) == pytest.approx(height_mm * MM, abs=0.5)


def test_unknown_paper_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="paper"):
        write_pdf(_doc("x"), tmp_path / "x.pdf", paper="a5")  # type: ignore[arg-type]


def test_failed_render_leaves_previous_pdf_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import weasyprint.document

    out = tmp_path / "book.pdf"
    out.write_bytes(b"%PDF-1.7 previous good book")

    def broken(self: object, target: object = None, **kwargs: object) -> None:
        target.write(b"%PDF-1.7 half a book")  # type: ignore[attr-defined]
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(weasyprint.document.Document, "write_pdf", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        write_pdf(_doc("<p>new</p>"), out)
    assert out.read_bytes() == b"%PDF-1.7 previous good book"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def test_template_error_happens_before_any_output(tmp_path: Path) -> None:
    with pytest.raises(RenderError, match=r"sample.html:\d+: .*title"):
        render_html("books/sample.html", {"book": {}}, env=make_environment())
    assert list(tmp_path.iterdir()) == []


def test_write_html_is_atomic_and_replaces(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "book.html"
    write_html("<p>one</p>", out)
    write_html("<p>two</p>", out)
    assert out.read_text(encoding="utf-8") == "<p>two</p>"
    assert [p.name for p in out.parent.iterdir()] == ["book.html"]


def test_sample_book_contents_and_bookmarks(tmp_path: Path) -> None:
    """Cover, contents with real page numbers, chapters, cards; outline in the PDF."""
    from pypdf import PdfReader

    env = make_environment()
    html = render_html("books/sample.html", sample_context(n_monsters=2, n_items=3), env=env)
    result = write_pdf(html, tmp_path / "sample.pdf")
    # cover, contents, bestiary, armory, one sheet of cards
    assert result.pages == 5
    pages = _pdf_pages(result.path)
    assert "ZODIAC Sample Book" in pages[0]
    assert re.search(r"Bestiary \.*\s*3", pages[1].replace(". ", "."))
    assert "Monster Cards" in pages[1] and pages[1].rstrip().endswith("5")
    assert "3 / 5" in pages[2]  # running footer with counter(page) / counter(pages)
    assert "Goblin" in pages[4] and "Bomb" in pages[4]
    reader = PdfReader(result.path)
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles == ["Bestiary", "Armory", "Monster Cards"]
    assert [item.title for item in reader.outline[1]] == ["Goblin", "Bomb"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_nine_to_a_page_never_split(tmp_path: Path, paper: str) -> None:
    env = make_environment()
    template = env.from_string(
        '{% extends "base.html" %}{% from "partials/cards.html" import card_sheets %}'
        "{% block body %}{% call(m) card_sheets(monsters) %}"
        '<h3 class="card-name">{{ m.name }}</h3><div class="card-text">{{ m.description }}'
        "</div>{% endcall %}{% endblock %}"
    )
    html = template.render(sample_context(n_monsters=10))
    result = write_pdf(html, tmp_path / "cards.pdf", paper=paper)  # type: ignore[arg-type]
    assert result.pages == 2
    first, second = _pdf_pages(result.path)
    names = [m["name"] for m in sample_context(n_monsters=10)["monsters"]]
    assert all(name in first for name in names[:9])
    assert names[9] in second and names[0] not in second
