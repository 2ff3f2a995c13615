"""Benchmark: `zodiac validate` of large libraries of every rule set, cold and warm, beside
check-jsonschema and beside the YAML parser alone (issue 24).

Usage:  python benchmarks/validate.py [--sizes 2500 10000] [--rulesets zodiac 99-towers ...]
                                      [--big] [--runs 3] [--keep DIR] [--no-peer] [--live]

Generates a content project of each rule set in its own format, 10 documents a file, all
valid (each cold run is ``--strict``: one error or warning stops the benchmark): ZODIAC
monsters (Tech references, Call Minions, inline Techs, affinities, drops); for the
companion rule sets, copies of their example project's entries (``companions.py``). Then
times over several runs, each in a fresh process:

- ``zodiac validate --no-cache --strict`` (cold: every file parsed and validated),
- ``zodiac validate`` after a cache-filling run (warm: nothing changed),
- the floor: the same ZODIAC files only loaded with ruamel's C loader (``YAML(typ="safe")``,
  one ``load_all`` a file), in one process,
- ``check-jsonschema`` with the exported monster schema over the same ZODIAC entries
  written one document a file (it reads one document a file), when it is installed.

Prints medians, the ratios the issue sets goals for (CPU time: the machine is shared)
and the peak RSS of the cold runs. ``--big`` adds a 50,000-entry ZODIAC library (long:
minutes per run). The builder runs from a snapshot of the checkout (``--live``: the
checkout itself). Not a test; never run in CI.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from companions import COMPANIONS, make_companion_library

STATS = ("str", "mag", "vit", "spr", "agi")
ELEMENTS = ("fire", "ice", "water", "lightning", "earth", "wind", "holy", "shadow")
FAMILIES = ("beast", "elemental", "undead", "dragon", "humanoid", "construct")
PER_FILE = 10

TECHS = {
    "breath-of-embers": (
        "kind: tech\nname: Breath of Embers\ntech_level: 2\npower_level: medium\n"
        "primary: attack_magic\nelement: fire\n"
        "description: A gout of sparks from a scorched throat (benchmark data).\n"
    ),
    "frost-needle": (
        "kind: tech\nname: Frost Needle\ntech_level: 1\npower_level: weak\n"
        "primary: attack_magic\nelement: ice\n"
        "description: A sliver of ice thrown from the fingertips (benchmark data).\n"
    ),
}


def monster_id(i: int) -> str:
    return f"specimen-{i:06d}"


def level_of(i: int) -> int:
    return 1 + (i * 7) % 99


def monster_doc(i: int) -> str:
    """One legal monster (R26 stat total; App. I powers within its level)."""
    level = level_of(i)
    total = 25 + 5 * level  # R26
    mag = max(total // 5, min(30, total - 24))  # enough Tech Levels for its Techs (R27)
    base, extra = divmod(total - mag, 4)
    others = [s for s in STATS if s != "mag"]
    stats = {s: base + (1 if n < extra else 0) for n, s in enumerate(others)}
    stats["mag"] = mag
    weak, resist = ELEMENTS[i % 8], ELEMENTS[(i + 3) % 8]
    lines = [
        "kind: monster",
        f"name: Specimen {i:06d}",
        f"level: {level}",
        f"family: {FAMILIES[i % len(FAMILIES)]}",
        f"boss: {'true' if i % 25 == 24 else 'false'}",
        "stats: {" + ", ".join(f"{k}: {v}" for k, v in stats.items()) + "}",
        f"attack_die: {('d6', 'd8', 'd10')[min(level // 34, 2)]}",
        "affinities:",
        f"  weakness: [{weak}]",
        f"  resistance: [{resist}]",
    ]
    powers: list[str] = []
    if level >= 3:
        powers.append("  - {id: agile}")
    if level >= 11:
        # A minion generated earlier and at least 10 levels lower: step back by 1..14
        # entries until one qualifies (levels cycle by 7 mod 99).
        minion = next(
            (j for j in range(i - 1, max(i - 200, -1), -1) if level_of(j) <= level - 10), None
        )
        if minion is not None:
            powers.append(f"  - {{id: call_minions, monsters: [{monster_id(minion)}]}}")
    if powers:
        lines += ["powers:", *powers]
    if level >= 10:
        lines += [
            "techs:",
            "  - breath-of-embers",
            "  - {name: Stone Skin, tech_level: 1, power_level: weak, primary: attack_magic, "
            "element: earth}",
        ]
    elif level >= 4:
        lines += ["techs:", "  - frost-needle"]
    lines += [
        f"drops: [specimen-hide-{i % 50}]",
        "description: >-",
        f"  Test creature number {i}, bred for benchmarks. It has a {weak} weakness",
        f"  and shrugs off {resist}; its handlers feed it twice a day.",
    ]
    return "\n".join(lines) + "\n"


def make_library(root: Path, entries: int) -> None:
    """A project of ``entries`` monsters, ``PER_FILE`` documents a file, plus two Techs."""
    (root / "monsters").mkdir(parents=True)
    (root / "techs").mkdir()
    (root / "zodiac.yaml").write_text("title: Benchmark Library\npaper: a4\n", encoding="utf-8")
    for name, text in TECHS.items():
        (root / "techs" / f"{name}.yaml").write_text(text, encoding="utf-8")
    for f in range(0, entries, PER_FILE):
        docs = [monster_doc(i) for i in range(f, min(f + PER_FILE, entries))]
        (root / "monsters" / f"lib-{f // PER_FILE:05d}.yaml").write_text(
            "---\n".join(docs), encoding="utf-8"
        )


def make_singles(root: Path, entries: int) -> None:
    """The same entries one document a file, for a peer that reads one document a file."""
    root.mkdir(parents=True)
    for i in range(entries):
        (root / f"m{i:06d}.yaml").write_text(monster_doc(i), encoding="utf-8")


REPO = Path(__file__).resolve().parent.parent


def snapshot(base: Path) -> Path:
    """A copy of the builder's code and data, so edits in the working tree during the run
    (other people's, in a shared checkout) neither break it nor change the cache's key."""
    target = base / "snapshot"
    shutil.rmtree(target, ignore_errors=True)
    skip = shutil.ignore_patterns("__pycache__", "examples", "*.pdf")
    for name in ("builder", "content", "templates", "schemas", "docs"):
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, target / name, ignore=skip)
    return target


@dataclass
class Runs:
    """Wall and CPU (user + system) seconds of each run, and the peak RSS of any (MiB).

    CPU time is what a machine shared with other work measures well; wall time is what
    a user waits on an idle one.
    """

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    def line(self) -> str:
        return (
            f"median {self.median:.2f} s wall ({fmt(self.wall)}), "
            f"{self.cpu_median:.2f} s CPU ({fmt(self.cpu)}), peak {self.rss} MiB"
        )


def run_once(cmd: list[str], env: dict[str, str], runs: Runs) -> None:
    """One run in a fresh process, measured with wait4 on its own pid."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        # cwd: not the checkout, whose builder/ `python -m` would import before PYTHONPATH's.
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=tempfile.gettempdir()
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            tail = err.read().decode(errors="replace")[-2000:]
            raise SystemExit(f"{' '.join(cmd[:4])} ... failed:\n{tail}")
    runs.wall.append(wall)
    runs.cpu.append(usage.ru_utime + usage.ru_stime)
    runs.rss = max(runs.rss, usage.ru_maxrss // 1024)


def measure(count: int, cmd: list[str], env: dict[str, str]) -> Runs:
    runs = Runs()
    for _ in range(count):
        run_once(cmd, env, runs)
    return runs


def fmt(times: list[float]) -> str:
    return ", ".join(f"{t:.2f}" for t in times)


FLOOR = """
import sys
from ruamel.yaml import YAML
yaml = YAML(typ="safe")  # ruamel's C loader, as the builder's (ruamel.yaml.clib)
n = 0
for name in sys.argv[1:]:
    with open(name, "rb") as f:
        n += sum(1 for _ in yaml.load_all(f))
assert n, "no document loaded"
"""


def floor_cmd(lib: Path) -> list[str]:
    """Only loading ``lib``'s files with the builder's parser: what no validator beats."""
    files = sorted(str(p) for p in lib.rglob("*.yaml") if p.name != "zodiac.yaml")
    return [sys.executable, "-c", FLOOR, *files]


def make(lib: Path, ruleset: str, entries: int) -> None:
    if lib.exists():
        return
    if ruleset == "zodiac":
        make_library(lib, entries)
    else:
        make_companion_library(lib, ruleset, entries)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sizes", type=int, nargs="+", default=[2500, 10000])
    ap.add_argument(
        "--rulesets", nargs="+", default=["zodiac", *COMPANIONS], choices=["zodiac", *COMPANIONS]
    )
    ap.add_argument("--big", action="store_true", help="add a 50,000-entry ZODIAC library")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", type=Path, help="generate into DIR and keep it")
    ap.add_argument("--no-peer", action="store_true", help="skip check-jsonschema")
    ap.add_argument(
        "--live", action="store_true", help="run the working tree, not a snapshot of it"
    )
    args = ap.parse_args()
    sizes = sorted(args.sizes)
    rulesets = ["zodiac", *(r for r in args.rulesets if r != "zodiac")]  # the peer first

    peer = None if args.no_peer else shutil.which("check-jsonschema")
    if peer is None and not args.no_peer:
        candidate = Path(sys.executable).with_name("check-jsonschema")
        peer = str(candidate) if candidate.exists() else None
    base = args.keep or Path(tempfile.mkdtemp(prefix="zodiac-bench-"))
    base.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "XDG_CACHE_HOME": str(base / "xdg-cache")}
    env.pop("ZODIAC_NO_CACHE", None)
    exe = [sys.executable, "-m", "builder"]
    env["PYTHONPATH"] = str(REPO if args.live else snapshot(base))
    print(f"cores: {os.cpu_count()}, runs: {args.runs}, zodiac: {' '.join(exe)}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    missing = "skipped" if args.no_peer else "not installed (pip install check-jsonschema)"
    print(f"peer: {peer or f'check-jsonschema {missing}'}")
    table: dict[tuple[str, int], tuple[Runs, Runs]] = {}
    try:
        schema = base / "monster.schema.json"
        if peer:
            out = subprocess.run(  # the snapshot's own schema
                [
                    *exe[:1],
                    "-c",
                    "import json, builder.schemas as s; print(json.dumps(s.schema_for('monster')))",
                ],
                env=env,
                cwd=tempfile.gettempdir(),
                capture_output=True,
                check=True,
            ).stdout
            schema.write_bytes(out)
        for ruleset in rulesets:
            for n in sizes:
                lib = base / f"{ruleset}-{n}"
                make(lib, ruleset, n)
                cold = measure(
                    args.runs, [*exe, "validate", "--no-cache", "--strict", str(lib)], env
                )
                measure(1, [*exe, "validate", str(lib)], env)  # fill the cache
                warm = measure(args.runs, [*exe, "validate", str(lib)], env)
                table[ruleset, n] = (cold, warm)
                print(f"\n{ruleset}, {n:,} entries ({n // PER_FILE:,} files):")
                print(f"  zodiac validate, cold: {cold.line()}")
                print(f"  zodiac validate, warm: {warm.line()}")
                if ruleset != "zodiac":
                    continue
                if n == sizes[-1]:
                    floor = measure(args.runs, floor_cmd(lib), env)
                    table["floor", n] = (floor, floor)
                    print(f"  floor (ruamel C loader only): {floor.line()}")
                if peer and n <= 10_000:
                    singles = base / f"singles-{n}"
                    if not singles.exists():
                        make_singles(singles, n)
                    files = sorted(str(p) for p in singles.iterdir())
                    other = measure(args.runs, [peer, "--schemafile", str(schema), *files], env)
                    table["check-jsonschema", n] = (other, other)
                    print(f"  check-jsonschema:      {other.line()}")
        if args.big:
            lib = base / "zodiac-50000"
            make(lib, "zodiac", 50_000)
            measure(1, [*exe, "validate", str(lib)], env)  # fill the cache
            warm = measure(args.runs, [*exe, "validate", str(lib)], env)
            print(f"\nzodiac, 50,000 entries, warm: {warm.line()} (goal: under 0.5 s)")
        summary(table, rulesets, sizes)
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)


def summary(
    table: dict[tuple[str, int], tuple[Runs, Runs]], rulesets: list[str], sizes: list[int]
) -> None:
    """One table, medians; ratios of CPU time (what a shared machine measures well)."""
    small, big = sizes[0], sizes[-1]
    grow_name = f"{big:,}/{small:,}"
    print(
        f"\n| rule set | entries | cold s wall / CPU | warm s wall / CPU | {grow_name} cold "
        "(goal <= 4.5x) | CPU per entry vs ZODIAC (goal <= 1.5x) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    zodiac_big = table["zodiac", big][0].cpu_median
    for ruleset in rulesets:
        for n in sizes:
            cold, warm = table[ruleset, n]
            grow = per = ""
            if n == big and len(sizes) > 1:
                grow = f"{cold.cpu_median / table[ruleset, small][0].cpu_median:.2f}x"
                per = f"{cold.cpu_median / zodiac_big:.2f}x"
            print(
                f"| {ruleset} | {n:,} | {cold.median:.2f} / {cold.cpu_median:.2f} | "
                f"{warm.median:.2f} / {warm.cpu_median:.2f} | {grow} | {per} |"
            )
    zodiac_cold = table["zodiac", big][0]
    if ("floor", big) in table:
        floor = table["floor", big][0]
        print(
            f"\nfloor, ruamel's C loader only, {big:,} ZODIAC entries: {floor.median:.2f} s wall, "
            f"{floor.cpu_median:.2f} s CPU; zodiac cold / floor: "
            f"{zodiac_cold.cpu_median / floor.cpu_median:.2f}x CPU, "
            f"{zodiac_cold.median / floor.median:.2f}x wall (goal <= 2x)"
        )
    for n in sizes:
        if ("check-jsonschema", n) in table:
            other = table["check-jsonschema", n][0]
            mine = table["zodiac", n][0]
            print(
                f"check-jsonschema, {n:,} ZODIAC entries: {other.median:.2f} s wall, "
                f"{other.cpu_median:.2f} s CPU; zodiac cold / check-jsonschema: "
                f"{mine.cpu_median / other.cpu_median:.2f}x CPU"
            )


if __name__ == "__main__":
    main()
