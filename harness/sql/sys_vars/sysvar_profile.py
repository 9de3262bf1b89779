"""The flavour's system-variable profile: defaults, the SET checks, the refused settings.

System variables belong to the SQL layer, so this policy lives here and not in
the binlog layers' ``harness/model/flavor.py``; the server picks the profile once,
by flavour name (:func:`sysvar_profile_for`). MariaDB 10.11 uses the recorded
catalog (harness/sql/sys_vars/sysvar_catalog.py); MySQL 8.0 overrides the defaults the
model needs (docs/RULES-mysql-8.0.md) and checks GTID_NEXT / GTID_MODE changes.
"""

from __future__ import annotations

import re
import uuid as _uuid
from typing import TYPE_CHECKING, Any

from harness.diagnostics import error, register
from harness.sql.sys_vars.sysvars import VarDef, bool_value, enum_value, mariadb_catalog, sql_mode_value, str_value
from harness.sql.parse import parse_tree as A

if TYPE_CHECKING:
    from harness.sql.thd import Thd


class SysvarProfile:
    """MariaDB-compatible defaults: nothing overridden, nothing refused."""

    def overrides(self) -> dict[str, tuple[Any, Any, str]]:
        return {}

    def catalog(self) -> dict[str, VarDef]:
        """Every variable the server knows, as recorded from it (empty: only the modelled ones)."""
        return {}

    def aliases(self) -> dict[str, str]:
        return {}

    def before_statement(self, thd: Thd, stmt: Any) -> None:
        """Checks the flavour makes before a statement runs (MySQL: GTID_NEXT consumed)."""

    def before_decide(self, thd: Thd, written: list[Any]) -> None:
        """Checks the flavour makes where decide_logging_format runs, with the tables the
        statement writes (MySQL: enforce_gtid_consistency's DML rule)."""

    def check_set(self, thd: Thd, name: str, scope: str, value: Any) -> None:
        """Checks on SET of a flavour-specific variable (before the value is stored)."""

    def unmodelled_setting(self, thd: Thd, name: str, value: Any) -> str | None:
        """A variable value that changes the binlog in a way replbed does not model: the
        construct to name in the 1235 error (None: the value is modelled or changes nothing)."""
        return None


# Variables whose other values change the binlog's bytes or shape in ways not modelled:
# Table_map optional metadata, checksums (and the rotation a change forces), group
# commit ids, compressed events, two-phase ALTER, a replaced GTID state, size rotation.
# max_binlog_size: the rotation itself is simple, but the new file's Binlog_checkpoint
# names the old file or the new one depending on when InnoDB's commit completes.
MARIADB_FIXED_SETTINGS = frozenset("""binlog_row_metadata binlog_checksum binlog_commit_wait_count
    log_bin_compress binlog_alter_two_phase gtid_binlog_state max_binlog_size""".split())


class MariaDBSysvars(SysvarProfile):
    def catalog(self) -> dict[str, VarDef]:
        return mariadb_catalog()

    def unmodelled_setting(self, thd: Thd, name: str, value: Any) -> str | None:
        default = thd.server.global_vars.definitions[name].default
        if name == "binlog_checksum":
            return "SET GLOBAL binlog_checksum (it rotates the binlog, even to the same value)"
        if name in MARIADB_FIXED_SETTINGS and value != default:
            return f"{name} = {value} (only {default} is modelled)"
        if name in ("max_binlog_cache_size", "max_binlog_stmt_cache_size") and int(value) < 1 << 32:
            return f"{name} below 4G (error 1197 for larger transactions is not modelled)"
        if name == "gtid_seq_no" and value and thd.server.global_vars.values.get("gtid_strict_mode"):
            return "@@gtid_seq_no under gtid_strict_mode"
        return None


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
    def __init__(self, gtid_mode: str, server_uuid: str | None) -> None:
        self.gtid_mode = gtid_mode.upper()
        self.server_uuid = server_uuid

    def overrides(self) -> dict[str, tuple[Any, Any, str]]:
        on = self.gtid_mode in ("ON", "ON_PERMISSIVE")
        return {
            "binlog_format": ("ROW", enum_value("MIXED", "STATEMENT", "ROW"), "both"),
            "binlog_annotate_row_events": (0, bool_value, "both"),
            "binlog_rows_query_log_events": (0, bool_value, "both"),
            "binlog_row_metadata": ("MINIMAL", enum_value("MINIMAL", "FULL"), "global"),
            "sql_mode": (MYSQL_DEFAULT_SQL_MODE, sql_mode_value, "both"),
            "collation_connection": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "collation_server": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "collation_database": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "default_collation_for_utf8mb4": ("utf8mb4_0900_ai_ci", str_value, "both"),
            "version_comment": ("replbed (MySQL 8.0 binary log model)", str_value, "global"),
            "gtid_mode": (self.gtid_mode, enum_value(*GTID_MODES), "global"),
            "enforce_gtid_consistency": ("ON" if on else "OFF", enum_value("OFF", "ON", "WARN"), "global"),
            "gtid_next": ("AUTOMATIC", gtid_next_value, "session"),
            "gtid_executed": ("", str_value, "global"),
            "gtid_purged": ("", str_value, "global"),
            "server_uuid": (self.server_uuid or "", str_value, "global"),
            "binlog_transaction_compression": (0, bool_value, "both"),
        }

    def aliases(self) -> dict[str, str]:
        return {"transaction_isolation": "tx_isolation", "transaction_read_only": "tx_read_only"}

    def before_statement(self, thd: Thd, stmt: Any) -> None:
        if thd.gtid_next_used and not isinstance(stmt, (A.Set, A.Show)):
            nxt = thd.vars.get("gtid_next")
            raise error("ER_GTID_NEXT_TYPE_UNDEFINED_GTID", nxt)
        if thd.server.global_vars.values.get("enforce_gtid_consistency") == "ON":
            gtid_consistency_check(thd, stmt)

    def before_decide(self, thd: Thd, written: list[Any]) -> None:
        if thd.server.global_vars.values.get("enforce_gtid_consistency") == "ON":
            gtid_dml_check(thd, written)

    def check_set(self, thd: Thd, name: str, scope: str, value: Any) -> None:
        g = thd.server.global_vars.values
        if name == "gtid_next":
            v = gtid_next_value(value) if not isinstance(value, type(None)) else "AUTOMATIC"
            mode = g.get("gtid_mode", "OFF")
            if v not in ("AUTOMATIC", "ANONYMOUS") and mode == "OFF":
                raise error("ER_CANT_SET_GTID_NEXT_TO_GTID_WHEN_GTID_MODE_IS_OFF")
            if v == "ANONYMOUS" and mode == "ON":
                raise error("ER_CANT_SET_GTID_NEXT_TO_ANONYMOUS_WHEN_GTID_MODE_IS_ON")
            thd.gtid_next_used = False  # the SessionView field layer 3 sets (harness/model/session.py)
        elif name == "gtid_mode":
            old, new = GTID_MODES.index(str(g.get("gtid_mode", "OFF"))), GTID_MODES.index(str(value).upper())
            if abs(new - old) > 1:
                raise error("ER_GTID_MODE_CAN_ONLY_CHANGE_ONE_STEP_AT_A_TIME")
            if GTID_MODES[new] == "ON" and g.get("enforce_gtid_consistency") != "ON":
                raise error("ER_GTID_MODE_ON_REQUIRES_ENFORCE_GTID_CONSISTENCY_ON")


def sysvar_profile_for(flavor: str, *, gtid_mode: str = "OFF", server_uuid: str | None = None) -> SysvarProfile:
    if flavor in ("mysql-8.0", "mysql-9.7"):
        return MySQL80Sysvars(gtid_mode, server_uuid)
    if flavor in ("mariadb-10.11", "mariadb-11.8"):
        return MariaDBSysvars()
    raise ValueError(f"unknown flavor {flavor!r}")
