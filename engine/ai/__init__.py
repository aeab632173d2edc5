"""Computer players: a neural-network evaluator, lookahead, cube decisions."""
