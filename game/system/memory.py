"""Keeping the resident memory flat over days (a kiosk).

The client's big allocations are SDL surfaces (board layers of a whole
window, 8-15 MB at 1440p) and fonts.  glibc's malloc raises its mmap
threshold each time such a block is freed, after which blocks of that size
come from the heap, where what a closed screen freed stays resident between
live ones.  :func:`tune_allocator` fixes the threshold (big blocks always go
back to the system when freed) and :func:`release` returns what is free at
the end of the heap after a screen closes.  Both do nothing off glibc.
:func:`freeze_start_up` makes the collection :func:`release` starts cheap.

>>> release() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from typing import Optional, Union

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: blocks from this size up are mapped on their own and unmapped when freed
MMAP_THRESHOLD = 256 * 1024

_LIBC: Union[ctypes.CDLL, None, bool] = None
_TUNED = False


def _glibc() -> Optional[ctypes.CDLL]:
    global _LIBC
    if _LIBC is None and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            if not (hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim")):  # glibc has them, musl not
                raise AttributeError("not glibc")
            _LIBC = libc
        except (OSError, AttributeError):
            _LIBC = False
    return _LIBC if isinstance(_LIBC, ctypes.CDLL) else None


def tune_allocator() -> bool:
    """Fix glibc's mmap and trim thresholds (once); False where there is no glibc."""
    global _TUNED
    libc = _glibc()
    if libc is None:
        return False
    if not _TUNED:
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        libc.mallopt(M_TRIM_THRESHOLD, MMAP_THRESHOLD)
        _TUNED = True
    return True


_FROZEN = False


def freeze_start_up() -> int:
    """Collect, then set every object alive now (the modules, the engine's
    tables, pygame_gui's: what start-up made, alive for good) aside from
    the collector, once.  A full collection then looks only at what the
    screens made: 2-3 ms instead of 35, so :func:`release` can run at every
    switch of screens.  What is set aside is never collected, so this runs
    before any screen is made.  Returns how many objects were set aside."""
    global _FROZEN
    if _FROZEN or not hasattr(gc, "freeze"):
        return 0
    gc.collect()
    gc.freeze()
    _FROZEN = True
    return gc.get_freeze_count()


def release() -> bool:
    """Collect garbage (a closed screen's widgets and surfaces hold cycles)
    and give free heap memory back to the system.  Whether it could trim."""
    gc.collect()
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
