"""The Rules & Help screen's text, in English and Simplified Chinese.

Each language is written for its own readers rather than translated word
by word, but both have the same sections in the same order (matched by
``Section.key``).  Paragraphs are plain strings; the only markup is
``<b>…</b>``, which pygame_gui's text box renders.

>>> [s.key for s in sections("en")][:3]
['aim', 'board', 'setup']
>>> sections("fr") == sections("en")   # unknown languages fall back to English
True
>>> sections("zh_CN")[0].title
'游戏目标'

pygame_gui wraps lines only at spaces, so a long Chinese paragraph would be
cut with hyphens.  :func:`wrap_html` breaks a paragraph into lines of a
given width itself, between CJK characters as well as at spaces, and
:func:`as_html` builds the whole screen's text that way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

__all__ = [
    "Section",
    "LANGUAGES",
    "GLOSSARY_KEYS",
    "GLOSSARY",
    "OPENING_MOVES",
    "HELP",
    "sections",
    "normalise_language",
    "as_html",
    "wrap_html",
]

LANGUAGES: Tuple[str, ...] = ("en", "zh")
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Section:
    """One heading of the help screen and its paragraphs.

    ``key`` names the section the same way in every language."""

    title: str
    paragraphs: List[str] = field(default_factory=list)
    key: str = ""


# -- glossary ----------------------------------------------------------------

#: The terms the glossary must explain, in the order it shows them.
GLOSSARY_KEYS: Tuple[str, ...] = (
    "point", "home_board", "outer_board", "bar", "blot", "hit", "made_point", "prime",
    "anchor", "entering", "bearing_off", "pip_count", "race", "gammon", "backgammon",
)

#: lang -> term key -> (the term as written in that language, its explanation)
GLOSSARY: Dict[str, Dict[str, Tuple[str, str]]] = {
    "en": {
        "point": ("Point", "One of the 24 long triangles on the board. Each player numbers "
                  "them from 1 to 24 from their own side, so your 1-point is your opponent's 24-point."),
        "home_board": ("Home board", "Your points 1 to 6, the quarter where your checkers finish "
                       "their journey. Every checker must be here before you can bear off."),
        "outer_board": ("Outer board", "Your points 7 to 12, on the other side of the bar from your home board."),
        "bar": ("Bar", "The raised strip across the middle of the board. Checkers that are hit wait here "
                "until they enter again."),
        "blot": ("Blot", "A single checker alone on a point. It can be hit."),
        "hit": ("Hit", "Landing on an opposing blot. The blot goes to the bar and has to start again."),
        "made_point": ("Made point", "A point holding two or more of your checkers. Your opponent cannot "
                       "land there, and your checkers on it are safe."),
        "prime": ("Prime", "Several made points in a row. A full prime is six in a row, and no checker "
                  "behind it can get past."),
        "anchor": ("Anchor", "A made point in your opponent's home board. It is a safe base for your back "
                   "checkers and a landing spot if you are hit."),
        "entering": ("Entering", "Bringing a checker from the bar back into play in your opponent's home "
                     "board. Nothing else may move while you have a checker on the bar."),
        "bearing_off": ("Bearing off", "Taking your checkers off the board once all fifteen are in your home "
                        "board. The first player to bear off every checker wins."),
        "pip_count": ("Pip count", "The total number of points all your checkers still have to travel to "
                      "bear off. At the start it is 167 for each side; the lower count is ahead in the race."),
        "race": ("Race", "A position where the two sides have passed each other and can no longer hit: "
                 "whoever rolls better gets home first."),
        "gammon": ("Gammon", "Winning before the loser has borne off a single checker. It is worth double."),
        "backgammon": ("Backgammon", "A gammon where the loser still has a checker on the bar or in the "
                       "winner's home board. It is worth triple."),
    },
    "zh": {
        "point": ("点（point）", "棋盘上的 24 个长三角形。双方各自从己方这边编号 1 到 24，所以你的 1 号点就是对手的 24 号点。"),
        "home_board": ("内盘（home board）", "你的 1 至 6 号点，也是你的棋子最后的归宿。只有全部棋子都进了内盘，才能开始收子。"),
        "outer_board": ("外盘（outer board）", "你的 7 至 12 号点，与内盘隔着中栏相对。"),
        "bar": ("中栏（bar）", "横在棋盘正中的隔条。被打掉的棋子放在这里，等着重新进场。"),
        "blot": ("孤子（blot）", "单独留在一个点上的一枚棋子，对手落到这里就能把它打掉。"),
        "hit": ("打子（hit）", "走到对手的孤子上。那枚孤子被送上中栏，要从头再走一遍。"),
        "made_point": ("成点（made point）", "有两枚或更多己方棋子的点。对手不能落在这里，上面的棋子也就安全了。"),
        "prime": ("封锁线（prime）", "连在一起的几个成点。六个连成一排就是完整的封锁线，被挡在后面的棋子无论如何都过不去。"),
        "anchor": ("锚点（anchor）", "建在对手内盘里的成点。后方的棋子有了落脚之处，被打之后进场也有地方可站。"),
        "entering": ("进场（entering）", "把中栏上的棋子放回对手的内盘，重新投入游戏。中栏上还有棋子时，其他棋子一律不能动。"),
        "bearing_off": ("收子（bearing off）", "全部十五枚棋子进入内盘后，把它们一枚枚移出棋盘。谁先收完谁获胜。"),
        "pip_count": ("总点数（pip count）", "你所有棋子收完还需要走的总格数。开局时双方都是 167 点，总点数少的一方在竞速中领先。"),
        "race": ("竞速（race）", "双方棋子已经完全错开、再也不会互相打子的局面。这时比的就是谁的骰子更好、谁先回家。"),
        "gammon": ("全胜（gammon）", "对手一枚棋子都还没收时你就赢了。分值翻倍。"),
        "backgammon": ("完胜（backgammon）", "在全胜的基础上，对手还有棋子留在中栏或你的内盘里。分值是三倍。"),
    },
}

# -- opening moves -------------------------------------------------------------

#: (roll, play in the mover's own point numbers) for the opening section.
#: Non-doubles are opening rolls; the doubles can only come as the first reply.
OPENING_MOVES: Tuple[Tuple[str, str], ...] = (
    ("3-1", "8/5 6/5"),
    ("4-2", "8/4 6/4"),
    ("6-1", "13/7 8/7"),
    ("5-3", "8/3 6/3"),
    ("6-5", "24/13"),
    ("6-4", "24/14"),
    ("5-2", "13/8 13/11"),
    ("2-1", "13/11 6/5"),
    ("6-6", "24/18(2) 13/7(2)"),
    ("5-5", "13/3(2)"),
    ("4-4", "24/20(2) 13/9(2)"),
    ("3-3", "8/5(2) 6/3(2)"),
)

_OPENING_NOTES: Dict[str, Dict[str, str]] = {
    "en": {
        "3-1": "makes your 5-point, the most valuable point on the board. The best opening roll there is.",
        "4-2": "makes your 4-point, almost as good.",
        "6-1": "makes your bar point and starts a wall in front of your opponent's back checkers.",
        "5-3": "makes your 3-point. Deeper and less useful than the 5 or 4, but a point is a point.",
        "6-5": "\"lover's leap\": one back checker runs all the way to the safety of the midpoint.",
        "6-4": "runs a back checker. Making the 2-point with 8/2 6/2 is a fair alternative.",
        "5-2": "brings two builders down from the midpoint to aim at your 5-, 4- and bar points.",
        "2-1": "a slot: it risks a blot on the 5-point in the hope of covering it next turn.",
        "6-6": "takes both bar points at once: yours and your opponent's.",
        "5-5": "makes your 3-point with two checkers from the midpoint.",
        "4-4": "an anchor on your 20-point and a point on your 9-point.",
        "3-3": "makes your 5-point and your 3-point.",
    },
    "zh": {
        "3-1": "做成 5 号点，这是全盘最有价值的一个点，也是最好的开局骰。",
        "4-2": "做成 4 号点，价值仅次于 5 号点。",
        "6-1": "做成 7 号点（栏点），在对手后方棋子的前面筑起第一道墙。",
        "5-3": "做成 3 号点。位置偏深，不如 5 号点和 4 号点，但成点总比不成好。",
        "6-5": "俗称“情人跳”：一枚后方棋子一口气跑到安全的中点（13 号点）。",
        "6-4": "让一枚后方棋子出逃。也可以走 8/2 6/2 做成 2 号点。",
        "5-2": "从中点拉下两枚棋子，为接下来做 5 号点、4 号点和 7 号点备好材料。",
        "2-1": "“占位”走法：先在 5 号点放一枚孤子冒点风险，指望下一轮把它补成成点。",
        "6-6": "一次占下双方的栏点：你的 7 号点和对手的 7 号点（你的 18 号点）。",
        "5-5": "用中点的两枚棋子做成 3 号点。",
        "4-4": "在你的 20 号点建锚点，同时做成 9 号点。",
        "3-3": "同时做成 5 号点和 3 号点。",
    },
}


def _glossary_paragraphs(lang: str) -> List[str]:
    terms = GLOSSARY[lang]
    sep = " — " if lang == "en" else "："
    return [f"<b>{terms[k][0]}</b>{sep}{terms[k][1]}" for k in GLOSSARY_KEYS]


def _opening_paragraphs(lang: str, intro: List[str], doubles_intro: str) -> List[str]:
    notes = _OPENING_NOTES[lang]
    sep = " — " if lang == "en" else "："
    out = list(intro)
    for roll, play in OPENING_MOVES:
        a, b = roll.split("-")
        if a == b and doubles_intro not in out:
            out.append(doubles_intro)
        out.append(f"<b>{roll}  {play}</b>{sep}{notes[roll]}")
    return out


# -- English -------------------------------------------------------------------

_EN: List[Section] = [
    Section("The aim of the game", [
        "Backgammon is a race with collisions. Each player has fifteen checkers that travel around "
        "the board in opposite directions, driven by the roll of two dice. The first to bring all "
        "fifteen home and take them off the board wins.",
        "Luck decides single rolls, skill decides the long run: choosing how to play each roll, and "
        "when to raise the stakes with the doubling cube.",
    ], "aim"),
    Section("The board", [
        "The board has 24 narrow triangles called points, in four quarters of six. A strip down the "
        "middle, the bar, splits each player's side into a home board and an outer board.",
        "Each player counts the points from their own point of view. Your home board is points 1 to 6, "
        "your outer board 7 to 12, your opponent's outer board 13 to 18 and their home board 19 to 24. "
        "Your checkers move from the 24-point down toward the 1-point and then off the board; your "
        "opponent's checkers travel the same path the other way round.",
    ], "board"),
    Section("Setting up", [
        "Counting from your own side, you start with two checkers on your 24-point, five on your "
        "13-point (the midpoint), three on your 8-point and five on your 6-point. Your opponent's "
        "checkers stand on the same points counted from their side, so the two armies face each "
        "other in mirror image.",
    ], "setup"),
    Section("Moving the checkers", [
        "On your turn you roll both dice and move your checkers forward by the numbers shown. Each "
        "die is a separate move: with a 5 and a 2 you can move one checker 5 points and another "
        "2 points, or one checker 7 points in total, stopping after the first die on the way.",
        "A checker may stop on a point that is empty, holds your own checkers, or holds a single "
        "opposing checker. A point with two or more opposing checkers is blocked: you may neither "
        "land there nor stop there on the way. Any number of your own checkers may share a point.",
        "Checkers only ever move forward, toward your home board.",
    ], "movement"),
    Section("Who starts", [
        "To begin, each player rolls one die. The higher number moves first and plays both numbers "
        "that were just rolled as the first move. If the two dice are equal, both players roll again. "
        "After the first move the players take turns, each rolling both dice.",
    ], "opening_roll"),
    Section("Rolling doubles", [
        "When both dice show the same number you have rolled doubles, and you play that number four "
        "times instead of twice. A 4-4, for example, gives you four moves of 4 to share among your "
        "checkers however you like.",
    ], "doubles"),
    Section("Blots, hitting and the bar", [
        "A checker standing alone on a point is a blot. If one of your checkers lands on your "
        "opponent's blot, you hit it: the blot is lifted off and put on the bar.",
        "A hit checker is not out of the game, but it has to start its journey again from the very "
        "beginning. Hitting is therefore one of the quickest ways to gain ground.",
    ], "hitting"),
    Section("Entering from the bar", [
        "While you have a checker on the bar you may not move any other checker. First it has to "
        "enter your opponent's home board: a 1 brings it in on your 24-point, a 2 on your 23-point, "
        "and so on up to a 6 on your 19-point. It can only enter on a point that is not blocked.",
        "If neither die lets you enter, your whole turn is lost. With two checkers on the bar, both "
        "must enter before anything else moves. If all six points of your opponent's home board are "
        "made, you cannot enter at all and simply wait until a point opens.",
    ], "entering"),
    Section("Using both dice", [
        "You must use both numbers whenever you legally can, even when you would rather not. If only "
        "one of the two can be played, play that one. If either could be played but not both, you "
        "must play the larger. With doubles, play as many of the four moves as you can. Numbers that "
        "cannot be used are lost.",
        "The game only accepts legal plays, so it will hold you to these rules.",
    ], "both_dice"),
    Section("Bearing off", [
        "Once all fifteen of your checkers are in your home board you may start bearing them off. "
        "A die takes off a checker from the point with that number: a 3 bears off a checker from "
        "your 3-point.",
        "If that point is empty, you must use the die to move a checker down from a higher point. "
        "Only when there is no checker on any higher point may you take one off from your highest "
        "occupied point instead. You are never forced to bear off: moving inside your home board is "
        "always allowed.",
        "If a checker is hit while you are bearing off, it has to enter and come all the way home "
        "again before you can take off any more.",
    ], "bearing_off"),
    Section("Winning: single, gammon, backgammon", [
        "The first player to bear off all fifteen checkers wins. The win is worth more the further "
        "behind the loser is:",
        "<b>Single game</b>, 1 point: the loser has borne off at least one checker.",
        "<b>Gammon</b>, 2 points: the loser has not borne off any checker yet.",
        "<b>Backgammon</b>, 3 points: the loser has not borne off any checker and still has one on "
        "the bar or in the winner's home board.",
        "The result is then multiplied by the value of the doubling cube.",
        "A player who sees no hope can offer to resign a single game, a gammon or a backgammon. If "
        "the opponent accepts, the game ends there with that result; if not, play goes on.",
    ], "winning"),
    Section("The doubling cube", [
        "With the doubling cube switched on, the stakes can rise during a game. The cube starts in "
        "the middle at a value of 1 (it shows 64, its highest face). At the start of your turn, "
        "before you roll, you may double: propose to play on for twice the current stakes.",
        "Your opponent then chooses. To <b>take</b> is to accept: the game continues at double "
        "value, and the cube moves to their side. To <b>drop</b> is to refuse: they give up the game "
        "at once and lose the stakes as they were before the double.",
        "Only the player who owns the cube may double next, so after a take the next double can "
        "only come from the player who took. In this game the cube goes up to 64.",
    ], "cube"),
    Section("The Crawford rule", [
        "In a match with the cube, the first time a player comes within one point of winning, the "
        "next game is the Crawford game, played without the cube. Otherwise the trailing player "
        "would double at once in every game with nothing to lose. After the Crawford game the cube "
        "is back in play for the rest of the match.",
    ], "crawford"),
    Section("Matches", [
        "A match is played to a set number of points; here you can choose 1, 5 or 7. Every game adds "
        "its points (single, gammon or backgammon, times the cube) to the winner's score, and the "
        "first player to reach the target wins the match. A 1-point match is simply a single game.",
        "Points beyond the target count for nothing. Near the end of a match that changes the right "
        "decisions: a gammon may win the match outright, or may be worth nothing extra at all.",
    ], "matches"),
    Section("Reading the moves", [
        "Moves are written in each player's own point numbers. 13/7 moves a checker from the 13-point "
        "to the 7-point; 8/5 6/5 moves one checker from 8 to 5 and another from 6 to 5. An asterisk "
        "marks a hit (13/7*), (2) means the same move twice, \"bar\" is the bar and \"off\" is off the "
        "board: bar/22, 6/off.",
        "<b>Ctrl+C</b> on the board copies the whole position as text: whose turn and the dice, the "
        "score, the cube, the pip counts, where each side's checkers stand, and GNU Backgammon's "
        "Position ID and Match ID, to paste into a message or an analysis program. <b>I</b> copies the two IDs alone.",
    ], "notation"),
    Section("Glossary", _glossary_paragraphs("en"), "glossary"),
    Section("Opening moves", _opening_paragraphs("en", [
        "Good ways to play the first roll, from the mover's side of the board. They are sound "
        "choices, not the only ones.",
    ], "A double cannot be the opening roll, but it can be the first reply:"), "openings"),
    Section("Seeing the board: top and oblique view", [
        "Two buttons at the board's top-right corner choose how you see the table: the <b>top view</b> "
        "(the square icon) shows the board from straight above; the <b>oblique view</b> (the slanted "
        "icon) shows it in perspective from your chair, with the checkers' thickness, their shadows and "
        "the dice tumbling as cubes. The V key, the left stick's click, or Settings switch them too, and "
        "the game remembers your choice. Point at a button, or reach it with Tab, and its name shows beside it.",
        "In the oblique view, drag on an empty part of the board (or push the right stick) to turn it, "
        "within limits; the mouse wheel, a two-finger pinch or the triggers zoom towards where you point. "
        "Home (or the right stick's click) brings back the usual view. When two play on one screen, the "
        "board turns to whoever is on roll, in both views.",
        "Everything works the same in both views: click or drag the checkers, use the keys or a "
        "controller, ask for a hint. Tab, the arrow keys (a TV remote's arrows and OK) and a "
        "controller's shoulder buttons and d-pad reach the two view buttons as they reach any other button.",
    ], "views"),
    Section("Playing without seeing the board", [
        "Everything the board shows is also said in words: whose turn it is, the dice, every step of "
        "both sides (\"Black: 13 to 8, hits\"), the cube, passes, the result and the score. Turn on "
        "<b>Speak</b> in Settings, Seeing and hearing (or start the game with <b>--speak</b>): the words go "
        "to your screen reader (NVDA, JAWS, VoiceOver, Orca through speech-dispatcher) or to a speech "
        "engine, at the rate you choose. Moving the focus with Tab or the arrows says the button, the "
        "point and its checkers, or the place a checker can go.",
        "Keys that ask, at any moment of a game: <b>W</b> the whole position; <b>1</b> to <b>4</b> one "
        "quarter of the board (1 is your home board); <b>P</b> the pip counts; <b>G</b> the dice left; "
        "<b>M</b> the steps you may play; <b>B</b> the last move; <b>S</b> the score and the cube; "
        "<b>R</b> the last announcement again; <b>Q</b>, the <b>Ask</b> button at the top or a controller's Guide button: all of them as a list.",
        "<b>H</b> the hint: the expert's best plays, or before the roll the cube advice. With it shown, "
        "<b>Shift+R</b> (or Roll out in the Q list) rolls it out: each play, or the position, played out hundreds "
        "of times, with the equity and its margin, the chances of winning and of a gammon, said as it ends. In the "
        "review, Shift+R or the Roll out button rolls out the play made and the best alternatives.",
        "The point cursor: <b>]</b> and <b>[</b> walk every point from 1 to 24, then the bar and the borne-off checkers, "
        "empty points too, saying each; <b>X</b> the bar; <b>O</b> the checkers borne off; <b>K</b> the cube. "
        "Enter on a checker says where it may go; an arrow that finds nothing that way says so.",
        "Seeing and hearing also offers a <b>colour-blind</b> board, whose two sides and targets differ "
        "by pattern and outline as well as colour, a <b>high-contrast</b> board, and <b>large text</b>.",
    ], "access"),
    Section("Tips", [
        "<b>Make points.</b> Two checkers together are safe and block your opponent. Your 5-point, "
        "4-point and bar point are the most useful ones to own early.",
        "<b>Mind your blots.</b> A blot within six points of an enemy checker is far more likely to "
        "be hit than one further away. If you must leave a blot, leave it where few numbers hit it.",
        "<b>Spread your builders.</b> Checkers on different points just above the one you want to "
        "make give you more rolls that make it than a big stack on one point.",
        "<b>Count the race.</b> If your pip count is well ahead, get home safely. If you are behind, "
        "keep an anchor at the back and wait for a shot.",
        "<b>When in doubt, hit.</b> Every hit costs your opponent distance and time, and a checker "
        "on the bar cannot attack you.",
        "<b>Taking a double.</b> Take when you expect to win at least one game in four: dropping "
        "costs one unit for certain, taking and losing costs two.",
        "<b>Doubling in a race.</b> As a rough guide, double when you lead by about 8% of your pip "
        "count; your opponent can still take while the lead is under about 12%.",
        "<b>Bearing off safely.</b> While your opponent still holds a point in your home board, "
        "clear your points from the back and avoid gaps, so that you do not leave a late blot.",
    ], "tips"),
]

# -- Simplified Chinese --------------------------------------------------------

_ZH: List[Section] = [
    Section("游戏目标", [
        "西洋双陆棋是一场会互相碰撞的赛跑。双方各有十五枚棋子，按两颗骰子掷出的点数，沿相反方向绕棋盘前进。"
        "谁先把十五枚棋子全部带回家并移出棋盘，谁就获胜。",
        "一次掷骰看运气，长期下来看功夫：每一步怎么走，什么时候用加倍骰抬高赌注，都大有讲究。",
    ], "aim"),
    Section("认识棋盘", [
        "棋盘上有 24 个细长的三角形，叫作“点”，分成四个区，每区六个。中间隔着一条中栏，把每一方的半边棋盘分成内盘和外盘。",
        "双方都从自己的角度给点编号：你的内盘是 1 至 6 号点，外盘是 7 至 12 号点，对手的外盘是 13 至 18 号点，"
        "对手的内盘是 19 至 24 号点。你的棋子从 24 号点往 1 号点方向走，最后移出棋盘；对手沿同一条路反方向走。",
    ], "board"),
    Section("摆棋", [
        "按你自己的编号：24 号点放两枚，13 号点（中点）放五枚，8 号点放三枚，6 号点放五枚。"
        "对手按他自己的编号摆在同样的点上，双方的阵形正好互为镜像。",
    ], "setup"),
    Section("走棋", [
        "轮到你时掷两颗骰子，按点数让棋子向前走。每颗骰子算一步：掷出 5 和 2，可以让一枚棋子走 5 格、另一枚走 2 格，"
        "也可以让同一枚棋子连走 7 格，但中途要先停在走完第一颗骰子的那个点上。",
        "棋子可以停在空点、己方棋子所在的点，或者只有一枚对方棋子的点上。有两枚或更多对方棋子的点被封住了，"
        "既不能落脚，中途也不能停留。同一个点上放多少枚己方棋子都可以。",
        "棋子只能向前走，朝自己的内盘方向，不能后退。",
    ], "movement"),
    Section("谁先走", [
        "开局时双方各掷一颗骰子，点数大的一方先走，并且直接用刚掷出的这两个点数走第一步。"
        "如果两颗骰子点数相同，就重新掷。之后双方轮流行棋，每次掷两颗骰子。",
    ], "opening_roll"),
    Section("掷出对子", [
        "两颗骰子点数相同叫“对子”，这个点数要走四次而不是两次。比如掷出 4-4，你就有四个 4 步，可以随意分配给各枚棋子。",
    ], "doubles"),
    Section("孤子、打子与中栏", [
        "单独待在一个点上的棋子叫孤子。你的棋子落到对手的孤子上，就把它“打”掉了：那枚棋子被拿起来，放到中栏上。",
        "被打的棋子并没有出局，但要回到起点重新走一遍。所以打子是拉开差距最快的办法之一。",
    ], "hitting"),
    Section("从中栏进场", [
        "只要你还有棋子在中栏上，其他棋子就都不能动，必须先让它在对手的内盘进场：掷出 1 进到你的 24 号点，"
        "掷出 2 进到 23 号点，依此类推，掷出 6 进到 19 号点。被封住的点不能进。",
        "两颗骰子都进不了场，这一轮就整轮作废。中栏上有两枚棋子时，两枚都进场之后才能走别的棋。"
        "如果对手内盘的六个点全部封死，你就完全无法进场，只能等对方让出一个点。",
    ], "entering"),
    Section("两颗骰子都要用", [
        "只要规则允许，两个点数都必须用掉，哪怕你并不想这样走。只能走其中一个点数时，就走能走的那个；"
        "两个点数各自都能走、却不能都走时，必须走大的那个。掷出对子时，四步能走几步就走几步。用不上的点数作废。",
        "本游戏只接受合法的走法，会自动帮你守住这些规则。",
    ], "both_dice"),
    Section("收子", [
        "十五枚棋子全部进入内盘后，才可以开始收子。骰子掷出几，就从几号点移出一枚棋子：掷出 3，就从 3 号点收走一枚。",
        "如果那个点上没有棋子，就必须用这个点数把更高点上的棋子往前走。只有更高的点上都没有棋子时，"
        "才可以改从你现有的最高点收子。你也从不被强迫收子：在内盘里往前挪动始终是允许的。",
        "收子途中如果有棋子被打，它必须先进场、一路走回内盘，你才能继续收子。",
    ], "bearing_off"),
    Section("胜负：单胜、全胜、完胜", [
        "先把十五枚棋子全部收完的一方获胜。输的一方落后越多，这一局的分值就越高：",
        "<b>单胜</b>，1 分：输家至少已经收走了一枚棋子。",
        "<b>全胜（gammon）</b>，2 分：输家一枚棋子都还没收。",
        "<b>完胜（backgammon）</b>，3 分：输家一枚都没收，而且还有棋子留在中栏或赢家的内盘里。",
        "最后再乘以加倍骰上的数值。",
        "觉得已经没有希望时，可以提出认输，分单胜、全胜、完胜三档。对手同意，这一局就按所提的结果结束；对手拒绝，就接着下。",
    ], "winning"),
    Section("加倍骰", [
        "打开加倍骰后，一局棋中途可以抬高赌注。加倍骰开始时放在中间，数值为 1（它朝上的一面是最大的 64）。"
        "轮到你时，在掷骰子之前，你可以提出加倍：请对方同意以当前两倍的分值继续下。",
        "接下来由对手决定。<b>接受</b>：棋局以两倍分值继续，加倍骰归到接受的一方。"
        "<b>放弃</b>：对方当场认输，按加倍之前的分值输掉这一局。",
        "只有拥有加倍骰的一方才能再次加倍，所以接受之后，下一次加倍只能由接受的一方提出。本游戏中加倍骰最高到 64。",
    ], "cube"),
    Section("克劳福德规则", [
        "在使用加倍骰的比赛中，一方第一次打到只差 1 分就赢下比赛时，接下来的一局叫克劳福德局，这一局不能加倍。"
        "不然落后的一方每局一开始就会加倍，反正也没什么可输的。克劳福德局之后，加倍骰在余下的比赛里照常使用。",
    ], "crawford"),
    Section("比赛", [
        "比赛事先定好要打到多少分，本游戏可选 1 分、5 分或 7 分。每局的得分（单胜、全胜或完胜，再乘以加倍骰）"
        "记到赢家名下，先达到目标分数的一方赢得整场比赛。1 分赛其实就是一局定胜负。",
        "超出目标的分数没有意义，所以到了比赛后段，正确的判断会跟着变：一次全胜可能直接拿下比赛，也可能一分都不多得。",
    ], "matches"),
    Section("看懂棋谱", [
        "棋谱都按走棋一方自己的点号来写。13/7 表示一枚棋子从 13 号点走到 7 号点；8/5 6/5 表示一枚从 8 走到 5，"
        "另一枚从 6 走到 5。星号表示打子（13/7*），(2) 表示同样的走法走两次，bar 指中栏，off 指移出棋盘，"
        "例如 bar/22、6/off。",
        "在棋盘上按 <b>Ctrl+C</b>，会把整个局面作为文字复制下来：轮到谁和骰子、比分、加倍骰、总点数、双方棋子的位置，"
        "以及 GNU Backgammon 的局面 ID 和比赛 ID，可以粘贴到消息或分析软件里。按 <b>I</b> 只复制这两个 ID。",
    ], "notation"),
    Section("术语表", _glossary_paragraphs("zh"), "glossary"),
    Section("开局走法", _opening_paragraphs("zh", [
        "下面是第一手的常见好走法，点号都按走棋一方来数。它们都稳妥可靠，但并不是唯一的选择。",
    ], "开局第一掷不会是对子，但应对的第一手可能是："), "openings"),
    Section("看棋盘：俯视角与斜视角", [
        "棋盘右上角的两个按钮决定怎样看棋桌：<b>俯视角</b>（方形图标）从正上方看棋盘；<b>斜视角</b>（斜面图标）"
        "从你的座位透视地看棋盘，棋子有厚度和影子，骰子像立方体一样翻滚。也可以按 V 键、按下左摇杆，"
        "或在设置里切换，游戏会记住你的选择。把指针移到按钮上或用 Tab 选中它，旁边就会显示它的名字。",
        "斜视角下，在棋盘的空白处拖动（或推右摇杆）可以在一定范围内转动棋盘；鼠标滚轮、双指捏合或扳机键"
        "会朝指针所指的地方缩放。按 Home 键（或按下右摇杆）回到默认视角。两人同屏对战时，无论哪种视角，"
        "棋盘都会转向该掷骰的一方。",
        "两种视角下操作完全相同：点击或拖动棋子，用键盘或手柄，请求提示都可以。Tab 键、方向键（电视遥控器的方向键和确定键）"
        "以及手柄的肩键和十字键，都能像选中其他按钮一样选中这两个视角按钮。",
    ], "views"),
    Section("不看棋盘也能下", [
        "棋盘上的一切也会用文字说出来：轮到谁、骰子、双方的每一步（“黑方：13 到 8，打子”）、加倍骰、"
        "无棋可走、胜负和比分。在“设置 → 视觉与朗读”里打开<b>朗读</b>（或用 <b>--speak</b> 启动游戏）："
        "文字会交给你的读屏软件（如 NVDA 或 VoiceOver，Linux 上经由 speech-dispatcher 交给 Orca）或语音引擎，"
        "语速可调。用 Tab 或方向键移动焦点时，会读出按钮、所在的点和上面的棋子，或棋子能去的位置。",
        "对局中随时可用的询问键：<b>W</b> 整个局面；<b>1</b> 到 <b>4</b> 棋盘的四个区（1 是你的内盘）；"
        "<b>P</b> 总点数；<b>G</b> 剩下的骰子；<b>M</b> 可走的步；<b>B</b> 上一步；<b>S</b> 比分和加倍骰；"
        "<b>R</b> 重复上一条播报；<b>Q</b>、顶部的<b>询问</b>按钮或手柄的 Guide 键把这些列成菜单。",
        "<b>H</b> 提示：高手的最佳走法，掷骰前则是加倍建议。提示显示时，按 <b>Shift+R</b>（或 Q 菜单里的“推演”）"
        "进行推演：把每种走法或当前局面下几百局，给出期望值及其误差、胜率和全胜率，结束时读出来。"
        "复盘时，按 Shift+R 或“推演”按钮推演实战走法和最佳的几种走法。",
        "逐点查看：<b>]</b> 和 <b>[</b> 从 1 点走到 24 点，再到中栏和已收子，空点也读；"
        "<b>X</b> 中栏；<b>O</b> 已收子；<b>K</b> 加倍骰。在棋子上按回车会读出它能去的点；方向键那边没有东西时也会说出来。",
        "“视觉与朗读”里还有<b>色盲友好</b>棋盘（双方棋子和目标位置除了颜色还用花纹和轮廓区分）、"
        "<b>高对比度</b>棋盘和<b>大字</b>。",
    ], "access"),
    Section("实战要点", [
        "<b>多做成点。</b>两枚棋子在一起就安全，还能挡住对手。开局阶段最值得抢的是 5 号点、4 号点和 7 号点。",
        "<b>留意孤子。</b>离对方棋子 6 格以内的孤子，被打的机会比更远的大得多。实在要留孤子，就留在对方难以掷中的位置。",
        "<b>分散材料。</b>想做某个点时，把几枚棋子分散放在它上方不同的点上，比全部堆在一个点上有更多机会做成。",
        "<b>算清总点数。</b>总点数明显领先，就稳稳跑回家；总点数落后，就在后方守住锚点，等待打子的机会。",
        "<b>拿不准时就打。</b>每打掉一枚棋子，对手都要损失路程和时间；棋子在中栏上时，也没法反过来威胁你。",
        "<b>接受加倍。</b>只要估计至少四局能赢一局，就应该接受：放弃必定输 1 个单位，接受后输掉也只输 2 个单位。",
        "<b>竞速中的加倍。</b>粗略地说，领先自己总点数的 8% 左右就可以加倍；领先不到 12% 左右时，对手仍然可以接受。",
        "<b>安全收子。</b>对手在你的内盘还守着点时，从后往前清点，不要留空档，免得最后关头露出孤子。",
    ], "tips"),
]

HELP: Dict[str, List[Section]] = {"en": _EN, "zh": _ZH}


def normalise_language(lang: Optional[str]) -> str:
    """``'zh_CN'``, ``'zh-Hans'`` → ``'zh'``; anything unknown → ``'en'``."""
    if not lang:
        return DEFAULT_LANGUAGE
    base = re.split(r"[-_.@]", lang.strip().lower(), maxsplit=1)[0]
    return base if base in HELP else DEFAULT_LANGUAGE


def sections(lang: Optional[str]) -> List[Section]:
    """The help sections for ``lang``, falling back to English."""
    return HELP[normalise_language(lang)]


# -- layout for pygame_gui ----------------------------------------------------------

_TAG = re.compile(r"<[^>]*>")
_ATOM = re.compile(r"<[^>]*>|\s+|[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]|[^\s<\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]+|.")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]")
# characters that may not begin a line, and those that may not end one
_NO_START = set("，。、；：？！）》」』】〕”’…—·％,.;:?!)]}%")
_NO_END = set("（《「『【〔“‘([{")


def _plain(text: str) -> str:
    return _TAG.sub("", text)


def _is_cjk(ch: str) -> bool:
    return bool(_CJK.match(ch))


def _can_break(before: str, after: str) -> bool:
    """May a line end after the character ``before`` and the next begin with ``after``?"""
    return (_is_cjk(before) or _is_cjk(after)) and after not in _NO_START and before not in _NO_END


def _segments(text: str) -> List[str]:
    """Split a paragraph into pieces that must stay on one line; ``" "``
    stands for a breakable space.  Breaks are allowed at spaces and next to
    CJK characters, except before closing or after opening punctuation.
    Tags have no width: an opening tag sticks to the text after it, a
    closing tag to the text before it."""
    segs: List[str] = []
    cur = ""        # the piece being built
    opening = ""    # opening tags waiting for their text
    last = ""       # the last visible character of ``cur``
    for atom in _ATOM.findall(text):
        if atom.isspace():
            if cur:
                segs.append(cur)
            segs.append(" ")
            cur, last = "", ""
        elif atom.startswith("</") and _TAG.fullmatch(atom):
            if cur:
                cur += atom
            else:
                opening += atom
        elif atom.startswith("<") and _TAG.fullmatch(atom):
            opening += atom
        else:
            if cur and last and _can_break(last, atom[0]):
                segs.append(cur)
                cur = ""
            cur += opening + atom
            opening = ""
            last = atom[-1]
    cur += opening
    if cur:
        segs.append(cur)
    return segs


def wrap_html(text: str, measure: Callable[[str], int], width: int) -> str:
    """Insert ``<br>`` into ``text`` so that no line is wider than ``width``.

    ``measure`` gives a string's width in pixels (for example
    ``lambda s: font.size(s)[0]`` with the text box's font).  Lines break at
    spaces, as pygame_gui would, and also between Chinese characters,
    keeping punctuation with the character it belongs to.  A single piece
    wider than ``width`` stays on a line of its own.

    pygame_gui measures a little differently (bold runs, word chunks), so
    pass a width some pixels under the text box's wrap width, e.g.
    ``box.text_wrap_rect.width - 12``; otherwise a line that only just fits
    may be broken a second time by pygame_gui."""
    lines: List[str] = []
    line = ""
    space = False
    for seg in _segments(text):
        if seg == " ":
            space = bool(line)
            continue
        candidate = line + (" " if space else "") + seg
        if line and _plain(line).strip() and measure(_plain(candidate)) > width:
            lines.append(line)
            line = seg
        else:
            line = candidate
        space = False
    if line:
        lines.append(line)
    return "<br>".join(lines)


def as_html(lang: Optional[str], measure: Optional[Callable[[str], int]] = None,
            width: Optional[int] = None) -> str:
    """The whole help screen as pygame_gui HTML: each section a bold title
    over its paragraphs, with a blank line after every paragraph.  With ``measure`` and ``width`` every paragraph is
    pre-wrapped by :func:`wrap_html` (needed for Chinese)."""
    def fit(p: str) -> str:
        return wrap_html(p, measure, width) if measure is not None and width else p

    blocks = []
    for sec in sections(lang):
        blocks.append(f"<b>{fit(sec.title)}</b><br>" + "<br><br>".join(fit(p) for p in sec.paragraphs))
    return "<br><br>".join(blocks)
