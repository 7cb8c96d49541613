"""Translation catalogs without GNU gettext: extract messages, read and write .po, write .mo.

The setup command runs on machines with only Python, where Django's ``makemessages`` and
``compilemessages`` (which call xgettext and msgfmt) are missing. ``extract_messages``
finds what templates and Python code mark for translation; ``update_catalog`` merges it
into a .po file, keeping the translations; ``compile_catalog`` writes the .mo that
Django's gettext reads. polib reads and writes both formats.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import polib
from django.conf import settings

LANGUAGES = ("zh_Hans", "ja")  # the locales with a catalog; English is the source text
TEMPLATE_DIRS = ("templates", "standings/templates")
PYTHON_DIRS = ("ledger", "standings", "clubnights")
SKIPPED_DIRS = {"migrations", "__pycache__"}
METADATA = {
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": "nplurals=1; plural=0;",
}
# Call names that mark a message, and the roles of their leading string arguments.
CALLS = {
    "gettext": ("msgid",),
    "gettext_lazy": ("msgid",),
    "gettext_noop": ("msgid",),  # marked for extraction, translated where it is shown
    "_": ("msgid",),
    "pgettext": ("msgctxt", "msgid"),
    "pgettext_lazy": ("msgctxt", "msgid"),
    "ngettext": ("msgid", "msgid_plural"),
    "ngettext_lazy": ("msgid", "msgid_plural"),
    "npgettext": ("msgctxt", "msgid", "msgid_plural"),
    "npgettext_lazy": ("msgctxt", "msgid", "msgid_plural"),
}
_LITERAL = r"""u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
_TEMPLATE_CALL = re.compile(
    rf"\b(npgettext|pgettext|ngettext|gettext|_)\(\s*({_LITERAL}(?:\s*,\s*{_LITERAL})*)"
)


@dataclass
class Message:
    """One entry of a catalog."""

    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    @property
    def is_translated(self) -> bool:
        return all(self.msgstr) and "fuzzy" not in self.flags


# --- extraction ---------------------------------------------------------------------


def extract_messages(base: Path | None = None) -> dict[tuple[str | None, str], Message]:
    """Return every message the templates and the ledger's Python code mark for translation."""
    base = base or Path(settings.BASE_DIR)
    found: dict[tuple[str | None, str], Message] = {}
    for path in _files(base, TEMPLATE_DIRS, ".html"):
        _collect(found, template_messages(path.read_text("utf-8")), path.relative_to(base))
    for path in _files(base, PYTHON_DIRS, ".py"):
        _collect(found, python_messages(path.read_text("utf-8")), path.relative_to(base))
    return found


def _files(base: Path, folders: Iterable[str], suffix: str) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((base / folder).rglob(f"*{suffix}")):
            if not SKIPPED_DIRS & set(path.parts):
                yield path


def _collect(
    found: dict[tuple[str | None, str], Message],
    messages: Iterable[tuple[Message, int]],
    path: Path,
) -> None:
    for message, line in messages:
        entry = found.setdefault(message.key, message)
        entry.msgid_plural = entry.msgid_plural or message.msgid_plural
        entry.references.append(f"{path.as_posix()}:{line}")


def template_messages(text: str) -> Iterator[tuple[Message, int]]:
    """Return the messages of a Django template, with their line numbers.

    Django's ``templatize`` turns ``{% translate %}`` and ``{% blocktranslate %}`` into
    gettext calls (the same source xgettext reads for ``makemessages``).
    """
    from django.utils.translation.template import templatize

    code = templatize(text)
    for match in _TEMPLATE_CALL.finditer(code):
        literals = re.findall(_LITERAL, match.group(2))
        values = [ast.literal_eval(literal.removeprefix("u")) for literal in literals]
        line = code.count("\n", 0, match.start()) + 1
        message = _message(CALLS[match.group(1)], values)
        if message is not None:
            yield message, line


def python_messages(source: str) -> Iterator[tuple[Message, int]]:
    """Return the messages of Python source: calls of gettext, pgettext, ngettext, ``_``."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in CALLS:
            continue
        values = []
        for argument in node.args[: len(CALLS[name])]:
            if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                break
            values.append(argument.value)
        message = _message(CALLS[name], values)
        if message is not None:
            yield message, node.lineno


def _message(roles: tuple[str, ...], values: list[str]) -> Message | None:
    if len(values) < len(roles):
        return None  # a variable passed to gettext: nothing to extract
    fields = dict(zip(roles, values))
    message = Message(**fields)
    if message.msgid_plural is not None:
        message.msgstr = [""]  # nplurals=1 in Chinese and Japanese
    return message


# --- .po and .mo files (polib) -------------------------------------------------------


def read_po(path: Path) -> dict[tuple[str | None, str], Message]:
    """Return the messages of a .po file (its obsolete ones left out)."""
    return _messages(polib.pofile(str(path)))


def _messages(catalog: polib.POFile) -> dict[tuple[str | None, str], Message]:
    return {
        (entry.msgctxt, entry.msgid): _message_of(entry) for entry in catalog if not entry.obsolete
    }


def _message_of(entry: polib.POEntry) -> Message:
    plural = entry.msgid_plural or None
    strings = [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)] if plural else []
    return Message(
        msgid=entry.msgid,
        msgctxt=entry.msgctxt,
        msgid_plural=plural,
        msgstr=strings or [entry.msgstr],
        references=[f"{path}:{line}" for path, line in entry.occurrences],
        flags=list(entry.flags),
    )


def _entry_of(message: Message) -> polib.POEntry:
    entry = polib.POEntry(
        msgid=message.msgid,
        msgctxt=message.msgctxt,
        occurrences=[tuple(ref.rsplit(":", 1)) for ref in message.references],
        flags=list(message.flags),
    )
    if message.msgid_plural is None:
        entry.msgstr = message.msgstr[0]
    else:
        entry.msgid_plural = message.msgid_plural
        entry.msgstr_plural = dict(enumerate(message.msgstr))
    return entry


def catalog_path(language: str, suffix: str = ".po") -> Path:
    return Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / f"django{suffix}"


def update_catalog(language: str) -> tuple[int, int]:
    """Merge the extracted messages into a language's .po; return (messages, untranslated).

    Translations of messages still in use are kept; messages no longer in use are dropped.
    """
    path = catalog_path(language)
    kept = polib.pofile(str(path)) if path.exists() else polib.POFile()
    old = _messages(kept)
    catalog = polib.POFile()
    catalog.header = (
        f"The ledger's messages in {language}: `manage.py extracttranslations` adds new ones."
    )
    catalog.metadata = dict(kept.metadata) or _new_metadata(language)
    for key, message in sorted(extract_messages().items(), key=lambda item: _place(item[1])):
        previous = old.get(key)
        if previous is not None and (previous.msgid_plural is None) == (
            message.msgid_plural is None
        ):
            message.msgstr, message.flags = previous.msgstr, previous.flags
        catalog.append(_entry_of(message))
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.save(str(path))
    return len(catalog), len(catalog) - len(catalog.translated_entries())


def _new_metadata(language: str) -> dict[str, str]:
    """Return the header of a language's new catalog (a kept catalog keeps its own)."""
    return {"Project-Id-Version": "riichi-ledger", **METADATA, "Language": language}


def _place(message: Message) -> tuple[str, int]:
    path, _, line = message.references[0].rpartition(":")
    return path, int(line)


def compile_catalog(po_path: Path, mo_path: Path) -> int:
    """Write the .mo of a .po file (untranslated and fuzzy entries left out); return how
    many messages it holds."""
    catalog = polib.pofile(str(po_path))
    catalog.save_as_mofile(str(mo_path))
    return len(catalog.translated_entries())


def compile_all() -> list[tuple[str, int]]:
    """Compile every language's .po into its .mo; return (language, messages) pairs."""
    return [
        (language, compile_catalog(catalog_path(language), catalog_path(language, ".mo")))
        for language in LANGUAGES
        if catalog_path(language).exists()
    ]


def ensure_compiled() -> None:
    """Compile catalogs whose .mo is missing or older than the .po, and reload them.

    For test runs started without ``make``; Django caches catalogs per process.
    """
    stale = [
        language
        for language in LANGUAGES
        if catalog_path(language).exists()
        and (
            not catalog_path(language, ".mo").exists()
            or catalog_path(language, ".mo").stat().st_mtime
            < catalog_path(language).stat().st_mtime
        )
    ]
    if not stale:
        return
    compile_all()
    from django.utils.translation import trans_real

    trans_real._translations = {}
    trans_real._default = None
    for name in ("check_for_language", "get_supported_language_variant", "get_languages"):
        cached = getattr(trans_real, name, None)
        if hasattr(cached, "cache_clear"):  # which of them are cached varies by version
            cached.cache_clear()
