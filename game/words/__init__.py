"""Every word a player sees: the English table and its translations
(:mod:`~game.words.i18n`, ``t(key, ...)``), the Rules & help text, and which
font draws which language.  Imports nothing else of the game."""
