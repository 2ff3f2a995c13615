"""Check: the test suite passes on a busy machine (issue #28).

Usage:  python benchmarks/under_load.py [--runs 5] [--burners 2] [-- PYTEST ARGS...]

Starts `--burners` CPU-bound processes (`while True: pass`), runs the test suite `--runs`
times beside them, prints pass or fail for each run, and stops the burners however it
ends. Pytest arguments after `--` replace the default (the whole suite with
`-n auto -p no:cacheprovider`), e.g. `-- tests/cli/test_serve.py tests/io/test_safe_write.py`.
Exits 1 when any run failed, so CI can run it too.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PYTEST = ["-n", "auto", "-p", "no:cacheprovider"]


def burners(count: int) -> list[subprocess.Popen[bytes]]:
    """`count` processes that each keep one core busy until stopped."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """Stop the burners this script started (by their process, never by name)."""
    for proc in procs:
        proc.kill()
    for proc in procs:
        proc.wait()


def run_once(pytest_args: list[str]) -> tuple[bool, float, str]:
    """One pytest run: passed?, wall seconds, its last line (the summary)."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    told = [line for line in lines if re.search(r"\b(passed|failed|error)", line)]
    return done.returncode == 0, time.monotonic() - started, (told or lines or [""])[-1]


def main() -> None:
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1 :] if "--" in argv else None
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--burners", type=int, default=2)
    args = ap.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    pytest_args = extra if extra else DEFAULT_PYTEST
    print(f"{args.burners} CPU burners; pytest {' '.join(pytest_args)}; {args.runs} runs")
    procs = burners(args.burners)
    failed = 0
    try:
        for i in range(1, args.runs + 1):
            ok, seconds, summary = run_once(pytest_args)
            failed += not ok
            print(
                f"run {i}: {'pass' if ok else 'FAIL'} in {seconds:.0f} s  ({summary})", flush=True
            )
    finally:
        stop(procs)
    print(f"{args.runs - failed} of {args.runs} runs passed beside {args.burners} burners")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
