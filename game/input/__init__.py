"""Input: mouse and keys turned into intents (the key and pad words, and the match screen's
typed intents), and the keyboard focus ring."""
