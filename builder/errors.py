"""A small exception tree: what the CLI shows without a traceback.

Anything else that reaches the CLI is a bug in zodiac (`internal error`, exit code 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.text import bad_character, printable, shorten

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic


class ZodiacError(Exception):
    """Base of the builder's own errors."""


class UsageError(ZodiacError):
    """The command was misused (no such path, bad option): exit code 2."""


class ContentErrors(ZodiacError):
    """Content has errors: a list of diagnostics, reported together; exit code 1."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} problem(s)")
        self.diagnostics = diagnostics


class WriteError(ZodiacError):
    """A file could not be written (permission, disk full...); the old one is intact: exit 2.

    One string argument, so it survives pickling out of `zodiac build`'s worker processes.
    """


def check_text_option(option: str, value: str) -> None:
    """Refuse a one-line text option (a title, a name) holding a character text cannot hold.

    Controls (NEL included), unpaired surrogates (bytes that were not UTF-8) and
    noncharacters would not survive being written to YAML and read back.
    """
    bad = bad_character(value)
    if bad is not None:
        index, what = bad
        article = "an" if what[0] in "aeiou" else "a"
        raise UsageError(
            f"{option} '{shorten(printable(value))}' has {article} {what} at character {index + 1}; "
            "use printable text on one line"
        )
