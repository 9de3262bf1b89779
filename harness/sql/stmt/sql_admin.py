"""ANALYZE / OPTIMIZE / REPAIR / CHECK / CHECKSUM TABLE: result sets and how they are logged.

All but CHECKSUM end the open transaction first (CF_AUTO_COMMIT_TRANS).
ANALYZE, OPTIMIZE and REPAIR are then written as their own DDL group, as sent,
unless NO_WRITE_TO_BINLOG / LOCAL is given, and even when a table does not
exist (the per-table failure is a row of the result set, not a statement
error). CHECK and CHECKSUM change nothing and are never logged.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any

from harness.model.unsafe import Unsafe, bit

from harness.sql.handler.catalog import TableDef
from harness.sql.sql_errors import ServerError, error
from harness.sql.stmt.sql_result import ResultColumn, SelectResult
from harness.sql.item.column_types import IntType, StringType
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_LOGGED = ("ANALYZE", "OPTIMIZE", "REPAIR")
_MYISAM_LIKE = ("MyISAM", "Aria")


def _result(names: list[str], rows: list[list[Any]], int_cols: tuple[int, ...] = ()) -> SelectResult:
    cols = [ResultColumn(n, IntType("BIGINT", True) if i in int_cols else StringType("VARCHAR", 255))
            for i, n in enumerate(names)]
    return SelectResult(cols, rows)


def table_maintenance(thd: "Thd", st: A.TableMaintenance) -> SelectResult:
    if st.command == "CHECKSUM":
        return checksum_table(thd, st)
    thd.implicit_commit()
    op = st.command.lower()
    rows: list[list[Any]] = []
    opened = []
    for name in st.tables:
        db = name.db or thd.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        shown = f"{db}.{name.name}"
        t = thd.find_table(name)
        if t is None:
            rows.append([shown, op, "Error", error("ER_NO_SUCH_TABLE", db, name.name).message])
            rows.append([shown, op, "status", "Operation failed"])
            continue
        opened.append(t)
        rows.extend([shown, op, kind, text]
                    for kind, text in _engine_answer(t, st.command, thd.server.sysvars.repair_recreates))
    if st.command in ("OPTIMIZE", "REPAIR") and thd.server.flavor.sql.admin_write_unsafe \
            and not st.no_write_to_binlog and thd.binlog_enabled() and thd.binlog_format == "STATEMENT" \
            and len({t.transactional for t in opened}) > 1:
        # MySQL opens them for write (TL_WRITE) through decide_logging_format: a transactional and a
        # non-transactional table written together are BINLOG_STMT_UNSAFE_MIXED_STATEMENT (9.7.4
        # probed: `OPTIMIZE TABLE t, m` in STATEMENT -> Note 1592; ANALYZE and CHECK read: none)
        thd.issue_unsafe_warnings(bit(Unsafe.MIXED_STATEMENT))
    if st.command in _LOGGED and not st.no_write_to_binlog:
        if st.command in ("OPTIMIZE", "REPAIR"):
            _accessed_dbs(thd, opened, st.command)
        thd.write_ddl(st.text)
    return _result(["Table", "Op", "Msg_type", "Msg_text"], rows)


def _accessed_dbs(thd: "Thd", opened: list[TableDef], command: str) -> None:
    """MySQL's thd->binlog_accessed_db_names (Q_UPDATED_DB_NAMES) of OPTIMIZE / REPAIR: outside
    ROW format decide_logging_format names the databases of the tables it opened for write (a
    missing one is not opened); OPTIMIZE recreates an InnoDB table through mysql_alter_table,
    which names its database in ROW format too. None opened: no code 12 (9.7.4 observed:
    `OPTIMIZE TABLE t, n` in ROW, t InnoDB: (test); `REPAIR TABLE t` in ROW: none; `OPTIMIZE
    TABLE nosuch`: none in every format). ANALYZE (a read lock) names none."""
    from harness.model import query as L2
    row = thd.binlog_format == "ROW"
    L2.add_to_binlog_accessed_dbs(thd, *(t.db for t in opened if not row or (
        command == "OPTIMIZE" and t.engine.name == "InnoDB" and not t.temporary)))


def _engine_answer(t: TableDef, command: str, repair_recreates: bool = False) -> list[tuple[str, str]]:
    """What the engine's handler reports for one table (observed on 10.11). With
    ``repair_recreates`` (MariaDB 11.5+), a REPAIR the engine does not implement
    recreates the table instead (ALTER TABLE FORCE, which keeps its rows and
    AUTO_INCREMENT) and reports OK."""
    state = t.admin_state
    if command == "REPAIR" and repair_recreates and t.engine.name not in _MYISAM_LIKE:
        return [("status", "OK")]
    if command == "CHECK":
        return [("status", "OK")]
    if t.engine.name == "InnoDB":
        if command == "OPTIMIZE":
            return [("note", "Table does not support optimize, doing recreate + analyze instead"), ("status", "OK")]
        if command == "REPAIR":
            return [("note", "The storage engine for the table doesn't support repair")]
        return [("status", "OK")]
    if t.engine.name in _MYISAM_LIKE:
        # MyISAM remembers in its state header whether the table changed since the
        # last ANALYZE / OPTIMIZE; REPAIR always works and leaves the index unsorted.
        if command == "REPAIR":
            state.discard("OPTIMIZE")
            state.add("ANALYZE")
            return [("status", "OK")]
        done = command in state
        state.add(command)
        if command == "OPTIMIZE":
            state.add("ANALYZE")
        return [("status", "Table is already up to date" if done else "OK")]
    return [("note", f"The storage engine for the table doesn't support {command.lower()}")]


# ------------------------------------------------------------------ CHECKSUM TABLE


def checksum_table(thd: "Thd", st: A.TableMaintenance) -> SelectResult:
    """CHECKSUM TABLE: no implicit commit, nothing logged; a missing table is a NULL row + Error."""
    rows: list[list[Any]] = []
    for name in st.tables:
        db = name.db or thd.db
        if db is None:
            raise error("ER_NO_DB_ERROR")
        t = thd.find_table(name)
        if t is None:
            err = error("ER_NO_SUCH_TABLE", db, name.name)
            from harness.sql.sql_errors import Note
            thd.notes.append(Note("Error", err.code, err.message))
            rows.append([f"{db}.{name.name}", None])
            continue
        rows.append([f"{db}.{name.name}", table_checksum(t, thd.server.flavor.sql.checksum_null_fields)])
    return _result(["Table", "Checksum"], rows, (1,))


def table_checksum(t: TableDef, null_fields: bool = False) -> int | None:
    """mysql_checksum_table's sum of per-row CRC32s over the record image.

    Per row: the null-bit bytes (unused high bits of the last byte set), then
    each non-NULL field -- VARCHAR/TEXT as their value, every other type as
    its fixed-size record bytes. With ``null_fields`` (MySQL) a NULL field is
    summed too, as the record holds it: the bytes ``Field::reset`` leaves
    (set_field_to_null; zeros, a CHAR's pad spaces, an empty VARCHAR/TEXT). Only the types whose record layout replbed
    knows are summed; for others the checksum is unknown (NULL).
    """
    nullable = [i for i, c in enumerate(t.columns) if c.nullable]
    # A record without variable-length fields (not HA_OPTION_PACK_RECORD) keeps
    # bit 0 of the first null byte for the delete mark; it is checksummed as 1.
    packed = any(c.type.is_blob or c.type.name == "VARCHAR" for c in t.columns)
    first = 0 if packed else 1
    nbits = len(nullable) + first
    null_bytes = (nbits + 7) // 8
    used = nbits % 8
    fill = (0xFF << used) & 0xFF if used else 0
    total = 0
    for _slot, row in t.data.scan():
        crc = 0
        if null_bytes:
            bits = bytearray(null_bytes)
            bits[0] |= first
            for n, i in enumerate(nullable, start=first):
                if row[i] is None:
                    bits[n // 8] |= 1 << (n % 8)
            bits[-1] |= fill
            crc = zlib.crc32(bytes(bits), crc)
        for c, v in zip(t.columns, row):
            if v is None:
                if not null_fields:
                    continue
                image = _null_image(c.type)
            else:
                image = _field_image(c.type, v)
            if image is None:
                return None
            crc = zlib.crc32(image, crc)
        total = (total + crc) & 0xFFFFFFFF
    return total


def _null_image(ctype: Any) -> bytes | None:
    if isinstance(ctype, IntType):
        return bytes(ctype.size)
    if isinstance(ctype, StringType):
        return b" " * (ctype.length * ctype.mbmaxlen) if ctype.name == "CHAR" else b""
    return None


def _field_image(ctype: Any, v: Any) -> bytes | None:
    name = ctype.name
    if isinstance(ctype, IntType):
        return int(v).to_bytes(ctype.size, "little", signed=int(v) < 0)
    if isinstance(ctype, StringType):
        data = str(v).encode("utf-8")
        if name == "CHAR":
            return data + b" " * (ctype.length * ctype.mbmaxlen - len(data))
        return data
    return None


__all__ = ["table_maintenance", "checksum_table", "table_checksum", "ServerError"]
