"""A child process for tests/test_saves.py: the real app, headless, storing in
``$BACKGAMMON_HOME``.  From the lobby, by real clicks, it starts a match
(``hotseat`` or ``computer``), rolls for the human, makes one step of the
turn, prints ``READY {json}`` (the turn's start, the dice, the board now)
and then runs the app's frames until the test kills it with SIGKILL.

    python tests/kill_harness.py hotseat|computer [seed]
"""

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.input.match_intents import PlayStep  # noqa: E402
from game.store.settings import Settings  # noqa: E402
from game.testing import AppDriver  # noqa: E402


def main() -> int:
    mode = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    d = AppDriver(size=(800, 600), seed=seed, settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0, auto_end_turn=False))
    lobby = d.scene
    d.click_button(lobby.rows["mode"].button_for(mode))
    if mode == "computer":
        d.click_button(lobby.rows["level"].button_for("beginner"))
        d.click_button(lobby.rows["colour"].button_for("white"))
    d.click_button(lobby.play_button)
    s = d.session
    for _ in range(200):  # until the human has rolled a roll that can be played
        d.settle()
        g = s.game
        if g.phase == "move" and s.human_to_act:
            break
        if s.can_roll():
            d.click(d.dice_pos())
    g = s.game
    assert g.phase == "move" and s.human_to_act, g.phase
    start, dice = g.turn_start.to_id(), list(g.dice)
    st = g.current_turn.legal_steps()[0]
    d.scene.do(PlayStep(st.frm, st.to, st.die))  # one step of the turn: not saved
    d.frames(2)
    d.app.saves.flush()  # the turn's start is on disk (written off the frame loop)
    print("READY " + json.dumps({
        "start": start, "dice": dice, "now": g.position.to_id(), "turn": g.turn,
        "log": len(g.log), "game_number": s.match.game_number, "score": list(s.match.score),
    }), flush=True)
    while True:  # the game goes on running until it is killed
        d.app.frame(1.0 / 60)
        time.sleep(0.01)


if __name__ == "__main__":
    sys.exit(main())
