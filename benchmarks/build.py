"""Benchmark: `zodiac build` of a 200-monster project, against Chromium and against itself.

Usage:  python benchmarks/build.py [--monsters 200] [--runs 3] [--no-chromium] [--no-j1]

Generates the project of benchmarks/bestiary.py (a bestiary and a card deck), then, in
each run and in turn (so all share the same machine load):

- `zodiac build -j 1`: one printing process (both books in parts, one after another);
- `zodiac build -j 2`: two printing processes sharing the books' parts (a book longer
  than its part size prints in parts, joined afterwards: builder/render/parts.py);
- headless Chromium (`chromium --headless --print-to-pdf`) printing the same two HTML
  files (written by the builder), when `chromium` is installed;
- incremental builds (`-j 2`, the cache in a folder of the run's own): after one
  monster's name changes (both books show it; its anchor, the contents and the index
  change too), after another monster's description changes ("1 desc": a change that
  moves no page), and after nothing changed; then the
  example project (`content/examples/zodiac`, 12 files) cold and after one character's
  `player:` changed (only that character's sheet shows it).

The cold rows run with `--no-cache`.

Prints medians of wall time, the ratios (-j 2 against Chromium and against -j 1), the
CPU time the builder used (user + system, all processes: what parallel printing costs when the
cores are busy with other work), and the peak resident memory of any one process.
On a shared machine wall times are noisy: compare the ratios, measured in one run. The
last table is the goals of issue 24 beside their peers: the cold `-j 2` build against
Chromium (at most 2.5x, with CPU/wall near 1.9: both cores busy), and each rebuild against
the cold `-j 2` build of the same run (at most 0.1x); each ratio is the median of the
runs' own ratios, each run's figures taken under the same load.

Python's bytecode cache is on for the builds (PYTHONDONTWRITEBYTECODE is dropped), as
after an ordinary install: without it every run compiles the builder again (0.2 s).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bestiary import make_project

EXAMPLE = Path(__file__).resolve().parent.parent / "content" / "examples" / "zodiac"

# Runs a command and prints the peak RSS (KiB) of its largest process, itself or any
# process it waited for (the printing workers).
_PEAK = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)
PEAKS: dict[str, float] = {}


def _timed(
    cmd: list[str], name: str = "", env: dict[str, str] | None = None
) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the command and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, *cmd], check=True, capture_output=True, text=True, env=env
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if name:
        PEAKS[name] = max(PEAKS.get(name, 0.0), int(done.stdout.split()[-1]) / 1024)
    return wall, cpu


def _html_for_chromium(root: Path, out: Path) -> list[Path]:
    """The two books' HTML, with stylesheet links made absolute so Chromium finds them."""
    from builder.render.assets import templates_dir

    subprocess.run(
        ["zodiac", "build", str(root), "--out", str(out), "--html", "-j", "1"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    css = templates_dir().resolve().as_uri() + "/css/"
    pages = []
    for name in ("bestiary", "cards"):
        html = (out / f"{name}.html").read_text(encoding="utf-8")
        path = out / f"{name}-chromium.html"
        path.write_text(html.replace('href="css/', f'href="{css}'), encoding="utf-8")
        pages.append(path)
    return pages


def _chromium(binary: str, html: Path) -> list[str]:
    pdf = html.with_suffix(".pdf")
    return [
        binary,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-pdf-header-footer",
        f"--print-to-pdf={pdf}",
        html.as_uri(),
    ]


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} s  ({', '.join(f'{v:.1f}' for v in values)})"


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--monsters", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-chromium", action="store_true")
    ap.add_argument("--no-j1", action="store_true", help="skip the -j 1 cold builds")
    args = ap.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the builds run as installed
    chromium = None if args.no_chromium else shutil.which("chromium")

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "bench"
        make_project(root, args.monsters, "a4")
        html = _html_for_chromium(root, Path(tmp) / "html") if chromium else []
        rows: dict[str, list[tuple[float, float]]] = {
            "-j 1": [],
            "-j 2": [],
            "chromium": [],
            "1 monster": [],
            "1 desc": [],
            "no change": [],
            "example": [],
            "1 character": [],
        }
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        env.pop("ZODIAC_NO_CACHE", None)
        example = Path(tmp) / "example"
        shutil.copytree(EXAMPLE, example, ignore=shutil.ignore_patterns("dist"))
        first = root / "monsters" / "m000.yaml"
        rook = example / "characters" / "rook.yaml"
        for run in range(args.runs):
            for jobs in ("2",) if args.no_j1 else ("1", "2"):
                out = Path(tmp) / f"dist-{jobs}"
                shutil.rmtree(out, ignore_errors=True)
                cmd = ["zodiac", "build", str(root), "--out", str(out), "-j", jobs, "--no-cache"]
                rows[f"-j {jobs}"].append(_timed(cmd, f"-j {jobs}"))
            if chromium:
                walls = [_timed(_chromium(chromium, page)) for page in html]
                rows["chromium"].append((sum(w for w, _ in walls), sum(c for _, c in walls)))
            # Incremental: record the cold -j 2 build's PDFs, change one monster, rebuild.
            build = ["zodiac", "build", str(root), "--out", str(Path(tmp) / "dist-2"), "-j", "2"]
            subprocess.run([*build, "--force"], check=True, stdout=subprocess.DEVNULL, env=env)
            text = first.read_text(encoding="utf-8")
            first.write_text(
                text.replace("name: Specimen 000", f"name: Specimen 000 (edit {run})", 1).replace(
                    f"(edit {run - 1})", f"(edit {run})"
                ),
                encoding="utf-8",
            )
            rows["1 monster"].append(_timed(build, "1 monster", env))
            # A change that moves no anchor: one monster's description.
            other = root / "monsters" / "m050.yaml"
            other.write_text(
                re.sub(r"(?m)^description: .*$", f"description: Edited {run}.", other.read_text()),
                encoding="utf-8",
            )
            rows["1 desc"].append(_timed(build, "1 desc", env))
            rows["no change"].append(_timed(build, "no change", env))
            # The example project: every character its own sheet.
            built = ["zodiac", "build", str(example), "-j", "2"]
            shutil.rmtree(example / "dist", ignore_errors=True)
            rows["example"].append(_timed([*built, "--no-cache"], "example"))
            subprocess.run([*built, "--force"], check=True, stdout=subprocess.DEVNULL, env=env)
            rook.write_text(
                re.sub(r"(?m)^player: .*$", f"player: Lee {run}", rook.read_text("utf-8")),
                encoding="utf-8",
            )
            rows["1 character"].append(_timed(built, "1 character", env))

    print(f"monsters: {args.monsters}, runs: {args.runs} (bestiary + card deck)")
    for name, values in rows.items():
        if values:
            print(f"{name:9s} wall {_median([w for w, _ in values])}")
            print(f"{'':9s} cpu  {_median([c for _, c in values])}")
    two = statistics.median(w for w, _ in rows["-j 2"])
    if rows["-j 1"]:
        one = statistics.median(w for w, _ in rows["-j 1"])
        print(f"-j 2 is {one / two:.2f}x as fast as -j 1 (wall, medians)")
    for name, peak in PEAKS.items():
        print(f"peak RSS of any one process, {name}: {peak:.0f} MiB (goal: under 400)")
    print(_goals(rows))


def _goals(rows: dict[str, list[tuple[float, float]]]) -> str:
    """Issue 24's printing goals, each figure beside its peer: the ratio is taken within
    each run (the same machine load) and the median of the runs' ratios shown."""

    def wall(name: str) -> float:
        return statistics.median(w for w, _ in rows[name])

    def ratio(name: str, peer: str) -> float:
        return statistics.median(a[0] / b[0] for a, b in zip(rows[name], rows[peer], strict=True))

    two = wall("-j 2")
    busy = statistics.median(c / w for w, c in rows["-j 2"])
    lines = [
        "",
        "| goal | figure | peer | ratio (median of the runs') | goal met |",
        "| --- | --- | --- | --- | --- |",
    ]
    if rows["chromium"]:
        r = ratio("-j 2", "chromium")
        lines.append(
            f"| cold `-j 2` / Chromium | {two:.2f} s (CPU/wall {busy:.2f}) "
            f"| {wall('chromium'):.2f} s | {r:.2f}x | {'yes' if r <= 2.5 else 'no'} (2.5x) |"
        )
    for name, what in (
        ("1 monster", "rename / cold"),
        ("1 desc", "edit / cold"),
        ("no change", "nothing / cold"),
    ):
        r = ratio(name, "-j 2")
        lines.append(
            f"| {what} | {wall(name):.2f} s | {two:.2f} s | {r:.2f}x "
            f"| {'yes' if r <= 0.1 else 'no'} (0.1x) |"
        )
    lines.append(
        f"| example, 1 character / its cold | {wall('1 character'):.2f} s "
        f"| {wall('example'):.2f} s | {ratio('1 character', 'example'):.2f}x | |"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
