"""The review's deeper judge (issue 36): analyse_match at 1 and 2 ply, the
computer's own plays graded by a deeper look, checker play and cube errors
apart, luck with GNU Backgammon's rating word, match-winning chances."""

import pytest

from engine import FixedDice, Match, SeededDice, from_mat, get_bot
from engine.ai import met
from engine.analysis import (
    LUCK_LEVELS, Kind, Label, LuckRating, PlayerSummary, analyse_match, iter_decisions, luck_rating_for, summarise,
)
from engine.errors import ArgumentTypeError, InvalidArgumentError
from engine.match import set_up_game
from support import ROOT, board

GOLDEN = (ROOT / "tests" / "data" / "golden_3pt.mat").read_text()
# a race: 66 pips against 81 (double, and the other should pass)
DOUBLE_PASS = board({6: 3, 5: 4, 4: 4, 3: 4}, {7: 2, 6: 5, 5: 5, 4: 3})


@pytest.mark.parametrize("ply", [0, 3, -1])
def test_a_depth_other_than_1_or_2_is_the_engines_error(ply):
    m = Match(dice=FixedDice([3, 1]))
    m.game.roll()
    m.game.play_text("8/5 6/5")
    with pytest.raises(InvalidArgumentError) as raised:
        analyse_match(m, ply=ply)
    assert isinstance(raised.value, ValueError)
    with pytest.raises(InvalidArgumentError):
        iter_decisions(m, ply)  # at once, not when the first decision is asked for
    with pytest.raises(ArgumentTypeError):
        analyse_match(m, ply="2")


def test_a_bad_play_is_bad_at_2_ply_too():
    m = Match(dice=FixedDice([3, 1, 6, 4]))
    m.game.roll()
    m.game.play_text("24/21 24/23")  # instead of making the 5-point
    a = analyse_match(m, ply=2)
    d = a.decisions[0]
    assert a.ply == 2 and d.best == "8/5 6/5" and d.label is Label.VERY_BAD and d.loss >= 0.16
    assert a.players[0].checker_decisions == 1 and a.players[0].checker_loss == pytest.approx(d.loss)


def test_the_play_made_is_judged_as_deep_as_the_best():
    """GNU Backgammon's analysis values the play made at the full depth,
    wherever the first looks rank it: at 2-ply a play far down the list
    loses what the two-roll search says it loses against the best."""
    from engine.ai import race, search
    from engine.judge import Judge
    from engine.moves import legal_leaves

    dice = (6, 4)
    m = Match(dice=FixedDice([6, 4]))
    m.game.roll()
    pos = m.game.turn_start
    judge = Judge(ply=2)
    worst = judge.bot.rank_plays(pos, dice)[-1][0]
    m.game.play(worst)
    d = analyse_match(m, ply=2).decisions[0]
    best = d.best_play
    assert best != worst and len(legal_leaves(pos, dice)) > 10
    evaluator = lambda me, them: race.evaluate_boards(judge.bot.net.evaluate_boards, me, them)  # noqa: E731
    deep = search.two_ply(evaluator, [pos.apply(best).key, pos.apply(worst).key], judge.bot.prune)
    assert d.loss == pytest.approx(float(deep[0] - deep[1]), abs=1e-5)
    assert d.label is Label.VERY_BAD

def _expert_game(seed: int, turns: int, bot=None) -> Match:
    """``turns`` plays of the expert (or ``bot``) against itself with seeded dice."""
    bot = bot if bot is not None else get_bot("expert", seed=seed)
    m = Match(dice=SeededDice(seed))
    g = m.game
    g.roll()
    while not g.over and sum(1 for e in g.log if e.kind in ("play", "pass")) < turns:
        if g.phase == "move":
            g.play(bot.choose_play(g.turn_start, g.dice))
        else:
            g.roll()
    return m


@pytest.mark.slow
def test_the_computers_own_plays_score_small_but_not_zero_at_2_ply():
    """At 1-ply the judge is the expert's first look (one roll deep): a
    player that looks only that far loses nothing by it.  The expert itself
    looks two rolls deep at its closest plays, within a budget; the 2-ply
    judge looks wider and prunes less, and finds some of its plays a little
    worse than another play."""
    from engine.ai.bots import NetBot

    first_look = _expert_game(5, 12, NetBot("expert", lookahead=1, seed=5))
    assert all(s.total_loss == 0.0 for s in analyse_match(first_look, ply=1).players)
    matches = [_expert_game(5, 12)]
    deep = [analyse_match(m, ply=2) for m in matches]
    loss = sum(s.total_loss for a in deep for s in a.players)
    count = sum(s.decisions for a in deep for s in a.players)
    rate = 1000.0 * loss / count
    assert 0.0 < rate < 5.0, rate  # world class or better, and judged
    # the 2-ply judge re-ranks the expert's own choice among its closest rivals
    changed = [d for a in deep for d in a.decisions if d.kind is Kind.MOVE and d.best != d.played]
    assert changed and all(d.loss < 0.08 for d in changed)


def _game_with_cube_errors() -> Match:
    """A game where player 0 doubles a position that is too good to double
    (no double is right: a loss) and player 1 takes a pass (a loss), then
    both play on."""
    m = Match(length=1, cube=True, dice=FixedDice([6, 6, 1, 1, 2, 1]))
    m.game = set_up_game(DOUBLE_PASS, 0, dice_source=m.dice_source)
    m.game.double()
    m.game.take()
    m.game.roll()
    m.game.play_text("6/off 6/off 6/off 5/off")
    m.game.roll()
    m.game.play_text("7/6 7/6 6/5 6/5")
    m.game.roll()
    ranked = get_bot("expert").rank_plays(m.game.turn_start, m.game.dice)
    m.game.play(ranked[-1][0])  # the worst play of the 2-1
    return m


def test_checker_play_and_cube_errors_add_up_to_the_whole():
    a = analyse_match(_game_with_cube_errors(), ply=1)
    cube = [d for d in a.decisions if d.kind is not Kind.MOVE]
    assert {d.kind for d in cube} == {Kind.DOUBLE, Kind.TAKE}
    assert any(d.loss > 0 for d in cube) and any(d.loss > 0 for d in a.decisions if d.kind is Kind.MOVE)
    for s in a.players:
        assert s.checker_decisions + s.cube_decisions == s.decisions
        assert s.checker_loss + s.cube_loss == pytest.approx(s.total_loss)
        mine = [d for d in a.decisions if d.player == s.player and not d.forced]
        assert s.cube_decisions == sum(1 for d in mine if d.kind is not Kind.MOVE)
        assert s.cube_loss == pytest.approx(sum(d.loss for d in mine if d.kind is not Kind.MOVE))
        if s.decisions:
            both = (s.checker_rate * s.checker_decisions + s.cube_rate * s.cube_decisions) / s.decisions
            assert s.error_rate == pytest.approx(both)
    # the old fields as they were
    s1 = a.players[1]
    assert s1.error_rate == pytest.approx(1000 * s1.total_loss / s1.decisions)
    assert s1.cube_decisions == 1 and s1.cube_rate == pytest.approx(1000 * s1.cube_loss)


def test_luck_rating_follows_gnu_backgammons_levels():
    good, very = LUCK_LEVELS
    assert (good, very) == (0.03, 0.06)  # GNU's luck levels 0.3 and 0.6 on ten times the luck a move
    cases = [(-0.2, LuckRating.GO_TO_BED), (-very - 1e-6, LuckRating.GO_TO_BED), (-very, LuckRating.BAD_DICE),
             (-good - 1e-6, LuckRating.BAD_DICE), (-good, LuckRating.NONE), (0.0, LuckRating.NONE),
             (good, LuckRating.NONE), (good + 1e-6, LuckRating.GOOD_DICE), (very, LuckRating.GOOD_DICE),
             (very + 1e-6, LuckRating.LAS_VEGAS)]
    assert [luck_rating_for(x) for x in (x for x, _ in cases)] == [r for _, r in cases]


def test_luck_in_total_per_game_and_per_move_in_the_summary():
    a = analyse_match(from_mat(GOLDEN), ply=1)
    games = len(from_mat(GOLDEN).games) + 1
    for s in a.players:
        moves = [d for d in a.decisions if d.player == s.player and d.kind is Kind.MOVE]
        assert s.moves == len(moves) and s.games == games
        assert s.luck == pytest.approx(sum(d.luck for d in moves))
        assert s.luck_per_game == pytest.approx(s.luck / games)
        assert s.luck_rating is luck_rating_for(s.luck / len(moves))
    lucky = PlayerSummary(0, 10, 0.0, {label: 0 for label in Label}, 1.0, 0.0, moves=10, games=2)
    assert lucky.luck_rating is LuckRating.LAS_VEGAS and lucky.luck_per_game == 0.5
    assert summarise([], 0).luck_rating is None and summarise([], 0).rating is None


def test_in_a_match_each_decision_has_whites_match_winning_chance():
    """Each game's first decision sits near the match equity table's value
    at that game's score (the game's own chances are near even there); a
    single game has none."""
    m = from_mat(GOLDEN)
    a = analyse_match(m, ply=1)
    score, firsts = [0, 0], {}
    for d in a.decisions:
        firsts.setdefault(d.game, d)
    for number, d in sorted(firsts.items()):
        expected = met.match_equity(m.length - score[0], m.length - score[1])  # game 3: 1-away, the Crawford game
        assert d.match_win is not None and abs(d.match_win - expected) < 0.08, (number, d.match_win, expected)
        if number <= len(m.results):
            r = m.results[number - 1]
            score[r.winner] += r.points
    assert abs(firsts[1].match_win - 0.5) < 0.08  # 0-0: the table's 50%
    assert firsts[3].match_win - firsts[3].win > 0.1  # 1-away against 2-away: the match is likelier than the game
    assert all(0.0 <= d.match_win <= 1.0 for d in a.decisions if d.match_win is not None)
    single = Match(dice=FixedDice([3, 1]))
    single.game.roll()
    single.game.play_text("8/5 6/5")
    assert analyse_match(single, ply=1).decisions[0].match_win is None


def test_the_deep_judge_is_the_reviews_and_takes_any_evaluation():
    # the review at ply 2 is deep_judge() with the shipped network; another evaluation (anything with the
    # network's evaluate_boards, e.g. a teacher's in benchmarks/review_agreement.py) runs in the same search
    from engine.ai.bots import default_network
    from engine.judge import DEEP_CANDIDATES, DEEP_KEEP, DEEP_MARGIN, Judge, deep_judge

    review = Judge(ply=2).bot
    made = deep_judge()
    for bot in (review, made):
        assert (bot.lookahead, bot.deep_candidates, bot.deep_margin, bot.cube_lookahead) == (2, DEEP_CANDIDATES, DEEP_MARGIN, 1)
        assert bot.net is default_network() and bot.prune is not None and bot.prune.keep == DEEP_KEEP
    assert deep_judge(pruned=False).prune is None

    calls = []

    class Counted:
        def evaluate_boards(self, me, them):
            calls.append(len(me))
            return default_network().evaluate_boards(me, them)

    m = Match(dice=FixedDice([3, 1, 6, 4]))
    m.game.roll()
    m.game.play_text("24/21 24/23")
    full = analyse_match(m, ply=2, bot=deep_judge(pruned=False)).decisions[0]
    other = analyse_match(m, ply=2, bot=deep_judge(Counted(), pruned=False)).decisions[0]
    assert sum(calls) > 21 * 21  # two rolls deep through the stand-in
    assert other.loss == pytest.approx(full.loss, abs=1e-6) and other.best == full.best
