"""The toolkit the screens are made of: the app as a screen sees it
(:mod:`~game.ui.host`), the requests a screen may make (:mod:`~game.ui.navigation`),
the scene stack (:mod:`~game.ui.stack`), the menu screens' widgets and focus
(:mod:`~game.ui.menu`), the theme and its fonts (:mod:`~game.ui.theme`,
:mod:`~game.ui.uifonts`, :mod:`~game.ui.fontfaces`, :mod:`~game.ui.shapes`,
:mod:`~game.ui.look`), text fitting (:mod:`~game.ui.textfit`), the focus in words
(:mod:`~game.ui.spoken`) and the keys of a text field (:mod:`~game.ui.typing`).

It sits under both the screens (:mod:`game.scenes`) and the match screen's
parts (:mod:`game.match`), and imports neither.
"""
