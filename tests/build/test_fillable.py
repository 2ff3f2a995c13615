"""`fillable: true` sheets (issue 16): form fields a player types into, same printed look.

The fields are read back with pypdf, filled with pypdf's writer and read again; the
filled sheet is looked at as pixels (pdftoppm) where the typed values must show.
"""

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from builder.rulesets.zodiac.views.sheets import (
    WRITE_INS,
    character_sheet_context,
    field_name,
    form_fields,
    status_boxes_for,
)
from builder.workspace import open_workspace
from tests.conftest import AMOS

BOOKS = """\
title: Fillable
books:
  - {title: Sheets, output: fill.pdf, holds: character_sheets, fillable: true}
  - {title: Plain sheets, output: plain.pdf, holds: character_sheets}
  - {title: Blank, output: blank-fill.pdf, holds: blank_sheet, fillable: true}
  - {title: Blank plain, output: blank-plain.pdf, holds: blank_sheet}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from typer.testing import CliRunner

    from builder.cli.app import app

    root = tmp_path_factory.mktemp("fillable")
    (root / "characters").mkdir()
    (root / "zodiac.yaml").write_text(BOOKS, encoding="utf-8")
    (root / "characters" / "amos.yaml").write_text(AMOS, encoding="utf-8")
    r = CliRunner().invoke(app, ["build", str(root), "--out", str(root / "dist")])
    assert r.exit_code == 0, r.output
    return root


def _fields(pdf: Path) -> dict[str, str]:
    """Field name -> type (/Tx, /Btn) as pypdf reads them."""
    return {name: str(f.get("/FT")) for name, f in (PdfReader(pdf).get_fields() or {}).items()}


def _statuses(root: Path) -> list[str]:
    """The status boxes a sheet prints (the status catalogue's, else Chapter VI's)."""
    boxes = status_boxes_for(open_workspace([root]))
    return [*boxes["negative"], *boxes["positive"]]


def _sheet_fields(root: Path) -> dict:
    ws = open_workspace([root])
    [amos] = ws.content.of_kind("character")
    return character_sheet_context(ws, [amos])["character"]


def test_field_names_are_stable_words():
    assert field_name("status", "Death Sentence") == "status_death_sentence"
    assert field_name("status", "MBarrier") == "status_mbarrier"
    # Content names never nest fields (".") nor leave ASCII.
    assert field_name("status", "a.b <c>/é") == "status_a_b_c"
    assert field_name("", "...") == "field"


def test_field_names_are_unique_per_sheet():
    f = form_fields(
        {"negative": ["Poison", "poison!"], "positive": ["Gold"]},
        sp_boxes=3,
        inventory_lines=2,
        blank=True,
    )
    assert f["status"] == {
        "Poison": "status_poison",
        "poison!": "status_poison_2",
        "Gold": "status_gold",
    }
    assert f["hp"] == ["hp_current", "hp_current_2", "hp_current_3", "hp_current_4"]
    assert f["ledger"] == ["gold", "inventory_1", "inventory_2"]
    assert f["max"] == {"hp": "hp_max", "mp": "mp_max"} and f["speed"] == "speed"
    names = [
        *f["hp"], *f["mp"], *f["sp"], *f["sp_boxes"], *f["ledger"], f["notes"],
        *f["status"].values(), *f["max"].values(), f["speed"],
    ]  # fmt: skip
    assert len(names) == len(set(names)) == 4 * 3 + 3 + 3 + 1 + 3 + 3


def test_character_sheet_fields_are_read_back_with_their_types(built):
    fields = _fields(built / "dist" / "fill" / "amos-the-valiant.pdf")
    c = _sheet_fields(built)
    expected = {
        **{f"{t}_current": "/Tx" for t in ("hp", "mp", "sp")},
        **{f"{t}_current_{i}": "/Tx" for t in ("hp", "mp", "sp") for i in range(2, WRITE_INS + 1)},
        **{f"sp_box_{i}": "/Btn" for i in range(1, c["sp_boxes"] + 1)},
        **{field_name("status", s): "/Btn" for s in _statuses(built)},
        "gold": "/Tx",
        **{f"inventory_{i}": "/Tx" for i in range(1, c["note_lines"])},
        "notes": "/Tx",
    }
    assert fields == expected
    # The names the brief promises, spelt out.
    for name in (
        "hp_current",
        "mp_current",
        "sp_current",
        "status_poison",
        "gold",
        "inventory_1",
        "notes",
    ):
        assert name in fields
    assert c["sp_boxes"] >= 8 and c["note_lines"] == 3  # a level-3 character's page 2


def test_notes_is_one_multiline_box_and_every_field_prints(built):
    reader = PdfReader(built / "dist" / "fill" / "amos-the-valiant.pdf")
    notes = reader.get_fields()["notes"]
    assert int(notes["/Ff"]) & (1 << 12)  # multiline
    form = reader.trailer["/Root"]["/AcroForm"]
    assert form["/NeedAppearances"] is False or str(form["/NeedAppearances"]) == "False"
    for page in reader.pages:
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            assert int(widget["/F"]) & 4  # printed
            assert "/AP" in widget  # a look every reader shows
            if widget["/FT"] == "/Btn":
                assert {"/on", "/Off"} <= set(widget["/AP"]["/N"]) and "/DA" in widget


def test_blank_sheet_fields(built):
    fields = _fields(built / "dist" / "blank-fill.pdf")
    for name in (
        "hp_max",
        "mp_max",
        "speed",
        "hp_current",
        "sp_box_40",
        "gold",
        "inventory_3",
        "notes",
    ):
        assert name in fields, name
    assert fields["status_death_sentence"] == "/Btn" and fields["hp_max"] == "/Tx"
    assert sum(1 for t in fields.values() if t == "/Btn") == 40 + len(_statuses(built))


def test_a_sheet_without_fillable_has_no_fields(built):
    for pdf in (
        built / "dist" / "plain" / "amos-the-valiant.pdf",
        built / "dist" / "blank-plain.pdf",
    ):
        reader = PdfReader(pdf)
        assert reader.get_fields() is None
        assert "/AcroForm" not in reader.trailer["/Root"]


def _fill(src: Path, out: Path, **kw) -> Path:
    writer = PdfWriter(clone_from=src)
    writer.update_page_form_field_values(
        writer.pages[0],
        {"hp_current": "212", "mp_current": "31", "status_poison": "/on", "sp_box_1": "/on"},
        **kw,
    )
    writer.update_page_form_field_values(
        writer.pages[1],
        {"gold": "415 G", "inventory_1": "Rope", "notes": "Owes Garland 50 G"},
        **kw,
    )
    writer.write(out)
    return out


def test_filled_values_are_read_again(built, tmp_path):
    filled = _fill(built / "dist" / "fill" / "amos-the-valiant.pdf", tmp_path / "filled.pdf")
    values = {k: f.get("/V") for k, f in PdfReader(filled).get_fields().items()}
    assert values["hp_current"] == "212" and values["mp_current"] == "31"
    assert values["status_poison"] == "/on" and values["status_confusion"] == "/Off"
    assert values["gold"] == "415 G" and values["inventory_1"] == "Rope"
    assert values["notes"] == "Owes Garland 50 G"
    assert values["hp_current_2"] == ""


DPI = 100  # a check box is 2.8 mm: 11 pixels
pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm")


def _png(pdf: Path, page: int, dpi: int = 50):
    from PIL import Image

    stem = pdf.with_name(f"{pdf.stem}-{page}-{dpi}")
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(pdf),
            str(stem),
        ],
        check=True,
        capture_output=True,
    )
    return Image.open(f"{stem}.png").convert("L")


def _rect(pdf: Path, page: int, name: str, dpi: int) -> tuple[int, int, int, int]:
    """A field's box in pixels of a `dpi` render of `page`."""
    reader = PdfReader(pdf)
    for annot in reader.pages[page - 1]["/Annots"]:
        w = annot.get_object()
        if w.get("/T") == name:
            x1, y1, x2, y2 = (float(v) for v in w["/Rect"])
            height = float(reader.pages[page - 1].mediabox.height)
            s = dpi / 72
            return (
                int(min(x1, x2) * s), int((height - max(y1, y2)) * s),
                int(max(x1, x2) * s), int((height - min(y1, y2)) * s),
            )  # fmt: skip
    raise AssertionError(name)


def _ink(image, box) -> int:
    """Dark pixels inside `box` (a field fills the inside of its box's border)."""
    x1, y1, x2, y2 = box
    return sum(image.crop((x1 + 1, y1 + 1, x2 - 1, y2 - 1)).histogram()[:128])


@pdftoppm
def test_the_fillable_sheet_prints_as_the_plain_one(built):
    from PIL import ImageChops

    for plain, fill in (
        (
            built / "dist" / "plain" / "amos-the-valiant.pdf",
            built / "dist" / "fill" / "amos-the-valiant.pdf",
        ),
        (built / "dist" / "blank-plain.pdf", built / "dist" / "blank-fill.pdf"),
    ):
        for page in (1, 2):
            diff = ImageChops.difference(_png(plain, page), _png(fill, page))
            # Only anti-aliasing moves (the form's font is embedded whole): no pixel
            # changes by more than a quarter of the grey scale.
            assert diff.getextrema()[1] < 64, (fill.name, page)


@pdftoppm
@pytest.mark.parametrize("regenerate", [False, True], ids=["stored-looks", "reader-draws"])
def test_typed_values_show_on_the_filled_sheet(built, tmp_path, regenerate):
    """pdftoppm (poppler, as Evince and Okular) shows what was typed, whether the filling
    tool stores looks (NeedAppearances off) or asks the reader to draw them (on)."""
    src = built / "dist" / "fill" / "amos-the-valiant.pdf"
    filled = _fill(src, tmp_path / "filled.pdf", auto_regenerate=regenerate)
    for page, name in (
        (1, "hp_current"),
        (1, "status_poison"),
        (1, "sp_box_1"),
        (2, "gold"),
        (2, "notes"),
    ):
        box = _rect(src, page, name, DPI)
        before, after = _ink(_png(src, page, DPI), box), _ink(_png(filled, page, DPI), box)
        assert before == 0 and after > 0, (name, before, after)
    box = _rect(src, 1, "status_confusion", DPI)  # not ticked: stays empty
    assert _ink(_png(filled, 1, DPI), box) == 0


# --------------------------------------------------------------------------- the companions
# Issue #27: `fillable: true` gives the companions' sheets fields too (16 Bit Tactics
# characters, 99 Towers and Turns and Actions combatants), read back as above.

EXAMPLES = Path(__file__).resolve().parents[2] / "content" / "examples"
COMPANIONS = {
    "16-bit-tactics": ("character_sheets", "kestrel"),
    "99-towers": ("combatant_sheets", "tony-wrongway-wright"),
    "turns-and-actions": ("combatant_sheet_files", "maren-saltwhistle"),
}


@pytest.fixture(scope="module")
def companions(tmp_path_factory):
    """Each companion's example, one sheet printed fillable and the same sheet plain."""
    from typer.testing import CliRunner

    from builder.cli.app import app

    out = {}
    for ruleset, (holds, who) in COMPANIONS.items():
        root = tmp_path_factory.mktemp(ruleset)
        shutil.copytree(EXAMPLES / ruleset, root, dirs_exist_ok=True)
        (root / "zodiac.yaml").write_text(
            f"ruleset: {ruleset}\ntitle: Fillable\nbooks:\n"
            f"  - {{title: Fill, output: fill.pdf, holds: {holds}, include: [{who}], fillable: true}}\n"
            f"  - {{title: Plain, output: plain.pdf, holds: {holds}, include: [{who}]}}\n",
            encoding="utf-8",
        )
        r = CliRunner().invoke(app, ["build", str(root), "--out", str(root / "dist")])
        assert r.exit_code == 0, r.output
        out[ruleset] = (
            root / "dist" / "fill" / f"{who}.pdf",
            root / "dist" / "plain" / f"{who}.pdf",
        )
    return out


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        (
            "16-bit-tactics",
            {"hp_current": "/Tx", "mp_current_4": "/Tx", "limit_0": "/Btn", "limit_20": "/Btn",
             "status_sap": "/Btn", "status_haste": "/Btn", "notes": "/Tx"},
        ),
        (
            "99-towers",
            {"calculated_initiative": "/Tx", "phase_14": "/Tx", "stun_box_14": "/Btn",
             "stun_temporary": "/Tx", "lethal_box_11": "/Btn", "lethal_temporary": "/Tx",
             "state_flat_footed": "/Btn", "aim_2": "/Btn", "ammo_heavy_rifle_10": "/Btn",
             "notes": "/Tx"},
        ),
        (
            "turns-and-actions",
            {"health_current": "/Tx", "health_current_5": "/Tx", "stamina_box_20": "/Btn",
             "mana_box_30": "/Btn", "focus_box_10": "/Btn", "ap_20": "/Btn", "charging": "/Tx",
             "bleeding_amount": "/Tx", "bleeding_turn_3": "/Btn", "status_4_name": "/Tx",
             "immune_on": "/Btn", "mark_aggro": "/Btn", "notes": "/Tx"},
        ),
    ],
)  # fmt: skip
def test_companion_sheets_have_their_fields(companions, ruleset, expected):
    fill, plain = companions[ruleset]
    fields = _fields(fill)
    assert {k: fields.get(k) for k in expected} == expected
    assert PdfReader(plain).get_fields() is None  # no fillable: no form
    assert len(PdfReader(fill).pages) == 1


def test_companion_fields_fill_and_read_again(companions, tmp_path):
    fill, _ = companions["99-towers"]
    writer = PdfWriter(clone_from=fill)
    writer.update_page_form_field_values(
        writer.pages[0],
        {"calculated_initiative": "15", "phase_1": "5", "stun_box_1": "/on", "notes": "Reloaded"},
        auto_regenerate=False,
    )
    writer.write(tmp_path / "t.pdf")
    values = {k: f.get("/V") for k, f in PdfReader(tmp_path / "t.pdf").get_fields().items()}
    assert (values["calculated_initiative"], values["phase_1"]) == ("15", "5")
    assert values["notes"] == "Reloaded" and values["phase_2"] == ""
    assert values["stun_box_1"] == "/on" and values["stun_box_2"] == "/Off"
