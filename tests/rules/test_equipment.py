"""Chapter V tables, cell by cell, and the equipment formulas.

The tables below are transcribed literally from seeds/zodiac-3e.md (Chapter V) and
parsed here, so every cell of the book is compared with the builder's constants.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from builder.rulesets.zodiac.models.equipment import Potion
from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.rules.equipment import Ab

# --------------------------------------------------------------------------- book tables

WEAPON_TABLE = """\
1	+0	+10	+15	+20	+30	75
2	+0	+15	+25	+30	+45	150
3	+0	+20	+30	+40	+60	400
4	+0	+30	+40	+50	+80	800
5	+10	+40	+55	+70	+100	1,200
6	+20	+50	+70	+90	+120	2,000
7	+30	+60	+85	+110	+140	3,000
8	+40	+70	+100	+130	+160	5,000
9	+50	+80	+115	+150	+180	8,000
10	+70	+100	+150	+200	+230	-----
"""

ARMOR_TABLE = """\
1	+10 / +3	+15 / +2	+20 / +0	75
2	+15 / +4	+20 / +3	+30 / +0	150
3	+20 / +8	+40 / +4	+60 / +0	400
4	+35 / +12	+70 / +6	+100 / +0	800
5	+50 / +20	+100 / +10	+150 / +0	1,200
6	+65 / +25	+130 / +14	+200 / +0	2,000
7	+80 / +30	+160 / +18	+250 / +0	3,000
8	+100 / +40	+200 / +20	+300 / +0	5,000
9	+125 / +50	+250 / +25	+375 / +0	8,000
10	+175 / +65	+350 / +35	+500 / +0	-----
"""

GUARD_TABLE = """\
1	+2	30
2	+4	75
3	+6	200
4	+8	400
5	+10	600
6	+12	1,000
7	+14	1,500
8	+16	2,500
9	+18	4,000
10	+23	-----
"""

POTION_TABLE = """\
Potion	Restores 70 HP	25
Hi Potion	Restores 300 HP	200
Super Potion	Restores 500 HP	600
X-Potion	Restores all HP	-----
Ether	Restores 15 MP	75
Hi Ether	Restores 60 MP	600
Super Ether	Restores 100 MP	1,800
X-Ether	Restores all MP	-----
Elixir	Restores all HP / MP	-----
Phoenix Down	Restores life, 10% HP	350
Phoenix Pinion	Restores life, full HP	-----
Annointment	Cures 'Curse'	50
Antidote	Cures 'Poison'	25
Cornucopia	Cures 'Mini'	50
Echo Screen	Cures 'Seal'	75
Eyedrops	Cures 'Blind'	50
Maiden's Kiss	Cures 'Frog'	75
Remedy	Cures all negative status	350
Revivify	Cures 'Zombie'	75
Soft	Cures 'Stone'	100
Tranquilizer	Cures 'Berserk'	25
Vaccine	Cures 'Venom'	75
"""


def _num(cell: str) -> int | None:
    cell = cell.strip()
    return None if cell.startswith("-") else int(cell.replace(",", "").replace("+", ""))


def _rows(table: str) -> list[list[str]]:
    return [line.split("\t") for line in table.strip().splitlines()]


WEAPON_CELLS = [
    (int(r[0]), points, _num(r[points])) for r in _rows(WEAPON_TABLE) for points in range(1, 6)
]
ARMOR_CELLS = [
    (int(r[0]), kind, tuple(_num(x) for x in r[col].split("/")))
    for r in _rows(ARMOR_TABLE)
    for col, kind in ((1, "enhance"), (2, "balanced"), (3, "defense"))
]


# --------------------------------------------------------------------------- weapons


@pytest.mark.parametrize(("level", "points", "bonus"), WEAPON_CELLS)
def test_weapon_bonus_table_cell(level: int, points: int, bonus: int) -> None:
    assert eq.weapon_power_bonus(points, level) == bonus


@pytest.mark.parametrize("row", _rows(WEAPON_TABLE))
def test_weapon_price_column(row: list[str]) -> None:
    assert eq.weapon_price(int(row[0])) == _num(row[6])


def test_weapon_artifact_not_for_sale_r25() -> None:
    assert eq.weapon_price(10) is None
    assert eq.weapon_price(9) == 8000


def test_diff_the_biffer_level_10_sword() -> None:
    """Ch. V example: 5 points physical, 1 magical; the level-10 sword: +230 AP, d10."""
    b = eq.weapon_bonus(5, 1, 10)
    assert (b.ap, b.map, b.die, b.magic_die) == (230, 70, 10, 6)
    assert eq.die_label(b.die) == "d10"


@pytest.mark.parametrize(("points", "die"), [(1, 6), (2, 8), (3, 8), (4, 8), (5, 10)])
def test_die_class_r21(points: int, die: int) -> None:
    assert eq.die_for_points(points) == die


def test_weapon_pools_r21() -> None:
    assert eq.weapon_pools(False) == eq.Pool(10, 4)
    assert eq.weapon_pools(True) == eq.Pool(8, 4)


@pytest.mark.parametrize(("level", "limit"), [(1, 0), (2, 1), (3, 1), (8, 4), (9, 4), (10, 5)])
def test_item_points_limit_floor_half(level: int, limit: int) -> None:
    assert eq.item_points_limit(level) == limit


@pytest.mark.parametrize(
    ("ability", "cost"),
    [
        (Ab("dedicated", "dragons"), 2),
        (Ab("drain"), 3),
        (Ab("elemental", "fire"), 0),
        (Ab("keen_edge"), 2),
        (Ab("long_range"), 0),
        (Ab("spell_effect", "fira"), 2),
        (Ab("stat_bonus", "mag"), 2),
    ],
)
def test_weapon_ability_costs(ability: Ab, cost: int) -> None:
    assert eq.weapon_ability_cost(ability) == cost


@pytest.mark.parametrize(
    ("status", "cost"),
    [
        ("blind", 2),
        ("death_sentence", 2),
        ("DSentence", 2),
        ("poison", 2),
        ("sleep", 2),
        ("stun", 2),
        ("charm", 3),
        ("curse", 3),
        ("seal", 3),
        ("venom", 3),
    ],
)
def test_weapon_status_effect_costs(status: str, cost: int) -> None:
    assert eq.weapon_ability_cost(Ab("status_effect", status)) == cost


@pytest.mark.parametrize(
    ("stat", "level", "amount"),
    [
        ("mag", 1, 5),  # R22: the book's own check, level-1 Magic weapon gives +5
        ("mag", 10, 23),
        ("agi", 4, 11),
        ("vit", 1, 2),
        ("vit", 10, 11),
        ("spr", 6, 7),
    ],
)
def test_weapon_stat_bonus_r22(stat: str, level: int, amount: int) -> None:
    assert eq.stat_bonus_amount(eq.WEAPON_STAT_BONUS, stat, level) == amount
    assert eq.weapon_bonus(3, 3, level, [Ab("stat_bonus", stat)]).stats == {stat: amount}


def test_weapon_never_strength_bonus_in_table() -> None:
    assert "str" not in eq.WEAPON_STAT_BONUS


def test_weapon_bonus_abilities() -> None:
    b = eq.weapon_bonus(2, 4, 6, [Ab("keen_edge"), Ab("elemental", "ice")])
    assert (b.ap, b.map, b.die, b.magic_die) == (50, 90, 8, 8)
    assert b.critical == -10
    assert b.attack_element == "ice"


def test_weapon_points_used() -> None:
    assert eq.weapon_points_used([Ab("drain"), Ab("elemental", "fire")]) == 3
    assert eq.weapon_points_used([Ab("status_effect", "venom"), Ab("keen_edge")]) == 5


def test_weapon_guard_and_range_and_unarmed() -> None:
    assert eq.weapon_guard_evade(7) == 14
    assert eq.flying_penalty(False) == -60
    assert eq.flying_penalty(True) == 0
    u = eq.unarmed_attack(25)
    assert (u.die, u.strength, u.ap, u.str_dice) == (4, 12, 12, 1)  # half rounds down (R1)
    assert eq.unarmed_attack(250).str_dice == 2  # 125 Strength -> 1 + 1 dice


# --------------------------------------------------------------------------- draw out


@pytest.mark.parametrize(
    ("level", "brk", "demi"),
    [
        (1, Fraction(1, 5), Fraction(1, 4)),
        (3, Fraction(1, 5), Fraction(1, 4)),
        (4, Fraction(1, 4), Fraction(1, 4)),
        (5, Fraction(1, 4), Fraction(1, 4)),
        (6, Fraction(1, 4), Fraction(1, 3)),
        (7, Fraction(1, 3), Fraction(1, 3)),
        (10, Fraction(1, 3), Fraction(1, 3)),
    ],
)
def test_draw_out_break_and_demi_bands(level: int, brk: Fraction, demi: Fraction) -> None:
    assert eq.draw_out_effect("break", level, "mag").fraction == brk
    assert eq.draw_out_effect("demi_attack", level).fraction == demi


@pytest.mark.parametrize(
    ("level", "heal", "immune", "resist", "dice", "boost"),
    [
        (1, 35, 1, 2, 0, 5),
        (2, 60, 1, 2, 0, 10),
        (3, 85, 1, 2, 1, 15),
        (4, 110, 2, 3, 1, 20),
        (6, 160, 2, 3, 2, 30),
        (7, 185, 3, 4, 2, 35),
        (10, 260, 4, 5, 3, 50),
    ],
)
def test_draw_out_level_numbers(
    level: int, heal: int, immune: int, resist: int, dice: int, boost: int
) -> None:
    assert eq.draw_out_effect("healing", level).amount == heal
    assert eq.draw_out_effect("immunity", level, "fire").rounds == immune  # rounded up
    assert eq.draw_out_effect("resistance", level, "fire").rounds == resist  # 1 + rounded up
    assert eq.draw_out_effect("magical_attack", level).extra_dice == dice  # R1 floor (Decision)
    assert eq.draw_out_effect("mp_attack", level).extra_dice == dice
    assert eq.draw_out_effect("stat_booster", level, "str").amount == boost


def test_draw_out_status_book_example() -> None:
    """Ch. V: a 4th-level weapon with 40% Stun and 35% Seal spends its 20 points."""
    chances = {"stun": 40, "seal": 35}
    assert eq.draw_out_status_points(chances) == 20 == 4 * eq.DRAW_OUT_STATUS_POINTS_PER_LEVEL
    eff = eq.draw_out_effect("status_effect", 4, {"stun": 40, "Seal": None})
    assert eff.chances == {"stun": 40, "seal": 20}


def test_draw_out_status_table() -> None:
    t = eq.DRAW_OUT_STATUS
    assert t["stun"] == t["poison"] == (1, 35)
    assert t["berserk"] == t["curse"] == t["death_sentence"] == (2, 30)
    assert t["blind"] == t["slow"] == t["sleep"] == t["seal"] == (3, 20)
    assert t["frog"] == t["mini"] == t["confuse"] == (4, 10)
    assert t["stop"] == t["stone"] == t["charm"] == t["venom"] == (5, 5)
    assert t["instant_death"] == (7, 0)
    assert t["haste"] == t["barrier"] == t["mbarrier"] == (4, None)
    assert t["regen"] == t["reraise"] == t["wall"] == (5, None)


# --------------------------------------------------------------------------- armor


@pytest.mark.parametrize(("level", "kind", "hp_mp"), ARMOR_CELLS)
def test_armor_hp_mp_table_cell(level: int, kind: str, hp_mp: tuple[int, int]) -> None:
    assert eq.armor_hp_mp(kind, level) == hp_mp
    b = eq.armor_bonus(kind, level)
    assert (b.hp, b.mp) == hp_mp


@pytest.mark.parametrize("row", _rows(ARMOR_TABLE))
def test_armor_price_column(row: list[str]) -> None:
    assert eq.armor_price(int(row[0])) == _num(row[4])


@pytest.mark.parametrize("row", _rows(GUARD_TABLE))
def test_guard_table_row(row: list[str]) -> None:
    level = int(row[0])
    assert eq.guard_evade(level) == _num(row[1])
    assert eq.guard_bonus(level).evade == _num(row[1])
    assert eq.guard_price(level) == _num(row[2])


def test_armor_pools_r23() -> None:
    assert eq.armor_pools("standard") == {"armors": eq.Pool(10, 5), "guards": eq.Pool(5, 3)}
    # Ch. V example: armor pool 5, guards 10 -> artifact armor 3, artifact guard 5.
    assert eq.armor_pools("swapped") == {"armors": eq.Pool(5, 3), "guards": eq.Pool(10, 5)}


@pytest.mark.parametrize(
    ("ability", "cost"),
    [
        ("defense", 3),
        ("magic_defense", 3),
        ("elemental_absorbency", 3),
        ("elemental_immunity", 2),
        ("elemental_resistance", 1),
        ("stat_bonus", 2),
    ],
)
def test_armor_ability_costs(ability: str, cost: int) -> None:
    param = {"stat_bonus": "str"}.get(ability, "fire" if "elemental" in ability else None)
    assert eq.armor_piece_cost([Ab(ability, param)]) == eq.PieceCost(cost, 0, cost)


@pytest.mark.parametrize(
    ("statuses", "cost"),
    [
        (["stun"], 1),
        (["poison"], 1),
        (["berserk"], 1),
        (["slow"], 1),
        (["blind"], 1),
        (["death_sentence"], 1),
        (["zombie"], 2),
        (["sleep"], 2),
        (["venom"], 2),
        (["mini"], 2),
        (["curse"], 2),
        (["confuse"], 2),
        (["stop"], 3),
        (["stone"], 3),
        (["frog"], 3),
        (["charm"], 3),
        (["seal"], 3),
        (["poison", "stone"], 4),  # dearest 3, +1 for the other
        (["poison", "blind", "slow"], 3),
        (["zombie", "stop", "seal", "stun"], 6),
    ],
)
def test_armor_status_immunity_cost(statuses: list[str], cost: int) -> None:
    assert eq.armor_status_immunity_cost(statuses) == cost
    # Spread over two entries of one piece, they are priced together.
    split = [Ab("status_immunity", statuses[:1]), Ab("status_immunity", statuses[1:])]
    assert eq.armor_piece_cost(split).net == cost


@pytest.mark.parametrize(
    ("abilities", "expected"),
    [
        ([Ab("defense"), Ab("physical_weakness")], eq.PieceCost(3, 3, 0)),
        ([Ab("stat_bonus", "str"), Ab("magical_weakness")], eq.PieceCost(2, 2, 0)),  # >= 0
        ([Ab("elemental_resistance", "fire"), Ab("magical_weakness")], eq.PieceCost(1, 1, 0)),
        ([Ab("defense"), Ab("elemental_weakness", "ice")], eq.PieceCost(3, 1, 2)),
        ([Ab("physical_weakness")], eq.PieceCost(0, 0, 0)),  # nothing to offset: 0, not -3
        (
            [Ab("defense"), Ab("elemental_absorbency", "holy"), Ab("magical_weakness")],
            eq.PieceCost(6, 3, 3),
        ),
    ],
)
def test_armor_weakness_credit_r23(abilities: list[Ab], expected: eq.PieceCost) -> None:
    assert eq.armor_piece_cost(abilities) == expected


@pytest.mark.parametrize(
    ("stat", "level", "amount"),
    [
        ("str", 1, 5),
        ("mag", 5, 13),
        ("agi", 10, 23),
        ("resist", 5, 7),
        ("vit", 3, 4),
        ("spr", 9, 10),
    ],
)
def test_armor_stat_bonus_r22(stat: str, level: int, amount: int) -> None:
    assert eq.stat_bonus_amount(eq.ARMOR_STAT_BONUS, stat, level) == amount


def test_armor_and_guard_bonus_effects() -> None:
    a = eq.armor_bonus(
        "balanced",
        6,
        [
            Ab("stat_bonus", "resist"),
            Ab("elemental_resistance", "fire"),
            Ab("elemental_weakness", "ice"),
            Ab("status_immunity", ["poison", "stone"]),
            Ab("defense"),
        ],
    )
    assert (a.hp, a.mp, a.resist) == (130, 14, 8)
    assert a.elements == {"fire": "resist", "ice": "weak"}
    assert a.status_immunities == {"poison", "stone"}
    assert a.physical_damage_pct == -25
    g = eq.guard_bonus(4, [Ab("stat_bonus", "vit"), Ab("magical_weakness")])
    assert (g.evade, g.stats, g.magical_damage_pct) == (8, {"vit": 5}, 25)


def test_item_bonus_sum_best_affinity_wins() -> None:
    total = (
        eq.weapon_bonus(5, 1, 10, [Ab("stat_bonus", "agi")])
        + eq.armor_bonus("defense", 10, [Ab("elemental_weakness", "fire")])
        + eq.guard_bonus(10, [Ab("stat_bonus", "agi")])
        + eq.relic_bonus([Ab("elemental_immunity", "fire")])
    )
    assert (total.ap, total.hp, total.evade, total.die) == (230, 500, 23, 10)
    assert total.stats == {"agi": 23 + 23}
    assert total.elements == {"fire": "immune"}


# --------------------------------------------------------------------------- relics


@pytest.mark.parametrize(
    ("option", "cost"),
    [
        (Ab("elemental_resistance", "fire"), 2),
        (Ab("elemental_immunity", "fire"), 3),
        (Ab("elemental_absorption", "fire"), 6),
        (Ab("elemental_resistance_all"), 10),  # R24: the 10-point row covers all elements
        (Ab("stat_boost", {"str": 10}), 2),
        (Ab("stat_boost", {"str": 5, "agi": 10}), 3),
        (Ab("stat_boost", {"mag": 20}), 6),
        (Ab("stat_boost", {"vit": 25}), 10),
        (Ab("stat_boost", {"spr": 30}), 13),
        (Ab("stat_boost", {"str": 8, "mag": 8, "vit": 8, "spr": 8, "agi": 8}), 16),
        (Ab("stat_boost", {"str": 12}), None),  # not a row of the table
        (Ab("status_immunity_all"), 16),
        (Ab("elemental_boost", {"element": "fire", "dice": 1}), 4),
        (Ab("elemental_boost", {"element": "fire", "dice": 2}), 6),
        (Ab("critical_boost", 5), 4),
        (Ab("critical_boost", 10), 8),
        (Ab("critical_boost", 7), None),
        (Ab("move_boost", 1), 4),  # Decision: Map Combat house rule prices
        (Ab("move_boost", 2), 8),
        (Ab("jump_boost", 1), 2),
        (Ab("jump_boost", 2), 4),
    ],
)
def test_relic_option_costs(option: Ab, cost: int | None) -> None:
    assert eq.relic_option_cost(option) == cost


ONE_POINT = (
    "berserk blind charm confuse curse frog mini poison seal sleep slow stop stun venom zombie"
)


@pytest.mark.parametrize("status", ONE_POINT.split())
def test_relic_status_immunity_one_point(status: str) -> None:
    assert eq.relic_option_cost(Ab("status_immunity", [status])) == 1


@pytest.mark.parametrize(
    "status", ["death", "instant_death", "dsentence", "Death Sentence", "stone"]
)
def test_relic_status_immunity_two_points(status: str) -> None:
    assert eq.relic_option_cost(Ab("status_immunity", status)) == 2


def test_relic_status_immunity_pays_full_each() -> None:
    assert eq.relic_option_cost(Ab("status_immunity", ["poison", "stone", "Confusion"])) == 4


def test_relic_price_r24() -> None:
    # Ch. V example: a +10 Strength relic (2 points) costs 1000 G.
    points = eq.relic_points([Ab("stat_boost", {"str": 10})])
    assert points == 2
    assert eq.relic_price(points) == 1000
    assert eq.relic_price(8) == 4000
    assert eq.relic_price(16, artifact=True) is None


def test_relic_limits_constants_r24() -> None:
    assert (eq.RELIC_MAX_POINTS, eq.RELIC_TOTAL_POINTS, eq.RELIC_MAX_COUNT) == (8, 30, 8)
    assert (eq.ARTIFACT_RELIC_COUNT, eq.ARTIFACT_RELIC_MAX_POINTS) == (2, 16)


def test_relic_bonus() -> None:
    b = eq.relic_bonus(
        [
            Ab("elemental_resistance_all"),
            Ab("stat_boost", {"str": 10, "agi": 5}),
            Ab("status_immunity", ["poison"]),
            Ab("critical_boost", 10),
            Ab("move_boost", 1),
        ]
    )
    assert b.elements == dict.fromkeys(eq.ELEMENTS, "resist")
    assert len(b.elements) == 8
    assert b.stats == {"str": 10, "agi": 5}
    assert (b.critical, b.move, b.jump) == (-10, 1, 0)
    assert b.status_immunities == {"poison"}
    assert eq.relic_bonus([Ab("status_immunity_all")]).status_immunities == set(
        eq.RELIC_STATUS_IMMUNITY_COST
    )
    boost = eq.relic_bonus([Ab("elemental_boost", {"element": "ice", "dice": 2})])
    assert boost.elemental_boost == {"ice": 2}


# --------------------------------------------------------------------------- potions


def _load_potions() -> list[Potion]:
    path = Path(__file__).resolve().parents[2] / "content" / "core" / "potions.yaml"
    docs = YAML(typ="safe").load_all(path.read_text(encoding="utf-8"))
    return [Potion.model_validate(d) for d in docs]


def test_potions_match_book_table() -> None:
    potions = {p.name: p for p in _load_potions()}
    rows = _rows(POTION_TABLE)
    assert list(potions) == [r[0] for r in rows]
    for name, effect, price in rows:
        p = potions[name]
        assert p.price == _num(price), name
        if effect.startswith("Restores") and "life" not in effect:
            amount = effect.split()[1]
            expect = "all" if amount == "all" else int(amount)
            if "HP" in effect:
                assert p.hp == expect, name
            if "MP" in effect:
                assert p.mp == expect, name
        if effect.startswith("Cures '"):
            assert p.cures == [eq.canonical_status(effect.split("'")[1])], name
    assert potions["Phoenix Down"].revive_hp_percent == 10
    assert potions["Phoenix Pinion"].revive_hp_percent == 100
    assert potions["Remedy"].cures == ["all_negative"]


def test_potions_without_price_r25() -> None:
    unsold = {p.name for p in _load_potions() if p.price is None}
    assert unsold == {"X-Potion", "X-Ether", "Elixir", "Phoenix Pinion"}


# --------------------------------------------------------------------------- properties


@given(st.integers(1, 5), st.integers(1, 9))
def test_weapon_bonus_grows_with_level(points: int, level: int) -> None:
    assert eq.weapon_power_bonus(points, level + 1) > eq.weapon_power_bonus(points, level) or (
        points == 1 and level < 4
    )


@given(st.integers(1, 5), st.integers(1, 10))
def test_more_points_never_less_bonus(points: int, level: int) -> None:
    if points < 5:
        assert eq.weapon_power_bonus(points + 1, level) > eq.weapon_power_bonus(points, level)


@given(
    st.lists(
        st.sampled_from(
            [
                Ab("defense"),
                Ab("stat_bonus", "str"),
                Ab("elemental_resistance", "fire"),
                Ab("physical_weakness"),
                Ab("elemental_weakness", "ice"),
                Ab("status_immunity", ["stone"]),
            ]
        ),
        max_size=6,
    )
)
def test_piece_net_never_negative(abilities: list[Ab]) -> None:
    cost = eq.armor_piece_cost(abilities)
    assert 0 <= cost.net <= cost.gross
    assert cost.net == cost.gross - cost.credit


# --------------------------------------------------------------------------- pool usage


def test_pool_usage_summaries() -> None:
    from builder.rulesets.zodiac.models.equipment import ArmorSet, RelicSet, WeaponSet

    ws = WeaponSet.model_validate(
        {
            "kind": "weapon_set",
            "name": "Bows",
            "weapon_class": "bow",
            "physical_points": 3,
            "magical_points": 3,
            "long_range": True,
            "weapons": [
                {"level": 4, "name": "Longbow", "abilities": ["keen_edge"]},
                {"level": 10, "name": "Artemis", "abilities": ["drain"]},
            ],
        }
    )
    assert eq.weapon_pool_usage(ws.long_range, ws.weapons) == eq.PoolUsage(8, 2, 4, 3)
    arm = ArmorSet.model_validate(
        {
            "kind": "armor_set",
            "name": "Robes",
            "armor_type": "enhance",
            "pools": "swapped",
            "armors": [{"level": 6, "name": "Robe", "abilities": ["defense", "magical_weakness"]}],
            "guards": [{"level": 10, "name": "Aegis", "abilities": [{"stat_bonus": "spr"}]}],
        }
    )
    pools = eq.armor_pools(arm.pools)
    assert eq.armor_pool_usage(pools["armors"], arm.armors) == eq.PoolUsage(5, 0, 3, 0)
    assert eq.armor_pool_usage(pools["guards"], arm.guards) == eq.PoolUsage(10, 0, 5, 2)
    rs = RelicSet.model_validate(
        {
            "kind": "relic_set",
            "name": "R",
            "relics": [
                {"name": "A", "options": [{"stat_boost": {"str": 20}}]},
                {"name": "B", "artifact": True, "options": ["status_immunity_all"]},
            ],
        }
    )
    assert eq.relic_pool_usage(rs.relics) == eq.RelicUsage(6, 30, 1, 8, 1, 2)
