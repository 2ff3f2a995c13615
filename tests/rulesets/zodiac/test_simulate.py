"""The encounter simulator (issue 17): its parts against Chapter VI, trivial fights,
determinism, and `zodiac encounter simulate`."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace

import pytest

from builder.rulesets.zodiac.rules import simulate as S
from builder.rulesets.zodiac.rules import speed as SP
from builder.rulesets.zodiac.rules.simulate import Fighter, Move, Tactics
from builder.rulesets.zodiac.views.equipment import hit_chance as view_hit_chance
from tests.conftest import EXAMPLE

CHARS = EXAMPLE / "characters"
NO_CRIT = 101  # a Critical no d100 reaches


def fighter(name: str, side: int, **kw) -> Fighter:
    base = dict(
        hp=10_000,
        mp=0,
        speed=10,
        accuracy=0,
        evade=0,
        critical=NO_CRIT,
        attack=Move("Hit", dice=0, die=6, bonus=10, roll=True, can_crit=True),
    )
    base.update(kw)
    return Fighter(name, side, **base)


def damage_done(attacker: Fighter, target: Fighter, swings: int, seed: int = 1) -> list[int]:
    """Each swing's damage: ``attacker`` strikes ``target`` once per battle, ``swings`` times
    (first-round SP 8 + 0 for the attacker only, so it acts exactly once)."""
    attacker = replace(attacker, speed=0)
    target = replace(target, speed=0, attack=Move("None", dice=0, bonus=0, roll=True))
    plan = S.prepare([attacker, target], max_rounds=1)
    rng = random.Random(seed)
    out = []
    for _ in range(swings):
        r = S.fight(plan, rng, first_rolls=[8, 1])
        out.append(target.hp - r.hp[1])
    return out


# --- Hit rolls: 1d100 + Accuracy > Evade; a natural 90+ always hits (Ch. VI) --------------


@pytest.mark.parametrize(
    ("accuracy", "evade", "chance"),
    [
        (8, 36, 72),  # roll + 8 > 36: rolls 29-100
        (0, 0, 100),  # every roll beats Evade 0
        (10, 10, 100),  # roll 1 + 10 = 11 > 10
        (10, 11, 99),  # roll 1 + 10 = 11 is not greater than 11
        (0, 89, 11),  # 90-100: the natural-90 rule and the roll agree
        (0, 88, 12),  # roll 89 + 0 > 88 too
        (5, 500, 11),  # no roll beats 500: only naturals 90-100 hit
        (-60, 40, 11),  # a short-range weapon against a flyer, far below: still 11%
    ],
)
def test_hit_chance_against_evade_with_the_natural_90_rule(accuracy, evade, chance):
    assert S.hit_chance(accuracy, evade) == chance
    assert view_hit_chance(accuracy, evade) == chance  # the character sheet agrees


def test_hit_chance_matches_counting_every_roll():
    for accuracy in range(-70, 120, 7):
        for evade in range(0, 200, 9):
            rolls = [r for r in range(1, 101) if r >= 90 or r + accuracy > evade]
            assert S.hit_chance(accuracy, evade) == len(rolls), (accuracy, evade)


@pytest.mark.parametrize(("evade", "expected"), [(36, 0.72), (500, 0.11)])
def test_the_engine_hits_as_often_as_the_rule_says(evade, expected):
    hits = damage_done(fighter("a", 0, accuracy=8), fighter("b", 1, evade=evade), 6000)
    rate = sum(1 for d in hits if d) / len(hits)
    assert abs(rate - expected) < 0.02


def test_a_flyer_costs_short_range_weapons_60_and_not_long_range_ones():
    target = fighter("bat", 1, evade=30, flying=True)
    sword = replace(fighter("x", 0).attack, long_range=False)
    short = damage_done(fighter("a", 0, accuracy=30, attack=sword), target, 4000)
    bow = fighter("b", 0, accuracy=30, attack=replace(sword, long_range=True))
    long = damage_done(bow, target, 4000)
    assert S.hit_chance(30 - 60, 30) == 40  # roll - 30 > 30: rolls 61-100
    assert abs(sum(1 for d in short if d) / 4000 - 0.40) < 0.02
    assert sum(1 for d in long if d) == 4000  # roll + 30 > 30 always


def test_concentrate_always_hits_with_its_normal_attack():
    sure = fighter("a", 0, accuracy=0, always_hits=True)
    assert all(damage_done(sure, fighter("b", 1, evade=999), 300))


# --- Damage: (dice x 10) + AP, criticals, affinities (Ch. VI) ------------------------------


def test_the_books_long_sword_deals_35_to_105():
    """AP 25, one Strength Die, a d8 Long Sword: (1d8 x 10) + 25 = 35-105 (Ch. VI)."""
    sword = Move("Long Sword", dice=1, die=8, bonus=25, roll=True, can_crit=True)
    assert sword.low_high() == (35, 105)
    hits = damage_done(fighter("a", 0, attack=sword), fighter("b", 1), 2000)
    assert set(hits) == {35, 45, 55, 65, 75, 85, 95, 105}


def test_a_characters_weapon_attack_is_the_one_its_sheet_prints(zodiac):
    """Amos's Keen Blade: 1d8 x 10 + 98 = 108-178, as `character show` prints it."""
    from builder.rulesets.zodiac.views.simulate import character_fighter
    from builder.workspace import open_workspace

    ws = open_workspace([CHARS / "amos.yaml"])
    built = character_fighter(ws, ws.entities_in(CHARS / "amos.yaml")[0])
    shown = zodiac("character", "show", str(CHARS / "amos.yaml"), "-f", "json").json()
    attack = shown["attacks"][0]
    assert built.fighter.attack.low_high() == (attack["min"], attack["max"]) == (108, 178)
    d = shown["derived"]
    f = built.fighter
    assert (f.hp, f.mp, f.speed, f.evade, f.accuracy, f.critical) == (
        d["hp"], d["mp"], d["speed"], d["evade"], d["accuracy"], d["critical"]
    )  # fmt: skip


def test_a_critical_doubles_and_concentrates_triples():
    """Diff's 200 becomes 400 on a critical (Ch. VI); Concentrate makes it TRIPLE (Ch. IV)."""
    flat = Move("Biffcalibur", dice=0, bonus=200, roll=True, can_crit=True)
    crits = damage_done(fighter("a", 0, attack=flat, critical=1), fighter("b", 1), 50)
    assert set(crits) == {400}
    triple = fighter("a", 0, attack=flat, critical=1, crit_multiplier=3, always_hits=True)
    assert set(damage_done(triple, fighter("b", 1), 50)) == {600}
    # A natural roll below Critical is a normal hit: Critical 95 -> 6% of hits double.
    some = damage_done(fighter("a", 0, attack=flat, critical=95), fighter("b", 1), 5000)
    assert abs(Counter(some)[400] / 5000 - 0.06) < 0.015


@pytest.mark.parametrize(
    ("affinity", "change"),
    [
        (None, -700),
        ("resist", -350),  # the book's Meltdown against Fire Resistance: 700 -> 350
        ("weak", -1400),
        ("immune", 0),
        ("lesser_absorb", 350),  # regains half the damage rolled
        ("absorb", 700),  # regains all of it
    ],
)
def test_elemental_affinities(affinity, change):
    """A plain blow of 2,000 first (more SP), then Meltdown's 700 fire damage (Ch. VI)."""
    blow = fighter("a", 0, speed=0, attack=Move("Blow", dice=0, bonus=2000))
    meltdown = Move("Meltdown", dice=0, bonus=700, physical=False, element="fire")
    merlin = fighter("merlin", 0, speed=0, attack=meltdown)
    target = fighter("b", 1, speed=0, affinities={"fire": affinity} if affinity else {})
    plan = S.prepare([blow, merlin, target], max_rounds=1)
    log: list = []
    r = S.fight(plan, random.Random(1), first_rolls=[9, 8, 0], log=log)
    assert [who for _, _, who, _ in log] == ["a", "merlin"]
    assert r.hp[2] == target.hp - 2000 + change


def test_armor_weakness_and_unusual_defense_scale_damage_by_type():
    blow = Move("Club", dice=0, bonus=100, roll=True)
    assert damage_done(
        fighter("a", 0, attack=blow, accuracy=200), fighter("b", 1, physical_pct=125), 1
    ) == [125]
    assert damage_done(
        fighter("a", 0, attack=blow, accuracy=200), fighter("b", 1, physical_pct=50), 1
    ) == [50]
    spell = Move("Fire", dice=0, bonus=100, physical=False)
    assert damage_done(fighter("a", 0, attack=spell), fighter("b", 1, magical_pct=200), 1) == [200]


def test_the_damage_cap_limits_a_blow():
    big = Move("Ultima", dice=0, bonus=5000, physical=False)
    attacker, target = fighter("a", 0, attack=big, speed=0), fighter("b", 1, speed=0)
    plan = S.prepare([attacker, target], cap=999, max_rounds=1)
    r = S.fight(plan, random.Random(1), first_rolls=[8, 1])
    assert target.hp - r.hp[1] == 999


# --- Techs: dice, MP and healing from the project's own numbers (Ch. II) -----------------


def test_diffs_biff_is_5d12_x_10_plus_1000():
    """Ch. II: Biff, TL 6 Strong, 2 Strength Dice, a d10 weapon, AP 400: 5d12 x 10 + 1000."""
    from builder.rulesets.zodiac.models.tech import Tech
    from builder.rulesets.zodiac.rules.ruleset import DEFAULT
    from builder.rulesets.zodiac.views.simulate import tech_move
    from builder.rulesets.zodiac.views.techs import Wielder

    biff = Tech(
        kind="tech", name="Biff", tech_level=6, power_level="strong", primary="power_attack"
    )
    w = Wielder("Diff", mag=10, str_dice=2, mag_dice=1, ap=400, map=20, die=10, magic_die=8,
                magic_accuracy=0)  # fmt: skip
    m = tech_move(biff, w, DEFAULT, mp=41)
    assert (m.dice, m.die, m.multiplier, m.bonus, m.mp) == (5, 12, 10, 1000, 41)
    assert m.low_high() == (1050, 1600)
    assert 38 * m.multiplier + m.bonus == 1380  # the book's roll of 38
    assert not m.roll and not m.can_crit  # Power Attacks always succeed (Ch. II)


@pytest.mark.parametrize("name", ["amos", "rook", "quina", "mira", "garland"])
def test_every_tech_move_matches_the_tech_view(name):
    """The simulator's dice give the range `character show` prints for each Tech."""
    from builder.rulesets.zodiac.views.character import full_character_view
    from builder.rulesets.zodiac.views.simulate import character_fighter
    from builder.workspace import open_workspace

    path = CHARS / f"{name}.yaml"
    ws = open_workspace([path])
    entity = ws.entities_in(path)[0]
    view = full_character_view(ws, entity)
    built = character_fighter(ws, entity)
    rows = {row["name"]: row for row in view.techs}
    for move in built.fighter.techs:
        row = rows[move.name]
        assert move.mp == row["mp_cost"]
        if row.get("damage"):
            assert move.low_high() == (row["damage"]["min"], row["damage"]["max"])


def test_a_healer_heals_the_hurt_ally_and_pays_mp():
    cure = Move("Cure", kind="heal", bonus=60, mp=6)
    healer = fighter("healer", 0, mp=12, techs=(cure,), speed=8)
    brute = fighter(
        "brute", 1, speed=8, always_hits=True, attack=Move("Club", dice=0, bonus=300, roll=True)
    )
    plan = S.prepare(
        [replace(healer, hp=1000), brute],
        (Tactics(heal_below=100, target="random"), Tactics(heal_below=0)),
        max_rounds=3,
    )
    log: list = []
    r = S.fight(plan, random.Random(2), first_rolls=[1, 1], log=log)
    moves = [m for _, _, who, m in log if who == "healer"]
    assert moves[:2] == ["Hit", "Cure"] or moves[0] == "Cure"
    assert moves.count("Cure") == 2 and r.mp[0] == 0  # 12 MP: two Cures, then no more


def test_damage_techs_spend_mp_only_when_they_promise_more():
    fire = Move("Fire", kind="damage", dice=0, bonus=500, physical=False, element="fire", mp=5)
    mage = fighter("mage", 0, mp=10, techs=(fire,), speed=8)
    bomb = fighter("bomb", 1, affinities={"fire": "immune"}, speed=0)
    log: list = []
    S.fight(S.prepare([mage, bomb], max_rounds=2), random.Random(1), first_rolls=[0, 0], log=log)
    assert {m for *_, m in log} == {"Hit"}  # fire against a fire-immune foe: not worth it
    log.clear()
    r = S.fight(
        S.prepare([mage, replace(bomb, affinities={})], max_rounds=2),
        random.Random(1),
        first_rolls=[0, 0],
        log=log,
    )
    assert [m for *_, m in log] == ["Fire", "Fire"] and r.mp[0] == 0


# --- Speed Points: the Keef-and-ogre example (Ch. VI Combat Sequence) ---------------------


def test_keef_and_the_ogre_act_in_the_books_order():
    """Keef (Speed 20) rolls 3, the ogre (11) rolls 1: 23 and 12 SP; Keef, ogre, Keef;
    next round 27 and 15: Keef, ogre, Keef, Keef."""
    keef = fighter("Keef", 0, speed=20)
    ogre = fighter("ogre", 1, speed=11)
    log: list = []
    S.fight(S.prepare([keef, ogre], max_rounds=2), random.Random(1), first_rolls=[3, 1], log=log)
    assert [(rnd, tick, who) for rnd, tick, who, _ in log] == [
        (1, 1, "Keef"), (1, 1, "ogre"), (1, 2, "Keef"),
        (2, 1, "Keef"), (2, 1, "ogre"), (2, 2, "Keef"), (2, 3, "Keef"),
    ]  # fmt: skip
    # The same order as rules/speed.py plays it, tick by tick.
    ticks, left = SP.play_round([SP.Combatant("Keef", 20, 23), SP.Combatant("ogre", 11, 12)])
    first = [(1, t.number, name) for t in ticks for group in t.turns for name in group]
    assert first == [(r, t, w) for r, t, w, _ in log if r == 1]
    ticks, _ = SP.play_round(SP.next_round(left))
    second = [(2, t.number, name) for t in ticks for group in t.turns for name in group]
    assert second == [(r, t, w) for r, t, w, _ in log if r == 2]


def test_the_engine_orders_turns_as_rules_speed_does():
    """Random rounds without a fall: the same ticks, groups and order as ``play_round``."""
    rng = random.Random(5)
    for _ in range(300):
        fs = [fighter(f"f{i}", i % 2, speed=rng.randint(0, 30)) for i in range(rng.randint(2, 6))]
        rolls = [rng.randint(1, 8) for _ in fs]
        log: list = []
        S.fight(S.prepare(fs, max_rounds=1), random.Random(1), first_rolls=rolls, log=log)
        ticks, _ = SP.play_round(
            [SP.Combatant(f.name, f.speed, f.speed + r) for f, r in zip(fs, rolls, strict=True)]
        )
        groups = [(t.number, sorted(g)) for t in ticks for g in t.turns]
        acted = [(tick, who) for _, tick, who, _ in log]
        got, at = [], 0
        for _tick, names in groups:  # cut the engine's turns into the same groups
            chunk = acted[at : at + len(names)]
            at += len(names)
            got.append((chunk[0][0], sorted(w for _, w in chunk)))
        assert at == len(acted) and got == groups


def test_simultaneous_turns_both_take_effect():
    """Equal SP and equal Speed: both act, so both can fall (Ch. VI)."""
    axe = Move("Axe", dice=0, bonus=100, roll=True)
    a = fighter("a", 0, hp=50, attack=axe, accuracy=500, speed=10)
    b = fighter("b", 1, hp=50, attack=axe, accuracy=500, speed=10)
    r = S.fight(S.prepare([a, b]), random.Random(1), first_rolls=[4, 4])
    assert r.outcome == S.BOTH and r.hp == [0, 0]
    r = S.fight(S.prepare([a, replace(b, speed=9)]), random.Random(1), first_rolls=[4, 5])
    assert r.outcome == S.PARTY and r.hp == [50, 0]  # same SP, higher Speed goes first


# --- Whole fights ---------------------------------------------------------------------------


def test_an_overwhelming_party_always_wins():
    hero = fighter(
        "hero", 0, accuracy=500, attack=Move("Sword", dice=1, die=8, bonus=999, roll=True)
    )
    goblins = [fighter(f"g{i}", 1, hp=50, attack=Move("Jab", dice=1, die=4, bonus=1, roll=True))
               for i in range(3)]  # fmt: skip
    tally = S.simulate(S.prepare([hero, *goblins]), 500, seed=1)
    assert tally.outcomes[S.PARTY] == 500
    assert tally.fell[0] == 0 and tally.fell[1:] == [500, 500, 500]


def test_a_party_that_cannot_hurt_loses():
    weak = fighter(
        "weak", 0, hp=100, accuracy=-999, attack=Move("Twig", dice=0, bonus=1, roll=True)
    )
    ogre = fighter(
        "ogre", 1, hp=5000, accuracy=50, attack=Move("Club", dice=2, die=10, bonus=80, roll=True)
    )
    tally = S.simulate(S.prepare([weak, ogre]), 300, seed=1)
    assert tally.outcomes[S.FOES] == 300


def test_the_example_heroes_beat_goblins_and_a_novice_falls_to_an_ogre(zodiac):
    won = zodiac(
        "encounter", "simulate", "--party", str(CHARS / "amos.yaml"), str(CHARS / "garland.yaml"),
        "--vs", "goblin:3", "--project", str(EXAMPLE), "--runs", "300", "--seed", "4",
        "-f", "json",
    ).json()  # fmt: skip
    assert won["win_rate"] == 1.0
    lost = zodiac(
        "encounter", "simulate", "--party", str(CHARS / "mira.yaml"), "--vs", "ogre",
        "--project", str(EXAMPLE), "--runs", "300", "--seed", "4", "-f", "json",
    ).json()  # fmt: skip
    assert lost["win_rate"] == 0.0 and lost["fighters"][0]["fell_rate"] == 1.0


# --- Determinism --------------------------------------------------------------------------


def _plan() -> S.Plan:
    party = [fighter(f"p{i}", 0, hp=300, accuracy=20, evade=30, speed=8 + i,
                     attack=Move("Sword", dice=1, die=8, bonus=60, roll=True, can_crit=True),
                     critical=90) for i in range(4)]  # fmt: skip
    foes = [fighter(f"m{i}", 1, hp=400, accuracy=15, evade=20, speed=10,
                    attack=Move("Claw", dice=2, die=6, bonus=40, roll=True, can_crit=True),
                    critical=95) for i in range(4)]  # fmt: skip
    return S.prepare([*party, *foes])


def test_the_same_seed_gives_the_same_numbers_with_any_worker_count():
    plan = _plan()
    one = S.simulate(plan, 1200, seed=42, workers=1)
    two = S.simulate(plan, 1200, seed=42, workers=2)
    assert one == two
    assert S.simulate(plan, 1200, seed=43) != one


def test_chunk_seeds_depend_only_on_the_seed_and_runs():
    assert S.chunk_seeds(7, 1200) == S.chunk_seeds(7, 1200)
    assert [n for _, n in S.chunk_seeds(7, 1200)] == [500, 500, 200]


def test_percentiles_by_nearest_rank():
    counts = Counter({1: 10, 2: 60, 3: 20, 4: 10})
    assert S.percentile(counts, 0.1) == 1
    assert S.percentile(counts, 0.5) == 2
    assert S.percentile(counts, 0.9) == 3
    assert S.percentile(counts, 0.91) == 4


# --- Tactics -------------------------------------------------------------------------------


def test_tactics_are_read_from_words():
    t = S.parse_tactics("focus-weakest,heal-below:40,attack-only,save-mp:20")
    assert t == Tactics("focus-weakest", 40, False, 20)
    assert S.parse_tactics("FOCUS_STRONGEST").target == "focus-strongest"
    assert S.parse_tactics(t.text) == t
    for bad in ("sneaky", "heal-below:x", "heal-below:150", "random:3"):
        with pytest.raises(S.TacticsError):
            S.parse_tactics(bad)


def test_focus_weakest_picks_the_foe_lowest_in_hp():
    sword = Move("Sword", dice=0, bonus=10, roll=True)
    hero = fighter("hero", 0, attack=sword, accuracy=500, speed=8)
    foes = [fighter("big", 1, hp=900, speed=0), fighter("small", 1, hp=100, speed=0)]
    plan = S.prepare([hero, *foes], (Tactics("focus-weakest", 0), Tactics()), max_rounds=5)
    r = S.fight(plan, random.Random(3), first_rolls=[0, 0, 0])
    assert r.hp[1] == 900 and r.hp[2] == 50


# --- The command line ----------------------------------------------------------------------


def _sim(zodiac, *args: str):
    return zodiac("encounter", "simulate", "--project", str(EXAMPLE), *args)


def test_cli_json_keys_and_numbers(zodiac):
    r = _sim(zodiac, "--party", str(CHARS / "amos.yaml"), str(CHARS / "rook.yaml"),
             "--vs", "goblin:3", "ogre", "--runs", "200", "--seed", "9", "-f", "json")  # fmt: skip
    assert r.exit_code == 0, r.output
    data = r.json()
    assert list(data) == [
        "format_version", "runs", "seed", "tactics", "max_rounds", "win_rate", "outcomes",
        "rounds", "histogram", "fighters", "not_modelled", "left_out",
    ]  # fmt: skip
    assert data["runs"] == 200 and data["seed"] == 9
    assert sum(data["outcomes"].values()) == 200
    assert set(data["rounds"]) >= {"median", "p10", "p90", "mean"}
    assert data["rounds"]["p10"] <= data["rounds"]["median"] <= data["rounds"]["p90"]
    assert sum(sum(v for k, v in row.items() if k != "rounds") for row in data["histogram"]) == 200
    names = [f["name"] for f in data["fighters"]]
    assert names == ["Amos the Valiant", "Rook Gallant", "Goblin 1", "Goblin 2", "Goblin 3", "Ogre"]
    assert set(data["fighters"][0]) >= {"hp", "mp", "hp_left_mean", "mp_left_mean", "fell_rate"}
    again = _sim(zodiac, "--party", str(CHARS / "amos.yaml"), str(CHARS / "rook.yaml"),
                 "--vs", "goblin:3", "ogre", "--runs", "200", "--seed", "9", "-f", "json",
                 "--jobs", "1")  # fmt: skip
    assert again.json() == data  # deterministic, whatever the job count


def test_cli_text_report_and_svg_plot(zodiac, tmp_path):
    out = tmp_path / "fight.svg"
    r = _sim(zodiac, "-p", str(CHARS / "amos.yaml"), "--vs", "goblin:2", "--runs", "100",
             "--seed", "1", "--plot", str(out))  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "Party wins" in r.output and "Rounds: median" in r.output and "Goblin 2" in r.output
    svg = ET.parse(out).getroot()
    assert svg.tag.endswith("svg")
    bars = [e for e in svg.iter() if e.tag.endswith("rect") and e.get("fill") == "#3b7dd8"]
    assert bars  # party-win bars


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "goblin"], "--party needs at least one character file"),
        (["-p", str(CHARS / "amos.yaml")], "--vs needs at least one monster"),
        (["-p", str(CHARS / "amos.yaml"), "--vs", "gobln"], "did you mean 'goblin'"),
        (["-p", str(CHARS / "amos.yaml"), "--vs", "goblin:0"], "must be at least 1"),
        (["-p", str(CHARS / "amos.yaml"), "--vs", "goblin:two"], "whole number"),
        (["-p", "nope.yaml", "--vs", "goblin"], "no such file"),
        (
            ["-p", str(CHARS / "amos.yaml"), "--vs", "goblin", "--tactics", "party=sneaky"],
            "unknown tactic",
        ),
        (
            ["-p", str(CHARS / "amos.yaml"), "--vs", "goblin", "--tactics", "everyone=random"],
            "SIDE=WORDS",
        ),
        (["-p", str(CHARS / "amos.yaml"), "--vs", "goblin", "--plot", "x.png"], "SVG"),
        (["-p", str(EXAMPLE / "monsters" / "ogre.yaml"), "--vs", "goblin"], "kind: character"),
    ],
)
def test_cli_usage_errors(zodiac, args, message):
    r = _sim(zodiac, *args, "--runs", "10")
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_a_greedy_flag_without_a_value_is_a_usage_error(zodiac):
    r = _sim(zodiac, "--vs", "goblin", "--party")
    assert r.exit_code == 2 and "--party" in r.output
