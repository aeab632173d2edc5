"""Friend games over the network: the protocol, the match server and the client.

Nothing here imports pygame; the game's scenes use :mod:`game.net.client`.
"""
