"""Translation catalogs without GNU gettext: extract messages, read and write .po, write .mo.

The setup command runs on machines with only Python, where Django's ``makemessages`` and
``compilemessages`` (which call xgettext and msgfmt) are missing. ``extract_messages``
finds what templates and Python code mark for translation; ``update_catalog`` merges it
into a .po file, keeping the translations; ``compile_catalog`` writes the .mo that
Django's gettext reads.
"""

from __future__ import annotations

import ast
import re
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

LANGUAGES = ("zh_Hans", "ja")  # the locales with a catalog; English is the source text
TEMPLATE_DIRS = ("templates", "standings/templates")
PYTHON_DIRS = ("ledger", "standings", "clubnights")
SKIPPED_DIRS = {"migrations", "__pycache__"}
HEADER = (
    "Project-Id-Version: riichi-ledger\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Language: {language}\n"
    "Plural-Forms: nplurals=1; plural=0;\n"
)
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


# --- .po files ----------------------------------------------------------------------


def read_po(path: Path) -> tuple[str, dict[tuple[str | None, str], Message]]:
    """Return a .po file's header and its messages."""
    entries: list[Message] = []
    current: dict[str, object] = {}
    key = ""

    def finish() -> None:
        if "msgid" in current:
            strings = current.get("msgstr", {})
            assert isinstance(strings, dict)
            entries.append(
                Message(
                    msgid=str(current["msgid"]),
                    msgctxt=current.get("msgctxt"),  # type: ignore[arg-type]
                    msgid_plural=current.get("msgid_plural"),  # type: ignore[arg-type]
                    msgstr=[strings[i] for i in sorted(strings)] or [""],
                    references=list(current.get("references", [])),  # type: ignore[call-overload]
                    flags=list(current.get("flags", [])),  # type: ignore[call-overload]
                )
            )
        current.clear()

    for raw in path.read_text("utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if "msgid" in current and "msgstr" in current:
                finish()
            if line.startswith("#:"):
                current.setdefault("references", []).extend(line[2:].split())  # type: ignore[attr-defined]
            elif line.startswith("#,"):
                flags = [f.strip() for f in line[2:].split(",")]
                current.setdefault("flags", []).extend(flags)  # type: ignore[attr-defined]
            continue
        if line.startswith('"'):
            _append(current, key, _unquote(line))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and "msgstr" in current:
            finish()
        key = keyword
        _append(current, key, _unquote(rest.strip()), start=True)
    finish()
    header, messages = "", {}
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            header = entry.msgstr[0]
        else:
            messages[entry.key] = entry
    return header, messages


def _append(current: dict[str, object], key: str, text: str, start: bool = False) -> None:
    if key.startswith("msgstr"):
        index = int(key[7:-1]) if key.startswith("msgstr[") else 0
        strings = current.setdefault("msgstr", {})
        assert isinstance(strings, dict)
        strings[index] = text if start else strings.get(index, "") + text
    else:
        current[key] = text if start else str(current.get(key, "")) + text


def _unquote(text: str) -> str:
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise ValueError(f"not a quoted .po string: {text!r}")
    return str(ast.literal_eval(text))


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [f"{line}\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write_po(path: Path, header: str, messages: Iterable[Message]) -> None:
    """Write a .po file (messages in the given order)."""
    chunks = [f'msgid ""\nmsgstr {_quote(header)}\n']
    for message in messages:
        lines = [f"#: {ref}" for ref in message.references]
        if message.flags:
            lines.append("#, " + ", ".join(message.flags))
        if message.msgctxt is not None:
            lines.append(f"msgctxt {_quote(message.msgctxt)}")
        lines.append(f"msgid {_quote(message.msgid)}")
        if message.msgid_plural is not None:
            lines.append(f"msgid_plural {_quote(message.msgid_plural)}")
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(message.msgstr)]
        else:
            lines.append(f"msgstr {_quote(message.msgstr[0])}")
        chunks.append("\n".join(lines) + "\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(chunks), "utf-8")


def catalog_path(language: str, suffix: str = ".po") -> Path:
    return Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / f"django{suffix}"


def update_catalog(language: str) -> tuple[int, int]:
    """Merge the extracted messages into a language's .po; return (messages, untranslated).

    Translations of messages still in use are kept; messages no longer in use are dropped.
    """
    path = catalog_path(language)
    header, old = read_po(path) if path.exists() else ("", {})
    header = header or HEADER.format(language=language)
    merged = []
    for key, message in sorted(extract_messages().items(), key=lambda item: _place(item[1])):
        previous = old.get(key)
        if previous is not None and (previous.msgid_plural is None) == (
            message.msgid_plural is None
        ):
            message.msgstr, message.flags = previous.msgstr, previous.flags
        merged.append(message)
    write_po(path, header, merged)
    return len(merged), sum(not m.is_translated for m in merged)


def _place(message: Message) -> tuple[str, int]:
    path, _, line = message.references[0].rpartition(":")
    return path, int(line)


# --- .mo files ----------------------------------------------------------------------


def compile_catalog(po_path: Path, mo_path: Path) -> int:
    """Write the .mo of a .po file (untranslated and fuzzy entries left out); return its size."""
    header, messages = read_po(po_path)
    pairs = {"": header}
    for message in messages.values():
        if not message.is_translated:
            continue
        source = message.msgid
        if message.msgid_plural is not None:
            source += "\x00" + message.msgid_plural
        if message.msgctxt is not None:
            source = f"{message.msgctxt}\x04{source}"
        pairs[source] = "\x00".join(message.msgstr)
    data = mo_bytes(pairs)
    mo_path.write_bytes(data)
    return len(pairs) - 1


def mo_bytes(pairs: dict[str, str]) -> bytes:
    """Return a GNU .mo file of these source → translation strings (as msgfmt writes it)."""
    keys = sorted(pairs)
    sources = [key.encode("utf-8") for key in keys]
    targets = [pairs[key].encode("utf-8") for key in keys]
    count = len(keys)
    source_table = 7 * 4
    target_table = source_table + count * 8
    offset = target_table + count * 8
    table, blob = [], b""
    for text in sources + targets:
        table.append((len(text), offset + len(blob)))
        blob += text + b"\x00"
    header = struct.pack("<7I", 0x950412DE, 0, count, source_table, target_table, 0, offset)
    lengths = b"".join(struct.pack("<2I", length, start) for length, start in table)
    return header + lengths + blob


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
