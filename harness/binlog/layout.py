"""The declared layout of every event: one table of fields per event type.

libbinlogevents documents each event class with a table of its post-header
and body fields (name, format, size, when present); here that table is data,
and everything that needs to know where a field is derives from it:

* the codecs read and write the fixed leading fields with
  :meth:`Layout.read_prefix` / :meth:`Layout.write_prefix`, and take column
  metadata and status-variable widths from :data:`COLUMN_METADATA` and
  :data:`STATUS_VARS`;
* the reader's fast path (``fast.py``) unpacks the same leading fields with
  :attr:`Layout.struct` and uses the same two tables -- it no longer reaches
  into the codecs' private constants;
* the byte-exact tooling (``exact.py``) cuts a raw event into named byte
  ranges with :meth:`Layout.ranges`, and the fields whose ``varies`` says why
  they differ between two runs of the same server are the ones it masks.

A field's ``kind`` says how its size is found:

=============  ==========================================================
``u8`` .. ``u64``  fixed little-endian unsigned integer (``u48``: 6 bytes)
``bytes``      ``size`` fixed bytes
``lenstr_z``   1 length byte, that many bytes, a NUL (Table_map names)
``packed_bytes``  a packed (length-encoded) count, then that many bytes
``bitmap``     ``(n + 7) // 8`` bytes, n = the value of field ``of``
``sized``      the value of field ``of`` (+ ``size``) bytes
``status_vars``  the Query status-variable block, ``of`` bytes long,
               one range per variable (``status.<NAME>``)
``var``        variable, measured by ``measure(body, pos, values)``
``rest``       to the end of the body, less ``size`` trailing bytes
=============  ==========================================================

``when`` (a predicate on the values read so far, with ``when_doc`` in words)
makes a field conditional. Only the MariaDB 10.x shapes replbed writes and the
MySQL 8.0 ones it reads are declared; anything else is one ``body`` range.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .constants import HEADER_LEN, GtidFlag
from .constants import ColumnType as T
from .constants import EventType as E
from .constants import QueryStatus as Q

Values = dict[str, Any]

_FIXED = {"u8": 1, "u16": 2, "u32": 4, "u48": 6, "u64": 8}
# struct codes; u48 is unpacked as (low u32, high u16) and joined by read_prefix
_STRUCT = {"u8": "B", "u16": "H", "u32": "I", "u48": "IH", "u64": "Q"}


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    kind: str
    size: int = 0
    of: str | None = None
    when: Callable[[Values], bool] | None = None
    when_doc: str = ""
    # Why two runs of the same server write different bytes here ("" = they never do).
    varies: str = ""
    measure: Callable[[bytes, int, Values], int] | None = None

    @property
    def width(self) -> int | None:
        """Bytes of a fixed-size field, None when the size depends on the data."""
        if self.kind in _FIXED:
            return _FIXED[self.kind]
        if self.kind == "bytes":
            return self.size
        return None


@dataclass(frozen=True)
class Layout:
    """The body of one event type (after the 19-byte common header)."""

    name: str
    type_codes: tuple[int, ...]
    fields: tuple[FieldSpec, ...]
    prefix: tuple[FieldSpec, ...] = field(init=False)
    struct: struct.Struct = field(init=False)

    def __post_init__(self) -> None:
        prefix = []
        for f in self.fields:
            if f.kind not in _STRUCT or f.when is not None:
                break
            prefix.append(f)
        object.__setattr__(self, "prefix", tuple(prefix))
        object.__setattr__(self, "struct", struct.Struct("<" + "".join(_STRUCT[f.kind] for f in prefix)))

    @property
    def prefix_len(self) -> int:
        return self.struct.size

    def field(self, name: str) -> FieldSpec:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def offset(self, name: str) -> int:
        """Body offset of a field of the fixed prefix."""
        p = 0
        for f in self.prefix:
            if f.name == name:
                return p
            p += _FIXED[f.kind]
        raise KeyError(f"{name} is not in the fixed prefix of {self.name}")

    def read_prefix(self, r: Any) -> tuple[int, ...]:
        """The fixed leading fields from a :class:`ByteReader` (u48 joined)."""
        raw: tuple[int, ...] = r.unpack(self.struct)
        if len(raw) == len(self.prefix):
            return raw
        out, i = [], 0
        for f in self.prefix:
            if f.kind == "u48":
                out.append(raw[i] | raw[i + 1] << 32)
                i += 2
            else:
                out.append(raw[i])
                i += 1
        return tuple(out)

    def write_prefix(self, w: Any, *values: int) -> None:
        """Inverse of :meth:`read_prefix` into a :class:`ByteWriter`."""
        for f, v in zip(self.prefix, values, strict=True):
            w.uint_le(v, _FIXED[f.kind])

    def ranges(self, b: bytes, start: int, end: int, type_code: int = 0) -> list[tuple[str, int, int]]:
        """``(name, start, end)`` of every field of the body ``b[start:end]``
        (``type_code``: for conditions on the event type, e.g. Update_rows).

        Raises IndexError / ValueError on bytes that do not have this layout.
        """
        out: list[tuple[str, int, int]] = []
        vals: Values = {"__type": type_code}
        p = start
        for f in self.fields:
            if f.when is not None and not f.when(vals):
                continue
            k = f.kind
            if k in _FIXED:
                q = p + _FIXED[k]
                if q > end:
                    raise ValueError(f"{f.name} runs past the body")
                vals[f.name] = int.from_bytes(b[p:q], "little")
            elif k == "bytes":
                q = p + f.size
            elif k == "lenstr_z":
                q = p + 1 + b[p] + 1
            elif k == "packed_bytes":
                n, q = packed_int(b, p)
                vals[f.name] = n
                q += n
            elif k == "bitmap":
                q = p + (vals[f.of] + 7) // 8  # type: ignore[index]
            elif k == "sized":
                q = p + vals[f.of] + f.size  # type: ignore[index]
            elif k == "status_vars":
                q = p + vals[f.of]  # type: ignore[index]
                out += status_var_ranges(b, p, q)
                p = q
                continue
            elif k == "var":
                assert f.measure is not None
                q = p + f.measure(b, p, vals)
            elif k == "rest":
                q = end - f.size
            else:  # pragma: no cover - a declaration error
                raise AssertionError(f"unknown field kind {k}")
            out.append((f.name, p, q))
            p = q
        if p != end:
            raise ValueError(f"{self.name} fields end at {p}, the body at {end}")
        return out


def packed_int(b: bytes, p: int) -> tuple[int, int]:
    """Length-encoded integer at ``b[p]``: (value, next position)."""
    first = b[p]
    if first < 251:
        return first, p + 1
    n = {252: 2, 253: 3, 254: 8}.get(first)
    if n is None:
        raise ValueError(f"bad packed integer 0x{first:02x} at {p}")
    return int.from_bytes(b[p + 1:p + 1 + n], "little"), p + 1 + n


# ---------------------------------------------------------------------------- common header

HEADER = Layout("header", (), (
    FieldSpec("timestamp", "u32", varies="every event: the statement's start time (time(0) of the session)"),
    FieldSpec("type_code", "u8"),
    FieldSpec("server_id", "u32"),
    FieldSpec("event_size", "u32"),
    FieldSpec("log_pos", "u32"),
    FieldSpec("flags", "u16"),
))
assert HEADER.prefix_len == HEADER_LEN

# ---------------------------------------------------------------------------- Query

# Status variables: code -> (kind, bytes after the code; 0 = measured), and why
# the value may differ between two runs of the server.
#   uint: little-endian integer of that width;   u16s: that many bytes of u16s;
#   lenstr: 1 length byte + bytes;   lenstr_z: 1 length byte + bytes + NUL;
#   invoker: two lenstr;   db_names: count byte (254 = too many) + NUL-ended names;
#   pairs: count byte + count * (u16, u16).
STATUS_VARS: dict[int, tuple[str, int]] = {
    Q.Q_FLAGS2_CODE: ("uint", 4),
    Q.Q_SQL_MODE_CODE: ("uint", 8),
    Q.Q_CATALOG_CODE: ("lenstr_z", 0),
    Q.Q_AUTO_INCREMENT: ("u16s", 4),
    Q.Q_CHARSET_CODE: ("u16s", 6),
    Q.Q_TIME_ZONE_CODE: ("lenstr", 0),
    Q.Q_CATALOG_NZ_CODE: ("lenstr", 0),
    Q.Q_LC_TIME_NAMES_CODE: ("uint", 2),
    Q.Q_CHARSET_DATABASE_CODE: ("uint", 2),
    Q.Q_TABLE_MAP_FOR_UPDATE_CODE: ("uint", 8),
    Q.Q_MASTER_DATA_WRITTEN_CODE: ("uint", 4),
    Q.Q_INVOKER: ("invoker", 0),
    Q.Q_UPDATED_DB_NAMES: ("db_names", 0),
    Q.Q_MICROSECONDS: ("uint", 3),
    Q.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP: ("uint", 1),
    Q.Q_DDL_LOGGED_WITH_XID: ("uint", 8),
    Q.Q_DEFAULT_COLLATION_FOR_UTF8MB4: ("uint", 2),
    Q.Q_SQL_REQUIRE_PRIMARY_KEY: ("uint", 1),
    Q.Q_DEFAULT_TABLE_ENCRYPTION: ("uint", 1),
    Q.Q_ENABLE_CASCADE_TRIGGERS: ("uint", 1),
    Q.Q_HRNOW: ("uint", 3),
    Q.Q_XID: ("uint", 8),
    # flags_extra, then the START ALTER's seq_no (u64) when COMMIT/ROLLBACK ALTER (log_event.cc)
    Q.Q_GTID_FLAGS3: ("flags3", 1),
    Q.Q_CHARACTER_SET_COLLATIONS: ("pairs", 0),
}
STATUS_VARS_I = {int(k): v for k, v in STATUS_VARS.items()}
# code -> width of the status variables that are one little-endian integer
STATUS_VAR_INT_WIDTH: dict[int, int] = {c: n for c, (k, n) in STATUS_VARS_I.items() if k == "uint"}
STATUS_VAR_VARIES: dict[int, str] = {
    Q.Q_XID: "Query (DDL): the xid allocated for DDL crash recovery (server-wide counter)",
    Q.Q_HRNOW: "Query: microseconds of the statement start time",
    Q.Q_MICROSECONDS: "Query: microseconds of the statement start time",
}
OVER_MAX_DBS_IN_EVENT_MTS = 254
# Gtid_log_event::FL_COMMIT_ALTER_E1 | FL_ROLLBACK_ALTER_E1: Q_GTID_FLAGS3 carries sa_seq_no
ALTER_COMPLETION_FLAGS = 4 | 8


def status_var_name(code: int) -> str:
    try:
        return "status." + Q(code).name
    except ValueError:
        return f"status.code{code}"


def status_var_size(b: bytes, p: int, end: int) -> int:
    """Bytes of the status variable whose code is at ``b[p]`` (code included);
    an unknown code takes the rest of the block, as the server does."""
    spec = STATUS_VARS_I.get(b[p])
    if spec is None:
        return end - p
    kind, n = spec
    if kind in ("uint", "u16s"):
        return 1 + n
    if kind == "flags3":
        return 2 + (8 if b[p + 1] & ALTER_COMPLETION_FLAGS else 0)
    if kind == "lenstr":
        return 2 + b[p + 1]
    if kind == "lenstr_z":
        return 3 + b[p + 1]
    if kind == "invoker":
        ulen = b[p + 1]
        return 2 + ulen + 1 + b[p + 2 + ulen]
    if kind == "db_names":
        q = p + 2
        if b[p + 1] != OVER_MAX_DBS_IN_EVENT_MTS:
            for _ in range(b[p + 1]):
                q = b.index(b"\x00", q) + 1
        return q - p
    assert kind == "pairs"
    return 2 + 4 * b[p + 1]


def status_var_ranges(b: bytes, p: int, end: int) -> list[tuple[str, int, int]]:
    """One range per status variable of the block ``b[p:end]``; a repeated
    code is named ``status.<NAME>#k``."""
    out = []
    seen: dict[str, int] = {}
    while p < end:
        n = status_var_size(b, p, end)
        name = status_var_name(b[p])
        k = seen.get(name, 0)
        seen[name] = k + 1
        out.append((name if k == 0 else f"{name}#{k}", p, min(p + n, end)))
        p += n
    if p != end:
        raise ValueError("status variables overrun their block")
    return out


QUERY = Layout("Query", (E.QUERY_EVENT,), (
    FieldSpec("thread_id", "u32", varies="Query: the connection id (pseudo_thread_id) of the session"),
    FieldSpec("exec_time", "u32", varies="Query: seconds between statement start and logging (wall clock)"),
    FieldSpec("db_len", "u8"),
    FieldSpec("error_code", "u16"),
    FieldSpec("status_vars_len", "u16"),
    FieldSpec("status_vars", "status_vars", of="status_vars_len"),
    FieldSpec("database", "sized", 1, of="db_len"),  # the name and its NUL
    FieldSpec("query", "rest"),
))
QUERY_HEADER_LEN = QUERY.prefix_len  # 13

# LOAD DATA's events (load.py). file_id comes from a server-wide counter
# (MYSQL_BIN_LOG::next_file_id) that RESET MASTER does not reset.
_FILE_ID_WHY = "LOAD DATA events: file_id, a server-wide counter of logged LOAD DATA files"
APPEND_BLOCK = Layout("Append_block", (E.APPEND_BLOCK_EVENT, E.BEGIN_LOAD_QUERY_EVENT), (
    FieldSpec("file_id", "u32", varies=_FILE_ID_WHY),
    FieldSpec("block", "rest"),
))
DELETE_FILE = Layout("Delete_file", (E.DELETE_FILE_EVENT,), (FieldSpec("file_id", "u32", varies=_FILE_ID_WHY),))
EXECUTE_LOAD_QUERY = Layout("Execute_load_query", (E.EXECUTE_LOAD_QUERY_EVENT,), (
    *QUERY.fields[:5],
    FieldSpec("file_id", "u32", varies=_FILE_ID_WHY),
    FieldSpec("fn_pos_start", "u32"),
    FieldSpec("fn_pos_end", "u32"),
    FieldSpec("dup_handling", "u8"),
    *QUERY.fields[5:],
))
EXECUTE_LOAD_QUERY_HEADER_LEN = EXECUTE_LOAD_QUERY.prefix_len  # 26

# ---------------------------------------------------------------------------- Table_map / rows

_TABLE_ID_WHY = "Table_map/rows: id of the table share in the table definition cache (server-wide counter)"

TABLE_MAP = Layout("Table_map", (E.TABLE_MAP_EVENT,), (
    FieldSpec("table_id", "u48", varies=_TABLE_ID_WHY),
    FieldSpec("table_map_flags", "u16"),
    FieldSpec("database", "lenstr_z"),
    FieldSpec("table", "lenstr_z"),
    FieldSpec("column_types", "packed_bytes"),
    FieldSpec("column_metadata", "packed_bytes"),
    FieldSpec("null_bitmap", "bitmap", of="column_types"),
    FieldSpec("optional_metadata", "rest"),
))

# Per column type: bytes of its Table_map metadata and whether they are
# big-endian (the server's m_field_metadata: 2-byte BE for NEWDECIMAL
# (precision<<8|scale) and STRING/ENUM/SET (real_type<<8|length), 2-byte LE
# for VARCHAR and BIT (bytes<<8|bits)). A type not listed is unknown.
COLUMN_METADATA: dict[int, tuple[int, bool]] = {
    **dict.fromkeys((T.DECIMAL, T.TINY, T.SHORT, T.LONG, T.LONGLONG, T.INT24, T.NULL, T.TIMESTAMP, T.DATE, T.TIME, T.DATETIME, T.YEAR, T.NEWDATE), (0, False)),
    **dict.fromkeys((T.FLOAT, T.DOUBLE, T.BLOB, T.TINY_BLOB, T.MEDIUM_BLOB, T.LONG_BLOB, T.GEOMETRY, T.JSON, T.TIMESTAMP2, T.DATETIME2, T.TIME2, T.BLOB_COMPRESSED), (1, False)),
    **dict.fromkeys((T.VARCHAR, T.VAR_STRING, T.VARCHAR_COMPRESSED, T.BIT), (2, False)),
    **dict.fromkeys((T.NEWDECIMAL, T.STRING, T.ENUM, T.SET), (2, True)),
}
COLUMN_METADATA_I = {int(k): v for k, v in COLUMN_METADATA.items()}


def _is_update(vals: Values) -> bool:
    return vals["__type"] in (E.UPDATE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT)


def _rows_fields(v2: bool) -> tuple[FieldSpec, ...]:
    extra = (FieldSpec("var_header_len", "u16"),
             FieldSpec("extra_row_info", "sized", -2, of="var_header_len")) if v2 else ()
    return (
        FieldSpec("table_id", "u48", varies=_TABLE_ID_WHY),
        FieldSpec("rows_flags", "u16"),
        *extra,
        FieldSpec("column_count", "var", measure=_measure_packed),
        FieldSpec("columns_present", "bitmap", of="column_count"),
        FieldSpec("columns_present_after", "bitmap", of="column_count", when=_is_update,
                  when_doc="Update_rows only"),
        FieldSpec("row_data", "rest"),
    )


def _measure_packed(b: bytes, p: int, vals: Values) -> int:
    n, q = packed_int(b, p)
    vals["column_count"] = n
    return q - p


ROWS_V1 = Layout("Rows_v1", (E.WRITE_ROWS_EVENT_V1, E.UPDATE_ROWS_EVENT_V1, E.DELETE_ROWS_EVENT_V1),
                 _rows_fields(False))
ROWS_V2 = Layout("Rows_v2", (E.WRITE_ROWS_EVENT, E.UPDATE_ROWS_EVENT, E.DELETE_ROWS_EVENT),
                 _rows_fields(True))
# Pre-GA 5.1 rows events (Write/Update/Delete_rows_event_old, types 20-22; MySQL 5.1.0 to
# 5.1.17, sql/log_event_old.h): the v1 post-header and one column bitmap also for an
# update; each row is the *record* image of the table (its null bytes, then every present
# field in Field::pack form: sql/rpl_record_old.cc pack_row_old), which only the table's
# definition can split into values.
ROWS_PRE_GA = Layout("Rows_pre_ga", (E.PRE_GA_WRITE_ROWS_EVENT, E.PRE_GA_UPDATE_ROWS_EVENT,
                                     E.PRE_GA_DELETE_ROWS_EVENT), _rows_fields(False))
ROWS_HEADER_LEN = {1: ROWS_V1.prefix_len, 2: ROWS_V2.prefix_len}  # 8, 10

# ---------------------------------------------------------------------------- MariaDB Gtid

_XA = GtidFlag.FL_PREPARED_XA | GtidFlag.FL_COMPLETED_XA


def _measure_xa_xid(b: bytes, p: int, vals: Values) -> int:
    return 6 + b[p + 4] + b[p + 5]  # format_id u32, gtrid_len u8, bqual_len u8, data


GTID = Layout("Gtid", (E.GTID_EVENT,), (
    FieldSpec("seq_no", "u64"),
    FieldSpec("domain_id", "u32"),
    FieldSpec("flags2", "u8"),
    FieldSpec("commit_id", "u64", when=lambda v: bool(v["flags2"] & GtidFlag.FL_GROUP_COMMIT_ID),
              when_doc="flags2 & FL_GROUP_COMMIT_ID",
              varies="Gtid: group-commit id, depends on which transactions committed together"),
    FieldSpec("xa_xid", "var", when=lambda v: bool(v["flags2"] & _XA), when_doc="flags2 & (FL_PREPARED_XA | "
              "FL_COMPLETED_XA)", measure=_measure_xa_xid),
    # flags_extra (+ extra_engines / sa_seq_no) and the zero padding to 19 bytes
    FieldSpec("flags_extra_and_padding", "rest"),
))
GTID_HEADER_LEN = 19  # the post-header MariaDB pads the Gtid body to

# ---------------------------------------------------------------------------- Format_description

FORMAT_DESCRIPTION = Layout("Format_description", (E.FORMAT_DESCRIPTION_EVENT,), (
    FieldSpec("binlog_version", "u16"),
    FieldSpec("server_version", "bytes", 50),
    FieldSpec("create_timestamp", "u32", varies="Format_description: the binlog's creation time, set in the "
              "first file after startup and after RESET MASTER"),
    FieldSpec("header_length", "u8"),
    FieldSpec("post_header_lengths", "rest", 1),
    FieldSpec("checksum_alg", "u8"),
))

# ---------------------------------------------------------------------------- small events

XID = Layout("Xid", (E.XID_EVENT,), (
    FieldSpec("xid", "u64", varies="Xid: the transaction id (server-wide counter, InnoDB)"),))
INTVAR = Layout("Intvar", (E.INTVAR_EVENT,), (FieldSpec("intvar_type", "u8"), FieldSpec("value", "u64")))
RAND = Layout("Rand", (E.RAND_EVENT,), (
    FieldSpec("seed1", "u64", varies="RAND: random seeds of the session (random by nature)"),
    FieldSpec("seed2", "u64", varies="RAND: random seeds of the session (random by nature)"),
))
USER_VAR = Layout("User_var", (E.USER_VAR_EVENT,), (FieldSpec("body", "rest"),))
ROTATE = Layout("Rotate", (E.ROTATE_EVENT,), (FieldSpec("position", "u64"), FieldSpec("next_file", "rest")))
STOP = Layout("Stop", (E.STOP_EVENT,), ())
ANNOTATE_ROWS = Layout("Annotate_rows", (E.ANNOTATE_ROWS_EVENT,), (FieldSpec("query", "rest"),))
BINLOG_CHECKPOINT = Layout("Binlog_checkpoint", (E.BINLOG_CHECKPOINT_EVENT,), (
    FieldSpec("name_len", "u32"), FieldSpec("binlog_file", "rest")))
GTID_LIST = Layout("Gtid_list", (E.GTID_LIST_EVENT,), (
    FieldSpec("count_and_flags", "u32"), FieldSpec("gtids_and_padding", "rest")))

LAYOUTS: dict[int, Layout] = {
    int(t): lay
    for lay in (QUERY, TABLE_MAP, ROWS_V1, ROWS_V2, ROWS_PRE_GA, GTID, FORMAT_DESCRIPTION, XID, INTVAR, RAND, USER_VAR,
                ROTATE, STOP, ANNOTATE_ROWS, BINLOG_CHECKPOINT, GTID_LIST, APPEND_BLOCK, DELETE_FILE,
                EXECUTE_LOAD_QUERY)
    for t in lay.type_codes
}


def body_ranges(b: bytes, type_code: int, end: int) -> list[tuple[str, int, int]]:
    """Named byte ranges of the body of the raw event ``b`` (ending at ``end``)."""
    lay = LAYOUTS.get(int(type_code))
    if lay is None:
        return [("body", HEADER_LEN, end)]
    return lay.ranges(b, HEADER_LEN, end, int(type_code))


def varying_fields_by_type() -> dict[int, dict[str, str]]:
    """Per type code: the fields that may differ between two runs, and why."""
    out: dict[int, dict[str, str]] = {}
    for tc, lay in LAYOUTS.items():
        why = {f.name: f.varies for f in lay.fields if f.varies}
        if lay is QUERY or lay is EXECUTE_LOAD_QUERY:
            why.update({status_var_name(c): w for c, w in STATUS_VAR_VARIES.items()})
        if why:
            out[tc] = why
    return out
