"""MySQL 8.0's flavour: Gtid/Anonymous_Gtid + ``Query BEGIN`` framing with logical
timestamps, rows events v2, Rows_query, MySQL's wording of the shared errors.

Each policy below is what docs/RULES-mysql-8.0.md records where MySQL 8.0
differs from MariaDB 10.11 (harness/model/flavors/mariadb.py).
"""

from __future__ import annotations

import re
import time
import uuid as _uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.binlog.constants import OptionalMetadata
from harness.binlog.header import Event
from harness.model.flavor import DdlLogging, ErrorStyle, EventStyle, Flavor, GroupWritten, GtidFraming, Handshake

if TYPE_CHECKING:
    from harness.binlog.query import StatusVar
    from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent
    from harness.model.flush import BinaryLog
    from harness.model.session import SessionView, TableView


def _mysql_text(code: int, text: str) -> str:
    """MySQL 8.0's wording of a MariaDB 10.11 text (docs/RULES-mysql-8.0.md section 6)."""
    t = (text.replace("master and the slave", "source and the replica")
         .replace("on slaves", "on replicas").replace("on the slave", "on the replica")
         .replace("SELECT...  on", "SELECT... on").replace("UPDATE  on", "UPDATE on"))
    if code in (1592, 1663, 1665, 1724):
        return t
    if t and not t.endswith("."):
        t += "."
    return t


class MySQLErrors(ErrorStyle):
    unsafe_level = "Warning"
    row_injection_needs_row_format = True

    def error_text(self, code: int, text: str) -> str:
        return _mysql_text(code, text)


class MySQLEvents(EventStyle):
    rows_header_len = 10

    def ddl_xid(self, requested: bool, *, ddl: bool, thread_specific: bool) -> bool:
        # Atomic DDL (8.0) is committed with an xid: Q_DDL_LOGGED_WITH_XID on CREATE DATABASE
        # and CREATE TABLE ([bytes] 8.0.18); on the rest of DDL [unverified].
        return requested or (ddl and not thread_specific)

    def query_status_vars(self, thd: SessionView, *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset: tuple[int, int, int] | None = None,
                          updated_db: str | None = None, ddl: bool = False) -> list[StatusVar]:
        """MySQL 8.0's order (docs/RULES-mysql-8.0.md 3.1): DDL carries Q_DDL_LOGGED_WITH_XID (17)
        instead of MariaDB's Q_XID; CREATE/ALTER TABLE add SQL_REQUIRE_PRIMARY_KEY, CREATE/ALTER
        DATABASE add DEFAULT_TABLE_ENCRYPTION."""
        from harness.binlog.query import mysql80_query_status_vars
        if charset is None:
            charset = thd.vars.charset_triple()
        head = " ".join(text.split()[:2]).upper()
        return mysql80_query_status_vars(
            flags2=thd.vars.flags2(), sql_mode=thd.vars.sql_mode_bits(), charset=charset,
            time_zone=str(thd.vars.get("time_zone")).encode() if thd.stmt_log.time_zone_used else None,
            table_map_for_update=thd.stmt_log.table_map_for_update or None,
            invoker=(thd.user.encode(), thd.definer_host.encode()) if invoker else None,
            updated_db_names=(updated_db.encode(),) if updated_db is not None else None,
            microseconds=thd.stmt.start.microsecond if hrnow or thd.stmt_log.hrnow_used else None,
            ddl_xid=xid,
            sql_require_primary_key=0 if head in ("CREATE TABLE", "ALTER TABLE") else None,
            default_table_encryption=0 if head in ("CREATE DATABASE", "CREATE SCHEMA", "ALTER DATABASE",
                                                   "ALTER SCHEMA") else None)

    def new_rows_event(self, kind: str, tm: TableMapEvent, rows: list[RowChange], *, timestamp: int,
                       server_id: int, stmt_end: bool, columns_present: int,
                       columns_present_after: int | None, flags: int = 0) -> RowsEvent:
        """Rows v2 (types 30-32); FULL image: every bit of the bitmap bytes set (section 4.2)."""
        from harness.binlog.rows import new_rows_v2_event
        n = tm.column_count
        full = (1 << (8 * ((n + 7) >> 3))) - 1
        if columns_present == (1 << n) - 1:
            columns_present = full
        if columns_present_after is not None and columns_present_after == (1 << n) - 1:
            columns_present_after = full
        return new_rows_v2_event(kind, tm, rows, timestamp=timestamp, server_id=server_id, stmt_end=stmt_end,
                                 columns_present=columns_present, columns_present_after=columns_present_after,
                                 flags=(1 if stmt_end else 0) | flags)

    def table_map_optional_metadata(self, thd: SessionView, table: TableView) -> list[tuple[int, bytes]]:
        """binlog_row_metadata=MINIMAL: SIGNEDNESS for numeric columns, DEFAULT_CHARSET for
        character columns (docs/RULES-mysql-8.0.md 4.1)."""
        from harness.binlog.bytes_io import ByteWriter
        out: list[tuple[int, bytes]] = []
        numeric = [c for c in table.columns if c.type.table_map_metadata_kind == "numeric"]
        if numeric:
            bits = bytearray((len(numeric) + 7) // 8)
            for i, c in enumerate(numeric):
                if getattr(c.type, "unsigned", False):
                    bits[i // 8] |= 0x80 >> (i % 8)
            out.append((int(OptionalMetadata.SIGNEDNESS), bytes(bits)))
        chars = [(i, c) for i, c in enumerate(x for x in table.columns
                                              if x.type.table_map_metadata_kind in ("char", "binary"))]
        if chars:
            default = 255
            w = ByteWriter()
            w.packed_int(default)
            for i, c in chars:
                cs = 63 if c.type.table_map_metadata_kind == "binary" else 255
                if cs != default:
                    w.packed_int(i)
                    w.packed_int(cs)
            out.append((int(OptionalMetadata.DEFAULT_CHARSET), w.getvalue()))
        return out

    def annotate_event(self, thd: SessionView) -> Event | None:
        if not thd.vars.get("binlog_rows_query_log_events"):
            return None
        from harness.binlog.control import new_rows_query_event
        return new_rows_query_event(thd.stmt.text, timestamp=thd.stmt.timestamp, server_id=thd.server_id)


class MySQLGtid(GtidFraming):
    def __init__(self, events: EventStyle, gtid_mode: str = "OFF", server_uuid: str | None = None) -> None:
        self.events = events  # the BEGIN that opens a group carries the session's status variables
        self.gtid_mode = gtid_mode.upper()
        self.server_uuid = server_uuid

    def ensure_uuid(self, binlog: BinaryLog) -> str:
        """server_uuid: from the config, else kept in ``auto.cnf`` of the binlog directory (as the
        server keeps it in its datadir), generated once."""
        if self.server_uuid:
            return self.server_uuid
        f = binlog.dir / "auto.cnf"
        if f.exists():
            m = re.search(r"server-uuid=([0-9a-f-]{36})", f.read_text())
            if m:
                self.server_uuid = m.group(1)
                return self.server_uuid
        self.server_uuid = str(_uuid.uuid4())
        binlog.dir.mkdir(parents=True, exist_ok=True)
        f.write_text(f"[auto]\nserver-uuid={self.server_uuid}\n")
        return self.server_uuid

    def new_writer(self, binlog: BinaryLog, path: Path) -> Any:
        from harness.binlog.writer import MysqlBinlogFileWriter
        self.ensure_uuid(binlog)
        return MysqlBinlogFileWriter(path, server_id=binlog.server_id, server_version=binlog.server_version)

    def write_header(self, binlog: BinaryLog, writer: Any, *, timestamp: int, create_timestamp: int | None,
                     rotated: bool) -> None:
        """FDE + Previous_gtids (= gtid_executed when the file opens), WL#7592 FR2."""
        writer.write_header_events(timestamp=timestamp, previous_gtids=binlog.gtid_executed_text(),
                                   create_timestamp=create_timestamp)
        binlog.sequence_number = 0
        binlog.last_committed = 0

    def write_group(self, binlog: BinaryLog, events: list[Event], *, thd: SessionView | None, timestamp: int,
                    standalone: bool, transactional: bool, ddl: bool, extra_engines: bool,
                    xa_xid: Any = None, xa_completed: bool = False) -> GroupWritten:
        """Gtid/Anonymous_Gtid [+ Query BEGIN] + body; transaction_length filled (section 2, 3)."""
        from harness.binlog.constants import EventType
        from harness.binlog.mysql_gtid import new_mysql_gtid_event
        from harness.binlog.query import new_mysql_query_event
        from harness.binlog.query import QueryEvent
        sid, gno, used_next = self._next_gtid(binlog, thd)
        if sid is not None and binlog.gtid_owned(sid, gno):
            # GTID_NEXT names a GTID already executed: the transaction is skipped silently.
            return GroupWritten(0, used_gtid_next=used_next)
        body = list(events)
        if not standalone:
            db = thd.db or "" if thd is not None else ""
            svs = (self.events.query_status_vars(thd) if thd is not None else None)
            body.insert(0, new_mysql_query_event(
                "BEGIN", database=db, thread_id=thd.connection_id if thd is not None else 0,
                timestamp=timestamp, server_id=binlog.server_id, status_vars=svs, suppress_use=True))
        may_have_sbr = any(
            (isinstance(e, QueryEvent) and e.query not in ("BEGIN", "COMMIT", "ROLLBACK"))
            or int(e.header.type_code) in (int(EventType.INTVAR_EVENT), int(EventType.RAND_EVENT),
                                           int(EventType.USER_VAR_EVENT))
            for e in body)
        binlog.sequence_number += 1
        seq = binlog.sequence_number
        gtid = new_mysql_gtid_event(
            timestamp=timestamp, server_id=binlog.server_id, server_uuid=sid, gno=gno if sid else 0,
            last_committed=binlog.last_committed, sequence_number=seq,
            commit_timestamp_us=int(time.time() * 1_000_000),
            server_version=_version_number(binlog.server_version), may_have_sbr=may_have_sbr)
        binlog.writer.write_transaction([gtid, *body])
        binlog.last_committed = seq
        if sid is not None:
            binlog.add_gtid(sid, gno)
        binlog.seq_no += 1
        return GroupWritten(gno if sid else binlog.seq_no, used_gtid_next=used_next)

    def write_create_select_rows(self, thd: SessionView, t: TableView, create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """Atomic-DDL engine (InnoDB), 8.0.21+: ONE group ``BEGIN`` + ``CREATE TABLE ... START
        TRANSACTION`` + rows + ``Xid`` (docs/RULES-mysql-8.0.md 5, WL#13355). Other engines:
        TWO groups (WL#7592, seed 004): the CREATE as a DDL group, then ``BEGIN`` + rows +
        ``COMMIT``."""
        from harness.binlog.control import new_xid_event
        from harness.binlog.query import new_query_event
        from harness.model.flush import end_query
        binlog = thd.server.binlog
        ts = thd.stmt.timestamp
        if t.engine.xa_capable:
            text = create_text + " START TRANSACTION"
            create = new_query_event(text, database=thd.db or "", thread_id=thd.connection_id, timestamp=ts,
                                     server_id=thd.server_id, status_vars=thd.query_status_vars(
                                         xid=binlog.allocate_xid(), text=text, updated_db=t.db))
            events = [create, *cache.events,
                      new_xid_event(binlog.allocate_xid(), timestamp=ts, server_id=thd.server_id)]
            binlog.write_group(events, thd=thd, timestamp=ts, ddl=True)
            return
        create = new_query_event(create_text, database=thd.db or "", thread_id=thd.connection_id, timestamp=ts,
                                 server_id=thd.server_id, status_vars=thd.query_status_vars(
                                     xid=binlog.allocate_xid(), text=create_text, updated_db=t.db))
        binlog.write_group([create], thd=thd, timestamp=ts, standalone=True, ddl=True)
        if cache.events:
            binlog.write_group([*cache.events, end_query(thd, "COMMIT")], thd=thd, timestamp=ts)

    def _next_gtid(self, binlog: BinaryLog, thd: SessionView | None) -> tuple[str | None, int, bool]:
        """The group's (server uuid, gno) -- (None, 0) for an anonymous one -- and whether
        @@gtid_next named it."""
        nxt = thd.vars.get("gtid_next") if thd is not None else "AUTOMATIC"
        if nxt == "ANONYMOUS":
            return None, 0, False
        if nxt != "AUTOMATIC":
            sid, n = nxt.rsplit(":", 1)
            return sid, int(n), thd is not None
        mode = str(binlog.global_vars.values.get("gtid_mode", "OFF")) if binlog.global_vars else self.gtid_mode
        if mode in ("ON", "ON_PERMISSIVE"):
            sid = self.ensure_uuid(binlog)
            return sid, binlog.next_free_gno(sid), False
        return None, 0, False


class MySQLDdl(DdlLogging):
    temp_ddl_unlogged_formats = ("ROW", "MIXED")  # [mtr] binlog_create_drop_temporary_table.result

    def drop_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """WL#7592 (seed 004): temporary / non-temporary and transactional / non-transactional
        tables are each their own statement with their own GTID. The caller splits temporary
        from base tables; non-transactional go first [unverified order]. A table that did not
        exist (IF EXISTS) goes with the transactional ones (the DD is transactional)."""
        nontrans = [x for x in items if x[1] is not None and not x[1].transactional]
        trans = [x for x in items if x[1] is None or x[1].transactional]
        return [g for g in (nontrans, trans) if g]


def _version_number(v: str) -> int:
    from harness.binlog.mysql_gtid import server_version_number
    return server_version_number(v)


def mysql_8_0(gtid_mode: str = "OFF", server_uuid: str | None = None) -> Flavor:
    from harness.binlog.fde import MYSQL_8_0_SERVER_VERSION
    events = MySQLEvents()
    return Flavor(name="mysql-8.0", server_version=MYSQL_8_0_SERVER_VERSION, errors=MySQLErrors(),
                  events=events, gtid=MySQLGtid(events, gtid_mode, server_uuid), ddl=MySQLDdl(),
                  handshake=Handshake(version_prefix="", charset=255))  # utf8mb4_0900_ai_ci
