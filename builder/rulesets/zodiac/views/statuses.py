"""Status effects for people: the one-page reference, `zodiac show`, the sheet's boxes.

Every value a template prints is prepared here: duration words, the cure line (the
status's own potions, every potion whose ``cures`` lists it, Remedy-like potions for
what Esuna lifts, Dispel's level), negative and positive rows in the book's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rulesets.zodiac.checks.statuses import ALL_NEGATIVE, catalogue_of
from builder.rulesets.zodiac.rules import techs as RT

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets.zodiac.models.status import Status
    from builder.workspace import Workspace

# Duration words (Ch. VI; "special" is Stun's own "next turn only").
DURATION_TEXT: dict[str, str] = {
    "temporary": "Temporary",
    "permanent": "Permanent",
    "special": "Special",
    "battle": "Whole battle",
    "until_triggered": "Until used",
}
_TECH_TEXT = {"esuna": "Esuna", "revive": "Revive"}
# Ch. V: a weapon's Status Effect lasts 1d2 rounds (not Stun or Death Sentence); Draw
# Out's temporary effects last 1d2+1. The Tech ones live in rules.techs.
WEAPON_STATUS_ROUNDS = "1d2 rounds"
DRAW_OUT_STATUS_ROUNDS = "1d2+1 rounds"
# What each duration means at the table (Ch. VI), in our words.
DURATION_NOTES: dict[str, str] = {
    "temporary": "wears off after the rounds its source gives; ends at once when the "
    "bearer falls, and with the battle",
    "permanent": "stays, through the battle and a fall, until cured",
    "special": "see the status",
    "battle": "until the battle ends or the bearer falls",
    "until_triggered": "until it fires",
}


def potion_names(content: Content | None) -> dict[str, tuple[str, tuple[str, ...]]]:
    """potion id -> (name, cures)."""
    if content is None:
        return {}
    return {e.id: (e.model.name, tuple(e.model.cures)) for e in content.of_kind("potion")}


def cure_parts(s: Status, potions: dict[str, tuple[str, tuple[str, ...]]]) -> list[str]:
    """What ends a status early, in words: potions, then Techs, then damage."""
    names: list[str] = []
    for pid in s.cure.potions:
        names.append(potions[pid][0] if pid in potions else pid.replace("-", " ").title())
    lifted_by_all = not s.positive and "esuna" in s.cure.techs
    for name, cures in potions.values():
        if name not in names and (str(s.id) in cures or (lifted_by_all and ALL_NEGATIVE in cures)):
            names.append(name)
    out = list(names)
    for tech in s.cure.techs:
        if tech == "dispel":
            level = s.cure.dispel_level
            out.append(f"Dispel {level}+" if level is not None else "Dispel")
        else:
            out.append(_TECH_TEXT[tech])
    if s.cure.damage:
        out.append("taking damage")
    return out


def status_row(s: Status, potions: dict[str, tuple[str, tuple[str, ...]]]) -> dict[str, Any]:
    """One status as plain values (template, JSON, `zodiac show`)."""
    cures = cure_parts(s, potions)
    return {
        "id": str(s.id),
        "name": s.name,
        "positive": s.positive,
        "duration": str(s.duration),
        "duration_text": DURATION_TEXT[str(s.duration)],
        "cure": ", ".join(cures) if cures else "none",
        "cures": cures,
        "effect": s.effect,
        "aliases": list(s.aliases),
    }


def status_rows(content: Content | None) -> list[dict[str, Any]]:
    """Every status of the catalogue (core plus project): negatives first, each side A-Z."""
    cat = catalogue_of(content)
    potions = potion_names(content)
    rows = [status_row(s, potions) for s in cat.by_id.values()]
    rows.sort(key=lambda r: (r["positive"], r["name"].lower()))
    return rows


def status_boxes(content: Content | None) -> list[dict[str, Any]]:
    """Check boxes for a character sheet: ``{name, positive}``, negatives first, A-Z.

    Unconscious is left out: the HP tracker already says it. ``content`` None gives the
    book's statuses alone.
    """
    return [
        {"name": r["name"], "positive": r["positive"]}
        for r in status_rows(content)
        if r["id"] != "unconscious"
    ]


def status_reference_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`books/statuses.html`: negative and positive statuses side by side on one page.

    The book holds every status the project knows (the core's and its own), whatever
    `include:` selects: a reference with a status missing would mislead at the table.
    """
    rows = status_rows(ws.content)
    negative = [r for r in rows if not r["positive"]]
    positive = [r for r in rows if r["positive"]]
    return {
        "negative": negative,
        "positive": positive,
        "counts": {"negative": len(negative), "positive": len(positive)},
        "rounds": [
            {"source": "Status Effect Tech", "rounds": RT.STATUS_TECH_ROUNDS},
            {"source": "Lesser Status Attack", "rounds": RT.LESSER_STATUS_ROUNDS},
            {"source": "Weapon Status Effect", "rounds": WEAPON_STATUS_ROUNDS},
            {"source": "Draw Out Status Effect", "rounds": DRAW_OUT_STATUS_ROUNDS},
        ],
        "durations": [
            {"name": DURATION_TEXT[k], "text": text} for k, text in DURATION_NOTES.items()
        ],
    }
