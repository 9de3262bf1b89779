"""Row images as ``mariadb-binlog -vv`` prints them (``### INSERT INTO ...``).

A reviewer reads row events in this form every day, so the report shows a
differing rows event the same way, and ``replbed decode -vv`` can reuse it.
The text follows the client's ``Rows_log_event::print_verbose``: one block per
row, ``@N`` is the 1-based column number in the table (not in the image, so a
MINIMAL image shows its gaps), and with ``types=True`` each value carries the
``/* TYPE meta=M nullable=N is_null=I */`` comment of ``-vv``.

Two entry points:

* ``verbose_rows(table_map, rows_event)`` from decoded events: exact column
  numbers, types and metadata.
* ``verbose_rows_from_json(event_type, table, rows_json)`` from a pipeline
  event record when the binlog is not at hand: the image's values numbered in
  order (exact for FULL images) without type comments; a value is printed
  bare when it is a number and quoted otherwise, since the record keeps no type.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any, Callable

from .constants import ColumnType as T
from .json_binary import JsonBinary
from .records import canonical_value
from .rows import RowsEvent, TableMapEvent
from .values import MyDate, MyDateTime, MyTime, MyTimestamp

_INT_TYPES = {T.TINY: ("TINYINT", 8), T.SHORT: ("SHORTINT", 16), T.INT24: ("MEDIUMINT", 24),
              T.LONG: ("INT", 32), T.LONGLONG: ("LONGINT", 64)}
_BLOB_TYPES = {T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.BLOB, T.BLOB_COMPRESSED, T.GEOMETRY, T.JSON}

_HEAD = {"write": ("### INSERT INTO {t}", None, "### SET"),
         "update": ("### UPDATE {t}", "### WHERE", "### SET"),
         "delete": ("### DELETE FROM {t}", "### WHERE", None)}


def _qualified(database: str, table: str) -> str:
    return "`" + database.replace("`", "``") + "`.`" + table.replace("`", "``") + "`"


_CONTROL = re.compile(rb"[\x00-\x1f]")


def _quoted(v: bytes | str) -> str:
    """A string value the way the client's ``my_b_write_quoted`` writes it: bytes below
    0x20 as ``\\xNN``, every other byte as is (shown here as UTF-8, U+FFFD where invalid)."""
    b = v.encode("utf-8", "surrogateescape") if isinstance(v, str) else bytes(v)
    if _CONTROL.search(b) is None:  # the common case: no byte to escape
        return "'" + b.decode("utf-8", "replace") + "'"
    out = bytearray()
    for c in b:
        out += b"\\x%02x" % c if c < 0x20 else bytes((c,))
    return "'" + out.decode("utf-8", "replace") + "'"


def _bits(v: int, nbits: int) -> str:
    return "b'" + format(v, f"0{nbits}b")[-nbits:] + "'" if nbits else "b''"


def _type_name(t: int, meta: int) -> str:
    """The type label of ``-vv`` (``INT``, ``VARSTRING(20)``, ``DECIMAL(10,2)``)."""
    if t in _INT_TYPES:
        return _INT_TYPES[T(t)][0]
    if t == T.NEWDECIMAL:
        return f"DECIMAL({meta >> 8},{meta & 0xFF})"
    if t == T.VARCHAR:
        return f"VARSTRING({meta})"
    if t == T.STRING:
        real, length = meta >> 8, meta & 0xFF
        if real == T.ENUM:
            return f"ENUM({length} byte{'s' if length != 1 else ''})"
        if real == T.SET:
            return f"SET({length} bytes)"
        # the server folds the high length bits into the real type byte
        length = ((real & 0x30) ^ 0x30) << 4 | length
        return f"STRING({length})"
    if t == T.BIT:
        return f"BIT({(meta >> 8) * 8 + (meta & 0xFF)})"
    if t in _BLOB_TYPES and t not in (T.JSON, T.GEOMETRY):
        size = {1: "TINY", 2: "", 3: "MEDIUM", 4: "LONG"}.get(meta, "")
        return f"{size}BLOB/{size}TEXT"
    if t in (T.JSON, T.GEOMETRY):
        return T(t).name
    if t in (T.TIMESTAMP2, T.DATETIME2, T.TIME2):
        return {T.TIMESTAMP2: "TIMESTAMP", T.DATETIME2: "DATETIME", T.TIME2: "TIME"}[T(t)] + f"({meta})"
    try:
        return {T.NEWDATE: "DATE"}.get(T(t), T(t).name)
    except ValueError:
        return f"TYPE{t}"


def format_value(v: Any, t: int | None = None, meta: int = 0, unsigned: bool = False) -> str:
    """One value as ``-vv`` prints it (``5``, ``-1 (255)``, ``'abc'``, ``NULL``)."""
    if v is None:
        return "NULL"
    if t in _INT_TYPES and isinstance(v, int):
        bits = _INT_TYPES[T(t)][1]
        si = v - (1 << bits) if v >= 1 << (bits - 1) else v
        # the client prints the signed reading, then the unsigned one when they differ
        return f"{si} ({si + (1 << bits)})" if si < 0 else str(si)
    if t == T.BIT and isinstance(v, int):
        return _bits(v, (meta >> 8) * 8 + (meta & 0xFF))
    if t == T.STRING and meta >> 8 == T.SET and isinstance(v, int):
        return _bits(v, 8 * (meta & 0xFF))
    if t == T.YEAR and isinstance(v, int):
        return str(v if v else 1900)  # the client prints 1900 + the stored byte
    if t == T.FLOAT and isinstance(v, float):
        return ("%-20g" % v)  # noqa: UP031 - the client's own printf format
    if t == T.DOUBLE and isinstance(v, float):
        return ("%-.20g" % v)  # noqa: UP031 - the client's own printf format
    if isinstance(v, (bool, int, Decimal, float)):
        return canonical_value(v)  # type: ignore[return-value]  # numbers print as the records keep them
    if isinstance(v, MyDate):
        return f"'{v.year:04d}:{v.month:02d}:{v.day:02d}'"
    if isinstance(v, MyTimestamp):
        return str(v.seconds) if not v.fsp else f"{v.seconds}.{v.microsecond:06d}"[: len(str(v.seconds)) + 1 + v.fsp]
    if isinstance(v, (MyDateTime, MyTime)):
        return f"'{v}'"
    if isinstance(v, JsonBinary):
        return _quoted(str(v))  # mysqlbinlog prints a JSON value's text (Json_wrapper::to_string)
    if isinstance(v, (bytes, bytearray, memoryview, str)):
        return _quoted(bytes(v) if not isinstance(v, str) else v)
    return _quoted(str(v))


def _present(bitmap: int, n: int) -> list[int]:
    return [i for i in range(n) if bitmap >> i & 1]


def _value_formatter(t: int, meta: int, unsigned: bool) -> Callable[[Any], str]:
    """``format_value(v, t, meta, unsigned)`` for a non-NULL ``v`` of one column, with the
    dispatch on the column type done once per table instead of once per value (the
    ``decode -vv`` listing calls this for every value of every row)."""
    def general(v: Any) -> str:
        return format_value(v, t, meta, unsigned)

    if t in _INT_TYPES:
        half = 1 << (_INT_TYPES[T(t)][1] - 1)

        def integer(v: Any) -> str:
            return str(v) if type(v) is int and 0 <= v < half else format_value(v, t, meta, unsigned)
        return integer
    if t in (T.VARCHAR, T.VAR_STRING) or t in _BLOB_TYPES or (
            t == T.STRING and meta >> 8 not in (T.ENUM, T.SET)):
        def string(v: Any) -> str:
            return _quoted(v) if type(v) is bytes else format_value(v, t, meta, unsigned)
        return string
    if t == T.NEWDECIMAL:
        def decimal(v: Any) -> str:
            return format(v, "f") if type(v) is Decimal else format_value(v, t, meta, unsigned)
        return _memo(decimal)
    if t in (T.DATETIME2, T.TIMESTAMP2, T.DATE, T.NEWDATE, T.TIME2, T.DATETIME, T.TIMESTAMP, T.TIME):
        return _memo(general)
    return general


def _memo(fmt: Callable[[Any], str]) -> Callable[[Any], str]:
    """``fmt`` remembered per value object: the reader's fast path shares one immutable
    object per distinct DECIMAL/temporal value, so a repeated value formats once. The
    cache holds the object itself, so an id is never reused while its entry lives."""
    cache: dict[int, tuple[Any, str]] = {}

    def memo(v: Any) -> str:
        hit = cache.get(id(v))
        if hit is not None and hit[0] is v:
            return hit[1]
        text = fmt(v)
        if len(cache) >= 4096:
            cache.clear()
        cache[id(v)] = (v, text)
        return text
    return memo


Printer = tuple[str, str, Callable[[Any], str], str]
_PRINTERS: dict[tuple[Any, ...], list[Printer]] = {}


def column_printers(tm: TableMapEvent, types: bool = True) -> list[Printer]:
    """Per column of ``tm``: ``(head, tail, formatter, null line)``; a value ``v`` prints
    as ``head + formatter(v) + tail`` (``###   @N=`` ... `` /* TYPE meta=M nullable=N
    is_null=0 */``), NULL as the null line. Built once per distinct table map, so the
    listing does no per-value type dispatch."""
    uns = tm.unsigned_columns()
    key = (tuple(tm.column_types), tuple(tm.column_metadata), tm.null_bitmap, tuple(uns), types)
    hit = _PRINTERS.get(key)
    if hit is not None:
        return hit
    out: list[Printer] = []
    for i, t in enumerate(tm.column_types):
        meta = tm.column_metadata[i] if i < len(tm.column_metadata) else 0
        head = f"###   @{i + 1}="
        fmt = _value_formatter(t, meta, uns[i] if i < len(uns) else False)
        if types:
            note = f" /* {_type_name(t, meta)} meta={meta} nullable={int(tm.nullable(i))} is_null="
            out.append((head, note + "0 */", fmt, head + "NULL" + note + "1 */"))
        else:
            out.append((head, "", fmt, head + "NULL"))
    if len(_PRINTERS) > 4096:
        _PRINTERS.clear()
    _PRINTERS[key] = out
    return out


_IMAGES: dict[tuple[int, tuple[int, ...]], tuple[list[Printer], Callable[[list[Any]], str]]] = {}


def image_printer(printers: list[Printer], cols: list[int]) -> Callable[[list[Any]], str]:
    """``values -> text`` of one row image over ``cols`` (every line ending in a newline),
    composed from the column printers as one generated expression: the listing's inner
    loop. Raises ``IndexError`` for a column beyond the table map."""
    key = (id(printers), tuple(cols))
    hit = _IMAGES.get(key)
    if hit is not None and hit[0] is printers:
        return hit[1]
    env: dict[str, Any] = {}
    parts = []
    for k, c in enumerate(cols):
        head, tail, fmt, null_line = printers[c]
        env[f"H{k}"], env[f"T{k}"], env[f"F{k}"], env[f"N{k}"] = head, tail + "\n", fmt, null_line + "\n"
        parts.append(f"(N{k} if v{k} is None else H{k} + F{k}(v{k}) + T{k})")
    names = ", ".join(f"v{k}" for k in range(len(cols)))
    src = (f"def image(vals):\n    {names}{',' if len(cols) == 1 else ''} = vals\n"
           f"    return {' + '.join(parts)}\n") if cols else "def image(vals):\n    return ''\n"
    exec(compile(src, "<row image printer>", "exec"), env)
    fn: Callable[[list[Any]], str] = env["image"]
    if len(_IMAGES) > 4096:
        _IMAGES.clear()
    _IMAGES[key] = (printers, fn)
    return fn


def _image_lines(values: list[Any], cols: list[int], tm: TableMapEvent | None, types: bool) -> list[str]:
    if tm is None:
        return [f"###   @{i + 1}={format_value(v)}" for v, i in zip(values, cols)]
    printers = column_printers(tm, types)
    n = len(printers)
    out = []
    for v, i in zip(values, cols):
        if i >= n:
            out.append(f"###   @{i + 1}={format_value(v)}")
            continue
        head, tail, fmt, null_line = printers[i]
        out.append(null_line if v is None else head + fmt(v) + tail)
    return out


def verbose_rows(tm: TableMapEvent | None, ev: RowsEvent, *, types: bool = True) -> str:
    """All rows of ``ev`` as ``mariadb-binlog -vv`` lines (``types=False``: ``-v``)."""
    table = _qualified(tm.database, tm.table) if tm is not None else f"`?`.`table_id {ev.table_id}`"
    head, before_kw, after_kw = _HEAD[ev.kind]
    if ev.rows is None:
        return head.format(t=table) + "\n### (row image not decoded)"
    before_cols = _present(ev.columns_present, ev.column_count)
    after_bitmap = ev.columns_present_after if ev.columns_present_after is not None else ev.columns_present
    after_cols = _present(after_bitmap, ev.column_count)
    lines: list[str] = []
    for row in ev.rows:
        lines.append(head.format(t=table))
        if before_kw and row.before is not None:
            lines.append(before_kw)
            lines += _image_lines(row.before, before_cols, tm, types)
        if after_kw and row.after is not None:
            lines.append(after_kw)
            lines += _image_lines(row.after, after_cols if ev.kind == "update" else before_cols, tm, types)
    return "\n".join(lines)


def _kind_of(event_type: str) -> str:
    t = event_type.lower()
    return "write" if t.startswith("write") else "update" if t.startswith("update") else "delete"


def _json_value(v: str | None) -> str:
    if v is None:
        return "NULL"
    try:
        Decimal(v)
        if v.strip() == v and v.lower() not in ("nan", "inf", "-inf", "infinity", "-infinity"):
            return v
    except ArithmeticError:
        pass
    return _quoted(v)


def verbose_rows_from_json(event_type: str, table: str | None, rows_json: str | None) -> str:
    """A rows event record (``harness.binlog.records``) in ``-v`` form, without types."""
    kind = _kind_of(event_type or "")
    db, _, name = (table or "?.?").partition(".")
    head, before_kw, after_kw = _HEAD[kind]
    head = head.format(t=_qualified(db, name or "?"))
    if rows_json is None:
        return head + "\n### (row image not decoded)"
    lines: list[str] = []
    for row in json.loads(rows_json):
        lines.append(head)
        for kw, img in ((before_kw, row.get("before")), (after_kw, row.get("after"))):
            if kw and img is not None:
                lines.append(kw)
                lines += [f"###   @{i + 1}={_json_value(v)}" for i, v in enumerate(img)]
    return "\n".join(lines)


def verbose_binlog_rows(paths: list[Any]) -> dict[tuple[str, int], str]:
    """``(file name, position) -> -vv text`` for every rows event in the binlog files."""
    import os

    from .reader import BinlogReader

    out: dict[tuple[str, int], str] = {}
    for path in paths:
        maps: dict[int, TableMapEvent] = {}
        name = os.path.basename(os.fspath(path))
        for entry in BinlogReader(path, verify_checksum=False).entries():
            ev = entry.event
            if isinstance(ev, TableMapEvent):
                maps[ev.table_id] = ev
            elif isinstance(ev, RowsEvent):
                out[(name, entry.pos)] = verbose_rows(maps.get(ev.table_id), ev)
    return out
