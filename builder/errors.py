"""A small exception tree: what the CLI shows without a traceback, and what is a bug."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
