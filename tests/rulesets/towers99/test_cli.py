"""`zodiac show` contracts and `zodiac tool clock` for 99 Towers (issue 11)."""

from __future__ import annotations

from tests.conftest import REPO

EX = REPO / "content" / "examples" / "99-towers"


def test_tool_clock_initiative_15(zodiac):
    r = zodiac("tool", "clock", "--initiative", "15", "--format", "json")
    assert r.exit_code == 0
    assert r.json() == {"format_version": 1, "start_phase": 5, "phases": [5]}
    r = zodiac("tool", "clock", "--initiative", "15", "--surprised", "--format", "json")
    assert r.json() == {"format_version": 1, "start_phase": 15, "phases": [15]}


def test_tool_clock_after_actions(zodiac):
    r = zodiac(
        "tool", "clock", "-i", "15", "--surprised", "--after", "Shift Position",
        "--after", "shift+attack,oa", "--format", "json",
    )  # fmt: skip
    assert r.json() == {"format_version": 1, "start_phase": 15, "phases": [15, 18, 25, 28]}
    text = zodiac("tool", "clock", "-i", "25", "--after", "speak")
    assert "First acts in phase 0" in text.stdout
    assert "speak: phase 0 -> 0" in text.stdout


def test_tool_clock_refuses_what_the_chapter_forbids(zodiac):
    r = zodiac("tool", "clock", "-i", "15", "--after", "shift+forced-delay")
    assert r.exit_code == 2
    assert "Delay" in r.output
    r = zodiac("tool", "clock", "-i", "15", "--after", "hold")
    assert r.exit_code == 2 and "no fixed cost" in r.output
    r = zodiac("tool", "clock", "-i", "15", "--after", "dance")
    assert r.exit_code == 2 and "no action 'dance'" in r.output


def test_show_weapon_contract(zodiac):
    r = zodiac(
        "show", str(EX / "weapons/chapter.yaml"), "--name", "heavy-rifle", "--format", "json"
    )
    data = r.json()
    assert data["range_bands"] == [
        {"from": 0, "to": 12, "modifier": "none"},
        {"from": 13, "to": 24, "modifier": "shift-1"},
        {"from": 25, "to": 36, "modifier": "flip-1"},
        {"from": 37, "to": 48, "modifier": "shift-1 flip-1"},
    ]
    melee = zodiac("show", str(EX / "weapons/chapter.yaml"), "-n", "longblade", "-f", "json").json()
    assert melee["range_bands"] == []
    axe = zodiac("show", str(EX / "weapons/ours.yaml"), "-n", "throwing-axe", "-f", "json").json()
    assert axe["range_increment"] == 3  # thrown: 12 / 4
    assert axe["range_bands"][-1] == {"from": 10, "to": 12, "modifier": "shift-1 flip-1"}
    text = zodiac("show", str(EX / "weapons/ours.yaml"), "-n", "service-pistol")
    assert "9-16" in text.stdout and "33+" in text.stdout


def test_show_combatant_contract(zodiac):
    data = zodiac("show", str(EX / "combatants/tony.yaml"), "--format", "json").json()
    assert data["size_rank"] == 0
    assert data["dead_at"] == -4
    assert data["attacks"] == [
        {
            "weapon": "heavy-rifle",
            "stun_by_hearts": [7, 8, 9, 10],
            "lethal_by_hearts": [0, 1, 2, 3],
        },
        {"weapon": "shortblade", "stun_by_hearts": [4, 5, 6, 7], "lethal_by_hearts": [0, 1, 2, 3]},
    ]
    rev = zodiac("show", str(EX / "combatants/revenant.yaml"), "--format", "json").json()
    assert (rev["size_rank"], rev["dead_at"]) == (1, -8)
    jimmy = zodiac("show", str(EX / "combatants/jimmy.yaml"), "--format", "json").json()
    assert jimmy["dead_at"] == -6  # endurance 3 dies at -6
    assert jimmy["attacks"][0] == {
        "weapon": "longblade",
        "stun_by_hearts": [5, 6, 7, 8],  # 4 + PX 1 + Hearts
        "lethal_by_hearts": [0, 1, 2, 3],
    }
    states = {t["value"]: t["state"] for t in jimmy["lethal_track"]}
    assert states[7] == "healthy" and states[0] == "disabled"
    assert states[-5] == "dying" and states[-6] == "dead" and min(states) == -6
    text = zodiac("show", str(EX / "combatants/rusty.yaml"))
    assert "tony-wrongway-wright" in text.stdout
