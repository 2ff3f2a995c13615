"""The status catalogue as the one list of status names (Ch. VI), and its checks.

The book's statuses ship in ``content/core/statuses.yaml``; a project's own ``kind:
status`` documents join them (and shadow one by id). Where a book table prices a status
(weapon Status Effect, Draw Out, armor and relic Status Immunity, the Tech tables) the
models keep the table, so a status the catalogue has but the table lacks is refused
there, saying so. Everything else that names a status (a monster's immunities, a
potion's cures) is checked here against the catalogue, with "did you mean".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from builder.diagnostics import did_you_mean
from builder.models.base import norm_key
from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.models.status import DISPEL_LEVELS, Status
from builder.rulesets.zodiac.rules import monsters as RM
from builder.rulesets.zodiac.tables.equipment import canonical_status

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.models.equipment import Potion
    from builder.rulesets.zodiac.models.monster import Monster

CODES: dict[str, str] = {
    "ZK101": "unknown status (not in the status catalogue, core or project)",
    "ZK102": "a status's cure names a potion the project does not have",
    "ZK103": "a status's Dispel level is missing, outside 1-4, or given without Dispel",
    "ZK104": "a status names a potion as its cure that does not list it",
    "ZK105": "two statuses claim the same name or alias",
    "ZK106": "Dispel and Esuna lift only negative statuses",
}

_CH6 = "Ch. VI Status Effects"
ALL_NEGATIVE = "all_negative"  # a potion's cure for every status Esuna lifts (Remedy)
# R28 makes bosses immune to Demi, which is a Tech, not a status; a monster may list it.
_NOT_STATUSES = frozenset(RM.BOSS_STATUS_IMMUNITIES) - {"stone", "death_sentence", "instant_death"}

Path = tuple[PathPart, ...]


@dataclass(frozen=True)
class StatusCatalogue:
    """Statuses by id, and every key (id, name, alias) that names one."""

    by_id: dict[str, Status]
    keys: dict[str, str]

    def resolve(self, name: object) -> str | None:
        """The status id a name means ('Confusion', 'dsentence' ...), or None."""
        if not isinstance(name, str):
            return None
        key = norm_key(name)
        return self.keys.get(key) or self.keys.get(canonical_status(key))

    def get(self, name: object) -> Status | None:
        sid = self.resolve(name)
        return self.by_id[sid] if sid is not None else None

    def unknown(self, name: object, rule: str, path: Path) -> Problem | None:
        """ZK101 for a name no status answers to, with the nearest id."""
        if self.resolve(name) is not None:
            return None
        shown = str(name)
        return Problem(
            "ZK101",
            f"unknown status '{shown}'{did_you_mean(norm_key(shown), self.by_id)} "
            f"(statuses: {', '.join(self.by_id)}; a project may add its own with kind: status)",
            rule,
            path,
        )


@cache
def core_statuses() -> tuple[Status, ...]:
    """The book's statuses (content/core/statuses.yaml), validated once."""
    from builder.rulesets.zodiac.catalog import load_all

    return tuple(Status.model_validate(d) for d in load_all("statuses.yaml"))


def build_catalogue(statuses: Iterable[Status]) -> StatusCatalogue:
    """Later statuses shadow earlier ones by id (a project's over the core's)."""
    by_id: dict[str, Status] = {}
    for s in statuses:
        by_id[str(s.id)] = s
    keys: dict[str, str] = {}
    for sid, s in by_id.items():
        for key in s.names():
            keys.setdefault(key, sid)
    for sid in by_id:  # an id always names its own status
        keys[sid] = sid
    return StatusCatalogue(by_id, keys)


def catalogue_of(content: Content | None) -> StatusCatalogue:
    """Core statuses plus the project's own (``kind: status``)."""
    project = [e.model for e in content.of_kind("status")] if content is not None else []
    return build_catalogue([*core_statuses(), *project])


def catalogue(ctx: CheckContext) -> StatusCatalogue:
    """The catalogue for one check run, built once per context."""
    cached = ctx.__dict__.get("_status_catalogue")
    if cached is None:
        cached = catalogue_of(ctx.content)
        ctx.__dict__["_status_catalogue"] = cached
    return cached


# --------------------------------------------------------------------------- statuses


def check_status(s: Status, cat: StatusCatalogue, potions: Mapping[str, Any]) -> list[Problem]:
    """A status document: its cures exist and agree, its Dispel level fits (Ch. II Dispel)."""
    out: list[Problem] = []
    cure = s.cure
    for i, pid in enumerate(cure.potions):
        potion = potions.get(pid)
        path: Path = ("cure", "potions", i)
        if potion is None:
            out.append(
                Problem(
                    "ZK102",
                    f"no potion '{pid}' in this project{did_you_mean(pid, potions)}; "
                    "potion ids come from their names (content/core/potions.yaml or the project's)",
                    "Ch. V Potions",
                    path,
                )
            )
        elif potion.revive_hp_percent is None and not (
            str(s.id) in potion.cures or (ALL_NEGATIVE in potion.cures and "esuna" in cure.techs)
        ):
            fix = (
                "it lifts what Esuna lifts: add esuna to cure.techs"
                if ALL_NEGATIVE in potion.cures
                else f"add it there (cures: [{s.id}])"
            )
            out.append(
                Problem(
                    "ZK104",
                    f"{potion.name} does not list {s.id} in its cures; {fix}, or drop the "
                    "potion here",
                    "Ch. V Potions",
                    path,
                    Severity.WARNING,
                )
            )
    dispel = "dispel" in cure.techs
    if s.positive and (dispel or "esuna" in cure.techs):
        out.append(
            Problem(
                "ZK106",
                f"{s.name} is a positive status; Dispel and Esuna lift negative statuses only: "
                "take them out of cure.techs",
                "Ch. II Dispel, Esuna",
                ("cure", "techs"),
            )
        )
    if cure.dispel_level is not None and cure.dispel_level not in DISPEL_LEVELS:
        out.append(
            Problem(
                "ZK103",
                f"dispel_level {cure.dispel_level} is not a row of the Dispel table; "
                "use 1, 2, 3 or 4 (4 stands for 4+)",
                "Ch. II Dispel",
                ("cure", "dispel_level"),
            )
        )
    elif dispel and cure.dispel_level is None:
        out.append(
            Problem(
                "ZK103",
                "Dispel lifts it, but at which Tech Level? add cure.dispel_level (1-4)",
                "Ch. II Dispel",
                ("cure", "techs"),
            )
        )
    elif cure.dispel_level is not None and not dispel:
        out.append(
            Problem(
                "ZK103",
                "dispel_level is given but dispel is not in cure.techs; add dispel there",
                "Ch. II Dispel",
                ("cure", "dispel_level"),
            )
        )
    for key in s.names():
        owner = cat.keys.get(key)
        if owner is not None and owner != s.id:
            out.append(
                Problem(
                    "ZK105",
                    f"'{key}' already names the status {owner}; give {s.name} another "
                    "name or alias",
                    _CH6,
                    ("aliases", s.aliases.index(key)) if key in s.aliases else ("name",),
                )
            )
    return out


def _potions(ctx: CheckContext) -> dict[str, Any]:
    return {e.id: e.model for e in ctx.content.of_kind("potion")}


def check_status_entity(entity: Entity, ctx: CheckContext) -> list[Problem]:
    """The ``status`` kind's check."""
    return check_status(entity.model, catalogue(ctx), _potions(ctx))


# --------------------------------------------------------------------------- users


def check_potion_cures(p: Potion, cat: StatusCatalogue) -> list[Problem]:
    """Each status a potion cures is in the catalogue (or all_negative)."""
    out: list[Problem] = []
    for i, c in enumerate(p.cures):
        if c == ALL_NEGATIVE:
            continue
        problem = cat.unknown(c, "Ch. V Potions", ("cures", i))
        if problem is not None:
            out.append(problem)
    return out


def check_potion_entity(entity: Entity, ctx: CheckContext) -> list[Problem]:
    """The ``potion`` kind's check: its cures name statuses the project knows."""
    return check_potion_cures(entity.model, catalogue(ctx))


def check_monster_statuses(m: Monster, cat: StatusCatalogue) -> list[Problem]:
    """A monster's status immunities name statuses (Demi passes: R28 names it)."""
    out: list[Problem] = []
    for i, s in enumerate(m.status_immunities):
        if s in _NOT_STATUSES:
            continue
        problem = cat.unknown(s, "App. I; Ch. VI Status Effects", ("status_immunities", i))
        if problem is not None:
            out.append(problem)
    return out
