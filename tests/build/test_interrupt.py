"""Ctrl-C and a killed `zodiac` stop the printing processes (issue #28).

Each test runs `zodiac build` as a user does, in a session of its own, and learns the
moment to act from the build itself (its worker processes, the parts it has printed,
the CPU time a worker has used), never from a sleep. The only times asserted are
bounds a machine ten times slower still meets: stopping takes at most a few seconds
(`_STOP_GRACE`), against a template that would print for ten minutes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="reads worker processes from Linux's /proc"
)

BOUND = 60.0  # seconds: for stopping, and for a moment of the build to come
ENDLESS = (
    "<p>cards</p>\n"
    "{% for i in range(100000) %}{% for j in range(100000) %}{% for k in range(100000) %}"
    "{% endfor %}{% endfor %}{% endfor %}\n"
)
STATS = ("str", "mag", "vit", "spr", "agi")


def _bestiary(root: Path, count: int) -> Path:
    """A project of `count` legal monsters, a bestiary and a card deck (both in parts)."""
    (root / "monsters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text(
        "title: Interrupted\nbooks:\n"
        "  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}\n"
        "  - {title: Cards, output: cards.pdf, holds: monster_cards, sort: level}\n",
        encoding="utf-8",
    )
    for i in range(count):
        level = 1 + (i * 7) % 99
        base, extra = divmod(25 + 5 * level, 5)  # R26
        stats = ", ".join(f"{s}: {base + (n < extra)}" for n, s in enumerate(STATS))
        (root / "monsters" / f"m{i:03d}.yaml").write_text(
            f"kind: monster\nname: Specimen {i:03d}\nlevel: {level}\nstats: {{{stats}}}\n"
            "attack_die: d8\n",
            encoding="utf-8",
        )
    return root


def _endless(root: Path) -> Path:
    """A project whose card deck's template would loop far past any test (10^15 steps)."""
    _bestiary(root, 1)
    (root / "zodiac.yaml").write_text(
        "title: Endless\ntemplates: templates\nbooks:\n"
        "  - {title: Cards, output: cards.pdf, holds: monster_cards}\n",
        encoding="utf-8",
    )
    (root / "templates" / "cards").mkdir(parents=True)
    (root / "templates" / "cards" / "monsters.html").write_text(ENDLESS, encoding="utf-8")
    return root


class Build:
    """`zodiac build ARGS` running; what the test learns of it, and how it ended."""

    def __init__(self, root: Path, tmp: Path, *args: str, **env: str) -> None:
        self.tmp = tmp / "tmpdir"  # TMPDIR: where the build's scratch folder of parts goes
        self.cache = tmp / "cache"
        self.tmp.mkdir(exist_ok=True)
        self.root = root
        full = {
            **os.environ,
            "PYTHONPATH": str(REPO),
            "COLUMNS": "300",
            "TMPDIR": str(self.tmp),
            "XDG_CACHE_HOME": str(self.cache),
            **env,
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "builder", "build", *args],
            cwd=root,
            env=full,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group, as a terminal's job is
        )
        self.workers: set[int] = set()
        self.out = self.err = ""

    def children(self) -> set[int]:
        """The processes `zodiac` has forked and that are still there (remembered)."""
        found: set[int] = set()
        for task in Path(f"/proc/{self.proc.pid}/task").glob("*"):
            with suppress(OSError):
                found |= {int(p) for p in (task / "children").read_text().split()}
        self.workers |= found
        return found

    def parts(self) -> list[Path]:
        """The part PDFs printed so far into the scratch folder."""
        return [p for p in self.tmp.glob("zodiac-parts-*/*/*.pdf") if not p.name.startswith(".")]

    def until(self, what: str, moment: Callable[[], bool]) -> None:
        """Wait for a moment of the build: looked for every 20 ms, for at most `BOUND` s."""
        end = time.monotonic() + BOUND
        while not moment():
            self.children()
            assert self.proc.poll() is None, f"the build ended before {what}: {self.ended()}"
            assert time.monotonic() < end, f"no {what} after {BOUND:g} s"
            time.sleep(0.02)
        self.children()

    def ended(self) -> str:
        self.out, self.err = self.proc.communicate(timeout=BOUND)
        return self.out + self.err

    def leftovers(self) -> list[str]:
        """Files the build left that are not what it means to keep: scratch, temp files."""
        left = [str(p.relative_to(self.tmp)) for p in self.tmp.rglob("*")]
        for folder in (self.root / "dist", self.cache):
            left += [str(p) for p in folder.rglob(".*.tmp")] if folder.is_dir() else []
        return left


def _alive(pid: int) -> bool:
    """Whether `pid` still runs (a zombie waiting for its parent to read it has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


@contextmanager
def _running(root: Path, tmp: Path, *args: str, **env: str) -> Iterator[Build]:
    """A build that is killed, with every process it forked, whatever the test asserts."""
    build = Build(root, tmp, *args, **env)
    try:
        yield build
    finally:
        for pid in [build.proc.pid, *build.workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if build.proc.returncode is None:
            build.proc.communicate()


def _assert_stopped(build: Build) -> None:
    """Exit 130 within the bound, "interrupted", no traceback, no worker, no part file."""
    start = time.monotonic()
    output = build.ended()
    elapsed = time.monotonic() - start
    assert build.proc.returncode == 130, output
    assert build.err.strip().endswith("interrupted"), output
    assert "Traceback" not in output and "Exception ignored" not in output, output
    assert elapsed < BOUND
    assert build.workers, "the test never saw a printing process"
    assert [pid for pid in build.workers if _alive(pid)] == []
    assert build.leftovers() == []


# The moments of a build of 30 monsters (a bestiary of 5 printed parts, a card deck of 2)
# at which Ctrl-C comes; "group" is a terminal's Ctrl-C (zodiac and its workers get it),
# "zodiac" is `kill -INT` of zodiac alone.
MOMENTS = [
    ("workers forked", "group", lambda b: bool(b.children())),
    ("workers forked", "zodiac", lambda b: bool(b.children())),
    ("a worker busy", "group", lambda b: any(_cpu_seconds(p) > 0.3 for p in b.children())),
    ("1 part printed", "zodiac", lambda b: len(b.parts()) >= 1),
    ("2 parts printed", "group", lambda b: len(b.parts()) >= 2),
    ("3 parts printed", "zodiac", lambda b: len(b.parts()) >= 3),
    ("4 parts printed", "group", lambda b: len(b.parts()) >= 4),
    ("5 parts printed", "group", lambda b: len(b.parts()) >= 5),
]


@pytest.fixture(scope="module")
def thirty(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _bestiary(tmp_path_factory.mktemp("thirty") / "p", 30)


@pytest.mark.parametrize(
    ("moment", "target", "reached"), MOMENTS, ids=[f"{m}-{t}" for m, t, _ in MOMENTS]
)
def test_ctrl_c_at_any_moment_of_a_build_stops_it_at_once_and_cleanly(
    thirty: Path, tmp_path: Path, moment: str, target: str, reached: Callable[[Build], bool]
) -> None:
    """Issue #28: SIGINT was not honoured in time once in five builds (a race)."""
    with _running(thirty, tmp_path, "--jobs", "2", "--force") as build:
        build.until(moment, lambda: reached(build))
        if target == "group":
            os.killpg(build.proc.pid, signal.SIGINT)
        else:
            os.kill(build.proc.pid, signal.SIGINT)
        _assert_stopped(build)


def test_ctrl_c_does_not_wait_for_a_template_printing_for_ten_minutes(tmp_path: Path) -> None:
    """Stopping waited for the file being printed: here, for the deadline, ten minutes on."""
    root = _endless(tmp_path / "p")
    (root / "dist").mkdir()
    (root / "dist" / "cards.pdf").write_bytes(b"%PDF-1.7 previous version")
    with _running(root, tmp_path, ZODIAC_RENDER_SECONDS="600") as build:
        build.until("a worker busy", lambda: any(_cpu_seconds(p) > 1 for p in build.children()))
        os.kill(build.proc.pid, signal.SIGINT)
        _assert_stopped(build)
    assert (root / "dist" / "cards.pdf").read_bytes() == b"%PDF-1.7 previous version"


def test_workers_stop_when_zodiac_is_killed(tmp_path: Path) -> None:
    """A SIGKILLed zodiac's workers printed on until their own deadline (ten minutes)."""
    with _running(_endless(tmp_path / "p"), tmp_path, ZODIAC_RENDER_SECONDS="600") as build:
        build.until("a worker busy", lambda: any(_cpu_seconds(p) > 1 for p in build.children()))
        workers = set(build.workers)
        os.kill(build.proc.pid, signal.SIGKILL)
        build.ended()
        end = time.monotonic() + BOUND
        while any(_alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert [pid for pid in workers if _alive(pid)] == []


WATCHED = """\
import os, signal, time
from builder.build.pool import _watch_parent
if os.fork() == 0:
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    _watch_parent(os.getppid(), kernel=False)  # where PR_SET_PDEATHSIG is not to be had
    os.write(1, f"watching {os.getpid()}\\n".encode())  # one write: one line
    while True:
        time.sleep(3600)
time.sleep(3600)
"""


def test_without_the_kernel_a_worker_still_sees_its_parent_die(tmp_path: Path) -> None:
    """The fallback of the parent-death signal: a thread that watches the parent's pid."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with subprocess.Popen(
        [sys.executable, "-c", WATCHED], env=env, stdout=subprocess.PIPE, text=True
    ) as parent:
        assert parent.stdout is not None
        said = parent.stdout.readline().split()
        assert said[:1] == ["watching"], said
        child = int(said[1])
        try:
            parent.kill()
            parent.wait()
            end = time.monotonic() + BOUND
            while _alive(child) and time.monotonic() < end:
                time.sleep(0.05)
            assert not _alive(child)
        finally:
            if _alive(child):
                os.kill(child, signal.SIGKILL)
