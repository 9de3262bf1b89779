"""Tokenizer for replbed's SQL subset.

One compiled regular expression walks the statement; the parser decides what a
word means, so keywords are plain ``WORD`` tokens here. Positions are kept so
that syntax errors can quote the text "near" the failure the way the server
does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from harness.sql.parse.parse_errors import ParseError


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # WORD QWORD STRING INT DECIMAL FLOAT HEX VAR SYSVAR OP EOF
    value: object
    pos: int

    @property
    def text(self) -> str:
        """The value of a textual token (WORD, QWORD, STRING, VAR, SYSVAR, OP) as a
        string; a parser that asks this of a number token has a bug, so it is not
        converted silently."""
        if not isinstance(self.value, str):
            raise TypeError(f"{self.kind} token has no text")
        return self.value


_TOKEN_PATTERN = (
    r"""
    (?P<ws>\s+|/\*(?!M?!).*?\*/|(?:--(?=\s)|\#)[^\n]*(?:\n|$))
  | (?P<vcomment>/\*M?!\d*|\*/)
  | (?P<qword>`[^`]*+(?:``[^`]*+)*+`)
  | (?P<string>'[^'\\]*+(?:(?:\\.|'')[^'\\]*+)*+'|"[^"\\]*+(?:(?:\\.|"")[^"\\]*+)*+")
  | (?P<hex>0x[0-9a-fA-F]+(?![A-Za-z0-9_$])|[xX]'[0-9a-fA-F]*')
  | (?P<bits>0b[01]+(?![A-Za-z0-9_$])|[bB]'[01]*')
  | (?P<float>(?:\d+\.\d*|\.\d+|\d+)[eE][-+]?\d+)
  | (?P<decimal>\d+\.\d*|\.\d+)
  | (?P<int>\d+(?![A-Za-z_$]))
  | (?P<sysvar>@@(?:(?i:global|session|local)\.)?[A-Za-z_][A-Za-z0-9_$]*)
  | (?P<var>@(?:[A-Za-z0-9_$.]+|`[^`]*+(?:``[^`]*+)*+`|'[^'\\]*+(?:\\.[^'\\]*+)*+'))
  | (?P<word>[A-Za-z0-9_$\u0080-\uffff]+)
  | (?P<op><=>|<=|>=|<>|!=|\|\||&&|:=|<<|>>|[-+*/%=<>(),.;!~^&|?])
    """)
_STRING_ESCAPED = r"'[^'\\]*+(?:(?:\\.|'')[^'\\]*+)*+'" + "|" + r'"[^"\\]*+(?:(?:\\.|"")[^"\\]*+)*+"'
# NO_BACKSLASH_ESCAPES (sql_lex.cc get_text: a backslash is an ordinary character; only
# a doubled quote stands for the quote).
_STRING_PLAIN = r"'[^']*+(?:''[^']*+)*+'" + "|" + r'"[^"]*+(?:""[^"]*+)*+"'
assert _STRING_ESCAPED in _TOKEN_PATTERN
_TOKEN_RE = re.compile(_TOKEN_PATTERN, re.VERBOSE | re.DOTALL)
_TOKEN_RE_NO_BACKSLASH = re.compile(_TOKEN_PATTERN.replace(_STRING_ESCAPED, _STRING_PLAIN), re.VERBOSE | re.DOTALL)
# A client in cp932 (or sjis) sends two-byte characters whose second byte may be ASCII
# 0x40-0x7E -- ``\`` and the backquote among them (ソ is 0x83 0x5C). The server's lexer reads
# such a pair as one character (sql_lex.cc get_text / my_ismbchar), so neither byte ends
# a literal or escapes. Bytes 0x80-0xFF arrive as the surrogates U+DC80-U+DCFF.
_SJIS_LEAD = "[\udc81-\udc9f\udce0-\udcfc]"
_STRING_SJIS = (r"'(?:[^'\\\udc81-\udc9f\udce0-\udcfc]|" + _SJIS_LEAD + r".|\\.|'')*'" + "|"
                + r'"(?:[^"\\\udc81-\udc9f\udce0-\udcfc]|' + _SJIS_LEAD + r'.|\\.|"")*"')
_QWORD = r"`[^`]*+(?:``[^`]*+)*+`"
_QWORD_SJIS = r"`(?:[^`\udc81-\udc9f\udce0-\udcfc]|" + _SJIS_LEAD + r".|``)*`"
assert _QWORD in _TOKEN_PATTERN
_TOKEN_RE_SJIS = re.compile(_TOKEN_PATTERN.replace(_STRING_ESCAPED, _STRING_SJIS).replace(_QWORD, _QWORD_SJIS),
                            re.VERBOSE | re.DOTALL)
_ESCAPE_SJIS_RE = re.compile(_SJIS_LEAD + r".|\\(.)|''|\"\"", re.DOTALL)
#: The client character sets whose two-byte characters may end in an ASCII byte.
SJIS_CHARSETS = frozenset({"cp932", "sjis"})


_ESCAPES = {
    "0": "\0",
    "'": "'",
    '"': '"',
    "b": "\b",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "Z": "\x1a",
    "\\": "\\",
    "%": "\\%",
    "_": "\\_",
}


_ESCAPE_RE = re.compile(r"\\(.)|''|\"\"", re.DOTALL)


def _unescape(m: re.Match[str]) -> str:
    c = m.group(1)
    if c is None:  # a doubled quote
        return m.group()[0]
    return _ESCAPES.get(c, c)


def _unquote_string(raw: str, no_backslash_escapes: bool = False, sjis: bool = False) -> str:
    """The value of a quoted literal. One ``re.sub`` pass: a character-by-character
    loop cost ~60 bytes of list per byte of literal, and literals may be as large
    as max_allowed_packet."""
    quote = raw[0]
    body = raw[1:-1]
    if no_backslash_escapes:
        return body.replace(quote * 2, quote)
    if sjis:
        other = '""' if quote == "'" else "''"
        return _ESCAPE_SJIS_RE.sub(
            lambda m: m.group() if m.group() == other or "\udc80" <= m.group()[0] <= "\udcff" else _unescape(m),
            body)
    if "\\" not in body and quote * 2 not in body:
        return body
    if quote == "'":
        return _ESCAPE_RE.sub(lambda m: m.group() if m.group() == '""' else _unescape(m), body)
    return _ESCAPE_RE.sub(lambda m: m.group() if m.group() == "''" else _unescape(m), body)


_NOT_UTF8 = re.compile("[\udc80-\udcff]")


def literal_value(value: object) -> object:
    """A string literal's value. Bytes that are not UTF-8 arrive as lone surrogates (the
    wire text is decoded with surrogateescape); the server keeps them as the literal's
    raw bytes, so such a string is a binary value."""
    if isinstance(value, str) and _NOT_UTF8.search(value):
        return value.encode("utf-8", "surrogateescape")
    return value


def tokenize(sql: str, no_backslash_escapes: bool = False, client_charset: str | None = None) -> list[Token]:
    """Split ``sql`` into tokens; raises ParseError on a character we cannot read.
    ``no_backslash_escapes``: the session's sql_mode has NO_BACKSLASH_ESCAPES;
    ``client_charset``: character_set_client when it is one of :data:`SJIS_CHARSETS`."""
    tokens: list[Token] = []
    append = tokens.append
    pos = 0
    n = len(sql)
    sjis = client_charset in SJIS_CHARSETS and not no_backslash_escapes
    match = (_TOKEN_RE_NO_BACKSLASH if no_backslash_escapes else _TOKEN_RE_SJIS if sjis else _TOKEN_RE).match
    while pos < n:
        m = match(sql, pos)
        if m is None:
            raise ParseError(sql, pos)
        kind = m.lastgroup
        text = m.group()
        if kind == "ws" or kind == "vcomment":
            pass
        elif kind == "word":
            append(Token("WORD", text, pos))
        elif kind == "qword":
            append(Token("QWORD", text[1:-1].replace("``", "`"), pos))
        elif kind == "string":
            append(Token("STRING", _unquote_string(text, no_backslash_escapes, sjis), pos))
        elif kind == "int":
            append(Token("INT", int(text), pos))
        elif kind == "decimal":
            append(Token("DECIMAL", Decimal(text), pos))
        elif kind == "float":
            append(Token("FLOAT", float(text), pos))
        elif kind == "hex":
            digits = text[2:] if text.startswith("0x") else text[2:-1]
            if len(digits) % 2:
                digits = "0" + digits
            append(Token("HEX", bytes.fromhex(digits), pos))
        elif kind == "bits":
            digits = text[2:] if text.startswith("0b") else text[2:-1]
            # A bit literal is a binary string of the fewest whole bytes (b'' is empty).
            nbytes = (len(digits) + 7) // 8
            append(Token("HEX", int(digits or "0", 2).to_bytes(nbytes, "big"), pos))
        elif kind == "sysvar":
            append(Token("SYSVAR", text[2:], pos))
        elif kind == "var":
            name = text[1:]
            if name[:1] in "`'":
                name = name[1:-1]
            append(Token("VAR", name, pos))
        else:
            append(Token("OP", text, pos))
        pos = m.end()
    append(Token("EOF", None, n))
    return tokens
