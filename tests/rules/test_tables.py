"""The book's character tables, cell by cell (Appendix III, Appendix IV, Ch. II)."""

import pytest

from builder.rulesets.zodiac.rules.character import (
    level_for_xp,
    tech_points,
    tech_points_from_levels,
    tech_points_from_magic,
    xp_for_level,
)

# Appendix III: Complete Level Advancement Chart, transcribed from the book.
BOOK_XP = {
    1: 0,
    2: 50,
    3: 200,
    4: 450,
    5: 800,
    6: 1250,
    7: 1800,
    8: 2450,
    9: 3200,
    10: 4050,
    11: 5000,
    12: 6050,
    13: 7200,
    14: 8450,
    15: 9800,
    16: 11250,
    17: 12800,
    18: 14450,
    19: 16200,
    20: 18050,
    21: 20000,
    22: 22050,
    23: 24200,
    24: 26450,
    25: 28800,
    26: 31250,
    27: 33800,
    28: 36450,
    29: 39200,
    30: 42050,
    31: 45000,
    32: 48050,
    33: 51200,
    34: 54450,
    35: 57800,
    36: 61250,
    37: 64800,
    38: 68450,
    39: 72200,
    40: 76050,
    41: 80000,
    42: 84050,
    43: 88200,
    44: 92450,
    45: 96800,
    46: 101250,
    47: 105800,
    48: 110450,
    49: 115200,
    50: 120050,
    51: 125000,
    52: 130050,
    53: 135200,
    54: 140450,
    55: 145800,
    56: 151250,
    57: 156800,
    58: 162450,
    59: 168200,
    60: 174050,
    61: 180000,
    62: 186050,
    63: 192200,
    64: 198450,
    65: 204800,
    66: 211250,
    67: 217800,
    68: 224450,
    69: 231200,
    70: 238050,
    71: 245000,
    72: 252050,
    73: 259200,
    74: 266450,
    75: 273800,
    76: 281250,
    77: 288800,
    78: 296450,
    79: 304200,
    80: 312050,
    81: 320000,
    82: 328050,
    83: 336200,
    84: 344450,
    85: 352800,
    86: 361250,
    87: 369800,
    88: 378450,
    89: 387200,
    90: 396050,
    91: 405000,
    92: 414050,
    93: 423200,
    94: 432450,
    95: 441800,
    96: 451250,
    97: 460800,
    98: 470450,
    99: 480200,
}

# Appendix IV: Total Tech Points Acquired (levels only), transcribed from the book.
BOOK_TOTAL_TP = {
    1: 12,
    2: 14,
    3: 16,
    4: 18,
    5: 20,
    6: 22,
    7: 24,
    8: 26,
    9: 28,
    10: 30,
    11: 34,
    12: 38,
    13: 42,
    14: 46,
    15: 50,
    16: 54,
    17: 58,
    18: 62,
    19: 66,
    20: 70,
    21: 76,
    22: 82,
    23: 88,
    24: 94,
    25: 100,
    26: 106,
    27: 112,
    28: 118,
    29: 124,
    30: 130,
    31: 140,
    32: 150,
    33: 160,
    34: 170,
    35: 180,
    36: 190,
    37: 200,
    38: 210,
    39: 220,
    40: 230,
    41: 250,
    42: 270,
    43: 290,
    44: 310,
    45: 330,
    46: 350,
    47: 370,
    48: 390,
    49: 410,
    50: 430,
    51: 460,
    52: 490,
    53: 520,
    54: 550,
    55: 580,
    56: 610,
    57: 640,
    58: 670,
    59: 700,
    60: 730,
    61: 740,
    62: 750,
    63: 760,
    64: 770,
    65: 780,
    66: 790,
    67: 800,
    68: 810,
    69: 820,
    70: 830,
    71: 840,
    72: 850,
    73: 860,
    74: 870,
    75: 880,
    76: 890,
    77: 900,
    78: 910,
    79: 920,
    80: 930,
    81: 940,
    82: 950,
    83: 960,
    84: 970,
    85: 980,
    86: 990,
    87: 1000,
    88: 1010,
    89: 1020,
    90: 1030,
    91: 1040,
    92: 1050,
    93: 1060,
    94: 1070,
    95: 1080,
    96: 1090,
    97: 1100,
    98: 1110,
    99: 1120,
}


def test_appendix_iii_every_level():
    assert len(BOOK_XP) == 99
    assert {lvl: xp_for_level(lvl) for lvl in range(1, 100)} == BOOK_XP


@pytest.mark.parametrize("level", range(1, 100))
def test_level_for_xp_at_and_just_below_each_threshold(level):
    assert level_for_xp(BOOK_XP[level]) == level
    if level > 1:
        assert level_for_xp(BOOK_XP[level] - 1) == level - 1


def test_xp_beyond_99_stays_99():
    assert level_for_xp(10_000_000) == 99


def test_appendix_iv_every_level():
    assert len(BOOK_TOTAL_TP) == 99
    assert {lvl: tech_points_from_levels(lvl) for lvl in range(1, 100)} == BOOK_TOTAL_TP


# Ch. II "Magic stat achieved" table and Appendix IV's "If your Magic is..." rows.
@pytest.mark.parametrize(
    ("magic", "expected"),
    [
        (1, 1),
        (8, 8),
        (9, 9),
        (10, 10),
        (11, 12),  # 10 + 2 x 1
        (20, 30),  # 10 + 2 x 10
        (21, 33),  # 30 + 3 x 1
        (30, 60),
        (31, 64),  # 60 + 4 x 1
        (40, 100),
        (41, 106),  # 100 + 6 x 1
        (50, 160),
        (250, 100 + 6 * 210),
    ],
)
def test_magic_tech_points_table(magic, expected):
    assert tech_points_from_magic(magic) == expected


@pytest.mark.parametrize("magic", range(1, 120))
def test_magic_table_matches_appendix_iv_closed_form(magic):
    """Appendix IV's 'do this' rows, written out as the book gives them."""
    if magic <= 10:
        expected = magic
    elif magic <= 20:
        expected = 10 + 2 * (magic - 10)
    elif magic <= 30:
        expected = 30 + 3 * (magic - 20)
    elif magic <= 40:
        expected = 60 + 4 * (magic - 30)
    else:
        expected = 100 + 6 * (magic - 40)
    assert tech_points_from_magic(magic) == expected


def test_each_magic_point_gain_matches_chapter_ii_example():
    """'from 8 to 9 you gain 1; from 9 to 10 two' - the book says 2 for reaching 10.

    The Ch. II table says 1-10 gives +1, and Appendix IV says add MAG for 1-10; the
    sentence's 'two' disagrees with both tables, so the tables win (R3).
    """
    assert tech_points_from_magic(9) - tech_points_from_magic(8) == 1
    assert tech_points_from_magic(10) - tech_points_from_magic(9) == 1  # R3 errata
    assert tech_points_from_magic(11) - tech_points_from_magic(10) == 2


def test_worked_example_level_3_magic_8_has_24_tech_points():
    assert tech_points(3, 8) == 24


def test_r3_errata_beginning_character_with_magic_11():
    """The book says '13 extra ... in addition to the ten'; the tables give 12 + 12 (R3)."""
    assert tech_points_from_magic(11) == 12
    assert tech_points_from_levels(1) == 12
    assert tech_points(1, 11) == 24
