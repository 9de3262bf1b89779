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

from harness.binlog.constants import HeaderFlag, Option, OptionalMetadata, QueryStatus as QS
from harness.binlog.header import Event
from harness.model.flavor import DdlLogging, ErrorStyle, EventStyle, Flavor, GroupWritten, GtidFraming, Handshake

if TYPE_CHECKING:
    from harness.model.cache import GroupBegin
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

    def __init__(self, unsafe_level: str = "Warning", double_spaces: bool = False) -> None:
        # 9.7.4 [bytes]: Note 1592 (binlog.cc issue_unsafe_warnings: SL_NOTE); the 8.0
        # golden vectors show a Warning
        self.unsafe_level = unsafe_level
        # 9.7.4 observed: ER_BINLOG_UNSAFE_INSERT_TWO_KEYS keeps its "UPDATE  on" (two spaces;
        # fid_insert_select_odku_unsafe) and ER_BINLOG_UNSAFE_CREATE_SELECT_AUTOINC its
        # "SELECT...  on" (s002_create_select; both so in 9.7.4's errmsg.sys), where the 8.0
        # golden vectors show one
        self.double_spaces = double_spaces

    def error_text(self, code: int, text: str) -> str:
        if self.double_spaces:
            kept = text.replace("KEY UPDATE  on", "KEY UPDATE\0on").replace("SELECT...  on", "SELECT...\0on")
            return _mysql_text(code, kept).replace("\0", "  ")
        return _mysql_text(code, text)


# The statements 9.7 logs Q_ENABLE_CASCADE_TRIGGERS (21) on: single- and multi-table
# INSERT/REPLACE ... VALUES, UPDATE and DELETE; not INSERT ... SELECT, CREATE ... SELECT,
# DDL, BEGIN/COMMIT (observed 9.7.4, docs/RULES-mysql-9.7.md 3.1).
_CASCADE_DML = re.compile(r"\s*(?:/\*.*?\*/\s*)*(INSERT|REPLACE|UPDATE|DELETE)\b", re.I | re.S)
# after INSERT: [modifiers] [INTO] table [(columns)] then the query (SELECT, WITH, TABLE, `(SELECT`)
_INSERT_SELECT = re.compile(r"\s+(?:(?:LOW_PRIORITY|DELAYED|HIGH_PRIORITY|IGNORE)\s+)*(?:INTO\s+)?"
                            r"[`\w.$]+\s*(?:\([^)]*\)\s*)?\(?\s*(?:SELECT|WITH|TABLE)\b", re.I)
_WITH = re.compile(r"\s*(?:/\*.*?\*/\s*)*WITH\b", re.I | re.S)
_TIMESTAMP_COLUMN = re.compile(r"\bTIMESTAMP\b", re.I)
_LITERALS = re.compile(r"'(?:[^'\\]|\\.|'')*'")
# Statements whose Query carries no Q_UPDATED_DB_NAMES (9.7.4 [bytes]: TRUNCATE, ANALYZE)
# OPTIMIZE, REPAIR: sql_admin._accessed_dbs; TRUNCATE: sql_table.truncate_table
# FLUSH: reload_acl_and_cache opens no table for the binlog and commits no data dictionary
# transaction (9.7.4 observed: every FLUSH TABLES / TABLE t1 / PRIVILEGES / STATUS /
# USER_RESOURCES of the corpus without codes 12 and 17)
_NO_UPDATED_DB = frozenset(("ANALYZE", "FLUSH"))
# ... and no Q_DDL_LOGGED_WITH_XID (ANALYZE TABLE: [bytes]; the other admin statements alike)
_NO_DDL_XID = frozenset(("ANALYZE", "OPTIMIZE", "REPAIR", "CHECK", "FLUSH"))
# the DROP of a session's temporary tables at disconnect: no UPDATED_DB_NAMES (9.7.4 [bytes])
_DISCONNECT_DROP = "DROP /*!40005 TEMPORARY */ TABLE"
_BASE_CREATE = re.compile(r"\s*CREATE\s+TABLE\b", re.I)
_TEMPORARY_DDL = re.compile(r"\s*(?:CREATE|DROP)\s+(?:/\*!40005\s+)?TEMPORARY\b", re.I)


def logs_cascade_triggers(text: str) -> bool:
    """INSERT ... VALUES, REPLACE (... SELECT too), UPDATE, DELETE; not INSERT ... SELECT. A
    SELECT in a string literal or a VALUES subquery leaves an INSERT ... VALUES one (9.7.4
    observed: `REPLACE INTO t SELECT * FROM n` 21=0; `INSERT INTO r (what, v) VALUES ('found
    after select', FOUND_ROWS())` 21=0; `INSERT INTO i SELECT a FROM t2`, `INSERT INTO u WITH c
    AS (...) SELECT ...` none)."""
    plain = _LITERALS.sub("''", text)
    m = _CASCADE_DML.match(plain, _after_with_clause(plain))
    if m is None:
        return False
    return m.group(1).upper() != "INSERT" or not _INSERT_SELECT.match(plain, m.end())


def _after_with_clause(text: str) -> int:
    """Where the statement proper starts after a leading WITH clause (its CTEs' parentheses
    balanced; string literals already blanked): `WITH c AS (...) UPDATE t ...` is an UPDATE, its
    sql_command SQLCOM_UPDATE (9.7.4 observed, query_cte_in_select_and_dml: 21=0); 0 without one."""
    m = _WITH.match(text)
    if m is None:
        return 0
    depth = 0
    for i in range(m.end(), len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:  # a CTE's body (or its column list) ends: what follows?
                rest = text[i + 1:].lstrip()
                if not re.match(r"(?:,|AS\b)", rest, re.I):
                    return len(text) - len(rest)
    return 0


_MYSQL_FLAGS2 = int(Option.OPTION_AUTO_IS_NULL | Option.OPTION_NOT_AUTOCOMMIT | Option.OPTION_NO_FOREIGN_KEY_CHECKS
                   | Option.OPTION_RELAXED_UNIQUE_CHECKS)
# Status variables that follow Q_UPDATED_DB_NAMES in MySQL's order (Query_log_event::write)
_AFTER_UPDATED_DB = frozenset(int(c) for c in (
    QS.Q_MICROSECONDS, QS.Q_COMMIT_TS, QS.Q_COMMIT_TS2, QS.Q_EXPLICIT_DEFAULTS_FOR_TIMESTAMP,
    QS.Q_DDL_LOGGED_WITH_XID, QS.Q_DEFAULT_COLLATION_FOR_UTF8MB4, QS.Q_SQL_REQUIRE_PRIMARY_KEY,
    QS.Q_DEFAULT_TABLE_ENCRYPTION, QS.Q_ENABLE_CASCADE_TRIGGERS))


def with_updated_dbs(svs: list[StatusVar], dbs: Any) -> list[StatusVar]:
    """``svs`` with Q_UPDATED_DB_NAMES set to ``dbs`` (a tuple of names; None: over max) in
    MySQL's order."""
    from harness.binlog.query import StatusVar
    out = [sv for sv in svs if sv.code != QS.Q_UPDATED_DB_NAMES]
    at = next((i for i, sv in enumerate(out) if int(sv.code) in _AFTER_UPDATED_DB), len(out))
    out.insert(at, StatusVar(int(QS.Q_UPDATED_DB_NAMES), dbs))
    return out


_TABLE_DDL = re.compile(
    r"\s*(?:CREATE\s+TABLE(?:\s+IF\s+NOT\s+EXISTS)?|ALTER\s+(?:ONLINE\s+|IGNORE\s+)?TABLE|TRUNCATE(?:\s+TABLE)?"
    r"|RENAME\s+TABLE|(?:CREATE|DROP)\s+(?:UNIQUE\s+|FULLTEXT\s+|SPATIAL\s+)?INDEX\s+\S+\s+ON)\s+"
    r"((?:`[^`]+`|\w+)(?:\s*\.\s*(?:`[^`]+`|\w+))?)", re.I)
_NON_ATOMIC_ENGINE = re.compile(r"\bENGINE\s*=?\s*`?(MyISAM|MEMORY|HEAP|BLACKHOLE|ARCHIVE|CSV|MRG_MYISAM|MERGE)\b",
                                re.I)
_ENGINE_CLAUSE = re.compile(r"\bENGINE\s*=?\s*\w", re.I)
# The base tables of each DROP TABLE group the flavour formed (MySQLDdl.drop_table_groups):
# names -> whether the group's engine is transactional (atomic DDL)
_DROP_GROUPS: dict[tuple[str, ...], bool] = {}
_LAST_DROP_BASE: set[str] = set()  # the base tables of the last DROP TABLE's groups
_NONATOMIC_GROUPS: set[tuple[str, ...]] = set()  # the groups of a dropped non-atomic table


def _unquote(name: str) -> str:
    return name.strip().strip("`")


def _dropped_other_tables(thd: Any) -> bool:
    """Whether the running DROP TABLE named tables beyond its base-table groups (temporary
    tables, dropped first and, in ROW/MIXED, not logged)."""
    stmt = getattr(thd, "stmt", None)
    text = str(getattr(stmt, "text", "") or "")
    m = re.match(r"\s*DROP\s+TABLES?\s+(?:IF\s+EXISTS\s+)?(.*?)(?:\s+(?:RESTRICT|CASCADE))?\s*$", text, re.I | re.S)
    if m is None:
        return False
    named = {_unquote(n.split(".")[-1]).lower() for n in m.group(1).split(",") if n.strip()}
    return bool(named - _LAST_DROP_BASE)


def _drop_group_names(text: str) -> tuple[str, ...]:
    """The table names of a generated ``DROP TABLE ... /* generated by server */``."""
    return tuple(_unquote(n.split(".")[-1]) for n in re.findall(r"`(?:[^`]|``)+`(?:\.`(?:[^`]|``)+`)?",
                                                                text.split(" /*")[0]))


def atomic_table_ddl(thd: Any, text: str) -> bool | None:
    """For DDL on a base table: whether the table's engine does atomic DDL (InnoDB), as the
    catalog has it after the statement; None for other statements."""
    if text.startswith("DROP TABLE "):
        return _DROP_GROUPS.get(_drop_group_names(text))
    m = _TABLE_DDL.match(text)
    if m is None:
        return None
    if _NON_ATOMIC_ENGINE.search(text) or (text[:5].upper() == "ALTER" and _ENGINE_CLAUSE.search(text)):
        # ALTER ... ENGINE=InnoDB converts a MyISAM table (the corpus' use): 9.7.4 logs no xid
        return False
    if thd is None:
        return None
    target = m.group(1)
    if text[:6].upper() == "RENAME":
        # the table exists under its new name now (9.7.4 observed: RENAME TABLE of a MyISAM
        # table has no xid); the first pair decides
        to = re.match(r"\s*RENAME\s+TABLES?\s+\S+\s+TO\s+((?:`[^`]+`|\w+)(?:\s*\.\s*(?:`[^`]+`|\w+))?)", text, re.I)
        target = to.group(1) if to else target
    parts = [_unquote(p) for p in target.split(".")]
    db, name = (parts[0], parts[1]) if len(parts) == 2 else (thd.db or "", parts[0])
    catalog = getattr(getattr(thd, "server", None), "catalog", None)
    t = catalog.get_table(db, name) if catalog is not None else None
    return None if t is None else bool(t.engine.transactional)


def _truncates_transactional_temporary(thd: Any, text: str) -> bool:
    """Whether ``TRUNCATE [TABLE] name`` names a temporary table of a transactional engine."""
    m = _TABLE_DDL.match(text)
    temps = getattr(thd, "temp_tables", None)
    if m is None or not temps:
        return False
    parts = [_unquote(p) for p in m.group(1).split(".")]
    db, name = (parts[0], parts[1]) if len(parts) == 2 else (getattr(thd, "db", None) or "", parts[0])
    t = temps.get((db, name.lower()))
    return t is not None and bool(t.engine.transactional)


_T_YEAR = 13
_STATEMENT_EVENTS = frozenset((5, 13, 14))  # Intvar, Rand, User_var
_TRX_CONTROL = re.compile(r"(?:BEGIN|COMMIT|ROLLBACK)$|(?:XA |SAVEPOINT |ROLLBACK TO |RELEASE SAVEPOINT )", re.I)


def _key_value(v: Any) -> Any:
    """A key column's value as the writeset hashes it (case-insensitive collations fold)."""
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).lower()
    if isinstance(v, str):
        return v.lower().rstrip(" ")
    return v


def _writeset(thd: Any, body: list[Event]) -> tuple[set[tuple[Any, ...]], bool] | None:
    """The transaction's writeset as rpl_write_set_handler.cc's add_pke builds it: the
    unique-key values its rows events wrote (before and after images) and, for a child
    table, the parent-key values its foreign keys reference; and whether a table had no
    primary key (has_missing_keys). None when the writeset cannot be used
    (can_use_writesets): a statement logged as text, no rows, or a table that other
    tables' foreign keys reference (has_related_foreign_keys)."""
    from harness.binlog.query import QueryEvent
    from harness.binlog.rows import RowsEvent, TableMapEvent
    catalog = getattr(getattr(thd, "server", None), "catalog", None)
    if catalog is None:
        return None
    maps: dict[int, Any] = {}
    keys: set[tuple[Any, ...]] = set()
    missing = rows = False
    excluded = getattr(getattr(thd, "trx_log", None), "writeset_excluded", None) or ()
    for e in body:
        if id(e) in excluded:
            continue  # rows a ROLLBACK TO took out of the writeset (transaction._rollback_writeset)
        if isinstance(e, QueryEvent):
            if not _TRX_CONTROL.match(e.query):
                return None  # a statement logged as text: no writeset for it
            continue
        if int(e.header.type_code) in _STATEMENT_EVENTS:
            return None
        if isinstance(e, TableMapEvent):
            maps[e.table_id] = e
            continue
        if not isinstance(e, RowsEvent):
            continue
        rows = True
        tm = maps.get(e.table_id)
        if tm is None:
            return None
        t = catalog.get_table(tm.database, tm.table)
        if t is None or e.rows is None:
            return None
        if catalog.referencing(t.db, t.name):
            # 9.7.4 observed: two INSERTs into a parent table each depend on the previous
            # transaction, and the history restarts at each
            return None
        unique = [k for k in t.keys if k.kind == "PRIMARY"
                  or (k.kind == "UNIQUE" and all(not t.columns[c].nullable for c in k.columns))]
        if not unique:
            # 9.7.4 observed: the transaction gets the commit-order parent, and the history
            # goes on (a later INSERT still depends on the DDL before it)
            missing = True
            continue
        nullable_unique = [k for k in t.keys if k.kind == "UNIQUE" and k not in unique]
        for bitmap, images in ((e.columns_present, [r.before for r in e.rows] if e.kind != "write" else []),
                               (e.columns_present_after if e.columns_present_after is not None
                                else e.columns_present, [r.after for r in e.rows] if e.kind != "delete" else [])):
            cols = [i for i in range(e.column_count) if bitmap >> i & 1]
            for img in images:
                if img is None:
                    continue
                vals = dict(zip(cols, img))
                for k in (*unique, *nullable_unique):
                    if all(c in vals and vals[c] is not None for c in k.columns):
                        keys.add((tm.database.lower(), tm.table.lower(), k.name,
                                  tuple(_key_value(vals[c]) for c in k.columns)))
                if not e.flags & _NO_FK_CHECKS_F:
                    _add_fk_keys(keys, t, vals)
    if not keys and not missing:
        # A group of table maps only (a map-only cache, EventStyle.map_only_written) adds no
        # key: the transaction's own writeset decides (_writeset_parent; 9.7.4 [bytes]
        # ddl_lock_tables R: under LOCK TABLES the statement cache's `BEGIN, Table_map n,
        # COMMIT` of an autocommit InnoDB INSERT takes the history's start, 4/10, and
        # keeps the history)
        return (set(), False) if maps and not rows else None
    return keys, missing


def _commit_order_parent(binlog: BinaryLog, thd: SessionView | None, seq: int) -> int:
    """Commit_order_trx_dependency_tracker: the commit parent the session stored
    (Transaction_ctx::last_committed, flush.note_statement_end / flush_stmt_cache), 0 when
    it was stored in an earlier file (the rotation's offset makes it SEQ_UNINIT); none
    stored -- a group without a prepare, or the second group of one commit -- the group
    before it (binlog_cache_data::flush: sequence_number - 1). Writing the group clears it."""
    caches = getattr(thd, "caches", None)
    stored = getattr(caches, "commit_parent", None)
    if caches is None or stored is None:
        return seq - 1
    caches.commit_parent = None
    file, parent = stored
    return parent if file == binlog.max_committed()[0] else 0


def _begin_thread_specific(thd: Any, body: list[Event], begin: GroupBegin | None) -> bool:
    """LOG_EVENT_THREAD_SPECIFIC_F on a BEGIN: thd->thread_specific_used when the group's first
    event was written. A first statement logged as a Query is written at its end, so the BEGIN
    has the Query's own flag (a multi-table DELETE's too, set by send_eof); one logged as rows
    writes its first row mid-statement, when only opening a temporary table has set it
    (9.7.4 [bytes]: ROW, `INSERT INTO nt SELECT ... FROM tmp`: BEGIN 0xc; a ROW multi-table
    DELETE: BEGIN 0x8, COMMIT 0xc; STATEMENT, `INSERT INTO tt ...` then CREATE TEMPORARY in
    the same transaction: BEGIN 0x8)."""
    from harness.binlog.query import QueryEvent
    from harness.binlog.rows import TableMapEvent
    first = next((e for e in body if isinstance(e, (QueryEvent, TableMapEvent))), None)
    if isinstance(first, QueryEvent):
        return bool(first.header.flags & HeaderFlag.THREAD_SPECIFIC) and first.query not in ("COMMIT", "ROLLBACK")
    if begin is not None:
        return begin.uses_temp
    return bool(getattr(thd.stmt_log, "uses_temp", False) or getattr(thd.stmt_log, "thread_specific_at_open", False))


def _boundary_updated_dbs(thd: Any, svs: list[StatusVar]) -> list[StatusVar]:
    """Q_UPDATED_DB_NAMES of a BEGIN, COMMIT or ROLLBACK: the databases of the statement that
    builds it (thd->binlog_accessed_db_names, which THD::cleanup_after_query clears after
    every statement). So the COMMIT of an autocommit MyISAM INSERT names `test` like the
    INSERT, a ROLLBACK or COMMIT *statement*'s end event names none, and neither does a
    group of a row-logged statement -- unless that statement's foreign keys made the SQL
    layer open another table: over max, in ROW too (9.7.4 [bytes]: ROLLBACK after
    `UPDATE nt, tt ...` has no code 12; `INSERT INTO c` (child) in ROW: BEGIN 12=over max)."""
    log = thd.stmt_log
    if getattr(log, "fk_tables", False) and _fk_related_statement(thd, getattr(thd.stmt, "text", "") or ""):
        return with_updated_dbs(svs, None)
    acc = getattr(log, "binlog_accessed_dbs", None)
    if acc is not None:
        return with_updated_dbs(svs, acc.value)
    if getattr(log, "dml_dbs", ()) and not getattr(thd.stmt, "row_format", False):
        return with_updated_dbs(svs, tuple(d.encode() for d in log.dml_dbs))
    return [sv for sv in svs if int(sv.code) != int(QS.Q_UPDATED_DB_NAMES)]


def _fk_related_statement(thd: Any, text: str) -> bool:
    """A DML statement whose table list holds a table a foreign key references: its accessed
    databases are "" (over max), as stmt/deprecations.py note_foreign_key_tables found when the
    statement opened its tables."""
    words = text.split(None, 1)
    return bool(words) and words[0].upper() in ("INSERT", "REPLACE", "UPDATE", "DELETE") \
        and bool(getattr(getattr(thd, "stmt_log", None), "fk_tables", False))


#: Rows_log_event's NO_FOREIGN_KEY_CHECKS_F: its rows were written under OPTION_NO_FOREIGN_KEY_CHECKS
_NO_FK_CHECKS_F = 2


def _add_fk_keys(keys: set[tuple[Any, ...]], t: Any, vals: dict[int, Any]) -> None:
    """add_pke's foreign-key part: the referenced parent key's values (two children of the
    same parent row conflict) -- only for a row written without OPTION_NO_FOREIGN_KEY_CHECKS
    (rpl_write_set_handler.cc add_pke; so not for foreign_key_checks=0, nor for a cascade's
    child rows, written under No_fk_checks_guard). 9.7.4 observed (fkp_flag_reads, ROW):
    `UPDATE c SET v = 6` of a child row under foreign_key_checks=0 after a transaction that
    deleted another child of the same parent: last_committed is the history's start, no
    conflict."""
    for fk in getattr(t, "foreign_keys", ()):
        idx = [t.col_index.get(c.lower()) for c in fk.columns]
        if any(i is None or vals.get(i) is None for i in idx):
            continue
        keys.add((fk.ref_db.lower(), fk.ref_table.lower(), "fk:" + ",".join(c.lower() for c in fk.ref_columns),
                  tuple(_key_value(vals[i]) for i in idx)))


def _mysql_collation(ctype: Any) -> int:
    """A character column's collation id as MySQL has it: binary 63; the SQL layer's
    utf8mb4 default (utf8mb4_general_ci, 45) is MySQL's utf8mb4_0900_ai_ci (255)."""
    if ctype.table_map_metadata_kind == "binary":
        return 63
    cs = int(getattr(ctype, "charset", 255))
    return 255 if cs == 45 else cs


class MySQLEvents(EventStyle):
    rows_header_len = 10
    # a keyless table's MINIMAL/NOBLOB images: before = every column, after = the mode's
    # (9.7.4 observed, fuzz seed 9801 cases 25, 87)
    images_full_without_pk = False
    # MYSQL_BIN_LOG::rollback: the trx cache is written, ended by ROLLBACK, only when
    # trx_cache.cannot_rollback() -- a non-transactional change or temporary-table DDL
    # was logged into it; a MyISAM statement that went out as its own group before the
    # transaction's first InnoDB change does not count (9.7.4 observed, every format:
    # `BEGIN; INSERT INTO m ...; INSERT INTO i ...; ROLLBACK` logs m's group only)
    rollback_by_cache_flag = True
    begin_with_first_event = True  # binlog_start_trans_and_stmt (cache.py: GroupBegin)
    # sql/binlog.cc THD::decide_logging_format: inside XID_STATE::XA_ACTIVE the statement is
    # BINLOG_STMT_UNSAFE_XA (9.7.4 observed: Note 1592 "... inside a XA transaction ...")
    xa_dml_unsafe = True
    # Item_func_get_system_var: explicit_defaults_for_timestamp is no variable the binlog carries
    # (9.7.4 observed: `INSERT INTO t VALUES (3, @@explicit_defaults_for_timestamp)` -> 1592 in
    # STATEMENT; @@unique_checks, @@foreign_key_checks, @@sql_auto_is_null, @@time_zone ... none)
    unsafe_sysvars = frozenset({"explicit_defaults_for_timestamp"})
    snapshot_registers_binlog = False  # no binlog_start_consistent_snapshot in MySQL
    # 9.7.4 observed (fw_user_var_fixed_without_rows): `UPDATE t SET c = @w WHERE <no row>`
    # logs no User_var, `... SET c = IF(id > 0, @set, @other)` logs @set only -- a variable
    # is logged when an Item_func_get_user_var is evaluated, not when it is fixed
    user_vars_logged_when_fixed = False
    trigger_flag = False  # no TM_BIT_HAS_TRIGGERS_F (MariaDB's): 9.7.4 [bytes] flags=1
    fk_table_map_flag = False  # 9.7: 0x2 on the Table_map of a foreign-key table (mysql_9_7)

    def table_map_extra_flags(self, thd: SessionView, table: TableView) -> int:
        """TM_REFERRED_FK_DB_F (0x2) on every Table_map of a statement whose table list holds a
        table a foreign key references (Table_map_log_event's constructor: the statement's one
        accessed database is ""; stmt/deprecations.py note_foreign_key_tables). 9.7.4 observed
        (fkp_flag_reads): `INSERT INTO x SELECT ... FROM p` maps x 0x3, `DELETE FROM c` maps c 0x1."""
        if not self.fk_table_map_flag:
            return 0
        return 2 if getattr(thd.stmt_log, "fk_tables", False) else 0

    def __init__(self, *, cascade_triggers_var: bool = False, rows_flags: int = 0,
                 single_update_map: bool = False, user_var_charset: int | None = None) -> None:
        self.user_var_numeric_charset = user_var_charset
        # MySQL 9.7 [bytes]: a single-table UPDATE sets thd->table_map_for_update too, so
        # its Query and its group's BEGIN carry Q_TABLE_MAP_FOR_UPDATE = 1 (MariaDB: only
        # multi-table UPDATE)
        self.single_update_map = single_update_map
        # MySQL 9.7: DML Query events carry @@enable_cascade_triggers (status var 21), and
        # every rows event USE_SQL_FOREIGN_KEY_F (foreign keys enforced by the SQL layer)
        self.cascade_triggers_var = cascade_triggers_var
        self.rows_flags = rows_flags

    def ddl_xid(self, requested: bool, *, ddl: bool, thread_specific: bool, thd: Any = None,
                text: str = "") -> bool:
        # Atomic DDL (8.0) is committed with an xid: Q_DDL_LOGGED_WITH_XID on CREATE DATABASE
        # and CREATE TABLE ([bytes] 8.0.18). 9.7.4 [bytes]: every DDL that commits a data
        # dictionary transaction (databases, InnoDB tables, views, routines, triggers), not
        # DDL on a non-transactional table (MyISAM CREATE/DROP) nor temporary tables.
        if thd is not None and thd.stmt_log.no_dd_commit:
            return False
        if text.startswith("DROP TABLE "):
            # a base-table drop: an xid for an atomic engine's group (the caller's
            # thread_specific is the header flag it asks for, not a temporary table)
            atomic = atomic_table_ddl(thd, text)
            # None: no DROP TABLE group of this name (DROP DATABASE's non-atomic tables): the caller's
            return requested if atomic is None else atomic
        if text[:13].upper() in ("DROP DATABASE", "DROP SCHEMA ", "CREATE DATABA", "CREATE SCHEMA"):
            # the caller knows: an existing database's drop commits the data dictionary
            # (9.7.4 observed: `DROP DATABASE d2 /* xid */`, with tables dropped), a
            # missing one's does not
            return requested
        if text[:8].upper() == "TRUNCATE" and _truncates_transactional_temporary(thd, text):
            # 9.7.4 observed: TRUNCATE of a temporary InnoDB table is `/* xid=N */`
            # (the engine's truncate runs in the statement's InnoDB transaction); MyISAM's: none
            return True
        # a base table's CREATE ... SELECT reading a temporary table is thread-specific but
        # commits the data dictionary all the same (9.7.4 observed: `CREATE TABLE t3
        # ENGINE=InnoDB SELECT id FROM tmp2 /* xid=21 */`)
        base_create = _BASE_CREATE.match(text) is not None
        if (thread_specific and not base_create) or text.split(" ", 1)[0].upper() in _NO_DDL_XID \
                or _TEMPORARY_DDL.match(text):
            return False  # temporary tables (9.7.4 [bytes]: CREATE TEMPORARY TABLE: none)
        if atomic_table_ddl(thd, text) is False:
            return False
        return requested or (ddl and (not thread_specific or base_create))

    def ddl_thread_specific(self, requested: bool, *, thd: Any = None, text: str = "") -> bool:
        # 9.7.4 [bytes]: `DROP TABLE t` (InnoDB) has 0x4 like MariaDB's, `DROP TABLE m` (MyISAM)
        # not -- unless the statement also dropped a temporary table (`DROP TABLE tn, x1, x2`:
        # both groups 0x4)
        # A group of missing tables only (`DROP TABLE IF EXISTS nosuch`) has 0x4 like the
        # InnoDB one (9.7.4 observed), so only a non-atomic table's group is checked
        if text.startswith("DROP TABLE ") and _drop_group_names(text) in _NONATOMIC_GROUPS:
            return _dropped_other_tables(thd)
        return requested

    def query_status_vars(self, thd: SessionView, *, text: str = "", xid: int | None = None, invoker: bool = False,
                          hrnow: bool = False, charset: tuple[int, int, int] | None = None,
                          updated_db: str | tuple[str, ...] | None = None, ddl: bool = False) -> list[StatusVar]:
        """MySQL 8.0's order (docs/RULES-mysql-8.0.md 3.1): DDL carries Q_DDL_LOGGED_WITH_XID (17)
        instead of MariaDB's Q_XID; CREATE/ALTER TABLE add SQL_REQUIRE_PRIMARY_KEY, CREATE/ALTER
        DATABASE add DEFAULT_TABLE_ENCRYPTION."""
        svs = self._query_status_vars(thd, text=text, xid=xid, invoker=invoker, hrnow=hrnow, charset=charset,
                                      updated_db=updated_db, ddl=ddl)
        if text and not ddl and getattr(thd.stmt_log, "fk_tables", False) and _fk_related_statement(thd, text):
            # a statement whose foreign keys opened another table: over max (stmt/deprecations.py)
            svs = with_updated_dbs(svs, None)
        if not text:
            svs = _boundary_updated_dbs(thd, svs)
        return svs

    def _query_status_vars(self, thd: SessionView, *, text: str, xid: int | None, invoker: bool, hrnow: bool,
                           charset: tuple[int, int, int] | None, updated_db: str | tuple[str, ...] | None,
                           ddl: bool) -> list[StatusVar]:
        from harness.binlog.query import mysql80_query_status_vars
        if charset is None:
            charset = thd.vars.charset_triple()
        words = text.split()[:3]
        head = " ".join(words[:2]).upper()
        if head == "CREATE TEMPORARY":  # 9.7.4 [bytes]: SQL_REQUIRE_PRIMARY_KEY on it too
            head = "CREATE TABLE"
        if words and words[0].upper() in _NO_UPDATED_DB or text.startswith(_DISCONNECT_DROP):
            updated_db = None  # 9.7.4 [bytes]: no UPDATED_DB_NAMES
        over_limit = updated_db is not None and _fk_related_statement(thd, text)
        svs = mysql80_query_status_vars(
            # MySQL's OPTIONS_WRITTEN_TO_BIN_LOG has no explicit_defaults_for_timestamp bit
            # (MariaDB 10.10+'s 1 << 24): 9.7.4 logs 0 for a default session
            flags2=thd.vars.flags2() & _MYSQL_FLAGS2, sql_mode=thd.vars.sql_mode_bits(), charset=charset,
            time_zone=str(thd.vars.get("time_zone")).encode() if thd.stmt_log.time_zone_used else None,
            table_map_for_update=thd.stmt_log.table_map_for_update or None,
            invoker=(thd.user.encode(), thd.definer_host.encode()) if invoker else None,
            updated_db_names=None if updated_db is None else (updated_db.encode(),) if isinstance(updated_db, str)
            else tuple(d.encode() for d in updated_db),
            # @@explicit_defaults_for_timestamp (ON) on CREATE/ALTER TABLE that defines a
            # TIMESTAMP column (statement_events.h; 9.7.4 [bytes])
            explicit_defaults_for_timestamp=1 if head in ("CREATE TABLE", "ALTER TABLE")
            and _TIMESTAMP_COLUMN.search(_LITERALS.sub("''", text)) else None,
            microseconds=thd.stmt.start.microsecond if hrnow or thd.stmt_log.hrnow_used else None,
            ddl_xid=xid,
            sql_require_primary_key=0 if head in ("CREATE TABLE", "ALTER TABLE") else None,
            default_table_encryption=0 if head in ("CREATE DATABASE", "CREATE SCHEMA", "ALTER DATABASE",
                                                   "ALTER SCHEMA") else None,
            enable_cascade_triggers=0 if self.cascade_triggers_var and logs_cascade_triggers(text) else None)
        # 9.7.4 observed, STATEMENT: an INSERT into a parent or a child table names its
        # databases "over the limit" (254), its group's BEGIN too (write_group)
        return with_updated_dbs(svs, None) if over_limit else svs

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
        ev = new_rows_v2_event(kind, tm, rows, timestamp=timestamp, server_id=server_id, stmt_end=stmt_end,
                               columns_present=columns_present, columns_present_after=columns_present_after,
                               flags=(1 if stmt_end else 0) | flags)
        ev.flags |= self.rows_flags
        return ev

    def table_map_optional_metadata(self, thd: SessionView, table: TableView) -> list[tuple[int, bytes]]:
        """binlog_row_metadata=MINIMAL: SIGNEDNESS for numeric columns, DEFAULT_CHARSET for
        character columns (docs/RULES-mysql-8.0.md 4.1)."""
        from harness.binlog.bytes_io import ByteWriter
        out: list[tuple[int, bytes]] = []
        # YEAR is numeric and UNSIGNED for MySQL (Field_year; 9.7.4 [bytes]: `types=3,...,13
        # opt1=0x40`)
        numeric = [c for c in table.columns
                   if c.type.table_map_metadata_kind == "numeric" or c.type.binlog_type == _T_YEAR]
        if numeric:
            bits = bytearray((len(numeric) + 7) // 8)
            for i, c in enumerate(numeric):
                if getattr(c.type, "unsigned", False) or c.type.binlog_type == _T_YEAR:
                    bits[i // 8] |= 0x80 >> (i % 8)
            out.append((int(OptionalMetadata.SIGNEDNESS), bytes(bits)))
        chars = [_mysql_collation(x.type) for x in table.columns
                 if x.type.table_map_metadata_kind in ("char", "binary")]
        if chars:
            w = ByteWriter()
            # DEFAULT_CHARSET (the most used collation, then (index, collation) for the other
            # columns) when more than half the character columns use that collation, else
            # COLUMN_CHARSET, one per column (init_charset_field; 9.7.4 [bytes]: [255,255,63]
            # -> DEFAULT 255 + (2, 63); [255,63], [8,255,63,255] and 4-of-12 -> COLUMN)
            most = max(set(chars), key=lambda c: (chars.count(c), -chars.index(c)))
            if chars.count(most) * 2 > len(chars):
                w.packed_int(most)
                for i, cs in enumerate(chars):
                    if cs != most:
                        w.packed_int(i)
                        w.packed_int(cs)
                out.append((int(OptionalMetadata.DEFAULT_CHARSET), w.getvalue()))
            else:
                for cs in chars:
                    w.packed_int(cs)
                out.append((int(OptionalMetadata.COLUMN_CHARSET), w.getvalue()))
        return out

    def annotate_event(self, thd: SessionView) -> Event | None:
        if not thd.vars.get("binlog_rows_query_log_events"):
            return None
        from harness.binlog.control import new_rows_query_event
        return new_rows_query_event(thd.stmt.text, timestamp=thd.stmt.timestamp, server_id=thd.server_id)


class MySQLGtid(GtidFraming):
    temp_begin = False  # 9.7: BEGIN flagged thread-specific after temporary-table use
    # 8.4+/9.7: dependency tracking is WRITESET (binlog_transaction_dependency_tracking is
    # gone): last_committed is the newest earlier transaction that wrote one of the same
    # unique-key values, not simply the previous one (9.7.4 [bytes]: `last_committed=3
    # sequence_number=5` for two ROW transactions on different rows after a DDL)
    writeset = False
    writeset_history: dict[tuple[Any, ...], int]
    writeset_history_start: int
    WRITESET_HISTORY_SIZE = 25000  # binlog_transaction_dependency_history_size default

    def _writeset_parent(self, thd: SessionView | None, body: list[Event], seq: int, commit_parent: int) -> int:
        """Writeset_trx_dependency_tracker::get_dependency: the commit parent from the
        transaction's writeset; a transaction without a usable writeset (DDL, statement
        format, a parent table of a foreign key) uses commit order and starts a new
        history; one that wrote a table without a primary or NOT NULL unique key uses
        commit order and keeps the history."""
        # Only a session logging in ROW format extracts writesets: in MIXED, a group of
        # rows is as a statement's -- commit order, and a new history (9.7.4 [bytes]: every
        # MIXED rows group of the corpus, ~600, has last_committed = sequence_number - 1;
        # fidseed_unsafe_functions_on_myisam: UUID()/USER() rows into a MyISAM table `4/5`, `5/6`)
        row_session = thd is not None and str(thd.vars.get("binlog_format")).upper() == "ROW"
        # a CREATE ... SELECT drops the writeset of what it commits (StmtLogState.writeset_dropped)
        dropped = thd is not None and thd.stmt_log.writeset_dropped
        got = _writeset(thd, body) if row_session and not dropped else None
        if got is not None and thd is not None:
            # Transaction_write_set_ctx is reset only when the transaction ends, and add_pke
            # fills it as each row is logged, whichever cache takes it: a group the statement
            # cache writes inside a transaction carries every key the transaction logged so
            # far -- earlier groups' and the rows waiting in the trx cache -- and the
            # transaction's own group all of them (9.7.4 [bytes] corpus mixing_trx_*: `BEGIN;
            # INSERT nt_1 (7,2) ...; INSERT nt_1 (7,4)` -- the second MyISAM group depends on
            # the first; ps_dml_and_transactions R: `BEGIN; UPDATE t ... id = 1; INSERT INTO m
            # SELECT ...` -- the MyISAM group depends on the INSERT of t's row 1, `4/6`)
            logged = _writeset(thd, list(thd.caches.trx_cache.events))
            keys = got[0] | (getattr(thd.trx_log, "writeset_keys", None) or set()) | \
                (logged[0] if logged else set())
            got = (keys, got[1] or bool(logged and logged[1]) or thd.trx_log.writeset_missing)
            thd.trx_log.writeset_keys = set(keys)
            # has_missing_keys stays set for the rest of the transaction too (9.7.4 [bytes]
            # conc_timeout_victim_with_myisam_writes R: a keyless MyISAM row's group, then
            # the transaction's InnoDB group takes its commit-order parent `5/6`)
            thd.trx_log.writeset_missing = got[1]
            if not got[0] and not got[1]:
                got = None  # nothing logged in the transaction either: as a DDL
        exceeds = False
        if got is not None:
            ws, missing = got
            hist = self.writeset_history
            exceeds = len(hist) + len(ws) > self.WRITESET_HISTORY_SIZE
            parent = self.writeset_history_start
            for k in ws:
                prev = hist.get(k)
                if prev is not None:
                    if parent < prev < seq:
                        parent = prev
                    hist[k] = seq
                elif not exceeds:
                    hist[k] = seq
            if not missing:  # has_missing_keys: the commit-order parent stands
                commit_parent = min(parent, commit_parent)
        if got is None or exceeds:
            self.writeset_history.clear()
            self.writeset_history_start = seq
        return commit_parent

    def __init__(self, events: EventStyle, gtid_mode: str = "OFF", server_uuid: str | None = None) -> None:
        self.writeset_history = {}
        self.writeset_history_start = 0
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
        return MysqlBinlogFileWriter(path, server_id=binlog.server_id, server_version=binlog.server_version,
                                     checksum_alg=binlog.checksum_alg)

    def write_header(self, binlog: BinaryLog, writer: Any, *, timestamp: int, create_timestamp: int | None,
                     rotated: bool) -> None:
        """FDE + Previous_gtids (= gtid_executed when the file opens), WL#7592 FR2."""
        writer.write_header_events(timestamp=timestamp, previous_gtids=binlog.gtid_executed_text(),
                                   create_timestamp=create_timestamp)
        binlog.sequence_number = 0
        binlog.last_committed = 0
        self.writeset_history.clear()
        # Transaction_dependency_tracker::rotate: m_writeset.rotate(1) -- after a rotation a
        # transaction's writeset parent is at least 1 (9.7.4 [bytes] seed004_event_sizes R:
        # binlog.000002 `0/1`, then `1/2`, `1/3` ... for new keys)
        self.writeset_history_start = 1 if rotated else 0

    def write_group(self, binlog: BinaryLog, events: list[Event], *, thd: SessionView | None, timestamp: int,
                    standalone: bool, transactional: bool, ddl: bool, extra_engines: bool,
                    xa_xid: Any = None, xa_completed: bool = False,
                    begin: GroupBegin | None = None) -> GroupWritten:
        """Gtid/Anonymous_Gtid [+ Query BEGIN] + body; transaction_length filled (section 2, 3)."""
        from harness.binlog.constants import EventType
        from harness.binlog.mysql_gtid import new_mysql_gtid_event
        from harness.binlog.query import new_mysql_query_event
        from harness.binlog.query import QueryEvent
        from harness.binlog.rows import RowsEvent, TableMapEvent
        from harness.binlog.xa import xid_text
        sid, gno, used_next = self._next_gtid(binlog, thd)
        if sid is not None and binlog.gtid_owned(sid, gno):
            # GTID_NEXT names a GTID already executed: the transaction is skipped silently.
            return GroupWritten(0, used_gtid_next=used_next)
        body = list(events)
        if not standalone:
            db = begin.database if begin is not None and begin.database is not None else (
                thd.db or "" if thd is not None else "")
            # The BEGIN was made with the group's first event, from the statement that wrote
            # it (cache.py: GroupBegin); a group written by the statement that filled
            # it (autocommit, a statement cache) takes that statement's status now.
            svs = begin.status_vars if begin is not None else (
                self.events.query_status_vars(thd) if thd is not None else None)
            # an XA branch's group opens with `XA START xid` in the BEGIN's place (9.7.4 [bytes]:
            # same flags 0x8 and status variables, Q_UPDATED_DB_NAMES in STATEMENT only)
            begin_text = "BEGIN" if xa_xid is None or xa_completed else f"XA START {xid_text(xa_xid)}"
            body.insert(0, new_mysql_query_event(
                begin_text, database=db, thread_id=thd.connection_id if thd is not None else 0,
                timestamp=timestamp, server_id=binlog.server_id, status_vars=svs, suppress_use=True,
                thread_specific=self.temp_begin and thd is not None and _begin_thread_specific(thd, body, begin)))
        may_have_sbr = any(
            # savepoints do not make a ROW transaction statement-based (9.7.4 [bytes]: rbr_only
            # with SAVEPOINT `s1` inside)
            (isinstance(e, QueryEvent) and not _TRX_CONTROL.match(e.query))
            or int(e.header.type_code) in (int(EventType.INTVAR_EVENT), int(EventType.RAND_EVENT),
                                           int(EventType.USER_VAR_EVENT))
            for e in body) or not any(isinstance(e, (RowsEvent, TableMapEvent)) for e in body)
        # binlog_cache_data::may_have_sbr_stmts: `flags.with_sbr || !flags.with_rbr` -- a group
        # without a row-based event may have statements too (9.7.4 [bytes]: a lone `XA COMMIT`
        # in ROW, `Begin_load_query` + `Delete_file` in STATEMENT: gtid_flags 1)
        binlog.sequence_number += 1
        seq = binlog.sequence_number
        last_committed = _commit_order_parent(binlog, thd, seq)
        if self.writeset:
            last_committed = self._writeset_parent(thd, body, seq, last_committed)
        gtid = new_mysql_gtid_event(
            timestamp=timestamp, server_id=binlog.server_id, server_uuid=sid, gno=gno if sid else 0,
            last_committed=last_committed, sequence_number=seq,
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
        # thd->thread_specific_used: dropping a replaced table, or opening a temporary source
        # (open_temporary_table), makes the generated CREATE thread-specific, and so the
        # BEGIN written with it (9.7.4 observed: `CREATE TABLE c9 ENGINE=MyISAM SELECT * FROM
        # tmp` in ROW: CREATE 0x4, BEGIN 0xc)
        thread_specific = thread_specific or bool(thd.stmt_log.thread_specific)
        if t.engine.xa_capable:
            text = _start_transaction_text(create_text)
            # 9.7.4 [bytes]: neither Q_DDL_LOGGED_WITH_XID (the group's Xid commits it; SHOW
            # BINLOG EVENTS shows no `/* xid=N */`) nor Q_UPDATED_DB_NAMES (the Query is 16
            # bytes shorter than with both; its BEGIN has none either)
            create = new_query_event(text, database=thd.db or "", thread_id=thd.connection_id, timestamp=ts,
                                     server_id=thd.server_id, thread_specific=thread_specific,
                                     status_vars=thd.query_status_vars(xid=None, text=text, updated_db=None))
            events = [create, *cache.events,
                      new_xid_event(binlog.allocate_xid(), timestamp=ts, server_id=thd.server_id)]
            binlog.write_group(events, thd=thd, timestamp=ts, ddl=True)
            return
        # 9.7.4 observed: the CREATE of a MyISAM table has no Q_DDL_LOGGED_WITH_XID (no data
        # dictionary transaction of its own to commit), as a plain CREATE TABLE ... ENGINE=MyISAM,
        # and, as the InnoDB one's, no Q_UPDATED_DB_NAMES (fidlog_create_temporary_select_below_rr_unsafe)
        xid = thd.flavor.events.ddl_xid(True, ddl=True, thread_specific=thread_specific, thd=thd, text=create_text)
        create = new_query_event(create_text, database=thd.db or "", thread_id=thd.connection_id, timestamp=ts,
                                 server_id=thd.server_id, thread_specific=thread_specific,
                                 status_vars=thd.query_status_vars(
                                     xid=binlog.allocate_xid() if xid else None, text=create_text,
                                     updated_db=None))
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
    # sql_table.cc mysql_create_table: the 1050 note of IF NOT EXISTS leaves the statement to be
    # written like a created table's, with no data-dictionary commit (9.7.4 observed:
    # mtr_create_if_not_exists, every format; sql_table.create_existing_table)
    create_existing_table_logged = True
    # 9.7.4 observed (fidseed_sql_log_bin_in_trx S): `SET sql_log_bin = 0; CREATE TEMPORARY
    # TABLE tmp ...; SET sql_log_bin = 1; DROP TEMPORARY TABLE tmp` logs no DROP
    temp_drop_follows_create_logging = True
    # 8.0.4+ logs no temporary table in MIXED, so nothing needs rows to stick: a statement
    # that touches a temporary table is rows, the next one that does not is a statement
    # again (9.7.4 observed: MIXED, after `INSERT INTO i SELECT ... FROM tt` (rows),
    # `INSERT INTO i VALUES (3)` is a Query)
    mixed_row_sticks_with_temp_tables = False
    # mysql_rm_table_no_locks logs the base tables' groups first, then the temporary ones
    # (9.7.4 observed, STATEMENT: `DROP TABLE i2, m2, tt, ti` logs m2, i2, tt, ti)
    temporary_drops_first = False
    # sql_table.cc mysql_rm_table_no_locks: `!drop_ctx.if_exists && has_base_nonexistent_tables()`
    # -> ER_BAD_TABLE_ERROR before any table is dropped (9.7.4 [bytes] mtr_drop_table_comments_and_errors:
    # after `DROP TABLE t10, t20, t3` t3 still exists)
    drop_missing_fails_first = True
    # close_temporary_tables (sql/sql_base.cc) builds two DROPs per database, the
    # transactional tables' first (s_query_trans, s_query_non_trans); 9.7.4 observed:
    # `DROP ... `tmp3`,`tmp1`` (InnoDB) then `DROP ... `tmp4`,`tmp2`` (MyISAM)
    disconnect_drop_by_transactional = True
    # 9.7.4 observed: below REPEATABLE READ, CREATE TABLE m ENGINE=MyISAM SELECT FROM an InnoDB
    # table is MIXED_STATEMENT unsafe (1592 in STATEMENT, rows in MIXED)
    created_table_counts_below_rr = True
    drop_missing_db_xid = False  # 9.7.4 observed: `DROP DATABASE IF EXISTS d3` (missing): no xid
    drop_db_logs_nonatomic = True
    # 9.7.4 observed: `DROP DATABASE d1` (with InnoDB and MyISAM tables) has flags 0x8 only
    drop_db_thread_specific = False
    # 9.7.4 probed (stmt/sql_event_mysql.py): `CREATE EVENT d2.ea ...` under USE test
    # 12=(d2) /* xid */; CREATE EVENT IF NOT EXISTS of an existing one: no xid; an event due
    # at its CREATE runs at once (event_scheduler ON, the server's default)
    event_ddl_in_dictionary = True
    event_scheduler_modelled = True
    # 9.7.4 observed: `CREATE DATABASE IF NOT EXISTS test` (existing) has no /* xid */
    create_db_xid_when_created = True
    # 9.7.4 observed: `DROP TABLE /* comment */ t1` logs `DROP TABLE `t1` /* generated by
    # server */` (Drop_tables_query_builder writes the names only)
    drop_keeps_comment = False
    # 9.7.4 observed: `DROP PROCEDURE IF EXISTS d.p` (missing) has neither /* xid */ nor
    # Q_UPDATED_DB_NAMES; an existing one's names the routine's database (12=(d) under USE test):
    # sp_drop_routine / drop_trigger add the object's database, a missing one changes nothing
    missing_drop_commits = False
    # THD::cleanup rolls the transaction back (its cache written with ROLLBACK when it cannot
    # be undone), then close_temporary_tables logs the DROP (9.7.4 observed, STATEMENT:
    # BEGIN, CREATE TEMPORARY ..., ROLLBACK, then DROP /*!40005 TEMPORARY */ TABLE IF EXISTS)
    disconnect_drops_temp_first = False

    def drop_table_groups(self, items: list[tuple[Any, Any]]) -> list[list[tuple[Any, Any]]]:
        """WL#7592 (seed 004): temporary / non-temporary and transactional / non-transactional
        tables are each their own statement with their own GTID. The caller splits temporary
        from base tables; non-transactional go first [unverified order]. A table that did not
        exist (IF EXISTS) goes with the transactional ones (the DD is transactional)."""
        # mysql_rm_table_no_locks drops (and logs) each non-atomic table on its own, in the
        # order named (9.7.4 observed: `DROP TABLE i1, m1, i2, m2` logs m1, m2, then i1,i2)
        nontrans = [x for x in items if x[1] is not None and not x[1].transactional]
        # the dropped InnoDB tables, then the missing ones (9.7.4 observed: `DROP TABLE IF
        # EXISTS nosuch, i` logs `i`,`nosuch`)
        trans = [x for x in items if x[1] is not None and x[1].transactional] + \
            [x for x in items if x[1] is None]
        _LAST_DROP_BASE.clear()
        _LAST_DROP_BASE.update(n.name.lower() for n, _t in items)
        groups = [[x] for x in nontrans] + ([trans] if trans else [])
        for group in groups:
            if len(_DROP_GROUPS) > 256:
                _DROP_GROUPS.clear()
                _NONATOMIC_GROUPS.clear()
            names = tuple(n.name for n, _t in group)
            # a group of missing tables only commits no data-dictionary change: no xid
            # (9.7.4 observed: `DROP TABLE IF EXISTS nosuch2` has no /* xid */)
            _DROP_GROUPS[names] = group is trans and any(t is not None for _n, t in group)
            if group is not trans:
                _NONATOMIC_GROUPS.add(names)
            else:
                _NONATOMIC_GROUPS.discard(names)
        return groups


# 8.0.19+ SHOW CREATE TABLE prints no display width for the integer types (but TINYINT(1)
# and ZEROFILL columns) nor YEAR(4) (9.7.4 [bytes]: `int NOT NULL` in a CREATE ... SELECT)
_INT_WIDTH = re.compile(r"\b(tinyint|smallint|mediumint|int|bigint|year)\((\d+)\)(?! unsigned zerofill| zerofill)")


def _start_transaction_text(create_text: str) -> str:
    """What an atomic CREATE ... SELECT logs (Query_result_create::binlog_show_create_table,
    8.0.21+): SHOW CREATE TABLE's text with ``START TRANSACTION`` right after the column
    list, before the table options the statement named (9.7.4 [bytes]: ``) START
    TRANSACTION ENGINE=InnoDB``)."""
    text = _INT_WIDTH.sub(lambda m: m.group(0) if m.group(1) == "tinyint" and m.group(2) == "1"
                          else m.group(1), create_text)
    head, sep, tail = text.rpartition("\n)")
    return f"{head}{sep} START TRANSACTION{tail}" if sep else text + " START TRANSACTION"


def _version_number(v: str) -> int:
    from harness.binlog.mysql_gtid import server_version_number
    return server_version_number(v)


def mysql_9_7(gtid_mode: str = "OFF", server_uuid: str | None = None) -> Flavor:
    """MySQL 9.7 LTS (Debian sid 9.7.4-2): 8.0's layout plus the policies of
    docs/RULES-mysql-9.7.md."""
    from harness.binlog.constants import RowsFlag
    from harness.binlog.fde import MYSQL_9_7_SERVER_VERSION
    events = MySQLEvents(cascade_triggers_var=True, rows_flags=int(RowsFlag.USE_SQL_FOREIGN_KEY_F),
                         single_update_map=True, user_var_charset=255)
    events.fk_table_map_flag = True
    events.map_only_written = True  # a map-only cache is a group (9.7.4 [bytes]; flush._maps_only)
    # sql_class.cc THD::binlog_query: "If we are in prelocked mode, the flushing will be done
    # inside the top-most close_thread_tables()", which returns early under LOCK TABLES
    # (9.7.4 probed, mtr_lock_tables_trigger_tables: the trigger table's Write_rows kept pending)
    events.prelocked_rows_kept = True
    # 9.7.4 probed (fw_mixed_late_row_switch_after_image M, fid_insert_select_odku_unsafe M):
    # `INSERT INTO t1 (u, a) VALUES (7, 5) ON DUPLICATE KEY UPDATE a = 99` in MIXED logs the full
    # row (id, u, a, b = NULL); BINLOG_STMT_UNSAFE_INSERT_TWO_KEYS is set in
    # THD::decide_logging_format (sql_class.cc), before the columns are marked
    events.two_keys_found_late = False
    # Table_map_log_event: m_null_bits from Field::is_nullable(), the column's own NULL flag (an
    # outer join's inner table is TABLE::is_nullable(), not its fields'); 9.7.4 [bytes]
    # multi_update_outer_join_nullable: t2 (id, b, c all NOT NULL) null bits 0x0, not 0x7
    events.outer_join_null_bits = False
    events.stmt_cache_own_group = True  # each cache its own transaction (flush.commit_trx_cache)
    gtid = MySQLGtid(events, gtid_mode, server_uuid)
    gtid.temp_begin = True
    gtid.writeset = True
    from harness.model.flavors.mysql_sql import MySQLSql
    return Flavor(name="mysql-9.7", server_version=MYSQL_9_7_SERVER_VERSION, errors=MySQLErrors("Note", double_spaces=True),
                  events=events, gtid=gtid, ddl=MySQLDdl(),
                  handshake=Handshake(version_prefix="", charset=255, auth_plugin="caching_sha2_password",
                                      tls=True), sql=MySQLSql())


def mysql_8_0(gtid_mode: str = "OFF", server_uuid: str | None = None) -> Flavor:
    from harness.binlog.fde import MYSQL_8_0_SERVER_VERSION
    events = MySQLEvents()
    return Flavor(name="mysql-8.0", server_version=MYSQL_8_0_SERVER_VERSION, errors=MySQLErrors(),
                  events=events, gtid=MySQLGtid(events, gtid_mode, server_uuid), ddl=MySQLDdl(),
                  handshake=Handshake(version_prefix="", charset=255))  # utf8mb4_0900_ai_ci
