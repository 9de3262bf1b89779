"""The information_schema tables dump tools, ORMs and CDC readers read (issue 27), with
every column MariaDB 10.11 has, in its order, so that ``SELECT *`` and named columns
both answer as on the server: TABLES, COLUMNS, STATISTICS, KEY_COLUMN_USAGE,
TABLE_CONSTRAINTS, REFERENTIAL_CONSTRAINTS, CHECK_CONSTRAINTS, TRIGGERS, ROUTINES,
VIEWS, EVENTS, FILES, PARTITIONS, SCHEMATA.

Rows come from the catalog when a statement reads them (infoschema.py's model). What
the model has no notion of (tablespace files, events, foreign keys until the catalog
holds them) gives the server's answer for a server without any: no rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from harness.sql.handler.catalog import TableDef

if TYPE_CHECKING:
    from harness.sql.thd import Thd

_S, _I = "s", "i"


def _cols(spec: str) -> list[tuple[str, str]]:
    """'A B# C' -> [(A, s), (B, i), (C, s)]: names, ``#`` marking the integer columns."""
    return [(w.rstrip("#"), _I if w.endswith("#") else _S) for w in spec.split()]


def _make(name: str, spec: str, rows: list[list[Any]]) -> TableDef:
    """A keyless I_S table of VARCHAR / BIGINT UNSIGNED columns holding ``rows`` (as
    infoschema.py builds its tables; infoschema.py imports this module, not the reverse)."""
    from harness.sql.handler.storage import Engine
    from harness.sql.item.column_types import IntType, StringType
    from harness.sql.item.field import Column
    columns = [Column(n, IntType("BIGINT", True) if k == _I else StringType("VARCHAR", 2048), True)
               for n, k in _cols(spec)]
    t = TableDef("information_schema", name, columns, [], Engine("SYSTEM VIEW", transactional=True))
    for r in rows:
        t.data.insert(list(r))
    return t


def _tables_of(thd: "Thd") -> list[tuple[str, TableDef]]:
    out = []
    for db in sorted(thd.catalog.databases):
        for t in sorted(thd.catalog.tables(db).values(), key=lambda t: t.name):
            out.append((db, t))
    return out


TABLES = ("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME TABLE_TYPE ENGINE VERSION# ROW_FORMAT TABLE_ROWS# "
          "AVG_ROW_LENGTH# DATA_LENGTH# MAX_DATA_LENGTH# INDEX_LENGTH# DATA_FREE# AUTO_INCREMENT# CREATE_TIME "
          "UPDATE_TIME CHECK_TIME TABLE_COLLATION CHECKSUM# CREATE_OPTIONS TABLE_COMMENT MAX_INDEX_LENGTH# TEMPORARY")


def tables(thd: "Thd") -> TableDef:
    from harness.sql.stmt.sql_show_table import table_status_row
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        r = table_status_row(thd, t)
        rows.append(["def", db, t.name, "BASE TABLE"] + r[1:11] + [None, None, None] + r[14:])
    for (db, _n), v in sorted(thd.catalog.views.items()):
        rows.append(["def", db, v.name.name, "VIEW"] + [None] * 16 + ["VIEW", None, None])
    return _make("TABLES", TABLES, rows)


COLUMNS = ("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME COLUMN_NAME ORDINAL_POSITION# COLUMN_DEFAULT IS_NULLABLE "
           "DATA_TYPE CHARACTER_MAXIMUM_LENGTH# CHARACTER_OCTET_LENGTH# NUMERIC_PRECISION# NUMERIC_SCALE# "
           "DATETIME_PRECISION# CHARACTER_SET_NAME COLLATION_NAME COLUMN_TYPE COLUMN_KEY EXTRA PRIVILEGES "
           "COLUMN_COMMENT IS_GENERATED GENERATION_EXPRESSION")


def _numeric(ty: Any) -> tuple[int | None, int | None]:
    from harness.sql.item.column_types import DecimalType, FloatType, IntType
    if isinstance(ty, IntType):
        digits = {"TINYINT": 3, "SMALLINT": 5, "MEDIUMINT": 7, "INT": 10, "BIGINT": 19}.get(ty.name, 10)
        if ty.unsigned and ty.name == "BIGINT":
            digits = 20
        return digits, 0
    if isinstance(ty, DecimalType):
        return ty.precision, ty.scale
    if isinstance(ty, FloatType):
        return (12 if ty.name == "FLOAT" else 22), None
    return None, None


def _char_lengths(ty: Any) -> tuple[int | None, int | None]:
    from harness.sql.item.column_types import BinaryType, EnumType, StringType
    if isinstance(ty, EnumType):
        n = max((len(v) for v in ty.values), default=0)
        return n, n * 4
    if isinstance(ty, StringType):
        if ty.is_blob:
            n = {"TINYTEXT": 255, "TEXT": 65535, "MEDIUMTEXT": 16777215, "LONGTEXT": 4294967295}.get(ty.name, 65535)
            return n, n
        return ty.length, ty.length * max(1, getattr(ty.cs, "mbmaxlen", 4))
    if isinstance(ty, BinaryType):
        n = ty.length if not ty.is_blob else {"TINYBLOB": 255, "BLOB": 65535, "MEDIUMBLOB": 16777215,
                                              "LONGBLOB": 4294967295}.get(ty.name, 65535)
        return n, n
    return None, None


def column_default_is(c: Any) -> str | None:
    """COLUMN_DEFAULT as MariaDB 10.3+ shows it: an expression, a quoted string, or 'NULL'."""
    from harness.sql.stmt.sql_show_table import column_default
    v = column_default(c)
    if v is None:
        return "NULL" if c.nullable and not c.auto_increment else None
    if c.default_now or c.type.is_numeric:
        return v
    return "'" + v.replace("'", "''") + "'"


def columns(thd: "Thd") -> TableDef:
    from harness.sql.stmt.create_select import type_sql
    from harness.sql.stmt.sql_show_table import column_collation, column_extra, column_key
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for i, c in enumerate(t.columns):
            ctype = type_sql(c.type)
            coll = column_collation(thd, t, c)
            prec, scale = _numeric(c.type)
            clen, olen = _char_lengths(c.type)
            fsp = getattr(c.type, "fsp", None) if type(c.type).__name__ != "DateType" else None
            rows.append(["def", db, t.name, c.name, i + 1, column_default_is(c), "YES" if c.nullable else "NO",
                         ctype.split("(")[0].split()[0].lower(), clen, olen, prec, scale, fsp,
                         coll.split("_")[0] if coll else None, coll, ctype, column_key(t, i), column_extra(c),
                         "select,insert,update,references", "", "NEVER", None])
    return _make("COLUMNS", COLUMNS, rows)


STATISTICS = ("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME NON_UNIQUE# INDEX_SCHEMA INDEX_NAME SEQ_IN_INDEX# "
              "COLUMN_NAME COLLATION CARDINALITY# SUB_PART# PACKED NULLABLE INDEX_TYPE COMMENT INDEX_COMMENT "
              "IGNORED")


def statistics(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for k in t.keys:
            for seq, ci in enumerate(k.columns, 1):
                c = t.columns[ci]
                rows.append(["def", db, t.name, 0 if k.kind in ("PRIMARY", "UNIQUE") else 1, db, k.name, seq,
                             c.name, "A", t.data.count, None, None, "YES" if c.nullable else "", "BTREE", "", "",
                             "NO"])
    return _make("STATISTICS", STATISTICS, rows)


KEY_COLUMN_USAGE = ("CONSTRAINT_CATALOG CONSTRAINT_SCHEMA CONSTRAINT_NAME TABLE_CATALOG TABLE_SCHEMA TABLE_NAME "
                    "COLUMN_NAME ORDINAL_POSITION# POSITION_IN_UNIQUE_CONSTRAINT# REFERENCED_TABLE_SCHEMA "
                    "REFERENCED_TABLE_NAME REFERENCED_COLUMN_NAME")


def key_column_usage(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for k in t.keys:
            if k.kind not in ("PRIMARY", "UNIQUE"):
                continue
            for pos, ci in enumerate(k.columns, 1):
                rows.append(["def", db, k.name, "def", db, t.name, t.columns[ci].name, pos, None, None, None, None])
        for fk in getattr(t, "foreign_keys", []) or []:
            rows.extend(_fk_usage(db, t, fk))
    return _make("KEY_COLUMN_USAGE", KEY_COLUMN_USAGE, rows)


def _fk_usage(db: str, t: TableDef, fk: Any) -> list[list[Any]]:
    """A foreign key's columns (when the catalog holds foreign keys: branch ``schema``)."""
    out = []
    cols = list(getattr(fk, "columns", []))
    refs = list(getattr(fk, "ref_columns", []))
    for pos, (c, r) in enumerate(zip(cols, refs), 1):
        name = t.columns[c].name if isinstance(c, int) else c
        out.append(["def", db, getattr(fk, "name", ""), "def", db, t.name, name, pos, pos,
                    getattr(fk, "ref_db", None) or db, getattr(fk, "ref_table", None), r])
    return out


TABLE_CONSTRAINTS = "CONSTRAINT_CATALOG CONSTRAINT_SCHEMA CONSTRAINT_NAME TABLE_SCHEMA TABLE_NAME CONSTRAINT_TYPE"


def table_constraints(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for k in t.keys:
            if k.kind in ("PRIMARY", "UNIQUE"):
                rows.append(["def", db, k.name, db, t.name, "PRIMARY KEY" if k.kind == "PRIMARY" else "UNIQUE"])
        for fk in getattr(t, "foreign_keys", []) or []:
            rows.append(["def", db, getattr(fk, "name", ""), db, t.name, "FOREIGN KEY"])
    return _make("TABLE_CONSTRAINTS", TABLE_CONSTRAINTS, rows)


REFERENTIAL_CONSTRAINTS = ("CONSTRAINT_CATALOG CONSTRAINT_SCHEMA CONSTRAINT_NAME UNIQUE_CONSTRAINT_CATALOG "
                           "UNIQUE_CONSTRAINT_SCHEMA UNIQUE_CONSTRAINT_NAME MATCH_OPTION UPDATE_RULE DELETE_RULE "
                           "TABLE_NAME REFERENCED_TABLE_NAME")


def referential_constraints(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for fk in getattr(t, "foreign_keys", []) or []:
            rows.append(["def", db, getattr(fk, "name", ""), "def", getattr(fk, "ref_db", None) or db, "PRIMARY",
                         "NONE", getattr(fk, "on_update", None) or "RESTRICT",
                         getattr(fk, "on_delete", None) or "RESTRICT", t.name, getattr(fk, "ref_table", None)])
    return _make("REFERENTIAL_CONSTRAINTS", REFERENTIAL_CONSTRAINTS, rows)


TRIGGERS = ("TRIGGER_CATALOG TRIGGER_SCHEMA TRIGGER_NAME EVENT_MANIPULATION EVENT_OBJECT_CATALOG "
            "EVENT_OBJECT_SCHEMA EVENT_OBJECT_TABLE ACTION_ORDER# ACTION_CONDITION ACTION_STATEMENT "
            "ACTION_ORIENTATION ACTION_TIMING ACTION_REFERENCE_OLD_TABLE ACTION_REFERENCE_NEW_TABLE "
            "ACTION_REFERENCE_OLD_ROW ACTION_REFERENCE_NEW_ROW CREATED SQL_MODE DEFINER CHARACTER_SET_CLIENT "
            "COLLATION_CONNECTION DATABASE_COLLATION")


def triggers(thd: "Thd") -> TableDef:
    from harness.sql.stmt.sql_show_table import _trigger_body
    rows: list[list[Any]] = []
    for db, t in _tables_of(thd):
        for order, tr in enumerate(t.triggers, 1):
            rows.append(["def", db, tr.name, tr.event, "def", db, t.name, order, None, _trigger_body(tr.text),
                         "ROW", tr.timing, None, None, "OLD", "NEW", None, tr.sql_mode or "",
                         f"{thd.user}@localhost", "utf8mb4", "utf8mb4_general_ci",
                         thd.db_collation(db) or "utf8mb4_general_ci"])
    return _make("TRIGGERS", TRIGGERS, rows)


ROUTINES = ("SPECIFIC_NAME ROUTINE_CATALOG ROUTINE_SCHEMA ROUTINE_NAME ROUTINE_TYPE DATA_TYPE "
            "CHARACTER_MAXIMUM_LENGTH# CHARACTER_OCTET_LENGTH# NUMERIC_PRECISION# NUMERIC_SCALE# "
            "DATETIME_PRECISION# CHARACTER_SET_NAME COLLATION_NAME DTD_IDENTIFIER ROUTINE_BODY ROUTINE_DEFINITION "
            "EXTERNAL_NAME EXTERNAL_LANGUAGE PARAMETER_STYLE IS_DETERMINISTIC SQL_DATA_ACCESS SQL_PATH "
            "SECURITY_TYPE CREATED LAST_ALTERED SQL_MODE ROUTINE_COMMENT DEFINER CHARACTER_SET_CLIENT "
            "COLLATION_CONNECTION DATABASE_COLLATION")


def routines(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for (db, kind, _name), r in sorted(thd.catalog.routines.items()):
        rows.append([r.name, "def", db, r.name, kind] + [None] * 9 + ["SQL", getattr(r.definition, "text", ""),
                     None, "SQL", "SQL", "NO", "CONTAINS SQL", None, "DEFINER", None, None, r.sql_mode or "", "",
                     f"{thd.user}@localhost", "utf8mb4", "utf8mb4_general_ci",
                     thd.db_collation(db) or "utf8mb4_general_ci"])
    return _make("ROUTINES", ROUTINES, rows)


VIEWS = ("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME VIEW_DEFINITION CHECK_OPTION IS_UPDATABLE DEFINER SECURITY_TYPE "
         "CHARACTER_SET_CLIENT COLLATION_CONNECTION ALGORITHM")


def views(thd: "Thd") -> TableDef:
    rows = [["def", db, v.name.name, v.select_text, v.check_option or "NONE", "YES", f"{thd.user}@localhost",
             "DEFINER", "utf8mb4", "utf8mb4_general_ci", "UNDEFINED"]
            for (db, _n), v in sorted(thd.catalog.views.items())]
    return _make("VIEWS", VIEWS, rows)


EVENTS = ("EVENT_CATALOG EVENT_SCHEMA EVENT_NAME DEFINER TIME_ZONE EVENT_BODY EVENT_DEFINITION EVENT_TYPE "
          "EXECUTE_AT INTERVAL_VALUE INTERVAL_FIELD SQL_MODE STARTS ENDS STATUS ON_COMPLETION CREATED "
          "LAST_ALTERED LAST_EXECUTED EVENT_COMMENT ORIGINATOR# CHARACTER_SET_CLIENT COLLATION_CONNECTION "
          "DATABASE_COLLATION")

FILES = ("FILE_ID# FILE_NAME FILE_TYPE TABLESPACE_NAME TABLE_CATALOG TABLE_SCHEMA TABLE_NAME LOGFILE_GROUP_NAME "
         "LOGFILE_GROUP_NUMBER# ENGINE FULLTEXT_KEYS DELETED_ROWS# UPDATE_COUNT# FREE_EXTENTS# TOTAL_EXTENTS# "
         "EXTENT_SIZE# INITIAL_SIZE# MAXIMUM_SIZE# AUTOEXTEND_SIZE# CREATION_TIME LAST_UPDATE_TIME "
         "LAST_ACCESS_TIME RECOVER_TIME# TRANSACTION_COUNTER# VERSION# ROW_FORMAT TABLE_ROWS# AVG_ROW_LENGTH# "
         "DATA_LENGTH# MAX_DATA_LENGTH# INDEX_LENGTH# DATA_FREE# CREATE_TIME UPDATE_TIME CHECK_TIME CHECKSUM# "
         "STATUS EXTRA")

PARTITIONS = ("TABLE_CATALOG TABLE_SCHEMA TABLE_NAME PARTITION_NAME SUBPARTITION_NAME PARTITION_ORDINAL_POSITION# "
              "SUBPARTITION_ORDINAL_POSITION# PARTITION_METHOD SUBPARTITION_METHOD PARTITION_EXPRESSION "
              "SUBPARTITION_EXPRESSION PARTITION_DESCRIPTION TABLE_ROWS# AVG_ROW_LENGTH# DATA_LENGTH# "
              "MAX_DATA_LENGTH# INDEX_LENGTH# DATA_FREE# CREATE_TIME UPDATE_TIME CHECK_TIME CHECKSUM# "
              "PARTITION_COMMENT NODEGROUP TABLESPACE_NAME")


def partitions(thd: "Thd") -> TableDef:
    """A table without partitions has one row with NULL partition columns."""
    rows: list[list[Any]] = [["def", db, t.name] + [None] * 9 + [t.data.count, 0, 16384, None, 0, 0, None, None,
                                                                 None, None, "", "", None] for db, t in _tables_of(thd)]
    return _make("PARTITIONS", PARTITIONS, rows)


SCHEMATA = "CATALOG_NAME SCHEMA_NAME DEFAULT_CHARACTER_SET_NAME DEFAULT_COLLATION_NAME SQL_PATH SCHEMA_COMMENT"


def schemata(thd: "Thd") -> TableDef:
    rows = []
    for db in sorted(thd.catalog.databases):
        coll = thd.catalog.db_charsets.get(db, (None, None))[1] or thd.db_collation(db) or "utf8mb4_general_ci"
        rows.append(["def", db, coll.split("_")[0], coll, None, ""])
    return _make("SCHEMATA", SCHEMATA, rows)


CHECK_CONSTRAINTS = "CONSTRAINT_CATALOG CONSTRAINT_SCHEMA TABLE_NAME CONSTRAINT_NAME LEVEL CHECK_CLAUSE"


def _empty(name: str, spec: str) -> Callable[["Thd"], TableDef]:
    return lambda thd: _make(name, spec, [])


#: I_S table name (lower case) -> builder; infoschema.info_schema_table consults these first.
TOOL_TABLES: dict[str, Callable[["Thd"], TableDef]] = {
    "tables": tables,
    "columns": columns,
    "statistics": statistics,
    "key_column_usage": key_column_usage,
    "table_constraints": table_constraints,
    "referential_constraints": referential_constraints,
    "check_constraints": _empty("CHECK_CONSTRAINTS", CHECK_CONSTRAINTS),
    "triggers": triggers,
    "routines": routines,
    "views": views,
    "events": _empty("EVENTS", EVENTS),
    "files": _empty("FILES", FILES),
    "partitions": partitions,
    "schemata": schemata,
}
