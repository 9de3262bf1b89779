"""Arrow schemas of the record Parquet files (docs/ARCHITECTURE.md).

The decode step writes with these schemas so that an empty run, a run where
every binlog failed to decode and a normal run all produce files Spark reads
with the same column types.
"""

from __future__ import annotations

import pyarrow as pa

EVENT_SCHEMA = pa.schema([
    ("run_id", pa.string()),
    ("case", pa.string()),
    ("format", pa.string()),
    ("side", pa.string()),
    ("file", pa.string()),
    ("seq", pa.int64()),
    ("pos", pa.int64()),
    ("end_pos", pa.int64()),
    ("event_type", pa.string()),
    ("type_code", pa.int32()),
    ("server_id", pa.int64()),
    ("timestamp", pa.int64()),
    ("size", pa.int64()),
    ("header_flags", pa.int32()),
    ("database", pa.string()),
    ("query", pa.string()),
    ("table", pa.string()),
    ("table_id", pa.int64()),
    ("rows_json", pa.string()),
    ("rows_flags", pa.int32()),
    ("error_code", pa.int32()),
    ("gtid_domain", pa.int64()),
    ("gtid_server", pa.int64()),
    ("gtid_seq", pa.int64()),
    ("gtid_flags", pa.int32()),
    ("xid", pa.int64()),
    ("info", pa.string()),
    ("status_vars", pa.string()),
    ("raw", pa.binary()),
])

TABLE_SCHEMA = pa.schema([
    ("run_id", pa.string()),
    ("case", pa.string()),
    ("format", pa.string()),
    ("side", pa.string()),
    ("table", pa.string()),
    ("row_no", pa.int64()),
    ("row_json", pa.string()),
])

OUTCOME_SCHEMA = pa.schema([
    ("run_id", pa.string()),
    ("case", pa.string()),
    ("format", pa.string()),
    ("side", pa.string()),
    ("step", pa.int64()),
    ("connection", pa.string()),
    ("sql", pa.string()),
    ("line", pa.int64()),           # the statement's line in its workload file
    ("expected_error", pa.string()),
    ("error_code", pa.int64()),
    ("error_message", pa.string()),
    ("warnings_json", pa.string()),
    ("ok", pa.bool_()),
    # The result set (SELECT, SHOW) as a sorted list of its rows' JSON: compared as a multiset,
    # since rows that tie in a filesort come out in an order neither side promises. Null when
    # the statement returned no result set, or in an upgrade check (kinds answer differently).
    ("rows_json", pa.string()),
])

# One row per case x format x side: whether collecting / decoding worked.
# Not in the architecture's record list; the pipeline's own bookkeeping so a
# case whose binlog did not decode is reported instead of silently missing.
STATUS_SCHEMA = pa.schema([
    ("run_id", pa.string()),
    ("case", pa.string()),
    ("format", pa.string()),
    ("side", pa.string()),
    ("n_events", pa.int64()),
    ("error", pa.string()),
])


#: The escape that makes raw bytes storable: Arrow strings are UTF-8, but a
#: statement's bytes need not be (a prepared statement's binary parameter, a
#: ``_binary`` literal), and the decoders keep such a byte as a lone surrogate
#: (``surrogateescape``). U+10FFFF is a noncharacter no statement text uses.
_ESC = "\U0010ffff"
_RAW_BASE = 0x10FE00


def storable_text(value: str) -> str:
    """``value`` as valid UTF-8, injectively: a raw byte 0xNN (surrogate U+DCNN)
    becomes ESC + chr(0x10FE00 + 0xNN) and ESC itself ESC + ESC, so two different
    byte strings never store as the same text (that would be a false "same").
    Every string without surrogates and without ESC is unchanged."""
    if value.isascii() or not any("\udc80" <= ch <= "\udcff" or ch == _ESC for ch in value):
        return value
    out = []
    for ch in value:
        if "\udc80" <= ch <= "\udcff":
            out.append(_ESC + chr(_RAW_BASE + ord(ch) - 0xDC00))
        elif ch == _ESC:
            out.append(_ESC + _ESC)
        else:
            out.append(ch)
    return "".join(out)


def raw_text(stored: str) -> str:
    """The inverse of :func:`storable_text` (the surrogateescape'd original)."""
    if _ESC not in stored:
        return stored
    out, i = [], 0
    while i < len(stored):
        ch = stored[i]
        if ch == _ESC and i + 1 < len(stored):
            nxt = stored[i + 1]
            out.append(_ESC if nxt == _ESC else chr(0xDC00 + ord(nxt) - _RAW_BASE))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def storable_rows(rows: list[dict], schema: pa.Schema) -> list[dict]:
    """Rows with exactly ``schema``'s keys (missing → None, extra dropped), text that
    holds raw bytes passed through :func:`storable_text`."""
    names = schema.names
    text = [f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]
    out = []
    for r in rows:
        row = {k: r.get(k) for k in names}
        for k in text:
            v = row[k]
            if isinstance(v, str) and not v.isascii():
                row[k] = storable_text(v)
        out.append(row)
    return out


def coerce(rows: list[dict], schema: pa.Schema) -> pa.Table:
    """Rows → Arrow table with exactly ``schema``'s columns (see :func:`storable_rows`)."""
    return pa.Table.from_pylist(storable_rows(rows, schema), schema=schema)
