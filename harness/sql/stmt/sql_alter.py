"""ALTER TABLE, CREATE/DROP INDEX and RENAME TABLE: the table is rebuilt, then logged as DDL.

The server's ``mysql_alter_table`` prepares the new definition from the old one
and the ALTER items (``mysql_prepare_alter_table``), checks it like a CREATE
TABLE, copies every row into it converting each value (``copy_data_between_tables``)
and swaps it in. Whatever the engine and whatever the binlog format, the
statement is then written as its own DDL group, as the client sent it, after
the implicit commit that every such statement starts with. Nothing is logged
when it fails: the old table stays as it was.

replbed always "copies": the result (rows, their scan order, the errors and
warnings of the conversion) is what the server produces whether it copies or
changes the table in place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from harness.binlog.constants import GtidExtraFlag
from harness.model import query as L2
from harness.sql.item.field_store import string_field_copy
from harness.sql.item.field import Column
from harness.sql.handler.catalog import Key, TableDef, build_column, invalid_default
from harness.sql.sql_errors import Note, ServerError, error, note
from harness.sql.stmt.fill_record import dup_entry_error
from harness.sql.handler.storage import engine_by_name
from harness.sql.item.column_types import WriteContext
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import ParseError, UnsupportedError

if TYPE_CHECKING:
    from harness.sql.stmt.sql_result import OkPacket
    from harness.sql.thd import Thd


@dataclass(eq=False)
class _NewColumn:
    """A column of the table being built; ``src`` is its position in the old table (None: added)."""

    col: Column
    src: int | None


@dataclass
class _NewKey:
    name: str
    kind: str  # PRIMARY | UNIQUE | INDEX
    columns: list[_NewColumn] = field(default_factory=list)
    generated: bool = False  # made for a FOREIGN KEY (Key.generated)


def _strict(thd: "Thd") -> bool:
    mode = thd.vars.get("sql_mode")
    return "STRICT_ALL_TABLES" in mode or "STRICT_TRANS_TABLES" in mode


# ------------------------------------------------------------------ statements


def alter_table(thd: "Thd", st: A.AlterTable) -> "OkPacket":
    if st.ignore and not thd.server.flavor.sql.alter_ignore:
        # MySQL 5.7+'s grammar has no ALTER IGNORE (sql_yacc.yy): 1064 near IGNORE
        m = re.match(r"\s*ALTER\s+", st.text, re.I)
        raise ParseError(st.text, m.end() if m else 0)
    thd.implicit_commit(schema_change=True)  # CF_AUTO_COMMIT_TRANS: before the table is even opened
    t = _open_base_table(thd, st.table)
    simple = all(s.op in ("KEYS", "RENAME") for s in st.specs)
    phases = _TwoPhase.for_alter(thd, t, st.text, simple)
    try:
        new, affected, warnings = rebuild(thd, t, st.specs, st.ignore, phases)
    except ServerError as err:
        if thd.server.flavor.sql.default_store_in_statement:
            # ADD COLUMN / ALTER ... SET DEFAULT store the default as CREATE TABLE does (9.7.4
            # probed: `ALTER TABLE ok ADD COLUMN d TINYINT DEFAULT 300` -> Error 1264 at row 1)
            from harness.sql.handler.catalog import restate_default_store
            restate_default_store(err, "STRICT" in str(thd.vars.get("sql_mode")))
        raise
    warnings += _keys_onoff(thd, t, new, st.specs)
    _install(thd, t, new)
    _log_alter(thd, t, st.text, phases)
    from harness.sql.stmt.sql_result import OkPacket
    if simple:
        # simple_rename_or_index_change: nothing copied, a plain OK (probed)
        return OkPacket(0)
    return OkPacket(affected, info=f"Records: {affected}  Duplicates: 0  Warnings: {warnings}")


def _keys_onoff(thd: "Thd", old: TableDef, new: TableDef, specs: list[A.AlterSpec]) -> int:
    """ENABLE / DISABLE KEYS (Alter_info::keys_onoff): only MyISAM and Aria can leave their
    non-unique indexes unmaintained (handler::ha_disable_indexes); any other engine answers
    HA_ERR_WRONG_COMMAND, a Note 1031 naming the table's engine after the change, and the
    statement is logged all the same. A table copied by another ALTER keeps the state
    (probed on 10.11). Returns the number of notes added."""
    onoff = [s.value for s in specs if s.op == "KEYS"]
    can = new.engine.name in ("MyISAM", "Aria")
    new.keys_disabled = can and (not onoff[-1] if onoff else old.keys_disabled)
    if onoff and not can:
        thd.notes.append(note("Note", "ER_ILLEGAL_HA", new.engine.name, new.db, new.name))
        return 1
    return 0


def create_index(thd: "Thd", st: A.CreateIndex) -> "OkPacket":
    """CREATE INDEX is ALTER TABLE ... ADD INDEX (mysql_execute_command maps it so)."""
    return _index_statement(thd, st.table, A.AlterSpec("ADD_KEY", key=st.key), st.text)


def drop_index(thd: "Thd", st: A.DropIndex) -> "OkPacket":
    """DROP INDEX is ALTER TABLE ... DROP INDEX."""
    return _index_statement(thd, st.table, A.AlterSpec("DROP_KEY", name=st.name), st.text)


def _index_statement(thd: "Thd", table: A.TableName, spec: A.AlterSpec, text: str) -> "OkPacket":
    thd.implicit_commit(schema_change=True)
    t = _open_base_table(thd, table)
    phases = _TwoPhase.for_alter(thd, t, text, False)
    new, _affected, _w = rebuild(thd, t, [spec], False, phases)
    _install(thd, t, new)
    _log_alter(thd, t, text, phases)
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def rename_table(thd: "Thd", st: A.RenameTable) -> "OkPacket":
    """RENAME TABLE a TO b, c TO d: all pairs or none, one Query event as written."""
    from harness.sql.handler.check_constraints import rename_checks
    thd.implicit_commit()
    # Renames apply in order, each seeing the previous ones (a TO tmp, b TO a, tmp TO b works).
    names: dict[tuple[str, str], TableDef | None] = {}

    def lookup(db: str, name: str) -> TableDef | None:
        key = (db, name.lower())
        return names[key] if key in names else thd.catalog.get_table(db, name)

    moves: list[tuple[TableDef, str, str]] = []
    for old, new in st.pairs:
        odb, ndb = old.db or thd.db, new.db or thd.db
        if odb is None or ndb is None:
            raise error("ER_NO_DB_ERROR")
        if (odb, old.name.lower()) in thd.temp_tables or (ndb, new.name.lower()) in thd.temp_tables:
            raise UnsupportedError("RENAME TABLE of a temporary table")
        t = lookup(odb, old.name)
        if t is None:
            raise error("ER_NO_SUCH_TABLE", odb, old.name)
        if lookup(ndb, new.name) is not None:
            raise error("ER_TABLE_EXISTS_ERROR", new.name)
        if not thd.catalog.has_db(ndb):
            raise error("ER_NO_SUCH_TABLE", ndb, new.name)
        names[(odb, old.name.lower())] = None
        names[(ndb, new.name.lower())] = t
        moves.append((t, ndb, new.name))
    for t, _db, _name in moves:
        thd.catalog.remove_table(t.db, t.name)
    for t, ndb, nname in moves:
        rename_checks(thd, t, nname)
        t.db, t.name = ndb, nname
    for t, _db, _name in moves:
        if thd.catalog.get_table(t.db, t.name) is None:
            thd.catalog.add_table(t)
    L2.add_to_binlog_accessed_dbs(thd, *(d for d, _n in names))  # from and to (9.7.4 [bytes])
    thd.write_ddl(st.text, xid=True)  # observed: RENAME TABLE carries Q_XID (DDL log recovery)
    from harness.sql.stmt.sql_result import OkPacket
    return OkPacket()


def _open_base_table(thd: "Thd", name: A.TableName) -> TableDef:
    t = thd.open_table(name)
    if not t.temporary and thd.find_view(name) is not None:
        raise UnsupportedError("ALTER TABLE of a view")
    return t


class _TwoPhase:
    """binlog_alter_two_phase (MDEV-11675): an ALTER that changes the table is logged twice,
    as a START ALTER group before the engine works (``write_bin_log_start_alter``: Gtid
    flags_extra FL_START_ALTER_E1, the Query with Q_GTID_FLAGS3 and no Q_XID), then as a
    COMMIT ALTER group (FL_COMMIT_ALTER_E1 and the START's seq_no, Q_XID) or, when the
    engine's part fails, a ROLLBACK ALTER group (FL_ROLLBACK_ALTER_E1, the error code in the
    Query, no Q_XID). Not for a temporary table, a rename or ENABLE/DISABLE KEYS alone
    (simple_rename_or_index_change), nor an ALTER refused while it is prepared (probed on
    10.11: 1060 and 1146 log nothing)."""

    def __init__(self, thd: "Thd", text: str) -> None:
        self.thd, self.text = thd, text
        self.seq_no: int | None = None

    @classmethod
    def for_alter(cls, thd: "Thd", t: TableDef, text: str, simple: bool) -> "_TwoPhase | None":
        if t.temporary or simple or not thd.vars.values.get("binlog_alter_two_phase") or not thd.binlog_enabled():
            return None
        return cls(thd, text)

    def _write(self, flag: int, sa_seq_no: int | None, *, xid: bool, error_code: int = 0) -> int | None:
        log = self.thd.stmt_log
        log.gtid_flags3, log.sa_seq_no = flag, sa_seq_no
        try:
            return self.thd.write_ddl(self.text, xid=xid, error_code=error_code)
        finally:
            log.gtid_flags3, log.sa_seq_no = 0, None

    def start(self) -> None:
        self.seq_no = self._write(int(GtidExtraFlag.FL_START_ALTER_E1), None, xid=False)

    def commit(self) -> None:
        self._write(int(GtidExtraFlag.FL_COMMIT_ALTER_E1), self.seq_no, xid=True)

    def rollback(self, code: int) -> None:
        self._write(int(GtidExtraFlag.FL_ROLLBACK_ALTER_E1), self.seq_no, xid=False, error_code=code)


def _log_alter(thd: "Thd", old: TableDef, text: str, phases: _TwoPhase | None = None) -> None:
    """ALTER carries Q_XID (DDL log recovery). A temporary table's ALTER is logged only when
    its CREATE was (not created in row format), thread-specific (probed on 10.11: ALTER,
    CREATE/DROP INDEX of a temporary table commit first, then a DDL group with flags 0x4)."""
    L2.add_to_binlog_accessed_dbs(thd, old.db)  # the table's database (9.7.4 [bytes]: ALTER TABLE a1.x: 12=(a1))
    if phases is not None:
        phases.commit()
    elif not old.temporary:
        thd.write_ddl(text, xid=True)
    elif not old.created_in_row_format and thd.binlog_enabled():
        thd.write_ddl(text, xid=True, thread_specific=True)


def _install(thd: "Thd", old: TableDef, new: TableDef) -> None:
    old_key, new_key = (old.db, old.name.lower()), (new.db, new.name.lower())
    if old.temporary:
        # A temporary table is renamed among the session's temporary tables.
        if new_key != old_key and new_key in thd.temp_tables:
            raise error("ER_TABLE_EXISTS_ERROR", new.name)
        new.temporary, new.created_in_row_format = True, old.created_in_row_format
        new.drop_unlogged = old.drop_unlogged
        del thd.temp_tables[old_key]
        thd.add_temp_table(new_key, new)
        return
    if thd.catalog.get_table(new.db, new.name) is not None and new_key != old_key:
        raise error("ER_TABLE_EXISTS_ERROR", new.name)
    thd.catalog.remove_table(old.db, old.name)
    thd.catalog.add_table(new)


# ------------------------------------------------------------------ mysql_prepare_alter_table


def rebuild(thd: "Thd", t: TableDef, specs: list[A.AlterSpec], ignore: bool,
            phases: _TwoPhase | None = None) -> tuple[TableDef, int, int]:
    """The new table with the old rows converted; (table, rows copied, warnings).
    ``phases``: a two-phase ALTER's START is logged once the definition is prepared, its
    ROLLBACK when the constraints or the copy fail."""
    cols, keys, engine, new_name, auto_inc = _prepare(thd, t, specs)
    new = TableDef(new_name.db or t.db, new_name.name, [c.col for c in cols],
                   [Key(k.name, k.kind, [cols.index(c) for c in k.columns], k.generated) for k in keys], engine,
                   temporary=t.temporary, options={**t.options, "ENGINE": engine.name})
    new.triggers = list(t.triggers)
    if phases is not None:
        phases.start()
    try:
        _alter_constraints(thd, t, new, specs)
        new.table_id = thd.catalog.allocate_table_id()
        warnings = _copy_rows(thd, t, new, cols, ignore, validate=not _in_place(t, engine, specs))
    except ServerError as e:
        if phases is not None:
            phases.rollback(e.code)
        raise
    top = max((r[new.auto_inc_col] or 0 for _s, r in new.data.scan()), default=0) \
        if new.auto_inc_col is not None else 0
    new.data.auto_increment = max(t.data.auto_increment if auto_inc is None else auto_inc, top + 1)
    return new, new.data.count, warnings


def _alter_constraints(thd: "Thd", t: TableDef, new: TableDef, specs: list[A.AlterSpec]) -> None:
    """The foreign keys and CHECK constraints the new table keeps, drops and adds:
    DROP FOREIGN KEY / DROP CONSTRAINT of a name the table lacks is 1091; a dropped
    foreign key leaves its index (probed). Rows already there are not re-checked."""
    from harness.sql.handler.check_constraints import drop_check, mysql_checks, renamed_checks, table_checks
    from harness.sql.handler.foreign_keys import build_foreign_keys, fk_checks
    if any(s.column is not None and (s.column.check is not None or s.column.generated is not None
                                     or s.column.type_name == "JSON" or s.column.references is not None)
           for s in specs):
        raise UnsupportedError("a CHECK, REFERENCES, generated or JSON column in ALTER TABLE ADD/MODIFY/CHANGE")
    new.foreign_keys = list(t.foreign_keys) if new.engine.name == "InnoDB" else []
    new.checks = renamed_checks(thd, list(t.checks), t.name, new.name)  # ALTER ... RENAME (MySQL)
    for s in specs:
        if s.op == "DROP_FK" or (s.op == "DROP_CONSTRAINT" and any(
                f.name.lower() == (s.name or "").lower() for f in new.foreign_keys)):
            fk = next((f for f in new.foreign_keys if f.name.lower() == (s.name or "").lower()), None)
            if fk is None:
                raise error("ER_CANT_DROP_FIELD_OR_KEY", "FOREIGN KEY", s.name)
            new.foreign_keys.remove(fk)
        elif s.op in ("DROP_CONSTRAINT", "DROP_CHECK"):
            drop_check(new, s.name or "", mysql_checks(thd), s.op == "DROP_CHECK")
    adds = [s.fk for s in specs if s.op == "ADD_FK" and s.fk is not None]
    if adds:
        build_foreign_keys(thd.catalog, new.db, new, adds, fk_checks(thd))
    checks = [s.check for s in specs if s.op == "ADD_CHECK" and s.check is not None]
    if checks:
        new.checks = table_checks(thd, new, [], checks, new.checks)


def _prepare(thd: "Thd", t: TableDef, specs: list[A.AlterSpec]) -> tuple[
        list[_NewColumn], list[_NewKey], Any, A.TableName, int | None]:
    """The new table's definition, in the order of the server's mysql_prepare_alter_table:
    table options, columns, the old keys, the new keys, then the checks CREATE TABLE
    makes (mysql_prepare_create_table)."""
    engine, new_name, auto_inc = _table_options(thd, t, specs)
    drops = [s for s in specs if s.op == "DROP_COLUMN"]
    out = _prepare_columns(thd, t, specs, drops)
    keys = _prepare_old_keys(t, out, [s for s in specs if s.op == "DROP_KEY"], drops)
    _check_unique_column_names(out)
    _add_new_keys(thd, t, specs, out, keys)
    _drop_replaced_generated_keys(keys)
    _check_keys(out, keys)
    return out, keys, engine, new_name, auto_inc


def _table_options(thd: "Thd", t: TableDef, specs: list[A.AlterSpec]) -> tuple[Any, A.TableName, int | None]:
    """RENAME, ENGINE= and AUTO_INCREMENT=: the engine, the new name and the counter."""
    new_name = A.TableName(t.name, t.db)
    engine = t.engine
    auto_inc: int | None = None
    for s in specs:
        if s.op == "RENAME":
            new_name = s.new_name  # type: ignore[assignment]
        elif s.op == "ENGINE":
            engine = _engine(thd, s.name or "", engine)
        elif s.op == "AUTO_INCREMENT":
            auto_inc = s.value
    return engine, new_name, auto_inc


def _old_name(s: A.AlterSpec) -> str | None:
    """The existing column a CHANGE / MODIFY redefines (None for ADD)."""
    if s.op == "CHANGE":
        return s.name
    if s.op == "MODIFY":
        return s.column.name  # type: ignore[union-attr]
    return None


def _prepare_columns(thd: "Thd", t: TableDef, specs: list[A.AlterSpec],
                     drops: list[A.AlterSpec]) -> list[_NewColumn]:
    """The new column list. ``drops`` keeps the DROP COLUMNs that named no column
    (the keys step reports them)."""
    table = t.name
    changes = [s for s in specs if s.op in ("MODIFY", "CHANGE", "ADD_COLUMN")]
    defaults = [s for s in specs if s.op in ("SET_DEFAULT", "DROP_DEFAULT")]

    def build(cd: A.ColumnDef | None, src: int | None) -> _NewColumn:
        return _NewColumn(build_column(t.db, table, cd, t.options.get("CHARSET"),  # type: ignore[arg-type]
                                       t.options.get("COLLATE"), thd.db_collation(t.db)), src)

    # 1. the old columns, in order: dropped, changed in place, or kept (with ALTER COLUMN defaults)
    out: list[_NewColumn] = []
    targets: dict[int, _NewColumn] = {}  # id(spec) -> the old column it changes
    pending = list(changes)
    for i, c in enumerate(t.columns):
        drop = next((d for d in drops if d.name and d.name.lower() == c.name.lower()), None)
        if drop is not None:
            drops.remove(drop)
            continue
        ch = next((s for s in pending if (_old_name(s) or "").lower() == c.name.lower()), None)
        if ch is not None:
            nc = build(ch.column, i)
            targets[id(ch)] = nc
            if ch.position is None:
                out.append(nc)
                pending.remove(ch)
            continue
        nc = _NewColumn(replace(c), i)
        out.append(nc)
        alt = next((d for d in defaults if (d.name or "").lower() == c.name.lower()), None)
        if alt is not None:
            defaults.remove(alt)
            _alter_default(t, nc.col, alt)
    # 2. added columns and changed columns that move (FIRST / AFTER)
    for s in pending:
        target = targets.get(id(s))
        if s.op != "ADD_COLUMN" and target is None:
            # MODIFY/CHANGE of a column added by this same ALTER, else unknown
            name = _old_name(s) or ""
            found = next((c for c in out if c.col.name.lower() == name.lower() and c.src is None), None)
            if found is None:
                raise error("ER_BAD_FIELD_ERROR", name, table)
            out.remove(found)
            target = build(s.column, None)
        if target is None:
            target = build(s.column, None)
        if s.position is None:
            out.append(target)
        elif s.position == "FIRST":
            out.insert(0, target)
        else:
            at = next((j for j, c in enumerate(out) if c.col.name.lower() == s.position.lower()), None)
            if at is None:
                raise error("ER_BAD_FIELD_ERROR", s.position, table)
            out.insert(at + 1, target)
    if defaults:
        raise error("ER_BAD_FIELD_ERROR", defaults[0].name, table)
    if not out:
        raise error("ER_CANT_REMOVE_ALL_FIELDS")
    return out


def _prepare_old_keys(t: TableDef, out: list[_NewColumn], key_drops: list[A.AlterSpec],
                      drops: list[A.AlterSpec]) -> list[_NewKey]:
    """3. the old keys: dropped, or kept without the dropped columns. A DROP INDEX or
    DROP COLUMN that named nothing fails here."""
    by_src = {c.src: c for c in out if c.src is not None}
    keys: list[_NewKey] = []
    for k in t.keys:
        drop = next((d for d in key_drops if (d.name or "").lower() == k.name.lower()), None)
        if drop is not None:
            key_drops.remove(drop)
            continue
        parts = [by_src[i] for i in k.columns if i in by_src]
        if parts:
            keys.append(_NewKey(k.name, k.kind, parts, k.generated))
    if key_drops or drops:
        d = (key_drops or drops)[0]
        raise error("ER_CANT_DROP_FIELD_OR_KEY", "INDEX" if d.op == "DROP_KEY" else "COLUMN", d.name)
    return keys


def _drop_replaced_generated_keys(keys: list[_NewKey]) -> None:
    """An index generated for a foreign key goes when another key starts with its columns
    (mysql_prepare_create_table's foreign_key_prefix; observed: SQLAlchemy's CREATE UNIQUE
    INDEX uq (user_id, placed) after CREATE TABLE ... FOREIGN KEY (user_id) leaves only uq)."""
    keys[:] = [k for k in keys if not (k.generated and any(
        o is not k and not o.generated and o.columns[:len(k.columns)] == k.columns for o in keys))]


def _check_unique_column_names(out: list[_NewColumn]) -> None:
    """4. mysql_prepare_create_table: the definition is checked as CREATE TABLE checks it."""
    seen: set[str] = set()
    for c in out:
        if c.col.name.lower() in seen:
            raise error("ER_DUP_FIELDNAME", c.col.name)
        seen.add(c.col.name.lower())


def _add_new_keys(thd: "Thd", t: TableDef, specs: list[A.AlterSpec], out: list[_NewColumn],
                  keys: list[_NewKey]) -> None:
    """ADD KEY and the keys of added/changed columns (PRIMARY KEY, UNIQUE), named as
    the server names an unnamed key (its first column, then ``_2``, ``_3``...)."""
    new_keys = [s.key for s in specs if s.op == "ADD_KEY"]
    for s in specs:
        cd = s.column if s.op in ("MODIFY", "CHANGE", "ADD_COLUMN") else None
        if cd is not None and cd.primary_key:
            new_keys.append(A.KeyDef("PRIMARY", [cd.name]))
        if cd is not None and cd.unique:
            new_keys.append(A.KeyDef("UNIQUE", [cd.name]))
    by_name = {c.col.name.lower(): c for c in out}
    for kd in new_keys:
        assert kd is not None
        parts = []
        for cname in kd.columns:
            if cname.lower() not in by_name:
                raise error("ER_KEY_COLUMN_DOES_NOT_EXIST", cname)
            parts.append(by_name[cname.lower()])
        if kd.kind == "PRIMARY":
            if any(k.kind == "PRIMARY" for k in keys):
                raise error("ER_MULTIPLE_PRI_KEY")
            keys.append(_NewKey("PRIMARY", "PRIMARY", parts))
            continue
        name = _new_key_name(kd, parts, {k.name.lower() for k in keys})
        if any(k.columns == parts and (k.kind == "INDEX") == (kd.kind == "INDEX") for k in keys):
            # check_duplicate_key: an index repeating an existing one is accepted, with a Note.
            thd.notes.append(thd.server.flavor.sql.dup_index_note(name, t.db, t.name))
        keys.append(_NewKey(name, kd.kind, parts))


def _new_key_name(kd: A.KeyDef, parts: list[_NewColumn], existing: set[str]) -> str:
    if kd.name is not None:
        if kd.name.lower() in existing or kd.name.upper() == "PRIMARY":
            raise error("ER_DUP_KEYNAME", kd.name)
        return kd.name
    name = base = parts[0].col.name
    n = 2
    while name.lower() in existing or name.upper() == "PRIMARY":
        name = f"{base}_{n}"
        n += 1
    return name


def _check_keys(out: list[_NewColumn], keys: list[_NewKey]) -> None:
    """PRIMARY KEY columns become NOT NULL; keys are ordered PRIMARY, UNIQUE, others;
    one AUTO_INCREMENT column, first in a key; no BLOB in a key (no prefix lengths)."""
    for k in keys:
        if k.kind == "PRIMARY":
            for c in k.columns:
                c.col.nullable = False
    keys.sort(key=lambda k: {"PRIMARY": 0, "UNIQUE": 1}.get(k.kind, 2))
    auto = [c for c in out if c.col.auto_increment]
    if len(auto) > 1 or (auto and not any(k.columns and k.columns[0] is auto[0] for k in keys)):
        raise error("ER_WRONG_AUTO_KEY")
    for k in keys:
        for c in k.columns:
            if c.col.type.is_blob:
                raise error("ER_BLOB_KEY_WITHOUT_LENGTH", c.col.name)


def _alter_default(t: TableDef, col: Column, s: A.AlterSpec) -> None:
    col.default, col.default_now = None, False
    col.has_default = s.op == "SET_DEFAULT"
    d = s.default
    if d is None or s.op == "DROP_DEFAULT":
        return
    if isinstance(d, A.FuncCall) and d.name in ("CURRENT_TIMESTAMP", "NOW", "LOCALTIMESTAMP"):
        col.default_now = True
        return
    from harness.sql.item.expr import constant_value
    raw = constant_value(d)
    if raw is None:
        if not col.nullable:
            raise error("ER_INVALID_DEFAULT", col.name)
        return
    try:
        col.default = col.type.coerce(raw, col.name, WriteContext(True, t.db, t.name))
    except ServerError:
        raise invalid_default(col.type, raw, col.name) from None


def _engine(thd: "Thd", name: str, current: Any) -> Any:
    try:
        return engine_by_name(name)
    except ServerError:
        if "NO_ENGINE_SUBSTITUTION" in thd.vars.get("sql_mode"):
            raise
        thd.notes.append(note("Warning", "ER_UNKNOWN_STORAGE_ENGINE", name))
        return current


# ------------------------------------------------------------------ copy_data_between_tables


def _in_place(t: TableDef, engine: Any, specs: list[A.AlterSpec]) -> bool:
    """InnoDB adds a column (instantly) or a secondary index in place: its rows are not
    copied through Field::store, so a stored value the session's sql_mode would refuse
    (a zero date under TRADITIONAL) stays (observed: ADD COLUMN and CREATE INDEX pass
    where ENGINE=MyISAM, which copies, fails with 1292)."""
    in_place_ops = {"ADD_COLUMN", "ADD_KEY", "DROP_KEY", "SET_DEFAULT", "DROP_DEFAULT"}
    return t.engine.name == "InnoDB" and engine.name == "InnoDB" and all(
        s.op in in_place_ops and not (s.op == "ADD_KEY" and s.key is not None and s.key.kind == "PRIMARY")
        for s in specs)


def _copy_rows(thd: "Thd", old: TableDef, new: TableDef, cols: list[_NewColumn], ignore: bool,
               validate: bool = True) -> int:
    """Convert and insert every old row in the old table's scan order; returns the warning count.

    ALTER aborts on the first bad value in strict mode whatever the engine
    (abort_on_warning = strict && !IGNORE); rows are numbered from 1 in read order.
    """
    ctx = WriteContext(_strict(thd), new.db, new.name, ignore=ignore, sql_mode=thd.vars.get('sql_mode'),
                       mysql_stores=thd.server.flavor.sql.mysql_field_stores,
                       timestamp_max=thd.server.sysvars.timestamp_max)
    next_auto = 1
    if thd.server.flavor.sql.alter_zero_date_needs_empty_table and old.data.count and ctx.strict:
        _refuse_zero_date(thd, cols)
    null_alone = thd.server.flavor.sql.alter_zero_date_needs_empty_table
    for row_no, (_slot, row) in enumerate(old.data.scan(), start=1):
        ctx.row = row_no
        out: list[Any] = []
        failed: list[ServerError] = []  # the row's fields are all stored before it aborts (observed)
        for nc in cols:
            c = nc.col
            if nc.src is None:
                v = _added_value(c, next_auto)
                if c.auto_increment:
                    next_auto = v + 1
            else:
                try:
                    v = _convert(old.columns[nc.src], c, row[nc.src], ctx, null_alone) if validate else row[nc.src]
                except ServerError as err:
                    failed.append(err)
                    v = None
                if c.auto_increment and v is not None:
                    next_auto = max(next_auto, int(v) + 1)
            out.append(v)
        if failed:
            failed[0].trailing_notes = [*failed[0].trailing_notes,
                                        *(Note("Error", e.code, e.message) for e in failed[1:])]
            raise failed[0]
        dup = new.data.find_duplicate(out)
        if dup is not None:
            if ignore:
                continue
            raise dup_entry_error(new, dup)
        new.data.insert(out)
    thd.notes.extend(ctx.notes)
    return len(ctx.notes)


def _refuse_zero_date(thd: "Thd", cols: list[_NewColumn]) -> None:
    """MySQL: an added NOT NULL DATE/DATETIME without a default would fill the rows with a zero
    date, which a strict NO_ZERO_DATE refuses -- the table must be empty (sql_table.cc
    mysql_prepare_alter_table sets alter_ctx->error_if_not_empty; 9.7.4 observed: 1292
    `Incorrect datetime value: '0000-00-00 00:00:00' for column 'f' at row 1`)."""
    if "NO_ZERO_DATE" not in str(thd.vars.get("sql_mode")):
        return
    for nc in cols:
        c = nc.col
        if nc.src is None and not c.nullable and not c.has_default and c.type.name in ("DATE", "DATETIME"):
            kind, zero = ("date", "0000-00-00") if c.type.name == "DATE" else ("datetime", "0000-00-00 00:00:00")
            raise ServerError(1292, f"Incorrect {kind} value: '{zero}' for column '{c.name}' at row 1", "22007")


def _added_value(c: Column, next_auto: int) -> Any:
    if c.auto_increment:
        return next_auto
    if c.has_default and not c.default_now:
        return c.default
    if c.nullable:
        return None
    return c.type.default_value()


def _convert(src: Column, dst: Column, value: Any, ctx: WriteContext, null_alone: bool = False) -> Any:
    if value is None:
        if dst.nullable:
            return None
        if dst.auto_increment:
            return 0
        # A NULL into a NOT NULL column: Field::set_null() fails → WARN_DATA_TRUNCATED,
        # and the copy then fails with ER_INVALID_USE_OF_NULL (both listed, observed)
        if ctx.strict and not ctx.ignore:
            if not dst.type.is_string and null_alone:
                # MySQL: ER_INVALID_USE_OF_NULL alone (9.7.4 observed: MODIFY c INT NOT NULL)
                raise ServerError(1138, "Invalid use of NULL value", "22004")
            err = error("WARN_DATA_TRUNCATED", dst.name, ctx.condition_row)
            if not dst.type.is_string:  # observed for INT, not for VARCHAR
                err.trailing_notes = [Note("Error", 1138, "Invalid use of NULL value")]
            raise err
        ctx.notes.append(note("Warning", "WARN_DATA_TRUNCATED", dst.name, ctx.condition_row))
        return dst.type.default_value()
    st, dt_ = src.type, dst.type
    # Same string type, shorter: field_conv's do_cut_string / do_varstring copy
    # reports WARN_DATA_TRUNCATED (not the ER_DATA_TOO_LONG of Field::store).
    handled, cut = string_field_copy(st, dt_, value, dst.name, ctx)
    if handled:
        return cut
    if dt_.is_string and not dt_.is_blob and (not ctx.strict or ctx.ignore):
        # Non-strict Field_longstr::report_if_important_data: truncation is WARN_DATA_TRUNCATED.
        s = value if isinstance(value, str) else None
        if s is not None and len(s) > dt_.length and s[dt_.length:].strip(" "):  # type: ignore[attr-defined]
            ctx.notes.append(note("Warning", "WARN_DATA_TRUNCATED", dst.name, ctx.condition_row))
            s = s[:dt_.length]  # type: ignore[attr-defined]
            return s.rstrip(" ") if dt_.name == "CHAR" else s
    if st.name in ("ENUM", "SET") and st.name == dt_.name and st.values == dt_.values:  # type: ignore[attr-defined]
        return value  # do_field_eq: the stored number, the '' error value (0) too, silently
    return dt_.coerce(value, dst.name, ctx)
