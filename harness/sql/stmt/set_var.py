"""SET: user and system variables, SET NAMES, SET TRANSACTION (the server's ``set_var.cc``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from harness.binlog.query import new_query_event
from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.parse.stmtinfo import StatementInfo
from harness.sql.sql_errors import Note, error
from harness.sql.stmt.sql_result import _ok
from harness.sql.sys_vars.sysvars import DEFAULT

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


def _server_query(thd: "Thd", text: str) -> Any:
    return new_query_event(text, database=thd.db or "", thread_id=thd.connection_id, timestamp=thd.stmt.timestamp,
                           server_id=thd.server_id, suppress_use=True, status_vars=thd.query_status_vars())


def set_vars(thd: "Thd", st: A.Set) -> "OkPacket":
    from harness.sql.stmt.context import ExecContext
    info = StatementInfo(kind="SET")
    ctx = ExecContext(thd, info)
    env = Env(ctx)
    for a in st.assignments:
        target = a.target
        if isinstance(target, A.UserVar):
            value = Compiler(Scope([]), info).compile(a.value)(env)
            thd.set_user_var(target.name.lower(), value)
            continue
        assert isinstance(target, A.SysVar)
        if isinstance(a.value, A.Default):
            value = DEFAULT
        elif isinstance(a.value, A.ColumnRef) and a.value.table is None:
            value = a.value.name  # SET binlog_format=ROW: a bare word is a value
        else:
            value = Compiler(Scope([]), info).compile(a.value)(env)
        set_sysvar(thd, target.name, target.scope, value)
        if target.name.lower() == "event_scheduler" and thd.server.flavor.ddl.event_scheduler_modelled:
            from harness.sql.stmt.sql_event_mysql import scheduler_started
            scheduler_started(thd)
    return _ok()


_SYSVAR_READ = re.compile(r"@@(?:(?:global|session|local)\.)?([a-z_]+)", re.I)
_SET_TARGET = re.compile(r"(?:^\s*SET\s+|,\s*)(?:(?:GLOBAL|SESSION|LOCAL)\s+)?([a-z_]+)\s*:?=", re.I)


def warn_deprecated_names(thd: "Thd", sql: str) -> None:
    """1287 for each variable name the flavour deprecates (MariaDB 11.8: tx_isolation,
    tx_read_only) that the statement names, as the parser warns when it looks the name
    up (sys_var::do_deprecated_warning): ``@@tx_isolation`` anywhere, ``SET tx_isolation =``.
    At parse time, so before the statement's own conditions (probed)."""
    deprecated = thd.server.sysvars.deprecated_renamed()
    names = [m.group(1).lower() for m in _SYSVAR_READ.finditer(sql)]
    if re.match(r"\s*SET\s", sql, re.I):
        names += [m.group(1).lower() for m in _SET_TARGET.finditer(sql)]
    for name in names:
        instead = deprecated.get(name)
        if instead is not None:
            thd.notes.append(Note("Warning", 1287, f"'@@{name}' is deprecated and will be removed in a "
                                                   f"future release. Please use '@@{instead}' instead"))


def set_sysvar(thd: "Thd", name: str, scope: str, value: Any) -> None:
    n = thd.vars.canonical(name)
    if n == "event_scheduler" and str(value).upper() in ("ON", "1") \
            and not thd.server.flavor.ddl.event_scheduler_modelled:
        # Events never run in the model (stmt/sql_event.py): what they would log is unknown.
        raise UnsupportedError("event_scheduler=ON (running events)")
    in_trx = thd.trx.explicit or thd.trx.active and not thd.autocommit
    profile = thd.server.sysvars
    if n == "sql_log_bin" and scope == "global" and profile.sql_log_bin_global_check:
        # Its global value is no longer settable (sql_log_bin's own check): 1238, not 1228.
        raise error("ER_INCORRECT_GLOBAL_LOCAL_VAR", name, "SESSION")
    where = thd.vars.globals.definitions[n].scope if n in thd.vars.globals.definitions else None
    early = n in profile.deprecated() and where is not None
    if early:
        # sys_var::check: do_deprecated_warning comes before the variable's check hook, so a
        # refused SET lists 1287 before its error (9.7.4 observed: 1287 then 1679), the
        # scope's 1229 too (`SET SESSION log_bin_trust_function_creators = 1`: 1287, 1229)
        from harness.sql.sys_vars.sysvars import deprecated_note
        thd.notes.append(deprecated_note(n))
    if n == "binlog_format" and scope != "global" and thd.temp_tables and profile.binlog_format_temp_tables_refused:
        raise error("ER_TEMP_TABLE_PREVENTS_SWITCH_SESSION_BINLOG_FORMAT")
    if n == "binlog_format" and scope != "global" and thd.temp_tables and str(value).upper() == "STATEMENT" and (
            thd.binlog_format == "ROW" or thd.binlog_format == "MIXED" and thd.mixed_temp_row):
        # A temporary table's CREATE may be missing from a row-format binlog (checked first).
        raise error("ER_TEMP_TABLE_PREVENTS_SWITCH_OUT_OF_RBR")
    if n == "binlog_format" and scope != "global" and (in_trx or not thd.caches.trx_cache.empty()):
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_FORMAT")
    if n == "binlog_direct_non_transactional_updates" and scope != "global" and in_trx:
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_BINLOG_DIRECT")
    if n == "sql_log_bin" and scope != "global" and in_trx:
        raise error("ER_INSIDE_TRANSACTION_PREVENTS_SWITCH_SQL_LOG_BIN")
    if n == "autocommit" and scope != "global" and thd.xid_state is not None and value not in (0, "0", "OFF", False):
        raise UnsupportedError("SET autocommit inside an XA transaction")
    if n == "tx_isolation" and scope != "global" and thd.trx.explicit and thd.trx.active and False:
        raise error("ER_CANT_CHANGE_TX_CHARACTERISTICS")
    thd.server.sysvars.check_set(thd, n, scope, value)
    was_autocommit = thd.autocommit
    store = thd.vars.globals.values if scope == "global" else thd.vars.values
    previous = store.get(n)
    warnings = thd.vars.set(n, value, scope)
    warnings += [w for w in thd.server.sysvars.set_warnings(n, store[n]) if not (early and w[0] == 1287)]
    refused = thd.server.sysvars.unmodelled_setting(thd, n, store[n])
    if refused is not None:
        # Accepting it would silently write a binlog the server would not: refuse clearly.
        store[n] = previous
        raise UnsupportedError(refused)
    for code, message in warnings:
        thd.notes.append(Note("Warning", code, message))
    if n == "binlog_checksum" and scope == "global":
        _rotate_for_checksum(thd, str(store[n]))
    if n in ("rand_seed1", "rand_seed2"):
        # sys_vars.cc update_rand_seed1/2: the value becomes the session's RAND() state
        # (thd->rand.seed1/seed2), as the Rand event a replayed binlog carries sets it.
        setattr(thd.rand, "seed" + n[-1], int(store[n]))
    if n == "autocommit" and scope != "global" and thd.autocommit and not was_autocommit:
        # Switching autocommit on commits the open transaction. In ROW format the
        # group keeps FL_TRANSACTIONAL despite a non-transactional change, as for an
        # implicit commit (observed; an explicit COMMIT clears it).
        if thd.binlog_format == "ROW":
            thd.trx_log.gtid_nontrans = False
        thd.commit()
        # a transaction's end: no first engine is left for 6414 (9.7.4 probed: an
        # autocommitted CREATE TEMPORARY ... ENGINE=MyISAM SELECT, SET autocommit = 0, SET
        # autocommit = 1, then an InnoDB INSERT: no 6414; deprecations.engine_mix_kept)
        thd.trx.engine_mix = None


def _rotate_for_checksum(thd: "Thd", value: str) -> None:
    """SET GLOBAL binlog_checksum rotates the binary log, also to the value it already has
    (Sys_var_enum_binlog_checksum::global_update: checksum_alg_reset, then
    MYSQL_BIN_LOG::rotate(force_rotate=true)); the Rotate keeps the old file's algorithm,
    the new file's Format_description announces the new one."""
    from harness.binlog.constants import ChecksumAlg
    alg = ChecksumAlg.CRC32 if value.upper() == "CRC32" else ChecksumAlg.OFF
    thd.server.binlog.rotate(timestamp=thd.stmt.timestamp, checksum_alg=alg)


def set_names(thd: "Thd", st: A.SetNames) -> "OkPacket":
    thd.vars.set_names(st.charset, st.collation)
    return _ok()


def set_transaction(thd: "Thd", st: A.SetTransaction) -> "OkPacket":
    if st.isolation is not None:
        if st.scope == "next":
            if thd.trx.explicit and thd.trx.active:
                raise error("ER_CANT_CHANGE_TX_CHARACTERISTICS")
            thd.trx.isolation = st.isolation
        else:
            thd.vars.set("tx_isolation", st.isolation, st.scope)
    return _ok()
