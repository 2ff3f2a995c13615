"""The manual (issue 25): `mkdocs build --strict` builds it, and the generated pages show
what the builder prints. Skipped where the `docs` extra is not installed."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from builder.rulesets import all_rulesets
from tests.conftest import REPO

pytest.importorskip("mkdocs_gen_files")
pytest.importorskip("material")


def _text(page: Path) -> str:
    """The visible text of a built page's article."""
    body = re.search(r"<article.*?</article>", page.read_text(encoding="utf-8"), re.S)
    assert body is not None, page
    return html.unescape(re.sub(r"<[^>]+>", "", body.group(0)))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        env={"DISABLE_MKDOCS_2_WARNING": "true", "PATH": str(Path(sys.executable).parent)},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return out


def test_a_code_page_shows_its_failing_line_and_twin(site: Path) -> None:
    text = _text(site / "codes" / "ZT101" / "index.html")
    assert "Tech Level not allowed for this primary effect" in text
    assert (
        "tech.yaml:3:13: error ZT101 Break Arts cannot be Tech Level 3; use 2, 4, 6 [R12]" in text
    )
    assert "Passing twin" in text


def test_every_code_has_a_page_linked_from_the_index(site: Path) -> None:
    from builder.codes import all_codes

    index = (site / "codes" / "index.html").read_text(encoding="utf-8")
    for code in all_codes():
        assert (site / "codes" / code / "index.html").is_file(), code
        assert f'href="{code}/"' in index, code


def test_each_rule_set_has_a_getting_started_page_that_ran(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for rule_set in all_rulesets():
        text = _text(site / "getting-started" / rule_set.id / "index.html")
        assert f"zodiac init my-campaign --ruleset {rule_set.id}" in text
        assert "created my-campaign/zodiac.yaml" in text  # init's real output
        assert f"ruleset: {rule_set.id}" in text
        assert "✓ 0 errors, 0 warnings" in text  # validate's real output on the scaffold
        assert f'href="getting-started/{rule_set.id}/"' in home, rule_set.id
    # Each page names its rule set's own wizard, read from the mounted app (issue 26).
    wizards = {
        "zodiac": "zodiac character new or zodiac monster new",
        "16-bit-tactics": "zodiac character new",
        "99-towers": "zodiac combatant new",
        "turns-and-actions": "zodiac combatant new",
    }
    for rid, words in wizards.items():
        text = _text(site / "getting-started" / rid / "index.html")
        assert f"No YAML to write: in the project, {words} asks" in text, rid


def test_included_pages_are_the_source_text(site: Path) -> None:
    """Security, benchmarks and architecture are the README's and ARCHITECTURE.md's text."""
    security = _text(site / "security" / "index.html")
    assert "Nothing runs, nothing is fetched." in security
    benchmarks = _text(site / "benchmarks" / "index.html")
    assert "Why an edit still costs" in benchmarks
    assert 'href="../guide/printing/"' in (site / "benchmarks" / "index.html").read_text(
        encoding="utf-8"
    )  # the README's docs/ link, made the site's own
    printing = _text(site / "guide" / "printing" / "index.html")
    assert "Long books print in parts" in printing
    architecture = _text(site / "architecture" / "index.html")
    assert "Arrows point down only" in architecture
    rulings = _text(site / "RULINGS" / "index.html")
    assert "R12" in rulings


def test_each_rule_set_has_a_content_reference(site: Path) -> None:
    for rule_set in all_rulesets():
        text = _text(site / "reference" / rule_set.id / "index.html")
        for kind in rule_set.kinds:
            assert f"\n{kind}¶" in text, (rule_set.id, kind)  # its heading, with a permalink
    towers = _text(site / "reference" / "99-towers" / "index.html")
    assert "Maximum STUN." in towers and "<PA>" in towers


def test_the_cli_reference_has_every_command_and_option(site: Path) -> None:
    """Read from the Typer app, rule sets' own groups included."""
    page = (site / "cli" / "index.html").read_text(encoding="utf-8")
    for anchor in ("zodiac-validate", "zodiac-rules-codes", "zodiac-tool-clock", "zodiac-init"):
        assert f'id="{anchor}"' in page, anchor
    text = _text(site / "cli" / "index.html")
    assert "zodiac validate [OPTIONS]" in text
    assert "--strict" in text and "--ruleset" in text


def test_the_click_command_is_the_app() -> None:
    from builder.cli import app as app_module

    command = app_module.click_command
    assert {"validate", "build", "rules", "init"} <= set(command.commands)


def test_search_finds_a_code_by_its_id_and_a_field_by_its_name(site: Path) -> None:
    """Material's search index (what the search box reads) holds a code's page under its
    id and the content reference's row of a field under the field's name."""
    import json

    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert any(d["title"] == "ZC102" and d["location"] == "codes/ZC102/" for d in docs)
    field_hits = [
        d["location"]
        for d in docs
        if "base_stats" in d["text"] and d["location"].startswith("reference/zodiac/")
    ]
    assert field_hits, "the ZODIAC content reference is searchable by a field's name"


def _docs_script(name: str) -> Any:
    """A script under docs/ (not a package: mkdocs excludes them from the site)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, REPO / "docs" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_site_looked_at_in_chromium(site: Path, tmp_path: Path) -> None:
    """docs/screenshots.py: the home, a getting-started, a code and a reference page at
    desktop and phone widths are real PNGs of the size asked, not blank, titled, and a phone never
    scrolls sideways."""
    from PIL import Image

    shots_script = _docs_script("screenshots")
    why = shots_script.missing()
    if why:
        pytest.skip(why)
    shots = shots_script.shoot(site, tmp_path)
    assert {(s.page, s.width) for s in shots} == {
        (page, width) for _, page in shots_script.PAGES for width in (1280, 390)
    }
    headings = {"": "zodiac, the rule book builder", "codes/ZT101/": "ZT101"}
    headings["getting-started/zodiac/"] = "Getting started: ZODIAC"
    headings["reference/99-towers/"] = "Content reference: 99 Towers"
    for shot in shots:
        with Image.open(shot.png) as image:
            assert image.format == "PNG", shot.png
            assert image.size == (shot.width, shot.height), shot.png
            colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) >= 16, f"{shot.png} is blank"
        # the page's own title and first heading are on it
        assert shot.title.endswith("zodiac, the rule book builder"), shot
        assert shot.heading.startswith(headings[shot.page]), shot
        # innerWidth grows when a phone zooms out to fit a wide page: the width asked
        assert shot.scroll_width <= shot.width and shot.inner_width == shot.width, shot


def test_each_getting_started_page_shows_its_pictures(site: Path) -> None:
    """The pictures docs/render_images.py prints, each with what it shows."""
    pictures = _docs_script("render_images")
    for rule_set in all_rulesets():
        page = (site / "getting-started" / rule_set.id / "index.html").read_text(encoding="utf-8")
        for picture in pictures.pictures_of(rule_set.id):
            assert f'src="../../{picture.png}"' in page, (rule_set.id, picture.png)
            assert (site / picture.png).is_file()
            assert html.escape(picture.alt, quote=True) in page or picture.alt in page


def test_the_screenshots_see_a_page_wider_than_a_phone(tmp_path: Path) -> None:
    """The sideways check is not vacuous: a page with a fixed 700 px block is wider than
    a phone's 390 and fits a desktop's 1280."""
    shots_script = _docs_script("screenshots")
    why = shots_script.missing()
    if why:
        pytest.skip(why)
    site = tmp_path / "site"
    (site / "wide").mkdir(parents=True)
    (site / "wide" / "index.html").write_text(
        '<!doctype html><html><head><meta name="viewport" content="width=device-width">'
        "<title>Wide</title></head><body><article><h1>Too wide</h1>"
        '<div style="width:700px;height:40px;background:#c33"></div></article></body></html>',
        encoding="utf-8",
    )
    shots = shots_script.shoot(site, tmp_path / "shots", pages=(("wide", "wide/"),))
    widths = {s.width: (s.scroll_width, s.inner_width, s.title, s.heading) for s in shots}
    # a phone zooms out to show it all: innerWidth grows with the page, so the page's
    # width is held against the 390 asked, not against innerWidth alone
    assert widths[390][0] >= 700 and widths[390][1] >= 700
    assert widths[1280][:2] == (1280, 1280)
    assert widths[390][2:] == ("Wide", "Too wide")
