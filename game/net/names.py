"""Players' names as they travel: printable text only, one rule for the
server (on ``create`` and ``join``) and for the client (on every name it
receives, whatever the server).

The rule (docs/protocol.md, "Names"):

1. the text is NFC-normalised;
2. every character of these Unicode categories is removed: ``Cc`` (C0 and C1
   controls, DEL), ``Cf`` (format characters: the bidirectional embeddings,
   overrides and isolates, zero-width spaces and joiners, the byte-order
   mark, soft hyphens, tags), ``Cs`` (surrogates, which no font can encode),
   ``Co`` (private use), ``Cn`` (unassigned), ``Zl`` and ``Zp`` (line and
   paragraph separators);
3. every other space becomes one plain space, runs of spaces become one, and
   spaces at either end are dropped;
4. what remains is cut to :data:`MAX_NAME` characters.

>>> clean_name("  Ann\\u202eeve\\u200b ")
'Anneve'
>>> clean_name("Bob\\x85\\ud800  Smith")
'Bob Smith'
>>> clean_name("Zoe\\u0301") == "Zo\\u00e9"
True
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 32
#: the Unicode categories removed from a name
REMOVED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """``text`` by the rule above: printable, NFC, single spaces, at most ``limit`` characters."""
    kept = []
    for c in text:
        category = unicodedata.category(c)
        if category in REMOVED_CATEGORIES:
            continue
        kept.append(" " if category == "Zs" else c)
    # normalising after the removal: a surrogate cannot be normalised, and a
    # removed joiner may have kept two characters from composing
    normal = unicodedata.normalize("NFC", "".join(kept))
    return " ".join(part for part in normal.split(" ") if part)[:limit].rstrip(" ")


def is_clean(text: str) -> bool:
    """Does ``text`` pass the rule unchanged?"""
    return clean_name(text, max(len(text), 1)) == text
