"""CREATE / ALTER / DROP SEQUENCE (MariaDB's sequences: sql/sql_sequence.cc, sql/ha_sequence.cc).

A sequence is a table of its own engine (``ha_sequence`` over the data engine, MyISAM or
InnoDB...) holding one row: next_not_cached_value, minimum_value, maximum_value,
start_value, increment, cache_size, cycle_option, cycle_count. Its DDL is logged as any
DDL (the statement as written; FL_DDL on the Gtid, CREATE OR REPLACE too: MDEV-27365),
whatever the binlog format. The values (NEXTVAL, NEXT VALUE FOR, LASTVAL, SETVAL) and
writes into the table are refused (1235): the server reserves a cache of values per
table and logs the reservation as a Write_rows of the sequence table (ha_sequence is
row-logged only: ~HA_BINLOG_STMT_CAPABLE), with Table_maps whose presence depends on the
engine and the transaction -- not modelled yet (docs/RULES-mariadb-10.11.md section 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.handler.catalog import TableDef, build_table
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import error, note

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd

LONGLONG_MAX = (1 << 63) - 1
LONGLONG_MIN = -(1 << 63)
_COLUMNS = ("next_not_cached_value bigint(21) NOT NULL, minimum_value bigint(21) NOT NULL, "
            "maximum_value bigint(21) NOT NULL, start_value bigint(21) NOT NULL, increment bigint(21) NOT NULL, "
            "cache_size bigint(21) unsigned NOT NULL, cycle_option tinyint(1) unsigned NOT NULL, "
            "cycle_count bigint(21) NOT NULL")
# the row's columns
NEXT, MIN, MAX, START, INCREMENT, CACHE, CYCLE, CYCLE_COUNT = range(8)


def _ok() -> "OkPacket":
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def _row(t: TableDef) -> list[int]:
    return next(r for _s, r in t.data.scan())


def _check_and_adjust(thd: "Thd", db: str, name: str, row: list[int]) -> None:
    """sequence_definition::check_and_adjust: 4085 unless min < max, min <= start <= max,
    neither at the type's edge, 0 <= cache < (LONGLONG_MAX - |increment|) / |increment|, and
    the next value not before the first one the increment reaches."""
    inc = row[INCREMENT]
    if inc == 0:
        raise UnsupportedError("INCREMENT BY 0 (the sequence then follows auto_increment_increment)")
    step = abs(inc)
    ok = (row[MAX] >= row[START] > row[MIN] - 1 and row[MAX] > row[MIN] and row[MAX] != LONGLONG_MAX
          and row[MIN] != LONGLONG_MIN and 0 <= row[CACHE] < (LONGLONG_MAX - step) // step
          and (row[NEXT] >= row[MIN] if inc > 0 else row[NEXT] <= row[MAX]))
    if not ok:
        raise error("ER_SEQUENCE_INVALID_DATA", db, name)


def _new_row(opts: dict[str, int | None]) -> list[int]:
    """The defaults of sequence_definition (check_and_adjust): increment 1, cache 1000,
    nocycle; min 1 / max LONGLONG_MAX-1 for a positive increment, min LONGLONG_MIN+1 / max
    -1 for a negative one; start at min (positive) or max (negative)."""
    inc = opts.get("increment")
    inc = 1 if inc is None else inc
    lo = opts.get("minvalue")
    hi = opts.get("maxvalue")
    lo = (LONGLONG_MIN + 1 if inc < 0 else 1) if lo is None else lo
    hi = (-1 if inc < 0 else LONGLONG_MAX - 1) if hi is None else hi
    start = opts.get("start")
    start = (hi if inc < 0 else lo) if start is None else start
    cache = opts.get("cache")
    return [start, lo, hi, start, inc, 1000 if cache is None else cache, int(opts.get("cycle") or 0), 0]


def create_sequence(thd: "Thd", st: A.CreateSequence) -> "OkPacket":
    db = st.name.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    if st.or_replace and st.if_not_exists:
        raise error("ER_WRONG_USAGE", "OR REPLACE", "IF NOT EXISTS")
    thd.implicit_commit(schema_change=True)
    if not thd.catalog.has_db(db):
        raise error("ER_BAD_DB_ERROR", db)
    existing = thd.catalog.get_table(db, st.name.name)
    if existing is not None and not st.or_replace:
        if st.if_not_exists:
            # Note 1050, and nothing logged (probed on 10.11, unlike CREATE TABLE IF NOT EXISTS)
            thd.notes.append(note("Note", "ER_TABLE_EXISTS_ERROR", st.name.name))
            return _ok()
        raise error("ER_TABLE_EXISTS_ERROR", st.name.name)
    row = _new_row(st.options)
    _check_and_adjust(thd, db, st.name.name, row)
    from harness.sql.parse.parser import parse
    ct = parse(f"CREATE TABLE `{st.name.name}` ({_COLUMNS})")
    assert isinstance(ct, A.CreateTable)
    if st.engine is not None:
        ct.options["ENGINE"] = st.engine
    t = build_table(db, ct, False, thd.vars.get("default_storage_engine"), thd.db_collation(db))
    if not t.engine.stmt_capable or t.engine.blackhole or t.engine.name == "MEMORY":
        raise UnsupportedError(f"a SEQUENCE on {t.engine.name}")
    t.sequence = True
    t.table_id = thd.catalog.allocate_table_id()
    if existing is not None:
        thd.catalog.remove_table(existing.db, existing.name)
    t.data.insert(row)
    thd.catalog.add_table(t)
    # As CREATE TABLE: Q_XID, FL_DDL; one that replaced a table is thread-specific (probed)
    thd.write_ddl(st.text, xid=True, thread_specific=existing is not None)
    return _ok()


def alter_sequence(thd: "Thd", st: A.AlterSequence) -> "OkPacket":
    """Sql_cmd_alter_sequence::execute: the options written replace the stored ones, RESTART
    moves the next value (to START's value when alone); the result is checked as CREATE's
    is (4085). A missing sequence: 4091 then 1146 (IF EXISTS: Note 4091, nothing logged);
    a table that is no sequence: 4089."""
    db = st.name.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    thd.implicit_commit(schema_change=True)
    t = thd.catalog.get_table(db, st.name.name) if thd.catalog.has_db(db) else None
    if t is None:
        if st.if_exists:
            thd.notes.append(note("Note", "ER_UNKNOWN_SEQUENCES", f"{db}.{st.name.name}"))
            return _ok()
        e = error("ER_UNKNOWN_SEQUENCES", st.name.name)
        e.trailing_notes = [note("Error", "ER_NO_SUCH_TABLE", db, st.name.name)]
        raise e
    if not t.sequence:
        raise error("ER_NOT_SEQUENCE", db, st.name.name)
    row = list(_row(t))
    fields = {"start": START, "minvalue": MIN, "maxvalue": MAX, "increment": INCREMENT, "cache": CACHE,
              "cycle": CYCLE}
    for k, v in st.options.items():
        if v is None:  # NO MINVALUE / NO MAXVALUE: the default for the increment's sign
            v = (LONGLONG_MIN + 1 if row[INCREMENT] < 0 else 1) if k == "minvalue" else \
                (-1 if row[INCREMENT] < 0 else LONGLONG_MAX - 1)
        row[fields[k]] = v
    if st.restart is not None:
        row[NEXT] = row[START] if st.restart == "start" else int(st.restart)
        row[CYCLE_COUNT] = 0
    _check_and_adjust(thd, db, st.name.name, row)
    slot = next(s for s, _r in t.data.scan())
    t.data.update(slot, row)
    # Observed on 10.11.19: ALTER SEQUENCE's Gtid has no FL_DDL (flags 0x09) and its Query
    # no Q_XID (Sql_cmd_alter_sequence::execute logs it through write_bin_log, not the DDL log).
    thd.write_ddl(st.text, ddl=False)
    return _ok()


def drop_sequence_targets(thd: "Thd", st: A.DropTable) -> list[str]:
    """DROP SEQUENCE: a named table that is no sequence stays (4090 'db.t' is not a SEQUENCE:
    an error, a Note under IF EXISTS, before the missing ones' 4091) and is left out of
    the tables dropped, though the logged statement names it (probed on 10.11)."""
    out = []
    for n in list(st.tables):
        db = n.db or thd.db or ""
        t = thd.catalog.get_table(db, n.name) if thd.catalog.has_db(db) else None
        if t is not None and not t.sequence:
            out.append(f"{db}.{n.name}")
    return out
