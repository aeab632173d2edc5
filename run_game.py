"""Entry point for the PyInstaller build (``build_exe.spec``).

``game/__main__.py`` uses relative imports, so it cannot be the frozen
program's top-level script; this file runs the same ``main``.  From source,
``python -m game`` (or the ``backgammon`` command) is the way to start.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
