"""The keys the code computes at run time, for the extraction of the catalog template.

``pybabel extract`` (CONTRIBUTING.md) finds a key where the code writes it
out, as in ``t("button.roll")``; a key made while the game runs, as in
``t(f"lobby.level.{level}")`` or from a table of keys, is listed here with
the marker :func:`N_`, which does nothing but mark it (:func:`N_each`: one
key for each language with a catalog).  Each group names
the code that builds its keys; tests/test_catalogs.py checks that the
template extracted this way holds every message of the catalogs.
"""

from __future__ import annotations

from typing import Tuple

from . import catalogs


def N_(key: str) -> str:
    """Mark ``key`` as a message of the catalogs; return it unchanged."""
    return key


def N_each(template: str) -> Tuple[str, ...]:
    """Mark one message per language that has a catalog: ``template`` with
    ``{code}`` as each language's code (the extraction does the same, so a new
    language's folder brings its keys without a change here)."""
    return tuple(template.format(code=code) for code in catalogs.available())


#: a language's name and its voice's, in every language (game/system/announcer.py: 'No Chinese voice')
PER_LANGUAGE: Tuple[Tuple[str, ...], ...] = (N_each("say.language.{code}"), N_each("say.voice.{code}"))


#: the keys built at run time, by the code that builds them
COMPUTED: Tuple[str, ...] = (
    # game/scenes/access.py
    N_("access.large_text"), N_("access.numbering"), N_("access.numbering.own"), N_("access.numbering.white"),
    N_("access.pause"), N_("access.pause.long"), N_("access.pause.normal"), N_("access.pause.short"),
    N_("access.rate"), N_("access.rate.fast"), N_("access.rate.normal"), N_("access.rate.slow"), N_("access.speak"),
    N_("access.theme"), N_("access.theme.colour_blind"), N_("access.theme.high_contrast"),
    N_("access.theme.standard"),
    # game/match/actions.py
    N_("ask.menu.bar"), N_("ask.menu.copy"), N_("ask.menu.cube"), N_("ask.menu.dice"), N_("ask.menu.last"),
    N_("ask.menu.moves"), N_("ask.menu.off"), N_("ask.menu.pips"), N_("ask.menu.position"), N_("ask.menu.q1"),
    N_("ask.menu.q2"), N_("ask.menu.q3"), N_("ask.menu.q4"), N_("ask.menu.repeat"), N_("ask.menu.score"),
    # game/match/ask.py
    N_("ask.quadrant.1"), N_("ask.quadrant.2"), N_("ask.quadrant.3"), N_("ask.quadrant.4"),
    # game/match/hintsay.py, game/match/presenter.py, game/match/rollsay.py
    N_("board.pips"),
    # game/match/panel.py
    N_("button.auto_off"), N_("button.auto_on"), N_("button.double"), N_("button.drop"), N_("button.hint"),
    N_("button.menu"), N_("button.take"), N_("button.take_back"), N_("button.undo"),
    # game/match/actions.py, game/match/friendplay.py, game/match/panel.py
    N_("button.auto_off_short"), N_("button.auto_on_short"),
    # game/match/hintsay.py
    N_("cube.double_pass"), N_("cube.double_take"), N_("cube.no_double"), N_("cube.pass"), N_("cube.take"),
    N_("cube.too_good"), N_("say.cube.double_pass"), N_("say.cube.double_take"), N_("say.cube.no_double"),
    N_("say.cube.pass"), N_("say.cube.take"), N_("say.cube.too_good"),
    # game/system/desktop.py
    N_("desktop.comment"), N_("desktop.generic"), N_("desktop.keywords"), N_("desktop.name"),
    # game/scenes/friendinvite.py
    N_("friend.error.match_full"), N_("friend.error.rate_limited"), N_("friend.error.too_many_matches"),
    N_("friend.error.unknown_code"), N_("friend.error.version"),
    # game/scenes/friendhost.py
    N_("friend.reach.mapped"), N_("friend.reach.no_router"), N_("friend.reach.not_public"),
    N_("friend.reach.offline"), N_("friend.reach.refused"), N_("friend.reach.short.mapped"),
    N_("friend.reach.short.no_router"), N_("friend.reach.short.not_public"), N_("friend.reach.short.offline"),
    N_("friend.reach.short.refused"),
    # game/words/i18n.py
    N_("language.name"),
    # game/scenes/lobby.py
    N_("lobby.colour.black"), N_("lobby.colour.random"), N_("lobby.colour.white"),
    # game/scenes/lobby.py, game/ui/menu.py
    N_("lobby.level.beginner"), N_("lobby.level.expert"), N_("lobby.level.intermediate"),
    # game/play/match_log.py, game/play/numbering.py, game/play/session_view.py
    N_("log.accept"), N_("log.double"), N_("log.drop"), N_("log.reject"), N_("log.resign"), N_("log.take"),
    # game/play/match_log.py
    N_("log.opening"), N_("log.opening_tie"), N_("log.pass"), N_("log.win"),
    # game/play/match_log.py, game/play/numbering.py
    N_("log.play"),
    # game/play/netplay.py
    N_("net.friend.start"), N_("net.status.ended.expired"), N_("net.status.ended.guest_left"),
    N_("net.status.ended.host_left"), N_("net.status.ended.match_gone"), N_("net.status.ended.other"),
    N_("net.status.ended.replaced"), N_("net.status.ended.server_closing"), N_("net.status.ended.taken_over"),
    N_("net.status.failed"), N_("net.status.friend_away"), N_("net.status.friend_left"), N_("net.status.held"),
    N_("net.status.host_closed"), N_("net.status.host_closed_waiting"), N_("net.status.host_gone_long"),
    N_("net.status.may_continue"), N_("net.status.reconnecting"), N_("net.status.rematch_asked"),
    N_("net.status.vs_computer"),
    # game/match/friendplay.py
    N_("net.leave.guest"), N_("net.leave.host"),
    # game/match/presenter.py, game/play/netplay.py
    N_("net.status.rematch_waiting"),
    # game/board/describe.py, game/match/ask.py, game/match/copytext.py
    N_("panel.keys3"), N_("panel.no_steps"),
    # game/scenes/recent.py, game/scenes/records.py, game/store/datadir.py
    N_("records.backgammons"), N_("records.games"), N_("records.gammons"), N_("records.matches"),
    # game/scenes/records.py
    N_("records.col.abandoned"), N_("records.col.backgammons"), N_("records.col.games"), N_("records.col.gammons"),
    N_("records.col.matches"), N_("records.col.matches_won"), N_("records.col.mode"), N_("records.col.won"),
    # game/match/questions.py
    N_("resign.backgammon"), N_("resign.gammon"), N_("resign.single"), N_("tutor.looking"),
    # game/match/narrate.py, game/match/presenter.py, game/match/questions.py
    N_("result.backgammon"), N_("result.dropped"), N_("result.gammon"), N_("result.resigned"), N_("result.single"),
    # game/match/questions.py, game/play/review_words.py
    N_("review.action.double"), N_("review.action.drop"), N_("review.action.no double"), N_("review.action.take"),
    N_("review.label.bad"), N_("review.label.doubtful"), N_("review.label.very bad"),
    # game/play/review_words.py
    N_("review.depth.1"), N_("review.depth.2"), N_("review.graph.y_game"), N_("review.graph.y_match"),
    N_("review.luck.bad dice"), N_("review.luck.go to bed"), N_("review.luck.go to las vegas"),
    N_("review.luck.good dice"), N_("review.luck.none"), N_("review.rating.advanced"), N_("review.rating.awful"),
    N_("review.rating.beginner"), N_("review.rating.casual player"), N_("review.rating.expert"),
    N_("review.rating.intermediate"), N_("review.rating.supernatural"), N_("review.rating.world class"),
    # game/play/review_words.py, game/scenes/review.py
    N_("review.graph.title"),
    # game/match/copytext.py, game/match/questions.py, game/play/review_words.py
    N_("review.summary_luck"),
    # game/match/rollsay.py
    N_("rollout.col.equity"), N_("rollout.col.gammon"), N_("rollout.col.play"), N_("rollout.col.trials"),
    N_("rollout.col.win"), N_("say.rollout.join"),
    # game/match/whatnow.py
    N_("say.dice.or"),
    # game/match/focuswords.py, game/ui/spoken.py
    N_("say.focus.edge.down"), N_("say.focus.edge.left"), N_("say.focus.edge.right"), N_("say.focus.edge.up"),
    # game/system/announcer.py
    N_("say.install.espeak"), N_("say.install.speechd"), N_("say.install.system"),
    # game/match/actions.py, game/match/ask.py, game/match/focuswords.py
    N_("say.pass"),
    # game/scenes/friend.py, game/scenes/friendinvite.py, game/scenes/settings.py
    N_("server.bad.format"), N_("server.bad.port"),
    # game/scenes/settings.py
    N_("settings.pace.fast"), N_("settings.pace.instant"), N_("settings.pace.realistic"),
    # game/match/presenter.py, game/words/fonts.py
    N_("step.short"), N_("step.short_die"),
    # game/store/jsonstore.py (a store's label, and what is lost with it)
    N_("storage.label.friend_match"), N_("storage.label.records"), N_("storage.label.saved_game"),
    N_("storage.label.settings"), N_("storage.lost.friend_match"), N_("storage.lost.records"),
    N_("storage.lost.saved_game"), N_("storage.lost.settings"),
    # game/store/jsonstore.py
    N_("storage.restored_damaged"), N_("storage.restored_missing"),
    # game/match/focuswords.py
    N_("tip.ask"), N_("tip.auto"),
    # game/match/focuswords.py, game/match/tableview.py, game/scenes/settings.py
    N_("view.oblique"), N_("view.top"),
)

#: the Rules & help screen: the keys game/words/help_text.py builds from its layout (checked equal to ``help_text.keys()``)
HELP: Tuple[str, ...] = (
    N_("help.aim.title"), N_("help.aim.0"), N_("help.aim.1"), N_("help.board.title"), N_("help.board.0"),
    N_("help.board.1"), N_("help.setup.title"), N_("help.setup.0"), N_("help.movement.title"), N_("help.movement.0"),
    N_("help.movement.1"), N_("help.movement.2"), N_("help.opening_roll.title"), N_("help.opening_roll.0"),
    N_("help.doubles.title"), N_("help.doubles.0"), N_("help.hitting.title"), N_("help.hitting.0"),
    N_("help.hitting.1"), N_("help.entering.title"), N_("help.entering.0"), N_("help.entering.1"),
    N_("help.both_dice.title"), N_("help.both_dice.0"), N_("help.both_dice.1"), N_("help.bearing_off.title"),
    N_("help.bearing_off.0"), N_("help.bearing_off.1"), N_("help.bearing_off.2"), N_("help.winning.title"),
    N_("help.winning.0"), N_("help.winning.1"), N_("help.winning.2"), N_("help.winning.3"), N_("help.winning.4"),
    N_("help.winning.5"), N_("help.cube.title"), N_("help.cube.0"), N_("help.cube.1"), N_("help.cube.2"),
    N_("help.crawford.title"), N_("help.crawford.0"), N_("help.matches.title"), N_("help.matches.0"),
    N_("help.matches.1"), N_("help.notation.title"), N_("help.notation.0"), N_("help.notation.1"),
    N_("help.glossary.title"), N_("help.glossary.point"), N_("help.glossary.home_board"),
    N_("help.glossary.outer_board"), N_("help.glossary.bar"), N_("help.glossary.blot"), N_("help.glossary.hit"),
    N_("help.glossary.made_point"), N_("help.glossary.prime"), N_("help.glossary.anchor"),
    N_("help.glossary.entering"), N_("help.glossary.bearing_off"), N_("help.glossary.pip_count"),
    N_("help.glossary.race"), N_("help.glossary.gammon"), N_("help.glossary.backgammon"), N_("help.openings.title"),
    N_("help.openings.0"), N_("help.openings.doubles"), N_("help.openings.3-1"), N_("help.openings.4-2"),
    N_("help.openings.6-1"), N_("help.openings.5-3"), N_("help.openings.6-5"), N_("help.openings.6-4"),
    N_("help.openings.5-2"), N_("help.openings.2-1"), N_("help.openings.6-6"), N_("help.openings.5-5"),
    N_("help.openings.4-4"), N_("help.openings.3-3"), N_("help.views.title"), N_("help.views.0"), N_("help.views.1"),
    N_("help.views.2"), N_("help.access.title"), N_("help.access.0"), N_("help.access.1"), N_("help.access.2"),
    N_("help.access.3"), N_("help.access.4"), N_("help.tips.title"), N_("help.tips.0"), N_("help.tips.1"),
    N_("help.tips.2"), N_("help.tips.3"), N_("help.tips.4"), N_("help.tips.5"), N_("help.tips.6"), N_("help.tips.7"),
)

