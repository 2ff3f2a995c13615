"""docs/render_images.py (issue 25): the manual's pictures are real renders of the example
projects, made again by a script. Skipped without pdftoppm (poppler-utils)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image

from builder.rulesets import all_rulesets
from tests.conftest import REPO

SCRIPT = REPO / "docs" / "render_images.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("render_images", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["render_images"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_rule_set_has_a_picture_and_each_is_in_docs() -> None:
    script = _script()
    for rule_set in all_rulesets():
        assert script.pictures_of(rule_set.id), rule_set.id
    for picture in script.PICTURES:
        assert (REPO / "content" / "examples" / picture.ruleset / "zodiac.yaml").is_file()
        assert (REPO / "docs" / picture.png).is_file(), picture.png


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_the_script_prints_a_rule_sets_picture(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, str(SCRIPT), "--ruleset", "16-bit-tactics", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    png = tmp_path / "sheet-16-bit-tactics.png"
    assert r.stdout.split() == [str(png)]
    with Image.open(png) as image:
        assert image.format == "PNG"
        assert image.size == (497, 702)  # one A4 page at 60 dpi
        rgb = image.convert("RGB")
    colours = rgb.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) >= 16, "a printed sheet, not a blank page"
    # white paper with ink on it: mostly light, some dark (the name, the tables' text)
    grey = rgb.convert("L")
    histogram = grey.histogram()
    dark = sum(histogram[:96]) / (497 * 702)
    light = sum(histogram[224:]) / (497 * 702)
    assert 0.01 < dark < 0.5 and light > 0.5, (dark, light)
    # the name is printed large at the top left, as on the committed picture
    name = grey.crop((20, 20, 200, 50))
    assert name.getextrema()[0] < 80
    with Image.open(REPO / "docs" / png.name) as committed:
        assert committed.size == image.size
