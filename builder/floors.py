"""The releases below which the builder is not safe to run, checked when `zodiac` starts.

pip honours `pyproject.toml`'s floors when it installs us, but not when someone downgrades a
package later, installs into a shared environment with `--no-deps`, or runs from a source
checkout. Two of our promises rest on upstream security fixes, so the CLI refuses to start
without them rather than print a stranger's files with a known hole:

- WeasyPrint 70 stops a custom ``url_fetcher`` from being bypassed (our fetcher is what keeps
  printing inside the project);
- Jinja2 3.1.6 closes the sandbox escapes through ``|attr`` and ``str.format`` (3.1.5, 3.1.6).

Reading two distributions' metadata costs about a millisecond; WeasyPrint itself is not
imported (that costs ~0.6 s and only printing pays it).
"""

from __future__ import annotations

import re
from importlib import metadata

__all__ = ["SECURITY_FLOORS", "parse_version", "too_old"]

SECURITY_FLOORS: dict[str, tuple[str, str]] = {
    "weasyprint": ("70", "its url_fetcher could be bypassed before 70"),
    "jinja2": ("3.1.6", "its sandbox could be escaped before 3.1.6"),
}


def parse_version(text: str) -> tuple[int, ...]:
    """``'3.1.6'`` -> ``(3, 1, 6)``; a pre-release suffix counts as the release before it."""
    parts: list[int] = []
    for piece in text.split("."):
        match = re.match(r"\d+", piece)
        if match is None:
            break
        parts.append(int(match.group()))
        if match.end() != len(piece):  # '0rc1', '3b2': below the release it names
            parts[-1] -= 1
            break
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def too_old(installed: dict[str, str] | None = None) -> list[str]:
    """One sentence per security floor the environment is below (empty when all is well).

    ``installed`` maps distribution names to versions, for tests; by default the running
    environment's metadata is read. A missing distribution is left to the import that needs it.
    """
    problems = []
    for name, (floor, why) in SECURITY_FLOORS.items():
        if installed is not None:
            version = installed.get(name)
        else:
            try:
                version = metadata.version(name)
            except metadata.PackageNotFoundError:
                version = None
        if version is not None and parse_version(version) < parse_version(floor):
            problems.append(
                f"{name} {version} is installed, but zodiac needs {floor} or newer ({why}); "
                f"upgrade it: python -m pip install '{name}>={floor}'"
            )
    return problems
