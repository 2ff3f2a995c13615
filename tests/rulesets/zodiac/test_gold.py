"""Gold over a campaign (Ch. I Step 8, Ch. V, R25; ZC180-ZC184): 200 G, less the creation
purchases, plus the ledger in order; the inventory the records leave, less what is equipped.

Runs `zodiac validate` and `zodiac character show` over a small project (Swords 1-10 at the
book's weapon prices, the core potions), plus the pure arithmetic of ``rules.gold``.
"""

from __future__ import annotations

import pytest

from builder.rulesets.zodiac.checks.character import CODES
from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.rules import gold as G
from tests.conftest import EXAMPLE

SWORDS = "kind: weapon_set\nname: Swords\nweapon_class: sword\nphysical_points: 4\n" + (
    "magical_points: 2\nweapons:\n"
    + "\n".join(f"  - {{level: {lvl}, name: Sword {lvl}}}" for lvl in range(1, 11))
    + "\n"
)

# A level-3 character; the tail each test adds starts on line 12.
TESS = """\
kind: character
name: Tess
level: 3
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: toughness
base_stats: {str: 11, mag: 6, vit: 6, spr: 11, agi: 6}
advancement: [{str: 2, agi: 1}, {vit: 1, spr: 1, mag: 1}]
equipment: {weapon: sword-1}
"""


@pytest.fixture
def project(write):
    def _make(tail: str):
        write("zodiac.yaml", "title: Gold Test\n")
        write("swords.yaml", SWORDS)
        return write("tess.yaml", TESS + tail)

    return _make


def problems(zodiac, path) -> list[tuple[str, int, str, str]]:
    r = zodiac("validate", str(path), "--format", "json")
    return [(d["code"], d["line"], d["severity"], d["message"]) for d in r.json()]


def show(zodiac, path) -> dict:
    r = zodiac("character", "show", str(path), "--format", "json")
    assert r.exit_code == 0, r.output
    return r.json()


def line_of(path, needle: str) -> int:
    """1-based line of the first line of ``path`` holding ``needle``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


# --------------------------------------------------------------------------- rules.gold


@pytest.mark.parametrize(
    ("price", "sells_for"),
    [(25, 12), (75, 37), (30, 15), (350, 175), (1800, 900), (1, 0), (0, 0)],
)
def test_sell_price_is_half_rounded_down(price, sells_for):
    # R25: half the listed price; R1: a division rounds down (a sale is no cost, so R2's
    # rounding up of halved costs does not apply).
    assert G.sell_price(price) == sells_for


def test_sell_price_of_every_priced_shop_level():
    """Every cell of the weapon, armor and guard PRICE columns (Ch. V) sells for half."""
    prices = [p for t in (eq.WEAPON_PRICE, eq.ARMOR_PRICE, eq.GUARD_PRICE) for p in t if p]
    assert len(prices) == 27
    for price in prices:
        assert G.sell_price(price) == price // 2
        assert 2 * G.sell_price(price) in (price, price - 1)


def test_account_walks_terms_in_order():
    sword = G.Item("s/sword-1", "Sword 1", 75)
    potion = G.Item("potion", "Potion", 25)
    moves = [
        G.Move(0, "gold", gold=330, note="ogre bounty"),
        G.Move(1, "buy", count=2, item=potion),
        G.Move(2, "sell", item=sword),
        G.Move(3, "use", item=potion),
    ]
    acc = G.account([(sword, 1), (potion, 1)], moves)
    assert [(t.amount, t.source) for t in acc.terms] == [
        (200, "Ch. I Step 8"),
        (-75, "purchases[0]"),
        (-25, "purchases[1]"),
        (330, "ledger[0]"),
        (-50, "ledger[1]"),
        (37, "ledger[2]"),
    ]
    assert acc.balance == 200 - 75 - 25 + 330 - 50 + 37 == 417
    assert sum(t.amount for t in acc.terms) == acc.balance
    assert dict(acc.held) == {"s/sword-1": 0, "potion": 2}
    assert acc.overdraw is None and acc.missing == []
    assert (
        acc.text()
        == "200 G starting - 100 G creation purchases + 317 G from 3 ledger entries = 417 G"
    )


def test_account_reports_first_overdraw_and_missing_items():
    sword = G.Item("s/sword-2", "Sword 2", 150)
    moves = [
        G.Move(0, "buy", item=sword),  # 200 - 150 = 50
        G.Move(1, "buy", item=sword),  # -100: the first dip
        G.Move(2, "gold", gold=-10),  # still below, not reported again
        G.Move(3, "sell", count=3, item=sword),  # only 2 carried
    ]
    acc = G.account([], moves)
    assert acc.overdraw == G.Overdraw(1, -100)
    assert acc.missing == [G.Missing(3, sword, 3, 2)]


# --------------------------------------------------------------------------- the issue


def test_written_gold_without_purchases_or_ledger_is_shown_as_written(zodiac, project):
    """A character made before the ledger: `gold: 350` stands as written."""
    path = project("gold: 350\n")
    assert problems(zodiac, path) == []
    d = show(zodiac, path)
    assert d["gold"] == 350
    assert d["gold_breakdown"] == [{"label": "as written", "amount": 350, "source": "gold"}]


def test_350_written_and_explained_by_the_ledger_prints_350(zodiac, project):
    """The issue's case: purchases leave 25 G, the ledger brings the 325 G that make 350."""
    path = project(
        "purchases: [sword-1, {item: potion, count: 3}, antidote]\n"  # 75 + 75 + 25 = 175
        "ledger:\n  - {gold: 325, note: ogre bounty, at: 2}\n"
        "gold: 350\n"
    )
    assert problems(zodiac, path) == []
    d = show(zodiac, path)
    assert d["gold"] == 350
    assert [(t["amount"], t["source"]) for t in d["gold_breakdown"]] == [
        (200, "Ch. I Step 8"),
        (-75, "purchases[0]"),
        (-75, "purchases[1]"),
        (-25, "purchases[2]"),
        (325, "ledger[0]"),
    ]
    assert d["gold_breakdown"][-1]["label"] == "ogre bounty"


def test_written_gold_disagreeing_is_a_located_error(zodiac, project):
    """Before: 350 written, 25 printed, no message. Now ZC180 at `gold:` with both numbers."""
    path = project("purchases: [sword-1, {item: potion, count: 3}, antidote]\ngold: 350\n")
    [(code, line, severity, message)] = problems(zodiac, path)
    assert (code, line, severity) == ("ZC180", line_of(path, "gold: 350"), "error")
    assert "`gold: 350` but the records leave 25 G" in message
    assert "200 G starting - 175 G creation purchases = 25 G" in message
    assert "`- {gold: 325, note: ...}`" in message
    assert zodiac("character", "show", str(path)).exit_code == 1


def test_written_gold_below_the_records_suggests_a_spend(zodiac, project):
    path = project("ledger:\n  - {gold: 100}\ngold: 250\n")
    [(code, _, _, message)] = problems(zodiac, path)
    assert code == "ZC180"
    assert "200 G starting + 100 G from 1 ledger entry = 300 G" in message
    assert "the 50 G went" in message and "{gold: -50" in message


def test_level_one_gold_against_purchases_is_now_an_error(zodiac, write):
    """ZC158 (a level-1 warning) is retired: ZC180 judges `gold:` at every level."""
    write("zodiac.yaml", "title: Gold Test\n")
    write("swords.yaml", SWORDS)
    path = write(
        "tess.yaml",
        TESS.replace("level: 3", "level: 1").replace(
            "advancement: [{str: 2, agi: 1}, {vit: 1, spr: 1, mag: 1}]", "advancement: []"
        )
        + "purchases: [sword-1]\ngold: 200\n",
    )
    assert [(c, s) for c, _, s, _ in problems(zodiac, path)] == [("ZC180", "error")]
    assert "ZC180" in CODES and "retired" in CODES["ZC158"]


# --------------------------------------------------------------------------- the ledger


def test_ledger_going_negative_is_located_at_the_entry(zodiac, project):
    path = project(
        "purchases: [sword-1]\n"  # 125 G left
        "ledger:\n"
        "  - {buy: potion}\n"  # 100
        "  - {buy: sword-2}\n"  # -50
        "  - {gold: 500, note: late reward}\n"
    )
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC181", line_of(path, "buy: sword-2"))
    assert "bought Sword 2 (-150 G) leaves -50 G" in message


def test_selling_what_is_not_carried(zodiac, project):
    path = project(
        "ledger:\n"
        "  - {buy: potion, count: 2}\n"
        "  - {sell: sword-1}\n"  # equipped, but no record says how it came
        "  - {use: potion, count: 3}\n"
    )
    found = problems(zodiac, path)
    assert [(c, line) for c, line, _, _ in found] == [
        ("ZC182", line_of(path, "sell: sword-1")),
        ("ZC182", line_of(path, "use: potion")),
    ]
    assert "sells Sword 1 but the records carry 0 at this point" in found[0][3]
    assert "uses 3 x Potion but the records carry 2" in found[1][3]


def test_sell_price_half_in_the_view(zodiac, project):
    path = project(
        "purchases: [sword-1]\n"
        "ledger:\n"
        "  - {find: sword-2, note: from the ogre's hoard}\n"
        "  - {sell: sword-1}\n"  # 75 / 2 = 37.5 -> 37 (R1)
        "  - {buy: potion, count: 2}\n"
        "  - {sell: potion}\n"  # 25 / 2 = 12.5 -> 12
        "gold: 124\n"
    )
    assert problems(zodiac, path) == []
    d = show(zodiac, path)
    assert d["gold"] == 200 - 75 + 37 - 50 + 12 == 124
    sold = {t["label"]: t["amount"] for t in d["gold_breakdown"]}
    assert sold["sold Sword 1"] == 37 and sold["sold Potion"] == 12


def test_unknown_ledger_item_says_did_you_mean(zodiac, project):
    path = project("ledger:\n  - {buy: potoin}\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert (code, line) == ("ZC150", line_of(path, "potoin"))
    assert "did you mean 'potion'?" in message


def test_unpriced_items_cannot_be_bought_or_sold(zodiac, project):
    path = project(
        "ledger:\n  - {buy: x-potion}\n  - {find: elixir}\n  - {sell: elixir}\n  - {buy: sword-10}\n"
    )
    found = problems(zodiac, path)
    assert [(c, line) for c, line, _, _ in found] == [
        ("ZC183", line_of(path, "x-potion")),
        ("ZC183", line_of(path, "sell: elixir")),
        ("ZC183", line_of(path, "sword-10")),
    ]
    assert "record it with `find: x-potion` instead" in found[0][3]
    assert "an artifact is only found or given" in found[2][3]


def test_at_above_the_level_or_out_of_order(zodiac, project):
    path = project("ledger:\n  - {gold: 5, at: 3}\n  - {gold: 5, at: 2}\n  - {gold: 5, at: 4}\n")
    found = problems(zodiac, path)
    assert [(c, line) for c, line, _, _ in found] == [
        ("ZC184", line_of(path, "at: 2")),
        ("ZC184", line_of(path, "at: 4")),
    ]
    assert "comes after entry 1 at level 3" in found[0][3]
    assert "the character is level 3" in found[1][3]


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{gold: 5, buy: potion}", "(this one has `gold:`, `buy:`)"),
        ("{note: nothing}", "(this one has none)"),
        ("{gold: 5, count: 2}", "`count:` goes with an item"),
    ],
)
def test_an_entry_is_exactly_one_thing(zodiac, project, entry, said):
    path = project(f"ledger:\n  - {entry}\n")
    [(code, line, _, message)] = problems(zodiac, path)
    assert code.startswith("ZS") and line == line_of(path, entry)
    assert said in message


# --------------------------------------------------------------------------- inventory


def test_inventory_rows_do_not_count_equipped_items_twice(zodiac, project):
    path = project(
        "purchases: [sword-1, {item: potion, count: 2}]\n"  # 125 + ... = 75 G left
        "ledger:\n"
        "  - {gold: 200}\n"
        "  - {buy: sword-1}\n"  # a spare: the first one is equipped
        "  - {use: potion}\n"
        "inventory: [Potion, Rope, rope, Phoenix Down]\n"
    )
    assert problems(zodiac, path) == []
    d = show(zodiac, path)
    assert d["gold"] == 200 - 75 - 50 + 200 - 75 == 200
    assert d["inventory"] == [
        {
            "id": "swords/sword-1",
            "name": "Sword 1",
            "count": 1,  # two owned, one equipped
            "price": 75,
            "sell_price": 37,
            "source": "purchases, ledger",
        },
        {
            "id": "potion",
            "name": "Potion",
            "count": 2,  # 2 bought - 1 used + 1 written
            "price": 25,
            "sell_price": 12,
            "source": "purchases, inventory",
        },
        {
            "id": "phoenix-down",
            "name": "Phoenix Down",
            "count": 1,
            "price": 350,
            "sell_price": 175,
            "source": "inventory",
        },
        {
            "id": None,
            "name": "Rope",
            "count": 2,
            "price": None,
            "sell_price": None,
            "source": "inventory",
        },
    ]


def test_the_only_copy_equipped_leaves_no_row(zodiac, project):
    path = project("purchases: [sword-1]\n")
    d = show(zodiac, path)
    assert d["gold"] == 125 and d["inventory"] == []
    assert [i["id"] for i in d["equipment"]] == ["sword-1"]


def test_character_show_table_prints_gold_and_inventory(zodiac, project):
    path = project(
        "purchases: [sword-1]\nledger:\n  - {gold: 330, note: ogre bounty}\n"
        "  - {buy: potion, count: 2}\ninventory: [rope]\n"
    )
    r = zodiac("character", "show", str(path))
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Gold: 405 G" in out
    assert "ogre bounty" in out and "+330" in out and "ledger[0]" in out
    assert "Inventory" in out and "Potion" in out and "12 G" in out and "rope" in out
    r = zodiac("show", str(path))
    assert r.exit_code == 0 and "405 G" in r.stdout


# --------------------------------------------------------------------------- the example


def test_example_amos_keeps_a_ledger(zodiac):
    d = show(zodiac, EXAMPLE / "characters" / "amos.yaml")
    terms = d["gold_breakdown"]
    assert d["gold"] == sum(t["amount"] for t in terms) == 340
    sales = {t["label"]: t["amount"] for t in terms if t["label"].startswith("sold")}
    assert sales == {"sold Iron Sword": 37, "sold Leather Jerkin": 37, "sold Buckler": 15}
    rows = {r["name"]: (r["count"], r["source"]) for r in d["inventory"]}
    # Keen Blade, Scale Mail, Iron Shield and Power Wrist were bought and are equipped.
    assert rows == {
        "Potion": (2, "ledger"),
        "Phoenix Down": (1, "ledger"),
        "Rope": (1, "inventory"),
        "Map of the border forts": (1, "inventory"),
    }
