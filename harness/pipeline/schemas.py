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


def coerce(rows: list[dict], schema: pa.Schema) -> pa.Table:
    """Rows → Arrow table with exactly ``schema``'s columns (missing → null, extra dropped)."""
    names = schema.names
    return pa.Table.from_pylist([{k: r.get(k) for k in names} for r in rows], schema=schema)
