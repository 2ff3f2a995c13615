"""Find the builder's own `templates/` and `content/` folders.

Why: in a source checkout they sit at the repository's top level, but an installed wheel
carries them inside the package as `builder/_data/...` (hatch force-include, see
pyproject.toml). Everything else asks these functions instead of guessing paths.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # .../builder


@cache
def _locate(name: str) -> Path:
    installed = _PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"the builder's {name!r} folder is missing: looked in {installed} and {checkout}"
    )


def templates_dir() -> Path:
    """The builder's templates folder (absolute, symlinks resolved)."""
    return _locate("templates")


def content_dir() -> Path:
    """The builder's content folder: core catalogues and the example project."""
    return _locate("content")
