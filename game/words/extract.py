"""Babel's extraction of the keys, with each message's English text as its comment.

``pybabel extract -F babel.cfg ...`` (CONTRIBUTING.md) reads the code with
the method ``python_en`` that babel.cfg names: Babel's own Python extractor,
whose messages this adds the English text of the English catalog to, as the
extracted comment (``#.``) a translator sees beside the key in Poedit,
Weblate or Lokalize.  ``pybabel update`` carries the comments on into every
language's catalog.  Only the tools import this (it needs Babel); the game
does not.
"""

from __future__ import annotations

import ast
from typing import IO, Any, Collection, Dict, Iterator, List, Mapping, Optional, Tuple

from . import catalogs

_ENGLISH: Dict[str, List[str]] = {}
#: the note beside the message that names each language
NAME_NOTE = "(the name of this language in its own words: the settings list it)"


def english_comments(key: str) -> List[str]:
    """The English text of ``key`` as comment lines: one, or ``one: …`` and
    ``other: …`` for a plural entry; none for a key English lacks."""
    if not _ENGLISH:
        po, _ = catalogs.catalog_files(catalogs.SOURCE)
        for entry in catalogs.read_po_file(po):
            if not entry.msgid:
                continue
            if entry.msgid_plural is None:
                _ENGLISH[entry.msgid] = list(entry.msgstr)
            else:
                _ENGLISH[entry.msgid] = [f"{form}: {text}" for form, text in zip(("one", "other"), entry.msgstr)]
        _ENGLISH[catalogs.NAME_KEY] = _ENGLISH.get(catalogs.NAME_KEY, []) + [NAME_NOTE]
    return list(_ENGLISH.get(key, []))


#: the functions whose key is not their first argument (Babel hands the extractor the names only)
KEY_AT = {"text_in": 1}


def _strings(node: ast.expr) -> List[Optional[str]]:
    """The strings an argument can be: a literal, either branch of ``a if c else b``; [None] otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return [None]


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Dict[str, Any]) -> Iterator[Tuple[int, str, Tuple[Optional[str], ...], List[str]]]:
    """The calls of ``keywords`` in a Python file, each with its string
    arguments and the English text of its key as comments.  Read with
    :mod:`ast` (Babel's tokenizer joins the two keys of ``t("a" if c else
    "b")`` into one): a conditional argument gives both keys; a key
    computed at run time gives none (game/words/keys.py lists those)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node.func) not in keywords:
            continue
        args = [_strings(arg) for arg in node.args]
        if _name(node.func) == "N_each":  # one key per language folder (game/words/keys.py)
            templates = [text for text in (args[0] if args else []) if text is not None]
            for code in catalogs.available():
                for key in (template.format(code=code) for template in templates):
                    yield node.lineno, "N_each", (key,), english_comments(key)
            continue
        at = KEY_AT.get(_name(node.func), 0)
        if at >= len(args):
            continue
        for first in args[at]:
            messages = tuple(first if i == at else arg[0] if len(arg) == 1 else None for i, arg in enumerate(args))
            yield node.lineno, _name(node.func), messages, english_comments(first) if first else []
