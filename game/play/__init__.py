"""The match in play, without pygame's screens: the session and its seats
(this screen's player, the computer, a friend over the network), the
happenings it leaves, hints, the tutor, the move log, a match's options,
the saved game and the review's model.  Imports only :mod:`game.words`,
:mod:`game.store` and :mod:`game.net` of the game."""
