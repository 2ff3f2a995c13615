"""The chapter's small languages, parsed: ranges, use costs, placeholders, accuracy.

Abilities "are best understood as simple programs" (Abilities); each field has a grammar
and every parser here either returns a value or raises ``GrammarError`` with the
0-based ``position`` of the character where the text stops making sense.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.rulesets.turns import tables as T


class GrammarError(ValueError):
    """Text that does not parse: ``position`` is 0-based, ``kind`` says which rule."""

    def __init__(self, message: str, text: str, position: int, kind: str = "syntax") -> None:
        self.reason = message
        self.text = text
        self.position = position
        self.kind = kind
        super().__init__(f"{message} at character {position + 1} of '{text}'")


# --------------------------------------------------------------------------- ranges (R42)


@dataclass(frozen=True)
class Range:
    """A range specifier read by R42: ``min``..``max`` (None: no maximum), or ``=X``/``!X``."""

    text: str
    min: int
    max: int | None
    exactly: int | None = None
    not_: int | None = None

    def to_json(self) -> dict[str, int | None]:
        return {"min": self.min, "max": self.max, "exactly": self.exactly, "not": self.not_}

    def reads(self) -> str:
        if self.exactly is not None:
            return f"exactly {self.exactly} spaces"
        if self.not_ is not None:
            return f"any distance but {self.not_}"
        if self.max is None:
            return f"{self.min} or more spaces"
        if self.min == 0:
            return f"up to {self.max} spaces"
        return f"{self.min} to {self.max} spaces"

    def allows(self, distance: int) -> bool:
        if self.exactly is not None:
            return distance == self.exactly
        if self.not_ is not None:
            return distance != self.not_
        return distance >= self.min and (self.max is None or distance <= self.max)


def _number(text: str, at: int) -> tuple[int, int]:
    """Digits starting at ``at`` -> (value, end); a GrammarError when there are none."""
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    if end == at:
        what = f"'{text[at]}'" if at < len(text) else "the end"
        raise GrammarError(f"expected a number of spaces, found {what}", text, at)
    return int(text[at:end]), end


def _done(text: str, at: int) -> None:
    if at < len(text):
        raise GrammarError(f"unexpected '{text[at]}'", text, at)


def parse_range(value: str | int) -> Range:
    """``X``, ``X-Y``, ``=X``, ``-Y``, ``X-``, ``!X``, ``>X`` (R42) -> a Range.

    ``X-Y`` with X above Y is a GrammarError of kind ``order``, pointing at Y.
    """
    text = str(value).strip()
    if text == "":
        raise GrammarError("a range is empty; write X, X-Y, =X, -Y, X-, !X or >X", text, 0)
    head = text[0]
    if head in "=!>":
        n, end = _number(text, 1)
        _done(text, end)
        if head == "=":
            return Range(text, n, n, exactly=n)
        if head == "!":
            return Range(text, 0, None, not_=n)
        return Range(text, n, None)  # ">X": X or more (R42)
    if head == "-":
        n, end = _number(text, 1)
        _done(text, end)
        return Range(text, 0, n)
    low, end = _number(text, 0)
    if end == len(text):
        return Range(text, 0, low)  # plain X: up to X (R42)
    if text[end] != "-":
        raise GrammarError(f"unexpected '{text[end]}'", text, end)
    if end + 1 == len(text):
        return Range(text, low, None)  # "X-": at least X (R42)
    high, stop = _number(text, end + 1)
    _done(text, stop)
    if low > high:
        raise GrammarError(
            f"the minimum {low} is above the maximum {high}", text, end + 1, kind="order"
        )
    return Range(text, low, high)


# --------------------------------------------------------------------------- use costs

RESOURCES: dict[str, str] = {
    "ap": "AP",
    "sta": "Sta",
    "stamina": "Sta",
    "mna": "Mna",
    "mana": "Mna",
    "fcs": "Fcs",
    "focus": "Fcs",
}
RESOURCE_NAMES = {"AP": "AP", "Sta": "Stamina", "Mna": "Mana", "Fcs": "Focus"}

_COST = re.compile(r"(?P<n>\d+|X)(?P<burn>!)?\s*(?P<res>[A-Za-z]+)")
_LIMIT = re.compile(r"(?P<n>\d+)\s*/\s*(?P<per>battle|round)", re.IGNORECASE)


@dataclass(frozen=True)
class Cost:
    resource: str  # AP, Sta, Mna, Fcs
    amount: int | None  # None: the variable X
    burn: bool = False
    position: int = 0

    def text(self) -> str:
        n = "X" if self.amount is None else str(self.amount)
        return f"{n}{'!' if self.burn else ''}{self.resource}"


@dataclass(frozen=True)
class Use:
    text: str
    costs: tuple[Cost, ...] = ()
    per_battle: int | None = None
    per_round: int | None = None

    def amount(self, resource: str) -> int | None:
        for c in self.costs:
            if c.resource == resource and c.amount is not None:
                return c.amount
        return None

    @property
    def ap(self) -> int:
        return self.amount("AP") or 0

    @property
    def burnable(self) -> bool:
        return any(c.burn and c.resource == "AP" for c in self.costs)

    @property
    def variable(self) -> bool:
        return any(c.amount is None for c in self.costs)

    def to_json(self) -> dict[str, object]:
        return {
            "text": self.text,
            "ap": self.amount("AP"),
            "burn": self.burnable,
            "stamina": self.amount("Sta"),
            "mana": self.amount("Mna"),
            "focus": self.amount("Fcs"),
            "variable": sorted(c.resource for c in self.costs if c.amount is None),
            "per_battle": self.per_battle,
            "per_round": self.per_round,
        }


def parse_use(value: str | int) -> Use:
    """``'12!AP, 4Sta, 1/battle'`` -> a Use. Items are separated by commas.

    An item is ``<n or X>[!]<AP|Sta|Mna|Fcs>`` or ``<n>/battle`` / ``<n>/round`` (Using
    Actions and Abilities). "!" is parsed wherever it stands; that it belongs on AP only
    is a construction check (TA104), so the message can say which resource carries it.
    """
    text = str(value)
    costs: list[Cost] = []
    per_battle = per_round = None
    at = 0
    for part in text.split(","):
        start = at + (len(part) - len(part.lstrip()))
        item = part.strip()
        at += len(part) + 1
        if not item:
            raise GrammarError("an empty item in the use cost", text, start)
        if m := _LIMIT.fullmatch(item):
            if m["per"].lower() == "battle":
                per_battle = int(m["n"])
            else:
                per_round = int(m["n"])
            continue
        m = _COST.match(item)
        if m is None:
            raise GrammarError(
                "expected an amount (a number or X) then AP, Sta, Mna or Fcs", text, start
            )
        if m.end() != len(item):
            raise GrammarError(f"unexpected '{item[m.end()]}'", text, start + m.end())
        res = RESOURCES.get(m["res"].lower())
        if res is None:
            raise GrammarError(
                f"'{m['res']}' is not AP, Sta, Mna or Fcs", text, start + m.start("res")
            )
        if any(c.resource == res for c in costs):
            raise GrammarError(f"{res} is listed twice", text, start)
        amount = None if m["n"] == "X" else int(m["n"])
        costs.append(Cost(res, amount, bool(m["burn"]), start))
    return Use(text, tuple(costs), per_battle, per_round)


# --------------------------------------------------------------------------- placeholders


@dataclass(frozen=True)
class Placeholder:
    """``2{MgcPwr}``: ``factor`` x the named score; ``{CL}`` has factor 1 (Placeholder Brackets)."""

    factor: int
    name: str
    start: int
    end: int
    explicit: bool = True


_PLACEHOLDER = re.compile(r"(?P<factor>\d*)\{")


def parse_placeholders(text: str) -> list[Placeholder]:
    """Every ``N{Name}`` of a text; an unclosed or empty brace is a GrammarError.

    ``{X2}`` (the swarm table's "X times 2") is read as the variable X, not a score.
    """
    out: list[Placeholder] = []
    i = 0
    while (open_ := text.find("{", i)) != -1:
        close = text.find("}", open_ + 1)
        nxt = text.find("{", open_ + 1)
        if close == -1 or (nxt != -1 and nxt < close):
            raise GrammarError("a '{' is never closed by '}'", text, open_)
        name = text[open_ + 1 : close]
        if not name.strip():
            raise GrammarError("an empty placeholder '{}'", text, open_ + 1)
        bad = next((k for k, ch in enumerate(name) if not ch.isalnum()), None)
        if bad is not None:
            raise GrammarError(f"unexpected '{name[bad]}' in a placeholder", text, open_ + 1 + bad)
        start = open_
        while start > 0 and text[start - 1].isdigit():
            start -= 1
        digits = text[start:open_]
        out.append(Placeholder(int(digits) if digits else 1, name, start, close + 1, bool(digits)))
        i = close + 1
    stray = text.find("}", 0)
    closes = {p.end - 1 for p in out}
    while stray != -1:
        if stray not in closes:
            raise GrammarError("a '}' closes nothing", text, stray)
        stray = text.find("}", stray + 1)
    return out


def is_variable(name: str) -> bool:
    """``{X}``, ``{X2}``: the ability's variable X, not a score."""
    return re.fullmatch(r"X\d*", name) is not None


def unknown_placeholders(text: str) -> list[Placeholder]:
    return [
        p
        for p in parse_placeholders(text)
        if p.name not in T.PLACEHOLDER_SCORES and not is_variable(p.name)
    ]


def mentions_x(text: str) -> bool:
    """Whether a text uses the variable X (a word X, ``{X}``, ``X5``, ``(X-1)``...)."""
    return re.search(r"(?<![A-Za-z])X(?![a-z])", text) is not None


# --------------------------------------------------------------------------- accuracy


@dataclass(frozen=True)
class Accuracy:
    """``[Magic:Melee]`` (score against evasion) or ``Luck: 14``."""

    text: str
    score: str | None = None
    evasion: str | None = None
    luck: int | None = None

    def reads(self) -> str:
        if self.luck is not None:
            return f"Luck check, beat {self.luck}"
        return f"d20 + {self.score} Accuracy vs {self.evasion} Evasion"

    def to_json(self) -> dict[str, object]:
        return {"score": self.score, "evasion": self.evasion, "luck": self.luck}


_ACC = re.compile(r"\[\s*(?P<s>[A-Za-z]+)\s*:\s*(?P<e>[A-Za-z]+)\s*\]")
_LUCK = re.compile(r"Luck\s*:?\s*(?P<n>\d+)", re.IGNORECASE)


def parse_accuracy(value: str) -> Accuracy:
    text = str(value).strip()
    if m := _LUCK.fullmatch(text):
        n = int(m["n"])
        if not 1 <= n <= 20:
            raise GrammarError("a Luck check is a value between 1 and 20", text, m.start("n"))
        return Accuracy(text, luck=n)
    m = _ACC.fullmatch(text)
    if m is None:
        pos = 0 if not text.startswith("[") else min(len(text) - 1, max(1, text.find(":")))
        raise GrammarError("write accuracy as [Score:Evasion] or Luck: X", text, pos)
    for group in ("s", "e"):
        if m[group].lower() not in T.SCORE_TYPES:
            raise GrammarError(f"'{m[group]}' is not Melee, Skill or Magic", text, m.start(group))
    return Accuracy(text, m["s"].lower(), m["e"].lower())


# --------------------------------------------------------------------------- attributes


@dataclass(frozen=True)
class Attribute:
    name: str
    value: int | None = None
    enhanced: bool = False

    def text(self) -> str:
        plus = "+" if self.enhanced else ""
        return f"{self.name}{plus}" + (f" {self.value}" if self.value is not None else "")


_ATTR = re.compile(
    r"(?P<name>[A-Za-z][A-Za-z' ]*?)\s*(?P<plus>\+)?\s*(?P<value>\d+)?\s*(?P<plus2>\+)?"
)


def parse_attribute(value: str) -> Attribute:
    """``Honed 3``, ``Ranged+ 2``, ``Keen+``: "+" marks an enhanced attribute (Attributes)."""
    text = str(value).strip()
    m = _ATTR.fullmatch(text)
    if m is None or (m["plus"] and m["plus2"]):
        raise GrammarError("write an attribute as Name, Name N or Name+ N", text, 0)
    value_ = int(m["value"]) if m["value"] else None
    return Attribute(m["name"].strip(), value_, bool(m["plus"] or m["plus2"]))
