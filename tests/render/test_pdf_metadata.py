"""Every PDF says what it is and can be read aloud (issue 16): the project's `author:`,
the book's title, creator ``zodiac X.Y`` in its properties; a tagged structure tree
(`/MarkInfo /Marked true`, `/StructTreeRoot`) and the document language for screen
readers; no clock in the bytes unless `SOURCE_DATE_EPOCH` asks for a date."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from builder import __version__
from builder.render import make_environment, write_pdf

AUTHOR = 'Ada & <The "Tuesday"> Group'


def _doc(body: str = "<h1>Heading</h1><p>text</p>", **context: Any) -> str:
    env = make_environment()
    template = env.from_string(
        '{% extends "base.html" %}{% block title %}Saga: Book{% endblock %}'
        "{% block body %}" + body + "{% endblock %}"
    )
    return template.render(**context)


def _catalog(path: Path) -> Any:
    return PdfReader(path).trailer["/Root"]


def _structure_roles(path: Path) -> set[str]:
    """Every structure element's role (/S) in the tagged tree."""
    seen: set[str] = set()
    todo = [_catalog(path)["/StructTreeRoot"]["/K"]]
    while todo:
        node = todo.pop()
        node = node.get_object() if hasattr(node, "get_object") else node
        if isinstance(node, list):
            todo.extend(node)
        elif hasattr(node, "get") and "/S" in node:
            seen.add(str(node["/S"]))
            todo.append(node.get("/K", []))
    return seen


def test_a_built_book_carries_the_author_and_is_tagged(zodiac, tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    root = tmp_path / "camp"
    assert zodiac("init", str(root)).exit_code == 0
    config = root / "zodiac.yaml"
    text = config.read_text(encoding="utf-8").replace(
        "author: The Master", f"author: '{AUTHOR}'", 1
    )
    config.write_text(text.replace("title: My ZODIAC Campaign", "title: Saga", 1), encoding="utf-8")
    r = zodiac("build", str(root), "--only", "blank-sheet.pdf", "--out", str(tmp_path / "dist"))
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "dist" / "blank-sheet.pdf"
    meta = PdfReader(pdf).metadata
    assert meta is not None
    assert meta.author == AUTHOR  # escaped in the HTML, exact in the PDF
    assert meta.title == "Blank character sheet · Saga"
    assert meta.creator == f"zodiac {__version__}"
    assert meta.creation_date is None  # reproducible: no clock unless asked
    catalog = _catalog(pdf)
    assert bool(catalog["/MarkInfo"]["/Marked"]) is True
    assert "/StructTreeRoot" in catalog
    assert catalog["/Lang"] == "en"  # <html lang="en"> in templates/base.html
    assert catalog["/ViewerPreferences"]["/DisplayDocTitle"]  # readers show the title
    assert "/Document" in _structure_roles(pdf)


def test_the_tree_follows_the_html(tmp_path):
    result = write_pdf(
        _doc("<h1>Goblin</h1><p>x</p><table><tr><th>HP</th></tr><tr><td>9</td></tr></table>"),
        tmp_path / "t.pdf",
    )
    roles = _structure_roles(result.path)
    assert {"/Document", "/H1", "/P", "/Table", "/TH", "/TD"} <= roles


def test_untagged_output_has_no_structure(tmp_path):
    """What `tagged` changes (so the test above cannot pass by accident)."""
    result = write_pdf(_doc(), tmp_path / "plain.pdf", tagged=False)
    catalog = _catalog(result.path)
    assert "/StructTreeRoot" not in catalog and "/MarkInfo" not in catalog


def test_no_author_means_no_author_field(tmp_path):
    result = write_pdf(_doc(project={"author": None}), tmp_path / "a.pdf")
    meta = PdfReader(result.path).metadata
    assert meta is not None and meta.author is None and meta.title == "Saga: Book"


def test_a_page_without_a_title_is_named_after_its_file(tmp_path):
    result = write_pdf("<html lang=en><body><p>x</p></body></html>", tmp_path / "loose-page.pdf")
    assert PdfReader(result.path).metadata.title == "loose-page"


def test_same_content_same_bytes(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    html = _doc(project={"author": "Me"})
    digests = {
        hashlib.sha256(write_pdf(html, tmp_path / f"{i}.pdf").path.read_bytes()).hexdigest()
        for i in range(2)
    }
    assert len(digests) == 1


def test_source_date_epoch_sets_the_dates(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    result = write_pdf(_doc(), tmp_path / "dated.pdf")
    meta = PdfReader(result.path).metadata
    assert meta.creation_date is not None
    assert meta.creation_date.strftime("%Y-%m-%d %H:%M:%S") == "2023-11-14 22:13:20"
    assert meta.modification_date == meta.creation_date


@pytest.mark.parametrize("epoch", ["99999999999999999999", "soon", "-5"])
def test_a_date_no_calendar_holds_is_left_out(tmp_path, monkeypatch, epoch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    result = write_pdf(_doc(), tmp_path / "x.pdf")
    assert PdfReader(result.path).metadata.creation_date is None
