"""The companion rule sets' long card decks print in parts, like ZODIAC's (issue #27).

Each deck's `PartPlan` ends a part where a page of nine cards ends, so the deck joined
from its parts is the deck printed whole, page by page; and after one entry changes, only
the part that shows it is printed again (read from the build records, as
tests/build/test_parts.py does). Turns and Actions' ability cards are cut from the cards
(a card per ability of each combatant), not from the entities (`PartPlan.items`).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from builder import rulesets
from builder.rulesets import PartPlan
from tests.build.conftest import page_texts, printed_column
from tests.conftest import REPO

EXAMPLES = REPO / "content" / "examples"
CARDS_PER_PAGE = 9


@dataclass(frozen=True)
class Deck:
    """A companion deck under test: the example entry copied to make it long enough."""

    ruleset: str
    holds: str
    source: str  # the example file holding the entry to copy
    name: str  # the entry copied (its `name:`), each copy named "<name> NN"
    copies: int
    edited: str  # the copy renamed, "<name> NN", to "Renamed <name>"


DECKS = [
    Deck("16-bit-tactics", "monster_cards", "monsters/cave-goblin.yaml", "Cave Goblin", 14, "05"),
    Deck("99-towers", "combatant_cards", "combatants/bandit.yaml", "Bandit", 13, "12"),
    Deck("99-towers", "weapon_cards", "weapons/ours.yaml", "Shortblade", 16, "03"),
    # The example's combatants hold 26 cards; Cobb carries four abilities, a card each.
    Deck("turns-and-actions", "ability_cards", "players.yaml", "Cobb Ironwright", 2, "02"),
]


def _document(text: str, name: str) -> str:
    """The YAML document of `text` (a file of one or more) whose `name:` is `name`."""
    for doc in re.split(r"^---$", text, flags=re.MULTILINE):
        if re.search(rf"^name: {re.escape(name)}$", doc, flags=re.MULTILINE):
            return doc.strip("\n") + "\n"
    raise AssertionError(f"no document named {name}")


def _project(tmp_path: Path, deck: Deck) -> Path:
    """The rule set's example project, its books only this deck, with `deck.copies`
    copies of one entry (ids come from the new names)."""
    root = tmp_path / "campaign"
    shutil.copytree(EXAMPLES / deck.ruleset, root)
    config = root / "zodiac.yaml"
    text = config.read_text()
    config.write_text(
        text[: text.index("books:")]
        + f"books:\n  - {{title: The Deck, output: deck.pdf, holds: {deck.holds}, sort: file}}\n"
    )
    doc = _document((root / deck.source).read_text(), deck.name)
    copies = "---\n".join(
        doc.replace(f"name: {deck.name}\n", f"name: {deck.name} {n:02d}\n")
        for n in range(1, deck.copies + 1)
    )
    (root / "grown.yaml").write_text(copies)
    return root


def _set_parts(monkeypatch, deck: Deck, plan: PartPlan | None) -> PartPlan | None:
    """Print the deck in parts by `plan` (None: whole); returns the plan it had."""
    books = rulesets.get(deck.ruleset).books
    declared = books[deck.holds].parts
    monkeypatch.setitem(books, deck.holds, replace(books[deck.holds], parts=plan))
    return declared


def _build(zodiac, root: Path, out: str, *args: str) -> dict[str, str]:
    r = zodiac("build", str(root), "--out", str(root / out), *args)
    assert r.exit_code == 0, r.stdout
    return printed_column(r.stdout)


def _part_pdfs(root: Path) -> dict[str, str]:
    """Each part of the deck (body-0, body-1, ...) and the digest of its PDF."""
    from builder.cache import ProjectCache

    cache = ProjectCache.open(root)
    assert cache is not None
    [folder] = cache.build_records().values()
    [record] = [rec for path, rec in folder.items() if Path(path).name == "deck.pdf"]
    return {name: part["pdf"] for name, part in record["parts"].items()}


@pytest.fixture
def cached(tmp_path: Path, monkeypatch) -> None:
    """Builds keep their records (and parts) in a cache of this test's own."""
    monkeypatch.delenv("ZODIAC_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.mark.parametrize("deck", DECKS, ids=lambda d: f"{d.ruleset}:{d.holds}")
def test_a_companion_deck_in_parts_is_the_whole_deck_and_reprints_one_part(
    zodiac, tmp_path: Path, monkeypatch, cached, deck: Deck
) -> None:
    root = _project(tmp_path, deck)
    plan = _set_parts(monkeypatch, deck, None)
    # The plan the rule set declares: parts end where a page of nine cards ends.
    assert plan is not None and plan.size % CARDS_PER_PAGE == 0
    pages_a_part = plan.size // CARDS_PER_PAGE
    _build(zodiac, root, "whole", "--no-cache")
    _set_parts(monkeypatch, deck, plan)
    _build(zodiac, root, "dist")

    whole, parted = (page_texts(root / d / "deck.pdf") for d in ("whole", "dist"))
    cards = len(PdfReader(root / "whole" / "deck.pdf").outline[1])
    parts = -(-cards // plan.size)
    assert parts in (2, 3)  # long enough to split, small enough to stay fast
    assert len(whole) == -(-cards // CARDS_PER_PAGE)
    assert parted == whole
    # The outline: the deck's title once (from the first part), every card under it.
    outline = PdfReader(root / "dist" / "deck.pdf").outline
    assert [i.title for i in outline if not isinstance(i, list)] == ["The Deck"]
    assert len(outline[1]) == cards
    before = _part_pdfs(root)
    assert sorted(before) == [f"body-{k}" for k in range(parts)]

    # One entry renamed: only the part that shows it prints again.
    old = f"{deck.name} {deck.edited}"
    page = next(n for n, text in enumerate(whole) if old in text)
    grown = root / "grown.yaml"
    grown.write_text(grown.read_text().replace(f"name: {old}\n", f"name: Renamed {deck.name}\n"))
    assert _build(zodiac, root, "dist") == {"deck.pdf": "now"}
    after = _part_pdfs(root)
    changed = sorted(name for name in after if after[name] != before[name])
    assert changed == [f"body-{page // pages_a_part}"]
    texts = page_texts(root / "dist" / "deck.pdf")
    assert len(texts) == len(whole)
    assert any(f"Renamed {deck.name}" in t for t in texts)
    assert not any(old in t for t in texts)


def test_ability_cards_split_by_card_not_by_entity(tmp_path: Path) -> None:
    """Turns and Actions' plan counts the cards (a card per ability of each combatant),
    and each part's context is the whole deck's with the cards cut to it."""
    from builder.build import Piece, plan
    from builder.build.parts import _part_context, part_plan
    from builder.workspace import open_workspace

    deck = DECKS[-1]
    root = _project(tmp_path, deck)
    ws = open_workspace([root])
    [job] = plan(ws, ws.config, root / "dist")
    split = part_plan(ws, job, None)
    assert split is not None
    declared, count = split
    assert declared == PartPlan(18, items="cards")
    # Entities: 4 players, 6 monsters, 2 copies of Cobb, 13 abilities. Cards: the
    # example's 26, and Cobb's four for each copy.
    assert (len(job.entities), count) == (25, 34)
    whole = [c["name"] for c in _part_context(ws, job, Piece("whole"), {})["cards"]]
    second = _part_context(ws, job, Piece("body", 1, 18, 34), {})["cards"]
    assert [c["name"] for c in second] == whole[18:34]
