"""Regenerate the manual's pictures of printed pages (docs/*.png) from the example projects.

The getting-started pages show what each rule set's example project prints; the pictures
are real renders, not hand-made: this script builds the book each picture comes from
(`zodiac build content/examples/RULESET --only BOOK`) into a temporary folder and turns
the named PDF page into a PNG with pdftoppm (poppler) at a fixed resolution, so rerunning
it after a template change brings every picture up to date.

    python docs/render_images.py                      # every picture, into docs/
    python docs/render_images.py --ruleset 99-towers  # one rule set's pictures
    python docs/render_images.py --out /tmp/pictures  # somewhere else

Needs pdftoppm (`apt-get install poppler-utils`). `docs/gen_pages.py` reads PICTURES to
show each rule set's pictures on its getting-started page.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"


@dataclass(frozen=True)
class Picture:
    """One picture: which example book prints it, and which page of which PDF it is."""

    png: str  # the file under docs/
    ruleset: str  # content/examples/<ruleset>
    book: str  # the book's output name, as `zodiac build --only` takes it
    pdf: str  # the PDF (under the build's output folder) the page is in
    page: int  # 1-based
    dpi: int  # pdftoppm's resolution: A4 at 60 dpi is 497 x 702 pixels
    alt: str  # what the picture shows, for its alt text


PICTURES: tuple[Picture, ...] = (
    Picture(
        "sheet.png",
        "zodiac",
        "characters.pdf",
        "characters/amos-the-valiant.pdf",
        1,
        70,
        "Amos the Valiant's character sheet",
    ),
    Picture(
        "cards.png",
        "zodiac",
        "monster-cards.pdf",
        "monster-cards.pdf",
        1,
        70,
        "a page of monster cards",
    ),
    Picture(
        "sheet-16-bit-tactics.png",
        "16-bit-tactics",
        "characters.pdf",
        "characters/kestrel.pdf",
        1,
        60,
        "Kestrel's character sheet",
    ),
    Picture(
        "sheet-99-towers.png",
        "99-towers",
        "sheets.pdf",
        "sheets/tony-wrongway-wright.pdf",
        1,
        60,
        'Tony "Wrongway" Wright\'s combatant sheet',
    ),
    Picture(
        "sheet-turns-and-actions.png",
        "turns-and-actions",
        "players.pdf",
        "players/maren-saltwhistle.pdf",
        1,
        60,
        "Maren Saltwhistle's player sheet",
    ),
)


def pictures_of(ruleset: str) -> list[Picture]:
    """The pictures of one rule set's example project, in the order its page shows them."""
    return [p for p in PICTURES if p.ruleset == ruleset]


def _run(cmd: list[str]) -> None:
    env = {**os.environ, "ZODIAC_NO_CACHE": "1"}  # a fresh print, never a cached PDF
    r = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")


def render(ruleset: str, out: Path) -> list[Path]:
    """Build the books one rule set's pictures come from and write their PNGs into out."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SystemExit("needs pdftoppm (apt-get install poppler-utils)")
    wanted = pictures_of(ruleset)
    if not wanted:
        raise SystemExit(f"no pictures for rule set {ruleset!r}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        books = [a for p in dict.fromkeys(p.book for p in wanted) for a in ("--only", p)]
        _run(
            [
                sys.executable,
                "-m",
                "builder",
                "build",
                str(REPO / "content" / "examples" / ruleset),
                "--out",
                tmp,
                *books,
            ]
        )
        for picture in wanted:
            target = out / picture.png
            page = str(picture.page)
            _run(
                [
                    pdftoppm,
                    "-png",
                    "-r",
                    str(picture.dpi),
                    "-f",
                    page,
                    "-l",
                    page,
                    "-singlefile",
                    str(Path(tmp) / picture.pdf),
                    str(target.with_suffix("")),  # pdftoppm adds the .png
                ]
            )
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> None:
    """Regenerate the pictures of the rule sets asked (all of them by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    rulesets = list(dict.fromkeys(p.ruleset for p in PICTURES))
    parser.add_argument("--ruleset", action="append", choices=rulesets, help="repeatable")
    parser.add_argument("--out", type=Path, default=DOCS, help="default: docs/")
    args = parser.parse_args(argv)
    for ruleset in args.ruleset or rulesets:
        for path in render(ruleset, args.out):
            print(path)


if __name__ == "__main__":
    main()
