"""What `zodiac show` prints for any entity of any rule set: a small, generic view.

Each rule set knows how to compute its entities (a ZODIAC character's derived stats, a
monster's rewards...); the CLI knows how to print. ``Shown`` is the handshake between the
two: the JSON a script reads, and titled key/value sections a person reads. A rule set
registers, per kind, a function ``(workspace, entity) -> Shown`` in ``RuleSet.shows``, so
`zodiac show` prints a new game's content without the CLI learning its kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Section = tuple[str, list[tuple[str, str]]]


@dataclass(frozen=True)
class Shown:
    """One entity, viewed: ``json`` for ``--format json``, ``sections`` for the terminal.

    Every value is plain text (no markup): the CLI escapes it as user text.
    """

    title: str
    json: dict[str, Any]
    sections: list[Section] = field(default_factory=list)


def rows(pairs: dict[str, Any]) -> list[tuple[str, str]]:
    """Key/value rows from a mapping, leaving out empty values (None, '', [])."""
    out = []
    for key, value in pairs.items():
        if value is None or value == "" or value == []:
            continue
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        out.append((key, str(value)))
    return out
