"""The words of a review: a decision's label by the equity it lost, GNU
Backgammon's rating of an error rate and its rating of a player's luck
(see :mod:`engine.analysis`)."""

from __future__ import annotations

from enum import Enum

#: (equity lost from, label) from the worst down
THRESHOLDS = ((0.16, "very bad"), (0.08, "bad"), (0.04, "doubtful"))


class Label(str, Enum):
    """How bad a decision was."""

    NONE = "none"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"


class Rating(str, Enum):
    """GNU Backgammon's rating of a player's error rate per decision."""

    SUPERNATURAL = "supernatural"
    WORLD_CLASS = "world class"
    EXPERT = "expert"
    ADVANCED = "advanced"
    INTERMEDIATE = "intermediate"
    CASUAL = "casual player"
    BEGINNER = "beginner"
    AWFUL = "awful"


#: (error rate per decision in millipoints below which, rating), from the best down (GNU Backgammon's scale)
RATINGS = ((2.0, Rating.SUPERNATURAL), (5.0, Rating.WORLD_CLASS), (8.0, Rating.EXPERT), (12.0, Rating.ADVANCED),
           (18.0, Rating.INTERMEDIATE), (26.0, Rating.CASUAL), (35.0, Rating.BEGINNER))


def rating_for(error_rate: float) -> Rating:
    """The rating of an error rate per decision in millipoints (mEMG).

    >>> [rating_for(x).value for x in (0.0, 2.0, 4.9, 7.9, 11.9, 17.9, 25.9, 34.9, 35.0, 203.0)]
    ['supernatural', 'world class', 'world class', 'expert', 'advanced', 'intermediate', 'casual player', 'beginner', 'awful', 'awful']
    """
    for bound, rating in RATINGS:
        if error_rate < bound:
            return rating
    return Rating.AWFUL


class LuckRating(str, Enum):
    """GNU Backgammon's rating of a player's luck."""

    GO_TO_BED = "go to bed"
    BAD_DICE = "bad dice"
    NONE = "none"
    GOOD_DICE = "good dice"
    LAS_VEGAS = "go to las vegas"


#: luck per move (equity) beyond which the dice were bad or very bad (negated)
#: and good or very good.  GNU Backgammon (analysis.c, ``getLuckRating``)
#: rates the luck per move times 10 against its luck levels 0.3 and 0.6
#: (``arLuckLevel``): "Go to bed" below -0.06 a move, "Bad dice, man!" below
#: -0.03, "Good dice, man!" above 0.03, "Go to Las Vegas" above 0.06.
LUCK_LEVELS = (0.03, 0.06)


def luck_rating_for(luck_per_move: float) -> LuckRating:
    """GNU Backgammon's luck rating of the luck per move (in equity).

    >>> [luck_rating_for(x).value for x in (-0.07, -0.04, -0.03, 0.0, 0.03, 0.031, 0.061)]
    ['go to bed', 'bad dice', 'none', 'none', 'none', 'good dice', 'go to las vegas']
    """
    good, very = LUCK_LEVELS
    if luck_per_move > very:
        return LuckRating.LAS_VEGAS
    if luck_per_move > good:
        return LuckRating.GOOD_DICE
    if luck_per_move < -very:
        return LuckRating.GO_TO_BED
    if luck_per_move < -good:
        return LuckRating.BAD_DICE
    return LuckRating.NONE


def label_for(loss: float) -> Label:
    """The label of a loss in equity.

    >>> [label_for(x).value for x in (0.0, 0.05, 0.1, 0.3)]
    ['none', 'doubtful', 'bad', 'very bad']
    """
    for threshold, name in THRESHOLDS:
        if loss >= threshold:
            return Label(name)
    return Label.NONE
