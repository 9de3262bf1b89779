"""Which server the model imitates: a small strategy object chosen once from ``ServeConfig.flavor``.

The three layers stay where they are (decide.py, cache.py, flush.py); they ask
the flavour for the few things MariaDB 10.11 and MySQL 8.0 do differently:

* layer 3: the file header (Gtid_list/Binlog_checkpoint vs Previous_gtids), the
  GTID framing of a group (MariaDB ``BEGIN GTID`` vs MySQL ``Anonymous_Gtid``/``Gtid``
  + ``Query BEGIN`` with logical timestamps and transaction_length);
* layer 2: the Query status variables, rows event version (v1 vs v2), Table_map
  optional metadata, Annotate_rows vs Rows_query;
* layer 1: error texts (1661-1667, 1592 reasons) and the level of 1592;
* the engine: sysvar defaults (binlog_format, sql_mode, collations, gtid_*), and
  whether temporary tables are logged in MIXED.

docs/RULES-mariadb-10.11.md and docs/RULES-mysql-8.0.md hold the evidence.
"""

from __future__ import annotations

import re
import time
import uuid as _uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.binlog.constants import OptionalMetadata
from harness.binlog.header import Event
from harness.engine.errors import ServerError

if TYPE_CHECKING:
    from harness.binlog.query import StatusVar
    from harness.binlog.rows import RowChange, RowsEvent, TableMapEvent
    from harness.engine.catalog import TableDef
    from harness.engine.sysvars import VarDef
    from harness.engine.thd import Thd
    from harness.model.flush import BinaryLog


class Flavor:
    name = ""
    server_version = ""
    # Statement-format text of temporary-table DDL is skipped in these formats.
    temp_ddl_unlogged_formats: tuple[str, ...] = ("ROW",)
    # DROP TEMPORARY TABLE IF EXISTS is logged with db-qualified names and no
    # default database (MariaDB, observed in every format that logs it).
    drop_temp_if_exists_qualified = False
    # CREATE ... SELECT in row format: one group (MariaDB) or per engine (MySQL 8.0).
    unsafe_level = "Note"
    # decide_logging_format: error 1666 for a row injection at binlog_format=STATEMENT
    row_injection_needs_row_format = False
    handshake_prefix = ""
    handshake_charset = 45
    # User XA (XA START ... XA PREPARE ... XA COMMIT) is modelled for MariaDB's binlog only.
    supports_xa = False
    # ROWS_HEADER_LEN of the rows events written (v1: 8, v2: 10), counted against
    # binlog_row_event_max_size with the rows (Rows_log_event::get_data_size).
    rows_header_len = 8

    # -- engine-level settings
    def sysvar_overrides(self) -> dict[str, tuple[Any, Any, str]]:
        return {}

    def sysvar_catalog(self) -> "dict[str, VarDef]":
        """Every variable the server knows, as recorded from it (empty: only the modelled ones)."""
        return {}

    def aliases(self) -> dict[str, str]:
        return {}

    def drop_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """The tables of one DROP TABLE that are logged as one statement (and one GTID) together."""
        return [items]

    def drop_temporary_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """Temporary tables of one DROP: one statement for the non-transactional
        ones, then one for the transactional ones (observed on MariaDB 10.11:
        `DROP TEMPORARY TABLE IF EXISTS x5, x3` with x3 MyISAM logs x3 first)."""
        nontrans = [x for x in items if not x[1].transactional]
        trans = [x for x in items if x[1].transactional]
        return [g for g in (nontrans, trans) if g]

    def before_statement(self, thd: "Thd", stmt: Any) -> None:
        """Checks the flavour makes before a statement runs (MySQL: GTID_NEXT consumed)."""

    def check_set(self, thd: "Thd", name: str, scope: str, value: Any) -> None:
        """Checks on SET of a flavour-specific variable (before the value is stored)."""

    def unmodelled_setting(self, thd: "Thd", name: str, value: Any) -> str | None:
        """A variable value that changes the binlog in a way replbed does not model: the
        construct to name in the 1235 error (None: the value is modelled or changes nothing)."""
        return None

    # -- layer 1
    def error_text(self, code: int, text: str) -> str:
        return text

    # -- layer 2
    def query_status_vars(self, thd: "Thd", *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset_client: int | None = None,
                          updated_db: str | None = None, ddl: bool = False) -> list["StatusVar"]:
        raise NotImplementedError

    def ddl_xid(self, requested: bool, *, ddl: bool, thread_specific: bool) -> bool:
        """Whether a directly written DDL Query carries the xid status variable."""
        return requested

    def new_rows_event(self, kind: str, tm: "TableMapEvent", rows: list["RowChange"], *, timestamp: int,
                       server_id: int, stmt_end: bool, columns_present: int,
                       columns_present_after: int | None) -> "RowsEvent":
        raise NotImplementedError

    def table_map_optional_metadata(self, thd: "Thd", table: "TableDef") -> list[tuple[int, bytes]]:
        return []

    def annotate_event(self, thd: "Thd") -> Event | None:
        raise NotImplementedError

    # -- layer 3
    def new_writer(self, binlog: "BinaryLog", path: Path) -> Any:
        raise NotImplementedError

    def write_create_select_rows(self, thd: "Thd", t: "TableDef", create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """CREATE TABLE ... SELECT in row format: the generated CREATE and the cached rows."""
        raise NotImplementedError

    def write_header(self, binlog: "BinaryLog", writer: Any, *, timestamp: int, create_timestamp: int | None,
                     rotated: bool) -> None:
        raise NotImplementedError

    def write_group(self, binlog: "BinaryLog", events: list[Event], *, thd: "Thd | None", timestamp: int,
                    standalone: bool, transactional: bool, ddl: bool, extra_engines: bool,
                    xa_xid: Any = None, xa_completed: bool = False) -> int:
        raise NotImplementedError


# ---------------------------------------------------------------------------- MariaDB 10.11


# Variables whose other values change the binlog's bytes or shape in ways not modelled:
# Table_map optional metadata, checksums (and the rotation a change forces), group
# commit ids, compressed events, two-phase ALTER, a replaced GTID state, size rotation.
# max_binlog_size: the rotation itself is simple, but the new file's Binlog_checkpoint
# names the old file or the new one depending on when InnoDB's commit completes.
_MARIADB_FIXED_SETTINGS = frozenset("""binlog_row_metadata binlog_checksum binlog_commit_wait_count
    log_bin_compress binlog_alter_two_phase gtid_binlog_state max_binlog_size""".split())


class MariaDB1011(Flavor):
    name = "mariadb-10.11"
    supports_xa = True
    temp_ddl_unlogged_formats = ("ROW",)
    drop_temp_if_exists_qualified = True
    handshake_prefix = "5.5.5-"

    def __init__(self) -> None:
        from harness.binlog.fde import MARIADB_10_11_SERVER_VERSION
        self.server_version = MARIADB_10_11_SERVER_VERSION

    def sysvar_catalog(self) -> "dict[str, VarDef]":
        from harness.engine.sysvars import mariadb_catalog
        return mariadb_catalog()

    def unmodelled_setting(self, thd: "Thd", name: str, value: Any) -> str | None:
        default = thd.server.global_vars.definitions[name].default
        if name == "binlog_checksum":
            return "SET GLOBAL binlog_checksum (it rotates the binlog, even to the same value)"
        if name in _MARIADB_FIXED_SETTINGS and value != default:
            return f"{name} = {value} (only {default} is modelled)"
        if name in ("max_binlog_cache_size", "max_binlog_stmt_cache_size") and int(value) < 1 << 32:
            return f"{name} below 4G (error 1197 for larger transactions is not modelled)"
        if name == "gtid_seq_no" and value and thd.server.global_vars.values.get("gtid_strict_mode"):
            return "@@gtid_seq_no under gtid_strict_mode"
        return None

    def query_status_vars(self, thd: "Thd", *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset_client: int | None = None,
                          updated_db: str | None = None, ddl: bool = False) -> list["StatusVar"]:
        from harness.binlog.query import mariadb_query_status_vars
        charset = thd.vars.charset_triple()
        if charset_client is not None:
            charset = (charset_client, *tuple(charset)[1:])
        # Query_log_event masks OPTION_NOT_AUTOCOMMIT out of Q_FLAGS2 (observed 0x1000000
        # for every statement after SET autocommit = 0).
        from harness.engine.sysvars import OPTION_NOT_AUTOCOMMIT
        return mariadb_query_status_vars(
            charset=charset, sql_mode=thd.vars.sql_mode_bits(), flags2=thd.vars.flags2() & ~OPTION_NOT_AUTOCOMMIT,
            time_zone=str(thd.vars.get("time_zone")).encode() if thd.stmt_time_zone_used else None,
            table_map_for_update=thd.stmt_table_map_for_update or None,
            invoker=(thd.user.encode(), thd.definer_host.encode()) if invoker else None,
            hrnow=thd.stmt_start.microsecond if hrnow or getattr(thd, 'stmt_hrnow_used', False) else None,
            xid=xid)

    def new_rows_event(self, kind, tm, rows, *, timestamp, server_id, stmt_end, columns_present,
                       columns_present_after):  # type: ignore[no-untyped-def]
        from harness.binlog.rows import new_rows_event
        return new_rows_event(kind, tm, rows, timestamp=timestamp, server_id=server_id, stmt_end=stmt_end,
                              columns_present=columns_present, columns_present_after=columns_present_after)

    def annotate_event(self, thd: "Thd") -> Event | None:
        if not thd.vars.get("binlog_annotate_row_events"):
            return None
        from harness.binlog.control import new_annotate_rows_event
        return new_annotate_rows_event(thd.stmt_text, timestamp=thd.stmt_timestamp, server_id=thd.server_id)

    def new_writer(self, binlog: "BinaryLog", path: Path) -> Any:
        from harness.binlog.writer import BinlogFileWriter
        return BinlogFileWriter(path, server_id=binlog.server_id, server_version=binlog.server_version)

    def write_header(self, binlog, writer, *, timestamp, create_timestamp, rotated):  # type: ignore[no-untyped-def]
        writer.write_header_events(timestamp=timestamp, gtid_list=binlog._gtid_state() if rotated else (),
                                   create_timestamp=create_timestamp)

    def write_create_select_rows(self, thd: "Thd", t: "TableDef", create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """ONE group: ``BEGIN GTID`` (PARALLEL|DDL) + CREATE + rows + Xid or COMMIT
        (docs/RULES-mariadb-10.11.md 5.3)."""
        from harness.binlog.control import new_xid_event
        from harness.binlog.query import mariadb_query_status_vars, new_query_event
        svs = mariadb_query_status_vars(charset=thd.vars.charset_triple(), sql_mode=thd.vars.sql_mode_bits(),
                                        flags2=thd.vars.flags2())
        # A source temporary table makes both the CREATE and its COMMIT thread-specific (observed).
        create = new_query_event(create_text, database=thd.db or "", thread_id=thd.connection_id,
                                 timestamp=thd.stmt_timestamp, server_id=thd.server_id, status_vars=svs,
                                 thread_specific=thread_specific or thd.stmt_thread_specific)
        events = [create, *cache.events]
        xa = t.engine.xa_capable and bool(t.data.count)
        if xa:
            events.append(new_xid_event(thd.server.binlog.allocate_xid(), timestamp=thd.stmt_timestamp,
                                        server_id=thd.server_id))
        else:
            # Observed: this COMMIT carries the DDL's Q_XID.
            events.append(new_query_event("COMMIT", database=thd.db or "", thread_id=thd.connection_id,
                                          timestamp=thd.stmt_timestamp, server_id=thd.server_id, suppress_use=True,
                                          status_vars=thd.query_status_vars(xid=thd.server.binlog.allocate_xid()),
                                          thread_specific=thread_specific or thd.stmt_thread_specific))
        thd.server.binlog.write_group(events, thd=thd, timestamp=thd.stmt_timestamp, ddl=True,
                                      extra_engines=not xa)

    def write_group(self, binlog, events, *, thd, timestamp, standalone, transactional, ddl,
                    extra_engines, xa_xid=None, xa_completed=False):  # type: ignore[no-untyped-def]
        from harness.binlog.gtid import new_gtid_event
        # The session's @@gtid_domain_id, @@server_id and one-shot @@gtid_seq_no pick the GTID.
        domain, server_id, requested, parallel = binlog.domain_id, binlog.server_id, 0, True
        if thd is not None:
            domain, server_id = int(thd.vars.get("gtid_domain_id")), thd.server_id
            requested = int(thd.vars.get("gtid_seq_no") or 0)
            thd.vars.values["gtid_seq_no"] = 0
            # @@skip_parallel_replication (OPTION_RPL_SKIP_PARALLEL) clears FL_ALLOW_PARALLEL.
            parallel = not thd.vars.get("skip_parallel_replication")
        seq_no = binlog.next_gtid(domain, server_id, requested)
        # FL_DDL and FL_TRANSACTIONAL exclude each other (observed 0x28, not
        # 0x2c, for CREATE ... SELECT into InnoDB in ROW format).
        gtid = new_gtid_event(domain, server_id, seq_no, timestamp=timestamp, allow_parallel=parallel,
                              standalone=standalone, transactional=transactional and not ddl, ddl=ddl,
                              flags_extra=1 if extra_engines else 0,
                              extra_engines=255 if extra_engines else None,
                              xa_xid=xa_xid, xa_completed=xa_completed)
        binlog.writer.write_group([gtid, *events])
        return seq_no


# ---------------------------------------------------------------------------- MySQL 8.0


_MYSQL_DEFAULT_SQL_MODE = ("ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
                           "ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION")  # = 1168113696
_GTID_MODES = ("OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON")


def _gtid_next(v: Any) -> str:
    s = str(v).strip()
    u = s.upper()
    if u in ("AUTOMATIC", "ANONYMOUS"):
        return u
    m = re.fullmatch(r"([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}):(\d+)", s)
    if not m or int(m.group(2)) < 1:
        raise ValueError(v)
    return f"{str(_uuid.UUID(m.group(1)))}:{int(m.group(2))}"


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


class MySQL80(Flavor):
    name = "mysql-8.0"
    rows_header_len = 10
    temp_ddl_unlogged_formats = ("ROW", "MIXED")  # [mtr] binlog_create_drop_temporary_table.result
    unsafe_level = "Warning"
    row_injection_needs_row_format = True
    handshake_prefix = ""
    handshake_charset = 255  # utf8mb4_0900_ai_ci

    def __init__(self, gtid_mode: str = "OFF", server_uuid: str | None = None) -> None:
        from harness.binlog.fde import MYSQL_8_0_SERVER_VERSION
        self.server_version = MYSQL_8_0_SERVER_VERSION
        self.gtid_mode = gtid_mode.upper()
        self.server_uuid = server_uuid

    # -- engine
    def sysvar_overrides(self) -> dict[str, tuple[Any, Any, str]]:
        from harness.engine.sysvars import _bool, _enum, _sql_mode, _str
        on = self.gtid_mode in ("ON", "ON_PERMISSIVE")
        return {
            "binlog_format": ("ROW", _enum("MIXED", "STATEMENT", "ROW"), "both"),
            "binlog_annotate_row_events": (0, _bool, "both"),
            "binlog_rows_query_log_events": (0, _bool, "both"),
            "binlog_row_metadata": ("MINIMAL", _enum("MINIMAL", "FULL"), "global"),
            "sql_mode": (_MYSQL_DEFAULT_SQL_MODE, _sql_mode, "both"),
            "collation_connection": ("utf8mb4_0900_ai_ci", _str, "both"),
            "collation_server": ("utf8mb4_0900_ai_ci", _str, "both"),
            "collation_database": ("utf8mb4_0900_ai_ci", _str, "both"),
            "default_collation_for_utf8mb4": ("utf8mb4_0900_ai_ci", _str, "both"),
            "version_comment": ("replbed (MySQL 8.0 binary log model)", _str, "global"),
            "gtid_mode": (self.gtid_mode, _enum(*_GTID_MODES), "global"),
            "enforce_gtid_consistency": ("ON" if on else "OFF", _enum("OFF", "ON", "WARN"), "global"),
            "gtid_next": ("AUTOMATIC", _gtid_next, "session"),
            "gtid_executed": ("", _str, "global"),
            "gtid_purged": ("", _str, "global"),
            "server_uuid": (self.server_uuid or "", _str, "global"),
            "binlog_transaction_compression": (0, _bool, "both"),
        }

    def aliases(self) -> dict[str, str]:
        return {"transaction_isolation": "tx_isolation", "transaction_read_only": "tx_read_only"}

    def error_text(self, code: int, text: str) -> str:
        return _mysql_text(code, text)

    def drop_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """WL#7592 (seed 004): temporary / non-temporary and transactional / non-transactional
        tables are each their own statement with their own GTID. The caller splits temporary
        from base tables; non-transactional go first [unverified order]. A table that did not
        exist (IF EXISTS) goes with the transactional ones (the DD is transactional)."""
        nontrans = [x for x in items if x[1] is not None and not x[1].transactional]
        trans = [x for x in items if x[1] is None or x[1].transactional]
        return [g for g in (nontrans, trans) if g]

    def before_statement(self, thd: "Thd", stmt: Any) -> None:
        from harness.sql import ast as A
        if getattr(thd, "gtid_next_used", False) and not isinstance(stmt, (A.Set, A.Show)):
            nxt = thd.vars.get("gtid_next")
            raise ServerError(1837, "When @@SESSION.GTID_NEXT is set to a GTID, you must explicitly set it to a "
                                    "different value after a COMMIT or ROLLBACK. Please check GTID_NEXT variable "
                                    f"manual page for detailed explanation. Current @@SESSION.GTID_NEXT is "
                                    f"'{nxt}'.", "HY000")

    def check_set(self, thd: "Thd", name: str, scope: str, value: Any) -> None:
        g = thd.server.global_vars.values
        if name == "gtid_next":
            v = _gtid_next(value) if not isinstance(value, type(None)) else "AUTOMATIC"
            mode = g.get("gtid_mode", "OFF")
            if v not in ("AUTOMATIC", "ANONYMOUS") and mode == "OFF":
                raise ServerError(1781, "@@SESSION.GTID_NEXT cannot be set to UUID:NUMBER when "
                                        "@@GLOBAL.GTID_MODE = OFF.", "HY000")
            if v == "ANONYMOUS" and mode == "ON":
                raise ServerError(1782, "@@SESSION.GTID_NEXT cannot be set to ANONYMOUS when "
                                        "@@GLOBAL.GTID_MODE = ON.", "HY000")
            thd.gtid_next_used = False
        elif name == "gtid_mode":
            old, new = _GTID_MODES.index(str(g.get("gtid_mode", "OFF"))), _GTID_MODES.index(str(value).upper())
            if abs(new - old) > 1:
                raise ServerError(1788, "The value of @@GLOBAL.GTID_MODE can only be changed one step at a time: "
                                        "OFF <-> OFF_PERMISSIVE <-> ON_PERMISSIVE <-> ON. Also note that this "
                                        "value must be stepped up or down simultaneously on all servers. See the "
                                        "Manual for instructions.", "HY000")
            if _GTID_MODES[new] == "ON" and g.get("enforce_gtid_consistency") != "ON":
                # [unverified] text
                raise ServerError(1779, "GTID_MODE = ON requires ENFORCE_GTID_CONSISTENCY = ON.", "HY000")

    def ddl_xid(self, requested: bool, *, ddl: bool, thread_specific: bool) -> bool:
        # Atomic DDL (8.0) is committed with an xid: Q_DDL_LOGGED_WITH_XID on CREATE DATABASE
        # and CREATE TABLE ([bytes] 8.0.18); on the rest of DDL [unverified].
        return requested or (ddl and not thread_specific)

    # -- layer 2
    def query_status_vars(self, thd: "Thd", *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset_client: int | None = None,
                          updated_db: str | None = None, ddl: bool = False) -> list["StatusVar"]:
        """MySQL 8.0's order (docs/RULES-mysql-8.0.md 3.1): DDL carries Q_DDL_LOGGED_WITH_XID (17)
        instead of MariaDB's Q_XID; CREATE/ALTER TABLE add SQL_REQUIRE_PRIMARY_KEY, CREATE/ALTER
        DATABASE add DEFAULT_TABLE_ENCRYPTION."""
        from harness.binlog.query import mysql80_query_status_vars
        charset = thd.vars.charset_triple()
        if charset_client is not None:
            charset = (charset_client, *tuple(charset)[1:])
        head = " ".join(text.split()[:2]).upper()
        return mysql80_query_status_vars(
            flags2=thd.vars.flags2(), sql_mode=thd.vars.sql_mode_bits(), charset=charset,
            time_zone=str(thd.vars.get("time_zone")).encode() if thd.stmt_time_zone_used else None,
            table_map_for_update=thd.stmt_table_map_for_update or None,
            invoker=(thd.user.encode(), thd.definer_host.encode()) if invoker else None,
            updated_db_names=(updated_db.encode(),) if updated_db is not None else None,
            microseconds=thd.stmt_start.microsecond if hrnow or getattr(thd, 'stmt_hrnow_used', False) else None,
            ddl_xid=xid,
            sql_require_primary_key=0 if head in ("CREATE TABLE", "ALTER TABLE") else None,
            default_table_encryption=0 if head in ("CREATE DATABASE", "CREATE SCHEMA", "ALTER DATABASE",
                                                   "ALTER SCHEMA") else None)

    def new_rows_event(self, kind, tm, rows, *, timestamp, server_id, stmt_end, columns_present,
                       columns_present_after):  # type: ignore[no-untyped-def]
        """Rows v2 (types 30-32); FULL image: every bit of the bitmap bytes set (section 4.2)."""
        from harness.binlog.rows import new_rows_v2_event
        n = tm.column_count
        full = (1 << (8 * ((n + 7) >> 3))) - 1
        if columns_present == (1 << n) - 1:
            columns_present = full
        if columns_present_after is not None and columns_present_after == (1 << n) - 1:
            columns_present_after = full
        return new_rows_v2_event(kind, tm, rows, timestamp=timestamp, server_id=server_id, stmt_end=stmt_end,
                                 columns_present=columns_present, columns_present_after=columns_present_after)

    def table_map_optional_metadata(self, thd: "Thd", table: "TableDef") -> list[tuple[int, bytes]]:
        """binlog_row_metadata=MINIMAL: SIGNEDNESS for numeric columns, DEFAULT_CHARSET for
        character columns (docs/RULES-mysql-8.0.md 4.1)."""
        from harness.binlog.bytes_io import ByteWriter
        from harness.engine.types import BinaryType, DecimalType, FloatType, IntType, StringType
        out: list[tuple[int, bytes]] = []
        numeric = [c for c in table.columns if isinstance(c.type, (IntType, DecimalType, FloatType))]
        if numeric:
            bits = bytearray((len(numeric) + 7) // 8)
            for i, c in enumerate(numeric):
                if getattr(c.type, "unsigned", False):
                    bits[i // 8] |= 0x80 >> (i % 8)
            out.append((int(OptionalMetadata.SIGNEDNESS), bytes(bits)))
        chars = [(i, c) for i, c in enumerate(x for x in table.columns
                                              if isinstance(x.type, (StringType, BinaryType)))]
        if chars:
            default = 255
            w = ByteWriter()
            w.packed_int(default)
            for i, c in chars:
                cs = 63 if isinstance(c.type, BinaryType) else 255
                if cs != default:
                    w.packed_int(i)
                    w.packed_int(cs)
            out.append((int(OptionalMetadata.DEFAULT_CHARSET), w.getvalue()))
        return out

    def annotate_event(self, thd: "Thd") -> Event | None:
        if not thd.vars.get("binlog_rows_query_log_events"):
            return None
        from harness.binlog.control import new_rows_query_event
        return new_rows_query_event(thd.stmt_text, timestamp=thd.stmt_timestamp, server_id=thd.server_id)

    # -- layer 3
    def ensure_uuid(self, binlog: "BinaryLog") -> str:
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

    def new_writer(self, binlog: "BinaryLog", path: Path) -> Any:
        from harness.binlog.writer import MysqlBinlogFileWriter
        self.ensure_uuid(binlog)
        return MysqlBinlogFileWriter(path, server_id=binlog.server_id, server_version=binlog.server_version)

    def write_header(self, binlog, writer, *, timestamp, create_timestamp, rotated):  # type: ignore[no-untyped-def]
        """FDE + Previous_gtids (= gtid_executed when the file opens), WL#7592 FR2."""
        writer.write_header_events(timestamp=timestamp, previous_gtids=binlog.gtid_executed_text(),
                                   create_timestamp=create_timestamp)
        binlog.sequence_number = 0
        binlog.last_committed = 0

    def write_group(self, binlog, events, *, thd, timestamp, standalone, transactional, ddl,
                    extra_engines, xa_xid=None, xa_completed=False):  # type: ignore[no-untyped-def]
        """Gtid/Anonymous_Gtid [+ Query BEGIN] + body; transaction_length filled (section 2, 3)."""
        from harness.binlog.constants import EventType
        from harness.binlog.mysql_gtid import new_mysql_gtid_event
        from harness.binlog.query import new_mysql_query_event
        from harness.binlog.query import QueryEvent
        sid, gno = self._next_gtid(binlog, thd)
        if sid is not None and binlog.gtid_owned(sid, gno):
            # GTID_NEXT names a GTID already executed: the transaction is skipped silently.
            return 0
        body = list(events)
        if not standalone:
            db = thd.db or "" if thd is not None else ""
            svs = (self.query_status_vars(thd) if thd is not None else None)
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
        return gno if sid else binlog.seq_no

    def write_create_select_rows(self, thd: "Thd", t: "TableDef", create_text: str, cache: Any, *,
                                 thread_specific: bool = False) -> None:
        """Atomic-DDL engine (InnoDB), 8.0.21+: ONE group ``BEGIN`` + ``CREATE TABLE ... START
        TRANSACTION`` + rows + ``Xid`` (docs/RULES-mysql-8.0.md 5, WL#13355). Other engines:
        TWO groups (WL#7592, seed 004): the CREATE as a DDL group, then ``BEGIN`` + rows +
        ``COMMIT``."""
        from harness.binlog.control import new_xid_event
        from harness.binlog.query import new_query_event
        from harness.model.flush import _end_query
        binlog = thd.server.binlog
        ts = thd.stmt_timestamp
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
            binlog.write_group([*cache.events, _end_query(thd, "COMMIT")], thd=thd, timestamp=ts)

    def _next_gtid(self, binlog: "BinaryLog", thd: "Thd | None") -> tuple[str | None, int]:
        nxt = thd.vars.get("gtid_next") if thd is not None else "AUTOMATIC"
        if nxt == "ANONYMOUS":
            return None, 0
        if nxt != "AUTOMATIC":
            sid, n = nxt.rsplit(":", 1)
            if thd is not None:
                thd.gtid_next_used = True
            return sid, int(n)
        mode = str(binlog.global_vars.values.get("gtid_mode", "OFF")) if binlog.global_vars else self.gtid_mode
        if mode in ("ON", "ON_PERMISSIVE"):
            sid = self.ensure_uuid(binlog)
            return sid, binlog.next_free_gno(sid)
        return None, 0


def _version_number(v: str) -> int:
    from harness.binlog.mysql_gtid import server_version_number
    return server_version_number(v)


def flavor_for(name: str, *, gtid_mode: str = "OFF", server_uuid: str | None = None) -> Flavor:
    if name == "mysql-8.0":
        return MySQL80(gtid_mode=gtid_mode, server_uuid=server_uuid)
    if name == "mariadb-10.11":
        return MariaDB1011()
    raise ValueError(f"unknown flavor {name!r}")


__all__ = ["Flavor", "MariaDB1011", "MySQL80", "flavor_for"]
