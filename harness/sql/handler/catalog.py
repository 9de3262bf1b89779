"""The catalog: databases, table definitions, triggers and stored routines.

A table definition carries what the logging layers ask about a table: its
engine's capabilities, whether it is temporary, its primary-key equivalent
(binlog_row_image) and its table-map description. Temporary tables live in the
owning session, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from harness.sql.sql_errors import ServerError, error
from harness.sql.handler.storage import Engine, TableData, engine_by_name
from harness.sql.item.column_types import ColumnType
from harness.sql.item.column_types import make_type
from harness.sql.parse import parse_tree as A
from harness.sql.item.field import Column

if TYPE_CHECKING:
    from harness.model.session import TableView


@dataclass
class Key:
    name: str  # 'PRIMARY' or the index name
    kind: str  # PRIMARY | UNIQUE | INDEX
    columns: list[int]
    # An index the SQL layer generated for a FOREIGN KEY (HA_GENERATED_KEY): a later key
    # that starts with its columns replaces it (mysql_prepare_create_table).
    generated: bool = False


@dataclass
class ForeignKey:
    """An InnoDB foreign key of the child table that holds it (dict_foreign_t)."""

    name: str
    columns: list[str]  # the child's columns, by name
    ref_db: str
    ref_table: str
    ref_columns: list[str]
    on_delete: str | None = None  # as written: RESTRICT, CASCADE, SET NULL, NO ACTION (None: not written)
    on_update: str | None = None

    def clause(self, child_db: str, unprinted: str = "RESTRICT") -> str:
        """``FOREIGN KEY (`a`) REFERENCES `p` (`id`) ON DELETE CASCADE`` as SHOW CREATE TABLE and
        the 1451/1452 texts print it: the parent qualified only in another database, every
        written action printed but ``unprinted``, the flavour's default (SqlDialect
        fk_unprinted_action: MariaDB's RESTRICT, MySQL's NO ACTION)."""
        cols = ", ".join(f"`{c}`" for c in self.columns)
        refs = ", ".join(f"`{c}`" for c in self.ref_columns)
        parent = f"`{self.ref_table}`" if self.ref_db == child_db else f"`{self.ref_db}`.`{self.ref_table}`"
        text = f"FOREIGN KEY ({cols}) REFERENCES {parent} ({refs})"
        if self.on_delete is not None and self.on_delete != unprinted:
            text += f" ON DELETE {self.on_delete}"
        if self.on_update is not None and self.on_update != unprinted:
            text += f" ON UPDATE {self.on_update}"
        return text


@dataclass
class CheckConstraint:
    """A CHECK constraint: ``field`` names the column of a column-level one (its 4025
    names it ``table.field``)."""

    name: str
    expr: A.Expr
    text: str  # Item::print of the expression
    field: str | None = None


@dataclass
class Trigger:
    name: str
    timing: str
    event: str
    body: list[A.Statement]
    text: str
    # The sql_mode at CREATE TRIGGER: the body runs under it (sp_head::m_sql_mode).
    sql_mode: str | None = None


@dataclass
class Routine:
    kind: str  # PROCEDURE | FUNCTION
    name: str
    definition: A.CreateRoutine
    # The sql_mode at CREATE: the body runs under it, whatever the caller's (probed).
    sql_mode: str | None = None


@dataclass
class TableDef:
    db: str
    name: str
    columns: list[Column]
    keys: list[Key]
    engine: Engine
    temporary: bool = False
    data: TableData = field(init=False)
    triggers: list[Trigger] = field(default_factory=list)
    # Table id for Table_map events, assigned when the table is "opened" first.
    table_id: int = 0
    # ALTER TABLE ... DISABLE KEYS on MyISAM/Aria: the non-unique indexes are not
    # maintained until ENABLE KEYS (SHOW INDEX says "disabled").
    keys_disabled: bool = False
    # CREATE SEQUENCE: the table holds the sequence's one row (sql_sequence.cc); its
    # values are read and written only by the sequence statements.
    sequence: bool = False
    options: dict[str, str] = field(default_factory=dict)
    # MyISAM's state header: ANALYZE/OPTIMIZE done since the last change (CHECK's
    # "Table is already up to date"); any row change clears it.
    admin_state: set[str] = field(default_factory=set)
    # A temporary table created while the statement was logged in row format: its
    # CREATE was not logged, so statements that touch it must log rows too (and its
    # DROP is not logged either).
    created_in_row_format: bool = field(default=False, compare=False, repr=False)
    # MySQL's !should_binlog_drop_if_temp(): created while the session's binlog was off,
    # so no DROP of it is logged (DdlLogging.temp_drop_follows_create_logging)
    drop_unlogged: bool = field(default=False, compare=False, repr=False)
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    checks: list[CheckConstraint] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.col_index = {c.name.lower(): i for i, c in enumerate(self.columns)}
        unique = []
        for k in self.keys:
            if k.kind in ("PRIMARY", "UNIQUE"):
                fns = [self.columns[c].type.sort_key for c in k.columns]
                unique.append((k.name, k.columns, fns))
        clustered = None
        if self.engine.clustered:
            ck = self.clustered_key()
            if ck is not None:
                clustered = (ck.columns, [self.columns[c].type.sort_key for c in ck.columns])
        self.data = TableData(unique, clustered, reuse_slots=not self.engine.clustered)
        self.auto_inc_col = next((i for i, c in enumerate(self.columns) if c.auto_increment), None)

    @property
    def transactional(self) -> bool:
        return self.engine.transactional

    @property
    def qualified(self) -> str:
        return f"{self.db}.{self.name}"

    def column(self, name: str) -> int:
        try:
            return self.col_index[name.lower()]
        except KeyError:
            raise error("ER_BAD_FIELD_ERROR", name, "field list") from None

    def primary_key(self) -> Key | None:
        return next((k for k in self.keys if k.kind == "PRIMARY"), None)

    def clustered_key(self) -> Key | None:
        """InnoDB's clustered index: the PK, else the first UNIQUE key on NOT NULL columns."""
        pk = self.primary_key()
        if pk:
            return pk
        for k in self.keys:
            if k.kind == "UNIQUE" and all(not self.columns[c].nullable for c in k.columns):
                return k
        return None

    def pke_columns(self) -> list[int]:
        """Seed 002's primary-key equivalent: PK, else a NOT NULL unique key, else all columns."""
        k = self.clustered_key()
        return list(k.columns) if k else list(range(len(self.columns)))

    def triggers_for(self, timing: str, event: str) -> list[Trigger]:
        return [t for t in self.triggers if t.timing == timing and t.event == event]


class Catalog:
    """All databases and their persistent tables; shared by every session."""

    def __init__(self) -> None:
        self.databases: dict[str, dict[str, TableDef]] = {}
        self.routines: dict[tuple[str, str, str], Routine] = {}  # (db, kind, name)
        self.views: dict[tuple[str, str], A.CreateView] = {}
        # Databases created with a character set or collation other than the server's
        # (db -> (charset, collation)): their tables would take it; not modelled.
        self.db_charsets: dict[str, tuple[str | None, str | None]] = {}
        self._next_table_id = 18  # ids below are used by the server's own tables

    def allocate_table_id(self) -> int:
        tid = self._next_table_id
        self._next_table_id += 1
        return tid

    def has_db(self, db: str) -> bool:
        return db in self.databases

    def create_db(self, db: str) -> None:
        self.databases[db] = {}

    def drop_db(self, db: str) -> list[TableDef]:
        self.db_charsets.pop(db, None)
        tables = list(self.databases.pop(db, {}).values())
        for key in [k for k in self.routines if k[0] == db]:
            del self.routines[key]
        for key in [k for k in self.views if k[0] == db]:
            del self.views[key]
        return tables

    def tables(self, db: str) -> dict[str, TableDef]:
        try:
            return self.databases[db]
        except KeyError:
            raise error("ER_BAD_DB_ERROR", db) from None

    def get_table(self, db: str, name: str) -> TableDef | None:
        return self.databases.get(db, {}).get(name.lower())

    def add_table(self, t: TableDef) -> None:
        self.tables(t.db)[t.name.lower()] = t

    def remove_table(self, db: str, name: str) -> None:
        self.tables(db).pop(name.lower(), None)

    def referencing(self, db: str, name: str) -> list[tuple[TableDef, ForeignKey]]:
        """The foreign keys of other tables (and of the table itself) that reference ``db.name``."""
        out = []
        for tables in self.databases.values():
            for t in tables.values():
                for fk in t.foreign_keys:
                    if fk.ref_db == db and fk.ref_table.lower() == name.lower():
                        out.append((t, fk))
        return out


def build_column(db: str, table: str, cd: A.ColumnDef, table_charset: str | None = None,
                 table_collation: str | None = None, db_collation: str | None = None,
                 native_json: bool = False) -> Column:
    """A column definition as the server stores it (shared by CREATE and ALTER TABLE).

    A character column without its own CHARACTER SET / COLLATE takes the table's
    DEFAULT CHARSET / COLLATE, and without those the database's default
    (``db_collation``: the server profile's collation_server, e.g. latin1_swedish_ci
    on a bare server, whose VARCHAR(200) rows then carry 1-byte lengths)."""
    from harness.sql.item.expr import constant_value  # local import: expr depends on catalog types

    charset, collation = cd.charset, cd.collation
    if charset is None and collation is None:
        charset, collation = table_charset, table_collation
    if charset is None and collation is None:
        collation = db_collation
    tname = cd.type_name
    if tname == "JSON" and not native_json:  # MariaDB: an alias of LONGTEXT utf8mb4_bin (the json_valid CHECK is the table's)
        tname, charset, collation = "LONGTEXT", "utf8mb4", "utf8mb4_bin"
    if tname == "JSON":  # MySQL's own type (SqlDialect.native_json; harness/sql/item/field_json.py)
        from harness.sql.item.field_json import JsonType
        ctype: ColumnType = JsonType()
    else:
        _check_decimal(cd.name, tname, cd.args)
        ctype = make_type(tname, cd.args, cd.unsigned, cd.zerofill, charset, collation)
    if cd.compressed:
        from harness.sql.item.field_comp import compressed
        ctype = compressed(ctype)
    nullable = cd.nullable if cd.nullable is not None else True
    if cd.primary_key:
        nullable = False
    col = Column(cd.name, ctype, nullable, auto_increment=cd.auto_increment, on_update_now=cd.on_update_now)
    if cd.generated is not None:
        from harness.sql.item.item_print import print_item
        col.generated, col.generated_stored = cd.generated.expr, cd.generated_stored
        col.generated_text = print_item(cd.generated.expr)
        return col
    if ctype.name == "ENUM" and not nullable and not cd.has_default:
        # An ENUM NOT NULL defaults to its first member: no 1364 when the column is omitted.
        col.default, col.has_default, col.implicit_default = 1, True, True
    if cd.has_default:
        dexpr = cd.default
        if isinstance(dexpr, A.FuncCall) and dexpr.name in ("CURRENT_TIMESTAMP", "NOW", "LOCALTIMESTAMP"):
            col.default_now = True
            col.has_default = True
        else:
            raw = constant_value(dexpr) if dexpr is not None else None
            if raw is None:
                if cd.nullable is False:
                    raise error("ER_INVALID_DEFAULT", cd.name)
                col.default = None
            else:
                from harness.sql.item.column_types import WriteContext
                try:
                    col.default = ctype.coerce(raw, cd.name, WriteContext(True, db, table))
                except ServerError:
                    raise invalid_default(ctype, raw, cd.name) from None
            col.has_default = True
    return col


def _check_decimal(name: str, tname: str, args: Any) -> None:
    """A DECIMAL(M,D) column the server refuses, named: MariaDB 10.11 the scale (1425, max 38), the
    precision (1426 `Too big precision specified for 'd'. Maximum is 65`), M >= D (1427), probed;
    MySQL 9.7 (Create_field::init) the scale first,
    then the precision, then M < D, each with its number (9.7.4 probed: DECIMAL(70, 2) -> `Too-big
    precision 70 specified for 'd'. Maximum is 65.`, DECIMAL(10, 40) -> 1425 `Too big scale 40
    specified for column 'd'. Maximum is 30.`; ServerError.mysql)."""
    if tname not in ("DECIMAL", "DEC", "NUMERIC", "FIXED") or not args:
        return
    precision, scale = int(args[0]), int(args[1]) if len(args) > 1 else 0
    if precision <= 65 and scale <= 38 and scale <= precision:
        return
    m_d = f"For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '{name}')"
    if scale > 38:
        err = ServerError(1425, f"Too big scale specified for '{name}'. Maximum is 38", "42000")
    elif precision > 65:
        err = ServerError(1426, f"Too big precision specified for '{name}'. Maximum is 65", "42000")
    else:
        err = ServerError(1427, m_d, "42000")
    if scale > 30:
        err.mysql = (1425, f"Too big scale {scale} specified for column '{name}'. Maximum is 30.")
    elif precision > 65:
        err.mysql = (1426, f"Too-big precision {precision} specified for '{name}'. Maximum is 65.")
    else:
        err.mysql = (1427, m_d + ".")
    raise err


def invalid_default(ctype: ColumnType, raw: Any, name: str) -> ServerError:
    """ER_INVALID_DEFAULT for a constant the column cannot hold, after the condition
    storing it raised: the server stores the default into the field outside any
    statement (no abort_on_warning, row 0, no table name yet), so SHOW WARNINGS
    lists that store's warning first -- 1264, 1265 (a cut string or a bad date, not
    1406/1292), 1366 for ``.``.`c` (observed). An ENUM's unknown member: none."""
    from harness.diagnostics import Note
    from harness.sql.item.column_types import WriteContext
    err = error("ER_INVALID_DEFAULT", name)
    if ctype.name in ("ENUM", "SET"):
        return err
    wctx = WriteContext(False, "", "", row=0)
    try:
        ctype.coerce(raw, name, wctx)
    except ServerError as cause:
        wctx.notes.append(Note("Warning", cause.code, cause.message))
    first = next((n for n in wctx.notes if n.level == "Warning"), None)
    if first is not None:
        err.times_reported = 0  # listed after the store's warning, not before it
        err.trailing_notes = [first, Note("Error", err.code, err.message)]
    err.default_store = (ctype, raw, name)  # type: ignore[attr-defined]  # restate_default_store
    return err


def restate_default_store(err: ServerError, strict: bool) -> None:
    """MySQL stores an invalid DEFAULT into the field within the statement: at row 1 and,
    in a strict sql_mode, as the store's error (1406 ``Data too long``, 1264) listed before
    the 1067; else the warning (1265, 1264) at row 1 (9.7.4 observed: `CREATE TABLE a2 (c
    VARCHAR(2) DEFAULT 'abcd')` -> Error 1406 then 1067; SqlDialect.default_store_in_statement)."""
    from harness.diagnostics import Note
    from harness.sql.item.column_types import WriteContext
    store = getattr(err, "default_store", None)
    if store is None or not err.trailing_notes:
        return
    ctype, raw, name = store
    # MySQL's own field store (mysql_stores: `DATE DEFAULT '2024-02-30'` warns 1264, 9.7.4 probed)
    wctx = WriteContext(strict, "", "", row=1, mysql_stores=True)
    try:
        ctype.coerce(raw, name, wctx)
        first = next((n for n in wctx.notes if n.level == "Warning"), None)
    except ServerError as cause:
        first = Note("Error" if strict else "Warning", cause.code, cause.message)
    if first is not None:
        err.trailing_notes = [first, Note("Error", err.code, err.message)]


def add_table_keys(columns: list[Column], keys: list[Key], key_defs: list[A.KeyDef]) -> None:
    """Resolve the table-level key definitions against the final column list.

    Kept apart from build_table because CREATE ... SELECT names keys over
    columns the select list contributes (``(PRIMARY KEY (a)) SELECT a ...``).
    """
    names = {c.name.lower(): i for i, c in enumerate(columns)}
    for kd in key_defs:
        cols = []
        for cname in kd.columns:
            if cname.lower() not in names:
                raise error("ER_KEY_COLUMN_DOES_NOT_EXIST", cname)
            if getattr(columns[names[cname.lower()]].type, "compressed", False):
                raise error("ER_COMPRESSED_COLUMN_USED_AS_KEY", columns[names[cname.lower()]].name)
            cols.append(names[cname.lower()])
        if kd.kind == "PRIMARY":
            if any(k.kind == "PRIMARY" for k in keys):
                raise error("ER_MULTIPLE_PRI_KEY")
            for c in cols:
                columns[c].nullable = False
            keys.append(Key("PRIMARY", "PRIMARY", cols))
        else:
            name = kd.name or columns[cols[0]].name
            existing = {k.name.lower() for k in keys}
            base, n = name, 2
            while name.lower() in existing:
                name = f"{base}_{n}"
                n += 1
            keys.append(Key(name, kd.kind, cols))
    # PRIMARY first, then UNIQUE keys, as the server orders them.
    keys.sort(key=lambda k: {"PRIMARY": 0, "UNIQUE": 1}.get(k.kind, 2))
    auto = [i for i, c in enumerate(columns) if c.auto_increment]
    if len(auto) > 1 or (auto and not any(k.columns and k.columns[0] == auto[0] for k in keys)):
        raise error("ER_WRONG_AUTO_KEY")
    for c in columns:
        if c.type.is_blob and any(columns.index(c) in k.columns for k in keys):
            raise error("ER_BLOB_KEY_WITHOUT_LENGTH", c.name)


def build_table(db: str, ct: A.CreateTable, temporary: bool, default_engine: str = "InnoDB",
                db_collation: str | None = None, native_json: bool = False) -> TableDef:
    """Turn a parsed CREATE TABLE into a TableDef, with the server's definition errors."""
    columns: list[Column] = []
    keys: list[Key] = []
    seen: set[str] = set()
    for cd in ct.columns:
        if cd.name.lower() in seen:
            raise error("ER_DUP_FIELDNAME", cd.name)
        seen.add(cd.name.lower())
        columns.append(build_column(db, ct.table.name, cd, ct.options.get("CHARSET"), ct.options.get("COLLATE"),
                                    db_collation, native_json))
        idx = len(columns) - 1
        if cd.primary_key:
            keys.append(Key("PRIMARY", "PRIMARY", [idx]))
        if cd.unique:
            keys.append(Key(cd.name, "UNIQUE", [idx]))
    add_table_keys(columns, keys, ct.keys)
    engine = engine_by_name(ct.options.get("ENGINE", default_engine))
    t = TableDef(db, ct.table.name, columns, keys, engine, temporary=temporary, options=dict(ct.options))
    if "AUTO_INCREMENT" in ct.options:
        t.data.auto_increment = int(ct.options["AUTO_INCREMENT"])
    return t


def build_checks(columns: list[A.ColumnDef], checks: list[A.CheckDef],
                 existing: list[CheckConstraint] | None = None) -> list[CheckConstraint]:
    """The CheckConstraint list of a table: its columns' first, then its own."""
    from harness.sql.item.item_print import print_item

    out = list(existing or [])
    for cd in columns:
        if cd.type_name == "JSON":
            # MariaDB's JSON: LONGTEXT with CHECK (json_valid(col)) (probed: SHOW CREATE prints it)
            e = A.FuncCall("JSON_VALID", [A.ColumnRef(cd.name)])
            out.append(CheckConstraint(cd.name, e, print_item(e), field=cd.name))
        if cd.check is not None:
            out.append(CheckConstraint(cd.name, cd.check.expr, print_item(cd.check.expr), field=cd.name))
    n = 0
    names = {c.name.lower() for c in out if c.field is None}
    for d in checks:
        name = d.name
        if name is None:
            n += 1
            name = f"CONSTRAINT_{n}"
            while name.lower() in names:
                n += 1
                name = f"CONSTRAINT_{n}"
        elif name.lower() in names:
            raise error("ER_DUP_CONSTRAINT_NAME", "CHECK", name)
        names.add(name.lower())
        out.append(CheckConstraint(name, d.expr, print_item(d.expr)))
    return out



def _implements_table_view(t: TableDef) -> TableView:
    """Never called: mypy checks here that TableDef offers what the binlog layers read."""
    return t
