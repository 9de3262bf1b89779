"""information_schema tables, built from what the model knows when a statement reads them.

MariaDB fills an I_S table into a temporary table when a query opens it
(``get_schema_tables_result``); here too: each read builds a keyless table from
the catalog, the system variables, the engines and the sessions. Only the
columns clients and MTR's include files read are listed; a table the model
cannot describe stays unknown (1109), as an unknown I_S table is on the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from harness.sql.item.field import Column
from harness.sql.handler.catalog import TableDef
from harness.sql.handler.storage import ENGINES, Engine
from harness.sql.item.column_types import IntType, StringType

if TYPE_CHECKING:
    from harness.sql.thd import Thd

DB = "information_schema"
# Reads of I_S take no row locks and are not unsafe; like a view's rows, the table is
# a per-statement copy (transactional: it takes no part in the mixing rules).
_ENGINE = Engine("SYSTEM VIEW", transactional=True)
_S, _I = "s", "i"

#: The plugins the model has (storage engines it models, the binlog, the native auth).
_PLUGINS = (("binlog", "STORAGE ENGINE"), ("mysql_native_password", "AUTHENTICATION"),
            ("MyISAM", "STORAGE ENGINE"), ("MEMORY", "STORAGE ENGINE"), ("Aria", "STORAGE ENGINE"),
            ("InnoDB", "STORAGE ENGINE"), ("BLACKHOLE", "STORAGE ENGINE"))


def _value(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bool):
        return "ON" if v else "OFF"
    return str(v)


def _table(name: str, cols: list[tuple[str, str]], rows: list[list[Any]]) -> TableDef:
    columns = [Column(n, IntType("BIGINT", True) if k == _I else StringType("VARCHAR", 2048), True)
               for n, k in cols]
    t = TableDef(DB, name, columns, [], _ENGINE)
    for r in rows:
        t.data.insert(list(r))
    return t


def _variables(thd: "Thd", session: bool) -> list[list[Any]]:
    vals = thd.vars.values if session else thd.vars.globals.values
    return [[k.upper(), _value(v)] for k, v in sorted(vals.items())]


def system_variables(thd: "Thd") -> TableDef:
    defs = thd.vars.globals.definitions
    rows = []
    for k, d in sorted(defs.items()):
        scope = "GLOBAL" if d.scope == "global" else "SESSION" if d.scope == "both" else "SESSION ONLY"
        sess = None if d.scope == "global" else _value(thd.vars.values.get(k))
        glob = None if d.scope == "session" else _value(thd.vars.globals.values.get(k))
        rows.append([k.upper(), sess, glob, "COMPILE-TIME", _value(d.default), scope,
                     "YES" if d.read_only else "NO"])
    return _table("SYSTEM_VARIABLES", [("VARIABLE_NAME", _S), ("SESSION_VALUE", _S), ("GLOBAL_VALUE", _S),
                                       ("GLOBAL_VALUE_ORIGIN", _S), ("DEFAULT_VALUE", _S),
                                       ("VARIABLE_SCOPE", _S), ("READ_ONLY", _S)], rows)


def engines(thd: "Thd") -> TableDef:
    default = str(thd.vars.globals.values.get("default_storage_engine", "InnoDB")).upper()
    rows = [[e.name, "DEFAULT" if e.name.upper() == default else "YES", "",
             "YES" if e.transactional else "NO", "YES" if e.xa_capable else "NO",
             "YES" if e.transactional else "NO"] for e in ENGINES.values()]
    return _table("ENGINES", [("ENGINE", _S), ("SUPPORT", _S), ("COMMENT", _S), ("TRANSACTIONS", _S),
                              ("XA", _S), ("SAVEPOINTS", _S)], rows)


def plugins(thd: "Thd") -> TableDef:
    rows = [[n, "1.0", "ACTIVE", kind, None, None, "GPL", "ON", "Stable"] for n, kind in _PLUGINS]
    return _table("PLUGINS", [("PLUGIN_NAME", _S), ("PLUGIN_VERSION", _S), ("PLUGIN_STATUS", _S),
                              ("PLUGIN_TYPE", _S), ("PLUGIN_LIBRARY", _S), ("PLUGIN_AUTHOR", _S),
                              ("PLUGIN_LICENSE", _S), ("LOAD_OPTION", _S), ("PLUGIN_MATURITY", _S)], rows)


def collation_rows() -> list[list[Any]]:
    """The collations the model knows (its column types can hold), in id order. A test that
    needs another one (``have_collation.inc``, ``have_ucs2.inc``) skips itself, as it would
    on a server built without that character set. Also SHOW COLLATION's rows."""
    from harness.sql.item.charsets import COLLATIONS, DEFAULT_COLLATION_OF
    known = {name: (cs, cid) for name, (cs, cid, _bin) in COLLATIONS.items() if not name.startswith("utf8_")}
    known["binary"] = ("binary", 63)
    return [[name, cs, cid, "Yes" if DEFAULT_COLLATION_OF.get(cs, "binary") == name else "", "Yes",
             # UCA collations weigh a character with up to 8 bytes (observed SORTLEN 8).
             8 if "unicode" in name else 1]
            for name, (cs, cid) in sorted(known.items(), key=lambda kv: kv[1][1])]


def collations(thd: "Thd") -> TableDef:
    return _table("COLLATIONS", [("COLLATION_NAME", _S), ("CHARACTER_SET_NAME", _S), ("ID", _I),
                                 ("IS_DEFAULT", _S), ("IS_COMPILED", _S), ("SORTLEN", _I)], collation_rows())


def _user_tables(thd: "Thd") -> list[tuple[str, TableDef]]:
    out = []
    for db in sorted(thd.catalog.databases):
        for t in thd.catalog.tables(db).values():
            out.append((db, t))
    return out


def tables(thd: "Thd") -> TableDef:
    rows: list[list[Any]] = []
    for db, t in _user_tables(thd):
        rows.append(["def", db, t.name, "BASE TABLE", t.engine.name, 10, "Fixed", t.data.count, None, None])
    for (db, _n), v in sorted(thd.catalog.views.items()):
        rows.append(["def", db, v.name.name, "VIEW", None, None, None, None, None, "VIEW"])
    return _table("TABLES", [("TABLE_CATALOG", _S), ("TABLE_SCHEMA", _S), ("TABLE_NAME", _S), ("TABLE_TYPE", _S),
                             ("ENGINE", _S), ("VERSION", _I), ("ROW_FORMAT", _S), ("TABLE_ROWS", _I),
                             ("AUTO_INCREMENT", _I), ("TABLE_COMMENT", _S)], rows)


def columns(thd: "Thd") -> TableDef:
    from harness.sql.stmt.create_select import type_sql
    rows: list[list[Any]] = []
    for db, t in _user_tables(thd):
        keyed = {c for k in t.keys for c in k.columns}
        for i, c in enumerate(t.columns):
            ctype = type_sql(c.type)
            rows.append(["def", db, t.name, c.name, i + 1, None, "YES" if c.nullable else "NO",
                         ctype.split("(")[0].split()[0].lower(), ctype.lower(),
                         "PRI" if any(k.kind == "PRIMARY" and i in k.columns for k in t.keys)
                         else "MUL" if i in keyed else "", "auto_increment" if c.auto_increment else ""])
    return _table("COLUMNS", [("TABLE_CATALOG", _S), ("TABLE_SCHEMA", _S), ("TABLE_NAME", _S),
                              ("COLUMN_NAME", _S), ("ORDINAL_POSITION", _I), ("COLUMN_DEFAULT", _S),
                              ("IS_NULLABLE", _S), ("DATA_TYPE", _S), ("COLUMN_TYPE", _S), ("COLUMN_KEY", _S),
                              ("EXTRA", _S)], rows)


def schemata(thd: "Thd") -> TableDef:
    rows = [["def", db, None, None, None] for db in sorted(thd.catalog.databases)]
    return _table("SCHEMATA", [("CATALOG_NAME", _S), ("SCHEMA_NAME", _S), ("DEFAULT_CHARACTER_SET_NAME", _S),
                               ("DEFAULT_COLLATION_NAME", _S), ("SQL_PATH", _S)], rows)


def _status(thd: "Thd") -> TableDef:
    from harness.sql.stmt.status_vars import status_rows
    rows = [[k.upper(), v] for k, v in status_rows(thd, "global")]
    return _table("GLOBAL_STATUS", [("VARIABLE_NAME", _S), ("VARIABLE_VALUE", _S)], rows)


def processlist(thd: "Thd") -> TableDef:
    rows = [[cid, s.user, s.host, s.db, s.command, 0, s.command_state, s.stmt.text if s is thd else None]
            for cid, s in sorted(thd.server.sessions.items())]
    return _table("PROCESSLIST", [("ID", _I), ("USER", _S), ("HOST", _S), ("DB", _S), ("COMMAND", _S),
                                  ("TIME", _I), ("STATE", _S), ("INFO", _S)], rows)


_BUILDERS: dict[str, Callable[["Thd"], TableDef]] = {
    "system_variables": system_variables,
    "global_variables": lambda thd: _table("GLOBAL_VARIABLES", [("VARIABLE_NAME", _S), ("VARIABLE_VALUE", _S)],
                                           _variables(thd, False)),
    "session_variables": lambda thd: _table("SESSION_VARIABLES", [("VARIABLE_NAME", _S), ("VARIABLE_VALUE", _S)],
                                            _variables(thd, True)),
    "engines": engines,
    "plugins": plugins,
    "collations": collations,
    "tables": tables,
    "columns": columns,
    "schemata": schemata,
    "global_status": _status,
    "session_status": _status,
    "processlist": processlist,
}


def info_schema_table(thd: "Thd", name: str) -> TableDef | None:
    """The I_S table ``name`` as of now, or None when the model has no such table."""
    from harness.sql.stmt.infoschema_tools import TOOL_TABLES
    build = TOOL_TABLES.get(name.lower()) or _BUILDERS.get(name.lower())
    return build(thd) if build is not None else None
