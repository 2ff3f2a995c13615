"""Print pip constraints pinning every runtime dependency to the floor pyproject.toml declares.

`>=X` is a promise that X works; CI keeps it by installing exactly X (`name==X`, markers
kept) and running the smoke tests. Test tools are not pinned: they are not what users run.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def floors(dependencies: list[str]) -> list[str]:
    """``'typer>=0.17.4'`` -> ``'typer==0.17.4'``; a dependency without a floor is an error."""
    out = []
    for dep in dependencies:
        requirement, _, marker = dep.partition(";")
        match = re.search(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?.*?>=\s*([^,\s]+)", requirement)
        if match is None:
            raise SystemExit(f"pyproject.toml: {dep!r} declares no floor (>=)")
        pin = f"{match.group(1)}=={match.group(2)}"
        out.append(f"{pin}; {marker.strip()}" if marker.strip() else pin)
    return out


if __name__ == "__main__":
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    print("\n".join(floors(project["dependencies"])))
