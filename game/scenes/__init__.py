"""Scenes: each one screen with enter / exit / handle_event / update / render."""
