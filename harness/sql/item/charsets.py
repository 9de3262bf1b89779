"""Character sets and collations of string columns, as the binary log and the text protocol see them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.sql.item.collation_weights import GENERAL_CI, LATIN1_SWEDISH_CI
from harness.sql.item.temporal import RejectedTimestamp, ZeroDate, ZeroDateTime, to_date_value  # noqa: F401
from harness.sql.sql_errors import error


_GENERAL_CI_TABLE = {cp: chr(w) for cp, w in GENERAL_CI.items()}
_SUPPLEMENTARY = re.compile("[\U00010000-\U0010FFFF]")
_SWEDISH_TABLE = {ord(ch): chr(w) for ch, w in zip(bytes(range(256)).decode("cp1252", errors="replace"),
                                                    LATIN1_SWEDISH_CI) if ch != "\ufffd"}


def collation_key(s: str) -> str:
    """utf8mb4_general_ci's comparison key: each character's weight (the server's own table,
    collation_weights.py: case and the accents its tables fold, 'é' = 'E', 'ß' = 'S', but
    'й' <> 'и'), every supplementary character 0xFFFD, trailing spaces ignored (PAD SPACE).
    The connection's collation on every profile, so also what expressions compare with."""
    key = s.rstrip(" ").translate(_GENERAL_CI_TABLE)
    return _SUPPLEMENTARY.sub("\uFFFD", key) if not key.isascii() else key


def swedish_collation_key(s: str) -> str:
    """latin1_swedish_ci's comparison key (latin1 columns of the no-defaults profile): 'ü' = 'Y',
    'å', 'ä' = 'æ', 'ö' after 'Z'."""
    return s.rstrip(" ").translate(_SWEDISH_TABLE)


def bin_collation_key(s: str) -> str:
    """A *_bin collation: exact code points, trailing spaces still ignored (PAD SPACE)."""
    return s.rstrip(" ")


@dataclass(frozen=True)
class Charset:
    """A column character set as the binary log and the text protocol see it."""

    name: str
    codec: str           # Python codec for the stored bytes (latin1 is cp1252 in MariaDB)
    mbmaxlen: int
    default_id: int      # the default collation's id (result-set metadata)
    bin_id: int


CHARSETS = {
    "latin1": Charset("latin1", "cp1252", 1, 8, 47),
    "ascii": Charset("ascii", "ascii", 1, 11, 65),
    "utf8mb3": Charset("utf8mb3", "utf-8", 3, 33, 83),
    "utf8mb4": Charset("utf8mb4", "utf-8", 4, 45, 46),
    # The UCS-2/UTF-16/UTF-32 sets store big-endian code units (strings/ctype-ucs2.c); they
    # can never be a client character set (ER_WRONG_VALUE_FOR_VAR, sys_vars.cc
    # check_cs_client: mbminlen > 1).
    "ucs2": Charset("ucs2", "utf-16-be", 2, 35, 90),
    "utf16": Charset("utf16", "utf-16-be", 4, 54, 55),
    "utf32": Charset("utf32", "utf-32-be", 4, 60, 61),
    # Microsoft's Shift-JIS (strings/ctype-cp932.c); Python's cp932 codec is the same table.
    "cp932": Charset("cp932", "cp932", 2, 95, 96),
}


CHARSET_ALIASES = {"utf8": "utf8mb3"}


# Collations we know: (charset, id, is case/accent sensitive).
COLLATIONS = {
    "latin1_swedish_ci": ("latin1", 8, False), "latin1_bin": ("latin1", 47, True),
    "latin1_general_ci": ("latin1", 48, False), "latin1_general_cs": ("latin1", 49, True),
    "ascii_general_ci": ("ascii", 11, False), "ascii_bin": ("ascii", 65, True),
    "utf8mb3_general_ci": ("utf8mb3", 33, False), "utf8mb3_bin": ("utf8mb3", 83, True),
    "utf8mb3_unicode_ci": ("utf8mb3", 192, False), "utf8_general_ci": ("utf8mb3", 33, False),
    "utf8_bin": ("utf8mb3", 83, True), "utf8_unicode_ci": ("utf8mb3", 192, False),
    "utf8mb4_general_ci": ("utf8mb4", 45, False), "utf8mb4_bin": ("utf8mb4", 46, True),
    "utf8mb4_unicode_ci": ("utf8mb4", 224, False), "utf8mb4_unicode_520_ci": ("utf8mb4", 246, False),
    # UCA 14.0.0 (10.10+, MDEV-27009): MariaDB 11.8's default for utf8mb4 / utf8mb3
    # (@@character_set_collations; ids as the binlog writes them, docs/RULES-mariadb-11.8.md)
    "utf8mb4_uca1400_ai_ci": ("utf8mb4", 2304, False), "utf8mb3_uca1400_ai_ci": ("utf8mb3", 2048, False),
    "ucs2_general_ci": ("ucs2", 35, False), "ucs2_bin": ("ucs2", 90, True),
    "utf16_general_ci": ("utf16", 54, False), "utf16_bin": ("utf16", 55, True),
    "utf32_general_ci": ("utf32", 60, False), "utf32_bin": ("utf32", 61, True),
    "cp932_japanese_ci": ("cp932", 95, False), "cp932_bin": ("cp932", 96, True),
}


# A character set's default collation (a table's DEFAULT CHARSET without COLLATE).
DEFAULT_COLLATION_OF = {"latin1": "latin1_swedish_ci", "ascii": "ascii_general_ci", "utf8mb3": "utf8mb3_general_ci",
                        "utf8": "utf8mb3_general_ci", "utf8mb4": "utf8mb4_general_ci",
                        "ucs2": "ucs2_general_ci", "utf16": "utf16_general_ci", "utf32": "utf32_general_ci",
                        "cp932": "cp932_japanese_ci"}


_CP1252_HOLES = {0x81: "\x81", 0x8D: "\x8d", 0x8F: "\x8f", 0x90: "\x90", 0x9D: "\x9d"}


def charset_literal(raw: bytes, charset: str) -> "CharsetStr":
    """A string literal of ``charset`` (``_cp932'...'``, or any literal of a cp932 client):
    its bytes read as that set's characters, with the set's default collation."""
    cs = CHARSETS[charset]
    return CharsetStr(raw.decode(cs.codec), cs.default_id, cs.codec)


def well_formed(value: bytes, name: str, codec: str) -> str:
    """A binary string copied into a column of a multi-byte set as that set's characters
    (String_copier::well_formed_copy); bytes that are none of them are not modelled."""
    try:
        return value.decode(codec)
    except UnicodeDecodeError:
        from harness.sql.parse.parse_errors import UnsupportedError
        raise UnsupportedError(f"a binary string that is not {name} stored in a {name} column") from None


def representable(ch: str, cs: Charset) -> bool:
    """Whether character set ``cs`` has the character ``ch`` (latin1 is cp1252 plus the five
    bytes cp1252 leaves undefined, which map to the same code points; ucs2 has the BMP only)."""
    if ch in _CP1252_HOLES.values() and cs.name == "latin1":
        return True
    if cs.name == "ucs2" and ord(ch) > 0xFFFF:
        return False
    try:
        ch.encode(cs.codec)
    except UnicodeEncodeError:
        return False
    return True


def resolve_charset(charset: str | None, collation: str | None) -> tuple[Charset, int, bool]:
    """(charset, collation id, binary collation) for a column's CHARACTER SET / COLLATE."""
    from harness.sql.parse.parse_errors import UnsupportedError
    cs_name = None
    if charset is not None:
        cs_name = CHARSET_ALIASES.get(charset.lower(), charset.lower())
        if cs_name not in CHARSETS:
            if cs_name == "binary":
                raise UnsupportedError("CHARACTER SET binary on a character column")
            raise error("ER_UNKNOWN_CHARACTER_SET", charset)
    if collation is not None:
        coll = COLLATIONS.get(collation.lower())
        if coll is None:
            raise UnsupportedError(f"collation {collation}")
        if cs_name is not None and coll[0] != cs_name:
            raise error("ER_COLLATION_CHARSET_MISMATCH", collation, charset)
        return CHARSETS[coll[0]], coll[1], coll[2]
    cs = CHARSETS[cs_name or "utf8mb4"]
    return cs, cs.default_id, False


_NOT_UTF8_BYTE = re.compile("[\udc80-\udcff]")


class CharsetStr(str):
    """A string value that remembers the collation of the column it was stored in.

    Only values of columns outside the connection's utf8mb4_general_ci carry it
    (a latin1 column on a latin1 server): a user variable assigned from such a
    column is logged with that charset (``@s=_latin1 X'78' COLLATE
    latin1_swedish_ci``), as the server's Item_func_set_user_var keeps the
    item's collation. Any string operation yields a plain str again."""

    __slots__ = ("collation_id", "codec")

    def __new__(cls, value: str, collation_id: int, codec: str) -> "CharsetStr":
        obj = super().__new__(cls, value)
        obj.collation_id = collation_id
        obj.codec = codec
        return obj

    def encoded(self) -> bytes:
        out = bytearray()
        for ch in str(self):
            try:
                out += ch.encode(self.codec)
            except UnicodeEncodeError:
                out.append(ord(ch) & 0xFF)  # the cp1252 holes map to themselves
        return bytes(out)
