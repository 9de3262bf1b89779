"""InnoDB foreign keys: their definition (dict_create_foreign_constraints) and what
InnoDB does with them on a row change (row0ins.cc, row0upd.cc).

* A child row whose key is not NULL must find its parent row
  (row_ins_check_foreign_constraint): 1452 ``ER_NO_REFERENCED_ROW_2``.
* A parent row that children reference: RESTRICT / NO ACTION (or nothing written)
  refuses the change with 1451 ``ER_ROW_IS_REFERENCED_2``; CASCADE deletes or updates
  the children; SET NULL sets their key to NULL (row_upd_cascade / row_ins_foreign
  cascade). InnoDB makes those changes itself, below the SQL layer: MariaDB logs no
  rows for them and fires no triggers on the child (the Table_map of a child the
  action writes is written all the same: sql_base.cc prepare_fk_prelocking_list
  opened it for write).
* ``foreign_key_checks=0`` (trx->check_foreigns = false) turns all of it off.
* Only InnoDB keeps them: on any other engine the clause is parsed and dropped, only
  the index the SQL layer generates for it stays (ha_create_table of MyISAM).

The engine-level semantics live here; the SQL layer calls in from its row writes.
"""

from __future__ import annotations

import re
from typing import Any

from harness.sql.handler.catalog import ForeignKey, Key, TableDef
from harness.sql.item.column_types import value_to_string
from harness.sql.parse import parse_tree as A
from harness.sql.parse.parse_errors import UnsupportedError
from harness.sql.sql_errors import ServerError, error, note

#: The actions that change the child: its table is opened for write (TL_WRITE) by
#: the parent's UPDATE/DELETE, so in row format it gets a Table_map (probed).
MODIFYING_ACTIONS = ("CASCADE", "SET NULL", "SET DEFAULT")

_INCORRECT = '150 "Foreign key constraint is incorrectly formed"'


def fk_checks(thd: Any) -> bool:
    return bool(thd.vars.get("foreign_key_checks"))


def generated_fk_name(table: str, existing: list[ForeignKey], taken: set[str]) -> str:
    """InnoDB's ``<table>_ibfk_<n>``: one past the highest number the table's names use
    (dict_table_get_highest_foreign_id; probed: c2_ibfk_3 after dropping c2_ibfk_1)."""
    pat = re.compile(re.escape(table.lower()) + r"_ibfk_(\d+)$")
    high = 0
    for name in [f.name for f in existing] + list(taken):
        m = pat.match(name.lower())
        if m:
            high = max(high, int(m.group(1)))
    return f"{table}_ibfk_{high + 1}"


def _covers(keys: list[Key], cols: list[int]) -> bool:
    return any(k.columns[:len(cols)] == cols for k in keys)


def _settle_generated_key(keys: list[Key], cols: list[int]) -> bool:
    """Whether the index generated for a foreign key on ``cols`` is added (an older generated key
    it replaces is removed from ``keys`` here), settled against
    the first existing key one of them is a prefix of, where the prefix is a generated key
    (mysql_prepare_create_table's foreign_key_prefix loop): a user's key, or a longer
    generated one, makes the new key unneeded; otherwise the older generated key goes and
    the new one is added at the end. Probed: after DROP FOREIGN KEY left its index ``pid``,
    ``ADD CONSTRAINT named_fk FOREIGN KEY (pid)`` shows ``KEY named_fk (pid)`` last, ``pid`` gone."""
    for i, k in enumerate(keys):
        new_is_prefix = k.columns[:len(cols)] == cols
        if not (new_is_prefix or (k.generated and cols[:len(k.columns)] == k.columns)):
            continue
        if not k.generated or len(cols) < len(k.columns):
            return False
        del keys[i]
        return True
    return True


def build_foreign_keys(catalog: Any, db: str, t: TableDef, defs: list[A.ForeignKeyDef], check: bool) -> None:
    """Resolve the FOREIGN KEY clauses of CREATE/ALTER TABLE onto ``t``: the index the SQL
    layer generates for each (named after the constraint, else the index name, else the
    first column; none when a key already starts with the columns), then, on InnoDB, the
    constraint (ON DELETE/UPDATE as written)."""
    from harness.sql.handler.catalog import add_table_keys
    for d in defs:
        cols = [t.column(c) for c in d.columns]
        if _settle_generated_key(t.keys, cols):
            name = d.name or d.index_name or d.columns[0]
            add_table_keys(t.columns, t.keys, [A.KeyDef("INDEX", list(d.columns), name)])
            for k in t.keys:
                if k.name == name and k.columns == cols:
                    k.generated = True
        if t.engine.name != "InnoDB":
            continue
        if t.temporary:
            raise UnsupportedError("FOREIGN KEY on a temporary table")
        if "SET DEFAULT" in (d.on_delete, d.on_update):
            raise UnsupportedError("FOREIGN KEY ... SET DEFAULT")
        ref_db = d.ref_table.db or db
        ref_cols = d.ref_columns or []
        parent = t if (ref_db, d.ref_table.name.lower()) == (db, t.name.lower()) else catalog.get_table(
            ref_db, d.ref_table.name)
        if check:
            _check_definition(t, cols, parent, ref_cols, d)
        if d.name is not None:
            _check_name_free(catalog, db, t, d)
        taken = {f.name for f in t.foreign_keys}
        name = d.name or generated_fk_name(t.name, t.foreign_keys, taken)
        t.foreign_keys.append(ForeignKey(name, [t.columns[c].name for c in cols], ref_db, d.ref_table.name,
                                         [parent.columns[parent.column(c)].name if parent is not None else c
                                          for c in ref_cols], d.on_delete, d.on_update))


def _check_name_free(catalog: Any, db: str, t: TableDef, d: A.ForeignKeyDef) -> None:
    """InnoDB names a constraint ``db/name`` in its dictionary, case-insensitively: a name a
    foreign key of the database already has is errno 121 (dict_create_add_foreign_to_dictionary
    -> DB_DUPLICATE_KEY), with InnoDB's warning before the 1005 and 1022 after it (probed on
    10.11). The warning of an ALTER names the intermediate ``#sql-alter-...`` table: not
    reproduced (the model names the table)."""
    name = (d.name or "").lower()
    for other in catalog.tables(db).values():
        for fk in other.foreign_keys:
            if fk.name.lower() == name:
                clause = ForeignKey(d.name or "", list(d.columns), d.ref_table.db or db, d.ref_table.name,
                                    list(d.ref_columns or []), d.on_delete, d.on_update).clause(db)
                e = error("ER_CANT_CREATE_TABLE", t.db, t.name, '121 "Duplicate key on write or update"')
                e.leading_notes = [note("Warning", "ER_FK_DUPLICATE_NAME", t.db, t.name, d.name, clause)]
                e.trailing_notes = [note("Warning", "ER_DUP_KEY", t.name)]
                raise e


def _check_definition(t: TableDef, cols: list[int], parent: TableDef | None, ref_cols: list[str],
                      d: A.ForeignKeyDef) -> None:
    """errno 150 (1005) for a constraint InnoDB cannot create: no parent, a count or type
    mismatch, no index in the parent that starts with the referenced columns, SET NULL on
    a NOT NULL column. The warnings InnoDB adds to SHOW WARNINGS are not modelled."""
    bad = error("ER_CANT_CREATE_TABLE", t.db, t.name, _INCORRECT)
    if parent is None or parent.engine.name != "InnoDB" or len(ref_cols) != len(cols):
        raise bad
    try:
        pcols = [parent.column(c) for c in ref_cols]
    except ServerError:
        raise bad from None
    if not _covers(parent.keys, pcols):
        raise bad
    for c, p in zip(cols, pcols):
        ct, pt = t.columns[c].type, parent.columns[p].type
        if ct.binlog_type != pt.binlog_type or getattr(ct, "unsigned", False) != getattr(pt, "unsigned", False):
            raise bad
    if "SET NULL" in (d.on_delete, d.on_update) and any(not t.columns[c].nullable for c in cols):
        raise bad


def _constraint_text(thd: Any, child: TableDef, fk: ForeignKey) -> str:
    """The constraint as 1451 / 1452 print it (MySQL: build_fk_error_message, the same clause
    as SHOW CREATE TABLE but for SET DEFAULT, which neither flavour models)."""
    return f"`{child.db}`.`{child.name}`, CONSTRAINT `{fk.name}` {fk.clause(child.db, thd.server.flavor.sql.fk_unprinted_action)}"


def _key_of(t: TableDef, names: list[str], row: list[Any]) -> tuple[Any, ...] | None:
    """The row's values of the named columns in their collation's sort order; None if one is NULL."""
    out = []
    for n in names:
        i = t.column(n)
        v = row[i]
        if v is None:
            return None
        out.append(t.columns[i].type.sort_key(v))
    return tuple(out)


def _matching(t: TableDef, names: list[str], key: tuple[Any, ...]) -> list[int]:
    return [slot for slot, r in enumerate(t.data.rows) if r is not None and _key_of(t, names, r) == key]


def check_child_row(thd: Any, t: TableDef, new: list[Any], old: list[Any] | None = None) -> None:
    """1452 when a (changed) foreign key of ``new`` has no parent row."""
    if not t.foreign_keys or not fk_checks(thd):
        return
    for fk in t.foreign_keys:
        key = _key_of(t, fk.columns, new)
        if key is None or (old is not None and _key_of(t, fk.columns, old) == key):
            continue
        if old is None and fk.ref_db == t.db and fk.ref_table.lower() == t.name.lower() \
                and _key_of(t, fk.ref_columns, new) == key:
            # a new row referencing itself: InnoDB checks the foreign key's index entry after
            # the clustered record is in (row_ins_index_entry_step), MySQL 9.x skips it
            # (check_all_parent_fk_ref: is_self_fk_value_same). 10.11 and 9.7.4 observed:
            # `INSERT INTO u VALUES (1, NULL), (2, 1), (3, 3)` OK
            continue
        parent = thd.catalog.get_table(fk.ref_db, fk.ref_table)
        if parent is None or not _parent_has(parent, fk, key):
            raise error("ER_NO_REFERENCED_ROW_2", _constraint_text(thd, t, fk))


def _parent_has(parent: TableDef, fk: ForeignKey, key: tuple[Any, ...]) -> bool:
    try:
        return bool(_matching(parent, fk.ref_columns, key))
    except ServerError:
        return False


def children_of(thd: Any, t: TableDef) -> list[tuple[TableDef, ForeignKey]]:
    """The foreign keys referencing ``t``, in the order the server visits them (opens the
    children, checks and cascades): MariaDB's InnoDB by constraint id (its referenced_set, a
    dict_foreign_set ordered by strcmp of `db/name`), MySQL 9.x by creation (the data
    dictionary's foreign_key_parent list). 9.7.4 and 10.11 observed (fk_cascade_children_order,
    ROW: children z, then a with constraint zz, then m with constraint aaa): 10.11 maps m, z,
    a; 9.7 maps and cascades z, a, m."""
    out = thd.catalog.referencing(t.db, t.name)
    if thd.server.flavor.sql.fk_children_by_name:
        out = sorted(out, key=lambda cf: f"{cf[0].db}/{cf[1].name}".encode())
    return list(out)


def parent_row_change(thd: Any, t: TableDef, old: list[Any], new: list[Any] | None, cascade: bool = True) -> None:
    """The children of a parent row that is deleted (``new`` None) or updated: refuse
    (1451) before anything changes, then cascade. ``cascade`` False: only the refusal --
    InnoDB makes it when it delete-marks the old record, before the new key's duplicate
    is found (probed: ``UPDATE p SET id = 7`` over a referenced row and a row 7 is 1451,
    not 1062)."""
    if not fk_checks(thd):
        return
    # MySQL 9.x checks and cascades one foreign key after the other (check_all_child_fk_ref ->
    # check_child_fk_ref): a child cascaded before a refusing one stays changed (and logged)
    # when IGNORE skips the row (9.7.4 observed, DELETE IGNORE over a CASCADE child then a
    # RESTRICT one: the child's Delete_rows alone); InnoDB refuses before changing anything
    in_order = cascade and thd.server.flavor.sql.sql_layer_foreign_keys
    actions = []
    for child, fk in children_of(thd, t):
        key = _key_of(t, fk.ref_columns, old)
        if key is None or (new is not None and _key_of(t, fk.ref_columns, new) == key):
            continue
        slots = _matching(child, fk.columns, key)
        if not slots:
            continue
        action = fk.on_delete if new is None else fk.on_update
        if action not in MODIFYING_ACTIONS or (new is not None and child is t):
            # an ON UPDATE CASCADE / SET NULL into the table itself is refused as RESTRICT is
            # (row0ins.cc row_ins_foreign_check_on_constraint; MySQL 9.x: "InnoDB FK fails for
            # self referencing UPDATE CASCADE", on_update_cascade). 10.11 and 9.7.4 observed
            raise error("ER_ROW_IS_REFERENCED_2", _constraint_text(thd, child, fk))
        if in_order:
            for slot in slots:
                _cascade(thd, t, child, fk, action, slot, new)
        else:
            actions.append((child, fk, action, slots))
    for child, fk, action, slots in actions if cascade else ():
        for slot in slots:
            _cascade(thd, t, child, fk, action, slot, new)


def _cascade(thd: Any, parent: TableDef, child: TableDef, fk: ForeignKey, action: str, slot: int,
             new_parent: list[Any] | None) -> None:
    """One child row changed by the action. InnoDB's own (MariaDB): no row event, no trigger,
    the child's own children first. The SQL layer's (MySQL 9.x, ``sql_layer_foreign_keys``):
    the child row is written through the handler and logged, then its own children are
    checked (sql_foreign_key_constraint.cc on_delete_cascade / on_update_cascade /
    on_delete_on_update_set_null: ha_delete_row / ha_update_row, then check_all_child_fk_ref)."""
    row = child.data.rows[slot]
    if row is None:
        return
    sql_layer = thd.server.flavor.sql.sql_layer_foreign_keys
    if action == "CASCADE" and new_parent is None:
        if not sql_layer:
            parent_row_change(thd, child, row, None)
        child.data.delete(slot)
        thd.undo_delete(child, slot, row)
        if sql_layer:
            _log_cascaded_row(thd, child, "delete", row, None)
            parent_row_change(thd, child, row, None)
        return
    changed = list(row)
    for c, p in zip(fk.columns, fk.ref_columns):
        changed[child.column(c)] = None if action == "SET NULL" else new_parent[parent.column(p)]  # type: ignore[index]
    dup = child.data.find_duplicate(changed, ignore_slot=slot)
    if dup is not None:
        # the cascaded key takes a unique key of the child another row has: 1761 naming the
        # parent's new key value and the child's key, IGNORE or not (row0mysql.cc
        # DB_FOREIGN_DUPLICATE_KEY; sql_foreign_key_constraint.cc on_update_cascade). 10.11 and
        # 9.7.4 observed: `UPDATE p SET id = 3 WHERE id = 1` -> `Foreign key constraint for table
        # 'p', record '3' would lead to a duplicate entry in table 'c', key 'pid'`
        record = "-".join(value_to_string(new_parent[parent.column(p)]) if new_parent is not None else "NULL"
                          for p in fk.ref_columns)
        raise error("ER_FOREIGN_DUPLICATE_KEY_WITH_CHILD_INFO", parent.name, record, child.name, dup.key_name)
    if not sql_layer:
        parent_row_change(thd, child, row, changed)
    child.data.update(slot, changed)
    thd.undo_update(child, slot, row)
    if sql_layer:
        _log_cascaded_row(thd, child, "update", row, changed)
        parent_row_change(thd, child, row, changed)


def _log_cascaded_row(thd: Any, child: TableDef, kind: str, before: list[Any], after: list[Any] | None) -> None:
    """A cascade's child row goes to the binary log like any row, while the session's
    OPTION_NO_FOREIGN_KEY_CHECKS is set (No_fk_checks_guard: "child binlog is applied before
    parent at replica ... so FK checks are skipped for binlog events generated during
    CASCADE"): a rows event it starts has NO_FOREIGN_KEY_CHECKS_F, and a BEGIN written with it
    Q_FLAGS2 0x4000000. The child's rows come before the parent's (its row is written after
    check_all_child_fk_ref). Every column is written (use_all_columns). 9.7.4 observed
    (fk_cascade_not_logged, fkp_multi_parent_cascade, ROW): `DELETE FROM p WHERE id IN (1, 2)`
    -> BEGIN 0=67108864, Delete_rows c (NO_FOREIGN_KEY_CHECKS_F), Update_rows d (SET NULL,
    likewise), Delete_rows p, then the same three for row 2, STMT_END_F on the last."""
    values = thd.vars.values
    saved = values["foreign_key_checks"]
    values["foreign_key_checks"] = 0
    try:
        thd.log_row(child, kind, before, after, None)
    finally:
        values["foreign_key_checks"] = saved


def refuse_dropping_parents(thd: Any, tables: list[TableDef]) -> None:
    """MySQL 8.0's atomic DROP TABLE checks every table before it drops any: one a foreign
    key of a table that stays references is 3730 and nothing is dropped or logged
    (sql_table.cc rm_table_check_fks; 9.7.4 observed: `Cannot drop table 'p' referenced by a
    foreign key constraint 'c_ibfk_1' on table 'c'.`)."""
    if not fk_checks(thd):
        return
    dropping = {id(t) for t in tables}
    for t in tables:
        for child, fk in thd.catalog.referencing(t.db, t.name):
            if child is not t and id(child) not in dropping:
                raise error("ER_FK_CANNOT_DROP_PARENT", t.name, fk.name, child.name)


def referenced_parents(thd: Any, tables: list[TableDef]) -> set[int]:
    """The ids of the tables a DROP TABLE leaves in place because a table that stays
    references them: one not in the list, or one left in place itself, to a fixpoint
    (probed on 10.11: ``DROP TABLE t4, p, c`` with d referencing c drops t4 alone, and
    ``DROP TABLE p, c`` drops neither). The others are dropped and logged."""
    if not fk_checks(thd):
        return set()
    dropping = {id(t) for t in tables}
    refused: set[int] = set()
    changed = True
    while changed:
        changed = False
        for t in tables:
            if id(t) in refused:
                continue
            for child, _fk in thd.catalog.referencing(t.db, t.name):
                if child is not t and (id(child) not in dropping or id(child) in refused):
                    refused.add(id(t))
                    changed = True
                    break
    return refused


def check_truncate_parent(thd: Any, t: TableDef) -> None:
    """TRUNCATE of a referenced table: 1701 naming the first child's constraint, the
    parent always qualified (probed)."""
    if not fk_checks(thd):
        return
    for child, fk in thd.catalog.referencing(t.db, t.name):
        if child is t:
            continue
        cols = ", ".join(f"`{c}`" for c in fk.columns)
        refs = ", ".join(f"`{c}`" for c in fk.ref_columns)
        text = (f"`{child.db}`.`{child.name}`, CONSTRAINT `{fk.name}` FOREIGN KEY ({cols}) "
                f"REFERENCES `{fk.ref_db}`.`{fk.ref_table}` ({refs})")
        raise error("ER_TRUNCATE_ILLEGAL_FK", text)


def modified_children(thd: Any, t: TableDef, events: str) -> list[tuple[TableDef, str]]:
    """The children a parent's UPDATE / DELETE opens for write, each with the event it is
    opened for (prepare_fk_prelocking_list: DELETE for ON DELETE CASCADE, UPDATE for SET
    NULL and ON UPDATE CASCADE). MariaDB: whatever foreign_key_checks says (probed: the
    child's Table_map is there with foreign_key_checks=0); MySQL 9.x's SQL-layer foreign
    keys: none under foreign_key_checks=0 (9.7.4 observed, fk_checks_off ROW: `DELETE FROM
    p WHERE id = 1` maps p alone). The child is then handled as any table of the statement:
    its triggers' tables and its own children are opened too, though the triggers never
    fire (probed)."""
    out: list[tuple[TableDef, str]] = []
    if thd.server.flavor.sql.sql_layer_foreign_keys and not fk_checks(thd):
        return out
    for child, fk in children_of(thd, t):
        ops = []
        if "UPDATE" in events and fk.on_update in MODIFYING_ACTIONS:
            ops.append("UPDATE")
        if "DELETE" in events and fk.on_delete in MODIFYING_ACTIONS:
            ops.append("DELETE" if fk.on_delete == "CASCADE" else "UPDATE")
        for op in ops:
            if (child, op) not in out:
                out.append((child, op))
    return out


__all__ = ["build_foreign_keys", "check_child_row", "parent_row_change", "referenced_parents",
           "check_truncate_parent", "modified_children", "fk_checks"]
