"""``python -m engine.rollout``: a rollout from the command line (see :mod:`engine.rollout.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
