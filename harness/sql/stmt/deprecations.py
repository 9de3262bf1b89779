"""MySQL's deprecation warnings that MariaDB does not give (docs/RULES-mysql-9.7.md 7).

**1287, user variables set in expressions** (8.0.13+, sql_yacc.yy: a warning per ``@v := expr``
the parser reads outside ``SET``'s own assignment; ``SELECT ... INTO @v`` is the alternative
and gives none), raised before the statement runs.

**6414, a transaction that writes two storage engines.** Observed on 9.7.4 (docs/RULES-mysql-9.7.md 7, "engine mix"): when a statement write-locks a
table whose engine differs from the engine of the first table the transaction (or the
autocommitted statement) wrote, the statement gets, before anything it raises itself,

    Warning 6414 Combining the storage engines NEW and FIRST is deprecated, but the statement
    or transaction updates both the NEW table db.new and the FIRST table db.first.

once per transaction. A table counts when the statement opens it for write (its triggers'
tables and the tables of a multi-table UPDATE/DELETE in their order), whether or not a row
changes and whether or not the statement then fails; a table only read does not count.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from harness.model.query import table_dbs
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import Note

if TYPE_CHECKING:
    from harness.sql.thd import Thd

WARNED = ("", "")  # the transaction already got its warning


def statement_start(thd: Thd, info: Any, stmt: Any = None) -> None:
    """What MySQL's SQL layer notes when a DML statement has opened its tables."""
    warn_engine_mix(thd, info, stmt)
    note_foreign_key_tables(thd, info)
    # decide_logging_format collects the databases of the opened tables (for a statement
    # not logged as rows): a BEGIN or ROLLBACK this statement builds names them even when
    # the statement itself fails (9.7.4 [bytes]: a deadlock victim's ROLLBACK 12=(test))
    thd.stmt_log.dml_dbs = table_dbs(info)


def note_foreign_key_tables(thd: Thd, info: Any) -> None:
    """MySQL 9.7 with SQL-layer foreign keys: decide_logging_format leaves the statement's
    accessed-database list as the one name "" (sequential on a multi-threaded replica) when a
    table of its table list -- read or written, a trigger's or function's, or one its foreign
    key checks opened (prelock._fk_checked_tables: none under foreign_key_checks=0) -- is a
    table a foreign key references. Its Query and its group's BEGIN then log
    Q_UPDATED_DB_NAMES as OVER_MAX_DBS_IN_EVENT_MTS (254), in ROW format too, and each of its
    Table_maps TM_REFERRED_FK_DB_F (0x2; Table_map_log_event's constructor: one accessed db,
    named ""). 9.7.4 observed (fkp_flag_reads): `INSERT INTO x SELECT ... FROM p` and `UPDATE x
    JOIN p` with p referenced, `UPDATE c SET v = 5` of a child (its parent opened for the
    check), an INSERT whose trigger inserts into a child: over max and maps 0x3; `INSERT INTO x
    SELECT ... FROM c`, `DELETE FROM c`, and the child's UPDATE under foreign_key_checks=0:
    `12=(test)` and maps 0x1."""
    if not thd.server.flavor.sql.fk_over_max_dbs:
        return
    found = any(not u.table.temporary and thd.catalog.referencing(u.table.db, u.table.name) for u in info.uses)
    thd.stmt_log.fk_tables = found  # each statement of a routine its own (decide_logging_format)
    thd.trx_log.fk_tables = thd.trx_log.fk_tables or found


def warn_engine_mix(thd: Thd, info: Any, stmt: Any = None) -> None:
    """THD::check_and_emit_warning_for_non_composable_engines, which decide_logging_format runs
    first, in every binlog format: it walks the table list (Table_ref::next_global: the
    statement's own tables in the order it names them, then what its triggers and functions
    prelock) and **returns** at the first placeholder (a view, a derived table) or the first
    table not locked for write; each write-locked table's engine goes to the transaction's
    Engine_combination_tracker, which warns once for an engine other than the first it saw
    (MyISAM with MRG_MYISAM, InnoDB with BLACKHOLE excepted). 9.7.4 probed: `UPDATE t a, m b
    SET b.c = 9` (t only read) none; `INSERT INTO t SELECT ... f_m() FROM t2` none, `INSERT
    INTO t VALUES (1, f_m())` 6414 naming the function's MyISAM table; `INSERT INTO vm` (a
    view) counts nothing; BLACKHOLE then MyISAM warns naming BLACKHOLE."""
    if not thd.server.flavor.sql.engine_mix_warning:
        return
    first = thd.trx.engine_mix
    thd.trx.engine_mix_before = (first, thd.trx.engine_mix_trans)
    if first is None:
        thd.trx.engine_mix_groups = thd.server.binlog.seq_no
    # a transactional table the statement only reads still registers its engine, whose
    # statement end then clears the state (9.7.4 [bytes]: `UPDATE m, s ... => 1048` with s
    # InnoDB leaves nothing for the next statement) -- a temporary InnoDB table too (9.7.4
    # probed, fuzz seed 64101: `INSERT IGNORE INTO tmp3 SELECT ... FROM tmp2` into a temporary
    # MyISAM table from an empty temporary InnoDB one, then `DELETE FROM t1`: no 6414); and so
    # does every table it writes, wherever the walk below stops. BLACKHOLE registers in no
    # transaction (9.7.4 [bytes], BLACKHOLE with InnoDB)
    thd.trx.engine_mix_trans = thd.trx.engine_mix_trans or any(
        u.table.engine.transactional and not u.table.engine.blackhole for u in info.uses)
    order = info.table_list() if hasattr(info, "table_list") else None
    if order is None:  # a list built by hand (LOCK TABLES, CREATE ... SELECT): its writes
        order = [(u.table, True) for u in info.uses if u.write]
    for t, write in order:
        if t is None or not write:
            break  # a placeholder, or a table not opened for write: the walk returns
        if first is WARNED:
            break
        engine, name = str(t.engine.name), f"{t.db}.{t.name}"
        if first is None:
            first = (engine, name)
        elif not _composable(engine, first[0]):
            thd.notes.append(Note("Warning", 6414, (
                f"Combining the storage engines {engine} and {first[0]} is deprecated, but the statement or "
                f"transaction updates both the {engine} table {name} and the {first[0]} table {first[1]}.")))
            first = WARNED
    thd.trx.engine_mix = first


def _composable(engine: str, known: str) -> bool:
    """Engine_combination_tracker::check_engine: the same engine, MyISAM with MRG_MYISAM, or
    InnoDB with BLACKHOLE (sql/engine_combination_tracker.cc)."""
    pair = {engine.upper(), known.upper()}
    return len(pair) == 1 or pair in ({"MYISAM", "MRG_MYISAM"}, {"INNODB", "BLACKHOLE"})


def end_engine_mix(thd: Thd, keep_one_shot: bool) -> None:
    """trans_commit_implicit (not BEGIN / XA START, ``keep_one_shot``) ends the first engine an
    autocommitted statement left for 6414 (engine_mix_kept), even with nothing to commit (9.7.4
    probed: a MyISAM DELETE of no row, then CREATE INDEX / CREATE TABLE / TRUNCATE, then an InnoDB
    INSERT: no 6414; BEGIN keeps it)."""
    if not keep_one_shot:
        thd.trx.engine_mix = None


def engine_mix_kept(thd: Thd) -> tuple[str, str] | None:
    """What the next transaction starts from when this one ends: nothing, unless it wrote only
    non-transactional tables and changed no row -- no engine committed or rolled back, no
    binlog write (9.7.4 [bytes]: `DELETE FROM m WHERE a = 99` in ROW or a MyISAM INSERT failing
    on its first row, then `INSERT INTO t` warns 6414 naming m; a MyISAM INSERT that wrote
    a row, a MyISAM UPDATE of no row logged in STATEMENT, or a failed InnoDB statement, leaves
    nothing)."""
    trx = getattr(thd, "trx", None)
    if trx is None or trx.engine_mix is None or trx.engine_mix_trans:
        return None
    if thd.server.binlog.seq_no != trx.engine_mix_groups:
        return None  # it wrote a group to the binlog (a MyISAM statement logged as a statement)
    log = getattr(thd, "trx_log", None)
    if getattr(thd.stmt, "ignored_nontrans", False) and not thd.stmt.rows_changed \
            and not thd.in_multi_stmt_transaction_mode():
        # only ignored rows marked the table modified (sql_insert._note_ignored_row): no
        # row was written, the mix is kept (9.7.4 observed, fuzz seed 97231 case 9)
        return trx.engine_mix
    if thd.stmt.changed_nontrans or (log is not None and log.nontrans_modified):
        return None
    if thd.in_multi_stmt_transaction_mode():
        # only an autocommitted statement leaves it: a COMMIT or ROLLBACK ends it (9.7.4 probed:
        # `BEGIN; DELETE FROM m WHERE a = 99; COMMIT` (or ROLLBACK), then `INSERT INTO t`: no 6414;
        # autocommit=0, `INSERT INTO t2` (temporary MyISAM), ROLLBACK, then `CREATE TEMPORARY TABLE
        # t3 SELECT * FROM ti`: none), while an autocommitted temporary MyISAM write keeps it
        # (`INSERT INTO tmp5 VALUES (1)`, then an InnoDB INSERT: 6414)
        return None
    return trx.engine_mix


_ASSIGN_DEPRECATED = ("Setting user variables within expressions is deprecated and will be removed in a future "
                      "release. Consider alternatives: 'SET variable=expression, ...', or 'SELECT expression(s) "
                      "INTO variables(s)'.")


_VALUES_DEPRECATED = ("'VALUES function' is deprecated and will be removed in a future release. Please use an "
                      "alias (INSERT INTO ... VALUES (...) AS alias) and replace VALUES(col) in the ON DUPLICATE "
                      "KEY UPDATE clause with alias.col instead")


_INTEGERS = frozenset(("TINYINT", "SMALLINT", "MEDIUMINT", "INT", "INTEGER", "BIGINT"))
_WIDTH = "Integer display width is deprecated and will be removed in a future release."
_ZEROFILL = ("The ZEROFILL attribute is deprecated and will be removed in a future release. Use the LPAD function "
             "to zero-pad numbers, or store the formatted numbers in a CHAR column.")
_DIGITS = ("Specifying number of digits for floating point data types is deprecated and will be removed in a "
           "future release.")
_UNSIGNED = ("UNSIGNED for decimal and floating point data types is deprecated and support for it will be removed "
             "in a future release.")


def _column_deprecations(c: A.ColumnDef, out: list[tuple[int, str]]) -> None:
    """A column type's deprecation warnings (9.7.4 [bytes]: `INT(11)`, `TINYINT(4) UNSIGNED`: the
    width (`TINYINT(1)` too; `BOOL` none); `INT(5) ZEROFILL`: ZEROFILL, then the width; `YEAR(4)`:
    1287; `DOUBLE(10,2)`, `FLOAT(7,3)`: the digits; `DECIMAL(5,2) UNSIGNED`: UNSIGNED)."""
    t = c.type_name.upper()
    if c.zerofill:
        out.append((1681, _ZEROFILL))
    if t in _INTEGERS and c.args:
        out.append((1681, _WIDTH))
    elif t == "YEAR" and c.args:
        out.append((1287, f"'YEAR({c.args[0]})' is deprecated and will be removed in a future release. "
                          "Please use YEAR instead"))
    elif t in ("FLOAT", "DOUBLE", "REAL") and len(c.args) == 2:
        out.append((1681, _DIGITS))
    if c.unsigned and t in ("DECIMAL", "DEC", "NUMERIC", "FIXED", "FLOAT", "DOUBLE", "REAL"):
        out.append((1681, _UNSIGNED))
    if (c.charset or "").lower() == "utf8mb3":
        # the parser's charset name (8.0.28+; 9.7.4 [bytes] types_strings_nonstrict: `VARCHAR(4)
        # CHARSET utf8mb3`)
        out.append((1287, "'utf8mb3' is deprecated and will be removed in a future release. Please use utf8mb4 "
                          "instead"))


# 8.0.17 deprecations (9.7.4 observed, both 1287): the parser's, so before any condition the
# statement raises when it runs (`INSERT ... SELECT ... WHERE FOUND_ROWS() >= 0`: before 6414)
_CALC_FOUND_ROWS = ("SQL_CALC_FOUND_ROWS is deprecated and will be removed in a future release. Consider using "
                    "two separate queries instead.")
_FOUND_ROWS = "FOUND_ROWS() is deprecated and will be removed in a future release. Consider using COUNT(*) instead."


def _deprecated(x: Any, out: list[tuple[int, str]]) -> None:
    """The parser's deprecation warnings for ``x``, in the order it reads them."""
    if getattr(x, "sql_no_cache", False) is True:
        # sql_yacc.yy select_option SQL_NO_CACHE_SYM: push_deprecated_warn_no_replacement (9.7.4
        # probed: `SELECT /*!40001 SQL_NO_CACHE */ a FROM t` -> 1681)
        out.append((1681, "'SQL_NO_CACHE' is deprecated and will be removed in a future release."))
    if getattr(x, "calc_found_rows", False) is True:
        out.append((1287, _CALC_FOUND_ROWS))  # SELECT's option, read before its select list
    if isinstance(x, A.FuncCall) and x.name == "FOUND_ROWS":
        out.append((1287, _FOUND_ROWS))
    elif isinstance(x, A.Assign):
        out.append((1287, _ASSIGN_DEPRECATED))
    elif isinstance(x, A.FuncCall) and x.name in ("VALUES", "VALUE"):
        out.append((1287, _VALUES_DEPRECATED))
    elif isinstance(x, A.ColumnDef):
        _column_deprecations(x, out)
    if isinstance(x, (list, tuple)):
        for v in x:
            _deprecated(v, out)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.name != "text":
                _deprecated(getattr(x, f.name), out)


def warn_assignments(thd: Thd, stmt: A.Statement) -> None:
    """The parser's deprecation warnings of the client's statement (its routine bodies included:
    they are parsed with it): 1287 for each ``@v := expr`` and each ``VALUES(col)`` (8.0.20: in
    ON DUPLICATE KEY UPDATE, deprecated for the row alias), SQL_CALC_FOUND_ROWS and FOUND_ROWS()
    (8.0.17); 1681/1287 for a column type's
    display width, ZEROFILL, YEAR(4), float digits, decimal UNSIGNED (8.0.17)."""
    text = stmt.text or ""
    if not thd.server.flavor.sql.assign_in_expr_deprecated or stmt.text != thd.stmt.text \
            or (":=" not in text and "DUPLICATE" not in text.upper() and "FOUND_ROWS" not in text.upper()
                and "SQL_NO_CACHE" not in text.upper()
                and not isinstance(stmt, (A.CreateTable, A.AlterTable))):
        return
    if getattr(thd, "prepared_execution", False):
        return  # parsed at COM_STMT_PREPARE: its warnings went there (9.7.4 probed: ps_dml_* EXECUTE, none)
    found: list[tuple[int, str]] = []
    _deprecated(stmt, found)
    thd.notes.extend(Note("Warning", code, m) for code, m in found)


def legacy_syntax(thd: Thd, stmt: A.Statement) -> A.Statement:
    """What MySQL's parser converts or deprecates in a client's statement, before it runs:
    INSERT/REPLACE DELAYED runs as a plain INSERT/REPLACE with Warning 3005
    (ER_WARN_LEGACY_SYNTAX_CONVERTED, 5.6 removed delayed inserts: no delayed-insert thread, no
    1592), FLUSH PRIVILEGES warns 1681 (9.2's deprecation) -- 9.7.4 probed. The statement to run
    (a copy: the parsed tree may be shared by later executions of the same text)."""
    if not thd.server.flavor.sql.mysql_legacy_syntax or stmt.text != thd.stmt.text:
        return stmt
    if isinstance(stmt, A.Insert) and stmt.delayed:
        verb = "REPLACE" if stmt.replace else "INSERT"
        if not getattr(thd, "prepared_execution", False):
            thd.notes.append(Note("Warning", 3005, f"{verb} DELAYED is no longer supported. The statement was "
                                                   f"converted to {verb}."))
        return dataclasses.replace(stmt, delayed=False)
    if isinstance(stmt, A.Flush) and "PRIVILEGES" in stmt.options and not getattr(thd, "prepared_execution", False):
        thd.notes.append(Note("Warning", 1681, "'FLUSH PRIVILEGES' is deprecated and will be removed in a "
                                               "future release."))
    return stmt


# Errors of the statement's preparation (name resolution): MySQL raises them before it locks
# the tables, so no 6414 precedes them (9.7.4 [bytes]: `UPDATE t1 a, t3 b SET b.id = 1` -> 1054 alone)
PREPARE_ERRORS = frozenset({1052, 1054})


# VALUES(col)'s 1287 is pushed when the ON DUPLICATE KEY UPDATE clause is resolved, after the
# INSERT opened its table (1146), resolved its columns (1054, 1052) and checked a view (1471, 1348):
# a statement failing there lists its error alone (9.7.4 probed: `INSERT INTO ve ... ON DUPLICATE
# KEY UPDATE b = VALUES(b)` on a non-insertable view -> 1471; `... = VALUES(nosuch)` -> 1054)
VALUES_RESOLVED_AFTER = PREPARE_ERRORS | {1146, 1471, 1348}


def drop_unresolved_values_warning(thd: Thd, code: int) -> None:
    """The statement failed before its VALUES(col) was resolved: no 1287 for it."""
    if code in VALUES_RESOLVED_AFTER:
        thd.notes[:] = [n for n in thd.notes if not (n.code == 1287 and n.message == _VALUES_DEPRECATED)]


def undo_engine_mix(thd: Thd) -> None:
    """The statement failed in its preparation: its 6414 and its tables are not counted."""
    before = getattr(thd.trx, "engine_mix_before", None)
    if before is not None:
        thd.trx.engine_mix, thd.trx.engine_mix_trans = before
    thd.notes[:] = [n for n in thd.notes if n.code != 6414]
