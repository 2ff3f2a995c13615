"""16 Bit Tactics views for `zodiac show`: one function per kind, ``(workspace, entity) -> Shown``.

Each JSON carries its computed numbers' breakdowns under ``"explain"`` (``compute.*_terms``,
``builder.explain.attach``) beside the values, so `show --explain PATH` and `expect:` read
how an HP or a band's chance was reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.explain import attach
from builder.rulesets.bit16.views import compute
from builder.views import Shown, rows

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace


def _abilities(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    out = []
    for a in items:
        bits = [f"{a['ap']} AP"]
        if a["mp"] is not None:
            bits.append(f"{a['mp']} MP")
        if a["range"] is not None:
            bits.append(f"RNG {a['range']}")
        if a["ae"] is not None:
            bits.append(f"AE {a['ae']}")
        text = ", ".join(bits) + (f": {a['effect']}" if a["effect"] else "")
        out.append((a["name"], text))
    return out


def _block(v: dict[str, Any]) -> list[tuple[str, str]]:
    return rows(
        {
            "ATK": v["atk"],
            "M.Atk": v["matk"],
            **v["thresholds"],
            "MOV": v["mov"],
            "Jump": v["jump"],
            "Status rounds (by M.Atk, R36)": v["status_rounds"],
        }
    )


def _outcomes(v: dict[str, Any]) -> list[tuple[str, str]]:
    """Each die's band chances and the mean share of DMG a roll deals (R47)."""
    out: list[tuple[str, str]] = []
    for kind, label in (("physical", "ATK"), ("magical", "M.Atk")):
        for die, bands in (v.get("outcomes") or {}).get(kind, {}).items():
            text = ", ".join(
                f"{b} {p * 100:.0f}%" for b, p in bands.items() if b != "mean_multiplier"
            )
            out.append((f"{label} {die}", f"{text}; mean x{bands['mean_multiplier']:.2f}"))
    return out


def _phase(v: dict[str, Any]) -> str | None:
    n = v.get("initiative_phase")
    return None if n is None else f"{n} (by EVA; higher phases act first)"


def show_character(ws: Workspace, entity: Entity) -> Shown:
    v = compute.character_view(ws.content, entity, ws.settings)
    nxt = v["xp_to_next_level"]
    about = {
        "Level": v["level"],
        "XP": v["xp"],
        "To next level": f"{nxt} XP" if nxt is not None else "top level",
        "Primary job": v["primary_job"],
        "Secondary job": v["secondary_job"],
        "Combo bonus (5 x LV)": v["combo_bonus"],
        "Initiative phase": _phase(v),
        "Limit": "0-20, a Limit Attack from 10",
    }
    stats = [(k.upper(), f"{v[k]}  ({v['how'][k]})") for k in compute.STATS]
    ledger = [
        (
            k,
            f"{j['ap_earned']} AP earned, {j['ap_spent']} spent; learned: "
            + (", ".join(a["name"] for a in j["learned"]) or "nothing yet"),
        )
        for k, j in v["job_ledgers"].items()
    ]
    sections = [
        ("Character", rows(about)),
        ("Stats (R38)", stats),
        ("Stat block (primary job)", _block(v)),
        ("Skills", rows(v["skills"])),
        ("Jobs", ledger),
        ("Abilities in use", _abilities(v["abilities"])),
        ("Attacks against this character", _outcomes(v)),
        ("Equipment", [(w["name"], _weapon_text(w)) for w in v["equipment"]]),
        ("Level history", [(f"Level {h['level']}", h["name"]) for h in v["level_history"]]),
    ]
    data = {k: v[k] for k in v if k not in ("job_ledgers", "how")}
    data["how"] = v["how"]
    terms = compute.character_terms(ws.content, entity, v, ws.settings)
    return Shown(f"{v['name']}, level {v['level']}", attach(data, terms), sections)


def show_job(ws: Workspace, entity: Entity) -> Shown:
    v = compute.job_view(entity, ws.settings)
    sections = [
        ("Per level", rows({k.upper(): n for k, n in v["per_level"].items()})),
        ("Stat block", _block(v)),
        ("Abilities", _abilities(v["abilities"])),
        ("Spells (MP = AP unless noted)", _abilities(v["spells"])),
    ]
    return Shown(v["name"], attach(v, compute.job_terms(entity, v, ws.settings)), sections)


def show_monster(ws: Workspace, entity: Entity) -> Shown:
    v = compute.monster_view(entity, ws.settings)
    about = {
        "Level": v["level"],
        "XP / AP": v["xp"],
        "HP": v["hp"],
        "MP": v["mp"],
        "DMG": v["dmg"],
        "M.Dmg": v["mdmg"],
        "Combo bonus (5 x LV)": v["combo_bonus"],
        "Initiative phase": _phase(v),
    }
    sections = [
        ("Monster", rows(about)),
        ("Stat block", _block(v)),
        ("Abilities", _abilities(v["abilities"])),
        ("Attacks against it", _outcomes(v)),
    ]
    data = attach(v, compute.monster_terms(entity, v, ws.settings))
    return Shown(f"{v['name']}, level {v['level']}", data, sections)


def _range_text(w: dict[str, Any]) -> str | None:
    """``5 (6 from 2 HT above)`` for a ranged weapon (L95), else its RNG."""
    if w["range"] is None:
        return None
    above = w.get("range_from_above")
    return f"{w['range']}" + (f" ({above} from 2 HT above the target)" if above else "")


def _weapon_text(w: dict[str, Any]) -> str:
    rng = _range_text(w)
    return w["type"] + (f", RNG {rng}" if rng else "")


def show_weapon(ws: Workspace, entity: Entity) -> Shown:
    v = compute.weapon_view(entity)
    shown = {"Type": v["type"], "ATK": v["atk"], "Ammo": v["ammo"], "RNG": _range_text(v)}
    # RNG is computed where none is written (L93, L235) and from 2 HT above (L95).
    terms = compute.weapon_terms(entity.model, f"weapon:{entity.id}")
    return Shown(v["name"], attach(v, terms), [("Weapon", rows(shown))])
