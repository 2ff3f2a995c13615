"""`zodiac serve`: the live preview, as a user runs it (a real server in its own process).

The HTTP tests always run; the browser test drives Debian's chromium through its driver
(selenium) and is skipped, saying why, where chromium, chromium-driver or selenium is
missing (`apt-get install chromium chromium-driver`, `pip install -e ".[test]"`).

No test here depends on how fast the machine is (issue #28): a wait is for an event, with
a bound (`WAIT`) that only a hang reaches; a save is waited for as an event (the
watcher's count, or the version the server answers); the render deadline is one the test sets, on a template that
never ends, with everything else (loading, the next answer) outside it.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from builder.paths import content_dir
from builder.serve import STEP_MS, Watcher, inject_head, make_server

AMOS = "/entity/character/amos-the-valiant"
STATS = "base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}"
WAIT = 120.0  # seconds a wait for an event may take: reached only when it never happens


class Served:
    """A `zodiac serve` process on a copy of a project, and requests to it."""

    def __init__(self, root: Path, proc: subprocess.Popen[str], port: int, output: _Output) -> None:
        self.root = root
        self.proc = proc
        self.port = port
        self.output = output
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


class _Output(threading.Thread):
    """Reads a process's output as it comes (so a wait for a line is bounded, and a full
    pipe never blocks the server); `text` is all of it so far."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        super().__init__(daemon=True)
        self.proc = proc
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.start()

    def run(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.lines.append("")  # the end
            self.changed.notify_all()

    @property
    def text(self) -> str:
        return "".join(self.lines)

    def wait_for(self, pattern: str) -> re.Match[str] | None:
        """The first match of `pattern` in a line, waiting for it (None if the output ends)."""
        seen = 0
        with self.changed:
            while True:
                for line in self.lines[seen:]:
                    if line == "":
                        return None
                    if match := re.search(pattern, line):
                        return match
                seen = len(self.lines)
                if not self.changed.wait(WAIT):
                    return None


def _start(root: Path, env: dict[str, str] | None = None) -> Served:
    proc = subprocess.Popen(
        [sys.executable, "-m", "builder", "serve", str(root), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "COLUMNS": "200", **(env or {})},
    )
    output = _Output(proc)
    match = output.wait_for(r"http://127\.0\.0\.1:(\d+)/")
    if match:
        return Served(root, proc, int(match.group(1)), output)
    proc.kill()
    proc.wait()
    output.join(WAIT)
    raise AssertionError(f"no URL printed: {output.text}")


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
        served.proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        served.proc.kill()
        raise
    served.output.join(WAIT)
    return served.proc.returncode, served.output.text


def _until(check: Callable[[], Any], seconds: float = WAIT) -> Any:
    """Poll `check` until it holds; `seconds` bounds a wait for what never happens."""
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


def _started(root: Path) -> tuple[Watcher, Callable[[int], bool]]:
    """A running watcher on `root`, and a wait (bounded) for its version to pass a number."""
    counted = threading.Condition()

    def note() -> None:
        with counted:
            counted.notify_all()

    watcher = Watcher(root, on_change=note)
    watcher.start()

    def past(version: int, seconds: float = WAIT) -> bool:
        with counted:
            return counted.wait_for(lambda: watcher.version > version, seconds)

    return watcher, past


def test_the_watcher_counts_a_save_when_the_os_reports_it(tmp_path: Path) -> None:
    """A save counts a new version as soon as the OS reports it (no clock: the test waits
    for the count), and a stop returns at once, the thread gone. (A subfolder's save,
    and what is not counted, are the next test's.)"""
    (tmp_path / "zodiac.yaml").write_text("title: t\n")
    path = tmp_path / "a.yaml"
    path.write_text("kind: x\n")
    watcher, past = _started(tmp_path)
    try:
        assert watcher.version == 1
        path.write_text("kind: y\n")  # same size: a changed time alone is a change
        assert past(1), "the save was never seen"
    finally:
        watcher.stop(WAIT)
    assert not watcher.is_alive()
    # The page asks for the version every 0.3 s: a save shows within a second.
    ui = (Path(__file__).parents[2] / "templates" / "serve" / "ui.js").read_text()
    assert STEP_MS / 1000 + 0.3 < 1.0 and "setTimeout(tick, 300)" in ui


def test_where_there_are_no_file_events_the_watcher_polls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`WATCHFILES_FORCE_POLLING` (as where the OS refuses more watches): it compares the
    files itself, and a save still counts. The poller's first look at the files runs
    while the watch starts, so a save in that moment may be taken for the first state:
    the test saves again (new bytes each time) until one is counted, within `WAIT`."""
    monkeypatch.setenv("WATCHFILES_FORCE_POLLING", "1")
    path = tmp_path / "a.yaml"
    path.write_text("kind: x\n")
    watcher, past = _started(tmp_path)
    try:
        assert watcher.polling
        end = time.monotonic() + WAIT
        for n in itertools.count():
            path.write_text(f"kind: y{n}\n")
            if past(1, 1.0) or time.monotonic() > end:
                break
        assert watcher.version > 1, "no save was ever seen"
    finally:
        watcher.stop(WAIT)
    assert not watcher.is_alive()
    monkeypatch.setenv("WATCHFILES_FORCE_POLLING", "false")
    watcher = Watcher(tmp_path)
    assert not watcher.polling
    watcher.stop()


def test_the_watcher_ignores_dot_files_outputs_and_excluded_files(tmp_path: Path) -> None:
    """Changes the preview cannot show count no version: dot files and folders, `dist/`,
    what `exclude:` names, a file outside the project. Each ignored write comes before a
    watched one, so the count after both is one version per watched write."""
    (tmp_path / "zodiac.yaml").write_text("title: t\nexclude: [drafts, '*.bak.yaml']\n")
    for folder in ("drafts", "dist", ".git", "monsters"):
        (tmp_path / folder).mkdir()
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    ignored = [
        tmp_path / ".hidden.yaml",
        tmp_path / ".git" / "HEAD",
        tmp_path / "dist" / "book.pdf",
        tmp_path / "drafts" / "x.yaml",
        tmp_path / "monsters" / "old.bak.yaml",
        outside,
    ]
    watcher = Watcher(tmp_path)
    assert [watcher.watched(str(p)) for p in ignored] == [False] * len(ignored)
    assert watcher.changed(str(p) for p in ignored) is False and watcher.version == 1
    assert watcher.watched(str(tmp_path / "monsters" / "m.yaml"))
    assert watcher.watched(str(tmp_path / "templates" / "card.html"))  # templates count
    assert watcher.watched(str(tmp_path / "zodiac.yaml"))
    watcher.stop()
    # Live: each batch the OS reports counts a version exactly when a watched file is in
    # it. The ignored writes are reported (waited for) before the watched one is written.
    reported: list[tuple[set[str], bool]] = []
    seen = threading.Condition()
    watched = str(tmp_path / "monsters" / "m.yaml")

    class Recording(Watcher):
        def changed(self, paths: Iterable[str]) -> bool:
            batch = set(paths)
            counted = super().changed(batch)
            with seen:
                reported.append((batch, counted))
                seen.notify_all()
            return counted

    def all_reported(paths: set[str]) -> bool:
        return paths <= set().union(*(batch for batch, _ in reported))

    watcher = Recording(tmp_path)
    watcher.start()
    inside = {str(p) for p in ignored if p != outside}
    try:
        for path in ignored:
            path.write_text("ignored\n")
        with seen:
            assert seen.wait_for(lambda: all_reported(inside), WAIT), reported
        assert watcher.version == 1
        Path(watched).write_text("kind: monster\n")
        with seen:
            assert seen.wait_for(lambda: all_reported({watched}), WAIT), reported
        assert watcher.version >= 2
        assert [counted for _, counted in reported] == [watched in b for b, _ in reported]
    finally:
        watcher.stop(WAIT)
        outside.unlink()
    assert not watcher.is_alive()


def test_close_stops_the_watcher_and_the_worker_promptly(project: Path) -> None:
    """`close()` returns (bounded), the watcher's thread and the worker process gone."""
    server = make_server(project, 0)
    worker = server.worker._proc
    closing = threading.Thread(target=server.close)
    closing.start()
    closing.join(WAIT)
    assert not closing.is_alive(), "close() hung"
    assert not server.watcher.is_alive()
    assert worker is not None and not worker.is_alive()


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


def test_a_save_shows_and_errors_show_file_and_line(served: Served) -> None:
    """How soon is the watcher's business (above); here, that the save reaches the page."""
    amos = served.root / "characters" / "amos.yaml"
    assert "6,200 XP" in served.get("/print" + AMOS)[2]
    before = served.state()
    amos.write_text(amos.read_text().replace("xp: 6200", "xp: 6300"))
    saved = time.monotonic()
    assert _until(lambda: served.state() > before), "the save was never seen"
    status, _, body = served.get("/print" + AMOS)
    print(f"save to new sheet over HTTP: {time.monotonic() - saved:.2f} s")  # ~0.5 s idle
    assert status == 200 and "6,300 XP" in body
    amos.write_text(amos.read_text().replace("level: 12", "level: twelve"))
    assert _until(lambda: "amos.yaml:7:8" in served.get("/_/problems")[2])
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
    assert _until(lambda: served.state() > before)
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


def _raw(served: Served, method: str, path: str, headers: dict[str, str], body: bytes = b""):
    """A request as http.client sends it (all of it, then the answer is read), on a new
    connection; returns the open connection and its response."""
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=120)
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", f"127.0.0.1:{served.port}")
    for name, value in headers.items():
        conn.putheader(name, value)
    conn.endheaders(body or None)
    return conn, conn.getresponse()


def test_a_huge_header_is_answered_431_and_the_client_reads_it(served: Served) -> None:
    """8 MiB in one header, or 128 KiB over many: the client sends it all and reads a 431
    (the server reads what it refuses before closing, so the client sees no broken pipe)."""
    for headers in (
        {"X-Huge": "a" * (8 * 1024 * 1024)},
        {f"X-Many-{i}": "b" * 2048 for i in range(64)},  # each line, and their count, is fine
    ):
        conn, response = _raw(served, "GET", "/", headers)
        try:
            body = response.read().decode()
            assert response.status == 431, (response.status, body[:200])
            assert "headers larger than 64 KiB" in body
            assert response.getheader("Connection") == "close"
            assert "default-src 'none'" in response.getheader("Content-Security-Policy", "")
        finally:
            conn.close()
    assert served.get("/")[0] == 200  # and it keeps serving


def test_a_request_body_over_the_cap_is_answered_413_and_a_small_one_is_skipped(
    served: Served,
) -> None:
    """A GET has no business with a body: a Content-Length over 64 KiB is a 413 the client
    reads, whether it sends the body (8 MiB) or only announces it (1 TiB)."""
    for length, body in ((8 * 1024 * 1024, b"x" * (8 * 1024 * 1024)), (2**40, b"")):
        conn, response = _raw(served, "GET", "/", {"Content-Length": str(length)}, body)
        try:
            text = response.read().decode()
            assert response.status == 413, (response.status, text[:200])
            assert "takes no request body over 64 KiB" in text
            assert response.getheader("Connection") == "close"
        finally:
            conn.close()
    # A small body is read and dropped: the next request on the connection is answered.
    conn, response = _raw(served, "GET", "/_/state", {"Content-Length": "5"}, b"hello")
    try:
        assert response.status == 200 and "version" in response.read().decode()
        conn.request("GET", "/_/state", headers={"Host": f"127.0.0.1:{served.port}"})
        second = conn.getresponse()
        assert second.status == 200 and "version" in second.read().decode()
    finally:
        conn.close()


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
    assert _until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in workers))
    assert _tree(served.root) == before  # nothing written: no cache, no output


def test_a_template_that_never_ends_is_an_error_not_a_hang(project: Path) -> None:
    """The build's per-file deadline bounds a preview too; the server keeps answering.

    The deadline is the test's (3 s, 20 times what the sheet needs before its loop starts
    on an idle machine); the template never ends, so it is always reached. Loading the
    project has its own deadline (the build's 60 s), and what is asked afterwards renders
    nothing, so no part of the test races the clock."""
    folder = project / "templates" / "sheets"
    folder.mkdir(parents=True)
    (folder / "character.html").write_text(
        "{% extends 'base.html' %}{% block body %}\n"
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"
        "{% endblock %}\n"
    )
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "templates: templates\n")
    served = _start(project, env={"ZODIAC_RENDER_SECONDS": "3"})
    try:
        assert served.get("/")[0] == 200  # loaded (under the load deadline, not 3 s)
        workers = set(_children(served.proc.pid))
        status, _, body = served.get("/print" + AMOS)  # answers at all: the deadline held
        assert status == 500
        assert "sheets/character.html:2" in body and "longer than 3 s" in body
        # The worker stopped the render itself: the same process answers the next request.
        status, _, body = served.get("/print/entity/character/nobody")
        assert status == 404 and "holds no character &#x27;nobody&#x27;" in body
        assert set(_children(served.proc.pid)) == workers
    finally:
        code, _ = _stop(served)
    assert code == 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_server_killed_takes_its_busy_worker_with_it(project: Path) -> None:
    """SIGKILL of `zodiac serve` in the middle of a render: the worker stops too, not at
    its deadline (issue #28). The render never ends and its deadline is 10 minutes, so
    only the worker's watch on its parent can end it within the test's bound; that it is
    busy is seen from its CPU time growing, not from a sleep."""
    folder = project / "templates" / "sheets"
    folder.mkdir(parents=True)
    (folder / "character.html").write_text(
        "{% extends 'base.html' %}{% block body %}\n"
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"
        "{% endblock %}\n"
    )
    config = project / "zodiac.yaml"
    config.write_text(config.read_text() + "templates: templates\n")
    served = _start(project, env={"ZODIAC_RENDER_SECONDS": "600"})
    try:
        assert served.get("/")[0] == 200  # loaded
        workers = [pid for pid in _children(served.proc.pid) if _cpu_seconds(pid) > 0]
        assert workers, "the preview renders in a worker process"
        start = {pid: _cpu_seconds(pid) for pid in workers}
        threading.Thread(target=lambda: _quietly(served.get, "/print" + AMOS), daemon=True).start()
        assert _until(lambda: any(_cpu_seconds(pid) > start[pid] + 1.0 for pid in workers))
        served.proc.kill()
        served.proc.wait(timeout=WAIT)
        assert _until(lambda: not any(_running(pid) for pid in workers))
    finally:
        if served.proc.poll() is None:
            served.proc.kill()
        for pid in workers:
            if _running(pid):
                os.kill(pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    """Alive and not a zombie: an orphan's exit may never be reaped in a container."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def _quietly(call: Callable[..., Any], *args: Any) -> None:
    with contextlib.suppress(OSError):  # the server was killed under the request
        call(*args)


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
        assert _until(lambda: _strength(browser) == "48"), "the sheet did not show"
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
        assert _until(lambda: _strength(browser) == "49"), "the new number never appeared"
        print(f"save to new number in the browser: {time.monotonic() - saved:.2f} s")
        amos.write_text(amos.read_text().replace("level: 12", "level: twelve"))
        panel = browser.find_element(By.ID, "problems")
        assert _until(lambda: "characters/amos.yaml:7:8" in panel.text)
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
