"""Monster cards and the bestiary: every number a Master reads, computed before printing.

Templates only read these dicts (the sandbox forbids them from computing), so the card's
overflow policy lives here too: a card has room for a fixed number of text lines, and
`_fit_card` decides which powers, Techs and how much description fit on the front, and
what continues on the card's back (`backs`), so the deck stands without the bestiary. The estimate is deliberately pessimistic;
the CSS clips as a last resort so a card can never grow or split.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from builder.rulesets.zodiac.catalog import monster_power_summaries
from builder.rulesets.zodiac.models.monster import Monster, PowerEntry
from builder.rulesets.zodiac.rules import monsters as R
from builder.rulesets.zodiac.rules import techs as T

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks.monsters import ResolvedTechs
    from builder.rulesets.zodiac.models.tech import Tech
    from builder.workspace import Workspace

__all__ = ["bestiary_context", "monster_card", "monster_cards_context", "monster_tech_rows"]

# The card's text budget in points, measured on printed cards (pdftotext -bbox) with
# templates/css/monsters.css: the room under the attack line down to a one-line foot,
# and what each kind of line costs there. Rounded to the safe side.
CARD_BODY_PT = 107.0
CARD_AFF_LINE_PT = 11.5  # a row of affinity badges
CARD_SMALL_LINE_PT = 8.2  # 6.5 pt lines: immunities, the "more" note, the foot's items
CARD_ROW_PT = 9.5  # the first line of a power or Tech row
CARD_LINE_PT = 8.4  # each further line: wraps, effect lines, description lines
CARD_DESC_GAP_PT = 2.4
CARD_CHARS = 42  # characters per 6.8 pt sans line (bold names are wide)
CARD_DESC_CHARS = 42  # per 6.8 pt serif description line
CARD_SMALL_CHARS = 46  # per 6.5 pt line
CARD_FOOT_CHARS = 45  # per drop/steal line (bold capital keys are wide)
CARD_FOOT_MAX = 78  # the drop/steal line may wrap once, never more
CARD_WIDTH_MM = 56.6  # inside the card's padding
CARD_BACK_BODY_PT = 190.0  # a back card: below its head down to its foot
CARD_MAX_BACKS = 2  # a monster's text continues on at most this many cards
CARD_NAME_CHARS = 18  # per 9.5 pt bold line of the name, beside the level (wide capitals)
CARD_NAME_LINE_PT = 11.0  # each line of a name that wraps (issue #28: never ellipsized)

AFFINITY_LABELS = {
    "weakness": ("Weak", "Weakness"),
    "resistance": ("Resist", "Resistance"),
    "immunity": ("Immune", "Immunity"),
    "lesser_absorbency": ("Absorb ½", "Lesser Absorbency"),
    "greater_absorbency": ("Absorb", "Greater Absorbency"),
}
DERIVED_LABELS: dict[str, tuple[str, str]] = {  # key -> (card abbreviation, full label)
    "ap": ("AP", "Attack Power"),
    "map": ("MAP", "Magic Attack Power"),
    "str_dice": ("SDice", "Strength Dice"),
    "mag_dice": ("MDice", "Magic Dice"),
    "accuracy": ("Acc", "Accuracy"),
    "magic_accuracy": ("MAcc", "Magic Accuracy"),
    "evade": ("Eva", "Evade"),
    "resist": ("Res", "Resist"),
    "critical": ("Crit", "Critical"),
    "speed": ("Spd", "Speed"),
    "move": ("Move", "Move"),
    "jump": ("Jump", "Jump"),
}
CARD_DERIVED = ("accuracy", "magic_accuracy", "evade", "resist", "critical", "speed")
MAP_DERIVED = ("move", "jump")
PRIMARY_LABELS = {"power_attack": "Power Attack", "attack_magic": "Attack Magic"}


def _words(key: str) -> str:
    """``death_sentence`` -> ``Death Sentence``; ``hi-potion`` -> ``Hi-Potion``."""
    return " ".join(w[:1].upper() + w[1:] for w in key.replace("_", " ").split(" "))


def _terms(breakdown: str) -> str:
    """The right-hand side of a Figure's breakdown: ``HP 96 = 30 + ...`` -> ``30 + ...``."""
    return breakdown.split(" = ", 1)[-1]


def _clip(text: str, chars: int) -> tuple[str, bool]:
    """Cut `text` at a word boundary to at most `chars` characters, ending with an ellipsis."""
    if len(text) <= chars:
        return text, False
    cut = text[: max(chars - 1, 0)].rsplit(" ", 1)[0].rstrip(" ,;:.-")
    return cut + "…", True


def _lines(text: str, per_line: int = CARD_CHARS) -> int:
    return max(1, math.ceil(len(text) / per_line))


# --------------------------------------------------------------------------- items


def _item_names(ws: Workspace, ids: Sequence[str]) -> list[str]:
    """Drop/steal ids as item names when the project (or core potions) defines them."""
    from builder.rulesets.zodiac.items import item_index

    index = item_index(ws.content)
    out: list[str] = []
    for ref in ids:
        found = index.lookup(ref)
        out.append(found[0].name if found else _words(ref.replace("-", " ")))
    return out


# --------------------------------------------------------------------------- techs


def _tech_model(ws: Workspace, ref: str | Mapping[str, Any]) -> Tech | None:
    """The Tech a reference names: a project Tech by id, or an inline Tech that validates."""
    from builder.rulesets.zodiac.models.tech import Tech

    if isinstance(ref, str):
        entity = ws.content.index().get(("tech", ref))
        model = entity.model if entity is not None else None
        return model if isinstance(model, Tech) else None
    try:
        return Tech.model_validate({"kind": "tech", **ref})
    except (ValidationError, TypeError, ValueError):
        return None


def _effect(
    tech: Tech, view: R.MonsterView, die: int, multiplier: int, house: Any = None
) -> str | None:
    """The computed damage or healing of a monster's Tech, with its range when it rolls.

    Decision: a monster has no weapon, so its Attack Magic rolls its attack die, as its
    Power Attack does; the roll is multiplied by the project's R10 multiplier.
    """
    primary = str(tech.primary)
    power = T.resolve_power_level(primary, tech.power_level)
    if power is None:
        return None
    area = any(str(s.id) == "area_effect" for s in tech.secondary)
    d = view.derived
    try:
        if primary in PRIMARY_LABELS:
            physical = primary == "power_attack"
            line = T.attack_line(
                tech.tech_level,
                power,
                dice=(d.str_dice if physical else d.mag_dice).value,
                die=die,
                attack_power=(d.ap if physical else d.map).value,
                area_effect=area,
                die_multiplier=multiplier,
            )
            rng = T.effect_range(line, house)  # Ch. VI optional rules applied (one place)
            half = " / 2" if line.halved else ""
            element = f" {tech.element.value}" if tech.element is not None else ""
            text = rng.formula(f"{line.dice}d{line.die} x {multiplier} + {line.bonus}{half}")
            return f"{text} ({rng.low:,}-{rng.high:,}){element}"
        if primary == "healing":
            heal = T.healing_line(tech.tech_level, power, view.stats["mag"], area_effect=area)
            amount = T.effect_range(heal, house)
            return f"heals {amount.low:,} ({amount.formula(heal.text)})"
    except (KeyError, ValueError):
        return None
    return None


def _other_effect(tech: Tech, view: R.MonsterView, die: int, ruleset: Any = None) -> str | None:
    """Every other Tech's effect, as a character's Tech reads (views.techs), with the
    monster's own Magic, dice and Magic Accuracy (App. I: "created as normal"), under the
    project's house rules (R51 `curse_temporary`)."""
    from builder.rulesets.zodiac.views.techs import Wielder, tech_effects

    d = view.derived
    w = Wielder(
        label=view.name,
        mag=view.stats["mag"],
        str_dice=d.str_dice.value,
        mag_dice=d.mag_dice.value,
        ap=d.ap.value,
        map=d.map.value,
        die=die,
        magic_die=die,
        magic_accuracy=d.magic_accuracy.value,
    )
    found = tech_effects(tech, w, ruleset) if ruleset is not None else tech_effects(tech, w)
    lines = [line for line in found if not line.startswith("(no numbers")]
    return "; ".join(lines) or None


def _attack_lands(line: R.DamageLine) -> dict[str, Any]:
    """A monster's normal attack as it lands (Ch. VI Attacking): its critical (x2), and
    against a resistant, weak, defending and Mini target; its own Mini, Frog and Curse."""
    from builder.rulesets.zodiac.rules import damage as landing

    rng = line.damage
    low, high = (rng.raw_low, rng.raw_high) if rng is not None else (line.minimum, line.maximum)
    cap = rng.cap if rng is not None else None
    found = landing.outcomes(low, high, crit=landing.critical_multiplier(), cap=cap)
    by = {o.key: o for o in found}
    return {
        "critical": by["critical"].text,
        "outcomes": {o.key: o.to_json() for o in found},
        "lands": " · ".join(f"{o.label} {o.text}" for o in found),
    }


def monster_tech_rows(
    ws: Workspace, m: Monster, view: R.MonsterView, techs: ResolvedTechs, die_multiplier: int
) -> list[dict[str, Any]]:
    """Each of ``m.techs`` with its Tech Level, costs (MP / SP / HP) and computed effect.

    One source for the card, the bestiary, ``monster show`` and its JSON.
    """
    die = int(m.attack_die[1:])
    rows = [
        _tech_entry(
            ws,
            ref,
            techs.levels[i] if i < len(techs.levels) else None,
            view,
            die,
            die_multiplier,
        )
        for i, ref in enumerate(m.techs)
    ]
    mp = view.derived.mp.value
    for t in rows:
        t["cost"] = _cost_text(t)
        # Ch. VI Using Techs: "If you do not have enough MP, you can't use that ability."
        t["mp_short"] = t["mp"] is not None and t["mp"] > mp
    return rows


def _tech_entry(
    ws: Workspace,
    ref: str | Mapping[str, Any],
    level: int | None,
    view: R.MonsterView,
    die: int,
    multiplier: int,
) -> dict[str, Any]:
    """One Tech row: name, Tech Level, and when it resolves, MP and the computed effect."""
    tech = _tech_model(ws, ref)
    skill = _enemy_skill(ws, ref) if tech is None else None
    if skill is not None:
        return _enemy_skill_entry(skill)
    if tech is not None:
        name = tech.name
    else:
        name = _words(ref.replace("-", " ")) if isinstance(ref, str) else R.tech_name(ref)
    entry: dict[str, Any] = {
        "name": name,
        "tech_level": tech.tech_level if tech is not None else level,
        "mp": None,
        "sp": None,
        "hp_cost": 0,
        "primary": None,
        "power_level": None,
        "element": None,
        "effect": None,
        "cost_breakdown": None,
    }
    if tech is None:
        return entry
    costs = T.tech_costs(tech)
    entry.update(
        mp=costs.mp_cost,
        sp=costs.sp_cost,
        hp_cost=costs.hp_cost,
        primary=PRIMARY_LABELS.get(str(tech.primary), _words(str(tech.primary))),
        power_level=costs.power_level,
        element=tech.element.value if tech.element is not None else None,
        effect=_effect(tech, view, die, multiplier, ws.settings.house)
        or _other_effect(tech, view, die, ws.settings),
        cost_breakdown=costs.breakdown,
    )
    return entry


def _enemy_skill(ws: Workspace, ref: str | Mapping[str, Any]) -> Any:
    """An Enemy Skill a monster uses by id (core or project), or None."""
    if not isinstance(ref, str):
        return None
    entity = ws.content.index().get(("enemy_skill", ref))
    return entity.model if entity is not None else None


def _enemy_skill_entry(skill: Any) -> dict[str, Any]:
    """An Enemy Skill row: flagged so a Blue Mage's player sees what can be learned here."""
    notation = skill.attack_notation
    effect = skill.description or ""
    if notation is not None:
        effect = f"{skill.attack} ({notation.primary.replace('_', ' ')}) · {effect}".strip(" ·")
    return {
        "name": f"{skill.name} (Enemy Skill)",
        "tech_level": skill.tech_level,
        "mp": skill.mp,
        "sp": None,
        "hp_cost": 0,
        "primary": "Blue Magic",
        "power_level": None,
        "element": str(skill.element) if skill.element else None,
        "effect": effect or None,
        "cost_breakdown": None,
    }


def _cost_text(t: Mapping[str, Any]) -> str:
    """``6 MP`` / ``0 MP, 12 SP`` / ``3 MP + 30 HP``; empty when unknown."""
    if t["mp"] is None:
        return ""
    text = f"{t['mp']} MP"
    if t["sp"]:
        text += f", {t['sp']} SP"
    if t["hp_cost"]:
        text += f" + {t['hp_cost']} HP"
    return text


# --------------------------------------------------------------------------- powers


def _power_entry(
    p: PowerEntry,
    n_parts: int,
    techs: ResolvedTechs,
    effect_of: Callable[[str | Mapping[str, Any]], str | None] | None = None,
) -> dict[str, Any]:
    """A power's name, level, parameters in a few words, the catalogue's summary, and the
    computed effect of the Tech it carries (Final Attack, Force of Will) when it resolves."""
    spec = R.POWERS.get(p.id)
    name = spec.name if spec else (p.name or _words(p.id))
    bits: list[str] = []
    if p.element is not None:
        bits.append(p.element.value)
    for value in (p.status, p.item, p.skill, p.resists, p.variant):
        if value:
            bits.append(_words(str(value)) if value != p.variant else str(value).replace("_", " "))
    if p.monsters:
        bits.append("calls " + ", ".join(_words(m.replace("-", " ")) for m in p.monsters))
    if p.tech is not None:
        level = techs.level(p.tech, p.tech_level)
        tname = R.tech_name(p.tech)
        if isinstance(p.tech, str):
            tname = techs.names.get(p.tech, _words(p.tech.replace("-", " ")))
        bits.append(tname + (f" (TL {level})" if level else ""))
    if p.extra:
        bits.append(", ".join(f"+{v} {k.value.upper()}" for k, v in p.extra.items()))
    summary = (p.description or "") if p.custom else monster_power_summaries().get(p.id, "")
    level = R.power_level(p, n_parts)
    effect = effect_of(p.tech) if effect_of is not None and p.tech is not None else None
    return {
        "name": name,
        "level": level,
        "detail": "; ".join(bits),
        "summary": summary,
        "effect": effect,
    }


# --------------------------------------------------------------------------- the card


def monster_card(
    ws: Workspace, m: Monster, *, die_multiplier: int, map_combat: bool
) -> dict[str, Any]:
    """Everything a monster card and a bestiary stat block print, as plain data."""
    from builder.rulesets.zodiac.checks.monsters import resolve_techs
    from builder.rulesets.zodiac.views.map_combat import reach_of

    techs = resolve_techs(m, ws)  # type: ignore[arg-type]  # reads only .content
    house = ws.settings.house
    view = R.monster_view(m, techs.levels, die_multiplier=die_multiplier, house=house)
    d = view.derived
    die = int(m.attack_die[1:])
    n_parts = len(m.parts)

    derived = [
        {
            "key": key,
            "abbr": DERIVED_LABELS[key][0],
            "label": DERIVED_LABELS[key][1],
            "value": getattr(d, key).value,
            "breakdown": _terms(getattr(d, key).breakdown),
        }
        for key in R.DERIVED_KEYS
        if key not in ("hp", "mp") and (map_combat or key not in MAP_DERIVED)
    ]
    card_keys = CARD_DERIVED + (MAP_DERIVED if map_combat else ())
    affinities = [
        {
            "kind": kind,
            "short": AFFINITY_LABELS[kind][0],
            "label": AFFINITY_LABELS[kind][1],
            "elements": [{"name": _words(e), "kind": e} for e in view.affinities[kind]],
        }
        for kind in R.AFFINITIES
        if view.affinities.get(kind)
    ]

    def effect_of(ref: str | Mapping[str, Any]) -> str | None:
        tech = _tech_model(ws, ref)
        return _effect(tech, view, die, die_multiplier, house) if tech is not None else None

    powers = [
        _power_entry(p, n_parts, techs, effect_of)
        for p in m.powers
        if p.id not in R.AFFINITY_POWERS
    ]
    tech_rows = monster_tech_rows(ws, m, view, techs, die_multiplier)
    for t, ref in zip(tech_rows, m.techs, strict=True):
        t["reach"] = reach_of(ws, ref) if map_combat else None
    defenses = view.defenses
    defense_notes = list(defenses.notes)
    if defenses.physical != "normal" or defenses.magical != "normal":
        defense_notes.insert(
            0, f"physical damage {defenses.physical}, magical damage {defenses.magical}"
        )
    parts = [
        {
            "name": part.name,
            "hp": fig.value,
            "hp_breakdown": _terms(fig.breakdown),
            "power": (
                _power_entry(part.power, n_parts, techs)["name"]
                if part.power is not None
                else (R.tech_name(part.tech) if part.tech is not None else None)
            ),
        }
        for part, fig in zip(m.parts, view.parts_hp, strict=False)
    ]
    for part, src in zip(parts, m.parts, strict=False):
        if isinstance(src.tech, str):
            part["power"] = techs.names.get(src.tech, _words(src.tech.replace("-", " ")))
    dmg = view.damage
    card: dict[str, Any] = {
        "id": m.id,
        "anchor": f"m-{m.id}",
        "name": m.name,
        "level": m.level,
        "boss": m.boss,
        "family": _words(m.family) if m.family else None,
        "stats": {k.upper(): v for k, v in view.stats.items()},
        "stat_total": view.stat_total.value,
        "stat_total_breakdown": _terms(view.stat_total.breakdown),
        "hp": d.hp.value,
        "mp": d.mp.value,
        "hp_breakdown": _terms(d.hp.breakdown),
        "mp_breakdown": _terms(d.mp.breakdown),
        "derived": derived,
        "card_derived": {x["abbr"]: x["value"] for x in derived if x["key"] in card_keys},
        "attack": {
            "text": dmg.formula,
            "range": f"{dmg.minimum:,}-{dmg.maximum:,}",
            "dice": dmg.dice,
            "die": dmg.die,
            "multiplier": dmg.multiplier,
            "ap": dmg.attack_power,
            **_attack_lands(dmg),
        },
        "affinities": affinities,
        "status_immunities": [_words(s) for s in view.status_immunities],
        "defense_notes": defense_notes,
        "powers": powers,
        "techs": tech_rows,
        "parts": parts,
        "tech_levels": {
            "total": view.tech_levels_total.value,
            "spent": view.tech_levels_spent.value,
            "total_breakdown": _terms(view.tech_levels_total.breakdown),
            "spent_breakdown": _terms(view.tech_levels_spent.breakdown),
        },
        "rewards": {
            "xp": view.rewards.xp.value,
            "gold": view.rewards.gold.value,
            "xp_breakdown": _terms(view.rewards.xp.breakdown),
            "gold_breakdown": _terms(view.rewards.gold.breakdown),
        },
        "drops": _item_names(ws, m.drops),
        "steals": _item_names(ws, m.steals),
        "drop_chance": "always" if m.boss else "30%",
        "description": m.description or "",
        "map_combat": _map_block(view, d.accuracy.value) if map_combat else None,
    }
    card["fit"] = _fit_card(card)
    return card


def _map_block(view: R.MonsterView, accuracy: int) -> dict[str, Any]:
    """Movement, falls and the melee attack's reach for a stat block (R29, R30)."""
    from builder.rulesets.zodiac.views.map_combat import attack_note, monster_movement, sheet_block

    block = sheet_block(monster_movement(view))
    block["attack_note"] = attack_note(False, accuracy)
    block["attack_range"] = "R1"
    return block


def _aff_lines(affinities: Sequence[Mapping[str, Any]]) -> int:
    """How many rows the affinity badges take: groups never break, so pack them greedily."""
    rows, used = 0, CARD_WIDTH_MM
    for a in affinities:
        width = 1.4 * len(a["short"]) + 1.6
        width += sum(1.3 * len(e["name"]) + 3.0 for e in a["elements"])
        if used + width > CARD_WIDTH_MM:
            rows, used = rows + 1, 0.0
        used += width
    return rows


def _fit_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """What of a monster's text fits on the front of its card, and what continues on its back.

    Policy: parts, then powers (one row each, with their parameters and any Tech effect),
    then Techs (name, level and cost; the effect on a second line), in the file's order,
    then as much description as is left, cut at a word with an ellipsis. What the front
    has no room for continues, in the same order, on a back card (`backs`, see `_backs`),
    so a deck stands without the bestiary (issue #27). Catalogue summaries never go on
    cards (the bestiary has them). Room for the "continued" note is held back whenever
    something continues. Drop/steal lists longer than two foot lines are cut.
    """
    room = CARD_BODY_PT - CARD_AFF_LINE_PT * _aff_lines(card["affinities"])
    room -= CARD_NAME_LINE_PT * (_lines(str(card["name"]), CARD_NAME_CHARS) - 1)
    immune = ""
    if card["status_immunities"]:
        immune = "Immune " + ", ".join(card["status_immunities"])
    if card["defense_notes"]:
        immune += " · " + str(card["defense_notes"][0])
    if immune:
        room -= CARD_SMALL_LINE_PT * _lines(immune, CARD_SMALL_CHARS) + 2
    drops = ", ".join(card["drops"]) or "—"
    steals = ", ".join(card["steals"]) or "—"
    if card["drops"]:
        drops += f" ({card['drop_chance']})"
    items = f"Drop {drops} · Steal {steals}"
    if len(items) > CARD_FOOT_MAX:
        budget = CARD_FOOT_MAX - len("Drop  · Steal ")
        steals, _ = _clip(steals, max(budget // 2, budget - len(drops)))
        drops, _ = _clip(drops, budget - len(steals))
        items = f"Drop {drops} · Steal {steals}"
    room -= CARD_SMALL_LINE_PT * (_lines(items, CARD_FOOT_CHARS) - 1)

    def cost(first: str, second: str | None = None) -> float:
        pt = CARD_ROW_PT + CARD_LINE_PT * (_lines(first) - 1)
        return pt + (CARD_LINE_PT * _lines(second) if second else 0)

    rows: list[tuple[str, Mapping[str, Any], float]] = []
    for part in card["parts"]:
        rows.append(("part", part, cost(f"{part['name']} {part['hp']:,} HP · {part['power']}")))
    for p in card["powers"]:
        rows.append(("power", p, cost(f"{p['name']} {p['level']} {p['detail']}", p["effect"])))
    for t in card["techs"]:
        first = f"{t['name']} TL {t['tech_level']} {t['cost']} {t.get('reach') or ''}"
        rows.append(("tech", t, cost(first, t["effect"])))
    desc = str(card["description"])
    need = sum(pt for _, _, pt in rows)
    if desc:
        need += CARD_DESC_GAP_PT + CARD_LINE_PT * _lines(desc, CARD_DESC_CHARS)
    more = need > room
    if more:
        room -= CARD_SMALL_LINE_PT + 1.5  # the "continued on the back" note
    shown: dict[str, list[Mapping[str, Any]]] = {"part": [], "power": [], "tech": []}
    rest = list(rows)
    while rest and rest[0][2] <= room:
        kind, row, pt = rest.pop(0)
        room -= pt
        shown[kind].append(row)
    description, left = "", desc
    desc_lines = int((room - CARD_DESC_GAP_PT) // CARD_LINE_PT)
    if desc and not rest and desc_lines >= 2:
        description, left = _split(desc, desc_lines * CARD_DESC_CHARS)
    return {
        "parts": shown["part"],
        "powers": shown["power"],
        "techs": shown["tech"],
        "hidden": len(rest),
        "description": description,
        "drops": drops,
        "steals": steals,
        "more": more,
        "backs": _backs(rest, left) if more else [],
    }


def _split(text: str, chars: int) -> tuple[str, str]:
    """`text` cut at a word within `chars` characters: (the head with "…", "…" + the rest).

    A run with no space (issue #28) is cut inside it, so a head is never empty.
    """
    if len(text) <= chars:
        return text, ""
    head = text[: max(chars - 1, 1)]
    if " " in head.strip():
        head = head.rsplit(" ", 1)[0]
    head = head.rstrip()
    return head + "…", "…" + text[len(head) :].lstrip()


def _backs(rows: list[tuple[str, Mapping[str, Any], float]], desc: str) -> list[dict[str, Any]]:
    """The cards a monster continues on: the rows the front had no room for, in order,
    then the rest of its description; a new card each time one is full, at most
    `CARD_MAX_BACKS` (hostile content stays bounded; the last one's text is cut).
    """
    backs: list[dict[str, Any]] = []
    rest = list(rows)
    while (rest or desc) and len(backs) < CARD_MAX_BACKS:
        room = CARD_BACK_BODY_PT
        shown: dict[str, list[Mapping[str, Any]]] = {"part": [], "power": [], "tech": []}
        while rest and (rest[0][2] <= room or not any(shown.values())):
            kind, row, pt = rest.pop(0)  # a row taller than a whole card still gets one
            room -= pt
            shown[kind].append(row)
        text = ""
        lines = int((room - CARD_DESC_GAP_PT) // CARD_LINE_PT)
        if desc and not rest and lines >= 2:
            if len(backs) == CARD_MAX_BACKS - 1:  # the last card: what does not fit is cut
                text, desc = _clip(desc, lines * CARD_DESC_CHARS)[0], ""
            else:
                text, desc = _split(desc, lines * CARD_DESC_CHARS)
        backs.append(
            {"parts": shown["part"], "powers": shown["power"], "techs": shown["tech"],
             "description": text}
        )  # fmt: skip
    for n, back in enumerate(backs, start=2):
        back["side"] = n  # the card's number in its monster's run: 2 is the back
        back["of"] = len(backs) + 1
    return backs


# --------------------------------------------------------------------------- contexts


def _cards(ws: Workspace, entities: Sequence[Entity]) -> list[dict[str, Any]]:
    house = ws.settings.house
    return [
        monster_card(
            ws,
            e.model,
            die_multiplier=house.damage_die_multiplier,
            map_combat=house.map_combat,
        )
        for e in entities
        if isinstance(e.model, Monster)
    ]


def monster_cards_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`cards/monsters.html`: `monsters`, one card view per monster, in the book's order,
    and `faces`, the cards as printed: each monster's front, then its backs (`back` set)."""
    monsters = _cards(ws, entities)
    faces: list[dict[str, Any]] = []
    for m in monsters:
        faces.append({"monster": m, "back": None})
        faces.extend({"monster": m, "back": back} for back in m["fit"]["backs"])
    return {"monsters": monsters, "faces": faces}


def bestiary_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`books/bestiary.html`: `monsters` in book order, an `index` by name, `families`."""
    monsters = _cards(ws, entities)
    index = sorted(
        ({"name": c["name"], "anchor": c["anchor"], "level": c["level"]} for c in monsters),
        key=lambda row: (str(row["name"]).casefold(), row["level"]),
    )
    families: dict[str, list[str]] = {}
    for c in monsters:
        families.setdefault(c["family"] or "Other", []).append(c["name"])
    return {
        "monsters": monsters,
        "index": index,
        "families": [{"name": k, "monsters": v} for k, v in sorted(families.items())],
    }
