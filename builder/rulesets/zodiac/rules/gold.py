"""Gold over a campaign: 200 G at creation, the creation purchases, then the ledger (R25).

Pure arithmetic over items already resolved to a key, a name and a price: the checks
(``checks.gold``) and the views (``views.equipment``) both walk the same account, so the
number a sheet prints is the number the checks judged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from builder.rulesets.zodiac.rules.equipment import sell_price as eq_sell_price
from builder.rulesets.zodiac.rules.tables import STARTING_GOLD


def sell_price(price: int) -> int:
    """Half the listed price (R25); the one rule lives in ``rules.equipment.sell_price``."""
    sold = eq_sell_price(price)
    assert sold is not None
    return sold


@dataclass(frozen=True)
class Item:
    """An item a record names, resolved: ``key`` (set-qualified id), name, shop price."""

    key: str
    name: str
    price: int | None


@dataclass(frozen=True)
class Move:
    """One ledger entry with its item resolved (``item`` None: unknown id or `gold:`)."""

    index: int
    action: str  # gold | buy | sell | find | use
    count: int = 1
    gold: int = 0
    item: Item | None = None
    note: str | None = None


@dataclass(frozen=True)
class Term:
    """One term of the gold sum: its amount (signed), what it is, and where it was written."""

    label: str
    amount: int
    source: str

    def to_json(self) -> dict[str, object]:
        return {"label": self.label, "amount": self.amount, "source": self.source}


@dataclass(frozen=True)
class Overdraw:
    """The first ledger entry that takes the balance below 0."""

    index: int
    balance: int  # after the entry


@dataclass(frozen=True)
class Missing:
    """A sale or use of more items than the records carry at that point."""

    index: int
    item: Item
    wanted: int
    carried: int


@dataclass
class Account:
    """The gold sum term by term, what the records leave carried, and what went wrong."""

    terms: list[Term] = field(default_factory=list)
    balance: int = 0
    held: Counter[str] = field(default_factory=Counter)  # item key -> count carried
    items: dict[str, Item] = field(default_factory=dict)
    origins: dict[str, list[str]] = field(default_factory=dict)  # item key -> sources
    overdraw: Overdraw | None = None
    missing: list[Missing] = field(default_factory=list)

    def text(self) -> str:
        """``200 G starting - 180 G creation purchases + 330 G ledger (2 entries)``."""
        start, *rest = self.terms
        parts = [f"{start.amount} G {start.label}"]
        creation = [t for t in rest if t.source.startswith("purchases")]
        ledger = [t for t in rest if t.source.startswith("ledger")]
        if creation:
            spent = -sum(t.amount for t in creation)
            parts.append(f"- {spent} G creation purchases")
        if ledger:
            net = sum(t.amount for t in ledger)
            sign = "-" if net < 0 else "+"
            many = "entry" if len(ledger) == 1 else "entries"
            parts.append(f"{sign} {abs(net)} G from {len(ledger)} ledger {many}")
        return " ".join(parts) + f" = {self.balance} G"


def count_label(count: int, item: Item) -> str:
    """``Potion`` or ``3 x Potion``."""
    return item.name if count == 1 else f"{count} x {item.name}"


def _take(acc: Account, item: Item, count: int, source: str) -> None:
    acc.held[item.key] += count
    acc.items.setdefault(item.key, item)
    origins = acc.origins.setdefault(item.key, [])
    if source not in origins:
        origins.append(source)


def account(purchases: list[tuple[Item | None, int]], moves: list[Move]) -> Account:
    """Walk creation purchases then the ledger in order (Ch. I Step 8, Ch. V, R25).

    Unresolved items (``None``) and items without a price count for nothing here: the
    checks report them (ZC150, ZC156, ZC183) and skip the sums that depend on them.
    """
    acc = Account(terms=[Term("starting", STARTING_GOLD, "Ch. I Step 8")])
    balance = STARTING_GOLD
    for i, (item, count) in enumerate(purchases):
        if item is None:
            continue
        if item.price is not None:
            cost = item.price * count
            acc.terms.append(
                Term(f"{count_label(count, item)} at creation", -cost, f"purchases[{i}]")
            )
            balance -= cost
        _take(acc, item, count, "purchases")
    for m in moves:
        source = f"ledger[{m.index}]"
        amount = 0
        if m.action == "gold":
            amount = m.gold
            acc.terms.append(
                Term(m.note or ("gold gained" if amount >= 0 else "gold spent"), amount, source)
            )
        elif m.item is None:
            continue
        elif m.action in ("buy", "find"):
            if m.action == "buy" and m.item.price is not None:
                amount = -m.item.price * m.count
                acc.terms.append(Term(f"bought {count_label(m.count, m.item)}", amount, source))
            _take(acc, m.item, m.count, "ledger")
        else:  # sell | use
            have = acc.held[m.item.key]
            if have < m.count:
                acc.missing.append(Missing(m.index, m.item, m.count, have))
            acc.held[m.item.key] = max(0, have - m.count)
            if m.action == "sell" and m.item.price is not None:
                amount = sell_price(m.item.price) * m.count
                acc.terms.append(Term(f"sold {count_label(m.count, m.item)}", amount, source))
        before, balance = balance, balance + amount
        if balance < 0 <= before and acc.overdraw is None:  # an overspent creation is ZC157
            acc.overdraw = Overdraw(m.index, balance)
    acc.balance = balance
    return acc
