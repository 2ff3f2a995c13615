"""Benchmark: the encounter simulator, 10,000 runs of a 4-vs-4 fight.

Usage:  python benchmarks/simulate.py [--runs 10000] [--repeat 3] [--workers 1 2]
                                      [--profile]

The fight is four of the example project's heroes (Amos, Rook, Quina, Mira) against two
Goblins, a Skeleton Soldier and an Ogre: a close fight (the party wins about a third of
the time, in about four rounds, with Techs and heals) that weighs on the inner loop. Prints the median wall time of the
simulation alone (fighters built once, as the CLI does) for each worker count, the
battles per second, and the end-to-end time of the `zodiac encounter simulate` command.
``--profile`` runs one single-process pass under cProfile and prints the top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "content" / "examples" / "zodiac"
PARTY = ["amos", "rook", "quina", "mira"]
FOES = ["goblin:2", "skeleton-soldier", "ogre"]


def build() -> object:
    """The prepared fight, built from the example project as the CLI builds it."""
    from builder.rulesets.zodiac.commands.encounter import _fighters
    from builder.rulesets.zodiac.rules import simulate as S
    from builder.rulesets.zodiac.views.simulate import fight_cap

    party = [EXAMPLE / "characters" / f"{name}.yaml" for name in PARTY]
    ruleset, fighters, _ = _fighters(party, FOES, EXAMPLE)
    return S.prepare(fighters, cap=fight_cap(ruleset))


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    from builder.rulesets.zodiac.rules import simulate as S

    t0 = time.perf_counter()
    plan = build()
    print(f"build fighters: {time.perf_counter() - t0:.2f} s")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        S.simulate(plan, args.runs, 1, workers=1)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
        return
    for workers in args.workers:
        times = []
        for n in range(args.repeat):
            t = time.perf_counter()
            tally = S.simulate(plan, args.runs, n + 1, workers=workers)
            times.append(time.perf_counter() - t)
        med = statistics.median(times)
        rounds = sum(k * v for c in tally.rounds for k, v in c.items()) / tally.runs
        print(
            f"simulate {args.runs:,} runs, {workers} worker(s): median {med:.2f} s "
            f"({args.runs / med:,.0f} battles/s; mean {rounds:.1f} rounds; "
            f"party wins {tally.outcomes[S.PARTY] / tally.runs:.1%})"
        )
    cmd = [sys.executable, "-m", "builder", "encounter", "simulate", "--party"]
    cmd += [f"characters/{name}.yaml" for name in PARTY] + ["--vs", *FOES]
    cmd += ["--runs", str(args.runs), "--seed", "1", "--format", "json", "--jobs", "2"]
    times = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        subprocess.run(cmd, cwd=EXAMPLE, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    print(
        f"zodiac encounter simulate (end to end, 2 workers): median {statistics.median(times):.2f} s"
    )


if __name__ == "__main__":
    main()
