"""The SHOW forms that describe a table or database (the server's ``sql_show.cc``):
SHOW [FULL] COLUMNS / DESCRIBE, SHOW INDEX, SHOW TABLE STATUS, SHOW CREATE TABLE /
DATABASE / VIEW, SHOW TRIGGERS, and the filter of SHOW ... WHERE.

These are what dump tools (mariadb-dump), ORMs (SQLAlchemy's reflection) and CDC
readers read before they read rows (issue 27). They change nothing, log nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from harness.sql.handler.catalog import TableDef
from harness.sql.item.column_types import StringType
from harness.sql.item.field import Column
from harness.sql.parse import parse_tree as A
from harness.sql.sql_errors import error
from harness.sql.stmt.sql_result import SelectResult, _text_result

if TYPE_CHECKING:
    from harness.sql.thd import Thd


def like_filter(rows: list[list[Any]], pattern: str | None, col: int = 0) -> list[list[Any]]:
    """LIKE 'pattern' on one column of a SHOW's rows (case-insensitive, as the server's
    system character set compares names)."""
    if pattern is None:
        return rows
    import re
    rx = re.compile("^" + "".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern) + "$",
                    re.IGNORECASE | re.DOTALL)
    return [r for r in rows if rx.match(str(r[col]))]


def where_filter(result: SelectResult, where: A.Expr | None) -> SelectResult:
    """SHOW ... WHERE expr: the condition is evaluated on each row of the SHOW's result,
    whose column names it may use (as on the server: the I_S table behind the SHOW)."""
    if where is None:
        return result
    from harness.sql.item.expr import Compiler, Env, Scope
    cols = [Column(c.name, StringType("VARCHAR", 2048), True) for c in result.columns]
    table = TableDef("information_schema", "show", cols, [], _show_engine())
    pred = Compiler(Scope([("show", table)]), clause="where clause").compile(where)
    keep = []
    for row in result.rows:
        v = pred(Env(None, [[None if x is None else str(x) for x in row]]))
        if v is not None and v not in (0, "0") and v is not False:
            keep.append(row)
    result.rows = keep
    return result


def _show_engine() -> Any:
    from harness.sql.handler.storage import Engine
    return Engine("SYSTEM VIEW", transactional=True)


def table_collation(thd: "Thd", t: TableDef) -> str:
    from harness.sql.item.charsets import DEFAULT_COLLATION_OF
    return str(t.options.get("COLLATE") or DEFAULT_COLLATION_OF.get(str(t.options.get("CHARSET", "")).lower())
               or thd.db_collation(t.db) or "utf8mb4_general_ci")


def column_collation(thd: "Thd", t: TableDef, c: Column) -> str | None:
    """The collation of a character column (None for the others, as I_S shows NULL)."""
    from harness.sql.item.charsets import COLLATIONS
    ty = c.type
    if not isinstance(ty, StringType) and type(ty).__name__ != "EnumType":
        return None
    cs = getattr(ty, "cs", None)
    cid = getattr(ty, "charset", None)
    if cs is not None and cid is not None:
        for name, (csname, id_, _b) in COLLATIONS.items():
            if id_ == cid and csname == cs.name and not name.startswith("utf8_"):
                return thd.server.flavor.sql.collation_name(name)
    return thd.server.flavor.sql.collation_name(table_collation(thd, t))


def column_key(t: TableDef, i: int) -> str:
    """SHOW COLUMNS' Key: PRI, UNI (first column of a single-column unique key), MUL."""
    for k in t.keys:
        if k.kind == "PRIMARY" and i in k.columns:
            return "PRI"
    for k in t.keys:
        if k.kind == "UNIQUE" and k.columns == [i]:
            return "UNI"
    for k in t.keys:
        if k.columns and k.columns[0] == i:
            return "MUL"
    return ""


def column_default(c: Column) -> str | None:
    """The Default of SHOW COLUMNS (NULL when there is none)."""
    if c.default_now:
        return "current_timestamp()"
    if c.has_default and c.default is not None and not c.implicit_default:
        v = c.type.to_text(c.default)
        return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
    return None


def column_extra(c: Column) -> str:
    if c.auto_increment:
        return "auto_increment"
    if c.on_update_now:
        return "on update current_timestamp()"
    return ""


def _open(thd: "Thd", name: A.TableName | None) -> TableDef:
    assert name is not None
    if thd.find_table(name) is None and thd.find_view(name) is not None:
        return view_table(thd, name)
    return thd.open_table(name)


def view_table(thd: "Thd", name: A.TableName) -> TableDef:
    """A view's columns as a keyless table (SHOW FIELDS / DESCRIBE / SHOW KEYS of a view):
    the view's SELECT is prepared, as the server opens a view, and its items typed as
    CREATE ... SELECT types them."""
    import dataclasses
    from harness.sql.handler.prelock import analyze
    from harness.sql.handler.storage import Engine
    from harness.sql.stmt.context import ExecContext
    from harness.sql.stmt.create_select import _select_columns
    from harness.sql.stmt.executor import Executor
    view = thd.find_view(name)
    assert view is not None and view.select is not None
    saved = thd.db
    thd.db = name.db or thd.db
    try:
        sel = dataclasses.replace(view.select, limit=A.Literal(0))
        info = analyze(thd, sel, "SELECT")
        res = Executor(thd, ExecContext(thd, info), info).select(sel)
        cols = _select_columns(thd, sel, res.columns)
    finally:
        thd.db = saved
    for c, alias in zip(cols, view.columns):
        c.name = alias
    return TableDef(name.db or thd.db or "", view.name.name, cols, [], Engine("VIEW", transactional=True))


def show_columns(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.stmt.create_select import type_sql
    t = _open(thd, st.table)
    rows = []
    for i, c in enumerate(t.columns):
        row: list[Any] = [c.name, type_sql(c.type, not thd.server.flavor.sql.int_display_width)]
        if st.full:
            row.append(column_collation(thd, t, c))
        row += ["YES" if c.nullable else "NO", column_key(t, i), column_default(c), column_extra(c)]
        if st.full:
            row += ["select,insert,update,references", ""]
        rows.append(row)
    names = ["Field", "Type", "Collation", "Null", "Key", "Default", "Extra", "Privileges", "Comment"] if st.full \
        else ["Field", "Type", "Null", "Key", "Default", "Extra"]
    return _text_result(names, like_filter(rows, st.like))


def show_index(thd: "Thd", st: A.Show) -> SelectResult:
    t = _open(thd, st.table)
    rows = []
    for k in t.keys:
        for seq, ci in enumerate(k.columns, 1):
            c = t.columns[ci]
            rows.append([t.name, 0 if k.kind in ("PRIMARY", "UNIQUE") else 1, k.name, seq, c.name, "A",
                         t.data.count, None, None,
                         "YES" if c.nullable else "", "BTREE",
                         "disabled" if t.keys_disabled and k.kind == "INDEX" else "", "", "NO"])
    return _text_result(["Table", "Non_unique", "Key_name", "Seq_in_index", "Column_name", "Collation",
                         "Cardinality", "Sub_part", "Packed", "Null", "Index_type", "Comment", "Index_comment",
                         "Ignored"], rows, (1, 3, 6, 7))


TABLE_STATUS_COLUMNS = ["Name", "Engine", "Version", "Row_format", "Rows", "Avg_row_length", "Data_length",
                        "Max_data_length", "Index_length", "Data_free", "Auto_increment", "Create_time",
                        "Update_time", "Check_time", "Collation", "Checksum", "Create_options", "Comment",
                        "Max_index_length", "Temporary"]


def table_status_row(thd: "Thd", t: TableDef) -> list[Any]:
    auto = t.data.auto_increment if t.auto_inc_col is not None else None
    from harness.sql.item.column_types import StringType
    variable = any(isinstance(c.type, StringType) and (c.type.is_blob or c.type.name == "VARCHAR") for c in t.columns)
    fmt = "Dynamic" if t.engine.name == "InnoDB" or (t.engine.name == "MyISAM" and variable) \
        else "Page" if t.engine.name == "Aria" else "Fixed"
    return [t.name, t.engine.name, 10, fmt, t.data.count, 0, 16384, 0, 0, 0, auto, None, None, None,
            thd.server.flavor.sql.collation_name(table_collation(thd, t)), None, "",
            str(t.options.get("COMMENT", "")), 0, "N"]


def show_table_status(thd: "Thd", st: A.Show) -> SelectResult:
    db = st.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    rows = [table_status_row(thd, t) for t in sorted(thd.catalog.tables(db).values(), key=lambda t: t.name)]
    for (vdb, _n), v in sorted(thd.catalog.views.items()):
        if vdb == db:
            rows.append([v.name.name] + [None] * 16 + ["VIEW", None, None])
    rows.sort(key=lambda r: str(r[0]))
    return _text_result(TABLE_STATUS_COLUMNS, like_filter(rows, st.like), (2, 4, 5, 6, 7, 8, 9, 10, 15, 18))


def show_create_table_text(thd: "Thd", t: TableDef) -> str:
    """SHOW CREATE TABLE: the definition with the table options the server prints
    (AUTO_INCREMENT when past 1, the default character set and collation)."""
    from harness.sql.item.charsets import COLLATIONS
    from harness.sql.stmt.create_select import create_table_sql
    coll = table_collation(thd, t)
    # a database default outside the modelled collations (MySQL's utf8mb4_0900_ai_ci) is the
    # model's utf8mb4 default, as table_collation says: a column in another collation spells it out
    # (9.7.4 [bytes]: `b` varchar(5) CHARACTER SET latin1 COLLATE latin1_swedish_ci)
    text = create_table_sql(t, t.engine.name, db_collation=thd.db_collation(t.db) or "utf8mb4_general_ci",
                            mysql=not thd.server.flavor.sql.int_display_width,
                            fk_unprinted=thd.server.flavor.sql.fk_unprinted_action)
    if t.auto_inc_col is not None and t.data.auto_increment > 1:
        text += f" AUTO_INCREMENT={t.data.auto_increment}"
    cs = COLLATIONS.get(coll, (None,))[0]
    if cs is not None:
        # the table options in the server's order: ... CHARSET, COLLATE, then Aria's PAGE_CHECKSUM
        page = " PAGE_CHECKSUM=1" if text.endswith(" PAGE_CHECKSUM=1") else ""
        text = text[:len(text) - len(page)] + f" DEFAULT CHARSET={cs} COLLATE={thd.server.flavor.sql.collation_name(coll)}" + page
    if t.options.get("COMMENT"):
        text += " COMMENT='" + str(t.options["COMMENT"]).replace("'", "''") + "'"
    if t.temporary:
        text = text.replace("CREATE TABLE", "CREATE TEMPORARY TABLE", 1)
    return text


def show_create_table(thd: "Thd", st: A.Show) -> SelectResult:
    assert st.table is not None
    view = thd.find_view(st.table) if thd.find_table(st.table) is None else None
    if view is not None:
        return show_create_view(thd, st)
    t = _open(thd, st.table)
    return _text_result(["Table", "Create Table"], [[t.name, show_create_table_text(thd, t)]])


def show_create_view(thd: "Thd", st: A.Show) -> SelectResult:
    assert st.table is not None
    v = thd.find_view(st.table)
    if v is None:
        raise error("ER_NO_SUCH_TABLE", st.table.db or thd.db, st.table.name)
    cols = f"({','.join('`' + c + '`' for c in v.columns)}) " if v.columns else ""
    text = (f"CREATE ALGORITHM=UNDEFINED DEFINER=`{thd.user}`@`localhost` SQL SECURITY DEFINER VIEW "
            f"`{v.name.name}` {cols}AS {v.select_text}")
    coll = thd.db_collation(v.name.db or thd.db) or "utf8mb4_general_ci"
    cs = coll.split("_")[0]
    return _text_result(["View", "Create View", "character_set_client", "collation_connection"],
                        [[v.name.name, text, cs, coll]])


def show_create_database(thd: "Thd", st: A.Show) -> SelectResult:
    assert st.db is not None
    if not thd.catalog.has_db(st.db):
        raise error("ER_BAD_DB_ERROR", st.db)
    coll = thd.db_collation(st.db) or "utf8mb4_general_ci"
    cs, dcoll = thd.catalog.db_charsets.get(st.db, (None, None))
    coll = dcoll or coll
    cs = cs or coll.split("_")[0]
    ine = "/*!32312 IF NOT EXISTS*/ " if st.if_not_exists else ""
    text = f"CREATE DATABASE {ine}`{st.db}` /*!40100 DEFAULT CHARACTER SET {cs} COLLATE {coll} */"
    return _text_result(["Database", "Create Database"], [[st.db, text]])


def show_triggers(thd: "Thd", st: A.Show) -> SelectResult:
    db = st.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    rows = []
    for t in sorted(thd.catalog.tables(db).values(), key=lambda t: t.name):
        for tr in t.triggers:
            rows.append([tr.name, tr.event, t.name, _trigger_body(tr.text), tr.timing, None,
                         tr.sql_mode or str(thd.vars.get("sql_mode")), f"{thd.user}@localhost",
                         "utf8mb4", "utf8mb4_general_ci", thd.db_collation(db) or "utf8mb4_general_ci"])
    return _text_result(["Trigger", "Event", "Table", "Statement", "Timing", "Created", "sql_mode", "Definer",
                         "character_set_client", "collation_connection", "Database Collation"],
                        like_filter(rows, st.like, 2))


def _trigger_body(text: str) -> str:
    import re
    m = re.search(r"\bFOR\s+EACH\s+ROW\s+(.*)$", text, re.IGNORECASE | re.DOTALL)
    return m.group(1) if m else text


def show_create_trigger(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.stmt.sql_table import _with_definer
    assert st.table is not None
    db = st.table.db or thd.db
    if db is None:
        raise error("ER_NO_DB_ERROR")
    for t in thd.catalog.tables(db).values():
        for tr in t.triggers:
            if tr.name.lower() == st.table.name.lower():
                coll = thd.db_collation(db) or "utf8mb4_general_ci"
                return _text_result(["Trigger", "sql_mode", "SQL Original Statement", "character_set_client",
                                     "collation_connection", "Database Collation", "Created"],
                                    [[tr.name, tr.sql_mode or "", _with_definer(thd, tr.text, "TRIGGER"), "utf8mb4",
                                      "utf8mb4_general_ci", coll, None]])
    raise error("ER_TRG_DOES_NOT_EXIST")


def show_create_routine(thd: "Thd", st: A.Show) -> SelectResult:
    from harness.sql.stmt.sql_table import routine_create_text
    assert st.table is not None
    kind = st.what.split("_", 1)[1]
    db = st.table.db or thd.db
    r = thd.catalog.routines.get((db or "", kind, st.table.name.lower()))
    if r is None:
        raise error("ER_SP_DOES_NOT_EXIST", kind, st.table.name)
    saved, thd.db = thd.db, db
    try:
        text = routine_create_text(thd, r.definition)
    finally:
        thd.db = saved
    coll = thd.db_collation(db) or "utf8mb4_general_ci"
    return _text_result([kind.capitalize(), "sql_mode", f"Create {kind.capitalize()}", "character_set_client",
                         "collation_connection", "Database Collation"],
                        [[r.name, r.sql_mode or "", text, "utf8mb4", "utf8mb4_general_ci", coll]])


def show_routine_status(thd: "Thd", st: A.Show) -> SelectResult:
    kind = st.what.split("_", 1)[0]
    rows = []
    for (db, k, _n), r in sorted(thd.catalog.routines.items()):
        if k == kind:
            rows.append([db, r.name, kind, f"{thd.user}@localhost", None, None, "DEFINER", "", "utf8mb4",
                         "utf8mb4_general_ci", thd.db_collation(db) or "utf8mb4_general_ci"])
    return _text_result(["Db", "Name", "Type", "Definer", "Modified", "Created", "Security_type", "Comment",
                         "character_set_client", "collation_connection", "Database Collation"],
                        like_filter(rows, st.like, 1))


def show_empty(names: list[str]) -> Callable[["Thd", A.Show], SelectResult]:
    return lambda thd, st: _text_result(names, [])


def _show_grants(thd: "Thd", st: A.Show) -> SelectResult:
    user = str(thd.user)
    return _text_result([f"Grants for {user}@localhost"],
                        [[f"GRANT ALL PRIVILEGES ON *.* TO `{user}`@`localhost` WITH GRANT OPTION"]])


#: what -> handler, for sql_show.show.
TABLE_SHOWS: dict[str, Callable[["Thd", A.Show], SelectResult]] = {
    "COLUMNS": show_columns,
    "INDEX": show_index,
    "TABLE_STATUS": show_table_status,
    "CREATE_TABLE": show_create_table,
    "CREATE_VIEW": show_create_view,
    "CREATE_DATABASE": show_create_database,
    "TRIGGERS": show_triggers,
    "CREATE_TRIGGER": show_create_trigger,
    "CREATE_PROCEDURE": show_create_routine,
    "CREATE_FUNCTION": show_create_routine,
    "PROCEDURE_STATUS": show_routine_status,
    "FUNCTION_STATUS": show_routine_status,
    "PACKAGE_STATUS": show_empty(["Db", "Name", "Type", "Definer", "Modified", "Created", "Security_type", "Comment",
                                  "character_set_client", "collation_connection", "Database Collation"]),
    "EVENTS": show_empty(["Db", "Name", "Definer", "Time zone", "Type", "Execute at", "Interval value",
                          "Interval field", "Starts", "Ends", "Status", "Originator", "character_set_client",
                          "collation_connection", "Database Collation"]),
    "SLAVE_STATUS": show_empty(["Slave_IO_State", "Master_Host", "Master_User", "Master_Port"]),
    "GRANTS": _show_grants,
}

__all__ = ["TABLE_SHOWS", "where_filter", "like_filter", "show_create_table_text", "table_status_row",
           "column_collation", "column_key", "column_default", "column_extra"]
