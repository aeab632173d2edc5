"""The command line of :mod:`engine.ai.teach` (see its docstring)."""

from engine.ai.teach.cli import main

if __name__ == "__main__":
    main()
