"""What is kept on disk: the player's folders, the settings, the records,
the recent matches, the seat of a friend game, ``.mat`` exports; JSON
written atomically, with backups, damaged files set aside.  Imports only
:mod:`game.words` of the game."""
