"""The flavour's system-variable profile: defaults, the SET checks, the refused settings.

System variables belong to the SQL layer, so this policy lives here and not in
the binlog layers' ``harness/model/flavor.py``; the server picks the profile once,
by flavour name (:func:`sysvar_profile_for`). MariaDB 10.11 uses the recorded
catalog (harness/sql/sys_vars/sysvar_catalog.py); MySQL 8.0 overrides the defaults the
model needs (docs/RULES-mysql-8.0.md) and checks GTID_NEXT / GTID_MODE changes.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid as _uuid
from typing import TYPE_CHECKING, Any

from harness.diagnostics import ServerError, error, register
from harness.sql.sys_vars.sysvars import (VarDef, bool_value, enum_value, mariadb_catalog, mysql_catalog,
                                          mysql_sql_mode_value, sql_mode_value, str_value)
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.thd import Thd


class SysvarProfile:
    """MariaDB-compatible defaults: nothing overridden, nothing refused."""

    # INSERT IGNORE ... VALUES/SET of one row: a failed CHECK is error 4025, not a
    # warning (MariaDB 10.11; MDEV-32439 made it a warning in 11.x).
    ignore_keeps_single_row_check_error = True
    # SET GLOBAL sql_log_bin: MariaDB's check_sql_log_bin refuses it as 1238 (MySQL: the
    # SESSION_ONLY variable's generic 1228)
    sql_log_bin_global_check = True
    # A session SET binlog_format while the session has temporary tables: MySQL's
    # binlog_format_check refuses any (3745); MariaDB only a switch out of row format (1559)
    binlog_format_temp_tables_refused = False
    # thd->where while a single-table UPDATE's new values are resolved: what 1054 names.
    single_update_values_clause = "SET"
    # A single-table UPDATE/DELETE of an empty MyISAM/Aria/MEMORY table is an impossible
    # WHERE (not logged): MariaDB 11.8 (harness/sql/stmt/sql_select._impossible_where).
    empty_table_is_const = False
    # A single-table UPDATE/DELETE whose WHERE has ``not_null_col IS NULL`` (any column but
    # DATE/DATETIME) is an impossible WHERE, not logged: MySQL (range_opt.not_null_is_null)
    not_null_is_null_false = False
    # ... and so is one comparing an INT/DECIMAL column with a number it cannot hold so that the
    # comparison is never true: MySQL's constant folding (range_opt.folds_to_false)
    out_of_range_constant_false = False
    # A range over the first column of a key of an empty MyISAM/Aria/MEMORY table makes a
    # single-table UPDATE/DELETE an impossible WHERE (records_in_range 0; MariaDB); MySQL
    # reads the empty table and logs the statement (9.7.4 observed, fuzz seed 9802)
    empty_table_range_impossible = True
    # A single-table UPDATE/DELETE with an IN subquery runs (and logs) as the multi-table
    # statement: MariaDB 11.x (harness/sql/opt/subquery_join.py)
    single_table_subquery_as_join = False
    # MySQL's should_switch_to_multi_table_if_subqueries: a single-table DELETE with an IN or
    # EXISTS subquery runs through Query_result_delete, whose send_eof sets
    # thread_specific_used (harness/sql/opt/subquery_join.mysql_switches_to_multi_table)
    subquery_delete_as_multi_table = False
    # START TRANSACTION marks the start time's microseconds used (Q_HRNOW on the rest of a
    # CALL's Query events): 10.11's trans_begin; not MariaDB 11.8's
    trans_begin_marks_hrnow = True
    # NOW()/CURTIME()/UTC_TIMESTAMP() mark the start microseconds read (Q_HRNOW / Q_MICROSECONDS)
    # only with a fractional precision: MySQL's THD::query_start_timeval_trunc(decimals) (9.7.4
    # observed: `DELETE FROM t WHERE d < NOW() - INTERVAL 100 YEAR` has no Q_MICROSECONDS)
    start_usec_only_with_fsp = False
    # multi_update skips every unchanged row without calling the engine, whatever it read
    # (MariaDB 11.8; 10.11 compares an InnoDB row only when the assigned columns were read)
    multi_update_compares_rows = False
    # ... also when the read set holds the whole row: a const table's, a row-logged statement's
    # with binlog_row_image FULL (MySQL 9.7: sql_update.py _whole_row_read)
    multi_update_whole_row_reads = False
    # A multi-table UPDATE's is_trans is whether it writes a transactional table, as a
    # single-table statement's (MySQL 9.7); MariaDB's multi_update raises it only for a
    # transactional table whose row changed (StatementInfo.multi_update_trans)
    multi_update_trans_by_tables = False
    # The largest TIMESTAMP a column stores (None: 2038-01-19 03:14:07.999999 UTC, the
    # signed 32-bit range of MariaDB 10.11)
    timestamp_max: dt.datetime | None = None
    # What the logged LOAD DATA writes before " ENCLOSED BY" for OPTIONALLY (10.11: a
    # doubled space, " OPTIONALLY  ENCLOSED BY")
    load_optionally_text = " OPTIONALLY "
    # A single-table UPDATE's ORDER BY columns count as read when an unchanged row is
    # compared (records_are_comparable; 10.11)
    order_by_marks_read = True
    # TRUNCATE of a table that needs row format below REPEATABLE READ (InnoDB) decides the
    # statement's format in MIXED (row, kept while temporary tables exist): MariaDB 11.8
    truncate_decides_format = False
    # REPAIR TABLE of an engine without a repair (InnoDB, MEMORY, BLACKHOLE) recreates the
    # table as ALTER TABLE FORCE does and reports OK: MariaDB 11.5+ (10.11: a note, "The
    # storage engine for the table doesn't support repair")
    repair_recreates = False
    # The optimizer's costs for a two-table join's order (harness/sql/opt/joinplan.py):
    # "10.11" (the fitted 10.11 costs) or "11.0" (11.0's per-engine costs, join_cost_11)
    join_cost_model = "10.11"
    # multi_delete deletes the rows of the tables after the first in the order the join
    # reaches them (first reach; 10.11: sorted by row id, i.e. each table's scan order)
    multi_delete_reach_order = False
    # The row a multi-table DELETE's 1292 names for a conversion made while the const
    # tables are read ("at row 1" on 10.11; MariaDB 11.8: 0, its row counter not started)
    multi_delete_const_row = 1

    def overrides(self) -> dict[str, tuple[Any, Any, str]]:
        return {}

    def catalog(self) -> dict[str, VarDef]:
        """Every variable the server knows, as recorded from it (empty: only the modelled ones)."""
        return {}

    def aliases(self) -> dict[str, str]:
        return {}

    def deprecated_renamed(self) -> dict[str, str]:
        """Variable names that warn 1287 when a statement names them (SET or @@read),
        with the name to use instead (MariaDB 11.8; checked at parse time)."""
        return {}

    def hidden(self) -> frozenset[str]:
        """Names the model uses internally that the server does not know (1193 in a statement)."""
        return frozenset()

    def before_statement(self, thd: Thd, stmt: Any) -> bool:
        """Checks the flavour makes before a statement runs (MySQL: GTID_NEXT consumed);
        True: the statement is skipped, answered OK without running (MySQL: GTID_NEXT
        names a GTID already executed)."""
        return False

    def end_transaction(self, thd: Thd, *, commit: bool) -> None:
        """After an explicit COMMIT / ROLLBACK (MySQL: an owned GTID_NEXT is used up)."""

    def statement_failed(self, thd: Thd) -> None:
        """A client statement failed (MySQL: in autocommit its rollback releases GTID_NEXT's GTID)."""

    def before_decide(self, thd: Thd, written: list[Any], info: Any = None) -> None:
        """Checks the flavour makes where decide_logging_format runs, with the tables the
        statement writes (MySQL: enforce_gtid_consistency's DML rule)."""

    def check_set(self, thd: Thd, name: str, scope: str, value: Any) -> None:
        """Checks on SET of a flavour-specific variable (before the value is stored)."""

    def set_warnings(self, name: str, value: Any) -> list[tuple[int, str]]:
        """Warnings SET gives for a value it stored (MySQL: 3135 for a half-strict sql_mode)."""
        return []

    def deprecated(self) -> frozenset[str]:
        """Variables whose SET and @@ read warn 1287."""
        return frozenset()

    def unmodelled_setting(self, thd: Thd, name: str, value: Any) -> str | None:
        """A variable value that changes the binlog in a way replbed does not model: the
        construct to name in the 1235 error (None: the value is modelled or changes nothing)."""
        return None


# Variables whose other values change the binlog's bytes or shape in ways not modelled:
# Table_map optional metadata, group commit ids, compressed events, a replaced GTID state,
# size rotation. max_binlog_size: the rotation itself is simple, but the new file's
# Binlog_checkpoint names the old file or the new one depending on when InnoDB's commit completes.
MARIADB_FIXED_SETTINGS = frozenset("""binlog_row_metadata binlog_commit_wait_count
    log_bin_compress gtid_binlog_state max_binlog_size column_compression_threshold column_compression_zlib_level
    column_compression_zlib_strategy column_compression_zlib_wrap""".split())


class MariaDBSysvars(SysvarProfile):
    def catalog(self) -> dict[str, VarDef]:
        return mariadb_catalog()

    def unmodelled_setting(self, thd: Thd, name: str, value: Any) -> str | None:
        default = thd.server.global_vars.definitions[name].default
        if name in MARIADB_FIXED_SETTINGS and value != default:
            return f"{name} = {value} (only {default} is modelled)"
        if name in ("max_binlog_cache_size", "max_binlog_stmt_cache_size") and int(value) < 1 << 32:
            return f"{name} below 4G (error 1197 for larger transactions is not modelled)"
        return None

    def check_set(self, thd: Thd, name: str, scope: str, value: Any) -> None:
        # sys_vars.cc check_gtid_seq_no: under gtid_strict_mode a seq_no not above the
        # domain's last GTID is 1950 already at SET (observed on 10.11.19).
        if name == "gtid_seq_no" and isinstance(value, int) and value and \
                thd.server.global_vars.values.get("gtid_strict_mode"):
            from harness.model.flavors.mariadb import check_strict_sequence
            check_strict_sequence(thd.server.binlog, int(thd.vars.get("gtid_domain_id")), thd.server_id, value)


def _mariadb_11_8_version() -> str:
    from harness.binlog.fde import MARIADB_11_8_SERVER_VERSION  # the FDE's and the greeting's text
    return MARIADB_11_8_SERVER_VERSION


class MariaDB118Sysvars(MariaDBSysvars):
    """MariaDB 11.8's defaults where they differ from 10.11's recorded catalog
    (docs/RULES-mariadb-11.8.md)."""

    # MDEV-32439 ("INSERT IGNORE on constraints result in ERROR rather than warning"):
    # a one-row INSERT IGNORE whose CHECK fails warns 4025 and skips the row (probed).
    ignore_keeps_single_row_check_error = False
    # 11.1 (MDEV-28883) runs a single-table UPDATE through the multi-table code
    # (Sql_cmd_update::prepare_inner): its values resolve as the SELECT's (probed:
    # "Unknown column 'nosuch' in 'SELECT'"; the targets still name 'SET').
    single_update_values_clause = "SELECT"
    empty_table_is_const = True
    # 11.1 (MDEV-28883): probed, the DELETE's Query thread-specific, the UPDATE's with
    # Q_TABLE_MAP_FOR_UPDATE (docs/RULES-mariadb-11.8.md row 16)
    single_table_subquery_as_join = True
    # [bytes] corpus gaps_sp_transaction_control: the statements a CALL logs after its START
    # TRANSACTION carry no Q_HRNOW (docs/RULES-mariadb-11.8.md row 17)
    trans_begin_marks_hrnow = False
    # [bytes] corpus fid_update_unchanged_row_innodb_rw: UPDATE t, m SET t.a = 2 over an
    # unchanged InnoDB row ends with COMMIT (10.11: Xid) (docs/RULES-mariadb-11.8.md row 18)
    multi_update_compares_rows = True
    # 11.5 (MDEV-32188, "make TIMESTAMP use whole 32-bit unsigned range"): a TIMESTAMP
    # column takes values up to 2106-02-07 06:28:15 UTC (corpus types_temporal_nonstrict:
    # '2038-01-19 03:14:08' stored without 1264) (docs/RULES-mariadb-11.8.md row 19)
    timestamp_max = dt.datetime(2106, 2, 7, 6, 28, 15, 999999)
    # [bytes] corpus load_data_ignore_lines_concurrent: "OPTIONALLY ENCLOSED BY", one space
    load_optionally_text = " OPTIONALLY"
    # probed: UPDATE t SET a = 2 WHERE ... ORDER BY a over an unchanged InnoDB row ends with
    # Xid, whether the WHERE is a const lookup, a range or a scan, with or without LIMIT
    order_by_marks_read = False
    # probed (fuzz seed 5123 case 54, shrunk): MIXED, READ COMMITTED, a temporary table open,
    # TRUNCATE TABLE of an InnoDB table: the session's later statements are logged in rows
    # until the temporary tables are gone; not at REPEATABLE READ, not for a MyISAM table
    truncate_decides_format = True
    # probed: REPAIR TABLE of an InnoDB / MEMORY / BLACKHOLE table (temporary too) answers
    # status OK, its AUTO_INCREMENT kept; 11.5's REPAIR reworking (REPAIR ... FORCE,
    # MDEV-33449) falls back to admin_recreate_table for an engine whose repair is not
    # implemented (docs/RULES-mariadb-11.8.md row 23)
    repair_recreates = True
    # 11.0's cost model (optimizer_*_cost, per engine), read off the server's optimizer
    # trace: an eq_ref lookup is cheap against a second scan's setup cost, an index-only
    # scan costs half a table scan's setup (docs/RULES-mariadb-11.8.md row 24)
    join_cost_model = "11.0"
    # probed (InnoDB and MyISAM, two and three tables, a row reached twice): the second
    # table's Delete_rows list its rows in the order the join first reached them
    # (docs/RULES-mariadb-11.8.md row 25)
    multi_delete_reach_order = True
    # probed: DELETE a, b FROM d a JOIN v b ON a.id = b.id of two one-row MyISAM tables
    # warns "... at row 0" (the UPDATE and the SELECT of the same join: row 1)
    # (docs/RULES-mariadb-11.8.md row 26)
    multi_delete_const_row = 0

    def overrides(self) -> dict[str, tuple[Any, Any, str]]:
        # 11.6.2 (MDEV-35124): innodb_snapshot_isolation is ON by default; SELECT
        # @@innodb_snapshot_isolation = 1 on Debian's 11.8.
        return {"innodb_snapshot_isolation": (1, bool_value, "both"),
                "version": (_mariadb_11_8_version(), str_value, "global"),
                # the packaged server's own text (SELECT @@version_comment on trixie's 11.8.9)
                "version_comment": ("-- Please help get to 10k stars at https://github.com/MariaDB/Server",
                                    str_value, "global")}

    def aliases(self) -> dict[str, str]:
        # 11.1 (MDEV-21921): transaction_isolation / transaction_read_only are the names,
        # tx_isolation / tx_read_only the deprecated ones (one variable each).
        return {"transaction_isolation": "tx_isolation", "transaction_read_only": "tx_read_only"}

    def deprecated_renamed(self) -> dict[str, str]:
        # sys_var::do_deprecated_warning: SET tx_isolation = ... and SELECT @@tx_isolation warn
        # 1287; SET transaction_isolation and SET TRANSACTION ISOLATION LEVEL do not (probed).
        return {"tx_isolation": "transaction_isolation", "tx_read_only": "transaction_read_only"}


MYSQL_DEFAULT_SQL_MODE = ("ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,"
                          "ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION")  # = 1168113696
GTID_MODES = ("OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON")

# MySQL 8.0's texts (share/messages_to_clients.txt).
register({
    "ER_GTID_NEXT_TYPE_UNDEFINED_GTID": (
        1837, "HY000", "When @@SESSION.GTID_NEXT is set to a GTID, you must explicitly set it to a different "
                       "value after a COMMIT or ROLLBACK. Please check GTID_NEXT variable manual page for "
                       "detailed explanation. Current @@SESSION.GTID_NEXT is '{0}'."),
    "ER_CANT_SET_GTID_NEXT_TO_GTID_WHEN_GTID_MODE_IS_OFF": (
        1781, "HY000", "@@SESSION.GTID_NEXT cannot be set to UUID:NUMBER when @@GLOBAL.GTID_MODE = OFF."),
    "ER_CANT_SET_GTID_NEXT_WHEN_OWNING_GTID": (
        1790, "HY000", "@@SESSION.GTID_NEXT cannot be changed by a client that owns a GTID. The client owns {0}. "
                       "Ownership is released on COMMIT or ROLLBACK."),
    "ER_CANT_DO_IMPLICIT_COMMIT_IN_TRX_WHEN_GTID_NEXT_IS_SET": (
        1778, "HY000", "Cannot execute statements with implicit commit inside a transaction when "
                       "@@SESSION.GTID_NEXT == 'UUID:NUMBER'."),
    "ER_CANT_SET_GTID_NEXT_TO_ANONYMOUS_WHEN_GTID_MODE_IS_ON": (
        1782, "HY000", "@@SESSION.GTID_NEXT cannot be set to ANONYMOUS when @@GLOBAL.GTID_MODE = ON."),
    "ER_GTID_MODE_CAN_ONLY_CHANGE_ONE_STEP_AT_A_TIME": (
        1788, "HY000", "The value of @@GLOBAL.GTID_MODE can only be changed one step at a time: OFF <-> "
                       "OFF_PERMISSIVE <-> ON_PERMISSIVE <-> ON. Also note that this value must be stepped up or "
                       "down simultaneously on all servers. See the Manual for instructions."),
    # MySQL 9.7.4's texts (observed)
    "ER_GTID_UNSAFE_NON_TRANSACTIONAL_TABLE": (
        1785, "HY000", "Statement violates GTID consistency: Updates to non-transactional tables can only be "
                       "done in either autocommitted statements or single-statement transactions, and never in "
                       "the same statement as updates to transactional tables."),
    "ER_GTID_UNSAFE_CREATE_SELECT": (1786, "HY000", "Statement violates GTID consistency: CREATE TABLE ... SELECT."),
    "ER_CLIENT_GTID_UNSAFE_CREATE_DROP_TEMP_TABLE_IN_TRX_IN_SBR": (
        3748, "HY000", "Statement violates GTID consistency: CREATE TEMPORARY TABLE and DROP TEMPORARY TABLE are "
                       "not allowed inside a transaction or inside a procedure in a transactional context when "
                       "@@session.binlog_format=STATEMENT."),
    # [unverified] text
    "ER_GTID_MODE_ON_REQUIRES_ENFORCE_GTID_CONSISTENCY_ON": (
        1779, "HY000", "GTID_MODE = ON requires ENFORCE_GTID_CONSISTENCY = ON."),
})


def gtid_consistency_check(thd: Thd, stmt: Any) -> None:
    """enforce_gtid_consistency=ON, MySQL's THD::is_ddl_gtid_compatible, as 9.7.4 refuses
    (docs/RULES-mysql-9.7.md 5); the DML rule (1785) is ``gtid_dml_check``:

    * 1786: CREATE TABLE ... SELECT into an engine without atomic DDL (not InnoDB), any format;
    * 3748: CREATE/DROP TEMPORARY TABLE inside a transaction with binlog_format=STATEMENT."""
    fmt = str(thd.vars.get("binlog_format")).upper()
    if isinstance(stmt, (A.CreateTable, A.DropTable)) and stmt.temporary:
        if fmt == "STATEMENT" and thd.in_multi_stmt_transaction_mode():
            raise error("ER_CLIENT_GTID_UNSAFE_CREATE_DROP_TEMP_TABLE_IN_TRX_IN_SBR")
        return
    if isinstance(stmt, A.CreateTable):
        # is_ddl_gtid_compatible: a CREATE ... SELECT that the engine cannot make atomic
        # (no HTON_SUPPORTS_ATOMIC_DDL) is refused in every binlog_format (9.7.4 observed:
        # ENGINE=MyISAM / MEMORY ... SELECT gets 1786 in STATEMENT, MIXED and ROW)
        if stmt.select is not None:
            engine = str(stmt.options.get("ENGINE") or thd.vars.get("default_storage_engine") or "InnoDB")
            # MySQL's one transactional (atomic-DDL) engine is InnoDB
            if engine.upper() != "INNODB":
                # after the statement's implicit commit (9.7.4 observed: `BEGIN; INSERT ...;
                # CREATE TABLE m ENGINE=MyISAM SELECT ...` -> 1786, and the INSERT is committed)
                thd.implicit_commit(schema_change=True)
                raise error("ER_GTID_UNSAFE_CREATE_SELECT")


def gtid_dml_check(thd: Thd, tables: list[Any]) -> None:
    """THD::is_dml_gtid_compatible, called from decide_logging_format with the tables the
    statement opened for writing (its triggers' included): after name resolution and
    prelocking (9.7.4 observed: 1054 and 1442 win over 1785; a multi-table UPDATE that
    only reads its InnoDB table and sets a MyISAM one is allowed).

    1785 when a non-transactional table is written and the statement also writes a
    transactional one or the transaction's cache already holds a change
    (trans_has_updated_trans_table); a temporary non-transactional table is exempt when
    the statement is logged as rows -- in ROW, and in MIXED, where MySQL 8.0.4+ logs
    any statement touching a temporary table as rows."""
    fmt = str(thd.vars.get("binlog_format")).upper()
    nontrans = [t for t in tables if not t.transactional]
    if not nontrans:
        return
    # ... && !(non_transactional_tables_are_tmp && is_current_stmt_binlog_format_row())
    # (9.7.4 observed: MIXED, `BEGIN; INSERT INTO i ...; INSERT INTO tmp_myisam ...` is OK)
    if all(t.temporary for t in nontrans) and (
            fmt == "ROW" or fmt == "MIXED" and all(t.created_in_row_format for t in nontrans)):
        return
    trans_before = thd.in_multi_stmt_transaction_mode() and not thd.caches.trx_cache.empty()
    if any(t.transactional for t in tables) or trans_before:
        raise error("ER_GTID_UNSAFE_NON_TRANSACTIONAL_TABLE")



# sql/rpl_gtid_execution.cc is_stmt_innocent: what runs whatever GTID_NEXT's state (SET,
# SHOW, SELECT, DO, USE, an empty query) -- BEGIN / COMMIT / ROLLBACK are let through too
_INNOCENT = (A.Set, A.SetNames, A.Show, A.Select, A.Do, A.Use, A.Empty, A.Begin, A.Commit, A.Rollback)
# CF_AUTO_COMMIT_TRANS statements (a temporary table's CREATE / DROP does not commit)
_IMPLICIT_COMMIT = (A.Truncate, A.CreateTable, A.DropTable, A.AlterTable, A.CreateIndex, A.DropIndex,
                    A.RenameTable, A.TableMaintenance, A.LockTables, A.CreateDatabase, A.DropDatabase,
                    A.CreateTrigger, A.CreateRoutine, A.DropRoutine, A.CreateView, A.DropView, A.Account,
                    A.EventStmt)


def gtid_pre_statement_checks(thd: Thd, stmt: Any) -> bool:
    """MySQL's gtid_pre_statement_checks with @@gtid_next (9.7.4 observed): 1778 for a
    statement that would commit implicitly inside a transaction while GTID_NEXT is set;
    innocent statements run; 1837 once GTID_NEXT's GTID was used up by a COMMIT or
    ROLLBACK; a GTID already executed skips the statement (True)."""
    nxt = str(thd.vars.get("gtid_next"))
    if nxt in ("AUTOMATIC", "ANONYMOUS"):
        return False
    if isinstance(stmt, _IMPLICIT_COMMIT) and not getattr(stmt, "temporary", False) \
            and thd.in_multi_stmt_transaction_mode() and (thd.trx.explicit or thd.trx.active):
        raise error("ER_CANT_DO_IMPLICIT_COMMIT_IN_TRX_WHEN_GTID_NEXT_IS_SET")
    if isinstance(stmt, _INNOCENT):
        return False
    if thd.gtid_next_used:
        raise error("ER_GTID_NEXT_TYPE_UNDEFINED_GTID", nxt)
    return not thd.vars.values.get("gtid_owned")


def gtid_end_transaction(thd: Thd, *, commit: bool) -> None:
    """An explicit COMMIT or ROLLBACK while the session owns GTID_NEXT's GTID: COMMIT of a
    transaction that logged nothing writes the GTID as an empty group (``Gtid``, ``BEGIN``,
    ``COMMIT``); ROLLBACK writes nothing; either way the GTID is used up, and the next
    statement that is not innocent gets 1837 (9.7.4 observed)."""
    owned = str(thd.vars.values.get("gtid_owned") or "")
    thd.vars.values["gtid_owned"] = ""
    if not owned or thd.gtid_next_used:
        return
    if commit and thd.binlog_enabled():
        from harness.model.flush import end_query
        thd.server.binlog.write_group([end_query(thd, "COMMIT")], thd=thd, timestamp=thd.stmt.timestamp)
    thd.gtid_next_used = True

def gtid_next_value(v: Any) -> str:
    """@@gtid_next's check: AUTOMATIC, ANONYMOUS or UUID:NUMBER (the UUID normalised)."""
    s = str(v).strip()
    u = s.upper()
    if u in ("AUTOMATIC", "ANONYMOUS"):
        return u
    m = re.fullmatch(r"([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}):(\d+)", s)
    if not m or int(m.group(2)) < 1:
        raise ValueError(v)
    return f"{_uuid.UUID(m.group(1))!s}:{int(m.group(2))}"


class MySQL80Sysvars(SysvarProfile):
    not_null_is_null_false = True
    out_of_range_constant_false = True
    start_usec_only_with_fsp = True
    # trans_begin reads no start microseconds (9.7.4 observed: a CALL's START TRANSACTION
    # leaves the rest of its Query events without Q_MICROSECONDS, gaps_sp_transaction_control)
    trans_begin_marks_hrnow = False
    subquery_delete_as_multi_table = True
    empty_table_range_impossible = False
    # sql_insert.cc: IGNORE makes ER_CHECK_CONSTRAINT_VIOLATED a warning for every row, a
    # one-row INSERT IGNORE ... VALUES/SET too (9.7.4 observed: Warning 3819, the row skipped)
    ignore_keeps_single_row_check_error = False
    # sys_vars.cc: sql_log_bin is SESSION_ONLY, so SET GLOBAL is set_var's ER_LOCAL_VARIABLE
    # (9.7.4 observed: 1228)
    sql_log_bin_global_check = False
    # sys_vars.cc binlog_format_check: a session SET with thd->temporary_tables is
    # ER_TEMP_TABLE_PREVENTS_SWITCH_SESSION_BINLOG_FORMAT, before the in-transaction check
    # (9.7.4 observed: 3745 for SET SESSION binlog_format = 'STATEMENT' in ROW and in STATEMENT)
    binlog_format_temp_tables_refused = True
    # Query_result_update skips an unchanged row without the engine when records_are_comparable:
    # every assigned column read (9.7.4 probed, STATEMENT: `UPDATE t JOIN n ON t.a = n.a SET t.b =
    # n.b` over unchanged rows ends with Xid, `SET t.b = t.b` with COMMIT), which a const table
    # (`UPDATE t, m SET t.a = 2 WHERE t.id = m.id AND m.id = 2`: COMMIT, fid_update_unchanged_row_
    # innodb_rw) and a row-logged statement's FULL image always are
    multi_update_compares_rows = False
    multi_update_whole_row_reads = True
    # 9.7.4 observed (fidlog_is_trans_is_the_statements_table S): under autocommit=0,
    # `UPDATE t3 a, t4 b SET ...` (InnoDB) matching nothing, then ROLLBACK, logs nothing --
    # the Query went to the transaction cache, not out as a group of its own
    multi_update_trans_by_tables = True

    def __init__(self, gtid_mode: str, server_uuid: str | None, *, recorded: bool = False) -> None:
        self.gtid_mode = gtid_mode.upper()
        self.server_uuid = server_uuid
        # MySQL 9.7: the variables recorded from the real server (scripts/dump_sysvars_mysql.py);
        # MySQL 8.0 (golden vectors only): the modelled ones alone
        self.recorded = recorded

    def catalog(self) -> dict[str, VarDef]:
        return mysql_catalog() if self.recorded else {}

    def deprecated(self) -> frozenset[str]:
        # sys_vars.cc: DEPRECATED_VAR("") on binlog_format (8.0.34) and log_bin_trust_function_creators
        # (8.0.34); 9.7.4 [bytes]: SET (any scope, DEFAULT too) and SELECT @@binlog_format warn 1287
        return frozenset({"binlog_format", "log_bin_trust_function_creators"}) if self.recorded else frozenset()

    def set_warnings(self, name: str, value: Any) -> list[tuple[int, str]]:
        """sys_vars.cc check_sql_mode (5.7+): NO_ZERO_DATE, NO_ZERO_IN_DATE and
        ERROR_FOR_DIVISION_BY_ZERO belong with a strict mode: a value with strict mode but not all
        three, or with one of them but no strict mode, warns 3135 (9.7.4 [bytes])."""
        if name in self.deprecated():
            from harness.sql.sys_vars.sysvars import deprecated_note
            note = deprecated_note(name)
            return [(note.code, note.message)]
        if name != "sql_mode" or not self.recorded:
            return []
        modes = set(str(value).upper().split(","))
        strict = bool(modes & {"STRICT_TRANS_TABLES", "STRICT_ALL_TABLES"})
        three = modes & {"NO_ZERO_DATE", "NO_ZERO_IN_DATE", "ERROR_FOR_DIVISION_BY_ZERO"}
        if (strict and len(three) < 3) or (three and not strict):
            return [(3135, "'NO_ZERO_DATE', 'NO_ZERO_IN_DATE' and 'ERROR_FOR_DIVISION_BY_ZERO' sql modes should be "
                           "used with strict mode. They will be merged with strict mode in a future release.")]
        return []

    def hidden(self) -> frozenset[str]:
        """The modelled MariaDB names 9.7 does not have (tx_isolation, storage_engine, gtid_seq_no...)."""
        if not self.recorded:
            return frozenset()
        from harness.sql.sys_vars.sysvars import DEFINITIONS
        known = set(mysql_catalog())
        return frozenset(n for n in (*DEFINITIONS, *self.overrides()) if n not in known)

    def overrides(self) -> dict[str, tuple[Any, Any, str]]:
        on = self.gtid_mode in ("ON", "ON_PERMISSIVE")
        return {
            "binlog_format": ("ROW", enum_value("MIXED", "STATEMENT", "ROW"), "both"),
            "binlog_annotate_row_events": (0, bool_value, "both"),
            "binlog_rows_query_log_events": (0, bool_value, "both"),
            "binlog_row_metadata": ("MINIMAL", enum_value("MINIMAL", "FULL"), "global"),
            "sql_mode": (MYSQL_DEFAULT_SQL_MODE, mysql_sql_mode_value if self.recorded else sql_mode_value, "both"),
            "collation_connection": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "collation_server": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "collation_database": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "default_collation_for_utf8mb4": ("utf8mb4_0900_ai_ci", str_value, "both"),
            # 9.7.4: the packaged server's own text (sysvar_catalog_mysql, SELECT @@version_comment)
            "version_comment": ("(Debian)" if self.recorded else "replbed (MySQL 8.0 binary log model)",
                                str_value, "global"),
            "gtid_mode": (self.gtid_mode, enum_value(*GTID_MODES), "global"),
            "enforce_gtid_consistency": ("ON" if on else "OFF", enum_value("OFF", "ON", "WARN"), "global"),
            "gtid_next": ("AUTOMATIC", gtid_next_value, "session"),
            "gtid_owned": ("", str_value, "session"),
            "gtid_executed": ("", str_value, "global"),
            "gtid_purged": ("", str_value, "global"),
            "server_uuid": (self.server_uuid or "", str_value, "global"),
            "binlog_transaction_compression": (0, bool_value, "both"),
        }

    def aliases(self) -> dict[str, str]:
        return {"transaction_isolation": "tx_isolation", "transaction_read_only": "tx_read_only"}

    def before_statement(self, thd: Thd, stmt: Any) -> bool:
        if gtid_pre_statement_checks(thd, stmt):
            return True
        if thd.server.global_vars.values.get("enforce_gtid_consistency") == "ON":
            gtid_consistency_check(thd, stmt)
        return False

    def end_transaction(self, thd: Thd, *, commit: bool) -> None:
        gtid_end_transaction(thd, commit=commit)

    def unmodelled_setting(self, thd: Thd, name: str, value: Any) -> str | None:
        if name == "gtid_purged":
            # 9.7 adds a `+set` to gtid_purged and gtid_executed, and the next Previous_gtids
            # leaves it out (observed); replbed keeps one GTID set
            return "SET GLOBAL gtid_purged"
        return None

    def statement_failed(self, thd: Thd) -> None:
        # 9.7.4 observed: SET gtid_next=':7'; CREATE TABLE j (a INT) -> 1050 (j exists);
        # SET gtid_next='AUTOMATIC' is then allowed (no 1790): the GTID was released
        if not thd.in_multi_stmt_transaction_mode() and thd.vars.values.get("gtid_owned"):
            gtid_end_transaction(thd, commit=False)

    def before_decide(self, thd: Thd, written: list[Any], info: Any = None) -> None:
        if thd.server.global_vars.values.get("enforce_gtid_consistency") == "ON":
            try:
                gtid_dml_check(thd, written)
            except ServerError:
                _keep_unsafe_flags_in_call(thd, info)
                # decide_logging_format's refusal fails the statement after its tables were
                # locked: it ends as any failed statement does, and under autocommit its
                # transaction ends with it -- the next statement starts a new engine mix (9.7.4
                # observed: `INSERT INTO n ...` refused twice in a row, n MyISAM with a trigger
                # writing InnoDB, warns 6414 before each 1785)
                thd.end_statement(success=False)
                raise

    def check_set(self, thd: Thd, name: str, scope: str, value: Any) -> None:
        g = thd.server.global_vars.values
        if name == "gtid_next":
            v = gtid_next_value(value) if not isinstance(value, type(None)) else "AUTOMATIC"
            mode = g.get("gtid_mode", "OFF")
            if v not in ("AUTOMATIC", "ANONYMOUS") and mode == "OFF":
                raise error("ER_CANT_SET_GTID_NEXT_TO_GTID_WHEN_GTID_MODE_IS_OFF")
            if v == "ANONYMOUS" and mode == "ON":
                raise error("ER_CANT_SET_GTID_NEXT_TO_ANONYMOUS_WHEN_GTID_MODE_IS_ON")
            owned = str(thd.vars.values.get("gtid_owned") or "")
            if owned:
                # the failed statement rolls back and so releases the GTID (statement_failed;
                # 9.7.4 observed: SET gtid_next=':4'; SET gtid_next=':5' -> 1790; SET
                # gtid_next='AUTOMATIC' -> OK)
                raise error("ER_CANT_SET_GTID_NEXT_WHEN_OWNING_GTID", owned)
            thd.gtid_next_used = False  # the SessionView field layer 3 sets (harness/model/session.py)
            if v not in ("AUTOMATIC", "ANONYMOUS"):
                sid, gno = v.rsplit(":", 1)
                # a GTID not yet executed is owned from now on; an executed one is not: the
                # statements that follow are skipped (gtid_pre_statement_checks)
                if not thd.server.binlog.gtid_owned(sid, int(gno)):
                    thd.vars.values["gtid_owned"] = v
        elif name == "gtid_mode":
            old, new = GTID_MODES.index(str(g.get("gtid_mode", "OFF"))), GTID_MODES.index(str(value).upper())
            if abs(new - old) > 1:
                raise error("ER_GTID_MODE_CAN_ONLY_CHANGE_ONE_STEP_AT_A_TIME")
            if GTID_MODES[new] == "ON" and g.get("enforce_gtid_consistency") != "ON":
                raise error("ER_GTID_MODE_ON_REQUIRES_ENFORCE_GTID_CONSISTENCY_ON")


def sysvar_profile_for(flavor: str, *, gtid_mode: str = "OFF", server_uuid: str | None = None) -> SysvarProfile:
    if flavor in ("mysql-8.0", "mysql-9.7"):
        return MySQL80Sysvars(gtid_mode, server_uuid, recorded=flavor == "mysql-9.7")
    if flavor == "mariadb-11.8":
        return MariaDB118Sysvars()
    if flavor == "mariadb-10.11":
        return MariaDBSysvars()
    raise ValueError(f"unknown flavor {flavor!r}")


def _keep_unsafe_flags_in_call(thd: Thd, info: Any) -> None:
    """decide_logging_format has set the statement's unsafe flags when its
    is_dml_gtid_compatible refuses it: inside CALL they stay in the session's
    binlog_unsafe_warning_flags, which the CALL's end issues after the 1785 (9.7.4 [bytes]
    gaps_sp_transaction_control STATEMENT: `CALL p1(1)` -> 6414, 1785, Note 1592 "accesses
    a non-transactional table after accessing a transactional table")."""
    if info is None or thd.sp_unsafe is None:
        return
    from harness.model.decide import decide_logging_format
    try:
        decision = decide_logging_format(info, thd)
    except ServerError:
        return
    thd.sp_unsafe |= decision.warn_unsafe
