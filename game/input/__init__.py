"""Input: mouse and keys turned into intents, and the keyboard focus ring."""
