"""`zodiac encounter rewards` in a Turns and Actions project (Experience and Rewards,
turns-and-actions.txt L849-871; the arithmetic is ``rules/rewards.py``).

Registered as ``RULESET.rewards``: ``(lines, party, *, npcs, aggro) -> Shown`` where
``lines`` are ``(combatant Entity, count)`` pairs of the monsters slain, ``party`` the
non-NPC players who fought (the neutralized ones included), ``npcs`` the NPCs and
befriended monsters who fought beside them, and ``aggro`` monster id -> bodies that died
with Aggro. XP and gil per monster come from its sheet (``rewards: {xp, gil}``); the
chapter gives only how they are shared. The CLI prints what this returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from builder.errors import UsageError
from builder.explain import Term, attach
from builder.models.base import norm_id
from builder.rulesets.turns.rules import rewards as R
from builder.views import Shown

if TYPE_CHECKING:
    from builder.io.project import Entity

BOOK = "turns-and-actions.txt"

NOTES = [
    ("Who rolls", "each player rolls for the monsters they killed (L865)"),
    (
        "Special objective",
        "one revealed to the party and accomplished by the time the battle was won: the "
        "better loot drops from every monster, no check (L869-871)",
    ),
]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _line(entity: Entity, count: int, aggro: int) -> dict[str, Any]:
    """One kind of monster: its sheet's XP and gil times the count, and its loot check."""
    m = entity.model
    xp_each = m.rewards.xp if m.rewards else 0
    gil_each = m.rewards.gil if m.rewards else 0
    harvest = None
    if m.harvest is not None:
        harvest = {
            "score": m.harvest.score,
            "loot": m.harvest.loot,
            "drop": m.harvest.drop,
            "aggro_bodies": aggro,
            "aggro_bonus": R.loot_check_bonus(aggro > 0),
            "check_beats": R.loot_check_beats(m.harvest.score, False),
            "check_beats_with_aggro": R.loot_check_beats(m.harvest.score, True),
        }
    return {
        "id": entity.id,
        "name": m.name,
        "rank": m.rank.value,
        "count": count,
        "rewards_on_sheet": m.rewards is not None,
        "xp_each": xp_each,
        "gil_each": gil_each,
        "xp": xp_each * count,
        "gil": gil_each * count,
        "harvest": harvest,
    }


def _aggro_by_id(
    lines: Sequence[tuple[Entity, int]], aggro: Mapping[str, int] | None
) -> dict[str, int]:
    """``--aggro`` as id -> bodies, each naming a monster of the fight, no more than slain."""
    counts: dict[str, int] = {}
    for e, n in lines:
        counts[e.id] = counts.get(e.id, 0) + n
    out: dict[str, int] = {}
    for ref, bodies in (aggro or {}).items():
        key = norm_id(ref)
        if key not in counts:
            named = ", ".join(counts) or "none"
            raise UsageError(
                f"--aggro {ref}: no monster {key!r} in this fight; name one of the monsters "
                f"slain ({named}), e.g. --aggro {next(iter(counts), 'bilge-rat')}:1"
            )
        out[key] = out.get(key, 0) + bodies
        if out[key] > counts[key]:
            raise UsageError(
                f"--aggro {ref}: {out[key]} bodies with Aggro, but the fight has "
                f"{counts[key]} {key}; at most {counts[key]}"
            )
    return out


def encounter_rewards(
    lines: Sequence[tuple[Entity, int]],
    party: int,
    *,
    npcs: int = 0,
    aggro: Mapping[str, int] | None = None,
) -> Shown:
    """XP shared by every combatant, gil times the players, loot checks with Aggro's +5.

    A combatant of ``side: player`` is refused: XP and gil come from the monsters slain.
    """
    for e, _ in lines:
        if e.model.side.value != "monster":
            raise UsageError(
                f"{e.id} is a player combatant (`side: player`): rewards come from the "
                "monsters slain (L850); name those, and count the players with --party"
            )
    if party < 1 or npcs < 0:
        raise UsageError("--party counts at least one player, --npcs zero or more")
    bodies = _aggro_by_id(lines, aggro)
    monsters = [_line(e, n, bodies.get(e.id, 0)) for e, n in lines]
    combatants = party + npcs
    split = R.split_xp(sum(m["xp"] for m in monsters), combatants)
    dropped = sum(m["gil"] for m in monsters)
    pile = R.party_gil(dropped, party)
    data: dict[str, Any] = {
        "party": {"players": party, "npcs": npcs, "combatants": combatants},
        "monsters": monsters,
        "xp": split.to_json(),
        "gil": {"dropped": dropped, "players": party, "total": pile, "each_player": pile // party},
        "aggro_loot_bonus": R.AGGRO_LOOT_BONUS,
    }
    explained = _explain(monsters, split, dropped, pile, party, npcs)
    return Shown(
        f"Encounter rewards, {_plural(party, 'player')}"
        + (f" and {_plural(npcs, 'NPC')}" if npcs else ""),
        attach(data, explained),
        [
            ("Monsters slain", [_monster_row(m) for m in monsters]),
            ("XP, shared by every combatant (L853)", _xp_rows(split, monsters, party, npcs)),
            (
                "Gil, multiplied by the non-NPC players (L855)",
                _gil_rows(monsters, dropped, pile, party),
            ),
            ("Loot (L857-867)", [_loot_row(m) for m in monsters] + NOTES),
        ],
    )


def _sum_text(monsters: list[dict[str, Any]], key: str) -> str:
    return " + ".join(f"{m[key]:,}" for m in monsters) if len(monsters) > 1 else ""


def _monster_row(m: dict[str, Any]) -> tuple[str, str]:
    label = f"{m['name']} x {m['count']}" + (f" ({m['rank']})" if m["rank"] != "regular" else "")
    if not m["rewards_on_sheet"]:
        return label, "no `rewards:` on its sheet: 0 XP and 0 gil"
    return (
        label,
        f"{m['xp_each']:,} XP and {m['gil_each']:,} gil each (its sheet): "
        f"{m['xp']:,} XP, {m['gil']:,} gil",
    )


def _xp_rows(
    split: R.XpSplit, monsters: list[dict[str, Any]], party: int, npcs: int
) -> list[tuple[str, str]]:
    parts = _sum_text(monsters, "xp")
    who = _plural(party, "player") + (f" + {_plural(npcs, 'NPC')}" if npcs else "")
    return [
        ("Collected", f"{parts} = {split.total:,} XP" if parts else f"{split.total:,} XP"),
        ("Combatants", f"{who} = {split.combatants}, the neutralized ones included"),
        (
            "Each combatant",
            f"{split.total:,} / {split.combatants}, rounded down (R1) = {split.each:,} XP",
        ),
        ("Not handed out", f"{split.remainder:,} XP, the remainder of the division"),
    ]


def _gil_rows(
    monsters: list[dict[str, Any]], dropped: int, pile: int, party: int
) -> list[tuple[str, str]]:
    parts = _sum_text(monsters, "gil")
    return [
        ("Dropped", f"{parts} = {dropped:,} gil" if parts else f"{dropped:,} gil"),
        (
            "The pile",
            f"{dropped:,} x {_plural(party, 'non-NPC player')} = {pile:,} gil "
            "(NPCs and befriended monsters don't count, L421-422)",
        ),
        ("Each player", f"{pile:,} / {party} = {pile // party:,} gil"),
    ]


def _loot_row(m: dict[str, Any]) -> tuple[str, str]:
    h = m["harvest"]
    if h is None:
        return m["name"], "no Harvest check on its sheet: its own loot drops"
    instead = f" instead of {h['drop']}" if h["drop"] else ""
    text = (
        f"a Harvest check beating {h['score']}: {h['loot']}{instead}. Died with Aggro: "
        f"+{R.AGGRO_LOOT_BONUS} to the check (L867), so beating "
        f"{h['check_beats_with_aggro']} before the bonus is enough"
    )
    if h["aggro_bodies"]:
        text += f"; {h['aggro_bodies']} of {m['count']} did"
    return m["name"], text


def _explain(
    monsters: list[dict[str, Any]],
    split: R.XpSplit,
    dropped: int,
    pile: int,
    party: int,
    npcs: int,
) -> dict[str, tuple[Term, ...]]:
    """Breakdown terms by dotted path (`show --explain` reads the same shape)."""
    xp_terms = tuple(
        Term(
            f"{m['xp']} {m['name']} ({m['count']} x {m['xp_each']})", m["xp"], f"monster:{m['id']}"
        )
        for m in monsters
    )
    gil_terms = tuple(
        Term(
            f"{m['gil']} {m['name']} ({m['count']} x {m['gil_each']})",
            m["gil"],
            f"monster:{m['id']}",
        )
        for m in monsters
    )
    combatants = (
        Term(_plural(party, "player"), party, "option:party"),
        Term(_plural(npcs, "NPC"), npcs, "option:npcs"),
    )
    out: dict[str, tuple[Term, ...]] = {
        "xp.total": xp_terms,
        "xp.combatants": combatants,
        "xp.each": (
            Term(
                f"{split.total} XP / {split.combatants} combatants, rounded down (R1)",
                split.each,
                "ruling:R1",
                (Term(f"{split.total} XP", split.total, "xp.total"), *combatants),
                rule=BOOK + " L853",
            ),
        ),
        "gil.dropped": gil_terms,
        "gil.total": (
            Term(
                f"{dropped} gil x {_plural(party, 'non-NPC player')}",
                pile,
                "book:L855",
                (
                    Term(f"{dropped} gil dropped", dropped, "gil.dropped"),
                    Term(_plural(party, "player"), party, "option:party"),
                ),
                rule=BOOK + " L855",
            ),
        ),
    }
    for m in monsters:
        h = m["harvest"]
        if h is not None:
            out[f"monsters.{m['id']}.harvest.check_beats_with_aggro"] = (
                Term(f"{h['score']} Harvest score", h["score"], "sheet:harvest.score"),
                Term(
                    f"-{R.AGGRO_LOOT_BONUS} Aggro at death",
                    -R.AGGRO_LOOT_BONUS,
                    "book:L867",
                    rule=BOOK + " L867",
                ),
            )
    return out
