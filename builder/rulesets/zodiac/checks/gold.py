"""Gold over a campaign (Ch. I Step 8, Ch. V, R25): the ledger and a written `gold:`.

Gold is 200 G, less the creation purchases, plus the ledger in order; a written
`gold:` must agree (without purchases or ledger it is taken as written: a character
made before the ledger existed). The codes (ZC180-ZC184) are listed with the character
checks, ``builder.rulesets.zodiac.checks.character.CODES``. ``character_account`` is
also what the character view prints, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.problems import Problem
from builder.rulesets.zodiac.checks.items import resolve_item
from builder.rulesets.zodiac.rules import gold as G
from builder.rulesets.zodiac.rules.tables import STARTING_GOLD

if TYPE_CHECKING:
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.items import ItemIndex, ItemRef
    from builder.rulesets.zodiac.models.character import Character

CODES: dict[str, str] = {
    "ZC180": "`gold:` disagrees with 200 G less creation purchases plus the ledger",
    "ZC181": "a ledger entry takes the gold below 0",
    "ZC182": "a ledger entry sells or uses more of an item than the records carry",
    "ZC183": "a ledger entry buys or sells an item that has no listed price",
    "ZC184": "a ledger entry's `at:` is above the character's level or before an earlier one",
}

_RULE = "R25"


def as_item(ref: ItemRef) -> G.Item:
    return G.Item(ref.qualified, ref.name, ref.price)


def _one(index: ItemIndex, ref: str) -> ItemRef | None:
    found = index.lookup(ref)
    return found[0] if len(found) == 1 else None


def character_account(c: Character, index: ItemIndex) -> G.Account:
    """The character's gold and recorded items: creation purchases, then the ledger."""
    purchases: list[tuple[G.Item | None, int]] = []
    for p in c.purchases:
        ref = _one(index, p.item)
        purchases.append((as_item(ref) if ref else None, p.count))
    moves = []
    for i, e in enumerate(c.ledger):
        ref = _one(index, e.item) if e.item is not None else None
        moves.append(
            G.Move(
                index=i,
                action=e.action,
                count=e.count,
                gold=e.gold or 0,
                item=as_item(ref) if ref else None,
                note=e.note,
            )
        )
    return G.account(purchases, moves)


def _sign(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else str(amount)


def check_character_gold(c: Character, ctx: CheckContext, level: int) -> Iterator[Problem]:
    """Ledger items exist and are priced where gold changes hands; the balance never goes
    below 0; sales and uses are of items carried; `at:` in order; `gold:` agrees."""
    if not (c.purchases or c.ledger):
        return
    from builder.rulesets.zodiac.items import item_index

    index = item_index(ctx.content)
    exact = all(  # every creation purchase resolves to one priced item
        (ref := _one(index, p.item)) is not None and ref.price is not None for p in c.purchases
    )
    last_at: tuple[int, int] | None = None  # (entry, level)
    for i, e in enumerate(c.ledger):
        if e.at is not None:
            if e.at > level:
                yield Problem(
                    "ZC184",
                    f"`at: {e.at}` but the character is level {level}; an entry records "
                    "something that has happened, at or below the current level",
                    _RULE,
                    ("ledger", i, "at"),
                )
            elif last_at is not None and e.at < last_at[1]:
                yield Problem(
                    "ZC184",
                    f"`at: {e.at}` comes after entry {last_at[0] + 1} at level {last_at[1]}; "
                    "the ledger runs in order, so move this entry up or fix its level",
                    _RULE,
                    ("ledger", i, "at"),
                )
            else:
                last_at = (i, e.at)
        if e.item is None:
            continue
        path = ("ledger", i, e.action)
        item, problems = resolve_item(index, e.item, None, path)
        yield from problems
        if item is None:
            exact = False
            continue
        if item.price is None and e.action in ("buy", "sell"):
            exact = False
            why = "an artifact is only found or given" if item.artifact else "shops never sell it"
            yield Problem(
                "ZC183",
                f"{item.name} has no listed price ({why}), so it cannot be "
                f"{'bought' if e.action == 'buy' else 'sold'}; record it with "
                f"`{'find' if e.action == 'buy' else 'use'}: {e.item}` instead",
                _RULE,
                path,
            )
    acc = character_account(c, index)
    # what creation left; below 0 is ZC157's error, and the sums after it mean nothing
    creation = STARTING_GOLD + sum(t.amount for t in acc.terms if t.source.startswith("purchases"))
    for m in acc.missing:
        entry = c.ledger[m.index]
        verb = "sells" if entry.action == "sell" else "uses"
        yield Problem(
            "ZC182",
            f"{verb} {G.count_label(m.wanted, m.item)} but the records carry {m.carried} at this "
            "point; record how it came first (creation `purchases:`, or `buy:` / `find:` "
            "earlier in the ledger); `inventory:` lists what is carried after the ledger",
            f"Ch. V, {_RULE}",
            ("ledger", m.index, entry.action),
        )
    if acc.overdraw is not None and creation >= 0:
        o = acc.overdraw
        term = next((t for t in acc.terms if t.source == f"ledger[{o.index}]"), None)
        what = f"{term.label} ({_sign(term.amount)} G)" if term else "this entry"
        yield Problem(
            "ZC181",
            f"{what} leaves {o.balance} G; gold never goes below 0: record the gold gained "
            "before it, or spend less",
            _RULE,
            ("ledger", o.index),
        )
    if c.gold is None or not exact or creation < 0 or c.gold == acc.balance:
        return
    diff = c.gold - acc.balance
    entry = f"- {{gold: {diff}, note: ...}}"
    what = "came from" if diff > 0 else "went"
    yield Problem(
        "ZC180",
        f"`gold: {c.gold}` but the records leave {acc.balance} G ({acc.text()}); write "
        f"`gold: {acc.balance}`, or record where the {abs(diff)} G {what} in `ledger:` "
        f"(e.g. `{entry}`)",
        f"Ch. I Step 8, {_RULE}",
        ("gold",),
    )
