"""A monster card whose text does not fit continues on a back card (issue #27).

The Crystal Hydra's front has no room for Tidal Crush and the Lich's for its description;
the deck used to say "more: see bestiary". Now the view splits the text (the template only
prints what it was given) and the deck stands without the book.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from builder.build import plan, run
from builder.rulesets.zodiac.views.bestiary import monster_cards_context
from builder.workspace import open_workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "examples" / "zodiac"


def _faces() -> list[dict]:
    ws = open_workspace([EXAMPLE])
    entities = [e for e in ws.content.entities if e.kind == "monster"]
    return monster_cards_context(ws, entities)["faces"]


def test_the_view_puts_what_the_front_cannot_hold_on_a_back() -> None:
    faces = _faces()
    names = [(f["monster"]["name"], f["back"] is not None) for f in faces]
    hydra = names.index(("Crystal Hydra", False))
    assert names[hydra + 1] == ("Crystal Hydra", True)  # the back follows its front
    front = faces[hydra]["monster"]["fit"]
    back = faces[hydra + 1]["back"]
    assert [t["name"] for t in front["techs"]] == ["Monster Breath"]
    assert [t["name"] for t in back["techs"]] == ["Tidal Crush"]  # the Tech the front lost
    assert back["description"].startswith("A many-headed serpent")
    assert (back["side"], back["of"]) == (2, 2)
    lich = names.index(("Lich", False))
    assert names[lich + 1] == ("Lich", True)
    assert faces[lich + 1]["back"]["description"].startswith("A sorcerer who traded death")
    # a monster that fits has no back
    assert ("Goblin", True) not in names and ("Goblin", False) in names


def test_every_row_of_a_monster_is_printed_once_front_or_back() -> None:
    for face in _faces():
        m = face["monster"]
        if face["back"] is not None:
            continue
        printed = [t["name"] for t in m["fit"]["techs"]]
        printed += [t["name"] for b in m["fit"]["backs"] for t in b["techs"]]
        assert printed == [t["name"] for t in m["techs"]], m["name"]


def test_the_deck_prints_the_backs_and_never_sends_a_player_to_the_bestiary(tmp_path) -> None:
    ws = open_workspace([EXAMPLE])
    jobs = plan(ws, ws.config, tmp_path, only="monster-cards.pdf")
    (built,) = list(run(ws, jobs))
    text = "\n".join(page.extract_text() for page in PdfReader(built.path).pages)
    assert "see bestiary" not in text
    assert "Tidal Crush" in text and "A sorcerer who traded death" in text
    assert text.count("continued on the back") == 2
    assert text.count("BACK") == 2  # the Lich's and the Crystal Hydra's backs, marked
