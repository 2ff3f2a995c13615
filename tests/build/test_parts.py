"""A long book printed in parts and joined (issue 13, builder/render/parts.py).

The joined book must read as one: its contents, index, outline and links lead to the page
each monster is on, every page but the cover carries "N / total" and its running heads,
the tags cover every page, and a card deck (whose parts end on page boundaries) prints
the very pages a whole printing does. After one monster changes, only the parts that
show it are printed again, and the book equals a cold one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from builder.build import PartDone, Piece, Unsettled
from builder.build.parts import _Parted
from builder.render.parts import PartLayout
from builder.rulesets import PartPlan
from builder.rulesets.zodiac import RULESET
from tests.build.conftest import page_texts, printed_column, starter

MONSTERS = 20
BOOKS = """books:
  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}
  - {title: Monster Cards, output: cards.pdf, holds: monster_cards, sort: level}
"""


def _parts(monkeypatch, bestiary: PartPlan | None, cards: PartPlan | None) -> None:
    """Part sizes for this test (the suite's projects are far below the real ones)."""
    books = RULESET.books
    monkeypatch.setitem(books, "bestiary", replace(books["bestiary"], parts=bestiary))
    monkeypatch.setitem(books, "monster_cards", replace(books["monster_cards"], parts=cards))


@pytest.fixture
def project(zodiac, tmp_path: Path, monkeypatch) -> Path:
    """A starter project with 20 monsters (levels 1-20) and a bestiary and card deck."""
    monkeypatch.delenv("ZODIAC_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = starter(zodiac, tmp_path / "campaign", BOOKS)
    rat = (root / "monsters" / "tunnel-rat.yaml").read_text()
    for n in range(2, MONSTERS + 1):
        grown = rat.replace("name: Tunnel Rat", f"name: Rat {n:02d}").replace(
            "level: 1\n", f"level: {n}\n"
        )
        grown = grown.replace("{str: 8, mag: 2, vit: 8, spr: 4, agi: 8}", _stats(n))
        (root / "monsters" / f"rat-{n:02d}.yaml").write_text(grown)
    return root


def _stats(level: int) -> str:
    """25 + 5 x level points, spread (R26)."""
    total = 25 + 5 * level
    base = [total // 5] * 5
    base[0] += total - sum(base)
    strength, magic, vitality, spirit, agility = base
    return f"{{str: {strength}, mag: {magic}, vit: {vitality}, spr: {spirit}, agi: {agility}}}"


def _build(zodiac, root: Path, out: str, *args: str) -> dict[str, str]:
    """Build into `out`; each file's "printed" column: "now" or "unchanged"."""
    r = zodiac("build", str(root), "--out", str(root / out), *args)
    assert r.exit_code == 0, r.stdout
    return printed_column(r.stdout)


def _heading_pages(texts: list[str]) -> dict[str, int]:
    """The page (from 1) where each monster's stat block begins."""
    found: dict[str, int] = {}
    for number, text in enumerate(texts, 1):
        for name in re.findall(r"((?:Tunnel Rat|Rat \d\d)) Level \d+", text):
            found.setdefault(name, number)
    return found


@pytest.mark.smoke  # pikepdf's floor joins it too (.ci/run)
def test_a_bestiary_in_parts_reads_as_one_book(zodiac, project: Path, monkeypatch) -> None:
    _parts(monkeypatch, PartPlan(6, front=True, back=True), None)
    _build(zodiac, project, "parted", "--no-cache")
    pdf = project / "parted" / "bestiary.pdf"
    texts = page_texts(pdf)
    total = len(texts)
    where = _heading_pages(texts)
    assert len(where) == MONSTERS

    # Contents and index: "Rat 07 Lv 7 ..... 9" and "Rat 07 ..... 9" name the right page.
    contents = " ".join(t for t in texts[:3])
    for name, page in where.items():
        assert re.search(rf"{name} Lv \d+ \.+ {page}\b", contents), name
    index = texts[-1]
    assert "Index of Monsters" in index
    for name, page in where.items():
        assert re.search(rf"{name} \.+ {page}\b", index), name

    # Page numbers and running heads on every page but the cover.
    assert f"/ {total}" not in texts[0]
    for number, text in enumerate(texts[1:], 2):
        assert text.endswith(f"{number} / {total}") or f"{number} / {total}" in text, number
    for text in texts[2:-1]:
        if "Level" in text:  # a page of stat blocks, in any part
            assert "BESTIARY Monsters" in text, text[:40]
    assert "BESTIARY Index of Monsters" in texts[-1]

    reader = PdfReader(pdf)
    # The outline: "Monsters" holds every monster, each at its page; then the index.
    outline = reader.outline
    titles = [item.title for item in outline if not isinstance(item, list)]
    assert titles == ["Monsters", "Index of Monsters"]
    children = outline[1]
    assert isinstance(children, list) and len(children) == MONSTERS
    for item in children:
        assert reader.get_destination_page_number(item) + 1 == where[item.title]

    # Every link of the contents and index leads to its monster's page.
    links = 0
    dests = {
        name: reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }
    shown = {*where.values(), total}  # a monster's page, or the index
    for page in [*reader.pages[:3], reader.pages[-1]]:
        for annot in page.get("/Annots", []):
            annot = annot.get_object()
            assert "/A" not in annot  # no zodiac-part: URI left behind
            assert dests[str(annot["/Dest"])] in shown
            links += 1
    assert links >= 2 * MONSTERS

    # The tags: one tree, every page in it, every key of the parent tree once.
    with pikepdf.open(pdf) as book:
        root = book.Root.StructTreeRoot
        pages = {p.objgen for p in book.pages}
        nums = root.ParentTree.Nums
        keys = [int(nums[i]) for i in range(0, len(nums), 2)]
        assert len(keys) == len(set(keys))
        assert {int(p.obj.StructParents) for p in book.pages} <= set(keys)
        headings = 0
        stack = [(kid, root.K[0]) for kid in root.K[0].K]
        while stack:
            elem, parent = stack.pop()
            if not isinstance(elem, pikepdf.Dictionary) or elem.get("/Type") != "/StructElem":
                continue
            assert elem.P.objgen == parent.objgen
            assert "/Pg" not in elem or elem.Pg.objgen in pages
            headings += elem.S == "/H2"
            stack += [(kid, elem) for kid in elem.get("/K", [])]
        assert headings >= MONSTERS


def test_a_card_deck_in_parts_is_the_whole_deck(zodiac, project: Path, monkeypatch) -> None:
    _parts(monkeypatch, None, None)
    _build(zodiac, project, "whole", "--no-cache")
    _parts(monkeypatch, None, PartPlan(9))
    _build(zodiac, project, "parted", "--no-cache")
    whole, parted = (page_texts(project / d / "cards.pdf") for d in ("whole", "parted"))
    assert len(parted) == len(whole) == 3
    assert parted == whole
    outline = PdfReader(project / "parted" / "cards.pdf").outline
    assert outline[0].title == "Monster Cards" and len(outline[1]) == MONSTERS


def test_one_monster_changed_reprints_only_its_parts(zodiac, project: Path, monkeypatch) -> None:
    from builder.cache import ProjectCache

    _parts(monkeypatch, PartPlan(6, front=True, back=True), PartPlan(9))
    _build(zodiac, project, "dist")

    def parts() -> dict[str, dict[str, str]]:
        records = ProjectCache.open(project).build_records()
        [folder] = records.values()
        return {
            Path(path).name: {name: part["pdf"] for name, part in rec["parts"].items()}
            for path, rec in folder.items()
        }

    before = parts()
    assert sorted(before["bestiary.pdf"]) == ["back-0", *(f"body-{k}" for k in range(4)), "front-0"]
    # Nothing changed: every part is the one kept, and so is the joined book.
    assert _build(zodiac, project, "dist") == {
        "bestiary.pdf": "unchanged",
        "cards.pdf": "unchanged",
    }
    assert parts() == before
    # The book edited by hand is joined again from the parts kept.
    book = project / "dist" / "bestiary.pdf"
    book.write_bytes(book.read_bytes() + b"\n% a note\n")
    assert _build(zodiac, project, "dist") == {"bestiary.pdf": "now", "cards.pdf": "unchanged"}
    assert parts() == before
    rat = project / "monsters" / "rat-10.yaml"
    rat.write_text(rat.read_text().replace("name: Rat 10", "name: Sewer Rat"))
    _build(zodiac, project, "dist")
    after = parts()
    changed = {
        book: sorted(n for n in after[book] if after[book][n] != before[book].get(n))
        for book in after
    }
    # Rat 10 is the 10th by level: the second body part of each book, and the contents
    # and index that name it.
    assert changed == {"bestiary.pdf": ["back-0", "body-1", "front-0"], "cards.pdf": ["body-1"]}
    _build(zodiac, project, "cold", "--no-cache")
    for book in ("bestiary.pdf", "cards.pdf"):
        assert page_texts(project / "dist" / book) == page_texts(project / "cold" / book), book
    assert any("Sewer Rat" in t for t in page_texts(project / "dist" / "bestiary.pdf"))


def _done(section: str, count: int, anchors: dict[str, int], number: int = 0, **kw) -> PartDone:
    """A part of `count` pages with `anchors` ({id: page from 0}) as a worker returns it."""
    layout = PartLayout(("",) * count, (), tuple(anchors.items()))
    return PartDone(Piece(section, number, **kw), Path(), layout, "")


def test_numbering_waits_for_every_part_then_prints_contents_and_index_again() -> None:
    parted = _Parted(PartPlan(2, front=True, back=True), None, 4)
    first = parted.start()
    assert [(p.section, p.number, p.draft) for p in first] == [
        ("front", 0, True),
        ("back", 0, True),
        ("body", 0, False),
        ("body", 1, False),
    ]
    assert parted.finished(_done("body", 3, {"a": 0, "b": 2}, start=0, stop=2)) == []
    assert parted.finished(_done("front", 2, {}, draft=True)) == []
    assert parted.finished(_done("back", 1, {"index": 0}, draft=True)) == []
    again = parted.finished(_done("body", 2, {"c": 0, "d": 1}, number=1, start=2, stop=4))
    # Front 1-2, bodies 3-5 and 6-7, back 8.
    expected = {"a": 3, "b": 5, "c": 6, "d": 7, "index": 8}
    assert [(p.section, dict(p.pages)) for p in again] == [("front", expected), ("back", expected)]
    # The numbered contents grew a page: every number after it moves, printed again.
    assert parted.finished(_done("front", 3, {}, pages=again[0].pages)) == []
    third = parted.finished(_done("back", 1, {"index": 0}, pages=again[1].pages))
    assert dict(third[0].pages) == {k: v + 1 for k, v in expected.items()}
    assert parted.finished(_done("front", 3, {}, pages=third[0].pages)) == []
    assert parted.finished(_done("back", 1, {"index": 0}, pages=third[1].pages)) == [Piece("join")]


def _record(count: int, anchors: dict[str, int]) -> dict[str, object]:
    """A part's record as the last build kept it (only its layout matters here)."""
    layout = {"names": [""] * count, "bookmarks": [], "anchors": [list(a) for a in anchors.items()]}
    return {"layout": layout}


def test_after_a_small_change_contents_and_index_print_beside_the_bodies() -> None:
    prior = {
        "front-0": _record(2, {}),
        "body-0": _record(3, {"a": 0, "b": 2}),
        "body-1": _record(2, {"c": 0, "d": 1}),
        "back-0": _record(1, {"index": 0}),
    }
    expected = {"a": 3, "b": 5, "c": 6, "d": 7, "index": 8}
    plan = PartPlan(2, front=True, back=True)
    ids = ("a", "b", "c", "d")
    same = _Parted(plan, None, 4, prior, ids, prior_ids=ids)
    first = same.start()
    assert [(p.section, dict(p.pages)) for p in first[:2]] == [
        ("front", expected),
        ("back", expected),
    ]
    for piece, count, anchors in zip(
        first, (2, 1, 3, 2), ({}, {"index": 0}, {"a": 0, "b": 2}, {"c": 0, "d": 1}), strict=True
    ):
        done = PartDone(piece, Path(), PartLayout(("",) * count, (), tuple(anchors.items())), "")
        nxt = same.finished(done)
    assert nxt == [Piece("join")]  # nothing moved: no second printing

    # A renamed entry's anchor is guessed where the old one was.
    renamed = _Parted(plan, None, 4, prior, ("a", "b2", "c", "d"), prior_ids=ids)
    front = renamed.start()[0]
    assert dict(front.pages) == {"a": 3, "b2": 5, "c": 6, "d": 7, "index": 8}

    # Entries added or reordered: no guess; the last contents stand in for a draft.
    added = _Parted(plan, None, 5, prior, ("a", "b", "c", "d", "e"), prior_ids=ids)
    pieces = added.start()
    assert [(p.section, p.draft) for p in pieces] == [("body", False)] * 3
    assert added.done[("front", 0)].piece.draft
    moved = _Parted(plan, None, 4, prior, ("d", "c", "b", "a"), prior_ids=ids)
    assert all(p.section == "body" for p in moved.start())


def test_contents_whose_numbers_never_settle_fail_the_book_rather_than_lie() -> None:
    parted = _Parted(PartPlan(2, front=True), None, 2)
    assert [(p.section, p.draft) for p in parted.start()] == [("front", True), ("body", False)]
    assert parted.finished(_done("body", 3, {"a": 0}, start=0, stop=2)) == []
    [again] = parted.finished(_done("front", 1, {}, draft=True))
    grow = 2
    with pytest.raises(Unsettled, match="still moved after 4 printings"):
        while True:  # each printing of the contents is a page longer than the last
            [again] = parted.finished(_done("front", grow, {}, pages=again.pages))
            grow += 1


def _kept(project: Path) -> dict[str, dict[str, str]]:
    """Each book's parts as the build's records keep them: {part: its PDF's digest}."""
    from builder.cache import ProjectCache

    [folder] = ProjectCache.open(project).build_records().values()
    return {
        Path(path).name: {name: part["pdf"] for name, part in rec["parts"].items()}
        for path, rec in folder.items()
    }


def test_a_renamed_monster_prints_again_only_the_contents_and_index_pieces_naming_it(
    zodiac, project: Path, monkeypatch
) -> None:
    # Contents and index in pieces of 5 rows (PartPlan.rows, issue 24): 4 pieces each.
    _parts(monkeypatch, PartPlan(6, front=True, back=True, rows=5), PartPlan(9))
    _build(zodiac, project, "dist")
    before = _kept(project)
    pieces = [f"{s}-{k}" for s in ("back", "body", "front") for k in range(4)]
    assert sorted(before["bestiary.pdf"]) == pieces
    rat = project / "monsters" / "rat-10.yaml"
    rat.write_text(rat.read_text().replace("name: Rat 10", "name: Rat 10 Sewer"))
    _build(zodiac, project, "dist")
    after = _kept(project)
    changed = {
        book: sorted(n for n in after[book] if after[book][n] != before[book].get(n))
        for book in after
    }
    # Rat 10 is the 10th by level and by name (rows 5-9 of the contents and of the index):
    # the second piece of each, and the second body part of each book.
    assert changed == {"bestiary.pdf": ["back-1", "body-1", "front-1"], "cards.pdf": ["body-1"]}
    _build(zodiac, project, "cold", "--no-cache")
    texts = page_texts(project / "dist" / "bestiary.pdf")
    assert texts == page_texts(project / "cold" / "bestiary.pdf")
    # The book reads as one: each row of the contents and of the index names its page.
    where = _heading_pages([t.replace("Rat 10 Sewer", "Rat 10") for t in texts])
    assert len(where) == MONSTERS
    book = " ".join(texts)
    for name, page in where.items():
        shown = "Rat 10 Sewer" if name == "Rat 10" else name
        assert re.search(rf"{shown} Lv \d+ \.+ {page}\b", book), name
        assert re.search(rf"{shown} \.+ {page}\b", book), name
    # One heading each; the running heads of the index's later pages.
    assert book.count("Contents") == 1 and book.count("BESTIARY Index of Monsters") == 4
    outline = PdfReader(project / "dist" / "bestiary.pdf").outline
    assert [i.title for i in outline if not isinstance(i, list)] == [
        "Monsters",
        "Index of Monsters",
    ]


def test_a_books_views_are_computed_once_a_build_not_once_a_part(
    project: Path, monkeypatch
) -> None:
    """Each card part, and the contents and index, used to build the views of every
    monster again (issue 24): now once, until the build forgets them."""
    import builder.build.parts as parts_module
    from builder.build import plan
    from builder.workspace import open_workspace

    _parts(monkeypatch, PartPlan(6, front=True, back=True), PartPlan(9, items="faces"))
    ws = open_workspace([project])
    jobs = {job.book.holds: job for job in plan(ws, ws.config, project / "dist")}
    calls: list[str] = []
    real = parts_module.context_for

    def counted(ws_, job, parted=None):
        calls.append(job.book.holds)
        return real(ws_, job, parted)

    monkeypatch.setattr(parts_module, "context_for", counted)
    cards, bestiary = jobs["monster_cards"], jobs["bestiary"]
    faces = [
        parts_module._part_context(ws, cards, Piece("body", k, 9 * k, 9 * k + 9), {})["faces"]
        for k in range(3)
    ]
    assert [len(f) for f in faces] == [9, 9, 2]  # 20 faces
    for section in ("front", "back"):
        context = parts_module._part_context(ws, bestiary, Piece(section), {"section": section})
        assert len(context["monsters"]) == MONSTERS and context["parted"]["section"] == section
    assert calls == ["monster_cards", "bestiary"]
    parts_module.forget_contexts()
    parts_module._part_context(ws, bestiary, Piece("front"), {})
    assert calls == ["monster_cards", "bestiary", "bestiary"]
