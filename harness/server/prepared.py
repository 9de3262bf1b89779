"""Prepared statements: COM_STMT_PREPARE / EXECUTE / FETCH / RESET / CLOSE / SEND_LONG_DATA.

MariaDB runs a prepared statement with its ``?`` bound to Item_param values and, because
the binary log (and the general log) needs a statement a replica can re-run, builds the
*expanded query*: the statement text with every placeholder replaced by its value as SQL
(sql_prepare.cc ``insert_params_with_log``, item.cc ``Item_param::query_val_str``). That
text is ``thd->query()`` while the statement runs, so it is what a Query event and an
Annotate_rows event hold. replbed executes exactly that expanded text through the normal
statement path, so prepared statements are logged as MariaDB logs them in every format.

How a value becomes SQL (observed on 10.11.19 with mysql-connector's prepared cursor):

* integers in decimal (unsigned when the client set the unsigned flag), NULL as ``NULL``;
* FLOAT/DOUBLE with the server's shortest ``%g``-like form (``1.5``, ``3``, ``1e300``);
* DECIMAL as the decimal string (``12.345``);
* DATE as ``DATE'2021-02-03'``, DATETIME/TIMESTAMP as ``TIMESTAMP'2020-01-02 03:04:05'``
  (``.ffffff`` when the value has microseconds), TIME as ``TIME'-26:02:03'``;
* strings and BLOBs quoted with ``escape_string_for_mysql`` in character_set_client
  (``\\0 \\n \\r \\\\ \\' \\" \\Z``, and a backslash before every byte that does not start
  a well-formed character: ``'\\0\\\\xff'``), or with doubled quotes under
  NO_BACKSLASH_ESCAPES (``escape_quotes_for_mysql``).

Rows come back in the binary protocol (ProtocolBinary::ResultsetRow): the session renders
cells as text (the same values a COM_QUERY sends) and :func:`encode_binary_cell` turns
each into the column type's binary form, so both protocols show the same value.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Callable

from harness.server.protocol_errors import ProtocolError, SqlError
from harness.server.protocol import (
    CLIENT_DEPRECATE_EOF,
    PayloadReader,
    encode_column_definition,
    encode_end_of_rows,
    encode_eof,
    encode_lenenc_bytes,
    encode_lenenc_int,
    to_wire_text,
)
from harness.server.results import (
    BINARY_FLAG,
    CHARSET_BINARY,
    MYSQL_TYPE_DATE,
    MYSQL_TYPE_DATETIME,
    MYSQL_TYPE_DECIMAL,
    MYSQL_TYPE_DOUBLE,
    MYSQL_TYPE_FLOAT,
    MYSQL_TYPE_INT24,
    MYSQL_TYPE_LONG,
    MYSQL_TYPE_LONGLONG,
    MYSQL_TYPE_NEWDECIMAL,
    MYSQL_TYPE_NULL,
    MYSQL_TYPE_SHORT,
    MYSQL_TYPE_TIME,
    MYSQL_TYPE_TIMESTAMP,
    MYSQL_TYPE_TINY,
    MYSQL_TYPE_YEAR,
    Cell,
    Column,
    ResultSet,
)

#: ER_UNKNOWN_STMT_HANDLER: an id that was never prepared or already closed.
ER_UNKNOWN_STMT_HANDLER = 1243
#: ER_WRONG_ARGUMENTS: EXECUTE without values for the placeholders.
ER_WRONG_ARGUMENTS = 1210
#: ER_PS_MANY_PARAM: mysql_stmt_prepare refuses more than 65535 placeholders.
ER_PS_MANY_PARAM = 1390

CURSOR_TYPE_READ_ONLY = 1
SERVER_STATUS_CURSOR_EXISTS = 0x0040
SERVER_STATUS_LAST_ROW_SENT = 0x0080
#: The unsigned bit of a parameter's type byte pair (the second byte is 0x80).
PARAM_UNSIGNED = 0x80

_INT_SIZES = {MYSQL_TYPE_TINY: 1, MYSQL_TYPE_SHORT: 2, MYSQL_TYPE_YEAR: 2, MYSQL_TYPE_LONG: 4,
              MYSQL_TYPE_INT24: 4, MYSQL_TYPE_LONGLONG: 8}
_TEMPORAL_DATE = {MYSQL_TYPE_DATE: "DATE", MYSQL_TYPE_DATETIME: "TIMESTAMP", MYSQL_TYPE_TIMESTAMP: "TIMESTAMP"}


# --------------------------------------------------------------------------
# Placeholders
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# Parameter values -> SQL text (the expanded query)
# --------------------------------------------------------------------------


def _utf8_char_len(data: bytes, i: int) -> int:
    """my_ci_charlen for utf8mb3/utf8mb4: length of the well-formed character at ``i``, 0 if none."""
    b = data[i]
    if b < 0x80:
        return 1
    if 0xC2 <= b <= 0xDF:
        need = 2
    elif 0xE0 <= b <= 0xEF:
        need = 3
    elif 0xF0 <= b <= 0xF4:
        need = 4
    else:
        return 0
    chunk = data[i:i + need]
    if len(chunk) < need:
        return 0
    try:
        chunk.decode("utf-8")
    except UnicodeDecodeError:
        return 0
    return need


_ESCAPES = {0: b"\\0", 0x0A: b"\\n", 0x0D: b"\\r", 0x5C: b"\\\\", 0x27: b"\\'", 0x22: b'\\"', 0x1A: b"\\Z"}


def escape_string(data: bytes, charset: str, no_backslash_escapes: bool = False, bad_lead_only: bool = False) -> bytes:
    """``'...'`` for a string value, as append_query_string writes it into the expanded query.
    ``bad_lead_only``: MySQL escapes a byte of no well-formed character only when my_mbcharlen
    calls it a multi-byte lead (utf8mb4: 0xC2-0xF7), else copies it (SqlPolicy.mysql_param_text)."""
    multibyte = charset.startswith("utf8")
    out = bytearray(b"'")
    if no_backslash_escapes:
        out += data.replace(b"'", b"''")
        return bytes(out + b"'")
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if multibyte and b >= 0x80:
            clen = _utf8_char_len(data, i)
            if clen > 1:
                out += data[i:i + clen]
                i += clen
                continue
            if not bad_lead_only or 0xC2 <= b <= 0xF7:
                out += b"\\"  # a bad byte sequence: escaped as itself
            out += bytes((b,))
            i += 1
            continue
        esc = _ESCAPES.get(b)
        out += esc if esc is not None else bytes((b,))
        i += 1
    return bytes(out + b"'")


def _format_real(value: float) -> str:
    """Item_param REAL_VALUE: String::set_real(NOT_FIXED_DEC), the shortest round-trip form."""
    from harness.sql.item.number_text import format_float  # the server's my_gcvt, one definition
    return format_float(value, 17)


def _time_text(neg: bool, days: int, h: int, m: int, s: int, micro: int) -> str:
    frac = f".{micro:06d}" if micro else ""
    return f"{'-' if neg else ''}{days * 24 + h:02d}:{m:02d}:{s:02d}{frac}"


def read_param(r: PayloadReader, type_code: int, unsigned: bool, charset: str,
               no_backslash_escapes: bool, mysql: bool = False) -> bytes:
    """One parameter value from COM_STMT_EXECUTE, as the SQL bytes that replace its ``?``."""
    size = _INT_SIZES.get(type_code)
    if size is not None:
        raw = r.read(size)
        return str(int.from_bytes(raw, "little", signed=not unsigned)).encode()
    if type_code == MYSQL_TYPE_FLOAT:
        return _format_real(struct.unpack("<f", r.read(4))[0]).encode()
    if type_code == MYSQL_TYPE_DOUBLE:
        return _format_real(struct.unpack("<d", r.read(8))[0]).encode()
    if type_code in (MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL):
        text = (r.lenenc_bytes() or b"").decode("ascii", "replace").strip()
        try:
            return format(Decimal(text), "f").encode()
        except InvalidOperation:
            return b"NULL"  # my_decimal2string failed: query_val_str gives NULL
    if type_code in _TEMPORAL_DATE:
        length = r.int1()
        body = PayloadReader(r.read(length), "date parameter")
        y = body.int2() if length >= 4 else 0
        mo = body.int1() if length >= 4 else 0
        d = body.int1() if length >= 4 else 0
        h = body.int1() if length >= 7 else 0
        mi = body.int1() if length >= 7 else 0
        s = body.int1() if length >= 7 else 0
        us = body.int4() if length >= 11 else 0
        # MySQL's query_val_str: a quoted string, six fractional digits (9.7.4 observed:
        # '2021-02-03', '1999-12-31 23:59:59.000000'); MariaDB: a typed literal
        kind = ("", "") if mysql else ("DATE", "TIMESTAMP")
        if type_code == MYSQL_TYPE_DATE:
            return f"{kind[0]}'{y:04d}-{mo:02d}-{d:02d}'".encode()
        frac = f".{us:06d}" if us or mysql else ""
        return f"{kind[1]}'{y:04d}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{s:02d}{frac}'".encode()
    if type_code == MYSQL_TYPE_TIME:
        length = r.int1()
        body = PayloadReader(r.read(length), "time parameter")
        if length >= 8:
            neg = body.int1() == 1
            days, h, mi, s = body.int4(), body.int1(), body.int1(), body.int1()
            us = body.int4() if length >= 12 else 0
        else:
            neg, days, h, mi, s, us = False, 0, 0, 0, 0, 0
        text = _time_text(neg, days, h, mi, s, us)
        if mysql:  # '-69:57:57.000000' (9.7.4 observed)
            return f"'{text if us else text + '.000000'}'".encode()
        return f"TIME'{text}'".encode()
    if type_code == MYSQL_TYPE_NULL:
        return b"NULL"
    # Every other type (VARCHAR, STRING, BLOBs, ENUM, SET, BIT, JSON, GEOMETRY) is sent as
    # a length-encoded string and becomes a quoted string literal.
    return escape_string(r.lenenc_bytes() or b"", charset, no_backslash_escapes, mysql)


# --------------------------------------------------------------------------
# Statements of one connection
# --------------------------------------------------------------------------


@dataclass
class PreparedStatement:
    """What COM_STMT_PREPARE left behind: the text cut at its placeholders."""

    stmt_id: int
    sql: str
    pieces: list[str]
    #: (type code, unsigned) per parameter, from the last EXECUTE that sent them.
    param_types: list[tuple[int, bool]] = field(default_factory=list)
    #: COM_STMT_SEND_LONG_DATA chunks per parameter, consumed by the next EXECUTE.
    long_data: dict[int, bytearray] = field(default_factory=dict)
    #: An open cursor (COM_STMT_EXECUTE with CURSOR_TYPE_READ_ONLY): rows not yet fetched.
    cursor: ResultSet | None = None
    #: Byte offsets of the substituted values in the last expanded query.
    value_spans: list[tuple[int, int]] = field(default_factory=list)

    @property
    def param_count(self) -> int:
        return len(self.pieces) - 1


def encode_prepare_ok(stmt: PreparedStatement, columns: list[Column], caps: int) -> list[bytes]:
    """COM_STMT_PREPARE_OK, then the parameter and column definitions.

    As mysql_stmt_prepare sends them: each list is followed by an EOF unless the client
    negotiated CLIENT_DEPRECATE_EOF; a parameter's definition is ``?`` of type
    MYSQL_TYPE_NULL with the binary charset (send_prep_stmt: an Item_param without a value
    yet; observed on 10.11).
    """
    head = (b"\x00" + struct.pack("<IHH", stmt.stmt_id, len(columns), stmt.param_count)
            + b"\x00" + struct.pack("<H", 0))
    out = [head]
    if stmt.param_count:
        param_col = Column(name="?", type_code=MYSQL_TYPE_NULL, length=0, charset=CHARSET_BINARY,
                           flags=BINARY_FLAG)
        out.extend(encode_column_definition(param_col) for _ in range(stmt.param_count))
        if not caps & CLIENT_DEPRECATE_EOF:
            out.append(encode_eof(0, 0))
    if columns:
        out.extend(encode_column_definition(c) for c in columns)
        if not caps & CLIENT_DEPRECATE_EOF:
            out.append(encode_eof(0, 0))
    return out


def expand_query(stmt: PreparedStatement, body: bytes, charset: str, no_backslash_escapes: bool,
                 mysql: bool = False) -> str:
    """The statement text with the values of a COM_STMT_EXECUTE substituted (the expanded query).

    ``body`` starts after the statement id: flags(1), iteration count(4), then, when the
    statement has placeholders, the NULL bitmap, the new-params-bound flag, the types
    when that flag is 1, and the values of the non-NULL parameters that were not sent
    with COM_STMT_SEND_LONG_DATA.
    """
    n = stmt.param_count
    if n == 0:
        return stmt.sql
    r = PayloadReader(body, "COM_STMT_EXECUTE")
    r.read(5)  # flags and iteration count: read by the caller
    if r.at_end():
        raise SqlError(ER_WRONG_ARGUMENTS, "Incorrect arguments to mysqld_stmt_execute")
    nulls = r.read((n + 7) // 8)
    if r.int1() == 1:
        types = []
        for _ in range(n):
            code, flag = r.int1(), r.int1()
            types.append((code, bool(flag & PARAM_UNSIGNED)))
        stmt.param_types = types
    if len(stmt.param_types) != n:
        raise SqlError(ER_WRONG_ARGUMENTS, "Incorrect arguments to mysqld_stmt_execute")
    out = bytearray(to_wire_text(stmt.pieces[0]))
    stmt.value_spans = []
    for i in range(n):
        if nulls[i // 8] & (1 << (i % 8)):
            value = b"NULL"
        elif i in stmt.long_data:
            value = escape_string(bytes(stmt.long_data[i]), charset, no_backslash_escapes, mysql)
        else:
            code, unsigned = stmt.param_types[i]
            value = read_param(r, code, unsigned, charset, no_backslash_escapes, mysql)
        start = len(out)
        out += value
        stmt.value_spans.append((start, len(out)))
        out += to_wire_text(stmt.pieces[i + 1])
    stmt.long_data.clear()
    return out.decode("utf-8", "surrogateescape")


def param_names(stmt: PreparedStatement, expanded: str, columns: list[Column]) -> None:
    """Name result columns as the statement's text names them: an expression holding a
    placeholder is called after its text with ``?`` (MariaDB's Item_param prints as
    ``?``: ``SELECT ?, ? + 1`` gives columns ``?`` and ``? + 1``), not after the value
    that replaced it in the expanded query."""
    if not stmt.value_spans:
        return
    raw = to_wire_text(expanded)
    for col in columns:
        if col.table:
            continue
        name = to_wire_text(col.name)
        at = raw.find(name)
        end = at + len(name)
        inside = [(a, b) for a, b in stmt.value_spans if at <= a and b <= end]
        if at < 0 or not inside:
            continue
        text, pos = bytearray(), at
        for a, b in inside:
            text += raw[pos:a] + b"?"
            pos = b
        text += raw[pos:end]
        col.name = text.decode("utf-8", "surrogateescape")


def parse_long_data(body: bytes) -> tuple[int, int, bytes]:
    """COM_STMT_SEND_LONG_DATA: (statement id, parameter number, chunk)."""
    r = PayloadReader(body, "COM_STMT_SEND_LONG_DATA")
    return r.int4(), r.int2(), r.rest()


def statement_id(body: bytes, what: str) -> int:
    if len(body) < 4:
        raise ProtocolError(f"{what} with a {len(body)}-byte body, expected a 4-byte statement id")
    return int.from_bytes(body[:4], "little")


# --------------------------------------------------------------------------
# Binary result rows
# --------------------------------------------------------------------------


def _split_date(text: str) -> tuple[int, int, int, int, int, int, int]:
    date, _, clock = text.partition(" ")
    y, mo, d = (int(x) for x in date.split("-"))
    h = mi = s = us = 0
    if clock:
        hms, _, frac = clock.partition(".")
        h, mi, s = (int(x) for x in hms.split(":"))
        us = int(frac.ljust(6, "0")[:6]) if frac else 0
    return y, mo, d, h, mi, s, us


def _binary_datetime(text: str) -> bytes:
    """MYSQL_TIME as Protocol_binary::store sends it: 0, 4, 7 or 11 bytes after the length."""
    y, mo, d, h, mi, s, us = _split_date(text)
    if us:
        body = struct.pack("<HBBBBBI", y, mo, d, h, mi, s, us)
    elif h or mi or s:
        body = struct.pack("<HBBBBB", y, mo, d, h, mi, s)
    elif y or mo or d:
        body = struct.pack("<HBB", y, mo, d)
    else:
        body = b""
    return bytes((len(body),)) + body


def _binary_time(text: str) -> bytes:
    neg = text.startswith("-")
    hms, _, frac = text.lstrip("-").partition(".")
    h, mi, s = (int(x) for x in hms.split(":"))
    us = int(frac.ljust(6, "0")[:6]) if frac else 0
    days, h = divmod(h, 24)
    if us:
        body = struct.pack("<BIBBBI", neg, days, h, mi, s, us)
    elif days or h or mi or s:
        body = struct.pack("<BIBBB", neg, days, h, mi, s)
    else:
        body = b""
    return bytes((len(body),)) + body


def _as_text(value: Cell) -> str:
    if isinstance(value, bytes):
        return value.decode("ascii")
    return str(value)


_BINARY_ENCODERS: dict[int, Callable[[str], bytes]] = {
    MYSQL_TYPE_FLOAT: lambda t: struct.pack("<f", float(t)),
    MYSQL_TYPE_DOUBLE: lambda t: struct.pack("<d", float(t)),
    MYSQL_TYPE_DATE: _binary_datetime,
    MYSQL_TYPE_DATETIME: _binary_datetime,
    MYSQL_TYPE_TIMESTAMP: _binary_datetime,
    MYSQL_TYPE_TIME: _binary_time,
}


def encode_binary_cell(col: Column, value: Cell) -> bytes:
    """One non-NULL value of a binary row, in its column type's binary form."""
    size = _INT_SIZES.get(col.type_code)
    if size is not None:
        n = int(_as_text(value))
        return (n & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    enc = _BINARY_ENCODERS.get(col.type_code)
    if enc is not None:
        return enc(_as_text(value))
    if isinstance(value, bytes):
        return encode_lenenc_bytes(value)
    return encode_lenenc_bytes(to_wire_text(value if isinstance(value, str) else str(value)))


def encode_binary_row(columns: list[Column], row: list[Cell]) -> bytes:
    """ProtocolBinary::ResultsetRow: 0x00, the NULL bitmap (offset 2), the values."""
    bitmap = bytearray((len(columns) + 9) // 8)
    values = bytearray()
    for i, (col, value) in enumerate(zip(columns, row)):
        if value is None or col.type_code == MYSQL_TYPE_NULL:
            bitmap[(i + 2) // 8] |= 1 << ((i + 2) % 8)
            continue
        values += encode_binary_cell(col, value)
    return b"\x00" + bytes(bitmap) + bytes(values)


def encode_binary_result_set(rs: ResultSet, status_flags: int, caps: int, *,
                             cursor: bool = False) -> list[bytes]:
    """A binary-protocol result set; with ``cursor`` only the metadata and an EOF whose
    status says SERVER_STATUS_CURSOR_EXISTS (the rows follow COM_STMT_FETCH)."""
    out = [encode_lenenc_int(len(rs.columns))]
    out.extend(encode_column_definition(c) for c in rs.columns)
    if cursor:
        # mysql_stmt_execute with a cursor: the EOF is sent even with CLIENT_DEPRECATE_EOF.
        out.append(encode_eof(status_flags | SERVER_STATUS_CURSOR_EXISTS, 0))
        return out
    if not caps & CLIENT_DEPRECATE_EOF:
        out.append(encode_eof(status_flags, 0))
    out.extend(encode_binary_row(rs.columns, row) for row in rs.rows)
    out.append(encode_end_of_rows(status_flags, rs.warnings, caps))
    return out


def fetch_rows(stmt: PreparedStatement, count: int, status_flags: int) -> list[bytes]:
    """COM_STMT_FETCH: up to ``count`` rows of the open cursor, then an EOF
    (SERVER_STATUS_LAST_ROW_SENT when the cursor is exhausted, which closes it)."""
    rs = stmt.cursor
    if rs is None:
        raise SqlError(ER_UNKNOWN_STMT_HANDLER,
                       f"Unknown prepared statement handler ({stmt.stmt_id}) given to mysqld_stmt_fetch")
    rows, rs.rows = rs.rows[:count], rs.rows[count:]
    out = [encode_binary_row(rs.columns, row) for row in rows]
    status = status_flags | SERVER_STATUS_CURSOR_EXISTS
    if not rs.rows:
        status = (status & ~SERVER_STATUS_CURSOR_EXISTS) | SERVER_STATUS_LAST_ROW_SENT
        stmt.cursor = None
    out.append(encode_eof(status, rs.warnings))
    return out
