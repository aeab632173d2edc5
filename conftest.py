"""pytest, for the whole tree: the engine's modules that run compiled
(engine/compiled.py) are left out of doctest collection, since pytest
cannot read doctests out of an extension module; their doctests run in the
pure-Python lane (``BACKGAMMON_PURE=1``, as CI runs it)."""

import importlib
import sys

from engine import compiled

collect_ignore = []
for _name in compiled.MODULES:
    _module = sys.modules.get(_name) or importlib.import_module(_name)
    if compiled.is_compiled(_module):
        collect_ignore.append(_name.replace(".", "/") + ".py")
