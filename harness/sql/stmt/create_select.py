"""CREATE TABLE ... SELECT: table definition from the select list, and its logging.

Seed 002 (R-log-create-select-*) as MariaDB 10.11 applies it
(docs/RULES-mariadb-10.11.md 5.3):

* statement format: the original text, written directly as a DDL group
  (with an Intvar INSERT_ID when an AUTO_INCREMENT column was filled);
  TEMPORARY: the same, thread-specific; inside a transaction it is cached.
* row format: ONE group, ``BEGIN GTID`` (PARALLEL|DDL, not standalone) + a
  server-generated ``CREATE TABLE`` without the SELECT + Annotate_rows +
  Table_map + rows + Xid (or COMMIT); TEMPORARY: nothing at all.
* an error: nothing is logged and the new table is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from harness.sql.handler.autoinc import AutoIncrement
from harness.sql.handler.storage import registers_without_2pc
from harness.sql.item.field import Column
from harness.sql.handler.catalog import Key, TableDef, add_table_keys, build_table
from harness.sql.stmt.context import ExecContext
from harness.sql.sql_errors import Note, ServerError, error, note
from harness.sql.stmt.executor import Executor
from harness.sql.stmt.sql_result import ResultColumn, SelectResult
from harness.sql.stmt.fill_record import dup_entry_error, raise_new_warnings
from harness.sql.item.item_types import ItemTyper
from harness.sql.handler.prelock import analyze
from harness.sql.handler.storage import DuplicateKey, engine_by_name
from harness.sql.item.column_types import BinaryType, DecimalType, EnumType, FloatType, IntType, StringType, make_type, value_to_string
from harness.sql.item.column_types import ColumnType, WriteContext
from harness.sql.item.column_types import DateTimeType, DateType, TimeType, YearType
from harness.model import flush as L3
from harness.model.cache import binlog_write_row
from harness.model.decide import LoggingDecision, decide_logging_format
from harness.model.unsafe import Unsafe, bit
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError

from harness.sql.stmt.sql_window import window_funcs
from harness.sql.stmt.time_zone import note_field_copy, note_row_stores

if TYPE_CHECKING:
    from harness.sql.parse.stmtinfo import StatementInfo
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


# ------------------------------------------------------------------ SHOW CREATE TABLE text


def type_sql(t: ColumnType, mysql: bool = False) -> str:
    """A column type as SHOW CREATE TABLE (and the generated binlog text) prints it.
    ``mysql``: MySQL 8.0.19+'s text, an integer's display width only with ZEROFILL (and
    ``tinyint(1)``), ``year`` without its (4)."""
    if getattr(t, "compressed", False):
        return _type_sql(t, mysql) + " /*M!100301 COMPRESSED*/"
    return _type_sql(t, mysql)


def _type_sql(t: ColumnType, mysql: bool = False) -> str:
    if isinstance(t, IntType):
        width = f"({t.width})" if not mysql or t.zerofill or (t.name.upper() == "TINYINT" and t.width == 1) else ""
        s = f"{t.name.lower()}{width}"
        return s + (" unsigned" if t.unsigned else "") + (" zerofill" if t.zerofill else "")
    if mysql and isinstance(t, YearType):
        return "year"
    if isinstance(t, DecimalType):
        return f"decimal({t.precision},{t.scale})" + (" unsigned" if t.unsigned else "")
    if isinstance(t, FloatType):
        return t.name.lower() + (" unsigned" if t.unsigned else "")
    if isinstance(t, StringType):
        return t.name.lower() if t.is_blob else f"{t.name.lower()}({t.length})"
    if isinstance(t, BinaryType):
        return t.name.lower() if t.is_blob else f"{t.name.lower()}({t.length})"
    if isinstance(t, DateTimeType):
        return t.name.lower() + (f"({t.fsp})" if t.fsp else "")
    if isinstance(t, TimeType):
        return "time" + (f"({t.fsp})" if t.fsp else "")
    if isinstance(t, DateType):
        return "date"
    if isinstance(t, YearType):
        return "year(4)"
    if isinstance(t, EnumType):
        return "enum(" + ",".join("'" + v.replace("'", "''") + "'" for v in t.values) + ")"
    if t.name == "JSON":  # MySQL's own JSON type (field_json.JsonType): `json`, no character set
        return "json"
    raise UnsupportedError(f"SHOW CREATE TABLE of {t.name}")


def _now_sql(c: Column, mysql: bool) -> str:
    fsp = getattr(c.type, "fsp", 0)
    return (f"CURRENT_TIMESTAMP({fsp})" if fsp else "CURRENT_TIMESTAMP") if mysql else "current_timestamp()"


def _default_sql(c: Column, mysql: bool = False) -> str:
    if c.default_now:
        return " DEFAULT " + _now_sql(c, mysql)
    if c.has_default and c.default is not None and not c.implicit_default:
        v = c.type.to_text(c.default)
        if c.type.is_numeric and not mysql:  # MySQL quotes a number's default too ('5')
            return f" DEFAULT {v}"
        if isinstance(v, bytes):
            v = v.decode("utf-8", "replace")
        return " DEFAULT '" + v.replace("'", "''") + "'"
    if c.nullable and not c.implicit_default:
        if mysql and getattr(c.type, "is_blob", False) and c.type.name != "JSON":
            # MySQL: a BLOB/TEXT column has no literal default (NO_DEFAULT_VALUE_FLAG), so
            # print_default_clause (sql/sql_show.cc) prints none: `c_blob` blob ([bytes] 9.7.4);
            # its test is `field->type() != FIELD_TYPE_BLOB`, so JSON (MYSQL_TYPE_JSON) prints
            # `json DEFAULT NULL` (9.7.4 probed)
            return ""
        return " DEFAULT NULL"
    return ""


def _charset_sql(t: ColumnType, table_collation: str | None) -> str:
    """A character column whose character set is not the table's default spells out
    both (observed on a latin1 server: ``varchar(3) CHARACTER SET utf8mb4 COLLATE
    utf8mb4_general_ci`` for a column made from a utf8mb4 literal)."""
    from harness.sql.item.charsets import COLLATIONS
    if table_collation is None or not isinstance(t, StringType):
        return ""
    table_cs, table_id = COLLATIONS.get(table_collation.lower(), (None, None))[:2]
    # show_create_table compares the field's CHARSET_INFO with the table's: a collation
    # other than the table's spells out both, even in the table's character set
    # (observed: a JSON column's ``CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`` in a utf8mb4 table).
    if table_cs is None or (t.cs.name == table_cs and t.charset == table_id):
        return ""
    coll = next((name for name, (cs, cid, _b) in COLLATIONS.items() if cid == t.charset and cs == t.cs.name
                 and not name.startswith("utf8_")), None)
    return f" CHARACTER SET {t.cs.name}" + (f" COLLATE {coll}" if coll else "")


def column_sql(c: Column, table_collation: str | None = None, mysql: bool = False) -> str:
    s = f"  `{c.name}` {type_sql(c.type, mysql)}{_charset_sql(c.type, table_collation)}"
    if c.generated is not None:
        # PERSISTENT is printed STORED (probed)
        return s + f" GENERATED ALWAYS AS ({c.generated_text}) {'STORED' if c.generated_stored else 'VIRTUAL'}"
    if not c.nullable:
        s += " NOT NULL"
    elif isinstance(c.type, DateTimeType) and c.type.timestamp:
        s += " NULL"
    s += _default_sql(c, mysql)
    if c.on_update_now:
        s += " ON UPDATE " + _now_sql(c, mysql)
    if c.auto_increment:
        s += " AUTO_INCREMENT"
    return s


def create_table_sql(t: TableDef, engine_clause: str | None, current_db: str | None = "",
                     if_not_exists: bool = False, or_replace: bool = False,
                     db_collation: str | None = None, mysql: bool = False, fk_unprinted: str = "RESTRICT") -> str:
    """``current_db``: for the binlog (WITH_DB_NAME), the table is qualified when
    its database is not the session's (or there is none); "" never qualifies.
    ``db_collation``: the database's default (the table's, unless its options say).
    ``fk_unprinted``: the foreign-key action left out (SqlDialect.fk_unprinted_action)."""
    from harness.sql.item.charsets import DEFAULT_COLLATION_OF
    table_collation = t.options.get("COLLATE") or DEFAULT_COLLATION_OF.get(
        str(t.options.get("CHARSET", "")).lower()) or db_collation
    lines = [column_sql(c, table_collation, mysql) for c in t.columns]
    for chk in t.checks:
        if chk.field is not None:
            i = t.col_index.get(chk.field.lower())
            if i is not None:
                lines[i] += f" CHECK ({chk.text})"
    for k in t.keys:
        cols = ",".join(f"`{t.columns[i].name}`" for i in k.columns)
        if k.kind == "PRIMARY":
            lines.append(f"  PRIMARY KEY ({cols})")
        elif k.kind == "UNIQUE":
            lines.append(f"  UNIQUE KEY `{k.name}` ({cols})")
        else:
            lines.append(f"  KEY `{k.name}` ({cols})")
    # InnoDB lists a table's foreign keys from its dict_foreign_set, ordered by constraint id
    # (strcmp: binary), not in creation order (probed: ADD CONSTRAINT cc lists before d_ibfk_1).
    for fk in sorted(t.foreign_keys, key=lambda f: f.name.encode()):
        lines.append(f"  CONSTRAINT `{fk.name}` {fk.clause(t.db, fk_unprinted)}")
    for chk in t.checks:
        if chk.field is None:
            lines.append(f"  CONSTRAINT `{chk.name}` CHECK ({chk.text})")
    tail = f" ENGINE={engine_clause}" if engine_clause else ""
    if tail and t.engine.name == "Aria" and "PAGE_CHECKSUM" not in t.options:
        # ha_maria::update_create_info reports Aria's default page checksums (observed in
        # the CREATE a row-format CREATE ... SELECT logs: binlog_1pc).
        tail += " PAGE_CHECKSUM=1"
    qualified = current_db != "" and t.db != current_db
    name = f"`{t.db}`.`{t.name}`" if qualified else f"`{t.name}`"
    head = "CREATE OR REPLACE TABLE " if or_replace else "CREATE TABLE "
    return f"{head}{'IF NOT EXISTS ' if if_not_exists else ''}{name} (\n" + ",\n".join(lines) + f"\n){tail}"


# ------------------------------------------------------------------ column types of a select list


def _expr_column(thd: "Thd", sel: A.Select, name: str, e: A.Expr, rc: ResultColumn) -> Column:
    """Type of a select-list item that is not a plain column (MariaDB's type derivation, subset)."""
    if isinstance(e, A.Literal):
        v = e.value
        if v is None:
            raise UnsupportedError("CREATE ... SELECT of a NULL literal")
        if isinstance(v, bool) or isinstance(v, int):
            digits = len(str(abs(v))) + (1 if v < 0 else 0)
            kind = "BIGINT" if not -(1 << 31) <= v < (1 << 31) else "INT"
            return Column(name, IntType(kind, False, digits), nullable=False)
        if isinstance(v, str):
            return Column(name, StringType("VARCHAR", len(v)), nullable=False)
        from decimal import Decimal
        if isinstance(v, Decimal):
            scale = max(-v.as_tuple().exponent, 0)  # type: ignore[operator]
            prec = max(len(v.as_tuple().digits), scale)
            return Column(name, DecimalType(prec, scale), nullable=False)
    if isinstance(e, A.FuncCall) and e.name in ("NOW", "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "SYSDATE") \
            and not e.args:
        return Column(name, DateTimeType(False, 0), nullable=False)
    return ItemTyper(thd, sel).column(name, e)


def _source_column(thd: "Thd", sel: A.Select, rc: ResultColumn) -> Column | None:
    """The table column a select-list item copies, if it is a plain column reference."""
    if rc.type is None or not rc.org_name:
        return None
    for t_ref in sel.from_:
        if rc.table and rc.table.lower() not in (t_ref.ref_name.lower(), t_ref.table.name.lower()):
            continue
        t = thd.find_table(t_ref.table)
        if t is not None and rc.org_name.lower() in t.col_index:
            return t.columns[t.col_index[rc.org_name.lower()]]
    return None


def _select_columns(thd: "Thd", sel: A.Select, result_cols: list[ResultColumn],
                    declared: frozenset[str] = frozenset()) -> list[Column]:
    """Columns the select list contributes: copies of source columns (type, nullability,
    default; not keys or AUTO_INCREMENT), or types derived from expressions. A column the
    statement declares (``declared``, lower-cased) keeps its declared definition, so its
    expression's type is not needed (a placeholder stands in)."""
    exprs: list[A.Expr | None] = []
    for it in sel.items:
        if isinstance(it.expr, A.Star):
            exprs.extend([None] * sum(len(thd.open_table(r.table).columns) for r in sel.from_
                                      if it.expr.table is None or it.expr.table.lower() in (
                                          r.ref_name.lower(), r.table.name.lower())))
        else:
            exprs.append(it.expr)
    cols: list[Column] = []
    for e, rc in zip(exprs, result_cols):
        src = _source_column(thd, sel, rc) if e is None or isinstance(e, A.ColumnRef) else None
        if src is not None:
            if src.auto_increment:
                # An AUTO_INCREMENT column has no NO_DEFAULT_VALUE_FLAG: its copy takes the
                # column's zero as an explicit default (NOT NULL DEFAULT 0, observed).
                cols.append(Column(rc.name, src.type, src.nullable, 0, True, False, False, False))
                continue
            cols.append(Column(rc.name, src.type, src.nullable, src.default, src.has_default, src.default_now,
                               False, False, src.implicit_default and not src.nullable))
        elif e is None:
            raise UnsupportedError("CREATE ... SELECT * over this source")
        elif rc.name.lower() in declared:
            cols.append(Column(rc.name, IntType("INT", False), True))
        else:
            col = _expr_column(thd, sel, rc.name, e, rc)
            if thd.server.flavor.sql.computed_column_zero_default:
                _zero_default(col)
            cols.append(col)
    if window_funcs([e for e in exprs if e is not None]) and thd.server.flavor.sql.window_temp_nullable:
        _window_nullable(cols, exprs)
    return cols


def _zero_default(c: Column) -> None:
    """MySQL: a NOT NULL column made from an expression has its type's zero as an explicit
    default (the field has no NO_DEFAULT_VALUE_FLAG); a temporal one has none."""
    from decimal import Decimal
    if c.nullable or isinstance(c.type, (DateTimeType, DateType, TimeType, YearType)):
        return
    c.default = "" if isinstance(c.type, StringType) else Decimal(0) if isinstance(c.type, DecimalType) else 0
    c.has_default = True


def _window_nullable(cols: list[Column], exprs: list[A.Expr | None]) -> None:
    """A query with window functions goes through a temporary table whose fields may be
    NULL: every column but a window function's own comes out nullable, and one copied
    from a NOT NULL column without a DEFAULT prints no DEFAULT (observed: ``a int NOT
    NULL DEFAULT 3`` -> ``int(11) DEFAULT 3``, ``c varchar(5) NOT NULL`` ->
    ``varchar(5)``, ``a+1`` -> ``bigint(12) DEFAULT NULL``, ``ROW_NUMBER() OVER ()``
    -> ``bigint(21) NOT NULL``)."""
    for c, e in zip(cols, exprs):
        if isinstance(e, A.WindowFunc) or c.nullable:
            continue
        c.nullable = True
        copied = e is None or isinstance(e, A.ColumnRef)
        if copied and not c.has_default and not c.default_now:
            c.implicit_default = True


# ------------------------------------------------------------------ execution


def create_table_select(thd: "Thd", st: A.CreateTable, db: str) -> "OkPacket":
    """CREATE TABLE ... SELECT in the server's order (sql_insert.cc's ``select_create``):
    check the target, run the select (prepare), build the table from the select list
    (create_table_from_items), decide the format, store the rows (send_data), then
    publish the table and log it (send_eof)."""
    from harness.sql.stmt.sql_result import OkPacket
    assert st.select is not None
    if any(r.derived is not None for r in st.select.from_):
        # Column types are taken from base-table columns; a derived table's are not modelled here.
        raise UnsupportedError("CREATE ... SELECT from a derived table")
    if not st.temporary:
        # MySQL: every transaction the statement commits, from its implicit commit on, has its
        # writeset dropped (9.7.4 probed, ROW: `BEGIN; INSERT INTO u ...; CREATE TABLE z3
        # ENGINE=MyISAM SELECT ...`: the INSERT's group takes its commit-order parent, and so
        # does the next group after a keyless CTAS row group; a plain CREATE TABLE's implicit
        # commit keeps the writeset parent)
        thd.stmt_log.writeset_dropped = True
        # SQLCOM_CREATE_TABLE like a plain CREATE TABLE: in ROW the committed
        # transaction keeps FL_TRANSACTIONAL (probed after a MyISAM row group).
        thd.implicit_commit(schema_change=True)
    go_on, replaces = _check_target(thd, st, db)
    if not go_on:
        return OkPacket()
    sc = SelectCreate(thd, st, db, replaces)
    try:
        sc.prepare()
        sc.create_table_from_items()
        sc.decide_format()
        sc.send_data()
        sc.send_eof()
    except ServerError:
        if not st.temporary or not thd.in_multi_stmt_transaction_mode():
            # The failed statement is a transaction of its own: trans_rollback_stmt and
            # trans_rollback_implicit end it in the engine, closing the read view its SELECT
            # opened and releasing the row locks it took. (A read view left open keeps every
            # later transaction's old row versions, and a prepared XA branch rolled back from
            # another session then stayed visible: 9.7 corpus, xa.wl after fidelity_errors.wl.)
            thd.engine_rollback_to(0)
            thd._reset_trx()
        raise
    if not st.temporary or not thd.in_multi_stmt_transaction_mode():
        # CREATE TABLE ... SELECT commits when it ends (CF_AUTO_COMMIT_TRANS), and an
        # autocommit CREATE TEMPORARY ... SELECT is a transaction of its own: the row
        # locks its SELECT took are released (observed: another connection's INSERT no
        # longer waits), and the next statement does not inherit its use of a temporary
        # table (its Gtid keeps FL_TRANSACTIONAL; observed).
        thd.commit()
    return OkPacket(len(sc.sel_res.rows))


def _check_target(thd: "Thd", st: A.CreateTable, db: str) -> tuple[bool, TableDef | None]:
    """Whether the statement goes on, and the existing table a CREATE OR REPLACE
    drops (None: there is none). An existing table is an error, or with IF NOT
    EXISTS a note and nothing else (False)."""
    assert st.select is not None
    exists = (thd.temp_tables.get((db, st.table.name.lower())) if st.temporary
              else thd.catalog.get_table(db, st.table.name))
    if exists is None:
        return True, None
    if st.or_replace:
        if st.temporary:
            raise UnsupportedError("CREATE OR REPLACE TEMPORARY ... SELECT over an existing temporary table")
        if any(t.name.lower() == st.table.name.lower() and (t.db or thd.db) == db
               for t in _select_tables(st.select)):
            raise UnsupportedError("CREATE OR REPLACE ... SELECT reading the table it replaces")
        return True, exists
    if st.if_not_exists:
        thd.notes.append(note("Note", "ER_TABLE_EXISTS_ERROR", st.table.name))
        return False, None
    raise error("ER_TABLE_EXISTS_ERROR", st.table.name)


class SelectCreate:
    """One CREATE ... SELECT statement (the server's ``select_create``), step by step.

    ``replaces`` is the table a CREATE OR REPLACE drops (None: nothing is replaced)."""

    info: StatementInfo
    ctx: ExecContext
    sel_res: SelectResult
    table: TableDef
    target_idx: list[int]  # the new table's column for each select-list item
    decision: LoggingDecision

    def __init__(self, thd: "Thd", st: A.CreateTable, db: str, replaces: TableDef | None) -> None:
        self.thd, self.st, self.db, self.replaces = thd, st, db, replaces

    def prepare(self) -> None:
        """Open the statement (it reads the select's tables and writes the new one) and
        run the select."""
        thd, st = self.thd, self.st
        assert st.select is not None
        info = self.info = analyze(thd, st.select, "CREATE_SELECT")
        thd.begin_statement(info)
        # Opening a temporary table (the new one, or a source) sets thread_specific_used:
        # the statement's events and the COMMIT closing them carry LOG_EVENT_THREAD_SPECIFIC_F,
        # and the transaction's group loses FL_TRANSACTIONAL (observed).
        thd.stmt_log.uses_temp = st.temporary or any(u.table.temporary for u in info.uses)
        if thd.stmt_log.uses_temp:
            thd.stmt_log.thread_specific = True
            thd.trx_log.used_temp = True
        self.ctx = ExecContext(thd, info)
        mark = len(self.ctx.notes)
        sel_res = self.sel_res = Executor(thd, self.ctx, info).select(st.select)
        # select_create sets abort_on_warning (strict, no IGNORE) before the SELECT runs:
        # a warning of its WHERE (a conversion, RULES 5.12.3) fails the CREATE (probed);
        # MySQL's one raised while the statement was resolved stays a warning.
        raise_new_warnings(self.ctx.notes, mark, st.duplicates != "IGNORE" and any(
            m in thd.vars.get("sql_mode") for m in ("STRICT_TRANS_TABLES", "STRICT_ALL_TABLES")), thd,
            keep_resolved=thd.server.flavor.sql.create_select_keeps_resolve_warnings)
        # Unlike INSERT ... SELECT, the rows read count for FOUND_ROWS() (probed). MySQL: its
        # query sets current_found_rows, which FOUND_ROWS() sees only after the next DML
        # statement (a CREATE TABLE is no Sql_cmd_dml; SqlDialect.mysql_found_rows)
        found = len(sel_res.rows) if sel_res.found_rows is None else sel_res.found_rows
        if thd.server.flavor.sql.mysql_found_rows:
            thd.current_found_rows = found
        else:
            thd.set_last_found_rows(found)

    def create_table_from_items(self) -> None:
        """The new table's definition: explicit columns first, then the select list's;
        table-level keys are resolved over both (``(PRIMARY KEY (a)) SELECT a ...``
        keys a select column)."""
        thd, st, db, info = self.thd, self.st, self.db, self.info
        assert st.select is not None
        explicit = build_table(db, A.CreateTable(table=st.table, columns=st.columns, keys=[],
                                                 options=st.options), st.temporary,
                               thd.vars.get("default_storage_engine"), thd.db_collation(db)) if st.columns else None
        declared: list[Column] = list(explicit.columns) if explicit else []
        sel_cols = _select_columns(thd, st.select, self.sel_res.columns, frozenset(c.name.lower() for c in declared))
        seen_select: set[str] = set()
        for c in sel_cols:
            if c.name.lower() in seen_select:
                raise error("ER_DUP_FIELDNAME", c.name)
            seen_select.add(c.name.lower())
        # mysql_prepare_create_table: a declared column the select list names again keeps
        # its declared definition at the select item's place (the first definition is
        # removed; probed: (id INT NOT NULL) SELECT n AS k, id gives k, id).
        by_name = {c.name.lower(): c for c in declared}
        columns: list[Column] = [c for c in declared if c.name.lower() not in seen_select]
        columns += [by_name.get(c.name.lower(), c) for c in sel_cols]
        position = {id(c): i for i, c in enumerate(columns)}
        keys: list[Key] = [Key(k.name, k.kind, [position[id(declared[ci])] for ci in k.columns])
                           for k in (explicit.keys if explicit else [])]
        self.target_idx = list(range(len(columns) - len(sel_cols), len(columns)))
        add_table_keys(columns, keys, st.keys)
        engine = engine_by_name(st.options.get("ENGINE", thd.vars.get("default_storage_engine")))
        t = self.table = TableDef(db, st.table.name, columns, keys, engine, temporary=st.temporary,
                                  options=dict(st.options))
        t.table_id = thd.catalog.allocate_table_id()
        _constraints(thd, st, t)
        info.add(t, True)
        if info.own_order is not None:
            info.own_order.insert(0, (t, True))  # the new table heads the statement's table list
        info.created_table = t
        if t.auto_inc_col is not None:
            info.writes_autoinc_table = True
        # Set at parse time in the server whatever the select reads (sql_parse.cc).
        if st.duplicates == "IGNORE":
            info.inherited_unsafe |= bit(Unsafe.CREATE_IGNORE_SELECT)
        elif st.duplicates == "REPLACE":
            info.inherited_unsafe |= bit(Unsafe.CREATE_REPLACE_SELECT)

    def decide_format(self) -> None:
        """Decide the statement's format (decide_logging_format), plus what CREATE ... SELECT adds: an
        AUTO_INCREMENT column filled from a select is unsafe, and MIXED stays in row
        format while the temporary tables that switched it exist."""
        thd, t = self.thd, self.table
        if self.st.temporary:
            # MySQL 9.x: CREATE TEMPORARY ... SELECT writes its new table inside the session's
            # transaction (no implicit commit), so it takes part in the engine mix (9.7.4
            # observed, fuzz seed 97231: `CREATE TEMPORARY TABLE tmp4 ENGINE=InnoDB SELECT ... FROM
            # t1` after a MyISAM INSERT IGNORE that changed nothing: 6414 naming tmp4 and t1)
            # InnoDB's external_lock refusing STATEMENT below REPEATABLE READ (1665) comes first:
            # the statement then counts no engine (9.7.4 probed: a failed `CREATE TEMPORARY TABLE
            # tmp2 ENGINE=InnoDB SELECT ... FROM m1` at READ COMMITTED, then `INSERT INTO m1`: no 6414)
            from harness.model.decide import innodb_lock_refusal
            from harness.sql.stmt.deprecations import warn_engine_mix
            if innodb_lock_refusal(self.info, thd) is None:
                warn_engine_mix(thd, self.info)
        decision = decide_logging_format(self.info, thd)
        if t.auto_inc_col is not None and self.info.uses and decision.logged:
            if thd.binlog_format != "ROW":
                unsafe = decision.unsafe | bit(Unsafe.CREATE_SELECT_AUTOINC)
                decision = type(decision)(row=decision.row or thd.binlog_format == "MIXED", unsafe=unsafe,
                                          warn_unsafe=unsafe if thd.binlog_format == "STATEMENT" else 0)
        if self.st.temporary and thd.binlog_format in thd.server.flavor.ddl.temp_ddl_unlogged_formats \
                and decision.logged and not decision.row:
            # MySQL 8.0.4+, MIXED: a statement touching a temporary table is rows, so a
            # CREATE TEMPORARY ... SELECT is not logged (9.7.4 observed)
            decision = type(decision)(row=True, unsafe=decision.unsafe, warn_unsafe=0)
        if not thd.temp_tables:
            thd.set_mixed_temp_row(False)
        if thd.mixed_temp_row and thd.binlog_format != "ROW" and decision.logged and not decision.row:
            decision = type(decision)(row=True, unsafe=decision.unsafe, warn_unsafe=decision.warn_unsafe)
        elif decision.row and decision.logged and thd.binlog_format != "ROW" and (thd.temp_tables or self.st.temporary):
            # The table a CREATE TEMPORARY ... SELECT creates counts: it exists when the
            # statement ends and the session would go back to statement format (probed).
            thd.set_mixed_temp_row(True)
        self.decision = decision
        thd.stmt.decision = decision
        thd.stmt.row_format = decision.row and not self.st.temporary
        if self.st.temporary:
            t.created_in_row_format = decision.row
            t.drop_unlogged = thd.server.flavor.ddl.temp_drop_follows_create_logging and not thd.binlog_enabled()

    def send_data(self) -> None:
        """Fill the new table with the select's rows (rows events as they go in row
        format). Any error drops the table and logs nothing (but see _log_failed_replace)."""
        thd, st, t, ctx, decision = self.thd, self.st, self.table, self.ctx, self.decision
        if self.replaces is not None:
            # The old table goes inside the statement, unlogged unless the statement fails.
            thd.catalog.remove_table(self.replaces.db, self.replaces.name)
        ex = Executor(thd, ctx, self.info)
        # "at row N": MariaDB counts the rows the SELECT examined; MySQL the rows sent so far, as
        # for INSERT ... SELECT (9.7.4 probed: `CREATE TABLE n (c TINYINT) SELECT c_int * 100 AS c
        # FROM m WHERE c_int > 1` warns at rows 1, 2, 3; SqlDialect.insert_select_counts_examined_rows)
        numbers = ex._examined_row_numbers(st.select, len(self.sel_res.rows)) \
            if st.select and thd.server.flavor.sql.insert_select_counts_examined_rows else None
        alloc = AutoIncrement(t, 0) if t.auto_inc_col is not None else None  # row count unknown: intervals 1, 2, 4 ...
        # InnoDB bulk-loads the new (empty) table: unique keys are checked when the load
        # ends, and the error then shows the key of the *last* row read (observed).
        # (IGNORE/REPLACE handle each duplicate as it comes: not modelled as a bulk load.)
        bulk = (t.engine.bulk_loads_empty_tables and thd.server.flavor.sql.ctas_bulk_load
                and not st.temporary and st.duplicates is None)
        bulk_dup: DuplicateKey | None = None
        row: list[Any] = []
        inserted = 0
        # select_create stores each item into its field as INSERT ... SELECT does (field_conv for a
        # bare column): which stores read the session time zone (stmt/time_zone.py)
        for ci, rc in zip(self.target_idx, self.sel_res.columns):
            if rc.type is not None and rc.org_name and rc.meta is None and thd.server.flavor.sql.field_copy_cuts:
                note_field_copy(thd, t, ci, rc.type, t.columns[ci].type)
        try:
            for i, src in enumerate(self.sel_res.rows):
                wctx = WriteContext(thd.is_strict(t, i), self.db, t.name, numbers[i] if numbers else i + 1, ctx.notes,
                                    sql_mode=thd.vars.get('sql_mode'),
                                    mysql_stores=thd.server.flavor.sql.mysql_field_stores,
                                    timestamp_max=thd.server.sysvars.timestamp_max)
                row = ex.default_row(t, wctx)
                specified = self._store_row(src, row, wctx)
                note_row_stores(thd, t, row, specified)
                ex.assign_auto_increment(t, row, specified, alloc)
                if alloc is not None:
                    alloc.row_done()
                if not self._row_constraints(row):
                    continue
                dup = t.data.find_duplicate(row)
                if dup is not None and bulk:
                    bulk_dup = bulk_dup or dup
                    continue
                if dup is not None:
                    if not _handle_duplicate(thd, t, st, row, dup, specified, ctx, decision.logged):
                        continue
                t.data.insert(row)
                inserted += 1
                if st.temporary and not t.transactional and thd.in_multi_stmt_transaction_mode():
                    # write_record: stmt.modified_non_trans_table, carried into all.: the
                    # transaction's ROLLBACK warns 1196 (observed).
                    thd.note_nontrans_temp_modified()
                if thd.stmt.row_format and decision.logged:
                    binlog_write_row(thd, t, "write", None, row, specified)
            if bulk_dup is not None:
                raise _bulk_load_duplicate(t, bulk_dup, row)
        except ServerError as e:
            thd.caches.trx_cache.truncate(thd.caches.stmt_marks[0])
            thd.caches.stmt_cache.truncate(thd.caches.stmt_marks[1])
            if self.st.temporary and not thd.in_multi_stmt_transaction_mode():
                # the autocommitted statement's rollback ends the engines it registered (a
                # transactional table it read): 6414's first engine goes with them (9.7.4
                # probed, fuzz seed 12012: a MyISAM `CREATE TEMPORARY TABLE tmp3 ... SELECT
                # ... FROM t1` failing with 1048, t1 InnoDB, then `INSERT INTO t1`: no 6414)
                from harness.sql.stmt.deprecations import engine_mix_kept
                thd.trx.engine_mix = engine_mix_kept(thd)
            if self.replaces is not None and decision.logged:
                _log_failed_replace(thd, st, t, e.code, decision.row,
                                    transactional_rows=t.transactional and inserted > 0)
            raise

    def _store_row(self, src: Sequence[Any], row: list[Any], wctx: WriteContext) -> set[int]:
        """Store one select row into the new table's fields; the fields stored."""
        t, st, ctx = self.table, self.st, self.ctx
        specified: set[int] = set()
        for ci, v in zip(self.target_idx, src):
            col = t.columns[ci]
            if v is None and not col.nullable and not col.auto_increment:
                # select_insert stores with CHECK_FIELD_WARN: the NULL is a 1048
                # warning and the type's zero, an error only while the statement
                # aborts on warnings (strict, no IGNORE; probed).
                if wctx.strict and st.duplicates != "IGNORE":
                    raise error("ER_BAD_NULL_ERROR", col.name)
                ctx.notes.append(note("Warning", "ER_BAD_NULL_ERROR", col.name))
                row[ci] = col.type.default_value()
                specified.add(ci)
                continue
            if v is None and not col.nullable:
                raise error("ER_BAD_NULL_ERROR", col.name)
            row[ci] = col.type.coerce(v, col.name, wctx) if v is not None else None
            specified.add(ci)
        return specified

    def _row_constraints(self, row: list[Any]) -> bool:
        """The new table's CHECKs (4025; under IGNORE a warning and the row skipped) and
        foreign keys (1452), before the duplicate-key check, as an INSERT checks them."""
        t = self.table
        if t.checks:
            from harness.sql.handler.check_constraints import verify_checks
            if not verify_checks(self.thd, t, row, self.ctx, self.info, self.st.duplicates == "IGNORE"):
                return False
        if t.foreign_keys:
            from harness.sql.handler.foreign_keys import check_child_row
            check_child_row(self.thd, t, row)
        return True

    def send_eof(self) -> None:
        """The table exists from now on; log the statement as its format says."""
        thd, st, t, decision = self.thd, self.st, self.table, self.decision
        if st.temporary:
            thd.add_temp_table((self.db, t.name.lower()), t)
            if thd.in_multi_stmt_transaction_mode():
                # OPTION_KEEP_LOG, as for a plain CREATE TEMPORARY TABLE in a transaction.
                thd.trx_log.keep_log = True
                thd.trx_log.created_temp = True  # 1751 at ROLLBACK, every format (9.7.4 probed)
                if not t.transactional and t.data.count:
                    # Its rows went into a non-transactional table: modified_non_trans_table,
                    # so ROLLBACK warns 1196 (probed, every format).
                    thd.note_nontrans_temp_modified()
        else:
            thd.catalog.add_table(t)
        if not decision.logged:
            return
        if not decision.row:
            self._log_statement()
        elif st.temporary:
            if thd.in_multi_stmt_transaction_mode():
                # Not logged, yet every later group of the transaction gets FL_DDL (observed;
                # a plain CREATE TEMPORARY TABLE in row format does not do this).
                thd.trx_log.did_ddl = True
        else:
            # A source Aria table joined the transaction (no 2PC): the group ends with
            # COMMIT, not Xid (probed: CREATE TABLE c ENGINE=InnoDB SELECT * FROM aria_t).
            prev = thd.trx_log.no_2pc
            thd.trx_log.no_2pc = prev or any(registers_without_2pc(u.table) for u in self.info.uses)
            try:
                _write_row_group(thd, t, st, self.replaces is not None)
            except ServerError as e:
                if e.code == 1950:  # the binlog refused the group: the new table goes too
                    from harness.sql.stmt.binlog_commit import binlog_refused
                    thd.catalog.remove_table(self.db, t.name)
                    binlog_refused(thd, e)
                raise
            finally:
                thd.trx_log.no_2pc = prev

    def _log_statement(self) -> None:
        """Statement format: the original text, as DDL (cached when a temporary table
        is created inside a transaction)."""
        thd, st, t = self.thd, self.st, self.table
        if self.decision.warn_unsafe:
            thd.issue_unsafe_warnings(self.decision.warn_unsafe)
        in_trx = thd.in_multi_stmt_transaction_mode()  # autocommit=0: the statement opens one
        if st.temporary and in_trx:
            # Cached like a statement on a table of the new table's engine: a
            # MyISAM one goes to the stmt cache while the trx cache is empty.
            thd.trx_log.has_ddl = True
            # A mixed-unsafe statement's Query goes to the trx cache (Query_log_event:
            # is_mixed_stmt_unsafe), e.g. a new MyISAM table filled from InnoDB below
            # REPEATABLE READ (observed: written at disconnect with the ROLLBACK group).
            d = self.decision
            thd.binlog_query(st.text, t.transactional, 0, self.ctx,
                             type(d)(row=d.row, unsafe=d.unsafe, warn_unsafe=0, logged=d.logged),
                             thread_specific=True, ddl=True)
            # MySQL writes the group's BEGIN with this Query: its databases (9.7.4 observed,
            # STATEMENT, autocommit=0: BEGIN 12=(test) before `CREATE TEMPORARY TABLE t0 SELECT`)
            L3.note_trx_begin(thd)
            L3.flush_stmt_cache(thd)  # end of statement (R-flush-SC)
        else:
            # MySQL: decide_logging_format names the databases of the tables the statement
            # opened, the new one's too, even without a default database (9.7.4 observed:
            # `CREATE TABLE test.t2 SELECT * FROM test.t1` after the current database was
            # dropped: 12=(test))
            from harness.model import query as L2
            L2.add_to_binlog_accessed_dbs(thd, self.db, *L2.table_dbs(self.info))
            # observed: no Q_XID; dropping the replaced table makes it thread-specific
            thd.write_ddl(st.text, thread_specific=thd.stmt_log.uses_temp or self.replaces is not None, ctx=self.ctx)
            if st.temporary:
                # written at once (immediate logging: binlog_start_trans_and_stmt registers no
                # binlog handler), so its group ends nothing: the first engine of a new MyISAM
                # table stays for the next statement's 6414 (9.7.4 probed, fuzz seed 64101:
                # `CREATE TEMPORARY TABLE tmp4 ENGINE=MyISAM SELECT ... FROM t2` in STATEMENT,
                # then `INSERT INTO t1` (InnoDB) warns naming tmp4)
                thd.trx.engine_mix_groups = thd.server.binlog.seq_no


def _constraints(thd: "Thd", st: A.CreateTable, t: TableDef) -> None:
    """CHECK constraints and FOREIGN KEYs declared in CREATE TABLE ... SELECT: built as CREATE
    TABLE builds them (the table's columns are known once the select list is)."""
    if st.checks or any(cd.check is not None for cd in st.columns):
        from harness.sql.handler.check_constraints import table_checks
        t.checks = table_checks(thd, t, st.columns, st.checks)
    if st.foreign_keys:
        from harness.sql.handler.foreign_keys import build_foreign_keys, fk_checks
        build_foreign_keys(thd.catalog, t.db, t, st.foreign_keys, fk_checks(thd))


def _bulk_load_duplicate(t: TableDef, first: DuplicateKey, last_row: list[Any]) -> ServerError:
    """The error a failed bulk load reports: the duplicate key's value in the *last*
    row read, listed twice in SHOW WARNINGS (the load reports it a second time)."""
    cols = next(c for name, c, _f in t.data.unique_keys if name == first.key_name)
    last = DuplicateKey(first.key_name, tuple(last_row[c] for c in cols), first.slot, tuple(cols))
    err = dup_entry_error(t, last)
    err.trailing_notes = [Note("Error", err.code, err.message)]
    return err


def _handle_duplicate(thd: "Thd", t: TableDef, st: A.CreateTable, row: list[Any], dup: "DuplicateKey",
                      specified: set[int], ctx: ExecContext, logged: bool) -> bool:
    """A select row hits a key of the new table (select_insert's write_record):
    plain CREATE fails, IGNORE skips it with a warning, REPLACE overwrites.
    Returns True when ``row`` still has to be inserted."""
    if st.duplicates is None:
        raise dup_entry_error(t, dup, thd)
    if st.duplicates == "IGNORE":
        e = dup_entry_error(t, dup, thd)
        ctx.notes.append(Note("Warning", e.code, e.message))
        return False
    log_rows = thd.stmt.row_format and logged
    last_unique = t.data.unique_keys[-1][0] if t.data.unique_keys else None
    if dup.key_name == last_unique:
        # The conflict is on the last unique key: the old row is updated in place.
        old = t.data.rows[dup.slot]
        assert old is not None
        t.data.update(dup.slot, row)
        if log_rows:
            binlog_write_row(thd, t, "update", old, row, specified)
        return False
    while dup is not None:
        old = t.data.delete(dup.slot)
        if log_rows:
            binlog_write_row(thd, t, "delete", old, None, None)
        dup = t.data.find_duplicate(row)  # type: ignore[assignment]
    return True


def _select_tables(sel: A.Select) -> list[A.TableName]:
    """The base tables a SELECT's FROM names (joins included), for the replace-self check."""
    out: list[A.TableName] = []
    for r in sel.from_:
        table = getattr(r, "table", None)
        if isinstance(table, A.TableName):
            out.append(table)
    return out


def _log_failed_replace(thd: "Thd", st: A.CreateTable, t: TableDef, code: int, row_format: bool, *,
                        transactional_rows: bool) -> None:
    """select_create::abort_result_set after CREATE OR REPLACE dropped the old table: the
    slave must drop it too. Observed on 10.11: in row format one BEGIN group holding
    ``DROP TABLE IF EXISTS ... /* Generated ... */`` and ROLLBACK; in statement format the
    failed statement itself (with its error code) first when rows had gone into a
    transactional table, then the DROP as its own group."""
    drop = f"DROP TABLE IF EXISTS `{t.db}`.`{t.name}`/* Generated to handle failed CREATE OR REPLACE */"
    # mysql_rm_table marked the statement thread-specific; the DROP carries Q_XID (observed).
    if row_format:
        thd.stmt_log.thread_specific = True
        L3.write_failed_replace_drop(thd, drop)
        return
    if transactional_rows:
        thd.write_ddl(st.text, error_code=code, thread_specific=True)
    thd.write_ddl(drop, thread_specific=True, xid=True)


def _write_row_group(thd: "Thd", t: TableDef, st: A.CreateTable, replaced: bool) -> None:
    """Row format: generated CREATE + rows + end event. The flavour frames it (layer 3):
    MariaDB one group; MySQL 8.0 one group (atomic engine) or two (WL#7592)."""
    mngr = thd.caches
    cache = mngr.cache_of(t)
    cache.flush_pending(thd, stmt_end=True)
    thd.server.flavor.gtid.write_create_select_rows(thd, t, create_table_sql(t, st.options.get("ENGINE"), thd.db,
                                                                    st.if_not_exists, st.or_replace,
                                                                    # MySQL's utf8mb4_0900_ai_ci default is
                                                                    # the model's utf8mb4 one (as SHOW CREATE)
                                                                    thd.db_collation(t.db) or "utf8mb4_general_ci",
                                                                    not thd.server.flavor.sql.int_display_width,
                                                                    thd.server.flavor.sql.fk_unprinted_action), cache,
                                               thread_specific=replaced)
    L3.cache_statistics(thd, cache)
    cache.reset()


__all__ = ["create_table_select", "create_table_sql", "column_sql", "type_sql", "make_type", "value_to_string"]
