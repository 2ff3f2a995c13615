"""The 99 Towers balance linter (`zodiac lint`): weapons against the chapter's profiles.

Construction checks (``checks/``, NT1xx) say what the chapter forbids; the linter says
what it allows but a table will feel. Every finding is a warning (NT9xx) with the
numbers, how far off they are and what would fit. Pure: entities and settings in,
diagnostics out.

Norms, and where each comes from (the manual's "Balance linter" page says the same for users):

- **The chapter's weapon profiles** (Damage, STUN Damage; R41): the Longblade
  (``1+PA | 4+PX | - | $25 | 3 lbs.``) and the Heavy Rifle (``PA | 7 | 12 | 10 | $40 |
  10 lbs.``). A weapon whose wielder's <PX> adds is held to the longblade, one with flat
  damage to the heavy rifle: its damage at most ``damage_margin`` above (2 by default,
  the chapter's own Power Attack bonus, NT901); its attack bonus at most
  ``attack_bonus_margin`` above the longblade's +1 (NT902); a range increment at most
  ``range_tolerance`` above the rifle's 12 (NT903); and its price no less than
  ``price_tolerance`` below the profile's dollars per point of damage ($25 / 4 with
  <PX>, $40 / 7 flat; NT904). A dear weapon is the buyer's loss, not the table's.
- **The project's own outliers** (the chapter gives combatants no levels): a
  combatant's STUN among the combatants within ``peer_ranks`` size ranks, companions
  apart (NT910): quartiles -+ ``iqr_factor`` x IQR, once there are ``min_peers``.

Silence a finding with ``# zodiac: ignore[NT904]`` on its line or the entity's name line;
``lint: {disable: [NT904]}`` turns a code off for the project.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder import lintkit
from builder.problems import Problem, Severity
from builder.rulesets.towers99.lint_settings import CODES, LintSettings
from builder.rulesets.towers99.rules.combat import size_rank

if TYPE_CHECKING:
    from builder.diagnostics import Diagnostic
    from builder.io.project import Content, Entity

_RULE = "Damage (the Longblade and Heavy Rifle profiles), R41; lint norm"
_RULE_PEERS = "lint norm: the project's own"


@dataclass(frozen=True)
class Profile:
    """One of the chapter's two printed weapon profiles."""

    name: str
    attack_bonus: int
    damage: int
    px_adds: bool
    range_increment: int | None
    cost: int

    @property
    def written(self) -> str:
        return f"{self.damage}+PX" if self.px_adds else str(self.damage)

    @property
    def dollars_per_damage(self) -> float:
        return self.cost / self.damage


LONGBLADE = Profile("Longblade", 1, 4, True, None, 25)
HEAVY_RIFLE = Profile("Heavy Rifle", 0, 7, False, 12, 40)


def profile_for(w: Any) -> Profile:
    """The profile a weapon is held to: the longblade when <PX> adds, else the rifle."""
    return LONGBLADE if w.px_adds else HEAVY_RIFLE


def _damage(w: Any) -> str:
    return f"{w.damage}+PX" if w.px_adds else str(w.damage)


def weapon_problems(w: Any, s: LintSettings) -> Iterator[Problem]:
    """NT901-NT904: one weapon against the chapter's profile of its kind."""
    p = profile_for(w)
    most = p.damage + s.damage_margin
    if w.damage > most:
        yield Problem(
            "NT901",
            f"damage {_damage(w)} is {w.damage - p.damage} above the chapter's {p.name} "
            f"({p.written}), more than {s.damage_margin} (a Power Attack's +2 is the "
            f"default margin); damage {most}{'+PX' if w.px_adds else ''} or less fits",
            _RULE,
            ("damage",),
            Severity.WARNING,
        )
    top = LONGBLADE.attack_bonus + s.attack_bonus_margin
    if w.attack_bonus > top:
        yield Problem(
            "NT902",
            f"attack bonus +{w.attack_bonus} is above the chapter's Longblade (1+PA), its "
            f"best, by {w.attack_bonus - LONGBLADE.attack_bonus}; +{top} or less fits",
            _RULE,
            ("attack_bonus",),
            Severity.WARNING,
        )
    rifle = HEAVY_RIFLE.range_increment or 0
    far = math.floor(rifle * (1 + s.range_tolerance))
    if w.range_increment is not None and w.range_increment > far:
        yield Problem(
            "NT903",
            f"range increment {w.range_increment} is {lintkit.pct(w.range_increment, rifle)}% "
            f"above the chapter's Heavy Rifle ({rifle}, a Two-Handed, Large rifle), more "
            f"than {s.range_tolerance:.0%}; {far} or less fits",
            _RULE,
            ("range_increment",),
            Severity.WARNING,
        )
    if w.cost is not None and w.damage > 0:
        fair = w.damage * p.dollars_per_damage
        least = fair * (1 - s.price_tolerance)
        if w.cost < least:
            yield Problem(
                "NT904",
                f"${w.cost} for damage {_damage(w)} is {lintkit.pct(w.cost, fair)}% below the "
                f"chapter's {p.name} price (${p.cost} for {p.written}: "
                f"${p.dollars_per_damage:.2f} a point, ${fair:.0f} for {w.damage}), more "
                f"than {s.price_tolerance:.0%}; ${math.ceil(least)} or more fits",
                _RULE,
                ("cost",),
                Severity.WARNING,
            )


def _companion(m: Any) -> bool:
    return m.owner is not None or m.companion_type is not None


def combatant_peer_problems(
    e: Entity, combatants: Sequence[Entity], s: LintSettings
) -> Iterator[Problem]:
    """NT910: STUN beyond the fences of the combatants within ``peer_ranks`` size ranks."""
    m = e.model
    rank = size_rank(m.size)
    peers = []
    for o in combatants:
        if o is e or _companion(o.model) != _companion(m):
            continue
        try:
            if abs(size_rank(o.model.size) - rank) <= s.peer_ranks:
                peers.append(float(o.model.stun))
        except ValueError:
            continue  # an unknown size is NT1xx's business
    if len(peers) < s.min_peers:
        return
    f = lintkit.fences(peers, s.iqr_factor)
    if f.holds(m.stun):
        return
    side = "above" if m.stun > f.high else "below"
    who = "companions" if _companion(m) else "combatants"
    yield Problem(
        "NT910",
        f"STUN {m.stun} is {side} the {f.count} project {who} within {s.peer_ranks} size "
        f"rank{'s' if s.peer_ranks != 1 else ''} of {m.size} ({f.low:.1f}-{f.high:.1f}, "
        f"median {f.median:g}); about {f.median:g} fits",
        _RULE_PEERS,
        ("stun",),
        Severity.WARNING,
    )


def lint(
    content: Content, settings: Any = None, lint_settings: LintSettings | None = None
) -> list[Diagnostic]:
    """Every balance warning over ``content`` (the caller keeps the files it reports)."""
    s = lint_settings or LintSettings()
    combatants = content.of_kind("combatant")

    def problems(e: Entity) -> Iterator[Problem]:
        if e.kind == "weapon":
            yield from weapon_problems(e.model, s)
        elif e.kind == "combatant":
            yield from combatant_peer_problems(e, combatants, s)

    return lintkit.run(content, problems, s.disable)


__all__ = ["CODES", "HEAVY_RIFLE", "LONGBLADE", "LintSettings", "Profile", "lint", "profile_for"]
