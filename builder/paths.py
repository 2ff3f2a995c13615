"""Where the builder's own data lives: a source checkout or an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """``content``, ``templates``, ``schemas`` or ``docs``: ``builder/_data/NAME`` in a wheel,
    else ``<repo>/NAME`` (a checkout, or an editable install of one)."""
    installed = _PKG / "_data" / name
    if installed.is_dir():
        return installed
    checkout = _PKG.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"the builder's {name!r} folder is missing: looked in {installed} and {checkout}"
    )


def content_dir() -> Path:
    return data_dir("content")


def core_dir() -> Path:
    return content_dir() / "core"


def templates_dir() -> Path:
    return data_dir("templates")
