"""A problem found by a rule, before it is placed in a file.

Rules and checks know *what* is wrong and *where inside the document* (a path of
keys and indices); only the loader knows lines and columns. Keeping the two apart
lets every rule stay a pure function that is easy to test.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

PathPart = str | int


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule inside a document.

    ``path`` is relative to the document root, e.g. ``("advancement", 6, "str")``;
    the diagnostics layer turns it into ``file:line:col``. ``rule`` names where the
    rule lives: a chapter of the book ("Ch. I Step 2") or a ruling id ("R6").
    """

    code: str
    message: str
    rule: str
    path: tuple[PathPart, ...] = ()
    severity: Severity = Severity.ERROR
    # For text with a grammar (a range, a cost): the 0-based character inside the value
    # where it stops making sense, so the diagnostic's column points there, not at the start.
    offset: int | None = None

    def at(self, *prefix: PathPart) -> Problem:
        """The same problem, seen from a parent document (path prefixed)."""
        return Problem(
            self.code, self.message, self.rule, (*prefix, *self.path), self.severity, self.offset
        )
