"""Long unbroken words on cards and sheets (issue #28): every PDF's text reads back.

A name of 60 letters with no space used to be cut with CSS `text-overflow: ellipsis`;
Pango then draws one "…" glyph for the whole cut-off run, and WeasyPrint writes that
glyph's ToUnicode entry as the entire run. A long enough run makes an entry poppler
calls illegal and pypdf refuses ("Maximum /ToUnicode string length exceeded"). Cards
now wrap such a run anywhere and print the whole name; these tests read every page back.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from builder.build import plan, run
from builder.workspace import open_workspace

NAME = "Abcdefghij" * 6  # 60 letters, no space
HUGE = "Qwertyuiop" * 500  # a 5,000-character description, no space
MAX_GLYPH_TEXT = 4  # one glyph stands for a letter or a ligature ("ffi"), never a run


def _write_project(root: Path, ruleset: str | None, books: str, files: dict[str, str]) -> Path:
    root.mkdir(parents=True)
    head = f"ruleset: {ruleset}\n" if ruleset else ""
    (root / "zodiac.yaml").write_text(
        f"{head}title: Long Words\nauthor: Tests\npaper: a4\nbooks:\n{books}", encoding="utf-8"
    )
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _build(root: Path, out: Path) -> list[Path]:
    ws = open_workspace([root])
    assert not ws.report.errors, ws.report.sorted()
    return [built.path for built in run(ws, plan(ws, ws.config, out))]


def _glyph_texts(path: Path) -> list[str]:
    """Every ToUnicode entry of every font: the text one glyph stands for."""
    texts: list[str] = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and "/ToUnicode" in obj:
                cmap = obj.ToUnicode.read_bytes().decode("latin-1")
                for m in re.finditer(r"<[0-9a-fA-F]+>\s*<([0-9a-fA-F]*)>", cmap):
                    texts.append(bytes.fromhex(m.group(1)).decode("utf-16-be", "replace"))
    return texts


def _assert_reads_back(pdf: Path, name: str) -> None:
    too_long = [t[:20] + "…" for t in _glyph_texts(pdf) if len(t) > MAX_GLYPH_TEXT]
    assert not too_long, f"{pdf.name}: glyphs standing for whole runs: {too_long}"
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)  # must not raise
    assert name in re.sub(r"\s+", "", text), f"{pdf.name}: the name does not read back"
    if shutil.which("pdftotext"):
        done = subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0 and done.stderr == "", done.stderr


ZODIAC_MONSTER = """\
kind: monster
name: {name}
level: 5
stats: {{str: 10, mag: 10, vit: 10, spr: 10, agi: 10}}
attack_die: d6
description: {description}
"""


@pytest.mark.parametrize("name", [NAME, "Mnopqrstuv" * 30], ids=["60-letters", "300-letters"])
def test_zodiac_cards_and_bestiary_read_back(tmp_path: Path, name: str) -> None:
    books = (
        "  - {title: Monster Cards, output: cards.pdf, holds: monster_cards}\n"
        "  - {title: Bestiary, output: bestiary.pdf, holds: bestiary}\n"
    )
    monster = ZODIAC_MONSTER.format(name=name, description=HUGE)
    root = _write_project(tmp_path / "p", None, books, {"long.yaml": monster})
    pdfs = _build(root, tmp_path / "out")
    assert len(pdfs) == 2
    for pdf in pdfs:
        _assert_reads_back(pdf, name)


COMPANIONS = {
    "16-bit-tactics": (
        "  - {title: Monster Cards, output: cards.pdf, holds: monster_cards}\n",
        """\
kind: monster
name: {name}
description: {description}
level: 3
atk: d8
matk: d6
hp: 30
mp: 10
dmg: 6
mdmg: 4
thresholds: {{eva: 1, 2def: 2, def: 3, m_eva: 1, 2m_def: 2, m_def: 3}}
mov: 4
jump: 3
abilities:
  - {{name: {name}, ap: 0, range: 1, effect: "{effect}"}}
""",
    ),
    "99-towers": (
        "  - {title: Combatant Cards, output: cards.pdf, holds: combatant_cards}\n",
        """\
kind: combatant
name: {name}
size: medium
values: {{n: 1, pa: 3, sa: 0, pd: 2, id: 1, px: 1, spd: 6, er: 1, ir: 0}}
strength: {{soft: 1, hard: 2}}
endurance: 2
stun: 10
lethal: 4
description: {short}
""",
    ),
}


@pytest.mark.parametrize("ruleset", sorted(COMPANIONS))
def test_companion_cards_read_back(tmp_path: Path, ruleset: str) -> None:
    books, entity = COMPANIONS[ruleset]
    text = entity.format(name=NAME, description=HUGE[:1900], short=HUGE[:1500], effect=HUGE[:390])
    root = _write_project(tmp_path / "p", ruleset, books, {"long.yaml": text})
    (pdf,) = _build(root, tmp_path / "out")
    _assert_reads_back(pdf, NAME)
