"""Supervised training from a teacher: positions, labels, a network.

    python -m engine.ai.teach corpus --out runs/teach --positions 1000000 --workers 2
    python -m engine.ai.teach after-plays --out runs/teach --count 120000   # optional, before labels
    python -m engine.ai.teach label  --out runs/teach --teacher gnubg0
    python -m engine.ai.teach label  --out runs/teach --teacher gnubg2 --limit 300000
    python -m engine.ai.teach report --out runs/teach
    python -m engine.ai.teach fit    --out runs/teach --phase contact --save runs/contact.npz
    python -m engine.ai.teach fit    --out runs/teach --phase race --save runs/race.npz
    python -m engine.ai.teach combine --contact runs/contact.npz --race runs/race.npz --save assets/weights.npz

Every step is resumable: a stopped run keeps what it wrote and continues.

* :mod:`.teacher`: the :class:`~.teacher.Teacher` interface (boards in, the
  five probabilities of the side on roll out); the project's own network
  (0 or 1 roll deep) is one, GNU Backgammon (the ``gnubg`` package of the
  ``train`` extra, imported only when asked for) another.
* :mod:`.kinds`: what kind of position a board is (race, back game, prime
  against prime ...), counted in the corpus's report and in the errors.
* :mod:`.corpus`: positions worth learning from, distinct, by source (and,
  with ``after-plays``, the positions after every play of a roll).
* :mod:`.label`: each position labelled by a teacher, in blocks, on every core.
* :mod:`.fit`: the network trained on the best label each position has.

Nothing here is imported by the game: the computer players only load the
weights this writes.
"""
