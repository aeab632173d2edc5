"""The match screen's parts, under the scene (game/scenes/match.py): the controller, the actions,
the questions, the presenter (session state -> plain values), the side panel, the top bar, the table
view, the words of a match and its friend side."""
