"""The character sheet a player plays from, and the blank sheet (issue 14).

Page 1 is the combat page: stats with equipment, every Tech with its MP and element, the
status boxes and a legend, at A4 and Letter; no internal id on any page.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from builder.cli.app import app
from builder.rulesets.zodiac.views.sheets import (
    CH6_NEGATIVE,
    CH6_POSITIVE,
    _ability_words,
    character_sheet_context,
    display_name,
    legend,
    status_boxes_for,
)
from builder.workspace import open_workspace
from tests.conftest import EXAMPLE

PAPERS = {"a4": (595, 842), "letter": (612, 792)}  # PDF points, rounded
MM = 96 / 25.4  # CSS px per mm

# A level-10 Tech user with seven Techs, an element on most: the page-1 stress case.
LEVEL_10 = """\
kind: character
name: Tessa Tenfold
level: 10
class_power: tech
armor_type: enhance
weapon_class: rod
equipment: {weapon: oak-rod, armor: cotton-robe}
command_skill: steal
support_skill: toughness
base_stats: {str: 6, mag: 15, vit: 8, spr: 8, agi: 3}
advancement:
  - {mag: 2, agi: 1}
  - {mag: 2, vit: 1}
  - {mag: 2, spr: 1}
  - {mag: 2, agi: 1}
  - {mag: 2, vit: 1}
  - {mag: 2, spr: 1}
  - {mag: 2, agi: 1}
  - {mag: 2, vit: 1}
  - {mag: 2, spr: 1}
techs:
  - tech: {name: Spark, tech_level: 1, power_level: weak, primary: attack_magic, element: lightning}
  - tech: {name: Frost Bite, tech_level: 1, power_level: medium, primary: attack_magic, element: ice}
  - tech: {name: Mend, tech_level: 1, power_level: medium, primary: healing}
  - tech: {name: Ember Fist, tech_level: 1, power_level: strong, primary: power_attack, element: fire}
    learned_at: 4
  - tech: {name: Aqua Jet, tech_level: 1, power_level: weak, primary: attack_magic, element: water}
    learned_at: 6
  - tech: {name: Stone Fist, tech_level: 2, power_level: medium, primary: power_attack, element: earth}
    learned_at: 8
  - tech: {name: Gale, tech_level: 2, power_level: strong, primary: attack_magic, element: wind}
    learned_at: 10
"""

# Ids that once reached a printed sheet, and any snake_case word at all.
KNOWN_IDS = (
    "keen_edge", "stat_bonus", "stat_boost", "elemental_resistance", "elemental_immunity",
    "elemental_absorption", "power_attack", "attack_magic", "steal_gold", "blue_magic",
    "death_sentence", "max_tech_levels", "natural_resistance", "x-magic", "magic-up",
)  # fmt: skip
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def pdf_pages(path: Path) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(path).pages]


@pytest.fixture(scope="module", params=sorted(PAPERS))
def built(request, tmp_path_factory):
    """The example project plus the level-10 character, built on one paper size."""
    paper = request.param
    root = tmp_path_factory.mktemp(f"sheet-{paper}") / "project"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("dist"))
    (root / "characters" / "tessa.yaml").write_text(LEVEL_10)
    config = root / "zodiac.yaml"
    config.write_text(re.sub(r"(?m)^paper: .*$", f"paper: {paper}", config.read_text()))
    out = root / "out"
    for book in ("characters", "blank-sheet"):
        r = CliRunner().invoke(
            app, ["build", str(root), "--out", str(out), "--only", book, "--html"]
        )
        assert r.exit_code == 0, r.output
    return paper, root, out


def test_page_one_has_every_tech_with_mp_and_element_and_stat_totals(built):
    paper, root, out = built
    ws = open_workspace([root])
    chars = ws.content.of_kind("character")
    assert {e.id for e in chars} >= {"tessa-tenfold", "garland-steelheart"}
    for e in chars:
        c = character_sheet_context(ws, [e])["character"]
        pdf = out / "characters" / f"{e.id}.pdf"
        pages = pdf_pages(pdf)
        reader = PdfReader(pdf)
        width, height = (round(float(x)) for x in reader.pages[0].mediabox.upper_right)
        assert (width, height) == PAPERS[paper]
        one = pages[0]
        assert c["techs"], e.id
        for t in c["techs"]:  # every Tech / Enemy Skill on page 1, MP and element beside it
            assert t["name"] in one, (e.id, t["name"])
            row = one[one.index(t["name"]) :]
            assert f" {t['mp_cost']} " in row[:120], (e.id, t["name"], t["mp_cost"])
            if t["element"]:
                assert t["element"].upper() in row[:160].upper(), (e.id, t["name"])
        for s in c["stat_rows"]:  # base, equipment and equipped total, side by side
            bonus = f"+{s['equipment']}" if s["equipment"] else "–"
            assert f"{s['name']} {s['base']} {bonus} {s['total']}" in one, (e.id, s)
        for name in (*c["statuses"]["negative"], *c["statuses"]["positive"]):
            assert name in one, (e.id, name)
        assert "R: the target square is at most" in one  # the legend ends page 1
        assert pages[1].startswith(f"{c['name']} · how each number is reached"), e.id
        assert len(pages) == 2, (e.id, paper, len(pages))


def test_equipment_counts_in_the_stat_totals(built):
    """Amos wears Strength and Vitality bonuses: page 1 shows own + equipment = total (R7),
    the total that Attack Power is computed from."""
    from builder.rulesets.zodiac.views.character import full_character_view

    _, root, out = built
    ws = open_workspace([root])
    [amos] = [e for e in ws.content.of_kind("character") if e.id == "amos-the-valiant"]
    view = full_character_view(ws, amos)
    one = pdf_pages(out / "characters" / "amos-the-valiant.pdf")[0]
    worn = 0
    for key, name in (("str", "Strength"), ("vit", "Vitality")):
        own = view.stats[key]
        bonus = sum(item.bonus.stats.get(key, 0) for item in view.equipment)
        worn += bonus
        assert f"{name} {own} +{bonus} {own + bonus}" in one
    assert worn > 0
    total_str = view.stats["str"] + sum(i.bonus.stats.get("str", 0) for i in view.equipment)
    assert f"{total_str} STR" in view.derived["ap"].explain()


def test_no_internal_id_on_any_sheet(built):
    _, _, out = built
    files = [*sorted((out / "characters").glob("*.pdf")), out / "blank-sheet.pdf"]
    for pdf in files:
        text = " ".join(pdf_pages(pdf))
        assert not SNAKE.findall(text), (pdf.name, SNAKE.findall(text))
        for key in KNOWN_IDS:
            assert key not in text, (pdf.name, key)


def test_level_ten_character_fits_page_one(built):
    paper, _, out = built
    pages = pdf_pages(out / "characters" / "tessa-tenfold.pdf")
    assert len(pages) == 2, paper
    for name, element in (("Spark", "Lightning"), ("Gale", "Wind"), ("Stone Fist", "Earth")):
        assert name in pages[0] and element.upper() in pages[0].upper()
    assert "Level-up history" in pages[1]


def _boxes(html: str, paper: str) -> list[tuple[str, float]]:
    """(class, height in mm) of every write-in box of a laid-out page."""
    from weasyprint import CSS, HTML

    from builder.render.assets import templates_dir
    from builder.render.pdf import PAPER_CSS

    doc = HTML(string=html, base_url=str(templates_dir()) + "/").render(
        stylesheets=[CSS(string=PAPER_CSS[paper])]
    )

    def walk(box):
        yield box
        for child in getattr(box, "children", []):
            yield from walk(child)

    out = []
    for page in doc.pages:
        for box in walk(page._page_box):
            element = getattr(box, "element", None)
            classes = (element.get("class") or "").split() if element is not None else []
            for name in ("box", "write-in", "write-cell"):
                if name in classes and box.element_tag in ("span", "td"):
                    out.append((name, box.border_height() / MM))
    return out


def test_blank_sheet_is_two_pages_with_boxes_for_handwriting(built):
    paper, _, out = built
    pdf = out / "blank-sheet.pdf"
    pages = pdf_pages(pdf)
    assert len(pages) == 2, paper
    for name in ("Name", "Player", "Level", "Weapon class"):
        assert name.upper() in pages[0].upper()
    assert "Death Sentence" in pages[0] and "1P2 · 3M2" in pages[0]
    boxes = _boxes((out / "blank-sheet.html").read_text(), paper)
    kinds = {k for k, _ in boxes}
    assert kinds == {"box", "write-in", "write-cell"}
    small = [(k, round(h, 1)) for k, h in boxes if h < 7.9]
    assert not small, small


def test_display_name_turns_ids_into_names():
    assert display_name("str") == "Strength"
    assert display_name("keen_edge") == "Keen Edge"
    assert display_name("confuse") == "Confusion"
    assert display_name("confusion") == "Confusion"
    assert display_name("death_sentence") == "Death Sentence"
    assert display_name("m_barrier") == "MBarrier"
    assert display_name("mp_steal") == "MP Steal"
    assert display_name("max_tech_levels") == "Max Tech Levels"
    assert display_name("blue_magic") == "Blue Magic"
    assert display_name("x-magic") == "X Magic"
    assert display_name(None) == ""


def test_item_abilities_in_players_words():
    from builder.rulesets.zodiac.models.equipment import ArmorAbility, RelicOption, WeaponAbility

    words = _ability_words(
        [
            WeaponAbility.model_validate("keen_edge"),
            WeaponAbility.model_validate({"stat_bonus": "mag"}),  # its number is in the bonus
            WeaponAbility.model_validate({"elemental": "holy"}),
            ArmorAbility.model_validate({"status_immunity": ["poison", "stone"]}),
            ArmorAbility.model_validate({"elemental_resistance": "earth"}),
            RelicOption.model_validate({"elemental_boost": {"element": "ice", "dice": 2}}),
        ],
        {},
    )
    assert words == [
        "Keen Edge",
        "Holy element",
        "Immune to Poison, Stone",
        "Earth resistance",
        "Ice Techs +2 dice",
    ]


def test_status_boxes_fall_back_to_chapter_six(monkeypatch):
    """Without a status catalogue the boxes are Chapter VI's names (the hook's fallback)."""
    import builtins

    real = builtins.__import__

    def no_catalogue(name, *args, **kwargs):
        if name.endswith("views.statuses"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_catalogue)
    boxes = status_boxes_for(open_workspace([EXAMPLE]))
    assert boxes == {"negative": list(CH6_NEGATIVE), "positive": list(CH6_POSITIVE)}
    assert len(CH6_NEGATIVE) == 18 and len(CH6_POSITIVE) == 6


def test_legend_explains_reach_only_with_map_combat_and_notation_for_blue_magic():
    terms = [r["term"] for r in legend(map_combat=False, blue_magic=False, multiplier=10)]
    assert "R4 E1 V0" not in terms and "1P2 · 3M2" not in terms
    terms = [r["term"] for r in legend(map_combat=True, blue_magic=True, multiplier=5)]
    assert "R4 E1 V0" in terms and "1P2 · 3M2" in terms
    first = legend(map_combat=False, blue_magic=None, multiplier=5)[0]
    assert first["term"] == "1d8 x 5 + 98" and "multiply by 5" in first["text"]  # R10 switch
