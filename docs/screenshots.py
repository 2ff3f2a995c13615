"""Look at the manual (issue 25): headless Chromium screenshots of the built site.

Builds the site (`mkdocs build --strict`) into a temporary folder, serves it on
127.0.0.1, and takes a PNG of the home page, a getting-started page, a code page and a
content reference page (its tables are the widest) at
desktop (1280 x 900) and phone (390 x 844) sizes, reading from each page what a person
would check by eye: its title, its first heading, and whether it is wider than the window
(`document.documentElement.scrollWidth` against the width asked: a phone must not scroll
sideways; `innerWidth` alone cannot say, as a phone zooms out to fit a wide page and its
`innerWidth` grows with it). Nothing is fetched from outside 127.0.0.1 (the theme's web fonts fall back).

    python docs/screenshots.py                 # into a new temporary folder
    python docs/screenshots.py --out /tmp/shots
    python docs/screenshots.py --site site/    # an already built site

Needs the docs extra, selenium (the test extra), chromium and chromedriver
(`apt-get install chromium chromium-driver`). `tests/test_docs.py` runs it and checks
every PNG.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

# (name, path under the site): the pages issue 25 asks to look at, and the widest tables
PAGES = (
    ("home", ""),
    ("getting-started", "getting-started/zodiac/"),
    ("code", "codes/ZT101/"),
    ("reference", "reference/99-towers/"),
)
# (name, width, height, mobile): a laptop, and a common phone (CSS pixels)
SIZES = (
    ("desktop", 1280, 900, False),
    ("phone", 390, 844, True),
)


@dataclass(frozen=True)
class Shot:
    """One screenshot and what the page said about itself when it was taken."""

    png: Path
    page: str  # the path under the site
    width: int  # the window asked for
    height: int
    title: str  # document.title
    heading: str  # the first <h1>'s text
    scroll_width: int  # document.documentElement.scrollWidth
    inner_width: int  # window.innerWidth


def build_site(out: Path) -> Path:
    """`mkdocs build --strict` into ``out``; the folder (it must succeed)."""
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "DISABLE_MKDOCS_2_WARNING": "true"},
    )
    if r.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{r.stdout}{r.stderr}")
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 (a free port) while the block runs; its base URL."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def missing() -> str | None:
    """Why screenshots cannot be taken here, or None when they can."""
    try:
        import selenium.webdriver  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(shutil.which(n) for n in ("chromium", "chromium-browser")):
        return "needs chromium (apt-get install chromium)"
    if shutil.which("chromedriver") is None:
        return "needs chromedriver (apt-get install chromium-driver)"
    return None


def browser() -> Any:
    """A headless Debian Chromium through chromedriver that reaches only 127.0.0.1."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    why = missing()
    if why:
        raise SystemExit(why)
    options = webdriver.ChromeOptions()
    options.binary_location = next(
        p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))
    )
    for flag in (
        "--headless=new",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-color-profile=srgb",
        # every other host fails at once: no waiting on the theme's web fonts
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ):
        options.add_argument(flag)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # chromium refuses to run its sandbox as root
    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium download a driver
    return webdriver.Chrome(
        service=Service(executable_path=shutil.which("chromedriver")), options=options
    )


def shoot(site: Path, out: Path, pages: tuple[tuple[str, str], ...] = PAGES) -> list[Shot]:
    """Every page of ``pages`` at every size of SIZES, as ``out/PAGE-SIZE.png``."""
    out.mkdir(parents=True, exist_ok=True)
    shots = []
    driver = browser()
    try:
        with serving(site) as base:
            for size, width, height, mobile in SIZES:
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
                )
                for name, path in pages:
                    driver.get(base + path)
                    facts = driver.execute_script(
                        "const h = document.querySelector('article h1');"
                        "return [document.title, h ? h.textContent : '',"
                        " document.documentElement.scrollWidth, window.innerWidth];"
                    )
                    png = out / f"{name}-{size}.png"
                    png.write_bytes(driver.get_screenshot_as_png())
                    shots.append(
                        Shot(
                            png=png,
                            page=path,
                            width=width,
                            height=height,
                            title=str(facts[0]),
                            heading=str(facts[1]).replace("¶", "").strip(),
                            scroll_width=int(facts[2]),
                            inner_width=int(facts[3]),
                        )
                    )
    finally:
        driver.quit()
    return shots


def main(argv: list[str] | None = None) -> None:
    """Build the site (or take a built one) and write the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="default: a new temporary folder")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="zodiac-shots-"))
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build_site(Path(tmp) / "site")
        for shot in shoot(site, out):
            fits = shot.scroll_width <= shot.width and shot.inner_width == shot.width
            wide = "" if fits else "  WIDER THAN THE WINDOW"
            print(
                f"{shot.png}  {shot.width}x{shot.height}  {shot.title!r}  "
                f"scrollWidth {shot.scroll_width} / innerWidth {shot.inner_width}{wide}"
            )


if __name__ == "__main__":
    main()
