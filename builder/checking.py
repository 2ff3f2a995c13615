"""Running a rule set's construction checks: the part every game shares.

Each rule set registers one check function per kind (`RuleSet.checks`); a check takes the
entity and a `CheckContext` (the project's other entities, by kind and id, and the rule
set's settings) and yields `Problem`s, which are located here in the entity's file.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from builder.diagnostics import Diagnostic, place_in
from builder.problems import Severity

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets import RuleSet

__all__ = ["CheckContext", "check_expectations", "run_checks", "run_kind_checks"]


@dataclass
class CheckContext:
    """What a check may look at beyond its own document: the project and the settings."""

    content: Content
    settings: Any = None  # the rule set's settings (ZODIAC: its tables and house rules)
    _index: dict[tuple[str, str], Entity] | None = field(default=None, repr=False)

    def find(self, kind: str, entity_id: str) -> Entity | None:
        if self._index is None:
            self._index = self.content.index()
        return self._index.get((kind, entity_id))

    def ids(self, kind: str) -> list[str]:
        return [e.id for e in self.content.of_kind(kind)]

    def memo(self, key: Any, build: Callable[[Content], Any]) -> Any:
        """A lookup table over the whole project, built once per run, not once per entity.

        Checks run once per entity; a table of "every monster's level" rebuilt in each
        made validation quadratic (issue 13). ``key`` names the table.
        """
        return self.content.memo(key, build)


def run_checks(rule_set: RuleSet, content: Content, settings: Any) -> list[Diagnostic]:
    """Every construction check of ``rule_set`` over ``content``.

    A rule set's own ``run_checks`` when it names one; otherwise each kind's ``checks``
    entry through `run_kind_checks`, so a new rule set registers its checks and nothing
    else (tests/fixtures/tiny_ruleset). It lives here, not on `RuleSet`, so the registry
    never reaches up to the code that runs it.
    """
    if rule_set.run_checks is not None:
        from builder.rulesets import resolve

        return list(resolve(rule_set.run_checks)(content, settings))
    if not rule_set.checks:
        return []
    return run_kind_checks(rule_set, CheckContext(content, settings))


def run_kind_checks(rule_set: RuleSet, ctx: CheckContext) -> list[Diagnostic]:
    """Every entity through its kind's check, each Problem placed in the entity's file;
    then the documents' ``expect:`` values against their computed views."""
    out: list[Diagnostic] = []
    failed: set[int] = set()
    for entity in ctx.content.entities:
        check = rule_set.check_for(entity.kind)
        if check is not None:
            problems = list(check(entity, ctx))
            if any(p.severity is Severity.ERROR for p in problems):
                failed.add(id(entity))
            out.extend(place_in(p, entity.doc) for p in problems)
    out.extend(check_expectations(rule_set, ctx, failed))
    return out


@dataclass
class _ViewSource:
    """What a rule set's `zodiac show` view reads of a workspace: the project's content
    and the rule set's settings, under the names `Workspace` gives them."""

    content: Content
    settings: Any
    rule_set: RuleSet
    root: Any = None
    config: Any = None


def check_expectations(
    rule_set: RuleSet, ctx: CheckContext, failed: Collection[int] = ()
) -> list[Diagnostic]:
    """``expect:`` of every document, checked on the view `zodiac show` prints (ZS121-ZS122).

    Its own pass, after the construction checks, because it needs computed values: it
    runs only on documents that loaded as an entity and that no check found an error in
    (``failed``: ids of entities), since a view of a broken document is not worth
    comparing. Any rule set that registers `show` views gets it.
    """
    from builder.explain import EXPECT_KEY, expect_shape_problems, expectation_problems

    out: list[Diagnostic] = []
    source: _ViewSource | None = None
    for entity in ctx.content.entities:
        data = entity.doc.data
        expect = data.get(EXPECT_KEY) if isinstance(data, dict) else None
        if not isinstance(expect, dict) or not expect or id(entity) in failed:
            continue
        if expect_shape_problems(expect):  # the loader reported them: an error already
            continue
        view = rule_set.show_for(entity.kind)
        if view is None:
            continue  # no computed view: nothing to hold the values against
        if source is None:
            source = _ViewSource(ctx.content, ctx.settings, rule_set)
        shown = view(source, entity)
        out.extend(place_in(p, entity.doc) for p in expectation_problems(expect, shown.json))
    return out
