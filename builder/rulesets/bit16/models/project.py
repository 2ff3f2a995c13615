"""`house_rules:` of a 16 Bit Tactics project: the other reading of R47 and R48."""

from __future__ import annotations

from pydantic import Field

from builder.models.base import ZModel


class HouseRules(ZModel):
    """Switches a 16 Bit Tactics project sets in ``zodiac.yaml`` under ``house_rules:``
    (unknown switches are refused); each selects the other reading of one ruling."""

    crit_ignores_bands: bool = Field(
        False,
        title="A Crit ignores the bands",
        description=(
            "R47: a die's top face is a Crit (DMG doubles) that still meets EVA, 2DEF and DEF "
            "like any other roll. On: a Crit always deals the doubled DMG whole. Changes the "
            "outcome chances and mean_multiplier in `show`, sheets and cards."
        ),
    )
    free_ap: bool = Field(
        False,
        title="AP without XP",
        description=(
            "R48: the AP a character earned over all its jobs add up to no more than its XP "
            "(BT109). On: the Master hands out AP outside battles and BT109 is not checked."
        ),
    )


def settings(house: HouseRules | None = None) -> HouseRules:
    """What 16 Bit Tactics checks and views receive (``RuleSet.settings``): the project's
    house rules, or every switch off (R47, R48) outside a project."""
    return house if isinstance(house, HouseRules) else HouseRules()
