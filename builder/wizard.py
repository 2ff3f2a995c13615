"""The creation wizards' engine (issue 26): questions as data, asked one at a time.

A rule set describes its creation steps as `Question`s (prompt, the choices the book
allows with one line of effect and the rule, a reader that refuses a wrong answer with
the message `validate` gives, a default). `Wizard.ask_all` walks them on a terminal
(`back` returns to the previous question, a refused answer is asked again) and
`Wizard.from_mapping` reads the same answers from a mapping (`--answers FILE`), where a
field left out takes the default the terminal would. The engine never prints: the
command passes the `ask` and `say` functions, so only `builder/cli/` and a rule set's
`commands/` touch the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Answers = dict[str, Any]

BACK = "back"


class Refused(Exception):
    """An answer the book forbids; the message is what `validate` would say."""


class ChecksLikeValidate:
    """A rule set's maker whose answers are checked as `validate` checks the file.

    The file so far (``render``) is read by the same loader and model, then run through
    the kind's check (``check``, given the entity); ``problems`` lists the errors as
    (key path, message) and ``refuse_if_wrong`` raises `Refused` with the message that
    belongs to the key asked, so a refusal is `validate`'s own words. A subclass gives
    ``rule_set`` (its `RuleSet`), ``render`` and ``check``.
    """

    rule_set: Any
    content: Any  # the project's Content
    replaces: Callable[[str], Path | None]  # the file a name may overwrite (--force)

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        raise NotImplementedError

    def check(self, entity: Any) -> Any:
        """The kind's construction rules on ``entity``: an iterable of `Problem`s."""
        raise NotImplementedError

    def entity(self, answers: Answers) -> tuple[Any, list[tuple[tuple, str]]]:
        """The entity of the file so far as `validate` reads it, or None and its errors."""
        from builder.diagnostics import Severity
        from builder.io.project import validate_document
        from builder.io.yaml import load_text

        loaded = load_text(self.render(answers), Path("<new>.yaml"))
        if not loaded.documents:
            return None, [((), p.message) for _, p in loaded.problems]
        entity, diags = validate_document(loaded.documents[0], self.rule_set)
        return entity, [((), d.message) for d in diags if d.severity is Severity.ERROR]

    def problems(self, answers: Answers) -> list[tuple[tuple, str]]:
        """(key path, message) of every error `validate` finds in the file so far."""
        from builder.diagnostics import Severity

        entity, found = self.entity(answers)
        if entity is None:
            return found
        return [(p.path, p.message) for p in self.check(entity) if p.severity is Severity.ERROR]

    def refuse_if_wrong(self, answers: Answers, key: str) -> None:
        """`Refused` with `validate`'s message when the answer to ``key`` breaks a rule
        (the message at ``key`` first, else the first one)."""
        found = self.problems(answers)
        mine = [m for path, m in found if path and path[0] == key] or [m for _, m in found]
        if mine:
            raise Refused(mine[0])

    def id_taken(self, name: str, kind: str) -> str | None:
        """Why ``name`` cannot be used: an entry of ``kind`` in the project has its id
        (ZP101), other than the file ``--force`` may replace (``self.replaces``)."""
        from builder.models.base import norm_id

        key, spare = norm_id(name), self.replaces(name)
        for e in self.content.of_kind(kind):
            if e.id == key and (spare is None or e.doc.path.resolve() != spare.resolve()):
                return (
                    f"{kind} id '{key}' is already used by {e.doc.path.name}; choose another name"
                )
        return None

    def read_name(self, raw: Any, answers: Answers, kind: str) -> str:
        """The Name question's reader: not empty, an id of its own, and valid."""
        text = str(raw).strip()
        if not text:
            raise Refused(f"a {kind} needs a name")
        taken = self.id_taken(text, kind)
        if taken:
            raise Refused(taken)
        return self._checked(answers, "name", text)

    def _checked(self, answers: Answers, key: str, value: Any) -> Any:
        """``value`` for ``key`` when the file with it validates; else `Refused`."""
        self.refuse_if_wrong({**answers, key: value}, key)
        return value


class AnswerError(Exception):
    """A refused answer from an answers file: the field and the reason."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


@dataclass(frozen=True)
class Choice:
    """One answer the book allows, with one line of its effect and the rule it comes from."""

    value: str
    effect: str
    rule: str = ""


def _always(_: Answers) -> bool:
    return True


def _nothing(_: Answers) -> list[str]:
    return []


def _no_choices(_: Answers) -> Sequence[Choice]:
    return ()


@dataclass(frozen=True)
class Question:
    """One creation step, keyed by the kind's own field name.

    ``read(raw, answers)`` turns typed text (terminal) or a YAML value (answers file) into
    the field's value, raising `Refused` with the reason; ``default(answers)`` is what an
    empty answer or a field left out of an answers file takes (``None``: an answer is
    needed); ``shown(value)`` writes a value the way it is typed back; ``info(answers)``
    gives the lines shown before asking (points left, derived numbers); ``when(answers)``
    skips a step the earlier answers make moot (Dice's stat without Dice).
    """

    key: str
    prompt: str
    read: Callable[[Any, Answers], Any]
    default: Callable[[Answers], Any] = lambda _: None
    choices: Callable[[Answers], Sequence[Choice]] = _no_choices
    info: Callable[[Answers], list[str]] = _nothing
    when: Callable[[Answers], bool] = _always
    shown: Callable[[Any], str] = str


def yes_no(raw: Any) -> bool:
    """`y`/`yes`/`n`/`no` (any case) or a YAML boolean; anything else is refused."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("y", "yes"):
        return True
    if text in ("n", "no"):
        return False
    raise Refused(f"answer y or n, not '{raw}'")


@dataclass
class Wizard:
    """An ordered list of questions and the answers given so far."""

    questions: Sequence[Question]
    answers: Answers = field(default_factory=dict)

    def _active(self, i: int) -> bool:
        return self.questions[i].when(self.answers)

    def from_mapping(self, given: Mapping[str, Any]) -> Answers:
        """Every question answered from ``given`` (or its default), refusals raised."""
        known = {q.key for q in self.questions}
        unknown = sorted(str(k) for k in given if k not in known)
        if unknown:
            raise AnswerError(
                unknown[0], f"not a question of this wizard (fields: {', '.join(sorted(known))})"
            )
        self.answers = {}
        for i, q in enumerate(self.questions):
            if not self._active(i):
                continue
            raw = given[q.key] if q.key in given else q.default(self.answers)
            if raw is None:
                raise AnswerError(q.key, "an answer is needed (no default)")
            try:
                self.answers[q.key] = q.read(raw, self.answers)
            except Refused as exc:
                raise AnswerError(q.key, str(exc)) from exc
        return self.answers

    def ask_all(
        self,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        *,
        offer: Callable[[list[str]], None] | None = None,
    ) -> Answers:
        """Ask each question in turn on a terminal: `back` goes to the previous one.

        ``offer(words)``, when given, hears the words the next question takes (its
        choices, then `back`) just before it is asked, so a line editor can complete them.
        """
        self.answers = {}
        asked: list[int] = []  # the questions answered, in order, for `back`
        i = 0
        while i < len(self.questions):
            if not self._active(i):
                i += 1
                continue
            q = self.questions[i]
            say("")
            for line in q.info(self.answers):
                say(line)
            choices = list(q.choices(self.answers))
            for c in choices:
                rule = f" [{c.rule}]" if c.rule else ""
                say(f"  {c.value}: {c.effect}{rule}")
            default = q.default(self.answers)
            if offer is not None:
                offer([c.value for c in choices] + [BACK])
            hint = f" [{q.shown(default)}]" if default is not None else ""
            text = ask(f"{q.prompt}{hint}: ").strip()
            if text.lower() == BACK:
                if not asked:
                    say("this is the first question; nothing to go back to")
                    continue
                i = asked.pop()
                self.answers.pop(self.questions[i].key, None)
                continue
            raw: Any = text if text else default
            if raw is None:
                say("refused: an answer is needed")
                continue
            try:
                self.answers[q.key] = q.read(raw, self.answers)
            except Refused as exc:
                say(f"refused: {exc}")
                continue
            asked.append(i)
            i += 1
        return self.answers


def project_schema_line(out: Path, root: Path, kind: str) -> str | None:
    """The editor schema line for a new file at ``out``: the project's own
    `schemas/<kind>.schema.json` (as `zodiac init` copies them), None when it has none."""
    import os

    schema = root / "schemas" / f"{kind}.schema.json"
    if not schema.is_file():
        return None
    rel = os.path.relpath(schema.resolve(), out.resolve().parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


# ------------------------------------------------------------ reading typed answers
# The same small readers serve every rule set's questions: an answer arrives typed
# (``n=2,pa=4``, ``a,b``) or from an answers file (a mapping, a list).

NONE = ("", "none", "-")  # typed for "no items"


def pairs_text(block: Mapping[str, Any]) -> str:
    """``{'n': 2, 'pa': 4}`` as it is typed back: ``n=2,pa=4``."""
    return ",".join(f"{k}={v}" for k, v in block.items())


def listed(items: Sequence[str] | None) -> str:
    """Ids as they are typed back: ``a,b``, or ``none``."""
    return ",".join(items) if items else "none"


def whole(raw: Any, what: str) -> int:
    """A whole number typed or given; anything else is refused, naming ``what``."""
    if isinstance(raw, bool):
        raise Refused(f"{what}: write a whole number, not '{raw}'")
    try:
        return int(str(raw).strip())
    except ValueError:
        raise Refused(f"{what}: write a whole number, not '{raw}'") from None


def read_pairs(
    raw: Any, keys: tuple[str, ...], defaults: Mapping[str, int], *, example: int = 2
) -> dict[str, int]:
    """``n=2,pa=4`` (or a YAML mapping) over ``defaults``: a key left out keeps its default.

    ``example`` is the number a refusal shows after the first key (``n=2``).
    """
    if isinstance(raw, dict):
        given = {str(k).strip().lower(): v for k, v in raw.items()}
    else:
        given = {}
        for part in str(raw).replace(";", ",").split(","):
            if not part.strip():
                continue
            key, sep, value = part.replace(":", "=").partition("=")
            if not sep:
                raise Refused(f"'{part.strip()}' is not KEY=NUMBER, e.g. {keys[0]}={example}")
            given[key.strip().lower()] = value
    bad = [k for k in given if k not in keys]
    if bad:
        raise Refused(f"'{bad[0]}' is not one of {', '.join(keys)}")
    return {k: whole(given[k], k) if k in given else defaults[k] for k in keys}


def read_list(raw: Any) -> list[str]:
    """Comma-separated ids (or a YAML list); empty, `none` or `-` for none."""
    from builder.models.base import norm_id

    if isinstance(raw, list):
        items = [str(x) for x in raw]
    else:
        text = str(raw).strip()
        items = [] if text.lower() in NONE else text.split(",")
    return [norm_id(x) for x in items if x.strip()]


def flow_map(block: Mapping[str, Any]) -> str:
    """A mapping of plain values as one line of YAML: ``{n: 2, pa: 4}``."""
    return "{" + ", ".join(f"{k}: {v}" for k, v in block.items()) + "}"


def flow_ids(items: Sequence[str]) -> str:
    """Ids as one line of YAML, each quoted where YAML needs it: ``[a, 'yes']``."""
    from builder.io.yaml import yaml_scalar

    return "[" + ", ".join(yaml_scalar(x) for x in items) + "]"
