"""Benchmark: printing the three companion rule sets' card books at scale (issue 24).

Usage:  python benchmarks/build_companions.py [--entries 200] [--runs 3] [--only RULESET]
        [--part-size 9]

For each companion rule set a project is generated from its example project
(``content/examples/<ruleset>/``, copied whole: the copies reference it) plus copies of
one kind of entry, renamed (``benchmarks/companions.py``), one file each, until it holds
``--entries`` of them; its ``zodiac.yaml`` holds only the rule set's card book:

- 16 Bit Tactics: monster cards (monsters);
- 99 Towers: combatant cards (combatants);
- Turns and Actions: ability cards (abilities; a card per ability of each combatant, then
  the abilities nobody carries).

Then, in each run and in turn (all under the same load): a cold ``zodiac build -j 2
--no-cache`` (wall and CPU: user + system of all its processes); headless Chromium
printing the same HTML (the peer, as ``benchmarks/build.py`` does it); and, with the cache
on (a folder of the run's own), rebuilds ``-j 2`` after one entry's printed text changed
("edit": a description, an ability's flavour, a combatant's speed where its card prints
no free text), after one entry was renamed (a suffix added: it keeps its place in the
deck), and after nothing changed. Each rebuild's records (the signed cache) say how many
of the book's parts printed again: the event behind the time.

The goals table gives each ratio as the median of the runs' own ratios (each run's figures
under the same load): cold -j 2 / Chromium (goal 2.5x), edit, rename and nothing / cold
(goal 0.1x). ``uptime``'s load is printed before and after: the machine is shared.
``--part-size 9`` measures the card books in parts of one page too, after the rule set's
own parts (two pages), in the same run.

What a rebuild costs (profiled on 200 16 Bit Tactics monsters, November 2026): the records
show one part of twelve printed again after an edit or a rename, nothing else; what stays
is that part (two pages of nine cards: WeasyPrint's styles, layout and drawing, about 3 s
on a busy core), the join (about 1 s: pikepdf opens, copies and saves the 23 pages,
and the parts' digests), and a build's fixed cost (start, validation, each part's HTML
rendered for its key: the "nothing" row).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build import _chromium, _timed
from companions import EXAMPLES, example_documents, renamed


@dataclass(frozen=True)
class Companion:
    """A rule set's card book, the kind it copies, and the edit that changes a card."""

    ruleset: str
    kind: str  # the entries copied
    holds: str  # the card book
    output: str
    edit: tuple[str, str]  # (regex of a line of the copy, its replacement; {run} filled)


COMPANIONS = (
    Companion(
        "16-bit-tactics",
        "monster",
        "monster_cards",
        "monster-cards.pdf",
        (r"(?m)^description: .*$", "description: Edited {run}, a line on its card."),
    ),
    Companion(
        "99-towers",
        "combatant",
        "combatant_cards",
        "combatant-cards.pdf",
        # The card prints no description: the edit is a number it prints (SPD).
        (r"spd: \d+", "spd: {spd}"),
    ),
    Companion(
        "turns-and-actions",
        "ability",
        "ability_cards",
        "ability-cards.pdf",
        (r"(?m)^flavor: .*$", "flavor: Edited {run}, the line at the card's foot."),
    ),
)


def make_project(root: Path, c: Companion, entries: int) -> list[Path]:
    """The project of `c` with `entries` entries of its kind; returns the copies' files."""
    root.mkdir(parents=True)
    (root / "zodiac.yaml").write_text(
        f"ruleset: {c.ruleset}\ntitle: Benchmark Deck\npaper: a4\nbooks:\n"
        f"  - {{title: Cards, output: {c.output}, holds: {c.holds}}}\n",
        encoding="utf-8",
    )
    docs = list(example_documents(c.ruleset))
    for rel in {rel for rel, _, _ in docs}:
        (root / "example" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "example" / rel).write_text(
            (EXAMPLES / c.ruleset / rel).read_text(encoding="utf-8"), encoding="utf-8"
        )
    own = [(t, d) for _, t, d in docs if d.get("kind") == c.kind and isinstance(d.get("name"), str)]
    (root / "library").mkdir()
    files = []
    for i in range(max(entries - len(own), 0)):
        path = root / "library" / f"{c.kind}-{i:04d}.yaml"
        path.write_text(renamed(*own[i % len(own)], i), encoding="utf-8")
        files.append(path)
    return files


def _html_for_chromium(root: Path, out: Path, c: Companion) -> Path:
    """The card book's HTML, stylesheet links made absolute so Chromium finds them."""
    from builder.render.assets import templates_dir

    subprocess.run(
        ["zodiac", "build", str(root), "--out", str(out), "--html", "-j", "1", "--no-cache"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    css = templates_dir().resolve().as_uri() + "/"
    html = out / Path(c.output).with_suffix(".html").name
    path = out / "chromium.html"
    text = html.read_text(encoding="utf-8")
    path.write_text(re.sub(r'href="(?!https?:|file:|data:|#)', f'href="{css}', text), "utf-8")
    return path


def part_records(root: Path, out: Path, cache: Path) -> dict[str, Any]:
    """The parts' records of the book printed into `out` (the signed cache of `root`)."""
    from builder.build.records import load_records
    from builder.cache import ProjectCache

    saved = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(cache)
    try:
        records = load_records(ProjectCache.open(root), out)
    finally:
        if saved is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = saved
    parts: dict[str, Any] = {}
    for rec in records.values():
        if isinstance(rec, dict):
            parts |= rec.get("parts") or {}
    return parts


def reprinted(before: dict[str, Any], after: dict[str, Any]) -> str:
    """'printed/all' parts: those whose record is new or changed since `before`."""
    changed = sum(1 for name, rec in after.items() if before.get(name) != rec)
    return f"{changed}/{len(after)}"


# `zodiac` with the card book's parts of another size (`--part-size`): the same build, its
# `PartPlan.size` replaced, to weigh smaller parts against the rule set's own.
_LAUNCH = (
    "import dataclasses as d, sys; from builder import rulesets; "
    "r, holds, size = sys.argv[1], sys.argv[2], int(sys.argv[3]); "
    "books = rulesets.get(r).books; "
    "books[holds] = d.replace(books[holds], parts=d.replace(books[holds].parts, size=size)); "
    "sys.argv = ['zodiac', *sys.argv[4:]]; "
    "from builder.cli.app import main; main()"
)


def zodiac_command(c: Companion, part_size: int | None) -> list[str]:
    """How to run `zodiac`: as installed, or with the card book in parts of `part_size`."""
    if part_size is None:
        return ["zodiac"]
    return [sys.executable, "-c", _LAUNCH, c.ruleset, c.holds, str(part_size)]


def _renamed(value: str, run: int) -> str:
    """A name (YAML, as `renamed` writes it) with this run's suffix: its place stays."""
    old = re.sub(r" \(edit \d+\)$", "", json.loads(value) if value.startswith('"') else value)
    return json.dumps(f"{old} (edit {run})")


def _uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def bench(
    c: Companion, entries: int, runs: int, tmp: Path, chromium: str | None, part_size: int | None
) -> dict:
    """One rule set's rows: (wall, cpu) per run for each measure, and the parts reprinted."""
    root = tmp / c.ruleset
    files = make_project(root, c, entries)
    target, other = files[len(files) // 2], files[len(files) // 3]
    page = _html_for_chromium(root, tmp / f"{c.ruleset}-html", c) if chromium else None
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp / f"{c.ruleset}-cache")}
    env.pop("ZODIAC_NO_CACHE", None)
    out = tmp / f"{c.ruleset}-dist"
    build = [*zodiac_command(c, part_size), "build", str(root), "--out", str(out), "-j", "2"]
    rows: dict[str, list] = {k: [] for k in ("cold", "chromium", "edit", "rename", "nothing")}
    events: dict[str, list[str]] = {k: [] for k in ("edit", "rename", "nothing")}
    name = re.compile(r"(?m)^name: (.*)$")
    for run in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        rows["cold"].append(_timed([*build, "--no-cache"]))
        if page is not None:
            rows["chromium"].append(_timed(_chromium(chromium, page)))
        subprocess.run([*build, "--force"], check=True, stdout=subprocess.DEVNULL, env=env)
        cache = Path(env["XDG_CACHE_HOME"])
        last = part_records(root, out, cache)
        pattern, repl = c.edit
        text = other.read_text(encoding="utf-8")
        other.write_text(
            re.sub(pattern, repl.format(run=run, spd=4 + run % 3), text, count=1), "utf-8"
        )
        for what in ("edit", "rename", "nothing"):
            if what == "rename":
                text = target.read_text(encoding="utf-8")
                target.write_text(
                    name.sub(lambda m, n=run: f"name: {_renamed(m.group(1), n)}", text, count=1),
                    "utf-8",
                )
            rows[what].append(_timed(build, env=env))
            now = part_records(root, out, cache)
            events[what].append(reprinted(last, now))
            last = now
    return {"rows": rows, "events": events, "parts": len(last)}


def _ratio(rows: dict[str, list], name: str, peer: str) -> float:
    return statistics.median(a[0] / b[0] for a, b in zip(rows[name], rows[peer], strict=True))


def main() -> None:
    """Measure each companion's card book; print the figures and the goals table."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--entries", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-chromium", action="store_true")
    ap.add_argument("--only", action="append", help="a rule set id (repeatable)")
    ap.add_argument(
        "--part-size",
        type=int,
        action="append",
        help="also print the card books in parts of this many cards, after the rule "
        "set's own parts, in the same run (repeatable)",
    )
    args = ap.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the builds run as installed
    chromium = None if args.no_chromium else shutil.which("chromium")
    chosen = [c for c in COMPANIONS if not args.only or c.ruleset in args.only]
    sizes: list[int | None] = [None, *(args.part_size or [])]
    load_before = _uptime()
    results: dict[tuple[str, int | None], dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for c in chosen:
            for size in sizes:
                folder = Path(tmp) / f"size-{size}"
                folder.mkdir(exist_ok=True)
                results[c.ruleset, size] = bench(c, args.entries, args.runs, folder, chromium, size)
    load_after = _uptime()

    print(f"entries: {args.entries} a rule set, runs: {args.runs}, medians; `build -j 2`")
    print(f"load before: {load_before}\nload after:  {load_after}")
    for (ruleset, size), r in results.items():
        c = next(c for c in chosen if c.ruleset == ruleset)
        own = "" if size is None else f", {size} cards a part"
        print(f"\n{ruleset}: {c.holds} ({r['parts']} parts{own}), {args.entries} {c.kind}s")
        for what, values in r["rows"].items():
            if values:
                walls = ", ".join(f"{w:.1f}" for w, _ in values)
                cpu = statistics.median(cpu for _, cpu in values)
                wall = statistics.median(w for w, _ in values)
                print(f"  {what:8s} wall {wall:6.2f} s ({walls})  cpu {cpu:6.2f} s")
        for what, seen in r["events"].items():
            print(f"  {what:8s} parts printed again (per run): {', '.join(seen)}")
    print()
    print(
        "| rule set | cold -j2 (CPU/wall) | Chromium | cold -j2 / Chromium "
        "| edit / cold | rename / cold | nothing / cold |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for (ruleset, size), r in results.items():
        rows, ev = r["rows"], r["events"]
        name = ruleset if size is None else f"{ruleset} ({size} cards a part)"
        cold = statistics.median(w for w, _ in rows["cold"])
        busy = statistics.median(cpu / w for w, cpu in rows["cold"])
        if rows["chromium"]:
            peer = f"{statistics.median(w for w, _ in rows['chromium']):.2f} s"
            vs = f"{_ratio(rows, 'cold', 'chromium'):.2f}x"
        else:
            peer = vs = "n/a"
        cells = [
            f"{_ratio(rows, w, 'cold'):.2f}x ({ev[w][-1]} parts)"
            for w in ("edit", "rename", "nothing")
        ]
        print(f"| {name} | {cold:.2f} s ({busy:.2f}) | {peer} | {vs} | {' | '.join(cells)} |")
    print("goals: cold -j2 / Chromium at most 2.5x; each rebuild at most 0.1x the cold build")


if __name__ == "__main__":
    main()
