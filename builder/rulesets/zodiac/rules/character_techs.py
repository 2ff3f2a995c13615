"""A character's Tech learning history, replayed level by level (Ch. II; R11, R15).

The character file lists each Tech with the level it was learned at and its upgrades;
here they become one ordered history of ``Learn`` / ``Upgrade`` events, priced step by
step. Checks use it to find the first level where Tech Points or Max Tech Levels run
out; the character view uses it for Tech Points spent and what each Tech cost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from builder.problems import PathPart
from builder.rulesets.zodiac.models.character_techs import KnownTech
from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules.techs import Learn, Upgrade, tech_points_spent


@dataclass(frozen=True, slots=True)
class TechEvent:
    """One learning or upgrade, at a character level, from entry ``entry`` of `techs:`."""

    char_level: int
    entry: int
    upgrade: int | None  # index into the entry's `upgrades`, None for learning
    event: Learn | Upgrade

    @property
    def path(self) -> tuple[PathPart, ...]:
        """Where the event is written in the character document."""
        if self.upgrade is None:
            return ("techs", self.entry)
        return ("techs", self.entry, "upgrades", self.upgrade)


def tech_events(
    entries: Sequence[tuple[int, KnownTech, int, str | None]],
) -> list[TechEvent]:
    """The history in order: by character level, then as written in the file.

    ``entries`` are (entry index, entry, Tech Level learned at, original's key or None).
    Decision: within one character level events happen in file order (an entry's
    learning, then its upgrades), so a file controls the order of same-level events.
    """
    events: list[TechEvent] = []
    for index, entry, level, original in entries:
        events.append(TechEvent(entry.learned_at, index, None, Learn(entry.key, level, original)))
        for j, up in enumerate(entry.upgrades):
            events.append(TechEvent(up.at, index, j, Upgrade(entry.key, up.to)))
    order = {id(e): k for k, e in enumerate(events)}
    return sorted(events, key=lambda e: (e.char_level, e.entry, order[id(e)]))


@dataclass
class Replay:
    """Prices of a valid history: per event, per Tech, and the Tech Levels reached."""

    costs: list[int] = field(default_factory=list)
    paid: dict[str, int] = field(default_factory=dict)
    levels: dict[str, int] = field(default_factory=dict)
    clones: set[str] = field(default_factory=set)
    lines: list[str] = field(default_factory=list)

    @property
    def spent(self) -> int:
        return sum(self.costs)

    @property
    def levels_used(self) -> int:
        """Tech Levels counted toward Max Tech Levels: a clone counts one less (R11)."""
        return sum(lv - 1 if k in self.clones else lv for k, lv in self.levels.items())


def replay(events: Sequence[TechEvent], upto: int | None = None) -> Replay:
    """Price ``events`` (already validated) up to character level ``upto`` (R15 discounts).

    Each event's price is the growth of the whole history's total: a clone discount
    depends on the related Techs' levels at that moment.
    """
    out = Replay()
    done: list[Learn | Upgrade] = []
    total = 0
    for ev in events:
        if upto is not None and ev.char_level > upto:
            break
        done.append(ev.event)
        priced = tech_points_spent(done)
        cost = priced.total - total
        total = priced.total
        out.costs.append(cost)
        out.lines.append(f"level {ev.char_level}: {priced.lines[-1]}")
        key = ev.event.tech
        out.paid[key] = out.paid.get(key, 0) + cost
        if isinstance(ev.event, Learn):
            out.levels[key] = ev.event.level
            if ev.event.clone_of is not None:
                out.clones.add(key)
        else:
            out.levels[key] = ev.event.to_level
    return out


@dataclass(frozen=True, slots=True)
class ResolvedTech:
    """An entry of `techs:` with its Tech found (None when the id is unknown)."""

    index: int
    entry: KnownTech
    tech: Tech | None

    @property
    def key(self) -> str:
        return self.entry.key

    @property
    def original(self) -> str | None:
        """The clone's original: the entry's `clone_of`, else the Tech's own."""
        if self.entry.clone_of is not None:
            return self.entry.clone_of
        return self.tech.clone_of if self.tech is not None else None

    @property
    def final_level(self) -> int | None:
        """The Tech Level after every upgrade in the file."""
        if self.tech is None:
            return None
        return max([self.tech.tech_level, *(u.to for u in self.entry.upgrades)])

    def at_level(self, tech_level: int) -> Tech | None:
        """The Tech as it is at ``tech_level`` (upgrades change only the level)."""
        if self.tech is None:
            return None
        return self.tech.model_copy(update={"tech_level": tech_level})


def resolve_techs(
    entries: Sequence[KnownTech], find: Callable[[str], Tech | None]
) -> list[ResolvedTech]:
    """Look up each referenced Tech with ``find``; inline Techs are themselves."""
    return [
        ResolvedTech(i, e, find(e.tech) if isinstance(e.tech, str) else e.tech)
        for i, e in enumerate(entries)
    ]


def history_of(resolved: Sequence[ResolvedTech]) -> list[TechEvent]:
    """The learning history of the Techs that were found."""
    return tech_events(
        [(r.index, r.entry, r.tech.tech_level, r.original) for r in resolved if r.tech is not None]
    )
