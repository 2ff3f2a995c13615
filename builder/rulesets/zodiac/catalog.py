"""The book's catalogues shipped under ``content/core`` (skills, powers, potions...)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from builder.io.yaml import load_file
from builder.paths import core_dir


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    summary: str
    kind: str  # "command" | "support"
    affects: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillCatalog:
    command: dict[str, Skill]
    support: dict[str, Skill]

    def get(self, skill_id: str) -> Skill | None:
        return self.command.get(skill_id) or self.support.get(skill_id)


@cache
def skills() -> SkillCatalog:
    data = _load_one("skills.yaml")

    def build(rows: list[dict[str, Any]], kind: str) -> dict[str, Skill]:
        return {
            r["id"]: Skill(r["id"], r["name"], r["summary"], kind, tuple(r.get("affects", ())))
            for r in rows
        }

    return SkillCatalog(
        build(data["command_skills"], "command"), build(data["support_skills"], "support")
    )


def _load_one(name: str) -> Any:
    loaded = load_file(core_dir() / name)
    if loaded.problems or not loaded.documents:  # pragma: no cover - shipped data is tested
        raise RuntimeError(f"broken core catalogue {name}: {loaded.problems}")
    return loaded.documents[0].data


@cache
def monster_power_summaries() -> dict[str, str]:
    """Power id -> our one-line summary (content/core/monster_powers.yaml)."""
    rows = load_all("monster_powers.yaml")[0]["powers"]
    return {r["id"]: str(r.get("summary", "")) for r in rows}


def load_all(name: str) -> list[Any]:
    """Every document of a core catalogue file."""
    loaded = load_file(core_dir() / name)
    if loaded.problems:  # pragma: no cover - shipped data is tested
        raise RuntimeError(f"broken core catalogue {name}: {loaded.problems}")
    return [d.data for d in loaded.documents]
