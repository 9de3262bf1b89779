"""The rows of a rows event straight from its bytes to ``-vv`` text.

``replbed decode -vv`` must keep pace with ``mariadb-binlog -vv`` over
million-event files, and most of its time went into building values the
listing throws away: a list per row image, a ``RowChange`` per row, a
``Decimal`` or ``MyDateTime`` per value, then formatting each. This module
generates, once per (Table_map, event type, column bitmaps), one flat
function that reads a rows event's row images and writes the ``###`` text
directly: integers are printed from their bytes, strings and fixed-width
values (DECIMAL, DATE, DATETIME2, TIMESTAMP2) are looked up in a text cache
keyed by their bytes, and every other column type decodes through the
reader's own column snippet (``fast._column_snippet``) and prints through
the listing's own column printer (``verbose.column_printers``).

One rule, as for the reader's fast path: **the text equals what the
decoded path prints** (``FastDecoder`` + ``listing._rows_lines``) for the
same bytes. The pieces are the same ones -- the printers' heads, tails and
NULL lines, the reader's decode lines for fixed-width values, the printers'
formatter on a cache miss -- and anything unexpected (a read past the event,
an invalid DECIMAL, an empty image) raises, and the caller then lists the
event through the decoded path, which gives the verdict or the error.
``tests/binlog/test_rowtext.py`` checks the equality on every column type.
"""

from __future__ import annotations

import struct
from typing import Any, Callable

from .constants import ColumnType as T, EventType as E
from .bytes_io import ByteReader
from .decimal_codec import decimal_bin_size
from .fast import _column_snippet, decimal_text_decoder, fixed_width_decode
from .rows import TableMapEvent
from .values import MyDate, MyDateTime, MyTimestamp, _frac_str, string_real_type
from .verbose import _BLOB_TYPES, _HEAD, _INT_TYPES, _qualified, _quoted, _value_formatter, column_printers

_WRITE = int(E.WRITE_ROWS_EVENT_V1)
_UPDATE = int(E.UPDATE_ROWS_EVENT_V1)
_DELETE = int(E.DELETE_ROWS_EVENT_V1)
_KIND = {_WRITE: "write", _UPDATE: "update", _DELETE: "delete"}
_INT_WIDTH = {T.TINY: 1, T.SHORT: 2, T.INT24: 3, T.LONG: 4, T.LONGLONG: 8}
assert _INT_WIDTH.keys() == _INT_TYPES.keys()  # the columns the printers print as integers
_UNPACK = {2: struct.Struct("<H").unpack_from, 4: struct.Struct("<I").unpack_from,
           8: struct.Struct("<Q").unpack_from}

# bytes -> printed text, per (column type, metadata) for fixed-width values and one
# map for strings (a quoted string depends on its bytes only); bounded
_TEXT: dict[tuple[int, int], dict[bytes, str]] = {}
_STRINGS: dict[bytes, str] = {}
_TEXT_MAX = 1 << 16
_TEXT_KEYS_MAX = 256


class RowsTextError(Exception):
    """The generated printer declines these bytes; list the event the decoded way."""


def _text_cache(key: tuple[int, int]) -> dict[bytes, str]:
    if key not in _TEXT and len(_TEXT) >= _TEXT_KEYS_MAX:
        _TEXT.clear()  # hostile metadata can name endless (type, meta) keys: bound the map
    return _TEXT.setdefault(key, {})


def _string_prefix(t: int, meta: int) -> int:
    """The length-prefix width the reader uses for a string column (1 or 2), 0 when the
    column is not a short string that the printers print as a quoted string."""
    if t in (T.VARCHAR, T.VAR_STRING):
        return 1 if meta < 256 else 2
    if t == T.STRING and meta >> 8 not in (T.ENUM, T.SET):
        real, length = string_real_type(meta)
        if real not in (T.ENUM, T.SET):
            return 1 if length < 256 else 2
    if t in _BLOB_TYPES and meta in (1, 2):
        return meta
    return 0


def _value_lines(k: str, t: int, meta: int, unsigned: bool, env: dict[str, Any],
                 slow_dec: Callable[..., Any]) -> list[str]:
    """Source lines that read column value ``k`` at ``b[p]``, advance ``p`` and set
    ``s`` to its printed text (what the column printer's formatter returns)."""
    width = _INT_WIDTH.get(t)  # type: ignore[call-overload]
    if width is not None:
        half, mod = 1 << (8 * width - 1), 1 << (8 * width)
        if width == 1:
            read = ["y = b[p]"]
        elif width == 3:
            read = ["y = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)"]
        else:
            env[f"U{k}"] = _UNPACK[width]
            read = [f"y, = U{k}(b, p)"]
        # the printer prints the signed reading, then the unsigned one when they differ
        return read + [f"p += {width}", f"s = str(y) if y < {half} else f'{{y - {mod}}} ({{y}})'"]
    prefix = _string_prefix(t, meta)
    if prefix:
        read = (["n = b[p]", "y = b[p + 1:p + 1 + n]", "p += 1 + n"] if prefix == 1 else
                ["n = b[p] | (b[p + 1] << 8)", "y = b[p + 2:p + 2 + n]", "p += 2 + n"])
        return read + ["s = STRINGS.get(y)", "if s is None:", "    s = quoted(y)",
                       f"    if len(STRINGS) >= {_TEXT_MAX}: STRINGS.clear()", "    STRINGS[y] = s"]
    if t == T.DATETIME2 and 1 <= meta <= 6:
        return _datetime2_lines(k, meta, env)
    if t == T.NEWDECIMAL:  # the printer's text of the Decimal, without the Decimal
        w = decimal_bin_size(meta >> 8, meta & 0xFF)
        env[f"DT{k}"], env[f"X{k}"] = decimal_text_decoder(meta >> 8, meta & 0xFF), _text_cache((t, meta))
        return [f"y = b[p:p + {w}]", f"p += {w}", f"s = X{k}.get(y)", "if s is None:", f"    s = DT{k}(y, 0)",
                f"    if len(X{k}) >= {_TEXT_MAX}: X{k}.clear()", f"    X{k}[y] = s"]
    fixed = fixed_width_decode(k, t, meta, env)
    if fixed is not None:
        _key, w, decode = fixed
        env[f"X{k}"] = _text_cache((t, meta))
        return ([f"y = b[p:p + {w}]", f"p += {w}", f"s = X{k}.get(y)", "if s is None:", "    k = y"]
                + ["    " + ln for ln in decode]
                + [f"    s = F{k}(v{k})", f"    if len(X{k}) >= {_TEXT_MAX}: X{k}.clear()",
                   f"    X{k}[y] = s"])
    return _column_snippet(k, t, meta, unsigned, env, slow_dec) + [f"s = F{k}(v{k})"]  # type: ignore[arg-type]


def _datetime2_lines(k: str, meta: int, env: dict[str, Any]) -> list[str]:
    """A DATETIME2 with a fraction: ``NOW(3)`` values rarely repeat whole, but their
    seconds and their fractions do. The text is the seconds' text (the formatter's for
    the same seconds at precision 0, less its closing quote) + the fraction's
    (``values._frac_str``, then the quote): what the formatter prints for the whole."""
    fn = (meta + 1) // 2
    mult = {1: 10000, 2: 100, 3: 1}[fn]
    _key, w, decode = fixed_width_decode(k, T.DATETIME2, 0, env)  # type: ignore[misc]
    env[f"X{k}"], env[f"Z{k}"] = _text_cache((T.DATETIME2, 0)), _text_cache((-T.DATETIME2, meta))
    env[f"F{k}0"] = _value_formatter(T.DATETIME2, 0, False)
    env["frac_str"] = _frac_str
    return ([f"y = b[p:p + {w}]", f"z = b[p + {w}:p + {w + fn}]", f"p += {w + fn}",
             f"s = X{k}.get(y)", "if s is None:", "    k = y"]
            + ["    " + ln for ln in decode]
            + [f"    s = F{k}0(v{k})", f"    if len(X{k}) >= {_TEXT_MAX}: X{k}.clear()", f"    X{k}[y] = s",
               f"f = Z{k}.get(z)", "if f is None:",
               f"    f = frac_str(from_bytes(z, 'big') * {mult}, {meta}) + \"'\"",
               f"    if len(Z{k}) >= {_TEXT_MAX}: Z{k}.clear()", f"    Z{k}[z] = f",
               "s = s[:-1] + f"])


def _image_lines(cols: list[int], tm: TableMapEvent, printers: list[Any], codecs: list[Any], uns: list[bool],
                 env: dict[str, Any], tag: str) -> tuple[list[str], str]:
    """Lines reading one row image into ``s{tag}{j}`` / ``t{tag}{j}`` (each column's value
    text and the rest of its ``###`` line), and the f-string fields printing them: a
    column prints as its head + value + tail, NULL as the head + ``NULL`` + the NULL
    tail (the printer's NULL line, checked to read so)."""
    nb = (len(cols) + 7) >> 3
    lines = ["nl = b[p]" if nb == 1 else f"nl = from_bytes(b[p:p + {nb}], 'little')", f"p += {nb}"]
    fields = []
    for j, c in enumerate(cols):
        k = f"{tag}{j}"
        head, tail, fmt, null_line = printers[c]
        if not null_line.startswith(head + "NULL"):
            raise RowsTextError("a NULL line of another shape")
        env[f"H{k}"], env[f"T{k}"], env[f"F{k}"] = head, tail + "\n", fmt
        env[f"TN{k}"] = null_line[len(head) + 4:] + "\n"
        meta = tm.column_metadata[c]
        lines += [f"if nl & {1 << j}:", f"    s{k} = 'NULL'", f"    t{k} = TN{k}", "else:"]
        lines += ["    " + ln for ln in _value_lines(k, tm.column_types[c], meta, uns[c], env, codecs[c][0])]
        lines += [f"    s{k} = s", f"    t{k} = T{k}"]
        fields.append(f"{{H{k}}}{{s{k}}}{{t{k}}}")
    return lines, "".join(fields)


def build_rows_text(tm: TableMapEvent, tc: int, present: int, present_after: int | None,
                    types: bool = True) -> Callable[[bytes, int, int], str]:
    """``(data, start of rows, end of rows) -> text`` of every row of a v1 rows event of
    type ``tc`` on table ``tm`` with these column bitmaps, as ``listing._rows_lines``
    prints the decoded event. Raises when the bytes do not decode exactly to ``end``
    (:class:`RowsTextError` or whatever a read raises)."""
    codecs = tm.codecs()
    if codecs is None or tc not in _KIND:
        raise RowsTextError("no column codecs for this table map")
    ncols = len(tm.column_types)
    if len(tm.column_metadata) != ncols:
        raise RowsTextError("table map without per-column metadata")
    printers = column_printers(tm, types)
    uns = tm.unsigned_columns()
    head, before_kw, after_kw = _HEAD[_KIND[tc]]
    head = head.format(t=_qualified(tm.database, tm.table)) + "\n"
    cols = [i for i in range(ncols) if present >> i & 1]
    env: dict[str, Any] = {
        "from_bytes": int.from_bytes, "ByteReader": ByteReader, "MyDateTime": MyDateTime,
        "MyTimestamp": MyTimestamp, "MyDate": MyDate, "Overrun": RowsTextError,
        "STRINGS": _STRINGS, "quoted": _quoted,
    }
    img, fields = _image_lines(cols, tm, printers, codecs, uns, env, "a")
    if tc == _UPDATE:
        assert present_after is not None
        cols2 = [i for i in range(ncols) if present_after >> i & 1]
        if not cols or not cols2:
            raise RowsTextError("an image of no columns")  # the decoded path decides
        img2, fields2 = _image_lines(cols2, tm, printers, codecs, uns, env, "b")
        img += img2
        env["HEAD"], env["MID"] = head + f"{before_kw}\n", f"{after_kw}\n"
        row = "{HEAD}" + fields + "{MID}" + fields2
    else:
        if not cols:
            raise RowsTextError("an image of no columns")
        env["HEAD"] = head + f"{before_kw if after_kw is None else after_kw}\n"
        row = "{HEAD}" + fields
    body = ["out = []", "append = out.append", "while p < end:"]
    body += ["    " + ln for ln in img] + [f"    append(f'{row}')"]
    body += ["if p != end: raise Overrun", "return ''.join(out)"]
    src = "def rows_text(b, p, end):\n" + "\n".join("    " + ln for ln in body) + "\n"
    exec(compile(src, f"<rows text {tm.database!r}.{tm.table!r}>", "exec"), env)
    fn: Callable[[bytes, int, int], str] = env["rows_text"]
    return fn
