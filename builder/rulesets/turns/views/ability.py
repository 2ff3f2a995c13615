"""An ability as a card: every field parsed, placeholders resolved for an owner.

``ability_view(ability, owner)`` returns plain values only; a field that does not parse
(a construction error, reported by the checks) is shown as written with ``error`` set.
``ability_terms`` says how each computed number was reached (`zodiac show --explain`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.explain import Term, item_keys
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.rules.grammar import (
    GrammarError,
    is_variable,
    parse_accuracy,
    parse_placeholders,
    parse_range,
    parse_use,
)

if TYPE_CHECKING:
    from builder.rulesets.turns.models.ability import Ability, StatusEffect
    from builder.rulesets.turns.models.combatant import Combatant

TEXT_FIELDS = ("trigger", "on_hit", "effect", "teamwork", "solowork")


def owner_scores(c: Combatant) -> dict[str, int]:
    """Placeholder name -> the owner's number (TmWrk and OutNum stay situational)."""
    return {
        "MlePwr": c.melee.power,
        "SklPwr": c.skill.power,
        "MgcPwr": c.magic.power,
        "MleAcc": c.melee.accuracy,
        "SklAcc": c.skill.accuracy,
        "MgcAcc": c.magic.accuracy,
        "MleEva": c.melee.evasion,
        "SklEva": c.skill.evasion,
        "MgcEva": c.magic.evasion,
        "Luck": c.luck,
        "Init": c.initiative,
        "CL": c.levels.cl,
        "TL": c.levels.tl,
        "DL": c.levels.dl,
        "LB": c.levels.lb,
    }


def resolve_text(text: str, scores: dict[str, int] | None) -> list[dict[str, Any]]:
    """Segments of a text: ``{"text": ...}`` or a placeholder with its ``value`` (or None)."""
    try:
        found = parse_placeholders(text)
    except GrammarError:
        return [{"text": text}]
    out: list[dict[str, Any]] = []
    at = 0
    for p in found:
        if p.start > at:
            out.append({"text": text[at : p.start]})
        value = reads = None
        if scores is not None and p.name in scores:
            value = p.factor * scores[p.name]
            # R50: the number is printed; its source, in small type, reads as arithmetic
            times = f"{p.factor} x " if p.factor != 1 else ""
            reads = f"{times}{p.name} {scores[p.name]}"
        label = T.PLACEHOLDER_SCORES.get(p.name, "the variable X" if is_variable(p.name) else "?")
        out.append(
            {"text": text[p.start : p.end], "placeholder": p.name, "factor": p.factor,
             "value": value, "means": label, "reads": reads}
        )  # fmt: skip
        at = p.end
    if at < len(text):
        out.append({"text": text[at:]})
    return out


def plain(segments: list[dict[str, Any]]) -> str:
    """Segments as one line: resolved numbers in place, the rest as written."""
    return "".join(str(s["value"]) if s.get("value") is not None else s["text"] for s in segments)


def ability_view(a: Ability, owner: Combatant | None = None) -> dict[str, Any]:
    scores = owner_scores(owner) if owner is not None else None
    view: dict[str, Any] = {
        "name": a.name,
        "kind": "ability",
        "application": a.application.value,
        "sideboard": a.sideboard,
        "description": a.description,
        "owner": owner.name if owner is not None else None,
    }
    use_json: dict[str, Any] | None = None
    charge = None
    if a.use is not None:
        try:
            use = parse_use(a.use)
            use_json = use.to_json()
            variable_ap = any(c.resource == "AP" and c.amount is None for c in use.costs)
            charge = (
                None
                if variable_ap
                else {
                    "ap": use.ap,
                    "turns": C.turns_to_pay(use.ap),
                    "charging_turns": C.charging_turns(use.ap),
                    "burn": use.burnable,
                }
            )
        except GrammarError as err:
            use_json = {"text": str(a.use), "error": str(err)}
    view["use"] = use_json
    view["materials"] = dict(a.materials) if a.materials else None
    view["charge"] = charge
    view["range"] = None  # the contract: exactly min, max, exactly, not
    view["range_text"] = str(a.range) if a.range is not None else None
    view["range_reads"] = None
    if a.range is not None:
        try:
            r = parse_range(a.range)
            view["range"] = r.to_json()
            view["range_reads"] = r.reads()
        except GrammarError as err:
            view["range_error"] = str(err)
    view["targeting"] = a.targeting.value if a.targeting else None
    view["targeting_name"] = T.TARGETING_NAMES[a.targeting.value] if a.targeting else None
    view["aoe"] = a.aoe.model_dump() if a.aoe else None
    acc: dict[str, Any] | None = None
    if a.accuracy is not None:
        try:
            parsed = parse_accuracy(a.accuracy)
            acc = {**parsed.to_json(), "text": parsed.text, "reads": parsed.reads()}
            if owner is not None and parsed.score:
                acc["bonus"] = getattr(owner, parsed.score).accuracy
            elif owner is not None and parsed.luck is not None:
                acc["bonus"] = owner.luck
        except GrammarError as err:
            acc = {"text": a.accuracy, "error": str(err)}
    view["accuracy"] = acc
    view["evade"] = a.evade.value if a.evade else None
    element = a.element.lower() if a.element else None
    view["element"] = element
    dmg = None
    if a.damage is not None:
        power = getattr(owner, a.damage.power.value).power if owner is not None else None
        dmg = {"rank": a.damage.rank, "power": a.damage.power.value, "power_score": power,
               "crit_rank": C.natural_twenty_rank(a.damage.rank),
               "fumble_rank": C.natural_one_rank(a.damage.rank), "against": []}  # fmt: skip
        if power is not None:
            dmg["base"] = C.damage(a.damage.rank, power)
            dmg["crit"] = C.damage(C.natural_twenty_rank(a.damage.rank), power)
            dmg["against"] = [
                {"element": e, "shift": C.element_shift(element, e),
                 "damage": C.damage_against(a.damage.rank, power, element, e)}
                for e in T.ELEMENTS
                if element in T.ELEMENTS
            ]  # fmt: skip
    view["damage"] = dmg
    for name in TEXT_FIELDS:
        text = getattr(a, name)
        segs = resolve_text(text, scores) if text else None
        view[name] = {"text": text, "segments": segs, "resolved": plain(segs)} if segs else None
    view["statuses"] = [status_view(st) for st in a.statuses]
    view["mods"] = list(a.mods)
    view["flavor"] = a.flavor
    return view


def status_view(st: StatusEffect) -> dict[str, Any]:
    """A status the ability gives, with how long it lasts (L212-213: a negative one 3 turns
    when no length is given, a positive one until Battle Transience)."""
    negative = C.status_is_negative(st.name, st.negative)
    turns = C.status_turns(negative, st.turns)
    if st.turns is not None:
        lasts = f"{turns} turn{'s' if turns != 1 else ''}"
    elif turns is not None:
        lasts = f"{turns} turns by default"
    else:
        lasts = "until Battle Transience (the end of the battle)"
    listed = {**T.NEGATIVE_STATUSES, **T.POSITIVE_STATUSES}
    effect = next((v for k, v in listed.items() if k.lower() == st.name.strip().lower()), None)
    return {
        "name": st.name,
        "negative": negative,
        "turns": turns,
        "turns_given": st.turns is not None,
        "lasts": lasts,
        "stackable": st.stackable,
        "effect": effect,
    }


# --------------------------------------------------------------------------- breakdowns
# Keyed by dotted paths under ``prefix`` (`zodiac show --format json`, ``builder.explain``):
# top-level amounts add up to the number; a product says so in its label and nests its
# inputs. What the ability says (its AP, its rank) has none: `--explain` says as written.

Explained = dict[str, tuple[Term, ...]]


def shift_terms(attack: str | None, target: str) -> tuple[Term, ...]:
    """An element's rank shift against ``target``: +1 strong, -1 weak, from the attacking
    element's line of the chart (R45); Noble either way is +1, never more (R49)."""
    if T.NOBLE in (attack, target):
        why = (
            "a Noble action gains a rank against anything"
            if attack == T.NOBLE
            else "any action against a Noble target gains a rank"
        )
        return (Term(f"+1 {why}", 1, "table:elements", rule="R49"),)
    strong, weak = T.ELEMENT_CHART.get(attack or "", (frozenset(), frozenset()))
    out = []
    if target in strong:
        out.append(Term(f"+1 {attack} is strong against {target}", 1, "table:elements", rule="R45"))
    if target in weak:
        out.append(Term(f"-1 {attack} is weak against {target}", -1, "table:elements", rule="R45"))
    if not out:
        out.append(
            Term(
                f"0: {attack} neither strong nor weak against {target}",
                0,
                "table:elements",
                rule="R45",
            )
        )
    return tuple(out)


def ability_terms(v: dict[str, Any], prefix: str = "", owner: Combatant | None = None) -> Explained:
    """An ability view's computed numbers: its charge (turns to pay its AP at 20 a turn),
    its crit rank and, with an owner, its damage by element and its placeholders' values."""
    at = f"{prefix}." if prefix else ""
    out: Explained = {}
    charge = v.get("charge")
    if charge:
        ap, turns = charge["ap"], charge["turns"]
        pay = Term(
            f"{ap} AP at {T.AP_PER_TURN} AP a turn, rounded up (at least 1)",
            turns,
            "use.ap",
            (Term(f"{ap} AP", ap, "use.ap"),),
            "Charging Actions",
        )
        out[f"{at}charge.turns"] = (pay,)
        out[f"{at}charge.charging_turns"] = (
            Term(f"{turns} turns to pay", turns, "charge.turns", (pay,), "Charging Actions"),
            Term("-1 the turn it is made", -1, "rule", rule="Charging Actions"),
        )
    dmg = v.get("damage")
    if dmg:
        rank = dmg["rank"]
        nat20 = Term(
            "+1 on a natural 20", 1, "rule", rule="Critical Success (L272, L579: Rank + 1)"
        )
        out[f"{at}damage.crit_rank"] = (Term(f"rank {rank}", rank, "damage.rank"), nat20)
        fumble = dmg["fumble_rank"]
        out[f"{at}damage.fumble_rank"] = (
            Term(f"rank {rank}", rank, "damage.rank"),
            Term(
                f"{fumble - rank} after a natural 1 this turn (-2, at least 0)",
                fumble - rank,
                "rule",
                rule="Critical Failure (L273)",
            ),
        )
        power = dmg.get("power_score")
        if power is not None:
            name = f"{dmg['power'].title()} Power"
            whose = f"{owner.name}'s " if owner is not None else ""
            src = f"scores.{dmg['power']}.power"
            score = Term(f"{power} {whose}{name}", power, src)
            out[f"{at}damage.power_score"] = (score,)
            out[f"{at}damage.base"] = (
                Term(
                    f"rank {rank} x {power} {name}",
                    dmg["base"],
                    "damage.rank",
                    (Term(f"rank {rank}", rank, "damage.rank"), score),
                    "R45",
                ),
            )
            crit_rank = dmg["crit_rank"]
            out[f"{at}damage.crit"] = (
                Term(
                    f"rank {rank} +1 = {crit_rank} x {power} {name}",
                    dmg["crit"],
                    "damage.crit_rank",
                    (Term(f"rank {rank}", rank, "damage.rank"), nat20, score),
                    "Critical Success (L272: the Crit score for damage)",
                ),
            )
            for key, row in zip(item_keys(dmg["against"]), dmg["against"], strict=True):
                shifts = shift_terms(v["element"], row["element"])
                shifted = max(0, rank + row["shift"])
                out[f"{at}damage.against.{key}.shift"] = shifts
                out[f"{at}damage.against.{key}.damage"] = (
                    Term(
                        f"rank {rank} {row['shift']:+} = {shifted} x {power} {name}",
                        row["damage"],
                        "damage.rank",
                        (
                            Term(f"rank {rank}", rank, "damage.rank"),
                            Term(
                                f"{row['shift']:+} against {row['element']}",
                                row["shift"],
                                "table:elements",
                                shifts,
                                "R45",
                            ),
                            score,
                        ),
                        "R45 (the element first, then any modifier)",
                    ),
                )
    acc = v.get("accuracy") or {}
    if owner is not None and acc.get("bonus") is not None:
        what = f"{acc['score'].title()} Accuracy" if acc.get("score") else "Luck"
        src = f"scores.{acc['score']}.accuracy" if acc.get("score") else "luck"
        out[f"{at}accuracy.bonus"] = (
            Term(f"{acc['bonus']} {owner.name}'s {what}", acc["bonus"], src, rule="Accuracy"),
        )
    for key, st in zip(item_keys(v.get("statuses") or []), v.get("statuses") or [], strict=True):
        if st["turns"] is None:
            continue
        if st["turns_given"]:
            term = Term(f"{st['turns']} turns, as the ability says", st["turns"],
                        f"statuses.{key}.turns", rule="Status Effects (L214)")  # fmt: skip
        else:
            term = Term(
                f"{st['turns']} turns: a negative status given no length",
                st["turns"],
                "rule",
                rule="Status Effects (L212-213)",
            )
        out[f"{at}statuses.{key}.turns"] = (term,)
    scores = owner_scores(owner) if owner is not None else {}
    for field in TEXT_FIELDS:
        block = v.get(field)
        if not block:
            continue
        for i, seg in zip(item_keys(block["segments"]), block["segments"], strict=True):
            if seg.get("value") is None or seg.get("placeholder") not in scores:
                continue
            score = scores[seg["placeholder"]]
            means = seg["means"]
            out[f"{at}{field}.segments.{i}.value"] = (
                Term(
                    f"{seg['factor']} x {score} {means}",
                    seg["value"],
                    f"placeholder:{seg['placeholder']}",
                    (Term(f"{score} {means}", score, f"placeholder:{seg['placeholder']}"),),
                    "Placeholder Brackets; R50",
                ),
            )
    return out
