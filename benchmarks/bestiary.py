"""Benchmark: validate and print a 200-monster bestiary and card deck.

Usage:  python benchmarks/bestiary.py [--monsters 200] [--runs 3] [--paper a4]

Generates a content project of N legal monsters (levels 1-99, a boss every 25th)
in a temporary folder, then times, over several runs, (1) loading + validation and
(2) rendering the bestiary and the card deck to PDF. Prints medians; also peak RSS.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

STATS = ("str", "mag", "vit", "spr", "agi")


def make_project(root: Path, count: int, paper: str) -> None:
    (root / "monsters").mkdir(parents=True)
    (root / "zodiac.yaml").write_text(
        f"title: Benchmark Bestiary\npaper: {paper}\nbooks:\n"
        "  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}\n"
        "  - {title: Cards, output: cards.pdf, holds: monster_cards, sort: level}\n",
        encoding="utf-8",
    )
    for i in range(count):
        level = 1 + (i * 7) % 99
        total = 25 + 5 * level  # R26
        base, extra = divmod(total, 5)
        stats = {s: base + (1 if n < extra else 0) for n, s in enumerate(STATS)}
        boss = "true" if i % 25 == 24 else "false"
        text = (
            f"kind: monster\nname: Specimen {i:03d}\nlevel: {level}\nboss: {boss}\n"
            f"stats: {{{', '.join(f'{k}: {v}' for k, v in stats.items())}}}\n"
            "attack_die: d8\n"
            "affinities: {weakness: [fire], resistance: [ice]}\n"
            f"description: Test creature number {i}, bred for benchmarks.\n"
        )
        (root / "monsters" / f"m{i:03d}.yaml").write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--monsters", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--paper", default="a4", choices=["a4", "letter"])
    args = ap.parse_args()

    from builder import build as b
    from builder.workspace import open_workspace

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "bench"
        make_project(root, args.monsters, args.paper)
        load_times, render_times, pages = [], [], 0
        for _ in range(args.runs):
            t0 = time.perf_counter()
            ws = open_workspace([root])
            load_times.append(time.perf_counter() - t0)
            assert ws.report.errors == 0, ws.report.sorted()[:5]
            t0 = time.perf_counter()
            built = [x for _, x in b.run_parallel(ws, b.plan(ws, ws.config, root / "dist"))]
            render_times.append(time.perf_counter() - t0)
            pages = sum(x.pages for x in built)
        peak = (
            max(
                resource.getrusage(who).ru_maxrss
                for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
            )
            / 1024
        )
        load, render = statistics.median(load_times), statistics.median(render_times)
        print(f"monsters: {args.monsters}, runs: {args.runs}, paper: {args.paper}")
        print(
            f"load + validate: median {load:.2f} s  ({', '.join(f'{t:.2f}' for t in load_times)})"
        )
        print(
            f"render 2 books:  median {render:.2f} s  ({', '.join(f'{t:.2f}' for t in render_times)})"
        )
        print(f"pages: {pages}  ->  {pages / render:.1f} pages/s")
        print(
            f"peak RSS of one process: {peak:.0f} MiB (books print in parallel, one process each)"
        )


if __name__ == "__main__":
    main()
