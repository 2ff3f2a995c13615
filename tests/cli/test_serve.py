"""`zodiac serve`: the live preview, as a user runs it (a real server in its own process).

The HTTP tests always run; the browser test drives Debian's chromium through its driver
(selenium) and is skipped, saying why, where chromium, chromium-driver or selenium is
missing (`apt-get install chromium chromium-driver`, `pip install -e ".[test]"`).
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from builder.paths import content_dir
from builder.serve import inject_head, snapshot

AMOS = "/entity/character/amos-the-valiant"
STATS = "base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}"


class Served:
    """A `zodiac serve` process on a copy of a project, and requests to it."""

    def __init__(self, root: Path, proc: subprocess.Popen[str], port: int) -> None:
        self.root = root
        self.proc = proc
        self.port = port
        self.url = f"http://127.0.0.1:{port}"

    def get(
        self, path: str, host: str | None = "", method: str = "GET"
    ) -> tuple[int, dict[str, str], str]:
        """A raw request: the path goes out exactly as written; `host=None` sends no Host."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            if host is not None:
                conn.putheader("Host", host or f"127.0.0.1:{self.port}")
            conn.endheaders()
            response = conn.getresponse()
            body = response.read().decode("utf-8", errors="replace")
            return response.status, {k.lower(): v for k, v in response.getheaders()}, body
        finally:
            conn.close()

    def state(self) -> int:
        return int(json.loads(self.get("/_/state")[2])["version"])


def _tree(root: Path) -> dict[str, str]:
    """Every file under `root` and a digest of its bytes: equal trees, nothing written."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _start(root: Path, env: dict[str, str] | None = None) -> Served:
    proc = subprocess.Popen(
        [sys.executable, "-m", "builder", "serve", str(root), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200", **(env or {})},
    )
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if match:
            return Served(root, proc, int(match.group(1)))
    proc.kill()
    raise AssertionError(f"no URL printed: {lines} {proc.stderr.read() if proc.stderr else ''}")


def _children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc), to see the worker go away."""
    kids = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        match = re.search(r"^PPid:\s*(\d+)", text, flags=re.MULTILINE)
        if match and int(match.group(1)) == pid:
            kids.append(int(status.parent.name))
    return kids


def _stop(served: Served) -> tuple[int, str]:
    served.proc.send_signal(signal.SIGINT)
    try:
        out, _ = served.proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        served.proc.kill()
        raise
    return served.proc.returncode, out


def _until(check: Callable[[], Any], seconds: float) -> Any:
    end = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.05)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "saga"
    shutil.copytree(content_dir() / "examples" / "zodiac", root)
    return root


@pytest.fixture
def served(project: Path) -> Iterator[Served]:
    server = _start(project)
    yield server
    if server.proc.poll() is None:
        _stop(server)


# ------------------------------------------------------------------- small pieces


def test_inject_head_puts_the_base_before_any_link() -> None:
    page = '<!doctype html><HTML><Head lang="x"><link href="css/print.css"></head></html>'
    out = inject_head(page, "<base href='/assets/'>")
    assert out.index("<base") < out.index("<link")
    assert out.startswith('<!doctype html><HTML><Head lang="x"><base')
    assert inject_head("<p>no head</p>", "<b>") == "<b><p>no head</p>"


def test_snapshot_sees_a_save_and_skips_outputs(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("kind: x\n")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "book.pdf").write_text("pdf")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref")
    before = snapshot(tmp_path)
    assert [name for name, _, _ in before] == ["a.yaml"]
    (tmp_path / "dist" / "book.pdf").write_text("pdf, printed again")
    assert snapshot(tmp_path) == before
    (tmp_path / "a.yaml").write_text("kind: y\n")  # same size, later time
    os.utime(tmp_path / "a.yaml", ns=(before[0][1] + 10**9, before[0][1] + 10**9))
    assert snapshot(tmp_path) != before


# ------------------------------------------------------------------- over HTTP


def test_lists_books_and_entities_and_prints_a_sheet(served: Served) -> None:
    status, headers, body = served.get("/")
    assert status == 200
    assert "The Crystal Saga" in body
    assert 'href="/book/bestiary.pdf"' in body
    assert 'href="/entity/character/amos-the-valiant"' in body
    assert "characters/amos.yaml:2" in body  # where each entry starts (its `kind:`)
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    status, headers, body = served.get("/print" + AMOS)
    assert status == 200
    assert "script-src" not in headers["content-security-policy"]  # default-src 'none': none
    # The same HTML the PDF gets, with the browser pointed at our assets.
    assert '<base href="/assets/">' in body and 'href="css/print.css"' in body
    assert re.search(
        r"<th>Strength</th>\s*<td[^>]*>27</td>\s*<td[^>]*>\+21</td>\s*<td[^>]*>48</td>", body
    )
    status, _, css = served.get("/assets/css/print.css")
    assert status == 200 and "@page" in css


def test_a_save_shows_within_a_second_and_errors_show_file_and_line(served: Served) -> None:
    amos = served.root / "characters" / "amos.yaml"
    assert "6,200 XP" in served.get("/print" + AMOS)[2]
    before = served.state()
    amos.write_text(amos.read_text().replace("xp: 6200", "xp: 6300"))
    saved = time.monotonic()
    assert _until(lambda: served.state() > before, 1.0), "the save was not seen within a second"
    status, _, body = served.get("/print" + AMOS)
    took = time.monotonic() - saved
    print(f"save to new sheet over HTTP: {took:.2f} s")
    assert took < 3  # ~0.5 s on an idle machine; 2 loaded cores are slower
    assert status == 200 and "6,300 XP" in body
    amos.write_text(amos.read_text().replace("level: 12", "level: twelve"))
    assert _until(lambda: "amos.yaml:7:8" in served.get("/_/problems")[2], 2.0)
    problems = json.loads(served.get("/_/problems")[2])
    assert problems["counts"]["errors"] == 1
    [problem] = problems["problems"]
    assert problem["where"] == "characters/amos.yaml:7:8" and problem["code"] == "ZS104"
    status, _, page = served.get(AMOS)
    assert status == 200 and "characters/amos.yaml:7:8" in page  # on the page itself
    status, _, body = served.get("/print" + AMOS)
    assert status == 404 and "may have errors" in body


def test_refuses_foreign_hosts_paths_outside_and_writes(served: Served, tmp_path: Path) -> None:
    # DNS rebinding: a page at evil.example resolving to 127.0.0.1 sends its own name.
    for host in ("evil.example", f"evil.example:{served.port}", "127.0.0.1:1", "127.0.0.1", None):
        status, _, body = served.get("/", host=host)
        assert status == 403, host
        assert "The Crystal Saga" not in body
    assert served.get("/", host=f"localhost:{served.port}")[0] == 200
    secret = tmp_path / "secret.css"
    secret.write_text("body { content: 'secret' }")
    (served.root / "templates" / "css").mkdir(parents=True)
    (served.root / "templates" / "css" / "leak.css").symlink_to(secret)
    config = served.root / "zodiac.yaml"
    before = served.state()
    config.write_text(config.read_text() + "templates: templates\n")
    assert _until(lambda: served.state() > before, 2.0)
    outside = [
        "/assets/../../../../../../etc/passwd",
        "/assets/..%2F..%2Fzodiac.yaml",
        "/assets/%2e%2e/%2e%2e/zodiac.yaml",
        "/assets//etc/passwd",
        "/assets/css/leak.css",  # a link in the project's templates, pointing out
        "/assets/css/print.css%00.png",
        "/assets/sheets/character.html",  # templates are not assets
        "/print/entity/character/..%2F..%2Fzodiac.yaml",
        "http://evil.example/assets/css/print.css",
    ]
    for path in outside:
        status, _, body = served.get(path)
        assert status in (400, 403, 404), path
        assert "secret" not in body and "root:" not in body, path
    assert served.get("/assets/css/print.css")[0] == 200
    assert served.get("/", method="POST")[0] == 501
    assert served.get("/", method="DELETE")[0] == 501


def test_read_only_and_ctrl_c_exits_cleanly(served: Served) -> None:
    before = _tree(served.root)
    for path in (
        "/",
        AMOS,
        "/print" + AMOS,
        "/print/book/bestiary.pdf",
        "/print/book/monster-cards.pdf",
    ):
        assert served.get(path)[0] == 200, path
    workers = _children(served.proc.pid)
    assert workers, "the preview runs the project's templates in a worker process"
    code, out = _stop(served)
    assert code == 0 and "stopped" in out
    assert _until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers), 5.0)
    assert _tree(served.root) == before  # nothing written: no cache, no output


def test_a_template_that_never_ends_is_an_error_not_a_hang(project: Path) -> None:
    """The build's per-file deadline bounds a preview too; the server keeps answering."""
    folder = project / "templates" / "sheets"
    folder.mkdir(parents=True)
    (folder / "character.html").write_text(
        "{% extends 'base.html' %}{% block body %}\n"
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"
        "{% endblock %}\n"
    )
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "templates: templates\n")
    served = _start(project, env={"ZODIAC_RENDER_SECONDS": "1"})
    try:
        started = time.monotonic()
        status, _, body = served.get("/print" + AMOS)
        assert time.monotonic() - started < 10
        assert status == 500
        assert "sheets/character.html:2" in body and "longer than 1 s" in body
        assert served.get("/print/book/bestiary.pdf")[0] == 200  # still serving
    finally:
        code, _ = _stop(served)
    assert code == 0


def test_cli_refuses_a_folder_without_a_project(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "builder", "serve", str(tmp_path), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "no zodiac.yaml" in result.stderr + result.stdout


# ------------------------------------------------------------------- in a browser


def _browser() -> Any:
    """A headless Debian chromium through chromedriver; skips when either is missing."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    chromium = next(
        (p for name in ("chromium", "chromium-browser") if (p := shutil.which(name))), None
    )
    driver = shutil.which("chromedriver")
    if chromium is None or driver is None:
        pytest.skip("needs chromium and chromium-driver (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (
        "--headless=new",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # chromium refuses to run its sandbox as root
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    os.environ.setdefault("SE_OFFLINE", "true")  # never let selenium download a driver
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def _strength(browser: Any) -> str:
    """The sheet's Strength total, or "" while the page is being replaced (a live update
    may swap the frame between finding the cell and reading it)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By

    browser.switch_to.default_content()
    try:
        browser.switch_to.frame(browser.find_element(By.ID, "print"))
        cells = browser.find_elements(By.XPATH, "//tr[th='Strength']/td[contains(@class,'total')]")
        return cells[0].text if cells else ""
    except (StaleElementReferenceException, NoSuchElementException):
        return ""
    finally:
        browser.switch_to.default_content()


def test_in_a_browser_a_saved_stat_appears(served: Served) -> None:
    from selenium.webdriver.common.by import By

    browser = _browser()
    try:
        browser.get(served.url + "/")
        assert "The Crystal Saga" in browser.title
        browser.find_element(By.LINK_TEXT, "Amos the Valiant").click()
        assert _until(lambda: _strength(browser) == "48", 15), "the sheet did not show"
        shot = os.environ.get("ZODIAC_PREVIEW_SCREENSHOT")
        if shot:  # docs/preview.png is taken this way
            browser.save_screenshot(shot)
        amos = served.root / "characters" / "amos.yaml"
        text = amos.read_text()
        assert STATS in text
        # Raise Strength by one (and lower Agility, to keep the creation budget).
        amos.write_text(
            text.replace(STATS, "base_stats: {str: 12, mag: 6, vit: 6, spr: 11, agi: 5}")
        )
        saved = time.monotonic()
        assert _until(lambda: _strength(browser) == "49", 5), "the new number did not appear"
        seen = time.monotonic() - saved
        print(f"save to new number in the browser: {seen:.2f} s")
        assert seen < 3
        amos.write_text(amos.read_text().replace("level: 12", "level: twelve"))
        panel = browser.find_element(By.ID, "problems")
        assert _until(lambda: "characters/amos.yaml:7:8" in panel.text, 5)
        assert "ZS104" in panel.text and panel.is_displayed()
        # Nothing was fetched from anywhere but this server, and our policy broke nothing.
        requests = [
            json.loads(entry["message"])["message"]["params"]["request"]["url"]
            for entry in browser.get_log("performance")
            if '"Network.requestWillBeSent"' in entry["message"]
        ]
        assert requests and all(
            u.startswith(served.url + "/") or u.startswith("data:") for u in requests
        ), requests
        console = [e["message"] for e in browser.get_log("browser")]
        assert not [m for m in console if "Content Security Policy" in m], console
    finally:
        browser.quit()
