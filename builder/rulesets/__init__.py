"""Rule sets: one package per game, and the one place they are registered (R31).

A rule set is everything that belongs to one game: its content kinds and models, its
tables and formulas, its construction checks, its views and books. What every game shares
(the located YAML loader, diagnostics, projects, rendering, atomic writes, the CLI) lives
outside ``builder/rulesets/`` and names no kind: it asks the project's rule set.

Entries are import strings, so ``zodiac --help`` imports no rule set's models and a
command loads only the rule set its project declares. Kinds are keyed by (rule set, kind):
``job`` may mean one thing in ``zodiac`` and another in ``16-bit-tactics``.

Adding a rule set: see ARCHITECTURE.md, "Adding a rule set".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

    from builder.diagnostics import Diagnostic

__all__ = [
    "DEFAULT",
    "BookSpec",
    "OptionalRule",
    "PartPlan",
    "RuleSet",
    "all_rulesets",
    "get",
    "ids",
    "resolve",
]

DEFAULT = "zodiac"

# id -> "module:attribute" of its RuleSet. Contract ids (R31): zodiac, 16-bit-tactics,
# 99-towers, turns-and-actions; each appears here as it lands.
_REGISTRY: dict[str, str] = {
    "zodiac": "builder.rulesets.zodiac:RULESET",
    "16-bit-tactics": "builder.rulesets.bit16:RULESET",
    "99-towers": "builder.rulesets.towers99:RULESET",
    "turns-and-actions": "builder.rulesets.turns:RULESET",
}


def resolve(spec: str) -> Any:
    """``'package.module:attr'`` -> the attribute, imported on first use."""
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class PartPlan:
    """How a long book is printed in parts, side by side (`builder.render.parts`).

    ``size`` entries to a part (for cards, a multiple of the cards on a page, so the
    parts' pages are the book's). ``front`` and ``back``: the template has sections
    before and after the entries (cover and contents, index) that show page numbers; its
    context gets ``parted`` (see templates/books/bestiary.html).

    ``items``: the context key of the list a part prints a slice of, when the book's
    printed items are not its entities one for one (a card per ability of each
    combatant): every part gets the whole book's context, that list cut to its ``size``.
    None: each part's context is built from its slice of the entities.

    ``rows``: the contents and index print in pieces of that many entries, each its own
    page and record (the template gets ``parted.rows``), so a renamed entry prints again
    only the pieces that name it, not the whole contents and index (issue 24); 0: whole.
    """

    size: int
    front: bool = False
    back: bool = False
    items: str | None = None
    rows: int = 0


@dataclass(frozen=True)
class BookSpec:
    """One kind of book a rule set prints (`holds:` in zodiac.yaml).

    ``context`` is ``"module:function"`` taking (workspace, entities) and returning the
    template's context of computed views; templates never compute.
    """

    kinds: tuple[str, ...]  # the entities it holds, in this order
    template: str  # under templates/
    context: str
    one_file_per_entity: bool = False  # character sheets: one PDF each
    description: str = ""
    parts: PartPlan | None = None  # a long book of this kind may print in parts


@dataclass(frozen=True)
class OptionalRule:
    """A rule its book itself calls optional ("at the Master's option").

    ``switch`` is the ``house_rules`` field that turns it on (None where nothing the
    builder prints depends on it: the Master decides at the table); ``source`` is the
    book's section; ``default`` the switch's value when zodiac.yaml says nothing; ``changes``
    what it changes, in a few words.
    """

    name: str
    source: str
    switch: str | None
    default: str | None
    changes: str

    def to_json(self) -> dict[str, str | None]:
        return {
            "name": self.name,
            "source": self.source,
            "switch": self.switch,
            "default": self.default,
            "changes": self.changes,
        }


@dataclass(frozen=True)
class RuleSet:
    """What a game registers: its kinds, checks, codes and example project.

    ``models`` and ``checks`` map a kind to ``"module:attr"``: a pydantic model, and a
    function ``(entity, context) -> Iterable[Problem]``. ``run_checks`` is the rule set's
    own ``(content, settings) -> list[Diagnostic]``; ``settings`` is what
    ``make_settings(house_rules)`` builds from ``zodiac.yaml``'s house rules.
    """

    id: str
    title: str
    code_prefixes: tuple[str, ...]
    models: Mapping[str, str]
    checks: Mapping[str, str] = field(default_factory=dict)
    code_modules: tuple[str, ...] = ()
    run_checks: str | None = None
    make_settings: str | None = None
    core_folder: str | None = None  # content/<folder>: catalogues every project sees
    example: str = ""  # content/examples/<id>
    # kind -> "module:function" (workspace, entity) -> builder.views.Shown, for `zodiac show`
    shows: Mapping[str, str] = field(default_factory=dict)
    # "module:function" () -> builder.scaffold.Scaffold, for `zodiac init`
    scaffold: str | None = None
    # ruling id (RULINGS.md) -> the house_rules field that selects the other reading
    house_rules: Mapping[str, str] = field(default_factory=dict)
    # the book's own optional rules, with their switch (`zodiac rules rulings`)
    optional_rules: tuple[OptionalRule, ...] = ()
    # "module:Model" validating zodiac.yaml's `house_rules:` for this rule set
    house_rules_model: str | None = None
    # holds -> BookSpec: the books `zodiac build` can print
    books: Mapping[str, BookSpec] = field(default_factory=dict)
    # "module:function" entity -> int, for `sort: level`
    level_of: str | None = None
    # "module:function" (lines: [(monster Entity, count)], party, **options) -> Shown, the
    # options (`--npcs`, `--aggro`) only where its parameters name them,
    # for `zodiac encounter rewards`; None: ZODIAC's own (zodiac/commands/encounter.py)
    rewards: str | None = None
    # the kinds `encounter rewards` reads the monsters slain from (ids and files)
    rewards_kinds: tuple[str, ...] = ("monster",)
    # "module:function" (content, settings, lint_settings) -> list[Diagnostic], for
    # `zodiac lint` (balance warnings); None: the rule set has no linter
    lint: str | None = None
    # "module:Model" validating zodiac.yaml's `lint:` (thresholds, with defaults)
    lint_settings_model: str | None = None
    # what the linter holds content to, a few words each, for `zodiac rulesets`
    lint_norms: tuple[str, ...] = ()
    # "module:attr" -> builder.export.RuleSetExports: its stat blocks, CSV tables and the
    # JSON Schemas of its `show` objects, for `zodiac export`; None: the generic ones
    exports: str | None = None
    # "module:function" (board: builder.cli.mount.Board) -> None: adds the rule set's own
    # Typer groups and commands (`zodiac character show`, `zodiac tool clock`) to the app;
    # None: its kinds are served by the generic verbs alone (`zodiac show`, `export`)
    commands: str | None = None
    # what messages call it ("ZODIAC's", "a 16 Bit Tactics file"); "": the title's head
    name: str = ""

    @property
    def label(self) -> str:
        """The rule set's short name, for messages: ``name``, else its title up to ( or :."""
        return self.name or self.title.split(" (")[0].split(":")[0].strip()

    @property
    def kinds(self) -> list[str]:
        return sorted(self.models)

    def model_for(self, kind: str) -> type[BaseModel]:
        return _model(self.id, kind)

    def check_for(self, kind: str) -> Callable[..., Any] | None:
        return _check(self.id, kind)

    def show_for(self, kind: str) -> Callable[..., Any] | None:
        """The function `zodiac show` calls for ``kind``, or None when it has no view."""
        spec = self.shows.get(kind)
        return resolve(spec) if spec else None

    def level(self, entity: Any) -> int:
        """An entity's level for sorting a book (0 where the rule set names none)."""
        return int(resolve(self.level_of)(entity)) if self.level_of else 0

    def settings(self, house_rules: Any = None) -> Any:
        """The object rules and checks receive (tables plus house rules), or None."""
        if self.make_settings is None:
            return None
        return resolve(self.make_settings)(house_rules)

    def lint_settings(self, raw: Any = None) -> Any:
        """zodiac.yaml's ``lint:`` as the rule set's model (its defaults when absent)."""
        if self.lint_settings_model is None:
            return None
        model = resolve(self.lint_settings_model)
        return raw if isinstance(raw, model) else model.model_validate(raw or {})

    def run_lint(self, content: Any, settings: Any, lint_settings: Any = None) -> list[Diagnostic]:
        """The rule set's balance linter over ``content`` (warnings), or nothing."""
        if self.lint is None:
            return []
        return resolve(self.lint)(content, settings, self.lint_settings(lint_settings))

    def codes(self) -> dict[str, str]:
        """code -> one-line summary, from each check module's ``CODES``."""
        out: dict[str, str] = {}
        for name in self.code_modules:
            out.update(importlib.import_module(name).CODES)
        return out


@cache
def _model(ruleset_id: str, kind: str) -> Any:
    return resolve(get(ruleset_id).models[kind])


@cache
def _check(ruleset_id: str, kind: str) -> Any:
    spec = get(ruleset_id).checks.get(kind)
    return resolve(spec) if spec else None


def ids() -> list[str]:
    """The registered rule set ids, default first."""
    return [DEFAULT, *sorted(i for i in _REGISTRY if i != DEFAULT)]


@cache
def get(ruleset_id: str) -> RuleSet:
    """The rule set registered as ``ruleset_id``; KeyError when there is none."""
    return resolve(_REGISTRY[ruleset_id])


def all_rulesets() -> list[RuleSet]:
    return [get(i) for i in ids()]
