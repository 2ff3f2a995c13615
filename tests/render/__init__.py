"""Rendering tests, and the demonstration data for `templates/books/sample.html`.

Preview the sample book by hand:

    python -c "from tests.render import render_sample; print(render_sample('/tmp/s.pdf'))"
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

_MONSTERS: list[tuple[str, int, bool, str | None, tuple[int, ...], int, int, str, int, int]] = [
    (
        "Goblin",
        3,
        False,
        None,
        (8, 4, 6, 5, 9),
        96,
        12,
        "A small, quick raider that steals before it strikes. Travels in threes.",
        38,
        45,
    ),
    (
        "Bomb",
        9,
        False,
        "fire",
        (10, 14, 8, 9, 7),
        310,
        60,
        "Swells with every hit it takes; at half HP it explodes, dealing fire damage to all.",
        210,
        160,
    ),
    (
        "Cockatrice",
        11,
        False,
        "earth",
        (12, 9, 10, 8, 12),
        402,
        44,
        "Its beak turns flesh to stone. Carry Soft.",
        260,
        180,
    ),
    (
        "Malboro",
        18,
        False,
        None,
        (15, 16, 14, 12, 6),
        1380,
        120,
        "Bad Breath inflicts Poison, Blind, Silence, Sleep and Confuse at once.",
        780,
        620,
    ),
    (
        "Adamantoise",
        22,
        False,
        "earth",
        (20, 6, 24, 14, 3),
        2450,
        40,
        "Shell of adamantite. Slow, patient, nearly unbreakable.",
        1120,
        900,
    ),
    (
        "Ice Flan",
        7,
        False,
        "ice",
        (6, 12, 9, 13, 5),
        180,
        90,
        "Immune to physical attacks; weak to fire.",
        120,
        70,
    ),
    (
        "Zu",
        14,
        False,
        "wind",
        (16, 8, 11, 9, 15),
        720,
        30,
        "A giant bird that dives from the clouds. Aero on a 1 in 4.",
        480,
        300,
    ),
    (
        "Tonberry",
        25,
        False,
        "shadow",
        (18, 18, 16, 18, 4),
        1950,
        200,
        "Every step it takes closer is a step you should have run. Everyone's Grudge.",
        1600,
        1280,
    ),
    (
        "Ultros",
        30,
        True,
        "water",
        (24, 22, 20, 16, 11),
        9800,
        400,
        "Tentacles, ink and an inexhaustible supply of bad puns.",
        6400,
        5000,
    ),
    (
        "Behemoth",
        34,
        True,
        "lightning",
        (30, 20, 26, 18, 13),
        12400,
        300,
        "Meteor as a dying act. Fight it where the ceiling is high.",
        8900,
        7200,
    ),
]

_EQUIPMENT_NAMES = [
    ("Dagger", "Dagger"),
    ("Mythril Knife", "Dagger"),
    ("Broadsword", "Sword"),
    ("Mythril Sword", "Sword"),
    ("Flametongue", "Sword"),
    ("Oak Staff", "Staff"),
    ("Healing Rod", "Rod"),
    ("Leather Armor", "Armor"),
    ("Bronze Armor", "Armor"),
    ("Mythril Vest", "Armor"),
    ("Buckler", "Guard"),
    ("Aegis Shield", "Guard"),
    ("Power Wrist", "Relic"),
    ("Hermes Sandals", "Relic"),
    ("Ribbon", "Relic"),
]


def sample_context(n_monsters: int = 10, n_items: int = 45) -> dict[str, Any]:
    """Context for `books/sample.html`: `n_monsters` monsters (cycled), `n_items` items."""
    monsters = []
    for i in range(n_monsters):
        name, lv, boss, element, stats, hp, mp, text, xp, gil = _MONSTERS[i % len(_MONSTERS)]
        round_ = i // len(_MONSTERS)
        monsters.append(
            {
                "id": name.lower().replace(" ", "-") + (f"-{round_ + 1}" if round_ else ""),
                "name": name + (f" {round_ + 1}" if round_ else ""),
                "level": lv,
                "boss": boss,
                "element": element,
                "stats": dict(zip(("str", "mag", "vit", "spr", "agi"), stats, strict=True)),
                "hp": hp,
                "mp": mp,
                "description": text,
                "xp": xp,
                "gold": gil,
            }
        )
    equipment = []
    for i in range(n_items):
        name, kind = _EQUIPMENT_NAMES[i % len(_EQUIPMENT_NAMES)]
        tier = i // len(_EQUIPMENT_NAMES)
        equipment.append(
            {
                "name": name + ("+" * tier),
                "kind": kind,
                "level": 1 + (i * 7) % 40,
                "price": None if name == "Ribbon" else 50 * (1 + (i * 13) % 60),
                "note": "Cannot be bought." if name == "Ribbon" else "",
            }
        )
    return {
        "book": {
            "title": "ZODIAC Sample Book",
            "subtitle": "Bestiary & Armory",
            "meta": "Final Fantasy RPG, Third Edition · printed by zodiac-builder",
        },
        "monsters": monsters,
        "equipment": equipment,
    }


def render_sample(out: str | Path, paper: str = "a4", **sizes: int) -> Any:
    """Render the sample book to `out`; returns the `PdfResult`."""
    from builder.render import make_environment, render_html, write_pdf

    html = render_html("books/sample.html", sample_context(**sizes), env=make_environment())
    return write_pdf(html, Path(out), paper=paper)  # type: ignore[arg-type]
