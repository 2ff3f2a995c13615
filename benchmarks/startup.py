"""Benchmark: how long `zodiac --help` takes (the issue asks for under 0.5 s).

Usage:  python benchmarks/startup.py [--runs 15]

Runs the installed console script in fresh processes and prints the median wall time.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    script = Path(sys.executable).with_name("zodiac")
    exe = [str(script)] if script.exists() else [shutil.which("zodiac") or "zodiac"]
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        subprocess.run([*exe, "--help"], check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    print(
        f"zodiac --help: median {statistics.median(times) * 1000:.0f} ms over {args.runs} runs "
        f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})"
    )


if __name__ == "__main__":
    main()
