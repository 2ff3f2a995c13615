"""The example project's equipment book and Tech grimoire, read back from the PDFs.

Each book is rendered once per module on A4, and the equipment book once more on Letter
for the page size: WeasyPrint is the slow part, and every test here only reads files.
Expected numbers come from the CLI's own views (`set_view`, `tech_costs`), never from the
book's view, so a wrong price in the book cannot also be the expected one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder.build import Job, plan, run
from builder.io.project import Entity
from builder.models.project import Paper
from builder.workspace import Workspace, open_workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "examples" / "zodiac"
MM = 72 / 25.4  # PDF points per millimetre
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PRICE = re.compile(r"\d[\d,]* G\b|not for sale")


@dataclass
class Built:
    ws: Workspace
    pdfs: dict[str, Path]  # "equipment" / "grimoire" (A4), "equipment-letter"
    entities: dict[str, tuple[Entity, ...]]


def _build(ws: Workspace, out: Path, book: str) -> tuple[Path, Job]:
    jobs = plan(ws, ws.config, out, only=book)
    assert len(jobs) == 1, f"the example project should declare {book}"
    (result,) = run(ws, jobs)
    return result.path, jobs[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    ws = open_workspace([EXAMPLE])
    ws.config = ws.config.model_copy(update={"paper": Paper("a4")})
    out = tmp_path_factory.mktemp("books")
    pdfs: dict[str, Path] = {}
    entities: dict[str, tuple[Entity, ...]] = {}
    for key in ("equipment", "grimoire"):
        pdfs[key], job = _build(ws, out / "a4", f"{key}.pdf")
        entities[key] = job.entities
    letter = open_workspace([EXAMPLE])
    letter.config = letter.config.model_copy(update={"paper": Paper("letter")})
    pdfs["equipment-letter"], _ = _build(letter, out / "letter", "equipment.pdf")
    return Built(ws, pdfs, entities)


@cache
def _pages(path: Path) -> list[str]:
    """Each page's text, lines kept (a row's name and price are found in order)."""
    from pypdf import PdfReader

    return [p.extract_text() for p in PdfReader(path).pages]


@cache
def _outline(path: Path) -> list[tuple[int, str, int]]:
    """(level, title, page index) of every PDF bookmark, depth first."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    out: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, str(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline, 1)
    return out


def _items(built: Built, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """(set name, item JSON of `zodiac equipment show`) for every item of `kind` sets."""
    from builder.rulesets.zodiac.views.equipment import set_view

    out = []
    for e in built.entities["equipment"]:
        if e.kind == kind:
            view = set_view(e).to_json()
            out += [(view["name"], item) for item in view["items"]]
    return out


def _row(pages: list[str], marks: dict[str, int], set_name: str, head: str) -> str:
    """The text from a row's first line (``head``) on, on the page its set starts or the
    next (a set's table may run onto one more page)."""
    start = marks[set_name]
    pattern = re.compile(rf"(?m)^{re.escape(head)}\b")
    for text in pages[start : start + 2]:
        found = pattern.search(text)
        if found:
            return text[found.start() :]
    raise AssertionError(f"no row {head!r} near the {set_name} bookmark")


def _expected_price(item: dict[str, Any]) -> str:
    return "not for sale" if item["price"] is None else f"{item['price']:,} G"


# --------------------------------------------------------------------------- equipment


@pytest.mark.parametrize("kind", ["weapon_set", "armor_set", "relic_set"])
def test_every_item_has_its_price_in_its_row(built: Built, kind: str) -> None:
    """The first price after an item's name is that item's: its row, not a neighbour's."""
    path = built.pdfs["equipment"]
    pages = _pages(path)
    marks = {t: p for level, t, p in _outline(path) if level == 2}
    items = _items(built, kind)
    assert items, f"the example project has {kind} documents"
    for set_name, item in items:
        head = item["name"] if item["level"] is None else f"{item['level']} {item['name']}"
        row = _row(pages, marks, set_name, head)
        price = PRICE.search(row)
        assert price is not None, f"{item['name']}: no price after it"
        assert price.group() == _expected_price(item), f"{item['name']} in {set_name}"


def test_artifacts_are_not_for_sale(built: Built) -> None:
    items = _items(built, "weapon_set") + _items(built, "armor_set") + _items(built, "relic_set")
    artifacts = [item for _, item in items if item["artifact"]]
    assert artifacts and all(item["price"] is None for item in artifacts)
    text = "\n".join(_pages(built.pdfs["equipment"]))
    assert text.count("not for sale") >= len(artifacts)


def test_every_armor_shows_its_hp_bonus(built: Built) -> None:
    path = built.pdfs["equipment"]
    pages = _pages(path)
    marks = {t: p for level, t, p in _outline(path) if level == 2}
    armors = [(s, i) for s, i in _items(built, "armor_set") if i["slot"] == "armor"]
    assert armors
    for set_name, item in armors:
        row = _row(pages, marks, set_name, f"{item['level']} {item['name']}")
        hp = re.search(r"[+-]\d+", row[len(item["name"]) + 3 :])
        assert hp is not None and int(hp.group()) == item["bonus"]["hp"], item["name"]


def test_potions_come_from_the_core_table(built: Built) -> None:
    """The example project has no potions, so the book prints the core catalogue's."""
    from builder.rulesets.zodiac.items import core_potions

    text = _pages(built.pdfs["equipment"])[-1]
    assert "Potions" in text
    for ref in core_potions():
        price = "not for sale" if ref.item.price is None else f"{ref.item.price:,} G"
        assert re.search(rf"(?m)^{re.escape(ref.name)} .*{price}$", text), ref.name


def test_equipment_contents_and_bookmarks(built: Built) -> None:
    path = built.pdfs["equipment"]
    pages = _pages(path)
    outline = _outline(path)
    chapters = [t for level, t, _ in outline if level == 1]
    assert chapters == ["Weapons", "Armor & Guards", "Relics", "Potions"]
    sets = [e.model.name for e in built.entities["equipment"] if e.kind.endswith("_set")]
    marks = {t: p for level, t, p in outline if level == 2}
    assert sorted(marks) == sorted(sets)
    contents = pages[1]
    assert "Contents" in contents
    for title, page in [(t, p) for level, t, p in outline]:
        assert re.search(rf"{re.escape(title)}[ .]*{page + 1}\b", contents), title


# --------------------------------------------------------------------------- grimoire


def test_every_tech_and_its_mp_cost(built: Built) -> None:
    from builder.rulesets.zodiac.rules.techs import tech_costs

    path = built.pdfs["grimoire"]
    pages = _pages(path)
    marks = {t: p for level, t, p in _outline(path) if level == 2}
    techs = [e.model for e in built.entities["grimoire"] if e.kind == "tech"]
    assert techs
    for tech in techs:
        assert tech.name in marks, f"no bookmark for {tech.name}"
        page = pages[marks[tech.name]]
        # Extraction may glue the page's first line onto the name: anchor its end only.
        card = re.search(rf"(?m){re.escape(tech.name)}$[\s\S]*?^MP\n(\S+)$", page)
        assert card is not None, f"{tech.name}: no MP on its page"
        assert card.group(1) == str(tech_costs(tech).mp_cost), tech.name


def test_grimoire_says_whose_numbers(built: Built) -> None:
    text = re.sub(r"\s+", " ", "".join(_pages(built.pdfs["grimoire"])[2:3]))
    assert "level-1 reference character with 8 in every stat" in text
    assert "your sheet shows yours" in text


def test_grimoire_contents_and_bookmarks(built: Built) -> None:
    path = built.pdfs["grimoire"]
    pages = _pages(path)
    outline = _outline(path)
    assert [t for level, t, _ in outline if level == 1] == ["Techs"]
    contents = re.sub(r"\s+", " ", pages[1])
    for title, page in [(t, p) for level, t, p in outline if level == 2]:
        assert re.search(rf"{re.escape(title)}(?: TL \d)?[ .]*{page + 1}\b", contents), title


def test_enemy_skills_chapter(built: Built) -> None:
    """The example project has none, so the core samples go through the view and the
    template (HTML only: no PDF needed to see the chapter and each skill's MP)."""
    from builder.render import make_environment, render_html
    from builder.rulesets.zodiac.views.grimoire import grimoire_context

    ws = built.ws
    skills = [e for e in ws.content.entities if e.kind == "enemy_skill"][:4]
    assert skills, "the core catalogue ships sample Enemy Skills"
    context = {
        "project": {"title": "T", "author": None, "paper": "a4"},
        "book": {"title": "Grimoire", "holds": "tech_grimoire"},
        "house_rules": ws.config.house_rules.model_dump(),
        **grimoire_context(ws, list(built.entities["grimoire"][:2]) + skills),
    }
    html = render_html("books/grimoire.html", context, env=make_environment())
    assert "<h1>Enemy Skills</h1>" in html
    for e in skills:
        row = html[html.index(f'id="e-{e.model.id}"') :]
        assert e.model.name.replace("'", "&#39;") in row
        assert f"<b>{e.model.mp}</b>" in row[: row.index("</tr>")]


# --------------------------------------------------------------------------- paper


@pytest.mark.parametrize(("key", "paper"), [("equipment", "a4"), ("grimoire", "a4"),
                                            ("equipment-letter", "letter")])  # fmt: skip
def test_paper_size(built: Built, key: str, paper: str) -> None:
    from pypdf import PdfReader

    width, height = PAPERS[paper]
    for page in PdfReader(built.pdfs[key]).pages:
        assert float(page.mediabox.width) == pytest.approx(width * MM, abs=0.5)
        assert float(page.mediabox.height) == pytest.approx(height * MM, abs=0.5)
