"""What the game asks of the computer it runs on: the window, sound, the
clipboard, memory, the Linux menu entry, a small cache, and invite links
from outside (a second launch, the window, the Windows registry).  Imports only
:mod:`game.words` of the game."""
