"""FLUSH, RESET MASTER and PURGE BINARY LOGS (the server's ``sql_reload.cc`` and ``sql_repl.cc``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from harness.sql.item.expr import Compiler, Env, Scope
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import error, note
from harness.sql.stmt.sql_result import _ok

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


def reset_master(thd: "Thd", st: A.ResetMaster) -> "OkPacket":
    thd.server.binlog.reset(timestamp=thd.stmt.timestamp)
    return _ok()


def flush_logs(thd: "Thd", st: A.FlushBinaryLogs) -> "OkPacket":
    """FLUSH BINARY LOGS rotates. With DELETE_DOMAIN_ID (MYSQL_BIN_LOG::rotate_and_purge ->
    do_delete_gtid_domain): the domains leave the GTID state when the oldest file's
    Gtid_list shows no file holds their events (1076 otherwise), and then the log rotates
    (the new file's Gtid_list without them); when none was removed (each warned as not in
    the state) nothing rotates; an empty list rotates as usual. Not logged."""
    binlog = thd.server.binlog
    ids = st.delete_domain_ids
    if ids:
        too_large = next((d for d in ids if d > 0xFFFFFFFF), None)
        if too_large is not None:
            raise error("ER_GTID_DOMAIN_TOO_LARGE", too_large)
        with binlog.lock:
            warnings, removed = binlog.drop_domains(ids)
        for name, args in warnings:
            thd.notes.append(note("Warning", name, *args))
        if not removed:
            return _ok()
    binlog.rotate(timestamp=thd.stmt.timestamp)
    return _ok()


def purge_binary_logs(thd: "Thd", st: A.PurgeBinaryLogs) -> "OkPacket":
    """PURGE BINARY LOGS TO 'f' removes the files before ``f``; BEFORE t the files last
    written before ``t``; never the active file. Not logged (it changes no data)."""
    import datetime as dt
    import os
    binlog = thd.server.binlog
    files = list(binlog.files)
    if st.to is not None:
        name = st.to.rsplit("/", 1)[-1]
        if name not in files:
            raise error("ER_UNKNOWN_TARGET_BINLOG")
        doomed = files[:files.index(name)]
    else:
        assert st.before is not None
        when = Compiler(Scope([])).compile(st.before)(Env(None))
        if isinstance(when, str):
            when = dt.datetime.fromisoformat(when)
        if not isinstance(when, dt.datetime):
            raise UnsupportedError("PURGE BINARY LOGS BEFORE a value that is not a datetime")
        cutoff = when.timestamp()
        doomed = []
        for f in files[:-1]:
            if os.stat(binlog.dir / f).st_mtime >= cutoff:
                break
            doomed.append(f)
    binlog.purge(doomed)
    return _ok()


def flush(thd: "Thd", st: A.Flush) -> "OkPacket":
    """FLUSH TABLES / PRIVILEGES / STATUS ...: only the status counters change (STATUS), but the
    statement commits implicitly and is logged (reload_acl_and_cache), except with
    NO_WRITE_TO_BINLOG / LOCAL or when a log is among the options: a logged FLUSH LOGS
    would rotate again when the binlog is replayed."""
    for name in st.tables:
        if thd.find_table(name) is None and thd.find_view(name) is None:
            raise error("ER_NO_SUCH_TABLE", name.db or thd.db, name.name)
    thd.implicit_commit()
    if "STATUS" in st.options:
        # refresh_status(): the global status counters start again (the binlog caches' too).
        for k in thd.server.status:
            thd.server.status[k] = 0
        thd.server.counters.flush_status()
    if "PRIVILEGES" in st.options and thd.server.flavor.sql.acl_reload_reads_time_zone:
        thd.stmt_log.read_time_zone()  # the grant tables' TIMESTAMP columns, read by this session
    rotates = any(o in ("LOGS", "BINARY LOGS") for o in st.options)
    if rotates:
        thd.server.binlog.rotate(timestamp=thd.stmt.timestamp)
    if not st.no_write_to_binlog and not any(o.endswith("LOGS") for o in st.options):
        # A FLUSH is flagged DDL in its GTID (FL_DDL), except when it reloads the privilege
        # tables: reading them ends in a commit of its own that clears the statement's DDL
        # mark (observed on 10.11.19: FLUSH PRIVILEGES and FLUSH STATUS, PRIVILEGES give
        # flags 9, FLUSH STATUS / TABLES / HOSTS 41; workloads/mtr_support.wl).
        thd.write_ddl(st.text, ddl="PRIVILEGES" not in st.options)
    return _ok()
