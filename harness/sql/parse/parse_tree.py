"""AST for replbed's SQL subset.

Statements are parsed once; every later layer (execution, decide_logging_format,
caching) reads the same objects instead of re-walking the text. Each statement
keeps its original text because statement-format logging writes the text the
client sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- expressions


class Expr:
    """Marker base class for expressions."""

    __slots__ = ()


@dataclass(slots=True)
class Literal(Expr):
    value: Any  # int, Decimal, float, str, bytes, None


@dataclass(slots=True)
class ColumnRef(Expr):
    name: str
    table: str | None = None


@dataclass(slots=True)
class Star(Expr):
    table: str | None = None


@dataclass(slots=True)
class UserVar(Expr):
    name: str


@dataclass(slots=True)
class SysVar(Expr):
    name: str
    scope: str = "session"  # session | global | default (@@x: the session value, else the global one)


@dataclass(slots=True)
class Default(Expr):
    column: str | None = None


@dataclass(slots=True)
class Unary(Expr):
    op: str  # '-', '+', '~', 'NOT', 'BINARY'
    operand: Expr


@dataclass(slots=True)
class Binary(Expr):
    op: str
    left: Expr
    right: Expr


@dataclass(slots=True)
class FuncCall(Expr):
    name: str  # upper case
    args: list[Expr] = field(default_factory=list)
    distinct: bool = False
    star: bool = False  # COUNT(*)
    written: str = field(default="", compare=False)  # the name as the statement spells it (messages)


@dataclass(slots=True)
class WindowFunc(Expr):
    """``func(...) OVER ([PARTITION BY ...] [ORDER BY ...] [ROWS|RANGE frame])``
    (Item_window_func over a Window_spec). ``frame``: (units, start, end), a bound being
    (kind, offset) with kind UNBOUNDED PRECEDING / PRECEDING / CURRENT ROW / FOLLOWING /
    UNBOUNDED FOLLOWING; None for the default frame."""

    func: FuncCall
    partition: list[Expr] = field(default_factory=list)
    order: list["OrderItem"] = field(default_factory=list)
    frame: tuple[str, tuple[str, Expr | None], tuple[str, Expr | None]] | None = None


@dataclass(slots=True)
class InList(Expr):
    expr: Expr
    items: list[Expr]
    negated: bool = False


@dataclass(slots=True)
class InSubquery(Expr):
    expr: Expr
    query: "Select"
    negated: bool = False


@dataclass(slots=True)
class Between(Expr):
    expr: Expr
    low: Expr
    high: Expr
    negated: bool = False


@dataclass(slots=True)
class IsNull(Expr):
    expr: Expr
    negated: bool = False


@dataclass(slots=True)
class IsBool(Expr):
    expr: Expr
    value: bool
    negated: bool = False


@dataclass(slots=True)
class Like(Expr):
    expr: Expr
    pattern: Expr
    negated: bool = False


@dataclass(slots=True)
class Regexp(Expr):
    """``expr REGEXP pattern`` (RLIKE is the same operator)."""

    expr: Expr
    pattern: Expr
    negated: bool = False


@dataclass(slots=True)
class Interval(Expr):
    """``INTERVAL expr unit``: only meaningful beside + / - or in DATE_ADD and friends."""

    value: Expr
    unit: str


@dataclass(slots=True)
class Case(Expr):
    operand: Expr | None
    whens: list[tuple[Expr, Expr]]
    else_: Expr | None


@dataclass(slots=True)
class ScalarSubquery(Expr):
    query: "Select"


@dataclass(slots=True)
class Exists(Expr):
    query: "Select"


@dataclass(slots=True)
class Assign(Expr):
    """``@v := expr`` inside an expression."""

    var: str
    expr: Expr


@dataclass(slots=True)
class RowValue(Expr):
    """``NEW.col`` / ``OLD.col`` inside a trigger body."""

    which: str  # NEW | OLD
    column: str


# ----------------------------------------------------------------- statements


@dataclass(slots=True)
class TableName:
    name: str
    db: str | None = None

    def __str__(self) -> str:
        return f"{self.db}.{self.name}" if self.db else self.name


@dataclass(slots=True)
class TableRef:
    table: TableName
    alias: str | None = None
    join: str | None = None  # None for the first table, else INNER/LEFT/RIGHT/CROSS
    on: Expr | None = None
    # ``(SELECT ...) AS alias``: a derived table; ``table`` then holds only the alias.
    derived: "Select | None" = None
    # A reference to a common table expression (``WITH name AS (...)``): ``derived`` then
    # holds the CTE's query (an empty Select for a recursive CTE's reference to itself).
    cte: "Cte | None" = None
    # ``t1 STRAIGHT_JOIN t2``: the optimizer keeps this table after the ones before it
    straight: bool = False
    # ``JOIN t2 USING (c, ...)``: the columns (``on`` holds the equalities they stand for)
    using: list[str] | None = None

    @property
    def ref_name(self) -> str:
        return self.alias or self.table.name


@dataclass(eq=False)
class Cte:
    """One ``name [(columns)] AS (query)`` of a WITH clause (sql_cte.h With_element)."""

    name: str
    columns: list[str] | None
    select: "Select"
    recursive: bool = False  # WITH RECURSIVE and the query refers to ``name``


@dataclass(slots=True)
class OrderItem:
    expr: Expr
    desc: bool = False


@dataclass(slots=True)
class SelectItem:
    expr: Expr
    alias: str | None = None
    text: str = ""  # the source text, used as the column name


@dataclass
class Statement:
    """Base class for statements. ``text`` is the original statement text."""

    text: str = field(default="", kw_only=True)
    # Explicit collations of string literals the statement depends on (Parser.collate).
    literal_collations: tuple[str, ...] = field(default=(), kw_only=True)


@dataclass
class Select(Statement):
    items: list[SelectItem] = field(default_factory=list)
    from_: list[TableRef] = field(default_factory=list)
    where: Expr | None = None
    group_by: list[Expr] = field(default_factory=list)
    having: Expr | None = None
    order_by: list[OrderItem] = field(default_factory=list)
    limit: Expr | None = None
    offset: Expr | None = None
    distinct: bool = False
    calc_found_rows: bool = False  # SQL_CALC_FOUND_ROWS: FOUND_ROWS() counts rows before LIMIT
    sql_no_cache: bool = False  # SQL_NO_CACHE (MySQL 8.0: a deprecated no-op, Warning 1681)
    for_update: bool = False
    lock_share: bool = False  # LOCK IN SHARE MODE
    union: list[tuple[bool, "Select"]] = field(default_factory=list)  # (all, select)
    # SELECT ... INTO targets (UserVar, or ColumnRef naming a routine variable)
    # and the clause's span in ``text``, so an unrolled CALL can run the query
    # part as a statement of its own.
    into: list[Expr] = field(default_factory=list)
    into_span: tuple[int, int] | None = None


@dataclass
class LoadData(Statement):
    """LOAD DATA [LOW_PRIORITY|CONCURRENT] [LOCAL] INFILE ... (sql_exchange + the LEX lists).

    ``targets``: the column list, a column name or a :class:`UserVar` each (None: every
    column); ``set_list``: (column, expression, the expression's text as written), the
    text being what the server logs after ``col=``."""

    table: TableName = field(default_factory=lambda: TableName(""))
    file_name: str = ""
    local: bool = False
    priority: str = ""  # "", LOW_PRIORITY or CONCURRENT
    replace: bool = False
    ignore: bool = False
    charset: str | None = None
    field_term: str = "\t"
    enclosed: str = ""
    opt_enclosed: bool = False
    escaped: str = "\\"
    escaped_given: bool = False
    line_term: str = "\n"
    line_start: str = ""
    skip_lines: int = 0
    targets: list["str | UserVar"] | None = None
    set_list: list[tuple[str, Expr, str]] = field(default_factory=list)
    # Written through a view: the view and its column names, as the logged text names them.
    logged_table: TableName | None = None
    logged_targets: list["str | UserVar"] | None = None


@dataclass
class Insert(Statement):
    table: TableName = field(default_factory=lambda: TableName(""))
    columns: list[str] | None = None
    rows: list[list[Expr]] | None = None
    select: Select | None = None
    ignore: bool = False
    replace: bool = False
    on_duplicate: list[tuple[ColumnRef, Expr]] = field(default_factory=list)
    delayed: bool = False
    delayed_span: tuple[int, int] | None = None  # the DELAYED keyword's offsets in text
    # INSERT/REPLACE ... RETURNING select_list: the written rows are sent back.
    returning: list[SelectItem] | None = None
    # Set when the statement writes through a view WITH CHECK OPTION: the
    # condition every new row must meet (over the base table) and the view's name.
    check_option: tuple[Expr, str] | None = None
    # ``db.view`` when the statement inserts through a view (its 1423 names the view).
    through_view: str | None = None


@dataclass
class Update(Statement):
    tables: list[TableRef] = field(default_factory=list)
    assignments: list[tuple[ColumnRef, Expr]] = field(default_factory=list)
    where: Expr | None = None
    order_by: list[OrderItem] = field(default_factory=list)
    limit: Expr | None = None
    ignore: bool = False
    check_option: tuple[Expr, str] | None = None  # as for Insert


@dataclass
class Delete(Statement):
    targets: list[str] = field(default_factory=list)  # multi-table: names/aliases deleted from
    tables: list[TableRef] = field(default_factory=list)
    where: Expr | None = None
    order_by: list[OrderItem] = field(default_factory=list)
    limit: Expr | None = None
    ignore: bool = False


@dataclass
class Truncate(Statement):
    table: TableName = field(default_factory=lambda: TableName(""))


@dataclass
class ColumnDef:
    name: str
    type_name: str  # upper case: INT, VARCHAR, ...
    args: list[Any] = field(default_factory=list)  # length / precision / enum values
    unsigned: bool = False
    zerofill: bool = False
    nullable: bool | None = None  # None: not stated
    default: Expr | None = None
    has_default: bool = False
    auto_increment: bool = False
    primary_key: bool = False
    unique: bool = False
    charset: str | None = None
    collation: str | None = None
    on_update_now: bool = False
    comment: str | None = None
    # CHECK (expr) after the column: (expression, its text as written)
    check: "CheckDef | None" = None
    references: "ForeignKeyDef | None" = None  # column-level REFERENCES (an InnoDB foreign key since 10.5)
    # [GENERATED ALWAYS] AS (expr) [VIRTUAL | STORED | PERSISTENT]
    generated: "CheckDef | None" = None
    generated_stored: bool = False
    compressed: bool = False  # COMPRESSED [=zlib] (harness/sql/item/field_comp.py)


@dataclass
class ForeignKeyDef:
    """``[CONSTRAINT [name]] FOREIGN KEY [index] (cols) REFERENCES t (cols) [ON DELETE a] [ON UPDATE a]``."""

    columns: list[str]
    ref_table: "TableName"
    ref_columns: list[str]
    name: str | None = None  # the CONSTRAINT name
    index_name: str | None = None
    on_delete: str | None = None  # RESTRICT | CASCADE | SET NULL | NO ACTION | SET DEFAULT (None: not written)
    on_update: str | None = None


@dataclass
class CheckDef:
    """``[CONSTRAINT name] CHECK (expr)``: ``text`` is the expression as written."""

    expr: "Expr"
    text: str
    name: str | None = None
    pos: int = 0  # where the expression starts in the statement (the order constraints are written in)


@dataclass
class KeyDef:
    kind: str  # PRIMARY | UNIQUE | INDEX
    columns: list[str]
    name: str | None = None


@dataclass
class CreateTable(Statement):
    table: TableName = field(default_factory=lambda: TableName(""))
    columns: list[ColumnDef] = field(default_factory=list)
    keys: list[KeyDef] = field(default_factory=list)
    foreign_keys: list[ForeignKeyDef] = field(default_factory=list)
    checks: list[CheckDef] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    temporary: bool = False
    if_not_exists: bool = False
    select: Select | None = None
    like: TableName | None = None
    or_replace: bool = False
    # ``CREATE ... IGNORE SELECT`` / ``REPLACE SELECT``: how duplicate keys from the select are handled.
    duplicates: str | None = None
    # Offset in ``text`` where the SELECT part starts (row-format CREATE...SELECT
    # logs the CREATE without it).
    select_pos: int | None = None


@dataclass
class DropTable(Statement):
    tables: list[TableName] = field(default_factory=list)
    temporary: bool = False
    if_exists: bool = False
    sequence: bool = False  # DROP SEQUENCE


@dataclass
class CreateSequence(Statement):
    """CREATE [OR REPLACE] SEQUENCE [IF NOT EXISTS] name [options] (sql_yacc.yy sequence_defs).
    ``options``: the ones written, by name (start, minvalue, maxvalue, increment, cache,
    cycle), None for NO MINVALUE / NO MAXVALUE."""

    name: TableName = field(default_factory=lambda: TableName(""))
    or_replace: bool = False
    if_not_exists: bool = False
    options: dict[str, int | None] = field(default_factory=dict)
    engine: str | None = None


@dataclass
class AlterSequence(Statement):
    """ALTER SEQUENCE [IF EXISTS] name options; ``restart``: RESTART [WITH] n (None: absent,
    "start": RESTART alone)."""

    name: TableName = field(default_factory=lambda: TableName(""))
    if_exists: bool = False
    options: dict[str, int | None] = field(default_factory=dict)
    restart: int | str | None = None


@dataclass
class AlterSpec:
    """One comma-separated operation of ALTER TABLE (the server's Alter_info items).

    ``op``: ADD_COLUMN, DROP_COLUMN, MODIFY, CHANGE (column ``name`` becomes
    ``column``), SET_DEFAULT, DROP_DEFAULT, ADD_KEY, DROP_KEY (``name``;
    'PRIMARY' for DROP PRIMARY KEY), RENAME (``new_name``), ENGINE (``name``),
    AUTO_INCREMENT (``value``), ADD_FK (``fk``), DROP_FK (``name``), ADD_CHECK (``check``),
    DROP_CONSTRAINT / DROP_CHECK (``name``), KEYS (``value`` 1: ENABLE KEYS, 0: DISABLE KEYS).
    """

    op: str
    name: str | None = None
    column: ColumnDef | None = None
    key: KeyDef | None = None
    position: str | None = None  # None (last / in place), 'FIRST', or the column to go AFTER
    default: Expr | None = None
    new_name: TableName | None = None
    value: int | None = None
    fk: ForeignKeyDef | None = None
    check: CheckDef | None = None


@dataclass
class AlterTable(Statement):
    table: TableName = field(default_factory=lambda: TableName(""))
    specs: list[AlterSpec] = field(default_factory=list)
    ignore: bool = False


@dataclass
class CreateIndex(Statement):
    """CREATE [UNIQUE] INDEX name ON t (cols): executed as ALTER TABLE t ADD ..."""

    table: TableName = field(default_factory=lambda: TableName(""))
    key: KeyDef = field(default_factory=lambda: KeyDef("INDEX", []))


@dataclass
class DropIndex(Statement):
    table: TableName = field(default_factory=lambda: TableName(""))
    name: str = ""


@dataclass
class RenameTable(Statement):
    pairs: list[tuple[TableName, TableName]] = field(default_factory=list)


@dataclass
class TableMaintenance(Statement):
    """ANALYZE / OPTIMIZE / REPAIR / CHECK / CHECKSUM TABLE (the server's admin commands)."""

    command: str = ""  # ANALYZE | OPTIMIZE | REPAIR | CHECK | CHECKSUM
    tables: list[TableName] = field(default_factory=list)
    no_write_to_binlog: bool = False


@dataclass
class LockTables(Statement):
    # (table, alias or None, 'READ' | 'WRITE')
    locks: list[tuple[TableName, str | None, str]] = field(default_factory=list)


@dataclass
class UnlockTables(Statement):
    pass


@dataclass
class CreateDatabase(Statement):
    name: str = ""
    if_not_exists: bool = False
    charset: str | None = None  # CHARACTER SET / CHARSET
    collation: str | None = None  # COLLATE


@dataclass
class DropDatabase(Statement):
    name: str = ""
    if_exists: bool = False


@dataclass
class Use(Statement):
    db: str = ""


@dataclass
class Begin(Statement):
    read_only: bool = False
    consistent_snapshot: bool = False  # START TRANSACTION WITH CONSISTENT SNAPSHOT


@dataclass
class Commit(Statement):
    pass


@dataclass
class Rollback(Statement):
    savepoint: str | None = None


@dataclass
class Savepoint(Statement):
    name: str = ""


@dataclass
class ReleaseSavepoint(Statement):
    name: str = ""


# ---------------------------------------------------------------- XA (SQLCOM_XA_*)


@dataclass
class XaId:
    """An XA xid as written: ``'gtrid'[, 'bqual'[, formatID]]`` (strings or hex literals)."""

    gtrid: bytes = b""
    bqual: bytes = b""
    format_id: int = 1


@dataclass
class XaStart(Statement):
    xid: XaId = field(default_factory=XaId)
    option: str | None = None  # JOIN / RESUME


@dataclass
class XaEnd(Statement):
    xid: XaId = field(default_factory=XaId)
    option: str | None = None  # SUSPEND / SUSPEND FOR MIGRATE


@dataclass
class XaPrepare(Statement):
    xid: XaId = field(default_factory=XaId)


@dataclass
class XaCommit(Statement):
    xid: XaId = field(default_factory=XaId)
    one_phase: bool = False


@dataclass
class XaRollback(Statement):
    xid: XaId = field(default_factory=XaId)


@dataclass
class XaRecover(Statement):
    format: str = "RAW"  # FORMAT='RAW' (default) or 'SQL' (any case)
    format_pos: int | None = field(default=None, compare=False)  # where FORMAT= stands (MySQL's grammar has none: 1064 there)


@dataclass
class SetAssignment:
    target: Expr  # UserVar or SysVar
    value: Expr


@dataclass
class Set(Statement):
    assignments: list[SetAssignment] = field(default_factory=list)


@dataclass
class SetNames(Statement):
    charset: str = "utf8mb4"
    collation: str | None = None


@dataclass
class SetTransaction(Statement):
    isolation: str | None = None
    read_only: bool | None = None
    scope: str = "next"  # next | session | global


@dataclass
class Show(Statement):
    what: str = ""  # BINLOG_EVENTS, BINARY_LOGS, MASTER_STATUS, WARNINGS, ERRORS, TABLES, DATABASES, PROCESSLIST, VARIABLES, STATUS, CREATE_TABLE, ENGINES
    db: str | None = None
    like: str | None = None
    scope: str = "session"
    log_name: str | None = None
    from_pos: int | None = None
    limit: int | None = None
    offset: int | None = None
    table: TableName | None = None
    full: bool = False
    where: Expr | None = None  # SHOW ... WHERE expr
    if_not_exists: bool = False  # SHOW CREATE DATABASE IF NOT EXISTS



@dataclass
class ResetMaster(Statement):
    pass


@dataclass
class FlushBinaryLogs(Statement):
    # FLUSH BINARY LOGS DELETE_DOMAIN_ID = (ids) [, BINARY LOGS DELETE_DOMAIN_ID = (ids)]
    delete_domain_ids: list[int] | None = None


@dataclass
class Empty(Statement):
    """A statement of comments only (``/*!*/``, as mariadb-binlog output holds): the
    server's grammar accepts it (OPTION_LEX_FOUND_COMMENT) and does nothing."""


@dataclass
class PurgeBinaryLogs(Statement):
    """PURGE {BINARY | MASTER} LOGS {TO 'file' | BEFORE datetime}."""

    to: str | None = None
    before: Expr | None = None


@dataclass
class Flush(Statement):
    """FLUSH [NO_WRITE_TO_BINLOG | LOCAL] option, ...: what a flush of tables, privileges,
    status... logs (reload_acl_and_cache); FLUSH [BINARY] LOGS alone is FlushBinaryLogs."""

    options: list[str] = field(default_factory=list)  # TABLES, PRIVILEGES, STATUS, LOGS, ...
    tables: list[TableName] = field(default_factory=list)
    no_write_to_binlog: bool = False


@dataclass
class Explain(Statement):
    """EXPLAIN [EXTENDED | PARTITIONS] SELECT ...: the plan, never the rows."""

    select: Statement | None = None


@dataclass
class FlushReadLock(Statement):
    """FLUSH [LOCAL] TABLES WITH READ LOCK: the global read lock (lock_global_read_lock)."""

    no_write_to_binlog: bool = False


@dataclass
class Do(Statement):
    exprs: list[Expr] = field(default_factory=list)


@dataclass
class BinlogBase64(Statement):
    """``BINLOG 'base64'`` (mariadb-binlog output) or ``BINLOG @a, @b`` (fragmented)."""

    payload: str = ""
    fragments: tuple[str, str] | None = None  # user variable names


@dataclass
class CreateTrigger(Statement):
    name: str = ""
    db: str | None = None  # CREATE TRIGGER db.tr: must be the table's database (1435)
    timing: str = "AFTER"  # BEFORE | AFTER
    event: str = "INSERT"  # INSERT | UPDATE | DELETE
    table: TableName = field(default_factory=lambda: TableName(""))
    body: list[Statement] = field(default_factory=list)


@dataclass
class RoutineParam:
    name: str
    type_name: str
    args: list[Any] = field(default_factory=list)
    mode: str = "IN"


@dataclass
class CreateRoutine(Statement):
    kind: str = "PROCEDURE"  # PROCEDURE | FUNCTION
    name: str = ""
    db: str | None = None  # CREATE PROCEDURE db.p: created in db, logged qualified
    params: list[RoutineParam] = field(default_factory=list)
    returns: tuple[str, list[Any]] | None = None
    body: list[Statement] = field(default_factory=list)
    deterministic: bool = False
    sql_data_access: str = "CONTAINS SQL"  # NO SQL | READS SQL DATA | MODIFIES SQL DATA | CONTAINS SQL
    params_text: str = ""  # the parameter list as written (the server logs it verbatim)
    body_text: str = ""  # the routine body as written


@dataclass
class Return(Statement):
    expr: Expr | None = None


@dataclass
class Declare(Statement):
    names: list[str] = field(default_factory=list)
    type_name: str = "INT"
    default: Expr | None = None


@dataclass
class SetLocal(Statement):
    """``SET x = ...`` of a routine variable, or ``SET NEW.col = ...`` (``row`` NEW/OLD) in a trigger."""

    name: str = ""
    value: Expr | None = None
    row: str | None = None


@dataclass
class If(Statement):
    """``IF c THEN ... [ELSEIF c THEN ...] [ELSE ...] END IF`` in a routine body (ELSE: condition None)."""

    branches: list[tuple[Expr | None, list[Statement]]] = field(default_factory=list)


@dataclass
class Signal(Statement):
    """``SIGNAL SQLSTATE 'xxxxx' [SET MESSAGE_TEXT = ..., MYSQL_ERRNO = ...]`` in a routine body."""

    sqlstate: str = ""
    message: Expr | None = None
    errno: Expr | None = None


@dataclass
class Call(Statement):
    name: str = ""
    db: str | None = None  # CALL db.proc(...): the routine's database
    args: list[Expr] = field(default_factory=list)


@dataclass
class DropRoutine(Statement):
    kind: str = "PROCEDURE"  # PROCEDURE | FUNCTION | TRIGGER
    name: str = ""
    if_exists: bool = False
    db: str | None = None  # DROP ... db.name


@dataclass
class CreateView(Statement):
    name: TableName = field(default_factory=lambda: TableName(""))
    select: Select | None = None
    or_replace: bool = False
    select_text: str = ""  # the SELECT as written (the server logs it verbatim)
    columns: list[str] = field(default_factory=list)  # CREATE VIEW v (x, y) AS ...
    check_option: str | None = None  # CASCADED | LOCAL (WITH [..] CHECK OPTION)


@dataclass
class DropView(Statement):
    names: list[TableName] = field(default_factory=list)
    if_exists: bool = False


@dataclass
class Prepare(Statement):
    """PREPARE name FROM 'text' | @var (sql_prepare.cc mysql_sql_stmt_prepare)."""

    name: str = ""
    source: Expr | None = None


@dataclass
class Execute(Statement):
    """EXECUTE name [USING expr, ...]; EXECUTE IMMEDIATE expr [USING ...] (``immediate``)."""

    name: str = ""
    using: list[Expr] = field(default_factory=list)
    immediate: Expr | None = None


@dataclass
class Kill(Statement):
    """KILL [HARD | SOFT] [CONNECTION | QUERY] id (sql_yacc.yy kill)."""

    target: Expr | None = None
    query_only: bool = False


@dataclass
class Deallocate(Statement):
    """DEALLOCATE PREPARE name / DROP PREPARE name."""

    name: str = ""


@dataclass
class Account(Statement):
    """An account-management statement (sql_acl.cc): CREATE/ALTER/DROP/RENAME USER,
    CREATE/DROP ROLE, GRANT/REVOKE (privileges or roles), SET PASSWORD.

    ``verb``: CREATE USER, ALTER USER, DROP USER, RENAME USER, CREATE ROLE, DROP ROLE,
    GRANT, REVOKE, GRANT ROLE, REVOKE ROLE, SET PASSWORD. ``users``: (user, host) of the
    accounts the statement names (a role's host is ''); ``renames``: RENAME USER's pairs;
    ``roles``: the roles a GRANT/REVOKE ROLE hands out; ``on``: a privilege GRANT's
    object (db or None for ``*``/``*.*``, table or None for ``db.*``); ``password``:
    SET PASSWORD's value, as (kind, text) with kind PASSWORD, OLD_PASSWORD or HASH."""

    verb: str = ""
    users: list[tuple[str, str]] = field(default_factory=list)
    renames: list[tuple[tuple[str, str], tuple[str, str]]] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    if_exists: bool = False
    if_not_exists: bool = False
    or_replace: bool = False
    identified: bool = False
    on: tuple[str | None, str | None] | None = None
    password: tuple[str, str] | None = None
    # CREATE/ALTER USER: (user, host) -> its IDENTIFIED BY password as (PASSWORD, text)
    # or (HASH, '*...'), for logging in as the account.
    identified_by: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    # GRANT/REVOKE of privileges: the privilege words before ON, upper case.
    privileges: list[str] = field(default_factory=list)
    # The text of the privilege list (before ON) and of what follows the accounts (CREATE/ALTER
    # USER's options, GRANT's WITH GRANT OPTION): MySQL rebuilds the logged text from them
    privileges_text: str = ""
    options_text: str = ""


@dataclass
class EventStmt(Statement):
    """CREATE/ALTER/DROP EVENT (sql_yacc.yy event_tail; events.cc). ``verb``: CREATE,
    ALTER or DROP; ``definer``: an explicit DEFINER (None: the current user);
    ``event_pos``: where the word EVENT starts in the text (the logged CREATE is rebuilt
    from there); ``uses_now``: the schedule reads the current time (EVERY without
    STARTS, or NOW()/CURRENT_TIMESTAMP in it); ``rename``: ALTER ... RENAME TO."""

    verb: str = ""
    db: str | None = None
    name: str = ""
    or_replace: bool = False
    if_exists: bool = False
    if_not_exists: bool = False
    definer: tuple[str, str] | None = None
    event_pos: int = 0
    uses_now: bool = False
    rename: tuple[str | None, str] | None = None
    # The clauses (event_parse_data.cc Event_parse_data): ON SCHEDULE AT ``at`` or EVERY
    # ``every`` (value, unit) [STARTS] [ENDS]; ON COMPLETION [NOT] PRESERVE (None: not
    # said); ENABLE / DISABLE / DISABLE ON SLAVE|REPLICA (``status``: ENABLED, DISABLED,
    # SLAVESIDE_DISABLED; ``slave_word``: ON SLAVE was written); ``body_pos``: where the
    # body after DO starts (0: none)
    at: Expr | None = None
    every: tuple[Expr, str] | None = None
    starts: Expr | None = None
    ends: Expr | None = None
    preserve: bool | None = None
    status: str | None = None
    slave_word: bool = False
    comment: str | None = None
    body_pos: int = 0
