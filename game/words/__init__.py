"""Every word a player sees or hears, read from the gettext catalogs in
``game/locale`` (:mod:`~game.words.i18n`, ``t(key, ...)``; the catalogs
themselves: :mod:`~game.words.catalogs`), the Rules & help screen's layout,
and which font draws which language.  Imports nothing else of the game."""
