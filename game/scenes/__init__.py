"""Scenes: each one screen with enter / exit / handle_event / update / render, built from the
toolkit in game/ui/ (the match screen from its parts in game/match/); only the flow builds them."""
