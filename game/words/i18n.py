"""Every user-visible string of the client, by key.

``t(key, **kwargs)`` looks the key up in the current language's table and
formats it.  The tables: English here, Simplified Chinese in
:mod:`game.words.i18n_zh`; both have the same keys and the same placeholders
(the tests check).  ``set_language("")`` follows the system's language
(Chinese for a zh* locale, else English).  A line made far from the screen
(storage's notices) is a :class:`Message`: English text that :func:`tr`
shows in the player's language.

>>> t("player.0")
'White'
>>> t("step.button", frm="13", to="8", die=5)
'13 → 8 (5)'
"""

from __future__ import annotations

import locale
import os
import re
import string
from typing import Dict, List, Optional, Set, Tuple

EN: Dict[str, str] = {
    "app.title": "Backgammon",
    "player.0": "White",
    "player.1": "Black",
    # start screen
    "start.title": "Backgammon",
    "start.subtitle": "Two players on one screen",
    "start.single": "One game",
    "start.match5": "5-point match (with cube)",
    "start.quit": "Quit",
    "start.hint": "Tab or arrows to choose, Enter to start",
    # board
    "board.roll_prompt": "Click or press Space to roll",
    "board.no_moves": "No legal moves",
    "board.pips": "{pips}",
    "board.thinking": "{name} is thinking…",
    "board.hint_line": "{rank}. {play}",
    "board.hint_numbers": "  cubeless {equity}",
    "board.hint_numbers_chances": "  cubeless {equity} · win {win}%, gammon {gammon}%",
    "board.cube_title.money": "Cube advice (cubeful equity)",
    "board.cube_title.match": "Cube advice (match-winning chances, equity)",
    "board.cube_line": "{action}  {figure}",
    "board.cube_line_proper": "» {action}  {figure}",
    "board.cube_proper": "Proper: {action}",
    "board.cube_score": "The score decides.",
    "cube.figure_match": "{mwc}% ({equity})",
    "cube.no_double": "No double",
    "cube.double_take": "Double, take",
    "cube.double_pass": "Double, pass",
    "cube.too_good": "Too good to double",
    "cube.take": "Take",
    "cube.pass": "Pass",
    "board.takes": "{name} takes: the cube is at {value}",
    "board.drops": "{name} drops",
    # panel
    "panel.to_roll": "{name} to roll",
    "panel.opening": "Opening roll",
    "panel.to_move": "{name} to move {dice}",
    "panel.rolling": "{name} rolls…",
    "panel.doubled": "{name}: take or drop?",
    "panel.over": "{name} wins",
    "panel.match_over": "{name} wins the match",
    "panel.pips": "Pips  {name0} {pips0}  ·  {name1} {pips1}",
    "panel.dist": "{name}: {points}",
    "panel.dist.point": "{point} ×{n}",
    "panel.dist.bar": "bar ×{n}",
    "panel.dist.off": "off ×{n}",
    "panel.dist.sep": ", ",
    "panel.score": "Game {number} · {name0} {score0} – {score1} {name1} · to {length}",
    "panel.score_short": "{name0} {score0} – {score1} {name1} · to {length}",
    "panel.single": "Single game",
    "panel.crawford": "Crawford game",
    "common.joined": "{a} · {b}",
    "panel.steps": "Legal steps",
    "panel.no_steps": "—",
    "panel.keys1": "Space or Enter: roll, done",
    "panel.keys2": "U or Backspace: undo · T: take back",
    "panel.keys2_undo": "U or Backspace: undo",
    "panel.keys_answer": "Take or drop the cube?",
    "panel.keys_buttons": "Tab, Enter: a button",
    "panel.keys3": "Tab or arrows, Enter: a step",
    # why T (take back) does nothing now
    "takeback.after_roll": "Take back is possible before the roll, not after it: undo your steps with U",
    "takeback.nothing": "Nothing to take back yet: play a turn first",
    "takeback.wait": "Take back once it is your turn again",
    "takeback.not_now": "Take back is possible only before a roll",
    "takeback.friend": "No take-back in a friend game: undo your steps with U",
    "takeback.your": "your",
    "takeback.whose": "{name}'s",
    "takeback.part.play": "{whose} play {text}",
    "takeback.part.roll_play": "{whose} roll {d1}-{d2} and play {text}",
    "takeback.part.pass": "{whose} roll {d1}-{d2} (no move)",
    "takeback.part.double": "{whose} double to {value}",
    "takeback.part.take": "{whose} take of the double",
    "takeback.part.resign": "{whose} offer to resign",
    "takeback.part.cube": "the cube back at {value}",
    "takeback.part.turn": "a turn",
    "takeback.part.and": "{a}, {b}",
    "button.roll": "Roll",
    "button.done": "Done",
    "button.undo": "Undo",
    "button.take_back": "Take back",
    "button.double": "Double",
    "button.take": "Take",
    "button.drop": "Drop",
    "button.next_game": "Next game",
    "button.menu": "Menu",
    "button.auto_on": "End: auto",
    "button.auto_off": "End: you",
    "button.auto_on_short": "Auto: on",
    "button.auto_off_short": "Auto: off",
    "tip.auto": "On: your turn ends by itself once your dice are played. Off: you end it (Enter), and may undo until then.",
    "tip.ask": "Ask about the board: the position, pips, dice, the steps you may play, the score (Q lists them all).",
    "button.hint": "Hint",
    "button.log_show": "Show log",
    "button.log_hide": "Hide log",
    "step.button": "{frm} → {to} ({die})",
    "step.short": "{frm}→{to}",
    "step.short_die": "{frm}→{to}({die})",
    "desktop.name": "Backgammon",
    "desktop.generic": "Board game",
    "desktop.comment": "Backgammon against the computer, a friend online or a second player at this screen",
    "desktop.keywords": "backgammon;board game;dice;",
    "point.bar": "bar",
    "point.off": "off",
    # move log
    "log.game": "— Game {number} —",
    "log.opening": "Opening roll: {name0} {a}, {name1} {b}",
    "log.opening_tie": "Opening roll: both threw {a}, again",
    "log.play": "{name} {d1}{d2}: {text}",
    "log.pass": "{name} {d1}{d2}: no legal moves",
    "log.double": "{name} doubles to {value}",
    "log.take": "{name} takes",
    "log.takeback": "Taken back: {parts}.",
    "log.drop": "{name} drops",
    "log.resign": "{name} offers to resign ({text})",
    "log.accept": "{name} accepts",
    "log.reject": "{name} rejects",
    "log.win": "{name} wins: {kind}, {value} pt",
    # results
    "result.single": "a single game",
    "result.gammon": "a gammon",
    "result.backgammon": "a backgammon",
    "result.resigned": "by resignation",
    "result.dropped": "the double was dropped",
    "result.banner": "{name} wins {kind} · {points} pt",
    "result.match": "{name} wins the match {score0}–{score1}",
    "result.wins": "{name} wins",
    "result.how": "{kind} · {points} pt",
    "result.how_resigned": "by resignation ({level}) · {points} pt",
    "result.named": "{name} ({colour})",
    "result.score": "Match to {length}: {name0} {score0} – {score1} {name1}",
    "result.single_game": "Single game",
    "result.single_game_named": "Single game: {name0} against {name1}",
    "result.next_game": "Next game",
    "result.again": "Play again",
    "result.again_swapped": "Play again, colours swapped",
    "result.lobby": "Back to the lobby",
    # common
    "common.on": "On",
    "common.off": "Off",
    "button.back": "Back",
    "button.cancel": "Cancel",
    "button.yes": "Yes",
    "button.no": "No",
    "button.accept": "Accept",
    "button.refuse": "Refuse",
    # lobby
    "lobby.title": "Backgammon",
    "lobby.opponent": "Play against",
    "lobby.mode.computer": "The computer",
    "lobby.mode.hotseat": "Two players here",
    "lobby.level": "Computer level",
    "lobby.level.beginner": "Beginner",
    "lobby.level.intermediate": "Intermediate",
    "lobby.level.expert": "Expert",
    "lobby.colour": "Your colour",
    "lobby.colour.white": "White",
    "lobby.colour.black": "Black",
    "lobby.colour.random": "Random",
    "lobby.length": "Length",
    "lobby.length.1": "1 game",
    "lobby.length.n": "{n} points",
    "lobby.cube": "Doubling cube",
    "lobby.options": "Board",
    "lobby.point_numbers": "Point numbers",
    "lobby.pips": "Pip counts",
    "lobby.auto_end": "End turn by itself",
    "lobby.play": "Play",
    "lobby.continue": "Continue last game",
    "lobby.help": "Rules & help",
    "lobby.records": "Records",
    "lobby.open": "Open a match file…",
    "lobby.settings": "Settings",
    "lobby.quit": "Quit",
    "lobby.keys": "Tab or arrows to choose, Enter to play",
    # settings
    "settings.title": "Settings",
    "settings.sound": "Sound",
    "settings.pace": "Computer pace",
    "settings.pace.realistic": "Realistic",
    "settings.pace.fast": "Fast",
    "settings.pace.instant": "Instant",
    "settings.pace_hint": "Realistic: 2–5 s a move · Fast: 1–2 s · Instant: no waiting",
    "settings.fullscreen": "Full screen",
    "settings.language": "Language",
    "settings.board_view": "Board view",
    "settings.board_view_hint": "Top view: from straight above · Oblique view: in perspective, from your chair",
    # the two views of the board: the settings' choices and the buttons at the board's corner say the same
    "view.top": "Top view",
    "view.oblique": "Oblique view",
    # rules & help, records
    "help.title": "Rules & help",
    "records.title": "Records",
    "records.games": "Games: {played} played, {won} won",
    "records.matches": "Matches: {played} played, {won} won",
    "records.gammons": "Gammons: {won} won, {lost} lost",
    "records.backgammons": "Backgammons: {won} won, {lost} lost",
    "records.col.mode": "Opponent",
    "records.col.games": "Games",
    "records.col.won": "Wins",
    "records.col.matches_won": "Match wins",
    "records.col.matches": "Matches",
    "records.col.gammons": "Gammons",
    "records.col.backgammons": "Backgammons",
    "records.col.abandoned": "Abandoned",
    "records.mode.computer": "Computer · {level}",
    "records.mode.hotseat": "Two players (White's side)",
    "records.total": "All",
    "records.won_lost": "{won} – {lost}",
    "records.no_games": "No games finished yet.",
    "records.assisted": "Assisted (a turn taken back), not counted above: games {played} (won {won}), matches {matches} (won {matches_won}).",
    "records.note": "Gammons and backgammons: won – lost. Matches are those of more than one point.",
    "records.dice_title": "Dice thrown (dotted line: fair dice)",
    "records.dice_whose": "Counted: your own dice against the computer and online; both sides' dice with two players on one screen.",
    "records.dice": "{dice}: {rolls} and {opening} · doubles in {doubles}% of rolls (fair dice: 16.7%)",
    "records.dice.count.one": "{n} die",
    "records.dice.count.other": "{n} dice",
    "records.dice.rolls.one": "{n} roll of two",
    "records.dice.rolls.other": "{n} rolls of two",
    "records.dice.opening.one": "{n} opening die",
    "records.dice.opening.other": "{n} opening dice",
    "records.no_dice": "No dice thrown yet.",
    # review (after a match: every decision rated)
    "match.ids": "IDs {ids} (copied)",
    "match.copied": "The position copied as text, with its IDs",
    "copy.cube_middle": "Cube {value}, in the middle",
    "copy.cube_owned": "Cube {value}, {name}'s",
    "copy.numbering": "Points numbered from {name}'s side",
    "lobby.setup": "Set up a position",
    "setup.title": "Set up a position",
    "setup.explain": "Paste a Position ID and a Match ID as GNU Backgammon writes them, then play on from there.",
    "setup.paste": "Paste",
    "setup.opponent": "Against",
    "setup.start": "Play from here",
    "setup.need_both": "Give a Position ID (14 characters) and a Match ID (12 characters).",
    "setup.bad": "Cannot set up: {reason}",
    "settings.tutor": "Tutor",
    "tutor.title": "The tutor",
    "tutor.text": "The computer prefers {best} to {chosen}: yours loses {loss} ({label}).",
    "tutor.cube": "The figures: {figures}.",
    "tutor.anyway": "Play it anyway",
    "tutor.again": "Think again",
    "tutor.looking": "The tutor is looking…",
    "review.title": "Review",
    "review.analysing": "Analysing… {percent}%",
    "review.failed": "The analysis failed: {reason}",
    "review.nothing": "No decisions to review.",
    "review.where": "Game {game} · {number} of {total}",
    "review.taken_back": "{line} · played again after a take-back",
    "review.roll": "{name} {dice}",
    "review.cube": "{name}: the cube",
    "review.played": "Played {play}",
    "review.best": "Best {play}",
    "review.no_play": "no play",
    "review.loss": "{label} −{loss}",
    "review.good": "Good",
    "review.forced": "Forced",
    "review.luck": "Luck {luck}",
    "review.label.doubtful": "Doubtful",
    "review.label.bad": "Bad",
    "review.label.very bad": "Very bad",
    "review.action.double": "double",
    "review.action.no double": "no double",
    "review.action.take": "take",
    "review.action.drop": "drop",
    "review.prev": "Previous",
    "review.next": "Next",
    "review.prev_mistake": "Previous mistake",
    "review.next_mistake": "Next mistake",
    "review.summary": "Summary",
    "review.ids": "Show IDs",
    "review.back": "Back",
    "review.ids_line": "Position ID {pid} · Match ID {mid}",
    "review.copied": "copied to the clipboard",
    "review.summary_title": "Summary",
    "review.summary_rate": "{name}: error rate {rate} mEMG · {rating}",
    "review.summary_note": "Error rate: the equity lost per decision with a choice, on average, in thousandths of a point (mEMG); the rating is GNU Backgammon's",
    "review.rating.supernatural": "Supernatural",
    "review.rating.world class": "World class",
    "review.rating.expert": "Expert",
    "review.rating.advanced": "Advanced",
    "review.rating.intermediate": "Intermediate",
    "review.rating.casual player": "Casual player",
    "review.rating.beginner": "Beginner",
    "review.rating.awful": "Awful",
    "review.rating.none": "not rated",
    "review.graph.title": "{name}'s chance of winning, decision by decision",
    "review.graph.played": "play made",
    "review.graph.best": "best play",
    "review.graph.lucky": "{name}'s lucky roll",
    "review.summary_labels": "very bad {very_bad} · bad {bad} · doubtful {doubtful}",
    "review.summary_luck": "luck {luck} · {decisions} decisions",
    "review.summary_split": "checker play {checker} mEMG ({moves}) · cube {cube} mEMG ({cubes})",
    "review.summary_luck_rated": "luck {luck} ({per_game} a game) · {rating}",
    "review.luck.go to bed": "Go to bed",
    "review.luck.bad dice": "Bad dice, man!",
    "review.luck.none": "no luck either way",
    "review.luck.good dice": "Good dice, man!",
    "review.luck.go to las vegas": "Go to Las Vegas",
    "review.analysed": "Analysed at {ply}-ply",
    "review.depth.1": "Depth: 1-ply (fast)",
    "review.depth.2": "Depth: 2-ply (deeper)",
    "review.graph.y_game": "{name}'s winning chances",
    "review.graph.y_match": "{name}'s match-winning chances",
    "review.graph.x": "Turn",
    # result and records: review and export
    "result.review": "Review",
    "result.export": "Export .mat",
    "export.saved": "Saved as {path}",
    "export.failed": "Could not export: {reason}",
    "records.recent": "Recent matches",
    "records.recent_row": "{when} · {mode} · {score0}–{score1}",
    "records.review": "Review",
    "records.export": "Export",
    "records.no_recent": "No finished matches kept yet.",
    "open.title": "Open a match file",
    "open.explain": "A .mat file as GNU Backgammon or eXtreme Gammon export it opens in the review. Type its path (or a folder's), or pick one below.",
    "open.open": "Open",
    "open.found": "{count} match files in {folder}.",
    "open.none": "No match files (.mat) in this folder.",
    "open.failed": "{name} cannot be opened: {reason}",
    "open.too_large": "it is too large for a match file",
    "open.other_format": "{name}: .{kind} files are not read; in the program that wrote it, export the match as a .mat file (GNU Backgammon: File > Export > Match > Jellyfish .mat; eXtreme Gammon: File > Export > Export match to .mat).",
    # the saved game (game/play/saves.py)
    "saves.not_saved": "The game could not be saved: {reason}.",
    "saves.cannot_continue": "The saved game could not be continued; start a new one.",
    # storage's lines for the player (game/store/storage.py makes them as Messages)
    "storage.label.settings": "settings",
    "storage.label.records": "records",
    "storage.label.saved_game": "saved game",
    "storage.lost.settings": "default settings are used",
    "storage.lost.records": "the records start afresh",
    "storage.lost.saved_game": "it cannot be continued",
    "storage.restored_missing": "The {what} file was missing; the previous copy was restored.{kept}",
    "storage.restored_damaged": "The {what} file was damaged; the previous copy was restored.{kept}",
    "storage.backup_used": "The {what} file was damaged; the previous copy is used, but it could not be put back.{kept}",
    "storage.unusable": "Nothing will be kept this time: the game's folder {folder} cannot be used ({reason}).",
    "storage.read_only": "Nothing new will be kept: the game's folder {folder} cannot be written ({reason}).",
    "storage.unreadable": "The {what} file could not be read; {lost}.{kept}",
    "storage.kept": " (damaged file kept as {name})",
    "storage.denied": "The {what} file {name} cannot be read ({reason}): it is left as it is, and nothing is saved over it until the game may read it again.",
    "storage.left_unreadable": "{name} cannot be read, and is left as it is",
    "storage.reset": "Some {what} were not valid and were reset: {names}.",
    "storage.reset_more": "{names} and {n} more",
    "storage.cannot_save": "Could not save the {what}: {reason}.",
    "storage.cannot_remove": "Could not remove the {what}: {reason}.",
    # the match's top bar and its questions
    "top.lobby": "Lobby",
    "top.leave": "Leave the match",
    "top.restart": "Restart",
    "top.resign": "Resign",
    "top.single": "Single game",
    "top.match": "Match to {length} · {name0} {score0} – {score1} {name1}",
    "top.crawford": "Crawford",
    "top.turn": "{name} to play",
    "top.answer": "{name} to answer",
    "top.over": "{name} wins",
    "confirm.lobby.title": "Back to the lobby?",
    "confirm.lobby.text": "The game is kept: continue it from the lobby.",
    "confirm.restart.title": "Restart?",
    "confirm.restart.text": "This game is discarded and a new one starts.",
    "confirm.restart.abandoned": "This match ends unfinished (the records count it as abandoned) and a new one starts.",
    "confirm.new.title": "Start a new match?",
    "confirm.new.match": "Your saved match, {name0} {score0} – {name1} {score1} of {length}, will be lost.",
    "confirm.new.game": "Your saved game will be lost.",
    "confirm.new.abandoned": "The records count it as abandoned.",
    "confirm.new.start": "New match",
    "resign.title": "Resign",
    "resign.text": "Give up how much? The other side may refuse.",
    "resign.single": "Single ({points} pt)",
    "resign.gammon": "Gammon ({points} pt)",
    "resign.backgammon": "Backgammon ({points} pt)",
    "resign.offer_title": "{name} offers to resign",
    "resign.offer_text": "{name}: accept {kind} for {points} pt?",
    "panel.resigning": "{name}: accept the resignation?",
    # keys and controllers on the board, the kiosk's attract mode
    "panel.keys_board": "Arrows, Enter: a checker, then where",
    "attract.caption": "Demo game · touch the screen or press any key to play",
    # friend games over the network
    "lobby.friend": "Play a friend",
    "lobby.rejoin": "Rejoin the match with {name}",
    "lobby.rejoin_short": "Rejoin the match",
    "lobby.rehost_short": "Host it again",
    "lobby.rehost": "Host again: match with {name}",
    "friend.rejoining": "Rejoining your match…",
    "friend.gone": "Your match with {name} is no longer on the server.",
    "friend.starting": "Starting the match server…",
    "friend.moved": "Port {port} is taken by another program, so your match is now at {address}. Send your friend this new invite (copied to the clipboard):",
    "friend.unreachable": "The server at {address} cannot be reached. Your seat is kept: nothing is lost.",
    "friend.try_again": "Try again",
    "friend.forget": "Forget this match",
    # who can join a match hosted here: the home router asked to forward its port (game/net/portmap.py)
    "friend.reach.mapped": "Your router forwards port {port}: friends anywhere can join (on your network: {lan}).",
    "friend.reach.no_router": "No router answered: forward TCP port {port} on your router to this computer ({address}), or use a match server.",
    "friend.reach.refused": "Your router refused to forward port {port} ({reason}): forward TCP port {port} to this computer ({address}) by hand, or use a match server.",
    "friend.reach.not_public": "Your router's internet address ({ip}) is shared or private: friends elsewhere cannot reach this computer. Use a match server.",
    "friend.reach.offline": "Your router has no internet address (is it online?): friends elsewhere cannot reach this computer.",
    "friend.reach.ipv6": "On IPv6: {address}",
    "friend.reach.short.mapped": "Your router forwards port {port}: anyone can join.",
    "friend.reach.short.no_router": "No router answered: forward TCP port {port} by hand.",
    "friend.reach.short.refused": "Your router refused port {port}: forward it by hand.",
    "friend.reach.short.not_public": "Shared internet address: use a match server.",
    "friend.reach.short.offline": "Your router is not online.",
    "storage.label.friend_match": "friend match",
    "storage.lost.friend_match": "it cannot be rejoined",
    "friend.your_name": "Your name",
    "friend.default_name": "Player",
    "friend.title": "Play a friend",
    "friend.server": "Server: {address}",
    "friend.server_here": "Server: this computer (when you host)",
    "friend.server_placeholder": "Server address (empty: host here)",
    "friend.use_server": "Use server",
    "settings.server": "Match server",
    "settings.server.set": "Set",
    "settings.server.placeholder": "host:port (empty: this computer)",
    "settings.server.here": "Friend games: hosted on this computer.",
    "settings.server.uses": "Friend games: the server at {address}.",
    "server.bad.format": "Not a server address: type host:port, as in 192.168.1.5:8765 or example.org:8765 (empty: host on this computer).",
    "server.bad.port": "Not a server address: the port must be a number from 1 to 65535.",
    "friend.host": "Host a match",
    "friend.code_placeholder": "Invite code (and the host's address)",
    "friend.join": "Join",
    "friend.nearby": "Games on this network:",
    "friend.join_nearby": "Join {game}",
    "friend.connecting": "Connecting…",
    "friend.web_link": "In a chat program, send this page instead (it opens the game): {url}",
    "friend.give_code": "Send your friend this link (copied to the clipboard); they click it, or paste it and press Join:",
    "friend.waiting": "Waiting for your friend to join…",
    "friend.bad_code": "An invite code has {n} letters and digits.",
    "friend.need_address": "Type the host's address too (as in 192.168.1.5:50123 ABCDE-FGHJK), or set a server.",
    "friend.cannot_host": "Cannot host a match here: {reason}",
    "friend.no_connection": "No connection to the server.",
    "friend.connect_failed": "Could not connect: {reason}",
    "friend.bad_port": "The port in the invite must be a number from 1 to 65535 (as in 192.168.1.5:50123 ABCDE-FGHJK).",
    "friend.bad_host": "The address in the invite is not one: type host:port and the code, as in 192.168.1.5:50123 ABCDE-FGHJK.",
    "friend.refused": "The server refused: {reason}",
    "friend.bad_link": "This link is not an invite: ask your friend to copy it again.",
    "friend.error.unknown_code": "No match waits with this code.",
    "friend.error.match_full": "This match already has two players.",
    "friend.error.too_many_matches": "Too many matches from this address.",
    "friend.error.version": "The server runs another version of the game.",
    "friend.error.rate_limited": "Too many requests: try again in a moment.",
    "net.friend": "your friend",
    "net.friend.start": "Your friend",
    "net.status.online": "Online with {name}",
    "net.status.reconnecting": "Connection lost: reconnecting…",
    "net.status.failed": "The connection is lost.",
    "net.status.friend_away": "{name} has lost the connection: waiting",
    "net.status.may_continue": "{name} has been gone 2 minutes",
    "net.status.friend_left": "{name} has left the match",
    "net.status.rematch_waiting": "Rematch asked: waiting for {name}'s answer",
    "net.status.rematch_asked": "{name} asks for a rematch",
    "net.status.vs_computer": "Playing on against the computer",
    "net.status.ended.host_left": "The host has left: the match is over.",
    "net.status.ended.server_closing": "The server has stopped",
    "net.status.ended.guest_left": "Your friend has left the match.",
    "net.status.ended.expired": "The match expired on the server.",
    "net.status.ended.taken_over": "Your friend played on against the computer: the match is over.",
    "net.status.ended.replaced": "The match goes on in another window.",
    "net.status.ended.other": "The match is over.",
    "net.status.ended.match_gone": "The server no longer has this match: it cannot go on.",
    "net.status.held": "Connection lost: reconnecting… your move waits to be sent",
    "net.status.host_closed_waiting": "The host's game has closed: reconnecting…",
    "net.status.host_closed": "The host's game has closed.",
    "net.status.host_gone_long": "The host's game closed 2 minutes ago",
    "net.gone.host_title": "The host's game has closed",
    "net.gone.left_text": "{status}: you may play on against the computer from this position.",
    "net.gone.lobby": "Back to the lobby",
    "net.told.cancelled": "The server did not take your move: the board shows the server's.",
    "net.told.replaced": "This board differed from the server's: the server's is shown.",
    "net.gone.title": "Your friend is gone",
    "net.gone.left_title": "Your friend has left",
    "net.gone.text": "{status}: you may play on against the computer, or wait.",
    "net.continue_button": "Play on vs computer",
    "net.gone.continue": "Play on against the computer",
    "net.gone.wait": "Wait",
    "net.gone.replaces": "{text} Playing on replaces the game you saved to continue.",
    "net.ended.title": "The match has ended",
    "net.ended.ok": "Back to the lobby",
    "net.leave.title": "Leave the match?",
    "net.leave.host": "You host this match: leaving ends it for your friend.",
    "net.leave.guest": "A friend match cannot be continued later.",
    "records.mode.friend": "A friend (online)",
    # a rollout (game/scenes/rollout.py): the hint's plays, the position before the roll, a play of the review
    "rollout.title": "Rollout",
    "rollout.line.plays": "{name} to play {dice}",
    "rollout.line.position": "{name} on roll, before the roll",
    "rollout.line.money": "the cube as in money play",
    "rollout.count.one": "1 play",
    "rollout.count.other": "{n} plays",
    "rollout.col.play": "Play",
    "rollout.col.equity": "Equity",
    "rollout.col.win": "Win",
    "rollout.col.gammon": "Gammon",
    "rollout.col.trials": "Trials",
    "rollout.position_row": "The position",
    "rollout.made": "{play} (played)",
    "rollout.best": "» {play}",
    "rollout.equity": "{mean} ±{half}",
    "rollout.percent": "{value}%",
    "rollout.empty": "—",
    "rollout.trials_stopped": "{n} (stopped)",
    "rollout.choice.trials": "Trials",
    "rollout.choice.truncate": "Play",
    "rollout.truncate.rolls": "{n} rolls",
    "rollout.truncate.end": "To the end",
    "rollout.choice.cube": "Cube",
    "rollout.cubeless": "Cubeless",
    "rollout.cubeful": "Cubeful",
    "rollout.start": "Start",
    "rollout.stop": "Stop",
    "rollout.close": "Close",
    "rollout.status.ready": "Choose, then Start",
    "rollout.status.running": "{done} of {total} trials",
    "rollout.status.done": "Done: {n} trials",
    "rollout.status.stopped": "Stopped at {done} of {total} trials",
    "rollout.status.failed": "The rollout failed: {error}",
    "review.rollout": "Roll out",
}

from .i18n_zh import ZH  # noqa: E402  (after EN: the tests compare the two)
from .i18n_say import EN_SAY, ZH_SAY  # noqa: E402  (the announcements' words)

EN.update(EN_SAY)
ZH.update(ZH_SAY)

#: the languages the settings offer: (code, name in that language)
LANGUAGES: Tuple[Tuple[str, str], ...] = (("en", "English"), ("zh", "中文"))

TABLES: Dict[str, Dict[str, str]] = {"en": EN, "zh": ZH}
DEFAULT = "en"
_language = DEFAULT
#: keys asked for that the current table lacks (the tests look here)
MISSING: Set[Tuple[str, str]] = set()


def normalise(code: Optional[str]) -> Optional[str]:
    """A table code for a language or locale name: ``'zh_CN.UTF-8'``,
    ``'zh-Hans'`` -> ``'zh'``; None when there is no table for it."""
    if not code:
        return None
    base = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    return base if base in TABLES else None


def system_locales() -> List[str]:
    """The player's preferred languages as the system names them, best first:
    ``LANGUAGE`` (gettext's list, which goes before the locale), SDL's list
    (the system's preferences on Windows and macOS, the environment on
    Linux), the locale's environment variables, then Python's locale."""
    found: List[str] = [v for v in os.environ.get("LANGUAGE", "").split(":") if v]
    try:
        import pygame

        for loc in pygame.system.get_pref_locales():
            lang = loc.get("language") if isinstance(loc, dict) else None
            if lang:
                found.append(lang if not loc.get("country") else f"{lang}_{loc['country']}")
    except Exception:  # no SDL, or too old a one
        pass
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            found.extend(v for v in value.split(":") if v)
    try:
        current = locale.getlocale()[0]
        if current:
            found.append(current)
    except (ValueError, TypeError):  # pragma: no cover
        pass
    return found


def system_language() -> str:
    """The table for the system's language: Chinese for zh*, else English.
    Only the first preference with a language counts ('C' and 'POSIX' do not)."""
    for name in system_locales():
        if name.split(".")[0].upper() in ("C", "POSIX"):
            continue
        return "zh" if name.lower().startswith("zh") else DEFAULT
    return DEFAULT


def resolve(code: Optional[str]) -> str:
    """The table a settings value means: '' follows the system's language;
    an unknown code falls back to English."""
    if not code:
        return system_language()
    return code if code in TABLES else (normalise(code) or DEFAULT)


def set_language(code: Optional[str]) -> None:
    """Choose the table ``t`` reads: a code of :data:`TABLES` (or a locale
    name like 'zh_CN'); '' or None follows the system; unknown codes fall
    back to English."""
    global _language
    _language = resolve(code)


def language() -> str:
    """The code of the language ``t`` reads now."""
    return _language


def t(key: str, **kwargs: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kwargs``.
    A key missing from the table falls back to English (and is noted in
    :data:`MISSING`); one missing everywhere is shown as itself."""
    table = TABLES.get(_language, EN)
    text = table.get(key)
    if text is None:
        MISSING.add((_language, key))
        text = EN.get(key, key)
    return text.format(**kwargs) if kwargs else text


def counted(key: str, n: int) -> str:
    """``n`` with the words of ``key`` in the number ``n`` takes: the text
    of ``key + '.one'`` for 1 and of ``key + '.other'`` for any other count
    (both formatted with ``{n}``; a language without plurals says the same
    in both).

    >>> counted("records.dice.opening", 1), counted("records.dice.opening", 2)
    ('1 opening die', '2 opening dice')
    """
    return t(f"{key}.{'one' if n == 1 else 'other'}", n=n)


class Message(str):
    """A line for the player made far from the screen (storage's notices):
    it reads as its English text (logs, tests) and keeps its key and
    arguments, so :func:`tr` can show it in the player's language, whatever
    the language is when it is shown.  Arguments may be Messages too.

    >>> m = Message("storage.cannot_save", what=Message("storage.label.settings"), reason="disk full")
    >>> m
    'Could not save the settings: disk full.'
    >>> tr(m) == m
    True
    """

    key: str
    kwargs: Dict[str, object]

    def __new__(cls, key: str, **kwargs: object) -> "Message":
        text = EN.get(key, key)
        if kwargs:
            text = text.format(**{k: str(v) for k, v in kwargs.items()})
        obj = super().__new__(cls, text)
        obj.key = key
        obj.kwargs = dict(kwargs)
        return obj


def placeholders(text: str) -> Set[str]:
    """The names a table's text is formatted with: ``{name}`` -> ``{'name'}``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def to_json(text: object) -> object:
    """A line (a :class:`Message` or plain text) as JSON data that
    :func:`from_json` turns back into it: a saved move log stays translatable."""
    if isinstance(text, Message):
        return {"key": text.key, "args": {k: to_json(v) for k, v in text.kwargs.items()}}
    return text if isinstance(text, (int, float)) and not isinstance(text, bool) else str(text)


def from_json(data: object) -> object:
    """The line :func:`to_json` wrote; ValueError for anything else."""
    if isinstance(data, dict):
        key, args = data.get("key"), data.get("args", {})
        if not isinstance(key, str) or key not in EN or not isinstance(args, dict) or not placeholders(EN[key]) <= set(args):
            raise ValueError(f"not a saved line: {data!r}"[:200])
        try:
            return Message(key, **{str(k): from_json(v) for k, v in args.items()})
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"not a saved line: {data!r}"[:200]) from exc
    if isinstance(data, (str, int, float)) and not isinstance(data, bool):
        return data
    raise ValueError(f"not a saved line: {data!r}"[:200])


def tr(text: object) -> str:
    """``text`` in the current language: a :class:`Message` is translated
    (with its arguments), anything else is shown as it is."""
    if isinstance(text, Message):
        return t(text.key, **{k: tr(v) for k, v in text.kwargs.items()})
    return "" if text is None else str(text)
