"""Benchmark: the live preview (`zodiac serve`) -- how soon an edit shows, what idling costs.

Usage:  python benchmarks/preview.py [--monsters 200] [--runs 5] [--idle-entries 10000]
                                     [--idle-seconds 10] [--old REF | --no-old]

1. Edit to page: a generated project of N monsters (benchmarks/bestiary.py's generator)
   is served on a free port; the card page of one monster is opened (its printed HTML,
   what the page's frame shows); then, `--runs` times, that monster's file is saved with
   a new description, and the time from the write to the moment the server serves the
   card holding it is taken (the version endpoint `/_/state` and the card polled every
   10 ms, as fast as a client can ask). A browser adds its own poll (every 0.3 s) on top.
2. Idle: a project of `--idle-entries` monsters is served and loaded; then the CPU time
   (user + system, /proc/<pid>/stat) of the server and of each process it started
   (the worker) over `--idle-seconds` of no edits.

Both are measured for this checkout and, in the same run as its peer, for the builder at
git ref `--old` (default: e81b8b4, the polling watcher), extracted with `git archive`
into a temporary folder and run from there. Prints medians; the machine's load is
printed with them (`os.getloadavg`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bestiary import make_project  # a script beside this one

REPO = Path(__file__).resolve().parents[1]
WAIT = 300.0  # seconds: only a hang reaches it
POLL = 0.01


class Server:
    """`zodiac serve` in its own process, on a free port, from `pythonpath` (or here)."""

    def __init__(self, root: Path, pythonpath: Path | None) -> None:
        env = {**os.environ, "COLUMNS": "200"}
        if pythonpath is not None:
            env["PYTHONPATH"] = str(pythonpath)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "builder", "serve", str(root), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=pythonpath or REPO,
        )
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if match := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                self.port = int(match.group(1))
                break
        else:
            raise SystemExit(f"zodiac serve printed no address (exit {self.proc.wait()})")

    def get(self, path: str) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            return response.status, response.read().decode("utf-8", errors="replace")
        finally:
            conn.close()

    def version(self) -> int:
        return int(json.loads(self.get("/_/state")[1])["version"])

    def pids(self) -> list[int]:
        """The server and every process it started (the worker, multiprocessing's helper)."""
        kids = []
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                text = status.read_text()
            except OSError:
                continue
            match = re.search(r"^PPid:\s*(\d+)", text, flags=re.MULTILINE)
            if match and int(match.group(1)) == self.proc.pid:
                kids.append(int(status.parent.name))
        return [self.proc.pid, *sorted(kids)]

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def saves(server: Server, root: Path, runs: int) -> list[tuple[float, float]]:
    """(seconds to the new version, seconds to the card served with the save), `runs`
    times: the card of Specimen 100 opened, its file saved with a new description."""
    status, index = server.get("/")  # waits for the project to load
    assert status == 200, index[:500]
    url = re.search(r'href="(/entity/monster/specimen-100)"', index)
    assert url, "no card of Specimen 100 in the index"
    card = "/print" + url.group(1)
    assert server.get(url.group(1))[0] == 200
    status, html = server.get(card)
    assert status == 200 and "Test creature number 100" in html, html[:500]
    file = root / "monsters" / "m100.yaml"
    original = file.read_text(encoding="utf-8")
    times = []
    try:
        for run in range(runs):
            marker = f"Edited {run} {time.time_ns()}"
            before = server.version()
            text = original.replace("Test creature number 100", marker)
            seen = None
            start = time.perf_counter()
            file.write_text(text, encoding="utf-8")
            end = start + WAIT
            while time.perf_counter() < end:
                if server.version() > before:
                    seen = seen or time.perf_counter() - start
                    if marker in server.get(card)[1]:
                        break
                time.sleep(POLL)
            else:
                raise SystemExit(f"the edit never showed within {WAIT:g} s")
            times.append((seen or 0.0, time.perf_counter() - start))
    finally:
        file.write_text(original, encoding="utf-8")
    return times


def edit_to_page(root: Path, pythonpath: Path | None, runs: int) -> list[tuple[float, float]]:
    """`saves` on a fresh server."""
    server = Server(root, pythonpath)
    try:
        return saves(server, root, runs)
    finally:
        server.stop()


def idle_cpu(
    root: Path, pythonpath: Path | None, seconds: float, runs: int
) -> tuple[dict[str, float], list[tuple[float, float]]]:
    """CPU seconds each serve process spends over `seconds` of no edits, once loaded;
    then `runs` saves on this big project, timed as `saves` does."""
    server = Server(root, pythonpath)
    try:
        status, _ = server.get("/")  # the worker has loaded the whole project
        assert status == 200
        pids = server.pids()
        before = {pid: cpu_seconds(pid) for pid in pids}
        time.sleep(seconds)
        after = {pid: cpu_seconds(pid) for pid in pids}
        names = ["server"] + [f"child {i}" for i in range(1, len(pids))]
        cpu = {name: after[pid] - before[pid] for name, pid in zip(names, pids, strict=True)}
        return cpu, saves(server, root, runs)
    finally:
        server.stop()


def extract(ref: str, into: Path) -> Path:
    """The builder at git `ref` (code, templates, content, schemas) in `into`."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", ref, "builder", "templates", "content", "schemas"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--monsters", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--idle-entries", type=int, default=10_000)
    ap.add_argument("--idle-seconds", type=float, default=10.0)
    ap.add_argument("--big-runs", type=int, default=3, help="saves timed on the big project")
    ap.add_argument("--old", default="e81b8b4", help="git ref of the peer (the polling watcher)")
    ap.add_argument("--no-old", action="store_true", help="measure this checkout only")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="zodiac-preview-bench-") as tmp:
        base = Path(tmp)
        small, big = base / "bestiary", base / "library"
        make_project(small, args.monsters, "a4")
        make_project(big, args.idle_entries, "a4")
        peers: list[tuple[str, Path | None]] = [("this checkout", None)]
        if not args.no_old:
            old = base / "old"
            old.mkdir()
            peers.append((f"at {args.old}", extract(args.old, old)))

        print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min)")
        edits: dict[str, list[tuple[float, float]]] = {}
        idles: dict[str, tuple[dict[str, float], list[tuple[float, float]]]] = {}
        for label, path in peers:
            edits[label] = edit_to_page(small, path, args.runs)
        for label, path in peers:
            idles[label] = idle_cpu(big, path, args.idle_seconds, args.big_runs)

        def line(label: str, times: list[tuple[float, float]]) -> str:
            seen = statistics.median(t for t, _ in times)
            served = statistics.median(t for _, t in times)
            each = " ".join(f"{t:.3f}" for _, t in times)
            return f"  {label:<16} median {served:.3f} s, new version at {seen:.3f} s  ({each})"

        print(f"\nsave to served card, {args.monsters} monsters, {args.runs} saves:")
        for label, times in edits.items():
            print(line(label, times))
        print(f"\nidle CPU over {args.idle_seconds:g} s, {args.idle_entries} entries, loaded:")
        for label, (cpu, _) in idles.items():
            parts = ", ".join(f"{name} {value:.2f} s" for name, value in cpu.items())
            share = sum(cpu.values()) / args.idle_seconds
            print(f"  {label:<16} {sum(cpu.values()):.2f} s CPU = {share:.1%} of a core ({parts})")
        print(f"\nsave to served card, {args.idle_entries} entries, {args.big_runs} saves:")
        for label, (_, times) in idles.items():
            print(line(label, times))
        if len(peers) == 2:
            new, was = peers[0][0], peers[1][0]
            for what, got in (
                (f"{args.monsters}-monster", edits),
                ("big", {k: v[1] for k, v in idles.items()}),
            ):
                ratio = statistics.median(t for _, t in got[new]) / statistics.median(
                    t for _, t in got[was]
                )
                print(f"save-to-card ratio, {what} project (this / {args.old}): {ratio:.2f}x")
        print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min)")


if __name__ == "__main__":
    main()
