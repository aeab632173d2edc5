"""The translators' commands on the gettext catalogs, with this project's options.

    python tools/catalogs.py extract      # the template, game/locale/backgammon.pot, from the code
    python tools/catalogs.py extract OUT  # the same, written to OUT instead (the tests compare it)
    python tools/catalogs.py update       # every language's .po brought in line with the template
    python tools/catalogs.py init LANG    # a new language's .po, from the template
    python tools/catalogs.py compile      # the .mo files (the game also compiles a missing one itself)
    python tools/catalogs.py check        # each language: how many messages are translated

Each runs ``pybabel`` (Babel: ``pip install babel``) with the options
CONTRIBUTING.md writes out in full; run from anywhere.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "backgammon.pot"
#: the functions whose first (``text_in``: second) argument is a key; ``counted`` reads a plural entry
KEYWORDS = ["-k", "t", "-k", "counted:1,1", "-k", "Message", "-k", "N_", "-k", "N_each", "-k", "text_in:2"]
#: Plural-Forms for languages where Babel's (CLDR's) differ from gettext's usual ones
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
                "it": "nplurals=2; plural=(n != 1);", "pt": "nplurals=2; plural=(n != 1);"}


def pybabel(args: List[str]) -> None:
    """Run pybabel of this Python with ``args`` in the repository's root."""
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=True)


def fix_plural_forms(lang: str) -> None:
    """Write gettext's usual Plural-Forms into ``lang``'s .po where Babel wrote CLDR's."""
    forms = PLURAL_FORMS.get(lang)
    po = LOCALE / lang / "LC_MESSAGES" / "backgammon.po"
    if forms is None or not po.exists():
        return
    from babel.messages.pofile import read_po, write_po

    with open(po, "rb") as f:
        catalog = read_po(f)
    n = int(forms.split(";")[0].split("=")[1])
    if catalog.num_plurals == n:
        return
    text = po.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms:')
    end = text.index('\\n"', start) + 3
    while text[end:].startswith('\n"') and not text[end + 1:].startswith('"MIME'):
        end = text.index('\\n"', end) + 3
    text = text[:start] + f'"Plural-Forms: {forms}\\n"' + text[end:]
    po.write_text(text, encoding="utf-8")
    with open(po, "rb") as f:
        catalog = read_po(f)
    for message in catalog:
        if message.pluralizable and isinstance(message.string, tuple):
            message.string = tuple(message.string[:n])
    with open(po, "wb") as f:
        write_po(f, catalog, width=76)


def main(argv: List[str]) -> int:
    """Run one command (the module's docstring lists them)."""
    if not argv or argv[0] not in ("extract", "update", "init", "compile", "check"):
        print(__doc__)
        return 2
    command = argv[0]
    if command == "extract":
        from game import __version__

        pybabel(["extract", "-F", "babel.cfg", "--no-default-keywords", *KEYWORDS, "--add-location=file", "--sort-output",
                 "--project=backgammon", f"--version={__version__}", "--copyright-holder=The backgammon developers",
                 "-o", argv[1] if len(argv) > 1 else str(POT.relative_to(ROOT)), "."])
    elif command == "update":
        pybabel(["update", "-D", "backgammon", "-i", str(POT), "-d", str(LOCALE), "--ignore-obsolete"])
        for lang in (p.name for p in LOCALE.iterdir() if p.is_dir()):
            fix_plural_forms(lang)
    elif command == "init":
        if len(argv) != 2:
            print("init LANG: the language's code, as in es or pt_BR")
            return 2
        pybabel(["init", "-D", "backgammon", "-i", str(POT), "-d", str(LOCALE), "-l", argv[1]])
        fix_plural_forms(argv[1])
    elif command == "compile":
        pybabel(["compile", "-D", "backgammon", "-d", str(LOCALE), "--statistics"])
    else:
        sys.path.insert(0, str(ROOT))
        from game.words import catalogs

        template = {e.msgid for e in catalogs.read_po_file(POT) if e.msgid}
        for lang in catalogs.available():
            po, _ = catalogs.catalog_files(lang)
            done = {e.msgid for e in catalogs.read_po_file(po) if e.msgid and e.translated}
            print(f"{lang}: {len(done & template)} of {len(template)} messages translated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
